"""The name search behind an editor's completion (data.name_search, issue 48): the typed text
folded as a look-up folds it, prefixes by bisection, ranked exact, official prefix, other
spelling's prefix, a word's prefix, any infix; the shorter name first within a rank."""

from __future__ import annotations

import pytest

from duepa_check.data.name_search import EXACT, INFIX, NAME_PREFIX, SPELLING_PREFIX, WORD_PREFIX, NameSearch
from duepa_check.data.names import name_key
from duepa_check.data.pool import CardPool

POOL = CardPool.load(None)
SEARCH = NameSearch(POOL)
QUERIES = [
    "ぼるしゃっく",
    "ボルシャック",
    "ﾎﾞﾙｼｬｯｸ",
    "bolshack",
    "ドラゴ大王",
    "大王",
    "ド",
    "a",
    "ツラトゥストラ",
    "ﾌｪｱﾘｰ",
]


@pytest.mark.parametrize("typed", ["ぼるしゃっく", "ﾎﾞﾙｼｬｯｸ", "ボルシャック"])
def test_hiragana_and_half_width_kana_find_what_katakana_finds(typed):
    assert SEARCH.search(typed) == SEARCH.search("ボルシャック")
    assert len(SEARCH.search(typed)) == 50


@pytest.mark.parametrize(
    ("typed", "card", "spelling"),
    [
        ("ボルシャックドラゴ大王", "ボルシャック・ドラゴ大王", "ボルシャック・ドラゴ大王"),  # the ・ left out
        ("faerie life", "フェアリー・ライフ", "Faerie Life"),  # English, other capitals
        ("ふぇありー・らいふ", "フェアリー・ライフ", "フェアリー・ライフ"),
    ],
)
def test_the_whole_key_of_a_spelling_comes_first(typed, card, spelling):
    first = SEARCH.search(typed)[0]
    assert (first.rank, first.card.name, first.spelling) == (EXACT, card, spelling)
    assert first.card == POOL.lookup(typed).card


def test_a_word_inside_a_name_ranks_above_any_infix():
    found = SEARCH.search("ドラゴ大王")
    assert [(m.rank, m.card.name) for m in found] == [
        (WORD_PREFIX, "龍世界 ドラゴ大王"),
        (WORD_PREFIX, "ボルシャック・ドラゴ大王"),
    ]
    assert ("閻魔大王", INFIX) in [(m.card.name, m.rank) for m in SEARCH.search("大王")]


def test_an_official_name_prefix_ranks_above_another_spellings():
    found = SEARCH.search("bol")
    ranks = [m.rank for m in found]
    assert NAME_PREFIX in ranks and SPELLING_PREFIX in ranks  # 'Bolshack' is English, 'BOLT' official
    assert ranks.index(SPELLING_PREFIX) > max(i for i, rank in enumerate(ranks) if rank == NAME_PREFIX)


@pytest.mark.parametrize("typed", QUERIES)
def test_results_are_ranked_then_shorter_first_and_each_holds_the_query(typed):
    found = SEARCH.search(typed)
    assert found and len(found) <= 50
    assert found == sorted(found, key=lambda m: (m.rank, len(m.card.name), m.card.name))
    assert len({m.card.name for m in found}) == len(found)
    for match in found:
        assert name_key(typed) in name_key(match.spelling)
        assert match.spelling in (match.card.name, *match.card.aliases, *match.card.english) + tuple(
            face.name for face in match.card.faces
        )


def test_a_full_page_of_prefixes_leaves_out_what_only_contains_the_text():
    assert all(m.rank < INFIX for m in SEARCH.search("ド"))
    assert len(SEARCH.search("ド", limit=5)) == 5
    assert SEARCH.search("", limit=5) == [] and SEARCH.search("zzzzqq") == []
