"""Every table and derivation of the star spirits of seed 003, re-derived here from the seed's own statement.

Values are read through the public API (:func:`star_spirits`), never from the package's tables; the expected
values come from the rule as the seed states it (written out below, independently of the code), from the
seed's worked examples, or from the verse typed in again here. Sources: ``../shared/seeds/003_*.txt``
(《果老星宗》卷二) and 《星學大成》 (卷一〈論文昌〉〈論天厨〉〈論魁星詩〉, 卷二〈論天馬地驛〉, 卷三〈起小限〉
〈定喪門白虎吊客病符〉〈直難星歌〉, 卷八).
"""

from __future__ import annotations

import pytest

from xuanheng.core.ganzhi import GanZhi
from xuanheng.qizheng.spirits import YAO, hua_yao_table, star_spirits

S = "甲乙丙丁戊己庚辛壬癸"
B = "子丑寅卯辰巳午未申酉戌亥"
STARS = "日月水金火木土羅計孛炁"
# 化祿 row of the seed (003-021): the k-th star takes 祿 for the k-th stem
HUA_ROW = "火孛木金土月水炁計羅"
TITLES = "祿暗福耗蔭貴刑印囚權"
PLANET = "木火土金水"  # the planet of each element (木 0 … 水 4)
# 祿 (臨官) of each stem, 甲 … 癸 (003-111)
LU = "寅卯巳午巳午申酉亥子"
# the twelve palaces from the 命宮, counted backwards (《星學大成》卷三〈起小限〉 逆數右轉)
GONG = ["命宮", "財帛", "兄弟", "田宅", "男女", "奴僕", "夫妻", "疾厄", "遷移", "官祿", "福德", "相貌"]


def stem_element(s: int) -> int:
    return s // 2


def branch_element(b: int) -> int:
    """Element of a branch by its direction: 寅卯 東 木, 巳午 南 火, 申酉 西 金, 亥子 北 水, 四季 土."""
    return {2: 0, 3: 0, 5: 1, 6: 1, 8: 3, 9: 3, 11: 4, 0: 4}.get(b, 2)


def wu_hu(stem: int, branch: int) -> int:
    """五虎遁: 甲己之年丙作首 … the 寅 stem is 2·(stem mod 5) + 2; later branches count on from 寅."""
    return (2 * (stem % 5) + 2 + (branch - 2) % 12) % 10


def yi_ma(b: int) -> int:
    """驛馬: the branch that clashes the first member (長生) of the branch's 三合 group."""
    first = {0: 8, 4: 8, 8: 8, 2: 2, 6: 2, 10: 2, 11: 11, 3: 11, 7: 11, 5: 5, 9: 5, 1: 5}[b]
    return (first + 6) % 12


def year_of_stem(s: int) -> GanZhi:
    return GanZhi.of(s, s)


def year_of_branch(b: int) -> GanZhi:
    return GanZhi.of(b % 10, b)


def month_of(n: int) -> GanZhi:
    """A month pillar of lunar month n (月建 寅 + n − 1)."""
    b = (n + 1) % 12
    return GanZhi.of(b % 10, b)


YG = {name: i for i, name in enumerate(STARS)}  # each 曜 in its own palace (日 子, 月 丑 …)


def values(
    key: str,
    *,
    year: GanZhi | None = None,
    month: GanZhi | None = None,
    hour: int = 0,
    ming: int = 0,
    yao_gong: dict[str, int] | None = None,
    is_day: bool = True,
    options: dict[str, str] | None = None,
) -> str:
    """The terms (曜 or branches) of spirit *key*, joined, for the given inputs."""
    y = year or GanZhi(0)
    chart = star_spirits(
        y,
        month or GanZhi(2),
        GanZhi(0),
        GanZhi.of(hour % 10, hour),
        ming,
        yao_gong or YG,
        is_day=is_day,
        options=options,
    )
    return "".join(YAO[h.value] if h.target == "yao" else B[h.value] for h in chart.shensha if h.key == key)


def by_stem(key: str, **kw: object) -> list[str]:
    return [values(key, year=year_of_stem(s), **kw) for s in range(10)]  # type: ignore[arg-type]


def by_branch(key: str, **kw: object) -> list[str]:
    return [values(key, year=year_of_branch(b), **kw) for b in range(12)]  # type: ignore[arg-type]


