"""The shortcuts of the HTML report and its charts give the bytes of the plain code they replace.

The plain reading is tests/plain_report.py: main's drawing code before the shortcuts, with no
cache at all. The fast code keeps its caches from example to example (as a 1,000-deck report
does from deck to deck), and the examples are drawn from small sets of names and counts, so
that pieces drawn for one chart are met again in another with other neighbours: a cache keyed
by too little, or a piece shared where it must not be, shows as a different byte.
"""

from __future__ import annotations

import pytest

from datetime import date
from pathlib import Path

import plain_report
from conftest import AS_OF, DECKS, run
from hypothesis import example, given, settings
from hypothesis import strategies as st

from duepa_check import charts, html_report, stats
from duepa_check.card_pool import CardPool
from duepa_check.cards import Card, Face
from duepa_check.checker import DeckResult
from duepa_check.deck import Deck, DeckCard, resolve_deck
from duepa_check.decklist import Entry, parse_decklist
from duepa_check.messages import Msg
from duepa_check.report import RunInfo
from duepa_check.rules import Violation
from duepa_check.stats import DeckStats, compute_stats, count_card_by_card

ODD = ["<", "&", '"', "\x00", "\t", "\u2028", "\x85", "\u3000", "\ud800", "\ufffe"]  # escaped, cleaned or refused by isprintable
NAMES = st.sampled_from(["ボルシャック・ドラゴ大王", "偽神殺しのツラトゥストラ", "WWW MMM", "x", *ODD])
TEXT = st.lists(NAMES, max_size=3).map("".join)
BUCKETS = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10+", "unknown"]
CIVILIZATIONS = ["光", "水", "闇", "火", "自然", "無色", "unknown", "<紫>"]
TYPES = ["クリーチャー", "呪文", "NEOクリーチャー／呪文", "ドラゴニック・フィールド", "unknown", "タマシード/クリーチャー",
         "Ｄ２フィールド", "MMMWWW Creature", "a\x00b"]
PATH_PARTS = st.sampled_from(["/", "//", ".", "..", "", "deck", ".txt", "デッキ", "\\", "a b", "<&>", "\x1b"])
COUNTS = st.integers(0, 12)


def counted(keys: list[str]) -> st.SearchStrategy[dict[str, int]]:
    """A dict of some of ``keys``, in their order, with small counts (small: pieces recur)."""
    return st.lists(st.sampled_from(keys), unique=True).map(lambda chosen: sorted(chosen, key=keys.index)).flatmap(
        lambda chosen: st.lists(COUNTS, min_size=len(chosen), max_size=len(chosen)).map(lambda n: dict(zip(chosen, n))))


STATS = st.builds(
    DeckStats,
    path=st.lists(PATH_PARTS, max_size=5).map("".join),
    card_count=st.sampled_from([0, 1, 40, 60, 61]),
    curve=counted(BUCKETS),
    civilizations=counted(CIVILIZATIONS),
    types=counted(TYPES) | st.dictionaries(TEXT, COUNTS, max_size=3),
    twinpacts=COUNTS,
    multicolor=COUNTS,
    average_cost=st.none() | st.sampled_from([0.0, 5.0, 6.37, 12.5]),
    partner_name=st.none() | NAMES,
    partner_civilizations=st.lists(st.sampled_from(CIVILIZATIONS), unique=True, max_size=3).map(tuple),
)
LANGS = st.sampled_from(["en", "ja"])


@settings(max_examples=600, deadline=None)
@given(STATS, LANGS)
@example(DeckStats(path="a/", card_count=1, curve={}, civilizations={}, types={}, twinpacts=0, multicolor=0,
                   average_cost=None), "en")
def test_a_chart_is_the_plain_chart(stats, lang):
    assert charts.render_chart(stats, lang) == plain_report.render_chart(stats, lang)


@settings(max_examples=500, deadline=None)
@given(st.lists(PATH_PARTS, max_size=6).map("".join))
@example("deck.txt")
@example("a/.")
@example("a/b/")
@example("/")
@example("")
@example("a/..")
@example("//x")
def test_a_chart_title_is_pathlibs_name(path):
    assert charts.deck_name(path) == (Path(path).name or path)


@settings(max_examples=500, deadline=None)
@given(st.text(st.sampled_from([*ODD, "a", "名", " ", "\x7f", "\x9f", "\u2029", "\uffff", "\udfff", "\ue000", "\u00ad"])))
def test_cleaning_and_escaping_skip_only_what_changes_nothing(text):
    assert charts.clean(text) == text.translate(charts._INVISIBLE)
    assert html_report._h(text) == plain_report._h(text)


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_text_widths_are_the_sums_char_by_char(text):
    charts._ems.cache_clear()
    assert charts.text_px(text, 12) == plain_report.text_px(text, 12)  # the same floats, added in the same order


def card(name: str, civilizations: tuple[str, ...]) -> Card:
    return Card(name, (Face(name, "クリーチャー", civilizations, 7, 9000),))


PARTNERS = st.sampled_from([None, card("ボルシャック・ドラゴ大王", ("火", "自然")), card("P<&>", ()),
                            card("ボルシャック・ドラゴ大王", ("火",))])  # one name, other civilizations
VIOLATIONS = st.lists(st.builds(
    Violation, rule=st.sampled_from(["DP005", "DP100"]), name=st.sampled_from(["civilization", "unknown-card"]),
    severity=st.sampled_from(["error", "warning"]), line=st.none() | st.integers(1, 9), card=st.none() | NAMES,
    message=st.builds(lambda t: Msg("report.no-partner", {}) if t == "" else t, TEXT),  # a Msg or plain words
    hint=st.none() | st.just(Msg("report.no-partner", {})),
), max_size=3)


