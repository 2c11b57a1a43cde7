"""The 大六壬 judgment (斷): one verdict for the question, its reasons and its 應期, read as the casebooks
read a 課 (《大六壬指南》〈占驗〉, 邵彥和's cases, 《六壬大全》).

The procedure (docs/liuren-judgment.md); each step's words, weights and sources in ``data/judgment.toml``:

1. **類神** — from the thing asked about (``item``, for the topics that take one: a lost horse → 午, a
   sheep → 未, silver → 酉, money → 妻財 / 青龍; ``rules/data/items.toml``, stated as the first step), else
   from the topic (財 → 妻財 / 青龍, 官 → 官鬼 / 貴人, 病 → 官鬼 / 白虎 …) or from the person
   asked about (妻 → 妻財 / 天后, 夫 → 官鬼 / 貴人, 子女 → 子孫 / 六合 …), looked for in the 三傳, then
   the 四課, then on the 天地盤 (absent from 課傳); some topics read a place instead: the day stem (命, 壽:
   the asker) or the day branch (家宅, 墳墓, 行人, 他人: the house, the other side). Its 空亡, 旺衰 and 天將
   qualify it, and a 傳 carrying 白虎 that overcomes it wounds the thing; for illness, suits and theft the
   類神 is the harm, and its strength counts against.
2. **日 and 辰**: the spirit on the day stem (日上) and on the day branch (辰上), by how it stands to them
   (生, 比和, 財, 脫, 剋), 合 or 刑 with its seat (002-005), its 空亡, 天將 and the stem's stage there;
   with a birth year, the spirit on the asker's 年命 (行年, else 本命) the same way.
3. **三傳** as 發端 → 移易 → 歸宿: the 初傳 and the 末傳 by how they stand to the day stem, with their
   空亡, 旺衰 by the month, 天將, stage and a 遁干 that is a hidden 鬼; a void 中傳 breaks the matter
   halfway. The 末傳 weighs most. A weather question reads its 類神 only: these steps inform.
4. **貴人**: running backward, in prison (on 辰 or 戌), at the gate of heaven (on 亥).
5. **課體** and **《畢法賦》**: the classes and the 法 that hold and that weigh (lists in the data; the
   detections are the reading's own, ``reading.ke_ti_held`` and ``liuren/bifa.py``, kept per structure).
   A 鬼 in the 三傳 curbed by a 子孫 (制鬼) holds the harm in check and weighs for.
6. **weighing**: a 類神 wounded by a 傳 carrying 白虎 decides *bad*, as does a
   類神 of wealth over the day's 鬼 (財在鬼鄉, ``weigh.cai_gui``, 〈心印賦〉); and so
   does, in a question of illness, a 發用 that is the day's 驛馬 (病人見馬,
   ``bing.ma``, or the 三傳 from the stem's 長生 into its 墓, ``bing.sheng_mu``;
   the reverse, ``bing.mu_sheng``, decides *good*: 《大六壬指南》卷三〈疾病章〉), and
   in a question of the house the 鬼 on both 干 and 支 (``zhai.gui``, 〈陽宅章〉), else the spirit on
   the 支 punishing, clashing, overcoming, harming or draining it (``zhai.hurt``, *bad*);
   in a question of a traveller the day's 驛馬 in 課傳 decides *good* (``xing.ma``, 〈行人章〉);
   in a question of office the day's 祿 void or fallen (落空) decides *bad* (``shi.lu``, 〈仕宦章〉), and
   else the day's 驛馬 over its own 墓 (``shi.ma``);
   in a question of a suit the season's 天赦 in 課傳 decides *good* (``song.she``, 〈占訟章〉), and in a
   question of wealth a 妻財 on the day stem, not void, *good* (``cai.gan``, 〈求財章〉), as does in a
   question of an examination the day's 德 in 課傳, not void (``ke.de``, 〈選舉章〉);
   then, where the 發端 and the 歸宿 disagree (先凶後吉, 始吉終凶), the 末傳
   decides and a ``=`` step says so —
   unless the 末傳 is void, an empty end that decides nothing (``weigh.mo_kong``,
   《六壬大全》卷一〈空亡〉); then the 類神 (a strong one in the 三傳 carries the
   matter — only when 旺 or 相 in the month, else the rest decides (``weigh.lei_qi``,
   〈注釋指掌賦〉) — an absent or void one sinks it, unless the rest is decisive the other
   way); else the sum decides (≥ ``GOOD`` good, ≤ ``BAD`` bad, else mixed); a void
   類神 of what is hoped for makes a good sum mixed.
7. **應期**: a void 類神 is filled or clashed; else the 類神's branch, the 末傳 filled when void, the
   spirit on the 日 filled when void, the 墓 clashed open, the 發用, the spirit on the 辰 (and on the
   年命), the 末傳, the spirit on the 日; the 發用 never below second (``_chu_second``, 〈行人章〉);
   counted in hours, days, months or years by the topic's horizon; with an instant, the 干支 and civil
   date of the next such day, month or year.

Without a month (study mode without ``month``), 旺衰 is read in the month the 月將 serves (its 六合).
"""

from __future__ import annotations

import datetime as _dt
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from xuanheng.core._frozen import maker
from xuanheng.core.ganzhi import BRANCH_ELEMENT, BRANCHES, JI_GONG, STEM_ELEMENT, STEMS
from xuanheng.core.guiren import TIAN_JIANG
from xuanheng.core.relations import chong, is_xing, liu_hai, liu_he
from xuanheng.core.shensha_basic import LU
from xuanheng.core.wangshuai import state_by_month
from xuanheng.core.wuxing import generates, overcomes
from xuanheng.errors import InputError
from xuanheng.i18n.words import listed, word
from xuanheng.liuren.bifa import CHANG_SHENG, PREDICATES, Ctx
from xuanheng.liuren.chart import LIU_QIN, LiuRenChart, liu_qin_index
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
    kind_of,
    one_each,
    verdict_word,
)
from xuanheng.rules import normalise_topic
from xuanheng.rules.items import ITEM_TOPICS_SRC, Item, check_item_topic, items, normalise_item
from xuanheng.rules.topics import topic_word
from xuanheng.time.ahead import ganzhi_after, month_start, pillar_date, year_start

#: the verdict by the sum of the weighed steps: ≥ GOOD good, ≤ BAD bad, else mixed
GOOD, BAD = 3, 1
#: a 類神 step weighing this much (either way) decides against the rest unless the rest passes LEI_REST
LEI_STRONG, LEI_REST = 3, -4
#: at most this many steps before the settling ones (the issue's 3–8 in all)
MAX_STEPS = 6
#: the steps never dropped for length: the 類神, 日, 辰, 初傳 and 末傳
_KEPT: tuple[str, ...] = ("lei.", "harm.", "bing.", "zhai.", "xing.", "shi.", "song.", "cai.", "ke.")
_KEPT += ("ri", "chen", "chu", "mo")
#: the relation of an element to the day stem's, by 六親 index (兄弟 子孫 妻財 官鬼 父母)
_REL = ("bi", "xie", "cai", "ke", "sheng")
_JI = frozenset({"貴人", "六合", "青龍", "太常", "太陰", "天后"})
_POS = ("初傳", "中傳", "末傳", "一課", "二課", "三課", "四課")
LANGS = ("ko", "zh-Hant", "en")
#: the stages that weigh, by steps from the 長生 (土 with 水, as 《六壬大全》 counts)
_STAGES = {0: "長生", 4: "帝旺", 7: "死", 8: "墓", 9: "絕"}


#: rules switched off for measuring (:func:`switched_off`); none in every real judgment
_SWITCHES = RuleSwitches()


def switched_off(*keys: str) -> AbstractContextManager[None]:
    """Judge as if the rules *keys* were not there — for measuring what each rule is worth (the ablation of
    ``scripts/liuren_confusion.py``), never for a real judgment. A key is a step's (``data/judgment.toml``
    ``[step.*]``: the step is neither stated nor weighed; a ``weigh.*`` step does not settle, and a chapter
    sign switched off neither weighs nor settles) or a qualifier's (``[part.*]``: it adds nothing to its
    step). Not thread-safe: the measuring script alone uses it."""
    d = data()
    return _SWITCHES.switched_off(keys, (*d.steps, *d.parts))


