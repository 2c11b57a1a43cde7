"""Four pillars (四柱), 月將 and 旬空 from an instant: the fast path.

Rules (all boundaries are exact instants):

* year: changes at 立春; month: at each 節 (month branch from ``data/terms.toml`` [month_branch]);
  month stem by 五虎遁 (《三命通會》卷二), here as one continuous sixty-count of months, which is the same;
* day: sixty-count of civil days; the day changes at 23:00 (子初換日, default) or at 00:00;
  1970-01-01 is 辛巳 (index 17), the anchor of the count — 《欽定協紀辨方書》 day tables continue the
  unbroken 干支 day cycle, checked in the tests against classical dated examples and lunar-python;
* hour: 2-hour branches, 子 = 23:00–01:00; the hour stem is the continuous sixty-count of double hours,
  which equals 五鼠遁 from the day in which the 子 hour starts (so with ``00:00`` the late 子 hour
  23:00–24:00 takes the next day's 子 stem, the 夜子時 reading);
* 月將: changes at each 中氣 (default) or at each 節 (option), table [yue_jiang].
"""

from __future__ import annotations

import math
from bisect import bisect_right

from xuanheng.time import tables as _tb
from xuanheng.time._data import MONTH_BRANCH_BY_JIE, YUE_JIANG_BY_QI
from xuanheng.time.search import term_around

#: 1970-01-01 is 辛巳 (17); the 子 hour opening that day is 戊子 (24)
DAY_GZ_1970 = 17
HOUR_GZ_1970 = 24
#: sixty-count anchors: 1984 (甲子年) and its 寅 month 丙寅 (2)
_YEAR_GZ_OFFSET = -4  # year 4 CE was 甲子
_MONTH_GZ_ANCHOR = 2 - 12 * 1984

_JIE = _tb.JIE
_QI = _tb.QI
_T_MIN = _tb.T_MIN
_T_MAX = _tb.T_MAX
_Y0 = _tb.FIRST_YEAR
# month counter m (0 = 寅 month) → 月將 under each mode
_YJ_QI = tuple(YUE_JIANG_BY_QI[(22 + 2 * m) % 24] for m in range(12))  # m-th 中氣 from 雨水
_YJ_JIE = _YJ_QI  # the 將 of a month's 中氣 taking over at the month's 節
_MB = tuple(MONTH_BRANCH_BY_JIE[(21 + 2 * m) % 24] for m in range(12))


def _months_slow(utc: float) -> tuple[int, int]:
    """(absolute month count 12·Y + m from 立春, number of 中氣 since 雨水 of that year) by root finding."""
    (k, _at), _ = term_around(utc)
    jk = k if k % 2 == 1 else (k - 1) % 24
    m = ((jk - 21) // 2) % 12
    y = _cal_year(utc)
    mon = _cal_month(utc)
    if mon <= 3 and m >= 9:
        y -= 1
    elif mon >= 11 and m <= 2:  # pragma: no cover - impossible with a Gregorian year
        y += 1
    # 中氣 count: even k from 雨水 (22); the 中氣 belonging to month m is 22 + 2m
    if k % 2 == 0:
        q_m = ((k - 22) // 2) % 12
        q_abs = 12 * y + q_m if q_m >= m else 12 * (y + 1) + q_m
    else:
        # the month's 中氣 has not come yet: the last one is the previous month's
        q_abs = 12 * y + m - 1
    return 12 * y + m, q_abs


def _cal_year(utc: float) -> int:
    return int(_cal_ymd(utc)[0])


def _cal_month(utc: float) -> int:
    return int(_cal_ymd(utc)[1])


def _cal_ymd(utc: float) -> tuple[int, int, int]:
    days = math.floor(utc / 86400.0)
    # civil-from-days (proleptic Gregorian), H. Hinnant's algorithm
    z = days + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    y = yoe + era * 400
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    return (y + 1 if m <= 2 else y), m, d


def month_counts(utc: float) -> tuple[int, int]:
    """(12·year + month index since 立春, 12·year + 中氣 index since 雨水) for a Unix instant."""
    if _T_MIN <= utc < _T_MAX:
        i = bisect_right(_JIE, utc) - 1
        q = bisect_right(_QI, utc) - 1
        return 12 * _Y0 + i, 12 * _Y0 + q
    return _months_slow(utc)


def pillars_fast(
    utc: float, offset: float, day_boundary_23: bool = True, yue_jiang_jie: bool = False
) -> tuple[int, int, int, int, int, int, int]:
    """Four pillars, 月將 and day 旬空 for a Unix instant and a clock offset (seconds east of UTC).

    Returns ``(year_gz, month_gz, day_gz, hour_gz, yue_jiang, kong1, kong2)`` as indices (干支 0–59,
    branches 0–11). *offset* is the civil (or true-solar) offset of the wall clock that counts days and
    hours; 節, 中氣 and 立春 are instants and do not depend on it.
    """
    if _T_MIN <= utc < _T_MAX:
        i = bisect_right(_JIE, utc) - 1
        ma = 12 * _Y0 + i
        yj = _YJ_JIE[i % 12] if yue_jiang_jie else _YJ_QI[(bisect_right(_QI, utc) - 1) % 12]
    else:
        ma, qa = _months_slow(utc)
        yj = _YJ_JIE[ma % 12] if yue_jiang_jie else _YJ_QI[qa % 12]
    local = utc + offset
    day = int((local + 3600.0 if day_boundary_23 else local) // 86400.0)
    dgz = (day + DAY_GZ_1970) % 60
    hgz = (int((local + 3600.0) // 7200.0) + HOUR_GZ_1970) % 60
    head = (dgz % 12 - dgz % 10) % 12
    return (
        (ma // 12 + _YEAR_GZ_OFFSET) % 60,
        (ma + _MONTH_GZ_ANCHOR) % 60,
        dgz,
        hgz,
        yj,
        (head + 10) % 12,
        (head + 11) % 12,
    )


def month_branch(month_count: int) -> int:
    """月建 of an absolute month count (table [month_branch])."""
    return _MB[month_count % 12]


__all__ = ["DAY_GZ_1970", "HOUR_GZ_1970", "month_branch", "month_counts", "pillars_fast"]
