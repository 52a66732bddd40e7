"""English card names as people write them: the TCG list's mojibake undone, accents folded, the
loose key English matching compares, and how close an English name sounds to a katakana one (for
joins where the facts fit more than one card). Used by tools/english_join.py and the card build.
"""

from __future__ import annotations

import re

from duepa_check.data.names import name_key


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
    "ア": "a",
    "イ": "i",
    "ウ": "u",
    "エ": "e",
    "オ": "o",
    "カ": "ka",
    "キ": "ki",
    "ク": "ku",
    "ケ": "ke",
    "コ": "ko",
    "サ": "sa",
    "シ": "shi",
    "ス": "su",
    "セ": "se",
    "ソ": "so",
    "タ": "ta",
    "チ": "chi",
    "ツ": "tsu",
    "テ": "te",
    "ト": "to",
    "ナ": "na",
    "ニ": "ni",
    "ヌ": "nu",
    "ネ": "ne",
    "ノ": "no",
    "ハ": "ha",
    "ヒ": "hi",
    "フ": "fu",
    "ヘ": "he",
    "ホ": "ho",
    "マ": "ma",
    "ミ": "mi",
    "ム": "mu",
    "メ": "me",
    "モ": "mo",
    "ヤ": "ya",
    "ユ": "yu",
    "ヨ": "yo",
    "ラ": "ra",
    "リ": "ri",
    "ル": "ru",
    "レ": "re",
    "ロ": "ro",
    "ワ": "wa",
    "ヲ": "o",
    "ン": "n",
    "ガ": "ga",
    "ギ": "gi",
    "グ": "gu",
    "ゲ": "ge",
    "ゴ": "go",
    "ザ": "za",
    "ジ": "ji",
    "ズ": "zu",
    "ゼ": "ze",
    "ゾ": "zo",
    "ダ": "da",
    "ヂ": "ji",
    "ヅ": "zu",
    "デ": "de",
    "ド": "do",
    "バ": "ba",
    "ビ": "bi",
    "ブ": "bu",
    "ベ": "be",
    "ボ": "bo",
    "パ": "pa",
    "ピ": "pi",
    "プ": "pu",
    "ペ": "pe",
    "ポ": "po",
    "ヴ": "vu",
    "ァ": "a",
    "ィ": "i",
    "ゥ": "u",
    "ェ": "e",
    "ォ": "o",
    "ャ": "ya",
    "ュ": "yu",
    "ョ": "yo",
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
    parts = {english, *english.split(","), *words, *(" ".join(words[i : i + 2]) for i in range(len(words)))}
    sized = [skeleton(p) for p in parts if len(skeleton(p)) >= 0.6 * len(target)]  # not one short word
    return max((SequenceMatcher(None, target, p).ratio() for p in sized), default=0.0)


def whole_sound(english: str, japanese: str) -> float:
    """How the whole English name sounds like the katakana of a Japanese name (0 with under four
    consonants of katakana): 'Abaku Onifuda and Jaouga' ~ 鬼札アバク＆ジャオウガ 0.62."""
    from difflib import SequenceMatcher

    target = skeleton(japanese)
    return SequenceMatcher(None, target, skeleton(english)).ratio() if len(target) >= 4 else 0.0


def closest_by_sound(english: str, names: list[str], floor: float = 0.75) -> str | None:
    """The one name that sounds like the English name clearly better than the others, or None."""
    scored = sorted(((sound_score(english, n), n) for n in names), reverse=True)
    if not scored or scored[0][0] < floor:
        return None
    if len(scored) > 1 and scored[0][0] - scored[1][0] < 0.2:
        return None
    return scored[0][1]
