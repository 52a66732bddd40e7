"""Benchmark body for "card pool": load the pool and look up the 60 names of one decklist.

Run by benchmarks/run.py as ``python benchmarks/pool_lookup.py DECKFILE`` and timed against
``python -c pass``. The names are read with plain string methods (no ``re``) so that the
script itself adds next to nothing over the import and the look-ups. Exit status 3 if any
name does not resolve to exactly one card (the figure would then be meaningless).
"""

import sys

deck = sys.argv[1] if len(sys.argv) > 1 else "tests/fixtures/decks/DM23-BD4.txt"
NAMES = []
with open(deck, encoding="utf-8") as handle:
    for raw in handle:
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith(("パートナー:", "パートナー：")):
            NAMES.append(line.split(":" if ":" in line else "：", 1)[1].strip())
        else:
            NAMES.append(line.split(None, 1)[1])

from duepa_check.data.pool import CardPool  # noqa: E402  (the part being measured starts here)

p = CardPool.load()
found = [p.lookup(n) for n in NAMES]
unresolved = [n for n, f in zip(NAMES, found) if f.card is None]
if len(NAMES) != 60 or unresolved:
    print(f"pool_lookup: {len(NAMES)} names, unresolved: {unresolved}", file=sys.stderr)
    sys.exit(3)
