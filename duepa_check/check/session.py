"""What one command (or one language-server session) reads once and asks many times: the card data,
the house rules by deck, and from them the language of its words. Every command of the CLI takes
the same route (``cli.commands``), and so does the language server: no command reads its house
rules twice or loads the card pool twice (issue 50).

The language: --lang, else $DUEPA_CHECK_LANG, else the ``lang:`` of the house rules that apply at
the first deck (or the working folder), else the locale.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import DuepaError
from ..messages import DEFAULT_LANG, LANGUAGES, msg

if TYPE_CHECKING:
    from ..data.config import FormatConfig
    from ..data.loading import CardData
    from .checker import Checker, CheckOptions
    from .house_rules import HouseRules

LANG_VARIABLE = "DUEPA_CHECK_LANG"
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")  # POSIX order: the first one set decides


class Session:
    """The card data of ``data_dir`` (loaded when first asked: ``rules`` needs none unless house
    rules name cards) and the house rules under ``config_path`` (--config) or each deck's nearest
    file, with --include-unconfirmed. ``embedded``: the card data shipped in the package only, no
    data dir asked (the web page's route, report.in_memory)."""

    def __init__(
        self,
        data_dir: Path | None = None,
        *,
        config_path: Path | None = None,
        include_unconfirmed: bool = False,
        embedded: bool = False,
    ) -> None:
        self.data_dir = data_dir
        self.config_path = config_path
        self.include_unconfirmed = include_unconfirmed
        self.embedded = embedded

    @cached_property
    def data(self) -> CardData:
        """The pool, the regulation, where they came from, and a warning to say (``data.loading``)."""
        from ..data.loading import load_card_data

        return load_card_data(self.data_dir, embedded=self.embedded)

    def sibling(self, *, include_unconfirmed: bool) -> Session:
        """This session with another --include-unconfirmed (a page's switch): the card data shared,
        loaded once; the house rules its own, as they read that option."""
        other = Session(
            self.data_dir, config_path=self.config_path, include_unconfirmed=include_unconfirmed, embedded=self.embedded
        )
        other.data = self.data
        return other

    @cached_property
    def house_rules(self) -> HouseRules:
        """Each deck's house rules (--config read at once: a bad file is the command's error)."""
        from .house_rules import HouseRules

        return HouseRules(self._resolve_card, self.config_path, self.include_unconfirmed)

    def _resolve_card(self, typed: str) -> tuple[str | None, list[str]]:
        return self.data.pool.resolve_name(typed)  # the pool loads only when a file names a card

    def rules_at(self, start: Path | None) -> FormatConfig:
        """The house rules of a deck at ``start``, or (None) of the working folder's files."""
        if start is None:
            return self.house_rules.for_folder(Path.cwd())[0]
        return self.house_rules.for_deck(start)[0]

    def language(self, option: str | None, start: Path | None, environ: Mapping[str, str] = os.environ) -> str:
        """The language of the command: ``option`` (--lang), else $DUEPA_CHECK_LANG, else the
        ``lang:`` of the house rules at ``start`` (``rules_at``: read even when the option decides,
        so a broken file is always the command's error), else the locale."""
        return choose_language(option, environ, self.rules_at(start).lang)

    def checker(self, options: CheckOptions) -> Checker:
        """A checker of this session's data under its house rules (``options`` must agree with them)."""
        from .checker import Checker

        return Checker(self.data.pool, self.data.regulation, options, self.house_rules)


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
    """The locale's language: Japanese when the first locale variable set starts with ``ja``."""
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable)
        if value:
            return "ja" if value.lower().startswith("ja") else DEFAULT_LANG
    return DEFAULT_LANG
