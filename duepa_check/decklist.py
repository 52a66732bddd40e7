"""Decode decklist bytes and parse the formats people write: plain text, YAML, JSON.

Every entry keeps the line it came from, so each problem can be reported where the
player can fix it. Input that is not a decklist at all (missing, empty, binary, huge,
undecodable) raises ``DeckInputError`` with one line that names the file: exit code 2.
Lines that are text but not a card, comment or header become ``ParseProblem`` (DP102).
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from .decklist_cards import LONGEST_NAME, MAX_COUNT, MAX_NAME_LENGTH, Reading, name_problem
from .errors import DuepaError
from .messages import Msg
from .printable import has_surrogates, printable

MAX_BYTES = 1_000_000  # a 60-card list is a few kilobytes; anything this big is not a decklist
# Suffixes that are always decklists: read in a folder walk and picked by the pre-commit hook.
DECK_SUFFIXES = (".txt", ".dek", ".deck", ".yaml", ".yml", ".json")
# Suffixes that are decklists when named on the command line; in a folder walk only when the file
# starts like one (a deck table header or a partner line): a deck repository's README.md and data
# CSVs are not decks (decklist_tables.looks_like_deck).
TABLE_SUFFIXES = (".csv", ".tsv", ".md", ".markdown")
# Suffix → "module:function" of the parser (the module is imported when such a file is read);
# any other suffix is plain text (or JSON, when the text starts with '{').
PARSERS = {
    ".yaml": "decklist:parse_yaml",
    ".yml": "decklist:parse_yaml",
    ".json": "decklist:parse_json",
    ".csv": "decklist_tables:parse_csv",
    ".tsv": "decklist_tables:parse_csv",
    ".md": "decklist_text:parse_text",
    ".markdown": "decklist_text:parse_text",
}


class DeckInputError(DuepaError):
    """The file cannot be read as a decklist at all (exit code 2)."""


class Entry(NamedTuple):
    """One decklist line that names a card: the name as typed, how many, where.

    When ``name`` is no card, other readings of the same line are tried (deck.py): those of the
    card-line text ``source`` ('1 NAME （新規）' → NAME; decklist_cards.more_readings), then
    ``others``, (count, name, partner) each. ``mark`` is the bracket of a line such as
    【五輪の求道者 清永】: when none of its readings is a card, the line is a heading.
    """

    line: int
    name: str
    count: int = 1
    is_partner: bool = False
    others: tuple = ()
    mark: str = ""
    source: str = ""


# Entry.mark of a line that begins like metadata (採用カード：NAME, 価格：3,000円 1 NAME, a URL and a
# name): a card when one of its readings is one, else the metadata it looks like (deck.py drops it).
LABEL_MARK = "label"
# Entry.mark of a line of names separated by ',' or '，' (a card site's import box: 'NAME,NAME'):
# the line as written when it is a card (English names have commas), else its parts, which are in
# ``others`` (deck.py: _split_lists).
LIST_MARK = "list"


class Heading(NamedTuple):
    """A heading that states a count (クリーチャー (25), 合計60枚): the cards on lines start < line < end count."""

    line: int
    text: str
    stated: int
    start: int
    end: int | None


class ParseProblem(NamedTuple):
    """A line that names no card, and why (a message key and its arguments)."""

    line: int
    text: str
    message: Msg
    readings: tuple = ()  # (count, name, partner) each: when one names a card, the line is that card (deck.py)


class DeckList:
    """A parsed decklist: its card lines and the lines that could not be read as cards."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.entries: list[Entry] = []
        self.problems: list[ParseProblem] = []
        self.headings: list[Heading] = []

    def __repr__(self) -> str:
        return f"DeckList({self.path!r}, entries={self.entries!r}, problems={self.problems!r})"


# ---------------------------------------------------------------------------- decoding


