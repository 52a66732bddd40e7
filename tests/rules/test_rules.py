"""Every rule fires on a real deck broken in exactly one way, at the right line, and alone.

Each test starts from an official product deck (legal), changes it in one way, and asserts
the rule id, the line, and that no unrelated error appears. Lines are replaced, not removed,
so every other line keeps its number. As yamllint's rule tests check inline text, most check the
deck's text in memory (``support.check_text``: ``Checker.check_text``, the language server's and
the web page's entry) and assert ``(rule, line)`` (``problems``); a few go through ``main`` from
end to end (a file, its options, its exit code and output).
"""

from __future__ import annotations

import pytest
from support import BD4, BD6, check_json, check_text, deck_text, line_no, make_deck, problems, rule_lines, run
from support import deck_lines as deck_lines_of

RAINBOW = "五元のロードライト"  # 光/水/闇/火/自然 creature, cost 6: every civilization fits
PARTNER_LINE = 2


def errors(deck: dict) -> list[tuple[str, int | None]]:
    return [(v["rule"], v["line"]) for v in deck["violations"] if v["severity"] == "error"]


def only(deck: dict, rule: str) -> dict:
    """The one violation of ``rule``; fails if there are others of any rule."""
    assert [v["rule"] for v in deck["violations"]] == [rule], deck["violations"]
    return deck["violations"][0]


def rainbow_text(replace=None):
    """DM23-BD4 with a five-civilization partner, so any civilization may be added."""
    return deck_text(BD4, replace={PARTNER_LINE: f"パートナー: {RAINBOW}", **(replace or {})})


def write_config(tmp_path, text: str):
    path = tmp_path / "house-rules.yaml"
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------------------- DP001 deck-size


def test_dp001_59_cards_is_too_few(capsys, tmp_path):
    path = make_deck(tmp_path, BD4, replace={30: ""})
    code, deck = check_json(capsys, path)
    assert code == 1
    violation = only(deck, "DP001")
    assert violation["line"] is None
    assert deck["card_count"] == 59
    assert "add 1" in violation["hint"]


def test_dp001_61_cards_is_too_many(capsys, tmp_path):
    path = make_deck(tmp_path, BD4, append=["1 エール・ライフ"])
    code, deck = check_json(capsys, path)
    assert code == 1
    assert only(deck, "DP001")["hint"] == "remove 1 card"
    assert deck["card_count"] == 61


def test_dp001_partner_line_counts_as_one_of_the_60(capsys, tmp_path):
    """59 listed cards plus the partner line is a complete deck (the fixture is exactly that)."""
    code, deck = check_json(capsys, make_deck(tmp_path, BD4))
    assert code == 0 and deck["card_count"] == 60


# ---------------------------------------------------------------------------- DP002 singleton


def test_dp002_a_name_listed_twice(tmp_path):
    first = line_no(BD4, "ガルチェンソ・ドラゴン")
    text = deck_text(BD4, replace={30: "1 ガルチェンソ・ドラゴン"})
    code, deck = check_text(text, tmp_path)
    assert code == 1
    violation = only(deck, "DP002")
    assert violation["line"] == 30
    assert violation["card"] == "ガルチェンソ・ドラゴン"
    assert f"{first}, 30" in violation["message"]


def test_dp002_a_count_of_two_on_one_line(tmp_path):
    text = deck_text(BD4, replace={4: "2 ガルチェンソ・ドラゴン", 30: ""})
    assert problems(text, tmp_path) == [("DP002", 4)]


def test_dp002_partner_listed_again_in_the_main_deck(tmp_path):
    text = deck_text(BD4, replace={30: "1 ボルシャック・ドラゴ大王"})
    code, deck = check_text(text, tmp_path)
    assert code == 1
    violation = only(deck, "DP002")
    assert violation["line"] == 30
    assert "partner" in violation["hint"]


def test_dp002_differently_typed_spellings_of_one_card_are_the_same_name(tmp_path):
    text = deck_text(BD4, replace={30: "1 《ガルチェンソ・ドラゴン》"})
    assert problems(text, tmp_path) == [("DP002", 30)]


def test_twinpact_and_the_single_card_named_like_its_spell_side_are_different_names(tmp_path):
    text = deck_text(
        BD4,
        replace={30: "1 ナ・チュラルゴ・デンジャー／ナチュラル・トラップ", 31: "1 ナチュラル・トラップ"},
    )
    code, deck = check_text(text, tmp_path)
    assert code == 0, deck["violations"]
    assert deck["violations"] == []