def _on(key: str) -> bool:
    return key not in _SWITCHES.off


@dataclass(frozen=True, slots=True)
class _StepDef:
    weight: int | None  # None: computed from its parts
    text: Mapping[str, str]
    src: tuple[str, ...]


@dataclass(frozen=True)
class _Data:
    leishen: dict[str, Mapping[str, Any]]
    person: dict[str, Mapping[str, Any]]
    focus: dict[str, Mapping[str, str]]
    steps: dict[str, _StepDef]
    parts: dict[str, tuple[int, tuple[str, ...]]]
    relation: dict[str, Mapping[str, Any]]
    to: dict[str, Mapping[str, str]]
    keti_good: frozenset[str]
    keti_bad: frozenset[str]
    keti_src: tuple[str, ...]
    bifa: dict[str, int]
    words: dict[str, Mapping[str, str]]
    #: [note]: the qualifiers named in a step's {notes}, by term, in every language
    note: dict[str, Mapping[str, str]]
    verdict: dict[str, Mapping[str, str]]
    ying: dict[str, tuple[Mapping[str, str], tuple[str, ...]]]
    horizon: dict[str, str]
    weather_src: str
    #: [[chapter]]: the chapter signs of 《大六壬指南》卷三 in reading order, each with the topics it reads
    chapter: tuple[tuple[str, frozenset[str]], ...]


@cache
def data() -> _Data:
    """``data/judgment.toml``, loaded once."""
    raw = tomllib.loads(resources.files("xuanheng.liuren").joinpath("data/judgment.toml").read_text("utf-8"))
    steps = {
        k: _StepDef(None if v["weight"] == "computed" else int(v["weight"]), v["text"], tuple(v["src"]))
        for k, v in raw["step"].items()
    }
    horizon = {t: unit for unit in ("hour", "month", "year") for t in raw["horizon"][unit]}
    rel = {k: v for k, v in raw["relation"].items() if k != "to"}
    return _Data(
        leishen=raw["leishen"],
        person=raw["person"],
        focus=raw["focus"],
        steps=steps,
        parts={k: (int(v["weight"]), tuple(v["src"])) for k, v in raw["part"].items()},
        relation=rel,
        to=raw["relation"]["to"],
        keti_good=frozenset(raw["keti"]["good"]),
        keti_bad=frozenset(raw["keti"]["bad"]),
        keti_src=tuple(raw["keti"]["src"]),
        bifa={k: int(v) for k, v in raw["bifa"].items()},
        words=raw["words"],
        note=raw["note"],
        verdict=raw["verdict"],
        ying={k: (v["text"], tuple(v["src"])) for k, v in raw["ying"].items()},
        horizon=horizon,
        weather_src=raw["weather"]["src"],
        chapter=tuple((v["sign"], frozenset(v["topics"])) for v in raw["chapter"]),
    )


#: filled texts by (template, parameters): the same words recur from chart to chart (a template is an entry
#: of data(), loaded once, so its id is stable)
_FILLED: dict[tuple[Any, ...], Text] = {}


def _fill(template: Mapping[str, str], **params: Any) -> Text:
    """*template* (a text in every language) filled with *params*; a parameter may itself be a mapping of
    language → words (a phrase said differently in each language)."""
    key = (  # a str (most parameters) or a dict (the phrases) skips the abstract isinstance test
        id(template),
        *(
            (
                k,
                v if type(v) is str else tuple(v.items()) if type(v) is dict or isinstance(v, Mapping) else v,
            )
            for k, v in params.items()
        ),
    )
    got = _FILLED.get(key)
    if got is None:
        out = {}
        for lang in LANGS:
            p = {k: (v[lang] if isinstance(v, Mapping) else v) for k, v in params.items()}
            out[lang] = template[lang].format(**p)
        got = Text.from_mapping(out)
        if len(_FILLED) < 65536:
            _FILLED[key] = got
    return got


@cache
def _note(key: str, **p: str) -> Mapping[str, str]:
    """A qualifier of ``[note]`` in every language, *p* filled in (乘{jiang}: the 天將); one read-only
    mapping per key and words, kept."""
    return MappingProxyType({lang: t.format(**p) for lang, t in data().note[key].items()})


@cache
def _state_note(kind: str, term: str) -> Mapping[str, str]:
    """A 旺相休囚死 state (*kind* ``wang_shuai``) or a stage (``stage``) as a qualifier: the shared table's
    word (``i18n.words``); read only, kept."""
    return MappingProxyType(dict(word(kind, term)))


def _notes(terms: Sequence[Mapping[str, str]]) -> dict[str, str]:
    """Qualifiers (each in every language) as a parenthesis in each language, or nothing."""
    if not terms:
        return {lang: "" for lang in LANGS}
    return {
        "ko": f" ({', '.join(t['ko'] for t in terms)})",
        "zh-Hant": f"（{'、'.join(t['zh-Hant'] for t in terms)}）",
        "en": f" ({', '.join(t['en'] for t in terms)})",
    }


# ── the chain ─────────────────────────────────────────────────────────────────────────────────────
class _Chain:
    """The steps stated so far and their weighed sum."""

    def __init__(self) -> None:
        self.items: list[tuple[Step, int]] = []

    @property
    def total(self) -> int:
        return sum(w for _, w in self.items)

    def add(
        self,
        key: str,
        facts: Mapping[str, Any] | None = None,
        *,
        weight: int | None = None,
        src: Iterable[str] = (),
        **p: Any,
    ) -> int:
        if key in _SWITCHES.off:
            return 0
        d = data().steps[key]
        w = d.weight if weight is None else weight
        assert w is not None, key
        effect = "+" if w > 0 else "-" if w < 0 else "="
        sources = one_each((*d.src, *src))
        self.items.append((_STEP(key, effect, _fill(d.text, **p), sources, dict(facts or {})), w))
        return w


#: 旺相休囚死 by (element, 月建): :func:`~xuanheng.core.wangshuai.state_by_month` remembered (a pure function)
_state_in_month = cache(state_by_month)


@dataclass(frozen=True, slots=True)
class _Read:
    """What the chart gives the judge: the day stem's element, the month, the void, the 三傳."""

    chart: LiuRenChart
    stem_el: int
    month: int
    month_given: bool
    kong: frozenset[int]
    chuan: tuple[int, int, int]

    def rel(self, b: int) -> str:
        return _REL[liu_qin_index(self.stem_el, BRANCH_ELEMENT[b])]

    def jiang(self, b: int) -> str:
        return TIAN_JIANG[self.chart.jiang_on[b]]

    def state(self, b: int) -> str:
        return _state_in_month(BRANCH_ELEMENT[b], self.month)

    def wang(self, b: int) -> bool:
        return self.state(b) in ("旺", "相")


def _read(chart: LiuRenChart) -> _Read:
    month = chart.month_branch
    given = month is not None
    if month is None:
        month = liu_he(chart.yue_jiang)  # the month the 月將 serves
    return _READ(
        chart,
        STEM_ELEMENT[chart.day.stem],
        month,
        given,
        frozenset(chart.xun_kong),
        (chart.san_chuan[0].branch, chart.san_chuan[1].branch, chart.san_chuan[2].branch),
    )


#: Step and _Read built slot by slot (xuanheng.core._frozen): some seven steps and one _Read a judgment
_STEP = maker(Step)
_READ = maker(_Read)


def _tomb(el: int) -> int:
    """The 墓 of an element (土 with 水, as 《六壬大全》 counts): 木 未, 火 戌, 土 辰, 金 丑, 水 辰."""
    return (7, 10, 4, 1, 4)[el]


# ── the 類神 ──────────────────────────────────────────────────────────────────────────────────────
@dataclass(frozen=True, slots=True)
class _Lei:
    """The 類神 as found: its spec, label, branch and where it shows."""

    kind: str  # lei | gan | zhi | general
    spec: Mapping[str, Any]
    label: str
    branch: int
    where: int | None  # index into _POS, None when absent from 課傳
    harm: bool
    by_person: bool
    item: Item | None = None
    said: Mapping[str, str] | None = (
        None  # the label in each language where it differs (the thing asked about)
    )

    @property
    def shown(self) -> str | Mapping[str, str]:
        """The label as a sentence of each language names it (:func:`_fill` takes either form)."""
        return self.label if self.said is None else self.said


