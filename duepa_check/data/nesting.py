"""How deeply a structured file (a YAML or JSON decklist, a house-rules file) may nest.

A decklist is three levels deep (the document's mapping, its card list, a card's mapping), house
rules about as many. ``MAX_NESTING`` is the readers' own limit, the same on every Python: the
interpreter's recursion limit, whose handling changed in 3.12, must never decide what is read.
"""

from __future__ import annotations

from typing import Any

MAX_NESTING = 32  # lists and mappings inside one another; docs/formats.md and docs/house-rules.md say it


def too_deep(value: Any, limit: int = MAX_NESTING) -> bool:
    """Whether lists and mappings inside ``value`` nest more than ``limit`` levels.

    Walked without recursion. A value shared by YAML aliases is walked again only when it is met
    deeper than before, so a "billion laughs" document costs no more than its nodes times the limit.
    """
    deepest: dict[int, int] = {}
    waiting = [(value, 1)]
    while waiting:
        item, depth = waiting.pop()
        if isinstance(item, dict):
            children = list(item.values())
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        if deepest.get(id(item), 0) >= depth:
            continue
        deepest[id(item)] = depth
        waiting.extend((child, depth + 1) for child in children)
    return False


def parser_refused_depth(problem: object) -> bool:
    """Whether a YAML parser's error is its own depth limit (libyaml's, which PyYAML's C loader
    reports as a parse error): that document is nested past MAX_NESTING too."""
    return isinstance(problem, str) and "maximum nesting depth" in problem
