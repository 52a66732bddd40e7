"""Every rule's finding in full: id, line, card, and the message and hint it carries, key and arguments.

test_rules.py asserts the verdict of each rule (which rule, which line); these tests pin the rest
of what a player reads — the message key and the counts, lines, dates and names it is built from,
and which hint it carries — so a rule that passes the wrong argument, or none, fails here. They
compare keys and arguments, not words, so rewording a catalogue does not touch them (the
catalogues have tests of their own). They were written against the survivors of
``python tools/mutation_test.py 'duepa_check.rules.*'`` (mutmut); the decks are checked in-process.
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from support import AS_OF, BD4, BD6, check_json, line_no, make_deck, run

from duepa_check.check.checker import Checker, CheckOptions
from duepa_check.data.pool import CardPool
from duepa_check.data.regulation import (
    OFFICIAL_PAGE_REASON,
    embedded_regulation_path,
    load_regulation,
    regulation_from_data,
)
from duepa_check.messages import Listed, Msg, msg, text

RAINBOW = "五元のロードライト"  # 光/水/闇/火/自然 creature, cost 6: every civilization fits
PARTNER_LINE = 2
GIFT = line_no(BD4, "フェアリー・ギフト")  # 殿堂入り; an unconfirmed change makes it プレミアム殿堂
ADVICE_BD4_LINES = "sep.names[partner-designation.listed(card=ボルシャック・ドラゴ大王, line=2)]"  # the first of three
ADVICE_BD4_MOVED = ADVICE_BD4_LINES.replace("line=2)", "line=30)")  # the partner's own card on line 30
POOL_ADVICE = "partner-advice.pool(candidates=sep.names[《「勝利」の頂カイザー「刃鬼」》])"


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return CardPool.load()


def words(value) -> str:
    """A message as its key and arguments, ``key(name=value, ...)``; a list as ``sep[item, ...]``."""
    if isinstance(value, Msg):
        return f"{value.key}(" + ", ".join(f"{name}={words(arg)}" for name, arg in sorted(value.args.items())) + ")"
    if isinstance(value, Listed):
        if not value.items and value.empty:
            return value.empty
        return f"{value.sep}[" + ", ".join(words(item) for item in value.items) + "]"
    return str(value)


def regulation_with(**changes):
    """The embedded regulation with some of its lists replaced, as an updated data dir could hold."""
    data = load_regulation(embedded_regulation_path()).to_yaml_data()
    data.update(changes)
    return regulation_from_data(data, "test regulation")


def findings(
    pool, path, on: str = AS_OF, house: str | None = None, regulation=None, include_unconfirmed: bool = False
) -> list[tuple]:
    """(rule, line, card, message, hint) of every violation; the hint is its key alone when it takes the
    message's arguments (``finding(..., hint="key")``)."""
    config = None
    if house is not None:
        config = path.parent / "house-rules.yaml"
        config.write_text(house, encoding="utf-8")
    regulation = regulation or load_regulation(embedded_regulation_path())
    options = CheckOptions(as_of=date.fromisoformat(on), config_path=config, include_unconfirmed=include_unconfirmed)
    result = Checker(pool, regulation, options).check(path)
    assert result.error is None, result.error
    found = []
    for v in result.violations:
        hint = None if v.hint is None else v.hint.key if v.hint.args is v.message.args else words(v.hint)
        found.append((v.rule, v.line, v.card, words(v.message), hint))
    return found


def of(rule: str, found: list[tuple]) -> list[tuple]:
    return [f for f in found if f[0] == rule]


def small_deck(tmp_path, text: str):
    path = tmp_path / "deck.txt"
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------------------- the JSON object


def test_violation_json_keys_and_stamped_fields(capsys, tmp_path):
    """The JSON contract's keys, in order; run_rules stamps the rule's id, name and severity."""
    code, deck = check_json(capsys, make_deck(tmp_path, BD4, replace={30: "1 フェアリー・シャワー"}))
    (violation,) = deck["violations"]
    assert list(violation) == ["rule", "name", "severity", "line", "card", "message", "hint"]
    assert (
        code,
        violation["rule"],
        violation["name"],
        violation["severity"],
        violation["line"],
        violation["card"],
    ) == (1, "DP005", "civilization", "error", 30, "フェアリー・シャワー")
    assert violation["message"] and violation["hint"]


# ---------------------------------------------------------------------------- DP001


