"""The 六爻 judgment (斷): one verdict for the question, its reasons and its 應期, read as 《增刪卜易》 does.

The procedure (docs/liuyao-judgment.md), each step's words and sources in ``data/judgment.toml``:

1. **用神** — from the question (topic, and whom it is about) by 〈用神章〉; 兩現 by 〈兩現章〉; a 六親
   missing from the hexagram is read as its 伏神 (:func:`xuanheng.liuyao._reading_ctx.select_yong`, the
   same 用神 the reading groups its rules around): of no use (伏而無用), drawable (提拔), or out readily
   when its 飛神 gives way — void, broken or clashed (〈飛伏神章〉).
2. **月 and 日 first** (日月為主): 月建, 旺相休囚, 月破, 月合; 日辰 生/扶/剋, 臨日, 日沖 (暗動 or 日破; a
   moving line held back, not scattered: 〈動散章〉), 日合 (合起 or 合住), 日墓.
3. **旬空**: 假空 (旺相, moving or helped by the day: it waits to leave the void) or 真空 — weak and
   unaided, or still and struck by the day or a live moving 忌神 (到底空, 《卜筮正宗》〈十八論·旬空論〉) —
   unless the day clashes it into motion (暗動): 沖空則實 prevails (〈旬空章〉).
4. **its own change** when it moves: 回頭生/剋, 進/退神, 化空/破/墓/絕, 化沖, 化合.
5. **what moves** (and what the day stirs, 暗動): 原神 動 生, 忌神 動 剋 — each only when it has force
   (a broken or void still line has none; a weak mover the month or the day overcomes
   is spent, 〈元神忌神衰旺章〉; so is a mover overcome by its own change) — 貪生忘剋, 三合局
   completed by moving lines, their changes, the day and the month.
6. **the hexagram**: 六沖變六合, 六合變六沖, 反吟, 伏吟 (inner or outer), 獨發, 亂動.
7. **weighing**: the month and the day weigh more than moving lines (a 用神 with their strength is not hurt
   by a mover); a weak 用神 fed by a moving 原神 is rescued (not one broken by the month and overcome by
   the day: it has no root, 〈元神忌神衰旺章〉); a 月破 without the day's help or a mover's is
   truly broken; a 真空 or a useless 伏神 fails — the step that settles a conflict says which prevails.
   世 and 應 as two parties settle some questions outright: a runaway whose line the 世 overcomes is
   caught; the 世 holding the 六親 that spoils the matter (子孫 for an office, 官鬼 for a house) fails it;
   a 六沖 hexagram whose 世 and 應 the month or the day each combine comes together (沖中逢合). Two
   phases give a mixed verdict: a moving 用神 the day feeds while its change overcomes it; an office whose
   moving 官鬼 overcomes a still, void 世. The verdict's reason is the settling step's (``[reason]`` of
   the data), or the polarity's where the weighed sum decided (``[verdict]``).
8. **應期** (〈應期章〉): 沖中逢合 → the 合 of the 用神 first; void → the day it is filled or clashed;
   broken → filled, or the month ends (a broken line that moves: its 合 first); held
   by a 合 → the clash; scattered → the 合; still and strong → the clash or its own day; stirred by the
   day (暗動) → its own day, then the 合; moving → the 合 or its own day; weak → its 長生/帝旺;
   entombed → the clash of the tomb; hidden → drawn out; then the other lines: a 三合 frame's void or
   missing member, the clash that frees a moving 原神 held in a 合, the clash of a moving 忌神; for a
   bad verdict, a void 用神's filling then its clash (沖空則實), the 忌神's day, its change out of the
   void or its advance, the 用神's 絕 on the day, its tomb, or the clash of the weak 用神; whatever the
   verdict, the lone moving line (獨發) or the lone still line (獨靜) names the second time (〈獨發章〉).
   Counted in days, or in months for the far questions (``[horizon]``), in years for a lifetime's (命,
   壽); with an instant, the civil date of the next
   such day, month or year.
"""

from __future__ import annotations

import datetime as _dt
import tomllib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from xuanheng.core import changsheng, relations, wuxing
from xuanheng.core.ganzhi import BRANCHES, ELEMENTS, STEMS
from xuanheng.errors import InputError
from xuanheng.i18n.words import said, word
from xuanheng.liuyao import _reading_ctx
from xuanheng.liuyao._reading_ctx import YongShen, select_yong, weather_stirred, yong_entry
from xuanheng.liuyao._reading_data import ABOUT_SRC, make_reading_options
from xuanheng.liuyao.chart import Line, LiuYaoChart
from xuanheng.reading import FiredRule, Text
from xuanheng.reading.judgment import (
    Focus,
    Judgment,
    Question,
    RuleSwitches,
    Step,
    Verdict,
    YingQi,
    about_word,
    check_about,
    fill,
    kind_of,
    verdict_word,
)
from xuanheng.rules import normalise_topic
from xuanheng.rules.topics import topic_word
from xuanheng.time.ahead import ganzhi_after, month_start, pillar_date, year_start

YAO = ("初爻", "二爻", "三爻", "四爻", "五爻", "上爻")
#: the verdict by the sum of the weighed steps: ≥ GOOD good, ≤ BAD bad, else mixed
GOOD, BAD = 1, -1

#: rules switched off for measuring (:func:`switched_off`); none in every real judgment
_SWITCHES = RuleSwitches()


@contextmanager
def switched_off(*keys: str) -> Iterator[None]:
    """Judge as if the rules *keys* were not there — for measuring what each rule is worth (the ablation of
    ``scripts/liuyao_confusion.py``, the per-book table of ``scripts/liuyao_lobo.py``), never for a real
    judgment. A key is a step's (``data/judgment.toml`` ``[step.*]``: the step is neither stated nor weighed,
    and a settling step does not settle), one of :data:`SWITCHES` (a rule that decides without a weighed
    step of its own) or a 用神 rule of ``_reading_ctx.YONG_RULES`` (``yong.*``). Not thread-safe: the
    measuring scripts alone use it."""
    yong = [k for k in keys if k.startswith("yong.")]
    rest = [k for k in keys if not k.startswith("yong.")]
    _reading_ctx._LAST_YONG[0] = (None, None, None, None)
    try:
        with (
            _reading_ctx.YONG_SWITCHES.switched_off(yong, _reading_ctx.YONG_RULES),
            _SWITCHES.switched_off(rest, (*data().steps, *SWITCHES)),
        ):
            yield
    finally:
        _reading_ctx._LAST_YONG[0] = (None, None, None, None)


#: rules :func:`switched_off` knows besides the steps: the ways a mover is spent (:func:`_spent`) and the
#: settling of a 真空 (``settle.kong_zhen``) or of a useless 伏神 (``settle.fu_useless``); a step's key
#: switches off what it guards as well (``weigh.root``: the root's easing of the movers' harm)
SWITCHES: tuple[str, ...] = (
    "spent.月破",
    "spent.休囚被日月剋",
    "spent.日合絆住",
    "spent.化伏吟",
    "spent.回頭剋",
    "spent.化絕",
    "spent.化破",
    "spent.化退",
    "spent.化空",
    "settle.kong_zhen",
    "settle.fu_useless",
)


def _on(key: str) -> bool:
    return key not in _SWITCHES.off


@dataclass(frozen=True, slots=True)
class _StepDef:
    weight: int
    text: Mapping[str, str]
    src: tuple[str, ...]


@dataclass(frozen=True)
class _Data:
    focus: dict[str, Mapping[str, str]]
    steps: dict[str, _StepDef]
    verdict: dict[str, Mapping[str, str]]
    #: [reason]: the verdict's reason when one step settled it, by that step's key
    reason: dict[str, Mapping[str, str]]
    ying: dict[str, Mapping[str, str]]
    #: [term]: the words filled into the steps (reasons, trigrams, elements …) by the term the facts keep, in
    #: every language, with the month's 旺相休囚死 and the elements of the shared table (``i18n.words``);
    #: [term_join] joins several
    term: dict[str, Mapping[str, str]]
    term_join: Mapping[str, str]
    chosen_by: dict[str, Mapping[str, str]]  # [chosen_by]: why the 用神 is the line it is
    yao: dict[str, Text]  # [yao]: the six lines by name (初爻 … 上爻) in every language
    month_topics: frozenset[str]
    year_topics: frozenset[str]  # [horizon] year: a lifetime's questions, timed by the year
    harms: tuple[str, ...]  # [weigh]: the steps counted as harms when a rescue is weighed
    helps: tuple[str, ...]  # … and as helps
    shi_topics: frozenset[str]  # [shi]: a thing sought for oneself, where the 世 must be able to take it
    travel_topics: frozenset[str]  # [travel]: a journey, which a 合住 of the traveller's line stops
    office_topics: frozenset[str]  # [office]: an office sought
    worry_topics: frozenset[str]  # [worry]: a worry about oneself, read by the signs of the preface
    rank_topics: frozenset[str]  # [rank]: where a change into the 官鬼 is the rank itself, not a harm
    #: [[shi_holds]]: (topics, 六親 on the 世, step, the 六親 whose moving line lifts it or "")
    shi_holds: tuple[tuple[frozenset[str], str, str, str], ...]
    parties_topics: frozenset[str]  # [parties]: a matter between the asker (世) and another (應)
    scatter_not_topics: frozenset[str]  # [scatter]: questions 沖變沖 does not settle (weather)
    chase_topics: frozenset[str]  # [chase]: someone run away or pursued, whom the asker's 世 may master
    #: [[tianshi]]: (topics, test, 六親, 六親 of a change that exempts, 暗動 counts, polarity, step) —
    #: 〈天時章〉's movers
    tianshi: tuple[tuple[frozenset[str], str, frozenset[str], frozenset[str], bool, str, str], ...]


