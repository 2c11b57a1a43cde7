"""Every rule family of the 七政四餘 reading on charts built to make it fire, and the same chart with the
deciding fact changed that keeps it quiet.

The charts are built by hand here (``chart(...)``): the eleven 曜 put in the palaces a case needs, the 命宮,
身宮, birth year, month, hour and day/night given; dignities come from ``xuanheng.qizheng.dignity`` and the
star spirits from ``xuanheng.qizheng.spirits`` exactly as a cast chart gets them. Each case names what makes
the rule fire (``on``) and the one change that keeps it quiet (``off``); the expectations are the rule
statements of the seed and of 《星學大成》, not output of the reading.
"""

from __future__ import annotations

from types import SimpleNamespace as NS
from typing import Any

import pytest

from xuanheng.core.ganzhi import BRANCHES, STEMS, GanZhi, wu_hu_dun, wu_shu_dun
from xuanheng.qizheng.dignity import dignities
from xuanheng.qizheng.gong import palace_of, palace_start
from xuanheng.qizheng.reading import reading, rules
from xuanheng.qizheng.spirits import star_spirits
from xuanheng.qizheng.xiu import boundaries

YAO = ("日", "月", "水", "金", "火", "木", "土", "羅", "計", "孛", "炁")
_XB = boundaries("gu", 2451545.0)
#: a neutral placement: every 曜 alone in a palace (命宮 戌, 身宮 辰 by default)
BASE = {
    "日": "丑",
    "月": "卯",
    "水": "寅",
    "金": "午",
    "火": "巳",
    "木": "酉",
    "土": "子",
    "羅": "亥",
    "計": "申",
    "孛": "未",
    "炁": "辰",
}
#: degrees in the palace for three base stars (others 15°), so that the base placement holds none of the
#: mansion patterns of 卷十四–二十二 (火 in 軫 not 翼, 炁 in 軫 not 角/亢, 孛 in 鬼 not 井)
BASE_DEG = {"火": 25.0, "炁": 4.0, "孛": 25.0}


def chart(
    *,
    year: str = "甲子",
    month: str = "午",
    hour: str = "午",
    day: bool = True,
    lunar_day: int = 10,
    sex: str = "男",
    ming: str = "戌",
    shen: str = "辰",
    at: dict[str, str] | None = None,
    deg: dict[str, float] | None = None,
    motion: dict[str, str] | None = None,
    ming_deg: float = 15.0,
    xiu_lines: bool = False,
) -> Any:
    """A chart-like value with what the reading reads (see the module docstring)."""
    place = dict(BASE)
    place.update(at or {})
    deg = deg or {}
    motion = motion or {}
    yg = GanZhi.parse(year)
    mg = GanZhi.of(wu_hu_dun(yg.stem, BRANCHES.index(month)), BRANCHES.index(month))
    dg = GanZhi(0)
    hg = GanZhi.of(wu_shu_dun(dg.stem, BRANCHES.index(hour)), BRANCHES.index(hour))
    yao = []
    for n in YAO:
        b = BRANCHES.index(place[n])
        lon = palace_start(b) + deg.get(n, BASE_DEG.get(n, 15.0) if place[n] == BASE[n] else 15.0)
        k, _ = _XB.locate(lon)
        m = motion.get(n, "順")
        yao.append(
            NS(
                name=n,
                gong=b,
                lon=lon,
                xiu=NS(xiu=k),
                dignities=dignities(n, b, k),
                state=m,
                retrograde=m == "逆",
                stationary=m == "留",
                combust=m == "伏",
            )
        )
    mb, sb = BRANCHES.index(ming), BRANCHES.index(shen)
    sc = star_spirits(
        yg, mg, dg, hg, mb, {y.name: y.gong for y in yao}, shen_gong=sb, is_day=day, sex=sex
    ).to_json()
    ml = palace_start(mb) + ming_deg
    return NS(
        ming_gong=NS(branch=mb, lon=ml, xiu=NS(xiu=_XB.locate(ml)[0])),
        shen_gong=NS(branch=sb),
        yao=tuple(yao),
        calendar=NS(pillars=NS(year=yg, month=mg, hour=hg), is_day=day, lunar=NS(day=lunar_day)),
        sex=sex,
        hua_yao=sc["hua_yao"],
        shensha=sc["shensha"],
        # the mansion boundaries (read only by the 岐界 of 兩歧) when asked for
        xiu_bounds=tuple(NS(xiu=x, start=_XB.start_of(x), width=_XB.width_of(x)) for x in range(28))
        if xiu_lines
        else (),
    )


def fired(c: Any, rule_id: str, want: dict[str, Any] | None = None, **options: Any) -> list[dict[str, Any]]:
    """Facts of the rules *rule_id* that fired (with *want* a sub-dict of the facts or of one of ``each``)."""
    out = []
    for r in reading(c, **options):
        if r.id != rule_id:
            continue
        parts = [r.facts, *r.facts.get("each", ())]
        if want is None or any(all(p.get(k) == v for k, v in want.items()) for p in parts):
            out.append(r.facts)
    return out