def by_month(key: str, **kw: object) -> list[str]:
    return [values(key, month=month_of(n), **kw) for n in range(1, 13)]  # type: ignore[arg-type]


# 化曜 ------------------------------------------------------------------------------------------------------
def test_hua_yao_table_from_the_two_rows_003_021() -> None:
    """Lay the titles against the star row from the year stem's 祿 star: title k → star (stem + k)."""
    table = hua_yao_table()
    for s in range(10):
        assert table[S[s]] == {TITLES[k]: HUA_ROW[(s + k) % 10] for k in range(10)}
    # the seed's worked example: 甲 year, 祿→貴 is the sixth title and 火→月 the sixth star
    assert table["甲"]["貴"] == "月"
    # 003-060: 戊's 囚 is 木 and 癸's 囚 is 炁
    assert table["戊"]["囚"] == "木" and table["癸"]["囚"] == "炁"


def test_hua_yao_in_chart_with_palace_and_guan_003_022() -> None:
    yg = dict(YG)
    chart = star_spirits(GanZhi.parse("丙子"), GanZhi(2), GanZhi(0), GanZhi(0), 2, yg)
    j = chart.to_json()
    assert j["hua_yao"] == {TITLES[k]: HUA_ROW[(2 + k) % 10] for k in range(10)}
    guan = {
        "祿": ["官祿"],
        "暗": ["相貌"],
        "福": ["財帛", "福德", "遷移"],
        "耗": ["兄弟"],
        "蔭": ["夫妻"],
        "貴": ["男女"],
        "刑": ["奴僕"],
        "印": ["田宅"],
        "囚": ["疾厄"],
        "權": ["命宮"],
    }
    for entry in j["hua_yao_at"]:
        y = STARS.index(entry["yao"])
        assert entry["branch"] == B[y]  # each 曜 stands in its own palace in YG
        assert entry["gong"] == GONG[(2 - y) % 12]
        assert entry["guan"] == guan[entry["name"]]
        assert "003-021" in entry["src"] and "003-022" in entry["src"]


# stem tables of 曜 spirits --------------------------------------------------------------------------------
def test_ke_ming_is_the_planet_of_the_stem_element_003_063() -> None:
    assert by_stem("ke_ming") == [PLANET[stem_element(s)] for s in range(10)]


def test_guan_xing_is_the_hua_lu_of_the_zheng_guan_stem_003_072() -> None:
    """官星 = the 化祿 star of the year stem's 正官: the stem of the element that overcomes it, opposite in
    yin and yang (甲 → 辛 → 炁)."""
    expect = []
    for s in range(10):
        overcomer = (stem_element(s) - 2) % 5
        guan = 2 * overcomer + (1 - s % 2)
        expect.append(HUA_ROW[guan])
    assert by_stem("guan_xing") == expect
    assert "日" not in "".join(expect)  # 太陽 is never the 官星 (003-071)


def test_xi_shen_is_the_hua_lu_row_reversed_003_076() -> None:
    assert by_stem("xi_shen") == [HUA_ROW[::-1][s] for s in range(10)]


def test_yin_xing_yang_own_planet_yin_the_five_others_003_073() -> None:
    got = by_stem("yin_xing")
    assert [got[s] for s in range(0, 10, 2)] == [PLANET[stem_element(s)] for s in range(0, 10, 2)]
    assert [got[s] for s in range(1, 10, 2)] == list("日月羅計孛")
    assert "炁" not in "".join(got)


def test_wen_xing_verse_003_067() -> None:
    # 甲羅 乙計 丙戊金 丁火 己炁 (verse: 巳氣) 庚木 辛土 壬日 癸月
    assert by_stem("wen_xing") == list("羅計金火金炁木土日月")
    assert not set("".join(by_stem("wen_xing"))) & set("水孛")  # 003-069: 水 and 孛 have no substance


def test_kui_xing_verse_and_geng_option_003_070() -> None:
    got = by_stem("kui_xing")
    assert got == list("月日羅計火金木孛炁水")
    assert got[1] == "日"  # 乙 restored (《星學大成》卷一〈論魁星詩〉: 甲用太陰乙太陽)
    assert sorted("".join(got)) == sorted(set(STARS) - {"土"})  # every 曜 but 土, once each
    alt = by_stem("kui_xing", options={"kui_xing_geng": "shui"})
    assert alt[6] == "水" and alt[:6] == got[:6] and alt[7:] == got[7:]


