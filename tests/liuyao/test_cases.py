"""Worked cases with their source, plus the 子-hour day change and a 立春 (節) boundary.

The classical cases give the month and the day 干支 (not a full date), so they are cast in study mode.
Each expected value below is read off the book's chart, written top line first as the book prints it:
《增刪卜易》 (野鶴老人, 李文輝 增刪) 卷二〈進神退神章〉, 〈伏神章〉; seed 004-309 (謙 on a 丙/丁 day).
"""

from __future__ import annotations

import datetime as dt

import pytest

from xuanheng.liuyao import cast
from xuanheng.liuyao.chart import LiuYaoChart

B = "子丑寅卯辰巳午未申酉戌亥"


def top_down(chart: LiuYaoChart) -> list[tuple[str, str]]:
    """(六神, 六親 + 納甲) of the six lines, 上爻 first as books print them."""
    return [(ln.liu_shen, ln.yao.liu_qin + ln.yao.najia) for ln in reversed(chart.lines)]


def test_kun_zhi_jie_chen_month_gui_chou_day() -> None:
    """《增刪卜易》卷二〈進神退神章〉: 辰月 癸丑日 (旬空 寅卯), 占病, 得 困之解."""
    c = cast(day="癸丑", month="辰", lines="878798")
    assert (c.ben.name, c.ben.palace, c.ben.type, c.ben.labels) == ("困", "兌", "一世", ("六合",))
    assert c.bian is not None and (c.bian.name, c.bian.palace) == ("解", "震")
    assert [B[b] for b in c.xun_kong] == ["寅", "卯"]
    assert top_down(c) == [
        ("白虎", "父母丁未"), ("螣蛇", "兄弟丁酉"), ("勾陳", "子孫丁亥"),
        ("朱雀", "官鬼戊午"), ("青龍", "父母戊辰"), ("玄武", "妻財戊寅"),
    ]  # fmt: skip
    assert (c.ben.shi, c.ben.ying) == (1, 4)
    # 世爻寅木 而值旬空; 酉金 化退神 (into 申)
    assert c.shi_line.state.kong
    five = c.lines[4]
    assert five.bian is not None and five.bian.liu_qin + five.bian.najia == "兄弟庚申"
    assert five.bian.tui_shen and "化退神" in five.bian.hua
    # the 變卦 as printed: 父母庚戌 兄弟庚申(應) 官鬼庚午 官鬼戊午 父母戊辰(世) 妻財戊寅, 六親 by 兌
    assert [b.liu_qin + ("甲乙丙丁戊己庚辛壬癸"[b.stem]) + B[b.branch] for b in reversed(c.bian_lines)] == [
        "父母庚戌", "兄弟庚申", "官鬼庚午", "官鬼戊午", "父母戊辰", "妻財戊寅",
    ]  # fmt: skip
    assert (c.bian.shi, c.bian.ying) == (2, 5)


def test_sui_zhi_pi_chen_month_yi_chou_day() -> None:
    """《增刪卜易》卷二〈進神退神章〉: 辰月 乙丑日 (旬空 戌亥), 占妻母病, 得 隨之否."""
    c = cast(day="乙丑", month="辰", lines="988776")
    assert (c.ben.name, c.ben.palace, c.ben.type) == ("隨", "震", "歸魂")
    assert c.bian is not None and (c.bian.name, c.bian.palace, c.bian.labels) == ("否", "乾", ("六合",))
    assert top_down(c) == [
        ("玄武", "妻財丁未"), ("白虎", "官鬼丁酉"), ("螣蛇", "父母丁亥"),
        ("勾陳", "妻財庚辰"), ("朱雀", "兄弟庚寅"), ("青龍", "父母庚子"),
    ]  # fmt: skip
    assert (c.ben.shi, c.ben.ying) == (3, 6)
    top, first = c.lines[5], c.lines[0]
    # 子水父爻動 化未土 回頭剋
    assert first.bian is not None and first.bian.liu_qin + first.bian.najia == "妻財乙未"
    assert first.bian.hui_tou_ke
    # 上爻未土 化進神 (into 戌); 被丑日沖; 又化旬空月破
    assert top.bian is not None and top.bian.najia == "壬戌"
    assert top.bian.jin_shen and top.bian.hua_kong and top.bian.hua_po
    assert top.state.ri_chong and not top.an_dong  # moving lines are not 暗動


