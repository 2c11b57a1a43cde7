"""The 七政四餘 judgment against 星案 (tests/qizheng/casebook/zheng.toml): 賈似道's nativity of 《星學大成》
卷二十五 and 鄭希誠's cases printed with 《張果星宗》; and the chart checks of the former blind set
(tests/qizheng/casebook/blind.toml: the short nativities of 《星學大成》卷十一–十二, 二十三 and
《星命溯源》卷四–五; measured blind once in round 6, study material since, split dev/holdout like zheng.toml).

The casebook is the oracle. Each birth is reconstructed here from the printed pillars (the era search below,
which uses the time core's pillars only), and the book's 命宮, 身宮 and 命度 mansion must be the chart's
wherever the book states them — except a case that records a ``known_difference`` with its reason (a palace
frame the engine does not offer yet), which must still differ, so that the entry is taken out when it no
longer holds. The 格局, rank and 限 polarities are measured (docs/accuracy.md, written by
scripts/accuracy.py) and held at least where they stand by floors, as the other casebooks are; issue 29's
targets are higher. ``holdout`` (every third case) is the measure on cases nothing was tuned on.

The cases of blind.toml go through the same birth search and the palaces and mansions they state are checked
on the chart alone; since they became study material their dev and holdout cases count in the floors below
with zheng.toml's. The split ``blind`` (cases never studied) now belongs to the next transcribed file, with
checks of its own; scripts/accuracy.py's ``blind`` row measures it once, and no floor holds it.
"""

from __future__ import annotations

import tomllib
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from xuanheng.core.ganzhi import BRANCHES, STEMS
from xuanheng.time import calendar

ROOT = Path(__file__).resolve().parents[2]
BOOK = Path(__file__).resolve().parent / "casebook" / "zheng.toml"
BLIND_BOOK = BOOK.with_name("blind.toml")
TZ = timezone(timedelta(hours=8))
#: the era windows of the reconstruction (the casebook's header gives the reasons)
ERA = {"星學大成": (1200, 1230), "張果星宗": (1305, 1375)}


def _cases(book: Path = BOOK) -> list[dict[str, Any]]:
    if not book.exists():
        return []
    with book.open("rb") as f:
        return list(tomllib.load(f)["case"])


CASES = _cases()
#: the former blind set: every case carries its own era window (its header gives the reasons)
BLIND = _cases(BLIND_BOOK)


@pytest.fixture(scope="module")
def rows(accuracy: Any) -> list[Any]:
    """The judged rows of the studied cases (dev and holdout of every casebook file): a file of the split
    ``blind`` (blind2.toml, transcribed after round 6) is judged only by scripts/accuracy.py's one measure,
    and its chart checks are its own test file's."""
    acc = accuracy
    return [acc.judge_qizheng(c) for c in acc.cases("qizheng") if c["split"] != "blind"]


def _ganzhi(i: int) -> str:
    return STEMS[i % 10] + BRANCHES[i % 12]


def births(pillars: list[str], first: int, last: int) -> list[str]:
    """Every birth (clock time at the middle of the hour branch, 子 at 00:30, +08:00, proleptic Gregorian) in
    the years *first*–*last* whose year, month, day and hour pillars are *pillars*. The year pillar fixes
    the years (甲子 = 1204, 1264 …); in each, the days with the day pillar come every 60 days."""
    want = tuple(pillars)
    y0 = [_ganzhi(i) for i in range(60)].index(pillars[0])
    hb = BRANCHES.index(pillars[3][1])
    hh, mm = (0, 30) if hb == 0 else (2 * hb, 0)
    out = []
    for year in range(first, last + 1):
        if (year - 1204) % 60 != y0:
            continue
        d = datetime(year, 1, 15, hh, mm, tzinfo=TZ)
        end = datetime(year + 1, 2, 20, tzinfo=TZ)
        while d < end and calendar(d).pillars.day.name != pillars[2]:
            d += timedelta(days=1)
        while d < end:
            p = calendar(d).pillars
            if (p.year.name, p.month.name, p.day.name, p.hour.name) == want:
                out.append(d.strftime("%Y-%m-%dT%H:%M"))
            d += timedelta(days=60)
    return out


