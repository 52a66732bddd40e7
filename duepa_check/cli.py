"""The command line: options in, exit code out. Everything else lives in the modules it calls.

``main(argv) -> int`` is the entry point (and what tests call). ``duepa-check DECK...`` is
``duepa-check check DECK...``; ``card``, ``rules``, ``update``, ``stats`` and ``partners`` are
subcommands.
Exit codes: 0 every deck legal, 1 a rule violation, 2 usage error, unreadable input or
broken data. Expected failures print one line, never a traceback.
"""

# No `from __future__ import annotations` here: typer would have to eval every string
# annotation at start-up, which costs more than checking a deck.
import os
import sys
from datetime import date
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from . import __version__
from .errors import DuepaError
from .renderers import RENDERERS

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Check デュエパーティー (DuePar) decklists: 60 cards, one partner, singleton, civilizations, 殿堂.",
)
EXIT_OK, EXIT_VIOLATION, EXIT_USAGE = 0, 1, 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report a Ctrl-C


# --format's choices are the renderers' names (renderers.RENDERERS: a new format is one line there).
OutputFormat = Enum("OutputFormat", {name: name for name in RENDERERS}, type=str)  # type: ignore[misc]


class SimpleFormat(str, Enum):
    text = "text"
    json = "json"


class Fail(DuepaError):
    """An expected failure: print the message on one line and exit 2."""


class Lang(str, Enum):
    ja = "ja"
    en = "en"


# The language of this run's text, decided once by `_set_language` (the CLI is the one place
# that keeps it; renderers are handed it explicitly). Before a command decides, errors use
# --lang / $DUEPA_CHECK_LANG / the locale.
_language: dict[str, str] = {}


def _set_language(option: "Lang | None", house: str | None = None) -> str:
    from .messages import choose_language

    lang = _language["lang"] = choose_language(option.value if option else None, os.environ, house)
    return lang


def _house_language(start: Path, explicit: Path | None = None) -> str | None:
    """The ``lang:`` of the house rules: ``explicit`` (--config), else those that apply at
    ``start`` (a deck, or the working folder)."""
    from .config import find_config

    found = (explicit if os.path.lexists(explicit) else None) if explicit is not None else find_config(start)
    if found is None:
        return None
    from .card_pool import CardPool
    from .config import load_config
    from .rules import RULE_IDS
    from .userdata import resolve_data_dir

    pools: list = []

    def resolve_card(typed: str) -> tuple[str | None, list[str]]:  # the pool loads only if a card is named
        if not pools:
            pools.append(CardPool.load(resolve_data_dir(None)))
        found_card = pools[0].lookup(typed)
        return (found_card.card.name if found_card.card else None), found_card.suggestions or [
            c.name for c in found_card.cards
        ]

    return load_config(found, resolve_card, RULE_IDS).lang


def _console(no_color: bool = False, stderr: bool = False):
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    width = None if stream.isatty() or "COLUMNS" in os.environ else 120
    # no_color alone keeps bold and dim; --no-color means plain text, so no colour system at all.
    options = {"no_color": True, "color_system": None} if no_color else {}
    return Console(file=stream, highlight=False, width=width, soft_wrap=False, **options)


def _on_terminal() -> bool:
    """Whether stdout is a terminal, decided as rich decides it (TTY_COMPATIBLE, FORCE_COLOR)."""
    tty_compatible = os.environ.get("TTY_COMPATIBLE", "")
    if tty_compatible in ("0", "1"):
        return tty_compatible == "1"
    force_color = os.environ.get("FORCE_COLOR")
    if force_color is not None:
        return force_color != ""
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):  # no stdout, or a closed one
        return False


def _as_of(text: str | None) -> date:
    if text is None:
        return date.today()
    try:
        return date.fromisoformat(text)
    except ValueError:
        from .messages import msg

        raise Fail(msg("error.as-of", value=text)) from None


