"""DP103 says which line, which card, and what to do (issue 49 §3: mutants of
rules/english_tcg_only.py that left the finding's card, message card or hint blank passed the suite).
"""

from __future__ import annotations

from support import AS_OF, BD4, make_deck, run


def test_an_english_tcg_only_card_is_named_on_its_line_with_what_to_do(capsys, tmp_path):
    deck = make_deck(tmp_path, BD4, replace={6: "1 Gigagrax"})  # a full deck: the card takes a place
    result = run(capsys, deck, "--format", "json", "--as-of", AS_OF)
    found = [v for v in result.json["decks"][0]["violations"] if v["rule"] == "DP103"]
    assert [(v["line"], v["card"]) for v in found] == [(6, "Gigagrax")]
    assert found[0]["message"].startswith("《Gigagrax》 was printed only in the English TCG")
    assert found[0]["hint"].startswith("put a card printed in Japan in its place")
