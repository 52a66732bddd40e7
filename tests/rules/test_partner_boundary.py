"""The partner's cost boundary, a twinpact partner's cost, and no cascade from an ineligible
partner (issue 30: mutations only a data-consistency test or a golden file caught)."""

from __future__ import annotations

import pytest
from support import BD4, check_text, deck_text

from duepa_check.data.pool import CardPool

PARTNER_LINE = 2
COST_4 = "DOKIDOKI・ザイナマ"  # 火 creature, cost 4
COST_5 = "BUNBUN・ヴァイカー"  # 火 creature, cost 5
CREATURE_3_SPELL_8 = "der'Zen Mondo／♪必殺で つわものどもが 夢の跡"
CREATURE_8_SPELL_2 = "D２V３ 終断のデッドトロン／デッドリー・ビッグバン"


@pytest.fixture(scope="module")
def pool():
    return CardPool.load(None)


def test_the_cards_are_what_the_tests_say(pool):
    four, five = pool.lookup(COST_4).card, pool.lookup(COST_5).card
    assert (four.faces[0].type, four.faces[0].cost, four.civilizations) == ("クリーチャー", 4, ("火",))
    assert (five.faces[0].type, five.faces[0].cost, five.civilizations) == ("クリーチャー", 5, ("火",))
    low, high = pool.lookup(CREATURE_3_SPELL_8).card, pool.lookup(CREATURE_8_SPELL_2).card
    assert [(("クリーチャー" in f.type), f.cost) for f in low.faces] == [(True, 3), (False, 8)]
    assert [(("クリーチャー" in f.type), f.cost) for f in high.faces] == [(True, 8), (False, 2)]


@pytest.mark.parametrize("minimum, four, five", [(5, False, True), (4, True, True), (6, False, False)])
def test_cost_boundary_follows_the_minimum(pool, minimum, four, five):
    assert (pool.lookup(COST_4).card.partner_problem(minimum) is None) is four
    assert (pool.lookup(COST_5).card.partner_problem(minimum) is None) is five


def test_a_twinpact_partner_is_judged_by_its_creature_sides_cost(pool):
    assert pool.lookup(CREATURE_8_SPELL_2).card.partner_problem(5) is None
    assert pool.lookup(CREATURE_3_SPELL_8).card.partner_problem(5) is not None  # the spell's 8 does not count


@pytest.mark.parametrize("partner, eligible", [(COST_4, False), (COST_5, True)])
def test_the_cost_5_boundary_in_a_check(tmp_path, partner, eligible):
    _, deck = check_text(deck_text(BD4, replace={PARTNER_LINE: f"パートナー: {partner}"}), tmp_path)
    rules = {v["rule"] for v in deck["violations"] if v["severity"] == "error"}
    assert ("DP004" in rules) is not eligible
    # BD4 is 火/自然: under a valid 火 partner its 自然 cards are DP005; under an ineligible one nothing
    # judges colours (no cascade: one mistake, one error).
    assert ("DP005" in rules) is eligible, deck["violations"]


def test_a_twinpact_partner_by_its_spell_cost_is_ineligible_and_no_dp005_follows(tmp_path):
    _, deck = check_text(deck_text(BD4, replace={PARTNER_LINE: f"パートナー: {CREATURE_3_SPELL_8}"}), tmp_path)
    rules = [v["rule"] for v in deck["violations"] if v["severity"] == "error"]
    assert "DP004" in rules and "DP005" not in rules, deck["violations"]