@cache
def data() -> _Data:
    """``data/judgment.toml``, loaded once."""
    raw = tomllib.loads(resources.files("xuanheng.liuyao").joinpath("data/judgment.toml").read_text("utf-8"))
    steps = {
        k: _StepDef(int(v["weight"]), v["text"], tuple(v.get("src", ()))) for k, v in raw["step"].items()
    }
    return _Data(
        focus={k: v["text"] for k, v in raw["focus"].items()},
        steps=steps,
        verdict=raw["verdict"],
        reason=raw["reason"],
        ying={k: v["text"] for k, v in raw["ying"].items()},
        term={
            **raw["term"],
            **{k: said("wang_shuai", k) for k in "旺相休囚死"},
            **{k: word("element", k) for k in ELEMENTS},
        },
        term_join=raw["term_join"]["text"],
        chosen_by=raw["chosen_by"],
        yao={k: Text.from_mapping(v) for k, v in raw["yao"].items()},
        month_topics=frozenset(raw["horizon"]["month"]),
        year_topics=frozenset(raw["horizon"]["year"]),
        harms=tuple(raw["weigh"]["harms"]),
        helps=tuple(raw["weigh"]["helps"]),
        shi_topics=frozenset(raw["shi"]["topics"]),
        travel_topics=frozenset(raw["travel"]["topics"]),
        office_topics=frozenset(raw["office"]["topics"]),
        worry_topics=frozenset(raw["worry"]["topics"]),
        rank_topics=frozenset(raw["rank"]["topics"]),
        shi_holds=tuple(
            (frozenset(e["topics"]), e["liu_qin"], e["step"], e.get("unless_moving", ""))
            for e in raw["shi_holds"]
        ),
        parties_topics=frozenset(raw["parties"]["topics"]),
        scatter_not_topics=frozenset(raw["scatter"]["not_topics"]),
        chase_topics=frozenset(raw["chase"]["topics"]),
        tianshi=tuple(
            (
                frozenset(e["topics"]),
                e["test"],
                frozenset(e["liu_qin"]),
                frozenset(e.get("unless_into", ())),
                bool(e.get("stirred", False)),
                e["polarity"],
                e["step"],
            )
            for e in raw["tianshi"]
        ),
    )


_text = fill  # a step's or a time's words filled in (the shared cache of reading.judgment)


def _b(branch: int) -> str:
    return BRANCHES[branch]


def _term(key: str, table: str = "term", **p: Any) -> Text:
    """The word the facts keep as *key* (``[term]``, or ``[chosen_by]``) in every language; *p* fills its
    placeholders ({mover}, {frame}, {qin}), each a :class:`Text` or a plain string."""
    words = data().chosen_by[key] if table == "chosen_by" else data().term[key]
    return fill(words, **p) if p else Text.from_mapping(dict(words))


def _joined(words: Sequence[Text]) -> Text:
    """*words* joined as each language joins a list (``[term_join]``)."""
    j = data().term_join
    langs = ("ko", "zh-Hant", "en")
    return Text.from_mapping({lang: j[lang].join(_in(w, lang) for w in words) for lang in langs})


def _in(w: Text, lang: str) -> str:
    return w.ko if lang == "ko" else w.en if lang == "en" else w.zh_hant


def _terms(keys: Sequence[str]) -> Text:
    """The terms *keys* in every language, joined."""
    return _joined([_term(k) for k in keys])


def term_word(key: str, **p: Any) -> Text:
    """A word of ``[term]`` in every language (the text view's too)."""
    return _term(key, **p)


def yao_word(position: int) -> Text:
    """Line *position* (1 = 初爻 … 6 = 上爻) by name in every language (``[yao]``)."""
    return data().yao[YAO[position - 1]]


def chosen_by_word(chosen_by: str) -> Text | None:
    """Why the 用神 is its line (its ``chosen_by``) in every language, or None for a reason not listed."""
    words = data().chosen_by.get(chosen_by)
    return Text.from_mapping(dict(words)) if words is not None else None


# ── the steps ─────────────────────────────────────────────────────────────────────────────────────
class _Chain:
    """The steps stated so far and their weighed sum."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.weights: list[int] = []  # each step's weight, for :func:`_trim`
        self.total = 0

    def add(
        self, key: str, facts: Mapping[str, Any] | None = None, *, weight: int | None = None, **p: Any
    ) -> int:
        if key in _SWITCHES.off:
            return 0
        d = data().steps[key]
        w = d.weight if weight is None else weight
        effect = "+" if w > 0 else "-" if w < 0 else "="
        self.steps.append(Step(key, effect, _text(d.text, **p), d.src, dict(facts or {})))
        self.weights.append(w)
        self.total += w
        return w


@dataclass(frozen=True, slots=True)
class _Target:
    """The 用神 as the judge weighs it: a line of the hexagram or a hidden 伏神."""

    branch: int
    element: int
    liu_qin: str
    label: str  # 六親 + branch, e.g. 妻財辰
    line: Line | None  # None when hidden
    hidden_under: Line | None


def _month_day(c: _Chain, t: _Target, chart: LiuYaoChart, state: Any) -> dict[str, bool]:
    """Steps of the month and the day; what they leave for the weighing and the 應期."""
    month, day = chart.yue_jian, chart.ri_chen
    yong, m, d = t.label, _b(month), _b(day)
    facts = {"branch": _b(t.branch), "month": m, "day": _b(day)}
    moving = t.line is not None and t.line.moving
    out = {"root": False, "po": False, "he_zhu": False, "chong_dong": False, "mu": False, "an_dong": False}
    # the month
    if state.yue_po:
        c.add("month.po", facts, yong=yong)
        out["po"] = True
    elif state.yue_jian:
        c.add("month.jian", facts, yong=yong)
        out["root"] = True
    elif state.wang_shuai in ("旺", "相"):
        ws = _term(state.wang_shuai)
        c.add("month.wang", {**facts, "wang_shuai": state.wang_shuai}, yong=yong, month=m, ws=ws)
        out["root"] = True
    elif state.yue_relation == "剋":
        c.add("month.ke", facts, yong=yong, month=m)
    else:
        ws = _term(state.wang_shuai)
        c.add("month.shuai", {**facts, "wang_shuai": state.wang_shuai}, yong=yong, month=m, ws=ws)
    if state.yue_he and not state.yue_po:
        c.add("month.he", facts, yong=yong, month=m)
    # the day
    if state.ri_chen:
        c.add("day.jian", facts, yong=yong)
        out["root"] = True
    elif state.ri_chong:
        if moving:
            if not state.you_qi:
                # 〈動散章〉: the old rule scatters a moving line the day clashes (沖散); the book's
                # trials found strong ones never scattered and weak ones once or twice in a thousand:
                # a moving line has a cause; held back today, it acts on its own day. The chapter prevails.
                c.add("day.chong_dong", facts, yong=yong, day=d)
                out["chong_dong"] = True
        elif state.you_qi or state.ri_relation in ("生", "比和"):
            c.add("day.an_dong", facts, yong=yong, day=d)
            out["an_dong"] = True
        else:
            c.add("day.ri_po", facts, yong=yong, day=d)
    elif state.ri_relation == "生":
        c.add("day.sheng", facts, yong=yong, day=d)
        out["root"] = True
    elif state.ri_relation == "比和":
        c.add("day.fu", facts, yong=yong, day=d)
        out["root"] = True
    elif state.ri_relation == "剋":
        c.add("day.ke", facts, yong=yong, day=d)
    if state.ri_he and not state.ri_chong:
        if moving:
            c.add("day.he_zhu", facts, yong=yong, day=d)
            out["he_zhu"] = True
        else:
            c.add("day.he_qi", facts, yong=yong, day=d)
    if state.ri_stage == "墓" and not state.ri_chen:
        c.add("day.mu", facts, yong=yong, day=d)
        out["mu"] = True
    # a reading states the day whatever it does (日月為主), weight 0 where it does none of the above: a
    # strong moving 用神 the day clashes is not scattered (〈動散章〉); else the day neither feeds, helps nor
    # overcomes it, nor combines with it, nor is its tomb
    if state.ri_chen or state.ri_stage == "墓":
        pass
    elif state.ri_chong:
        if moving and state.you_qi:
            c.add("day.chong_wang", facts, yong=yong, day=d)
    elif state.ri_relation not in ("生", "比和", "剋") and not state.ri_he:
        c.add("day.none", {**facts, "relation": str(state.ri_relation)}, yong=yong, day=d)
    return out


def _movers(chart: LiuYaoChart, t: _Target) -> list[Line]:
    """The lines that act on the 用神: the moving ones and those the day stirs (暗動), not the 用神 itself."""
    return [
        ln
        for ln in chart.lines
        if (ln.moving or ln.an_dong) and (t.line is None or ln.yao.position != t.line.yao.position)
    ]


def _spent(ln: Line) -> str | None:
    """Why a moving line has no force, or None: broken by the month without the day's help, weak and
    overcome by the month or the day, held by the day's 合 or (weak) scattered by its clash, overcome by
    its own change, changed into its extinction or a break, or (when weak) stalled in a 伏吟, retreating
    or changed into the void.

    The weak line overcome by the month or the day is 《增刪卜易》〈元神忌神衰旺章〉's first kind of 原神
    that cannot feed and 忌神 that cannot harm (休囚 and moving, but 被日月剋); a line the day helps (生,
    比和, 臨日) is not weak by that chapter's measure (得日月生扶 is its first kind of a line with force)."""
    s = ln.state
    day_helps = s.ri_relation in ("生", "比和") or s.ri_chen
    if s.yue_po and not day_helps and _on("spent.月破"):
        return "月破"
    fed_back = ln.bian is not None and ln.bian.hui_tou_sheng
    overcome = "剋" in (s.yue_relation, s.ri_relation)
    if not s.you_qi and not day_helps and not fed_back and overcome and _on("spent.休囚被日月剋"):
        return "休囚被日月剋"
    if ln.moving and s.ri_he and not s.ri_chong and _on("spent.日合絆住"):
        return "日合絆住"  # a moving line the day combines is held and does not act (〈六合章〉)
    if ln.bian is not None:
        b = ln.bian
        for why, holds in (
            # 〈反伏章〉: a line of a 伏吟 trigram moves into its own branch and stays where it was (呻吟);
            # weak, it has no force. A 旺相 one keeps it: 〈元神忌神衰旺章〉 counts a strong mover as having
            # force whatever its change, and that prevails over the stall
            ("化伏吟", b.fu_yin and not s.you_qi),
            ("回頭剋", b.hui_tou_ke),
            ("化絕", b.hua_jue),
            ("化破", b.hua_po),
            ("化退", b.tui_shen and not s.you_qi),
            ("化空", b.hua_kong and not s.you_qi),
        ):
            if holds and _on("spent." + why):
                return why
    return None


def _mover_label(ln: Line) -> str:
    """A moving line as the facts name it: 四爻官鬼午."""
    return f"{YAO[ln.yao.position - 1]}{ln.yao.liu_qin}{_b(ln.yao.branch)}"


