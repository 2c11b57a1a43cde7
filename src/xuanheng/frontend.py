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

The English texts of the modes are catalogue phrases (``xuanheng.i18n``'s ``data/messages.toml``), so the
refusal is said in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from xuanheng.method import Method
    from xuanheng.params import Param


@dataclass(frozen=True)
class Hints:
    """A method's front-end data (see the module docstring)."""

    #: mode → (its name in a message, what a front end says of a flag that mode does not use)
    modes: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    reading_groups: tuple[str, ...] = ()
    needs: tuple[str, ...] = ()


_HINTS: dict[str, tuple[Any, Hints]] = {}


def _read(method: Method) -> Hints:
    from xuanheng.rules.engine import read_table

    try:
        data = read_table(method.package, "frontend")
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError, TypeError):
        return Hints()
    modes = {k: (str(v["name"]), str(v["why"])) for k, v in (data.get("mode") or {}).items()}
    return Hints(
        modes=modes,
        reading_groups=tuple(data.get("reading_groups") or ()),
        needs=tuple(data.get("needs") or ()),
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


def needed(method: Method) -> tuple[Param, ...]:
    """The parameters besides the instant and place of a moment that a cast of *method* needs from the
    user: every required parameter without a default, and those its front-end data lists in ``needs``."""
    shared = {"at", "tz", "fold"}
    spec = method.params.SPEC
    out = [p for p in spec if p.required and p.default is None and p.name not in shared]
    by_name = method.params.by_name()
    out += [by_name[n] for n in hints(method).needs if n in by_name and by_name[n] not in out]
    return tuple(out)


__all__ = ["Hints", "hints", "needed", "set_hints"]
