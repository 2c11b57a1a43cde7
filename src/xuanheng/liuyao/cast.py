"""Cast a 六爻 chart: :func:`cast`, the package's one entry — from an instant, or in study mode from given
干支 as its keywords.

Exactly one way of casting is given per call: ``lines="887868"`` (初 → 上), ``hexagram="姤", moving=(1,)``,
``coins=True, seed=N``, ``yarrow=True, seed=N``, ``time=True`` (梅花 年月日時), or ``numbers=(3, 5)``.
The six values come from :mod:`xuanheng.liuyao.ways`. The instant gives the pillars, 月建 and 日辰 through
:func:`xuanheng.time.calendar`; the chart echoes the inputs, the options and the calendar's warnings (every
warning is the time core's). The chart is built by the plain rule statements of
:mod:`xuanheng.liuyao.rules`; :func:`zhuang_gua` keeps the static 裝卦 of each of the 4,096 line-value
patterns once computed.
"""

from __future__ import annotations

import datetime as _dt
import math
from typing import Any

from xuanheng.core import parse
from xuanheng.core.ganzhi import (
    BRANCH_BY_NAME,
    BRANCHES,
    GANZHI_BY_NAME,
    SIXTY,
    GanZhi,
    ganzhi_index,
    wu_shu_dun,
)
from xuanheng.errors import InputError
from xuanheng.i18n.messages import ChartWarning, warning
from xuanheng.liuyao import rules, ways
from xuanheng.liuyao.chart import CastRecord, LiuYaoChart, ZhuangGua
from xuanheng.liuyao.options import Options, make_options
from xuanheng.params import study_mode
from xuanheng.time import CalendarOptions, calendar, parse_instant
from xuanheng.time.calendar import CalendarChart
from xuanheng.time.instants import offset_seconds, unix_seconds

#: the cast methods a chart records (a hexagram given by name is a manual cast; its name and moving lines
#: are echoed in ``inputs``)
METHODS = ("manual", "coins", "yarrow", "time", "numbers")
_JI_YUE = frozenset((1, 4, 7, 10))  # 丑 辰 未 戌
#: 土王用事: the last 18 days before the 節 that ends a 季月
TU_WANG_DAYS = 18.0


def _method(
    lines: object,
    hexagram: object,
    coins: bool,
    yarrow: bool,
    time: bool,
    numbers: object,
    throws: object = None,
) -> str:
    chosen = [
        name
        for name, on in (
            ("manual", lines is not None),
            ("hexagram", hexagram is not None),
            ("coins", bool(coins)),
            ("throws", throws is not None),
            ("yarrow", bool(yarrow)),
            ("time", bool(time)),
            ("numbers", numbers is not None),
        )
        if on
    ]
    if len(chosen) != 1:
        what = "none" if not chosen else " and ".join(chosen)
        raise InputError(
            f"give exactly one way of casting (got {what}): lines=, hexagram= (with moving=), coins=True, "
            "throws= (six coin throws), yarrow=True, time=True or numbers=",
            field="cast",
            code="liuyao.way_api",
            params={"got": ", ".join(chosen) or "none"},
        )
    return chosen[0]


def calendar_options(o: Options) -> CalendarOptions:
    return CalendarOptions(
        day_boundary=o.day_boundary,
        true_solar=o.true_solar == "true",
        dst=o.dst,
        lunar_calendar=o.lunar_calendar,
    )


def _in_tu_wang(o: Options, cal: CalendarChart, when: _dt.datetime) -> bool | None:
    if o.tu_months != "last_18_days" or cal.pillars.month.branch not in _JI_YUE:
        return None
    assert cal.jie_next is not None  # cast from an instant
    return (unix_seconds(cal.jie_next.at) - unix_seconds(when)) <= TU_WANG_DAYS * 86400.0


def _lunar_json(cal: CalendarChart) -> dict[str, Any]:
    lu = cal.lunar
    assert lu is not None  # cast from an instant
    return {"year": lu.year, "month": lu.month, "day": lu.day, "leap": lu.leap}


def _lunar_for_time(
    cal: CalendarChart, when: _dt.datetime, lon: float | None, lat: float | None, o: Options
) -> dict[str, Any]:
    """The lunar date the time method counts: the civil date's, or (option ``time_day="day_boundary"``)
    the date of the civil day whose 干支 is the day pillar — the next day in the late 子 hour."""
    lunar = _lunar_json(cal)
    if o.time_day != "day_boundary":
        return lunar
    dst = when.dst()
    wall_off = offset_seconds(when) - (dst.total_seconds() if (dst and o.dst == "standard") else 0.0)
    civil_day = math.floor((unix_seconds(when) + wall_off) / 86400.0)
    shift = (cal.pillars.day.index - (civil_day + 17)) % 60  # 1970-01-01 is 辛巳 (17)
    if shift == 0:
        return lunar
    delta = 1 if shift == 1 else -1
    target = civil_day + delta
    noon = _dt.datetime.fromtimestamp(target * 86400.0 + 43200.0 - wall_off, _dt.UTC)
    other = calendar(noon.astimezone(when.tzinfo), lon, lat, calendar_options(o))
    return _lunar_json(other)


