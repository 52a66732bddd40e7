"""The hints of one report, made to compose: followed together, in any order, they leave a legal
deck, or a report that asks only for a choice the player must make (which card to cut).

Each rule words its own hint, but several may ask to take cards out (a second copy, a banned card,
an off-colour card) while DP001 asks for the cards too many, and DP003 may ask to add a partner
line. Followed literally, an oversized list with a duplicate, a banned and an off-colour card ended
at 57 cards. So once every rule has spoken, the cards too many are shared out in line order: a line
whose cards still fit in them keeps its hint to remove them, the others say to put another card in
their place; DP001 then asks only for what is left, and says so. Lines that name no card (DP100) are
counted apart: DP001 names them and asks to fix them first, never to remove real cards for them.
"""

from __future__ import annotations

from ..messages import Msg, plural
from ..reading.resolve import Deck
from ..rules import Violation
from ..rules.base import hint_lines

# The hints that take cards out of the deck (each has a ``.replace`` variant that keeps the count).
REMOVING = frozenset(
    {
        "hint.remove-it",
        "civilization.outside.hint",
        "civilization.outside.hint.colorless-partner",
        "not-main-deck.hint",
        "english-tcg-only.hint",
        "premium-combo.both.hint",
        "hall-of-fame.copies.hint",
        "singleton.hint.count",
        "singleton.hint.partner",
        "singleton.hint.remove",
    }
)
ADDS_A_LINE = "partner-designation.none.hint"  # DP003: 'add a line パートナー: NAME' (one card more)
DECK_SIZE = "DP001"


def compose_hints(violations: list[Violation], deck: Deck, wanted: int) -> list[Violation]:
    """The violations with each removing hint kept or turned into its ``.replace`` variant, so that
    the cards taken out are the cards too many, and DP001's hint worded after the others."""
    counts: dict[int, int] = {}
    for entry in deck.entries:
        counts[entry.line] = counts.get(entry.line, 0) + entry.count
    taking: dict[int, int] = {}  # line -> the copies its hints take out
    for violation in violations:
        copies = _copies_taken(violation, counts)
        if copies and violation.line:  # a violation without a line takes nothing (_copies_taken)
            taking[violation.line] = max(taking.get(violation.line, 0), copies)
    budget = deck.card_count - wanted
    removed, kept = 0, set()
    for line in sorted(taking):
        if taking[line] <= budget - removed:
            removed += taking[line]
            kept.add(line)
    added = sum(1 for v in violations if v.hint is not None and v.hint.key == ADDS_A_LINE)
    result = []
    for violation in violations:
        hint = violation.hint
        if violation.line in taking and hint is not None and _base(hint.key) in REMOVING:
            key = _base(hint.key) if violation.line in kept else f"{_base(hint.key)}.replace"
            violation = violation._replace(hint=Msg(key, hint.args))
        elif violation.rule == DECK_SIZE and violation.line is None:
            hint = deck_size_hint(deck, wanted, removed, added)
            if hint.args == {"difference": violation.message.args.get("difference"), "wanted": wanted}:
                hint = Msg(hint.key, violation.message.args)  # the plain 'add N cards': the message's own numbers
            violation = violation._replace(hint=hint)
        result.append(violation)
    return result


def _base(key: str) -> str:
    return key.removesuffix(".replace")


def _copies_taken(violation: Violation, counts: dict[int, int]) -> int:
    """How many copies the violation's hint (as a removing hint) takes out of the deck."""
    hint = violation.hint
    if hint is None or not violation.line or _base(hint.key) not in REMOVING:
        return 0
    on_line = counts.get(violation.line, 1)
    if _base(hint.key) in ("singleton.hint.count", "hall-of-fame.copies.hint"):
        return max(on_line - 1, 0)  # the count goes down to 1
    if _base(hint.key) == "premium-combo.both.hint":
        return 1
    return on_line


def unknown_lines(deck: Deck) -> list[tuple[int, int]]:
    """(line, copies) of the counted lines that name no card (DP100): they count, but no hint can
    say which card they are."""
    return [(entry.line, entry.count) for entry, found in deck.unresolved if not found.cards and entry.line]


def deck_size_hint(deck: Deck, wanted: int, removed: int = 0, added: int = 0) -> Msg:
    """DP001's hint: what is left to add or remove once the other hints are followed; the lines that
    name no card first, when there are any."""
    unknown = unknown_lines(deck)
    after = deck.card_count - removed + added
    if unknown:
        copies = sum(count for _, count in unknown)
        lines = hint_lines(line for line, _ in unknown)
        # Following the other hints, the cards found make the size: the lines naming no card are the extra.
        key = "deck-size.unknown.even" if after - copies == wanted else "deck-size.unknown"
        known = deck.card_count - copies
        return Msg(plural(key, len(unknown)), {"unknown": copies, "lines": lines, "known": known, "wanted": wanted})
    difference = abs(after - wanted)
    if after == wanted:
        return Msg("deck-size.others", {"wanted": wanted})
    action = "deck-size.add" if after < wanted else "deck-size.remove"
    if removed or added:
        action += ".more"
    return Msg(plural(action, difference), {"difference": difference, "wanted": wanted})
