"""xuanheng.cli."""
