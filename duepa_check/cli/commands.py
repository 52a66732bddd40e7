"""What each command does once the CLI has read its options: load the data, do the work, write
what it shows. Each returns what decides the exit code (``cli.py`` maps it to one).

Everything is imported when a command runs: a check of one deck loads no card lookup code for
``card``, no HTTP code for ``update``, no chart code for ``stats``.
"""

import sys
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import DuepaError
from ..printable import printable
from ..report.renderers import write_document

if TYPE_CHECKING:
    from rich.console import Console

    from ..check.checker import Checker
    from ..check.results import DeckResult
    from ..reading.decklist import Skipped
from .language import current_language, set_language
from .output import make_console, on_terminal, print_error


def load_data(session):
    """Card pool, regulation and a label saying exactly which data they came from: the session's
    (``check.session``: loaded once per command, however many times it is asked).

    A data dir the user named (option or environment) that holds no data gets a warning on
    stderr: the check goes on with the embedded data, and the report says so.
    """
    data = session.data
    if data.warning is not None:
        from ..messages import msg, text

        print(text(msg("cli.warning", message=data.warning), current_language()), file=sys.stderr)
    return data.pool, data.regulation, data.source


def check_decks(
    decks: list[Path],
    output_format: str,
    day: date,
    *,
    lang: str | None,
    partner: str | None,
    config: Path | None,
    include_unconfirmed: bool,
    data_dir: Path | None,
    stdin_filename: str | None,
    sheet_columns: tuple,
    quiet: bool,
    no_color: bool,
    skip_non_decklists: bool = False,
    fixing=None,
) -> list:
    """Check the decks and write the report in ``output_format``; the results, for the exit code.

    With ``skip_non_decklists`` (the pre-commit hook) a file that is no decklist
    (``check.walk.looks_like_decklist``) is said on stderr and left out; when none is left, nothing
    else is printed and the run passes."""
    from ..check.results import RunInfo
    from ..check.session import Session
    from ..check.walk import deck_files, run_order

    session = Session(data_dir, config_path=config, include_unconfirmed=include_unconfirmed)
    pool, regulation, used = load_data(session)
    checker = _checker(
        session,
        day,
        partner=partner,
        config=config,
        include_unconfirmed=include_unconfirmed,
        stdin_filename=stdin_filename,
        sheet_columns=sheet_columns,
        with_stats=output_format == "html",
    )
    files = run_order(deck_files(decks, checker.options.sheet_columns))
    info = RunInfo(
        as_of=day, data_date=regulation.data_date, data_source=used, lang=_decide_language(lang, checker, files)
    )
    if skip_non_decklists:
        files = _decklists_only(files, pool)
        if not files:
            return []
    else:  # a folder's notes.txt or mkdocs.yml is no deck to fail; a file named is checked as given
        from ..reading.decklist import DECK_SUFFIXES  # a .csv or .md below a folder: the walk looked at its head

        named = {str(deck) for deck in decks}
        files = _decklists_only(
            files, pool, lambda item: str(item) not in named and item.suffix.lower() in DECK_SUFFIXES
        )
        if not files:
            _no_decklist_in(decks)
    if fixing is not None:  # --fix, --diff (cli.fixing): the files fixed first, then checked
        from .fixing import fix_files

        fix_files(fixing, decks, files, pool, checker.options.stdin_name, checker.options.sheet_columns)
        if not fixing.write:
            return []
    to_stderr = fixing is not None and fixing.stdin_fixed  # stdout holds the fixed list
    console = None if to_stderr else _terminal_console(output_format, no_color)
    results = check_with_progress(checker, files, console)
    if fixing is not None:
        for result in results:
            result.fixes = fixing.fixes.get(result.raw_path, [])
            result.fix_refused = fixing.not_written.get(result.raw_path)
    _note(checker.notes)
    _note_unreadable(results)  # every format: one stderr line per file that could not be read
    _write_report(output_format, console, results, info, quiet, sys.stderr if to_stderr else None)
    return results


def _checker(
    session,
    day: date,
    *,
    partner: str | None,
    config: Path | None,
    include_unconfirmed: bool,
    stdin_filename: str | None,
    sheet_columns: tuple,
    with_stats: bool,
):
    """The run's checker, from the command's options (a sheet's columns only when one is named)."""
    from ..check.checker import CheckOptions
    from ..reading.inputs import STDIN_NAME

    columns = None
    if any(column is not None for column in sheet_columns):
        from ..reading.sheet_columns import SheetColumns

        columns = SheetColumns(*sheet_columns)
    options = CheckOptions(
        as_of=day,
        config_path=config,
        partner=partner,
        include_unconfirmed=include_unconfirmed,
        stdin_name=stdin_filename or STDIN_NAME,
        with_stats=with_stats,
        sheet_columns=columns,
    )
    return session.checker(options)


