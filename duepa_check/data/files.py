"""The card data files as written: cards.jsonl, index.tsv and (the embedded data only) facts.bin.

``write_card_data`` writes them for tools/build_card_data.py and ``update``, byte for byte
reproducible; ``facts_of`` makes facts.bin from cards.jsonl, and ``read_facts`` reads it back for
the pool (``data.pool._Shard``), which reads everything else itself.
"""

from __future__ import annotations

import bisect
import json
import marshal
import sys
import zlib
from array import array
from pathlib import Path
from typing import TYPE_CHECKING

from ..messages import msg
from ..tuples import made
from .cards import Card, CardDataError, Face
from .names import loose_key, name_key
from .records import card_from_record

if TYPE_CHECKING:
    import mmap

CARDS_FILE = "cards.jsonl"
INDEX_FILE = "index.tsv"
FACTS_FILE = "facts.bin"  # the embedded data's records as a check reads them, precomputed (see facts_of)
FACTS_VERSION = 2  # 2: each record's facts carry the CRC-32 of its line; the trailer the file's SHA-256

# ---------------------------------------------------------------------------- facts.bin


def facts_of(data: bytes) -> bytes:
    """facts.bin for the cards.jsonl ``data``: what a check reads of each card, as ``data.records.card_from_record``
    reads it, so that a look-up decodes no JSON (a JSON record costs ~2.5x a marshalled one).

    Each record that card_from_record reads is one marshal blob (version 2: no references, no interned
    strings, so the bytes are the same on every run): name, faces as tuples, layout, zone, the three
    flags, where the line's rest (from "aliases") begins and ends, and the CRC-32 of the line. After
    the blobs, a marshalled trailer: FACTS_VERSION, the size and SHA-256 of cards.jsonl, the lines'
    offsets and the blobs' ends (little-endian 32-bit); last, the trailer's position (4 bytes,
    little-endian). Only the embedded data has one, written by tools/build_card_data.py with the
    cards.jsonl it is made of.

    What ties facts.bin to cards.jsonl, and what a check pays for it: a facts.bin of another
    FACTS_VERSION or size of cards.jsonl is not read at all (``read_facts``); a record's facts are
    used only when its line is, byte for byte, the line they were made of (its CRC-32, checked at
    each first look-up: ``FactsFile.card``), else the line is decoded (the general route). Hashing
    the whole 5 MB file on every run would cost a one-deck check more than its look-ups; the
    SHA-256 is for tools and tests (``facts_made_of``).
    """
    import hashlib  # here: a check reads facts.bin, only tools write it

    first_end = data.index(b"\n") + 1
    blobs: list[bytes] = []
    starts, ends = array("I"), array("I")
    written = 0
    offset = first_end
    while offset < len(data):
        end = data.find(b"\n", offset)
        end = len(data) if end < 0 else end
        line = data[offset:end]
        card = card_from_record(line) if line.strip() else None
        if card is not None:
            blob = marshal.dumps((
                card.name, tuple(map(tuple, card.faces)), card.layout, card.zone, card.partner_eligible,
                card.may_exceed_four, card.complete, line.find(b',"aliases":') + 1, len(line), zlib.crc32(line),
            ), 2)
            blobs.append(blob)
            written += len(blob)
            starts.append(offset)
            ends.append(written)
        offset = end + 1
    if sys.byteorder == "big":
        starts.byteswap()
        ends.byteswap()
    trailer = marshal.dumps((FACTS_VERSION, len(data), hashlib.sha256(data).hexdigest(), starts.tobytes(),
                             ends.tobytes()), 2)
    return b"".join(blobs) + trailer + written.to_bytes(4, "little")


def read_facts(facts: bytes | mmap.mmap, size: int) -> FactsFile | None:
    """facts.bin read as facts_of wrote it, when it is one of this FACTS_VERSION for a
    cards.jsonl of this size; else None (the lines are decoded instead)."""
    try:
        where = int.from_bytes(facts[-4:], "little")
        version, facts_size, _, starts, ends = marshal.loads(facts[where:-4])
        if version != FACTS_VERSION or facts_size != size:
            return None
        starts, ends = _offsets(starts), _offsets(ends)
        return FactsFile(facts, starts, ends) if len(starts) == len(ends) else None
    except (ValueError, EOFError, TypeError):
        return None


def facts_made_of(facts: bytes) -> str | None:
    """The SHA-256 (hex) of the cards.jsonl a facts.bin was made of; None when it is no facts.bin
    of this FACTS_VERSION."""
    try:
        version, _, sha256, _, _ = marshal.loads(facts[int.from_bytes(facts[-4:], "little") : -4])
    except (ValueError, EOFError, TypeError):
        return None
    return sha256 if version == FACTS_VERSION else None