@pytest.mark.parametrize(
    ("replace", "append", "count", "difference", "hint"),
    [
        ({30: ""}, [], 59, 1, "deck-size.add.one"),
        ({30: "", 31: ""}, [], 58, 2, "deck-size.add.other"),  # plural of the difference, not of the count
        ({}, ["1 エール・ライフ"], 61, 1, "deck-size.remove.one"),
        ({}, ["1 エール・ライフ", "1 はずれポンの助"], 62, 2, "deck-size.remove.other"),
    ],
)
def test_dp001_the_count_and_how_many_to_add_or_remove(pool, tmp_path, replace, append, count, difference, hint):
    found = findings(pool, make_deck(tmp_path, BD4, replace=replace, append=append))
    assert found == [
        ("DP001", None, None, f"deck-size.count.other(count={count}, difference={difference}, wanted=60)", hint)
    ]


def test_dp001_follows_the_house_rules_deck_size(pool, tmp_path):
    found = findings(pool, make_deck(tmp_path, BD4), house="deck_size: 59\n")
    assert found == [
        ("DP001", None, None, "deck-size.count.other(count=60, difference=1, wanted=59)", "deck-size.remove.one")
    ]


def test_dp001_one_card(pool, tmp_path):
    found = findings(pool, small_deck(tmp_path, "パートナー: ボルシャック・ドラゴ大王\n"))
    assert found == [
        ("DP001", None, None, "deck-size.count.one(count=1, difference=59, wanted=60)", "deck-size.add.other")
    ]


# ---------------------------------------------------------------------------- DP002


def test_dp002_a_name_on_two_lines(pool, tmp_path):
    first = line_no(BD4, "ガルチェンソ・ドラゴン")
    found = findings(pool, make_deck(tmp_path, BD4, replace={30: "1 ガルチェンソ・ドラゴン"}))
    assert found == [
        (
            "DP002",
            30,
            "ガルチェンソ・ドラゴン",
            f"singleton.copies.other(card=ガルチェンソ・ドラゴン, line=30, lines=sep.lines[{first}, 30], total=2)",
            "singleton.hint.remove.replace",
        )
    ]


def test_dp002_each_line_beyond_the_first_is_a_problem(pool, tmp_path):
    """A name on lines 4, 30 and 31 (two copies): lines 30 and 31 each say to go, so that following
    both leaves line 4's copy; the deck has one card too many, which line 30 is (issue 47)."""
    path = make_deck(
        tmp_path,
        BD4,
        replace={30: "1 ガルチェンソ・ドラゴン", 31: "2 ガルチェンソ・ドラゴン", 32: "1 永遠のリュウセイ・カイザー"},
    )
    gal = "singleton.copies.other(card=ガルチェンソ・ドラゴン, line={}, lines=sep.lines[4, 30, 31], total=4)"
    assert of("DP002", findings(pool, path)) == [
        ("DP002", 30, "ガルチェンソ・ドラゴン", gal.format(30), "singleton.hint.remove"),  # the one card too many
        ("DP002", 31, "ガルチェンソ・ドラゴン", gal.format(31), "singleton.hint.remove.replace"),
        (
            "DP002",
            32,
            "永遠のリュウセイ・カイザー",
            "singleton.copies.other(card=永遠のリュウセイ・カイザー, line=32, lines=sep.lines[6, 32], total=2)",
            "singleton.hint.remove.replace",
        ),
    ]


def test_dp002_a_deck_whose_every_line_has_two_copies(pool, tmp_path):
    found = findings(pool, small_deck(tmp_path, "2 ガルチェンソ・ドラゴン\n"))
    assert of("DP002", found) == [
        (
            "DP002",
            1,
            "ガルチェンソ・ドラゴン",
            "singleton.copies.one(card=ガルチェンソ・ドラゴン, line=1, lines=sep.lines[1], total=2)",
            "singleton.hint.count.replace",
        )
    ]


def test_dp002_a_count_of_two_on_one_line(pool, tmp_path):
    found = findings(pool, make_deck(tmp_path, BD4, replace={4: "2 ガルチェンソ・ドラゴン", 30: ""}))
    assert found == [
        (
            "DP002",
            4,
            "ガルチェンソ・ドラゴン",
            "singleton.copies.one(card=ガルチェンソ・ドラゴン, line=4, lines=sep.lines[4], total=2)",
            "singleton.hint.count.replace",
        )
    ]


def test_dp002_the_partner_listed_again(pool, tmp_path):
    found = findings(pool, make_deck(tmp_path, BD4, replace={30: "1 ボルシャック・ドラゴ大王"}))
    assert found == [
        (
            "DP002",
            30,
            "ボルシャック・ドラゴ大王",
            "singleton.copies.other(card=ボルシャック・ドラゴ大王, line=30, lines=sep.lines[2, 30], total=2)",
            "singleton.hint.partner.replace",
        )
    ]


# ---------------------------------------------------------------------------- DP003 / DP004 and the partner advice