def test_zhun_zhi_jie_shen_month_yi_mao_day() -> None:
    """《增刪卜易》卷二〈進神退神章〉: 申月 乙卯日 (旬空 子丑), 占出行, 得 屯之節 (伏神 妻財戊午)."""
    c = cast(day="乙卯", month="申", lines="768878")
    assert (c.ben.name, c.ben.palace, c.ben.type) == ("屯", "坎", "二世")
    assert c.bian is not None and (c.bian.name, c.bian.palace, c.bian.labels) == ("節", "坎", ("六合",))
    assert [B[b] for b in c.xun_kong] == ["子", "丑"]
    assert top_down(c) == [
        ("玄武", "兄弟戊子"), ("白虎", "官鬼戊戌"), ("螣蛇", "父母戊申"),
        ("勾陳", "官鬼庚辰"), ("朱雀", "子孫庚寅"), ("青龍", "兄弟庚子"),
    ]  # fmt: skip
    assert c.lines[2].fu_shen is not None and c.lines[2].fu_shen.label == "妻財戊午"
    assert c.missing_liu_qin == ("妻財",)
    two = c.lines[1]
    assert two.yao.shi and two.bian is not None and two.bian.najia == "丁卯" and two.bian.jin_shen


def test_heng_zhi_da_guo_shen_month_gui_mao_day() -> None:
    """《增刪卜易》卷二〈進神退神章〉: 申月 癸卯日 (旬空 辰巳), 占鄉試, 得 恆之大過: 酉金官星持世, 日沖
    暗動; 九五 官 化進神."""
    c = cast(day="癸卯", month="申", lines="877768")
    assert (c.ben.name, c.ben.palace, c.ben.type) == ("恆", "震", "三世")
    assert c.bian is not None and (c.bian.name, c.bian.palace, c.bian.type) == ("大過", "震", "遊魂")
    assert [B[b] for b in c.xun_kong] == ["辰", "巳"]
    assert top_down(c) == [
        ("白虎", "妻財庚戌"), ("螣蛇", "官鬼庚申"), ("勾陳", "子孫庚午"),
        ("朱雀", "官鬼辛酉"), ("青龍", "父母辛亥"), ("玄武", "妻財辛丑"),
    ]  # fmt: skip
    shi = c.shi_line
    assert shi.yao.position == 3 and shi.yao.liu_qin == "官鬼" and shi.an_dong
    assert c.lines[1].fu_shen is not None and c.lines[1].fu_shen.label == "兄弟庚寅"
    five = c.lines[4]
    assert five.bian is not None and five.bian.najia == "丁酉" and five.bian.jin_shen


def test_gou_fu_shen() -> None:
    """《增刪卜易》〈伏神章〉: 天風姤 lacks 妻財 (寅卯 木); it hides under line 2 as 妻財甲寅 of 乾為天."""
    c = cast(day="甲子", month="子", lines="877777")
    assert (c.ben.name, c.ben.palace, c.ben.type) == ("姤", "乾", "一世")
    assert top_down(c)[-1] == ("青龍", "父母辛丑")
    assert c.lines[1].yao.liu_qin + c.lines[1].yao.najia == "子孫辛亥"
    fs = c.lines[1].fu_shen
    assert fs is not None and fs.label == "妻財甲寅" and fs.relation == "飛生伏"


@pytest.mark.parametrize("day", ["丙子", "丁丑"])
def test_seed_004_309_qian_on_bing_ding_day(day: str) -> None:
    """004-309: on a 丙/丁 day, 謙 has its 2nd line 官鬼 with 勾陳 (謙 is in the 兌 palace, 二爻 丙午)."""
    c = cast(day=day, month="寅", lines="887888")
    assert (c.ben.name, c.ben.palace) == ("謙", "兌")
    two = c.lines[1]
    assert (two.yao.najia, two.yao.liu_qin, two.liu_shen) == ("丙午", "官鬼", "勾陳")


