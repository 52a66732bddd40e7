"""English names for Japanese cards: by official id, and for the English TCG of 2004–2006 by facts.

Three joins, all checked against the card's facts (civilization and cost) before a name is kept:

* ``octgn_ocg_and_tcg_cards.tsv`` rows that carry an official id (the szefo09/dm-ocg-octgn set
  files): their English name goes to the pool card with that id. These files name a card the way
  the English TCG printed it where it had one, so most English-TCG names arrive this way.
* ``en_ocg_fandom_Ravenite_All_Cards.csv`` rows by set and number read as an official id
  (``DM-18`` + ``S3`` → ``dm18-s03``, ``DMC-42`` + ``4`` → ``dmc42-004``): the set lists the build
  had joined them through stop at DM-08, so every DM-09…DM-35 and DMC row was lost before.
* ``octgn_ocg_and_tcg_cards.tsv`` rows without an official id (the English TCG's sets use the
  English numbering; promos): an English name no other join gave goes to the one Japanese card
  with the same type, civilizations, cost, power and races (both sides of a twinpact), types
  translated as the rows with an id show them, races through ``ether_races.json``
  (``join_by_facts``).
* ``en_tcg_latepate64_DuelMastersCards.json`` (the English TCG card list) for the names the
  joins above do not give: the Japanese card with the same civilizations, cost, power, type and
  races, kept only when exactly one card fits.

Used by tools/build_card_data.py.
"""

from __future__ import annotations

import csv
import json
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from english_names import closest_by_sound, loose_english, repaired, skeleton, sound_score, whole_sound

ENGLISH_CIVILIZATIONS = {"Light": "光", "Water": "水", "Darkness": "闇", "Fire": "火", "Nature": "自然"}
COLOURLESS_WORDS = {"Colorless", "Zero", ""}
TCG_TYPES = {
    ("Creature", False): "クリーチャー",
    ("Creature", True): "進化クリーチャー",
    ("Spell", False): "呪文",
    ("Cross Gear", False): "クロスギア",
    ("Evolution Creature", False): "進化クリーチャー",
}
RAVENITE_NUMBER = re.compile(r"^([A-Za-z]*)(\d+)$")


def ravenite_id(set_code: str, number: str) -> str | None:
    """'DM-18', 'S3' → 'dm18-s03'; 'DMC-42', '4' → 'dmc42-004'; None for anything else."""
    code = set_code.strip().lower().replace("-", "")
    match = RAVENITE_NUMBER.match(number.strip())
    if not code or not match:
        return None
    letters, digits = match.groups()
    width = 2 if letters else 3
    return f"{code}-{letters.lower()}{int(digits):0{width}d}"


def civilizations_of(text: str) -> set[str] | None:
    """'Fire/Nature' → {'火', '自然'}; None when a word is not a civilization."""
    words = [w.strip() for w in re.split(r"[/,]", text or "") if w.strip()]
    if any(w not in ENGLISH_CIVILIZATIONS and w not in COLOURLESS_WORDS for w in words):
        return None
    return {ENGLISH_CIVILIZATIONS[w] for w in words if w in ENGLISH_CIVILIZATIONS}


def fits(faces, civilization: str, cost: str) -> bool:
    """Whether a row's civilizations and cost describe the card (or one of its faces)."""
    if not faces:
        return False
    civs = civilizations_of(civilization)
    if civs is None:
        return False
    whole = {c for face in faces for c in face.civilizations}
    if civs != whole and all(civs != set(face.civilizations) for face in faces):
        return False
    cost = (cost or "").strip()
    return not cost.isdigit() or any(face.cost == int(cost) for face in faces if isinstance(face.cost, int))


def octgn_names(path: Path) -> Iterable[tuple[str, str, str, str]]:
    """(official id, English name, civilization, cost) of every row that has an id; a twinpact's
    name is 'creature side / spell side'."""
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            card_id, name = row["official_id"].strip(), row["name_en"].strip()
            if not card_id or not name:
                continue
            name = twinpact_name(name, row.get("name_en_2", ""))
            yield card_id, name, row.get("civilization", ""), row.get("cost", "")


def twinpact_name(name: str, second: str) -> str:
    """A twinpact row's English name as exports write it, 'creature side / spell side': the set
    files' name already ends with the spell side ('Perfect, Domination Elemental / Galaxy
    Charger' with 'Galaxy Charger'), so it is added only when missing."""
    second = (second or "").strip()
    if not second or loose_english(name).endswith("/" + loose_english(second)):
        return name
    return f"{name} / {second}"