def test_cui_guan_verse_003_074() -> None:
    got = by_stem("cui_guan")
    assert got == list("金水日羅木炁孛土月計")
    assert sorted("".join(got)) == sorted(set(STARS) - {"火"})  # 火 never (its place is the 太陽's)
    # the gloss's four examples are in the table: 甲 金, 乙 水, 丙 日, 丁 羅
    assert got[:4] == list("金水日羅")


def test_lu_shen_003_075() -> None:
    got = by_stem("lu_shen")
    assert got == ["木孛", "水", "計", "羅", "土", "火", "金", "炁", "日", "月"]
    assert sorted("".join(got)) == sorted(STARS)  # the eleven 曜, 甲 taking two
    # only 戊 and 辛 agree with the 化祿 (NOTES.md 17)
    assert [s for s in range(10) if got[s] == HUA_ROW[s]] == [4, 7]


def test_jue_xing_by_year_branch_003_077() -> None:
    verse = {"子": "土", "申": "土", "亥": "火", "未": "火", "午": "水", "丑": "水", "卯": "炁"}
    verse |= {"寅": "木", "巳": "木", "酉": "金", "戌": "金", "辰": "孛"}
    assert by_branch("jue_xing") == [verse[b] for b in B]


# 天馬/地驛 -------------------------------------------------------------------------------------------------
def _tian_ma_di_yi(b: int, lu_gan: dict[int, str]) -> tuple[str, str]:
    """003-080: 驛馬 of the year branch; the stem(s) whose 祿 is there; 地驛 = its element's planet,
    天馬 = its 化祿 star."""
    ma = yi_ma(b)
    stems = [S.index(x) for x in lu_gan[ma]]
    return "".join(HUA_ROW[s] for s in stems), "".join(PLANET[stem_element(s)] for s in stems)


@pytest.mark.parametrize(
    ("choice", "si"),
    [(None, "丙"), ("verse", "丙"), ("bing_wu", "丙戊")],
)
def test_tian_ma_di_yi_from_the_method_003_080(choice: str | None, si: str) -> None:
    lu_gan = {2: "甲", 8: "庚", 5: si, 11: "壬"}
    opts = {"tian_ma_di_yi": choice} if choice else None
    expect = [_tian_ma_di_yi(b, lu_gan) for b in range(12)]
    assert by_branch("tian_ma", options=opts) == [e[0] for e in expect]
    assert by_branch("di_yi", options=opts) == [e[1] for e in expect]


def test_tian_ma_di_yi_verse_003_079_and_translation() -> None:
    # verse: 申子辰 火木, 寅午戌 水金, 亥卯未 木火, 巳酉丑 計水 (first star 天馬)
    group = {"申子辰": "火木", "寅午戌": "水金", "亥卯未": "木火", "巳酉丑": "計水"}
    ma = [next(v[0] for g, v in group.items() if b in g) for b in B]
    yi = [next(v[1] for g, v in group.items() if b in g) for b in B]
    assert by_branch("tian_ma") == ma and by_branch("di_yi") == yi
    # the Korean translation swaps the two stars for 亥卯未 and 巳酉丑
    opts = {"tian_ma_di_yi": "translation"}
    for b in range(12):
        swapped = B[b] in "亥卯未巳酉丑"
        got = (values("tian_ma", year=year_of_branch(b), options=opts),)
        got += (values("di_yi", year=year_of_branch(b), options=opts),)
        assert got == ((yi[b], ma[b]) if swapped else (ma[b], yi[b]))


# 卦氣 and the derivations keyed by 命宮 ---------------------------------------------------------------------
# 納甲 (003-082): 乾 甲壬, 坤 乙癸, 艮 丙, 兌 丁, 坎 戊, 離 己, 震 庚, 巽 辛
NA_JIA = {"乾": "甲壬", "坤": "乙癸", "艮": "丙", "兌": "丁", "坎": "戊", "離": "己", "震": "庚", "巽": "辛"}
# 後天 palaces of the trigrams; the corner trigrams span two branches
HOU_TIAN = {
    "坎": "子",
    "艮": "丑寅",
    "震": "卯",
    "巽": "辰巳",
    "離": "午",
    "坤": "未申",
    "兌": "酉",
    "乾": "戌亥",
}


