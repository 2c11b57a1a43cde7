"""Every 六壬 table with a formula, re-derived here from the formula (not from the code under test)."""

from __future__ import annotations

import pytest

from xuanheng.core.ganzhi import JI_GONG, SIXTY, dun_gan
from xuanheng.liuren import cast
from xuanheng.liuren.cast import GUIREN, _spirits, make_options, structures, xing_nian
from xuanheng.liuren.keti import xun_qi
from xuanheng.liuren.sanchuan import LODGED, MZJ
from xuanheng.shensha import evaluate

ZHI = "子丑寅卯辰巳午未申酉戌亥"
GAN = "甲乙丙丁戊己庚辛壬癸"
# 十干寄宮 verse: 甲課寅 乙課辰 丙戊課巳 丁己課未 庚課申 辛課戌 壬課亥 癸課丑
JIGONG_VERSE = "寅辰巳未巳未申戌亥丑"


def spirit(key: str) -> object:
    return next(s for s in _spirits() if s.key == key)


def occ(key: str, **ctx: int) -> tuple[int, ...]:
    o = evaluate(spirit(key), ctx)  # type: ignore[arg-type]
    return o.branches or o.stems


def test_ji_gong_matches_verse() -> None:
    assert "".join(ZHI[b] for b in JI_GONG) == JIGONG_VERSE


def test_lodged_is_inverse_of_ji_gong() -> None:
    for b in range(12):
        assert set(LODGED[b]) == {s for s in range(10) if JIGONG_VERSE[s] == ZHI[b]}


def test_meng_zhong_ji() -> None:
    for b in range(12):
        want = 0 if ZHI[b] in "寅申巳亥" else 1 if ZHI[b] in "子午卯酉" else 2
        assert MZJ[b] == want


def test_ri_de_is_jigong_of_yang_partner() -> None:
    """日德: the 寄宮 of the yang stem of the day stem's 五合 pair (甲己 → 甲 → 寅)."""
    for s in range(10):
        yang = s if s % 2 == 0 else (s + 5) % 10
        assert occ("ri_de", day_stem=s) == (ZHI.index(JIGONG_VERSE[yang]),)


def test_yang_ren_is_after_lu() -> None:
    lu = "寅卯巳午巳午申酉亥子"  # 十干祿
    for s in range(10):
        assert occ("yang_ren", day_stem=s) == ((ZHI.index(lu[s]) + 1) % 12,)


def test_ding_ma_carries_ding() -> None:
    """丁馬: the branch whose 遁干 in the day's 旬 is 丁."""
    for gz in SIXTY:
        want = next(b for b in range(12) if dun_gan(b, gz) == 3)
        assert occ("ding_ma", xun_head_branch=(gz.branch - gz.stem) % 12) == (want,)


def test_xun_yi_is_xun_head() -> None:
    for gz in SIXTY:
        head = next(b for b in range(12) if dun_gan(b, gz) == 0)
        assert occ("xun_yi", xun_head_branch=(gz.branch - gz.stem) % 12) == (head,)


FRAMES = {"申子辰": "水", "亥卯未": "木", "寅午戌": "火", "巳酉丑": "金"}
LINGGUAN = {"水": "亥", "木": "寅", "火": "巳", "金": "申"}


def test_zai_sha_and_wang_shen_from_frame() -> None:
    """災煞 = 沖 of the frame's 帝旺 (its middle branch); 亡神 = the 臨官 of the frame's element."""
    for frame, el in FRAMES.items():
        for b in frame:
            assert occ("zai_sha", day_branch=ZHI.index(b)) == ((ZHI.index(frame[1]) + 6) % 12,)
            assert occ("wang_shen", day_branch=ZHI.index(b)) == (ZHI.index(LINGGUAN[el]),)


