"""What the server knows between messages: the settings, the card data, a checker per settings,
the open documents; and the one check of a document, as diagnostics.

The card data is loaded on the first check, not before the initialize answer. A checker is made
per (date, house-rules file, --include-unconfirmed) and kept: the pool's and the checker's caches
are what make a keystroke's check take milliseconds. Changing the settings or a house-rules file on
disk drops them (the data too, when the data folder changed).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from ..messages import Msg, msg, text
from .diagnostics import Diagnostic, diagnostics, information
from .documents import LARGE, SMALL, TOO_LARGE, TYPING_LIMIT, Document, Documents, size_class
from .settings import ON_TYPE, Settings, merge

OPEN, CHANGE, SAVE = "open", "change", "save"
MAX_CHECKERS = 8


class Session:
    """Everything but the protocol: the server hands it what came and publishes what it returns."""

    def __init__(self, lang: str, load: Callable, find_name: Callable, is_decklist: Callable | None = None) -> None:
        self.base_lang = lang
        self.settings = Settings()
        self.documents = Documents()
        self.notes: list[Msg] = []  # what to log: settings left out, data that failed
        self._load = load  # data dir -> (pool, regulation)
        self._find_name = find_name
        self._is_decklist = is_decklist  # (text, path, pool) -> bool; None: every document is one
        self._data = None
        self._checkers: dict[tuple, object] = {}

    @property
    def lang(self) -> str:
        return self.settings.lang or self.base_lang

    def configure(self, given) -> list[Msg]:
        """Lay ``given`` over the settings; what was left out comes back as messages."""
        before = self.settings
        self.settings, notes = merge(before, given)
        if self.settings.data_dir != before.data_dir:
            self._data = None
        if self.settings != before:
            self._checkers.clear()
        return notes

    def house_rules_changed(self) -> None:
        """A house-rules file changed on disk: read them again at the next check."""
        self._checkers.clear()

    def reload(self) -> None:
        """The card data changed (``duepa-check update``): load it again at the next check."""
        self._data = None
        self._checkers.clear()

    def data(self):
        if self._data is None:
            self._data = self._load(self.settings.data_dir)
        return self._data

    def checker(self):
        from ..check.checker import Checker, CheckOptions

        settings = self.settings
        day = settings.as_of or date.today()  # today at each check: a server left running past midnight moves on
        key = (day, settings.config, settings.include_unconfirmed)
        found = self._checkers.get(key)
        if found is None:
            if len(self._checkers) >= MAX_CHECKERS:
                self._checkers.clear()
            pool, regulation = self.data()
            options = CheckOptions(
                as_of=day, config_path=settings.config, include_unconfirmed=settings.include_unconfirmed
            )
            found = self._checkers[key] = Checker(pool, regulation, options)
        return found

    def wants_check(self, document: Document, reason: str) -> bool:
        """Whether ``reason`` (open, change, save) checks this document under the settings."""
        if reason == CHANGE:
            return self.settings.run == ON_TYPE and size_class(document.text) == SMALL
        return True

    def check(self, document: Document) -> list[Diagnostic]:
        """Check the document's text now and keep the result with its version."""
        lines = document.lines
        size = size_class(document.text)
        version = document.version
        document.dirty = False
        checker = self.checker()
        if size == TOO_LARGE:  # the reader refuses it: its message, as information, and no check
            _, result = checker.check_text(document.text, document.path, close_names=False)
            found = [information(text(result.error, self.lang), lines)] if result.error is not None else []
            document.checked = (version, None, None, found)
            return found
        if self.settings.only_decklists and self._is_decklist is not None:
            if not self._is_decklist(document.text, document.path, checker.pool):
                document.checked = (version, None, None, [])
                return []
        deck, result = checker.check_text(document.text, document.path, close_names=False)
        found = diagnostics(deck, result, lines, self.lang, self._find_name)
        if size == LARGE:
            said = text(msg("lsp.large-document", kilobytes=TYPING_LIMIT // 1024), self.lang)
            found.insert(0, information(said, lines))
        document.checked = (version, deck, result, found)
        return found
