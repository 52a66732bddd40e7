"""Reading a detail page by its labels: each value is the cell after its label."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..messages import msg
from .tree import Element, PageError, clean, normal
from .values import ReadSide, make_face, skills_text

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


def _value(
    page: _Page, element: Element, key: str, inline: str | None, counts: dict[int, int]
) -> tuple[str | None, Element | None]:
    """(value text or None, the value's cell) for one label cell."""
    cell = inline if inline is not None else _value_cell(page, element, counts)
    if isinstance(cell, Element):
        text = skills_text(cell) if key == "skills" else cell.text()
    else:
        text = (cell or "").strip(LABEL_PUNCTUATION)  # <b>パワー</b>：6000
    value = clean(text) if key != "skills" else text.strip()
    return (value if value and not is_label_text(value) else None), (cell if isinstance(cell, Element) else None)


def read_labelled_sides(root: Element, page: _Page | None = None) -> list[LabelledSide]:
    """Every side of a card on a detail page, read by labels: a side starts at カードの種類.

    Each field takes the first value after its label within the side; a label whose cell is
    empty or missing gives no value, and no value is ever a label word. A カード名 row names
    its side, whether the page writes it before or after the side's カードの種類.
    """
    page = page or _Page.of(root)
    labels = _labels(page)
    counts = _labels_below(page, labels)
    sides: list[LabelledSide] = []
    names: list[tuple[int, str]] = []
    for element, key, inline in labels:
        if page.in_chrome(element):
            continue
        if key == "name":
            value, _cell = _value(page, element, key, inline, counts)
            if value:
                names.append((page.position[id(element)], value))
            continue
        if key == "type":
            sides.append(LabelledSide(start=page.position[id(element)]))
        if not sides or key in sides[-1].values or key in sides[-1].cells:
            continue
        value, cell = _value(page, element, key, inline, counts)
        if cell is not None:
            sides[-1].cells[key] = cell
        if value:
            sides[-1].values[key] = value
    if names and sides:
        before = names[0][0] < sides[0].start  # the page's convention, from its first name row
        bounds = [side.start for side in sides] + [len(page.order)]
        for n, side in enumerate(sides):
            low, high = (bounds[n - 1] if n else -1, bounds[n]) if before else (bounds[n], bounds[n + 1])
            own = [value for at, value in names if low < at < high]
            if own:
                side.values["name"] = own[-1] if before else own[0]
    return sides


def split_packname(text: str) -> str:
    """ "NAME (DM24BD1 1/21)" → "NAME"."""
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
        e for e in page.order if (e.tag in NAME_HEADINGS[:3] or "card-name" in e.classes) and not page.in_chrome(e)
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


def labelled_sides(root: Element) -> tuple[list[ReadSide], str | None]:
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
                raise PageError(msg("page.side-without-type"))
            continue
        own = [e for at, e in headings if previous < at < side.start]
        name = split_packname(side.values["name"]) if "name" in side.values else None
        name = name or (_heading_name(own[-1]) if own else None)
        previous = side.start
        values = side.values
        face = make_face(
            normal(values["type"]),
            values.get("civil", ""),
            values.get("cost", ""),
            values.get("power", ""),
            values.get("race", ""),
        )
        blocks.append(ReadSide(name, face, values.get("skills", "")))
    return blocks, page_name