def test_dp003_no_partner_names_the_decks_candidates(pool, tmp_path):
    found = findings(pool, make_deck(tmp_path, BD4, replace={PARTNER_LINE: "1 ボルシャック・ドラゴ大王"}))
    assert found == [
        (
            "DP003",
            None,
            None,
            "partner-designation.none()",
            "partner-designation.none.hint.mark(advice=sep.clauses[partner-advice.working("
            f"candidates={ADVICE_BD4_LINES})], count=60, size=60)",
        )
    ]


def test_dp003_two_partner_lines_reported_at_the_second(pool, tmp_path):
    found = findings(pool, make_deck(tmp_path, BD4, replace={4: "パートナー: ガルチェンソ・ドラゴン"}))
    assert of("DP003", found) == [
        (
            "DP003",
            4,
            "ガルチェンソ・ドラゴン",
            "partner-designation.many(count=2, "
            "partners=sep.names[partner-designation.listed(card=ボルシャック・ドラゴ大王, line=2),"
            " partner-designation.listed(card=ガルチェンソ・ドラゴン, line=4)])",
            "partner-designation.many.hint",
        )
    ]


def test_dp003_when_no_creature_of_the_deck_works(pool, tmp_path):
    """A 水 card in a 火/自然 deck: the hint names the deck's closest card, with its count."""
    path = make_deck(tmp_path, BD4, replace={PARTNER_LINE: "1 ボルシャック・ドラゴ大王", 30: "1 フェアリー・シャワー"})
    fewest = "partner-advice.off-count.one(card=ボルシャック・ドラゴ大王, count=1)"
    assert findings(pool, path) == [
        (
            "DP003",
            None,
            None,
            "partner-designation.none()",
            f"partner-designation.none.hint.mark(advice=sep.clauses[partner-advice.fewest(candidates=sep.names[{fewest}])],"
            " count=60, size=60)",
        )
    ]


def test_dp003_when_no_card_of_the_deck_can_be_the_partner(pool, tmp_path):
    found = findings(pool, small_deck(tmp_path, "1 エール・ライフ\n1 フェアリー・シャワー\n"))
    assert of("DP003", found) == [
        (
            "DP003",
            None,
            None,
            "partner-designation.none()",
            f"partner-designation.none.hint(advice=sep.clauses[{POOL_ADVICE}], count=2, size=60)",
        )
    ]


@pytest.mark.parametrize("on", [AS_OF, "2006-03-01"])
def test_dp003_candidates_are_legal_on_the_check_date(pool, tmp_path, on):
    """ボルバルザーク is プレミアム殿堂 since 2006-03-15: named as the partner only before."""
    found = findings(pool, small_deck(tmp_path, "1 無双竜機ボルバルザーク\n1 エール・ライフ\n"), on=on)
    (hint,) = [f[4] for f in of("DP003", found)]
    named = "partner-designation.listed(card=無双竜機ボルバルザーク, line=1)" in hint
    assert named is (on != AS_OF), hint
    assert "partner-advice.working" in hint if named else "partner-advice.pool" in hint


def test_dp003_candidates_follow_partner_min_cost(pool, tmp_path):
    """partner_min_cost: 11 leaves no card of the deck (costs 7 and 10); the pool's candidates cost 11 or more."""
    path = small_deck(tmp_path, "1 無双竜機ボルバルザーク\n1 ボルシャック・ドラゴ大王\n")
    found = findings(pool, path, house="partner_min_cost: 11\n")
    assert [f[4] for f in of("DP003", found)] == [
        "partner-designation.none.hint(advice=sep.clauses[partner-advice.pool(candidates=sep.names[《伍代ドーラ》])],"
        " count=2, size=60)"
    ]


def test_dp004_a_spell_partner(pool, tmp_path):
    path = make_deck(
        tmp_path, BD4, replace={PARTNER_LINE: "パートナー: エール・ライフ", 30: "1 ボルシャック・ドラゴ大王"}
    )
    assert findings(pool, path) == [
        (
            "DP004",
            PARTNER_LINE,
            "エール・ライフ",
            "partner-eligibility.not-eligible(card=エール・ライフ, problem=partner-problem.not-creature(type=呪文))",
            f"partner-eligibility.hint.move(advice=sep.clauses[partner-advice.working(candidates={ADVICE_BD4_MOVED})], "
            "card=エール・ライフ, line=2, minimum=5)",
        )
    ]


def test_dp004_follows_partner_min_cost(pool, tmp_path):
    found = findings(pool, make_deck(tmp_path, BD4), house="partner_min_cost: 11\n")
    assert [f[:4] for f in found] == [
        (
            "DP004",
            PARTNER_LINE,
            "ボルシャック・ドラゴ大王",
            "partner-eligibility.not-eligible(card=ボルシャック・ドラゴ大王, problem=partner-problem.cost(cost=10, "
            "minimum=11))",
        )
    ]
    assert found[0][4].endswith(", minimum=11)")


# ---------------------------------------------------------------------------- DP005 / DP006