def _places(r: _Read) -> list[int]:
    ch = r.chart
    return [*r.chuan, *(k.upper for k in ch.si_ke)]


def _find(r: _Read, spec: Mapping[str, Any]) -> tuple[int, int | None, str]:
    """The 類神 of *spec* in the chart: (branch, position or None, label)."""
    ch = r.chart
    places = _places(r)
    qin = spec.get("qin")
    jiang = spec.get("jiang")
    if spec.get("mark") == "yi_ma":
        b = ch.yi_ma
        where = next((i for i, x in enumerate(places) if x == b), None)
        return b, where, f"驛馬{BRANCHES[b]}"
    wanted_branches = {BRANCHES.index(x) for x in spec.get("branches", ())}

    def match(b: int) -> int:
        """2: the 六親 (or branch) matches; 1: only the 天將; 0: no."""
        if qin is not None and LIU_QIN[liu_qin_index(r.stem_el, BRANCH_ELEMENT[b])] == qin:
            return 2
        if b in wanted_branches:
            return 2
        if jiang is not None and r.jiang(b) == jiang:
            return 1
        return 0

    for tier in (range(3), range(3, 7)):
        best = max(tier, key=lambda i: (match(places[i]), -i))
        if match(places[best]):
            b = places[best]
            return b, best, _lei_label(r, b, qin, jiang)
    # absent from 課傳: where its 天將 rides on the 天盤, else the first branch of its element or list
    if jiang is not None:
        b = ch.jiang_on.index(TIAN_JIANG.index(jiang))
    elif wanted_branches:
        b = min(wanted_branches)
    else:
        el = (r.stem_el + LIU_QIN.index(qin)) % 5 if qin else r.stem_el
        of_el = [x for x in range(12) if BRANCH_ELEMENT[x] == el]
        b = next((x for x in of_el if x not in r.kong), of_el[0])  # a void one only when all are void
    return b, None, _lei_label(r, b, qin, jiang)


def _lei_label(r: _Read, b: int, qin: str | None, jiang: str | None) -> str:
    own = LIU_QIN[liu_qin_index(r.stem_el, BRANCH_ELEMENT[b])]
    if qin is not None and own == qin:
        return f"{qin}{BRANCHES[b]}"
    if jiang is not None and r.jiang(b) == jiang:
        return f"{jiang}{BRANCHES[b]}"
    return BRANCHES[b]


def _item_spec(it: Item) -> dict[str, Any]:
    """The 類神 spec of the thing asked about: its branch, or its 天將 and 六親 (as a topic's)."""
    spec: dict[str, Any] = {"src": list(it.src)}
    if it.branch is not None:
        spec["branches"] = [it.branch]
    if it.jiang is not None:
        spec["jiang"] = it.jiang
    if it.qin is not None:
        spec["qin"] = it.qin
    return spec


def _lei(r: _Read, question: Question) -> _Lei:
    d = data()
    if question.item is not None:  # the thing itself (the topic takes an item: checked by the judge)
        it = items()[question.item]
        of_item = _item_spec(it)
        b, where, label = _find(r, of_item)
        said = None
        if it.branch is not None:
            label = f"{it.key}{BRANCHES[b]}"
            # a Korean reader reads the thing by its Korean name, the hanja after it as a gloss, as the Korean
            # steps write a term (말(馬) 午, as 관(關)); an English one by its English name the same way
            # (horse (馬) 午); the branch stays in hanja, as on the chart
            said = {
                "ko": f"{it.names.ko}({it.key}) {BRANCHES[b]}",
                "zh-Hant": label,
                "en": f"{it.names.en} ({it.key}) {BRANCHES[b]}",
            }
        return _Lei("lei", of_item, label, b, where, False, False, it, said)
    # the weather is the same whoever it is asked for: its 類神 is the rain's (the clear sky's), never the
    # person's (《大六壬指南》〈占天時〉: the weather is read on its 類神 alone)
    weather = kind_of(question.topic) in ("yu", "qing") if question.topic else False
    person = d.person.get(question.about) if question.about not in ("自己",) and not weather else None
    spec = person if person is not None else d.leishen.get(question.topic or "")
    by_person = person is not None
    ch = r.chart
    if spec is None:
        kind = "general" if question.topic is None else "gan"
        return _Lei(kind, {}, "日干", ch.gan_shang, 3, False, False)
    place = spec.get("place")
    if place == "gan":
        return _Lei("gan", spec, "日干", ch.gan_shang, 3, False, by_person)
    if place == "zhi":
        return _Lei("zhi", spec, "日支", ch.zhi_shang, 5, False, by_person)
    b, where, label = _find(r, spec)
    return _Lei("lei", spec, label, b, where, bool(spec.get("harm")) and not by_person, by_person)


def _lei_step(c: _Chain, r: _Read, lei: _Lei) -> dict[str, Any]:
    """The step of the 類神: where it shows and its qualifiers; what the weighing needs."""
    d = data()
    b = lei.branch
    kong = b in r.kong
    wang = r.wang(b)
    dead = r.state(b) in ("囚", "死")
    terms: list[Mapping[str, str]] = []
    weight = 0
    src: list[str] = []
    pre = "harm" if lei.harm else "lei"
    where_key = (
        "chuan" if lei.where is not None and lei.where < 3 else "ke" if lei.where is not None else "absent"
    )
    base = d.steps[f"{pre}.{where_key}"].weight or 0
    weight += base

    def part(key: str, term: Mapping[str, str]) -> None:
        nonlocal weight
        if key in _SWITCHES.off:
            return
        w, s = d.parts[key]
        weight += w
        terms.append(term)
        src.extend(s)

    if kong:
        if lei.harm:
            part("harm.kong", _note("空亡"))
        elif wang:
            part("lei.kong_wang", _note("旺而空亡"))
        else:
            part("lei.kong", _note("空亡"))
    if not kong:
        if wang:
            part("harm.wang" if lei.harm else "lei.wang", _state_note("wang_shuai", r.state(b)))
        elif dead and lei.where is not None:
            part("harm.si" if lei.harm else "lei.si", _state_note("wang_shuai", r.state(b)))
    j = r.jiang(b)
    if not lei.harm and j not in _JI and not kong:
        part("lei.jiang_xiong", _note("乘", jiang=j))
    hurt = None if lei.harm else _tiger_over(r, b)
    if hurt is not None:  # void or not: the book reads the thing killed even where it lies void (sh-83)
        part("lei.hu_ke", _note("乘白虎剋之", branch=BRANCHES[hurt]))
    gui_seat = _cai_gui(r, lei)
    if gui_seat is not None:
        part("lei.cai_gui", _note("坐鬼鄉", branch=BRANCHES[gui_seat]))
    facts = {"branch": BRANCHES[b], "where": _POS[lei.where] if lei.where is not None else None,
             "kong": kong, "state": r.state(b), "jiang": j}  # fmt: skip
    if gui_seat is not None:
        facts["cai_gui"] = BRANCHES[gui_seat]
    c.add(
        f"{pre}.{where_key}",
        facts,
        weight=weight,
        src=src,
        lei=lei.shown,
        where=_POS[lei.where] if lei.where is not None else "",
        seat=BRANCHES[r.chart.lower_of(b)],
        notes=_notes(terms),
    )
    cai_gui = None if gui_seat is None else {"lei": lei.label, "seat": BRANCHES[gui_seat]}
    return {"kong": kong and not wang and not lei.harm, "hurt": hurt is not None, "cai_gui": cai_gui}


def _cai_gui(r: _Read, lei: _Lei) -> int | None:
    """財在鬼鄉: the seat of the 類神 of wealth (a 妻財 spirit, what the question hopes for: money, a trade, a
    wife, a servant) when that seat is a branch of the day stem's 鬼 (its element overcomes the stem's), or
    None.

    《大六壬指南》卷一〈注釋心印賦〉: wealth in the 鬼's home brings news of gain without the joy; the note
    reads the wealth as turned into a 鬼, hence misfortune. A part of the 類神's step (``lei.cai_gui``);
    it settles *bad* (``weigh.cai_gui``)."""
    b = lei.branch
    if lei.harm or lei.spec.get("qin") != "妻財" or r.rel(b) != "cai":
        return None
    seat = r.chart.lower_of(b)
    return seat if r.rel(seat) == "ke" else None


