"""The benchmarks' inputs: 1,000 distinct decklists as a tournament gets them, a sheet of them, a
deck of one civilization. Deterministic (a fixed seed); standard library only.

Deck i is a variation of DM23-BD4 (even i) or DM24-BD6 (odd i): the main deck shuffled, 0-8 cards
swapped for other real cards the partner allows, the lines written in one of the forms decklists
use (some decks mix them). Mostly legal; some decks have one problem on purpose: i % 20 == 0 one
off-civilization card (DP005), i % 20 == 10 one card twice (DP002), i % 40 == 7 one card with no
data yet (DP201, a warning: still legal).
"""

from __future__ import annotations

import csv
import json
import random
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DECKS = ROOT / "tests" / "fixtures" / "decks"
ONE_DECK = DECKS / "DM23-BD4.txt"
BASES = (DECKS / "DM23-BD4.txt", DECKS / "DM24-BD6.txt")
CARDS = ROOT / "card_data" / "cards.jsonl"
INDEX = ROOT / "card_data" / "index.tsv"
REGULATION = ROOT / "card_data" / "regulation.yaml"

SEED = 20260316
N_DECKS = 1000

# How a line writes its one card, as decklists do: the forms a deck uses (one each, or all mixed).
LINE_FORMS = ("1 {}", "1x {}", "1 《{}》", "{} x1", "1枚 {}", "{} ×1", "《{}》 1枚")
MIXED = len(LINE_FORMS)  # the style of a deck whose every line takes a form of its own
PARTNER_FORMS = ("パートナー: {}", "パートナー：{}")

_BAD_NAME = re.compile(r"[/／#:：\[\]【】《》()（）\"'“”,、]|^[\dxX×*\s]|[xX×]\s*\d+$|\d+\s*枚$|\d$|\s$")


# ---------------------------------------------------------------------------- the card data


def _norm(name: str) -> str:
    """A rough name fold (NFKC, no spaces/dots/slashes, no kana reading) to avoid re-adding a base card."""
    text = unicodedata.normalize("NFKC", name).strip().strip("《》")
    text = re.sub(r"\([\u3041-\u309f\u30a0-\u30ff・ー\s]+\)", "", text)
    return re.sub(r"[\s・･/／\-‐－]+", "", text).casefold()


def read_deck(path: Path) -> tuple[str, list[str]]:
    """(partner as typed, main-deck names as typed) of a plain '1 NAME' list."""
    partner, main = None, []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        found = re.match(r"^パートナー\s*[:：]\s*(.+)$", line)
        if found:
            partner = found.group(1).strip()
            continue
        count, name = line.split(None, 1)
        main.extend([name.strip()] * int(count))
    if partner is None:
        raise SystemExit(f"decks.py: {path} has no partner line")
    return partner, main


def regulated_names() -> set[str]:
    """Every card named anywhere in regulation.yaml (殿堂 events, combos, lists, unconfirmed changes)."""
    names: set[str] = set()
    for line in REGULATION.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith("- {"):
            item = json.loads(line[2:])
            if "card" in item:
                names.add(item["card"])
            names.update(item.get("cards", ()))
        elif line.startswith('- "') and not line.startswith(('- "http', '- "hall-of', '- "regulation')):
            names.add(json.loads(line[2:]))
    return names


def load_cards() -> tuple[dict[str, dict], dict[int, dict]]:
    """All card records from cards.jsonl (skipping the header line), by name and by byte offset."""
    by_name: dict[str, dict] = {}
    by_offset: dict[int, dict] = {}
    with CARDS.open("rb") as handle:
        offset = len(handle.readline())
        for line in handle:
            if line.strip():
                card = json.loads(line)
                by_name[card["name"]] = card
                by_offset[offset] = card
            offset += len(line)
    return by_name, by_offset


def unique_key_offsets() -> set[int]:
    """Offsets of cards whose official-name key belongs to no other card (so a look-up cannot be ambiguous)."""
    owners: dict[bytes, set[int]] = {}
    name_rows: list[tuple[bytes, int]] = []
    for row in INDEX.read_bytes().split(b"\n"):
        if not row:
            continue
        key, kind, offset = row.split(b"\t")
        owners.setdefault(key, set()).add(int(offset))
        if kind == b"name":
            name_rows.append((key, int(offset)))
    return {offset for key, offset in name_rows if owners[key] == {offset}}


def civs(card: dict) -> set[str]:
    return {c for face in card.get("faces", ()) for c in face.get("civilizations", ())}


def _plain(card: dict, offset: int, unique: set[int], excluded: set[str]) -> bool:
    """A plain, unrestricted, unambiguous single-sided main-deck card, read the same in every line form."""
    name = card["name"]
    return not (
        offset not in unique
        or card.get("zone", "main") != "main"
        or card.get("layout", "single") != "single"
        or len(name) > 40
        or _BAD_NAME.search(name)
        or not re.search(r"[^\W\d_]", name)
        or _norm(name) in excluded
        or card.get("may_exceed_four")
    )


def candidate_pools(partner_civs: set[str], exclude: set[str], by_offset: dict[int, dict]) -> dict[str, list[str]]:
    """Names of plain cards to swap in: fitting the partner, off-colour, incomplete."""
    unique = unique_key_offsets()
    excluded = {_norm(n) for n in regulated_names()} | exclude
    pools: dict[str, list[str]] = {"fit": [], "wrong": [], "incomplete": []}
    for offset, card in by_offset.items():
        if not _plain(card, offset, unique, excluded):
            continue
        if not card.get("complete", True):
            pools["incomplete"].append(card["name"])
        elif card.get("faces") and len(card["faces"]) == 1:
            pools["fit" if civs(card) <= partner_civs else "wrong"].append(card["name"])
    for names in pools.values():
        names.sort()
    return pools


