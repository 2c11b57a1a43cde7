"""The classical worked examples of the 九宗門, each with its book and chapter.

Expected values are the books' own 三傳 (and, where the book states it, the 天將 of 發用), never output
of the code under test.
"""

from __future__ import annotations

import pytest

from xuanheng.core.ganzhi import BRANCHES
from xuanheng.core.guiren import TIAN_JIANG
from xuanheng.liuren import cast


def chuan(chart: object) -> str:
    return "".join(BRANCHES[c.branch] for c in chart.san_chuan)  # type: ignore[attr-defined]


CASES = [
    # (day, 月將, 時, 三傳, 九宗門, sub, source)
    (
        "丁卯",
        "亥",
        "丑",
        "亥酉未",
        "涉害",
        "涉害",
        "《六壬大全》卷七〈課經集〉〈涉害〉: 亥加丑 deeper than 丑加卯",
    ),
    (
        "庚子",
        "申",
        "戌",
        "午辰寅",
        "涉害",
        "涉害",
        "《六壬大全》卷七〈課經集〉〈訂訛〉: 午加庚 deeper than 戌加子",
    ),
    (
        "戊辰",
        "丑",
        "午",
        "子未寅",
        "涉害",
        "綴瑕",
        "《六壬大全》卷七〈課經集〉〈綴瑕〉 commentary: 戊辰日 干上子",
    ),
    (
        "庚申",
        "亥",
        "子",
        "酉未未",
        "八專",
        "八專",
        "《六壬大全》卷五〈八專課〉: 陽日 three forward from 干上",
    ),
    ("丁卯", "未", "未", "卯子午", "伏吟", "自信", "《六壬大全》卷五〈伏吟課〉: 陰日 支上, 子卯 末 the 沖"),
]


@pytest.mark.parametrize(("day", "yj", "hour", "expect", "method", "sub", "src"), CASES)
def test_classical_case(day: str, yj: str, hour: str, expect: str, method: str, sub: str, src: str) -> None:
    c = cast(day=day, yue_jiang=yj, hour=hour)
    assert chuan(c) == expect, src
    assert c.method == method, src
    assert c.sub_method == sub, src


def test_dingmao_zhuque_fayong() -> None:
    """《課經》〈涉害〉 example (正月 丁卯日 丑時 亥將): 朱雀 發用.

    The night 貴人 of 丁 is 酉, standing on 地盤 亥, so laid forward."""
    c = cast(day="丁卯", yue_jiang="亥", hour="丑")
    assert TIAN_JIANG[c.san_chuan[0].tian_jiang] == "朱雀"
    assert BRANCHES[c.gui_ren.branch] == "酉" and c.gui_ren.direction == "shun"


def test_gengzi_jianji_in_mengzhongji_school() -> None:
    """《課經》〈見機〉 names 四月 庚子日 戌時 申將 as 見機: 午 on 申 (孟) — the 孟仲季 school."""
    c = cast(day="庚子", yue_jiang="申", hour="戌", shehai="mengzhongji")
    assert chuan(c) == "午辰寅" and c.sub_method == "見機"


def test_dingmao_differs_between_schools() -> None:
    """Depth gives 亥 (五重) where the 孟仲季 school, ignoring depth, takes 丑 on 仲 卯 (察微)."""
    assert chuan(cast(day="丁卯", yue_jiang="亥", hour="丑", shehai="mengzhongji")) == "丑亥酉"


def test_fuyin_zimao_option() -> None:
    """The other reading of 子卯 in 伏吟 keeps the 刑: 卯子卯."""
    assert chuan(cast(day="丁卯", yue_jiang="未", hour="未", fuyin_zimao="xing")) == "卯子卯"


def test_bazhuan_after_yaoke_option() -> None:
    """With 遙剋 tried first, 庚申日 亥將子時 has 午 (火) overcoming 庚 from afar: 蒿矢 午巳辰."""
    c = cast(day="庚申", yue_jiang="亥", hour="子", bazhuan_first=False)
    assert (chuan(c), c.method, c.sub_method) == ("午巳辰", "遙剋", "蒿矢")


def test_bieze_example_cunyan() -> None:
    """《六壬存驗》〈別責課〉: 丁酉日 癸卯時 丑將 — 陰日 takes the 三合 前辰 of 酉, i.e. 丑; 中末 干上 巳."""
    c = cast(day="丁酉", yue_jiang="丑", hour="卯")
    assert (chuan(c), c.method) == ("丑巳巳", "別責")
    assert [BRANCHES[k.upper] for k in c.si_ke] == ["巳", "卯", "未", "巳"]
    assert TIAN_JIANG[c.san_chuan[0].tian_jiang] == "朱雀"  # the book: 太陽 發用 乘 朱雀


def test_fanyin_jinglan() -> None:
    """《六壬大全》卷五〈返吟課〉 無剋 (井欄射): 丁丑 日 — 初 驛馬 亥, 中 支上 未, 末 干上 丑."""
    c = cast(day="丁丑", yue_jiang="子", hour="午")
    assert (chuan(c), c.method, c.sub_method) == ("亥未丑", "返吟", "井欄射")


def test_fuyin_with_ke_yi_day() -> None:
    """乙 days of 伏吟 have 辰 over 乙 (下賊上): 初 辰 (自刑), 中 the 支上, 末 its 刑 — 乙卯: 辰卯子."""
    assert chuan(cast(day="乙卯", yue_jiang="子", hour="子")) == "辰卯子"


def test_first_ke_lower_is_stem() -> None:
    c = cast(day="丁卯", yue_jiang="亥", hour="丑")
    js = c.to_json()
    assert js["si_ke"][0]["lower"] == "丁"
    assert [k["upper"] for k in js["si_ke"]] == ["巳", "卯", "丑", "亥"]
    assert js["tian_pan"]["丑"] == "亥"
