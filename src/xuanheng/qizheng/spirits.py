"""Star spirits (神煞) of a 七政四餘 natal chart: the ten 化曜 and every spirit of seed 003
(《果老星宗》卷二).

Call :func:`star_spirits` once per chart with the four pillars, the 命宮 branch and the palace branch of
each of the eleven 曜 (日 月 水 金 火 木 土 羅 計 孛 炁; palaces are named by branch, 子 = 0 … 亥 = 11). It
returns a frozen :class:`SpiritChart`:

- ``hua_yao``: the ten 化曜 (祿 暗 福 耗 蔭 貴 刑 印 囚 權) of the birth-year stem, each with its 曜 and the
  palace that 曜 stands in (003-021, 003-022);
- ``shensha``: the hits of every spirit of :data:`SPIRITS`, in that (fixed, documented) order. A hit either
  falls on a palace (``target == "branch"``: 天馬 …) or to a 曜 (``target == "yao"``: 科名 …).

Everything is data: the tables and derivations with their sources are in ``data/spirits.toml``,
``data/hua_yao.toml`` and ``xuanheng/shensha/data/qizheng.toml`` (palace tables in the shared 神煞 format);
the school options in ``data/params.toml`` (``scope = "spirits"``). The derivations that seed 003 states as
a method (天元祿, 職元, 斗標 …) are written below as one small function each, step by step as the seed
states them.
:func:`star_spirits_plain` evaluates these rules directly; :func:`star_spirits` gives the same chart from a
memo of the same rules: a spirit's rule reads only the inputs its ``basis`` names (and the options), so the
hits of each run of consecutive spirits on the same inputs are kept by the values of those inputs
(:func:`hits_for`; tests/qizheng/test_spirits_chart.py checks every rule against its basis).

The twelve palaces are counted from the 命宮 backwards through the branches (命宮, 財帛, 兄弟 … 相貌;
《星學大成》卷三〈起小限〉 逆數右轉, and seed 003's own example 命 寅 → 官祿 巳, 003-086). Months are the
月建 of the month pillar (month n = 寅 + n − 1). Resolutions of the seed's corrupt verses and the options:
``docs/qizheng-spirits.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from operator import attrgetter
from types import MappingProxyType
from typing import Any

from xuanheng import SCHEMA_VERSION, __version__
from xuanheng.core._data import load_package_data
from xuanheng.core._frozen import maker
from xuanheng.core.ganzhi import (
    BRANCH_ELEMENT,
    BRANCHES,
    STEM_ELEMENT,
    STEMS,
    GanZhi,
    as_ganzhi,
    branch_index,
    wu_hu_dun,
    xun_kong,
)
from xuanheng.core.guiren import gui_ren_branch
from xuanheng.core.relations import chong, gan_he
from xuanheng.core.shensha_basic import lu, yi_ma
from xuanheng.core.wuxing import overcome_by
from xuanheng.errors import InputError, OptionError
from xuanheng.i18n.messages import ChartWarning, warning, warnings_json
from xuanheng.qizheng.options import Choice  # one choice model for the chart's and the spirits' options
from xuanheng.shensha import Occupied, evaluate, load_table
from xuanheng.shensha import Spirit as TableSpirit

_PKG = "xuanheng.qizheng"
_S = load_package_data(_PKG, "spirits")
_H = load_package_data(_PKG, "hua_yao")
_O = load_package_data(_PKG, "params")
_Y = load_package_data(_PKG, "yao")  # the 曜 (shared with the chart)
_G = load_package_data(_PKG, "gong")  # palace order and 宮主 (shared with the chart)

# 曜 ------------------------------------------------------------------------------------------------------
#: the eleven 曜 in chart order: 日 月 水 金 火 木 土 羅 計 孛 炁
YAO: tuple[str, ...] = tuple(y["name"] for y in _Y["yao"])
_YAO_IX: dict[str, int] = {n: i for i, n in enumerate(YAO)}
_YAO_IX.update({alias: _YAO_IX[name] for alias, name in _Y["aliases"].items()})


def yao_index(name: str | int) -> int:
    """Index into :data:`YAO` of a 曜 given as ``"木"``, an alias (``"氣"``, ``"太陽"`` …) or 0–10."""
    if isinstance(name, int) and not isinstance(name, bool) and 0 <= name < len(YAO):
        return name
    if isinstance(name, str) and name.strip() in _YAO_IX:
        return _YAO_IX[name.strip()]
    raise InputError(f"unknown 曜 {name!r}: expected one of {' '.join(YAO)} (氣 for 炁) or 0–10", field="yao")


def _yao_terms(text: str) -> tuple[int, ...]:
    return tuple(_YAO_IX[ch] for ch in text)


#: the 曜 a rule means by an element (木 火 土 金 水 → the planet)
ELEMENT_STAR: tuple[int, ...] = _yao_terms("".join(_S["element_star"]["stars"]))

# palaces ---------------------------------------------------------------------------------------------------
#: the twelve palaces in their order from the 命宮
GONG_NAMES: tuple[str, ...] = tuple(_G["names"])
_GONG_STEP: int = int(_G["step"])
_GUAN_LU = GONG_NAMES.index("官祿")


def gong_branch(ming_gong: int, k: int) -> int:
    """Branch of the *k*-th palace (0 = 命宮 … 11 = 相貌) when the 命宮 is at *ming_gong*."""
    return (ming_gong + _GONG_STEP * k) % 12


def gong_of(ming_gong: int, branch: int) -> int:
    """Which palace (index into :data:`GONG_NAMES`) *branch* is when the 命宮 is at *ming_gong*."""
    return ((branch - ming_gong) * _GONG_STEP) % 12


#: 宮主 (ruling 曜) of each palace branch, 子 … 亥 (003-012)
GONG_ZHU: tuple[int, ...] = _yao_terms("".join(p["zhu"] for p in _G["branches"]))
#: 卦氣 palace of each year stem (003-082)
GUA_QI_BRANCH: tuple[int, ...] = tuple(
    branch_index(_S["gua_qi"]["branch_by_trigram"][t]) for t in _S["gua_qi"]["trigram_by_stem"]
)

# 化曜 -------------------------------------------------------------------------------------------------------
#: the ten 化曜 titles: 祿 暗 福 耗 蔭 貴 刑 印 囚 權
HUA_TITLES: tuple[str, ...] = tuple(_H["titles"])
#: HUA_YAO[stem][title] = index into YAO of the 曜 taking that title (003-021)
HUA_YAO: tuple[tuple[int, ...], ...] = tuple(_yao_terms("".join(_H["by_stem"][s])) for s in STEMS)
#: the 化祿 (天元祿) star of each stem
HUA_LU: tuple[int, ...] = tuple(row[0] for row in HUA_YAO)
#: palaces each title governs (管庫, 003-022)
HUA_GUAN: tuple[tuple[str, ...], ...] = tuple(tuple(_H["guan"][t]) for t in HUA_TITLES)
_HUA_SRC: tuple[str, ...] = ("003-021", "003-022")
_TS = _H["tian_si"]
#: 天嗣, the eleventh title (option ``hua_set`` = ``tian_si``): the 曜 of 化貴 (《星學大成》卷一〈論天嗣〉)
TIAN_SI: str = str(_TS["title"])
#: every title a chart may show: the ten, then 天嗣 (its index is 10)
ALL_HUA_TITLES: tuple[str, ...] = (*HUA_TITLES, TIAN_SI)
_TIAN_SI_OF: int = HUA_TITLES.index(str(_TS["of"]))
_ALL_GUAN: tuple[tuple[str, ...], ...] = (*HUA_GUAN, tuple(_TS["guan"]))
_ALL_SRC: tuple[tuple[str, ...], ...] = (
    *[_HUA_SRC] * len(HUA_TITLES),
    (str(_TS["src"]), str(_TS["src_guan"])),
)


def hua_yao_table() -> dict[str, dict[str, str]]:
    """The 10 × 10 化曜 table: ``{stem: {title: 曜}}`` (甲 → 祿 火, 暗 孛 …)."""
    return {STEMS[s]: {t: YAO[HUA_YAO[s][k]] for k, t in enumerate(HUA_TITLES)} for s in range(10)}


# options ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A school option: name, default value, source, labels and the closed set of choices."""

    name: str
    default: str
    src: str
    labels: Mapping[str, str]
    choices: tuple[Choice, ...]

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(c.value for c in self.choices)


