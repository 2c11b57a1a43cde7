"""The 類神 of the eight 天神 beyond seed 002 (子 丑 寅 卯 辰 巳 午 未): sources, depth, and the
correspondences re-derived from their formulas.

Oracles, all independent of the data under test:
- the five tastes of the five elements (《尚書·洪範》: 潤下作鹹, 炎上作苦, 曲直作酸, 從革作辛, 稼穡作甘);
- the 玄數 of the branches (《太玄·玄數》: 子午九, 丑未八, 寅申七, 卯酉六, 辰戌五, 巳亥四);
- seed 002's own values for 亥 戌 酉 (音 數 味 宮 宿; INVENTORY 002-012 and the 戌/酉 profiles), from
  which the zodiac sign, the lunar-lodge run and the note of the clashing partner are extended;
- the 五音 of the twelve branches in 《唐開元占經》卷九十一〈風占·地十二辰五音法〉 (checked against a
  transcription, 4hn.org): 子午宮, 丑未寅申徵, 卯酉羽, 辰戌商, 巳亥角;
- hand-built charts for the verses whose condition is a formula (陰陽 of the seat, the day stem overcome).
"""

from __future__ import annotations

import importlib
import re
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from xuanheng.core.ganzhi import BRANCHES, STEMS
from xuanheng.core.guiren import TIAN_JIANG
from xuanheng.liuren import LiuRenChart, cast, reading

R = importlib.import_module("xuanheng.liuren.reading")
DATA = Path(__file__).resolve().parents[2] / "src" / "xuanheng" / "liuren" / "data"
MINE = {"子": "zi", "丑": "chou", "寅": "yin", "卯": "mao", "辰": "chen", "巳": "si", "午": "wu", "未": "wei"}
ELEMENT = dict(zip(BRANCHES, "水土木木土火火土金金土水", strict=True))
STEM_ELEMENT = dict(zip(STEMS, "木木火火土土金金水水", strict=True))
KE = {"木": "土", "土": "水", "水": "火", "火": "金", "金": "木"}
TASTE = {"水": "鹹", "火": "苦", "木": "酸", "金": "辛", "土": "甘"}  # 《尚書·洪範》
# 《太玄·玄數》, written as the rule 9 − (index mod 6)
XUAN_SHU = {b: 9 - i % 6 for i, b in enumerate(BRANCHES)}
# seed 002 (亥: 002-012; 戌 and 酉: their profile paragraphs)
SEED: dict[str, dict[str, Any]] = {
    "亥": {"yin": "角", "shu": 4, "wei": "鹹", "gong": "雙魚", "xiu": ["室", "壁"]},
    "戌": {"yin": "商", "shu": 5, "wei": "甘", "gong": "白羊", "xiu": ["奎", "婁"]},
    "酉": {"yin": "羽", "shu": 6, "wei": "辛", "gong": "金牛", "xiu": ["胃", "昴", "畢"]},
}
KAIYUAN_YIN = dict(zip(BRANCHES, "宮徵徵羽商角宮徵徵羽商角", strict=True))  # 《唐開元占經》卷九十一
ZODIAC = ["白羊", "金牛", "陰陽", "巨蟹", "獅子", "雙女", "天秤", "天蝎", "人馬", "磨羯", "寶瓶", "雙魚"]
LODGES = list("角亢氐房心尾箕斗牛女虛危室壁奎婁胃昴畢觜參井鬼柳星張翼軫")
NUMERAL = dict(zip(range(1, 10), "一二三四五六七八九", strict=True))


def load(branch: str) -> dict[str, Any]:
    return tomllib.loads((DATA / f"leishen_{MINE[branch]}.toml").read_text("utf-8"))


def entries(branch: str) -> list[dict[str, Any]]:
    return list(load(branch)["rule"])


def facts() -> dict[str, dict[str, Any]]:
    """branch → the union of the `facts` tables of its entries (one value per key)."""
    out: dict[str, dict[str, Any]] = {}
    for b in MINE:
        merged: dict[str, Any] = {}
        for e in entries(b):
            for k, v in e.get("facts", {}).items():
                merged.setdefault(k, v)
                if k != "se":  # two sources may give two colours; every other fact must agree
                    assert merged[k] == v, (b, k)
        out[b] = merged
    return out


# ------------------------------------------------------------------------------------------ sources
SEED_ID = re.compile(r"^\d{3}-\d{3}$")
BOOK = re.compile(r"^《[^》]+》(卷[一二三四五六七八九十]+)?(〈[^〉]+〉)?$")


@pytest.mark.parametrize("branch", list(MINE))
def test_every_entry_cites_a_seed_id_or_a_book_and_chapter(branch: str) -> None:
    for e in entries(branch):
        assert e["src"], e["id"]
        for s in e["src"]:
            assert SEED_ID.match(s) or BOOK.match(s), (e["id"], s)
            if BOOK.match(s):
                assert "〈" in s, (e["id"], "a book without its chapter", s)


