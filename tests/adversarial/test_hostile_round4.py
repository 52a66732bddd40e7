"""Hostile input, round 4 (issue 39): tables whose cells vanish, sheets that lie about time and
names, partners without data, arguments and files that are not what they seem. Each class is
generated over its shapes where it is wide; each case fails on the code before the fix."""

from __future__ import annotations

import csv
from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import AS_OF, BD4, DECKS, check_json, run

from duepa_check.reading.sheet import read_sheet
from duepa_check.reading.sheet_time import parse_time

PARTNER = "ボルシャック・ドラゴ大王"
BANNED = "ボルシャック・ドラゴン"  # banned by the house rules below; 火, so only the ban can reject it


def _cards(base: str = BD4) -> list[str]:
    return [line[2:] for line in (DECKS / base).read_text(encoding="utf-8").splitlines() if line.startswith("1 ")]


def _house_rules(folder) -> None:
    (folder / ".duepa-check.yaml").write_text(f"banned: [{BANNED}]\n", encoding="utf-8")


# ---------------------------------------------------------------------------- 1. a second name cell

# (file name, row of one card, the row naming that card and the banned one, a header or None)
_ROW_SHAPES = [
    ("name-count-other.csv", "{c},1", "{c},1,{b}", None),
    ("count-name-other.csv", "1,{c}", "1,{c},{b}", None),
    ("quoted.csv", '"{c}",1', '"{c}",1,"{b}"', None),
    ("headed.csv", "{c},1", "{c},1,{b}", "カード名,枚数"),
    ("headed-blank-column.csv", "1,{c},", "1,{c},{b}", "枚数,カード名,"),
    ("tabs.tsv", "{c}\t1", "{c}\t1\t{b}", None),
    ("markdown.md", "| 1 | {c} |", "| 1 | {c} | {b} |", None),
    ("markdown-headed.md", "| 1 | {c} |", "| 1 | {c} | {b} |", "| 枚数 | カード名 |\n|---|---|"),
    ("text.txt", "1 {c}", "1,{c},{b}", None),
    ("text-pipes.txt", "1 {c}", "| 1 | {c} | {b} |", None),
    ("text-tab-row.txt", "1 {c}", "{c}\t1\t{b}", None),
]


@pytest.mark.parametrize("name, row, two, header", _ROW_SHAPES, ids=[shape[0] for shape in _ROW_SHAPES])
def test_a_row_naming_a_second_card_in_another_cell_is_never_read_as_the_first_alone(
    capsys, tmp_path, name, row, two, header
):
    """Item 1: the banned card in the row's second name cell must not leave the deck legal."""
    cards = _cards()
    lines = [row.format(c=card) for card in cards]
    lines[0] = two.format(c=cards[0], b=BANNED)
    head = (header.split("\n") if header else []) + (
        [] if name.endswith(".csv") or name.endswith(".tsv") else [f"パートナー: {PARTNER}"]
    )
    path = tmp_path / name
    path.write_text("\n".join(head + lines) + "\n", encoding="utf-8")
    _house_rules(tmp_path)
    code, deck = check_json(capsys, path, "--partner", PARTNER)
    assert code == 1, deck
    line = len(head) + 1
    found = [v for v in deck["violations"] if v["line"] == line]
    assert found and any(BANNED in v["message"] + (v["card"] or "") for v in found), deck["violations"]


def test_a_row_whose_other_cell_names_no_card_stays_its_card(capsys, tmp_path):
    cards = _cards()
    lines = [f"{card},1" for card in cards]
    lines[0] = f"{cards[0]},1,DM23-BD4 1/60"
    path = tmp_path / "deck.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, deck = check_json(capsys, path, "--partner", PARTNER)
    assert code == 0 and deck["violations"] == []


# ---------------------------------------------------------------------------- 13. two-column recipes


def _two_column(cards: list[str], sep: str, banned: bool) -> list[str]:
    if banned:
        cards = [*cards[:-1], BANNED]
    rows = []
    for index in range(0, len(cards), 2):
        left, right = cards[index], (cards[index + 1] if index + 1 < len(cards) else "")
        rows.append(sep.join(["1", left, "1" if right else "", right]))
    return rows


