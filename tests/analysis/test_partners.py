"""`duepa-check partners` on the official product decks: which cards could lead a deck.

Every official DuePar product (tests/fixtures/decks, written from the set lists by
tools/product_decks.py) has two partner cards, printings 1/60 and 2/60: the decklist names
the first on its パートナー line and lists the second first among the cards (line 4). Written
without a partner line, each product must get both back with off_civilization 0, and each of
them given with --partner must make the deck legal (apart from regulation changes since).
"""

from __future__ import annotations

import re
from datetime import date

import pytest
from support import AS_OF, BD4, BD6, DECKS, make_deck, run

from duepa_check.analysis.partner_candidates import Candidate, rank
from duepa_check.data.cards import INFINITY
from duepa_check.data.pool import CardPool
from duepa_check.data.regulation import PREMIUM, load_current

PRODUCTS = sorted(path.name for path in DECKS.glob("*.txt"))
PARTNER_LINE = 2
SECOND_PARTNER_LINE = 4
CONTRACT_KEYS = ["name", "civilizations", "cost", "in_deck", "off_civilization"]
# Rules the regulation decides on the check date: what may have changed since a product came out.
REGULATION_RULES = {"DP007", "DP008", "DP009", "DP010"}
PREMIUM_FIRE_NATURE = "無双竜機ボルバルザーク"  # 火/自然, cost 7: プレミアム殿堂 from 2006-03-15


def official_partners(product: str) -> tuple[str, str]:
    lines = (DECKS / product).read_text(encoding="utf-8").splitlines()
    first, second = lines[PARTNER_LINE - 1], lines[SECOND_PARTNER_LINE - 1]
    assert first.startswith("パートナー: ") and second.startswith("1 "), (first, second)
    return first.removeprefix("パートナー: "), second.removeprefix("1 ")


def without_partner_line(tmp_path, product: str, name: str = "deck.txt"):
    """The product as a plain list of its 60 cards: the partner line becomes an ordinary card line."""
    first, _ = official_partners(product)
    return make_deck(tmp_path, product, replace={PARTNER_LINE: f"1 {first}"}, name=name)


def partners_json(capsys, *args, as_of: str = AS_OF) -> tuple[int, dict]:
    result = run(capsys, "partners", *args, "--format", "json", "--as-of", as_of)
    assert "Traceback" not in result.out + result.err
    return result.code, result.json


def by_name(document: dict) -> dict[str, dict]:
    return {c["name"]: c for c in document["candidates"]}


def check_violations(capsys, path, *extra) -> list[dict]:
    result = run(capsys, path, "--format", "json", "--as-of", AS_OF, *extra)
    assert "Traceback" not in result.out + result.err
    return result.json["decks"][0]["violations"]


# ---------------------------------------------------------------------------- real product decks


@pytest.mark.parametrize("product", PRODUCTS)
def test_both_official_partners_come_out_with_nothing_off_colour(capsys, tmp_path, product):
    path = without_partner_line(tmp_path, product)
    code, document = partners_json(capsys, path)
    assert code == 0
    candidates = by_name(document)
    for partner in official_partners(product):
        assert partner in candidates, f"{partner} missing from {list(candidates)[:10]}"
        assert candidates[partner]["in_deck"] is True
        assert candidates[partner]["off_civilization"] == 0
        # the partner's civilizations are exactly what the deck needs (a product is built that way)
        assert candidates[partner]["civilizations"] == document["civilizations_needed"]


@pytest.mark.parametrize("product", PRODUCTS)
def test_each_official_partner_given_with_the_option_makes_the_deck_legal(capsys, tmp_path, product):
    path = without_partner_line(tmp_path, product)
    assert {v["rule"] for v in check_violations(capsys, path)} - REGULATION_RULES == {"DP003"}  # what is missing
    for partner in official_partners(product):
        violations = check_violations(capsys, path, "--partner", partner)
        left = [(v["rule"], v["card"]) for v in violations if v["rule"] not in REGULATION_RULES]
        assert left == [], (partner, left)