def gua_qi(s: int) -> int:
    """The 卦氣 palace: the trigram's 後天 branch, the later one for a corner trigram (乾 → 亥 and 坤 → 申
    as the seed states)."""
    trigram = next(t for t, stems in NA_JIA.items() if S[s] in stems)
    return B.index(HOU_TIAN[trigram][-1])


def test_gua_qi_palaces_003_082() -> None:
    assert by_stem("gua_qi") == [B[gua_qi(s)] for s in range(10)]
    assert by_stem("gua_qi")[0] == "亥" and by_stem("gua_qi")[1] == "申"  # stated in the seed


def guan_lu(ming: int) -> int:
    return (ming - GONG.index("官祿")) % 12


def opposite_ruler(b: int) -> str:
    """宮主 of a palace (003-012): 天道 turns left from 寅 (寅 木 卯 火 辰 金 巳 水), 地道 right from 亥
    (亥 木 戌 火 酉 金 申 水), 子 丑 土, 午 日, 未 月."""
    ruler = {0: "土", 1: "土", 6: "日", 7: "月"}
    for k, e in enumerate("木火金水"):
        ruler[2 + k] = e
        ruler[11 - k] = e
    return ruler[b]


@pytest.mark.parametrize("s", range(10))
def test_ming_gong_derivations_second_implementation(s: int) -> None:
    """科甲 (003-065), 天元祿 (003-084), 地元祿 (003-085), 人元祿 (003-086), 天經/地緯 (003-088), 果老
    天馬/地驛 (003-090), 職元 (003-091) and 局主 (003-093) for every 命宮, from the seed's steps."""
    year = year_of_stem(s)
    for ming in range(12):
        got = {
            k: values(k, year=year, ming=ming)
            for k in (
                "tian_yuan_lu",
                "di_yuan_lu",
                "ren_yuan_lu",
                "tian_jing",
                "di_wei",
                "tian_ma_guolao",
                "di_yi_guolao",
                "zhi_yuan",
                "ju_zhu",
                "ke_jia",
            )
        }
        ming_stem = wu_hu(s, ming)
        # 地元祿: stem on its 卦氣 palace, branches counted backwards to the 命宮, stems forwards
        di_yuan_stem = (s + (gua_qi(s) - ming) % 12) % 10
        # 職元: the same counted forwards
        zhi_stem = (s + (ming - gua_qi(s)) % 12) % 10
        guan_stem = wu_hu(s, guan_lu(ming))
        expect = {
            "tian_yuan_lu": HUA_ROW[ming_stem],
            "di_yuan_lu": PLANET[stem_element(di_yuan_stem)],
            "ren_yuan_lu": PLANET[(stem_element(guan_stem) - 2) % 5],
            "tian_jing": PLANET[stem_element(ming_stem)],
            "di_wei": PLANET[branch_element(ming)],
            "tian_ma_guolao": PLANET[branch_element(B.index(LU[guan_stem]))],
            "di_yi_guolao": PLANET[branch_element(yi_ma(guan_lu(ming)))],
            "zhi_yuan": HUA_ROW[zhi_stem],
            "ju_zhu": HUA_ROW[(zhi_stem + 5) % 10],
            "ke_jia": opposite_ruler((ming + 6) % 12),
        }
        assert got == expect, (S[s], B[ming])
        alt = values("zhi_yuan", year=year, ming=ming, options={"zhi_yuan": "element"})
        assert alt == PLANET[stem_element(zhi_stem)]
        # 局主 is built on the 職元 stem, whichever star the 職元 option takes
        assert values("ju_zhu", year=year, ming=ming, options={"zhi_yuan": "element"}) == expect["ju_zhu"]