def octgn_rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return [row for row in csv.DictReader(handle, delimiter="\t") if row["name_en"].strip()]


def tcg_only(rows: list[dict[str, str]]) -> list[str]:
    """English names every row of which is of the format TCG alone: cards printed only in the
    English TCG (never in Japan), sorted; one spelling per name (the first met)."""
    formats: dict[str, set[str]] = defaultdict(set)
    spelling: dict[str, str] = {}
    for row in rows:
        name = " ".join(row["name_en"].split())
        formats[loose_english(name)].add(row["format"].replace(" ", ""))
        spelling.setdefault(loose_english(name), name)
    return sorted(spelling[key] for key, found in formats.items() if found == {"TCG"})


def learned_types(path: Path, type_of_id: Callable[[str], str | None]) -> dict[str, str]:
    """English type → Japanese type, as the rows with an official id show them (the type of the
    card with that id; the one most rows agree on). Twinpact rows ('Creature/Spell') are left out."""
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            english = " ".join(row["type"].split())
            found = (
                type_of_id(row["official_id"].strip()) if row["official_id"].strip() and "/" not in english else None
            )
            if found:
                votes[english][found] += 1
    return {english: counts.most_common(1)[0][0] for english, counts in votes.items()}


def row_faces(row: dict[str, str], types: dict[str, str], races: dict[str, str]) -> tuple | None:
    """A row's facts as (type, civilizations, cost, power, races) per side (races None where a
    race has no Japanese name); None when the row says something the pool cannot be compared with."""
    sides = [("type", "civilization", "cost", "power", "race")]
    if row.get("name_en_2", "").strip():
        sides.append(("type_2", "civilization_2", "cost_2", None, "race_2"))
    faces = []
    for number, (type_key, civ_key, cost_key, power_key, race_key) in enumerate(sides):
        type_text = " ".join(row[type_key].split())
        if number == 0 and len(sides) == 2:
            type_text = type_text.split("/")[0].strip()
        cost_text = row[cost_key].split("/")[0].strip() if number == 0 else row[cost_key].strip()
        civs = civilizations_of(row[civ_key])
        if type_text not in types or civs is None or not cost_text.isdigit():
            return None
        words = [w.strip() for w in row[race_key].split("/") if w.strip()]
        faces.append(
            (
                types[type_text],
                frozenset(civs),
                int(cost_text),
                power_number(row[power_key]) if power_key else None,
                tuple(races.get(w.casefold()) for w in words),
            )
        )
    return tuple(faces)


def face_fits(face, fact) -> bool:
    type_name, civs, cost, power, jp_races = fact
    known = {r for r in jp_races if r}
    return (
        face.type == type_name
        and frozenset(face.civilizations) == civs
        and face.cost == cost
        and power_number(face.power) == power
        and known <= set(face.races)
        and len(face.races) == len(jp_races)
    )


SET_CODE = re.compile(r"^(DM[A-Z]*-\d+)\s")  # 'DM-01 Base Set' → DM-01