def _data(data_dir: Path | None):
    """Card pool, regulation and a label saying exactly which data they came from.

    A data dir the user named (option or environment) that holds no data gets a warning on
    stderr: the check goes on with the embedded data, and the report says so.
    """
    from .card_pool import CardPool
    from .regulation import load_current
    from .userdata import data_dir_given, data_folder, data_source_label, missing_data_warning, resolve_data_dir

    directory = resolve_data_dir(data_dir)
    folder = data_folder(directory)
    if folder is None and data_dir_given(data_dir):
        from .messages import msg, text

        lang = _language.get("lang", "en")
        print(text(msg("cli.warning", message=missing_data_warning(directory)), lang), file=sys.stderr)
    pool = CardPool.load(folder)
    regulation = load_current(folder)
    regulation_from_user = folder is not None and regulation.path is not None and regulation.path.parent == folder
    used = data_source_label(directory, cards=len(pool.shards) > 1, regulation=regulation_from_user)
    return pool, regulation, used


DataDirOption = Annotated[
    Path | None,
    typer.Option("--data-dir", help="Updated card data (default: $DUEPA_CHECK_DATA or the user data dir)."),
]
AsOfOption = Annotated[str | None, typer.Option("--as-of", help="Regulation in force on this date (YYYY-MM-DD).")]
LangOption = Annotated[
    Lang | None,
    typer.Option("--lang", help="Language of messages: ja or en (else $DUEPA_CHECK_LANG, house rules lang:, the locale)."),
]


@app.command()
def check(
    decks: Annotated[
        list[Path],
        typer.Argument(help="Decklist files or folders; - reads standard input.", show_default=False, metavar="DECK..."),
    ],
    partner: Annotated[str | None, typer.Option(help="Designate or override the partner.")] = None,
    output_format: Annotated[
        OutputFormat | None, typer.Option("--format", help="Output format (default text; github on GitHub Actions).")
    ] = None,
    as_of: AsOfOption = None,
    config: Annotated[Path | None, typer.Option(help="House rules file (default: nearest .duepa-check.yaml).")] = None,
    strict: Annotated[bool, typer.Option(help="Warnings fail too.")] = False,
    exit_zero: Annotated[bool, typer.Option(help="Exit 0 even when a deck is not legal.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only problems.")] = False,
    no_color: Annotated[bool, typer.Option("--no-color", help="No colours.")] = False,
    include_unconfirmed: Annotated[
        bool, typer.Option(help="Apply the unconfirmed later 殿堂 change.")
    ] = False,
    data_dir: DataDirOption = None,
    stdin_filename: Annotated[
        str | None, typer.Option(help="What to call a deck read from -: its format (by suffix) and house rules.")
    ] = None,
    lang: LangOption = None,
    deck_column: Annotated[
        str | None, typer.Option(help="Submission sheet (CSV/TSV of form responses): the decklist column, by header or number.")
    ] = None,
    player_column: Annotated[str | None, typer.Option(help="Submission sheet: the player's name column.")] = None,
    partner_column: Annotated[str | None, typer.Option(help="Submission sheet: the partner column.")] = None,
    time_column: Annotated[str | None, typer.Option(help="Submission sheet: the timestamp column.")] = None,
) -> int:
    """Check decklists (this is also what `duepa-check DECK...` does)."""
    from .checker import Checker
    from .deck_walk import deck_files
    from .report import render_text
    from .results import RunInfo

    _set_language(lang)
    if output_format is None:
        output_format = OutputFormat.github if os.environ.get("GITHUB_ACTIONS") == "true" else OutputFormat.text
    day = _as_of(as_of)
    pool, regulation, used = _data(data_dir)
    columns = (deck_column, player_column, partner_column, time_column)
    sheet_columns = None
    if any(column is not None for column in columns):
        from .decklist_sheet import SheetColumns

        sheet_columns = SheetColumns(*columns)
    checker = Checker(pool, regulation, day, config, partner, include_unconfirmed, stdin_filename or "<stdin>",
                      with_stats=output_format is OutputFormat.html, sheet_columns=sheet_columns)
    files = list(deck_files(decks))
    house = checker.house_rules_for(files[0] if files else Path.cwd()).lang
    info = RunInfo(as_of=day, data_date=regulation.data_date, data_source=used, lang=_set_language(lang, house))
    if checker.with_stats:  # the HTML report: each deck's chart drawn by the process that checks it
        checker.chart_lang = info.lang
    # Rich draws the text report on a terminal only; elsewhere a plain table (no rich import).
    console = _console(no_color) if output_format is OutputFormat.text and _on_terminal() else None
    results = _check_all(checker, files, console)
    _note_unreadable(results)  # every format: one stderr line per file that could not be read
    if console is not None:
        render_text(console, results, info, quiet=quiet)
    else:
        sys.stdout.write(RENDERERS[output_format.value](results, info, quiet))
    return _exit_code(results, strict, exit_zero)


