"""A deck's shape as a picture: plain SVG written here, standard library only.

Why our own: rich's SVG export is a picture of the terminal whose text runs carry a
``textLength`` counted in characters, so a browser squeezes every Japanese label to half its
width. Here every label is real ``<text>`` (selectable, searchable) with no ``textLength``,
and the layout measures text by display width (an East Asian wide character is two cells,
1 em; a narrow one gets a generous 0.65 em), so a label never runs into its bar in whatever
font the reader has (tests/report/test_charts.py measures this in Chromium).

``render_chart(stats, text)`` is a pure function: the same stats give the same bytes. It is
used by ``stats --svg`` and, inline, by the HTML report, so it uses no element ids (a page
holds many charts). Every string that comes from a decklist or the card data passes ``_x``
(control characters shown as U+FFFD, then XML escaping) on its way out: that is the one
escaping point of this module. Every word comes from the message catalogue (``chart.*`` keys)
in the language asked for.
"""

from __future__ import annotations

import functools
import os
import unicodedata
from collections.abc import Callable, Sequence
from html import escape as _escape
from pathlib import Path

from ..analysis.stats import COLORLESS, UNKNOWN, DeckStats
from ..messages import DEFAULT_LANG, msg, plural
from ..messages import text as words
from ..printable import BIDI_CONTROLS

Text = Callable[..., str]  # text(key, **fields) -> words: a catalogue lookup in one language

FONT_FAMILY = (
    "'Noto Sans CJK JP','Noto Sans JP','Hiragino Sans','Hiragino Kaku Gothic ProN','Yu Gothic','Meiryo',sans-serif"
)
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
    code: "\ufffd"
    for code in (*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029, 0xFFFE, 0xFFFF, *range(0xD800, 0xE000))
}
# Bidi controls would reorder a label: named as ``printable`` names them (``\u202e``), as the report does.
_INVISIBLE.update({ord(control): f"\\u{ord(control):04x}" for control in BIDI_CONTROLS})


def clean(text: str) -> str:
    """The text as it can be shown: every control character (and what XML forbids) as U+FFFD.

    Each character _INVISIBLE replaces is one ``str.isprintable`` refuses, so printable text (a
    report's every label, nearly) is returned as it is, without translate's look-up per character.
    """
    if text.isprintable():
        return text
    return text.translate(_INVISIBLE)


def _xml(text: str) -> str:
    """Text or attribute value for the SVG: cleaned, then escaped (& < > " ')."""
    return _escape(clean(text), quote=True)


_x = functools.lru_cache(maxsize=4096)(_xml)  # labels repeat from deck to deck: a 1,000-deck report escapes each once


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


@functools.lru_cache(maxsize=4096)
def _ems(text: str) -> float:
    return sum(map(_EM_OF.__getitem__, text))  # the same floats added in the same order as _em char by char


class _EmOf(dict):
    """char -> _em(char), each character worked out once (a report's titles are all different)."""

    def __missing__(self, char: str) -> float:
        found = self[char] = _em(char)
        return found


_EM_OF = _EmOf()


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


@functools.lru_cache(maxsize=8192)  # "cost 3: 8 cards" and the headings recur in every chart of a report
def _said(lang: str, key: str, fields: tuple) -> str:
    return words(msg(key, **dict(fields)), lang)


def _cards(text: Text, count: int) -> str:
    return text(plural("chart.cards", count), count=count)


@functools.lru_cache(maxsize=8192)
def _bar_words(lang: str, key: str, label: str, count: int) -> str:
    """What a bar says to a screen reader: "cost 3: 8 cards", "火: 45 cards"."""
    text = wording(lang)
    field = "bucket" if key == "chart.cost-bar" else "label"
    return text(key, **{field: label, "cards": _cards(text, count)})


# Charts of a report repeat the same small pieces (a bucket label in its slot, "3" on a bar of the
# same height): each is made once, and the larger pieces below are made of them.
@functools.lru_cache(maxsize=16384)
def _text(
    x: float, y: float, content: str, size: int, anchor: str = "start", fill: str = INK, bold: bool = False
) -> str:
    attributes = f'x="{_n(x)}" y="{_n(y)}" font-size="{size}"'
    if anchor != "start":
        attributes += f' text-anchor="{anchor}"'
    if fill != INK:
        attributes += f' fill="{fill}"'
    if bold:
        attributes += ' font-weight="bold"'
    return f"<text {attributes}>{_x(content)}</text>"


def _bar(label: str, rect: tuple[float, float, float, float], fill: str, count_text: str) -> str:
    """One bar for screen readers and mouse hover (aria-label, <title>), its rect and its count."""
    x, y, width, height = rect
    return (
        f'<g role="listitem" aria-label="{_x(label)}"><title>{_x(label)}</title>'
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(width)}" height="{_n(height)}" fill="{fill}"/>'
        f"{count_text}</g>"
    )


def deck_name(path: str) -> str:
    """The file name a chart is titled with: ``Path(path).name``, else the path as given.

    A report names a thousand decks, and pathlib parsed each path again. When the
    last part after a ``/`` is a name, it is the name pathlib finds on POSIX; other paths (``.``
    or empty last parts, Windows separators) still ask pathlib.
    """
    name = path.rpartition("/")[2]
    if name and name != "." and _POSIX:
        return name
    return Path(path).name or path