def _mover_word(ln: Line) -> Text:
    """A moving line as the steps name it, its place in the reader's words: 사효 官鬼午, 四爻官鬼午."""
    y = yao_word(ln.yao.position)
    name = f"{ln.yao.liu_qin}{_b(ln.yao.branch)}"
    return Text(ko=f"{y.ko} {name}", zh_hant=f"{y.zh_hant}{name}", en=f"{y.en} {name}")


def _act(c: _Chain, chart: LiuYaoChart, t: _Target) -> dict[str, Any]:
    """Steps of the moving lines on the 用神, 貪生忘剋 and 三合局; what the weighing needs."""
    out: dict[str, Any] = {"sheng": 0, "ke": 0, "ke_lines": [], "tan": False}
    sheng_lines, ke_lines = [], []
    for ln in _movers(chart, t):
        e = ln.yao.element
        if wuxing.generates(e, t.element):
            sheng_lines.append(ln)
        elif wuxing.overcomes(e, t.element):
            ke_lines.append(ln)
    live_sheng = [ln for ln in sheng_lines if _spent(ln) is None]
    out["sheng_lines"] = [ln for ln in live_sheng if ln.moving]
    for ln in sheng_lines:
        why = _spent(ln)
        if why is None:
            out["sheng"] += c.add("mover.sheng", {"line": ln.yao.position}, mover=_mover_word(ln))
        else:
            facts = {"line": ln.yao.position, "why": why}
            c.add("mover.sheng_weak", facts, mover=_mover_word(ln), why=_term(why))
    for ln in ke_lines:
        if ln.bian is not None and ln.bian.branch == t.branch and _on("mover.hua_yong"):
            # a 忌神 changing into the 用神 itself (its very branch) gives rise to it instead of harming it
            bian = _b(ln.bian.branch)
            c.add("mover.hua_yong", {"line": ln.yao.position}, mover=_mover_word(ln), bian=bian)
            continue
        why = _spent(ln)
        if why is not None:
            facts = {"line": ln.yao.position, "why": why}
            c.add("mover.ke_weak", facts, mover=_mover_word(ln), why=_term(why))
            continue
        # 貪生忘剋: the 忌神 feeds a 原神 that moves openly (one the day only stirs does not take it up)
        if _on("mover.tan_sheng") and any(
            s.moving and wuxing.generates(ln.yao.element, s.yao.element) for s in live_sheng
        ):
            c.add("mover.tan_sheng", {"line": ln.yao.position}, mover=_mover_word(ln))
            out["tan"] = True
            continue
        out["ke"] += c.add("mover.ke", {"line": ln.yao.position}, mover=_mover_word(ln))
        out["ke_lines"].append(ln)
    # 〈暗動章〉: a line the day only stirs acts, but weaker than one that moves; it does not stand against
    # a 忌神 that moves openly with the season's strength
    out["sheng_hidden_only"] = bool(live_sheng) and not any(s.moving for s in live_sheng)
    out["ke_strong"] = any(x.moving and x.state.you_qi for x in out["ke_lines"])
    # whether any mover bears on the 用神 by 生 or 剋, spent or not (:func:`_still` reads it)
    out["acting"] = bool(sheng_lines or ke_lines)
    _san_he(c, chart, t)
    out["xing"] = _san_xing(c, chart, t)
    return out


def _frames(chart: LiuYaoChart) -> list[tuple[tuple[int, int, int], int]]:
    """The 三合 frames completed by moving lines (at least one of its three), their changed lines, the day
    and the month (《增刪卜易》〈三合章〉), each with its element, in the order of the moving lines."""
    moving = {ln.yao.branch for ln in chart.lines if ln.moving}
    if not moving:
        return []
    have = (
        moving
        | {ln.bian.branch for ln in chart.lines if ln.bian is not None}
        | {chart.ri_chen, chart.yue_jian}
    )
    out: list[tuple[tuple[int, int, int], int]] = []
    for b in moving:
        frame = relations.san_he(b)
        if set(frame) <= have and all(f != frame for f, _ in out):
            out.append((frame, relations.san_he_element(b)))
    return out


def _san_he(c: _Chain, chart: LiuYaoChart, t: _Target) -> None:
    """A 三合 frame completed (:func:`_frames`), and how its element stands to the 用神."""
    for frame, el in _frames(chart):
        names = "".join(_b(x) for x in frame)
        facts = {"branches": names, "element": ELEMENTS[el]}
        word = _term(ELEMENTS[el])
        if wuxing.generates(el, t.element):
            c.add("sanhe.sheng", facts, branches=names, element=word)
        elif wuxing.overcomes(el, t.element):
            c.add("sanhe.ke", facts, branches=names, element=word)
        elif el == t.element:
            c.add("sanhe.fu", facts, branches=names, element=word)
        else:
            c.add("sanhe", facts, branches=names, element=word)


def _san_xing(c: _Chain, chart: LiuYaoChart, t: _Target) -> bool:
    """三刑 complete on the 用神 (《增刪卜易》〈三刑章〉): the 用神's branch with the other two of 寅巳申 or
    丑戌未, brought by the day, the month, moving lines or their changes. A 刑 of two, or of 子卯, is not
    weighed: the chapter reads only the complete three, and even then rarely as decisive."""
    b = t.branch
    second = relations.xing(b)
    third = relations.xing(second)
    if relations.xing(third) != b or len({b, second, third}) != 3:
        return False  # 子卯 and 自刑 have no third
    have = {chart.ri_chen, chart.yue_jian}
    have |= {ln.yao.branch for ln in chart.lines if ln.moving}
    have |= {ln.bian.branch for ln in chart.lines if ln.bian is not None}
    if not {second, third} <= have:
        return False
    names = "".join(_b(x) for x in sorted((b, second, third)))
    c.add("xing.san", {"branches": names}, yong=t.label, branches=names)
    return True


#: the steps of the 用神's own change: the flag of its 變爻 (:class:`~xuanheng.liuyao.chart.Change`) and the
#: step it states, in the order stated; 化沖 and 化合 are not stated beside 回頭剋, which already says it
_CHANGE_STEPS: tuple[tuple[str, str], ...] = (
    ("hui_tou_sheng", "hua.sheng"),
    ("hui_tou_ke", "hua.ke"),
    ("jin_shen", "hua.jin"),
    ("tui_shen", "hua.tui"),
    ("hua_kong", "hua.kong"),
    ("hua_po", "hua.po"),
    ("hua_mu", "hua.mu"),
    ("hua_jue", "hua.jue"),
)


def _change(c: _Chain, ln: Line, label: str, topic: str | None = None) -> None:
    """Steps of the 用神's own change, when it moves; a change none of them reads is stated as such
    (``hua.none``, weight 0: the 用神 moves into a branch that neither feeds nor overcomes it)."""
    b = ln.bian
    if b is None:
        return
    bian = _b(b.branch)
    facts = {"bian": b.najia, "hua": list(b.hua)}
    said = False
    for flag, key in _CHANGE_STEPS:
        if getattr(b, flag):
            c.add(key, facts, yong=label, bian=bian)
            said = True
    if b.liu_qin == "官鬼" and ln.yao.liu_qin != "官鬼" and not b.hui_tou_ke:
        said = True
        if topic in data().rank_topics:
            c.add("hua.guan", facts, yong=label, bian=bian)
        else:
            c.add("hua.gui", facts, yong=label, bian=bian)  # 化鬼 (回頭剋 already says the worse)
    if not b.hui_tou_ke:
        if b.fan_yin:
            c.add("hua.chong", facts, yong=label, bian=bian)
            said = True
        if relations.liu_he(b.branch) == ln.yao.branch:
            c.add("hua.he", facts, yong=label, bian=bian)
            said = True
    if not said:
        c.add("hua.none", facts, yong=label, bian=bian)


def _still(c: _Chain, chart: LiuYaoChart, t: _Target, acting: bool) -> None:
    """A still 用神 on which no moving line (nor one the day stirs) acts, by 生 or 剋 (*acting*, as
    :func:`_act` sorted the movers) or in a 三合 frame, is stated as such (``dong.still``, weight 0): the
    reading's motion step says nothing moves on it."""
    ln = t.line
    if ln is None or ln.moving:
        return
    if not acting and not _frames(chart):
        c.add("dong.still", {"branch": _b(t.branch)}, yong=t.label)


def _gua(c: _Chain, chart: LiuYaoChart, t: _Target | None = None, topic: str | None = None) -> bool:
    """Steps of the hexagram as a whole; True when a 六沖 hexagram turns into another (沖變沖) in a
    question it settles."""
    ben, bian = chart.ben, chart.bian
    scattered = False
    if bian is not None:
        if ben.liu_chong and bian.liu_he:
            c.add("gua.chong_he", {"ben": ben.name, "bian": bian.name})
        elif ben.liu_he and bian.liu_chong:
            c.add("gua.he_chong", {"ben": ben.name, "bian": bian.name})
        elif ben.liu_chong and bian.liu_chong:
            # 〈六沖章〉: a six-clash turning into a six-clash scatters the matter, whatever the
            # 用神's strength (its 大壯之巽 shop; 〈疾病章〉's two sick children); weather is read off
            # its movers (〈天時章〉), where it is only stated (``[scatter] not_topics``)
            c.add("gua.chong_chong", {"ben": ben.name, "bian": bian.name})
            scattered = topic not in data().scatter_not_topics and _on("gua.chong_chong")
    for where, label, lines in (("inner", "內卦", (1, 2, 3)), ("outer", "外卦", (4, 5, 6))):
        kind = chart.fan_fu.get(where)
        # 反吟 / 伏吟 of a trigram weigh on the 用神 that moves in it; elsewhere they only inform
        on_yong = t is not None and t.line is not None and t.line.moving and t.line.yao.position in lines
        if kind == "反吟":
            c.add("gua.fan_yin", {"where": label}, where=_term(label), weight=None if on_yong else 0)
        elif kind == "伏吟":
            c.add("gua.fu_yin", {"where": label}, where=_term(label), weight=None if on_yong else 0)
    moving = [ln for ln in chart.lines if ln.moving]
    if len(moving) >= 4:
        c.add("gua.luan", {"moving": len(moving)}, n=len(moving))
    elif len(moving) == 1:
        c.add("gua.du_fa", {"line": moving[0].yao.position}, mover=_mover_word(moving[0]))
    return scattered


