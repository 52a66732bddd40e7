"""Which card names of a read decklist ``--fix`` writes otherwise, and where each is written.

A name is fixed when it resolved to exactly one card under another spelling than that card's
official one: width, hiragana for katakana, a ・ or space left out or added, ／ written /, an
alias, an English name in other capitals or punctuation (the spelling rules of
``data.names.name_key`` and the pool's index). It is fixed to the official name, or, when it was
written in English, to the card's English name that it spells (the language is kept). A name that
matched only by being close (a typo: suggestions) is fixed only under ``--unsafe-fixes`` and only
when one suggestion is clearly best (``clear_suggestion``).

Where: the parsers keep each entry's line, not its columns, so the name is looked up in the line
it was read from (as written, else as NFKC makes it: a name peeled off '1 ﾎﾞﾙｼｬｯｸ（新規）' is NFKC
text), in order, so two names on one line take their own places. A name not found there is left
as it is. ``check.fix`` proves every change by reading the result again before writing it.
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

from ..data.cards import Card
from ..data.names import loose_key, name_key
from ..data.pool import CardPool
from .decklist import Entry
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
    return official_spelling(typed, card) if card is not None else None


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
    lines = line_spans(text)
    taken: dict[int, int] = {}  # line → where the last name found on it ended
    fixes = []
    for entry in sorted(deck.entries, key=lambda e: e.line):
        if not 0 < entry.line <= len(lines):
            continue
        start, end = lines[entry.line - 1]
        found = find_name(text, entry.name, taken.get(entry.line, start), end)
        doubled = found is None and '"' in entry.name  # a quoted CSV cell doubles its quotes: '"""BC"" ヒット"'
        if doubled:
            found = find_name(text, entry.name.replace('"', '""'), taken.get(entry.line, start), end)
            if found is None:
                found = _csv_cell(text, entry.name, taken.get(entry.line, start), end)
        elif found is None:
            found = _find_by_key(text, entry.name, taken.get(entry.line, start), end)
        if found is None:
            escaped = _json_string(text, entry.name, taken.get(entry.line, start), end)
            if escaped is not None:
                taken[entry.line] = escaped[1]
                fixes.extend(_escaped_fix(text, escaped, entry, wanted))
            continue
        taken[entry.line] = found[1]
        for wanted_entry, target, safe in wanted:
            if wanted_entry is entry:
                first, last = _kept_outside(text, found[0], found[1], target, _is_alias(entry.name, pool))
                if (
                    target[:1] == "《"
                    and target[-1:] == "》"
                    and text[first - 1 : first] == "《"
                    and text[last : last + 1] == "》"
                ):
                    first, last = first - 1, last + 1  # an official name in 《》 (《パーロック～…！～》) written so
                if text[first:last] != target:
                    after = text[found[0] : first] + target + text[last : found[1]]
                    spelling = target.replace('"', '""') if doubled else ""
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
                            entry.name if doubled else "",
                        )
                    )
                break
    return [fix._replace(column=fix.start - lines[fix.line - 1][0] + 1) for fix in fixes]


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


def _json_string(text: str, name: str, start: int, end: int) -> tuple[int, int, str] | None:
    """(start, end, value) of the inside of the first JSON string in ``text[start:end]`` that is
    ``name`` written with escapes ('\\u30DC…'); None when there is none."""
    import json

    for match in re.finditer(r'"((?:[^"\\]|\\.)*)"', text[start:end]):
        if "\\" not in match.group(1):
            continue
        try:
            value = json.loads(match.group(0))
        except ValueError:
            continue
        if isinstance(value, str) and value.strip().strip("《》").strip() == name:
            return start + match.start(1), start + match.end(1), value
    return None


def _escaped_fix(text: str, escaped: tuple[int, int, str], entry: Entry, wanted: list) -> list[NameFix]:
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


def line_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of every line, split as ``decklist.split_lines`` splits (CRLF, CR, LF)."""
    spans, start = [], 0
    for match in re.finditer(r"\r\n|\r|\n", text):
        spans.append((start, match.start()))
        start = match.end()
    spans.append((start, len(text)))
    return spans


def find_name(text: str, name: str, start: int, end: int) -> tuple[int, int] | None:
    """Where ``name`` is first written in ``text[start:end]``: as it is, else as text that NFKC makes
    it (half-width kana, full-width letters); None when it is not there."""
    at = text.find(name, start, end)
    if at >= 0:
        return at, at + len(name)
    if not name:
        return None
    wanted = unicodedata.normalize("NFKC", name)
    longest = len(name) * 3 + 2
    for first in range(start, end):
        if unicodedata.normalize("NFKC", text[first])[:1] != wanted[:1]:
            continue
        for last in range(first + 1, min(end, first + longest) + 1):
            if unicodedata.normalize("NFKC", text[first:last]) == wanted:
                # NFKC composes a half-width voiced mark with the kana before it: take it too
                if last < end and unicodedata.normalize("NFKC", text[first : last + 1]) == wanted:
                    continue
                return first, last
    return None


def _csv_cell(text: str, name: str, start: int, end: int) -> tuple[int, int] | None:
    """The inside of the first quoted CSV cell in ``text[start:end]`` whose value has the name's
    matching key (its quotes doubled, in other capitals or widths)."""
    wanted = name_key(name)
    for match in re.finditer(r'"((?:[^"]|"")*)"', text[start:end]):
        if name_key(match.group(1).replace('""', '"')) == wanted:
            return start + match.start(1), start + match.end(1)
    return None


def _find_by_key(text: str, name: str, start: int, end: int) -> tuple[int, int] | None:
    """The first, shortest span of ``text[start:end]`` with the name's matching key: a name the
    reader took characters off (a CSV cell's backquote) is still found where it is written."""
    wanted = name_key(name)
    if not wanted:
        return None
    longest = len(name) * 3 + 2
    for first in range(start, end):
        if name_key(text[first])[:1] != wanted[:1]:  # (wanted is not empty: an empty key differs)
            continue
        for last in range(first + 1, min(end, first + longest) + 1):
            key = name_key(text[first:last])
            if key == wanted:
                return first, last
            if not wanted.startswith(key):
                break
    return None
