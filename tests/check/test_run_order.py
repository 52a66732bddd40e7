"""Decks in natural order of their paths (d2 before d10) in every output, whatever order a
shell's glob gives them in (issue 36; design.md, fourth wave)."""

from __future__ import annotations

import json

import pytest
from support import AS_OF, BD4, make_deck, run

NAMES = ["d10.txt", "d2.txt", "d1.txt", "a/d9.txt", "a/d10.txt"]
NATURAL = ["a/d9.txt", "a/d10.txt", "d1.txt", "d2.txt", "d10.txt"]


@pytest.fixture
def decks(tmp_path, monkeypatch):
    for name in NAMES:
        make_deck(tmp_path / "decks", BD4, name=name, append=["1 ｚｚｚｚｚｚｚ"])  # DP100: named in every format
    monkeypatch.chdir(tmp_path)
    return tmp_path / "decks"


def test_a_folder_is_checked_in_natural_order(capsys, decks):
    document = run(capsys, "decks", "--format", "json", "--as-of", AS_OF).json
    text = run(capsys, "decks", "--as-of", AS_OF, "--format", "table").out.partition("summary")[2]
    places = [text.find(f"decks/{name}") for name in NATURAL]
    assert -1 not in places and places == sorted(places)  # the summary table too
    assert [d["path"] for d in document["decks"]] == [f"decks/{name}" for name in NATURAL]


def test_files_as_a_shell_glob_gives_them_come_in_natural_order_too(capsys, decks):
    globbed = sorted(f"decks/{name}" for name in NAMES)  # what `decks/*.txt` passes: d1, d10, d2
    document = run(capsys, *globbed, "--format", "json", "--as-of", AS_OF).json
    assert [d["path"] for d in document["decks"]] == [f"decks/{name}" for name in NATURAL]


@pytest.mark.parametrize("output", ["text", "github", "sarif", "html"])
def test_every_format_lists_the_decks_in_the_same_order(capsys, decks, output):
    out = run(capsys, "decks", "--format", output, "--as-of", AS_OF).out
    if output == "sarif":
        results = json.loads(out)["runs"][0]["results"]
        out = " ".join(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results)
    places = [out.find(f"decks/{name}") for name in NATURAL]
    assert -1 not in places and places == sorted(places), (output, places)
