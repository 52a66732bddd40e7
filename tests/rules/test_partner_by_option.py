"""A partner named by ``--partner`` that the deck does not list has no line: DP004's hint says to
choose another, not to mark a line (issue 49 §3: mutants of rules/partner_eligibility.py that the
suite let pass).
"""

from __future__ import annotations

from support import AS_OF, BD4, make_deck, run


def test_an_ineligible_partner_given_by_option_gets_no_line_to_move(capsys, tmp_path):
    """--partner names a card the deck does not list: the hint cannot say to mark its line."""
    lines = make_deck(tmp_path, BD4).read_text(encoding="utf-8").splitlines()
    deck = tmp_path / "deck.txt"
    deck.write_text("\n".join(line for line in lines if not line.startswith("パートナー")) + "\n", encoding="utf-8")
    result = run(capsys, deck, "--partner", "フェアリー・シャワー", "--format", "json", "--as-of", AS_OF)
    found = [v for v in result.json["decks"][0]["violations"] if v["rule"] == "DP004"]
    assert [(v["line"], v["card"]) for v in found] == [(None, "フェアリー・シャワー")]
    assert found[0]["hint"].startswith("choose a creature of cost 5 or more; ")
