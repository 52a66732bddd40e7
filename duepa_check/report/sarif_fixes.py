"""SARIF for ``--fix``: each name fixed is a result that carries its ``fix`` (SARIF 2.1.0 §3.55).

A name written in another spelling breaks no rule, so it has no result of its own in a plain run;
with ``--fix`` each name fixed is a ``note`` of the pseudo-rule ``official-name`` (listed in
``tool.driver.rules`` only in a run that fixed something, so a plain run's log is unchanged), at
the name's line and columns, with the fix that was applied: an ``artifactChanges`` replacement of
that region by the official name.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..check.results import DeckResult
from ..messages import msg, text

FIX_RULE_ID = "official-name"
NOT_WRITTEN_ID = "not-written"  # a notification: names to fix, the file left as it was


def fix_descriptor(lang: str) -> dict:
    """The rule the fix results name (a note: a spelling, not a rule of the format)."""
    words = text(msg("fix.sarif.rule"), lang)
    return {
        "id": FIX_RULE_ID,
        "name": FIX_RULE_ID,
        "shortDescription": {"text": words},
        "fullDescription": {"text": words},
        "defaultConfiguration": {"level": "note"},
    }


def fix_results(results: Sequence[DeckResult], rule_index: int, lang: str, location) -> list[dict]:
    """One result per name fixed in ``results`` (``location``: sarif.artifact_location)."""
    found = []
    for result in results:
        for fix in result.fixes or ():
            region = {"startLine": fix["line"], "startColumn": fix["column"], "endColumn": fix["end_column"]}
            artifact = location(result.raw_path)
            found.append(
                {
                    "ruleId": FIX_RULE_ID,
                    "ruleIndex": rule_index,
                    "level": "note",
                    "message": {"text": text(msg("fix.sarif.fixed", written=fix["from"], card=fix["to"]), lang)},
                    "locations": [{"physicalLocation": {"artifactLocation": artifact, "region": region}}],
                    "fixes": [
                        {
                            "description": {"text": text(msg("fix.sarif.description", card=fix["to"]), lang)},
                            "artifactChanges": [
                                {
                                    "artifactLocation": artifact,
                                    "replacements": [
                                        {"deletedRegion": region, "insertedContent": {"text": fix["spelling"]}}
                                    ],
                                }
                            ],
                        }
                    ],
                }
            )
    return found


def not_written_descriptor(lang: str) -> dict:
    """The notification a file that ``--fix`` left unwritten names (listed only when there is one)."""
    return {
        "id": NOT_WRITTEN_ID,
        "name": NOT_WRITTEN_ID,
        "shortDescription": {"text": text(msg("sarif.not-written"), lang)},
        "defaultConfiguration": {"level": "error"},
    }


def not_written(results: Sequence[DeckResult], index: int, lang: str, location) -> list[dict]:
    """One error notification per file whose names were not written, saying why (the stderr line)."""
    return [
        {
            "level": "error",
            "message": {"text": text(result.fix_refused, lang)},
            "descriptor": {"id": NOT_WRITTEN_ID, "index": index},
            "locations": [{"physicalLocation": {"artifactLocation": location(result.raw_path)}}],
        }
        for result in results
        if result.fix_refused is not None
    ]