def test_dp005_names_the_civilizations_outside_and_allowed(pool, tmp_path):
    found = findings(pool, make_deck(tmp_path, BD4, replace={30: "1 フェアリー・シャワー"}))
    assert found == [
        (
            "DP005",
            30,
            "フェアリー・シャワー",
            "civilization.outside(allowed=sep.civilizations.words[火, 自然], card=フェアリー・シャワー,"
            " civilizations=sep.civilizations[水, 自然], outside=sep.civilizations[水], "
            "partner=ボルシャック・ドラゴ大王)",
            "civilization.outside.hint.replace",
        )
    ]


def test_dp005_a_colourless_partner_allows_no_civilization(pool, tmp_path):
    """《「修羅」の頂 VAN・ベートーベン》 is a 無色 creature of cost 10: every card with a civilization is
    off-colour."""
    path = small_deck(
        tmp_path, "パートナー: 「修羅」の頂 VAN・ベートーベン\n1 フェアリー・シャワー\n1 はずれポンの助\n"
    )
    assert of("DP005", findings(pool, path)) == [
        (
            "DP005",
            2,
            "フェアリー・シャワー",
            "civilization.outside(allowed=sep.civilizations.words[], card=フェアリー・シャワー,"
            " civilizations=sep.civilizations[水, 自然], outside=sep.civilizations[水, 自然], "
            "partner=「修羅」の頂 VAN・ベートーベン)",
            "civilization.outside.hint.colorless-partner.replace",
        )
    ]


@pytest.mark.parametrize(
    ("base", "card", "shown", "kind", "zone"),
    [
        (BD6, "アルプスの使徒メリーアン", "アルプスの使徒メリーアン", "サイキック・クリーチャー", "hyperspatial"),
        (BD4, "ＧＲの犬 ワンワンワン", "ＧＲの犬 ワンワンワン", "GRクリーチャー", "super_gr"),
        (BD4, "禁断〜封印されしX〜", "禁断 ～封印されしX～", "禁断の鼓動", "starts_in_battle_zone"),
    ],
)
def test_dp006_names_the_kind_and_the_zone(pool, tmp_path, base, card, shown, kind, zone):
    found = findings(pool, make_deck(tmp_path, base, replace={30: f"1 {card}"}))
    assert found == [
        (
            "DP006",
            30,
            shown,
            f"not-main-deck.card(card={shown}, kind={kind}, zone=zone.{zone}())",
            "not-main-deck.hint.replace",
        )
    ]


def test_dp006_a_side_shared_by_cards_outside_the_main_deck(pool, tmp_path):
    found = findings(pool, make_deck(tmp_path, BD4, replace={30: "1 零龍"}))
    assert found == [
        (
            "DP006",
            30,
            "零龍",
            "not-main-deck.side(card=零龍, cards=sep.names[《墓地の儀》, 《復活の儀》, 《手札の儀》, "
            "《滅亡の起源 零無》, 《破壊の儀》],"
            " zone=zone.starts_in_battle_zone())",
            "not-main-deck.hint.replace",
        )
    ]


# ---------------------------------------------------------------------------- DP007 - DP010


def test_dp007_says_since_when_and_the_check_date(pool, tmp_path):
    found = findings(pool, make_deck(tmp_path, BD4, replace={30: "1 無双竜機ボルバルザーク"}))
    assert found == [
        (
            "DP007",
            30,
            "無双竜機ボルバルザーク",
            "premium-hall-of-fame.since(as_of=2026-03-16, card=無双竜機ボルバルザーク, since=2006-03-15)",
            "hint.remove-it.replace",
        )
    ]


def test_dp007_by_the_unconfirmed_change(pool, tmp_path):
    found = findings(pool, make_deck(tmp_path, BD4), on="2026-04-01", include_unconfirmed=True)
    assert found == [
        (
            "DP007",
            GIFT,
            "フェアリー・ギフト",
            "premium-hall-of-fame.unconfirmed(as_of=2026-04-01, card=フェアリー・ギフト, since=2016-09-15)",
            "hint.remove-it.replace",
        )
    ]


def test_dp008_names_the_other_card_its_line_and_since(pool, tmp_path):
    path = make_deck(
        tmp_path,
        BD4,
        replace={
            PARTNER_LINE: f"パートナー: {RAINBOW}",
            30: "1 禁断英雄 モモキングダムX",
            40: "1 未来王龍 モモキングJO",
        },
    )
    assert findings(pool, path) == [
        (
            "DP008",
            40,
            "未来王龍 モモキングJO",
            "premium-combo.both(card=未来王龍 モモキングJO, other=禁断英雄 モモキングダムX, other_line=30, "
            "since=2022-08-15)",
            "premium-combo.both.hint.replace",
        )
    ]


