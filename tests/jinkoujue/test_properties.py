"""Property tests: random instants 1800–2200, places, every option combination and every form of 地分.

Each valid input gives a chart whose invariants hold; each invalid input gives one typed error
(a subclass of XuanhengError with ``field`` set) — never another exception, never a wrong chart.
"""

from __future__ import annotations

import json
from datetime import datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xuanheng.core.ganzhi import BRANCHES, branch_index, wu_shu_dun
from xuanheng.core.guiren import GUIREN_TABLES, TIAN_JIANG_HOME
from xuanheng.errors import AmbiguousTimeError, InputError, OptionError, XuanhengError
from xuanheng.jinkoujue import CHOICES, JinKouJueChart, cast
from xuanheng.jinkoujue.chart import POSITION_KEYS

ZONES = ["Asia/Shanghai", "Asia/Seoul", "Asia/Taipei", "UTC", "America/New_York", "Europe/Berlin", "+05:30"]
OPTIONS = st.fixed_dictionaries(
    {k: st.sampled_from(v) for k, v in CHOICES.items()} | {"guiren": st.sampled_from(sorted(GUIREN_TABLES))}
)
DIFEN = st.one_of(
    st.sampled_from(BRANCHES),
    st.integers(1, 12),
    st.sampled_from(["北", "east", "南", "west", "登明", "傳送"]),
    st.floats(0, 359.9).map(lambda d: f"az:{d:.1f}"),
)
PLACE = st.one_of(st.none(), st.tuples(st.floats(-179.9, 179.9), st.floats(-60.0, 60.0)))
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_invariants(c: JinKouJueChart) -> None:
    cal = c.calendar
    df = c.di_fen.branch
    assert df is not None
    assert c.ren_yuan.stem == wu_shu_dun(cal.day.stem, df)
    assert c.jiang_shen.branch == (cal.yue_jiang + df - cal.hour.branch) % 12
    assert cal.hour.stem == wu_shu_dun(cal.day.stem, cal.hour.branch)
    assert c.gui_shen.jiang is not None
    home = TIAN_JIANG_HOME[c.gui_shen.jiang]
    if c.options.tianhou_home == "hai" and c.gui_shen.name in ("天后", "玄武"):
        home = {"天后": 11, "玄武": 0}[c.gui_shen.name]  # 天后 on 亥, 玄武 on 子 (option tianhou_home)
    assert c.gui_shen.branch == home
    assert c.yong_yao in POSITION_KEYS
    assert sum(n in c.dong_names for n in ("鬼動", "妻動", "父母動", "子孫動", "兄弟動")) == 1
    for h in c.shensha:
        for k in h.positions:
            p = c.position(k)
            assert (
                (p.branch is not None and p.branch in h.branches)
                or (p.stem is not None and p.stem in h.stems)
                or (p.jiang is not None and p.jiang in h.jiang)
                or h.key == "tian_dao_ke"
                or (h.key == "si_da_kong_wang" and p.element == c.si_da_kong_wang)
            ), (h.key, k)
    for p in c.positions:
        for s in (p.wang_shuai.si_wei, p.wang_shuai.season, p.wang_shuai.day):
            assert s in "旺相休囚死"
    assert c.xun_kong == cal.day.xun_kong
    json.dumps(c.to_json(), ensure_ascii=False)


@SETTINGS
@given(
    dt=st.datetimes(min_value=datetime(1800, 1, 2), max_value=datetime(2199, 12, 30)),
    tz=st.sampled_from(ZONES),
    place=PLACE,
    opts=OPTIONS,
    difen=DIFEN,
)
def test_valid_inputs_give_consistent_charts(
    dt: datetime, tz: str, place: tuple[float, float] | None, opts: dict[str, str], difen: str | int
) -> None:
    lon, lat = place if place else (None, None)
    try:
        c = cast(dt.isoformat(timespec="minutes"), tz=tz, difen=difen, lon=lon, lat=lat, options=opts)
    except AmbiguousTimeError as e:
        assert e.field is not None  # a DST overlap or gap: the user must say which (fold)
        return
    except InputError as e:
        # the one legitimate refusal: sunrise/sunset asked for without a place
        assert opts["day_night"] == "sun" and place is None, str(e)
        return
    check_invariants(c)
    assert c.options.to_json() == {**c.options.to_json(), **opts}


@SETTINGS
@given(text=st.text(min_size=0, max_size=6))
def test_bad_difen_text_is_one_typed_error(text: str) -> None:
    try:
        c = cast("2026-03-10T21:00", tz="Asia/Shanghai", difen=text)
    except XuanhengError as e:
        assert e.field in ("difen", "seed") and str(e)
        return
    check_invariants(c)  # the text happened to be a valid 地分


@SETTINGS
@given(key=st.sampled_from(sorted(CHOICES)), value=st.text(min_size=1, max_size=8))
def test_bad_option_is_option_error(key: str, value: str) -> None:
    if value in CHOICES[key]:
        return
    if key == "yue_jiang":  # a 月將 given by hand (a branch, 天神 name or 0–11) is a valid rule too
        try:
            branch_index(value.strip() if not value.strip().isdigit() else int(value.strip()))
        except (InputError, ValueError):
            pass
        else:
            return
    try:
        cast("2026-03-10T21:00", tz="Asia/Shanghai", difen="申", options={key: value})
    except OptionError as e:
        assert e.field == key and "expected one of" in str(e)
    else:  # pragma: no cover - would be a bug
        raise AssertionError(f"{key}={value!r} accepted")


@SETTINGS
@given(n=st.integers().filter(lambda n: not 1 <= n <= 12))
def test_difen_number_out_of_range(n: int) -> None:
    try:
        cast("2026-03-10T21:00", tz="Asia/Shanghai", difen=n)
    except InputError as e:
        assert e.field == "difen" and "1–12" in str(e)
    else:  # pragma: no cover
        raise AssertionError(n)


def test_out_of_range_instant_is_typed() -> None:
    for at in ("0001-01-01T00:00", "2999-12-31T00:00"):
        try:
            cast(at, tz="UTC", difen="申")
        except XuanhengError as e:
            assert e.field is not None
        else:  # pragma: no cover
            raise AssertionError(at)