def test_every_candidate_with_nothing_off_colour_really_makes_the_deck_legal(capsys, tmp_path):
    """Not only the official ones: each off_civilization-0 card of the deck, and samples from the pool."""
    path = without_partner_line(tmp_path, BD4)
    _, document = partners_json(capsys, path, "--pool")
    working = [c for c in document["candidates"] if c["off_civilization"] == 0]
    in_deck = [c["name"] for c in working if c["in_deck"]]
    pool = [c["name"] for c in working if not c["in_deck"]]
    assert len(in_deck) >= 10 and len(pool) >= 20
    for name in in_deck:
        assert check_violations(capsys, path, "--partner", name) == [], name
    # a card from the pool joins as the 60th card when an ordinary card leaves
    short = make_deck(tmp_path, BD4, replace={PARTNER_LINE: ""}, name="59.txt")
    for name in pool[:5] + pool[-5:]:
        assert check_violations(capsys, short, "--partner", name) == [], name


def test_candidates_that_leave_cards_off_colour_are_counted_exactly(capsys, tmp_path):
    """DM23-BD4 is 火/自然: a 火-only creature leaves out exactly the deck's cards that have 自然."""
    path = without_partner_line(tmp_path, BD4)
    _, document = partners_json(capsys, path)
    _, full = partners_json(capsys, path, "--pool")
    pool = CardPool.load()
    lines = [line.removeprefix("1 ") for line in path.read_text(encoding="utf-8").splitlines()[1:] if line]
    natural = sum("自然" in pool.get(name).civilizations for name in lines)
    fire_only = [c for c in document["candidates"] if c["civilizations"] == ["火"]]
    assert fire_only and all(c["off_civilization"] == natural for c in fire_only)
    assert natural > 0


# ---------------------------------------------------------------------------- contract and ranking


def test_json_contract(capsys, tmp_path):
    path = without_partner_line(tmp_path, BD4)
    code, document = partners_json(capsys, path, "--pool")
    assert code == 0
    assert list(document) == ["deck", "civilizations_needed", "candidates"]
    assert document["deck"] == str(path)
    assert document["civilizations_needed"] == ["火", "自然"]
    for candidate in document["candidates"]:
        assert list(candidate) == CONTRACT_KEYS
        assert isinstance(candidate["name"], str) and isinstance(candidate["in_deck"], bool)
        assert candidate["cost"] == INFINITY or (isinstance(candidate["cost"], int) and candidate["cost"] >= 5)
        assert isinstance(candidate["off_civilization"], int) and candidate["off_civilization"] >= 0
    names = [c["name"] for c in document["candidates"]]
    assert len(names) == len(set(names))
    pool = [c for c in document["candidates"] if not c["in_deck"]]
    assert pool and all(set(c["civilizations"]) >= {"火", "自然"} and c["off_civilization"] == 0 for c in pool)


def test_candidates_are_ranked_by_off_colour_then_cost_then_name(capsys, tmp_path):
    path = without_partner_line(tmp_path, BD4)
    _, document = partners_json(capsys, path, "--pool")
    candidates = document["candidates"]

    def expected(c: dict) -> tuple:
        return (c["off_civilization"], -(float("inf") if c["cost"] == INFINITY else c["cost"]), c["name"])

    assert candidates == sorted(candidates, key=expected)
    offs = [c["off_civilization"] for c in candidates]
    assert offs[0] == 0 and max(offs) > 0  # both kinds present, so the order is really tested
    assert candidates[0]["cost"] == INFINITY


def test_rank_puts_infinite_cost_above_every_number_and_ties_by_name():
    cards = [
        Candidate("B", ("火",), 7, True, 0),
        Candidate("A", ("火",), 7, True, 0),
        Candidate("C", ("火",), INFINITY, False, 0),
        Candidate("D", ("火",), 99, True, 1),
    ]
    assert [c.name for c in sorted(cards, key=rank)] == ["C", "A", "B", "D"]


