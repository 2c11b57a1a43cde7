"""四課 and 三傳 by the 九宗門 — the structural core of a 大六壬 chart, from (day, offset) alone.

``offset`` is 月將 − 時 (mod 12): the 天盤 branch on 地盤 ``d`` is ``d + offset``. The whole structure
(四課, 三傳, 九宗門) depends only on the day (60) and the offset (12): 720 課. :func:`solve` computes one;
:func:`table` memoises all 720 per school so casting is a look-up.

Rules (each cited in ``data/jiuzongmen.toml``): 《六壬大全》卷五〈課經一〉 and 卷七〈課經集〉 for the nine
methods; 涉害 depth counting as in 卷七〈涉害〉: walk the 地盤 from the seat of the candidate to its own
place, counting the branches and lodged stems (寄宮) that overcome it, the seat included.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from xuanheng.core._data import load_package_data
from xuanheng.core.ganzhi import BRANCH_ELEMENT, JI_GONG, STEM_ELEMENT
from xuanheng.core.relations import CHONG, GAN_HE, XING
from xuanheng.core.shensha_basic import YI_MA
from xuanheng.errors import OptionError
from xuanheng.params import declared

_T = load_package_data("xuanheng.liuren", "jiuzongmen")

#: the schools of these rules: the declared choices of the options (data/params.toml)
SHEHAI_SCHOOLS: tuple[str, ...] = tuple(str(v) for v in declared("xuanheng.liuren", "shehai").values)
BIEZE_YIN: tuple[str, ...] = tuple(str(v) for v in declared("xuanheng.liuren", "bieze_yin").values)
FUYIN_ZIMAO: tuple[str, ...] = tuple(str(v) for v in declared("xuanheng.liuren", "fuyin_zimao").values)

#: 0 孟, 1 仲, 2 季
MZJ: tuple[int, ...] = tuple(_T["meng_zhong_ji"]["rank"])
_BAZHUAN_STEPS: int = _T["bazhuan"]["steps"]
_SANHE_NEXT: int = _T["bieze"]["sanhe_next"]
METHOD_SRC: str = _T["methods"]["src"]
SUB_SRC: dict[str, str] = {k: v["src"] for k, v in _T["sub"].items()}
SUB_METHOD: dict[str, str] = {k: v["method"] for k, v in _T["sub"].items()}

#: stems lodged on each 地盤 branch (寄宮, inverse of JI_GONG)
LODGED: tuple[tuple[int, ...], ...] = tuple(tuple(s for s in range(10) if JI_GONG[s] == b) for b in range(12))


def _overcomes(a: int, b: int) -> bool:
    """Element *a* overcomes element *b* (剋 = +2 in the generating order)."""
    return (b - a) % 5 == 2


@dataclass(frozen=True, slots=True)
class SheHai:
    """One candidate weighed by the 涉害 procedure: its depth as the chosen school counts it (seat
    included; ``None`` for the 孟仲季 school, which does not count) and as the books' prose counts it
    (the 重 passed on the way, without the seat: 亥加丑 "五重")."""

    branch: int
    kind: str  # "賊" (下賊上) or "剋" (上剋下)
    depth: int | None
    depth_book: int


@dataclass(frozen=True, slots=True)
class Structure:
    """The offset-and-day part of a chart: 四課 (upper, lower branch, relation), 三傳, method names."""

    day: int  # 干支 index 0–59
    offset: int
    uppers: tuple[int, int, int, int]
    lowers: tuple[int, int, int, int]  # lower branch of each 課 (一課: the stem's 寄宮)
    relations: tuple[str, str, str, str]  # "賊" | "剋" | ""
    chuan: tuple[int, int, int]
    method: str  # 九宗門 name
    sub_method: str  # finer name (元首 … 井欄射)
    steps: tuple[str, ...]  # further 課體 names met on the way (e.g. 返吟 + 涉害 → ("涉害",))
    she_hai: tuple[SheHai, ...] = ()  # the candidates when the 涉害 procedure was entered


def shehai_depth(candidate: int, offset: int, kind: str, *, seat: bool = True) -> int:
    """涉害 depth of *candidate* (a 天盤 branch) at *offset*.

    Walk the 地盤 from the candidate's seat (included) forward to its own place (the home itself not
    counted) and count the 地盤 branches and lodged stems (寄宮) that stand in the 剋 of its kind: for a
    下賊上 (``kind="賊"``) those overcoming the candidate, for a 上剋下 (``"剋"``) those it overcomes.
    《六壬大全》卷七〈課經集〉〈涉害〉〈訂訛〉 (丁卯日 亥加丑 deeper than 丑加卯; 庚子日 午加庚 deeper than
    戌加子); with the seat counted this reproduces the 《課經》 tallies (涉害 63, 見機 9, 綴瑕 1).
    ``seat=False`` counts as the books' prose does, from the first branch after the seat (亥加丑: 五重)."""
    with_seat, without_seat = _depths(candidate, offset, kind)
    return with_seat if seat else without_seat


