"""The MCP tools, generated from the registered methods (:func:`xuanheng.methods.registry`); no SDK here.

Tools (names are stable; a method's tool is named after the method, as its command and ``/api/<name>``):

* ``<method>`` — one per registered method (``jinkoujue``, ``liuren``, ``calendar`` …): cast a chart. The
  arguments are the method's parameters (input schema from its ``Params``) plus ``lang``, ``now`` (for a
  method with an instant) and ``no_reading`` (for a method with a reading). The result is
  :meth:`Method.document` — the JSON of ``xuanheng <method> --json`` and of ``/api/<method>``.
* ``reading`` — the fired rules of a chart for a topic in a language (methods with a reading).
* ``enumerate_<method>`` — one per method with ``Method.enumerate`` (大六壬's 720 課 …): the rows of
  ``xuanheng <method> --enumerate --json``.
* ``journal_search``, ``journal_save``, ``journal_outcome``, ``journal_stats`` — only with a journal
  (``xuanheng mcp --db URL``): the same operations as ``/api/journal/cases`` and
  ``/api/journal/statistics`` (one local user).

A call returns a JSON object or raises a :class:`~xuanheng.errors.XuanhengError` whose ``field`` names the
argument; :mod:`xuanheng.mcp.server` turns that into an MCP tool error. A method registered later (entry
point or :func:`xuanheng.methods.register`) appears at the next ``tools/list`` without a change here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from xuanheng.errors import InputError, echo
from xuanheng.frontend import cast_params, lang_of, mode_text
from xuanheng.i18n.measured import measured_line
from xuanheng.mcp.schema import lang_property, object_schema
from xuanheng.method import Method
from xuanheng.params import Param, Params

#: names of the tools that are not a method's own
READING, ENUMERATE_PREFIX = "reading", "enumerate_"
JOURNAL_SEARCH, JOURNAL_SAVE, JOURNAL_OUTCOME = "journal_search", "journal_save", "journal_outcome"
JOURNAL_STATS = "journal_stats"
FIXED_NAMES = (READING, JOURNAL_SEARCH, JOURNAL_SAVE, JOURNAL_OUTCOME, JOURNAL_STATS)
#: the outcomes a case may record (the journal's own vocabulary, pinyin aliases accepted)
OUTCOME_VALUES = ("應驗", "不驗", "部分", "ying_yan", "bu_yan", "bu_fen")


@dataclass(frozen=True)
class ToolSpec:
    """One tool: its name, title, description, input schema, hints, and the function that runs it."""

    name: str
    title: str
    description: str
    input_schema: dict[str, Any]
    run: Callable[[dict[str, Any]], dict[str, Any]]
    read_only: bool = True
    idempotent: bool = True


# ------------------------------------------------------------------------------------------ helpers
def _flag(args: dict[str, Any], name: str) -> bool:
    v = args.pop(name, False)
    if v is None:
        return False
    if not isinstance(v, bool):
        raise InputError(f"{name} {echo(v)} is not true or false", field=name)
    return v


def _lang(args: dict[str, Any]) -> str:
    return lang_of(args.pop("lang", None))


def _text(args: dict[str, Any], name: str, default: str = "", limit: int = 20_000) -> str:
    v = args.pop(name, None)
    if v is None:
        return default
    if not isinstance(v, str):
        raise InputError(f"{name} {echo(v)} is not text", field=name)
    if len(v) > limit:
        raise InputError(f"{name} is too long: at most {limit} characters", field=name)
    return v


def _int(args: dict[str, Any], name: str, default: int, lo: int, hi: int) -> int:
    v = args.pop(name, None)
    if v is None:
        return default
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise InputError(f"{name} {echo(v)} is not accepted: an integer {lo} … {hi}", field=name)
    return v


def _no_more(args: Mapping[str, Any], accepted: Any) -> None:
    if args:
        name = sorted(args)[0]
        raise InputError(
            f"unknown argument {echo(name)}: accepted {', '.join(accepted) or '(none)'}", field=str(name)
        )


def _given(values: Mapping[str, Any]) -> dict[str, Any]:
    """Parameter values without JSON nulls (null means "not given": the default applies)."""
    return {k: v for k, v in values.items() if v is not None}


def _object(value: Any, field: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise InputError(f"{field} must be a JSON object of parameters", field=field)
    return dict(value)


# ------------------------------------------------------------------------------------ casting
def _cast_properties(method: Method) -> dict[str, dict[str, Any]]:
    extra: dict[str, dict[str, Any]] = {"lang": lang_property()}
    if "at" in method.params.by_name():
        extra["now"] = {
            "type": "boolean",
            "default": False,
            "description": "cast for the current time instead of at (in tz, else the server computer's zone)",
        }
    if method.has_reading:
        extra["no_reading"] = {
            "type": "boolean",
            "default": False,
            "description": "the chart only, without the reading",
        }
    return extra


def make_params(method: Method, arguments: Mapping[str, Any]) -> tuple[Params, str, bool]:
    """(validated parameters with seeds drawn, language, with the reading) of a cast tool's arguments:
    ``now`` in the server computer's zone, a parameter the cast's mode does not use refused, as on the
    command line (:func:`xuanheng.frontend.cast_params`)."""
    args = dict(arguments)
    lang = _lang(args)
    now = _flag(args, "now") if "at" in method.params.by_name() else False
    with_reading = not _flag(args, "no_reading") if method.has_reading else True
    return cast_params(method, args, now=now), lang, with_reading


def cast_document(method: Method, arguments: Mapping[str, Any]) -> dict[str, Any]:
    """The chart document of a cast tool's arguments (``xuanheng <method> --json`` for the same inputs)."""
    params, lang, with_reading = make_params(method, arguments)
    return method.document(params, lang, with_reading=with_reading)


