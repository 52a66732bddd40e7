"""`duepa-check stats DECK`: the curve, civilizations, types; text snapshot, JSON, SVG, errors.

The expected numbers for DM23-BD4 were counted by hand from the card data (creature side
of each twinpact): see EXPECTED_BD4. Set DUEPA_UPDATE_SNAPSHOTS=1 to rewrite the text
snapshot after a deliberate change of the view (then read the diff before committing it).
"""

from __future__ import annotations

import io
import json
import os
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from support import BD4, BD6, DECKS, make_deck, run

from duepa_check.analysis.stats import card_cost, card_type, compute_stats, cost_bucket
from duepa_check.data.cards import Card, Face
from duepa_check.data.pool import CardPool
from duepa_check.reading.decklist import parse_decklist
from duepa_check.reading.model import Entry
from duepa_check.reading.resolve import Deck, DeckCard, resolve_deck
from duepa_check.report.json_doc import stats_json
from duepa_check.report.stats_view import BAR, bar_length, export_svg, render_stats, write_svg

SNAPSHOTS = Path(__file__).parent / "snapshots"
BUCKETS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10+"]

EXPECTED_BD4 = {
    "card_count": 60,
    # 1 フェアリー・ギフト; 2 メンデルスゾーン, フェアリー・Re:ライフ; ...; 8 has 12 cards
    # (three of them twinpacts counted at their creature side); 10+ is ドラゴ大王 10,
    # ボルシャック・バルガ 19, ライシス・NEX 15, バルガ・ド・ライバー 10, ベートーベン 10.
    "curve": {"1": 1, "2": 2, "3": 8, "4": 5, "5": 7, "6": 8, "7": 9, "8": 12, "9": 3, "10+": 5},
    # 21 火/自然 cards count for both; 24 mono 火, 12 mono 自然; 3 colourless
    # (バイナラドンデン, キズナ・チャージャー, 「戦慄」の頂 ベートーベン).
    "civilizations": {"火": 45, "自然": 33, "無色": 3},
    "types": {
        "クリーチャー": 38,
        "クリーチャー／呪文": 10,
        "呪文": 8,
        "NEOクリーチャー／呪文": 1,  # 鳳翔竜騎ソウルピアレイジ／高貴なる魂炎
        "ドラゴニック・フィールド": 1,
        "ヒストリック・フィールド": 1,
        "進化クリーチャー": 1,
    },
    "partner": {"name": "ボルシャック・ドラゴ大王", "civilizations": ["火", "自然"]},
    "twinpacts": 11,
    "multicolor": 21,
    "average_cost": 6.37,  # (318 for costs 1-9 + 10+19+15+10+10) / 60 = 382 / 60
}


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return CardPool.load()


def fixture_stats(pool: CardPool, name: str = BD4, label: str | None = None):
    """Stats of a fixture deck, its path shown as ``label`` (default: the file name)."""
    decklist = parse_decklist((DECKS / name).read_bytes(), label or name)
    return compute_stats(resolve_deck(decklist, pool))


def recorded_text(stats) -> str:
    from rich.console import Console

    console = Console(record=True, width=100, no_color=True, file=io.StringIO())
    render_stats(console, stats)
    return console.export_text()


# ---------------------------------------------------------------------------- text view


def test_text_view_matches_the_snapshot(pool):
    text = recorded_text(fixture_stats(pool))
    snapshot = SNAPSHOTS / "stats_DM23-BD4.txt"
    if os.environ.get("DUEPA_UPDATE_SNAPSHOTS"):
        snapshot.parent.mkdir(exist_ok=True)
        snapshot.write_text(text, encoding="utf-8")
    assert text == snapshot.read_text(encoding="utf-8")


def test_text_view_shows_every_section(pool):
    text = recorded_text(fixture_stats(pool))
    for expected in (
        "partner 《ボルシャック・ドラゴ大王》 火 自然",
        "cards 60",
        "mana curve",
        "civilizations",
        "types",
        "twinpacts 11",
        "multicolour 21",
        "average cost 6.37",
    ):
        assert expected in text
    lines = text.splitlines()
    curve_rows = [line.split() for line in lines[lines.index("mana curve") + 1 :][:10]]
    assert [row[0] for row in curve_rows] == BUCKETS
    # one bar cell per card when no bar is longer than the width: the bar is the count
    assert all(row[1] == BAR * int(row[2]) for row in curve_rows)
    assert all(line == line.rstrip() for line in lines)


def test_cli_text_view(capsys):
    result = run(capsys, "stats", DECKS / BD4, "--no-color")
    assert result.code == 0, result.err
    assert "mana curve" in result.out and " 10+ " in result.out
    assert "《ボルシャック・ドラゴ大王》" in result.out and result.err == ""


# ---------------------------------------------------------------------------- JSON


