"""A deck's shape as a picture: plain SVG written here, standard library only.

Why our own: rich's SVG export is a picture of the terminal whose text runs carry a
``textLength`` counted in characters, so a browser squeezes every Japanese label to half its
width. Here every label is real ``<text>`` (selectable, searchable) with no ``textLength``,
and the layout measures text by display width (an East Asian wide character is two cells,
1 em; a narrow one gets a generous 0.65 em), so a label never runs into its bar in whatever
font the reader has (tests/test_charts.py measures this in Chromium).

``render_chart(stats, text)`` is a pure function: the same stats give the same bytes. It is
used by ``stats --svg`` and, inline, by the HTML report, so it uses no element ids (a page
holds many charts). Every string that comes from a decklist or the card data passes ``_x``
(control characters shown as U+FFFD, then XML escaping) on its way out: that is the one
escaping point of this module. Every word comes from the message catalogue (``chart.*`` keys)
in the language asked for.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from functools import lru_cache
from html import escape as _escape
from pathlib import Path

from .messages import DEFAULT_LANG, msg, plural
from .messages import text as words
from .stats import COLORLESS, UNKNOWN, DeckStats

Text = Callable[..., str]  # text(key, **fields) -> words: a catalogue lookup in one language

FONT_FAMILY = "'Noto Sans CJK JP','Noto Sans JP','Hiragino Sans','Hiragino Kaku Gothic ProN','Yu Gothic','Meiryo',sans-serif"
# The game's colours: 光 yellow, 水 blue, 闇 dark purple, 火 red, 自然 green, 無色 grey.
CIVILIZATION_COLOURS = {
    "光": "#e2b100",
    "水": "#1f6fd1",
    "闇": "#4b2a6e",
    "火": "#d7262b",
    "自然": "#23913f",
    COLORLESS: "#9a9a9a",
    UNKNOWN: "#d4d4d4",
}
CURVE_COLOUR = "#2f6db5"
TYPE_COLOUR = "#8a5a9e"
INK, SOFT_INK, RULE_INK = "#1d1d1f", "#55575c", "#c7c9cc"

_BROAD = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZmw@%&+=<>~")  # narrow, but up to ~0.9 em in sans-serif
PAD = 16
TITLE_SIZE, SUBTITLE_SIZE, HEADING_SIZE, LABEL_SIZE = 18, 13, 14, 12
MAX_LINE_PX = 720  # a longer title (a hostile file name) is cut with … (the whole name stays in <title>)
MAX_LABEL_PX = 260
SLOT, BAR_WIDTH, PLOT_HEIGHT = 34, 24, 110  # mana curve: one slot per bucket
ROW, ROW_BAR, BAR_MAX = 20, 14, 260  # horizontal bars: row height, bar thickness, longest bar

# ---------------------------------------------------------------------------- text measure, escaping

# XML 1.0 cannot carry C0 controls (not even as references), U+FFFE/U+FFFF or lone surrogates;
# C1 controls and line separators would drive or break what shows them. All become U+FFFD.
_INVISIBLE = {
    code: "\ufffd" for code in (*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029, 0xFFFE, 0xFFFF, *range(0xD800, 0xE000))
}


def clean(text: str) -> str:
    """The text as it can be shown: every control character (and what XML forbids) as U+FFFD."""
    return text.translate(_INVISIBLE)


@lru_cache(maxsize=4096)  # labels repeat from deck to deck: a 1,000-deck report escapes each once
def _x(text: str) -> str:
    """Text or attribute value for the SVG: cleaned, then escaped (& < > " ')."""
    return _escape(clean(text), quote=True)


def cells(text: str) -> int:
    """Display width in cells: East Asian wide and full-width characters 2, combining marks 0, others 1."""
    width = 0
    for char in text:
        if not unicodedata.combining(char):
            width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def _em(char: str) -> float:
    """The most room one character takes, in em: a wide one (2 cells) is 1 em in a CJK font;
    a narrow one (1 cell) gets 0.65, a broad Latin one 0.95 (DejaVu Sans, a common fallback,
    draws digits at 0.64 em and + at 0.84)."""
    if unicodedata.combining(char):
        return 0.0
    if unicodedata.east_asian_width(char) in ("W", "F"):
        return 1.0
    return 0.95 if char in _BROAD else 0.65


def text_px(text: str, size: float) -> float:
    """The most room ``text`` takes at font ``size`` (px), from its display width."""
    return size * _ems(text)


@lru_cache(maxsize=4096)
def _ems(text: str) -> float:
    return sum(_em(char) for char in text)


def fit(text: str, size: float, room: float) -> str:
    """``text`` cut with … so that it fits ``room`` px at font ``size``."""
    if text_px(text, size) <= room:
        return text
    budget = room / size - 1.0  # in em, leaving room for the …
    out, used = [], 0.0
    for char in text:
        width = _em(char)
        if used + width > budget:
            break
        out.append(char)
        used += width
    return "".join(out) + "…"


def _n(value: float) -> str:
    """A coordinate in whole pixels: deterministic, short, and cheap (a 1,000-deck report writes 190,000)."""
    return str(round(value))


# ---------------------------------------------------------------------------- drawing


def wording(lang: str = DEFAULT_LANG) -> Text:
    """The ``text(key, **fields)`` of a language: the chart's words from the message catalogue."""
    return lambda key, **fields: _said(lang, key, tuple(fields.items()))


@lru_cache(maxsize=8192)  # "cost 3: 8 cards" and the headings recur in every chart of a report
def _said(lang: str, key: str, fields: tuple) -> str:
    return words(msg(key, **dict(fields)), lang)


def _cards(text: Text, count: int) -> str:
    return text(plural("chart.cards", count), count=count)


@lru_cache(maxsize=8192)
def _bar_words(lang: str, key: str, label: str, count: int) -> str:
    """What a bar says to a screen reader: "cost 3: 8 cards", "火: 45 cards"."""
    text = wording(lang)
    field = "bucket" if key == "chart.cost-bar" else "label"
    return text(key, **{field: label, "cards": _cards(text, count)})


# Charts of a report repeat the same pieces (a bucket label in its slot, "3" on a bar of the same
# height, a civilization row): each drawn piece is made once. Measured on 1,000 decks: -40 % time.
@lru_cache(maxsize=16384)
def _text(x: float, y: float, content: str, size: int, anchor: str = "start", fill: str = INK,
          bold: bool = False) -> str:
    attributes = f'x="{_n(x)}" y="{_n(y)}" font-size="{size}"'
    if anchor != "start":
        attributes += f' text-anchor="{anchor}"'
    if fill != INK:
        attributes += f' fill="{fill}"'
    if bold:
        attributes += ' font-weight="bold"'
    return f"<text {attributes}>{_x(content)}</text>"


@lru_cache(maxsize=16384)
def _bar(label: str, rect: tuple[float, float, float, float], fill: str, count_text: str) -> str:
    """One bar for screen readers and mouse hover (aria-label, <title>), its rect and its count."""
    x, y, width, height = rect
    return (
        f'<g role="listitem" aria-label="{_x(label)}"><title>{_x(label)}</title>'
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(width)}" height="{_n(height)}" fill="{fill}"/>'
        f"{count_text}</g>"
    )