def _modes_text(method: Method) -> str:
    modes: dict[str, list[str]] = {}
    for p in method.params.SPEC:
        for m in p.modes:
            modes.setdefault(m, []).append(p.name)
    if not modes:
        return ""
    parts = [f"{m}: {', '.join(names)}" for m, names in modes.items() if m != "enumerate"]
    return " Cast modes and the parameters only they use — " + "; ".join(parts) + "."


def _measured_text(method: Method) -> str:
    """How far the method's judgment can be trusted, as the text view prints it under the verdict (in English:
    the tool list is English), for the description of its cast tool; empty for a method not measured."""
    line = measured_line(method.name, "en")
    return f" How far its judgment's verdict can be trusted: {line}." if line else ""


def _cast_tool(method: Method) -> ToolSpec:
    import json

    label, summary = method.label, method.summary
    example = json.dumps(dict(method.example), ensure_ascii=False) if method.example else ""
    description = (
        f"{summary.en} [{summary.zh_hant}] Casts one chart and returns its JSON document, the same as "
        f"`xuanheng {method.name} --json` and /api/{method.name}"
        + (" (with the reading in lang, for the topic if given)" if method.has_reading else "")
        + "."
        + _modes_text(method)
        + (f" Example arguments: {example}." if example else "")
        + " Every school option has a named default; each choice cites its source."
        + _measured_text(method)
    )
    schema = object_schema(method.params.SPEC, _cast_properties(method))

    def run(arguments: dict[str, Any]) -> dict[str, Any]:
        return cast_document(method, arguments)

    return ToolSpec(method.name, f"{label.en} ({label.zh_hant})", description, schema, run)


# ------------------------------------------------------------------------------------ reading
def _reading_tool(methods: Mapping[str, Method]) -> ToolSpec | None:
    readable = {n: m for n, m in methods.items() if m.has_reading}
    if not readable:
        return None
    topics = "; ".join(f"{n}: {' '.join(m.topics())}" for n, m in readable.items() if m.topics())
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {
            "method": {
                "type": "string",
                "enum": list(readable),
                "description": "the method whose chart is read",
            },
            "params": {
                "type": "object",
                "description": "the chart's parameters: the arguments of the method's own cast tool "
                "(same names, defaults and choices; without lang, now, no_reading)",
            },
            "topic": {
                "type": "string",
                "maxLength": 16,
                "description": "the question's topic in any spelling (病 = illness = 질병); "
                + (f"suggested: {topics}" if topics else "free text"),
            },
            "lang": lang_property(),
            "now": {"type": "boolean", "default": False, "description": "cast for the current time"},
        },
        "required": ["method", "params"],
        "additionalProperties": False,
    }

    def run(arguments: dict[str, Any]) -> dict[str, Any]:
        args = dict(arguments)
        name = args.pop("method", None)
        method = readable.get(name) if isinstance(name, str) else None
        if method is None:
            raise InputError(
                f"method {echo(name)} has no reading: accepted {', '.join(readable)}", field="method"
            )
        values = _object(args.pop("params", None), "params")
        topic = args.pop("topic", None)
        lang = args.pop("lang", None)
        now = args.pop("now", None)
        _no_more(args, schema["properties"])
        for key in ("lang", "now", "no_reading"):
            if key in values:
                raise InputError(f"give {key} beside params, not inside it", field=f"params.{key}")
        if topic is not None:
            if "topic" not in method.params.by_name():
                raise InputError(f"{method.name} takes no topic", field="topic")
            values["topic"] = topic
        doc = cast_document(method, {**values, "lang": lang, "now": now})
        return {
            "method": method.name,
            "topic": doc.get("topic", values.get("topic")),
            "lang": doc.get("lang"),
            "reading": doc.get("reading", []),
            "facts": method.facts(doc),
            "warnings": doc.get("warnings", []),
        }

    return ToolSpec(
        READING,
        "reading (斷)",
        "The reading of a chart: the rules that fire for the question's topic, each with its id, its source "
        "(an inventory id or a book and chapter) and its text in lang. The same rules as the `reading` of "
        "the method's cast tool; returns {method, topic, lang, reading, facts, warnings}.",
        schema,
        run,
    )


