"""The card pool: load card data, look a typed name up.

Card data is plain text in git (``card_data/``):

* ``cards.jsonl`` — line 0 is a header (sources, dates, key version); every other line is
  one card as a JSON object, sorted by matching key.
* ``index.tsv`` — ``key<TAB>kind<TAB>byte offset`` for every spelling of every card (official name,
  other spellings, English names, the names of its faces). Keys come from ``names.name_key``.

Writing these files (tools/ and ``update``) lives in ``data.files``; the card model in ``cards``;
decoding one line in ``data.records``.

Loading reads the sorted index; a card's line is read and parsed only when a deck asks
for it. That keeps a check of one deck well under the cost of
parsing ten thousand records. An ``update`` writes a second set of the same files in the
user data dir; the pool reads it first, so its records win over the embedded ones.
"""

from __future__ import annotations

import bisect
import functools
import json
import re
from collections.abc import Callable, Iterator
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from ..messages import msg
from .cards import SIDE_SLASH, Card, CardDataError, Lookup
from .names import KEY_VERSION, closest_keys, display_name, loose_key, name_key
from .records import card_from_json, card_from_record, record_problem
from .userdata import CARDS_FILE, INDEX_FILE

if TYPE_CHECKING:
    import mmap

# Index kinds, best first: a typed name matching an official name beats one matching an
# alias, which beats one matching only one side of a multi-sided card.
INDEX_KINDS = ("name", "alias", "face")
_OFFICIAL_ID = re.compile(
    r"^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+$"
)  # a set code and a number: 'dm23bd4-039', 'dmbd08-a-010''


_FACE_ID = re.compile(r"^(.*[0-9])[a-h]$")  # an id with an image suffix: 'dm25ex4-SPR15a', 'dmex08-260b'


