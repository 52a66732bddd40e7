"""Hostile text on screen, round 4 (issue 39.7, 39.8): no control character from the input reaches
the reader's terminal, in any field of any output format, drawn by rich as on a terminal or not,
and no bidi control reorders what a report shows.

Generated, not picked: every C0 and C1 control, DEL, ESC sequences that act (OSC 52 writes the
clipboard, CSI 2J clears the screen, CSI 1A/2K erase the rows above) and every bidi control, each
in a card line, a partner line, a file name, a sheet's player, partner, time and deck cells, the
file name of ``stats`` and ``partners``, and ``card``'s query. What may reach the output: rich's
own colour sequences (SGR, on a terminal), newlines, and the visible forms: U+FFFD for a control
in a cell (as the plain drawing has shown it since issue 13), ``\\x1b`` / ``\\u202e`` escapes in
names (``printable``).
"""

from __future__ import annotations

import json
import re

import pytest
from support import AS_OF, deck_lines, run

from duepa_check.data.pool import CardPool
from duepa_check.printable import printable

C0 = [chr(code) for code in range(0x20)]
C1 = [chr(code) for code in range(0x7F, 0xA0)]  # DEL, then the C1 controls (0x9B: CSI in one byte)
SEQUENCES = ["\x1b]52;c;aGVsbG8=\x07", "\x1b[2J", "\x1b[1A\x1b[2K", "\x1b]8;;https://example.com\x1b\\", "\x9b2J"]
BIDI = [chr(code) for code in (0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))]
MARKUP = "[bold]x[/bold] [/] [link=https://example.com]y"  # rich markup typed in a decklist: shown as typed

# What may not reach a terminal: C0 but the newline, DEL, C1, line and paragraph separators, bidi controls.
UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029" + "".join(BIDI) + "]")
RICH_SGR = re.compile(r"\x1b\[[0-9;]*m")  # rich's own colours and bold, on a terminal


def assert_harmless(output: str, terminal: bool) -> None:
    shown = RICH_SGR.sub("", output) if terminal else output
    found = UNSAFE.search(shown)
    assert found is None, repr(shown[max(0, found.start() - 60) : found.end() + 20])


def _in_line(value: str) -> str:
    """``value`` as a deck line can hold it: a line break (LF, CR) would only start a new line."""
    return value.replace("\n", "").replace("\r", "") or "x"


def every_hostile_value() -> list[str]:
    return [*C0, *C1, *SEQUENCES, *BIDI, MARKUP]


FORMATS = [("text", False), ("text", True), ("json", False), ("github", False), ("sarif", False), ("html", False)]


@pytest.fixture(autouse=True)
def _no_close_name_search(monkeypatch):
    """Close names come from the pool, never from the input: searching them (a tenth of a second a
    name) would only make these runs slow."""
    monkeypatch.setattr(CardPool, "suggest", lambda self, key, limit=3: [])


def _run_check(capsys, monkeypatch, args: list, output: str, terminal: bool):
    if terminal:
        monkeypatch.setenv("TTY_COMPATIBLE", "1")  # rich draws as on a terminal (colours, wrapping)
    else:
        monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    result = run(capsys, *args, "--format", output, "--as-of", AS_OF)
    assert "Traceback" not in result.err
    return result


@pytest.mark.parametrize(("output", "terminal"), FORMATS, ids=[f"{o}{'-tty' if t else ''}" for o, t in FORMATS])
def test_no_control_from_a_folder_of_hostile_decks_reaches_the_output(capsys, monkeypatch, tmp_path, output, terminal):
    """One deck a value: in its file name, its partner line and a card line (two folders of fewer
    than 50: more draw a progress bar on a terminal, whose own controls would hide the input's)."""
    folders = [tmp_path / "a", tmp_path / "b"]  # each checked on its own
    for folder in folders:
        folder.mkdir()
    for number, value in enumerate(every_hostile_value()):
        name = value.replace("/", "").replace("\0", "") or "x"
        line = _in_line(value)
        deck = [f"パートナー: ボルシャック{line}ドラゴ大王", f"1 ボルシャック・{line}ドラゴン", *deck_lines()[4:20]]
        (folders[number % 2] / f"{number:03d}{name}.txt").write_text("\n".join(deck) + "\n", encoding="utf-8")
    outs = []
    for folder in folders:
        result = _run_check(capsys, monkeypatch, [folder], output, terminal)
        assert result.code in (1, 2)
        assert_harmless(result.out, terminal)
        assert_harmless(result.err, False)
        outs.append(result.out)
    if output == "text":
        assert "[bold]x[/bold] [/] [link=https://example.com]y" in "".join(outs)  # markup shown, never obeyed
    if output == "json":  # values as typed: JSON escapes them, the parsed value is the input
        decks = [deck for out in outs for deck in json.loads(out)["decks"]]
        assert any("\x9b2J" in (v["card"] or "") for deck in decks for v in deck["violations"])


