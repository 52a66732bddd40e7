"""Warning: an unconfirmed later 殿堂 change would touch a card in the deck.

One fan database shows a change after the newest confirmed one, with no official source
or date. It is not applied unless ``--include-unconfirmed`` (or ``include_unconfirmed: true``)
is given; this warning says which cards it would touch and how.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..messages import msg
from .base import WARNING, Context, Finding, finding, line_of

ID = "DP203"
NAME = "unconfirmed-change"
SEVERITY = WARNING
CONF = ("include_unconfirmed",)
DOC_JA = """\
警告: 未確認の次の殿堂改定が、デッキのカードにかかわる。

あるファンのデータベースに、確認済みの最新の改定より後の改定が、公式の出典や日付なしで載っています。--include-unconfirmed（または include_unconfirmed: true）を指定しない限り適用しません。この警告は、どのカードがどう変わるかを伝えます。
"""


def check(deck, context: Context) -> Iterator[Finding]:
    regulation = context.regulation
    if context.include_unconfirmed or context.as_of <= regulation.data_date:
        return
    for deck_card in deck.cards:
        name = deck_card.card.name
        after = regulation.unconfirmed.get(name)
        if after is None:
            continue
        before = regulation.status(name, context.as_of)
        if after == before:
            continue
        yield finding(
            line_of(deck_card), name, "unconfirmed-change.would", hint="unconfirmed-change.would.hint",
            card=name, after=msg(f"status.{after}"), before=msg(f"status.{before}"),
        )
