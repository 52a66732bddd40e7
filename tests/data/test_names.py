"""Each way people spell a card name resolves to the one card, through the embedded pool."""

from __future__ import annotations

import pytest

from duepa_check.data.names import name_key
from duepa_check.data.pool import CardPool


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return CardPool.load()


def resolves_to(pool: CardPool, typed: str) -> str:
    found = pool.lookup(typed)
    assert found.card is not None, f"{typed!r}: {[c.name for c in found.cards]} {found.suggestions}"
    return found.card.name


def test_book_brackets(pool):
    assert resolves_to(pool, "《ボルシャック・ドラゴン》") == "ボルシャック・ドラゴン"


def test_full_width_letters(pool):
    assert resolves_to(pool, "ＢＡＫＵＯＯＯＮ・ミッツァイル") == "BAKUOOON・ミッツァイル"


def test_half_width_kana(pool):
    assert resolves_to(pool, "ﾎﾞﾙｼｬｯｸ・ﾄﾞﾗｺﾞﾝ") == "ボルシャック・ドラゴン"


@pytest.mark.parametrize(
    "typed",
    [
        "ボルシャック・ドラゴン／決闘者・チャージャー",
        "ボルシャック・ドラゴン/決闘者・チャージャー",
        "ボルシャック・ドラゴン / 決闘者・チャージャー",
        "ボルシャック・ドラゴン ／ 決闘者・チャージャー",
    ],
)
def test_twinpact_slash_variants(pool, typed):
    assert resolves_to(pool, typed) == "ボルシャック・ドラゴン／決闘者・チャージャー"


@pytest.mark.parametrize(
    "typed", ["ボルシャック・ドラゴン", "ボルシャック･ドラゴン", "ボルシャック·ドラゴン", "ボルシャックドラゴン"]
)
def test_middle_dot_variants(pool, typed):
    assert resolves_to(pool, typed) == "ボルシャック・ドラゴン"


@pytest.mark.parametrize(
    "typed", ["禁断〜封印されしX〜", "禁断～封印されしX～", "禁断~封印されしX~", "禁断 ～封印されしX～"]
)
def test_wave_dash_variants(pool, typed):
    assert resolves_to(pool, typed) == "禁断 ～封印されしX～"


@pytest.mark.parametrize("typed", ["“轟轟轟”ブランド", '"轟轟轟"ブランド', "轟轟轟ブランド"])
def test_quote_variants(pool, typed):
    assert resolves_to(pool, typed) == "“轟轟轟”ブランド"


def test_reading_in_parentheses(pool):
    assert resolves_to(pool, "竜魔神王バルカディア・NEX（ネックス）") == "竜魔神王バルカディア・NEX"
    assert resolves_to(pool, "ボルシャックライシス・NEX（ネックス）") == "ボルシャックライシス・NEX"


def test_hiragana_for_katakana(pool):
    assert resolves_to(pool, "ぼるしゃっく・どらごん") == "ボルシャック・ドラゴン"


def test_english_name(pool):
    assert resolves_to(pool, "Bolshack Dragon") == "ボルシャック・ドラゴン"
    assert resolves_to(pool, "Terror Pit") == "デーモン・ハンド"


@pytest.mark.parametrize(
    ("typed", "card"),
    [
        # joined to the single card too by some source rows; most rows and the name say twinpact
        ("Bolshack Dragon/Duelist Charger", "ボルシャック・ドラゴン／決闘者・チャージャー"),
        ("Evolution Blueprint", "進化設計図"),  # 5 rows against one stray join to 未来設計図
        ("Bruce Quack", "ブルース・ガー"),  # a misnumbered row put it on 応援妖精エール: cost and colour say no
        ("Madan = Row, Abyssal Furnace", "深淵の壊炉 マーダン=ロウ"),
    ],
)
def test_english_names_the_joins_disagreed_on(pool, typed, card):
    assert resolves_to(pool, typed) == card


def test_english_names_from_mismatched_rows_are_not_kept(pool):
    for typed, wrong in (("Lunar Charger", "ソーラー・チャージャー"), ("Nitro Flag, Sonic", "奇天烈 ベガス")):
        found = pool.lookup(typed)
        assert wrong not in [card.name for card in (found.cards or [found.card]) if card is not None]
    english = [e for card in pool for e in card.english]
    assert not [e for e in english if "%3D" in e]  # wiki page names are decoded


def test_unknown_name_gets_up_to_three_suggestions(pool):
    found = pool.lookup("ボルシャック・ドラゴソ")
    assert found.cards == []
    assert 1 <= len(found.suggestions) <= 3
    assert "ボルシャック・ドラゴン" in found.suggestions


def test_side_name_alone_prefers_the_single_card(pool):
    assert resolves_to(pool, "ナチュラル・トラップ") == "ナチュラル・トラップ"
    assert pool.lookup("ナチュラル・トラップ").matched_by == "exact"


def test_side_name_alone_resolves_to_the_twinpact_when_no_single_card(pool):
    found = pool.lookup("ナ・チュラルゴ・デンジャー")
    assert found.matched_by == "face"
    assert found.card.name == "ナ・チュラルゴ・デンジャー／ナチュラル・トラップ"
    assert resolves_to(pool, "決闘者・チャージャー") == "ボルシャック・ドラゴン／決闘者・チャージャー"


INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u180e", "\u200e", "\u200f"]


@pytest.mark.parametrize("char", INVISIBLE, ids=[f"U+{ord(c):04X}" for c in INVISIBLE])
def test_invisible_characters_inside_a_name_are_ignored(char):
    name = "ボルシャック・ドラゴン"
    for at in range(len(name) + 1):
        assert name_key(name[:at] + char + name[at:]) == name_key(name)
    assert name_key(char.join("Q.Q.QX.")) == name_key("Q.Q.QX.")
