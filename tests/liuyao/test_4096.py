"""All 64 hexagrams × 64 moving masks (4,096 本/變 pairs) against a second implementation written here from
the rule statements, not from the tables the engine uses:

* 世 by the 尋世訣 (天同二世天變五, 地同四世地變初, 本宮六世三世異, 人同遊魂人變歸), comparing the
  天 (top), 人 (middle) and 地 (bottom) lines of the two trigrams — 《卜筮正宗》卷一〈尋世訣〉;
* the palace by the 認宮訣 (一二三六外卦宮, 四五遊魂內變更, 歸魂內卦是本宮) — the same chapter;
* 納甲 by the 乾坤 六子 rule (stems 甲壬 乙癸 庚辛 戊己 丙丁; branches forward / backward by two);
* 六親 by 生剋 (同我 兄弟, 我生 子孫, 我剋 妻財, 剋我 官鬼, 生我 父母);
* 伏神 from the palace's head hexagram on the same line.
"""

from __future__ import annotations

import itertools

from xuanheng.liuyao import rules, zhuang_gua

TRI = {  # bottom first, 1 = yang
    (1, 1, 1): "乾", (1, 1, 0): "兌", (1, 0, 1): "離", (1, 0, 0): "震",
    (0, 1, 1): "巽", (0, 1, 0): "坎", (0, 0, 1): "艮", (0, 0, 0): "坤",
}  # fmt: skip
LINES = {v: k for k, v in TRI.items()}
ELEMENT = {"乾": 3, "兌": 3, "離": 1, "震": 0, "巽": 0, "坎": 4, "艮": 2, "坤": 2}
STEM = {
    "乾": (0, 8),
    "坤": (1, 9),
    "震": (6, 6),
    "巽": (7, 7),
    "坎": (4, 4),
    "離": (5, 5),
    "艮": (2, 2),
    "兌": (3, 3),
}
BRANCH_START = {
    "乾": (0, 2),
    "震": (0, 2),
    "坎": (2, 2),
    "艮": (4, 2),
    "坤": (7, -2),
    "巽": (1, -2),
    "離": (3, -2),
    "兌": (5, -2),
}
BRANCH_ELEMENT = [4, 2, 0, 0, 2, 1, 1, 2, 3, 3, 2, 4]
QIN = ["兄弟", "子孫", "妻財", "官鬼", "父母"]