def _decide_language(option: str | None, checker, files: list) -> str:
    """The run's language, decided here once: --lang, else $DUEPA_CHECK_LANG, else the ``lang:`` of
    the house rules the first deck is checked under (the working folder's with no deck), else the
    locale. Until now messages were in the language the arguments said (``early_language``)."""
    from ..check.walk import named_path

    return set_language(option, checker.house_rules_for(named_path(files[0]) if files else Path.cwd()).lang)


def _terminal_console(output_format: str, no_color: bool):
    """Rich draws the text report on a terminal only: its console then; elsewhere None (a plain
    table, no rich import)."""
    return make_console(no_color) if output_format in ("text", "table") and on_terminal() else None


def _write_report(output_format: str, console, results: list, info, quiet: bool, out=None) -> None:
    """The report on standard output (or ``out``): drawn by rich on the terminal ``console``, else the document."""
    if console is not None:
        from ..report.text import render_text

        render_text(console, results, info, quiet=quiet)
    else:
        write_document(output_format, results, info, quiet, out or sys.stdout)


def _decklists_only(files: list, pool, asked=lambda item: True) -> list:
    """The files that are decklists; one stderr line for each that is not ("notes.txt: not a decklist, skipped").
    ``asked``: which files to ask about (the others are kept: a file named on the command line)."""
    from ..check.walk import looks_like_decklist
    from ..messages import msg, text
    from ..printable import printable
    from ..reading.inputs import is_stdin

    kept = []
    for item in files:
        if (
            isinstance(item, Path)
            and asked(item)
            and not is_stdin(item)
            and item.is_file()
            and not looks_like_decklist(item, pool)
        ):
            print(text(msg("skipped.not-a-decklist", path=printable(str(item))), current_language()), file=sys.stderr)
        else:
            kept.append(item)
    return kept


def _no_decklist_in(decks: list[Path]) -> None:
    """A run whose folders held files of decklist suffixes but no decklist: as a folder without
    any such file, one line and exit 2 (a CI job on the wrong folder fails, never passes empty)."""
    from ..messages import Msg
    from ..printable import printable
    from ..reading.decklist import DECK_SUFFIXES
    from ..reading.model import DeckInputError

    folder = next(deck for deck in decks if deck.is_dir())
    raise DeckInputError(
        Msg("input.folder-without-decks", {"path": printable(str(folder)), "suffixes": ", ".join(DECK_SUFFIXES)})
    )


def _note(notes: list) -> None:
    """One stderr warning line per thing the reading had to say (a sheet's date order)."""
    if notes:
        from ..messages import msg, text

        for note in notes:
            print(text(msg("cli.warning", message=note), current_language()), file=sys.stderr)


def _note_unreadable(results) -> None:
    for result in results:
        if result.error is not None and result.counted:
            print_error(DuepaError(result.error))


def check_with_progress(
    checker: "Checker", files: "list[Path | Skipped]", console: "Console | None"
) -> "list[DeckResult]":
    """Check every file; a progress bar only for many files on a terminal in text format."""
    if console is None or not console.is_terminal or len(files) <= 50:
        return checker.check_all(files)
    import time

    from rich.progress import Progress

    # Drawn by this thread as decks are done (no refresh thread: the batch forks its workers, and a
    # fork while another thread runs can leave a child waiting on a lock that thread held).
    with Progress(console=console, transient=True, auto_refresh=False) as progress:
        from ..messages import msg, text

        task = progress.add_task(text(msg("progress.checking"), current_language()), total=len(files))
        shown = [0.0]  # when it was last drawn: ten times a second at most

        def advance(done: int) -> None:
            progress.advance(task, done)
            if time.monotonic() - shown[0] >= 0.1:
                progress.refresh()
                shown[0] = time.monotonic()

        return checker.check_all(files, on_progress=advance)


def show_card(name: str, day: date, as_json: bool, session, lang: str, no_color: bool = False) -> bool:
    """Show one card (text or JSON); False when the name means no card or several."""
    from ..report.card_view import render_card, render_not_found

    pool, regulation, _ = load_data(session)
    found = pool.lookup(name)
    if found.card is None:
        if as_json:
            from ..report.json_doc import not_found_document

            print(not_found_document(found))
        else:
            render_not_found(make_console(no_color), found, lang)
        return False
    if as_json:
        from ..report.json_doc import card_document

        print(card_document(found.card, regulation, day, lang))
    else:
        render_card(make_console(no_color), found.card, regulation, day, lang, pool.printings(found.card.name))
    return True


def show_rules(rule: str | None, as_json: bool, lang: str, no_color: bool = False) -> None:
    """List the rules (or show one in full)."""
    if as_json:
        from ..report.json_doc import rules_document

        print(rules_document(lang))
        return
    from ..report.rules_view import render_rules

    render_rules(make_console(no_color), rule, lang, _rule_notes(rule))


