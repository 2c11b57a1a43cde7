"""xuanheng.web."""
