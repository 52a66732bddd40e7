"""GitHub Actions workflow commands: one ``::error``/``::warning`` annotation per problem, at its line."""

from __future__ import annotations

from collections.abc import Sequence

from ..check.results import DeckResult
from ..messages import DEFAULT_LANG, text
from ..rules import ERROR
from .wording import flat, full_text, omitted_line, row_of, row_text, superseded_line


def _escape_github(text: str, property_value: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if property_value else text


def render_github(results: Sequence[DeckResult], lang: str = DEFAULT_LANG) -> str:
    """One workflow command per problem: ::error file=PATH,line=N,title=DPxxx::message."""
    lines = []
    for result in results:
        path = _escape_github(result.path, property_value=True)
        if result.submission is not None:
            lines.extend(_github_row(result, path, lang))
            continue
        if result.error is not None:
            lines.append(f"::error file={path},title=unreadable::{_escape_github(text(result.error, lang))}")
        for v in result.violations:
            level = "error" if v.severity == ERROR else "warning"
            where = f"file={path}" + (f",line={v.line}" if v.line else "")
            title = _escape_github(f"{v.rule} {v.name}", property_value=True)
            lines.append(f"::{level} {where},title={title}::{_escape_github(flat(full_text(v, lang)))}")
        if result.omitted:
            lines.append(f"::notice file={path},title=omitted::{_escape_github(omitted_line(result, lang))}")
    return "\n".join(lines) + ("\n" if lines else "")


def _github_row(result: DeckResult, path: str, lang: str) -> list[str]:
    """A sheet row's annotations: at the file line of each problem's line in the deck cell (the
    row's line when it has none), each message naming the row, the player and the cell's line.
    A superseded row is one notice: it does not count."""
    submission = row_of(result)
    at_row = f"file={path},line={submission.row_line}"
    if submission.superseded_by is not None:
        return [f"::notice {at_row},title=superseded::{_escape_github(superseded_line(result, lang))}"]
    lines = []
    if result.error is not None:
        lines.append(f"::error {at_row},title=unreadable::{_escape_github(text(result.error, lang))}")
    for v in result.violations:
        level = "error" if v.severity == ERROR else "warning"
        title = _escape_github(f"{v.rule} {v.name}", property_value=True)
        where = f"file={path},line={submission.file_line(v.line or 0)}"
        lines.append(
            f"::{level} "
            f"{where},title={title}::{_escape_github(flat(row_text(result, full_text(v, lang), v.line or 0, lang)))}"
        )
    if result.omitted:
        message = _escape_github(row_text(result, omitted_line(result, lang), 0, lang))
        lines.append(f"::notice {at_row},title=omitted::{message}")
    return lines
