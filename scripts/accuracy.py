"""Write docs/accuracy.md: how the judgments agree with the casebooks' worked cases.

The cases are the test data under ``tests/<method>/casebook/*.toml`` (each a case of a book, chapter cited,
facts and conclusion in our words). For each case the method's judge is run on the case's chart and
question, and compared with the book on three things:

* the verdict's polarity (good / bad / mixed) against the book's outcome;
* the 用神 (the line, or the 伏神, and its branch) against the one the book reads;
* the 應期: whether the book's first stated time (its branch) is among the first two the judgment gives.

For 大六壬 (``tests/liuren/casebook``) the polarity and the 應期 are compared the same way (the books name
the 類神 only in prose, so it is shown, not scored).

For 七政四餘 (``tests/qizheng/casebook``, 星案) each nativity is cast at the birth reconstructed from its
printed pillars and judged as a life: the 命宮/身宮 (and the 命度's mansion) where the book states them, the
book's 格局 that fire, the rank, and the polarity of each stretch of life the book calls good or bad.

Beside the page it writes ``src/xuanheng/reading/data/measured.toml``, each method's figures on the split
that measures it (blind where that split has at least 20 scored cases, else holdout): numbers only, which the
CLI's text view, the API's ``/api/methods`` (and so the page) and the MCP tool list show under the verdict in
the reader's words (``xuanheng.reading.measured``, ``xuanheng.i18n.measured.measured_line``).

Run ``python scripts/accuracy.py`` (``--check`` exits 1 when docs/accuracy.md or the measured file is not
what it would write; the test suite runs that check, so neither is typed by hand).
"""

from __future__ import annotations

import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "accuracy.md"
#: each method's measured figures, shown to readers under the verdict (``xuanheng.reading.measured``)
MEASURED = ROOT / "src" / "xuanheng" / "reading" / "data" / "measured.toml"


@dataclass
class Row:
    case: dict[str, Any]
    polarity: str
    yong: str
    yong_ok: bool
    ying: list[str]
    ying_ok: bool | None

    @property
    def pol_ok(self) -> bool:
        return self.polarity == self.case["verdict"]


def cases(method: str = "liuyao") -> Iterator[dict[str, Any]]:
    for path in sorted((ROOT / "tests" / method / "casebook").glob("*.toml")):
        with path.open("rb") as f:
            yield from tomllib.load(f)["case"]


def liuyao_judgment(case: dict[str, Any]) -> tuple[Any, str]:
    """The 六爻 judgment of *case* (its chart cast from the case's 干支 and lines, its question) and the key
    of the step that settled its verdict ("" for the weighed sum): ``judgment.judge_settled``."""
    from xuanheng import liuyao
    from xuanheng.liuyao.judgment import judge_settled
    from xuanheng.reading.judgment import Question

    chart = liuyao.cast(day=case["day"], month=case["month"], lines=case["lines"])
    return judge_settled(chart, Question(case["topic"], case["about"]))


def judge_liuyao(case: dict[str, Any]) -> Row:
    j = liuyao_judgment(case)[0]
    y = case["yong"]
    want_pos = 0 if y.get("fu") else y["position"]
    yong_ok = (j.focus.position or 0) == want_pos and j.focus.branch == y["branch"]
    yong = f"{j.focus.liu_qin}{j.focus.branch}" + (f"@{j.focus.position}" if j.focus.position else " 伏")
    first_two = [k.branch for k in j.ying_qi[:2]]
    book = [k["branch"] for k in case.get("ying_qi", ())]
    ying_ok = (book[0] in first_two) if book else None
    return Row(case, j.verdict.word.polarity, yong, yong_ok, first_two, ying_ok)


def judge_jinkoujue(case: dict[str, Any]) -> Row:
    """A 金口訣 case (``kind = "chart"`` with the book's ``verdict``): cast in study mode from the
    printed coordinates, judged for the case's topic, person and thing asked about (``item``, where the case
    sets one); the 用爻 compared by position."""
    from xuanheng import jinkoujue
    from xuanheng.jinkoujue.chart import POSITION_LABELS
    from xuanheng.jinkoujue.judgment import judge
    from xuanheng.reading.judgment import Question

    chart = jinkoujue.cast(
        day=case["day"],
        hour=case["hour"],
        month_branch=case.get("month_branch"),
        year=case["year"],
        yue_jiang=case.get("yue_jiang"),
        is_day=case["is_day"],
        difen=case["difen"],
        options=case.get("options"),
    )
    j = judge(chart, Question(case.get("topic"), case.get("about", "自己"), case.get("item")))
    yong = POSITION_LABELS[chart.yong_yao]
    yong_ok = case.get("yong_yao", yong) == yong
    first_two = [k.branch for k in j.ying_qi[:2]]
    book = [k["branch"] for k in case.get("ying_qi", ()) if k.get("branch")]
    ying_ok = (book[0] in first_two) if book else None
    return Row(case, j.verdict.word.polarity, f"{yong}{j.focus.branch}", yong_ok, first_two, ying_ok)


def jinkoujue_cases() -> list[dict[str, Any]]:
    """The 金口訣 casebook's cases that carry the book's verdict (the others check the chart only)."""
    return [c for c in cases("jinkoujue") if c.get("kind") == "chart" and "verdict" in c]


@dataclass
class LiuRenRow:
    case: dict[str, Any]
    polarity: str
    lei: str
    ying: list[str]
    ying_ok: bool | None

    @property
    def pol_ok(self) -> bool:
        return bool(self.polarity == self.case["verdict"])


#: the casebook's years are of the Song (建炎 2 = 戊申 = 1128): a year's 干支 is read as the one of 1081–1140
_SONG_FROM = 1081


def _song_year(gz: str) -> int:
    from xuanheng.core.ganzhi import GanZhi

    return _SONG_FROM + (GanZhi.parse(gz).index - (_SONG_FROM - 4)) % 60


def liuren_cast_kw(case: dict[str, Any]) -> dict[str, Any]:
    """What the book prints besides the day, 月將 and hour, as study-mode inputs: 晝夜, the month (月建),
    the year (太歲) and the birth year of the person concerned (本命; with the year itself and the sex,
    male unless the case says, also the 行年). A birth year given only by its branch (本命 酉) is read as
    any year of that branch."""
    from xuanheng.core.ganzhi import BRANCHES, GanZhi

    kw: dict[str, Any] = {}
    if "day_night" in case:
        kw["day_night"] = case["day_night"]
    if "month" in case:
        kw["month_branch"] = case["month"]
    year = _song_year(case["year"]) if "year" in case else None
    if year is not None:
        kw["year_branch"] = BRANCHES[GanZhi.parse(case["year"]).branch]
    birth = case.get("birth")
    if birth is not None:
        if len(birth) == 1:  # the 本命 branch only
            kw["birth_year"] = _SONG_FROM + (BRANCHES.index(birth) - (_SONG_FROM - 4)) % 12
        elif year is not None:  # the last year of that 干支 up to the year asked (the age, where printed,
            # mostly agrees; where it does not — sh-41, sh-44, sh-57 — the 干支 is kept)
            kw["birth_year"] = year - (year - _song_year(birth)) % 60
            kw["year"] = year
            kw["sex"] = case.get("sex", "male")
        else:
            kw["birth_year"] = _song_year(birth)
    return kw


