"""Checking a decklist held in memory (``Checker.check_text``, issue 48's first seam): what
`duepa-check PATH` reports for a file holding the same text, byte for byte, and importable where
typer, rich and requests are not (the web page of issue 53 runs under Pyodide without them)."""

from __future__ import annotations

import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
from support import AS_OF, BD4, BROKEN, DECKS, deck_lines, run

from duepa_check.check.checker import Checker, CheckOptions
from duepa_check.check.results import RunInfo
from duepa_check.data.pool import CardPool
from duepa_check.data.regulation import load_current
from duepa_check.report.renderers import RENDERERS

FIXTURES = sorted(path.name for path in DECKS.glob("*.txt"))
BROKEN_TEXT = "\n".join(BROKEN.get(number, line) for number, line in enumerate(deck_lines(BD4), start=1)) + "\n"


def _checker(config: Path | None = None) -> Checker:
    pool = CardPool.load(None)
    return Checker(pool, load_current(None), CheckOptions(as_of=date.fromisoformat(AS_OF), config_path=config))


def _documents(checker: Checker, text: str, path: Path, *formats: str) -> dict[str, str]:
    deck, result = checker.check_text(text, path)
    assert (deck is None) == (result.error is not None)
    info = RunInfo(date.fromisoformat(AS_OF), checker.regulation.data_date, "embedded", "en")
    return {name: RENDERERS[name]([result], info, False) for name in formats}


def _cli(capsys, path: Path, output: str, *extra) -> str:
    done = run(capsys, path, "--format", output, "--as-of", AS_OF, "--lang", "en", *extra)
    assert "Traceback" not in done.err
    return done.out


@pytest.mark.parametrize("name", FIXTURES)
def test_every_fixture_deck_is_reported_as_the_cli_reports_its_file(capsys, tmp_path, name):
    text = (DECKS / name).read_text(encoding="utf-8")
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    got = _documents(_checker(), text, path, "json", "text")
    assert got["json"] == _cli(capsys, path, "json")
    assert got["text"] == _cli(capsys, path, "text")


@pytest.mark.parametrize(
    "text",
    [
        BROKEN_TEXT,  # a wrong civilization, a second copy, an unknown name (with its close names)
        "\ufeff" + BROKEN_TEXT.replace("\n", "\r\n"),  # a BOM and CRLF, as Windows Notepad saves
        "パートナー: ボルシャック・ドラゴ大王\n1 ボルシャック・ドラゴ大王\nnot a card at all\n",
        "   \n\n",  # nothing but whitespace: no decklist
        "1 a\x01b\x02c\x03d\x04\n",  # control characters: binary
        "1 a\x00b\n",  # a NUL
    ],
    ids=["broken", "bom-crlf", "short", "blank", "controls", "nul"],
)
def test_problems_and_unreadable_text_are_reported_as_for_the_file(capsys, tmp_path, text):
    path = tmp_path / "deck.txt"
    path.write_bytes(text.encode("utf-8"))
    assert _documents(_checker(), text, path, "json")["json"] == _cli(capsys, path, "json")


def test_the_house_rules_of_the_paths_folder_apply(capsys, tmp_path):
    (tmp_path / ".duepa-check.yaml").write_text("deck_size: 40\nsingleton: false\n", encoding="utf-8")
    path = tmp_path / "sub" / "deck.txt"
    path.parent.mkdir()
    path.write_text(BROKEN_TEXT, encoding="utf-8")
    got = _documents(_checker(), BROKEN_TEXT, path, "json")["json"]
    assert '"DP002"' not in got  # singleton off: the second 龍の呼び声 is allowed
    assert got == _cli(capsys, path, "json")


def test_the_size_limit_is_the_files(capsys, tmp_path):
    text = "1 ボルシャック・ドラゴ大王\n" * 30_000  # 1.08 MB in UTF-8, 480,000 characters
    path = tmp_path / "deck.txt"
    path.write_text(text, encoding="utf-8")
    deck, result = _checker().check_text(text, path)
    assert deck is None and result.error.key == "input.too-large"
    assert _documents(_checker(), text, path, "json")["json"] == _cli(capsys, path, "json")


def test_close_names_can_be_left_unsearched():
    deck, result = _checker().check_text(BROKEN_TEXT, "deck.txt", close_names=False)
    unknown = [v for v in result.violations if v.rule == "DP100"]
    assert [v.line for v in unknown] == [32]
    assert "suggestions" not in unknown[0].hint.args
    assert deck is not None and deck.card_count == 60


BLOCKED = """
import sys
from importlib.abc import MetaPathFinder

class Blocked(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"typer", "click", "rich", "requests"}:
            raise ImportError(f"{name} is blocked")
        return None

sys.meta_path.insert(0, Blocked())
from datetime import date
from duepa_check.check.checker import Checker, CheckOptions
from duepa_check.check.results import RunInfo
from duepa_check.data.pool import CardPool
from duepa_check.data.regulation import load_current
from duepa_check.report.renderers import RENDERERS

pool, regulation = CardPool.load(None), load_current(None)
checker = Checker(pool, regulation, CheckOptions(as_of=date(2026, 3, 16)))
deck, result = checker.check_text(sys.stdin.read(), "deck.txt")
info = RunInfo(date(2026, 3, 16), regulation.data_date, "embedded", "en")
for name in sys.argv[1:]:
    print(name, len(RENDERERS[name]([result], info, False)) > 0, result.errors)
print(sorted({n.split(".")[0] for n in sys.modules} & {"typer", "click", "rich", "requests"}))
"""


def test_a_check_and_every_renderer_run_without_typer_rich_or_requests(tmp_path):
    done = subprocess.run(
        [sys.executable, "-c", BLOCKED, *RENDERERS],
        input=BROKEN_TEXT,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=tmp_path,
        env={"XDG_DATA_HOME": str(tmp_path), "PATH": "", "LANG": "C.UTF-8"},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"{name} True 3" for name in RENDERERS] + ["[]"]