@pytest.mark.parametrize(
    ("lines", "later", "other"),
    [
        ({4: "1 龍仙ロマネスク", 5: "1 母なる紋章"}, "母なる紋章", "龍仙ロマネスク"),
        ({4: "1 母なる紋章", 5: "1 龍仙ロマネスク"}, "龍仙ロマネスク", "母なる紋章"),  # the combo's first card later
    ],
)
def test_dp008_the_second_combo_in_force_at_the_later_line(pool, tmp_path, lines, later, other):
    """On 2008-06-01 two combos were in force, ロマネスク + 母なる大地 and ロマネスク + 母なる紋章: the deck holds the
    second only. The finding is on the later line and names the other card and its line."""
    found = findings(
        pool, make_deck(tmp_path, BD4, replace=lines), on="2008-06-01", house="disable: [DP005, DP007, DP202]\n"
    )
    assert found == [
        (
            "DP008",
            5,
            later,
            f"premium-combo.both(card={later}, other={other}, other_line=4, since=2007-11-23)",
            "premium-combo.both.hint.replace",
        )
    ]


def test_dp008_a_combo_the_house_rules_allow_does_not_hide_the_next(pool, tmp_path):
    """allowed: [母なる大地] lifts ロマネスク + 母なる大地; ロマネスク + 母なる紋章, in force on the same day, "
    "still counts."""
    path = make_deck(tmp_path, BD4, replace={4: "1 龍仙ロマネスク", 5: "1 母なる大地", 6: "1 母なる紋章"})
    found = findings(pool, path, on="2008-06-01", house="disable: [DP005, DP007, DP202]\nallowed: [母なる大地]\n")
    assert found == [
        (
            "DP008",
            6,
            "母なる紋章",
            "premium-combo.both(card=母なる紋章, other=龍仙ロマネスク, other_line=4, since=2007-11-23)",
            "premium-combo.both.hint.replace",
        )
    ]


def test_dp009_counts_the_copies(pool, tmp_path):
    assert GIFT > 31  # the deck's own copy is the third in line order
    path = make_deck(tmp_path, BD4, replace={30: "1 フェアリー・ギフト", 31: "1 フェアリー・ギフト"})
    assert findings(pool, path, house="singleton: false\n") == [
        (
            "DP009",
            line,
            "フェアリー・ギフト",
            f"hall-of-fame.copies(card=フェアリー・ギフト, count={count})",
            "hall-of-fame.copies.hint.replace",
        )
        for line, count in ((31, 2), (GIFT, 3))
    ]


def test_dp010_house_rules_name_their_file(pool, tmp_path):
    path = make_deck(tmp_path, BD4)
    found = findings(pool, path, house="banned: [ガルチェンソ・ドラゴン]\n")
    assert found == [
        (
            "DP010",
            4,
            "ガルチェンソ・ドラゴン",
            f"prohibited.house-rules(card=ガルチェンソ・ドラゴン, source={tmp_path / 'house-rules.yaml'})",
            "hint.remove-it.replace",
        )
    ]


@pytest.mark.parametrize(
    ("reason", "message"),
    [
        (
            " a ruling for this test ",
            "prohibited.official.reason(card=ガルチェンソ・ドラゴン, reason=a ruling for this test)",
        ),
        ("", "prohibited.official(card=ガルチェンソ・ドラゴン, reason=)"),
        (
            # the reason the update writes for the official page's list: said in the run's language
            OFFICIAL_PAGE_REASON,
            "prohibited.official.reason(card=ガルチェンソ・ドラゴン, reason=prohibited.reason.official-page())",
        ),
    ],
)
def test_dp010_official_with_and_without_a_reason(pool, tmp_path, reason, message):
    regulation = regulation_with(prohibited=[{"card": "ガルチェンソ・ドラゴン", "reason": reason}])
    found = findings(pool, make_deck(tmp_path, BD4), regulation=regulation)
    assert found == [("DP010", 4, "ガルチェンソ・ドラゴン", message, "hint.remove-it.replace")]


@pytest.mark.parametrize(
    ("house", "expected"),
    [
        ("banned: [ガルチェンソ・ドラゴン]\n", ["prohibited.house-rules"]),
        ("allowed: [ガルチェンソ・ドラゴン]\n", []),
    ],
)
def test_dp010_a_prohibited_card_the_house_rules_name(pool, tmp_path, house, expected):
    """A 使用禁止 card the house rules also ban is reported once (as theirs); one they allow is not reported."""
    regulation = regulation_with(prohibited=[{"card": "ガルチェンソ・ドラゴン", "reason": ""}])
    found = findings(pool, make_deck(tmp_path, BD4), house=house, regulation=regulation)
    assert [f[3].split("(")[0] for f in found] == expected


# ---------------------------------------------------------------------------- DP100 - DP102


