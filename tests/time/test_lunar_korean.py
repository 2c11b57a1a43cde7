"""Korean lunar calendar (system ``"korean"``): KASI's published tables on every day 1900–2050, the
standard-time history it reckons on, the months where it differs from the Chinese calendar, and the
docs' list of those months."""

from __future__ import annotations

import math
from datetime import UTC, date, datetime, timedelta, timezone
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from tests.conftest import load_file

from xuanheng.errors import OptionError
from xuanheng.time import lunar as L
from xuanheng.time.lunar import LUNAR_SYSTEMS, lunar_date_of_day, reckoning_offset
from xuanheng.time.tables import NEW_MOONS, QI

EPOCH = date(1970, 1, 1).toordinal()
ROOT = Path(__file__).resolve().parents[2]


def ld(d: date, system: str = "chinese") -> tuple[int, int, int, bool]:
    x = lunar_date_of_day(d.toordinal() - EPOCH, system)
    return (x.year, x.month, x.day, x.leap)


def at(iso: str) -> float:
    return datetime.fromisoformat(iso).timestamp()


def test_systems_and_default() -> None:
    assert LUNAR_SYSTEMS == ("chinese", "korean")
    assert L.DEFAULT_SYSTEM == "chinese"
    for s in LUNAR_SYSTEMS:
        info = L.SYSTEM_INFO[s]
        assert set(info["labels"]) == {"ko", "zh-Hant", "zh-Hans", "en"} and info["src"]
    # the old one-argument call is the Chinese calendar, day for day
    d = date(1900, 1, 1).toordinal() - EPOCH
    while d < date(2051, 1, 1).toordinal() - EPOCH:
        assert lunar_date_of_day(d) == lunar_date_of_day(d, "chinese")
        d += 3


def test_unknown_system() -> None:
    with pytest.raises(OptionError) as e:
        lunar_date_of_day(0, "japanese")
    assert e.value.field == "lunar_calendar" and "'korean'" in str(e.value)
    with pytest.raises(OptionError):
        reckoning_offset(0.0, "Korean")


#: (instant just after a change, offset before it, offset after it), written from the sources in
#: lunar_systems.toml, not read from it
KOREAN_CHANGES = [
    ("1912-01-01T00:00+08:30", 8 * 3600, 9 * 3600),  # KASI's UTC+8 before 1912; 告示 第338號
    ("1954-03-21T00:00+09:00", 9 * 3600, 8 * 3600 + 1800),  # 대통령령 제876호
    ("1961-08-10T00:00+08:30", 8 * 3600 + 1800, 9 * 3600),  # 법률 제676호
]
CHINESE_CHANGES = [
    ("1912-01-01T00:00+08:00", 8 * 3600, 7 * 3600 + 45 * 60 + 40),  # Beijing meridian 116°25′ E
    ("1929-01-01T00:00+08:00", 7 * 3600 + 45 * 60 + 40, 8 * 3600),
]


@pytest.mark.parametrize(("system", "changes"), [("korean", KOREAN_CHANGES), ("chinese", CHINESE_CHANGES)])
def test_reckoning_history(system: str, changes: list[tuple[str, int, int]]) -> None:
    for iso, before, after in changes:
        t = at(iso)
        assert reckoning_offset(t - 1, system) == before, iso
        assert reckoning_offset(t, system) == after, iso
    assert reckoning_offset(at("1800-01-01T00:00Z"), system) == 8 * 3600
    assert reckoning_offset(at("2300-01-01T00:00Z"), system) == (9 if system == "korean" else 8) * 3600
    # the 1908 legal UTC+8:30 is not used (KASI's tables reckon 1900–1911 on UTC+8)
    assert reckoning_offset(at("1910-06-01T00:00Z"), system) == 8 * 3600


