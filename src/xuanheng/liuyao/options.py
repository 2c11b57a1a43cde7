"""School options of a 六爻 chart, declared once in ``data/params.toml`` and validated from it.

Every option is a closed set of plain-string choices with labels in four languages and a source per choice.
The method's own options are declared in ``liuyao/data/params.toml``, the calendar's (``day_boundary``,
``dst``, ``lunar_calendar``) in the shared ``xuanheng/data/params.toml``; ``true_solar`` is the shared
true/false input (no school choice, echoed as ``"true"`` / ``"false"``). :data:`OPTION_SPECS` is that
declaration as values (the contract's :class:`~xuanheng.liuyao.params.LiuYaoParams` is made from the same
declarations). :func:`make_options` turns a dict / keywords into a validated :class:`Options`; an unknown
option or value raises :class:`~xuanheng.errors.OptionError` naming the option.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from xuanheng.errors import OptionError
from xuanheng.params import DeclaredOptions, Param, option_declarations

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


def _group(name: str, package: str) -> str:
    """What an option concerns: the calendar (a shared option), the time or number cast, or the chart."""
    if package == "xuanheng":
        return "calendar"
    return (
        "cast_time"
        if name.startswith("time_")
        else "cast_numbers"
        if name.startswith("numbers_")
        else "chart"
    )


def _spec(p: Param) -> OptionSpec:
    return OptionSpec(
        name=p.name,
        default=str(p.default),
        label=p.label.all(),
        group=_group(p.name, p.source),
        choices=tuple(Choice(str(c.value), c.label.all(), c.src) for c in p.choices),
    )


#: the true/false calendar input that the chart echoes as an option (``"true"`` / ``"false"``)
TRUE_SOLAR = "true_solar"
_BOOL_TEXT = ("false", "true")


class PlainOptions(DeclaredOptions):
    """Options whose every value is a plain string, made from their declarations (``replace`` as for a
    dataclass)."""

    __slots__ = ()

    if TYPE_CHECKING:

        def __getattr__(self, name: str) -> str: ...

    @classmethod
    def default_of(cls, param: Param) -> str:
        # a true/false declaration (true_solar) is echoed as "true" / "false"
        v = param.default
        return _BOOL_TEXT[v] if isinstance(v, bool) else str(v)

    def __init__(self, **given: Any) -> None:
        for k, v in self.given(given).items():
            object.__setattr__(self, k, v)

    def replace(self: _O, **changes: Any) -> _O:
        return type(self)(**{**self.flat(), **changes})

    def to_json(self) -> dict[str, str]:
        return self.flat()


_O = TypeVar("_O", bound=PlainOptions)


class Options(PlainOptions):
    """The options of one chart (every value a plain string), each declared once in ``data/params.toml``
    (the shared ``day_boundary``, ``true_solar``, ``dst``, ``lunar_calendar`` named there by a stub, declared
    in ``xuanheng/data/params.toml``), in the order the chart echoes them; keywords only."""

    DECLARED = option_declarations(_PKG)
    __slots__ = tuple(k for k, _ in DECLARED)


OPTION_NAMES: tuple[str, ...] = Options.keywords()
OPTION_SPECS: tuple[OptionSpec, ...] = tuple(_spec(p) for k, p in Options.DECLARED if k != TRUE_SOLAR)
SPEC_BY_NAME: dict[str, OptionSpec] = {s.name: s for s in OPTION_SPECS}
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
        base = base.replace(**{k: _plain(k, v) for k, v in kw.items()})
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
    "PlainOptions",
    "make_options",
]
