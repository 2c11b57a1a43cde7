"""``xuanheng all --at … --tz …``: one moment (and place) cast in every registered method.

A practitioner often casts the same moment several ways. Every method of :func:`xuanheng.methods.registry`
that needs nothing more than the instant and the place is cast and shown one after the other, each with the
command that gives its full chart and reading; a method that needs more input (its required parameters
without a default and those its front-end data lists in ``needs``, :func:`xuanheng.frontend.needed`: a 地分,
six lines, a birth place) says what it needs and which flag gives it. ``--with NAME=VALUE`` gives such a
value to every method that has a parameter of that name (``--with difen=申``). No method is named here.
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


def plan(method: Method, values: dict[str, Any]) -> tuple[dict[str, Any], tuple[Param, ...]]:
    """(the values *method* takes from *values*, the parameters it still needs from the user)."""
    spec = method.params.by_name()
    mine = {k: v for k, v in at_moment(method, values).items() if k in spec}
    missing = tuple(p for p in needed(method) if mine.get(p.name) in (None, ""))
    return mine, missing


def cast_one(method: Method, values: dict[str, Any], lang: str) -> dict[str, Any]:
    """One method's part of the moment: ``{"name", "label", "document"}``, or ``"needs"`` (parameters it
    needs, with their labels and flags), or ``"error"`` (a refused input, in *lang*; ``"refused"``: the
    error itself)."""
    from xuanheng.i18n.messages import localize_error

    out: dict[str, Any] = {"name": method.name, "label": method.label.get(lang)}
    mine, missing = plan(method, values)
    if not missing:
        try:
            params = with_seeds(method, method.make_params(mine))
            out["document"] = method.document(params, lang, with_reading=False)
            out["params"] = params
            return out
        except XuanhengError as e:
            spec = method.params.by_name()
            if e.field in spec and e.field not in mine:  # it asks for an input the moment does not give
                missing = (spec[e.field],)
            else:
                out["error"] = localize_error(e, lang)
                out["refused"] = e
                return out
    out["needs"] = [
        {"name": p.name, "label": p.label.get(lang), "flag": flags(method, p)[0], "help": p.help}
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
    parts = [cast_one(m, values, lang) for m in registry().values()]
    for p in parts:  # a refused instant or place (the moment every method shares) is one line, status 2
        refused = p.pop("refused", None)
        if refused is not None and refused.field in MOMENT:
            raise refused
    if args.json:
        for p in parts:
            p.pop("params", None)
        print(json.dumps({"moment": _jsonable(values), "methods": parts}, ensure_ascii=False, indent=2))
        return _status(parts)
    methods = registry()
    blocks = []
    for p in parts:
        m = methods[p["name"]]
        head = f"== {p['label']} =="
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


__all__ = ["MOMENT", "add_arguments", "cast_one", "full_command", "plan", "run"]
