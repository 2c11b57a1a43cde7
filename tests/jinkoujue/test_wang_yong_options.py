"""The 金口訣 options of issue 28 item 6: ``wang_rule = "most"`` (the 四位 旺 element counted) and
``yong_yao = "chun"`` (the 用爻 of an all-yin or all-yang 課). Each rule is re-stated here from its
statement, on element names and position yin/yang, with no code of the package; the defaults stay as they
were.
"""

from __future__ import annotations

from itertools import product

import pytest

from xuanheng.core.ganzhi import ELEMENTS, SIXTY
from xuanheng.jinkoujue import cast
from xuanheng.jinkoujue.wangshuai import most_wang

WX = "木火土金水"
#: 生 and 剋 written out as pairs of names (木生火 …, 木剋土 …)
SHENG = {("木", "火"), ("火", "土"), ("土", "金"), ("金", "水"), ("水", "木")}
KE = {("木", "土"), ("土", "水"), ("水", "火"), ("火", "金"), ("金", "木")}
KEYS = ("ren_yuan", "gui_shen", "jiang_shen", "di_fen")


def counted(four: tuple[str, ...]) -> str:
    """The 旺 element by counting (the option's statement in docs/jinkoujue.md), on names."""
    n = {e: four.count(e) for e in set(four)}
    if len(n) == 1 or max(n.values()) >= 3:
        return max(n, key=lambda e: n[e])
    if len(n) == 4:
        (absent,) = set(WX) - set(n)
        return next(e for e in n if (absent, e) in KE)
    if len(n) == 2:
        a, b = n
        if n[a] != n[b]:
            return a if n[a] > n[b] else b
        if (a, b) in KE or (b, a) in KE:
            return a if (a, b) in KE else b
        return b if (a, b) in SHENG else a
    (pair,) = [e for e in n if n[e] == 2]
    single = [e for e in n if e != pair]
    if any((pair, s) in KE for s in single):
        return pair
    over = [s for s in single if (s, pair) in KE]
    if over:
        return over[0]
    return next(s for s in single if any((s, o) in KE for o in single))


def test_counted_over_every_four_elements() -> None:
    for four in product(WX, repeat=4):
        idx = [WX.index(e) for e in four]
        assert ELEMENTS[most_wang(idx, rule="most")] == counted(four), four


@pytest.mark.parametrize(
    ("four", "free", "most"),
    [
        # jm-01 (《金口預言》): 乙木 朱雀火 寅木 未土 — 木 doubled and it overcomes 土: the book's 木
        (("木", "火", "木", "土"), "火", "木"),
        # jm-02 (《我的金口訣預測入門書》): 戊土 玄武水 酉金 子水 — 水 doubled overcomes nothing present,
        # and 土 overcomes it
        (("土", "水", "金", "水"), "金", "土"),
        # just missing a change: three 金 and a 木 — both rules take 金
        (("金", "金", "木", "金"), "金", "金"),
    ],
)
def test_wang_rule_examples(four: tuple[str, ...], free: str, most: str) -> None:
    idx = [WX.index(e) for e in four]
    assert ELEMENTS[most_wang(idx)] == free
    assert ELEMENTS[most_wang(idx, rule="most")] == most == counted(four)


def test_wang_rule_on_a_chart() -> None:
    # jm-02's cast: 丙午日 亥時, 月將 申, 地分 子, night, 天后 on 亥
    kw = dict(day="丙午", hour="亥", month_branch="巳", year="戊子", yue_jiang="申", is_day=False, difen="子")
    plain = cast(**kw, options={"tianhou_home": "hai"})  # type: ignore[arg-type]
    most = cast(**kw, options={"tianhou_home": "hai", "wang_rule": "most"})  # type: ignore[arg-type]
    assert [ELEMENTS[getattr(plain, k).element] for k in KEYS] == ["土", "水", "金", "水"]
    assert ELEMENTS[plain.wang_element] == "金" and ELEMENTS[most.wang_element] == "土"
    assert most.ren_yuan.wang_shuai.si_wei == "旺" and most.jiang_shen.wang_shuai.si_wei == "相"


def _charts() -> list[object]:
    out = []
    for d in SIXTY[::7]:
        for hour in range(12):
            for df in range(12):
                out.append((d.name, hour, "子丑寅卯辰巳午未申酉戌亥"[df]))
    return out


@pytest.mark.parametrize("is_day", [True, False])
def test_yong_yao_chun_by_its_statement(is_day: bool) -> None:
    """chun: the lone yin or yang position; two and two: the 將神; all yin: the 人元; all yang: the 貴神."""
    seen = set()
    for day, hour, df in _charts():
        kw = dict(day=day, hour=hour, month_branch="寅", year="丙午", yue_jiang="亥", is_day=is_day, difen=df)
        a = cast(**kw)  # type: ignore[arg-type]
        b = cast(**kw, options={"yong_yao": "chun"})  # type: ignore[arg-type]
        yin = [k for k in KEYS if getattr(a, k).yin]
        if len(yin) == 1:
            want = yin[0]
        elif len(yin) == 3:
            want = next(k for k in KEYS if k not in yin)
        elif len(yin) == 4:
            want = "ren_yuan"
        elif not yin:
            want = "gui_shen"
        else:
            want = "jiang_shen"
        assert b.yong_yao == want, (day, hour, df, yin)
        if len(yin) not in (0, 4):
            assert a.yong_yao == b.yong_yao  # just missing: the options differ only on 純陰 / 純陽
        else:
            assert a.yong_yao == "jiang_shen" != b.yong_yao
        seen.add(len(yin))
    assert {0, 4} <= seen


def test_defaults_unchanged() -> None:
    kw = dict(day="辛丑", hour="申", month_branch="卯", year="壬午", yue_jiang="戌", is_day=True, difen="子")
    a = cast(**kw)  # type: ignore[arg-type]
    b = cast(**kw, options={"wang_rule": "free", "yong_yao": "yin_yang"})  # type: ignore[arg-type]
    assert a.to_json() == b.to_json()
