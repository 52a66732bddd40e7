"""Read the official card-search and regulation pages into plain data.

The pages are parsed with the standard library's ``html.parser`` into a tiny element tree,
so the updater needs no HTML dependency. Everything here is pure: text in, dataclasses out;
fetching lives in the ``update`` package. A page whose markup no longer looks like what we expect
raises ``PageError`` rather than producing half-right card data. ``PageError`` is internal: the
``update`` package always turns it into a one-line ``UpdateError``.

Two shapes of detail page are read: values found by their labels (カードの種類, 文明, コスト, …;
the shape the site has in 2026, where no class name can be relied on), and, for pages without
labels, the older markup with one ``div.cardDetail`` per side and values in cells named by class.

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
# Reading is iterative, so depth is only a cost: nesting past MAX_DEPTH is flattened, and an end
# tag closes one of the END_TAG_REACH innermost open elements or nothing (bounded work per tag).
MAX_DEPTH = 4096
END_TAG_REACH = 64
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
        """This element and every element below it, in document order (no recursion: any depth)."""
        stack: list[Element] = [self]
        while stack:
            element = stack.pop()
            yield element
            stack.extend(child for child in reversed(element.children) if isinstance(child, Element))

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
        stack: list[Element | str] = list(reversed(self.children))
        while stack:
            child = stack.pop()
            if isinstance(child, str):
                parts.append(child)
            elif child.tag == "br":
                parts.append("\n")
            elif child.tag == "img":
                parts.append(child.attrs.get("alt", ""))
            elif skip_class is None or skip_class not in child.classes:
                stack.extend(reversed(child.children))
        return "".join(parts)


    def text_prefix(self, limit: int = 40) -> str:
        """The start of ``text()``, at least ``limit`` characters of it if there are that many."""
        parts: list[str] = []
        length = 0
        stack: list[Element | str] = list(reversed(self.children))
        while stack and length < limit:
            child = stack.pop()
            if isinstance(child, str):
                parts.append(child)
                length += len(child.strip())
            elif child.tag == "br":
                parts.append("\n")
            elif child.tag == "img":
                parts.append(child.attrs.get("alt", ""))
            else:
                stack.extend(reversed(child.children))
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
        if tag not in VOID_TAGS and len(self.stack) < MAX_DEPTH:  # deeper tags become siblings
            self.stack.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Element(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, max(0, len(self.stack) - 1 - END_TAG_REACH), -1):
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


CARD_ID = re.compile(r"[A-Za-z0-9_.\-]+")
DETAIL_LINK = re.compile(r"/card/detail/?\?(?:[^\s\"'<>]*&)?id=([A-Za-z0-9_.\-]+)")
# "12,345枚" / "検索結果 12,345 件": the total of a search; the keyed forms are tried first.
KEYED_TOTAL = re.compile(r"(?:検索結果|該当|全)\s*[:：]?\s*(\d[\d,]*)\s*(?:枚|件)")
BARE_TOTAL = re.compile(r"(\d[\d,]*)\s*枚")
COUNT_HINTS = ("total", "count", "result", "number", "hit")


def _link_ids(element: Element) -> list[str]:
    """Detail-page ids named by the element's attributes (href, data-href, onclick, …)."""
    found = []
    for value in element.attrs.values():
        card_id = detail_id(value)
        if card_id is None or not CARD_ID.fullmatch(card_id):  # e.g. onclick="location.href='…'"
            match = DETAIL_LINK.search(value)
            card_id = match[1] if match else None
        if card_id:
            found.append(card_id)
    return found


def _count_element(root: Element) -> Element | None:
    """``#total_count``, else a short element whose id or class names a count."""
    counter = root.find(id="total_count")
    if counter is not None:
        return counter
    for element in root.iter():
        names = " ".join([element.attrs.get("id", ""), element.attrs.get("class", "")]).lower()
        if any(hint in names for hint in COUNT_HINTS) and re.search(r"\d", element.text()):
            if len(clean(element.text())) <= 40:
                return element
    return None


def _total(root: Element, ids: list[str]) -> int | None:
    """The search total: a count element, else "検索結果 N件"/"全N枚", else the first "N枚" that fits."""
    counter = _count_element(root)
    if counter is not None:
        digits = re.sub(r"\D", "", normal(counter.text()))
        if digits:
            return int(digits)
    text = normal(root.text())
    keyed = KEYED_TOTAL.search(text)
    if keyed:
        return int(keyed[1].replace(",", ""))
    for match in BARE_TOTAL.finditer(text):
        value = int(match[1].replace(",", ""))
        if value >= len(ids):
            return value
    return None


