"""English stays English under --unsafe-fixes too (docs/fix.md): a typo written in English is fixed
to the English name of the card it means, or not at all; never to the Japanese name."""

from __future__ import annotations

from fix_support import CARDS, POOL, SETTINGS
from hypothesis import event, example, given
from hypothesis import strategies as st
from support import run

from duepa_check.reading.name_fixes import clear_suggestion, written_in_english

ENGLISH = [card for card in CARDS if card.english and not written_in_english(card.name)]


@st.composite
def english_typos(draw):
    card = draw(st.sampled_from(ENGLISH))
    name = draw(st.sampled_from(card.english))
    at = draw(st.integers(0, len(name) - 1))
    how = draw(st.sampled_from(["drop", "double", "swap"]))
    if how == "drop":
        typo = name[:at] + name[at + 1 :]
    elif how == "double":
        typo = name[:at] + name[at] + name[at:]
    else:
        typo = name[:at] + name[at + 1 : at + 2] + name[at : at + 1] + name[at + 2 :]
    return typo


@SETTINGS
@given(english_typos())
@example("Aqua Surfr")
@example("Barkwhip the Smashr")
def test_an_english_typo_is_fixed_in_english_or_not_at_all(typo):
    target = clear_suggestion(typo, POOL)
    event("fixed" if target else "left")
    if target is not None:
        card = POOL.lookup(target).card
        assert card is not None and (target in card.english or written_in_english(card.name)), (typo, target)


def test_the_command_writes_the_english_name(tmp_path, capsys):
    deck = tmp_path / "deck.txt"
    deck.write_text("1 Aqua Surfr\n1 Barkwhip the Smashr\n", encoding="utf-8")
    run(capsys, "--fix", "--unsafe-fixes", deck)
    assert deck.read_text(encoding="utf-8") == "1 Aqua Surfer\n1 Barkwhip, the Smasher\n"


def test_a_japanese_typo_is_still_fixed_in_japanese():
    assert clear_suggestion("ボルシャック・ドラゴソ", POOL) in (None, "ボルシャック・ドラゴン")
    assert not written_in_english("ボルシャック・ドラゴン") and written_in_english("Ｂｏｌｓｈａｃｋ")
