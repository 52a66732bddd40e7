"""A heading states a count (``クリーチャー (25)``, ``合計60枚``) that the cards under it do not add up to.

Recipes copied from blogs and deck sites often state how many cards each group holds. The count
in a heading is never read as copies of a card; it is compared with the cards listed under the
heading (up to the next heading; for a total such as ``合計60枚`` or ``Total: 40``, the whole
list). When they differ, a card was probably lost or doubled while copying.

Example: ``クリーチャー (25)`` followed by 24 creature lines warns on the heading's line. A group
with an unreadable line (DP102) is not counted: that line may be the missing card.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from itertools import accumulate

from ..messages import Msg, plural
from ..reading.resolve import Deck
from .base import WARNING, Context, Finding, finding, hint_lines

ID = "DP204"
NAME = "heading-count"
SEVERITY = WARNING
CONF = ()


def check(deck: Deck, context: Context) -> Iterator[Finding]:
    if not deck.headings:
        return
    # Cards and unreadable lines by line number, summed once: a file of 13,000 headings must not
    # add up every card under each again; a heading then costs two bisections.
    cards = sorted((entry.line, entry.count) for entry in deck.entries)
    lines = [line for line, _ in cards]
    totals = list(accumulate((count for _, count in cards), initial=0))
    problems = sorted(problem.line for problem in deck.problems)
    unknown = sorted(entry.line for entry, found in deck.unresolved if not found.cards and entry.line)
    for heading in deck.headings:
        end = heading.end if heading.end is not None else float("inf")
        if bisect_left(problems, end) > bisect_right(problems, heading.start):  # a problem line under it
            continue
        counted = totals[bisect_left(lines, end)] - totals[bisect_right(lines, heading.start)]
        if counted != heading.stated:
            key = "heading-count.total" if heading.start == 0 else "heading-count.group"
            under = [line for line in unknown if heading.start < line < end]
            hint = (
                Msg(
                    plural("heading-count.hint.unknown", len(under)),
                    {"lines": hint_lines(under)},
                )
                if under
                else "heading-count.hint"
            )
            yield finding(
                heading.line,
                heading.text[:60],
                key,
                hint=hint,
                stated=heading.stated,
                counted=counted,
            )