def test_worked_examples_of_the_seed() -> None:
    """The seed's examples: 甲 year, 命 in 寅 (003-084 … 003-093), 命 寅 → 科甲 水 (003-065)."""
    jia, yin = GanZhi.parse("甲子"), 2
    assert values("tian_yuan_lu", year=jia, ming=yin) == "木"  # 丙寅 → 丙 化祿 木
    assert values("di_yuan_lu", year=jia, ming=yin) == "水"  # 亥 甲 … 寅 癸 → 水
    assert values("ren_yuan_lu", year=jia, ming=yin) == "木"  # 官祿 巳 己 → 土 → 木
    assert values("tian_jing", year=jia, ming=yin) == "火"  # 丙 火
    assert values("di_wei", year=jia, ming=yin) == "木"  # 寅 木
    assert values("tian_ma_guolao", year=jia, ming=yin) == "火"  # 己巳, 己 祿 午 → 火
    assert values("di_yi_guolao", year=jia, ming=yin) == "水"  # 巳 馬 亥 → 水
    assert values("zhi_yuan", year=jia, ming=yin, options={"zhi_yuan": "element"}) == "火"  # 丁火為職元
    assert values("zhi_yuan", year=jia, ming=yin) == "金"  # 丁 化祿 金 (the method)
    assert values("ju_zhu", year=jia, ming=yin) == "計"  # 丁 合 壬 → 計
    assert values("ke_jia", ming=yin) == "水"  # opposite 申, 宮主 水
    # 《星學大成》卷一〈定科甲星〉: 人馬宮 (寅) 為命, 對 陰陽宮 (申) → 水星
    assert values("ke_jia", ming=B.index("寅")) == "水"


def test_palace_order_counts_backwards() -> None:
    """命 寅 → 官祿 巳 (003-086); 男女 opposite 福德 (003-032); the seventh, 夫妻 (妻妾), opposite 命宮."""
    chart = star_spirits(GanZhi(0), GanZhi(2), GanZhi(0), GanZhi(0), 2, YG)
    palaces = chart.to_json()["palaces"]
    assert [p["gong"] for p in palaces] == GONG
    assert [p["branch"] for p in palaces] == [B[(2 - k) % 12] for k in range(12)]
    by_name = {p["gong"]: B.index(p["branch"]) for p in palaces}
    assert B[by_name["官祿"]] == "巳"
    assert (by_name["男女"] - by_name["福德"]) % 12 == 6
    assert (by_name["夫妻"] - by_name["命宮"]) % 12 == 6


def test_tian_lu_gua_qi_examples_003_095() -> None:
    # 甲, day birth, 太陽 in 酉: 亥 甲, 戌 乙, 酉 丙 → 丙's 祿 巳
    yg = dict(YG, 日=B.index("酉"))
    assert values("tian_lu_gua_qi", year=GanZhi.parse("甲子"), yao_gong=yg, is_day=True) == "巳"
    # 乙, night birth, 太陰 in 卯: 坤 申 乙 … 卯 庚 → 庚's 祿 申
    yg = dict(YG, 月=B.index("卯"))
    assert values("tian_lu_gua_qi", year=GanZhi.parse("乙丑"), yao_gong=yg, is_day=False) == "申"


@pytest.mark.parametrize("s", range(10))
def test_tian_lu_gua_qi_every_luminary_palace(s: int) -> None:
    for lum in range(12):
        for day in (True, False):
            yg = dict(YG, **{"日" if day else "月": lum})
            stem = (s + (gua_qi(s) - lum) % 12) % 10
            assert values("tian_lu_gua_qi", year=year_of_stem(s), yao_gong=yg, is_day=day) == LU[stem]


def test_dou_biao_003_097() -> None:
    # 戌 hour on the 月建, forward to the birth hour; example: month 1 (寅), 卯 hour → 未
    assert values("dou_biao", month=month_of(1), hour=B.index("卯")) == "未"
    for n in range(1, 13):
        for h in range(12):
            expect = B[((n + 1) + (h - B.index("戌"))) % 12]
            assert values("dou_biao", month=month_of(n), hour=h) == expect