def _tiger_over(r: _Read, b: int) -> int | None:
    """The 傳 that carries 白虎 and overcomes the 類神 on *b* (its element masters *b*'s), or None.

    白虎 is the general of killing and mourning (《六壬大全》卷一〈十二天將〉); a spirit is judged by what
    overcomes it (002-005): a 傳 with 白虎 that masters the 類神 wounds or kills the thing itself, as
    邵彥和 reads the sheep 未 under the 末傳 寅 with 白虎 and the dog 戌 under the void 末傳 寅 with 白虎
    (《六壬斷案》〈六畜〉)."""
    el = BRANCH_ELEMENT[b]
    return next(
        (x for x in r.chuan if x != b and r.jiang(x) == "白虎" and overcomes(BRANCH_ELEMENT[x], el)),
        None,
    )


# ── 日, 辰 and the 三傳 ─────────────────────────────────────────────────────────────────────────────
def _place_step(c: _Chain, r: _Read, key: str, b: int, against: str, *, weighs: bool = True) -> int:
    """A spirit read against the day stem (``against = "gan"``), the day branch (``"zhi"``) or the asker's
    年命 (``"ming"``): its relation, 空亡, 旺衰 and 天將 (the step's weight is computed); returns it. With
    *weighs* false (the weather, which does not turn on the asker's fortune) the step only informs."""
    d = data()
    ch = r.chart
    place = {"gan": JI_GONG[ch.day.stem], "zhi": ch.day.branch, "ming": ch.lower_of(b)}[against]
    own_el = r.stem_el if against == "gan" else BRANCH_ELEMENT[place]
    rel = _REL[liu_qin_index(own_el, BRANCH_ELEMENT[b])]
    base = int(d.relation[rel][key])
    weight = base
    terms: list[Mapping[str, str]] = []
    src: list[str] = []

    def part(pkey: str, term: Mapping[str, str]) -> None:
        nonlocal weight
        if pkey in _SWITCHES.off:
            return
        w, s = d.parts[pkey]
        weight += w
        terms.append(term)
        src.extend(s)

    j = r.jiang(b)
    if b in r.kong:
        if base > 0:
            part("kong.good", _note("空亡"))
        elif base < 0:
            part("kong.bad", _note("空亡"))
    else:
        if key == "mo" and r.wang(b) and base != 0:
            part("wang.good" if base > 0 else "wang.bad", _state_note("wang_shuai", r.state(b)))
        if key in ("mo", "ri"):
            if j in _JI and base >= 0:
                part("jiang.ji", _note("乘", jiang=j))
            elif j not in _JI and base <= 0:
                part("jiang.xiong", _note("乘", jiang=j))
    # 合 and 刑 of the spirit with the place it stands on (002-005: 生 剋 刑 合)
    if key in ("ri", "chen", "ming"):
        if liu_he(b) == place:
            part("he", _note("六合"))
        elif is_xing(b, place):
            part("xing", _note("刑"))
    # the hidden stem (遁干) of a 傳 that overcomes the day stem: a concealed 鬼
    dun = _dun_gan(ch, b) if key in ("chu", "mo") else None
    if dun is not None and overcomes(STEM_ELEMENT[dun], r.stem_el):
        part("dun.gui", _note("遁為鬼", stem=STEMS[dun]))
    # the twelve stages of the day stem (or, on the 辰 and the 年命, of that branch) at the spirit
    st = _STAGES.get((b - CHANG_SHENG[own_el]) % 12)
    if st is not None and key in ("ri", "chen", "ming", "chu", "mo"):
        part("stage.good" if st in ("長生", "帝旺") else "stage.bad", _state_note("stage", st))
    facts = {"branch": BRANCHES[b], "relation": rel, "jiang": j, "kong": b in r.kong, "state": r.state(b)}
    if not weighs:
        weight = 0
        src.append(data().weather_src)
    return c.add(key, facts, weight=weight, src=src, branch=BRANCHES[b], jiang=j, rel=_rel_text(rel, against),
                 seat=BRANCHES[place], notes=_notes(terms))  # fmt: skip


@cache
def _rel_text(rel: str, against: str) -> dict[str, str]:
    """The words of relation *rel* to the day stem, day branch or 年命 (*against*) in every language (read
    only: one mapping per pair)."""
    d = data()
    return {lang: t.format(to=d.to[against][lang]) for lang, t in d.relation[rel]["label"].items()}


def _ming(ch: LiuRenChart) -> int | None:
    """The asker's 年命 as the chart has it: the 行年, else the 本命; None without a birth year."""
    return ch.xing_nian if ch.xing_nian is not None else ch.ben_ming


def _dun_gan(ch: LiuRenChart, b: int) -> int | None:
    """The 遁干 the chart gives the 傳 on branch *b* (by the chart's 遁干 option)."""
    return next((x.dun_gan for x in ch.san_chuan if x.branch == b), None)


def _zhi_gui(c: _Chain, r: _Read, lei: _Lei) -> None:
    """制鬼: a 鬼 in the 三傳 curbed by a 子孫, which holds the harm in check.

    A 傳 that overcomes the day stem (官鬼, not void) and a 子孫 (not void) in the 三傳 or on the day stem,
    which overcomes that 鬼: the spirit that curbs the 鬼 is the remedy (《畢法賦》 第六十八法), and a
    harm in the 傳 is undone by a 傳 that overcomes it (《大六壬指南》卷一〈注釋心印賦〉: metal on fire
    with water in the 中傳, fire on water with earth in the 末傳). Not where the 官鬼 is the 類神 of
    what is hoped for (office, a husband): there the 子孫 hurts the hope instead.
    """
    if lei.kind == "lei" and not lei.harm and lei.spec.get("qin") == "官鬼":
        return
    gui = next((b for b in r.chuan if b not in r.kong and r.rel(b) == "ke"), None)
    if gui is None:
        return
    kid = next((b for b in (*r.chuan, r.chart.gan_shang) if b not in r.kong and r.rel(b) == "xie"), None)
    if kid is None:
        return
    where = _POS[r.chuan.index(kid)] if kid in r.chuan else "日上"
    facts = {"gui": BRANCHES[gui], "zi": BRANCHES[kid], "where": where}
    c.add("jiu.zhi_gui", facts, gui=BRANCHES[gui], zi=BRANCHES[kid], where=where)


def _chapter_signs(c: _Chain, r: _Read, topic: str | None) -> tuple[str, str] | None:
    """The signs 《大六壬指南》卷三〈六壬會纂占驗指南〉 settles a question of its chapter by: the house
    (〈陽宅章〉, :func:`_zhai`, :func:`_zhai_hurt`), illness (〈疾病章〉, :func:`_bing`), a traveller
    (〈行人章〉, :func:`_xing`), office (〈仕宦章〉, :func:`_shi`, :func:`_shi_ma`), a suit or prison
    (〈占訟章〉, :func:`_song`), wealth (〈求財章〉, :func:`_cai`) and an examination (〈選舉章〉,
    :func:`_ke`). Which questions each reads, and in what order, is data (``data/judgment.toml``
    ``[[chapter]]``); the topic is already normalised (病 = 질병 = illness). The first sign that holds
    settles: returns (polarity, settling step) or None."""
    if topic is None:
        return None
    for sign, topics in data().chapter:
        if topic in topics:
            got = _CHAPTER_SIGNS[sign](c, r)
            if got is not None:
                return got
    return None


def _ke(c: _Chain, r: _Read) -> tuple[str, str] | None:
    """The 德 in an examination: the day's 德 (日德, ``chart.ri_de``) among the 三傳 or the upper spirits of
    the 四課, not void — the candidate passes (《大六壬指南》卷三〈六壬會纂占驗指南〉〈選舉章〉, whose verse
    names the 德 entering the gate of heaven as the sure pass; 《六壬大全》卷一〈德煞〉, a 德 present in 課傳
    turns harm to good and a void one fails); *good*, stated as ``ke.de``. The verse's own figure (the 德
    over 亥) alone moved no dev case (docs/liuren-judgment.md, round 10)."""
    if not _on("ke.de"):
        return None
    return _shown_good(c, r, "ke.de", r.chart.ri_de, "weigh.ke_de")


