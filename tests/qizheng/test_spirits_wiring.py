"""The natal chart carries the star spirits of its own pillars, palaces and options: ``hua_yao`` and
``shensha`` are what :func:`xuanheng.qizheng.spirits.star_spirits` gives for the chart's four pillars, its
命宮, 身宮, the palace of each 曜 and its day/night birth; the spirits' options are echoed and checked."""

from __future__ import annotations

import pytest

from xuanheng.core.ganzhi import BRANCHES
from xuanheng.errors import OptionError
from xuanheng.qizheng import DEFAULTS, cast
from xuanheng.qizheng.spirits import DEFAULT_OPTIONS, star_spirits


def _expected(c: object, options: dict[str, str] | None = None) -> dict[str, object]:
    j = c.to_json()  # type: ignore[attr-defined]
    cal = c.calendar  # type: ignore[attr-defined]
    yao_gong = {y["name"]: BRANCHES.index(y["gong"]) for y in j["yao"]}
    sc = star_spirits(
        cal.pillars.year,
        cal.pillars.month,
        cal.pillars.day,
        cal.pillars.hour,
        BRANCHES.index(j["ming_gong"]["branch"]),
        yao_gong,
        shen_gong=BRANCHES.index(j["shen_gong"]["branch"]),
        is_day=cal.is_day,
        options=options,
    )
    return sc.to_json()


@pytest.mark.parametrize(
    "options",
    [None, {"zhi_yuan": "element", "kong_wang": "both", "tian_xiong_di_ci": "identity"}],
)
def test_chart_spirits_are_those_of_its_pillars_and_palaces(options: dict[str, str] | None) -> None:
    c = cast("1983-10-27T18:30", tz="+08:00", lon=116.383333, lat=39.9, spirit_options=options)
    want = _expected(c, options)
    j = c.to_json()
    assert j["hua_yao"] == want["hua_yao"] and len(j["hua_yao"]) == 10
    assert j["shensha"] == want["shensha"] and len(j["shensha"]) > 40
    assert j["options"] == {**DEFAULTS, **DEFAULT_OPTIONS, **(options or {})}


def test_spirit_option_errors_name_the_option() -> None:
    with pytest.raises(OptionError) as e:
        cast("1983-10-27T18:30", tz="+08:00", spirit_options={"kong_wang": "three"})
    assert e.value.field == "kong_wang"
    with pytest.raises(OptionError) as e:
        cast("1983-10-27T18:30", tz="+08:00", spirit_options={"no_such": "x"})
    assert e.value.field == "no_such"
