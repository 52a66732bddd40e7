"""What a check run produces, as the reports read it: one ``DeckResult`` per file, and the
``RunInfo`` of the whole run.

These sit below the checker and the renderers alike: the checker fills them in, the reports
(text, JSON, SARIF, GitHub, HTML) read them, and neither needs the other for a data type.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING, NamedTuple

from ..data.cards import Card
from ..messages import DEFAULT_LANG, Msg
from ..rules.base import ERROR, WARNING, Violation

if TYPE_CHECKING:
    from ..analysis.stats import DeckStats
    from ..reading.sheet import Submission


class RunInfo(NamedTuple):
    """What the whole run used: the check date and the data behind it."""

    as_of: date
    data_date: date
    data_source: str | Msg  # "embedded", the user data dir, or a Msg naming which part came from where
    lang: str = DEFAULT_LANG  # the language of messages, hints and labels


class DeckResult:
    """The verdict on one file; ``error`` is set when the file could not be read at all.

    It keeps what the renderers read (the partner and the card count), not the resolved
    deck: a batch holds a thousand results, and a worker process sends them back pickled.
    """

    def __init__(
        self,
        path: str,
        violations: list[Violation] | None = None,
        error: Msg | str | None = None,
        partner: Card | None = None,
        card_count: int = 0,
        stats: DeckStats | None = None,
        config: str | None = None,
    ) -> None:
        self.path = path
        self.violations = violations if violations is not None else []
        self.error = error
        self.partner = partner
        self.card_count = card_count
        self.stats = stats  # the deck's shape, only when the report draws it (Checker with_stats)
        self.config = config  # the house-rules file that applied, or None (the recommended rules)
        self.raw_path = path  # as the system spells it (SARIF percent-encodes its bytes); path is printable
        # Problems past MAX_REPORTED are counted, not kept: they still decide the verdict.
        self.omitted_errors = 0
        self.omitted_warnings = 0
        # A row of a submission sheet: its row, player, time, and the later row superseding it.
        self.submission: Submission | None = None
        # The lines read as remarks (a title, a note, a sentence), not as cards: the report lists them.
        self.not_read: list[int] = []
        # The bytes of the decklist as read (UTF-8): the text report is kept in proportion to it.
        self.size = 0
        # --fix/--diff: the names fixed ({"line", "from", "to"} each); None without them (no JSON key)
        self.fixes: list[dict[str, object]] | None = None
        # --fix: why this deck's file was not written when it had names to fix (a message), else None
        self.fix_refused: Msg | str | None = None

    def __repr__(self) -> str:
        return f"DeckResult({self.path!r}, violations={self.violations!r}, error={self.error!r})"

    @property
    def errors(self) -> int:
        return sum(v.severity == ERROR for v in self.violations) + self.omitted_errors

    @property
    def warnings(self) -> int:
        return sum(v.severity == WARNING for v in self.violations) + self.omitted_warnings

    @property
    def deck_warnings(self) -> int:
        """The warnings ``--strict`` fails on: those about the deck. DP202 (the data is old) is about
        the data: no edit of the deck clears it, and a CI job that never runs ``update`` would fail
        every legal deck from six months after the data's date on."""
        return sum(v.severity == WARNING and v.rule not in DATA_RULES for v in self.violations) + self.omitted_warnings

    @property
    def omitted(self) -> int:
        """Problems found but not listed (past the first MAX_REPORTED)."""
        return self.omitted_errors + self.omitted_warnings

    def keep_first(self, violations: list[Violation], limit: int) -> None:
        """List the first ``limit`` problems (in line order) and count the rest.

        A file under the size limit can hold tens of thousands of bad lines: drawing them all for a
        terminal or as SARIF took minutes and gigabytes, and nobody reads past the first few hundred.
        """
        if len(violations) <= limit:  # the usual deck: every problem listed
            self.violations, self.omitted_errors, self.omitted_warnings = violations, 0, 0
            return
        rest = violations[limit:]
        self.violations = violations[:limit]
        self.omitted_errors = sum(v.severity == ERROR for v in rest)
        self.omitted_warnings = len(rest) - self.omitted_errors

    @property
    def counted(self) -> bool:
        """Whether this result counts for the exit code: all do but a sheet's superseded submissions."""
        return self.submission is None or self.submission.superseded_by is None

    @property
    def legal(self) -> bool:
        return self.error is None and self.errors == 0


DATA_RULES = frozenset({"DP202"})  # warnings about the card data, not the deck: --strict passes them
MAX_REPORTED = 500  # problems listed per deck; the rest are counted

EXIT_OK, EXIT_VIOLATION, EXIT_USAGE = 0, 1, 2


def exit_code(results: Sequence[DeckResult], strict: bool = False, exit_zero: bool = False) -> int:
    """A check run's exit code: 2 when a file could not be read, 1 when a deck is not legal (or,
    with ``strict``, has deck warnings) unless ``exit_zero``, else 0. Here, below the CLI, so that a
    run without it (the web page) ends with the code the CLI gives."""
    if any(r.error is not None and r.counted for r in results):
        return EXIT_USAGE
    failed = any((not r.legal or (strict and r.deck_warnings)) and r.counted for r in results)
    return EXIT_VIOLATION if failed and not exit_zero else EXIT_OK
