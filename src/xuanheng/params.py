"""``Params``: the typed declaration of a method's inputs and school options; front ends are made of it.

A method declares each input once, as a :class:`Param`: its name (the Python keyword, the JSON and query
key), its kind, its label in four languages, a one-line help text, its default and — for a school option —
the closed set of :class:`Choice` values, each with its label and its source. The labels, defaults and sources
are data, in the method's ``data/params.toml`` (the calendar options, which every method shares, in
``time/data/params.toml``)::

    [option.shehai]
    default = "depth"
    label = { ko = "섭해 취법", zh-Hant = "涉害取法", en = "涉害 method" }
    help = "涉害 by depth (default) or 孟仲季"
    [[option.shehai.choice]]
    value = "depth"
    label = { ko = "깊이로 셈", zh-Hant = "論深淺", en = "by depth" }
    src = "《六壬大全》卷七〈涉害〉"

    [input.difen]
    label = { ko = "지분", zh-Hant = "地分", en = "place (地分)" }
    help.en = "地分: a branch (申) …"
    help.ko = "지분: 지지(申, 신) …"
    help.zh-Hant = "地分：地支（申）……"

``help`` is English alone, or ``help.en`` with ``help.ko`` and ``help.zh-Hant``: the command line's ``--help
--lang ko`` says the latter (:meth:`Param.help_in`); the API and MCP schemas describe a parameter in English.

The command line (flags and ``--help``), the HTTP API (query and body schema, OpenAPI), the web form and the
MCP tool schema are generated from the declaration; no front end spells a choice or a default again. What
only a front end needs (command-line flags and metavars, older API names, form hints) is the front ends'
data, :mod:`xuanheng.frontend`.

A method's parameter class subclasses :class:`Params` and sets ``SPEC``. An instance is immutable and
validated when it is made: an unknown name is an :class:`~xuanheng.errors.OptionError`, a value outside its
kind or choices an :class:`~xuanheng.errors.InputError` / ``OptionError`` naming the parameter.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from operator import attrgetter
from typing import Any, ClassVar, Literal, TypeVar

from xuanheng.core import parse
from xuanheng.errors import InputError, OptionError, echo, short
from xuanheng.reading import LANGS, Text
from xuanheng.rules.engine import read_table
from xuanheng.time.solar import LAT_ACCEPTED, LON_ACCEPTED

Kind = Literal["choice", "text", "int", "float", "bool", "instant"]
KINDS: tuple[str, ...] = ("choice", "text", "int", "float", "bool", "instant")
#: where a parameter sits on the form and in ``--help`` (in this order)
GROUPS: tuple[str, ...] = ("time", "place", "calendar", "input", "study", "school", "person")


@dataclass(frozen=True, slots=True)
class Choice:
    """One value of a school option: the value as the API spells it, its label, and its source."""

    value: str | bool
    label: Text
    src: str = ""
    #: other spellings a user may type (``부모`` for 父母); a parameter with any is also taken by its
    #: choices' labels in every language (:func:`xuanheng.reading.judgment.spellings`)
    aliases: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "label": self.label.all(), "src": self.src}


@dataclass(frozen=True, slots=True)
class Param:
    """One input or school option of a method (see the module docstring)."""

    name: str
    kind: Kind
    label: Text
    #: the help in English (the API's and the MCP schema's description)
    help: str
    default: Any = None
    choices: tuple[Choice, ...] = ()
    #: a choice parameter that also accepts a value given by hand of this kind (``"branch"``)
    also: str = ""
    required: bool = False
    #: a school option (shown among the options, with its choices' labels and sources)
    option: bool = False
    group: str = "input"
    max_length: int | None = None
    ge: float | None = None
    le: float | None = None
    #: what the value range is, in words, for error messages (numbers)
    accepted: str = ""
    #: the cast modes that use it (empty: every mode); the command line refuses it in the others
    modes: tuple[str, ...] = ()
    #: a converter of its own, for an input whose checks are richer than its kind's
    convert_with: Callable[[Any], Any] | None = None
    #: the package whose ``data/params.toml`` declares it (``xuanheng`` for the shared parameters)
    source: str = ""
    #: the table of the other spellings its choices are taken by (spelling → value), when it is not its
    #: choices' own ``aliases`` (``about``: the persons of ``reading/data/verdicts.toml``)
    names: Callable[[], Mapping[str, str]] | None = None
    #: the help in every language, when the declaration gives it in ko and zh-Hant too (``help.ko`` …)
    help_text: Text | None = None

    def help_in(self, lang: str) -> str:
        """The help in *lang*: its declared text in that language, else the English."""
        return self.help if self.help_text is None else self.help_text.get(lang)

    @property
    def values(self) -> tuple[Any, ...]:
        return tuple(c.value for c in self.choices)

    def choice(self, value: Any) -> Choice | None:
        return next((c for c in self.choices if c.value == value), None)

    def convert(self, value: Any) -> Any:
        """*value* checked and normalised for this parameter (``None`` stays ``None``)."""
        if value is None:
            return None
        if self.convert_with is not None:  # its own checks (the place's range: the time core's)
            return self.convert_with(value)
        if self.kind == "choice":
            return self._convert_choice(value)
        if self.kind == "bool":
            return to_bool(value, self.name)
        if self.kind == "int":
            lo = -(10**12) if self.ge is None else int(self.ge)
            hi = 10**12 if self.le is None else int(self.le)
            return parse.integer(value, self.name, lo, hi)
        if self.kind == "float":
            return self._in_range(parse.number(value, self.name, self.accepted or "a number"))
        if self.kind == "instant":
            if isinstance(value, datetime):
                return value
            if not isinstance(value, str):
                raise InputError(
                    f"{self.name} {echo(value)} is not a date-time (ISO 8601 text)", field=self.name
                )
            return self._within_length(value)
        if not isinstance(value, str):
            raise InputError(f"{self.name} {echo(value)} is not text", field=self.name)
        return self._within_length(value)

    def _in_range(self, x: float) -> float:
        """*x* within the declared bounds ``ge`` … ``le`` (what the HTTP schema documents)."""
        if (self.ge is not None and x < self.ge) or (self.le is not None and x > self.le):
            raise InputError(f"{self.name} {x:g} is out of range: accepted {self.accepted}", field=self.name)
        return x

    @property
    def length_limit(self) -> int:
        """The most characters a text or instant value may have: the declared ``max_length``, else 40 for
        an instant and 200 for a text (what :meth:`convert` checks and the HTTP schema documents)."""
        return self.max_length or (40 if self.kind == "instant" else 200)

    def _within_length(self, value: str) -> str:
        n = self.length_limit
        if len(value) > n:
            raise InputError(
                f"{self.name} {echo(value)} is too long: at most {n} characters", field=self.name
            )
        return value

    def _convert_choice(self, value: Any) -> Any:
        if isinstance(value, bool) or any(isinstance(v, bool) for v in self.values):
            b = to_bool(value, self.name) if not isinstance(value, bool) else value
            if b in self.values:
                return b
        elif isinstance(value, str) and value in self.values:
            return value
        elif isinstance(value, str) and (same := self._by_simplified(value)) is not None:
            return same  # 妻财 → 妻財, 应 → 應: a value typed in Simplified characters
        elif isinstance(value, str) and (named := _choice_names(self.choices).get(value.strip().lower())):
            return named  # 부모 → 父母: a label or an alias of a choice that declares aliases
        if self.also == "branch" and isinstance(value, str | int) and not isinstance(value, bool):
            from xuanheng.core.ganzhi import BRANCHES, SHEN_NAMES

            try:
                index = parse.branch(value, self.name)
            except InputError:
                pass
            else:  # a branch or 天神 name stays as written; an index or a Korean reading becomes its branch
                written = value.strip() if isinstance(value, str) else ""
                return written if written in (BRANCHES[index], SHEN_NAMES[index]) else BRANCHES[index]
        also = ", or a branch (子 … 亥, a 天神 name such as 登明, or 0–11)" if self.also == "branch" else ""
        accepted = ", ".join(str(v).lower() if isinstance(v, bool) else str(v) for v in self.values)
        raise OptionError(
            f"unknown value {echo(value)} for option {self.name}: expected one of {accepted}{also}",
            field=self.name,
        )

    def _by_simplified(self, value: str) -> str | None:
        """The choice whose value is *value* once both are written in Simplified characters, if one is."""
        from xuanheng.reading import to_simplified

        typed = to_simplified(value.strip())
        return next(
            (v for v in self.values if isinstance(v, str) and v != typed and to_simplified(v) == typed), None
        )

    def to_json(self) -> dict[str, Any]:
        """What the page and the MCP schema learn about the parameter."""
        out: dict[str, Any] = {
            "name": self.name,
            "kind": self.kind,
            "label": self.label.all(),
            "help": self.help,
            "default": self.default,
            "group": self.group,
            "option": self.option,
        }
        if self.help_text is not None:  # the help in every language (the page's hover text)
            out["help_text"] = self.help_text.all()
        if self.choices:
            out["choices"] = [c.to_json() for c in self.choices]
        if self.also:
            out["also"] = self.also
        if self.modes:
            out["modes"] = list(self.modes)
        return out

    def spellings(self) -> tuple[str, ...]:
        """The spellings besides its values that the parameter takes for its choices (lower case, sorted):
        each choice's labels in every language and its aliases (``부모``, ``parent`` for 父母), from the one
        table the converter reads (``names``, else the choices' ``aliases``); none when it has neither."""
        table = self.names() if self.names is not None else _choice_names(self.choices)
        values = {str(v) for v in self.values}
        return tuple(sorted(k for k in table if k not in values))


def to_bool(value: Any, name: str) -> bool:
    """*value* as true or false: a bool, or the text true / false, 1 / 0, yes / no, on / off (any case,
    spaces around); anything else is an :class:`InputError` naming *name*."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "1", "yes", "on"):
        return True
    if isinstance(value, str) and value.strip().lower() in ("false", "0", "no", "off"):
        return False
    raise InputError(f"{name} {echo(value)} is not true or false", field=name)


P = TypeVar("P", bound="Params")


class Params:
    """The validated inputs and options of one cast (subclass per method, with ``SPEC``)."""

    SPEC: ClassVar[tuple[Param, ...]] = ()
    #: the parameters that are options of the reading, not of the cast (names): ``Method.document`` passes
    #: them to the method's ``read`` as keyword arguments and echoes them as ``reading_options``
    READING_OPTIONS: ClassVar[tuple[str, ...]] = ()
    __slots__ = ("_values",)
    _values: dict[str, Any]

    def __init__(self, **values: Any) -> None:
        spec = self.by_name()
        unknown = [k for k in values if k not in spec]
        if unknown:
            raise OptionError(
                f"unknown parameter {echo(unknown[0])}: accepted {', '.join(spec)}", field=str(unknown[0])
            )
        out = {}
        for p in self.SPEC:
            out[p.name] = p.convert(values[p.name]) if p.name in values else p.default
        object.__setattr__(self, "_values", out)

    @classmethod
    @cache
    def by_name(cls) -> dict[str, Param]:
        return {p.name: p for p in cls.SPEC}

    @classmethod
    def param(cls, name: str) -> Param:
        return cls.by_name()[name]

    def __getattr__(self, name: str) -> Any:
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable; use replace()")

    def get(self, name: str, default: Any = None) -> Any:
        return self._values.get(name, default)

    def mode(self) -> str | None:
        """The cast mode of these values (``instant``, ``study`` …) when the method has several, else None;
        a parameter names the modes that use it (:attr:`Param.modes`)."""
        return None

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def items(self) -> Iterable[tuple[str, Any]]:
        return self._values.items()

    def replace(self: P, **changes: Any) -> P:
        """A copy with *changes*; only the changed values are checked (the others were, when this was
        made), so each value of one cast is validated once (a seed drawn by a front end, for example)."""
        spec = self.by_name()
        out = dict(self._values)
        for k, v in changes.items():
            p = spec.get(k)
            if p is None:
                raise OptionError(f"unknown parameter {echo(k)}: accepted {', '.join(spec)}", field=str(k))
            out[k] = p.convert(v)
        new = object.__new__(type(self))
        object.__setattr__(new, "_values", out)
        return new

    def non_default(self) -> tuple[str, ...]:
        """Names of the parameters whose value differs from the default."""
        return tuple(p.name for p in self.SPEC if self._values[p.name] != p.default)

    def to_json(self) -> dict[str, Any]:
        return {k: (v.isoformat() if isinstance(v, datetime) else v) for k, v in self._values.items()}

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._values == self._values

    def __hash__(self) -> int:
        return hash((type(self).__name__, tuple(sorted((k, repr(v)) for k, v in self._values.items()))))

    def __repr__(self) -> str:
        given = ", ".join(f"{k}={self._values[k]!r}" for k in self.non_default())
        return f"{type(self).__name__}({given})"


# ------------------------------------------------------------------------------- declaring from data
def _text(m: Any, where: str) -> Text:
    if not isinstance(m, Mapping) or not all(isinstance(m.get(k), str) for k in ("ko", "zh-Hant", "en")):
        raise ValueError(f"{where}: a label needs ko, zh-Hant and en")
    return Text(ko=m["ko"], zh_hant=m["zh-Hant"], en=m["en"], zh_hans=m.get("zh-Hans", ""))


@cache
def declarations(package: str) -> dict[str, dict[str, Any]]:
    """The ``[option.*]`` and ``[input.*]`` tables of *package*'s ``data/params.toml``."""
    data = read_table(package, "params")
    own = {k: v for k, v in data.get("option", {}).items() if "shared" not in v}
    return {**data.get("input", {}), **own}


@cache
def option_declarations(package: str, *, scope: str = "") -> tuple[tuple[str, Param], ...]:
    """The options of *package*'s Options class as ``(keyword, Param)``, in the order of its
    ``data/params.toml``, which is the order the chart echoes them: its own ``[option.*]`` tables of that
    *scope* (none: the cast's), and the shared options it uses, each named by a stub table
    ``[option.KEYWORD]`` with ``shared = true`` (the shared declaration of that name) or
    ``shared = "NAME"`` (the shared declaration *NAME* under another keyword). The Param's ``name`` is the
    declaration's (the name the method's :class:`Params` holds it under)."""
    out = []
    for key, d in read_table(package, "params").get("option", {}).items():
        shared = d.get("shared")
        if d.get("scope", "") != scope:
            continue
        if shared is not None:
            out.append((key, _shared(key if shared is True else str(shared))))
        else:
            out.append((key, declared(package, key)))
    return tuple(out)


class DeclaredOptions:
    """Base of a method's Options class made from its declarations (:func:`option_declarations`): the
    keywords, their defaults and choices are the declarations'; a subclass sets ``DECLARED`` and
    ``__slots__`` (the keywords it stores) and validates in its ``__init__``."""

    DECLARED: ClassVar[tuple[tuple[str, Param], ...]] = ()
    #: the hash, computed on first use (the memos of a cast are keyed by the options, a dozen look-ups a
    #: chart); not one of the stored values, and left behind when pickled (a str's hash is per process)
    __slots__ = ("_hash",)
    _hash: int

    @classmethod
    def keywords(cls) -> tuple[str, ...]:
        """The option keywords, in the order the chart echoes them."""
        return _keywords_of(cls)

    @classmethod
    def declaration(cls, keyword: str) -> Param:
        return dict(cls.DECLARED)[keyword]

    @classmethod
    def defaults(cls) -> dict[str, Any]:
        """Keyword → its declared default (a new dict)."""
        return dict(_defaults_of(cls))

    @classmethod
    def default_of(cls, param: Param) -> Any:
        """The value an option takes when not given: its declared default (a subclass may spell it as its
        values are spelled)."""
        return param.default

    @classmethod
    def choices(cls, keyword: str) -> tuple[Any, ...]:
        """The declared values of *keyword*, in the order written."""
        return cls.declaration(keyword).values

    @classmethod
    def given(cls, values: Mapping[str, Any]) -> dict[str, Any]:
        """*values* by keyword, completed with the defaults; an unknown keyword is a TypeError, as for a
        function's keyword arguments."""
        out = dict(_defaults_of(cls))
        for k, v in values.items():
            if k not in out:
                raise TypeError(f"{cls.__name__}() got an unexpected keyword argument {k!r}")
            out[k] = v
        return out

    @classmethod
    def params_values(cls, params: Any) -> dict[str, Any]:
        """The option values of a method's :class:`Params` by keyword (each under its declaration's name)."""
        return {k: params.get(p.name) for k, p in cls.DECLARED}

    def flat(self) -> dict[str, Any]:
        """Every option by its keyword, in the declared order."""
        return {k: getattr(self, k) for k in self.keywords()}

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def _stored(self) -> tuple[Any, ...]:
        """The values the instance holds (its slots: the calendar options as one value, when it keeps them
        so), what equality and the hash compare."""
        get = _STORED.get(type(self))
        if get is None:
            get = _STORED[type(self)] = _stored_getter(type(self).__slots__)
        return get(self)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._stored() == other._stored()

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:
            h = hash((type(self).__name__, *self._stored()))
            object.__setattr__(self, "_hash", h)
            return h

    def __reduce__(self) -> tuple[Any, ...]:
        # rebuilt from the stored values alone: the receiving process hashes them anew
        return (_restore, (type(self), self._stored()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self.flat().items())})"


