"""The card search's result pages: card ids in page order and the total."""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

from ..messages import msg
from .tree import Element, PageError, clean, normal, parse_html

DETAIL_PATH = "/card/detail/"


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
        raise PageError(msg("page.list.no-cards"))
    return ListPage(ids=ids, total=total)
