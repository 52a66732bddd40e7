"""A card's detail page → a Card: read by label, else by the older class names."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from ..data.cards import SIDE_SLASH, Card, Face
from ..messages import msg
from .labels import labelled_sides
from .tree import Element, PageError, clean, normal, parse_html
from .values import ReadSide, make_face, skills_text

HYPERSPATIAL_TYPE_WORDS = ("サイキック", "ドラグハート", "ルール・プラス")
MAY_EXCEED_FOUR = re.compile(r"(?:4枚より多く|4枚以上|何枚でも)デッキに入れることができる")
STARTS_IN_BATTLE_ZONE = re.compile(r"ゲーム開始時[^。]*バトルゾーンに(?:置|出)|バトルゾーンに置いてゲームを開始")
NOT_FOR_OFFICIAL_PLAY = "公式大会では使えません"


@dataclass
class DetailPage:
    """One parsed card page; ``not_for_official_play`` is read from text that is not stored."""

    card: Card
    not_for_official_play: bool = False


def _cell(block: Element, cls: str) -> str:
    cell = block.find(cls=cls)
    return cell.text() if cell is not None else ""


def _card_name(element: Element | None) -> str | None:
    if element is None:
        return None
    return clean(element.text(skip_class="packname")) or None


def _class_blocks(root: Element) -> list[ReadSide]:
    """The older markup: one ``div.cardDetail`` per side, values in cells named by class."""
    blocks: list[ReadSide] = []
    for block in root.find_all("div", cls="cardDetail"):
        kind = normal(_cell(block, "type"))
        if not kind:  # an image-only block (e.g. the blank second half of a twinpact)
            continue
        face = make_face(kind, _cell(block, "civil"), _cell(block, "cost"), _cell(block, "power"), _cell(block, "race"))
        blocks.append(ReadSide(_card_name(block.find(cls="card-name")), face, skills_text(block.find(cls="skills"))))
    return blocks


def _split_twinpact(name: str, sides: int) -> list[str] | None:
    parts = [p for p in SIDE_SLASH.split(name) if p]
    return parts if sides == 2 and len(parts) == 2 else None


def _name_faces(blocks: list[ReadSide], page_name: str | None, card_id: str) -> tuple[str, str, list[Face]]:
    """(card name, layout, faces): twinpact if one name splits in two, multi_side if sides have names."""
    named = [b.name or page_name for b in blocks]
    names = [n for n in named if n is not None]
    if len(names) < len(named):
        raise PageError(msg("page.detail.no-name", card_id=card_id))
    if len(blocks) == 1:
        return names[0], "single", [blocks[0].face._replace(name=names[0])]
    distinct = list(dict.fromkeys(names))
    if page_name and _split_twinpact(page_name, len(blocks)) == names:  # "A / B" above blocks "A", "B"
        return "／".join(names), "twinpact", [b.face._replace(name=n) for b, n in zip(blocks, names)]
    if len(distinct) == 1:
        sides = _split_twinpact(distinct[0], len(blocks))
        if sides is None and _swallowed(distinct[0]):  # an unclosed heading above every side
            raise PageError(msg("page.detail.name-swallowed", card_id=card_id, name=distinct[0][:60]))
        if sides is None:
            raise PageError(msg("page.detail.same-name", card_id=card_id, count=len(blocks), name=distinct[0]))
        faces = [b.face._replace(name=side) for b, side in zip(blocks, sides)]
        return "／".join(sides), "twinpact", faces
    faces = [b.face._replace(name=n) for b, n in zip(blocks, names)]
    return names[0], "multi_side", faces


def _page_name(root: Element) -> str | None:
    """The first h3.card-name outside the per-side blocks (else the first one at all)."""
    inside = {id(h) for block in root.find_all("div", cls="cardDetail") for h in block.find_all(cls="card-name")}
    headings = root.find_all("h3", cls="card-name")
    outside = [h for h in headings if id(h) not in inside]
    found = outside or headings
    return _card_name(found[0] if found else None)


# What no card name holds: a side's labels (the first of a side and the ability text's), a set
# and collector number as the page writes it after the name ("(DMTEST 2/12)"), a line break.
_SWALLOWED = re.compile(
    r"カードの種類|特殊能力|フレーバー|[(（][A-Za-z0-9-]+\s*[^\s()（）]*\d+\s*/\s*[^\s()（）]*\d+[)）]\s*$|[\n\r\t]"
)
LONGEST_SITE_NAME = 120  # the longest official name has 113 characters (a decklist's: reading.card_line.LONGEST_NAME)


def _swallowed(name: str) -> bool:
    """Whether a name read from a page holds what belongs after it (the page is malformed)."""
    return len(name) > LONGEST_SITE_NAME or _SWALLOWED.search(name) is not None


def card_zone(faces: list[Face], text: str) -> str:
    """Where the card lives before the game: the main deck unless its type or text says otherwise."""
    types = " ".join(f.type for f in faces)
    if any(word in types for word in HYPERSPATIAL_TYPE_WORDS):
        return "hyperspatial"
    if "GR" in types:
        return "super_gr"
    if STARTS_IN_BATTLE_ZONE.search(text):
        return "starts_in_battle_zone"
    return "main"


def parse_detail_page(html: str, card_id: str) -> DetailPage:
    """A detail page as a Card (flags derived from the ability text) plus the not-for-official-play note."""
    root = parse_html(html)
    blocks, page_name = labelled_sides(root)
    if not blocks:  # the older markup, read by class names
        blocks, page_name = _class_blocks(root), _page_name(root)
    elif any(h for h in root.find_all(cls="card-name")):
        page_name = _page_name(root) or page_name
    if not blocks:
        raise PageError(msg("page.detail.no-block", card_id=card_id))
    name, layout, faces = _name_faces(blocks, page_name, card_id)
    for side in (name, *(face.name for face in faces)):
        if _swallowed(side):  # an unclosed h3 or span: the name ran on into the labels or the set number
            raise PageError(msg("page.detail.name-swallowed", card_id=card_id, name=side[:60]))
    text = unicodedata.normalize("NFKC", "\n".join(b.skills for b in blocks))
    card = Card(
        name=name,
        faces=tuple(faces),
        layout=layout,
        zone=card_zone(faces, text),
        may_exceed_four=bool(MAY_EXCEED_FOUR.search(text)),
        ids=(card_id,),
    )
    card = card.replace(partner_eligible=card.partner_problem(5) is None)
    return DetailPage(card=card, not_for_official_play=NOT_FOR_OFFICIAL_PLAY in text)
