"""The HTML report and its charts as main drew them before they were made cheap (2ad8fa3..702e2b7):
the plain reading that tests/test_html_fast_paths.py compares the fast code with.

The drawing code of ``charts.render_chart`` and ``html_report.render_html`` as it was, with no
cache anywhere: every word looked up in the catalogue, every piece drawn, every text escaped
and measured character by character when it is met. Only constants and ``_em`` (one
character's width) come from the package.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from duepa_check.charts import (
    BAR_MAX,
    BAR_WIDTH,
    CIVILIZATION_COLOURS,
    CURVE_COLOUR,
    FONT_FAMILY,
    HEADING_SIZE,
    INK,
    LABEL_SIZE,
    MAX_LABEL_PX,
    MAX_LINE_PX,
    PAD,
    PLOT_HEIGHT,
    ROW,
    ROW_BAR,
    RULE_INK,
    SLOT,
    SOFT_INK,
    SUBTITLE_SIZE,
    TITLE_SIZE,
    TYPE_COLOUR,
    _INVISIBLE,
    _em,
)
from duepa_check.html_report import CSS, TILES, _tile_key
from duepa_check.messages import msg, plural
from duepa_check.messages import text as words
from duepa_check.report import (
    PROBLEM_COLUMNS,
    _columns,
    _counts,
    _data_line,
    _summary_verdict,
    _totals_line,
    flat,
    omitted_line,
    summary,
)
from duepa_check.rules import ERROR
from duepa_check.stats import COLORLESS, UNKNOWN

# ---------------------------------------------------------------------------- charts.py


def _x(text):
    return escape(text.translate(_INVISIBLE), quote=True)


def text_px(text, size):
    return size * sum(_em(char) for char in text)


def fit(text, size, room):
    if text_px(text, size) <= room:
        return text
    budget = room / size - 1.0
    out, used = [], 0.0
    for char in text:
        width = _em(char)
        if used + width > budget:
            break
        out.append(char)
        used += width
    return "".join(out) + "…"


def _n(value):
    return str(round(value))


def wording(lang):
    return lambda key, **fields: words(msg(key, **fields), lang)


def _cards(text, count):
    return text(plural("chart.cards", count), count=count)


def _bar_words(lang, key, label, count):
    text = wording(lang)
    field = "bucket" if key == "chart.cost-bar" else "label"
    return text(key, **{field: label, "cards": _cards(text, count)})


def _text(x, y, content, size, anchor="start", fill=INK, bold=False):
    attributes = f'x="{_n(x)}" y="{_n(y)}" font-size="{size}"'
    if anchor != "start":
        attributes += f' text-anchor="{anchor}"'
    if fill != INK:
        attributes += f' fill="{fill}"'
    if bold:
        attributes += ' font-weight="bold"'
    return f"<text {attributes}>{_x(content)}</text>"


def _bar(label, rect, fill, count_text):
    x, y, width, height = rect
    return (
        f'<g role="listitem" aria-label="{_x(label)}"><title>{_x(label)}</title>'
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(width)}" height="{_n(height)}" fill="{fill}"/>'
        f"{count_text}</g>"
    )


def _bucket_label(bucket, text):
    return text("chart.unknown") if bucket == UNKNOWN else bucket


def _row_label(label, text):
    return text("chart.unknown") if label == UNKNOWN else label


def render_chart(stats, lang="en"):
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

    parts = []
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

    y += 14 + HEADING_SIZE + 4
    parts.append(_text(PAD, y, text("chart.curve"), HEADING_SIZE, bold=True))
    top = y + 8 + LABEL_SIZE + 4
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


def _subtitle_parts(partner_line, civilizations, count_line):
    size = SUBTITLE_SIZE
    gap = size * 0.6
    parts = [("text", text_px(partner_line, size) + gap, partner_line)]
    for civilization in civilizations:
        parts.append(("dot", 14, CIVILIZATION_COLOURS.get(civilization, CIVILIZATION_COLOURS[UNKNOWN])))
        parts.append(("text", text_px(civilization, size) + gap, civilization))
    parts.append(("text", text_px("· " + count_line, size), "· " + count_line))
    return parts


# ---------------------------------------------------------------------------- html_report.py


def _h(text):
    return escape(flat(str(text)), quote=True)


def _order(results):
    def rank(item):
        number, result = item
        if result.error is not None:
            return (0, number)
        if not result.legal:
            return (1, number)
        return (2 if result.warnings else 3, number)

    return sorted(enumerate(results, start=1), key=rank)


def _civilization_html(civilizations, lang):
    names = list(civilizations) or [words(msg("civilization.colorless"), lang)]
    return " ".join(
        f'<span class="civ"><span class="dot" style="background:'
        f'{CIVILIZATION_COLOURS.get(name, CIVILIZATION_COLOURS["unknown"])}" aria-hidden="true"></span>{_h(name)}</span>'
        for name in names
    )


def _verdict_html(result, lang):
    verdict = _h(_summary_verdict(result, lang))
    if result.legal:
        return f'<span class="good">✔ {verdict}</span>'
    return f'<span class="bad">✘ {verdict}</span>'


def _cell(label, content, kind=""):
    style = f' class="{kind}"' if kind else ""
    return f'<td{style} data-label="{_h(label)}">{content}</td>'


def _deck_table(ordered, text, lang):
    columns = ("deck", "partner", "civilizations", "cards", "verdict", "errors", "warnings")
    labels = [text(f"column.{column}") for column in columns]
    head = "".join(f'<th scope="col">{_h(label)}</th>' for label in labels)
    rows = []
    for number, result in ordered:
        partner = result.partner
        cells = [
            f'<a href="#deck-{number}">{_h(result.path)}</a>',
            _h(partner.name) if partner else "",
            _civilization_html(partner.civilizations, lang) if partner else "",
            str(result.card_count) if result.error is None else "",
            _verdict_html(result, lang),
            str(result.errors),
            str(result.warnings),
        ]
        kinds = ("p", "", "", "n", "k", "n", "n")
        row = "".join(_cell(label, cell, kind) for label, cell, kind in zip(labels, cells, kinds))
        rows.append(f'<tr id="row-{number}">{row}</tr>')
    return (
        f'<table class="stack decks"><caption>{_h(text("html.table"))}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def _problems(result, text, lang):
    if not result.violations:
        return f'<p class="good">{_h(text("html.no-problems"))}</p>'
    head = "".join(f'<th scope="col">{_h(column)}</th>' for column in _columns(PROBLEM_COLUMNS, lang))
    rows = []
    for v in result.violations:
        message, hint = v.texts(lang)
        kind = "bad" if v.severity == ERROR else "warn"
        cells = (
            f'<span class="{kind}" title="{_h(v.name)}">{_h(v.rule)}</span>',
            str(v.line) if v.line else "",
            _h(v.card or ""),
            _h(message),
            f'<span class="hint">{_h(hint)}</span>' if hint else "",
        )
        kinds = ("k", "n", "", "", "")
        row = "".join(_cell(label, cell, kind) for label, cell, kind in zip(_columns(PROBLEM_COLUMNS, lang), cells, kinds))
        rows.append(f"<tr>{row}</tr>")
    return (
        f'<table class="stack problems"><caption>{_h(text("html.problems"))}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def _section(number, result, text, lang):
    parts = [f'<section class="deck" id="deck-{number}" aria-labelledby="deck-{number}-name">',
             f'<h2 id="deck-{number}-name">{_h(result.path)}</h2>']
    if result.error is not None:
        parts.append(f'<p class="bad">{_h(text("html.unreadable", error=words(result.error, lang)))}</p>')
    else:
        partner = result.partner
        who = (f"{_h(text('html.partner', name=partner.name))} {_civilization_html(partner.civilizations, lang)}"
               if partner else f'<span class="bad">{_h(text("html.no-partner"))}</span>')
        cards = text(plural("html.cards", result.card_count), count=result.card_count)
        parts.append(f"<p>{who} · {_h(cards)} · {_verdict_html(result, lang)} ({_h(_counts(result, lang))})</p>")
        if result.config:
            parts.append(f"<p>{_h(text('html.house-rules', config=result.config))}</p>")
        parts.append(_problems(result, text, lang))
        if result.omitted:
            parts.append(f'<p class="warn">{_h(omitted_line(result, lang))}</p>')
        if result.stats is not None:
            parts.append(f'<figure><figcaption>{_h(text("html.shape"))}</figcaption>'
                         f"{render_chart(result.stats, lang)}</figure>")
    parts.append(f'<p class="back"><a href="#decks">{_h(text("html.back"))}</a></p></section>')
    return "".join(parts)


def render_html(results, info):
    lang = info.lang
    text = wording(lang)
    totals = summary(results)
    counts = {**totals, "not_legal": totals["decks"] - totals["legal"] - totals["unreadable"]}
    tiles = "".join(
        f'<li id="count-{key}"><b>{counts[key]}</b> {_h(text(_tile_key(key, counts[key])))}</li>'
        for key in TILES
    )
    ordered = _order(results)
    return "".join([
        f'<!DOCTYPE html><html lang="{_h(text("html.lang"))}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width,initial-scale=1">',
        f"<title>{_h(text('html.heading'))}: {_h(_totals_line(results, lang))}</title>",
        f"<style>{CSS}</style></head><body>",
        f'<header><h1>{_h(text("html.heading"))}</h1>',
        f'<p class="meta" id="regulation">{_h(_data_line(info))}</p>',
        f'<p id="totals">{_h(_totals_line(results, lang))}</p>',
        f'<ul class="counts" aria-label="{_h(text("html.counts"))}">{tiles}</ul></header>',
        f'<main><div id="decks">{_deck_table(ordered, text, lang)}</div>',
        *(_section(number, result, text, lang) for number, result in ordered),
        "</main></body></html>\n",
    ])