def _counted(result) -> bool:
    """Whether a result counts for the exit code: all do but a sheet's superseded submissions."""
    return result.submission is None or result.submission.superseded_by is None


def _note_unreadable(results) -> None:
    for result in results:
        if result.error is not None and _counted(result):
            _print_error(DuepaError(result.error))


def _print_error(error: "DuepaError | str") -> None:
    """One line on stderr, in the run's language: ``duepa-check: what``."""
    from .messages import msg, text
    from .printable import printable

    lang = _language.get("lang", "en")
    what = error.text(lang) if isinstance(error, DuepaError) else error
    print(printable(text(msg("cli.error", message=what), lang)), file=sys.stderr)


def _check_all(checker, files: list[Path], console) -> list:
    """Check every file; a progress bar only for many files on a terminal in text format."""
    if console is None or not console.is_terminal or len(files) <= 50:
        return checker.check_all(files)
    from rich.progress import Progress

    with Progress(console=console, transient=True) as progress:
        from .messages import msg, text

        task = progress.add_task(text(msg("progress.checking"), _language.get("lang", "en")), total=len(files))
        return checker.check_all(files, on_progress=lambda done: progress.advance(task, done))


def _exit_code(results, strict: bool, exit_zero: bool) -> int:
    if any(r.error is not None and _counted(r) for r in results):
        return EXIT_USAGE
    failed = any((not r.legal or (strict and r.warnings)) and _counted(r) for r in results)
    return EXIT_VIOLATION if failed and not exit_zero else EXIT_OK


@app.command()
def card(
    name: Annotated[str, typer.Argument(help="A card name, typed any way.")],
    as_of: AsOfOption = None,
    output_format: Annotated[SimpleFormat, typer.Option("--format")] = SimpleFormat.text,
    data_dir: DataDirOption = None,
    lang: LangOption = None,
) -> int:
    """Look a card up: faces, civilizations, cost, zone, partner eligibility, 殿堂 status."""
    lang_code = _set_language(lang, _house_language(Path.cwd()))
    from .cardinfo import card_json, render_card, render_not_found

    day = _as_of(as_of)
    pool, regulation, _ = _data(data_dir)
    found = pool.lookup(name)
    if found.card is None:
        if output_format is SimpleFormat.json:
            import json

            print(json.dumps({"query": name, "found": False, "matches": [c.name for c in found.cards],
                              "suggestions": found.suggestions}, ensure_ascii=False, indent=2))
        else:
            render_not_found(_console(), found, lang_code)
        return EXIT_VIOLATION
    if output_format is SimpleFormat.json:
        import json

        print(json.dumps(card_json(found.card, regulation, day, lang_code), ensure_ascii=False, indent=2))
    else:
        render_card(_console(), found.card, regulation, day, lang_code)
    return EXIT_OK


@app.command()
def rules(
    rule: Annotated[str | None, typer.Argument(help="Show one rule in full (id or name).")] = None,
    output_format: Annotated[SimpleFormat, typer.Option("--format")] = SimpleFormat.text,
    lang: LangOption = None,
) -> int:
    """List the rules, their ids, and what house rules can change."""
    lang_code = _set_language(lang, _house_language(Path.cwd()))
    from .cardinfo import render_rules, rules_json

    if output_format is SimpleFormat.json:
        import json

        print(json.dumps(rules_json(lang_code), ensure_ascii=False, indent=2))
        return EXIT_OK
    render_rules(_console(), rule, lang_code)
    return EXIT_OK


