"""Method plug-ins of the web app (see :mod:`xuanheng.web.registry`)."""
