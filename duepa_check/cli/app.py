"""The commands and their options: the typer app. ``duepa-check DECK...`` is ``duepa-check check
DECK...``; ``card``, ``rules``, ``update``, ``stats``, ``partners`` and ``lsp`` (the language server,
``duepa_check.lsp``) are subcommands. What each command does lives in ``commands``; how a run
starts, which command it runs and how its failures become exit codes, in ``cli.entry``.

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

from .. import __version__
from ..check.results import EXIT_OK, EXIT_USAGE, EXIT_VIOLATION, exit_code
from ..errors import DuepaError
from ..messages import LANGUAGES
from ..reading.inputs import STDIN_ARGUMENT
from ..report.renderers import RENDERERS
from .language import current_language, decide_language, set_language
from .output import print_error

app = typer.Typer(
    # --install-completion, --show-completion: on the group only (built for help, never for a check)
    add_completion=True,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Check デュエパーティー (DuePar) decklists: 60 cards, one partner, singleton, civilizations, 殿堂.",
)
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report a Ctrl-C
EXIT_TERMINATED = 143  # 128 + SIGTERM (a CI job's timeout or cancel), as shells report it


# --format's choices are the renderers' names (renderers.RENDERERS: a new format is one line there).
OutputFormat = Enum("OutputFormat", {name: name for name in RENDERERS}, type=str)  # type: ignore[misc]


class SimpleFormat(str, Enum):
    text = "text"
    json = "json"


class Fail(DuepaError):
    """An expected failure: print the message on one line and exit 2."""


# --lang's choices: the catalogues' languages, Japanese first (as users are offered them).
Lang = Enum("Lang", {code: code for code in sorted(LANGUAGES, key=lambda code: code != "ja")}, type=str)  # type: ignore[misc]


def _lang(option: "Lang | None") -> str | None:
    return option.value if option else None


def _as_of(text: str | None) -> date:
    if text is None:
        return date.today()
    from ..data.dates import parse_day

    day = parse_day(text)
    if day is None:
        from ..messages import msg

        raise Fail(msg("error.as-of", value=text))
    return day


DataDirOption = Annotated[
    Path | None,
    typer.Option(
        "--data-dir", metavar="DIR", help="Updated card data (default: $DUEPA_CHECK_DATA or the user data dir)."
    ),
]
AsOfOption = Annotated[
    str | None,
    typer.Option("--as-of", metavar="DATE", help="Regulation in force on this date (YYYY-MM-DD or YYYY/MM/DD)."),
]
ConfigOption = Annotated[
    Path | None, typer.Option(metavar="FILE", help="House rules file (default: nearest .duepa-check.yaml).")
]
NoColorOption = Annotated[bool, typer.Option("--no-color", help="No colours.")]
LangOption = Annotated[
    Lang | None,
    typer.Option(
        "--lang", help="Language of messages: ja or en (else $DUEPA_CHECK_LANG, house rules lang:, the locale)."
    ),
]


@app.command()
def check(
    decks: Annotated[
        list[str],  # str, not Path: Path("") is "." and an unset $VAR would check the current folder
        typer.Argument(
            help="Decklist files or folders; - reads standard input.", show_default=False, metavar="DECK..."
        ),
    ],
    partner: Annotated[str | None, typer.Option(metavar="CARD", help="Designate or override the partner.")] = None,
    output_format: Annotated[
        OutputFormat | None,
        typer.Option(
            "--format",
            metavar="FORMAT",
            help=(
                "Output format (default text: a table on a terminal, one line a problem elsewhere; lines or table "
                "choose one anywhere; github on GitHub Actions)."
            ),
        ),
    ] = None,
    as_of: AsOfOption = None,
    config: ConfigOption = None,
    strict: Annotated[
        bool, typer.Option("--strict", help="Warnings about the deck fail too (DP202, the data's age, does not).")
    ] = False,
    exit_zero: Annotated[bool, typer.Option("--exit-zero", help="Exit 0 even when a deck is not legal.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only problems.")] = False,
    no_color: NoColorOption = False,
    include_unconfirmed: Annotated[
        bool, typer.Option("--include-unconfirmed", help="Apply the unconfirmed later 殿堂 change.")
    ] = False,
    data_dir: DataDirOption = None,
    stdin_filename: Annotated[
        str | None,
        typer.Option(metavar="NAME", help="What to call a deck read from -: its format (by suffix) and house rules."),
    ] = None,
    skip_non_decklists: Annotated[
        bool,
        typer.Option(
            "--skip-non-decklists",
            help=(
                "A file named that is no decklist (prose, another tool's YAML) is listed as skipped, not checked "
                "(the pre-commit hook)."
            ),
        ),
    ] = False,
    lang: LangOption = None,
    deck_column: Annotated[
        str | None,
        typer.Option(
            metavar="COLUMN",
            help="Submission sheet (CSV/TSV of form responses): the decklist column, by header or number.",
        ),
    ] = None,
    player_column: Annotated[
        str | None, typer.Option(metavar="COLUMN", help="Submission sheet: the player's name column.")
    ] = None,
    partner_column: Annotated[
        str | None, typer.Option(metavar="COLUMN", help="Submission sheet: the partner column.")
    ] = None,
    time_column: Annotated[
        str | None, typer.Option(metavar="COLUMN", help="Submission sheet: the timestamp column.")
    ] = None,
    fix: Annotated[
        bool,
        typer.Option(
            "--fix",
            help=(
                "Write every card name as the official card list spells it (nothing else changes); - prints the "
                "fixed list."
            ),
        ),
    ] = False,
    diff: Annotated[
        bool,
        typer.Option(
            "--diff",
            help="Print what --fix would change as a diff and write nothing; exit 1 when something would change.",
        ),
    ] = False,
    unsafe_fixes: Annotated[
        bool,
        typer.Option(
            "--unsafe-fixes", help="With --fix or --diff, also fix a typo when one card is clearly the one meant."
        ),
    ] = False,
) -> int:
    """Check decklists (this is also what `duepa-check DECK...` does)."""
    from .commands import check_decks

    _fix_options(diff, fix, unsafe_fixes, output_format)
    if output_format is None:
        output_format = OutputFormat("github" if os.environ.get("GITHUB_ACTIONS") == "true" else "text")
    day = _as_of(as_of)
    fixing = None
    if fix or diff:
        from .fixing import Fixing

        fixing = Fixing(write=not diff, unsafe=unsafe_fixes)
    results = check_decks(
        _deck_paths(decks, partner, stdin_filename),
        output_format.value,
        day,
        lang=_lang(lang),
        partner=partner,
        config=config,
        include_unconfirmed=include_unconfirmed,
        data_dir=data_dir,
        stdin_filename=stdin_filename,
        sheet_columns=(deck_column, player_column, partner_column, time_column),
        quiet=quiet,
        no_color=no_color,
        skip_non_decklists=skip_non_decklists,
        fixing=fixing,
    )
    if fixing is not None and (fixing.refused or not fixing.write):
        return EXIT_USAGE if fixing.refused else EXIT_VIOLATION if fixing.changed else EXIT_OK
    return exit_code(results, strict, exit_zero)


def _fix_options(diff: bool, fix: bool, unsafe: bool, output_format: "OutputFormat | None") -> None:
    """--diff prints a diff, which no machine format carries: a --format other than text is
    refused (never silently ignored). --unsafe-fixes alone changes nothing: one warning line."""
    from ..messages import msg

    if diff and output_format is not None and output_format.value != "text":
        raise Fail(msg("fix.diff-format", format=output_format.value))
    if unsafe and not (fix or diff):
        from ..messages import text

        print(text(msg("cli.warning", message=msg("fix.unsafe-alone")), current_language()), file=sys.stderr)


def _deck_paths(decks: list[str], partner: str | None = None, stdin_name: str | None = None) -> list[Path]:
    """The DECK arguments as paths (a bare ``-``: standard input, once); an empty one (an unset CI
    variable) is an error, not the current folder.
    With ``--partner``, missing files that look like the rest of a name (``--partner 無双竜機 ボルバルザーク``:
    the shell split the name at its space) are one line saying to quote the name."""
    from ..messages import msg

    empty = [number for number, deck in enumerate(decks, start=1) if not deck]
    if empty:
        raise Fail(msg("error.empty-deck-argument", number=empty[0], count=len(decks)))
    if decks.count(STDIN_ARGUMENT) > 1:
        raise Fail(msg("error.stdin-twice", count=decks.count(STDIN_ARGUMENT)))
    paths = [_input(deck, stdin_name) for deck in decks]
    if partner:
        words = [deck for deck, path in zip(decks, paths) if _name_word(deck, path)]
        if words:
            raise Fail(msg("error.partner-split", path=words[0], partner=" ".join([partner, *words])))
    return paths


def _input(argument: str, stdin_name: str | None = None) -> Path:
    """One input as the argument names it: only a bare ``-`` is standard input (``reading.inputs``);
    ``./-`` (and a ``-`` after ``--``, which ``cli.arguments`` spells so) is the file called ``-``."""
    from ..reading.inputs import STDIN_NAME, StandardInput

    return StandardInput(stdin_name or STDIN_NAME) if argument == STDIN_ARGUMENT else Path(argument)


def _name_word(deck: str, path: Path) -> bool:
    """A DECK argument that names no file and reads as a word of a card name (no folder, no suffix)."""
    return deck != STDIN_ARGUMENT and not path.suffix and len(path.parts) == 1 and not path.exists()


@app.command()
def card(
    name: Annotated[
        list[str], typer.Argument(help="A card name, typed any way.", metavar="NAME...", show_default=False)
    ],
    as_of: AsOfOption = None,
    output_format: Annotated[SimpleFormat, typer.Option("--format")] = SimpleFormat.text,
    data_dir: DataDirOption = None,
    no_color: NoColorOption = False,
    lang: LangOption = None,
) -> int:
    """Look a card up: faces, civilizations, cost, zone, partner eligibility, 殿堂 status."""
    from ..check.session import Session

    session = Session(data_dir)
    lang_code = decide_language(session, _lang(lang), None)
    from .commands import show_card

    found = show_card(" ".join(name), _as_of(as_of), output_format is SimpleFormat.json, session, lang_code, no_color)
    return EXIT_OK if found else EXIT_VIOLATION


@app.command()
def rules(
    rule: Annotated[str | None, typer.Argument(help="Show one rule in full (id or name).", metavar="RULE")] = None,
    output_format: Annotated[SimpleFormat, typer.Option("--format")] = SimpleFormat.text,
    no_color: NoColorOption = False,
    lang: LangOption = None,
) -> int:
    """List the rules, their ids, and what house rules can change."""
    from ..check.session import Session

    lang_code = decide_language(Session(), _lang(lang), None)
    from .commands import show_rules

    show_rules(rule, output_format is SimpleFormat.json, lang_code, no_color)
    return EXIT_OK


@app.command(
    help=(
        "Refresh the card pool and the regulation from the official site (https://dm.takaratomy.co.jp, or "
        "--source) into your data folder (--data-dir, $DUEPA_CHECK_DATA, else the platform's); a first run takes "
        "a few minutes (one request a second, only the cards the data does not hold yet)."
    )
)
def update(
    source: Annotated[
        str | None, typer.Option(metavar="URL", help="The official site or a mirror (same paths).")
    ] = None,
    full: Annotated[bool, typer.Option("--full", help="Refetch every card, not only new ones.")] = False,
    delay: Annotated[
        float, typer.Option(metavar="SECONDS", help="Seconds between requests (at least 1).", min=1.0)
    ] = 1.0,
    max_time: Annotated[
        float, typer.Option(metavar="SECONDS", help="Stop after this many seconds; the next update resumes.", min=1.0)
    ] = 6 * 3600.0,
    data_dir: DataDirOption = None,
    lang: LangOption = None,
) -> int:
    """Refresh the card pool and the regulation from the official site."""
    from ..check.session import Session

    lang_code = decide_language(Session(data_dir), _lang(lang), None)
    from ..update.common import UpdateInterrupted
    from .commands import update_data

    try:
        update_data({"source": source, "full": full, "delay": delay, "max_time": max_time}, data_dir, lang_code)
    except UpdateInterrupted as interrupted:  # before click turns it into a bare "Aborted"
        print_error(interrupted.text(lang_code))
        raise typer.Exit(EXIT_INTERRUPTED) from None
    return EXIT_OK


@app.command()
def stats(
    deck: Annotated[
        str, typer.Argument(help="One decklist file; - reads standard input.", show_default=False, metavar="DECK")
    ],
    partner: Annotated[str | None, typer.Option(metavar="CARD", help="Designate or override the partner.")] = None,
    output_format: Annotated[SimpleFormat, typer.Option("--format")] = SimpleFormat.text,
    svg: Annotated[
        Path | None, typer.Option(metavar="FILE", help="Also write the view as an SVG picture here.")
    ] = None,
    no_color: NoColorOption = False,
    data_dir: DataDirOption = None,
    lang: LangOption = None,
) -> int:
    """Show a deck's shape: mana curve, civilizations, card types, partner."""
    path = _input(deck)
    from .output import refuse_output_over_input

    refuse_output_over_input("--svg", svg, [path])
    from ..check.session import Session

    session = Session(data_dir)
    lang_code = decide_language(session, _lang(lang), None if deck == STDIN_ARGUMENT else path)
    from .commands import show_stats

    shown = show_stats(path, partner, output_format is SimpleFormat.json, svg, no_color, session, lang_code)
    return EXIT_OK if shown else EXIT_VIOLATION


