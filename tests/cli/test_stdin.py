"""`duepa-check -` reads one decklist from standard input, like a file."""

from __future__ import annotations

import io
import sys

import pytest
from support import AS_OF, BD4, DECKS, deck_lines, run


@pytest.fixture
def stdin(monkeypatch):
    def feed(data: bytes) -> None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))

    return feed


BD4_BYTES = (DECKS / BD4).read_bytes()


def test_a_legal_deck_from_stdin(capsys, stdin):
    stdin(BD4_BYTES)
    result = run(capsys, "-", "--as-of", AS_OF)
    assert result.code == 0, result.out + result.err
    assert result.out.startswith("<stdin>  partner 《ボルシャック・ドラゴ大王》")


def test_stdin_with_other_files_and_a_problem_on_its_line(capsys, stdin):
    lines = deck_lines(BD4)
    lines[29] = "1 フェアリー・シャワー"  # line 30: 水/自然 in a 火/自然 deck
    stdin("\n".join(lines).encode("cp932"))  # Shift_JIS, as a Japanese Windows editor saves it
    result = run(capsys, DECKS / BD4, "-", "--as-of", AS_OF, "--format", "json")
    assert result.code == 1
    decks = {d["path"]: d for d in result.json["decks"]}
    assert decks[str(DECKS / BD4)]["legal"] is True
    assert [(v["rule"], v["line"]) for v in decks["<stdin>"]["violations"]] == [("DP005", 30)]


def test_stdin_filename_names_the_deck_and_picks_the_format(capsys, stdin):
    stdin("partner: ボルシャック・ドラゴ大王\ncards:\n  - ボルシャック・ドラゴン\n".encode())
    result = run(capsys, "-", "--stdin-filename", "mine.yaml", "--as-of", AS_OF, "--format", "json")
    deck = result.json["decks"][0]
    assert deck["path"] == "mine.yaml"
    assert deck["card_count"] == 2  # read as YAML: the partner and one card
    assert [v["rule"] for v in deck["violations"]] == ["DP001"]


def test_stdin_filename_finds_the_house_rules_of_its_folder(capsys, stdin, tmp_path, monkeypatch):
    (tmp_path / "league").mkdir()
    (tmp_path / "league" / ".duepa-check.yaml").write_text("deck_size: 40\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    stdin(BD4_BYTES)
    result = run(capsys, "-", "--stdin-filename", "league/deck.txt", "--as-of", AS_OF, "--format", "json")
    assert [v["rule"] for v in result.json["decks"][0]["violations"]] == ["DP001"]
    stdin(BD4_BYTES)
    assert run(capsys, "-", "--as-of", AS_OF).code == 0  # <stdin> lives in the current folder: no house rules


@pytest.mark.parametrize(
    ("data", "why"),
    [(b"", "empty"), (b"\x00\x01binary", "binary"), (b"1 x\n" * 300_000, "larger than 1 MB")],
)
def test_bad_stdin_is_one_line_exit_2(capsys, stdin, data, why):
    stdin(data)
    result = run(capsys, "-")
    assert result.code == 2
    assert result.err.count("\n") == 1 and "<stdin>" in result.err and why in result.err
    assert "Traceback" not in result.err


def test_stats_reads_stdin(capsys, stdin):
    stdin(BD4_BYTES)
    result = run(capsys, "stats", "-", "--format", "json")
    assert result.code == 0
    assert (result.json["path"], result.json["card_count"]) == ("<stdin>", 60)
