"""`duepa-check card`: what a player wants to know of a card before building.

A card's facts, why it can or cannot be the partner, and its 殿堂 status on a date; or, for a
name that means no card or several, what it could be. (Its JSON is ``json_doc``'s.)
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from ..data.cards import OFFICIAL, Card, Lookup
from ..data.regulation import Regulation
from ..messages import DEFAULT_LANG, msg, text


def render_card(
    console,
    card: Card,
    regulation: Regulation,
    on: date,
    lang: str = DEFAULT_LANG,
    printings: Sequence[tuple[str, str]] = (),
) -> None:
    from rich.markup import escape
    from rich.panel import Panel
    from rich.table import Table

    from ..linebreak import breaking_markup
    from .wording import civilization_markup

    def say(key: str, **args) -> str:
        return escape(text(msg(key, **args), lang))

    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()

    def add(label: str, value: str) -> None:  # the value breaks Japanese by character, kinsoku kept
        table.add_row(label, breaking_markup(value))

    if card.faces:  # a card without facts has no civilizations to show (none is not colourless)
        add(say("card.label.civilizations"), civilization_markup(card.civilizations, lang))
    for face in card.faces:
        key = "card.face.power" if face.power is not None else "card.face"
        stats = say(key, type=face.type, cost=face.cost, power=face.power)
        races = f"  ({escape(' / '.join(face.races))})" if face.races else ""
        add(
            say("card.label.face"),
            f"《{escape(face.name)}》 {civilization_markup(face.civilizations, lang)}  {stats}{races}",
        )
    if not card.complete:
        add(say("card.label.data"), f"[yellow]{say('card.no-data')}[/]")
    if card.provenance != OFFICIAL:
        add(say("card.label.provenance"), f"[yellow]{say(f'card.provenance.{card.provenance}')}[/]")
    add(say("card.label.zone"), say(f"zone.{card.zone}"))
    problem = card.partner_problem()
    eligible = (
        f"[green]{say('card.eligible')}[/]"
        if problem is None
        else (f"[red]{say('card.not-eligible')}[/]: {escape(text(problem, lang))}")
    )
    add(say("card.label.partner"), eligible)
    if card.may_exceed_four:
        add(say("card.label.copies"), say("card.may-exceed-four"))
    status = regulation.status(card.name, on)
    since = regulation.since(card.name, on)
    key = "card.status.since" if since else "card.status"
    add(say("card.label.status"), say(key, status=msg(f"status.{status}"), since=since, as_of=on))
    if card.name in regulation.unconfirmed:
        add(
            say("card.label.unconfirmed"),
            say("card.unconfirmed", status=msg(f"status.{regulation.unconfirmed[card.name]}")),
        )
    for printed, card_id in printings:  # a printing under another name, with its official id
        add(say("card.label.printing"), say("card.printing", name=printed, id=card_id))
    spellings = [*card.aliases, *card.english]
    if spellings:
        add(say("card.label.also"), escape(", ".join(spellings)))
    if card.ids:
        add(say("card.label.ids"), escape(", ".join(card.ids[:8]) + (" …" if len(card.ids) > 8 else "")))
    console.print(Panel(table, title=f"《{escape(card.name)}》", expand=False))


def render_not_found(console, found: Lookup, lang: str = DEFAULT_LANG) -> None:
    from rich.markup import escape

    from ..linebreak import breaking_line
    from ..printable import printable
    from ..rules.base import names_list

    typed = printable(found.typed)  # as the user typed it, a control character or an ESC shown escaped
    if found.cards:
        line = text(
            msg("card.matches", typed=typed, count=len(found.cards), names=names_list(c.name for c in found.cards)),
            lang,
        )
        console.print(breaking_line(f"[yellow]{escape(line)}[/]"))
    elif found.suggestions:
        line = text(msg("card.not-found.suggestions", typed=typed, names=names_list(found.suggestions)), lang)
        console.print(breaking_line(f"[red]{escape(line)}[/]"))
    else:
        console.print(breaking_line(f"[red]{escape(text(msg('card.not-found', typed=typed), lang))}[/]"))
