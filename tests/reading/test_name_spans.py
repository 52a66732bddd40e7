"""Where each card name of a line is written in it (reading.name_spans): the columns the language
server underlines (issue 48) and --fix rewrites."""

from __future__ import annotations

import pytest
from support import DECKS

from duepa_check.data.names import name_key
from duepa_check.data.pool import CardPool
from duepa_check.reading.decklist import parse_text
from duepa_check.reading.model import Entry
from duepa_check.reading.name_spans import NameSpan, entry_spans, name_spans
from duepa_check.reading.resolve import resolve_deck

BOLSHACK = "ボルシャック・ドラゴ大王"


@pytest.mark.parametrize("name", sorted(path.name for path in DECKS.glob("*.txt")))
def test_every_entry_of_a_fixture_deck_is_found_where_its_line_writes_it(name):
    text = (DECKS / name).read_text(encoding="utf-8")
    lines = text.splitlines()
    spans = entry_spans(text, parse_text(text, name).entries)
    assert len(spans) >= 40
    for entry, span in spans:
        assert span is not None, entry
        assert lines[entry.line - 1][span.start : span.end] == entry.name


def test_names_of_one_line_take_their_own_places_in_order():
    line = f"{BOLSHACK},フェアリー・ライフ,{BOLSHACK}"
    spans = name_spans(line, [BOLSHACK, "フェアリー・ライフ", BOLSHACK])
    assert [line[s.start : s.end] for s in spans] == [BOLSHACK, "フェアリー・ライフ", BOLSHACK]
    assert spans[0].start == 0 and spans[2].start == len(line) - len(BOLSHACK)


@pytest.mark.parametrize("written", ["ﾎﾞﾙｼｬｯｸ・ﾄﾞﾗｺﾞ大王", "ﾎﾞﾙｼｬｯｸﾄﾞﾗｺﾞ大王"])
def test_a_name_written_in_half_width_kana_is_found_from_its_voiced_first_letter(written):
    line = f"1 {written}（新規）"  # the reader peels the note off and reads the name as NFKC makes it
    (entry,) = resolve_deck(parse_text(line, "deck.txt"), CardPool.load(None)).entries
    assert entry.name in (BOLSHACK, "ボルシャックドラゴ大王")
    (span,) = name_spans(line, [entry.name])
    assert (span.start, span.end) == (2, line.index("（"))


def test_a_name_the_reader_took_characters_off_is_found_by_its_key():
    line = "`ボルシャック・ドラゴ大王`,1"
    (span,) = name_spans(line, ["ボルシャックドラゴ大王"])
    assert name_key(line[span.start : span.end]) == name_key(BOLSHACK)


def test_a_csv_cell_with_doubled_quotes_and_a_json_escape_say_how_they_are_written():
    (span,) = name_spans('"""BC"" ヒット",1', ['"BC" ヒット'])
    assert span == NameSpan(1, 11, doubled=True)
    line = '{"name": "' + "".join(f"\\u{ord(c):04x}" for c in BOLSHACK) + '"}'
    (span,) = name_spans(line, [BOLSHACK])
    assert span.escaped == BOLSHACK and line[span.start - 1] == '"' and line[span.end] == '"'


def test_a_name_not_written_in_the_line_has_no_span_and_the_next_is_still_found():
    assert name_spans("1 フェアリー・ライフ", ["まったく別の名前", "フェアリー・ライフ"]) == [None, NameSpan(2, 11)]


def test_an_entry_of_no_line_has_no_span():
    assert entry_spans("1 X\n", [Entry(0, BOLSHACK), Entry(9, BOLSHACK)]) == [
        (Entry(0, BOLSHACK), None),
        (Entry(9, BOLSHACK), None),
    ]
