"""Cast a 大六壬 chart: :func:`cast`, the package's one entry — from an instant, or in study mode from the
chart's own coordinates (日, 月將, 時) given as its keywords.

The structure of the 720 課 (四課, 三傳, 九宗門, 課體) comes from :func:`xuanheng.liuren.sanchuan.table`;
天將, 遁干, 六親, 旬空 and 神煞 are memoised per key, so casting is a handful of dictionary look-ups.

Sources: 天地盤 by 月將加時, 四課, 天將 順逆 — 《六壬大全》卷一; 遁干 — 《六壬大全》卷一〈遁干〉 (the
day's 旬 by default); 六親 — 《六壬大全》卷一〈六親〉; 行年 / 本命 — ``data/chart.toml``.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import replace
from functools import cache
from typing import Any

from xuanheng.core import parse
from xuanheng.core._data import load, load_package_data
from xuanheng.core.ganzhi import (
    BRANCH_ELEMENT,
    BRANCHES,
    JI_GONG,
    SHEN_NAMES,
    SIXTY,
    STEM_ELEMENT,
    STEMS,
    GanZhi,
    dun_gan,
    ganzhi_index,
    wu_shu_dun,
    xun_kong,
)
from xuanheng.core.guiren import GUIREN_TABLES, Direction, direction_on, jiang_at
from xuanheng.core.shensha_basic import HUA_GAI, LU, TAO_HUA, YI_MA
from xuanheng.errors import InputError, OptionError
from xuanheng.i18n.messages import ChartWarning, warning
from xuanheng.liuren.chart import Chuan, GuiRen, Ke, KeTi, LiuRenChart, Options, SheHaiDepth, ShenSha
from xuanheng.liuren.keti import chart_ke_ti, ke_ti_of, school_of
from xuanheng.liuren.sanchuan import Structure, table
from xuanheng.params import study_mode
from xuanheng.time.chart_time import ChartTime

_C = load_package_data("xuanheng.liuren", "chart")
_SB = load("shensha_basic")

#: every 貴人 table a 六壬 chart accepts: the named tables of ``core/data/guiren.toml``
GUIREN: dict[str, tuple[tuple[int, ...], tuple[int, ...], str, str]] = {
    k: (t.day, t.night, t.label, t.src) for k, t in GUIREN_TABLES.items()
}

_DAY_HOURS = frozenset(BRANCHES.index(b) for b in _C["day_night_fixed"]["day_hours"])
_MALE_START = BRANCHES.index(_C["xing_nian"]["male_start"])
_FEMALE_START = BRANCHES.index(_C["xing_nian"]["female_start"])

#: the declared choices of some options (data/params.toml), kept under their old names
DAY_NIGHT = tuple(str(v) for v in Options.choices("day_night"))
DUN_GAN = tuple(str(v) for v in Options.choices("dun_gan"))
DAY_BOUNDARY = tuple(str(v) for v in Options.choices("day_boundary"))
DST = tuple(str(v) for v in Options.choices("dst"))
SEX = ("male", "female")

_GZ_BY_NAME = {g.name: g.index for g in SIXTY}
_BR_BY_NAME = {**{b: i for i, b in enumerate(BRANCHES)}, **{n: i for i, n in enumerate(SHEN_NAMES)}}
_OPTION_FIELDS = frozenset(Options().flat())
DEFAULT_OPTIONS = Options()
#: options already made, so equal options are one object (the memo tables key on them)
_VALID: dict[Options, Options] = {DEFAULT_OPTIONS: DEFAULT_OPTIONS}


# --- input parsing (core.parse: the forms every method accepts) ------------------------------------
def _day(value: object) -> int:
    return parse.ganzhi_index(value, "day")


def _branch(value: object, field: str) -> int:
    return parse.branch(value, field)


def make_options(options: Options | dict[str, Any] | None = None, **kw: Any) -> Options:
    """Options from an :class:`Options` (or a dict of its fields) and/or keyword overrides, validated
    (typed errors)."""
    if isinstance(options, dict):
        kw = {**options, **kw}
        options = None
    unknown = set(kw) - _OPTION_FIELDS
    if unknown:
        raise OptionError(
            f"unknown option(s) {', '.join(sorted(unknown))}: "
            f"accepted are {', '.join(sorted(_OPTION_FIELDS))}",
            field=sorted(unknown)[0],
        )
    if options is not None and not isinstance(options, Options):
        raise OptionError(f"options must be a liuren Options, not {type(options).__name__}", field="options")
    opts = options if options is not None else DEFAULT_OPTIONS
    if not kw:
        return opts
    flat = {**opts.flat(), **kw}
    _validate(flat)
    made = Options(**flat)
    got = _VALID.get(made)
    if got is None:
        got = _VALID[made] = made
    return got


def _choice(field: str, value: object, accepted: tuple[str, ...]) -> None:
    if not isinstance(value, str) or value not in accepted:
        raise OptionError(
            f"unknown {field} {parse.echo(value)}: expected one of {', '.join(accepted)}", field=field
        )


#: the options checked against their declared choices (data/params.toml), in the declared order, and the
#: true/false ones; the 貴人 table is checked against the tables themselves, the 月將 rule below
_CHOICE_CHECKS: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
    (name, tuple(GUIREN) if name == "guiren" else tuple(str(v) for v in p.values))
    for name, p in Options.DECLARED
    if p.kind == "choice" and all(isinstance(v, str) for v in p.values) and name != "yue_jiang_rule"
)
_BOOL_CHECKS: tuple[str, ...] = tuple(
    name
    for name, p in Options.DECLARED
    if p.kind != "choice" or not all(isinstance(v, str) for v in p.values)
)


def _validate(o: dict[str, Any]) -> None:
    for name, accepted in _CHOICE_CHECKS:
        _choice(name, o[name], accepted)
    for name in _BOOL_CHECKS:
        if not isinstance(o[name], bool):
            raise OptionError(f"{name} must be true or false, not {o[name]!r}", field=name)
    rule = o["yue_jiang_rule"]
    n = parse.digits(rule) if isinstance(rule, str) else None
    if not isinstance(rule, str) or (
        rule not in ("zhongqi", "jie") and rule not in _BR_BY_NAME and (n is None or n >= 12)
    ):
        raise OptionError(
            f"unknown yue_jiang_rule {o['yue_jiang_rule']!r}: "
            "expected zhongqi, jie, or a branch (子 … 亥) given by hand",
            field="yue_jiang_rule",
        )


# --- memoised parts -----------------------------------------------------------------------------
_STRUCT: dict[tuple[Any, ...], list[tuple[Structure, tuple[KeTi, ...]] | None]] = {}


def structure(o: Options, index: int) -> tuple[Structure, tuple[KeTi, ...]]:
    """課 number *index* (``day * 12 + offset``) of the school of *o* with its 課體 (those that need no
    天將), each worked out the first time it is asked for and kept: a single cast pays for one 課, not
    for 720."""
    school = school_of(o)
    key = (o.shehai, o.bieze_yin, o.bazhuan_first, o.fuyin_zimao, *school)
    row = _STRUCT.get(key)
    if row is None:
        row = _STRUCT[key] = [None] * 720
    got = row[index]
    if got is None:
        s = table(o.shehai, o.bieze_yin, o.bazhuan_first, o.fuyin_zimao)[index]
        got = row[index] = (s, ke_ti_of(s, school))
    return got


def structures(o: Options) -> tuple[tuple[Structure, tuple[KeTi, ...]], ...]:
    """The 720 課 of the school of *o* with their 課體, indexed ``day * 12 + offset`` (:func:`structure`)."""
    return tuple(structure(o, i) for i in range(720))


_Parts = tuple[tuple[int, ...], tuple[int, ...], tuple[Ke, Ke, Ke, Ke], tuple[Chuan, Chuan, Chuan], GuiRen]


def _parts(s: Structure, is_day: bool, basis: str, guiren: str, xun: GanZhi) -> _Parts:
    day = SIXTY[s.day]
    stem = day.stem
    offset = s.offset
    tian_pan = tuple((d + offset) % 12 for d in range(12))
    day_t, night_t, _, _ = GUIREN[guiren]
    gb = (day_t if is_day else night_t)[stem]
    direction = direction_on((gb - offset) % 12)
    jiang_on = tuple(jiang_at(gb, direction, b) for b in range(12))
    kong = xun_kong(day)
    sel = STEM_ELEMENT[stem]

    def lq(b: int) -> int:
        return (BRANCH_ELEMENT[b] - sel) % 5

    kes = tuple(
        Ke(
            upper=u,
            lower=lo,
            lower_stem=stem if i == 0 else None,
            tian_jiang=jiang_on[u],
            dun_gan=dun_gan(u, xun),
            liu_qin=lq(u),
            kong=u in kong,
            relation=s.relations[i],
        )
        for i, (u, lo) in enumerate(zip(s.uppers, s.lowers, strict=True))
    )
    chuans = tuple(
        Chuan(branch=b, tian_jiang=jiang_on[b], dun_gan=dun_gan(b, xun), liu_qin=lq(b), kong=b in kong)
        for b in s.chuan
    )
    gui = GuiRen(gb, is_day, "shun" if direction is Direction.SHUN else "ni", guiren, basis)
    return (tian_pan, jiang_on, (kes[0], kes[1], kes[2], kes[3]), (chuans[0], chuans[1], chuans[2]), gui)


_SHENSHA: dict[tuple[Any, ...], tuple[ShenSha, ...]] = {}


def _places(b: int, s: Structure) -> tuple[str, ...]:
    out = [f"ke{i + 1}" for i, u in enumerate(s.uppers) if u == b]
    out += [n for n, c in zip(("chu", "zhong", "mo"), s.chuan, strict=True) if c == b]
    return tuple(out)


@cache
def _spirits() -> tuple[Any, ...]:
    """The 六壬 神煞: the entries shared from another table (``[shared]``) then ``liuren.toml``'s own."""
    from xuanheng.shensha import load_table

    raw = load_package_data("xuanheng.shensha", "liuren")
    shared = raw.get("shared", {})
    wanted = list(shared.get("keys", []))
    from_other = {sp.key: sp for sp in load_table(shared["table"])} if wanted else {}
    missing = [k for k in wanted if k not in from_other]
    if missing:
        raise AssertionError(f"shared 神煞 {missing} not found in {shared.get('table')}.toml")
    return tuple(from_other[k] for k in wanted) + load_table("liuren")


