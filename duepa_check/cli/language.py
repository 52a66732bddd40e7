"""The language of a run's text, decided once per command: --lang, else $DUEPA_CHECK_LANG, else the
house rules' ``lang:``, else the locale; and the commands' --help put into that language.

The CLI is the one place that keeps it (renderers are handed it explicitly). Before a command
decides, errors use --lang / $DUEPA_CHECK_LANG / the locale (``early_language``).
"""

import os
from collections.abc import Mapping
from pathlib import Path

from ..errors import DuepaError
from ..messages import DEFAULT_LANG, LANGUAGES, msg

LANG_VARIABLE = "DUEPA_CHECK_LANG"
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")  # POSIX order: the first one set decides
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


def house_language(start: Path, explicit: Path | None = None) -> str | None:
    """The ``lang:`` of the house rules: ``explicit`` (--config), else those that apply at
    ``start`` (a deck, or the working folder)."""
    from ..data.config import find_config

    found = (explicit if os.path.lexists(explicit) else None) if explicit is not None else find_config(start)
    if found is None:
        return None
    from ..data.config import load_config
    from ..data.pool import CardPool
    from ..data.userdata import usable_data_dir
    from ..rules import RULE_IDS

    pools: list = []

    def resolve_card(typed: str) -> tuple[str | None, list[str]]:  # the pool loads only if a card is named
        if not pools:
            pools.append(CardPool.load(usable_data_dir(None)))
        return pools[0].resolve_name(typed)

    return load_config(found, resolve_card, RULE_IDS).lang


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


def choose_language(option: str | None, environ: Mapping[str, str], house: str | None = None) -> str:
    """--lang, else $DUEPA_CHECK_LANG, else the house rules' ``lang:``, else the locale, else English.

    The locale counts as Japanese when the first of LC_ALL, LC_MESSAGES, LANG that is set
    starts with ``ja`` (ja_JP.UTF-8, ja). A bad $DUEPA_CHECK_LANG is an error, not ignored.
    """
    if option:
        return option
    chosen = environ.get(LANG_VARIABLE, "").strip()
    if chosen:
        if chosen not in LANGUAGES:
            raise DuepaError(msg("error.lang-variable", variable=LANG_VARIABLE, value=chosen))
        return chosen
    if house:
        return house
    return locale_language(environ)


def locale_language(environ: Mapping[str, str]) -> str:
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable)
        if value:
            return "ja" if value.lower().startswith("ja") else DEFAULT_LANG
    return DEFAULT_LANG
