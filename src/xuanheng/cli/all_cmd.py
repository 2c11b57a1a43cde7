"""``xuanheng all --at … --tz …``: one moment (and place) cast in every registered method.

A practitioner often casts the same moment several ways. Every method of :func:`xuanheng.methods.registry`
that needs nothing more than the instant and the place is cast and shown one after the other, each with the
command that gives its full chart and reading; a method that needs more input (its required parameters
without a default and those its front-end data lists in ``needs``, :func:`xuanheng.frontend.needed`: a 地分,
six lines, a birth place) says what it needs and which flag gives it. ``--with NAME=VALUE`` gives such a
value to every method that has a parameter of that name (``--with difen=申``). No method is named here.

A question — ``--topic`` (財, 病 … in any language, as every method's ``--topic``) and ``--about`` (whom it
concerns, as every method's ``--about``) — is put to every method that reads one, each answering with its
judgment; both are checked first (a refused one is one line, as a refused instant); a method that has no
such parameter, or refuses that topic or person, is cast without it and its card says so in the user's
language (labels ``all.no_topic`` / ``all.no_about``) instead of failing the run.
"""

from __future__ import annotations

import argparse
import json
import shlex
from datetime import UTC, datetime
from typing import Any

from xuanheng.errors import InputError, XuanhengError
from xuanheng.frontend import at_moment, flags, local_offset, needed, param_front, with_seeds
from xuanheng.method import Method
from xuanheng.params import Param
from xuanheng.reading import DEFAULT_LANG, LANGS, check_lang

#: the shared inputs of a moment and a place, passed to every method that has them
MOMENT = ("at", "tz", "fold", "lon", "lat", "true_solar")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group("instant and place")
    g.add_argument("--at", metavar="DATE-TIME", help="date-time, ISO 8601 (2026-03-10T21:00)")
    g.add_argument("--now", action="store_true", help="the current time, in --tz or this computer's zone")
    g.add_argument("--tz", metavar="ZONE", help="IANA zone (Asia/Seoul) or UTC offset (+09:00)")
    g.add_argument("--fold", metavar="0|1", help="which reading of a repeated or skipped wall time")
    g.add_argument("--lon", metavar="DEG", help="longitude −180 … 180 (east positive)")
    g.add_argument("--lat", metavar="DEG", help="latitude −90 … 90 (north positive)")
    g.add_argument("--true-solar", action="store_true", help="count days and hours on true solar time")
    g.add_argument(
        "--with",
        dest="extra",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a further input for every method that takes it (--with difen=申); repeatable",
    )
    q = parser.add_argument_group("question")
    q.add_argument(
        "--topic",
        metavar="TOPIC",
        help="the matter asked (財, 病, 婚 … or its Korean/English name), put to every method that reads "
        "one: each answers with its judgment",
    )
    q.add_argument(
        "--about",
        metavar="PERSON",
        help="whom the question concerns (自己, 父母, 兄弟, 妻, 夫, 子女, 朋友, 他人 … in any language), "
        "for every method that takes it",
    )
    out = parser.add_argument_group("output")
    out.add_argument("--lang", default=None, help=f"{', '.join(LANGS)} (default {DEFAULT_LANG})")
    out.add_argument("--json", action="store_true", help="print one JSON object")
    from xuanheng.cli.method_cmd import add_terminal_arguments

    add_terminal_arguments(out)


def moment_values(args: argparse.Namespace) -> dict[str, Any]:
    """The instant and place given on the command line, as parameter values."""
    values: dict[str, Any] = {}
    if args.now and args.at:
        raise InputError("give --at or --now, not both", field="at")
    if not args.now and not args.at:
        raise InputError("give --at DATE-TIME (ISO 8601, e.g. 2026-03-10T21:00) or --now", field="at")
    values["at"] = datetime.now(UTC) if args.now else args.at
    if args.tz is not None:
        values["tz"] = args.tz
    elif args.now:
        values["tz"] = local_offset()
    for k in ("fold", "lon", "lat"):
        if getattr(args, k) is not None:
            values[k] = getattr(args, k)
    if args.true_solar:
        values["true_solar"] = True
    return values


