"""The partner line as people write it: the word and the name joined by a space, an arrow, an equals
sign, a dash, a colon or a bracket; the word with カード after it or its ー typed as a dash. The
rule of thumb is kept: a line is the partner line only when what follows the word is a card;
otherwise the line is reported as written, as before (issue 36)."""

from __future__ import annotations

import functools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import AS_OF, BD4, make_deck, run

from duepa_check.data.pool import CardPool
from duepa_check.reading.resolve import resolve_deck
from duepa_check.reading.text import parse_text

WORDS = ("パートナー", "パ－トナ－", "パ-トナ-", "パートナーカード", "ぱーとなー", "Partner", "PARTNER", "統率者")
JOINERS = (" ", "　", "  ", "→", " → ", "⇒", "=", "＝", " = ", "-", " - ", "ー", "－", ":", "：", " ： ")
BRACKETS = (("《", "》"), ("「", "」"))


@functools.cache
def pool() -> CardPool:
    return CardPool.load(None)


@functools.cache
def eligible() -> list[str]:
    return sorted(card.name for card in pool() if card.partner_eligible and card.zone == "main")


def partner_of(line: str):
    deck = resolve_deck(parse_text(f"{line}\n1 エール・ライフ\n", "deck.txt"), pool())
    return deck.partner.card.name if deck.partner else None, deck


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(eligible()), word=st.sampled_from(WORDS), joiner=st.sampled_from(JOINERS))
def test_every_way_of_joining_the_word_and_the_name(name, word, joiner):
    found, deck = partner_of(f"{word}{joiner}{name}")
    assert found == name, (word, joiner, name)
    assert [c.entry.is_partner for c in deck.cards] == [True, False]


@pytest.mark.parametrize("joiner", JOINERS)
def test_a_name_with_comment_marks_in_it_after_the_word(joiner):
    """' #' starts a comment, yet a card's name may hold it: the line as written is read too."""
    name = "カキンギョ #紫陽花 #ご祝儀 #池"
    assert name in eligible()
    found, deck = partner_of(f"パートナー{joiner}{name}")
    assert found == name
    assert [c.entry.is_partner for c in deck.cards] == [True, False]


def test_every_name_with_a_comment_mark_is_the_partner_after_every_joiner():
    """'パートナー カキンギョ #紫陽花 #ご祝儀 #池': a '#' or '//' inside a pool name is not a comment
    after the partner word, whatever joins them (the hypothesis sample above found one once)."""
    marked = [name for name in eligible() if "#" in name or "//" in name]
    assert marked  # the pool has such names (カキンギョ #紫陽花 #ご祝儀 #池, …)
    wrong = [
        (word, joiner, name)
        for name in marked
        for word in WORDS[:3]
        for joiner in JOINERS
        if partner_of(f"{word}{joiner}{name}")[0] != name
    ]
    assert not wrong, wrong[:5]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(eligible()),
    word=st.sampled_from(WORDS),
    brackets=st.sampled_from(BRACKETS),
    space=st.sampled_from(("", " ")),
)
def test_a_bracket_right_after_the_word(name, word, brackets, space):
    found, _ = partner_of(f"{word}{space}{brackets[0]}{name}{brackets[1]}")
    assert found == name


@settings(max_examples=100, deadline=None)
@given(
    word=st.sampled_from(WORDS),
    joiner=st.sampled_from(JOINERS),
    rest=st.text(alphabet="ｚｙｘぬねのはひふ", min_size=3, max_size=8),
)
def test_what_is_no_card_after_the_word_is_reported_as_written(word, joiner, rest):
    line = f"{word}{joiner}{rest}"
    found, deck = partner_of(line)
    assert found is None
    if joiner.strip() in (":", "："):  # every form of the word (issue 50: one list, words.PARTNER_STEMS)
        return  # 'パ－トナ－: NAME': the partner line of old, whatever NAME is (DP100 names NAME)
    [(entry, _)] = deck.unresolved
    assert entry.name == line and not entry.is_partner


def test_a_card_whose_whole_line_is_a_card_stays_that_card():
    found, deck = partner_of("1 ボルシャック・ドラゴ大王")
    assert found is None and deck.cards[0].card.name == "ボルシャック・ドラゴ大王"


@pytest.mark.parametrize(
    "line",
    [
        "パートナー 無双竜機ボルバルザーク",
        "パートナー　無双竜機ボルバルザーク",
        "パートナー→無双竜機ボルバルザーク",
        "パートナー＝無双竜機ボルバルザーク",
        "パートナー=無双竜機ボルバルザーク",
        "パ－トナ－：無双竜機ボルバルザーク",
        "パートナー《無双竜機ボルバルザーク》",
        "パートナーカード 無双竜機ボルバルザーク",
    ],
)
def test_the_issues_lines_check_clean(capsys, tmp_path, line):
    """Each gave DP003 and a DP100 'did you mean 《無双竜機ボルバルザーク》' for the card written."""
    deck = make_deck(tmp_path, BD4, replace={2: line.replace("無双竜機ボルバルザーク", "ボルシャック・ドラゴ大王")})
    result = run(capsys, deck, "--format", "json", "--as-of", AS_OF)
    assert result.code == 0, result.out
    assert result.json["decks"][0]["partner"]["name"] == "ボルシャック・ドラゴ大王"


def test_a_dashed_partner_heading_opens_the_partner_section():
    found, _ = partner_of("★パ－トナ－★\nボルシャック・ドラゴ大王")
    assert found == "ボルシャック・ドラゴ大王"
