"""Casting a 七政四餘 natal chart from an instant and a place (:func:`cast`, the package's one entry), and
:func:`life`, what the method contract's cast gives: the chart with the 限 of a date and the life's timeline
(:class:`~xuanheng.qizheng.chart.QiZhengLife`).

Steps (each a named rule with its source in ``data/``; the options in ``data/params.toml``):

1. the calendar of the instant from the shared time core (pillars, lunar date, sunrise and sunset);
2. the eleven 曜 from ``xuanheng.astro``: 七政 apparent geocentric (the Moon topocentric on request);
   羅睺/計都 from the lunar node (mean or true; which one is north is option ``luo_ji``); 月孛 from the
   lunar apogee; 紫炁 from its epoch preset;
3. the 28 mansions of the chosen system at the instant, and each 曜's mansion and degree;
4. the palaces in the chosen frame (option ``gong_frame``: 30° from the equinox, or fixed to the mansions,
   :class:`xuanheng.qizheng.gong.GongFrame`); the 命宮 and 命度, the 身宮, the twelve 人事 palaces with their
   宮主 and the 曜 in each;
5. motion states and dignities of each 曜, the time rules of seed 003;
6. the star spirits (化曜 and 神煞) from :func:`xuanheng.qizheng.spirits.star_spirits`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import datetime, tzinfo
from functools import cache
from importlib import import_module
from types import MappingProxyType
from typing import Any

from xuanheng.astro.bodies import (
    ascendant,
    lunar_apogee,
    lunar_node,
    moon_rise,
    moon_topocentric,
    nutation,
    seven_governors_raw,
    sidereal_time,
    ziqi,
)
from xuanheng.astro.ephemeris import Position, jd_from_unix
from xuanheng.core._frozen import maker
from xuanheng.errors import InputError, OptionError, OutOfRangeError
from xuanheng.i18n.messages import ChartWarning, warning
from xuanheng.qizheng.chart import (
    YAO_NAMES,
    Palace,
    Point,
    QiZhengChart,
    QiZhengLife,
    XiuBound,
    XiuPosition,
    Yao,
)
from xuanheng.qizheng.dignity import dignities, is_xian
from xuanheng.qizheng.gong import GONG_NAMES, frame, gong_branch, ming_by_hour, shen_by_hour
from xuanheng.qizheng.motion import motion
from xuanheng.qizheng.options import manual_branch, validate
from xuanheng.qizheng.spirits import YAO, Inputs, options_key, star_spirits_of
from xuanheng.qizheng.timerules import TimeRules, ding_yin, hou, hour_branch_at, mao_yan, moonrise, phase, run
from xuanheng.qizheng.xiu import Boundaries, boundaries, du_text
from xuanheng.time import CalendarOptions, calendar, parse_instant

SEXES = ("男", "女")
_SEX_ALIASES = {
    "男": "男",
    "女": "女",
    "m": "男",
    "male": "男",
    "f": "女",
    "female": "女",
    "乾": "男",
    "坤": "女",
    # as the 星案 head a chart (男命 / 女命) and a Chinese user writes it
    "男命": "男",
    "女命": "女",
    "男性": "男",
    "女性": "女",
    # as a Korean user writes it (the message offers 男(남) / 女(여))
    "남": "男",
    "남자": "男",
    "남성": "男",
    "여": "女",
    "여자": "女",
    "여성": "女",
}

#: options that need the birthplace
NEEDS_PLACE = {
    ("ming_gong", "sunrise"),
    ("ming_gong", "asc"),
    ("ming_du", "asc"),
    ("moon", "topocentric"),
    ("shen_gong", "sunset"),
    ("shen_gong", "moonrise"),
}


def sex_value(sex: str | None) -> str | None:
    """男 or 女 from the accepted spellings (男/女, m/f, male/female, 乾/坤), ``None`` left as it is."""
    if sex is None:
        return None
    if isinstance(sex, str) and sex.strip().casefold() in _SEX_ALIASES:
        return _SEX_ALIASES[sex.strip().casefold()]
    raise InputError(
        f"sex {sex!r} is not known: accepted 男 or 女 (male / female), or leave it out", field="sex"
    )


_YAO = maker(Yao)
_PALACE = maker(Palace)
_XIU_BOUND = maker(XiuBound)
_POSITION = maker(Position)
_POINT = maker(Point)
_TIME_RULES = maker(TimeRules)
_CHART = maker(QiZhengChart)
_INPUTS = maker(Inputs)
_DEFAULT_CALENDAR = CalendarOptions()
_XIU_POSITION = maker(XiuPosition)


def _xiu_position(xb: Boundaries, lon: float, display: str) -> XiuPosition:
    """The mansion, degree and width of longitude *lon* among *xb*, the degree written by *display*."""
    xiu, du = xb.locate(lon)
    width = xb.width_of(xiu)
    return _XIU_POSITION(xiu, du, width, du_text(xiu, du, width, display))


@cache
def _bodies(moon: str, node: str, luo_ji: str, yuebei: str, ziqi_preset: str) -> tuple[str, ...]:
    """What each of the eleven 曜 (YAO_NAMES order) is computed as, for the options that choose it."""
    node_kind = "mean node" if node == "mean" else "true node"
    north, south = f"{node_kind}, north", f"{node_kind}, south"
    return (
        "apparent geocentric",
        "apparent topocentric" if moon == "topocentric" else "apparent geocentric",
        *["apparent geocentric"] * 5,
        *((south, north) if luo_ji == "ji_north" else (north, south)),
        f"{yuebei} lunar apogee",
        f"紫炁 preset {ziqi_preset}",
    )


def _calendar_options(cal: CalendarOptions | Mapping[str, Any] | None) -> CalendarOptions:
    if cal is None:
        return _DEFAULT_CALENDAR
    if isinstance(cal, CalendarOptions):
        return cal
    if isinstance(cal, Mapping):
        return CalendarOptions(**dict(cal))
    raise OptionError("calendar must be CalendarOptions or a dict of its fields", field="calendar")


def _clock_offset(dt: datetime, cal_opts: CalendarOptions, solar: datetime | None) -> float:
    """Seconds ahead of UTC of the clock that counts the chart's hours (as the time core counts them)."""
    if cal_opts.true_solar and solar is not None:
        off = solar.utcoffset()
        return off.total_seconds() if off is not None else 0.0
    civil = dt.utcoffset()
    c = civil.total_seconds() if civil is not None else 0.0
    if cal_opts.dst == "standard":
        d = dt.dst()
        c -= d.total_seconds() if d else 0.0
    return c