def _shensha(s: Structure, ctx: tuple[tuple[str, int], ...]) -> tuple[ShenSha, ...]:
    key = (s.day, s.offset, s.chuan, ctx)
    got = _SHENSHA.get(key)
    if got is not None:
        return got
    from xuanheng.shensha import evaluate

    day = SIXTY[s.day]
    out: list[ShenSha] = []
    for name, b, src, basis in (
        ("日祿", LU[day.stem], _SB["lu"]["src"], "day_stem"),
        ("驛馬", YI_MA[day.branch], _SB["yi_ma"]["src"], "day_branch"),
        ("咸池", TAO_HUA[day.branch], _SB["tao_hua"]["src"], "day_branch"),
        ("華蓋", HUA_GAI[day.branch], _SB["hua_gai"]["src"], "day_branch"),
    ):
        out.append(ShenSha(name, b, src, basis, _places(b, s)))
    cmap = dict(ctx)
    resolved: dict[str, Any] = {}
    for sp in _spirits():
        # a spirit keyed on something this chart lacks (no month given …) is left out, and so is one
        # that counts from such a spirit
        if sp.after is not None:
            if sp.after not in resolved:
                continue
        elif sp.basis != "none" and sp.basis not in cmap:
            continue
        occ = evaluate(sp, cmap, resolved)
        resolved[sp.key] = occ
        for b in occ.branches:
            out.append(ShenSha(sp.name, b, sp.src, sp.basis, _places(b, s)))
        for st in occ.stems:
            g = JI_GONG[st]
            out.append(ShenSha(sp.name, g, sp.src, sp.basis, _places(g, s), stem=st))
    got = tuple(out)
    _SHENSHA[key] = got
    return got


