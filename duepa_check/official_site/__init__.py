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

One module per page kind: ``tree`` (the element tree), ``listing`` (search result pages),
``values`` (cell text → card values), ``labels`` (detail pages read by label), ``detail``
(detail pages → Card), ``regulation_page``. The names below are the package's API.
"""

from __future__ import annotations

from .detail import (
    HYPERSPATIAL_TYPE_WORDS,
    MAY_EXCEED_FOUR,
    NOT_FOR_OFFICIAL_PLAY,
    STARTS_IN_BATTLE_ZONE,
    DetailPage,
    card_zone,
    parse_detail_page,
)
from .labels import LABELS, LabelledSide, is_label_text, label_of, read_labelled_sides, split_packname
from .listing import DETAIL_PATH, ListPage, base_id, detail_id, parse_list_page
from .regulation_page import (
    RegulationPage,
    announced_status,
    card_names,
    official_spelling,
    parse_regulation_page,
    section_kind,
)
from .tree import Element, PageError, clean, normal, parse_html
from .values import COLOURLESS, parse_civilizations, parse_number, parse_races

__all__ = [
    "COLOURLESS",
    "DETAIL_PATH",
    "DetailPage",
    "Element",
    "HYPERSPATIAL_TYPE_WORDS",
    "LABELS",
    "LabelledSide",
    "ListPage",
    "MAY_EXCEED_FOUR",
    "NOT_FOR_OFFICIAL_PLAY",
    "PageError",
    "RegulationPage",
    "STARTS_IN_BATTLE_ZONE",
    "announced_status",
    "base_id",
    "card_names",
    "card_zone",
    "clean",
    "detail_id",
    "is_label_text",
    "label_of",
    "normal",
    "official_spelling",
    "parse_civilizations",
    "parse_detail_page",
    "parse_html",
    "parse_list_page",
    "parse_number",
    "parse_races",
    "parse_regulation_page",
    "read_labelled_sides",
    "section_kind",
    "split_packname",
]