def _shown_good(c: _Chain, r: _Read, step: str, b: int, settles: str) -> tuple[str, str] | None:
    """A sign that reads *good* when its branch *b* stands, not void, among the 三傳 or the upper spirits
    of the 四課 (the 德 of 〈選舉章〉, the 驛馬 of 〈行人章〉): the step *step* stated with the branch and
    where it stands, and *settles* the weighing that settles the verdict; None when void or absent."""
    if b in r.kong:
        return None
    where = next((_POS[i] for i, x in enumerate(_places(r)) if x == b), None)
    if where is None:
        return None
    c.add(step, {"branch": BRANCHES[b], "where": where}, branch=BRANCHES[b], where=where)
    return ("good", settles)


def _cai(c: _Chain, r: _Read) -> tuple[str, str] | None:
    """The wealth on the asker: the spirit on the day stem is its 妻財 and not void — the money comes to
    him (《大六壬指南》卷三〈六壬會纂占驗指南〉〈求財章〉, whose verse reads the 財 against 干 and 支
    and names the 財 on the 干 (干財) as the debt that comes back, 還魂); *good*, stated as ``cai.gan``.
    Read with the verse's 傳助 as well (a 傳 that feeds or matches that 財) it gained less on the dev
    cases (docs/liuren-judgment.md, round 10)."""
    if not _on("cai.gan"):
        return None
    g = r.chart.gan_shang
    if r.rel(g) != "cai" or g in r.kong:
        return None
    c.add("cai.gan", {"branch": BRANCHES[g]}, branch=BRANCHES[g])
    return ("good", "weigh.cai_gan")


@cache
def _she_branch(season: int) -> int:
    """The branch of the season's 天赦 (the 干支 of the shared 神煞 table, ``shensha/data/jinkoujue.toml``
    ``tian_she``, 000-036: 戊寅 in spring, 甲午 in summer, 戊申 in autumn, 甲子 in winter)."""
    from xuanheng.shensha import evaluate, load_table

    spirit = next(s for s in load_table("jinkoujue") if s.key == "tian_she")
    return evaluate(spirit, {"season": season}).ganzhi[0] % 12


