"""Code actions as plain edits: the official spelling of a name (the safe fixes of ``--fix``), the
close names of a name that is no card, a candidate marked as the partner, and every safe fix of a
document at once, exactly as ``--fix`` would write the same text (``check.fix.fixed_bytes``).

An edit is (start offset, end offset, new text) in code points of the document's text; the server
turns offsets into the client's positions. Typo fixes (``--unsafe-fixes``) are never offered as
part of fixing everything; a close name is only a quickfix the user picks.
"""

from __future__ import annotations

from typing import NamedTuple

from ..messages import msg, text
from ..reading.words import PARTNER_WORDS
from .documents import Document
from .positions import line_starts

QUICKFIX, FIX_ALL = "quickfix", "source.fixAll.duepa-check"
PARTNER_WORD = "パートナー"  # the partner line's word the hints write ('パートナー: NAME')
CLOSE_NAMES = 3
assert PARTNER_WORD in PARTNER_WORDS


class Action(NamedTuple):
    title: str
    kind: str
    edits: list[tuple[int, int, str]]
    rule: str | None = None  # the diagnostic's rule it fixes, when it fixes one
    line: int | None = None  # 0-based line of that diagnostic
    preferred: bool = False


def _bom(document: Document) -> int:
    return 1 if document.text.startswith("\ufeff") else 0  # the reader dropped it: its offsets are one less


def minimal_edit(old: str, new: str) -> tuple[int, int, str] | None:
    """One edit turning ``old`` into ``new``: what differs between their common start and end."""
    if old == new:
        return None
    start = 0
    limit = min(len(old), len(new))
    while start < limit and old[start] == new[start]:
        start += 1
    end = 0
    while end < limit - start and old[len(old) - 1 - end] == new[len(new) - 1 - end]:
        end += 1
    return start, len(old) - end, new[start : len(new) - end]


def fix_all(document: Document, pool, lang: str) -> Action | None:
    """Every safe fix of the document as one edit: the text ``--fix`` writes for it."""
    from ..check.fix import fixed_bytes
    from ..reading.model import DeckInputError

    data = document.text.encode("utf-8", "surrogatepass")
    try:
        fixed = fixed_bytes(data, str(document.path), pool)
    except (DeckInputError, UnicodeError):
        return None
    if not fixed.fixes or fixed.data == data:
        return None
    edit = minimal_edit(document.text, fixed.data.decode("utf-8", "surrogatepass"))
    if edit is None:
        return None
    title = text(msg("lsp.action.fix-all", count=len(fixed.fixes)), lang)
    return Action(title, FIX_ALL, [edit])


def name_fixes_on(document: Document, deck, pool, lines: range, lang: str) -> list[Action]:
    """The official spelling of each name written otherwise on the 0-based ``lines``."""
    from ..reading.name_fixes import name_fixes

    shift = _bom(document)
    found = []
    for fix in name_fixes(document.text[shift:], deck, pool):
        if fix.line - 1 in lines:
            title = text(msg("lsp.action.fix", written=fix.written, name=fix.official), lang)
            edit = (fix.start + shift, fix.end + shift, fix.spelling or fix.official)
            found.append(Action(title, QUICKFIX, [edit], None, fix.line - 1, preferred=True))
    return found


def close_names(document: Document, line: int, span: tuple[int, int], typed: str, pool, lang: str) -> list[Action]:
    """'Did you mean' for a name that is no card: its close names, each an edit of the name."""
    found = pool.lookup(typed)
    if found.cards:
        return []
    begin = line_starts(document.text)[line]
    return [
        Action(
            text(msg("lsp.action.did-you-mean", name=name), lang),
            QUICKFIX,
            [(begin + span[0], begin + span[1], name)],
            "DP100",
            line,
        )
        for name in found.suggestions[:CLOSE_NAMES]
    ]


def partner_marks(document: Document, deck, regulation, on, config, lang: str) -> list[Action]:
    """For a deck without a partner: its cards that leave no card off-colour, each marked as the
    partner on its own line ('パートナー: NAME' in place of the count and name)."""
    from ..analysis.partner_candidates import in_deck
    from .diagnostics import entry_spans

    working = [c.name for c in in_deck(deck, regulation, on, config) if c.off_civilization == 0][:CLOSE_NAMES]
    spans = entry_spans(deck, document.text)
    starts = line_starts(document.text)
    found = []
    for name in working:
        deck_card = next((c for c in deck.cards if c.card.name == name and c.entry.line), None)
        placed = spans.get(deck_card.entry.line, []) if deck_card else []
        if deck_card is None or len(placed) != 1:  # a line of several names (a list, a table row): none to rewrite
            continue
        line = deck_card.entry.line - 1
        edit = (starts[line], starts[line] + placed[0][1][1], f"{PARTNER_WORD}: {name}")
        found.append(Action(text(msg("lsp.action.partner", name=name), lang), QUICKFIX, [edit], "DP003", 0))
    return found
