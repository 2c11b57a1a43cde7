"""Every table of the package re-derived from its stated rule (never from the code under test)."""

from __future__ import annotations

import re
import tomllib
from importlib import resources
from itertools import pairwise

from xuanheng.core.ganzhi import BRANCHES
from xuanheng.qizheng.dignity import LE, MIAO, QIYAO, WANG, XI, dignities
from xuanheng.qizheng.gong import GONG_NAMES, PALACES, gong_branch, gong_index, palace_of, palace_start
from xuanheng.qizheng.options import LANGS, OPTIONS
from xuanheng.qizheng.timerules import HOU_NAMES, moonrise_branch_by_day
from xuanheng.qizheng.xiu import XIU


def _toml(name: str) -> dict:
    return tomllib.loads(
        resources.files("xuanheng.qizheng").joinpath("data", f"{name}.toml").read_text("utf-8")
    )


def test_palace_rulers_from_the_seed_formula() -> None:
    """003-012: 天道 turns left from 寅 (寅 木, 卯 火, 辰 金, 巳 水), 地道 right from 亥 (亥 木, 戌 火, 酉 金,
    申 水); 子 丑 土; 午 the Sun, 未 the Moon."""
    expected = {"子": "土", "丑": "土", "午": "日", "未": "月"}
    for k, el in enumerate("木火金水"):
        expected[BRANCHES[(2 + k) % 12]] = el  # left from 寅
        expected[BRANCHES[(11 - k) % 12]] = el  # right from 亥
    assert {BRANCHES[p.branch]: p.zhu for p in PALACES} == expected
    for p in PALACES:
        assert p.wuxing == (None if p.zhu in "日月" else p.zhu)


def test_palace_positions() -> None:
    assert palace_of(0.0) == BRANCHES.index("戌") and palace_of(29.999) == BRANCHES.index("戌")
    assert palace_of(30.0) == BRANCHES.index("酉") and palace_of(359.9) == BRANCHES.index("亥")
    for b in range(12):
        assert palace_of(palace_start(b) + 15.0) == b
    # 十二次 and signs in their classical order from 戌 降婁 白羊 with growing longitude
    order = [palace_of(15.0 + 30 * k) for k in range(12)]
    assert [PALACES[b].ci for b in order] == list(
        ["降婁", "大梁", "實沈", "鶉首", "鶉火", "鶉尾", "壽星", "大火", "析木", "星紀", "玄枵", "娵訾"]
    )
    assert [PALACES[b].sign for b in order][:3] == ["白羊", "金牛", "陰陽"]


def test_twelve_palace_order() -> None:
    """逆數右轉 from the 命宮; 官祿 = 命 + 3 (003-086), 男女 opposite 福德 (003-032)."""
    assert GONG_NAMES == (
        "命宮",
        "財帛",
        "兄弟",
        "田宅",
        "男女",
        "奴僕",
        "夫妻",
        "疾厄",
        "遷移",
        "官祿",
        "福德",
        "相貌",
    )
    for ming in range(12):
        branches = [gong_branch(ming, k) for k in range(12)]
        assert sorted(branches) == list(range(12))
        assert branches[1] == (ming - 1) % 12
        assert branches[GONG_NAMES.index("官祿")] == (ming + 3) % 12
        assert (branches[GONG_NAMES.index("男女")] - branches[GONG_NAMES.index("福德")]) % 12 == 6
        assert all(gong_index(ming, b) == k for k, b in enumerate(branches))
    # the seed's example: 命 寅 → 官祿 巳
    assert gong_branch(BRANCHES.index("寅"), GONG_NAMES.index("官祿")) == BRANCHES.index("巳")


def test_mansions() -> None:
    """003-007 order and 四象; 七曜 cycle 木 金 土 日 月 火 水 from 角 with 虛 = 日 (003-014)."""
    assert "".join(x.name for x in XIU) == "角亢氐房心尾箕斗牛女虛危室壁奎婁胃昴畢觜參井鬼柳星張翼軫"
    for x in XIU:
        assert x.qiyao == "木金土日月火水"[x.index % 7]
        assert (x.fang, x.xiang) == [("東方", "青龍"), ("北方", "玄武"), ("西方", "白虎"), ("南方", "朱雀")][
            x.index // 7
        ]
    assert XIU[10].name == "虛" and XIU[10].qiyao == "日"
    assert XIU[20].name + XIU[20].qiyao == "參水" and XIU[21].name + XIU[21].qiyao == "井木"
    # Moira's 古制 list as printed (婁 … 奎), degrees of 360
    moira = "15.9 26.3 41.1 53.2 69.0 70.0 81.8 112.3 115.2 130.5 136.4 151.4 170.1 187.2 200.0 208.9 225.2 "
    moira += "230.6 237.0 255.6 266.3 290.1 298.0 308.9 318.3 333.6 349.4 358.3"
    assert [XIU[(15 + k) % 28].gu for k in range(28)] == [float(v) for v in moira.split()]