def _offsets(stored: bytes) -> array:
    """Unsigned 32-bit numbers stored little-endian (as facts_of writes them)."""
    numbers = array("I")
    if numbers.itemsize != 4:
        raise ValueError("no 32-bit array type")
    numbers.frombytes(stored)
    if sys.byteorder == "big":
        numbers.byteswap()
    return numbers


class FactsFile:
    """facts.bin's blobs, with the offsets of the lines they stand for and the blobs' ends."""

    def __init__(self, blobs: bytes | mmap.mmap, starts: array, ends: array) -> None:
        self.blobs, self.starts, self.ends = blobs, starts, ends

    def card(self, offset: int, data: bytes | mmap.mmap) -> Card | None:
        """The card of the cards.jsonl line at ``offset`` from its facts: what ``data.records.card_from_record``
        reads from the line, without the line's JSON. None when facts.bin has none for it, or none
        for the line as it is now (its CRC-32 differs: cards.jsonl was edited after facts.bin)."""
        starts, ends = self.starts, self.ends
        at = bisect.bisect_left(starts, offset)
        if at == len(starts) or starts[at] != offset:
            return None
        try:
            name, faces, layout, zone, partner, exceed, complete, rest, end, crc = marshal.loads(
                self.blobs[ends[at - 1] if at else 0 : ends[at]]
            )
        except (ValueError, EOFError, TypeError):
            return None
        line = data[offset : offset + end]
        if zlib.crc32(line) != crc:
            return None
        card = Card.__new__(Card)
        card.__dict__ = {
            "name": name, "faces": tuple([made(Face, face) for face in faces]), "layout": layout, "zone": zone,
            "partner_eligible": partner, "may_exceed_four": exceed, "complete": complete,
            "_rest": line[rest:],
        }
        return card



# ---------------------------------------------------------------------------- writing


def index_rows(card: Card) -> list[tuple[str, str]]:
    """(key, kind) for every spelling of a card, deduplicated, official name first."""
    rows: list[tuple[str, str]] = []
    seen: set[str] = set()

    def add(text: str, kind: str) -> None:
        key = name_key(text)
        if key and key not in seen:
            seen.add(key)
            rows.append((key, kind))

    add(card.name, "name")
    for alias in (*card.aliases, *card.english):
        add(alias, "alias")
    if len(card.faces) > 1:
        for face in card.faces:
            add(face.name, "face")
    # Every spelling once more without its punctuation: 「Q.Q.QX／終葬 5.S.D」 (a final period left
    # out) finds 《Q.Q.QX.／終葬 5.S.D.》, 「Barkwhip the Smasher」 《Barkwhip, the Smasher》, through
    # the look-up's second try.
    for key, kind in list(rows):
        loose = loose_key(key)
        if loose and loose not in seen:
            seen.add(loose)
            rows.append((loose, kind))
    return rows


def write_card_data(cards: list[Card], header: dict[str, object], directory: Path, facts: bool = False) -> None:
    """Write cards.jsonl and index.tsv, sorted, byte-for-byte reproducible; with ``facts`` (the
    embedded data) facts.bin too.

    Files are written beside their final names and renamed into place, so a reader never
    sees half a file and a failure leaves the previous data as it was.
    """
    from .names import KEY_VERSION

    directory.mkdir(parents=True, exist_ok=True)
    ordered = sorted(cards, key=lambda c: (name_key(c.name), c.name))
    names = [c.name for c in ordered]
    if len(set(names)) != len(names):
        duplicates = sorted({n for n in names if names.count(n) > 1})
        raise CardDataError(msg("card-data.duplicates", names=f"{duplicates[:5]}"))
    head = {"_header": {**header, "key_version": KEY_VERSION, "index": "byte-offset", "cards": len(ordered)}}
    card_lines = [json.dumps(head, ensure_ascii=False, sort_keys=True)]
    rows: list[bytes] = []
    offset = len(card_lines[0].encode("utf-8")) + 1
    for card in ordered:
        line = json.dumps(card.to_json(), ensure_ascii=False, separators=(",", ":"))
        card_lines.append(line)
        rows.extend(f"{key}\t{kind}\t{offset}".encode() for key, kind in index_rows(card))
        offset += len(line.encode("utf-8")) + 1
    rows.sort()  # byte order: what _Shard.hits bisects on
    _atomic_write(directory / INDEX_FILE, b"".join(row + b"\n" for row in rows))
    data = ("\n".join(card_lines) + "\n").encode("utf-8")
    if facts:
        _atomic_write(directory / FACTS_FILE, facts_of(data))
    _atomic_write(directory / CARDS_FILE, data)


def _atomic_write(path: Path, data: bytes) -> None:
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_bytes(data)
    temporary.replace(path)
