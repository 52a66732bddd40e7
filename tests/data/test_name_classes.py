"""Spelling classes: the ways real sources write a card name other than the printed one, each a
property over the whole embedded pool, and the rule that no folding makes two cards one.

* look-alike letters (names.LOOK_ALIKES): Greek Σ for ∑, Latin letters for Greek or Cyrillic ones;
* a ー used as a dash written with a hyphen (names.dash_spelling, indexed by data.files.index_rows);
* a deck site's name of a multi-sided card with every side joined by ``/`` (CardPool's sides look-up).
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from duepa_check.data.files import index_rows
from duepa_check.data.names import LOOK_ALIKES, dash_spelling, name_key
from duepa_check.data.pool import CardPool


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return CardPool.load()


@pytest.fixture(scope="module")
def cards(pool) -> list:
    return list(pool)


def _spellings(card) -> set[str]:
    """What a card is known by: its name, aliases and English names (sides are shared on purpose)."""
    return {card.name, *card.aliases, *card.english}


def _resolves(pool: CardPool, typed: str, card) -> bool:
    found = pool.lookup(typed)
    return found.card is not None and found.card.name == card.name


# Each look-alike group as the characters people write for one another (the folded character too,
# where it is a letter of its own: σ, δ, φ, or the Latin one).
GROUPS: list[str] = sorted(
    {
        "".join(sorted({c for c, to in LOOK_ALIKES.items() if to == target} | {target}))
        for target in set(LOOK_ALIKES.values())
    }
)


def _swapped(text: str, turn: int) -> str:
    """Every look-alike character of ``text`` replaced by the one ``turn`` places on in its group."""
    out = []
    for char in text:
        group = next((g for g in GROUPS if char in g), None)
        out.append(group[(group.index(char) + turn) % len(group)] if group else char)
    return "".join(out)


def test_the_look_alike_groups_are_the_ones_the_pool_needs():
    assert "".join(sorted("∑Σσς")) in GROUPS  # 《∑龍》 as the fan wiki writes it, Σ
    assert name_key("Σ龍") == name_key("∑龍") == name_key("σ龍")
    assert name_key("IXI ヤマイオン") == name_key("ΙΧΙ ヤマイオン")  # Latin I, X for the Greek letters
    assert name_key("「ウチの右眼は破滅の右眼なのゼナ(Φ▽＜)」") == name_key("「ウチの右眼は破滅の右眼なのゼナ(Ф▽＜)」")
    assert name_key("xマドギワ親父") == name_key("×マドギワ親父")
    assert name_key("ニケ※◎☆#△") == name_key("ニケ※◎☆♯△")
    assert name_key("烈王“轟怒”飛流投") == name_key("烈王‟轟怒”飛流投")  # the high-reversed quote of the print


def test_a_look_alike_letter_anywhere_in_a_pool_name_finds_the_same_card(pool, cards):
    """Every spelling of every card with a look-alike character, each such character replaced by
    every other of its group in turn (Greek for Latin too): the same card, and only it."""
    tried = 0
    for card in cards:
        for spelling in _spellings(card):
            if not any(char in group for char in spelling for group in GROUPS):
                continue
            for turn in range(1, max(len(g) for g in GROUPS)):
                typed = _swapped(spelling, turn)
                if typed != spelling:
                    tried += 1
                    assert _resolves(pool, typed, card), (typed, card.name)
    assert tried > 1000  # the English names' Latin letters, the Greek of the オレガ・オーラ cards, ∑龍


def test_a_dash_written_with_a_hyphen_finds_the_same_card(pool, cards):
    dashed = 0
    for card in cards:
        for spelling in _spellings(card):
            written = dash_spelling(spelling)
            if written is None:
                continue
            dashed += 1
            for hyphen in ("-", "－", "‐"):
                assert _resolves(pool, written.replace("-", hyphen), card), (written, card.name)
    assert dashed >= 13  # 《切札勝太&カツキング ー熱血の物語ー》, 《“Ｒｰ夢”ララッタ》, 《数ー字ーQ》, …


def test_a_long_vowel_is_no_dash():
    assert dash_spelling("スーパー・ボルシャック") is None and dash_spelling("じーさん") is None
    assert (
        dash_spelling("禁断の影 ードキンダム・ソウルー") == "禁断の影 -ドキンダム・ソウル-"
    )  # the ー that closes a dash's phrase
    assert dash_spelling("パーロック ー交差の石版ー") == "パーロック -交差の石版-"


def test_every_side_joined_by_slashes_finds_the_multi_sided_card(pool, cards):
    """As a deck site names a multi-sided card: 「爆熱剣 バトライ刃/爆熱天守 バトライ閣/爆熱DX バトライ武神」."""
    multi = [card for card in cards if card.layout == "multi_side" and len(card.faces) > 1]
    assert len(multi) > 200
    for card in multi:
        for joint in ("/", " / ", "／"):
            typed = joint.join(face.name for face in card.faces)
            assert _resolves(pool, typed, card), (typed, card.name)


def test_no_two_cards_of_the_pool_share_a_key(cards):
    """No folding (look-alikes, dashes, widths, kana, quotes…) makes the names, aliases, English
    names or dash spellings of two different cards one key: each typed spelling means one card."""
    owners: dict[str, set[str]] = defaultdict(set)
    for card in cards:
        for key, kind in index_rows(card):
            if kind != "face":
                owners[key].add(card.name)
    shared = {key: names for key, names in owners.items() if len(names) > 1}
    assert not shared, list(shared.items())[:10]


def test_every_spelling_of_a_card_finds_that_card(pool, cards):
    """What resolved before the classes were added still does (measured once over all 49,871
    spellings and their upper- and lower-case forms against the data before: none changed)."""
    for card in cards:
        for spelling in _spellings(card):
            assert _resolves(pool, spelling, card), (spelling, card.name)


def test_data_written_with_an_older_key_is_keyed_again(tmp_path):
    """Card data an older release wrote (KEY_VERSION 1 in its header, Greek letters kept in its
    keys) is indexed again on load, so what the key folds now finds its cards too."""
    from duepa_check.data.cards import Card, Face
    from duepa_check.data.files import CARDS_FILE, INDEX_FILE, write_card_data
    from duepa_check.data.names import KEY_VERSION

    name = "ΙΧΙ テストカード"
    write_card_data([Card(name=name, faces=(Face(name, "クリーチャー", ("水",), 3, 1000, ()),))], {}, tmp_path)
    cards_file = tmp_path / CARDS_FILE
    text = cards_file.read_text(encoding="utf-8")
    cards_file.write_text(text.replace(f'"key_version": {KEY_VERSION}', '"key_version": 1'), encoding="utf-8")
    offset = len(text.splitlines()[0].encode("utf-8")) + 1
    (tmp_path / INDEX_FILE).write_text(f"ιχιテストカード\tname\t{offset}\n", encoding="utf-8")  # as version 1 keyed it
    pool = CardPool([tmp_path])
    assert pool.lookup("IXI テストカード").card.name == name
    assert pool.lookup(name).card.name == name
