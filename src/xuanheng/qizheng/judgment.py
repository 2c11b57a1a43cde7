"""The 七政四餘 life judgment (斷): a nativity read the way 《星學大成》 and 鄭希誠's cases read it.

:func:`judge` gives one :class:`~xuanheng.reading.judgment.Judgment`:

* its **verdict** is the rank of the life (``ming`` kind of ``reading/data/verdicts.toml``: 上格 / 中格 /
  下格), and its steps are the **大象**: the day/night lead (晝生看命度主, 夜生看身度主: the 度主 or the 身主
  counts double), the three lords — 命主, 身主, 度主 — each strong or weak by dignity and palace class (the
  reading's own :meth:`~xuanheng.qizheng._reading_ctx.Ctx.strength`), 升殿, their motion (留 逆 伏), the
  命主's season; the 恩/難/仇/用 stars of the 命主 (:mod:`xuanheng.qizheng.ennan`) in and around the 命宮,
  用星制難 and 讎主傷恩; the company of the 命宮; the 格局 the reading fired (the leading one named), and
  where rules of seed 003 conflict (003-019 貴格 beside 003-020 賤格; 003-015 … 003-019 合格 beside 003-026)
  a settling step that says which prevails and why;
* its **sections**: 性情, 富貴 (財帛, 官祿), 六親 (田宅, 夫妻, 男女), 壽元, the 童限, each 大限 (its ages and
  dates, the palace's stars, the master of the 宿 its 限度 enters) and, with a date ``on``, its 小限 and 流年.
  A palace is read by its lord, the 曜 in it (恩/用 of the 命主 help, 難/仇 harm; else 吉 or 凶 曜), and the
  化曜 that keeps it (管庫, 003-022); a 大限's palace is read as a period instead (:func:`_xian_palace`: the
  lord's strength and its 恩/難 to the 命主, each 曜 by its nature and strength, the harmful star spirits);
* with a topic (``財`` ``官`` ``婚`` ``子女`` ``田宅`` ``壽`` …) only that matter: its section as the
  judgment, the 大限 through its palace and the year's 小限/流年 as the sections.

Every step's words (ko / zh-Hant / en), weight and sources are data (``data/judgment.toml``); the fired rules
of the reading stay as commentary ids.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from xuanheng.core._frozen import maker
from xuanheng.core.ganzhi import BRANCHES, ELEMENTS
from xuanheng.core.wangshuai import state_by_season
from xuanheng.core.wuxing import overcomes
from xuanheng.errors import InputError, OutOfRangeError
from xuanheng.i18n.words import joined, listed, word
from xuanheng.qizheng._reading_ctx import ASPECT_OF, JI, XIONG, Ctx
from xuanheng.qizheng.chart import QiZhengChart, QiZhengLife
from xuanheng.qizheng.ennan import ELEMENT, ROLES, role_element, role_of, stars_of
from xuanheng.qizheng.gong import GONG_NAMES, PALACES
from xuanheng.qizheng.memo import ChartMemo
from xuanheng.qizheng.xiu import NAMES as XIU_NAMES
from xuanheng.qizheng.xiu import XIU
from xuanheng.reading import FiredRule, Text
from xuanheng.reading.judgment import (
    Focus,
    Judgment,
    Question,
    Section,
    Step,
    Verdict,
    VerdictWord,
    YingQi,
    verdict_word,
    vocabulary,
)
from xuanheng.rules import normalise_topic
from xuanheng.rules.topics import topic_word

_PKG = "xuanheng.qizheng"
#: the 化曜 titles that bless the palace they keep (天祿 福 蔭 貴 印 權; 暗 耗 刑 囚 harm it)
_GOOD_HUA: tuple[str, ...] = ("祿", "福", "蔭", "貴", "印", "權")
_MOTION = ("留", "逆", "伏")
#: steps a section never leaves out when it has more than it states: what places the reading
_KEEP = frozenset(
    {
        "zhu.qiang",
        "zhu.ruo",
        "zhu.ping",
        "day.du_zhu",
        "night.shen_zhu",
        "ge.lead",
        "ge.none",
        "xian.ming",
        "xian.tong",
        "xing.element",
        "shou.xing",
    }
)
_STRONG_DIGNITIES = ("入垣", "廟", "旺")
#: the dignities that make a lord strong in 〈宮度主論〉's example (入垣, 升殿) and the 廟旺 that 卷一 names
#: with them as making a lord sound (〈星辰廟旺圖〉: 主者為合格)
_GONG_DU_STRONG = ("入垣", "升殿", "廟", "旺")


@dataclass(frozen=True, slots=True)
class _StepDef:
    weight: int
    text: Mapping[str, str]
    src: tuple[str, ...]


@dataclass(frozen=True)
class _Data:
    steps: dict[str, _StepDef]
    sections: dict[str, Mapping[str, Any]]
    focus: dict[str, Mapping[str, str]]
    verdict: Mapping[str, Any]
    virtue: dict[str, Mapping[str, str]]
    rel: dict[str, dict[str, str]]  # [rel]: 恩星 難星 … in every language
    role: dict[str, dict[str, str]]  # [role]: 命主 身主 度主; [role_palace]: a palace's lord
    role_palace: dict[str, str]
    why: dict[str, dict[str, str]]  # [why]: 入垣 廟 旺 陷 七強宮 五弱宮
    motion: dict[str, dict[str, str]]  # [motion]: 留 逆 伏
    grade: dict[str, dict[str, str]]  # [grade]: 貴 賤 雜
    season: dict[str, dict[str, str]]  # [season]: 春 夏 秋 冬 季
    ying: dict[str, Mapping[str, str]]
    ying_xiao: dict[str, Mapping[str, str]]
    threshold: Mapping[str, Any]
    #: topic → section key
    topic_section: dict[str, str]
    #: palace → the 化曜 titles that keep it (003-022)
    keepers: dict[str, tuple[str, ...]]
    #: the words of a 曜's nature and strength in a 限 (``[xian_yao]``)
    xian_yao: dict[str, Mapping[str, str]]
    #: the keys of the star spirits that harm a 限 on their palace (``[xian_sha]``)
    xian_sha: frozenset[str]


@cache
def data() -> _Data:
    """``data/judgment.toml`` (and the 管庫 table of ``hua_yao.toml``), loaded once."""
    raw = tomllib.loads(resources.files(_PKG).joinpath("data/judgment.toml").read_text("utf-8"))
    hua = tomllib.loads(resources.files(_PKG).joinpath("data/hua_yao.toml").read_text("utf-8"))
    keepers: dict[str, list[str]] = {}
    for title, palaces in hua["guan"].items():
        if title == "src":
            continue
        for p in palaces:
            keepers.setdefault(p, []).append(title)
    steps = {
        k: _StepDef(int(v["weight"]), v["text"], tuple(v.get("src", ()))) for k, v in raw["step"].items()
    }
    topic_section = {
        normalise_topic(t): key for key, sec in raw["section"].items() for t in sec.get("topics", ())
    }
    _STEPS.update(steps)
    return _Data(
        steps=steps,
        sections=raw["section"],
        focus={k: v["text"] for k, v in raw["focus"].items()},
        verdict=raw["verdict"],
        virtue={k: _Said(v) for k, v in raw["virtue"].items()},
        rel={k: _Said(v) for k, v in raw["rel"].items()},
        role=raw["role"],
        role_palace=raw["role_palace"]["text"],
        why=raw["why"],
        motion=raw["motion"],
        grade={k: _Said(v) for k, v in raw["grade"].items()},
        season={k: _Said(v) for k, v in raw["season"].items()},
        ying={k: v["text"] for k, v in raw["ying"].items()},
        ying_xiao={k: v["text"] for k, v in raw["ying_xiao"].items()},
        threshold=raw["threshold"],
        topic_section=topic_section,
        keepers={k: tuple(v) for k, v in keepers.items()},
        xian_yao={k: _Said(v) for k, v in raw["xian_yao"].items()},
        xian_sha=frozenset(raw["xian_sha"]["keys"]),
    )


#: Step(key, effect, text, src, facts) and Section(key, title, verdict, steps, ying_qi, facts) built slot by
#: slot (xuanheng.core._frozen: the same values, without the frozen __init__'s setattr per field)
_STEP = maker(Step)
_SECTION = maker(Section)

#: the step definitions of data(), bound on first use
_STEPS: dict[str, _StepDef] = {}

#: filled texts by (template, parameters): the same words recur from chart to chart
_FILLED: dict[tuple[int, tuple[tuple[str, Any], ...]], Text] = {}


class _Said(dict[str, str]):
    """Words in every language (``{"ko", "zh-Hant", "en"}``) as a step's parameter: a dict, as :func:`_text`
    fills it, that is also hashable (by its words), so that a filled text is found in :data:`_FILLED` by its
    parameters as they are. Made from the judgment's data and word lists and never changed after (its hash
    is kept once taken)."""

    __slots__ = ("_hash",)

    def __hash__(self) -> int:  # type: ignore[override]
        try:
            return self._hash
        except AttributeError:
            self._hash: int = hash(tuple(self.items()))
            return self._hash


#: the parameter types :func:`_text` says in each language
_SAID_TYPES = (dict, _Said)


def _text(template: Mapping[str, str], **params: Any) -> Text:
    """*template* filled with *params*; a parameter given as a dict of languages is said in each one."""
    key: tuple[Any, ...] = (id(template), *params.items())
    try:
        got = _FILLED.get(key)
    except TypeError:  # a parameter said in each language (a plain dict): keyed by its items
        key = (id(template), *((k, tuple(v.items()) if type(v) is dict else v) for k, v in params.items()))
        got = _FILLED.get(key)
    if got is None:
        out = {}
        for lang, t in template.items():
            p = {
                k: (v.get(lang, v.get("zh-Hant", "")) if type(v) in _SAID_TYPES else v)
                for k, v in params.items()
            }
            out[lang] = t.format(**p)
        got = Text.from_mapping(out)
        if len(_FILLED) < 65536:
            _FILLED[key] = got
    return got


def _raw(t: Text) -> _Said:
    """A text as a parameter of another (the languages as written; zh-Hans is derived at the end)."""
    return _Said({"ko": t.ko, "zh-Hant": t.zh_hant, "en": t.en})


@lru_cache(maxsize=4096)
def _listed(names: tuple[str, ...]) -> _Said:
    """:func:`~xuanheng.i18n.words.listed` of *names* as a parameter (kept: the same lists recur)."""
    return _Said(listed(names))


@cache
def _word(kind: str, key: str) -> _Said:
    """:func:`~xuanheng.i18n.words.word` as a parameter."""
    return _Said(word(kind, key))


class _Chain:
    """The steps of one section (or of the 大象) and their weighed sum."""

    __slots__ = ("steps", "total")

    def __init__(self) -> None:
        self.steps: list[tuple[Step, int]] = []
        self.total = 0

    def add(
        self,
        key: str,
        facts: dict[str, Any] | None = None,
        *,
        weight: int | None = None,
        src: tuple[str, ...] | None = None,
        **p: Any,
    ) -> int:
        d = _STEPS[key] if _STEPS else data().steps[key]
        w = d.weight if weight is None else weight
        effect = "+" if w > 0 else "-" if w < 0 else "="
        self.steps.append((_STEP(key, effect, _text(d.text, **p), src or d.src, facts or {}), w))
        self.total += w
        return w

    def extend(self, steps: Sequence[tuple[Step, int]]) -> None:
        """Add steps stated once for another section (a palace read again by a 限)."""
        self.steps.extend(steps)
        self.total += sum(w for _, w in steps)

    def chosen(self, limit: int) -> tuple[Step, ...]:
        """At most *limit* steps in their order: the steps that place the reading (:data:`_KEEP`: the
        lords, the day/night lead, the leading 格局 …), every settling step (``weigh.*``) and, of the rest,
        those that weigh most."""
        if len(self.steps) <= limit:
            return tuple(s for s, _ in self.steps)
        keep = {i for i, (s, _) in enumerate(self.steps) if s.key in _KEEP or s.key.startswith("weigh.")}
        rest = sorted(
            (i for i in range(len(self.steps)) if i not in keep), key=lambda i: -abs(self.steps[i][1])
        )
        keep.update(rest[: max(limit - len(keep), 0)])
        return tuple(self.steps[i][0] for i in sorted(keep))

    def polarity(self, kind: str) -> str:
        th = data().threshold[kind]
        if self.total >= int(th["good"]):
            return "good"
        if self.total <= int(th["bad"]):
            return "bad"
        return "mixed"


# ── the reading of one lord and of one palace ─────────────────────────────────────────────────────
def _lord(c: _Chain, ctx: Ctx, role: str, star: str, factor: int = 1, *, brief: bool = False) -> int:
    """State the strength, 升殿 and motion of the lord *star* (role *role*); return its strength −1/0/+1.
    *brief*: its strength only, one point either way (a 限's lord, :func:`_xian_palace`)."""
    b = ctx.yao_b[star]
    gong = ctx.gong_of[b]
    dign = ctx.dignities[star]
    s = ctx.strength(star)
    facts = {"role": role, "yao": star, "branch": BRANCHES[b], "gong": gong, "dignities": list(dign)}
    # a dignity (or 陷) counts the step's whole weight, a strong (or weak) palace alone half of it
    if s > 0:
        held = [d for d in dign if d in _STRONG_DIGNITIES]
        why = _why(held or ["七強宮"])
        w = (_STEPS or data().steps)["zhu.qiang"].weight
        c.add(
            "zhu.qiang",
            facts,
            weight=1 if brief else (w if held else w // 2) * factor,
            role=_role(role),
            star=star,
            gong=gong,
            why=why,
        )
    elif s < 0:
        fallen = star in ctx.xian_at
        why = _why(["陷" if fallen else "五弱宮"])
        w = (_STEPS or data().steps)["zhu.ruo"].weight
        c.add(
            "zhu.ruo",
            facts,
            weight=-1 if brief else (w if fallen else w // 2) * factor,
            role=_role(role),
            star=star,
            gong=gong,
            why=why,
        )
    else:
        c.add("zhu.ping", facts, role=_role(role), star=star, gong=gong)
    if brief:
        return s
    if "升殿" in dign:
        c.add("zhu.sheng_dian", facts, role=_role(role), star=star)
    moving = [m for m in _MOTION if m in ctx.motion[star]]
    if moving:
        c.add(
            "zhu.motion",
            {**facts, "motion": moving},
            role=_role(role),
            star=star,
            motion=_why(moving, "motion"),
        )
    return s


def _season(c: _Chain, ctx: Ctx, role: str, star: str) -> None:
    e = _element(star)
    state = state_by_season(e, ctx.season).value
    p: dict[str, Any] = {
        "role": _role(role),
        "star": star,
        "element": _word("element", ELEMENTS[e]),
        "season": data().season[ctx.season],
        "state": _word("wang_shuai", state),
    }
    facts = {"yao": star, "season": ctx.season, "state": state}
    if state in ("旺", "相"):
        c.add("zhu.season_wang", facts, **p)
    elif state in ("囚", "死"):
        c.add("zhu.season_shuai", facts, **p)


def _element(star: str) -> int:
    return ELEMENT[star]


def _rel_label(role: str | None) -> dict[str, str]:
    """恩星 難星 仇星 用星 (or 比和之星 for *role* None) in every language (``[rel]``)."""
    return data().rel[role or "same"]


_LANGS3 = ("ko", "zh-Hant", "en")


@cache
def _role(role: str) -> dict[str, str]:
    """A lord's role (命主, 身主·度主 for one star holding two, 財帛主) in every language (``[role]``,
    ``[role_palace]``)."""
    d = data()
    parts = [
        d.role[r] if r in d.role or not r.endswith("主") else _palace_lord(r[:-1]) for r in role.split("·")
    ]
    return _Said({lang: "·".join(p[lang] for p in parts) for lang in _LANGS3})


def _palace_lord(gong: str) -> dict[str, str]:
    return {lang: t.format(gong=gong) for lang, t in data().role_palace.items()}


def _why(terms: Sequence[str], table: str = "why") -> _Said:
    """The dignities or palace class that make a lord strong or weak (or, *table* ``motion``, its motion),
    joined, in every language (``[why]``, ``[motion]``)."""
    return _joined_of(tuple(terms), table)


@lru_cache(maxsize=1024)
def _joined_of(terms: tuple[str, ...], table: str) -> _Said:
    """:func:`_why`, kept by its terms (a handful of lists recur)."""
    w = data().motion if table == "motion" else data().why
    return _Said(joined(w[t] for t in terms))


def _company(c: _Chain, ctx: Ctx, b: int, zhu: str, *, skip: Iterable[str] = ()) -> None:
    """The 曜 in the palace of branch *b*: the 命主 *zhu*'s 恩/用 help, its 難/仇 harm, others by 吉/凶."""
    gong = ctx.gong_of[b]
    stars = [y for y in ctx.by_branch[b] if y not in skip]
    if not ctx.by_branch[b]:
        c.add("company.empty", {"gong": gong, "branch": BRANCHES[b]}, gong=gong)
        return
    ji, xiong = [], []
    for y in stars:
        rel = role_of(zhu, y)
        facts = {"gong": gong, "yao": y, "role": rel}
        if rel in ("en", "yong"):
            c.add("company.en", facts, rel=_rel_label(rel), star=y, gong=gong)
        elif rel in ("nan", "chou"):
            c.add("company.nan", facts, rel=_rel_label(rel), star=y, gong=gong)
        elif y in JI:
            ji.append(y)
        elif y in XIONG:
            xiong.append(y)
    if ji:
        c.add("company.ji", {"gong": gong, "yao": ji}, gong=gong, stars=_listed(tuple(ji)))
    if xiong:
        c.add("company.xiong", {"gong": gong, "yao": xiong}, gong=gong, stars=_listed(tuple(xiong)))
    plain = [y for y in stars if y not in ji and y not in xiong and role_of(zhu, y) is None]
    if plain:
        c.add("company.ping", {"gong": gong, "yao": plain}, gong=gong, stars=_listed(tuple(plain)))


def _keeper(c: _Chain, ctx: Ctx, gong: str) -> None:
    """The good 化曜 that keeps palace *gong* (管庫, 003-022): strong helps, weak harms."""
    hua = ctx.chart.hua_yao
    for title in data().keepers.get(gong, ()):
        star = hua.get(title)
        if title not in _GOOD_HUA or star is None:
            continue
        s = ctx.strength(star)
        facts = {"gong": gong, "hua": title, "yao": star}
        if s > 0:
            c.add("hua.qiang", facts, gong=gong, hua=title, star=star)
        elif s < 0:
            c.add("hua.ruo", facts, gong=gong, hua=title, star=star)


#: the steps of a palace read as a matter, by branch, within one judgment (a palace is read by its matter's
#: section, by the 大限 through it and by the year's 小限 or 流年: the same steps each time)
#: — and the sections already made for the chart, keyed by what they read (:func:`_kept`)
_Memo = dict[tuple[Any, ...], Any]


def _kept(memo: _Memo, key: tuple[Any, ...], make: Any, *args: Any) -> Any:
    """``make(*args)`` kept in *memo* under *key*: a section is a function of the chart (the memo's) and of
    what *key* names."""
    got = memo.get(key)
    if got is None:
        got = memo[key] = make(*args)
    return got


def _company_once(c: _Chain, ctx: Ctx, b: int, zhu: str, memo: _Memo) -> None:
    """:func:`_company` of branch *b*, stated once per judgment and reused."""
    got = memo.get(("company", b))
    if got is None:
        p = _Chain()
        _company(p, ctx, b, zhu)
        got = memo[("company", b)] = p.steps
    c.extend(got)


def _palace(c: _Chain, ctx: Ctx, b: int, zhu: str, memo: _Memo) -> None:
    """A palace read as a matter: its lord, its 曜, its keeper."""
    got = memo.get(("palace", b))
    if got is None:
        p = _Chain()
        gong = ctx.gong_of[b]
        _lord(p, ctx, f"{gong}主", PALACES[b].zhu)
        _company(p, ctx, b, zhu)
        _keeper(p, ctx, gong)
        got = memo[("palace", b)] = p.steps
    c.extend(got)


def _harmful_at(ctx: Ctx, memo: _Memo) -> dict[str, list[Mapping[str, Any]]]:
    """The chart's star spirits of seed 003's harmful list (``data().xian_sha``) by the branch they stand at,
    each list in the chart's order: gathered once per judgment, so that a palace read as a 限 looks up its
    own rather than scanning every spirit of the chart."""
    got = memo.get(("harmful_at",))
    if got is None:
        harmful = data().xian_sha
        got = {}
        for h in ctx.chart.shensha:
            at = h.get("at")
            if at is not None and h["key"] in harmful:
                got.setdefault(at, []).append(h)
        memo[("harmful_at",)] = got
    return got


def _xian_palace(c: _Chain, ctx: Ctx, b: int, zhu: str, memo: _Memo) -> None:
    """A palace read as a 限 runs through it (stated once per judgment and reused): its lord's strength,
    one point either way (its 升殿 and motion are the 大象's to read), and whether the lord helps or harms
    the 命主, two points (003-014: the palace's lord rules the 限 as it rules the 命; 恩/用 help, 難/仇
    harm); each 曜 in it by its nature and its strength there (a 吉曜 holding its ground helps most, a 凶曜
    that has lost it harms most); the harmful star spirits of seed 003 on it. Not the 對照 palace nor the
    palace's 化曜 keeper: on the casebook's dev cases each of them took agreement with the books' 大限 away
    (docs/qizheng-judgment.md). The 小限, the 流年 and the 流月 read their palace the same way."""
    got = memo.get(("xian_palace", b))
    if got is None:
        p = _Chain()
        gong = ctx.gong_of[b]
        lord = PALACES[b].zhu
        _lord(p, ctx, f"{gong}主", lord, brief=True)
        rel = role_of(zhu, lord) if lord != zhu else None
        facts = {"gong": gong, "yao": lord, "role": rel}
        if rel in ("en", "yong"):
            p.add("xian.lord_en", facts, gong=gong, star=lord, rel=_rel_label(rel))
        elif rel in ("nan", "chou"):
            p.add("xian.lord_nan", facts, gong=gong, star=lord, rel=_rel_label(rel))
        if not ctx.by_branch[b]:
            p.add("company.empty", {"gong": gong, "branch": BRANCHES[b]}, gong=gong)
        words = data().xian_yao
        for y in ctx.by_branch[b]:
            nature = "ji" if y in JI else "xiong" if y in XIONG else "ping"
            s = ctx.strength(y)
            state = "strong" if s > 0 else "weak" if s < 0 else "plain"
            w = (nature == "ji") - (nature == "xiong") + s
            key = "xian.yao_good" if w > 0 else "xian.yao_bad" if w < 0 else "xian.yao_even"
            p.add(
                key,
                {"gong": gong, "yao": y, "nature": nature, "strength": s},
                weight=w,
                star=y,
                gong=gong,
                nature=words[nature],
                state=words[state],
            )
        for h in _harmful_at(ctx, memo).get(BRANCHES[b], ()):  # in the chart's order
            src = (*_STEPS["xian.sha"].src, *h.get("src", ()))
            p.add("xian.sha", {"gong": gong, "spirit": h["key"]}, src=src, name=h["name"], gong=gong)
        got = memo[("xian_palace", b)] = p.steps
    c.extend(got)


# ── the 大象 ──────────────────────────────────────────────────────────────────────────────────────
@dataclass(frozen=True, slots=True)
class _Ge:
    ids: tuple[str, ...]
    names: tuple[tuple[str, str, str], ...]  # (rule id, name, grade) of the fired 格局 in reading order


def _patterns(fired: Sequence[FiredRule]) -> _Ge:
    names = []
    for r in fired:
        extra = r.extra if type(r.extra) is dict or isinstance(r.extra, Mapping) else {}
        if extra.get("kind") == "格局":
            names.append((r.id, str(extra.get("name")), str(extra.get("grade"))))
    return _Ge(tuple(r.id for r in fired), tuple(names))


def _leading(ge: _Ge, fired: Sequence[FiredRule], lords_ok: bool) -> tuple[str, str, str] | None:
    """The leading 格局: of the grade that prevails (貴 when the lords hold, else 賤; then 雜), the first
    that concerns the 命宮, else the first in the reading's order."""
    if not ge.names:
        return None
    order = ("貴", "賤", "雜") if lords_ok else ("賤", "貴", "雜")
    facts = {r.id: r.facts for r in fired}
    for grade in order:
        of = [g for g in ge.names if g[2] == grade]
        if not of:
            continue
        for g in of:
            if "命宮" in repr(facts.get(g[0], "")):
                return g
        return of[0]
    return ge.names[0]


def _da_xiang(c: _Chain, ctx: Ctx, fired: Sequence[FiredRule]) -> tuple[tuple[str, str, str] | None, int]:
    """The steps of the 大象; returns the leading 格局 and the lords' weighed sum."""
    ming_zhu = ctx.roles["命主"][0]
    shen_zhu = ctx.roles["身主"][0]
    du_zhu = ctx.roles["度主"][0]
    lead_factor = int(data().threshold["lead_factor"])
    if ctx.day:
        c.add("day.du_zhu", {"day": True, "yao": du_zhu}, star=du_zhu)
    else:
        c.add("night.shen_zhu", {"day": False, "yao": shen_zhu}, star=shen_zhu)
    # the three lords, each star once (its roles joined), the lead of day or night doubled
    lords: dict[str, tuple[list[str], int]] = {}
    for role, star, factor in (
        ("命主", ming_zhu, 1),
        ("身主", shen_zhu, 1 if ctx.day else lead_factor),
        ("度主", du_zhu, lead_factor if ctx.day else 1),
    ):
        roles, f = lords.get(star, ([], 1))
        lords[star] = ([*roles, role], max(f, factor))
    before = c.total
    for star, (roles, factor) in lords.items():
        _lord(c, ctx, "·".join(roles), star, factor)
    _season(c, ctx, "命主", ming_zhu)
    lords_sum = c.total - before
    # 恩 難 仇 用 of the 命主
    named: set[str] = set()
    for y in ctx.by_branch[ctx.ming]:
        rel = role_of(ming_zhu, y)
        if rel in ("en", "yong"):
            c.add("en.ming", {"yao": y, "role": rel}, rel=_rel_label(rel), star=y)
            named.add(y)
        elif rel in ("nan", "chou"):
            c.add("nan.ming", {"yao": y, "role": rel}, rel=_rel_label(rel), star=y)
            named.add(y)
    for off in sorted(ASPECT_OF):
        if off == 0:
            continue
        b = (ctx.ming + off) % 12
        for y in ctx.by_branch[b]:
            rel = role_of(ming_zhu, y)
            if rel == "en" and y == stars_of(role_element(ming_zhu, "en"))[0]:
                c.add(
                    "en.zheng",
                    {"yao": y, "gong": ctx.gong_of[b]},
                    rel=_rel_label(rel),
                    star=y,
                    gong=ctx.gong_of[b],
                )
    en = stars_of(role_element(ming_zhu, "en"))[0]
    nan = stars_of(role_element(ming_zhu, "nan"))[0]
    yong = stars_of(role_element(ming_zhu, "yong"))[0]
    chou = stars_of(role_element(ming_zhu, "chou"))[0]
    s_en, s_nan, s_yong, s_chou = (ctx.strength(y) for y in (en, nan, yong, chou))
    if s_en > 0 and en not in named:
        c.add(
            "en.strong",
            {"yao": en, "gong": ctx.gong_of[ctx.yao_b[en]]},
            star=en,
            gong=ctx.gong_of[ctx.yao_b[en]],
        )
    if s_yong > 0 and s_yong > s_nan:
        c.add("nan.zhi", {"yong": yong, "nan": nan}, star=yong, other=nan)
    if s_chou > 0 and s_en < 0:
        c.add("chou.shang_en", {"chou": chou, "en": en}, star=chou, other=en)
    # the 命宮's other company
    if ctx.by_branch[ctx.ming]:
        _company_ji_xiong(c, ctx, ctx.ming, skip=named)
    # 格局
    ge = _patterns(fired)
    lead = _leading(ge, fired, lords_sum >= 0)
    gui = [n for _, n, g in ge.names if g == "貴"]
    jian = [n for _, n, g in ge.names if g == "賤"]
    fired_ids = set(ge.ids)
    if lead is not None:
        c.add(
            "ge.lead",
            {"ge": lead[1], "grade": lead[2], "id": lead[0]},
            ge=lead[1],
            grade=data().grade[lead[2]],
            src=_src_of(fired, lead[0]),
        )
    else:
        c.add("ge.none")
    both = bool(gui) and bool(jian)
    if gui:
        w = data().steps["ge.gui"].weight
        c.add(
            "ge.gui",
            {"ge": gui},
            weight=w if lords_sum >= 0 or not both else w // 2,
            names=_listed(tuple(gui[:4])),
        )
    if jian:
        w = data().steps["ge.jian"].weight
        c.add(
            "ge.jian",
            {"ge": jian},
            weight=w // 2 if lords_sum >= 0 and both else w,
            names=_listed(tuple(jian[:4])),
        )
    if both or {"003-019", "003-020"} <= fired_ids:
        ids = "、".join(i for i in ("003-019", "003-020") if i in fired_ids) or "003-019、003-020"
        c.add(
            "weigh.gui_over_jian" if lords_sum >= 0 else "weigh.jian_over_gui", {"lords": lords_sum}, ids=ids
        )
    he = [i for i in ("003-015", "003-016", "003-017", "003-018", "003-019") if i in fired_ids]
    if he and "003-026" in fired_ids:
        key = "weigh.he_over_bu_chun" if lords_sum >= 0 else "weigh.bu_chun_over_he"
        c.add(key, {"lords": lords_sum, "he": he}, ids="、".join(he))
    return lead, lords_sum


def _company_ji_xiong(c: _Chain, ctx: Ctx, b: int, *, skip: Iterable[str]) -> None:
    gong = ctx.gong_of[b]
    left = [y for y in ctx.by_branch[b] if y not in skip]
    ji = [y for y in left if y in JI]
    xiong = [y for y in left if y in XIONG]
    if ji:
        c.add("company.ji", {"gong": gong, "yao": ji}, gong=gong, stars=_listed(tuple(ji)))
    if xiong:
        c.add("company.xiong", {"gong": gong, "yao": xiong}, gong=gong, stars=_listed(tuple(xiong)))


def _src_of(fired: Sequence[FiredRule], rid: str) -> tuple[str, ...]:
    for r in fired:
        if r.id == rid:
            return (rid, *r.src) if rid not in r.src else tuple(r.src)
    return (rid,)


# ── the sections ──────────────────────────────────────────────────────────────────────────────────
def _section(
    key: str,
    c: _Chain,
    kind: str,
    title: Text | None = None,
    facts: Mapping[str, Any] | None = None,
    ying: tuple[YingQi, ...] = (),
    *,
    limit: int | None = None,
) -> Section:
    d = data()
    pol = c.polarity(kind)
    if pol == "mixed" and not any(s.key.startswith("weigh.") for s, _ in c.steps):
        c.add("weigh.even")
    return _SECTION(
        key,
        title if title is not None else _title(key),
        _section_verdict(pol),
        c.chosen(int(d.threshold["max_steps"]) if limit is None else limit),
        ying,
        dict(facts or {}),
    )


@cache
def _section_verdict(polarity: str) -> Verdict:
    """The verdict of a section of *polarity* (its word and the words of ``[verdict.section]``)."""
    word = verdict_word(None, polarity)
    return Verdict(word, _text(data().verdict["section"][polarity], label=_raw(word.label)))


@cache
def _title(key: str) -> Text:
    """The title of section *key* that has no placeholder (``[section.KEY]``)."""
    return Text.from_mapping(data().sections[key]["title"])


def _xing_qing(ctx: Ctx, zhu: str) -> Section:
    c = _Chain()
    e = ELEMENTS[_element(zhu)]
    c.add(
        "xing.element",
        {"yao": zhu, "element": e},
        star=zhu,
        element=_word("element", e),
        virtue=data().virtue[e],
    )
    stars = ctx.by_branch[ctx.ming]
    ji = [y for y in stars if y in JI]
    xiong = [y for y in stars if y in XIONG]
    if ji:
        c.add("xing.ji", {"yao": ji}, stars=_listed(tuple(ji)))
    if xiong:
        c.add("xing.xiong", {"yao": xiong}, stars=_listed(tuple(xiong)))
    if not stars:
        c.add("company.empty", {"gong": "命宮"}, gong="命宮")
    _lord(c, ctx, "命主", zhu)
    return _section(
        "xing_qing", c, "section", facts={"gong": "命宮", "branch": BRANCHES[ctx.ming], "yao": list(stars)}
    )


def _matter(key: str, ctx: Ctx, zhu: str, memo: _Memo) -> Section:
    gong = str(data().sections[key]["gong"])
    b = ctx.gong_branch[gong]
    c = _Chain()
    if key == "shou":
        star = ctx.roles["壽星"][0]
        e = ELEMENTS[ctx.nayin]
        c.add("shou.xing", {"yao": star, "element": e}, element=_word("element", e), star=star)
        _lord(c, ctx, "壽星", star)
        _company_once(c, ctx, b, zhu, memo)
    else:
        _palace(c, ctx, b, zhu, memo)
    return _section(
        key, c, "section", facts={"gong": gong, "branch": BRANCHES[b], "yao": list(ctx.by_branch[b])}
    )


def _du_zhu_step(c: _Chain, zhu: str, xiu: str | None) -> None:
    if xiu is None:
        return
    star = XIU[XIU_NAMES.index(xiu)].qiyao
    rel = role_of(zhu, star)
    key = (
        "xian.du_zhu_en"
        if rel in ("en", "yong")
        else "xian.du_zhu_nan"
        if rel in ("nan", "chou")
        else "xian.du_zhu"
    )
    c.add(key, {"xiu": xiu, "yao": star, "role": rel}, xiu=xiu, star=star, rel=_rel_label(rel))


def _age(x: Any) -> int:
    return round(float(x))


def _da_xian(ctx: Ctx, zhu: str, row: Mapping[str, Any], memo: _Memo) -> Section:
    b = BRANCHES.index(row["branch"])
    gong = str(row["gong"])
    c = _Chain()
    if gong == "命宮":
        c.add("xian.ming", {"gong": gong})
    _xian_palace(c, ctx, b, zhu, memo)
    xius = row.get("xiu") or ()
    first = xius[0]["xiu"] if xius else None
    _du_zhu_step(c, zhu, first)
    start, end = _age(row["start_age"]), _age(row["end_age"])
    title = _text(data().sections["da_xian"]["title"], gong=gong, start=start, end=end)
    facts = {
        "index": row["index"],
        "gong": gong,
        "branch": row["branch"],
        "start": row["start"],
        "end": row["end"],
        "start_age": row["start_age"],
        "end_age": row["end_age"],
        "years": row["years"],
        "yao": list(ctx.by_branch[b]),
        "xiu": [x["xiu"] for x in xius],
        "xiu_zhu": None if first is None else XIU[XIU_NAMES.index(first)].qiyao,
    }
    return _section(f"da_xian.{row['index']}", c, "xian", title, facts)


def _da_key(row: Mapping[str, Any]) -> tuple[Any, ...]:
    """What the section of 大限 *row* reads besides the chart: its index, dates and mansions."""
    return ("da_xian", row["index"], row["start"], row["end"], *(x["xiu"] for x in row.get("xiu") or ()))


def _xian_total(ctx: Ctx, b: int, zhu: str, memo: _Memo) -> int:
    """The weighed sum of :func:`_xian_palace` for the palace of branch *b* (kept with its steps)."""
    got = memo.get(("xian_total", b))
    if got is None:
        p = _Chain()
        _xian_palace(p, ctx, b, zhu, memo)
        got = memo[("xian_total", b)] = p.total
    return int(got)


def _tong_xian(ctx: Ctx, zhu: str, rows: Sequence[Mapping[str, Any]], memo: _Memo) -> Section:
    """The 童限: each year of age 1–9 on the palace the verse of 卷七〈論童限〉 gives it, that palace read as
    every 限's is (:func:`_xian_palace`: its lord, its 曜 by nature and strength, the harmful spirits), one
    step per age weighing that palace's sum; the section's verdict weighs the nine years together and
    ``facts.ages`` keeps each age's sum (``score``) and verdict, so that a stretch of childhood years is
    judged by its own years."""
    c = _Chain()
    seen = list(dict.fromkeys(str(r["gong"]) for r in rows))
    c.add("xian.tong", {"gong": seen}, n=len(seen), names=_listed(tuple(seen)))
    th = data().threshold["xian"]
    ages = []
    for r in rows:
        b = BRANCHES.index(r["branch"])
        total = _xian_total(ctx, b, zhu, memo)
        pol = "good" if total >= int(th["good"]) else "bad" if total <= int(th["bad"]) else "mixed"
        key = {"good": "xian.tong_age_good", "bad": "xian.tong_age_bad", "mixed": "xian.tong_age_even"}[pol]
        facts = {"age": r["age"], "gong": r["gong"], "branch": r["branch"], "score": total}
        c.add(key, facts, weight=total, age=r["age"], gong=r["gong"], branch=r["branch"])
        ages.append({**facts, "start": r["start"], "polarity": pol})
    return _section("tong_xian", c, "xian", facts={"ages": ages})


def _year(ctx: Ctx, zhu: str, key: str, row: Mapping[str, Any], memo: _Memo) -> Section:
    b = BRANCHES.index(row["branch"])
    gong = str(row["gong"])
    c = _Chain()
    _xian_palace(c, ctx, b, zhu, memo)
    if key == "xiao_xian":
        title = _text(data().sections[key]["title"], gong=gong, age=row["age"])
        facts = {"age": row["age"], "gong": gong, "branch": row["branch"], "start": row["start"]}
    else:
        title = _text(data().sections[key]["title"], gong=gong, ganzhi=row["ganzhi"])
        facts = {"ganzhi": row["ganzhi"], "gong": gong, "branch": row["branch"], "start": row["start"]}
    facts["yao"] = list(ctx.by_branch[b])
    return _section(key, c, "xian", title, facts)


def _month(ctx: Ctx, zhu: str, row: Mapping[str, Any], year: str, memo: _Memo) -> Section:
    """One 流月 (月限): its palace read as every 限's is (依星斷吉凶: :func:`_xian_palace`), stated in at most
    ``max_month_steps`` steps."""
    b = BRANCHES.index(row["branch"])
    gong = str(row["gong"])
    c = _Chain()
    _xian_palace(c, ctx, b, zhu, memo)
    sec = data().sections["liu_yue"]
    name = _raw(_text(sec["month_name"], n=row["month"], name=row["name"]))
    title = _text(sec["title"], name=name, ganzhi=row["ganzhi"], gong=gong)
    facts = {
        "year": year,
        "month": row["month"],
        "ganzhi": row["ganzhi"],
        "gong": gong,
        "branch": row["branch"],
        "start": row["start"],
        "end": row["end"],
        "xiao_xian": dict(row["xiao_xian"]),
        "birth_month": row["birth_month"],
        "yao": list(ctx.by_branch[b]),
    }
    limit = int(data().threshold["max_month_steps"])
    return _section(f"liu_yue.{row['month']}", c, "xian", title, facts, limit=limit)


def _months(
    ctx: Ctx, zhu: str, current: Mapping[str, Any], memo: _Memo, gong: str | None = None
) -> list[Section]:
    """The 流月 of the year asked (all twelve, or with a matter those through its palace *gong*)."""
    year = str((current.get("liu_nian") or {}).get("ganzhi", ""))
    out = []
    for row in current.get("liu_yue") or ():
        if gong is not None and row["gong"] != gong:
            continue
        key = ("liu_yue", year, row["month"], row["branch"], row["start"], row["xiao_xian"]["age"])
        out.append(_kept(memo, key, _month, ctx, zhu, row, year, memo))
    return out


# ── the judgment ──────────────────────────────────────────────────────────────────────────────────
#: per natal chart and reading options: the reading's context of the chart and the steps and sections it
#: reads (:data:`_Memo`), which depend on nothing else; the method's cast gives the same chart for the same
#: inputs, so a chart judged again reuses them (:mod:`xuanheng.qizheng.memo`)
_STATE: ChartMemo[tuple[Ctx, _Memo]] = ChartMemo(second=True)  # kept when a chart is judged again


def _chart_state(natal: QiZhengChart, opts: Mapping[str, Any]) -> tuple[Ctx, _Memo]:
    """The context of *natal* under the reading options *opts* and its memo of steps and sections."""
    from xuanheng.qizheng.reading import context

    key = tuple(sorted(opts.items()))
    got = _STATE.get(natal, key)
    return got if got is not None else _STATE.put(natal, key, (context(natal, **opts), _Memo()))


def judge(
    chart: QiZhengLife | QiZhengChart,
    question: Question | str | None = None,
    *,
    fired: Sequence[FiredRule] | None = None,
    **reading_options: Any,
) -> Judgment:
    """The life judgment of *chart* (a :class:`QiZhengLife`, what the method's cast gives, or a bare
    :class:`QiZhengChart`, then without 限) for *question* (a :class:`Question` or a topic; none: the whole
    life). *fired*: the reading of the same chart (its 格局 and the commentary); *reading_options*: the
    reading's options (``qiang_ruo``, ``stage_of``; others are ignored). See the module docstring."""
    if isinstance(chart, QiZhengLife):
        life: QiZhengLife | None = chart
        natal = chart.chart
    elif isinstance(chart, QiZhengChart):
        life, natal = None, chart
    else:
        raise InputError(
            f"judge needs a QiZhengLife or QiZhengChart, got {type(chart).__name__}", field="chart"
        )
    if question is None or isinstance(question, str):
        question = Question(normalise_topic(question) if question else None)
    topic = normalise_topic(question.topic) if question.topic else None
    question = Question(topic, question.about)
    opts = {k: v for k, v in reading_options.items() if k in ("qiang_ruo", "stage_of") and v is not None}
    if life is not None:
        opts = {**{k: v for k, v in life.reading_options.items() if k in ("qiang_ruo", "stage_of")}, **opts}
    ctx, memo = _chart_state(natal, opts)
    fired = list(fired or ())
    zhu = ctx.roles["命主"][0]
    d = data()
    section_key = d.topic_section.get(topic or "")

    limits: list[Section] = []
    current = life.current if life is not None else None
    timeline = life.timeline if life is not None else {}
    da_rows = list(timeline.get("da_xian") or ())
    if section_key is None:
        if timeline.get("tong_xian"):
            rows = timeline["tong_xian"]
            key = ("tong_xian", *((r["age"], r["gong"], r["branch"], r["start"]) for r in rows))
            limits.append(_kept(memo, key, _tong_xian, ctx, zhu, rows, memo))
        limits += [_kept(memo, _da_key(r), _da_xian, ctx, zhu, r, memo) for r in da_rows]
    else:
        gong = d.sections[section_key].get("gong")
        limits += [_kept(memo, _da_key(r), _da_xian, ctx, zhu, r, memo) for r in da_rows if r["gong"] == gong]
    if current:
        if current.get("xiao_xian"):
            limits.append(_year(ctx, zhu, "xiao_xian", current["xiao_xian"], memo))
        if current.get("liu_nian"):
            limits.append(_year(ctx, zhu, "liu_nian", current["liu_nian"], memo))
        month_gong = None if section_key is None else str(d.sections[section_key].get("gong", "命宮"))
        limits += _months(ctx, zhu, current, memo, month_gong)

    if section_key is not None:  # a question of one matter
        sec = (
            _kept(memo, ("xing_qing",), _xing_qing, ctx, zhu)
            if section_key == "xing_qing"
            else _kept(memo, ("matter", section_key), _matter, section_key, ctx, zhu, memo)
        )
        gong = str(d.sections[section_key].get("gong", "命宮"))
        lord = ctx.roles["壽星"][0] if section_key == "shou" else PALACES[ctx.gong_branch[gong]].zhu
        focus = Focus(
            name="主星",
            liu_qin=None,
            position=None,
            branch=BRANCHES[ctx.gong_branch[gong]],
            why=_text(d.focus["palace"], topic=_raw(topic_word(topic or "總")), gong=gong, star=lord),
            facts={"yao": lord, "gong": gong},
        )
        return Judgment(
            question=question,
            verdict=Verdict(verdict_word(None, sec.verdict.word.polarity), sec.verdict.text),
            focus=focus,
            steps=sec.steps,
            ying_qi=_ying_of_palace(limits, life, d.sections[section_key].get("gong")),
            commentary=tuple(dict.fromkeys(r.id for r in fired)),
            sections=tuple(limits),
        )

    c = _Chain()
    lead, _ = _da_xiang(c, ctx, fired)
    pol = c.polarity("rank")
    gong_du = _gong_du(ctx)
    if gong_du is not None:
        pol = "good" if gong_du > 0 else "bad"
        ming, du = ctx.roles["命主"][0], ctx.roles["度主"][0]
        c.add(
            "weigh.gong_du_strong" if gong_du > 0 else "weigh.gong_du_weak",
            {"ming_zhu": ming, "du_zhu": du},
            ming=ming,
            du=du,
        )
    word = _rank_word(pol)
    lead_text = (
        _text(d.verdict["lead"]["ge"], ge=lead[1])
        if lead is not None
        else Text.from_mapping(d.verdict["lead"]["none"])
    )
    verdict = Verdict(word, _text(d.verdict["rank"][pol], label=_raw(word.label), lead=_raw(lead_text)))
    sections = [
        _kept(memo, ("xing_qing",), _xing_qing, ctx, zhu),
        *(
            _kept(memo, ("matter", k), _matter, k, ctx, zhu, memo)
            for k in ("cai", "guan", "tian_zhai", "fu_qi", "nan_nv", "shou")
        ),
        *limits,
    ]
    focus = Focus(
        name="命主",
        liu_qin=None,
        position=None,
        branch=BRANCHES[ctx.ming],
        why=_text(d.focus["ming"], gong=BRANCHES[ctx.ming], star=zhu),
        facts={
            "yao": zhu,
            "shen_zhu": ctx.roles["身主"][0],
            "du_zhu": ctx.roles["度主"][0],
            "rank": word.key,
            "score": c.total,
            "ge": None if lead is None else lead[1],
        },
    )
    return Judgment(
        question=question,
        verdict=verdict,
        focus=focus,
        steps=c.chosen(int(d.threshold["max_top_steps"])),
        ying_qi=_ying(limits, life),
        commentary=tuple(dict.fromkeys(r.id for r in fired)),
        sections=tuple(sections),
    )


def _gong_du_state(ctx: Ctx, star: str) -> int:
    """One lord as 〈宮度主論〉 reads it: +1 strong (one of :data:`_GONG_DU_STRONG`, and not in a palace or a
    mansion whose element overcomes its own), −1 weak (in such a palace or mansion — the example's 土 in 寅 or
    亥, or in a 木 mansion: 〈經克緯論〉 — with none of those dignities), 0 neither."""
    e = ELEMENT[star]
    ke = overcomes(ELEMENT[PALACES[ctx.yao_b[star]].zhu], e) or overcomes(
        ELEMENT[XIU[ctx.yao_xiu[star]].qiyao], e
    )
    good = any(d in _GONG_DU_STRONG for d in ctx.dignities[star])
    return 1 if good and not ke else -1 if ke and not good else 0


def _gong_du(ctx: Ctx) -> int | None:
    """《張果星宗》卷十〈宮度主論〉: the 命 has a palace lord (the 命主) and a degree lord (the 度主); both
    strong, the native is noble or rich (上格); both weak, short-lived or poor (下格); one strong and one
    weak, gain and loss together — the rank of the weighed sum stands. Returns +1, −1 or None."""
    got = {_gong_du_state(ctx, ctx.roles["命主"][0]), _gong_du_state(ctx, ctx.roles["度主"][0])}
    return 1 if got == {1} else -1 if got == {-1} else None


def _rank_word(polarity: str) -> VerdictWord:
    """The rank 上格 / 中格 / 下格 of *polarity* (kind ``ming`` of ``reading/data/verdicts.toml``)."""
    return next(w for w in vocabulary().kinds["ming"].values() if w.polarity == polarity)


def _ying(limits: Sequence[Section], life: QiZhengLife | None) -> tuple[YingQi, ...]:
    """The 大限 judged good (else bad), earliest first, at most three: when the life's fortune turns; each
    with the 流年 干支 in which it begins and its first day. With a date asked (``on``) only the 大限 not
    over by then."""
    picked: list[Section] = []
    pol = "good"
    # with a date asked (on), a 大限 already over by then is no 應期 (it was listed from the birth on)
    after = life.on.timestamp() if life is not None and life.on is not None else None
    ahead = [
        s
        for s in limits
        if s.key.startswith("da_xian.")
        and (after is None or datetime.fromisoformat(str(s.facts["end"])).timestamp() > after)
    ]
    for pol in ("good", "bad"):
        picked = [s for s in ahead if s.verdict.word.polarity == pol][:3]
        if picked:
            break
    if not picked or life is None:
        return ()
    from xuanheng.qizheng import xian as X

    p = X.plan(life.chart, **life.xian_options)
    out = []
    for s in picked:
        f = s.facts
        why = _text(data().ying[pol], gong=f["gong"], start=_age(f["start_age"]), end=_age(f["end_age"]))
        t = datetime.fromisoformat(str(f["start"])).timestamp() + 1.0
        try:
            gz = X.liu_nian_at(p, t)["ganzhi"]
        except OutOfRangeError:  # a 大限 that begins after the year 2999: its 流年 lies past the ephemeris
            continue
        out.append(YingQi("year", gz[1], why, gz, str(f["start"])[:10]))
    return tuple(out)


#: the first 小限 year an 應期 of one matter is looked for when no date is asked: the one after the 童限
#: (ages 1–9, 《星學大成》卷七〈論童限〉; 卷四 九嵗以前在童限)
_FIRST_XIAO_AGE = 10


def _ying_of_palace(
    limits: Sequence[Section], life: QiZhengLife | None, gong: str | None
) -> tuple[YingQi, ...]:
    """The 應期 of a question of one matter (its palace *gong*): the years whose 小限 stands on that palace
    (every twelfth year, 《星學大成》卷七〈論洞微行年小限〉) and the palace's 大限, earliest first, at most
    three, from the year of ``on`` (else the first after the 童限) to the end of the 大限 timeline; each
    judged as the palace is read for its 大限. The palace's 大限 alone, the candidate before, is for most
    matters late in life — for 財帛 always the last of the twelve, at ages of about 91–105 — so the matter's
    應期 fell where the timeline ends. Without a 大限 of the palace, :func:`_ying`."""
    da = next((s for s in limits if s.key.startswith("da_xian.") and s.facts.get("gong") == gong), None)
    if life is None or da is None or gong is None:
        return _ying(limits, life)
    from xuanheng.qizheng import xian as X

    p = X.plan(life.chart, **life.xian_options)
    pol = da.verdict.word.polarity
    pol = pol if pol in data().ying_xiao else "bad"
    cur = (life.current or {}).get("xiao_xian") or {}
    first = int(cur.get("age") or _FIRST_XIAO_AGE)
    k = GONG_NAMES.index(gong)
    found: list[tuple[float, YingQi]] = []
    age = first + (k - (first - 1)) % 12  # the first 虛歲 from *first* whose 小限 is palace k
    while len(found) < 3 and age - 1 < 131:
        t = X.birthday(p, age - 1) + 1.0
        if t >= p.starts[-1]:  # past the 大限 timeline's end
            break
        xx = X.xiao_xian_at(p, t)
        try:
            gz = X.liu_nian_at(p, t)["ganzhi"]
        except OutOfRangeError:  # past the ephemeris (a birth near 2999)
            break
        if xx["gong"] == gong:  # (a 小限 changed by the 節 may start a little later: read at its start)
            why = _text(data().ying_xiao[pol], gong=gong, age=xx["age"])
            found.append((t, YingQi("year", gz[1], why, gz, str(xx["start"])[:10])))
        age += 12
    for y in _ying([da], life):  # the palace's 大限, where it begins inside the window
        t = datetime.fromisoformat(str(da.facts["start"])).timestamp()
        if t >= X.birthday(p, first - 1):
            found.append((t, y))
    found.sort(key=lambda f: f[0])
    return tuple(y for _, y in found[:3])


__all__ = ["ROLES", "data", "judge"]
