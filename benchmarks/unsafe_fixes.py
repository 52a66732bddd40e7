"""What ``--unsafe-fixes`` decides on typos: fixed right, left as they are, fixed wrong.

    python benchmarks/unsafe_fixes.py [--grid]

Two sets of names that match no card:

* the real typos of the test data (tests/fixtures): the misspelt name of the submission sheet
  (responses.csv row 4: a card of DM23-BD7 with a ー typed after it; the right card is the name
  without it), and the English TCG lines that Japan never printed (tests/fixtures/english: no card
  is right, so any fix is wrong);
* typos made from every card name of the fixture decks (tests/fixtures/decks), four each: a ー
  typed after it, a character left out, two characters swapped, a kana one code point off; those
  that still name a card are not typos and are dropped.

``--grid`` also prints the counts for other thresholds (minimum score x margin), the choice's reason.
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from duepa_check.data.pool import CardPool  # noqa: E402
from duepa_check.reading import name_fixes  # noqa: E402
from duepa_check.reading.decklist import load_decklist, parse_decklist  # noqa: E402
from duepa_check.reading.resolve import resolve_deck  # noqa: E402
from duepa_check.reading.sheet import read_sheet, row_decklist  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures"


def real_typos(pool: CardPool) -> list[tuple[str, str | None]]:
    """(typed, the right card or None) of each name in the fixtures that matches no card."""
    found = []
    for row in read_sheet(FIXTURES / "sheets" / "responses.csv") or []:
        try:
            deck = resolve_deck(row_decklist(row), pool)
        except Exception:  # noqa: BLE001 - the empty cell
            continue
        for entry, lookup in deck.unresolved:
            if not lookup.cards:
                right = pool.lookup(entry.name.removesuffix("ー")).card
                found.append((entry.name, right.name if right else None))
    with open(FIXTURES / "english" / "tcg_lines.tsv", encoding="utf-8") as handle:
        lines = [row["line"] for row in csv.DictReader(handle, delimiter="\t")]
    deck = resolve_deck(parse_decklist("\n".join(lines).encode("utf-8"), "lines.txt"), pool)
    found += [(entry.name, None) for entry, lookup in deck.unresolved if not lookup.cards]
    return found


def made_typos(pool: CardPool) -> list[tuple[str, str]]:
    names = sorted(
        {
            card.card.name
            for path in sorted((FIXTURES / "decks").glob("*.txt"))
            for card in resolve_deck(load_decklist(path), pool).cards
        }
    )
    found = []
    for name in names:
        middle = len(name) // 2
        kana = next((i for i, c in enumerate(name) if "ァ" <= c <= "ヴ"), None)
        typos = [
            name + "ー",
            name[:middle] + name[middle + 1 :],
            name[: middle - 1] + name[middle] + name[middle - 1] + name[middle + 1 :],
        ]
        if kana is not None:
            typos.append(name[:kana] + chr(ord(name[kana]) + 1) + name[kana + 1 :])
        found += [(typo, name) for typo in typos if typo != name and not pool.lookup(typo).cards]
    return found


def counts(typos, pool: CardPool, min_score: float, margin: float) -> tuple[int, int, int]:
    right = left = wrong = 0
    for typed, card in typos:
        fixed = name_fixes.clear_suggestion(typed, pool, min_score, margin)
        target = pool.lookup(fixed).card.name if fixed else None
        if target is None:
            left += 1
        elif target == card:
            right += 1
        else:
            wrong += 1
    return right, left, wrong


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--grid", action="store_true", help="also other thresholds")
    options = parser.parse_args()
    pool = CardPool.load()
    sets = {"fixtures' typos": real_typos(pool), "made typos": made_typos(pool)}
    rule = (name_fixes.UNSAFE_MIN_SCORE, name_fixes.UNSAFE_MARGIN)
    grid = [(s, m) for s in (70.0, 75.0, 80.0, 85.0, 90.0) for m in (0.0, 4.0, 8.0, 12.0)] if options.grid else [rule]
    print("set             names  min  margin  fixed right  left  fixed wrong")
    for label, typos in sets.items():
        for min_score, margin in grid:
            right, left, wrong = counts(typos, pool, min_score, margin)
            mark = "  <- the rule" if (min_score, margin) == rule else ""
            print(f"{label:15} {len(typos):5}  {min_score:3.0f}  {margin:6.0f}  {right:11}  {left:4}  {wrong:11}{mark}")


if __name__ == "__main__":
    main()
