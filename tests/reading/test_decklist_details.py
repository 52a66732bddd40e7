"""Reading a decklist in detail: what each refusal says (key and arguments), which line a card is on.

test_bad_input.py and test_hostile.py prove that bad input is one line and exit 2, and
test_decklist.py that the formats are read; these tests pin the message key and arguments
of each refusal and problem, and the line numbers entries carry, comparing keys, not words.
They were written against the survivors of ``python tools/mutation_test.py
'duepa_check.reading.decklist.*'`` (mutmut).
"""

from __future__ import annotations

import stat

import pytest

from duepa_check.messages import Msg
from duepa_check.reading.card_line import LONGEST_NAME
from duepa_check.reading.decklist import file_kind, parse_decklist
from duepa_check.reading.decode import decode, numbered_lines
from duepa_check.reading.model import DeckInputError, Entry, ParseProblem


def refusal(data: bytes, path: str = "deck.txt") -> Msg:
    """The message of the DeckInputError that reading ``data`` as ``path`` raises."""
    with pytest.raises(DeckInputError) as caught:
        parse_decklist(data, path)
    return caught.value.message


def m(key: str, /, **args) -> Msg:
    return Msg(key, args)


# --- bytes that are no decklist ------------------------------------------------------------------


@pytest.mark.parametrize(
    "mode, kind",
    [
        (stat.S_IFDIR, "input.kind.folder"),
        (stat.S_IFIFO, "input.kind.fifo"),
        (stat.S_IFCHR, "input.kind.device"),
        (stat.S_IFBLK, "input.kind.device"),
        (stat.S_IFSOCK, "input.kind.not-regular"),
    ],
)
def test_what_is_not_a_regular_file_is_named_for_what_it_is(mode, kind):
    assert file_kind(mode | 0o644) == m(kind)


def test_one_nul_byte_makes_a_binary_file():
    assert refusal(b"1 card\x00\n") == m("input.binary-nul", path="deck.txt")


@pytest.mark.parametrize(
    "text, binary",
    [
        ("1 a\x01\n1 b\x01\n", False),  # two stray control characters: still text
        ("1 a\x01\n1 b\x01\n1 c\x01\n", True),  # three: binary
        ("x" * 4094 + "\x01\x01" + "\x01" * 5, False),  # only the first 4096 characters are looked at
    ],
)
def test_a_file_with_more_than_two_control_characters_in_its_head_is_binary(text, binary):
    data = text.encode("utf-8")
    if binary:
        assert refusal(data) == m("input.binary-control", path="deck.txt")
    else:
        assert decode(data, "deck.txt") == text


def test_a_file_of_blanks_is_empty_whatever_its_encoding():
    for data in (b"", b" \r\n\t\n", b"\xef\xbb\xbf\n", "\n".encode("utf-16")):
        assert refusal(data) == m("input.empty", path="deck.txt"), data


# --- YAML and JSON decks: keys, items, lines -------------------------------------------------------


def test_a_deck_title_name_and_author_are_known_keys_others_are_reported_on_line_1():
    deck = parse_decklist(b"name: a\ntitle: b\nauthor: c\ncards: [x]\n", "deck.yaml")
    assert deck.problems == [] and deck.path == "deck.yaml"
    deck = parse_decklist(b"zzz: 1\naaa: 2\n[k]: 3\ncards: [x]\n", "deck.yaml")
    assert deck.problems == [ParseProblem(1, "<list>", m("parse.unknown-key", key="<list>"))]  # sorted: first
    deck = parse_decklist(b"zzz: 1\naaa: 2\ncards: [x]\n", "deck.yaml")
    assert deck.problems == [ParseProblem(1, "aaa", m("parse.unknown-key", key="aaa"))]


def test_structured_items_that_are_no_card_say_where_and_show_what_they_hold():
    long_number = "1" * 70
    deck = parse_decklist(
        f"partner: [1, 2]\ncards:\n  - name: ok\n  - {{count: 2}}\n  - {long_number}\n  - [a]\n".encode(), "deck.yaml"
    )
    assert deck.problems == [
        ParseProblem(1, "<list>", m("parse.not-a-name-or-mapping", where="partner")),
        ParseProblem(4, "<dict>", m("parse.not-a-name-or-mapping", where="cards[1]")),
        ParseProblem(5, "1" * 60, m("parse.not-a-name-or-mapping", where="cards[2]")),
        ParseProblem(6, "<list>", m("parse.not-a-name-or-mapping", where="cards[3]")),
    ]
    assert deck.entries == [Entry(line=3, name="ok", count=1)]


