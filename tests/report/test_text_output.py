"""The text report: rich on a terminal, a plain box table elsewhere, both saying the same things."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from support import AS_OF, BD4, BD6, BROKEN, make_deck, run, table_rows

from duepa_check.report.boxtable import box_table, cell_width


@pytest.fixture
def broken(tmp_path):
    return make_deck(tmp_path, BD4, replace=BROKEN, name="broken.txt")


# ---------------------------------------------------------------------------- boxtable


def test_cell_width_counts_wide_characters_twice():
    assert cell_width("DP005") == 5
    assert cell_width("火 自然") == 7
    assert cell_width("《ボルシャック・ドラゴン》") == 26
    assert cell_width("e\u0301") == 1  # a combining accent takes no column


def test_box_table_lines_are_all_as_wide_as_each_other():
    text = box_table(("rule", "card"), [("DP005", "フェアリー・シャワー"), ("DP100", "x")], title="t")
    lines = text.splitlines()
    assert lines[0].strip() == "t"
    widths = {cell_width(line) for line in lines[1:]}
    assert len(widths) == 1, text
    assert lines[1].startswith("┏") and lines[3].startswith("┡") and lines[-1].startswith("└")
    assert [c.strip() for c in lines[4].split("│")[1:-1]] == ["DP005", "フェアリー・シャワー"]


def test_box_table_never_wraps_a_long_cell():
    long = "あ" * 300
    lines = box_table(("problem",), [(long,)]).splitlines()
    assert len(lines) == 5
    assert long in lines[3]


# ---------------------------------------------------------------------------- off a terminal


def test_off_a_terminal_each_problem_is_one_line_path_line_rule_message_hint(capsys, broken):
    """As ruff, yamllint and pre-commit-hooks print (issue 47): a commit log or a CI log shows it whole."""
    result = run(capsys, broken, "--as-of", AS_OF)
    assert result.code == 1
    lines = result.out.splitlines()
    assert [line.split(" ", 2)[:2] for line in lines[:3]] == [
        [f"{broken}:30:", "DP005"],
        [f"{broken}:32:", "DP100"],
        [f"{broken}:33:", "DP002"],
    ]
    assert lines[1] == (
        f"{broken}:32: DP100 《ボルシャック・ドラゴソ》 matches no card "
        "(hint: did you mean 《ボルシャック・ドラゴン》, "
        "《ボルシャック・ドラゴン／決闘者・チャージャー》, 《ボルシャック・ドギラゴン》?)"
    )
    assert (
        lines[3]
        == f"{broken}  partner 《ボルシャック・ドラゴ大王》 火 自然  cards 60  ✘ not legal (3 errors, 0 warnings)"
    )
    assert lines[4:] == [f"regulation as of {AS_OF} (data up to {AS_OF}, embedded)"]
    assert not any(mark in result.out for mark in "┏│└\x1b")
    assert run(capsys, broken, "--as-of", AS_OF, "--format", "lines").out == result.out  # the option, anywhere


def test_the_table_off_a_terminal_has_one_line_per_problem(capsys, broken):
    result = run(capsys, broken, "--as-of", AS_OF, "--format", "table")
    assert result.code == 1
    rows = table_rows(result.out)
    assert [(r[0], r[1]) for r in rows] == [("DP005", "30"), ("DP100", "32"), ("DP002", "33")], result.out
    by_rule = {r[0]: r for r in rows}
    assert by_rule["DP005"][2] == "フェアリー・シャワー"
    assert "火" in by_rule["DP005"][4] and "自然" in by_rule["DP005"][4]  # hint: what the partner allows
    assert "ボルシャック・ドラゴン" in by_rule["DP100"][4]  # hint: the closest names
    lines = result.out.splitlines()
    assert lines[0] == f"{broken}  partner 《ボルシャック・ドラゴ大王》 火 自然  cards 60"
    assert "✘ not legal (3 errors, 0 warnings)" in lines
    assert lines[-1] == f"regulation as of {AS_OF} (data up to {AS_OF}, embedded)"
    assert "\x1b[" not in result.out


def test_plain_report_for_a_legal_deck_has_no_table(capsys, tmp_path):
    deck = make_deck(tmp_path, BD6)
    result = run(capsys, deck, "--as-of", AS_OF)
    assert result.code == 0
    assert result.out.splitlines() == [
        f"{deck}  partner 《偽神殺しのツラトゥストラ》 光 闇 火  cards 60  ✔ legal (0 errors, 0 warnings)",
        f"regulation as of {AS_OF} (data up to {AS_OF}, embedded)",
    ]
    result = run(capsys, deck, "--as-of", AS_OF, "--format", "table")
    assert result.out.splitlines() == [
        f"{deck}  partner 《偽神殺しのツラトゥストラ》 光 闇 火  cards 60",
        "✔ legal (0 errors, 0 warnings)",
        f"regulation as of {AS_OF} (data up to {AS_OF}, embedded)",
    ]


def test_terminal_and_plain_reports_say_the_same(capsys, monkeypatch, broken, tmp_path):
    legal = make_deck(tmp_path, BD6, name="legal.txt")
    plain = run(capsys, broken, legal, "--as-of", AS_OF, "--format", "table").out
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    monkeypatch.setenv("COLUMNS", "400")  # wide enough that rich wraps nothing either
    rich = run(capsys, broken, legal, "--as-of", AS_OF, "--no-color").out
    assert rich == run(capsys, broken, legal, "--as-of", AS_OF, "--no-color", "--format", "table").out
    assert rich != plain  # a different drawing (rich pads the summary title, for one)...
    assert table_rows(rich) == table_rows(plain)  # ...of the same problems and summary rows
    assert [line for line in rich.splitlines() if line[:1] not in "┏┃┡│└ "] == [
        line for line in plain.splitlines() if line[:1] not in "┏┃┡│└ "
    ]


def test_text_off_a_terminal_does_not_import_rich(tmp_path):
    deck = make_deck(tmp_path, BD4, replace=BROKEN)
    code = (
        "import sys\n"
        "from duepa_check.cli import main\n"
        f"status = main(['--as-of', '{AS_OF}', {str(deck)!r}])\n"
        "sys.stderr.write(' '.join(m for m in sys.modules if m.split('.')[0] == 'rich'))\n"
        "sys.exit(status)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, encoding="utf-8")
    assert done.returncode == 1, done.stderr
    assert "DP005" in done.stdout
    assert done.stderr == "", f"rich was imported: {done.stderr}"


def test_terminal_text_is_drawn_by_rich_with_colour(capsys, monkeypatch, broken):
    monkeypatch.setenv("FORCE_COLOR", "1")
    out = run(capsys, broken, "--as-of", AS_OF).out
    assert re.search(r"\x1b\[[0-9;]*m", out)
    assert "DP005" in out


@pytest.mark.parametrize(
    ("environment", "terminal"),
    [
        ({"TTY_COMPATIBLE": "1"}, True),
        ({"TTY_COMPATIBLE": "0", "FORCE_COLOR": "1"}, False),
        ({"FORCE_COLOR": "1"}, True),
        ({"FORCE_COLOR": ""}, False),
        ({}, False),
    ],
)
def test_terminal_is_decided_as_rich_decides_it(monkeypatch, environment, terminal):
    from duepa_check.cli import output as cli_output

    for name in ("TTY_COMPATIBLE", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert cli_output.on_terminal() is terminal  # stdout is captured by pytest: never a real terminal here


def test_plain_report_shows_control_characters_harmlessly(capsys, tmp_path):
    deck = make_deck(tmp_path, BD4, replace={30: "1 \x1b[31mボルシャック\x07\x9b"})
    lines = run(capsys, deck, "--as-of", AS_OF).out
    assert (
        not any(c in lines for c in "\x1b\x07\x9b")
        and f"{deck}:30: DP102 1 \ufffd[31mボルシャック\ufffd\ufffd: line 30: " in lines
    )
    result = run(capsys, deck, "--as-of", AS_OF, "--format", "table")
    assert result.code == 1
    assert not any(c in result.out for c in "\x1b\x07\x9b")
    row = next(r for r in table_rows(result.out) if r[0] == "DP102")
    assert row[1] == "30" and "\ufffd[31mボルシャック\ufffd\ufffd" in row[2]


def test_summary_line_counts_in_words(capsys, tmp_path):
    one_error = make_deck(tmp_path, BD4, replace={30: "1 フェアリー・シャワー"}, name="a.txt")
    legal = make_deck(tmp_path, BD6, name="b.txt")
    out = run(capsys, one_error, legal, "--as-of", AS_OF).out
    assert "2 decks: 1 legal, 1 error, 0 warnings" in out.splitlines()
    assert out.splitlines()[1].endswith("✘ not legal (1 error, 0 warnings)")


PRINTABLE = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=20)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(PRINTABLE, PRINTABLE), max_size=6), st.one_of(st.none(), PRINTABLE))
@example(rows=[("DP005", "フェアリー・シャワー")], title=" ")  # a blank title adds no line
def test_box_table_rows_line_up_for_any_text(rows, title):
    lines = box_table(("rule", "card"), rows, title=title).splitlines()
    body = lines[1:] if title and title.strip() else lines
    assert len(body) == len(rows) + 4  # top, header, rule under it, the rows, bottom: one line each
    assert len({cell_width(line) for line in body}) == 1
    if not any("│" in a + b for a, b in rows):  # a cell holding the column rule cannot be split back
        assert [[c.strip() for c in line.split("│")[1:-1]] for line in body[3:-1]] == [
            [a.strip(), b.strip()] for a, b in rows
        ]
