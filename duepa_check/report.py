"""Render check results: a rich table per deck, the JSON contract, GitHub annotations.

Renderers take plain results and return text (or print to a rich Console); they never
decide legality. Only the text renderer imports rich, and only when it runs, so the JSON
and GitHub formats start faster.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from . import __version__
from .checker import DeckResult
from .rules import ERROR


@dataclass(frozen=True)
class RunInfo:
    """What the whole run used: the check date and the data behind it."""

    as_of: date
    data_date: date
    data_source: str  # "embedded" or the user data dir


def summary(results: Sequence[DeckResult]) -> dict[str, int]:
    return {
        "decks": len(results),
        "legal": sum(r.legal for r in results),
        "errors": sum(r.errors for r in results),
        "warnings": sum(r.warnings for r in results),
        "unreadable": sum(r.error is not None for r in results),
    }


def deck_json(result: DeckResult) -> dict:
    partner = result.partner
    data: dict = {
        "path": result.path,
        "legal": result.legal,
        "partner": (
            {"name": partner.name, "civilizations": list(partner.civilizations)} if partner else None
        ),
        "card_count": result.card_count,
        "violations": [v.to_json() for v in result.violations],
    }
    if result.error is not None:
        data["error"] = result.error
    return data


def render_json(results: Sequence[DeckResult], info: RunInfo) -> str:
    document = {
        "tool": "duepa-check",
        "version": __version__,
        "regulation": {
            "as_of": info.as_of.isoformat(),
            "data_date": info.data_date.isoformat(),
            "data_source": info.data_source,
        },
        "decks": [deck_json(r) for r in results],
        "summary": summary(results),
    }
    return json.dumps(document, ensure_ascii=False, indent=2)


def _escape_github(text: str, property_value: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if property_value else text


def render_github(results: Sequence[DeckResult]) -> str:
    """One workflow command per problem: ::error file=PATH,line=N,title=DPxxx::message."""
    lines = []
    for result in results:
        path = _escape_github(result.path, property_value=True)
        if result.error is not None:
            lines.append(f"::error file={path},title=unreadable::{_escape_github(result.error)}")
        for v in result.violations:
            level = "error" if v.severity == ERROR else "warning"
            where = f"file={path}" + (f",line={v.line}" if v.line else "")
            text = v.message + (f" (hint: {v.hint})" if v.hint else "")
            title = _escape_github(f"{v.rule} {v.name}", property_value=True)
            lines.append(f"::{level} {where},title={title}::{_escape_github(text)}")
    return "\n".join(lines) + ("\n" if lines else "")


# ---------------------------------------------------------------------------- text (rich)

CIVILIZATION_STYLES = {"光": "yellow", "水": "blue", "闇": "bright_black", "火": "red", "自然": "green", "無色": "white"}


def civilization_markup(civilizations: Sequence[str]) -> str:
    if not civilizations:
        return "[white]無色[/]"
    return " ".join(f"[{CIVILIZATION_STYLES[c]}]{c}[/]" for c in civilizations)


def render_text(console, results: Sequence[DeckResult], info: RunInfo, quiet: bool = False) -> None:
    """A header, a table of problems and a verdict per deck; a summary table for several."""
    from rich.markup import escape
    from rich.table import Table

    for result in results:
        if quiet and result.legal and not result.violations:
            continue
        if result.error is not None:  # the CLI has said it on stderr, one line, like usage errors
            continue
        # The header is printed even with --quiet: a table of problems must say which deck it is about.
        partner = result.partner
        who = f"《{escape(partner.name)}》 {civilization_markup(partner.civilizations)}" if partner else "[red]none[/]"
        console.print(f"[bold]{escape(result.path)}[/]  partner {who}  cards {result.card_count}")
        if result.violations:
            table = Table(show_header=True, header_style="bold", expand=False, show_lines=False)
            for column in ("rule", "line", "card", "problem", "hint"):
                table.add_column(column, overflow="fold")
            for v in result.violations:
                style = "red" if v.severity == ERROR else "yellow"
                table.add_row(
                    f"[{style}]{v.rule}[/]",
                    str(v.line) if v.line else "",
                    escape(v.card or ""),
                    escape(v.message),
                    f"[dim]{escape(v.hint)}[/]",
                )
            console.print(table)
        console.print(_verdict(result))
    if len(results) > 1:
        render_summary_table(console, results)
    if not quiet and any(result.error is None for result in results):  # nothing was judged otherwise
        console.print(
            f"[dim]regulation as of {info.as_of} (data up to {info.data_date}, {escape(info.data_source)})[/]"
        )


def _verdict(result: DeckResult) -> str:
    counts = f"{result.errors} error{'s' * (result.errors != 1)}, {result.warnings} warning{'s' * (result.warnings != 1)}"
    if result.legal:
        return f"[bold green]✔ legal[/] ({counts})"
    return f"[bold red]✘ not legal[/] ({counts})"


def render_summary_table(console, results: Sequence[DeckResult]) -> None:
    from rich.markup import escape
    from rich.table import Table

    table = Table(title="summary", show_header=True, header_style="bold")
    for column in ("deck", "partner", "civilizations", "verdict", "errors", "warnings"):
        table.add_column(column, overflow="fold")
    for result in results:
        partner = result.partner
        verdict = "[green]legal[/]" if result.legal else ("[red]unreadable[/]" if result.error else "[red]not legal[/]")
        table.add_row(
            escape(result.path),
            escape(partner.name) if partner else "",
            civilization_markup(partner.civilizations) if partner else "",
            verdict,
            str(result.errors),
            str(result.warnings),
        )
    console.print(table)
    totals = summary(results)
    console.print(
        f"{totals['decks']} decks: {totals['legal']} legal, {totals['errors']} errors, "
        f"{totals['warnings']} warnings" + (f", {totals['unreadable']} unreadable" if totals["unreadable"] else "")
    )