# --- public API ---------------------------------------------------------------------------------
def xing_nian(birth_year: int, year: int, sex: str) -> int:
    """行年 branch for a person born in (立春) year *birth_year*, in year *year* (虛歲 counting)."""
    age = year - birth_year + 1
    if age < 1:
        raise InputError(f"birth_year {birth_year} is after the chart's year {year}", field="birth_year")
    if sex == "male":
        return (_MALE_START + age - 1) % 12
    return (_FEMALE_START - (age - 1)) % 12


def _check_person(birth_year: int | None, sex: str | None) -> None:
    if birth_year is not None and (
        not isinstance(birth_year, int) or isinstance(birth_year, bool) or not -3000 <= birth_year <= 3000
    ):
        msg = f"birth_year {birth_year!r} must be a year number between -3000 and 3000"
        raise InputError(msg, field="birth_year")
    if sex is not None and sex not in SEX:
        raise InputError(f"sex {sex!r}: expected male or female", field="sex")


def _from_coordinates(
    day: str | int | GanZhi,
    yue_jiang: str | int,
    hour: str | int,
    *,
    options: Options | dict[str, Any] | None = None,
    is_day: bool | None = None,
    day_night_basis: str = "given",
    month_branch: str | int | None = None,
    year_branch: str | int | None = None,
    year: int | None = None,
    birth_year: int | None = None,
    sex: str | None = None,
    warnings: tuple[ChartWarning, ...] = (),
    hour_stem: int | None = None,
    time: ChartTime | None = None,
    **kw: Any,
) -> LiuRenChart:
    """The chart of its own coordinates: day 干支, 月將 and hour branch — what :func:`cast` gives in study
    mode, and from an instant with the calendar's coordinates.

    Day or night: *is_day* if given, else by ``options.day_night`` (``auto``/``fixed`` = the fixed
    hours 卯–申, ``day``/``night`` forced; ``sun`` needs an instant). Month and year
    branches, when given, add the month- and year-keyed 神煞. 行年 needs *birth_year*, *sex* and *year*.
    Any :class:`Options` field may be passed as a keyword (``shehai="mengzhongji"`` …).
    *hour_stem* (0–9) overrides the hour's stem found by 五鼠遁 from the day: :func:`cast` passes the
    calendar's hour pillar, which with ``day_boundary="00:00"`` gives the late 子 hour (23:00–24:00) the
    next day's 子 stem (continuous count, docs/time.md) — the chart must show the calendar's hour.
    *time* is the calendar's :class:`~xuanheng.time.ChartTime` when :func:`cast` casts from an instant.
    """
    o = DEFAULT_OPTIONS if options is None and not kw else make_options(options, **kw)
    d = _GZ_BY_NAME.get(day) if type(day) is str else None
    if d is None:
        d = _day(day)
    yj = _BR_BY_NAME.get(yue_jiang) if type(yue_jiang) is str else None
    if yj is None:
        yj = _branch(yue_jiang, "yue_jiang")
    hr = _BR_BY_NAME.get(hour) if type(hour) is str else None
    if hr is None:
        hr = _branch(hour, "hour")
    if is_day is not None:
        basis = day_night_basis
        day_flag = bool(is_day)
    elif o.day_night == "auto" or o.day_night == "fixed":
        basis, day_flag = "fixed", hr in _DAY_HOURS
    elif o.day_night == "sun":
        raise OptionError(
            "day_night 'sun' needs an instant and a place (use cast with --at/--lat/--lon); "
            "with coordinates use auto, fixed, day or night, or pass is_day",
            field="day_night",
        )
    else:
        basis, day_flag = "forced", o.day_night == "day"
    if hour_stem is not None and not (
        isinstance(hour_stem, int) and not isinstance(hour_stem, bool) and 0 <= hour_stem < 10
    ):
        raise InputError(
            f"hour_stem {hour_stem!r} is not a stem index: expected 0–9 (甲 = 0)", field="hour_stem"
        )
    if hour_stem is not None and hour_stem % 2 != hr % 2:
        raise InputError(
            f"hour_stem {STEMS[hour_stem]} cannot stand on the branch {BRANCHES[hr]}: "
            "yang stems go with yang branches",
            field="hour_stem",
        )
    hs = None if hour_stem is None or hour_stem == _HOUR_GZ[SIXTY[d].stem][hr].stem else hour_stem
    key = (0 if o is DEFAULT_OPTIONS else o, d, yj, hr, day_flag, basis) + (() if hs is None else (hs,))
    base = _BASE.get(key)
    if base is None:
        base = _BASE[key] = _base(o, d, yj, hr, day_flag, basis, hs)
    if month_branch is None and year_branch is None:
        shensha = base[17]
    else:
        shensha = _shensha_for(base, month_branch, year_branch)
    plain = month_branch is None and year_branch is None
    if birth_year is None and sex is None and not warnings and plain and time is None:
        # positional, in field order, from the memo (the hot path; see _base)
        return LiuRenChart(*base[:17], shensha, o, base[19])  # type: ignore[call-arg]
    mb = None if month_branch is None else _branch(month_branch, "month_branch")
    yb = None if year_branch is None else _branch(year_branch, "year_branch")
    if time is None:
        time = base[19] if plain else replace(base[19], month_branch=mb, year_branch=yb)
    _check_person(birth_year, sex)
    ben_ming = xn = None
    warn = list(warnings)
    if birth_year is not None:
        ben_ming = (birth_year - 4) % 12
        if sex is not None and year is not None:
            xn = xing_nian(birth_year, year, sex)
        else:
            warn.append(warning("warn.xing_nian"))
    rest = (shensha, o, time, tuple(warn), ben_ming, xn, birth_year, sex)
    return LiuRenChart(*base[:17], *rest)  # type: ignore[call-arg]