def _depths(candidate: int, offset: int, kind: str) -> tuple[int, int]:
    """:func:`shehai_depth` with the seat and without it, from one walk."""
    el = BRANCH_ELEMENT[candidate]
    home_seat = (candidate - offset) % 12
    n = at_seat = 0
    for i in range(offset % 12):
        p = (home_seat + i) % 12
        for e in (BRANCH_ELEMENT[p], *(STEM_ELEMENT[s] for s in LODGED[p])):
            if _overcomes(e, el) if kind == "賊" else _overcomes(el, e):
                n += 1
                if i == 0:
                    at_seat += 1
    return n, n - at_seat


def _first_seen(cands: list[int], uppers: tuple[int, ...], yang: bool) -> int:
    """綴瑕: 陽日 the candidate first seen in the 干 two 課, 陰日 in the 支 two 課."""
    order = (0, 1, 2, 3) if yang else (2, 3, 0, 1)
    for k in order:
        if uppers[k] in cands:
            return uppers[k]
    return cands[0]


def she_hai_of(cands: list[int], offset: int, kind: str, school: str) -> tuple[SheHai, ...]:
    """The 涉害 candidates with their depths (see :class:`SheHai`)."""
    out = []
    for c in cands:
        depth, book = _depths(c, offset, kind)
        out.append(SheHai(c, kind, None if school == "mengzhongji" else depth, book))
    return tuple(out)


def _shehai(
    cands: list[int],
    offset: int,
    uppers: tuple[int, ...],
    yang: bool,
    school: str,
    kind: str,
    day_stem: int = 0,
    weighed: tuple[SheHai, ...] = (),
) -> tuple[int, str]:
    """Choose among several 剋 that are all 比 or none 比; returns (branch, sub-name). *weighed*: the
    candidates' :func:`she_hai_of` when the caller has it (their depths are not walked again).

    ``school="biyong"`` (《六壬大全》卷七〈涉害課〉 比用格): a candidate that generates the day stem or shares
    its element is used when it is the only one ("用神畏日干所勝，以比和者為用"); otherwise depth decides."""
    pool = cands
    sub = "涉害"
    if school == "biyong":
        sel = STEM_ELEMENT[day_stem]
        friendly = [c for c in cands if (sel - BRANCH_ELEMENT[c]) % 5 in (0, 1)]
        if len(friendly) == 1:
            return friendly[0], "比用格"
        pool = friendly or cands
    if school in ("depth", "biyong"):
        known = {h.branch: h.depth for h in weighed if h.depth is not None}
        depths = [known[c] if c in known else shehai_depth(c, offset, kind) for c in pool]
        best = max(depths)
        pool = [c for c, d in zip(pool, depths, strict=True) if d == best]
        if len(pool) == 1:
            return pool[0], sub
    for rank, name in ((0, "見機"), (1, "察微")):
        on = [c for c in pool if MZJ[(c - offset) % 12] == rank]
        if len(on) == 1:
            return on[0], name
        if on:
            pool = on
            break
    return _first_seen(pool, uppers, yang), "綴瑕"


