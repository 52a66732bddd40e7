"""A check's findings as an editor shows them: where each goes, its words, what its fixes need.

A finding about a card covers that card's name as written in its line (several entries on one line
are found in order, each after the one before); a finding about a line covers the line's text; a
finding about the whole deck (no line) goes on the first line. The findings are the check's own, in
its order, so the editor shows exactly what ``duepa-check`` prints; past the report's cap, one
Information line says how many more there are.
"""

from __future__ import annotations

from typing import NamedTuple

from ..messages import text
from .positions import Span

ERROR, WARNING, INFORMATION = "error", "warning", "information"
SOURCE = "duepa-check"


class Diagnostic(NamedTuple):
    """One diagnostic in code points; ``data`` is what the code actions read back."""

    span: Span
    severity: str
    code: str | None
    message: str
    data: dict | None = None


def line_extent(line: str, number: int) -> Span:
    """The text of a line, without the blanks around it (an empty line: its start)."""
    start = len(line) - len(line.lstrip())
    end = len(line.rstrip())
    return Span(number, start, number, max(start, end))


def entry_spans(deck, text: str) -> dict[int, list[tuple[object, tuple[int, int]]]]:
    """Per 1-based line, each entry on it with the span of its name (``reading.name_spans``)."""
    from ..reading.name_spans import entry_spans as spans

    found: dict[int, list] = {}
    if deck is not None:
        for entry, span in spans(text, deck.entries):
            if span is not None:
                found.setdefault(entry.line, []).append((entry, (span.start, span.end)))
    return found


def _card_names(deck) -> dict[int, str]:
    """id of each resolved entry → the official name of its card (a finding names that card)."""
    return {id(deck_card.entry): deck_card.card.name for deck_card in deck.cards} if deck is not None else {}


def place(violation, deck, lines: list[str], spans: dict, names: dict[int, str]) -> Span:
    """Where a finding goes (see the module's docstring)."""
    if violation.line is None or not 0 < violation.line <= len(lines):
        return line_extent(lines[0] if lines else "", 0)
    number = violation.line - 1
    if violation.card:
        for entry, (start, end) in spans.get(violation.line, ()):
            if violation.card in (entry.name, names.get(id(entry))):
                return Span(number, start, number, end)
    return line_extent(lines[number], number)


def diagnostics(deck, result, source: str, lines: list[str], lang: str) -> list[Diagnostic]:
    """The result's findings, each placed and worded; an unreadable text is one diagnostic on line 1."""
    if result.error is not None:
        return [Diagnostic(line_extent(lines[0] if lines else "", 0), ERROR, None, text(result.error, lang))]
    spans = entry_spans(deck, source)
    names = _card_names(deck)
    found = []
    for violation in result.violations:
        message, hint = violation.texts(lang)
        found.append(
            Diagnostic(
                place(violation, deck, lines, spans, names),
                violation.severity,
                violation.rule,
                f"{message}\n{hint}" if hint else message,
                {"rule": violation.rule, "line": violation.line, "card": violation.card},
            )
        )
    if result.omitted:
        from ..report.wording import omitted_line

        found.append(
            Diagnostic(line_extent(lines[0] if lines else "", 0), INFORMATION, None, omitted_line(result, lang))
        )
    return found


def information(message: str, lines: list[str]) -> Diagnostic:
    """One Information diagnostic on the first line (a document too large to check as you type)."""
    return Diagnostic(line_extent(lines[0] if lines else "", 0), INFORMATION, None, message)
