"""The 大六壬 reading (斷): which cited rules fire on a chart, with the facts that made them fire.

Rules live as data (``liuren/data``):

- ``leishen_*.toml`` — 類神 of the twelve 天神: ``attribute`` lists (people, body, places …) and ``verse``
  judgments with a declarative ``when`` (seed 002 for 亥 戌 酉; 《六壬大全》〈十二神〉 for the other nine);
- ``principles.toml`` — the general principles of seed 002 (002-005 placement on 日辰/歲/年命, 002-006
  which plate to read, 002-007 the six branch pairs), the topic vocabulary and the 吉/凶 將 classes;
- ``keti_meanings.toml`` — meanings of 課體 names, with conditions for the classes the reading detects;
- ``principles_shensha.toml`` — meanings of the 神煞 the seeds do not judge; the seed-000 神煞
  judgments are read from the one shared table ``jinkoujue/data/judgments_shensha.toml``.

Condition vocabulary (all keys of a ``when`` table must hold; ``any = [{…}, {…}]`` holds when one of its
tables holds). "The 神" is the 天盤 branch the rule is about, at one of the positions 一課 … 四課 (upper)
and 初 中 末 傳:

============================  ==============================================================================
``jiang`` / ``not_jiang``     the 天將 the 神 carries is (not) one of the list
``jiang_class``               ``"ji"`` / ``"xiong"``: it carries a 吉將 / 凶將 (principles.toml)
``on`` / ``not_on``           the 地盤 branch under the 神 is (not) one of the list
``on_role``                   the 地盤 under it is the ``day_stem`` (寄宮), ``day_branch``, ``nian_ming``
                              (本命 or 行年), ``yue_jian`` (month branch) or ``tai_sui`` (year branch)
``covered_by``                the 天盤 branch standing on the 神's own 地盤 place is one of the list
``covered_by_yue_jiang``      the 月將 stands on the 神's place (the hour branch is the 神)
``covered_by_dun_gan``        the branch standing on the 神's place has one of these 遁干
``day_stem`` / ``not_day_stem`` / ``day_branch``   the day's stem / branch is (not) one of the list
``day_yin``                   the day stem is yin (true) or yang (false)
``season`` / ``month``        the season (春 夏 秋 冬, by 月建) / the month branch (月建) is one of the list
``state``                     the 神's 旺相休囚死 in the month is one of the list
``fa_yong``                   the 神 is the 初傳
``overcomes``                 its element overcomes the ``day_stem`` or the ``ri_chen`` (stem or branch)
``gui_direction``             the 天將 run ``shun`` / ``ni``
``ke_ti``                     the chart carries one of these 課體 names
``day_night``                 ``day`` / ``night`` (貴人 of day or of night)
``is_yi_ma``                  the 神 is the 驛馬 of the day branch
``xing_on``                   it stands on the branch it punishes (刑)
``xing_ben_ming``             it punishes the 本命
``with_jiang`` / ``with_jiang_all``  one of / all of these 天將 are carried somewhere in 課傳
``gui_ren_on`` (chart scope)  貴人 stands on one of these 地盤 branches
============================  ==============================================================================

The 課體 conditions (``keti_meanings.toml``) are chart-wide and documented in docs/liuren-leishen.md.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from xuanheng.core import parse
from xuanheng.core._data import load_package_data
from xuanheng.core.ganzhi import (
    BRANCH_ELEMENT,
    BRANCHES,
    JI_GONG,
    SHEN_NAMES,
    STEM_ELEMENT,
    STEMS,
    GanZhi,
    branch_index,
    dun_gan,
    stem_yin,
)
from xuanheng.core.guiren import TIAN_JIANG
from xuanheng.core.relations import is_xing, liu_he, xing
from xuanheng.core.wangshuai import season_of_month_branch, state_by_month
from xuanheng.core.wuxing import Relation, overcomes, relation
from xuanheng.errors import InputError, OptionError
from xuanheng.liuren.chart import LiuRenChart
from xuanheng.reading import FiredRule, Text, check_lang

_PKG = "xuanheng.liuren"

#: positions of a chart in reading order: 三傳 first, then 四課
POSITIONS: tuple[str, ...] = ("chu", "zhong", "mo", "ke1", "ke2", "ke3", "ke4")
POSITION_NAMES: dict[str, dict[str, str]] = {
    "chu": {"ko": "초전", "zh-Hant": "初傳", "en": "first transmission"},
    "zhong": {"ko": "중전", "zh-Hant": "中傳", "en": "middle transmission"},
    "mo": {"ko": "말전", "zh-Hant": "末傳", "en": "last transmission"},
    "ke1": {"ko": "제1과", "zh-Hant": "一課", "en": "lesson 1"},
    "ke2": {"ko": "제2과", "zh-Hant": "二課", "en": "lesson 2"},
    "ke3": {"ko": "제3과", "zh-Hant": "三課", "en": "lesson 3"},
    "ke4": {"ko": "제4과", "zh-Hant": "四課", "en": "lesson 4"},
}

POS_KEYS = frozenset(
    {
        "jiang",
        "not_jiang",
        "jiang_class",
        "on",
        "not_on",
        "on_role",
        "covered_by",
        "covered_by_yue_jiang",
        "covered_by_dun_gan",
        "day_stem",
        "not_day_stem",
        "day_branch",
        "day_yin",
        "season",
        "month",
        "state",
        "fa_yong",
        "overcomes",
        "gui_direction",
        "ke_ti",
        "day_night",
        "is_yi_ma",
        "xing_on",
        "xing_ben_ming",
        "with_jiang",
        "with_jiang_all",
        "any",
    }
)
CHART_KEYS = frozenset(
    {
        "gui_ren_on",
        "ke_ti",
        "all_ke_relation",
        "day_in",
        "zhi_shang",
        "day_branch",
        "chu",
        "hour",
        "chuan_within",
        "chuan_jiang_any",
        "chu_is",
        "chuan_has",
        "chu_jiang",
        "wang_xiang",
        "chu_jiang_class",
        "gui_direction",
        "front_of_gui",
        "gan_shang_is",
        "gan_shang_overcomes_day_stem",
    }
)
PLATE_RULES = ("seed", "upper")
KINDS = ("attribute", "verse")


# ------------------------------------------------------------------------------------------ data
@dataclass(frozen=True, slots=True)
class Shen:
    """Header of a 類神 file: one 天神 and its basic facts."""

    branch: int
    name: str
    name_ko: str
    element: str
    ji_gan: tuple[str, ...]
    ben_jiang: str
    yue_jiang_after: str
    src: tuple[str, ...]
    text: Text


@dataclass(frozen=True, slots=True)
class Rule:
    """One 類神 entry (an attribute list or a verse judgment) with its condition."""

    id: str
    src: tuple[str, ...]
    shen: int
    subjects: tuple[int, ...]
    kind: str
    scope: str
    topics: tuple[str, ...]
    when: Mapping[str, Any]
    text: Text
    note: str = ""
    variant_key: str = ""
    variant_when: Mapping[str, Any] | None = None


def _text(m: Mapping[str, str], where: str) -> Text:
    try:
        return Text.from_mapping(dict(m))
    except (ValueError, KeyError, TypeError) as e:
        raise ValueError(f"{where}: {e}") from None


def _check_when(when: Mapping[str, Any], allowed: frozenset[str], where: str) -> None:
    for k, v in when.items():
        if k not in allowed:
            raise ValueError(f"{where}: unknown condition {k!r}")
        if k == "any":
            if not isinstance(v, list) or not v:
                raise ValueError(f"{where}: 'any' must be a non-empty list of tables")
            for sub in v:
                _check_when(sub, allowed - {"any"}, where)


@cache
def topics() -> dict[str, Text]:
    """The topic vocabulary: key (classical term) → its name in every language."""
    t = load_package_data(_PKG, "principles")["topics"]["names"]
    return {k: _text(v, f"topic {k}") for k, v in t.items()}


def _check_topics(tp: Iterable[str], where: str) -> tuple[str, ...]:
    out = tuple(tp)
    bad = [x for x in out if x not in topics()]
    if bad or not out:
        raise ValueError(f"{where}: topics {bad or out} not in the vocabulary of principles.toml")
    return out


def _leishen_files() -> list[str]:
    d = resources.files(_PKG).joinpath("data")
    return sorted(p.name for p in d.iterdir() if p.name.startswith("leishen_") and p.name.endswith(".toml"))


@cache
def leishen() -> tuple[dict[int, Shen], tuple[Rule, ...]]:
    """All 類神 data: the twelve 天神 headers and every rule, validated."""
    shens: dict[int, Shen] = {}
    rules: list[Rule] = []
    d = resources.files(_PKG).joinpath("data")
    for fname in _leishen_files():
        data = tomllib.loads(d.joinpath(fname).read_text("utf-8"))
        h = data["shen"]
        b = branch_index(h["branch"])
        if SHEN_NAMES[b] != h["name"]:
            raise ValueError(f"{fname}: {h['branch']} is {SHEN_NAMES[b]}, not {h['name']}")
        shens[b] = Shen(
            b,
            h["name"],
            h["name_ko"],
            h["element"],
            tuple(h["ji_gan"]),
            h["ben_jiang"],
            h["yue_jiang_after"],
            tuple(h["src"]),
            _text(h["text"], f"{fname} [shen]"),
        )
        for e in data.get("entry", []):
            where = f"{fname} {e.get('id')}"
            kind = e.get("kind")
            if kind not in KINDS:
                raise ValueError(f"{where}: kind {kind!r} not in {KINDS}")
            scope = e.get("scope", "shen")
            when = e.get("when", {})
            _check_when(when, CHART_KEYS if scope == "chart" else POS_KEYS, where)
            if kind == "attribute" and when:
                raise ValueError(f"{where}: an attribute list has no condition")
            if kind == "verse" and not when:
                raise ValueError(f"{where}: a verse needs a condition")
            if not e.get("src"):
                raise ValueError(f"{where}: no src")
            vw = e.get("variant_when")
            if vw is not None:
                _check_when(vw, POS_KEYS, where)
            subjects = tuple(branch_index(s) for s in e.get("subject", [h["branch"]]))
            rules.append(
                Rule(
                    id=e["id"],
                    src=tuple(e["src"]),
                    shen=b,
                    subjects=subjects,
                    kind=kind,
                    scope=scope,
                    topics=_check_topics(e["topics"], where),
                    when=when,
                    text=_text(e["text"], where),
                    note=e.get("note", ""),
                    variant_key=e.get("variant_key", ""),
                    variant_when=vw,
                )
            )
    ids = [r.id for r in rules]
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        raise ValueError(f"duplicate 類神 rule ids: {sorted(dup)}")
    return shens, tuple(rules)


@cache
def principles() -> dict[str, Any]:
    """The parsed ``principles.toml`` (validated)."""
    p = load_package_data(_PKG, "principles")
    for e in p["placement"]:
        _check_topics(e["topics"], e["id"])
        _text(e["text"], e["id"])
    for e in p["pair"]:
        _check_topics(e["topics"], e["id"])
        _text(e["text"], e["id"])
    return p


@cache
def keti_meanings() -> dict[str, dict[str, Any]]:
    """課體 name → its entry in ``keti_meanings.toml`` (validated)."""
    out: dict[str, dict[str, Any]] = {}
    for e in load_package_data(_PKG, "keti_meanings")["keti"]:
        where = f"keti {e['name']}"
        when = e.get("when", {})
        if not when:
            raise ValueError(f"{where}: no condition")
        _check_when(when, CHART_KEYS, where)
        _check_topics(e["topics"], where)
        _text(e["text"], where)
        if e["name"] in out:
            raise ValueError(f"{where}: duplicate")
        out[e["name"]] = e
    return out


@cache
def shensha_meanings() -> dict[str, tuple[tuple[str, ...], tuple[str, ...], Text, Mapping[str, Any], str]]:
    """神煞 name → (src, topics, text, extra condition, rule id).

    Own meanings (``principles_shensha.toml``) first; the seed-000 judgments come from the shared
    table of 金口訣 (``jinkoujue/data/judgments_shensha.toml``) when its rule is keyed on the 神煞 alone
    or on 上剋下 at the 神煞 (``shensha_ke = "above"``).
    """
    out: dict[str, tuple[tuple[str, ...], tuple[str, ...], Text, Mapping[str, Any], str]] = {}
    for e in load_package_data(_PKG, "principles_shensha")["shensha"]:
        where = f"shensha {e['name']}"
        out[e["name"]] = (tuple(e["src"]), _check_topics(e["topics"], where), _text(e["text"], where), {}, "")
    try:
        shared = load_package_data("xuanheng.jinkoujue", "judgments_shensha")
    except (FileNotFoundError, ModuleNotFoundError):  # pragma: no cover - jinkoujue always ships
        return out
    vocab = topics()
    for r in shared.get("rule", []):
        when = dict(r.get("when", {}))
        names = when.pop("shensha", None)
        if names is None or set(when) - {"shensha_ke"} or when.get("shensha_ke", "above") != "above":
            continue
        text = Text.from_mapping({k: r[k] for k in ("ko", "zh-Hant", "en")})
        tps = tuple(t for t in r.get("topics", ()) if t in vocab) or ("總",)
        for n in [names] if isinstance(names, str) else names:
            out.setdefault(n, (tuple(r["src"]), tps, text, when, r["id"]))
    return out


# --------------------------------------------------------------------------------------- context
@dataclass(frozen=True, slots=True)
class Pos:
    """A position of the chart: ``upper`` 天盤 branch on ``lower`` 地盤 branch, the 天將 it carries."""

    name: str
    upper: int
    lower: int
    lower_element: int
    jiang: int


@dataclass(frozen=True, slots=True)
class _Ctx:
    chart: LiuRenChart
    month: int | None
    year: int | None
    positions: tuple[Pos, ...]
    jiang_present: frozenset[int]
    ke_ti: frozenset[str]
    ji: frozenset[str]
    xiong: frozenset[str]

    @property
    def day(self) -> GanZhi:
        return self.chart.day

    def jiang_on(self, b: int) -> str:
        return TIAN_JIANG[self.chart.jiang_on[b]]

    def state(self, b: int) -> str | None:
        if self.month is None:
            return None
        return str(state_by_month(BRANCH_ELEMENT[b], self.month).value)


def _opt_branch(value: str | int | None, field: str) -> int | None:
    return None if value is None else parse.branch(value, field)


def _context(chart: LiuRenChart, month_branch: str | int | None, year_branch: str | int | None) -> _Ctx:
    m = _opt_branch(month_branch, "month_branch")
    y = _opt_branch(year_branch, "year_branch")
    if m is None:  # the chart's own 月建 (from its calendar, or given with the coordinates)
        m = chart.time.month_branch
    if y is None:
        y = chart.time.year_branch
    pos: list[Pos] = []
    for name, c in zip(POSITIONS[:3], chart.san_chuan, strict=True):
        lo = chart.lower_of(c.branch)
        pos.append(Pos(name, c.branch, lo, BRANCH_ELEMENT[lo], c.tian_jiang))
    for i, k in enumerate(chart.si_ke):
        le = STEM_ELEMENT[k.lower_stem] if k.lower_stem is not None else BRANCH_ELEMENT[k.lower]
        pos.append(Pos(POSITIONS[3 + i], k.upper, k.lower, le, k.tian_jiang))
    names = {k.name for k in chart.ke_ti} | {chart.method, chart.sub_method}
    cls = principles()["jiang_class"]
    return _Ctx(
        chart,
        m,
        y,
        tuple(pos),
        frozenset(p.jiang for p in pos),
        frozenset(names),
        frozenset(cls["ji"]),
        frozenset(cls["xiong"]),
    )


# ------------------------------------------------------------------------------------ conditions
def _bset(values: Iterable[str]) -> frozenset[int]:
    return frozenset(branch_index(v) for v in values)


def _role_branches(role: str, c: _Ctx) -> tuple[int, ...]:
    ch = c.chart
    if role == "day_stem":
        return (JI_GONG[ch.day.stem],)
    if role == "day_branch":
        return (ch.day.branch,)
    if role == "nian_ming":
        return tuple(b for b in (ch.ben_ming, ch.xing_nian) if b is not None)
    if role == "yue_jian":
        return (c.month,) if c.month is not None else ()
    if role == "tai_sui":
        return (c.year,) if c.year is not None else ()
    raise ValueError(f"unknown on_role {role!r}")


def _season(c: _Ctx) -> str | None:
    if c.month is None:
        return None
    return str(season_of_month_branch(c.month, tu_months="never").value)


def _pos_holds(key: str, v: Any, shen: int, p: Pos, c: _Ctx) -> bool:
    ch = c.chart
    if key == "jiang":
        return c.jiang_on(shen) in v
    if key == "not_jiang":
        return c.jiang_on(shen) not in v
    if key == "jiang_class":
        return c.jiang_on(shen) in (c.ji if v == "ji" else c.xiong)
    if key == "on":
        return p.lower in _bset(v)
    if key == "not_on":
        return p.lower not in _bset(v)
    if key == "on_role":
        return any(p.lower in _role_branches(r, c) for r in v)
    if key == "covered_by":
        return ch.tian_pan[shen] in _bset(v)
    if key == "covered_by_yue_jiang":
        return (ch.hour == shen) is bool(v)
    if key == "covered_by_dun_gan":
        g = dun_gan(ch.tian_pan[shen], ch.day)
        return g is not None and STEMS[g] in v
    if key == "day_stem":
        return STEMS[ch.day.stem] in v
    if key == "not_day_stem":
        return STEMS[ch.day.stem] not in v
    if key == "day_branch":
        return BRANCHES[ch.day.branch] in v
    if key == "day_yin":
        return stem_yin(ch.day.stem) is bool(v)
    if key == "season":
        return _season(c) in v
    if key == "month":
        return c.month is not None and BRANCHES[c.month] in v
    if key == "state":
        return c.state(shen) in v
    if key == "fa_yong":
        return (ch.chu == shen) is bool(v)
    if key == "overcomes":
        e = BRANCH_ELEMENT[shen]
        if v == "day_stem":
            return overcomes(e, STEM_ELEMENT[ch.day.stem])
        return overcomes(e, STEM_ELEMENT[ch.day.stem]) or overcomes(e, BRANCH_ELEMENT[ch.day.branch])
    if key == "gui_direction":
        return bool(ch.gui_ren.direction == v)
    if key == "ke_ti":
        return any(n in c.ke_ti for n in v)
    if key == "day_night":
        return (ch.gui_ren.is_day and v == "day") or (not ch.gui_ren.is_day and v == "night")
    if key == "is_yi_ma":
        return (ch.yi_ma == shen) is bool(v)
    if key == "xing_on":
        return (xing(shen) == p.lower) is bool(v)
    if key == "xing_ben_ming":
        return ch.ben_ming is not None and xing(shen) == ch.ben_ming
    if key == "with_jiang":
        return any(TIAN_JIANG[j] in v for j in c.jiang_present)
    if key == "with_jiang_all":
        present = {TIAN_JIANG[j] for j in c.jiang_present}
        return all(n in present for n in v)
    raise ValueError(f"unknown condition {key!r}")


def _holds_at(when: Mapping[str, Any], shen: int, p: Pos, c: _Ctx) -> bool:
    for k, v in when.items():
        if k == "any":
            if not any(_holds_at(sub, shen, p, c) for sub in v):
                return False
        elif not _pos_holds(k, v, shen, p, c):
            return False
    return True


def _front_of_gui(b: int, c: _Ctx) -> bool:
    """*b* stands in front of 貴人 on the 天盤 (1–5 steps in the direction the 天將 run)."""
    g = c.chart.gui_ren.branch
    step = (b - g) % 12 if c.chart.gui_ren.direction == "shun" else (g - b) % 12
    return 1 <= step <= 5


def _chart_key(key: str, v: Any, c: _Ctx) -> bool:
    ch = c.chart
    chuan = [x.branch for x in ch.san_chuan]
    if key == "gui_ren_on":
        return ch.lower_of(ch.gui_ren.branch) in _bset(v)
    if key == "ke_ti":
        return any(n in c.ke_ti for n in ([v] if isinstance(v, str) else v))
    if key == "all_ke_relation":
        return all(k.relation == v for k in ch.si_ke)
    if key == "day_in":
        return ch.day.name in v
    if key == "zhi_shang":
        return ch.zhi_shang in _bset(v)
    if key == "day_branch":
        return BRANCHES[ch.day.branch] in v
    if key == "chu":
        return ch.chu in _bset(v)
    if key == "hour":
        return ch.hour in _bset(v)
    if key == "chuan_within":
        return all(b in _bset(v) for b in chuan)
    if key == "chuan_has":
        return any(b in _bset(v) for b in chuan)
    if key == "chuan_jiang_any":
        return any(TIAN_JIANG[x.tian_jiang] in v for x in ch.san_chuan)
    if key == "chu_jiang":
        return TIAN_JIANG[ch.san_chuan[0].tian_jiang] in v
    if key == "chu_jiang_class":
        return TIAN_JIANG[ch.san_chuan[0].tian_jiang] in (c.ji if v == "ji" else c.xiong)
    if key == "chu_is":
        ref = {"yi_ma": ch.yi_ma, "tai_sui": c.year, "yue_jiang": ch.yue_jiang}
        return all(ref[r] is not None and ref[r] == ch.chu for r in v)
    if key == "wang_xiang":
        where = {"gan_shang": ch.gan_shang, "zhi_shang": ch.zhi_shang, "chu": ch.chu}
        return all(c.state(where[w]) in ("旺", "相") for w in v)
    if key == "gui_direction":
        return bool(ch.gui_ren.direction == v)
    if key == "front_of_gui":
        where = {"gan_shang": ch.gan_shang, "zhi_shang": ch.zhi_shang}
        return all(_front_of_gui(where[w], c) for w in v)
    if key == "gan_shang_is":
        ref = {"day_branch": ch.day.branch}
        return any(ch.gan_shang == ref[r] for r in v)
    if key == "gan_shang_overcomes_day_stem":
        return overcomes(BRANCH_ELEMENT[ch.gan_shang], STEM_ELEMENT[ch.day.stem]) is bool(v)
    raise ValueError(f"unknown chart condition {key!r}")


def _holds_chart(when: Mapping[str, Any], c: _Ctx) -> bool:
    return all(_chart_key(k, v, c) for k, v in when.items())


# --------------------------------------------------------------------------------------- helpers
def _fmt(t: Text, **kw: Mapping[str, str] | str) -> Text:
    def one(lang: str, s: str) -> str:
        vals = {k: (v if isinstance(v, str) else v[lang]) for k, v in kw.items()}
        return s.format(**vals)

    return Text(
        ko=one("ko", t.ko),
        zh_hant=one("zh-Hant", t.zh_hant),
        en=one("en", t.en),
    )


def _shen_title(s: Shen, suffix: Mapping[str, str] | None = None) -> Text:
    b = BRANCHES[s.branch]
    sx = suffix or {"ko": "", "zh-Hant": "", "en": ""}
    return Text(
        ko=f"{s.name_ko}({b}){sx['ko']}",
        zh_hant=f"{s.name}（{b}）{sx['zh-Hant']}",
        en=f"{s.name} ({b}){sx['en']}",
    )


def _pos_fact(p: Pos, c: _Ctx, plate: str = "tian") -> dict[str, Any]:
    ch = c.chart
    lower = (
        STEMS[ch.day.stem] if p.name == "ke1" else BRANCHES[p.lower]
    )  # the first 課 stands on the day stem itself
    return {
        "position": p.name,
        "upper": BRANCHES[p.upper],
        "lower": lower,
        "tian_jiang": TIAN_JIANG[p.jiang],
        "plate": plate,
    }


def _lower_overcomes(p: Pos) -> bool:
    return overcomes(p.lower_element, BRANCH_ELEMENT[p.upper])


def _common_facts(c: _Ctx) -> dict[str, Any]:
    f: dict[str, Any] = {"day": c.chart.day.name}
    if c.month is not None:
        f["month_branch"] = BRANCHES[c.month]
    return f


# ------------------------------------------------------------------------------------- the rules
def _principle_rules(c: _Ctx) -> list[FiredRule]:
    p = principles()
    ch = c.chart
    out: list[FiredRule] = []
    # 002-006: where the lower overcomes the upper, the earth-plate branch is read
    pr = p["plate_rule"]
    flipped = [x for x in c.positions if _lower_overcomes(x)]
    if flipped:
        sep = {"ko": ", ", "zh-Hant": "、", "en": ", "}
        names = {lang: sep[lang].join(POSITION_NAMES[x.name][lang] for x in flipped) for lang in sep}
        seen = list(dict.fromkeys(BRANCHES[x.lower] for x in flipped))
        lowers = {"ko": ", ".join(seen), "zh-Hant": "、".join(seen), "en": ", ".join(seen)}
        out.append(
            FiredRule(
                id=pr["id"],
                src=tuple(pr["src"]),
                facts={"positions": [_pos_fact(x, c, "di") for x in flipped]},
                text=_fmt(_text(pr["text"], "plate_rule"), positions=names, lower=lowers),
                topics=tuple(pr["topics"]),
                extra={"kind": "principle"},
            )
        )
    # 002-005: the spirit placed on 日干, 日支, 太歲, 本命, 行年
    tnames = p["placement_targets"]["names"]
    targets: list[tuple[str, int, int, int | None]] = [  # key, upper, target element, target branch
        ("day_stem", ch.gan_shang, STEM_ELEMENT[ch.day.stem], JI_GONG[ch.day.stem]),
        ("day_branch", ch.zhi_shang, BRANCH_ELEMENT[ch.day.branch], ch.day.branch),
    ]
    for key, b in (("tai_sui", c.year), ("ben_ming", ch.ben_ming), ("xing_nian", ch.xing_nian)):
        if b is not None:
            targets.append((key, ch.tian_pan[b], BRANCH_ELEMENT[b], b))
    rel_name = {
        Relation.GENERATES: "生",
        Relation.GENERATED_BY: "被生",
        Relation.OVERCOMES: "剋",
        Relation.OVERCOME_BY: "被剋",
        Relation.SAME: "比和",
    }
    by_rel = {e["rel"]: e for e in p["placement"]}
    for key, upper, te, tb in targets:
        rels = [rel_name[relation(BRANCH_ELEMENT[upper], te)]]
        if tb is not None and is_xing(upper, tb):
            rels.append("刑")
        if tb is not None and liu_he(upper) == tb:
            rels.append("合")
        target_label = STEMS[ch.day.stem] if key == "day_stem" else BRANCHES[tb] if tb is not None else ""
        for r in rels:
            e = by_rel[r]
            tn = {lang: f"{tnames[key][lang]}({target_label})" for lang in ("ko", "zh-Hant")}
            tn["en"] = f"{tnames[key]['en']} {target_label}"
            out.append(
                FiredRule(
                    id=e["id"],
                    src=tuple(e["src"]),
                    facts={"target": key, "target_branch": target_label, "upper": BRANCHES[upper], "rel": r},
                    text=_fmt(_text(e["text"], e["id"]), upper=BRANCHES[upper], target=tn),
                    topics=tuple(e["topics"]),
                    extra={"kind": "principle"},
                )
            )
    # 002-007: the six pairs, by the branches of the 三傳
    chuan = [x.branch for x in ch.san_chuan]
    for e in p["pair"]:
        pair = _bset(e["branches"])
        hit = [POSITIONS[i] for i, b in enumerate(chuan) if b in pair]
        if hit:
            out.append(
                FiredRule(
                    id=e["id"],
                    src=tuple(e["src"]),
                    facts={"branches": e["branches"], "in": hit},
                    text=_text(e["text"], e["id"]),
                    topics=tuple(e["topics"]),
                    extra={"kind": "principle"},
                )
            )
    return out


def _keti_rules(c: _Ctx) -> list[FiredRule]:
    out: list[FiredRule] = []
    for name, e in keti_meanings().items():
        when = e["when"]
        if not _holds_chart(when, c):
            continue
        facts: dict[str, Any] = {"ke_ti": name, "conditions": dict(when)}
        out.append(
            FiredRule(
                id=f"ke_ti.{name}",
                src=tuple(e["src"]),
                facts=facts,
                text=_text(e["text"], name),
                topics=tuple(e["topics"]),
                title=Text(ko=name, zh_hant=name, en=name),
                extra={"kind": "ke_ti", "detected_by": "engine" if "ke_ti" in when else "reading"},
            )
        )
    return out


def _leishen_rules(c: _Ctx, plate_rule: str, variants: frozenset[str]) -> list[FiredRule]:
    shens, rules = leishen()
    read_at: dict[int, list[tuple[Pos, str]]] = {}  # 神 read by the plate rule → positions
    upper_at: dict[int, list[Pos]] = {}
    for p in c.positions:
        upper_at.setdefault(p.upper, []).append(p)
        if plate_rule == "seed" and _lower_overcomes(p):
            if p.name != "ke1":  # the first 課's lower is the day stem itself, not a 天神
                read_at.setdefault(p.lower, []).append((p, "di"))
        else:
            read_at.setdefault(p.upper, []).append((p, "tian"))
    out: list[FiredRule] = []
    base = _common_facts(c)
    for b, where in read_at.items():  # the 天神's own profile (element, 寄干, 本將, 月將)
        s = shens[b]
        facts = dict(base)
        facts.update({"shen": BRANCHES[b], "shen_name": s.name, "positions": _facts_of(where, b, c)})
        facts.update({"element": s.element, "ji_gan": list(s.ji_gan), "ben_jiang": s.ben_jiang})
        out.append(
            FiredRule(
                id=f"shen.{BRANCHES[b]}",
                src=s.src,
                facts=facts,
                text=s.text,
                topics=("總",),
                title=_shen_title(s),
                extra={"kind": "leishen", "about": s.name},
            )
        )
    for r in rules:
        when = r.when
        if r.variant_key and r.variant_key in variants and r.variant_when is not None:
            when = r.variant_when
        if r.scope == "chart":
            if _holds_chart(when, c):
                out.append(_leishen_fired(r, shens[r.shen], [], when, base, c))
            continue
        for subj in r.subjects:
            cand = (
                read_at.get(subj, [])
                if r.kind == "attribute"
                else [(q, "tian") for q in upper_at.get(subj, [])]
            )
            hits = [(q, pl) for q, pl in cand if _holds_at(when, subj, q, c)]
            if hits:
                out.append(_leishen_fired(r, shens[r.shen], _facts_of(hits, subj, c), when, base, c, subj))
    rank = {n: i for i, n in enumerate(POSITIONS)}
    out.sort(key=lambda f: min((rank[p["position"]] for p in f.facts["positions"]), default=len(rank)))
    return out


def _facts_of(hits: list[tuple[Pos, str]], subj: int, c: _Ctx) -> list[dict[str, Any]]:
    return [_pos_fact(q, c, pl) | ({"read": BRANCHES[subj]} if pl == "di" else {}) for q, pl in hits]


def _flat_keys(when: Mapping[str, Any]) -> Iterable[str]:
    for k, v in when.items():
        if k == "any":
            for sub in v:
                yield from sub
        else:
            yield k


def _leishen_fired(
    r: Rule,
    s: Shen,
    positions: list[dict[str, Any]],
    when: Mapping[str, Any],
    base: dict[str, Any],
    c: _Ctx,
    subject: int | None = None,
) -> FiredRule:
    facts: dict[str, Any] = dict(base)
    b = subject if subject is not None else s.branch
    facts.update({"shen": BRANCHES[b], "shen_name": SHEN_NAMES[b], "positions": positions})
    if r.kind == "verse":
        facts["conditions"] = dict(when)
        if "state" in _flat_keys(when) and c.state(b) is not None:
            facts["state"] = c.state(b)
    extra: dict[str, Any] = {"kind": "leishen" if r.kind == "attribute" else "verse", "about": s.name}
    if r.note:
        extra["note"] = r.note
    return FiredRule(
        id=r.id,
        src=r.src,
        facts=facts,
        text=r.text,
        topics=r.topics,
        title=_shen_title(s),
        extra=extra,
    )


def _shensha_rules(c: _Ctx) -> list[FiredRule]:
    meanings = shensha_meanings()
    seen: dict[str, list[Any]] = {}
    for sp in c.chart.shensha:
        if sp.in_chart:
            seen.setdefault(sp.name, []).append(sp)
    out: list[FiredRule] = []
    for name, sps in seen.items():
        m = meanings.get(name)
        if m is None:
            continue
        src, tps, text, extra_when, rid = m
        if extra_when.get("shensha_ke") == "above":
            ks = [k for k in c.chart.si_ke if k.upper in {sp.branch for sp in sps} and k.relation == "剋"]
            if not ks:
                continue
        out.append(
            FiredRule(
                id=rid or f"shensha.{name}",
                src=src,
                facts={
                    "shensha": name,
                    "branches": sorted({BRANCHES[sp.branch] for sp in sps}),
                    "in": sorted({x for sp in sps for x in sp.in_chart}),
                },
                text=text,
                topics=tps,
                title=Text(ko=name, zh_hant=name, en=name),
                extra={"kind": "shensha"},
            )
        )
    return out


# ------------------------------------------------------------------------------------------- API
def reading(
    chart: LiuRenChart,
    topic: str | None = None,
    lang: str = "zh-Hant",
    *,
    month_branch: str | int | None = None,
    year_branch: str | int | None = None,
    plate_rule: str = "seed",
    variants: Iterable[str] = (),
) -> list[FiredRule]:
    """Rules that fire on *chart*: principles (002-005/006/007), 課體 meanings, 類神 of 三傳 and 四課
    under their 天將 and the day stem, and 神煞 meanings — each with facts, text, topics and source.

    *topic* keeps only rules tagged with it (a key of :func:`topics`). *lang* is checked and kept for the
    caller's rendering (every :class:`Text` carries all four languages). *month_branch* / *year_branch*
    (月建 / 太歲) default to the chart's calendar when it was cast from an instant; without a month the
    rules that need 旺相 or the season do not fire. *plate_rule*: ``"seed"`` (default, 002-006: where the
    lower overcomes the upper, the 地盤 branch's 類神 list is read) or ``"upper"`` (always the 天盤).
    *variants*: named text variants to use instead of the default reading (``hai_gouchen_bing_ding``:
    002-036 on 丙丁 days, the note's variant).
    """
    lang = check_lang(lang)
    if not isinstance(chart, LiuRenChart):
        raise InputError(
            f"reading needs a LiuRenChart from xuanheng.liuren.cast…, got {type(chart).__name__}",
            field="chart",
        )
    if topic is not None and topic not in topics():
        raise InputError(f"unknown topic {topic!r}: expected one of {' '.join(topics())}", field="topic")
    if plate_rule not in PLATE_RULES:
        raise OptionError(
            f"plate_rule {plate_rule!r}: expected one of {', '.join(PLATE_RULES)}", field="plate_rule"
        )
    known_variants = {r.variant_key for r in leishen()[1] if r.variant_key}
    vs = frozenset(variants)
    if vs - known_variants:
        raise OptionError(
            f"unknown variant(s) {sorted(vs - known_variants)}: expected any of {sorted(known_variants)}",
            field="variants",
        )
    c = _context(chart, month_branch, year_branch)
    fired = _principle_rules(c) + _keti_rules(c) + _leishen_rules(c, plate_rule, vs) + _shensha_rules(c)
    if topic is not None:
        fired = [f for f in fired if topic in f.topics]
    return fired


def reading_json(
    chart: LiuRenChart, topic: str | None = None, lang: str = "zh-Hant", **kw: Any
) -> list[dict[str, Any]]:
    """:func:`reading` rendered for JSON in *lang* (the ``reading`` list of a chart's JSON)."""
    return [r.to_json(lang) for r in reading(chart, topic, lang, **kw)]


__all__ = [
    "CHART_KEYS",
    "PLATE_RULES",
    "POSITIONS",
    "POS_KEYS",
    "Pos",
    "Rule",
    "Shen",
    "keti_meanings",
    "leishen",
    "principles",
    "reading",
    "reading_json",
    "shensha_meanings",
    "topics",
]
