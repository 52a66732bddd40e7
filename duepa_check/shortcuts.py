"""The shortcuts, and the one switch that turns them all off: ``DUEPA_CHECK_NO_SHORTCUTS=1``.

A shortcut is a second route to what a general routine already works out, kept because a batch
of decks is measurably cheaper with it. Every shortcut here has its general route in the code
beside it, and the switch, read once when this module is imported, makes every one of them take
that route. CI runs the whole suite both ways (``.ci/run``), and tests/test_shortcut_routes.py
compares the two routes on input generated from the reader's own grammar and the card pool.

The value ``1`` turns every shortcut off; a comma-separated list of the names below turns off
those only (to measure one: ``benchmarks/README.md``); empty or ``0`` leaves them on. Code asks
``shortcuts.NAME`` (a module attribute, so a test may set it) at the moment it would take one.

The registry: name, the general routine it stands for, and what it saves. Figures are
instructions (callgrind, ``PYTHONHASHSEED=0``, one core) of the 1,000 generated benchmark decks
checked as JSON, with the shortcut off against on, measured 2026-12-02 (see benchmarks/README.md).

================  ==========================================================  ================
name              the general route it stands for                             saves
================  ==========================================================  ================
line_cache        ``TextReader.read_line`` for every line of a text list      (measuring)
plain_reading     ``decklist_cards.read_card_line`` for a plain ``1 NAME``    (measuring)
usual_deck        ``resolve_deck``'s full look-ups for a list whose every     (measuring)
                  line names one card (``CardPool.only_cards``)
deck_memo         the ``Deck`` properties, each worked out on first read      (measuring)
                  (``Deck._know_from`` fills them from the cards at hand)
facts_bin         ``Card.from_record`` on the cards.jsonl line                (measuring)
one_shard         ``CardPool._hits`` for a name looked up in the embedded     (measuring)
                  data alone
knows             ``CardPool.lookup(name).cards``                             (measuring)
compact_json      ``json.dumps(value, ensure_ascii=False)``                   (measuring)
stats_tally       ``stats.count_card_by_card``                                (measuring)
chart_in_worker   the HTML page draws each chart (``html_report._section``)   (measuring)
================  ==========================================================  ================
"""

from __future__ import annotations

import os

NAMES = (
    "line_cache", "plain_reading", "usual_deck", "deck_memo", "facts_bin", "one_shard", "knows", "compact_json",
    "stats_tally", "chart_in_worker",
)


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
one_shard = "one_shard" not in OFF
knows = "knows" not in OFF
compact_json = "compact_json" not in OFF
stats_tally = "stats_tally" not in OFF
chart_in_worker = "chart_in_worker" not in OFF