@pytest.mark.parametrize(("output", "terminal"), FORMATS, ids=[f"{o}{'-tty' if t else ''}" for o, t in FORMATS])
def test_no_control_from_a_hostile_sheet_reaches_the_output(capsys, monkeypatch, tmp_path, output, terminal):
    """One row a value: in the player, partner, time and deck cells."""
    rows = ["タイムスタンプ,お名前,パートナー,デッキリスト"]
    cards = "\n".join(deck_lines()[4:12])
    for number in range(40):  # clean rows first: the file's first 4 KB decide whether it is text at all
        rows.append(f'2026/11/28 10:00:{number:02d},clean{number},ボルシャック・ドラゴ大王,"{cards}"')
    for number, value in enumerate(every_hostile_value()):
        if value == "\0":
            continue  # a NUL makes the whole file binary (one line, tested with the other binary files)
        cell = _in_line(value).replace('"', "")
        rows.append(
            f"2026/11/28 11:{number // 60:02d}:{number % 60:02d}{cell},p{number}{cell},"
            f'ボルシャック{cell}ドラゴ大王,"1 ボルシャック・{cell}ドラゴン\n{cards}"'
        )
    sheet = tmp_path / "responses.csv"
    sheet.write_text("\n".join(rows) + "\n", encoding="utf-8")
    result = _run_check(capsys, monkeypatch, [sheet], output, terminal)
    assert result.code in (1, 2) and "binary" not in result.err
    assert_harmless(result.out, terminal)
    assert_harmless(result.err, False)


HOSTILE_NAME = "".join(value for value in every_hostile_value() if value not in ("/", "\0"))


@pytest.mark.parametrize("terminal", [False, True], ids=["plain", "tty"])
@pytest.mark.parametrize(
    "command",
    [["stats"], ["stats", "--format", "json"], ["partners", "--pool"], ["partners", "--format", "json"]],
    ids=" ".join,
)
def test_no_control_from_a_file_name_or_a_line_reaches_stats_or_partners(
    capsys, monkeypatch, tmp_path, command, terminal
):
    (tmp_path / f"d{HOSTILE_NAME.replace('/', '')}.txt").write_text(
        "パートナー: ボルシャック・ドラゴ大王\n" + "\n".join(deck_lines()[4:30]) + "\n", encoding="utf-8"
    )
    (tmp_path / f"e{HOSTILE_NAME.replace('/', '')}.txt").write_text(
        "パートナー: ボルシャック・ドラゴ大王\n1 ボルシャック・\x1b[2Jドラゴン\n1 \u202eクッャシルボ\n",
        encoding="utf-8",
    )
    for deck in sorted(tmp_path.glob("*.txt")):
        if terminal:
            monkeypatch.setenv("TTY_COMPATIBLE", "1")
        result = run(capsys, command[0], deck, *command[1:], *(["--as-of", AS_OF] if command[0] == "partners" else []))
        assert "Traceback" not in result.err
        assert_harmless(result.out, terminal and "json" not in command)
        assert_harmless(result.err, terminal)  # stats explains a deck it cannot count on stderr, with rich


@pytest.mark.parametrize("terminal", [False, True], ids=["plain", "tty"])
@pytest.mark.parametrize("extra", [[], ["--format", "json"]], ids=["text", "json"])
def test_no_control_from_a_card_query_reaches_the_output(capsys, monkeypatch, terminal, extra):
    if terminal:
        monkeypatch.setenv("TTY_COMPATIBLE", "1")
    for query in (f"ボルシャック{HOSTILE_NAME}", "ボルシャック・\x1b[2Jドラゴン", "\u202eクッャシルボ"):
        result = run(capsys, "card", query, *extra)
        assert "Traceback" not in result.err
        assert_harmless(result.out, terminal and not extra)
        assert_harmless(result.err, False)


# ---------------------------------------------------------------------------- bidi controls (39.8)


@pytest.mark.parametrize("control", BIDI, ids=lambda c: f"U+{ord(c):04X}")
def test_printable_writes_every_bidi_control_as_an_escape(control):
    assert printable(f"a{control}b") == f"a\\u{ord(control):04x}b"


def test_the_bidi_controls_printable_knows_are_these():
    from duepa_check.printable import BIDI_CONTROLS

    assert sorted(BIDI_CONTROLS) == BIDI


def test_a_reversed_name_is_not_shown_as_the_card_it_spells_backwards(capsys, tmp_path):
    """`1 ‮クッャシルボ` drawn by a bidi-aware viewer reads 《ボルシャック》: every report names the control."""
    deck = tmp_path / "deck.txt"
    deck.write_text("パートナー: ボルシャック・ドラゴ大王\n1 \u202eクッャシルボ\n", encoding="utf-8")
    for output in ("text", "github", "sarif", "html"):
        out = run(capsys, deck, "--format", output, "--as-of", AS_OF).out
        assert "\u202e" not in out and "\\u202eクッャシルボ" in out, output
    document = run(capsys, deck, "--format", "json", "--as-of", AS_OF).json  # the value is the input, escaped
    assert document["decks"][0]["violations"][-1]["card"] == "\u202eクッャシルボ"
