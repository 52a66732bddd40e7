"""Resubmissions with equal times (issue 40, item 1): when a player's latest time is on two or more
rows (a date-only time column, the same timestamp, one instant written in two forms or offsets), the
last of those rows counts and every other row of the player is superseded by it. Taking the first row
of the latest time would judge the deck the player replaced."""

from __future__ import annotations

import csv

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import AS_OF, deck_lines, run

from duepa_check.reading.sheet import read_sheet
from duepa_check.reading.sheet_time import parse_time

DECK = "パートナー: ボルシャック・ドラゴ大王\n1 ガルチェンソ・ドラゴン"

# Ways of writing one instant, by family: the forms of a family may share one sheet (a day-first and a
# month-first slash date in one sheet make its date order unknown, so they are in different families).
SAME_DAY = {  # a date-only time column: 28 November 2026 (and its midnight written out)
    "month-first": ["2026/11/28", "2026-11-28", "11/28/2026", "２０２６/１１/２８", "2026/11/28 00:00:00"],
    "day-first": ["2026/11/28", "28.11.2026", "28/11/2026", "2026-11-28", "28/11/2026 0:00"],
}
SAME_TIME = {  # 28 November 2026 14:03:12, no offset
    "month-first": [
        "2026/11/28 14:03:12",
        "2026-11-28 14:03:12",
        "2026-11-28T14:03:12",
        "11/28/2026 14:03:12",
        "2026/11/28 午後 2:03:12",
        "11/28/2026 2:03:12 PM",
        "２０２６/１１/２８ １４:０３:１２",
    ],
    "day-first": [
        "2026/11/28 14:03:12",
        "28/11/2026 14:03:12",
        "28.11.2026 14:03:12",
        "28/11/2026 午後 2:03:12",
        "28/11/2026 2:03:12 pm",
    ],
}
SAME_INSTANT = {  # 28 November 2026 05:03:12 UTC, in several offsets and ISO forms
    "offsets": [
        "2026-11-28T14:03:12+09:00",
        "2026-11-28T05:03:12Z",
        "2026-11-28T00:03:12-05:00",
        "2026-11-28 10:33:12+05:30",
        "2026-11-28T14:03:12+0900",
        "2026-11-28T05:03:12.000+00:00",
        "2026-11-28T05:03:12z",
    ],
}
KINDS = (("day", SAME_DAY), ("time", SAME_TIME), ("instant", SAME_INSTANT))
FAMILIES = {f"{kind}/{name}": forms for kind, table in KINDS for name, forms in table.items()}
EARLIER = {  # a time before each family's time
    "month-first": "11/27/2026 23:59:59",
    "day-first": "27/11/2026 23:59",
    "offsets": "2026-11-28T14:03:11+09:00",
}


def earlier_than(family: str) -> str:
    return EARLIER[family.split("/")[1]]


def write(folder, rows: list[list[str]]):
    path = folder / "responses.csv"
    with open(path, "w", encoding="utf-8", newline="") as handle:
        csv.writer(handle, lineterminator="\n").writerows([["Timestamp", "Player", "Decklist"], *rows])
    return path


def superseded(path) -> list[int | None]:
    return [row.submission.superseded_by for row in read_sheet(path)]


def test_every_form_of_a_family_is_one_instant_and_later_than_its_earlier_time():
    """The premise: each family's forms read as one time (so the rows tie), after EARLIER's."""
    for family, forms in FAMILIES.items():
        order = "day" if family.endswith("day-first") else None
        times = {parse_time(form, order) for form in forms}
        assert len(times) == 1 and None not in times, (family, times)
        assert parse_time(earlier_than(family), order) < times.pop(), family


@pytest.mark.parametrize(
    "times",
    [
        ["2026/11/28", "2026/11/28"],  # a date-only time column, one day
        ["11/28/2026", "11/28/2026"],
        ["28.11.2026", "28.11.2026"],
        ["2026/11/28 14:03:12", "2026/11/28 14:03:12"],  # the same timestamp
        ["2026-11-28T14:03:12+09:00", "2026-11-28T05:03:12Z"],  # one instant in two offsets
        ["2026/11/28 午後 2:03:12", "2026/11/28 14:03:12"],  # one time in two forms
        ["2026/11/28", "2026/11/28", "2026/11/28"],  # three rows, one day
        ["02/11/2026 10:00", "02/11/2026 10:00"],  # a date order no row tells: the same either way
    ],
)
def test_of_rows_with_the_same_time_the_last_counts(tmp_path, times):
    path = write(tmp_path, [[time, "たろう", DECK] for time in times])
    last = len(times) + 1
    assert superseded(path) == [last] * (len(times) - 1) + [None]


def test_the_last_row_of_the_latest_time_counts_not_the_last_row(tmp_path):
    """A tie at the latest time, then a row with an earlier time: the tie's last row counts."""
    path = write(
        tmp_path,
        [
            ["2026/11/28", "たろう", DECK],
            ["2026/11/28", " タロウ ", DECK],
            ["2026/11/28", "ＴＡＲＯ", DECK],
            ["2026/11/28", "たろう", DECK],
            ["2026/11/27", "たろう", DECK],
        ],
    )
    assert superseded(path) == [5, None, None, None, 5]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_every_kind_of_tie_counts_its_last_row(tmp_path_factory, data):
    """Any family, 2 or 3 tied rows in any of its forms, an earlier row of the player anywhere and
    another player's rows between: the last tied row counts, whatever row is last in the sheet."""
    family = data.draw(st.sampled_from(sorted(FAMILIES)), label="family")
    tied = data.draw(st.lists(st.sampled_from(FAMILIES[family]), min_size=2, max_size=3), label="tied")
    rows = [[time, "たろう", DECK] for time in tied]
    if data.draw(st.booleans(), label="an earlier row"):
        rows.insert(data.draw(st.integers(0, len(rows)), label="at"), [earlier_than(family), "たろう", DECK])
    for _ in range(data.draw(st.integers(0, 2), label="others")):
        rows.insert(data.draw(st.integers(0, len(rows)), label="other at"), [tied[0], "はなこ", DECK])
    path = write(tmp_path_factory.mktemp("ties"), rows)
    numbers = [index + 2 for index, row in enumerate(rows) if row[1] == "たろう" and row[0] in tied]
    counted = numbers[-1]
    expected = [None if row[1] != "たろう" or index + 2 == counted else counted for index, row in enumerate(rows)]
    others = [index for index, row in enumerate(rows) if row[1] == "はなこ"]
    for position, index in enumerate(others):  # はなこ's rows tie too: the last of them counts
        expected[index] = None if position == len(others) - 1 else others[-1] + 2
    assert superseded(path) == expected, rows


def test_the_replaced_deck_is_not_judged(capsys, tmp_path):
    """End to end: a legal deck, then on the same day the player's replacement, which names no card.
    The replacement is judged (exit 1) and the legal deck is listed as superseded."""
    legal = "\n".join(deck_lines())  # the fixture deck: its partner line and 59 cards
    path = write(tmp_path, [["2026/11/28", "たろう", legal], ["2026/11/28", "たろう", "1 not a card"]])
    result = run(capsys, "check", path, "--as-of", AS_OF, "--format", "json")
    assert result.code == 1, result.out
    decks = result.json["decks"]
    assert [(deck["submission"]["superseded"], deck["legal"]) for deck in decks] == [(True, True), (False, False)]
    assert result.json["summary"]["decks"] == 1
