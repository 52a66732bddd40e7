"""The rule registry: every rule module of this package, keyed by id (in id order), and the one
function that runs them. A rule is its module, imported here by name and listed in ``_MODULES``
(as yamllint's rule table): import-linter and the layer contract see every rule, and a rule file
left out of the list fails tests/contracts/test_rule_registry.py (see CONTRIBUTING.md)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..data.config import FormatConfig
from ..reading.resolve import Deck
from . import (
    ambiguous_card,
    civilization,
    deck_size,
    english_tcg_only,
    hall_of_fame,
    heading_count,
    incomplete_card_data,
    not_main_deck,
    partner_designation,
    partner_eligibility,
    premium_combo,
    premium_hall_of_fame,
    prohibited,
    singleton,
    stale_regulation,
    unconfirmed_change,
    unknown_card,
    unparsable_line,
)
from .base import ERROR, WARNING, Context, Finding, Rule, Violation, finding

_MODULES: tuple[Rule, ...] = (
    ambiguous_card,
    civilization,
    deck_size,
    english_tcg_only,
    hall_of_fame,
    heading_count,
    incomplete_card_data,
    not_main_deck,
    partner_designation,
    partner_eligibility,
    premium_combo,
    premium_hall_of_fame,
    prohibited,
    singleton,
    stale_regulation,
    unconfirmed_change,
    unknown_card,
    unparsable_line,
)

# (id, name, severity, check) of a rule to run
_Enabled = tuple[str, str, str, Callable[[Deck, Context], Iterable[Finding]]]
RULES: dict[str, Rule] = {module.ID: module for module in sorted(_MODULES, key=lambda module: module.ID)}
# What a house rule may name a rule by (its id or its name, upper case) → the id.
RULE_IDS: dict[str, str] = {
    **{rule_id: rule_id for rule_id in RULES},
    **{module.NAME.upper(): module.ID for module in RULES.values()},
}

# The rules about lines that are not cards (the 1xx range: unknown, ambiguous, unparsable, ...): all
# that `stats` shows of a deck it cannot count.
READING_RULES: tuple[str, ...] = tuple(rule_id for rule_id in RULES if rule_id.startswith("DP1"))


def run_rules(deck: Deck, context: Context, only: tuple[str, ...] | None = None) -> list[Violation]:
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


def _enabled(config: FormatConfig, only: tuple[str, ...] | None) -> list[_Enabled]:
    """(id, name, severity, check) of each rule to run under these house rules, worked out once
    per config: a batch runs the same rules on a thousand decks."""
    key = (id(config), only)
    known = _ENABLED.get(key)
    if known is None or known[0] is not config:  # the id of a config no longer alive may be reused
        rules: list[_Enabled] = [
            (rule.ID, rule.NAME, config.severity.get(rule.ID) or rule.SEVERITY, rule.check)
            for rule in RULES.values()
            if rule.ID not in config.disable and (only is None or rule.ID in only)
        ]
        if len(_ENABLED) >= 64:
            _ENABLED.clear()
        known = _ENABLED[key] = (config, rules)
    return known[1]


_ENABLED: dict[tuple[int, tuple[str, ...] | None], tuple[FormatConfig, list[_Enabled]]] = {}


__all__ = [
    "ERROR",
    "READING_RULES",
    "RULES",
    "RULE_IDS",
    "WARNING",
    "Context",
    "Finding",
    "Rule",
    "Violation",
    "finding",
    "run_rules",
]
