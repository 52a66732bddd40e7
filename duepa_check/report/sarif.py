"""Render check results as SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.

One run; ``tool.driver.rules`` lists every rule (id, name, the docstring's first line and the
whole docstring, default level) in id order, and each violation is a result pointing at the
deck file and, when the violation has one, its line. A file that could not be read is not a
rule violation: it is a tool execution notification (error level, with the file's location)
and makes ``invocations[0].executionSuccessful`` false, matching exit code 2.

The output is deterministic for the same input (no timestamps, stable ordering), so it can be
diffed and committed.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import PurePath
from urllib.parse import quote

from .. import PROJECT_URL, __version__
from ..check.results import DeckResult, RunInfo
from ..messages import msg, rule_doc, text
from ..printable import json_safe, printable
from ..rules import ERROR, RULES
from .wording import flat, full_text, omitted_line, row_of, row_text, summary, superseded_line

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
UNREADABLE_ID = "DP000"
UNREADABLE_NAME = "unreadable-input"
SRCROOT = "%SRCROOT%"


def _level(severity: str) -> str:
    return "error" if severity == ERROR else "warning"


def _doc(module, lang: str) -> str:
    """The rule's user doc in ``lang`` as written (``messages.rule_doc``, its ``literal`` marks kept)."""
    return rule_doc(module, lang) or module.NAME


def _rule_descriptor(module, lang: str) -> dict:
    doc = _doc(module, lang)
    return {
        "id": module.ID,
        "name": module.NAME,
        "shortDescription": {"text": doc.splitlines()[0].strip()},
        "fullDescription": {"text": doc},
        "help": {"text": doc},
        "defaultConfiguration": {"level": _level(module.SEVERITY)},
    }


def artifact_location(path: str) -> dict:
    """The file as given: a relative path stays relative (to %SRCROOT%), an absolute one is a file: URI."""
    pure = PurePath(path)
    if pure.is_absolute():
        try:
            return {"uri": pure.as_uri()}
        except (ValueError, UnicodeEncodeError):  # e.g. a Windows path without a drive
            pass
    # The bytes of a name that is not UTF-8 (kept as lone surrogates) are percent-encoded as they are.
    return {"uri": quote(pure.as_posix().encode("utf-8", "surrogateescape"), safe="/"), "uriBaseId": SRCROOT}


def _result(path: str, violation, rule_index: dict[str, int], lang: str, config: str | None = None) -> dict:
    physical: dict = {"artifactLocation": artifact_location(path)}
    if violation.line:
        physical["region"] = {"startLine": violation.line}
    result: dict = {"ruleId": violation.rule}
    if violation.rule in rule_index:
        result["ruleIndex"] = rule_index[violation.rule]
    result.update(
        {
            "level": _level(violation.severity),
            "message": {"text": flat(full_text(violation, lang))},
            "locations": [{"physicalLocation": physical}],
        }
    )
    properties = {"card": violation.card} if violation.card else {}
    if config:
        properties["config"] = config  # the house-rules file that applied to this deck
    if properties:
        result["properties"] = properties
    return result


def _row_result(result: DeckResult, violation, rule_index: dict[str, int], lang: str) -> dict:
    """A problem of a sheet row's deck: at its file line, the message naming the row and the line in
    the deck cell, and the row, player, cell line and time as properties."""
    found = _result(result.raw_path, violation, rule_index, lang, result.config)
    submission = row_of(result)
    found["locations"][0]["physicalLocation"]["region"] = {"startLine": submission.file_line(violation.line)}
    found["message"] = {"text": flat(row_text(result, full_text(violation, lang), violation.line, lang))}
    properties = found.setdefault("properties", {})
    properties.update({"row": submission.row, "player": submission.player, "line": violation.line or None})
    if submission.submitted_at is not None:
        properties["submitted_at"] = submission.submitted_at
    return found


def _at_row(result: DeckResult) -> dict:
    """The location of a result: its file, and for a sheet row that row's first line."""
    physical: dict = {"artifactLocation": artifact_location(result.raw_path)}
    if result.submission is not None:
        physical["region"] = {"startLine": result.submission.row_line}
    return {"physicalLocation": physical}