def _shi_hurt(c: _Chain, chart: LiuYaoChart, t: _Target, topic: str | None, about: str) -> bool:
    """The asker's own line when the 用神 is elsewhere (《增刪卜易》〈世應章〉, 〈求財章〉: the thing may be
    there, but a 世 that is broken, truly void, clashed to pieces or overcome by its own change cannot take
    it; 〈增刪黃金策千金賦章〉: a 世 that turns into the 官鬼 turns the matter into trouble for the asker).
    True when the 世 is hurt so; stated as a step."""
    if about != "自己" or topic not in data().shi_topics or not _on("shi.hurt"):
        return False
    sl = chart.lines[chart.ben.shi - 1]
    if t.line is not None and t.line.yao.position == sl.yao.position:
        return False
    s = sl.state
    helped = s.ri_relation in ("生", "比和") or s.ri_chen
    why = None
    if sl.bian is not None and sl.bian.hui_tou_ke:
        why = "回頭剋"
    elif sl.bian is not None and sl.bian.liu_qin == "官鬼" != sl.yao.liu_qin and t.liu_qin != "官鬼":
        # 〈增刪黃金策千金賦章〉: the asker's own line turns into trouble (the shop case); not where the 官鬼
        # is the very thing sought (an office), which the 世 then reaches
        why = "化鬼"
    elif s.yue_po and not helped and not sl.moving:
        why = "月破"
    elif sl.ri_po:
        why = "日破"
    elif s.kong and not s.you_qi and not sl.moving and not helped:
        why = "真空"
    if why is None:
        return False
    label = f"{sl.yao.liu_qin}{_b(sl.yao.branch)}"
    c.add("shi.hurt", {"line": sl.yao.position, "why": why}, shi=label, why=_term(why))
    return True


def _tian_shi(c: _Chain, chart: LiuYaoChart, ys: YongShen, t: _Target, topic: str | None) -> tuple[str, str]:
    """A weather question read as 《增刪卜易》〈天時章〉 reads it: by what moves, not by strength. The line of
    the weather asked for moving (or a mover turning into it — the 用神 chosen so, ``chosen_by`` 天時動 /
    天時化出) settles it good; else the first ``[[tianshi]]`` entry that holds (a retreating 父母 or 官鬼
    clears the sky; a moving 父母 rains; a mover into the 妻財 brings the sun out; a moving 兄弟 or 官鬼
    clouds it; for rain, a moving 子孫 or 妻財 keeps it fair). (polarity, settling step), or ("", "") when
    none holds or it is not a weather question: the weighing then decides."""
    entries = [e for e in data().tianshi if topic in e[0]]
    if not entries:
        return "", ""
    if ys.chosen_by in ("天時動", "天時化出") and _on("tianshi.dong"):
        b = t.line.bian if t.line is not None else None
        c.add(
            "tianshi.dong",
            {"line": ys.position, "chosen_by": ys.chosen_by},
            yong=t.label,
            how=_weather_how(ys.chosen_by, b),
            topic=topic_word(topic) if topic else "",
        )
        return "good", "tianshi.dong"
    for _, test, qins, unless, stirred, polarity, key in entries:
        if not _on(key):
            continue
        for ln in chart.lines:
            b = ln.bian
            if test == "retreats":
                hit = ln.moving and b is not None and ln.yao.liu_qin in qins and b.tui_shen
            elif test == "moves":
                hit = (
                    (weather_stirred(ln) if stirred else ln.moving)
                    and ln.yao.liu_qin in qins
                    and not (b is not None and b.liu_qin in unless)
                )
            else:  # into
                hit = ln.moving and b is not None and b.liu_qin in qins and ln.yao.liu_qin not in qins
            if hit:
                c.add(key, {"line": ln.yao.position}, mover=_mover_word(ln))
                return polarity, key
    return "", ""


def _shi_holds(c: _Chain, chart: LiuYaoChart, topic: str | None) -> str:
    """The 世 holds the 六親 that spoils the matter asked (``[[shi_holds]]`` in ``data/judgment.toml``): an
    office sought while the 世 holds the 子孫, which overcomes the 官鬼 (seed 004-022: with 子孫 on the
    世, seeking office does not go smoothly; 《增刪卜易》〈增刪黃金策千金賦章〉, the prefect's first cast:
    the post went to someone else); a house asked about while the 世 holds the 官鬼 (seed 004-023: the
    house suffers; 《增刪卜易》〈占衙宅章第一百一十六〉: the 鬼 with 白虎 on the 世 marked the harmful
    spot). The key of its step when it holds (stated as a step that settles the verdict), else ""."""
    sl = chart.lines[chart.ben.shi - 1]
    for topics, qin, key, lifter in data().shi_holds:
        if topic in topics and sl.yao.liu_qin == qin and _on(key):
            if lifter and any(ln.moving and ln.yao.liu_qin == lifter for ln in chart.lines):
                continue
            c.add(key, {"line": sl.yao.position}, shi=f"{qin}{_b(sl.yao.branch)}")
            return key
    return ""


def _worry(c: _Chain, chart: LiuYaoChart, ys: YongShen, topic: str | None) -> str:
    """A worry about oneself (``[worry]``, the 用神 the 世) read by the signs 《增刪卜易》's preface gives
    for every question of guarding against harm (防災慮患): the 子孫 holding the 世 or moving with force,
    the 世 moving into the 子孫 or into a change that feeds it back (回頭生), or a moving 官鬼 with force
    feeding the 世, keep the asker safe (step ``worry.lifted``); a moving 官鬼 with force overcoming the
    世, the 世 moving into the 官鬼 or into a change that overcomes it (回頭剋) bring the harm on
    (``worry.harm``). A mover without force (:func:`_spent`) is no sign. Signs of both kinds, or none:
    "" (the weighing decides); else the key of the step, stated, that settles the verdict."""
    if topic not in data().worry_topics or ys.chosen_by != "世":
        return ""
    sl = chart.lines[chart.ben.shi - 1]
    good: list[str] = []
    bad: list[str] = []
    said: dict[str, Text] = {}  # a sign naming a line → its words (the others are terms of [term])
    if sl.yao.liu_qin == "子孫":
        good.append("子孫持世")
    b = sl.bian
    if b is not None:
        if b.liu_qin == "子孫":
            good.append("世化子孫")
        if b.hui_tou_sheng:
            good.append("世化回頭生")
        if b.liu_qin == "官鬼":
            bad.append("世化官鬼")
        if b.hui_tou_ke:
            bad.append("世化回頭剋")
    for ln in chart.lines:
        if not ln.moving or ln is sl or _spent(ln) is not None:
            continue
        if ln.yao.liu_qin == "子孫":
            good.append(f"{_mover_label(ln)}動")
            said[good[-1]] = _term("動而無傷", mover=_mover_word(ln))
        elif ln.yao.liu_qin == "官鬼":
            if wuxing.generates(ln.yao.element, sl.yao.element):
                good.append(f"{_mover_label(ln)}動而生世")
                said[good[-1]] = _term("動而生世", mover=_mover_word(ln))
            elif wuxing.overcomes(ln.yao.element, sl.yao.element):
                bad.append(f"{_mover_label(ln)}動而剋世")
                said[bad[-1]] = _term("動而剋世", mover=_mover_word(ln))
    zi_sun = wuxing.child_of(chart.ben.palace_element)
    for f, el in _frames(chart):
        if el == zi_sun:
            frame = "".join(_b(x) for x in f)
            good.append(f"{frame}合成子孫局")
            said[good[-1]] = _term("合成子孫局", frame=frame)
    if bool(good) == bool(bad):
        return ""
    key, signs = ("worry.lifted", good) if good else ("worry.harm", bad)
    if not _on(key):
        return ""
    c.add(key, {"signs": signs}, signs=_joined([said.get(x) or _term(x) for x in signs]))
    return key


def _he_in_chong(c: _Chain, chart: LiuYaoChart, topic: str | None) -> bool:
    """沖中逢合 of the two parties (《卜筮正宗》卷四〈十八問答〉第十一問): in a 六沖 hexagram whose 世 (the
    asker) and 應 (the other party) are each combined by the month or the day, what the clash keeps apart
    the 合 brings together: hard at first, done in the end. For a matter between the asker and another
    (``[parties]``); a 六沖 that changes into a 六合 says it already (step ``gua.chong_he``). True when it
    holds; stated as a step that settles the verdict."""
    if topic not in data().parties_topics or not chart.ben.liu_chong or not _on("gua.chong_he_shi_ying"):
        return False
    if chart.bian is not None and chart.bian.liu_he:
        return False
    sl, yl = chart.lines[chart.ben.shi - 1], chart.lines[chart.ben.ying - 1]

    def by(ln: Line) -> str | None:
        s = ln.state
        return "月建" if s.yue_he and not s.yue_po else "日辰" if s.ri_he and not s.ri_chong else None

    shi_by, ying_by = by(sl), by(yl)
    if shi_by is None or ying_by is None:
        return False
    facts = {"shi": _b(sl.yao.branch), "shi_by": shi_by, "ying": _b(yl.yao.branch), "ying_by": ying_by}
    c.add("gua.chong_he_shi_ying", facts, shi_by=_term(shi_by), ying_by=_term(ying_by))
    return True


def _shi_masters(c: _Chain, chart: LiuYaoChart, t: _Target, topic: str | None) -> bool:
    """Someone run away or pursued (``[chase]``): the asker's 世 overcoming the runaway's line (the 用神)
    means he is caught wherever he hides (《卜筮正宗》〈黃金策·逃亡〉: 世剋 the other's line, he is found;
    〈十八問答〉第九問: the servant hidden under a 午 line, overcome by the 申 世, could not get away). True
    when it holds; stated as a step that settles the verdict (his weakness is then no failing of the
    question: the weaker the runaway, the surer the catch)."""
    if topic not in data().chase_topics or not _on("chase.shi_ke"):
        return False
    sl = chart.lines[chart.ben.shi - 1]
    if t.line is not None and t.line.yao.position == sl.yao.position:
        return False
    if not wuxing.overcomes(sl.yao.element, t.element):
        return False
    c.add("chase.shi_ke", {"line": sl.yao.position}, shi=f"{sl.yao.liu_qin}{_b(sl.yao.branch)}", yong=t.label)
    return True


def _office_strikes_void_shi(chart: LiuYaoChart, t: _Target, topic: str | None) -> bool:
    """An office sought (``[office]`` topics) whose 官鬼 moves and overcomes a still, void 世: the post
    comes to the asker (the 官 moves onto him), but the blow lands on an empty 世 and is not harmless
    (《增刪卜易》〈增刪黃金策千金賦章〉: the posting won, then death on the road the next spring). Two
    phases, which the verdict says as mixed (see :func:`_weigh`)."""
    if topic not in data().office_topics or t.line is None or not t.line.moving or t.liu_qin != "官鬼":
        return False
    sl = chart.lines[chart.ben.shi - 1]
    return sl.state.kong and not sl.moving and wuxing.overcomes(t.element, sl.yao.element)


