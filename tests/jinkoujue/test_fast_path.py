"""The memo tables of the 金口訣 cast (``jinkoujue._fast``) give exactly the charts of the rule statement
(``jinkoujue.cast.chart``, reached with ``cast_by_coordinates(..., plain=True)``), field for field, on the
golden master's sample of coordinates, options and inputs, and on casts from instants."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from typing import Any

from xuanheng.errors import XuanhengError
from xuanheng.jinkoujue import cast_by_coordinates

_GM = Path(__file__).with_name("test_golden_master.py")
_spec = importlib.util.spec_from_file_location("_golden_master_sampler", _GM)
assert _spec is not None and _spec.loader is not None
gm: Any = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gm)


def _image(chart: Any) -> Any:
    js = chart.to_json()
    return [gm._canon(chart), js]


def test_fast_path_equals_plain_path_on_the_golden_sample() -> None:
    rng = random.Random(20261201)
    checked = 0
    for _ in range(3_000):
        kw, _rd = gm._coord_case(rng)
        try:
            fast = cast_by_coordinates(**kw)
        except XuanhengError as e:
            try:
                cast_by_coordinates(**kw, plain=True)
            except XuanhengError as e2:
                assert (type(e2), e2.field, str(e2)) == (type(e), e.field, str(e))
                continue
            raise AssertionError(f"only the fast path refused {kw}") from None
        plain = cast_by_coordinates(**kw, plain=True)
        assert _image(plain) == _image(fast), kw
        checked += 1
    assert checked > 2_500


def test_the_plain_path_builds_new_values() -> None:
    """The plain path shares nothing with the memo tables (it must not read them)."""
    kw = {
        "day": "癸未",
        "hour": "亥",
        "month_branch": "卯",
        "year": "丙午",
        "yue_jiang": "戌",
        "is_day": False,
    }
    a = cast_by_coordinates(difen="申", **kw)
    b = cast_by_coordinates(difen="申", **kw, plain=True)
    assert a == b and a.ren_yuan is not b.ren_yuan and a.shensha[0] is not b.shensha[0]