def _superseded_note(result: DeckResult, lang: str) -> dict:
    """A sheet row superseded by the player's later submission: a note, as it does not count."""
    return {"level": "note", "message": {"text": superseded_line(result, lang)}, "locations": [_at_row(result)]}


def _unreadable(path: str, error: str, location: dict | None = None) -> dict:
    return {
        "level": "error",
        "message": {"text": error},
        "descriptor": {"id": UNREADABLE_ID, "index": 0},
        "locations": [location or {"physicalLocation": {"artifactLocation": artifact_location(path)}}],
    }


def _omitted(result: DeckResult, lang: str) -> dict:
    """A note that a deck had more problems than are listed (the verdict still counts them all)."""
    return {
        "level": "note",
        "message": {"text": omitted_line(result, lang)},
        "locations": [{"physicalLocation": {"artifactLocation": artifact_location(result.raw_path)}}],
    }


def sarif_document(results: Sequence[DeckResult], info: RunInfo) -> dict:
    """The SARIF log as a dict (``render_sarif`` serialises it)."""
    modules = [RULES[rule_id] for rule_id in sorted(RULES)]
    rule_index = {module.ID: index for index, module in enumerate(modules)}
    sarif_results = [
        _result(result.raw_path, violation, rule_index, info.lang, result.config)
        if result.submission is None
        else _row_result(result, violation, rule_index, info.lang)
        for result in results
        if result.counted  # a superseded row does not count
        for violation in result.violations  # already in line order per deck
    ]
    fixed = [result for result in results if result.fixes]  # --fix: the names fixed (report.sarif_fixes)
    if fixed:
        from .sarif_fixes import fix_results

        sarif_results += fix_results(fixed, len(modules), info.lang, artifact_location)
    notifications = [
        _unreadable(r.raw_path, printable(text(r.error, info.lang)), _at_row(r) if r.submission is not None else None)
        for r in results
        if r.error is not None and r.counted
    ]
    refused = [result for result in results if result.fix_refused is not None]  # --fix left them unwritten
    if refused:
        from .sarif_fixes import not_written

        notifications += not_written(refused, 1, info.lang, artifact_location)
    invocation: dict = {"executionSuccessful": not notifications}
    notes = [_omitted(r, info.lang) for r in results if r.omitted and r.counted]
    notes += [_superseded_note(r, info.lang) for r in results if not r.counted]
    if notifications or notes:
        invocation["toolExecutionNotifications"] = notifications + notes
    run = {
        "tool": {
            "driver": {
                "name": "duepa-check",
                "version": __version__,
                "semanticVersion": __version__,
                "informationUri": PROJECT_URL,
                "rules": [_rule_descriptor(module, info.lang) for module in modules] + _fix_rule(fixed, info.lang),
                "notifications": [
                    {
                        "id": UNREADABLE_ID,
                        "name": UNREADABLE_NAME,
                        "shortDescription": {"text": text(msg("sarif.unreadable"), info.lang)},
                        "defaultConfiguration": {"level": "error"},
                    }
                ]
                + _not_written_descriptor(refused, info.lang),
            }
        },
        "invocations": [invocation],
        "originalUriBaseIds": {SRCROOT: {"description": {"text": text(msg("sarif.srcroot"), info.lang)}}},
        "columnKind": "unicodeCodePoints",
        "results": sarif_results,
        "properties": {
            "regulation": {
                "as_of": info.as_of.isoformat(),
                "data_date": info.data_date.isoformat(),
                "data_source": text(info.data_source, "en"),
            },
            "summary": summary(results),
        },
    }
    return {"$schema": SCHEMA_URI, "version": "2.1.0", "runs": [run]}


def _fix_rule(fixed: list, lang: str) -> list[dict]:
    """The fix results' rule, listed only in a run that fixed names."""
    if not fixed:
        return []
    from .sarif_fixes import fix_descriptor

    return [fix_descriptor(lang)]


def render_sarif(results: Sequence[DeckResult], info: RunInfo) -> str:
    return json_safe(json.dumps(sarif_document(results, info), ensure_ascii=False, indent=2))


def _not_written_descriptor(refused: list, lang: str) -> list[dict]:
    """The notification for files --fix left unwritten, listed only in a run that has one."""
    if not refused:
        return []
    from .sarif_fixes import not_written_descriptor

    return [not_written_descriptor(lang)]