# palace spirits by stem -----------------------------------------------------------------------------------
def test_tian_yi_and_yu_tang_verses_003_102_103() -> None:
    """天乙 003-102 and 玉堂 003-103 against their verses."""
    # 天乙 (晝): 甲未 戊庚丑 乙申 己子 丙酉 辛寅 丁亥 壬卯 癸巳
    assert by_stem("tian_yi") == list("未申酉亥丑子丑寅卯巳")
    # 玉堂 (夜): 甲丑 戊庚未 丁酉 丙亥 乙子 己申 壬巳 (己 read as 巳) 癸卯 辛午
    assert by_stem("yu_tang") == list("丑子亥酉未申未午巳卯")
    # each stem's two 貴 are a pair that does not repeat (壬 卯/巳, 癸 巳/卯)
    assert all(a != b for a, b in zip(by_stem("tian_yi"), by_stem("yu_tang"), strict=True))
    mao = by_stem("yu_tang", options={"yu_tang_ren": "mao"})
    assert mao[8] == "卯" and mao[:8] == by_stem("yu_tang")[:8]


def test_tian_yi_tai_li_table() -> None:
    """《星學大成》卷一〈論玉堂〉: 晝 甲戊庚牛 乙己鼠 丙丁猪 壬癸蛇 辛馬;
    夜 甲戊庚羊 乙己猴 丙丁雞 辛虎 壬癸兔."""
    opts = {"tian_yi_table": "tai_li"}
    assert by_stem("tian_yi", options=opts) == list("丑子亥亥丑子丑午巳巳")
    assert by_stem("yu_tang", options=opts) == list("未申酉酉未申未寅卯卯")


def lu_of_child(s: int, skip_earth: bool) -> int:
    """The 祿 of the stem *s* generates (same polarity); with *skip_earth*, a 火 stem passes through 土
    (which has no 祿 place of its own) to 金, as the seed explains 丙 → 戊 → 庚 申, 丁 → 己 → 辛 酉."""
    child = (s + 2) % 10
    if skip_earth and stem_element(child) == 2:
        child = (child + 2) % 10
    return B.index(LU[child])


def test_wen_chang_003_104() -> None:
    expect = [B[lu_of_child(s, skip_earth=True)] for s in range(10)]
    expect[7] = "戌"  # 辛: the stated exception (戌, between 從魁 and 河魁)
    assert by_stem("wen_chang") == expect
    assert not set("".join(expect)) & set("子丑辰未")  # the hidden places are never used
    zi = by_stem("wen_chang", options={"wen_chang_xin": "zi"})
    assert zi[7] == B[lu_of_child(7, skip_earth=True)] == "子"
    assert zi[:7] == expect[:7] and zi[8:] == expect[8:]


def test_tian_chu_verse_and_gloss_003_106() -> None:
    # verse: 甲乙 巳午, 丙 子, 丁戊 巳午, 己 申, 庚 寅, 辛 午, 壬 酉, 癸 亥
    assert by_stem("tian_chu") == list("巳午子巳午申寅午酉亥")
    # gloss: the 祿 of the 食神 (甲 食 丙 → 巳 …), which only 甲 and 乙 of the verse follow
    gloss = [B[lu_of_child(s, skip_earth=False)] for s in range(10)]
    assert by_stem("tian_chu", options={"tian_chu": "shi_shen_lu"}) == gloss
    assert [s for s in range(10) if gloss[s] == by_stem("tian_chu")[s]] == [0, 1]


def test_lu_ren_tang_fu_guo_yin_003_111() -> None:
    table = {  # the seed's table: 祿 / 刃 / 飛刃唐符 / 國印
        "甲": "寅卯酉戌",
        "乙": "卯辰戌亥",
        "丙": "巳午子丑",
        "戊": "巳午子丑",
        "丁": "午未丑寅",
        "己": "午未丑寅",
        "庚": "申酉卯辰",
        "辛": "酉戌辰巳",
        "壬": "亥子午未",
        "癸": "子丑未申",
    }
    for s in range(10):
        got = "".join(by_stem(k)[s] for k in ("lu_xun", "yang_ren", "tang_fu", "guo_yin"))
        assert got == table[S[s]]
        lu = B.index(LU[s])  # the rule: 刃 祿+1, 唐符 祿前八位 (祿+7), 國印 第九 (祿+8)
        assert got == "".join(B[(lu + k) % 12] for k in (0, 1, 7, 8))
    chart = star_spirits(GanZhi.parse("乙丑"), GanZhi(2), GanZhi(0), GanZhi(0), 0, YG)
    assert [h.name for h in chart.shensha if h.key == "yang_ren"] == ["陰刃"]


