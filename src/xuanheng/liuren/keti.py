"""課體 names a chart carries: its 九宗門 names and the 《課經》 classes in ``data/keti.toml``.

All of them depend on the day and the 月將–時 offset only, so they are computed once per 課 with the
三傳 (see :func:`xuanheng.liuren.sanchuan.table`). Each condition kind is documented in the data file.
"""

from __future__ import annotations

from typing import Any

from xuanheng.core._data import load_package_data
from xuanheng.core.ganzhi import GanZhi, branch_index, dun_gan
from xuanheng.errors import InputError
from xuanheng.liuren.chart import KeTi
from xuanheng.liuren.sanchuan import METHOD_SRC, MZJ, SUB_SRC, Structure

_T = load_package_data("xuanheng.liuren", "keti")
_XUN_QI: dict[int, int] = {branch_index(k): branch_index(v) for k, v in _T["xun_qi"]["by_head"].items()}
XUN_QI_SRC: str = _T["xun_qi"]["src"]
_DING = 3


def _branches(text: str) -> frozenset[int]:
    return frozenset(branch_index(c) for c in text)


def _compile(entry: dict[str, Any]) -> tuple[str, str, str, dict[str, Any]]:
    cond = entry["cond"]
    args: dict[str, Any] = {}
    if cond == "chuan_step":
        args["step"] = int(entry["step"])
    elif cond in ("chuan_set", "chuan_within"):
        args["branches"] = _branches(entry["branches"])
    elif cond == "chu_on":
        args["chu"] = _branches(entry["chu"])
        args["seat"] = _branches(entry["seat"])
    elif cond == "chu_on_ganzhi":
        args["chu"] = _branches(entry["chu"])
    elif cond == "chu_xun":
        args["what"] = entry["what"]
    elif cond == "ke_relation_count":
        args["relation"] = entry["relation"]
        args["count"] = int(entry["count"])
    elif cond not in ("chuan_xun_qi", "chu_ding_ji", "ke_incomplete"):
        raise InputError(f"keti.toml: unknown cond {cond!r}", field="keti")
    return entry["name"], entry["src"], cond, args


RULES: tuple[tuple[str, str, str, dict[str, Any]], ...] = tuple(_compile(e) for e in _T["keti"])


def _holds(cond: str, args: dict[str, Any], s: Structure) -> bool:
    c = s.chuan
    day = GanZhi(s.day)
    head = (day.branch - day.stem) % 12
    seat = (c[0] - s.offset) % 12
    if cond == "chuan_step":
        st: int = args["step"] % 12
        return (c[1] - c[0]) % 12 == st and (c[2] - c[1]) % 12 == st
    if cond == "chuan_set":
        return frozenset(c) == args["branches"] and len(set(c)) == 3
    if cond == "chuan_within":
        return all(b in args["branches"] for b in c)
    if cond == "chu_on":
        return c[0] in args["chu"] and seat in args["seat"]
    if cond == "chu_on_ganzhi":
        return c[0] in args["chu"] and c[0] in (s.uppers[0], s.uppers[2])
    if cond == "chu_xun":
        if args["what"] == "head":
            return c[0] == head
        return c[0] == (head + 9) % 12 and seat == head
    if cond == "chuan_xun_qi":
        return _XUN_QI[head] in c
    if cond == "chu_ding_ji":
        return MZJ[c[0]] == 2 and dun_gan(c[0], day) == _DING
    if cond == "ke_relation_count":
        want: int = args["count"]
        return sum(1 for r in s.relations if r == args["relation"]) == want
    if cond == "ke_incomplete":
        return len(set(zip(s.uppers, s.lowers, strict=True))) < 4
    raise AssertionError(cond)


def ke_ti_of(s: Structure) -> tuple[KeTi, ...]:
    """The 課體 of one 課: 九宗門 method, its sub-name, names met on the way, then 《課經》 classes."""
    out: list[KeTi] = [KeTi(s.method, METHOD_SRC, "jiu_zong_men")]
    for name in (s.sub_method, *s.steps):
        if name != s.method and all(k.name != name for k in out):
            out.append(KeTi(name, SUB_SRC[name], "jiu_zong_men"))
    for name, src, cond, args in RULES:
        if _holds(cond, args, s) and all(k.name != name for k in out):
            out.append(KeTi(name, src, "ke_ti"))
    return tuple(out)


def xun_qi(day: GanZhi) -> int:
    """旬奇 of the day's 旬 (《課經》 三奇)."""
    return _XUN_QI[(day.branch - day.stem) % 12]


__all__ = ["RULES", "XUN_QI_SRC", "ke_ti_of", "xun_qi"]
