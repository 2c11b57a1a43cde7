"""Chart checks of the second blind set of 星案 (tests/qizheng/casebook/blind2.toml: 蘇軾 and 萬民英 of
《星學大成》's preface and 卷六〈安命論〉, with their births from 《三命通會》; the two 康熙 births of
《乾元秘旨》). Its header says where each case comes from and how its birth is reconstructed.

The books are the oracle: each stored birth must be the only instant of its era window with the printed
pillars (the era search of tests/qizheng/test_casebook_judgment.py, which uses the time core's pillars only),
and the 命宮 and 命度 mansion a case states must be the chart's, unless the case records a
``known_difference`` that must still differ (and, where its reason names the option that would agree, that
option must give the book's value). Nothing here reads or judges these charts: the set stays blind until the
lead measures it once (scripts/accuracy.py, split ``blind``).
"""

from __future__ import annotations

import tomllib
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from tests.qizheng.test_casebook_judgment import TZ, _chart_row, births

from xuanheng.core.ganzhi import BRANCHES
from xuanheng.time import calendar

CASEBOOK = Path(__file__).resolve().parent / "casebook"


def _cases(name: str) -> list[dict[str, Any]]:
    path = CASEBOOK / name
    if not path.exists():
        return []
    with path.open("rb") as f:
        return list(tomllib.load(f)["case"])


BLIND2 = _cases("blind2.toml")
#: the options under which a ``known_difference`` says the chart agrees with the book (its stated reason)
AGREES_WITH: dict[str, dict[str, str]] = {"b2-02": {"xiu": "gu"}}
STATED = ("ming_gong", "ming_xiu", "sun_in_ming", "shen_gong", "shen_is")


def test_blind2_shape() -> None:
    """Split ``blind`` throughout, an era window on every case, ids of its own (none shared with zheng.toml
    or blind.toml), the casebook's vocabularies, and every position one star with one branch or mansion."""
    from xuanheng.qizheng.chart import YAO_NAMES
    from xuanheng.qizheng.reading import patterns
    from xuanheng.qizheng.xiu import NAMES

    assert BLIND2
    ids = [c["id"] for c in BLIND2]
    assert len(set(ids)) == len(ids)
    others = {c["id"] for c in _cases("zheng.toml") + _cases("blind.toml")}
    assert not set(ids) & others
    names = {p["name"] for p in patterns()}
    for c in BLIND2:
        assert c["split"] == "blind" and "era" in c and "era_note" in c, c["id"]
        assert c["rank"] in ("上", "中", "下") and c["sex"] in ("男", "女"), c["id"]
        assert all(x["polarity"] in ("good", "bad", "mixed") for x in c["xian"]), c["id"]
        assert all(a <= b for a, b in (x["ages"] for x in c["xian"])), c["id"]
        for g in c["ge_ju"]:
            assert g["kind"] in ("喜", "忌") and g.get("pattern", next(iter(names))) in names, (c["id"], g)
        for p in c.get("positions", ()):
            assert p["star"] in YAO_NAMES, (c["id"], p)
            assert ("gong" in p) != ("xiu" in p), (c["id"], p)
            assert p.get("gong", "子") in BRANCHES and p.get("xiu", "角") in NAMES, (c["id"], p)
        if "known_difference" in c:
            assert any(k in c for k in STATED), c["id"]


@pytest.mark.parametrize("case", BLIND2, ids=lambda c: c["id"])
def test_blind2_birth_is_the_one_the_pillars_give(case: dict[str, Any]) -> None:
    first, last = case["era"]
    assert first <= int(case["birth"][:4]) <= last
    assert births(case["pillars"], first, last) == [case["birth"]]
    p = calendar(datetime.fromisoformat(case["birth"]).replace(tzinfo=TZ)).pillars
    assert [p.year.name, p.month.name, p.day.name, p.hour.name] == case["pillars"]


@pytest.mark.parametrize("case", [c for c in BLIND2 if any(k in c for k in STATED)], ids=lambda c: c["id"])
def test_blind2_palaces_as_the_book_states(case: dict[str, Any], accuracy: Any) -> None:
    """The 命宮, 命度 mansion or 身宮 a case states is the chart's, or its ``known_difference`` holds."""
    r = _chart_row(accuracy, case)
    if "known_difference" in case:
        assert r.ming_ok is False or r.shen_ok is False, case["id"]
        return
    want = (case.get("ming_gong"), case.get("ming_xiu"))
    assert r.ming_ok is not False, (case["id"], r.ming, r.ming_xiu, want)
    assert r.shen_ok is not False, (case["id"], r.shen, case.get("shen_gong"))


@pytest.mark.parametrize("cid", sorted(AGREES_WITH))
def test_blind2_known_difference_is_the_option_named(cid: str) -> None:
    """The option a ``known_difference`` names gives the book's 命宮 and 命度 mansion."""
    from xuanheng.qizheng import cast
    from xuanheng.qizheng.xiu import NAMES

    case = next(c for c in BLIND2 if c["id"] == cid)
    lon, lat = case["place"]
    chart = cast(case["birth"], tz="+08:00", lon=lon, lat=lat, sex=case["sex"], **AGREES_WITH[cid])
    assert BRANCHES[chart.ming_gong.branch] == case["ming_gong"]
    assert NAMES[chart.ming_gong.xiu.xiu] == case["ming_xiu"]


def test_blind2_positions_are_measurable(accuracy: Any) -> None:
    """Every position resolves on the chart (how many agree is the lead's blind measure, not held here)."""
    for c in BLIND2:
        assert len(accuracy.qizheng_positions(c, "jin")) == len(c.get("positions", ()))
