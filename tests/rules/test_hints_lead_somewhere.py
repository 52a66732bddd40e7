"""A hint, followed literally, fixes its problem and makes no new one (issue 36).

DP003's hint on a list that already had 60 cards said to add a line (61 cards, DP002 for a card
listed twice); "remove it" on a 60-card deck left 59 (DP001). Each hint here is followed as
written, and the deck checked again.
"""

from __future__ import annotations

import functools
import re

import pytest
from support import AS_OF, BD4, deck_lines, make_deck, run

from duepa_check.data.pool import CardPool


def check(capsys, deck, *extra) -> list[dict]:
    result = run(capsys, deck, "--format", "json", "--as-of", AS_OF, *extra)
    assert "Traceback" not in result.err
    return result.json["decks"][0]["violations"]


def errors(violations) -> list[str]:
    return [v["rule"] for v in violations if v["severity"] == "error"]


def only(violations, rule: str) -> dict:
    [found] = [v for v in violations if v["rule"] == rule]
    return found


@functools.cache
def filler() -> str:
    """A card not in DM23-BD4 that can take the place of one of its cards (火 or 自然, no 殿堂)."""
    names = {line.split(" ", 1)[-1].split(": ")[-1] for line in deck_lines(BD4)}
    pool = CardPool.load(None)
    for card in pool:
        if (
            card.zone == "main"
            and card.complete
            and card.civilizations
            and set(card.civilizations) <= {"火", "自然"}
            and card.name not in names
            and not card.may_exceed_four
            and "／" not in card.name
        ):
            if _legal_with(card.name):
                return card.name
    raise LookupError("no filler card")


def _legal_with(name: str) -> bool:
    import io
    import tempfile
    from contextlib import redirect_stderr, redirect_stdout
    from pathlib import Path

    from duepa_check.cli import main

    with tempfile.TemporaryDirectory() as folder:
        deck = make_deck(Path(folder), BD4, replace={30: f"1 {name}"})
        with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
            return main([str(deck), "--as-of", AS_OF]) == 0


def follow_line_hint(lines: list[str], hint: str, replace_with: str) -> list[str]:
    """'… line N …': put ``replace_with`` on line N, or remove it when the hint says remove."""
    number = int(re.search(r"line (\d+)", hint).group(1))
    changed = list(lines)
    if "remove line" in hint:
        del changed[number - 1]
    else:
        changed[number - 1] = replace_with
    return changed


def write(tmp_path, lines: list[str], name: str = "followed.txt"):
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


# ---------------------------------------------------------------------------- DP003, DP004


def test_dp003_on_a_60_card_list_says_to_mark_a_line_and_names_the_lines(capsys, tmp_path):
    deck = make_deck(tmp_path, BD4, replace={2: "1 ボルシャック・ドラゴ大王"})  # 60 cards, none marked
    hint = only(check(capsys, deck), "DP003")["hint"]
    assert "add a line" not in hint and "before the name of the card that leads the deck" in hint
    assert "《ボルシャック・ドラゴ大王》 (line 2)" in hint
    lines = deck_lines(BD4)
    lines[1] = "パートナー: ボルシャック・ドラゴ大王"  # the hint, followed: line 2 marked
    assert errors(check(capsys, write(tmp_path, lines))) == []
    ja = only(check(capsys, deck, "--lang", "ja"), "DP003")["hint"]
    assert "《ボルシャック・ドラゴ大王》（2行目）" in ja and "名前の前に「パートナー: 」" in ja


def test_dp003_with_no_candidate_in_a_full_deck_says_to_put_the_partner_in_place_of_a_card(capsys, tmp_path):
    deck = write(tmp_path, ["60 はずれポンの助"], "pons.txt")  # may repeat; cost 2: no partner in the deck
    violations = check(capsys, deck)
    hint = only(violations, "DP003")["hint"]
    assert "in place of one of the 60 cards" in hint
    pool_part = hint.partition("from the card pool:")[2]
    partner = re.search(r"《([^》]+)》", pool_part).group(1)
    followed = write(tmp_path, ["59 はずれポンの助", f"パートナー: {partner}"])
    assert not {"DP001", "DP002", "DP003"} & set(errors(check(capsys, followed)))


def test_dp003_on_a_short_list_with_no_candidate_still_says_to_add_the_line(capsys, tmp_path):
    deck = write(tmp_path, ["59 はずれポンの助"], "pons.txt")
    hint = only(check(capsys, deck), "DP003")["hint"]
    assert hint.startswith("add a line 'パートナー: NAME' (one of the 60)")
    partner = re.search(r"《([^》]+)》", hint.partition("from the card pool:")[2]).group(1)
    followed = write(tmp_path, ["59 はずれポンの助", f"パートナー: {partner}"])
    assert not {"DP001", "DP002", "DP003"} & set(errors(check(capsys, followed)))


