"""The shortcuts, and the one switch that turns them all off: ``DUEPA_CHECK_NO_SHORTCUTS=1``.

A shortcut is a second route to what a general routine already works out, kept because a batch
of decks is measurably cheaper with it. Every shortcut here has its general route in the code
beside it, and the switch, read once when this module is imported, makes every one of them take
that route. CI runs the whole suite both ways (``.ci/run``), and tests/routes/test_shortcut_routes.py
compares the two routes on input generated from the reader's own grammar and the card pool.

The value ``1`` turns every shortcut off; a comma-separated list of the names below turns off
those only (to measure one: ``benchmarks/README.md``); empty or ``0`` leaves them on. Code asks
``shortcuts.NAME`` (a module attribute, so a test may set it) at the moment it would take one.

The registry: name, the general route it stands for, and what it saves: instructions (valgrind
--tool=callgrind, ``PYTHONHASHSEED=0``, ``taskset -c 0``, .pyc written) of the 1,000 generated
benchmark decks checked as JSON (``--as-of 2026-03-16``), or as HTML for the last two, with that shortcut alone off against every one on;
2026-12-02, when the batch was 1,807.7 M instructions as JSON (3,121.1 M with every shortcut off)
and 2,594.6 M as HTML. A shortcut is kept when it saves at least 2 % of its batch;
benchmarks/README.md lists those retired and their figures.

==============  ============================================================  ==================
name            the general route it stands for                               saves
==============  ============================================================  ==================
line_cache      ``TextReader.read_line`` for every line of a text list         890.6 M (49.3 %)
                (reading.text.parse_text keeps each plain card line's Entry
                fields by its text and adds runs of them at once)
usual_deck      ``resolve_deck``'s look-ups and readings, for a list whose     359.6 M (19.9 %)
                every line names one card as written (``CardPool.only_cards``)
plain_reading   ``reading.card_line.read_card_line`` for a new ``1 NAME``,         97.2 M  (5.4 %)
                ``1x NAME`` or ``1 《NAME》`` line
facts_bin       ``data.records.card_from_record`` on the cards.jsonl line       64.7 M  (3.6 %)
                (card_data/facts.bin; a record's facts are used only while its
                line is the one they were made of: data.files.facts_of)
stats_tally     ``stats.count_card_by_card`` (a deck's counts as one sum of    188.7 M  (7.3 %
                packed integers)                                                         of HTML)
html_caches     every chart piece drawn and every shared cell of the page    2,537.2 M (97.8 %
                put into words where it is met (charts' lru_caches,                      of HTML)
                report.html_page's _Pieces)
==============  ============================================================  ==================
"""

from __future__ import annotations

import os

NAMES = ("line_cache", "usual_deck", "plain_reading", "facts_bin", "stats_tally", "html_caches")


def _off(value: str) -> frozenset[str]:
    """The shortcuts a value of DUEPA_CHECK_NO_SHORTCUTS turns off."""
    value = value.strip()
    if value in ("", "0"):
        return frozenset()
    if value == "1":
        return frozenset(NAMES)
    return frozenset(name.strip() for name in value.split(","))


OFF = _off(os.environ.get("DUEPA_CHECK_NO_SHORTCUTS", ""))

line_cache = "line_cache" not in OFF
plain_reading = "plain_reading" not in OFF
usual_deck = "usual_deck" not in OFF
facts_bin = "facts_bin" not in OFF
stats_tally = "stats_tally" not in OFF
html_caches = "html_caches" not in OFF  # read when charts is imported: a test cannot switch it
