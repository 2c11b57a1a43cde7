"""xuanheng (璇衡): classical Chinese divination charts with source-cited readings.

Layers (data flows down only): ``core`` (干支 vocabulary) → ``astro`` (ephemeris) → ``time``
(calendar, 節氣, pillars, 月將) → method packages (``jinkoujue``, ``liuren`` …) → ``reading`` →
``cli`` / ``web`` / ``journal``.
"""

__version__ = "0.1.0"
# one version for every JSON document the engine writes (int); 2: the one envelope (`inputs` everywhere,
# warnings as {code, params, text}, `lang`), issue 26
SCHEMA_VERSION = 2

__all__ = ["SCHEMA_VERSION", "__version__"]
