"""Completion of card names: where a name is being typed, and what to offer for it.

A name is being typed at the start of a card line, after a count ('1 ', '1x ', '×'), after the
partner word ('パートナー: '), and inside 《 or 「 (the trigger characters). What has been typed is
searched by ``data.name_search`` (folded as a look-up folds it: hiragana, katakana, half-width kana,
a ・ left out and English all find the card), best rank first. Each item replaces the typed span;
its filter text is the typed text itself, so a client that filters on its side keeps a hiragana
or English query's items. What is inserted follows ``--fix``: the official name, or the English name
when the query is written in English.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..reading.words import undecorated

MAX_ITEMS = 50
OPENERS = {"《": "》", "「": "」"}
_COUNT = re.compile(r"\s*(?:\d{1,2}\s*(?:[xX×ｘ]|枚)?\s*|[xX×ｘ]\s*\d{0,2}\s*)")
_PARTNER = re.compile(r"\s*([^:：]{1,20})[:：]\s*")
_NOT_A_NAME = re.compile(r"\s*(?:#|//|;|-{2,}|=)")


class Item(NamedTuple):
    label: str  # the name offered (what is inserted)
    matched: str  # the spelling the typed text matched (an alias, an English name, a face)
    card: str  # the card's official name (for the facts on resolve)


def typed_span(line: str, column: int) -> tuple[int, str] | None:
    """(where the typed name starts, the typed text) when ``column`` is where a card name is being
    typed on ``line`` (code points); None elsewhere (a comment, a heading's text after a count...)."""
    before = line[:column]
    opened = max(before.rfind(opener) for opener in OPENERS)
    if opened >= 0 and OPENERS[before[opened]] not in before[opened:]:
        return opened + 1, before[opened + 1 :]
    if _NOT_A_NAME.match(before):
        return None
    start = 0
    partner = _PARTNER.match(before)
    if partner and _is_partner_word(partner.group(1)):
        start = partner.end()
    else:
        count = _COUNT.match(before)
        start = count.end() if count else 0
    typed = before[start:]
    return start, typed


def _is_partner_word(word: str) -> bool:
    from ..reading.words import PARTNER_WORDS

    return undecorated(word) in {undecorated(w) for w in PARTNER_WORDS}


def _english(typed: str) -> bool:
    return typed.isascii() and any(char.isalpha() for char in typed)


def items(search, typed: str) -> list[Item]:
    """What to offer for ``typed``: up to MAX_ITEMS cards, best first."""
    if not typed.strip():
        return []
    found = []
    for match in search.search(typed, MAX_ITEMS):
        card = match.card
        label = card.name
        if _english(typed):
            label = (
                match.spelling if match.spelling in card.english else (card.english[0] if card.english else card.name)
            )
        found.append(Item(label, match.spelling, card.name))
    return found
