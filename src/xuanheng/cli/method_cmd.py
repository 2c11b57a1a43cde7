"""``xuanheng <method>``: the command of every registered method, generated from its ``Params``.

Each parameter becomes a flag (``--difen``, ``--yue-jiang-rule``/``--jiang`` …) with its help text; a closed
choice set becomes argparse ``choices``. The command adds what only a command line has: ``--now`` (the
current time, in ``--tz`` or else this computer's zone), ``--json``, ``--lang``, ``--no-reading`` for a method
with a reading, and ``--enumerate`` for a method with an enumeration. Values are checked by the method's
``Params`` (typed errors naming the field, printed on one line by :mod:`xuanheng.cli.main`); ``--now``,
the refusal of a flag the cast's mode would silently ignore and the random draws are
:func:`xuanheng.frontend.cast_params`, as on the HTTP API and the MCP server. The JSON is
:meth:`Method.document` — the same as the HTTP API's — and the table is the method's ``text`` view.
"""

from __future__ import annotations

import argparse
import inspect
import json
from typing import Any

from xuanheng.errors import InputError
from xuanheng.frontend import cast_params, param_front
from xuanheng.method import Method
from xuanheng.params import GROUPS, Param
from xuanheng.reading import DEFAULT_LANG, LANGS, check_lang

GROUP_TITLES = {
    "time": "instant",
    "place": "place",
    "calendar": "calendar options",
    "input": "inputs",
    "study": "by the chart's own coordinates (study)",
    "school": "school options",
    "person": "person and question",
}


def _help(p: Param, lang: str | None = None) -> str:
    """The help of *p*'s flag: its declared help; in another language *lang* (``--lang ko``) led by its
    label and its choices' labels in that language, then its help in that language where the declaration
    (``params.toml`` ``help.ko`` …) gives it, else in English."""
    from xuanheng.i18n import cli_help

    local_help = lang is not None and lang != "en" and p.help_text is not None
    text = p.help_in(lang) if local_help and lang is not None else p.help
    if p.option and p.default is not None and "default" not in p.help:
        shown = str(p.default).lower() if isinstance(p.default, bool) else p.default
        said = cli_help("method.default", lang) if local_help and lang is not None else None
        text += " " + (said or "(default {value})").replace("{value}", str(shown))
    if lang is not None and lang != "en":
        local = p.label.get(lang)
        named = [
            f"{c.value} = {c.label.get(lang)}"
            for c in p.choices
            if not isinstance(c.value, bool) and c.label.get(lang) != str(c.value)
        ]
        if named:
            local += ": " + ", ".join(named)
        text = f"{local} — {text}"
    return text.replace("%", "%%")


def _switch_help(flag: str, value: str, lang: str | None) -> str:
    """The help of a flag that stands for one value of another (``--coins``: ``--coins-choice true``)."""
    from xuanheng.i18n import cli_help

    said = cli_help("method.switch", lang) if lang is not None else None
    return (said or "the same as {flag} {value}").replace("{flag}", flag).replace("{value}", value)


