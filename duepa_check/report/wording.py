"""Render check results: a table per deck, the JSON contract, GitHub annotations.

Renderers take plain results and return text (or print to a rich Console); they never
decide legality. Every word comes from the message catalogues (``duepa_check.messages``) in
the run's language (``RunInfo.lang``); JSON keys, rule ids and names never change with it. Only the terminal renderer imports rich, and only when it runs: the other
formats, and text that is not going to a terminal, start without it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from .. import __version__
from ..check.results import DeckResult, RunInfo
from ..messages import DEFAULT_LANG, Listed, Msg, msg, plural, text
from ..printable import BIDI_CONTROLS, json_safe
from ..rules import ERROR, Violation


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
    return {"decks": len(results) - superseded, "legal": legal, "errors": errors, "warnings": warnings, "unreadable": unreadable}


def unchecked_rows(results: Sequence[DeckResult]) -> int:
    """How many of ``summary``'s unreadable decks are rows of a sheet (an empty or oversized deck
    cell): a deck that could not be checked, not a file that could not be read. JSON keeps one
    ``unreadable`` count (a contract); the words tell the two apart."""
    return sum(1 for r in results if r.counted and r.error is not None and r.submission is not None)


def deck_json(result: DeckResult, lang: str = DEFAULT_LANG) -> dict:
    partner = result.partner
    data: dict = {
        "path": result.path,
        "legal": result.legal,
        "partner": (
            {"name": partner.name, "civilizations": list(partner.civilizations)} if partner else None
        ),
        "card_count": result.card_count,
        "config": result.config,
        "violations": [v.to_json(lang) for v in result.violations],
    }
    if result.omitted:
        data["omitted"] = result.omitted  # problems found past the first MAX_REPORTED, not listed
    if result.error is not None:
        data["error"] = text(result.error, lang)
    if result.submission is not None:  # a row of a submission sheet: where in the sheet, whether it counts
        data = {"path": data.pop("path"), "submission": result.submission.to_json(), **data}
    return data


def json_document(results: Sequence[DeckResult], info: RunInfo) -> dict:
    """The JSON contract as data (design.md): tool, version, regulation, decks, summary."""
    return {
        "tool": "duepa-check",
        "version": __version__,
        "regulation": {
            "as_of": info.as_of.isoformat(),
            "data_date": info.data_date.isoformat(),
            "data_source": text(info.data_source, "en"),
        },
        "decks": [deck_json(r, info.lang) for r in results],
        "summary": summary(results),
    }


def render_json(results: Sequence[DeckResult], info: RunInfo) -> str:
    """The JSON document laid out by lines: a top-level key, a deck, or a violation per line.

    Lines suit `grep` and diffs of two runs, and what is inside a line is written by json's
    C encoder: ``indent=`` would switch to its Python one, a twentieth of a 1,000-deck run.
    """
    document = json_document(results, info)
    lines = ["{"]
    for key, value in document.items():
        if key == "decks" and value:
            lines.append('  "decks": [')
            lines.extend(f"    {_deck_lines(deck)}," for deck in value)
            lines[-1] = lines[-1][:-1]
            lines.append("  ],")
        else:
            lines.append(f"  {_json(key)}: {_json(value)},")
    lines[-1] = lines[-1][:-1]
    lines.append("}")
    return json_safe("\n".join(lines))


def _json(value: object) -> str:
    """One value on one line, as JSON, non-ASCII text as it is."""
    return json.dumps(value, ensure_ascii=False)


def _deck_lines(deck: dict) -> str:
    """One deck: its fields on the first line, then one line per violation."""
    violations = deck["violations"]
    if not violations:
        return _json(deck)
    head = _json({key: value for key, value in deck.items() if key not in ("violations", "omitted", "error")})
    rows = ",\n".join(f"      {_json(v)}" for v in violations)
    tail = "".join(f', "{key}": {_json(deck[key])}' for key in ("omitted", "error") if key in deck)
    return f'{head[:-1]}, "violations": [\n{rows}\n    ]{tail}}}'


def _escape_github(text: str, property_value: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if property_value else text


def full_text(violation: Violation, lang: str = DEFAULT_LANG) -> str:
    """The message with its hint in parentheses: one string, for GitHub annotations and SARIF."""
    message, hint = violation.texts(lang)
    return text(msg("report.with-hint", message=message, hint=hint), lang) if hint else message


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
    submission = result.submission
    at_row = f"file={path},line={submission.row_line}"
    if submission.superseded_by is not None:
        return [f"::notice {at_row},title=superseded::{_escape_github(superseded_line(result, lang))}"]
    lines = []
    if result.error is not None:
        lines.append(f"::error {at_row},title=unreadable::{_escape_github(text(result.error, lang))}")
    for v in result.violations:
        level = "error" if v.severity == ERROR else "warning"
        title = _escape_github(f"{v.rule} {v.name}", property_value=True)
        where = f"file={path},line={submission.file_line(v.line)}"
        lines.append(f"::{level} {where},title={title}::{_escape_github(flat(row_text(result, full_text(v, lang), v.line, lang)))}")
    if result.omitted:
        message = _escape_github(row_text(result, omitted_line(result, lang), 0, lang))
        lines.append(f"::notice {at_row},title=omitted::{message}")
    return lines


# ---------------------------------------------------------------------------- sheet rows


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
    return text(msg("sheet.superseded", place=place_text(result, lang), by=result.submission.superseded_by), lang)


def _superseded_count_line(results: Sequence[DeckResult], lang: str) -> str | None:
    count = sum(not result.counted for result in results)
    return text(msg(plural("sheet.superseded.count", count), count=count), lang) if count else None


# ---------------------------------------------------------------------------- text
#
# Two drawings of the same report: rich on a terminal (colour, cells wrapped to the window) and
# a plain box table everywhere else (files, pipes, CI logs, pre-commit), which does not import
# rich and keeps each problem on one line. What is said comes from the helpers below, so the
# two cannot drift apart.

PROBLEM_COLUMNS = ("rule", "line", "card", "problem", "hint")  # catalogue keys column.*
SUMMARY_COLUMNS = ("deck", "partner", "civilizations", "verdict", "errors", "warnings")
CIVILIZATION_STYLES = {"光": "yellow", "水": "blue", "闇": "bright_black", "火": "red", "自然": "green", "無色": "white"}


def _shown(result: DeckResult, quiet: bool) -> bool:
    """Unreadable files were already said on stderr; --quiet drops decks with nothing to say."""
    if result.error is not None:
        return False
    return not (quiet and result.legal and not result.violations)


def _many(noun: str, count: int) -> Msg:
    """"3 errors" / "エラー3件": ``count.NOUN.one``/``.other`` in the catalogue."""
    return msg(plural(f"count.{noun}", count), count=count)


def _counts(result: DeckResult, lang: str) -> str:
    return text(msg("report.counts", errors=_many("error", result.errors), warnings=_many("warning", result.warnings)), lang)


def _verdict_line(result: DeckResult, lang: str, verdict: str | None = None) -> str:
    """"✔ legal (0 errors, 1 warning)"; ``verdict`` replaces the verdict words (rich adds markup)."""
    if verdict is None:
        verdict = text(msg("report.verdict.legal" if result.legal else "report.verdict.not-legal"), lang)
    return text(msg("report.verdict", verdict=verdict, counts=_counts(result, lang)), lang)


def _summary_verdict(result: DeckResult, lang: str) -> str:
    if not result.counted:
        return text(msg("sheet.superseded.verdict", by=result.submission.superseded_by), lang)
    if result.error is not None:
        return text(msg("summary.unreadable" if result.submission is None else "summary.unchecked"), lang)
    return text(msg("summary.legal" if result.legal else "summary.not-legal"), lang)


def _totals_line(results: Sequence[DeckResult], lang: str) -> str:
    totals = summary(results)
    unchecked = unchecked_rows(results) if totals["unreadable"] else 0
    unreadable = totals["unreadable"] - unchecked
    key = ("report.totals.both" if unchecked else "report.totals.unreadable") if unreadable else (
        "report.totals.unchecked" if unchecked else "report.totals")
    line = msg(
        key, decks=_many("deck", totals["decks"]), legal=totals["legal"], errors=_many("error", totals["errors"]),
        warnings=_many("warning", totals["warnings"]), unreadable=unreadable, unchecked=unchecked,
    )
    return text(line, lang)


def _data_line(info: RunInfo) -> str:
    source = msg("data.embedded") if info.data_source == "embedded" else info.data_source
    return text(msg("report.data", as_of=info.as_of, data_date=info.data_date, source=source), info.lang)


def _header(result: DeckResult, lang: str, path: str, partner: str | None = None, config: str | None = None) -> str:
    """"PATH  partner 《NAME》 火 自然  cards 60", then the house-rules file when one applied;
    rich passes its marked-up path, partner and config."""
    if partner is None:
        found = result.partner
        partner = (
            text(msg("report.partner", name=found.name, civilizations=_civilizations(found.civilizations, found.complete)), lang)
            if found else text(msg("report.no-partner"), lang)
        )
    header = msg("report.header", path=path, partner=partner, count=result.card_count)
    if result.config:
        header = msg("report.header.house-rules", header=header, config=config or result.config)
    return text(header, lang)


def omitted_line(result: DeckResult, lang: str) -> str:
    """What every format says when a deck has more problems than are listed."""
    return text(msg(plural("report.omitted", result.omitted), count=result.omitted, shown=len(result.violations)), lang)


def _columns(keys: Sequence[str], lang: str) -> tuple[str, ...]:
    return tuple(text(msg(f"column.{key}"), lang) for key in keys)


def _footer_wanted(results: Sequence[DeckResult], quiet: bool) -> bool:
    return not quiet and any(result.error is None for result in results)  # nothing was judged otherwise


def _civilizations(civilizations: Sequence[str], known: bool = True) -> Listed | Msg:
    """A partner's civilizations in words: 無色 for none, "unknown" for a card with no data yet."""
    if not known:
        return Msg("civilization.unknown", {})
    return Listed(tuple(civilizations), "sep.civilizations.words", "civilization.colorless")


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


