"""The text report: a table of problems and a verdict per deck, a summary table for a run of several.

Two drawings of the same report: rich on a terminal (colour, cells wrapped to the window) and
a plain box table everywhere else (files, pipes, CI logs, pre-commit), which does not import
rich and keeps each problem on one line. What is said comes from the helpers below and from
``wording``, so the two cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..check.results import DeckResult, RunInfo
from ..messages import DEFAULT_LANG, Listed, Msg, msg, text
from ..rules import ERROR
from .wording import (
    PROBLEM_COLUMNS,
    SUMMARY_COLUMNS,
    cell,
    civilization_markup,
    column_titles,
    counts_line,
    data_line,
    flat,
    full_text,
    not_read_line,
    omitted_line,
    place_text,
    row_text,
    summary_verdict,
    superseded_count_line,
    superseded_line,
    totals_line,
)


def _shown(result: DeckResult, quiet: bool) -> bool:
    """Unreadable files were already said on stderr; --quiet drops decks with nothing to say."""
    if result.error is not None:
        return False
    return not (quiet and result.legal and not result.violations)


def _verdict_line(result: DeckResult, lang: str, verdict: str | None = None) -> str:
    """ "✔ legal (0 errors, 1 warning)"; ``verdict`` replaces the verdict words (rich adds markup)."""
    if verdict is None:
        verdict = text(msg("report.verdict.legal" if result.legal else "report.verdict.not-legal"), lang)
    return text(msg("report.verdict", verdict=verdict, counts=counts_line(result, lang)), lang)


def _header(result: DeckResult, lang: str, path: str, partner: str | None = None, config: str | None = None) -> str:
    """ "PATH  partner 《NAME》 火 自然  cards 60", then the house-rules file when one applied;
    rich passes its marked-up path, partner and config."""
    if partner is None:
        found = result.partner
        partner = (
            text(
                msg(
                    "report.partner", name=found.name, civilizations=_civilizations(found.civilizations, found.complete)
                ),
                lang,
            )
            if found
            else text(msg("report.no-partner"), lang)
        )
    header = msg("report.header", path=path, partner=partner, count=result.card_count)
    if result.config:
        header = msg("report.header.house-rules", header=header, config=config or result.config)
    return text(header, lang)


def _footer_wanted(results: Sequence[DeckResult], quiet: bool) -> bool:
    return not quiet and any(result.error is None for result in results)  # nothing was judged otherwise


def _civilizations(civilizations: Sequence[str], known: bool = True) -> Listed | Msg:
    """A partner's civilizations in words: 無色 for none, "unknown" for a card with no data yet."""
    if not known:
        return Msg("civilization.unknown", {})
    return Listed(tuple(civilizations), "sep.civilizations.words", "civilization.colorless")


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
        shown = listed_count(result, lang)
        if result.violations:
            rows = []
            for v in result.violations[:shown]:
                message, hint = v.texts(lang)
                rows.append((v.rule, str(v.line) if v.line else "", flat(v.card or ""), flat(message), flat(hint)))
            out.append(box_table(column_titles(PROBLEM_COLUMNS, lang), rows))
        if result.omitted or shown < len(result.violations):
            out.append(omitted_line(result, lang, shown))
        if result.not_read:
            out.append(not_read_line(result, lang))
        out.append(_verdict_line(result, lang))
    if len(results) > 1:
        summary_rows = [
            (
                place_text(r, lang),
                r.partner.name if r.partner else "",
                text(_civilizations(r.partner.civilizations, r.partner.complete), lang) if r.partner else "",
                summary_verdict(r, lang),
                str(r.errors),
                str(r.warnings),
            )
            for r in results
        ]
        out.append(
            box_table(column_titles(SUMMARY_COLUMNS, lang), summary_rows, title=text(msg("report.summary-title"), lang))
        )
    out += _closing_lines(results, info, quiet, totals=len(results) > 1)
    return "".join(line + "\n" for line in out)


