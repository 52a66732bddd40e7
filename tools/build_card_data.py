"""Build the embedded card pool (card_data/) from the raw card files in shared/data/cards.

Run:  python tools/build_card_data.py [--source ../shared/data] [--out card_data] [--report]

Deterministic: the same input files give the same bytes out (no clock, sorted everything).
Only facts are carried over (names, ids, types, civilizations, costs, powers, races); the
rules text of the Ether files is read only to find cards that may exceed four copies.

How a card is made:
* every Ether record (2025-12 file plus the 2026 tail) gives its stats; its name is replaced
  by the official spelling (opencard, else the set lists) with the same matching key;
* twinpacts are named "creature side／spell side" and get two faces;
* psychic / dragheart / 禁断 / 零龍 sides linked by ``back`` become ONE card per front side,
  with the other sides as extra faces (a combined back shared by several fronts, e.g. 零龍,
  is a face of each of them and gets no record of its own);
* names known only from opencard or the set lists become incomplete cards (no faces).

The build itself is tools/card_build/, one module per source; this file is its entry.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import card_checks  # noqa: E402
from card_build.builder import Builder  # noqa: E402
from card_build.writer import header, report  # noqa: E402
from shared_dir import default_shared, require  # noqa: E402

from duepa_check.data.files import write_card_data  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=default_shared() / "data")
    parser.add_argument("--out", type=Path, default=REPO / "card_data")
    parser.add_argument("--report", action="store_true", help="print counts after building")
    args = parser.parse_args(argv)
    require("build_card_data", args.source, "cards")
    builder = Builder(args.source)
    builder.build()
    cards = builder.cards()
    left = card_checks.unexplained(card_checks.find_duplicates(cards))
    if left:
        raise SystemExit(f"duplicate finder: {left}")
    write_card_data(cards, header(builder), args.out)
    if args.report:
        print(report(builder, cards))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
