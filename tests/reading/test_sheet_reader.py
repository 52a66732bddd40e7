"""The submission-sheet reader (decklist_sheet.py): which files are sheets, columns, rows,
resubmissions, the deck cell's bounds and the partner cell. No card pool needed."""

from __future__ import annotations

import csv
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from duepa_check.reading.model import DeckInputError
from duepa_check.reading.sheet import (
    MAX_SHEET_ROWS,
    SheetColumns,
    SheetRow,
    Submission,
    player_key,
    read_sheet,
    row_decklist,
)
from duepa_check.reading.sheet_time import parse_time

RESPONSES = Path(__file__).parent.parent / "fixtures" / "sheets" / "responses.csv"
DECK = "パートナー: ボルシャック・ドラゴ大王\n1 ガルチェンソ・ドラゴン\n1 永遠のリュウセイ・カイザー"


def write(tmp_path: Path, rows: list[list[str]], name: str = "responses.csv", delimiter: str = ",") -> Path:
    path = tmp_path / name
    with open(path, "w", encoding="utf-8", newline="") as handle:
        csv.writer(handle, delimiter=delimiter, lineterminator="\n").writerows(rows)
    return path


def test_the_sample_sheet_rows_players_and_resubmission():
    rows = read_sheet(RESPONSES)
    assert [(r.submission.row, r.submission.player, r.submission.superseded_by) for r in rows] == [
        (2, "たろう", None),
        (3, "はなこ", None),
        (4, "さくら", 6),
        (5, "けん", None),
        (6, "さくら", None),
        (7, "じろう", None),
    ]
    assert rows[0].partner == "ボルシャック・ドラゴ大王" and rows[1].partner is None
    assert rows[0].submission.submitted_at == "2026/11/28 10:02:11"
    assert rows[3].deck == ""
    assert rows[2].submission.superseded and not rows[4].submission.superseded
    assert rows[0].submission.to_json() == {
        "row": 2,
        "player": "たろう",
        "submitted_at": "2026/11/28 10:02:11",
        "superseded": False,
    }


def test_cell_lines_are_file_lines_of_the_cell(tmp_path):
    path = write(
        tmp_path,
        [
            ["Timestamp", "Name", "Note", "Deck"],
            ["2026-11-28 10:00", "a", "two\nlines", DECK],
            ["2026-11-28 10:05", "b", "", DECK],
        ],
    )
    first, second = read_sheet(path)
    assert first.submission.row_line == 2 and first.submission.cell_line == 3  # after the note's line break
    assert first.submission.file_line(2) == 4 and first.submission.file_line(0) == 2
    assert second.submission.row_line == 6 and second.submission.row == 3


def test_a_csv_decklist_headed_deck_with_one_card_per_row_is_no_sheet(tmp_path):
    path = write(tmp_path, [["デッキ"], ["パートナー: ボルシャック・ドラゴ大王"], ["1 ガルチェンソ・ドラゴン"]])
    assert read_sheet(path) is None


def test_the_same_header_with_multi_line_cells_is_a_sheet(tmp_path):
    path = write(tmp_path, [["デッキ"], [DECK], [DECK]])
    rows = read_sheet(path)
    assert [r.submission.row for r in rows] == [2, 3] and rows[0].submission.player is None


def test_a_deck_table_header_is_no_sheet(tmp_path):
    assert read_sheet(write(tmp_path, [["カード名", "枚数"], ["ガルチェンソ・ドラゴン", "1"]])) is None
    assert read_sheet(write(tmp_path, [["1", "ガルチェンソ・ドラゴン"]], "plain.csv")) is None


def test_a_time_column_makes_form_responses_even_with_one_line_cells(tmp_path):
    path = write(
        tmp_path, [["タイムスタンプ", "名前", "デッキ"], ["2026/11/28 10:00:00", "a", "1 ガルチェンソ・ドラゴン"]]
    )
    assert len(read_sheet(path)) == 1


def test_question_headers_name_their_columns(tmp_path):
    path = write(
        tmp_path,
        [
            [
                "タイムスタンプ",
                "デッキ名",
                "あなたのお名前を教えてください",
                "デッキリストを貼り付けてください",
                "デッキリストのURL",
            ],
            ["2026/11/28 10:00:00", "龍幻郷", "たろう", DECK, "https://example.com"],
        ],
    )
    (row,) = read_sheet(path)
    assert row.deck == DECK and row.submission.player == "たろう"