def extra_values(items: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise InputError(f"--with {item!r} is not NAME=VALUE (e.g. difen=申)", field="with")
        out[name.strip().replace("-", "_")] = value.strip()
    return out


#: the inputs of a question, put to the methods that take them
QUESTION = ("topic", "about")


def question_values(args: argparse.Namespace) -> dict[str, str]:
    """The question given on the command line, checked as every method checks it (the topic by the shared
    vocabulary, the person by the shared list of persons): a refusal names the input, in the user's
    language."""
    from xuanheng.reading.judgment import check_about
    from xuanheng.rules.topics import normalise_topic

    out: dict[str, str] = {}
    if getattr(args, "topic", None) is not None:
        out["topic"] = normalise_topic(args.topic)
    if getattr(args, "about", None) is not None:
        out["about"] = check_about(args.about)
    return out


def _question_label(name: str, value: str, lang: str) -> str:
    """The topic or person *value* as *lang* names it (財 → 재물)."""
    from xuanheng.reading.judgment import vocabulary
    from xuanheng.rules.topics import topic_label

    if name == "topic":
        return topic_label(value, lang)
    return vocabulary().about[value].get(lang)


def plan(method: Method, values: dict[str, Any]) -> tuple[dict[str, Any], tuple[Param, ...]]:
    """(the values *method* takes from *values*, the parameters it still needs from the user)."""
    spec = method.params.by_name()
    mine = {k: v for k, v in at_moment(method, values).items() if k in spec}
    missing = tuple(p for p in needed(method) if mine.get(p.name) in (None, ""))
    return mine, missing


def cast_one(
    method: Method, values: dict[str, Any], lang: str, question: dict[str, str] | None = None
) -> dict[str, Any]:
    """One method's part of the moment: ``{"name", "label", "document"}``, or ``"needs"`` (parameters it
    needs, with their labels and flags), or ``"error"`` (a refused input, in *lang*; ``"refused"``: the
    error itself). With a *question* (``topic``, ``about``) the document carries the method's judgment of
    it; ``"notes"`` says, in *lang*, which part of the question the method does not take (it is cast
    without it)."""
    from xuanheng.i18n import label
    from xuanheng.i18n.messages import localize_error

    out: dict[str, Any] = {"name": method.name, "label": method.label.get(lang)}
    spec = method.params.by_name()
    asked = dict(question or {})
    notes: list[str] = []

    def left_out(name: str) -> None:
        value = asked.pop(name)
        notes.append(label(f"all.no_{name}", lang).format(value=_question_label(name, value, lang)))

    for name in [k for k in asked if k not in spec]:
        left_out(name)
    mine, missing = plan(method, values)
    while not missing:
        try:
            params = with_seeds(method, method.make_params({**mine, **asked}))
            out["document"] = method.document(params, lang, with_reading=bool(asked))
            out["params"] = params
            break
        except XuanhengError as e:
            if e.field in asked:  # the method does not read this topic or person: cast without it
                left_out(e.field)
                continue
            if e.field in spec and e.field not in mine:  # it asks for an input the moment does not give
                missing = (spec[e.field],)
            else:
                out["error"] = localize_error(e, lang)
                out["refused"] = e
                break
    if notes:
        out["notes"] = notes
    if not missing:
        return out
    out["needs"] = [
        {"name": p.name, "label": p.label.get(lang), "flag": flags(method, p)[0], "help": p.help_in(lang)}
        for p in missing
    ]
    return out


def full_command(method: Method, params: Any) -> str:
    """The command that gives *method*'s full chart and reading for the same moment."""
    spec = method.params.by_name()
    argv = ["xuanheng", method.name]
    for k, v in params.to_json().items():
        p = spec.get(k)
        if p is None or v is None or (v == p.default and k != "at") or not param_front(method, p).cli:
            continue
        if p.kind == "bool":
            if v:
                argv.append(flags(method, p)[0])
            continue
        argv += [flags(method, p)[0], str(v).lower() if isinstance(v, bool) else str(v)]
    return shlex.join(argv)


def run(args: argparse.Namespace) -> int:
    from xuanheng.i18n import label
    from xuanheng.methods import registry

    lang = check_lang(args.lang) if args.lang else DEFAULT_LANG
    values = {**moment_values(args), **extra_values(args.extra)}
    question = question_values(args)
    for name in QUESTION:  # given through --with: asked as --topic / --about would ask it
        if name in values and name not in question:
            question[name] = values.pop(name)
    parts = [cast_one(m, values, lang, question) for m in registry().values()]
    for p in parts:  # a refused instant or place (the moment every method shares) is one line, status 2
        refused = p.pop("refused", None)
        if refused is not None and refused.field in MOMENT:
            raise refused
    if args.json:
        for p in parts:
            p.pop("params", None)
        out = {"moment": _jsonable(values), **({"question": question} if question else {}), "methods": parts}
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return _status(parts)
    methods = registry()
    blocks = []
    for p in parts:
        m = methods[p["name"]]
        head = f"== {p['label']} =="
        head += "".join(f"\n({n})" for n in p.get("notes", ()))
        if "document" in p:
            doc = dict(p["document"])  # its warnings are said in lang from their codes (render_text)
            doc.pop("reading", None)
            body = m.views["text"](doc, lang)
            body += f"\n{label('all.full_chart', lang)}: {full_command(m, p['params'])}"
        elif "needs" in p:
            needs = ", ".join(f"{n['label']} ({n['flag']})" for n in p["needs"])
            # a moment's own flag (--lon) as itself, any other input through --with
            flags = " ".join(
                f"{n['flag']} …" if n["name"] in MOMENT else f"--with {n['name']}=…" for n in p["needs"]
            )
            body = f"{label('all.needs', lang)}: {needs}\n  xuanheng all … {flags}"
        else:
            body = f"{label('error.title', lang)}: {p['error']}"
        blocks.append(f"{head}\n{body}")
    from xuanheng.cli.method_cmd import fit_text

    print(fit_text("\n\n".join(blocks), args))
    return _status(parts)


def _status(parts: list[dict[str, Any]]) -> int:
    """2 when an input was refused by some method (its card says why), else 0 — a card that only asks for
    an input the moment does not give (``needs``) is not an error."""
    return 2 if any("error" in p for p in parts) else 0


def _jsonable(values: dict[str, Any]) -> dict[str, Any]:
    return {k: v.isoformat() if isinstance(v, datetime) else v for k, v in values.items()}


__all__ = [
    "MOMENT",
    "QUESTION",
    "add_arguments",
    "cast_one",
    "full_command",
    "plan",
    "question_values",
    "run",
]
