"""The 用神 of a question: its 六親 by topic, the line taken when it shows twice, the 伏神 when it is missing,
its 原神 / 忌神 / 仇神 — each re-derived here from the rule statements, not from the code under test."""

from __future__ import annotations

import random
from typing import Any

import pytest

from xuanheng import liuyao
from xuanheng.core.ganzhi import BRANCH_ELEMENT, BRANCHES, SIXTY
from xuanheng.liuyao.chart import Line, LiuYaoChart
from xuanheng.liuyao.reading import reading, yong_shen

#: 《增刪卜易》〈用神章〉 and 〈天時章〉, 《卜筮正宗》〈黃金策〉, as stated (written out by hand here)
BOOK = {
    "財": "妻財",
    "交易": "妻財",
    "失物": "妻財",
    "農": "妻財",
    "蠶桑": "妻財",
    "婦女": "妻財",
    "器物": "妻財",
    "婚": "妻財",
    "官": "官鬼",
    "盜": "官鬼",
    "捕捉": "官鬼",
    "鬼神": "官鬼",
    "怪異": "官鬼",
    "家宅": "父母",
    "文書": "父母",
    "科舉": "官鬼",
    "尊長": "父母",
    "父母": "父母",  # the topic names the people: 〈用神章〉
    "兄弟": "兄弟",
    "地理": "父母",
    "天時": "父母",
    "雨": "父母",
    "晴": "子孫",
    "孕": "子孫",
    "六畜": "子孫",
    "僧道": "子孫",
    "喜慶": "子孫",
    "憂疑": "世",  # 《易隱》〈脫禍占〉 and the 千金賦 official: the worried asker himself (子孫 lifts it)
    "病": "世",
    "訟": "世",
    "行人": "應",
    "逃亡": "應",
    None: "世",
    "出行": "世",
    "命": "世",
}
LIU_QIN = ("兄弟", "子孫", "妻財", "官鬼", "父母")  # by (element − palace element) mod 5


def qin_of(palace_element: int, element: int) -> str:
    return LIU_QIN[(element - palace_element) % 5]


def charts(n: int = 300) -> list[LiuYaoChart]:
    rnd = random.Random(11)
    return [
        liuyao.cast(
            day=SIXTY[rnd.randrange(60)].name,
            month=BRANCHES[rnd.randrange(12)],
            lines="".join(rnd.choice("67778889") for _ in range(6)),
        )
        for _ in range(n)
    ]


def rank(ln: Line) -> tuple[int, ...]:
    """兩現 (second implementation, as the cases of 《增刪卜易》 take it): the moving line (or one the day
    stirs, 暗動) first, then the void one, the 世 line, the 應 line, the upper line."""
    s = ln.state
    return (not (ln.moving or ln.an_dong), not s.kong, not ln.yao.shi, not ln.yao.ying, -ln.yao.position)


def rank_gufa(ln: Line) -> tuple[int, ...]:
    """兩現 by the old order the chapter quotes: moving before still, 旺相 before 休囚, not 月破, not 空, the
    世/應 line, then the lower line."""
    s = ln.state
    return (
        not ln.moving,
        not s.you_qi,
        s.yue_po,
        s.kong,
        not (ln.yao.shi or ln.yao.ying),
        ln.yao.position,
    )


def test_two_shown_orders() -> None:
    """Both orders of 兩現, each against its statement; they differ on some charts."""
    differ = 0
    for c in charts(300):
        lines = [ln for ln in c.lines if ln.yao.liu_qin == "妻財"]
        if len(lines) < 2:
            continue
        a = yong_shen(c, "財").position
        b = yong_shen(c, "財", liang_xian="gufa").position
        assert a == min(lines, key=rank).yao.position
        assert b == min(lines, key=rank_gufa).yao.position
        differ += a != b
    assert differ > 0


