"""Hostile input, round 4 (issue 39): tables whose cells vanish, sheets that lie about time and
names, partners without data, arguments and files that are not what they seem. Each class is
generated over its shapes where it is wide; each case fails on the code before the fix."""

from __future__ import annotations

import pytest
from conftest import AS_OF, BD4, DECKS, check_json, run

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
def test_a_row_naming_a_second_card_in_another_cell_is_never_read_as_the_first_alone(capsys, tmp_path, name, row, two, header):
    """Item 1: the banned card in the row's second name cell must not leave the deck legal."""
    cards = _cards()
    lines = [row.format(c=card) for card in cards]
    lines[0] = two.format(c=cards[0], b=BANNED)
    head = (header.split("\n") if header else []) + ([] if name.endswith(".csv") or name.endswith(".tsv") else [f"パートナー: {PARTNER}"])
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
            text = f"パートナー: {PARTNER}\n\n| 枚数 | カード名 | 枚数 | カード名 |\n|---|---|---|---|\n" + "\n".join(rows)
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

import csv  # noqa: E402
from datetime import datetime, timedelta, timezone  # noqa: E402

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from duepa_check.decklist_sheet import read_sheet  # noqa: E402
from duepa_check.decklist_sheet import parse_time  # noqa: E402

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
    path = _sheet(tmp_path, [["Timestamp", "Player", "Decklist"],
                             ["2026-11-28 10:00", common + "A", SHEET_DECK], ["2026-11-28 11:00", common + "B", SHEET_DECK]])
    assert _superseded(path) == [None, None]
    same = _sheet(tmp_path, [["Timestamp", "Player", "Decklist"],
                             ["2026-11-28 10:00", common + "A", SHEET_DECK], ["2026-11-28 11:00", " " + common + "Ａ", SHEET_DECK]],
                  name="same.csv")
    assert _superseded(same) == [3, None]


# Every ISO 8601 form with an offset the reader accepts: (format of the local time, offset text).
_ISO_FORMS = [
    ("%Y-%m-%dT%H:%M:%S", "{sign}{hh}:{mm}"), ("%Y-%m-%dT%H:%M:%S", "{sign}{hh}{mm}"), ("%Y-%m-%d %H:%M:%S", "{sign}{hh}:{mm}"),
    ("%Y-%m-%dT%H:%M:%S.123", "{sign}{hh}:{mm}"), ("%Y-%m-%dT%H:%M", "{sign}{hh}:{mm}"), ("%Y-%m-%dT%H:%M:%S", "Z"),
]


def _iso(instant: datetime, minutes: int, form: tuple[str, str]) -> str:
    pattern, offset = form
    if offset == "Z":
        return instant.astimezone(timezone.utc).strftime(pattern) + "Z"
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
    early = first.replace(second=0, microsecond=0, tzinfo=timezone.utc)
    late = early + timedelta(minutes=gap)
    times = [_iso(early, offsets[0], forms[0]), _iso(late, offsets[1], forms[1])]
    assert parse_time(times[0]) < parse_time(times[1]), times
    if later_first:
        times.reverse()
    path = _sheet(tmp_path_factory.mktemp("sheet"), [["Timestamp", "Player", "Decklist"],
                                                    [times[0], "たろう", SHEET_DECK], [times[1], "たろう", SHEET_DECK]])
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
    cells = [write(2, 11, 15), write(10, 1, 9)]  # たろう: 2 Nov (day-first) is later than 10 Jan (month-first: Feb 11 < Oct 1)
    rows = [[cells[0], "たろう", SHEET_DECK], [cells[1], "たろう", SHEET_DECK]]
    rows.insert(teller_row, [write(28, 11, 12), "はなこ", SHEET_DECK])
    path = _sheet(tmp_path, [["Timestamp", "Player", "Decklist"], *rows])
    superseded = dict(zip([row[0] for row in rows], _superseded(path)))
    counted_row = 2 + rows.index([cells[0], "たろう", SHEET_DECK])
    assert superseded[cells[0]] is None and superseded[cells[1]] == counted_row, superseded
    assert _notes(path) == []


def test_a_month_first_sheet_stays_month_first(tmp_path):
    rows = [["02/11/2026 15:00", "たろう", SHEET_DECK], ["10/01/2026 09:00", "たろう", SHEET_DECK], ["11/28/2026 12:00", "はなこ", SHEET_DECK]]
    path = _sheet(tmp_path, [["Timestamp", "Player", "Decklist"], *rows])
    assert _superseded(path) == [3, None, None]  # Feb 11 before Oct 1


@pytest.mark.parametrize("teller", [None, ["28/11/2026 12:00", "11/28/2026 12:00"]])
def test_an_ambiguous_date_order_falls_back_to_row_order_and_says_so_once(capsys, tmp_path, teller):
    rows = [["02/11/2026 15:00", "たろう", SHEET_DECK], ["10/01/2026 09:00", "たろう", SHEET_DECK],
            ["03/11/2026 15:00", "じろう", SHEET_DECK], ["10/02/2026 09:00", "じろう", SHEET_DECK]]
    for cell in teller or ():
        rows.append([cell, f"はなこ{cell[:2]}", SHEET_DECK])
    path = _sheet(tmp_path, [["Timestamp", "Player", "Decklist"], *rows])
    assert _superseded(path)[:4] == [3, None, 5, None]  # the later row
    assert len(_notes(path)) == 1
    result = run(capsys, "check", path, "--as-of", AS_OF, "--format", "json")
    warned = [line for line in result.err.splitlines() if "warning" in line]
    assert len(warned) == 1 and "row" in warned[0] and "responses.csv" in warned[0], result.err


# ---------------------------------------------------------------------------- 2. a partner with no facts

NO_DATA = "深淵大帝 ジャシン"  # known by name and id only (tests/test_card_facts.py)


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
        path = _sheet(tmp_path, [["Timestamp", "Player", "パートナー", "Decklist"], ["2026-11-28 10:00", "たろう", NO_DATA, "\n".join(body)]])
    else:
        path = tmp_path / "deck.txt"
        path.write_text(text + "\n", encoding="utf-8")
    result = run(capsys, "check", path, "--as-of", AS_OF, "--format", "json", *extra)
    (deck,) = result.json["decks"]
    assert result.code == 1 and not deck["legal"], deck
    dp004 = [v for v in deck["violations"] if v["rule"] == "DP004"]
    assert len(dp004) == 1 and dp004[0]["severity"] == "error" and "update" in dp004[0]["hint"], deck["violations"]
    text_report = run(capsys, "check", path, "--as-of", AS_OF, "--no-color", *extra).out
    header = next(line for line in text_report.splitlines() if NO_DATA in line and "partner" in line)
    assert "無色" not in header and "unknown" in header, header
    japanese = run(capsys, "check", path, "--as-of", AS_OF, "--no-color", "--lang", "ja", *extra).out
    assert "カードデータがまだありません" in japanese and "文明不明" in japanese