#: the star spirits' options: the ``scope = "spirits"`` tables of ``data/params.toml`` (in file order)
OPTIONS: tuple[OptionSpec, ...] = tuple(
    OptionSpec(
        name=name,
        default=o["default"],
        src=o["src"],
        labels=MappingProxyType(dict(o["label"])),
        choices=tuple(Choice(c["value"], MappingProxyType(dict(c["label"])), c["src"]) for c in o["choice"]),
    )
    for name, o in _O["option"].items()
    if o.get("scope") == "spirits"
)
_OPTION_IX = {o.name: i for i, o in enumerate(OPTIONS)}
#: default value of every option
DEFAULT_OPTIONS: Mapping[str, str] = MappingProxyType({o.name: o.default for o in OPTIONS})
_DEFAULT_KEY: tuple[str, ...] = tuple(o.default for o in OPTIONS)


_KEYS: dict[tuple[tuple[str, Any], ...], tuple[str, ...]] = {}


def options_key(options: Mapping[str, str] | None) -> tuple[str, ...]:
    """Validate *options* (name → value; missing names take their default) into a tuple in OPTIONS order."""
    if not options:
        return _DEFAULT_KEY
    if not isinstance(options, Mapping):
        raise OptionError("options must be a mapping of option name to value", field="options")
    try:
        memo = tuple(options.items())
        got = _KEYS.get(memo)
    except TypeError:  # an unhashable value: refused below
        memo, got = None, None
    if got is not None:
        return got
    key = _options_key(options)
    if memo is not None and len(_KEYS) < 1024:
        _KEYS[memo] = key
    return key


def _options_key(options: Mapping[str, str]) -> tuple[str, ...]:
    values = list(_DEFAULT_KEY)
    for name, value in options.items():
        i = _OPTION_IX.get(name)
        if i is None:
            raise OptionError(
                f"unknown option {name!r}: expected one of {', '.join(o.name for o in OPTIONS)}",
                field=str(name),
            )
        spec = OPTIONS[i]
        if value not in spec.values:
            raise OptionError(
                f"option {name}={value!r} is not a choice: expected one of {', '.join(spec.values)}",
                field=str(name),
            )
        values[i] = value
    return tuple(values)


