"""What the server knows between messages: the settings, the card data, a checker per settings,
the open documents; and the one check of a document, as diagnostics.

The card data is loaded on the first check, not before the initialize answer. A checker is made
per (date, house-rules file, --include-unconfirmed) and kept: the pool's and the checker's caches
are what make a keystroke's check take milliseconds. Changing the settings or a house-rules file on
disk drops them (the data too, when the data folder changed).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import date

from ..data.config import ConfigError
from ..messages import Msg, msg, text
from .diagnostics import WARNING, Diagnostic, diagnostics, information
from .documents import LARGE, SMALL, TOO_LARGE, TYPING_LIMIT, Document, Documents, size_class
from .settings import ON_TYPE, Settings, merge

OPEN, CHANGE, SAVE = "open", "change", "save"
MAX_CHECKERS = 8


class Session:
    """Everything but the protocol: the server hands it what came and publishes what it returns."""

    def __init__(
        self, lang: str, load: Callable, is_decklist: Callable | None = None, option: str | None = None
    ) -> None:
        self.base_lang = (
            lang  # the command's language (--lang, $DUEPA_CHECK_LANG, the working folder's rules, the locale)
        )
        self.option = option  # --lang as given
        self.settings = Settings()
        self.documents = Documents()
        self.notes: list[Msg] = []  # what to log: settings left out, data that failed
        self._load = load  # data dir -> (pool, regulation, warning or None)
        self._is_decklist = is_decklist  # (text, path, pool) -> bool; None: every document is one
        self._data = None
        self._search = None  # data.name_search over the pool, for completion
        self._lock = threading.RLock()
        self._empty_rules = None  # _recommended_rules()
        self._checkers: dict[tuple, object] = {}

    @property
    def lang(self) -> str:
        """The language of what concerns no document (a card shown by the command, the log)."""
        return self.settings.lang or self.base_lang

    def lang_for(self, document: Document) -> str:
        """A document's language: the settings' lang, else --lang, else $DUEPA_CHECK_LANG, else the
        ``lang:`` of its house rules, else the locale (as the CLI chooses for a deck there)."""
        import os

        from ..check.session import choose_language

        chosen = self.settings.lang or self.option
        if chosen:
            return chosen
        try:
            house = self.checker().config_for(document.path).lang
        except ConfigError:  # broken house rules: the check says so
            house = None
        return choose_language(None, os.environ, house)

    def configure(self, given) -> list[Msg]:
        """Lay ``given`` over the settings; what was left out comes back as messages."""
        before = self.settings
        self.settings, notes = merge(before, given)
        if self.settings.data_dir != before.data_dir:
            self._data = self._search = None
        if self.settings != before:
            self._checkers.clear()
        return notes

    def house_rules_changed(self) -> None:
        """A house-rules file changed on disk: look for and read them again at the next check."""
        from ..data.config import forget_found_configs

        forget_found_configs()
        self._checkers.clear()

    def reload(self) -> None:
        """The card data changed (``duepa-check update``): load it again at the next check."""
        self._data = self._search = None
        self._checkers.clear()

    def data(self):
        with self._lock:  # completion's search may be built in a worker thread (server.prepare)
            if self._data is None:
                pool, regulation, warning = self._load(self.settings.data_dir)
                self._data = pool, regulation
                if warning is not None:
                    self.notes.append(warning)  # the server logs it: a data folder named holds no data
            return self._data

    def checker(self, recommended: bool = False):
        """The checker for the settings; ``recommended``: one that reads no house-rules file (an
        empty one, which is the recommended rules), for documents whose own rules are broken."""
        from ..check.checker import Checker, CheckOptions

        settings = self.settings
        day = settings.as_of or date.today()  # today at each check: a server left running past midnight moves on
        config = self._recommended_rules() if recommended else settings.config
        key = (day, config, settings.include_unconfirmed)
        found = self._checkers.get(key)
        if found is None:
            if len(self._checkers) >= MAX_CHECKERS:
                self._checkers.clear()
            pool, regulation = self.data()
            options = CheckOptions(as_of=day, config_path=config, include_unconfirmed=settings.include_unconfirmed)
            found = self._checkers[key] = Checker(pool, regulation, options)
        return found

    def _recommended_rules(self):
        """An empty house-rules file (the recommended rules), made once in a folder of its own."""
        if self._empty_rules is None:
            import atexit
            import shutil
            import tempfile
            from pathlib import Path

            folder = tempfile.mkdtemp(prefix="duepa-check-lsp-")
            atexit.register(shutil.rmtree, folder, True)
            self._empty_rules = Path(folder) / ".duepa-check.yaml"
            self._empty_rules.write_text("", encoding="utf-8")
        return self._empty_rules

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
        lang = self.lang_for(document)
        if size == TOO_LARGE:  # the reader refuses it: its message, as information, and no check
            _, result = checker.check_text(document.text, document.path, close_names=False)
            found = [information(text(result.error, lang), lines)] if result.error is not None else []
            document.checked = (version, None, None, found)
            return found
        if self.settings.only_decklists and self._is_decklist is not None:
            if not self._is_decklist(document.text, document.path, checker.pool):
                document.checked = (version, None, None, [])
                return []
        fallback = None
        try:
            deck, result = checker.check_text(document.text, document.path, close_names=False)
        except ConfigError as error:  # broken house rules: say so, and check with the recommended ones
            said = text(msg("lsp.house-rules-fallback", message=error.message), lang)
            fallback = information(said, lines)._replace(severity=WARNING)
            deck, result = self.checker(recommended=True).check_text(document.text, document.path, close_names=False)
        found = diagnostics(deck, result, document.text, lines, lang)
        if fallback is not None:
            found.insert(0, fallback)
        if size == LARGE:
            said = text(msg("lsp.large-document", kilobytes=TYPING_LIMIT // 1024), lang)
            found.insert(0, information(said, lines))
        document.checked = (version, deck, result, found)
        return found

    def day(self) -> date:
        return self.settings.as_of or date.today()

    def latest(self, document: Document):
        """The document's last check, made now when the text changed since: (version, deck, result, diagnostics)."""
        if document.checked is None or document.dirty:
            self.check(document)
        return document.checked

    def hover(self, document: Document, line: int, column: int) -> tuple[str, tuple[int, int]] | None:
        """The Markdown of the card written at (line, column) in code points, and the name's span."""
        from .hover import entry_at, hover_markdown

        deck = self.latest(document)[1]
        if deck is None or not 0 <= line < len(document.lines):
            return None
        hit = entry_at(deck, document.text, line, column)
        if hit is None:
            return None
        entry, span = hit
        card = next((c.card for c in deck.cards if c.entry is entry), None)
        pool, regulation = self.data()
        lang = self.lang_for(document)
        return hover_markdown(pool, regulation, self.day(), entry, card, lang), span

    def actions(self, document: Document, first: int, last: int, unknown: list[tuple[int, str]], kinds) -> list:
        """The code actions for lines ``first``..``last`` (0-based): the names written otherwise there,
        the close names of the unknown names of ``unknown`` ((line, name as written) of DP100
        diagnostics the client sent), a partner when none is designated, and fixing everything."""
        from ..reading.name_spans import name_spans
        from . import actions as made

        _, deck, result, _ = self.latest(document)
        if deck is None:
            return []
        pool, regulation = self.data()
        lang = self.lang_for(document)
        wanted = lambda kind: not kinds or any(kind == k or kind.startswith(k + ".") for k in kinds)  # noqa: E731
        found = []
        if wanted(made.QUICKFIX):
            found += made.name_fixes_on(document, deck, pool, range(first, last + 1), lang)
            for line, typed in unknown:
                hit = name_spans(document.lines[line], [typed])[0] if 0 <= line < len(document.lines) else None
                if hit is not None:
                    found += made.close_names(document, line, (hit.start, hit.end), typed, pool, lang)
            if result is not None and any(v.rule == "DP003" for v in result.violations) and deck.partner is None:
                config = self.checker().config_for(document.path)
                found += made.partner_marks(document, deck, regulation, self.day(), config, lang)
        if wanted(made.FIX_ALL):
            everything = made.fix_all(document, pool, lang)
            if everything is not None:
                found.append(everything)
        return found

    def hints(self, document: Document, first: int, last: int) -> list[tuple[int, int, str]]:
        """The inlay hints on lines ``first``..``last`` (0-based), when the settings want them."""
        from .hints import inlay_hints

        if not self.settings.inlay_hints:
            return []
        _, deck, result, _ = self.latest(document)
        if deck is None or result is None or result.error is not None:
            return []
        size = self.checker().config_for(document.path).deck_size
        lang = self.lang_for(document)
        return [hint for hint in inlay_hints(deck, result, document.lines, size, lang) if first <= hint[0] <= last]

    def card(self, name: str) -> dict:
        """What ``duepa-check card NAME --format json`` prints, as an object."""
        import json

        from ..report.json_doc import card_json, not_found_document

        pool, regulation = self.data()
        found = pool.lookup(name)
        if found.card is None:
            return json.loads(not_found_document(found))
        return card_json(found.card, regulation, self.day(), self.lang)

    def completion(self, document: Document, line: int, column: int):
        """(start column of the typed name, typed text, items) at (line, column) in code points, or None."""
        from .completion import items, typed_span

        if not 0 <= line < len(document.lines):
            return None
        found = typed_span(document.lines[line], column)
        if found is None:
            return None
        start, typed = found
        return start, typed, items(self.name_search(), typed)

    def name_search(self):
        """The pool's name search, built on the first completion and kept with the data."""
        pool = self.data()[0]
        with self._lock:
            if self._search is None:
                from ..data.name_search import NameSearch

                self._search = NameSearch(pool)
            return self._search

    def card_facts(self, name: str) -> str | None:
        """The hover's Markdown of the card named (officially) ``name``: a completion item's facts."""
        from .hover import card_markdown

        pool, regulation = self.data()
        card = pool.lookup(name).card
        if card is None:
            return None
        return card_markdown(card, regulation, self.day(), self.lang, pool.printings(card.name))