def join_by_facts(
    rows: list[dict[str, str]],
    cards: dict[str, tuple],
    types: dict[str, str],
    races: dict[str, str],
    known: Callable[[str], bool],
    nameless: Iterable[str] = (),
) -> tuple[list[tuple[str, str]], dict[str, list[str]]]:
    """(English name, card name) for each English name of the ``rows`` without an official id that
    no other join gave and whose rows' facts fit exactly one card; and the names that stayed apart,
    by why. (Rows with an id the pool does not know only tell the name's sets.)

    ``cards``: name → (layout, faces, ids, English names) of each complete card. A twinpact row is
    compared with both sides of twinpacts, any other row with the first side of the rest: type,
    civilizations, cost, power and races. When several cards fit, the one printed in the row's set
    (its Japanese code: the English TCG's DM-01 was drawn from the Japanese DM-01) is taken if it is
    the only one, else the only one of those without an English name yet. Where a side has no race
    to compare (spells) or a race without a Japanese name, the facts say little: the card's katakana
    must also sound like the English name (closest_by_sound). Rows of cards printed only in the
    English TCG (format TCG) are never joined; nor is a name whose one card was not printed in any
    set its rows name (when the pool knows that set's ids) or, when they are all sets of the English
    TCG's years (rows of promos without a code aside), in none of those years; or that sounds like a card without
    facts (``nameless``) more than like the card its facts pick."""
    index: dict[tuple, list[str]] = defaultdict(list)
    printed_sets = {i.lower().split("-", 1)[0] + "-" for _, _, ids, _ in cards.values() for i in ids}
    for name, (layout, faces, _ids, _english) in cards.items():
        sides = faces[:2] if layout == "twinpact" else faces[:1]
        index[tuple((f.type, frozenset(f.civilizations), f.cost) for f in sides)].append(name)
    by_name: dict[str, list[dict[str, str]]] = defaultdict(list)
    printed_codes: dict[str, set[str]] = defaultdict(set)  # the set codes of a name's rows that have an id
    for row in rows:
        name = twinpact_name(" ".join(row["name_en"].split()), row.get("name_en_2", ""))
        if row["official_id"].strip():
            printed_codes[name].add(row["official_id"].strip().lower().split("-", 1)[0] + "-")
        elif not known(name) and row["format"].replace(" ", "") != "TCG":
            by_name[name].append(row)
    nameless = list(nameless)
    joined: list[tuple[str, str]] = []
    apart: dict[str, list[str]] = {
        "no card": [],
        "several cards": [],
        "facts unreadable": [],
        "sounds unlike": [],
        "not printed in its set or years": [],
        "sounds like a card without facts": [],
    }
    for name in sorted(by_name):
        found: set[str] = set()
        in_set: set[str] = set()
        sets: set[str] = set()  # the Japanese sets the rows name, where the pool knows that set's ids
        codes = set(printed_codes.get(name, ()))  # the rows' set codes (promo rows have none)
        weak = readable = False
        for row in by_name[name]:
            facts = row_faces(row, types, races)
            if facts is None:
                continue
            readable = True
            weak = weak or any(not jp_races or not all(jp_races) for *_, jp_races in facts)
            shape = tuple((type_name, civs, cost) for type_name, civs, cost, _, _ in facts)
            fitting = [n for n in index.get(shape, ()) if all(map(face_fits, cards[n][1], facts))]
            found.update(fitting)
            code = SET_CODE.match(row["set"])
            prefix = code[1].lower().replace("-", "") + "-" if code else None
            sets.update({prefix} & printed_sets)
            codes.update({prefix} - {None})
            in_set.update(n for n in fitting if prefix and any(i.lower().startswith(prefix) for i in cards[n][2]))
        if len(found) > 1 and in_set:
            unnamed = {n for n in in_set if not cards[n][3]}
            found = in_set if len(in_set) == 1 else unnamed if len(unnamed) == 1 else found
        if found and weak:
            chosen = closest_by_sound(name, sorted(found))
            if chosen is None:
                apart["sounds unlike"].append(name)
                continue
            found = {chosen}
        early = bool(codes) and all(EARLY_SET.match(c) for c in codes)  # DM-01…DM-24, DMC: the TCG's years
        ids = cards[next(iter(found))][2] if len(found) == 1 else ()
        if ids and (
            sets
            and not any(i.lower().startswith(tuple(sets)) for i in ids)
            or early
            and not any(EARLY_SET.match(i) for i in ids)
        ):
            apart["not printed in its set or years"].append(name)
        elif len(found) == 1 and any(
            max(0.6, sound_score(name, next(iter(found)))) <= whole_sound(name, n) for n in nameless
        ):
            apart["sounds like a card without facts"].append(name)
        elif len(found) == 1:
            joined.append((name, found.pop()))
        else:
            apart["several cards" if found else "no card" if readable else "facts unreadable"].append(name)
    return joined, apart


def power_number(value: Any) -> int | None:
    match = re.match(r"^(\d+)", str(value if value is not None else ""))
    return int(match.group(1)) if match else None


def tcg_cards(path: Path) -> list[dict[str, Any]]:
    return json.loads(path.read_text(encoding="utf-8"))["cards"]


def tcg_facts(card: dict[str, Any], races: dict[str, str]) -> tuple[frozenset[str], Any, int | None, str | None, tuple]:
    """(civilizations, cost, power, Japanese type, Japanese races or None where untranslated)."""
    evolution = "Evolution" in (card.get("supertypes") or [])
    type_name = TCG_TYPES.get((card.get("type", ""), evolution))
    civs = frozenset(ENGLISH_CIVILIZATIONS.get(c, "?") for c in card.get("civilizations", []))
    jp_races = tuple(races.get(r.casefold()) for r in card.get("subtypes") or [])
    return civs, card.get("cost"), power_number(card.get("power")), type_name, jp_races


# Japanese sets of the English TCG's years: a card the TCG printed was first printed in one of these.
EARLY_SET = re.compile(r"^(dm0\d|dm1\d|dm2[0-4]|dmc\d\d|promoy[1-6])-", re.IGNORECASE)