@pytest.mark.parametrize("shape", ["markdown", "csv"])
def test_a_two_column_recipe_table_reads_both_pairs_of_every_row(capsys, tmp_path, shape):
    """Item 13: | 枚数 | カード名 | 枚数 | カード名 |: 60 cards are 60, the right-hand pair is judged."""
    cards = _cards()
    _house_rules(tmp_path)
    for banned in (False, True):
        if shape == "markdown":
            rows = [f"| {row} |" for row in _two_column(cards, " | ", banned)]
            text = f"パートナー: {PARTNER}\n\n| 枚数 | カード名 | 枚数 | カード名 |\n|---|---|---|---|\n" + "\n".join(
                rows
            )
            path = tmp_path / "recipe.md"
        else:
            text = "枚数,カード名,枚数,カード名\n" + "\n".join(_two_column(cards, ",", banned))
            path = tmp_path / "recipe.csv"
        path.write_text(text + "\n", encoding="utf-8")
        extra = () if shape == "markdown" else ("--partner", PARTNER)
        code, deck = check_json(capsys, path, *extra)
        assert deck["card_count"] == 60, deck
        if banned:
            assert code == 1 and [v["rule"] for v in deck["violations"]] == ["DP010"], deck["violations"]
        else:
            assert code == 0 and deck["violations"] == [], deck["violations"]


# ---------------------------------------------------------------------------- sheets: who and when

SHEET_DECK = f"パートナー: {PARTNER}\n1 ガルチェンソ・ドラゴン"


def _sheet(folder, rows: list[list[str]], name: str = "responses.csv", delimiter: str = ","):
    path = folder / name
    with open(path, "w", encoding="utf-8", newline="") as handle:
        csv.writer(handle, delimiter=delimiter, lineterminator="\n").writerows(rows)
    return path


def _superseded(path) -> list:
    return [row.submission.superseded_by for row in read_sheet(path)]


def _notes(path) -> list:
    notes: list = []
    read_sheet(path, notes=notes)
    return notes


def test_players_sharing_the_first_80_characters_are_two_players(tmp_path):
    """Item 3: grouped by the whole cell, not by the 80 characters a report shows."""
    common = "プレイヤー" * 16  # 80 characters
    path = _sheet(
        tmp_path,
        [
            ["Timestamp", "Player", "Decklist"],
            ["2026-11-28 10:00", common + "A", SHEET_DECK],
            ["2026-11-28 11:00", common + "B", SHEET_DECK],
        ],
    )
    assert _superseded(path) == [None, None]
    same = _sheet(
        tmp_path,
        [
            ["Timestamp", "Player", "Decklist"],
            ["2026-11-28 10:00", common + "A", SHEET_DECK],
            ["2026-11-28 11:00", " " + common + "Ａ", SHEET_DECK],
        ],
        name="same.csv",
    )
    assert _superseded(same) == [3, None]


# Every ISO 8601 form with an offset the reader accepts: (format of the local time, offset text).
_ISO_FORMS = [
    ("%Y-%m-%dT%H:%M:%S", "{sign}{hh}:{mm}"),
    ("%Y-%m-%dT%H:%M:%S", "{sign}{hh}{mm}"),
    ("%Y-%m-%d %H:%M:%S", "{sign}{hh}:{mm}"),
    ("%Y-%m-%dT%H:%M:%S.123", "{sign}{hh}:{mm}"),
    ("%Y-%m-%dT%H:%M", "{sign}{hh}:{mm}"),
    ("%Y-%m-%dT%H:%M:%S", "Z"),
]


def _iso(instant: datetime, minutes: int, form: tuple[str, str]) -> str:
    pattern, offset = form
    if offset == "Z":
        return instant.astimezone(UTC).strftime(pattern) + "Z"
    local = instant.astimezone(timezone(timedelta(minutes=minutes)))
    sign, value = ("-" if minutes < 0 else "+"), abs(minutes)
    return local.strftime(pattern) + offset.format(sign=sign, hh=f"{value // 60:02d}", mm=f"{value % 60:02d}")


