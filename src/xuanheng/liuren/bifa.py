"""The hundred 法 of 《畢法賦》 (凌福之; 《六壬大全》(四庫本) 卷十一–卷十二) as conditions on a 大六壬 chart.

Each 法 is a rule of ``data/bifa.toml`` whose ``when`` names one of the predicates below (``fa = "…"``);
every predicate is the condition the 法 and its commentary state, written as a small function of the
chart. 法 whose condition needs what a chart does not carry (the question's own 類神, the querent's
行限, a judgment about how to read) are in the data file with ``needs`` and no condition, and never fire.

Terms (from the day stem's element unless said otherwise): 長生 / 沐浴 (敗) / 帝旺 / 死 / 墓 / 絕 / 胎 by
the twelve stages of the element (土 with 水 for 墓 and 長生, as 《六壬大全》 counts, except 胎, which the
commentary of 第十九法 counts with 火: 戊己 胎 子); 鬼 = the element overcoming the stem, 財 = the one it
overcomes, 脫 = the one it generates; 旬空 of the day's 旬; 晝/夜 貴人 by the chart's 貴人 table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from xuanheng.core.ganzhi import BRANCH_ELEMENT, BRANCHES, JI_GONG, SIXTY, STEM_ELEMENT, dun_gan, xun_kong
from xuanheng.core.guiren import TIAN_JIANG, TIAN_JIANG_ELEMENT
from xuanheng.core.relations import CHONG, LIU_HAI, XING, liu_he
from xuanheng.core.shensha_basic import HUA_GAI, LU, YI_MA
from xuanheng.core.wangshuai import state_by_month
from xuanheng.liuren.cast import GUIREN
from xuanheng.liuren.chart import LiuRenChart
from xuanheng.rules import Vocabulary

#: 長生 branch of each element (木 亥, 火 寅, 土 申 with 水, 金 巳, 水 申)
CHANG_SHENG: tuple[int, ...] = (11, 2, 8, 5, 8)
#: 胎 of each element as 第十九法's commentary counts it (木 酉, 火 子, 土 子, 金 卯, 水 午)
TAI: tuple[int, ...] = (9, 0, 0, 3, 6)
#: 三合 frames and their element
FRAMES: dict[frozenset[int], int] = {
    frozenset({8, 0, 4}): 4,
    frozenset({2, 6, 10}): 1,
    frozenset({11, 3, 7}): 0,
    frozenset({5, 9, 1}): 3,
}
#: 三會 (the three branches of one 方) and their element: 寅卯辰 木, 巳午未 火, 申酉戌 金, 亥子丑 水
FANG: dict[frozenset[int], int] = {
    frozenset({2, 3, 4}): 0,
    frozenset({5, 6, 7}): 1,
    frozenset({8, 9, 10}): 3,
    frozenset({11, 0, 1}): 4,
}
#: the 仲 (middle) branch of each frame, by element
FRAME_ZHONG: dict[int, int] = {4: 0, 1: 6, 0: 3, 3: 9}
#: 關神 by season (春 丑, 夏 辰, 秋 未, 冬 戌), 第六十五法
GUAN_SHEN: tuple[int, ...] = (1, 4, 7, 10)


def stage(element: int, steps: int) -> int:
    """The branch *steps* stages after the 長生 of *element* (0 長生, 1 沐浴, 4 帝旺, 7 死, 8 墓, 9 絕)."""
    return (CHANG_SHENG[element] + steps) % 12


def overcomes(a: int, b: int) -> bool:
    """Element *a* overcomes *b* (剋 = +2)."""
    return (b - a) % 5 == 2


def generates(a: int, b: int) -> bool:
    """Element *a* generates *b* (生 = +1)."""
    return (b - a) % 5 == 1


#: the 遁干 of each branch in the 旬 of each day (by day number, then branch): core.ganzhi.dun_gan's answers,
#: made once
DAY_DUN_GAN: tuple[tuple[int | None, ...], ...] = tuple(
    tuple(dun_gan(b, SIXTY[d]) for b in range(12)) for d in range(60)
)


class Ctx:
    """What the predicates look at: the chart, the 月建 and 太歲 when known, and what the predicates read
    of the chart again and again (the day stem's element, the 三傳, the 四課's upper spirits, the void, the
    課體 names, the 遁干 of the day's 旬), worked out once when it is made.

    What a predicate may read beyond the 課 (the day, the 天地盤's offset, the 天將, the 貴人, the 三傳 and
    the 課體) is read through :attr:`month`, :attr:`year`, :attr:`ben_ming` and :attr:`yue_jiang`, which
    note that they were read: :meth:`holds` keeps a predicate's answer for the 課 (:attr:`ke_key`) when it
    read none of them, so the charts of one 課 in other months, years or hours ask it once
    (tests/liuren/test_bifa_memo.py checks the memo against the predicates called afresh)."""

    __slots__ = (
        "_ben_ming",
        "_memo",
        "_month",
        "_read",
        "_year",
        "_yue_jiang",
        "branch_el",
        "chart",
        "chuan",
        "dun",
        "ji",
        "ke_key",
        "ke_ti",
        "kong_set",
        "offset",
        "stem_el",
        "uppers",
    )

    def __init__(self, chart: LiuRenChart, month: int | None, year: int | None) -> None:
        self.chart = chart
        self._month = month
        self._year = year
        self._ben_ming = chart.ben_ming
        self._yue_jiang = chart.yue_jiang
        self._read = False
        self._memo: dict[str, bool] | None = None
        day = chart.day
        self.stem_el: int = STEM_ELEMENT[day.stem]
        self.branch_el: int = BRANCH_ELEMENT[day.branch]
        self.ji: int = JI_GONG[day.stem]
        c = chart.san_chuan
        self.chuan: tuple[int, int, int] = (c[0].branch, c[1].branch, c[2].branch)
        self.uppers: tuple[int, ...] = tuple(k.upper for k in chart.si_ke)
        self.offset: int = (chart.yue_jiang - chart.hour) % 12
        self.kong_set: tuple[int, ...] = tuple(xun_kong(day))
        self.ke_ti: frozenset[str] = frozenset(k.name for k in chart.ke_ti)
        self.dun: tuple[int | None, ...] = DAY_DUN_GAN[day.index]
        #: everything else a predicate reads: the day, the 天地盤 (by its offset), the 天將, the 貴人, the
        #: 三傳 and its method, the 課體 names (the 四課, 干上 and 支上 follow from the day and the offset)
        self.ke_key: tuple[object, ...] = (
            day.index,
            self.offset,
            chart.jiang_on,
            chart.gui_ren,
            chart.method,
            self.chuan,
            self.ke_ti,
        )

    @property
    def month(self) -> int | None:
        """The 月建 (noted as read)."""
        self._read = True
        return self._month

    @property
    def year(self) -> int | None:
        """The 太歲 (noted as read)."""
        self._read = True
        return self._year

    @property
    def ben_ming(self) -> int | None:
        """The querent's 本命 (noted as read)."""
        self._read = True
        return self._ben_ming

    @property
    def yue_jiang(self) -> int:
        """The 月將 (noted as read: the 課 fixes only its offset from the hour)."""
        self._read = True
        return self._yue_jiang

    def holds(self, name: str) -> bool:
        """Whether the predicate *name* holds: its answer kept for this 課 when it read nothing beyond it
        (a memo filled by calling the predicate; a predicate that read the month, year, 本命 or 月將 is
        asked again on every chart)."""
        memo = self._memo
        if memo is None:
            memo = _HELD.get(self.ke_key)
            if memo is None:
                if len(_HELD) >= _HELD_MAX:
                    _HELD.clear()
                memo = _HELD[self.ke_key] = {}
            self._memo = memo
        got = memo.get(name)
        if got is not None:
            return got
        self._read = False
        got = bool(PREDICATES[name](self))
        if not self._read:
            memo[name] = got
        return got

    def held(self) -> list[str]:
        """The names of the predicates that hold (:meth:`holds` on each): for this 課, those whose kept
        answer is yes, then those asked again on every chart that hold here."""
        split = _SPLIT.get(self.ke_key)
        if split is None:
            holds = self.holds
            yes = [name for name in PREDICATES if holds(name)]
            memo = self._memo
            assert memo is not None
            split = (
                tuple(n for n in yes if n in memo),
                tuple(n for n in PREDICATES if n not in memo),
            )
            if len(_SPLIT) >= _HELD_MAX:
                _SPLIT.clear()
            _SPLIT[self.ke_key] = split
            return yes
        kept, asked = split
        return [*kept, *(n for n in asked if self.holds(n))]

    def seat(self, b: int) -> int:
        return self.chart.lower_of(b)

    def jiang(self, b: int) -> str:
        return TIAN_JIANG[self.chart.jiang_on[b]]

    def kong(self, b: int) -> bool:
        return b in self.kong_set

    def kong_or_on_kong(self, b: int) -> bool:
        return self.kong(b) or self.kong(self.seat(b))

    def gui_pair(self) -> tuple[int, int]:
        """(晝貴, 夜貴) 天盤 branches of the day by the chart's 貴人 table."""
        day_t, night_t, _, _ = GUIREN[self.chart.gui_ren.table]
        return day_t[self.chart.day.stem], night_t[self.chart.day.stem]

    def in_ke_chuan(self, b: int) -> bool:
        return b in self.uppers or b in self.chuan

    def gui_of(self, b: int) -> bool:
        """*b* is a 鬼 of the day stem (its element overcomes the stem's)."""
        return overcomes(BRANCH_ELEMENT[b], self.stem_el)

    def cai_of(self, b: int) -> bool:
        return overcomes(self.stem_el, BRANCH_ELEMENT[b])


Pred = Callable[[Ctx], bool]
PREDICATES: dict[str, Pred] = {}
#: the predicates' answers by 課 (:attr:`Ctx.ke_key`), those that read nothing beyond it (:meth:`Ctx.holds`)
_HELD: dict[tuple[object, ...], dict[str, bool]] = {}
_HELD_MAX = 65536
#: per 課: the predicates whose kept answer is yes, and those asked again on every chart (:meth:`Ctx.held`)
_SPLIT: dict[tuple[object, ...], tuple[tuple[str, ...], tuple[str, ...]]] = {}


def fa(name: str) -> Callable[[Pred], Pred]:
    """Register a predicate under *name* (its docstring states the condition)."""

    def register(f: Pred) -> Pred:
        PREDICATES[name] = f
        return f

    return register


def chuan_all(c: Ctx, test: Callable[[int], bool]) -> bool:
    """Every 傳 has an element passing *test* — or the 三傳 form one 三合 frame or one 方 whose element
    does (the commentary reads 寅卯辰 as 木 and 未卯亥 as 木 throughout)."""
    if all(test(BRANCH_ELEMENT[b]) for b in c.chuan):
        return True
    whole = frozenset(c.chuan)
    el = FRAMES.get(whole, FANG.get(whole))
    return el is not None and test(el)


def _ke_ti(c: Ctx, name: str) -> bool:
    return name in c.ke_ti


@fa("yin_cong")
def _yin_cong(c: Ctx) -> bool:
    """第一法: the chart is 引從 (初 and 末 on the places before and after the 干 or the 支)."""
    return _ke_ti(c, "引從")


@fa("shou_wei")
def _shou_wei(c: Ctx) -> bool:
    """第二法: 旬首 and 旬尾 over the 干 and the 支 (一旬周遍)."""
    return _ke_ti(c, "一旬周遍")


@fa("lian_mu")
def _lian_mu(c: Ctx) -> bool:
    """第三法: the 簾幕 貴人 (the night 貴人 in a day chart, the day 貴人 at night) is the 干上 神."""
    day_g, night_g = c.gui_pair()
    other = night_g if c.chart.gui_ren.is_day else day_g
    return c.chart.gan_shang == other


@fa("hu_gui_gan")
def _hu_gui_gan(c: Ctx) -> bool:
    """第四法 / 第九十一法: a 鬼 of the day stem stands over the 干 carrying 白虎."""
    g = c.chart.gan_shang
    return c.gui_of(g) and c.jiang(g) == "白虎"


@fa("liu_yang")
def _liu_yang(c: Ctx) -> bool:
    """第五法: the four 課 and the three 傳 all on yang branches."""
    return all(b % 2 == 0 for b in (*c.uppers, *c.chuan))


@fa("liu_yin")
def _liu_yin(c: Ctx) -> bool:
    """第六法: the four 課 and the three 傳 all on yin branches."""
    return all(b % 2 == 1 for b in (*c.uppers, *c.chuan))


@fa("wang_lu_gan")
def _wang_lu_gan(c: Ctx) -> bool:
    """第七法: the day stem's 祿 stands over the 干."""
    return c.chart.gan_shang == LU[c.chart.day.stem]


@fa("lu_zhi")
def _lu_zhi(c: Ctx) -> bool:
    """第八法: the day stem's 祿 stands over the 支."""
    return c.chart.zhi_shang == LU[c.chart.day.stem]


@fa("xiu_mu")
def _xiu_mu(c: Ctx) -> bool:
    """第十法: 斲輪 whose 卯 is 旬空."""
    return _ke_ti(c, "斲輪") and c.kong(3)


@fa("zhong_gui_zhi")
def _zhong_gui_zhi(c: Ctx) -> bool:
    """第十一法: all three 傳 are 鬼 of the day stem, and the 干上 神 overcomes that 鬼."""
    g = BRANCH_ELEMENT[c.chart.gan_shang]
    gui_el = (c.stem_el - 2) % 5
    return chuan_all(c, lambda e: e == gui_el) and overcomes(g, gui_el)


@fa("hu_jia")
def _hu_jia(c: Ctx) -> bool:
    """第十二法: the 干上 神 overcomes the day stem, and the day branch overcomes the 干上 神."""
    g = BRANCH_ELEMENT[c.chart.gan_shang]
    return overcomes(g, c.stem_el) and overcomes(c.branch_el, g)


@fa("gui_dang_shi")
def _gui_dang_shi(c: Ctx) -> bool:
    """第十三法: all three 傳 are 鬼 and the 鬼's element is 旺 in the month."""
    gui_el = (c.stem_el - 2) % 5
    if c.month is None or not chuan_all(c, lambda e: e == gui_el):
        return False
    return str(state_by_month(gui_el, c.month).value) == "旺"


@fa("cai_tai_wang")
def _cai_tai_wang(c: Ctx) -> bool:
    """第十四法: all three 傳 are 財 of the day stem and 旺 or 相 in the month."""
    cai_el = (c.stem_el + 2) % 5
    if c.month is None or not chuan_all(c, lambda e: e == cai_el):
        return False
    return str(state_by_month(cai_el, c.month).value) in ("旺", "相")


@fa("tuo_shang_tuo")
def _tuo_shang_tuo(c: Ctx) -> bool:
    """第十五法: the day stem generates the 干上 神, and that 神 generates the 天將 it carries."""
    g = c.chart.gan_shang
    jiang_el = TIAN_JIANG_ELEMENT[c.chart.jiang_on[g]]
    return generates(c.stem_el, BRANCH_ELEMENT[g]) and generates(BRANCH_ELEMENT[g], jiang_el)


@fa("kong_shang_kong")
def _kong_shang_kong(c: Ctx) -> bool:
    """第十六法: the 干上 神 is 旬空 and carries 天空."""
    g = c.chart.gan_shang
    return c.kong(g) and c.jiang(g) == "天空"


@fa("jin_ru_kong")
def _jin_ru_kong(c: Ctx) -> bool:
    """第十七法: 進茹 whose 初 and 中 are 旬空."""
    return _ke_ti(c, "進茹") and c.kong(c.chuan[0]) and c.kong(c.chuan[1])


@fa("tui_ru_kong")
def _tui_ru_kong(c: Ctx) -> bool:
    """第十八法: 退茹 whose 初 and 中 are 旬空 (踏腳空亡)."""
    return _ke_ti(c, "退茹") and c.kong(c.chuan[0]) and c.kong(c.chuan[1])


def _month_qi(c: Ctx, dead: bool) -> int | None:
    if c.month is None:
        return None
    sheng = (c.month - 2) % 12  # 生氣: 正月 (寅) 子, one forward a month
    return (sheng + 6) % 12 if dead else sheng


@fa("tai_cai_sheng")
def _tai_cai_sheng(c: Ctx) -> bool:
    """第十九法: the 干上 神 is the day stem's 胎 and its 財, and the month's 生氣."""
    g = c.chart.gan_shang
    return g == TAI[c.stem_el] and c.cai_of(g) and g == _month_qi(c, dead=False)


@fa("tai_cai_si")
def _tai_cai_si(c: Ctx) -> bool:
    """第二十法: the 干上 神 is the day stem's 胎 and its 財, and the month's 死氣."""
    g = c.chart.gan_shang
    return g == TAI[c.stem_el] and c.cai_of(g) and g == _month_qi(c, dead=True)


@fa("jiao_che")
def _jiao_che(c: Ctx) -> bool:
    """第二十一法: 交車 — the 干上 神 is in 六合 with the day branch and the 支上 神 with the 干's 寄宮."""
    return liu_he(c.chart.gan_shang) == c.chart.day.branch and liu_he(c.chart.zhi_shang) == c.ji


@fa("shang_xia_he")
def _shang_xia_he(c: Ctx) -> bool:
    """第二十二法: the 干上 神 is in 六合 with the 干's 寄宮 and the 支上 神 with the day branch."""
    return liu_he(c.chart.gan_shang) == c.ji and liu_he(c.chart.zhi_shang) == c.chart.day.branch


@fa("zhi_chuan_gan")
def _zhi_chuan_gan(c: Ctx) -> bool:
    """第二十三法: the 初傳 is the 支上 神 and a later 傳 is the 干上 神 (the 支 passes to the 干)."""
    g, z = c.chart.gan_shang, c.chart.zhi_shang
    return g != z and c.chuan[0] == z and g in c.chuan[1:]


@fa("gan_chuan_zhi")
def _gan_chuan_zhi(c: Ctx) -> bool:
    """第二十四法: the 初傳 is the 干上 神 and a later 傳 is the 支上 神 (the 干 passes to the 支)."""
    g, z = c.chart.gan_shang, c.chart.zhi_shang
    return g != z and c.chuan[0] == g and z in c.chuan[1:]


def _ding_in_chart(c: Ctx) -> bool:
    places = (*c.chuan, c.chart.gan_shang, c.chart.zhi_shang)
    return any(c.dun[b] == 3 for b in places)


@fa("jin_ding")
def _jin_ding(c: Ctx) -> bool:
    """第二十五法: a 庚 or 辛 day, and the 旬丁 (the branch carrying 丁) is in the 三傳 or over 干/支."""
    return c.chart.day.stem in (6, 7) and _ding_in_chart(c)


@fa("shui_ding")
def _shui_ding(c: Ctx) -> bool:
    """第二十六法: a 壬 or 癸 day, and the 旬丁 is in the 三傳 or over 干/支."""
    return c.chart.day.stem in (8, 9) and _ding_in_chart(c)


@fa("cai_hua_gui")
def _cai_hua_gui(c: Ctx) -> bool:
    """第二十七法: all three 傳 are 財 and the 干上 神 is a 鬼 (the 財 feeding the 鬼 over the 干)."""
    cai_el = (c.stem_el + 2) % 5
    return chuan_all(c, lambda e: e == cai_el) and c.gui_of(c.chart.gan_shang)


def _frame_el(c: Ctx) -> int | None:
    return FRAMES.get(frozenset(c.chuan))


@fa("juan_shu")
def _juan_shu(c: Ctx) -> bool:
    """第二十九法: the 三傳 form a 三合 frame whose element generates the day stem and is generated by the
    day branch."""
    e = _frame_el(c)
    return e is not None and generates(e, c.stem_el) and generates(c.branch_el, e)


@fa("wu_zhai")
def _wu_zhai(c: Ctx) -> bool:
    """第三十法: the 三傳 form a 三合 frame generated by the day stem (脫) that generates the day branch."""
    e = _frame_el(c)
    return e is not None and generates(c.stem_el, e) and generates(e, c.branch_el)


@fa("di_sheng")
def _di_sheng(c: Ctx) -> bool:
    """第三十一法: the 三傳 generate one another in turn, the last of the chain the day stem (亨通)."""
    return _ke_ti(c, "亨通")


@fa("hu_ke")
def _hu_ke(c: Ctx) -> bool:
    """第三十二法: 初 overcomes 中, 中 末, 末 the day stem — or 末 中, 中 初, 初 the day stem."""
    e = [BRANCH_ELEMENT[b] for b in c.chuan]
    s = c.stem_el
    fwd = overcomes(e[0], e[1]) and overcomes(e[1], e[2]) and overcomes(e[2], s)
    back = overcomes(e[2], e[1]) and overcomes(e[1], e[0]) and overcomes(e[0], s)
    return fwd or back


@fa("you_shi_wu_zhong")
def _you_shi_wu_zhong(c: Ctx) -> bool:
    """第三十三法 (有始無終): the 初傳 is the day stem's 長生 and the 末傳 its 墓."""
    return c.chuan[0] == stage(c.stem_el, 0) and c.chuan[2] == stage(c.stem_el, 8)


@fa("nan_bian_yi")
def _nan_bian_yi(c: Ctx) -> bool:
    """第三十三法 (難變易): the 初傳 is the day stem's 墓 and the 末傳 its 長生."""
    return c.chuan[0] == stage(c.stem_el, 8) and c.chuan[2] == stage(c.stem_el, 0)


@fa("ren_zhai_tuo")
def _ren_zhai_tuo(c: Ctx) -> bool:
    """第三十五法: the day stem generates the 干上 神 and the day branch the 支上 神 (both drained)."""
    return generates(c.stem_el, BRANCH_ELEMENT[c.chart.gan_shang]) and generates(
        c.branch_el, BRANCH_ELEMENT[c.chart.zhi_shang]
    )


@fa("gan_zhi_bai")
def _gan_zhi_bai(c: Ctx) -> bool:
    """第三十六法: the 干上 神 is the 沐浴 (敗) of the stem's element, the 支上 神 that of the branch's."""
    return c.chart.gan_shang == stage(c.stem_el, 1) and c.chart.zhi_shang == stage(c.branch_el, 1)


@fa("mo_zhu_chu")
def _mo_zhu_chu(c: Ctx) -> bool:
    """第三十七法: the 末傳 generates the 初傳."""
    return generates(BRANCH_ELEMENT[c.chuan[2]], BRANCH_ELEMENT[c.chuan[0]])


@fa("bi_kou")
def _bi_kou(c: Ctx) -> bool:
    """第三十八法: the chart is 閉口 (旬尾 on 旬首 as 發用)."""
    return _ke_ti(c, "閉口")


@fa("tai_yang_zhao_wu")
def _tai_yang_zhao_wu(c: Ctx) -> bool:
    """第三十九法: 玄武 rides the 月將 (the sun's own branch) and stands in the 課傳."""
    yj = c.yue_jiang
    return c.jiang(yj) == "玄武" and c.in_ke_chuan(yj)


@fa("hou_he")
def _hou_he(c: Ctx) -> bool:
    """第四十法: the 干上 and 支上 神 carry 天后 and 六合, one each."""
    pair = {c.jiang(c.chart.gan_shang), c.jiang(c.chart.zhi_shang)}
    return pair == {"天后", "六合"}


@fa("lu_ma")
def _lu_ma(c: Ctx) -> bool:
    """第四十一法: the 驛馬 of the day branch over the 干 and the 祿 of the day stem over the 支."""
    return c.chart.gan_shang == YI_MA[c.chart.day.branch] and c.chart.zhi_shang == LU[c.chart.day.stem]


@fa("san_qi_dun")
def _san_qi_dun(c: Ctx) -> bool:
    """第四十二法: the 遁干 of the three 傳 are 乙丙丁 or 甲戊庚 (in any order)."""
    stems = {c.dun[b] for b in c.chuan}
    return stems in ({1, 2, 3}, {0, 4, 6})


@fa("ke_chuan_gui")
def _ke_chuan_gui(c: Ctx) -> bool:
    """第四十四法: 干上, 支上, 初傳 and 中傳 are all the day's 晝貴 and 夜貴 branches (遍地貴人)."""
    both = set(c.gui_pair())
    places = {c.chart.gan_shang, c.chart.zhi_shang, c.chuan[0], c.chuan[1]}
    return len(both) == 2 and places == both


@fa("zhou_ye_gui_jia")
def _zhou_ye_gui_jia(c: Ctx) -> bool:
    """第四十五法: the 晝貴 stands on the 夜貴's place or the 夜貴 on the 晝貴's, in the 課傳."""
    d, n = c.gui_pair()
    if d == n:
        return False
    return (c.seat(d) == n and c.in_ke_chuan(d)) or (c.seat(n) == d and c.in_ke_chuan(n))


@fa("gui_cha_die")
def _gui_cha_die(c: Ctx) -> bool:
    """第四十六法: the 晝貴 stands on a night branch (酉–寅) and the 夜貴 on a day branch (卯–申)."""
    d, n = c.gui_pair()
    night = {9, 10, 11, 0, 1, 2}
    return c.seat(d) in night and c.seat(n) not in night


@fa("gui_yu")
def _gui_yu(c: Ctx) -> bool:
    """第四十七法: 貴人 stands on 地盤 辰 or 戌 (入獄; on 乙 and 辛 days these are the 干's own 寄宮)."""
    return c.seat(c.chart.gui_ren.branch) in (4, 10)


@fa("gui_cheng_tian_yi")
def _gui_cheng_tian_yi(c: Ctx) -> bool:
    """第四十八法: the 神 carrying 貴人 is a 鬼 of the day stem and stands over the 干 or the 支."""
    g = c.chart.gui_ren.branch
    return c.gui_of(g) and g in (c.chart.gan_shang, c.chart.zhi_shang)


@fa("liang_gui_shou_ke")
def _liang_gui_shou_ke(c: Ctx) -> bool:
    """第四十九法: both 晝貴 and 夜貴 stand on 地盤 branches that overcome them."""
    return all(overcomes(BRANCH_ELEMENT[c.seat(b)], BRANCH_ELEMENT[b]) for b in set(c.gui_pair()))


@fa("er_gui_kong")
def _er_gui_kong(c: Ctx) -> bool:
    """第五十法: both 晝貴 and 夜貴 are 旬空 or stand on a 旬空 branch."""
    return all(c.kong_or_on_kong(b) for b in c.gui_pair())


@fa("kui_du_tian_men")
def _kui_du_tian_men(c: Ctx) -> bool:
    """第五十一法: 戌 (天魁) on 亥 (天門) as 發用."""
    return c.chuan[0] == 10 and c.seat(10) == 11


@fa("gang_sai_gui_hu")
def _gang_sai_gui_hu(c: Ctx) -> bool:
    """第五十二法: 辰 (天罡) on 寅 (鬼戶), 發用 or not."""
    return c.seat(4) == 2


@fa("liang_she_jia_mu")
def _liang_she_jia_mu(c: Ctx) -> bool:
    """第五十三法: the day stem's 墓 over the 干 carrying 螣蛇, seated on 巳 (螣蛇's own branch)."""
    g = c.chart.gan_shang
    return g == stage(c.stem_el, 8) and c.jiang(g) == "螣蛇" and c.seat(g) == 5


@fa("hu_shi_feng_hu")
def _hu_shi_feng_hu(c: Ctx) -> bool:
    """第五十四法: 昴星 (虎視 / 冬蛇掩目) with a 傳 carrying 白虎."""
    return c.chart.method == "昴星" and any(c.jiang(b) == "白虎" for b in c.chuan)


@fa("luo_wang")
def _luo_wang(c: Ctx) -> bool:
    """第五十五法 (天羅地網): the branch after the 干's 寄宮 over the 干, the one after the 支 over the 支."""
    return c.chart.gan_shang == (c.ji + 1) % 12 and c.chart.zhi_shang == (c.chart.day.branch + 1) % 12


@fa("tian_wang_zi_guo")
def _tian_wang_zi_guo(c: Ctx) -> bool:
    """第五十六法: the day stem's 墓 over the 干, and the querent's 本命 is that branch."""
    g = c.chart.gan_shang
    return g == stage(c.stem_el, 8) and c.ben_ming == g


@fa("hua_gai_fu_ri")
def _hua_gai_fu_ri(c: Ctx) -> bool:
    """第五十九法: the 華蓋 of the day branch, being the stem's 墓, over the 干 as 發用."""
    g = c.chart.gan_shang
    return g == HUA_GAI[c.chart.day.branch] == stage(c.stem_el, 8) and c.chuan[0] == g


@fa("tai_yang_she_zhai")
def _tai_yang_she_zhai(c: Ctx) -> bool:
    """第六十法: the 月將 (太陽) stands over the 支."""
    return c.chart.zhi_shang == c.yue_jiang


@fa("gan_mu_hu")
def _gan_mu_hu(c: Ctx) -> bool:
    """第六十一法: the day stem's 墓 over the 干 carrying 白虎."""
    g = c.chart.gan_shang
    return g == stage(c.stem_el, 8) and c.jiang(g) == "白虎"


@fa("zhi_mu_hu")
def _zhi_mu_hu(c: Ctx) -> bool:
    """第六十二法: the 墓 of the stem or of the branch over the 支 carrying 白虎."""
    z = c.chart.zhi_shang
    return z in (stage(c.stem_el, 8), stage(c.branch_el, 8)) and c.jiang(z) == "白虎"


@fa("bi_ci_quan_shang")
def _bi_ci_quan_shang(c: Ctx) -> bool:
    """第六十三法: the 干上 神 overcomes the day stem and the 支上 神 the day branch."""
    return overcomes(BRANCH_ELEMENT[c.chart.gan_shang], c.stem_el) and overcomes(
        BRANCH_ELEMENT[c.chart.zhi_shang], c.branch_el
    )


@fa("wu_yin")
def _wu_yin(c: Ctx) -> bool:
    """第六十四法: the 支上 神 overcomes the day stem and the 干上 神 the day branch."""
    return overcomes(BRANCH_ELEMENT[c.chart.zhi_shang], c.stem_el) and overcomes(
        BRANCH_ELEMENT[c.chart.gan_shang], c.branch_el
    )


@fa("gan_mu_guan")
def _gan_mu_guan(c: Ctx) -> bool:
    """第六十五法: the 初傳 is the stem's 墓 and the season's 關神 (春丑 夏辰 秋未 冬戌), in the 四課."""
    if c.month is None:
        return False
    chu = c.chuan[0]
    season = ((c.month - 2) % 12) // 3
    over = chu in (c.uppers[0], c.uppers[1], c.uppers[2], c.uppers[3])
    return chu == stage(c.stem_el, 8) == GUAN_SHEN[season] and over


@fa("zhi_fen_cai")
def _zhi_fen_cai(c: Ctx) -> bool:
    """第六十六法: the 初傳 is the 墓 of the day branch and a 財 of the day stem."""
    chu = c.chuan[0]
    return chu == stage(c.branch_el, 8) and c.cai_of(chu)


@fa("hu_dun_gui")
def _hu_dun_gui(c: Ctx) -> bool:
    """第六十九法: 白虎 rides a 神 of the 課傳 whose 遁干 overcomes the day stem (遁鬼)."""
    for b in {*c.uppers, *c.chuan}:
        g = c.dun[b]
        if c.jiang(b) == "白虎" and g is not None and overcomes(STEM_ELEMENT[g], c.stem_el):
            return True
    return False


@fa("gui_lin_san_si")
def _gui_lin_san_si(c: Ctx) -> bool:
    """第七十法: the third and fourth 課 are both 鬼 of the day stem."""
    return c.gui_of(c.uppers[2]) and c.gui_of(c.uppers[3])


@fa("bing_fu_ke_zhai")
def _bing_fu_ke_zhai(c: Ctx) -> bool:
    """第七十一法: 病符 (last year's 太歲) over the 支 and overcoming the day branch."""
    if c.year is None:
        return False
    z = c.chart.zhi_shang
    return z == (c.year - 1) % 12 and overcomes(BRANCH_ELEMENT[z], c.branch_el)


@fa("sang_diao")
def _sang_diao(c: Ctx) -> bool:
    """第七十二法: 喪門 (歲 + 2) and 弔客 (歲 − 2) over the 干 and the 支, one each."""
    if c.year is None:
        return False
    pair = {c.chart.gan_shang, c.chart.zhi_shang}
    return pair == {(c.year + 2) % 12, (c.year - 2) % 12}


@fa("kong_kong")
def _kong_kong(c: Ctx) -> bool:
    """第七十四法: every 傳 is 旬空 or carries 天空, at least one being 旬空."""
    ch = c.chuan
    return any(c.kong(b) for b in ch) and all(c.kong(b) or c.jiang(b) == "天空" for b in ch)


@fa("yi_zi_xing")
def _yi_zi_xing(c: Ctx) -> bool:
    """第七十五法 (一字刑): the four 課 上神 are all 自刑 branches (辰午酉亥)."""
    return all(XING[b] == b for b in c.uppers)


@fa("liu_hai")
def _liu_hai(c: Ctx) -> bool:
    """第七十六法: the 干上 神 and the 干's 寄宮 are 六害, and so are the 支上 神 and the day branch."""
    return LIU_HAI[c.chart.gan_shang] == c.ji and LIU_HAI[c.chart.zhi_shang] == c.chart.day.branch


@fa("hu_sheng")
def _hu_sheng(c: Ctx) -> bool:
    """第七十七法 (互生): the 干上 神 generates the day branch and the 支上 神 the day stem."""
    return generates(BRANCH_ELEMENT[c.chart.gan_shang], c.branch_el) and generates(
        BRANCH_ELEMENT[c.chart.zhi_shang], c.stem_el
    )


@fa("ju_sheng")
def _ju_sheng(c: Ctx) -> bool:
    """第七十七法 (俱生): the 干上 神 generates the day stem and the 支上 神 the day branch."""
    return generates(BRANCH_ELEMENT[c.chart.gan_shang], c.stem_el) and generates(
        BRANCH_ELEMENT[c.chart.zhi_shang], c.branch_el
    )


@fa("hu_wang")
def _hu_wang(c: Ctx) -> bool:
    """第七十八法 (互旺): the 帝旺 of the branch's element over the 干, that of the stem's over the 支."""
    return c.chart.gan_shang == stage(c.branch_el, 4) and c.chart.zhi_shang == stage(c.stem_el, 4)


@fa("jie_wang")
def _jie_wang(c: Ctx) -> bool:
    """第七十八法 (皆旺): the 帝旺 of the stem's element over the 干, that of the branch's over the 支."""
    return c.chart.gan_shang == stage(c.stem_el, 4) and c.chart.zhi_shang == stage(c.branch_el, 4)


@fa("zhi_jue")
def _zhi_jue(c: Ctx) -> bool:
    """第七十九法: the 絕 of the stem's element over the 干 and that of the branch's over the 支."""
    return c.chart.gan_shang == stage(c.stem_el, 9) and c.chart.zhi_shang == stage(c.branch_el, 9)


@fa("jie_si")
def _jie_si(c: Ctx) -> bool:
    """第八十法: the 死 of the stem's element over the 干 and that of the branch's over the 支."""
    return c.chart.gan_shang == stage(c.stem_el, 7) and c.chart.zhi_shang == stage(c.branch_el, 7)


@fa("chuan_mu")
def _chuan_mu(c: Ctx) -> bool:
    """第八十一法: the 中傳 is the 墓 of the 初傳's element (the 初 passes into its tomb)."""
    return c.chuan[1] == stage(BRANCH_ELEMENT[c.chuan[0]], 8)


@fa("bu_xing_chuan")
def _bu_xing_chuan(c: Ctx) -> bool:
    """第八十二法: 中傳 and 末傳 are each 旬空 or stand on a 旬空 branch."""
    return c.kong_or_on_kong(c.chuan[1]) and c.kong_or_on_kong(c.chuan[2])


@fa("san_liu_he")
def _san_liu_he(c: Ctx) -> bool:
    """第八十三法: the 三傳 form a 三合 frame and the 干上 or 支上 神 is the 六合 of its 仲."""
    e = _frame_el(c)
    if e is None:
        return False
    return liu_he(FRAME_ZHONG[e]) in (c.chart.gan_shang, c.chart.zhi_shang)


@fa("he_zhong_fan_sha")
def _he_zhong_fan_sha(c: Ctx) -> bool:
    """第八十四法: the 三傳 form a 三合 frame and the 干上 or 支上 神 is the 刑, 害 or 沖 of its 仲."""
    e = _frame_el(c)
    if e is None:
        return False
    z = FRAME_ZHONG[e]
    bad = {XING[z], LIU_HAI[z], CHONG[z]}
    return c.chart.gan_shang in bad or c.chart.zhi_shang in bad


@fa("jia_ke")
def _jia_ke(c: Ctx) -> bool:
    """第八十五法: the 初傳 is overcome by its seat and by the element of the 天將 it carries."""
    chu = c.chuan[0]
    el = BRANCH_ELEMENT[chu]
    jiang_el = TIAN_JIANG_ELEMENT[c.chart.jiang_on[chu]]
    return overcomes(BRANCH_ELEMENT[c.seat(chu)], el) and overcomes(jiang_el, el)


@fa("nei_zhan")
def _nei_zhan(c: Ctx) -> bool:
    """第八十六法: the 初傳 overcomes the 天將 it carries and is overcome by its seat (將逢內戰)."""
    chu = c.chuan[0]
    el = BRANCH_ELEMENT[chu]
    jiang_el = TIAN_JIANG_ELEMENT[c.chart.jiang_on[chu]]
    return overcomes(el, jiang_el) and overcomes(BRANCH_ELEMENT[c.seat(chu)], el)


@fa("ren_zhai_zuo_mu")
def _ren_zhai_zuo_mu(c: Ctx) -> bool:
    """第八十七法: on the 天盤 the 干's 寄宮 sits on the stem's 墓 and the day branch on the branch's 墓."""
    return c.seat(c.ji) == stage(c.stem_el, 8) and c.seat(c.chart.day.branch) == stage(c.branch_el, 8)


@fa("gan_zhi_cheng_mu")
def _gan_zhi_cheng_mu(c: Ctx) -> bool:
    """第八十八法: the stem's 墓 over the 干 and the branch's 墓 over the 支."""
    return c.chart.gan_shang == stage(c.stem_el, 8) and c.chart.zhi_shang == stage(c.branch_el, 8)


@fa("ren_xin_ding_ma")
def _ren_xin_ding_ma(c: Ctx) -> bool:
    """第八十九法: 伏吟 with the 旬丁 or the 驛馬 in the 三傳."""
    if c.chart.method != "伏吟":
        return False
    ma = YI_MA[c.chart.day.branch]
    return any(c.dun[b] == 3 or b == ma for b in c.chuan)


@fa("lai_qu_kong")
def _lai_qu_kong(c: Ctx) -> bool:
    """第九十法: 返吟 whose 初 and 末 are each 旬空 or stand on a 旬空 branch."""
    return c.chart.method == "返吟" and c.kong_or_on_kong(c.chuan[0]) and c.kong_or_on_kong(c.chuan[2])


@fa("long_sheng_qi")
def _long_sheng_qi(c: Ctx) -> bool:
    """第九十二法: the 干上 神 generates the day stem, carries 青龍 and is the month's 生氣."""
    g = c.chart.gan_shang
    return generates(BRANCH_ELEMENT[g], c.stem_el) and c.jiang(g) == "青龍" and g == _month_qi(c, False)


@fa("xun_kong_chuan")
def _xun_kong_chuan(c: Ctx) -> bool:
    """第九十六法: a 傳 is 旬空 (read what is void by its 六親)."""
    return any(c.kong(b) for b in c.chuan)


@fa("ji_gua_chang_ren")
def _ji_gua_chang_ren(c: Ctx) -> bool:
    """第九十九法: the chart is one of the auspicious 課體 the 法 names (鑄印 軒蓋 斲輪 三奇 …)."""
    return any(_ke_ti(c, n) for n in ("龍德", "鑄印", "軒蓋", "斲輪", "官爵", "富貴", "三光", "三奇", "三陽"))


#: the condition vocabulary of data/bifa.toml: ``fa`` names a predicate above
BIFA = Vocabulary("liuren 畢法賦")


def _fa_condition(c: Ctx, value: object, _when: object) -> dict[str, object] | None:
    if not c.holds(str(value)):
        return None
    ch = c.chart
    return {
        "fa": value,
        "gan_shang": BRANCHES[ch.gan_shang],
        "zhi_shang": BRANCHES[ch.zhi_shang],
        "san_chuan": [BRANCHES[b] for b in c.chuan],
    }


BIFA.add(
    "fa",
    _fa_condition,
    values=tuple(PREDICATES),
    doc="the 法's predicate (liuren/bifa.py) holds",
    needs=lambda value: (value,),  # a 法 can hold only where its own predicate does
)


@BIFA.shown_by
def _held_names(c: Ctx) -> Iterable[str]:
    """The predicates that hold on *c* (:meth:`Ctx.holds`): what :meth:`Vocabulary.index` files the 法 by."""
    return c.held()


__all__ = ["BIFA", "FRAMES", "PREDICATES", "Ctx", "fa", "generates", "overcomes", "stage"]
