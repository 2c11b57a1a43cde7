"""What the front ends (command line, HTTP API and page, MCP server) know of a method beyond its contract.

The contract (:class:`xuanheng.method.Method`) holds no front-end text. What only a front end shows is data
of the method package, ``data/frontend.toml`` (optional; a method without it has none of these)::

    # the names of the cast modes in a refusal, and why the mode does not use the flag
    [mode.study]
    name = "study mode"
    why = "those flags belong to a chart cast from --at/--now"
    # the values of a fired rule's ``group`` in the order to show them (the page and the table then show
    # the reading by group, the rules about the group itself first, not by topic)
    reading_groups = ["用神", "原神", "忌神", "仇神", "卦"]
    # parameters a cast of one moment cannot do without though not required in every mode (a birth place)
    needs = ["lon", "lat"]
    # how the front ends spell and show a parameter (ParamFront): command-line flags (default
    # --name-with-dashes), a flag without a value that sets it, the value's name in --help, older names the
    # HTTP API still accepts, hidden from the form, not a flag, hints for the page (a server-side draw …)
    [param.bazhuan_first]
    switch = { flag = "--yaoke-first", value = false }
    [param.difen.form]
    random = { choice = "random", seed = "seed" }

The shared parameters (the instant, the place, the calendar options) have theirs in ``xuanheng``'s own
``data/frontend.toml``; a method's file adds to them for its command (the calendar's older ``--yue-jiang``).
A method registered at run time without a package of its own gives its data with :func:`set_hints`. The
English texts of the modes are catalogue phrases (``xuanheng.i18n``'s ``data/messages.toml``), so the
refusal is said in the reader's language. Random draws are the front ends' too (:func:`with_seeds`): the
library never draws, it replays the seed it is given.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from xuanheng.errors import InputError, echo
from xuanheng.params import Params
from xuanheng.reading import DEFAULT_LANG, LANGS, check_lang

if TYPE_CHECKING:
    from xuanheng.method import Method
    from xuanheng.params import Param

#: the package of the shared parameters (``data/params.toml`` and ``data/frontend.toml``)
SHARED = "xuanheng"


@dataclass(frozen=True)
class Hints:
    """A method's front-end data (see the module docstring)."""

    #: mode → (its name in a message, what the command line says of a flag that mode does not use)
    modes: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    #: the same as the HTTP API and the MCP tools say it (parameter names, no flags)
    api_modes: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    reading_groups: tuple[str, ...] = ()
    needs: tuple[str, ...] = ()
    #: what a cast of one moment in every method gives this method besides the moment (``[moment]``: 六爻
    #: casts by the moment's time, 時間起卦), unless the user gave one of its own inputs
    moment: Mapping[str, Any] = field(default_factory=dict)
    #: parameter name → how the front ends spell and show it (``[param.<name>]``: see :class:`ParamFront`)
    params: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)


_HINTS: dict[str, tuple[Any, Hints]] = {}


def _read(method: Method) -> Hints:
    data = _table(method.package)
    table = data.get("mode") or {}
    modes = {k: (str(v["name"]), str(v["why"])) for k, v in table.items()}
    api = {k: (str(v.get("api_name", v["name"])), str(v.get("api_why", v["why"]))) for k, v in table.items()}
    return Hints(
        modes=modes,
        api_modes=api,
        reading_groups=tuple(data.get("reading_groups") or ()),
        needs=tuple(data.get("needs") or ()),
        moment=dict(data.get("moment") or {}),
        params=dict(data.get("param") or {}),
    )


def hints(method: Method) -> Hints:
    """The front-end data of *method* (read once)."""
    got = _HINTS.get(method.name)
    if got is None or got[0] is not method:
        got = _HINTS[method.name] = (method, _read(method))
    return got[1]


def set_hints(method: Method, given: Hints) -> None:
    """Give *method* its front-end data in code (a method registered at run time without a package of its
    own, as a test's toy)."""
    _HINTS[method.name] = (method, given)
    for key in [k for k in _PARAMS if k[0] == method.name]:
        del _PARAMS[key]


def at_moment(method: Method, values: Mapping[str, Any]) -> dict[str, Any]:
    """The values of a cast of *method* at one moment: *values* (the moment and what the user added), with
    the method's ``[moment]`` values when the user gave none of its own inputs (group ``input``)."""
    spec = method.params.by_name()
    out = dict(values)
    own = hints(method).moment
    if own and not any(
        k in spec and spec[k].group == "input" and v not in (None, "") for k, v in values.items()
    ):
        out.update({k: v for k, v in own.items() if k in spec})
    return out


