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
from pathlib import Path
from typing import Any, NamedTuple

from .errors import DuepaError
from .messages import Msg
from .printable import has_surrogates, printable

MAX_BYTES = 1_000_000  # a 60-card list is a few kilobytes; anything this big is not a decklist
MAX_COUNT = 999
MAX_NAME_LENGTH = 80
DECK_SUFFIXES = (".txt", ".dek", ".deck", ".yaml", ".yml", ".json")

PARTNER_WORDS = {"パートナー", "partner", "ぱーとなー", "パートナーカード"}
MAIN_WORDS = {"メイン", "メインデッキ", "main", "maindeck", "deck", "デッキ", "デッキリスト", "decklist", "cards"}
METADATA_WORDS = {
    "title", "name", "author", "date", "format", "デッキ名", "作者", "作成者", "日付", "フォーマット", "タイトル", "コメント",
}
# Sections a decklist may have that デュエパーティー does not: their cards are still read (and DP006
# says they are not main-deck cards), the heading itself is not a card.
ZONE_WORDS = {"超次元ゾーン", "超次元", "超grゾーン", "超gr", "grゾーン"}


class DeckInputError(DuepaError):
    """The file cannot be read as a decklist at all (exit code 2)."""


class Entry(NamedTuple):
    """One decklist line that names a card: the name as typed, how many, where."""

    line: int
    name: str
    count: int = 1
    is_partner: bool = False


class ParseProblem(NamedTuple):
    """A line that names no card, and why (a message key and its arguments)."""

    line: int
    text: str
    message: Msg