def render_plain(results: Sequence[DeckResult], info: RunInfo, quiet: bool = False) -> str:
    """The text report without rich or colour: header, problem table, verdict per deck."""
    from .boxtable import box_table

    lang = info.lang
    out: list[str] = []
    for result in results:
        if not result.counted:
            if not quiet:
                out.append(superseded_line(result, lang))
            continue
        if not _shown(result, quiet):
            continue
        out.append(_header(result, lang, place_text(result, lang)))
        if result.violations:
            rows = []
            for v in result.violations:
                message, hint = v.texts(lang)
                rows.append((v.rule, str(v.line) if v.line else "", flat(v.card or ""), flat(message), flat(hint)))
            out.append(box_table(_columns(PROBLEM_COLUMNS, lang), rows))
        if result.omitted:
            out.append(omitted_line(result, lang))
        out.append(_verdict_line(result, lang))
    if len(results) > 1:
        rows = [
            (
                place_text(r, lang),
                r.partner.name if r.partner else "",
                text(_civilizations(r.partner.civilizations, r.partner.complete), lang) if r.partner else "",
                _summary_verdict(r, lang),
                str(r.errors),
                str(r.warnings),
            )
            for r in results
        ]
        out.append(box_table(_columns(SUMMARY_COLUMNS, lang), rows, title=text(msg("report.summary-title"), lang)))
        out.append(_totals_line(results, lang))
        superseded = _superseded_count_line(results, lang)
        if superseded:
            out.append(superseded)
    if _footer_wanted(results, quiet):
        out.append(_data_line(info))
    return "".join(line + "\n" for line in out)