class Shard:
    """One directory of card data: the sorted key index in memory, card lines read on demand.

    ``index.tsv`` rows are ``key<TAB>kind<TAB>byte offset`` sorted as UTF-8 bytes, so a key
    is found by bisection without building a dict of every spelling; a card's line is read
    at its offset and parsed once. Loading costs one read and one split of the index.

    Public: ``CardPool.shards`` holds them and ``lines_with`` yields them; the tests also read one
    directory as trusted data, as the embedded data is read.
    """

    def __init__(self, directory: Path, trusted: bool = False) -> None:
        self.directory = directory
        # The embedded data is built and checked by tools/ and the tests (every record passes
        # record_problem): re-checking each record on first use would slow every cold look-up.
        # A data dir written by update, or edited by hand, is checked record by record.
        self.trusted = trusted
        self.cards_path = directory / CARDS_FILE
        try:
            # Read whole but never split (splitting cost more than the read): see hits(). Mapped, a
            # look-up's search and slices of it were slower than on bytes.
            self.index = (directory / INDEX_FILE).read_bytes()
            with self.cards_path.open("rb") as handle:
                first_line = handle.readline()
        except OSError as error:
            where = error.filename or directory
            raise CardDataError(msg("card-data.cannot-read", path=where, why=str(error.strerror or error))) from None
        try:
            self.header: dict[str, object] = json.loads(first_line)["_header"]
            promised = self.header.get("cards", 0)
        except (ValueError, KeyError, TypeError, AttributeError):
            raise CardDataError(msg("card-data.no-header", path=self.cards_path)) from None
        self._parsed: dict[int, Card] = {}
        if self.header.get("key_version", KEY_VERSION) != KEY_VERSION:
            self.index = self._rekeyed()  # keys made by another name_key (an older update): made again
        elif type(promised) is int:  # every card has at least its name's row
            rows = self.index.count(b"\n") + (not self.index.endswith(b"\n"))
            if rows < promised:
                raise CardDataError(msg("card-data.cut-short", path=directory / INDEX_FILE, rows=rows, cards=promised))
        self._starts, self._firsts = sample_rows(self.index)

    def _rekeyed(self) -> bytes:
        """The index as ``write_card_data`` would write it today, from the card lines: data written
        with an older name key (``KEY_VERSION`` in its header) would miss names the key now folds."""
        from .files import index_rows

        rows: list[bytes] = []
        for offset, card in self._cards_at():
            rows.extend(f"{key}\t{kind}\t{offset}".encode() for key, kind in index_rows(card))
        rows.sort()
        return b"".join(row + b"\n" for row in rows)

    def hits(self, key: str) -> list[tuple[str, int]]:
        """(kind, offset) of every index row for this key.

        Bisect the sampled rows for the stretch where the first row >= ``key<TAB>`` begins, then
        search that stretch (a few kilobytes) for a line starting with it: the same answer as a
        bisection over every row, without splitting the index into thirty thousand rows first.
        """
        prefix = key.encode("utf-8", "surrogatepass") + b"\t"  # a lone surrogate (typed or from JSON) matches nothing
        index = self.index
        after = bisect.bisect_left(self._firsts, prefix)  # sample rows before it are < prefix
        if after == 0:
            position = 0 if index.startswith(prefix) else -1
        else:
            # The first row >= prefix lies after sample ``after - 1`` (itself < prefix) and no later
            # than sample ``after``: search from the one for a line start up to the other.
            end = self._starts[after] + len(prefix) if after < len(self._starts) else len(index)
            position = index.find(b"\n" + prefix, self._starts[after - 1], end)
            position = position + 1 if position >= 0 else -1
        found = []
        while position >= 0 and index.startswith(prefix, position):
            end = index.find(b"\n", position)
            end = len(index) if end < 0 else end
            try:
                _, kind, offset = index[position:end].split(b"\t")
                found.append((kind.decode(), int(offset)))
            except ValueError:
                row = index.count(b"\n", 0, position) + 1
                raise CardDataError(msg("card-data.malformed-row", path=self.directory / INDEX_FILE, row=row)) from None
            position = end + 1 if end < len(index) else -1
        return found

    def keys(self) -> list[str]:
        """Every key (for close-name suggestions only: decodes the whole index)."""
        return list(dict.fromkeys(row.split(b"\t", 1)[0].decode("utf-8") for row in self.index.split(b"\n") if row))

    def card_at(self, offset: int) -> Card:
        card = self._parsed.get(offset)
        if card is None:
            data = self._data
            end = data.find(b"\n", offset)
            card = self._parsed[offset] = self._parse(data[offset : end if end >= 0 else len(data)], offset)
        return card

    @cached_property
    def _data(self) -> bytes | mmap.mmap:
        """The card lines, mapped on the first look-up: only the pages of the lines read are
        touched (reading the whole file cost more than the rest of a one-deck check's look-ups). A file
        that cannot be mapped (empty, or no mmap) is read instead."""
        import mmap  # here, not at import: runs that look no card up never need it

        try:
            with self.cards_path.open("rb") as handle:
                try:
                    return mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
                except (ValueError, OSError):
                    return handle.read()
        except OSError as error:
            raise CardDataError(
                msg("card-data.cannot-read", path=self.cards_path, why=str(error.strerror or error))
            ) from None

    def _parse(self, line: bytes, offset: int) -> Card:
        if self.trusted:  # built and checked by tools/ (see __init__): decode what a check reads
            try:
                card = card_from_record(line)
            except (ValueError, KeyError, TypeError, AttributeError, StopIteration):  # the scanner: StopIteration
                card = None  # decoded whole below, and said what is wrong with it
            if card is not None:
                return card
        try:
            data = json.loads(line)
        except ValueError:
            data = None
        problem = msg("card-data.not-a-record") if data is None else None if self.trusted else record_problem(data)
        if problem:
            raise CardDataError(
                msg("card-data.bad-record", path=self.cards_path, offset=offset, problem=problem)
            ) from None
        return card_from_json(data)

    def lines_with(self, marker: bytes) -> Iterator[tuple[int, bytes]]:
        """(offset, line) of every card line that contains ``marker``, without parsing any.

        A byte search over the file: finding the few thousand creature lines this way costs
        much less than parsing them (for ``partners``, which must look at the whole pool).
        """
        data = self._data
        position = data.find(marker, data.find(b"\n") + 1)
        while position >= 0:
            start = data.rfind(b"\n", 0, position) + 1
            end = data.find(b"\n", position)
            end = len(data) if end < 0 else end
            yield start, data[start:end]
            position = data.find(marker, end)

    def names(self) -> set[str]:
        """The official name of every card here (for overlay precedence in a scan)."""
        names = set()
        for match in re.finditer(_NAME_AT_LINE_START, self._data, re.MULTILINE):
            names.add(json.loads(match.group(1)))
        return names

    def all_cards(self) -> Iterator[Card]:
        for _, card in self._cards_at():
            yield card

    def _cards_at(self) -> Iterator[tuple[int, Card]]:
        """(byte offset, card) of every card line, in file order."""
        with self.cards_path.open("rb") as handle:
            handle.readline()
            offset = handle.tell()
            for line in handle:
                if line.strip():
                    yield offset, self._parsed.get(offset) or self._parse(line, offset)
                offset += len(line)


