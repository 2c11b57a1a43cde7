"""xuanheng.journal."""
