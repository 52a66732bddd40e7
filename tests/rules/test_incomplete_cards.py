"""A card whose data is incomplete is not judged by its civilizations (DP201 says its data is
missing instead), even when the civilizations it has are outside the partner's (issue 49 §3: a
mutant of rules/civilization.py that the suite let pass: no card of the embedded pool is incomplete
and has a civilization, but data refreshed by ``duepa-check update`` can hold one).
"""

from __future__ import annotations

import copy
from datetime import date

from support import AS_OF, BD4, make_deck, run

from duepa_check.data.pool import CardPool
from duepa_check.data.regulation import embedded_regulation_path, load_regulation
from duepa_check.reading.decklist import parse_decklist
from duepa_check.reading.resolve import resolve_deck
from duepa_check.rules import civilization
from duepa_check.rules.base import Context

OFF_COLOUR = "フェアリー・シャワー"  # 水/自然 under the 火/自然 partner of DM23-BD4


def _findings(tmp_path, complete: bool) -> list:
    pool = CardPool.load()
    path = make_deck(tmp_path, BD4, replace={30: f"1 {OFF_COLOUR}"})
    deck = resolve_deck(parse_decklist(path.read_bytes(), str(path)), pool)
    at = next(index for index, deck_card in enumerate(deck.cards) if deck_card.card.name == OFF_COLOUR)
    card = copy.copy(deck.cards[at].card)
    card.complete = complete  # as refreshed data can leave a card: its civilizations known, the rest not
    deck.cards[at] = deck.cards[at]._replace(card=card)
    context = Context(date.fromisoformat(AS_OF), load_regulation(embedded_regulation_path()))
    return [found for found in civilization.check(deck, context)]


def test_an_incomplete_card_off_the_partner_s_civilizations_is_not_dp005(tmp_path):
    assert _findings(tmp_path, complete=False) == []


def test_the_same_card_complete_is_dp005(tmp_path):
    """The other side: complete, the card is off-colour, so the test above is the incompleteness."""
    assert [found[1] for found in _findings(tmp_path, complete=True)] == [OFF_COLOUR]


def test_a_partner_with_no_card_data_is_dp004_on_its_line(capsys, tmp_path):
    """深淵大帝 ジャシン has no card data in the embedded pool: as the partner it cannot be judged."""
    partner = "深淵大帝 ジャシン"
    deck = make_deck(tmp_path, BD4, replace={2: f"パートナー: {partner}"})
    result = run(capsys, deck, "--format", "json", "--as-of", AS_OF)
    found = [v for v in result.json["decks"][0]["violations"] if v["rule"] == "DP004"]
    assert [(v["line"], v["card"]) for v in found] == [(2, partner)]
    assert found[0]["message"].startswith(f"《{partner}》 has no card data yet")
    assert found[0]["hint"].startswith("run 'duepa-check update' to fetch the card's facts")
    assert [v["rule"] for v in result.json["decks"][0]["violations"] if v["rule"] == "DP005"] == []