def test_about_a_relative_reads_his_liu_qin() -> None:
    """《增刪卜易》〈用神章〉: a question about a parent's illness reads 父母, about a child 子孫, a husband
    官鬼, someone else the 應 line; a question about money keeps 妻財 whoever it is about."""
    c = charts(1)[0]
    want = {
        "父母": "父母",
        "兄弟": "兄弟",
        "朋友": "兄弟",
        "妻": "妻財",
        "夫": "官鬼",
        "子女": "子孫",
        "他人": "應",
    }
    for about, key in want.items():
        assert yong_shen(c, "病", about=about).key == key
        assert yong_shen(c, None, about=about).key == key
        assert yong_shen(c, "財", about=about).key == "妻財"
    assert yong_shen(c, "病").key == "世"


#: 《增刪卜易》〈天時章〉: the 六親 read first when a line of them moves (or the day stirs it), and the 六親
#: a moving line may turn into instead, by weather topic
WEATHER = {"晴": (("子孫", "妻財"), "子孫"), "雨": (("父母",), "父母"), "天時": (("父母",), "父母")}
#: … and, for 晴, the 六親 of a lone moving line (獨發) read when neither holds: cloud and mist
ALONE = {"晴": ("兄弟", "官鬼")}


def _weather_moved(c: Any, topic: str | None) -> list[Any]:
    """The lines 〈天時章〉 reads for a weather *topic* because they move: of the first of its 六親 with a
    moving or stirred line, those lines; else the lines moving into its 六親; else none."""
    if topic not in WEATHER:
        return []
    first, into = WEATHER[topic]
    for qin in first:
        # moving, stirred by the day (暗動), or void and clashed by the day (沖空則實)
        lines = [
            ln
            for ln in c.lines
            if (ln.moving or ln.an_dong or (ln.state.kong and ln.state.ri_chong)) and ln.yao.liu_qin == qin
        ]
        if lines:
            return lines
    lines = [
        ln
        for ln in c.lines
        if ln.moving and ln.bian is not None and ln.bian.liu_qin == into and ln.yao.liu_qin != into
    ]
    movers = [ln for ln in c.lines if ln.moving]
    if not lines and len(movers) == 1 and movers[0].yao.liu_qin in ALONE.get(topic, ()):
        return movers
    return lines


@pytest.mark.parametrize("topic", list(BOOK))
def test_yong_shen_by_topic(topic: str | None) -> None:
    for c in charts(40):
        ys = yong_shen(c, topic)
        want = BOOK[topic]
        shi = c.lines[c.ben.shi - 1]
        if topic == "科舉" and shi.yao.liu_qin in ("官鬼", "父母"):
            want = "世"  # the examination cases read the 世 when it holds the 名 or the 文章
        to_guan = shi.bian is not None and shi.bian.liu_qin == "官鬼"
        # 世化官 (卷三〈功名到何品級章〉): the 世 turning into an office no 官鬼 line shows is read
        if topic in ("官", "科舉") and to_guan and shi.bian is not None:
            shown = any(ln.yao.liu_qin == "官鬼" and ln.yao.branch == shi.bian.branch for ln in c.lines)
            want = want if shown else "世"
        pe = c.ben.palace_element
        moved = _weather_moved(c, topic)
        if moved:
            # 〈天時章〉: the weather is read off the line that moves (or turns into the weather's 六親)
            assert ys.position in {ln.yao.position for ln in moved}
            ln = c.lines[(ys.position or 0) - 1]
            assert ys.key == ys.liu_qin == ln.yao.liu_qin
            assert ys.yuan == qin_of(pe, (ln.yao.element - 1) % 5)
            continue
        assert ys.key == want
        if want in ("世", "應"):
            ln = c.lines[(c.ben.shi if want == "世" else c.ben.ying) - 1]
            assert ys.position == ln.yao.position and ys.liu_qin == ln.yao.liu_qin
            el = ln.yao.element
        else:
            lines = [ln for ln in c.lines if ln.yao.liu_qin == want]
            if lines:
                best = min(lines, key=rank)
                assert ys.position == best.yao.position
                assert ys.fu is None
                el = best.yao.element
            else:
                hidden = [ln for ln in c.lines if ln.fu_shen is not None and ln.fu_shen.liu_qin == want]
                assert len(hidden) == 1
                assert ys.position is None and ys.under == hidden[0].yao.position
                assert ys.fu == hidden[0].fu_shen
                el = hidden[0].fu_shen.element
        # 原神 generates it, 忌神 overcomes it, 仇神 overcomes the 原神
        assert ys.yuan == qin_of(pe, (el - 1) % 5)
        assert ys.ji == qin_of(pe, (el - 2) % 5)
        assert ys.chou == qin_of(pe, (el - 3) % 5)