def cast(
    at: datetime | str,
    tz: str | tzinfo | None = None,
    lon: float | None = None,
    lat: float | None = None,
    sex: str | None = None,
    *,
    fold: int | None = None,
    calendar_options: CalendarOptions | Mapping[str, Any] | None = None,
    spirit_options: Mapping[str, str] | None = None,
    **options: Any,
) -> QiZhengChart:
    """Cast the 七政四餘 natal chart of an instant (``at`` + ``tz``, or an aware datetime) and a place.

    ``options``: the school options of ``data/params.toml`` (``xiu="gu"``, ``luo_ji="luo_north"`` …,
    ``ming_gong="酉"`` for a palace given by hand). ``calendar_options``: the time core's options
    (day boundary, true solar time, DST handling, 晝夜). ``spirit_options``: passed to the star spirits.
    Raises :class:`InputError` / :class:`OptionError` / :class:`OutOfRangeError` (with ``field``) for
    wrong input, a rule that cannot work at the place (the ascendant inside a polar circle, no sunrise),
    and dates outside the supported range.
    """
    opts = validate(options)
    spirit_key = options_key(spirit_options)  # the star spirits' options, checked before anything is computed
    cal_opts = _calendar_options(calendar_options)
    sex_v = sex_value(sex)
    dt = parse_instant(at, tz=tz, fold=fold)
    has_place = lon is not None and lat is not None
    if not has_place:
        for key, value in NEEDS_PLACE:
            if opts[key] == value:
                raise OptionError(f"option {key}={value} needs the birthplace: give lon and lat", field=key)
    cal = calendar(dt, lon, lat, cal_opts)
    utc = dt.timestamp()
    jd = jd_from_unix(utc)
    warnings: list[ChartWarning] = list(cal.warnings)
    if not has_place:  # one behaviour on every front end (issue 30): cast, and say what the place would add
        warnings.append(warning("qizheng.warn_no_place"))

    # 曜 -----------------------------------------------------------------------------------------------
    raw = seven_governors_raw(jd)
    seven = [_POSITION(x[0], x[1], x[3]) for x in raw]
    eps, _, dpsi, _ = nutation(jd)  # shared by the mansions of date and the ascendant
    if opts["moon"] == "topocentric":
        assert lon is not None and lat is not None
        seven[1] = moon_topocentric(jd, lon, lat)
    node = lunar_node(jd, opts["node"])
    south = _POSITION((node.lon + 180.0) % 360.0, -node.lat, node.speed)
    if opts["luo_ji"] == "ji_north":
        luo, ji = south, node
    else:
        luo, ji = node, south
    bei = lunar_apogee(jd, opts["yuebei"])
    qi = ziqi(jd, opts["ziqi"])
    positions = [*seven, luo, ji, bei, qi]
    bodies = _bodies(opts["moon"], opts["node"], opts["luo_ji"], opts["yuebei"], opts["ziqi"])
    sun = seven[0]

    # 宿 ------------------------------------------------------------------------------------------------
    xb = boundaries(opts["xiu"], jd, opts["zi_shen"], sun.lon, dpsi)
    display = opts["du_display"]
    gf = frame(opts["gong_frame"], xb.start_of)  # the palaces

    # ascendant --------------------------------------------------------------------------------------
    asc: float | None = None
    gast = sidereal_time(jd) if has_place else 0.0  # the ascendant's
    if has_place:
        assert lon is not None and lat is not None
        try:
            asc = ascendant(jd, lon, lat, eps=eps, gast=gast)
        except OutOfRangeError:
            if opts["ming_gong"] == "asc" or opts["ming_du"] == "asc":
                raise
            warnings.append(warning("qizheng.warn_polar_asc", lat=f"{lat:g}"))

    clock_off = _clock_offset(dt, cal_opts, cal.solar_time)
    year_p, month_p, day_p, hour_p = cal.year, cal.month, cal.day, cal.hour  # = cal.pillars (from an instant)
    assert year_p is not None and month_p is not None
    hour = hour_p.branch
    sun_palace = gf.palace_of(sun.lon)
    moon_palace = gf.palace_of(seven[1].lon)

    def event_branch(ev: datetime | None, what: str, field: str) -> int:
        if ev is None:
            raise OutOfRangeError(
                f"there is no {what} on this civil day at latitude {lat:g}°: option {field} needs one; "
                "use another rule",
                field="lat",
            )
        return hour_branch_at(ev.timestamp(), clock_off)

    # 命宮 ----------------------------------------------------------------------------------------------
    rule = opts["ming_gong"]
    manual = manual_branch(rule)
    if manual is not None:
        ming = manual
    elif rule == "mao":
        ming = ming_by_hour(sun_palace, hour)
    elif rule == "sunrise":
        ming = ming_by_hour(sun_palace, hour, event_branch(cal.sunrise, "sunrise", "ming_gong"))
    else:  # asc
        assert asc is not None
        ming = gf.palace_of(asc)
    if opts["ming_du"] == "asc":
        assert asc is not None
        ming_lon = gf.carry(ming, asc)
    else:
        ming_lon = gf.carry(ming, sun.lon)
    ming_xiu = _xiu_position(xb, ming_lon, display)
    ming_point = _POINT(ming, ming_lon, ming_xiu, rule)

    # 身宮 ----------------------------------------------------------------------------------------------
    moon = seven[1]
    srule = opts["shen_gong"]
    day_start = math.floor((utc + clock_off) / 86400.0) * 86400.0 - clock_off
    moonrise_utc: float | None = None
    if has_place:
        assert lon is not None and lat is not None
        jd0 = jd_from_unix(day_start)
        mr = moon_rise(jd0, lon, lat)  # swisseph rise_trans: the upper limb, refraction and parallax
        moonrise_utc = (mr - 2440587.5) * 86400.0 if mr is not None else None
    if srule == "moon":
        shen = moon_palace
        shen_lon = moon.lon
    elif srule == "dui":
        shen = (ming + 6) % 12
        shen_lon = (ming_lon + 180.0) % 360.0 if gf.equal else gf.carry(shen, ming_lon)
    else:
        if srule == "you":
            target = 9
        elif srule == "sunset":
            target = event_branch(cal.sunset, "sunset", "shen_gong")
        else:  # moonrise
            if moonrise_utc is None:
                raise OutOfRangeError(
                    "the Moon does not rise on this civil day at this place: option shen_gong=moonrise needs "
                    "a moonrise; use another rule",
                    field="lat",
                )
            target = hour_branch_at(moonrise_utc, clock_off)
        shen = shen_by_hour(moon_palace, hour, target)
        shen_lon = gf.carry(shen, moon.lon)
    shen_xiu = _xiu_position(xb, shen_lon, display)
    shen_point = _POINT(shen, shen_lon, shen_xiu, srule)

    # 曜 in palaces and mansions ---------------------------------------------------------------------
    yaos: list[Yao] = []
    fu = opts["fu"]
    places = [_xiu_position(xb, p.lon, display) for p in positions]
    for name, pos, body, xp in zip(YAO_NAMES, positions, bodies, places, strict=True):
        g = gf.palace_of(pos.lon)
        m = motion(name, pos.lon, pos.speed, sun.lon, jd, fu)
        yaos.append(
            _YAO(
                name,
                pos.lon,
                pos.lat,
                pos.speed,
                g,
                xp,
                m.state,
                m.retrograde,
                m.stationary,
                m.combust,
                dignities(name, g, xp.xiu),
                body,
                is_xian(name, g),
            )
        )
    in_palace: dict[int, list[str]] = {}
    for y in yaos:
        in_palace.setdefault(y.gong, []).append(y.name)
    crossings = [_xiu_position(xb, lon, display) for lon in gf.starts]
    palaces = []
    for k, pname in enumerate(GONG_NAMES):
        b = gong_branch(ming, k)
        palaces.append(_PALACE(pname, b, tuple(in_palace.get(b, ())), crossings[b]))
    bounds = tuple(map(_XIU_BOUND, xb.order, xb.starts, xb.widths))

    # time rules ---------------------------------------------------------------------------------------
    sunrise_utc = cal.sunrise.timestamp() if cal.sunrise is not None else None
    sunset_utc = cal.sunset.timestamp() if cal.sunset is not None else None
    lunar = cal.lunar
    assert lunar is not None and cal.qi_prev is not None and cal.qi_next is not None  # cast from an instant
    month_start = day_start - (lunar.day - 1) * 86400.0
    if lunar.leap:
        zq_name, zq_at = None, None
    elif cal.qi_prev.at.timestamp() >= month_start:
        zq_name, zq_at = cal.qi_prev.name, cal.qi_prev.at
    else:
        zq_name, zq_at = cal.qi_next.name, cal.qi_next.at
    rules = _TIME_RULES(
        ding_yin(lunar.month, sunrise_utc, sunset_utc, clock_off, day_start, opts["ding_yin"]),
        MappingProxyType(mao_yan(hour)),
        MappingProxyType(moonrise(lunar.day, moonrise_utc, clock_off)),
        MappingProxyType(phase(lunar.day, moon.lon, sun.lon, moon.speed, sun.speed)),
        MappingProxyType(hou(sun.lon)),
        MappingProxyType(run(lunar.leap, lunar.month, zq_name, zq_at)),
    )

    # star spirits -------------------------------------------------------------------------------------
    # the inputs as star_spirits would validate them: the pillars are GanZhi, the branches ints, the sex
    # checked by sex_value, day or night known from the time core
    inputs = _INPUTS(
        year_p,
        month_p,
        day_p,
        hour_p,
        ming,
        tuple(y.gong for y in yaos),  # in YAO order, as YAO_NAMES
        shen,
        bool(cal.is_day),
        sex_v,
        spirit_key,
        (),
    )
    sc = star_spirits_of(inputs)
    hua = {h.name: YAO[h.yao] for h in sc.hua_yao}
    hits = tuple(map(MappingProxyType, sc.hits_json()))
    warnings.extend(sc.warnings)

    return _CHART(
        dt,  # when
        lon,
        lat,
        sex_v,
        MappingProxyType(opts),  # options
        cal,  # calendar
        jd,  # jd_ut
        tuple(yaos),
        ming_point,
        shen_point,
        tuple(palaces),  # gong
        bounds,  # xiu_bounds
        asc,  # ascendant
        rules,  # time_rules
        MappingProxyType(hua),  # hua_yao
        hits,  # shensha
        tuple(warnings),
        sc.options,  # spirit_options
    )


