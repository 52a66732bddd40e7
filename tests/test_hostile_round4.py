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
