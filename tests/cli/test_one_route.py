"""Which house rules, which language: one route for every command (issue 50). Each command reads
its house-rules file once and loads the card pool once, through ``check.session.Session``, even
when the file names cards (resolving them needs the pool) and sets the language."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from support import AS_OF, BD4, DECKS, run

HOUSE_RULES = "lang: ja\nbanned: [フェアリー・ギフト]\n"  # a card named: the pool resolves it


@pytest.fixture
def counted(tmp_path, monkeypatch):
    """The working folder holds a deck and house rules; every open of the house-rules file and every
    read of a card index is counted."""
    shutil.copy(DECKS / BD4, tmp_path / "deck.txt")
    (tmp_path / ".duepa-check.yaml").write_text(HOUSE_RULES, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    counts = {"house rules": 0, "card index": 0}
    real_open, real_read_bytes = os.open, Path.read_bytes

    def opening(path, *args, **kwargs):
        if os.path.basename(path) == ".duepa-check.yaml":
            counts["house rules"] += 1
        return real_open(path, *args, **kwargs)

    def reading(self):
        if self.name == "index.tsv":
            counts["card index"] += 1
        return real_read_bytes(self)

    monkeypatch.setattr(os, "open", opening)
    monkeypatch.setattr(Path, "read_bytes", reading)
    return counts


@pytest.mark.parametrize(
    "command",
    [
        ["check", "deck.txt", "--as-of", AS_OF],
        ["check", "deck.txt", "--as-of", AS_OF, "--format", "json"],
        ["card", "フェアリー・ギフト"],
        ["stats", "deck.txt"],
        ["partners", "deck.txt", "--format", "json"],
        ["partners", "deck.txt", "--config", ".duepa-check.yaml"],
    ],
    ids=["check", "check-json", "card", "stats", "partners", "partners-config"],
)
def test_each_command_reads_its_house_rules_once_and_loads_the_pool_once(capsys, counted, command):
    done = run(capsys, *command)
    assert done.code in (0, 1), done.err
    assert counted == {"house rules": 1, "card index": 1}


def test_rules_reads_the_house_rules_once_and_loads_the_pool_only_for_the_cards_they_name(capsys, counted):
    done = run(capsys, "rules")
    assert done.code == 0 and "デッキ" in done.out  # lang: ja, from the house rules
    assert counted == {"house rules": 1, "card index": 1}


@pytest.mark.parametrize(
    "command", [["card", "フェアリー・ギフト"], ["rules"], ["stats", "deck.txt"], ["partners", "deck.txt"]]
)
def test_the_house_rules_choose_the_language_of_every_command(capsys, counted, command):
    chosen = run(capsys, *command).out
    assert chosen == run(capsys, *command, "--lang", "ja").out != run(capsys, *command, "--lang", "en").out
