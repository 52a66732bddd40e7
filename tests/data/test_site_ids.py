"""The official site's ids find cards: every id of every card, ids of three parts ('dmbd08-a-010'),
and for a card of several faces the id without its image suffix ('dm25ex4-SPR15a' → 'dm25ex4-SPR15')
and every face's id ('…a', '…b'), unless that is another card's own id."""

from __future__ import annotations

import re

from duepa_check.data.pool import CardPool

POOL = CardPool.load()
OWN: dict[str, set[str]] = {}
for _card in POOL:
    for _id in _card.ids:
        OWN.setdefault(_id.casefold(), set()).add(_card.name)
MULTI = [card for card in POOL if card.complete and len(card.faces) > 1]


def _found(typed: str) -> str | None:
    card = POOL.lookup(typed).card
    return card.name if card else None


SITE_ID = re.compile(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+")  # the site's shape (10 ids of old sets have a space or '$')


def test_every_id_of_every_card_finds_it():
    ids = [(card.name, card_id) for card in POOL for card_id in card.ids if SITE_ID.fullmatch(card_id)]
    wrong = [(name, card_id) for name, card_id in ids if _found(card_id) not in OWN[card_id.casefold()]]
    assert len(ids) > 20_000 and wrong == []


def test_every_face_id_and_the_bare_id_of_a_many_faced_card_find_it():
    tried, wrong = 0, []
    for card in MULTI:
        for card_id in card.ids:
            suffixed = re.fullmatch(r"(.*[0-9])[a-h]", card_id)
            if suffixed is None:
                continue
            base = suffixed.group(1)
            for typed in (base, *(base + letter for letter in "abcdefgh"[: len(card.faces)])):
                if OWN.get(typed.casefold(), {card.name}) != {card.name}:
                    continue  # another card's own id: that card's
                tried += 1
                if _found(typed) != card.name and _found(typed.upper()) != card.name:
                    wrong.append((card.name, card_id, typed, _found(typed)))
    assert tried > 300 and wrong == []


def test_an_id_of_three_parts_is_an_id():
    assert _found("dmbd08-a-010") == "アカシシーマ／レッド・アグラフ"
