"""The 限 that time a 七政四餘 life: 童限, the 洞微 大限 through the palaces and by 宿, 小限, 流年 and 流曜.

Every count is data (``data/xian.toml``, each table and choice with its source):

* **大限** (洞微 百六限, 《星學大成》卷七): the twelve palaces in the order 命宮 → 相貌 → 福德 → 官祿 → 遷移 →
  疾厄 → 夫妻 → 奴僕 → 男女 → 田宅 → 兄弟 → 財帛 with 15 10 11 15 8 7 11 4½ 4½ 4½ 5 5 years; the 命宮's
  own term by option ``first_term`` (``nine``, the default: 9 + 命度/3 full years — 卷三〈起大限〉's
  10 + 命度/3 in nominal years of age; ``ten``: 10 + 命度/3; ``fixed``: 15). Terms are
  laid end to end from the birth instant the way horo-api lays them: whole years by the calendar (same
  month, day and time), a fraction of a year as that share of the following calendar year.
* **洞微 by 宿**: the 限度 runs each palace's stretch of the ecliptic (30°, or the palace's own width
  in the ``sidereal`` palace frame, option ``gong_frame``) backwards in longitude during its term
  (option ``dongwei``);
  the chart's own mansion boundaries (its 28 宿 system) give when the 限 enters each 宿.
* **童限** (卷七〈論童限〉): 命 財帛 疾厄 夫妻 福德 官祿 福德 相貌 命宮 for the years of age 1–9.
* **小限** (卷七〈論洞微行年小限〉): age 1 命宮, 2 財帛, 3 兄弟 … one palace a year in the 人事 order,
  changing at the birthday (option ``xiao_xian_change``).
* **流年**: the year's 干支 from the time core, beginning at 立春 or 冬至 (option ``year_start``); its palace
  is the palace of the year branch. **流曜**: the eleven 曜 cast for the date (``xuanheng.qizheng.cast``),
  each in the natal palace it transits, with the 化曜 of the 流年 stem.

:func:`timeline` gives the whole life (the JSON parts ``da_xian``, ``tong_xian``, ``xiao_xian``, ``liu_nian``)
and, for a date, :func:`xian` (``da_xian``, ``xiao_xian``, ``liu_nian``, ``liu_yao`` of that date);
:func:`render_timeline_svg` draws the band of 大限 for a page. Library code: no clock, no printing — ``on`` is
always given by the caller.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from functools import cache, lru_cache
from html import escape
from typing import Any

from xuanheng import SCHEMA_VERSION, __version__
from xuanheng.core._data import load_package_data
from xuanheng.core.ganzhi import BRANCHES, STEMS, GanZhi, wu_hu_dun
from xuanheng.errors import InputError, OptionError, OutOfRangeError
from xuanheng.i18n.messages import warning
from xuanheng.qizheng.gong import GONG_NAMES, GONG_STEP, chart_frame, gong_branch, gong_index
from xuanheng.qizheng.memo import SIZE, ChartMemo, register_cache
from xuanheng.reading import check_lang
from xuanheng.time import parse_instant, pillars_fast
from xuanheng.time.calendar import T_FIRST, T_LAST

_X = load_package_data("xuanheng.qizheng", "xian")

#: the palaces in the order the 大限 runs, and their years (百六)
DA_XIAN_ORDER: tuple[str, ...] = tuple(_X["da_xian"]["order"])
DA_XIAN_YEARS: tuple[float, ...] = tuple(float(y) for y in _X["da_xian"]["years"])
TONG_XIAN: tuple[str, ...] = tuple(_X["tong_xian"]["palaces"])

#: the 限 options are declared in ``data/params.toml`` (``scope = "xian"``: default, labels, a source per
#: choice); this file's tables hold each choice's numbers, keyed by the option's values
_P = load_package_data("xuanheng.qizheng", "params")["option"]
_OPTION_TABLE = {
    "first_term": "first_term",
    "dongwei": "dongwei",
    "xiao_xian_change": "xiao_xian",
    "year_start": "liu_nian",
}
#: option → (default, choices)
OPTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    name: (str(o["default"]), tuple(str(c["value"]) for c in o["choice"]))
    for name, o in _P.items()
    if o.get("scope") == "xian"
}
if set(OPTIONS) != set(_OPTION_TABLE) or any(
    set(OPTIONS[k][1]) != set(_X[t]["choice"]) for k, t in _OPTION_TABLE.items()
):  # pragma: no cover - a data error
    raise ValueError("qizheng data: the 限 options of params.toml and the choices of xian.toml differ")
DEFAULTS: dict[str, str] = {k: v[0] for k, v in OPTIONS.items()}

#: palace names by language (the chart's names are the zh-Hant ones)
_GONG_LABELS: dict[str, dict[str, str]] = {
    "ko": dict(
        zip(
            GONG_NAMES,
            ("명궁", "재백", "형제", "전택", "남녀", "노복", "부처", "질액", "천이", "관록", "복덕", "상모"),
            strict=True,
        )
    ),
    "en": dict(
        zip(
            GONG_NAMES,
            (
                "Life",
                "Wealth",
                "Siblings",
                "Property",
                "Children",
                "Servants",
                "Spouse",
                "Health",
                "Travel",
                "Career",
                "Fortune",
                "Appearance",
            ),
            strict=True,
        )
    ),
}
_YEAR_S = 365.2425 * 86400.0


def gong_label(name: str, lang: str) -> str:
    """A palace name in *lang* (the classical name for zh-Hant; Simplified through OpenCC)."""
    lang = check_lang(lang)
    if lang in _GONG_LABELS:
        return _GONG_LABELS[lang].get(name, name)
    if lang == "zh-Hans":
        from xuanheng.reading import to_simplified

        return to_simplified(name)
    return name


def option_catalogue() -> list[dict[str, Any]]:
    """The options of this module as plain data: name, default, and per choice its labels and source."""
    return [
        {
            "name": name,
            "default": OPTIONS[name][0],
            "choices": [
                {"value": str(c["value"]), "labels": dict(c["label"]), "src": str(c["src"])}
                for c in _P[name]["choice"]
            ],
        }
        for name in OPTIONS
    ]


def choice_src(name: str, value: str) -> str:
    """The source of choice *value* of the 限 option *name* (``data/params.toml``)."""
    return next(str(c["src"]) for c in _P[name]["choice"] if c["value"] == value)


def validate(options: Mapping[str, Any] | None) -> dict[str, str]:
    """Complete *options* with the defaults; an unknown name or value raises :class:`OptionError`."""
    out = dict(DEFAULTS)
    for k, v in (options or {}).items():
        if k not in OPTIONS:
            raise OptionError(f"unknown 限 option {k!r}: accepted {', '.join(OPTIONS)}", field=str(k))
        if v is None:
            continue
        if v not in OPTIONS[k][1]:
            raise OptionError(
                f"option {k} = {v!r} is not known: accepted {', '.join(OPTIONS[k][1])}", field=k
            )
        out[k] = str(v)
    return out


# ── instants ─────────────────────────────────────────────────────────────────────────────────────────


def _add_years(dt: datetime, n: int) -> datetime:
    """*dt* with its year moved by *n*, the wall time kept (29 February → 28 February in a common year)."""
    y = dt.year + n
    try:
        return dt.replace(year=y)
    except ValueError:
        return dt.replace(year=y, day=28)


def _advance(start: datetime, years: float) -> datetime:
    """*start* + *years*: whole years by the calendar, the fraction as that share of the next year."""
    n = math.floor(years)
    f = years - n
    a = _add_years(start, n)
    if f == 0.0:
        return a
    b = _add_years(start, n + 1)
    return datetime.fromtimestamp(a.timestamp() + f * (b.timestamp() - a.timestamp()), tz=start.tzinfo)


@lru_cache(maxsize=8192)
def _iso(t: float, tz: Any) -> str:
    """The instant *t* as ISO text in the zone *tz* (memoised: a 大限's end is the next one's start, a
    流月's end the next month's start, and every birth asked about one year shares that year's 節)."""
    return datetime.fromtimestamp(t, tz=tz).isoformat(timespec="seconds")


register_cache(_iso.cache_clear)


def parse_on(on: datetime | date | str, tz: Any) -> datetime:
    """The instant of *on*: a datetime, a date or ``YYYY-MM-DD`` (noon of that day in the chart's zone),
    refused outside the calendar's supported range (as the birth is, but naming ``on``)."""
    got = _parse_on(on, tz)
    if not (T_FIRST <= got.timestamp() < T_LAST):
        raise OutOfRangeError(
            "instant is outside the supported range: dates from 0002-01-01 to 2997-12-31 (UTC) are accepted",
            field="on",
        )
    return got


def _parse_on(on: datetime | date | str, tz: Any) -> datetime:
    if isinstance(on, datetime):
        return parse_instant(on, tz=tz) if on.tzinfo is None else on
    if isinstance(on, date):
        return datetime(on.year, on.month, on.day, 12, 0, tzinfo=tz)
    if isinstance(on, str):
        text = on.strip()
        try:
            if len(text) == 10 and text[4] == "-" and text[7] == "-":
                d = date.fromisoformat(text)
                return datetime(d.year, d.month, d.day, 12, 0, tzinfo=tz)
            return parse_instant(text, tz=tz)
        except (ValueError, IndexError):
            raise InputError(
                f"on = {on!r} is not a date: give YYYY-MM-DD or an ISO date-time", field="on"
            ) from None
    raise InputError(f"on must be a date, a datetime or ISO text, not {type(on).__name__}", field="on")


@cache
def _term_table() -> tuple[list[float], int] | None:
    """(instants, k of the first) of the time core's precomputed 節氣 table, or None if it is unavailable."""
    try:
        from xuanheng.time import tables
    except ImportError:  # pragma: no cover - the table ships with the package
        return None
    return tables.TERMS, tables.term_k(0)


def _new_year_utc(year: int) -> float:
    """Unix instant of 1 January 00:00 UTC of proleptic Gregorian *year*, for any year (``datetime`` stops at
    year 1, and a birth in year 1 or 2 asks for the terms of the year before): days from 1970 by the civil
    calendar's 400-year cycle."""
    y = year - 1  # January: count the leap days of the years before
    days = 365 * (year - 1970) + (y // 4 - y // 100 + y // 400) - (1969 // 4 - 1969 // 100 + 1969 // 400)
    return days * 86400.0


@lru_cache(maxsize=4096)
def term_instant(k: int, year: int) -> float:
    """Unix instant when the Sun reaches 15·k° in Gregorian *year* (k = 21 立春, 18 冬至); kept per (k, year)
    (a document asks for the 節 of its year from the 流年, the 小限 and each 流月)."""
    # 立春 falls on 3–5 February, 冬至 on 21–23 December; a first guess from the mean motion
    approx = _new_year_utc(year) + ((15.0 * k - 280.0) % 360.0) / 0.98565 * 86400.0
    got = _term_table()
    if got is not None:
        terms, k0 = got
        i = bisect_right(terms, approx)
        for j in (i - 1, i, i - 2, i + 1, i - 3, i + 2):
            if 0 <= j < len(terms) and (k0 + j) % 24 == k % 24 and abs(terms[j] - approx) < 20 * 86400.0:
                return terms[j]
    from xuanheng.time.search import term_crossing

    return term_crossing(k, approx)


register_cache(term_instant.cache_clear)


# ── the life plan of one chart ───────────────────────────────────────────────────────────────────────


@dataclass(frozen=True, slots=True)
class Plan:
    """The fixed 限 of one chart under one option set (built once, then looked up for any date)."""

    tz: Any
    birth: float
    ming: int
    ming_lon: float
    upper: float  # the 命宮's far cusp (palace start + its width)
    tops: tuple[float, ...]  # the far cusp of the palace of each 大限 (12)
    spans: tuple[float, ...]  # the degrees of the ecliptic each 大限's palace spans (12)
    into: float  # degrees from the 命宮's start to the 命度
    first_years: float
    starts: tuple[float, ...]  # 13 instants: the start of each 大限 and the end of the last
    xiu_starts: tuple[float, ...]  # mansion starts in ecliptic order
    xiu_order: tuple[int, ...]
    opts: Mapping[str, str]
    when: datetime  # the birth as the chart holds it (its birthdays: :func:`birthday`)
    birth_month: int = 0  # the month of the birth counted from 寅 = 0 (its month pillar: the 節 month)


def _first_term(d: float, choice: str) -> float:
    c = _X["first_term"]["choice"][choice]
    return float(c["base"]) + float(c["per_degree"]) * d


#: the plans made (a document asks for the plan of its chart from the timeline, the reading and the judgment)
_PLANS: ChartMemo[Plan] = ChartMemo(4 * SIZE)


def plan(chart: Any, **options: Any) -> Plan:
    """The 限 plan of *chart* (a cast 七政四餘 chart) for the 限 options (see :data:`OPTIONS`); made once
    per chart and options (the chart is frozen: :mod:`xuanheng.qizheng.memo`)."""
    opts = validate(options)
    key = tuple(opts.items())
    got = _PLANS.get(chart, key)
    return got if got is not None else _PLANS.put(chart, key, _make_plan(chart, opts))


def _make_plan(chart: Any, opts: dict[str, str]) -> Plan:
    """:func:`plan` of *chart* with the validated options *opts*."""
    when: datetime = chart.when
    tz = when.tzinfo
    ming = chart.ming_gong.branch
    ming_lon = chart.ming_gong.lon
    gf = chart_frame(chart)
    tops: tuple[float, ...]
    spans: tuple[float, ...]
    if gf.equal:
        d = (ming_lon - gf.start(ming)) % 30.0
        upper = gf.start(ming) + 30.0
        tops = tuple(upper - 30.0 * k for k in range(12))
        spans = (30.0,) * 12
    else:
        d = (ming_lon - gf.start(ming)) % 360.0
        upper = gf.start(ming) + gf.width(ming)
        tops = tuple(gf.start((ming + k) % 12) + gf.width((ming + k) % 12) for k in range(12))
        spans = tuple(gf.width((ming + k) % 12) for k in range(12))
    years = list(DA_XIAN_YEARS)
    years[0] = _first_term(d, opts["first_term"])
    starts = [when]
    for y in years:
        starts.append(_advance(starts[-1], y))
    bounds = chart.xiu_bounds
    return Plan(
        tz=tz,
        birth=when.timestamp(),
        ming=ming,
        ming_lon=ming_lon,
        upper=upper,
        tops=tops,
        spans=spans,
        into=d,
        first_years=years[0],
        starts=tuple(s.timestamp() for s in starts),
        xiu_starts=tuple(b.start for b in bounds),
        xiu_order=tuple(b.xiu for b in bounds),
        opts=dict(opts),
        when=when,
        birth_month=(chart.calendar.pillars.month.branch - 2) % 12,
    )


def _da_index(p: Plan, t: float) -> int | None:
    if t < p.starts[0] or t >= p.starts[-1]:
        return None
    return bisect_right(p.starts, t) - 1


def xian_du(p: Plan, t: float) -> float | None:
    """The 洞微 限度 (ecliptic longitude) at instant *t*, or None outside the 百六 span."""
    k = _da_index(p, t)
    if k is None:
        return None
    s, e = p.starts[k], p.starts[k + 1]
    top, span = p.tops[k], p.spans[k]
    frac = (t - s) / (e - s)
    if k == 0 and p.opts["dongwei"] == "ming_du":
        c = _X["first_term"]["choice"][p.opts["first_term"]]
        if float(c["per_degree"]) > 0.0:
            base = float(c["base"])
            t_base = _advance(datetime.fromtimestamp(s, tz=p.tz), base).timestamp()
            dd = p.into
            if dd <= 0.0 or t_base >= e:
                return (top - span * frac) % 360.0
            if t < t_base:
                return (top - (span - dd) * (t - s) / (t_base - s)) % 360.0
            return (p.ming_lon - dd * (t - t_base) / (e - t_base)) % 360.0
    return (top - span * frac) % 360.0


def _du_inverse(p: Plan, k: int, lon: float) -> float | None:
    """The instant in term *k* when the 限度 stands on *lon*, or None if it does not pass it then."""
    s, e = p.starts[k], p.starts[k + 1]
    top, span = p.tops[k], p.spans[k]
    diff = (top - lon) % 360.0
    if not diff < span:
        return None
    if k == 0 and p.opts["dongwei"] == "ming_du":
        c = _X["first_term"]["choice"][p.opts["first_term"]]
        if float(c["per_degree"]) > 0.0:
            base = float(c["base"])
            t_base = _advance(datetime.fromtimestamp(s, tz=p.tz), base).timestamp()
            dd = p.into
            if dd <= 0.0 or t_base >= e:
                return s + diff / span * (e - s)
            if diff < span - dd:
                return s + diff / (span - dd) * (t_base - s)
            return t_base + (diff - (span - dd)) / dd * (e - t_base)
    return s + diff / span * (e - s)


def _xiu_at(p: Plan, lon: float) -> int:
    i = bisect_right(p.xiu_starts, lon % 360.0) - 1
    return p.xiu_order[i]


def dongwei_xiu(p: Plan) -> list[dict[str, Any]]:
    """Each mansion the 限度 enters, with the instant (sorted by time): crossing a mansion's start going
    backwards in longitude enters the mansion before it."""
    from xuanheng.qizheng.xiu import NAMES

    out: list[tuple[float, int]] = []
    n = len(p.xiu_starts)
    tops, spans = p.tops, p.spans
    for i, lon in enumerate(p.xiu_starts):
        for k in range(12):
            if not (tops[k] - lon) % 360.0 < spans[k]:  # the 限度 does not pass lon in term k
                continue  # (what _du_inverse answers None for, asked before the call)
            t = _du_inverse(p, k, lon)
            if t is not None and t > p.birth:
                out.append((t, p.xiu_order[(i - 1) % n]))
                break
    out.sort()
    first = _xiu_at(p, p.upper - 1e-9)
    rows = [{"xiu": NAMES[first], "at": _iso(p.birth, p.tz)}]
    rows += [{"xiu": NAMES[x], "at": _iso(t, p.tz)} for t, x in out]
    return rows


@lru_cache(maxsize=4096)
def _birthday_of(when: datetime, tz: Any, fold: int, n: int) -> float:
    return _add_years(when, n).timestamp()


def birthday(p: Plan, n: int) -> float:
    """The instant of the *n*-th birthday (0: the birth), the wall time of the birth kept (:func:`_add_years`;
    memoised: a document asks for the same ones from its timeline and its reading)."""
    return _birthday_of(p.when, p.tz, p.when.fold, n)


#: the birthdays counted (虛歲 up to 131)
_BIRTHDAYS = 131


def _age(p: Plan, t: float) -> int:
    """Years of age counted as 虛歲 by birthdays: 1 until the first birthday, then 2 … (the number of the
    birthdays 0 … 130 at or before *t*, found from the years elapsed and the birthdays beside them)."""
    n = min(max(int((t - p.birth) // _YEAR_S), 0), _BIRTHDAYS - 1)  # a birthday near t
    while n + 1 < _BIRTHDAYS and birthday(p, n + 1) <= t:
        n += 1
    while n >= 0 and birthday(p, n) > t:
        n -= 1
    return n + 1


def liu_nian_start(p: Plan, t: float) -> tuple[float, int]:
    """(instant the 流年 containing *t* began, its 干支 index) for the option ``year_start``."""
    k = int(_X["liu_nian"]["choice"][p.opts["year_start"]]["term"])
    dt = datetime.fromtimestamp(t, tz=p.tz)
    y = dt.year
    cands = [term_instant(k, yy) for yy in (y - 1, y, y + 1)]
    start = max(c for c in cands if c <= t)
    # the 流年 is the year pillar of the year that 立春 begins: 50 days after a 冬至, 1 day after a 立春
    probe = start + (50.0 if k == 18 else 1.0) * 86400.0
    gz = pillars_fast(probe, 0.0)[0]
    return start, gz


def _gong_json(ming: int, branch: int) -> dict[str, str]:
    return {"branch": BRANCHES[branch], "gong": GONG_NAMES[gong_index(ming, branch)]}


def _da_row(p: Plan, k: int) -> dict[str, Any]:
    b = (p.ming + k) % 12
    s, e = p.starts[k], p.starts[k + 1]
    return {
        "index": k,
        **_gong_json(p.ming, b),
        "years": p.first_years if k == 0 else DA_XIAN_YEARS[k],
        "start": _iso(s, p.tz),
        "end": _iso(e, p.tz),
        "start_age": (s - p.birth) / _YEAR_S,
        "end_age": (e - p.birth) / _YEAR_S,
    }


def xiao_xian_at(p: Plan, t: float) -> dict[str, Any]:
    """The 小限 of instant *t*: 虛歲, palace, and when it began."""
    if p.opts["xiao_xian_change"] == "birthday":
        age = _age(p, t)
        began = birthday(p, age - 1) if age >= 1 else p.birth
    else:
        k = int(_X["liu_nian"]["choice"][p.opts["year_start"]]["term"])
        y0 = datetime.fromtimestamp(p.birth, tz=p.tz).year
        y1 = datetime.fromtimestamp(t, tz=p.tz).year
        passed = [s for s in (term_instant(k, y) for y in range(y0, y1 + 1)) if p.birth < s <= t]
        age = 1 + len(passed)
        began = passed[-1] if passed else p.birth
    k = (age - 1) % 12
    return {"age": age, **_gong_json(p.ming, gong_branch(p.ming, k)), "start": _iso(began, p.tz)}


def tong_xian_at(p: Plan, t: float) -> dict[str, Any] | None:
    """The 童限 of instant *t* (years of age 1–9), or None after it."""
    age = _age(p, t)
    if not 1 <= age <= len(TONG_XIAN):
        return None
    name = TONG_XIAN[age - 1]
    return {"age": age, "gong": name, "branch": BRANCHES[gong_branch(p.ming, GONG_NAMES.index(name))]}


def liu_nian_at(p: Plan, t: float) -> dict[str, Any]:
    """The 流年 of instant *t*: its 干支, the palace of its branch, when it began."""
    start, gz = liu_nian_start(p, t)
    g = GanZhi(gz)
    return {
        "ganzhi": g.name,
        "stem": STEMS[g.stem],
        **_gong_json(p.ming, g.branch),
        "start": _iso(start, p.tz),
        "year_start": p.opts["year_start"],
    }


#: 流月 (月限): the 節 that begins each month of a year, 寅 month (正月, 立春) first; a 節 is an odd term
#: counted from 春分 = 0, two terms a month
_MONTH_JIE: tuple[int, ...] = tuple((int(_X["liu_yue"]["first_jie"]) + 2 * m) % 24 for m in range(12))
MONTH_NAMES: tuple[str, ...] = tuple(_X["liu_yue"]["names"])


def liu_yue_of(p: Plan, t: float) -> list[dict[str, Any]]:
    """The twelve 流月 (月限) of the 流年 running at *t* (``data/xian.toml`` [liu_yue]).

    The months are those of the year the 流年 names, 正月 (寅) to 十二月 (丑), each from the 節 that begins
    it (the time core's table of terms, :func:`term_instant`) to the next. The 月限 counts them on the
    palaces from the 小限 of that year (the one running at the year's end: the one that begins at the
    birthday inside it, or with the 流年): the month of the birth stands on the 小限's palace and each month
    after it one palace further in the 小限's own direction (backwards through the branches), round the
    twelve. Each row: ``month`` (1–12), ``name``, ``ganzhi`` (the month pillar by 五虎遁 from the 流年
    stem), ``start``/``end``, the palace (``branch``, ``gong``), ``xiao_xian`` (its age and branch) and
    ``birth_month``."""
    start, gz = liu_nian_start(p, t)
    year = datetime.fromtimestamp(start + 50.0 * 86400.0, tz=UTC).year  # the year of the 流年's 立春
    k = int(_X["liu_nian"]["choice"][p.opts["year_start"]]["term"])
    nxt = term_instant(k, year + (1 if k == _MONTH_JIE[0] else 0))  # the next 流年 begins
    xx = xiao_xian_at(p, max(nxt - 1.0, p.birth))
    xb = BRANCHES.index(xx["branch"])
    stem = GanZhi(gz).stem
    bounds = [term_instant(j, year + (1 if m == 11 else 0)) for m, j in enumerate(_MONTH_JIE)]
    bounds.append(term_instant(_MONTH_JIE[0], year + 1))
    rows = []
    for m in range(12):
        b = (xb + GONG_STEP * (m - p.birth_month)) % 12
        month_branch = (2 + m) % 12
        rows.append(
            {
                "month": m + 1,
                "name": MONTH_NAMES[m],
                "ganzhi": STEMS[wu_hu_dun(stem, month_branch)] + BRANCHES[month_branch],
                "start": _iso(bounds[m], p.tz),
                "end": _iso(bounds[m + 1], p.tz),
                **_gong_json(p.ming, b),
                "xiao_xian": {"age": xx["age"], "branch": xx["branch"]},
                "birth_month": p.birth_month + 1,
            }
        )
    return rows


def branches_at(p: Plan, t: float) -> dict[str, int | None]:
    """The branches the 大限, 小限 and 流年 stand on at *t* (the reading's 限 conditions)."""
    k = _da_index(p, t)
    xx = xiao_xian_at(p, t)
    ln = liu_nian_start(p, t)[1]
    return {
        "大限": None if k is None else (p.ming + k) % 12,
        "小限": BRANCHES.index(xx["branch"]),
        "流年": GanZhi(ln).branch,
    }


def _check_on(p: Plan, t: float) -> None:
    if t < p.birth:
        raise OutOfRangeError("on is before the birth: the 限 begin at birth", field="on")


def liu_yao(chart: Any, at: datetime) -> list[dict[str, Any]]:
    """The eleven 曜 cast for *at* (options and place of *chart*), each in the natal palace it transits.

    The rows read the 曜's longitudes, mansions, motion states and 化曜, none of which depends on the place
    unless an option of the chart needs it (the topocentric Moon; a 命宮 or 身宮 rule that reads the day's
    sunrise, sunset, moonrise or ascendant, whose absence at the place refuses the cast): otherwise the
    cast is made without the place, and skips the day's sunrise, sunset, moonrise and ascendant it would
    not use. The cast of the date is kept (:func:`_transit`): every chart asked about the same date with the
    same options reads the same 曜."""
    from xuanheng.qizheng.cast import NEEDS_PLACE

    opts = dict(chart.options)
    if any(opts.get(k) == v for k, v in NEEDS_PLACE):
        now = _transit(at, at.tzinfo, chart.lon, chart.lat, tuple(opts.items()))
    else:
        now = _transit(at, at.tzinfo, None, None, tuple(opts.items()))
    ming = chart.ming_gong.branch
    natal: dict[int, list[str]] = {}
    for y in chart.yao:
        natal.setdefault(y.gong, []).append(y.name)
    out = []
    hua = {v: k for k, v in now.hua_yao.items()}
    for y in now.yao:
        b = y.gong  # the palace in the chart's frame (cast with the chart's options)
        out.append(
            {
                "name": y.name,
                "lon": y.lon,
                "branch": BRANCHES[b],
                "gong": GONG_NAMES[gong_index(ming, b)],
                "xiu_text": y.xiu.text,
                "state": y.state,
                "over": natal.get(b, []),
                "hua": hua.get(y.name),
            }
        )
    return out


@lru_cache(maxsize=SIZE)  # emptied by xuanheng.qizheng.memo.clear (registered below)
def _transit(
    at: datetime, zone: Any, lon: float | None, lat: float | None, options: tuple[tuple[str, Any], ...]
) -> Any:
    """The chart cast for *at* (at the place *lon*, *lat*, or none) with the chart options *options*: the
    流曜 of a date, a pure function of these inputs, cast once for every chart that asks. *zone* is
    *at*'s own zone (two datetimes of one instant in two zones are equal keys, their charts are not)."""
    from xuanheng.qizheng.cast import cast

    return cast(at, lon=lon, lat=lat, **dict(options))


register_cache(_transit.cache_clear)


def xian(
    chart: Any, on: datetime | date | str, *, with_liu_yao: bool = True, **options: Any
) -> dict[str, Any]:
    """What runs on *on*: ``da_xian`` ``tong_xian`` ``xiao_xian`` ``liu_nian`` ``dongwei`` ``liu_yao``."""
    p = plan(chart, **options)
    at = parse_on(on, p.tz)
    t = at.timestamp()
    _check_on(p, t)
    return _xian_json(chart, p, at, with_liu_yao)


def _xian_json(chart: Any, p: Plan, at: datetime, with_liu_yao: bool) -> dict[str, Any]:
    from xuanheng.qizheng.xiu import NAMES

    t = at.timestamp()
    k = _da_index(p, t)
    du = xian_du(p, t)
    out: dict[str, Any] = {
        "on": at.isoformat(timespec="seconds"),
        "age": (t - p.birth) / _YEAR_S,
        "da_xian": None if k is None else _da_row(p, k),
        "tong_xian": tong_xian_at(p, t),
        "xiao_xian": xiao_xian_at(p, t),
        "liu_nian": liu_nian_at(p, t),
        "liu_yue": liu_yue_of(p, t),
        "dongwei": None if du is None else {"lon": du, "xiu": NAMES[_xiu_at(p, du)]},
    }
    if k is None:
        out["warning"] = warning("qizheng.warn_beyond_xian").to_json()
    if with_liu_yao:
        out["liu_yao"] = liu_yao(chart, at)
    return out


def timeline(
    chart: Any, on: datetime | date | str | None = None, years: int = 100, **options: Any
) -> dict[str, Any]:
    """The 限 of a whole life: every 大限 (with its 宿 by 洞微), the 童限, and year by year the 小限 and 流年
    of the first *years* years (1–130); with *on* also :func:`xian` of that date (``current``) and the index
    of the running 大限."""
    if not isinstance(years, int) or isinstance(years, bool) or not 1 <= years <= 130:
        raise InputError(f"years = {years!r}: give a whole number of years from 1 to 130", field="years")
    return life_timeline(chart, on, years, **options)


def life_timeline(
    chart: Any, on: datetime | date | str | None = None, years: int = 0, **options: Any
) -> dict[str, Any]:
    """:func:`timeline` as the method's document asks for it: *years* from 0. With 0 the year-by-year rows
    (what costs) are only those of the year asked: the 流年 and the 小限 running on *on* (none without
    *on*); the 大限 and the 童限 are always there."""
    if not isinstance(years, int) or isinstance(years, bool) or not 0 <= years <= 130:
        raise InputError(f"years = {years!r}: give a whole number of years from 0 to 130", field="years")
    p = plan(chart, **options)
    rows = [_da_row(p, k) for k in range(12)]
    xw = dongwei_xiu(p)
    for r in rows:
        s, e = r["start"], r["end"]
        r["xiu"] = [x for x in xw if s <= x["at"] < e]
    tong = []
    for age, name in enumerate(TONG_XIAN, start=1):
        tong.append(
            {
                "age": age,
                "gong": name,
                "branch": BRANCHES[gong_branch(p.ming, GONG_NAMES.index(name))],
                "start": _iso(birthday(p, age - 1), p.tz),
            }
        )
    liu: list[dict[str, Any]] = []
    xiao: list[dict[str, Any]] = []
    at = None if on is None else parse_on(on, p.tz)
    if at is not None:
        _check_on(p, at.timestamp())
    if years:
        liu, xiao = _years(p, years)
    elif at is not None:
        liu, xiao = _year_of(p, at.timestamp())
    out: dict[str, Any] = {
        "engine_version": __version__,
        "schema_version": SCHEMA_VERSION,
        "birth": _iso(p.birth, p.tz),
        "options": dict(p.opts),
        "years": years,
        "ming_gong": BRANCHES[p.ming],
        "first_term_years": p.first_years,
        "span_end": _iso(p.starts[-1], p.tz),
        "da_xian": rows,
        "tong_xian": tong,
        "xiao_xian": xiao,
        "liu_nian": liu,
        "src": {
            "da_xian": _X["da_xian"]["src"],
            "first_term": choice_src("first_term", p.opts["first_term"]),
            "dongwei": choice_src("dongwei", p.opts["dongwei"]),
            "tong_xian": _X["tong_xian"]["src"],
            "xiao_xian": choice_src("xiao_xian_change", p.opts["xiao_xian_change"]),
            "liu_nian": choice_src("year_start", p.opts["year_start"]),
            "liu_yue": _X["liu_yue"]["src"],
        },
        "current": None,
        "current_index": None,
    }
    if at is not None:
        out["current"] = _xian_json(chart, p, at, True)
        out["current_index"] = _da_index(p, at.timestamp())
    return out


def _liu_row(p: Plan, k: int, start: float) -> dict[str, Any]:
    """The timeline's row of the 流年 that begins at *start* (term *k*): :func:`liu_nian_at`, its year, the
    date the page links to and the 大限 it falls in."""
    began = max(start, p.birth)
    ln = liu_nian_at(p, began + 1.0)
    ln["year"] = datetime.fromtimestamp(start + (50.0 if k == 18 else 1.0) * 86400.0, tz=p.tz).year
    ln["link"] = datetime.fromtimestamp(began + 86400.0, tz=p.tz).date().isoformat()
    ln["da_xian"] = _da_index(p, began + 1.0)
    return ln


def _xiao_row(p: Plan, change: float) -> dict[str, Any]:
    """The timeline's row of the 小限 that begins at *change*: :func:`xiao_xian_at` and its link."""
    xx = xiao_xian_at(p, change + 1.0)
    xx["link"] = datetime.fromtimestamp(change + 86400.0, tz=p.tz).date().isoformat()
    return xx


def _years(p: Plan, years: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The 流年 and the 小限 of the first *years* years of the life, one row each (none past the calendar's
    last supported instant, :data:`xuanheng.time.calendar.T_LAST`: a birth of 2990 lists eight years)."""
    liu = []
    end = min(_add_years(datetime.fromtimestamp(p.birth, tz=p.tz), years).timestamp(), T_LAST)
    k = int(_X["liu_nian"]["choice"][p.opts["year_start"]]["term"])
    start, _ = liu_nian_start(p, p.birth)
    y = datetime.fromtimestamp(start, tz=p.tz).year
    while start < end:
        liu.append(_liu_row(p, k, start))
        y += 1
        start = term_instant(k, y)
    if p.opts["xiao_xian_change"] == "birthday":
        changes = [c for c in (birthday(p, n) for n in range(years)) if c < end]
    else:
        changes = [p.birth] + [term_instant(k, int(r["year"]) - (1 if k == 18 else 0)) for r in liu[1:]]
    return liu, [_xiao_row(p, c) for c in changes]


def _year_of(p: Plan, t: float) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The rows :func:`_years` gives the 流年 and the 小限 running at *t* (one each): the year asked."""
    k = int(_X["liu_nian"]["choice"][p.opts["year_start"]]["term"])
    start, _ = liu_nian_start(p, t)
    # by birthdays, or where the 流年 changes (the first 小限 at the birth)
    by_birthday = p.opts["xiao_xian_change"] == "birthday"
    change = birthday(p, _age(p, t) - 1) if by_birthday else max(start, p.birth)
    return [_liu_row(p, k, start)], [_xiao_row(p, change)]


# ── SVG: the band of 大限 ─────────────────────────────────────────────────────────────────────────────

_SVG_LABELS = {
    "title": {
        "ko": "대한·유년",
        "zh-Hant": "大限·流年",
        "zh-Hans": "大限·流年",
        "en": "major periods and years",
    },
    "now": {"ko": "현재", "zh-Hant": "當前", "zh-Hans": "当前", "en": "now"},
    "age": {"ko": "세", "zh-Hant": "歲", "zh-Hans": "岁", "en": "y"},
}


def render_timeline_svg(timeline_json: Mapping[str, Any], lang: str = "zh-Hant") -> str:
    """An SVG fragment: the band of 大限 (the running one marked) over a row of years, each year a link
    ``?on=YYYY-MM-DD`` (the day after that 流年 begins). Drawn from :func:`timeline`'s JSON only."""
    lang = check_lang(lang)
    rows = list(timeline_json.get("da_xian") or ())
    years = list(timeline_json.get("liu_nian") or ())
    if not rows:
        return '<svg xmlns="http://www.w3.org/2000/svg" class="qz-timeline" width="0" height="0"></svg>'
    width, left, band_y, band_h, year_y, year_h = 960.0, 8.0, 22.0, 40.0, 70.0, 22.0
    span_years = max(float(r["end_age"]) for r in rows)
    shown = min(span_years, float(timeline_json.get("years") or span_years))
    scale = (width - 2 * left) / max(shown, 1.0)
    cur = timeline_json.get("current_index")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="qz-timeline" viewBox="0 0 {width:.0f} 100" '
        f'width="{width:.0f}" height="100" role="img" aria-label="{escape(_SVG_LABELS["title"][lang])}">',
        f"<title>{escape(_SVG_LABELS['title'][lang])}</title>",
    ]
    for r in rows:
        a0 = float(r["start_age"])
        if a0 >= shown:
            break
        a1 = min(float(r["end_age"]), shown)
        x, w = left + a0 * scale, (a1 - a0) * scale
        is_cur = cur is not None and int(r["index"]) == int(cur)
        cls = "qz-da qz-da-current" if is_cur else "qz-da"
        fill = "#f4c542" if is_cur else ("#e8e2d0" if int(r["index"]) % 2 else "#d9d2bc")
        name = gong_label(str(r["gong"]), lang)
        label = f"{name} {r['branch']} {a0:.0f}–{a1:.0f}{_SVG_LABELS['age'][lang]}"
        parts.append(
            f'<g class="{cls}" data-gong="{escape(str(r["gong"]))}" data-branch="{escape(str(r["branch"]))}">'
            f"<title>{escape(label)}</title>"
            f'<rect x="{x:.2f}" y="{band_y}" width="{w:.2f}" height="{band_h}" fill="{fill}" '
            f'stroke="{"#b8860b" if is_cur else "#8a826c"}" stroke-width="{2 if is_cur else 1}"/>'
        )
        if w > 18:
            parts.append(
                f'<text x="{x + w / 2:.2f}" y="{band_y + 17}" text-anchor="middle" font-size="12">'
                f"{escape(name)}</text>"
                f'<text x="{x + w / 2:.2f}" y="{band_y + 32}" text-anchor="middle" font-size="10">'
                f"{a0:.0f}–{a1:.0f}</text>"
            )
        if is_cur:
            parts.append(
                f'<text x="{x + 2:.2f}" y="{band_y - 6}" font-size="10" fill="#b8860b">'
                f"{escape(_SVG_LABELS['now'][lang])}</text>"
            )
        parts.append("</g>")
    birth = str(timeline_json.get("birth", ""))
    b_dt = datetime.fromisoformat(birth) if birth else None
    for y in years:
        link = str(y.get("link", ""))
        if not link or b_dt is None:
            continue
        d = date.fromisoformat(link)
        age = (datetime(d.year, d.month, d.day, tzinfo=b_dt.tzinfo) - b_dt) / timedelta(days=365.2425)
        if age >= shown or age < -1:
            continue
        x = left + max(age, 0.0) * scale
        w = max(scale - 0.5, 1.0)
        label = f"{y.get('year')} {y.get('ganzhi')}"
        parts.append(
            f'<a href="?on={escape(link)}" class="qz-year" data-ganzhi="{escape(str(y.get("ganzhi")))}">'
            f"<title>{escape(label)}</title>"
            f'<rect x="{x:.2f}" y="{year_y}" width="{w:.2f}" height="{year_h}" fill="#f7f5ee" '
            f'stroke="#c9c2ad" stroke-width="0.5"/>'
        )
        if int(y.get("year", 0)) % 10 == 0:
            parts.append(
                f'<text x="{x + 1:.2f}" y="{year_y + year_h + 8}" font-size="8">{y.get("year")}</text>'
            )
        parts.append("</a>")
    parts.append("</svg>")
    return "".join(parts)


__all__ = [
    "DA_XIAN_ORDER",
    "DA_XIAN_YEARS",
    "DEFAULTS",
    "MONTH_NAMES",
    "OPTIONS",
    "TONG_XIAN",
    "Plan",
    "branches_at",
    "choice_src",
    "dongwei_xiu",
    "gong_label",
    "life_timeline",
    "liu_nian_at",
    "liu_yao",
    "liu_yue_of",
    "option_catalogue",
    "parse_on",
    "plan",
    "render_timeline_svg",
    "term_instant",
    "timeline",
    "validate",
    "xian",
    "xian_du",
    "xiao_xian_at",
]
