"""The 六壬金口訣 chart (課) as frozen values.

A 課 has four positions, read top to bottom (000-096): 人元 (干), 貴神 (神), 將神 (將), 地分 (方/位).
Every value is an index (甲=0…, 子=0…, 木=0…) plus, in ``to_json``, the classical term.
The chart is computed once by :mod:`xuanheng.jinkoujue.cast`; nothing here is lazy.

Fields the reading engine relies on (contract with ``reading.py``):

* ``chart.ren_yuan / gui_shen / jiang_shen / di_fen`` — :class:`Position`; ``chart.positions`` in order.
* ``Position.element``, ``.stem``, ``.branch``, ``.yin``, ``.wang_shuai`` (:class:`WangShuai`, three layers).
* ``chart.yong_yao`` — key of the 用爻 position; ``chart.dong`` — :class:`Dong` list (賊動, 官動 …).
* ``chart.shensha`` — :class:`ShenshaHit` list with the positions each falls on (empty tuple = the
  spirit is computed but absent from the 課).
* ``chart.relations`` — :class:`PairRelation` list (上生下, 外戰, 三刑, 六害 … between positions).
* ``chart.calendar`` — the :class:`~xuanheng.time.ChartTime` (干支 of year/month/day/hour, 月建, season,
  月將, 晝夜; the whole calendar when cast from an instant).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from xuanheng import SCHEMA_VERSION
from xuanheng.core.ganzhi import BRANCHES, ELEMENTS, SHEN_NAMES, STEMS, GanZhi
from xuanheng.core.guiren import TIAN_JIANG
from xuanheng.i18n.messages import ChartWarning, warnings_json
from xuanheng.time.chart_time import ChartTime

#: position keys, top to bottom
POSITION_KEYS: tuple[str, ...] = ("ren_yuan", "gui_shen", "jiang_shen", "di_fen")
POSITION_LABELS: dict[str, str] = {
    "ren_yuan": "人元",
    "gui_shen": "貴神",
    "jiang_shen": "將神",
    "di_fen": "地分",
}
SEASONS: tuple[str, ...] = ("春", "夏", "秋", "冬")


def _b(i: int | None) -> str | None:
    return None if i is None else BRANCHES[i]


def _s(i: int | None) -> str | None:
    return None if i is None else STEMS[i]


@dataclass(frozen=True, slots=True)
class WangShuai:
    """旺相休囚死 of one position at the three levels of 000-123.

    ``si_wei``: against the most 旺 element among the four positions (四位旺神/位內旺神);
    ``season``: against the element ruling the season (四季旺神); ``day``: against the element of the
    day branch (日下旺神). Values are ``"旺" "相" "休" "囚" "死"``.
    """

    si_wei: str
    season: str
    day: str

    def to_json(self) -> dict[str, str]:
        return {"si_wei": self.si_wei, "season": self.season, "day": self.day}


@dataclass(frozen=True, slots=True)
class Position:
    """One of the four positions.

    * 人元: ``stem`` (by 五子元遁 from the day stem onto the 地分), ``branch`` None.
    * 貴神: ``jiang`` (index in ``core.guiren.TIAN_JIANG``), ``branch`` = the 天將's home branch,
      ``stem`` = that branch's 遁干 (五子元遁 from the day stem), ``element`` = the 天將's element (000-124),
      ``on_branch`` = the 地盤 branch it stands on (the 地分).
    * 將神: ``branch`` = 天盤 branch over the 地分, ``stem`` = its 遁干, ``name`` = 天神 name (登明 …).
    * 地分: ``branch``; ``stem`` None (the 人元 is its stem).
    """

    key: str
    name: str
    element: int
    yin: bool
    wang_shuai: WangShuai
    stem: int | None = None
    branch: int | None = None
    jiang: int | None = None
    on_branch: int | None = None

    @property
    def label(self) -> str:
        return POSITION_LABELS[self.key]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name}
        if self.key == "gui_shen":
            out["jiang"] = self.name
        if self.branch is not None:
            out["branch"] = BRANCHES[self.branch]
        if self.stem is not None:
            out["stem"] = STEMS[self.stem]
        out["element"] = ELEMENTS[self.element]
        out["yin_yang"] = "陰" if self.yin else "陽"
        out["wang_shuai"] = self.wang_shuai.to_json()
        if self.key == "jiang_shen" and self.branch is not None:
            out["name"] = SHEN_NAMES[self.branch]
        if self.on_branch is not None:
            out["on_branch"] = BRANCHES[self.on_branch]
        return out


@dataclass(frozen=True, slots=True)
class Dong:
    """One 動 (賊動, 官動 …): ``name``, the rule's ``src``, the acting and the acted-on position keys."""

    name: str
    key: str
    src: str
    actor: str
    target: str
    relation: str  # 剋 | 生 | 比和
    group: str = ""  # 五動 | 三動

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "key": self.key,
            "group": self.group,
            "actor": self.actor,
            "target": self.target,
            "relation": self.relation,
            "src": self.src,
        }