def test_json_for_dm23_bd4_is_exact(capsys):
    path = DECKS / BD4
    result = run(capsys, "stats", path, "--format", "json")
    assert result.code == 0, result.err
    assert result.json == {"path": str(path), **EXPECTED_BD4}
    assert list(result.json) == ["path", *EXPECTED_BD4]  # documented key order
    assert sum(result.json["curve"].values()) == result.json["card_count"] == 60


@pytest.mark.parametrize("deck", [BD4, BD6])
def test_json_counts_add_up(capsys, deck):
    document = run(capsys, "stats", DECKS / deck, "--format", "json").json
    assert list(document["curve"]) == BUCKETS  # no 0-cost, ∞ or unknown cards in the products
    assert sum(document["curve"].values()) == document["card_count"] == 60
    assert sum(document["types"].values()) == 60
    assert sum(document["civilizations"].values()) >= 60
    assert document["twinpacts"] == sum(n for kind, n in document["types"].items() if "／" in kind)


def test_json_for_dm24_bd6_partner_and_colourless(capsys):
    document = run(capsys, "stats", DECKS / BD6, "--format", "json").json
    assert document["partner"] == {"name": "偽神殺しのツラトゥストラ", "civilizations": ["光", "闇", "火"]}
    assert list(document["civilizations"]) == ["光", "闇", "火", "無色"]
    assert document["types"]["D2フィールド"] == 1 and document["types"]["タマシード"] == 1


def test_json_counts_respect_entry_counts(capsys, tmp_path):
    # a deck of 3 copies of one card (not legal, but stats shows the shape of any readable list)
    path = tmp_path / "three.txt"
    path.write_text(
        "パートナー: ボルシャック・ドラゴ大王\n3 ボルシャック・ドラゴン／決闘者・チャージャー\n", encoding="utf-8"
    )
    document = run(capsys, "stats", path, "--format", "json").json
    assert document["card_count"] == 4
    assert document["curve"]["6"] == 3 and document["curve"]["10+"] == 1
    assert document["types"] == {"クリーチャー／呪文": 3, "クリーチャー": 1}
    assert document["twinpacts"] == 3 and document["multicolor"] == 1
    assert document["civilizations"] == {"火": 4, "自然": 1}
    assert document["average_cost"] == 7.0  # (3 * 6 + 10) / 4


def test_json_partner_is_null_without_one(capsys, tmp_path):
    path = make_deck(tmp_path, replace={2: "1 ボルシャック・ドラゴ大王"})
    document = run(capsys, "stats", path, "--format", "json").json
    assert document["partner"] is None and document["card_count"] == 60


# ---------------------------------------------------------------------------- buckets, types


def face(name="X", type_="クリーチャー", civilizations=("火",), cost=5) -> Face:
    return Face(name=name, type=type_, civilizations=tuple(civilizations), cost=cost, power=1000)


def synthetic_deck(*cards: tuple[Card, int]) -> Deck:
    deck = Deck(path="synthetic.txt")
    for line, (card, count) in enumerate(cards, start=1):
        deck.cards.append(DeckCard(Entry(line=line, name=card.name, count=count), card))
    return deck


@pytest.mark.parametrize(
    "cost, bucket",
    [(0, "0"), (1, "1"), (9, "9"), (10, "10+"), (19, "10+"), ("∞", "10+"), (None, "unknown"), ("?", "unknown")],
)
def test_cost_bucket(cost, bucket):
    assert cost_bucket(cost) == bucket


def test_zero_infinity_and_unknown_costs_get_their_buckets():
    deck = synthetic_deck(
        (Card("zero", (face(cost=0),)), 2),
        (Card("infinite", (face(cost="∞", civilizations=("水", "闇")),)), 1),
        (Card("no cost", (face(type_="キング・セル", cost=None),)), 1),
        (Card("no data yet", (), complete=False), 1),
        (Card("ten", (face(cost=10, civilizations=()),)), 1),
    )
    stats = compute_stats(deck)
    assert list(stats.curve) == ["0", *BUCKETS, "unknown"]
    assert stats.curve["0"] == 2 and stats.curve["10+"] == 2 and stats.curve["unknown"] == 2
    assert sum(stats.curve.values()) == stats.card_count == 6
    assert stats.average_cost == round((0 + 0 + 10) / 3, 2)  # ∞ and unknown are left out
    assert stats.civilizations == {"水": 1, "闇": 1, "火": 3, "無色": 1, "unknown": 1}
    assert stats.types == {"クリーチャー": 4, "キング・セル": 1, "unknown": 1}
    assert stats.multicolor == 1
    assert stats_json(stats)["partner"] is None


def test_average_cost_is_null_without_numeric_costs():
    stats = compute_stats(synthetic_deck((Card("infinite", (face(cost="∞"),)), 1)))
    assert stats.average_cost is None and stats_json(stats)["average_cost"] is None