_POSIX = os.sep == "/" and os.altsep is None


# A report's charts are made of the same larger pieces too: a cost slot with the same count under
# the same tallest bar, a civilization row at the same height in the same column, the subtitle of
# the same partner. Each is drawn once (the cached functions below, keyed by everything that goes
# into it), so a chart mostly joins pieces already drawn (what each memo buys: benchmarks/README.md).


@functools.lru_cache(maxsize=8)
def _chart_words(lang: str) -> tuple[str, str, str, str, float]:
    """Headings of one language: curve, civilizations, types, "unknown"; the curve heading's width."""
    text = wording(lang)
    curve = text("chart.curve")
    return curve, text("chart.civilizations"), text("chart.types"), text("chart.unknown"), text_px(curve, HEADING_SIZE)


@functools.lru_cache(maxsize=256)
def _subtitle(
    lang: str, partner_name: str | None, partner_civilizations: tuple[str, ...], card_count: int
) -> tuple[str, float, str, str, str]:
    """The line under the title, drawn: (its pieces, its width, the partner line, the partner's
    civilizations in words, the card count line): what the summary says too."""
    text = wording(lang)
    if partner_name is not None:
        partner_line = text("chart.partner", partner=f"《{partner_name}》")
    else:
        partner_line = text("chart.no-partner")
    civilizations = list(partner_civilizations) or ([COLORLESS] if partner_name is not None else [])
    count_line = _cards(text, card_count)
    pieces = _subtitle_parts(partner_line, civilizations, count_line)
    drawn = []
    y = PAD + TITLE_SIZE + 8 + SUBTITLE_SIZE
    x: float = PAD
    for kind, part_width, value in pieces:
        if x - PAD + part_width > MAX_LINE_PX:
            break
        if kind == "dot":
            drawn.append(f'<circle cx="{_n(x + 5)}" cy="{_n(y - SUBTITLE_SIZE * 0.35)}" r="5" fill="{value}"/>')
        else:
            drawn.append(_text(x, y, value, SUBTITLE_SIZE, fill=SOFT_INK))
        x += part_width
    return "".join(drawn), sum(width for _, width, _ in pieces), partner_line, " ".join(civilizations), count_line


# The curve sits at fixed heights: under the title, the subtitle and its heading.
CURVE_HEADING_Y = PAD + TITLE_SIZE + 8 + SUBTITLE_SIZE + 14 + HEADING_SIZE + 4
CURVE_BASE = CURVE_HEADING_Y + 8 + LABEL_SIZE + 4 + PLOT_HEIGHT  # room for the tallest bar's count on top


@functools.lru_cache(maxsize=64)
def _curve_frame(lang: str, buckets: tuple[str, ...]) -> tuple[tuple[str, ...], float, str, str]:
    """What a curve of these buckets draws around its bars: (the bucket labels, the slot width,
    the heading and the list's start, the list's end and the base line)."""
    heading, _, _, unknown, _ = _chart_words(lang)
    labels = tuple(unknown if bucket == UNKNOWN else bucket for bucket in buckets)
    slot = max(SLOT, *(text_px(label, LABEL_SIZE) + 8 for label in labels)) if labels else SLOT
    start = (
        _text(PAD, CURVE_HEADING_Y, heading, HEADING_SIZE, bold=True) + f'<g role="list" aria-label="{_x(heading)}">'
    )
    end = (
        f'</g><line x1="{_n(PAD)}" y1="{_n(CURVE_BASE)}" x2="{_n(PAD + len(labels) * slot)}" y2="{_n(CURVE_BASE)}" '
        f'stroke="{RULE_INK}"/>'
    )
    return labels, slot, start, end


@functools.lru_cache(maxsize=8192)
def _curve_slot(lang: str, index: int, slot: float, label: str, count: int, tallest: int) -> str:
    """One cost slot: its bar (with the count on top) and the bucket label under it."""
    centre = PAD + index * slot + slot / 2
    height = PLOT_HEIGHT * count / tallest if tallest else 0
    count_text = _text(
        centre, CURVE_BASE - height - 4, str(count), LABEL_SIZE, anchor="middle", fill=INK if count else SOFT_INK
    )
    return _bar(
        _bar_words(lang, "chart.cost-bar", label, count),
        (centre - BAR_WIDTH / 2, CURVE_BASE - height, BAR_WIDTH, height),
        CURVE_COLOUR,
        count_text,
    ) + _text(centre, CURVE_BASE + 4 + LABEL_SIZE, label, LABEL_SIZE, anchor="middle", fill=SOFT_INK)


