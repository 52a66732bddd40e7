"""The server's logic without a server (duepa_check.lsp.session, documents, diagnostics): which
document is checked when, and where each finding goes."""

from __future__ import annotations

from datetime import date

from support import AS_OF, BD4, BROKEN, deck_lines

from duepa_check.lsp.completion import typed_span
from duepa_check.lsp.data import load
from duepa_check.lsp.diagnostics import INFORMATION
from duepa_check.lsp.documents import LARGE, SMALL, TOO_LARGE, TYPING_LIMIT, size_class, uri_path
from duepa_check.lsp.session import CHANGE, SAVE, Session

_SESSION = Session("en", load)
_SESSION.configure({"asOf": AS_OF})


def _broken() -> str:
    lines = deck_lines(BD4)
    for number, line in BROKEN.items():
        lines[number - 1] = line
    lines.insert(3, "アクア・サーファー,フェアリー・シャワー")  # two entries on one line
    return "\n".join(lines) + "\n"


def test_each_finding_covers_the_name_as_written_and_a_deck_finding_the_first_line(tmp_path):
    document = _SESSION.documents.open((tmp_path / "deck.txt").as_uri(), _broken(), 3)
    found = _SESSION.check(document)
    assert document.checked[0] == 3 and not document.dirty
    shown = [(d.code, d.span.line, document.lines[d.span.line][d.span.start : d.span.end]) for d in found]
    assert ("DP001", 0, document.lines[0].strip()) in shown  # 64 cards: the whole deck, on line 1
    assert ("DP005", 30, "フェアリー・シャワー") in shown
    assert ("DP100", 32, "ボルシャック・ドラゴソ") in shown
    on_line_4 = [d.span for d in found if d.span.line == 3 and d.code == "DP005"]
    assert len(on_line_4) == 2 and on_line_4[0].end < on_line_4[1].start  # in order, each its own name


def test_which_document_is_checked_when():
    assert size_class("x" * 100) == SMALL
    assert size_class("x" * (TYPING_LIMIT + 1)) == LARGE
    assert size_class("あ" * 400_000) == TOO_LARGE  # 1.2 MB in UTF-8
    session = Session("en", load)
    small = session.documents.open("untitled:Untitled-1", "1 x\n", 1)
    large = session.documents.open("file:///decks/big.txt", "1 x\n" * 20_000, 1)
    assert session.wants_check(small, CHANGE) and not session.wants_check(large, CHANGE)
    assert session.wants_check(large, SAVE)
    session.configure({"run": "onSave"})
    assert not session.wants_check(small, CHANGE)
    assert uri_path("untitled:Untitled-1").name == "Untitled-1"
    assert str(uri_path("file:///decks/a%20b.txt")) == "/decks/a b.txt"


def test_a_large_document_says_so_and_one_too_large_is_not_checked():
    session = Session("ja", load)
    session.configure({"asOf": AS_OF})
    large = session.documents.open("file:///decks/big.txt", _broken() + "# 埋め草\n" * 8000, 1)
    found = session.check(large)
    assert found[0].severity == INFORMATION and "64 KB" in found[0].message
    assert any(d.code == "DP005" for d in found)
    huge = session.documents.open("file:///decks/huge.txt", "あ" * 400_000, 1)
    found = session.check(huge)
    assert [(d.severity, d.code) for d in found] == [(INFORMATION, None)] and "MB" in found[0].message


def test_a_settings_change_drops_the_checkers_and_the_date_is_today_by_default():
    session = Session("en", load)
    assert session.checker().options.as_of == date.today()
    first = session.checker()
    assert session.checker() is first
    session.configure({"asOf": "2026-01-01"})
    assert session.checker() is not first and session.checker().options.as_of == date(2026, 1, 1)
    kept = session.checker()
    session.house_rules_changed()
    assert session.checker() is not kept


def test_where_a_name_is_being_typed():
    assert typed_span("1 ぼるしゃ", 6) == (2, "ぼるしゃ")
    assert typed_span("1x ボル", 5) == (3, "ボル")
    assert typed_span("×ボル", 3) == (1, "ボル")
    assert typed_span("パートナー: ぼる", 9) == (7, "ぼる")
    assert typed_span("【Partner】：bols", 14) == (10, "bols")
    assert typed_span("メモ 《ぼる", 6) == (4, "ぼる")
    assert typed_span("メモ 《ぼる》 あと", 10) is None or typed_span("メモ 《ぼる》 あと", 10)[1] != "ぼる"
    assert typed_span("# メモ", 4) is None


def test_past_the_reports_cap_one_information_line_says_how_many_more():
    session = Session("en", load)
    text = "パートナー: ボルシャック・ドラゴ大王\n" + "".join(f"1 ないカード{n}\n" for n in range(600))
    found = session.check(session.documents.open("file:///decks/many.txt", text, 1))
    assert len(found) == 501 and found[-1].severity == INFORMATION
    assert found[-1].message.startswith("10") and "more problems not listed" in found[-1].message


def test_prose_gets_no_diagnostics_unless_the_setting_says_every_text():
    from duepa_check.lsp.data import is_decklist

    session = Session("en", load, is_decklist)
    readme = "# My decks\n\nThis folder holds the decks I play on Fridays.\nAsk me about them.\n"
    document = session.documents.open("file:///decks/README.md", readme, 1)
    assert session.check(document) == []
    deck = session.documents.open("file:///decks/deck.txt", _broken(), 1)
    assert session.check(deck)
    session.configure({"onlyDecklists": False})
    assert session.check(document)
