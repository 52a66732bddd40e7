"""Helpers the tests share: decks built from the two official product lists, the CLI run
in-process, a deck's JSON, the English left in a Japanese line, the broken deck of the CI-format
tests. Import them with ``from support import ...`` (``tests`` is on
the path: pyproject.toml's pytest ``pythonpath``)."""

from __future__ import annotations

import functools
import importlib.util
import json
import re
import string
import sys
from dataclasses import dataclass
from pathlib import Path

from duepa_check.cli import main

DECKS = Path(__file__).parent / "fixtures" / "decks"
BD4 = "DM23-BD4.txt"  # partner ボルシャック・ドラゴ大王 (火/自然), cards on lines 4-62
BD6 = "DM24-BD6.txt"  # partner 偽神殺しのツラトゥストラ (光/闇/火), cards on lines 4-62
# Three problems in BD4's 60 cards: a wrong civilization (line 30), a second 龍の呼び声 (line 31,
# first on line 33), an unknown name (line 32).
BROKEN = {30: "1 フェアリー・シャワー", 31: "1 龍の呼び声", 32: "1 ボルシャック・ドラゴソ"}
AS_OF = "2026-03-16"  # the data date: no DP202/DP203 warnings, stable output


def deck_lines(base: str = BD4) -> list[str]:
    return (DECKS / base).read_text(encoding="utf-8").splitlines()


def line_no(base: str, name: str) -> int:
    """The 1-based line of the fixture deck that lists ``name``."""
    for number, line in enumerate(deck_lines(base), start=1):
        if line in (f"1 {name}", f"パートナー: {name}"):
            return number
    raise LookupError(f"{name} is not in {base}")


def make_deck(
    tmp_path: Path,
    base: str = BD4,
    replace: dict[int, str] | None = None,
    append: list[str] | tuple[str, ...] = (),
    name: str = "deck.txt",
    encoding: str = "utf-8",
    newline: str = "\n",
) -> Path:
    """A copy of a fixture deck with some lines (1-based) replaced and some appended.

    Replacing a line keeps every other line number, so tests can assert exact lines.
    """
    lines = deck_lines(base)
    for number, text in (replace or {}).items():
        lines[number - 1] = text
    lines.extend(append)
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes((newline.join(lines) + newline).encode(encoding))
    return path


@dataclass
class Run:
    code: int
    out: str
    err: str

    @property
    def json(self) -> dict:
        return json.loads(self.out)


def run(capsys, *args) -> Run:
    capsys.readouterr()
    code = main([str(a) for a in args])
    captured = capsys.readouterr()
    return Run(code, captured.out, captured.err)


def check_json(capsys, path: Path, *extra, as_of: str = AS_OF) -> tuple[int, dict]:
    """Check one deck with --format json; (exit code, that deck's JSON object)."""
    result = run(capsys, path, "--format", "json", "--as-of", as_of, *extra)
    assert "Traceback" not in result.out + result.err
    document = result.json
    assert len(document["decks"]) == 1
    return result.code, document["decks"][0]


def rule_lines(deck: dict) -> list[tuple[str, int | None]]:
    """(rule, line) of every violation, in report order."""
    return [(v["rule"], v["line"]) for v in deck["violations"]]


def deck_text(base: str = BD4, replace: dict[int, str] | None = None, append: tuple[str, ...] | list[str] = ()) -> str:
    """A fixture deck's text with some lines (1-based) replaced and some appended: ``make_deck``
    without the file, for the checks of text held in memory (``check_text``)."""
    lines = deck_lines(base)
    for number, text in (replace or {}).items():
        lines[number - 1] = text
    return "\n".join([*lines, *append]) + "\n"


@functools.cache
def embedded_card_data():  # the embedded pool and regulation, loaded once for the whole session
    from duepa_check.data.pool import CardPool
    from duepa_check.data.regulation import load_current

    return CardPool.load(None), load_current(None)


