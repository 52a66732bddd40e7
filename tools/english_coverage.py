"""Measure how English-TCG decklist lines resolve, and whether each lands on the right card.

Run:  python tools/english_coverage.py [--source <shared>/data] [--write] [--show 40]

No real English decklists are in the sources, so the lines are made from the English TCG card
list (en_tcg_latepate64_DuelMastersCards.json, every card once) the way people write them: a
count before or after the name ("4x Bronze-Arm Tribe", "Bronze-Arm Tribe x3", "2 …"), the comma
of "Barkwhip, the Smasher" left out, lower case. Each line is read as a one-line decklist the way
`check` reads one (parse, then resolve against the pool); a resolved line is right when the card has the English card's
civilizations and cost (and is a spell when the English card is). ``--write`` stores the lines
with those facts in tests/fixtures/english/tcg_lines.tsv, which tests/reading/test_english_names.py
checks without the sources.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from english_join import ENGLISH_CIVILIZATIONS  # noqa: E402
from english_names import repaired  # noqa: E402
from shared_dir import default_shared, require  # noqa: E402

from duepa_check.data.pool import CardPool  # noqa: E402
from duepa_check.reading.decklist import parse_decklist  # noqa: E402
from duepa_check.reading.resolve import resolve_deck  # noqa: E402

FIXTURE = REPO / "tests" / "fixtures" / "english" / "tcg_lines.tsv"


def written(name: str, number: int) -> str:
    """One way people write a decklist line (chosen by the card's position, so it is stable)."""
    count = 1 + number % 4
    forms = (
        f"{count}x {name}",
        f"{name} x{count}",
        f"{count} {name.replace(', ', ' ')}",
        f"{count}x {name.lower()}",
        f"{count} {name}",
    )
    return forms[number % len(forms)]


def lines(source: Path) -> list[tuple[str, str, int, str]]:
    """(line, civilizations, cost, kind) for every English TCG card."""
    cards = json.loads((source / "cards" / "en_tcg_latepate64_DuelMastersCards.json").read_text(encoding="utf-8"))[
        "cards"
    ]
    rows = []
    for number, card in enumerate(sorted(cards, key=lambda c: c["name"])):
        civs = "".join(ENGLISH_CIVILIZATIONS[c] for c in ENGLISH_CIVILIZATIONS if c in card["civilizations"])
        kind = "other"
        if card["type"] == "Spell":  # the list calls a cross gear a spell too; its text says which
            kind = "crossgear" if (card.get("text") or "").startswith("Cross Gear") else "spell"
        rows.append((written(repaired(card["name"]), number), civs, card["cost"], kind))
    return rows


def read_fixture(path: Path = FIXTURE) -> list[tuple[str, str, int, str]]:
    rows = []
    for raw in path.read_text(encoding="utf-8").splitlines()[1:]:
        line, civs, cost, kind = raw.split("\t")
        rows.append((line, civs, int(cost), kind))
    return rows


def judge(pool: CardPool, rows: list[tuple[str, str, int, str]]) -> tuple[list, list, list]:
    """(right, wrong, unresolved): (line, card name) pairs; wrong = civilizations, cost or kind differ."""
    right, wrong, unresolved = [], [], []
    order = tuple(ENGLISH_CIVILIZATIONS.values())
    for line, civs, cost, kind in rows:
        deck = resolve_deck(parse_decklist(line.encode("utf-8"), "english.txt"), pool)  # as `check` reads it
        if len(deck.cards) != 1 or deck.unresolved:
            unresolved.append((line, ", ".join(c.name for _, found in deck.unresolved for c in found.cards)))
            continue
        card = deck.cards[0].card
        card_civs = "".join(c for c in order if c in card.civilizations)
        costs = {f.cost for f in card.faces}
        spell = any(f.type == "呪文" for f in card.faces)
        cross_gear = any(f.type == "クロスギア" for f in card.faces)
        ok = card_civs == civs and cost in costs and (kind != "spell" or spell) and (kind != "crossgear" or cross_gear)
        (right if ok else wrong).append((line, card.name))
    return right, wrong, unresolved


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=default_shared() / "data")
    parser.add_argument("--write", action="store_true", help="store the lines in " + str(FIXTURE.relative_to(REPO)))
    parser.add_argument("--show", type=int, default=40)
    args = parser.parse_args(argv)
    require("english_coverage", args.source, "cards")
    rows = lines(args.source)
    if args.write:
        FIXTURE.parent.mkdir(parents=True, exist_ok=True)
        text = "line\tcivilizations\tcost\tkind\n" + "".join(f"{a}\t{b}\t{c}\t{d}\n" for a, b, c, d in rows)
        FIXTURE.write_text(text, encoding="utf-8")
    right, wrong, unresolved = judge(CardPool.load(), rows)
    total = len(rows)
    print(f"English TCG lines: {total}")
    print(f"  resolved, facts agree: {len(right)} ({100 * len(right) / total:.2f} %)")
    print(f"  resolved, facts differ (wrong join): {len(wrong)}")
    pool = CardPool.load()
    tcg_only = [
        (line, names)
        for line, names in unresolved
        if pool.english_tcg_only(parse_decklist(line.encode(), "e.txt").entries[0].name)
    ]
    print(
        f"  unresolved: {len(unresolved)} ({100 * len(unresolved) / total:.2f} %), of which printed only in the "
        f"English "
        f"TCG (DP103, not DP100): {len(tcg_only)}; read (resolved or DP103): "
        f"{100 * (len(right) + len(tcg_only)) / total:.2f} %"
    )
    for title, items in (("wrong", wrong), ("unresolved", unresolved)):
        for line, names in items[: args.show]:
            print(f"  {title}: {line}  →  {names}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
