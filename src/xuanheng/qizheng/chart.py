"""The 七政四餘 natal chart as frozen values, and its JSON; and :class:`QiZhengLife`, what a cast of the
method contract gives (the natal chart with its 限).

Indices follow the house conventions (子 = 0 … 亥 = 11; mansions 角 = 0 … 軫 = 27); ``to_json()`` turns them
into the classical terms. Longitudes are apparent geocentric ecliptic longitudes of date in degrees, never
rounded in the values or in the JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from xuanheng import SCHEMA_VERSION, __version__
from xuanheng.core._data import load_package_data
from xuanheng.core.ganzhi import BRANCHES
from xuanheng.i18n.messages import ChartWarning, warnings_json
from xuanheng.qizheng.dignity import XIAN
from xuanheng.qizheng.gong import GONG_NAMES, PALACES
from xuanheng.qizheng.timerules import TimeRules
from xuanheng.qizheng.xiu import GU_DEGREE, NAMES, XIU
from xuanheng.reading import as_dict, fresh
from xuanheng.time import CalendarChart

#: the eleven 曜 in chart order (``data/yao.toml``: 日 月 水 金 火 木 土 羅 計 孛 炁)
YAO_NAMES: tuple[str, ...] = tuple(y["name"] for y in load_package_data("xuanheng.qizheng", "yao")["yao"])


@dataclass(frozen=True, slots=True)
class XiuPosition:
    """Where a longitude falls among the mansions: mansion index, degrees of 360 past its start, its width."""

    xiu: int
    du: float
    width: float
    text: str

    @property
    def du_gu(self) -> float:
        """The same degree in 古度 (365¼ to the circle)."""
        return self.du * GU_DEGREE

    def to_json(self) -> dict[str, Any]:
        return {
            "xiu": NAMES[self.xiu],
            "xiu_du": self.du,
            "xiu_du_gu": self.du_gu,
            "xiu_width": self.width,
            "xiu_text": self.text,
            "qiyao": XIU[self.xiu].qiyao,
        }


@dataclass(frozen=True, slots=True)
class Yao:
    """One of the eleven 曜 with its place and motion."""

    name: str
    lon: float
    lat: float
    speed: float
    gong: int  # palace branch
    xiu: XiuPosition
    state: str
    retrograde: bool
    stationary: bool
    combust: bool
    dignities: tuple[str, ...]  # 入垣 升殿 廟 旺 樂 喜 that apply
    body: str  # what it is computed from (e.g. "mean node, south")
    xian: bool = False  # 陷: in its 怒宮 (``dignity.is_xian``); the JSON lists it after the dignities

    def to_json(self, ming: int) -> dict[str, Any]:
        from xuanheng.qizheng.gong import gong_index

        out: dict[str, Any] = {
            "name": self.name,
            "lon": self.lon,
            "lat": self.lat,
            "gong": BRANCHES[self.gong],
            "gong_name": GONG_NAMES[gong_index(ming, self.gong)],
        }
        out.update(self.xiu.to_json())
        out.update(
            {
                "speed": self.speed,
                "state": self.state,
                "retrograde": self.retrograde,
                "stationary": self.stationary,
                "combust": self.combust,
                "dignities": [*self.dignities, XIAN] if self.xian else list(self.dignities),
                "body": self.body,
            }
        )
        return out


@dataclass(frozen=True, slots=True)
class Point:
    """命宮 or 身宮: the palace branch, the degree (an ecliptic longitude), its mansion, the rule used."""

    branch: int
    lon: float
    xiu: XiuPosition
    rule: str

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"branch": BRANCHES[self.branch], "lon": self.lon}
        out.update(self.xiu.to_json())
        out["rule"] = self.rule
        return out


@dataclass(frozen=True, slots=True)
class Palace:
    """One of the twelve 人事 palaces: its name, branch, 宮主, 五行, and the 曜 standing in it."""

    name: str
    branch: int
    yao: tuple[str, ...]
    crossing: XiuPosition  # where the palace begins among the mansions (過宮)

    def to_json(self) -> dict[str, Any]:
        p = PALACES[self.branch]
        return {
            "name": self.name,
            "branch": BRANCHES[self.branch],
            "zhu": p.zhu,
            "wuxing": p.wuxing,
            "ci": p.ci,
            "sign": p.sign,
            "yao": list(self.yao),
            "guo_gong": {
                "xiu": NAMES[self.crossing.xiu],
                "xiu_du": self.crossing.du,
                "xiu_text": self.crossing.text,
            },
        }


@dataclass(frozen=True, slots=True)
class XiuBound:
    """A mansion's start and width in the chart's system."""

    xiu: int
    start: float
    width: float

    def to_json(self) -> dict[str, Any]:
        x = XIU[self.xiu]
        return {
            "name": x.name,
            "qiyao": x.qiyao,
            "animal": x.animal,
            "start": self.start,
            "width": self.width,
            "width_gu": self.width * GU_DEGREE,
        }


@dataclass(frozen=True, slots=True)
class QiZhengChart:
    """A whole 七政四餘 natal chart (every value computed when it is cast; nothing lazy)."""

    when: datetime
    lon: float | None
    lat: float | None
    sex: str | None
    options: Mapping[str, str]
    calendar: CalendarChart
    jd_ut: float
    yao: tuple[Yao, ...]
    ming_gong: Point
    shen_gong: Point
    gong: tuple[Palace, ...]  # 命宮 … 相貌
    xiu_bounds: tuple[XiuBound, ...]  # in ecliptic order
    ascendant: float | None
    time_rules: TimeRules
    hua_yao: Mapping[str, str] = field(default_factory=dict)
    shensha: tuple[Mapping[str, Any], ...] = ()
    warnings: tuple[ChartWarning, ...] = ()
    #: the star spirits' options (every one, defaults included); ``to_json`` echoes them with ``options``
    spirit_options: Mapping[str, str] = field(default_factory=dict)

    def yao_named(self, name: str) -> Yao:
        """The 曜 called *name* (日 … 炁)."""
        return self.yao[YAO_NAMES.index(name)]

    def palace_named(self, name: str) -> Palace:
        """The 人事 palace called *name* (命宮 … 相貌)."""
        return self.gong[GONG_NAMES.index(name)]

    def to_json(self) -> dict[str, Any]:
        from xuanheng.qizheng.ennan import chart_en_nan  # it reads this module's 曜 list

        cal = self.calendar
        ming = self.ming_gong.branch
        return {
            "engine_version": __version__,
            "schema_version": SCHEMA_VERSION,
            "method": "qizheng",
            "inputs": {
                "at": self.when.isoformat(timespec="seconds"),
                "tz": str(self.when.tzinfo),
                "lon": self.lon,
                "lat": self.lat,
                "sex": self.sex,
                "jd_ut": self.jd_ut,
            },
            "options": _merged(self.options, self.spirit_options),
            "yao": [y.to_json(ming) for y in self.yao],
            "ming_gong": self.ming_gong.to_json(),
            "shen_gong": self.shen_gong.to_json(),
            "gong": [p.to_json() for p in self.gong],
            "xiu": [b.to_json() for b in self.xiu_bounds],
            "ascendant": self.ascendant,
            "hua_yao": as_dict(self.hua_yao),
            "shensha": [fresh(s) for s in self.shensha],  # fresh makes a dict of each
            "pillars": {k: v.name for k, v in cal.pillars.as_dict().items()},
            "calendar": cal.to_json(),
            "time_rules": self.time_rules.to_json(),
            "en_nan": chart_en_nan(self),
            "warnings": warnings_json(self.warnings),
        }


def _merged(first: Mapping[str, Any], second: Mapping[str, Any]) -> dict[str, Any]:
    """``{**first, **second}``, the chart's mapping proxies copied at C speed (:func:`as_dict`)."""
    out = as_dict(first)
    out.update(as_dict(second))
    return out


