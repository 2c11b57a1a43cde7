"""Invariants over instants 1800–2200, latitudes −66…66 and every option (hypothesis)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xuanheng.core.ganzhi import BRANCHES
from xuanheng.errors import OutOfRangeError
from xuanheng.qizheng import OPTIONS, cast
from xuanheng.qizheng.gong import chart_frame

START = datetime(1800, 1, 1, tzinfo=UTC)
SPAN = (datetime(2200, 1, 1, tzinfo=UTC) - START).total_seconds()


def _option_values(name: str) -> list[str]:
    spec = OPTIONS[name]
    return list(spec.values) + (list(BRANCHES) if spec.branch else [])


options = st.fixed_dictionaries({name: st.sampled_from(_option_values(name)) for name in OPTIONS})


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    t=st.floats(0, SPAN, allow_nan=False),
    lon=st.floats(-180, 180, allow_nan=False),
    lat=st.floats(-66, 66, allow_nan=False),
    opts=options,
)
def test_invariants(t: float, lon: float, lat: float, opts: dict[str, str]) -> None:
    when = START + timedelta(seconds=t)
    try:
        c = cast(when, lon=lon, lat=lat, **opts)
    except OutOfRangeError as e:
        # only the rules that need a sunrise, a sunset or a moonrise may fail, and only for want of one
        assert e.field == "lat"
        assert opts["ming_gong"] == "sunrise" or opts["shen_gong"] in ("sunset", "moonrise")
        return
    luo, ji = c.yao_named("羅"), c.yao_named("計")
    assert abs(((luo.lon - ji.lon) % 360.0) - 180.0) < 1e-9
    bounds = c.xiu_bounds
    assert abs(sum(b.width for b in bounds) - 360.0) < 1e-9
    assert sorted(b.xiu for b in bounds) == list(range(28))
    gf = chart_frame(c)  # the palaces of option gong_frame
    assert abs(sum(gf.width(b) for b in range(12)) - 360.0) < 1e-9
    palace_of = gf.palace_of
    for y in c.yao:
        assert palace_of(y.lon) == y.gong  # one palace
        inside = [b for b in bounds if (y.lon - b.start) % 360.0 < b.width]
        assert len(inside) == 1 and inside[0].xiu == y.xiu.xiu  # one mansion
        assert 0 <= y.xiu.du < y.xiu.width
    assert sorted(p.branch for p in c.gong) == list(range(12))
    assert sum(len(p.yao) for p in c.gong) == 11
    assert c.gong[0].branch == c.ming_gong.branch and palace_of(c.ming_gong.lon) == c.ming_gong.branch
    assert palace_of(c.shen_gong.lon) == c.shen_gong.branch
    j = c.to_json()
    assert [y["name"] for y in j["yao"]] == list("日月水金火木土羅計孛炁")
