"""Every line is a card, a comment (``#`` or ``//``), a section header or blank.

Counts may come first or last: ``1 NAME``, ``1x NAME``, ``NAME x1``, ``NAME ×1``,
``NAME 1枚``, or a bare name for one copy.
"""

from __future__ import annotations

from collections.abc import Iterator

from .base import ERROR, Context, Finding, finding

ID = "DP102"
NAME = "unparsable-line"
SEVERITY = ERROR
CONF = ()


def check(deck, context: Context) -> Iterator[Finding]:
    for problem in deck.problems:
        yield finding(
            problem.line or None, problem.text[:60], "unparsable-line.line", hint="unparsable-line.line.hint",
            line=problem.line, problem=problem.message,
        )