def test_dp100_with_close_names(pool, tmp_path):
    found = findings(pool, make_deck(tmp_path, BD4, replace={4: "1 ガルチェンソ・ドラコン"}))
    assert found == [
        (
            "DP100",
            4,
            "ガルチェンソ・ドラコン",
            "unknown-card.none(card=ガルチェンソ・ドラコン, suggestions=sep.names[《ガルチェンソ・ドラゴン》, "
            "《コボルン》, 《コンダマ／魂フエミドロ》])",
            "unknown-card.hint.suggestions",
        )
    ]


def test_dp100_searches_close_names_for_the_first_unknown_names_only(pool, tmp_path, monkeypatch):
    from duepa_check.rules import unknown_card

    monkeypatch.setattr(unknown_card, "SUGGEST_AT_MOST", 2)
    # an ambiguous name first: it is no unknown name (DP101), and the unknown ones after it are still looked at
    path = small_deck(
        tmp_path,
        "1 天地命動 バラギアラ\n1 ガルチェンソ・ドラコン\n1 ボルシャック・ドラゴ大玉\n"
        "1 ガルチェンソ・ドラコン２\n1 ガルチェンソ・ドラコン３\n",
    )
    found = findings(pool, path)
    assert [f[:2] for f in found if f[0] != "DP001" and f[0] != "DP003"] == [
        ("DP101", 1),
        ("DP100", 2),
        ("DP100", 3),
        ("DP100", 4),
        ("DP100", 5),
    ]
    assert [(line, hint) for _, line, _, _, hint in of("DP100", found)] == [
        (2, "unknown-card.hint.suggestions"),
        (3, "unknown-card.hint.suggestions"),
        (4, "unknown-card.hint.not-searched"),
        (5, "unknown-card.hint.not-searched"),
    ]
    assert of("DP100", found)[2][2:4] == (
        "ガルチェンソ・ドラコン２",
        "unknown-card.none(card=ガルチェンソ・ドラコン２, limit=2)",
    )


def test_dp100_without_close_names(pool, tmp_path):
    found = findings(pool, make_deck(tmp_path, BD4, replace={4: "1 ゞゞゞゞ"}))
    assert found == [
        ("DP100", 4, "ゞゞゞゞ", "unknown-card.none(card=ゞゞゞゞ, suggestions=sep.names[])", "unknown-card.hint")
    ]


def test_dp101_lists_every_card_and_suggests_the_first(pool, tmp_path):
    found = findings(pool, make_deck(tmp_path, BD4, replace={30: "1 天地命動 バラギアラ"}))
    sides = ["天上天下輪廻独尊", "輪廻暴冥", "輪廻暴氷", "輪廻暴炎", "輪廻暴聖", "輪廻虹災"]
    names = ", ".join(f"《天地命動 バラギアラ／{side}》" for side in sides)
    assert found == [
        (
            "DP101",
            30,
            "天地命動 バラギアラ",
            "ambiguous-card.matches(card=天地命動 バラギアラ, count=6, first=天地命動 バラギアラ／天上天下輪廻独尊, "
            f"names=sep.names[{names}])",
            "ambiguous-card.matches.hint",
        )
    ]


def test_dp102_quotes_the_line(pool, tmp_path):
    found = findings(pool, make_deck(tmp_path, BD4, replace={3: "!!!!"}))
    assert found == [
        (
            "DP102",
            3,
            "!!!!",
            "unparsable-line.line(line=3, problem=parse.not-a-card-line())",
            "unparsable-line.line.hint",
        )
    ]


def test_dp102_a_long_line_is_quoted_up_to_60_characters(pool, tmp_path):
    found = findings(pool, make_deck(tmp_path, BD4, replace={3: "!" * 70}))
    assert found == [
        (
            "DP102",
            3,
            "!" * 60,
            "unparsable-line.line(line=3, problem=parse.not-a-card-line())",
            "unparsable-line.line.hint",
        )
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            '{"partner": "ボルシャック・ドラゴ大王",\n "cards": ["ボルシャック・ドラゴン"],\n "cards": []}',
            (
                3,
                "cards",
                "unparsable-line.line(line=3, problem=parse.duplicate-key(key=cards))",
                "unparsable-line.duplicate-key.hint",
            ),
        ),
        (
            '{"partner": "ボルシャック・ドラゴ大王", "cards": ["\\ud800"]}',
            (
                1,
                "\\ud800",
                "unparsable-line.line(line=1, problem=parse.lone-surrogate())",
                "unparsable-line.lone-surrogate.hint",
            ),
        ),
    ],
)
def test_dp102_problems_with_a_hint_of_their_own(pool, tmp_path, text, expected):
    """A key given twice, and a JSON escape that is no character, are not fixed by writing '1 CARD NAME'."""
    path = tmp_path / "deck.json"
    path.write_text(text, encoding="utf-8")
    assert [f[1:] for f in of("DP102", findings(pool, path))] == [expected]


