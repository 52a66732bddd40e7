"""YAML and JSON decklists: ``partner:``/``main:`` (or ``cards:``) lists of names with counts, each
entry kept at the line it was written on (PyYAML's node marks; for JSON, the strings' positions).
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..data.nesting import MAX_NESTING, parser_refused_depth, too_deep
from ..messages import Msg
from ..printable import has_surrogates, printable
from .card_line import LONGEST_NAME, MAX_COUNT, name_problem
from .model import DeckInputError, DeckList, Entry, ParseProblem, Reading


def parse_structured(data: Any, path: str, line_of: dict[str, int]) -> DeckList:
    """A mapping with ``partner:`` and ``cards:`` (names or {name, count}) → DeckList.

    ``line_of`` maps each item's path (``partner``, ``cards[3]``) to the 1-based line where it is
    written, where known: by path, not by the parsed value, as two items can be one value (an
    alias, two equal small integers).
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


def _add_structured(deck: DeckList, item: Any, line_of: dict[str, int], is_partner: bool, where: str) -> None:
    line = line_of.get(where, 0)
    if isinstance(item, dict):
        name, count = item.get("name"), item.get("count", 1)
    else:
        name, count = item, 1
    if not isinstance(name, str) or not isinstance(count, int) or isinstance(count, bool) or count < 0:
        shown = str(item)[:60] if not isinstance(item, (list, dict)) else f"<{type(item).__name__}>"
        deck.problems.append(ParseProblem(line, shown, Msg("parse.not-a-name-or-mapping", {"where": where})))
        return
    name = name.strip().strip("《》").strip()
    problem: Msg | None
    if has_surrogates(name):  # a JSON escape such as \ud800 that is no character
        problem, name = Msg("parse.lone-surrogate", {}), printable(name, False)
    else:
        problem = name_problem(name, count)
    if problem:  # a name that looks like none (《♪2×2-4×5+17=1》) is still that card when it is one (reading.resolve)
        readings = (
            (Reading(count, name, is_partner),) if 0 < count <= MAX_COUNT and 0 < len(name) <= LONGEST_NAME else ()
        )
        deck.problems.append(ParseProblem(line, name[:60], problem, readings))
    elif count > 0:
        deck.entries.append(Entry(line=line, name=name, count=count, is_partner=is_partner))
    else:
        deck.problems.append(ParseProblem(line, name[:60], Msg("parse.count-zero", {})))


def parse_yaml(text: str, path: str) -> DeckList:
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    duplicates: list[ParseProblem] = []
    lines = _editor_lines(text)
    try:
        node = yaml.compose(text, Loader=loader)
        data = _construct(node, {}, duplicates, 1)
        line_of = {where: line + 1 for where, line in _item_lines(text, loader).items()}
        if lines is not None:
            line_of = {where: lines[line - 1] for where, line in line_of.items()}
            duplicates = [problem._replace(line=lines[problem.line - 1]) for problem in duplicates]
        deck = parse_structured(data, path, line_of)
        deck.problems.extend(duplicates)
        return deck
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"{path}:{(lines[mark.line] if lines else mark.line + 1)}" if mark else path
        why = getattr(error, "problem", None) or str(error).splitlines()[0]  # one line, never several
        if parser_refused_depth(why):
            raise DeckInputError(Msg("input.yaml-too-deep", {"path": path, "limit": MAX_NESTING})) from None
        if why == ALIAS_LOOP:  # ours, not PyYAML's: said in the run's language
            why = Msg("input.alias-loop", {})
        raise DeckInputError(Msg("input.invalid-yaml", {"path": where, "why": why})) from None
    except (_TooDeep, RecursionError):  # ours past MAX_NESTING; the parser's own on a deeper document
        raise DeckInputError(Msg("input.yaml-too-deep", {"path": path, "limit": MAX_NESTING})) from None


def _item_lines(text: str, loader: Any) -> dict[str, int]:
    """Where each item of a YAML deck's ``cards:`` sequence and its ``partner:`` value starts (0-based
    PyYAML lines), by path: ``{"partner": 1, "cards[0]": 3, ...}``.

    Read from the parser's events, not the composed nodes: an alias (``- *best``) is then its own
    line, not its anchor's. A ``cards:`` given as an alias of an anchored sequence takes that
    sequence's item lines; a key given twice takes the later value, as the mapping built does.
    """
    import yaml

    found: dict[str, int] = {}
    # An alias event's anchor is never None, but PyYAML's types say it may be: then nothing is found.
    sequences: dict[str | None, list[int]] = {}  # anchor → the lines of its sequence's items
    scalars: dict[str | None, str] = {}  # anchor → a scalar's text (an alias used as a key)
    stack: list[_Open] = []
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.CollectionEndEvent):
            done = stack.pop()
            if done.anchor is not None and not done.mapping:
                sequences[done.anchor] = done.items
            if len(stack) == 1:
                _top_value_done(stack[0], done, found)
            continue
        if not isinstance(event, yaml.NodeEvent):
            continue
        line = event.start_mark.line if event.start_mark is not None else 0  # the parser's events have marks
        if isinstance(event, yaml.ScalarEvent) and event.anchor is not None:
            scalars[event.anchor] = event.value
        if stack:
            stack[-1].items.append(line)
        if len(stack) == 1 and stack[0].mapping:
            top = stack[0]
            if top.next_is_key:
                top.key = scalars.get(event.anchor, "") if isinstance(event, yaml.AliasEvent) else _key(event)
            elif top.key == "partner":
                found["partner"] = line
            elif top.key == "cards" and isinstance(event, yaml.AliasEvent):
                _set_cards(found, sequences.get(event.anchor, []))
        if isinstance(event, yaml.CollectionStartEvent):
            stack.append(_Open(isinstance(event, yaml.MappingStartEvent), event.anchor))
        elif len(stack) == 1:
            stack[0].next_is_key = not stack[0].next_is_key  # a scalar or an alias: a whole node
    return found