SAMPLE_BYTES = 4096  # index bytes between sampled rows: a look-up searches about this much


def sample_rows(index: bytes) -> tuple[list[int], list[bytes]]:
    """(start, text) of the first row and of the first row after every SAMPLE_BYTES of the index.

    A shard's ``hits`` bisects these; public so that the tests can check that every start is a row's."""
    starts: list[int] = []
    firsts: list[bytes] = []
    start = 0
    while True:
        end = index.find(b"\n", start)
        end = len(index) if end < 0 else end
        starts.append(start)
        firsts.append(index[start:end])
        start = index.find(b"\n", max(end, start + SAMPLE_BYTES)) + 1
        if start <= 0 or start >= len(index):
            return starts, firsts


# Card lines are written by write_card_data with "name" as the first key. A pattern, not a
# compiled object: only scans of the whole pool use it (re caches it on first use).
_NAME_AT_LINE_START = rb'^\{"name":("(?:[^"\\]|\\.)*")'


class CardPool:
    """Every known card, indexed by matching key; later shards are overridden by earlier ones."""

    def __init__(self, directories: list[Path]) -> None:
        if not directories:
            raise CardDataError(msg("card-data.no-directory"))
        embedded = embedded_data_dir()
        self.shards = [Shard(d, trusted=d == embedded) for d in directories]
        self._lookups: dict[str, Lookup] = {}

    @classmethod
    def load(cls, data_dir: Path | None = None) -> CardPool:
        """The embedded pool, with the user's updated data (if any) in front of it.

        ``data_dir`` is a data dir as ``update`` writes it (its ``current`` folder is read) or
        a folder of card data; one that holds only half of the card files is refused.
        """
        from .userdata import data_folder

        directories = [embedded_data_dir()]
        folder = data_folder(data_dir) if data_dir is not None else None
        if folder is not None and any((folder / name).exists() for name in (CARDS_FILE, INDEX_FILE)):
            directories.insert(0, folder)
        return cls(directories)

    @property
    def header(self) -> dict[str, object]:
        return self.shards[0].header

    def english_tcg_only(self, typed: str) -> str | None:
        """The English TCG card a name that matches no card names, when that card was printed only
        in the English TCG (never in Japan: the embedded data's header lists them); else None."""
        table = self._tcg_only
        return table.get(loose_key(name_key(typed))) if table else None

    @cached_property
    def _tcg_only(self) -> dict[str, str]:
        """The English-TCG-only names by their loose key, first asked when a name has matched no card."""
        names = [
            n for shard in self.shards for n in _listed(shard.header.get("english_tcg_only")) if isinstance(n, str)
        ]
        return {loose_key(name_key(n)): n for n in names}

    def printings(self, card_name: str) -> list[tuple[str, str]]:
        """(printed name, official id) of each printing of a card under another name (the DMART-26
        collaboration prints 《∞龍 ゲンムエンペラー》 as
        「ゲンム装備【ヘビィボウガン】vs.波衣竜 ∞龍 ゲンムエンペラー」), as the card data's headers list them."""
        found = []
        for shard in self.shards:
            for entry in _listed(shard.header.get("printings")):
                if isinstance(entry, dict) and entry.get("card") == card_name:
                    pair = (str(entry.get("printing", "")), str(entry.get("id", "")))
                    if pair not in found:
                        found.append(pair)
        return found

    def _hits(self, key: str) -> list[tuple[str, Card]]:
        """(kind, card) for every spelling that has this key, overlay shards first, one per name."""
        hits: list[tuple[str, Card]] = []
        seen: set[str] = set()
        for shard in self.shards:
            for kind, offset in shard.hits(key):
                card = shard.card_at(offset)
                if card.name not in seen:
                    seen.add(card.name)
                    hits.append((kind, card))
        return hits

    def lookup(self, typed: str) -> Lookup:
        """Resolve a typed name: exact spelling, then key, then alias, then one face; else suggest.

        Results are cached by the typed text: a thousand decks repeat the same names.
        """
        cached = self._lookups.get(typed)
        if cached is None:
            cached = self._lookups[typed] = self._lookup(typed)
        return cached

    def resolve_name(self, typed: str) -> tuple[str | None, list[str]]:
        """What a card name in a house-rules file means (``config.load_config``'s ``resolve_card``):
        the card's name, else None and the names to offer (close ones, or the cards it could be)."""
        found = self.lookup(typed)
        return (found.card.name if found.card else None), found.suggestions or [c.name for c in found.cards]

    def _lookup(self, typed: str) -> Lookup:
        key = name_key(typed)
        if not key:
            return Lookup(typed)
        result = Lookup(typed)
        hits = self._hits(key)
        if not hits and loose_key(key) != key:  # punctuation left out or added: loose spellings are indexed too
            hits = self._hits(loose_key(key))
        if hits:
            # The usual case: the official name as printed (also 《パーロック～陰謀に立ち向かえ！～》,
            # whose 《》 display_name would take off the typed text)
            if len(hits) == 1 and hits[0][1].name == typed:
                result.cards, result.matched_by = [hits[0][1]], "exact"
                return result
            shown = display_name(typed)
            exact = [card for _, card in hits if card.name == shown]
            if exact:
                result.cards, result.matched_by = exact[:1], "exact"
                return result
            for kind in INDEX_KINDS:
                chosen = [card for k, card in hits if k == kind]
                if chosen:
                    result.cards = chosen
                    result.matched_by = "key" if kind == "name" else kind
                    return result
        if "／" in typed or "/" in typed:
            card = self._sides_of_one_card(typed)
            if card is not None:
                result.cards, result.matched_by = [card], "sides"
                return result
        if _OFFICIAL_ID.match(typed.strip()):
            card = self._by_id.get(typed.strip().casefold())
            if card is not None:  # an official id ('dm23bd4-039', a printing's 'dmart26-002')
                result.cards, result.matched_by = [card], "id"
                return result
        result._suggest = functools.partial(self.suggest, key)
        return result

    @cached_property
    def _by_id(self) -> dict[str, Card]:
        """Every official id of the pool → its card (built on the first id typed), and for a card
        of several faces the site's id without its image suffix and every face's id ('dm25ex4-SPR15a':
        'dm25ex4-SPR15', 'dm25ex4-SPR15b'), unless that is another card's id or two cards'."""
        found = {card_id.casefold(): card for card in self for card_id in card.ids}
        faces: dict[str, Card | None] = {}
        for card in self:
            if len(card.faces) < 2:
                continue
            for card_id in card.ids:
                suffixed = _FACE_ID.match(card_id)
                if suffixed is None:
                    continue
                base = suffixed.group(1).casefold()
                for other in (base, *(base + letter for letter in "abcdefgh"[: len(card.faces)])):
                    faces[other] = card if faces.get(other, card) is card else None  # two cards: neither
        found.update({key: card for key, card in faces.items() if card is not None and key not in found})
        return found

    def _sides_of_one_card(self, typed: str) -> Card | None:
        """The one card whose sides a 'FRONT／BACK' name lists (a psychic card written with both
        sides, as a deck site exports it: 「時空の英雄アンタッチャブル／変幻の覚醒者アンタッチャブル・パワード」);
        None unless every side names that card and no other."""
        sides = [side for side in SIDE_SLASH.split(typed) if side.strip()]
        if len(sides) < 2:
            return None
        # What each side resolves to first; then every card a side's spelling names, as a name, an
        # alias or a side: the second side of 《アクア・カスケード＜ZABUUUN・クルーザー＞》 is also
        # another card's English name, which its own look-up prefers.
        return self._card_of_every_side(sides, self._resolved) or self._card_of_every_side(sides, self._named_by)

    def _resolved(self, side: str) -> list[Card]:
        return self.lookup(side).cards

    def _named_by(self, side: str) -> list[Card]:
        key = name_key(side)
        return [card for _, card in self._hits(key) or self._hits(loose_key(key))]

    @staticmethod
    def _card_of_every_side(sides: list[str], cards_of: Callable[[str], list[Card]]) -> Card | None:
        """The one card that every side names (through ``cards_of``), else None."""
        found: dict[str, Card] = {}
        common: set[str] | None = None
        for side in sides:
            cards = {card.name: card for card in cards_of(side)}
            found.update(cards)
            common = set(cards) if common is None else common & set(cards)
            if not common:
                return None
        return found[next(iter(common))] if common and len(common) == 1 else None

    def get(self, name: str) -> Card | None:
        """The card with this official name (or key), or None."""
        return self.lookup(name).card

    def suggest(self, key: str, limit: int = 3) -> list[str]:
        """Official names of the cards whose spellings look most like ``key``."""
        names: list[str] = []
        for close in closest_keys(key, self._all_keys, limit=limit * 2):
            for _, card in sorted(self._hits(close), key=lambda hit: INDEX_KINDS.index(hit[0])):
                if card.name not in names:
                    names.append(card.name)
        return names[:limit]

    def suggestion_keys(self) -> list[str]:
        """Every spelling's key the close-name search scans (public: its tests search them too)."""
        return self._all_keys

    @cached_property
    def _all_keys(self) -> list[str]:
        """Every spelling's key, decoded once per run (only failed look-ups need it)."""
        return sorted({key for shard in self.shards for key in shard.keys()})

    def lines_with(self, marker: bytes) -> Iterator[tuple[Shard, int, bytes]]:
        """(shard, offset, raw line) of every card whose record contains ``marker``, overlay
        first, each name once: a byte-level pre-filter for scans of the whole pool.

        ``shard.card_at(offset)`` parses a line; a card the overlay replaces is skipped in the
        shards behind it even when the overlay's record lacks the marker.
        """
        hidden: set[str] = set()
        for number, shard in enumerate(self.shards):
            for offset, line in shard.lines_with(marker):
                if hidden:
                    match = re.match(_NAME_AT_LINE_START, line)
                    name = json.loads(match.group(1)) if match else shard.card_at(offset).name
                    if name in hidden:
                        continue
                yield shard, offset, line
            if number + 1 < len(self.shards):
                hidden |= shard.names()

    def __iter__(self) -> Iterator[Card]:
        """Every card once (overlay first). Parses every line: for tools and tests, not checks."""
        seen: set[str] = set()
        for shard in self.shards:
            for card in shard.all_cards():
                if card.name not in seen:
                    seen.add(card.name)
                    yield card


def embedded_data_dir() -> Path:
    """Where the card data shipped with the package lives (a wheel or a checkout).

    The data is the package ``duepa_check.card_data``; its ``__file__`` is cheaper to ask
    than importlib.resources, which costs more than the whole pool load.
    """
    try:
        from .. import card_data  # type: ignore[attr-defined]

        return Path(card_data.__file__).parent
    except ImportError:  # a checkout's package run from its root (the data is card_data/ beside it)
        return Path(__file__).resolve().parents[2] / "card_data"


def _listed(value: object) -> list[object]:
    """A list the card data's header gives (a JSON array), or none when it gives none."""
    return value if isinstance(value, list) else []