# palace spirits by year branch ----------------------------------------------------------------------------
def test_year_branch_offsets_inclusive_counting() -> None:
    """歲駕 003-109, 天雄/地雌 003-114, 年符 003-116, 小耗/大耗 003-120: the 歲駕 counts as the first place
    (《星學大成》卷三 子年 一太歲子 三喪門寅 九白虎申)."""
    for key, k in (
        ("sui_jia", 0),
        ("tian_xiong", 2),
        ("di_ci", 8),
        ("nian_fu", 4),
        ("xiao_hao", 5),
        ("da_hao", 6),
    ):
        assert by_branch(key) == [B[(b + k) % 12] for b in range(12)], key
    swapped = {"tian_xiong_di_ci": "identity"}
    assert by_branch("tian_xiong", options=swapped) == [B[(b + 8) % 12] for b in range(12)]
    assert by_branch("di_ci", options=swapped) == [B[(b + 2) % 12] for b in range(12)]


def test_sui_dian_003_107() -> None:
    assert values("sui_dian", year=GanZhi.parse("丙子")) == "寅"
    assert values("sui_dian", year=GanZhi.parse("丙辰")) == "午"  # 《星學大成》卷一〈論歲殿〉
    for i in range(60):
        g = GanZhi(i)
        assert values("sui_dian", year=g) == B[(g.branch + g.stem) % 12]


def test_di_sha_xian_chi_da_sha() -> None:
    """的殺 003-130 (子午卯酉 巳, 寅申巳亥 酉, 辰戌丑未 丑), 咸池 003-132, 大煞 003-134."""
    assert by_branch("di_sha") == ["巳" if b % 3 == 0 else "丑" if b % 3 == 1 else "酉" for b in range(12)]
    # 003-132: 申子辰 酉, 寅午戌 卯, 巳酉丑 午, 亥卯未 子 (the 沐浴 of the group's element)
    xian = {"申子辰": "酉", "寅午戌": "卯", "巳酉丑": "午", "亥卯未": "子"}
    assert by_branch("xian_chi") == [next(v for g, v in xian.items() if b in g) for b in B]
    # 003-134 verse: 子猴 丑雞 寅犬 卯蛇 辰午 巳未 午虎 未兔 申龍 酉豬 戌鼠 亥牛
    assert by_branch("da_sha") == list("申酉戌巳午未寅卯辰亥子丑")