def test_twinpact_counts_at_its_creature_side_and_under_both_types():
    twinpact = Card("A／B", (face("B", "呪文", ("自然",), 2), face("A", "クリーチャー", ("火",), 8)), layout="twinpact")
    spells = Card("C／D", (face("C", "呪文", cost=3), face("D", "呪文", cost=7)), layout="twinpact")
    assert card_cost(twinpact) == 8 and card_type(twinpact) == "呪文／クリーチャー"
    assert card_cost(spells) == 3  # no creature side: the first side
    stats = compute_stats(synthetic_deck((twinpact, 1), (spells, 1)))
    assert stats.twinpacts == 2 and stats.multicolor == 1  # 火 and 自然 over both sides


def test_multi_sided_card_counts_at_its_front_side():
    king = Card(
        "王", (face("王", "キング・セル", cost=None), face("Z", "キング・クリーチャー", cost=9)), layout="multi_side"
    )
    assert card_cost(king) is None and card_type(king) == "キング・セル"


@pytest.mark.parametrize(
    "count, largest, length", [(0, 5, 0), (3, 12, 3), (40, 40, 40), (60, 60, 40), (1, 60, 1), (30, 60, 20)]
)
def test_bar_length_is_one_cell_per_card_scaled_to_the_width(count, largest, length):
    assert bar_length(count, largest) == length


# ---------------------------------------------------------------------------- SVG


def test_cli_svg_writes_the_chart_and_keeps_stdout(tmp_path, capsys):
    """The chart itself is tested in test_charts.py; here: the option writes it, stdout keeps the JSON."""
    path = tmp_path / "deck.svg"
    result = run(capsys, "stats", DECKS / BD4, "--format", "json", "--svg", path)
    assert result.code == 0, result.err
    root = ElementTree.fromstring(path.read_text(encoding="utf-8"))  # well-formed XML
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert "ボルシャック・ドラゴ大王" in "".join(root.itertext())
    assert json.loads(result.out)["card_count"] == 60
    assert path.read_text(encoding="utf-8") == export_svg(fixture_stats(pool=CardPool.load(), label=str(DECKS / BD4)))


def test_write_svg_to_an_unwritable_path_is_one_clear_error(pool, tmp_path):
    from duepa_check.report.stats_view import SvgWriteError

    with pytest.raises(SvgWriteError, match="--svg .*missing.*cannot write"):
        write_svg(fixture_stats(pool), tmp_path / "missing" / "deck.svg")


# ---------------------------------------------------------------------------- unreadable input


def test_unknown_card_and_unparsable_line_show_the_check_errors(capsys, tmp_path):
    path = make_deck(tmp_path, replace={5: "1 ボルシャック・ドラゴンx", 9: "1 ????"})
    result = run(capsys, "stats", path)
    assert result.code == 1
    assert "Traceback" not in result.out + result.err
    assert result.out == ""  # stdout stays clean for --format json readers; problems go to stderr
    assert "DP100" in result.err and "ボルシャック・ドラゴンx" in result.err
    assert "DP102" in result.err and "line 9" in result.err
    assert str(path) in result.err
    # the same two errors, on the same lines, as check reports
    checked = run(capsys, "check", path, "--format", "json")
    assert {(v["rule"], v["line"]) for v in checked.json["decks"][0]["violations"]} >= {("DP100", 5), ("DP102", 9)}


def test_missing_file_is_exit_2_and_one_line(capsys, tmp_path):
    result = run(capsys, "stats", tmp_path / "nope.txt")
    assert result.code == 2
    assert result.out == ""
    assert result.err.strip().count("\n") == 0 and "no such file" in result.err


def test_a_card_of_a_huge_cost_is_counted_like_any_other():
    """A cost of 10**8 is a cost: in the 10+ bucket and in the average, alone or beside others."""
    from duepa_check.analysis import stats
    from duepa_check.data.cards import Card, Face
    from duepa_check.reading.model import Entry
    from duepa_check.reading.resolve import Deck, DeckCard

    known = stats_pool_card()
    known_cost = stats.card_cost(known)
    dear = Card("dear", (Face("dear", "クリーチャー", ("火",), 10**8, 1000),))
    for cards, average in (
        ([(dear, 1)] * 60, 10**8),
        ([(known, 1)] * 59 + [(dear, 1)], round((59 * known_cost + 10**8) / 60, 2)),
        ([(known, 4), (dear, 1)], round((4 * known_cost + 10**8) / 5, 2)),
    ):
        deck = Deck(path="d.txt")
        for line, (card, count) in enumerate(cards, start=1):
            deck.cards.append(DeckCard(Entry(line=line, name=card.name, count=count), card))
        counted = stats.compute_stats(deck)
        assert counted.card_count == sum(count for _, count in cards)
        assert counted.average_cost == average
        assert counted.curve["10+"] >= sum(count for card, count in cards if card is dear)


def stats_pool_card():
    from duepa_check.data.pool import CardPool

    return CardPool.load(None).get("ボルシャック・ドラゴン")
