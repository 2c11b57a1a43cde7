"""School options of a 六爻 chart, declared once in ``data/params.toml`` and validated from it.

Every option is a closed set of plain-string choices with labels in four languages and a source per
choice. The method's own options are declared in ``liuyao/data/params.toml``, the calendar's
(``day_boundary``, ``dst``) in the shared ``xuanheng/data/params.toml``; ``true_solar`` is the shared
true/false input (no school choice, echoed as ``"true"`` / ``"false"``). :data:`OPTION_SPECS` is that
declaration as values (the contract's :class:`~xuanheng.liuyao.params.LiuYaoParams` is made from the same
declarations). :func:`make_options` turns a dict / keywords into a validated :class:`Options`; an unknown
option or value raises :class:`~xuanheng.errors.OptionError` naming the option.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from xuanheng.errors import OptionError
from xuanheng.params import declared

_PKG = "xuanheng.liuyao"


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


#: (option, package that declares it, what it concerns: the calendar, the chart, the time or number cast)
_DECLARED: tuple[tuple[str, str, str], ...] = (
    ("day_boundary", "xuanheng", "calendar"),
    ("dst", "xuanheng", "calendar"),
    ("tu_months", _PKG, "chart"),
    ("kong", _PKG, "chart"),
    ("jin_tui", _PKG, "chart"),
    ("fan_yin", _PKG, "chart"),
    ("tu_changsheng", _PKG, "chart"),
    ("shen", _PKG, "chart"),
    ("time_year", _PKG, "cast_time"),
    ("time_leap", _PKG, "cast_time"),
    ("time_day", _PKG, "cast_time"),
    ("numbers_moving", _PKG, "cast_numbers"),
)


def _spec(name: str, package: str, group: str) -> OptionSpec:
    p = declared(package, name)
    return OptionSpec(
        name=name,
        default=str(p.default),
        label=p.label.all(),
        group=group,
        choices=tuple(Choice(str(c.value), c.label.all(), c.src) for c in p.choices),
    )


OPTION_SPECS: tuple[OptionSpec, ...] = tuple(_spec(*d) for d in _DECLARED)
SPEC_BY_NAME: dict[str, OptionSpec] = {s.name: s for s in OPTION_SPECS}
#: the true/false calendar input that the chart echoes as an option (``"true"`` / ``"false"``)
TRUE_SOLAR = "true_solar"
_BOOL_TEXT = ("false", "true")


@dataclass(frozen=True, slots=True)
class Options:
    """The options of one chart (every value a plain string; see ``data/params.toml``)."""

    day_boundary: str = "23:00"
    true_solar: str = "false"
    dst: str = "clock"
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
assert tuple(s.name for s in OPTION_SPECS) == tuple(n for n in OPTION_NAMES if n != TRUE_SOLAR), (
    "Options and data/params.toml disagree"
)
assert all(getattr(Options(), s.name) == s.default for s in OPTION_SPECS), "defaults disagree"
assert all(s.default in s.values for s in OPTION_SPECS), "a default is not one of its choices"
assert Options().true_solar == "false"  # clock time unless asked (the shared true_solar input: False)

DEFAULT_OPTIONS = Options()
_VALID: set[Options] = {DEFAULT_OPTIONS}


def _accepted(name: str) -> tuple[str, ...]:
    return _BOOL_TEXT if name == TRUE_SOLAR else SPEC_BY_NAME[name].values


def _plain(name: str, value: object) -> str:
    """Accept a bool for the true/false options, a str for all; anything else is an error."""
    if isinstance(value, bool) and _accepted(name) == _BOOL_TEXT:
        return "true" if value else "false"
    if isinstance(value, str):
        return value.strip()
    accepted = ", ".join(_accepted(name))
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
        for name in OPTION_NAMES:
            v = getattr(base, name)
            if not isinstance(v, str) or v not in _accepted(name):
                raise OptionError(
                    f"unknown {name} {v!r}: expected one of {', '.join(_accepted(name))}", field=name
                )
        _VALID.add(base)
    return base


__all__ = [
    "DEFAULT_OPTIONS",
    "OPTION_NAMES",
    "OPTION_SPECS",
    "SPEC_BY_NAME",
    "TRUE_SOLAR",
    "Choice",
    "OptionSpec",
    "Options",
    "make_options",
]