def test_a_json_item_whose_line_is_unknown_has_line_0():
    deck = parse_decklist(b'{"cards": [5]}', "deck.json")
    assert deck.problems == [ParseProblem(0, "5", m("parse.not-a-name-or-mapping", where="cards[0]"))]


@pytest.mark.parametrize(
    "item, entries, problem",
    [
        ("{name: X}", [Entry(line=2, name="X", count=1)], None),  # no count: one copy
        ("{name: X, count: 0}", [], m("parse.count-zero")),  # listed with none: not in the deck, and said so
        ("{name: X, count: -1}", [], m("parse.not-a-name-or-mapping", where="cards[0]")),
        ("{name: X, count: true}", [], m("parse.not-a-name-or-mapping", where="cards[0]")),
        ("{name: X, count: 1000}", [], m("parse.count-too-large", count=1000)),
        ("《BOX》", [Entry(line=2, name="BOX", count=1)], None),
    ],
)
def test_a_structured_items_count_and_name(item, entries, problem):
    deck = parse_decklist(f"cards:\n  - {item}\n".encode(), "deck.yaml")
    assert deck.entries == entries
    assert [p.message for p in deck.problems] == ([problem] if problem else [])


def test_a_long_name_or_duplicate_key_is_shown_cut_to_60_characters():
    name, key = "名" * (LONGEST_NAME + 1), "k" * 100
    deck = parse_decklist(f"cards:\n  - {name}\n{key}: 1\n{key}: 2\n".encode(), "deck.yaml")
    assert [problem._replace(readings=()) for problem in deck.problems] == [
        ParseProblem(1, key, m("parse.unknown-key", key=key)),
        ParseProblem(2, "名" * 60, m("parse.name-too-long", length=LONGEST_NAME + 1)),
        ParseProblem(4, key[:60], m("parse.duplicate-key", key=key[:60])),
    ]


# --- YAML that does not parse: where and why ----------------------------------------------------------


@pytest.mark.parametrize(
    "data, where, why",
    [
        (b"cards: [a\n", "deck.yaml:2", "did not find expected ',' or ']'"),
        (b"cards: &a [*a]\n", "deck.yaml:1", m("input.alias-loop")),  # ours, said in the run's language
        # a character YAML refuses: PyYAML's ReaderError has no line mark and no 'problem'
        (b"cards:\n  - a\x07\n", "deck.yaml", "unacceptable character #x0007: control characters are not allowed"),
    ],
)
def test_yaml_that_does_not_parse_says_where_and_why(data, where, why):
    assert refusal(data, "deck.yaml") == m("input.invalid-yaml", path=where, why=why)


NESTING = 32  # docs/formats.md: lists and mappings may nest 32 deep, on every Python


def nested(suffix: str, depth: int) -> bytes:
    """A decklist whose document is ``depth`` lists and mappings deep: the top mapping, its
    ``cards`` list, and lists inside that."""
    lists = depth - 1
    inner = "[" * lists + "]" * lists
    return (f"cards: {inner}\n" if suffix == ".yaml" else f'{{"cards": {inner}}}').encode()


@pytest.mark.parametrize("suffix, key", [(".yaml", "input.yaml-too-deep"), (".json", "input.json-too-deep")])
@pytest.mark.parametrize("depth", [NESTING + 1, 700, 100_000])
def test_a_decklist_nested_past_the_limit_is_one_line_on_every_python(suffix, key, depth):
    """The reader's own limit, not the interpreter's recursion limit: 3.11 refused 700 deep by a
    RecursionError that 3.12 and later no longer raise there."""
    assert refusal(nested(suffix, depth), "deck" + suffix) == m(key, path="deck" + suffix, limit=NESTING)


@pytest.mark.parametrize("suffix", [".yaml", ".json"])
def test_a_decklist_at_the_limit_is_read(suffix):
    deck = parse_decklist(nested(suffix, NESTING), "deck" + suffix)
    assert deck.entries == []


def test_a_yaml_alias_is_built_once_not_once_per_use():
    """Nine levels of nine aliases: 387 million items if each use were built anew."""
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{n}: &a{n} [" + ", ".join([f"*a{n - 1}"] * 9) + "]" for n in range(1, 10)]
    deck = parse_decklist(("\n".join(lines) + "\ncards: [x]\n").encode(), "deck.yaml")
    assert deck.entries == [Entry(line=11, name="x", count=1)]


