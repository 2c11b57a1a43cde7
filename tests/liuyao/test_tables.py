"""Re-derive every 六爻 table from its rule (never from the code under test).

Rules (sources in src/xuanheng/liuyao/data/*.toml):
  trigram lines from 乾坤 六子 (a son has one yang line at position k, a daughter one yin line);
  先天 number = binary count of the lines read bottom first with yang = 0, plus one;
  納甲 stems: 乾 甲壬, 坤 乙癸, 長 庚辛, 中 戊己, 少 丙丁 (sons yang stems, daughters yin);
  納甲 branches: yang trigrams forward by two from 子/寅/辰 (乾's line where the son's yang line sits),
    yin trigrams backward by two from 未 (坤) or 丑 + 2(k − 1) (daughters); outer = inner start + 6;
  八宮: the flip sequence 一世 … 五世, 遊魂, 歸魂 from the head; 六沖 / 六合 卦 from the branches;
  六神 from the element of the day stem (土 split 戊 勾陳, 己 螣蛇); 安身訣 position = branch mod 6 + 1.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from xuanheng.liuyao import tables as T

B = "子丑寅卯辰巳午未申酉戌亥"
S = "甲乙丙丁戊己庚辛壬癸"
E = "木火土金水"
DATA = Path(__file__).resolve().parents[2] / "src" / "xuanheng" / "liuyao" / "data"
_ELEMENT_OF_BRANCH = {"寅": 0, "卯": 0, "巳": 1, "午": 1, "申": 3, "酉": 3, "亥": 4, "子": 4}
for _c in "辰戌丑未":
    _ELEMENT_OF_BRANCH[_c] = 2

# 乾坤 六子: (name, kind, k) — 震 長男 = first yang line, 坎 中男, 艮 少男; 巽 長女 …
SIX_CHILDREN = {"震": ("son", 1), "坎": ("son", 2), "艮": ("son", 3), "巽": ("daughter", 1),
                "離": ("daughter", 2), "兌": ("daughter", 3)}  # fmt: skip
RANK = {1: "長", 2: "中", 3: "少"}
RANK_STEMS = {"長": ("庚", "辛"), "中": ("戊", "己"), "少": ("丙", "丁")}


def _lines(name: str) -> tuple[int, int, int]:
    if name == "乾":
        return (1, 1, 1)
    if name == "坤":
        return (0, 0, 0)
    kind, k = SIX_CHILDREN[name]
    if kind == "son":
        return tuple(1 if i == k else 0 for i in (1, 2, 3))  # type: ignore[return-value]
    return tuple(0 if i == k else 1 for i in (1, 2, 3))  # type: ignore[return-value]


def _stems(name: str) -> tuple[str, str]:
    if name == "乾":
        return "甲", "壬"
    if name == "坤":
        return "乙", "癸"
    kind, k = SIX_CHILDREN[name]
    pair = RANK_STEMS[RANK[k]]
    s = pair[0] if kind == "son" else pair[1]
    return s, s


def _branches(name: str) -> tuple[list[str], list[str]]:
    if name == "乾":
        start, step = 0, 2
    elif name == "坤":
        start, step = 7, -2
    else:
        kind, k = SIX_CHILDREN[name]
        if kind == "son":
            start, step = 2 * (k - 1), 2  # 乾's line k: 子 寅 辰
        else:
            start, step = 1 + 2 * (k - 1), -2  # 丑 卯 巳
    inner = [B[(start + step * i) % 12] for i in range(3)]
    outer = [B[(start + 6 + step * i) % 12] for i in range(3)]
    return inner, outer


@pytest.mark.parametrize("t", T.TRIGRAMS, ids=lambda t: t.name)
def test_trigram_rows(t: T.Trigram) -> None:
    assert t.lines == _lines(t.name)
    # 兩儀 → 四象 → 八卦 from the bottom line up: the bottom line is the highest binary digit, yang = 0
    bottom_first_yin = "".join("0" if v else "1" for v in t.lines)
    assert t.xiantian == int(bottom_first_yin, 2) + 1
    inner_stem, outer_stem = _stems(t.name)
    assert (S[t.inner_stem], S[t.outer_stem]) == (inner_stem, outer_stem)
    inner, outer = _branches(t.name)
    assert [B[b] for b in t.inner_branches] == inner
    assert [B[b] for b in t.outer_branches] == outer
    expected_element = {
        "乾": "金",
        "兌": "金",
        "離": "火",
        "震": "木",
        "巽": "木",
        "坎": "水",
        "艮": "土",
        "坤": "土",
    }
    assert E[t.element] == expected_element[t.name]


def test_trigram_order_and_codes() -> None:
    assert [t.name for t in T.TRIGRAMS] == list("乾兌離震巽坎艮坤")
    assert [t.xiantian for t in T.TRIGRAMS] == list(range(1, 9))
    assert sorted(t.code for t in T.TRIGRAMS) == list(range(8))
    assert "".join(T.ZODIAC) == "鼠牛虎兔龍蛇馬羊猴雞狗豬"


def test_hexagram_names() -> None:
    import opencc

    to_s = opencc.OpenCC("t2s")
    natures = {t.name: t.nature for t in T.TRIGRAMS}
    assert len(T.HEXAGRAMS) == 64
    assert sorted(h.code for h in T.HEXAGRAMS) == list(range(64))
    assert [h.number for h in T.HEXAGRAMS] == list(range(1, 65))
    for h in T.HEXAGRAMS:
        if h.upper == h.lower:
            assert h.full == h.name + "為" + natures[h.upper]
        else:
            assert h.full == natures[h.upper] + natures[h.lower] + h.name
        # OpenCC writes 乾 as 干 (a known limitation of character-by-character conversion)
        assert h.zh_hans == to_s.convert(h.name).replace("干", "乾")
        assert h.zh_hans_full == to_s.convert(h.full).replace("干", "乾")
    # the seed spells 噬嗑 as 噬磕 (004-143): it must be found
    assert T.NAME_LOOKUP["噬磕"] == T.NAME_LOOKUP["噬嗑"]
    assert T.NAME_LOOKUP["天山遁"] == T.NAME_LOOKUP["遯"]


def test_hexagram_sequence_pairs() -> None:
    # the received order pairs each hexagram with its 綜 (upside down), or its 錯 when symmetric
    by_number = {h.number: h.code for h in T.HEXAGRAMS}
    for n in range(1, 65, 2):
        a, b = by_number[n], by_number[n + 1]
        flipped = sum(1 << (5 - i) for i in range(6) if a >> i & 1)
        assert b == (flipped if flipped != a else a ^ 63), n


def test_palaces_from_flip_sequence() -> None:
    # head = doubled trigram; types flip lines 1, 1–2 … 1–5, then 4 back (遊魂), then 1–3 back (歸魂)
    flips = [set(), {1}, {1, 2}, {1, 2, 3}, {1, 2, 3, 4}, {1, 2, 3, 4, 5}, {1, 2, 3, 5}, {5}]
    seen = set()
    for t in T.TRIGRAMS:
        head = t.code | t.code << 3
        for k, flipped in enumerate(flips):
            code = head ^ sum(1 << (i - 1) for i in flipped)
            assert T.PALACE_OF[code] == (t.code, k), (t.name, k)
            seen.add(code)
    assert len(seen) == 64
    assert T.TYPE_NAMES == ("八純", "一世", "二世", "三世", "四世", "五世", "遊魂", "歸魂")
    # 世: 八純 on 上爻, k世 on line k, 遊魂 on 四, 歸魂 on 三 (the line that was flipped last, or restored)
    assert T.TYPE_SHI == (6, 1, 2, 3, 4, 5, 4, 3)


def _branches_of(code: int) -> list[int]:
    lo, up = T.TRIGRAM_BY_CODE[code & 7], T.TRIGRAM_BY_CODE[code >> 3]
    return [*lo.inner_branches, *up.outer_branches]


def test_liu_chong_and_liu_he_gua_from_branches() -> None:
    chong = {
        c for c in range(64) if all((_branches_of(c)[i] - _branches_of(c)[i + 3]) % 12 == 6 for i in range(3))
    }
    he = {
        c for c in range(64) if all((_branches_of(c)[i] + _branches_of(c)[i + 3]) % 12 == 1 for i in range(3))
    }
    assert chong == set(T.LIU_CHONG_GUA)
    assert he == set(T.LIU_HE_GUA)
    assert len(chong) == 10 and len(he) == 8


def test_liu_shen_by_day_stem() -> None:
    order = ["青龍", "朱雀", "勾陳", "螣蛇", "白虎", "玄武"]
    # spirit of each element: 木 青龍, 火 朱雀, 土 勾陳 (戊) / 螣蛇 (己), 金 白虎, 水 玄武
    for s in range(10):
        element = s // 2
        start = {0: 0, 1: 1, 3: 4, 4: 5}.get(element)
        if element == 2:
            start = 2 if s == 4 else 3
        assert T.LIU_SHEN[T.LIU_SHEN_START[s]] == order[start], S[s]
    assert list(T.LIU_SHEN) == order
    assert {k: E[v] for k, v in T.LIU_SHEN_ELEMENT.items()} == {
        "青龍": "木", "朱雀": "火", "勾陳": "土", "螣蛇": "土", "白虎": "金", "玄武": "水",
    }  # fmt: skip


def test_shen_rules() -> None:
    # 子午持世身居初 … 巳亥持世身居六: position = branch mod 6 + 1
    assert tuple(b % 6 + 1 for b in range(12)) == T.SHI_BRANCH_SHEN
    assert (B.index("午"), B.index("子")) == T.YUE_GUA_SHEN_START


def test_jin_tui_pairs() -> None:
    # forward along the same element: 亥→子 (水), 寅→卯 (木), 巳→午 (火), 申→酉 (金); 土 丑→辰→未→戌 (→丑)
    base = {("亥", "子"), ("寅", "卯"), ("巳", "午"), ("申", "酉"), ("丑", "辰"), ("辰", "未"), ("未", "戌")}
    for a, b in base:
        assert _ELEMENT_OF_BRANCH[a] == _ELEMENT_OF_BRANCH[b]
    as_idx = {(B.index(a), B.index(b)) for a, b in base}
    assert T.JIN_SHEN["seven"] == as_idx
    assert T.JIN_SHEN["eight"] == as_idx | {(B.index("戌"), B.index("丑"))}


def test_fan_yin_pairs_are_opposite_squares() -> None:
    # 後天 (文王) directions: 坎 N, 艮 NE, 震 E, 巽 SE, 離 S, 坤 SW, 兌 W, 乾 NW (《說卦》 帝出乎震)
    houtian = {"坎": 0, "艮": 45, "震": 90, "巽": 135, "離": 180, "坤": 225, "兌": 270, "乾": 315}
    # 先天 (伏羲): 乾 S, 兌 SE, 離 E, 震 NE, 巽 SW, 坎 W, 艮 NW, 坤 N (《說卦》 天地定位)
    xiantian = {"乾": 180, "兌": 135, "離": 90, "震": 45, "巽": 225, "坎": 270, "艮": 315, "坤": 0}
    for key, square in (("houtian", houtian), ("xiantian", xiantian)):
        pairs = {
            (T.TRIGRAM_BY_NAME[a].code, T.TRIGRAM_BY_NAME[b].code)
            for a in square
            for b in square
            if (square[a] - square[b]) % 360 == 180
        }
        assert T.FAN_YIN_PAIRS[key] == pairs, key
    # 先天 opposites are also 錯 (every line flipped)
    assert all(a ^ b == 7 for a, b in T.FAN_YIN_PAIRS["xiantian"])


def test_seed004_month_tables() -> None:
    # month n has 月建 寅 + (n − 1); 004-077: 青龍 月建, 朱雀 +3, 玄武 −3, 白虎 +6, 勾陳 −1, 螣蛇 辰 − (n − 1)
    for m in range(12):
        n = (m - 2) % 12 + 1
        assert T.ZHI_FU_SHEN["青龍"][m] == m
        assert T.ZHI_FU_SHEN["朱雀"][m] == (m + 3) % 12
        assert T.ZHI_FU_SHEN["玄武"][m] == (m - 3) % 12
        assert T.ZHI_FU_SHEN["白虎"][m] == (m + 6) % 12
        assert T.ZHI_FU_SHEN["勾陳"][m] == (m - 1) % 12
        assert T.ZHI_FU_SHEN["螣蛇"][m] == (4 - (n - 1)) % 12
        # 004-290 勾陳殺 = the same walk; 004-324 白虎殺 申 + n − 1; 004-326 喪門殺 未 辰 丑 戌 repeating
        assert T.MONTH_SHA["gou_chen_sha"][1][m] == (4 - (n - 1)) % 12
        assert T.MONTH_SHA["bai_hu_sha"][1][m] == (8 + n - 1) % 12
        assert T.MONTH_SHA["sang_men_sha"][1][m] == (7 - 3 * (n - 1)) % 12
    # month 1 as the seed spells it out: 青龍 寅, 朱雀 巳, 玄武 亥, 白虎 申, 勾陳 丑, 螣蛇 辰
    first = {k: B[v[2]] for k, v in T.ZHI_FU_SHEN.items()}
    assert first == {"青龍": "寅", "朱雀": "巳", "玄武": "亥", "白虎": "申", "勾陳": "丑", "螣蛇": "辰"}


def test_yao_wei_tables_have_six_positions() -> None:
    assert len(T.YAO_WEI) >= 20
    for topic, (name, lines, src) in T.YAO_WEI.items():
        assert len(lines) == 6, topic
        assert name and src.startswith("004-")


def _inventory_rows() -> list[list[str]]:
    inv = Path(__file__).resolve().parents[2].parent / "shared" / "seeds" / "INVENTORY.tsv"
    if not inv.exists():
        pytest.skip("../shared/seeds not checked out")
    return [ln.split("\t") for ln in inv.read_text("utf-8").splitlines()[1:] if ln.strip()]


def test_every_seed004_table_row_is_cited() -> None:
    """Every table / derivation / classification row of seed 004 is cited in xuanheng/liuyao/data."""
    cited = "\n".join(p.read_text("utf-8") for p in sorted(DATA.glob("*.toml")))
    for row in _inventory_rows():
        if row[0].startswith("004-") and row[4] in ("table", "derivation", "classification"):
            assert row[0] in cited, f"{row[0]} ({row[3]}) is not cited in liuyao/data"


def test_data_files_parse_and_carry_src() -> None:
    for p in sorted(DATA.glob("*.toml")):
        data = tomllib.loads(p.read_text("utf-8"))
        # frontend.toml holds what the front ends show (flags, form hints), no table of the sources
        assert p.name == "frontend.toml" or "src" in p.read_text("utf-8"), p.name
        assert data