@cache
def _options_view(key: tuple[str, ...]) -> Mapping[str, str]:
    """The options of a key by name (read-only, so one view serves every chart with that key)."""
    return MappingProxyType({o.name: v for o, v in zip(OPTIONS, key, strict=True)})


# spirit descriptions --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SpiritInfo:
    """What a spirit is: key, name, palace or 曜 (``target``), what it depends on, its sources."""

    key: str
    name: str
    target: str  # "branch" | "yao"
    basis: str
    rule: str
    src: tuple[str, ...]
    option: str | None = None
    tag: str = ""
    yin_name: str = ""
    tag_by_parity: tuple[str, ...] = ()
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "key": self.key,
            "name": self.name,
            "target": self.target,
            "basis": self.basis,
            "rule": self.rule,
            "src": list(self.src),
        }
        for k in ("option", "tag", "yin_name", "tag_by_parity", "note"):
            v = getattr(self, k)
            if v:
                out[k] = list(v) if isinstance(v, tuple) else v
        return out


_ENTRIES: tuple[dict[str, Any], ...] = tuple(_S["spirit"])
#: every spirit of seed 003 in chart order (the order of :attr:`SpiritChart.shensha`)
SPIRITS: tuple[SpiritInfo, ...] = tuple(
    SpiritInfo(
        key=e["key"],
        name=e["name"],
        target=e["target"],
        basis=e["basis"],
        rule=e["rule"],
        src=tuple(e["src"]),
        option=e.get("option"),
        tag=e.get("tag", ""),
        yin_name=e.get("yin_name", ""),
        tag_by_parity=tuple(e.get("tag_by_parity", ())),
        note=e.get("note", ""),
    )
    for e in _ENTRIES
)
_ENTRY = {e["key"]: e for e in _ENTRIES}

# the rules -------------------------------------------------------------------------------------------------
_TABLE: dict[str, TableSpirit] = {s.key: s for s in load_table("qizheng")}
_SHEN_DAY = range(3, 9)  # 卯 … 申: the day hours when no day/night flag is given


@dataclass(frozen=True, slots=True)
class Ctx:
    """The values a rule may read (indices): year stem/branch/干支, 月建, hour branch, 命宮, and the branch of
    the 太陽 (day birth) or 太陰 (night birth), with the chart's options."""

    ys: int
    yb: int
    year: int
    mb: int
    hb: int
    ming: int
    lum: int
    options: Mapping[str, str]


def _occupied(key: str, c: Ctx) -> Occupied:
    """What the palace table *key* of shensha/data/qizheng.toml occupies (its option's variant if chosen)."""
    sp = _TABLE[key]
    ctx = {"year_stem": c.ys, "year_branch": c.yb, "month_branch": c.mb}
    option = _ENTRY[key].get("option")
    choice = c.options[option] if option else None
    variant = choice if choice and choice != DEFAULT_OPTIONS[option or ""] else None
    if sp.after is not None:
        return evaluate(sp, ctx, {sp.after: _occupied(sp.after, c)})
    return evaluate(sp, ctx, variant=variant)


def _shensha_rule(key: str) -> Callable[[Ctx], tuple[int, ...]]:
    def rule(c: Ctx) -> tuple[int, ...]:
        return _occupied(key, c).branches

    return rule


def _parse_yao_table(entry: dict[str, Any]) -> dict[str | None, tuple[tuple[int, ...], ...]]:
    """Tables of a 曜 spirit by option choice (None = the main table), each a tuple per basis value."""

    def rows(raw: Any) -> tuple[tuple[int, ...], ...]:
        if isinstance(raw, dict):  # by 三合 group of the year branch
            return tuple(_yao_terms(next(v for g, v in raw.items() if BRANCHES[b] in g)) for b in range(12))
        return tuple(_yao_terms(v) for v in raw)

    out: dict[str | None, tuple[tuple[int, ...], ...]] = {
        None: rows(entry.get("table", entry.get("by_group")))
    }
    for name, raw in entry.get("variants", {}).items():
        out[name] = rows(raw)
    return out


def _table_rule(entry: dict[str, Any]) -> Callable[[Ctx], tuple[int, ...]]:
    tables = _parse_yao_table(entry)
    option: str | None = entry.get("option")
    basis = {"stem_table": "ys", "branch_table": "yb", "group_table": "yb", "month_table": "month"}[
        entry["rule"]
    ]

    def rule(c: Ctx) -> tuple[int, ...]:
        choice = c.options[option] if option else None
        table = tables.get(choice, tables[None])
        x = (c.mb - 2) % 12 if basis == "month" else getattr(c, basis)
        return table[x]

    return rule


def _count_stems(stem: int, start: int, end: int, step: int) -> int:
    """Put *stem* on branch *start* and walk the branches by *step* (+1 順, −1 逆) to *end*, the stems always
    running forward; return the stem reached on *end*."""
    return (stem + ((end - start) * step) % 12) % 10


def _ming_stem(c: Ctx) -> int:
    """五虎遁 from the year stem, forward to the 命宮: the 命宮's stem (003-084, 003-088)."""
    return wu_hu_dun(c.ys, c.ming)


