"""School options of a 六爻 chart, declared once in ``data/options.toml`` and validated from it.

Every option is a closed set of plain-string choices with labels in four languages and a source per
choice; :data:`OPTION_SPECS` is that declaration as values (the method contract generates front ends from
it). :func:`make_options` turns a dict / keywords into a validated :class:`Options`; an unknown option or
value raises :class:`~xuanheng.errors.OptionError` naming the option.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from xuanheng.core._data import load_package_data
from xuanheng.errors import OptionError

_T = load_package_data("xuanheng.liuyao", "options")


@dataclass(frozen=True, slots=True)
class Choice:
    """One accepted value of an option, with its labels (ko, zh-Hant, zh-Hans, en) and source."""

    value: str
    labels: dict[str, str]
    src: str

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "labels": dict(self.labels), "src": self.src}


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """The declaration of one option: name, default, label, group and its choices."""

    name: str
    default: str
    label: dict[str, str]
    group: str
    choices: tuple[Choice, ...]

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(c.value for c in self.choices)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "default": self.default,
            "label": dict(self.label),
            "group": self.group,
            "choices": [c.to_json() for c in self.choices],
        }


OPTION_SPECS: tuple[OptionSpec, ...] = tuple(
    OptionSpec(
        name=o["name"],
        default=o["default"],
        label=dict(o["label"]),
        group=o["group"],
        choices=tuple(Choice(c["value"], dict(c["labels"]), c["src"]) for c in o["choice"]),
    )
    for o in _T["option"]
)
SPEC_BY_NAME: dict[str, OptionSpec] = {s.name: s for s in OPTION_SPECS}


@dataclass(frozen=True, slots=True)
class Options:
    """The options of one chart (every value a plain string; see ``data/options.toml``)."""

    day_boundary: str = "23:00"
    true_solar: str = "false"
    dst: str = "clock"
    lunar_calendar: str = "chinese"
    tu_months: str = "ji_yue"
    kong: str = "day"
    jin_tui: str = "seven"
    fan_yin: str = "houtian"
    tu_changsheng: str = "shui"
    shen: str = "yue_gua_shen"
    time_year: str = "lunar"
    time_leap: str = "same"
    time_day: str = "day_boundary"
    numbers_moving: str = "sum"

    def to_json(self) -> dict[str, str]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in fields(Options))
# the dataclass and the declaration must agree (names and defaults)
assert tuple(s.name for s in OPTION_SPECS) == OPTION_NAMES, "Options and data/options.toml disagree"
assert all(getattr(Options(), s.name) == s.default for s in OPTION_SPECS), "defaults disagree"
assert all(s.default in s.values for s in OPTION_SPECS), "a default is not one of its choices"

DEFAULT_OPTIONS = Options()
_VALID: set[Options] = {DEFAULT_OPTIONS}


def _plain(name: str, value: object) -> str:
    """Accept a bool for the true/false options, a str for all; anything else is an error."""
    if isinstance(value, bool) and SPEC_BY_NAME[name].values == ("false", "true"):
        return "true" if value else "false"
    if isinstance(value, str):
        return value.strip()
    accepted = ", ".join(SPEC_BY_NAME[name].values)
    raise OptionError(f"option {name} must be one of {accepted}, not {value!r}", field=name)


def make_options(options: Options | dict[str, Any] | None = None, **kw: Any) -> Options:
    """A validated :class:`Options` from an Options, a dict of option names, and/or keyword overrides."""
    if not kw and (options is None or (type(options) is Options and options in _VALID)):
        return options if options is not None else DEFAULT_OPTIONS
    if isinstance(options, dict):
        kw = {**options, **kw}
        options = None
    elif options is not None and not isinstance(options, Options):
        raise OptionError(
            f"options must be a liuyao Options or a dict, not {type(options).__name__}", field="options"
        )
    unknown = sorted(set(kw) - set(OPTION_NAMES))
    if unknown:
        raise OptionError(
            f"unknown option(s) {', '.join(map(str, unknown))}: accepted are {', '.join(OPTION_NAMES)}",
            field=str(unknown[0]),
        )
    base = options if options is not None else DEFAULT_OPTIONS
    if kw:
        base = replace(base, **{k: _plain(k, v) for k, v in kw.items()})
    try:
        known = base in _VALID
    except TypeError:  # an unhashable value: certainly not a valid choice
        known = False
    if not known:
        for spec in OPTION_SPECS:
            v = getattr(base, spec.name)
            if not isinstance(v, str) or v not in spec.values:
                raise OptionError(
                    f"unknown {spec.name} {v!r}: expected one of {', '.join(spec.values)}", field=spec.name
                )
        _VALID.add(base)
    return base


__all__ = [
    "DEFAULT_OPTIONS",
    "OPTION_NAMES",
    "OPTION_SPECS",
    "SPEC_BY_NAME",
    "Choice",
    "OptionSpec",
    "Options",
    "make_options",
]
