"""The 六爻 chart as frozen values; ``to_json()`` turns indices into the classical terms.

A chart is a :class:`LiuYaoChart`: the 本卦 (:class:`Gua` with six :class:`Line` from 初爻 to 上爻), the
變卦 or ``None``, the day's 旬空, the pillars, 月建 and 日辰, the cast record and the options. Every fact
a reading may ask is a stored attribute (nothing is computed lazily):

* ``line.yao`` — the static 裝卦 of the line (:class:`Yao`: 納甲 stem/branch, element, 六親, 世/應);
* ``line.state`` — how the month and the day stand to the line's branch (:class:`BranchState`: 旺相休囚死,
  月建, 月破, 日辰, 日沖, 生剋 of 月/日, 長生 stage on the day, 空);
* ``line.moving``, ``line.an_dong`` (暗動), ``line.ri_po`` (日破), ``line.liu_shen``, ``line.shen`` (身);
* ``line.bian`` — the 變爻 of a moving line (:class:`Change`: its 納甲, 六親 by the 本卦's palace, state,
  回頭生/剋, 進/退神, 化空/破/墓/絕, 反吟/伏吟);
* ``line.fu_shen`` — the hidden 六親 under this line (:class:`FuShen`), if any.

Indices: 甲=0 … 癸=9, 子=0 … 亥=11, 木0 火1 土2 金3 水4.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from xuanheng import SCHEMA_VERSION, __version__
from xuanheng.core.ganzhi import BRANCHES, ELEMENTS, STEMS, GanZhi
from xuanheng.i18n.messages import ChartWarning, warnings_json
from xuanheng.liuyao.options import Options


def _gz(stem: int, branch: int) -> str:
    return STEMS[stem] + BRANCHES[branch]


@dataclass(frozen=True, slots=True)
class Yao:
    """The static 裝卦 of one line of a hexagram (does not depend on the time)."""

    position: int  # 1 = 初爻 … 6 = 上爻
    yang: bool
    stem: int
    branch: int
    element: int
    liu_qin: str  # 父母 兄弟 官鬼 妻財 子孫, from the palace element
    shi: bool
    ying: bool

    @property
    def najia(self) -> str:
        return _gz(self.stem, self.branch)


@dataclass(frozen=True, slots=True)
class BranchState:
    """How the month (月建) and the day (日辰) stand to one branch of the chart.

    ``yue_relation`` / ``ri_relation`` are core.wuxing relations *of the month / day to the branch*:
    ``生`` the month generates it, ``剋`` the month overcomes it, ``被生`` it generates the month,
    ``被剋`` it overcomes the month, ``比和`` the same element. ``ri_stage`` is the 十二長生 stage of the
    branch's element on the day branch (長生 … 墓 … 養; 土 by option ``tu_changsheng``).
    """

    branch: int
    wang_shuai: str  # 旺 相 休 囚 死, by the month (option tu_months)
    you_qi: bool  # 旺 or 相
    yue_jian: bool  # the branch is the 月建
    yue_po: bool  # the 月建 clashes it
    yue_he: bool  # 六合 with the 月建
    yue_relation: str
    ri_chen: bool  # the branch is the 日辰
    ri_chong: bool  # the 日辰 clashes it
    ri_he: bool  # 六合 with the 日辰
    ri_relation: str
    ri_stage: str
    kong: bool  # in the day's 旬空
    kong_hour: bool  # in the hour's 旬空 (only with option kong = day_and_hour)

    def to_json(self) -> dict[str, Any]:
        return {
            "kong": self.kong,
            "kong_hour": self.kong_hour,
            "wang_shuai": self.wang_shuai,
            "yue_jian": self.yue_jian,
            "yue_po": self.yue_po,
            "yue_he": self.yue_he,
            "yue_relation": self.yue_relation,
            "ri_chen": self.ri_chen,
            "ri_chong": self.ri_chong,
            "ri_he": self.ri_he,
            "ri_relation": self.ri_relation,
            "ri_stage": self.ri_stage,
        }


@dataclass(frozen=True, slots=True)
class Change:
    """The 變爻 of a moving line and what the change does to the 本爻."""

    yang: bool
    stem: int
    branch: int
    element: int
    liu_qin: str  # by the 本卦's palace element (mainstream)
    state: BranchState
    hui_tou_sheng: bool  # 回頭生: the 變爻 generates the 本爻
    hui_tou_ke: bool  # 回頭剋: the 變爻 overcomes the 本爻
    jin_shen: bool  # 化進神 (option jin_tui)
    tui_shen: bool  # 化退神
    hua_kong: bool  # the 變爻 is void
    hua_po: bool  # the 變爻 is on the 月破
    hua_mu: bool  # the 變爻 is the 墓 of the 本爻's element
    hua_jue: bool  # the 變爻 is the 絕 of the 本爻's element
    fan_yin: bool  # the 變爻 clashes the 本爻 (爻之反吟)
    fu_yin: bool  # the same branch (爻之伏吟)
    stage: str  # 十二長生 stage of the 本爻's element on the 變爻 branch
    hua: tuple[str, ...]  # the names of the relations above that hold, in a fixed order

    @property
    def najia(self) -> str:
        return _gz(self.stem, self.branch)

    def to_json(self) -> dict[str, Any]:
        return {
            "najia": self.najia,
            "element": ELEMENTS[self.element],
            "liu_qin": self.liu_qin,
            "yin_yang": "陽" if self.yang else "陰",
            **self.state.to_json(),
            "stage": self.stage,
            "hua": list(self.hua),
        }


@dataclass(frozen=True, slots=True)
class FuShen:
    """A 六親 missing from the hexagram, hidden (伏) under the line at the same position of the palace's
    head hexagram; ``relation`` is the 飛伏 relation (飛生伏, 伏生飛, 飛剋伏, 伏剋飛, 比和)."""

    position: int
    stem: int
    branch: int
    element: int
    liu_qin: str
    relation: str
    state: BranchState

    @property
    def najia(self) -> str:
        return _gz(self.stem, self.branch)

    @property
    def label(self) -> str:
        return self.liu_qin + self.najia

    def to_json(self) -> dict[str, Any]:
        return {
            "liu_qin": self.liu_qin,
            "najia": self.najia,
            "element": ELEMENTS[self.element],
            "relation": self.relation,
            **self.state.to_json(),
        }


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the 本卦 with everything the time and the cast add to its 裝卦."""

    value: int  # 6 7 8 9
    moving: bool
    yao: Yao
    liu_shen: str
    state: BranchState
    an_dong: bool  # still, clashed by the day, 旺相 in the month
    ri_po: bool  # still, clashed by the day, without qi in the month
    shen: bool  # the 身 line by option ``shen``
    bian: Change | None
    fu_shen: FuShen | None

    def to_json(self) -> dict[str, Any]:
        y = self.yao
        return {
            "position": y.position,
            "value": self.value,
            "moving": self.moving,
            "yin_yang": "陽" if y.yang else "陰",
            "najia": y.najia,
            "stem": STEMS[y.stem],
            "branch": BRANCHES[y.branch],
            "element": ELEMENTS[y.element],
            "liu_qin": y.liu_qin,
            "liu_shen": self.liu_shen,
            "shi": y.shi,
            "ying": y.ying,
            "shen": self.shen,
            "fu_shen": self.fu_shen.label if self.fu_shen is not None else None,
            **self.state.to_json(),
            "an_dong": self.an_dong,
            "ri_po": self.ri_po,
            "fu": self.fu_shen.to_json() if self.fu_shen is not None else None,
            "bian": self.bian.to_json() if self.bian is not None else None,
        }