def time_numbers(lunar: dict[str, Any], year_branch: int, hour_branch: int, o: Options) -> tuple[int, ...]:
    """(year, month, day, hour) numbers of the 梅花 time method under the options."""
    # the lunar year's branch (4 CE was 甲子), or the year pillar's
    y = (int(lunar["year"]) - 4) % 12 if o.time_year == "lunar" else year_branch
    month = int(lunar["month"])
    if lunar["leap"] and o.time_leap == "next":
        month = month % 12 + 1
    return ways.branch_number(y), month, int(lunar["day"]), ways.branch_number(hour_branch)


def _record(
    method: str,
    *,
    lines: object,
    hexagram: object,
    moving: object,
    seed: object,
    numbers: object,
    hour_branch: int | None,
    time_nums: tuple[int, ...] | None,
    o: Options,
    lunar: dict[str, Any] | None,
    throws: object = None,
) -> tuple[tuple[int, ...], CastRecord, dict[str, Any]]:
    """The six values, the cast record and the echoed cast inputs."""
    if method != "hexagram" and moving is not None:
        raise InputError("moving= goes with hexagram= only", field="moving")
    if method not in ("coins", "yarrow") and seed is not None:
        raise InputError("seed= goes with coins=True or yarrow=True only", field="seed")
    if method == "manual":
        values = ways.parse_lines(lines)
        return values, CastRecord("manual", values), {"lines": "".join(map(str, values))}
    if method == "throws":
        faces = ways.parse_throws(throws)
        values = tuple(ways.coin_value(f) for f in faces)
        return values, CastRecord("coins", values, throws=faces), {"throws": list(faces)}
    if method == "hexagram":
        code = ways.hexagram_code(hexagram)
        mv = ways.parse_moving(moving)
        values = ways.values_of(code, mv)
        echo = {"hexagram": str(hexagram), "moving": list(mv)}
        return values, CastRecord("manual", values), echo
    if method in ("coins", "yarrow"):
        if seed is None:
            raise InputError(
                f"{method}=True needs seed=: the seed is recorded so that the cast can be replayed",
                field="seed",
            )
        s = ways.check_seed(seed)
        if method == "coins":
            values, faces = ways.coins(s)
            return values, CastRecord("coins", values, seed=s, throws=faces), {"coins": True, "seed": s}
        values, counts = ways.yarrow(s)
        return values, CastRecord("yarrow", values, seed=s, throws=counts), {"yarrow": True, "seed": s}
    if method == "time":
        assert time_nums is not None
        values, formula = ways.time_cast(*time_nums)
        return (
            values,
            CastRecord("time", values, numbers=time_nums, formula=formula, lunar=lunar),
            {"time": True},
        )
    nums = ways.parse_numbers(numbers)
    hour_n = ways.branch_number(hour_branch) if hour_branch is not None else None
    values, formula = ways.numbers_cast(nums, hour_n, o.numbers_moving)
    used = (*nums, hour_n) if (len(nums) == 2 and o.numbers_moving == "sum_and_hour" and hour_n) else nums
    return (
        values,
        CastRecord("numbers", values, numbers=tuple(int(x) for x in used if x is not None), formula=formula),
        {"numbers": list(nums)},
    )


def _prepare(
    at: str | _dt.datetime,
    tz: str | None,
    lon: float | None,
    lat: float | None,
    fold: int | None,
    o: Options,
) -> tuple[_dt.datetime, CalendarChart]:
    when = parse_instant(at, tz=tz, fold=fold)
    return when, calendar(when, lon, lat, calendar_options(o))


#: the static 裝卦 by line values (4,096 patterns at most), filled by :func:`zhuang_gua`
_ZHUANG: dict[tuple[int, ...], ZhuangGua] = {}


def zhuang_gua(values: tuple[int, ...] | str) -> ZhuangGua:
    """The static 裝卦 of six line values 初 → 上 (a tuple or text such as ``"887868"``):
    :func:`rules.zhuang_gua`, kept per value pattern once computed."""
    key = values if isinstance(values, tuple) else tuple(map(int, values))
    got = _ZHUANG.get(key)
    if got is None:
        got = _ZHUANG[key] = rules.zhuang_gua(key)
    return got


