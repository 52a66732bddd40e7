"""Names with a list separator in them (issue 40, item 5): a line of names separated by ``,`` or ``，``
(a card site's import box) is tried as one card first, and split only when the whole line is no card.
The reader splits on those two only (、 ・ ／ are inside Japanese names: 《「爆流秘術、暴龍の大地！」》).

The class is found by scanning the card pool: every spelling that a separator cuts into parts of
which one or more is a card — a spelling with a comma (「Gaial Kaiser, the Victorious」: 「Gaial Kaiser」
is a card), or an English spelling stored without the comma people write (「Aqua Knight Emeral」 typed
「Aqua Knight, Emeral」: both halves are cards). Each is read in every form a card line takes."""

from __future__ import annotations

import re
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from duepa_check.data.names import loose_key, name_key
from duepa_check.data.pool import CardPool
from duepa_check.reading.decklist import parse_decklist
from duepa_check.reading.resolve import resolve_deck

SEPARATORS = (", ", ",", "，", "， ")  # what the reader splits a line on (text.py), as people space them
_CUT = re.compile(r"[,，]\s*")
_WORD_GAP = re.compile(r"(?<=[A-Za-z0-9.'\"])\s+(?=[A-Za-z0-9\"'])")  # where an English name may have lost a comma

# Every form a card line takes in a text decklist ({n}: the name, {c}: its count): (form, count).
TEXT_FORMS = [
    ("{n}", 1),
    ("1 {n}", 1),
    ("3 {n}", 3),
    ("2x {n}", 2),
    ("1 x {n}", 1),
    ("4*{n}", 4),
    ("4＊{n}", 4),
    ("{n}*4", 4),
    ("{n} * 3", 3),
    ("{n} x2", 2),
    ("{n} ×2", 2),
    ("2枚 {n}", 2),
    ("{n} 2枚", 2),
    ("{n}：1", 1),
    ("{n}: 1", 1),
    ("{n} (2)", 2),
    ("《{n}》", 1),
    ("1 《{n}》", 1),
    ("- {n}", 1),
    ("・{n}", 1),
    ("* 1 {n}", 1),
    ("1. {n}", 1),
    ("パートナー: {n}", 1),
    ("【パートナー】{n}", 1),
    ("{n}\t2", 2),
    ("| 1 | {n} |", 1),
]
# The table files: (file name, text, count); {q}: the name as a quoted CSV cell (a comma cuts no quoted cell).
FILE_FORMS = [
    ("deck.csv", "{q},2\n", 2),
    ("deck.csv", "1,{q}\n", 1),
    ("deck.csv", "カード名,枚数\n{q},3\n", 3),
    ("deck.tsv", "1\t{n}\n", 1),
    ("deck.md", "| 枚数 | カード名 |\n|---|---|\n| 2 | {n} |\n", 2),
]


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return CardPool.load()


def _known(pool: CardPool, name: str) -> bool:
    return bool(pool.lookup(name).cards)


def _names(pool: CardPool, typed: str, card: str) -> bool:
    found = pool.lookup(typed).card
    return found is not None and found.name == card


@cache
def separator_names() -> tuple[dict[str, str], dict[str, str]]:
    """(typed spelling → card, for every spelling a separator cuts into parts one or more of which is a
    card; every other spelling with a separator → card). Spellings that name no one card are left out."""
    pool = CardPool.load()
    loose = {loose_key(key) for shard in pool.shards for key in shard.keys()}

    def maybe(part: str) -> bool:  # a cheap first test before a look-up
        return bool(part) and loose_key(name_key(part)) in loose

    cutting: dict[str, str] = {}
    others: dict[str, str] = {}
    for card in pool:
        for spelling in {card.name, *card.english, *card.aliases, *(face.name for face in card.faces)}:
            if _CUT.search(spelling) and _names(pool, spelling, card.name):
                parts = [part.strip() for part in _CUT.split(spelling)]
                cuts = any(maybe(part) for part in parts) and any(_known(pool, part) for part in parts)
                (cutting if cuts else others)[spelling] = card.name
            if spelling.isascii():  # 'Aqua Knight Emeral' as people type it: 'Aqua Knight, Emeral'
                for gap in _WORD_GAP.finditer(spelling):
                    left, right = spelling[: gap.start()], spelling[gap.end() :]
                    typed = f"{left}, {right}"
                    both = maybe(left) and maybe(right) and _known(pool, left) and _known(pool, right)
                    if both and _names(pool, typed, card.name):
                        cutting[typed] = card.name
    return cutting, others


