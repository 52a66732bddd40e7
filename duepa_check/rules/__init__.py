"""The rule registry: every rule module, keyed by id, and the one function that runs them."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from . import (
    ambiguous_card,
    civilization,
    deck_size,
    english_tcg_only,
    hall_of_fame,
    heading_count,
    incomplete_card,
    not_main_deck,
    partner_designation,
    partner_eligibility,
    premium_combo,
    premium_hall_of_fame,
    prohibited,
    singleton,
    stale_data,
    unconfirmed_change,
    unknown_card,
    unparsable_line,
)
from .base import ERROR, WARNING, Context, Finding, Violation, finding

RULES: dict[str, ModuleType] = {
    module.ID: module
    for module in (
        deck_size,
        singleton,
        partner_designation,
        partner_eligibility,
        civilization,
        not_main_deck,
        premium_hall_of_fame,
        premium_combo,
        hall_of_fame,
        prohibited,
        unknown_card,
        ambiguous_card,
        unparsable_line,
        english_tcg_only,
        incomplete_card,
        stale_data,
        unconfirmed_change,
        heading_count,
    )
}
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
        for finding in check(deck, context):
            found.append(Violation(rule_id, name, severity, *finding))
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


__all__ = ["ERROR", "READING_RULES", "RULES", "RULE_IDS", "WARNING", "Context", "Finding", "Violation", "finding", "run_rules"]