@dataclass(frozen=True, slots=True)
class PairRelation:
    """A relation between two positions: 生 / 剋 / 比和 of their elements, 三刑, 六害, 六合, 沖, 破.

    ``upper`` and ``lower`` are position keys (upper is nearer the top); ``kind`` is the classical name,
    e.g. ``"上剋下"``, ``"下生上"``, ``"比和"``, ``"外戰"``, ``"內戰"``, ``"三刑"``, ``"六害"``.
    """

    kind: str
    upper: str
    lower: str
    src: str
    detail: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "upper": self.upper, "lower": self.lower, "src": self.src}
        if self.detail:
            out["detail"] = self.detail
        return out


@dataclass(frozen=True, slots=True)
class ShenshaHit:
    """A 神煞 computed for this chart: where it is (branches, stems, 天將, day) and which positions hold it.

    ``positions`` is empty when the spirit is not in the 課; ``applies`` is True when the spirit is in
    force for the chart as a whole (e.g. 天赦 on its day, 往亡 on its day), independent of positions.
    """

    key: str
    name: str
    src: str
    branches: tuple[int, ...] = ()
    stems: tuple[int, ...] = ()
    jiang: tuple[int, ...] = ()
    positions: tuple[str, ...] = ()
    applies: bool = False
    note: str = ""

    @property
    def in_ke(self) -> bool:
        """True when the spirit falls in the 課 (on a position) or is in force for the day."""
        return bool(self.positions) or self.applies

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"key": self.key, "name": self.name, "src": self.src}
        if self.branches:
            out["branches"] = [BRANCHES[b] for b in self.branches]
        if self.stems:
            out["stems"] = [STEMS[s] for s in self.stems]
        if self.jiang:
            out["jiang"] = [TIAN_JIANG[j] for j in self.jiang]
        out["positions"] = list(self.positions)
        out["in_ke"] = self.in_ke
        # no `note`: it is the developers' English (how an ambiguous text was read), kept on the value and in
        # the data file, out of the reader's document, as 大六壬's, 六爻's and 七政四餘's notes are
        return out


#: the chart's fields that hold its positions, named by their keys (JinKouJueChart.position)
_POSITION_FIELDS = frozenset(POSITION_KEYS)

#: the older name of the chart's time (now the :class:`~xuanheng.time.ChartTime` every method shares)
CalendarFacts = ChartTime


def calendar_json(t: ChartTime) -> dict[str, Any]:
    """The ``calendar`` section of a 金口訣 chart's JSON: 四柱, 月建 and season, 月將, 晝夜, 節, instant. A
    study cast given no year has ``year`` null, and ``month`` null unless its 干支 was given (its stem comes
    from the year); the 月建 ``yue_jian`` is always there."""
    assert t.month_branch is not None
    assert t.yue_jiang is not None and t.season is not None
    out: dict[str, Any] = {
        "year": None if t.year is None else t.year.name,
        "month": None if t.month is None else t.month.name,
        "day": t.day.name,
        "hour": t.hour.name,
        "yue_jian": BRANCHES[t.month_branch],
        "season": SEASONS[t.season],
        "yue_jiang": BRANCHES[t.yue_jiang],
        "yue_jiang_name": SHEN_NAMES[t.yue_jiang],
        "day_night": "晝" if t.is_day else "夜",
        "day_night_basis": t.day_night_basis,
    }
    if t.jie_name is not None:
        out["jie"] = t.jie_name
    days = t.days_since_jie
    if days is not None and 0 <= days <= 31:
        out["days_since_jie"] = days
    if t.when is not None:
        out["instant"] = t.when.isoformat()
    if t.tz is not None:
        out["tz"] = t.tz
    return out


