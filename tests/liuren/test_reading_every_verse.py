"""Every verse of the 類神 data fires on a chart built to meet its stated condition, and (for the verses
keyed on a 天將) does not fire once the 天將 is changed.

The chart is *constructed* for each condition: a day and 月將–時 offset are searched where the 神 stands on
the seat the condition names, then the 天將, month, year, 本命 and 貴人 are set to what the condition asks.
The construction below is written from the vocabulary in docs/liuren-leishen.md, independently of
``reading.py``'s evaluator.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import Any

import pytest

from xuanheng.core.ganzhi import BRANCHES, JI_GONG, STEMS, dun_gan
from xuanheng.core.guiren import TIAN_JIANG
from xuanheng.liuren import LiuRenChart, cast, reading

R = importlib.import_module("xuanheng.liuren.reading")

ELEMENT = dict(zip(BRANCHES, "水土木木土火火土金金土水", strict=True))
STEM_ELEMENT = dict(zip(STEMS, "木木火火土土金金水水", strict=True))
KE = {"木": "土", "土": "水", "水": "火", "火": "金", "金": "木"}  # a 剋 b
SHENG = {"木": "火", "火": "土", "土": "金", "金": "水", "水": "木"}  # a 生 b
SEASON_OF_MONTH = dict(zip(BRANCHES, "冬冬春春春夏夏夏秋秋秋冬", strict=True))
SEASON_ELEMENT = {"春": "木", "夏": "火", "秋": "金", "冬": "水", "季": "土"}
XING = dict(zip(BRANCHES, "卯戌巳子辰申午丑寅酉未亥", strict=True))  # the branch each one punishes
JI = ["貴人", "六合", "青龍", "太常", "太陰", "天后"]
XIONG = ["螣蛇", "朱雀", "勾陳", "天空", "白虎", "玄武"]


def state(element: str, month: str) -> str:
    """旺相休囚死, 季月 (辰未戌丑) counted as 土's season."""
    season = "季" if month in "辰未戌丑" else SEASON_OF_MONTH[month]
    s = SEASON_ELEMENT[season]
    if element == s:
        return "旺"
    if SHENG[s] == element:
        return "相"
    if SHENG[element] == s:
        return "休"
    if KE[element] == s:
        return "囚"
    return "死"


@cache
def base_charts() -> tuple[LiuRenChart, ...]:
    # two hours, so that the 月將 also stands on 子 and on 酉
    return tuple(
        cast(day=d, yue_jiang=(o + h) % 12, hour=h) for h in (0, 9) for d in range(60) for o in range(12)
    )


def seats(ch: LiuRenChart, shen: str) -> list[tuple[str, str]]:
    """(position, 地盤 seat) of every place where *shen* stands on the 天盤 in 三傳 and 四課."""
    out = []
    for name, c in zip(("chu", "zhong", "mo"), ch.san_chuan, strict=True):
        if BRANCHES[c.branch] == shen:
            out.append((name, BRANCHES[ch.lower_of(c.branch)]))
    for i, k in enumerate(ch.si_ke):
        if BRANCHES[k.upper] == shen:
            out.append((f"ke{i + 1}", BRANCHES[k.lower]))
    return out


STRUCTURAL = {
    "on",
    "not_on",
    "on_role",
    "covered_by",
    "covered_by_yue_jiang",
    "covered_by_dun_gan",
    "xing_on",
    "fa_yong",
    "day_stem",
    "not_day_stem",
    "day_branch",
    "day_yin",
    "overcomes",
    "ke_ti",
    "is_yi_ma",
}


def seat_ok(ch: LiuRenChart, shen: str, seat: str, when: dict[str, Any]) -> bool:
    day_stem, day_branch = STEMS[ch.day.stem], BRANCHES[ch.day.branch]
    checks: dict[str, Callable[[Any], bool]] = {
        "on": lambda v: seat in v,
        "not_on": lambda v: seat not in v,
        "on_role": lambda v: any(
            (r == "day_stem" and seat == BRANCHES[JI_GONG[ch.day.stem]])
            or (r == "day_branch" and seat == day_branch)
            or r in ("nian_ming", "yue_jian", "tai_sui")  # set below from the seat
            for r in v
        ),
        "covered_by": lambda v: BRANCHES[ch.tian_pan[BRANCHES.index(shen)]] in v,
        "covered_by_yue_jiang": lambda v: (BRANCHES[ch.hour] == shen) == v,
        "covered_by_dun_gan": lambda v: (
            (g := dun_gan(ch.tian_pan[BRANCHES.index(shen)], ch.day)) is not None and STEMS[g] in v
        ),
        "xing_on": lambda v: (XING[shen] == seat) == v,
        "fa_yong": lambda v: (BRANCHES[ch.san_chuan[0].branch] == shen) == v,
        "day_stem": lambda v: day_stem in v,
        "not_day_stem": lambda v: day_stem not in v,
        "day_branch": lambda v: day_branch in v,
        "day_yin": lambda v: (ch.day.stem % 2 == 1) == v,
        "overcomes": lambda v: (
            KE[ELEMENT[shen]] == STEM_ELEMENT[day_stem]
            or (v == "ri_chen" and KE[ELEMENT[shen]] == ELEMENT[day_branch])
        ),
        "ke_ti": lambda v: any(k.name in v for k in ch.ke_ti),
        "is_yi_ma": lambda v: (BRANCHES[ch.yi_ma] == shen) == v,
    }
    return all(checks[k](v) for k, v in when.items() if k in STRUCTURAL)