def render_lines(results: Sequence[DeckResult], info: RunInfo, quiet: bool = False) -> str:
    """The text report one problem a line, for where nobody draws a table (pre-commit, a CI log, a
    pipe): ``path:line: DP005 message (hint: …)`` as ruff, yamllint and pre-commit-hooks print it, so
    ``grep DP005`` finds whole problems and an editor jumps to each; then each deck's header with its
    verdict, the run's totals and the data line. ``quiet``: the problems alone."""
    lang = info.lang
    out: list[str] = []
    for result in results:
        if not result.counted:
            if not quiet:
                out.append(flat(superseded_line(result, lang)))
            continue
        if not _shown(result, quiet):
            continue
        where = place_text(result, lang)
        listed = listed_lines(result, lang)
        out.extend(flat(line) for line in listed)
        if result.omitted or len(listed) < len(result.violations):
            out.append(flat(f"{where}: {omitted_line(result, lang, len(listed))}"))
        if quiet:
            continue
        if result.not_read:
            out.append(flat(f"{where}: {not_read_line(result, lang)}"))
        out.append(flat(f"{_header(result, lang, where)}  {_verdict_line(result, lang)}"))
    out += _closing_lines(results, info, quiet, totals=len(results) > 1 and not quiet)
    return "".join(line + "\n" for line in out)


def _closing_lines(results: Sequence[DeckResult], info: RunInfo, quiet: bool, totals: bool) -> list[str]:
    """The run's last lines in both plain layouts: the totals (and superseded rows) of several
    decks when ``totals``, then the data line."""
    out: list[str] = []
    if totals:
        out.append(totals_line(results, info.lang))
        superseded = superseded_count_line(results, info.lang)
        if superseded:
            out.append(superseded)
    if _footer_wanted(results, quiet):
        out.append(data_line(info))
    return out


REPORT_SIZE_FACTOR = 3  # a deck's report takes at most three times its list's bytes,
REPORT_OWN_LINES = 1_024  # of which its header, verdict, omitted and data lines take about this much,
REPORT_FLOOR_BYTES = 4_096  # or its problems this much for a short list (which still gets every usual one)


def listed_lines(result: DeckResult, lang: str) -> list[str]:
    """The deck's problems the text report lists, one a line: as many as fit in three times the
    list's own size (4 KB for a short list), so that no input (1,000 unknown one-letter names)
    makes a report out of proportion; the omitted line counts the rest."""
    budget = max(REPORT_SIZE_FACTOR * result.size - REPORT_OWN_LINES, REPORT_FLOOR_BYTES)
    lines: list[str] = []
    used = 0
    for violation in result.violations:
        line = problem_line(result, violation, lang)
        used += len(line.encode("utf-8", "replace")) + 1
        if used > budget:
            break
        lines.append(line)
    return lines


def listed_count(result: DeckResult, lang: str) -> int:
    """How many of the deck's problems the table and the terminal list (as many as the lines do)."""
    return len(listed_lines(result, lang))


def problem_line(result: DeckResult, violation, lang: str) -> str:
    """``path:line: DP005 message (hint: …)``; ``path: DP001 …`` for the whole deck; a sheet's row
    says its row and the line in its deck cell."""
    said = full_text(violation, lang)
    if violation.card and violation.card not in said:  # DP102's message names the line, not what it holds
        said = f"{violation.card}: {said}"
    said = f"{violation.rule} {said}"
    if result.submission is not None:
        return row_text(result, said, violation.line or 0, lang)
    return f"{result.path}:{violation.line}: {said}" if violation.line else f"{result.path}: {said}"


def render_text(console, results: Sequence[DeckResult], info: RunInfo, quiet: bool = False) -> None:
    """The text report drawn by rich on ``console``: colour, and cells wrapped to its width where a
    line may break (``linebreak``: never inside a card name, a command, an option, a date or a rule
    id; no 、。」》 at a line's start)."""
    from rich.markup import escape

    from ..linebreak import breaking_line, plain_line

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
            text(
                msg(
                    "report.partner",
                    name=cell(partner.name),
                    civilizations=civilization_markup(partner.civilizations, lang, partner.complete),
                ),
                lang,
            )
            if partner
            else f"[red]{escape(text(msg('report.no-partner'), lang))}[/]"
        )
        console.print(
            breaking_line(
                _header(result, lang, f"[bold]{cell(place_text(result, lang))}[/]", who, cell(result.config or ""))
            )
        )
        shown = listed_count(result, lang)
        if result.violations:
            _problems(console, result, lang, shown)
        if result.omitted or shown < len(result.violations):
            console.print(plain_line(omitted_line(result, lang, shown)))
        if result.not_read:
            console.print(plain_line(not_read_line(result, lang), style="dim"))
        words = text(msg("report.verdict.legal" if result.legal else "report.verdict.not-legal"), lang)
        style = "bold green" if result.legal else "bold red"
        console.print(breaking_line(_verdict_line(result, lang, f"[{style}]{escape(words)}[/]")))
    if len(results) > 1:
        render_summary_table(console, results, lang)
    if _footer_wanted(results, quiet):
        console.print(plain_line(data_line(info), style="dim"))


