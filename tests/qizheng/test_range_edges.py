"""七政四餘 at the edges of the supported range (0002-01-01 … 2997-12-31 UTC, ``time.calendar``).

A birth in the first years asks for the 節 of the year before (year 1), which Python's ``datetime`` cannot
hold; a birth in the last years has 大限 and a timeline that run past the ephemeris (2999). Both must give a
document; a date ``on`` outside the range is refused naming ``on``, in the reader's language."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from xuanheng.errors import OutOfRangeError
from xuanheng.i18n.messages import describe, localize_error
from xuanheng.qizheng.method import METHOD
from xuanheng.qizheng.xian import _new_year_utc
from xuanheng.time.calendar import T_LAST

PLACE = {"lon": 116.4, "lat": 39.9, "tz": "+08:00"}


@pytest.mark.parametrize("year", [1, 2, 3, 4, 99, 100, 400, 1582, 1900, 1970, 2000, 2024, 2100, 2999, 9999])
def test_new_year_is_the_civil_calendars(year: int) -> None:
    assert _new_year_utc(year) == datetime(year, 1, 1, tzinfo=UTC).timestamp()


def test_new_year_before_year_one() -> None:
    # year 0 is a leap year of the proleptic Gregorian calendar (divisible by 400), year -1 is not
    assert _new_year_utc(1) - _new_year_utc(0) == 366 * 86400
    assert _new_year_utc(0) - _new_year_utc(-1) == 365 * 86400


def _doc(at: str, **extra: object) -> dict:
    return METHOD.document(METHOD.make_params({"at": at, **PLACE, **extra}), "ko")


def test_a_birth_of_year_two_has_a_document() -> None:
    doc = _doc("0002-03-01T06:00", years=10, on="0005-06-01")
    assert doc["judgment"]["verdict"]["polarity"] in {"good", "bad", "mixed"}
    assert [y["date"][:4] for y in doc["judgment"]["ying_qi"]]


def test_a_birth_of_the_last_year_has_a_document_without_the_years_past_the_range() -> None:
    doc = _doc("2997-03-01T06:00", years=100)
    last = datetime.fromtimestamp(T_LAST, tz=UTC).date().isoformat()
    assert doc["judgment"]["verdict"]["polarity"] in {"good", "bad", "mixed"}
    # every 應期 given is a date the calendar answers for
    assert all(y["date"] < last for y in doc["judgment"]["ying_qi"])
    # the 大限 and 童限 are dates of the plan (their ages), listed whole; the years listed one by one (流年,
    # 小限, whose 干支 need the 節) stop at the range's end
    rows = doc["timeline"]["liu_nian"] + doc["timeline"]["xiao_xian"]
    assert rows
    assert all(str(r["start"])[:10] < last for r in rows)
    assert len(doc["timeline"]["da_xian"]) == 12


@pytest.mark.parametrize("on", ["2999-06-01", "0001-06-01"])
def test_a_date_outside_the_range_is_refused_naming_on(on: str) -> None:
    with pytest.raises(OutOfRangeError) as got:
        _doc("1990-03-01T06:00", on=on)
    assert got.value.field == "on"
    assert describe(got.value)[0] == "at.range"
    said = localize_error(got.value, "ko")
    assert "0002-01-01" in said and "범위" in said