def result(path, violations, error, partner, card_count, stats, config, omitted) -> DeckResult:
    found = DeckResult(path, [] if error else violations, error=error, partner=None if error else partner,
                       card_count=card_count, stats=None if error else stats, config=config)
    found.omitted_errors, found.omitted_warnings = omitted
    return found


RESULTS = st.lists(st.builds(
    result, path=st.lists(PATH_PARTS, max_size=4).map("".join), violations=VIOLATIONS,
    error=st.none() | st.none() | TEXT.filter(bool), partner=PARTNERS, card_count=st.sampled_from([0, 1, 60]),
    stats=st.none() | STATS, config=st.none() | st.just("club/.duepa-check.yaml"),
    omitted=st.sampled_from([(0, 0), (0, 0), (2, 1)]),
), max_size=6)


@settings(max_examples=300, deadline=None)
@given(RESULTS, LANGS)
def test_a_page_is_the_plain_page(results, lang):
    info = RunInfo(date(2026, 3, 16), date(2026, 3, 16), "embedded", lang=lang)
    assert html_report.render_html(results, info) == plain_report.render_html(results, info)


def test_the_product_decks_page_is_the_plain_page(capsys):
    """Real decks through the whole command: the page a folder gives is the plain page of its results."""
    from duepa_check.renderers import RENDERERS

    captured = {}

    def keep(results, info, quiet):
        captured["page"] = plain_report.render_html(results, info)
        return html(results, info, quiet)

    html = RENDERERS["html"]
    RENDERERS["html"] = keep
    try:
        page = run(capsys, DECKS, "--format", "html", "--as-of", AS_OF).out
    finally:
        RENDERERS["html"] = html
    assert page == captured["page"] and page.count("<svg") >= 6


# ---------------------------------------------------------------------------- stats: the tally


def _pool_cards() -> list[Card]:
    """The cards of every product deck (twinpacts, 無色, multicolour) and some odd ones of the pool."""
    pool = CardPool.load()
    found = []
    for path in sorted(DECKS.glob("*.txt")):
        found += [deck_card.card for deck_card in resolve_deck(parse_decklist(path.read_bytes(), path.name), pool).cards]
    for name in ("∞龍 ゲンムエンペラー", "滅亡の起源 零無", "手札の儀", "夢幻の無"):
        found += pool.lookup(name).cards
    return found


def _odd(name: str, faces: tuple, layout: str = "single") -> Card:
    return Card(name, faces, layout=layout)


ODD_CARDS = [
    _odd("no data", (), ),  # counted as unknown everywhere
    _odd("free", (Face("free", "呪文", ("水",), 0, None),)),
    _odd("priceless", (Face("priceless", "クリーチャー", ("光", "闇"), None, 1000),)),
    _odd("true", (Face("true", "クリーチャー", ("火",), True, 1000),)),  # a bool is no cost
    _odd("odd colour", (Face("odd colour", "クリーチャー", ("紫",), 3, 1000),)),
    _odd("twin", (Face("twin-a", "呪文", ("水",), 2, None), Face("twin-b", "クリーチャー", ("自然",), 6, 5000)), "twinpact"),
    _odd("new type", (Face("new type", "まだ見ぬ型", ("火", "水", "闇"), 4, 1000),)),
    _odd("purple", (Face("purple", "クリーチャー", ("火",), 5, 1000),)),
]
ODD_CARDS[-1].civilizations = ("紫", "火")  # no Card works that out; counted by the loop, then left out of the stats
POOL_CARDS = _pool_cards()
CARD = st.sampled_from(ODD_CARDS) | st.sampled_from(POOL_CARDS)
# Mostly one copy each (the tally's usual case), some decks with other counts, a few with a line of no copies.
DECK_CARDS = st.lists(st.tuples(CARD, st.just(1)), max_size=70) | st.lists(
    st.tuples(CARD, st.sampled_from([1, 1, 2, 4])), max_size=30) | st.lists(st.tuples(CARD, st.sampled_from([0, 1, 3])), max_size=8)


def stats_shape(stats: DeckStats) -> tuple:
    """Every field, dicts with their order (DeckStats compares dicts without it)."""
    return tuple(list(value.items()) if isinstance(value, dict) else value for value in vars(stats).values())


def deck_of(cards: list[tuple[Card, int]], partner: bool = False) -> Deck:
    deck = Deck(path="d.txt")
    for line, (card, count) in enumerate(cards, start=1):
        deck.cards.append(DeckCard(Entry(line=line, name=card.name, count=count, is_partner=partner and line == 1), card))
    return deck


@settings(max_examples=500, deadline=None)
@given(DECK_CARDS, st.booleans())
@example([], False)
@example([(POOL_CARDS[0], 1)] * 60, True)
def test_the_tally_counts_as_the_loop(chosen, partner):
    deck = deck_of(chosen, partner)
    assert stats_shape(compute_stats(deck)) == stats_shape(count_card_by_card(deck))
    assert stats._TALLY.fits(10**6)  # the tally was used: no card here puts more than a field holds


@pytest.mark.usefixtures("shortcuts_on")
def test_a_cost_no_field_holds_is_counted_card_by_card(monkeypatch):
    monkeypatch.setattr(stats, "_TALLY", stats._Tally())
    dear = Card("dear", (Face("dear", "クリーチャー", ("火",), 10**8, 1000),))
    for cards in ([(dear, 1)] * 60, [(POOL_CARDS[0], 1)] * 59 + [(dear, 1)], [(POOL_CARDS[1], 4), (dear, 1)]):
        deck = deck_of(cards)
        assert stats_shape(compute_stats(deck)) == stats_shape(count_card_by_card(deck))
    assert not stats._TALLY.fits(60)

