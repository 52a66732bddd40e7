"""Every JSON document duepa-check writes, in one module: the check report (docs/commands.md's
"JSON output"), ``card`` (and a name that finds no card), ``rules``, ``stats`` and ``partners``.

Keys never change with the language (only the words inside them do), and every document passes
``printable.json_safe``: a control character from a decklist is written as a ``\\u`` escape.
The check and partners documents are laid out a deck (a candidate) per line; the others are
indented by json.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..check.results import DeckResult, RunInfo
from ..messages import DEFAULT_LANG, msg, text
from ..printable import json_safe
from .wording import summary

if TYPE_CHECKING:
    from ..analysis.partner_candidates import Advice
    from ..analysis.stats import DeckStats
    from ..data.cards import Card, Lookup
    from ..data.regulation import Regulation


def _indented(document: object) -> str:
    """A whole document indented by json, non-ASCII text as it is."""
    return json_safe(json.dumps(document, ensure_ascii=False, indent=2))


def _json(value: object) -> str:
    """One value on one line, as JSON, non-ASCII text as it is."""
    return json.dumps(value, ensure_ascii=False)


# ---------------------------------------------------------------------------- check


FIX_KEYS = ("line", "from", "to")  # a deck's "fixes" (docs/commands.md): where, as written, as now written


def deck_json(result: DeckResult, lang: str = DEFAULT_LANG) -> dict:
    partner = result.partner
    data: dict = {
        "path": result.path,
        "legal": result.legal,
        "partner": ({"name": partner.name, "civilizations": list(partner.civilizations)} if partner else None),
        "card_count": result.card_count,
        "config": result.config,
        "violations": [v.to_json(lang) for v in result.violations],
    }
    if result.fixes is not None:  # --fix, --diff: the names fixed in this deck's file
        data["fixes"] = [{key: fix[key] for key in FIX_KEYS} for fix in result.fixes]
    if result.fix_refused is not None:  # --fix: names to fix, but the file was left as it was
        data["fix_refused"] = text(result.fix_refused, lang)
    if result.omitted:
        data["omitted"] = result.omitted  # problems found past the first MAX_REPORTED, not listed
    if result.not_read:  # lines read as remarks (a title, a note, a link), not cards: the text report lists them
        data["remarks"] = list(result.not_read)
    if result.error is not None:
        data["error"] = text(result.error, lang)
    if result.submission is not None:  # a row of a submission sheet: where in the sheet, whether it counts
        data = {"path": data.pop("path"), "submission": result.submission.to_json(), **data}
    return data


def json_document(results: Sequence[DeckResult], info: RunInfo) -> dict:
    """The JSON contract as data (docs/commands.md, "JSON output"): tool, version, regulation, decks, summary."""
    return {
        "tool": "duepa-check",
        "version": __version__,
        "regulation": {
            "as_of": info.as_of.isoformat(),
            "data_date": info.data_date.isoformat(),
            "data_source": text(info.data_source, "en"),
        },
        "decks": [deck_json(r, info.lang) for r in results],
        "summary": summary(results),
    }


def render_json(results: Sequence[DeckResult], info: RunInfo) -> str:
    """The JSON document laid out by lines: a top-level key, a deck, or a violation per line.

    Lines suit `grep` and diffs of two runs, and what is inside a line is written by json's
    C encoder: ``indent=`` would switch to its Python one, a twentieth of a 1,000-deck run.
    """
    document = json_document(results, info)
    lines = ["{"]
    for key, value in document.items():
        if key == "decks" and value:
            lines.append('  "decks": [')
            lines.extend(f"    {_deck_lines(deck)}," for deck in value)
            lines[-1] = lines[-1][:-1]
            lines.append("  ],")
        else:
            lines.append(f"  {_json(key)}: {_json(value)},")
    lines[-1] = lines[-1][:-1]
    lines.append("}")
    return json_safe("\n".join(lines))


def _deck_lines(deck: dict) -> str:
    """One deck: its fields on the first line, then one line per violation."""
    violations = deck["violations"]
    if not violations:
        return _json(deck)
    head = _json({key: value for key, value in deck.items() if key not in ("violations", "omitted", "error")})
    rows = ",\n".join(f"      {_json(v)}" for v in violations)
    tail = "".join(f', "{key}": {_json(deck[key])}' for key in ("omitted", "error") if key in deck)
    return f'{head[:-1]}, "violations": [\n{rows}\n    ]{tail}}}'


# ---------------------------------------------------------------------------- card, rules


def card_document(card: Card, regulation: Regulation, on: date, lang: str = DEFAULT_LANG) -> str:
    """``card --format json`` for a name that means one card."""
    return _indented(card_json(card, regulation, on, lang))


def card_json(card: Card, regulation: Regulation, on: date, lang: str = DEFAULT_LANG) -> dict:
    problem = card.partner_problem()
    return {
        "name": card.name,
        "civilizations": list(card.civilizations),
        "layout": card.layout,
        "faces": [face.to_json() for face in card.faces],
        "zone": card.zone,
        "partner_eligible": card.partner_eligible,
        "partner_reason": text(problem if problem else msg("card.partner-reason.eligible"), lang),
        "may_exceed_four": card.may_exceed_four,
        "status": regulation.status(card.name, on),
        "status_since": _iso(regulation.since(card.name, on)),
        "as_of": on.isoformat(),
        "aliases": list(card.aliases),
        "english": list(card.english),
        "ids": list(card.ids),
        "complete": card.complete,
        "provenance": card.provenance,
        "source": card.source,
    }


def _iso(day: date | None) -> str | None:
    return day.isoformat() if day else None


def not_found_document(found: Lookup) -> str:
    """``card --format json`` for a name that means no card, or several (``matches``)."""
    return _indented(
        {
            "query": found.typed,
            "found": False,
            "matches": [c.name for c in found.cards],
            "suggestions": found.suggestions,
        }
    )


def rules_document(lang: str = DEFAULT_LANG) -> str:
    """``rules --format json``: every rule, in id order (``rules_view.rules_json``)."""
    from .rules_view import rules_json

    return _indented(rules_json(lang))


# ---------------------------------------------------------------------------- stats, partners


def stats_document(stats: DeckStats) -> str:
    """``stats --format json``."""
    return _indented(stats_json(stats))


def stats_json(stats: DeckStats) -> dict[str, Any]:
    """The ``--format json`` document (keys in this order)."""
    return {
        "path": stats.path,
        "card_count": stats.card_count,
        "curve": dict(stats.curve),
        "civilizations": dict(stats.civilizations),
        "types": dict(stats.types),
        "partner": (
            {"name": stats.partner_name, "civilizations": list(stats.partner_civilizations)}
            if stats.partner_name is not None
            else None
        ),
        "twinpacts": stats.twinpacts,
        "multicolor": stats.multicolor,
        "average_cost": stats.average_cost,
    }


def advice_json(advice: Advice) -> dict:
    """The JSON contract: deck, civilizations_needed, candidates (best first)."""
    return {
        "deck": advice.deck,
        "civilizations_needed": list(advice.civilizations_needed),
        "candidates": [c.to_json() for c in advice.candidates],
    }


def partners_document(advice: Advice) -> str:
    """The JSON document with one candidate per line, as `check` prints one violation per line."""
    document = advice_json(advice)
    candidates = document.pop("candidates")
    lines = ["{", *(f"  {_json(key)}: {_json(value)}," for key, value in document.items())]
    if candidates:
        lines.append('  "candidates": [')
        lines.extend(f"    {_json(candidate)}," for candidate in candidates)
        lines[-1] = lines[-1][:-1]
        lines.append("  ]")
    else:
        lines.append('  "candidates": []')
    lines.append("}")
    return json_safe("\n".join(lines))