@settings(max_examples=150, deadline=None)
@given(
    first=st.datetimes(min_value=datetime(2026, 1, 2), max_value=datetime(2026, 12, 30)),
    gap=st.integers(min_value=1, max_value=14 * 60),
    offsets=st.tuples(*[st.sampled_from([9 * 60, 0, -5 * 60, 5 * 60 + 30, -3 * 60 - 30])] * 2),
    forms=st.tuples(*[st.sampled_from(_ISO_FORMS)] * 2),
    later_first=st.booleans(),
)
def test_offsets_are_applied_and_times_compare_as_instants(tmp_path_factory, first, gap, offsets, forms, later_first):
    """Item 4: the row whose instant is later counts, in every ISO form and offset (+09:00, Z, -05:00)."""
    early = first.replace(second=0, microsecond=0, tzinfo=UTC)
    late = early + timedelta(minutes=gap)
    times = [_iso(early, offsets[0], forms[0]), _iso(late, offsets[1], forms[1])]
    assert parse_time(times[0]) < parse_time(times[1]), times
    if later_first:
        times.reverse()
    path = _sheet(
        tmp_path_factory.mktemp("sheet"),
        [["Timestamp", "Player", "Decklist"], [times[0], "たろう", SHEET_DECK], [times[1], "たろう", SHEET_DECK]],
    )
    assert _superseded(path) == ([None, 2] if later_first else [3, None]), times


# Every slash form the reader accepts: day d, month m → the cell.
_SLASH_FORMS = [
    lambda d, m, h: f"{d:02d}/{m:02d}/2026 {h:02d}:03:12",
    lambda d, m, h: f"{d}/{m}/2026 {h}:03",
    lambda d, m, h: f"{d:02d}/{m:02d}/2026",
    lambda d, m, h: f"{d}/{m}/2026 {h % 12 or 12}:03:12 {'PM' if h >= 12 else 'AM'}",
    lambda d, m, h: f"{d}/{m}/2026 {'午後' if h >= 12 else '午前'} {h % 12}:03:12",
]


@pytest.mark.parametrize("form", range(len(_SLASH_FORMS)))
@pytest.mark.parametrize("teller_row", [0, 1, 2])
def test_a_day_first_sheet_is_read_day_first_everywhere(tmp_path, form, teller_row):
    """Item 5: 28/11/2026 on any row makes 02/11/2026 the 2nd of November in every row."""
    write = _SLASH_FORMS[form]
    cells = [
        write(2, 11, 15),
        write(10, 1, 9),
    ]  # たろう: 2 Nov (day-first) is later than 10 Jan (month-first: Feb 11 < Oct 1)
    rows = [[cells[0], "たろう", SHEET_DECK], [cells[1], "たろう", SHEET_DECK]]
    rows.insert(teller_row, [write(28, 11, 12), "はなこ", SHEET_DECK])
    path = _sheet(tmp_path, [["Timestamp", "Player", "Decklist"], *rows])
    superseded = dict(zip([row[0] for row in rows], _superseded(path)))
    counted_row = 2 + rows.index([cells[0], "たろう", SHEET_DECK])
    assert superseded[cells[0]] is None and superseded[cells[1]] == counted_row, superseded
    assert _notes(path) == []


def test_a_month_first_sheet_stays_month_first(tmp_path):
    rows = [
        ["02/11/2026 15:00", "たろう", SHEET_DECK],
        ["10/01/2026 09:00", "たろう", SHEET_DECK],
        ["11/28/2026 12:00", "はなこ", SHEET_DECK],
    ]
    path = _sheet(tmp_path, [["Timestamp", "Player", "Decklist"], *rows])
    assert _superseded(path) == [3, None, None]  # Feb 11 before Oct 1


