"""xuanheng.i18n."""