def _merge(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    out = dict(a)
    for k, v in b.items():
        out[k] = {**out.get(k, {}), **v} if isinstance(v, dict) and k in ("at", "deg", "motion") else v
    return out


# 甲 year: 祿 火, 暗 孛, 福 木, 耗 金, 蔭 土, 貴 月, 刑 水, 印 炁, 囚 計, 權 羅 (003-021)
# palaces with 命宮 戌: 命 戌 財帛 酉 兄弟 申 田宅 未 男女 午 奴僕 巳
#                     夫妻 辰 疾厄 卯 遷移 寅 官祿 丑 福德 子 相貌 亥
JUDGMENT_CASES: list[tuple[str, dict[str, Any], dict[str, Any], dict[str, Any] | None]] = [
    # 星曜得失: 火 at home in 戌 (入垣) rules the 命宮 戌; moved to 申 it is not at home
    ("003-015", {"at": {"火": "戌"}}, {"at": {"火": "申"}}, {"yao": "火"}),
    # 廟旺: 土 in 丑 (廟) rules 丑 (the 命宮 丑) and 子; with 命 申 they are the 疾厄 and 遷移
    ("003-017", {"at": {"土": "丑"}, "ming": "丑"}, {"at": {"土": "丑"}, "ming": "申"}, {"yao": "土"}),
    # 喜樂: 日 in 午 (樂) rules 午, the 男女 of 命 戌; with 命 申 午 is the 兄弟
    ("003-018", {"at": {"日": "午"}}, {"at": {"日": "午"}, "ming": "申", "shen": "寅"}, {"yao": "日"}),
    # 天祿 (火)
    ("003-024", {"at": {"火": "戌"}}, {"at": {"火": "酉"}}, None),
    ("003-026", {"at": {"火": "寅"}}, {"at": {"火": "酉"}}, None),
    # 天暗 (孛) in the 官祿 (丑)
    ("003-029", {"at": {"孛": "丑"}}, {"at": {"孛": "未"}}, None),
    # 天福 (木) in the 男女 (午)
    ("003-032", {"at": {"木": "午", "金": "申"}}, {"at": {"木": "巳", "金": "申"}}, {"in": ["男女"]}),
    # 天耗 (金) in the 財帛 (酉)
    ("003-036", {"at": {"金": "酉", "木": "巳"}}, {"at": {"金": "巳", "木": "午"}}, {"in": ["財帛"]}),
    # 天蔭 (土) in the 遷移 (寅)
    ("003-040", {"at": {"土": "寅", "水": "午"}}, {"at": {"土": "子"}}, None),
    # 天蔭 on 子午卯酉 with no 凶 曜 beside it
    ("003-041", {"at": {"土": "子"}}, {"at": {"土": "子", "火": "子"}}, None),
    # 天貴 (月) in the 兄弟 (申)
    ("003-045", {"at": {"月": "申", "計": "卯"}}, {"at": {"月": "卯", "計": "申"}}, None),
    # 天刑 (水) in the 田宅 (未)
    ("003-048", {"at": {"水": "未", "孛": "寅"}}, {"at": {"水": "寅", "孛": "未"}}, {"in": ["田宅"]}),
    # 天印 (炁) in the 田宅 (未)
    ("003-053", {"at": {"炁": "未", "孛": "寅"}}, {"at": {"炁": "寅", "孛": "未"}}, None),
    # 天囚 (計) in a 四刑 palace
    ("003-058", {"at": {"計": "卯", "月": "巳", "火": "申"}}, {"at": {"計": "巳", "火": "申"}}, None),
    # 天權 (羅) with the Sun and 福 (木) in one palace
    (
        "003-062",
        {"at": {"羅": "亥", "日": "亥", "木": "亥"}},
        {"at": {"羅": "亥", "日": "亥"}},
        {"with_yao": ["日"]},
    ),
    # 科名 (甲: 木) strong, direct and 廟旺: 木 in 亥 (廟) as the 命宮
    (
        "003-064",
        {"at": {"木": "亥"}, "ming": "亥"},
        {"at": {"木": "亥"}, "ming": "亥", "motion": {"木": "逆"}},
        {"dignity": ["廟"]},
    ),
    # 爵星 (子 year: 土) in the 命宮; in 申 it is the 兄弟
    ("003-078", {"at": {"土": "戌"}}, {"at": {"土": "申", "計": "子"}}, None),
    # 陽刃 (甲: 卯) on the 命宮
    ("003-112", {"ming": "卯", "at": {"月": "午"}}, {"ming": "辰", "at": {"月": "午"}}, None),
    # 大耗 (子 year: 午) on the 財帛 (命 未)
    ("003-121", {"ming": "未"}, {"ming": "申"}, {"palace": "大耗"}),
    # 注受 (month 午 = 五月: 戌) on the 命宮
    ("003-101", {"ming": "戌"}, {"ming": "亥"}, None),
    # 咸池 (子 year: 酉) is the 命宮, 金 meets it; a man
    (
        "003-133",
        {"ming": "酉", "at": {"金": "酉", "木": "午"}},
        {"ming": "酉", "at": {"金": "寅", "木": "午"}},
        None,
    ),
    # 月煞 (month 午 = 五月: 寅) on the 命宮
    ("003-127", {"ming": "寅", "at": {"水": "卯"}}, {"ming": "卯", "at": {"月": "午"}}, None),
    # 大煞 (子 year: 申) on the 身宮
    ("003-134", {"shen": "申"}, {"shen": "酉"}, {"in": ["身宮"]}),
]


@pytest.mark.parametrize(("rule_id", "on", "off", "want"), JUDGMENT_CASES, ids=[c[0] for c in JUDGMENT_CASES])
def test_judgment_fires_and_keeps_quiet(
    rule_id: str, on: dict[str, Any], off: dict[str, Any], want: dict[str, Any] | None
) -> None:
    assert fired(chart(**on), rule_id, want), f"{rule_id} should fire on {on}"
    assert not fired(chart(**off), rule_id, want), f"{rule_id} should stay quiet on {off}"


def test_hua_yao_subject_is_the_year_stem_s_star() -> None:
    # 甲: 天祿 is 火 (003-021); 乙: 天祿 is 孛 — the same placement changes the subject
    c1 = chart(year="甲子", at={"火": "戌", "孛": "午"})
    c2 = chart(year="乙丑", at={"火": "戌", "孛": "午"})
    assert fired(c1, "003-024")[0]["yao"] == "火"
    assert not fired(c2, "003-024")


def test_tian_xing_reached_by_a_xian_needs_the_date() -> None:
    from xuanheng.qizheng import cast

    c = cast("1983-10-27T18:30", tz="+08:00", lon=116.383333, lat=39.9, sex="男")
    # 癸: 天刑 is 月 (in 未, the 兄弟); the 小限 reaches 未 at age 3 (命 酉 → 申 → 未)
    assert c.hua_yao["刑"] == "月" and c.yao_named("月").gong == BRANCHES.index("未")
    assert not [r for r in reading(c) if r.id == "003-048" and "xian" in r.facts]
    on = [r.facts for r in reading(c, on="1986-06-01") if r.id == "003-048" and "xian" in r.facts]
    assert on and on[0]["xian"] == ["小限"]
    assert not [r for r in reading(c, on="1987-06-01") if r.id == "003-048" and "xian" in r.facts]


def test_ju_zhu_void_keeps_it_quiet() -> None:
    # 003-094: 局主 on 命/身 and not 空亡: with the year 甲子 the 空 (yang) is 戌
    rid = "003-094"
    for ming in BRANCHES:
        c = chart(ming=ming)
        roles = {h["key"]: h for h in c.shensha if "yao" in h}
        ju = roles["ju_zhu"]["yao"]
        place = {ju: ming}
        got = fired(chart(ming=ming, at=place), rid)
        kong = {h["branch"] for h in c.shensha if h["key"] == "kong_wang"}
        po = {h["branch"] for h in c.shensha if h["key"] == "da_hao"}
        assert bool(got) == (ming not in kong and ming not in po), (ming, ju)


# ── 格局 ────────────────────────────────────────────────────────────────────────────────────────────
PATTERN_CASES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("日月合璧", {"at": {"日": "戌", "月": "戌"}}, {"at": {"日": "戌", "月": "亥"}}),
    (
        "五星連珠",
        {"at": {"水": "子", "金": "丑", "火": "寅", "木": "卯", "土": "辰", "月": "午", "炁": "午"}},
        {"at": {"水": "子", "金": "丑", "火": "寅", "木": "卯", "土": "巳", "月": "午", "炁": "午"}},
    ),
    ("牛斗秀氣", {"ming": "丑", "at": {"炁": "未", "孛": "申"}}, {"ming": "丑", "at": {"炁": "申"}}),
    (
        "文章秘府",
        {"ming": "亥", "at": {"日": "卯", "月": "未", "木": "亥", "羅": "巳"}},
        {"ming": "亥", "at": {"日": "寅", "月": "申", "木": "子", "羅": "巳"}},
    ),
    (
        "五星朝斗",
        {"at": {"日": "亥", "月": "亥", "木": "亥", "金": "戌", "水": "子", "羅": "午"}},
        {"at": {"日": "亥", "月": "亥", "木": "亥", "金": "戌", "水": "丑", "羅": "午"}},
    ),
    ("孛居東井", {"ming": "未", "day": False}, {"ming": "未", "day": True}),
    ("首攜龍角", {"ming": "辰", "at": {"羅": "辰"}}, {"ming": "辰", "at": {"羅": "巳"}}),
    ("計居龍尾", {"ming": "寅", "at": {"計": "寅"}}, {"ming": "寅"}),
    ("大人虎變", {"ming": "申", "at": {"金": "申"}}, {"ming": "午", "at": {"金": "午"}}),
    (
        "老人星現",
        {"ming": "辰", "at": {"日": "辰", "炁": "午"}},
        {"ming": "辰", "at": {"日": "巳", "炁": "午"}},
    ),
    (
        "陰陽類聚",
        {"ming": "午", "at": {"日": "午", "火": "午", "金": "申"}},
        {"ming": "午", "at": {"日": "午", "金": "申"}},
    ),
    (
        "衆星拱北",
        {
            "ming": "子",
            "at": {"日": "亥", "月": "亥", "水": "亥", "金": "丑", "火": "丑", "木": "丑", "土": "寅"},
        },
        {
            "ming": "子",
            "at": {"日": "亥", "月": "亥", "水": "亥", "金": "丑", "火": "丑", "木": "丑", "土": "子"},
        },
    ),
    (
        "豶豕之牙",
        {"ming": "亥", "at": {"木": "亥", "羅": "辰"}},
        {"ming": "亥", "at": {"木": "亥", "羅": "辰"}, "motion": {"木": "逆"}},
    ),
    (
        "旄頭直事",
        {"ming": "酉", "at": {"羅": "酉", "火": "酉", "木": "午"}},
        {"ming": "酉", "at": {"羅": "酉", "木": "午"}},
    ),
    (
        "大火當權",
        {"ming": "午", "day": False, "at": {"火": "午", "金": "寅"}},
        {"ming": "午", "day": True, "at": {"火": "午", "金": "寅"}},
    ),
    (
        "長庚入命",
        {"day": False, "at": {"金": "酉", "月": "酉", "木": "午"}},
        {"day": True, "at": {"金": "酉", "月": "酉", "木": "午"}},
    ),
    ("神羊觸邪", {"ming": "未"}, {"ming": "申"}),
    ("雙女爭權", {"at": {"金": "巳", "火": "巳", "計": "申"}}, {"at": {"金": "巳", "火": "申", "計": "午"}}),
    (
        "日出扶桑",
        {"ming": "卯", "at": {"日": "卯", "月": "丑"}},
        {"ming": "卯", "at": {"日": "卯", "月": "丑", "火": "酉", "木": "申"}},
    ),
    (
        "箕星好風",
        {"ming": "寅", "at": {"日": "寅", "水": "卯", "月": "丑"}},
        {"ming": "寅", "at": {"日": "寅", "水": "卯", "月": "丑", "計": "寅"}},
    ),
    (
        "畢星好雨",
        {"ming": "酉", "at": {"月": "酉", "木": "午"}, "deg": {"月": 28.5}},
        {"ming": "酉", "at": {"月": "酉", "木": "午"}, "deg": {"月": 2.0}},
    ),
    (
        "大月當斗",
        {"at": {"月": "丑", "日": "卯"}, "deg": {"月": 12.0}},
        {"at": {"月": "丑", "日": "卯"}, "deg": {"月": 28.0}},
    ),
    (
        "青龍用事",
        {"month": "寅", "ming": "卯", "at": {"木": "卯", "月": "丑"}},
        {"month": "巳", "ming": "卯", "at": {"木": "卯", "月": "丑"}},
    ),
    (
        "朱雀當權",
        {"month": "巳", "ming": "午", "at": {"火": "午", "金": "申"}},
        {"month": "寅", "ming": "午", "at": {"火": "午", "金": "申"}},
    ),
    (
        "白虎當權",
        {"month": "申", "ming": "酉", "at": {"金": "酉", "木": "午"}},
        {"month": "亥", "ming": "酉", "at": {"金": "酉", "木": "午"}},
    ),
    (
        "玄武當權",
        {"month": "亥", "ming": "子", "at": {"水": "子", "土": "寅"}},
        {"month": "申", "ming": "子", "at": {"水": "子", "土": "寅"}},
    ),
    (
        "勾陳得位",
        {"month": "辰", "ming": "辰", "at": {"土": "辰", "炁": "午"}},
        {"month": "卯", "ming": "辰", "at": {"土": "辰", "炁": "午"}},
    ),
    (
        "星環帝座",
        {"at": {"日": "子", "木": "亥", "金": "丑", "土": "寅"}},
        {"at": {"日": "子", "木": "亥", "金": "寅", "土": "寅"}},
    ),
    (
        "左右環拱",
        {"ming": "子", "at": {"水": "亥", "金": "丑", "土": "寅"}},
        {"ming": "子", "at": {"水": "寅", "金": "丑", "土": "寅"}},
    ),
    (
        "印夀雙全",
        {"ming": "亥", "at": {"木": "亥", "火": "亥", "土": "亥", "羅": "辰"}},
        {"ming": "亥", "at": {"木": "亥", "火": "亥", "羅": "辰"}},
    ),
    (
        "金雞浮瑞",
        {"ming": "酉", "at": {"日": "酉", "木": "午"}},
        {"ming": "酉", "day": False, "at": {"日": "酉", "木": "午"}},
    ),
    (
        "金紫朝斗",
        {
            "year": "辛未",
            "ming": "辰",
            "at": {"月": "申", "炁": "申", "金": "辰", "水": "子", "日": "子", "火": "午", "土": "卯"},
        },
        {
            "year": "庚午",
            "ming": "辰",
            "at": {"月": "申", "炁": "申", "金": "辰", "水": "子", "日": "子", "火": "午", "土": "卯"},
        },
    ),
    ("月扶斗杓", {"month": "卯", "at": {"月": "卯"}}, {"month": "辰", "at": {"月": "卯"}}),
    ("身居華蓋", {"at": {"月": "辰"}}, {"at": {"月": "巳", "計": "申"}}),
    (
        "金星入斗",
        {"year": "辛未", "ming": "酉", "at": {"金": "丑", "木": "午", "日": "卯"}},
        {"year": "辛未", "ming": "酉", "at": {"金": "寅", "木": "午", "日": "卯"}},
    ),
    ("箕翕其舌", {"ming": "寅", "at": {"金": "寅"}}, {"ming": "寅", "at": {"水": "卯"}}),
    ("神水華池", {"at": {"水": "亥", "羅": "辰"}}, {"at": {"水": "寅"}}),
    ("風生浪擊", {"lunar_day": 8, "hour": "午"}, {"lunar_day": 9, "hour": "午"}),
    (
        "虎踞龍盤",
        {"ming": "辰", "at": {"金": "辰", "木": "辰", "炁": "午"}},
        {"ming": "辰", "at": {"金": "辰", "木": "巳", "炁": "午"}},
    ),
    (
        "離坎交會",
        {"day": False, "ming": "午", "at": {"火": "午", "水": "子", "金": "寅", "土": "卯"}},
        {"day": True, "ming": "午", "at": {"火": "午", "水": "子", "金": "寅", "土": "卯"}},
    ),
    (
        "陰陽交輔",
        {"ming": "寅", "at": {"日": "丑", "月": "卯"}},
        {"ming": "辰", "at": {"日": "丑", "月": "卯"}},
    ),
    (
        "三光環微",
        {"ming": "子", "at": {"日": "丑", "月": "辰", "炁": "午"}},
        {"ming": "子", "at": {"日": "丑", "月": "巳", "炁": "午"}},
    ),
    (
        "雲漢騰輝",
        {"ming": "丑", "at": {"日": "丑", "月": "未", "孛": "申", "土": "寅"}},
        {"ming": "丑", "at": {"日": "丑", "月": "申", "孛": "申", "土": "寅"}},
    ),
    (
        "江湖沛澤",
        {"ming": "子", "at": {"水": "子", "土": "寅"}},
        {"ming": "子", "at": {"水": "亥", "土": "寅"}},
    ),
    (
        "子行父政",
        {"ming": "午", "at": {"日": "子", "火": "午", "土": "寅", "金": "申"}},
        {"ming": "午", "at": {"日": "丑", "火": "午", "土": "寅", "金": "申"}},
    ),
    (
        "金神得位",
        {"year": "庚午", "ming": "午", "at": {"金": "午"}},
        {"year": "甲子", "ming": "午", "at": {"金": "午"}},
    ),
    (
        "河洛呈祥",
        {"ming": "午", "at": {"炁": "午", "木": "午", "金": "申"}},
        {"ming": "午", "at": {"炁": "午", "木": "未", "金": "申"}},
    ),
    (
        "雷乃發聲",
        {"month": "卯", "ming": "卯", "at": {"水": "卯", "月": "丑"}},
        {"month": "辰", "ming": "卯", "at": {"水": "卯", "月": "丑"}},
    ),
    (
        "紫微四輔",
        {
            "ming": "巳",
            "at": {"日": "辰", "月": "巳", "金": "午", "木": "未", "計": "申", "孛": "酉", "炁": "戌"},
        },
        {
            "ming": "巳",
            "at": {"日": "辰", "月": "巳", "金": "午", "木": "申", "計": "申", "孛": "酉", "炁": "戌"},
        },
    ),
    (
        "精神具足",
        {"ming": "子", "at": {"水": "子", "火": "午", "金": "申", "土": "寅"}},
        {"ming": "子", "at": {"水": "子", "火": "未", "金": "申", "土": "寅"}},
    ),
    ("月華金闕", {"at": {"金": "亥", "月": "亥", "羅": "辰"}}, {"at": {"金": "亥", "月": "戌", "羅": "辰"}}),
    ("日華金闕", {"at": {"金": "辰", "日": "辰", "炁": "午"}}, {"at": {"金": "辰", "日": "巳", "炁": "午"}}),
    (
        "日中見斗",
        {"at": {"日": "未", "月": "未", "羅": "未", "孛": "申"}},
        {"at": {"日": "未", "月": "申", "羅": "未", "孛": "申"}},
    ),
    (
        "明入地中",
        {"ming": "申", "at": {"日": "申", "羅": "申", "火": "午"}},
        {"ming": "申", "at": {"日": "申", "羅": "酉", "火": "午"}},
    ),
    (
        "明出地晉",
        {"ming": "申", "at": {"日": "寅", "水": "卯"}},
        {"ming": "申", "day": False, "at": {"日": "寅", "水": "卯"}},
    ),
    (
        "木上水井",
        {"at": {"木": "未", "水": "亥", "孛": "申", "羅": "辰"}},
        {"at": {"木": "未", "水": "戌", "孛": "申", "羅": "辰"}},
    ),
    ("金居乾位", {"at": {"金": "亥", "羅": "辰"}}, {"at": {"金": "戌", "羅": "辰"}}),
    (
        "水注東南",
        {"ming": "寅", "at": {"水": "巳", "木": "寅", "計": "申"}},
        {"ming": "寅", "at": {"水": "午", "木": "寅", "計": "申", "金": "酉"}},
    ),
    (
        "除舊換新",
        {"month": "寅", "at": {"孛": "亥", "羅": "辰"}},
        {"month": "卯", "at": {"孛": "亥", "羅": "辰"}},
    ),
    (
        "火水未濟",
        {"at": {"火": "戌", "水": "戌"}, "deg": {"火": 20.0, "水": 5.0}},
        {"at": {"火": "戌", "水": "戌"}, "deg": {"火": 5.0, "水": 20.0}},
    ),
    (
        "水火既濟",
        {"at": {"火": "戌", "水": "戌"}, "deg": {"火": 5.0, "水": 20.0}},
        {"at": {"火": "戌", "水": "戌"}, "deg": {"火": 20.0, "水": 5.0}},
    ),
    (
        "日月朝天",
        {"ming": "亥", "at": {"日": "戌", "羅": "辰"}, "deg": {"日": 10.0}},
        {"ming": "子", "at": {"日": "戌", "羅": "辰"}, "deg": {"日": 10.0}},
    ),
    (
        "水星捧月",
        {"at": {"月": "亥", "水": "巳", "羅": "辰", "計": "申"}},
        {"at": {"月": "亥", "水": "午", "羅": "辰", "計": "申", "金": "酉"}},
    ),
    ("金星捧月", {"at": {"月": "酉", "金": "酉", "木": "午"}}, {"at": {"月": "酉", "金": "申", "木": "午"}}),
    ("照廟逢貴", {"ming": "丑", "shen": "未"}, {"ming": "丑", "shen": "申"}),
    (
        "熒惑面南",
        {"day": False, "ming": "午", "at": {"火": "子", "土": "寅"}},
        {"day": False, "ming": "午", "at": {"火": "丑", "土": "寅"}},
    ),
    (
        "馬頭帶劍",
        {"ming": "亥", "at": {"羅": "亥", "金": "卯"}},
        {"ming": "亥", "at": {"羅": "亥", "金": "寅"}},
    ),
    (
        "身命主星互垣",
        {"ming": "亥", "shen": "辰", "at": {"木": "辰", "金": "亥", "炁": "午"}},
        {"ming": "亥", "shen": "辰", "at": {"木": "辰", "金": "子", "炁": "午"}},
    ),
    ("身命主星入閒極", {"ming": "子", "at": {"土": "戌"}}, {"ming": "子", "at": {"土": "酉"}}),
    ("身命主星入財帛", {"ming": "子", "at": {"土": "亥"}}, {"ming": "子", "at": {"土": "亥", "孛": "亥"}}),
    ("身命主星入田宅", {"ming": "子", "at": {"土": "酉"}}, {"ming": "子", "at": {"土": "申"}}),
]


