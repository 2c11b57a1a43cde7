"""The method contract: what every divination method exports, and the one document every front end shows.

A method is one package that exports one ``METHOD`` value (:class:`Method`) — its name and labels, its
:class:`~xuanheng.params.Params` class, and the functions that cast, read, summarise for the journal and
draw::

    METHOD = Method(
        name="jinkoujue", label=Text(...), summary=Text(...),
        params=JinKouJueParams,
        cast=cast_params,                      # Params → chart (a frozen value with to_json())
        reading=reading,                       # (chart, topic, lang, **options) → [FiredRule], or None
        facts=facts,                           # chart JSON → {"yong_yao": ["將神"], …} for the journal
        render_svg=render_svg,                 # (chart JSON, lang) → SVG text
        render_text=render_text,               # (chart JSON, lang) → the terminal table
        example={"at": "2026-03-10T21:00", "tz": "Asia/Shanghai", "difen": "申"},
    )

and one line in :data:`xuanheng.methods.METHOD_PACKAGES` registers it. The command line, the HTTP API and
page, the journal and the MCP server read that list and know no method by name.

:func:`document` is the JSON of a cast: the chart's ``to_json()`` with the reading in the requested language.
It is what ``xuanheng <method> --json`` prints, what ``/api/<method>`` answers and what the MCP tool returns.
Every document carries the same envelope: ``engine_version``, ``schema_version``, ``inputs`` (what the cast
was given, echoed), ``options``, ``warnings`` (each ``{code, params, text}``: a catalogue code of
``i18n/data/messages.toml``, its parameters, and its text in the document's language) and ``lang``.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from xuanheng.i18n.messages import localize_warnings
from xuanheng.params import Param, Params
from xuanheng.reading import FiredRule, Text, check_lang

Reading = Callable[[Any, "str | None", str], list[FiredRule]]


@dataclass(frozen=True)
class Method:
    """One divination method as every front end sees it (see the module docstring)."""

    name: str
    label: Text
    summary: Text
    params: type[Params]
    cast: Callable[[Any], Any]
    facts: Callable[[Mapping[str, Any]], dict[str, list[str]]]
    render_svg: Callable[[dict[str, Any], str], str]
    render_text: Callable[[dict[str, Any], str | None], str]
    reading: Reading | None = None
    #: parameters of one typical chart (the web app casts it at start-up; the docs show it)
    example: Mapping[str, Any] = field(default_factory=dict)
    #: the whole enumeration of the method's charts (大六壬's 720 課 …), or None
    enumerate: Callable[[Any], list[dict[str, Any]]] | None = None
    #: the terminal view of the enumeration (one line per chart)
    render_enumeration: Callable[[list[dict[str, Any]]], str] | None = None
    #: the chart as SVG laid out for a narrow screen (a phone: its parts stacked), or None when the one
    #: drawing of :attr:`render_svg` serves every width (the page asks for it with ``layout=narrow``)
    render_svg_narrow: Callable[[dict[str, Any], str], str] | None = None
    #: the cast mode of a set of parameters ("instant", "study" …) and, per mode, what the command line
    #: says of a flag that mode does not use (parameters declare the modes that use them)
    mode: Callable[[Any], str] | None = None
    #: mode → (its name in a message, what the command line says of a flag that mode does not use)
    modes: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    #: the document carries ``"reading": []`` when no reading was asked for
    reading_key_always: bool = False
    #: the parameters that are options of the reading, not of the cast (names): :meth:`document` passes them
    #: to ``reading`` as keyword arguments and echoes them as ``reading_options``
    reading_options: tuple[str, ...] = ()
    #: the values a fired rule's ``group`` (in its ``extra``) takes, in the order to show them: the page and
    #: the text table then show the reading by group (the rules about the group itself — whose ``kind`` is
    #: the group's name — first in each), not by topic; empty: no groups
    reading_groups: tuple[str, ...] = ()
    #: topics the method's reading knows (for the form's suggestions)
    topics: Callable[[], tuple[str, ...]] = tuple
    #: the date-time the command line's error message gives as an example
    at_example: str = "2026-03-10T21:00"
    #: parameters a cast of a given moment cannot do without although they are not required in every mode
    #: (a birth place: ``("lon", "lat")``); with the required parameters that have no default they are what
    #: "one moment, every method" asks for before it casts this method (:meth:`needed`)
    needs: tuple[str, ...] = ()

    @property
    def package(self) -> str:
        """The method's package (where its ``data/`` lives)."""
        import sys

        module = sys.modules.get(self.params.__module__)
        return (getattr(module, "__package__", None) or self.params.__module__).rstrip(".")

    @property
    def has_reading(self) -> bool:
        return self.reading is not None

    def make_params(self, values: Mapping[str, Any]) -> Params:
        """Validated parameters from a mapping of parameter names (typed errors naming the field)."""
        return self.params(**dict(values))

    def document(self, params: Params, lang: str, *, with_reading: bool = True) -> dict[str, Any]:
        """The chart's JSON with its reading in *lang* (see the module docstring)."""
        chart = self.cast(params)
        out: dict[str, Any] = chart.to_json()
        lang = check_lang(lang)
        if lang != "en":  # to_json() says the warnings in English; the document says them in its language
            for holder in (out, out.get("calendar")):
                if isinstance(holder, dict) and holder.get("warnings"):
                    holder["warnings"] = localize_warnings(holder["warnings"], lang)
        if self.reading is not None:
            if with_reading:
                kw = {name: params.get(name) for name in self.reading_options}
                read: Callable[..., list[FiredRule]] = self.reading
                out["reading"] = [r.to_json(lang) for r in read(chart, params.get("topic"), lang, **kw)]
                if kw:
                    out["reading_options"] = kw
            elif self.reading_key_always:
                out["reading"] = []
        out["lang"] = lang
        return out

    def needed(self) -> tuple[Param, ...]:
        """The parameters besides the instant and place of a moment that a cast needs from the user: every
        required parameter without a default, and those the method declares in :attr:`needs`."""
        shared = {"at", "tz", "fold"}
        out = [p for p in self.params.SPEC if p.required and p.default is None and p.name not in shared]
        by_name = self.params.by_name()
        out += [by_name[n] for n in self.needs if n in by_name and by_name[n] not in out]
        return tuple(out)

    def random_params(self) -> tuple[tuple[Param, Any, str], ...]:
        """(parameter, value that asks for a draw, name of its seed parameter) of each random input.

        The value is a choice (金口訣's ``difen="random"``) or ``True`` for a switch that asks for a draw
        (六爻's ``coins``); see :func:`asks_draw`."""
        out = []
        for p in self.params.SPEC:
            r = p.form.get("random")
            if r:
                choice = r["choice"]
                out.append((p, choice if isinstance(choice, bool) else str(choice), str(r["seed"])))
        return tuple(out)

    def repeatable(self, params: Params) -> bool:
        """False when the cast draws at random without a recorded seed (it cannot be cached or replayed)."""
        for p, choice, seed in self.random_params():
            if asks_draw(choice, params.get(p.name)) and params.get(seed) is None:
                return False
        return True

    def with_seeds(self, params: Params) -> Params:
        """*params* with a fresh seed for each random input that has none (front ends only: the library
        never draws, it replays the seed it is given, and the chart records it)."""
        draws = {}
        for p, choice, seed in self.random_params():
            if asks_draw(choice, params.get(p.name)) and params.get(seed) is None:
                draws[seed] = secrets.randbelow(2**31)
        return params.replace(**draws) if draws else params


def asks_draw(choice: Any, value: Any) -> bool:
    """Whether *value* of a random input asks for a draw: the draw's choice (any letter case, spaces
    around) for a choice parameter, ``True`` itself for a switch whose ``form.random.choice`` is ``True``."""
    if isinstance(choice, bool):
        return value is choice
    return isinstance(value, str) and value.strip().lower() == choice


__all__ = ["Method", "Reading", "asks_draw"]
