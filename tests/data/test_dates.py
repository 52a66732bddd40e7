"""Dates as people write them: one reader for --as-of and the house rules (issue 36; design.md,
fourth wave: YYYY-MM-DD, YYYY/MM/DD or YYYY.MM.DD)."""

from __future__ import annotations

from datetime import date

import pytest
from support import AS_OF, BD4, make_deck, run

from duepa_check.data.dates import parse_day


@pytest.mark.parametrize(
    "typed", ["2026-03-16", "2026/03/16", "2026.03.16", "2026/3/16", "２０２６／０３／１６", " 2026.3.16 "]
)
def test_a_date_in_any_accepted_form(typed):
    assert parse_day(typed) == date(2026, 3, 16)


@pytest.mark.parametrize("typed", ["2026-03/16", "2026/02/30", "16/03/2026", "2026年3月16日", "20260316", "", "2026-3"])
def test_what_is_no_date(typed):
    assert parse_day(typed) is None


def test_as_of_takes_the_slash_and_dot_forms(capsys, tmp_path):
    deck = make_deck(tmp_path, BD4)
    iso = run(capsys, deck, "--format", "json", "--as-of", AS_OF)
    for typed in (AS_OF.replace("-", "/"), AS_OF.replace("-", ".")):
        other = run(capsys, deck, "--format", "json", "--as-of", typed)
        assert other.code == iso.code == 0 and other.json == iso.json


def test_a_bad_date_says_the_forms(capsys, tmp_path):
    deck = make_deck(tmp_path, BD4)
    result = run(capsys, deck, "--as-of", "2026-13-01")
    assert result.code == 2 and "YYYY-MM-DD (or YYYY/MM/DD, YYYY.MM.DD)" in result.err
    assert "YYYY/MM/DD" in run(capsys, deck, "--as-of", "someday", "--lang", "ja").err


@pytest.mark.parametrize("written", ["2026/07/01", "2026.07.01", "'2026/7/1'"])
def test_house_rule_dates_take_the_same_forms(capsys, tmp_path, written):
    deck = make_deck(tmp_path, BD4)
    (tmp_path / ".duepa-check.yaml").write_text(
        f"regulation:\n  - {{date: {written}, card: ガルチェンソ・ドラゴン, status: premium_hall_of_fame}}\n",
        encoding="utf-8",
    )
    before = run(capsys, deck, "--format", "json", "--as-of", "2026/06/30")
    after = run(capsys, deck, "--format", "json", "--as-of", "2026/07/01")
    assert before.code == 0 and after.code == 1, after.err
    assert "DP007" in [v["rule"] for v in after.json["decks"][0]["violations"]]
    assert "DP007" not in [v["rule"] for v in before.json["decks"][0]["violations"]]


def test_a_bad_house_rule_date_says_the_forms(capsys, tmp_path):
    deck = make_deck(tmp_path, BD4)
    (tmp_path / ".duepa-check.yaml").write_text(
        "regulation:\n  - {date: 2026-07, card: ガルチェンソ・ドラゴン, status: premium_hall_of_fame}\n",
        encoding="utf-8",
    )
    result = run(capsys, deck)
    assert result.code == 2 and "expected a date as YYYY-MM-DD (or YYYY/MM/DD, YYYY.MM.DD), got '2026-07'" in result.err
