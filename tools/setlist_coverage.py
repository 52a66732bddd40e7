"""Measure how many printed names of the set lists resolve through the card pool.

Run:  python tools/setlist_coverage.py [--source ../shared/data] [--show 50]

Every printing in ether_setlists_2026.json is looked up with ``CardPool.lookup`` as a user
would type it. A printing counts as resolved when it names exactly one card; an ambiguous
printing (a combined back side such as 零龍, shared by several cards) and an unknown one are
listed. This is a build check, not a test: it needs shared/data, which tests may not read.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from shared_dir import default_shared, require  # noqa: E402

from duepa_check.data.pool import CardPool  # noqa: E402


def printings(source: Path) -> list[tuple[str, str]]:
    """(product code, printed name) for every printing of every product."""
    products = json.loads((source / "cards" / "ether_setlists_2026.json").read_text(encoding="utf-8"))
    return [(p["setcode"], e["name"]) for p in products for e in p["setcardlist"] if e.get("name", "").strip()]


def measure(pool: CardPool, rows: list[tuple[str, str]]) -> tuple[Counter[str], Counter[str], Counter[str], int]:
    """(outcome counts, ambiguous names, unknown names, printings naming an incomplete card)."""
    outcomes: Counter[str] = Counter()
    ambiguous: Counter[str] = Counter()
    unknown: Counter[str] = Counter()
    incomplete = 0
    for _product, name in rows:
        found = pool.lookup(name)
        if found.card is not None:
            outcomes["resolved"] += 1
            incomplete += not found.card.complete
        elif found.cards:
            outcomes["ambiguous"] += 1
            ambiguous[name] += 1
        else:
            outcomes["unknown"] += 1
            unknown[name] += 1
    return outcomes, ambiguous, unknown, incomplete


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=default_shared() / "data")
    parser.add_argument("--show", type=int, default=50, help="how many unresolved names to list")
    args = parser.parse_args(argv)
    require("setlist_coverage", args.source, "cards")
    rows = printings(args.source)
    outcomes, ambiguous, unknown, incomplete = measure(CardPool.load(), rows)
    total = len(rows)
    print(f"printings: {total}")
    for outcome in ("resolved", "ambiguous", "unknown"):
        print(f"  {outcome}: {outcomes[outcome]} ({100 * outcomes[outcome] / total:.2f} %)")
    print(f"  resolved to a card without stats (complete=False): {incomplete}")
    for title, names in (("ambiguous", ambiguous), ("unknown", unknown)):
        print(f"{title} names ({len(names)} distinct):")
        for name, count in sorted(names.items(), key=lambda item: (-item[1], item[0]))[: args.show]:
            print(f"  {count:3d}  {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