def _guan_lu(c: Ctx) -> int:
    return gong_branch(c.ming, _GUAN_LU)


def _zhi_yuan_stem(c: Ctx) -> int:
    """The year stem put on its 卦氣 palace, counted forward to the 命宮 (003-091)."""
    return _count_stems(c.ys, GUA_QI_BRANCH[c.ys], c.ming, +1)


def _ke_jia(c: Ctx) -> tuple[int, ...]:
    """科甲: the 宮主 of the palace opposite the 命宮 (003-065)."""
    return (GONG_ZHU[chong(c.ming)],)


def _gua_qi(c: Ctx) -> tuple[int, ...]:
    """卦氣: the palace of the year stem's trigram (003-082)."""
    return (GUA_QI_BRANCH[c.ys],)


def _tian_yuan_lu(c: Ctx) -> tuple[int, ...]:
    """天元祿: the 化祿 star of the 命宮's stem (003-084)."""
    return (HUA_LU[_ming_stem(c)],)


def _di_yuan_lu(c: Ctx) -> tuple[int, ...]:
    """地元祿: the year stem on its 卦氣 palace, counted backwards to the 命宮; the element of the stem
    reached (003-085)."""
    stem = _count_stems(c.ys, GUA_QI_BRANCH[c.ys], c.ming, -1)
    return (ELEMENT_STAR[STEM_ELEMENT[stem]],)


def _ren_yuan_lu(c: Ctx) -> tuple[int, ...]:
    """人元祿: 五虎遁 to the 官祿 palace; the element that overcomes that stem (003-086)."""
    stem = wu_hu_dun(c.ys, _guan_lu(c))
    return (ELEMENT_STAR[overcome_by(STEM_ELEMENT[stem])],)


def _tian_jing(c: Ctx) -> tuple[int, ...]:
    """天經: the element of the 命宮's stem (003-088)."""
    return (ELEMENT_STAR[STEM_ELEMENT[_ming_stem(c)]],)


def _di_wei(c: Ctx) -> tuple[int, ...]:
    """地緯: the element of the 命宮's branch itself, not its 宮主 (003-088)."""
    return (ELEMENT_STAR[BRANCH_ELEMENT[c.ming]],)


def _tian_ma_guolao(c: Ctx) -> tuple[int, ...]:
    """天馬 (果老): 五虎遁 to the 官祿 palace; the element of the branch holding that stem's 祿
    (003-090)."""
    stem = wu_hu_dun(c.ys, _guan_lu(c))
    return (ELEMENT_STAR[BRANCH_ELEMENT[lu(stem)]],)


def _di_yi_guolao(c: Ctx) -> tuple[int, ...]:
    """地驛 (果老): the element of the 驛馬 branch of the 官祿 palace's 三合 group (003-090)."""
    return (ELEMENT_STAR[BRANCH_ELEMENT[yi_ma(_guan_lu(c))]],)


def _zhi_yuan(c: Ctx) -> tuple[int, ...]:
    """職元: the 化祿 star of the stem reached (option ``element``: the stem's own element) (003-091)."""
    stem = _zhi_yuan_stem(c)
    if c.options["zhi_yuan"] == "element":
        return (ELEMENT_STAR[STEM_ELEMENT[stem]],)
    return (HUA_LU[stem],)


def _ju_zhu(c: Ctx) -> tuple[int, ...]:
    """局主: the 化祿 star of the stem that combines (五合) with the 職元 stem (003-093)."""
    return (HUA_LU[gan_he(_zhi_yuan_stem(c))],)


def _tian_lu_gua_qi(c: Ctx) -> tuple[int, ...]:
    """天祿卦氣: the year stem on its 卦氣 palace, counted backwards to the palace of the 太陽 (day birth) or
    太陰 (night birth); the 祿 branch of the stem reached (003-095)."""
    return (lu(_count_stems(c.ys, GUA_QI_BRANCH[c.ys], c.lum, -1)),)


def _dou_biao(c: Ctx) -> tuple[int, ...]:
    """斗標: the 戌 hour put on the 月建 palace, counted forward hour by hour to the birth hour (003-097)."""
    xu = 10
    return ((c.mb + (c.hb - xu)) % 12,)


_TIAN_YI_TABLES: dict[str, str] = dict(_ENTRY["tian_yi"]["core_tables"])
_YU_TANG_OVERRIDES: dict[str, dict[int, int]] = {
    choice: {STEMS.index(s): branch_index(b) for s, b in cells.items()}
    for choice, cells in _ENTRY["yu_tang"]["overrides"].items()
}


def _tian_yi(c: Ctx) -> tuple[int, ...]:
    """天乙: the day 貴人 of the year stem, from the core.guiren table the option names (003-102)."""
    return (gui_ren_branch(c.ys, True, _TIAN_YI_TABLES[c.options["tian_yi_table"]]),)


def _yu_tang(c: Ctx) -> tuple[int, ...]:
    """玉堂: the night 貴人 of the year stem (003-103); option ``yu_tang_ren`` may move 壬's."""
    moved = _YU_TANG_OVERRIDES.get(c.options["yu_tang_ren"], {})
    if c.ys in moved:
        return (moved[c.ys],)
    return (gui_ren_branch(c.ys, False, _TIAN_YI_TABLES[c.options["tian_yi_table"]]),)