#: the mansions of the Moon's and of the Sun's 七曜 class (《星學大成》卷十〈日月並明說〉 日居月度, 月居日度)
_MOON_XIU = ["心", "危", "畢", "張"]
_SUN_XIU = ["房", "虛", "昴", "星"]


def xiu_case(star: str, xius: list[str], on: bool, *, ming: bool = False) -> dict[str, Any]:
    """Chart arguments that put *star* in the middle of the first of the mansions *xius* (on), or of the
    next mansion in ecliptic order that is none of them (off); with *ming* the 命宮 is that palace."""
    from xuanheng.qizheng.xiu import NAMES

    k = NAMES.index(xius[0])
    if not on:
        r = _XB.rank[k]
        while NAMES[k] in xius:
            r = (r + 1) % 28
            k = _XB.order[r]
    lon = (_XB.start_of(k) + _XB.width_of(k) / 2) % 360.0
    b = palace_of(lon)
    out: dict[str, Any] = {"at": {star: BRANCHES[b]}, "deg": {star: lon - palace_start(b)}}
    if ming:
        out["ming"] = BRANCHES[b]
    return out


# the 格局 added for the breadth of issue 29 (《星學大成》 卷一 卷四 卷八 卷十三–二十二 卷二十五–二十七
# 卷三十 and the names of 鄭氏星案): each fires on its case and keeps quiet on the case that changes the
# deciding fact
BREADTH_CASES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("火燒牛角", {"at": {"火": "酉"}}, {"at": {"火": "申"}}),
    ("水漂白羊", {"at": {"水": "戌"}}, {"at": {"水": "亥"}}),
    ("土埋雙女", {"at": {"土": "巳"}}, {"at": {"土": "午"}}),
    ("木打寶瓶", {"at": {"木": "子"}}, {"at": {"木": "丑"}}),
    ("金騎人馬", {"at": {"金": "寅"}}, {"at": {"金": "丑"}}),
    ("木躔角宿", xiu_case("木", ["角"], True), xiu_case("木", ["角"], False)),
    ("木躔尾宿", xiu_case("木", ["尾"], True), xiu_case("木", ["尾"], False)),
    ("木躔斗宿", xiu_case("木", ["斗"], True), xiu_case("木", ["斗"], False)),
    ("木躔室宿", xiu_case("木", ["室"], True), xiu_case("木", ["室"], False)),
    ("木躔奎宿", xiu_case("木", ["奎"], True), xiu_case("木", ["奎"], False)),
    ("木躔井宿", xiu_case("木", ["井"], True), xiu_case("木", ["井"], False)),
    ("火躔心宿", xiu_case("火", ["心"], True), xiu_case("火", ["心"], False)),
    ("火躔尾宿", xiu_case("火", ["尾"], True), xiu_case("火", ["尾"], False)),
    ("火躔室宿", xiu_case("火", ["室"], True), xiu_case("火", ["室"], False)),
    ("火躔婁宿", xiu_case("火", ["婁"], True), xiu_case("火", ["婁"], False)),
    ("火躔觜宿", xiu_case("火", ["觜"], True), xiu_case("火", ["觜"], False)),
    ("火躔翼宿", xiu_case("火", ["翼"], True), xiu_case("火", ["翼"], False)),
    ("土躔氐宿", xiu_case("土", ["氐"], True), xiu_case("土", ["氐"], False)),
    ("土躔斗宿", xiu_case("土", ["斗"], True), xiu_case("土", ["斗"], False)),
    ("土躔女宿", xiu_case("土", ["女"], True), xiu_case("土", ["女"], False)),
    ("土躔胃宿", xiu_case("土", ["胃"], True), xiu_case("土", ["胃"], False)),
    ("土躔柳宿", xiu_case("土", ["柳"], True), xiu_case("土", ["柳"], False)),
    ("金躔亢宿", xiu_case("金", ["亢"], True), xiu_case("金", ["亢"], False)),
    ("金躔牛宿", xiu_case("金", ["牛"], True), xiu_case("金", ["牛"], False)),
    ("金躔婁宿", xiu_case("金", ["婁"], True), xiu_case("金", ["婁"], False)),
    ("金躔鬼宿", xiu_case("金", ["鬼"], True), xiu_case("金", ["鬼"], False)),
    ("水躔箕宿", xiu_case("水", ["箕"], True), xiu_case("水", ["箕"], False)),
    ("水躔壁宿", xiu_case("水", ["壁"], True), xiu_case("水", ["壁"], False)),
    ("水躔參宿", xiu_case("水", ["參"], True), xiu_case("水", ["參"], False)),
    ("日躔房宿", xiu_case("日", ["房"], True), xiu_case("日", ["房"], False)),
    ("日躔虛宿", xiu_case("日", ["虛"], True), xiu_case("日", ["虛"], False)),
    ("日躔奎宿", xiu_case("日", ["奎"], True), xiu_case("日", ["奎"], False)),
    ("日躔昴宿", xiu_case("日", ["昴"], True), xiu_case("日", ["昴"], False)),
    ("日躔星宿", xiu_case("日", ["星"], True), xiu_case("日", ["星"], False)),
    ("月躔心宿", xiu_case("月", ["心"], True), xiu_case("月", ["心"], False)),
    ("月躔危宿", xiu_case("月", ["危"], True), xiu_case("月", ["危"], False)),
    ("炁躔角亢", xiu_case("炁", ["角", "亢"], True), xiu_case("炁", ["角", "亢"], False)),
    ("炁躔斗宿", xiu_case("炁", ["斗"], True), xiu_case("炁", ["斗"], False)),
    ("炁躔觜宿", xiu_case("炁", ["觜"], True), xiu_case("炁", ["觜"], False)),
    ("孛躔箕宿", xiu_case("孛", ["箕"], True), xiu_case("孛", ["箕"], False)),
    ("孛躔參宿", xiu_case("孛", ["參"], True), xiu_case("孛", ["參"], False)),
    ("孛躔井宿", xiu_case("孛", ["井"], True), xiu_case("孛", ["井"], False)),
    ("羅躔角宿", xiu_case("羅", ["角"], True), xiu_case("羅", ["角"], False)),
    ("羅躔氐宿", xiu_case("羅", ["氐"], True), xiu_case("羅", ["氐"], False)),
    ("羅躔昴宿", xiu_case("羅", ["昴"], True), xiu_case("羅", ["昴"], False)),
    ("羅躔張宿", xiu_case("羅", ["張"], True), xiu_case("羅", ["張"], False)),
    ("計躔房宿", xiu_case("計", ["房"], True), xiu_case("計", ["房"], False)),
    ("計躔虛危", xiu_case("計", ["虛", "危"], True), xiu_case("計", ["虛", "危"], False)),
    ("計躔奎宿", xiu_case("計", ["奎"], True), xiu_case("計", ["奎"], False)),
    ("計躔胃宿", xiu_case("計", ["胃"], True), xiu_case("計", ["胃"], False)),
    ("身命朝天", {"ming": "戌", "shen": "子", "at": {"羅": "巳"}}, {"ming": "戌", "shen": "子"}),
    (
        "月到天心",
        xiu_case("月", ["室", "壁", "奎", "房"], True, ming=True),
        xiu_case("月", ["室", "壁", "奎", "房"], False, ming=True),
    ),
    (
        "主星入廟旺",
        {"ming": "亥", "at": {"木": "亥", "羅": "辰"}},
        {"ming": "亥", "at": {"木": "子", "羅": "辰"}},
    ),
    ("月在強宮", {"at": {"月": "酉", "炁": "酉", "木": "午"}}, {"at": {"月": "酉", "木": "午"}}),
    ("強曜犯月", {"at": {"土": "卯"}}, {"at": {"土": "寅"}}),
    (
        "強星從月",
        {"at": {"月": "酉", "土": "酉", "木": "午"}},
        {"at": {"月": "酉", "土": "酉", "木": "午", "水": "酉"}},
    ),
    (
        "強星近月",
        {"at": {"月": "午", "火": "午", "金": "申", "羅": "丑"}},
        {"at": {"月": "午", "火": "午", "金": "申", "羅": "寅"}},
    ),
    ("蝕神犯月", {"at": {"月": "辰", "羅": "辰", "炁": "午"}}, {"at": {"月": "辰", "羅": "巳", "炁": "午"}}),
    ("柔星犯月", {"year": "丙寅", "at": {"木": "卯"}}, {"year": "甲子", "at": {"木": "卯"}}),
    ("柔星照月", {"at": {"月": "卯", "火": "卯"}}, {"at": {"月": "卯"}}),
    (
        "木孛捧月",
        {"year": "乙丑", "at": {"木": "未", "月": "丑", "日": "寅"}},
        {"year": "甲子", "at": {"木": "未", "月": "丑", "日": "寅"}},
    ),
    ("水土入命", {"at": {"水": "戌", "土": "戌"}}, {"at": {"水": "戌", "土": "亥"}}),
    (
        "水土朝北",
        {"ming": "子", "at": {"水": "午", "土": "午"}},
        {"ming": "子", "at": {"水": "午", "土": "未"}},
    ),
    ("金木逢龍", {"at": {"金": "辰", "木": "辰"}}, {"at": {"金": "辰", "木": "巳"}}),
    ("宮星拱雷門", {"ming": "寅", "shen": "辰"}, {"ming": "寅", "shen": "巳"}),
    (
        "祿貴夾帶",
        {"ming": "子", "shen": "丑", "at": {"火": "亥", "月": "丑", "土": "寅", "羅": "辰"}},
        {"ming": "子", "shen": "丑", "at": {"火": "戌", "月": "丑", "土": "寅", "羅": "辰"}},
    ),
    ("引從", {"at": {"火": "戌", "金": "亥"}}, {"at": {"火": "申", "金": "亥"}}),
    (
        "貴人執劍",
        {"at": {"火": "戌", "土": "午", "金": "申"}},
        {"year": "乙丑", "at": {"火": "戌", "土": "午", "金": "申"}},
    ),
    ("二交主貧富", {"shen": "申"}, {"shen": "寅"}),
    ("水居雙女", {"year": "癸酉", "at": {"水": "巳"}}, {"year": "甲子", "at": {"水": "巳"}}),
    ("木入雙魚", {"year": "甲子", "at": {"木": "亥"}}, {"year": "乙丑", "at": {"木": "亥"}}),
    ("火居卯位", {"year": "丁卯", "at": {"火": "卯"}}, {"year": "甲子", "at": {"火": "卯"}}),
    ("金守辰宮", {"year": "庚午", "at": {"金": "辰"}}, {"year": "甲子", "at": {"金": "辰"}}),
    ("土居丑位", {"year": "戊辰", "at": {"土": "丑"}}, {"year": "甲子", "at": {"土": "丑"}}),
    ("偏垣", {"ming": "酉", "at": {"金": "酉", "木": "午"}}, {"ming": "酉", "at": {"金": "申", "木": "午"}}),
    ("紫木同舍", {"at": {"木": "辰"}}, {"at": {"木": "巳"}}),
    ("月居閑極", {"at": {"月": "申"}}, {"at": {"月": "未"}}),
    ("福祿夾身", {"at": {"木": "卯"}}, {"at": {"木": "寅"}}),
    ("刑囚拱夾", {"at": {"水": "亥", "計": "酉"}}, {"at": {"水": "子", "計": "酉"}}),
    ("計孛夾身", {"at": {"計": "卯", "孛": "巳"}}, {"at": {"計": "卯", "孛": "午"}}),
    ("陰陽拱帝座", {"at": {"日": "寅", "月": "戌"}}, {"at": {"日": "寅", "月": "酉"}}),
    ("月孛當頭", {"at": {"孛": "戌"}}, {"at": {"孛": "亥"}}),
    ("羅睺在命", {"at": {"羅": "戌"}}, {"at": {"羅": "酉"}}),
    ("水逢月孛", {"at": {"水": "未"}}, {"at": {"水": "申"}}),
    ("炁遇羅睺", {"at": {"羅": "辰"}}, {"at": {"羅": "巳"}}),
    ("耗居二四", {"at": {"金": "酉"}}, {"at": {"金": "申"}}),
    ("主到九三", {"at": {"火": "寅"}}, {"at": {"火": "卯"}}),
    ("主入煞宮", {"at": {"火": "卯"}}, {"at": {"火": "辰"}}),
    ("煞侵命位", {"ming": "子", "at": {"水": "子"}}, {"ming": "子", "at": {"水": "丑"}}),
    ("命臨妻位", {"at": {"火": "辰"}}, {"at": {"火": "卯"}}),
    ("主居相貌", {"at": {"火": "亥"}}, {"at": {"火": "子"}}),
    ("身守遷移", {"at": {"金": "寅"}}, {"at": {"金": "卯"}}),
    ("官星入命", {"at": {"土": "戌"}}, {"at": {"土": "亥"}}),
    (
        "官德互垣",
        {"ming": "子", "at": {"火": "寅", "木": "卯"}},
        {"ming": "子", "at": {"火": "寅", "木": "辰"}},
    ),
    ("一星伴月", {"at": {"月": "未"}}, {"at": {"月": "未", "金": "未"}}),
    ("二曜朝陽", {"at": {"日": "午", "水": "午"}}, {"at": {"日": "午"}}),
    ("太乙抱蟾", {"at": {"月": "未"}}, {"at": {"月": "申"}}),
    ("計都朝斗", xiu_case("計", ["斗"], True), xiu_case("計", ["斗"], False)),
    ("金水會蛇", {"at": {"金": "巳", "水": "巳"}}, {"at": {"金": "巳", "水": "午"}}),
    ("出坤入乾", {"at": {"火": "未", "金": "亥"}}, {"at": {"火": "未", "金": "子"}}),
    ("乾坤定位", {"ming": "亥", "shen": "未", "at": {"羅": "辰"}}, {"ming": "亥", "shen": "未"}),
    ("拱斗朝天", {"ming": "午", "at": {"日": "寅", "羅": "辰"}}, {"ming": "午", "at": {"日": "寅"}}),
    ("火羅計孛守四強", {"at": {"火": "戌", "羅": "辰", "計": "丑"}}, {"at": {"火": "戌", "羅": "辰"}}),
    ("火孛同宮", {"at": {"火": "未"}}, {"at": {"火": "申"}}),
    ("火羅作黨", {"at": {"火": "亥"}}, {"at": {"火": "子"}}),
    ("金孛相逢", {"at": {"金": "未"}}, {"at": {"金": "申"}}),
    ("福祿兩旺", {"at": {"火": "戌", "木": "亥"}}, {"at": {"火": "戌", "木": "卯"}}),
    ("木入秦州", {"ming": "未", "at": {"木": "未"}}, {"ming": "未", "at": {"木": "申"}}),
    ("紫金相會", {"at": {"金": "辰"}}, {"at": {"金": "巳"}}),
    ("孛在福宮", {"at": {"孛": "子"}}, {"at": {"孛": "丑"}}),
    ("炁逢月孛", {"at": {"孛": "辰"}}, {"at": {"孛": "巳"}}),
    ("計孛守身", {"at": {"計": "辰", "孛": "辰"}}, {"at": {"計": "辰", "孛": "巳"}}),
    ("火孛守命", {"at": {"火": "戌", "孛": "戌"}}, {"at": {"火": "戌", "孛": "亥"}}),
    ("日土晝合", {"at": {"土": "丑"}}, {"day": False, "at": {"土": "丑"}}),
    ("火月同霄", {"day": False, "at": {"月": "巳"}}, {"day": True, "at": {"月": "巳"}}),
    ("福祿互聚", {"at": {"木": "巳"}}, {"at": {"木": "午"}}),
    ("日月拱命", {"at": {"日": "午", "月": "寅"}}, {"at": {"日": "午", "月": "卯"}}),
    ("二主臨財", {"at": {"火": "酉", "金": "酉"}}, {"at": {"火": "酉", "金": "申"}}),
    (
        "官福居垣",
        {"ming": "子", "at": {"火": "卯", "木": "寅"}},
        {"ming": "子", "at": {"火": "卯", "木": "卯"}},
    ),
    ("拱夾田財", {"at": {"月": "戌", "炁": "申"}}, {"at": {"月": "戌"}}),
    ("金木同位", {"at": {"金": "酉"}}, {"at": {"金": "申"}}),
    ("日月同宮", {"at": {"日": "戌", "月": "戌"}}, {"at": {"日": "戌", "月": "亥"}}),
    ("日月守照", {"at": {"日": "戌", "月": "辰"}}, {"at": {"日": "戌", "月": "巳"}}),
    ("金水輔日", {"at": {"金": "子"}}, {"at": {"金": "亥"}}),
    ("金火逢月", {"at": {"金": "卯", "火": "卯"}}, {"at": {"金": "卯", "火": "辰"}}),
    (
        "十一曜朝命",
        {
            "at": {
                "日": "戌",
                "月": "寅",
                "水": "午",
                "金": "辰",
                "火": "戌",
                "木": "寅",
                "土": "午",
                "羅": "辰",
                "計": "戌",
                "孛": "寅",
                "炁": "辰",
            }
        },
        {
            "at": {
                "日": "戌",
                "月": "寅",
                "水": "午",
                "金": "辰",
                "火": "戌",
                "木": "寅",
                "土": "午",
                "羅": "辰",
                "計": "戌",
                "孛": "未",
                "炁": "辰",
            }
        },
    ),
    ("官祿互垣", {"at": {"土": "戌", "火": "丑", "日": "寅"}}, {"at": {"土": "戌", "火": "子", "日": "寅"}}),
    ("午上帝座", {"ming": "午", "at": {"日": "午"}}, {"ming": "午", "at": {"日": "未"}}),
    (
        "子上官福守照",
        {"ming": "子", "at": {"火": "子", "木": "午"}},
        {"ming": "子", "at": {"火": "子", "木": "未"}},
    ),
    (
        "一孛朝天",
        {"ming": "申", "at": {"孛": "亥", "羅": "辰"}},
        {"ming": "申", "at": {"孛": "戌", "羅": "辰"}},
    ),
    ("月穿細柳", xiu_case("月", ["柳"], True), xiu_case("月", ["柳"], False)),
    ("炁羅見日", {"at": {"羅": "辰", "日": "辰"}}, {"at": {"羅": "辰", "日": "巳"}}),
    ("土會孛羅", {"at": {"土": "未", "羅": "未"}}, {"at": {"土": "未", "羅": "申"}}),
    ("金月逢霄", {"day": False, "at": {"金": "卯"}}, {"day": True, "at": {"金": "卯"}}),
    ("土炁夾羅", {"at": {"炁": "戌"}}, {"at": {"炁": "酉"}}),
    ("孛入財宮", {"at": {"孛": "酉"}}, {"at": {"孛": "申"}}),
    ("火居子位", {"at": {"火": "午"}}, {"at": {"火": "未"}}),
    ("官主朝陽", {"at": {"土": "丑"}}, {"at": {"土": "寅"}}),
    ("福星隨月", {"at": {"月": "子"}}, {"at": {"月": "亥"}}),
    ("八殺朝天", {"at": {"火": "亥"}}, {"at": {"火": "子"}}),
    ("日月夾財", {"at": {"日": "戌", "月": "申"}}, {"at": {"日": "戌", "月": "未"}}),
    ("日月夾金", {"at": {"日": "未", "月": "巳"}}, {"at": {"日": "未", "月": "辰"}}),
    (
        "火孛交戰",
        {"at": {"火": "未"}, "deg": {"火": 10.0, "孛": 12.0}},
        # (23) since 鄭氏's cases 10 and 35, 交戰 is also two within 30°: the miss is 31.5° apart, other 宿
        {"at": {"火": "未", "孛": "申"}, "deg": {"火": 29.5, "孛": 28.0}},
    ),
    ("一星得用", {"at": {"火": "戌", "金": "巳"}}, {"at": {"火": "戌", "金": "酉"}}),
    ("財星升殿", xiu_case("金", ["婁"], True), xiu_case("金", ["婁"], False)),
    # the 夾 names of 鄭氏's cases 12, 20 and 21 (tests/qizheng/casebook/zheng.toml)
    (
        "日月夾命",
        {"ming": "子", "at": {"日": "丑", "月": "亥"}},
        {"ming": "子", "at": {"日": "丑", "月": "戌"}},
    ),
    # 命 丑: 官祿 辰 (金), 福德 卯 (火) — the book's own example, and 火 moved one palace on
    (
        "官福夾命",
        {"ming": "丑", "at": {"金": "子", "火": "寅"}},
        {"ming": "丑", "at": {"金": "子", "火": "卯"}},
    ),
    # 命 辰 (its lord 金) with 金 in 午: 日 巳 and 月 未 — the book's example; 月 in 申 misses
    (
        "日月夾主",
        {"ming": "辰", "at": {"金": "午", "日": "巳", "月": "未"}},
        {"ming": "辰", "at": {"金": "午", "日": "巳", "月": "申"}},
    ),
    # 鄭氏 cases 12 and 14 (土躔奎度), 25 (孤月獨明)
    ("土躔奎宿", xiu_case("土", ["奎"], True), xiu_case("土", ["奎"], False)),
    ("孤月獨明", {"day": False, "at": {"月": "卯"}}, {"day": False, "at": {"月": "卯", "火": "卯"}}),
    ("孤月獨明", {"day": False, "at": {"月": "卯"}}, {"day": True, "at": {"月": "卯"}}),
]


