"""The card model: a card as the deck rules see it (``Card``, its ``Face``s) and what a typed
name resolved to (``Lookup``).

Where cards come from lives elsewhere: ``data.records`` decodes one line of card data (and says
what is wrong with a damaged one), ``data.files`` knows the files as written (cards.jsonl,
index.tsv), and ``data.pool`` loads them and looks typed names up.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar, overload

from ..errors import DuepaError
from ..messages import Msg

CIVILIZATIONS = ("光", "水", "闇", "火", "自然")
ZONES = ("main", "hyperspatial", "super_gr", "starts_in_battle_zone")  # said through the catalogues' zone.* keys
LAYOUTS = ("single", "twinpact", "multi_side")
INFINITY = "∞"
# What parts a twinpact's name into its sides' names: a slash, half or full width, spaces around it.
SIDE_SLASH = re.compile(r"\s*[／/]\s*")
CREATURE = "クリーチャー"  # in a card's type: a creature (進化クリーチャー, サイキック・クリーチャー too)

Cost = int | str | None  # an int, "∞", or None when the source gives none


class CardDataError(DuepaError):
    """The card data on disk is missing or malformed (exit code 2)."""


# Face is a NamedTuple, Card and Lookup are plain classes, not dataclasses: importing dataclasses
# (it pulls in inspect) costs more than loading the whole pool, and `duepa-check card` or a
# library user needs only this module (typing is loaded already: messages imports it). Treat
# them as values; nothing mutates them.
class Face(NamedTuple):
    """One printed side: a twinpact has two, a psychic or 禁断 card lists its other sides."""

    name: str
    type: str  # the Japanese card type
    civilizations: tuple[str, ...]
    cost: Cost
    power: Cost  # an int, or the printed text ('6000+'), or None
    races: tuple[str, ...] = ()

    @property
    def is_creature(self) -> bool:
        return CREATURE in self.type

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "type": self.type,
            "civilizations": list(self.civilizations),
            "cost": self.cost,
            "power": self.power,
            "races": list(self.races),
        }


# Every set of civilizations as a tuple in the canonical order (32 of them, () among them).
_IN_ORDER = frozenset(
    tuple(c for number, c in enumerate(CIVILIZATIONS) if chosen >> number & 1)
    for chosen in range(2 ** len(CIVILIZATIONS))
)


def cost_at_least(cost: Cost, minimum: int) -> bool:
    """Compare a printed cost with a minimum; ∞ is larger than every number."""
    if cost == INFINITY:
        return True
    return isinstance(cost, int) and cost >= minimum


_CARD_FIELDS = (
    "name",
    "faces",
    "layout",
    "zone",
    "partner_eligible",
    "may_exceed_four",
    "aliases",
    "english",
    "ids",
    "complete",
    "source",
    "provenance",
)
# Where a card's facts come from: official card data (the official site, and the card databases
# copied from it: the default, not written in a record), or a fan transcription of a set the
# official site did not list yet (DM26-EX4 at build time): shown by `card`, replaced by `update`.
OFFICIAL = "official"
FAN_TRANSCRIPTION = "fan_transcription"
PROVENANCES = (OFFICIAL, FAN_TRANSCRIPTION)


_Value = TypeVar("_Value")


class _once(Generic[_Value]):  # noqa: N801 - used as a decorator, like the cached_property it stands for
    """``functools.cached_property`` without its lock: Python 3.11 takes one on the first read
    of each card, and a batch first-reads the civilizations of thousands of cards. Without it,
    two threads reading at once would each work out the same value: nothing is lost."""

    def __init__(self, function: Callable[[Any], _Value]) -> None:
        self.function = function
        self.__doc__ = function.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> _once[_Value]: ...
    @overload
    def __get__(self, instance: object, owner: type | None = None) -> _Value: ...
    def __get__(self, instance: object, owner: type | None = None) -> _once[_Value] | _Value:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.function(instance)
        return value


class _Later:
    """A card field the embedded data's record keeps until it is first read (``Shard._parse``).

    A check reads a card's name, faces, zone and flags; its aliases, English names, ids and
    source are for ``card``, ``update`` and the tools. A batch meets thousands of cards, and
    decoding those four fields is much of each record's JSON. A card made by ``Card()`` has
    them in its own attributes, which hide this descriptor.
    """

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, card: Card | None, owner: type | None = None) -> object:
        if card is None:
            return self
        rest = json.loads(b"{" + card.__dict__.pop("_rest"))  # the record from its "aliases" key on
        get = rest.get
        card.aliases, card.english, card.ids = (
            tuple(get("aliases", ())),
            tuple(get("english", ())),
            tuple(get("ids", ())),
        )
        card.source = str(get("source", ""))
        card.provenance = str(get("provenance", OFFICIAL))
        return card.__dict__[self.name]


class Card:
    """A card as the deck rules see it: one name, its faces, and derived facts."""

    if TYPE_CHECKING:  # what reading one gives; at run time a _Later fills them on the first read
        aliases: tuple[str, ...]
        english: tuple[str, ...]
        ids: tuple[str, ...]
        source: str
        provenance: str
    else:
        aliases = _Later()
        english = _Later()
        ids = _Later()
        source = _Later()
        provenance = _Later()

    def __init__(
        self,
        name: str,
        faces: tuple[Face, ...],
        layout: str = "single",  # single | twinpact | multi_side
        zone: str = "main",
        partner_eligible: bool = False,
        may_exceed_four: bool = False,
        aliases: tuple[str, ...] = (),
        english: tuple[str, ...] = (),
        ids: tuple[str, ...] = (),
        complete: bool = True,
        source: str = "",
        provenance: str = OFFICIAL,
    ) -> None:
        self.name = name
        self.faces = faces
        self.layout = layout
        self.zone = zone
        self.partner_eligible = partner_eligible
        self.may_exceed_four = may_exceed_four
        self.aliases = aliases
        self.english = english
        self.ids = ids
        self.complete = complete
        self.source = source  # where the facts came from (a source file, or repository@commit:path)
        self.provenance = provenance  # OFFICIAL or FAN_TRANSCRIPTION

    def _fields(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in _CARD_FIELDS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # equal by value, and not frozen: Python's way to say so

    def __repr__(self) -> str:
        return "Card(" + ", ".join(f"{name}={getattr(self, name)!r}" for name in _CARD_FIELDS) + ")"

    def replace(self, **changes: object) -> Card:
        """A copy with some fields changed (the cached derived facts are not copied)."""
        return Card(**{**{name: getattr(self, name) for name in _CARD_FIELDS}, **changes})

    @_once
    def civilizations(self) -> tuple[str, ...]:
        """Union of the civilizations printed on every face, in the canonical order."""
        faces = self.faces
        if len(faces) == 1 and faces[0].civilizations in _IN_ORDER:  # most cards: one face, as the data lists them
            return faces[0].civilizations
        present = {c for face in faces for c in face.civilizations}
        return tuple(c for c in CIVILIZATIONS if c in present)

    @_once
    def creature_face(self) -> Face | None:
        return next((f for f in self.faces if f.is_creature), None)

    @property
    def partner_face(self) -> Face | None:
        """The face whose type and cost decide partner eligibility: the creature side
        (a multi-sided card only by its first side)."""
        if not self.faces:
            return None
        if self.layout == "multi_side":
            return self.faces[0] if self.faces[0].is_creature else None
        return self.creature_face

    def partner_problem(self, min_cost: int = 5) -> Msg | None:
        """Why this card cannot be the partner (a message to put into words), or None when it can."""
        if not self.complete or not self.faces:
            return Msg("partner-problem.no-data", {})
        if self.zone != "main":
            return Msg("partner-problem.not-main-deck", {"zone": Msg(f"zone.{self.zone}", {})})
        creature = self.partner_face
        if creature is None:
            return Msg("partner-problem.not-creature", {"type": self.faces[0].type})
        if not cost_at_least(creature.cost, min_cost):
            key = "partner-problem.cost.twinpact" if self.layout == "twinpact" else "partner-problem.cost"
            return Msg(key, {"cost": creature.cost, "minimum": min_cost})
        return None

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "layout": self.layout,
            "faces": [f.to_json() for f in self.faces],
            "zone": self.zone,
            "partner_eligible": self.partner_eligible,
            "may_exceed_four": self.may_exceed_four,
            "aliases": list(self.aliases),
            "english": list(self.english),
            "ids": list(self.ids),
            "complete": self.complete,
            **({"source": self.source} if self.source else {}),
            **({"provenance": self.provenance} if self.provenance != OFFICIAL else {}),
        }


class Lookup:
    """What a typed name resolved to: one card, several (ambiguous), or none."""

    __slots__ = ("typed", "cards", "_suggestions", "matched_by", "_suggest")

    def __init__(
        self,
        typed: str,
        cards: list[Card] | None = None,
        suggestions: list[str] | None = None,
        matched_by: str = "",
        suggest: Callable[[], list[str]] | None = None,
    ) -> None:
        self.typed = typed
        self.cards = cards or []
        self._suggestions = suggestions
        self._suggest = suggest
        self.matched_by = matched_by  # exact | key | alias | face | sides | id

    @property
    def suggestions(self) -> list[str]:
        """Close names, searched on first use: a search scans the whole pool, and a file of thousands of
        unknown names must not pay for suggestions nobody will be shown (see rules/unknown_card.py)."""
        if self._suggestions is None:
            self._suggestions = self._suggest() if self._suggest else []
            self._suggest = None
        return self._suggestions

    @property
    def card(self) -> Card | None:
        return self.cards[0] if len(self.cards) == 1 else None

    def __repr__(self) -> str:
        return f"Lookup({self.typed!r}, cards={[c.name for c in self.cards]}, suggestions={self.suggestions})"