def add_arguments(parser: argparse.ArgumentParser, method: Method, lang: str | None = None) -> None:
    """The flags of *method*, generated from its parameters; their help led by the labels in *lang* when
    it is given and not English (``xuanheng liuyao --help --lang ko``)."""
    groups: dict[str, argparse._ActionsContainer] = {}
    spec = method.params.SPEC
    fronts = {p.name: param_front(method, p) for p in spec}
    for name in GROUPS:
        if any(p.group == name and fronts[p.name].cli for p in spec):
            groups[name] = parser.add_argument_group(GROUP_TITLES[name])
    for p in spec:
        f = fronts[p.name]
        if not f.cli:
            continue
        g: argparse._ActionsContainer = groups.get(p.group, parser)
        kw: dict[str, Any] = {"dest": p.name, "default": argparse.SUPPRESS, "help": _help(p, lang)}
        bool_choice = p.kind == "choice" and any(isinstance(v, bool) for v in p.values)
        if p.kind == "bool":
            g.add_argument(*f.flags, action="store_const", const=True, **kw)
            continue
        if p.required:
            kw["required"] = True
        if f.metavar:
            kw["metavar"] = f.metavar
        elif p.kind == "choice":  # the values are checked by Params, so the message is the API's
            values = ["true", "false"] if bool_choice else [str(v) for v in p.values]
            kw["metavar"] = "|".join(values + (["BRANCH"] if p.also == "branch" else []))
        g.add_argument(*f.flags, **kw)
        if f.switch is not None:
            flag, value = f.switch
            g.add_argument(
                flag,
                dest=p.name,
                action="store_const",
                const=value,
                default=argparse.SUPPRESS,
                help=_switch_help(f.flags[0], str(value).lower(), lang),
            )
    out = parser.add_argument_group("output")
    if "at" in method.params.by_name():
        out.add_argument(
            "--now",
            action="store_true",
            help="use the current time (instead of --at), in --tz or this computer's zone",
        )
    if method.enumerate is not None:
        out.add_argument(
            "--enumerate", action="store_true", help="print every chart of the method (or one --day's)"
        )
    if method.has_reading:
        out.add_argument("--no-reading", action="store_true", help="print the chart only")
    out.add_argument(
        "--lang", default=None, help=f"{', '.join(LANGS)} (default {DEFAULT_LANG}; any letter case)"
    )
    form = out.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help="print one JSON object")
    if method.view("svg") is not None:
        form.add_argument(
            "--svg",
            action="store_true",
            help="print the drawing (SVG, as the web page shows it) instead of the text view; "
            "redirect it to a file: > chart.svg",
        )
    out.add_argument("--ids", action="store_true", help="show rule ids and sources in the text view")
    add_terminal_arguments(out)
    add_save_arguments(parser, method)


def add_terminal_arguments(group: argparse._ActionsContainer) -> None:
    """``--width N`` and ``--ascii``: how the text view fits the terminal."""
    group.add_argument(
        "--width",
        type=int,
        metavar="N",
        default=None,
        help="wrap the text view to N columns (default: the terminal's width, else 80; 0: do not wrap)",
    )
    group.add_argument(
        "--ascii",
        action="store_true",
        help="draw with ASCII instead of characters of ambiguous width (━ ° ′ ″ · → ○ ×), which take two "
        "columns in CJK terminals",
    )


def terminal_columns() -> int:
    """The columns of the output: ``$COLUMNS``, else the terminal's width when printing to one, else 80."""
    import os
    import shutil
    import sys

    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    tty = hasattr(sys.stdout, "isatty") and sys.stdout.isatty()
    return shutil.get_terminal_size((80, 24)).columns if tty else 80


def fit_text(text: str, args: argparse.Namespace) -> str:
    """*text* fitted to the terminal as ``--width`` / ``--ascii`` ask (:func:`xuanheng.render.text.fit`)."""
    from xuanheng.render.text import fit

    limit = getattr(args, "width", None)
    if limit is None:
        limit = terminal_columns()
    if limit and limit < 20:
        raise InputError(
            f"--width {limit} is too narrow: give 20 or more columns, or 0 not to wrap", field="width"
        )
    return fit(text, limit, ascii=bool(getattr(args, "ascii", False)))


def without_ids(text: str, doc: dict[str, Any]) -> str:
    """*text* without the ``[rule id] `` each fired rule of *doc* is printed with (a text view that always
    shows them; the ids belong to ``--ids``)."""
    for r in doc.get("reading") or ():
        rid = r.get("id") if isinstance(r, dict) else None
        if isinstance(rid, str) and rid:
            text = text.replace(f"[{rid}] ", "")
    return text


def add_save_arguments(parser: argparse.ArgumentParser, method: Method) -> None:
    """``--save`` with ``--question``, ``--tag``, ``--notes`` and ``--db``: keep the cast in the journal."""
    names = set(method.params.by_name())
    g = parser.add_argument_group("journal")
    g.add_argument(
        "--save",
        action="store_true",
        help="save the cast in the case journal (the same database as the web page: xuanheng serve)",
    )
    for flag, dest, kw in (
        ("--question", "save_question", {"help": "the question asked (with --save)"}),
        ("--tag", "save_tags", {"action": "append", "help": "a tag of the saved case (repeatable)"}),
        ("--notes", "save_notes", {"help": "notes of the saved case (with --save)"}),
        ("--db", "save_db", {"metavar": "URL", "help": "journal database URL (default: as xuanheng serve)"}),
    ):
        if flag.lstrip("-") not in names:
            g.add_argument(flag, dest=dest, default=None, **kw)  # type: ignore[arg-type]


