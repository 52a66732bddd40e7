"""The fan transcription: DM26-EX4 cards from a fan-wiki transcription without official ids,
each marked FAN_TRANSCRIPTION."""

from __future__ import annotations

import re
from collections import Counter

import extra_facts

from duepa_check.data.cards import FAN_TRANSCRIPTION
from duepa_check.data.names import name_key

from .draft import Draft

TRANSCRIBED = "dm26ex4_cards.jsonl"
TRANSCRIBED_FRONT = re.compile(r"(?<=\d)a(?=/)")  # 'DM26EX4 16a/99': the front of a psychic pair
TRANSCRIBED_BACK = re.compile(r"(?<=\d)b(?=/)")  # 'DM26EX4 16b/99': its back


class FanTranscription:
    """The builder's part that reads the fan transcription (mixed into ``Builder``)."""

    def add_transcribed_cards(self) -> None:
        """DM26-EX4 from a fan-wiki transcription without official ids (TRANSCRIBED): every card
        it names and the pool does not know, marked FAN_TRANSCRIPTION.

        A name the pool knows keeps the pool's facts (official data). A line whose every face has
        civilizations gives a complete card; a face whose civilizations are unknown (null), or a
        line without faces, gives an incomplete card with no faces: civilizations are never
        guessed. The two lines of a psychic pair (numbers 16a and 16b) are one multi-sided card."""
        lines = extra_facts.read_lines(self.source / "cards" / TRANSCRIBED)
        backs = {TRANSCRIBED_BACK.sub("", d["number"]): d for d in lines if TRANSCRIBED_BACK.search(d["number"])}
        self.transcribed: Counter[str] = Counter()
        for data in lines:
            if TRANSCRIBED_BACK.search(data["number"]):
                continue
            front = TRANSCRIBED_FRONT.sub("", data["number"])
            if front != data["number"] and front in backs and data.get("faces") and backs[front].get("faces"):
                data = {**data, "faces": data["faces"] + backs[front]["faces"]}
            if self.card_for(data["name"]) is not None:
                self.transcribed["already in the pool"] += 1
                continue
            source = f"{TRANSCRIBED}: {data.get('source', '').strip()} ({data['number']})"
            faces = data.get("faces") or []
            known = bool(faces) and all(isinstance(f.get("civilizations"), list) for f in faces)
            line = extra_facts.read_facts(data, TRANSCRIBED, self.zone_of_type) if known else None
            if line is None:
                zone = self.zone_of_type(str(faces[0].get("type") or "")) if faces else "main"
                name = data["name"].strip()
                self.register(
                    Draft(
                        name,
                        [],
                        "single",
                        zone,
                        key_spellings={name},
                        complete=False,
                        source=source,
                        provenance=FAN_TRANSCRIPTION,
                    )
                )
                self.transcribed["incomplete: civilizations unknown" if faces else "incomplete: name only"] += 1
                continue
            self.dropped_values += line.dropped
            self.register(
                Draft(
                    line.name,
                    line.faces,
                    line.layout,
                    self.line_zone(line),
                    key_spellings={line.name},
                    complete=True,
                    source=source,
                    provenance=FAN_TRANSCRIPTION,
                )
            )
            self.transcribed["complete"] += 1
            draft = self.drafts[line.name]
            for face in line.faces[1:] if line.layout == "multi_side" else ():
                self.side_key[name_key(face.name)].append(draft)