def test_a_question_about_the_decks_name_is_not_the_players_column(tmp_path):
    """'名前' in a header speaking of the deck (words.SHEET_NOT_A_PLAYER_PARTS) names no player."""
    path = write(
        tmp_path,
        [
            ["タイムスタンプ", "デッキの名前を教えてください", "あなたのお名前", "デッキリストを貼り付けてください"],
            ["2026/11/28 10:00:00", "龍幻郷", "たろう", DECK],
        ],
    )
    (row,) = read_sheet(path)
    assert row.deck == DECK and row.submission.player == "たろう"


def test_of_two_deck_columns_the_multi_line_one(tmp_path):
    path = write(tmp_path, [["Deck", "Decklist"], ["dragons", DECK]])
    (row,) = read_sheet(path)
    assert row.deck == DECK


def test_options_name_columns_by_number_or_header(tmp_path):
    path = write(tmp_path, [["A", "B", "C"], ["たろう", "ボルシャック・ドラゴ大王", "1 ガルチェンソ・ドラゴン"]])
    assert read_sheet(path) is None
    (row,) = read_sheet(path, SheetColumns(deck="3", player="A", partner="b"))
    assert (row.deck, row.submission.player, row.partner) == (
        "1 ガルチェンソ・ドラゴン",
        "たろう",
        "ボルシャック・ドラゴ大王",
    )
    with pytest.raises(DeckInputError) as raised:
        read_sheet(path, SheetColumns(deck="D"))
    assert raised.value.message.key == "sheet.no-such-column"
    assert raised.value.message.args["option"] == "--deck-column"


def test_tsv(tmp_path):
    path = write(tmp_path, [["Timestamp", "Player", "Decklist"], ["2026-11-28 10:00", "a", DECK]], "r.tsv", "\t")
    (row,) = read_sheet(path)
    assert row.deck == DECK


def test_latest_by_timestamp_else_by_row(tmp_path):
    rows = [
        ["Timestamp", "Player", "Decklist"],
        ["11/28/2026 12:00:00", "Taro", DECK],
        ["11/28/2026 9:00:00", " taro ", DECK],
        ["", "ＴＡＲＯ", DECK],
    ]
    by_row = read_sheet(write(tmp_path, rows))  # one time cannot be read: row order decides
    assert [r.submission.superseded_by for r in by_row] == [4, 4, None]
    by_time = read_sheet(write(tmp_path, rows[:3]))
    assert [r.submission.superseded_by for r in by_time] == [None, 2]


def test_rows_without_a_player_stand_alone(tmp_path):
    rows = read_sheet(write(tmp_path, [["Timestamp", "Player", "Decklist"], ["", "", DECK], ["", "", DECK]]))
    assert [r.submission.superseded for r in rows] == [False, False]


def test_player_key():
    assert player_key(" Taro  Y ") == player_key("ｔａｒｏｙ") == "taroy"


@pytest.mark.parametrize(
    "text, expected",
    [
        ("2026/11/28 14:03:12", datetime(2026, 11, 28, 14, 3, 12)),
        ("11/28/2026 14:03:12", datetime(2026, 11, 28, 14, 3, 12)),
        ("2026-11-28T14:03:12", datetime(2026, 11, 28, 14, 3, 12)),
        ("2026-11-28T14:03:12Z", datetime(2026, 11, 28, 14, 3, 12, tzinfo=UTC)),  # the offset applied (issue 39)
        ("2026-11-28T23:03:12+09:00", datetime(2026, 11, 28, 14, 3, 12, tzinfo=UTC)),
        ("2026/11/28 午後 2:03:12", datetime(2026, 11, 28, 14, 3, 12)),
        ("2026/11/28 午前 12:03:12", datetime(2026, 11, 28, 0, 3, 12)),
        ("yesterday", None),
        ("", None),
    ],
)
def test_parse_time(text, expected):
    assert parse_time(text) == expected


def test_blank_rows_are_no_submissions_but_keep_row_numbers(tmp_path):
    path = tmp_path / "r.csv"
    path.write_text(f'Timestamp,Decklist\n\n,,\n2026-11-28 10:00,"{DECK}"\n', encoding="utf-8")
    (row,) = read_sheet(path)
    assert row.submission.row == 4


def test_a_quote_never_closed_takes_the_rest_into_its_cell(tmp_path):
    path = tmp_path / "r.csv"
    path.write_text(f'Timestamp,Decklist\n2026-11-28 10:00,"{DECK}\n2026-11-28 10:05,"x\n', encoding="utf-8")
    rows = read_sheet(path)
    assert len(rows) == 1 and "2026-11-28 10:05" in rows[0].deck


def test_too_many_rows(tmp_path):
    rows = [["Timestamp", "Decklist"]] + [["2026-11-28 10:00", "1 x"]] * (MAX_SHEET_ROWS + 1)
    with pytest.raises(DeckInputError) as raised:
        read_sheet(write(tmp_path, rows))
    assert raised.value.message.key == "sheet.too-many-rows"


