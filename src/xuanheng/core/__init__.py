"""xuanheng.core."""
