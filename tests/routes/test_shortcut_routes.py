"""Every shortcut gives what its general route gives (duepa_check/shortcuts.py), on input generated
from the reader's own grammar and names from the card pool.

Lines are built from the layouts the reader knows: its count forms (``COUNT_FORMS``: a line drawn
from each of its patterns too), list marks (``BULLETS``, ``SYMBOL_BULLETS``), partner words
(``PARTNER_WORDS``, the one place the reader defines them), heading and metadata words, table rows,
brackets, comments, remarks, set codes and collector numbers; names are the pool's (official
names, other spellings, English names, one side of a card). Each list is read, resolved, judged
and counted twice in this process, with every shortcut on and with every one on its general
route, and the two must agree in every field. (``html_caches`` is chosen when charts is imported:
CI's second run, with DUEPA_CHECK_NO_SHORTCUTS=1, covers it, and the golden pages pin it.)
"""

from __future__ import annotations

import contextlib
import functools
from datetime import date

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from duepa_check import shortcuts
from duepa_check.analysis.stats import compute_stats
from duepa_check.data.config import FormatConfig
from duepa_check.data.pool import CardPool
from duepa_check.data.regulation import load_current
from duepa_check.reading.card_line import BULLETS, COUNT_FORMS, KANJI_DIGITS, PARTNER_WORDS, SYMBOL_BULLETS
from duepa_check.reading.resolve import resolve_deck
from duepa_check.reading.text import HEADER_MARKS, MAIN_WORDS, METADATA_WORDS, TOTAL_WORDS, TYPE_WORDS, parse_text
from duepa_check.rules import Context, run_rules

ROUTES = tuple(name for name in shortcuts.NAMES if name != "html_caches")


@contextlib.contextmanager
def route(shortcuts_on: bool):
    """Every shortcut (but html_caches) on, or every one on its general route, for the block."""
    before = {name: getattr(shortcuts, name) for name in ROUTES}
    for name in ROUTES:
        setattr(shortcuts, name, shortcuts_on)
    try:
        yield
    finally:
        for name, value in before.items():
            setattr(shortcuts, name, value)


@functools.cache
def pool() -> CardPool:
    return CardPool.load(None)


@functools.cache
def pool_names() -> tuple[str, ...]:
    """Names from the pool: official names, their other spellings and English names, and one side of
    each card with several (every 7th card, so that the list stays a few thousand long)."""
    names: list[str] = []
    for number, card in enumerate(pool()):
        names.append(card.name)
        if number % 7 == 0:
            names += [*card.aliases[:1], *card.english[:1]]
            if len(card.faces) > 1:
                names.append(card.faces[-1].name)
    return tuple(dict.fromkeys(names))


NAMES = st.integers(0, 10**6).map(lambda index: pool_names()[index % len(pool_names())])
COUNTS = st.sampled_from(["1", "1", "1", "2", "3", "4", "0", "10", "１", "999", "1000"])
KANJI = st.sampled_from(sorted(KANJI_DIGITS))
PARTNER = st.sampled_from(sorted(PARTNER_WORDS))

# How the reader's count forms write a count with a name (parse_count_and_name's docstring).
COUNT_LAYOUTS = (
    "{n} {name}", "{n}x {name}", "{n}x{name}", "{n} x {name}", "{n}×{name}", "{n}枚 {name}", "x{n} {name}",
    "×{n} {name}", "{name} x{n}", "{name}×{n}", "{name} *{n}", "{name} ({n})", "{name} (x{n})", "{name}（{n}枚）",
    "{name} {n}枚", "{name} / {n}", "{name} - {n}", "{name} {kanji}枚", "{name}", "《{name}》", "{n} 《{name}》",
    "{n}x 《{name}》",
)
PARTNER_MARKS = ("（{word}）", " ({word})", " [{word}]", "【{word}】", " ★{word}", " ←{word}", " - {word}")
REMARKS = (" ←お気に入り", " ※新規", " →採用", " ★", " (DM23-BD6)", " DM23-BD6", " 1/60", " S1/S10", " 2")
LIST_MARKS = st.sampled_from([*(f"{b} " for b in BULLETS), *SYMBOL_BULLETS, "1. ", "2) ", "① ", "(3) "])
NOTHING = st.just("")


