"""Every line is a card, a comment (``#`` or ``//``), a section header or blank.

Counts may come first or last: ``1 NAME``, ``1x NAME``, ``NAME x1``, ``NAME ×1``,
``NAME 1枚``, or a bare name for one copy.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..reading.resolve import Deck
from .base import ERROR, Context, Finding, finding

ID = "DP102"
NAME = "unparsable-line"
SEVERITY = ERROR
CONF = ()


# Problems whose fix is not "write '1 CARD NAME'": their own hint.
HINTS = {
    "parse.duplicate-key": "unparsable-line.duplicate-key.hint",
    "parse.count-zero": "unparsable-line.count-zero.hint",
    "parse.lone-surrogate": "unparsable-line.lone-surrogate.hint",
    "parse.row-names-several-cards": "unparsable-line.row-names-several-cards.hint",
}


def check(deck: Deck, context: Context) -> Iterator[Finding]:
    for problem in deck.problems:
        hint = HINTS.get(problem.message.key, "unparsable-line.line.hint")  # a ParseProblem's message is a Msg
        yield finding(
            problem.line or None,
            problem.text[:60],
            "unparsable-line.line",
            hint=hint,
            line=problem.line,
            problem=problem.message,
        )
