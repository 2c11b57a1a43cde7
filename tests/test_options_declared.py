"""Every Options class says what its ``data/params.toml`` declares: the same options in the same order, the
same defaults, the same choices, and a value outside the choices refused with the option named.

The expected values are read from the TOML files here with :mod:`tomllib` (not through the code under
test), so a class that spelled an option, a default or a choice of its own would fail.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

import xuanheng
from xuanheng.errors import OptionError

_ROOT = Path(xuanheng.__file__).parent
_SHARED = tomllib.loads((_ROOT / "data" / "params.toml").read_text(encoding="utf-8"))
_BAD = "no-such-choice"


def _declared(method: str, scope: str = "") -> list[tuple[str, Any, tuple[Any, ...]]]:
    """(keyword, default, choices) of the method's options of *scope*, in the file's order."""
    data = tomllib.loads((_ROOT / method / "data" / "params.toml").read_text(encoding="utf-8"))
    out = []
    for key, d in data["option"].items():
        if d.get("scope", "") != scope:
            continue
        if "shared" in d:
            name = key if d["shared"] is True else d["shared"]
            d = {**_SHARED.get("option", {}), **_SHARED["input"]}[name]
        out.append((key, d.get("default"), tuple(c["value"] for c in d.get("choice", ()))))
    return out


def _refused(make: Any, keyword: str) -> None:
    with pytest.raises(OptionError) as e:
        make(**{keyword: _BAD})
    assert e.value.field == keyword


def test_jinkoujue_options() -> None:
    from xuanheng.jinkoujue import JinKouJueOptions

    declared = _declared("jinkoujue")
    assert JinKouJueOptions.keywords() == tuple(k for k, _, _ in declared)
    assert list(JinKouJueOptions().to_json()) == [k for k, _, _ in declared]
    for keyword, default, choices in declared:
        assert JinKouJueOptions().to_json()[keyword] == default, keyword
        assert JinKouJueOptions.choices(keyword) == choices, keyword
        _refused(JinKouJueOptions, keyword)


def test_liuren_options() -> None:
    from xuanheng.liuren import Options, make_options

    declared = _declared("liuren")
    assert list(Options().flat()) == [k for k, _, _ in declared]
    for keyword, default, choices in declared:
        assert Options().flat()[keyword] == (False if default is None else default), keyword
        assert Options.choices(keyword) == choices, keyword
        _refused(make_options, keyword)


def test_liuyao_options() -> None:
    from xuanheng.liuyao import Options, make_options
    from xuanheng.liuyao.reading import ReadingOptions, make_reading_options

    for cls, make, scope in ((Options, make_options, ""), (ReadingOptions, make_reading_options, "reading")):
        declared = _declared("liuyao", scope)
        assert list(cls().to_json()) == [k for k, _, _ in declared]
        for keyword, default, choices in declared:
            want = ("true" if default else "false") if isinstance(default, bool) else default
            assert cls().to_json()[keyword] == want, keyword
            assert cls.choices(keyword) == choices, keyword
            _refused(make, keyword)


def test_qizheng_options() -> None:
    from xuanheng.qizheng.options import DEFAULTS, OPTIONS, validate

    declared = _declared("qizheng")
    assert list(DEFAULTS) == [k for k, _, _ in declared]
    for keyword, default, choices in declared:
        assert DEFAULTS[keyword] == default, keyword
        assert OPTIONS[keyword].values == choices, keyword
        with pytest.raises(OptionError) as e:
            validate({keyword: _BAD})
        assert e.value.field == keyword
