"""``--unsafe-fixes``: a typo is changed only when one card is clearly the one meant.

The rule (reading.name_fixes.clear_suggestion): the best suggested card scores at least 85
(rapidfuzz's ratio of the matching keys) and 8 points more than the next, and the name is no card
of the English TCG alone. benchmarks/unsafe_fixes.py measures it on the fixtures' typos.
"""

from __future__ import annotations

from support import AS_OF, make_deck, run

from duepa_check.data.pool import CardPool
from duepa_check.reading.name_fixes import clear_suggestion, suggestion_scores

POOL = CardPool.load()
SHEET_TYPO = "龍装艦 チェンジザ/六奇怪の四 ～土を割る逆瀧～ー"  # tests/fixtures/sheets/responses.csv, row 4


def test_the_sheets_typo_is_fixed_only_with_unsafe_fixes(tmp_path, capsys):
    deck = make_deck(tmp_path, replace={6: f"1 {SHEET_TYPO}"})
    run(capsys, "--fix", deck, "--as-of", AS_OF)
    assert deck.read_text(encoding="utf-8").splitlines()[5] == f"1 {SHEET_TYPO}"  # a typo: left, DP100
    result = run(capsys, "--fix", "--unsafe-fixes", deck, "--as-of", AS_OF, "--format", "json")
    assert deck.read_text(encoding="utf-8").splitlines()[5] == "1 龍装艦 チェンジザ／六奇怪の四 ～土を割る逆瀧～"
    assert "DP100" not in [v["rule"] for v in result.json["decks"][0]["violations"]]
    assert {"line": 6, "from": SHEET_TYPO, "to": "龍装艦 チェンジザ／六奇怪の四 ～土を割る逆瀧～"} in result.json[
        "decks"
    ][0]["fixes"]


def test_diff_with_unsafe_fixes_shows_the_typo(tmp_path, capsys):
    deck = make_deck(tmp_path, replace={6: f"1 {SHEET_TYPO}"})
    before = deck.read_bytes()
    out = run(capsys, "--diff", "--unsafe-fixes", deck).out
    assert f"\n-1 {SHEET_TYPO}\n" in out and deck.read_bytes() == before


def test_two_close_cards_leave_the_typo():
    typed = "「智」の頂 レィオ・ローゼス"  # 「智」の頂 レディオ・ローゼス 96, 「狡智」の頂天 レディオ・ローゼス 89
    (best, first), (_, second) = suggestion_scores(typed, POOL)[:2]
    assert best == "「智」の頂 レディオ・ローゼス" and first >= 85 and first - second < 8
    assert clear_suggestion(typed, POOL) is None
    assert clear_suggestion(typed, POOL, margin=0) == best


def test_an_english_tcg_only_card_is_no_typo():
    assert POOL.english_tcg_only("Gigagrax") == "Gigagrax"
    assert suggestion_scores("Gigagrax", POOL)[0][1] >= 85  # one letter from another card's English name
    assert clear_suggestion("Gigagrax", POOL) is None


def test_a_far_typo_is_left():
    assert clear_suggestion("Lunar Charger", POOL) is None  # キズナ・チャージャー scores 80


def test_the_web_page_and_the_editors_fix_only_what_fix_fixes_without_unsafe_fixes(tmp_path, capsys):
    """The web page (report.in_memory.TextChecks.fix) has no --unsafe-fixes, nor has an editor's "fix
    all" (lsp.actions, which asks check.fix.fixed_bytes alike): a typo stays as written, as --fix
    leaves it; a name written otherwise is fixed."""
    from duepa_check.report.in_memory import TextChecks

    deck = make_deck(tmp_path, replace={6: f"1 {SHEET_TYPO}", 7: "1 ぼるしゃっく・どらごん"})
    text = deck.read_text(encoding="utf-8")
    fixed, fixes = TextChecks().fix(text, "deck.txt")
    fixed_lines = {fix["line"]: fix["to"] for fix in fixes}
    assert 6 not in fixed_lines and fixed_lines[7] == "ボルシャック・ドラゴン"
    run(capsys, "--fix", deck, "--as-of", AS_OF)
    assert fixed == deck.read_text(encoding="utf-8") and f"1 {SHEET_TYPO}\n" in fixed
