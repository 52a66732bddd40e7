"""Close names for a run's unknown cards: searched after the decks are checked, in run order, for
the first ``RUN_SEARCHES`` distinct unknown names of the whole run (issue 39.15).

A close-name search scans every spelling of the pool. Bounded per deck only, a sheet of a thousand
rows with one typo each took minutes (benchmarks/hostile.py's typo-sheet rows). The
batch's workers check decks in whatever order the machine lets them, so a bound counted while
checking would pick different names from run to run; counted here, over the results in the order
they are reported, the same input always gets the same hints. A name searched once is shown with
its close names wherever it is met again (the look-up keeps them). Past the bound a name's hint
says close names were not searched, and one stderr line says how many names went without.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..data.pool import CardPool
from ..messages import Msg
from ..rules.base import names_list
from ..rules.unknown_card import ID as UNKNOWN_CARD
from ..rules.unknown_card import PENDING
from .results import DeckResult

RUN_SEARCHES = 60  # distinct unknown names a run searches close names for (a deck's worth, as DP100's own bound)


def fill_close_names(results: Sequence[DeckResult], pool: CardPool, notes: list[Msg]) -> None:
    """Give every DP100 hint the run left pending its close names (or say they were not searched);
    a Msg for ``notes`` when the bound left some names without."""
    searched: dict[str, list[str]] = {}
    not_searched: set[str] = set()
    for result in results:
        violations = result.violations
        for index, violation in enumerate(violations):
            hint = violation.hint
            if violation.rule != UNKNOWN_CARD or hint is None or not hint.args.get(PENDING):
                continue
            name = violation.card or ""
            found = searched.get(name)
            if found is None and len(searched) >= RUN_SEARCHES:
                not_searched.add(name)
                violations[index] = violation._replace(
                    hint=Msg("unknown-card.hint.not-searched.run", {"card": name, "limit": RUN_SEARCHES})
                )
                continue
            if found is None:
                found = searched[name] = pool.lookup(name).suggestions
            key = "unknown-card.hint.suggestions" if found else "unknown-card.hint"
            violations[index] = violation._replace(hint=Msg(key, {"card": name, "suggestions": names_list(found)}))
    if not_searched:
        notes.append(Msg("unknown-card.run-limit", {"limit": RUN_SEARCHES, "count": len(not_searched)}))