@app.command()
def update(
    source: Annotated[str | None, typer.Option(help="The official site or a mirror (same paths).")] = None,
    full: Annotated[bool, typer.Option(help="Refetch every card, not only new ones.")] = False,
    delay: Annotated[float, typer.Option(help="Seconds between requests (at least 1).", min=1.0)] = 1.0,
    max_time: Annotated[
        float, typer.Option(help="Stop after this many seconds; the next update resumes.", min=1.0)
    ] = 6 * 3600.0,
    data_dir: DataDirOption = None,
    lang: LangOption = None,
) -> int:
    """Refresh the card pool and the regulation from the official site."""
    lang_code = _set_language(lang, _house_language(Path.cwd()))
    from .update import DEFAULT_SOURCE, UpdateInterrupted, render_summary, run_update
    from .userdata import resolve_data_dir

    console = _console()
    directory = resolve_data_dir(data_dir)
    options = {"source": source or DEFAULT_SOURCE, "data_dir": directory, "full": full, "delay": delay, "max_time": max_time}
    try:
        summary = _run_update_with_progress(console, run_update, options, lang_code)
    except UpdateInterrupted as interrupted:  # before click turns it into a bare "Aborted"
        _print_error(interrupted.text(lang_code))
        raise typer.Exit(EXIT_INTERRUPTED) from None
    for line in render_summary(summary, lang_code):
        console.print(line, markup=False)
    return EXIT_OK


def _run_update_with_progress(console, run_update, options: dict, lang: str = "en"):
    if not console.is_terminal:
        return run_update(**options)
    from rich.markup import escape
    from rich.progress import Progress

    from .messages import msg, text

    with Progress(console=console, transient=True) as progress:
        task = progress.add_task(text(msg("update.progress.updating"), lang), total=None)

        def on_progress(done: int, total: int | None, label) -> None:  # label: a Msg, or a card's name
            progress.update(task, completed=done, total=total, description=escape(text(label, lang)))

        return run_update(**options, on_progress=on_progress)


@app.command()
def stats(
    deck: Annotated[Path, typer.Argument(help="One decklist file; - reads standard input.", show_default=False)],
    partner: Annotated[str | None, typer.Option(help="Designate or override the partner.")] = None,
    output_format: Annotated[SimpleFormat, typer.Option("--format")] = SimpleFormat.text,
    svg: Annotated[Path | None, typer.Option(help="Also write the view as an SVG picture here.")] = None,
    no_color: Annotated[bool, typer.Option("--no-color", help="No colours.")] = False,
    data_dir: DataDirOption = None,
    lang: LangOption = None,
) -> int:
    """Show a deck's shape: mana curve, civilizations, card types, partner."""
    lang_code = _set_language(lang, _house_language(deck if str(deck) != "-" else Path.cwd()))
    from .deck import resolve_deck
    from .decklist import load_decklist
    from .stats import compute_stats, render_stats, stats_json, write_svg

    pool, regulation, used = _data(data_dir)
    decklist = load_decklist(deck)
    resolved = resolve_deck(decklist, pool, partner)
    if decklist.problems or resolved.unresolved:
        return _explain_unreadable_deck(resolved, regulation, used, no_color, lang_code, pool)
    shape = compute_stats(resolved)
    if output_format is SimpleFormat.json:
        import json

        print(json.dumps(stats_json(shape), ensure_ascii=False, indent=2))
    else:
        render_stats(_console(no_color), shape, lang_code)
    if svg is not None:
        write_svg(shape, svg, lang_code)
    return EXIT_OK


def _explain_unreadable_deck(deck, regulation, used: str, no_color: bool, lang: str = "en", pool=None) -> int:
    """stats needs every line to be a card: show (on stderr) the problems check would, exit 1."""
    from .report import render_text
    from .results import DeckResult, RunInfo
    from .rules import Context, run_rules

    context = Context(as_of=date.today(), regulation=regulation, pool=pool)
    violations = run_rules(deck, context, only=("DP100", "DP101", "DP102", "DP103"))
    violations.sort(key=lambda v: v.line or 0)
    result = DeckResult(path=deck.path, violations=violations)
    console = _console(no_color, stderr=True)
    from .messages import msg, text

    console.print(text(msg("stats.unreadable", path=deck.path), lang), markup=False)
    render_text(console, [result], RunInfo(date.today(), regulation.data_date, used, lang=lang), quiet=True)
    return EXIT_VIOLATION


