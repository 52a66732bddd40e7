"""The words every report shares: the run's counts, how a deck and a sheet row are named, the
verdict and totals lines, the column titles, and text from the input made safe to draw.

Each format has its own module (``text``, ``json_doc``, ``github``, ``sarif``, ``html_page``);
what two of them say alike is said here once, so they cannot drift apart. Every word comes from
the message catalogues (``duepa_check.messages``) in the run's language (``RunInfo.lang``).
Nothing here imports rich but ``cell``, and only when it runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..check.results import DeckResult, RunInfo
from ..messages import DEFAULT_LANG, Listed, Msg, line_numbers, msg, plural, text
from ..printable import BIDI_CONTROLS
from ..rules import Violation

if TYPE_CHECKING:
    from ..reading.sheet import Submission


def summary(results: Sequence[DeckResult]) -> dict[str, int]:
    """The run's counts, each result's problems counted once (``legal`` and ``errors`` would each
    count them again: a thousand decks, every report)."""
    legal = errors = warnings = unreadable = superseded = 0
    for result in results:
        if not result.counted:
            superseded += 1  # a player's earlier submission: listed, not counted
            continue
        found = result.errors
        errors += found
        warnings += result.warnings
        if result.error is not None:
            unreadable += 1
        elif found == 0:
            legal += 1  # DeckResult.legal
    return {
        "decks": len(results) - superseded,
        "legal": legal,
        "errors": errors,
        "warnings": warnings,
        "unreadable": unreadable,
    }


def unchecked_rows(results: Sequence[DeckResult]) -> int:
    """How many of ``summary``'s unreadable decks are rows of a sheet (an empty or oversized deck
    cell): a deck that could not be checked, not a file that could not be read. JSON keeps one
    ``unreadable`` count (a contract); the words tell the two apart."""
    return sum(1 for r in results if r.counted and r.error is not None and r.submission is not None)


def full_text(violation: Violation, lang: str = DEFAULT_LANG) -> str:
    """The message with its hint in parentheses: one string, for GitHub annotations and SARIF."""
    message, hint = violation.texts(lang)
    return text(msg("report.with-hint", message=message, hint=hint), lang) if hint else message


# ---------------------------------------------------------------------------- sheet rows


def row_of(result: DeckResult) -> Submission:
    """The submission of a sheet row's result: what the row functions are given (a deck file's
    result has none, and is never given to them)."""
    if result.submission is None:
        raise ValueError(f"{result.path}: a deck file's result, not a sheet row's")
    return result.submission


def place_text(result: DeckResult, lang: str) -> str:
    """How reports name a deck: its path, or for a sheet row "responses.csv, row 5 (たろう)"."""
    if result.submission is None:
        return result.path
    return text(result.submission.place(result.path), lang)


def row_text(result: DeckResult, message: str, line: int, lang: str) -> str:
    """A message about a sheet row's deck, saying the row, the player and the line in the deck cell."""
    where = place_text(result, lang)
    if line:
        return text(msg("sheet.at-line", place=where, line=line, message=message), lang)
    return text(msg("sheet.at-row", place=where, message=message), lang)


def superseded_line(result: DeckResult, lang: str) -> str:
    return text(msg("sheet.superseded", place=place_text(result, lang), by=row_of(result).superseded_by), lang)


def superseded_count_line(results: Sequence[DeckResult], lang: str) -> str | None:
    count = sum(not result.counted for result in results)
    return text(msg(plural("sheet.superseded.count", count), count=count), lang) if count else None


# ---------------------------------------------------------------------------- a deck, the run


PROBLEM_COLUMNS = ("rule", "line", "card", "problem", "hint")  # catalogue keys column.*
SUMMARY_COLUMNS = ("deck", "partner", "civilizations", "verdict", "errors", "warnings")
CIVILIZATION_STYLES = {
    "光": "yellow",
    "水": "blue",
    "闇": "bright_black",
    "火": "red",
    "自然": "green",
    "無色": "white",
}


