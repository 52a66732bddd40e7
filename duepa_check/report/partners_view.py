"""`duepa-check partners`: which cards could lead a deck, shown.

What is eligible and how candidates rank is ``partner_candidates``'s (the DP003/DP004 hints use it
too); reading the deck and its house rules is ``check.advise``'s; this module is the command's
text view and its stderr notes (its JSON is ``json_doc``'s).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..analysis.partner_candidates import Advice, Candidate
from ..check.results import MAX_REPORTED
from ..messages import DEFAULT_LANG, Listed, msg, text
from ..printable import printable

if TYPE_CHECKING:
    from rich.console import JustifyMethod

TEXT_ROWS = 25  # the text view shows this many candidates; JSON lists every one


def not_counted_notes(advice: Advice, lang: str = DEFAULT_LANG) -> list[str]:
    """One line per deck line whose colours were not counted (stderr beside the JSON), the first
    MAX_NOTES of them and a count of the rest."""
    notes = [
        text(msg("partners.not-counted.note", deck=advice.deck, line=s.line, text=s.text, why=s.why), lang)
        for s in advice.not_counted[:MAX_NOTES]
    ]
    if len(advice.not_counted) > MAX_NOTES:
        notes.append(
            text(msg("partners.not-counted.more", deck=advice.deck, count=len(advice.not_counted) - MAX_NOTES), lang)
        )
    return notes


MAX_NOTES = MAX_REPORTED  # as check lists 500 problems: a 1 MB file of unknown names is 27,000 lines nobody reads


def render_advice(console, advice: Advice, lang: str = DEFAULT_LANG, rows: int = TEXT_ROWS) -> None:
    """The candidates in two tables (in the deck, from the pool), and every line not counted."""
    from rich.markup import escape

    from ..linebreak import breaking_line, fit_table
    from .wording import cell, civilization_markup

    def say(markup: str) -> None:  # a line of the view, broken where a reader expects (linebreak)
        console.print(breaking_line(markup))

    def words(key: str, **args) -> str:
        return cell(text(msg(key, **args), lang))

    needed = civilization_markup(advice.civilizations_needed)
    rule = words("partners.rule", minimum=advice.min_cost, as_of=advice.as_of)
    say(f"[bold]{escape(printable(advice.deck))}[/]  {words('partners.needs')} {needed}  [dim]{rule}[/]")
    for s in advice.not_counted[:MAX_NOTES]:
        say(f"[yellow]{words('partners.not-counted', line=s.line, text=s.text, why=s.why)}[/]")
    if len(advice.not_counted) > MAX_NOTES:
        more = len(advice.not_counted) - MAX_NOTES
        say(f"[yellow]{words('partners.not-counted.more', deck=printable(advice.deck), count=more)}[/]")
    groups = [("in-deck", [c for c in advice.candidates if c.in_deck])]
    if advice.pool_searched:
        groups.append(("pool", [c for c in advice.candidates if not c.in_deck]))
    for group, candidates in groups:
        if not candidates:
            say(f"[dim]{words(f'partners.group.{group}.empty')}[/]")
            continue
        title = words(f"partners.group.{group}", count=len(candidates))
        table = _table(title, candidates[:rows], lang)
        if fit_table(console, table):
            console.print(table)
        else:  # a terminal too narrow for the table's words: a candidate a line
            say(f"[italic]{title}[/]")
            for number, candidate in enumerate(candidates[:rows], start=1):
                say(_stacked(number, candidate, lang))
        if len(candidates) > rows:
            say(f"[dim]{words('partners.more', count=len(candidates) - rows)}[/]")
    line = cell(summary_line(advice, lang))
    say(f"[green]{line}[/]" if advice.working else f"[red]{line}[/]")


def _table(title: str, candidates: list[Candidate], lang: str):
    from rich.markup import escape
    from rich.table import Table

    from ..linebreak import breaking_markup
    from .wording import cell, civilization_markup

    table = Table(title=title, title_justify="left", show_header=True, header_style="bold")
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("number", "right"),
        ("partner", "left"),
        ("civilizations", "left"),
        ("cost", "right"),
        ("off-colour", "right"),
    )
    for column, justify in columns:
        table.add_column(escape(text(msg(f"column.{column}"), lang)), justify=justify, overflow="fold")
    for number, candidate in enumerate(candidates, start=1):
        off = candidate.off_civilization
        table.add_row(
            str(number),
            breaking_markup(f"《{cell(candidate.name)}》"),  # Japanese by character, kinsoku kept
            civilization_markup(candidate.civilizations),
            str(candidate.cost),
            "[green]0[/]" if off == 0 else f"[red]{off}[/]",
        )
    return table


def _stacked(number: int, candidate: Candidate, lang: str) -> str:
    """A candidate on a line of its own: "1  《NAME》 火 自然  コスト 10  文明から外れるカード 0"."""
    from rich.markup import escape

    from .wording import cell, civilization_markup

    def title(column: str) -> str:
        return escape(text(msg(f"column.{column}"), lang))

    off = candidate.off_civilization
    return (
        f"{number}  《{cell(candidate.name)}》 {civilization_markup(candidate.civilizations)}  "
        f"{title('cost')} {candidate.cost}  {title('off-colour')} {'[green]0[/]' if off == 0 else f'[red]{off}[/]'}"
    )


def summary_line(advice: Advice, lang: str = DEFAULT_LANG) -> str:
    """One line: how many candidates make the deck colour-legal, and what to try otherwise."""
    working = advice.working
    in_deck = sum(c.in_deck for c in working)
    if working:
        parts = []
        if in_deck:
            parts.append(msg("partners.working.in-deck", count=in_deck))
        if len(working) > in_deck:
            parts.append(msg("partners.working.pool", count=len(working) - in_deck))
        return text(msg("partners.working", where=Listed(tuple(parts), "sep.and")), lang)
    if not advice.candidates:
        key = "partners.none.deck-or-pool" if advice.pool_searched else "partners.none.deck"
    else:
        key = "partners.none-working"
    line = msg(key)
    if not advice.pool_searched:
        line = msg("partners.try-pool", line=line)
    return text(line, lang)