def run(args: argparse.Namespace, method: Method) -> int:
    lang = check_lang(args.lang) if args.lang is not None else None
    spec = method.params.by_name()
    values = {k: v for k, v in vars(args).items() if k in spec}
    for name, v in list(values.items()):  # --bazhuan-first true|false
        p = spec[name]
        if p.kind == "choice" and isinstance(v, str) and any(isinstance(c, bool) for c in p.values):
            values[name] = v == "true"
    if getattr(args, "save", False):  # a journal it cannot save in is refused before the chart is printed
        from xuanheng.journal.db import check_url, resolve_url

        db = getattr(args, "save_db", None)
        if db is not None and db.strip():
            check_url(resolve_url(db))
    now = bool(getattr(args, "now", False))
    enumerate_ = bool(getattr(args, "enumerate", False))
    params = cast_params(method, values, now=now, mode="enumerate" if enumerate_ else None, cli=True)
    if enumerate_:
        assert method.enumerate is not None
        rows = method.enumerate(params)
        if args.json:
            print("[\n" + ",\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n]")
        elif method.view("enumeration") is not None:
            print(method.views["enumeration"](rows))
        return 0
    with_reading = not getattr(args, "no_reading", False)
    doc = method.document(params, lang or DEFAULT_LANG, with_reading=with_reading)
    if not getattr(args, "save", False):
        for flag in ("save_question", "save_tags", "save_notes", "save_db"):
            if getattr(args, flag, None) is not None:
                raise InputError(
                    f"--{flag[5:].rstrip('s')} belongs to --save: add --save to keep the cast in the journal",
                    field=flag[5:],
                )
    if args.json:
        print(json.dumps(doc, ensure_ascii=False, indent=2))
    elif getattr(args, "svg", False):
        print(method.views["svg"](doc, lang or DEFAULT_LANG))
    else:
        shown = dict(doc)
        if not with_reading:
            shown.pop("reading", None)
        view = method.views["text"]
        # ids: a view that shows rule ids and sources on request (the built-in ones; a plug-in may not)
        takes_ids = "ids" in inspect.signature(view).parameters
        ids = bool(getattr(args, "ids", False))
        text = view(shown, lang, ids=ids) if takes_ids else view(shown, lang)
        if not ids:  # a view that prints the ids whether asked or not (大六壬, 金口訣)
            text = without_ids(text, shown)
        print(fit_text(text, args))
    if getattr(args, "save", False):
        saved = (
            doc if with_reading or not method.has_reading else method.document(params, lang or DEFAULT_LANG)
        )
        save_case(args, method, params, saved, lang)
    return 0


def saved_inputs(params: Any) -> dict[str, Any]:
    """The parameters of a cast as the journal keeps them (what the page and the API take back)."""
    spec = params.by_name()
    out: dict[str, Any] = {}
    for k, v in params.to_json().items():
        if v is None or (k in spec and v == spec[k].default and k not in ("at", "tz")):
            continue
        out[k] = v
    return out


def save_case(
    args: argparse.Namespace, method: Method, params: Any, doc: dict[str, Any], lang: str | None
) -> str:
    """Save a cast in the journal (local user); prints where to stderr and returns the case id."""
    import sys

    from xuanheng.journal import Journal, case_from_chart

    tags = [t.strip() for t in (getattr(args, "save_tags", None) or []) for t in t.split(",") if t.strip()]
    from xuanheng.rules.variants import with_variants

    reading = with_variants(method.package, doc.get("reading"), str(doc.get("lang")))
    case_in = case_from_chart(
        method.name,
        saved_inputs(params),
        doc,
        reading,
        keys=method.facts(doc),
        question=getattr(args, "save_question", None) or "",
        topic=str(params.get("topic") or ""),
        tags=tags,
        notes=getattr(args, "save_notes", None) or "",
    )
    with Journal.open(getattr(args, "save_db", None), multi_user=False) as j:
        case = j.save_case(j.local_user(), case_in)
        where = j.url
    from xuanheng.i18n import label

    print(f"{label('journal.saved', lang or 'en')}: {case.id[:8]} ({where})", file=sys.stderr)
    return case.id


__all__ = ["add_arguments", "run"]