@app.command()
def partners(
    deck: Annotated[Path, typer.Argument(help="One decklist file; - reads standard input.", show_default=False)],
    search_pool: Annotated[
        bool, typer.Option("--pool", help="Also list cards of the whole pool that fit every card of the deck.")
    ] = False,
    output_format: Annotated[SimpleFormat, typer.Option("--format")] = SimpleFormat.text,
    as_of: AsOfOption = None,
    config: Annotated[Path | None, typer.Option(help="House rules file (default: nearest .duepa-check.yaml).")] = None,
    no_color: Annotated[bool, typer.Option("--no-color", help="No colours.")] = False,
    data_dir: DataDirOption = None,
    lang: LangOption = None,
) -> int:
    """Which cards could lead this deck, best first (exit 1 when none makes every card's colour legal)."""
    from .partners import advise, not_counted_notes, render_advice, render_json

    lang_code = _set_language(lang, _house_language(deck if str(deck) != "-" else Path.cwd(), config))
    day = _as_of(as_of)
    pool, regulation, _ = _data(data_dir)
    advice = advise(deck, pool, regulation, day, config_path=config, include_pool=search_pool)
    if output_format is SimpleFormat.json:
        for note in not_counted_notes(advice, lang_code):
            _print_error(note)
        print(render_json(advice))
    else:
        render_advice(_console(no_color), advice, lang_code)
    return EXIT_OK if advice.working else EXIT_VIOLATION


def _version_callback(value: bool) -> None:
    """The version and the data a check would use: what a bug report needs."""
    if value:
        try:
            _, regulation, used = _data(None)
            from .messages import msg, text

            source = msg("data.embedded") if used == "embedded" else used
            data = msg("cli.version", version=__version__, data_date=regulation.data_date, source=source)
        except DuepaError as error:
            from .messages import msg, text

            data = msg("cli.version.unusable", version=__version__, error=error.text(_language.get("lang", "en")))
        print(text(data, _language.get("lang", "en")))
        raise typer.Exit(EXIT_OK)


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version_callback, is_eager=True, help="Show the version.")
    ] = False,
    lang: LangOption = None,
) -> None:
    """Check デュエパーティー decklists.

    ``--lang`` is accepted here for ``duepa-check --version --lang ja`` and ``duepa-check --help
    --lang ja``: both are eager and done before this body runs, in the language ``_main`` read
    from the arguments (``_early_language``). Anything else starting with an option is a check.
    """


def _subcommands() -> set[str]:
    """Every command's name, from the app itself: a new command cannot be left out."""
    return {info.callback.__name__ for info in app.registered_commands}


def main(argv: list[str] | None = None) -> int:
    """Run the CLI and return its exit code (pre-commit-hooks style: testable without sys.exit)."""
    _escape_unencodable_output()
    if sys.stdout is None:  # started with stdout closed (>&-): the report would vanish
        from .messages import msg, text

        try:
            lang = _early_language(list(sys.argv[1:] if argv is None else argv))
        except DuepaError:  # a bad $DUEPA_CHECK_LANG: this line matters more
            lang = "en"
        print(text(msg("cli.error", message=msg("cli.stdout-closed")), lang), file=sys.stderr)
        return EXIT_USAGE
    code = _main(argv)
    return _flushed(code)


def _escape_unencodable_output() -> None:
    """Text that cannot be encoded (a lone surrogate from a JSON ``\ud800`` escape or a file name
    that is not UTF-8) is written as a backslash escape instead of failing the whole report."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):  # a closed or detached stream
                pass


def _flushed(code: int) -> int:
    """Flush the report now: a full disk or a closed stdout is an error we can still report.

    (Left to interpreter shutdown it is an "Exception ignored" message and exit code 120.)
    """
    from .messages import msg

    try:
        if sys.stdout is None:
            _discard_stdout()
            _print_error(DuepaError(msg("cli.cannot-write-output", why=msg("cli.stdout-closed.why"))))
            return EXIT_USAGE
        sys.stdout.flush()
    except BrokenPipeError:  # `| head`: the reader has what it wanted
        _discard_stdout()
    except (OSError, ValueError) as error:
        _discard_stdout()
        _print_error(DuepaError(msg("cli.cannot-write-output", why=_why(error))))
        return EXIT_USAGE
    return code


def _why(error: BaseException) -> str:
    return getattr(error, "strerror", None) or str(error)


def _discard_stdout() -> None:
    """Point stdout at /dev/null so that the interpreter's last flush cannot fail again."""
    try:
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - lives until the process ends
    except OSError:
        pass