def read(pool: CardPool, text: str, name: str = "deck.txt") -> list[tuple[str, int]]:
    deck = resolve_deck(parse_decklist(text.encode("utf-8"), name), pool)
    return [(c.card.name, c.entry.count) for c in deck.cards] + [(e.name, 0) for e, _ in deck.unresolved]


def spelled(name: str, separator: str) -> str:
    return _CUT.sub(separator, name)


def test_the_class_holds_the_names_a_split_would_turn_into_cards():
    """The premise: the issue's 「Aqua Knight, Emeral」 (both halves are cards: split, it is two), and
    comma names of which one part is a card; every spelling with a separator is in one list or the other."""
    cutting, others = separator_names()
    assert cutting["Aqua Knight, Emeral"] == "～紺碧の奇術師～"
    assert cutting["Gaial Kaiser, the Victorious"] == "勝利のガイアール・カイザー"
    assert len(cutting) >= 30 and len(others) >= 4000, (len(cutting), len(others))  # 44 and 5419 today


def test_every_name_a_split_would_turn_into_cards_is_one_card_in_every_form(pool):
    """Each of the class, with each separator, in every form of a card line and of a table file."""
    cutting, _ = separator_names()
    wrong = []
    for typed, card in cutting.items():
        for separator in SEPARATORS:
            name = spelled(typed, separator)
            if pool.lookup(name).card is None or pool.lookup(name).card.name != card:
                continue  # this spacing is not a spelling of the card (a look-up that finds nothing)
            forms = [(form.format(n=name), "deck.txt", count) for form, count in TEXT_FORMS]
            quoted = '"' + name.replace('"', '""') + '"'
            forms += [(text.format(n=name, q=quoted), file, count) for file, text, count in FILE_FORMS]
            wrong += [(text, got) for text, file, count in forms if (got := read(pool, text, file)) != [(card, count)]]
    assert wrong == [], wrong[:10]


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_any_name_with_a_separator_is_one_card(pool, data):
    """A sample of every other spelling with a separator (over four thousand), in a sample of forms."""
    _, others = separator_names()
    typed = data.draw(st.sampled_from(sorted(others)), label="name")
    form, count = data.draw(st.sampled_from(TEXT_FORMS), label="form")
    assert read(pool, form.format(n=typed)) == [(others[typed], count)], typed


@pytest.mark.parametrize(("form", "count"), [("{n}\t2", 2), ("2\t{n}", 2), ("{n}：1", 1), ("{n}: 3", 3)])
def test_every_name_with_a_separator_is_one_card_before_a_tab_or_a_colon_count(pool, form, count):
    """Every spelling of the class in the forms whose count the sample above once found cut: a tab
    row ('*/ Chupacal, Reigen /*<TAB>2' was read as '…/' ×2) and a colon count ('Aqua Sabbath / ♪
    This Guitar, …: 1' as 'Aqua Sabbath /')."""
    _, others = separator_names()
    wrong = [typed for typed in sorted(others) if read(pool, form.format(n=typed)) != [(others[typed], count)]]
    assert wrong == [], wrong[:5]


def test_a_list_of_names_with_a_comma_name_is_still_a_list(pool):
    """The other side: a line that is no card is split, each part read (a card or DP100)."""
    assert read(pool, "Aqua Knight, ボルシャック・ドラゴン") == [("アクア・ナイト", 1), ("ボルシャック・ドラゴン", 1)]
