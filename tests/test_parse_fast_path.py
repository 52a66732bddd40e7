"""parse_text's shortcut for plain card lines reads every line exactly as TextReader does."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from duepa_check import decklist_cards, decklist_text
from duepa_check.decklist_cards import CardLine, Reading, plain_reading
from duepa_check.decklist import split_breaks, split_lines
from duepa_check.decklist_text import TextReader, parse_text

LINE_PARTS = st.sampled_from(
    ["1", "2", "1x", "3 ", " ", "　", "ボルシャック・ドラゴン", "《", "》", "#", "//", "&amp;", ",", "|", "\t",
     "（パートナー）", "[パートナー]", "★", "×1", "(DM23-BD6)", "1/60", "パートナー:", "【", "】", "x", "0", "10000",
     "1x ", "X", "×", "\u3000", "!"]
)
LINES = st.lists(st.lists(LINE_PARTS, max_size=6).map("".join) | st.text(max_size=12), max_size=8)


def slow_parse(lines: list[str]):
    reader = TextReader("deck.txt")
    for number, raw in enumerate(lines, start=1):
        for piece in split_breaks(raw):  # a form feed, U+2028...: what follows it is a line of its own
            if piece:
                reader.read_line(number, piece)
    return reader.deck


def shape(deck):
    return deck.entries, deck.problems, deck.headings


@settings(max_examples=400, deadline=None)
@given(LINES)
@example(["パートナー", "1 ボルシャック・ドラゴン", "1 ボルシャック・ドラゴン"])  # under a partner heading
@example(["1 ボルシャック・ドラゴン（パートナー）", "2 フェアリー・ライフ ←お気に入り"])
def test_shortcut_reads_like_the_reader(lines):
    decklist_text._CARD_LINES.clear()
    first = parse_text("\n".join(lines), "deck.txt")  # fills the cache as it reads
    again = parse_text("\n".join(lines), "deck.txt")  # every plain line now comes from the cache
    expected = shape(slow_parse(split_lines("\n".join(lines))))
    assert shape(first) == expected
    assert shape(again) == expected


# plain_reading: the first meeting of a plain card line, without read_card_line's general steps.
COUNTS = st.sampled_from(
    ["1", "2", "0", "00", "10", "999", "1000", "01", "1x", "2X", "10x", "999x", "1000x", "0x", "1ｘ", "１", "1２", "1×",
     "x1", "x", "1枚", "1.", "1)", "1、", "", " 1", "1 x", "1 X", "1 ×", "1x x", "-"]
)
SEPARATORS = st.sampled_from([" ", "  ", "\u3000", "\t", " \u3000", " \t", ""])
NAME_PARTS = st.sampled_from(
    ["ボルシャック・ドラゴン", "ドラゴン", "a", "x", "X", "×", "x ", "X\u3000", "《", "》", "「", "」", "パートナー", "ぱーとなー",
     "統率者", "partner", "Partner", "PARTNER", "commander", "Commander", "（パートナー）", "←", "⇐", "※", "→", "⇒", "★",
     "☆", "♪", "(1)", "（1）", "1/60", "DM23-BD6", "x1", " ", "\u3000", "\t", "\x01", "\x7f", "\x0b", "\n", "\u2028",
     "\u00a0", "_", "1", "１", "²", "!", "-", "ー", "枚", "a" * 40, "ア" * 41]
)
NAMES = st.tuples(
    st.sampled_from(["", "", "《", "x", "X", "×", " ", "「", "!", "1", "_", "ア" * 79]),
    st.sampled_from(["ボルシャック・ドラゴン", "ドラゴン", "a", "Ω", "²"]),
    st.lists(NAME_PARTS, max_size=2).map("".join),
    st.sampled_from(["", "", "》", "」"]),
).map("".join)
CARD_LINES = st.tuples(st.sampled_from(["", "", " ", "\t"]), COUNTS, SEPARATORS, NAMES, st.sampled_from(["", "", " ", "\u3000"])).map("".join)


# Lines where one step of plain_reading decides (each was broken by hand once: these fail).
TRICKY_LINES = [
    "1 x ボルシャック・ドラゴン", "1 X ドラゴン", "1 ×ドラゴン", "1x ×ドラゴン", "1x ドラゴン\nx", "1 ドラ\tゴン", "1\tドラゴン",
    "1 !!", "1 ドラゴン\x01", "1 《》", "1 《ドラゴン》", "1 《ドラゴン", "0 ドラゴン", "0x ドラゴン", "1000 ドラゴン", "1000x ドラゴン",
    "1 " + "ア" * 80, "1 " + "ア" * 81, "1 _ドラゴン", "1 ²", "1２ ドラゴン", "1ｘ ドラゴン", "１ ドラゴン", "1. ドラゴン",
    *(f"1 ドラゴン（{word}）" for word in ("パートナー", "ぱーとなー", "統率者", "partner", "Partner", "commander", "Commander")),
    *(f"1 ドラゴン{mark}" for mark in "←⇐※→⇒★☆♪)）]］】>＞〉」』》”\"'0１"),
    *(f"1 ドラ{mark}ゴン" for mark in "←⇐※→⇒★☆♪"),
]


def fields_as_read(raw: str):
    """_card_line_fields as it was before plain_reading: read_card_line's reading, uncached."""
    line = raw.strip()
    if not line or not ("0" <= line[0] <= "9") or "&" in line or "#" in line or "//" in line or "," in line or "|" in line:
        return decklist_text._READ_BY_TEXT
    read = decklist_cards._read(line)
    if read.problem or read.main.count <= 0:
        return decklist_text._READ_BY_TEXT
    main = read.main
    return main.name, main.count, main.partner, read.others, "", line if read.more else ""


def test_plain_reading_reads_the_tricky_lines_as_read_card_line():
    for line in TRICKY_LINES:
        plain = plain_reading(line)
        if plain is not None:
            name, count, more = plain
            assert decklist_cards._read(line) == CardLine(Reading(count, name, False), (), None, more), line
        assert decklist_text._card_line_fields(line) == fields_as_read(line), line


@settings(max_examples=500, deadline=None)
@given(CARD_LINES)
def test_plain_reading_is_read_card_lines_reading(line):
    plain = plain_reading(line)
    if plain is not None:
        name, count, more = plain
        assert decklist_cards._read(line) == CardLine(Reading(count, name, False), (), None, more)
    assert decklist_text._card_line_fields(line) == fields_as_read(line)


@pytest.mark.parametrize(
    "line", ["1 ボルシャック・ドラゴン", "1x ボルシャック・ドラゴン", "3X ボルシャック・ドラゴン", "1 《ボルシャック・ドラゴン》",
             "12 ボルシャック・ドラゴン 23BD6", "1 ドラゴン（新規）"]
)
def test_the_common_lines_take_the_shortcut(line):
    assert plain_reading(line) is not None


@given(st.lists(NAME_PARTS, max_size=4).map("".join))
@example("")
def test_may_carry_more_looks_for_every_remark_mark(name):
    for mark in decklist_cards._REMARK_MARKS:  # each mark in a name that ends in none of them
        assert decklist_cards._may_carry_more(f"ドラ{mark}ゴン")
    expected = bool(name) and (name[-1] in decklist_cards._MAY_CARRY_MORE_END
                               or any(mark in name for mark in decklist_cards._REMARK_MARKS))
    assert decklist_cards._may_carry_more(name) == expected
