"""Cards whose spellings start with or contain what someone has typed so far: the search behind an
editor's completion (issue 48), ranked as a person expects.

The typed text is folded by ``names.name_key``, as a look-up folds it, so hiragana, katakana,
half-width kana, a ・ left out and English names all find their cards. Ranks, best first: the whole
key of a spelling; a prefix of the official name; a prefix of another spelling (an alias, an English
name, a face); a prefix of a word inside a spelling (after a space, ・, ／, a bracket…); anywhere
inside one. Within a rank the shorter name comes first. Prefixes are found by bisection over sorted
keys (every keystroke costs a few look-ups, not a scan); only the last rank scans, and only when
the ranks before it leave room.

Built once per pool (it parses every card: some 250 ms on the embedded data), then kept.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from typing import NamedTuple

from .cards import Card
from .names import dash_spelling, name_key
from .pool import CardPool

EXACT, NAME_PREFIX, SPELLING_PREFIX, WORD_PREFIX, INFIX = range(5)  # the ranks, best first
# What separates the words of a spelling: a word starts after one (「ボルシャック・ドラゴ大王」's ドラゴ大王)
_WORD_BREAK = r"[\s・･·•／/\-‐―＜＞<>「」『』（）()【】〔〕\[\]!！?？～〜~.,，、&＆:：=＝+＋]+"


class NameMatch(NamedTuple):
    """A card the typed text finds: its rank (``EXACT`` … ``INFIX``) and the spelling it matched
    (the official name, an alias, an English name or a face's name) as the card data writes it."""

    rank: int
    card: Card
    spelling: str


class NameSearch:
    """Every spelling of the pool's cards, by matching key, ready for prefix and infix queries."""

    def __init__(self, pool: CardPool) -> None:
        self.cards: list[Card] = list(pool)  # overlay first, each card once
        starts: list[tuple[str, int, str]] = []  # (key, card number, spelling): a spelling's whole key
        words: list[tuple[str, int, str]] = []  # the same for each word after a spelling's first
        for number, card in enumerate(self.cards):
            for spelling in _spellings(card):
                for written in (spelling, dash_spelling(spelling)):
                    key = name_key(written) if written else ""
                    if key:
                        starts.append((key, number, spelling))
                for match in re.finditer(_WORD_BREAK, spelling):
                    key = name_key(spelling[match.end() :])
                    if key:
                        words.append((key, number, spelling))
        starts.sort()
        words.sort()
        self._starts, self._start_keys = starts, [row[0] for row in starts]
        self._words, self._word_keys = words, [row[0] for row in words]
        self._joined = "\n".join(self._start_keys)  # one text to find an infix in (keys hold no newline)
        self._offsets = [0]  # where each key starts in it
        for key in self._start_keys[:-1]:
            self._offsets.append(self._offsets[-1] + len(key) + 1)

    def search(self, typed: str, limit: int = 50) -> list[NameMatch]:
        """Up to ``limit`` cards for ``typed``, best rank first, the shorter name first within a rank."""
        key = name_key(typed)
        if not key or limit <= 0:
            return []
        best: dict[int, NameMatch] = {}  # card number → its best match so far
        for rank, rows in self._ranked_rows(key, limit, best):
            for _key, number, spelling in rows:
                if number not in best:
                    best[number] = NameMatch(rank, self.cards[number], spelling)
        found = sorted(best.values(), key=lambda match: (match.rank, len(match.card.name), match.card.name))
        return found[:limit]

    def _ranked_rows(
        self, key: str, limit: int, best: dict[int, NameMatch]
    ) -> Iterator[tuple[int, list[tuple[str, int, str]]]]:
        """(rank, rows) in rank order; a later rank is only looked for while fewer than ``limit``
        cards are found (``best`` fills as the caller takes each)."""
        prefixed = self._prefixed(self._starts, self._start_keys, key)
        yield EXACT, [row for row in prefixed if row[0] == key]
        yield NAME_PREFIX, [row for row in prefixed if row[2] == self.cards[row[1]].name]
        yield SPELLING_PREFIX, prefixed
        if len(best) >= limit:
            return
        yield WORD_PREFIX, self._prefixed(self._words, self._word_keys, key)
        if len(best) >= limit:
            return
        yield INFIX, self._containing(key)

    @staticmethod
    def _prefixed(rows: list[tuple[str, int, str]], keys: list[str], key: str) -> list[tuple[str, int, str]]:
        """The rows whose key starts with ``key``: one bisection, then the run of them."""
        first = bisect.bisect_left(keys, key)
        last = first
        while last < len(keys) and keys[last].startswith(key):
            last += 1
        return rows[first:last]

    def _containing(self, key: str) -> list[tuple[str, int, str]]:
        """The rows whose key holds ``key`` anywhere (a scan of one joined text, in C)."""
        found, joined, at = [], self._joined, self._joined.find(key)
        while at >= 0:
            row = bisect.bisect_right(self._offsets, at) - 1
            found.append(self._starts[row])
            at = joined.find(key, self._offsets[row + 1] if row + 1 < len(self._offsets) else len(joined))
        return found


def _spellings(card: Card) -> list[str]:
    """Every spelling of a card, official name first: aliases, English names, the faces' names."""
    spellings = [card.name, *card.aliases, *card.english]
    if len(card.faces) > 1:
        spellings.extend(face.name for face in card.faces)
    return list(dict.fromkeys(spellings))
