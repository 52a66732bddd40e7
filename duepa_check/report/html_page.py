"""Render check results as one self-contained HTML page, for an organizer to read and publish.

A sibling of ``sarif.py``: a pure function from results to text. Inline CSS and inline SVG
charts (``charts.render_chart``), no script, no font, no image, nothing fetched, so the page
works offline and as a mail attachment. The same results give the same bytes (no timestamp):
it can be committed and diffed.

Layout: the regulation used and the counts; a table of every deck, those that are not legal
first, each linking to its section; per deck its problems (rule, line, card, message, hint)
and its shape. Readable on a phone (tables turn into stacked rows, charts scale down) and on
paper (no links underlined, a deck is not split across a page when it fits on one).

Every text that comes from a decklist or the card data passes ``_h`` (control characters as
U+FFFD via ``wording.flat``, then ``html.escape``): the one escaping boundary, the counterpart of
``wording.flat`` for the text report. The SVG comes escaped from the chart renderer.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from html import escape
from typing import NamedTuple

from ..check.results import DeckResult, RunInfo
from ..data.cards import Card
from ..messages import Msg, msg, plural
from ..messages import text as words
from ..rules import ERROR
from .charts import CIVILIZATION_COLOURS, Text, render_chart, wording
from .wording import (
    PROBLEM_COLUMNS,
    column_titles,
    counts_line,
    data_line,
    flat,
    omitted_line,
    place_text,
    row_of,
    summary,
    summary_verdict,
    totals_line,
    unchecked_rows,
)


def _h(text: object) -> str:
    """The one escaping boundary: text from a decklist or data, made safe for HTML.

    Every character ``flat`` replaces is one ``str.isprintable`` refuses: printable text (nearly
    all of a page) skips its translate, a look-up per character of a Japanese text.
    """
    text = str(text)
    return escape(text if text.isprintable() else flat(text), quote=True)


CSS = """
:root{--ink:#1d1d1f;--soft:#55575c;--line:#d9dbde;--bad:#b3261e;--good:#1b7a34;--warn:#8a5a00;--band:#f4f5f7}
*{box-sizing:border-box}
body{margin:0 auto;max-width:1100px;padding:16px;color:var(--ink);background:#fff;line-height:1.5;
font-family:'Noto Sans CJK JP','Noto Sans JP','Hiragino Sans','Hiragino Kaku Gothic ProN','Yu Gothic','Meiryo',system-ui,sans-serif}
h1{font-size:1.6rem;margin:0 0 .25rem}h2{font-size:1.2rem;margin:0;overflow-wrap:anywhere}p{overflow-wrap:anywhere}
a{color:#1f5fbf}.meta{color:var(--soft);margin:0 0 1rem}
.counts{display:flex;flex-wrap:wrap;gap:8px;margin:0 0 1.5rem;padding:0;list-style:none}
.counts li{background:var(--band);border-radius:6px;padding:6px 12px}.counts b{font-size:1.3rem;margin-right:4px}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}
caption{text-align:left;font-weight:bold;padding:4px 0}
th,td{border-bottom:1px solid var(--line);padding:6px 8px;text-align:left;vertical-align:top;overflow-wrap:break-word}
th{background:var(--band);white-space:nowrap}td.n{text-align:right;font-variant-numeric:tabular-nums}
td.k{white-space:nowrap}td.p{overflow-wrap:anywhere;min-width:8em}
.bad{color:var(--bad);font-weight:bold}.good{color:var(--good);font-weight:bold}.warn{color:var(--warn)}
.civ{white-space:nowrap}.dot{display:inline-block;width:.7em;height:.7em;border-radius:50%;margin:0 .2em 0 .1em;vertical-align:baseline}
section.deck{border-top:2px solid var(--line);padding:1rem 0}
.hint{color:var(--soft)}
figure{margin:.5rem 0}figure svg{max-width:100%;height:auto}figcaption{font-weight:bold}
.back{font-size:.9rem}
@media (max-width:640px){
 body{padding:10px}
 table.stack thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
 table.stack,table.stack caption,table.stack tbody,table.stack tr,table.stack td{display:block;width:100%}
 table.stack tr{border-bottom:1px solid var(--line);padding:4px 0}
 table.stack td{border:0;padding:2px 4px;text-align:left}
 table.stack td::before{content:attr(data-label) ": ";color:var(--soft)}
}
@media print{
 body{max-width:none;padding:0}a{color:inherit;text-decoration:none}.back{display:none}
 section.deck,figure,tr{break-inside:avoid}*{-webkit-print-color-adjust:exact;print-color-adjust:exact}
}
""".strip()  # noqa: E501 - the page's CSS as it is written out


class _Deck(NamedTuple):
    """A result as the page shows it: its anchor number, its path escaped, its counts (each worked out once)."""

    number: int
    result: DeckResult
    path: str
    errors: int
    warnings: int
    legal: bool


def _one_sheet(results: Sequence[DeckResult]) -> bool:
    """Whether the run is the rows of one submission sheet: the page then names players, not paths."""
    return bool(results) and all(r.submission is not None for r in results) and len({r.path for r in results}) == 1


def _decks(results: Sequence[DeckResult], lang: str) -> list[_Deck]:
    decks = []
    who = "sheet.who.player" if _one_sheet(results) else None
    for number, result in enumerate(results, start=1):
        errors = result.errors
        if result.submission is None:
            path = _h(result.path)
        elif who is not None:  # "たろう (row 2)": the sheet is named once, above the table
            submission = result.submission
            key = who if submission.player is not None else "sheet.who.row"
            path = _h(words(msg(key, player=submission.player, row=submission.row), lang))
        else:
            path = _h(place_text(result, lang))  # "responses.csv, row 2 (たろう)"
        decks.append(
            _Deck(number, result, path, errors, result.warnings, result.error is None and errors == 0)
        )  # DeckResult.legal
    return decks


def _order(decks: list[_Deck]) -> list[_Deck]:
    """Unreadable and not legal first, then with warnings, then clean; in run order within each."""

    def rank(deck: _Deck) -> tuple[int, int]:
        if deck.result.error is not None:
            return (0, deck.number)
        if not deck.legal:
            return (1, deck.number)
        return (2 if deck.warnings else 3, deck.number)

    return sorted(decks, key=rank)


def _civilization_html(civilizations: Sequence[str], lang: str, known: bool = True) -> str:
    if not known:  # a partner with no card data yet: not 無色
        return f'<span class="civ">{_h(words(msg("civilization.unknown"), lang))}</span>'
    names = list(civilizations) or [words(msg("civilization.colorless"), lang)]
    return " ".join(
        f'<span class="civ"><span class="dot" style="background:'
        f'{CIVILIZATION_COLOURS.get(name, CIVILIZATION_COLOURS["unknown"])}" '
        f'aria-hidden="true"></span>{_h(name)}</span>'
        for name in names
    )


def _verdict_html(result: DeckResult, lang: str) -> str:
    verdict = _h(summary_verdict(result, lang))
    if result.legal:
        return f'<span class="good">✔ {verdict}</span>'
    return f'<span class="bad">✘ {verdict}</span>'


def _cell_start(label: str, kind: str = "") -> str:
    """A table cell's opening tag; ``kind``: n (a number), k (a key kept on one line), p (a path, broken anywhere)."""
    style = f' class="{kind}"' if kind else ""
    return f'<td{style} data-label="{_h(label)}">'


class _Pieces:
    """What the decks of one page share, in its language, put into words and escaped once per page:
    a partner's cells, a verdict, the counts, "60 cards" (keyed by what decides them): a page of
    many decks would otherwise make each of them again per deck."""

    def __init__(self, text: Text, lang: str) -> None:
        self.text, self.lang = text, lang
        self.no_partner = f'<span class="bad">{_h(text("html.no-partner"))}</span>'
        self.no_problems = f'<p class="good">{_h(text("html.no-problems"))}</p>'
        self.shape = f"<figure><figcaption>{_h(text('html.shape'))}</figcaption>"
        self.back = f'<p class="back"><a href="#decks">{_h(text("html.back"))}</a></p></section>'
        self._partners: dict[tuple, tuple[str, str, str]] = {}
        self._verdicts: dict[tuple[bool, bool, bool], str] = {}
        self._counts: dict[tuple[int, int], str] = {}
        self._cards: dict[int, str] = {}

    def partner(self, partner: Card) -> tuple[str, str, str]:
        """(name, civilizations, "partner 《NAME》 civilizations") of a partner, as HTML."""
        key = (partner.name, tuple(partner.civilizations), partner.complete)
        found = self._partners.get(key)
        if found is None:
            civilizations = _civilization_html(partner.civilizations, self.lang, partner.complete)
            who = f"{_h(self.text('html.partner', name=partner.name))} {civilizations}"
            found = (_h(partner.name), civilizations, who)
            self._partners[key] = found
        return found

    def verdict(self, deck: _Deck) -> str:
        result = deck.result
        key = (deck.legal, result.error is not None, result.submission is not None)  # what summary_verdict reads
        found = self._verdicts.get(key)
        if found is None:
            found = _verdict_html(deck.result, self.lang)
            self._verdicts[key] = found
        return found

    def counts(self, deck: _Deck) -> str:
        key = (deck.errors, deck.warnings)
        found = self._counts.get(key)
        if found is None:
            found = _h(counts_line(deck.result, self.lang))
            self._counts[key] = found
        return found

    def cards(self, count: int) -> str:
        found = self._cards.get(count)
        if found is None:
            found = _h(self.text(plural("html.cards", count), count=count))
            self._cards[count] = found
        return found


def _deck_table(ordered: list[_Deck], text: Text, pieces: _Pieces, first: str = "deck") -> str:
    columns = (first, "partner", "civilizations", "cards", "verdict", "errors", "warnings")
    labels = [text(f"column.{column}") for column in columns]
    head = "".join(f'<th scope="col">{_h(label)}</th>' for label in labels)
    kinds = ("p", "", "", "n", "k", "n", "n")
    path, name, civilizations, cards, verdict, errors, warnings = map(_cell_start, labels, kinds)
    rows = []
    for deck in ordered:
        number, result = deck.number, deck.result
        partner = result.partner
        partner_name, partner_civilizations, _ = pieces.partner(partner) if partner else ("", "", "")
        rows.append(
            f'<tr id="row-{number}">{path}<a href="#deck-{number}">{deck.path}</a></td>{name}{partner_name}</td>'
            f"{civilizations}{partner_civilizations}</td>"
            f"{cards}{result.card_count if result.error is None else ''}</td>{verdict}{pieces.verdict(deck)}</td>"
            f"{errors}{deck.errors}</td>{warnings}{deck.warnings}</td></tr>"
        )
    return (
        f'<table class="stack decks"><caption>{_h(text("html.table"))}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def _problems(result: DeckResult, text: Text, lang: str) -> str:
    columns = column_titles(PROBLEM_COLUMNS, lang)
    head = "".join(f'<th scope="col">{_h(column)}</th>' for column in columns)
    rule, line, card, problem, hint_cell = map(_cell_start, columns, ("k", "n", "", "", ""))
    rows = []
    for v in result.violations:
        message, hint = v.texts(lang)
        kind = "bad" if v.severity == ERROR else "warn"
        rows.append(
            f'<tr>{rule}<span class="{kind}" title="{_h(v.name)}">{_h(v.rule)}</span></td>'
            f"{line}{v.line if v.line else ''}</td>{card}{_h(v.card or '')}</td>{problem}{_h(message)}</td>"
            f"""{hint_cell}{f'<span class="hint">{_h(hint)}</span>' if hint else ""}</td></tr>"""
        )
    return (
        f'<table class="stack problems"><caption>{_h(text("html.problems"))}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def _section(deck: _Deck, text: Text, pieces: _Pieces, page: list[str]) -> None:
    """A deck's section, added to ``page`` (its pieces, joined once)."""
    number, result, lang = deck.number, deck.result, pieces.lang
    page.append(
        f'<section class="deck" id="deck-{number}" aria-labelledby="deck-{number}-name">'
        f'<h2 id="deck-{number}-name">{deck.path}</h2>'
    )
    if result.error is not None:
        page.append(f'<p class="bad">{_h(_unreadable_text(result, text, lang))}</p>')
    else:
        partner = result.partner
        who = pieces.partner(partner)[2] if partner else pieces.no_partner
        page.append(
            f"<p>{who} · {pieces.cards(result.card_count)} · {pieces.verdict(deck)} ({pieces.counts(deck)})</p>"
        )
        if result.config:  # the house rules this verdict was reached under
            page.append(f"<p>{_h(text('html.house-rules', config=result.config))}</p>")
        page.append(_problems(result, text, lang) if result.violations else pieces.no_problems)
        if result.omitted:
            page.append(f'<p class="warn">{_h(omitted_line(result, lang))}</p>')
        if result.stats is not None:
            page += (pieces.shape, render_chart(result.stats, lang, _row_name(result, lang)), "</figure>")
        else:  # a line that names no one card: the shape would leave it out, so the page says why none
            lines = len({v.line for v in result.violations if v.rule in NOT_ONE_CARD})
            page.append(f'<p class="warn">{_h(text(plural("html.no-chart", lines), count=lines))}</p>')
    page.append(pieces.back)


NOT_ONE_CARD = ("DP100", "DP101", "DP102")  # the rules of lines the chart cannot count

# A sheet's deck cell that cannot be checked: the section's heading already names the row and the
# player, so the reason is said alone, once ("The deck cell is empty: this deck could not be checked.").
_CELL_PROBLEMS = ("sheet.empty-cell", "sheet.cell-too-large", "sheet.cell-binary")


def _unreadable_text(result: DeckResult, text: Text, lang: str) -> str:
    error = result.error
    if result.submission is None:
        return text("html.unreadable", error=words(error, lang))
    if isinstance(error, Msg) and error.key in _CELL_PROBLEMS:
        return words(msg(f"{error.key}.alone", **error.args), lang)
    return text("html.unreadable.row", error=words(error, lang))  # a sheet's row is no file


def _row_name(result: DeckResult, lang: str) -> str | None:
    """A sheet row's chart title: the player and the row ("たろう (row 2)"); None for a deck file."""
    submission = result.submission
    if submission is None:
        return None
    key = "sheet.who.player" if submission.player is not None else "sheet.who.row"
    return words(msg(key, player=submission.player, row=submission.row), lang)


def _superseded_table(decks: list[_Deck], counted: list[_Deck], text: Text) -> str:
    """A sheet's rows superseded by the same player's later submission: who, which row, by which."""
    columns = ("player", "row", "submitted-at", "superseded-by")
    labels = [text(f"column.{column}") for column in columns]
    head = "".join(f'<th scope="col">{_h(label)}</th>' for label in labels)
    player, row, submitted, by = map(_cell_start, labels, ("p", "n", "k", "n"))
    numbers: dict[tuple[str, int | None], int] = {
        (d.result.path, d.result.submission.row): d.number for d in counted if d.result.submission is not None
    }
    rows = []
    for deck in decks:
        submission = row_of(deck.result)
        later = numbers.get((deck.result.path, submission.superseded_by))
        link = f'<a href="#row-{later}">{submission.superseded_by}</a>' if later else str(submission.superseded_by)
        rows.append(
            f"<tr>{player}{_h(submission.player or text('html.no-player'))}</td>{row}{submission.row}</td>"
            f"{submitted}{_h(submission.submitted_at or '')}</td>"
            f"{by}{link}</td></tr>"
        )
    return (
        f'<table class="stack superseded" id="superseded"><caption>{_h(text("html.superseded"))}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


TILES = ("decks", "legal", "not_legal", "errors", "warnings", "unreadable")  # summary keys, in order
_COUNTED = ("decks", "errors", "warnings")  # "1 deck" / "2 decks": catalogue .one/.other keys


def _tile_key(key: str, count: int) -> str:
    name = f"html.tile.{key.replace('_', '-')}"
    return plural(name, count) if key in _COUNTED else name


def render_html(results: Sequence[DeckResult], info: RunInfo) -> str:
    """The whole report as one HTML document in ``info.lang`` (deterministic: no clock is read)."""
    return "".join(html_pieces(results, info))


def html_pieces(results: Sequence[DeckResult], info: RunInfo) -> Iterator[str]:
    """``render_html``'s document in pieces, written as they come: the page's head and tables, then
    one deck's section (its chart drawn then) at a time: made whole before writing, a page of tens of
    thousands of decks held all of its text in memory at once."""
    lang = info.lang
    text = wording(lang)
    decks = _decks(results, lang)
    totals = summary(results)
    counts = {**totals, "not_legal": totals["decks"] - totals["legal"] - totals["unreadable"]}
    unchecked = unchecked_rows(results) if totals["unreadable"] else 0
    if unchecked:  # a sheet's rows that could not be checked are no unreadable files
        counts["unreadable"] -= unchecked
        counts["unchecked"] = unchecked
        if not counts["unreadable"]:
            del counts["unreadable"]
    superseded = [d for d in decks if not d.result.counted]
    if superseded:  # a sheet's earlier submissions: listed on their own, left out of the counts
        gone = {d.number for d in superseded}
        decks = [d for d in decks if d.number not in gone]
        counts["superseded"] = len(superseded)
    tiles = "".join(
        f'<li id="count-{key}"><b>{counts[key]}</b> {_h(text(_tile_key(key, counts[key])))}</li>'
        for key in (*TILES, "unchecked", "superseded")
        if key in counts
    )
    ordered = _order(decks)
    pieces = _Pieces(text, lang)
    totals_text = _h(totals_line(results, lang))
    one_sheet = _one_sheet(results)  # an organizer's page of one sheet: its name once, then players
    sheet = f'<p id="sheet">{_h(text("html.sheet", path=results[0].path))}</p>' if one_sheet else ""
    page = [
        f'<!DOCTYPE html><html lang="{_h(text("html.lang"))}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width,initial-scale=1">',
        f"<title>{_h(text('html.title', heading=text('html.heading'), totals=totals_line(results, lang)))}</title>",
        f"<style>{CSS}</style></head><body>",
        f"<header><h1>{_h(text('html.heading'))}</h1>{sheet}",
        f'<p class="meta" id="regulation">{_h(data_line(info))}</p>',
        f'<p id="totals">{totals_text}</p>',
        f'<ul class="counts" aria-label="{_h(text("html.counts"))}">{tiles}</ul></header>',
        f'<main><div id="decks">{_deck_table(ordered, text, pieces, "player" if one_sheet else "deck")}</div>',
    ]
    if superseded:
        page.append(_superseded_table(superseded, decks, text))
    yield "".join(page)
    for deck in ordered:
        section: list[str] = []
        _section(deck, text, pieces, section)
        yield "".join(section)
    yield "</main></body></html>\n"