def _song(c: _Chain, r: _Read) -> tuple[str, str] | None:
    """The pardon in a question of a lawsuit or of prison: the branch of the season's 天赦 among the 三傳 or
    the upper spirits of the 四課 — the 赦 undoes the harm (《大六壬指南》卷三〈六壬會纂占驗指南〉〈占訟章〉,
    whose verse sets the two pardons, 天赦 and 皇恩, to loosen the harm, and whose 占驗二 and 六 read the
    天赦 on the 支 as the condemned man spared); *good*, stated as ``song.she``. Read only on the 日上 and
    辰上 it did not gain on the dev cases (docs/liuren-judgment.md, round 10)."""
    if not _on("song.she"):
        return None
    b = _she_branch(((r.month - 2) % 12) // 3)  # 寅卯辰 spring … 亥子丑 winter
    where = next((_POS[i] for i, x in enumerate(_places(r)) if x == b), None)
    if where is None:
        return None
    c.add("song.she", {"branch": BRANCHES[b], "where": where}, branch=BRANCHES[b], where=where)
    return ("good", "weigh.song_she")


def _shi(c: _Chain, r: _Read) -> tuple[str, str] | None:
    """The office without its emolument: the day stem's 祿 void (空亡) or fallen onto a void branch of
    the 地盤 (落空) — the post is not had or not kept (《大六壬指南》卷三〈仕宦章〉, its 占驗五 and 十二,
    which read the 祿 and the 馬 void or fallen, and the 祿 among 財官祿馬 gone into the void, as the post
    lost; 邵彥和《六壬斷案》〈前程仕進〉, the void 祿 of a post he cannot enjoy); *bad*, stated as
    ``shi.lu``. Read with the 馬 as well, as 占驗五 names them, the sign did not gain on the dev cases
    (docs/liuren-judgment.md, round 8)."""
    if not _on("shi.lu"):
        return None
    lu = LU[r.chart.day.stem]
    how = "空亡" if lu in r.kong else "落空" if r.chart.lower_of(lu) in r.kong else None
    if how is None:
        return None
    c.add("shi.lu", {"branch": BRANCHES[lu], "how": how}, branch=BRANCHES[lu], how=_note(how))
    return ("bad", "weigh.shi_lu")


def _shi_ma(c: _Chain, r: _Read) -> tuple[str, str] | None:
    """The horse in its tomb: the day's 驛馬 stands over the 墓 of its own element — the move, the post or
    the promotion does not come (《大六壬指南》卷三〈六壬會纂占驗指南〉〈仕宦章〉, whose 占驗十六 reads the
    day's 馬 sitting in its tomb as no transfer, and 〈占訟章〉 占驗三, the 驛馬 in its tomb that cannot
    move until clashed); *bad*, stated as ``shi.ma``, after the 祿 (``shi.lu``)."""
    if not _on("shi.ma"):
        return None
    ma = r.chart.yi_ma
    seat = r.chart.lower_of(ma)
    if seat != _tomb(BRANCH_ELEMENT[ma]):
        return None
    facts = {"branch": BRANCHES[ma], "seat": BRANCHES[seat]}
    c.add("shi.ma", facts, branch=BRANCHES[ma], seat=BRANCHES[seat])
    return ("bad", "weigh.shi_ma")


def _xing(c: _Chain, r: _Read) -> tuple[str, str] | None:
    """The traveller's horse: the day's 驛馬 (of the day branch) among the 三傳 or the upper spirits of the
    四課, not void — the traveller is on the move and comes (《大六壬指南》卷三〈行人章〉, whose verse opens
    with the horses entering 課 or 傳); *good*, stated as ``xing.ma``. The verse names 天馬 and the 年命 as
    well; read with them the sign did not gain on the dev cases (docs/liuren-judgment.md, round 7)."""
    if not _on("xing.ma"):
        return None
    return _shown_good(c, r, "xing.ma", r.chart.yi_ma, "weigh.xing_ma")


def _zhai(c: _Chain, r: _Read) -> tuple[str, str] | None:
    """干支乘鬼: the spirit on the day stem overcomes the stem and the spirit on the day branch overcomes
    the branch — the people and the house are both hurt (〈陽宅章〉's verse); *bad*, stated as
    ``zhai.gui``."""
    ch = r.chart
    gan, zhi = ch.gan_shang, ch.zhi_shang
    if (
        not _on("zhai.gui")
        or r.rel(gan) != "ke"
        or not overcomes(BRANCH_ELEMENT[zhi], BRANCH_ELEMENT[ch.day.branch])
    ):
        return None
    c.add("zhai.gui", {"gan": BRANCHES[gan], "zhi": BRANCHES[zhi]}, gan=BRANCHES[gan], zhi=BRANCHES[zhi])
    return ("bad", "weigh.zhai_gui")


def _zhai_hurt(c: _Chain, r: _Read) -> tuple[str, str] | None:
    """The house hurt by what stands on it: the spirit on the day branch punishes (刑), clashes (沖),
    overcomes (剋) or harms (六害) the 支, or drains it (脫: the 支 feeds it) — 《大六壬指南》卷三
    〈六壬會纂占驗指南〉〈陽宅章〉, whose verse opens by reading the 干 and the 支 for 刑沖克害 and 生旺
    and warns of the house drained or overcome by what is added to it; *bad*, stated as ``zhai.hurt``.
    Read without the drain (刑沖克害 alone) or with only 剋 and 脫 it gained less on the dev cases
    (docs/liuren-judgment.md, round 10)."""
    if not _on("zhai.hurt"):
        return None
    zhi, seat = r.chart.zhi_shang, r.chart.day.branch
    el, own = BRANCH_ELEMENT[zhi], BRANCH_ELEMENT[seat]
    how = (
        "剋"
        if overcomes(el, own)
        else "脫"
        if generates(own, el)
        else "刑"
        if is_xing(zhi, seat)
        else "沖"
        if chong(zhi) == seat
        else "害"
        if liu_hai(zhi) == seat
        else None
    )
    if how is None:
        return None
    facts = {"branch": BRANCHES[zhi], "seat": BRANCHES[seat], "how": how}
    c.add("zhai.hurt", facts, branch=BRANCHES[zhi], seat=BRANCHES[seat], how=_note(how))
    return ("bad", "weigh.zhai_hurt")


def _bing(c: _Chain, r: _Read) -> tuple[str, str] | None:
    """The signs 《大六壬指南》卷三〈疾病章〉 reads a question of illness by, which settle its verdict: the
    day's 驛馬 as 發用 (病人見馬: the sick person's spirit sets out — its verse on 虎鬼 riding the 驛馬, its
    占驗七 and 八), *bad*; the 三傳 from the stem's 長生 to its 墓 (初生末墓), *bad*, or from its 墓 to its
    長生 (自墓傳生), *good* (the verse sets the two against each other; 《畢法賦》第三十三法 states them for
    every matter). States each sign's step; returns (polarity, settling step) of the first, or None."""
    chu, _, mo = r.chuan
    got: tuple[str, str] | None = None
    if chu == r.chart.yi_ma and _on("bing.ma"):
        c.add("bing.ma", {"branch": BRANCHES[chu]}, branch=BRANCHES[chu])
        got = ("bad", "weigh.bing_ma")
    born, tomb = CHANG_SHENG[r.stem_el], _tomb(r.stem_el)
    turn = {(born, tomb): ("bing.sheng_mu", "bad"), (tomb, born): ("bing.mu_sheng", "good")}.get((chu, mo))
    if turn is not None and _on(turn[0]):
        key, polarity = turn
        facts = {"first": BRANCHES[chu], "last": BRANCHES[mo]}
        c.add(key, facts, first=BRANCHES[chu], last=BRANCHES[mo])
        got = got or (polarity, "weigh.bing_turn")
    return got


#: the chapter signs by the name ``data/judgment.toml`` ``[[chapter]]`` gives each: its reading on a chart
_CHAPTER_SIGNS: dict[str, Callable[[_Chain, _Read], tuple[str, str] | None]] = {
    "zhai.gui": _zhai,
    "zhai.hurt": _zhai_hurt,
    "bing": _bing,
    "xing.ma": _xing,
    "shi.lu": _shi,
    "shi.ma": _shi_ma,
    "song.she": _song,
    "cai.gan": _cai,
    "ke.de": _ke,
}


def _gui(c: _Chain, r: _Read) -> None:
    g = r.chart.gui_ren
    seat = r.chart.lower_of(g.branch)
    facts = {"branch": BRANCHES[g.branch], "seat": BRANCHES[seat], "direction": g.direction}
    if seat in (4, 10):  # 辰 戌
        c.add("gui.yu", facts, seat=BRANCHES[seat])
    elif seat == 11:  # 亥
        c.add("gui.men", facts, seat=BRANCHES[seat])
    elif g.direction == "ni":
        c.add("gui.ni", facts, branch=BRANCHES[g.branch])


#: what the 課體 and 畢法 detections give a chart, by what they read (:func:`_held`)
_HELD: dict[tuple[Any, ...], tuple[tuple[str, ...], tuple[str, ...]]] = {}


def _held(r: _Read, fired: Sequence[FiredRule] | None = None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The 課體 names the reading detects and the ids of the weighed 法 that hold: one detection each (the
    reading's own, :func:`~xuanheng.liuren.reading.ke_ti_held` and the predicates of
    :mod:`~xuanheng.liuren.bifa`), kept per chart structure, month and year. *fired*, a reading of every
    topic in the same month, already holds them: they are read off it."""
    from xuanheng.liuren.reading import bifa_rules, ke_ti_held

    weighed = data().bifa
    if fired is not None:  # one pass over the fired rules (a FiredRule's extra and facts are dicts)
        seen_names: list[str] = []
        seen_ids: list[str] = []
        for f in fired:
            k = f.extra.get("kind")
            if k == "ke_ti":
                seen_names.append(str(f.facts["ke_ti"]))
            elif k == "bifa" and f.id in weighed:
                seen_ids.append(f.id)
        return tuple(seen_names), tuple(seen_ids)
    ch = r.chart
    month = r.month if r.month_given else None
    key = (ch.day.index, ch.yue_jiang, ch.hour, ch.jiang_on, ch.gui_ren, ch.si_ke, ch.san_chuan, ch.ke_ti,
           ch.ben_ming, ch.xing_nian, r.month, month, ch.year_branch)  # fmt: skip
    got = _HELD.get(key)
    if got is None:
        names = ke_ti_held(ch, r.month, ch.year_branch)
        ctx = Ctx(ch, month, ch.year_branch)
        hits = tuple(
            rule.id
            for rule in bifa_rules()
            if rule.id in weighed and rule.when and PREDICATES[str(rule.when["fa"])](ctx)
        )
        got = (names, hits)
        if len(_HELD) < 65536:
            _HELD[key] = got
    return got


def _keti(c: _Chain, r: _Read, held: tuple[tuple[str, ...], tuple[str, ...]]) -> None:
    d = data()
    names = list(held[0])
    good = [n for n in names if n in d.keti_good]
    bad = [n for n in names if n in d.keti_bad]
    if len(good) > len(bad):
        c.add("keti.good", {"names": good, "against": bad}, src=d.keti_src, names=listed(good))
    elif len(bad) > len(good):
        c.add("keti.bad", {"names": bad, "against": good}, src=d.keti_src, names=listed(bad))


def _bifa(c: _Chain, held: tuple[tuple[str, ...], tuple[str, ...]]) -> None:
    """The weighed 法 that hold (the first of each sign at most)."""
    from xuanheng.liuren.reading import bifa_rules

    d = data()
    hits = set(held[1])
    seen: set[bool] = set()
    for rule in bifa_rules():
        if rule.id not in hits or (d.bifa[rule.id] > 0) in seen:
            continue
        w = d.bifa[rule.id]
        seen.add(w > 0)
        line = str(rule.get("line"))
        c.add("bifa.good" if w > 0 else "bifa.bad", {"id": rule.id, "line": line}, src=rule.src, line=line)


@cache
def _verdict(topic: str | None, polarity: str) -> Verdict:
    """The verdict of *polarity* in the words of *topic*'s kind (read only: one value per pair)."""
    word = verdict_word(topic, polarity)
    vt = data().verdict[polarity]
    return Verdict(
        word, Text.from_mapping({lang: vt[lang].format(label=word.label.get(lang)) for lang in LANGS})
    )


# ── 應期 ─────────────────────────────────────────────────────────────────────────────────────────
class _When:
    """Ranked 應期 candidates without repeats."""

    def __init__(self, unit: str) -> None:
        self.unit = unit
        self.items: list[tuple[str, int, Text]] = []

    def add(self, key: str, branch: int, other: int | None = None) -> None:
        if any(b == branch for _, b, _ in self.items):
            return
        tpl, _ = data().ying[key]
        t = _fill(tpl, branch=BRANCHES[branch], other=BRANCHES[other] if other is not None else "")
        self.items.append((self.unit, branch, t))


def _ying_qi(r: _Read, lei: _Lei, topic: str | None) -> list[tuple[str, int, Text]]:
    w = _When(data().horizon.get(topic or "", "day"))
    chu, zhong, mo = r.chuan
    if lei.kind == "lei":
        if lei.branch in r.kong:
            w.add("lei_kong", lei.branch)
            w.add("lei_chong", chong(lei.branch))
        elif lei.where is not None:
            w.add("lei", lei.branch)
    if mo in r.kong:
        w.add("mo_kong", mo)
    if zhong in r.kong:  # a void 中傳 waits to be filled as the 末傳 does (issue 28, lr-yingqi10)
        w.add("zhong_kong", zhong)
    if r.chart.gan_shang in r.kong:  # the asker's own place void: it waits to be filled, as the 類神's
        w.add("gan_kong", r.chart.gan_shang)
    if mo == _tomb(r.stem_el):
        w.add("mu_chong", chong(mo), mo)
    w.add("chu", chu)
    w.add("zhi", r.chart.zhi_shang)
    ming = _ming(r.chart)
    if ming is not None:
        w.add("ming", r.chart.upper_of(ming))
    w.add("mo", mo)
    w.add("gan", r.chart.gan_shang)
    return _chu_second(w.items, chu)


def _chu_second(items: list[tuple[str, int, Text]], chu: int) -> list[tuple[str, int, Text]]:
    """*items* with the 發用 *chu* moved up to second where the candidates before it pushed it lower.

    The time of a matter is read from where it starts to move, the 發用 (《大六壬指南》卷三〈行人章〉, whose
    closing lines look for the 應期 in what leads the 傳; 卷一〈注釋心印賦〉, whose note seeks it in the 剋
    that gives the 發用): one candidate of the 類神, the void or the tomb may stand before it, not two."""
    at = next(i for i, (_, b, _) in enumerate(items) if b == chu)
    if at > 1:
        items.insert(1, items.pop(at))
    return items


def _dates(chart: LiuRenChart, unit: str, branch: int) -> tuple[str | None, str | None]:
    """The 干支 and civil date of the next day (month, year) of *branch* from the cast; hours have none
    (the dates by xuanheng.time.ahead)."""
    t = chart.time
    if unit == "day":
        offset = (branch - chart.day.branch) % 12
        gz = ganzhi_after(chart.day.index, offset)
        if t.when is None:
            return gz, None
        return gz, (pillar_date(t.when, chart.day.index) + _dt.timedelta(days=offset)).isoformat()
    if unit == "month":
        if t.month_branch is None:
            return None, None
        offset = (branch - t.month_branch) % 12
        gz_m = ganzhi_after(t.month.index, offset) if t.month is not None else None
        if t.when is None:
            return gz_m, None
        return gz_m, (t.when.date() if offset == 0 else month_start(t.when, offset)).isoformat()
    if unit == "year":
        if t.year_branch is None:
            return None, None
        offset = (branch - t.year_branch) % 12
        gz_y = ganzhi_after(t.year.index, offset) if t.year is not None else None
        if t.when is None:
            return gz_y, None
        return gz_y, (t.when.date() if offset == 0 else year_start(t.when, offset)).isoformat()
    return None, None


# ── the judge ─────────────────────────────────────────────────────────────────────────────────────
def _item_step(lei: _Lei) -> Step | None:
    """The step that says why the 類神 is the thing asked about's (weighs nothing), or None."""
    it = lei.item
    if it is None:
        return None
    d = data().steps["lei.item"]
    parts = [x for x in (it.branch, it.jiang, it.qin) if x is not None]
    basis = {"ko": ", ".join(parts), "zh-Hant": "、".join(parts), "en": ", ".join(parts)}
    names = {"ko": it.names.ko, "zh-Hant": it.names.zh_hant, "en": it.names.en}
    facts = {
        "item": it.key,
        "branch": it.branch,
        "jiang": it.jiang,
        "qin": it.qin,
        "lei": BRANCHES[lei.branch],
    }
    sources = one_each((*it.src, *ITEM_TOPICS_SRC, *d.src))
    return Step("lei.item", "=", _fill(d.text, item=names, basis=basis, lei=lei.shown), sources, facts)


def _said(t: Text) -> dict[str, str]:
    """A word in every language as :func:`_fill` takes it (the topic or the person in the reader's words)."""
    return {"ko": t.ko, "zh-Hant": t.zh_hant, "en": t.en}


def _focus(r: _Read, lei: _Lei, question: Question) -> Focus:
    d = data().focus
    # the topic and the person in the reader's words (재물, 부모), the book's term in Chinese
    topic: str | dict[str, str] = _said(topic_word(question.topic)) if question.topic else ""
    about = _said(about_word(question.about))
    if lei.item is not None:
        it = lei.item
        names = {"ko": it.names.ko, "zh-Hant": it.names.zh_hant, "en": it.names.en}
        why = _fill(d["item"], item=names, lei=lei.shown)
    elif lei.kind == "general":
        why = _fill(d["general"])
    elif lei.kind in ("gan", "zhi"):
        why = (
            _fill(d["person"], about=about, lei="日支") if lei.by_person else _fill(d[lei.kind], topic=topic)
        )
    elif lei.by_person:
        why = _fill(d["person"], about=about, lei=lei.shown)
    else:
        why = _fill(d["lei"], topic=topic, lei=lei.shown)
    b = lei.branch
    qin = LIU_QIN[liu_qin_index(r.stem_el, BRANCH_ELEMENT[b])]
    place = {"general": "日上", "gan": "日上", "zhi": "辰上"}.get(lei.kind)
    facts = {
        "place": place or (_POS[lei.where] if lei.where is not None else "天地盤"),
        "in_san_chuan": b in r.chuan,
        "in_si_ke": b in [k.upper for k in r.chart.si_ke],
        "seat": BRANCHES[r.chart.lower_of(b)],
        "tian_jiang": r.jiang(b),
        "kong": b in r.kong,
        "state": r.state(b),
        "month": BRANCHES[r.month],
        "month_from": "月建" if r.month_given else "月將",
        "harm": lei.harm,
        "src": list(lei.spec.get("src", ())),
    }
    # what the 類神 is, as the topic reads it (妻財亥, 青龍申, 驛馬寅 or the branch alone; the day stem's or
    # the day branch's 上神: 日干上戌, 日支上未; the thing asked about by its name, 말(馬) 午 in Korean): the
    # focus line shows it, in the reader's language, since the branch's own 六親 in front of it reads as the
    # person (父母申, 官鬼未)
    shown = lei.shown if lei.kind == "lei" else f"{lei.label}上{BRANCHES[b]}"
    lei_shen = Text.from_mapping(
        dict.fromkeys(("ko", "zh-Hant", "en"), shown) if isinstance(shown, str) else dict(shown)
    )
    return Focus("類神", qin, None, BRANCHES[b], why, facts, {"lei_shen": lei_shen})


def _weigh(c: _Chain, marks: Mapping[str, Any]) -> str:
    d = data()
    total = c.total
    w_chu, w_mo = marks["chu"], marks["mo"]
    # the 歸宿 decides where the 發端 disagrees, unless the 末傳 is void: an empty end decides nothing
    # (《六壬大全》卷一〈空亡〉: a good spirit in the void brings no good, a harmful one no harm)
    mo_void = marks.get("mo_kong") is not None and _on("weigh.mo_kong")
    # a void 中傳 (折腰) breaks the matter halfway: it never reaches the 歸宿, which then decides nothing
    # (《六壬大全》卷一〈三傳〉: the 中傳 is the 移易 through which the 發端 passes to the 歸宿)
    zhe = marks.get("zhong_kong") is not None and not mo_void and _on("weigh.mo_zhe")
    mo_decides = w_chu * w_mo < 0 and not mo_void and not zhe and _on("weigh.mo")
    if w_chu * w_mo < 0:
        if mo_decides:
            first = d.words["good" if w_chu > 0 else "bad"]
            last = d.words["good" if w_mo > 0 else "bad"]
            c.add("weigh.mo", {"chu": w_chu, "mo": w_mo}, first=first, last=last)
        elif mo_void:
            void = marks["mo_kong"]
            c.add("weigh.mo_kong", {"chu": w_chu, "mo": w_mo, "branch": void}, branch=void)
        elif zhe:
            mid = marks["zhong_kong"]
            c.add("weigh.mo_zhe", {"chu": w_chu, "mo": w_mo, "branch": mid}, branch=mid)
    weather = marks.get("weather")
    if weather is not None and _on("weigh.tian"):
        # the weather is read on its 類神 alone (《大六壬指南》〈占天時〉): shown in 課傳 and not void, what
        # is asked of the sky comes; absent, or void (《六壬大全》卷一〈空亡〉: a void spirit brings
        # nothing), it does not
        lei, where, void = weather
        comes = where is not None and not void
        c.add("weigh.tian" if comes else "weigh.tian_wu", {"lei": lei, "where": where, "kong": void}, lei=lei)
        return "good" if comes else "bad"
    if marks.get("lei_hurt") and _on("weigh.lei_hurt"):
        # what befalls the thing itself decides: no help to the asker brings back what is killed
        c.add("weigh.lei_hurt")
        return "bad"
    cai_gui = marks.get("cai_gui")
    if cai_gui is not None and _on("weigh.cai_gui"):
        # 財在鬼鄉: the wealth hoped for stands on the 鬼 and turns into harm (〈心印賦〉)
        c.add("weigh.cai_gui", cai_gui, **cai_gui)
        return "bad"
    chapter = marks.get("chapter")
    if chapter is not None and _on(chapter[1]):
        # the signs of 《大六壬指南》卷三's chapters: 〈疾病章〉 the 驛馬 leading the 傳, 初生末墓, 自墓傳生;
        # 〈陽宅章〉 干支乘鬼; 〈行人章〉 the 驛馬 in 課傳
        polarity, key = chapter
        if key == "weigh.bing_turn":  # it names the two ends; weigh.bing_ma names nothing
            ends = {"first": BRANCHES[marks["chuan"][0]], "last": BRANCHES[marks["chuan"][2]]}
            c.add(key, ends, **ends)
        else:
            c.add(key)
        return str(polarity)
    if mo_decides:
        # 先凶後吉 ends in good, 始吉終凶 in bad: the 歸宿 decides, before the 類神 and the sum
        # (《大六壬指南》卷一〈注釋心印賦〉; the weigh.mo step above says so); a void 末傳 does not (the
        # weigh.mo_kong step)
        return "good" if w_mo > 0 else "bad"
    if marks.get("lei_kong") and total >= GOOD and _on("weigh.lei"):
        c.add("weigh.lei")
        return "mixed"
    lei_w = marks.get("lei_w")
    if lei_w is not None:
        rest = total - lei_w
        if lei_w >= LEI_STRONG and rest < GOOD and not marks.get("lei_wang") and _on("weigh.lei_qi"):
            # a 類神 that stands in the 三傳 but is 休, 囚 or 死 in the month has no 氣 to carry the matter
            # (〈指掌賦〉: a favourable spirit is wanted 旺 or 相; 〈心印賦〉's note on the 類神 of a career):
            # the rest of the 課 decides, and without its help it is no better than mixed
            c.add("weigh.lei_qi")
            return "bad" if rest <= BAD else "mixed"
        if lei_w >= LEI_STRONG and rest < GOOD and _on("weigh.lei_strong"):
            # the 類神 stands in the 三傳 with strength: it outweighs what the rest of the 課 says
            c.add("weigh.lei_strong")
            return "good" if rest > LEI_REST else "mixed"
        if lei_w <= -LEI_STRONG and rest > BAD and _on("weigh.lei_weak"):
            c.add("weigh.lei_weak")
            return "bad" if rest < GOOD else "mixed"
    if total >= GOOD:
        zhong = marks.get("zhong_kong")
        if zhong is not None and not marks.get("harm") and _on("weigh.zhe"):
            # 折腰: the matter breaks off at the void 中傳 and does not come to the good the sum promises
            # (《六壬大全》卷一〈三傳〉, 〈空亡〉; the zhong.kong step)
            c.add("weigh.zhe", {"branch": zhong}, branch=zhong)
            return "bad"
        return "good"
    if total <= BAD:
        return "bad"
    c.add("weigh.even")
    return "mixed"


def judge(
    chart: LiuRenChart,
    question: Question | str | None = None,
    *,
    fired: Sequence[FiredRule] | None = None,
    **reading_options: Any,
) -> Judgment:
    """The judgment of *chart* for *question* (a :class:`Question`, or a topic): see the module docstring.

    *reading_options* may carry ``about`` (whom the question concerns) and ``item`` (the thing asked about,
    for the topics of ``rules/data/items.toml`` ``[accept]``; refused for another topic); both may also come
    in the question. *fired* (the
    reading of the same chart and question) gives the commentary: the ids of the 課體 and 畢法 rules and of
    the fired rules on the 類神's branch."""
    if not isinstance(chart, LiuRenChart):
        raise InputError(f"judge needs a LiuRenChart, got {type(chart).__name__}", field="chart")
    if question is None or isinstance(question, str):
        question = Question(question or None, reading_options.get("about") or "自己")
    topic = normalise_topic(question.topic) if question.topic else None
    given = question.item if question.item is not None else reading_options.get("item")
    item = normalise_item(given) if given is not None else None
    check_item_topic(item, topic)
    question = Question(topic, check_about(question.about), item)
    r = _read(chart)
    lei = _lei(r, question)
    c = _Chain()
    marks: dict[str, Any] = {}
    if lei.kind == "lei":
        got = _lei_step(c, r, lei)
        marks["lei_kong"], marks["lei_hurt"] = got["kong"], got["hurt"]
        marks["lei_w"] = c.items[-1][1] if c.items else None
        marks["cai_gui"] = got["cai_gui"]
        marks["lei_wang"] = r.wang(lei.branch)
        marks["harm"] = lei.harm
    weighs = kind_of(topic) not in ("yu", "qing")
    if not weighs and lei.kind == "lei":
        marks["weather"] = (lei.label, None if lei.where is None else _POS[lei.where], lei.branch in r.kong)
    _place_step(c, r, "ri", chart.gan_shang, "gan", weighs=weighs)
    _place_step(c, r, "chen", chart.zhi_shang, "zhi", weighs=weighs)
    marks["chu"] = _place_step(c, r, "chu", r.chuan[0], "gan", weighs=weighs)
    if r.chuan[1] in r.kong and r.chuan[1] not in (r.chuan[0], r.chuan[2]):
        c.add("zhong.kong", {"branch": BRANCHES[r.chuan[1]]}, branch=BRANCHES[r.chuan[1]])
        marks["zhong_kong"] = BRANCHES[r.chuan[1]]
    marks["mo"] = _place_step(c, r, "mo", r.chuan[2], "gan", weighs=weighs)
    marks["mo_kong"] = BRANCHES[r.chuan[2]] if r.chuan[2] in r.kong else None
    if weighs:
        _zhi_gui(c, r, lei)
    marks["chapter"], marks["chuan"] = _chapter_signs(c, r, topic), r.chuan
    ming = _ming(chart)
    if ming is not None:
        _place_step(c, r, "ming", chart.upper_of(ming), "ming", weighs=weighs)
    _gui(c, r)
    # a reading of every topic in the chart's own month has already detected the 課體 and 法
    whole = fired is not None and topic is None and r.month_given
    held = _held(r, fired if whole else None)
    _keti(c, r, held)
    _bifa(c, held)
    # keep the weightiest steps (the 類神, 日, 辰 and 三傳 always) when there are too many
    while len(c.items) > MAX_STEPS:
        loose = [i for i, (s, _) in enumerate(c.items) if not s.key.startswith(_KEPT)]
        if not loose:
            break
        drop = min(loose, key=lambda i: (abs(c.items[i][1]), -i))
        del c.items[drop]
    verdict = _verdict(topic, _weigh(c, marks))
    ying = []
    for unit, branch, why in _ying_qi(r, lei, topic)[:4]:
        gz, date = _dates(chart, unit, branch)
        ying.append(YingQi(unit, BRANCHES[branch], why, gz, date))
    first = _item_step(lei)
    return Judgment(
        question=question,
        verdict=verdict,
        focus=_focus(r, lei, question),
        steps=(*((first,) if first is not None else ()), *(s for s, _ in c.items)),
        ying_qi=tuple(ying),
        commentary=_commentary(fired, lei),
    )


def _commentary(fired: Iterable[FiredRule] | None, lei: _Lei) -> tuple[str, ...]:
    """The ids of the fired rules that bear on the judgment: the 課體 and 畢法 rules, and those about the
    類神's branch (its 類神 lists and verses); first seen first."""
    if not fired:
        return ()
    name = BRANCHES[lei.branch]
    # a FiredRule's extra and facts are dicts; the ids kept once each, in the order first seen
    ids: dict[str, None] = {}
    for f in fired:
        if f.extra.get("kind") in _ON_ITS_OWN:
            ids[f.id] = None
        else:
            facts = f.facts
            if name == facts.get("shen") or name == facts.get("branch"):
                ids[f.id] = None
    return tuple(ids)


#: the kinds of fired rule the commentary names whatever they are about
_ON_ITS_OWN = frozenset({"ke_ti", "bifa"})


__all__ = ["BAD", "GOOD", "judge", "switched_off"]