@pytest.mark.parametrize("teller", [None, ["28/11/2026 12:00", "11/28/2026 12:00"]])
def test_an_ambiguous_date_order_falls_back_to_row_order_and_says_so_once(capsys, tmp_path, teller):
    rows = [
        ["02/11/2026 15:00", "たろう", SHEET_DECK],
        ["10/01/2026 09:00", "たろう", SHEET_DECK],
        ["03/11/2026 15:00", "じろう", SHEET_DECK],
        ["10/02/2026 09:00", "じろう", SHEET_DECK],
    ]
    for cell in teller or ():
        rows.append([cell, f"はなこ{cell[:2]}", SHEET_DECK])
    path = _sheet(tmp_path, [["Timestamp", "Player", "Decklist"], *rows])
    assert _superseded(path)[:4] == [3, None, 5, None]  # the later row
    assert len(_notes(path)) == 1
    result = run(capsys, "check", path, "--as-of", AS_OF, "--format", "json")
    warned = [line for line in result.err.splitlines() if "warning" in line]
    assert len(warned) == 1 and "row" in warned[0] and "responses.csv" in warned[0], result.err


# ---------------------------------------------------------------------------- 2. a partner with no facts

NO_DATA = "深淵大帝 ジャシン"  # known by name and id only (tests/data/test_card_facts.py)


@pytest.mark.parametrize("how", ["line", "option", "heading", "sheet"])
def test_a_partner_without_card_data_is_never_legal_in_silence(capsys, tmp_path, how):
    """Item 2: DP004 says the colours cannot be checked; the header does not call it 無色."""
    cards = _cards()
    body = [f"1 {card}" for card in cards[:58]] + ["1 フェアリー・シャワー"]  # 水/自然: off-colour for most partners
    if how == "line":
        text, extra = "\n".join([f"パートナー: {NO_DATA}", *body]), ()
    elif how == "option":
        text, extra = "\n".join(body), ("--partner", NO_DATA)
    else:
        text, extra = "\n".join(["[パートナー]", f"1 {NO_DATA}", "[メイン]", *body]), ()
    if how == "sheet":
        path = _sheet(
            tmp_path,
            [
                ["Timestamp", "Player", "パートナー", "Decklist"],
                ["2026-11-28 10:00", "たろう", NO_DATA, "\n".join(body)],
            ],
        )
    else:
        path = tmp_path / "deck.txt"
        path.write_text(text + "\n", encoding="utf-8")
    result = run(capsys, "check", path, "--as-of", AS_OF, "--format", "json", *extra)
    (deck,) = result.json["decks"]
    assert result.code == 1 and not deck["legal"], deck
    dp004 = [v for v in deck["violations"] if v["rule"] == "DP004"]
    assert len(dp004) == 1 and dp004[0]["severity"] == "error" and "update" in dp004[0]["hint"], deck["violations"]
    text_report = run(capsys, "check", path, "--as-of", AS_OF, "--no-color", *extra).out
    header = next(line for line in text_report.splitlines() if NO_DATA in line and "  partner 《" in line)
    assert "無色" not in header and "unknown" in header, header
    japanese = run(capsys, "check", path, "--as-of", AS_OF, "--no-color", "--lang", "ja", *extra).out
    assert "カードデータがまだありません" in japanese and "文明不明" in japanese


# ---------------------------------------------------------------------------- 10. the partner cell's spelling

ENGLISH = "Ryusei Kaiser, the Eternal"  # 永遠のリュウセイ・カイザー, one of DM23-BD4's cards