def join_tcg(
    cards: list[dict[str, Any]],
    pool: dict[str, tuple[Any, Any]],
    races: dict[str, str],
    known: Callable[[str], bool],
    named: set[str] = frozenset(),
) -> tuple[list[tuple[str, str]], list[str]]:
    """(English name, card name) for every English TCG card that no other join named and whose
    facts (civilizations, cost, power, type, races where translatable) fit exactly one Japanese
    card, or exactly one of those printed in the TCG's years; and the names left unjoined.
    ``pool`` maps card name → (faces, ids); ``named`` holds the cards that have an English TCG name."""
    by_facts: dict[tuple, list[str]] = defaultdict(list)
    for name, (faces, _ids) in pool.items():
        face = faces[0]
        by_facts[(frozenset(face.civilizations), face.cost, power_number(face.power), face.type)].append(name)
    joined, left = [], []
    for card in cards:
        name = repaired(card["name"])
        if known(name):
            continue
        civs, cost, power, type_name, jp_races = tcg_facts(card, races)
        # A card the TCG printed has one English name: cards that carry one already are not candidates.
        candidates = [n for n in by_facts.get((civs, cost, power, type_name), []) if n not in named]
        known_races = {r for r in jp_races if r}
        candidates = [
            n
            for n in candidates
            if known_races <= set(pool[n][0][0].races) and len(pool[n][0][0].races) == len(jp_races)
        ]
        if len(candidates) > 1:
            candidates = [n for n in candidates if any(EARLY_SET.match(i) for i in pool[n][1])]
        if not jp_races or not all(jp_races):
            # Nothing but cost and colour to go on (a spell, or a race with no Japanese name): the
            # name must also sound like the card's (a loanword), or no join is made.
            chosen = closest_by_sound(name, candidates)
            candidates = [chosen] if chosen else []
        elif len(candidates) == 1 and len(skeleton(candidates[0])) >= 3 and sound_score(name, candidates[0]) < 0.75:
            candidates = []  # the facts fit, but a katakana name that sounds nothing like it: no join
        if len(candidates) == 1:
            joined.append((name, candidates[0]))
        else:
            left.append(name)
    return joined, left


TCG_SET = re.compile(r"^DM-(\d+)\s")  # 'DM-13 Eternal Phoenix'
TCG_NUMBER = re.compile(r"^([A-Za-z]*)(\d+)/")  # '1/55', 'S1/55'


def tcg_ids(card: dict[str, Any]) -> list[str]:
    """The official ids a TCG card's printings would have in the Japanese set of the same code and
    number ('DM-13 …' 'S1/55' → dm13-s01; '17/55' → dm13-017): the TCG's later sets kept the
    Japanese numbering, its first ones did not (the facts check of join_tcg_by_number tells)."""
    found = []
    for printing in card.get("printings") or ():
        code, number = TCG_SET.match(printing.get("set", "")), TCG_NUMBER.match(printing.get("id", ""))
        if code and number:
            letters, digits = number.groups()
            found.append(
                f"dm{int(code[1]):02d}-" + (f"{letters.lower()}{int(digits):02d}" if letters else f"{int(digits):03d}")
            )
    return found


def join_tcg_by_number(
    cards: list[dict[str, Any]], by_id: Callable[[str], Any], known: Callable[[str], bool]
) -> list[tuple[str, str]]:
    """(English name, card name) for each English TCG card no other join named whose set and
    number give a Japanese card (tcg_ids) with its civilizations, cost and kind (a spell, a cross
    gear — the list calls those spells too, its text says Cross Gear — or neither), and its power
    when it has one. ``by_id`` gives the (name, faces) of the card with an id."""
    joined = []
    for card in cards:
        name = repaired(card["name"])
        if known(name):
            continue
        civs = frozenset(ENGLISH_CIVILIZATIONS.get(c, "?") for c in card.get("civilizations", []))
        spell, power = card.get("type") == "Spell", power_number(card.get("power"))
        cross_gear = card.get("type") == "Cross Gear" or spell and (card.get("text") or "").startswith("Cross Gear")
        kind = "クロスギア" if cross_gear else "呪文" if spell else None
        fitting = set()
        for card_id in tcg_ids(card):
            found = by_id(card_id)
            if found is None:
                continue
            card_name, faces = found
            face = faces[0] if faces else None
            if (
                face is not None
                and frozenset(face.civilizations) == civs
                and face.cost == card.get("cost")
                and (face.type == kind if kind else face.type not in ("呪文", "クロスギア"))
                and (power is None or power_number(face.power) == power)
            ):
                fitting.add(card_name)
        if len(fitting) == 1:
            joined.append((name, fitting.pop()))
    return joined
