"""Promises of the README and the rules' docs, each pinned so that its plausible breakage fails.

Each test names the mutation it was checked against (made by hand once: the test failed).
They complement test_rules.py, which breaks a real deck one way per rule.
"""

from __future__ import annotations

from datetime import date
from importlib.metadata import version

import pytest
from support import AS_OF, BD4, check_json, line_no, make_deck, rule_lines, run

from duepa_check import __version__
from duepa_check.check.checker import Checker, CheckOptions
from duepa_check.data.pool import CardPool
from duepa_check.data.regulation import embedded_regulation_path, load_regulation, regulation_from_data


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return CardPool.load()


def check_with_regulation(pool, path, regulation, on: str = AS_OF) -> list[tuple[str, int | None]]:
    """(rule, line) of a deck checked in-process against a regulation built by the test."""
    result = Checker(pool, regulation, CheckOptions(as_of=date.fromisoformat(on))).check(path)
    assert result.error is None, result.error
    return [(v.rule, v.line) for v in result.violations]


def regulation_with(**changes):
    """The embedded regulation with some of its lists replaced, as an updated data dir could hold."""
    data = load_regulation(embedded_regulation_path()).to_yaml_data()
    data.update(changes)
    return regulation_from_data(data, "test regulation")


# ---------------------------------------------------------------- DP008: combos end


def test_an_ended_premium_combo_is_not_enforced_today(tmp_path, capsys):
    """龍仙ロマネスク + 母なる大地 were a プレミアム殿堂コンビ from 2007-11-23 until 2009-04-15.

    Mutation checked: Combo.in_force ignoring ``until`` → a false DP008 today.
    """
    path = make_deck(tmp_path, replace={4: "1 龍仙ロマネスク", 5: "1 母なる大地"})
    disable = tmp_path / "house.yaml"
    # ロマネスク has 光 (DP005) and 母なる大地 is プレミアム殿堂 since 2009-04-15 (DP007): only DP008 matters here
    disable.write_text("disable: [DP005, DP007]\n", encoding="utf-8")
    code, deck = check_json(capsys, path, "--config", disable)
    assert code == 0 and rule_lines(deck) == []
    code, deck = check_json(capsys, path, "--config", disable, as_of="2008-06-01")
    assert code == 1 and rule_lines(deck) == [("DP008", 5)]
    code, deck = check_json(capsys, path, "--config", disable, as_of="2009-04-15")  # the day it ended
    assert code == 0 and ("DP008", 5) not in rule_lines(deck)


def test_allowed_exempts_a_premium_combo_card(tmp_path, capsys):
    """House rules' ``allowed`` lifts DP008 (README, DP008 docstring).

    Mutation checked: DP008 not reading ``config.allowed`` → DP008 stays.
    """
    path = make_deck(tmp_path, replace={4: "1 禁断英雄 モモキングダムX", 5: "1 未来王龍 モモキングJO"})
    house = tmp_path / "house.yaml"
    house.write_text("disable: [DP005]\n", encoding="utf-8")
    code, deck = check_json(capsys, path, "--config", house)
    assert code == 1 and rule_lines(deck) == [("DP008", 5)]
    house.write_text("disable: [DP005]\nallowed: [未来王龍 モモキングJO]\n", encoding="utf-8")
    code, deck = check_json(capsys, path, "--config", house)
    assert code == 0 and rule_lines(deck) == []


# ---------------------------------------------------------------- DP010 and DP006 from the regulation data


def test_prohibited_cards_of_the_regulation_data_are_dp010(tmp_path, pool):
    """使用禁止 in regulation.yaml (not only house-rule ``banned``) is reported.

    Mutation checked: DP010 reading only ``config.banned`` → nothing reported.
    """
    path = make_deck(tmp_path)
    assert check_with_regulation(pool, path, regulation_with()) == []
    regulation = regulation_with(prohibited=[{"card": "ガルチェンソ・ドラゴン", "reason": "a ruling for this test"}])
    assert check_with_regulation(pool, path, regulation) == [("DP010", 4)]


def test_dp006_follows_the_regulation_start_in_battle_zone_list(tmp_path, pool):
    """Updated data may list a start-in-battle-zone card the embedded zones call main-deck.

    Mutation checked: DP006 reading only ``card.zone`` → nothing reported.
    """
    path = make_deck(tmp_path)
    line = line_no(BD4, "インフェル星樹")
    starters = [*load_regulation(embedded_regulation_path()).starts_in_battle_zone, "インフェル星樹"]
    regulation = regulation_with(starts_in_battle_zone=starters)
    assert check_with_regulation(pool, path, regulation) == [("DP006", line)]


# ---------------------------------------------------------------- --partner takes the first listed copy


def test_partner_option_designates_the_first_listed_copy(tmp_path, capsys):
    """README: --partner designates the first listed copy of the card.

    The card (cost 3) cannot be a partner, so DP004 names the designated copy's line.
    Mutation checked: the last listed copy designated → DP004 on line 10.
    """
    path = make_deck(tmp_path, replace={4: "1 四十日鼠 チョロチュー", 10: "1 四十日鼠 チョロチュー"})
    code, deck = check_json(capsys, path, "--partner", "四十日鼠 チョロチュー")
    assert code == 1
    assert [(rule, line) for rule, line in rule_lines(deck) if rule == "DP004"] == [("DP004", 4)]


# ---------------------------------------------------------------- may exceed four: no upper limit


@pytest.mark.parametrize("layout", ["one line", "many lines"])
def test_cards_that_may_exceed_four_have_no_upper_limit(tmp_path, capsys, layout):
    """Cards whose own text lifts the 4-copy limit may repeat any number of times (README).

    Mutation checked: may_exceed_four capped at 4 copies → DP002.
    """
    name = "四十日鼠 チョロチュー"
    if layout == "one line":
        replace = {4: f"10 {name}", **{n: "# moved into line 4" for n in range(5, 14)}}
    else:
        replace = {n: f"1 {name}" for n in range(4, 14)}
    code, deck = check_json(capsys, make_deck(tmp_path, replace=replace))
    assert code == 0 and rule_lines(deck) == [] and deck["card_count"] == 60


# ---------------------------------------------------------------- the JSON's version


def test_json_version_is_the_installed_version(tmp_path, capsys):
    """Mutation checked: a hard-coded or empty version in the JSON report."""
    result = run(capsys, make_deck(tmp_path), "--format", "json", "--as-of", AS_OF)
    assert result.code == 0
    assert result.json["tool"] == "duepa-check"
    assert result.json["version"] == __version__ == version("duepa-check")


# ---------------------------------------------------------------- names that match exactly two cards


def test_a_name_matching_exactly_two_cards_is_dp101(tmp_path, capsys):
    """卍月 ガ・リュザーク 卍 is the creature side of two twinpacts: which one is meant is unknown.

    Mutation checked (mutmut): DP101 only from three matches (``> 2``) → nothing reported.
    """
    code, deck = check_json(capsys, make_deck(tmp_path, replace={4: "1 卍月 ガ・リュザーク 卍"}))
    assert code == 1 and rule_lines(deck) == [("DP101", 4)]


def test_a_side_shared_by_exactly_two_psychic_cards_is_dp006(tmp_path, capsys):
    """《雷獣ヴォルグ・ティーガー》 is the back of two psychic cards: either way not a main-deck card.

    Mutation checked (mutmut): a shared side only from three cards (``> 2``) → DP101 instead.
    """
    code, deck = check_json(capsys, make_deck(tmp_path, replace={4: "1 雷獣ヴォルグ・ティーガー"}))
    assert code == 1 and rule_lines(deck) == [("DP006", 4)]