#: the years the page's timeline lists one by one (the 百六 span is about 106 years; the page shows a
#: century); the document's default is the year of ``on`` alone (parameter ``years`` = 0)
TIMELINE_YEARS = 100
#: the keys of the document that say what runs on ``on``
ON_KEYS: tuple[str, ...] = (
    "da_xian",
    "tong_xian",
    "xiao_xian",
    "liu_nian",
    "liu_yue",
    "dongwei",
    "liu_yao",
)


@dataclass(frozen=True, slots=True)
class QiZhengLife:
    """A natal chart, its reading and 限 options, the date ``on`` and the 限: the chart the contract's
    ``cast`` returns (``xuanheng qizheng``, ``/api/qizheng``), made by :func:`xuanheng.qizheng.cast.life`.

    The natal :class:`QiZhengChart`, the reading's school options, the 限 options, the date ``on`` (or None)
    and, computed when it is made, the 限 of that date and the timeline of the whole life
    (:mod:`xuanheng.qizheng.xian`). Its document is the natal chart's JSON with

    * ``da_xian``, ``tong_xian``, ``xiao_xian``, ``liu_nian``, ``liu_yue``, ``dongwei``, ``liu_yao``: what
      runs on ``on`` (each None without ``on``; ``da_xian`` also None past the 百六 span; ``liu_yue`` the
      twelve months of the 流年 with their 月限 palaces, :func:`xuanheng.qizheng.xian.liu_yue_of`);
    * ``timeline``: every 大限 (with the 宿 the 洞微 限度 enters), the 童限, and year by year the 小限 and
      流年 of the first ``years`` years of the life (parameter ``years``); by default (0) only the rows of the
      year of ``on``, none without ``on`` (``current_index``: the 大限 running on ``on``). The year-by-year
      rows cost most of a document, so only a reader who shows them asks for them: the page's grid of years
      asks for :data:`TIMELINE_YEARS`;
    * ``inputs.on`` and the reading and 限 options in ``options``.

    The reading (:func:`xuanheng.qizheng.reading.reading`) is read from :attr:`chart` with these options and
    ``on``.
    """

    chart: QiZhengChart
    reading_options: Mapping[str, str]
    xian_options: Mapping[str, str]
    on: datetime | None
    #: :func:`xuanheng.qizheng.xian.xian` of ``on`` (None without ``on``)
    current: Mapping[str, Any] | None
    #: :func:`xuanheng.qizheng.xian.timeline` (without its ``current``, which is :attr:`current`)
    timeline: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        """The document's chart part. The 限 of ``on`` and the timeline are copied
        (:func:`xuanheng.reading.fresh`): the method's cast keeps a life and gives it again for the same
        inputs (:func:`xuanheng.qizheng.params.cast_params`), and no JSON may share a container with it."""
        out = self.chart.to_json()
        out["inputs"]["on"] = None if self.on is None else self.on.isoformat(timespec="seconds")
        out["options"] = {**out["options"], **self.reading_options, **self.xian_options}
        cur = self.current or {}
        for k in ON_KEYS:
            out[k] = fresh(cur.get(k))
        if cur.get("warning"):
            out["warnings"] = [*out["warnings"], fresh(cur["warning"])]
        out["timeline"] = {
            k: fresh(v) for k, v in self.timeline.items() if k not in ("engine_version", "schema_version")
        }
        return out


__all__ = [
    "ON_KEYS",
    "TIMELINE_YEARS",
    "YAO_NAMES",
    "Palace",
    "Point",
    "QiZhengChart",
    "QiZhengLife",
    "XiuBound",
    "XiuPosition",
    "Yao",
]