def _many(noun: str, count: int) -> Msg:
    """ "3 errors" / "エラー3件": ``count.NOUN.one``/``.other`` in the catalogue."""
    return msg(plural(f"count.{noun}", count), count=count)


def counts_line(result: DeckResult, lang: str) -> str:
    return text(
        msg("report.counts", errors=_many("error", result.errors), warnings=_many("warning", result.warnings)), lang
    )


def summary_verdict(result: DeckResult, lang: str) -> str:
    if not result.counted:
        return text(msg("sheet.superseded.verdict", by=row_of(result).superseded_by), lang)
    if result.error is not None:
        return text(msg("summary.unreadable" if result.submission is None else "summary.unchecked"), lang)
    return text(msg("summary.legal" if result.legal else "summary.not-legal"), lang)


def totals_line(results: Sequence[DeckResult], lang: str) -> str:
    totals = summary(results)
    unchecked = unchecked_rows(results) if totals["unreadable"] else 0
    unreadable = totals["unreadable"] - unchecked
    key = (
        ("report.totals.both" if unchecked else "report.totals.unreadable")
        if unreadable
        else ("report.totals.unchecked" if unchecked else "report.totals")
    )
    line = msg(
        key,
        decks=_many("deck", totals["decks"]),
        legal=totals["legal"],
        errors=_many("error", totals["errors"]),
        warnings=_many("warning", totals["warnings"]),
        unreadable=unreadable,
        unchecked=unchecked,
    )
    return text(line, lang)


def data_line(info: RunInfo) -> str:
    source = msg("data.embedded") if info.data_source == "embedded" else info.data_source
    return text(msg("report.data", as_of=info.as_of, data_date=info.data_date, source=source), info.lang)


def omitted_line(result: DeckResult, lang: str, shown: int | None = None) -> str:
    """What every format says when a deck has more problems than are listed (the text report may
    list fewer than were kept: ``shown``)."""
    listed = len(result.violations) if shown is None else shown
    count = result.omitted + len(result.violations) - listed
    return text(msg(plural("report.omitted", count), count=count, shown=listed), lang)


def not_read_line(result: DeckResult, lang: str) -> str:
    """Which lines were read as remarks, not cards (a title, a note): the player can see none was lost."""
    lines = result.not_read
    return text(msg(plural("report.not-read", len(lines)), lines=line_numbers(lines)), lang)


def column_titles(keys: Sequence[str], lang: str) -> tuple[str, ...]:
    return tuple(text(msg(f"column.{key}"), lang) for key in keys)


# A cell shows control characters (from a broken decklist line) as U+FFFD: raw, an ESC or a C1
# CSI would drive the reader's terminal and a newline or line separator would break the row.
_VISIBLE = {code: "\ufffd" for code in (*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029)}
_VISIBLE[0x09] = " "  # a tab in a pasted list is a space to the player, not a broken character
# A bidi control is no broken character but an invisible one that reorders the cell: written as
# ``printable`` writes it (``\u202e``), so the reader sees that it is there and which it is.
_VISIBLE.update({ord(control): f"\\u{ord(control):04x}" for control in BIDI_CONTROLS})


def flat(text: str) -> str:
    return text.translate(_VISIBLE)


def cell(text: str) -> str:
    """Text from the input for rich: shown as the plain drawing shows it (``flat``), its ``[`` never
    read as markup. Every text of a decklist, a sheet or the command line that rich draws goes
    through this (or ``printable`` and rich's ``escape``, for a name of a file)."""
    from rich.markup import escape

    return escape(text if text.isprintable() else flat(text))


def civilization_markup(civilizations: Sequence[str], lang: str = DEFAULT_LANG, known: bool = True) -> str:
    if not known:
        return f"[dim]{text(msg('civilization.unknown'), lang)}[/]"
    if not civilizations:
        return f"[white]{text(msg('civilization.colorless'), lang)}[/]"
    return text(
        Listed(tuple(f"[{CIVILIZATION_STYLES[c]}]{c}[/]" for c in civilizations), "sep.civilizations.words"), lang
    )
