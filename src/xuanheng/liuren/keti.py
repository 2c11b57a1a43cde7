"""課體 names a chart carries: its 九宗門 names and the 《課經》 classes in ``data/keti.toml``.

Most classes depend on the day and the 月將–時 offset only, so they are computed once per 課 with the
三傳 (see :func:`xuanheng.liuren.sanchuan.table`); the few that look at the 天將 (``needs =
"tian_jiang"``) are evaluated per chart by :func:`chart_ke_ti`. Each condition kind is documented in the
data file. Where the books define a 課體 differently, each definition is its own entry, bound to a value of
one of the school options :data:`SCHOOL_OPTIONS` (``option = { NAME = "VALUE" }``); the chosen values travel
as a :data:`KeTiSchool` (:func:`school_of` the chart's options).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from xuanheng.core._data import load_package_data
from xuanheng.core.ganzhi import (
    BRANCH_ELEMENT,
    JI_GONG,
    SIXTY,
    STEM_ELEMENT,
    STEMS,
    GanZhi,
    branch_index,
    dun_gan,
)
from xuanheng.core.guiren import TIAN_JIANG
from xuanheng.core.relations import XING
from xuanheng.errors import InputError
from xuanheng.liuren.chart import KeTi
from xuanheng.liuren.sanchuan import METHOD_SRC, MZJ, SUB_SRC, Structure
from xuanheng.params import declared

_T = load_package_data("xuanheng.liuren", "keti")
_XUN_QI: dict[int, int] = {branch_index(k): branch_index(v) for k, v in _T["xun_qi"]["by_head"].items()}
XUN_QI_SRC: str = _T["xun_qi"]["src"]
_ZHI_YI: tuple[int, ...] = tuple(branch_index(b) for b in _T["zhi_yi"]["table"])
_DING = 3
#: 墓 of each element (木 未, 火 戌, 土 辰, 金 丑, 水 辰), as 《六壬大全》〈鬼墓課〉 lists them
_MU: tuple[int, ...] = (7, 10, 4, 1, 4)
#: the options that choose between the books' definitions of a 課體, in the order of ``KeTiSchool``, with
#: their declared choices (data/params.toml); an entry of keti.toml may name one of them in ``option``
SCHOOL_OPTIONS: tuple[str, ...] = ("zhan_guan", "zhu_yin", "san_qi", "bi_kou", "yin_yi")
SCHOOL_CHOICES: dict[str, tuple[str, ...]] = {
    k: tuple(str(v) for v in declared("xuanheng.liuren", k).values) for k in SCHOOL_OPTIONS
}
#: the chosen definitions, one value per name of :data:`SCHOOL_OPTIONS` (the defaults: the first choices)
KeTiSchool = tuple[str, ...]
DEFAULT_SCHOOL: KeTiSchool = tuple(SCHOOL_CHOICES[k][0] for k in SCHOOL_OPTIONS)
#: the schools of 斬關: the declared choices of the option
ZHAN_GUAN: tuple[str, ...] = SCHOOL_CHOICES["zhan_guan"]
NEEDS = ("", "tian_jiang")


def _branches(text: str) -> frozenset[int]:
    return frozenset(branch_index(c) for c in text)


@dataclass(frozen=True, slots=True)
class Rule:
    """One 課體 entry of ``keti.toml``: its name, source, condition and what it needs."""

    name: str
    src: str
    cond: str
    args: dict[str, Any]
    needs: str = ""
    option: tuple[tuple[str, str], ...] = ()


_STRUCTURE_CONDS = frozenset(
    {
        "chuan_xun_qi",
        "chu_ding_ji",
        "ke_incomplete",
        "xun_yi",
        "zhi_yi",
        "fuyin_zixing",
        "chuan_all_same",
        "yin_cong",
        "di_sheng",
        "xun_zhou",
        "zhui_xu",
        "wu_yin",
        "gui_mu",
        "liu_chun",
    }
)


_JIANG_CONDS = frozenset({"chu_jiang", "san_jiao", "gui_seat", "chu_mo_jiang", "xun_head_jiang"})


def _compile(entry: dict[str, Any]) -> Rule:
    cond = entry["cond"]
    args: dict[str, Any] = {}
    needs = entry.get("needs", "")
    if needs not in NEEDS:
        raise InputError(f"keti.toml: {entry['name']}: unknown needs {needs!r}", field="keti")
    if cond == "chuan_step":
        args["step"] = int(entry["step"])
        args["within"] = tuple(_branches(g) for g in entry.get("within", ()))
    elif cond in ("chuan_set", "chuan_within"):
        args["branches"] = _branches(entry["branches"])
    elif cond == "chuan_on":
        args["at"] = int(entry["at"])
        args["shen"] = _branches(entry["shen"])
        args["seat"] = _branches(entry["seat"])
    elif cond == "chuan_has":
        args["chu"] = _branches(entry.get("chu", "子丑寅卯辰巳午未申酉戌亥"))
        args["has"] = _branches(entry["has"])
    elif cond == "chu_on_ganzhi":
        args["chu"] = _branches(entry["chu"])
    elif cond == "on_ganzhi":
        args["shen"] = _branches(entry["shen"])
    elif cond == "chu_xun":
        args["what"] = entry["what"]
    elif cond == "ke_relation_count":
        args["relation"] = entry["relation"]
        args["count"] = int(entry["count"])
    elif cond == "chu_jiang":
        args["chu"] = _branches(entry["chu"])
        args["jiang"] = frozenset(TIAN_JIANG.index(j) for j in entry["jiang"])
    elif cond == "gui_seat":
        args["seat"] = _branches(entry["seat"])
    elif cond == "jia_has":
        args["shen"] = branch_index(entry["shen"])
        args["seat"] = branch_index(entry["seat"])
        args["has"] = _branches(entry["has"])
    elif cond == "dun_qi":
        args["stems"] = frozenset(STEMS.index(c) for c in entry["stems"])
    elif cond == "chu_mo_jiang":
        args["chu"] = TIAN_JIANG.index(entry["chu"])
        args["mo"] = TIAN_JIANG.index(entry["mo"])
    elif cond == "xun_head_jiang":
        args["jiang"] = frozenset(TIAN_JIANG.index(j) for j in entry["jiang"])
    elif cond not in _STRUCTURE_CONDS and cond != "san_jiao":
        raise InputError(f"keti.toml: unknown cond {cond!r}", field="keti")
    if (cond in _JIANG_CONDS) != (needs == "tian_jiang"):
        msg = f"keti.toml: {entry['name']}: cond {cond} and needs {needs!r} disagree"
        raise InputError(msg, field="keti")
    option = tuple(sorted((str(k), str(v)) for k, v in entry.get("option", {}).items()))
    for k, v in option:
        if k not in SCHOOL_CHOICES or v not in SCHOOL_CHOICES[k]:
            raise InputError(f"keti.toml: {entry['name']}: unknown option {k}={v}", field="keti")
    return Rule(entry["name"], entry["src"], cond, args, needs, option)


RULES: tuple[Rule, ...] = tuple(_compile(e) for e in _T["keti"])


def _overcomes(a: int, b: int) -> bool:
    return (b - a) % 5 == 2


def _generates(a: int, b: int) -> bool:
    return (b - a) % 5 == 1


def _holds(cond: str, args: dict[str, Any], s: Structure) -> bool:
    c = s.chuan
    day = SIXTY[s.day]
    head = (day.branch - day.stem) % 12
    off = s.offset

    def seat(b: int) -> int:
        return (b - off) % 12

    gan_shang, zhi_shang = s.uppers[0], s.uppers[2]
    ji = JI_GONG[day.stem]
    if cond == "chuan_step":
        st: int = args["step"] % 12
        if not ((c[1] - c[0]) % 12 == st and (c[2] - c[1]) % 12 == st):
            return False
        within: tuple[frozenset[int], ...] = args["within"]
        return not within or any(all(b in g for b in c) for g in within)
    if cond == "chuan_set":
        return frozenset(c) == args["branches"] and len(set(c)) == 3
    if cond == "chuan_within":
        return all(b in args["branches"] for b in c)
    if cond == "chuan_all_same":
        return c[0] == c[1] == c[2]
    if cond == "chuan_on":
        b = c[args["at"]]
        return b in args["shen"] and seat(b) in args["seat"]
    if cond == "chuan_has":
        return c[0] in args["chu"] and all(b in c for b in args["has"])
    if cond == "chu_on_ganzhi":
        return c[0] in args["chu"] and c[0] in (gan_shang, zhi_shang)
    if cond == "on_ganzhi":
        return gan_shang in args["shen"] or zhi_shang in args["shen"]
    if cond == "chu_xun":
        if args["what"] == "head":
            return c[0] == head
        return c[0] == (head + 9) % 12 and seat(c[0]) == head
    if cond == "xun_yi":
        return head in c
    if cond == "zhi_yi":
        return _ZHI_YI[day.branch] in c
    if cond == "chuan_xun_qi":
        return _XUN_QI[head] in c
    if cond == "chu_ding_ji":
        return MZJ[c[0]] == 2 and dun_gan(c[0], day) == _DING
    if cond == "ke_relation_count":
        want: int = args["count"]
        return sum(1 for r in s.relations if r == args["relation"]) == want
    if cond == "ke_incomplete":
        return len(set(zip(s.uppers, s.lowers, strict=True))) < 4
    if cond == "fuyin_zixing":
        # the 刑 leads nowhere: 初 punishes itself, or 初 and 中 punish each other (子卯)
        return s.method == "伏吟" and (XING[c[0]] == c[0] or XING[XING[c[0]]] == c[0])
    if cond == "yin_cong":
        return any(seat(c[0]) == (x + 1) % 12 and seat(c[2]) == (x - 1) % 12 for x in (ji, day.branch))
    if cond == "di_sheng":
        el = [BRANCH_ELEMENT[b] for b in c]
        sel = STEM_ELEMENT[day.stem]
        forward = _generates(el[0], el[1]) and _generates(el[1], el[2]) and _generates(el[2], sel)
        backward = _generates(el[2], el[1]) and _generates(el[1], el[0]) and _generates(el[0], sel)
        return forward or backward
    if cond == "xun_zhou":
        tail = (head + 9) % 12
        return (gan_shang, zhi_shang) in ((tail, head), (head, tail))
    if cond == "zhui_xu":
        if not _overcomes(STEM_ELEMENT[day.stem], BRANCH_ELEMENT[day.branch]):
            return False
        return (zhi_shang == ji and c[0] == ji) or (gan_shang == day.branch and c[0] == day.branch)
    if cond == "wu_yin":
        if len(set(zip(s.uppers, s.lowers, strict=True))) == 4:
            return False
        return _overcomes(BRANCH_ELEMENT[gan_shang], BRANCH_ELEMENT[day.branch]) and _overcomes(
            BRANCH_ELEMENT[zhi_shang], STEM_ELEMENT[day.stem]
        )
    if cond == "gui_mu":
        gui = _overcomes(BRANCH_ELEMENT[c[0]], STEM_ELEMENT[day.stem]) and c[0] % 2 == day.stem % 2
        mu = c[0] in (_MU[STEM_ELEMENT[day.stem]], _MU[BRANCH_ELEMENT[day.branch]])
        return gui or mu
    if cond == "liu_chun":
        par = {b % 2 for b in (*s.uppers, *c)}
        return len(par) == 1
    if cond == "jia_has":
        return seat(args["shen"]) == args["seat"] and all(b in c for b in args["has"])
    if cond == "dun_qi":
        stems = [dun_gan(b, day) for b in c]
        return None not in stems and len(set(stems)) == 3 and set(stems) == args["stems"]
    raise AssertionError(cond)


def _applies(r: Rule, school: KeTiSchool) -> bool:
    return all(school[SCHOOL_OPTIONS.index(k)] == v for k, v in r.option)


def school_of(options: Any) -> KeTiSchool:
    """The :data:`KeTiSchool` of a chart's options (anything with the attributes of
    :data:`SCHOOL_OPTIONS`)."""
    return tuple(str(getattr(options, k)) for k in SCHOOL_OPTIONS)


def ke_ti_of(s: Structure, school: KeTiSchool = DEFAULT_SCHOOL) -> tuple[KeTi, ...]:
    """The 課體 of one 課: 九宗門 method, its sub-name, names met on the way, then the 《課經》 classes
    that need no 天將, under the definitions *school* (:func:`school_of`)."""
    out: list[KeTi] = [KeTi(s.method, METHOD_SRC, "jiu_zong_men")]
    for name in (s.sub_method, *s.steps):
        if name != s.method and all(k.name != name for k in out):
            out.append(KeTi(name, SUB_SRC[name], "jiu_zong_men"))
    for r in RULES:
        if r.needs or not _applies(r, school):
            continue
        if _holds(r.cond, r.args, s) and all(k.name != r.name for k in out):
            out.append(KeTi(r.name, r.src, "ke_ti"))
    return tuple(out)


def chart_ke_ti(
    s: Structure,
    jiang_on: tuple[int, ...],
    gui_branch: int,
    school: KeTiSchool = DEFAULT_SCHOOL,
    have: tuple[KeTi, ...] = (),
) -> tuple[KeTi, ...]:
    """The 《課經》 classes that look at the 天將 (``needs = "tian_jiang"``), under the definitions *school*:
    *jiang_on[b]* is the 天將 on 天盤 branch *b*, *gui_branch* the 天盤 branch 貴人 rides; a name already
    in *have* (the 課's own 課體) is not repeated."""
    out: list[KeTi] = []
    c = s.chuan
    day_branch = s.day % 12
    day = SIXTY[s.day]
    for r in RULES:
        if r.needs != "tian_jiang" or not _applies(r, school):
            continue
        if r.cond == "chu_jiang":
            hit = c[0] in r.args["chu"] and jiang_on[c[0]] in r.args["jiang"]
        elif r.cond == "san_jiao":
            zhong = {0, 3, 6, 9}
            hit = (
                day_branch in zhong
                and s.uppers[2] in zhong
                and s.uppers[3] in zhong
                and all(b in zhong for b in c)
                and any(TIAN_JIANG[jiang_on[b]] in ("太陰", "六合") for b in c)
            )
        elif r.cond == "gui_seat":
            hit = (gui_branch - s.offset) % 12 in r.args["seat"]
        elif r.cond == "chu_mo_jiang":
            hit = jiang_on[c[0]] == r.args["chu"] and jiang_on[c[2]] == r.args["mo"]
        elif r.cond == "xun_head_jiang":
            head = (day.branch - day.stem) % 12
            hit = jiang_on[c[0]] in r.args["jiang"] and head in (c[0], (c[0] - s.offset) % 12)
        else:
            raise AssertionError(r.cond)
        if hit and all(k.name != r.name for k in (*have, *out)):
            out.append(KeTi(r.name, r.src, "ke_ti"))
    return tuple(out)


def xun_qi(day: GanZhi) -> int:
    """旬奇 of the day's 旬 (《課經》 三奇)."""
    return _XUN_QI[(day.branch - day.stem) % 12]


__all__ = [
    "DEFAULT_SCHOOL",
    "NEEDS",
    "RULES",
    "SCHOOL_OPTIONS",
    "XUN_QI_SRC",
    "ZHAN_GUAN",
    "KeTiSchool",
    "Rule",
    "chart_ke_ti",
    "ke_ti_of",
    "school_of",
    "xun_qi",
]