def test_without_pool_only_cards_of_the_deck_are_listed(capsys, tmp_path):
    path = without_partner_line(tmp_path, BD4)
    _, document = partners_json(capsys, path)
    assert document["candidates"] and all(c["in_deck"] for c in document["candidates"])


# ---------------------------------------------------------------------------- house rules and regulation


def write_config(tmp_path, text: str):
    path = tmp_path / "house-rules.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_house_rule_partner_min_cost_raises_the_bar(capsys, tmp_path):
    path = without_partner_line(tmp_path, BD4)
    _, default = partners_json(capsys, path)
    _, raised = partners_json(capsys, path, "--config", write_config(tmp_path, "partner_min_cost: 8\n"))
    assert "ガルチェンソ・ドラゴン" in by_name(default)  # cost 5
    assert "ガルチェンソ・ドラゴン" not in by_name(raised)
    assert raised["candidates"] and all(c["cost"] == INFINITY or c["cost"] >= 8 for c in raised["candidates"])
    assert set(by_name(raised)) < set(by_name(default))


def test_house_rule_partner_min_cost_lowered_admits_cheaper_creatures(capsys, tmp_path):
    path = without_partner_line(tmp_path, BD4)
    _, default = partners_json(capsys, path, "--pool")
    _, lowered = partners_json(capsys, path, "--pool", "--config", write_config(tmp_path, "partner_min_cost: 4\n"))
    cheap = [c for c in lowered["candidates"] if c["cost"] == 4]
    assert cheap and all(c["name"] not in by_name(default) for c in cheap)


def test_house_rules_are_found_next_to_the_deck(capsys, tmp_path):
    path = without_partner_line(tmp_path, BD4)
    (tmp_path / ".duepa-check.yaml").write_text("partner_min_cost: 10\n", encoding="utf-8")
    _, document = partners_json(capsys, path)
    assert document["candidates"] and all(c["cost"] == INFINITY or c["cost"] >= 10 for c in document["candidates"])


def test_banned_cards_are_no_candidates(capsys, tmp_path):
    path = without_partner_line(tmp_path, BD4)
    config = write_config(tmp_path, "banned: [ボルシャック・ドラゴ大王]\n")
    _, document = partners_json(capsys, path, "--config", config)
    assert "ボルシャック・ドラゴ大王" not in by_name(document)
    assert "ガルチェンソ・ドラゴン" in by_name(document)


def test_premium_hall_of_fame_cards_are_no_candidates_on_the_check_date(capsys, tmp_path):
    regulation = load_current()
    assert regulation.status(PREMIUM_FIRE_NATURE, date.fromisoformat(AS_OF)) == PREMIUM
    path = without_partner_line(tmp_path, BD4)
    _, now = partners_json(capsys, path, "--pool")
    _, before = partners_json(capsys, path, "--pool", as_of="2006-03-14")  # still 殿堂入り then
    assert PREMIUM_FIRE_NATURE not in by_name(now)
    assert by_name(before)[PREMIUM_FIRE_NATURE]["off_civilization"] == 0
    for name in by_name(now):
        assert regulation.status(name, date.fromisoformat(AS_OF)) != PREMIUM, name


def test_premium_card_in_the_deck_is_no_candidate_unless_house_rules_allow_it(capsys, tmp_path):
    path = make_deck(
        tmp_path, BD4, replace={PARTNER_LINE: "1 ボルシャック・ドラゴ大王", 30: f"1 {PREMIUM_FIRE_NATURE}"}
    )
    _, document = partners_json(capsys, path)
    assert PREMIUM_FIRE_NATURE not in by_name(document)
    config = write_config(tmp_path, f"allowed: [{PREMIUM_FIRE_NATURE}]\n")
    _, allowed = partners_json(capsys, path, "--config", config)
    assert by_name(allowed)[PREMIUM_FIRE_NATURE]["in_deck"] is True