def test_a_number_too_long_for_python_is_read_as_text():
    deck = parse_decklist(b"cards:\n  - " + b"9" * 5000 + b"\n", "deck.yaml")
    assert deck.problems == [ParseProblem(2, "9" * 60, m("parse.not-a-card-line"))]  # no reading: longer than any name


# --- JSON: the line of each card -----------------------------------------------------------------------


def test_json_cards_are_found_on_their_lines_whatever_comes_before_them():
    text = (
        '{\n "title": "ボルシャック・ドラゴン", "about": {"name": "ボルシャック・ドラゴン"},\n "partner": '
        '"ボルシャック・ドラゴン",\n "cards": [\n  "ボルシャック・ドラゴン",\n  {"name": "B", "count": 2}\n ]\n}\n'
    )
    deck = parse_decklist(text.encode(), "deck.json")
    assert deck.entries == [
        Entry(line=3, name="ボルシャック・ドラゴン", count=1, is_partner=True),
        Entry(line=5, name="ボルシャック・ドラゴン", count=1),
        Entry(line=6, name="B", count=2),
    ]


def test_a_json_deck_without_cards_is_read_not_crashed():
    deck = parse_decklist(b'{"partner": "A",\n "name": "t"}', "deck.json")
    assert deck.entries == [Entry(line=1, name="A", count=1, is_partner=True)] and deck.problems == []


def test_a_deck_that_starts_with_a_brace_after_blank_lines_is_json_whatever_its_suffix():
    deck = parse_decklist(b'\n\n  {"cards": ["A"]}\n', "deck.txt")
    assert deck.entries == [Entry(line=3, name="A", count=1)]


# --- standard input ---------------------------------------------------------------------------------


class _Stdin:
    def __init__(self, data: bytes | Exception | None) -> None:
        if data is not None:
            self.buffer = self
        self._data = data

    def read(self, size: int) -> bytes:
        if isinstance(self._data, Exception):
            raise self._data
        return self._data[:size]


@pytest.mark.parametrize(
    "stdin, expected",
    [
        (_Stdin(None), m("input.no-stdin", path="<stdin>")),  # e.g. pythonw: no standard input at all
        (_Stdin(OSError(5, "Input/output error")), m("input.cannot-read", path="<stdin>", why="Input/output error")),
        (_Stdin(OSError("odd")), None),
        (_Stdin(b"x" * 1_000_001), m("input.too-large", path="<stdin>", megabytes=1)),
    ],
)
def test_standard_input_that_cannot_be_read_is_one_line_naming_it(monkeypatch, stdin, expected):
    import sys

    from duepa_check.reading.decklist import read_stdin_bytes

    monkeypatch.setattr(sys, "stdin", stdin)
    with pytest.raises(DeckInputError) as caught:
        read_stdin_bytes("<stdin>")
    if expected is None:  # an OSError without strerror: the error itself is the why
        assert caught.value.message.key == "input.cannot-read" and str(caught.value.message.args["why"]) == "odd"
    else:
        assert caught.value.message == expected


def test_standard_input_within_the_limit_is_read_whole(monkeypatch):
    import sys

    from duepa_check.reading.decklist import read_stdin_bytes

    monkeypatch.setattr(sys, "stdin", _Stdin(b"x" * 1_000_000))
    assert read_stdin_bytes("<stdin>") == b"x" * 1_000_000


# --- files -------------------------------------------------------------------------------------------


def test_a_folder_a_long_name_and_an_odd_error_are_one_line_naming_the_path(tmp_path, monkeypatch):
    from duepa_check.reading import decklist
    from duepa_check.reading.decklist import read_deck_bytes

    with pytest.raises(DeckInputError) as caught:
        read_deck_bytes(tmp_path)
    assert caught.value.message == m("input.not-a-file", path=tmp_path, kind=m("input.kind.folder"))
    long_name = tmp_path / ("x" * 5000)
    with pytest.raises(DeckInputError) as caught:
        read_deck_bytes(long_name)
    assert caught.value.message == m("input.cannot-read", path=long_name, why="File name too long")

    def odd(*args, **kwargs):
        raise OSError("odd")

    monkeypatch.setattr(decklist.os, "open", odd)
    with pytest.raises(DeckInputError) as caught:
        read_deck_bytes(tmp_path / "deck.txt")
    assert caught.value.message.key == "input.cannot-read" and str(caught.value.message.args["why"]) == "odd"