@pytest.mark.slow
def test_kasi_every_day_1900_2050() -> None:
    """Peer oracle: korean-lunar-calendar carries KASI's tables. Every day from 1900-01-01 to 2050-12-31."""
    klc = pytest.importorskip("korean_lunar_calendar").KoreanLunarCalendar()
    d, last, n, bad = date(1900, 1, 1), date(2050, 12, 31), 0, []
    while d <= last:
        assert klc.setSolarDate(d.year, d.month, d.day)
        theirs = (klc.lunarYear, klc.lunarMonth, klc.lunarDay, klc.isIntercalation)
        if ld(d, "korean") != theirs:
            bad.append((d, ld(d, "korean"), theirs))
        n += 1
        d += timedelta(days=1)
    assert n == 55152
    assert not bad, bad[:5]


@pytest.mark.parametrize(
    ("first_day", "month"),
    # months of KASI's tables whose new moon is 00:00–00:20 after midnight UTC+8:30: they begin on the day
    # before, as UTC+8 reckons (1908-04-30 and 1911-12-20 fall after the legal UTC+8:30 of 1908-04-01)
    [
        (date(1903, 10, 20), 9),
        (date(1904, 1, 17), 12),
        (date(1904, 11, 7), 10),
        (date(1905, 5, 4), 4),
        (date(1908, 4, 30), 4),
        (date(1911, 12, 20), 11),
    ],
)
def test_kasi_before_1912_reckons_utc8(first_day: date, month: int) -> None:
    year = first_day.year - (1 if month > 10 and first_day.month < 3 else 0)
    assert ld(first_day, "korean") == (year, month, 1, False)
    moon = min(NEW_MOONS, key=lambda t: abs(t - (first_day.toordinal() - EPOCH + 1) * 86400.0))
    wall = datetime.fromtimestamp(moon, timezone(timedelta(hours=8, minutes=30)))
    assert wall.date() == first_day + timedelta(days=1) and wall.hour == 0 and wall.minute < 20


def test_korean_equals_chinese_before_1912() -> None:
    d = date(1900, 1, 1)
    while d < date(1912, 1, 1):
        assert ld(d, "korean") == ld(d), d
        d += timedelta(days=1)


def test_summer_time_is_not_used() -> None:
    """1959-08-05 00:03:52 on the summer clock (UTC+9:30) is 1959-08-04 23:03:52 standard time (UTC+8:30):
    KASI begins 七月 on 08-04, so months are reckoned on standard time."""
    moon = min(NEW_MOONS, key=lambda t: abs(t - at("1959-08-04T15:00Z")))
    summer = datetime.fromtimestamp(moon, timezone(timedelta(hours=9, minutes=30)))
    assert summer.date() == date(1959, 8, 5) and summer.hour == 0
    assert ld(date(1959, 8, 4), "korean") == (1959, 7, 1, False)


def test_1954_1961_half_hour_decides_nothing() -> None:
    """The UTC+8:30 period decides no month start (no new moon then falls in 00:00–00:30 UTC+9), and
    reckoning it on UTC+9 instead changes no date in 1950–1965."""
    a, b = at("1954-03-21T00:00+09:00"), at("1961-08-10T00:00+08:30")
    for t in NEW_MOONS:
        if a <= t < b:
            assert math.floor((t + 8.5 * 3600) / 86400) == math.floor((t + 9 * 3600) / 86400)
    plain = L.Reckoning((-math.inf, at("1912-01-01T00:00+08:30")), (8 * 3600, 9 * 3600))
    nmd, qid = plain.days(NEW_MOONS), plain.days(QI)
    moved = [t for t in QI if a <= t < b and plain.day(t) != L.RECKONING["korean"].day(t)]
    assert moved  # some 中氣 days do move …
    for d in range(date(1950, 1, 1).toordinal() - EPOCH, date(1966, 1, 1).toordinal() - EPOCH):
        assert L._from_lists(d, nmd, qid[10::12], qid) == lunar_date_of_day(d, "korean")  # … but no date


