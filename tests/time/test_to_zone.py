"""calendar._to_zone (term, sunrise, sunset datetimes) is the epoch plus whole seconds, in the zone."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from xuanheng.time.calendar import _to_zone

ZONES = [
    UTC,
    timezone(timedelta(hours=8)),
    timezone(timedelta(hours=-9, minutes=-30)),
    ZoneInfo("Asia/Seoul"),
    ZoneInfo("Asia/Shanghai"),
    ZoneInfo("Asia/Taipei"),
    ZoneInfo("America/New_York"),
    ZoneInfo("Europe/London"),
    ZoneInfo("Australia/Lord_Howe"),
]


def test_to_zone_is_epoch_plus_seconds() -> None:
    rng = random.Random(4)
    epoch = datetime(1970, 1, 1, tzinfo=UTC)
    for _ in range(20000):
        utc = rng.uniform(-11.7e9, 13.6e9)  # 1600–2400
        zone = rng.choice(ZONES)
        want = (epoch + timedelta(seconds=round(utc))).astimezone(zone)
        got = _to_zone(utc, zone)
        assert (got, got.fold, got.isoformat()) == (want, want.fold, want.isoformat())
        assert got.tzinfo is want.tzinfo