SIDE_SUFFIX = re.compile(r"(?<=\d)[a-d]$")


def base_id(card_id: str) -> str:
    """One key per card for official ids: dm26ex3-006a/…-006b (image ids of the sides) and the
    site's dm26ex3-006 are the same card; case is not significant."""
    return SIDE_SUFFIX.sub("", card_id.strip()).lower()


def parse_list_page(html: str) -> ListPage:
    """Card ids on one search-result page (in page order, once each) and the total count.

    Links are read from ``#cardlist`` when the page has one holding links, else from anywhere
    on the page; any attribute naming ``/card/detail/?id=…`` counts (href, data-href, onclick).
    A page with no card links, no card list and no count is not a card list: ``PageError``.
    """
    root = parse_html(html)
    cardlist = root.find(id="cardlist")
    ids: list[str] = []
    for scope in ([cardlist] if cardlist is not None else []) + [root]:
        for element in scope.iter():
            for card_id in _link_ids(element):
                if card_id not in ids:
                    ids.append(card_id)
        if ids:
            break
    total = _total(root, ids)
    if not ids and cardlist is None and total is None:
        raise PageError("no card links, no #cardlist and no card count on the card list page")
    return ListPage(ids=ids, total=total)


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


def _face(kind: str, civil: str, cost: str, power: str, race: str) -> Face:
    return Face(
        name="",
        type=kind,
        civilizations=parse_civilizations(civil),
        cost=parse_number(cost),
        power=parse_number(power),
        races=parse_races(race),
    )


def _skills_text(cell: Element | None) -> str:
    """Ability text: one line per <li>, else the cell's text."""
    if cell is None:
        return ""
    abilities = cell.find_all("li")
    return "\n".join(a.text().strip() for a in abilities) or cell.text()


def _class_blocks(root: Element) -> list[_Block]:
    """The older markup: one ``div.cardDetail`` per side, values in cells named by class."""
    blocks: list[_Block] = []
    for block in root.find_all("div", cls="cardDetail"):
        kind = normal(_cell(block, "type"))
        if not kind:  # an image-only block (e.g. the blank second half of a twinpact)
            continue
        face = _face(kind, _cell(block, "civil"), _cell(block, "cost"), _cell(block, "power"), _cell(block, "race"))
        blocks.append(_Block(_card_name(block.find(cls="card-name")), face, _skills_text(block.find(cls="skills"))))
    return blocks


# --- reading a detail page by its labels ------------------------------------------------

# Label words on a detail page → the field they name. The site's cells carry no dependable
# class names, so every value is found as "the cell after its label".
LABELS = {
    "カードの種類": "type",
    "種類": "type",
    "文明": "civil",
    "レアリティ": "rarity",
    "パワー": "power",
    "コスト": "cost",
    "マナ": "mana",
    "マナ数": "mana",
    "種族": "race",
    "イラストレーター": "illustrator",
    "イラスト": "illustrator",
    "特殊能力": "skills",
    "能力": "skills",
    "テキスト": "skills",
    "フレーバー": "flavor",
    "フレーバーテキスト": "flavor",
    "カード名": "name",
    "収録商品": "product",
    "商品情報": "product",
}
LABEL_PUNCTUATION = "：:　 【】[]〔〕「」"
_LABEL_ALTERNATIVES = "|".join(sorted(map(re.escape, LABELS), key=len, reverse=True))
INLINE_LABEL = re.compile(rf"^({_LABEL_ALTERNATIVES})\s*[：:]\s*(.+)$")
NAME_HEADINGS = ("h1", "h2", "h3", "h4")
CHROME_TAGS = frozenset({"header", "nav", "footer", "script", "style", "noscript"})
SHORT_TEXT = 48  # a label cell is short; longer texts are never labels
# "(DM24BD1 1/21)", "(DMR19 001/??)" after a card name: the set and number, not the name.
PACKNAME = re.compile(r"\s*[（(]\s*[A-Za-z0-9][^()（）]*?[0-9?？]\s*[/／]\s*[^()（）]*[)）]\s*$")


def label_of(text: str | None) -> str | None:
    """The field a label cell names ("カードの種類" → "type"), or None for any other text."""
    if not text:
        return None
    return LABELS.get(normal(text).strip(LABEL_PUNCTUATION))


def is_label_text(text: str) -> bool:
    return label_of(text) is not None