def merged(*parts: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """Chart arguments that combine several placements (their ``at`` and ``deg`` joined) with *extra*."""
    out: dict[str, Any] = {"at": {}, "deg": {}}
    for p in parts:
        out["at"].update(p.get("at", {}))
        out["deg"].update(p.get("deg", {}))
    out.update(extra)
    return out


# the 格局 of the 鄭氏 星案 in the three general forms (ge-223 …) and by degree (ge-236 …). The base
# chart has 命 戌 (命主 火), 身 辰 (身主 金); from 戌 the palaces run 財 酉, 兄 申, 田 未, 男 午, 奴 巳,
# 妻 辰, 疾 卯, 遷 寅, 官 丑, 福 子, 相 亥; with 命 丑 the 官祿 is 辰 (金) and the 福德 卯 (火), with
# 命 亥 the 田宅 is 申 (水).
# Longitudes: 戌 starts at 0°, each branch before it 30° further (午 120°, 巳 150°, 未 90°).
ZHENG_FORM_CASES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("日月夾田", {"at": {"日": "午", "月": "申"}}, {"at": {"日": "午", "月": "酉"}}),
    ("日月夾福", {"at": {"日": "亥", "月": "丑"}}, {"at": {"日": "亥", "月": "寅"}}),
    ("日月夾夫", {"at": {"日": "卯", "月": "巳"}}, {"at": {"日": "卯", "月": "午"}}),
    (
        "官福夾陽",
        {"ming": "丑", "at": {"日": "午", "金": "巳", "火": "未"}},
        {"ming": "丑", "at": {"日": "午", "金": "巳", "火": "申"}},
    ),
    # 田宅 未 (月), 財帛 酉 (金) around the 身宮 辰: 月 already in 卯
    ("田財夾身", {"at": {"金": "巳"}}, {"at": {"金": "午"}}),
    ("田財夾命", {"at": {"月": "亥", "金": "酉"}}, {"at": {"月": "亥", "金": "申"}}),
    (
        "身命升殿",
        merged(xiu_case("火", ["翼"], True), xiu_case("金", ["婁"], True)),
        merged(xiu_case("火", ["翼"], True), xiu_case("金", ["婁"], False)),
    ),
    (
        "福官升殿",
        merged(xiu_case("火", ["翼"], True), xiu_case("金", ["婁"], True), ming="丑"),
        merged(xiu_case("火", ["翼"], False), xiu_case("金", ["婁"], True), ming="丑"),
    ),
    (
        "福星升殿",
        merged(xiu_case("火", ["翼"], True), ming="丑"),
        merged(xiu_case("火", ["翼"], False), ming="丑"),
    ),
    ("火星居垣", {"at": {"火": "卯"}}, {"at": {"火": "辰"}}),
    ("嗣星居垣", {"at": {"日": "午"}}, {"at": {"日": "未"}}),
    ("妻元居垣", {"at": {"金": "辰"}}, {"at": {"金": "巳"}}),
    # 夾 by degree: the 命主 火 at 160° between 日 at 130° and 月 at 170° (40° apart); 日 at 100° puts
    # them 70° apart, beyond the 60° the rule allows
    (
        "日月夾命主",
        {"at": {"日": "午", "火": "巳", "月": "巳"}, "deg": {"日": 10.0, "火": 10.0, "月": 20.0}},
        {"at": {"日": "未", "火": "巳", "月": "巳"}, "deg": {"日": 10.0, "火": 10.0, "月": 20.0}},
    ),
    (
        "日月夾田主",
        # 田宅 申's lord 水 at 160° inside 日 130°–月 170°; at 175° it lies outside
        {"ming": "亥", "at": {"日": "午", "水": "巳", "月": "巳"}, "deg": {"日": 10.0, "水": 10.0, "月": 20}},
        {"ming": "亥", "at": {"日": "午", "水": "巳", "月": "巳"}, "deg": {"日": 10.0, "水": 25.0, "月": 20}},
    ),
    # five of the eleven in 亥 子 丑 (the base has 日 丑, 土 子, 羅 亥)
    ("群星朝北", {"at": {"金": "亥", "水": "子"}}, {"at": {"金": "亥"}}),
    # 鄭氏's reading of 八殺朝天: 命 戌, its lord 火 (also the 疾厄 卯's lord) at home and direct; or
    # 命 辰 with 金
    ("八殺朝天", {"at": {"火": "戌"}}, {"at": {"火": "戌"}, "motion": {"火": "逆"}}),
    ("八殺朝天", {"ming": "辰", "at": {"金": "辰"}}, {"ming": "辰", "at": {"金": "酉"}}),
    # 火孛交戰 across a palace boundary: 8° apart (火 巳 28°, 孛 辰 6°) fires; 40° apart does not
    (
        "火孛交戰",
        {"at": {"火": "巳", "孛": "辰"}, "deg": {"火": 28.0, "孛": 6.0}},
        {"at": {"火": "巳", "孛": "辰"}, "deg": {"火": 5.0, "孛": 15.0}},
    ),
]
# the other 交戰 (ge-239 …), as 火孛交戰: 8° apart across the 巳/辰 boundary fires, 40° apart does not
ZHENG_FORM_CASES += [
    (
        "金羅交戰",
        {"at": {"金": "巳", "羅": "辰"}, "deg": {"金": 28.0, "羅": 6.0}},
        {"at": {"金": "巳", "羅": "辰"}, "deg": {"金": 5.0, "羅": 15.0}},
    ),
    (
        "水火交戰",
        {"at": {"水": "巳", "火": "辰"}, "deg": {"水": 28.0, "火": 6.0}},
        {"at": {"水": "巳", "火": "辰"}, "deg": {"水": 5.0, "火": 15.0}},
    ),
    (
        "計孛交戰",
        {"at": {"計": "巳", "孛": "辰"}, "deg": {"計": 28.0, "孛": 6.0}},
        {"at": {"計": "巳", "孛": "辰"}, "deg": {"計": 5.0, "孛": 15.0}},
    ),
    (
        "水羅交戰",
        {"at": {"水": "巳", "羅": "辰"}, "deg": {"水": 28.0, "羅": 6.0}},
        {"at": {"水": "巳", "羅": "辰"}, "deg": {"水": 5.0, "羅": 15.0}},
    ),
]
# the 鄭氏 names read with the terms of 《張果星宗》卷一〈入門看法〉 (ge-243 …). Base (命 戌): 日 丑, 月 卯
# (225°), 水 寅, 金 午, 火 巳, 木 酉, 土 子, 羅 亥, 計 申, 孛 未, 炁 辰; lords: 田宅 未 月, 財帛 酉 金,
# 男女 午 日, 夫妻 辰 金, 官祿 丑 and 福德 子 土; 化祿 (甲) 火; the 五弱 palaces 兄 申, 奴 巳, 疾 卯, 遷 寅,
# 相 亥. 會 (one palace), 對 (opposite palaces), 蝕 (羅/計 with a luminary), 守/臨 (a star in a palace), 拱
# (三合), 殿垣 (升殿 or 入垣), 艮 (丑 寅), 離 (午), 明/晦 (the night stars dark by day): each fires when
# the name's stars stand so, and the near miss moves one star a palace on.
ZHENG_TERM_CASES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("土金相生", {"at": {"金": "子"}}, {"at": {"金": "亥"}}),
    ("金水相生", {"at": {"金": "寅"}}, {"at": {"金": "卯"}}),
    ("金計相生", {"at": {"金": "申"}}, {"at": {"金": "酉"}}),
    ("水計相刑", {"at": {"水": "申"}}, {"at": {"水": "酉"}}),
    ("水火相刑", {"at": {"水": "巳"}}, {"at": {"水": "辰"}}),
    ("土月相掩", {"at": {"月": "子"}}, {"at": {"月": "亥"}}),
    ("炁日同宮", {"at": {"炁": "丑"}}, {"at": {"炁": "寅"}}),
    # 土 子 faces 金 午 in the base itself (BASE_HOLDS)
    ("土金對生", {}, {"at": {"金": "未"}}),
    ("火土對生", {"at": {"火": "午"}}, {"at": {"火": "未"}}),
    ("木土對克", {"at": {"木": "午"}}, {"at": {"木": "未"}}),
    ("金木對克", {"at": {"木": "子"}}, {"at": {"木": "亥"}}),
    ("土水對傷", {"at": {"水": "午"}}, {"at": {"水": "未"}}),
    ("土月對掩", {"at": {"月": "午"}}, {"at": {"月": "未"}}),
    ("羅犯太陽", {"at": {"羅": "丑"}}, {"at": {"羅": "寅"}}),
    ("計犯太陰", {"at": {"計": "卯"}}, {"at": {"計": "辰"}}),
    # 月 at 225°: 羅 at 220° and 孛 at 205° (20° off, across the 辰/卯 boundary) fire; 孛 at 185° (40° off)
    # does not
    (
        "孛羅犯月",
        {"at": {"羅": "卯", "孛": "辰"}, "deg": {"羅": 10.0, "孛": 25.0}},
        {"at": {"羅": "卯", "孛": "辰"}, "deg": {"羅": 10.0, "孛": 5.0}},
    ),
    ("日居奴位", {"at": {"日": "巳"}}, {"at": {"日": "辰"}}),
    ("水日居官", {"at": {"水": "丑"}}, {"at": {"水": "子"}}),
    # the 男女 午's lord 日 already in the 官祿 丑 in the base (BASE_HOLDS)
    ("子星居官", {}, {"at": {"日": "寅"}}),
    ("火孛臨田", {"at": {"火": "未"}}, {"at": {"火": "申"}}),
    ("祿主臨田", {"at": {"火": "未"}}, {"at": {"火": "申"}}),
    ("身居福地", {"shen": "子"}, {"shen": "丑"}),
    # the 福德 子's lord 土 at home in 子 in the base (BASE_HOLDS); 丑 is its home too, 寅 is not
    ("福主居垣", {}, {"at": {"土": "寅"}}),
    ("命主居垣", {"at": {"火": "戌"}}, {"at": {"火": "酉"}}),
    ("田財臨弱", {"at": {"金": "巳"}}, {"at": {"金": "辰"}}),
    ("福官臨弱", {"at": {"土": "寅"}}, {"at": {"土": "辰"}}),
    ("孛星守命", {"at": {"孛": "戌"}}, {"at": {"孛": "酉"}}),
    ("單羅守命", {"at": {"羅": "戌"}}, {"at": {"羅": "戌", "木": "戌"}}),
    ("日月拱福", {"at": {"日": "申", "月": "辰"}}, {"at": {"日": "申", "月": "巳"}}),
    ("官福拱命", {"at": {"土": "寅"}}, {"at": {"土": "卯"}}),
    ("田財拱身", {"at": {"月": "申", "金": "子"}}, {"at": {"月": "申", "金": "丑"}}),
    ("日月殿垣", {"at": {"日": "午", "月": "未"}}, {"at": {"日": "午", "月": "酉"}}),
    ("妻嗣殿垣", {"at": {"金": "辰", "日": "午"}}, {"at": {"金": "巳", "日": "午"}}),
    ("身命殿垣", {"at": {"火": "戌", "金": "辰"}}, {"at": {"火": "酉", "金": "辰"}}),
    ("火入金鄉", {"at": {"火": "辰"}}, {"at": {"火": "午"}}),
    ("火旺南離", {"at": {"火": "午"}}, {"at": {"火": "未"}}),
    ("月出艮方", {"at": {"月": "寅"}}, {"at": {"月": "辰"}}),
    ("月明艮方", {"day": False, "at": {"月": "丑"}}, {"day": True, "at": {"月": "丑"}}),
    ("月明守福", {"day": False, "at": {"月": "子"}}, {"day": True, "at": {"月": "子"}}),
    ("日南月北", {"at": {"日": "午", "月": "子"}}, {"at": {"日": "午", "月": "寅"}}),
    # five of the eleven in 巳 午 未 (金 午, 火 巳, 孛 未 in the base, 日 and 月 added), the 命宮 among them
    (
        "衆曜拱南",
        {"ming": "午", "at": {"日": "午", "月": "巳"}},
        {"ming": "辰", "at": {"日": "午", "月": "巳"}},
    ),
    # 火 巳 and 月 酉 in 三合; by night the two are bright
    ("火月無光", {"day": True, "at": {"月": "酉"}}, {"day": False, "at": {"月": "酉"}}),
    ("金月無光", {"day": True, "at": {"月": "戌"}}, {"day": False, "at": {"月": "戌"}}),
    # one or two stars in a palace (ge-286 …): 命主 火, 身主 金 (身 辰); 化福 木 (already in the 財帛 酉)
    ("身命居福", {"at": {"火": "子", "金": "子"}}, {"at": {"火": "子", "金": "亥"}}),
    ("命主居福", {"at": {"火": "子"}}, {"at": {"火": "亥"}}),
    ("福居夫位", {"at": {"土": "辰"}}, {"at": {"土": "巳"}}),
    ("田子居官", {"at": {"月": "丑"}}, {"at": {"月": "寅"}}),
    ("福祿臨財", {"at": {"火": "酉"}}, {"at": {"火": "申"}}),
    # or 祿 read as the 官祿 (qz-geju10): the 福德 子's and the 官祿 丑's lord 土 in the 財帛 酉
    ("福祿臨財", {"at": {"土": "酉"}}, {"at": {"土": "申"}}),
    ("田財臨福", {"at": {"月": "子", "金": "子"}}, {"at": {"月": "子", "金": "亥"}}),
    ("命財起垣", {"at": {"火": "戌", "金": "酉"}}, {"at": {"火": "戌", "金": "申"}}),
    # the 官祿 丑 and 福德 子 are both ruled by 土 (in 子): 火 with it generates it, 金 does not (ge-370; more
    # cases in test_reading_sheng.py)
    ("官福受生", {"at": {"火": "子"}}, {"at": {"金": "子"}}),
    # star spirits on a palace (ge-293 …): in a 庚寅 year 的殺 (寅申巳亥: 酉) and 陽刃 (庚: 酉) share 酉, the
    # 命宮 with 命 酉, the 夫妻 with 命 卯, the 福德 with 命 未; in a 丙辰 year 陽刃 (丙: 午) and 天雄 (the
    # third palace from the 歲駕 辰, counted from it: 午) share 午; in 甲子 the 歲駕 is 子, the 國印 (甲) 戌
    ("的刃守命", {"year": "庚寅", "ming": "酉"}, {"year": "庚寅", "ming": "戌"}),
    ("的刃妻位", {"year": "庚寅", "ming": "卯"}, {"year": "庚寅", "ming": "辰"}),
    ("的刃居福", {"year": "庚寅", "ming": "未"}, {"year": "庚寅", "ming": "申"}),
    ("刃雄守命", {"year": "丙辰", "ming": "午"}, {"year": "丙辰", "ming": "未"}),
    ("命登歲駕", {"ming": "子"}, {"ming": "丑"}),
    ("身居國印", {"shen": "戌"}, {"shen": "亥"}),
    # 斗標 (甲子, month 午, hour 午): 戌 put on the month's 午 and counted on to the hour 午 lands on 寅 — the
    # 命宮 with 命 寅, the 官祿 with 命 亥
    ("斗旺坐命", {"ming": "寅"}, {"ming": "卯"}),
    ("斗標指祿", {"ming": "亥"}, {"ming": "子"}),
]
ZHENG_FORM_CASES += ZHENG_TERM_CASES


