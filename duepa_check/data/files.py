"""The card data files as written: cards.jsonl and index.tsv.

``write_card_data`` writes them for tools/build_card_data.py and ``update``, byte for byte
reproducible; the pool (``data.pool.Shard``) reads them.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..messages import msg
from .cards import Card, CardDataError
from .names import dash_spelling, loose_key, name_key
from .userdata import CARDS_FILE, INDEX_FILE

# ---------------------------------------------------------------------------- writing


def index_rows(card: Card) -> list[tuple[str, str]]:
    """(key, kind) for every spelling of a card, deduplicated, official name first."""
    rows: list[tuple[str, str]] = []
    seen: set[str] = set()
    dashed: list[tuple[str, str]] = []  # a ー used as a dash written '-' (names.dash_spelling)

    def add(text: str, kind: str) -> None:
        key = name_key(text)
        if key and key not in seen:
            seen.add(key)
            rows.append((key, kind))
        spelling = dash_spelling(text)
        key = name_key(spelling) if spelling else ""
        if key and key not in seen:
            seen.add(key)
            dashed.append((key, kind))

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
    # The dash spellings last, and not without their hyphens: that would be the name with its
    # dashes left out, which may be another card's side (《デュエマーランド～レインボー・ドリーム～》).
    return rows + dashed


def write_card_data(cards: list[Card], header: dict[str, object], directory: Path) -> None:
    """Write cards.jsonl and index.tsv, sorted, byte-for-byte reproducible.

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
    rows.sort()  # byte order: what Shard.hits bisects on
    _atomic_write(directory / INDEX_FILE, b"".join(row + b"\n" for row in rows))
    _atomic_write(directory / CARDS_FILE, ("\n".join(card_lines) + "\n").encode("utf-8"))


def _atomic_write(path: Path, data: bytes) -> None:
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_bytes(data)
    temporary.replace(path)
