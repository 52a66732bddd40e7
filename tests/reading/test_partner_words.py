"""Every form of the partner word gets the same answer from every reader (issue 50).

The forms are the stems and card words of reading/words.py, each spelt as people type it: Latin
letters in three cases, a kana stem's ー typed as a dash, a space before the card word. Each form
goes through every place that recognises the partner: a heading, the partner line (a colon), the
word then the name (a space, an arrow, a bracket), a mark after a card's name, a table's cell and
column, a Markdown file, and the folder walk's sniff. Each must find the same partner. Before
issue 50 each place had its own pattern: a Markdown deck whose first line was ``パートナーカード: NAME``
was checked when named, yet a folder walk skipped it without a word.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from duepa_check.check.walk import deck_files
from duepa_check.data.pool import CardPool
from duepa_check.reading.card_line import read_card_line
from duepa_check.reading.decklist import parse_decklist
from duepa_check.reading.model import Reading
from duepa_check.reading.resolve import resolve_deck
from duepa_check.reading.tables import starts_like_deck
from duepa_check.reading.words import PARTNER_CARD_WORDS, PARTNER_STEMS

NAME = "ボルシャック・ドラゴ大王"
OTHER = "1 エール・ライフ"
TYPED_DASHES = ("－", "-", "ｰ", "—")  # what a ー is typed as after kana


def spellings(stem: str) -> list[str]:
    """A stem as people type it: Latin in three cases; kana with its ー, or each dash for it."""
    if stem.isascii():
        return [stem, stem.capitalize(), stem.upper()]
    return [stem, *(stem.replace("ー", dash) for dash in TYPED_DASHES)]


def forms() -> list[str]:
    found = []
    for stem in PARTNER_STEMS:
        for spelt in spellings(stem):
            found.append(spelt)
            for card in PARTNER_CARD_WORDS:
                found += [spelt + card, f"{spelt} {card}", f"{spelt} {card.capitalize()}"]
    return list(dict.fromkeys(found))


FORMS = forms()

# How a line or a file says that NAME is the partner, the form standing for {w}.
TEXT_SHAPES = (
    "{w}\n{name}",  # a heading
    "【{w}】\n{name}",
    "★{w}★\n{name}",
    "{w}:\n{name}",
    "{w}: {name}",  # the partner line
    "{w}：{name}",
    "【{w}】{name}",
    "{w} {name}",  # the word, then the name
    "{w}→{name}",
    "{w}《{name}》",
    "1 {name}（{w}）",  # a mark after the name
    "1 {name} ({w})",
    "1 {name} [{w}]",
    "1 {name} ★{w}",
    "1 {name} ←{w}",
    "{name},1,{w}",  # a table row's cell
    "| 1 | {name} | {w} |",
    "カード名,枚数,{w}\n{name},1,○",  # a table's partner column
    "| カード名 | 枚数 | {w} |\n|---|---|---|\n| {name} | 1 | ○ |",
)


@functools.cache
def pool() -> CardPool:
    return CardPool.load(None)


def partner_in(text: str, path: str) -> str | None:
    deck = resolve_deck(parse_decklist(text.encode(), path), pool())
    return deck.partner.card.name if deck.partner else None


@pytest.mark.parametrize("shape", TEXT_SHAPES)
@pytest.mark.parametrize("path", ["deck.txt", "deck.md"])
def test_every_form_names_the_partner_in_every_shape(shape, path):
    wrong = [form for form in FORMS if partner_in(f"{shape.format(w=form, name=NAME)}\n{OTHER}\n", path) != NAME]
    assert not wrong, f"{len(wrong)} of {len(FORMS)} forms: {wrong[:8]}"


@pytest.mark.parametrize("mark", ["（{w}）", " ({w})", " [{w}]", " ★{w}", " ←{w}", " - {w}"])
def test_a_mark_after_the_name_is_read_by_the_card_line_itself(mark):
    """The main reading of the line, not only a reading tried later: 'X（パートナーカード）' and
    'X (Partner card)' are read alike."""
    wrong = [form for form in FORMS if read_card_line(f"1 {NAME}{mark.format(w=form)}").main != Reading(1, NAME, True)]
    assert not wrong, f"{len(wrong)} of {len(FORMS)} forms: {wrong[:8]}"


def test_the_issues_two_marks_agree():
    assert (
        read_card_line("X（パートナーカード）").main == read_card_line("X (Partner card)").main == Reading(1, "X", True)
    )


@pytest.mark.parametrize("shape", ["{w}: {name}", "{w}：{name}", "## {w}\n{name}", "{w}\n{name}", "| カード名 | {w} |"])
def test_the_walks_sniff_takes_every_form(shape):
    wrong = [form for form in FORMS if not starts_like_deck(f"# My deck\n\n{shape.format(w=form, name=NAME)}\n")]
    assert not wrong, f"{len(wrong)} of {len(FORMS)} forms: {wrong[:8]}"


def test_prose_is_no_decklist_to_the_sniff():
    assert not starts_like_deck("# Decks\n\nPartner programs are listed below.\nSee CONTRIBUTING.md.\n")


def test_a_folder_walk_checks_a_markdown_deck_that_opens_with_a_partner_card_line(tmp_path: Path):
    (tmp_path / "deck.md").write_text(f"パートナーカード: {NAME}\n\n{OTHER}\n", encoding="utf-8")
    (tmp_path / "README.md").write_text("# Our decks\n\nOne file a deck.\n", encoding="utf-8")
    assert [path.name for path in deck_files([tmp_path])] == ["deck.md"]
    assert partner_in((tmp_path / "deck.md").read_text(encoding="utf-8"), "deck.md") == NAME
