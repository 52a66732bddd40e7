"""An invisible character in a name (issue 39 item 9): a variation selector that PDFs and IMEs attach
(U+E0100, VS16), a combining grapheme joiner, a bidi isolate or mark, a hangul filler (U+3164), a
zero-width space or joiner, a soft hyphen, a word joiner… copied along with a card's name must not
make it another name (DP100 shown with a name that looks right): the key leaves every character of
printable.INVISIBLE_RANGES out, and no name of the pool holds one. Shown, such a character is escaped.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import make_deck, run

from duepa_check.data.names import name_key
from duepa_check.data.pool import CardPool
from duepa_check.printable import INVISIBLE_RANGES, printable

POOL = CardPool.load()
CARDS = list(POOL)
INVISIBLE = [chr(code) for low, high in INVISIBLE_RANGES for code in range(low, high + 1)]
NAMED = [
    "\U000e0100",
    "\U000e01ef",
    "\ufe0f",
    "\ufe00",
    "\u034f",
    "\u2066",
    "\u2067",
    "\u2068",
    "\u2069",
    "\u200e",
    "\u200f",
    "\u061c",
    "\u3164",
    "\uffa0",
    "\u115f",
    "\u1160",
    "\u200b",
    "\u200c",
    "\u200d",
    "\u00ad",
    "\u2060",
    "\ufeff",
    "\u180e",
    "\u180b",
    "\U000e0001",
]


def test_no_name_of_the_pool_holds_an_invisible_character():
    """So leaving them out of the key can make no card's name another's (English names aside:
    two carry the emoji presentation selector VS16 after ❤, which the key now leaves out too)."""
    invisible = set(INVISIBLE)
    for card in CARDS:
        for name in (card.name, *card.aliases, *(face.name for face in card.faces)):
            assert not invisible & set(name), (card.name, name)
    assert set(NAMED) <= invisible and len(invisible) > 4000


@settings(max_examples=400, deadline=None)
@given(card=st.sampled_from(CARDS), char=st.sampled_from(INVISIBLE), where=st.floats(0, 1), spelling=st.integers(0, 9))
def test_an_invisible_character_anywhere_in_a_real_name_finds_the_same_card(card, char, where, spelling):
    names = sorted({card.name, *card.aliases, *card.english})
    name = names[spelling % len(names)]
    at = round(where * len(name))
    found = POOL.lookup(name[:at] + char + name[at:])
    assert found.card is not None and found.card.name == card.name, (name, hex(ord(char)), at)


@pytest.mark.parametrize("char", NAMED, ids=[f"U+{ord(c):04X}" for c in NAMED])
def test_each_named_invisible_character_at_every_place_of_a_name(char):
    for name in (
        "ボルシャック・ドラゴン",
        "∞龍 ゲンムエンペラー",
        "Bolshack Dragon",
        "切札勝太&カツキング ー熱血の物語ー",
    ):
        card = POOL.lookup(name).card
        for at in range(len(name) + 1):
            typed = name[:at] + char + name[at:]
            assert name_key(typed) == name_key(name) and POOL.lookup(typed).card == card, (name, at)


@pytest.mark.parametrize("char", NAMED, ids=[f"U+{ord(c):04X}" for c in NAMED])
def test_an_invisible_character_is_shown_escaped(char):
    shown = printable("ボル" + char + "シャック")
    assert char not in shown and shown.startswith("ボル\\") and shown.endswith("シャック")


def test_a_deck_with_invisible_characters_in_its_names_checks_clean(capsys, tmp_path):
    """The official deck with a variation selector, a grapheme joiner and a hangul filler in names."""
    from support import BD4, line_no

    clean = make_deck(tmp_path, BD4)
    dirty = tmp_path / "dirty.txt"
    lines = clean.read_text(encoding="utf-8").splitlines()
    for number, char in ((line_no(BD4, "フェアリー・ギフト"), "\U000e0100"), (10, "\u034f"), (20, "\u3164")):
        count, _, name = lines[number - 1].partition(" ")
        lines[number - 1] = f"{count} {name[:2]}{char}{name[2:]}"
    dirty.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert run(capsys, dirty, "--format", "json").out.replace("dirty.txt", "X") == run(
        capsys, clean, "--format", "json"
    ).out.replace(clean.name, "X")