def judge_liuren(case: dict[str, Any]) -> LiuRenRow:
    """The row of a casebook case: :func:`liuren_judgment`'s verdict, 類神 and 應期 against the book's."""
    j = liuren_judgment(case)
    first_two = [k.branch for k in j.ying_qi[:2]]
    book = [k["branch"] for k in case.get("ying_qi", ()) if "branch" in k]
    ying_ok = (book[0] in first_two) if book else None
    lei = f"{j.focus.liu_qin or ''}{j.focus.branch} ({j.focus.facts.get('place')})"
    return LiuRenRow(case, j.verdict.word.polarity, lei, first_two, ying_ok)


def liuren_judgment(case: dict[str, Any]) -> Any:
    """The 大六壬 judge on a casebook case (:func:`liuren_chart`), for the case's topic and person, and the
    thing asked about (``item``) where the book reads the thing's own branch."""
    from xuanheng.liuren.judgment import judge
    from xuanheng.reading.judgment import Question

    return judge(liuren_chart(case), Question(case["topic"], case["about"], case.get("item")))


def liuren_chart(case: dict[str, Any]) -> Any:
    """The 大六壬 chart of a casebook case: cast in study mode from the book's day, 月將 and hour (晝夜 as
    the book prints it when it does).

    The school of the 三傳 is the book's: the default unless its 三傳 differ from the ones the case prints
    and another school's equal them — 涉害 by 孟仲季 (``shehai = mengzhongji``: sh-85 and sh-86) or the
    伏吟 子卯 末傳 by the punishment (``fuyin_zimao = xing``: hx-82); the school a case was cast with is a
    fact it prints, not a choice of the judge."""
    from xuanheng import liuren
    from xuanheng.core.ganzhi import BRANCHES
    from xuanheng.liuren.sanchuan import FUYIN_ZIMAO, SHEHAI_SCHOOLS

    kw = liuren_cast_kw(case)
    chart = liuren.cast(day=case["day"], yue_jiang=case["yue_jiang"], hour=case["hour"], **kw)
    printed = case.get("san_chuan")

    def chuan(ch: Any) -> list[str]:
        return [BRANCHES[x.branch] for x in ch.san_chuan]

    if printed and chuan(chart) != printed:
        at = {"day": case["day"], "yue_jiang": case["yue_jiang"], "hour": case["hour"]}
        schools = [{"shehai": s} for s in SHEHAI_SCHOOLS] + [{"fuyin_zimao": z} for z in FUYIN_ZIMAO]
        for school in schools:
            other = liuren.cast(**at, **school, **kw)
            if chuan(other) == printed:
                chart = other
                break
    return chart


@dataclass
class XianRow:
    """One stretch of life a 星案 judges: the book's ages and polarity, the 限 section of the judgment that
    holds the middle of those ages, and its polarity."""

    ages: tuple[int, int]
    book: str
    section: str
    judged: str

    @property
    def ok(self) -> bool:
        return self.book == self.judged


@dataclass
class QiZhengRow:
    case: dict[str, Any]
    ming: str
    shen: str
    ming_xiu: str
    sun_gong: str
    fired: list[str]
    rank: str
    xian: list[XianRow]
    #: each position the book states: (star, the book's palace or mansion, the chart's)
    positions: list[tuple[str, str, str]]

    @property
    def ming_ok(self) -> bool | None:
        c = self.case
        checks = []
        if "ming_gong" in c:
            checks.append(self.ming == c["ming_gong"])
        if "ming_xiu" in c:
            checks.append(self.ming_xiu == c["ming_xiu"])
        if c.get("sun_in_ming"):
            checks.append(self.sun_gong == self.ming)
        return all(checks) if checks else None

    @property
    def shen_ok(self) -> bool | None:
        c = self.case
        if "shen_gong" in c:
            return self.shen == c["shen_gong"]
        if "shen_is" in c:  # the 身宮 named by its 人事 palace, counted back from the 命宮
            back = RENSHI.index(c["shen_is"])
            return BRANCH_NAMES.index(self.shen) == (BRANCH_NAMES.index(self.ming) - back) % 12
        return None

    @property
    def ge_named(self) -> list[dict[str, Any]]:
        return list(self.case["ge_ju"])

    @property
    def ge_fired(self) -> list[dict[str, Any]]:
        return [g for g in self.case["ge_ju"] if g.get("pattern") in self.fired]

    @property
    def rank_ok(self) -> bool:
        return self.rank == self.case["rank"]


#: the twelve 人事 palaces from the 命宮, counted backwards through the branches (《星學大成》卷三〈起小限〉)
RENSHI = ("命宮", "財帛", "兄弟", "田宅", "男女", "奴僕", "夫妻", "疾厄", "遷移", "官祿", "福德", "相貌")
BRANCH_NAMES = "子丑寅卯辰巳午未申酉戌亥"
#: the judgment's rank keys as the casebook's three steps
RANK = {"shang_ge": "上", "zhong_ge": "中", "xia_ge": "下"}
#: the 鄭氏 cases' place (the book gives none): 杭州
PLACE = (120.2, 30.3)


def qizheng_positions(case: dict[str, Any], xiu: str) -> list[bool]:
    """Whether each position the 星案 states is the chart's, with the mansion system *xiu*."""
    from xuanheng.core.ganzhi import BRANCHES
    from xuanheng.qizheng import cast
    from xuanheng.qizheng.xiu import NAMES

    lon, lat = case.get("place", PLACE)
    c = cast(case["birth"], tz="+08:00", lon=lon, lat=lat, sex=case["sex"], xiu=xiu)
    out = []
    for p in case.get("positions", ()):
        y = c.yao_named(p["star"])
        out.append((BRANCHES[y.gong] == p["gong"]) if "gong" in p else (NAMES[y.xiu.xiu] == p["xiu"]))
    return out


#: a year in seconds (the Julian year: ages from instants)
YEAR_S = 365.25 * 86400.0


