"""xuanheng.liuren."""
