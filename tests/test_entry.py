"""The one entry per method: ``xuanheng.<method>.cast(...)`` casts from an instant or, given the study inputs
as keywords, in study mode (the same chart as the study cast under its older name), refuses both at once and
names a missing coordinate; ``xuanheng.<method>.reading(chart, ...)`` is the reading function."""

from __future__ import annotations

from typing import Any

import pytest

from xuanheng import jinkoujue, liuren, liuyao
from xuanheng.errors import InputError

AT = {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai"}
CASES: list[tuple[Any, dict[str, Any], dict[str, Any], Any, str]] = [
    (
        jinkoujue,
        {"difen": "申"},
        {
            "day": "癸未",
            "hour": "亥",
            "month_branch": "卯",
            "year": "丙午",
            "yue_jiang": "戌",
            "is_day": False,
        },
        jinkoujue.cast_by_coordinates,
        "is_day",
    ),
    (liuren, {}, {"day": "丁卯", "yue_jiang": "亥", "hour": "丑"}, liuren.cast_by_coordinates, "hour"),
    (liuyao, {"lines": "887868"}, {"day": "癸丑", "month": "辰"}, liuyao.cast_study, "month"),
]


@pytest.mark.parametrize(("package", "common", "study", "old", "last"), CASES)
def test_cast_is_the_one_entry(
    package: Any, common: dict[str, Any], study: dict[str, Any], old: Any, last: str
) -> None:
    chart = package.cast(**study, **common)
    assert chart.to_json() == old(**study, **common).to_json()
    instant = package.cast(**AT, **common)
    assert type(instant) is type(chart) and instant.to_json() != chart.to_json()
    with pytest.raises(InputError):
        package.cast(**AT, **study, **common)
    if package is not liuyao:  # 六爻 needs only day and month: drop one of those instead
        partial = {k: v for k, v in study.items() if k != last}
        with pytest.raises(InputError) as e:
            package.cast(**partial, **common)
        assert e.value.field == last
    fired = package.reading(chart)
    assert isinstance(fired, list)


@pytest.mark.parametrize(("package", "common", "study", "old", "last"), CASES)
def test_the_entry_refusals_are_catalogued(
    package: Any, common: dict[str, Any], study: dict[str, Any], old: Any, last: str
) -> None:
    """Neither an instant nor study inputs, both, or part of the study inputs: each refusal carries its
    catalogue code, so a front end says it in the reader's language (checked in ko and zh-Hant)."""
    from xuanheng.i18n.messages import render

    calls = [
        ({**common}, "study.neither"),
        ({**AT, **study, **common}, "study.both"),
        ({**{k: v for k, v in study.items() if k != last}, **common}, "study.missing"),
    ]
    for kw, code in calls:
        with pytest.raises(InputError) as e:
            package.cast(**kw)
        assert e.value.code == code
        assert render(code, e.value.params, "en") == str(e.value)
        for lang in ("ko", "zh-Hant"):
            said = render(code, e.value.params, lang)
            assert "study" not in said and "give" not in said, (code, lang, said)
