"""Whether a line that names no card looks like a remark: a blog's title, a note, a link, a sentence.

Lists copied from blogs, posts and shop pages carry a title, notes and prose around the cards
(``【初心者向け】このデッキで勝てる！``, ``※殿堂入りは1枚まで``, ``今回はドラゴンを紹介します。``). Such a
line is no card, and counting it as one makes a correct list look wrong (DP001, DP100). The look
alone cannot decide: the pool holds names such as 《【今すぐ】うわっ…相手の攻撃止めすぎ…？【クリック】》.
So a line that looks like a remark is read as one only when no reading of it names a card
(reading.resolve), and never when it writes a count (``1 NAME``, ``NAME ×1``: a card entry,
known or not).
"""

from __future__ import annotations

import re
import unicodedata

from .words import CLAUSE_MARK, REMARK_LINKS, REMARK_STARTS, SENTENCE_ENDS

_BRACKET_FIRST = r"^(?:【[^【】]+】|[\[［][^\[\]［］]+[\]］]|≪[^≪≫]+≫|『[^『』]+』)\s*\S"  # 【初心者向け】この…
_HASHTAG = r"(?:^|\s)#[^\s#]"  # '#デュエマ' (a '#' after a space is a comment already; '＃' is not)
_CLOSERS = ")]}）」』】〉》>\"'” \u3000"


def looks_like_remark(line: str) -> bool:
    """Whether ``line`` (no count written) looks like a title, a note, a link, a hashtag or a sentence."""
    text = unicodedata.normalize("NFKC", line).strip()
    if not any(character.isalnum() for character in text):
        return False  # '!!!!', '-': no words, no remark (DP102 says so)
    if text.startswith(REMARK_STARTS) and not (text[0] == "*" and text[1:2].isspace()):
        return True
    if any(link in text for link in REMARK_LINKS):
        return True
    if text[0] in "【[≪『" and re.match(_BRACKET_FIRST, text):
        return True
    if "#" in text and re.search(_HASHTAG, text):
        return True
    return text.rstrip(_CLOSERS).endswith(SENTENCE_ENDS) or CLAUSE_MARK in text