# ---------------------------------------------------------------------------- text, exit codes, bad input


def test_text_names_both_official_partners_and_says_they_work(capsys, tmp_path):
    path = without_partner_line(tmp_path, BD4)
    result = run(capsys, "partners", path, "--as-of", AS_OF, "--no-color")
    assert result.code == 0
    for partner in official_partners(BD4):
        assert f"《{partner}》" in result.out
    assert "needs 火 自然" in result.out
    assert "would make every card's colour legal" in result.out
    assert "--pool also searches" not in result.out


def test_text_with_pool_shows_the_pool_group(capsys, tmp_path):
    path = without_partner_line(tmp_path, BD4)
    result = run(capsys, "partners", path, "--pool", "--as-of", AS_OF, "--no-color")
    assert "in the deck:" in result.out and "from the card pool:" in result.out
    assert "more (--format json lists them all)" in result.out


def test_exit_1_when_no_card_makes_the_deck_colour_legal(capsys, tmp_path):
    """Spells of two civilizations and no creature: nothing in the deck; the pool has partners."""
    path = tmp_path / "spells.txt"
    path.write_text("1 フェアリー・シャワー\n1 エマージェンシー・タイフーン\n", encoding="utf-8")
    code, document = partners_json(capsys, path)
    assert code == 1 and document["candidates"] == []
    assert document["civilizations_needed"] == ["水", "自然"]
    result = run(capsys, "partners", path, "--as-of", AS_OF, "--no-color")
    assert result.code == 1 and "no card in the deck can be the partner" in result.out
    assert "--pool" in result.out
    code, document = partners_json(capsys, path, "--pool")
    assert code == 0 and document["candidates"]


def test_exit_1_when_every_candidate_leaves_cards_off_colour(capsys, tmp_path):
    path = tmp_path / "split.txt"
    path.write_text("1 ボルシャック・ドラゴン/決闘者・チャージャー\n1 アクア・サーファー\n", encoding="utf-8")
    code, document = partners_json(capsys, path)
    assert code == 1
    assert document["candidates"] and all(c["off_civilization"] > 0 for c in document["candidates"])


def test_lines_that_cannot_be_counted_are_reported_not_skipped_silently(capsys, tmp_path):
    path = without_partner_line(tmp_path, BD4)
    path.write_text(path.read_text(encoding="utf-8") + "1 ないカード名ですよ\n", encoding="utf-8")
    result = run(capsys, "partners", path, "--format", "json", "--as-of", AS_OF)
    assert result.code == 0
    assert f"{path}:63: 'ないカード名ですよ' matches no card; its colours are not counted" in result.err
    text = run(capsys, "partners", path, "--as-of", AS_OF, "--no-color")
    assert "line 63" in text.out and "not counted" in text.out


def test_unreadable_deck_is_one_line_and_exit_2(capsys, tmp_path):
    result = run(capsys, "partners", tmp_path / "missing.txt")
    assert result.code == 2
    assert result.err.count("\n") == 1 and "missing.txt" in result.err and "Traceback" not in result.err


def test_partners_is_a_subcommand_not_a_deck_name(capsys, tmp_path):
    result = run(capsys, "--help")
    assert "partners" in result.out


# ---------------------------------------------------------------------------- the pool index


def test_an_updated_card_replaces_the_embedded_one_in_the_pool_search(capsys, tmp_path):
    """User data (an update) wins: a card it turns into a spell is no partner any more."""
    from duepa_check.data.files import write_card_data

    pool = CardPool.load()
    target = pool.get("剛撃竜騎ヴィレム海舟")  # 火/自然, cost 9, not in DM23-BD4
    face = target.faces[0]._replace(type="呪文")
    overlay = tmp_path / "data"
    write_card_data([target.replace(faces=(face,), partner_eligible=False)], {"sources": []}, overlay)
    path = make_deck(tmp_path, BD4, replace={PARTNER_LINE: ""})
    _, embedded = partners_json(capsys, path, "--pool")
    _, updated = partners_json(capsys, path, "--pool", "--data-dir", overlay)
    assert target.name in by_name(embedded)
    assert target.name not in by_name(updated)
    assert len(updated["candidates"]) == len(embedded["candidates"]) - 1


