"""The 七政四餘 natal chart as frozen values, and its JSON.

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
from xuanheng.qizheng.gong import GONG_NAMES, PALACES
from xuanheng.qizheng.timerules import TimeRules
from xuanheng.qizheng.xiu import GU_DEGREE, NAMES, XIU
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
                "dignities": list(self.dignities),
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
            "options": {**self.options, **self.spirit_options},
            "yao": [y.to_json(ming) for y in self.yao],
            "ming_gong": self.ming_gong.to_json(),
            "shen_gong": self.shen_gong.to_json(),
            "gong": [p.to_json() for p in self.gong],
            "xiu": [b.to_json() for b in self.xiu_bounds],
            "ascendant": self.ascendant,
            "hua_yao": dict(self.hua_yao),
            "shensha": [dict(s) for s in self.shensha],
            "pillars": {k: v.name for k, v in cal.pillars.as_dict().items()},
            "calendar": cal.to_json(),
            "time_rules": self.time_rules.to_json(),
            "warnings": warnings_json(self.warnings),
        }


__all__ = ["YAO_NAMES", "Palace", "Point", "QiZhengChart", "XiuBound", "XiuPosition", "Yao"]
