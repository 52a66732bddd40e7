"""Hints compose (issue 47): every hint of a report, followed literally in any order, leads to a
legal deck, or to a report that asks only for a choice the player must make (which cards to cut).

The product decks are broken the ways players break them (cards too many or too few, a second copy,
a banned card, an off-colour card, a spell as the partner), each hint of the report is applied as a
player would read it, and the deck is checked again. Before, an oversized list with a duplicate, a
banned and an off-colour card ended at 57 cards: DP001 asked for every card too many while each
other hint took its own card out as well; and a name on three lines was asked to leave one line only.
"""

from __future__ import annotations

import functools
import io
import re
import unicodedata
from contextlib import redirect_stderr, redirect_stdout

from hypothesis import given, settings
from hypothesis import strategies as st
from support import AS_OF, BD4, BD6, deck_lines

from duepa_check.cli import main
from duepa_check.data.pool import CardPool

PARTNER_LINE = 2  # both product decks: 'パートナー: NAME' on line 2, cards on lines 4-62
CARD_LINES = range(4, 63)
BANNED = "無双竜機ボルバルザーク"  # 火/自然, プレミアム殿堂 since 2006
OFF_COLOUR = {BD4: "アクア・サーファー", BD6: "フェアリー・ライフ"}  # 水 in a 火/自然 deck; 自然 in 光/闇/火


def check(tmp_path, lines: list[str], name: str = "deck.txt") -> list[dict]:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        main([str(path), "--format", "json", "--as-of", AS_OF])
    assert "Traceback" not in err.getvalue()
    import json

    return json.loads(out.getvalue())["decks"][0]["violations"]


def name_of(line: str) -> str:
    return line.split(": ", 1)[-1].split(" ", 1)[-1] if line else ""


def same(written: str, official: str) -> bool:
    return unicodedata.normalize("NFKC", written) == unicodedata.normalize("NFKC", official)


