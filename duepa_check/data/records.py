"""The card data's records decoded: one line of cards.jsonl → a ``Card``, and what is wrong with
a record that is not one (``record_problem``), for data written by ``update`` or by hand.

``card_from_json`` decodes a whole record; ``card_from_record`` decodes only what a check reads
of a line as ``data.files.write_card_data`` lays it out, leaving the rest in the card until first
read (``cards._Later``).
"""

from __future__ import annotations

import json.scanner
from typing import Any

from ..messages import Listed, Msg, msg
from .cards import CIVILIZATIONS, LAYOUTS, OFFICIAL, PROVENANCES, ZONES, Card, Face


def card_from_json(data: dict[str, Any]) -> Card:
    get = data.get
    return Card(
        name=data["name"],
        faces=_faces(get("faces", ())),
        layout=get("layout", "single"),
        zone=get("zone", "main"),
        partner_eligible=bool(get("partner_eligible", False)),
        may_exceed_four=bool(get("may_exceed_four", False)),
        aliases=tuple(get("aliases", ())),
        english=tuple(get("english", ())),
        ids=tuple(get("ids", ())),
        complete=bool(get("complete", True)),
        source=str(get("source", "")),
        provenance=str(get("provenance", OFFICIAL)),
    )


def card_from_record(line: bytes) -> Card | None:
    """A card from one line of cards.jsonl as ``write_card_data`` writes it, decoding only what
    a check reads: the rest (from ``"aliases"`` on) waits in the card until first read (``_Later``).

    None when the line is not laid out so (no ``,"aliases":`` key, or not one JSON object up to
    it), and an error when it is damaged: the caller decodes it whole then, and says what is
    wrong. The byte search is exact: in JSON text a quote inside a string is escaped, so
    ``,"aliases":`` and ``,"complete":false`` occur only as keys of the record itself (faces
    have neither).
    """
    cut = line.find(b',"aliases":')
    if cut < 0:
        return None
    head = (line[:cut] + b"}").decode()
    data, end = _scan_json(head, 0)  # the C scanner itself, without json.loads' own checks
    if end != len(head) or type(data) is not dict:
        return None  # not one object up to the aliases: the whole decode says what is wrong
    get = data.get
    card = Card.__new__(Card)
    card.__dict__ = {
        "name": data["name"],
        "faces": _faces(get("faces", ())),
        "layout": get("layout", "single"),
        "zone": get("zone", "main"),
        "partner_eligible": bool(get("partner_eligible", False)),
        "may_exceed_four": bool(get("may_exceed_four", False)),
        "complete": line.find(b',"complete":false', cut) < 0,
        "_rest": line[cut + 1 :],
    }
    return card


# json.loads without its layers (bytes sniffing, whitespace regexes, end check): for records that
# tools/ wrote. It raises StopIteration, not ValueError, when nothing at the start is JSON.
_scan_json = json.scanner.make_scanner(json.JSONDecoder())  # type: ignore[arg-type]  # typeshed: a scanner


def _faces(faces: list[dict[str, Any]]) -> tuple[Face, ...]:
    return tuple(
        [
            Face(
                name=f["name"],
                type=f["type"],
                civilizations=tuple(f.get("civilizations", ())),
                cost=f.get("cost"),
                power=f.get("power"),
                races=tuple(f.get("races", ())),
            )
            for f in faces
        ]
    )


_TEXT_LISTS = ("aliases", "english", "ids")
_FLAGS = ("partner_eligible", "may_exceed_four", "complete")


def _is_text_list(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _is_printed_number(value: object) -> bool:
    """A cost or power as stored: an int, ∞ or another printed text ("9000+"), or None."""
    return value is None or type(value) is int or isinstance(value, str)


def _face_problem(face: object) -> Msg | None:
    if not isinstance(face, dict) or not isinstance(face.get("name"), str) or not isinstance(face.get("type"), str):
        return msg("card-data.problem.face")
    civilizations = face.get("civilizations", [])
    if not _is_text_list(civilizations) or any(c not in CIVILIZATIONS for c in civilizations):
        return msg("card-data.problem.civilizations", value=f"{civilizations!r:.60}")
    if not _is_printed_number(face.get("cost")) or not _is_printed_number(face.get("power")):
        return msg("card-data.problem.cost-power")
    if not _is_text_list(face.get("races", [])):
        return msg("card-data.problem.races")
    return None


def record_problem(data: object) -> Msg | None:
    """What is wrong with one cards.jsonl record (None when it is a card); for hand-edited data.

    Checked as each record is read, so a damaged data dir stops the run with the file and
    the byte offset, never with a traceback or a half-right card.
    """
    if not isinstance(data, dict):
        return msg("card-data.not-a-record")
    if not isinstance(data.get("name"), str) or not data["name"]:
        return msg("card-data.problem.no-name")
    faces = data.get("faces", [])
    if not isinstance(faces, list):
        return msg("card-data.problem.faces-not-a-list")
    for face in faces:
        problem = _face_problem(face)
        if problem:
            return problem
    if data.get("layout", "single") not in LAYOUTS:
        return msg("card-data.problem.layout", value=f"{data.get('layout')!r:.40}", known=Listed(LAYOUTS))
    if data.get("zone", "main") not in ZONES:
        return msg("card-data.problem.zone", value=f"{data.get('zone')!r:.40}", known=Listed(ZONES))
    for name in _TEXT_LISTS:
        if not _is_text_list(data.get(name, [])):
            return msg("card-data.problem.not-text-list", field=name)
    for name in _FLAGS:
        if not isinstance(data.get(name, False), bool):
            return msg("card-data.problem.not-a-flag", field=name)
    if data.get("provenance", OFFICIAL) not in PROVENANCES:
        return msg("card-data.problem.provenance", value=f"{data.get('provenance')!r:.40}", known=Listed(PROVENANCES))
    return None
