"""parse_text's shortcut for plain card lines reads every line exactly as TextReader does."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from duepa_check import decklist_text
from duepa_check.decklist import split_lines
from duepa_check.decklist_text import TextReader, parse_text

LINE_PARTS = st.sampled_from(
    ["1", "2", "1x", "3 ", " ", "　", "ボルシャック・ドラゴン", "《", "》", "#", "//", "&amp;", ",", "|", "\t",
     "（パートナー）", "[パートナー]", "★", "×1", "(DM23-BD6)", "1/60", "パートナー:", "【", "】", "x", "0", "10000"]
)
LINES = st.lists(st.lists(LINE_PARTS, max_size=6).map("".join) | st.text(max_size=12), max_size=8)


def slow_parse(lines: list[str]):
    reader = TextReader("deck.txt")
    for number, raw in enumerate(lines, start=1):
        reader.read_line(number, raw)
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
