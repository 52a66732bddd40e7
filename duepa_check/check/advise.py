"""`duepa-check partners`' reading half: read a deck, find its house rules, and ask
``analysis.partner_candidates`` which cards could lead it (the view is ``report.partners_view``).
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from ..analysis.partner_candidates import Advice, for_deck, lines_not_counted
from ..data.pool import CardPool
from ..data.regulation import Regulation
from ..messages import msg
from ..printable import printable
from ..reading.decklist import load_decklist
from ..reading.inputs import STDIN_NAME, is_stdin
from ..reading.model import DeckInputError
from ..reading.resolve import resolve_deck
from .house_rules import HouseRules


def advise(
    path: Path,
    pool: CardPool,
    regulation: Regulation,
    on: date,
    *,
    house_rules: HouseRules | None = None,
    include_pool: bool = False,
    stdin_name: str = STDIN_NAME,
) -> Advice:
    """Read a decklist file (``-``: standard input), find its house rules (through ``house_rules``,
    the command's: read once for its language and its advice), and advise on it."""
    if house_rules is None:
        house_rules = HouseRules(pool.resolve_name)
    config = house_rules.for_deck(Path(stdin_name) if is_stdin(path) else path)[0]
    deck = resolve_deck(load_decklist(path, stdin_name), pool)
    if not deck.cards:  # every pool card would "make every card's colour legal": a verdict on nothing
        shown = stdin_name if is_stdin(path) else str(path)
        raise DeckInputError(msg("partners.no-cards", path=printable(shown), lines=len(lines_not_counted(deck))))
    regulation = regulation.with_announcements(config.regulation)  # the house rules' 殿堂 announcements
    return for_deck(deck, pool, regulation, on, config=config, include_pool=include_pool)
