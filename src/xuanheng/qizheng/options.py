"""The school options of a 七政四餘 chart, loaded once from ``data/params.toml`` and validated against it.

``data/params.toml`` declares every parameter of the method once (the method contract's format, read by
:mod:`xuanheng.qizheng.params` as well); the chart's options are its ``[option.*]`` tables without
``scope``, the star spirits' options (``scope = "spirits"``) are read by :mod:`xuanheng.qizheng.spirits`.

Each option is a closed set of choices with a default; each choice has labels in ko / zh-Hant / zh-Hans / en
and a source. ``ming_gong`` also accepts a palace branch (子 … 亥) given by hand. Values are kept as plain
strings, so a chart's ``options`` echo is the same dict a front end sends.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from xuanheng.core._data import load_package_data
from xuanheng.core.ganzhi import BRANCHES, branch_index
from xuanheng.errors import InputError, OptionError

LANGS = ("ko", "zh-Hant", "zh-Hans", "en")


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice of an option: its value, labels by language and source."""

    value: str
    labels: Mapping[str, str]
    src: str


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """An option: name, default, what it decides, choices; ``branch``: a palace branch is also accepted."""

    name: str
    default: str
    doc: str
    choices: tuple[Choice, ...]
    branch: bool = False
    branch_labels: Mapping[str, str] = field(default_factory=dict)
    branch_src: str = ""

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(c.value for c in self.choices)


def _load() -> dict[str, OptionSpec]:
    raw = load_package_data("xuanheng.qizheng", "params")["option"]
    out: dict[str, OptionSpec] = {}
    for name, o in raw.items():
        if o.get("scope"):  # the star spirits' options (xuanheng.qizheng.spirits)
            continue
        choices = tuple(
            Choice(value=str(c["value"]), labels=MappingProxyType(dict(c["label"])), src=str(c["src"]))
            for c in o["choice"]
        )
        out[name] = OptionSpec(
            name=name,
            default=str(o["default"]),
            doc=str(o["help"]["en"] if isinstance(o.get("help"), dict) else o.get("help", "")),
            choices=choices,
            branch="branch_labels" in o,
            branch_labels=MappingProxyType(dict(o.get("branch_labels", {}))),
            branch_src=str(o.get("branch_src", "")),
        )
    return out


#: every option by name (read-only)
OPTIONS: Mapping[str, OptionSpec] = MappingProxyType(_load())
#: the default of every option
DEFAULTS: Mapping[str, str] = MappingProxyType({k: v.default for k, v in OPTIONS.items()})


def _accepted(spec: OptionSpec) -> str:
    vals = ", ".join(spec.values)
    return f"{vals} or a branch 子 … 亥" if spec.branch else vals


_VALID: dict[tuple[tuple[str, Any], ...], dict[str, str]] = {}


def validate(options: Mapping[str, Any] | None) -> dict[str, str]:
    """Complete *options* with the defaults and check each value (:class:`OptionError`, field = name)."""
    try:
        key = tuple(options.items()) if options else ()
        got = _VALID.get(key)
    except TypeError:  # an unhashable value: checked (and refused) below
        key, got = None, None
    if got is not None:
        return dict(got)
    out = _validate(options)
    if key is not None and len(_VALID) < 1024:
        _VALID[key] = dict(out)
    return out


def _validate(options: Mapping[str, Any] | None) -> dict[str, str]:
    out = dict(DEFAULTS)
    for name, value in (options or {}).items():
        spec = OPTIONS.get(name)
        if spec is None:
            raise OptionError(
                f"unknown 七政四餘 option {name!r}: accepted {', '.join(sorted(OPTIONS))}", field=str(name)
            )
        if value is None:
            continue
        text = value.strip() if isinstance(value, str) else value
        if isinstance(text, str) and text in spec.values:
            out[name] = text
            continue
        if spec.branch and not isinstance(text, bool):
            try:
                out[name] = BRANCHES[branch_index(text)]
                continue
            except InputError:
                pass
        raise OptionError(f"option {name} = {value!r} is not known: accepted {_accepted(spec)}", field=name)
    return out


def manual_branch(value: str) -> int | None:
    """The branch index of a hand-given ``ming_gong`` value, or None for a rule name."""
    return BRANCHES.index(value) if value in BRANCHES else None


def catalogue() -> list[dict[str, Any]]:
    """The options as plain data (for front ends): name, default, doc, choices with labels and sources."""
    out = []
    for spec in OPTIONS.values():
        choices: list[dict[str, Any]] = [
            {"value": c.value, "labels": dict(c.labels), "src": c.src} for c in spec.choices
        ]
        if spec.branch:
            choices += [
                {
                    "value": b,
                    "labels": {k: f"{v} {b}" for k, v in spec.branch_labels.items()},
                    "src": spec.branch_src,
                }
                for b in BRANCHES
            ]
        out.append({"name": spec.name, "default": spec.default, "doc": spec.doc, "choices": choices})
    return out


__all__ = ["DEFAULTS", "LANGS", "OPTIONS", "Choice", "OptionSpec", "catalogue", "manual_branch", "validate"]
