"""--strict fails on the deck's warnings, never on the age of the data (issue 47, §3).

DP202 says the regulation data is more than six months old: no edit of the deck clears it, and the
GitHub Action never runs ``update``, so a strict job failed every legal deck from then on. Its hint
names what clears it (the tournament's date); ``update`` only when the site has a newer change.
"""

from __future__ import annotations

from support import BD6, make_deck, run

LATER = "2027-06-01"  # more than six months after the embedded data's date: DP202


def test_a_legal_deck_passes_strict_on_any_day(capsys, tmp_path):
    deck = make_deck(tmp_path, BD6)  # no card an unconfirmed change touches (DP203 is about the deck)
    result = run(capsys, deck, "--as-of", LATER, "--strict", "--format", "json")
    rules = {v["rule"] for v in result.json["decks"][0]["violations"]}
    assert rules == {"DP202"} and result.code == 0


def test_strict_still_fails_on_a_warning_about_the_deck(capsys, tmp_path):
    deck = make_deck(tmp_path, BD6, replace={3: "合計61枚"})  # DP204: the heading's count is not the list's
    assert run(capsys, deck, "--as-of", LATER).code == 0
    assert run(capsys, deck, "--as-of", LATER, "--strict").code == 1


def test_dp202s_hint_names_what_clears_it(capsys, tmp_path):
    deck = make_deck(tmp_path, BD6)
    violations = run(capsys, deck, "--as-of", LATER, "--format", "json").json["decks"][0]["violations"]
    [stale] = [v for v in violations if v["rule"] == "DP202"]
    assert stale["hint"].startswith("pass --as-of with the tournament's date")
    followed = run(capsys, deck, "--as-of", "2026-06-01", "--format", "json").json["decks"][0]["violations"]
    assert "DP202" not in {v["rule"] for v in followed}
