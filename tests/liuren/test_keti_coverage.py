"""Every 課體 of ``liuren/data/keti.toml`` fires somewhere, and the new classes of issue 13 reproduce the
worked examples of 《六壬大全》 (四庫本, 卷七–卷十〈課經集〉).

The examples are the book's own (day, 時, 月將 and the 三傳 or 四課 it prints); the expected names are the
book's. The second implementations below are written from the definitions in the book, on characters, with
no code of ``liuren.keti``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from xuanheng.core.ganzhi import SIXTY
from xuanheng.liuren import cast
from xuanheng.liuren.cast import make_options, structures
from xuanheng.liuren.keti import RULES, SCHOOL_CHOICES, SCHOOL_OPTIONS

ZHI = "子丑寅卯辰巳午未申酉戌亥"
#: 寄宮 of the ten stems, written from the 寄宮 verse (甲課在寅 乙課辰 …)
JI = dict(zip("甲乙丙丁戊己庚辛壬癸", "寅辰巳未巳未申戌亥丑", strict=True))


def _names(day: str, jiang: str, hour: str, **kw: object) -> set[str]:
    return {k.name for k in cast(day=day, yue_jiang=jiang, hour=hour, **kw).ke_ti}  # type: ignore[arg-type]


def _chuan(day: str, jiang: str, hour: str, **kw: object) -> str:
    c = cast(day=day, yue_jiang=jiang, hour=hour, **kw)  # type: ignore[arg-type]
    return "".join(ZHI[x.branch] for x in c.san_chuan)


#: every definition an entry of keti.toml may be bound to: the default run, and each other choice alone
SCHOOLS = [{}, *({k: v} for k in SCHOOL_OPTIONS for v in SCHOOL_CHOICES[k][1:])]


def _bound(r: object, school: dict[str, str]) -> bool:
    """Whether entry *r* is used under the options *school* (the others at their defaults)."""
    return all(school.get(k, SCHOOL_CHOICES[k][0]) == v for k, v in r.option)  # type: ignore[attr-defined]


@pytest.mark.parametrize("school", SCHOOLS, ids=lambda s: "-".join(s.values()) or "default")
def test_every_structural_keti_fires_on_some_of_the_720(school: dict[str, str]) -> None:
    seen: Counter[str] = Counter()
    for _, keti in structures(make_options(**school)):
        seen.update(k.name for k in keti)
    for r in RULES:
        if r.needs or not _bound(r, school):
            continue
        assert seen[r.name] > 0, f"{r.name} fires on none of the 720 課"


@pytest.mark.parametrize("school", [{}, {"bi_kou": "xuan_wu", "yin_yi": "forms"}], ids=["default", "forms"])
def test_every_tian_jiang_keti_fires_on_some_chart(school: dict[str, str]) -> None:
    """Classes that look at the 天將 (the 720 課 do not carry them): over 720 課 × 晝/夜."""
    wanted = {r.name for r in RULES if r.needs == "tian_jiang" and _bound(r, school)}
    assert wanted == ({"淫泆", "三交", "勵德"} | ({"閉口", "泆女", "狡童"} if school else set()))
    seen: set[str] = set()
    for d in range(60):
        for off in range(12):
            for is_day in (True, False):
                c = cast(day=d, yue_jiang=off, hour=0, is_day=is_day, **school)  # type: ignore[arg-type]
                seen |= {k.name for k in c.ke_ti}
    assert wanted <= seen


def test_zhu_yin_fires_on_the_books_charts() -> None:
    # 丙子日 子將未時 → 巳戌卯 (issue 13); 壬子日 申將卯時 → 巳戌卯 (《大全》卷八〈富貴課〉: 又巳戌卯為鑄印)
    assert _chuan("丙子", "子", "未") == "巳戌卯" and "鑄印" in _names("丙子", "子", "未")
    assert _chuan("壬子", "申", "卯") == "巳戌卯" and "鑄印" in _names("壬子", "申", "卯")


def test_zhan_guan_option() -> None:
    """斬關 by 《大全》 (魁罡 on 日辰 and 發用) or by 《御定》's lists (魁罡 on 干 or 支 at all)."""
    for d in range(60):
        gz = SIXTY[d]
        for off in range(12):
            a = cast(day=d, yue_jiang=off, hour=0, zhan_guan="fa_yong")
            b = cast(day=d, yue_jiang=off, hour=0, zhan_guan="gan_zhi")
            on = {ZHI[a.gan_shang], ZHI[a.zhi_shang]}
            kuigang = bool(on & {"辰", "戌"})
            chu = ZHI[a.chu]
            assert ("斬關" in {k.name for k in b.ke_ti}) == kuigang, gz.name
            assert ("斬關" in {k.name for k in a.ke_ti}) == (chu in "辰戌" and chu in on), gz.name