@dataclass(frozen=True, slots=True)
class BianLine:
    """A line of the 變卦 (all of them, changed or not), 六親 by the 本卦's palace."""

    position: int
    yang: bool
    changed: bool
    stem: int
    branch: int
    element: int
    liu_qin: str
    shi: bool
    ying: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "position": self.position,
            "value": 7 if self.yang else 8,
            "changed": self.changed,
            "yin_yang": "陽" if self.yang else "陰",
            "najia": _gz(self.stem, self.branch),
            "element": ELEMENTS[self.element],
            "liu_qin": self.liu_qin,
            "shi": self.shi,
            "ying": self.ying,
        }


@dataclass(frozen=True, slots=True)
class GuaInfo:
    """Name and 八宮 place of a hexagram (static)."""

    code: int  # lines as bits, 初爻 = bit 0, yang = 1
    number: int  # order in the received 《周易》
    name: str
    full_name: str
    upper: str
    lower: str
    upper_element: int  # element of the outer trigram (外卦)
    lower_element: int  # element of the inner trigram (內卦)
    palace: str
    palace_element: int
    type: str  # 八純 一世 … 五世 遊魂 歸魂
    shi: int
    ying: int
    liu_chong: bool
    liu_he: bool

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(n for n, on in (("六沖", self.liu_chong), ("六合", self.liu_he)) if on)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "full_name": self.full_name,
            "number": self.number,
            "upper": self.upper,
            "lower": self.lower,
            "upper_element": ELEMENTS[self.upper_element],
            "lower_element": ELEMENTS[self.lower_element],
            "palace": self.palace,
            "palace_element": ELEMENTS[self.palace_element],
            "type": self.type,
            "shi": self.shi,
            "ying": self.ying,
            "labels": list(self.labels),
        }


