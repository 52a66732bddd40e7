"""What every rule shares: the Finding it yields, the Violation it becomes, the Context it reads.

A rule is a module with ``ID``, ``NAME``, ``SEVERITY``, ``CONF`` (the house-rule keys it
reads) and one pure ``check(deck, context)`` that yields Findings: a line, a card, and a
message key with its arguments (``finding(...)``), never a sentence. ``run_rules`` stamps the
rule's id, name and severity on each (as yamllint's linter does), and renderers put the
message into words in the chosen language (``duepa_check.messages``). Its docstring is the
player-facing explanation shown by ``duepa-check rules`` and in the README. No rule prints.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from itertools import islice
from typing import NamedTuple, Protocol

from ..data.cards import Card, Lookup
from ..data.config import FormatConfig
from ..data.pool import CardPool
from ..data.regulation import UNRESTRICTED, Regulation
from ..messages import DEFAULT_LANG, Listed, Msg, line_numbers, msg, plural, text
from ..reading.resolve import Deck, DeckCard

ERROR = "error"
WARNING = "warning"


# Records here and in the other pipeline modules are NamedTuples or small plain classes, not
# dataclasses: making a dataclass generates and compiles its methods at import, which every run
# pays before it checks anything, and start-up is what checking one deck mostly costs.


class Finding(NamedTuple):
    """What a rule yields: where, and what to say (not yet in words)."""

    line: int | None
    card: str | None
    message: Msg
    hint: Msg | None = None


def finding(line: int | None, card: str | None, key: str, /, hint: str | Msg | None = None, **args: object) -> Finding:
    """A finding whose message is ``key`` with ``args``; a ``hint`` given as a key takes the same args."""
    return Finding(line, card, Msg(key, args), Msg(hint, args) if isinstance(hint, str) else hint)


class Rule(Protocol):
    """A rule module as the registry lists it (rules/__init__.py): mypy checks each module in
    the list against this, so a rule without its ID or with another ``check`` fails the type check."""

    @property
    def ID(self) -> str: ...  # a module's constants, read-only here (a property is covariant)
    @property
    def NAME(self) -> str: ...
    @property
    def SEVERITY(self) -> str: ...
    @property
    def CONF(self) -> tuple[str, ...]: ...
    def check(self, deck: Deck, context: Context) -> Iterable[Finding]: ...


class Violation(NamedTuple):
    rule: str
    name: str
    severity: str
    line: int | None
    card: str | None
    message: Msg
    hint: Msg | None = None

    def texts(self, lang: str = DEFAULT_LANG) -> tuple[str, str]:
        """(message, hint) in words; the hint is "" when there is none."""
        return text(self.message, lang), (text(self.hint, lang) if self.hint is not None else "")

    def to_json(self, lang: str = DEFAULT_LANG) -> dict[str, object]:
        """The violation object of the JSON contract (keys in this order), its text in ``lang``."""
        message, hint = self.texts(lang)
        return {
            "rule": self.rule,
            "name": self.name,
            "severity": self.severity,
            "line": self.line,
            "card": self.card,
            "message": message,
            "hint": hint,
        }


class Context(NamedTuple):
    """Everything a rule may read besides the deck."""

    as_of: date
    regulation: Regulation
    config: FormatConfig = FormatConfig()
    # The card pool, for hints that look beyond the deck (DP003/DP004 name pool partners).
    pool: CardPool | None = None
    # False: DP100 leaves its close names for the run to search, in run order and up to a bound
    # for the whole run (check.close_names); a rule alone searches them at once.
    close_names_now: bool = True

    @property
    def include_unconfirmed(self) -> bool:
        return self.config.include_unconfirmed

    def status(self, card: Card) -> str:
        return self.regulation.status(card.name, self.as_of, self.include_unconfirmed)

    def restricted_cards(self, deck: Deck) -> list[tuple[DeckCard, str]]:
        """(card, status) for the deck's cards the regulation restricts on the check date.

        Most cards have no 殿堂 history; DP007, DP009 and DP010 look only at these (worked out
        once per deck and date: the three rules ask in turn).
        """
        key = (self.regulation, self.as_of, self.include_unconfirmed)  # the same Regulation object: identity
        memo = deck.memo.get("restricted")
        if memo is not None and memo[0] == key:
            known: list[tuple[DeckCard, str]] = memo[1]
            return known
        found = self._restricted_cards(deck)
        deck.memo["restricted"] = (key, found)
        return found

    def _restricted_cards(self, deck: Deck) -> list[tuple[DeckCard, str]]:
        restricted = self.regulation.restricted_names
        found = []
        for deck_card in deck.cards:
            if deck_card.card.name in restricted:
                status = self.status(deck_card.card)
                if status != UNRESTRICTED:
                    found.append((deck_card, status))
        return found


def quoted(name: str) -> str:
    return f"《{name}》"


def names_list(names: Iterable[str]) -> Listed:
    """《A》, 《B》 (the separator is the language's)."""
    return Listed(tuple(quoted(n) for n in names), "sep.names")


def civilization_text(civilizations: Iterable[str]) -> Listed:
    """A card's civilizations as 水/自然 (DP005 says it only of cards with a civilization)."""
    return Listed(tuple(civilizations), "sep.civilizations")


def line_of(card: DeckCard) -> int | None:
    """The entry's line; None for a partner added by --partner (it has no line)."""
    return card.entry.line or None


def partner_advice(deck: Deck, context: Context) -> Listed:
    """What DP003 and DP004 suggest, in one clause that keeps the hint within two lines of 80
    columns: a card of the deck that leaves no card off-colour, with its line; else the deck's
    card that leaves the fewest off-colour, with its count; else (no card of the deck can lead)
    the closest fit of the pool, when the context has one. ``duepa-check partners DECK [--pool]``
    lists every candidate.

    The candidates are `duepa-check partners`'s (``partner_candidates.in_deck`` / ``find``):
    eligible by ``Card.partner_problem`` with the house rules' minimum, legal on the check date.
    So a partner DP004 rejects (by the same test) is never among them.
    """
    from ..analysis import partner_candidates as partners  # only when DP003/DP004 find something to hint at

    config = context.config
    own = partners.in_deck(deck, context.regulation, context.as_of, config)
    working = [c.name for c in own if c.off_civilization == 0][:ADVICE_NAMES]
    if working:  # with its line: the hint says to mark it, not to add it again (DP002)
        return Listed((msg("partner-advice.working", candidates=listed_lines(deck, working)),), "sep.clauses")
    if own:
        fewest = Listed(
            tuple(
                msg(plural("partner-advice.off-count", c.off_civilization), card=c.name, count=c.off_civilization)
                for c in own[:ADVICE_NAMES]
            )
        )
        return Listed((msg("partner-advice.fewest", candidates=fewest),), "sep.clauses")
    if context.pool is not None:
        listed = {deck_card.card.name for deck_card in deck.cards}
        needed = partners.civilizations_needed(deck)
        # Closest fit first: a partner that adds no civilization the deck does not use is what
        # such a deck is built around (a five-civilization card of cost ∞ fits too, but says little).
        fits = partners.closest_fits(context.pool, context.regulation, context.as_of, needed, config)
        found = list(islice((c for c in fits if c.name not in listed), ADVICE_NAMES))
        if found:  # no card of the deck can lead it: the pool's closest fit says so in fewer words
            return Listed((msg("partner-advice.pool", candidates=names_list(c.name for c in found)),), "sep.clauses")
    return Listed((msg("partner-advice.none-in-deck"),), "sep.clauses")


ADVICE_NAMES = 1  # how many cards a hint names: `duepa-check partners` lists them all


def take_out(deck: Deck, context: Context, key: str) -> str:
    """The hint ``key`` when the deck has more cards than it needs, so that taking cards out leaves
    it no short; else ``key.replace``: followed literally, "remove it" would leave a 60-card deck
    at 59 (DP001), so the hint says to put another card in its place."""
    return key if deck.card_count > context.config.deck_size else f"{key}.replace"


HINT_LINES_SHOWN = 6  # line numbers a hint names before the count: a hint fits two lines of 80 columns


def hint_lines(lines: Iterable[int]) -> Listed:
    """Line numbers for a hint ("10, 11, 12, 13, 14, 15 and 24 more"): the first HINT_LINES_SHOWN,
    then how many more. Each of the others has a finding of its own (DP100) at its line."""
    return line_numbers(lines, most=HINT_LINES_SHOWN)


def listed_lines(deck: Deck, names: Iterable[str]) -> Listed:
    """《A》 (line 12), 《B》 (line 30): the deck's cards with the line that lists each (the first)."""
    lines: dict[str, int] = {}
    for deck_card in deck.cards:
        lines.setdefault(deck_card.card.name, deck_card.entry.line)
    return Listed(
        tuple(
            msg("partner-designation.listed", card=name, line=lines[name]) if lines.get(name) else quoted(name)
            for name in names
        ),
        "sep.names",
    )


def shared_side_zone(found: Lookup) -> str | None:
    """The zone of every card a name matched, when it is one side shared by several cards
    that all live outside the main deck (《零龍》: a side of five 零龍星雲 cards). Such a name
    is not ambiguous for the rules: whichever card it means, it cannot be in the deck."""
    zones = {card.zone for card in found.cards}
    if len(found.cards) > 1 and len(zones) == 1 and "main" not in zones:
        zone: str = zones.pop()
        return zone
    return None
