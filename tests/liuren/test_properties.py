"""Properties: every valid input gives a chart whose invariants hold; every invalid one a typed error."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xuanheng.core.ganzhi import BRANCH_ELEMENT, JI_GONG, STEM_ELEMENT, GanZhi, xun_kong
from xuanheng.errors import XuanhengError
from xuanheng.liuren import LiuRenChart, cast
from xuanheng.liuren.cast import DAY_NIGHT, DUN_GAN, GUIREN

SCHOOL = {
    "shehai": st.sampled_from(["depth", "mengzhongji"]),
    "bieze_yin": st.sampled_from(["sanhe", "sanhe_upper"]),
    "bazhuan_first": st.booleans(),
    "fuyin_zimao": st.sampled_from(["chong", "xing"]),
    "guiren": st.sampled_from(sorted(GUIREN)),
    "dun_gan": st.sampled_from(list(DUN_GAN)),
}


def check_invariants(c: LiuRenChart) -> None:
    day = c.day
    offset = (c.yue_jiang - c.hour) % 12
    # 天地盤: 月將 on the hour, the whole plate turned by one offset
    assert c.tian_pan[c.hour] == c.yue_jiang
    assert all(c.tian_pan[d] == (d + offset) % 12 for d in range(12))
    # each 天將 once; 貴人 where the chart says, laid in its direction
    assert sorted(c.jiang_on) == list(range(12))
    g = c.gui_ren.branch
    assert c.jiang_on[g] == 0
    assert c.jiang_on[(g + (1 if c.gui_ren.direction == "shun" else -1)) % 12] == 1
    seat = (g - offset) % 12
    assert (c.gui_ren.direction == "shun") == (seat in (11, 0, 1, 2, 3, 4))
    # 四課 structure
    k = c.si_ke
    assert k[0].lower == JI_GONG[day.stem] and k[0].lower_stem == day.stem
    assert k[1].lower == k[0].upper and k[2].lower == day.branch and k[3].lower == k[2].upper
    assert k[1].lower_stem is None and k[2].lower_stem is None and k[3].lower_stem is None
    for ke in k:
        assert ke.upper == c.tian_pan[ke.lower]
        assert ke.tian_jiang == c.jiang_on[ke.upper]
    # 遁干 agree with the 旬 (the day's, or the hour's when so chosen); 空 agrees with 旬空
    xun = c.hour_gz if c.options.dun_gan == "hour" else day
    kong = set(xun_kong(day))
    for item in (*k, *c.san_chuan):
        b = item.upper if hasattr(item, "upper") else item.branch  # type: ignore[attr-defined]
        dg = item.dun_gan
        if dg is None:
            assert b in xun_kong(xun)
        else:
            gz = GanZhi.of(dg, b)
            assert 0 <= gz.index - xun.xun_head.index < 10
        assert item.kong == (b in kong)
        assert item.liu_qin == (BRANCH_ELEMENT[b] - STEM_ELEMENT[day.stem]) % 5
    # 三傳 follow the plate wherever the method says so
    b = [x.branch for x in c.san_chuan]
    if c.method in ("賊剋", "比用", "涉害", "遙剋") or c.sub_method == "無依":
        assert b[1] == c.tian_pan[b[0]] and b[2] == c.tian_pan[b[1]]
        assert b[0] in {ke.upper for ke in k}
    if c.method in ("別責", "八專"):
        assert b[1] == b[2] == k[0].upper
    if c.method == "伏吟":
        assert offset == 0
    if c.method == "返吟":
        assert offset == 6
    for ch in c.san_chuan:
        assert ch.tian_jiang == c.jiang_on[ch.branch]
    json.dumps(c.to_json(), ensure_ascii=False)


@settings(max_examples=400, deadline=None)
@given(
    day=st.integers(0, 59),
    yj=st.integers(0, 11),
    hour=st.integers(0, 11),
    day_night=st.sampled_from(["auto", "fixed", "day", "night"]),
    school=st.fixed_dictionaries(SCHOOL),
)
def test_coordinates_invariants(
    day: int, yj: int, hour: int, day_night: str, school: dict[str, object]
) -> None:
    check_invariants(cast(day=day, yue_jiang=yj, hour=hour, day_night=day_night, **school))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seconds=st.integers(0, int((datetime(2199, 12, 31) - datetime(1800, 1, 2)).total_seconds())),
    tz=st.sampled_from(["Asia/Shanghai", "Asia/Seoul", "Asia/Taipei", "UTC", "America/New_York", "+08:00"]),
    place=st.one_of(st.none(), st.tuples(st.floats(-180, 180), st.floats(-66, 66))),
    day_night=st.sampled_from(list(DAY_NIGHT)),
    yue_jiang_rule=st.sampled_from(["zhongqi", "jie", "亥", "登明"]),
    day_boundary=st.sampled_from(["23:00", "00:00"]),
    school=st.fixed_dictionaries(SCHOOL),
    person=st.one_of(st.none(), st.tuples(st.integers(1700, 1798), st.sampled_from(["male", "female"]))),
)
def test_instant_invariants(
    seconds: int,
    tz: str,
    place: tuple[float, float] | None,
    day_night: str,
    yue_jiang_rule: str,
    day_boundary: str,
    school: dict[str, object],
    person: tuple[int, str] | None,
) -> None:
    at = (datetime(1800, 1, 2) + timedelta(seconds=seconds)).strftime("%Y-%m-%dT%H:%M:%S")
    lon, lat = place if place else (None, None)
    kw: dict[str, object] = dict(
        school, day_night=day_night, yue_jiang_rule=yue_jiang_rule, day_boundary=day_boundary
    )
    if person:
        kw.update(birth_year=person[0], sex=person[1])
    try:
        c = cast(at, tz=tz, lon=lon, lat=lat, **kw)  # type: ignore[arg-type]
    except XuanhengError as e:
        # the only refusals allowed: 'sun' without a place, or a wall time that does not exist / repeats
        assert e.field is not None and str(e)
        assert (day_night == "sun" and place is None) or e.field in ("at", "tz", "fold"), (e.field, str(e))
        return
    check_invariants(c)
    assert c.calendar is not None and c.calendar["pillars"]["day"] == c.day.name
    if person:
        assert c.ben_ming == (person[0] - 4) % 12 and c.xing_nian is not None


JUNK = st.one_of(
    st.text(max_size=4),
    st.integers(-100, 100),
    st.none(),
    st.floats(allow_nan=True),
    st.booleans(),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=1),
)


@settings(max_examples=300, deadline=None)
@given(day=JUNK, yj=JUNK, hour=JUNK)
def test_invalid_coordinates_give_one_typed_error(day: object, yj: object, hour: object) -> None:
    try:
        c = cast(day=day, yue_jiang=yj, hour=hour)  # type: ignore[arg-type]
    except XuanhengError as e:
        if e.code in ("study.neither", "study.missing"):  # a coordinate left out (None): cast asks for it
            assert None in (day, yj, hour)
            return
        assert e.field in ("day", "yue_jiang", "hour") and "expected" in str(e)
        return
    check_invariants(c)


@settings(max_examples=200, deadline=None)
@given(
    key=st.sampled_from([*SCHOOL, "day_night", "yue_jiang_rule", "day_boundary", "true_solar", "bogus"]),
    value=JUNK,
)
def test_invalid_options_give_one_typed_error(key: str, value: object) -> None:
    try:
        c = cast(day="甲子", yue_jiang="子", hour="午", **{key: value})
    except XuanhengError as e:
        assert e.field == key and str(e)
        return
    check_invariants(c)


def test_options_object_must_be_options() -> None:
    with pytest.raises(XuanhengError) as ei:
        cast(day="甲子", yue_jiang="子", hour="午", options="depth")  # type: ignore[arg-type]
    assert ei.value.field == "options"


@pytest.mark.parametrize(
    ("kw", "field"),
    [
        ({"birth_year": "x"}, "birth_year"),
        ({"birth_year": 2000, "sex": "x"}, "sex"),
        ({"birth_year": 2100, "sex": "male", "year": 2000}, "birth_year"),
        ({"month_branch": "十三"}, "month_branch"),
        ({"day_night": "sun"}, "day_night"),
    ],
)
def test_person_and_context_errors(kw: dict[str, object], field: str) -> None:
    with pytest.raises(XuanhengError) as ei:
        cast(day="甲子", yue_jiang="子", hour="午", **kw)  # type: ignore[arg-type]
    assert ei.value.field == field