def _rule_notes(rule: str | None) -> dict:
    """What the data adds to one rule shown in full: DP203, where the unconfirmed change comes from (the
    commits and dates its one-line hint leaves out)."""
    if not rule or rule.upper() not in ("DP203", "UNCONFIRMED-CHANGE"):
        return {}
    from ..data.regulation import load_current
    from ..data.userdata import resolve_data_dir
    from ..messages import msg

    source = load_current(resolve_data_dir(None)).unconfirmed_source
    return {"DP203": msg("unconfirmed-change.would.hint.source", source=source)} if source else {}


def update_data(options: dict, data_dir: Path | None, lang: str) -> None:
    """Refresh the card data and the regulation, then say what changed (``UpdateInterrupted``
    propagates: the CLI says so and exits 130)."""
    from ..data.userdata import resolve_data_dir
    from ..update import run_update
    from ..update.client import DEFAULT_SOURCE
    from ..update.summary import render_summary

    console = make_console()
    options = {**options, "source": options["source"] or DEFAULT_SOURCE, "data_dir": resolve_data_dir(data_dir)}
    summary = _run_update_with_progress(console, run_update, options, lang)
    for line in render_summary(summary, lang):
        console.print(line, markup=False)


def _run_update_with_progress(console, run_update, options: dict, lang: str = "en"):
    if not console.is_terminal:
        return run_update(**options)
    from rich.markup import escape
    from rich.progress import Progress

    from ..messages import msg, text

    with Progress(console=console, transient=True) as progress:
        task = progress.add_task(text(msg("update.progress.updating"), lang), total=None)

        def on_progress(done: int, total: int | None, label) -> None:  # label: a Msg, or a card's name from the site
            progress.update(task, completed=done, total=total, description=escape(printable(text(label, lang))))

        return run_update(**options, on_progress=on_progress)


def show_stats(
    deck: Path, partner: str | None, as_json: bool, svg: Path | None, no_color: bool, session, lang: str
) -> bool:
    """Show a deck's shape; False (after showing why on stderr) when a line of it is not a card."""
    from ..analysis.stats import compute_stats
    from ..reading.decklist import load_decklist
    from ..reading.resolve import resolve_deck
    from ..report.stats_view import render_stats, write_svg

    pool, regulation, used = load_data(session)
    decklist = load_decklist(deck)
    resolved = resolve_deck(decklist, pool, partner)
    if decklist.problems or resolved.unresolved:
        _explain_unreadable_deck(resolved, regulation, used, no_color, lang, pool)
        return False
    shape = compute_stats(resolved)
    if as_json:
        from ..report.json_doc import stats_document

        print(stats_document(shape))
    else:
        render_stats(make_console(no_color), shape, lang)
    if svg is not None:
        write_svg(shape, svg, lang)
    return True


def _explain_unreadable_deck(deck, regulation, used: str, no_color: bool, lang: str = "en", pool=None) -> None:
    """stats needs every line to be a card: show (on stderr) the problems check would."""
    from ..check.checker import reading_problems
    from ..check.results import RunInfo
    from ..messages import msg, text
    from ..report.text import render_text

    result = reading_problems(deck, regulation, date.today(), pool)
    console = make_console(no_color, stderr=True)
    console.print(text(msg("stats.unreadable", path=printable(deck.path)), lang), markup=False)
    render_text(console, [result], RunInfo(date.today(), regulation.data_date, used, lang=lang), quiet=True)


def show_partners(
    deck: Path,
    search_pool: bool,
    as_json: bool,
    day: date,
    session,
    no_color: bool,
    lang: str,
) -> bool:
    """Which cards could lead the deck, best first; False when none makes every card's colour legal."""
    from ..check.advise import advise
    from ..report.partners_view import not_counted_notes, render_advice

    pool, regulation, _ = load_data(session)
    advice = advise(deck, pool, regulation, day, house_rules=session.house_rules, include_pool=search_pool)
    if as_json:
        for note in not_counted_notes(advice, lang):
            print_error(note)
        from ..report.json_doc import partners_document

        print(partners_document(advice))
    else:
        render_advice(make_console(no_color), advice, lang)
    return bool(advice.working)


def version_text(version: str):
    """The version and the data a check would use (what a bug report needs), as a Msg."""
    from ..check.session import Session
    from ..messages import msg

    try:
        _, regulation, used = load_data(Session())
        source = msg("data.embedded") if used == "embedded" else used
        return msg("cli.version", version=version, data_date=regulation.data_date, source=source)
    except DuepaError as error:
        return msg("cli.version.unusable", version=version, error=error.text(current_language()))