def test_casebook_shape() -> None:
    assert len(CASES) >= 20
    assert len({c["id"] for c in CASES}) == len(CASES)
    for i, c in enumerate(CASES):
        assert c["split"] == ("holdout" if i % 3 == 2 else "dev"), c["id"]
        assert c["rank"] in ("上", "中", "下") and c["sex"] in ("男", "女")
        assert all(x["polarity"] in ("good", "bad", "mixed") for x in c["xian"])
        assert all(g["kind"] in ("喜", "忌") for g in c["ge_ju"])


@pytest.mark.parametrize(
    "case", [c for i, c in enumerate(CASES) if i % 4 == 0 or "era" in c] + BLIND, ids=lambda c: c["id"]
)
def test_birth_is_the_one_the_pillars_give(case: dict[str, Any]) -> None:
    """The stored birth is the only instant of the era window with the printed pillars (a sample of the
    cases here, each a second of search; every stored birth's pillars are checked below)."""
    first, last = case["era"] if "era" in case else ERA[case["book"]]
    assert births(case["pillars"], first, last) == [case["birth"]]


@pytest.mark.parametrize("case", CASES + BLIND, ids=lambda c: c["id"])
def test_birth_has_the_printed_pillars(case: dict[str, Any]) -> None:
    p = calendar(datetime.fromisoformat(case["birth"]).replace(tzinfo=TZ)).pillars
    assert [p.year.name, p.month.name, p.day.name, p.hour.name] == case["pillars"]
    first, last = case["era"] if "era" in case else ERA[case["book"]]
    assert first <= int(case["birth"][:4]) <= last


def test_ming_and_shen_as_the_book_states(rows: list[Any]) -> None:
    stated = [r for r in rows if r.ming_ok is not None or r.shen_ok is not None]
    assert len(stated) >= 13
    for r in stated:
        c = r.case
        if "known_difference" in c:
            # recorded with its reason (docs/accuracy.md lists it); it must still differ
            assert r.ming_ok is False, c["id"]
            continue
        assert r.ming_ok is not False, (c["id"], r.ming, r.ming_xiu, c.get("ming_gong"), c.get("ming_xiu"))
        assert r.shen_ok is not False, (c["id"], r.shen, c.get("shen_gong"))


def _chart_row(acc: Any, case: dict[str, Any]) -> Any:
    """A casebook row with the chart's palaces only (命宮, 身宮, the 命度's mansion, the Sun's palace): the
    chart is cast, nothing is read or judged (the chart checks of blind.toml, written while it was blind)."""
    from xuanheng.qizheng import cast
    from xuanheng.qizheng.xiu import NAMES

    lon, lat = case.get("place", acc.PLACE)
    c = cast(case["birth"], tz="+08:00", lon=lon, lat=lat, sex=case["sex"])
    return acc.QiZhengRow(
        case=case,
        ming=BRANCHES[c.ming_gong.branch],
        shen=BRANCHES[c.shen_gong.branch],
        ming_xiu=NAMES[c.ming_gong.xiu.xiu],
        sun_gong=BRANCHES[c.yao_named("日").gong],
        fired=[],
        rank="",
        xian=[],
        positions=[],
    )


STATED = ("ming_gong", "ming_xiu", "sun_in_ming", "shen_gong", "shen_is")


@pytest.mark.parametrize("case", [c for c in BLIND if any(k in c for k in STATED)], ids=lambda c: c["id"])
def test_blind_palaces_as_the_book_states(case: dict[str, Any], accuracy: Any) -> None:
    """The 命宮, 命度 mansion or 身宮 a case of blind.toml states is the chart's, or the case records why not
    (``known_difference``, which must then still differ)."""
    r = _chart_row(accuracy, case)
    if "known_difference" in case:
        assert r.ming_ok is False or r.shen_ok is False, case["id"]
        return
    c = case
    assert r.ming_ok is not False, (c["id"], r.ming, r.ming_xiu, c.get("ming_gong"), c.get("ming_xiu"))
    assert r.shen_ok is not False, (c["id"], r.shen, c.get("shen_gong"))