def _illness(c: _Chain, chart: LiuYaoChart, t: _Target, state: Any, bing: str) -> None:
    """《增刪卜易》〈疾病章〉: a recent illness heals when the 用神 is void (or changes into the void) or the
    hexagram is a six-clash one; a long one is grave under the same signs (option ``bing``)."""
    chong = chart.ben.liu_chong or (chart.bian is not None and chart.bian.liu_chong)
    ln = t.line
    if state.kong or (ln is not None and ln.bian is not None and ln.bian.hua_kong and not ln.bian.hui_tou_ke):
        c.add("bing.kong_jin" if bing == "jin" else "bing.kong_jiu")
    if chong:
        c.add("bing.chong_jin" if bing == "jin" else "bing.chong_jiu")


def _kong(c: _Chain, t: _Target, state: Any, helped: bool, ke_lines: Sequence[Line] = ()) -> str | None:
    """旬空: 假空 (waits) or 真空 (fails); None when not void (a moving line is not void, 動不為空).

    A still void 用神 that the day or a live moving 忌神 overcomes is void for good (到底空:
    《卜筮正宗》〈十八論·旬空論〉), whatever its strength in the month: the blow falls while the line is
    empty, and that prevails over 〈旬空章〉's 旺不為空, which speaks of a strong line left unharmed —
    unless the day clashes it into motion (暗動): a void line clashed is made real (〈旬空章〉 沖空則實; the
    千金賦's 空逢沖而有用), which prevails, so one line is never both stirred by the day and void for good
    (``kong.chong_shi``)."""
    if not state.kong:
        return None
    moving = t.line is not None and t.line.moving
    struck = not moving and (state.ri_relation == "剋" or bool(ke_lines))
    if struck and t.line is not None and t.line.an_dong and _on("kong.chong_shi"):
        c.add("kong.chong_shi", {"branch": _b(t.branch)}, yong=t.label)  # 沖空則實 prevails; then 旺相
    elif struck and _on("kong.zhen_ke"):
        return _kong_struck(c, t, state, ke_lines)
    why = None
    if state.you_qi:
        why_key = "旺相"
    elif moving:
        why_key = "發動"
    elif state.ri_relation in ("生", "比和") or helped:
        why_key = "得生扶"
    else:
        why_key = None
    if why_key is not None:
        why = why_key
        c.add("kong.jia", {"branch": _b(t.branch), "why": why}, yong=t.label, why=_term(why))
        return "jia"
    if not _on("kong.zhen"):
        return None
    c.add("kong.zhen", {"branch": _b(t.branch)}, yong=t.label)
    return "zhen"


def _kong_struck(c: _Chain, t: _Target, state: Any, ke_lines: Sequence[Line]) -> str:
    """The step of a still void 用神 struck by the day or a live moving 忌神 (see :func:`_kong`)."""
    by = (["日辰"] if state.ri_relation == "剋" else []) + [_mover_label(ln) for ln in ke_lines]
    words = ([_term("日辰")] if state.ri_relation == "剋" else []) + [_mover_word(ln) for ln in ke_lines]
    c.add("kong.zhen_ke", {"branch": _b(t.branch), "by": by}, yong=t.label, by=_joined(words))
    return "zhen"


def _fu(c: _Chain, chart: LiuYaoChart, ys: YongShen, t: _Target) -> bool:
    """A hidden 用神: drawn out (提拔), or of no use; True when useless."""
    fu = ys.fu
    under = t.hidden_under
    assert fu is not None and under is not None
    s = fu.state
    reasons_out = []
    gives_way = _fei_gives_way(chart, under)
    reasons_out += gives_way
    if fu.relation == "飛生伏":
        reasons_out.append("飛來生伏")
    if any(ln.moving and ln.bian is not None and ln.bian.branch == fu.branch for ln in chart.lines):
        reasons_out.append("動爻化出")  # a moving line changes into the hidden line's own branch
    if s.you_qi or s.ri_relation in ("生", "比和") or s.ri_chen:
        reasons_out.append("得日月生扶")
    useless = []
    if s.kong and not s.you_qi:
        useless.append("休囚逢空")
    if s.yue_po:
        useless.append("月破")
    if s.ri_stage in ("墓", "絕") and not s.you_qi:
        useless.append(f"臨日{s.ri_stage}")
    if fu.relation == "飛剋伏" and not s.you_qi and s.ri_relation not in ("生", "比和"):
        useless.append("被飛神所剋")
    drawn = "動爻化出" in reasons_out
    fails = (useless and not drawn) or not reasons_out or (reasons_out == ["飛來生伏"] and not s.you_qi)
    if fails and _on("fu.useless"):
        why = "、".join(useless or ["休囚無提拔"])
        c.add("fu.useless", {"why": why}, yong=t.label, why=_terms(useless or ["休囚無提拔"]))
        return True
    if not reasons_out:  # only with fu.useless switched off (measuring, switched_off): nothing to state
        return False
    why = "、".join(reasons_out)
    if gives_way:
        # 〈飛伏神章〉: the cover itself gives way, so the hidden line comes out readily and weighs as a line
        # on the hexagram would; the lesser reasons (help of the month or day, a 飛神 that feeds it, a mover
        # changing into it) only make it drawable
        c.add("fu.out_easy", {"why": why, "fei_gives_way": gives_way}, yong=t.label, why=_terms(reasons_out))
    else:
        c.add("fu.out", {"why": why}, yong=t.label, why=_terms(reasons_out))
    return False


def _fei_gives_way(chart: LiuYaoChart, under: Line) -> list[str]:
    """How the 飛神 covering a hidden 用神 gives way (《增刪卜易》〈飛伏神章〉, 提拔): void or broken by the
    month or the day (飛神空破), or clashed by the day or the month (日月沖飛神). Empty when it holds."""
    fei = under.state
    out = []
    if fei.kong or fei.yue_po or under.ri_po:
        out.append("飛神空破")
    if fei.ri_chong or relations.chong(chart.yue_jian) == under.yao.branch:
        out.append("日月沖飛神")
    return out


# ── 應期 ─────────────────────────────────────────────────────────────────────────────────────────
def _unit(topic: str | None) -> str:
    if topic in data().year_topics:
        return "year"
    return "month" if topic in data().month_topics else "day"


class _When:
    """Ranked 應期 candidates without repeats."""

    def __init__(self, unit: str) -> None:
        self.unit = unit
        self.items: list[tuple[str, int, Text]] = []

    def add(self, key: str, branch: int, other: int | None = None, *, unit: str | None = None) -> None:
        u = unit or self.unit
        if any(b == branch and x == u for x, b, _ in self.items):
            return
        t = _text(data().ying[key], branch=_b(branch), other=_b(other) if other is not None else "")
        self.items.append((u, branch, t))

    def second(self, key: str, branch: int) -> None:
        """*branch* as the second time, after the 用神's own first (or first, when there is none): left
        where it is when it is already among the first two; moved up when it stands lower."""
        u = self.unit
        if any(b == branch and x == u for x, b, _ in self.items[:2]):
            return
        self.items = [it for it in self.items if not (it[1] == branch and it[0] == u)]
        t = _text(data().ying[key], branch=_b(branch))
        self.items.insert(min(1, len(self.items)), (u, branch, t))


