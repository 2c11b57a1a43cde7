"""The 畢法 predicates' memo by 課 (``bifa.Ctx.holds``): the answer a chart gets from it equals the
predicate called afresh on a new context, for charts that share a 課 but differ in 月將 (same offset), month,
year and 本命 — the things a predicate may read beyond the 課, which the memo must not keep.

The oracle is the predicate itself (``PREDICATES[name]`` on a context never asked before), and a check on
the source that every chart attribute a predicate reads directly is one the memo's key fixes.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from xuanheng.liuren import bifa, cast
from xuanheng.liuren.bifa import PREDICATES, Ctx

GAN = "甲乙丙丁戊己庚辛壬癸"
ZHI = "子丑寅卯辰巳午未申酉戌亥"


def _charts(rng: random.Random) -> list[tuple[object, int | None, int | None]]:
    """Charts of one 課 (day, offset, 晝夜) in several 月將, months, years and 本命."""
    d = rng.randrange(60)
    off = rng.randrange(12)
    is_day = rng.random() < 0.5
    out = []
    for _ in range(6):
        yj = rng.randrange(12)
        kw: dict[str, object] = {}
        if rng.random() < 0.6:
            kw["birth_year"] = 1900 + rng.randrange(100)
            kw["sex"] = rng.choice(["male", "female"])
        month = rng.choice([None, *range(12)])
        year = rng.choice([None, *range(12)])
        ch = cast(
            day=GAN[d % 10] + ZHI[d % 12],
            yue_jiang=ZHI[yj],
            hour=ZHI[(yj - off) % 12],
            is_day=is_day,
            month_branch=month,
            year_branch=year,
            year=2000 if kw else None,
            **kw,  # type: ignore[arg-type]
        )
        out.append((ch, month, year))
    return out


def test_memo_answers_as_the_predicates() -> None:
    rng = random.Random(28)
    bifa._HELD.clear()
    bifa._SPLIT.clear()
    differ = 0
    for _ in range(150):
        group = _charts(rng)
        for ch, month, year in group:
            for name, pred in PREDICATES.items():
                fresh = bool(pred(Ctx(ch, month, year)))  # type: ignore[arg-type]
                assert Ctx(ch, month, year).holds(name) == fresh, name  # type: ignore[arg-type]
        # the group does exercise answers that depend on more than the 課
        answers = [
            tuple(bool(p(Ctx(ch, m, y))) for p in PREDICATES.values())  # type: ignore[arg-type]
            for ch, m, y in group
        ]
        differ += len(set(answers)) > 1
    assert differ > 0


def test_predicates_read_of_the_chart_only_what_the_key_fixes() -> None:
    src = Path(bifa.__file__).read_text(encoding="utf-8")
    body = src[src.index("def seat(") :]  # after Ctx.__init__, which builds the key
    read = set(re.findall(r"\.chart\.([a-z_]+)", body)) | set(re.findall(r"\bch\.([a-z_]+)", body))
    fixed = {"day", "gan_shang", "zhi_shang", "gui_ren", "jiang_on", "lower_of", "method"}
    assert read <= fixed, read - fixed


def test_the_index_lets_through_every_fa_that_holds() -> None:
    """The 法 filed by their predicates (``needs``, ``shown_by``) against every table evaluated."""
    from xuanheng.liuren.bifa import BIFA
    from xuanheng.liuren.reading import bifa_rules

    tables = tuple(r.when for r in bifa_rules() if r.when)
    index = BIFA.index(tables)
    assert index.filed == len(tables)
    rng = random.Random(7)
    fired = 0
    for _ in range(60):
        for ch, month, year in _charts(rng):
            every = [i for i, w in enumerate(tables) if BIFA.holds(w, Ctx(ch, month, year)) is not None]  # type: ignore[arg-type]
            may = index.may_hold(Ctx(ch, month, year))  # type: ignore[arg-type]
            assert all(may[i] for i in every)
            assert [
                i for i in range(len(tables)) if may[i]
            ] == every  # the predicates are the only conditions
            fired += len(every)
    assert fired > 0
