"""The reader's bound on a name's length is above every spelling of the pool: the longest names
(English ones of over 200 characters) are read, in a list and in a table, and only a longer text
is DP102."""

from __future__ import annotations

import pytest
from support import run

from duepa_check.data.pool import CardPool
from duepa_check.reading.card_line import LONGEST_NAME


@pytest.fixture(scope="module")
def longest() -> list[tuple[str, str]]:
    """(spelling, card) of the ten longest spellings of the pool."""
    pool = CardPool.load()
    spellings = [(spelling, card.name) for card in pool for spelling in (card.name, *card.aliases, *card.english)]
    return sorted(spellings, key=lambda pair: len(pair[0]))[-10:]


def test_every_spelling_of_the_pool_is_within_the_bound(longest):
    assert len(longest[-1][0]) <= LONGEST_NAME
    assert len(longest[-1][0]) > 150  # the premise: English names run far longer than Japanese ones


@pytest.mark.parametrize("form", ["1 {n}", "{n}", "1\t{n}", "{n}：1"])
def test_the_longest_names_are_read_as_their_cards(capsys, tmp_path, longest, form):
    deck = tmp_path / "deck.txt"
    deck.write_text("".join(form.format(n=spelling) + "\n" for spelling, _ in longest), encoding="utf-8")
    document = run(capsys, deck, "--format", "json").json["decks"][0]
    assert [v["rule"] for v in document["violations"] if v["rule"].startswith("DP1")] == []
    assert document["card_count"] == len(longest)


def test_a_text_longer_than_any_name_is_dp102(capsys, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("1 " + "ボルシャック" * 50 + "\n", encoding="utf-8")
    document = run(capsys, deck, "--format", "json").json["decks"][0]
    assert [v["rule"] for v in document["violations"] if v["line"] == 1] == ["DP102"]