def _problems(console, result: DeckResult, lang: str, shown: int) -> None:
    """A deck's first ``shown`` problems: the table when its columns fit the terminal with no word cut
    (``linebreak.fit_table``), else one problem a block (a narrow terminal, down to 40 columns):
    the rule, the line and the card, then the message and the hint indented below."""
    from rich.markup import escape
    from rich.table import Table  # here: a legal deck's report has no table to import

    from ..linebreak import breaking_line, breaking_markup, fit_table, indented

    table = Table(show_header=True, header_style="bold", expand=False, show_lines=False)
    for column in column_titles(PROBLEM_COLUMNS, lang):
        table.add_column(column, overflow="fold")
    rows = []
    for v in result.violations[:shown]:
        style = "red" if v.severity == ERROR else "yellow"
        message, hint = v.texts(lang)
        rows.append((f"[{style}]{v.rule}[/]", v, cell(message), cell(hint)))
        table.add_row(
            rows[-1][0],
            str(v.line) if v.line else "",
            breaking_markup(cell(v.card or "")),
            breaking_markup(cell(message)),
            breaking_markup(f"[dim]{cell(hint)}[/]"),
        )
    if fit_table(console, table):
        console.print(table)
        return
    for rule, v, message, hint in rows:
        head = [rule]
        if v.line:
            head.append(escape(text(msg("report.stacked.line", line=v.line), lang)))
        if v.card:
            head.append(cell(v.card))
        console.print(breaking_line("  ".join(head)))
        console.print(indented(breaking_markup(message)))
        if hint:
            console.print(indented(breaking_markup(f"[dim]{text(msg('report.stacked.hint', hint=hint), lang)}[/]")))


def render_summary_table(console, results: Sequence[DeckResult], lang: str = DEFAULT_LANG) -> None:
    """The run's summary: a table when it fits the terminal with no word cut, else a deck a block."""
    from rich.markup import escape
    from rich.table import Table

    from ..linebreak import breaking_line, breaking_markup, fit_table, indented, plain_line

    title = text(msg("report.summary-title"), lang)
    table = Table(title=title, show_header=True, header_style="bold")
    titles = column_titles(SUMMARY_COLUMNS, lang)
    for column in titles:
        table.add_column(column, overflow="fold")
    blocks = []
    for result in results:
        partner = result.partner
        verdict = cell(summary_verdict(result, lang))
        row = (
            cell(place_text(result, lang)),
            cell(partner.name) if partner else "",
            civilization_markup(partner.civilizations, lang, partner.complete) if partner else "",
            f"[green]{verdict}[/]" if result.legal else f"[red]{verdict}[/]",
            str(result.errors),
            str(result.warnings),
        )
        table.add_row(breaking_markup(row[0]), breaking_markup(row[1]) if partner else "", *row[2:])
        words = text(msg("report.verdict.legal" if result.legal else "report.verdict.not-legal"), lang)
        verdict_line = _verdict_line(result, lang, f"[{'green' if result.legal else 'red'}]{escape(words)}[/]")
        blocks.append((row[0], f"《{row[1]}》 {row[2]}" if partner else "", verdict_line))
    if fit_table(console, table):
        console.print(table)
    else:  # a deck a block: its path, its partner, its verdict with its counts
        console.print(plain_line(title, style="italic"))
        for place, partner_words, verdict_line in blocks:
            console.print(breaking_line(f"[bold]{place}[/]"))
            for words in (partner_words, verdict_line):
                if words:
                    console.print(indented(breaking_markup(words)))
    console.print(plain_line(totals_line(results, lang)))
    superseded = superseded_count_line(results, lang)
    if superseded:
        console.print(plain_line(superseded))