@functools.cache
def spares(base: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(cards, spells): cards of the partner's civilizations that the deck does not hold and that
    the rules accept in it, as the fillers a player would put in; the spells among them."""
    import tempfile
    from pathlib import Path

    lines = deck_lines(base)
    names = {name_of(line) for line in lines}
    allowed = set(CardPool.load(None).lookup(name_of(lines[PARTNER_LINE - 1])).card.civilizations)
    found = []
    for card in CardPool.load(None):
        if (
            card.zone == "main"
            and card.complete
            and card.civilizations
            and set(card.civilizations) <= allowed
            and card.name not in names
            and not card.may_exceed_four
            and "／" not in card.name
            and "/" not in card.name
        ):
            found.append(card)
        if len(found) >= 60:
            break
    with tempfile.TemporaryDirectory() as folder:  # the pool's own word on each: drop any it reports
        swapped = list(lines)
        for index, card in zip(CARD_LINES, found, strict=False):
            swapped[index - 1] = f"1 {card.name}"
        bad = {
            name_of(swapped[v["line"] - 1]) for v in check(Path(folder), swapped) if v["line"] and v["rule"] != "DP001"
        }
    cards = tuple(card.name for card in found if card.name not in bad)
    spells = tuple(card.name for card in found if card.name not in bad and not card.creature_face)
    return cards, spells


# ---------------------------------------------------------------------------- following a hint

LINE = re.compile(r"line (\d+)")
LISTED = re.compile(r"《([^》]+)》 \(line (\d+)\)")


class Player:
    """Follows hints literally on ``lines`` (a line taken out becomes blank: the others keep their numbers)."""

    def __init__(self, lines: list[str], fillers: tuple[str, ...]) -> None:
        self.lines = lines
        self.fillers = [name for name in fillers if name not in {name_of(line) for line in lines}]

    def filler(self) -> str:
        return f"1 {self.fillers.pop(0)}"

    def cut(self, line: int) -> None:
        self.lines[line - 1] = ""

    def follow(self, violation: dict, mentioned: set[int]) -> None:
        rule, hint, line = violation["rule"], violation["hint"], violation["line"]
        if rule == "DP001":
            self.deck_size(hint, mentioned)
        elif rule == "DP002":
            target = int(LINE.search(hint).group(1))
            if "change the count" in hint:
                self.lines[target - 1] = f"1 {name_of(self.lines[target - 1])}"
                if "put other cards" in hint:
                    self.lines.append(self.filler())
            elif "put another card in place" in hint:
                self.lines[target - 1] = self.filler()
            else:
                assert "remove line" in hint, hint
                assert target != line or not self.lines[target - 1].startswith("パートナー"), hint
                self.cut(target)
        elif rule in ("DP005", "DP006", "DP007", "DP010", "DP103"):
            if "in place of this one" in hint or "in its place" in hint:
                self.lines[line - 1] = self.filler() if self.lines[line - 1] else ""
            else:
                assert hint.startswith("remove") or "remove this card" in hint, hint
                self.cut(line)
        elif rule == "DP004":
            listed = LISTED.search(hint)
            if listed:
                name, target = listed.group(1), int(listed.group(2))
            else:  # no card of the deck leaves every card in colour: the player's choice, the closest fit
                name = re.search(r"closest: 《([^》]+)》", hint).group(1)
                found = [n for n, text in enumerate(self.lines, start=1) if same(name_of(text), name)]
                assert found, (name, hint, self.lines)
                target = found[0]
            self.lines[line - 1] = f"1 {name_of(self.lines[line - 1])}"
            self.lines[target - 1] = f"パートナー: {name}"
        else:
            raise AssertionError(f"no way to follow {rule}: {hint}")

    def deck_size(self, hint: str, mentioned: set[int]) -> None:
        """DP001: cards to add are fillers; which cards to cut is the player's choice (the last lines
        no other hint names)."""
        number = re.search(r"(add|remove) (\d+)", hint)
        if number is None:
            assert hint.startswith("following the other hints"), hint
            return
        verb, count = number.group(1), int(number.group(2))
        if verb == "add":
            self.lines.extend(self.filler() for _ in range(count))
            return
        free = [  # the product's own cards, last first: not the cards a broken deck added
            index for index in reversed(CARD_LINES) if index not in mentioned and self.lines[index - 1][:2] == "1 "
        ]
        for index in free[:count]:
            self.cut(index)


@st.composite
def broken_decks(draw):
    base = draw(st.sampled_from([BD4, BD6]))
    cards, spells = spares(base)
    lines = deck_lines(base)
    pool = list(cards)
    for _ in range(draw(st.integers(0, 3))):  # cards too many
        lines.append(f"1 {pool.pop()}")
    for index in draw(st.lists(st.sampled_from(list(CARD_LINES)), max_size=3, unique=True)):  # too few
        lines[index - 1] = ""
    for index in draw(st.lists(st.sampled_from(list(CARD_LINES)), max_size=2, unique=True)):  # more copies
        if lines[index - 1]:
            lines.extend([lines[index - 1]] * draw(st.integers(1, 2)))  # a third copy: each extra line a hint
    if base == BD4 and draw(st.booleans()):
        lines.append(f"1 {BANNED}")
    if draw(st.booleans()):
        lines.append(f"1 {OFF_COLOUR[base]}")
    if spells and draw(st.booleans()):  # a spell as the partner; the partner stays a card of the list
        partner = name_of(lines[PARTNER_LINE - 1])
        lines[PARTNER_LINE - 1] = f"パートナー: {spells[0]}"
        lines.append(f"1 {partner}")
        pool = [name for name in pool if name != spells[0]]
    order = draw(st.randoms(use_true_random=False))
    return lines, tuple(name for name in pool if name not in spells[:1]), order


@settings(max_examples=25, deadline=None)
@given(broken_decks())
def test_following_every_hint_literally_in_any_order_leaves_a_legal_deck(tmp_path_factory, case):
    lines, fillers, order = case
    folder = tmp_path_factory.mktemp("followed")
    player = Player(list(lines), fillers)
    rounds = 1
    for _ in range(2):
        violations = [v for v in check(folder, player.lines) if v["severity"] == "error"]
        if not violations:
            break
        # A partner that cannot lead hides the colours (DP005 waits for a valid partner): one more round.
        rounds += any(v["rule"] == "DP004" for v in violations)
        mentioned = {v["line"] for v in violations if v["line"]}
        mentioned |= {int(n) for v in violations for n in LINE.findall(v["hint"])}
        order.shuffle(violations)
        for violation in violations:
            player.follow(violation, mentioned)
        if rounds == 1:
            break
    left = [(v["rule"], v["line"], v["hint"]) for v in check(folder, player.lines) if v["severity"] == "error"]
    assert left == []


def test_a_duplicates_hint_never_names_the_partner_line(tmp_path):
    lines = deck_lines(BD4)
    partner = lines[PARTNER_LINE - 1]
    lines[PARTNER_LINE - 1] = ""
    lines[30 - 1] = f"1 {name_of(partner)}"
    lines.append(partner)  # the partner line last: the later copy of the name
    [duplicate] = [v for v in check(tmp_path, lines) if v["rule"] == "DP002"]
    assert "line 30" in duplicate["hint"] and f"line {len(lines)}" not in duplicate["hint"]


def test_dp001_names_the_lines_that_name_no_card_and_never_asks_to_remove_real_cards(tmp_path):
    lines = [*deck_lines(BD4), "1 ボルシャック・ドラゴソ", "1 ｚｚｚｚ"]  # 60 known cards and two unknown lines
    [size] = [v for v in check(tmp_path, lines) if v["rule"] == "DP001"]
    assert "63, 64" in size["hint"] and "the other cards make 60" in size["hint"]
    assert "remove 2" not in size["hint"]
    short = [*deck_lines(BD4)[:-1], "1 ｚｚｚｚ"]  # 59 known cards, one unknown line: 60 counted, no DP001
    assert "DP001" not in {v["rule"] for v in check(tmp_path, short)}
    long = [*deck_lines(BD4), f"1 {spares(BD4)[0][0]}", "1 ｚｚｚｚ"]
    [size] = [v for v in check(tmp_path, long) if v["rule"] == "DP001"]
    assert size["hint"] == "fix line 64 first: it names no card (61 cards are found)"


def test_dp204_names_the_lines_under_its_heading_that_name_no_card(tmp_path):
    lines = deck_lines(BD4)
    lines[3 - 1] = "合計61枚"  # the 60 lines under it count 60, one of them naming no card
    lines[4 - 1] = "1 ｚｚｚｚ"
    [heading] = [v for v in check(tmp_path, lines) if v["rule"] == "DP204"]
    assert heading["line"] == 3 and heading["hint"] == "fix line 4 first: it names no card"