def test_month_spirits_formulas() -> None:
    for n in range(1, 13):  # lunar month n, 月建 寅 + n − 1
        m = (n + 1) % 12
        assert occ("xue_zhi", month_branch=m) == ((m - 1) % 12,)
        start = "丑" if n % 2 else "未"
        assert occ("xue_ji", month_branch=m) == ((ZHI.index(start) + (n - 1) // 2) % 12,)
        assert occ("tian_gui", month_branch=m) == ((9 - 3 * (n - 1)) % 12,)


def test_tian_xi_by_season() -> None:
    for season in range(4):
        assert occ("tian_xi", season=season) == ((ZHI.index("戌") + 3 * season) % 12,)


def test_xun_qi_from_verse() -> None:
    """《課經》 三奇: 子戌 旬 大吉(丑); 申午 旬 子; 辰寅 旬 亥."""
    verse = {"子": "丑", "戌": "丑", "申": "子", "午": "子", "辰": "亥", "寅": "亥"}
    for gz in SIXTY:
        head = ZHI[(gz.branch - gz.stem) % 12]
        assert ZHI[xun_qi(gz)] == verse[head]


ANIMAL = dict(zip("鼠牛虎兔龍蛇馬羊猴雞狗豬", ZHI, strict=True))


def test_guiren_verse_order_table() -> None:
    """甲戊庚牛羊 乙己鼠猴鄉 丙丁豬雞位 壬癸兔蛇藏 六辛逢馬虎, each pair read 晝 then 夜."""
    verse = {"甲戊庚": "牛羊", "乙己": "鼠猴", "丙丁": "豬雞", "壬癸": "兔蛇", "辛": "馬虎"}
    day_t, night_t, _, _ = GUIREN["jia_wu_geng_niu_yang_verse_order"]
    for stems, pair in verse.items():
        for st in stems:
            assert ZHI[day_t[GAN.index(st)]] == ANIMAL[pair[0]]
            assert ZHI[night_t[GAN.index(st)]] == ANIMAL[pair[1]]


def test_at_least_four_guiren_tables() -> None:
    assert len(GUIREN) >= 4
    for key, (d, n, label, src) in GUIREN.items():
        assert len(d) == len(n) == 10 and label and src, key


XING_NIAN = [
    ("male", 1, "寅"),
    ("male", 2, "卯"),
    ("male", 13, "寅"),
    ("female", 1, "申"),
    ("female", 2, "未"),
]


@pytest.mark.parametrize(("sex", "age", "want"), [*XING_NIAN, ("female", 12, "酉")])
def test_xing_nian(sex: str, age: int, want: str) -> None:
    """男 一歲 丙寅 順, 女 一歲 壬申 逆 (虛歲)."""
    assert ZHI[xing_nian(2000, 2000 + age - 1, sex)] == want


def test_fixed_day_hours() -> None:
    """Without a place, 卯–申 are 晝 hours (晝貴), 酉–寅 夜."""
    for h in range(12):
        c = cast(day="甲子", yue_jiang="子", hour=h)
        assert c.gui_ren.is_day == (ZHI[h] in "卯辰巳午未申")
        assert c.gui_ren.basis == "fixed"


def test_keti_structural_classes_match_definitions() -> None:
    """Each structural 課體 is present exactly when its definition holds on the 三傳."""
    frames = {"炎上": "寅午戌", "潤下": "申子辰", "曲直": "亥卯未", "從革": "巳酉丑"}
    for s, keti in structures(make_options()):
        names = {k.name for k in keti}
        c = [ZHI[b] for b in s.chuan]
        step = [(s.chuan[1] - s.chuan[0]) % 12, (s.chuan[2] - s.chuan[1]) % 12]
        assert ("進茹" in names) == (step == [1, 1])
        assert ("退茹" in names) == (step == [11, 11])
        for name, fr in frames.items():
            assert (name in names) == (sorted(c) == sorted(fr)), (name, c)
        assert ("稼穡" in names) == all(x in "辰戌丑未" for x in c)
        assert ("元胎" in names) == all(x in "寅申巳亥" for x in c)
        seat = (s.chuan[0] - s.offset) % 12
        zhong_seat = (s.chuan[1] - s.offset) % 12
        # 鑄印: 戌 加 巳 in the 中傳; 斲輪: 卯 加 庚 (申) or 辛 (戌) as 發用 (《六壬大全》卷八)
        assert ("鑄印" in names) == (c[1] == "戌" and ZHI[zhong_seat] == "巳")
        assert ("斲輪" in names) == (c[0] == "卯" and ZHI[seat] in "申戌")
        gz = SIXTY[s.day]
        # 六儀: the 旬首 (the branch carrying 甲) anywhere in the 三傳
        assert ("六儀" in names) == any(dun_gan(b, gz) == 0 for b in s.chuan)
        assert ("遊子" in names) == (c[0] in "辰戌丑未" and dun_gan(s.chuan[0], gz) == 3)
        zei, ke = s.relations.count("賊"), s.relations.count("剋")
        assert ("絕嗣" in names) == (zei == 4)
        assert ("無祿" in names) == (ke == 4)
        assert names >= {s.method}
