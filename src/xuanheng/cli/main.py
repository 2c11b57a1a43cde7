"""``xuanheng`` command line: one sub-command per module, imported only when used.

A built-in method's command imports that method's package alone (:func:`xuanheng.methods.built_in`); the
list of every registered method is loaded only for ``--help``, no command, or a method added by a plug-in.

Each sub-command module exposes ``add_arguments(parser)`` and ``run(args) -> int``. Any
:class:`~xuanheng.errors.XuanhengError` becomes one line on stderr and exit status 2 — never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from collections.abc import Sequence
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

from xuanheng import __version__
from xuanheng.errors import XuanhengError

if TYPE_CHECKING:
    from xuanheng.method import Method

#: the commands that are not methods: sub-command → (module, one-line help); every registered method
#: (xuanheng.methods) is a command too, made by xuanheng.cli.method_cmd from its Params
COMMANDS: dict[str, tuple[str, str]] = {
    "all": ("xuanheng.cli.all_cmd", "one moment cast in every method (those that need more input say what)"),
    "serve": ("xuanheng.cli.serve_cmd", "start the web app and HTTP API"),
    "mcp": ("xuanheng.cli.mcp_cmd", "serve every method over MCP, the Model Context Protocol"),
    "journal": (
        "xuanheng.cli.journal_cmd",
        "case journal: list, show, outcome, stats, migrate, users, export/import",
    ),
}


#: longest echo of a user's value in an argparse message (like the library's error messages)
_ECHO = 60


def _cap(value: object) -> str:
    r = repr(value)
    return r if len(r) <= _ECHO else r[:_ECHO] + "…"


class _Parser(argparse.ArgumentParser):
    """Exits 2 with one ``xuanheng: error:`` line; echoes of the user's values are cut to 60 characters."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # no prefix matching: --day must not be read as an abbreviation of --day-night or --day-boundary
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        if action.choices is not None and value not in action.choices:
            accepted = ", ".join(map(str, action.choices))
            raise argparse.ArgumentError(action, f"invalid choice: {_cap(value)} (accepted: {accepted})")

    def error(self, message: str) -> None:  # type: ignore[override]
        # any other echoed token (unrecognized arguments, a value that failed type=) is cut as well
        message = re.sub(rf"(\S{{{_ECHO}}})\S+", r"\1…", message)
        lang = _USAGE_LANG.get()
        word = "error"
        if lang is not None:  # argparse's own English, in the language of --lang (cli.* in messages.toml)
            from xuanheng.i18n import label
            from xuanheng.i18n.messages import localize

            message = localize(message, lang)
            word = label("cli.error", lang)
        self.exit(2, f"xuanheng: {word}: {message}\n")

    def _get_formatter(self) -> argparse.HelpFormatter:
        return _Formatter(prog=self.prog)


class _Formatter(argparse.HelpFormatter):
    """argparse's help with its ``usage:`` prefix in the language of ``--lang`` (label ``cli.usage``); in
    Korean or Chinese, and in English where a text holds wide characters (the 干支 and terms it names), its
    text is wrapped by display width (a Hangul syllable or a hanzi takes two columns, which argparse counts as
    one: its lines ran past the terminal's edge); an English text without one keeps argparse's wrapping."""

    @staticmethod
    def _by_width(text: str) -> bool:
        lang = _USAGE_LANG.get()
        if lang is not None and lang != "en":
            return True
        from xuanheng.render.text import width

        return width(text) != len(text)

    def _split_lines(self, text: str, width: int) -> list[str]:
        if not self._by_width(text):
            return super()._split_lines(text, width)
        from xuanheng.render.text import wrap

        return [line.strip() for line in wrap(" ".join(text.split()), max(width, 20))]

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if not self._by_width(text):
            return super()._fill_text(text, width, indent)
        return "\n".join(indent + line for line in self._split_lines(text, width - len(indent)))

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        lang = _USAGE_LANG.get()
        if prefix is None and lang is not None:
            from xuanheng.i18n import label

            prefix = label("cli.usage", lang) + " "
        super().add_usage(usage, actions, groups, prefix)