def life(
    chart: QiZhengChart,
    on: datetime | str | None = None,
    reading_options: Mapping[str, str] | None = None,
    xian_options: Mapping[str, str] | None = None,
    years: int = 0,
) -> QiZhengLife:
    """The :class:`QiZhengLife` of *chart*: the 限 options completed with their defaults, ``on`` parsed in the
    chart's zone (a date is noon of that day; before the birth is an ``OutOfRangeError`` naming ``on``), the
    小限 and 流年 of the first *years* years listed one by one in the timeline (0–130; 0: the year of ``on``
    alone, :func:`xuanheng.qizheng.xian.life_timeline`)."""
    # the module (the package's attribute ``reading`` is its function, as in every method package)
    R = import_module("xuanheng.qizheng.reading")
    from xuanheng.qizheng import xian as X

    # reading options given here are validated and echoed with the chart's (the Python API); the method
    # contract passes them to the reading instead (QiZhengParams.READING_OPTIONS)
    ropts = R.validate(reading_options) if reading_options is not None else {}
    xopts = X.validate(xian_options)
    at = None if on is None else X.parse_on(on, chart.when.tzinfo)
    tl = X.life_timeline(chart, on=at, years=years, **xopts)
    current = tl.pop("current")
    return QiZhengLife(
        chart=chart,
        reading_options=ropts,
        xian_options=xopts,
        on=at,
        current=current,
        timeline=tl,
    )


__all__ = ["NEEDS_PLACE", "SEXES", "cast", "life"]
