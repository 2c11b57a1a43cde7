"""xuanheng.time."""
