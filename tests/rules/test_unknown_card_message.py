"""DP100's message names the name written, also when its close names are searched for the whole run
(the CLI's path: Checker.check_all leaves the hint pending; issue 49 §3: a mutant that blanked the
message's card there passed the suite).
"""

from __future__ import annotations

from support import AS_OF, BD4, make_deck, run


def test_an_unknown_name_is_named_in_its_message(capsys, tmp_path):
    deck = make_deck(tmp_path, BD4, replace={6: "1 ボルシャック・ドラゴン大王様"})
    result = run(capsys, deck, "--format", "json", "--as-of", AS_OF)
    found = [v for v in result.json["decks"][0]["violations"] if v["rule"] == "DP100"]
    assert [(v["line"], v["card"]) for v in found] == [(6, "ボルシャック・ドラゴン大王様")]
    assert found[0]["message"] == "《ボルシャック・ドラゴン大王様》 matches no card"