# ---------------------------------------------------------------------------------- enumerate
def _enumerate_params(method: Method) -> tuple[Param, ...]:
    return tuple(p for p in method.params.SPEC if not p.modes or "enumerate" in p.modes)


def _enumerate_tool(method: Method) -> ToolSpec:
    spec = _enumerate_params(method)
    names = {p.name for p in spec}
    extra = {
        "offset": {"type": "integer", "minimum": 0, "default": 0, "description": "first row returned"},
        "limit": {"type": "integer", "minimum": 1, "description": "at most this many rows (default: all)"},
    }
    schema = object_schema(spec, extra)

    def run(arguments: dict[str, Any]) -> dict[str, Any]:
        args = dict(arguments)
        offset = _int(args, "offset", 0, 0, 10**9)
        limit = _int(args, "limit", 10**9, 1, 10**9)
        values = _given(args)
        for k in values:
            if k not in names:
                why = (mode_text(method, "enumerate", cli=False) or ("", ""))[1]
                raise InputError(
                    f"the enumeration does not use {k}" + (f": {why}" if why else ""),
                    field=k,
                )
        assert method.enumerate is not None
        rows = method.enumerate(method.make_params(values))
        return {
            "method": method.name,
            "total": len(rows),
            "offset": offset,
            "rows": rows[offset : offset + limit],
        }

    label = method.label
    return ToolSpec(
        ENUMERATE_PREFIX + method.name,
        f"every chart of {label.en} ({label.zh_hant})",
        f"Every chart of {method.summary.en} for one school (the rows of "
        f"`xuanheng {method.name} --enumerate --json`), or one day's when given; offset and limit page "
        "through the rows. Returns {method, total, offset, rows}.",
        schema,
        run,
    )


