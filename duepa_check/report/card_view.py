"""`duepa-check card` and `duepa-check rules`: what a player wants to know before building.

A card's facts, why it can or cannot be the partner, and its 殿堂 status on a date; the
rules with their ids, player-facing explanations and the house-rule keys that change them.
"""

from __future__ import annotations

from datetime import date

from ..data.cards import OFFICIAL, Card, Lookup
from ..data.regulation import Regulation
from ..messages import DEFAULT_LANG, Listed, msg, text
from ..messages import rule_doc as messages_rule_doc


def render_card(console, card: Card, regulation: Regulation, on: date, lang: str = DEFAULT_LANG,
                printings: list[tuple[str, str]] = ()) -> None:
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
            say("card.label.face"), f"《{escape(face.name)}》 {civilization_markup(face.civilizations, lang)}  {stats}{races}"
        )
    if not card.complete:
        add(say("card.label.data"), f"[yellow]{say('card.no-data')}[/]")
    if card.provenance != OFFICIAL:
        add(say("card.label.provenance"), f"[yellow]{say(f'card.provenance.{card.provenance}')}[/]")
    add(say("card.label.zone"), say(f"zone.{card.zone}"))
    problem = card.partner_problem()
    eligible = f"[green]{say('card.eligible')}[/]" if problem is None else (
        f"[red]{say('card.not-eligible')}[/]: {escape(text(problem, lang))}"
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
            say("card.label.unconfirmed"), say("card.unconfirmed", status=msg(f"status.{regulation.unconfirmed[card.name]}"))
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
        line = text(msg("card.matches", typed=typed, count=len(found.cards), names=names_list(c.name for c in found.cards)), lang)
        console.print(breaking_line(f"[yellow]{escape(line)}[/]"))
    elif found.suggestions:
        line = text(msg("card.not-found.suggestions", typed=typed, names=names_list(found.suggestions)), lang)
        console.print(breaking_line(f"[red]{escape(line)}[/]"))
    else:
        console.print(breaking_line(f"[red]{escape(text(msg('card.not-found', typed=typed), lang))}[/]"))


def rule_doc(rule, lang: str = DEFAULT_LANG) -> str:
    """A rule's user doc in ``lang`` (``messages.rule_doc``), stripped: as written, with the
    docstrings' ``literal`` marks (docs/rules.md shows them as code)."""
    return messages_rule_doc(rule, lang).strip()


def _is_wide(char: str) -> bool:
    return char >= "\u3000"


def plain_doc(doc: str) -> str:
    """A rule doc as plain text for a terminal or a script: ``x`` (reST) is 'x', and each paragraph
    is one line (the docstrings' line breaks are where the source wrapped, not where a terminal
    should), an ``Example:`` / ``例:`` line kept on a line of its own."""
    import re

    doc = re.sub(r"``(.+?)``", r"'\1'", doc)
    paragraphs = []
    for paragraph in doc.split("\n\n"):
        lines: list[str] = []
        for line in paragraph.splitlines():
            line = line.strip()
            if lines and not line.startswith(("Example:", "例:")):
                joint = "" if _is_wide(lines[-1][-1:]) and _is_wide(line[:1]) else " "
                lines[-1] = f"{lines[-1]}{joint}{line}"
            else:
                lines.append(line)
        paragraphs.append("\n".join(lines))
    return "\n\n".join(paragraphs)


def yaml_default(value, lang: str = DEFAULT_LANG) -> str:
    """A house-rule key's default as a user writes it in .duepa-check.yaml (true, false, [], 60);
    no value is said in words ("(none)")."""
    if value is None:
        return text(msg("rules.default-none"), lang)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(yaml_default(item, lang) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}: {yaml_default(item, lang)}" for key, item in value.items()) + "}"
    return str(value)


def rules_json(lang: str = DEFAULT_LANG) -> list[dict]:
    from ..rules import RULES

    return [
        {
            "id": rule.ID,
            "name": rule.NAME,
            "severity": rule.SEVERITY,
            "house_rules": list(rule.CONF),
            "summary": plain_doc(rule_doc(rule, lang)).splitlines()[0],
            "doc": plain_doc(rule_doc(rule, lang)),
        }
        for rule in RULES.values()
    ]


def render_rules(console, wanted: str | None = None, lang: str = DEFAULT_LANG) -> None:
    """The rules table and the house-rule keys, or one rule in full (an unknown one is a DuepaError)."""
    from rich.markup import escape
    from rich.table import Table

    from ..data.config import KEYS
    from ..errors import DuepaError
    from ..linebreak import breaking_text, wrap  # Japanese by character, never inside 'duepa-check update'

    def say(key: str, **args) -> str:
        return text(msg(key, **args), lang)

    rules = rules_json(lang)
    if wanted:
        chosen = [r for r in rules if wanted.upper() in (r["id"], r["name"].upper())]
        if not chosen:
            raise DuepaError(msg("rules.unknown", rule=wanted, ids=Listed(tuple(r["id"] for r in rules))))
        rule = chosen[0]
        severity = say(f"severity.{rule['severity']}")
        console.print(f"[bold]{rule['id']} {rule['name']}[/] ({escape(severity)})\n")
        # wrapped here: console.print joins a Text into a plain one, which rich would wrap at spaces only
        console.print(escape("\n".join(wrap(rule["doc"], console.width))), soft_wrap=True)
        if rule["house_rules"]:
            console.print("\n" + escape(say("rules.house-rules", keys=Listed(tuple(rule["house_rules"])))))
        return
    table = Table(show_header=True, header_style="bold")
    for column in ("id", "name", "severity", "what", "house-rules"):
        table.add_column(escape(say(f"rules.column.{column}")), overflow="fold")
    for rule in rules:
        table.add_row(
            rule["id"], rule["name"], escape(say(f"severity.{rule['severity']}")), breaking_text(rule["summary"]),
            ", ".join(rule["house_rules"]),
        )
    console.print(table)
    keys = Table(title=escape(say("rules.keys-title")), show_header=True, header_style="bold")
    for column in ("key", "changes", "default"):
        keys.add_column(escape(say(f"rules.column.{column}")), overflow="fold")
    for key, default in KEYS.items():
        keys.add_row(key, breaking_text(say(f"config.{key}")), escape(yaml_default(default, lang)))
    console.print(keys)