def test_blind_cases_shape(accuracy: Any) -> None:
    """The former blind set is split dev/holdout by the rule of zheng.toml (every third case, by position,
    holdout), has ids of its own, and every position it states names a star of the chart and a branch or a
    mansion."""
    from xuanheng.qizheng.xiu import NAMES

    assert len(BLIND) >= 20
    assert not {c["id"] for c in BLIND} & {c["id"] for c in CASES}
    assert len({c["id"] for c in BLIND}) == len(BLIND)
    for i, c in enumerate(BLIND):
        assert c["split"] == ("holdout" if i % 3 == 2 else "dev") and "era" in c, c["id"]
        assert c["rank"] in ("上", "中", "下") and c["sex"] in ("男", "女")
        assert all(x["polarity"] in ("good", "bad", "mixed") for x in c["xian"])
        assert all(g["kind"] in ("喜", "忌") for g in c["ge_ju"])
        for p in c.get("positions", ()):
            assert p.get("gong", "子") in BRANCHES and p.get("xiu", "角") in NAMES, (c["id"], p)
        assert len(accuracy.qizheng_positions(c, "jin")) == len(c.get("positions", ()))


def test_jia_sidao_palaces(rows: list[Any]) -> None:
    # 立命玄枵 (子), 安身析木 (寅): the book's own words, independent of the engine
    r = next(r for r in rows if r.case["id"] == "xa-00")
    assert (r.ming, r.shen) == ("子", "寅")


# measured (docs/accuracy.md): 格局 of the book fired dev 30/165, holdout 7/87 (before the 鄭氏 names were
# defined: 15/165, 5/87); rank dev 11/25, holdout 3/12; 限 polarity dev 49/87 (56 %), holdout 16/34 (47 %)
# since the 大限 reads its palace's lord, 曜 and harmful spirits (before: 33/87, 11/34); dev 50/87 (57 %)
# since childhood stretches are judged by the 童限's own ages (holdout unchanged); 格局 dev 77/165 (47 %),
# holdout 25/87 (29 %) with the names 《張果星宗》's 格 lists define (ge-301 …, branch qz-geju4); 格局 dev
# 79/165 (48 %), holdout 26/87 (30 %) with ge-338 … ge-354 (branch qz-geju5). Since blind.toml's cases count
# (branch qz-geju6, split dev/holdout after their one blind measure): 格局 dev 79/178 (44 %), holdout 27/94
# (29 %); rank dev 13/41 (32 %), holdout 7/20 (35 %); 限 dev 59/103 (57 %), holdout 16/38 (42 %); then with
# the spirits 孤辰 寡宿 劫殺 天狗 and ge-355 … ge-369 (branch qz-geju6): 格局 dev 85/178 (48 %), holdout 32/94
# (34 %), rank and 限 unchanged; then with the lords of 命 and 身 read as 宮主 or 度主 (〈宮度主論〉) in four
# patterns and ge-370 官福受生 (branch qz-geju7): 格局 dev 90/178 (51 %), holdout 33/94 (35 %), rank and 限
# unchanged; then the rank set by 〈宮度主論〉 where the 命主 and the 度主 are both strong or both weak: rank
# dev 15/41 (37 %), holdout 7/20 (35 %); then with nine 格局 of 《星學大成》 (ge-371 … ge-379) and a 羅–計 cut
# that lets one star slip out (卷四, branch qz-geju8): 格局 dev 94/178 (53 %), holdout 35/94 (37 %), rank and
# 限 unchanged; then with two 格局 read in the case's own second form (福祿臨財, 田財對照), ge-380 四餘在外
# and 七政連環 mapped to 計羅攔截 (branch qz-geju10): 格局 dev 99/178 (56 %), holdout 35/94 (37 %), rank and
# 限 unchanged; then 失躔 by mansion too (卷二十九): 格局 dev 100/178 (56 %), holdout 35/94; then 得經 also as
# 升殿 (case 16's gloss, branch qz-geju11): 格局 dev 101/178 (57 %), holdout 35/94; then 木月清貴 also as 木
# and the Moon in one mansion (case 37's gloss): 格局 dev 102/178 (57 %), holdout 36/94 (38 %); then ge-381
# 諸星怒地 (case 3's gloss): 格局 dev 103/178 (58 %), holdout 36/94; then the 命宮's term 9 + 命度/3 years
# (first_term = nine, 卷三〈起大限〉 in nominal ages, branch qz-xian12): 限 dev 62/103 (60 %), holdout 16/38,
# 格局, rank and 命宮 unchanged — floors just below
@pytest.mark.parametrize(
    ("split", "ge", "rank", "xian"), [("dev", 0.57, 0.34, 0.59), ("holdout", 0.37, 0.30, 0.40)]
)
def test_agreement_does_not_fall(rows: list[Any], split: str, ge: float, rank: float, xian: float) -> None:
    part = [r for r in rows if r.case["split"] == split]
    assert len(part) >= 7
    named = sum(len(r.ge_named) for r in part)
    assert sum(len(r.ge_fired) for r in part) / named >= ge
    assert sum(r.rank_ok for r in part) / len(part) >= rank
    xs = [x for r in part for x in r.xian]
    assert sum(x.ok for x in xs) / len(xs) >= xian