def _ying_qi(
    chart: LiuYaoChart,
    t: _Target,
    state: Any,
    polarity: str,
    marks: dict[str, Any],
    topic: str | None,
) -> list[tuple[str, int, Text]]:
    w = _When(_unit(topic))
    b = t.branch
    ln = t.line
    stirred = ln is not None and (ln.moving or ln.an_dong)
    tu = chart.options.tu_changsheng
    if polarity == "bad":
        # the harm falls when the 忌神 that overcomes it comes, when its own change turns on it, when it
        # enters its tomb or is cut off, or when it is clashed
        if state.kong or state.yue_po:
            w.add("tian_shi_bad", b)  # a void or broken 用神 meets its fate when it is filled
        if state.yue_po and not state.kong:
            # … or, broken and not void, when the branch that breaks it comes again (《易冒》卷六〈疾病章〉,
            # 〈身命章〉: the month of the break; 〈應期章〉: 破 waits for 填實 or meets its breaker)
            w.add("po_chong", relations.chong(b))
        for x in marks.get("ke_lines", []):
            w.add("ji_zhi", x.yao.branch)
        for x in _movers(chart, t):
            # 〈旬空章〉, 〈進神退神章〉, 〈應期章〉: a 忌神 changing into the void strikes when the void is
            # filled, one that advances when it reaches its advance (not one its change overcomes or
            # cuts off: that one is spent for good)
            ji = x.moving and wuxing.overcomes(x.yao.element, t.element)
            if not ji or x.bian is None or x.bian.hui_tou_ke or x.bian.hua_jue:
                continue
            if x.bian.hua_kong:
                w.add("ji_chu_kong", x.bian.branch, x.yao.branch)
            elif x.bian.jin_shen:
                w.add("ji_jin", x.bian.branch, x.yao.branch)
        if (
            ln is not None
            and ln.bian is not None
            and (ln.bian.hui_tou_ke or ln.bian.hua_jue or ln.bian.hua_mu or ln.bian.tui_shen)
        ):
            w.add("hua_bad", ln.bian.branch)  # 〈進神退神章〉: a retreat ends where it retreats to
        if state.ri_stage == "絕":
            w.add("ri_jue", chart.ri_chen)  # 〈生旺墓絕章〉: cut off on the day, it fails when that comes
        w.add("ru_mu", _stage_branch(t.element, "墓", tu))
        w.add("chong_yong", relations.chong(b))
        if state.kong and not state.yue_po:
            # 〈應期章〉: a void line waits for its filling or for the clash that makes it real (沖空則實);
            # the harm on a void 用神 falls at the one or the other, so the clash stands second
            w.second("kong_chong_bad", relations.chong(b))
        _du_fa(w, chart, t)
        return w.items
    if marks.get("weather_by") == "天時化出" and ln is not None and ln.bian is not None:
        # 〈天時章〉: a line that turns into the weather asked for brings it when what it turns into comes
        # (its 升之恆 case: the 財 turning into the 午 子孫 clears the sky fully at the 午 hour)
        w.add("hua_chu", ln.bian.branch)
    if marks.get("he_in_chong"):
        # 沖中逢合 (〈十八問答〉第十一問): what the clash kept apart comes together when the 用神 meets its 合
        w.add("chong_zhong_he", relations.liu_he(b))
    if marks.get("shi_hua") and ln is not None and ln.bian is not None:
        # 〈功名到何品級章〉: the 世 that turns into the 官鬼 names the time of the office by that branch
        w.add("shi_hua_guan", ln.bian.branch)
    if ln is None:  # hidden
        w.add("ti_ba", b)
        if t.hidden_under is not None:
            if wuxing.generates(t.hidden_under.yao.element, t.element):
                w.add("fei_sheng", t.hidden_under.yao.branch)
            w.add("ti_ba", relations.chong(t.hidden_under.yao.branch))
    if state.kong and marks.get("kong") != "zhen":
        w.add("chu_kong", b)
        w.add("chong_kong", relations.chong(b))
    if state.yue_po:
        if ln is not None and ln.moving:
            # 〈月破章〉: a broken line that moves still acts; as every moving line it comes at its 合
            # (〈應期章〉, 動待合), before the break is filled or the month ends
            w.add("dong_he", relations.liu_he(b))
        w.add("tian_shi_po", b)
        w.add("chu_yue", (chart.yue_jian + 1) % 12, unit="month")
    if marks.get("he_zhu"):
        w.add("chong_he", relations.chong(b))
    if marks.get("chong_dong"):
        w.add("dong_he", relations.liu_he(b))  # a moving line comes at its 合 (〈應期章〉) …
        if _helpless(state, marks):
            # … but weak with nothing to lift it, it waits for its birth (〈應期章〉: 衰待生旺)
            w.add("sheng_wang", _stage_branch(t.element, "長生", tu))
        w.add("chong_zhi", b)  # … or, held back by the day's clash, on its own day (〈動散章〉)
    if marks.get("mu"):
        tomb = chart.ri_chen
        w.add("chong_mu", relations.chong(tomb), tomb)
    if ln is not None and ln.bian is not None and ln.bian.hua_mu:
        tomb = ln.bian.branch
        w.add("zhi", b)
        w.add("chong_mu", relations.chong(tomb), tomb)
    if ln is not None and ln.bian is not None and ln.bian.hua_kong:
        w.add("hua_chu", ln.bian.branch)  # it changes into the void: it comes when that is filled
    if ln is not None and ln.bian is not None and ln.bian.hua_jue:
        w.add("jue_sheng", _stage_branch(t.element, "長生", tu))
    _from_other_lines(w, chart, t, marks)
    if ln is not None and ln.bian is not None and (ln.bian.jin_shen or ln.bian.hui_tou_sheng):
        w.add("hua_chu", ln.bian.branch)  # what it changes into comes
    for x in marks.get("sheng_lines", []):
        # the weak 用神 fed by a moving 原神 comes when the 原神 comes (or, void, when it is filled)
        if not state.you_qi:
            w.add("yuan_zhi", x.yao.branch)
    if stirred and marks.get("he_zhu"):
        # the day that binds a moving 用神 is its 合 already: after the clash that frees it, its own day
        # (〈應期章〉: 動而逢值), then the bond's branch
        w.add("he_zhu_zhi", b)
        w.add("dong_he", relations.liu_he(b))
    elif stirred and ln is not None and not ln.moving:
        # a still line the day clashes into motion (暗動) is 旺相 by definition and already stirred by
        # the day: it comes on its own day first (〈應期章〉: the strong line waits for its 值; 〈暗動章〉),
        # then at its 合
        w.add("zhi", b)
        w.add("dong_he", relations.liu_he(b))
    elif stirred:
        w.add("dong_he", relations.liu_he(b))
        w.add("zhi", b)
    else:
        w.add("zhi", b)
        w.add("jing_chong", relations.chong(b))
    if not state.you_qi and not marks.get("root"):
        w.add("sheng_wang", _stage_branch(t.element, "長生", tu))
        w.add("sheng_wang", _stage_branch(t.element, "帝旺", tu))
    _du_fa(w, chart, t)
    return w.items


def lone_mover(chart: LiuYaoChart) -> Line | None:
    """The hexagram's only moving line (獨發: five lines still, one moving), or None."""
    moving = [ln for ln in chart.lines if ln.moving]
    return moving[0] if len(moving) == 1 else None


def lone_still(chart: LiuYaoChart) -> Line | None:
    """The hexagram's only still line (獨靜: five lines moving, one still), or None."""
    still = [ln for ln in chart.lines if not ln.moving]
    return still[0] if len(still) == 1 else None


def _du_fa(w: _When, chart: LiuYaoChart, t: _Target) -> None:
    """The time named by the lone moving line (獨發) or the lone still line (獨靜), second after the
    用神's own first.

    《增刪卜易》〈獨發章〉: the time follows the 用神 first, yet the old rule that the lone mover or the lone
    still line names the time was tried by the author and found to hold, after the event — so it comes
    after the 用神's first time, not before it. 《易冒》卷三〈獨發章第二十九〉 dates its cases by the lone
    mover's day or year, and 《卜筮正宗》〈十八問答〉 by the one still line. The lone mover's own branch,
    unless the 用神 is that mover (its own times already stand); the lone still line's own branch, or,
    where that still line is the 用神, the branch that clashes it (a still line comes when clashed:
    〈應期章〉 靜而逢沖; 《易冒》's ym-xingren-03)."""
    lone = lone_mover(chart)
    if lone is not None and lone is not t.line:
        w.second("du_fa", lone.yao.branch)
        return
    still = lone_still(chart)
    if still is None:
        return
    if still is t.line:
        w.second("du_jing_chong", relations.chong(still.yao.branch))
    else:
        w.second("du_jing", still.yao.branch)


def _helpless(state: Any, marks: dict[str, Any]) -> bool:
    """A 用神 weak in the month (無氣), with no root in the month or the day, fed by no moving line and not
    by its own change (回頭生, 進神): what 〈應期章〉 means by 衰 that waits for its 生旺."""
    rescued = marks.get("sheng", 0) > 0 or marks.get("hui_sheng") or marks.get("hua_jin")
    return not state.you_qi and not marks.get("root") and not rescued


def _stage_branch(element: int, stage: str, tu: Any) -> int:
    """The branch where an element (木 0 … 水 4) reaches *stage* of the 十二長生 (《增刪卜易》〈生旺墓絕章〉:
    金 born at 巳, 木 at 亥, 水 and 土 at 申; 土 with 火 under the option ``tu_changsheng``). The element is
    passed by its name: ``changsheng.branch_of_stage`` reads an index as a stem (0–4 are 甲 … 戊), which
    put 火 and 金 on the reversed course of 乙 and 丁 and 土 on 丙's."""
    return changsheng.branch_of_stage(ELEMENTS[element], stage, tu=tu)


def _from_other_lines(w: _When, chart: LiuYaoChart, t: _Target, marks: dict[str, Any]) -> None:
    """應期 read off the other lines (〈應期章〉: the time is when what holds the matter back is removed or
    what it lacks arrives), after the 用神's own void, break, bond and tomb: a 三合 frame on the 用神's side
    waits for its void member to be filled or its missing one to come (〈三合章〉); a moving 原神 held in a
    合 waits for the clash that frees it (〈六合章〉); a live moving 忌神 is removed when it is clashed
    (〈用神原神忌神仇神章〉)."""
    for key, branch in _san_he_gap(chart, t):
        w.add(key, branch)
    for ln in _movers(chart, t):
        # a moving 原神 with its force but for the bond (a day's 合 is the one thing that spends it)
        if not ln.moving or not wuxing.generates(ln.yao.element, t.element):
            continue
        held = _held(ln)
        if held is not None and _spent(ln) in (None, "日合絆住"):
            w.add("yuan_he_chong", relations.chong(held), ln.yao.branch)
    for x in marks.get("ke_lines", []):
        if x.moving:
            w.add("ji_chong", relations.chong(x.yao.branch), x.yao.branch)


def _held(ln: Line) -> int | None:
    """The branch a moving line is bound to, or None: its own change when it changes into its 合 (化合), or
    the day when the day combines with it (日合, not clashed) — 《增刪卜易》〈六合章〉 (合住: a moving line so
    bound does not act until a clash opens the bond). The clash that frees it strikes the partner of a 化合
    (the 丑 that clashes 未 frees a 午 turned into 未) and the line itself when the day holds it."""
    if ln.bian is not None and relations.liu_he(ln.yao.branch) == ln.bian.branch:
        return ln.bian.branch
    if ln.state.ri_he and not ln.state.ri_chong:
        return ln.yao.branch
    return None


def _san_he_gap(chart: LiuYaoChart, t: _Target) -> list[tuple[str, int]]:
    """三合 frames on the 用神's side that wait for one member (《增刪卜易》〈三合章〉): a frame of the 用神's
    own element, or of the element that generates it, with its members among the 用神's branch, the moving
    lines, their changes, the day and the month. Complete, one member moving (a frame needs motion), with
    a void member: the time is when that member leaves the void (``sanhe_kong``). The 用神 in a frame of
    its own element with one more member present and the third on no line, neither the day nor the month:
    the time is when the third comes and completes it (``sanhe_que``); so too when the third stands on a
    still line while the other two both move (a still line does not join a frame: the chapter's 乾之需
    case, 午 and 戌 moving, waits for the 寅 of its second line)."""
    moving = {ln.yao.branch for ln in chart.lines if ln.moving}
    have = (
        moving
        | {ln.bian.branch for ln in chart.lines if ln.bian is not None}
        | {chart.ri_chen, chart.yue_jian, t.branch}
    )
    kong = set(chart.xun_kong)
    out: list[tuple[str, int]] = []
    for frame_el in (t.element, (t.element - 1) % 5):
        frame = _frame_of(frame_el)
        if frame is None:
            continue
        present = [x for x in frame if x in have]
        if len(present) == 3 and any(x in moving for x in frame):
            # a member that is void and not made real by the day or the month
            out += [
                ("sanhe_kong", x) for x in frame if x in kong and x not in (chart.ri_chen, chart.yue_jian)
            ]
        elif frame_el == t.element and t.branch in frame and len(present) == 2:
            on_chart = {ln.yao.branch for ln in chart.lines}
            # two moving members (the 用神 among them) wait for the third even on a still line: a still
            # member does not join a frame (〈三合章〉: the frame of 午 and 戌 moving waits for its 寅)
            both_move = all(x in moving for x in present)
            out += [("sanhe_que", x) for x in frame if x not in have and (both_move or x not in on_chart)]
    return out


