"""One decklist held in memory, checked and reported exactly as ``duepa-check NAME --format FORMAT
--as-of DAY --lang LANG`` prints it for a file NAME holding that text: the web page's route
(docs/web.md), and any other caller that has text rather than a file.

It runs the checker's in-memory entry (``Checker.check_text``), the close-name search the CLI's
run does (``check.close_names``), the ``--format`` renderers and the CLI's exit code
(``check.results.exit_code``): nothing of the check is said twice. It uses the embedded card data
only (a page has no user data folder; new data is a new build of the site) and imports none of
typer, rich or requests.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from ..check.checker import Checker, CheckOptions
from ..check.results import RunInfo, exit_code
from ..data.pool import CardPool
from ..data.regulation import Regulation, load_current
from .renderers import RENDERERS

EMBEDDED = "embedded"  # the data source a report names (data.userdata.data_source_label without a data dir)


class TextChecks:
    """The card pool and regulation loaded once, and a checker per set of options: a page checks
    the same box again on every edit."""

    def __init__(self, pool: CardPool | None = None, regulation: Regulation | None = None) -> None:
        self.pool = pool if pool is not None else CardPool.load(None)
        self.regulation = regulation if regulation is not None else load_current(None)
        self._checkers: dict[tuple, Checker] = {}

    def checker(self, as_of: date, include_unconfirmed: bool = False, with_stats: bool = False) -> Checker:
        key = (as_of, include_unconfirmed, with_stats)
        found = self._checkers.get(key)
        if found is None:
            options = CheckOptions(as_of=as_of, include_unconfirmed=include_unconfirmed, with_stats=with_stats)
            found = self._checkers[key] = Checker(self.pool, self.regulation, options)
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
        """(exit code, standard output) of the CLI checking a file ``name`` that holds ``text``."""
        from ..check.close_names import fill_close_names

        checker = self.checker(as_of, include_unconfirmed, with_stats=output_format == "html")
        _deck, result = checker.check_text(text, Path(name), close_names=False)  # searched below, as a run does
        fill_close_names([result], self.pool, checker.notes)
        info = RunInfo(as_of=as_of, data_date=self.regulation.data_date, data_source=EMBEDDED, lang=lang)
        return exit_code([result]), RENDERERS[output_format]([result], info, False)

    def fix(self, text: str, name: str) -> tuple[str, list[dict]]:
        """The text with the safe fixes ``--fix`` writes into a UTF-8 file ``name`` holding it, and
        the fixes (line, as written, as now written: the JSON report's ``fixes``)."""
        from ..check.fix import fixed_bytes
        from ..reading.decklist import DeckInputError

        try:
            fixed = fixed_bytes(text.encode("utf-8", "surrogatepass"), name, self.pool)
        except DeckInputError:  # no decklist (empty, binary): the check says why; nothing to fix
            return text, []
        fixes = [{"line": fix.line, "from": fix.typed or fix.written, "to": fix.official} for fix in fixed.fixes]
        return fixed.data.decode("utf-8"), fixes