def read_deck_bytes(path: Path, limit: int | None = None) -> bytes:
    """Read at most MAX_BYTES, or ``limit`` (a submission sheet may hold more than a deck file); a
    larger, missing or unreadable file is a DeckInputError."""
    if limit is None:
        limit = MAX_BYTES
    try:
        # O_NONBLOCK: opening a FIFO nobody writes to would wait forever; it is refused below.
        # A bare descriptor, not open(): a file object and its buffer cost more than the read.
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        try:
            status = os.fstat(handle)
            if not stat.S_ISREG(status.st_mode):
                raise DeckInputError(Msg("input.not-a-file", {"path": path, "kind": _file_kind(status.st_mode)}))
            size = status.st_size
            # Read what the file holds (+1 to notice growth): a 1 MB buffer per deck would
            # cost more than the rest of a check.
            if 0 < size <= limit:
                data = _read_up_to(handle, size + 1, size)
            else:
                data = _read_up_to(handle, limit + 1)
        finally:
            os.close(handle)
    except FileNotFoundError:
        raise DeckInputError(Msg("input.no-such-file", {"path": path})) from None
    except IsADirectoryError:
        raise DeckInputError(Msg("input.is-folder", {"path": path})) from None
    except OSError as error:
        raise DeckInputError(Msg("input.cannot-read", {"path": path, "why": error.strerror or error})) from None
    return _within_limit(data, str(path), limit)


def _read_up_to(handle: int, wanted: int, size: int = -1) -> bytes:
    """``wanted`` bytes, or fewer at the end of the file (os.read may return less than asked).

    ``size`` bytes (what fstat said the file holds) are the whole file: no read follows only
    to be told it ended (a system call per deck). A file that grew gave more at once.
    """
    data = os.read(handle, wanted)
    if 0 < len(data) < wanted and len(data) != size:
        parts, got = [data], len(data)
        while got < wanted and (part := os.read(handle, wanted - got)):
            parts.append(part)
            got += len(part)
        data = b"".join(parts)
    return data


def _file_kind(mode: int) -> Msg:
    """What a path that is not a regular file is, in words (reading it could block or never end)."""
    if stat.S_ISDIR(mode):
        return Msg("input.kind.folder", {})
    if stat.S_ISFIFO(mode):
        return Msg("input.kind.fifo", {})
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return Msg("input.kind.device", {})
    return Msg("input.kind.not-regular", {})


def read_stdin_bytes(where: str) -> bytes:
    """A decklist piped in (``duepa-check -``), with the same size limit as a file."""
    import sys

    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        raise DeckInputError(Msg("input.no-stdin", {"path": where}))
    try:
        data = stream.read(MAX_BYTES + 1)
    except OSError as error:
        raise DeckInputError(Msg("input.cannot-read", {"path": where, "why": error.strerror or error})) from None
    return _within_limit(data, where)


