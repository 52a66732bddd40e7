"""`duepa-check card` and `duepa-check rules`: what a player wants to know before building.

A card's facts, why it can or cannot be the partner, and its 殿堂 status on a date; the
rules with their ids, player-facing explanations and the house-rule keys that change them.
"""

from __future__ import annotations

from datetime import date

from .cards import Card, Lookup
from .messages import msg, text
from .regulation import STATUS_LABELS, Regulation


def card_json(card: Card, regulation: Regulation, on: date) -> dict:
    problem = card.partner_problem()
    return {
        "name": card.name,
        "civilizations": list(card.civilizations),
        "layout": card.layout,
        "faces": [face.to_json() for face in card.faces],
        "zone": card.zone,
        "partner_eligible": card.partner_eligible,
        "partner_reason": text(problem) if problem else "a creature of cost 5 or more in the main deck",
        "may_exceed_four": card.may_exceed_four,
        "status": regulation.status(card.name, on),
        "status_since": _iso(regulation.since(card.name, on)),
        "as_of": on.isoformat(),
        "aliases": list(card.aliases),
        "english": list(card.english),
        "ids": list(card.ids),
        "complete": card.complete,
    }


def _iso(day: date | None) -> str | None:
    return day.isoformat() if day else None


def render_card(console, card: Card, regulation: Regulation, on: date) -> None:
    from rich.markup import escape
    from rich.panel import Panel
    from rich.table import Table

    from .report import civilization_markup

    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()
    table.add_row("civilizations", civilization_markup(card.civilizations))
    for face in card.faces:
        stats = f"{escape(face.type)}  cost {face.cost}" + (f"  power {face.power}" if face.power is not None else "")
        races = f"  ({escape(' / '.join(face.races))})" if face.races else ""
        table.add_row("face", f"《{escape(face.name)}》 {civilization_markup(face.civilizations)}  {stats}{races}")
    if not card.complete:
        table.add_row("data", "[yellow]known card, no data yet (run duepa-check update)[/]")
    table.add_row("zone", escape(text(msg(f"zone.{card.zone}"))))
    problem = card.partner_problem()
    table.add_row("partner", "[green]eligible[/]" if problem is None else f"[red]not eligible[/]: {escape(text(problem))}")
    if card.may_exceed_four:
        table.add_row("copies", "may be put in a deck more than 4 times (may repeat in デュエパーティー)")
    status = regulation.status(card.name, on)
    since = regulation.since(card.name, on)
    table.add_row("殿堂", f"{STATUS_LABELS[status]}" + (f" since {since}" if since else "") + f" (as of {on})")
    if card.name in regulation.unconfirmed:
        table.add_row("unconfirmed", f"a later change would make it {STATUS_LABELS[regulation.unconfirmed[card.name]]}")
    spellings = [*card.aliases, *card.english]
    if spellings:
        table.add_row("also", escape(", ".join(spellings)))
    if card.ids:
        table.add_row("ids", escape(", ".join(card.ids[:8]) + (" …" if len(card.ids) > 8 else "")))
    console.print(Panel(table, title=f"《{escape(card.name)}》", expand=False))


def render_not_found(console, found: Lookup) -> None:
    from rich.markup import escape

    if found.cards:
        names = ", ".join(f"《{c.name}》" for c in found.cards)
        console.print(f"[yellow]{escape(found.typed)!r} matches {len(found.cards)} cards:[/] {escape(names)}")
    elif found.suggestions:
        names = ", ".join(f"《{n}》" for n in found.suggestions)
        console.print(f"[red]no card named {escape(found.typed)!r}[/]; did you mean {escape(names)}?")
    else:
        console.print(f"[red]no card named {escape(found.typed)!r}[/]")


def rules_json() -> list[dict]:
    from .rules import RULES

    return [
        {
            "id": rule.ID,
            "name": rule.NAME,
            "severity": rule.SEVERITY,
            "house_rules": list(rule.CONF),
            "summary": (rule.__doc__ or "").strip().splitlines()[0],
            "doc": (rule.__doc__ or "").strip(),
        }
        for rule in RULES.values()
    ]


def render_rules(console, wanted: str | None = None) -> int:
    from rich.markup import escape
    from rich.table import Table

    from .config import KEYS

    rules = rules_json()
    if wanted:
        chosen = [r for r in rules if wanted.upper() in (r["id"], r["name"].upper())]
        if not chosen:
            console.print(f"[red]no rule {escape(wanted)!r}[/]; ids are {', '.join(r['id'] for r in rules)}")
            return 2
        rule = chosen[0]
        console.print(f"[bold]{rule['id']} {rule['name']}[/] ({rule['severity']})\n")
        console.print(escape(rule["doc"]))
        if rule["house_rules"]:
            console.print(f"\nhouse rules: {', '.join(rule['house_rules'])}")
        return 0
    table = Table(show_header=True, header_style="bold")
    for column in ("id", "name", "severity", "what", "house rules"):
        table.add_column(column, overflow="fold")
    for rule in rules:
        table.add_row(rule["id"], rule["name"], rule["severity"], escape(rule["summary"]), ", ".join(rule["house_rules"]))
    console.print(table)
    keys = Table(title="house rules (.duepa-check.yaml or [tool.duepa-check])", show_header=True, header_style="bold")
    for column in ("key", "changes", "default"):
        keys.add_column(column, overflow="fold")
    for key, (what, default) in KEYS.items():
        keys.add_row(key, escape(what), escape(str(default)))
    console.print(keys)
    return 0