def qizheng_timing(
    case: dict[str, Any], xiu: str = "jin", **xian_options: str
) -> list[tuple[int, str, float]]:
    """For each ``xian_enter`` of a 星案 (the book's age N at which the 限 enters a palace or a mansion): the
    age in years at which the chart's 限 enters it, under the mansion system *xiu* and the 限 options given.
    A palace is the 大限's (the k-th 大限 stands on the 命宮's branch + k: 命宮, 相貌, 福德 … run forward
    through the branches); a mansion is the 洞微 限度's (``xian.dongwei_xiu``). NaN when it never does."""
    from datetime import datetime

    from xuanheng.core.ganzhi import BRANCHES
    from xuanheng.qizheng import cast
    from xuanheng.qizheng import xian as X

    lon, lat = case.get("place", PLACE)
    c = cast(case["birth"], tz="+08:00", lon=lon, lat=lat, sex=case["sex"], xiu=xiu)
    p = X.plan(c, **xian_options)
    out = []
    for e in case.get("xian_enter", ()):
        age = float("nan")
        if "gong" in e:
            for k in range(1, 12):
                if BRANCHES[(p.ming + k) % 12] == e["gong"]:
                    age = (p.starts[k] - p.birth) / YEAR_S
                    break
            out.append((e["age"], e["gong"], age))
            continue
        for row in X.dongwei_xiu(p)[1:]:
            if row["xiu"] == e["xiu"]:
                age = (datetime.fromisoformat(row["at"]).timestamp() - p.birth) / YEAR_S
                break
        out.append((e["age"], e["xiu"], age))
    return out


def _timing_ok(book_age: int, age: float) -> bool:
    """The book's age N (歲: the year of life N - 1 to N) against the chart's age in years, within a year
    either way of that span (the books' 'at forty-six', 'after twenty-six' are not to the month)."""
    return book_age - 2.0 <= age <= book_age + 1.0


def judge_qizheng(
    case: dict[str, Any],
    xian_options: dict[str, str] | None = None,
    chart_options: dict[str, str] | None = None,
) -> QiZhengRow:
    """The 七政四餘 judge on a 星案: cast at the reconstructed birth (default options: 30° palaces from the
    equinox, 命宮 by the 卯 count, 身宮 the Moon's palace), read and judged as a life. A book age N (歲, 1 at
    birth) is the year of life from N - 1 to N; a stretch of ages is matched to the 大限 section whose span
    holds its middle, or, when that middle falls in the 童限's nine years, to the 童限's own ages within it
    (their sums weighed together, as the judge weighs a 限)."""
    from xuanheng.core.ganzhi import BRANCHES
    from xuanheng.qizheng import cast
    from xuanheng.qizheng.cast import life
    from xuanheng.qizheng.judgment import data as judgment_data
    from xuanheng.qizheng.judgment import judge
    from xuanheng.qizheng.reading import reading
    from xuanheng.qizheng.xiu import NAMES

    lon, lat = case.get("place", PLACE)
    c = cast(case["birth"], tz="+08:00", lon=lon, lat=lat, sex=case["sex"], **(chart_options or {}))
    fired = reading(c)
    j = judge(life(c, xian_options=xian_options), None, fired=fired)
    names = [str(r.to_json("zh-Hant").get("name") or "") for r in fired]
    spans = []
    tong = None
    for s in j.sections:
        if s.key.startswith("da_xian."):
            spans.append((float(s.facts["start_age"]), float(s.facts["end_age"]), s))
        elif s.key == "tong_xian":
            tong = s
    th = judgment_data().threshold["xian"]
    xian = []
    for x in case["xian"]:
        a, b = x["ages"]
        mid = (a + b) / 2 - 0.5
        years = [r for r in (tong.facts["ages"] if tong is not None else ()) if a <= r["age"] <= b]
        if years and mid < len(tong.facts["ages"]):  # childhood years: the 童限's own ages
            score = sum(int(r["score"]) for r in years)
            pol = "good" if score >= int(th["good"]) else "bad" if score <= int(th["bad"]) else "mixed"
            span = f"{years[0]['age']}–{years[-1]['age']}"
            xian.append(XianRow((a, b), x["polarity"], f"童限 {span}", pol))
            continue
        sec = next((s for lo, hi, s in spans if lo <= mid < hi), None)
        if sec is None:
            xian.append(XianRow((a, b), x["polarity"], "—", "—"))
            continue
        label = f"{sec.facts['gong']}{sec.facts['branch']}"
        xian.append(XianRow((a, b), x["polarity"], label, sec.verdict.word.polarity))
    positions = []
    for p in case.get("positions", ()):
        y = c.yao_named(p["star"])
        mine = BRANCHES[y.gong] if "gong" in p else NAMES[y.xiu.xiu]
        positions.append((p["star"], p.get("gong") or p["xiu"], mine))
    return QiZhengRow(
        case=case,
        ming=BRANCHES[c.ming_gong.branch],
        shen=BRANCHES[c.shen_gong.branch],
        ming_xiu=NAMES[c.ming_gong.xiu.xiu],
        sun_gong=BRANCHES[c.yao_named("日").gong],
        fired=names,
        rank=RANK[j.verdict.word.key],
        xian=xian,
        positions=positions,
    )


#: the 六爻 casebooks beyond 《增刪卜易》 and 《卜筮正宗》, each also reported alone
LIUYAO_OTHER_BOOKS = ("易隱", "易冒")


def _pct(n: int, d: int) -> str:
    return f"{n}/{d} ({100 * n / d:.0f} %)" if d else "—"


@cache
def liuyao_rows() -> list[Row]:
    """Every 六爻 case judged (once per run: the page and the measured file read the same rows)."""
    return [judge_liuyao(c) for c in cases("liuyao")]


@cache
def liuren_rows() -> list[LiuRenRow]:
    """Every 大六壬 case judged, once per run."""
    return [judge_liuren(c) for c in cases("liuren")]


@cache
def jinkoujue_rows() -> list[Row]:
    """Every 金口訣 case that carries the book's verdict, judged once per run."""
    return [judge_jinkoujue(c) for c in jinkoujue_cases()]


@cache
def qizheng_rows() -> list[QiZhengRow]:
    """Every 星案 judged with the default options, once per run."""
    return [judge_qizheng(c) for c in cases("qizheng")]


