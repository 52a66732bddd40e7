"""Every line is a card, a comment (``#`` or ``//``), a section header or blank.

Counts may come first or last: ``1 NAME``, ``1x NAME``, ``NAME x1``, ``NAME ×1``,
``NAME 1枚``, or a bare name for one copy.
"""

from __future__ import annotations

from collections.abc import Iterator

from .base import ERROR, Context, Violation

ID = "DP102"
NAME = "unparsable-line"
SEVERITY = ERROR
CONF = ()


def check(deck, context: Context) -> Iterator[Violation]:
    for problem in deck.problems:
        yield Violation(
            ID, NAME, SEVERITY, problem.line or None, problem.text[:60],
            f"line {problem.line}: {problem.message}",
            "write '1 CARD NAME', comment it out with #, or delete it",
        )
