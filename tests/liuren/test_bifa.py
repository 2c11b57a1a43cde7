"""《畢法賦》's hundred 法 in the 大六壬 reading (``liuren/data/bifa.toml``, ``liuren/bifa.py``).

Oracles: the commentary of 《六壬大全》(四庫本) 卷十一–卷十二 — each computable 法 must fire on the chart its
commentary names (the rule's ``example``: day and 月將 − 時, with the month, year, 晝夜 or 本命 the
commentary gives) — and second statements of some conditions written here on characters.
"""

from __future__ import annotations

import pytest

from xuanheng.core.ganzhi import SIXTY, branch_index
from xuanheng.liuren import cast, reading
from xuanheng.liuren.reading import bifa_rules

ZHI = "子丑寅卯辰巳午未申酉戌亥"
RULES = bifa_rules()
COMPUTED = [r for r in RULES if r.when]


def test_the_hundred_are_all_there() -> None:
    numbers = sorted({r.get("number") for r in RULES})
    assert numbers == list(range(1, 101))
    for r in RULES:
        n = r.get("number")
        assert ("卷十一" if n <= 50 else "卷十二") in r.src[0], r.id
        assert r.get("line") in r.src[0] and len(r.get("line")) in (7, 8), r.id
        assert bool(r.when) != bool(r.get("needs")), r.id  # a condition, or the reason there is none
    assert len(COMPUTED) >= 80


def _cast(ex: dict[str, object]) -> tuple[object, list[str]]:
    off = int(ex["offset"])  # type: ignore[call-overload]
    yj = branch_index(ex["yue_jiang"]) if "yue_jiang" in ex else off  # type: ignore[arg-type]
    kw: dict[str, object] = {}
    if "birth" in ex:
        kw["birth_year"] = 1984 + branch_index(ex["birth"])  # type: ignore[arg-type]  # 1984 = 甲子
    out: list[str] = []
    for is_day in [ex["is_day"]] if "is_day" in ex else [True, False]:
        c = cast(day=ex["day"], yue_jiang=yj, hour=(yj - off) % 12, is_day=is_day, **kw)  # type: ignore[arg-type]
        fired = reading(c, month_branch=ex.get("month"), year_branch=ex.get("year"))  # type: ignore[arg-type]
        out += [f.id for f in fired if f.extra.get("kind") == "bifa"]
    return c, out


@pytest.mark.parametrize("rule", COMPUTED, ids=lambda r: r.id)
def test_each_fa_fires_on_its_commentary_chart(rule: object) -> None:
    ex = rule.get("example")  # type: ignore[attr-defined]
    assert ex is not None, rule.id  # type: ignore[attr-defined]
    _, fired = _cast(ex)
    assert rule.id in fired  # type: ignore[attr-defined]


def test_fired_bifa_carry_texts_facts_and_line() -> None:
    c = cast(day="庚辰", yue_jiang=5, hour=0, is_day=True)
    got = [f for f in reading(c) if f.extra.get("kind") == "bifa"]
    assert got and got[0].id == "bifa.001"
    for f in got:
        assert all(f.text.get(lang) for lang in ("ko", "zh-Hant", "zh-Hans", "en"))
        assert f.facts["line"] and f.facts["number"] and f.facts["gan_shang"]


def test_principles_never_fire() -> None:
    silent = {r.id for r in RULES if not r.when}
    assert {"bifa.097", "bifa.098"} <= silent
    for d in range(0, 60, 7):
        for off in range(12):
            fired = {f.id for f in reading(cast(day=d, yue_jiang=off, hour=0))}
            assert not fired & silent


def _ids(day: int | str, off: int, **kw: object) -> set[str]:
    c = cast(day=day, yue_jiang=off, hour=0, **kw)  # type: ignore[arg-type]
    return {f.id for f in reading(c) if f.extra.get("kind") == "bifa"}


def test_second_statements_over_the_720() -> None:
    """第五十二法 辰加寅 (offset 2, 發用 or not); 第五十五法 干上 / 支上 each the branch after (offset 1);
    第七法 / 第八法 the 祿 over 干 / 支 (祿: 甲寅 乙卯 丙戊巳 丁己午 庚申 辛酉 壬亥 癸子)."""
    lu = dict(zip("甲乙丙丁戊己庚辛壬癸", "寅卯巳午巳午申酉亥子", strict=True))
    ji = dict(zip("甲乙丙丁戊己庚辛壬癸", "寅辰巳未巳未申戌亥丑", strict=True))
    for d in range(60):
        name = SIXTY[d].name
        for off in range(12):
            ids = _ids(d, off, is_day=True)
            assert ("bifa.052" in ids) == (off == 2), (name, off)
            assert ("bifa.055" in ids) == (off == 1), (name, off)
            gan = ZHI[(ZHI.index(ji[name[0]]) + off) % 12]
            zhi = ZHI[(ZHI.index(name[1]) + off) % 12]
            assert ("bifa.007" in ids) == (gan == lu[name[0]]), (name, off)
            assert ("bifa.008" in ids) == (zhi == lu[name[0]]), (name, off)


def test_month_and_year_rules_need_them() -> None:
    # 第十三法 戊子日 干上午 三傳寅卯辰: only with a month in which 木 is 旺
    assert "bifa.013" in _ids("戊子", 1, month_branch="寅")
    assert "bifa.013" not in _ids("戊子", 1, month_branch="申")
    assert "bifa.013" not in _ids("戊子", 1)
    # 第七十二法 甲午日: 喪門 / 弔客 over 干 / 支 only in the year that makes them so
    assert "bifa.072" in _ids("甲午", 5, year_branch="酉")
    assert "bifa.072" not in _ids("甲午", 5, year_branch="子")