def test_cards_that_may_exceed_four_copies_may_repeat(tmp_path):
    text = deck_text(BD4, replace={30: "3 はずれポンの助", 31: "", 32: ""})
    code, deck = check_text(text, tmp_path)
    assert code == 0, deck["violations"]
    assert deck["card_count"] == 60
    assert deck["violations"] == []


def test_may_exceed_four_cards_repeated_on_separate_lines(tmp_path):
    text = deck_text(BD4, replace={30: "1 はずれポンの助", 31: "1 はずれポンの助", 32: "1 はずれポンの助"})
    code, deck = check_text(text, tmp_path)
    assert code == 0, deck["violations"]


# ---------------------------------------------------------------------------- DP003 partner-designation


def test_dp003_no_partner_line(tmp_path):
    text = deck_text(BD4, replace={PARTNER_LINE: "1 ボルシャック・ドラゴ大王"})
    code, deck = check_text(text, tmp_path)
    assert code == 1
    violation = only(deck, "DP003")
    assert violation["line"] is None
    assert deck["partner"] is None
    assert "パートナー" in violation["hint"]


def test_dp003_two_partner_lines(tmp_path):
    text = deck_text(BD4, replace={4: "パートナー: ガルチェンソ・ドラゴン"})
    code, deck = check_text(text, tmp_path)
    assert code == 1
    assert errors(deck) == [("DP003", 4)]
    assert deck["violations"][0]["card"] == "ガルチェンソ・ドラゴン"


def test_dp003_no_partner_line_fixed_by_the_partner_option(capsys, tmp_path):
    path = make_deck(tmp_path, BD4, replace={PARTNER_LINE: "1 ボルシャック・ドラゴ大王"})
    code, deck = check_json(capsys, path, "--partner", "ボルシャック・ドラゴ大王")
    assert code == 0, deck["violations"]


# ---------------------------------------------------------------------------- DP004 partner-eligibility


def test_dp004_partner_is_a_spell(tmp_path):
    text = deck_text(BD4, replace={PARTNER_LINE: "パートナー: エール・ライフ", 30: "1 ボルシャック・ドラゴ大王"})
    code, deck = check_text(text, tmp_path)
    assert code == 1
    violation = only(deck, "DP004")
    assert violation["line"] == PARTNER_LINE
    assert violation["card"] == "エール・ライフ"
    assert "creature" in violation["message"]


def test_dp004_partner_is_a_cost_4_creature(tmp_path):
    text = deck_text(BD4, replace={PARTNER_LINE: "パートナー: ガラスのキッカー王子", 30: "1 ボルシャック・ドラゴ大王"})
    code, deck = check_text(text, tmp_path)
    assert code == 1
    violation = only(deck, "DP004")
    assert violation["line"] == PARTNER_LINE
    assert "4" in violation["message"]


def test_dp004_partner_is_a_psychic_creature(tmp_path):
    """ヴォルグ・サンダー (闇, cost 6) is a creature of cost 5+, but not a main-deck card."""
    text = deck_text(BD6, replace={PARTNER_LINE: "パートナー: ヴォルグ・サンダー", 30: "1 偽神殺しのツラトゥストラ"})
    code, deck = check_text(text, tmp_path)
    assert code == 1
    rules = {rule for rule, _ in errors(deck)}
    assert ("DP004", PARTNER_LINE) in errors(deck)
    assert rules <= {"DP004", "DP005", "DP006", "DP007"}  # it is also プレミアム殿堂


# ---------------------------------------------------------------------------- DP005 civilization


def test_dp005_card_of_a_civilization_the_partner_lacks(tmp_path):
    text = deck_text(BD4, replace={30: "1 フェアリー・シャワー"})  # 水/自然 in a 火/自然 deck
    code, deck = check_text(text, tmp_path)
    assert code == 1
    violation = only(deck, "DP005")
    assert violation["line"] == 30
    assert violation["card"] == "フェアリー・シャワー"
    assert "水" in violation["message"]


def test_colourless_cards_fit_any_deck(tmp_path):
    text = deck_text(BD4, replace={30: "1 はずれポンの助"})
    code, deck = check_text(text, tmp_path)
    assert code == 0, deck["violations"]


