"""The rule registry: every rule module, keyed by id, and the one function that runs them."""

from __future__ import annotations

from types import ModuleType

from . import (
    ambiguous_card,
    civilization,
    deck_size,
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


def run_rules(deck, context: Context, only: tuple[str, ...] | None = None) -> list[Violation]:
    """Every violation of every enabled rule (or of the ``only`` ids), in line order.

    Rules yield Findings; here each gets its rule's id and name and the severity the house
    rules give it (else the rule's own).
    """
    found: list[Violation] = []
    for rule in RULES.values():
        if rule.ID in context.config.disable or (only is not None and rule.ID not in only):
            continue
        severity = context.config.severity.get(rule.ID) or rule.SEVERITY
        found.extend(
            Violation(rule.ID, rule.NAME, severity, line, card, message, hint)
            for line, card, message, hint in rule.check(deck, context)
        )
    found.sort(key=lambda v: (v.line is not None, v.line or 0, v.rule))
    return found


__all__ = ["ERROR", "RULES", "RULE_IDS", "WARNING", "Context", "Finding", "Violation", "finding", "run_rules"]
