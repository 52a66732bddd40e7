"""The language of a run's text, decided once per command: --lang, else $DUEPA_CHECK_LANG, else the
house rules' ``lang:``, else the locale; and the commands' --help put into that language.

The CLI is the one place that keeps it (renderers are handed it explicitly); the choice itself is
``check.session``'s, which every command (and the language server) decides through. Before a command
decides, errors use --lang / $DUEPA_CHECK_LANG / the locale (``early_language``).
"""

import os
from pathlib import Path

from ..check.session import choose_language
from ..messages import LANGUAGES

_language: dict[str, str] = {}


def current_language() -> str:
    """The run's language as decided so far ("en" before anything is)."""
    return _language.get("lang", "en")


def start_language(lang: str | None) -> None:
    """A new run: in ``lang`` until a command decides (``set_language``); None: not known yet."""
    _language.clear()
    if lang is not None:
        _language["lang"] = lang


def set_language(option: str | None, house: str | None = None) -> str:
    """Decide the run's language: the --lang ``option``, else $DUEPA_CHECK_LANG, else ``house``
    (the house rules' lang:), else the locale."""
    lang = _language["lang"] = choose_language(option, os.environ, house)
    return lang


def decide_language(session, option: str | None, start: Path | None) -> str:
    """Decide the run's language through the command's session (``check.session.Session.language``):
    the --lang ``option``, else $DUEPA_CHECK_LANG, else the ``lang:`` of the house rules at the deck
    ``start`` (None: the working folder), else the locale."""
    lang = _language["lang"] = session.language(option, start)
    return lang


def early_language(args: list[str]) -> str:
    """The language before any command runs (for --help and errors while parsing): --lang in the
    arguments, else $DUEPA_CHECK_LANG, else the locale. House rules are read later, by the command."""
    option = None
    for index, arg in enumerate(args):
        if arg == "--":
            break
        value = (
            arg[len("--lang=") :]
            if arg.startswith("--lang=")
            else (args[index + 1] if arg == "--lang" and index + 1 < len(args) else None)
        )
        if value in LANGUAGES:
            option = value
    return choose_language(option, os.environ)


def translate_help(command, lang: str) -> None:
    """Put the help of our commands and options into ``lang`` from the catalogue.

    Keys: ``help.app``, ``help.command.NAME``, ``help.NAME.PARAM`` for a command's own wording of
    an option, else ``help.option.PARAM``. tests/contracts/test_messages.py checks every one exists in
    both languages (and that the English is the help written in this module).
    """
    from ..messages import catalogue

    words = catalogue(lang)
    group = getattr(command, "commands", None)
    commands = group or {command.name: command}
    if group:
        command.help = words.get("help.app", command.help)
        _translate_params(command.params, "", words)
        _translate_help_option(command, words)
    for name, sub in commands.items():
        sub.help = words.get(f"help.command.{name}", sub.help)
        _translate_params(sub.params, name, words)
        _translate_help_option(sub, words)
    for each in (command, *commands.values()) if group else (command,):
        _draw_help_in(each, lang)


def _draw_help_in(command, lang: str) -> None:
    """The command's help (and usage) drawn by ``cli.help``, in ``lang``; imported only when asked."""

    def format_help(ctx, formatter) -> None:
        from .help import show_help

        show_help(command, ctx, lang)

    def get_usage(ctx) -> str:
        from .help import usage

        return f"{catalogue_words(lang)['help.label.usage']} {usage(command, ctx)}"

    command.format_help = format_help
    command.get_usage = get_usage


def catalogue_words(lang: str) -> dict[str, str]:
    from ..messages import catalogue

    return catalogue(lang)


def _translate_help_option(command, words: dict[str, str]) -> None:
    """click makes --help itself, with its own English help text: give it the catalogue's."""
    make = command.get_help_option

    def get_help_option(ctx):
        option = make(ctx)
        if option is not None:
            option.help = words["help.option.help"]
        return option

    command.get_help_option = get_help_option


def _translate_params(params, command: str, words: dict[str, str]) -> None:
    for param in params:
        if hasattr(param, "help"):
            param.help = words.get(f"help.{command}.{param.name}", words.get(f"help.option.{param.name}", param.help))