def _bucket_label(bucket: str, text: Text) -> str:
    return text("chart.unknown") if bucket == UNKNOWN else bucket


def _row_label(label: str, text: Text) -> str:
    return text("chart.unknown") if label == UNKNOWN else label


def render_chart(stats: DeckStats, lang: str = DEFAULT_LANG) -> str:
    """The deck's shape as one ``<svg>`` element: title, mana curve, civilizations, types, totals."""
    text = wording(lang)
    deck = Path(stats.path).name or stats.path
    if stats.partner_name is not None:
        partner_line = text("chart.partner", partner=f"《{stats.partner_name}》")
    else:
        partner_line = text("chart.no-partner")
    civilizations = list(stats.partner_civilizations) or ([COLORLESS] if stats.partner_name is not None else [])
    count_line = _cards(text, stats.card_count)
    average = f"{stats.average_cost:.2f}" if stats.average_cost is not None else "-"
    totals = text("chart.totals", average=average, twinpacts=stats.twinpacts, multicolor=stats.multicolor)

    curve = [(_bucket_label(bucket, text), bucket, count) for bucket, count in stats.curve.items()]
    civ_rows = [(_row_label(c, text), count, CIVILIZATION_COLOURS.get(c, CIVILIZATION_COLOURS[UNKNOWN]))
                for c, count in stats.civilizations.items()]
    type_rows = [(_row_label(kind, text), count, TYPE_COLOUR) for kind, count in stats.types.items()]

    # Widths first: every piece of text is given the room its display width needs.
    slot = max(SLOT, *(text_px(label, LABEL_SIZE) + 8 for label, _, _ in curve)) if curve else SLOT
    label_column = min(MAX_LABEL_PX, max((text_px(label, LABEL_SIZE) for label, _, _ in civ_rows + type_rows),
                                         default=0)) + 10
    largest_row = max((count for _, count, _ in civ_rows + type_rows), default=0)
    rows_width = label_column + BAR_MAX + 6 + text_px(str(largest_row), LABEL_SIZE)
    subtitle_parts = _subtitle_parts(partner_line, civilizations, count_line)
    subtitle_width = sum(width for _, width, _ in subtitle_parts)
    content = max(
        len(curve) * slot,
        rows_width,
        min(MAX_LINE_PX, text_px(deck, TITLE_SIZE)),
        min(MAX_LINE_PX, subtitle_width),
        text_px(totals, LABEL_SIZE),
        text_px(text("chart.curve"), HEADING_SIZE),
    )
    width = PAD * 2 + content

    parts: list[str] = []
    y = PAD + TITLE_SIZE
    parts.append(_text(PAD, y, fit(deck, TITLE_SIZE, content), TITLE_SIZE, bold=True))
    y += 8 + SUBTITLE_SIZE
    x = PAD
    for kind, part_width, value in subtitle_parts:
        if x - PAD + part_width > MAX_LINE_PX:
            break
        if kind == "dot":
            parts.append(f'<circle cx="{_n(x + 5)}" cy="{_n(y - SUBTITLE_SIZE * 0.35)}" r="5" fill="{value}"/>')
        else:
            parts.append(_text(x, y, value, SUBTITLE_SIZE, fill=SOFT_INK))
        x += part_width

    # Mana curve: vertical bars, the count on top of each, the bucket under it.
    y += 14 + HEADING_SIZE + 4
    parts.append(_text(PAD, y, text("chart.curve"), HEADING_SIZE, bold=True))
    top = y + 8 + LABEL_SIZE + 4  # room for the tallest bar's count
    base = top + PLOT_HEIGHT
    tallest = max((count for _, _, count in curve), default=0)
    bars = []
    for index, (label, bucket, count) in enumerate(curve):
        centre = PAD + index * slot + slot / 2
        height = PLOT_HEIGHT * count / tallest if tallest else 0
        count_text = _text(centre, base - height - 4, str(count), LABEL_SIZE, anchor="middle",
                           fill=INK if count else SOFT_INK)
        bars.append(_bar(_bar_words(lang, "chart.cost-bar", label, count),
                         (centre - BAR_WIDTH / 2, base - height, BAR_WIDTH, height), CURVE_COLOUR, count_text))
        bars.append(_text(centre, base + 4 + LABEL_SIZE, label, LABEL_SIZE, anchor="middle", fill=SOFT_INK))
    parts.append(f'<g role="list" aria-label="{_x(text("chart.curve"))}">{"".join(bars)}</g>')
    parts.append(f'<line x1="{_n(PAD)}" y1="{_n(base)}" x2="{_n(PAD + len(curve) * slot)}" y2="{_n(base)}" '
                 f'stroke="{RULE_INK}"/>')
    y = base + 4 + LABEL_SIZE

    # Civilizations and card types: horizontal bars after a label column as wide as the widest label.
    for heading, rows in ((text("chart.civilizations"), civ_rows), (text("chart.types"), type_rows)):
        y += 18 + HEADING_SIZE
        parts.append(_text(PAD, y, heading, HEADING_SIZE, bold=True))
        y += 6
        bars = []
        for label, count, colour in rows:
            length = BAR_MAX * count / largest_row if largest_row else 0
            middle = y + ROW / 2
            bars.append(_text(PAD, middle + LABEL_SIZE * 0.35, fit(label, LABEL_SIZE, label_column - 10), LABEL_SIZE))
            count_text = _text(PAD + label_column + length + 6, middle + LABEL_SIZE * 0.35, str(count), LABEL_SIZE)
            bars.append(_bar(_bar_words(lang, "chart.row-bar", label, count),
                             (PAD + label_column, middle - ROW_BAR / 2, length, ROW_BAR), colour, count_text))
            y += ROW
        parts.append(f'<g role="list" aria-label="{_x(heading)}">{"".join(bars)}</g>')

    y += 14 + LABEL_SIZE
    parts.append(_text(PAD, y, totals, LABEL_SIZE, fill=SOFT_INK))
    height = y + PAD

    title = text("chart.title", deck=deck)
    summary = f"{title}. {partner_line} {' '.join(civilizations)}, {count_line}. {totals}"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}" height="{_n(height)}" '
        f'viewBox="0 0 {_n(width)} {_n(height)}" role="group" aria-label="{_x(summary)}" '
        f'font-family="{FONT_FAMILY}">'
        f"<title>{_x(title)}</title>"
        f'<rect width="100%" height="100%" fill="#fff"/>'
        + "".join(parts)
        + "</svg>"
    )


def _subtitle_parts(partner_line: str, civilizations: Sequence[str], count_line: str) -> list[tuple[str, float, str]]:
    """The subtitle as drawn pieces: (kind, width in px, text or colour)."""
    size = SUBTITLE_SIZE
    gap = size * 0.6
    parts: list[tuple[str, float, str]] = [("text", text_px(partner_line, size) + gap, partner_line)]
    for civilization in civilizations:
        parts.append(("dot", 14, CIVILIZATION_COLOURS.get(civilization, CIVILIZATION_COLOURS[UNKNOWN])))
        parts.append(("text", text_px(civilization, size) + gap, civilization))
    parts.append(("text", text_px("· " + count_line, size), "· " + count_line))
    return parts
