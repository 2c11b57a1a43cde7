"""官福受生 (ge-370): the lords of the 官祿 and of the 福德 each meet, in their own palace, a 曜 whose element
generates theirs — 〈入門看法〉「生」 (《張果星宗》卷一: the 官福 stars want another star to come and generate
them), read by meeting in one palace as the reading's other 相生 names are.

The element of each 曜 and the generating order are written here from the statements (the five planets their
own element; 日 火, 月 水, 炁 木, 羅 火, 孛 水, 計 土: 《星學大成》卷二十三 and 卷八; 木→火→土→金→水→木), not
read from the code under test.
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.qizheng.test_reading_families import chart, fired

ELEMENT = {
    "木": "木", "火": "火", "土": "土", "金": "金", "水": "水",
    "日": "火", "月": "水", "炁": "木", "羅": "火", "孛": "水", "計": "土",
}  # fmt: skip
ORDER = "木火土金水"


def generates(a: str, b: str) -> bool:
    return (ORDER.index(ELEMENT[b]) - ORDER.index(ELEMENT[a])) % 5 == 1


def holds(c: Any) -> bool:
    """The statement re-derived on a built chart with 命 戌: the 官祿 is 丑 and the 福德 子, both ruled by 土
    (〈入門看法〉「宮」: 子丑 土), so the one lord 土 must meet a 曜 that generates it."""
    at = {y.name: y.gong for y in c.yao}
    here = [y for y, b in at.items() if b == at["土"] and y != "土"]
    return any(generates(y, "土") for y in here)


@pytest.mark.parametrize(
    ("on", "off"),
    [
        # 火 (火 生 土) beside 土 in 子; the near misses: 金 there instead (土 生 金: the other way), or 火
        # one palace on
        ({"at": {"火": "子"}}, {"at": {"金": "子"}}),
        ({"at": {"火": "子"}}, {"at": {"火": "亥"}}),
        # 羅 counts as fire, 日 too
        ({"at": {"羅": "子"}}, {"at": {"羅": "丑"}}),
        ({"at": {"日": "子"}}, {"at": {"孛": "子"}}),
    ],
)
def test_guan_fu_shou_sheng(on: dict[str, Any], off: dict[str, Any]) -> None:
    c_on, c_off = chart(**on), chart(**off)
    assert holds(c_on) and not holds(c_off)
    assert fired(c_on, "ge-370")
    assert not fired(c_off, "ge-370")
