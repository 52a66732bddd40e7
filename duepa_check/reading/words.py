"""The words the readers recognise a partner by, and how each compares a text with them.

Three lists, because three places name the partner differently: a line of a decklist (a heading,
a marker after a name, the partner line: ``PARTNER_WORDS``), a column of a decklist table
(``PARTNER_COLUMNS``, which also takes a role or section column) and a column of a submission
sheet (``SHEET_PARTNER_COLUMNS``, which names the partner's card). Each comparison makes the text
as plain as its place needs: ``spaceless`` for a marker, ``cell_word`` for a table's cell,
``heading_word`` for a heading line, ``header_word`` for a sheet's header.
"""

from __future__ import annotations

import re
import unicodedata

PARTNER_WORDS = {
    "パートナー", "partner", "ぱーとなー", "パートナーカード", "partnercard", "統率者", "commander",
}
PARTNER_COLUMNS = {"パートナー", "partner", "区分", "種別", "role", "section", "役割", "commander", "統率者"}
SHEET_PARTNER_COLUMNS = {"パートナー", "パートナー名", "パートナーカード", "partner", "partnercard", "partnername"}

# What decorates a heading word and is not part of it: marks, brackets, colons, Markdown emphasis.
DECORATION = re.compile(r"[\s【】\[\]［］<>＜＞〈〉★☆■◆●▼□◇◎:：*＊_~～=＝「」『』]+")
_KANA_DASH = re.compile(r"(?<=[\u3041-\u30ff])[-－ｰ―—‐−]")
# A sheet header's bracketed note and marks: 'お名前（ハンドルネーム可）*' → 'お名前'.
_NOTE = r"[（(\[［【<＜〈][^）)\]］】>＞〉]*[）)\]］】>＞〉]"
_MARKS = re.compile(r"[\s*＊※:：?？。、,.!！・_\-]+")


def spaceless(text: str) -> str:
    """Case folded, without white space: a marker after a card name ('(Partner)', '★パートナー')."""
    return "".join(text.split()).casefold()


def cell_word(text: str) -> str:
    """A table cell's word: ``spaceless``, without Markdown's ``*``."""
    return spaceless(text.replace("*", ""))


def heading_word(text: str) -> str:
    """A heading line's word: without DECORATION, case folded, a ー typed as a dash after kana read as ー."""
    word = DECORATION.sub("", text).casefold()
    if "-" in word or "－" in word or "ｰ" in word or "―" in word or "—" in word or "‐" in word or "−" in word:
        word = _KANA_DASH.sub("ー", word)  # パ－トナ－, ぱーとなｰ: the long vowel mark typed as a dash
    return word


def header_word(cell: str) -> str:
    """A sheet header's word: NFKC, case folded, without spaces, marks and bracketed notes."""
    word = unicodedata.normalize("NFKC", cell).casefold()
    if any(bracket in word for bracket in "([<【〈"):
        word = re.sub(_NOTE, "", word)
    return _MARKS.sub("", word)
