"""The cast rules re-derived from their definitions, over every coordinate combination they depend on."""

from __future__ import annotations

import itertools

import pytest

from xuanheng.core.ganzhi import BRANCHES, GanZhi
from xuanheng.core.guiren import GUIREN_TABLES, TIAN_JIANG, TIAN_JIANG_ELEMENT
from xuanheng.errors import InputError, OptionError, XuanhengError
from xuanheng.jinkoujue import JinKouJueOptions, cast, parse_difen

NAMES = ["貴人", "螣蛇", "朱雀", "六合", "勾陳", "青龍", "天空", "白虎", "太常", "玄武", "太陰", "天后"]


def cbc(day: int, hour: int, yj: int, difen: int, is_day: bool = True, **kw: object):  # type: ignore[no-untyped-def]
    return cast(
        day=GanZhi(day),
        hour=hour,
        month_branch=(yj + 1) % 12,
        year="甲子",
        yue_jiang=yj,
        is_day=is_day,
        difen=BRANCHES[difen],
        **kw,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize("day", range(0, 60, 7))
def test_ren_yuan_and_jiang_shen(day: int) -> None:
    for hour, yj, df in itertools.product(range(0, 12, 5), range(12), range(12)):
        c = cbc(day, hour, yj, df)
        gz = GanZhi(day)
        # 五子元遁: the 子 of a 甲/己 day is 甲子, of 乙/庚 丙子 … (《三命通會》卷二〈論遁月時〉)
        zi_stem = {0: 0, 1: 2, 2: 4, 3: 6, 4: 8}[gz.stem % 5]
        assert c.ren_yuan.stem == (zi_stem + df) % 10
        # 月將加時: the 月將 sits over the hour; the 天盤 turns as a whole
        assert c.jiang_shen.branch == (yj + df - hour) % 12
        assert c.jiang_shen.stem == (zi_stem + (c.jiang_shen.branch or 0)) % 10
        assert c.gui_shen.stem == (zi_stem + (c.gui_shen.branch or 0)) % 10


@pytest.mark.parametrize("table", sorted(GUIREN_TABLES))
def test_gui_shen_on_di_pan(table: str) -> None:
    """Order and elements of the twelve 貴神 (000-124) laid from 貴人."""
    t = GUIREN_TABLES[table]
    for stem, is_day, df in itertools.product(range(10), (True, False), range(12)):
        g = (t.day if is_day else t.night)[stem]
        forward = g in (11, 0, 1, 2, 3, 4)  # 亥–辰 順, 巳–戌 逆
        steps = (df - g) % 12 if forward else (g - df) % 12
        c = cbc(stem, 0, 0, df, is_day, options={"guiren": table})
        assert c.gui_shen.name == NAMES[steps]
        assert c.gui_shen.element == TIAN_JIANG_ELEMENT[TIAN_JIANG.index(NAMES[steps])]


def test_gui_shen_riding_tian_pan() -> None:
    # 甲 day, 晝 貴人 丑 on the 天盤; 月將 子 on 午 hour: 天盤 丑 stands over 地盤 未 → 逆.
    c = cbc(0, 6, 0, 8, True, options={"gui_shen_plate": "tian_pan"})
    # 將神 over 申 is 寅; from 丑 backward to 寅 is 11 steps → 天后
    assert c.jiang_shen.branch == 2 and c.direction == "逆" and c.gui_shen.name == "天后"


def test_dong_rules_from_definitions() -> None:
    for day, df, yj in itertools.product(range(10), range(12), range(12)):
        c = cbc(day, 0, yj, df)
        e = {p.key: p.element for p in c.positions}

        def ke(a: str, b: str, e: dict[str, int] = e) -> bool:
            return (e[b] - e[a]) % 5 == 2

        def sheng(a: str, b: str, e: dict[str, int] = e) -> bool:
            return (e[b] - e[a]) % 5 == 1

        want = [
            ("賊動", ke("gui_shen", "jiang_shen")),
            ("鬼動", ke("di_fen", "ren_yuan")),
            ("官動", ke("gui_shen", "ren_yuan")),
            ("財動", ke("jiang_shen", "gui_shen")),
            ("妻動", ke("ren_yuan", "di_fen")),
            ("父母動", sheng("di_fen", "ren_yuan")),
            ("子孫動", sheng("ren_yuan", "di_fen")),
            ("兄弟動", e["ren_yuan"] == e["di_fen"]),
        ]
        assert c.dong_names == tuple(n for n, ok in want if ok)
        # exactly one 六親 relation of 地分 to 人元 holds
        assert sum(n in c.dong_names for n in ("鬼動", "妻動", "父母動", "子孫動", "兄弟動")) == 1


def test_yong_yao_yin_yang_rule() -> None:
    for day, df, yj in itertools.product(range(10), range(12), range(12)):
        c = cbc(day, 0, yj, df)
        yins = [p.key for p in c.positions if p.yin]
        yangs = [p.key for p in c.positions if not p.yin]
        expected = yins[0] if len(yins) == 1 else yangs[0] if len(yangs) == 1 else "jiang_shen"
        assert c.yong_yao == expected


def test_si_da_kong_wang_from_na_yin() -> None:
    from xuanheng.core.nayin import na_yin_element

    for head in range(0, 60, 10):
        missing = set(range(5)) - {na_yin_element(GanZhi(head + k)) for k in range(10)}
        c = cbc(head, 0, 0, 0)
        assert c.si_da_kong_wang == (missing.pop() if missing else None)


def test_xun_kong_lu_ma_jishi() -> None:
    c = cast(day="己酉", hour="午", month_branch="辰", year="丙午", yue_jiang="酉", is_day=True, difen="申")
    assert c.xun_kong == (2, 3)  # 甲辰旬 空 寅卯
    assert c.ri_lu == 6 and c.yi_ma == 11  # 己祿午; 酉 (巳酉丑) 馬 亥


def test_wang_shuai_layers() -> None:
    c = cast(day="己酉", hour="午", month_branch="辰", year="丙午", yue_jiang="酉", is_day=True, difen="申")
    # elements 人元 水 貴神 土 將神 水 地分 金: 金 alone is not overcome (火 absent) → 金 旺
    assert c.wang_element == 3
    assert [p.wang_shuai.si_wei for p in c.positions] == ["相", "休", "相", "旺"]
    # spring (木 旺): 水 休, 土 死, 金 囚 (000-005: 土 is the element without qi in spring)
    assert [p.wang_shuai.season for p in c.positions] == ["休", "死", "休", "囚"]
    # 酉 day (金): same as the 四位 layer here
    assert [p.wang_shuai.day for p in c.positions] == ["相", "休", "相", "旺"]
    c2 = cast(
        day="己酉",
        hour="午",
        month_branch="辰",
        year="丙午",
        yue_jiang="酉",
        is_day=True,
        difen="申",
        options={"tu_months": "ji_yue"},
    )
    assert [p.wang_shuai.season for p in c2.positions] == ["死", "旺", "死", "相"]


def test_shensha_positions() -> None:
    c = cast(day="癸未", hour="亥", month_branch="卯", year="丙午", yue_jiang="戌", is_day=False, difen="申")
    hits = {h.key: h for h in c.shensha}
    # 月破 of 卯 month is 酉: absent; 天德 of month 2 is 申 → on the 地分
    assert hits["yue_po"].branches == (9,) and hits["yue_po"].positions == ()
    assert hits["tian_de"].positions == ("di_fen",)
    # 太歲 午 not in the 課; 喪門 申 (午 + 2) on the 地分
    assert hits["sang_men"].positions == ("di_fen",)
    # 天盜 by the first definition of 000-073: 青龍 (木) overcomes 小吉 (土)
    assert hits["tian_dao_ke"].positions == ("gui_shen",)
    # 往亡 unknown without the days since the 節
    assert not hits["wang_wang"].applies and "not computable" in hits["wang_wang"].note


@pytest.mark.parametrize(
    ("value", "branch"),
    [
        ("申", 8),
        ("傳送", 8),
        (9, 8),
        ("9", 8),
        ("北", 0),
        ("west", 9),
        ("az:120", 4),
        ("az:136", 5),
        (0.0, 0),
        (359.0, 0),
    ],
)
def test_parse_difen(value: object, branch: int) -> None:
    assert parse_difen(value)[0] == branch  # type: ignore[arg-type]


def test_random_difen_replays() -> None:
    a = parse_difen("random", seed=42)
    assert a == parse_difen("random", seed=42) and a[1] == {"by": "random", "seed": 42}
    with pytest.raises(InputError) as e:
        parse_difen("random")
    assert e.value.field == "seed"


@pytest.mark.parametrize("bad", ["甲", "x", 0, 13, "13", True, "az:abc", None, "東北"])
def test_bad_difen(bad: object) -> None:
    with pytest.raises(InputError) as e:
        parse_difen(bad)  # type: ignore[arg-type]
    assert e.value.field in ("difen", "seed")
    assert any(w in str(e.value) for w in ("expected", "required", "accepted", "give one of them"))


def test_bad_options_and_coordinates() -> None:
    with pytest.raises(OptionError) as e:
        JinKouJueOptions(yue_jiang="moon")
    assert e.value.field == "yue_jiang" and "zhongqi" in str(e.value)
    with pytest.raises(OptionError):
        JinKouJueOptions.from_mapping({"colour": "red"})
    with pytest.raises(OptionError):
        JinKouJueOptions(guiren="nope")
    with pytest.raises(OptionError) as e3:
        cast(
            day="甲子",
            hour="子",
            month_branch="寅",
            year="甲子",
            yue_jiang="亥",
            is_day=True,
            difen="申",
            options="jie",
        )  # type: ignore[arg-type]
    assert e3.value.field == "options"
    with pytest.raises(InputError) as e4:
        cast(
            day="甲子",
            hour="子",
            month_branch="寅",
            year="甲子",
            yue_jiang="亥",
            is_day=True,
            difen="申",
            topic=5,
        )  # type: ignore[arg-type]
    assert e4.value.field == "topic"
    with pytest.raises(XuanhengError):
        cast(day="甲丑", hour="子", month_branch="寅", year="甲子", yue_jiang="亥", is_day=True, difen="申")
    with pytest.raises(InputError) as e2:
        cast(day="甲子", hour="子", month_branch="寅", year="甲子", yue_jiang="亥", is_day=1, difen="申")  # type: ignore[arg-type]
    assert e2.value.field == "is_day"
