"""xuanheng.jinkoujue."""
