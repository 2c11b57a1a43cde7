"""The fast path (xuanheng.liuyao.fast) equals the plain rule statements (rules / api.cast_plain)."""

from __future__ import annotations

import datetime as dt
import itertools
import random
from zoneinfo import ZoneInfo

import pytest

from xuanheng.core.ganzhi import SIXTY
from xuanheng.liuyao import api, fast, rules
from xuanheng.liuyao.chart import CastRecord
from xuanheng.liuyao.options import OPTION_SPECS, Options, make_options


def _random_options(rng: random.Random) -> Options:
    chosen = {s.name: rng.choice(s.values) for s in OPTION_SPECS if s.group == "chart"}
    return make_options(**chosen)


def test_zhuang_gua_all_4096() -> None:
    fast.clear_memo()
    for values in itertools.product((6, 7, 8, 9), repeat=6):
        assert fast.zhuang_gua(values) == rules.zhuang_gua(values)
        assert fast.zhuang_gua(values) is fast.zhuang_gua(values)  # memoised
    assert fast.zhuang_gua("887868") == rules.zhuang_gua((8, 8, 7, 8, 6, 8))


def test_build_equals_plain_build() -> None:
    rng = random.Random(5)
    fast.clear_memo()
    for _ in range(600):
        o = _random_options(rng)
        values = tuple(rng.choice((6, 7, 8, 9)) for _ in range(6))
        hour = SIXTY[rng.randrange(60)] if rng.random() < 0.8 else None
        year = SIXTY[rng.randrange(60)] if rng.random() < 0.8 else None
        m = rng.randrange(12)
        in_tu = rng.choice((True, False)) if o.tu_months == "last_18_days" else None
        ctx = rules.TimeContext(SIXTY[rng.randrange(60)], m, hour, year, None, in_tu)
        rec = CastRecord("manual", values)
        a = fast.build(values, ctx, o, rec, {"x": 1})
        b = rules.build(values, ctx, o, rec, {"x": 1})
        assert a == b
        assert a.to_json() == b.to_json()


ZONES = ["Asia/Shanghai", "Asia/Seoul", "Europe/Berlin", "America/New_York", "UTC", "Asia/Kolkata"]


def _instants(rng: random.Random, n: int) -> list[dt.datetime]:
    out = []
    for _ in range(n):
        z = ZoneInfo(rng.choice(ZONES))
        year = rng.choice([rng.randrange(1900, 2100), rng.randrange(1000, 2900)])
        base = dt.datetime(year, 1, 1, tzinfo=z) + dt.timedelta(seconds=rng.randrange(366 * 86400))
        out.append(base)
    # near boundaries: the day change, an hour change, 立春 2024 and a 中氣 (春分 2024-03-20 11:06 +08)
    sh = ZoneInfo("Asia/Shanghai")
    for base in (
        dt.datetime(2026, 3, 10, 23, 0, tzinfo=sh),
        dt.datetime(2026, 3, 11, 1, 0, tzinfo=sh),
        dt.datetime(2024, 2, 4, 16, 26, 53, tzinfo=sh),
        dt.datetime(2024, 3, 20, 11, 6, 0, tzinfo=sh),
    ):
        out += [base + dt.timedelta(seconds=s) for s in (-75, -59, -30, 0, 30, 59, 75)]
    return out


def _cast_kwargs(rng: random.Random) -> dict[str, object]:
    kind = rng.choice(["manual", "hexagram", "coins", "yarrow", "time", "numbers", "throws"])
    if kind == "throws":
        return {"throws": ["".join(rng.choice("背字") for _ in range(3)) for _ in range(6)]}
    if kind == "manual":
        return {"lines": "".join(rng.choice("6789") for _ in range(6))}
    if kind == "hexagram":
        return {
            "hexagram": rng.choice(["乾", "姤", "渙", "水雷屯", "风水涣"]),
            "moving": (rng.randrange(1, 7),),
        }
    if kind in ("coins", "yarrow"):
        return {kind: True, "seed": rng.randrange(2**64)}
    if kind == "time":
        return {"time": True}
    return {"numbers": tuple(rng.randrange(1, 100) for _ in range(rng.choice((2, 3))))}


def test_cast_equals_plain_cast() -> None:
    rng = random.Random(11)
    fast.clear_memo()
    fell_back = 0
    for when in _instants(rng, 250):
        o = make_options(
            _random_options(rng),
            day_boundary=rng.choice(("23:00", "00:00")),
            dst=rng.choice(("clock", "standard")),
            time_year=rng.choice(("lunar", "li_chun")),
            time_leap=rng.choice(("same", "next")),
            time_day=rng.choice(("day_boundary", "civil")),
            numbers_moving=rng.choice(("sum", "sum_and_hour")),
        )
        kw = _cast_kwargs(rng)
        place = {"lon": 116.4, "lat": 39.9} if rng.random() < 0.1 else {}
        a = fast.cast(when, options=o, **place, **kw)  # type: ignore[arg-type]
        b = api.cast_plain(when, options=o, **place, **kw)  # type: ignore[arg-type]
        assert a == b, (when, kw, o)
        fell_back += bool(a.warnings)
    assert fell_back > 0  # the boundary instants exercised the fallback


def test_memo_limit_is_respected(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fast, "MEMO_LIMIT", 50)
    fast.clear_memo()
    rng = random.Random(3)
    for _ in range(150):
        when = dt.datetime(2026, 1, 1, tzinfo=ZoneInfo("Asia/Shanghai")) + dt.timedelta(
            hours=rng.randrange(9000)
        )
        lines = "".join(rng.choice("6789") for _ in range(6))
        assert fast.cast(when, lines=lines) == api.cast_plain(when, lines=lines)
    assert len(fast._SLOTS) <= 50 // 100 + 1 and len(fast._RECORD) <= 51