def test_a_file_of_1_mb_is_read_one_byte_more_is_refused_in_whole_megabytes(tmp_path):
    from duepa_check.reading.decklist import read_deck_bytes
    from duepa_check.reading.decode import MAX_BYTES

    path = tmp_path / "deck.txt"
    path.write_bytes(b"x" * MAX_BYTES)
    assert len(read_deck_bytes(path)) == MAX_BYTES
    path.write_bytes(b"x" * (MAX_BYTES + 1))
    with pytest.raises(DeckInputError) as caught:
        read_deck_bytes(path)
    assert caught.value.message == m("input.too-large", path=str(path), megabytes=1)
    assert type(caught.value.message.args["megabytes"]) is int  # "1 MB", not "1.0 MB"


def test_a_dash_reads_standard_input_under_the_name_given(monkeypatch):
    import sys

    from duepa_check.reading.decklist import load_decklist
    from duepa_check.reading.inputs import StandardInput

    monkeypatch.setattr(sys, "stdin", _Stdin("1 ボルシャック・ドラゴン\n".encode()))
    deck = load_decklist(StandardInput("piped deck"), "piped deck")
    assert deck.path == "piped deck" and deck.entries[0].name == "ボルシャック・ドラゴン"


def test_standard_input_is_called_stdin_unless_named(monkeypatch):
    import sys

    from duepa_check.reading.decklist import load_decklist
    from duepa_check.reading.inputs import StandardInput

    monkeypatch.setattr(sys, "stdin", _Stdin(b"1 x\n"))
    assert load_decklist(StandardInput()).path == "<stdin>"


def test_an_endless_standard_input_is_refused_after_the_limit_not_read_to_its_end(monkeypatch):
    import sys

    from duepa_check.reading.decklist import read_stdin_bytes

    class Endless:
        buffer = property(lambda self: self)

        def read(self, size=-1):
            assert size is not None and size >= 0, "read to the end of an endless stream"
            return b"x" * size

    monkeypatch.setattr(sys, "stdin", Endless())
    with pytest.raises(DeckInputError) as caught:
        read_stdin_bytes("<stdin>")
    assert caught.value.message == m("input.too-large", path="<stdin>", megabytes=1)


def test_a_file_whose_reads_come_one_byte_at_a_time_is_read_whole(monkeypatch, tmp_path):
    import os

    from duepa_check.reading import decklist

    path = tmp_path / "deck.txt"
    path.write_bytes(b"1 x\n" * 5)
    real_read = os.read
    monkeypatch.setattr(decklist.os, "read", lambda handle, wanted: real_read(handle, min(wanted, 1)))
    assert decklist.read_deck_bytes(path) == b"1 x\n" * 5


# --- found by the re-run of mutmut in session 6 --------------------------------------------------------


def test_a_yaml_deck_is_read_without_libyaml(monkeypatch):
    """PyYAML built without libyaml has no CSafeLoader: the pure-Python SafeLoader reads the deck."""
    import yaml

    monkeypatch.delattr(yaml, "CSafeLoader", raising=False)
    deck = parse_decklist(b"cards:\n  - A\n  - {name: B, count: 2}\n", "deck.yaml")
    assert deck.entries == [Entry(line=2, name="A", count=1), Entry(line=3, name="B", count=2)]


def test_a_key_given_twice_in_a_mapping_used_as_a_key_is_reported_too():
    deck = parse_decklist(b"? {a: 1, a: 2}\n: x\ncards: [x]\n", "deck.yaml")
    assert deck.problems == [
        ParseProblem(1, "<dict>", m("parse.unknown-key", key="<dict>")),
        ParseProblem(1, "a", m("parse.duplicate-key", key="a")),
    ]
    assert deck.entries == [Entry(line=3, name="x", count=1)]


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("a\r\nb\rc\n\nd", [(1, "a"), (2, "b"), (3, "c"), (5, "d")]),  # CRLF, CR, LF; no empty line
        ("a\x0cb\n\u2028c\x85\x85d\x0b", [(1, "a"), (1, "b"), (2, "c"), (2, "d")]),  # the other breaks
    ],
)
def test_a_text_is_read_as_numbered_lines_cut_at_every_line_break(text, lines):
    assert numbered_lines(text) == lines