def test_twinpact_partner_spell_side_adds_its_civilizations(tmp_path):
    """ネオ・ボルシャック・ドラゴン (火, cost 8) ／ ボルシャックゾーン (自然): the 自然 cards fit."""
    twinpact = "ネオ・ボルシャック・ドラゴン／ボルシャックゾーン"
    listed = line_no(BD4, "ネオ・ボルシャック・ドラゴン/ボルシャックゾーン")
    text = deck_text(
        BD4,
        replace={
            PARTNER_LINE: f"パートナー: {twinpact}",
            listed: "1 ボルシャック・ドラゴ大王",
            30: "1 ナチュラル・トラップ",
        },
    )
    code, deck = check_text(text, tmp_path)
    assert code == 0, deck["violations"]
    assert deck["partner"] == {"name": twinpact, "civilizations": ["火", "自然"]}


def test_twinpact_partner_still_excludes_other_civilizations(tmp_path):
    twinpact = "ネオ・ボルシャック・ドラゴン／ボルシャックゾーン"
    listed = line_no(BD4, "ネオ・ボルシャック・ドラゴン/ボルシャックゾーン")
    text = deck_text(
        BD4,
        replace={
            PARTNER_LINE: f"パートナー: {twinpact}",
            listed: "1 ボルシャック・ドラゴ大王",
            30: "1 フェアリー・シャワー",
        },
    )
    assert problems(text, tmp_path) == [("DP005", 30)]


# ---------------------------------------------------------------------------- DP006 not-main-deck


def test_dp006_psychic_creature(tmp_path):
    text = deck_text(BD6, replace={30: "1 アルプスの使徒メリーアン"})
    code, deck = check_text(text, tmp_path)
    assert code == 1
    violation = only(deck, "DP006")
    assert violation["line"] == 30
    assert violation["card"] == "アルプスの使徒メリーアン"
    assert "超次元" in violation["message"]


def test_dp006_premium_psychic_reports_both_problems_on_its_line(tmp_path):
    """ヴォルグ・サンダー (闇) is a psychic creature and プレミアム殿堂."""
    text = deck_text(BD6, replace={30: "1 ヴォルグ・サンダー"})
    assert problems(text, tmp_path) == [("DP006", 30), ("DP007", 30)]


def test_dp006_dragheart(tmp_path):
    text = deck_text(BD6, replace={30: "1 不滅槍 パーフェクト"})
    assert problems(text, tmp_path) == [("DP006", 30)]


def test_dp006_gr_creature(tmp_path):
    text = deck_text(BD4, replace={30: "1 ＧＲの犬 ワンワンワン"})  # 自然 fits 火/自然
    code, deck = check_text(text, tmp_path)
    assert code == 1
    violation = only(deck, "DP006")
    assert violation["line"] == 30
    assert "GR" in violation["message"]


def test_dp006_card_that_starts_in_the_battle_zone(tmp_path):
    text = deck_text(BD4, replace={30: "1 禁断〜封印されしX〜"})  # 火
    code, deck = check_text(text, tmp_path)
    assert code == 1
    violation = only(deck, "DP006")
    assert violation["line"] == 30
    assert violation["card"] == "禁断 ～封印されしX～"


def test_dp006_allowed_by_house_rules(tmp_path):
    config = write_config(tmp_path, "allowed: [ＧＲの犬 ワンワンワン]\n")
    text = deck_text(BD4, replace={30: "1 ＧＲの犬 ワンワンワン"})
    code, deck = check_text(text, tmp_path, config=config)
    assert code == 0, deck["violations"]


# ---------------------------------------------------------------------------- DP007 premium-hall-of-fame


def test_dp007_premium_hall_of_fame_card(tmp_path):
    text = deck_text(BD4, replace={30: "1 無双竜機ボルバルザーク"})  # 火/自然
    code, deck = check_text(text, tmp_path)
    assert code == 1
    violation = only(deck, "DP007")
    assert violation["line"] == 30
    assert violation["card"] == "無双竜機ボルバルザーク"
    assert "2006-03-15" in violation["message"]