def off_line(start: float) -> float:
    """A degree of the palace beginning at *start* more than 1.5° from the palace's edges and from every
    mansion boundary of the test's mansions (a point on no 岐界)."""
    lines = [_XB.start_of(x) for x in range(28)]
    for d in (15.0, 12.0, 18.0, 9.0, 21.0, 6.0, 24.0):
        if all(abs((start + d - x + 180.0) % 360.0 - 180.0) > 1.5 for x in lines):
            return d
    raise AssertionError("no clear degree")  # pragma: no cover


def on_xiu_line(start: float) -> float:
    """A degree of the palace beginning at *start*, half a degree past a mansion boundary inside it."""
    for x in range(28):
        d = (_XB.start_of(x) - start) % 360.0
        if 2.0 < d < 28.0:
            return d + 0.5
    raise AssertionError("no mansion boundary inside the palace")  # pragma: no cover


_MING = palace_start(BRANCHES.index("戌"))
#: the 兩歧 cases draw the mansion boundaries on the chart (the base chart has none: its 命度 and Moon at 15°
#: into their palaces happen to lie near boundaries of the test's 古制 mansions)
_L = {"xiu_lines": True}
_YUE = palace_start(BRANCHES.index("卯"))
# the 鄭氏 names that 《張果星宗》 defines in its 格 lists and terms (ge-301 …). Base as above (命 戌,
# 命主 火, 官祿 丑 土; 羅 亥 at 345°); the east is 寅 卯 辰, the west 申 酉 戌 (〈日月合格〉「日東月西」).
ZHENG_LIST_CASES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("日月背行", {"at": {"日": "申", "月": "寅"}}, {"at": {"日": "申", "月": "巳"}}),
    ("日月背行", {"at": {"日": "戌", "月": "辰"}}, {"at": {"日": "亥", "月": "辰"}}),
    # 《星學大成》卷十〈日月並明說〉: the Sun in a mansion of the Moon's class (心 危 畢 張), or the Moon in
    # one of the Sun's (房 虛 昴 星), is 反背 too; the next mansion that is none of them keeps it quiet
    ("日月背行", xiu_case("日", _MOON_XIU, True), xiu_case("日", _MOON_XIU, False)),
    ("日月背行", xiu_case("月", _SUN_XIU, True), xiu_case("月", _SUN_XIU, False)),
    # 升: the Sun east for a 寅–未 hour, the Moon west for a 申–丑 hour
    ("日月得體", {"hour": "卯", "at": {"日": "卯"}}, {"hour": "酉", "at": {"日": "卯"}}),
    ("日月得體", {"hour": "子", "at": {"月": "酉"}}, {"hour": "午", "at": {"月": "酉"}}),
    # the Sun alone in 戌 with 酉 and 亥 empty (木 and 羅 moved to 寅); 羅 back in 亥 is an aide
    (
        "孤陽無輔",
        {"at": {"日": "戌", "木": "寅", "羅": "寅"}},
        {"at": {"日": "戌", "木": "寅", "羅": "亥"}},
    ),
    # 羅 at 345° (亥), 計 at 165° (巳): the half from 165° to 345° holds 日 月 水 火 土 and, moved, 金 (辰)
    # and 木 (寅); the 命度 at 15° lies on the other half. 木 left in 酉 (45°) alone with the 命 has slipped
    # out (跳出一星) and the cut still holds (《星學大成》卷四〈看星節要八十一條〉); with 金 left in 午 (135°)
    # as well, two stand with the 命 and the stars no longer turn from it
    ("諸星背命", {"at": {"金": "辰", "木": "寅", "計": "巳"}}, {"at": {"計": "巳"}}),
    ("諸星背命", {"at": {"金": "辰", "計": "巳"}}, {"at": {"計": "巳"}}),
    # the same cut: the stars' half has its middle at 255° (寅), 東南: by day it holds, by night not
    (
        "計羅攔截",
        {"day": True, "at": {"金": "辰", "木": "寅", "計": "巳"}},
        {"day": False, "at": {"金": "辰", "木": "寅", "計": "巳"}},
    ),
    # one star (木, 酉) slipped out of the cut: still 攔截 by day; with 金 (午) out too it is no cut
    ("計羅攔截", {"day": True, "at": {"金": "辰", "計": "巳"}}, {"day": True, "at": {"計": "巳"}}),
    # 岐界: the 命度 half a degree into its palace, or half a degree past a mansion boundary; the near miss
    # puts it more than 1.5° from every line
    ("命坐兩歧", {"ming_deg": 0.5, **_L}, {"ming_deg": off_line(_MING), **_L}),
    ("命坐兩歧", {"ming_deg": on_xiu_line(_MING), **_L}, {"ming_deg": off_line(_MING), **_L}),
    ("身坐兩歧", {"deg": {"月": 0.5}, **_L}, {"deg": {"月": off_line(_YUE)}, **_L}),
    ("身坐兩歧", {"deg": {"月": on_xiu_line(_YUE)}, **_L}, {"deg": {"月": off_line(_YUE)}, **_L}),
    (
        "身命兩歧",
        {"ming_deg": 0.5, "deg": {"月": 0.5}, **_L},
        {"ming_deg": off_line(_MING), "deg": {"月": 0.5}, **_L},
    ),
    # the four 餘 each alone in the base (炁 辰, 孛 未, 羅 亥, 計 申); 孛 moved beside 金 in 午 is not
    ("四餘獨步", {}, {"at": {"孛": "午"}}),
    # 羅 is in 亥: the Moon joins it on a dark night (the 2nd), not on the 10th
    (
        "羅月交輝",
        {"day": False, "lunar_day": 2, "at": {"月": "亥"}},
        {"day": False, "lunar_day": 10, "at": {"月": "亥"}},
    ),
    (
        "羅月交輝",
        {"day": False, "lunar_day": 28, "at": {"月": "亥"}},
        {"day": True, "lunar_day": 28, "at": {"月": "亥"}},
    ),
    # 木 joins the Moon in 卯 by night on the 12th; in a winter month (子) not. 木 at 25° of 卯 stands in 心,
    # the Moon in 氐: not in one mansion (共度, the second form, qz-geju11)
    (
        "木月清貴",
        {"day": False, "lunar_day": 12, "at": {"木": "卯"}, "deg": {"木": 25.0}},
        {"day": False, "lunar_day": 12, "month": "子", "at": {"木": "卯"}, "deg": {"木": 25.0}},
    ),
    (
        "木月清貴",
        {"day": False, "lunar_day": 23, "at": {"木": "卯"}, "deg": {"木": 25.0}},
        {"day": False, "lunar_day": 25, "at": {"木": "卯"}, "deg": {"木": 25.0}},
    ),
    ("夜火朝天", {"day": False, "at": {"火": "亥"}}, {"day": True, "at": {"火": "亥"}}),
    # the 官祿 丑's lord 土
    ("祿主退行", {"motion": {"土": "逆"}}, {"motion": {"土": "留"}}),
    # 木 in 酉 in the base; 戌 is not a metal palace
    ("木入金鄉", {}, {"at": {"木": "戌"}}),
    ("木入金鄉", {"at": {"木": "辰"}}, {"at": {"木": "卯"}}),
    # 火 in 巳 in the base
    ("火居水地", {}, {"at": {"火": "午"}}),
    ("火居水地", {"at": {"火": "申"}}, {"at": {"火": "未"}}),
    ("土在木宮", {"at": {"土": "寅"}}, {"at": {"土": "卯"}}),
    ("土在木宮", {"at": {"土": "亥"}}, {"at": {"土": "戌"}}),
    ("金乘火位", {"at": {"金": "卯"}}, {"at": {"金": "辰"}}),
    ("金乘火位", {"at": {"金": "戌"}}, {"at": {"金": "酉"}}),
    ("水居土室", {"at": {"水": "子"}}, {"at": {"水": "亥"}}),
    ("水居土室", {"at": {"水": "丑"}}, {"at": {"水": "寅"}}),
    ("金居衛分", {"at": {"金": "亥"}}, {"at": {"金": "戌"}}),
    ("月居天秤", {"at": {"月": "辰"}}, {"at": {"月": "巳"}}),
    # 甲子's 納音 is metal (海中金), born (長生) in 巳
    ("命坐長生", {"ming": "巳"}, {"ming": "午"}),
    # 命 丑: 官祿 辰 (金), 福德 卯 (火); 金 moved into 火's 巳
    ("福官會聚", {"ming": "丑", "at": {"金": "巳"}}, {"ming": "丑"}),
    # 田宅 未's lord 月, 財帛 酉's lord 金 (午): the Moon in 子 faces it
    ("田財對照", {"at": {"月": "子"}}, {"at": {"月": "丑"}}),
    # or the two lords together across from the 命宮 戌, in its 夫妻 辰 (qz-geju10)
    ("田財對照", {"at": {"月": "辰", "金": "辰"}}, {"at": {"月": "辰", "金": "巳"}}),
    # 丙 year: 祿勳 巳, 玉堂 亥 (《張果星宗》卷二); 命 巳 faces 亥 (its 夫妻), 命 亥 faces 巳
    ("坐祿向貴", {"year": "丙子", "ming": "巳"}, {"year": "丙子", "ming": "午"}),
    ("對祿坐貴", {"year": "丙子", "ming": "亥"}, {"year": "丙子", "ming": "子"}),
    ("木炁扶身", {"at": {"木": "卯", "炁": "卯"}}, {"at": {"木": "卯"}}),
    # 命 子 (命主 土), 財帛 亥 (lord 木, which overcomes 土): 木 in the 命宮
    ("財星克命", {"ming": "子", "at": {"木": "子"}}, {"ming": "子", "at": {"木": "亥"}}),
    # 水 in 寅 beside the Sun in 丑 in the base; in 卯 it is not
    ("水輔陽光", {}, {"at": {"水": "卯"}}),
    ("水輔陽光", {"at": {"水": "子"}}, {"at": {"水": "亥"}}),
    # 東南 is 寅 … 未, 西北 申 … 丑: the base has the Sun in 丑 and the Moon in 卯 (日月失所)
    ("陰陽得地", {"at": {"日": "辰", "月": "戌"}}, {"at": {"日": "辰", "月": "卯"}}),
    ("陰陽得地", {"at": {"日": "未", "月": "申"}}, {"at": {"日": "申", "月": "申"}}),
    ("日月失所", {}, {"at": {"月": "酉"}}),
    ("日月失所", {"at": {"日": "申", "月": "未"}}, {"at": {"日": "未", "月": "未"}}),
    # 甲 year: 陽刃 on 卯, whose 三合 are 亥 and 未
    ("日月拱刃", {"at": {"日": "亥", "月": "未"}}, {"at": {"日": "亥", "月": "午"}}),
    # 斷躔 (卷八〈忌斷躔〉): 土 亥 寅, 計 寅 亥 卯, 金 卯 戌, 日 and 月 卯 酉; lords: 夫妻 辰 金, 男女 午 日,
    # 田宅 未 月 (卯 in the base), 財帛 酉 金
    ("土計失躔", {"at": {"土": "寅", "計": "卯"}}, {"at": {"土": "寅", "計": "辰"}}),
    ("妻嗣失躔", {"at": {"金": "戌", "日": "酉"}}, {"at": {"金": "戌", "日": "申"}}),
    ("田財失躔", {"at": {"金": "戌"}}, {"at": {"金": "申"}}),
    # 得經: 入垣 or 廟 — 命主 火 in 戌 (入垣), 夫妻's 金 in 辰 (入垣, 廟) but not in 巳; 田宅's 月 in 戌 (廟)
    # or 未 (入垣), 財帛's 金 in 酉 (入垣) but not in 亥 (旺 only)
    ("命妻得經", {"at": {"火": "戌", "金": "辰"}}, {"at": {"火": "戌", "金": "巳"}}),
    ("田財得經", {"at": {"月": "戌", "金": "酉"}}, {"at": {"月": "戌", "金": "亥"}}),
    ("田財得經", {"at": {"月": "未", "金": "辰"}}, {"at": {"月": "酉", "金": "辰"}}),
]
# 田財殿令: with 命 亥 the 田宅 申's lord is 水 and the 財帛 戌's 火; born in 午 (summer) 火 is the 令星, so
# 水 must be 升殿 (in 軫); born in 子 (winter) 水 is the 令星 and 火 must be 升殿 (in 翼) — 水 kept out of
# its own mansions, so in summer it is neither
_WATER = ["箕", "壁", "參", "軫"]
ZHENG_LIST_CASES += [
    (
        "田財殿令",
        merged(xiu_case("水", ["軫"], True), ming="亥"),
        merged(xiu_case("水", ["軫"], False), ming="亥"),
    ),
    (
        "田財殿令",
        merged(xiu_case("火", ["翼"], True), xiu_case("水", _WATER, False), ming="亥", month="子"),
        merged(xiu_case("火", ["翼"], False), xiu_case("水", _WATER, False), ming="亥", month="子"),
    ),
    (
        "田財殿令",
        merged(xiu_case("火", ["翼"], True), xiu_case("水", _WATER, False), ming="亥", month="子"),
        merged(xiu_case("火", ["翼"], True), xiu_case("水", _WATER, False), ming="亥", month="午"),
    ),
]