def needed(method: Method) -> tuple[Param, ...]:
    """The parameters besides the instant and place of a moment that a cast of *method* needs from the
    user: every required parameter without a default, and those its front-end data lists in ``needs``."""
    shared = {"at", "tz", "fold"}
    spec = method.params.SPEC
    given = set(hints(method).moment)
    out = [p for p in spec if p.required and p.default is None and p.name not in shared | given]
    by_name = method.params.by_name()
    out += [by_name[n] for n in hints(method).needs if n in by_name and by_name[n] not in out]
    return tuple(out)


# ------------------------------------------------------------------------- parameters on the front ends
@dataclass(frozen=True)
class ParamFront:
    """How the front ends spell and show one parameter (``[param.<name>]`` of the front-end data)."""

    #: command-line flags (the first one is the main spelling); default ``--name-with-dashes``
    flags: tuple[str, ...]
    #: a command-line flag without a value that sets this value (``("--yaoke-first", False)``)
    switch: tuple[str, Any] | None = None
    metavar: str | None = None
    #: older names the HTTP API still accepts for this parameter
    aliases: tuple[str, ...] = ()
    #: not on the web form (still in the API)
    hidden: bool = False
    #: not a command-line flag
    cli: bool = True
    #: hints for the page (suggested values of a free text, a server-side random draw …)
    form: Mapping[str, Any] = field(default_factory=dict)


_KEYS = frozenset({"flags", "switch", "metavar", "aliases", "hidden", "cli", "form"})
_PARAMS: dict[tuple[str, str], tuple[Any, ParamFront]] = {}


def _table(package: str) -> dict[str, Any]:
    """*package*'s ``data/frontend.toml``, or nothing when it has none (a broken file is an error)."""
    from xuanheng.rules.engine import RuleDataError, read_table

    try:
        return read_table(package, "frontend")
    except RuleDataError:
        raise
    except (OSError, ImportError, TypeError, ValueError):  # no such file, or no package to hold one
        return {}


def param_front(method: Method, p: Param) -> ParamFront:
    """How the front ends spell and show *p* of *method*: the shared parameters' data
    (``xuanheng/data/frontend.toml``, for a parameter declared there) under the method package's own."""
    key = (method.name, p.name)
    got = _PARAMS.get(key)
    if got is not None and got[0] is method:
        return got[1]
    d: dict[str, Any] = {}
    if p.source == SHARED:
        d.update((_table(SHARED).get("param") or {}).get(p.name) or {})
    d.update(hints(method).params.get(p.name) or {})
    unknown = set(d) - _KEYS
    if unknown:
        raise ValueError(f"{method.package} data/frontend.toml [param.{p.name}]: unknown {sorted(unknown)}")
    sw = d.get("switch")
    front = ParamFront(
        flags=tuple(d.get("flags") or ("--" + p.name.replace("_", "-"),)),
        switch=(str(sw["flag"]), sw["value"]) if sw else None,
        metavar=d.get("metavar"),
        aliases=tuple(d.get("aliases") or ()),
        hidden=bool(d.get("hidden", False)),
        cli=bool(d.get("cli", True)),
        form=dict(d.get("form") or {}),
    )
    _PARAMS[key] = (method, front)
    return front


def flags(method: Method, p: Param) -> tuple[str, ...]:
    """The command-line flags of *p* (the main spelling first)."""
    return param_front(method, p).flags


# --------------------------------------------------------------------------------------- random draws
def random_params(method: Method) -> tuple[tuple[Param, Any, str], ...]:
    """(parameter, value that asks for a draw, name of its seed parameter) of each random input of
    *method* (its ``form.random = {choice, seed}``): a choice (金口訣's ``difen="random"``) or ``True`` for
    a switch that asks for a draw (六爻's ``coins``); see :func:`asks_draw`. Read once per method."""
    got = _RANDOM.get(method.name)
    if got is not None and got[0] is method and got[1] is hints(method):
        return got[2]
    out = []
    for p in method.params.SPEC:
        r = param_front(method, p).form.get("random")
        if r:
            choice = r["choice"]
            out.append((p, choice if isinstance(choice, bool) else str(choice), str(r["seed"])))
    _RANDOM[method.name] = (method, hints(method), tuple(out))
    return tuple(out)


_RANDOM: dict[str, tuple[Any, Hints, tuple[tuple[Param, Any, str], ...]]] = {}


def asks_draw(choice: Any, value: Any) -> bool:
    """Whether *value* of a random input asks for a draw: the draw's choice (any letter case, spaces
    around) for a choice parameter, ``True`` itself for a switch whose ``form.random.choice`` is ``True``."""
    if isinstance(choice, bool):
        return value is choice
    return isinstance(value, str) and value.strip().lower() == choice


def repeatable(method: Method, params: Params) -> bool:
    """False when the cast draws at random without a recorded seed (it cannot be cached or replayed)."""
    for p, choice, seed in random_params(method):
        if asks_draw(choice, params.get(p.name)) and params.get(seed) is None:
            return False
    return True


