"""All 720 課 in every school, against a second implementation written here from the rule statements.

The oracle below works on characters and strings (not the engine's indices and tables), follows the
wording of 《六壬大全》卷五〈課經一〉 / 卷七〈課經集〉 step by step, and shares no code with
``xuanheng.liuren``. Counts are checked against the 《課經》 commentary tallies.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from xuanheng.liuren import cast
from xuanheng.liuren.cast import make_options, structures

GAN = "甲乙丙丁戊己庚辛壬癸"
ZHI = "子丑寅卯辰巳午未申酉戌亥"
WUXING = {
    **dict.fromkeys("甲乙寅卯", "木"),
    **dict.fromkeys("丙丁巳午", "火"),
    **dict.fromkeys("戊己辰戌丑未", "土"),
    **dict.fromkeys("庚辛申酉", "金"),
    **dict.fromkeys("壬癸亥子", "水"),
}
KE = {"木": "土", "土": "水", "水": "火", "火": "金", "金": "木"}  # a 剋 KE[a]
# 十干寄宮 as the verse gives it: 甲課寅 乙課辰 丙戊課巳 丁己課未 庚課申 辛課戌 壬課亥 癸課丑
JIGONG = {
    "甲": "寅",
    "乙": "辰",
    "丙": "巳",
    "丁": "未",
    "戊": "巳",
    "己": "未",
    "庚": "申",
    "辛": "戌",
    "壬": "亥",
    "癸": "丑",
}
XING = {"子": "卯", "卯": "子", "寅": "巳", "巳": "申", "申": "寅", "丑": "戌", "戌": "未", "未": "丑",
        "辰": "辰", "午": "午", "酉": "酉", "亥": "亥"}  # fmt: skip
SANHE = ["申子辰", "亥卯未", "寅午戌", "巳酉丑"]
GANHE = ["甲己", "乙庚", "丙辛", "丁壬", "戊癸"]
MENG, ZHONG = "寅申巳亥", "子午卯酉"


def sixty() -> list[str]:
    return [GAN[i % 10] + ZHI[i % 12] for i in range(60)]


def oracle(
    day: str, yj: str, hour: str, school: str, bazhuan_first: bool, bieze: str, zimao: str
) -> tuple[str, str]:
    """Return (三傳 as three characters, sub-method name)."""
    gan, zhi = day[0], day[1]
    yang = GAN.index(gan) % 2 == 0
    shift = ZHI.index(yj) - ZHI.index(hour)

    def on(lower: str) -> str:  # 天盤 over 地盤 `lower`
        return ZHI[(ZHI.index(lower) + shift) % 12]

    def under(upper: str) -> str:  # 地盤 under 天盤 `upper`
        return ZHI[(ZHI.index(upper) - shift) % 12]

    def ke(a: str, b: str) -> bool:
        return KE[WUXING[a]] == WUXING[b]

    ke_list = [
        (on(JIGONG[gan]), gan),
        (on(on(JIGONG[gan])), on(JIGONG[gan])),
        (on(zhi), zhi),
        (on(on(zhi)), on(zhi)),
    ]
    gan_shang, zhi_shang = ke_list[0][0], ke_list[2][0]
    zei = [u for u, lo in ke_list if ke(lo, u)]  # 下賊上
    shang = [u for u, lo in ke_list if ke(u, lo)]  # 上剋下

    def chain(first: str) -> str:
        return first + on(first) + on(on(first))

    def dedupe(xs: list[str]) -> list[str]:
        return list(dict.fromkeys(xs))

    def depth(u: str, kind: str) -> int:
        # from the seat of u along the 地盤 to u's own place, the seat counted, the home not
        n = 0
        pos = under(u)
        while pos != u:
            things = [pos] + [g for g, b in JIGONG.items() if b == pos]
            n += sum(1 for t in things if (ke(t, u) if kind == "賊" else ke(u, t)))
            pos = ZHI[(ZHI.index(pos) + 1) % 12]
        return n

    def shehai(cands: list[str], kind: str) -> tuple[str, str]:
        pool = cands
        if school == "depth":
            d = {c: depth(c, kind) for c in cands}
            pool = [c for c in cands if d[c] == max(d.values())]
            if len(pool) == 1:
                return pool[0], "涉害"
        on_meng = [c for c in pool if under(c) in MENG]
        if len(on_meng) == 1:
            return on_meng[0], "見機"
        if not on_meng:
            on_zhong = [c for c in pool if under(c) in ZHONG]
            if len(on_zhong) == 1:
                return on_zhong[0], "察微"
            if on_zhong:
                pool = on_zhong
        else:
            pool = on_meng
        seen = [u for u, _ in (ke_list if yang else ke_list[2:] + ke_list[:2])]
        return next(u for u in seen if u in pool), "綴瑕"

    def zei_ke() -> tuple[str, str] | None:
        for cands, single, kind in ((dedupe(zei), "重審", "賊"), (dedupe(shang), "元首", "剋")):
            if not cands:
                continue
            if len(cands) == 1:
                return cands[0], single
            same = [c for c in cands if (ZHI.index(c) % 2 == 0) == yang]
            if len(same) == 1:
                return same[0], "知一"
            return shehai(same or cands, kind)
        return None

    if shift % 12 == 0:  # 伏吟
        first = gan_shang if (zei or shang or yang) else zhi_shang
        other = zhi_shang if first == gan_shang else gan_shang
        second = other if XING[first] == first else XING[first]
        if XING[second] == second or (XING[second] == first and zimao == "chong"):
            third = ZHI[(ZHI.index(second) + 6) % 12]
        else:
            third = XING[second]
        return first + second + third, ("自任" if yang else "自信")
    found = zei_ke()
    if shift % 12 == 6:  # 返吟
        if found:
            return chain(found[0]), "無依"
        frame = next(f for f in SANHE if zhi in f)
        ma = ZHI[(ZHI.index(frame[0]) + 6) % 12]  # 驛馬: the clash of the frame's first (長生) branch
        return ma + zhi_shang + gan_shang, "井欄射"
    if found:
        return chain(found[0]), found[1]
    bazhuan = JIGONG[gan] == zhi
    if bazhuan and bazhuan_first:
        return bazhuan_chuan(gan_shang, ke_list[3][0], yang), "八專"
    far_ke = dedupe([u for u, _ in ke_list[1:] if ke(u, gan)])
    far_by = dedupe([u for u, _ in ke_list[1:] if ke(gan, u)])
    for cands, name in ((far_ke, "蒿矢"), (far_by, "彈射")):
        if cands:
            same = [c for c in cands if (ZHI.index(c) % 2 == 0) == yang]
            pick = same[0] if len(same) == 1 else cands[0] if len(cands) == 1 else None
            assert pick is not None, "a 遙剋 tie beyond 比用 does not occur in the 720 課"
            return chain(pick), name
    if bazhuan:
        return bazhuan_chuan(gan_shang, ke_list[3][0], yang), "八專"
    # 不備: 《六壬存驗》〈別責課〉 — the first and the last 課 alike (the stem standing as its 寄宮), or the
    # second and the third alike
    buki = (gan_shang == ke_list[3][0] and JIGONG[gan] == ke_list[3][1]) or ke_list[1] == ke_list[2]
    if not buki:  # 四課 complete: 昴星
        if yang:
            return on("酉") + zhi_shang + gan_shang, "虎視"
        return under("酉") + gan_shang + zhi_shang, "冬蛇掩目"
    if yang:  # 別責
        partner = next(p.replace(gan, "") for p in GANHE if gan in p)
        first = on(JIGONG[partner])
    else:
        frame = next(f for f in SANHE if zhi in f)
        first = frame[(frame.index(zhi) + 1) % 3]
        if bieze == "sanhe_upper":
            first = on(first)
    return first + gan_shang + gan_shang, "別責"


def bazhuan_chuan(gan_shang: str, fourth_upper: str, yang: bool) -> str:
    first = ZHI[(ZHI.index(gan_shang) + 2) % 12] if yang else ZHI[(ZHI.index(fourth_upper) - 2) % 12]
    return first + gan_shang + gan_shang


SCHOOLS = list(
    itertools.product(("depth", "mengzhongji"), (True, False), ("sanhe", "sanhe_upper"), ("chong", "xing"))
)


@pytest.mark.parametrize(("school", "bazhuan_first", "bieze", "zimao"), SCHOOLS)
def test_all_720_against_oracle(school: str, bazhuan_first: bool, bieze: str, zimao: str) -> None:
    bad = []
    for day in sixty():
        for hour_ix in range(12):
            hour = ZHI[hour_ix]
            for yj in ZHI:
                want = oracle(day, yj, hour, school, bazhuan_first, bieze, zimao)
                c = cast(
                    day=day,
                    yue_jiang=yj,
                    hour=hour,
                    shehai=school,
                    bazhuan_first=bazhuan_first,
                    bieze_yin=bieze,
                    fuyin_zimao=zimao,
                )
                got = ("".join(ZHI[x.branch] for x in c.san_chuan), c.sub_method)
                if got != want:
                    bad.append((day, yj, hour, got, want))
            break  # offsets cover all 12 課 of the day through yj at one hour
    assert not bad, bad[:10]


def _counts(shehai: str) -> Counter[str]:
    table = structures(make_options(shehai=shehai))
    return Counter(s.sub_method for s, _ in table if s.method == "涉害")


def test_kejing_counts_depth_school() -> None:
    """《課經》 commentary (《六壬大全》卷七〈課經集〉〈涉害〉 按語): 涉害 63, 見機 9, 綴瑕 1 (戊辰日 干上子).

    The commentary gives 察微 2; counting the seat and stopping before the home finds 3: 丁卯日 at
    offset 1 (辰 on 卯 and 申 on 未 tie at one each) — the same 初傳 辰 either way (docs/liuren.md)."""
    c = _counts("depth")
    assert (c["涉害"], c["見機"], c["綴瑕"]) == (63, 9, 1)
    assert c["察微"] == 3


def test_fanyin_zhuixia_two() -> None:
    """The same commentary: 返吟 課 that fall to 綴瑕 are two — 戊辰 and 戊戌 days, 干上 亥."""
    table = structures(make_options())
    hits = [(s.day, s.chuan[0]) for s, _ in table if s.method == "返吟" and s.steps == ("綴瑕",)]
    names = sorted(sixty()[d] + ZHI[c] for d, c in hits)
    assert names == ["戊戌亥", "戊辰亥"]


def test_720_method_totals_shared_by_schools() -> None:
    """Schools differ only inside 涉害; every other 九宗門 count is the same in both."""
    a = Counter(s.method for s, _ in structures(make_options(shehai="depth")))
    b = Counter(s.method for s, _ in structures(make_options(shehai="mengzhongji")))
    assert a == b
    assert sum(a.values()) == 720
    assert a["伏吟"] == 60 and a["返吟"] == 60  # offset 0 and 6 for each of the sixty days


def test_jinglan_days_match_the_verse() -> None:
    """《課經》 verse: 返吟 without 剋 (井欄射) falls on 丑未 days of 丁己辛 — six days, nothing else."""
    table = structures(make_options())
    days = sorted(sixty()[s.day] for s, _ in table if s.sub_method == "井欄射")
    assert days == sorted(["丁丑", "丁未", "己丑", "己未", "辛丑", "辛未"])


def test_fuyin_ke_only_on_yi_and_gui_days() -> None:
    """《課經》 verse 伏吟: 乙癸有剋 — with 天地 unmoved only 乙 (辰) and 癸 (丑) days have a 剋."""
    table = structures(make_options())
    stems = {sixty()[s.day][0] for s, _ in table if s.method == "伏吟" and any(s.relations)}
    assert stems == {"乙", "癸"}


@pytest.mark.parametrize("school", ["depth", "mengzhongji"])
def test_zhuixia_only_on_wu_days_seated_on_si_hai(school: str) -> None:
    """The 《課經》 commentary: a 綴瑕 tie happens only on 戊 days, with the tied 神 on 巳 and 亥 — three 課
    in all (戊辰 干上子, and the 返吟 of 戊辰 and 戊戌 with 干上亥)."""
    hits = []
    for s, _ in structures(make_options(shehai=school)):
        if s.sub_method == "綴瑕" or "綴瑕" in s.steps:
            seats = {ZHI[(s.chuan[0] - s.offset) % 12]}
            hits.append((sixty()[s.day], ZHI[s.chuan[0]], seats))
    assert sorted(h[:2] for h in hits) == [("戊戌", "亥"), ("戊辰", "亥"), ("戊辰", "子")]
    assert all(h[2] <= {"巳", "亥"} for h in hits)