class _Open:
    """A collection being read by ``_item_lines``: the lines of its items, and for the top mapping
    whether a key comes next and the key whose value is being read."""

    def __init__(self, mapping: bool, anchor: str | None) -> None:
        self.mapping, self.anchor = mapping, anchor
        self.items: list[int] = []
        self.next_is_key, self.key = True, ""


def _key(event: Any) -> str:
    """A key's text as the built mapping has it (a collection as a key is no decklist key)."""
    import yaml

    return event.value if isinstance(event, yaml.ScalarEvent) else "<collection>"


def _top_value_done(top: _Open, done: _Open, found: dict[str, int]) -> None:
    """A collection directly in the top mapping ended: the ``cards:`` sequence gives its item lines."""
    if not top.next_is_key and top.key == "cards" and not done.mapping:
        _set_cards(found, done.items)
    elif not top.next_is_key and top.key == "cards":
        _set_cards(found, [])
    top.next_is_key = not top.next_is_key


def _set_cards(found: dict[str, int], items: list[int]) -> None:
    """The item lines of the ``cards:`` value (a later ``cards:`` replaces an earlier one)."""
    for where in [where for where in found if where != "partner"]:
        del found[where]
    found.update((f"cards[{index}]", line) for index, line in enumerate(items))


_YAML_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")


def _editor_lines(text: str) -> list[int] | None:
    """PyYAML's line (0-based) → the line an editor shows (1-based), for text where they differ:
    YAML also breaks lines at NEL, U+2028 and U+2029, which editors (and split_lines) do not
    count. None when the text holds none (the lines agree)."""
    if "\x85" not in text and "\u2028" not in text and "\u2029" not in text:
        return None
    lines, line = [1], 1
    for match in _YAML_BREAK.finditer(text):
        if match.group() in ("\r\n", "\r", "\n"):
            line += 1
        lines.append(line)
    return lines


_BUILDING = object()
ALIAS_LOOP = "an alias refers to its own anchor"  # the English of input.alias-loop, carried through PyYAML


class _TooDeep(Exception):
    """A YAML decklist nests lists and mappings deeper than MAX_NESTING."""


def _construct(node: Any, built: dict[int, Any], duplicates: list[ParseProblem] | None = None, depth: int = 1) -> Any:
    """Build plain data from a YAML node tree (``_item_lines`` says where each item is).

    ``depth`` counts the lists and mappings around ``node``; past MAX_NESTING the document is
    refused, so the recursion here never meets the interpreter's limit.

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
    if depth > MAX_NESTING and isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
        raise _TooDeep
    built[id(node)] = _BUILDING
    if isinstance(node, yaml.MappingNode):
        value: Any = {}
        for key_node, value_node in node.value:
            key = _text(_construct(key_node, built, duplicates, depth + 1))
            if key in value and duplicates is not None:
                duplicates.append(_duplicate_key(key_node.start_mark.line + 1, key))
            value[key] = _construct(value_node, built, duplicates, depth + 1)
    elif isinstance(node, yaml.SequenceNode):
        value = [_construct(item, built, duplicates, depth + 1) for item in node.value]
    elif node.tag == "tag:yaml.org,2002:str":
        value = node.value
    else:
        try:
            value = yaml.safe_load(yaml.serialize(node))
        except (ValueError, OverflowError):  # e.g. an integer with thousands of digits
            value = node.value
    built[id(node)] = value
    return value


def _duplicate_key(line: int, key: str) -> ParseProblem:
    return ParseProblem(line, printable(key)[:60], Msg("parse.duplicate-key", {"key": printable(key)[:60]}))


def _text(value: Any) -> str:
    """A mapping key as text (keys that are lists or mappings are not decklist keys anyway)."""
    return str(value) if not isinstance(value, (list, dict)) else f"<{type(value).__name__}>"


def parse_json(text: str, path: str) -> DeckList:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise DeckInputError(Msg("input.invalid-json", {"path": f"{path}:{error.lineno}", "why": error.msg})) from None
    except RecursionError:  # nested far past MAX_NESTING: the parser's own limit came first
        raise DeckInputError(Msg("input.json-too-deep", {"path": path, "limit": MAX_NESTING})) from None
    except ValueError as error:  # a number with thousands of digits
        raise DeckInputError(Msg("input.invalid-json", {"path": path, "why": error})) from None
    if too_deep(data):
        raise DeckInputError(Msg("input.json-too-deep", {"path": path, "limit": MAX_NESTING}))
    line_of: dict[str, int] = {}
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


def _locate_json_items(data: dict[str, Any], tokens: _JsonStrings, line_of: dict[str, int]) -> None:
    """Each item's line, by its path: the next occurrence of its name, in the order the keys were written."""
    for key in data:
        if key == "partner":
            items = [("partner", data["partner"])]
        elif key == "cards" and isinstance(data["cards"], list):
            items = [(f"cards[{index}]", item) for index, item in enumerate(data["cards"])]
        else:
            continue
        for where, item in items:
            line = tokens.next_line(item.get("name") if isinstance(item, dict) else item)
            if line is not None:
                line_of[where] = line
