"""xuanheng.core — the shared 干支 vocabulary every method builds on.

Modules (one concept each; tables in ``core/data/*.toml`` with their sources, see docs/core.md):

* :mod:`~xuanheng.core.ganzhi` — stems, branches, 六十甲子, 旬 / 旬空, 遁干, 五虎遁 / 五鼠遁, 寄宮
* :mod:`~xuanheng.core.wuxing` — 五行 生剋 and 比和
* :mod:`~xuanheng.core.relations` — 干合, 六合, 三合 / 半合, 六沖, 三刑 / 自刑, 六害, 六破
* :mod:`~xuanheng.core.wangshuai` — 旺相休囚死 by season or month branch (option ``tu_months``)
* :mod:`~xuanheng.core.changsheng` — 十二長生 (options ``school`` and ``tu``)
* :mod:`~xuanheng.core.nayin` — 納音
* :mod:`~xuanheng.core.shensha_basic` — 祿, 驛馬, 桃花 / 咸池, 華蓋
* :mod:`~xuanheng.core.guiren` — 天乙貴人 tables and the twelve 天將

``core`` imports nothing from the rest of xuanheng except :mod:`xuanheng.errors`.
"""