def split(code: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    lines = tuple(code >> i & 1 for i in range(6))
    return lines[:3], lines[3:]


def xun_shi(code: int) -> tuple[int, str]:
    """(世 line, hun) by the 尋世訣; hun is 遊魂, 歸魂 or ''."""
    nei, wai = split(code)
    di, ren, tian = (nei[i] == wai[i] for i in range(3))
    if tian and not ren and not di:
        return 2, ""
    if not tian and ren and di:
        return 5, ""
    if di and not ren and not tian:
        return 4, ""
    if not di and ren and tian:
        return 1, ""
    if ren and not di and not tian:
        return 4, "遊魂"
    if not ren and di and tian:
        return 3, "歸魂"
    if di and ren and tian:
        return 6, ""
    return 3, ""  # 三世異: all three differ


def ren_gong(code: int) -> str:
    """The palace by the 認宮訣."""
    nei, wai = split(code)
    shi, hun = xun_shi(code)
    if hun == "歸魂":
        return TRI[nei]
    if shi in (1, 2, 3, 6) and hun == "":
        return TRI[wai]
    return TRI[tuple(1 - v for v in nei)]  # 四世 五世 遊魂: the inner trigram with its lines flipped


def type_name(code: int) -> str:
    shi, hun = xun_shi(code)
    if hun:
        return hun
    return "八純" if shi == 6 else "一二三四五"[shi - 1] + "世"


def najia(code: int) -> list[tuple[int, int]]:
    nei, wai = split(code)
    out = []
    for tri, outer in ((TRI[nei], 0), (TRI[wai], 1)):
        start, step = BRANCH_START[tri]
        start = start + 6 * outer
        out += [(STEM[tri][outer], (start + step * i) % 12) for i in range(3)]
    return out


def qin(me: int, other: int) -> str:
    return QIN[(other - me) % 5]


def fu_shen(code: int) -> dict[int, tuple[int, int, str]]:
    pal = ren_gong(code)
    me = ELEMENT[pal]
    own = {qin(me, BRANCH_ELEMENT[b]) for _, b in najia(code)}
    head = sum(1 << i for i, v in enumerate(LINES[pal] * 2) if v)
    out = {}
    for pos, (s, b) in enumerate(najia(head), start=1):
        q = qin(me, BRANCH_ELEMENT[b])
        if q not in own:
            out[pos] = (s, b, q)
    return out


def test_the_rule_statements_cover_the_64() -> None:
    kinds = [type_name(c) for c in range(64)]
    assert {k: kinds.count(k) for k in set(kinds)} == {
        "八純": 8, "一世": 8, "二世": 8, "三世": 8, "四世": 8, "五世": 8, "遊魂": 8, "歸魂": 8,
    }  # fmt: skip
    palaces = [ren_gong(c) for c in range(64)]
    assert all(palaces.count(p) == 8 for p in TRI.values())


def test_all_4096_pairs() -> None:
    for code, mask in itertools.product(range(64), range(64)):
        values = tuple(
            (9 if mask >> i & 1 else 7) if code >> i & 1 else (6 if mask >> i & 1 else 8) for i in range(6)
        )
        z = zhuang_gua(values)
        pal = ren_gong(code)
        shi, _ = xun_shi(code)
        assert z.ben.palace == pal, (code, mask)
        assert z.ben.palace_element == ELEMENT[pal]
        assert z.ben.type == type_name(code)
        assert (z.ben.shi, z.ben.ying) == (shi, (shi + 2) % 6 + 1)
        assert abs(z.ben.shi - z.ben.ying) == 3
        nj = najia(code)
        assert [(y.stem, y.branch) for y in z.yaos] == nj
        assert [y.liu_qin for y in z.yaos] == [qin(ELEMENT[pal], BRANCH_ELEMENT[b]) for _, b in nj]
        assert {p: (s, b, q) for p, s, b, _e, q, _r in z.fu_shen} == fu_shen(code)
        # every 六親 is present or hidden
        assert {y.liu_qin for y in z.yaos} | {f[4] for f in z.fu_shen} == set(QIN)
        if not mask:
            assert z.bian is None and z.bian_lines == ()
            continue
        bian = code ^ mask
        assert z.bian is not None
        assert z.bian.palace == ren_gong(bian)
        assert z.bian.type == type_name(bian)
        bnj = najia(bian)
        assert [(b.stem, b.branch) for b in z.bian_lines] == bnj
        # the 變卦's 六親 by the 本卦's palace (mainstream)
        assert [b.liu_qin for b in z.bian_lines] == [qin(ELEMENT[pal], BRANCH_ELEMENT[b]) for _, b in bnj]
        assert [b.changed for b in z.bian_lines] == [bool(mask >> i & 1) for i in range(6)]
        assert [b.yang for b in z.bian_lines] == [bool(bian >> i & 1) for i in range(6)]


def test_a_missing_liu_qin_is_never_carried_twice_by_the_head() -> None:
    # the head of each palace carries one 六親 on two 土 lines; no hexagram of the palace lacks it, so the
    # 伏神 is always one line (there is no school choice to make)
    for code in range(64):
        hidden = [f[3] for f in rules.fu_shen_static(code).values()]
        assert len(hidden) == len(set(hidden)), code


def test_huan_has_two_fu_shen() -> None:
    z = zhuang_gua("878877")  # 渙: 坎 below, 巽 above
    assert z.ben.name == "渙" and z.ben.palace == "離"
    assert z.missing_liu_qin == ("妻財", "官鬼")
    got = {p: (q, r) for p, _s, _b, _e, q, r in z.fu_shen}
    assert got == {3: ("官鬼", "伏剋飛"), 4: ("妻財", "飛生伏")}