def _other_xiu(star_lon: float) -> float:
    """A longitude 0.5° past the next mansion boundary after *star_lon* (so a second star there stands in
    another mansion)."""
    k, _ = _XB.locate(star_lon)
    nxt = _XB.order[(_XB.rank[k] + 1) % 28]
    return (_XB.start_of(nxt) + 0.5) % 360.0


# 孛 stands in 未 at 25° in the base (longitude 115°); the Moon put at the same degree shares its mansion, put
# just past the next mansion boundary it does not
_BEI = palace_start(BRANCHES.index("未")) + 25.0
_BEI_NEXT = _other_xiu(_BEI)
# more 鄭氏 names (ge-338 …), built from 《張果星宗》's lists, 卷一's terms and tables and 卷二's
# spirits. Base as above: 命 戌, so 財帛 酉 (lord 金), 田宅 未 (lord 月), 男女 午, 奴僕 巳, 夫妻 辰, 官祿 丑.
# Spirits by the year, as 卷二 states them: 天雄 the third palace counting from the year branch (子 year:
# 寅); 陽刃 the palace after the stem's 祿 (丙 戊: 午; 庚: 酉); 的殺 巳 for 子午卯酉 years, 酉 for 寅申巳亥,
# 丑 for 辰戌丑未; 空亡 the void of the year's 旬 (壬寅 lies in 甲午's 旬, void 辰 巳; 庚寅 in 甲申's,
# void 午 未).
ZHENG_LIST_CASES_5: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("日東月西", {"at": {"日": "卯", "月": "酉"}}, {"at": {"日": "卯", "月": "亥"}}),
    ("日東月西", {"at": {"日": "辰", "月": "申"}}, {"at": {"日": "巳", "月": "申"}}),
    # 斷躔: 火 申 巳 (巳 in the base), 金 卯 戌
    ("火金失躔", {"at": {"金": "卯"}}, {"at": {"金": "辰"}}),
    ("火金失躔", {"at": {"金": "戌"}}, {"at": {"金": "戌", "火": "午"}}),
    # 入垣: 火 in 卯 or 戌, 金 in 辰 or 酉 (〈入門看法〉「宮」)
    ("火金居垣", {"at": {"火": "戌", "金": "辰"}}, {"at": {"火": "戌", "金": "巳"}}),
    ("火金居垣", {"at": {"火": "卯", "金": "酉"}}, {"at": {"火": "辰", "金": "酉"}}),
    ("木臨寅垣", {"at": {"木": "寅"}}, {"at": {"木": "亥"}}),
    # 田宅 未's lord 月 入垣 in 未; 財帛 酉's lord 金 入垣 in 酉 or 辰, or 升殿 in a 金 mansion (亢 牛 婁 鬼)
    ("田財垣殿", {"at": {"月": "未", "金": "酉"}}, {"at": {"月": "未", "金": "戌"}}),
    (
        "田財垣殿",
        merged(xiu_case("金", ["牛", "亢", "婁", "鬼"], True), {"at": {"月": "未"}}),
        merged(xiu_case("金", ["牛", "亢", "婁", "鬼"], False), {"at": {"月": "未"}}),
    ),
    # 乙亥: 天雄 on 丑, the 官祿
    ("雄羅居官", {"year": "乙亥", "at": {"羅": "丑"}}, {"year": "乙亥", "at": {"羅": "子"}}),
    ("雄羅居官", {"year": "乙亥", "at": {"羅": "丑"}}, {"year": "甲子", "at": {"羅": "丑"}}),
    # 丙寅: 陽刃 on 午, the 男女
    ("計刃兒位", {"year": "丙寅", "at": {"計": "午"}}, {"year": "丙寅", "at": {"計": "未"}}),
    ("計刃兒位", {"year": "丙寅", "at": {"計": "午"}}, {"year": "甲子", "at": {"計": "午"}}),
    # the Sun alone in 巳 (the 奴僕): 火 炁 and 金 moved from 巳 辰 午 to 丑; with 金 left in 午 it has
    # an aide
    (
        "孤日臨奴",
        {"at": {"日": "巳", "火": "丑", "炁": "丑", "金": "丑"}},
        {"at": {"日": "巳", "火": "丑", "炁": "丑"}},
    ),
    (
        "孤日臨奴",
        {"at": {"日": "巳", "火": "丑", "炁": "丑", "金": "丑"}},
        {"at": {"日": "寅", "水": "丑", "木": "丑", "火": "丑", "炁": "丑", "金": "丑"}},
    ),
    # the mansions of each 七曜 (〈入門看法〉「度」): 土 氐 女 胃 柳; 日 房 虛 昴 星
    (
        "月躔土度",
        xiu_case("月", ["胃", "氐", "女", "柳"], True),
        xiu_case("月", ["胃", "氐", "女", "柳"], False),
    ),
    (
        "月躔日度",
        xiu_case("月", ["昴", "房", "虛", "星"], True),
        xiu_case("月", ["昴", "房", "虛", "星"], False),
    ),
    (
        "月孛同躔",
        {"at": {"月": "未"}, "deg": {"月": 25.0}},
        {
            "at": {"月": BRANCHES[palace_of(_BEI_NEXT)]},
            "deg": {"月": _BEI_NEXT - palace_start(palace_of(_BEI_NEXT))},
        },
    ),
    # 廟 or 旺 (dignities.toml, 《星學大成》卷一 and 卷二十五): 水 午 巳, 金 辰 亥, 火 卯 丑, 木 亥 未,
    # 土 丑 辰
    (
        "五星廟旺",
        {"at": {"水": "午", "金": "辰", "火": "卯", "木": "亥", "土": "丑"}},
        {"at": {"水": "午", "金": "辰", "火": "卯", "木": "亥", "土": "子"}},
    ),
    (
        "五星廟旺",
        {"at": {"水": "巳", "金": "亥", "火": "丑", "木": "未", "土": "辰"}},
        {"at": {"水": "申", "金": "亥", "火": "丑", "木": "未", "土": "辰"}},
    ),
    # 羅 at 345° (亥): the half from 345° forwards to 165° is 戌 … 午 and part of 巳; the five planets moved
    # there (水 申, 火 未, 土 午; 金 午 and 木 酉 already), both lights left on the other half (日 丑, 月 卯);
    # near misses: the Moon moved across the line (申), or 土 left in 子
    (
        "日月背躔",
        {"at": {"水": "申", "火": "未", "土": "午"}},
        {"at": {"水": "申", "火": "未", "土": "午", "月": "申"}},
    ),
    ("日月背躔", {"at": {"水": "申", "火": "未", "土": "午"}}, {"at": {"水": "申", "火": "未"}}),
    # 壬寅: 天雄 on 辰 (the 夫妻) and the 旬's void 辰 巳; 庚寅: 天雄 on 辰, void 午 未
    ("空雄妻位", {"year": "壬寅"}, {"year": "庚寅"}),
    ("空雄妻位", {"year": "壬寅"}, {"year": "壬寅", "ming": "亥"}),
    # 庚寅: 陽刃 酉 and 的殺 酉; 庚子: 的殺 巳
    ("刃逢的劫", {"year": "庚寅"}, {"year": "庚子"}),
    ("刃逢的劫", {"year": "癸未"}, {"year": "癸卯"}),
    # the base has the Sun in 丑 and the Moon in 卯: neither in its own palace (日 午, 月 未) nor mansion
    ("陰陽失位", {}, {"at": {"日": "午"}}),
    ("陰陽失位", {}, {"at": {"月": "未"}}),
    ("陰陽失躔", {}, xiu_case("日", ["昴", "房", "虛", "星"], True)),
    ("陰陽失躔", {}, xiu_case("月", ["畢", "心", "危", "張"], True)),
]
ZHENG_LIST_CASES += ZHENG_LIST_CASES_5
#: ge-355 … ge-369 (branch qz-geju6): the names of the former blind set that a book defines, and the 鄭氏
#: names built on 孤辰 寡宿 劫殺 天狗. The base is a 甲子 year (祿勳 寅, 歲駕 子, 大煞 申, 天狗 戌, 孤辰 寅,
#: 寡宿 戌, 劫殺 巳), 命 戌 (its lord 火), 身 辰 (金); 男女 午, 夫妻 辰 (facing the 命), 官祿 丑 (土),
#: 福德 子 (土)
BLIND_NAME_CASES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    # 命 亥 (木's), 身 辰 (金's); 木 at home in 寅, the 甲 year's 祿, and 金 at home in 酉
    (
        "身命入垣坐祿",
        {"ming": "亥", "at": {"木": "寅", "金": "酉"}},
        {"ming": "亥", "at": {"木": "亥", "金": "酉"}},
    ),
    ("身命入垣坐祿", {"ming": "亥", "at": {"木": "寅", "金": "酉"}}, {"ming": "亥", "at": {"木": "寅"}}),
    # 甲 祿 寅 (木): 命 亥, a house of 木, and 木 flown into 丑 (土局); in 寅 it is not; a 丙 year's 祿 is 火
    ("坐祿帶金轝", {"ming": "亥", "at": {"木": "丑"}}, {"ming": "亥", "at": {"木": "寅"}}),
    ("坐祿帶金轝", {"ming": "亥", "at": {"木": "丑"}}, {"year": "丙子", "ming": "亥", "at": {"木": "丑"}}),
    # 土, lord of the 官祿 丑, in 午 between the Sun (巳) and the Moon (未)
    (
        "日月夾官星",
        {"at": {"土": "午", "日": "巳", "月": "未"}},
        {"at": {"土": "午", "日": "巳", "月": "申"}},
    ),
    # 大煞 of a 子 year on 申: the 命宮, or the palace facing it (命 寅: 夫妻 申)
    ("飛廉守照", {"ming": "申"}, {"ming": "酉"}),
    ("飛廉守照", {"ming": "寅"}, {"ming": "卯"}),
    # 水 and the Sun together on 子, the 甲子 year's 歲駕; in an 乙丑 year the 歲駕 is 丑
    ("玄武引駕", {"at": {"水": "子", "日": "子"}}, {"at": {"水": "子"}}),
    ("玄武引駕", {"at": {"水": "子", "日": "子"}}, {"year": "乙丑", "at": {"水": "子", "日": "子"}}),
    # the Moon at 卯 15°: 孛 at 卯 25° leads it by 10°; on the 15th day, or with 孛 behind the Moon, quiet
    (
        "抱死鬼",
        {"at": {"孛": "卯"}, "deg": {"孛": 25.0}, "lunar_day": 28},
        {"at": {"孛": "卯"}, "deg": {"孛": 25.0}},
    ),
    (
        "抱死鬼",
        {"at": {"孛": "卯"}, "deg": {"孛": 25.0}, "lunar_day": 28},
        {"at": {"孛": "卯"}, "deg": {"孛": 5.0}, "lunar_day": 28},
    ),
    # by day 火 in the 命宮 戌; by night 火 is no 五殘 (and 炁, a night one, moved off the 夫妻 辰)
    ("五殘守照", {"at": {"火": "戌"}}, {"at": {"火": "戌", "炁": "巳"}, "day": False}),
    # by night 炁 on the 夫妻 辰, facing the 命
    ("五殘守照", {"day": False}, {"day": False, "at": {"炁": "巳"}}),
    # 命主 火 on 亥 (天門) and 身主 金 on 巳 (地戶); or 命主 火 on 巳 (its base place), 福德's lord 土 on 亥
    ("戴天履地", {"at": {"火": "亥", "金": "巳"}}, {"at": {"火": "亥"}}),
    ("戴天履地", {"at": {"土": "亥"}}, {"at": {"土": "戌"}}),
    # 天狗 two places behind the 歲駕: 乙丑 → 亥
    ("命坐天狗", {"year": "乙丑", "ming": "亥"}, {"year": "乙丑", "ming": "戌"}),
    # 甲申: 天狗 午, the 男女 of 命 戌
    ("嗣為天狗", {"year": "甲申"}, {"year": "甲子"}),
    # 甲子: 天狗 and 寡宿 both 戌, the 男女 of 命 寅; 丙寅: 天狗 子 (the 男女 of 命 辰), 寡宿 丑
    ("狗寡兒宮", {"ming": "寅"}, {"ming": "卯"}),
    ("狗寡兒宮", {"ming": "寅"}, {"year": "丙寅", "ming": "辰"}),
    # 甲辰: 孤辰 and 劫殺 both 巳, the 夫妻 of 命 亥; 甲子: 孤辰 寅 (the 夫妻 of 命 申), 劫殺 巳
    ("孤劫臨妻", {"year": "甲辰", "ming": "亥"}, {"year": "甲辰", "ming": "子"}),
    ("孤劫臨妻", {"year": "甲辰", "ming": "亥"}, {"ming": "申"}),
    # 甲辰: both on 巳, with the Sun there; 甲子: 劫殺 巳 but 孤辰 寅
    ("孤劫隨日", {"year": "甲辰", "at": {"日": "巳"}}, {"year": "甲辰"}),
    ("孤劫隨日", {"year": "甲辰", "at": {"日": "巳"}}, {"at": {"日": "巳"}}),
    # 炁 alone in the 男女 午 (金 moved out); with 金 still there it is not alone
    ("孤炁臨兒", {"at": {"炁": "午", "金": "申"}}, {"at": {"炁": "午"}}),
    # the 寅 hour with the 命 on 巳 (or 木 in 申); the 卯 hour, or 木 left in 酉, keeps it quiet
    ("三刑局", {"hour": "寅", "ming": "巳"}, {"hour": "卯", "ming": "巳"}),
    ("三刑局", {"hour": "寅", "at": {"木": "申"}}, {"hour": "寅"}),
]
ZHENG_LIST_CASES += BLIND_NAME_CASES
#: ge-371 … ge-379 (branch qz-geju8): what 《星學大成》卷二, 卷四, 卷十 and 卷二十九 state: casebook names.
#: In the base the line of 羅 (亥 15°, 345°) leaves 木 (45°) and 金 (135°) on its forward half and the other
#: five 政 on the other: no star stands alone (跳出). A 甲 year's 化福 is 木 and its 化刑 水 (003-021); the
#: 甲子 year's 祿 (祿勳) is 寅 and its 驛馬 寅 too (申子辰 → 寅), a 甲午 year's 驛馬 申.
GEJU8_CASES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    # 金 moved to 巳 (165°) leaves 木, the 化福, alone across the line; with 金 in 午 two stand there
    ("漏出吉星", {"at": {"金": "巳"}}, {}),
    # 水 (the 化刑) alone on the forward half: 木 and 金 moved back, 水 to 戌; 水 left in 寅: none is there
    ("漏出凶星", {"at": {"木": "寅", "金": "卯", "水": "戌"}}, {"at": {"木": "寅", "金": "卯"}}),
    # 〈日月並明說〉: the Sun 午 with the Moon 子, or the Sun 卯 with the Moon 酉; the Moon in 卯 with the Sun
    # in 酉 is the reverse it calls base
    ("日月並明", {"at": {"日": "午", "月": "子"}}, {"at": {"日": "午", "月": "丑"}}),
    ("日月並明", {"at": {"日": "卯", "月": "酉"}}, {"at": {"日": "酉", "月": "卯"}}),
    # 炁 with the Moon in 卯 (the Moon at 15°): at 25° it leads (在前), at 5° it follows (在後)
    ("慶雲捧月", {"at": {"炁": "卯"}, "deg": {"炁": 25.0}}, {"at": {"炁": "卯"}, "deg": {"炁": 5.0}}),
    ("浮雲蔽月", {"at": {"炁": "卯"}, "deg": {"炁": 5.0}}, {"at": {"炁": "卯"}, "deg": {"炁": 25.0}}),
    # 甲 year: 祿 寅; the 命宮 or the 身宮 there
    ("天祿貴局", {"ming": "寅"}, {"ming": "卯"}),
    ("天祿貴局", {"shen": "寅"}, {"shen": "卯"}),
    # 甲子: 祿 and 馬 both 寅; 甲午: 祿 寅 but 馬 申; 庚午: 祿 申 and 馬 申, 庚子: 馬 寅
    ("慶賀", {"ming": "寅"}, {"year": "甲午", "ming": "寅"}),
    ("慶賀", {"year": "庚午", "shen": "申"}, {"year": "庚子", "shen": "申"}),
    # 火 or 羅 in the Sun's palace 丑
    ("火羅犯日", {"at": {"火": "丑"}}, {"at": {"火": "寅"}}),
    ("火羅犯日", {"at": {"羅": "丑"}}, {}),
    # 土 or 計 in the Moon's palace 卯
    ("土計犯月", {"at": {"土": "卯"}}, {"at": {"土": "辰"}}),
    ("土計犯月", {"at": {"計": "卯"}}, {}),
]
ZHENG_LIST_CASES += GEJU8_CASES
#: branch qz-geju10: 四餘在外 (ge-380). The cut of 諸星背命's case (金 辰, 木 寅: all seven 政 on the half
#: from 165° to 345°, 羅 at 345°); 孛 (未 25°, 115°) already stands on the other half, and 炁 moved to 酉
#: (45°) joins it — left in 辰 (184°) it stands among the seven
GEJU10_CASES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    (
        "四餘在外",
        {"at": {"金": "辰", "木": "寅", "計": "巳", "炁": "酉"}},
        {"at": {"金": "辰", "木": "寅", "計": "巳"}},
    ),
    # no cut (金 and 木 on the forward half with 孛 and 炁): nothing is outside the seven
    ("四餘在外", {"at": {"金": "辰", "木": "寅", "計": "巳", "炁": "酉"}}, {"at": {"計": "巳", "炁": "酉"}}),
]
# 失躔 also by mansion (word shi_chan: a mansion whose 七曜's element overcomes the star's, as
# 《星學大成》卷二十九's 失躔 stars stand): 土 in 角 and 計 in 井 (木 mansions, 木 overcomes 土); 計 in 鬼
# (a 金 mansion) is not. The 田宅 未's lord 月 (水) in 女 (土) and the 財帛 酉's lord 金 in 室 (火); 金 in
# 壁 (水) is not
GEJU10_CASES += [
    (
        "土計失躔",
        merged(xiu_case("土", ["角"], True), xiu_case("計", ["井"], True)),
        merged(xiu_case("土", ["角"], True), xiu_case("計", ["鬼"], True)),
    ),
    (
        "田財失躔",
        merged(xiu_case("月", ["女"], True), xiu_case("金", ["室"], True)),
        merged(xiu_case("月", ["女"], True), xiu_case("金", ["室"], False)),
    ),
    # the base itself holds 田財失躔 and 火金失躔 by mansion (BASE_HOLDS): 月 in 氐 (土), 金 in 星 (a mansion
    # of the Sun, 火), 火 in 軫 (水); 金 moved to 壁 (水) breaks both
    ("田財失躔", {}, xiu_case("金", ["室"], False)),
    ("火金失躔", {}, xiu_case("金", ["室"], False)),
]
ZHENG_LIST_CASES += GEJU10_CASES
# branch qz-geju11: 得經 also as 升殿, a lord in a mansion of its own 七曜 (case 16's gloss: its 田宅 lord 月
# in 畢 and 財帛 lord 金 in 牛). The 田宅 未's 月 in 畢 and the 財帛 酉's 金 in 牛, neither palace its 垣 or
# 廟; 金 moved on to a mansion not its own breaks it. The 命主 火 in 翼 and the 夫妻 辰's 金 in 亢 likewise
GEJU11_CASES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    (
        "田財得經",
        merged(xiu_case("月", ["畢"], True), xiu_case("金", ["牛"], True)),
        merged(xiu_case("月", ["畢"], True), xiu_case("金", ["牛"], False)),
    ),
    (
        "命妻得經",
        merged(xiu_case("火", ["翼"], True), xiu_case("金", ["亢"], True)),
        merged(xiu_case("火", ["翼"], False), xiu_case("金", ["亢"], True)),
    ),
    # 木月清貴 also with 木 and the Moon in one mansion (共度, case 37's gloss: a winter birth by day, both in
    # 箕); 木 moved on to the next mansion (斗) is no longer 共度, and by day in winter the first form fails
    (
        "木月清貴",
        merged(xiu_case("月", ["箕"], True), xiu_case("木", ["箕"], True), day=True, month="子"),
        merged(xiu_case("月", ["箕"], True), xiu_case("木", ["箕"], False), day=True, month="子"),
    ),
    # ge-381 諸星怒地 (case 3's gloss: all the stars but 火 retreat): 金 木 土 水 each 逆 or 留; with 水
    # direct, not
    (
        "諸星怒地",
        {"motion": {"金": "留", "木": "逆", "土": "逆", "水": "逆"}},
        {"motion": {"金": "留", "木": "逆", "土": "逆"}},
    ),
]
ZHENG_LIST_CASES += GEJU11_CASES
ZHENG_FORM_CASES += ZHENG_LIST_CASES
#: patterns the base placement itself holds (each case above moves the star that makes it)
BASE_HOLDS = {
    "土金對生",
    "子星居官",
    "福主居垣",
    "四餘獨步",
    "木入金鄉",
    "火居水地",
    "水輔陽光",
    "日月失所",
    "陰陽失位",
    "陰陽失躔",
    "月躔土度",
    "命坐天狗",
    "田財失躔",
    "火金失躔",
}
BREADTH_CASES += ZHENG_FORM_CASES
PATTERN_CASES += BREADTH_CASES