@pytest.mark.parametrize("line", [False, True])
def test_a_partner_cell_in_another_spelling_designates_the_listed_card_once(capsys, tmp_path, line):
    """Item 10: the English name in the partner cell is the listed card: no 61st card, no DP002/DP003."""
    cards = [card for card in _cards()] + [PARTNER]
    assert "永遠のリュウセイ・カイザー" in cards and len(cards) == 60
    listed = [f"1 {card}" for card in cards]
    if line:
        listed = ["パートナー: 永遠のリュウセイ・カイザー"] + [
            entry for entry in listed if "永遠のリュウセイ" not in entry
        ]
    path = _sheet(
        tmp_path,
        [["Timestamp", "Player", "パートナー", "Decklist"], ["2026-11-28 10:00", "たろう", ENGLISH, "\n".join(listed)]],
    )
    result = run(capsys, "check", path, "--as-of", AS_OF, "--format", "json")
    (deck,) = result.json["decks"]
    assert deck["card_count"] == 60 and deck["partner"]["name"] == "永遠のリュウセイ・カイザー", deck
    assert not {"DP001", "DP002", "DP003"} & {v["rule"] for v in deck["violations"]}, deck["violations"]


# ---------------------------------------------------------------------------- 11, 12. sheets in other clothes

RESPONSES = DECKS.parent / "sheets" / "responses.csv"
SAMPLE_ROWS = [2, 3, 4, 5, 6, 7]  # the sample sheet's rows (tests/reading/test_sheets.py)


def _rows_of(result) -> list:
    return [(deck.get("submission") or {}).get("row") for deck in result.json["decks"]]


@pytest.mark.parametrize(
    "extra",
    [
        ("--stdin-filename", "responses.csv"),
        ("--deck-column", "4"),
        ("--stdin-filename", "league/responses.csv", "--deck-column", "デッキリスト（パートナーを含む60枚）"),
    ],
)
def test_a_sheet_on_standard_input_is_read_as_a_sheet(capsys, monkeypatch, extra):
    """Item 11: '-' named responses.csv (or with --deck-column) is a sheet, every row a deck."""
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(RESPONSES.read_bytes())))
    result = run(capsys, "check", "-", "--as-of", AS_OF, "--format", "json", *extra)
    assert _rows_of(result) == SAMPLE_ROWS, result.out[:500]
    assert result.json["summary"] == {"decks": 5, "legal": 3, "errors": 1, "warnings": 0, "unreadable": 1}


def test_a_decklist_on_standard_input_named_csv_is_still_a_decklist(capsys, monkeypatch, tmp_path):
    import io
    import sys

    text = "\n".join(f"{card},1" for card in [*_cards(), PARTNER]) + "\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    result = run(
        capsys, "check", "-", "--stdin-filename", "deck.csv", "--partner", PARTNER, "--as-of", AS_OF, "--format", "json"
    )
    assert result.code == 0 and result.json["decks"][0]["card_count"] == 60


def _sample_rows() -> list[list[str]]:
    with open(RESPONSES, encoding="utf-8", newline="") as handle:
        return list(csv.reader(handle))


@pytest.mark.parametrize("shape", ["semicolons", "title", "title-and-blank", "semicolons-and-title", "tsv-title"])
def test_a_sheet_with_semicolons_or_a_title_row_is_a_sheet(capsys, tmp_path, shape):
    """Item 12: a European Excel export (;) and a title row above the header are sheets."""
    rows = _sample_rows()
    title = [["デュエパ大会 エントリー一覧 2026/11/28", "", "", "", ""]]
    if "title" in shape:
        rows = title + ([[]] if "blank" in shape else []) + rows
    name = "responses.tsv" if shape.startswith("tsv") else "responses.csv"
    delimiter = ";" if "semicolons" in shape else "\t" if shape.startswith("tsv") else ","
    path = _sheet(tmp_path, rows, name=name, delimiter=delimiter)
    result = run(capsys, "check", path, "--as-of", AS_OF, "--format", "json")
    shift = len(rows) - len(_sample_rows())
    assert _rows_of(result) == [row + shift for row in SAMPLE_ROWS], result.out[:800]
    assert result.json["summary"]["decks"] == 5


def test_a_sheet_read_as_a_decklist_never_drops_its_deck_cells_unreported(capsys, tmp_path):
    """Item 12: a sheet without a header the reader knows is no sheet, but a cell of many lines
    (a pasted decklist) is reported, never read as one card or dropped."""
    path = _sheet(tmp_path, _sample_rows()[1:], name="responses.csv")
    result = run(capsys, "check", path, "--as-of", AS_OF, "--format", "json")
    (deck,) = result.json["decks"]
    assert result.code == 1
    reported = {v["line"] for v in deck["violations"] if v["rule"] == "DP102"}
    assert len(reported) >= 6, deck["violations"]  # every row holds a deck cell