def civilization_markup(civilizations: Sequence[str], lang: str = DEFAULT_LANG, known: bool = True) -> str:
    if not known:
        return f"[dim]{text(msg('civilization.unknown'), lang)}[/]"
    if not civilizations:
        return f"[white]{text(msg('civilization.colorless'), lang)}[/]"
    return text(Listed(tuple(f"[{CIVILIZATION_STYLES[c]}]{c}[/]" for c in civilizations), "sep.civilizations.words"), lang)


def render_text(console, results: Sequence[DeckResult], info: RunInfo, quiet: bool = False) -> None:
    """The text report drawn by rich on ``console``: colour, and cells wrapped to its width where a
    line may break (``linebreak``: never inside a card name, a command, an option, a date or a rule
    id; no 、。」》 at a line's start)."""
    from rich.markup import escape

    from ..linebreak import breaking_line, breaking_markup, plain_line

    lang = info.lang
    for result in results:
        if not result.counted:
            if not quiet:
                console.print(breaking_line(cell(superseded_line(result, lang)), style="dim"))
            continue
        if not _shown(result, quiet):
            continue
        # The header is printed even with --quiet: a table of problems must say which deck it is about.
        partner = result.partner
        who = (
            text(msg("report.partner", name=cell(partner.name), civilizations=civilization_markup(partner.civilizations, lang, partner.complete)), lang)
            if partner else f"[red]{escape(text(msg('report.no-partner'), lang))}[/]"
        )
        console.print(breaking_line(_header(result, lang, f"[bold]{cell(place_text(result, lang))}[/]", who,
                                              cell(result.config or ""))))
        if result.violations:
            from rich.table import Table  # here: a legal deck's report has no table to import

            table = Table(show_header=True, header_style="bold", expand=False, show_lines=False)
            for column in _columns(PROBLEM_COLUMNS, lang):
                table.add_column(column, overflow="fold")
            for v in result.violations:
                style = "red" if v.severity == ERROR else "yellow"
                message, hint = v.texts(lang)
                table.add_row(
                    f"[{style}]{v.rule}[/]",
                    str(v.line) if v.line else "",
                    breaking_markup(cell(v.card or "")),
                    breaking_markup(cell(message)),
                    breaking_markup(f"[dim]{cell(hint)}[/]"),
                )
            console.print(table)
        if result.omitted:
            console.print(plain_line(omitted_line(result, lang)))
        words = text(msg("report.verdict.legal" if result.legal else "report.verdict.not-legal"), lang)
        style = "bold green" if result.legal else "bold red"
        console.print(breaking_line(_verdict_line(result, lang, f"[{style}]{escape(words)}[/]")))
    if len(results) > 1:
        render_summary_table(console, results, lang)
    if _footer_wanted(results, quiet):
        console.print(plain_line(_data_line(info), style="dim"))


def render_summary_table(console, results: Sequence[DeckResult], lang: str = DEFAULT_LANG) -> None:
    from rich.table import Table

    from ..linebreak import breaking_markup, plain_line

    table = Table(title=text(msg("report.summary-title"), lang), show_header=True, header_style="bold")
    for column in _columns(SUMMARY_COLUMNS, lang):
        table.add_column(column, overflow="fold")
    for result in results:
        partner = result.partner
        verdict = cell(_summary_verdict(result, lang))
        table.add_row(
            breaking_markup(cell(place_text(result, lang))),
            breaking_markup(cell(partner.name)) if partner else "",
            civilization_markup(partner.civilizations, lang, partner.complete) if partner else "",
            f"[green]{verdict}[/]" if result.legal else f"[red]{verdict}[/]",
            str(result.errors),
            str(result.warnings),
        )
    console.print(table)
    console.print(plain_line(_totals_line(results, lang)))
    superseded = _superseded_count_line(results, lang)
    if superseded:
        console.print(plain_line(superseded))