@pytest.mark.parametrize("branch", list(MINE))
def test_entries_beyond_the_seeds_say_how_far_they_were_checked(branch: str) -> None:
    for e in entries(branch):
        if e["id"].endswith(".ming"):  # 《夢溪筆談》, checked against a transcription (file header)
            continue
        note = e.get("note", "")
        assert note, e["id"]
        marks = ("transcription", "summarised", "39long", "not yet")
        assert any(m in note for m in marks), e["id"]


def test_entries_checked_against_a_transcription_are_not_marked_unchecked() -> None:
    for b in MINE:
        for e in entries(b):
            note = e.get("note", "")
            if "六壬金鉸剪" in "".join(e["src"]):
                assert "transcription" in note and "not yet" not in note, e["id"]


# ------------------------------------------------------------------------------------------ depth
def test_depth_of_each_of_the_eight() -> None:
    _, rules = R.leishen()
    for b in MINE:
        mine = [r for r in rules if BRANCHES[r.shen] == b]
        attrs = [r for r in mine if r.kind == "attribute"]
        verses = [r for r in mine if r.kind == "verse"]
        assert len(attrs) >= 6, b
        assert len(verses) >= 2, b
        assert any(r.id == f"shen-{MINE[b]}.xing" for r in attrs), b  # looks / colour / taste
        assert {"人物", "身體", "處所"} <= {t for r in attrs for t in r.topics}, b
    # 辰: a verse for every one of the twelve 天將 (《六壬金鉸剪》 天神辰)
    chen = [r for r in rules if BRANCHES[r.shen] == "辰" and r.kind == "verse" and set(r.when) == {"jiang"}]
    assert {j for r in chen for j in r.when["jiang"]} == set(TIAN_JIANG)
    assert sum(1 for r in rules if BRANCHES[r.shen] == "卯" and r.kind == "verse") >= 9
    for b in "丑寅午未":
        assert any(r.id == f"shen-{MINE[b]}.ge" for r in rules), b


# ------------------------------------------------------------------------------------------ formulas
def test_seed_constants_are_the_seeds_words() -> None:
    seeds = Path(__file__).resolve().parents[3] / "shared" / "seeds"
    files = sorted(seeds.glob("002_*.txt")) if seeds.exists() else []
    if not files:
        pytest.skip("shared seeds not present")
    text = files[0].read_text("utf-8")
    for f in SEED.values():
        assert f"音{f['yin']}、數{NUMERAL[f['shu']]}" in text
        assert f"宮{f['gong']}" in text
        assert f"星{f['xiu'][0]}" in text


def test_seed_values_obey_the_formulas_used_below() -> None:
    # the oracles are first checked on the seed's own 亥 戌 酉
    for b, f in SEED.items():
        assert TASTE[ELEMENT[b]] == f["wei"]
        assert XUAN_SHU[b] == f["shu"]
        assert ZODIAC[(10 - BRANCHES.index(b)) % 12] == f["gong"]
    for a, b in (("亥", "戌"), ("戌", "酉")):
        assert LODGES.index(SEED[b]["xiu"][0]) == (LODGES.index(SEED[a]["xiu"][-1]) + 1) % 28


def test_taste_follows_the_element() -> None:
    for b, f in facts().items():
        assert f["wei"] == TASTE[ELEMENT[b]], b


def test_number_follows_the_taixuan_numbers() -> None:
    got = {b: f["shu"] for b, f in facts().items() if "shu" in f}
    assert set(got) >= {"辰", "巳"}
    for b, n in got.items():
        assert n == XUAN_SHU[b], b


def test_note_and_number_equal_the_clashing_partners_in_the_seed() -> None:
    for b, f in facts().items():
        partner = BRANCHES[(BRANCHES.index(b) + 6) % 12]
        if "yin" in f and partner in SEED:
            assert f["yin"] == SEED[partner]["yin"], b
            assert f["shu"] == SEED[partner]["shu"], b


def test_note_agrees_with_the_kaiyuan_zhanjing_table() -> None:
    for b, f in SEED.items():
        assert KAIYUAN_YIN[b] == f["yin"], b
    got = {b: f["yin"] for b, f in facts().items() if "yin" in f}
    assert set(got) >= {"辰", "巳"}
    for b, y in got.items():
        assert y == KAIYUAN_YIN[b], b


def test_zodiac_sign_continues_the_seeds_sequence() -> None:
    got = {b: f["gong"] for b, f in facts().items() if "gong" in f}
    assert set(got) >= {"辰", "巳"}
    for b, g in got.items():
        assert g == ZODIAC[(10 - BRANCHES.index(b)) % 12], b


def test_lunar_lodges_run_on_from_branch_to_branch() -> None:
    f = facts()
    xiu = {b: v["xiu"] for b, v in f.items() if "xiu" in v}
    assert set(xiu) >= {"辰", "巳"}
    for b, run in xiu.items():
        idx = [LODGES.index(x) for x in run]
        assert idx == [(idx[0] + i) % 28 for i in range(len(idx))], b  # a contiguous run
    # 巳 then 辰: the next branch down takes the next lodges (as 亥 → 戌 → 酉 in the seed)
    assert LODGES.index(xiu["辰"][0]) == (LODGES.index(xiu["巳"][-1]) + 1) % 28


