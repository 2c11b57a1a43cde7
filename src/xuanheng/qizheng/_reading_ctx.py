"""The facts of one 七政四餘 chart that the reading's conditions look at, gathered once per chart.

Everything here is a lookup in the chart (palaces, 曜, dignities, motion, 化曜, spirits) or in the cited
tables of ``data/aspects.toml`` (七強/五弱, 閒極, 四殺, 四刑宮, 怒宮 = 陷, 吉/凶 曜, the element of each
曜). The conditions themselves are in :mod:`xuanheng.qizheng._reading_vocab`.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from xuanheng.core._data import load_package_data
from xuanheng.core.changsheng import element_stage
from xuanheng.core.ganzhi import BRANCH_ELEMENT, BRANCHES, ELEMENTS
from xuanheng.core.guiren import gui_ren_branch
from xuanheng.core.nayin import na_yin_element
from xuanheng.core.shensha_basic import lu, yi_ma
from xuanheng.errors import OptionError
from xuanheng.qizheng.chart import YAO_NAMES
from xuanheng.qizheng.dignity import ORDER as DIGNITY_ORDER
from xuanheng.qizheng.dignity import XIAN_PALACES, is_xian
from xuanheng.qizheng.gong import GONG_NAMES, PALACES, gong_branch, gong_index
from xuanheng.qizheng.xiu import XIU

_A = load_package_data("xuanheng.qizheng", "aspects")

YAO: tuple[str, ...] = YAO_NAMES
#: offset in branches from a palace → aspect name (三方四正)
ASPECT_OF: dict[int, str] = {o % 12: k["name"] for k in _A["aspect"]["kinds"] for o in k["offsets"]}
ASPECT_WEIGHT: dict[str, int] = {k["name"]: int(k["weight"]) for k in _A["aspect"]["kinds"]}
JIA_OFFSETS: tuple[int, ...] = tuple(int(x) for x in _A["aspect"]["jia"])
SAN_FANG: tuple[int, ...] = tuple(sorted(ASPECT_OF))
JI: frozenset[str] = frozenset(_A["ji_xiong"]["ji"])
XIONG: frozenset[str] = frozenset(_A["ji_xiong"]["xiong"])
SI_XING: frozenset[int] = frozenset(BRANCHES.index(b) for b in _A["si_xing"]["branches"])
SI_SHA_STAGES: frozenset[str] = frozenset(_A["si_sha"]["stages"])
XIAN_JI: tuple[str, ...] = tuple(_A["xian_ji"]["gong"])
YAO_ELEMENT: dict[str, int] = {y: ELEMENTS.index(e) for y, e in _A["element"]["yao"].items()}
#: the planet of each element (木 火 土 金 水 → 木 火 土 金 水)
ELEMENT_STAR: tuple[str, ...] = ELEMENTS
QIANG_RUO_CHOICES: tuple[str, ...] = tuple(_A["qiang_ruo"]["choice"])
DIGNITIES: tuple[str, ...] = DIGNITY_ORDER
#: the palaces where each 曜's course is broken (斷躔, 《張果星宗》卷八〈觀星要訣〉)
DUAN_CHAN: dict[str, frozenset[int]] = {
    y: frozenset(BRANCHES.index(b) for b in bs) for y, bs in _A["duan_chan"]["palaces"].items()
}


@cache
def qiang_ruo(choice: str) -> tuple[frozenset[str], frozenset[str]]:
    """(七強 palaces, 五弱 palaces) by name for option ``qiang_ruo``."""
    if choice not in _A["qiang_ruo"]["choice"]:
        raise OptionError(
            f"qiang_ruo {choice!r} is not known: accepted {', '.join(QIANG_RUO_CHOICES)}", field="qiang_ruo"
        )
    c = _A["qiang_ruo"]["choice"][choice]
    return frozenset(c["qiang"]), frozenset(c["ruo"])


def tables_src() -> dict[str, str]:
    """The source of each table of aspects.toml (for the docs and the JSON)."""
    return {k: str(v["src"]) for k, v in _A.items() if isinstance(v, Mapping) and "src" in v}


_BRANCH_IX = {b: i for i, b in enumerate(BRANCHES)}
#: (命宮, 身宮) → id of a token list → (the list, its (token, branch) pairs): palace tokens resolve the same
#: way for every chart with the same 命宮 and 身宮 (a chart's context holds its own pair's table)
_TOKENS: dict[tuple[int, int], dict[int, tuple[Any, list[tuple[str, int]]]]] = {}
#: how many token lists :data:`_TOKENS` keeps per (命宮, 身宮) at most
_TOKENS_LIMIT = 2_000
_HUA_ROLE = {t: f"化{t}" for t in "祿暗福耗蔭貴刑印囚權嗣"}  # 嗣: 天嗣 (option hua_set)


@cache
def _base_names() -> dict[str, str]:
    out = {f"化{t}": f"天{t}" for t in "祿暗福耗蔭貴刑印囚權嗣"}
    try:
        from xuanheng.qizheng.spirits import SPIRITS
    except ModuleNotFoundError:  # pragma: no cover - the spirits module ships with the package
        return out
    out.update({s.key: s.name for s in SPIRITS})
    return out


_BASE_NAMES = _base_names()


@cache
def _motion_set(state: str, retro: bool, station: bool, combust: bool) -> frozenset[str]:
    m = {state}
    if retro:
        m.add("逆")
    if station:
        m.add("留")
    if combust:
        m.add("伏")
    return frozenset(m)


@cache
def _palaces(ming: int, shen: int) -> tuple[dict[str, int], tuple[str, ...]]:
    gb = {n: gong_branch(ming, k) for k, n in enumerate(GONG_NAMES)}
    gb["身宮"] = shen
    return gb, tuple(GONG_NAMES[gong_index(ming, b)] for b in range(12))


@cache
def _classes(ming: int, choice: str) -> tuple[frozenset[int], frozenset[int]]:
    q, r = qiang_ruo(choice)
    gof = tuple(GONG_NAMES[gong_index(ming, b)] for b in range(12))
    return frozenset(b for b in range(12) if gof[b] in q), frozenset(b for b in range(12) if gof[b] in r)


_ZHU: tuple[str, ...] = tuple(PALACES[b].zhu for b in range(12))


@cache
def _nayin(year: int) -> int:
    return na_yin_element(year)


@cache
def _lu_ma(year: int) -> tuple[tuple[str], tuple[str]]:
    """(祿元, 馬元) of a birth year: the planets of the elements of its stem's 祿 and its branch's 驛馬."""
    stem, branch = year % 10, year % 12
    return (ELEMENT_STAR[BRANCH_ELEMENT[lu(stem)]],), (ELEMENT_STAR[BRANCH_ELEMENT[yi_ma(branch)]],)


@cache
def _season(month: int) -> str:
    from xuanheng.core.wangshuai import season_of_month_branch

    return season_of_month_branch(month).value


def _two(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[str, ...]:
    """The stars of two single-star roles, once each (the palace lord first)."""
    return a if a == b else (*a, *b)


class Ctx:
    """Per-chart facts (indices: branches 子 = 0 … 亥 = 11), plus the subject the reading is looking at."""

    __slots__ = (
        "_gui_ma",
        "_strength",
        "_tokens",
        "by_branch",
        "chart",
        "cur",
        "cur_branch",
        "day",
        "dignities",
        "gong_branch",
        "gong_of",
        "hour",
        "kong",
        "lunar_day",
        "memo",
        "ming",
        "month",
        "motion",
        "nayin",
        "opts",
        "patterns",
        "qiang",
        "roles",
        "ruo",
        "season",
        "sex",
        "shen",
        "spirit_branches",
        "spirit_names",
        "xian_at",
        "xian_b",
        "yao_b",
        "yao_xiu",
        "year",
        "zhu",
    )

    def __init__(self, chart: Any, opts: Mapping[str, Any], xian_b: Mapping[str, int | None] | None = None):
        self.chart = chart
        self.opts = opts
        self.ming = ming = chart.ming_gong.branch
        self.shen = shen = chart.shen_gong.branch
        yao_b: dict[str, int] = {}
        yao_xiu: dict[str, int] = {}
        dignities: dict[str, tuple[str, ...]] = {}
        motion: dict[str, frozenset[str]] = {}
        self.yao_b, self.yao_xiu, self.dignities, self.motion = yao_b, yao_xiu, dignities, motion
        by_branch: list[list[str]] = [[], [], [], [], [], [], [], [], [], [], [], []]
        for y in chart.yao:
            n, g = y.name, y.gong
            yao_b[n] = g
            yao_xiu[n] = y.xiu.xiu
            by_branch[g].append(n)
            dignities[n] = y.dignities
            motion[n] = _motion_set(y.state, y.retrograde, y.stationary, y.combust)
        self.by_branch = tuple(map(tuple, by_branch))
        self.gong_branch, self.gong_of = _palaces(ming, shen)
        #: the palace token lists read on charts of this 命宮 and 身宮 (:meth:`branches`)
        self._tokens = _TOKENS.setdefault((ming, shen), {})
        self.qiang, self.ruo = _classes(ming, str(opts["qiang_ruo"]))
        self.xian_at = {y for y, b in yao_b.items() if is_xian(y, b)}
        cal = chart.calendar
        pil = cal.pillars
        self.year = year = pil.year
        self.month = month = pil.month.branch
        self.hour = pil.hour.branch
        self.day = bool(cal.is_day)
        lunar = cal.lunar
        self.lunar_day = lunar.day if lunar is not None else 0
        self.sex = chart.sex
        self.season = _season(month)
        self.nayin = nayin = _nayin(year.index)
        # roles: which 曜 a name stands for ----------------------------------------------------------------
        roles: dict[str, tuple[str, ...]] = {_HUA_ROLE[t]: (y,) for t, y in chart.hua_yao.items()}
        spirit_branches: dict[str, tuple[int, ...]] = {}
        names: dict[str, str] = _BASE_NAMES
        kong: set[int] = set()
        for h in chart.shensha:
            key = h["key"]
            y = h.get("yao")
            if y is not None:
                got = roles.get(key)
                roles[key] = (y,) if got is None else (*got, y)
            else:
                b = _BRANCH_IX[h["branch"]]
                got_b = spirit_branches.get(key)
                spirit_branches[key] = (b,) if got_b is None else (*got_b, b)
                if key == "kong_wang":
                    kong.add(b)
                elif key == "yang_ren":
                    if names is _BASE_NAMES:
                        names = dict(_BASE_NAMES)
                    names[key] = h["name"]
        roles["命主"] = ming_zhu = (PALACES[ming].zhu,)
        roles["身主"] = shen_zhu = (PALACES[shen].zhu,)
        roles["度主"] = du_zhu = (XIU[chart.ming_gong.xiu.xiu].qiyao,)
        # the 身度主: the 七曜 of the Moon's mansion (《張果星宗》卷十〈身度主論〉)
        roles["身度主"] = shen_du = (XIU[yao_xiu["月"]].qiyao,)
        # the two lords of the 命 and of the 身, read alike (卷十〈宮度主論〉: a palace lord and a degree
        # lord, two names and one reading): a 格局 that names the 命's or the 身's lord holds with either
        roles["命二主"] = _two(ming_zhu, du_zhu)
        roles["身二主"] = _two(shen_zhu, shen_du)
        roles["壽星"] = (ELEMENT_STAR[nayin],)
        roles["祿元"], roles["馬元"] = _lu_ma(year.index)
        self.roles = roles
        #: spirit key → its name (shared with other charts unless this one names its 羊刃: do not change)
        self.spirit_names = names
        self.spirit_branches = spirit_branches
        self.kong = frozenset(kong)
        self.zhu = _ZHU
        self.xian_b = xian_b
        self.patterns: list[tuple[str, str, dict[str, Any]]] = []
        self.cur: str | None = None
        self.cur_branch: int = -1
        self._gui_ma: dict[int, str] | None = None
        #: what a word (or the reading) computes once per chart from it alone, under its own key (read
        #: it, never change it)
        self.memo: dict[Any, Any] = {}
        self._strength: dict[str, int] = {}

    # ── lookups ──────────────────────────────────────────────────────────────────────────────────────
    def branches(self, tokens: Any) -> list[tuple[str, int]]:
        """(token, branch) of palace tokens: 人事 names (命宮 … 相貌), 身宮, or branch names (memoised per
        chart for the rule data's own token lists)."""
        kept = self._tokens
        got = kept.get(id(tokens))
        if got is not None and got[0] is tokens:  # held in the cache, so its id cannot be reused meanwhile
            return got[1]
        out = []
        for t in tokens if isinstance(tokens, (list, tuple)) else (tokens,):
            b = self.gong_branch.get(t)
            if b is None:
                b = BRANCHES.index(t)
            out.append((t, b))
        if isinstance(tokens, list) and len(kept) < _TOKENS_LIMIT:
            kept[id(tokens)] = (tokens, out)
        return out

    def branch_set(self, tokens: Any) -> frozenset[int]:
        return frozenset(b for _, b in self.branches(tokens))

    def where(self, branch: int) -> dict[str, Any]:
        """The palace facts of a branch: its branch name, 人事 palace, and 身宮 mark."""
        out: dict[str, Any] = {"branch": BRANCHES[branch], "gong": self.gong_of[branch]}
        if branch == self.shen:
            out["shen_gong"] = True
        return out

    def strength(self, y: str) -> int:
        """+1 strong (七強 palace or 廟 旺 入垣), −1 weak (五弱 palace or 陷), 0 otherwise (for 文星/身);
        computed once per 曜 of the chart (:meth:`_strength_of`) and kept."""
        got = self._strength.get(y)
        if got is None:
            got = self._strength[y] = self._strength_of(y)
        return got

    def _strength_of(self, y: str) -> int:
        b = self.yao_b[y]
        d = set(self.dignities[y])
        if y in self.xian_at or (b in self.ruo and not d & {"廟", "旺", "入垣"}):
            return -1
        if b in self.qiang or d & {"廟", "旺", "入垣"}:
            return 1
        return 0

    def stage(self, element: int, branch: int) -> str:
        return element_stage(element, branch)

    def is_si_sha(self, branch: int) -> bool:
        return element_stage(self.nayin, branch) in SI_SHA_STAGES

    def gui_ma_branches(self) -> dict[int, str]:
        """貴人 (天乙 by day, 玉堂 by night), 祿 and 馬 positions of the birth year (003-044)."""
        if self._gui_ma is not None:
            return self._gui_ma
        out: dict[int, str] = {}
        for key in ("tian_yi" if self.day else "yu_tang", "lu_xun"):
            for b in self.spirit_branches.get(key, ()):
                out.setdefault(b, self.spirit_names.get(key, key))
        if not out:  # the spirits module is missing: the same tables from core
            out[gui_ren_branch(self.year.stem, self.day)] = "貴人"
            out.setdefault(lu(self.year.stem), "祿")
        out.setdefault(yi_ma(self.year.branch), "驛馬")
        self._gui_ma = out
        return out


__all__ = [
    "ASPECT_OF",
    "ASPECT_WEIGHT",
    "DIGNITIES",
    "DUAN_CHAN",
    "ELEMENT_STAR",
    "JI",
    "JIA_OFFSETS",
    "QIANG_RUO_CHOICES",
    "SAN_FANG",
    "SI_XING",
    "XIAN_JI",
    "XIAN_PALACES",
    "XIONG",
    "YAO",
    "YAO_ELEMENT",
    "Ctx",
    "qiang_ruo",
    "tables_src",
]