def _frame_of(element: int) -> tuple[int, int, int] | None:
    """The 三合 frame of *element* (its 長生, 帝旺, 墓 branches); None for 土, which has none."""
    for b in (0, 3, 6, 9):  # the 帝旺 of each frame: 子 卯 午 酉
        if relations.san_he_element(b) == element:
            return relations.san_he(b)
    return None


def _local_date(chart: LiuYaoChart) -> tuple[_dt.date, _dt.datetime] | None:
    """The civil date of the chart's day pillar and the cast instant, when the chart has an instant."""
    at = chart.inputs.get("at") if isinstance(chart.inputs, Mapping) else None
    if not at:
        return None
    try:
        when = _dt.datetime.fromisoformat(str(at))
    except ValueError:
        return None
    return pillar_date(when, chart.day.index), when


def _dates(chart: LiuYaoChart, unit: str, branch: int) -> tuple[str | None, str | None]:
    """The 干支 and civil date of the next day (or month) of *branch* from the cast (xuanheng.time.ahead)."""
    if unit == "day":
        offset = (branch - chart.ri_chen) % 12
        local = _local_date(chart)
        date = (local[0] + _dt.timedelta(days=offset)).isoformat() if local else None
        return ganzhi_after(chart.day.index, offset), date
    if unit == "month":
        offset = (branch - chart.yue_jian) % 12
        gz = ganzhi_after(chart.month.index, offset) if chart.month is not None else None
        local = _local_date(chart)
        if local is None:
            return gz, None
        return gz, (local[0] if offset == 0 else month_start(local[1], offset)).isoformat()
    if unit == "year" and chart.year is not None:
        offset = (branch - chart.year.branch) % 12
        local = _local_date(chart)
        gz = ganzhi_after(chart.year.index, offset)
        if local is None:
            return gz, None
        return gz, (local[0] if offset == 0 else year_start(local[1], offset)).isoformat()
    return None, None


# ── the judge ─────────────────────────────────────────────────────────────────────────────────────
def _target(chart: LiuYaoChart, ys: YongShen) -> _Target:
    if ys.position is not None:
        ln = chart.lines[ys.position - 1]
        y = ln.yao
        return _Target(y.branch, y.element, y.liu_qin, f"{y.liu_qin}{_b(y.branch)}", ln, None)
    assert ys.fu is not None and ys.under is not None
    fu = ys.fu
    return _Target(fu.branch, fu.element, ys.liu_qin, fu.label, None, chart.lines[ys.under - 1])


def _weather_how(chosen_by: str, bian: Any) -> Text:
    """How the weather's line acts (``[chosen_by]`` 天時動 …) in the reader's words; in Chinese the book's
    動, 獨發, or 化 and the 六親 it turns into."""
    if chosen_by == "天時化出" and bian is not None:
        return _term("化出", qin=bian.liu_qin)
    w = _term(chosen_by, "chosen_by")
    return Text(ko=w.ko, zh_hant=chosen_by[2:], en=w.en)


def _focus(ys: YongShen, question: Question, t: _Target) -> Focus:
    d = data().focus
    qin: str | Text = ys.liu_qin if ys.key not in ("世", "應") else _term(f"{ys.key}爻")
    if ys.chosen_by == "伏神":
        why = _text(d["fu"], qin=ys.liu_qin, line=yao_word(ys.under or 1), yong=t.label)
    elif ys.chosen_by in ("天時動", "天時化出", "天時獨發"):
        # 〈天時章〉: the weather is read off the line that moves
        b = t.line.bian if t.line is not None else None
        how = _weather_how(ys.chosen_by, b)
        topic = topic_word(question.topic) if question.topic else ""
        why = _text(d["weather"], topic=topic, line=yao_word(ys.position or 1), yong=t.label, how=how)
    elif ys.chosen_by not in ("唯一", "世", "應") and len(ys.positions) > 1:
        why = _text(
            d["two"], qin=ys.liu_qin, line=yao_word(ys.position or 1), why=_term(ys.chosen_by, "chosen_by")
        )
    elif ys.src[: len(ABOUT_SRC)] == ABOUT_SRC:
        why = _text(d["about"], about=about_word(question.about), qin=qin)
    elif question.topic is None:
        about = about_word(question.about)
        why = _text(d["general"]) if ys.key == "世" else _text(d["about"], about=about, qin=qin)
    else:
        why = _text(d["topic"], topic=topic_word(question.topic), qin=qin)
    facts = {
        "najia": (STEMS[t.line.yao.stem] + _b(t.branch))
        if t.line is not None
        else ys.fu.najia
        if ys.fu
        else None,
        "element": ELEMENTS[t.element],
        "chosen_by": ys.chosen_by,
        "hidden": t.line is None,
        "under": ys.under,
        "yuan_shen": ys.yuan,
        "ji_shen": ys.ji,
        "src": list(ys.src),
    }
    # the line in the reader's words (삼효, line 3), or the line a hidden 用神 lies under (이효 아래)
    line = (
        yao_word(ys.position)
        if ys.position is not None
        else term_word("爻下", line=yao_word(ys.under))
        if ys.under is not None
        else None
    )
    said = {"line": line} if line is not None else {}
    return Focus("用神", ys.liu_qin, ys.position, _b(t.branch), why, facts, said)


def _weigh(c: _Chain, marks: dict[str, Any]) -> tuple[str, str]:
    """The polarity and the key of the step that settled it (its reason is the verdict's: ``[reason]`` of
    the data; "" where the weighed sum decided): a 真空 or a useless 伏神 fails; a true 月破 fails; a 用神
    with the month's or the day's strength (``root``) is not defeated by moving lines (at worst mixed); a
    weak one fed by a moving 原神 or by its own change (回頭生), or advancing (化進神), is rescued: good;
    otherwise the weighed sum decides."""
    root = marks["root"]
    rescue = marks["sheng"] > 0 or marks.get("hui_sheng", False) or marks.get("hua_jin", False)
    keys = [s.key for s in c.steps]
    harms = sum(keys.count(k) for k in data().harms)
    hidden_only = marks.get("sheng_hidden_only") and marks.get("ke_strong")
    if (
        rescue
        and hidden_only
        and not marks.get("hui_sheng")
        and not marks.get("hua_jin")
        and _on("weigh.rescue_an_dong")
    ):
        c.add("weigh.rescue_an_dong")
        rescue = False
    if rescue and "month.po" in keys and "day.ke" in keys and _on("weigh.no_root"):
        # 〈元神忌神衰旺章〉, 〈月破章〉: broken by the month and struck by the day, the 用神 has no root to
        # take a feeding line's help (a month's overcoming with the day's is not this: 〈相生章〉 rescues it)
        c.add("weigh.no_root")
        rescue = False
    if rescue and harms - sum(keys.count(k) for k in data().helps) >= 2 and _on("weigh.rescue_outnumbered"):
        # 〈五行相剋章〉: one help cannot rescue a 用神 that the month, the day and movers overcome together
        c.add("weigh.rescue_outnumbered", {"harms": harms})
        rescue = False
    weather: tuple[str, str] | None = marks.get("tianshi")
    if weather:
        return weather
    if marks.get("caught"):
        return "good", "chase.shi_ke"
    if marks.get("useless") and _on("settle.fu_useless"):
        return "bad", "fu.useless"
    if marks.get("tied"):
        return "bad", "chuxing.he_zhu"
    if marks.get("shi_holds"):
        return "bad", marks["shi_holds"]
    if marks.get("worry"):
        return ("good" if marks["worry"] == "worry.lifted" else "bad"), marks["worry"]
    if marks.get("kong") == "zhen" and not rescue and _on("settle.kong_zhen"):
        c.add("weigh.no_rescue")
        return "bad", "kong.zhen_ke" if "kong.zhen_ke" in keys else "kong.zhen"
    if marks["po"] and not root and not rescue and not marks.get("moving") and _on("weigh.po_true"):
        c.add("weigh.po_true")
        return "bad", "weigh.po_true"
    if marks.get("two_phase") and _on("weigh.two_phase"):
        # the day's 生 holds the 用神 up now; the change that turns back on it waits for its own time
        # (〈動變生剋沖合章〉, the 千金賦 case of the illness that passed and came back): first one, then
        # the other, which one polarity cannot say
        c.add("weigh.two_phase")
        return "mixed", "weigh.two_phase"
    if marks.get("he_in_chong"):
        return "good", "gua.chong_he_shi_ying"
    if marks.get("office_void_shi") and _on("weigh.two_phase_shi"):
        c.add("weigh.two_phase_shi")
        return "mixed", "weigh.two_phase_shi"
    if marks.get("chong_chong"):
        # 〈六沖章〉: 沖變沖 — the matter scatters; it prevails over the 用神's root or rescue
        # (〈疾病章〉's child whose 子孫 had every support)
        return "bad", "gua.chong_chong"
    total = c.total
    if root and _on("weigh.root"):
        # the month and the day weigh more than the moving lines: a mover's harm counts half
        eased = total - marks["ke"] // 2 if marks["ke"] < 0 else total
        if eased > BAD:
            if marks["ke"] < 0:
                c.add("weigh.root")
            total = eased
            if total < GOOD:
                if total < 0:
                    return _even(c)
                return "good", "weigh.root" if marks["ke"] < 0 else ""
    elif rescue and total < GOOD and _on("weigh.rescue"):
        # 〈用神原神忌神仇神章〉, 〈進神退神章〉: a weak 用神 fed or advancing is rescued (有救)
        by = [w for w, on in (("原神動生", marks["sheng"] > 0), ("回頭生", marks.get("hui_sheng")),
                              ("化進神", marks.get("hua_jin"))) if on]  # fmt: skip
        c.add("weigh.rescue", {"by": by}, by=_terms(by))
        return "good", "weigh.rescue"
    if "bing.kong_jin" in keys and total > BAD and _on("weigh.bing_kong"):
        # 〈疾病章〉: a recent illness whose 用神 is void passes once it leaves the void, unless harm prevails
        c.add("weigh.bing_kong")
        return "good", "weigh.bing_kong"
    if "bing.chong_jin" in keys and total > BAD and total < GOOD and _on("weigh.bing_chong"):
        # the same sentence of 〈疾病章〉 and of the preface: a recent illness in a six-clash hexagram (or one
        # changing into it) passes without medicine, unless harm prevails; a sum that is good says so itself
        c.add("weigh.bing_chong")
        return "good", "weigh.bing_chong"
    if total >= GOOD:
        waits = [w for w, on in (("旬空", marks.get("kong") == "jia"), ("合住", marks.get("he_zhu")),
                                 ("月破", marks["po"]), ("入墓", marks.get("mu"))) if on]  # fmt: skip
        if waits:
            c.add("weigh.wait", what=_terms(waits))
        return "good", ""
    if total <= BAD:
        c.add("weigh.no_rescue")
        return "bad", ""
    return _even(c)


