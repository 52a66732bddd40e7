"""One matching key for card names, and close-name suggestions.

People type card names many ways: full or half width, ／ or / with or without spaces,
・ ･ ·, 〜 ～ ~, curly or straight quotes, a reading in （） after a word, 《》 around the
name, hiragana where the card has katakana. ``name_key`` folds all of these to one key so
the card pool can be indexed once; the official spelling is kept separately for display.

The key is part of the card-data contract: ``card_data/index.tsv`` stores keys made by this
function (``KEY_VERSION`` is written in the data header), so changing it means rebuilding
the data with ``tools/build_card_data.py``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

KEY_VERSION = 1

_BRACKETS = str.maketrans("", "", "《》")
# A reading in parentheses made only of kana, e.g. ボルシャック・NEX（ネックス）.
_READING = re.compile(r"\([\u3041-\u309f\u30a0-\u30ff・ー\s]+\)")
# Characters folded away entirely: whitespace, middle dots, wave dashes, quotes, and the
# invisible characters a name copied from a web page carries (zero-width space/joiners, word
# joiner, byte-order mark, soft hyphen, Mongolian vowel separator, invisible operators).
_DROP = re.compile(r"[\s・･·•∙〜～~〰\"'“”‘’`´\u00ad\u180e\u200b-\u200f\u2060-\u2064\ufeff]+")
# One table for the look-alikes folded into one character: slashes, hyphens, 『』 as 「」, and
# hiragana as katakana. None of them makes or is a character _DROP removes, so one pass does it.
_FOLD = str.maketrans(
    {
        **{c: "/" for c in "∕⁄／"},
        **{c: "-" for c in "‐‑‒–—―−－"},
        "『": "「",
        "』": "」",
        **{chr(code): chr(code + 0x60) for code in range(0x3041, 0x3097)},  # ぁ-ゖ → ァ-ヶ
    }
)


def name_key(name: str) -> str:
    """Fold a typed or printed card name to the key the pool is indexed by."""
    text = name.strip().translate(_BRACKETS)
    text = unicodedata.normalize("NFKC", text)
    text = _READING.sub("", text)
    text = _DROP.sub("", text.translate(_FOLD))
    return text.casefold()


# Punctuation a look-up may ignore when the exact key finds nothing: periods (「Q.Q.QX」 for
# 《Q.Q.QX.》) and the commas, hyphens and apostrophes English names are written with and without
# (「Barkwhip the Smasher」 for 《Barkwhip, the Smasher》).
_LOOSE = re.compile(r"[.,!?:;\-&()]+")


def loose_key(key: str) -> str:
    """A matching key without its punctuation: the second chance of a look-up (see ``_LOOSE``)."""
    return _LOOSE.sub("", key)


def display_name(name: str) -> str:
    """Strip the decorations that are never part of a name (《》 and outer spaces)."""
    return name.strip().translate(_BRACKETS).strip()


def closest_keys(key: str, keys: Iterable[str], limit: int = 3, cutoff: float = 60.0) -> list[str]:
    """Up to ``limit`` keys that look most like ``key`` (best first).

    rapidfuzz is imported here, not at module load: only a failed look-up pays for it.
    """
    from rapidfuzz import fuzz, process

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
