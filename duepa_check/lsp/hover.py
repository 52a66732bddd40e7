"""Hover: the ``card`` command's facts of the card under the cursor, as Markdown, in the chosen
language (the same catalogue keys as ``report.card_view``); for a name that is no card, up to
three close names (the one place outside a code action where that search runs)."""

from __future__ import annotations

import re
from datetime import date

from ..data.cards import OFFICIAL
from ..messages import msg, text
from .diagnostics import entry_spans

CLOSE_NAMES = 3
_MARKDOWN = re.compile(r"([\\`*_{}\[\]<>()#+\-.!|~])")


def escape(words: str) -> str:
    """Text shown as itself in Markdown (a name may hold * or _ or [)."""
    return _MARKDOWN.sub(r"\\\1", words)


def entry_at(deck, source: str, line: int, column: int):
    """The entry of the deck written on ``line`` (0-based) under ``column`` (code points); on a line
    of one entry, that entry wherever the cursor is on it. (entry, (start, end)) or None."""
    placed = entry_spans(deck, source).get(line + 1, [])
    for entry, span in placed:
        if span[0] <= column <= span[1]:
            return entry, span
    if len(placed) == 1:
        return placed[0]
    return None


def card_markdown(card, regulation, on: date, lang: str, printings=()) -> str:
    """A card's facts, a row each, as ``duepa-check card`` shows them."""

    def say(key: str, **args) -> str:
        return escape(text(msg(key, **args), lang))

    rows = []
    if card.faces:
        rows.append((say("card.label.civilizations"), escape(" ".join(card.civilizations))))
    for face in card.faces:
        key = "card.face.power" if face.power is not None else "card.face"
        races = f" ({escape(' / '.join(face.races))})" if face.races else ""
        stats = say(key, type=face.type, cost=face.cost, power=face.power)
        rows.append(
            (say("card.label.face"), f"《{escape(face.name)}》 {escape(' '.join(face.civilizations))} {stats}{races}")
        )
    if not card.complete:
        rows.append((say("card.label.data"), say("card.no-data")))
    if card.provenance != OFFICIAL:
        rows.append((say("card.label.provenance"), say(f"card.provenance.{card.provenance}")))
    rows.append((say("card.label.zone"), say(f"zone.{card.zone}")))
    problem = card.partner_problem()
    reason = text(problem if problem else msg("card.partner-reason.eligible"), lang)
    verdict = say("card.eligible" if problem is None else "card.not-eligible")
    rows.append((say("card.label.partner"), f"{verdict}: {escape(reason)}"))
    if card.may_exceed_four:
        rows.append((say("card.label.copies"), say("card.may-exceed-four")))
    since = regulation.since(card.name, on)
    status = msg(f"status.{regulation.status(card.name, on)}")
    rows.append(
        (
            say("card.label.status"),
            say("card.status.since" if since else "card.status", status=status, since=since, as_of=on),
        )
    )
    if card.name in regulation.unconfirmed:
        changed = msg(f"status.{regulation.unconfirmed[card.name]}")
        rows.append((say("card.label.unconfirmed"), say("card.unconfirmed", status=changed)))
    for printed, card_id in printings:
        rows.append((say("card.label.printing"), say("card.printing", name=printed, id=card_id)))
    spellings = [*card.aliases, *card.english]
    if spellings:
        rows.append((say("card.label.also"), escape(", ".join(spellings))))
    body = "\n".join(f"- **{label}** {value}" for label, value in rows)
    return f"**《{escape(card.name)}》**\n\n{body}"


def not_found_markdown(found, lang: str) -> str:
    """What a name that is no card (or several) could be."""
    from ..printable import printable
    from ..rules.base import names_list

    typed = printable(found.typed)
    if found.cards:
        names = names_list(c.name for c in found.cards[:CLOSE_NAMES])
        return escape(text(msg("card.matches", typed=typed, count=len(found.cards), names=names), lang))
    if found.suggestions:
        names = names_list(found.suggestions[:CLOSE_NAMES])
        return escape(text(msg("card.not-found.suggestions", typed=typed, names=names), lang))
    return escape(text(msg("card.not-found", typed=typed), lang))


def hover_markdown(pool, regulation, on: date, entry, card, lang: str) -> str:
    """The hover of one entry: its card's facts, or what the name could be."""
    if card is not None:
        return card_markdown(card, regulation, on, lang, pool.printings(card.name))
    return not_found_markdown(pool.lookup(entry.name), lang)
