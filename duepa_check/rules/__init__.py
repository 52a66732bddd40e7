"""The rule registry: every rule module of this package, keyed by id (in id order), and the one
function that runs them. Adding a rule is adding its module (see CONTRIBUTING.md)."""

from __future__ import annotations

import os
from collections.abc import Callable
from importlib import import_module
from types import ModuleType

from .base import ERROR, WARNING, Context, Finding, Violation, finding


def _rule_modules() -> list[ModuleType]:  # pragma: no mutate block (runs at import, before mutmut picks a mutant)
    """Every module of this package but ``base``: a rule is its module (and its catalogue entries),
    listed nowhere else. A listing of the folder, not pkgutil: it costs a fraction of the import."""
    folder = os.path.dirname(__file__)
    names = sorted(name[:-3] for name in os.listdir(folder) if name.endswith(".py") and name[0] != "_")
    return [import_module(f"{__name__}.{name}") for name in names if name != "base"]


RULES: dict[str, ModuleType] = {module.ID: module for module in sorted(_rule_modules(), key=lambda module: module.ID)}
# What a house rule may name a rule by (its id or its name, upper case) → the id.
RULE_IDS: dict[str, str] = {
    **{rule_id: rule_id for rule_id in RULES},
    **{module.NAME.upper(): module.ID for module in RULES.values()},
}

# The rules about lines that are not cards (the 1xx range: unknown, ambiguous, unparsable, ...): all
# that `stats` shows of a deck it cannot count.
READING_RULES: tuple[str, ...] = tuple(rule_id for rule_id in RULES if rule_id.startswith("DP1"))


def run_rules(deck, context: Context, only: tuple[str, ...] | None = None) -> list[Violation]:
    """Every violation of every enabled rule (or of the ``only`` ids), in line order.

    Rules yield Findings; here each gets its rule's id and name and the severity the house
    rules give it (else the rule's own).
    """
    found: list[Violation] = []
    for rule_id, name, severity, check in _enabled(context.config, only):
        for found_one in check(deck, context):
            found.append(Violation(rule_id, name, severity, *found_one))
    found.sort(key=lambda v: (v.line is not None, v.line or 0, v.rule))
    return found


def _enabled(config, only: tuple[str, ...] | None) -> list[tuple[str, str, str, Callable]]:
    """(id, name, severity, check) of each rule to run under these house rules, worked out once
    per config: a batch runs the same rules on a thousand decks."""
    key = (id(config), only)
    known = _ENABLED.get(key)
    if known is None or known[0] is not config:  # the id of a config no longer alive may be reused
        rules = [
            (rule.ID, rule.NAME, config.severity.get(rule.ID) or rule.SEVERITY, rule.check)
            for rule in RULES.values()
            if rule.ID not in config.disable and (only is None or rule.ID in only)
        ]
        if len(_ENABLED) >= 64:
            _ENABLED.clear()
        known = _ENABLED[key] = (config, rules)
    return known[1]


_ENABLED: dict[tuple[int, tuple[str, ...] | None], tuple[object, list]] = {}


__all__ = [
    "ERROR",
    "READING_RULES",
    "RULES",
    "RULE_IDS",
    "WARNING",
    "Context",
    "Finding",
    "Violation",
    "finding",
    "run_rules",
]
