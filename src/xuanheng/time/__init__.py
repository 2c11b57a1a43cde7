"""xuanheng.time: instants and zones, 節氣, new moons, four pillars, 月將, 旬空, lunar date, solar time.

See docs/time.md for the conventions, options and measured accuracy.
"""

from xuanheng.time.calendar import CalendarChart, CalendarOptions, Pillars, SolarTerm, calendar
from xuanheng.time.chart_time import ChartTime
from xuanheng.time.instants import parse_instant, parse_zone
from xuanheng.time.lunar import LunarDate
from xuanheng.time.pillars import pillars_fast

__all__ = [
    "CalendarChart",
    "CalendarOptions",
    "ChartTime",
    "LunarDate",
    "Pillars",
    "SolarTerm",
    "calendar",
    "parse_instant",
    "parse_zone",
    "pillars_fast",
]