@functools.lru_cache(maxsize=8192)
def _row(lang: str, y: int, label: str, count: int, colour: str, label_column: float, largest_row: int) -> str:
    """One horizontal bar at height ``y``: its label, the bar, its count."""
    length = BAR_MAX * count / largest_row if largest_row else 0
    middle = y + ROW / 2
    count_text = _text(PAD + label_column + length + 6, middle + LABEL_SIZE * 0.35, str(count), LABEL_SIZE)
    return _text(PAD, middle + LABEL_SIZE * 0.35, fit(label, LABEL_SIZE, label_column - 10), LABEL_SIZE) + _bar(
        _bar_words(lang, "chart.row-bar", label, count),
        (PAD + label_column, middle - ROW_BAR / 2, length, ROW_BAR),
        colour,
        count_text,
    )


@functools.lru_cache(maxsize=256)
def _rows_start(heading: str, y: int) -> str:
    return _text(PAD, y, heading, HEADING_SIZE, bold=True) + f'<g role="list" aria-label="{_x(heading)}">'


# What holds words of the catalogue (tests that swap the catalogue empty them).
WORD_CACHES = (_said, _bar_words, _chart_words, _subtitle, _curve_frame, _curve_slot, _row, _rows_start)


@functools.lru_cache(maxsize=1024)
def _label_column(labels: tuple[str, ...]) -> float:
    """How wide the label column of these row labels is (the decks of a report share a few sets)."""
    return min(MAX_LABEL_PX, max((text_px(label, LABEL_SIZE) for label in labels), default=0)) + 10


def render_chart(stats: DeckStats, lang: str = DEFAULT_LANG, name: str | None = None) -> str:
    """The deck's shape as one ``<svg>`` element: title, mana curve, civilizations, types, totals.

    The title names the deck by its file (``deck_name``), or by ``name`` when the file is not the
    deck's own: a sheet's row is a player's deck ("たろう (row 2)"), not the sheet."""
    text = wording(lang)
    _, civilizations_heading, types_heading, unknown, curve_heading_px = _chart_words(lang)
    deck = name if name is not None else deck_name(stats.path)
    subtitle, subtitle_width, partner_line, civilizations, count_line = _subtitle(
        lang, stats.partner_name, tuple(stats.partner_civilizations), stats.card_count
    )
    average = f"{stats.average_cost:.2f}" if stats.average_cost is not None else "-"
    totals = text("chart.totals", average=average, twinpacts=stats.twinpacts, multicolor=stats.multicolor)

    curve = stats.curve
    labels, slot, curve_start, curve_end = _curve_frame(lang, tuple(curve))
    counts = tuple(curve.values())
    civ_rows = [
        (unknown if c == UNKNOWN else c, count, CIVILIZATION_COLOURS.get(c, CIVILIZATION_COLOURS[UNKNOWN]))
        for c, count in stats.civilizations.items()
    ]
    type_rows = [(unknown if kind == UNKNOWN else kind, count, TYPE_COLOUR) for kind, count in stats.types.items()]

    # Widths first: every piece of text is given the room its display width needs.
    label_column = _label_column(tuple([label for label, _, _ in civ_rows + type_rows]))
    largest_row = max((count for _, count, _ in civ_rows + type_rows), default=0)
    rows_width = label_column + BAR_MAX + 6 + text_px(str(largest_row), LABEL_SIZE)
    content = max(
        len(labels) * slot,
        rows_width,
        min(MAX_LINE_PX, text_px(deck, TITLE_SIZE)),
        min(MAX_LINE_PX, subtitle_width),
        text_px(totals, LABEL_SIZE),
        curve_heading_px,
    )
    width = PAD * 2 + content

    # Mana curve: vertical bars, the count on top of each, the bucket under it.
    tallest = max(counts, default=0)
    parts = [_text(PAD, PAD + TITLE_SIZE, fit(deck, TITLE_SIZE, content), TITLE_SIZE, bold=True), subtitle, curve_start]
    parts += [
        _curve_slot(lang, index, slot, label, count, tallest)
        for index, (label, count) in enumerate(zip(labels, counts))
    ]
    parts.append(curve_end)
    y = CURVE_BASE + 4 + LABEL_SIZE

    # Civilizations and card types: horizontal bars after a label column as wide as the widest label.
    for heading, rows in ((civilizations_heading, civ_rows), (types_heading, type_rows)):
        y += 18 + HEADING_SIZE
        parts.append(_rows_start(heading, y))
        y += 6
        for label, count, colour in rows:
            parts.append(_row(lang, y, label, count, colour, label_column, largest_row))
            y += ROW
        parts.append("</g>")

    y += 14 + LABEL_SIZE
    parts.append(_text(PAD, y, totals, LABEL_SIZE, fill=SOFT_INK))
    height = y + PAD

    title = words(msg("chart.title", deck=deck), lang)  # a deck's own: not kept in _said's cache
    summary = f"{title}. {partner_line} {civilizations}, {count_line}. {totals}"
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}" height="{_n(height)}" '
        f'viewBox="0 0 {_n(width)} {_n(height)}" role="group" aria-label="{_xml(summary)}" '
        f'font-family="{FONT_FAMILY}">'
        f"<title>{_xml(title)}</title>"  # these two are the deck's own: escaped, not cached
        f'<rect width="100%" height="100%" fill="#fff"/>'
    )
    return "".join([head, *parts, "</svg>"])  # one join: each piece is copied once


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