def check_text(
    text: str,
    folder: Path,
    *,
    name: str = "deck.txt",
    as_of: str = AS_OF,
    partner: str | None = None,
    config: Path | None = None,
    include_unconfirmed: bool = False,
) -> tuple[int, dict]:
    """(exit code, the deck's JSON object) of a decklist held in memory, checked as the file
    ``folder / name`` holding it would be: ``Checker.check_text``, the entry the language server
    and the web page use, with the close names a run searches. The rule tests' way (as yamllint's
    tests check inline text); the options are the CLI's --as-of, --partner, --config and
    --include-unconfirmed. A few tests still go through ``main`` from end to end."""
    from datetime import date

    from duepa_check.check.checker import Checker, CheckOptions
    from duepa_check.check.close_names import fill_close_names
    from duepa_check.check.results import exit_code
    from duepa_check.report.json_doc import deck_json

    pool, regulation = embedded_card_data()
    options = CheckOptions(
        as_of=date.fromisoformat(as_of), partner=partner, config_path=config, include_unconfirmed=include_unconfirmed
    )
    checker = Checker(pool, regulation, options)
    _deck, result = checker.check_text(text, folder / name, close_names=False)
    fill_close_names([result], pool, checker.notes)
    return exit_code([result]), deck_json(result)


def problems(text: str, folder: Path, **options) -> list[tuple[str, int | None]]:
    """(rule, line) of every finding of a decklist held in memory (``check_text``), in report order."""
    return rule_lines(check_text(text, folder, **options)[1])


def table_rows(text: str) -> list[list[str]]:
    """The body rows of every box table in ``text`` (rich's or ours), cells stripped."""
    return [[c.strip() for c in line.split("│")[1:-1]] for line in text.splitlines() if line.startswith("│")]


TOOLS = Path(__file__).resolve().parents[1] / "tools"


def tool_module(name: str):
    """A module of tools/ imported by path (tools/ is not a package): ``tool_module("card_checks")``."""
    if str(TOOLS) not in sys.path:
        sys.path.insert(0, str(TOOLS))
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


# --- the words of the messages (tests/contracts: the catalogues, the language of errors) ----------

FORMATTER = string.Formatter()


def placeholders(template: str) -> set[tuple[str, str | None]]:
    return {(name, conversion) for _, name, _, conversion in FORMATTER.parse(template) if name is not None}


# Text that may stay in Latin letters in a Japanese report: our command and option names, file
# names, the {name, count} form of YAML decklists, rule ids, and card names (in 《》 or cells).
ALLOWED = re.compile(
    r"duepa-check( update)?|--[a-z-]+|\{name, count\}|DP\d{3}|[\w./<>-]+\.(txt|yaml|yml|json|dek)|《[^》]*》"
)


def english_sentences(report: str) -> list[str]:
    """Runs of two or more English words left after the allowed tokens are removed."""
    rest = ALLOWED.sub(" ", report)
    return re.findall(r"[A-Za-z]{2,}(?:[ ,;:'()]+[A-Za-z]{2,})+", rest)


# --- the broken deck of the CI-format tests (tests/contracts: annotations, SARIF, pre-commit) -----

WRONG_CIV_LINE = 22  # 1 メガ・ブレード・ドラゴン → a 水 card in a 火/自然 deck
WRONG_CIV_CARD = "アクア・サーファー"
DUPLICATE_LINE = 44  # 1 キズナ・チャージャー → a second copy of line 4
DUPLICATE_CARD = "ガルチェンソ・ドラゴン"


def broken_deck_text() -> str:
    """DM23-BD4 with two errors at known lines; still 60 cards."""
    lines = (DECKS / BD4).read_text(encoding="utf-8").splitlines()
    assert lines[WRONG_CIV_LINE - 1] == "1 メガ・ブレード・ドラゴン"
    assert lines[DUPLICATE_LINE - 1] == "1 キズナ・チャージャー"
    assert lines[3] == f"1 {DUPLICATE_CARD}"
    lines[WRONG_CIV_LINE - 1] = f"1 {WRONG_CIV_CARD}"
    lines[DUPLICATE_LINE - 1] = f"1 {DUPLICATE_CARD}"
    return "\n".join(lines) + "\n"