def _within_limit(data: bytes, where: str, limit: int | None = None) -> bytes:
    if limit is None:
        limit = MAX_BYTES
    if len(data) > limit:
        raise DeckInputError(Msg("input.too-large", {"path": where, "megabytes": limit // 1_000_000}))
    return data


def decode(data: bytes, where: str) -> str:
    """Bytes to text: UTF-8 (with or without BOM), UTF-16 with BOM, or CP932 (Shift_JIS)."""
    if data.startswith(b"\xef\xbb\xbf"):
        encodings = ["utf-8-sig"]
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encodings = ["utf-16"]
    elif b"\x00" in data:
        raise DeckInputError(Msg("input.binary-nul", {"path": where}))
    else:
        encodings = ["utf-8", "cp932"]
    for encoding in encodings:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if encoding == "cp932" and re.search(_CP932_UNUSED, text):
            continue  # bytes 0x80, 0xA0, 0xFD-0xFF: never in Shift_JIS text, so not CP932
        # A control byte of UTF-8 or CP932 text is the same control character (no multi-byte
        # sequence holds one): text from bytes without any needs no search.
        if (encoding == "utf-16" or b"\0" in data.translate(_CONTROL_BYTES_TO_NUL)) and _looks_binary(text):
            raise DeckInputError(Msg("input.binary-control", {"path": where}))
        if not text or text.isspace():  # nothing but whitespace (as text.strip() would leave nothing)
            raise DeckInputError(Msg("input.empty", {"path": where}))
        return text
    raise DeckInputError(Msg("input.cannot-decode", {"path": where}))  # blank bytes decode as UTF-8: "empty" above


_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")
_CONTROL_BYTES = bytes([*range(0x00, 0x09), *range(0x0E, 0x20), 0x7F])  # the same characters, as bytes
# Each of them to NUL, any other byte as it is: translating by a table costs less than deleting.
_CONTROL_BYTES_TO_NUL = bytes.maketrans(_CONTROL_BYTES, bytes(len(_CONTROL_BYTES)))
_CP932_UNUSED = "[\x80\uf8f0-\uf8f3]"  # what Python's cp932 makes of single bytes no text uses


def _looks_binary(text: str) -> bool:
    head = text[:4096]
    return _CONTROL.search(head) is not None and len(_CONTROL.findall(head)) > 2


def split_lines(text: str) -> list[str]:
    """Split on CRLF, CR or LF only, so line numbers match what an editor shows.

    (str.splitlines would also split on form feeds, U+2028 and others.)
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")


# What a terminal or an editor also shows as the start of a new line: vertical tab, form feed,
# NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR. Text after one is read as a line of its own (a
# comment must not hide a card written after a form feed), under the line number of the
# CR/LF line it sits on, as editors that count only CR/LF number it.
LINE_BREAKS = "\x0b\x0c\x85\u2028\u2029"


def has_line_breaks(text: str) -> bool:
    return "\x0b" in text or "\x0c" in text or "\x85" in text or "\u2028" in text or "\u2029" in text


def split_breaks(line: str) -> list[str]:
    """A CR/LF line cut at every other line break (LINE_BREAKS)."""
    import re

    return re.split("[\x0b\x0c\x85\u2028\u2029]", line)


# ---------------------------------------------------------------------------- YAML and JSON


def parse_structured(data: Any, path: str, line_of: dict[int, int]) -> DeckList:
    """A mapping with ``partner:`` and ``cards:`` (names or {name, count}) → DeckList.

    ``line_of`` maps ``id()`` of parsed values to 1-based line numbers where known.
    """
    deck = DeckList(path=path)
    if not isinstance(data, dict):
        raise DeckInputError(Msg("input.not-a-mapping", {"path": path}))
    unknown = sorted(str(k) for k in data if str(k) not in {"partner", "cards", "name", "title", "author"})
    if unknown:
        deck.problems.append(ParseProblem(1, unknown[0], Msg("parse.unknown-key", {"key": unknown[0]})))
    partner = data.get("partner")
    if partner is not None:
        _add_structured(deck, partner, line_of, True, "partner")
    cards = data.get("cards") or []
    if not isinstance(cards, list):
        raise DeckInputError(Msg("input.cards-not-a-list", {"path": path}))
    for index, item in enumerate(cards):
        _add_structured(deck, item, line_of, False, f"cards[{index}]")
    return deck


def _add_structured(deck: DeckList, item: Any, line_of: dict[int, int], is_partner: bool, where: str) -> None:
    line = line_of.get(id(item), 0)
    if isinstance(item, dict):
        name, count = item.get("name"), item.get("count", 1)
    else:
        name, count = item, 1
    if not isinstance(name, str) or not isinstance(count, int) or isinstance(count, bool) or count < 0:
        shown = str(item)[:60] if not isinstance(item, (list, dict)) else f"<{type(item).__name__}>"
        deck.problems.append(ParseProblem(line, shown, Msg("parse.not-a-name-or-mapping", {"where": where})))
        return
    name = name.strip().strip("《》").strip()
    if has_surrogates(name):  # a JSON escape such as \ud800 that is no character
        problem, name = Msg("parse.lone-surrogate", {}), printable(name, False)
    else:
        problem = name_problem(name, count)
    if problem:  # a name that looks like none (《♪2×2-4×5+17=1》) is still that card when it is one (deck.py)
        readings = (Reading(count, name, is_partner),) if 0 < count <= MAX_COUNT and 0 < len(name) <= LONGEST_NAME else ()
        deck.problems.append(ParseProblem(line, name[:60], problem, readings))
    elif count > 0:
        deck.entries.append(Entry(line=line, name=name, count=count, is_partner=is_partner))
    else:
        deck.problems.append(ParseProblem(line, name[:60], Msg("parse.count-zero", {})))


def parse_yaml(text: str, path: str) -> DeckList:
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    line_of: dict[int, int] = {}
    duplicates: list[ParseProblem] = []
    try:
        node = yaml.compose(text, Loader=loader)
        data = _construct(node, line_of, {}, duplicates)
        deck = parse_structured(data, path, line_of)
        deck.problems.extend(duplicates)
        return deck
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark else path
        why = getattr(error, "problem", None) or str(error).splitlines()[0]  # one line, never several
        if why == ALIAS_LOOP:  # ours, not PyYAML's: said in the run's language
            why = Msg("input.alias-loop", {})
        raise DeckInputError(Msg("input.invalid-yaml", {"path": where, "why": why})) from None
    except RecursionError:
        raise DeckInputError(Msg("input.yaml-too-deep", {"path": path})) from None


_BUILDING = object()
ALIAS_LOOP = "an alias refers to its own anchor"  # the English of input.alias-loop, carried through PyYAML


def _construct(node: Any, line_of: dict[int, int], built: dict[int, Any], duplicates: list | None = None) -> Any:
    """Build plain data from a YAML node tree, remembering each value's line.

    ``built`` maps nodes already built to their value: an alias is built once (no
    exponential "billion laughs" growth), and an anchor inside itself is an error. A key
    given twice in one mapping (the later value would silently replace the earlier one,
    dropping cards) is added to ``duplicates`` as a problem on the later key's line.
    """
    import yaml

    if node is None:
        return None
    done = built.get(id(node))
    if done is _BUILDING:
        raise yaml.constructor.ConstructorError(None, None, ALIAS_LOOP, node.start_mark)
    if done is not None:
        return done
    built[id(node)] = _BUILDING
    if isinstance(node, yaml.MappingNode):
        value: Any = {}
        for key_node, value_node in node.value:
            key = _text(_construct(key_node, line_of, built, duplicates))
            if key in value and duplicates is not None:
                duplicates.append(_duplicate_key(key_node.start_mark.line + 1, key))
            value[key] = _construct(value_node, line_of, built, duplicates)
    elif isinstance(node, yaml.SequenceNode):
        value = [_construct(item, line_of, built, duplicates) for item in node.value]
    elif node.tag == "tag:yaml.org,2002:str":
        value = node.value
    else:
        try:
            value = yaml.safe_load(yaml.serialize(node))
        except (ValueError, OverflowError):  # e.g. an integer with thousands of digits
            value = node.value
    if isinstance(value, str):
        value = _Located(value)
    built[id(node)] = value
    line_of[id(value)] = node.start_mark.line + 1
    return value


def _duplicate_key(line: int, key: str) -> ParseProblem:
    return ParseProblem(line, printable(key)[:60], Msg("parse.duplicate-key", {"key": printable(key)[:60]}))


def _text(value: Any) -> str:
    """A mapping key as text (keys that are lists or mappings are not decklist keys anyway)."""
    return str(value) if not isinstance(value, (list, dict)) else f"<{type(value).__name__}>"


class _Located(str):
    """A str subclass so each scalar has its own identity for the line map."""


def parse_json(text: str, path: str) -> DeckList:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise DeckInputError(Msg("input.invalid-json", {"path": f"{path}:{error.lineno}", "why": error.msg})) from None
    except (ValueError, RecursionError) as error:  # a number with thousands of digits; deep nesting
        if isinstance(error, RecursionError):
            raise DeckInputError(Msg("input.json-too-deep", {"path": path})) from None
        raise DeckInputError(Msg("input.invalid-json", {"path": path, "why": error})) from None
    line_of: dict[int, int] = {}
    tokens = _JsonStrings(text)  # no recursion from here on: json.loads has met the depth already
    if isinstance(data, dict):
        _locate_json_items(data, tokens, line_of)
    deck = parse_structured(data, path, line_of)
    deck.problems.extend(_duplicate_key(line, key) for line, key in tokens.duplicates)
    return deck


class _JsonStrings:
    """The string tokens of a JSON text with their lines, found in one pass (json keeps no positions).

    Values wait in a queue per text, so that each decklist item takes the next occurrence of its
    name: linear in the file, whatever escapes (``\\u30DC``) the names are written with. The same
    pass follows the objects' braces and notes a key given twice in one object (json keeps the
    last value in silence, dropping cards): ``duplicates`` holds (line, key) of each later one.
    The text has already been parsed by json, so it is valid JSON.
    """

    _TOKEN = r'"(?:[^"\\]|\\.)*"(\s*:)?|[{}]'  # compiled on first use: only JSON decks need it

    def __init__(self, text: str) -> None:
        import bisect
        from collections import deque

        starts = [0] + [match.end() for match in re.finditer(r"\r\n|\r|\n", text)]
        self.values: dict[str, deque[int]] = {}
        self.duplicates: list[tuple[int, str]] = []
        objects: list[set[str]] = []  # the keys met so far in each object still open
        top_key = ""  # the deck's key whose value is read: a card is in "partner" or "cards", never in a title
        for match in re.finditer(self._TOKEN, text):
            raw = match.group(0)
            if raw == "{":
                objects.append(set())
                continue
            if raw == "}":
                objects.pop()
                continue
            literal = raw[: raw.rindex('"') + 1]
            try:
                value = json.loads(literal) if "\\" in literal else literal[1:-1]
            except ValueError:
                continue
            line = bisect.bisect_right(starts, match.start())
            if match.group(1):
                if value in objects[-1]:
                    self.duplicates.append((line, value))
                objects[-1].add(value)
                if len(objects) == 1:
                    top_key = value
            elif top_key in ("partner", "cards"):
                self.values.setdefault(value, deque()).append(line)

    def next_line(self, value: Any) -> int | None:
        """The line of the next unclaimed occurrence of this string value."""
        waiting = self.values.get(value) if isinstance(value, str) else None
        return waiting.popleft() if waiting else None


def _locate_json_items(data: dict, tokens: _JsonStrings, line_of: dict[int, int]) -> None:
    """Each item's line: the next occurrence of its name, in the order the keys were written."""
    for key in data:
        if key == "partner":
            items = [data["partner"]]
        elif key == "cards" and isinstance(data["cards"], list):
            items = data["cards"]
        else:
            continue
        for item in items:
            line = tokens.next_line(item.get("name") if isinstance(item, dict) else item)
            if line is not None:
                line_of[id(item)] = line


# ---------------------------------------------------------------------------- entry point


def parse_decklist(data: bytes, path: str) -> DeckList:
    """Decode and parse by suffix (PARSERS), or content for JSON; plain text otherwise."""
    text = decode(data, path)
    target = PARSERS.get(_suffix(path).lower())
    if target is None:
        target = "decklist:parse_json" if text.lstrip("\ufeff \t\r\n").startswith("{") else "decklist_text:parse_text"
    return _parser(target)(text, path)


def _suffix(path: str) -> str:
    """``Path(path).suffix`` without making a Path (pathlib's rule: a dot not first, not last)."""
    if path.endswith(("/", os.sep, ".")):  # 'dir.d/', 'a.b/.': pathlib drops what ends them
        return Path(path).suffix
    name = os.path.basename(path)
    dot = name.rfind(".")
    return name[dot:] if 0 < dot < len(name) - 1 else ""


def _parser(target: str) -> Callable[[str, str], DeckList]:
    """The function a PARSERS target names, its module imported on first use (then kept: a
    thousand decks ask for the same one)."""
    found = _PARSER_FUNCTIONS.get(target)
    if found is None:
        module, function = target.split(":")
        if module == "decklist":
            found = globals()[function]
        else:
            from importlib import import_module

            found = getattr(import_module(f"{__package__}.{module}"), function)
        _PARSER_FUNCTIONS[target] = found
    return found


_PARSER_FUNCTIONS: dict[str, Callable[[str, str], DeckList]] = {}


STDIN = "-"  # as a decklist path: read standard input


def load_decklist(path: Path, stdin_name: str = "<stdin>") -> DeckList:
    """Read and parse one decklist; ``-`` reads standard input and calls the deck ``stdin_name``."""
    if str(path) == STDIN:
        return parse_decklist(read_stdin_bytes(stdin_name), stdin_name)
    return parse_decklist(read_deck_bytes(path), str(path))
