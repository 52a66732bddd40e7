"""``--fix``: a decklist's names written as the official card list spells them, nothing else changed.

``fixed_bytes`` splices the official names (``reading.name_fixes``) into the file's own bytes:
every byte outside the names is the file's (counts, marks, brackets, comments, line ends, a
byte-order mark, a final newline), and each name is encoded in the file's encoding (UTF-8 with or
without BOM, UTF-16, CP932). The result is proved before anything is written: read again, it must
hold the same cards on the same lines, with the same counts, partner and problems, each fixed
name now written as its official spelling. A change that fails the proof (a name whose new
spelling would need quoting in that layout, a character CP932 has not) is left out.

``check.fix_write`` writes it (``write_fixed``): atomically, keeping the file's metadata, never over a
file that changed since it was read.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..data.pool import CardPool
from ..messages import Msg
from ..reading.card_line import unwrap
from ..reading.decklist import parse_decklist
from ..reading.decode import decode
from ..reading.model import DeckInputError, Entry
from ..reading.name_fixes import NameFix, name_fixes
from ..reading.resolve import Deck, resolve_deck
from .fix_write import FixRefused, ReadFile, read_for_fixing, write_fixed

if TYPE_CHECKING:
    from ..reading.sheet import SheetRow

__all__ = ["FixRefused", "Fixed", "ReadFile", "file_encoding", "fixed_bytes", "read_for_fixing", "write_fixed"]


class Fixed(NamedTuple):
    """What fixing one file's bytes gave: the new bytes (the old ones when nothing changed) and
    the fixes made, each (line, as written, as now written)."""

    data: bytes
    fixes: list[NameFix]


def file_encoding(data: bytes) -> tuple[str, int]:
    """(codec, length of the byte-order mark) of a decklist's bytes, as ``decklist.decode`` reads them."""
    if data.startswith(b"\xef\xbb\xbf"):
        return "utf-8", 3
    if data.startswith(b"\xff\xfe"):
        return "utf-16-le", 2
    if data.startswith(b"\xfe\xff"):
        return "utf-16-be", 2
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return "cp932", 0
    return "utf-8", 0


def fixed_bytes(data: bytes, path: str, pool: CardPool, unsafe: bool = False) -> Fixed:
    """The decklist ``data`` (read as ``path`` names its layout) with its names fixed and proved."""
    text = decode(data, path)
    codec, bom = file_encoding(data)
    if data[bom:].decode(codec) != text:
        return Fixed(data, [])  # read otherwise than this module would write it: leave it
    deck = resolve_deck(parse_decklist(data, path), pool)
    fixes = name_fixes(text, deck, pool, unsafe)
    if not fixes:
        return Fixed(data, [])
    everything = _spliced(data, text, codec, bom, fixes)
    if everything is not None and _proves(everything, path, pool, deck, fixes):
        return Fixed(everything, fixes)
    # One at a time, each kept when the list with it still proves, in the spelling the layout needs.
    kept: list[NameFix] = []
    written: list[NameFix] = []
    for fix in fixes:
        for spelling in _spellings(text, fix):
            trial = [*written, fix._replace(spelling=spelling)]
            spliced = _spliced(data, text, codec, bom, trial)
            if spliced is not None and _proves(spliced, path, pool, deck, [*kept, fix]):
                kept.append(fix)
                written = trial
                break
    return Fixed(_spliced(data, text, codec, bom, written) or data, kept) if kept else Fixed(data, [])


def _spellings(text: str, fix: NameFix) -> list[str]:
    """The official name as the layout around it may need it written: as it is, as a JSON or YAML
    double-quoted string holds it, doubled quotes (a CSV cell, a YAML single-quoted scalar), or a
    YAML plain scalar or a CSV cell quoted (an English name with ': ' or a leading quote)."""
    if fix.spelling:
        return [fix.spelling]
    name = fix.official
    single, double = "'" + name.replace("'", "''") + "'", json.dumps(name, ensure_ascii=False)
    cell = '"' + name.replace('"', '""') + '"'
    found = [name, double[1:-1], cell[1:-1], single[1:-1], single, double, cell]
    return list(dict.fromkeys(found))


def _spliced(data: bytes, text: str, codec: str, bom: int, fixes: list[NameFix]) -> bytes | None:
    """The bytes with each fix's span replaced; every other byte the original's. None when a name
    cannot be written in the file's encoding."""
    parts = [data[:bom]]
    at_char, at_byte = 0, bom
    try:
        for fix in sorted(fixes, key=lambda f: f.start):
            before = len(text[at_char : fix.start].encode(codec))
            parts.append(data[at_byte : at_byte + before])
            at_byte += before
            old = len(text[fix.start : fix.end].encode(codec))
            if data[at_byte : at_byte + old].decode(codec) != fix.written:
                return None
            parts.append((fix.spelling or fix.official).encode(codec))
            at_byte += old
            at_char = fix.end
    except (UnicodeEncodeError, UnicodeDecodeError):
        return None
    parts.append(data[at_byte:])
    return b"".join(parts)


# What fixing must not change (_signature): the entries, the problems, the headings
_Signature = tuple[Sequence[tuple[object, ...]], Sequence[tuple[object, ...]], Sequence[tuple[object, ...]]]


def _signature(deck: Deck, renamed: dict[int, NameFix] | None = None, pool: CardPool | None = None) -> _Signature:
    """What fixing must not change: every entry's line, count, partner mark and card and name (a
    fixed one, in ``renamed`` by the entry's id, as its new spelling and the card that means), the
    problems and headings."""
    renamed = renamed or {}

    def card_of(entry: Entry, card: str) -> tuple[str, str]:
        fix = renamed.get(id(entry))
        if fix is None:
            return card, unicodedata.normalize("NFKC", entry.name)
        found = pool.lookup(fix.official).card if pool is not None else None
        return (found.name if found else ""), unicodedata.normalize(
            "NFKC", unwrap(fix.after)
        )  # read as the reader reads it

    entries = [(c.entry.line, c.entry.count, c.entry.is_partner, *card_of(c.entry, c.card.name)) for c in deck.cards]
    entries += [(e.line, e.count, e.is_partner, *card_of(e, "")) for e, _ in deck.unresolved]
    problems = sorted((p.line, p.message.key) for p in deck.problems)
    headings = [(h.line, h.stated, h.start, h.end) for h in deck.headings]
    return sorted(entries), problems, headings


def _proves(data: bytes, path: str, pool: CardPool, deck: Deck, fixes: list[NameFix]) -> bool:
    """Whether ``data`` reads as ``deck`` with each of ``fixes`` written as its official spelling."""
    try:
        again = resolve_deck(parse_decklist(data, path), pool)
    except DeckInputError:
        return False
    return _signature(again) == _signature(deck, {id(f.entry): f for f in fixes}, pool)


def sheet_refusal(rows: list[SheetRow], shown: str, pool: CardPool) -> Msg | None:
    """What --fix says of a submission sheet, which it never rewrites: how many names its decks
    spell otherwise than the card list (None: none). The CLI says it (exit 2), a page too."""
    from ..messages import msg, plural
    from ..printable import printable
    from ..reading.name_fixes import safe_target
    from ..reading.sheet import row_decklist

    count = 0
    for row in rows:
        try:
            deck = resolve_deck(row_decklist(row), pool)
        except Exception:  # noqa: BLE001 - a row that cannot be read is the check's to report
            continue
        count += sum(safe_target(card.entry, pool) is not None for card in deck.cards)
    return msg(plural("fix.refused.sheet", count), path=printable(shown), count=count) if count else None
