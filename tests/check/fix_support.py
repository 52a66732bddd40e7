"""Helpers the --fix tests share (test_fix, test_fix_layouts): the card pool, names written in the
other spellings the resolver accepts, the encodings and line ends a list comes in. Import them with
``from fix_support import ...``."""

from __future__ import annotations

import unicodedata

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from duepa_check.data.names import loose_key, name_key
from duepa_check.data.pool import CardPool
from duepa_check.reading.decklist import parse_decklist
from duepa_check.reading.resolve import resolve_deck

POOL = CardPool.load()
CARDS = sorted((card for card in POOL if card.complete), key=lambda card: card.name)
SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)

# ------------------------------------------------------------------------- other spellings

_HALF = {}
for _code in range(0xFF61, 0xFFA0):
    _HALF.setdefault(unicodedata.normalize("NFKC", chr(_code)), chr(_code))
for _full, _half in list(_HALF.items()):
    for _mark, _voiced in (("\uff9e", "\u3099"), ("\uff9f", "\u309a")):
        composed = unicodedata.normalize("NFC", _full + _voiced)
        if len(composed) == 1:
            _HALF.setdefault(composed, _half + _mark)


def half_width(name: str) -> str:
    return "".join(_HALF.get(c, c) for c in name)


def hiragana(name: str) -> str:
    return "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in name)


def full_width(name: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in name)


SPELLINGS = {
    "half-width": half_width,
    "hiragana": hiragana,
    "no-dot": lambda name: name.replace("・", ""),
    "ideographic-space": lambda name: name.replace(" ", "\u3000"),
    "full-width": full_width,
    "slash": lambda name: name.replace("／", "/"),
    "alias": None,  # the card's first alias
}


def other_spelling(card, how: str) -> str | None:
    """The card's name written ``how``, when that is another spelling that means this card alone."""
    if how == "alias":
        written = next((alias for alias in card.aliases if alias != card.name), None)
    else:
        written = SPELLINGS[how](card.name)
    if not written or written == card.name or written.strip() != written:
        return None
    found = POOL.lookup(written)
    return written if found.card is not None and found.card.name == card.name and found.matched_by != "exact" else None


def english_spellings(card) -> list[str]:
    """The card's (first) English name in other capitals or without its commas, when that means it alone."""
    if not card.english:
        return []
    english = card.english[0]
    found = []
    for written in (english.lower(), english.upper(), english.replace(",", "")):
        lookup = POOL.lookup(written)
        if (
            written != english
            and lookup.card is not None
            and lookup.card.name == card.name
            and written.strip() == written
        ):
            found.append(written)
    return found


def written_as(draw, card) -> tuple[str, str]:
    """(the card's name as a list writes it, as --fix must write it): mostly another spelling that
    means it (an English one fixed to the English name), else as printed."""
    spellings = [(written, card.name) for how in sorted(SPELLINGS) if (written := other_spelling(card, how))]
    official = {name_key(card.name), loose_key(name_key(card.name))}  # a Latin official name stays the official one
    spellings += [
        (written, card.name if {name_key(written), loose_key(name_key(written))} & official else card.english[0])
        for written in english_spellings(card)
    ]
    if spellings and draw(st.integers(0, 3)):
        return draw(st.sampled_from(spellings))
    return card.name, card.name


ENCODINGS = ["utf-8", "utf-8-sig", "utf-16", "cp932"]
NEWLINES = ["\n", "\r\n", "\r"]


def holds(encoding: str, name: str) -> bool:
    """Whether the encoding writes ``name`` so that it reads back the same (CP932 writes 〜 and ～ alike)."""
    try:
        return name.encode(encoding).decode(encoding) == name
    except UnicodeError:
        return False


def fixed_encoding(data: bytes, encoding: str) -> str:
    """The encoding a fixed list is written in: its own, but a CP932 file of ASCII alone reads as UTF-8."""
    return "utf-8" if encoding == "cp932" and data.isascii() else encoding


def reads_as_cards(data: bytes, path: str) -> bool:
    deck = resolve_deck(parse_decklist(data, path), POOL)
    return not deck.unresolved and not deck.problems
