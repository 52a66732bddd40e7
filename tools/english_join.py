"""English names for Japanese cards: by official id, and for the English TCG of 2004–2006 by facts.

Three joins, all checked against the card's facts (civilization and cost) before a name is kept:

* ``octgn_ocg_and_tcg_cards.tsv`` rows that carry an official id (the szefo09/dm-ocg-octgn set
  files): their English name goes to the pool card with that id. These files name a card the way
  the English TCG printed it where it had one, so most English-TCG names arrive this way.
* ``en_ocg_fandom_Ravenite_All_Cards.csv`` rows by set and number read as an official id
  (``DM-18`` + ``S3`` → ``dm18-s03``, ``DMC-42`` + ``4`` → ``dmc42-004``): the set lists the build
  had joined them through stop at DM-08, so every DM-09…DM-35 and DMC row was lost before.
* ``en_tcg_latepate64_DuelMastersCards.json`` (the English TCG card list) for the names the two
  above do not give: the Japanese card with the same civilizations, cost, power, type and races,
  kept only when exactly one card fits.

Used by tools/build_card_data.py.
"""

from __future__ import annotations

import csv
import json
import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from duepa_check.names import name_key

ENGLISH_CIVILIZATIONS = {"Light": "光", "Water": "水", "Darkness": "闇", "Fire": "火", "Nature": "自然"}
COLOURLESS_WORDS = {"Colorless", "Zero", ""}
TCG_TYPES = {("Creature", False): "クリーチャー", ("Creature", True): "進化クリーチャー", ("Spell", False): "呪文",
             ("Cross Gear", False): "クロスギア", ("Evolution Creature", False): "進化クリーチャー"}
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
            if row.get("name_en_2", "").strip():
                name = f"{name} / {row['name_en_2'].strip()}"
            yield card_id, name, row.get("civilization", ""), row.get("cost", "")


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


def join_tcg(cards: list[dict[str, Any]], pool: dict[str, tuple[Any, Any]], races: dict[str, str],
             known: Callable[[str], bool], named: set[str] = frozenset()) -> tuple[list[tuple[str, str]], list[str]]:
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
        candidates = [n for n in candidates if known_races <= set(pool[n][0][0].races)
                      and len(pool[n][0][0].races) == len(jp_races)]
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


def repaired(name: str) -> str:
    """Undo the mojibake of the TCG list ('Ãœberdragon' is 'Überdragon' read as cp1252)."""
    if "Ã" in name or "â€" in name:
        try:
            return name.encode("cp1252").decode("utf-8")
        except UnicodeError:
            return name
    return name


def ascii_folded(name: str) -> str:
    """'Überdragon Bajula' → 'Uberdragon Bajula' (people type the letter without its accent)."""
    import unicodedata

    return "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))


def loose_english(name: str) -> str:
    """The key English matching uses: case, punctuation and spacing do not count."""
    return re.sub(r"[^0-9a-z/]", "", name_key(name))


# Katakana read as Latin letters, enough to compare a loanword name with its English spelling
# (カオス・ストライク ~ "Chaos Strike"): used only to choose among cards whose facts all fit.
_KANA = {
    "ア": "a", "イ": "i", "ウ": "u", "エ": "e", "オ": "o", "カ": "ka", "キ": "ki", "ク": "ku", "ケ": "ke", "コ": "ko",
    "サ": "sa", "シ": "shi", "ス": "su", "セ": "se", "ソ": "so", "タ": "ta", "チ": "chi", "ツ": "tsu", "テ": "te", "ト": "to",
    "ナ": "na", "ニ": "ni", "ヌ": "nu", "ネ": "ne", "ノ": "no", "ハ": "ha", "ヒ": "hi", "フ": "fu", "ヘ": "he", "ホ": "ho",
    "マ": "ma", "ミ": "mi", "ム": "mu", "メ": "me", "モ": "mo", "ヤ": "ya", "ユ": "yu", "ヨ": "yo", "ラ": "ra", "リ": "ri",
    "ル": "ru", "レ": "re", "ロ": "ro", "ワ": "wa", "ヲ": "o", "ン": "n", "ガ": "ga", "ギ": "gi", "グ": "gu", "ゲ": "ge",
    "ゴ": "go", "ザ": "za", "ジ": "ji", "ズ": "zu", "ゼ": "ze", "ゾ": "zo", "ダ": "da", "ヂ": "ji", "ヅ": "zu", "デ": "de",
    "ド": "do", "バ": "ba", "ビ": "bi", "ブ": "bu", "ベ": "be", "ボ": "bo", "パ": "pa", "ピ": "pi", "プ": "pu", "ペ": "pe",
    "ポ": "po", "ヴ": "vu", "ァ": "a", "ィ": "i", "ゥ": "u", "ェ": "e", "ォ": "o", "ャ": "ya", "ュ": "yu", "ョ": "yo",
}


def skeleton(text: str) -> str:
    """Consonants of a name as heard: katakana romanised, c/k and l/r and v/b folded, vowels dropped."""
    latin = "".join(_KANA.get(ch, ch) for ch in text).lower()
    latin = latin.replace("ch", "k").replace("c", "k").replace("l", "r").replace("v", "b").replace("ph", "f")
    return "".join(ch for ch in latin if ch.isalpha() and ch.isascii() and ch not in "aeiouyh")


def sound_score(english: str, japanese: str) -> float:
    """How well the katakana of a Japanese name sounds like the English name or one of its parts
    ("Arissa" in "Arissa, Apostle of the Holy Strike" ~ 精撃の使徒アリッサ); 0 with no katakana."""
    from difflib import SequenceMatcher

    target = skeleton(japanese)
    if len(target) < 3:
        return 0.0
    words = re.findall(r"[A-Za-z]+", english)
    parts = {english, *english.split(","), *words, *(" ".join(words[i:i + 2]) for i in range(len(words)))}
    sized = [skeleton(p) for p in parts if len(skeleton(p)) >= 0.6 * len(target)]  # not one short word
    return max((SequenceMatcher(None, target, p).ratio() for p in sized), default=0.0)


def closest_by_sound(english: str, names: list[str], floor: float = 0.75) -> str | None:
    """The one name that sounds like the English name clearly better than the others, or None."""
    scored = sorted(((sound_score(english, n), n) for n in names), reverse=True)
    if not scored or scored[0][0] < floor:
        return None
    if len(scored) > 1 and scored[0][0] - scored[1][0] < 0.2:
        return None
    return scored[0][1]
