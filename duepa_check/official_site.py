"""Read the official card-search and regulation pages into plain data.

The pages are parsed with the standard library's ``html.parser`` into a tiny element tree,
so the updater needs no HTML dependency. Everything here is pure: text in, dataclasses out;
fetching lives in the ``update`` package. A page whose markup no longer looks like what we expect
raises ``PageError`` rather than producing half-right card data.

Rules text is read only to derive flags (may exceed 4 copies, starts in the battle zone,
「公式大会では使えません」); it is never stored.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date
from html.parser import HTMLParser
from urllib.parse import parse_qs, urlsplit

from .cards import CIVILIZATIONS, INFINITY, Card, Cost, Face

DETAIL_PATH = "/card/detail/"
VOID_TAGS = frozenset(
    "area base br col embed hr img input link meta param source track wbr".split()
)
# An open tag of these kinds is closed by the next tag of the same kind (<li>a<li>b).
SELF_CLOSING_SIBLINGS = frozenset({"li", "p", "tr", "td", "th", "option"})
COLOURLESS = frozenset({"無色", "無", "ゼロ", "ゼロ文明", "ジョーカーズ"})
HYPERSPATIAL_TYPE_WORDS = ("サイキック", "ドラグハート", "ルール・プラス")
MAY_EXCEED_FOUR = re.compile(r"(?:4枚より多く|4枚以上|何枚でも)デッキに入れることができる")
STARTS_IN_BATTLE_ZONE = re.compile(
    r"ゲーム開始時[^。]*バトルゾーンに(?:置|出)|バトルゾーンに置いてゲームを開始"
)
NOT_FOR_OFFICIAL_PLAY = "公式大会では使えません"
NAME_SLASH = re.compile(r"\s*[/／]\s*")
BRACKETED = re.compile(r"《([^》]+)》")
DATED_HEADING = re.compile(r"■?\s*(\d{4})年(\d{1,2})月(\d{1,2})日より(.*)")

UNRESTRICTED = "unrestricted"
HALL_OF_FAME = "hall_of_fame"
PREMIUM = "premium_hall_of_fame"


class PageError(Exception):
    """A page does not have the markup the parser relies on (the site may have changed)."""


# --- a minimal element tree -------------------------------------------------------------


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    children: list[Element | str] = field(default_factory=list)

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def iter(self) -> Iterator[Element]:
        """This element and every element below it, in document order."""
        yield self
        for child in self.children:
            if isinstance(child, Element):
                yield from child.iter()

    def find_all(self, tag: str | None = None, cls: str | None = None, id: str | None = None) -> list[Element]:
        return [
            e
            for e in self.iter()
            if (tag is None or e.tag == tag)
            and (cls is None or cls in e.classes)
            and (id is None or e.attrs.get("id") == id)
        ]

    def find(self, tag: str | None = None, cls: str | None = None, id: str | None = None) -> Element | None:
        found = self.find_all(tag, cls, id)
        return found[0] if found else None

    def text(self, skip_class: str | None = None) -> str:
        """Text content; <br> is a line break, an <img> counts as its alt text (keyword icons)."""
        parts: list[str] = []
        for child in self.children:
            if isinstance(child, str):
                parts.append(child)
            elif child.tag == "br":
                parts.append("\n")
            elif child.tag == "img":
                parts.append(child.attrs.get("alt", ""))
            elif skip_class is None or skip_class not in child.classes:
                parts.append(child.text(skip_class))
        return "".join(parts)


class _TreeBuilder(HTMLParser):
    """Forgiving tree building: unknown end tags are ignored, unclosed tags end with their parent."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", {})
        self.stack: list[Element] = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in SELF_CLOSING_SIBLINGS and self.stack[-1].tag == tag:
            self.stack.pop()
        element = Element(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(element)
        if tag not in VOID_TAGS:
            self.stack.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Element(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse_html(html: str) -> Element:
    builder = _TreeBuilder()
    builder.feed(html)
    builder.close()
    return builder.root


def clean(text: str) -> str:
    """One line, single spaces: markup indentation is never part of a value."""
    return " ".join(text.split())


def normal(text: str) -> str:
    return unicodedata.normalize("NFKC", clean(text))


# --- the card list ----------------------------------------------------------------------


@dataclass
class ListPage:
    ids: list[str]
    total: int | None


def detail_id(href: str) -> str | None:
    """The ``id`` of a /card/detail/?id=… link, or None for any other link."""
    parts = urlsplit(href)
    if not parts.path.endswith(DETAIL_PATH):
        return None
    values = parse_qs(parts.query).get("id")
    return values[0].strip() if values and values[0].strip() else None


def parse_list_page(html: str) -> ListPage:
    """Card ids on one search-result page (in page order, once each) and the total count."""
    root = parse_html(html)
    cardlist = root.find(id="cardlist")
    if cardlist is None:
        raise PageError("no #cardlist element in the card list page")
    ids: list[str] = []
    for link in cardlist.find_all("a"):
        card_id = detail_id(link.attrs.get("href", "")) or detail_id(link.attrs.get("data-href", ""))
        if card_id and card_id not in ids:
            ids.append(card_id)
    counter = root.find(id="total_count")
    digits = re.sub(r"\D", "", normal(counter.text())) if counter is not None else ""
    return ListPage(ids=ids, total=int(digits) if digits else None)


# --- a card's detail page ---------------------------------------------------------------


@dataclass
class DetailPage:
    """One parsed card page; ``not_for_official_play`` is read from text that is not stored."""

    card: Card
    not_for_official_play: bool = False


@dataclass
class _Block:
    name: str | None
    face: Face
    skills: str


def parse_civilizations(text: str) -> tuple[str, ...]:
    tokens = [t for t in re.split(r"[/／・、,\s]+", normal(text)) if t]
    unknown = [t for t in tokens if t not in CIVILIZATIONS and t not in COLOURLESS]
    if unknown:
        raise PageError(f"unknown civilization {unknown[0]!r}")
    return tuple(c for c in CIVILIZATIONS if c in tokens)


def parse_number(text: str) -> Cost:
    """A printed cost or power: an int, "∞", another printed string (e.g. "12000+"), or None."""
    value = normal(text)
    if value in ("", "-", "ー", "―", "−"):
        return None
    if value.isdigit():
        return int(value)
    if value in (INFINITY, "無限"):
        return INFINITY
    return value


def parse_races(text: str) -> tuple[str, ...]:
    return tuple(r for r in (clean(part) for part in NAME_SLASH.split(normal(text))) if r)


def _cell(block: Element, cls: str) -> str:
    cell = block.find(cls=cls)
    return cell.text() if cell is not None else ""


def _card_name(element: Element | None) -> str | None:
    if element is None:
        return None
    return clean(element.text(skip_class="packname")) or None


def _blocks(root: Element) -> list[_Block]:
    blocks: list[_Block] = []
    for block in root.find_all("div", cls="cardDetail"):
        kind = normal(_cell(block, "type"))
        if not kind:  # an image-only block (e.g. the blank second half of a twinpact)
            continue
        skills_cell = block.find(cls="skills")
        abilities = skills_cell.find_all("li") if skills_cell is not None else []
        skills = "\n".join(a.text().strip() for a in abilities) or (skills_cell.text() if skills_cell else "")
        face = Face(
            name="",
            type=kind,
            civilizations=parse_civilizations(_cell(block, "civil")),
            cost=parse_number(_cell(block, "cost")),
            power=parse_number(_cell(block, "power")),
            races=parse_races(_cell(block, "race")),
        )
        blocks.append(_Block(_card_name(block.find(cls="card-name")), face, skills))
    return blocks


def _split_twinpact(name: str, sides: int) -> list[str] | None:
    parts = [p for p in NAME_SLASH.split(name) if p]
    return parts if sides == 2 and len(parts) == 2 else None


def _name_faces(blocks: list[_Block], page_name: str | None, card_id: str) -> tuple[str, str, list[Face]]:
    """(card name, layout, faces): twinpact if one name splits in two, multi_side if sides have names."""
    names = [b.name or page_name for b in blocks]
    if any(n is None for n in names):
        raise PageError(f"card {card_id}: no h3.card-name")
    if len(blocks) == 1:
        return names[0], "single", [blocks[0].face._replace(name=names[0])]
    distinct = list(dict.fromkeys(names))
    if page_name and _split_twinpact(page_name, len(blocks)) == names:  # "A / B" above blocks "A", "B"
        return "／".join(names), "twinpact", [b.face._replace(name=n) for b, n in zip(blocks, names)]
    if len(distinct) == 1:
        sides = _split_twinpact(distinct[0], len(blocks))
        if sides is None:
            raise PageError(f"card {card_id}: {len(blocks)} sides share the name {distinct[0]!r}")
        faces = [b.face._replace(name=side) for b, side in zip(blocks, sides)]
        return "／".join(sides), "twinpact", faces
    faces = [b.face._replace(name=n) for b, n in zip(blocks, names)]
    return names[0], "multi_side", faces


def _page_name(root: Element) -> str | None:
    """The first h3.card-name outside the per-side blocks (else the first one at all)."""
    inside = {id(h) for block in root.find_all("div", cls="cardDetail") for h in block.find_all(cls="card-name")}
    headings = root.find_all("h3", cls="card-name")
    outside = [h for h in headings if id(h) not in inside]
    return _card_name((outside or headings or [None])[0])


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
    blocks = _blocks(root)
    page_name = _page_name(root)
    if not blocks:
        raise PageError(f"card {card_id}: no div.cardDetail with a card type")
    name, layout, faces = _name_faces(blocks, page_name, card_id)
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


# --- the regulation page ----------------------------------------------------------------


@dataclass
class RegulationPage:
    """What the regulation page says: statuses in force from ``data_date`` and dated announcements."""

    data_date: date | None
    statuses: dict[str, str] = field(default_factory=dict)
    announced: list[tuple[date, str, str]] = field(default_factory=list)
    combos: list[tuple[tuple[str, str], str]] = field(default_factory=list)
    prohibited: list[str] = field(default_factory=list)


def section_kind(heading: str) -> str | None:
    """What an h2 section lists; None for sections the checker does not need."""
    text = normal(heading)
    if "コンビ" in text:
        return "hyperspatial_combo" if "超次元" in text else "premium_combo"
    if "使用禁止" in text:
        return "prohibited"
    if "プレミアム殿堂" in text:
        return PREMIUM
    if "殿堂入り" in text:
        return HALL_OF_FAME
    return None


def announced_status(rest: str) -> str | None:
    """The status a 「■…より〇〇になるカード」 heading gives its cards (None for combos)."""
    if "コンビ" in rest:
        return None
    if "解除" in rest or "無制限" in rest:
        return UNRESTRICTED
    if "プレミアム殿堂" in rest:
        return PREMIUM
    if "殿堂" in rest:
        return HALL_OF_FAME
    return None


def card_names(item: Element) -> list[str]:
    """Card names in one list item: detail links first, else 《》-bracketed names."""
    names = [
        clean(a.text())
        for a in item.find_all("a")
        if detail_id(a.attrs.get("href", "")) or detail_id(a.attrs.get("data-href", ""))
    ]
    if not names:
        names = BRACKETED.findall(item.text())
    return [official_spelling(n) for n in names if clean(n.strip("《》"))]


def official_spelling(name: str) -> str:
    """《A / B》 → A／B: the pool spells twinpacts with a full-width slash and no spaces."""
    return NAME_SLASH.sub("／", clean(name.strip().strip("《》")))


def _items(root: Element) -> Iterator[tuple[str, Element]]:
    """Headings and card items in document order: ("h", heading) or ("item", li)."""
    for element in root.iter():
        if element.tag in ("h1", "h2", "h3", "h4", "h5"):
            yield "h", element
        elif element.tag == "li":
            yield "item", element


def parse_regulation_page(html: str) -> RegulationPage:
    """Sections and dated headings → statuses, announcements, combos, 使用禁止 names."""
    root = parse_html(html)
    page = RegulationPage(data_date=None)
    section: str | None = None
    released = False
    announcement: tuple[date, str | None] | None = None
    seen_sections: set[str] = set()
    for kind, element in _items(root):
        if kind == "h":
            text = normal(element.text())
            dated = DATED_HEADING.search(text)
            if dated:
                when = date(int(dated[1]), int(dated[2]), int(dated[3]))
                announcement = (when, announced_status(dated[4]))
                page.data_date = max(page.data_date or when, when)
            elif element.tag == "h2":
                section, released, announcement = section_kind(text), False, None
                if section:
                    seen_sections.add(section)
            elif "殿堂解除" in text:
                released = True
            continue
        names = card_names(element)
        if not names:
            continue
        if announcement is not None:
            when, status = announcement
            if status is not None:
                page.announced.extend((when, name, status) for name in names)
        elif section in ("premium_combo", "hyperspatial_combo"):
            if len(names) >= 2:
                page.combos.append(((names[0], names[1]), section))
        elif section == "prohibited":
            page.prohibited.extend(n for n in names if n not in page.prohibited)
        elif section in (PREMIUM, HALL_OF_FAME):
            for name in names:
                page.statuses[name] = UNRESTRICTED if released else section
    for needed, label in ((PREMIUM, "プレミアム殿堂入りカード"), (HALL_OF_FAME, "殿堂入りカード")):
        if needed not in seen_sections or needed not in page.statuses.values():
            raise PageError(f"regulation page has no cards under 「{label}」")
    for _when, name, status in page.announced:
        page.statuses.setdefault(name, status)
    return page
