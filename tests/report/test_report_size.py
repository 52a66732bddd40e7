"""The text report stays in proportion to the list it is about: at most three times its size.

A finding about many lines names twelve of them and says how many more; a deck with more problems
than fit lists the first ones and counts the rest; the lines layout (the text report off a
terminal) pads nothing. (``--format table`` lists as many problems, each row padded to the widest:
a table.) Inputs built to blow a report up: a thousand one-letter unknown names, one card on a
thousand lines, long unknown names, other decks' cards off-colour, in both languages.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import AS_OF, BD4, BD6, deck_lines, run

CARDS = [line for line in deck_lines(BD6) if line.startswith("1 ")]  # off-colour beside BD4's partner
FLOOR = 4_096 + 1_024  # a short list's report may take its problems' floor and its own lines


def _lines_of(kind: str, count: int, seed: int) -> list[str]:
    if kind == "short unknown":
        return [f"1 x{seed + i}" for i in range(count)]
    if kind == "long unknown":
        return [f"1 {'あいうえおかきくけこ'[(seed + i) % 10] * 12}{seed + i}" for i in range(count)]
    if kind == "one card":
        return ["1 ボルシャック・ドラゴン"] * count
    if kind == "remarks":
        return [f"※メモ{seed + i}、あとで見直す。" for i in range(count)]
    return [CARDS[(seed + i) % len(CARDS)] for i in range(count)]


KINDS = ["short unknown", "long unknown", "one card", "remarks", "off-colour"]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    parts=st.lists(
        st.tuples(st.sampled_from(KINDS), st.integers(1, 500), st.integers(0, 10_000)), min_size=1, max_size=3
    ),
    lang=st.sampled_from(["ja", "en"]),
    layout=st.sampled_from(["lines", "text"]),  # text off a terminal: the lines (a table pads its rows)
    partner=st.booleans(),
)
def test_a_report_is_at_most_three_times_its_list(tmp_path, capsys, parts, lang, layout, partner):
    lines = deck_lines(BD4)[:4] if partner else []
    for kind, count, seed in parts:
        lines += _lines_of(kind, count, seed)
    deck = tmp_path / "deck.txt"
    deck.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run(capsys, deck, "--as-of", AS_OF, "--format", layout, "--lang", lang)
    size = deck.stat().st_size
    assert "Traceback" not in result.err and result.code in (0, 1)
    assert len(result.out.encode("utf-8")) <= max(3 * size, FLOOR), (size, len(result.out.encode("utf-8")))


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_problems_not_listed_are_counted(tmp_path, capsys, lang):
    """1,000 unknown names (7 KB): the first ones listed, the rest counted; the verdict counts all."""
    deck = tmp_path / "deck.txt"
    deck.write_text("".join(f"1 x{i}\n" for i in range(1000)), encoding="utf-8")
    result = run(capsys, deck, "--as-of", AS_OF, "--lang", lang)
    listed = [line for line in result.out.splitlines() if " DP100 " in line]
    assert 50 < len(listed) < 1000
    more = {"en": rf"{1000 - len(listed)} more problems not listed \(only the first \d+ are\)"}
    more["ja"] = rf"ほかに{1000 - len(listed)}件の問題があります（表示したのは最初の\d+件です）"
    assert re.search(more[lang], result.out)
    assert ("1002 errors" if lang == "en" else "エラー1002件") in result.out


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "is in the deck 1000 times (lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 and 988 more)"),
        ("ja", "がデッキに1000枚入っています（1、2、3、4、5、6、7、8、9、10、11、12…（ほか988）行目）"),
    ],
)
def test_a_finding_about_many_lines_names_twelve(tmp_path, capsys, lang, said):
    deck = tmp_path / "deck.txt"
    deck.write_text("1 ボルシャック・ドラゴン\n" * 1000, encoding="utf-8")
    result = run(capsys, deck, "--as-of", AS_OF, "--lang", lang, "--format", "json")
    messages = [v["message"] for v in result.json["decks"][0]["violations"] if v["rule"] == "DP002"]
    assert messages and said in messages[0] and set(messages) == {messages[0]}  # one a line beyond the first


def test_twelve_lines_are_all_named(tmp_path, capsys):
    deck = tmp_path / "deck.txt"
    deck.write_text("1 ボルシャック・ドラゴン\n" * 12, encoding="utf-8")
    result = run(capsys, deck, "--as-of", AS_OF, "--format", "json")
    messages = [v["message"] for v in result.json["decks"][0]["violations"] if v["rule"] == "DP002"]
    assert "(lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)" in messages[0]