def test_dignity_tables() -> None:
    # 樂 of the 七政 = the palaces they rule (《星學大成》卷一: 但尋宮主在何方)
    for name in "日月水金火木土":
        assert LE[name] == frozenset(p.branch for p in PALACES if p.zhu == name)
    # 旺 of the 七政 = the Hellenistic exaltations (Sun Aries = 戌, Moon Taurus = 酉, Mercury Virgo = 巳,
    # Venus Pisces = 亥, Mars Capricorn = 丑, Jupiter Cancer = 未, Saturn Libra = 辰) (written here)
    signs = ["Ari", "Tau", "Gem", "Cnc", "Leo", "Vir", "Lib", "Sco", "Sgr", "Cap", "Aqr", "Psc"]
    sign_branch = {s: (10 - i) % 12 for i, s in enumerate(signs)}
    exalt = {"日": "Ari", "月": "Tau", "水": "Vir", "金": "Psc", "火": "Cap", "木": "Cnc", "土": "Lib"}
    for name, sign in exalt.items():
        assert WANG[name] == sign_branch[sign]
    assert set(MIAO) == set("日月水金火木土孛") and set(XI) == set("日月水土木火羅")
    # 四餘 are the 餘 of 木 火 水 土 (《星學大成》卷八)
    assert {k: QIYAO[k] for k in "羅計孛炁"} == {"羅": "火", "計": "土", "孛": "水", "炁": "木"}
    # derivations: 入垣 by 宮主, 升殿 by the mansion's 七曜
    assert "入垣" in dignities("火", BRANCHES.index("戌"), 0)
    assert "入垣" not in dignities("羅", BRANCHES.index("午"), 0)
    assert "升殿" in dignities("炁", 0, 0)  # 炁 (木) in 角 (木)
    assert "升殿" in dignities("日", 0, 10)  # 日 in 虛 (日)


def test_time_rule_tables() -> None:
    t = _toml("time_rules")
    months = sorted(m for row in t["ding_yin"]["months"] for m in row["months"])
    assert months == list(range(1, 13))
    # 貓眼: the same shape for the three 孟 (寅 申 巳 亥), 仲 (子 午 卯 酉) and 季 (辰 戌 丑 未) groups
    shape = t["mao_yan"]["shape_of"]
    assert set(shape) == set(BRANCHES)
    for group in ("寅申巳亥", "子午卯酉", "辰戌丑未"):
        assert len({shape[b] for b in group}) == 1
    assert len(set(shape.values())) == 3
    # moonrise: 卯 from day 1, one branch on at each listed day, steps of two or three days (陰二陽三)
    days = [r["day"] for r in t["moonrise"]["days"]]
    assert {b - a for a, b in pairwise(days)} <= {2, 3}
    for k, d in enumerate(days[:-1]):
        assert moonrise_branch_by_day(d) == (BRANCHES.index("卯") + k) % 12
    assert moonrise_branch_by_day(30) == BRANCHES.index("卯")
    # 72 候: three to each 氣, 24 氣 (003-005)
    assert len(HOU_NAMES) == 72 == 3 * 24 and len(set(HOU_NAMES)) == 72
    r = t["run"]
    assert (r["year_days"] - r["calendar_year_days"]) + r["short_months"] == 12  # 003-006


def test_options_file_is_complete() -> None:
    for spec in OPTIONS.values():
        assert spec.default in spec.values
        assert spec.doc
        for c in spec.choices:
            assert set(c.labels) == set(LANGS) and all(c.labels.values()) and c.src
        if spec.branch:
            assert set(spec.branch_labels) == set(LANGS)
    assert OPTIONS["luo_ji"].default == "ji_north" and OPTIONS["ming_gong"].default == "mao"


def test_pattern_sources_are_citations_without_english_prose() -> None:
    """A pattern's ``src`` is shown as its source on every page, Korean and Chinese too: book, chapter, name
    and case number only; an explanation belongs in its ``note`` (an English gloss here once put "at home"
    on the Korean page, which the page sweep caught as a code name)."""
    raw = resources.files("xuanheng.qizheng").joinpath("data/patterns.toml").read_text("utf-8")
    bad = [
        (e.get("id"), s)
        for v in tomllib.loads(raw).values()
        if isinstance(v, list)
        for e in v
        if isinstance(e, dict)
        for s in e.get("src", ())
        if re.search(r"[A-Za-z]{2,}", s)
    ]
    assert bad == []