@st.composite
def card_lines(draw) -> str:
    name = draw(NAMES)
    line = draw(st.sampled_from(COUNT_LAYOUTS)).format(n=draw(COUNTS), name=name, kanji=draw(KANJI))
    line += draw(NOTHING | st.sampled_from(PARTNER_MARKS)).format(word=draw(PARTNER))  # each half the time
    line += draw(NOTHING | st.sampled_from(REMARKS))
    return draw(NOTHING | LIST_MARKS) + line


HEADING_WORDS = st.sampled_from(sorted(MAIN_WORDS | TYPE_WORDS | TOTAL_WORDS | PARTNER_WORDS))


@st.composite
def other_lines(draw) -> str:
    """Headings, partner lines, metadata, table rows, brackets, comments, blank lines: the rest of
    what the reader knows, and lines drawn from its count patterns with any text for a name."""
    word, name, count = draw(HEADING_WORDS), draw(NAMES), draw(COUNTS)
    mark = draw(st.sampled_from(HEADER_MARKS))
    return draw(st.sampled_from([
        f"【{word}】", f"## {word}", f"{word}:", f"{mark}{word}", f"{word} ({count})", f"{word}（{count}枚）",
        f"{draw(PARTNER)}: {name}", f"{draw(PARTNER)}：{name}", f"【{draw(PARTNER)}】{name}",
        f"{draw(st.sampled_from(sorted(METADATA_WORDS)))}：{name}", f"{count},{name}", f"| {count} | {name} |",
        f"{count}\t{name}", f"【{name}】", f"[{name}]", f"【{name}】 x{count}", "# メモ", "// note", "", "-----",
        "```", "**", f"**{name}**", f"{count} {name} &amp; more", "https://example.com/deck",
        draw(st.sampled_from([pattern for pattern, _, _ in COUNT_FORMS]).flatmap(
            lambda pattern: st.from_regex(pattern, fullmatch=True, alphabet=st.characters(codec="utf-8")))),
    ]))


LISTS = st.lists(st.one_of(card_lines(), card_lines(), card_lines(), other_lines()), min_size=1, max_size=14)


def read_twice(text: str) -> tuple:
    """What a list makes, read, resolved, judged and counted (the shortcuts may remember lines and
    names between two reads: both are asked)."""
    context = Context(date(2026, 3, 16), regulation(), FormatConfig(), pool())
    made = []
    for _ in range(2):
        listed = parse_text(text, "deck.txt")
        deck = resolve_deck(listed, pool())
        shape = (
            listed.entries, listed.problems, listed.headings, deck.cards, deck.unresolved, deck.entries,
            deck.card_count, deck.names, deck.partner_entries, deck.partner, deck.one_copy_each,
            run_rules(deck, context),
        )
        stats = compute_stats(deck) if deck.cards and not deck.unresolved and not deck.problems else None
        made.append((shape, stats))
    return made[0], made[1]


@functools.cache
def regulation():
    return load_current(None)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(LISTS, st.integers(1, 3))
def test_a_list_reads_resolves_and_counts_alike_by_both_routes(lines, repeat):
    text = "\n".join(lines * repeat)  # repeated lines: the second meeting of a line is a cache hit
    with route(shortcuts_on=True):
        fast = read_twice(text)
    with route(shortcuts_on=False):
        general = read_twice(text)
    assert fast == general


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(NAMES, min_size=1, max_size=60), st.lists(st.integers(1, 3), min_size=60, max_size=60), PARTNER)
def test_a_deck_of_pool_cards_resolves_and_counts_alike_by_both_routes(names, counts, word):
    """Decks of real cards, the usual layout: the first is the partner, each with a count."""
    lines = [f"{word}: {names[0]}", *(f"{count} {name}" for name, count in zip(names[1:], counts))]
    text = "\n".join(lines)
    with route(shortcuts_on=True):
        fast = read_twice(text)
    with route(shortcuts_on=False):
        general = read_twice(text)
    assert fast == general


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(NAMES, min_size=1, max_size=20))
def test_a_card_reads_alike_from_facts_bin_and_from_its_line(names):
    """facts.bin against the cards.jsonl line (two pools: each keeps the cards it read)."""
    with route(shortcuts_on=True):
        fast = [[card.to_json() for card in by_facts().lookup(name).cards] for name in names]
    with route(shortcuts_on=False):
        general = [[card.to_json() for card in by_lines().lookup(name).cards] for name in names]
    assert fast == general


@functools.cache
def by_facts() -> CardPool:
    return CardPool.load(None)


@functools.cache
def by_lines() -> CardPool:
    return CardPool.load(None)