def test_du_chuan_is_the_books_list() -> None:
    """杜傳 (卷七〈伏吟課〉): the book lists 21 days whose 伏吟 刑 is blocked."""
    book = {
        *("壬辰", "壬午", "乙亥", "乙酉", "丁卯", "己卯", "辛卯", "壬申", "壬戌", "壬子", "壬寅"),
        *("乙丑", "乙未", "乙巳", "乙卯", "丁酉", "己酉", "辛酉", "丁亥", "己亥", "辛亥"),
    }
    found = {SIXTY[d].name for d in range(60) if "杜傳" in _names(SIXTY[d].name, "子", "子")}
    assert found == book
    assert _chuan("壬辰", "酉", "酉") == "亥辰戌"


def test_du_zu_is_the_one_chart_of_720() -> None:
    """獨足 (卷七〈八專課〉, 卷十二《畢法賦》: 七百二十課中止有此一課): 己未日 未時酉將 酉酉酉."""
    table = structures(make_options())
    hits = [(SIXTY[s.day].name, s.offset) for s, k in table if "獨足" in {x.name for x in k}]
    assert hits == [("己未", 2)]
    assert _chuan("己未", "酉", "未") == "酉酉酉"


def test_yin_cong_examples() -> None:
    # 卷八〈引從課〉: 庚辰日 干上丑 — 初寅加酉 末子加未 (offset 5); 壬子日 干上辰 初巳 末卯; 甲午日 初子 末戌
    c = cast(day="庚辰", yue_jiang="丑", hour="申")
    assert ZHI[c.gan_shang] == "丑" and "引從" in {k.name for k in c.ke_ti}
    assert "引從" in _names("壬子", "辰", "亥")
    assert "引從" in _names("甲午", "子", "未")


def _yin_cong(day: str, chuan: str, offset: int) -> bool:
    """Second implementation: 初 on the 地盤 branch before, 末 on the one after, the 干's 寄宮 or the 支."""
    ji = JI
    seat = [ZHI[(ZHI.index(b) - offset) % 12] for b in (chuan[0], chuan[2])]
    for x in (ji[day[0]], day[1]):
        i = ZHI.index(x)
        if seat == [ZHI[(i + 1) % 12], ZHI[(i - 1) % 12]]:
            return True
    return False


def test_yin_cong_against_second_implementation() -> None:
    for s, keti in structures(make_options()):
        day = SIXTY[s.day].name
        chuan = "".join(ZHI[b] for b in s.chuan)
        assert ("引從" in {k.name for k in keti}) == _yin_cong(day, chuan, s.offset), (day, s.offset)


def test_heng_tong_examples() -> None:
    # 卷八〈亨通課〉: 丙申日 三傳申亥寅, 癸丑日 三傳酉丑巳 (遞生日干)
    for s, keti in structures(make_options()):
        day = SIXTY[s.day].name
        chuan = "".join(ZHI[b] for b in s.chuan)
        if (day, chuan) in (("丙申", "申亥寅"), ("癸丑", "酉丑巳")):
            assert "亨通" in {k.name for k in keti}


def test_yi_xun_zhou_bian_example() -> None:
    # 卷八: 乙未日 卯時寅將 — 首尾加支干
    c = cast(day="乙未", yue_jiang="寅", hour="卯")
    assert "一旬周遍" in {k.name for k in c.ke_ti}
    head = (c.day.branch - c.day.stem) % 12
    assert {c.gan_shang, c.zhi_shang} == {head, (head + 9) % 12}


def test_xun_yi_zhi_yi_example() -> None:
    # 卷七〈六儀課〉: 丙辰日 寅時未將 — 寅 is 旬儀 and 支儀, 加酉, 一下賊上
    n = _names("丙辰", "未", "寅")
    assert {"旬儀", "支儀", "六儀"} <= n
    assert _chuan("丙辰", "未", "寅")[0] == "寅"


def test_zhui_xu_definition() -> None:
    """贅婿 (卷九): 日干剋辰, and the 干 on the 支 or the 支 on the 干 as 發用."""
    ji = JI
    el_s = dict(zip("甲乙丙丁戊己庚辛壬癸", "木木火火土土金金水水", strict=True))
    el_b = dict(zip(ZHI, "水土木木土火火土金金土水", strict=True))
    ke = {("木", "土"), ("土", "水"), ("水", "火"), ("火", "金"), ("金", "木")}
    n = 0
    for s, keti in structures(make_options()):
        day = SIXTY[s.day].name
        gan, zhi = ZHI[s.uppers[0]], ZHI[s.uppers[2]]
        chu = ZHI[s.chuan[0]]
        want = (el_s[day[0]], el_b[day[1]]) in ke and (
            (zhi == ji[day[0]] and chu == zhi) or (gan == day[1] and chu == gan)
        )
        assert ("贅婿" in {k.name for k in keti}) == want, (day, s.offset)
        n += want
    assert n > 0


def test_yin_yi_and_san_jiao() -> None:
    # 淫泆 (卷九): 初傳 卯酉 carrying 天后 or 六合
    for d in range(0, 60, 7):
        for off in range(12):
            c = cast(day=d, yue_jiang=off, hour=0, is_day=True)
            from xuanheng.core.guiren import TIAN_JIANG

            chu = c.san_chuan[0]
            want = ZHI[chu.branch] in "卯酉" and TIAN_JIANG[chu.tian_jiang] in ("天后", "六合")
            assert ("淫泆" in {k.name for k in c.ke_ti}) == want
