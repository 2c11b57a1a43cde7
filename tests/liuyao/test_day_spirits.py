"""The day's 驛馬, 祿神 and 羊刃 on the 六爻 chart (issue 27, item 8), re-derived from their statements:

* 驛馬 — the branch that clashes the 長生 of the day branch's 三合 frame (申子辰 → 寅 …);
* 祿神 — the 臨官 of the day stem (甲 寅, 乙 卯, 丙戊 巳, 丁己 午, 庚 申, 辛 酉, 壬 亥, 癸 子);
* 羊刃 — the branch after the 祿 (《六壬大全》卷一〈神煞〉; 《增刪卜易》〈星煞章〉);

marked on the lines whose 納甲 branch is that branch, and drawn there (馬 祿 刃) in the text and SVG views.
"""

from __future__ import annotations

from xuanheng import liuyao
from xuanheng.liuyao import METHOD

B = "子丑寅卯辰巳午未申酉戌亥"
S = "甲乙丙丁戊己庚辛壬癸"
#: 臨官 by stem: the yang stems walk forward from their 長生 (甲 亥 → 寅), the yin ones backward (乙 午 → 卯);
#: 戊 goes with 丙 and 己 with 丁
LIN_GUAN = {
    "甲": "寅",
    "乙": "卯",
    "丙": "巳",
    "丁": "午",
    "戊": "巳",
    "己": "午",
    "庚": "申",
    "辛": "酉",
    "壬": "亥",
    "癸": "子",
}
FRAMES = ("申子辰", "亥卯未", "寅午戌", "巳酉丑")


def _ma(day_branch: str) -> str:
    frame = next(f for f in FRAMES if day_branch in f)
    return B[(B.index(frame[0]) + 6) % 12]


def test_day_spirits_on_every_day() -> None:
    for i in range(60):
        day = S[i % 10] + B[i % 12]
        c = liuyao.cast(day=day, month="寅", lines="787878")
        got = {m.name: (B[m.branch], m.positions) for m in c.marks if m.name in ("驛馬", "祿神", "羊刃")}
        lu = LIN_GUAN[day[0]]
        want = {"驛馬": _ma(day[1]), "祿神": lu, "羊刃": B[(B.index(lu) + 1) % 12]}
        for name, branch in want.items():
            assert got[name][0] == branch, (day, name)
            assert got[name][1] == tuple(ln.yao.position for ln in c.lines if B[ln.yao.branch] == branch)


def test_day_spirits_are_drawn_on_their_lines() -> None:
    # 既濟 (離 below, 坎 above): 卯 on the 初爻 … on a 甲 day the 羊刃 is 卯
    doc = METHOD.document(METHOD.make_params({"day": "甲子", "month": "寅", "lines": "787878"}), "zh-Hant")
    ren = next(m for m in doc["marks"] if m["name"] == "羊刃")
    assert ren["branch"] == "卯" and ren["positions"]
    text = METHOD.views["text"](doc, "zh-Hant")
    row = next(ln for ln in text.splitlines() if ln.startswith("初  "))
    assert "刃" in row
    assert "刃" in METHOD.views["svg"](doc, "zh-Hant")
