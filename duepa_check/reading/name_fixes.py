"""Which card names of a read decklist ``--fix`` writes otherwise, and where each is written.

A name is fixed when it resolved to exactly one card under another spelling than that card's
official one: width, hiragana for katakana, a ・ or space left out or added, ／ written /, an
alias, an English name in other capitals or punctuation (the spelling rules of
``data.names.name_key`` and the pool's index). It is fixed to the official name, or, when it was
written in English, to the card's English name that it spells (the language is kept). A name that
matched only by being close (a typo: suggestions) is fixed only under ``--unsafe-fixes`` and only
when one suggestion is clearly best (``clear_suggestion``).

Where: each name as written in its line (``reading.name_spans``, which a language server's ranges
use too). A name not found there is left as it is. ``check.fix`` proves every change by reading
the result again before writing it.
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

from ..data.cards import Card
from ..data.names import loose_key, name_key
from ..data.pool import CardPool
from .model import Entry
from .name_spans import entry_spans
from .resolve import Deck


class NameFix(NamedTuple):
    """One name to write otherwise: where in the decoded text (character offsets), as written, the
    official spelling, and whether the spelling rules alone say so (False: a typo's suggestion)."""

    line: int
    start: int
    end: int
    written: str
    official: str
    safe: bool = True
    entry: Entry | None = None  # the entry of the read list this name is
    after: str = ""  # the entry's name once fixed (what the reader took as the name, around the fix)
    spelling: str = ""  # what is written in the file, when not ``official`` as it is (a JSON escape, quotes)
    typed: str = ""  # the name as read, when ``written`` is not it (a JSON string with escapes)
    column: int = 0  # 1-based, in characters, of ``start`` in its line


# --unsafe-fixes: a typo is changed to the best suggestion only when its similarity (rapidfuzz's
# ratio of the matching keys, 0-100) is at least UNSAFE_MIN_SCORE and at least UNSAFE_MARGIN above
# that of the next card's best spelling, and the name is no English-TCG-only card (docs/fix.md has
# the figures: benchmarks/unsafe_fixes.py).
UNSAFE_MIN_SCORE = 85.0
UNSAFE_MARGIN = 8.0


def official_spelling(typed: str, card: Card) -> str:
    """The spelling ``--fix`` writes for a name that means ``card``: its official name, or the
    English name it spells when it was written in English (never one language for the other)."""
    key = name_key(typed)
    keys = {key, loose_key(key)}
    if name_key(card.name) in keys or loose_key(name_key(card.name)) in keys:
        return card.name
    for english in card.english:
        if name_key(english) in keys or loose_key(name_key(english)) in keys:
            return english
    return card.name


def safe_target(entry: Entry, pool: CardPool) -> str | None:
    """The official spelling of an entry the spelling rules resolve to one card, when it is written
    otherwise; else None (already official, no card, several cards)."""
    if not entry.line:
        return None  # --partner's card: written nowhere
    found = pool.lookup(entry.name)
    if found.card is None or found.matched_by in ("exact", "id"):
        return None  # (an official id is no spelling of the name: left as written)
    target = official_spelling(entry.name, found.card)
    return target if target != entry.name else None


def suggestion_scores(typed: str, pool: CardPool) -> list[tuple[str, float]]:
    """(official name, score) of each card suggested for a name that matches none, best first: the
    best rapidfuzz ratio (0-100) of the typed key against the keys of the card's spellings."""
    found = pool.lookup(typed)
    if found.cards or not found.suggestions:
        return []
    from rapidfuzz import fuzz

    key = name_key(typed)
    best: dict[str, float] = {}
    for name in found.suggestions:
        card = pool.lookup(name).card
        if card is not None:
            spellings = (card.name, *card.aliases, *card.english)
            best[card.name] = max(fuzz.ratio(key, name_key(spelling)) for spelling in spellings)
    return sorted(best.items(), key=lambda item: (-item[1], item[0]))


def clear_suggestion(
    typed: str, pool: CardPool, min_score: float = UNSAFE_MIN_SCORE, margin: float = UNSAFE_MARGIN
) -> str | None:
    """The spelling of the one card a typo clearly means (``--unsafe-fixes``), or None when none is
    clearly best: the best card scores ``min_score`` or more and ``margin`` points more than the next, and
    the name is not a card of the English TCG alone."""
    if pool.english_tcg_only(typed):
        return None  # a card of the English TCG that Japan never printed: a card, not a typo (DP100 says so)
    ranked = suggestion_scores(typed, pool)
    if not ranked or ranked[0][1] < min_score or len(ranked) > 1 and ranked[0][1] - ranked[1][1] < margin:
        return None
    card = pool.lookup(ranked[0][0]).card
    if card is None:
        return None
    if written_in_english(typed) and not written_in_english(card.name):
        return _closest_english(typed, card)  # English stays English: its English name, or no fix
    return official_spelling(typed, card)


def written_in_english(name: str) -> bool:
    """Whether a name is written in Latin letters with no kana or kanji (as the English TCG's names are)."""
    text = unicodedata.normalize("NFKC", name)
    return any(char.isascii() and char.isalpha() for char in text) and not any(
        "\u3040" <= char <= "\u30ff" or "\u3400" <= char <= "\u9fff" or char in "々〆" for char in text
    )


def _closest_english(typed: str, card: Card) -> str | None:
    """The card's English name a typo written in English is closest to; None when it has none."""
    if not card.english:
        return None
    from rapidfuzz import fuzz

    key = name_key(typed)
    return max(card.english, key=lambda english: fuzz.ratio(key, name_key(english)))


def name_fixes(text: str, deck: Deck, pool: CardPool, unsafe: bool = False) -> list[NameFix]:
    """The names of ``deck`` (read from ``text``) to write otherwise, each where it is written."""
    wanted: list[tuple[Entry, str, bool]] = []
    for deck_card in deck.cards:
        target = safe_target(deck_card.entry, pool)
        if target is not None:
            wanted.append((deck_card.entry, target, True))
    if unsafe:
        for entry, found in deck.unresolved:
            if entry.line and not found.cards:
                target = clear_suggestion(entry.name, pool)
                if target is not None:
                    wanted.append((entry, target, False))
    if not wanted:
        return []
    offsets = [0, *(match.end() for match in re.finditer(r"\r\n|\r|\n", text))]  # where each line starts
    fixes = []
    for entry, span in entry_spans(text, deck.entries):
        if span is None:
            continue
        offset = offsets[entry.line - 1]
        where = (offset + span.start, offset + span.end)
        if span.escaped is not None:
            fixes.extend(_escaped_fix(text, (*where, span.escaped), entry, wanted))
            continue
        for wanted_entry, target, safe in wanted:
            if wanted_entry is entry:
                first, last = _kept_outside(text, where[0], where[1], target, _is_alias(entry.name, pool))
                if (
                    target[:1] == "《"
                    and target[-1:] == "》"
                    and text[first - 1 : first] == "《"
                    and text[last : last + 1] == "》"
                ):
                    first, last = first - 1, last + 1  # an official name in 《》 (《パーロック～…！～》) written so
                if text[first:last] != target:
                    after = text[where[0] : first] + target + text[last : where[1]]
                    spelling = target.replace('"', '""') if span.doubled else ""
                    fixes.append(
                        NameFix(
                            entry.line,
                            first,
                            last,
                            text[first:last],
                            target,
                            safe,
                            entry,
                            after,
                            spelling,
                            entry.name if span.doubled else "",
                        )
                    )
                break
    return [fix._replace(column=fix.start - offsets[fix.line - 1] + 1) for fix in fixes]


# A kana reading after a name, as people annotate one: 'ボルシャックライシス・NEX（ネックス）'.
_READING_AFTER = r"\s*[(（][\u3041-\u309f\u30a0-\u30ff・ー\s]+[)）]$"


_MARKS = "・･·•∙"  # a bullet written against the name ('・NAME'), which the matching key leaves out


def _is_alias(name: str, pool: CardPool) -> bool:
    """Whether ``name`` is one of its card's aliases as written (a reading in it is the alias's)."""
    card = pool.lookup(name).card
    wanted = unicodedata.normalize("NFKC", name)
    return card is not None and any(unicodedata.normalize("NFKC", alias) == wanted for alias in card.aliases)


def _kept_outside(text: str, start: int, end: int, official: str, alias: bool = False) -> tuple[int, int]:
    """The span without what the reader took as part of the name but the matching key leaves out and
    the official name has not: a mark before it ('・NAME'), spaces, a kana reading after it."""
    while start < end and (text[start] in _MARKS or text[start].isspace()) and not official.startswith(text[start]):
        start += 1
    reading = None if alias else re.search(_READING_AFTER, text[start:end])
    if reading and not re.search(_READING_AFTER, official):
        end = start + reading.start()
    while end > start and text[end - 1].isspace() and not official.endswith(text[end - 1]):
        end -= 1
    return start, end


def _escaped_fix(
    text: str, escaped: tuple[int, int, str], entry: Entry, wanted: list[tuple[Entry, str, bool]]
) -> list[NameFix]:
    """The fix of a name written with JSON escapes: the whole string written anew (escapes only where
    JSON needs them)."""
    import json

    first, last, value = escaped
    for wanted_entry, target, safe in wanted:
        if wanted_entry is entry:
            written = json.dumps(value.replace(entry.name, target, 1), ensure_ascii=False)[1:-1]
            return [
                NameFix(entry.line, first, last, text[first:last], target, safe, entry, target, written, entry.name)
            ]
    return []