def with_seeds(method: Method, params: Params) -> Params:
    """*params* with a fresh seed for each random input that has none (front ends only: the library
    never draws, it replays the seed it is given, and the chart records it)."""
    draws = {}
    for p, choice, seed in random_params(method):
        if asks_draw(choice, params.get(p.name)) and params.get(seed) is None:
            draws[seed] = secrets.randbelow(2**31)
    return params.replace(**draws) if draws else params


# --------------------------------------------------------------- one cast's values from a front end
def local_offset() -> str:
    """This computer's current UTC offset as ``+09:00`` (what ``now`` without a zone charts in on the
    command line and the MCP server, which run on the user's computer)."""
    offset = datetime.now(UTC).astimezone().utcoffset() or timedelta(0)
    minutes = round(offset.total_seconds() / 60)
    sign = "-" if minutes < 0 else "+"
    return f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def lang_of(value: Any, default: str = DEFAULT_LANG) -> str:
    """The language a front end was asked for (any letter case; *default* when none was given)."""
    if value is None:
        return default
    if not isinstance(value, str):
        raise InputError(f"lang {echo(value)} is not text: accepted {', '.join(LANGS)}", field="lang")
    return check_lang(value)


def spelled(method: Method, p: Param | None, cli: bool) -> str:
    """How a front end names a parameter in a message: the command line its flags (``--now`` for *p*
    None), the HTTP API and the MCP tools its name (``now``)."""
    if not cli:
        return "now" if p is None else p.name
    if p is None:
        return "--now"
    f = flags(method, p)
    return f[0] + (f" (= {', '.join(f[1:])})" if len(f) > 1 else "")


def mode_text(method: Method, mode: str, cli: bool) -> tuple[str, str] | None:
    """(the name of *mode* in a message, why it does not use a parameter) as the front end says it."""
    h = hints(method)
    return (h.modes if cli else h.api_modes).get(mode)


def refuse_unused(
    method: Method,
    mode: str | None,
    given: Mapping[str, Any],
    now: bool,
    *,
    cli: bool = False,
    params: Params | None = None,
) -> None:
    """A parameter the cast's *mode* does not use is an input error (it would be ignored without a word),
    named as the front end spells it; ``now`` counts as the instant. A parameter given its default is not
    refused: its value as *params* hold it (validated), else as given. Nothing is refused in a mode the
    method's front-end data does not name."""
    texts = None if mode is None else mode_text(method, mode, cli)
    if texts is None:
        return
    name, why = texts
    values = given if params is None else params
    bad: list[tuple[str, str]] = []
    for p in method.params.SPEC:
        if p.modes and mode not in p.modes:
            if p.name in given and values.get(p.name) != p.default:
                bad.append((p.name, spelled(method, p, cli)))
            elif p.name == "at" and now:
                bad.append(("at", spelled(method, None, cli)))
    if bad:
        names = ", ".join(s for _, s in bad)
        raise InputError(
            f"{name} does not use {names}: {why}",
            field=bad[0][0],
            code="mode.unused",
            params={"mode": name, "flags": names, "why": why},
        )


def cast_params(
    method: Method,
    values: Mapping[str, Any],
    *,
    now: bool = False,
    zone: Callable[[], str] = local_offset,
    mode: str | None = None,
    refuse: bool = True,
    cli: bool = False,
    seeds: bool = True,
) -> Params:
    """The validated parameters of one cast from what a front end was given: *values* by parameter name
    (None: not given), *now* for the current instant (in the given ``tz``, else *zone*'s); a parameter the
    cast's mode does not use is refused when *refuse* (*mode* forces the mode: ``enumerate``); a random
    input without a seed gets one (:func:`with_seeds`; with *seeds* false the caller draws, after asking
    :func:`repeatable`). The command line, the HTTP API and the MCP tools all cast through here, and the
    method's ``Params`` is the one validator of the values: each is checked once."""
    given = {k: v for k, v in values.items() if v is not None}
    out = dict(given)
    if now:
        if out.get("at") is not None:
            raise InputError("give at or now, not both", field="at", code="at.or_now")
        out["at"] = datetime.now(UTC)
        if out.get("tz") is None:
            out["tz"] = zone()
    if refuse and mode is not None:
        refuse_unused(method, mode, given, now, cli=cli)
    params = method.make_params(out)  # unknown names and bad values: typed errors naming the field
    if refuse and mode is None:
        refuse_unused(method, params.mode(), given, now, cli=cli, params=params)
    return with_seeds(method, params) if seeds else params


__all__ = [
    "SHARED",
    "Hints",
    "ParamFront",
    "asks_draw",
    "cast_params",
    "flags",
    "hints",
    "lang_of",
    "local_offset",
    "mode_text",
    "needed",
    "param_front",
    "random_params",
    "refuse_unused",
    "repeatable",
    "set_hints",
    "spelled",
    "with_seeds",
]