#: the language of ``--lang`` (else of :data:`LANG_ENV`) on the command line being parsed, for argparse's own
#: errors and its ``usage:`` (set by main)
_USAGE_LANG: ContextVar[str | None] = ContextVar("_USAGE_LANG", default=None)

#: the environment variable that gives the command line's language when ``--lang`` is not given
LANG_ENV = "XUANHENG_LANG"


def _lang_of_env() -> str | None:
    """The language of :data:`LANG_ENV`, if it is set to one the catalogue speaks (any letter case)."""
    import os

    from xuanheng.reading import check_lang

    value = os.environ.get(LANG_ENV, "").strip()
    if not value:
        return None
    try:
        return check_lang(value)
    except XuanhengError:
        return None


def _lang_of_argv(args: Sequence[str]) -> str | None:
    """The language given with ``--lang X`` or ``--lang=X`` in *args*, if it is one the catalogue speaks."""
    from xuanheng.reading import check_lang

    for i, a in enumerate(args):
        value = a.partition("=")[2] if a.startswith("--lang=") else None
        if a == "--lang" and i + 1 < len(args):
            value = args[i + 1]
        if value is not None:
            try:
                return check_lang(value)
            except XuanhengError:
                return None
    return None


#: the parameters of a message that list parameter names (``day, month``, ``coins or yarrow``), which the
#: command line spells as its flags (by message code; ``missing`` in every message)
NAMES: dict[str, tuple[str, ...]] = {"liuyao.way": ("got",), "liuyao.companion": ("ways",)}


def error_text(error: XuanhengError, lang: object) -> str:
    """The message of *error* in the language chosen with ``--lang`` (English without one, or when the
    message catalogue does not know it). The library names parameters as the API does (``at``, ``day``);
    a message the catalogue also words for the command line (``cli.<code>``: ``--at``, ``--day``) is said
    that way, in English too."""
    from xuanheng.reading import check_lang

    try:
        chosen = check_lang(lang) if isinstance(lang, str) else None
    except XuanhengError:
        chosen = None
    own = _cli_wording(error, chosen or "en")
    if own is not None:
        return own
    if chosen is None:
        return str(error)
    from xuanheng.i18n.messages import localize_error

    return localize_error(error, chosen, labels=field_labels(chosen))


def _flag_of(m: re.Match[str]) -> str:
    """A parameter name as its flag (``yue_jiang`` → ``--yue-jiang``); the joining words stay."""
    word = m.group(0)
    return word if word in ("and", "or", "none") else "--" + word.replace("_", "-")


def _cli_wording(error: XuanhengError, lang: str) -> str | None:
    """*error* in the command line's own wording (``cli.<code>`` of the catalogue), or None."""
    from xuanheng.i18n.messages import describe, render, template

    code, params = describe(error)
    if code is None or template(f"cli.{code}") is None:
        return None
    for k in ("missing", *NAMES.get(code, ())):
        if isinstance(params.get(k), str):
            params[k] = re.sub(r"[a-z][a-z_]*", _flag_of, params[k])
    labels = field_labels(lang) if lang != "en" else None
    return render(f"cli.{code}", params, lang, labels=labels)


def field_labels(lang: str) -> dict[str, str]:
    """Parameter name → its label in *lang*, over every registered method."""
    from xuanheng.methods import registry

    out: dict[str, str] = {}
    for m in registry().values():
        for p in m.params.SPEC:
            out.setdefault(p.name, p.label.get(lang))
    return out


