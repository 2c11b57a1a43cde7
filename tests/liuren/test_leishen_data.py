"""The 類神 / principles / 課體 / 神煞 data of the 大六壬 reading: coverage of seed 002, re-derived facts,
four-language texts, and no copied passages.

Oracles: INVENTORY.tsv (the list of seed-002 items), the 寄宮 / 長生 / 祿 / 月將 formulas written out here
independently of the data, and the vocabulary of the chart engine's 神煞 table.
"""

from __future__ import annotations

import importlib
import importlib.util
import tomllib
from pathlib import Path

import pytest
from tests.conftest import load_file

from xuanheng.core.ganzhi import BRANCHES, STEMS
from xuanheng.core.guiren import TIAN_JIANG
from xuanheng.reading import LANGS

R = importlib.import_module("xuanheng.liuren.reading")

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared"
INVENTORY = SHARED / "seeds" / "INVENTORY.tsv"
DATA = REPO / "src" / "xuanheng" / "liuren" / "data"

# The non-background items of seed 002, as listed in INVENTORY.tsv (kept here so the test also runs where
# the shared directory is absent; test_inventory_list_is_current checks it against the file).
SEED_002 = {
    f"002-{n:03d}"
    for n in ([2, 3, 5, 6, 7, 8, *list(range(10, 44)), 45, *list(range(47, 73)), 74, *list(range(76, 119))])
}


def _all_src() -> set[str]:
    out: set[str] = set()
    shens, rules = R.leishen()
    for s in shens.values():
        out |= set(s.src)
    for r in rules:
        out |= set(r.src)
    p = R.principles()
    out |= set(p["sequence"]["src"])
    for r in R.principle_rules():
        out |= set(r.src)
    return out


def test_inventory_list_is_current() -> None:
    if not INVENTORY.exists():
        pytest.skip("shared seeds not present")
    ids = set()
    for line in INVENTORY.read_text("utf-8").splitlines()[1:]:
        cols = line.split("\t")
        if cols[0].startswith("002-") and cols[4] != "background":
            ids.add(cols[0])
    assert ids == SEED_002


def test_every_seed_002_item_is_in_the_data() -> None:
    missing = sorted(SEED_002 - _all_src())
    assert not missing, f"seed-002 items without a data entry: {missing}"


def test_all_twelve_shen_have_a_file() -> None:
    shens, _ = R.leishen()
    assert sorted(shens) == list(range(12))


# The 二十四節氣 from 立春, written out independently; 中氣 are the even-numbered ones (雨水, 春分 …).
TERMS = [
    "立春",
    "雨水",
    "驚蟄",
    "春分",
    "清明",
    "穀雨",
    "立夏",
    "小滿",
    "芒種",
    "夏至",
    "小暑",
    "大暑",
    "立秋",
    "處暑",
    "白露",
    "秋分",
    "寒露",
    "霜降",
    "立冬",
    "小雪",
    "大雪",
    "冬至",
    "小寒",
    "大寒",
]


def test_yue_jiang_follows_the_zhong_qi_backwards_from_deng_ming() -> None:
    """002-003: 登明 亥 is the 將 of month 1 (after 雨水) and the sequence runs backwards, one per 中氣."""
    shens, _ = R.leishen()
    seq = R.principles()["sequence"]["zhong_qi"]
    for b, s in shens.items():
        month = (11 - b) % 12 + 1  # 亥 → 1, 戌 → 2, 酉 → 3 … 子 → 12
        assert s.yue_jiang_after == TERMS[2 * month - 1], BRANCHES[b]
        assert seq[month - 1] == s.yue_jiang_after