def _main(argv: list[str] | None) -> int:
    from .printable import printable

    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] not in _subcommands() and args[0] not in ("--help", "-h", "--version"):
        args.insert(0, "check")
    _language.clear()
    try:
        early = _early_language(args)
    except DuepaError as error:  # a bad $DUEPA_CHECK_LANG
        _print_error(error)
        return EXIT_USAGE
    _language["lang"] = early
    command, args, prog_name = _command_for(args)
    _translate_help(command, early)
    try:
        result = command.main(args=args, prog_name=prog_name, standalone_mode=False)
    except typer.Exit as done:
        return done.exit_code
    except (typer.Abort, KeyboardInterrupt):
        from .messages import msg

        _print_error(DuepaError(msg("cli.interrupted")))
        return EXIT_INTERRUPTED
    except typer.TyperException as error:  # usage errors (typer's click): bad option, missing argument
        if _language.get("lang", "en") != "en" and _show_usage_error(error, _language["lang"]):
            return EXIT_USAGE
        show = getattr(error, "show", None)
        show() if show else print(f"duepa-check: {error}", file=sys.stderr)
        return EXIT_USAGE
    except DuepaError as error:
        _print_error(error)
        return EXIT_USAGE
    except BrokenPipeError:
        _discard_stdout()
        return EXIT_OK
    except (OSError, ValueError) as error:
        if not _writing_stdout_failed(error):
            raise
        _discard_stdout()
        from .messages import msg

        _print_error(DuepaError(msg("cli.cannot-write-output", why=_why(error))))
        return EXIT_USAGE
    return result if isinstance(result, int) else EXIT_OK


def _show_usage_error(error, lang: str) -> bool:
    """click's usage error in ``lang``, shaped as click shows it (usage, where help is, the error).

    typer's vendored click writes its messages as English f-strings (no gettext to hook), so the
    common errors are said again from the exception's own facts: an unknown option and its close
    names, a missing argument, a value outside an option's choices or range. Any other error keeps
    click's detail inside the translated frame. English is left to click (``show``): unchanged.
    Returns False for an error that is not click's usage error.
    """
    from .messages import msg, text

    ctx = getattr(error, "ctx", None)
    if not hasattr(error, "format_message") or not hasattr(error, "ctx"):
        return False
    lines = []
    if ctx is not None:
        usage = ctx.get_usage()
        lines.append(text(msg("cli.usage", usage=usage.removeprefix("Usage: ")), lang))
        if ctx.command.get_help_option(ctx) is not None:
            lines.append(text(msg("cli.usage.try", command=ctx.command_path, option=ctx.help_option_names[0]), lang))
        lines.append("")
    lines.append(text(msg("cli.usage.error", message=_usage_detail(error, ctx)), lang))
    print("\n".join(lines), file=sys.stderr)
    return True


def _usage_detail(error, ctx):
    """What went wrong, as a Msg where the exception says enough; else click's own words."""
    from .messages import Listed, msg

    kind = type(error).__name__
    param = getattr(error, "param", None)
    if kind == "NoSuchOption":
        possible = getattr(error, "possibilities", None)
        close = msg("cli.usage.possible", options=Listed(tuple(sorted(possible)))) if possible else ""
        return msg("cli.usage.no-such-option", name=error.option_name, possible=close)
    said = str(getattr(error, "message", ""))
    if kind == "BadOptionUsage" and " requires " in said:
        return msg("cli.usage.needs-value", name=repr(error.option_name))
    if kind == "BadOptionUsage" and said.endswith("does not take a value."):
        return msg("cli.usage.takes-no-value", name=repr(error.option_name))
    if kind == "UsageError" and said.startswith("Got unexpected extra argument") and said.endswith(")"):
        return msg("cli.usage.extra", args=said[said.index("(", len("Got unexpected extra argument(s)")) + 1 : -1])
    if param is None:
        return error.format_message()
    hint = param.get_error_hint(ctx)
    if kind == "MissingParameter":
        return msg("cli.usage.missing-option" if param.param_type_name == "option" else "cli.usage.missing-argument", name=hint)
    if kind != "BadParameter":
        return error.format_message()
    choices = getattr(param.type, "choices", None)
    if choices:
        return msg("cli.usage.choice", name=hint, choices=Listed(tuple(str(getattr(c, "value", c)) for c in choices), "sep.or"))
    low, high = getattr(param.type, "min", None), getattr(param.type, "max", None)
    if low is not None and high is None and not getattr(param.type, "min_open", False):
        return msg("cli.usage.at-least", name=hint, least=f"{low:g}")
    return msg("cli.usage.invalid", name=hint, why=error.message)