# ------------------------------------------------------------------------------------ journal
def _journal_tools(journal: Any, methods: Mapping[str, Method]) -> list[ToolSpec]:
    from xuanheng.journal import CaseQuery, case_from_chart
    from xuanheng.rules.variants import with_variants

    def user() -> Any:
        return journal.local_user()

    def instant(args: dict[str, Any], name: str) -> datetime | None:
        # the web's reading of a search bound: ISO 8601 text with an offset, years 1–9999 in UTC
        from xuanheng.journal.validate import query_time

        v = args.pop(name, None)
        return None if v is None else query_time(v, name)

    search_schema: dict[str, Any] = {
        "type": "object",
        "properties": {
            "method": {"type": "string", "enum": list(methods), "description": "cases of this method"},
            "tag": {"type": "string", "maxLength": 64, "description": "cases with this tag"},
            "text": {"type": "string", "maxLength": 200, "description": "text in question or notes"},
            "topic": {"type": "string", "maxLength": 64},
            "outcome": {"type": "string", "enum": ["應驗", "不驗", "部分", "pending"]},
            "since": {"type": "string", "format": "date-time", "description": "on or after (with offset)"},
            "until": {"type": "string", "format": "date-time", "description": "before (with offset)"},
            "date_field": {"type": "string", "enum": ["created_at", "cast_at"], "default": "created_at"},
            "order": {"type": "string", "enum": ["newest", "oldest"], "default": "newest"},
            "limit": {"type": "integer", "minimum": 1, "maximum": 500, "default": 50},
            "offset": {"type": "integer", "minimum": 0, "default": 0},
            "with_chart": {"type": "boolean", "default": False, "description": "include each saved chart"},
            "lang": {**lang_property(), "description": "language of an error's text"},
        },
        "additionalProperties": False,
    }

    def search(arguments: dict[str, Any]) -> dict[str, Any]:
        args = dict(arguments)
        args.pop("lang", None)  # read by the server for an error's text
        date_field = _text(args, "date_field", "created_at")
        order = _text(args, "order", "newest")
        for name, value, accepted in (
            ("date_field", date_field, ("created_at", "cast_at")),
            ("order", order, ("newest", "oldest")),
        ):
            if value not in accepted:
                raise InputError(f"{name} {echo(value)} is not accepted: {', '.join(accepted)}", field=name)
        q = CaseQuery(
            method=_text(args, "method") or None,
            tag=_text(args, "tag") or None,
            text=_text(args, "text") or None,
            topic=_text(args, "topic") or None,
            outcome=_text(args, "outcome") or None,
            since=instant(args, "since"),
            until=instant(args, "until"),
            date_field=date_field,  # type: ignore[arg-type]
            order=order,  # type: ignore[arg-type]
            limit=_int(args, "limit", 50, 1, 500),
            offset=_int(args, "offset", 0, 0, 10_000_000),
        )
        with_chart = _flag(args, "with_chart")
        _no_more(args, search_schema["properties"])
        page = journal.list_cases(user(), q)
        return {
            "items": [c.to_json(with_chart=with_chart) for c in page.items],
            "total": page.total,
            "limit": page.limit,
            "offset": page.offset,
        }

    save_schema: dict[str, Any] = {
        "type": "object",
        "properties": {
            "method": {"type": "string", "enum": list(methods), "description": "the method to cast"},
            "params": {
                "type": "object",
                "description": "the chart's parameters: the arguments of the method's cast tool (lang too)",
            },
            "question": {"type": "string", "maxLength": 2000},
            "topic": {"type": "string", "maxLength": 64},
            "tags": {"type": "array", "items": {"type": "string", "maxLength": 64}, "maxItems": 32},
            "notes": {"type": "string", "maxLength": 20000},
            "idempotency_key": {
                "type": "string",
                "minLength": 1,
                "maxLength": 128,
                "description": "a key of your choosing: a retried call with the same key stores nothing and "
                "returns the case the first call stored",
            },
        },
        "required": ["method", "params"],
        "additionalProperties": False,
    }

    def save(arguments: dict[str, Any]) -> dict[str, Any]:
        args = dict(arguments)
        name = args.pop("method", None)
        method = methods.get(name) if isinstance(name, str) else None
        if method is None:
            raise InputError(
                f"unknown method {echo(name)}: expected one of {', '.join(methods)}", field="method"
            )
        values = _object(args.pop("params", None), "params")
        question = _text(args, "question")
        topic = _text(args, "topic")
        notes = _text(args, "notes")
        tags = args.pop("tags", None) or []
        if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
            raise InputError("tags must be a list of texts", field="tags")
        key = args.pop("idempotency_key", None)
        _no_more(args, save_schema["properties"])
        if key is not None:
            first = journal.case_for_key(user(), key)
            if first is not None:
                replayed: dict[str, Any] = first.to_json(with_chart=False)
                return replayed
        if "now" in values:
            raise InputError("a saved case needs its instant: give params.at, not now", field="params.now")
        params, lang, with_reading = make_params(method, values)
        doc = method.document(params, lang, with_reading=with_reading)
        # the case keeps what recreates the chart: the parameters (seeds drawn included) and the language
        inputs = {**_given(params.to_json()), "lang": lang}
        reading = doc.get("reading")
        case_in = case_from_chart(
            method.name,
            inputs,
            doc,
            with_variants(method.package, reading, lang),
            keys=method.facts(doc),
            question=question,
            topic=topic,
            tags=[t.strip() for t in tags if t.strip()],
            notes=notes,
        )
        case: dict[str, Any] = journal.save_case(user(), case_in, idempotency_key=key).to_json(
            with_chart=False
        )
        return case

    outcome_schema: dict[str, Any] = {
        "type": "object",
        "properties": {
            "case_id": {"type": "string", "maxLength": 64, "description": "the id journal_save returned"},
            "result": {
                "type": "string",
                "enum": list(OUTCOME_VALUES),
                "description": "應驗 (borne out), 不驗 (not), 部分 (partly); pinyin aliases accepted",
            },
            "note": {"type": "string", "maxLength": 5000},
        },
        "required": ["case_id", "result"],
        "additionalProperties": False,
    }

    def outcome(arguments: dict[str, Any]) -> dict[str, Any]:
        args = dict(arguments)
        case_id = _text(args, "case_id", limit=64)
        if not case_id:
            raise InputError("case_id is required: the id journal_save returned", field="case_id")
        result = _text(args, "result", limit=16)
        note = _text(args, "note", limit=5000)
        _no_more(args, outcome_schema["properties"])
        case: dict[str, Any] = journal.record_outcome(user(), case_id, result, note).to_json(with_chart=False)
        return case

    stats_schema: dict[str, Any] = {
        "type": "object",
        "properties": {
            "method": {"type": "string", "enum": list(methods), "description": "only this method's cases"},
            "tag": {"type": "string", "maxLength": 64, "description": "only the cases with this tag"},
            "topic": {"type": "string", "maxLength": 64, "description": "only the cases of this topic"},
        },
        "additionalProperties": False,
    }

    def stats(arguments: dict[str, Any]) -> dict[str, Any]:
        args = dict(arguments)
        q = CaseQuery(
            method=_text(args, "method") or None,
            tag=_text(args, "tag") or None,
            topic=_text(args, "topic") or None,
        )
        _no_more(args, stats_schema["properties"])
        out: dict[str, Any] = journal.statistics(user(), q).to_json()
        return out

    return [
        ToolSpec(
            JOURNAL_SEARCH,
            "search the case journal",
            "List and search the saved cases (newest first): by method, tag, text, topic, outcome, dates. "
            "Returns {items, total, limit, offset}, as GET /api/journal/cases.",
            search_schema,
            search,
        ),
        ToolSpec(
            JOURNAL_SAVE,
            "save a case to the journal",
            "Cast the chart of params on the server and save it as a case with the question, topic, tags and "
            "notes (a random draw keeps its seed, so the case can be recreated). Returns the saved case "
            "(its id is what journal_outcome takes).",
            save_schema,
            save,
            read_only=False,
            idempotent=False,
        ),
        ToolSpec(
            JOURNAL_OUTCOME,
            "record a case's outcome",
            "Record what happened after the cast: 應驗 (borne out), 不驗 (not borne out) or 部分 (partly), "
            "with a note. Returns the updated case.",
            outcome_schema,
            outcome,
            read_only=False,
        ),
        ToolSpec(
            JOURNAL_STATS,
            "the journal's hit rates",
            "How often the saved readings were borne out: counts (應驗 ying_yan, 不驗 bu_yan, 部分 bu_fen, "
            "pending), rate and its 95% Wilson interval for the whole journal and per method, fired rule, "
            "key, topic and verdict polarity (by_verdict: good, bad, mixed — how often a verdict of that "
            "polarity came true). Returns the JSON of GET /api/journal/statistics.",
            stats_schema,
            stats,
        ),
    ]


