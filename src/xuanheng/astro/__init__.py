"""xuanheng.astro."""