def build_parser(
    only: str | None = None, methods: dict[str, Method] | None = None, lang: str | None = None
) -> argparse.ArgumentParser:
    """The parser; with *only*, the arguments of that command alone. *methods*: the method commands to list
    (every registered method when not given). *lang* (``--lang`` or the environment's): its help in that
    language — a method's description and parameters from their declarations, the rest from
    ``i18n/data/cli_help.toml`` (:func:`localize_help`)."""
    from xuanheng.cli import method_cmd

    if methods is None:
        from xuanheng.methods import registry

        methods = registry()
    parser = _Parser(prog="xuanheng", description="璇衡 — classical Chinese divination charts")
    parser.add_argument("--version", action="version", version=f"xuanheng {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, method in methods.items():
        help_text = method.summary.en if lang is None else method.summary.get(lang)
        p = sub.add_parser(name, help=help_text, description=help_text)
        if only is None or only == name:
            method_cmd.add_arguments(p, method, lang)
            p.set_defaults(_method=name)
    for name, (module, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        if only is None or only == name:
            try:
                mod = importlib.import_module(module)
            except ModuleNotFoundError:
                continue
            mod.add_arguments(p)
            p.set_defaults(_module=module)
    if lang is not None and lang != "en":
        localize_help(parser, lang, methods=set(methods))
    return parser


def localize_help(
    parser: argparse.ArgumentParser, lang: str, *, methods: set[str], path: tuple[str, ...] = ()
) -> None:
    """*parser*'s help (group titles, descriptions, the help of each argument and sub-command) said in
    *lang* from ``i18n/data/cli_help.toml``, by the command path and the argument's name (a method's own
    parameters, already in *lang*, are left as they are); an argument it has no text for keeps its own."""
    from xuanheng.i18n import cli_help
    from xuanheng.reading import DEFAULT_LANG, LANGS

    def said(dest: str, action: argparse.Action | None = None) -> str | None:
        for n in range(len(path), -1, -1):  # journal.list.lang, journal.lang, lang
            text = cli_help(".".join((*path[:n], dest)), lang)
            if text is not None:
                default = "" if action is None else str(action.default)
                return (
                    text.replace("{default}", default)
                    .replace("{langs}", ", ".join(LANGS))
                    .replace("{default_lang}", DEFAULT_LANG)
                    .replace("%", "%%")
                )
        return None

    if not path:
        parser.description = cli_help("description", lang) or parser.description
    for group in parser._action_groups:
        group.title = cli_help(f"title.{group.title}", lang) or group.title
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                name = choice.dest
                own = name not in methods and (cli_help(".".join((*path, name)), lang) if path else None)
                local = own or (cli_help(f"command.{name}", lang) if not path else None)
                sub = action.choices[name]
                if local:
                    if sub.description == choice.help:
                        sub.description = local
                    choice.help = local.replace("%", "%%")
                localize_help(
                    sub, lang, methods=methods, path=("method",) if name in methods else (*path, name)
                )
            continue
        if action.help in (None, argparse.SUPPRESS):
            continue
        local = said(action.dest, action)
        if local is not None:
            action.help = local


def _command(args_list: list[str]) -> tuple[str | None, dict[str, Method] | None]:
    """The command the arguments name and the methods its parser needs: a built-in method's command
    imports that method alone, another command none (both parse only their own arguments); anything else
    (a method added by a plug-in, ``--help``, no command) every registered method."""
    from xuanheng.methods import built_in, registry

    first = next((a for a in args_list if not a.startswith("-")), None)
    if first in COMMANDS:
        return first, {}
    if first is not None:
        m = built_in(first)
        if m is not None:
            return first, {first: m}
    names = {*COMMANDS, *registry()}
    return next((a for a in args_list if a in names), None), None


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    only, methods = _command(args_list)
    env_lang = _lang_of_env()
    lang = _lang_of_argv(args_list) or env_lang
    parser = build_parser(only, methods, lang)
    token = _USAGE_LANG.set(lang)
    try:
        args = parser.parse_args(args_list)
        module = getattr(args, "_module", None)
        method = getattr(args, "_method", None)
        if module is None and method is None:
            parser.print_help()
            return 2 if args.command is None else 1
    finally:
        _USAGE_LANG.reset(token)
    if env_lang is not None and getattr(args, "lang", "") is None:  # no --lang: the environment's
        args.lang = env_lang
    try:
        if method is not None:
            from xuanheng.cli import method_cmd
            from xuanheng.methods import get

            return method_cmd.run(args, methods[method] if methods else get(method))
        assert module is not None
        result: int = importlib.import_module(module).run(args)
        return result
    except XuanhengError as e:
        print(f"xuanheng {args.command}: {error_text(e, getattr(args, 'lang', None))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