# ---------------------------------------------------------------------------- the README example


@pytest.mark.parametrize("page", ["docs/commands.md", "docs/commands.ja.md"])
def test_docs_partners_example_is_what_the_command_prints(capsys, tmp_path, monkeypatch, page):
    readme = (DECKS.parent.parent.parent / page).read_text(encoding="utf-8")
    deck = readme.split("```text partners-example\n", 1)[1].split("```", 1)[0]
    printed = readme.split("```json partners-example\n", 1)[1].split("```", 1)[0]
    (tmp_path / "deck.txt").write_text(deck, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run(capsys, "partners", "deck.txt", "--format", "json", "--as-of", "2026-03-16")
    assert result.code == 0
    assert result.out == printed
    # one candidate per line, so grep and diffs read well
    assert sum(line.lstrip().startswith('{"name"') for line in result.out.splitlines()) == 3


# ---------------------------------------------------------------------------- DP003/DP004 hints, no cascade


def named(text: str) -> list[str]:
    import re

    return re.findall(r"《(.+?)》", text)


def only_violation(capsys, path, *extra) -> dict:
    violations = check_violations(capsys, path, *extra)
    errors = [v for v in violations if v["rule"] not in REGULATION_RULES]
    assert len(errors) == 1, [(v["rule"], v["card"]) for v in violations]
    return errors[0]


@pytest.mark.parametrize("product", PRODUCTS)
def test_dp003_hint_names_partners_that_really_make_the_product_legal(capsys, tmp_path, product):
    """The issue's case: a product written without its partner line. Every name the hint offers works."""
    path = without_partner_line(tmp_path, product)
    violation = only_violation(capsys, path)
    assert violation["rule"] == "DP003"
    assert violation["hint"].count("e.g. 《") == 1  # one card: `duepa-check partners` lists the others
    offered = named(violation["hint"])
    assert len(offered) == 1
    for name in offered:
        left = [
            v["rule"] for v in check_violations(capsys, path, "--partner", name) if v["rule"] not in REGULATION_RULES
        ]
        assert left == [], (name, left)


def test_dp004_hint_names_cards_of_the_deck_that_work(capsys, tmp_path):
    path = make_deck(
        tmp_path, BD4, replace={PARTNER_LINE: "パートナー: ガラスのキッカー王子", 30: "1 ボルシャック・ドラゴ大王"}
    )
    violation = only_violation(capsys, path)
    assert violation["rule"] == "DP004"
    offered = named(violation["hint"])
    assert "ガラスのキッカー王子" not in offered and len(offered) == 1
    short = make_deck(
        tmp_path, BD4, replace={PARTNER_LINE: "1 ガラスのキッカー王子", 30: "1 ボルシャック・ドラゴ大王"}, name="b.txt"
    )
    for name in offered:
        assert check_violations(capsys, short, "--partner", name) == [], name


def test_when_no_card_of_the_deck_works_the_hint_names_the_closest_with_its_count(capsys, tmp_path):
    """A 水 partner of cost 3 in a 火/自然 deck: every creature of the deck leaves that 水 card
    off-colour. The hint names the deck's card that leaves the fewest, with the count `partners`
    gives it (one card: the hint fits two lines; `duepa-check partners DECK --pool` lists the rest)."""
    path = make_deck(tmp_path, BD4, replace={PARTNER_LINE: "パートナー: アクア・ハルカス"})
    violation = only_violation(capsys, path)
    assert violation["rule"] == "DP004"
    hint = violation["hint"]
    closest = hint.split("closest: ", 1)[1]
    (name,) = named(closest)
    _, document = partners_json(capsys, path)
    counts = {c["name"]: c["off_civilization"] for c in document["candidates"]}
    assert f"《{name}》 ({counts[name]} card off-colour)" in closest
    assert min(counts.values()) == counts[name] == 1


def test_dp003_when_no_card_of_the_deck_can_be_the_partner(capsys, tmp_path):
    path = tmp_path / "spells.txt"
    path.write_text("1 フェアリー・シャワー\n1 エマージェンシー・タイフーン\n", encoding="utf-8")
    violations = check_violations(capsys, path)
    dp003 = next(v for v in violations if v["rule"] == "DP003")
    assert "from the card pool: 《" in dp003["hint"] and "closest" not in dp003["hint"]
    (name,) = named(dp003["hint"].split("from the card pool: ", 1)[1])
    assert not [v for v in check_violations(capsys, path, "--partner", name) if v["rule"] in ("DP004", "DP005")]


@pytest.mark.parametrize(
    ("base", "partner", "other_rules"),
    [
        (BD4, "フェアリー・シャワー", set()),  # a 水/自然 spell
        (BD4, "アクア・ハルカス", set()),  # a 水 creature of cost 3
        (BD6, "ヴォルグ・サンダー", {"DP006", "DP007"}),  # a 闇 psychic: not main deck, プレミアム殿堂
    ],
)
def test_no_cascade_an_ineligible_partner_is_one_error_not_one_per_card(capsys, tmp_path, base, partner, other_rules):
    first, _ = official_partners(base)
    path = make_deck(tmp_path, base, replace={PARTNER_LINE: f"パートナー: {partner}", 30: f"1 {first}"})
    violations = check_violations(capsys, path)
    assert {v["rule"] for v in violations} == {"DP004"} | other_rules, [(v["rule"], v["card"]) for v in violations]
    dp004 = next(v for v in violations if v["rule"] == "DP004")
    assert "the colours of the deck are checked once a valid partner is chosen" in dp004["message"]


def test_colours_are_checked_again_once_the_partner_is_valid(capsys, tmp_path):
    """The same cards under an eligible partner of another civilization: DP005 names every one."""
    path = make_deck(
        tmp_path, BD4, replace={PARTNER_LINE: "パートナー: アクア・サーファー", 30: "1 ボルシャック・ドラゴ大王"}
    )
    rules = [v["rule"] for v in check_violations(capsys, path)]
    assert set(rules) == {"DP005"} and len(rules) > 30


def test_house_rule_minimum_makes_a_partner_ineligible_without_cascade(capsys, tmp_path):
    """partner_min_cost 11: ボルシャック・ドラゴ大王 (cost 10) cannot lead; DP004 alone, the hint names a
    cost-11+ card or none."""
    path = make_deck(tmp_path, BD4)
    config = write_config(tmp_path, "partner_min_cost: 11\n")
    violations = check_violations(capsys, path, "--config", config)
    assert [v["rule"] for v in violations] == ["DP004"]
    assert "cost 11 or more" in violations[0]["hint"]
    for name in named(violations[0]["hint"].split("cost 11 or more", 1)[1]):
        cost = CardPool.load().get(name).partner_face.cost
        assert cost == INFINITY or cost >= 11, name


def test_the_count_above_the_table_says_it_counts_partner_candidates(capsys):
    """Issue 47: 'in the deck: 42' read as 42 cards; it counts the cards that could be the partner."""
    out = run(capsys, "partners", DECKS / "DM23-BD4.txt", "--as-of", AS_OF).out
    assert re.search(r"^partner candidates in the deck: \d+", out, re.MULTILINE), out
    ja = run(capsys, "partners", DECKS / "DM23-BD4.txt", "--as-of", AS_OF, "--lang", "ja").out
    assert re.search(r"^デッキの中のパートナー候補: \d+件", ja, re.MULTILINE), ja