def test_dp007_before_the_card_became_premium_it_is_fine(tmp_path):
    """ボルバルザーク was 殿堂入り from 2005-07-15 and プレミアム殿堂 from 2006-03-15."""
    text = deck_text(BD4, replace={30: "1 無双竜機ボルバルザーク"})
    code, deck = check_text(text, tmp_path, as_of="2006-03-14")
    assert code == 0 and "DP007" not in {rule for rule, _ in errors(deck)}


def test_dp007_depends_on_the_check_date(tmp_path):
    """【今すぐ】うわっ…相手の攻撃止めすぎ…？【クリック】 (水) is プレミアム殿堂 from 2026-03-16."""
    card = "【今すぐ】うわっ…相手の攻撃止めすぎ…？【クリック】"
    text = rainbow_text(replace={30: f"1 {card}"})
    code, deck = check_text(text, tmp_path, as_of="2026-03-16")
    assert code == 1
    violation = only(deck, "DP007")
    assert (violation["line"], violation["card"]) == (30, card)
    code, deck = check_text(text, tmp_path, as_of="2026-03-15")
    assert code == 0, deck["violations"]


def test_rainbow_partner_deck_is_legal(tmp_path):
    """The base of the date tests: the product deck with a five-civilization partner."""
    code, deck = check_text(rainbow_text(), tmp_path)
    assert code == 0, deck["violations"]


# ---------------------------------------------------------------------------- DP008 premium-combo


def combo_text():
    return rainbow_text(replace={30: "1 禁断英雄 モモキングダムX", 40: "1 未来王龍 モモキングJO"})


def test_dp008_both_cards_of_a_premium_combo(tmp_path):
    code, deck = check_text(combo_text(), tmp_path, as_of="2022-08-15")
    assert code == 1
    violation = only(deck, "DP008")
    assert violation["line"] == 40
    assert violation["card"] == "未来王龍 モモキングJO"
    assert "line 30" in violation["message"]


def test_dp008_not_before_the_combo_took_effect(tmp_path):
    code, deck = check_text(combo_text(), tmp_path, as_of="2022-08-14")
    assert code == 0, deck["violations"]


def test_dp008_one_card_of_the_combo_alone_is_fine(tmp_path):
    text = rainbow_text(replace={40: "1 未来王龍 モモキングJO"})
    code, deck = check_text(text, tmp_path)
    assert code == 0, deck["violations"]


# ---------------------------------------------------------------------------- DP009 hall-of-fame


def test_dp009_hall_of_fame_card_twice_when_singleton_is_lifted(tmp_path):
    config = write_config(tmp_path, "singleton: false\n")
    gift = line_no(BD4, "フェアリー・ギフト")  # 殿堂入り
    text = deck_text(BD4, replace={30: "1 フェアリー・ギフト"})
    code, deck = check_text(text, tmp_path, config=config)
    assert code == 1
    violation = only(deck, "DP009")
    assert violation["line"] == max(30, gift)
    assert violation["card"] == "フェアリー・ギフト"


def test_dp009_ordinary_card_twice_is_fine_when_singleton_is_lifted(tmp_path):
    config = write_config(tmp_path, "singleton: false\n")
    text = deck_text(BD4, replace={30: "1 ガルチェンソ・ドラゴン"})
    code, deck = check_text(text, tmp_path, config=config)
    assert code == 0, deck["violations"]


def test_dp009_config_is_found_beside_the_deck(capsys, tmp_path):
    (tmp_path / ".duepa-check.yaml").write_text("singleton: false\n", encoding="utf-8")
    path = make_deck(tmp_path, BD4, replace={30: "1 フェアリー・ギフト"})
    code, deck = check_json(capsys, path)
    assert code == 1 and [v["rule"] for v in deck["violations"]] == ["DP009"]


# ---------------------------------------------------------------------------- DP010 prohibited


def test_dp010_card_banned_by_house_rules(tmp_path):
    config = write_config(tmp_path, "banned: [ガルチェンソ・ドラゴン]\n")
    text = deck_text(BD4)
    code, deck = check_text(text, tmp_path, config=config)
    assert code == 1
    violation = only(deck, "DP010")
    assert violation["line"] == line_no(BD4, "ガルチェンソ・ドラゴン")
    assert "house-rules.yaml" in violation["message"]


# ---------------------------------------------------------------------------- DP100-DP102


