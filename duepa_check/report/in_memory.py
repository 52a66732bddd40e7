"""One decklist held in memory, checked and reported exactly as ``duepa-check NAME --format FORMAT
--as-of DAY --lang LANG`` prints it for a file NAME holding that text: the web page's route
(docs/web.md), and any other caller that has text rather than a file.

It runs the checker of a ``check.session.Session`` (the language server's seam; by default one of
the embedded card data only: a page has no user data folder, and new data is a new build of the
site), through its in-memory entry (``Checker.check_text``), the close-name search the CLI's run
does (``check.close_names``), the ``--format`` renderers and the CLI's exit code
(``check.results.exit_code``): nothing of the check is said twice. It imports none of typer,
rich or requests.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import NamedTuple

from ..check.checker import Checker, CheckOptions
from ..check.results import RunInfo, exit_code
from ..check.session import Session
from ..data.pool import CardPool
from ..messages import Msg
from ..reading.inputs import HeldText
from .renderers import RENDERERS


class TextReport(NamedTuple):
    """What a check of a text gives a page: the CLI's exit code and standard output, where each
    deck starts (the line of its line 1: a sheet row's deck cell, whose line N is line start + N - 1;
    a decklist's is 1), and what the CLI says on stderr as warnings (a sheet's date order, close
    names left unsearched: Msg each)."""

    exit: int
    output: str
    starts: list[int]
    notes: list[Msg]


class TextChecks:
    """A session's card data loaded once, and a checker per set of options: a page checks the same
    box again on every edit."""

    def __init__(self, session: Session | None = None) -> None:
        self.session = session if session is not None else Session(embedded=True)
        self._sessions = {self.session.include_unconfirmed: self.session}  # a page's switch: a sibling each
        self._checkers: dict[tuple, Checker] = {}

    @property
    def pool(self) -> CardPool:
        return self.session.data.pool

    def checker(self, as_of: date, include_unconfirmed: bool = False, with_stats: bool = False) -> Checker:
        key = (as_of, include_unconfirmed, with_stats)
        found = self._checkers.get(key)
        if found is None:
            session = self._sessions.get(include_unconfirmed)
            if session is None:
                session = self._sessions[include_unconfirmed] = self.session.sibling(
                    include_unconfirmed=include_unconfirmed
                )
            options = CheckOptions(
                as_of=as_of,
                config_path=session.config_path,
                include_unconfirmed=include_unconfirmed,
                with_stats=with_stats,
            )
            found = self._checkers[key] = session.checker(options)
        return found

    def run(
        self,
        text: str,
        name: str,
        *,
        as_of: date,
        lang: str,
        output_format: str = "json",
        include_unconfirmed: bool = False,
    ) -> tuple[int, str]:
        """(exit code, standard output) of the CLI checking a file ``name`` that holds ``text``: a
        decklist, or a submission sheet's rows (a .csv/.tsv whose text is one)."""
        found = self.report(
            text, name, as_of=as_of, lang=lang, output_format=output_format, include_unconfirmed=include_unconfirmed
        )
        return found.exit, found.output

    def report(
        self,
        text: str,
        name: str,
        *,
        as_of: date,
        lang: str,
        output_format: str = "json",
        include_unconfirmed: bool = False,
    ) -> TextReport:
        """``run``'s exit code and output, with where each deck starts in the text and the notes
        the CLI puts on stderr (``TextReport``). Through the run's own ``check_all`` (close names
        searched after, as a run does)."""
        checker = self.checker(as_of, include_unconfirmed, with_stats=output_format == "html")
        checker.notes.clear()  # this run's only
        results = checker.check_all([HeldText(Path(name), text)])
        data = self.session.data
        info = RunInfo(as_of=as_of, data_date=data.regulation.data_date, data_source=data.source, lang=lang)
        starts = [result.submission.file_line(1) if result.submission else 1 for result in results]
        output = RENDERERS[output_format](results, info, False)
        return TextReport(exit_code(results), output, starts, list(checker.notes))

    def fix(self, text: str, name: str) -> tuple[str, list[dict]]:
        """The text with the safe fixes ``--fix`` writes into a UTF-8 file ``name`` holding it, and
        the fixes (line, as written, as now written: the JSON report's ``fixes``). A submission
        sheet is never rewritten (``refused`` says why): nothing to fix."""
        from ..check.fix import fixed_bytes
        from ..reading.model import DeckInputError

        try:
            if self._sheet_rows(text, name) is not None:
                return text, []
            fixed = fixed_bytes(text.encode("utf-8", "surrogatepass"), name, self.pool)
        except DeckInputError:  # no decklist (empty, binary): the check says why; nothing to fix
            return text, []
        fixes = [{"line": fix.line, "from": fix.typed or fix.written, "to": fix.official} for fix in fixed.fixes]
        return fixed.data.decode("utf-8"), fixes

    def refused(self, text: str, name: str) -> Msg | None:
        """What ``--fix`` says of this text instead of fixing it: a submission sheet whose decks
        spell names otherwise than the card list (``check.fix.sheet_refusal``); else None."""
        from ..check.fix import sheet_refusal
        from ..reading.model import DeckInputError

        try:
            rows = self._sheet_rows(text, name)
        except DeckInputError:
            return None
        return None if rows is None else sheet_refusal(rows, name, self.pool)

    @staticmethod
    def _sheet_rows(text: str, name: str) -> list | None:
        from ..reading.sheet import sheet_rows
        from ..reading.sheet_columns import SheetColumns

        return sheet_rows(HeldText(Path(name), text), SheetColumns(), None)
