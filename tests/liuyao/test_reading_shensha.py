"""The 神煞 the reading lays on the lines: the tables of shensha/data/liuyao.toml re-derived from the verses
of 《卜筮全書》卷十四〈神煞歌例〉, the seed tables chosen by name (judgments.toml [shensha]), the lines each
spirit falls on (a second implementation from shensha.evaluate), and the 往亡 day against the time core."""

from __future__ import annotations

import datetime as dt
import random
from zoneinfo import ZoneInfo

import pytest

from xuanheng import liuyao, shensha
from xuanheng.core import shensha_basic
from xuanheng.core.ganzhi import BRANCHES, SIXTY
from xuanheng.core.guiren import guiren_table
from xuanheng.liuyao._reading_ctx import Ctx
from xuanheng.liuyao._reading_data import (
    GUI_REN_TABLE,
    READING_OPTION_SPECS,
    SHENSHA_NAMES,
    make_reading_options,
    spirit_lookup,
    spirit_ref,
)
from xuanheng.liuyao.reading import reading
from xuanheng.time import calendar

B = {b: i for i, b in enumerate(BRANCHES)}
JIE = ("立春", "驚蟄", "清明", "立夏", "芒種", "小暑", "立秋", "白露", "寒露", "立冬", "大雪", "小寒")


def table(key: str) -> dict[int, frozenset[int]]:
    sp = {s.key: s for s in shensha.load_table("liuyao")}[key]
    n = shensha.basis_size(sp.basis) or 1
    return {x: frozenset(shensha.evaluate(sp, {sp.basis: x}).branches) for x in range(n)}


def test_tian_jie_is_the_changsheng_of_the_season() -> None:
    """天解神 春寅 夏巳 秋申 冬亥 — the 長生 of 木 火 金 水 (四生之局)."""
    changsheng = {0: "寅", 1: "巳", 2: "申", 3: "亥"}  # 木 火 金 水 長生
    assert table("tian_jie") == {s: frozenset({B[changsheng[s]]}) for s in range(4)}