#: memo of everything in a chart that depends only on (options, day, 月將, hour, 晝夜): the hot path
_BASE: dict[tuple[Any, ...], tuple[Any, ...]] = {}


def _day_ctx(gz: GanZhi) -> list[tuple[str, int]]:
    return [("day_stem", gz.stem), ("day_branch", gz.branch), ("xun_head_branch", (gz.branch - gz.stem) % 12)]


#: hour 干支 by day stem and hour branch (五鼠遁), and the day-only facts, precomputed
_HOUR_GZ: tuple[tuple[GanZhi, ...], ...] = tuple(
    tuple(SIXTY[ganzhi_index(wu_shu_dun(st, h), h)] for h in range(12)) for st in range(10)
)
_BUNDLE: dict[tuple[Any, ...], tuple[Any, ...]] = {}


def _base(
    o: Options, d: int, yj: int, hr: int, day_flag: bool, basis: str, hour_stem: int | None = None
) -> tuple[Any, ...]:
    offset = (yj - hr) % 12
    gz = SIXTY[d]
    hour_gz = _HOUR_GZ[gz.stem][hr] if hour_stem is None else SIXTY[ganzhi_index(hour_stem, hr)]
    xun = hour_gz if o.dun_gan == "hour" else gz
    key = (0 if o is DEFAULT_OPTIONS else o, d, offset, day_flag, basis, xun.index)
    b = _BUNDLE.get(key)
    if b is None:
        b = _BUNDLE[key] = _bundle(o, d, offset, day_flag, basis, xun)
    time = ChartTime(day=gz, hour=hour_gz, yue_jiang=yj, is_day=day_flag, day_night_basis=basis)
    return (gz, yj, hr, hour_gz, *b, time)