#: per options class, the function giving the values of its slots as a tuple (:meth:`DeclaredOptions._stored`)
_STORED: dict[type, Callable[[Any], tuple[Any, ...]]] = {}


def _stored_getter(slots: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """``o -> tuple(getattr(o, name) for name in slots)``, made once per class (``attrgetter`` of two or
    more names gives the tuple itself)."""
    if len(slots) >= 2:
        return attrgetter(*slots)
    return lambda o: tuple(getattr(o, name) for name in slots)


def _restore(cls: type[DeclaredOptions], values: tuple[Any, ...]) -> DeclaredOptions:
    """An options instance of *cls* holding *values* in its slots (the order of :meth:`_stored`)."""
    new = object.__new__(cls)
    for name, v in zip(cls.__slots__, values, strict=True):
        object.__setattr__(new, name, v)
    return new


_KEYWORDS: dict[type, tuple[str, ...]] = {}
_DEFAULTS: dict[type, dict[str, Any]] = {}


def _keywords_of(cls: type[DeclaredOptions]) -> tuple[str, ...]:
    got = _KEYWORDS.get(cls)
    if got is None:
        got = _KEYWORDS[cls] = tuple(k for k, _ in cls.DECLARED)
    return got


def _defaults_of(cls: type[DeclaredOptions]) -> dict[str, Any]:
    got = _DEFAULTS.get(cls)
    if got is None:
        got = _DEFAULTS[cls] = {k: cls.default_of(p) for k, p in cls.DECLARED}
    return got


@cache
def _choice_names(choices: tuple[Choice, ...]) -> dict[str, str]:
    """The spellings of *choices* → value, when one of them declares ``aliases`` (else none): each choice's
    value, its labels in every language and its aliases, by the one mechanism of the persons of ``about``
    (:func:`xuanheng.reading.judgment.spellings`)."""
    if not any(c.aliases for c in choices):
        return {}
    from xuanheng.reading.judgment import spellings

    names = ((str(c.value), (*c.label.all().values(), *c.aliases)) for c in choices)
    return spellings(names, "params.toml choices")


def declared(package: str, name: str, kind: Kind | None = None, **code: Any) -> Param:
    """The :class:`Param` *name* of *package*: label, help, default and choices from its ``params.toml``,
    the rest (group, modes, kind, bounds …) from the keyword arguments. How the front ends spell and show it
    (flags, metavar, form hints) is not here: :mod:`xuanheng.frontend`."""
    where = f"{package} data/params.toml [{name}]"
    d = declarations(package).get(name)
    if d is None:
        raise ValueError(f"{where}: not declared")
    choices = tuple(
        Choice(
            c["value"],
            _text(c["label"], f"{where} {c['value']}"),
            c.get("src", ""),
            tuple(c.get("aliases", ())),
        )
        for c in d.get("choice", ())
    )
    k: Kind = kind or ("choice" if choices else "text")
    default = d.get("default", code.pop("default", None))
    if choices and default is not None and default not in (c.value for c in choices):
        raise ValueError(f"{where}: default {default!r} is not one of its choices")
    return Param(
        name=name,
        kind=k,
        label=_text(d["label"], where),
        help=d["help"]["en"] if isinstance(d["help"], Mapping) else d["help"],
        help_text=_text(d["help"], f"{where} help") if isinstance(d["help"], Mapping) else None,
        default=default,
        choices=choices,
        option="choice" in d and code.pop("option", True),
        source=package,
        **code,
    )


# ------------------------------------------------------------------------------ shared parameters
# LON_ACCEPTED, LAT_ACCEPTED: the time core's, which checks the range (time.solar.check_place)


def fold_value(value: Any) -> int:
    """``fold``: 0 or 1 (full-width digits accepted)."""
    import unicodedata

    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
        return value
    t = unicodedata.normalize("NFKC", str(value)).strip()
    if t not in ("0", "1"):
        raise InputError(
            f"fold {short(str(value))!r} is not accepted: 0 (the first reading of a repeated or skipped "
            "wall time) or 1 (the second)",
            field="fold",
        )
    return int(t)


def _coordinate(name: str, accepted: str) -> Callable[[Any], float]:
    def convert(value: Any) -> float:
        if isinstance(value, int | float) and not isinstance(value, bool):
            x = float(value)
            if not math.isfinite(x):
                raise InputError(
                    f"{name} {echo(value)} is not a finite number: accepted {accepted}", field=name
                )
            return x
        return parse.number(value, name, accepted)

    return convert


def year_number(name: str) -> Callable[[Any], int]:
    """A year argument: an integer −3000 … 3000 (full-width digits accepted)."""
    import re
    import unicodedata

    def convert(value: Any) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if not isinstance(value, str):
            raise InputError(f"{name} {short(repr(value))} is not a year number", field=name)
        t = unicodedata.normalize("NFKC", value).strip().replace("−", "-")
        if not re.fullmatch(r"[+-]?\d{1,4}", t) or not -3000 <= int(t) <= 3000:
            raise InputError(
                f"{name} {short(value)!r} is not a year number: accepted -3000 … 3000", field=name
            )
        return int(t)

    return convert


def _shared(name: str, kind: Kind | None = None, **code: Any) -> Param:
    return declared("xuanheng", name, kind, **code)


def time_params(*, modes: tuple[str, ...] = ()) -> tuple[Param, ...]:
    """The instant and place of a cast: ``at``, ``tz``, ``fold``, ``lon``, ``lat``, ``true_solar``."""
    return (
        _shared("at", "instant", group="time", modes=modes),
        _shared("tz", "text", group="time", modes=modes, max_length=64),
        _shared("fold", "int", group="time", modes=modes, convert_with=fold_value),
        _shared(
            "lon",
            "float",
            group="place",
            modes=modes,
            accepted=LON_ACCEPTED,
            ge=-180,
            le=180,  # the web form's bounds; the time core checks the range with its own message
            convert_with=_coordinate("lon", LON_ACCEPTED),
        ),
        _shared(
            "lat",
            "float",
            group="place",
            modes=modes,
            accepted=LAT_ACCEPTED,
            ge=-90,
            le=90,
            convert_with=_coordinate("lat", LAT_ACCEPTED),
        ),
        _shared("true_solar", "bool", group="place", modes=modes),
    )


def calendar_params(
    *,
    modes: tuple[str, ...] = (),
    yue_jiang_by_hand: bool = True,
    day_night_modes: tuple[str, ...] | None = None,
) -> tuple[Param, ...]:
    """The calendar school options (``day_boundary``, ``yue_jiang_rule``, ``day_night``, ``dst``,
    ``lunar_calendar``), passed on to :class:`~xuanheng.time.CalendarOptions`. *yue_jiang_by_hand*: a branch
    is accepted as the 月將."""
    return (
        _shared("day_boundary", group="calendar", modes=modes),
        _shared(
            "yue_jiang_rule",
            group="calendar",
            modes=modes,
            also="branch" if yue_jiang_by_hand else "",
        ),
        _shared("day_night", group="calendar", modes=modes if day_night_modes is None else day_night_modes),
        _shared("dst", group="calendar", modes=modes),
        lunar_calendar_param(modes=modes),
    )


def lunar_calendar_param(*, modes: tuple[str, ...] = ()) -> Param:
    """The lunar calendar system (``time.lunar.LUNAR_SYSTEMS``; labels and sources in the shared params)."""
    from xuanheng.time.lunar import LUNAR_SYSTEMS

    p = _shared("lunar_calendar", group="calendar", modes=modes)
    if p.values != LUNAR_SYSTEMS or p.default != LUNAR_SYSTEMS[0]:
        raise ValueError(
            "data/params.toml [option.lunar_calendar] must list the systems of time/data/lunar_systems.toml, "
            "the default first"
        )
    return p


def guiren_param() -> Param:
    """The 天乙貴人 table (``core.guiren.GUIREN_TABLES``; labels and sources in the shared params)."""
    from xuanheng.core.guiren import GUIREN_TABLES

    p = _shared("guiren", group="school")
    if set(p.values) != set(GUIREN_TABLES):
        raise ValueError(
            "data/params.toml [option.guiren] must list exactly the tables of core/data/guiren.toml"
        )
    return p


def item_param(*, modes: tuple[str, ...] = ()) -> Param:
    """The thing asked about (``item``), a reading option of 大六壬 and 金口訣: any name of an entry of
    ``rules/data/items.toml`` (馬 = 말 = horse), kept as its key; an unknown name is refused
    (``item.unknown``)."""
    from xuanheng.rules.items import normalise_item

    return _shared("item", "text", group="person", modes=modes, max_length=32, convert_with=normalise_item)


def about_param(package: str, **code: Any) -> Param:
    """Whom the question is about (``about``), a reading option of 六爻, 大六壬 and 金口訣: declared with its
    choices in *package*'s ``params.toml`` (what each method reads for the person), and accepted as the user
    spells it — the key, its label in any language or an alias of ``reading/data/verdicts.toml`` (부모 =
    parent = 父亲 → 父母) — by :func:`xuanheng.reading.judgment.check_about`."""
    from xuanheng.reading.judgment import check_about, vocabulary

    return declared(
        package, "about", convert_with=check_about, names=lambda: vocabulary().about_names, **code
    )


def calendar_options(params: Any, *, yue_jiang: str = "yue_jiang_rule") -> Any:
    """The :class:`~xuanheng.time.CalendarOptions` of *params* (which hold the calendar parameters)."""
    from xuanheng.time import CalendarOptions

    return CalendarOptions(
        day_boundary=params.day_boundary,
        yue_jiang=params.get(yue_jiang),
        true_solar=bool(params.get("true_solar", False)),
        day_night=params.day_night,
        dst=params.dst,
        lunar_calendar=params.get("lunar_calendar") or "chinese",
    )


def labels_of(params: Iterable[Param], lang: str) -> dict[str, str]:
    """Parameter name → its label in *lang* (for the page and the docs)."""
    return {p.name: p.label.get(lang) for p in params}


def finite(value: float | None) -> bool:
    return value is not None and math.isfinite(value)


def study_mode(
    at: object, needed: Mapping[str, object], optional: Mapping[str, object] = {}, *, example: str
) -> bool:
    """Whether the one entry of a method (``xuanheng.<method>.cast``) casts in study mode: True when study
    inputs are given (then all of *needed* must be), False for an instant *at*. Refuses, with the catalogue
    codes ``study.neither`` / ``study.both`` / ``study.missing``, a call that gives neither, both, or only
    part of *needed* (the field named is the first input concerned)."""
    names = ", ".join(needed)
    given = [k for k, v in (*needed.items(), *optional.items()) if v is not None]
    if not given:
        if at is None:
            raise InputError(
                f"give the instant at (ISO 8601, e.g. {example}), or the study inputs {names}",
                field="at",
                code="study.neither",
                params={"example": example, "needed": names},
            )
        return False
    if at is not None:
        raise InputError(
            f"give either an instant (at) or the study inputs ({names}), not both ({given[0]} with at)",
            field=given[0],
            code="study.both",
            params={"needed": names, "given": given[0]},
        )
    missing = [k for k, v in needed.items() if v is None]
    if missing:
        raise InputError(
            f"study mode needs {names}; missing {', '.join(missing)}",
            field=missing[0],
            code="study.missing",
            params={"needed": names, "missing": ", ".join(missing)},
        )
    return True


__all__ = [
    "GROUPS",
    "KINDS",
    "LANGS",
    "LAT_ACCEPTED",
    "LON_ACCEPTED",
    "Choice",
    "DeclaredOptions",
    "Param",
    "Params",
    "about_param",
    "calendar_options",
    "calendar_params",
    "declarations",
    "declared",
    "fold_value",
    "guiren_param",
    "item_param",
    "labels_of",
    "lunar_calendar_param",
    "option_declarations",
    "study_mode",
    "time_params",
    "to_bool",
    "year_number",
]