#: patterns whose positive case is a cast chart below, not a hand-made one
CAST_PATTERNS = {"祿馬同鄉"}


def pattern_fired(c: Any, name: str) -> bool:
    return any(r.extra.get("name") == name for r in reading(c))


@pytest.mark.parametrize(("name", "on", "off"), PATTERN_CASES, ids=[c[0] for c in PATTERN_CASES])
def test_pattern_fires_and_keeps_quiet(name: str, on: dict[str, Any], off: dict[str, Any]) -> None:
    assert pattern_fired(chart(**on), name), f"{name} should fire on {on}"
    assert not pattern_fired(chart(**off), name), f"{name} should stay quiet on {off}"


def test_every_pattern_has_a_case() -> None:
    names = {r.get("name") for r in rules() if r.kind == "格局"}
    assert names == {c[0] for c in PATTERN_CASES} | CAST_PATTERNS
    assert len(names) >= 40


def test_lu_ma_tong_xiang() -> None:
    # 祿馬同鄉: 甲子 year — 祿元: 甲's 祿 寅 → 木星; 馬元: 子's 驛馬 寅 → 木星; both aspect the 命宮
    assert pattern_fired(chart(ming="午", at={"木": "寅"}), "祿馬同鄉")
    assert not pattern_fired(chart(ming="午", at={"木": "卯"}), "祿馬同鄉")


