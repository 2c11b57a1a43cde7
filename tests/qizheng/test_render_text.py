"""The terminal view of a 七政四餘 life for a date: under the 大限 of the life, the 限 running on that date —
大限, 小限, 流年 and 流月 — each with its palace, the palaces derived in the test from the rules
(:mod:`xian_by_rule`), not from xuanheng's 限 code; without a date, none of those lines."""

from __future__ import annotations

import sys
from datetime import datetime
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from xian_by_rule import marks_by_rule

from xuanheng.frontend import cast_params
from xuanheng.i18n import label
from xuanheng.qizheng.method import METHOD
from xuanheng.qizheng.render_text import render_text

PLACE = {"lon": 116.4, "lat": 39.9}
CASES = [
    ("1983-10-27T10:30", "2020-05-20"),
    ("2000-05-05T08:00", "2031-07-20"),
    ("2010-03-30T06:00", "2012-09-20"),
]
KINDS = ("da_xian", "xiao_xian", "liu_nian", "liu_yue")


def _doc(at: str, on: str | None, lang: str) -> dict:
    given = {"at": at, "tz": "UTC", **PLACE, "sex": "男", **({"on": on} if on else {})}
    return METHOD.document(cast_params(METHOD, given), lang)


@pytest.mark.parametrize(("at", "on"), CASES)
@pytest.mark.parametrize("lang", ["zh-Hant", "ko", "en"])
def test_the_xian_of_the_date_name_their_palaces(at: str, on: str, lang: str) -> None:
    doc = _doc(at, on, lang)
    want = marks_by_rule(doc, datetime.fromisoformat(doc["inputs"]["on"]))
    lines = render_text(doc, lang).splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith(label("qizheng.on", lang)))
    block = lines[head + 1 : head + 8]
    for kind in KINDS:
        name = label(f"qizheng.{kind}", lang)
        (line,) = [ln for ln in block if ln.strip().startswith(name + "  ")]
        # the palace: its 人事 name then its branch
        words = line.split()
        assert want[kind] in words, (kind, line)
        gong = words[words.index(want[kind]) - 1]
        assert gong in {g["name"] for g in doc["gong"] if g["branch"] == want[kind]}, (kind, line)
    # in the order of the 限: the 大限 first, the 流月 last of the four
    order = [
        next(i for i, ln in enumerate(block) if ln.strip().startswith(label(f"qizheng.{k}", lang)))
        for k in KINDS
    ]
    assert order == sorted(order)


#: how the palace table names each 限: the Korean word in Korean, the classical name otherwise
SHORT = {
    "ko": {"da_xian": "대한", "xiao_xian": "소한", "liu_nian": "유년", "liu_yue": "유월"},
    "zh-Hant": {"da_xian": "大限", "xiao_xian": "小限", "liu_nian": "流年", "liu_yue": "流月"},
}
SHORT["en"] = SHORT["zh-Hant"]


@pytest.mark.parametrize(("at", "on"), CASES)
@pytest.mark.parametrize("lang", ["zh-Hant", "ko", "en"])
def test_the_palace_table_names_the_xian_on_each_palace(at: str, on: str, lang: str) -> None:
    doc = _doc(at, on, lang)
    want = marks_by_rule(doc, datetime.fromisoformat(doc["inputs"]["on"]))
    lines = render_text(doc, lang).splitlines()
    head = next(i for i, ln in enumerate(lines) if ln.startswith(label("qizheng.gong", lang) + " "))
    assert label("qizheng.on", lang) in lines[head]
    rows = {ln.split()[1]: ln for ln in lines[head + 1 : head + 13]}
    assert sorted(rows) == sorted("子丑寅卯辰巳午未申酉戌亥")
    for branch, row in rows.items():
        here = [k for k in KINDS if want[k] == branch]
        names = [n for k, n in SHORT[lang].items() if n in row.split()]
        assert names == [SHORT[lang][k] for k in here], (branch, row)


def test_no_xian_of_a_date_without_one() -> None:
    text = render_text(_doc("1983-10-27T10:30", None, "zh-Hant"), "zh-Hant")
    assert label("qizheng.on", "zh-Hant") not in text  # neither the lines of the date nor its column
    for kind in ("xiao_xian", "liu_nian", "liu_yue"):
        assert not any(
            ln.strip().startswith(label(f"qizheng.{kind}", "zh-Hant") + "  ") for ln in text.splitlines()
        )