@dataclass
class _Page:
    """Document order, parents and short texts of a parsed page, computed once (no recursion)."""

    order: list[Element]
    position: dict[int, int]
    parent: dict[int, Element]
    short: dict[int, str | None]

    @classmethod
    def of(cls, root: Element) -> _Page:
        order = list(root.iter())
        position = {id(e): n for n, e in enumerate(order)}
        parent = {id(c): e for e in order for c in e.children if isinstance(c, Element)}
        short: dict[int, str | None] = {}
        for element in reversed(order):  # children before parents
            parts: list[str] = []
            length = 0
            too_long = False
            for child in element.children:
                if isinstance(child, str):
                    piece: str | None = child
                elif child.tag == "br":
                    piece = "\n"
                elif child.tag == "img":
                    piece = child.attrs.get("alt", "")
                else:
                    piece = short[id(child)]
                if piece is None:
                    too_long = True
                    break
                length += len(piece.strip())
                if length > SHORT_TEXT:
                    too_long = True
                    break
                parts.append(piece)
            short[id(element)] = None if too_long else "".join(parts)
        return cls(order, position, parent, short)

    def next_sibling(self, element: Element) -> Element | str | None:
        """The next element or non-blank text beside ``element`` (separators like "：" skipped)."""
        parent = self.parent.get(id(element))
        if parent is None:
            return None
        siblings = parent.children
        index = next(n for n, c in enumerate(siblings) if c is element)
        for sibling in siblings[index + 1 :]:
            if isinstance(sibling, Element) or sibling.strip(LABEL_PUNCTUATION + "\n\t"):
                return sibling
        return None

    def in_chrome(self, element: Element) -> bool:
        node: Element | None = element
        while node is not None:
            if node.tag in CHROME_TAGS:
                return True
            node = self.parent.get(id(node))
        return False


@dataclass
class LabelledSide:
    """One side of a card as its labels give it: field → raw value text (absent when empty)."""

    start: int  # document position of its カードの種類 label
    values: dict[str, str] = field(default_factory=dict)
    cells: dict[str, Element] = field(default_factory=dict)


def _one_text(page: _Page, element: Element) -> bool:
    """True when the element's text is one piece of text, however deeply wrapped (<th><p>文明</p></th>)."""
    node = element
    while True:
        children = [c for c in node.children if isinstance(c, Element) or c.strip()]
        if len(children) != 1:
            return False
        if isinstance(children[0], str):
            return True
        node = children[0]


def _labels(page: _Page) -> list[tuple[Element, str, str | None]]:
    """(element, field, inline value) for every label cell, outermost element only, in order."""
    found = []
    for element in page.order:
        text = page.short.get(id(element))
        key = label_of(text)
        inline = None
        if key is None and text:
            match = INLINE_LABEL.match(normal(text))
            if match and not any(
                isinstance(c, Element) and page.short.get(id(c)) and INLINE_LABEL.match(normal(page.short[id(c)] or ""))
                for c in element.children
            ):
                key, inline = LABELS[match[1]], match[2]
        if key is None:
            continue
        if not _one_text(page, element):
            continue  # <tr><th>文明</th><td></td></tr> reads "文明" too, but the row is not the label
        parent = page.parent.get(id(element))
        if parent is not None and _one_text(page, parent) and label_of(page.short.get(id(parent))) == key:
            continue  # <th><p>文明</p></th>: the th is the label cell, not the p
        found.append((element, key, inline))
    return found


def _labels_below(page: _Page, labels: list[tuple[Element, str, str | None]]) -> dict[int, int]:
    """How many label cells each element holds (itself included)."""
    counts: dict[int, int] = {}
    for element, _key, _inline in labels:
        node: Element | None = element
        while node is not None:
            counts[id(node)] = counts.get(id(node), 0) + 1
            node = page.parent.get(id(node))
    return counts


def _label_shaped(element: Element, label: Element) -> bool:
    """A cell shaped like a label cell (th, dt, or the label's own tag and class): a label we do not
    know, whose text is never a value."""
    if element.tag in ("th", "dt"):
        return True
    classes = label.attrs.get("class", "").split()
    return bool(classes) and element.tag == label.tag and element.attrs.get("class", "").split() == classes


def _value_cell(page: _Page, label: Element, counts: dict[int, int]) -> Element | str | None:
    """The cell after a label: its next sibling, or — for a label alone in its row, as 特殊能力 is —
    the next row. A cell holding a label, or shaped like one (th, dt, the label's own class), is
    never a value: the label's own value is then missing."""
    node = label
    climbed = False
    for _ in range(8):
        sibling = page.next_sibling(node)
        if sibling is not None:
            if isinstance(sibling, str):
                return sibling
            if counts.get(id(sibling), 0):
                return None
            inside = list(sibling.iter())
            if any(e.tag in ("th", "dt") for e in inside):
                return None
            return None if any(_label_shaped(e, label) for e in (inside if climbed else [sibling])) else sibling
        parent = page.parent.get(id(node))
        if parent is None or counts.get(id(parent), 0) > 1 or parent.tag in ("body", "main", "#document"):
            return None
        if [c for c in parent.children if isinstance(c, Element) or c.strip()] != [node]:
            return None  # only a label alone in its row takes the next row
        node, climbed = parent, True
    return None