# -------------------------------------------------------------------------------------- the set
class ToolSet:
    """Every tool of the registered methods (and of the journal, when one is given)."""

    def __init__(
        self, journal: Any = None, methods: Callable[[], Mapping[str, Method]] | None = None
    ) -> None:
        if methods is None:
            from xuanheng.methods import registry

            methods = registry
        self.journal = journal
        self._methods = methods
        self._cache: dict[tuple[int, ...], dict[str, ToolSpec]] = {}

    def tools(self) -> dict[str, ToolSpec]:
        """The tools by name, for the methods registered now (built once per set of methods)."""
        methods = dict(self._methods())
        key = tuple(id(m) for m in methods.values())
        got = self._cache.get(key)
        if got is not None:
            return got
        out: dict[str, ToolSpec] = {}

        def add(t: ToolSpec) -> None:
            if t.name in out:
                raise ValueError(f"two MCP tools are named {t.name!r}: rename the method")
            out[t.name] = t

        for name, m in methods.items():
            if name in FIXED_NAMES or name.startswith(ENUMERATE_PREFIX):
                raise ValueError(f"method name {name!r} is taken by an MCP tool of the same name")
            add(_cast_tool(m))
        r = _reading_tool(methods)
        if r is not None:
            add(r)
        for m in methods.values():
            if m.enumerate is not None:
                add(_enumerate_tool(m))
        if self.journal is not None:
            for t in _journal_tools(self.journal, methods):
                add(t)
        self._cache.clear()
        self._cache[key] = out
        return out

    def call(self, name: str, arguments: Mapping[str, Any] | None) -> dict[str, Any]:
        """Run the tool *name* (a KeyError when there is none; typed errors naming the argument)."""
        tool = self.tools()[name]
        return tool.run(dict(arguments or {}))


__all__ = ["FIXED_NAMES", "ToolSet", "ToolSpec", "cast_document", "make_params"]