@dataclass(frozen=True, slots=True)
class ZhuangGua:
    """The static 裝卦 of six line values (no time): 本卦 name, palace, type, 世應, 納甲, 六親, 伏神, and
    the 變卦 with its palace, 納甲 and 六親 (by the 本卦's palace). ``fu_shen`` rows are
    (position, stem, branch, element, 六親, 飛伏 relation)."""

    values: tuple[int, ...]
    ben: GuaInfo
    yaos: tuple[Yao, ...]
    fu_shen: tuple[tuple[int, int, int, int, str, str], ...]
    missing_liu_qin: tuple[str, ...]
    bian: GuaInfo | None
    bian_lines: tuple[BianLine, ...]

    def to_json(self) -> dict[str, Any]:
        ben = self.ben.to_json()
        ben["lines"] = [
            {
                "position": y.position,
                "value": v,
                "moving": v in (6, 9),
                "najia": y.najia,
                "element": ELEMENTS[y.element],
                "liu_qin": y.liu_qin,
                "shi": y.shi,
                "ying": y.ying,
            }
            for y, v in zip(self.yaos, self.values, strict=True)
        ]
        bian = None
        if self.bian is not None:
            bian = self.bian.to_json()
            bian["lines"] = [b.to_json() for b in self.bian_lines]
        return {
            "ben_gua": ben,
            "bian_gua": bian,
            "missing_liu_qin": list(self.missing_liu_qin),
            "fu_shen": [
                {"position": p, "najia": _gz(s, b), "element": ELEMENTS[e], "liu_qin": q, "relation": r}
                for p, s, b, e, q, r in self.fu_shen
            ],
        }


@dataclass(frozen=True, slots=True)
class Shen:
    """身 of the hexagram by both rules; ``positions`` are the lines the chosen rule (option ``shen``)
    marks. ``yue_gua_shen`` is a branch (the 月卦身); its lines are those that carry it (maybe none)."""

    rule: str
    positions: tuple[int, ...]
    shi_branch_position: int
    yue_gua_shen: int
    yue_gua_shen_positions: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "positions": list(self.positions),
            "shi_branch": {"position": self.shi_branch_position},
            "yue_gua_shen": {
                "branch": BRANCHES[self.yue_gua_shen],
                "positions": list(self.yue_gua_shen_positions),
            },
        }


@dataclass(frozen=True, slots=True)
class MarkedBranch:
    """A branch the chart names (天符, a 直符 spirit, a month 殺) and the lines of the 本卦 that carry it."""

    name: str
    branch: int
    positions: tuple[int, ...]
    src: str

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "branch": BRANCHES[self.branch],
            "positions": list(self.positions),
            "src": self.src,
        }