def test_ri_xia_da_sha() -> None:
    """日下大殺: 甲乙 猪 (亥), 丙丁 羊 (未), 戊己 犬 (戌), 庚辛 虎 (寅), 壬癸 蛇 (巳)."""
    pairs = {0: "亥", 1: "未", 2: "戌", 3: "寅", 4: "巳"}
    assert table("ri_xia_da_sha") == {s: frozenset({B[pairs[s // 2]]}) for s in range(10)}


def test_xian_chi_by_the_day_is_the_peach_blossom() -> None:
    assert table("xian_chi_day") == {b: frozenset({shensha_basic.tao_hua(b)}) for b in range(12)}


def test_tian_yi_verse() -> None:
    """天醫: 正卯 二猪 三丑 四未 五蛇 六兔 七亥 八丑 九羊 十巳 十一卯 十二亥 (month n on 月建 寅 + n − 1)."""
    verse = "卯亥丑未巳卯亥丑未巳卯亥"
    assert table("tian_yi") == {(2 + n) % 12: frozenset({B[verse[n]]}) for n in range(12)}


def test_hao_by_month() -> None:
    """大耗 正申 二酉 …, 小耗 正未 二申 … (the clash of the 月建, and the branch before it)."""
    assert table("da_hao_month") == {m: frozenset({(m + 6) % 12}) for m in range(12)}
    assert table("xiao_hao_month") == {m: frozenset({(m + 5) % 12}) for m in range(12)}


def test_wu_mu_is_opposite_san_qiu() -> None:
    """《卜筮全書》: 三丘 春丑 夏辰 秋未 冬戌, 五墓 its opposite — seed 000's 四墓 table."""
    o = make_reading_options()
    qiu, mu = spirit_lookup("三丘", o), spirit_lookup("五墓", o)
    assert [sorted(x) for x in qiu.branches] == [[B["丑"]], [B["辰"]], [B["未"]], [B["戌"]]]
    assert [{(b + 6) % 12 for b in x} for x in qiu.branches] == [set(x) for x in mu.branches]


def test_every_name_and_choice_resolves_to_a_shared_table() -> None:
    choices = {s.name: s.values for s in READING_OPTION_SPECS}
    for name in SHENSHA_NAMES:
        for opt, values in choices.items():
            for v in values:
                ref = spirit_ref(name, make_reading_options(**{opt: v}))
                file, _, rest = ref.partition(":")
                key = rest.partition("@")[0]
                assert key in {s.key for s in shensha.load_table(file)}, ref


def _charts() -> list[liuyao.LiuYaoChart]:
    rnd = random.Random(5)
    return [
        liuyao.cast(
            day=SIXTY[rnd.randrange(60)].name,
            month=BRANCHES[rnd.randrange(12)],
            year=SIXTY[rnd.randrange(60)].name if rnd.random() < 0.8 else None,
            lines="".join(rnd.choice("6789") for _ in range(6)),
        )
        for _ in range(200)
    ]


@pytest.mark.parametrize(
    "opts", [{}, {"tian_xi": "bu_shi", "da_sha": "bu_shi", "xian_chi": "day", "er_hao": "bu_shi"}]
)
def test_spirits_on_the_lines(opts: dict[str, str]) -> None:
    """Each spirit's lines, computed again straight from shensha.evaluate on the chart's own basis values."""
    o = make_reading_options(opts)
    season = {2: 0, 3: 0, 4: 0, 5: 1, 6: 1, 7: 1, 8: 2, 9: 2, 10: 2, 11: 3, 0: 3, 1: 3}
    for c in _charts():
        ctx = Ctx(c, None, o)
        basis = {
            "year_branch": c.year.branch if c.year else None,
            "month_branch": c.yue_jian,
            "day_branch": c.day.branch,
            "day_stem": c.day.stem,
            "season": season[c.yue_jian],
        }
        for name in SHENSHA_NAMES:
            ref = spirit_ref(name, o)
            file, _, rest = ref.partition(":")
            key, _, variant = rest.partition("@")
            tab = {s.key: s for s in shensha.load_table(file)}
            sp = tab[key]
            if basis[sp.basis] is None:
                assert name not in ctx.spirit_mask
                continue
            ctx_in = {sp.basis: basis[sp.basis]}
            resolved = {sp.after: shensha.evaluate(tab[sp.after], ctx_in)} if sp.after else None
            occ = shensha.evaluate(sp, ctx_in, resolved, variant or None)
            want = sum(
                1 << i
                for i, ln in enumerate(c.lines)
                if ln.yao.branch in occ.branches or ln.yao.stem in occ.stems
            )
            assert ctx.spirit_mask[name] == want, (name, c.inputs)
        g = guiren_table(GUI_REN_TABLE)
        gui = {g.day[c.day.stem], g.night[c.day.stem]}
        assert ctx.spirit_mask["貴人"] == sum(1 << i for i, ln in enumerate(c.lines) if ln.yao.branch in gui)


def test_wang_wang_day_against_the_calendar() -> None:
    """004-099: the 往亡 day is the Nth day after the 節 (000-075: 立春 7, 驚蟄 14 … 小寒 30; the 節 day is
    day 0). The day count here comes from xuanheng.time.calendar's jie_prev, a second path."""
    nth = [7, 14, 21, 8, 16, 24, 9, 18, 27, 10, 20, 30]
    zone = ZoneInfo("Asia/Shanghai")
    hits = 0
    t0 = dt.datetime(2025, 1, 1, 12, 0, tzinfo=zone)
    for k in range(0, 400, 1):
        at = t0 + dt.timedelta(days=k)
        cal = calendar(at, None, None)
        jie = cal.jie_prev
        assert jie is not None
        jie_local = jie.at.astimezone(zone)
        days = (at.date() - jie_local.date()).days
        if jie_local.hour >= 23:  # the 節 after 23:00 falls on the next day under 子初換日
            days += 1
        want = days == nth[JIE.index(jie.name)]
        c = liuyao.cast(at, tz="Asia/Shanghai", lines="777777")
        got = any(r.id == "004-099" for r in reading(c, "出行"))
        assert got == want, (at, jie, days)
        hits += got
    assert hits >= 10  # about one a 節 month (a 30th day may fall past the next 節)
