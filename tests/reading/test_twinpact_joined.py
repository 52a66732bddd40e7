"""Whole names first: a twinpact written with its sides joined by ``//`` (the split cards of other
card games), `` / ``, ``／`` or another slash, with any spaces around, is the twinpact; never its
first side with the rest taken for a comment (105 twinpacts' first sides are cards of their own)."""

from __future__ import annotations

import pytest

from duepa_check.data.pool import CardPool
from duepa_check.reading.decklist import parse_decklist
from duepa_check.reading.resolve import resolve_deck

POOL = CardPool.load()
TWINPACTS = [
    card
    for card in POOL
    if card.complete and len(card.faces) == 2 and card.name == f"{card.faces[0].name}／{card.faces[1].name}"
]
FORMS = [
    "{a}//{b}",
    "{a} // {b}",
    "{a}  //  {b}",
    "{a} //{b}",
    "{a} / {b}",
    "{a} ／ {b}",
    "{a}/{b}",
    "{a} // {b} # メモ",
]


def test_the_pool_has_twinpacts_whose_first_side_is_a_card():
    assert len(TWINPACTS) > 500
    assert sum(POOL.lookup(card.faces[0].name).card is not None for card in TWINPACTS) >= 100


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("suffix", [".txt", ".md"])
def test_every_twinpact_with_its_sides_joined_is_the_twinpact(form, suffix):
    lines = [f"1 {form.format(a=card.faces[0].name, b=card.faces[1].name)}" for card in TWINPACTS]
    deck = resolve_deck(parse_decklist("\n".join(lines).encode(), f"deck{suffix}"), POOL)
    assert [card.card.name for card in deck.cards] == [card.name for card in TWINPACTS]
    assert deck.unresolved == [] and deck.problems == []


def test_a_comment_after_a_card_is_still_a_comment():
    deck = resolve_deck(parse_decklist("1 ボルシャック・ドラゴン // 切り札\n".encode(), "deck.txt"), POOL)
    assert [card.card.name for card in deck.cards] == ["ボルシャック・ドラゴン"]