@app.command()
def partners(
    deck: Annotated[
        str, typer.Argument(help="One decklist file; - reads standard input.", show_default=False, metavar="DECK")
    ],
    search_pool: Annotated[
        bool, typer.Option("--pool", help="Also list cards of the whole pool that fit every card of the deck.")
    ] = False,
    output_format: Annotated[SimpleFormat, typer.Option("--format")] = SimpleFormat.text,
    as_of: AsOfOption = None,
    config: ConfigOption = None,
    no_color: NoColorOption = False,
    data_dir: DataDirOption = None,
    lang: LangOption = None,
) -> int:
    """Which cards could lead this deck, best first (exit 1 when none makes every card's colour legal)."""
    from ..check.session import Session
    from .commands import show_partners

    path = _input(deck)
    session = Session(data_dir, config_path=config)
    lang_code = decide_language(session, _lang(lang), None if deck == STDIN_ARGUMENT else path)
    working = show_partners(
        path, search_pool, output_format is SimpleFormat.json, _as_of(as_of), session, no_color, lang_code
    )
    return EXIT_OK if working else EXIT_VIOLATION


@app.command()
def lsp(
    stdio: Annotated[bool, typer.Option("--stdio", help="Accepted and ignored: stdio is the only transport.")] = False,
    client_process_id: Annotated[
        int | None, typer.Option("--clientProcessId", metavar="PID", help="Accepted and ignored (editors append it).")
    ] = None,
    lang: LangOption = None,
) -> int:
    """A language server for decklists (LSP over stdio): an editor starts `duepa-check lsp`; see docs/editors.md."""
    import sys

    lang_code = set_language(_lang(lang))  # the language until the editor's settings choose one
    from ..lsp.server import serve  # pygls and lsprotocol are imported here and nowhere else on the CLI's path

    return serve(sys.stdin.buffer, getattr(sys.stdout, "stream", sys.stdout).buffer, lang_code, _lang(lang))


def _version_callback(value: bool) -> None:
    """The version and the data a check would use: what a bug report needs."""
    if value:
        from ..messages import text
        from .commands import version_text

        print(text(version_text(__version__), current_language()))
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
    from the arguments (``cli_language.early_language``). Anything else starting with an option is a check.
    """