def _sui_dian(c: Ctx) -> tuple[int, ...]:
    """歲殿: 甲 put on the 歲駕 (year branch), counted forward to the year stem (003-107)."""
    return ((c.yb + c.ys) % 12,)


def _yue_lian_zhu(c: Ctx) -> tuple[int, ...]:
    """月廉主: the 宮主 of the 月廉 palace (003-125)."""
    return tuple(GONG_ZHU[b] for b in _occupied("yue_lian", c).branches)


def _kong_wang(c: Ctx) -> tuple[int, ...]:
    """空亡 of the year's 旬 (003-135); by default only the branch of the year's own polarity (003-136)."""
    pair = xun_kong(c.year)
    if c.options["kong_wang"] == "both":
        return pair
    return tuple(b for b in pair if b % 2 == c.ys % 2)


_DERIVE: dict[str, Callable[[Ctx], tuple[int, ...]]] = {
    "ke_jia": _ke_jia,
    "gua_qi": _gua_qi,
    "tian_yuan_lu": _tian_yuan_lu,
    "di_yuan_lu": _di_yuan_lu,
    "ren_yuan_lu": _ren_yuan_lu,
    "tian_jing": _tian_jing,
    "di_wei": _di_wei,
    "tian_ma_guolao": _tian_ma_guolao,
    "di_yi_guolao": _di_yi_guolao,
    "zhi_yuan": _zhi_yuan,
    "ju_zhu": _ju_zhu,
    "tian_lu_gua_qi": _tian_lu_gua_qi,
    "dou_biao": _dou_biao,
    "tian_yi": _tian_yi,
    "yu_tang": _yu_tang,
    "sui_dian": _sui_dian,
    "yue_lian_zhu": _yue_lian_zhu,
    "kong_wang": _kong_wang,
}


def _rule_of(entry: dict[str, Any]) -> Callable[[Ctx], tuple[int, ...]]:
    kind = entry["rule"]
    if kind == "derive":
        return _DERIVE[entry["key"]]
    if kind == "shensha":
        return _shensha_rule(entry["key"])
    return _table_rule(entry)


#: the rule of each spirit: Ctx → the branches (target "branch") or 曜 indices (target "yao") it gives
RULES: dict[str, Callable[[Ctx], tuple[int, ...]]] = {e["key"]: _rule_of(e) for e in _ENTRIES}


# chart values ----------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class HuaYao:
    """One 化曜: the title (index into HUA_TITLES), the 曜 taking it, and the palace branch of that 曜."""

    title: int
    yao: int
    branch: int

    @property
    def name(self) -> str:
        return ALL_HUA_TITLES[self.title]

    def to_json(self, ming_gong: int) -> dict[str, Any]:
        return {
            "name": ALL_HUA_TITLES[self.title],
            "yao": YAO[self.yao],
            "branch": BRANCHES[self.branch],
            "gong": GONG_NAMES[gong_of(ming_gong, self.branch)],
            "guan": list(_ALL_GUAN[self.title]),
            "src": list(_ALL_SRC[self.title]),
        }


@dataclass(frozen=True, slots=True)
class SpiritHit:
    """One spirit on one palace (``target == "branch"``, ``value`` a branch) or one 曜 (``"yao"``, ``value``
    an index into :data:`YAO`). ``tag`` qualifies it (``果老``; ``空``/``亡``)."""

    key: str
    name: str
    target: str
    value: int
    src: tuple[str, ...]
    tag: str = ""

    @property
    def on_palace(self) -> bool:
        return self.target == "branch"


def hits_of(info: SpiritInfo, c: Ctx) -> tuple[SpiritHit, ...]:
    """The hits of one spirit in context *c* (the plain statement of its rule)."""
    values = RULES[info.key](c)
    name = info.yin_name if info.yin_name and c.ys % 2 else info.name
    if info.tag_by_parity:
        return tuple(
            SpiritHit(info.key, name, info.target, v, info.src, info.tag_by_parity[v % 2]) for v in values
        )
    return tuple(SpiritHit(info.key, name, info.target, v, info.src, info.tag) for v in values)


#: the inputs (fields of :class:`Ctx`) that each ``basis`` of data/spirits.toml names; the 干支 of the year
#: gives its stem and branch
BASIS_FIELDS: dict[str, tuple[str, ...]] = {
    "year_stem": ("ys",),
    "year_branch": ("yb",),
    "year": ("year",),
    "ming_gong": ("ming",),
    "year_stem ming_gong": ("ys", "ming"),
    "month_branch": ("mb",),
    "month_branch hour_branch": ("mb", "hb"),
    "year_stem is_day 日/月": ("ys", "lum"),
}


def basis_fields(info: SpiritInfo) -> tuple[str, ...]:
    """The inputs the hits of *info* depend on (besides the options): its basis, and the year stem when
    a yin year names it otherwise (:func:`hits_of`)."""
    f = BASIS_FIELDS[info.basis]
    return (*f, "ys") if info.yin_name and "ys" not in f and "year" not in f else f


def _runs() -> tuple[tuple[Callable[[Ctx], Any], tuple[SpiritInfo, ...]], ...]:
    runs: list[tuple[tuple[str, ...], list[SpiritInfo]]] = []
    for info in SPIRITS:
        f = basis_fields(info)
        if runs and runs[-1][0] == f:
            runs[-1][1].append(info)
        else:
            runs.append((f, [info]))
    return tuple((attrgetter(*f), tuple(infos)) for f, infos in runs)