def _even(c: _Chain) -> tuple[str, str]:
    """A mixed verdict says so as its settling step: neither what helps nor what harms prevails."""
    c.add("weigh.even")
    return "mixed", ""


def judge(
    chart: LiuYaoChart,
    question: Question | str | None = None,
    *,
    fired: Sequence[FiredRule] | None = None,
    options: object = None,
    **reading_options: Any,
) -> Judgment:
    """The judgment of *chart* for *question* (a :class:`Question`, or a topic): see the module docstring.

    *reading_options* are the reading's options (``about``, ``yong_shen``, ``liang_xian``, ``sex`` …);
    ``about`` may also come in the question. *fired* (the reading of the same chart and question) gives
    the commentary: the ids of the fired rules about the 用神, its 原神 and 忌神, and the asked topic."""
    return judge_settled(chart, question, fired=fired, options=options, **reading_options)[0]


def judge_settled(
    chart: LiuYaoChart,
    question: Question | str | None = None,
    *,
    fired: Sequence[FiredRule] | None = None,
    options: object = None,
    **reading_options: Any,
) -> tuple[Judgment, str]:
    """:func:`judge`, with the key of the step that settled the verdict (the key of its ``[reason]``), or
    "" where the weighed sum decided — what ``scripts/liuyao_confusion.py`` counts per settling path."""
    if not isinstance(chart, LiuYaoChart):
        raise InputError(f"judge needs a LiuYaoChart, got {type(chart).__name__}", field="chart")
    if question is None or isinstance(question, str):
        question = Question(
            normalise_topic(question) if question else None, reading_options.get("about", "自己")
        )
    topic = normalise_topic(question.topic) if question.topic else None
    about = check_about(question.about)
    question = Question(topic, about)
    opts_kw = {k: v for k, v in reading_options.items() if v is not None}
    opts_kw["about"] = about
    opts = make_reading_options(options if options is not None else None, **opts_kw)  # type: ignore[arg-type]
    ys = select_yong(chart, topic, opts)
    t = _target(chart, ys)
    c = _Chain()
    state = t.line.state if t.line is not None else ys.fu.state  # type: ignore[union-attr]
    marks: dict[str, Any] = {}
    if t.line is None:
        marks["useless"] = _fu(c, chart, ys, t)
    marks.update(_month_day(c, t, chart, state))
    if t.line is not None:
        _change(c, t.line, t.label, topic)
        marks["moving"] = t.line.moving
        marks["hui_sheng"] = t.line.bian is not None and t.line.bian.hui_tou_sheng
        marks["hua_jin"] = t.line.bian is not None and t.line.bian.jin_shen and not t.line.bian.hui_tou_ke
        # the day feeds the moving 用神 while its own change turns back on it (see _weigh)
        marks["two_phase"] = t.line.bian is not None and t.line.bian.hui_tou_ke and state.ri_relation == "生"
    marks.update(_act(c, chart, t))
    _still(c, chart, t, marks["acting"])
    # the 世 read because it turns into the office sought (世化官, 〈功名到何品級章〉): the office comes
    # with the branch it turns into
    ln = t.line
    marks["shi_hua"] = (
        ys.chosen_by == "世"
        and ln is not None
        and ln.bian is not None
        and ln.bian.liu_qin in yong_entry(topic).shi_if_hua
    )
    # 〈疾病章〉's signs of a sickness (void, 六沖) read an illness, not a life's length (壽: 〈壽元章〉)
    illness = kind_of(topic) == "bing" and topic not in data().year_topics
    if illness and state.kong and opts.bing == "jin":
        marks["kong"] = "jia"  # a recent illness: the void heals (stated below), it is no failing
    else:
        marks["kong"] = _kong(c, t, state, marks["sheng"] > 0 or marks["root"], marks["ke_lines"])
    marks["chong_chong"] = _gua(c, chart, t, topic)
    marks["shi_hurt"] = _shi_hurt(c, chart, t, topic, about)
    marks["shi_holds"] = _shi_holds(c, chart, topic)
    marks["he_in_chong"] = _he_in_chong(c, chart, topic)
    # the 官鬼 on the 世 with no 子孫 moving (shi.gui_you) is the preface's own first sign of harm: it settles
    marks["worry"] = "" if marks["shi_holds"] else _worry(c, chart, ys, topic)
    marks["caught"] = _shi_masters(c, chart, t, topic)
    marks["office_void_shi"] = _office_strikes_void_shi(chart, t, topic)
    if topic in data().travel_topics and marks.get("he_zhu") and _on("chuxing.he_zhu"):
        # 〈六合章〉: the traveller's line held by the day's 合 is tied at home: he does not set out
        c.add("chuxing.he_zhu", yong=t.label)
        marks["tied"] = True
    if illness:
        _illness(c, chart, t, state, opts.bing)
    weather = _tian_shi(c, chart, ys, t, topic)
    if weather[0]:
        marks["tianshi"] = weather
        if weather[1] == "tianshi.dong":
            marks["weather_by"] = ys.chosen_by  # the 應期 of a line turning into the weather (_ying_qi)
    polarity, settled = _weigh(c, marks)
    word = verdict_word(topic, polarity)
    # the reason is the settling step's where one step settled it, else what the weighed sum says
    vt = data().reason.get(settled) or data().verdict[polarity]
    verdict = Verdict(
        word, Text.from_mapping({lang: tpl.format(label=word.label.get(lang)) for lang, tpl in vt.items()})
    )
    items = _ying_qi(chart, t, state, polarity, marks, topic)
    ying = []
    for unit, branch, why in items[:4]:
        gz, date = _dates(chart, unit, branch)
        ying.append(YingQi(unit, _b(branch), why, gz, date))
    _ying_frames(c, chart, t, items[:4])
    dropped = _trim(c, settled) if _TRIM[0] else []
    judgment = Judgment(
        question=question,
        verdict=verdict,
        focus=_focus(ys, question, t),
        steps=tuple(c.steps),
        ying_qi=tuple(ying),
        commentary=(*_commentary(fired, topic), *dict.fromkeys(f"step:{k}" for k in dropped)),
    )
    return judgment, settled


def _ying_frames(c: _Chain, chart: LiuYaoChart, t: _Target, items: Sequence[tuple[str, int, Text]]) -> None:
    """The 三合 frame an 應期 waits for (:func:`_san_he_gap`: its missing member to come, or its void one
    to leave the void), stated when no step has named that frame (weight 0: the time rests on it, the
    verdict does not). Made after the verdict, so it weighs nothing."""
    for key, branch in _san_he_gap(chart, t):
        why = _text(data().ying[key], branch=_b(branch), other="")
        if not any(b == branch and w == why for _, b, w in items):
            continue
        frame = next(f for f in (_frame_of(t.element), _frame_of((t.element - 1) % 5)) if f and branch in f)
        names = "".join(_b(x) for x in frame)
        if any(s.key.startswith("sanhe") and s.facts.get("branches") == names for s in c.steps):
            continue
        el = ELEMENTS[relations.san_he_element(frame[0])]
        step = "sanhe.que" if key == "sanhe_que" else "sanhe.kong"
        facts = {"branches": names, "element": el, "waits": _b(branch)}
        c.add(step, facts, branches=names, element=_term(el), branch=_b(branch))


#: the judgment states at most this many steps (issue 27: 3–8); the verdict is weighed from all of them
MAX_STEPS = 8
#: steps about the 用神 itself — its hiding, the month, the day, the void, its change or stillness — kept
#: before the others when a chart offers more than MAX_STEPS
_OWN: tuple[str, ...] = ("fu.", "month.", "day.", "kong.", "hua.", "dong.", "sanhe.que", "sanhe.kong")
#: False only for measuring (tests compare a judgment with its untrimmed self): every step is kept
_TRIM = [True]


@contextmanager
def untrimmed() -> Iterator[None]:
    """Judge keeping every step (no :data:`MAX_STEPS` cut) — for tests and measuring only, never for a
    real judgment. Not thread-safe."""
    _TRIM[0] = False
    try:
        yield
    finally:
        _TRIM[0] = True


def _trim(c: _Chain, settled: str) -> list[str]:
    """Keep at most :data:`MAX_STEPS` steps: the settling ones (the step the verdict's reason comes from
    and the weighing's own ``weigh.*``) and the 用神's own first (in the order made), then the others by
    weight, heaviest either way first, ties in the order made; the kept ones stay in their order. Returns
    the keys of the dropped steps, in the order made. Run after the verdict is weighed: the cut changes
    what is said, never what is concluded."""
    n = len(c.steps)
    if n <= MAX_STEPS:
        return []

    def rank(i: int) -> tuple[int, int, int]:
        key = c.steps[i].key
        if key == settled or key.startswith("weigh."):
            return (0, 0, i)
        if key.startswith(_OWN):
            return (1, 0, i)
        return (2, -abs(c.weights[i]), i)

    keep = set(sorted(range(n), key=rank)[:MAX_STEPS])
    dropped = [s.key for i, s in enumerate(c.steps) if i not in keep]
    c.steps = [s for i, s in enumerate(c.steps) if i in keep]
    c.weights = [w for i, w in enumerate(c.weights) if i in keep]
    return dropped


#: the groups of a fired rule that bear on the judgment (:func:`_commentary`)
_BEARING = frozenset({"用神", "原神", "忌神"})


def _commentary(fired: Iterable[FiredRule] | None, topic: str | None) -> tuple[str, ...]:
    """The ids of the fired rules that bear on the judgment: about the 用神, 原神 or 忌神, or the asked
    topic's own; first seen first."""
    if not fired:
        return ()
    out: list[str] = []
    seen: set[str] = set()
    for r in fired:
        extra = r.extra
        if type(extra) is not dict and not isinstance(extra, Mapping):
            continue
        if (extra.get("group") in _BEARING or extra.get("asked")) and r.id not in seen:
            seen.add(r.id)
            out.append(r.id)
    return tuple(out)


__all__ = ["MAX_STEPS", "SWITCHES", "judge", "judge_settled", "switched_off", "untrimmed"]