def test_dp004_says_to_move_the_mark_and_keep_the_card(capsys, tmp_path):
    deck = make_deck(tmp_path, BD4, replace={2: "パートナー: エール・ライフ", 30: "1 ボルシャック・ドラゴ大王"})
    hint = only(check(capsys, deck), "DP004")["hint"]
    assert hint.startswith("make line 2 '1 エール・ライフ' and mark a creature of cost 5 or more as the partner")
    assert "《ボルシャック・ドラゴ大王》 (line 30)" in hint
    lines = deck_lines(BD4)
    lines[1], lines[29] = "1 エール・ライフ", "パートナー: ボルシャック・ドラゴ大王"  # followed
    assert not {"DP001", "DP002", "DP003", "DP004"} & set(errors(check(capsys, write(tmp_path, lines))))


# ---------------------------------------------------------------------------- take a card out, or swap it


@pytest.mark.parametrize("extra", [False, True], ids=["60 cards: swap", "61 cards: remove"])
def test_dp002_a_card_listed_twice(capsys, tmp_path, extra):
    lines = deck_lines(BD4)
    lines[30] = lines[32]  # line 31 = line 33: 60 cards, one name twice
    if extra:
        lines.append(f"1 {filler()}")
    violations = check(capsys, write(tmp_path, lines, "twice.txt"))
    hint = only(violations, "DP002")["hint"]
    assert ("remove line" in hint) is extra
    followed = follow_line_hint(lines, hint, f"1 {filler()}" if not extra else "")
    assert errors(check(capsys, write(tmp_path, followed))) == []


@pytest.mark.parametrize("extra", [False, True], ids=["60 cards: swap", "61 cards: remove"])
def test_dp002_a_count_of_two(capsys, tmp_path, extra):
    lines = deck_lines(BD4)
    name = lines[30].split(" ", 1)[1]
    lines[30] = f"2 {name}"
    del lines[31]  # still 60 cards
    if extra:
        lines.append(f"1 {filler()}")
    hint = only(check(capsys, write(tmp_path, lines, "two.txt")), "DP002")["hint"]
    assert ("in place of the extra copies" in hint) is not extra
    lines[30] = f"1 {name}"  # followed: the count made 1 ...
    if not extra:
        lines.append(f"1 {filler()}")  # ... and another card in place of the extra copy
    assert errors(check(capsys, write(tmp_path, lines))) == []


@pytest.mark.parametrize("extra", [False, True], ids=["60 cards: swap", "61 cards: remove"])
def test_dp010_a_house_rules_ban(capsys, tmp_path, extra):
    lines = deck_lines(BD4)
    if extra:
        lines.append(f"1 {filler()}")
    deck = write(tmp_path, lines, "banned.txt")
    (tmp_path / ".duepa-check.yaml").write_text("banned: [ガルチェンソ・ドラゴン]\n", encoding="utf-8")
    finding = only(check(capsys, deck), "DP010")
    assert finding["hint"] == ("remove it" if extra else "put another card in its place")
    followed = list(lines)
    if extra:
        del followed[finding["line"] - 1]
    else:
        followed[finding["line"] - 1] = f"1 {filler()}"
    assert errors(check(capsys, write(tmp_path, followed))) == []


def test_every_take_out_hint_has_its_swap_in_both_languages():
    from duepa_check.messages import catalogue

    for lang in ("en", "ja"):
        words = catalogue(lang)
        for key in (
            "hint.remove-it",
            "singleton.hint.count",
            "singleton.hint.partner",
            "singleton.hint.remove",
            "premium-combo.both.hint",
            "hall-of-fame.copies.hint",
            "not-main-deck.hint",
            "english-tcg-only.hint",
            "civilization.outside.hint",
            "civilization.outside.hint.colorless-partner",
        ):
            assert f"{key}.replace" in words, (lang, key)


@pytest.mark.parametrize(("line", "rule"), [("1 ヴォルグ・サンダー", "DP006"), ("1 フェアリー・シャワー", "DP005")])
def test_other_take_out_hints_swap_on_a_60_card_deck(capsys, tmp_path, line, rule):
    deck = make_deck(tmp_path, BD4, replace={40: line})
    hint = only(check(capsys, deck), rule)["hint"]
    assert "remove" not in hint and ("in place of this one" in hint or "in its place" in hint), hint
    lines = deck_lines(BD4)
    lines[39] = f"1 {filler()}"
    assert errors(check(capsys, write(tmp_path, lines))) == []