#: runs of consecutive spirits of :data:`SPIRITS` on the same inputs: (the getter of those inputs, spirits)
_RUNS = _runs()
#: (run, option key, values of the run's inputs) → the hits of its spirits (:func:`hits_of`, in order)
_HITS: dict[tuple[Any, ...], tuple[SpiritHit, ...]] = {}


def hits_for(c: Ctx, opts: tuple[str, ...]) -> tuple[SpiritHit, ...]:
    """The hits of every spirit in context *c* in chart order (*opts*: the option key of ``c.options``):
    :func:`hits_of` of each spirit, memoised per run of spirits by the values of the inputs they read."""
    out: list[SpiritHit] = []
    for r, (inputs, infos) in enumerate(_RUNS):
        key = (r, opts, inputs(c))
        got = _HITS.get(key)
        if got is None:
            got = tuple(h for info in infos for h in hits_of(info, c))
            if len(_HITS) < 100_000:
                _HITS[key] = got
        out += got
    return tuple(out)


@dataclass(frozen=True, slots=True)
class SpiritChart:
    """The star spirits of one chart. Inputs are echoed as indices; ``options`` holds every option's value."""

    year: GanZhi
    month: GanZhi
    day: GanZhi
    hour: GanZhi
    ming_gong: int
    yao_gong: tuple[int, ...]  # branch of each 曜 in YAO order
    shen_gong: int | None
    is_day: bool
    sex: str | None
    options: Mapping[str, str]
    hua_yao: tuple[HuaYao, ...]
    shensha: tuple[SpiritHit, ...]
    warnings: tuple[ChartWarning, ...] = ()

    def branch_of(self, yao: str | int) -> int:
        """Palace branch of a 曜."""
        return self.yao_gong[yao_index(yao)]

    def hits_on(self, branch: int) -> tuple[SpiritHit, ...]:
        """Palace spirits on *branch*."""
        return tuple(h for h in self.shensha if h.target == "branch" and h.value == branch)

    def hits_to(self, yao: str | int) -> tuple[SpiritHit, ...]:
        """Spirits that fall to the 曜 *yao*."""
        y = yao_index(yao)
        return tuple(h for h in self.shensha if h.target == "yao" and h.value == y)

    def hua_of(self, title: str) -> HuaYao:
        """The 化曜 of a title (祿 暗 …)."""
        return next(h for h in self.hua_yao if h.name == title)

    def _yao_by_branch(self) -> list[list[str]]:
        out: list[list[str]] = [[] for _ in range(12)]
        for i, b in enumerate(self.yao_gong):
            out[b].append(YAO[i])
        return out

    def _hit_json(self, h: SpiritHit, yao_by_branch: list[list[str]]) -> dict[str, Any]:
        out: dict[str, Any] = {"key": h.key, "name": h.name}
        if h.target == "branch":
            where = h.value
            out["branch"] = BRANCHES[where]
            out["gong"] = GONG_NAMES[gong_of(self.ming_gong, where)]
            out["yao_here"] = list(yao_by_branch[where])
        else:
            where = self.yao_gong[h.value]
            out["yao"] = YAO[h.value]
            out["at"] = BRANCHES[where]
            out["gong"] = GONG_NAMES[gong_of(self.ming_gong, where)]
        if self.shen_gong is not None:
            out["shen_gong"] = where == self.shen_gong
        if h.tag:
            out["tag"] = h.tag
        out["src"] = list(h.src)
        return out

    def hits_json(self) -> list[dict[str, Any]]:
        """The ``shensha`` list of :meth:`to_json` alone (what the natal chart carries)."""
        yao_by_branch = self._yao_by_branch()
        gong = [GONG_NAMES[gong_of(self.ming_gong, b)] for b in range(12)]
        shen = self.shen_gong
        out: list[dict[str, Any]] = []
        for h in self.shensha:  # the same dicts as _hit_json, built with the palace names looked up once
            if h.target == "branch":
                where = h.value
                d: dict[str, Any] = {
                    "key": h.key,
                    "name": h.name,
                    "branch": BRANCHES[where],
                    "gong": gong[where],
                    "yao_here": list(yao_by_branch[where]),
                }
            else:
                where = self.yao_gong[h.value]
                d = {
                    "key": h.key,
                    "name": h.name,
                    "yao": YAO[h.value],
                    "at": BRANCHES[where],
                    "gong": gong[where],
                }
            if shen is not None:
                d["shen_gong"] = where == shen
            if h.tag:
                d["tag"] = h.tag
            d["src"] = list(h.src)
            out.append(d)
        return out

    def to_json(self) -> dict[str, Any]:
        yao_by_branch = self._yao_by_branch()
        spirits: list[list[str]] = [[] for _ in range(12)]
        yao_spirits: list[list[str]] = [[] for _ in range(12)]
        for h in self.shensha:
            if h.target == "branch":
                spirits[h.value].append(h.name)
            else:
                yao_spirits[self.yao_gong[h.value]].append(h.name)
        palaces = []
        for k in range(12):
            b = gong_branch(self.ming_gong, k)
            palaces.append(
                {
                    "gong": GONG_NAMES[k],
                    "branch": BRANCHES[b],
                    "yao": yao_by_branch[b],
                    "spirits": spirits[b],
                    "yao_spirits": yao_spirits[b],
                }
            )
        return {
            "inputs": {
                "year": self.year.name,
                "month": self.month.name,
                "day": self.day.name,
                "hour": self.hour.name,
                "ming_gong": BRANCHES[self.ming_gong],
                "shen_gong": BRANCHES[self.shen_gong] if self.shen_gong is not None else None,
                "yao_gong": {YAO[i]: BRANCHES[b] for i, b in enumerate(self.yao_gong)},
                "is_day": self.is_day,
                "sex": self.sex,
            },
            "options": dict(self.options),
            "hua_yao": {h.name: YAO[h.yao] for h in self.hua_yao},
            "hua_yao_at": [h.to_json(self.ming_gong) for h in self.hua_yao],
            "shensha": [self._hit_json(h, yao_by_branch) for h in self.shensha],
            "palaces": palaces,
            "warnings": warnings_json(self.warnings),
            "engine_version": __version__,
            "schema_version": SCHEMA_VERSION,
        }


