"""`duepa-check rules`: the rules with their ids, player-facing explanations and the house-rule
keys that change them (the table, or one rule in full; its JSON is ``json_doc``'s, from ``rules_json``).
"""

from __future__ import annotations

from ..messages import DEFAULT_LANG, Listed, msg, rule_doc, text


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


def render_rules(console, wanted: str | None = None, lang: str = DEFAULT_LANG, notes: dict | None = None) -> None:
    """The rules table and the house-rule keys, or one rule in full (an unknown one is a DuepaError);
    ``notes``: rule id → a Msg the data adds to that rule (DP203: where the unconfirmed change comes from)."""
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
        note = (notes or {}).get(rule["id"])
        if note is not None:
            console.print("\n" + escape("\n".join(wrap(text(note, lang), console.width))), soft_wrap=True)
        return
    table = Table(show_header=True, header_style="bold")
    for column in ("id", "name", "severity", "what", "house-rules"):
        table.add_column(escape(say(f"rules.column.{column}")), overflow="fold")
    for rule in rules:
        table.add_row(
            rule["id"],
            rule["name"],
            escape(say(f"severity.{rule['severity']}")),
            breaking_text(rule["summary"]),
            ", ".join(rule["house_rules"]),
        )
    console.print(table)
    keys = Table(title=escape(say("rules.keys-title")), show_header=True, header_style="bold")
    for column in ("key", "changes", "default"):
        keys.add_column(escape(say(f"rules.column.{column}")), overflow="fold")
    for key, default in KEYS.items():
        keys.add_row(key, breaking_text(say(f"config.{key}")), escape(yaml_default(default, lang)))
    console.print(keys)
