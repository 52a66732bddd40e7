"""The shortcuts, and the one switch that turns them all off: ``DUEPA_CHECK_NO_SHORTCUTS=1``.

A shortcut is a second route to what a general routine already works out, kept because a batch
of decks is measurably cheaper with it. Every shortcut here has its general route in the code
beside it, and the switch, read once when this module is imported, makes every one of them take
that route. CI runs the whole suite both ways (``.ci/run``), and tests/test_shortcut_routes.py
compares the two routes on input generated from the reader's own grammar and the card pool.

The value ``1`` turns every shortcut off; a comma-separated list of the names below turns off
those only (to measure one: ``benchmarks/README.md``); empty or ``0`` leaves them on. Code asks
``shortcuts.NAME`` (a module attribute, so a test may set it) at the moment it would take one.

The registry: name, the general route it stands for, and what it saves: instructions (callgrind,
``PYTHONHASHSEED=0``, one core, /work/scratch/ic.sh) of the 1,000 generated benchmark decks checked
as JSON (HTML for stats_tally), with that shortcut alone off against every one on; 2026-12-02,
the batch then 1,607.9 M instructions as JSON and 2,880 M as HTML. A shortcut is kept when it
saves at least 2 % of the batch (benchmarks/README.md lists those retired).

==============  ============================================================  =================
name            the general route it stands for                               saves
==============  ============================================================  =================
line_cache      ``TextReader.read_line`` for every line of a text list         478.5 M (29.8 %)
                (decklist_text.parse_text keeps each plain card line's Entry
                fields by its text and adds runs of them at once)
usual_deck      ``resolve_deck``'s full look-ups, for a list whose every       303.1 M (18.9 %)
                line names one card as written (``CardPool.only_cards``)
plain_reading   ``decklist_cards.read_card_line`` for a new ``1 NAME``,         97.0 M  (6.0 %)
                ``1x NAME`` or ``1 《NAME》`` line
deck_memo       the ``Deck`` properties, each worked out when first read        87.2 M  (5.4 %)
                (``Deck._know_from`` fills them from the cards at hand)
facts_bin       ``card_records.card_from_record`` on the cards.jsonl line       75.3 M  (4.7 %)
                (card_data/facts.bin, tied to cards.jsonl by its hash)
stats_tally     ``stats.count_card_by_card`` (HTML report: a sum of packed     179.0 M  (6.2 %
                integers per deck)                                                     of HTML)
==============  ============================================================  =================
"""

from __future__ import annotations

import os

NAMES = ("line_cache", "usual_deck", "plain_reading", "deck_memo", "facts_bin", "stats_tally")


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
deck_memo = "deck_memo" not in OFF
facts_bin = "facts_bin" not in OFF
stats_tally = "stats_tally" not in OFF
