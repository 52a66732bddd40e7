"""The 殿堂 regulation page → statuses, dated announcements, combos, 使用禁止 names."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date

from ..data.cards import SIDE_SLASH
from ..data.regulation import COMBO_KINDS, HALL_OF_FAME, PREMIUM, PROHIBITED, UNRESTRICTED
from ..messages import msg
from .listing import detail_id
from .tree import Element, PageError, clean, normal, parse_html

PREMIUM_COMBO, HYPERSPATIAL_COMBO = COMBO_KINDS
BRACKETED = re.compile(r"《([^》]+)》")
DATED_HEADING = re.compile(r"■?\s*(\d{4})年(\d{1,2})月(\d{1,2})日より(.*)")


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
        return HYPERSPATIAL_COMBO if "超次元" in text else PREMIUM_COMBO
    if "使用禁止" in text:
        return PROHIBITED
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
    return SIDE_SLASH.sub("／", clean(name.strip().strip("《》")))


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
        elif section in COMBO_KINDS:
            if len(names) >= 2:
                page.combos.append(((names[0], names[1]), section))
        elif section == PROHIBITED:
            page.prohibited.extend(n for n in names if n not in page.prohibited)
        elif section in (PREMIUM, HALL_OF_FAME):
            for name in names:
                page.statuses[name] = UNRESTRICTED if released else section
    for needed, label in ((PREMIUM, "プレミアム殿堂入りカード"), (HALL_OF_FAME, "殿堂入りカード")):
        if needed not in seen_sections or needed not in page.statuses.values():
            raise PageError(msg("page.regulation.no-cards", label=label))
    for _when, name, status in page.announced:
        page.statuses.setdefault(name, status)
    return page