# ---------------------------------------------------------------------------- 14. an empty argument


@pytest.mark.parametrize("args", [[""], ["", "OK"], ["OK", ""], ["check", ""], ["", "-"]])
def test_an_empty_deck_argument_is_an_error_not_the_current_folder(capsys, tmp_path, monkeypatch, args):
    """Item 14: duepa-check "" (an unset CI variable) is one line, exit 2; never a check of '.'."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ok.txt").write_text((DECKS / BD4).read_text(encoding="utf-8"), encoding="utf-8")
    result = run(capsys, *[str(tmp_path / "ok.txt") if a == "OK" else a for a in args], "--as-of", AS_OF)
    assert result.code == 2 and result.out == "", result.out
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and "empty" in lines[0], result.err


# --------------------------------------------------------------------------- 20. a column option naming the deck column


@pytest.mark.parametrize(
    "option, column",
    [("--player-column", "4"), ("--time-column", "デッキリスト（パートナーを含む60枚）"), ("--partner-column", "4")],
)
def test_a_column_option_naming_the_deck_column_is_an_error(capsys, option, column):
    result = run(capsys, "check", RESPONSES, "--as-of", AS_OF, option, column)
    assert result.code == 2 and "Traceback" not in result.err
    assert option in result.err and "decklist column" in result.err, result.err
    twice = run(capsys, "check", RESPONSES, "--as-of", AS_OF, "--player-column", "2", "--time-column", "2")
    assert twice.code == 2 and "--time-column" in twice.err, twice.err


# ---------------------------------------------------------------------------- 21. --config files


def test_config_pyproject_without_the_table_is_an_error(capsys, tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "league"\n', encoding="utf-8")
    result = run(capsys, "check", DECKS / BD4, "--as-of", AS_OF, "--config", tmp_path / "pyproject.toml")
    assert result.code == 2 and "[tool.duepa-check]" in result.err and len(result.err.strip().splitlines()) == 1, (
        result.err
    )


@pytest.mark.parametrize(
    "text", ['banned = ["ガルチェンソ・ドラゴン"]\n', '[tool.duepa-check]\nbanned = ["ガルチェンソ・ドラゴン"]\n']
)
def test_a_toml_config_is_read_as_toml(capsys, tmp_path, text):
    config = tmp_path / "rules.toml"
    config.write_text(text, encoding="utf-8")
    code, deck = check_json(capsys, DECKS / BD4, "--config", config)
    assert code == 1 and [v["rule"] for v in deck["violations"]] == ["DP010"], deck


# ---------------------------------------------------------------------------- 22. the default data dir


@pytest.mark.parametrize("variable", ["XDG_DATA_HOME", "HOME"])
def test_a_default_data_dir_under_a_file_leaves_the_embedded_data_serving(capsys, tmp_path, monkeypatch, variable):
    a_file = tmp_path / "a-file"
    a_file.write_text("x", encoding="utf-8")
    if variable == "HOME":
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv(variable, str(a_file))
    code, deck = check_json(capsys, DECKS / BD4)
    assert code == 0 and deck["legal"]
    result = run(capsys, "check", DECKS / BD4, "--as-of", AS_OF)
    assert result.code == 0 and result.err.count("\n") <= 1, result.err
    named = run(capsys, "check", DECKS / BD4, "--as-of", AS_OF, "--data-dir", a_file)
    assert named.code == 2  # a data dir the user named that is a file stays an error


def test_a_relative_xdg_data_home_is_ignored(capsys, tmp_path, monkeypatch):
    """The XDG spec: a relative $XDG_DATA_HOME is invalid and is ignored (~/.local/share serves)."""
    monkeypatch.chdir(tmp_path)
    broken = tmp_path / "relative" / "duepa-check"
    broken.mkdir(parents=True)
    (broken / "current").write_text("not a pointer", encoding="utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", "relative")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    code, deck = check_json(capsys, DECKS / BD4)
    assert code == 0 and deck["legal"]


# ---------------------------------------------------------------------------- 6. line breaks YAML counts


@pytest.mark.parametrize("brk", ["\x85", "\u2028", "\u2029"])
@pytest.mark.parametrize("where", ["comment", "after-partner", "two"])
def test_a_yaml_item_is_reported_on_the_line_an_editor_shows(capsys, tmp_path, brk, where):
    """Item 6: PyYAML starts a line at NEL/U+2028/U+2029, editors (and every other reader) do not."""
    lines = {
        "comment": [f"partner: {PARTNER}", "cards:", f"# note{brk}- 7", "- ガルチェンソ・ドラコン"],
        "after-partner": [f"partner: {PARTNER} # note{brk}cards:", "- 7", "- ガルチェンソ・ドラコン"],
        "two": [f"# a{brk}# b{brk}partner: {PARTNER}", "cards:", "- 7", "- ガルチェンソ・ドラコン"],
    }[where]
    path = tmp_path / "deck.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, deck = check_json(capsys, path)
    expected = [number for number, line in enumerate(lines, start=1) if line.endswith("- 7")]
    assert [v["line"] for v in deck["violations"] if v["rule"] == "DP102"] == expected, deck["violations"]
    assert [v["line"] for v in deck["violations"] if v["rule"] == "DP100"] == [len(lines)], deck["violations"]


@pytest.mark.parametrize("brk", ["\x0b", "\x0c", "\x85", "\u2028", "\u2029"])
@pytest.mark.parametrize("name", ["deck.txt", "deck.md", "responses.csv"])
def test_a_card_after_a_comment_and_a_line_break_is_read(capsys, tmp_path, brk, name):
    """Item 6 (round 3): '# note' + a break + '1 CARD': the card is read (a banned one fails)."""
    body = [f"1 {card}" for card in _cards()]
    body[-1] = f"# note{brk}1 {BANNED}"
    text = "\n".join([f"パートナー: {PARTNER}", *body])
    _house_rules(tmp_path)
    if name.endswith(".csv"):
        path = _sheet(tmp_path, [["Timestamp", "Player", "Decklist"], ["2026-11-28 10:00", "たろう", text]])
    else:
        path = tmp_path / name
        path.write_text(text + "\n", encoding="utf-8")
    result = run(capsys, "check", path, "--as-of", AS_OF, "--format", "json")
    (deck,) = result.json["decks"]
    assert result.code == 1 and "DP010" in {v["rule"] for v in deck["violations"]}, deck


# ---------------------------------------------------------------------------- 23. a file that grows


@pytest.mark.parametrize("name", ["deck.txt", "responses.csv"])
def test_a_file_that_grows_while_it_is_read_is_reported_never_cut(capsys, tmp_path, monkeypatch, name):
    """Item 23: the file grew after its size was taken: what was read is no whole file."""
    import os
    import types

    import duepa_check.reading.decklist as decklist_module

    if name.endswith(".csv"):
        path = _sheet(
            tmp_path,
            [
                ["Timestamp", "Player", "Decklist"],
                ["2026-11-28 10:00", "たろう", (DECKS / BD4).read_text(encoding="utf-8")],
            ],
        )
    else:
        path = tmp_path / name
        path.write_text((DECKS / BD4).read_text(encoding="utf-8"), encoding="utf-8")
    real = os.fstat

    def smaller(descriptor):  # the size before the writer appended its last 200 bytes
        status = real(descriptor)
        return types.SimpleNamespace(st_mode=status.st_mode, st_size=status.st_size - 200)

    monkeypatch.setattr(decklist_module.os, "fstat", smaller)
    result = run(capsys, "check", path, "--as-of", AS_OF, "--format", "json")
    assert result.code == 2 and "changed while it was read" in result.err, (result.code, result.err, result.out[:300])
    assert result.err.count("\n") == 1