def test_options_choose_the_yong_shen() -> None:
    c = charts(1)[0]
    assert yong_shen(c, "婚", sex="female").key == "官鬼"
    assert yong_shen(c, "晴", qing_yong="qi_cai").key == "妻財"
    for key in ("父母", "兄弟", "官鬼", "妻財", "子孫", "世", "應"):
        assert yong_shen(c, "財", yong_shen=key).key == key


def test_roles_group_the_reading() -> None:
    """Rules about the 用神's line are grouped 用神, about a 原神 line 原神 …; the 用神 group comes first."""
    seen = set()
    for c in charts(120):
        ys = yong_shen(c, "財")
        rs = reading(c, "財")
        ranks = {"用神": 0, "原神": 1, "忌神": 2, "仇神": 3, "卦": 4}
        own = [r for r in rs if "財" in r.topics]
        assert [ranks[r.extra["group"]] for r in own] == sorted(ranks[r.extra["group"]] for r in own)
        for r in rs:
            g = r.extra["group"]
            seen.add(g)
            if g == "原神":
                qins = {c.lines[p - 1].yao.liu_qin for p in r.extra["lines"]}
                assert ys.yuan in qins
    assert seen >= {"用神", "原神", "忌神", "卦"}


def test_ri_chen_rules_follow_the_day_and_the_yong_shen() -> None:
    """004-001 (the day overcomes the 用神) and 004-002 (generates or combines) re-derived for every day."""
    c0 = liuyao.cast(day="甲子", month="寅", lines="777777")
    for gz in SIXTY:
        c = liuyao.cast(day=gz.name, month="寅", lines="777777")
        ys = yong_shen(c, "財")
        de = BRANCH_ELEMENT[gz.branch]
        ids = {r.id for r in reading(c, "財")}
        assert ("004-001" in ids) == ((ys.element - de) % 5 == 2)
        combine = {0: 1, 2: 11, 3: 10, 4: 9, 5: 8, 6: 7}
        combine |= {v: k for k, v in combine.items()}
        assert ("004-002" in ids) == ((ys.element - de) % 5 == 1 or combine[gz.branch] == ys.branch)
    assert c0.ben.name == "乾"


def test_hidden_yong_shen_rules() -> None:
    """With the 用神 missing, the 伏神 rules read the 飛伏 relation of the chart (《增刪卜易》〈伏神章〉)."""
    names = {
        "飛生伏": "yong.fu.fei_sheng_fu",
        "伏生飛": "yong.fu.fu_sheng_fei",
        "飛剋伏": "yong.fu.fei_ke_fu",
    }
    names["伏剋飛"] = "yong.fu.fu_ke_fei"
    seen = set()
    for c in charts(300):
        for topic in ("財", "官", "孕", "家宅"):
            ys = yong_shen(c, topic)
            ids = {r.id for r in reading(c, topic)}
            if ys.fu is None:
                assert not ids & set(names.values())
            else:
                assert names[ys.fu.relation] in ids
                seen.add(ys.fu.relation)
    assert seen == set(names)