# ---------------------------------------------------------------------------- the decks


@dataclass
class Base:
    """A product deck the variations start from, and the cards they may swap in."""

    stem: str
    partner: str
    main: list[str]
    pools: dict[str, list[str]]


def load_bases() -> list[Base]:
    by_name, by_offset = load_cards()
    bases = []
    for path in BASES:
        partner, main = read_deck(path)
        card = by_name.get(partner)
        if card is None:
            raise SystemExit(f"decks.py: partner {partner!r} of {path.name} is not an official name in cards.jsonl")
        pools = candidate_pools(civs(card), {_norm(n) for n in (partner, *main)}, by_offset)
        bases.append(Base(path.stem, partner, main, pools))
    return bases


def problems_of(i: int) -> list[str]:
    """The rules deck i breaks on purpose (at most one problem a deck)."""
    if i % 20 == 0:
        return ["DP005"]
    if i % 20 == 10:
        return ["DP002"]
    if i % 40 == 7:
        return ["DP201"]
    return []


class Variation:
    """The cards of one variation of a base deck, swapped slot by slot."""

    def __init__(self, base: Base, rng: random.Random) -> None:
        self.base, self.rng = base, rng
        self.cards = list(base.main)
        rng.shuffle(self.cards)
        self.used: set[str] = set()
        self.touched: set[int] = set()

    def pick(self, pool: str) -> str:
        while True:
            name = self.rng.choice(self.base.pools[pool])
            if name not in self.used:
                self.used.add(name)
                return name

    def free_slot(self) -> int:
        while True:
            slot = self.rng.randrange(len(self.cards))
            if slot not in self.touched:
                self.touched.add(slot)
                return slot

    def swap(self, times: int) -> None:
        for _ in range(times):
            self.cards[self.free_slot()] = self.pick("fit")

    def break_rule(self, rule: str) -> None:
        if rule == "DP005":
            self.cards[self.free_slot()] = self.pick("wrong")
        elif rule == "DP002":
            target, source = self.free_slot(), self.free_slot()
            self.cards[target] = self.cards[source]
        elif rule == "DP201":
            self.cards[self.free_slot()] = self.pick("incomplete")


def deck_text(i: int, base: Base, cards: list[str], rng: random.Random, seed: int) -> str:
    """Deck i's list: a comment, the partner line, a blank line, one line a card in the deck's form(s)."""
    style = i % (len(LINE_FORMS) + 1)
    partner = PARTNER_FORMS[i % len(PARTNER_FORMS)].format(base.partner)
    lines = [f"# generated variation {i} of {base.stem} (seed {seed})", partner, ""]
    for name in cards:
        form = LINE_FORMS[rng.randrange(len(LINE_FORMS)) if style == MIXED else style]
        lines.append(form.format(name))
    return "\n".join(lines) + "\n"


def generate_decks(folder: Path, n: int = N_DECKS, seed: int = SEED) -> dict:
    """Write n decklists into folder; return the expected summary, per-deck rule ids and pool sizes."""
    rng = random.Random(seed)
    bases = load_bases()
    expected = {"decks": n, "legal": 0, "errors": 0, "warnings": 0, "unreadable": 0}
    per_deck: dict[str, list[str]] = {}
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        base = bases[i % 2]
        variation = Variation(base, rng)
        variation.swap(rng.randint(0, 8))
        rules = problems_of(i)
        for rule in rules:
            variation.break_rule(rule)
        path = folder / f"deck{i:04d}.txt"
        path.write_text(deck_text(i, base, variation.cards, rng, seed), encoding="utf-8")
        errors = sum(rule != "DP201" for rule in rules)
        expected["errors"] += errors
        expected["warnings"] += len(rules) - errors
        expected["legal"] += errors == 0
        per_deck[str(path)] = sorted(rules)
    return {
        "summary": expected,
        "per_deck": per_deck,
        "pool_sizes": {base.stem: {k: len(v) for k, v in base.pools.items()} for base in bases},
    }


def write_mono_deck(path: Path) -> Path:
    """DM23-BD4's 火-only cards as a list: a deck of one civilization, the costlier case for
    `partners --pool` (every civilization set that includes 火 is parsed)."""
    by_name, _ = load_cards()
    _, main = read_deck(ONE_DECK)
    names = [name for name in main if name in by_name and civs(by_name[name]) == {"火"}]
    path.write_text("".join(f"1 {name}\n" for name in names), encoding="utf-8")
    return path


def write_sheet(folder: Path, path: Path) -> Path:
    """The generated decks as one submission sheet (a form's responses as CSV): a timestamp, a
    player and the decklist in one multi-line cell per row, in the folder walk's order."""
    with open(path, "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\r\n")  # as a spreadsheet exports it
        writer.writerow(["タイムスタンプ", "お名前", "デッキリスト"])
        for number, deck in enumerate(sorted(folder.glob("*.txt"))):
            time_of_day = f"{9 + number // 3600:02d}:{number // 60 % 60:02d}:{number % 60:02d}"
            writer.writerow([f"2026/11/28 {time_of_day}", f"player{number:04d}", deck.read_text(encoding="utf-8")])
    return path