@dataclass(frozen=True, slots=True)
class CastRecord:
    """How the six values came about; enough to replay the cast.

    ``throws`` holds one entry per line, 初 → 上: for coins the three faces (``"背字字"``), for yarrow the
    three counts set aside (``[5, 4, 8]``). ``numbers`` are the numbers the time or number method used
    (year, month, day, hour or the given numbers) and ``formula`` says how.
    """

    method: str  # manual (six values, or a hexagram by name + moving lines) | coins | yarrow | time | numbers
    values: tuple[int, ...]
    seed: int | None = None
    throws: tuple[str | tuple[int, ...], ...] = ()
    numbers: tuple[int, ...] = ()
    formula: str = ""
    lunar: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "method": self.method,
            "values": "".join(str(v) for v in self.values),
            "seed": self.seed,
            "throws": [t if isinstance(t, str) else list(t) for t in self.throws],
            "numbers": list(self.numbers),
            "formula": self.formula,
            "lunar": self.lunar,
        }


@dataclass(frozen=True, slots=True)
class LiuYaoChart:
    """A whole 六爻 chart (本卦, 變卦, time layer, cast record, options).

    ``pillars`` holds the four pillars of the instant; in study mode (no instant) only ``day`` and, when
    given, ``hour`` and ``year`` are set, ``month`` is ``None`` and ``yue_jian`` is the month branch given.
    """

    ben: GuaInfo
    lines: tuple[Line, ...]  # 初 → 上
    bian: GuaInfo | None
    bian_lines: tuple[BianLine, ...]  # empty when nothing moves
    hu_gua: str
    cuo_gua: str
    zong_gua: str
    fan_fu: dict[str, str | None]  # inner / outer: 反吟 伏吟 or None
    missing_liu_qin: tuple[str, ...]
    shen: Shen
    xun_kong: tuple[int, int]
    xun_kong_hour: tuple[int, int] | None
    year: GanZhi | None
    month: GanZhi | None
    day: GanZhi
    hour: GanZhi | None
    yue_jian: int
    ri_chen: int
    marks: tuple[MarkedBranch, ...]  # 天符 直符 傳符, 直符 spirits, month 殺 (seed 004)
    cast: CastRecord
    options: Options
    inputs: dict[str, Any]
    warnings: tuple[ChartWarning, ...] = field(default=())

    @property
    def moving(self) -> tuple[int, ...]:
        """Positions (1–6) of the moving lines."""
        return tuple(ln.yao.position for ln in self.lines if ln.moving)

    @property
    def shi_line(self) -> Line:
        return self.lines[self.ben.shi - 1]

    @property
    def ying_line(self) -> Line:
        return self.lines[self.ben.ying - 1]

    @property
    def yue_po(self) -> int:
        return (self.yue_jian + 6) % 12

    def to_json(self) -> dict[str, Any]:
        ben = self.ben.to_json()
        ben["lines"] = [ln.to_json() for ln in self.lines]
        bian: dict[str, Any] | None = None
        if self.bian is not None:
            bian = self.bian.to_json()
            bian["lines"] = [b.to_json() for b in self.bian_lines]

        def gz(v: GanZhi | None) -> str | None:
            return v.name if v is not None else None

        return {
            "engine_version": __version__,
            "schema_version": SCHEMA_VERSION,
            "method": "liuyao",
            "inputs": dict(self.inputs),
            "ben_gua": ben,
            "bian_gua": bian,
            "hu_gua": self.hu_gua,
            "cuo_gua": self.cuo_gua,
            "zong_gua": self.zong_gua,
            "fan_fu": dict(self.fan_fu),
            "missing_liu_qin": list(self.missing_liu_qin),
            "shen": self.shen.to_json(),
            "xun_kong": [BRANCHES[b] for b in self.xun_kong],
            "xun_kong_hour": [BRANCHES[b] for b in self.xun_kong_hour] if self.xun_kong_hour else None,
            "pillars": {
                "year": gz(self.year),
                "month": gz(self.month),
                "day": self.day.name,
                "hour": gz(self.hour),
            },
            "yue_jian": BRANCHES[self.yue_jian],
            "ri_chen": BRANCHES[self.ri_chen],
            "yue_po": BRANCHES[self.yue_po],
            "marks": [m.to_json() for m in self.marks],
            "cast": self.cast.to_json(),
            "options": self.options.to_json(),
            "warnings": warnings_json(self.warnings),
        }


__all__ = [
    "BianLine",
    "BranchState",
    "CastRecord",
    "Change",
    "FuShen",
    "GuaInfo",
    "Line",
    "LiuYaoChart",
    "MarkedBranch",
    "Shen",
    "Yao",
    "ZhuangGua",
]
