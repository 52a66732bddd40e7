"""Every rule's finding in full: id, name, severity, line, card, message and hint, word for word.

test_rules.py asserts the verdict of each rule (which rule, which line); these tests pin the rest
of what a player reads — the counts, lines, dates and names a finding's message is built from,
and which hint it carries — so a rule that passes the wrong argument, or none, fails here. They
were written against the survivors of ``tools/mutation_test.py 'duepa_check.rules.*'`` (mutmut):
each case names the kind of mutant it kills. English only; the catalogues have their own tests.
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from conftest import AS_OF, BD4, BD6, check_json, line_no, make_deck

RAINBOW = "五元のロードライト"  # 光/水/闇/火/自然 creature, cost 6: every civilization fits
PARTNER_LINE = 2
ADVICE_BD4 = "《ボルシャック・ドラゴ大王》, 《無双龍幻バルガ・ド・ライバー》, 《ボルシャック・決闘・ドラゴン》"
MAIN_DECK_HINT = "remove it; デュエパーティー uses only the 60-card main deck"


def violation(rule: str, name: str, line: int | None, card: str | None, message: str, hint: str,
              severity: str = "error") -> dict:
    return {"rule": rule, "name": name, "severity": severity, "line": line, "card": card, "message": message,
            "hint": hint}


def findings(capsys, path, *extra, as_of: str = AS_OF) -> tuple[int, list[dict]]:
    code, deck = check_json(capsys, path, *extra, as_of=as_of)
    return code, deck["violations"]


def house_rules(tmp_path, text: str):
    path = tmp_path / "house-rules.yaml"
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------------------- DP001


@pytest.mark.parametrize(("replace", "append", "count", "hint"), [
    ({30: ""}, [], 59, "add 1 card"),
    ({30: "", 31: ""}, [], 58, "add 2 cards"),  # plural of the difference, not of the count
    ({}, ["1 エール・ライフ"], 61, "remove 1 card"),
    ({}, ["1 エール・ライフ", "1 はずれポンの助"], 62, "remove 2 cards"),
])
def test_dp001_says_the_count_and_how_many_to_add_or_remove(capsys, tmp_path, replace, append, count, hint):
    code, found = findings(capsys, make_deck(tmp_path, BD4, replace=replace, append=append))
    assert (code, found) == (1, [violation(
        "DP001", "deck-size", None, None,
        f"the deck has {count} cards; a デュエパーティー deck has exactly 60, the partner included", hint,
    )])


def test_dp001_follows_the_house_rules_deck_size(capsys, tmp_path):
    """deck_size: 59 makes the 60-card product deck one too many (the wanted number is in the message)."""
    config = house_rules(tmp_path, "deck_size: 59\n")
    code, found = findings(capsys, make_deck(tmp_path, BD4), "--config", config)
    assert (code, found) == (1, [violation(
        "DP001", "deck-size", None, None,
        "the deck has 60 cards; a デュエパーティー deck has exactly 59, the partner included", "remove 1 card",
    )])


# ---------------------------------------------------------------------------- DP002


def test_dp002_a_name_on_two_lines(capsys, tmp_path):
    first = line_no(BD4, "ガルチェンソ・ドラゴン")
    code, found = findings(capsys, make_deck(tmp_path, BD4, replace={30: "1 ガルチェンソ・ドラゴン"}))
    assert (code, found) == (1, [violation(
        "DP002", "singleton", 30, "ガルチェンソ・ドラゴン",
        f"《ガルチェンソ・ドラゴン》 is in the deck 2 times (lines {first}, 30); only one card of each name is allowed",
        "keep one: remove line 30",
    )])


def test_dp002_a_name_on_three_lines_is_reported_once_at_the_last(capsys, tmp_path):
    first = line_no(BD4, "ガルチェンソ・ドラゴン")
    path = make_deck(tmp_path, BD4, replace={30: "1 ガルチェンソ・ドラゴン", 31: "1 ガルチェンソ・ドラゴン", 32: "1 永遠のリュウセイ・カイザー"})
    code, found = findings(capsys, path)
    assert code == 1
    assert [v for v in found if v["rule"] == "DP002"] == [violation(
        "DP002", "singleton", 31, "ガルチェンソ・ドラゴン",
        f"《ガルチェンソ・ドラゴン》 is in the deck 3 times (lines {first}, 30, 31); only one card of each name is allowed",
        "keep one: remove line 31",
    ), violation(
        "DP002", "singleton", 32, "永遠のリュウセイ・カイザー",
        "《永遠のリュウセイ・カイザー》 is in the deck 2 times (lines 6, 32); only one card of each name is allowed",
        "keep one: remove line 32",
    )]


def test_dp002_a_count_of_two_on_one_line(capsys, tmp_path):
    path = make_deck(tmp_path, BD4, replace={4: "2 ガルチェンソ・ドラゴン", 30: ""})
    code, found = findings(capsys, path)
    assert (code, found) == (1, [violation(
        "DP002", "singleton", 4, "ガルチェンソ・ドラゴン",
        "《ガルチェンソ・ドラゴン》 is in the deck 2 times (line 4); only one card of each name is allowed",
        "change the count on line 4 to 1",
    )])


def test_dp002_the_partner_listed_again(capsys, tmp_path):
    code, found = findings(capsys, make_deck(tmp_path, BD4, replace={30: "1 ボルシャック・ドラゴ大王"}))
    assert (code, found) == (1, [violation(
        "DP002", "singleton", 30, "ボルシャック・ドラゴ大王",
        "《ボルシャック・ドラゴ大王》 is in the deck 2 times (lines 2, 30); only one card of each name is allowed",
        "the partner already counts as one of the 60; remove line 30",
    )])


# ---------------------------------------------------------------------------- DP003 / DP004


def test_dp003_no_partner_names_the_decks_candidates(capsys, tmp_path):
    code, found = findings(capsys, make_deck(tmp_path, BD4, replace={PARTNER_LINE: "1 ボルシャック・ドラゴ大王"}))
    assert (code, found) == (1, [violation(
        "DP003", "partner-designation", None, None, "no partner is designated",
        "add a line 'パートナー: NAME' (it counts as one of the 60) or pass --partner NAME; creatures in this deck"
        f" that leave no card off-colour: {ADVICE_BD4}",
    )])


def test_dp003_two_partner_lines_reported_at_the_second(capsys, tmp_path):
    code, found = findings(capsys, make_deck(tmp_path, BD4, replace={4: "パートナー: ガルチェンソ・ドラゴン"}))
    assert code == 1
    assert found[0] == violation(
        "DP003", "partner-designation", 4, "ガルチェンソ・ドラゴン",
        "2 partners are designated: 《ボルシャック・ドラゴ大王》 (line 2), 《ガルチェンソ・ドラゴン》 (line 4); a deck has exactly one",
        "keep one partner line and list the other cards as ordinary cards",
    )


def test_dp004_a_spell_partner(capsys, tmp_path):
    path = make_deck(tmp_path, BD4, replace={PARTNER_LINE: "パートナー: エール・ライフ", 30: "1 ボルシャック・ドラゴ大王"})
    code, found = findings(capsys, path)
    assert (code, found) == (1, [violation(
        "DP004", "partner-eligibility", PARTNER_LINE, "エール・ライフ",
        "《エール・ライフ》 cannot be the partner: it is not a creature (type 呪文); the colours of the deck are checked"
        " once a valid partner is chosen",
        f"choose a creature of cost 5 or more; creatures in this deck that leave no card off-colour: {ADVICE_BD4}",
    )])


# ---------------------------------------------------------------------------- DP005 / DP006


def test_dp005_names_the_civilizations_outside_and_allowed(capsys, tmp_path):
    code, found = findings(capsys, make_deck(tmp_path, BD4, replace={30: "1 フェアリー・シャワー"}))
    assert (code, found) == (1, [violation(
        "DP005", "civilization", 30, "フェアリー・シャワー",
        "《フェアリー・シャワー》 is 水/自然, but the partner 《ボルシャック・ドラゴ大王》 has no 水",
        "the partner allows 火 自然 and 無色 cards; remove this card or choose another partner",
    )])


@pytest.mark.parametrize(("base", "card", "shown", "message"), [
    (BD6, "アルプスの使徒メリーアン", "アルプスの使徒メリーアン",
     "(サイキック・クリーチャー) is not a main-deck card: 超次元ゾーン: psychic, dragheart or rule plus"),
    (BD4, "ＧＲの犬 ワンワンワン", "ＧＲの犬 ワンワンワン", "(GRクリーチャー) is not a main-deck card: 超GRゾーン: GR creature"),
    (BD4, "禁断〜封印されしX〜", "禁断 ～封印されしX～", "(禁断の鼓動) is not a main-deck card: starts the game in the battle zone"),
])
def test_dp006_names_the_kind_and_the_zone(capsys, tmp_path, base, card, shown, message):
    code, found = findings(capsys, make_deck(tmp_path, base, replace={30: f"1 {card}"}))
    assert (code, found) == (1, [violation("DP006", "not-main-deck", 30, shown, f"《{shown}》 {message}", MAIN_DECK_HINT)])


def test_dp006_a_side_shared_by_cards_outside_the_main_deck(capsys, tmp_path):
    code, found = findings(capsys, make_deck(tmp_path, BD4, replace={30: "1 零龍"}))
    assert (code, found) == (1, [violation(
        "DP006", "not-main-deck", 30, "零龍",
        "《零龍》 is a side of 《墓地の儀》, 《復活の儀》, 《手札の儀》, 《滅亡の起源 零無》, 《破壊の儀》: not main-deck cards"
        " (starts the game in the battle zone)",
        MAIN_DECK_HINT,
    )])


# ---------------------------------------------------------------------------- DP007 - DP010


def test_dp007_says_since_when_and_the_check_date(capsys, tmp_path):
    code, found = findings(capsys, make_deck(tmp_path, BD4, replace={30: "1 無双竜機ボルバルザーク"}))
    assert (code, found) == (1, [violation(
        "DP007", "premium-hall-of-fame", 30, "無双竜機ボルバルザーク",
        "《無双竜機ボルバルザーク》 is プレミアム殿堂 since 2006-03-15: it cannot be in a deck on 2026-03-16", "remove it",
    )])


def test_dp007_by_the_unconfirmed_change(capsys, tmp_path):
    gift = line_no(BD4, "フェアリー・ギフト")
    code, found = findings(capsys, make_deck(tmp_path, BD4), "--include-unconfirmed", as_of="2026-04-01")
    assert (code, found) == (1, [violation(
        "DP007", "premium-hall-of-fame", gift, "フェアリー・ギフト",
        "《フェアリー・ギフト》 is プレミアム殿堂 by the unconfirmed later change: it cannot be in a deck on 2026-04-01",
        "remove it",
    )])


def test_dp008_names_the_other_card_its_line_and_since(capsys, tmp_path):
    path = make_deck(tmp_path, BD4, replace={PARTNER_LINE: f"パートナー: {RAINBOW}", 30: "1 禁断英雄 モモキングダムX",
                                             40: "1 未来王龍 モモキングJO"})
    code, found = findings(capsys, path)
    assert code == 1
    assert found == [violation(
        "DP008", "premium-combo", 40, "未来王龍 モモキングJO",
        "《未来王龍 モモキングJO》 and 《禁断英雄 モモキングダムX》 (line 30) are a プレミアム殿堂コンビ since 2022-08-15:"
        " they cannot be in one deck",
        "remove one of the two",
    )]


def test_dp009_counts_the_copies(capsys, tmp_path):
    config = house_rules(tmp_path, "singleton: false\n")
    path = make_deck(tmp_path, BD4, replace={30: "1 フェアリー・ギフト", 31: "1 フェアリー・ギフト"})
    code, found = findings(capsys, path, "--config", config)
    gift = line_no(BD4, "フェアリー・ギフト")
    assert gift > 31  # the deck's own copy is the third in line order
    assert (code, found) == (1, [
        violation("DP009", "hall-of-fame", line, "フェアリー・ギフト",
                  f"《フェアリー・ギフト》 is 殿堂入り: at most one copy, the deck has {count}", "keep one copy")
        for line, count in ((31, 2), (gift, 3))
    ])


def test_dp010_house_rules_name_their_file(capsys, tmp_path):
    config = house_rules(tmp_path, "banned: [ガルチェンソ・ドラゴン]\n")
    code, found = findings(capsys, make_deck(tmp_path, BD4), "--config", config)
    assert (code, found) == (1, [violation(
        "DP010", "prohibited", line_no(BD4, "ガルチェンソ・ドラゴン"), "ガルチェンソ・ドラゴン",
        f"《ガルチェンソ・ドラゴン》 is banned by the house rules in {config}", "remove it",
    )])


# ---------------------------------------------------------------------------- DP100 - DP102


def test_dp100_with_close_names(capsys, tmp_path):
    code, found = findings(capsys, make_deck(tmp_path, BD4, replace={4: "1 ガルチェンソ・ドラコン"}))
    assert (code, found) == (1, [violation(
        "DP100", "unknown-card", 4, "ガルチェンソ・ドラコン", "《ガルチェンソ・ドラコン》 matches no card",
        "did you mean 《ガルチェンソ・ドラゴン》, 《コボルン》, 《コンダマ／魂フエミドロ》?",
    )])


def test_dp101_lists_every_card_and_suggests_the_first(capsys, tmp_path):
    code, found = findings(capsys, make_deck(tmp_path, BD4, replace={30: "1 天地命動 バラギアラ"}))
    sides = ["天上天下輪廻独尊", "輪廻暴冥", "輪廻暴氷", "輪廻暴炎", "輪廻暴聖", "輪廻虹災"]
    assert (code, found) == (1, [violation(
        "DP101", "ambiguous-card", 30, "天地命動 バラギアラ",
        "《天地命動 バラギアラ》 matches 6 cards: " + ", ".join(f"《天地命動 バラギアラ／{side}》" for side in sides),
        "write the full official name, e.g. 《天地命動 バラギアラ／天上天下輪廻独尊》",
    )])


def test_dp102_quotes_the_line(capsys, tmp_path):
    code, found = findings(capsys, make_deck(tmp_path, BD4, replace={3: "!!!!"}))
    assert (code, found) == (1, [violation(
        "DP102", "unparsable-line", 3, "!!!!", "line 3: not a card name, a comment (# or //) or a section header",
        "write '1 CARD NAME', comment it out with #, or delete it",
    )])


# ---------------------------------------------------------------------------- warnings


def test_dp201_a_card_without_data(capsys, tmp_path):
    code, found = findings(capsys, make_deck(tmp_path, BD4, replace={30: "1 深淵大帝 ジャシン"}))
    assert (code, found) == (0, [violation(
        "DP201", "incomplete-card-data", 30, "深淵大帝 ジャシン",
        "《深淵大帝 ジャシン》 is a known card with no data yet: its civilization and type were not checked",
        "run 'duepa-check update' to fetch its data", "warning",
    )])


def test_dp202_names_both_dates(capsys, tmp_path):
    code, found = findings(capsys, make_deck(tmp_path, BD6), as_of="2027-01-01")
    assert (code, found) == (0, [violation(
        "DP202", "stale-regulation", None, None,
        "the regulation data ends at 2026-03-16, more than 6 months before the check date 2027-01-01",
        "run 'duepa-check update', or pass --as-of with the tournament's date", "warning",
    )])


def test_dp202_starts_the_day_after_183_days(capsys, tmp_path):
    """MAX_AGE is 183 days: more than that warns, exactly that does not."""
    data_date = date.fromisoformat(AS_OF)
    path = make_deck(tmp_path, BD6)
    _, found = findings(capsys, path, as_of=str(data_date + timedelta(days=183)))
    assert "DP202" not in [v["rule"] for v in found]
    _, found = findings(capsys, path, as_of=str(data_date + timedelta(days=184)))
    assert "DP202" in [v["rule"] for v in found]


def test_dp203_says_before_and_after(capsys, tmp_path):
    code, found = findings(capsys, make_deck(tmp_path, BD4), as_of="2026-04-01")
    assert (code, found) == (0, [violation(
        "DP203", "unconfirmed-change", line_no(BD4, "フェアリー・ギフト"), "フェアリー・ギフト",
        "an unconfirmed later change would make 《フェアリー・ギフト》 プレミアム殿堂 (now 殿堂入り)",
        "--include-unconfirmed applies it; check the official regulation page", "warning",
    )])


def test_dp204_group_and_total(capsys, tmp_path):
    hint = "look for a card lost or listed twice while copying, or correct the heading's number"
    code, found = findings(capsys, make_deck(tmp_path, BD4, replace={3: "クリーチャー (58)"}, append=["", "合計61枚"]))
    assert (code, found) == (0, [
        violation("DP204", "heading-count", 3, "クリーチャー (58)", "the heading says 58 cards, the cards under it add up to 59",
                  hint, "warning"),
        violation("DP204", "heading-count", 64, "合計61枚", "the heading says 61 cards, the list adds up to 60", hint,
                  "warning"),
    ])


# ---------------------------------------------------------------------------- hints that look beyond one card


def test_dp005_a_colourless_partner_allows_no_civilization(capsys, tmp_path):
    """《「修羅」の頂 VAN・ベートーベン》 is a 無色 creature of cost 10: every card with a civilization is off-colour."""
    path = tmp_path / "deck.txt"
    path.write_text("パートナー: 「修羅」の頂 VAN・ベートーベン\n1 フェアリー・シャワー\n1 はずれポンの助\n", encoding="utf-8")
    _, found = findings(capsys, path)
    assert [v for v in found if v["rule"] == "DP005"] == [violation(
        "DP005", "civilization", 2, "フェアリー・シャワー",
        "《フェアリー・シャワー》 is 水/自然, but the partner 《「修羅」の頂 VAN・ベートーベン》 has no 水/自然",
        "the partner allows no civilization and 無色 cards; remove this card or choose another partner",
    )]


POOL_ADVICE = ("from the card pool: 《「勝利」の頂カイザー「刃鬼」》, 《DS電融 ザ＝デッドNEXT》, 《アカシック・ゼット》"
               " ('duepa-check partners DECK --pool' lists all)")


def test_dp003_when_no_creature_of_the_deck_works(capsys, tmp_path):
    """A 水 card in a 火/自然 deck: the hint says so, names the pool's best and the deck's closest (with counts)."""
    path = make_deck(tmp_path, BD4, replace={PARTNER_LINE: "1 ボルシャック・ドラゴ大王", 30: "1 フェアリー・シャワー"})
    code, found = findings(capsys, path)
    assert (code, found) == (1, [violation(
        "DP003", "partner-designation", None, None, "no partner is designated",
        "add a line 'パートナー: NAME' (it counts as one of the 60) or pass --partner NAME; no creature in this deck"
        f" leaves every card in colour; {POOL_ADVICE}; fewest cards off-colour in this deck:"
        " 《ボルシャック・ドラゴ大王》 (1 card), 《無双龍幻バルガ・ド・ライバー》 (1 card), 《ボルシャック・決闘・ドラゴン》 (1 card)",
    )])


def test_dp004_advice_leaves_out_the_designated_card(capsys, tmp_path):
    """The hint's candidates are DP003's, less the card that cannot be the partner."""
    path = make_deck(tmp_path, BD4, replace={PARTNER_LINE: "パートナー: ボルシャック・ドラゴ大王", 30: "1 フェアリー・シャワー"})
    config = house_rules(tmp_path, "partner_min_cost: 11\n")
    code, found = findings(capsys, path, "--config", config)
    assert code == 1
    (dp004,) = [v for v in found if v["rule"] == "DP004"]
    assert "ボルシャック・ドラゴ大王" not in dp004["hint"]
    assert dp004["hint"].startswith("choose a creature of cost 11 or more;")


def test_dp003_when_no_card_of_the_deck_can_be_the_partner(capsys, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("1 エール・ライフ\n1 フェアリー・シャワー\n", encoding="utf-8")
    code, found = findings(capsys, path)
    assert code == 1
    assert [v for v in found if v["rule"] == "DP003"] == [violation(
        "DP003", "partner-designation", None, None, "no partner is designated",
        "add a line 'パートナー: NAME' (it counts as one of the 60) or pass --partner NAME; no card in this deck can be"
        f" the partner; {POOL_ADVICE}",
    )]


NO_PARTNER = "add a line 'パートナー: NAME' (it counts as one of the 60) or pass --partner NAME; "


@pytest.mark.parametrize(("as_of", "candidates"), [
    ("2026-03-16", "《ボルシャック・ドラゴ大王》"),  # ボルバルザーク is プレミアム殿堂 since 2006-03-15
    ("2006-03-01", "《ボルシャック・ドラゴ大王》, 《無双竜機ボルバルザーク》"),  # then only 殿堂入り
])
def test_dp003_candidates_are_legal_on_the_check_date(capsys, tmp_path, as_of, candidates):
    path = tmp_path / "deck.txt"
    path.write_text("1 無双竜機ボルバルザーク\n1 ボルシャック・ドラゴ大王\n", encoding="utf-8")
    _, found = findings(capsys, path, as_of=as_of)
    (dp003,) = [v for v in found if v["rule"] == "DP003"]
    assert dp003["hint"] == f"{NO_PARTNER}creatures in this deck that leave no card off-colour: {candidates}"


def test_dp003_candidates_follow_partner_min_cost(capsys, tmp_path):
    """partner_min_cost: 11 leaves no card of the deck (costs 7 and 10); the pool's candidates cost 11 or more."""
    path = tmp_path / "deck.txt"
    path.write_text("1 無双竜機ボルバルザーク\n1 ボルシャック・ドラゴ大王\n", encoding="utf-8")
    config = house_rules(tmp_path, "partner_min_cost: 11\n")
    _, found = findings(capsys, path, "--config", config)
    (dp003,) = [v for v in found if v["rule"] == "DP003"]
    assert dp003["hint"] == (
        f"{NO_PARTNER}no card in this deck can be the partner; from the card pool: 《伍代ドーラ》, 《ボルシャック・ボルバルザーク》,"
        " 《祝え！冥帝王 ダイジュ・ディダノス》 ('duepa-check partners DECK --pool' lists all)"
    )
