"""A terminal of any width, down to 40 columns, draws the report with no token cut (issue 47, §2).

The problems' table is drawn when its columns fit with no word of a cell cut (rich's own measure
of each cell); else each problem is a block: the rule, the line and the card, then the message and
the hint below. The summary table does the same. Japanese breaks between phrases, so a word
(内蔵データ, プレミアム殿堂, 60枚, 41行目) is never cut: at 80 columns the table showed "60" at the end
of one line and "枚です" on the next, and "カー|ド" in a cell of 40 columns.

Each width's drawing is checked against the unwrapped report (the same run at 1,000 columns): every
token there (a card name's word, a path, a date, a rule id, a count with its unit, a word of kanji
and katakana) is whole on one line here, as many times.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from rich.cells import cell_len
from support import BD4, BD6, make_deck, run

from duepa_check.messages import catalogue

TOKEN = re.compile(
    r"\d+(?:枚|行|か月)"  # a count with its unit
    r"|[A-Za-z0-9][A-Za-z0-9_./:-]*"  # a word, a path, a date, a rule id, an option's word
    r"|[ァ-ヺーヽヾ一-鿿々〆ヶ]+"  # a word of kanji and katakana (内蔵データ, プレミアム殿堂)
)

DECKS = {  # broken the ways that give long cells: long card names, suggestions, twinpacts, several problems
    "decks/many.txt": (
        BD4,
        {
            30: "1 フェアリー・シャワー",
            31: "1 龍の呼び声",
            32: "1 ボルシャック・ドラゴソ",
            33: "1 龍の呼び声",
            34: "1 天地命動 バラギアラ",
            36: "1 ＧＲの犬 ワンワンワン",
            38: "!!!!",
            42: "1000 ガルチェンソ・ドラゴン",
        },
    ),
    "decks/premium.txt": (
        BD4,
        {30: "1 【今すぐ】うわっ…相手の攻撃止めすぎ…？【クリック】", 31: "1 無双竜機ボルバルザーク"},
    ),
    "decks/spell-partner.txt": (BD4, {2: "パートナー: フェアリー・シャワー", 30: "1 ボルシャック・ドラゴ大王"}),
    "decks/legal.txt": (BD6, {}),
}


@pytest.fixture
def decks(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name, (base, replace) in DECKS.items():
        make_deck(tmp_path, base, replace=replace, name=name)
    return list(DECKS)


def drawn(capsys, monkeypatch, decks, lang: str, columns: int) -> str:
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    monkeypatch.setenv("COLUMNS", str(columns))
    done = run(capsys, *decks, "--as-of", "2027-01-01", "--lang", lang, "--no-color")
    assert done.code == 1, done.err
    return done.out


def tokens(text: str, ignore: set[str]) -> Counter:
    """The tokens of each line. "30行目" counts as "30", the number a table's line column shows, and
    "エラー1件" as "1", what its errors column shows (a cut "1|件" leaves a token "件" of its own)."""
    return Counter(
        token
        for line in text.splitlines()
        for token in TOKEN.findall(re.sub(r"(\d+)(?:行目|件)", r"\1", line.strip("│┃ ")))
        if token not in ignore
    )


@pytest.mark.parametrize("columns", [40, 60, 80, 120])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_no_token_is_cut_at_any_width(capsys, monkeypatch, decks, lang, columns):
    unwrapped = drawn(capsys, monkeypatch, decks, lang, 1000)
    out = drawn(capsys, monkeypatch, decks, lang, columns)
    assert max(cell_len(line) for line in out.splitlines()) <= columns
    words = catalogue(lang)
    labels = {  # the table's column titles and the blocks' labels: words of the layout, not of the report
        token
        for key, value in words.items()
        if key.startswith(("column.", "report.stacked."))
        for token in TOKEN.findall(value)
    }
    expected, found = tokens(unwrapped, labels), tokens(out, labels)
    cut = {token: count for token, count in expected.items() if found[token] < count}
    assert cut == {}, [line for line in out.splitlines() if any(t[:2] in line for t in cut)][:20]
    assert set(found) <= set(expected), set(found) - set(expected)  # no piece of a cut token


def test_a_narrow_terminal_stacks_the_problems_and_a_wide_one_draws_the_table(capsys, monkeypatch, decks):
    narrow = drawn(capsys, monkeypatch, decks[2:], "ja", 40)
    assert "┏" not in narrow and "│" not in narrow
    assert re.search(r"^DP004  2行目  フェアリー・シャワー$", narrow, re.M), narrow
    assert re.search(r"^  ヒント: ", narrow, re.M)
    assert [line for line in narrow.splitlines() if line != line.rstrip()] == []  # copied, no line ends in spaces
    wide = drawn(capsys, monkeypatch, decks[2:], "ja", 160)
    assert "┏" in wide and "DP004" in wide


@pytest.mark.parametrize("columns", [40, 60, 80])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_partners_view_cuts_no_token_either(capsys, monkeypatch, tmp_path, lang, columns):
    """`duepa-check partners` stacks its candidates, a candidate a line, when its table does not fit."""
    monkeypatch.chdir(tmp_path)
    deck = make_deck(tmp_path, BD4, name="decks/DM23-BD4.txt").relative_to(tmp_path)  # a path a line can hold
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    monkeypatch.setenv("NO_COLOR", "1")
    views = {}
    for width in (1000, columns):
        monkeypatch.setenv("COLUMNS", str(width))
        done = run(capsys, "partners", deck, "--lang", lang, "--as-of", "2026-03-16")
        assert done.code == 0, done.err
        views[width] = re.sub(r"\x1b\[[0-9;]*m", "", done.out)
    labels = {
        token for key, value in catalogue(lang).items() if key.startswith("column.") for token in TOKEN.findall(value)
    }
    expected, found = tokens(views[1000], labels), tokens(views[columns], labels)
    assert max(cell_len(line) for line in views[columns].splitlines()) <= columns
    assert {token: count for token, count in expected.items() if found[token] < count} == {}
    assert set(found) <= set(expected), set(found) - set(expected)