def test_dp006_a_card_without_data_the_regulation_says_starts_in_the_battle_zone(pool, tmp_path):
    """Its kind is unknown (no faces); the zone comes from the regulation's list."""
    starters = [*load_regulation(embedded_regulation_path()).starts_in_battle_zone, "深淵大帝 ジャシン"]
    path = make_deck(tmp_path, BD4, replace={30: "1 深淵大帝 ジャシン"})
    assert of("DP006", findings(pool, path, regulation=regulation_with(starts_in_battle_zone=starters))) == [
        (
            "DP006",
            30,
            "深淵大帝 ジャシン",
            "not-main-deck.card(card=深淵大帝 ジャシン, kind=card.kind-unknown(), zone=zone.starts_in_battle_zone())",
            "not-main-deck.hint.replace",
        )
    ]


# ---------------------------------------------------------------------------- warnings


def test_dp201_a_card_without_data(pool, tmp_path):
    found = findings(pool, make_deck(tmp_path, BD4, replace={30: "1 深淵大帝 ジャシン"}))
    assert found == [
        (
            "DP201",
            30,
            "深淵大帝 ジャシン",
            "incomplete-card-data.no-data(card=深淵大帝 ジャシン)",
            "incomplete-card-data.no-data.hint",
        )
    ]


def test_dp202_names_both_dates(pool, tmp_path):
    found = findings(pool, make_deck(tmp_path, BD6), on="2027-01-01")
    assert found == [
        (
            "DP202",
            None,
            None,
            "stale-regulation.old(as_of=2027-01-01, data_date=2026-03-16)",
            "stale-regulation.old.hint",
        )
    ]


def test_dp202_starts_after_183_days(pool, tmp_path):
    """MAX_AGE is 183 days: more than that warns, exactly that does not."""
    data_date = date.fromisoformat(AS_OF)
    path = make_deck(tmp_path, BD6)
    assert findings(pool, path, on=str(data_date + timedelta(days=183))) == []
    assert [f[0] for f in findings(pool, path, on=str(data_date + timedelta(days=184)))] == ["DP202"]


def test_dp203_says_before_and_after(pool, tmp_path, capsys):
    """Its hint is one line that says where the evidence is (issue 47): `duepa-check rules DP203`
    cites the fan database's two entries (2026-07-27 and 2026-08-13) and the 殿堂解除選手権."""
    found = findings(pool, make_deck(tmp_path, BD4), on="2026-04-01")
    evidence = (
        "Ether1013/DuelMastersCardSearchTaiwan @e98fe04 2026-07-27, @780985d 2026-08-13; 殿堂解除選手権 2026-07-27"
    )
    assert found == [
        (
            "DP203",
            GIFT,
            "フェアリー・ギフト",
            "unconfirmed-change.would(after=status.premium_hall_of_fame(), before=status.hall_of_fame(), "
            "card=フェアリー・ギフト)",
            "unconfirmed-change.would.hint",
        )
    ]
    shown = run(capsys, "rules", "DP203")
    assert shown.code == 0 and evidence in " ".join(shown.out.split())  # wrapped to the terminal: joined
    for lang, words in (
        ("en", "unconfirmed: a fan card database's change"),
        ("ja", "未確認: ファンのカードデータベースの改定"),
    ):
        hint = text(msg("unconfirmed-change.would.hint.source", source=evidence), lang)
        assert hint.startswith(words) and evidence in hint and "\n" not in hint


def test_dp203_without_a_source_says_only_how_to_apply_it(pool, tmp_path):
    """A regulation file with no unconfirmed source (one written by hand) has the same one-line hint."""
    regulation = load_regulation(embedded_regulation_path())
    regulation.unconfirmed_source = ""
    found = findings(pool, make_deck(tmp_path, BD4), on="2026-04-01", regulation=regulation)
    assert [f[4] for f in found] == ["unconfirmed-change.would.hint"]


def test_dp203_passes_over_a_change_that_changes_nothing(pool, tmp_path):
    """An unconfirmed change to the status a card already has is no warning, and the cards after it are still
    looked at (ガルチェンソ・ドラゴン, line 4, is listed before フェアリー・ギフト)."""
    unconfirmed = load_regulation(embedded_regulation_path()).to_yaml_data()["unconfirmed"]
    changes = [*unconfirmed["changes"], {"card": "ガルチェンソ・ドラゴン", "status": "unrestricted"}]
    regulation = regulation_with(unconfirmed={**unconfirmed, "changes": changes})
    found = findings(pool, make_deck(tmp_path, BD4), on="2026-04-01", regulation=regulation)
    assert [f[:3] for f in found] == [("DP203", GIFT, "フェアリー・ギフト")]