def test_dp100_unknown_name_with_suggestions(tmp_path):
    text = deck_text(BD4, replace={4: "1 ガルチェンソ・ドラコン"})
    code, deck = check_text(text, tmp_path)
    assert code == 1
    violation = only(deck, "DP100")
    assert violation["line"] == 4
    assert violation["card"] == "ガルチェンソ・ドラコン"
    assert "《ガルチェンソ・ドラゴン》" in violation["hint"]


def test_dp101_ambiguous_name(tmp_path):
    """天地命動 バラギアラ is the creature side of six twinpacts (天上天下輪廻独尊, 輪廻暴冥, 暴氷, 暴炎, 暴聖,
    輪廻虹災)."""
    text = deck_text(BD4, replace={30: "1 天地命動 バラギアラ"})
    code, deck = check_text(text, tmp_path)
    assert code == 1
    violation = only(deck, "DP101")
    assert violation["line"] == 30
    assert "6 cards" in violation["message"] and "輪廻暴炎" in violation["message"]


def test_a_side_shared_by_cards_outside_the_main_deck_is_dp006_not_ambiguous(tmp_path):
    """零龍 is a side of five cards (the four 儀 and 滅亡の起源 零無), all starting in the battle zone."""
    text = deck_text(BD4, replace={30: "1 零龍"})
    code, deck = check_text(text, tmp_path)
    assert code == 1
    violation = only(deck, "DP006")
    assert violation["line"] == 30 and "滅亡の起源 零無" in violation["message"]


def test_dp102_unparsable_line(tmp_path):
    text = deck_text(BD4, replace={30: "!!!!"})
    code, deck = check_text(text, tmp_path)
    assert code == 1
    # The line is not a card, so the deck also has 59 cards.
    assert rule_lines(deck) == [("DP001", None), ("DP102", 30)]


def test_dp102_unparsable_line_in_a_60_card_deck(tmp_path):
    text = deck_text(BD4, replace={3: "!!!!"})
    code, deck = check_text(text, tmp_path)
    assert code == 1
    violation = only(deck, "DP102")
    assert violation["line"] == 3


# ---------------------------------------------------------------------------- warnings


def test_dp201_card_known_without_data_is_a_warning(tmp_path):
    text = deck_text(BD4, replace={30: "1 深淵大帝 ジャシン"})  # a promo no source has facts for
    code, deck = check_text(text, tmp_path)
    assert code == 0
    violation = only(deck, "DP201")
    assert (violation["line"], violation["severity"]) == (30, "warning")


def test_dp202_stale_regulation_data_is_a_warning(tmp_path):
    code, deck = check_text(deck_text(BD6), tmp_path, as_of="2027-01-01")
    assert code == 0
    violation = only(deck, "DP202")
    assert (violation["line"], violation["severity"]) == (None, "warning")


def test_dp202_not_within_six_months_of_the_data(tmp_path):
    code, deck = check_text(deck_text(BD6), tmp_path, as_of="2026-06-16")
    assert code == 0
    assert deck["violations"] == []


def test_dp203_unconfirmed_later_change_touching_the_deck(tmp_path):
    """The unconfirmed change would make フェアリー・ギフト プレミアム殿堂."""
    code, deck = check_text(deck_text(BD4), tmp_path, as_of="2026-04-01")
    assert code == 0
    violation = only(deck, "DP203")
    assert violation["line"] == line_no(BD4, "フェアリー・ギフト")
    assert violation["severity"] == "warning"


def test_dp203_applied_with_include_unconfirmed_becomes_dp007(capsys, tmp_path):
    code, deck = check_json(capsys, make_deck(tmp_path, BD4), "--include-unconfirmed", as_of="2026-04-01")
    assert code == 1
    assert errors(deck) == [("DP007", line_no(BD4, "フェアリー・ギフト"))]


def test_dp203_not_on_the_data_date(tmp_path):
    code, deck = check_text(deck_text(BD4), tmp_path, as_of="2026-03-16")
    assert code == 0
    assert deck["violations"] == []


# ---------------------------------------------------------------------------- house rules


def test_disabled_rule_does_not_fire(tmp_path):
    config = write_config(tmp_path, "disable: [DP005]\n")
    text = deck_text(BD4, replace={30: "1 フェアリー・シャワー"})
    code, deck = check_text(text, tmp_path, config=config)
    assert code == 0 and deck["violations"] == []