def _bundle(o: Options, d: int, offset: int, day_flag: bool, basis: str, xun: GanZhi) -> tuple[Any, ...]:
    """Everything that depends on (school, day, offset, 晝夜, 遁干 旬) — at most 1,440 per school."""
    s, keti = structure(o, d * 12 + offset)
    gz = SIXTY[d]
    tian_pan, jiang_on, si_ke, san_chuan, gui = _parts(s, day_flag, basis, o.guiren, xun)
    keti = keti + chart_ke_ti(s, jiang_on, gui.branch, school_of(o), keti)
    shensha = _shensha(s, tuple(_day_ctx(gz)))
    return (
        tian_pan,
        jiang_on,
        si_ke,
        san_chuan,
        s.method,
        s.sub_method,
        keti,
        tuple(SheHaiDepth(x.branch, x.kind, x.depth, x.depth_book) for x in s.she_hai),
        gui,
        xun_kong(gz),
        LU[gz.stem],
        YI_MA[gz.branch],
        _ri_de(gz.stem),
        shensha,
        s,
    )


def _shensha_for(base: tuple[Any, ...], month_branch: str | int | None, year_branch: str | int | None) -> Any:
    gz: GanZhi = base[0]
    ctx = _day_ctx(gz)
    if month_branch is not None:
        m = _branch(month_branch, "month_branch")
        ctx += [("month_branch", m), ("season", ((m - 2) % 12) // 3)]
    if year_branch is not None:
        ctx.append(("year_branch", _branch(year_branch, "year_branch")))
    return _shensha(base[18], tuple(ctx))


@cache
def _ri_de(stem: int) -> int:
    """日德 of a day stem, from the 神煞 table (``ri_de``)."""
    from xuanheng.shensha import evaluate

    for sp in _spirits():
        if sp.key == "ri_de":
            return int(evaluate(sp, {"day_stem": stem}).branches[0])
    raise AssertionError("ri_de missing from shensha/data/liuren.toml")


def cast(
    at: str | _dt.datetime | None = None,
    *,
    tz: str | None = None,
    lon: float | None = None,
    lat: float | None = None,
    options: Options | dict[str, Any] | None = None,
    birth_year: int | None = None,
    sex: str | None = None,
    fold: int | None = None,
    day: str | int | GanZhi | None = None,
    yue_jiang: str | int | None = None,
    hour: str | int | None = None,
    is_day: bool | None = None,
    month_branch: str | int | None = None,
    year_branch: str | int | None = None,
    year: int | None = None,
    **kw: Any,
) -> LiuRenChart:
    """A 大六壬 chart from the instant *at* (with ``tz``, or an offset in *at*; ``lon``/``lat`` for 晝夜 by
    the sun, ``fold``), or — without *at* — in study mode from ``day``, ``yue_jiang`` and ``hour`` (all
    three; optionally ``is_day``, ``month_branch``, ``year_branch``, ``year``). ``options`` (or any option
    as a keyword, ``shehai="mengzhongji"`` …), ``birth_year`` and ``sex`` go with either. Giving both an
    instant and study inputs is an :class:`InputError`.

    From an instant: 日 and 時 from the calendar, 月將 at 中氣 (or 節, or by hand), 晝夜 by sunrise/sunset
    when a place is given (``day_night="auto"``), else by fixed hours.
    """
    coords: dict[str, Any] = {"day": day, "yue_jiang": yue_jiang, "hour": hour}
    extra: dict[str, Any] = {
        "is_day": is_day,
        "month_branch": month_branch,
        "year_branch": year_branch,
        "year": year,
    }
    if study_mode(at, coords, extra, example="2026-03-10T21:00"):
        return _from_coordinates(**coords, **extra, options=options, birth_year=birth_year, sex=sex, **kw)
    assert at is not None
    o = make_options(options, **kw)
    from xuanheng.time.calendar import calendar
    from xuanheng.time.instants import parse_instant

    when = parse_instant(at, tz=tz, fold=fold)
    cal = calendar(when, lon=lon, lat=lat, options=o.calendar)
    p = cal.pillars
    assert cal.yue_jiang is not None
    year = when.year if (when.year - 4) % 12 == p.year.branch else when.year - 1
    return _from_coordinates(
        p.day,
        cal.yue_jiang,
        p.hour.branch,
        options=o,
        is_day=cal.is_day,
        day_night_basis=cal.day_night_basis,
        month_branch=p.month.branch,
        year_branch=p.year.branch,
        year=year,
        birth_year=birth_year,
        sex=sex,
        warnings=tuple(cal.warnings),
        hour_stem=p.hour.stem,
        time=cal,
    )


def _clear_caches() -> None:
    """Forget the memos of the cast (for benchmarks of a fresh process and for tests)."""
    _BASE.clear()
    _BUNDLE.clear()
    _STRUCT.clear()
    _SHENSHA.clear()


__all__ = [
    "DAY_NIGHT",
    "DEFAULT_OPTIONS",
    "DUN_GAN",
    "GUIREN",
    "cast",
    "make_options",
    "structures",
    "xing_nian",
]
