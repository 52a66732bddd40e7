"""Lines, columns and edits as the protocol counts them (duepa_check.lsp.positions), without a server."""

from __future__ import annotations

import pytest

from duepa_check.lsp.positions import (
    UTF8,
    UTF16,
    UTF32,
    Span,
    apply_change,
    choose_encoding,
    client_range,
    from_client,
    lines_of,
    to_client,
)

OUTSIDE_BMP = "ピー・タンパン／「はいちゃダメ💢」"  # a card of the pool with a character outside the BMP


def test_a_client_that_names_no_encoding_gets_utf16_and_the_first_one_we_speak_wins():
    assert choose_encoding(None) == choose_encoding([]) == UTF16
    assert choose_encoding(["utf-8", "utf-16"]) == UTF8
    assert choose_encoding(["ucs-2", "utf-32"]) == UTF32


@pytest.mark.parametrize(("encoding", "end"), [(UTF8, len(OUTSIDE_BMP.encode()) + 2), (UTF16, 20), (UTF32, 19)])
def test_a_name_outside_the_bmp_ends_where_each_encoding_counts(encoding, end):
    line = f"1 {OUTSIDE_BMP}"
    span = Span(0, 2, 0, len(line))
    assert client_range([line], span, encoding) == (0, 2, 0, end)
    assert from_client(line, end, encoding) == len(line)  # and back


@pytest.mark.parametrize("encoding", [UTF8, UTF16])
def test_a_column_inside_a_character_goes_to_its_start(encoding):
    line = "a💢b"
    inside = 2 if encoding == UTF16 else 3  # the second half of the surrogate pair, a byte inside the emoji
    assert from_client(line, inside, encoding) == 1
    assert from_client(line, 10**6, encoding) == len(line)  # past the end: the end
    assert from_client(line, -3, encoding) == 0


def test_lines_break_at_crlf_cr_and_lf_only():
    text = "a\r\nb\x0cc\rd\ne\u2028f"
    assert lines_of(text) == ["a", "b\x0cc", "d", "e\u2028f"]


@pytest.mark.parametrize("encoding", [UTF8, UTF16, UTF32])
def test_edits_in_each_encoding_and_on_crlf_lines(encoding):
    text = f"1 {OUTSIDE_BMP}\r\n2 x\r\n"
    end = to_client(f"1 {OUTSIDE_BMP}", len(f"1 {OUTSIDE_BMP}"), encoding)
    assert apply_change(text, (0, end, 0, end), "!", encoding) == f"1 {OUTSIDE_BMP}!\r\n2 x\r\n"
    assert apply_change(text, (0, 0, 1, 1), "9", encoding) == "9 x\r\n"
    assert apply_change(text, (1, 99, 1, 99), "y", encoding) == f"1 {OUTSIDE_BMP}\r\n2 xy\r\n"  # past the line's end
    assert apply_change(text, (9, 0, 9, 0), "z", encoding) == text + "z"  # past the document's end
    assert apply_change(text, None, "new", encoding) == "new"