def _zei_ke(
    uppers: tuple[int, ...], rel: tuple[str, ...], day_stem: int, offset: int, school: str
) -> tuple[int, str, str, tuple[SheHai, ...]] | None:
    """賊剋 / 比用 / 涉害: returns (初傳, 九宗門 name, sub-name, 涉害 candidates) or None when no 課 has a
    剋."""
    yang = day_stem % 2 == 0
    for kind, single in (("賊", "重審"), ("剋", "元首")):
        cands: list[int] = []
        for u, r in zip(uppers, rel, strict=True):
            if r == kind and u not in cands:
                cands.append(u)
        if not cands:
            continue
        if len(cands) == 1:
            return cands[0], "賊剋", single, ()
        bi = [c for c in cands if (c % 2 == 0) == yang]
        if len(bi) == 1:
            return bi[0], "比用", "知一", ()
        pool = bi if bi else cands
        weighed = she_hai_of(pool, offset, kind, school)
        chu, sub = _shehai(pool, offset, uppers, yang, school, kind, day_stem, weighed)
        return chu, "涉害", sub, weighed
    return None


def _yao_ke(
    uppers: tuple[int, ...], day_stem: int, offset: int, school: str
) -> tuple[int, str, tuple[SheHai, ...]] | None:
    """遙剋: a 神 of 二三四課 overcoming the day stem (蒿矢), else overcome by it (彈射)."""
    yang = day_stem % 2 == 0
    sel = STEM_ELEMENT[day_stem]
    for name, kind, shen_overcomes in (("蒿矢", "剋", True), ("彈射", "賊", False)):
        cands: list[int] = []
        for u in uppers[1:]:
            el = BRANCH_ELEMENT[u]
            hit = _overcomes(el, sel) if shen_overcomes else _overcomes(sel, el)
            if hit and u not in cands:
                cands.append(u)
        if not cands:
            continue
        if len(cands) == 1:
            return cands[0], name, ()
        bi = [c for c in cands if (c % 2 == 0) == yang]
        if len(bi) == 1:
            return bi[0], name, ()
        weighed = she_hai_of(bi or cands, offset, kind, school)
        chu, _ = _shehai(bi or cands, offset, uppers, yang, school, kind, day_stem, weighed)
        return chu, name, weighed
    return None


def _fu_yin(
    uppers: tuple[int, ...], rel: tuple[str, ...], day_stem: int, zimao: str
) -> tuple[tuple[int, int, int], str]:
    """伏吟: 有剋 take the 剋; else 陽日 干上 (自任), 陰日 支上 (自信); 中 the 刑 of 初 (when 初 punishes
    itself, the other of 干上/支上), 末 the 刑 of 中 (when 中 punishes itself, or would lead back to 初,
    the 沖 of 中)."""
    yang = day_stem % 2 == 0
    gan, zhi = uppers[0], uppers[2]
    if rel[0] or yang:  # 有剋 (乙 癸 days: the 剋 is in 一課) or 陽日: 干上 first
        chu, other = gan, zhi
    else:
        chu, other = zhi, gan
    sub = "自任" if yang else "自信"
    zhong = other if XING[chu] == chu else XING[chu]
    back_to_chu = XING[zhong] == chu and zimao == "chong"  # 子卯: 卯→子→卯 would repeat 初
    mo = CHONG[zhong] if XING[zhong] == zhong or back_to_chu else XING[zhong]
    return (chu, zhong, mo), sub