def pick_jiang(when: dict[str, Any]) -> str:
    pool = list(when.get("jiang", TIAN_JIANG))
    if "jiang_class" in when:
        pool = [j for j in pool if j in (JI if when["jiang_class"] == "ji" else XIONG)]
    pool = [j for j in pool if j not in when.get("not_jiang", [])]
    return str(pool[0])


def build(shen: str, when: dict[str, Any]) -> tuple[LiuRenChart, dict[str, Any]] | None:
    for ch in base_charts():
        for _pos, seat in seats(ch, shen):
            if not seat_ok(ch, shen, seat, when):
                continue
            kw: dict[str, Any] = {}
            roles = when.get("on_role", [])
            birth = None
            if "nian_ming" in roles:
                birth = 1984 + BRANCHES.index(seat)
            if when.get("xing_ben_ming"):
                birth = 1984 + BRANCHES.index(XING[shen])
            year = seat if "tai_sui" in roles else None
            months = [seat] if "yue_jian" in roles else list(BRANCHES)
            months = [m for m in months if m in when.get("month", BRANCHES)]
            months = [m for m in months if SEASON_OF_MONTH[m] in when.get("season", "春夏秋冬")]
            months = [m for m in months if state(ELEMENT[shen], m) in when.get("state", "旺相休囚死")]
            if not months:
                continue
            if birth is not None:
                ch2 = cast(day=ch.day, yue_jiang=ch.yue_jiang, hour=ch.hour, birth_year=birth)
            else:
                ch2 = ch
            jo = list(ch2.jiang_on)
            jo[BRANCHES.index(shen)] = TIAN_JIANG.index(pick_jiang(when))
            others = [b for b in {c.branch for c in ch2.san_chuan} | {k.upper for k in ch2.si_ke}]
            others = [b for b in others if BRANCHES[b] != shen]
            need = list(when.get("with_jiang_all", [])) or list(when.get("with_jiang", [])[:1])
            need = [j for j in need if j != TIAN_JIANG[jo[BRANCHES.index(shen)]]]
            if len(need) > len(others):
                continue
            for b, j in zip(others, need, strict=False):
                jo[b] = TIAN_JIANG.index(j)
            ch2 = replace(
                ch2,
                jiang_on=tuple(jo),
                si_ke=tuple(replace(k, tian_jiang=jo[k.upper]) for k in ch2.si_ke),  # type: ignore[arg-type]
                san_chuan=tuple(replace(c, tian_jiang=jo[c.branch]) for c in ch2.san_chuan),  # type: ignore[arg-type]
            )
            g = {}
            if "gui_direction" in when:
                g["direction"] = when["gui_direction"]
            if "day_night" in when:
                g["is_day"] = when["day_night"] == "day"
            if g:
                ch2 = replace(ch2, gui_ren=replace(ch2.gui_ren, **g))
            kw["month_branch"] = months[0]
            if year is not None:
                kw["year_branch"] = year
            return ch2, kw
    return None


def cases() -> list[tuple[str, str, dict[str, Any]]]:
    out = []
    for r in R.leishen()[1]:
        if r.kind != "verse" or r.scope != "shen":
            continue
        base = {k: v for k, v in r.when.items() if k != "any"}
        alts = r.when.get("any") or [{}]
        for i, alt in enumerate(alts):
            out.append((f"{r.id}#{i}", BRANCHES[r.subjects[0]], {**base, **alt}))
    return out


CASES = cases()


@pytest.mark.parametrize(("rid", "shen", "when"), CASES, ids=[c[0] for c in CASES])
def test_verse_fires_when_its_condition_holds(rid: str, shen: str, when: dict[str, Any]) -> None:
    got = build(shen, when)
    assert got is not None, f"no chart meets {when}"
    ch, kw = got
    rule_id = rid.split("#")[0]
    rs = reading(ch, **kw)
    assert rule_id in {r.id for r in rs}, (ch.day.name, BRANCHES[ch.yue_jiang], BRANCHES[ch.hour], kw)
    if "jiang" in when and "any" not in next(r.when for r in R.leishen()[1] if r.id == rule_id):
        wrong = next(j for j in TIAN_JIANG if j not in when["jiang"])
        jo = list(ch.jiang_on)
        jo[BRANCHES.index(shen)] = TIAN_JIANG.index(wrong)
        ch3 = replace(
            ch,
            jiang_on=tuple(jo),
            si_ke=tuple(replace(k, tian_jiang=jo[k.upper]) for k in ch.si_ke),  # type: ignore[arg-type]
            san_chuan=tuple(replace(c, tian_jiang=jo[c.branch]) for c in ch.san_chuan),  # type: ignore[arg-type]
        )
        assert rule_id not in {r.id for r in reading(ch3, **kw)}


def test_every_seed_002_verse_is_exercised() -> None:
    seed_verses = {
        r.id for r in R.leishen()[1] if r.kind == "verse" and r.scope == "shen" and r.id.startswith("002-")
    }
    assert seed_verses <= {c[0].split("#")[0] for c in CASES}
    assert len(seed_verses) > 80
