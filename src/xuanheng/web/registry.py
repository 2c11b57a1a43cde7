"""The methods as the web app sees them: one plug-in per registered method (``xuanheng.methods``), made from
the method's ``Params`` — the documented request schema (OpenAPI, the page's form), the form hints of the
page, and the chart document (the same as ``xuanheng <method> --json``). No method is named here.

A request is validated once, by the method's ``Params`` (:func:`xuanheng.frontend.cast_params`, as on the
command line and the MCP tools): :meth:`MethodPlugin.request` takes the query string or the JSON body as a
plain mapping, splits off what only the web has (``lang``, ``now``, ``no_reading``, older names) and hands
the rest to ``cast_params``. The pydantic model of a plug-in (:attr:`MethodPlugin.schema`) only documents
the parameters (OpenAPI, ``/api/methods``); it never validates a request.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, create_model

from xuanheng.frontend import (
    cast_params,
    hints,
    lang_of,
    needed,
    param_front,
    random_params,
    repeatable,
    with_seeds,
)
from xuanheng.i18n.measured import measured_line
from xuanheng.method import Method
from xuanheng.params import Param, Params, to_bool
from xuanheng.reading import LANGS
from xuanheng.reading.measured import measured

Lang = Literal["ko", "zh-Hant", "zh-Hans", "en"]


class FrontEnd(BaseModel):
    """What only a front end has: ``now`` (the current time instead of ``at``), ``lang``, ``no_reading``
    (schema only: documents a request, never validates one)."""

    model_config = ConfigDict(extra="forbid", str_max_length=200, populate_by_name=True)

    lang: Lang = Field("zh-Hant", description="language of reading texts and chart labels (the CLI's --lang)")


def _key(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _field(p: Param, aliases: tuple[str, ...] = ()) -> tuple[Any, Any]:
    """The pydantic (type, Field) that documents a parameter (what :meth:`Param.convert` accepts)."""
    extra: dict[str, Any] = {"label": p.label.all()}
    if p.option:
        extra["option"] = True
    if p.choices:
        extra["choice_labels"] = {_key(c.value): c.label.all() for c in p.choices}
        extra["choice_src"] = {_key(c.value): c.src for c in p.choices}
    kw: dict[str, Any] = {"description": p.help, "json_schema_extra": extra}
    if aliases:
        kw["validation_alias"] = AliasChoices(p.name, *aliases)
    default = ... if p.required else p.default
    if p.kind == "choice" and p.values and all(isinstance(v, bool) for v in p.values):
        return (bool if p.default is not None else bool | None, Field(default, **kw))
    if p.kind == "choice" and not p.also:
        lit: Any = Literal[tuple(p.values)]
        return (lit if p.default is not None or p.required else lit | None, Field(default, **kw))
    if p.kind == "bool":
        return (bool, Field(bool(p.default), **kw))
    if p.kind == "int":
        t: Any = int
        if p.ge is not None:
            kw["ge"] = int(p.ge)
        if p.le is not None:
            kw["le"] = int(p.le)
        return (t | None, Field(default, **kw))
    if p.kind == "float":
        kw["allow_inf_nan"] = False  # nan and inf are not numbers of a place
        if p.ge is not None:
            kw["ge"] = p.ge
        if p.le is not None:
            kw["le"] = p.le
        return (float | None, Field(default, **kw))
    length = 16 if p.kind == "choice" else p.length_limit
    if p.required:
        kw["min_length"] = 1
    return (str if p.required else str | None, Field(default, max_length=length, **kw))


@dataclass(frozen=True)
class CastRequest:
    """One request to cast, validated once: the method's parameters (seeds drawn), the language, whether
    the reading is asked for, and what the journal stores of it."""

    params: Params
    lang: str
    with_reading: bool
    #: False for ``now`` and for a random draw without a seed (neither cached nor replayed)
    repeatable: bool
    #: every documented field of the request with its value (``now``'s instant left out, the drawn seed in)
    echo: dict[str, Any]

    @property
    def key(self) -> tuple[Params, str, bool]:
        """What the chart document depends on (the memo's key of a repeatable request)."""
        return (self.params, self.lang, self.with_reading)


@dataclass(frozen=True)
class MethodPlugin:
    """One method in the web app: its documented request schema, its document, its SVG, the page's hints."""

    method: Method
    #: the pydantic model that documents a request (OpenAPI, ``/api/methods``); it validates nothing
    schema: type[BaseModel]
    #: aliases whose true value means the opposite of their parameter (yaoke_first = not bazhuan_first)
    negated: dict[str, str] = field(default_factory=dict)
    #: older names the API accepts → their parameter (jiang → yue_jiang_rule), in the order they are taken
    aliases: dict[str, str] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.method.name

    @property
    def example(self) -> dict[str, Any]:
        return dict(self.method.example)

    @property
    def front_fields(self) -> tuple[str, ...]:
        """The fields of a request that are not the method's parameters: ``lang``, and ``now`` and
        ``no_reading`` where the method has an instant and a reading."""
        now = ("now",) if "at" in self.method.params.by_name() else ()
        return ("lang", *now, *(("no_reading",) if self.method.has_reading else ()))

    def request(self, values: Mapping[str, Any]) -> CastRequest:
        """A request (the query string or the JSON body, as a mapping of names to values; None: not given)
        as one cast. The method's ``Params`` validates every parameter once
        (:func:`xuanheng.frontend.cast_params`: typed errors naming the field, unknown names refused, a
        parameter the cast's mode does not use refused as ``mode.unused``, named as the API spells it, as
        on the command line and the MCP tools); ``now`` is the current instant
        in the given ``tz``, else UTC (the web has no computer of the user's)."""
        d = {k: v for k, v in values.items() if v is not None}
        front = self.front_fields
        lang = lang_of(d.pop("lang", None))  # zh-Hant (reading.DEFAULT_LANG) when not given
        now = to_bool(d.pop("now"), "now") if "now" in front and "now" in d else False
        no_reading = "no_reading" in front and to_bool(d.pop("no_reading", False), "no_reading")
        for alias, name in self.aliases.items():
            if name not in d and alias in d:
                d[name] = d.pop(alias)
        for alias, name in self.negated.items():
            if alias in d:
                d[name] = not to_bool(d.pop(alias), alias)
        if now and not d.get("at"):  # an empty instant beside now is no instant
            d.pop("at", None)
        params = cast_params(self.method, d, now=now, zone=lambda: "UTC", seeds=False)
        again = not now and repeatable(self.method, params)
        seeded = with_seeds(self.method, params)
        echo = self._echo(d, params, seeded, lang, now, not no_reading)
        return CastRequest(seeded, lang, not no_reading, again, echo)

    def _echo(
        self,
        given: Mapping[str, Any],
        params: Params,
        seeded: Params,
        lang: str,
        now: bool,
        with_reading: bool,
    ) -> dict[str, Any]:
        """Every documented field with its value, in the schema's order (what the journal stores as a
        case's inputs, to cast it again): a parameter given as validated, else its documented default
        (``at`` and ``tz`` stay empty for ``now``); a drawn seed kept; an older negated name folded into
        its parameter."""
        out: dict[str, Any] = {}
        fields = self.schema.model_fields
        for name, info in fields.items():
            if name == "lang":
                out[name] = lang
            elif name == "now":
                out[name] = now
            elif name == "no_reading":
                out[name] = not with_reading
            elif name in self.negated:
                out[name] = None
            elif name in given:
                out[name] = params.get(name)
            else:
                out[name] = None if info.is_required() else info.default
        for _p, _choice, seed in random_params(self.method):
            if out.get(seed) is None and seeded.get(seed) is not None:
                out[seed] = seeded.get(seed)
        return out

    def compute(self, request: CastRequest) -> dict[str, Any]:
        """The chart document of a request (``xuanheng <method> --json`` for the same inputs)."""
        return self.method.document(request.params, request.lang, with_reading=request.with_reading)

    def render_svg(self, doc: dict[str, Any], lang: str, layout: str = "wide") -> str:
        """The chart as SVG; *layout* ``narrow`` takes the method's narrow drawing when it has one."""
        view = self.method.view("svg_narrow") if layout == "narrow" else None
        return (view or self.method.views["svg"])(doc, lang)


def plugin_of(method: Method) -> MethodPlugin:
    """The web plug-in of *method*: its request schema generated from the method's parameters."""
    spec: dict[str, Any] = {}
    negated: dict[str, str] = {}
    for p in method.params.SPEC:
        front = param_front(method, p)
        spec[p.name] = _field(p, front.aliases)
        if front.switch is not None and p.kind == "choice":
            flag, value = front.switch
            alias = flag.lstrip("-").replace("-", "_")
            if (
                value is False and alias not in spec
            ):  # --yaoke-first → yaoke_first=true means bazhuan_first=false
                spec[alias] = (
                    bool | None,
                    Field(None, description=f"the same as {p.name}=false (older name)"),
                )
                negated[alias] = p.name
    names = method.params.by_name()
    if "at" in names:
        spec["now"] = (
            bool,
            Field(False, description="use the current time instead of at (as the CLI's --now)"),
        )
    if method.has_reading:
        spec["no_reading"] = (bool, Field(False, description="the chart only, without the reading"))
    model: type[BaseModel] = create_model(
        f"{method.name.title().replace('_', '')}Request",
        __base__=FrontEnd,
        __doc__=f"Parameters of ``xuanheng {method.name}`` (same names and defaults as its flags).",
        **spec,
    )
    aliases = {a: p.name for p in method.params.SPEC for a in param_front(method, p).aliases}
    return MethodPlugin(method, model, negated, aliases)


_PLUGINS: dict[str, MethodPlugin] = {}


def plugins() -> dict[str, MethodPlugin]:
    """A plug-in for every registered method, keyed by name (in registry order)."""
    from xuanheng.methods import registry

    out: dict[str, MethodPlugin] = {}
    for name, method in registry().items():
        got = _PLUGINS.get(name)
        if got is None or got.method is not method:
            got = _PLUGINS[name] = plugin_of(method)
        out[name] = got
    return out


def warm_up(registered: dict[str, MethodPlugin]) -> None:
    """Cast each method's example chart once per language (loads tables and text caches)."""
    for plugin in registered.values():
        if not plugin.example:
            continue
        for lang in ("zh-Hant", "zh-Hans", "ko", "en"):
            request = plugin.request({**plugin.example, "lang": lang})
            plugin.render_svg(plugin.compute(request), lang)


def method_labels(registered: dict[str, MethodPlugin], lang: str, known: Mapping[str, str]) -> dict[str, str]:
    """The page's labels of every method that the UI catalogue lacks: ``method.<name>`` from the method's
    label and ``field.<parameter>`` from each parameter's declared label (the catalogue's own entries win).
    A method declares its labels once, in its ``Params``; it need not copy them into the catalogue."""
    out: dict[str, str] = {}
    for plugin in registered.values():
        m = plugin.method
        out.setdefault(f"method.{m.name}", m.label.get(lang))
        for p in m.params.SPEC:
            out.setdefault(f"field.{p.name}", p.label.get(lang))
    return {k: v for k, v in out.items() if k not in known and v}


def _with_items(hint: dict[str, Any]) -> dict[str, Any]:
    """A form hint ``items = true`` (the thing asked about) filled from ``rules/data/items.toml``: the topics
    that take an item (the page shows the field only for them) and the names to suggest."""
    if not hint.pop("items", False):
        return hint
    from xuanheng.rules.items import ITEM_TOPICS, items

    hint["topics"] = list(ITEM_TOPICS)
    hint["suggest"] = [{"value": it.key, "label": it.names.all()} for it in items().values()]
    return hint


def describe(plugin: MethodPlugin) -> dict[str, Any]:
    """What the page needs to draw the form of *plugin*: labels, JSON schema, option names, hints."""
    m = plugin.method
    spec = m.params.SPEC
    fronts = {p.name: param_front(m, p) for p in spec}
    form: dict[str, Any] = {
        "hidden": [p.name for p in spec if fronts[p.name].hidden] + (["no_reading"] if m.has_reading else []),
        "topics": list(m.topics()),
    }
    study = [p.name for p in spec if p.group == "study"]
    if study:
        form["study"] = study
    for p in spec:
        if fronts[p.name].form:
            form[p.name] = _with_items(dict(fronts[p.name].form))
        elif p.kind == "choice" and p.also:  # a choice that also takes a value by hand: suggest the choices
            form[p.name] = {"choices": list(p.values)}
    return {
        "name": m.name,
        "label": m.label.all(),
        "summary": m.summary.en,
        "summary_text": m.summary.all(),
        "schema": plugin.schema.model_json_schema(),
        "options": [p.name for p in spec if p.option],
        "params": [p.to_json() for p in spec],
        "form": form,
        "has_reading": m.has_reading,
        #: the reading's groups in the order to show them (the method's front-end data; empty: by topic)
        "reading_groups": list(hints(m).reading_groups),
        #: what a cast of one moment still needs from the user (xuanheng.frontend.needed)
        "needs": [p.name for p in needed(m)],
        #: what such a cast gives the method besides the moment (六爻: by the moment's time)
        "moment": dict(hints(m).moment),
        #: the method's example inputs (the page shows them as placeholders of what it asks for)
        "example": {k: v if isinstance(v, (str, int, float, bool)) else str(v) for k, v in m.example.items()},
        #: how far its verdict can be trusted (reading/data/measured.toml, with the line in each language)
        "measured": measured_of(m.name),
    }


def measured_of(name: str) -> dict[str, Any] | None:
    """The measured figures of method *name* (:func:`xuanheng.reading.measured.measured`) with ``text``, the
    line the CLI prints under the verdict in each language (:func:`xuanheng.i18n.measured.measured_line`);
    None for a method the casebooks do not measure."""
    figures = measured(name)
    if figures is None:
        return None
    return {**figures, "text": {lang: measured_line(name, lang) for lang in LANGS}}


__all__ = [
    "CastRequest",
    "MethodPlugin",
    "describe",
    "measured_of",
    "method_labels",
    "plugin_of",
    "plugins",
    "warm_up",
]