def read_labelled_sides(root: Element, page: _Page | None = None) -> list[LabelledSide]:
    """Every side of a card on a detail page, read by labels: a side starts at カードの種類.

    Each field takes the first value after its label within the side; a label whose cell is
    empty or missing gives no value, and no value is ever a label word.
    """
    page = page or _Page.of(root)
    labels = _labels(page)
    counts = _labels_below(page, labels)
    sides: list[LabelledSide] = []
    for element, key, inline in labels:
        if page.in_chrome(element):
            continue
        if key == "type":
            sides.append(LabelledSide(start=page.position[id(element)]))
        if not sides or key in sides[-1].values or key in sides[-1].cells:
            continue
        cell = inline if inline is not None else _value_cell(page, element, counts)
        if isinstance(cell, Element):
            sides[-1].cells[key] = cell
            text = _skills_text(cell) if key == "skills" else cell.text()
        else:
            text = (cell or "").strip(LABEL_PUNCTUATION)  # <b>パワー</b>：6000
        value = clean(text) if key != "skills" else text.strip()
        if value and not is_label_text(value):
            sides[-1].values[key] = value
    return sides


def split_packname(text: str) -> str:
    """"NAME (DM24BD1 1/21)" → "NAME"."""
    return clean(PACKNAME.sub("", clean(text)))


def _heading_name(element: Element) -> str | None:
    name = split_packname(element.text(skip_class="packname"))
    return name if name and not is_label_text(name) else None


def _labelled_page_name(root: Element, page: _Page, first_side: int) -> tuple[str | None, int]:
    """The card's name from the page's main heading, and that heading's position (-1: none).

    A ``card-name`` element, else the first h1–h3 ending in "(SET n/m)", else the first h1–h3
    before the card's labels (never in the site's header or footer), else ``<title>``.
    """
    headings = [
        e
        for e in page.order
        if (e.tag in NAME_HEADINGS[:3] or "card-name" in e.classes) and not page.in_chrome(e)
    ]
    choices = (
        [e for e in headings if "card-name" in e.classes],
        [e for e in headings if PACKNAME.search(clean(e.text()))],
        [e for e in headings if page.position[id(e)] < first_side],
    )
    for group in choices:
        for heading in group:
            name = _heading_name(heading)
            if name:
                return name, page.position[id(heading)]
    title = root.find("title")
    if title is not None:
        first = re.split(r"\s[|｜]\s|\s[-–]\s", clean(title.text()))[0]
        name = split_packname(first)
        if name and not is_label_text(name):
            return name, -1
    return None, -1


def _labelled_blocks(root: Element) -> tuple[list[_Block], str | None]:
    """The sides read by label, each with the heading just above it if it has its own."""
    page = _Page.of(root)
    sides = read_labelled_sides(root, page)
    if not sides:
        return [], None
    page_name, page_heading = _labelled_page_name(root, page, sides[0].start)
    headings = [
        (page.position[id(e)], e)
        for e in page.order
        if (e.tag in NAME_HEADINGS or "card-name" in e.classes) and not page.in_chrome(e)
    ]
    blocks = []
    previous = page_heading
    for side in sides:
        if "type" not in side.values:
            if len(side.values) > 0:
                raise PageError("a side of the card has values but no カードの種類")
            continue
        own = [e for at, e in headings if previous < at < side.start]
        name = _heading_name(own[-1]) if own else None
        previous = side.start
        values = side.values
        face = _face(
            normal(values["type"]), values.get("civil", ""), values.get("cost", ""), values.get("power", ""),
            values.get("race", ""),
        )
        blocks.append(_Block(name, face, values.get("skills", "")))
    return blocks, page_name


def _split_twinpact(name: str, sides: int) -> list[str] | None:
    parts = [p for p in NAME_SLASH.split(name) if p]
    return parts if sides == 2 and len(parts) == 2 else None


