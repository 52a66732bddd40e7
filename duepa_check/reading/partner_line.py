"""The partner line, as people write it: the partner word, then the card.

``partner_line`` reads the form of old, ``パートナー: NAME`` (a colon after the word, in any of
its forms: カード after it, its ー typed as a dash, 統率者, Commander): its NAME is the partner,
whatever it names. ``partner_readings`` reads every other way a person joins the word and the
name (a space, an arrow, an equals sign, a dash, a bracket right after the word): the name's
readings, each marking the
partner, which the resolve step tries only when the line as written is no card, so a line is the
partner line only when what follows the word is a card (``text.TextReader`` adds them).
"""

from __future__ import annotations

import functools
import re

from .card_line import more_readings, read_card_line
from .model import Reading
from .words import KANA_DASHES, is_partner_word, partner_word_pattern


@functools.lru_cache(maxsize=4096)  # every list of a batch has its partner line: read each text once
def partner_line(line: str) -> str | None:
    """The card of a partner line ('パートナー: NAME', 'Partner card：NAME', '統率者: NAME'), else None."""
    colon = min((at for at in (line.find(":"), line.find("：")) if at > 0), default=-1)
    if colon > 0 and is_partner_word(line[:colon]):  # the word in any of its forms (words.PARTNER_STEMS)
        return line[colon + 1 :].strip() or None
    return None


# The partner word as people type it (words.partner_word_pattern: ー written as a dash, カード after
# it), then the name after a space (half or full width), an arrow, an equals sign, a dash, a colon,
# or a bracket right after the word: 'パートナー NAME', 'パートナー→NAME', 'パートナー＝NAME',
# 'パートナーカード：NAME', 'パートナー《NAME》', 'Partner - NAME'.
_DASHES = re.escape("ー" + KANA_DASHES)
# A pattern, compiled on first use (re caches it): a partner line with a colon needs none of it.
_PARTNER_HEAD = (
    rf"(?i){partner_word_pattern()}"
    rf"(?:\s*[→⇒=＝:：>＞{_DASHES}]+\s*|\s+|(?=[《「『【\[［(（<＜〈]))(\S.*)"
)


_CLOSERS = {
    "《": "》",
    "「": "」",
    "『": "』",
    "【": "】",
    "[": "]",
    "［": "］",
    "(": ")",
    "（": "）",
    "<": ">",
    "＜": "＞",
    "〈": "〉",
}


@functools.lru_cache(maxsize=1024)
def partner_readings(line: str) -> tuple[Reading, ...]:
    """The readings of the name after the partner word of ``line``, each marking the partner; ()
    when the line does not start with the word. They are tried after the line as written (reading/resolve.py):
    the line is the partner line only when what follows the word is a card."""
    match = re.fullmatch(_PARTNER_HEAD, line.strip())
    if match is None:
        return ()
    rest = match.group(1).strip()
    closer = _CLOSERS.get(rest[0])
    texts = (rest[1:-1].strip(), rest) if closer and rest.endswith(closer) and len(rest) > 2 else (rest,)
    readings: list[Reading] = []
    for text in texts:  # 'パートナー「NAME」': the name inside the brackets first
        read = read_card_line(text)
        readings += (read.main, *read.others, *more_readings(text))
    return tuple(dict.fromkeys(r._replace(partner=True) for r in readings if r.count > 0 and r.name))
