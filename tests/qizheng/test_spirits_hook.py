"""The star-spirit hook: with a ``xuanheng.qizheng.spirits`` module present, ``hua_yao`` and ``shensha`` are
filled from its ``star_spirits``; without it they stay empty."""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any

import pytest

from xuanheng.qizheng import cast

cast_module = importlib.import_module("xuanheng.qizheng.cast")


def test_without_module_empty() -> None:
    cast_module._spirits_function.cache_clear()
    if "xuanheng.qizheng.spirits" in sys.modules:  # the real module is merged: not this test's business
        pytest.skip("the spirits module is installed")
    c = cast("1983-10-27T18:30", tz="+08:00")
    assert c.hua_yao == {} and c.shensha == ()


def test_with_a_module(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Any, ...]] = []

    class FakeChart:
        def to_json(self) -> dict[str, Any]:
            hit = {"name": "天馬", "branch": "寅", "src": ["003-079"]}
            return {"hua_yao": {"祿": "計"}, "shensha": [hit], "warnings": ["from the fake"]}

    def star_spirits(*args: Any, **kwargs: Any) -> FakeChart:
        calls.append((args, kwargs))
        return FakeChart()

    mod = types.ModuleType("xuanheng.qizheng.spirits")
    mod.star_spirits = star_spirits  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "xuanheng.qizheng.spirits", mod)
    cast_module._spirits_function.cache_clear()
    try:
        c = cast(
            "1983-10-27T18:30", tz="+08:00", lon=116.383333, lat=39.9, sex="女", spirit_options={"a": "b"}
        )
    finally:
        cast_module._spirits_function.cache_clear()
    ((args, kwargs),) = calls
    assert [g.name for g in args[:4]] == ["癸亥", "壬戌", "戊子", "辛酉"]
    assert args[4] == 9 and args[5]["日"] == 3 and len(args[5]) == 11  # 命宮 酉, 日 in 卯
    assert kwargs == {"shen_gong": c.shen_gong.branch, "is_day": False, "sex": "女", "options": {"a": "b"}}
    j = c.to_json()
    assert (
        j["hua_yao"] == {"祿": "計"}
        and j["shensha"][0]["branch"] == "寅"
        and "from the fake" in j["warnings"]
    )