def test_mapped_patterns_exist(accuracy: Any) -> None:
    """A book name's ``pattern`` is an entry of patterns.toml (a rename there must update the casebook)."""
    from xuanheng.qizheng.reading import patterns

    names = {p["name"] for p in patterns()}
    for c in CASES + BLIND:
        for g in c["ge_ju"]:
            assert g.get("pattern", next(iter(names))) in names, (c["id"], g)


def test_positions_the_books_state(rows: list[Any], accuracy: Any) -> None:
    """Where the texts place a star: measured 13/23 with the default mansions (今制, the stars of date) and
    17/23 with Moira's 古制 + 歲差 list (every stated mansion but one then agrees: the books' mansions are
    the old table's); floors a little below."""
    acc = accuracy
    pos = [q for r in rows if r.case["split"] != "blind" for q in r.positions]
    assert len(pos) >= 20
    assert sum(q[1] == q[2] for q in pos) / len(pos) >= 0.5
    old = [ok for c in CASES for ok in acc.qizheng_positions(c, "gu_precessed")]
    assert sum(old) / len(old) >= 0.7


def test_xian_timing_against_the_books(accuracy: Any) -> None:
    """The ages at which the texts say the 限 enters a palace or a mansion, with the default options: the
    palaces 11/19 (8/19 with first_term = ten, the default until branch qz-xian12), the mansions 5/23 with
    the chart's mansions of date and 11/23 with Moira's 古制 + 歲差 mansions (10/23 and 14/23 with ten: the
    mansions of date are entered early whatever the first term, docs/qizheng-judgment.md "Branch
    qz-xian12"); floors a little below. The palace entries, which no mansion table moves, fall on average
    within the year of life the book names (its 歲 n: n − 1 to n full years) plus one — counted as full
    years (ten) they fall two years on."""
    import statistics

    acc = accuracy

    def rate(xiu: str, gong: bool) -> float:
        got = [
            acc._timing_ok(n, age)
            for c in CASES
            for n, name, age in acc.qizheng_timing(c, xiu)
            if (name in acc.BRANCH_NAMES) == gong
        ]
        assert len(got) >= 15
        return sum(got) / len(got)

    assert rate("jin", True) >= 0.55
    assert rate("jin", False) >= 0.2
    assert rate("gu_precessed", False) >= 0.45
    late = [
        age - (n - 1)
        for c in CASES
        for n, name, age in acc.qizheng_timing(c, "jin")
        if name in acc.BRANCH_NAMES
    ]
    assert statistics.median(late) <= 1.2  # 0.94 (1.94 with ten)