def _writing_stdout_failed(error: BaseException) -> bool:
    """Whether ``error`` came from writing the report (a full disk, a closed stdout).

    Every file the commands read is opened inside a function that turns its OSError into a
    one-line DuepaError; what is left is output. A closed stdout is ``None`` (print() then
    writes nothing, sys.stdout.write raises AttributeError) or a closed file (ValueError).
    """
    import errno

    stream = sys.stdout
    if stream is None or getattr(stream, "closed", False):
        return True
    output_errors = (errno.ENOSPC, errno.EIO, errno.EBADF, errno.EDQUOT, errno.EFBIG, errno.EPIPE)
    return isinstance(error, OSError) and error.filename is None and error.errno in output_errors


def _early_language(args: list[str]) -> str:
    """The language before any command runs (for --help and errors while parsing): --lang in the
    arguments, else $DUEPA_CHECK_LANG, else the locale. House rules are read later, by the command."""
    from .messages import LANGUAGES, choose_language

    option = None
    for index, arg in enumerate(args):
        if arg == "--":
            break
        value = arg[len("--lang="):] if arg.startswith("--lang=") else (
            args[index + 1] if arg == "--lang" and index + 1 < len(args) else None
        )
        if value in LANGUAGES:
            option = value
    return choose_language(option, os.environ)


def _translate_help(command, lang: str) -> None:
    """Put the help of our commands and options into ``lang`` from the catalogue.

    Keys: ``help.app``, ``help.command.NAME``, ``help.NAME.PARAM`` for a command's own wording of
    an option, else ``help.option.PARAM``. tests/test_messages.py checks every one exists in
    both languages (and that the English is the help written in this module).
    """
    from .messages import catalogue

    words = catalogue(lang)
    group = getattr(command, "commands", None)
    commands = group or {command.name: command}
    if group:
        command.help = words.get("help.app", command.help)
        _translate_params(command.params, "", words)
        _translate_help_option(command, words)
    for name, sub in commands.items():
        sub.help = words.get(f"help.command.{name}", sub.help)
        _translate_params(sub.params, name, words)
        _translate_help_option(sub, words)


def _translate_help_option(command, words: dict[str, str]) -> None:
    """click makes --help itself, with its own English help text: give it the catalogue's."""
    make = command.get_help_option

    def get_help_option(ctx):
        option = make(ctx)
        if option is not None:
            option.help = words["help.option.help"]
        return option

    command.get_help_option = get_help_option


def _translate_params(params, command: str, words: dict[str, str]) -> None:
    for param in params:
        if hasattr(param, "help"):
            param.help = words.get(f"help.{command}.{param.name}", words.get(f"help.option.{param.name}", param.help))


def _command_for(args: list[str]):
    """The click command to run: only the subcommand asked for, unless help is wanted.

    typer inspects every command's signature when it builds the group; building just the
    one that runs keeps `duepa-check DECK` start-up close to a bare `import typer`.
    """
    name = args[0] if args else ""
    if name not in _subcommands() or any(a in ("--help", "-h") for a in args[:1]):
        return typer.main.get_command(app), args, "duepa-check"
    callback = next(info.callback for info in app.registered_commands if info.callback.__name__ == name)
    single = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
    single.command(name=name)(callback)
    return typer.main.get_command(single), args[1:], f"duepa-check {name}"


def entry_point() -> None:
    sys.exit(main())