# inputs ----------------------------------------------------------------------------------------------------
_SEXES = ("男", "女")
_WARN_DAY = warning("qizheng.warn_day_birth")


@dataclass(frozen=True, slots=True)
class Inputs:
    """Validated inputs of :func:`star_spirits` (indices)."""

    year: GanZhi
    month: GanZhi
    day: GanZhi
    hour: GanZhi
    ming: int
    yao_gong: tuple[int, ...]
    shen: int | None
    is_day: bool
    sex: str | None
    opts: tuple[str, ...]
    warnings: tuple[ChartWarning, ...]


def _pillar(value: Any, field: str) -> GanZhi:
    if type(value) is GanZhi:
        return value
    try:
        return as_ganzhi(value)
    except (InputError, TypeError) as e:
        raise InputError(
            f"{field}: expected a 干支 (GanZhi, text such as 甲子, or 0–59), got {value!r}", field=field
        ) from e


def _branch(value: Any, field: str) -> int:
    if type(value) is int and 0 <= value < 12:
        return value
    try:
        return branch_index(value)
    except InputError:
        raise InputError(
            f"{field}: expected a branch (子 … 亥 or 0–11), got {value!r}", field=field
        ) from None


def _yao_branches(yao_gong: Mapping[str, int]) -> tuple[int, ...]:
    if not isinstance(yao_gong, Mapping):
        raise InputError("yao_gong must map each 曜 name to its palace branch", field="yao_gong")
    try:
        out = tuple(yao_gong[n] for n in YAO)
        if len(yao_gong) == len(YAO) and all(type(b) is int and 0 <= b < 12 for b in out):
            return out
    except KeyError:
        pass
    found: dict[int, int] = {}
    for name, b in yao_gong.items():
        i = _YAO_IX.get(name.strip()) if isinstance(name, str) else None
        if i is None:
            raise InputError(
                f"yao_gong: unknown 曜 {name!r}; expected the eleven {' '.join(YAO)} (氣 for 炁)",
                field="yao_gong",
            )
        if i in found:
            raise InputError(f"yao_gong: 曜 {YAO[i]} given twice", field="yao_gong")
        found[i] = _branch(b, "yao_gong")
    missing = [YAO[i] for i in range(len(YAO)) if i not in found]
    if missing:
        raise InputError(f"yao_gong: missing {' '.join(missing)}; all eleven 曜 are needed", field="yao_gong")
    return tuple(found[i] for i in range(len(YAO)))


def validate(
    year: Any,
    month: Any,
    day: Any,
    hour: Any,
    ming_gong: Any,
    yao_gong: Mapping[str, int],
    *,
    shen_gong: Any = None,
    is_day: bool | None = None,
    sex: str | None = None,
    options: Mapping[str, str] | None = None,
) -> Inputs:
    """Check the inputs of :func:`star_spirits`; raise InputError / OptionError with ``field`` set."""
    y, m, d, h = _pillar(year, "year"), _pillar(month, "month"), _pillar(day, "day"), _pillar(hour, "hour")
    ming = _branch(ming_gong, "ming_gong")
    yg = _yao_branches(yao_gong)
    shen = None if shen_gong is None else _branch(shen_gong, "shen_gong")
    if sex is not None and sex not in _SEXES:
        raise InputError(f"sex: expected 男, 女 or None, got {sex!r}", field="sex")
    warnings: tuple[ChartWarning, ...] = ()
    if is_day is None:
        day_birth = h.branch in _SHEN_DAY
        warnings = (_WARN_DAY,)
    elif isinstance(is_day, bool):
        day_birth = is_day
    else:
        raise InputError(f"is_day: expected True, False or None, got {is_day!r}", field="is_day")
    return Inputs(y, m, d, h, ming, yg, shen, day_birth, sex, options_key(options), warnings)


def context(inp: Inputs) -> Ctx:
    """The rule context of validated inputs."""
    lum = inp.yao_gong[_YAO_IX["日"] if inp.is_day else _YAO_IX["月"]]
    return Ctx(
        ys=inp.year.stem,
        yb=inp.year.branch,
        year=inp.year.index,
        mb=inp.month.branch,
        hb=inp.hour.branch,
        ming=inp.ming,
        lum=lum,
        options=_options_view(inp.opts),
    )