@dataclass(frozen=True, slots=True)
class JinKouJueChart:
    """A cast 金口訣 課. Build with :func:`xuanheng.jinkoujue.cast`."""

    ren_yuan: Position
    gui_shen: Position
    jiang_shen: Position
    di_fen: Position
    #: the time of the cast (pillars, 月建, 月將, 晝夜; the whole calendar when cast from an instant)
    calendar: ChartTime
    #: key of the 用爻 position
    yong_yao: str
    yong_yao_reason: str
    dong: tuple[Dong, ...]
    relations: tuple[PairRelation, ...]
    shensha: tuple[ShenshaHit, ...]
    #: the most 旺 element among the four positions (000-123 as read in NOTES.md)
    wang_element: int
    gui_ren_branch: int  # 天乙 on the 地盤 (or 天盤 when riding)
    direction: str  # "順" | "逆"
    xun_kong: tuple[int, int]
    #: element missing from the day's 旬 (四大空亡), or None
    si_da_kong_wang: int | None
    ri_lu: int
    yi_ma: int
    ji_shi: tuple[int, ...]
    options: Any  # JinKouJueOptions (typed Any to avoid an import cycle)
    inputs: dict[str, Any] = field(default_factory=dict)
    warnings: tuple[ChartWarning, ...] = ()
    ben_ming: GanZhi | None = None
    topic: str | None = None

    @property
    def positions(self) -> tuple[Position, Position, Position, Position]:
        """The four positions top to bottom: 人元, 貴神, 將神, 地分."""
        return (self.ren_yuan, self.gui_shen, self.jiang_shen, self.di_fen)

    def position(self, key: str) -> Position:
        """The position *key* (``ren_yuan`` … ``di_fen``: each position's key is its field's name); KeyError
        for another key."""
        if key not in _POSITION_FIELDS:
            raise KeyError(key)
        got: Position = getattr(self, key)
        return got

    def hit(self, key: str) -> ShenshaHit | None:
        """The 神煞 entry *key* (e.g. ``"yue_po"``), or None if it was not computed."""
        return next((h for h in self.shensha if h.key == key), None)

    @property
    def dong_names(self) -> tuple[str, ...]:
        return tuple(d.name for d in self.dong)

    def to_json(self) -> dict[str, Any]:
        from xuanheng import __version__

        out: dict[str, Any] = {
            "engine_version": __version__,
            "schema_version": SCHEMA_VERSION,
            "inputs": self.inputs,
            "calendar": calendar_json(self.calendar),
        }
        for p in self.positions:
            out[p.key] = p.to_json()
        out["yong_yao"] = self.yong_yao
        out["yong_yao_reason"] = self.yong_yao_reason
        out["dong"] = list(self.dong_names)
        out["dong_detail"] = [d.to_json() for d in self.dong]
        out["wang_element"] = ELEMENTS[self.wang_element]
        out["wang_shuai"] = {p.key: p.wang_shuai.to_json() for p in self.positions}
        out["relations"] = [r.to_json() for r in self.relations]
        out["shensha"] = [h.to_json() for h in self.shensha]
        out["gui_ren"] = {"branch": BRANCHES[self.gui_ren_branch], "direction": self.direction}
        out["xun_kong"] = [BRANCHES[b] for b in self.xun_kong]
        out["si_da_kong_wang"] = None if self.si_da_kong_wang is None else ELEMENTS[self.si_da_kong_wang]
        out["ri_lu"] = BRANCHES[self.ri_lu]
        out["yi_ma"] = BRANCHES[self.yi_ma]
        out["ji_shi"] = [BRANCHES[b] for b in self.ji_shi]
        if self.ben_ming is not None:
            out["ben_ming"] = self.ben_ming.name
        out["topic"] = self.topic
        opts = self.options
        out["options"] = opts.to_json() if hasattr(opts, "to_json") else dict(opts)
        out["warnings"] = warnings_json(self.warnings)
        return out


__all__ = [
    "POSITION_KEYS",
    "POSITION_LABELS",
    "SCHEMA_VERSION",
    "SEASONS",
    "CalendarFacts",
    "Dong",
    "JinKouJueChart",
    "PairRelation",
    "Position",
    "ShenshaHit",
    "WangShuai",
    "calendar_json",
]
