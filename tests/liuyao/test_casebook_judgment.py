"""The 六爻 judgment against the worked cases of 《增刪卜易》, 《卜筮正宗》, 《易隱》 and 《易冒》
(tests/liuyao/casebook/).

The casebook is the oracle: each case's verdict, 用神 and 應期 are the book's, summarised by hand from the
chapter it cites (tests/liuyao/test_casebook_charts.py checks the transcription of each chart). These tests
keep docs/accuracy.md true (it is written by scripts/accuracy.py, never typed) and hold the agreement at
least where it stands, so that a change that loses cases fails; issue 27's targets are higher.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from xuanheng import liuyao
from xuanheng.liuyao.judgment import judge
from xuanheng.reading.judgment import Question

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def rows(accuracy: Any) -> list[object]:
    acc = accuracy
    return [acc.judge_liuyao(c) for c in acc.cases("liuyao")]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("split", "books", "polarity", "yong", "ying"),
    [
        # the 54 cases of 《易隱》 (yiyin.toml) and 62 of 《易冒》 (yimao.toml) lowered the dev and holdout
        # figures when added (dev 74 / 83 / 58 %, holdout 67 / 83 / 39 %); issue 27 round 5 (ly-verdict5)
        # raised them to dev 76 / 84 / 60 %, holdout 68 / 85 / 39 %. Round 6 split blind.toml (measured blind
        # once at 42/72, 53/72, 7/27) into dev/holdout, which lowered them to dev 73 / 82 / 56 %, holdout
        # 66 / 83 / 38 %; the round's rules raised them to dev 74 / 84 / 57 %, holdout 67 / 84 / 38 % (first
        # books: dev 78 / 88 / 62 %, holdout 70 / 83 / 38 %): floors are those less a small margin. The blind
        # row was blind2.toml's, measured once by round 6's judge at 57/115, 82/115, 30/81 (50 / 71 / 37 %;
        # always "good" would give 51 %). Round 7 split blind2.toml into dev/holdout, which lowered the
        # figures to dev 70 / 81 / 51 %, holdout 61 / 81 / 39 % (first books: dev 72 / 83 / 54 %, holdout
        # 61 / 79 / 40 %). Round 7's rules (ly-verdict7: weather read off what moves, 〈天時章〉; a house or a
        # grave asked for a relative) raised them to dev 73 / 84 / 55 %, holdout 66 / 84 / 42 % (first books:
        # dev 75 / 87 / 58 %, holdout 67 / 83 / 43 %). blind3.toml was measured once by round 7's judge at
        # 69/101, 72/101, 27/75 (68 / 71 / 36 %; always "good" would give 54 %); round 8 split it into
        # dev/holdout, which gave dev 72 / 82 / 51 %, holdout 66 / 82 / 42 % (first books: dev 74 / 84 / 52 %,
        # holdout 67 / 81 / 43 %). Round 8's 應期 order (ly-yingqi8) raised the 應期 to dev 140/265 (53 %),
        # holdout 57/128 (45 %) (first books: dev 54 %, holdout 46 %); round 8's verdict rules (ly-verdict8: a
        # worry about oneself settled by the preface's signs; a recent illness in a six-clash hexagram) raised
        # dev polarity to 72.8 % (first books 74.6 %), the holdout unchanged: floors are those less a small
        # margin. The blind row is blind4.toml's once it exists: its floor only keeps a later change from
        # losing there. Round 9 (ly-verdict9: the lone moving line, 獨發, and the lone still line, 獨靜, name
        # the second 應期) raised the 應期 to dev 155/265 (58 %), holdout 67/128 (52 %) (first books: dev
        # 129/221, 58 %, holdout 56/107, 52 %), and 沖空則實 prevailing over 到底空 dev polarity to 282/389
        # (72.5 %); the holdout's polarity and every 用神 unchanged. Round 10 (ly-verdict10: the day's 合
        # of a still 用神 stated, not weighed; 沖變沖 settling bad) raised polarity to dev 286/389 (73.5 %),
        # holdout 130/190 (68.4 %) (first books: dev 235/311, 75.6 %, holdout 105/152, 69.1 %); 應期
        # holdout 67 → 66. Round 10b (ly-yingqi10: a still 用神 the day stirs, 暗動, timed by its own
        # branch before its 合; a void 用神 judged bad timed by its clash second, 沖空則實) raised the dev
        # 應期 to 157/265 (59.2 %; first books 130 → 131/221, 59.3 %); the rest unchanged. Round 11
        # (ly-verdict11: the 世 turning into the missing 財 that feeds it back is read, 〈旬空章〉)
        # raised dev polarity to 287/389 (73.8 %) and 用神 to 321/389 (82.5 %) (first books: dev
        # 236/311, 75.9 %, and 261/311, 83.9 %); the holdout unchanged.
        ("dev", "all", 0.73, 0.81, 0.58),
        ("holdout", "all", 0.66, 0.80, 0.50),
        ("dev", "first", 0.75, 0.83, 0.58),
        ("holdout", "first", 0.67, 0.79, 0.50),
        # blind4.toml, measured once by round 8's judge: 36/63, 51/63, 14/31 (57 / 81 / 45 %; always "bad"
        # would give 52 %, always "good" 41 %)
        ("blind", "all", 0.54, 0.77, 0.40),
    ],
)  # "first": the cases of 《增刪卜易》 and 《卜筮正宗》 alone (not accuracy.LIUYAO_OTHER_BOOKS, added later)
def test_agreement_does_not_fall(
    rows: list[object], accuracy: Any, split: str, books: str, polarity: float, yong: float, ying: float
) -> None:
    """Verdict polarity, 用神 and 應期 (the book's first time among the first two given, over the cases
    that state one) stay at least where they stand, less a small margin."""
    part = [r for r in rows if r.case["split"] == split]  # type: ignore[attr-defined]
    if split == "blind" and not part:
        pytest.skip("no blind casebook yet (blind4.toml)")
    if books == "first":
        part = [r for r in part if r.case["book"] not in accuracy.LIUYAO_OTHER_BOOKS]  # type: ignore[attr-defined]
    assert len(part) >= (20 if split == "blind" else 50)  # the blind file may be smaller than a split
    assert sum(r.pol_ok for r in part) / len(part) >= polarity  # type: ignore[attr-defined]
    assert sum(r.yong_ok for r in part) / len(part) >= yong  # type: ignore[attr-defined]
    timed = [r for r in part if r.ying_ok is not None]  # type: ignore[attr-defined]
    assert len(timed) >= (10 if split == "blind" else 25)
    assert sum(bool(r.ying_ok) for r in timed) / len(timed) >= ying  # type: ignore[attr-defined]


def test_one_line_never_carries_two_contrary_states() -> None:
    """A step list never says both 暗動 and 日破, both 回頭生 and 回頭剋, both 有救 and 無救."""
    contrary = [
        ("day.an_dong", "day.ri_po"),
        ("hua.sheng", "hua.ke"),
        ("weigh.rescue", "weigh.no_rescue"),
        ("weigh.root", "weigh.no_rescue"),
        ("weigh.rescue", "weigh.no_root"),
        ("hua.gui", "hua.guan"),
        ("kong.jia", "kong.zhen"),
        ("kong.zhen", "bing.kong_jin"),
        ("worry.lifted", "worry.harm"),
    ]
    for values in ("988776", "878798", "768878", "887868", "999999", "666666", "789678", "967869"):
        for day in ("甲子", "乙丑", "丙寅", "丁卯", "戊辰", "己巳", "庚午", "辛未", "壬申", "癸酉"):
            for month in "子寅辰午申戌":
                c = liuyao.cast(day=day, month=month, lines=values)
                for topic in (None, "財", "病", "憂疑"):
                    j = judge(c, Question(topic))
                    keys = {s.key for s in j.steps}
                    # a verdict settles what conflicts: a mixed one says that neither side prevails, or
                    # that one comes first and the other after (weigh.two_phase, weigh.two_phase_shi)
                    if j.verdict.word.polarity == "mixed":
                        said = {"weigh.even", "weigh.two_phase", "weigh.two_phase_shi"}
                        assert keys & said, (values, day, month, topic)
                    for a, b in contrary:
                        assert not (a in keys and b in keys), (values, day, month, topic, a, b)