class DeckList:
    """A parsed decklist: its card lines and the lines that could not be read as cards."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.entries: list[Entry] = []
        self.problems: list[ParseProblem] = []

    def __repr__(self) -> str:
        return f"DeckList({self.path!r}, entries={self.entries!r}, problems={self.problems!r})"


# ---------------------------------------------------------------------------- decoding


def read_deck_bytes(path: Path) -> bytes:
    """Read at most MAX_BYTES; a larger, missing or unreadable file is a DeckInputError."""
    try:
        # O_NONBLOCK: opening a FIFO nobody writes to would wait forever; it is refused below.
        with open(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as handle:
            status = os.fstat(handle.fileno())
            if not stat.S_ISREG(status.st_mode):
                raise DeckInputError(f"{path}: {_file_kind(status.st_mode)}, not a decklist file")
            size = status.st_size
            # Read what the file holds (+1 to notice growth): a 1 MB buffer per deck would
            # cost more than the rest of a check.
            data = handle.read(size + 1 if 0 < size <= MAX_BYTES else MAX_BYTES + 1)
    except FileNotFoundError:
        raise DeckInputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise DeckInputError(f"{path}: is a folder, not a decklist file") from None
    except OSError as error:
        raise DeckInputError(f"{path}: cannot read ({error.strerror or error})") from None
    return _within_limit(data, str(path))


def _file_kind(mode: int) -> str:
    """What a path that is not a regular file is, in words (reading it could block or never end)."""
    if stat.S_ISDIR(mode):
        return "is a folder"
    if stat.S_ISFIFO(mode):
        return "is a named pipe (to read a pipe, pass - and redirect it to standard input)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is a device"
    return "is not a regular file"


def read_stdin_bytes(where: str) -> bytes:
    """A decklist piped in (``duepa-check -``), with the same size limit as a file."""
    import sys

    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        raise DeckInputError(f"{where}: no standard input to read")
    try:
        data = stream.read(MAX_BYTES + 1)
    except OSError as error:
        raise DeckInputError(f"{where}: cannot read ({error.strerror or error})") from None
    return _within_limit(data, where)


def _within_limit(data: bytes, where: str) -> bytes:
    if len(data) > MAX_BYTES:
        raise DeckInputError(f"{where}: file is larger than {MAX_BYTES // 1_000_000} MB; not a decklist")
    return data


def decode(data: bytes, where: str) -> str:
    """Bytes to text: UTF-8 (with or without BOM), UTF-16 with BOM, or CP932 (Shift_JIS)."""
    if data.startswith(b"\xef\xbb\xbf"):
        encodings = ["utf-8-sig"]
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encodings = ["utf-16"]
    elif b"\x00" in data:
        raise DeckInputError(f"{where}: binary file (contains NUL bytes); expected a text decklist")
    else:
        encodings = ["utf-8", "cp932"]
    for encoding in encodings:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if encoding == "cp932" and re.search(_CP932_UNUSED, text):
            continue  # bytes 0x80, 0xA0, 0xFD-0xFF: never in Shift_JIS text, so not CP932
        if _looks_binary(text):
            raise DeckInputError(f"{where}: binary file (control characters); expected a text decklist")
        if not text.strip():
            raise DeckInputError(f"{where}: empty file; expected a decklist")
        return text
    if not data.strip():
        raise DeckInputError(f"{where}: empty file; expected a decklist")
    raise DeckInputError(f"{where}: cannot decode: not UTF-8, UTF-16 (with BOM) or CP932/Shift_JIS text")


_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")
_CP932_UNUSED = "[\x80\uf8f0-\uf8f3]"  # what Python's cp932 makes of single bytes no text uses


def _looks_binary(text: str) -> bool:
    head = text[:4096]
    return _CONTROL.search(head) is not None and len(_CONTROL.findall(head)) > 2


def split_lines(text: str) -> list[str]:
    """Split on CRLF, CR or LF only, so line numbers match what an editor shows.

    (str.splitlines would also split on form feeds, U+2028 and others.)
    """
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


# ---------------------------------------------------------------------------- plain text

# Patterns that every deck meets are compiled here; those of rarer forms are plain strings that
# re compiles on first use (and caches): compiling all of them cost ~3 ms at every start.
_COMMENT = re.compile(r"(?:^|\s)(?:#|//)")
_BRACKET_HEADER = re.compile(r"^(?:\[([^\[\]]+)\]|【([^【】]+)】)$")
_PARTNER_LINE = re.compile(r"^(?:パートナー|partner)\s*[:：]\s*(.+)$", re.IGNORECASE)
_KEY_VALUE = r"^([^\s:：]+)\s*[:：]\s*(.*)$"
# '1 NAME', '1x NAME', '1xNAME', '1 x NAME'; '1 X-NAME' keeps its X (a separator x needs a space)
_COUNT_FIRST = r"^(\d+)(?:\s*×\s*|\s*[xX]\s+|[xX]\s*|\s*枚\s*|\s+)(.+)$"
_COUNT_LAST = r"^(.+?)(?:\s+[xX]\s*|\s*×\s*)(\d+)\s*枚?$"  # 'NAME x1', 'NAME ×1枚'
_COUNT_PARENS = r"^(.+?)\s*[（(]\s*(\d+)\s*枚?\s*[)）]$"  # 'NAME (1)', 'NAME（1枚）'; no name ends so
_COUNT_MAI = r"^(.+?)\s*(\d+)\s*枚$"
# A list bullet before a card line ('- NAME', '* NAME', '• NAME', '・ NAME'): always followed by
# a space, unlike the names that start with one of these marks (《*/弐幻キューギョドリ/*》).
BULLETS = "-*•・－＊"
_NOT_A_NAME = re.compile(r"^[\d\s\W_]+$")


_SPACES_AND_COLONS = re.compile(r"[\s:：]+")
HEADER_WORDS = PARTNER_WORDS | MAIN_WORDS | ZONE_WORDS
# A heading marked by brackets or a symbol, maybe followed by a value or a count:
# 【デッキ名】龍幻郷, 【パートナー】NAME, 【メインデッキ】（59枚）, ■超次元ゾーン, ◆Main (59).
HEADER_MARKS = "【[■◆●▼★□◇◎"
_MARKED = r"^(?:【([^【】]+)】|\[([^\[\]]+)\]|[■◆●▼★□◇◎]\s*([^\s（(【\[]+))\s*(.*)$"
_ANNOTATION = r"^[（(]?\s*(?:全|計|合計)?\s*\d+\s*枚?\s*[)）]?$"
MAX_HEADER_LENGTH = 30


def _word(text: str) -> str:
    return _SPACES_AND_COLONS.sub("", text).casefold()


def parse_count_and_name(text: str) -> tuple[int, str] | None:
    """'1 名前', '1x 名前', '名前 x1', '名前×1', '名前 1枚' or a bare name → (count, name)."""
    count_text, space, rest = text.partition(" ")
    if (
        space
        and count_text.isascii()
        and count_text.isdigit()
        and len(count_text) <= 9
        and rest.strip()
        and rest.lstrip()[:2] not in ("x ", "X ", "× ", "x\u3000", "X\u3000", "×\u3000")  # '1 x NAME'
        and not rest.lstrip().startswith("×")
    ):
        return int(count_text), rest.strip()  # the common '1 NAME', without a regex
    for pattern, count_group, name_group in (
        (_COUNT_FIRST, 1, 2),
        (_COUNT_LAST, 2, 1),
        (_COUNT_PARENS, 2, 1),
        (_COUNT_MAI, 2, 1),
    ):
        match = re.match(pattern, text)
        if match:
            digits = match.group(count_group)
            count = int(digits) if len(digits) <= 9 else MAX_COUNT + 1  # int() of 5000 digits fails
            return count, match.group(name_group).strip()
    return None


def parse_text(text: str, path: str) -> DeckList:
    """Parse a plain-text decklist: counts, comments, section headers, a partner line."""
    deck = DeckList(path=path)
    in_partner_section = False
    for number, raw in enumerate(split_lines(text), start=1):
        line = _COMMENT.split(raw, maxsplit=1)[0].strip() if ("#" in raw or "//" in raw) else raw.strip()
        if not line:
            continue
        if line[0] in BULLETS and line[1:2].isspace():
            line = line[1:].lstrip()
        if line[0] in "0123456789":  # the common '1 NAME': never a header, partner or metadata line
            _add_entry(deck, number, line, in_partner_section)
            in_partner_section = False
            continue
        if line[0] in HEADER_MARKS:
            marked = _marked_heading(line)
            if marked is not None:
                word, rest = marked
                if rest and word not in METADATA_WORDS and not re.match(_ANNOTATION, rest):
                    _add_entry(deck, number, rest, word in PARTNER_WORDS)  # '【パートナー】NAME': both at once
                    in_partner_section = False
                else:
                    in_partner_section = word in PARTNER_WORDS  # metadata and headings name no card
                continue
        header = _BRACKET_HEADER.match(line)
        if header or (len(line) <= MAX_HEADER_LENGTH and _word(line) in HEADER_WORDS):
            word = _word(next(g for g in header.groups() if g) if header else line)
            in_partner_section = word in PARTNER_WORDS
            continue
        partner_line = _PARTNER_LINE.match(line)
        if partner_line:
            _add_entry(deck, number, partner_line.group(1).strip(), True)
            in_partner_section = False  # under a partner header, this line is the partner
            continue
        key_value = re.match(_KEY_VALUE, line)
        if key_value and _word(key_value.group(1)) in METADATA_WORDS | MAIN_WORDS:
            continue
        if line.endswith((":", "：")) and len(line) < MAX_HEADER_LENGTH:
            in_partner_section = _word(line) in PARTNER_WORDS
            continue
        _add_entry(deck, number, line, in_partner_section)
        # A partner header introduces one card: the partner. What follows is the main deck.
        in_partner_section = False
    return deck


def _marked_heading(line: str) -> tuple[str, str] | None:
    """(heading word, what follows it) for a marked heading of a known word; None otherwise.

    Only known words count: card names start with 【…】 too (《【今すぐ】うわっ…相手の攻撃止めすぎ…？【クリック】》).
    """
    match = re.match(_MARKED, line)
    if match is None:
        return None
    word = _word(match.group(1) or match.group(2) or match.group(3))
    if word not in HEADER_WORDS and word not in METADATA_WORDS:
        return None
    return word, match.group(4).strip()


def _add_entry(deck: DeckList, number: int, text: str, is_partner: bool) -> None:
    parsed = _PARSED_LINES.get(text)
    if parsed is None:
        parsed = _parse_card_line(text)
        if len(_PARSED_LINES) >= _PARSED_LINES_LIMIT:
            _PARSED_LINES.clear()
        _PARSED_LINES[text] = parsed
    count, name, problem = parsed
    if problem:
        deck.problems.append(ParseProblem(number, text, problem))
    elif count > 0:
        deck.entries.append(Entry(line=number, name=name, count=count, is_partner=is_partner))


# A batch of decks repeats the same lines ('1 ボルシャック・ドラゴン'): parse each text once.
_PARSED_LINES: dict[str, tuple[int, str, Msg | None]] = {}
_PARSED_LINES_LIMIT = 50_000


def _parse_card_line(text: str) -> tuple[int, str, Msg | None]:
    """(count, name, problem or None) for the text of a card line."""
    counted = parse_count_and_name(text)
    count, name = counted if counted else (1, text)
    name = name.strip().strip("《》").strip() if name.startswith("《") and name.endswith("》") else name
    return count, name, _name_problem(name, count)


def _name_problem(name: str, count: int) -> Msg | None:
    if count > MAX_COUNT:
        if count < 10**9:
            return Msg("parse.count-too-large", {"count": count})
        return Msg("parse.count-ten-digits", {})
    if not name or _NOT_A_NAME.match(name):
        return Msg("parse.not-a-card-line", {})
    if len(name) > MAX_NAME_LENGTH:
        return Msg("parse.name-too-long", {"length": len(name)})
    if _CONTROL.search(name):
        return Msg("parse.control-characters", {})
    return None


# ---------------------------------------------------------------------------- YAML and JSON


def parse_structured(data: Any, path: str, line_of: dict[int, int]) -> DeckList:
    """A mapping with ``partner:`` and ``cards:`` (names or {name, count}) → DeckList.

    ``line_of`` maps ``id()`` of parsed values to 1-based line numbers where known.
    """
    deck = DeckList(path=path)
    if not isinstance(data, dict):
        raise DeckInputError(f"{path}: expected a mapping with 'partner' and 'cards'")
    unknown = sorted(str(k) for k in data if str(k) not in {"partner", "cards", "name", "title", "author"})
    if unknown:
        deck.problems.append(ParseProblem(1, unknown[0], Msg("parse.unknown-key", {"key": unknown[0]})))
    partner = data.get("partner")
    if partner is not None:
        _add_structured(deck, partner, line_of, True, "partner")
    cards = data.get("cards") or []
    if not isinstance(cards, list):
        raise DeckInputError(f"{path}: 'cards' must be a list of names or {{name, count}}")
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
        problem = _name_problem(name, count)
    if problem:
        deck.problems.append(ParseProblem(line, name[:60], problem))
    elif count > 0:
        deck.entries.append(Entry(line=line, name=name, count=count, is_partner=is_partner))


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
        raise DeckInputError(f"{where}: invalid YAML ({why})") from None
    except RecursionError:
        raise DeckInputError(f"{path}: invalid YAML (nested too deeply for a decklist)") from None


_BUILDING = object()


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
        raise yaml.constructor.ConstructorError(None, None, "an alias refers to its own anchor", node.start_mark)
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
    duplicated: list[str] = []
    try:
        data = json.loads(text, object_pairs_hook=lambda pairs: _json_object(pairs, duplicated))
    except json.JSONDecodeError as error:
        raise DeckInputError(f"{path}:{error.lineno}: invalid JSON ({error.msg})") from None
    except (ValueError, RecursionError) as error:  # a number with thousands of digits; deep nesting
        why = "nested too deeply for a decklist" if isinstance(error, RecursionError) else error
        raise DeckInputError(f"{path}: invalid JSON ({why})") from None
    line_of: dict[int, int] = {}
    try:
        tokens = _JsonStrings(text)
        if isinstance(data, dict):
            _locate_json_items(data, tokens, line_of)
        deck = parse_structured(data, path, line_of)
    except RecursionError:
        raise DeckInputError(f"{path}: invalid JSON (nested too deeply for a decklist)") from None
    deck.problems.extend(_duplicate_key(tokens.key_line(key, 2), key) for key in dict.fromkeys(duplicated))
    return deck


def _json_object(pairs: list[tuple[str, Any]], duplicated: list[str]) -> dict[str, Any]:
    """A JSON object as a dict, noting keys given twice (json keeps the last value in silence)."""
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        duplicated.extend(key for key, _ in pairs if key in seen or seen.add(key))
    return data


class _JsonStrings:
    """The string tokens of a JSON text with their lines, found in one pass (json keeps no positions).

    Values wait in a queue per text, so that each decklist item takes the next occurrence of its
    name: linear in the file, whatever escapes (``\\u30DC``) the names are written with.
    """

    _TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"(\s*:)?')

    def __init__(self, text: str) -> None:
        import bisect
        from collections import deque

        starts = [0] + [match.end() for match in re.finditer(r"\r\n|\r|\n", text)]
        self.values: dict[str, deque[int]] = {}
        self.keys: dict[str, list[int]] = {}
        for match in self._TOKEN.finditer(text):
            raw = match.group(0)
            literal = raw[: raw.rindex('"') + 1]
            try:
                value = json.loads(literal) if "\\" in literal else literal[1:-1]
            except ValueError:
                continue
            line = bisect.bisect_right(starts, match.start())
            if match.group(1):
                self.keys.setdefault(value, []).append(line)
            else:
                self.values.setdefault(value, deque()).append(line)

    def next_line(self, value: Any) -> int | None:
        """The line of the next unclaimed occurrence of this string value."""
        waiting = self.values.get(value) if isinstance(value, str) else None
        return waiting.popleft() if waiting else None

    def key_line(self, key: str, occurrence: int) -> int:
        lines = self.keys.get(key, [])
        return lines[min(occurrence, len(lines)) - 1] if lines else 0


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
    """Decode and parse by suffix (or content for JSON): .yaml/.yml, .json, else plain text."""
    text = decode(data, path)
    suffix = Path(path).suffix.lower()
    if suffix in (".yaml", ".yml"):
        return parse_yaml(text, path)
    if suffix == ".json" or text.lstrip("\ufeff \t\r\n").startswith("{"):
        return parse_json(text, path)
    return parse_text(text, path)


STDIN = "-"  # as a decklist path: read standard input


def load_decklist(path: Path, stdin_name: str = "<stdin>") -> DeckList:
    """Read and parse one decklist; ``-`` reads standard input and calls the deck ``stdin_name``."""
    if str(path) == STDIN:
        return parse_decklist(read_stdin_bytes(stdin_name), stdin_name)
    return parse_decklist(read_deck_bytes(path), str(path))