def render() -> str:
    rows = liuyao_rows()
    out = [
        "# Agreement with the casebooks",
        "",
        "Generated by `python scripts/accuracy.py` from the worked cases in `tests/<method>/casebook/` —",
        "do not edit by hand (the test suite fails when this page is not what the script writes). Each case",
        "is one the book gives, with its chapter; facts and conclusions are summarised in our own words.",
        "",
        "Readers are shown these figures: the script also writes",
        "`src/xuanheng/reading/data/measured.toml`, each method's figures on the split that measures it",
        f"(`blind` where it has at least {MIN_BLIND} scored cases, else `holdout`): agreement of the verdict",
        "(for 七政四餘 the rank) with the book, the baseline of always giving the book's commonest verdict",
        "on those cases, and the 用神 / 用爻, 應期, 格局 and 限 figures. One line under every verdict says",
        "them in the reader's language — on the page, in the command line's text view and in the MCP tool",
        "list (`/api/methods` gives them as `measured`).",
        "",
        "For each case the method's judge runs on the case's chart and question (topic, and whom it is",
        "about) and is compared with the book: the **verdict**'s polarity (good / bad / mixed), the **用神**",
        "(line and branch; a 伏神 counts as its branch under no line), and the **應期** (the book's first",
        "stated time, by its branch, among the first two the judgment ranks; units are not compared).",
        "`holdout` cases (every third of a file) are the measure on cases the judge was not tuned on;",
        "`dev` cases were used to tune it — except the 兩現 order (which of two like lines is the 用神),",
        "read off the 兩現 cases of both splits: the 用神 figure of the holdout is not a blind measure.",
        "",
        "## 六爻",
        "",
        "The holdout of `zengshan_principles.toml` and `bushi_zhengzong.toml` has been read over several",
        "rounds of work, so it is no longer blind. `tests/liuyao/casebook/blind.toml` (72 cases of",
        "《增刪卜易》's life and later chapters, transcribed by one who never ran the judge on them) was",
        "the blind split until round 5 of issue 27: measured once then, before it was studied, at polarity",
        "42/72 (58 %), 用神 53/72 (74 %), 應期 7/27 (26 %). From round 6 it is study material, split like",
        "the other files (every third case holdout; its own rows below). `blind2.toml` (115 cases of",
        "《增刪卜易》's fuller collated text) took its place and was measured once by the judge of round 6,",
        "before it was studied: polarity 57/115 (50 %; always good 59/115), 用神 82/115 (71 %), 應期 30/81",
        "(37 %). From round 7 it too is split dev/holdout (its own rows below). `blind3.toml` (101 cases",
        "of the same edition: the rest of 〈天時章〉, the 卷三 family chapters and the principle chapters'",
        "cases no other file holds) took its place and was measured once by the judge of round 7, before",
        "it was studied: polarity 69/101 (68 %; always good 55/101), 用神 72/101 (71 %), 應期 27/75 (36 %).",
        "From round 8 it too is split dev/holdout (its own rows below). The `blind` row is the file that",
        "replaces it, `blind4.toml`, transcribed by one who never ran the judge, measured when it arrived",
        "by the judge of round 8 and again, unread while the round worked, by those of round 9 (the same",
        "figures), of round 10 (polarity one case more, 37/63; the rest the same) and of rounds 11 and 12",
        "(the same figures): never studied.",
        "The dev and holdout rows also hold the cases of other casebooks, added after the judge",
        "was written (`yiyin.toml`, 《易隱》, and `yimao.toml`, 《易冒》, each measured once when",
        "added); the rows below the three splits repeat those cases alone, by book and split.",
        "",
        "| split | cases | verdict polarity | 用神 | 應期 among the first two |",
        "|---|---|---|---|---|",
    ]
    parts = [(split, [r for r in rows if r.case["split"] == split]) for split in ("dev", "holdout", "blind")]
    for book in LIUYAO_OTHER_BOOKS:
        for split in ("dev", "holdout"):
            part = [r for r in rows if r.case["book"] == book and r.case["split"] == split]
            parts.append((f"{book} ({split})", part))
    former = (("bl-", "blind.toml"), ("b2-", "blind2.toml"), ("b3-", "blind3.toml"))  # rounds 5, 6, 7
    for prefix, name in former:
        for split in ("dev", "holdout"):
            part = [r for r in rows if r.case["id"].startswith(prefix) and r.case["split"] == split]
            parts.append((f"{name} ({split})", part))
    for split, part in parts:
        with_time = [r for r in part if r.ying_ok is not None]
        out.append(
            f"| {split} | {len(part)} | {_pct(sum(r.pol_ok for r in part), len(part))} | "
            f"{_pct(sum(r.yong_ok for r in part), len(part))} | "
            f"{_pct(sum(bool(r.ying_ok) for r in with_time), len(with_time))} |"
        )
    out += [
        "",
        "Targets of issue 27 on cases never seen (the blind row): polarity ≥ 90 %, 用神 ≥ 95 %, 應期 ≥ 70 %.",
        "For scale: a judge that always answered *good* (the books' commonest verdict) would agree on "
        + ", ".join(
            f"{_pct(sum(r.case['verdict'] == 'good' for r in part), len(part))} of {s}"
            for s, part in parts[:3]
        )
        + "; one that always answered *bad* on "
        + ", ".join(
            f"{_pct(sum(r.case['verdict'] == 'bad' for r in part), len(part))} of {s}"
            for s, part in parts[:3]
        )
        + ".",
        "",
        "### Cases that disagree",
        "",
        "| case | chapter | question | book | judge | what differs |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        diffs = []
        if not r.pol_ok:
            diffs.append(f"verdict {r.polarity} (book {r.case['verdict']})")
        if not r.yong_ok:
            y = r.case["yong"]
            diffs.append(f"用神 {r.yong} (book {y['liu_qin']}{y['branch']}@{y.get('position', 0)})")
        if r.ying_ok is False:
            diffs.append(f"應期 {'、'.join(r.ying) or '—'} (book {r.case['ying_qi'][0]['branch']})")
        if not diffs:
            continue
        c = r.case
        out.append(
            f"| {c['id']} ({c['split']}) | {c['book']}{c['chapter']} | {c['topic']} / {c['about']} | "
            f"{c['verdict']}: {c['outcome']} | {r.polarity} | {'; '.join(diffs)} |"
        )
    out += _liuren_section()
    out += _jinkoujue_section()
    out += _qizheng_section()
    out += [""]
    return "\n".join(out)


def _qizheng_section() -> list[str]:
    """The 七政四餘 rows: the 星案 of ``tests/qizheng/casebook/`` judged as lives."""
    rows = qizheng_rows()
    out = [
        "",
        "## 七政四餘",
        "",
        "Each 星案 (賈似道's of 《星學大成》卷二十五, 鄭希誠's printed with 《張果星宗》) is cast",
        "at the birth reconstructed from its printed pillars (the only day of the era window with",
        "those four pillars, at the middle of the hour; tests/qizheng/test_casebook_judgment.py",
        "repeats the search) with the default options, and judged as a life",
        "(docs/qizheng-judgment.md). 命宮 counts the cases where the book states the palace, the",
        "命度's mansion or the Sun in the 命; 身宮 those that state it (a branch, or the 人事 palace",
        "it keeps); positions: the stars the text places. 格局: of the names the book gives (liked",
        "and disliked), how many fire, and of those the casebook maps to the pattern of patterns.toml",
        "that states the same condition; a name fires when its pattern does; the other names have",
        "no pattern yet. Rank: the judgment's 上/中/下格 against the book's rank word put",
        "on the same three steps. 限: each stretch of ages the book calls good, bad or mixed against",
        "the 大限 section whose span holds its middle (a book age N is the year of life N - 1 to N),",
        "or, when that middle falls in the 童限's nine years, against the 童限's own ages within the",
        "stretch (their sums weighed together, as the judge weighs a 限).",
        "",
        "`tests/qizheng/casebook/blind.toml` (24 short nativities: the worked",
        "births of 《星學大成》卷十一–十二〈十二宮安命論〉 and 卷二十三, and of",
        "《星命溯源》卷四〈鄭希誠觀星要訣〉 and",
        "卷五) was the blind split in round 6 of issue 29, transcribed with its",
        "chart checks only, and was measured once then, before it was studied:",
        "命宮 20/23, positions 45/64, 格局 fired 1/20 (19 names had no pattern),",
        "rank 6/24, 限 polarity 9/20. From round 7 it is split dev/holdout like",
        "zheng.toml (every third case holdout) and studied (in the dev and",
        "holdout rows; its own rows below them). The `blind` row is whatever",
        "file now carries the split `blind` (blind2.toml, transcribed the same",
        "way: four nativities of 《星學大成》 and 《乾元秘旨》), measured by the",
        "judge of round 7 (rank 1/4) and again, unread while the round worked,",
        "by that of round 8 (rank 2/4; the rest unchanged) and of rounds 9 to",
        "12 (no change; round 12's first term of nine years included); never studied. The",
        "school-option lines below keep to dev and holdout.",
        "",
        "| split | cases | 命宮 | 身宮 | positions | 格局 fired / named (mapped) | rank | 限 polarity |",
        "|---|---|---|---|---|---|---|---|",
    ]
    parts = [(split, [r for r in rows if r.case["split"] == split]) for split in ("dev", "holdout", "blind")]
    for split in ("dev", "holdout"):  # the former blind file (round 6), also alone
        part = [r for r in rows if r.case["id"].startswith("xb-") and r.case["split"] == split]
        parts.append((f"blind.toml ({split})", part))
    for split, part in parts:
        ming = [r for r in part if r.ming_ok is not None]
        shen = [r for r in part if r.shen_ok is not None]
        named = sum(len(r.ge_named) for r in part)
        mapped = sum(1 for r in part for g in r.ge_named if "pattern" in g)
        fired = sum(len(r.ge_fired) for r in part)
        xs = [x for r in part for x in r.xian]
        pos = [q for r in part for q in r.positions]
        out.append(
            f"| {split} | {len(part)} | {_pct(sum(bool(r.ming_ok) for r in ming), len(ming))} | "
            f"{_pct(sum(bool(r.shen_ok) for r in shen), len(shen))} | "
            f"{_pct(sum(q[1] == q[2] for q in pos), len(pos))} | "
            f"{_pct(fired, named)} ({fired}/{mapped}) | {_pct(sum(r.rank_ok for r in part), len(part))} | "
            f"{_pct(sum(x.ok for x in xs), len(xs))} |"
        )
    for first, what in (
        (
            "fixed",
            "the 命宮 holds its 15 years of the 百六 table, as\n賈似道's case counts: 15 + 10 years, "
            "so the 大限 reaches 寅 at 26",
        ),
        (
            "ten",
            "the 命宮 holds 10 years and three degrees a year, 卷三's\nages read as full years, the "
            "default until branch qz-xian12; the palaces are then entered at the books' ages in\nfewer "
            "cases, the mansions of date in more",
        ),
    ):
        other = [judge_qizheng(c, {"first_term": first}) for c in cases("qizheng")]
        out += [
            "",
            f"With the school option `first_term = {first}` ({what}) the 限 polarity is "
            + ", ".join(
                f"{_pct(sum(x.ok for r in other if r.case['split'] == s for x in r.xian), n)} ({s})"
                for s, n in (
                    (s, sum(len(r.xian) for r in other if r.case["split"] == s)) for s in ("dev", "holdout")
                )
            )
            + ".",
        ]
    star_fixed = [
        judge_qizheng(c, chart_options={"gong_frame": "sidereal", "xiu": "gu_precessed"})
        for c in cases("qizheng")
    ]
    parts = []
    for s in ("dev", "holdout"):
        part = [r for r in star_fixed if r.case["split"] == s]
        xs = [x for r in part for x in r.xian]
        fired = sum(len(r.ge_fired) for r in part)
        named = sum(len(r.ge_named) for r in part)
        parts.append(
            f"{s}: 格局 {_pct(fired, named)}, rank {_pct(sum(r.rank_ok for r in part), len(part))}, 限 "
            f"{_pct(sum(x.ok for x in xs), len(xs))}"
        )
    out += [
        "",
        "With the chart options `gong_frame = sidereal` and `xiu = gu_precessed` (the palaces fixed to the",
        "stars and the mansions of the old tables, as 《星學大成》 and 《張果星宗》 draw them; the defaults",
        "stay) the case rows read " + "; ".join(parts) + ".",
    ]
    for xiu, what in (
        ("gu", "古制, Moira's fixed list"),
        ("gu_precessed", "古制 + 歲差, Moira's list moved by precession"),
    ):
        got = [ok for c in cases("qizheng") for ok in qizheng_positions(c, xiu)]
        out.append("")
        out.append(
            f"With the mansions of `xiu = {xiu}` ({what}) the positions agree {_pct(sum(got), len(got))}."
        )
    out += [
        "",
        "### When the 限 enters a palace or a mansion",
        "",
        "Where a text says at what age the 限 enters a palace (the 大限) or a mansion (the 洞微 限度), the",
        "age at which the chart's 限 enters it, counted as agreeing within a year either way of the book's",
        "year of life, for each first-term rule and mansion system (the way of running the 命宮, option",
        "`dongwei`, changes none of these). The palaces are counted from the chart's 命宮, which the text",
        "states for few of these cases.",
        "",
        "| first_term | xiu | palaces | mansions |",
        "|---|---|---|---|",
    ]
    book = list(cases("qizheng"))
    for first in ("ten", "nine", "fixed"):
        for xiu in ("jin", "gu_precessed"):
            got = [
                (name in BRANCH_NAMES, _timing_ok(n, age))
                for c in book
                for n, name, age in qizheng_timing(c, xiu, first_term=first)
            ]
            gong = [ok for is_gong, ok in got if is_gong]
            xiu_ok = [ok for is_gong, ok in got if not is_gong]
            out.append(
                f"| {first} | {xiu} | {_pct(sum(gong), len(gong))} | {_pct(sum(xiu_ok), len(xiu_ok))} |"
            )
    out += [
        "",
        "Targets of issue 29 on cases never seen (the blind row; before it, the holdout): 命宮/身宮",
        "100 %, 格局 named by the books ≥ 80 %, 限 polarity ≥ 75 %. The books state the palaces in words",
        "for few cases (most 鄭氏 cases leave them to the printed figure, which the transcription lacks),",
        "so the 命宮/身宮 rows are small.",
        "",
        "The holdout's 格局 row is no longer a clean measure: ten of the patterns of 《張果星宗》's",
        "terms (金計相生, 羅犯太陽, 命主居垣, 月明守福, 孛星守命, 單羅守命, 身命殿垣, 土月對掩, 火土對生,",
        "金月無光) were written for names that only holdout cases use, after their list was read. They are",
        "kept, as the book defines them; counting only the patterns written for dev names, the holdout fired",
        "11/87 when they went in. The patterns of branch qz-geju4 (ge-301 …) were written for dev names; the",
        "holdout names 陰陽背行, 孤日單行, 計羅截斷, 夜火朝陽, 木月清貴, 日月得位 and 陰陽得位 read the same",
        "patterns.",
        "The patterns of branch qz-geju6 (ge-355 … ge-368) were written for the names of blind.toml",
        "(both splits) and for the 鄭氏 names built on 孤辰, 寡宿, 劫殺 and 天狗 (of dev and holdout",
        "alike); all five of the holdout's gains then (身命入垣坐祿, 坐祿帶金轝, 狗寡兒宮, 孤劫臨妻,",
        "孤炁臨兒) are names the patterns were written for, so they say the books' rule holds on those",
        "charts, not how the judgment does on unseen ones.",
        "Branch qz-geju8 looked up the holdout's names without a pattern in 《星學大成》 (names only)",
        "and added those it states (ge-371 … ge-379); its two holdout gains (身命坐祿 → 天祿貴局, 火日相犯 →",
        "火羅犯日) are such names, so they too say the book's rule holds there rather than measure unseen",
        "cases; its dev gains (漏出福木, 諸星背命 ×2, 計羅攔截, 日月背行) came from dev names.",
        "",
        "### Palaces that differ",
        "",
    ]
    differ = [r for r in rows if r.ming_ok is False or r.shen_ok is False]
    if not differ:
        out.append("None: every palace, 命度 mansion and Sun-in-the-命 the books state is the chart's.")
    else:
        out += ["| case | chapter | book | chart | reason |", "|---|---|---|---|---|"]
    for r in differ:
        c = r.case
        book = f"命 {c.get('ming_gong', '—')}, 身 {c.get('shen_gong', '—')}"
        chart = f"命 {r.ming}, 身 {r.shen}"
        why = " ".join(str(c.get("known_difference", "not explained")).split())
        out.append(
            f"| {c['id']} ({c['split']}) | {c['book']}{c['chapter']} {c['locator']} | "
            f"{book} | {chart} | {why} |"
        )
    out += [
        "",
        "### Star positions that differ",
        "",
        "Positions: where the text puts a star, by palace (the 十二宮 names read as branches) or by mansion.",
        "The engine's mansions are those of the stars of date (今制) and its palaces 30° from the equinox;",
        "the book's are those of its own tables.",
        "",
        "| case | star | book | chart | the book's words |",
        "|---|---|---|---|---|",
    ]
    for r in rows:
        for (star, book, mine), p in zip(r.positions, r.case.get("positions", ()), strict=True):
            if book != mine:
                out.append(f"| {r.case['id']} ({r.case['split']}) | {star} | {book} | {mine} | {p['note']} |")
    out += [
        "",
        "### 格局 the book names that do not fire",
        "",
        "Names mapped to a pattern that did not fire on the chart, then the count of names with no pattern.",
        "",
        "| case | rank (book → judged) | mapped, not fired | names without a pattern |",
        "|---|---|---|---|",
    ]
    for r in rows:
        c = r.case
        missed = [
            f"{g['name']} ({g['pattern']})" for g in r.ge_named if "pattern" in g and g not in r.ge_fired
        ]
        bare = [g["name"] for g in r.ge_named if "pattern" not in g]
        out.append(
            f"| {c['id']} ({c['split']}) | {c['rank_word']} {c['rank']} → {r.rank} | "
            f"{'、'.join(missed) or '—'} | {len(bare)}: {'、'.join(bare) or '—'} |"
        )
    out += [
        "",
        "### 限 judged otherwise",
        "",
        "| case | ages | book | judged (大限) | the book's reason |",
        "|---|---|---|---|---|",
    ]
    for r in rows:
        c = r.case
        for x, src in zip(r.xian, c["xian"], strict=True):
            if x.ok:
                continue
            ages = f"{x.ages[0]}–{x.ages[1]}" if x.ages[0] != x.ages[1] else str(x.ages[0])
            out.append(
                f"| {c['id']} ({c['split']}) | {ages} | {x.book} | {x.judged} ({x.section}) | {src['note']} |"
            )
    return out


def _liuren_section() -> list[str]:
    rows = liuren_rows()
    out = [
        "",
        "## 大六壬",
        "",
        "Each case is cast in study mode from the day, 月將 and hour the book prints, with the year, the",
        "month and the birth year of the person concerned where the case prints them (本命, and 行年 from",
        "the year; without a month the judge reads 旺衰 in the month the 月將 serves), in the 涉害 school",
        "whose 三傳 are the ones the book prints (the default, 涉害 by depth, except sh-85 and sh-86, which",
        "print the 孟仲季 school's). The 類神 is not",
        "compared: the books name it in prose only. Where the book reads a lost or strayed thing on its own",
        "branch (the horse 午, the sheep 未, the dog 戌, silver 酉), the case sets the thing asked about",
        "(`item`, shown after the person) and the judge reads that 類神. The 應期 counts the cases whose",
        "first stated time has a branch.",
        "",
        "| split | cases | verdict polarity | 應期 among the first two |",
        "|---|---|---|---|",
    ]
    for split in ("dev", "holdout", "blind"):
        part = [r for r in rows if r.case["split"] == split]
        with_time = [r for r in part if r.ying_ok is not None]
        out.append(
            f"| {split} | {len(part)} | {_pct(sum(r.pol_ok for r in part), len(part))} | "
            f"{_pct(sum(bool(r.ying_ok) for r in with_time), len(with_time))} |"
        )
    for split in ("dev", "holdout"):  # 邵彥和's cases alone, the ones the judge was tuned on (dev)
        part = [r for r in rows if r.case["split"] == split and r.case["id"].startswith("sh-")]
        with_time = [r for r in part if r.ying_ok is not None]
        out.append(
            f"| of which 邵彥和 {split} | {len(part)} | {_pct(sum(r.pol_ok for r in part), len(part))} | "
            f"{_pct(sum(bool(r.ying_ok) for r in with_time), len(with_time))} |"
        )
    # the cases of 《壬占彙選》 (huixuan.toml) were added after the judge was written and measured once, as
    # added (then unseen); since issue 28's lr-mixed round their dev split helps choose rules, as 邵彥和's
    unseen = [r for r in rows if r.case["id"].startswith("hx-")]
    unseen_time = [r for r in unseen if r.ying_ok is not None]
    out.append(
        f"| 壬占彙選 (both splits) | {len(unseen)} | "
        f"{_pct(sum(r.pol_ok for r in unseen), len(unseen))} | "
        f"{_pct(sum(bool(r.ying_ok) for r in unseen_time), len(unseen_time))} |"
    )
    zhinan = [r for r in unseen if "大六壬指南" in r.case["chapter"]]
    zhinan_time = [r for r in zhinan if r.ying_ok is not None]
    out.append(
        f"| of which 《大六壬指南》's 占驗 | {len(zhinan)} | "
        f"{_pct(sum(r.pol_ok for r in zhinan), len(zhinan))} | "
        f"{_pct(sum(bool(r.ying_ok) for r in zhinan_time), len(zhinan_time))} |"
    )
    base = {s: [r for r in rows if r.case["split"] == s] for s in ("dev", "holdout", "blind")}
    out += [
        "",
        "The dev and holdout rows hold the cases of 邵彥和's 《六壬斷案》, shao.toml, and 《壬占彙選》,",
        "huixuan.toml; the 壬占彙選 row repeats the 《壬占彙選》 cases (the last row: those of them",
        "that it quotes from 《大六壬指南》's 占驗). When they were added they were unseen and measured",
        "once, the judge unchanged: 86/193 polarity, 26/67 應期 (the 《指南》 cases 28/64, 11/21); since",
        "issue 28's lr-mixed round their dev split helps choose rules (docs/liuren-judgment.md), so only",
        "their holdout is unseen. `cunyan.toml` (《六壬存驗》), `suoji.toml` (《壬學瑣記》) and",
        "`cuiyan.toml` (《六壬粹言》) were the blind split until round 6 of issue 28 (transcribed and their",
        "verdicts decided from the books before the judge was run on any of them) and were measured once",
        "then, before they were studied: polarity 38/94 (40 %; always good 44/94), 應期 13/45 (29 %). From",
        "round 7 they are split dev/holdout and studied like the others (in the dev and holdout rows).",
        "The files transcribed the same way for round 7 (`zhinan.toml`, 30 cases of",
        "《大六壬指南》卷三〈占驗〉 that 《壬占彙選》 does not quote, and `shao_blind.toml`, 59 cases of",
        "邵彥和's 《六壬斷案》 that shao.toml never took) were measured once, by the judge of round 7,",
        "before they were studied: polarity 36/89 (40 %; always bad 39/89), 應期 10/38 (26 %). From round 8",
        "they too are split dev/holdout. The `blind` row holds the files transcribed for round 8,",
        "measured by the judge of round 8 and again, unread while the round worked, by those of round 9",
        "(the same figures), of round 10 (polarity one case fewer, 24/60, where its six chapter signs",
        "gained 16 dev and 12 holdout cases; 應期 the same), of round 11 (polarity 25/60, the adverse",
        "法 stated without weight; 應期 the same) and of round 12 (polarity 28/60, the weather read on its",
        "類神 and the void 中傳 (折腰) weighed; 應期 the same), and never studied.",
        "Its disagreements are listed with the others below.",
        "Targets of issue 28 on cases never seen (the blind row): polarity ≥ 85 %, 應期 among the first",
        "two ≥ 60 %.",
        "For scale: a judge that always answered *bad* would agree on "
        + ", ".join(
            f"{_pct(sum(r.case['verdict'] == 'bad' for r in part), len(part))} of {s}"
            for s, part in base.items()
        )
        + "; one that always answered *good* on "
        + ", ".join(
            f"{_pct(sum(r.case['verdict'] == 'good' for r in part), len(part))} of {s}"
            for s, part in base.items()
        )
        + ".",
        "",
        "### Cases that disagree",
        "",
        "| case | chapter | question | book | judge | what differs |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        diffs = []
        if not r.pol_ok:
            diffs.append(f"verdict {r.polarity} (book {r.case['verdict']})")
        if r.ying_ok is False:
            book = next(k["branch"] for k in r.case["ying_qi"] if "branch" in k)
            diffs.append(f"應期 {'、'.join(r.ying) or '—'} (book {book})")
        if not diffs:
            continue
        c = r.case
        out.append(
            f"| {c['id']} ({c['split']}) | {c['book']}{c['chapter']} | {_question(c)} | "
            f"{c['verdict']}: {c['outcome']} | {r.polarity} · 類神 {r.lei} | {'; '.join(diffs)} |"
        )
    return out


def _question(c: dict[str, Any]) -> str:
    """A case's question as the tables show it: topic / person, and / the thing asked about when set."""
    item = f" / {c['item']}" if c.get("item") else ""
    return f"{c['topic']} / {c['about']}{item}"


def _jinkoujue_section() -> list[str]:
    """The 金口訣 rows: the cases of ``tests/jinkoujue/casebook/`` that print the book's verdict."""
    rows = jinkoujue_rows()
    total = len(list(cases("jinkoujue")))
    out = [
        "",
        "## 金口訣",
        "",
        "Each case is cast in study mode from the coordinates the book prints and judged for its topic and",
        "person; the 用爻 is compared by position (人元 貴神 將神 地分) on the cases whose book marks it.",
        "",
        "| split | cases | verdict polarity | 用爻 | 應期 among the first two |",
        "|---|---|---|---|---|",
    ]
    for split in ("dev", "holdout", "blind"):
        part = [r for r in rows if r.case["split"] == split]
        with_time = [r for r in part if r.ying_ok is not None]
        marked = [r for r in part if "yong_yao" in r.case]  # the cases whose book marks the 用爻
        out.append(
            f"| {split} | {len(part)} | {_pct(sum(r.pol_ok for r in part), len(part))} | "
            f"{_pct(sum(r.yong_ok for r in marked), len(marked))} | "
            f"{_pct(sum(bool(r.ying_ok) for r in with_time), len(with_time))} |"
        )
    unscored = [c["id"] for c in cases("jinkoujue") if "outcome" in c and "verdict" not in c]
    always_bad = {}
    for s in ("dev", "holdout"):
        part = [r for r in rows if r.case["split"] == s]
        always_bad[s] = _pct(sum(r.case["verdict"] == "bad" for r in part), len(part))
    out += [
        "",
        f"The casebook holds {total} cases; {len(rows)} of them carry the book's verdict: the 假令 of",
        "〈六十四課鈐〉 (課 1–6 from one transcription, ke_ling_jialing.toml; 課 7–59 from the 古本 of",
        "《六壬神課金口訣》, guben_ke_ling.toml) and of 〈四課假令〉 (guben_si_ke_jialing.toml), the",
        "verdict being the meaning the book states for the 課; none states an 應期, so that column is",
        "empty. For scale: a judge that always answered *bad* would agree on "
        + ", ".join(f"{always_bad[s]} of {s}" for s in ("dev", "holdout"))
        + ".",
        "The others are set-up examples (the chart without a conclusion), seed 000's element examples,",
        "and cases that state no polarity or whose printed 四位 the engine cannot cast, which keep the",
        "book's conclusion unscored",
        f"({', '.join(unscored) or 'none'}); they check the chart only",
        "(tests/jinkoujue/test_casebook_charts.py). `blind` is tests/jinkoujue/casebook/blind.toml",
        "(round 7 of issue 28: the 古本's 〈入式歌解〉 and 〈應期合德〉, three settings no other file",
        "holds, one of them with a verdict), transcribed without running the judge and measured once:",
        "too few to measure, and the 古本's transcription ends at 卷之中, so its chapters by kind of",
        "question are not to be had here.",
        "Targets of issue 28 on unseen cases: polarity ≥ 85 %, 應期 among the first two ≥ 60 %.",
    ]
    bad = [r for r in rows if not r.pol_ok or not r.yong_ok or r.ying_ok is False]
    if bad:
        out += [
            "",
            "| case | chapter | question | book | judge | what differs |",
            "|---|---|---|---|---|---|",
        ]
        for r in bad:
            c = r.case
            diffs = []
            if not r.pol_ok:
                diffs.append(f"verdict {r.polarity} (book {c['verdict']})")
            if not r.yong_ok:
                diffs.append(f"用爻 {r.yong} (book {c['yong_yao']})")
            if r.ying_ok is False:
                diffs.append(f"應期 {'、'.join(r.ying) or '—'} (book {c['ying_qi'][0]['branch']})")
            question = f"{c.get('topic', '—')} / {c.get('about', '自己')}"
            out.append(
                f"| {c['id']} ({c['split']}) | {c['book']}{c['chapter']} | {question} | "
                f"{c['verdict']}: {c['outcome']} | {r.polarity} | {'; '.join(diffs)} |"
            )
    return out


#: a blind split measures a method once it holds this many scored cases; below it, the holdout does
MIN_BLIND = 20
#: the rank keys of the 七政四餘 judgment (``kind.ming`` of reading/data/verdicts.toml) by the casebook's step
RANK_KEY = {v: k for k, v in RANK.items()}


def _measuring(rows: list[Any]) -> tuple[str, list[Any]]:
    """The split that measures a method and its rows: blind with at least :data:`MIN_BLIND` cases, else
    holdout."""
    blind = [r for r in rows if r.case["split"] == "blind"]
    if len(blind) >= MIN_BLIND:
        return "blind", blind
    return "holdout", [r for r in rows if r.case["split"] == "holdout"]


def _commonest(values: list[str], order: tuple[str, ...]) -> tuple[str, int]:
    """The commonest of *values* (ties in *order*) and how often it occurs: the always-this baseline."""
    best = max(order, key=lambda v: (values.count(v), -order.index(v)))
    return best, values.count(best)


def _pair(agreed: int, cases: int) -> str:
    return f"[{agreed}, {cases}]"


def _verdict_lines(split: str, agreed: int, cases: int, base: tuple[str, int], what: str) -> list[str]:
    return [
        f'split = "{split}"',
        f'verdict = "{what}"',
        f"cases = {cases}",
        f"agreed = {agreed}",
        f'baseline = "{base[0]}"',
        f"baseline_agreed = {base[1]}",
    ]


def measured_text() -> str:
    """The measured file (``src/xuanheng/reading/data/measured.toml``): each method's figures on its measuring
    split, from the same judged rows as docs/accuracy.md."""
    out = [
        "# Generated by scripts/accuracy.py from the worked cases of tests/<method>/casebook/*.toml,",
        "# judged as docs/accuracy.md judges them: do not edit (`python scripts/accuracy.py --check`",
        "# fails when this file is stale).",
        f"# Per method: split, the one that measures it (blind with at least {MIN_BLIND} scored cases,",
        "# else holdout); verdict, what is compared (polarity: good / bad / mixed; rank: the 七政四餘",
        "# 上/中/下格); cases and agreed; baseline, the book's commonest verdict on those cases (a",
        "# verdict key: a polarity, or a rank of kind.ming in reading/data/verdicts.toml) and",
        "# baseline_agreed, how often answering it always would agree; then, where the method has",
        "# them, [agreed, cases] of yong_shen (六爻 用神), yong_yao (金口訣 用爻, on the cases whose",
        "# book marks it), ying_qi (the book's first 應期 among the first two given), ge_ju (七政四餘:",
        "# the 格局 the books name that fire) and xian (the stretches of life the book calls good or",
        "# bad judged the same way). Numbers only: the words are the i18n labels measured.*",
        "# (xuanheng.i18n.measured.measured_line).",
    ]

    def timed(part: list[Any]) -> list[str]:
        with_time = [r for r in part if r.ying_ok is not None]
        if not with_time:
            return []
        return [f"ying_qi = {_pair(sum(bool(r.ying_ok) for r in with_time), len(with_time))}"]

    for name, rows in (("liuyao", liuyao_rows()), ("liuren", liuren_rows()), ("jinkoujue", jinkoujue_rows())):
        split, part = _measuring(list(rows))
        base = _commonest([r.case["verdict"] for r in part], ("good", "bad", "mixed"))
        out += ["", f"[{name}]"]
        out += _verdict_lines(split, sum(r.pol_ok for r in part), len(part), base, "polarity")
        if name == "liuyao":
            out.append(f"yong_shen = {_pair(sum(r.yong_ok for r in part), len(part))}")
        if name == "jinkoujue":
            marked = [r for r in part if "yong_yao" in r.case]
            if marked:
                out.append(f"yong_yao = {_pair(sum(r.yong_ok for r in marked), len(marked))}")
        out += timed(part)
    split, qz = _measuring(qizheng_rows())
    rank, n = _commonest([r.case["rank"] for r in qz], ("上", "中", "下"))
    xs = [x for r in qz for x in r.xian]
    out += ["", "[qizheng]"]
    out += _verdict_lines(split, sum(r.rank_ok for r in qz), len(qz), (RANK_KEY[rank], n), "rank")
    out.append(f"ge_ju = {_pair(sum(len(r.ge_fired) for r in qz), sum(len(r.ge_named) for r in qz))}")
    out.append(f"xian = {_pair(sum(x.ok for x in xs), len(xs))}")
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    outputs = ((OUT, render()), (MEASURED, measured_text()))
    if "--check" in argv:
        stale = [p for p, text in outputs if not p.exists() or p.read_text(encoding="utf-8") != text]
        for p in stale:
            print(f"{p.relative_to(ROOT)} is out of date: run python scripts/accuracy.py", file=sys.stderr)
        return 1 if stale else 0
    for p, text in outputs:
        p.write_text(text, encoding="utf-8")
        print(f"wrote {p.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
