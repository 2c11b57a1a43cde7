"""``xuanheng journal …``: the case journal from the command line, on the same database as the web page.

``list``, ``show``, ``outcome`` and ``stats`` are a practitioner's view of the journal (a case is named by its
id or the first characters of it, as ``list`` prints them); ``--save`` on every cast command adds cases. The
maintenance actions (``upgrade``, ``status``, users, ``export``/``import``) are those of
:mod:`xuanheng.journal.admin`. The database is ``--db`` or ``$XUANHENG_DB_URL`` or the SQLite file in the
user's data directory — the one ``xuanheng serve`` opens by default.
"""

from __future__ import annotations

import argparse
import json
from datetime import datetime
from typing import Any

from xuanheng.errors import InputError
from xuanheng.journal import admin
from xuanheng.reading import DEFAULT_LANG, LANGS, check_lang

#: what a practitioner does with the journal; the other actions are the administrator's (admin.py)
OWN = ("list", "show", "outcome", "stats")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The journal's actions; the options of the whole journal (``--db``, ``--lang``) are taken before the
    action (``journal --lang ko list``) or after it (``journal list --lang ko``) alike."""
    admin.add_arguments(parser)
    lang_help = f"{', '.join(LANGS)} (default {DEFAULT_LANG})"
    parser.add_argument("--lang", default=None, help=lang_help)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    p = sub.add_parser("list", help="list cases, newest first: id, cast time, method, question, outcome")
    p.add_argument("--method", help="only this method's cases")
    p.add_argument("--text", help="text in the question, notes or outcome note")
    p.add_argument("--tag", help="only cases with this tag")
    p.add_argument("--outcome", help="應驗, 不驗, 部分 (or ying_yan, bu_yan, bu_fen) or pending")
    p.add_argument("--limit", type=int, default=50, help="at most this many cases (default 50)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p = sub.add_parser("show", help="one case: question, notes, outcome and its chart")
    p.add_argument("id", help="a case id, or its first characters as `list` prints them")
    p.add_argument("--json", action="store_true", help="print the case as JSON")
    p = sub.add_parser("outcome", help="record what happened: 應驗, 不驗 or 部分 (or clear it)")
    p.add_argument("id", help="a case id, or its first characters")
    p.add_argument("result", nargs="?", help="應驗 / 不驗 / 部分 (or ying_yan / bu_yan / bu_fen)")
    p.add_argument("--note", default="", help="what happened, in a few words")
    p.add_argument("--clear", action="store_true", help="remove the recorded outcome")
    p = sub.add_parser(
        "stats", help="hit rates with their counts and 95%% intervals, per method, verdict and rule"
    )
    p.add_argument("--method", help="only this method's cases")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    db = next(a for a in parser._actions if "--db" in a.option_strings)
    for action in sub.choices.values():  # the journal's options after the action too; SUPPRESS: an
        # option not given after the action leaves the value given before it
        action.add_argument("--lang", default=argparse.SUPPRESS, help=lang_help)
        action.add_argument("--db", metavar="URL", default=argparse.SUPPRESS, help=db.help)


def run(args: argparse.Namespace) -> int:
    if args.journal_command not in OWN:
        return admin.run(args)
    from xuanheng.journal import Journal

    lang = check_lang(args.lang) if getattr(args, "lang", None) else DEFAULT_LANG
    with Journal.open(args.db, multi_user=False) as j:
        user = j.local_user()
        if args.journal_command == "list":
            return _list(j, user, args, lang)
        if args.journal_command == "show":
            return _show(j, user, args, lang)
        if args.journal_command == "outcome":
            return _outcome(j, user, args, lang)
        return _stats(j, user, args, lang)


def _check_method(j: Any, user: Any, name: str | None) -> str | None:
    """The method a ``--method`` names: its command name, or its name as the lists print it in any language
    (육효, 六爻, 大六壬 …: the method's label); refused when it names no installed method and no case of the
    journal (a mistyped name would otherwise list nothing, without saying why)."""
    from xuanheng.journal import CaseQuery
    from xuanheng.methods import registry

    if name is None or name in registry():
        return name
    typed = name.strip().casefold()
    for m in registry().values():
        if typed in {t.casefold() for t in m.label.all().values()}:
            return m.name
    if j.list_cases(user, CaseQuery(method=name, limit=1)).total:
        return name
    from xuanheng.errors import short

    accepted = ", ".join(registry())
    raise InputError(f"there is no method {short(name)!r}: accepted {accepted}", field="method")


def find_case(j: Any, user: Any, ident: str) -> Any:
    """The case *ident* names: its whole id, or the first characters of exactly one id."""
    from xuanheng.journal import CaseQuery, NotFoundError

    ident = ident.strip()
    if len(ident) >= 8:
        try:
            return j.get_case(user, ident)
        except NotFoundError:
            pass
    if len(ident) < 4:
        raise InputError(f"case id {ident!r} is too short: give at least 4 of its characters", field="id")
    found, offset = [], 0
    while True:
        page = j.list_cases(user, CaseQuery(limit=500, offset=offset))
        found += [c for c in page.items if c.id.startswith(ident)]
        offset += len(page.items)
        if offset >= page.total or not page.items:
            break
    if not found:
        raise NotFoundError(
            f"no case with id {ident}", field="id", code="journal.no_case", params={"id": ident}
        )
    if len(found) > 1:
        raise InputError(f"case id {ident!r} is the start of {len(found)} cases: give more of it", field="id")
    return found[0]


def cast_time(case: Any) -> str:
    """When the chart was cast, on the clock of its own zone (``2026-03-10 21:00 +08:00``)."""
    from xuanheng.journal.facts import cast_instant

    dt = cast_instant(case.chart, case.inputs) or case.cast_at
    return _when(dt)


def _when(dt: datetime | None) -> str:
    if dt is None:
        return "—"
    off = dt.strftime("%z")
    return f"{dt.strftime('%Y-%m-%d %H:%M')} {off[:3]}:{off[3:]}" if off else dt.strftime("%Y-%m-%d %H:%M")


def _method_label(name: str, lang: str) -> str:
    from xuanheng.methods import registry

    m = registry().get(name)
    return m.label.get(lang) if m is not None else name


def _outcome_label(result: str | None, lang: str) -> str:
    from xuanheng.i18n import label

    keys = {"應驗": "outcome.yingyan", "不驗": "outcome.buyan", "部分": "outcome.bufen", None: "outcome.none"}
    return label(keys.get(result, "outcome.none"), lang)


def _list(j: Any, user: Any, args: argparse.Namespace, lang: str) -> int:
    from xuanheng.i18n import label
    from xuanheng.journal import CaseQuery
    from xuanheng.render.text import pad, width

    if not 1 <= args.limit <= 500:
        raise InputError(f"limit {args.limit} out of range: expected 1–500", field="limit")
    method = _check_method(j, user, args.method)
    q = CaseQuery(method=method, text=args.text, tag=args.tag, outcome=args.outcome, limit=args.limit)
    page = j.list_cases(user, q)
    if args.json:
        items = [{**c.to_json(with_chart=False), "cast_time": cast_time(c)} for c in page.items]
        print(json.dumps({"items": items, "total": page.total}, ensure_ascii=False, indent=1))
        return 0
    head = [
        "id",
        label("journal.cast_at", lang),
        label("form.method", lang),
        label("journal.outcome", lang),
        label("form.question", lang),
    ]
    rows = [
        [
            c.id[:8],
            cast_time(c),
            _method_label(c.method, lang),
            _outcome_label(c.outcome.result if c.outcome else None, lang),
            " ".join(c.question.split())[:60],
        ]
        for c in page.items
    ]
    widths = [max(width(r[i]) for r in [head, *rows]) for i in range(4)]
    for r in [head, *rows]:
        print("  ".join([*(pad(r[i], widths[i]) for i in range(4)), r[4]]).rstrip())
    if not rows:
        print(label("journal.empty", lang))
    elif page.total > len(rows):
        print(f"({len(rows)} / {page.total})")
    return 0


def _show(j: Any, user: Any, args: argparse.Namespace, lang: str) -> int:
    from xuanheng.i18n import label
    from xuanheng.methods import registry

    c = find_case(j, user, args.id)
    if args.json:
        print(json.dumps(c.to_json(), ensure_ascii=False, indent=1))
        return 0
    lines = [
        f"{label('journal.case', lang)} {c.id}",
        f"{label('form.method', lang)}: {_method_label(c.method, lang)}",
        f"{label('journal.cast_at', lang)}: {cast_time(c)}",
        f"{label('journal.created', lang)}: {_when(c.created_at.astimezone())}",
    ]
    if c.question:
        lines.append(f"{label('form.question', lang)}: {c.question}")
    if c.topic:
        lines.append(f"{label('form.topic', lang)}: {c.topic}")
    if c.tags:
        lines.append(f"{label('journal.tag', lang)}: {', '.join(c.tags)}")
    if c.notes:
        lines.append(f"{label('form.notes', lang)}: {c.notes}")
    oc = _outcome_label(c.outcome.result if c.outcome else None, lang)
    lines.append(
        f"{label('journal.outcome', lang)}: {oc}"
        + (f" — {c.outcome.note}" if c.outcome and c.outcome.note else "")
    )
    print("\n".join(lines))
    method = registry().get(c.method)
    if method is not None:
        print()
        print(method.views["text"](dict(c.chart), lang))
    return 0


def _outcome(j: Any, user: Any, args: argparse.Namespace, lang: str) -> int:
    from xuanheng.i18n import label

    c = find_case(j, user, args.id)
    if args.clear:
        if args.result is not None:
            raise InputError("give a result or --clear, not both", field="result")
        c = j.clear_outcome(user, c.id)
    else:
        if args.result is None:
            raise InputError(
                "give the result: 應驗, 不驗 or 部分 (or ying_yan, bu_yan, bu_fen)", field="result"
            )
        c = j.record_outcome(user, c.id, args.result, args.note)
    oc = _outcome_label(c.outcome.result if c.outcome else None, lang)
    print(f"{c.id[:8]}: {oc} ({label('journal.saved', lang)})")
    return 0


def _stats(j: Any, user: Any, args: argparse.Namespace, lang: str) -> int:
    from xuanheng.cli.method_cmd import terminal_columns
    from xuanheng.i18n import label
    from xuanheng.journal import CaseQuery
    from xuanheng.render.text import cut, pad, width

    method = _check_method(j, user, args.method)
    st = j.statistics(user, CaseQuery(method=method) if method else None)
    if args.json:
        print(json.dumps(st.to_json(), ensure_ascii=False, indent=1))
        return 0
    base = st.overall

    def rows(section: dict[str, Any], name_of: Any, ordered: bool) -> list[list[str]]:
        items = section.items() if ordered else sorted(section.items(), key=lambda kv: (-kv[1].judged, kv[0]))
        return [[name_of(k), *_tally_cells(t, base, lang)] for k, t in items]

    head = [
        "",
        label("stats.judged", lang),
        label("stats.rate", lang),
        label("stats.interval", lang),
        label("stats.vs_base", lang),
    ]
    print(f"{label('stats.base_rate', lang)}: {_rate_text(base, lang)}")
    # a rule is keyed by the variant that fired (003-038#2) and named by that variant's text
    from xuanheng.web.sources import rules_by_id

    texts = rules_by_id(list(st.by_rule), lang)

    def rule_name(k: str) -> str:
        r = texts.get(k)
        return f"{r['text']} [{r['id']}]" if r and r.get("text") else k

    for title, section, name_of, ordered in (
        (label("stats.per_method", lang), st.by_method, lambda k: _method_label(k, lang), False),
        # the verdict's polarity (good, bad, mixed, in that order): how often each kind of verdict came true
        (label("stats.per_verdict", lang), st.by_verdict, lambda k: label(f"verdict.{k}", lang), True),
        (label("stats.per_rule", lang), st.by_rule, rule_name, False),
    ):
        body = rows(section, name_of, ordered)
        print()
        print(title)
        if not body:
            print("  —")
            continue
        widths = [max(width(r[i]) for r in [head, *body]) for i in range(5)]
        # a rule's text is long: where the table would run past the terminal, each rule is named by its id
        # first and as much of its text as fits the row
        room = terminal_columns() - 2 - sum(widths[1:]) - 2 * 4
        if section is st.by_rule and widths[0] > room:
            for r in body:
                text, sep, rid = r[0].rpartition(" [")
                named = f"[{rid} {text}" if sep else r[0]
                first = named.partition(" ")[0]  # the id, kept whole
                r[0] = cut(named, room) if room >= width(first) + 2 else first
            widths[0] = max(width(r[0]) for r in [head, *body])
        for r in [head, *body]:
            print("  " + "  ".join(pad(r[i], widths[i]) for i in range(5)).rstrip())
    return 0


def _rate_text(t: Any, lang: str) -> str:
    if t.judged == 0:
        return "—"
    lo, hi = t.interval
    return f"{round(t.rate * 100)}% (n = {t.judged}; 95% {round(lo * 100)}–{round(hi * 100)}%)"


def _tally_cells(t: Any, base: Any, lang: str) -> list[str]:
    from xuanheng.i18n import label

    if t.judged == 0:
        return ["0", "—", "—", "—"]
    lo, hi = t.interval
    cells = [str(t.judged), f"{round(t.rate * 100)}%", f"{round(lo * 100)}–{round(hi * 100)}%"]
    if t.judged < t.min_cases:
        cells.append(label("stats.too_few", lang))
    else:
        cells.append(label(f"stats.compare_{t.compare(base)}", lang))
    return cells


__all__ = ["add_arguments", "cast_time", "find_case", "run"]