def solve(
    day: int,
    offset: int,
    shehai: str = "depth",
    bieze_yin: str = "sanhe",
    bazhuan_first: bool = True,
    fuyin_zimao: str = "chong",
) -> Structure:
    """四課 and 三傳 of 干支 *day* (0–59) at *offset* = 月將 − 時 (mod 12)."""
    check_school(shehai, bieze_yin, fuyin_zimao)
    offset %= 12
    stem, branch = day % 10, day % 12
    yang = stem % 2 == 0

    def up(b: int) -> int:
        return (b + offset) % 12

    g = JI_GONG[stem]
    u1 = up(g)
    u2 = up(u1)
    u3 = up(branch)
    u4 = up(u3)
    uppers = (u1, u2, u3, u4)
    lowers = (g, u1, branch, u3)
    lower_el = (STEM_ELEMENT[stem], BRANCH_ELEMENT[u1], BRANCH_ELEMENT[branch], BRANCH_ELEMENT[u3])
    rel = tuple(
        "賊" if _overcomes(le, BRANCH_ELEMENT[u]) else "剋" if _overcomes(BRANCH_ELEMENT[u], le) else ""
        for u, le in zip(uppers, lower_el, strict=True)
    )
    rel4: tuple[str, str, str, str] = (rel[0], rel[1], rel[2], rel[3])
    steps: tuple[str, ...] = ()

    def chain(chu: int) -> tuple[int, int, int]:
        return (chu, up(chu), up(up(chu)))

    def done(
        c: tuple[int, int, int],
        method: str,
        sub: str,
        extra: tuple[str, ...] = (),
        she_hai: tuple[SheHai, ...] = (),
    ) -> Structure:
        return Structure(day, offset, uppers, lowers, rel4, c, method, sub, extra, she_hai)

    if offset == 0:
        c, sub = _fu_yin(uppers, rel, stem, fuyin_zimao)
        return done(c, "伏吟", sub)
    zk = _zei_ke(uppers, rel, stem, offset, shehai)
    if offset == 6:
        if zk is not None:
            chu, _, zsub, sh = zk
            return done(chain(chu), "返吟", "無依", (zsub,), sh)
        return done((YI_MA[branch], u3, u1), "返吟", "井欄射")
    if zk is not None:
        chu, method, sub, sh = zk
        return done(chain(chu), method, sub, (), sh)
    bazhuan = g == branch
    if bazhuan and bazhuan_first:
        return done(_ba_zhuan(uppers, yang), "八專", "八專")
    yk = _yao_ke(uppers, stem, offset, shehai)
    if yk is not None:
        chu, sub, sh = yk
        if bazhuan:
            steps = ("八專",)
        return done(chain(chu), "遙剋", sub, steps, sh)
    if bazhuan:
        return done(_ba_zhuan(uppers, yang), "八專", "八專")
    distinct = len(set(zip(uppers, lowers, strict=True)))
    if distinct == 4:
        if yang:
            return done((up(9), u3, u1), "昴星", "虎視")
        return done(((9 - offset) % 12, u1, u3), "昴星", "冬蛇掩目")
    # 四課不備 (three distinct 課): 別責
    if yang:
        chu = up(JI_GONG[GAN_HE[stem]])
    else:
        chu = (branch + _SANHE_NEXT) % 12
        if bieze_yin == "sanhe_upper":
            chu = up(chu)
    return done((chu, u1, u1), "別責", "別責")


def _ba_zhuan(uppers: tuple[int, ...], yang: bool) -> tuple[int, int, int]:
    u1 = uppers[0]
    chu = (u1 + _BAZHUAN_STEPS) % 12 if yang else (uppers[3] - _BAZHUAN_STEPS) % 12
    return (chu, u1, u1)


def check_school(shehai: str, bieze_yin: str, fuyin_zimao: str) -> None:
    """Raise :class:`OptionError` for an unknown school option."""
    for field, value, accepted in (
        ("shehai", shehai, SHEHAI_SCHOOLS),
        ("bieze_yin", bieze_yin, BIEZE_YIN),
        ("fuyin_zimao", fuyin_zimao, FUYIN_ZIMAO),
    ):
        if value not in accepted:
            msg = f"unknown {field} {value!r}: expected one of {', '.join(accepted)}"
            raise OptionError(msg, field=field)


@cache
def table(
    shehai: str = "depth", bieze_yin: str = "sanhe", bazhuan_first: bool = True, fuyin_zimao: str = "chong"
) -> tuple[Structure, ...]:
    """All 720 課 of one school, indexed ``day * 12 + offset`` (computed once, then looked up)."""
    return tuple(
        solve(d, o, shehai, bieze_yin, bazhuan_first, fuyin_zimao) for d in range(60) for o in range(12)
    )


__all__ = [
    "BIEZE_YIN",
    "FUYIN_ZIMAO",
    "LODGED",
    "METHOD_SRC",
    "MZJ",
    "SHEHAI_SCHOOLS",
    "SUB_METHOD",
    "SUB_SRC",
    "SheHai",
    "Structure",
    "check_school",
    "shehai_depth",
    "solve",
    "table",
]
