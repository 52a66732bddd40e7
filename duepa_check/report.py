"""Render check results: a table per deck, the JSON contract, GitHub annotations.

Renderers take plain results and return text (or print to a rich Console); they never
decide legality. Only the terminal renderer imports rich, and only when it runs: the other
formats, and text that is not going to a terminal, start without it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import date
from typing import NamedTuple

from . import __version__
from .checker import DeckResult
from .rules import ERROR


class RunInfo(NamedTuple):
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


def json_document(results: Sequence[DeckResult], info: RunInfo) -> dict:
    """The JSON contract as data (design.md): tool, version, regulation, decks, summary."""
    return {
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


def render_json(results: Sequence[DeckResult], info: RunInfo) -> str:
    """The JSON document laid out by lines: a top-level key, a deck, or a violation per line.

    Lines suit `grep` and diffs of two runs, and what is inside a line is written by json's
    C encoder: ``indent=`` would switch to its Python one, a twentieth of a 1,000-deck run.
    """
    dumps = _compact_json
    document = json_document(results, info)
    lines = ["{"]
    for key, value in document.items():
        if key == "decks" and value:
            lines.append('  "decks": [')
            lines.extend(f"    {_deck_lines(deck)}," for deck in value)
            lines[-1] = lines[-1][:-1]
            lines.append("  ],")
        else:
            lines.append(f"  {dumps(key)}: {dumps(value)},")
    lines[-1] = lines[-1][:-1]
    lines.append("}")
    return "\n".join(lines)


_compact_json = json.JSONEncoder(ensure_ascii=False).encode  # one encoder: json.dumps makes one a call


def _deck_lines(deck: dict) -> str:
    """One deck: its fields on the first line, then one line per violation."""
    violations = deck["violations"]
    if not violations:
        return _compact_json(deck)
    head = _compact_json({key: value for key, value in deck.items() if key not in ("violations", "error")})
    rows = ",\n".join(f"      {_compact_json(v)}" for v in violations)
    tail = f', "error": {_compact_json(deck["error"])}' if "error" in deck else ""
    return f'{head[:-1]}, "violations": [\n{rows}\n    ]{tail}}}'


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


# ---------------------------------------------------------------------------- text
#
# Two drawings of the same report: rich on a terminal (colour, cells wrapped to the window) and
# a plain box table everywhere else (files, pipes, CI logs, pre-commit), which does not import
# rich and keeps each problem on one line. What is said comes from the helpers below, so the
# two cannot drift apart.

PROBLEM_COLUMNS = ("rule", "line", "card", "problem", "hint")
SUMMARY_COLUMNS = ("deck", "partner", "civilizations", "verdict", "errors", "warnings")
CIVILIZATION_STYLES = {"光": "yellow", "水": "blue", "闇": "bright_black", "火": "red", "自然": "green", "無色": "white"}


def _shown(result: DeckResult, quiet: bool) -> bool:
    """Unreadable files were already said on stderr; --quiet drops decks with nothing to say."""
    if result.error is not None:
        return False
    return not (quiet and result.legal and not result.violations)


def _many(count: int, noun: str) -> str:
    return f"{count} {noun}{'s' * (count != 1)}"


def _counts(result: DeckResult) -> str:
    return f"{_many(result.errors, 'error')}, {_many(result.warnings, 'warning')}"


def _summary_verdict(result: DeckResult) -> str:
    return "legal" if result.legal else ("unreadable" if result.error else "not legal")


def _totals_line(results: Sequence[DeckResult]) -> str:
    totals = summary(results)
    unreadable = f", {totals['unreadable']} unreadable" if totals["unreadable"] else ""
    return (
        f"{_many(totals['decks'], 'deck')}: {totals['legal']} legal, {_many(totals['errors'], 'error')}, "
        f"{_many(totals['warnings'], 'warning')}{unreadable}"
    )


def _data_line(info: RunInfo) -> str:
    return f"regulation as of {info.as_of} (data up to {info.data_date}, {info.data_source})"


def _footer_wanted(results: Sequence[DeckResult], quiet: bool) -> bool:
    return not quiet and any(result.error is None for result in results)  # nothing was judged otherwise


def _civilizations(civilizations: Sequence[str]) -> str:
    return " ".join(civilizations) or "無色"


# A cell shows control characters (from a broken decklist line) as U+FFFD: raw, an ESC or a C1
# CSI would drive the reader's terminal and a newline or line separator would break the row.
_VISIBLE = {code: "\ufffd" for code in (*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029)}


def flat(text: str) -> str:
    return text.translate(_VISIBLE)


def render_plain(results: Sequence[DeckResult], info: RunInfo, quiet: bool = False) -> str:
    """The text report without rich or colour: header, problem table, verdict per deck."""
    from .boxtable import box_table

    out: list[str] = []
    for result in results:
        if not _shown(result, quiet):
            continue
        partner = result.partner
        who = f"《{partner.name}》 {_civilizations(partner.civilizations)}" if partner else "none"
        out.append(f"{result.path}  partner {who}  cards {result.card_count}")
        if result.violations:
            rows = [
                (v.rule, str(v.line) if v.line else "", flat(v.card or ""), flat(v.message), flat(v.hint))
                for v in result.violations
            ]
            out.append(box_table(PROBLEM_COLUMNS, rows))
        out.append(("✔ legal" if result.legal else "✘ not legal") + f" ({_counts(result)})")
    if len(results) > 1:
        rows = [
            (
                r.path,
                r.partner.name if r.partner else "",
                _civilizations(r.partner.civilizations) if r.partner else "",
                _summary_verdict(r),
                str(r.errors),
                str(r.warnings),
            )
            for r in results
        ]
        out.append(box_table(SUMMARY_COLUMNS, rows, title="summary"))
        out.append(_totals_line(results))
    if _footer_wanted(results, quiet):
        out.append(_data_line(info))
    return "".join(line + "\n" for line in out)


def civilization_markup(civilizations: Sequence[str]) -> str:
    if not civilizations:
        return "[white]無色[/]"
    return " ".join(f"[{CIVILIZATION_STYLES[c]}]{c}[/]" for c in civilizations)


def render_text(console, results: Sequence[DeckResult], info: RunInfo, quiet: bool = False) -> None:
    """The text report drawn by rich on ``console``: colour, and cells wrapped to its width."""
    from rich.markup import escape

    for result in results:
        if not _shown(result, quiet):
            continue
        # The header is printed even with --quiet: a table of problems must say which deck it is about.
        partner = result.partner
        who = f"《{escape(partner.name)}》 {civilization_markup(partner.civilizations)}" if partner else "[red]none[/]"
        console.print(f"[bold]{escape(result.path)}[/]  partner {who}  cards {result.card_count}")
        if result.violations:
            from rich.table import Table  # here: a legal deck's report has no table to import

            table = Table(show_header=True, header_style="bold", expand=False, show_lines=False)
            for column in PROBLEM_COLUMNS:
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
        if result.legal:
            console.print(f"[bold green]✔ legal[/] ({_counts(result)})")
        else:
            console.print(f"[bold red]✘ not legal[/] ({_counts(result)})")
    if len(results) > 1:
        render_summary_table(console, results)
    if _footer_wanted(results, quiet):
        console.print(_data_line(info), style="dim", markup=False)


def render_summary_table(console, results: Sequence[DeckResult]) -> None:
    from rich.markup import escape
    from rich.table import Table

    table = Table(title="summary", show_header=True, header_style="bold")
    for column in SUMMARY_COLUMNS:
        table.add_column(column, overflow="fold")
    for result in results:
        partner = result.partner
        verdict = _summary_verdict(result)
        table.add_row(
            escape(result.path),
            escape(partner.name) if partner else "",
            civilization_markup(partner.civilizations) if partner else "",
            f"[green]{verdict}[/]" if result.legal else f"[red]{verdict}[/]",
            str(result.errors),
            str(result.warnings),
        )
    console.print(table)
    console.print(_totals_line(results), markup=False)
