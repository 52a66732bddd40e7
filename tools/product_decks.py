"""Write official 60-card DuePar product decks as decklists for the tests.

Run:  python tools/product_decks.py DM23-BD5 DM23-BD6 DM23-BD7 [--source ../shared/data]
      python tools/product_decks.py --list

Each エキサイティング・デュエパ・デッキ is a complete, legal-on-release DuePar deck. The set list in
ether_setlists_2026.json gives its 60 printings in product order, the partner (the product's
headline card) first: the decklist names that card on a ``パートナー:`` line and every other
printing on a ``1 NAME`` line, so line N + 2 is the product's printing N. Each product comes with two
partner cards, printings 1/60 and 2/60 (both SR; for DM23-BD4 《ボルシャック・ドラゴ大王》 and
《ガルチェンソ・ドラゴン》): the second is the first ``1 NAME`` line, line 4 (tests/analysis/test_partners.py
relies on that). Tests read only
these files, never shared/data. An existing file is left alone unless ``--force``: DM23-BD4 and
DM24-BD6 are the examples given with the project (the same lines, another comment).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from shared_dir import default_shared, require  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "tests" / "fixtures" / "decks"
SETLISTS = Path("cards") / "ether_setlists_2026.json"


def product_decks(source: Path) -> dict[str, dict]:
    """Every deck product of exactly 60 printings with one card each, by product code."""
    products = json.loads((source / SETLISTS).read_text(encoding="utf-8"))
    return {
        p["setcode"]: p
        for p in products
        if p.get("isdeck") and len(p["setcardlist"]) == 60 and len({c["name"] for c in p["setcardlist"]}) == 60
    }


def decklist(product: dict) -> str:
    names = [card["name"].strip() for card in product["setcardlist"]]
    lines = [
        f"# {product['setcode']} {product['setname']} (official 60-card product list, "
        f"from {SETLISTS.name} in the card sources)",
        f"パートナー: {names[0]}",
        "",
        *(f"1 {name}" for name in names[1:]),
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("codes", nargs="*", help="product codes, e.g. DM23-BD5")
    parser.add_argument("--source", type=Path, default=default_shared() / "data")
    parser.add_argument("--list", action="store_true", help="list the 60-card deck products")
    parser.add_argument("--force", action="store_true", help="overwrite decklists that exist")
    args = parser.parse_args(argv)
    require("product_decks", args.source, "cards")
    decks = product_decks(args.source)
    if args.list or not args.codes:
        for code, product in decks.items():
            print(code, product["setname"])
        return 0
    for code in args.codes:
        if code not in decks:
            parser.error(f"{code}: not a 60-card deck product in {args.source / SETLISTS}")
        path = OUT / f"{code}.txt"
        if path.exists() and not args.force:
            print(f"kept {path.relative_to(REPO)} (exists; --force overwrites)")
            continue
        path.write_text(decklist(decks[code]), encoding="utf-8")
        print(f"wrote {path.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
