"""Every card of the official DuePar product lists resolves to exactly one complete card."""

from __future__ import annotations

from pathlib import Path

import pytest

from duepa_check.data.pool import CardPool

DECKS = Path(__file__).parent.parent / "fixtures" / "decks"
PARTNER = "パートナー:"


def deck_names(path: Path) -> list[str]:
    """A deliberately simple reader (the real parser lives elsewhere): '1 NAME' and 'パートナー: NAME'."""
    names = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith(PARTNER):
            names.append(line[len(PARTNER) :].strip())
        else:
            count, _, name = line.partition(" ")
            names.extend([name.strip()] * int(count))
    return names


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return CardPool.load()


@pytest.mark.parametrize("deck", sorted(path.name for path in DECKS.glob("DM2*-BD*.txt")))
def test_every_card_resolves_to_one_complete_card(pool, deck):
    names = deck_names(DECKS / deck)
    assert len(names) == 60
    problems = []
    for name in names:
        found = pool.lookup(name)
        if found.card is None or not found.card.complete:
            problems.append((name, [c.name for c in found.cards], found.suggestions))
    assert problems == []


@pytest.mark.parametrize(
    "deck, partner", [("DM23-BD4.txt", "ボルシャック・ドラゴ大王"), ("DM24-BD6.txt", "偽神殺しのツラトゥストラ")]
)
def test_product_partner_is_eligible(pool, deck, partner):
    assert deck_names(DECKS / deck)[0] == partner
    assert pool.lookup(partner).card.partner_eligible