def test_gu_chen_gua_su_jie_sha_tian_gou_beyond_the_seed() -> None:
    """The four spirits beyond seed 003, each from its rule statement (not the verse's table):

    * 孤辰, 寡宿 (《星學大成》卷三〈孤辰寡宿歌〉): the year branch's season of three (寅卯辰 spring …);
      孤辰 is the branch that opens the next season, 寡宿 the branch that closes the season before;
    * 劫殺 (seed 000-065, by the year branch as 卷十's note reads it): the 絕 place of the element of the
      year branch's 三合 group — the branch three before that element's 長生 (水 長生 申 → 巳);
    * 天狗 (卷三〈定天狗〉 two places behind the 歲駕; 〈總論駕前神煞歌〉 the eleventh counted from the
      太歲)."""
    for b in range(12):
        season_first = 2 + 3 * ((b - 2) % 12 // 3)  # 寅 of spring, 巳 of summer, 申 of autumn, 亥 of winter
        assert values("gu_chen", year=year_of_branch(b)) == B[(season_first + 3) % 12], B[b]
        assert values("gua_su", year=year_of_branch(b)) == B[(season_first - 1) % 12], B[b]
        # the 三合 element's 長生: 申子辰 水 申, 亥卯未 木 亥, 寅午戌 火 寅, 巳酉丑 金 巳 (first member)
        chang_sheng = {0: 8, 4: 8, 8: 8, 3: 11, 7: 11, 11: 11, 2: 2, 6: 2, 10: 2, 1: 5, 5: 5, 9: 5}[b]
        assert values("jie_sha", year=year_of_branch(b)) == B[(chang_sheng - 3) % 12], B[b]
        assert values("tian_gou", year=year_of_branch(b)) == B[(b - 2) % 12], B[b]
        assert values("tian_gou", year=year_of_branch(b)) == B[(b + 11 - 1) % 12], B[b]  # 11th, inclusive
    # the verse's own words for one year of each season, typed in again: 寅卯辰 怕 巳 丑, 亥子丑 寅 戌
    for b, gu, gua in ((3, "巳", "丑"), (0, "寅", "戌")):
        assert values("gu_chen", year=year_of_branch(b)) == gu
        assert values("gua_su", year=year_of_branch(b)) == gua
    assert values("jie_sha", year=year_of_branch(4)) == "巳"  # 卷十's note: 申子辰生人 劫煞 巳
    assert values("tian_gou", year=year_of_branch(0)) == "戌"  # 子年 十一 弔客 天狗: 戌


def test_kong_wang_003_135_136() -> None:
    for i in range(60):
        g = GanZhi(i)
        head = (g.branch - g.stem) % 12  # the 旬's 甲 branch
        void = [(head + 10) % 12, (head + 11) % 12]  # the two branches the ten stems never reach
        assert values("kong_wang", year=g, options={"kong_wang": "both"}) == "".join(B[b] for b in void)
        assert values("kong_wang", year=g) == B[next(b for b in void if b % 2 == g.stem % 2)]
    chart = star_spirits(GanZhi.parse("乙丑"), GanZhi(2), GanZhi(0), GanZhi(0), 0, YG)
    assert [h.tag for h in chart.shensha if h.key == "kong_wang"] == ["亡"]


# month spirits --------------------------------------------------------------------------------------------
def test_month_offsets() -> None:
    assert by_month("yue_fu") == [B[(B.index("午") + n - 1) % 12] for n in range(1, 13)]  # 003-118
    assert by_month("yue_lian") == [B[(B.index("申") + n - 1) % 12] for n in range(1, 13)]  # 003-125
    # 月廉主: the 宮主 of that palace (month 1 → 申 → 水)
    assert by_month("yue_lian_zhu") == [opposite_ruler((B.index("申") + n - 1) % 12) for n in range(1, 13)]
    assert by_month("yue_lian_zhu")[0] == "水"


def test_zhu_shou_jie_fa_003_100() -> None:
    """From 子 backwards (months 1–4), turn at month 5 to 戌 and run forwards to 卯 (months 5–10), turn at
    month 11 to 寅 and run backwards (months 11–12)."""
    seq = [B.index("子") - k for k in range(4)]
    seq += [B.index("戌") + k for k in range(6)]
    seq += [B.index("寅") - k for k in range(2)]
    assert by_month("zhu_shou") == [B[b % 12] for b in seq]


def test_tian_hao_di_hao_003_122_124() -> None:
    """天耗 003-122: 子 + 2(n − 1); 地耗 003-124: 酉 + 2(n − 1)."""
    assert by_month("tian_hao") == [B[2 * (n - 1) % 12] for n in range(1, 13)]
    di = [B[(B.index("酉") + 2 * (n - 1)) % 12] for n in range(1, 13)]
    assert by_month("di_hao") == di
    chou = by_month("di_hao", options={"di_hao_liu": "chou"})
    assert [chou[n - 1] for n in (6, 12)] == ["丑", "丑"]
    assert [c for n, c in enumerate(chou, 1) if n not in (6, 12)] == [
        c for n, c in enumerate(di, 1) if n not in (6, 12)
    ]


def test_yue_sha_003_127() -> None:
    # 正戌 二巳 三午 四未 五寅 六卯 七辰 八亥 九子 十丑 十一申 十二酉 (also 《星學大成》卷八, as 飛廉)
    assert by_month("yue_sha") == list("戌巳午未寅卯辰亥子丑申酉")


def test_zhi_nan_choices_003_128() -> None:
    assert by_month("zhi_nan") == [
        "日",
        "日",
        "月",
        "月",
        "火羅",
        "火羅",
        "水孛",
        "水孛",
        "木炁",
        "木炁",
        "金",
        "金",
    ]
    tu = by_month("zhi_nan", options={"zhi_nan": "tu_ji"})
    assert tu[:10] == by_month("zhi_nan")[:10] and tu[10:] == ["土計", "土計"]
    split = by_month("zhi_nan", options={"zhi_nan": "split"})
    assert split == ["日", "日", "月", "月", "火", "羅", "水", "孛", "木", "炁", "金", "金"]