def test_severity_override_turns_an_error_into_a_warning(tmp_path):
    config = write_config(tmp_path, "severity: {civilization: warning}\n")
    text = deck_text(BD4, replace={30: "1 フェアリー・シャワー"})
    code, deck = check_text(text, tmp_path, config=config)
    assert code == 0
    assert only(deck, "DP005")["severity"] == "warning"


# ---------------------------------------------------------------------------- DP204 heading-count


@pytest.mark.parametrize("heading", ["メインデッキ（59枚）", "デッキレシピ 59枚", "Main (59)"])
def test_dp204_silent_when_the_heading_count_is_right(tmp_path, heading):
    text = deck_text(BD4, replace={3: heading}, append=["", "合計60枚"])
    code, deck = check_text(text, tmp_path)
    assert (code, deck["violations"], deck["card_count"]) == (0, [], 60)


def test_dp204_a_partner_heading_counts_only_the_partner(tmp_path):
    """パートナー（1枚） then the partner and 59 cards with no main heading: the partner group is one card."""
    partner = deck_lines_of(BD4)[1].split(": ", 1)[1]
    text = deck_text(BD4, replace={2: "パートナー（1枚）", 3: partner})
    code, deck = check_text(text, tmp_path)
    assert (code, deck["violations"], deck["partner"]["name"]) == (0, [], partner)


def test_dp204_heading_whose_cards_are_one_more(tmp_path):
    """クリーチャー (58) over 59 cards: the heading's line, its text, both numbers; nothing else (60 cards)."""
    text = deck_text(BD4, replace={3: "クリーチャー (58)"})
    code, deck = check_text(text, tmp_path)
    violation = only(deck, "DP204")
    assert (code, violation["line"], violation["card"], violation["severity"]) == (0, 3, "クリーチャー (58)", "warning")
    assert "58" in violation["message"] and "59" in violation["message"]
    assert deck["card_count"] == 60


def test_dp204_total_compares_with_the_whole_list(tmp_path):
    text = deck_text(BD4, append=["", "合計61枚"])
    code, deck = check_text(text, tmp_path)
    violation = only(deck, "DP204")
    assert (code, violation["line"]) == (0, 64)
    assert "61" in violation["message"] and "60" in violation["message"]


def test_dp204_skips_a_group_with_an_unreadable_line(tmp_path):
    """The unreadable line may be the missing card: DP102 says so, DP204 does not add a guess."""
    text = deck_text(BD4, replace={3: "メインデッキ（59枚）", 30: "!!!!"})
    code, deck = check_text(text, tmp_path)
    assert code == 1 and rule_lines(deck) == [("DP001", None), ("DP102", 30)]


def test_dp204_can_be_disabled_by_house_rules(tmp_path):
    config = write_config(tmp_path, "disable: [heading-count]\n")
    text = deck_text(BD4, replace={3: "メインデッキ（58枚）"})
    code, deck = check_text(text, tmp_path, config=config)
    assert (code, deck["violations"]) == (0, [])


@pytest.mark.parametrize(
    "rule",
    [
        "DP001",
        "DP002",
        "DP003",
        "DP004",
        "DP005",
        "DP006",
        "DP007",
        "DP008",
        "DP009",
        "DP010",
        "DP100",
        "DP101",
        "DP102",
        "DP103",
        "DP201",
        "DP202",
        "DP203",
        "DP204",
    ],
)
def test_every_rule_id_is_registered(rule):
    from duepa_check.rules import RULES

    assert rule in RULES


def test_text_output_names_the_rule_and_line(capsys, tmp_path):
    path = make_deck(tmp_path, BD4, replace={30: "1 フェアリー・シャワー"})
    result = run(capsys, path, "--as-of", "2026-03-16", "--no-color")
    assert result.code == 1
    assert "DP005" in result.out and "30" in result.out


def test_dp002_an_alias_card_and_its_base_card_are_one_name(tmp_path):
    """《さんばか・チャージャー》 is printed under another name but is 《ボーンおどり・チャージャー》 (別名)."""
    text = rainbow_text(replace={30: "1 さんばか・チャージャー", 31: "1 ボーンおどり・チャージャー"})
    code, deck = check_text(text, tmp_path)
    assert code == 1
    violation = only(deck, "DP002")
    assert (violation["line"], violation["card"]) == (31, "ボーンおどり・チャージャー")