@pytest.mark.parametrize(
    ("day", "chinese", "korean"),
    # published differences: 2012 閏三月 in Korea, 閏四月 in China; 2017 閏五月 in Korea, 閏六月 in China;
    # 설날 1997-02-08 in Korea, 春節 1997-02-07 in China (new moon 1997-02-07 23:06 UTC+8 = 00:06 UTC+9)
    [
        (date(2012, 4, 21), (2012, 4, 1, False), (2012, 3, 1, True)),
        (date(2012, 5, 21), (2012, 4, 1, True), (2012, 4, 1, False)),
        (date(2017, 6, 24), (2017, 6, 1, False), (2017, 5, 1, True)),
        (date(2017, 7, 23), (2017, 6, 1, True), (2017, 6, 1, False)),
        (date(1997, 2, 7), (1997, 1, 1, False), (1996, 12, 30, False)),
        (date(1997, 2, 8), (1997, 1, 2, False), (1997, 1, 1, False)),
        (date(2024, 2, 10), (2024, 1, 1, False), (2024, 1, 1, False)),
    ],
)
def test_known_differences(
    day: date, chinese: tuple[int, int, int, bool], korean: tuple[int, int, int, bool]
) -> None:
    assert ld(day) == chinese
    assert ld(day, "korean") == korean


def test_slow_path_agrees_with_table() -> None:
    """The root-finding fallback (outside 1600–2400) gives the table's answer inside it, for both systems."""
    for system in LUNAR_SYSTEMS:
        for d in (date(1954, 2, 3), date(1961, 8, 10), date(2012, 5, 21), date(2017, 7, 23)):
            n = d.toordinal() - EPOCH
            assert L._slow(n, system) == lunar_date_of_day(n, system), (system, d)


def test_outside_table_korean() -> None:
    d = date(2600, 3, 1)
    seen = [ld(d + timedelta(days=i), "korean") for i in range(60)]
    assert len([x for x in seen if x[2] == 1]) == 2


@cache
def _diff_script() -> Any:
    return load_file(ROOT / "scripts" / "korean_lunar_diff.py", "korean_lunar_diff")


def test_docs_list_of_differing_months_is_current() -> None:
    mod = _diff_script()
    text = (ROOT / "docs" / "time.md").read_text("utf-8")
    a, b = text.index(mod.BEGIN), text.index(mod.END) + len(mod.END)
    assert text[a:b] == mod.render(), "docs/time.md is stale: run python scripts/korean_lunar_diff.py --write"


def test_differing_months_are_exactly_the_differing_days() -> None:
    """Second statement of the list: walk every day 1900–2050 and collect the lunations where the two
    systems disagree; each must be a row of the list, and each row must hold a differing day."""
    rows = _diff_script().differing_months()
    starts = {min(dc, dk) for _, dc, _, dk, _ in rows}
    days = range(date(1900, 1, 1).toordinal() - EPOCH, date(2051, 1, 1).toordinal() - EPOCH)
    differ = [d for d in days if lunar_date_of_day(d) != lunar_date_of_day(d, "korean")]
    for d in differ:
        x = lunar_date_of_day(d)
        first = d - x.day + 1
        assert first in starts or first - 1 in starts or first + 1 in starts, date.fromordinal(d + EPOCH)
    for s in starts:
        assert any(s <= d < s + 31 for d in differ)
    # every row's new moon lies between the two reckonings' midnights, or the month numbers differ
    for moon, dc, xc, dk, xk in rows:
        if dc != dk:
            assert dk == dc + 1
            assert (moon + reckoning_offset(moon, "korean")) // 86400 == dk
            assert (moon + reckoning_offset(moon, "chinese")) // 86400 == dc
        else:
            assert (xc.month, xc.leap) != (xk.month, xk.leap)
    assert datetime.fromtimestamp(rows[0][0], UTC).year >= 1900
