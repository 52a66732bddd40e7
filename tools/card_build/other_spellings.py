"""Other spellings: names that printings, the official site and other tools write for cards the
pool has (other_spellings_2026-12.tsv), and the known misspellings (card_checks.MISSPELLINGS).

A printing under another name (the DMART-26 collaboration) becomes an alias of its game card with
its official id; a spelling the official site itself uses, and a misspelling, become aliases. The
other rows (a fan wiki's look-alike letter, a deck site's hyphen or all-sides name) are spelling
classes the name key and the look-up cover: tests/data/test_other_spellings.py reads every row.
The header lists the printings and the aliases with their sources.
"""

from __future__ import annotations

import csv

import card_checks

OTHER_SPELLINGS = "other_spellings_2026-12.tsv"


def read_rows(path) -> list[dict[str, str]]:
    """The file's rows; a source written 'same' is the row above's."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    rows, source = [], ""
    for row in csv.DictReader(lines, delimiter="\t"):
        source = source if row["source"].strip() == "same" else row["source"].strip()
        rows.append({**row, "source": source})
    return rows


class OtherSpellings:
    """The builder's part that adds the other spellings (mixed into ``Builder``)."""

    def add_other_spellings(self) -> None:
        self.printings: list[dict[str, str]] = []
        self.other_spellings: list[dict[str, str]] = []
        rows = read_rows(self.source / "cards" / OTHER_SPELLINGS)
        wanted = [
            (r["typed"], r["card"], r["kind"], r["official_id"], f"{OTHER_SPELLINGS}: {r['source']}")
            for r in rows
            if r["kind"] in ("printing", "site")
        ]
        wanted += [(typed, card, "misspelling", "", source) for typed, card, source in card_checks.MISSPELLINGS]
        for typed, card, kind, card_id, source in wanted:
            draft = self.card_for(card)
            if draft is None:
                raise SystemExit(f"{OTHER_SPELLINGS}: {card!r} is not one pool card")
            draft.aliases.add(typed)
            if card_id:
                draft.ids.add(card_id)
            if kind == "printing":
                self.printings.append({"printing": typed, "card": draft.name, "id": card_id, "source": source})
            else:
                self.other_spellings.append({"spelling": typed, "card": draft.name, "kind": kind, "source": source})