def test_unreadable_files_are_left_to_the_decklist_reader(tmp_path):
    assert read_sheet(tmp_path / "missing.csv") is None
    (tmp_path / "empty.csv").write_bytes(b"")
    assert read_sheet(tmp_path / "empty.csv") is None


def row(deck: str, partner: str | None = None) -> SheetRow:
    return SheetRow("r.csv", Submission(2, "たろう", None), deck, partner)


@pytest.mark.parametrize(
    "deck, key",
    [
        ("", "sheet.empty-cell"),
        (" \n \n", "sheet.empty-cell"),
        ("1 x\n" + "\x01\x02\x03\x04" * 10, "sheet.cell-binary"),
        ("1 ガルチェンソ・ドラゴン\n" * 40_000, "sheet.cell-too-large"),  # 1.3 MB: more than a deck file may hold
    ],
)
def test_a_deck_cell_that_cannot_be_checked(deck, key):
    with pytest.raises(DeckInputError) as raised:
        row_decklist(row(deck))
    assert raised.value.message.key == key
    assert raised.value.message.args["place"].args == {"path": "r.csv", "row": 2, "player": "たろう"}


def test_a_large_cell_within_the_limit_is_read_like_a_deck_file():
    deck = row_decklist(row("1 ガルチェンソ・ドラゴン\n" * 25_000))  # 0.8 MB
    assert len(deck.entries) == 25_000 and deck.entries[-1].line == 25_000


def partners(deck) -> list[tuple[int, str, bool]]:
    return [(e.line, e.name, e.is_partner) for e in deck.entries if e.is_partner]


def test_the_partner_cell_adds_a_card_not_listed():
    deck = row_decklist(row("1 ガルチェンソ・ドラゴン", "《ボルシャック・ドラゴ大王》"))
    assert partners(deck) == [(0, "ボルシャック・ドラゴ大王", True)] and len(deck.entries) == 2


def test_the_partner_cell_designates_a_listed_card():
    deck = row_decklist(row("1 ガルチェンソ・ドラゴン\n1 ボルシャック・ドラゴ大王", "ボルシャック・ドラゴ大王"))
    assert partners(deck) == [(2, "ボルシャック・ドラゴ大王", True)] and len(deck.entries) == 2


def test_a_partner_line_naming_the_same_card_agrees():
    deck = row_decklist(row(DECK, "ﾎﾞﾙｼｬｯｸ・ドラゴ大王"))
    assert partners(deck) == [(1, "ボルシャック・ドラゴ大王", True)] and len(deck.entries) == 3


def test_a_partner_line_naming_another_card_leaves_two_partners():
    deck = row_decklist(row(DECK, "ガルチェンソ・ドラゴン"))
    assert partners(deck) == [(1, "ボルシャック・ドラゴ大王", True), (2, "ガルチェンソ・ドラゴン", True)]


def test_lines_are_lines_inside_the_cell():
    deck = row_decklist(row("\n\n1 ガルチェンソ・ドラゴン"))
    assert deck.entries[0].line == 3


# ---------------------------------------------------------------------------- any cell text


cell_text = st.text(alphabet=st.sampled_from(list('ab ,"\n\r\t1xカード《》パートナー:')), max_size=30)


@settings(max_examples=150, deadline=None)
@given(rows=st.lists(st.tuples(cell_text, cell_text), min_size=1, max_size=5))
def test_cells_come_back_as_written_and_lines_point_into_the_file(tmp_path_factory, rows):
    """Whatever the cells hold (quotes, commas, line breaks), each row's deck cell is read back as
    written (line breaks as \\n) and its file lines are where the cell's lines are in the file."""
    path = tmp_path_factory.mktemp("prop") / "r.csv"
    written = [["Timestamp", "Note", "Decklist"]] + [["2026-11-28 10:00", note, "1 x\n" + deck] for note, deck in rows]
    with open(path, "w", encoding="utf-8", newline="") as handle:
        csv.writer(handle, lineterminator="\r\n").writerows(written)  # as spreadsheets export (a lone CR quoted)
    found = read_sheet(path)
    lines = path.read_text(encoding="utf-8").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    assert [r.submission.row for r in found] == list(range(2, len(rows) + 2))
    for row, (note, deck) in zip(found, rows):
        expected = ("1 x\n" + deck).replace("\r\n", "\n").replace("\r", "\n")
        assert row.deck == expected
        first = row.submission.file_line(1) - 1  # the cell's first line: '1 x', after its opening quote
        assert lines[first].endswith('"1 x') or lines[first].endswith(",1 x")