def _chart(inp: Inputs, hua: tuple[HuaYao, ...], hits: tuple[SpiritHit, ...]) -> SpiritChart:
    # every field of SpiritChart in its declaration order, the slots filled by maker (core._frozen)
    return _SPIRIT_CHART(
        inp.year,
        inp.month,
        inp.day,
        inp.hour,
        inp.ming,  # ming_gong
        inp.yao_gong,
        inp.shen,  # shen_gong
        inp.is_day,
        inp.sex,
        _options_view(inp.opts),  # options
        hua,  # hua_yao
        hits,  # shensha
        inp.warnings,
    )


_SPIRIT_CHART = maker(SpiritChart)


def hua_yao_of(stem: int, inp: Inputs) -> tuple[HuaYao, ...]:
    """The 化曜 of year stem *stem* (003-021): the ten titles, and 天嗣 after them when option ``hua_set`` is
    ``tian_si`` (the 曜 of 化貴, 《星學大成》卷一〈論天嗣〉)."""
    row = HUA_YAO[stem]
    out = tuple(HuaYao(k, y, inp.yao_gong[y]) for k, y in enumerate(row))
    if inp.opts[_OPTION_IX["hua_set"]] == "tian_si":
        y = row[_TIAN_SI_OF]
        out += (HuaYao(len(HUA_TITLES), y, inp.yao_gong[y]),)
    return out


def star_spirits_plain(
    year: GanZhi,
    month: GanZhi,
    day: GanZhi,
    hour: GanZhi,
    ming_gong: int,
    yao_gong: Mapping[str, int],
    *,
    shen_gong: int | None = None,
    is_day: bool | None = None,
    sex: str | None = None,
    options: Mapping[str, str] | None = None,
) -> SpiritChart:
    """:func:`star_spirits` evaluated rule by rule (the readable statement; slower, same result)."""
    inp = validate(
        year,
        month,
        day,
        hour,
        ming_gong,
        yao_gong,
        shen_gong=shen_gong,
        is_day=is_day,
        sex=sex,
        options=options,
    )
    c = context(inp)
    hua = hua_yao_of(c.ys, inp)
    hits = tuple(hit for info in SPIRITS for hit in hits_of(info, c))
    return _chart(inp, hua, hits)


def star_spirits(
    year: GanZhi,
    month: GanZhi,
    day: GanZhi,
    hour: GanZhi,
    ming_gong: int,
    yao_gong: Mapping[str, int],
    *,
    shen_gong: int | None = None,
    is_day: bool | None = None,
    sex: str | None = None,
    options: Mapping[str, str] | None = None,
) -> SpiritChart:
    """The 化曜 and star spirits of a chart.

    ``year`` … ``hour`` are the four pillars (the month by 節氣, as the time core gives it);
    ``ming_gong`` is the 命宮 branch (子 = 0 … 亥 = 11, or the character); ``yao_gong`` maps each of the
    eleven 曜 (日 月 水 金 火 木 土 羅 計 孛 炁; 氣 and the full names are accepted) to the branch of the
    palace it stands in. ``shen_gong``
    (身宮 branch) only marks hits that fall on the 身宮; ``is_day`` (day birth) chooses 太陽 or 太陰 for
    天祿卦氣 (when None it is taken from the hour branch, with a warning); ``sex`` is echoed for readings.
    ``options``: see :data:`OPTIONS` (``data/params.toml``, ``scope = "spirits"``). Raises
    :class:`InputError` / :class:`OptionError` with ``field`` set.
    """
    return star_spirits_of(
        validate(
            year,
            month,
            day,
            hour,
            ming_gong,
            yao_gong,
            shen_gong=shen_gong,
            is_day=is_day,
            sex=sex,
            options=options,
        )
    )


def star_spirits_of(inp: Inputs) -> SpiritChart:
    """:func:`star_spirits` of inputs already validated (what :func:`validate` returns, or an
    :class:`Inputs` a caller built from values of the right types, as the natal chart does); the hits
    through the memo of :func:`hits_for`."""
    c = context(inp)
    hua = hua_yao_of(c.ys, inp)
    return _chart(inp, hua, hits_for(c, inp.opts))


__all__ = [
    "ALL_HUA_TITLES",
    "BASIS_FIELDS",
    "DEFAULT_OPTIONS",
    "ELEMENT_STAR",
    "GONG_NAMES",
    "GONG_ZHU",
    "GUA_QI_BRANCH",
    "HUA_GUAN",
    "HUA_LU",
    "HUA_TITLES",
    "HUA_YAO",
    "OPTIONS",
    "RULES",
    "SPIRITS",
    "TIAN_SI",
    "YAO",
    "Choice",
    "Ctx",
    "HuaYao",
    "Inputs",
    "OptionSpec",
    "SpiritChart",
    "SpiritHit",
    "SpiritInfo",
    "basis_fields",
    "context",
    "gong_branch",
    "gong_of",
    "hits_for",
    "hits_of",
    "hua_yao_of",
    "hua_yao_table",
    "options_key",
    "star_spirits",
    "star_spirits_of",
    "star_spirits_plain",
    "validate",
    "yao_index",
]
