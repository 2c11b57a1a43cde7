"""Property tests over every cast kind and option: a valid cast gives a chart that keeps the invariants, an
invalid input gives one typed error naming the field."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xuanheng.errors import InputError, OptionError, XuanhengError
from xuanheng.liuyao import cast
from xuanheng.liuyao.chart import LiuYaoChart
from xuanheng.liuyao.options import OPTION_SPECS

QIN = {"兄弟", "子孫", "妻財", "官鬼", "父母"}
SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

options_st = st.fixed_dictionaries({s.name: st.sampled_from(s.values) for s in OPTION_SPECS}).map(
    lambda d: {**d, "true_solar": "false"}  # true solar time needs a place; tested with one below
)
casts_st = st.one_of(
    st.builds(lambda v: {"lines": "".join(v)}, st.lists(st.sampled_from("6789"), min_size=6, max_size=6)),
    st.builds(
        lambda h, m: {"hexagram": h, "moving": m},
        st.sampled_from(["乾", "坤", "渙", "天風姤", "火雷噬嗑", "噬磕", "水火既济", "遁"]),
        st.sets(st.integers(1, 6)).map(sorted).map(tuple),
    ),
    st.builds(lambda s: {"coins": True, "seed": s}, st.integers(0, 2**64 - 1)),
    st.builds(lambda s: {"yarrow": True, "seed": s}, st.integers(0, 2**64 - 1)),
    st.builds(
        lambda f: {"throws": f},
        st.lists(st.text(alphabet="背字", min_size=3, max_size=3), min_size=6, max_size=6),
    ),
    st.just({"time": True}),
    st.builds(lambda n: {"numbers": tuple(n)}, st.lists(st.integers(1, 10**6), min_size=2, max_size=3)),
)
instants_st = st.builds(
    lambda secs, zone: dt.datetime(1900, 1, 1, tzinfo=ZoneInfo(zone)) + dt.timedelta(seconds=secs),
    st.integers(0, 200 * 366 * 86400),
    st.sampled_from(["Asia/Shanghai", "Asia/Seoul", "Europe/London", "America/Chicago", "UTC"]),
)


def check_invariants(c: LiuYaoChart) -> None:
    assert len(c.lines) == 6
    assert [ln.yao.position for ln in c.lines] == [1, 2, 3, 4, 5, 6]
    # each 六親 present or its 伏神 given
    present = {ln.yao.liu_qin for ln in c.lines}
    hidden = {ln.fu_shen.liu_qin for ln in c.lines if ln.fu_shen is not None}
    assert present | hidden == QIN and not present & hidden
    assert set(c.missing_liu_qin) == hidden
    # 世應 three apart, marked on exactly those lines
    assert abs(c.ben.shi - c.ben.ying) == 3
    assert [ln.yao.position for ln in c.lines if ln.yao.shi] == [c.ben.shi]
    assert [ln.yao.position for ln in c.lines if ln.yao.ying] == [c.ben.ying]
    # 變卦 consistent with the moving mask
    mask = sum(1 << (ln.yao.position - 1) for ln in c.lines if ln.moving)
    assert all(ln.moving == (ln.value in (6, 9)) and ln.yao.yang == (ln.value in (7, 9)) for ln in c.lines)
    if mask:
        assert c.bian is not None and c.bian.code == c.ben.code ^ mask
        for ln, b in zip(c.lines, c.bian_lines, strict=True):
            assert b.changed == ln.moving and b.yang == (ln.yao.yang != ln.moving)
            if ln.bian is not None:
                assert (ln.bian.stem, ln.bian.branch, ln.bian.liu_qin) == (b.stem, b.branch, b.liu_qin)
    else:
        assert c.bian is None and c.bian_lines == () and all(ln.bian is None for ln in c.lines)
    # 暗動 and 日破 only on still lines, never both
    assert all(
        not (ln.an_dong and ln.ri_po) and not (ln.moving and (ln.an_dong or ln.ri_po)) for ln in c.lines
    )
    # the JSON is plain data with the documented keys
    j = json.loads(json.dumps(c.to_json(), ensure_ascii=False))
    for key in (
        "ben_gua",
        "bian_gua",
        "xun_kong",
        "pillars",
        "yue_jian",
        "ri_chen",
        "cast",
        "options",
        "warnings",
    ):
        assert key in j
    assert all(isinstance(v, str) for v in j["options"].values())
    assert j["engine_version"] and isinstance(j["schema_version"], int)
    for line in j["ben_gua"]["lines"]:
        for key in ("value", "moving", "najia", "liu_qin", "liu_shen", "fu_shen", "kong"):
            assert key in line


@SETTINGS
@given(when=instants_st, kw=casts_st, opts=options_st)
def test_valid_casts_keep_the_invariants(when: dt.datetime, kw: dict[str, Any], opts: dict[str, str]) -> None:
    c = cast(when, options=opts, **kw)
    check_invariants(c)
    first = next(iter(kw))
    assert c.cast.method == {"lines": "manual", "hexagram": "manual", "throws": "coins"}.get(first, first)
    assert c.options.to_json() == opts


@SETTINGS
@given(
    kw=casts_st.filter(lambda k: "time" not in k),
    day=st.integers(0, 59),
    month=st.integers(0, 11),
    hour=st.one_of(st.none(), st.integers(0, 11)),
    opts=options_st,
    in_tu=st.booleans(),
)
def test_study_casts_keep_the_invariants(
    kw: dict[str, Any], day: int, month: int, hour: int | None, opts: dict[str, str], in_tu: bool
) -> None:
    if (
        kw.get("numbers")
        and len(kw["numbers"]) == 2
        and opts["numbers_moving"] == "sum_and_hour"
        and hour is None
    ):
        with pytest.raises(InputError) as e:
            cast(day=day, month=month, hour=hour, in_tu_wang=in_tu, options=opts, **kw)
        assert e.value.field == "numbers"
        return
    c = cast(day=day, month=month, hour=hour, in_tu_wang=in_tu, options=opts, **kw)
    check_invariants(c)
    assert c.yue_jian == month and c.day.index == day


def test_true_solar_with_a_place() -> None:
    c = cast("2026-03-10T21:00", tz="Asia/Shanghai", lon=87.6, lat=43.8, lines="887868", true_solar=True)
    check_invariants(c)
    assert c.options.true_solar == "true" and any("true solar" in str(w) for w in c.warnings)


BAD_CASTS: list[tuple[dict[str, Any], str]] = [
    ({"lines": "88x868"}, "lines"),
    ({"lines": "88786"}, "lines"),
    ({"lines": "8878688"}, "lines"),
    ({"lines": "10"}, "lines"),
    ({"lines": [8, 8, 7, 8, 6, 10]}, "lines"),
    ({"lines": "885868"}, "lines"),
    ({"lines": 887868}, "lines"),
    ({"numbers": (0, 5)}, "numbers"),
    ({"numbers": (3, -5)}, "numbers"),
    ({"numbers": (3,)}, "numbers"),
    ({"numbers": "3,5,7,9"}, "numbers"),
    ({"numbers": "a,b"}, "numbers"),
    ({"hexagram": "不是卦"}, "hexagram"),
    ({"hexagram": ""}, "hexagram"),
    ({"hexagram": "乾", "moving": (7,)}, "moving"),
    ({"hexagram": "乾", "moving": (1, 1)}, "moving"),
    ({"hexagram": "乾", "moving": "x"}, "moving"),
    ({"lines": "777777", "moving": (1,)}, "moving"),
    ({"throws": ["背字字"] * 5}, "throws"),
    ({"throws": "背字字 背背 背背背 字字字 背背背 背背字"}, "throws"),
    ({"throws": ["背字X"] * 6}, "throws"),
    ({"throws": 7}, "throws"),
    ({"coins": True}, "seed"),
    ({"coins": True, "seed": -3}, "seed"),
    ({"lines": "777777", "seed": 3}, "seed"),
    ({}, "cast"),
    ({"lines": "777777", "coins": True, "seed": 1}, "cast"),
]


@pytest.mark.parametrize(("kw", "field"), BAD_CASTS, ids=[f"{f}-{i}" for i, (_, f) in enumerate(BAD_CASTS)])
def test_invalid_inputs_name_the_field(kw: dict[str, Any], field: str) -> None:
    with pytest.raises(InputError) as e:
        cast("2026-03-10T21:00", tz="Asia/Shanghai", **kw)
    assert e.value.field == field
    assert (
        "expected" in str(e.value)
        or "give" in str(e.value)
        or "goes with" in str(e.value)
        or "needs" in str(e.value)
    )


@pytest.mark.parametrize(
    ("kw", "field"),
    [
        ({"kong": "week"}, "kong"),
        ({"jin_tui": 8}, "jin_tui"),
        ({"nope": "x"}, "nope"),
        ({"shen": None}, "shen"),
    ],
)
def test_unknown_options_name_the_option(kw: dict[str, Any], field: str) -> None:
    with pytest.raises(OptionError) as e:
        cast("2026-03-10T21:00", tz="Asia/Shanghai", lines="777777", **kw)
    assert e.value.field == field


@pytest.mark.parametrize(
    ("kw", "field"),
    [
        ({"day": "甲丑", "month": "寅"}, "day"),
        ({"day": "甲子", "month": "虎"}, "month"),
        ({"day": "甲子", "month": "寅", "hour": "午午"}, "hour"),
        ({"day": "甲子", "month": "寅", "year": 99}, "year"),
    ],
)
def test_study_mode_errors(kw: dict[str, Any], field: str) -> None:
    with pytest.raises(XuanhengError) as e:
        cast(lines="777777", **kw)
    assert e.value.field == field


def test_bad_instant_is_typed() -> None:
    with pytest.raises(XuanhengError) as e:
        cast("not a date", tz="Asia/Shanghai", lines="777777")
    assert e.value.field == "at"


@SETTINGS
@given(
    field=st.sampled_from(["lines", "numbers", "hexagram", "moving", "seed", "throws"]),
    value=st.one_of(
        st.text(max_size=12),
        st.integers(-(10**20), 10**20),
        st.lists(st.integers(-20, 20), max_size=8),
        st.lists(st.text(max_size=4), max_size=7),
        st.none(),
        st.floats(allow_nan=True),
    ),
)
def test_arbitrary_input_is_a_chart_or_one_typed_error(field: str, value: object) -> None:
    kw: dict[str, Any] = {field: value}
    if field == "moving":
        kw["hexagram"] = "乾"
    if field == "seed":
        kw["coins"] = True
    try:
        c = cast("2026-03-10T21:00", tz="Asia/Shanghai", **kw)
    except XuanhengError as e:
        assert e.field in (field, "cast"), (kw, e.field)
        return
    check_invariants(c)