def test_texts_name_the_facts_they_carry() -> None:
    for b in MINE:
        for e in entries(b):
            zh = e["text"]["zh-Hant"]
            for k, v in e.get("facts", {}).items():
                values = v if isinstance(v, list) else [v]
                for x in values:
                    term = NUMERAL[x] if k == "shu" else str(x)
                    assert term in zh, (e["id"], k, term)


# ------------------------------------------------------------------------------------------ verses on charts
def _seats(ch: LiuRenChart, shen: int) -> list[int]:
    out = [ch.lower_of(c.branch) for c in ch.san_chuan if c.branch == shen]
    return out + [k.lower for k in ch.si_ke if k.upper == shen]


def _with_jiang(ch: LiuRenChart, shen: int, jiang: str) -> LiuRenChart:
    jo = list(ch.jiang_on)
    jo[shen] = TIAN_JIANG.index(jiang)
    return replace(
        ch,
        jiang_on=tuple(jo),
        si_ke=tuple(replace(k, tian_jiang=jo[k.upper]) for k in ch.si_ke),  # type: ignore[arg-type]
        san_chuan=tuple(replace(c, tian_jiang=jo[c.branch]) for c in ch.san_chuan),  # type: ignore[arg-type]
    )


def _charts(shen: int, n: int) -> list[LiuRenChart]:
    out = []
    for d in range(0, 60, 3):
        for o in range(12):
            ch = cast(day=d, yue_jiang=(o + 5) % 12, hour=5)
            if _seats(ch, shen):
                out.append(ch)
    return out[:n]


def test_chen_weather_follows_the_yin_yang_of_its_seat() -> None:
    chen = BRANCHES.index("辰")
    seen = set()
    for ch in _charts(chen, 40):
        fired = {r.id for r in reading(ch, month_branch="子")}
        yang = any(s % 2 == 0 for s in _seats(ch, chen))  # 子 寅 辰 午 申 戌
        yin = any(s % 2 == 1 for s in _seats(ch, chen))
        assert ("shen-chen.qing" in fired) is yang
        assert ("shen-chen.yu" in fired) is yin
        seen.add((yang, yin))
    assert {(True, False), (False, True)} <= seen  # both kinds of seat were met


PLAIN = {"螣蛇": "tengshe", "白虎": "baihu"}


@pytest.mark.parametrize("jiang", list(PLAIN))
def test_chen_hanging_needs_the_day_stem_overcome(jiang: str) -> None:
    chen = BRANCHES.index("辰")
    plain = "shen-chen." + PLAIN[jiang]
    rid = plain + "_ke"
    outcomes = set()
    for ch in _charts(chen, 60):
        ch = _with_jiang(ch, chen, jiang)
        fired = {r.id for r in reading(ch, month_branch="子")}
        overcome = KE[ELEMENT["辰"]] == STEM_ELEMENT[STEMS[ch.day.stem]]  # 土 overcomes 壬 癸
        assert (rid in fired) is overcome, ch.day.name
        assert plain in fired
        outcomes.add(overcome)
    assert outcomes == {True, False}


def test_mao_pestilence_needs_spring_and_the_seat_zi() -> None:
    mao = BRANCHES.index("卯")
    met = set()
    for ch in _charts(mao, 120):
        ch = _with_jiang(ch, mao, "天后")
        on_zi = BRANCHES.index("子") in _seats(ch, mao)
        for month in ("寅", "午"):
            fired = {r.id for r in reading(ch, month_branch=month)}
            spring = month == "寅"
            assert "shen-mao.tianhou" in fired
            assert ("shen-mao.tianhou_chun" in fired) is spring
            assert ("shen-mao.tianhou_chun_zi" in fired) is (spring and on_zi)
        met.add(on_zi)
    assert met == {True, False}


def test_seven_tianshen_proof_read_against_siku() -> None:
    """Issue 13: every entry of 子 丑 寅 卯 巳 午 未 written before an edition was at hand points to the
    proof-reading against 《六壬大全》(四庫本) 卷二〈神將釋〉, and the docs list each of them item by item."""
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    doc = (root / "docs" / "liuren-leishen.md").read_text("utf-8")
    n = 0
    for f in ("zi", "chou", "yin", "mao", "si", "wu", "wei"):
        data = tomllib.loads((root / "src/xuanheng/liuren/data" / f"leishen_{f}.toml").read_text("utf-8"))
        for r in data["rule"]:
            note = r.get("note", "")
            if "before an edition" in note:
                assert "卷二〈神將釋〉" in note, r["id"]
                assert f"`{r['id']}`" in doc, r["id"]
                n += 1
    assert n == 38