def test_shen_headers_rederived() -> None:
    """Element, lodged stems (寄宮), 長生/墓 and home 天將 of each 天神, from their formulas."""
    shens, _ = R.leishen()
    element_of = {**dict.fromkeys("寅卯", "木"), **dict.fromkeys("巳午", "火"), **dict.fromkeys("申酉", "金")}
    element_of |= {**dict.fromkeys("亥子", "水"), **dict.fromkeys("辰戌丑未", "土")}
    # 寄宮 (《六壬大全》卷一): 甲寅 乙辰 丙戊巳 丁己未 庚申 辛戌 壬亥 癸丑
    lodged = {
        "寅": "甲",
        "辰": "乙",
        "巳": "丙戊",
        "未": "丁己",
        "申": "庚",
        "戌": "辛",
        "亥": "壬",
        "丑": "癸",
    }
    # 長生 of 木 火 金 水 at 亥 寅 巳 申 (every third branch); 墓 is eight steps on
    order = "木火金水"
    sheng = {e: (11 + 3 * i) % 12 for i, e in enumerate(order)}
    mu = {e: (b + 8) % 12 for e, b in sheng.items()}
    # home branch (本家) of 貴人 螣蛇 朱雀 六合 勾陳 青龍 天空 白虎 太常 玄武 太陰 天后, in that order
    home = dict(zip("丑巳午卯辰寅戌申未亥酉子", TIAN_JIANG, strict=True))
    # 祿: a yang stem at the 孟 of its season, the yin stem one step on (土 follows 火)
    season_meng = {"木": 2, "火": 5, "土": 5, "金": 8, "水": 11}
    stem_el = dict(zip(STEMS, "木木火火土土金金水水", strict=True))
    lu = {s: (season_meng[stem_el[s]] + i % 2) % 12 for i, s in enumerate(STEMS)}
    for b, s in shens.items():
        name = BRANCHES[b]
        assert s.element == element_of[name]
        assert "".join(s.ji_gan) == lodged.get(name, "")
        assert s.ben_jiang == home[name]
        raw = tomllib.loads((DATA / f"leishen_{_file_key(name)}.toml").read_text("utf-8"))["shen"]
        if "chang_sheng_of" in raw:
            assert sheng[raw["chang_sheng_of"]] == b
        if "mu_of" in raw:
            assert mu[raw["mu_of"]] == b
        if "lu_of" in raw:
            assert lu[raw["lu_of"]] == b
            assert not s.ji_gan  # a 正祿 place takes no lodged stem (002-077)


def _file_key(branch: str) -> str:
    keys = dict(
        zip(
            BRANCHES,
            ["zi", "chou", "yin", "mao", "chen", "si", "wu", "wei", "shen", "you", "xu", "hai"],
            strict=True,
        )
    )
    return keys[branch]


def test_jiang_classes_partition_the_twelve() -> None:
    cls = R.principles()["jiang_class"]
    assert sorted(cls["ji"] + cls["xiong"]) == sorted(TIAN_JIANG)
    assert not set(cls["ji"]) & set(cls["xiong"])


def test_every_text_renders_in_four_languages() -> None:
    texts = []
    shens, rules = R.leishen()
    texts += [s.text for s in shens.values()] + [r.text for r in rules]
    texts += [R._text(e["text"], e["name"]) for e in R.keti_meanings().values()]
    texts += [m[2] for m in R.shensha_meanings().values()]
    texts += [r.text for r in R.principle_rules()]
    assert {r.kind for r in R.principle_rules()} == {"placement", "plate_rule", "pair"}
    texts += list(R.topics().values())
    for t in texts:
        for lang in LANGS:
            assert t.get(lang).strip(), (t, lang)
    # Korean texts are Korean, English texts are not CJK-only
    for r in rules:
        assert any("\uac00" <= ch <= "\ud7a3" for ch in r.text.ko), r.id
        assert any("a" <= ch.lower() <= "z" for ch in r.text.en), r.id


def test_every_engine_shensha_has_a_meaning() -> None:
    table = tomllib.loads((REPO / "src" / "xuanheng" / "shensha" / "data" / "liuren.toml").read_text("utf-8"))
    names = {sp["name"] for sp in table["spirit"]} | {"日祿", "驛馬", "咸池", "華蓋"}
    missing = sorted(names - set(R.shensha_meanings()))
    assert not missing


def test_every_engine_ke_ti_name_has_a_meaning() -> None:
    jz = tomllib.loads((DATA / "jiuzongmen.toml").read_text("utf-8"))
    kt = tomllib.loads((DATA / "keti.toml").read_text("utf-8"))
    names = set(jz["methods"]["order"]) | set(jz["sub"]) | {e["name"] for e in kt["keti"]}
    missing = sorted(names - set(R.keti_meanings()))
    assert not missing


def test_conditions_use_only_the_vocabulary() -> None:
    # loading validates every key; a rule with an unknown key would have raised
    _, rules = R.leishen()
    for r in rules:
        allowed = R.CHART_KEYS if r.scope == "chart" else R.POS_KEYS
        assert set(r.when) <= allowed, r.id
    for e in R.keti_meanings().values():
        assert set(e["when"]) <= R.CHART_KEYS


def test_no_copied_seed_passages_in_my_files() -> None:
    tool = SHARED / "tools" / "seedcheck.py"
    if not tool.exists():
        pytest.skip("seedcheck tool not present")
    mod = load_file(tool, "seedcheck")
    windows = mod.seed_windows(20)
    mine = sorted(DATA.glob("leishen_*.toml")) + sorted(DATA.glob("principles*.toml"))
    mine += [*sorted(DATA.glob("keti_meanings*.toml")), REPO / "src" / "xuanheng" / "liuren" / "reading.py"]
    for path in mine:
        norm, _ = mod.normalise(path.read_text("utf-8"))
        hits = [norm[i : i + 20] for i in range(len(norm) - 19) if norm[i : i + 20] in windows]
        assert not hits, (path.name, hits[:3])
