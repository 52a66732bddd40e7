"""What deck builders and card sites export, read card for card (issue 29).

tests/fixtures/exports holds the DM23-BD4 product list written in each form (see its README):
each reads to the product's 60 cards and, with ``--partner``, is a legal deck. The tests below
pin each form's own rule: untap's piles and memo line, a deck site's title and URL lines and its
psychic ``FRONT／BACK``, a card site's ``4*NAME`` / ``NAME*4`` counts and comma-separated lines
(split only when the whole line is no card), English exports, and twinpacts ``A/B``, ``A / B``,
``A／B``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support import check_json, deck_lines, rule_lines

from duepa_check.data.pool import CardPool
from duepa_check.reading.decklist import parse_decklist
from duepa_check.reading.resolve import resolve_deck

EXPORTS = Path(__file__).parent.parent / "fixtures" / "exports"
PARTNER = "ボルシャック・ドラゴ大王"


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return CardPool.load()


def product() -> list[str]:
    lines = deck_lines()  # DM23-BD4
    return [lines[1].split(": ", 1)[1]] + [line.split(" ", 1)[1] for line in lines[3:] if line.strip()]


def read(pool: CardPool, text: str):
    """(cards as (line, official name, count), unresolved (line, name), problems (line, text))."""
    deck = resolve_deck(parse_decklist(text.encode("utf-8"), "deck.txt"), pool)
    return (
        [(c.entry.line, c.card.name, c.entry.count) for c in deck.cards],
        [(e.line, e.name) for e, _ in deck.unresolved],
        [(p.line, p.text) for p in deck.problems],
    )


@pytest.mark.parametrize("name", sorted(p.name for p in EXPORTS.glob("*.txt")))
def test_each_export_reads_to_the_product_list_card_for_card(capsys, pool, name):
    deck = resolve_deck(parse_decklist((EXPORTS / name).read_bytes(), name), pool, PARTNER)
    assert (deck.problems, deck.unresolved) == ([], [])
    assert sorted(c.card.name for c in deck.cards) == sorted(pool.lookup(n).card.name for n in product())
    code, result = check_json(capsys, EXPORTS / name, "--partner", PARTNER)
    assert (code, result["violations"], result["card_count"]) == (0, [], 60)


# ---------------------------------------------------------------------------- untap paste


def test_untap_piles_are_read_and_their_other_zones_are_dp006(capsys, tmp_path):
    deck = tmp_path / "untap.txt"
    deck.write_text(
        "//deck-1\n1 勝熱英雄 モモキング\n1 ボルシャック・ドラゴン (DM-01版)\n1 Bolshack Dragon / Duelist Charger "
        "[DM22RP1-T2]\n"
        "//deck-2\n1 ヨミジ 丁-二式\n//pile-public\n1 時空の英雄アンタッチャブル\n//play-1\n1 禁断 ～封印されしX～\n"
        "//c2u 赤単 | ボルシャック中心 | https://example.com/deck/1\n",
        encoding="utf-8",
    )
    _, result = check_json(capsys, deck, "--partner", "勝熱英雄 モモキング")
    assert result["card_count"] == 6
    assert [line for rule, line in rule_lines(result) if rule == "DP006"] == [6, 8, 10]
    assert not any(rule in ("DP100", "DP101", "DP102") for rule, _ in rule_lines(result))  # the memo line is nothing


def test_other_double_slash_lines_are_comments_too(pool):
    cards, unresolved, problems = read(pool, "//deck-3\n//メモ\n1 ボルシャック・ドラゴン\n")
    assert cards == [(3, "ボルシャック・ドラゴン", 1)] and unresolved == [] and problems == []


# ---------------------------------------------------------------------------- old deck site text export


def test_a_title_above_a_url_is_metadata_but_never_a_card_lost(pool):
    site = "赤単ボルシャック\nhttps://deck.example.jp/recipe/1\n4 x ボルシャック・ドラゴン\n"
    assert read(pool, site) == ([(3, "ボルシャック・ドラゴン", 4)], [], [])
    titled_by_a_card = "ボルシャック・ドラゴン\nhttps://deck.example.jp/recipe/1\n1 x 勝熱英雄 モモキング\n"
    assert read(pool, titled_by_a_card)[0] == [(1, "ボルシャック・ドラゴン", 1), (3, "勝熱英雄 モモキング", 1)]
    not_above_a_url = "赤単ボルシャック\n4 x ボルシャック・ドラゴン\nhttps://deck.example.jp/recipe/1\n"
    assert read(pool, not_above_a_url)[1] == [(1, "赤単ボルシャック")]  # a stray line stays DP100


@pytest.mark.parametrize(
    "typed",
    [
        "時空の英雄アンタッチャブル／変幻の覚醒者アンタッチャブル・パワード",
        "時空の英雄アンタッチャブル/変幻の覚醒者アンタッチャブル・パワード",
        "時空の英雄アンタッチャブル / 変幻の覚醒者アンタッチャブル・パワード",
    ],
)
def test_both_sides_of_a_psychic_card_are_that_card(pool, typed):
    found = pool.lookup(typed)
    assert [c.name for c in found.cards] == ["時空の英雄アンタッチャブル"] and found.matched_by == "sides"


def test_sides_of_two_different_cards_are_no_card(pool):
    assert pool.lookup("時空の英雄アンタッチャブル／ボルシャック・ドラゴン").cards == []
    assert pool.lookup("時空の英雄アンタッチャブル／存在しない裏面").cards == []


# ---------------------------------------------------------------------------- card site import box


@pytest.mark.parametrize(
    "line, count",
    [
        ("4*ボルシャック・ドラゴン", 4),
        ("4＊ボルシャック・ドラゴン", 4),
        ("ボルシャック・ドラゴン*4", 4),
        ("ボルシャック・ドラゴン * 3", 3),
        ("2x ボルシャック・ドラゴン", 2),
        ("ボルシャック・ドラゴン", 1),
    ],
)
def test_import_box_counts(pool, line, count):
    assert read(pool, line) == ([(1, "ボルシャック・ドラゴン", count)], [], [])


def test_a_line_of_names_is_split_only_when_the_whole_line_is_no_card(pool):
    cards, unresolved, _ = read(
        pool,
        "デーモン・ハンド,ナチュラル・トラップ\nアクア・サーファー，スパイラル・ゲート\n"
        "Barkwhip, the Smasher\n2 Barkwhip, the Smasher\n",
    )
    assert cards == [
        (1, "デーモン・ハンド", 1),
        (1, "ナチュラル・トラップ", 1),
        (2, "アクア・サーファー", 1),
        (2, "スパイラル・ゲート", 1),
        (3, "大勇者「大地の猛攻」", 1),
        (4, "大勇者「大地の猛攻」", 2),
    ]
    assert unresolved == []


def test_a_part_that_is_no_card_is_never_silent(pool):
    _, unresolved, _ = read(pool, "ボルシャック・ドラゴン, Nonexistent Foo\n")
    assert unresolved == [(1, "ボルシャック・ドラゴン, Nonexistent Foo")]  # one card, one not: the line as written
    cards, unresolved, _ = read(pool, "デーモン・ハンド,ナチュラル・トラップ,ないカード\n")
    assert [c[1] for c in cards] == ["デーモン・ハンド", "ナチュラル・トラップ"]
    assert unresolved == [(1, "ないカード")]  # a list of cards with one that is none: that part is DP100


def test_parts_keep_their_counts(pool):
    cards, _, _ = read(pool, "2*デーモン・ハンド,ナチュラル・トラップ*3\n")
    assert cards == [(1, "デーモン・ハンド", 2), (1, "ナチュラル・トラップ", 3)]


# ---------------------------------------------------------------------------- twinpacts and English


@pytest.mark.parametrize(
    "typed",
    [
        "ボルシャック・ドラゴン/決闘者・チャージャー",
        "ボルシャック・ドラゴン / 決闘者・チャージャー",
        "ボルシャック・ドラゴン／決闘者・チャージャー",
        "Bolshack Dragon / Duelist Charger",
        "Bolshack Dragon/Duelist Charger",
    ],
)
def test_twinpacts_as_builders_sites_and_wikis_write_them(pool, typed):
    assert pool.lookup(typed).card.name == "ボルシャック・ドラゴン／決闘者・チャージャー"


def test_a_long_english_twinpact_is_a_name_not_a_parse_problem(pool):
    line = '1 Glenlivet, Explosive Dragon Ruler / "Explosive Secret Art, Raging Dragon\'s Earth!"'
    assert read(pool, line) == ([(1, "爆龍覇 グレンリベット／「爆流秘術、暴龍の大地！」", 1)], [], [])
