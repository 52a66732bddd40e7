"""One matching key for card names, and close-name suggestions.

People type card names many ways: full or half width, ／ or / with or without spaces,
・ ･ ·, 〜 ～ ~, curly or straight quotes, a reading in （） after a word, 《》 around the
name, hiragana where the card has katakana, a look-alike letter for the printed one (Greek Σ
for the ∑ of 《∑龍》, Latin I and X for the Greek Ι and Χ of 《ΙΧΙ ヤマイオン》). ``name_key``
folds all of these to one key so the card pool can be indexed once; the official spelling is
kept separately for display. ``dash_spelling`` gives the one other spelling a key cannot
fold: a ー used as a dash written as a hyphen (「切札勝太&カツキング -熱血の物語-」).

The key is part of the card-data contract: ``card_data/index.tsv`` stores keys made by this
function (``KEY_VERSION`` is written in the data header), so changing it means rebuilding
the data with ``tools/build_card_data.py`` (the pool re-keys data written with another version).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from itertools import chain

from ..printable import INVISIBLE_RANGES

KEY_VERSION = 3  # 2: look-alike letters, more quotes, dots, tildes; 3: every invisible character left out

_BRACKETS = str.maketrans("", "", "《》")
# A reading in parentheses made only of kana, e.g. ボルシャック・NEX（ネックス）. A pattern, not a
# compiled object: most names have no "(" and never need it (re compiles and caches it on first use).
_READING = r"\([\u3041-\u309f\u30a0-\u30ff・ー\s]+\)"
# Characters folded away entirely: whitespace (what str.isspace and re's \s call whitespace),
# middle dots, wave dashes, quotes, and the invisible characters a name copied from a web page
# carries (zero-width space/joiners, word joiner, byte-order mark, soft hyphen, Mongolian vowel
# separator, invisible operators).
_WHITESPACE = (
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f "
    "\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)
_DROPPED = (
    _WHITESPACE + "・･·•∙‧⋅〜～~〰∼\"'“”‘’`´‟„‚‛〝〞〟′″‵‶"
    "\u00ad\u180e\u200b\u200c\u200d\u200e\u200f\u2060\u2061\u2062\u2063\u2064\ufeff"
)
# Look-alike letters: what people type (or a fan wiki writes) for a letter printed on a card, each
# group folded to one character (in both cases: the key is case-folded after the table). Found in
# the pool's names: ∑ (《∑龍》, typed as Greek Σ), Greek capitals that look Latin (《ΙΧΙ ヤマイオン》,
# 《ΚΔΖ ガッパゼオ》, 《ΦΦΝ ユリアンラウド》) and lower-case ones (《οθ チェスナッツ》, 《ρρ ブロロッコ》),
# the Cyrillic Ф of 「…(Ф▽＜)」 (typed as Greek Φ), × (《×マドギワ親父》, typed as x) and ♯
# (《ニケ※◎☆♯△》, typed as #). Cyrillic letters that look Latin fold too (a Japanese keyboard's
# symbol list offers Greek and Cyrillic side by side). No two cards of the pool differ only so
# (tests/data/test_name_classes.py).
LOOK_ALIKES: dict[str, str] = {
    **dict.fromkeys("∑Σσς", "σ"),
    **dict.fromkeys("∆Δδ", "δ"),
    **dict.fromkeys("Фф", "φ"),
    **{
        greek: latin
        for pair in (
            "Αα a",
            "Ββ b",
            "Εε e",
            "Ζζ z",
            "Ηη h",
            "Ιι i",
            "Κκ k",
            "Μμ m",
            "Νν n",
            "Οο o",
            "Ρρ p",
            "Ττ t",
            "Υυ y",
            "Χχ x",
        )
        for latin in pair[-1:]
        for greek in pair[:2]
    },
    **{
        cyrillic: latin
        for pair in ("Аа a", "Вв b", "Ее e", "Кк k", "Мм m", "Нн h", "Оо o", "Рр p", "Сс c", "Тт t", "Уу y", "Хх x")
        for latin in pair[-1:]
        for cyrillic in pair[:2]
    },
    **dict.fromkeys("×✕✖⨯", "x"),
    "♯": "#",
}
# Every character that shows as nothing (printable.INVISIBLE_RANGES: variation selectors, the
# combining grapheme joiner, bidi isolates, hangul fillers, tags…): no card name holds one, and one
# copied along with a name must not make it another name (KEY_VERSION 3).
# (Some 4,000 code points, most of them the tags block: built by dict.fromkeys and added to _FOLD as
# code points, not through str.maketrans, which every run would spend walking them again.)
_INVISIBLE: dict[int, None] = dict.fromkeys(chain.from_iterable(range(low, high + 1) for low, high in INVISIBLE_RANGES))
# One table, one pass: the look-alikes folded into one character (slashes, hyphens, 『』 as 「」,
# hiragana as katakana) and the dropped characters. None of the folded characters makes or is
# a dropped one, so folding and dropping in one translate is the same as one after the other.
_FOLD = (
    str.maketrans(
        {
            **{c: "/" for c in "∕⁄／"},
            **{c: "-" for c in "‐‑‒–—―−－"},
            "『": "「",
            "』": "」",
            **{chr(code): chr(code + 0x60) for code in range(0x3041, 0x3097)},  # ぁ-ゖ → ァ-ヶ
            **LOOK_ALIKES,
            **{c: None for c in _DROPPED},
        }
    )
    | _INVISIBLE
)


def name_key(name: str) -> str:
    """Fold a typed or printed card name to the key the pool is indexed by."""
    # 《》 taken out by two searches, not translate: on a text with other than ASCII, translate looks
    # each character up in its table, and one not there costs a KeyError raised and cleared in C
    text = unicodedata.normalize("NFKC", name.strip().replace("《", "").replace("》", ""))
    if "(" in text:  # a reading, invisible characters in it or not
        text = re.sub(_READING, "", text.translate(_INVISIBLE))
    return text.translate(_FOLD).casefold()


def _is_kana(char: str) -> bool:
    return "\u3041" <= char <= "\u30fa" or "\u30fc" <= char <= "\u30ff"  # ぁ…ヺ, ー ヽ ヾ ヿ; not ・


def dash_spelling(name: str) -> str | None:
    """The name with each ー used as a dash written as a hyphen, or None when it has none.

    A ー after a kana is a long vowel (スーパー); one after anything else (a space, a kanji, a
    Latin letter) is a dash: 《切札勝太&カツキング ー熱血の物語ー》, 《“Ｒｰ夢”ララッタ》, 《数ー字ーQ》. So
    is the ー that ends a name whose phrase a dash opened (《禁断の影 ードキンダム・ソウルー》). A
    deck site writes these with ``-`` (or ``－``, ``‐``, which the key folds to ``-``); the key
    cannot tell the two ー apart once spaces are gone, so the card data indexes this spelling too.
    """
    text = unicodedata.normalize("NFKC", name.strip())  # ｰ is ー
    if "ー" not in text:
        return None
    chars = list(text)
    opened = False
    for at, char in enumerate(text):
        if char != "ー":
            continue
        if at == 0 or not _is_kana(text[at - 1]):
            chars[at], opened = "-", True
        elif opened and at == len(text) - 1:
            chars[at] = "-"
    spelled = "".join(chars)
    return spelled if spelled != text else None


# Punctuation a look-up may ignore when the exact key finds nothing: periods (「Q.Q.QX」 for
# 《Q.Q.QX.》) and the commas, hyphens and apostrophes English names are written with and without
# (「Barkwhip the Smasher」 for 《Barkwhip, the Smasher》).
_LOOSE = str.maketrans("", "", ".,!?:;-&()")


def loose_key(key: str) -> str:
    """A matching key without its punctuation: the second chance of a look-up (see ``_LOOSE``)."""
    return key.translate(_LOOSE)


def display_name(name: str) -> str:
    """Strip the decorations that are never part of a name (《》 and outer spaces)."""
    return name.strip().translate(_BRACKETS).strip()


def closest_keys(key: str, keys: Iterable[str], limit: int = 3, cutoff: float = 60.0, narrow: bool = True) -> list[str]:
    """Up to ``limit`` keys that look most like ``key`` (best first).

    ``narrow`` first drops the keys that cannot score ``cutoff`` (``could_score``): scoring every
    spelling of the pool took 0.6 s a name natively and 2 s in the web page with RapidFuzz's
    pure-Python fallback; the answer is the same (tests/data/test_close_names.py compares).
    rapidfuzz is imported here, not at module load: only a failed look-up pays for it. Without
    RapidFuzz at all (an install without its dependencies, a web page built without it) no key
    is close: the unknown name stays a finding with the plain hint, never a traceback.
    Its compiled part is optional: RapidFuzz falls back to its own pure-Python code, same answers.
    """
    try:
        from rapidfuzz import fuzz, process
    except ImportError:
        return []

    if narrow:
        keys = could_score(key, keys, cutoff)
    found = process.extract(key, keys, scorer=fuzz.WRatio, limit=limit * 4, score_cutoff=cutoff)
    # Rank the WRatio candidates by plain edit-distance similarity so that a one-letter typo
    # ranks above a longer name that merely contains the typed text.
    ranked = sorted(found, key=lambda hit: (-fuzz.ratio(key, hit[0]), -hit[1], hit[0]))
    seen: list[str] = []
    for candidate, _score, _index in ranked:
        if candidate not in seen:
            seen.append(candidate)
        if len(seen) == limit:
            break
    return seen


def could_score(key: str, keys: Iterable[str], cutoff: float) -> list[str]:
    """The keys whose WRatio against ``key`` may reach ``cutoff``.

    Every part of WRatio is an Indel similarity 2·L/(n+w) of a string against another (or a
    window of it, w long) with L common characters in order, scaled by 1 or less. L is at most
    c, the characters the two have in common, and at most w; so no part exceeds 2c/(m+c), m the
    shorter length. c is bounded by the characters of ``key`` that occur in the other key at all,
    counted as often as ``key`` has them (a set intersection, done in C).
    """
    counts: dict[str, int] = {}
    for char in key:
        counts[char] = counts.get(char, 0) + 1
    chars = frozenset(counts)
    length = len(key)
    kept = []
    for other in keys:
        shared = chars.intersection(other)
        if not shared:
            continue
        shorter = min(length, len(other))
        common = min(sum(counts[char] for char in shared), shorter)
        if 200 * common >= cutoff * (shorter + common):
            kept.append(other)
    return kept