def _day_gz(d: dt.date) -> str:
    n = (d - dt.date(1970, 1, 1)).days + 17  # 1970-01-01 is 辛巳 (17)
    return "甲乙丙丁戊己庚辛壬癸"[n % 10] + B[n % 12]


def test_zi_hour_day_change() -> None:
    at = "2026-03-10T23:30"
    late = cast(at, tz="Asia/Shanghai", lines="777777")
    civil = cast(at, tz="Asia/Shanghai", lines="777777", day_boundary="00:00")
    assert late.day.name == _day_gz(dt.date(2026, 3, 11))  # 子初換日: the 子 hour opens the next day
    assert civil.day.name == _day_gz(dt.date(2026, 3, 10))
    assert late.hour is not None and B[late.hour.branch] == "子"
    # the 六神 follow the day stem
    assert late.lines[0].liu_shen != civil.lines[0].liu_shen or late.day.stem // 2 == civil.day.stem // 2


def test_li_chun_boundary() -> None:
    """立春 2024 falls at 2024-02-04 16:26:53 +08:00: year 癸卯 → 甲辰, 月建 丑 → 寅."""
    before = cast("2024-02-04T16:24:00", tz="Asia/Shanghai", lines="777777")
    after = cast("2024-02-04T16:29:00", tz="Asia/Shanghai", lines="777777")
    assert before.year is not None and after.year is not None
    assert (before.year.name, B[before.yue_jian]) == ("癸卯", "丑")
    assert (after.year.name, B[after.yue_jian]) == ("甲辰", "寅")
    assert (B[before.yue_po], B[after.yue_po]) == ("未", "申")
    # 乾's 寅 line (木): 囚 in the 丑 month (季月, 土旺), 旺 once 寅 begins
    assert before.lines[1].state.wang_shuai == "囚" and after.lines[1].state.wang_shuai == "旺"
    # the 天符 (year branch 卯 / 辰) moves with 立春: 乾 has a 辰 line (3) but no 卯
    assert before.marks[0].name == "天符" and before.marks[0].positions == ()
    assert after.marks[0].positions == (3,)
    # within a minute of the 節 the calendar warns, and the chart carries it
    near = cast("2024-02-04T16:27:20", tz="Asia/Shanghai", lines="777777")
    assert any("立春" in str(w) for w in near.warnings)


@pytest.mark.parametrize(
    ("lines", "name", "branch", "positions", "shi_branch_position"),
    [
        # 乾: 世 on 上爻 (yang) → from 子 at 初爻 up to line 6: 巳, the fourth month; 乾 has no 巳 line
        ("777777", "乾", "巳", (), 5),
        # 明夷: 世 on 四爻 (yin, 癸丑) → from 午 at 初爻 up to line 4: 酉, the eighth month; 癸酉 on 上爻;
        # 丑未持世身居二
        ("787888", "明夷", "酉", (6,), 2),
        # 否: 世 on 三爻 (yin) → 午 未 申: the 卦身 is 兄弟壬申 on 五爻
        ("888777", "否", "申", (5,), 4),
    ],
)
def test_gua_shen_worked_examples(
    lines: str, name: str, branch: str, positions: tuple[int, ...], shi_branch_position: int
) -> None:
    """《卜筮全書》〈起月卦身訣〉 (乾 → 四月卦, 明夷 → 八月卦) and 〈安身訣〉 (子午持世身居初 …)."""
    c = cast(day="甲子", month="寅", lines=lines)
    assert c.ben.name == name
    assert B[c.shen.yue_gua_shen] == branch and c.shen.yue_gua_shen_positions == positions
    assert c.shen.positions == positions  # default option shen = yue_gua_shen
    assert c.shen.shi_branch_position == shi_branch_position
    other = cast(day="甲子", month="寅", lines=lines, shen="shi_branch")
    assert other.shen.positions == (shi_branch_position,)
    assert [ln.yao.position for ln in other.lines if ln.shen] == [shi_branch_position]
