"""English decklist lines (the English TCG of 2004–2006) resolve to the right Japanese card.

tests/fixtures/english/tcg_lines.tsv holds one line per English TCG card, written the way people
write decklists ("4x Bronze-Arm Tribe", "Barkwhip, the Smasher x1", commas left out, lower case),
with the English card's civilizations, cost and kind; tools/english_coverage.py made it from the
English TCG card list. A line is right when the card it resolves to has those facts.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from duepa_check.card_pool import CardPool

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def _coverage():
    if str(TOOLS) not in sys.path:
        sys.path.insert(0, str(TOOLS))
    spec = importlib.util.spec_from_file_location("english_coverage", TOOLS / "english_coverage.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


coverage = _coverage()
ROWS = coverage.read_fixture()


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return CardPool.load()


def test_at_least_97_percent_of_english_lines_resolve_and_none_to_a_wrong_card(pool):
    right, wrong, unresolved = coverage.judge(pool, ROWS)
    assert len(ROWS) > 1000
    assert wrong == []
    assert len(right) >= 0.97 * len(ROWS), unresolved[:20]


# 50 joins, every 23rd line of the list, checked one by one: colour and cost of the card found.
SAMPLE = ROWS[::23][:50]


@pytest.mark.parametrize("line, civilizations, cost, kind", SAMPLE, ids=[r[0] for r in SAMPLE])
def test_sample_join_has_the_english_cards_colour_and_cost(pool, line, civilizations, cost, kind):
    right, wrong, unresolved = coverage.judge(pool, [(line, civilizations, cost, kind)])
    assert wrong == []
    if unresolved:  # a card of the English TCG that Japan never printed stays unknown, not guessed
        assert pool.lookup(line).card is None
    else:
        assert len(right) == 1


@pytest.mark.parametrize("typed, card", [
    ("Bronze-Arm Tribe", "青銅の鎧"),
    ("bronze arm tribe", "青銅の鎧"),
    ("Barkwhip the Smasher", "大勇者「大地の猛攻」"),
    ("Barkwhip, the Smasher", "大勇者「大地の猛攻」"),
    ("Crystal Paladin", "クリスタル・パラディン"),  # Ravenite rows of DM-18 / DMC-42: joined by official id now
    ("Fighter Dual Fang", "大勇者「ふたつ牙」"),
    ("Brain Serum", "ネオ・ブレイン"),
    ("Uberdragon Bajula", "超竜バジュラ"),  # Ü typed without its accent
    ("Chaos Strike", "カオス・ストライク"),  # joined by facts (fire spell, 2) and by sound
])
def test_english_names_people_type(pool, typed, card):
    assert pool.lookup(typed).card.name == card
