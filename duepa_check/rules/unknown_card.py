"""Every line names a known card.

Names match however they are typed (widths, ／ or /, ・, 〜, quotes, 《》, a reading in （）,
hiragana for katakana, English names); a name that still matches nothing is reported with
up to three close names. Close names are searched for the first 60 unknown names of a deck
(a deck's worth) only: each search scans every spelling in the pool, and a file of thousands
of names that are not cards is not a decklist anyone will fix name by name.
"""

from __future__ import annotations

from collections.abc import Iterator

from .base import ERROR, Context, Finding, finding, names_list
from .english_tcg_only import tcg_only

ID = "DP100"
NAME = "unknown-card"
SEVERITY = ERROR
CONF = ()
DOC_JA = """\
どの行も、実在するカードの名前であること。

名前はどう書いても一致します（全角・半角、／と/、・、〜、引用符、《》、（）内の読み、カタカナの代わりのひらがな、英語名）。それでも一致しない名前は、近い名前を最大3つ添えて報告します。近い名前を探すのは、デッキの一致しない名前のうち最初の60個（デッキ1つ分）だけです: 1回の検索でカードプールのすべての表記を調べるので、カードでない名前が何千も並ぶファイルは、1つずつ直すデッキリストではありません。
"""
SUGGEST_AT_MOST = 60  # unknown names per deck that get a close-name search


def check(deck, context: Context) -> Iterator[Finding]:
    searched = 0
    for entry, found in deck.unresolved:
        if found.cards or tcg_only(entry, found, context):  # a card of the English TCG alone: DP103
            continue
        searched += 1
        if searched > SUGGEST_AT_MOST:  # found.suggestions is not read: that is the search
            yield finding(entry.line or None, entry.name, "unknown-card.none", hint="unknown-card.hint.not-searched",
                          card=entry.name, limit=SUGGEST_AT_MOST)
            continue
        hint = "unknown-card.hint.suggestions" if found.suggestions else "unknown-card.hint"
        yield finding(
            entry.line or None, entry.name, "unknown-card.none", hint=hint,
            card=entry.name, suggestions=names_list(found.suggestions),
        )
