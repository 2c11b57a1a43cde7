"""The one entry per method: ``xuanheng.<method>.cast(...)`` (the function of the method's ``cast.py``) casts
from an instant or, given the study inputs as keywords, in study mode, refuses both at once and names a
missing coordinate; ``xuanheng.<method>.reading(chart, ...)`` is the reading function — for every registered
method with a reading."""

from __future__ import annotations

import importlib
import importlib.util
import json
from typing import Any

import pytest

from xuanheng import jinkoujue, liuren, liuyao
from xuanheng.errors import InputError
from xuanheng.methods import METHOD_PACKAGES, registry
from xuanheng.reading import FiredRule

AT = {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai"}
CASES: list[tuple[Any, dict[str, Any], dict[str, Any], str]] = [
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
        "is_day",
    ),
    (liuren, {}, {"day": "丁卯", "yue_jiang": "亥", "hour": "丑"}, "hour"),
    (liuyao, {"lines": "887868"}, {"day": "癸丑", "month": "辰"}, "month"),
]


@pytest.mark.parametrize(("package", "common", "study", "last"), CASES)
def test_cast_is_the_one_entry(
    package: Any, common: dict[str, Any], study: dict[str, Any], last: str
) -> None:
    chart = package.cast(**study, **common)
    assert study["day"] in json.dumps(chart.to_json(), ensure_ascii=False)  # the given day, not today's
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


@pytest.mark.parametrize(("package", "common", "study", "last"), CASES)
def test_the_entry_refusals_are_catalogued(
    package: Any, common: dict[str, Any], study: dict[str, Any], last: str
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


#: the built-in methods with a reading (a method registered from outside has no ``xuanheng.<name>`` package)
READ = [m.name for m in registry().values() if m.read is not None and f"xuanheng.{m.name}" in METHOD_PACKAGES]


def test_the_four_methods_are_read() -> None:
    assert {"jinkoujue", "liuren", "liuyao", "qizheng"} <= set(READ)


@pytest.mark.parametrize("name", READ)
def test_every_method_casts_and_reads_by_its_package(name: str) -> None:
    """Each registered method with a reading: its package's ``cast`` is the function of its ``cast.py`` and
    casts the method's example with the contract's parameter names as keywords; its package's ``reading``
    reads that chart, with and without a topic; no second name of the cast or old cast module is left."""
    method = registry()[name]
    pkg = f"xuanheng.{name}"
    package = importlib.import_module(pkg)
    assert package.cast is importlib.import_module(f"{pkg}.cast").cast
    for old in ("cast_by_coordinates", "cast_study", "cast_plain", "entry", "engine", "api", "life"):
        assert not hasattr(package, old), (name, old)
        assert importlib.util.find_spec(f"{pkg}.{old}") is None, (name, old)
    chart = package.cast(**method.example)
    assert isinstance(chart.to_json(), dict)
    fired = package.reading(chart)
    assert fired and all(isinstance(f, FiredRule) for f in fired)
    topic = next(iter(method.topics()), None)
    assert all(isinstance(f, FiredRule) for f in package.reading(chart, topic=topic))
