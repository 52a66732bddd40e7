"""A house-rules file is named in every message as the run names it: relative to the working folder
when it lies below it, never by this machine's absolute path, in every format (issue 36; design.md,
fourth wave)."""

from __future__ import annotations

import json

import pytest
from support import AS_OF, BD4, make_deck, run


@pytest.fixture
def banned(tmp_path, monkeypatch):
    """decks/deck.txt under decks/.duepa-check.yaml banning one of its cards; the run in tmp_path."""
    deck = make_deck(tmp_path / "decks", BD4)
    (tmp_path / "decks" / ".duepa-check.yaml").write_text("banned: [ガルチェンソ・ドラゴン]\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return deck


@pytest.mark.parametrize("output", ["text", "json", "sarif", "github", "html"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_dp010_names_the_house_rules_file_relative_to_the_run(capsys, banned, tmp_path, output, lang):
    result = run(capsys, "decks/deck.txt", "--format", output, "--as-of", AS_OF, "--lang", lang)
    assert result.code == 1
    assert str(tmp_path) not in result.out + result.err
    wanted = "decks/.duepa-check.yaml"
    if output == "html":
        assert wanted in result.out
    elif output in ("json", "sarif"):
        document = json.loads(result.out)
        messages = (
            [v["message"] for v in document["decks"][0]["violations"]]
            if output == "json"
            else [r["message"]["text"] for r in document["runs"][0]["results"]]
        )
        assert any(wanted in message for message in messages), messages
    else:
        assert wanted in result.out


def test_a_broken_house_rules_file_is_named_relative_to_the_run(capsys, banned, tmp_path):
    (tmp_path / "decks" / ".duepa-check.yaml").write_text("deck_sise: 60\n", encoding="utf-8")
    for lang in ("en", "ja"):
        result = run(capsys, "decks/deck.txt", "--lang", lang)
        assert result.code == 2 and result.err.startswith("duepa-check: decks/.duepa-check.yaml: "), result.err


def test_a_file_above_the_run_keeps_its_path(capsys, banned, tmp_path, monkeypatch):
    """Not below the working folder: named as found (relative would be ../..., no clearer)."""
    monkeypatch.chdir(tmp_path / "decks")
    (tmp_path / "decks" / ".duepa-check.yaml").unlink()
    (tmp_path / ".duepa-check.yaml").write_text("banned: [ガルチェンソ・ドラゴン]\n", encoding="utf-8")
    result = run(capsys, "deck.txt", "--format", "json", "--as-of", AS_OF)
    assert result.json["decks"][0]["config"] == str(tmp_path / ".duepa-check.yaml")