def test_gui_ge_drives_003_019() -> None:
    # 首攜龍角 (貴) involves 羅; 003-019 needs that star to rule a key palace — 羅 rules none, 日 does (午)
    c = chart(ming="午", at={"日": "午", "火": "午", "金": "申"})  # 陰陽類聚 (貴) names 日 and 火
    facts = fired(c, "003-019")
    assert facts and facts[0]["ge_ju"][0]["ge"] == "陰陽類聚"
    # 首攜龍角 alone: 羅 is no 宮主 (土 moved off 子, the 男女 of 命 辰, where it would make 嗣星居垣, and
    # not to 未, the 官祿, where it would make 子星居官; the 命主 金 off 午, the 福德, where it would make
    # 命主居福; 水 off 寅, beside the Sun in 丑, where it would make 水輔陽光)
    quiet = chart(ming="辰", at={"羅": "辰", "土": "申", "金": "巳", "水": "亥"})
    assert pattern_fired(quiet, "首攜龍角") and not fired(quiet, "003-019")


def test_star_reference_words() -> None:
    # the words of the 格局 read a star as a 曜, a role (命主 化祿 …) or 主:palace (that palace's 宮主);
    # 甲子 year: 化祿 火, 化福 木, 化權 羅; 命宮 戌 (命主 火), 身宮 辰 (身主 金); 疾厄 卯 (主 火),
    # 財帛 酉 (主 金)
    from xuanheng.qizheng._reading_vocab import VOCAB
    from xuanheng.qizheng.reading import context

    ctx = context(chart(at={"火": "酉", "金": "酉", "木": "申", "羅": "戌"}))

    def holds(**when: Any) -> bool:
        return VOCAB.holds(when, ctx) is not None

    assert holds(yao_in={"命主": ["財帛"], "身主": ["財帛"], "化權": ["命宮"]})
    assert holds(yao_in={"主:疾厄": ["酉"]}) and not holds(yao_in={"主:疾厄": ["卯"]})
    assert holds(yao_dignity={"主:財帛": ["入垣"]})  # 金 in 酉, its own palace
    assert holds(same_gong=["化祿", "主:財帛"]) and not holds(same_gong=["化祿", "木"])
    assert not holds(relation={"a": "化福", "b": ["日", "羅"], "kinds": ["同宮", "對照", "三合"]})
    assert holds(relation={"a": "化福", "b": ["身宮", "土"], "kinds": ["三合"]})  # 申 and 辰, 申 and 子
    assert not holds(flank={"gong": "申", "by": ["金", "計"]})  # 計 on 申 itself
    assert not holds(flank={"gong": "化福", "by": ["化祿", "日"]})
    assert holds(flank={"gong": "化福", "by": ["化祿", "孛"]})  # 木 on 申, 酉 and 未 beside it
    assert holds(yao_with={"金": ["火"]}) and not holds(yao_with={"金": ["金"]})
    assert holds(yao_without={"金": ["木", "土"]}) and not holds(yao_without={"命主": ["金"]})
    assert holds(company={"金": 1, "日": 0}) and not holds(company={"金": 0})
    assert holds(strength={"命主": "弱", "身主": "強"})  # 火 陷 in 酉 (its 怒宮); 金 入垣 in 酉
    assert holds(role_qiang={"主:官祿": "七強"})  # 土 (官祿 丑's master) in 子, the 福德
    assert holds(roles_differ=["命主", "主:官祿"]) and not holds(roles_differ=["命主", "主:疾厄"])
    assert holds(year_branch=["子"]) and not holds(year_branch=["丑"])
    assert holds(same_xiu=["火", "金"]) and not holds(same_xiu=["火", "木"])


def test_base_chart_is_neutral() -> None:
    # the base placement makes none of the 格局 but BASE_HOLDS (so each positive case above is the case's
    # own doing, and the near miss of each of BASE_HOLDS moves the star that makes it)
    assert {r.extra.get("name") for r in reading(chart()) if r.extra["kind"] == "格局"} == BASE_HOLDS


_ = (STEMS, _merge)