def test_dp204_group_and_total(pool, tmp_path):
    path = make_deck(tmp_path, BD4, replace={3: "クリーチャー (58)"}, append=["", "合計61枚"])
    assert findings(pool, path) == [
        ("DP204", 3, "クリーチャー (58)", "heading-count.group(counted=59, stated=58)", "heading-count.hint"),
        ("DP204", 64, "合計61枚", "heading-count.total(counted=60, stated=61)", "heading-count.hint"),
    ]


def test_dp204_a_group_with_an_unreadable_line_does_not_stop_the_next(pool, tmp_path):
    """クリーチャー (10) holds the unreadable line 8 (skipped); 呪文 (5) after it is still compared."""
    path = make_deck(tmp_path, BD4, replace={3: "クリーチャー (10)", 8: "!!!!", 14: "呪文 (5)"})
    assert of("DP204", findings(pool, path)) == [
        ("DP204", 14, "呪文 (5)", "heading-count.group(counted=48, stated=5)", "heading-count.hint"),
    ]


def test_dp204_a_total_does_not_count_a_partner_added_by_the_option(pool, tmp_path):
    """合計59枚 over 59 listed cards is right; --partner adds the 60th, which is on no line of the list."""
    path = make_deck(tmp_path, BD4, replace={PARTNER_LINE: ""}, append=["", "合計59枚"])
    options = CheckOptions(as_of=date.fromisoformat(AS_OF), partner="ボルシャック・ドラゴ大王")
    result = Checker(pool, load_regulation(embedded_regulation_path()), options).check(path)
    assert result.error is None, result.error
    assert [(v.rule, v.line) for v in result.violations] == []


# ---------------------------------------------------------------------------- run_rules, Violation, Context


def resolved(pool, path):
    from duepa_check.reading.decklist import load_decklist
    from duepa_check.reading.resolve import resolve_deck

    return resolve_deck(load_decklist(path), pool)


def test_violations_are_in_line_order_whole_deck_findings_first(pool, tmp_path):
    """DP005 on line 30 before DP002 on line 40 (not by rule id); DP001 (no line) first."""
    path = make_deck(
        tmp_path,
        BD4,
        replace={30: "1 フェアリー・シャワー", 40: "1 ガルチェンソ・ドラゴン"},
        append=["1 エール・ライフ"],
    )
    assert [f[:2] for f in findings(pool, path)] == [("DP001", None), ("DP005", 30), ("DP002", 40)]


def test_run_rules_only_the_rules_asked_for(pool, tmp_path):
    from duepa_check.rules import Context, run_rules

    deck = resolved(
        pool, make_deck(tmp_path, BD4, replace={4: "1 ガルチェンソ・ドラコン", 30: "1 フェアリー・シャワー"})
    )
    context = Context(as_of=date.fromisoformat(AS_OF), regulation=load_regulation(embedded_regulation_path()))
    assert [(v.rule, v.line) for v in run_rules(deck, context)] == [("DP100", 4), ("DP005", 30)]
    assert [(v.rule, v.line) for v in run_rules(deck, context, only=("DP100",))] == [("DP100", 4)]


def test_restricted_cards_are_worked_out_again_for_another_date(pool, tmp_path):
    """The per-deck memo is keyed by the date: ボルバルザーク is 殿堂入り on 2006-03-01, "
    "プレミアム殿堂 on 2006-03-15."""
    from duepa_check.rules import Context

    deck = resolved(pool, make_deck(tmp_path, BD4, replace={30: "1 無双竜機ボルバルザーク"}))
    regulation = load_regulation(embedded_regulation_path())
    for on, status in (
        ("2006-03-01", "hall_of_fame"),
        ("2006-03-15", "premium_hall_of_fame"),
        ("2006-03-01", "hall_of_fame"),
    ):
        restricted = Context(as_of=date.fromisoformat(on), regulation=regulation).restricted_cards(deck)
        assert [(c.card.name, s) for c, s in restricted if c.entry.line == 30] == [("無双竜機ボルバルザーク", status)]


def test_violation_texts_in_the_language_asked_for(pool, tmp_path):
    from duepa_check.messages import text
    from duepa_check.rules import Violation

    path = make_deck(tmp_path, BD4, replace={30: "1 フェアリー・シャワー"})
    result = Checker(
        pool, load_regulation(embedded_regulation_path()), CheckOptions(as_of=date.fromisoformat(AS_OF))
    ).check(path)
    (violation,) = result.violations
    assert violation.texts("ja") == (text(violation.message, "ja"), text(violation.hint, "ja")) != violation.texts("en")
    assert violation._replace(hint=None).texts("ja") == (text(violation.message, "ja"), "")
    assert Violation(*violation[:6]).to_json()["hint"] == ""
