"""One direction through the pipeline: bytes → DeckList → Deck → [Violation] per deck file.

``Checker`` holds what every deck in a run shares (card pool, regulation, date, house-rule
configs by folder) so that checking a thousand decks costs one load, not a thousand.
Which files a run checks is ``check.walk``'s; checking many of them at once (forking) is
``batch``'s; what a check produces (``DeckResult``) is ``results``'s.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from ..data.config import FormatConfig
from ..data.pool import CardPool
from ..data.regulation import Announcement, Regulation
from ..errors import DuepaError
from ..messages import Msg
from ..printable import printable
from ..reading.decklist import Skipped, may_be_sheet, parse_text, read_text
from ..reading.decode import text_as_read
from ..reading.inputs import STDIN_NAME, HeldText, is_stdin
from ..reading.model import DeckInputError, DeckList
from ..reading.resolve import Deck, resolve_deck
from ..rules import READING_RULES, Context, run_rules
from .batch import Batch
from .hints import compose_hints
from .house_rules import HouseRules
from .results import MAX_REPORTED, DeckResult

if TYPE_CHECKING:
    from ..reading.sheet import SheetRow
    from ..reading.sheet_columns import SheetColumns


def _printable_message(message: Msg | str) -> Msg | str:
    """The message with every text in it made printable (a file name may hold anything)."""
    if isinstance(message, Msg):
        return Msg(
            message.key,
            {
                name: printable(str(value)) if isinstance(value, (str, os.PathLike)) else value
                for name, value in message.args.items()
            },
        )
    return printable(str(message))


class CheckOptions:
    """What a run's options say about checking, the same for every deck of it; given by keyword.

    A plain class rather than a dataclass: a one-deck run imports nothing else of dataclasses,
    and its import and a frozen class's creation were a measurable part of start-up
    (benchmarks/README.md, versus.py).
    """

    __slots__ = ("as_of", "config_path", "partner", "include_unconfirmed", "stdin_name", "with_stats", "sheet_columns")

    def __init__(
        self,
        *,
        as_of: date,  # the regulation in force on this day
        config_path: Path | None = None,  # --config: these house rules for every deck (else each deck's nearest file)
        partner: str | None = None,  # --partner: designates or overrides every deck's partner
        include_unconfirmed: bool = False,  # --include-unconfirmed
        # What a deck read from standard input is called: in messages, for its format (by suffix)
        # and for finding its house rules (from that name's folder).
        stdin_name: str = STDIN_NAME,
        with_stats: bool = False,  # the HTML report draws each deck's shape: count it while the deck is here
        sheet_columns: SheetColumns | None = None,  # columns of submission sheets the options name
    ) -> None:
        self.as_of = as_of
        self.config_path = config_path
        self.partner = partner
        self.include_unconfirmed = include_unconfirmed
        self.stdin_name = stdin_name
        self.with_stats = with_stats
        self.sheet_columns = sheet_columns


class Checker:
    """Checks decks: one file (``check``), one row of a submission sheet (``check_row``), or many
    (``check_all``, which gives a ``batch.Batch`` the one-item check)."""

    def __init__(
        self, pool: CardPool, regulation: Regulation, options: CheckOptions, house_rules: HouseRules | None = None
    ) -> None:
        self.pool = pool
        self.regulation = regulation
        self.options = options
        self.notes: list[Msg] = []  # what reading the sheets had to say (Msg each): one stderr line each
        # --config, else each deck's nearest file: given by a session (check.session) that reads
        # them for the run's language too, else made here
        self.house_rules = house_rules or HouseRules(
            pool.resolve_name, options.config_path, options.include_unconfirmed
        )
        self._announced: dict[
            tuple[Announcement, ...], Regulation
        ] = {}  # house-rule announcements → the regulation with them
        self._contexts: dict[
            tuple[int, bool], Context
        ] = {}  # (id of a config, close names later) → the rules' context under it
        self._close_names_later = False  # check_all searches close names once for the run (check.close_names)

    def house_rules_for(self, path: Path) -> FormatConfig:
        """The house rules a deck at ``path`` is checked under (``-``: the --stdin-filename's)."""
        return self.config_for(Path(self.options.stdin_name) if is_stdin(path) else path)

    def config_for(self, deck_path: Path) -> FormatConfig:
        """--config when given, else the nearest config file above the deck (cached per file)."""
        return self.house_rules.for_deck(deck_path)[0]

    def check(self, path: Path) -> DeckResult:
        """Check one file (``-``: standard input).

        Unreadable input becomes ``error``, and so does anything unexpected while checking
        this one deck (a bug, nesting too deep for Python): the other decks of the batch keep
        their verdicts. A bad config or --partner is the whole run's problem and propagates.
        """
        return self._check(path, None)[1]

    def check_text(self, text: str, path: str | Path, *, close_names: bool = True) -> tuple[Deck | None, DeckResult]:
        """Check a decklist held in memory (an editor's buffer, a web page's box) as if it were the
        file ``path`` holding ``text``: the deck (None when the text is no decklist: too large,
        binary, empty) and the result, with the findings ``check`` gives that file, in its order,
        under the house rules of ``path``'s folder (or --config). The file route is this one after
        reading the bytes. ``close_names`` False leaves unknown names' close names unsearched (an
        editor checking on each keystroke: the search scans the whole pool)."""
        if close_names:
            return self._check(Path(path), text)
        self._close_names_later, later = True, self._close_names_later
        try:
            return self._check(Path(path), text)
        finally:
            self._close_names_later = later

    def _check(self, path: Path, text: str | None) -> tuple[Deck | None, DeckResult]:
        """The one check of a deck: ``text`` (in memory), else the file or standard input at ``path``."""
        reading = path
        if is_stdin(path):
            path = Path(self.options.stdin_name)  # reported, and its folder's house rules apply
        result = DeckResult(path=printable(str(path)))
        result.raw_path = str(path)
        deck = None
        try:
            name = self.options.stdin_name if is_stdin(reading) else str(path)  # as load_decklist names it
            text = read_text(reading, self.options.stdin_name) if text is None else text_as_read(text, name)
            result.size = len(text.encode("utf-8", "replace"))
            deck = self._check_decklist(parse_text(text, name), path, result)
        except DeckInputError as error:
            result.error = error.message  # a Msg (or str): the renderer puts it into words
        except DuepaError:
            raise
        except Exception as error:  # not the deck's fault: say so, keep the batch
            why = f"{type(error).__name__}: {str(error)[:200]}"
            result.error = Msg("error.cannot-check", {"path": path, "why": why})
        if result.error is not None:
            result.error = _printable_message(result.error)  # one line, whatever the file name or the text held
        return deck, result

    def check_row(self, row: SheetRow) -> DeckResult:
        """Check one row of a submission sheet: its deck cell is the decklist, the sheet's folder
        gives the house rules; a cell that cannot be read is this row's error, as a file's."""
        from ..reading.sheet import row_decklist

        result = DeckResult(path=printable(row.path))
        result.raw_path = row.path
        result.submission = row.submission
        result.size = len(row.deck.encode("utf-8", "replace"))
        try:
            self._check_decklist(row_decklist(row), Path(row.path), result)
        except DeckInputError as error:
            result.error = error.message
        except DuepaError:
            raise
        except Exception as error:  # not the deck's fault: say so, keep the batch
            why = f"{type(error).__name__}: {str(error)[:200]}"
            result.error = Msg("error.cannot-check", {"path": row.submission.place(row.path), "why": why})
        if result.error is not None:
            result.error = _printable_message(result.error)
        return result

    @staticmethod
    def not_checked(item: Skipped) -> DeckResult:
        """The result for something met that cannot be checked (a folder that cannot be listed, a
        sheet that cannot be read as one): its ``why`` is the error."""
        result = DeckResult(path=printable(item.path), error=_printable_message(item.why))
        result.raw_path = item.path
        return result

    def check_all(
        self, paths: Sequence[Path | HeldText | Skipped], on_progress: Callable[[int], None] | None = None
    ) -> list[DeckResult]:
        """Check many files (``batch.Batch``, given ``_check_item``); a submission sheet among them
        is read here, once, and each of its rows is checked as a file would be
        (reading.sheet.with_submissions). A ``HeldText`` (a web page's box) is checked as the file
        it names holding its text: a decklist, or a sheet's rows."""
        items: list[Path | HeldText | SheetRow | Skipped] = list(paths)
        options = self.options
        column = options.sheet_columns.deck if options.sheet_columns else None
        named = [item.path if isinstance(item, HeldText) else item for item in paths]
        if any(isinstance(path, Path) and may_be_sheet(path, options.stdin_name, column) for path in named):
            from ..reading.sheet import with_submissions  # only a .csv/.tsv (or -, so named)
            from ..reading.sheet_columns import SheetColumns

            items = with_submissions(paths, options.sheet_columns or SheetColumns(), self.notes, options.stdin_name)
        from .close_names import fill_close_names

        self._close_names_later = True
        try:
            results = Batch(self._check_item).check_all(items, on_progress)
        finally:
            self._close_names_later = False
        fill_close_names(results, self.pool, self.notes)
        return results

    def _check_item(self, item: Path | HeldText | SheetRow | Skipped) -> DeckResult:
        """The one-item check a batch is given: a file to ``check``, a text held in memory as that
        file, a sheet's row to ``check_row``, what was met but cannot be checked to ``not_checked``."""
        if isinstance(item, Path):
            return self.check(item)
        if isinstance(item, HeldText):
            return self._check(item.path, item.text)[1]
        if isinstance(item, Skipped):
            return self.not_checked(item)
        return self.check_row(item)

    def _check_decklist(self, decklist: DeckList, path: Path, result: DeckResult) -> Deck:
        config, config_file = self.house_rules.for_deck(path)
        result.config = _shown_path(config_file) if config_file else None
        deck = resolve_deck(decklist, self.pool, self.options.partner)
        context = self.context_for(config)
        violations = compose_hints(run_rules(deck, context), deck, config.deck_size)
        result.keep_first(violations, MAX_REPORTED)
        result.card_count = deck.card_count
        result.not_read = [line for line, _ in deck.remarks]
        result.partner = deck.partner.card if deck.partner else None
        if self.options.with_stats and not deck.unresolved and not deck.problems:  # as `stats`: every line a card
            from ..analysis.stats import compute_stats

            result.stats = compute_stats(deck)
        return deck

    def context_for(self, config: FormatConfig) -> Context:
        """What the rules read besides the deck, made once per house rules (a batch shares a few)."""
        key = (id(config), self._close_names_later)
        found = self._contexts.get(key)
        if found is None or found.config is not config:  # the id of a config no longer alive may be reused
            found = Context(
                as_of=self.options.as_of,
                regulation=self._regulation_for(config),
                config=config,
                pool=self.pool,
                close_names_now=not self._close_names_later,
            )
            if len(self._contexts) >= 64:
                self._contexts.clear()
            self._contexts[key] = found
        return found

    def _regulation_for(self, config: FormatConfig) -> Regulation:
        """The data's regulation with the house rules' announcements on top (built once per config)."""
        if not config.regulation:
            return self.regulation
        found = self._announced.get(config.regulation)
        if found is None:
            found = self._announced[config.regulation] = self.regulation.with_announcements(config.regulation)
        return found


def _shown_path(path: Path) -> str:
    """A config file as reports name it: relative to the working folder when below it."""
    text = str(path)
    try:
        relative = os.path.relpath(path)
        if not relative.startswith(os.pardir):
            text = relative
    except ValueError:  # another drive (Windows)
        pass
    return printable(text)


def reading_problems(deck: Deck, regulation: Regulation, as_of: date, pool: CardPool | None = None) -> DeckResult:
    """The problems ``check`` reports for the lines of ``deck`` that are not cards (the reading
    rules, DP1xx), in line order: what ``stats`` shows of a deck it cannot count."""
    context = Context(as_of=as_of, regulation=regulation, pool=pool)
    violations = run_rules(deck, context, only=READING_RULES)
    violations.sort(key=lambda v: v.line or 0)
    result = DeckResult(path=deck.path, violations=[])
    result.keep_first(violations, MAX_REPORTED)  # as check: 20,000 rows drawn by rich took most of a minute
    return result