def cast(
    at: str | _dt.datetime | None = None,
    *,
    tz: str | None = None,
    lon: float | None = None,
    lat: float | None = None,
    fold: int | None = None,
    lines: object = None,
    hexagram: object = None,
    moving: object = None,
    coins: bool = False,
    yarrow: bool = False,
    seed: object = None,
    time: bool = False,
    numbers: object = None,
    throws: object = None,
    options: Options | dict[str, Any] | None = None,
    day: object = None,
    month: object = None,
    hour: object = None,
    year: object = None,
    in_tu_wang: bool | None = None,
    **kw: Any,
) -> LiuYaoChart:
    """A 六爻 chart: one way of casting (``lines``, ``hexagram`` with ``moving``, ``coins``/``yarrow`` with
    ``seed``, ``throws``, ``time``, ``numbers``) from the instant *at* (with ``tz``, or an offset in *at*;
    ``lon``/``lat``, ``fold``), or — without *at* — in study mode from ``day`` and ``month`` (干支; optionally
    ``hour``, ``year``, ``in_tu_wang``). ``options`` (or any option as a keyword) goes with either. Giving
    both an instant and study inputs is an :class:`InputError`.

    From an instant the pillars, 月建, 日辰 and warnings come from :func:`xuanheng.time.calendar`. In study
    mode the day 干支 and the month (a branch 寅 … or a 干支 such as 丙寅) are given; ``hour`` is a 干支, or a
    branch whose stem follows from the day by 五鼠遁, and ``year`` a 干支; the time method needs an instant.
    The six values come from the way of casting, the chart from :func:`rules.build`.
    """
    study = study_mode(
        at,
        {"day": day, "month": month},
        {"hour": hour, "year": year, "in_tu_wang": in_tu_wang},
        example="2026-03-10T21:00",
    )
    if study and time:
        raise InputError("a time cast (time=True) needs the instant at", field="time")
    o = make_options(options, **kw)
    method = _method(lines, hexagram, coins, yarrow, time, numbers, throws)
    lunar_t: dict[str, Any] | None = None
    nums: tuple[int, ...] | None = None
    if study:
        ctx, inputs = _study_time(day, month, hour, year, in_tu_wang)
        warnings: list[ChartWarning] = [warning("liuyao.warn_study")]
    else:
        assert at is not None
        when, cal = _prepare(at, tz, lon, lat, fold, o)
        p = cal.pillars
        warnings = list(cal.warnings)
        if method == "time":
            lunar_t = _lunar_for_time(cal, when, lon, lat, o)
            nums = time_numbers(lunar_t, p.year.branch, p.hour.branch, o)
            if lunar_t["leap"]:
                counted = nums[1]
                warnings.append(
                    warning("liuyao.warn_leap", month=lunar_t["month"], counted=counted, choice=o.time_leap)
                )
        ctx = rules.TimeContext(
            day=p.day,
            month_branch=p.month.branch,
            hour=p.hour,
            year=p.year,
            month=p.month,
            in_tu_wang=_in_tu_wang(o, cal, when),
        )
        inputs = {"at": when.isoformat(timespec="seconds"), "tz": str(when.tzinfo), "lon": lon, "lat": lat}
    values, record, echo = _record(
        method,
        lines=lines,
        hexagram=hexagram,
        moving=moving,
        seed=seed,
        numbers=numbers,
        hour_branch=ctx.hour.branch if ctx.hour is not None else None,
        time_nums=nums,
        o=o,
        lunar=lunar_t,
        throws=throws,
    )
    return rules.build(values, ctx, o, record, {**inputs, **echo}, tuple(warnings))


def _study_time(
    day: object, month: object, hour: object, year: object, in_tu_wang: bool | None
) -> tuple[rules.TimeContext, dict[str, Any]]:
    """The time layer of a study cast (no instant) from the given 干支, and their echo."""
    d = parse.ganzhi(day, "day")
    month_gz: GanZhi | None = None
    if isinstance(month, GanZhi) or (isinstance(month, str) and month.strip() in GANZHI_BY_NAME):
        month_gz = parse.ganzhi(month, "month")
        mb = month_gz.branch
    else:
        mb = parse.branch(month, "month")
    h: GanZhi | None = None
    if hour is not None:
        if (isinstance(hour, str) and hour.strip() in BRANCH_BY_NAME) or (
            isinstance(hour, int) and not isinstance(hour, bool) and 0 <= hour < 12
        ):
            hb = parse.branch(hour, "hour")
            h = SIXTY[ganzhi_index(wu_shu_dun(d.stem, hb), hb)]
        else:
            h = parse.ganzhi(hour, "hour")
    y = parse.ganzhi(year, "year") if year is not None else None
    if in_tu_wang is not None and not isinstance(in_tu_wang, bool):
        raise InputError("in_tu_wang must be true or false", field="in_tu_wang")
    ctx = rules.TimeContext(day=d, month_branch=mb, hour=h, year=y, month=month_gz, in_tu_wang=in_tu_wang)
    inputs: dict[str, Any] = {
        "day": d.name,
        "month": month_gz.name if month_gz is not None else BRANCHES[mb],
        "hour": h.name if h is not None else None,
        "year": y.name if y is not None else None,
        "in_tu_wang": in_tu_wang,
    }
    return ctx, inputs


__all__ = ["METHODS", "calendar_options", "cast", "time_numbers", "zhuang_gua"]