def _name_faces(blocks: list[_Block], page_name: str | None, card_id: str) -> tuple[str, str, list[Face]]:
    """(card name, layout, faces): twinpact if one name splits in two, multi_side if sides have names."""
    names = [b.name or page_name for b in blocks]
    if any(n is None for n in names):
        raise PageError(f"card {card_id}: no card name (no h1–h3 heading, no h3.card-name, no title)")
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
    blocks, page_name = _labelled_blocks(root)
    if not blocks:  # the older markup, read by class names
        blocks, page_name = _class_blocks(root), _page_name(root)
    elif any(h for h in root.find_all(cls="card-name")):
        page_name = _page_name(root) or page_name
    if not blocks:
        raise PageError(f"card {card_id}: no card block (no div.cardDetail with a card type, no カードの種類 label)")
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


HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5"})
# A dated line 「■2026年3月16日より…」 may sit in any block: a heading, p, div, strong, a table row or cell.
DATED_LINE_TAGS = frozenset({"p", "div", "strong", "b", "span", "td", "th", "tr", "dt", "dd", "section", "font", "em"})
# ... but never in one that also holds the lists or other blocks: that would be a whole section.
LIST_BLOCK_TAGS = frozenset({"li", "ul", "ol", "table", "tbody", "p", "div", "dl", "section"} | HEADING_TAGS)
ITEM_BLOCK_TAGS = frozenset({"p", "td", "dd", "div"})
DATED_LINE = re.compile(r"^■?\s*(\d{4})年(\d{1,2})月(\d{1,2})日より(.*)", re.S)


def _holds_blocks(element: Element, tags: frozenset[str]) -> bool:
    return any(e is not element and e.tag in tags for e in element.iter())


def _lead(element: Element) -> Element | None:
    """The inline text an element starts with, before its first block (``<div>■…より<ul>…``)."""
    lead: list[Element | str] = []
    for child in element.children:
        if isinstance(child, Element) and (child.tag in LIST_BLOCK_TAGS or _holds_blocks(child, LIST_BLOCK_TAGS)):
            break
        lead.append(child)
    return Element("span", {}, lead) if lead else None


def _items(root: Element) -> Iterator[tuple[str, Element]]:
    """Headings, dated lines and card items in document order.

    ("h", heading) for h1–h5; ("dated", element) for the outermost block whose text starts
    with 「■YYYY年M月D日より」 and holds no list or other block; ("item", li) for list items;
    ("block", element) for a p/td/dd/div holding no other block (cards written in a paragraph
    or a table cell — read only under a dated line, see ``parse_regulation_page``).
    """
    taken: set[int] = set()  # elements inside a dated line, already read with it
    for element in root.iter():
        if id(element) in taken:
            continue
        if element.tag in HEADING_TAGS:
            yield "h", element
        elif element.tag == "li":
            yield "item", element
        elif element.tag in DATED_LINE_TAGS and DATED_LINE.match(normal(element.text_prefix())):
            line = element if element.tag == "tr" or not _holds_blocks(element, LIST_BLOCK_TAGS) else _lead(element)
            if line is not None and DATED_LINE.match(normal(line.text_prefix())):
                taken.update(id(e) for e in line.iter())
                yield "dated", line
        elif element.tag in ITEM_BLOCK_TAGS and not _holds_blocks(element, LIST_BLOCK_TAGS | {"td", "dd"}):
            yield "block", element


def _announce(page: RegulationPage, announcement: tuple[date, str | None], names: list[str]) -> None:
    when, status = announcement
    if status is None:
        return
    for name in names:
        if (when, name, status) not in page.announced:
            page.announced.append((when, name, status))


def parse_regulation_page(html: str) -> RegulationPage:
    """Sections and dated headings → statuses, announcements, combos, 使用禁止 names."""
    root = parse_html(html)
    page = RegulationPage(data_date=None)
    section: str | None = None
    released = False
    announcement: tuple[date, str | None] | None = None
    seen_sections: set[str] = set()
    for kind, element in _items(root):
        if kind in ("h", "dated"):
            text = normal(element.text())
            dated = DATED_HEADING.search(text) if kind == "h" else DATED_LINE.match(text)
            if dated:
                when = date(int(dated[1]), int(dated[2]), int(dated[3]))
                rest = dated[4].split("《")[0]
                announcement = (when, announced_status(rest))
                page.data_date = max(page.data_date or when, when)
                if kind == "dated":  # cards written on the dated line itself
                    _announce(page, announcement, card_names(element))
            elif element.tag == "h2":
                section, released, announcement = section_kind(text), False, None
                if section:
                    seen_sections.add(section)
            elif "殿堂解除" in text:
                released = True
            continue
        if kind == "block" and announcement is None:
            continue  # a paragraph under a section heading explains; only list items are cards there
        names = card_names(element)
        if not names:
            continue
        if announcement is not None:
            _announce(page, announcement, names)
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
