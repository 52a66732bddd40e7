"""`check --format html`: the organizer's page — what it says, that it is self-contained and safe, in a browser.

The page is read back with the standard library's HTML parser (and, in the browser tests, by
Chromium's DOM) and compared with `--format json` of the same run: every deck named, counts
equal, the same problems on the same lines.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from datetime import date
from html.parser import HTMLParser
from pathlib import Path

import pytest
from browser_support import browser, needs_chromium, probe
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import AS_OF, BD4, BD6, BROKEN, DECKS, make_deck, run, table_rows

from duepa_check.analysis.stats import DeckStats
from duepa_check.check.checker import DeckResult
from duepa_check.check.results import RunInfo
from duepa_check.data.cards import Card, Face
from duepa_check.report.html_page import render_html
from duepa_check.report.wording import flat
from duepa_check.rules import Violation

SNAPSHOTS = Path(__file__).parent / "snapshots"
VOID = {"meta", "br", "img", "link", "input", "hr", "col", "area", "base", "embed", "source", "track", "wbr"}


class Node:
    def __init__(self, tag: str, attrs: dict[str, str | None]) -> None:
        self.tag, self.attrs, self.children = tag, attrs, []

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def all(self, tag: str | None = None, **attrs: str) -> list[Node]:
        found = []
        for child in self.children:
            if isinstance(child, Node):
                if (tag is None or child.tag == tag) and all(
                    value in (child.attrs.get(key.rstrip("_")) or "").split() for key, value in attrs.items()
                ):
                    found.append(child)
                found.extend(child.all(tag, **attrs))
        return found

    def by_id(self, identifier: str) -> Node:
        return next(node for node in self.all() if node.attrs.get("id") == identifier)


class TreeBuilder(HTMLParser):
    """A small DOM: enough to read the report's tables, sections and charts."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {})
        self.stack = [self.root]
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        node = Node(tag, dict(attrs))
        self.tags.append((tag, node.attrs))
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        node = Node(tag, dict(attrs))
        self.tags.append((tag, node.attrs))
        self.stack[-1].children.append(node)

    def handle_endtag(self, tag):
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return
        raise AssertionError(f"</{tag}> closes nothing")

    def handle_data(self, data):
        self.stack[-1].children.append(data)


def parse(document: str) -> TreeBuilder:
    builder = TreeBuilder()
    builder.feed(document)
    builder.close()
    assert builder.stack == [builder.root], [n.tag for n in builder.stack]  # every element closed
    return builder


@pytest.fixture
def folder(tmp_path):
    """Submissions: the six product decks, one with three problems, one file that is no decklist."""
    submissions = tmp_path / "submissions"
    submissions.mkdir()
    for deck in DECKS.glob("*.txt"):
        shutil.copy(deck, submissions / deck.name)
    make_deck(submissions, BD4, replace=BROKEN, name="broken.txt")
    (submissions / "unreadable.txt").write_bytes(b"\x00\x01\x02\xff\xfe binary")
    return submissions


def report_and_json(capsys, *args):
    html = run(capsys, *args, "--format", "html", "--as-of", AS_OF)
    data = run(capsys, *args, "--format", "json", "--as-of", AS_OF)
    assert html.code == data.code and "Traceback" not in html.err
    return html, data.json


# ---------------------------------------------------------------------------- what the page says


def test_page_of_a_folder_says_what_the_json_says(capsys, folder):
    html, data = report_and_json(capsys, folder)
    assert html.code == 2  # an unreadable file, as with every format (and said on stderr)
    assert "unreadable.txt" in html.err
    page = parse(html.out).root

    summary = data["summary"]
    tiles = {
        node.attrs["id"][len("count-") :]: int(node.all("b")[0].text())
        for node in page.all("li")
        if node.attrs.get("id", "").startswith("count-")
    }
    assert tiles == {**summary, "not_legal": summary["decks"] - summary["legal"] - summary["unreadable"]}
    assert (
        page.by_id("regulation").text()
        == f"regulation as of {AS_OF} (data up to {data['regulation']['data_date']}, embedded)"
    )

    table = page.all("table", class_="decks")[0]
    assert [th.attrs.get("scope") for th in table.all("th")] == ["col"] * 7
    rows = table.all("tbody")[0].all("tr")
    by_path = {deck["path"]: deck for deck in data["decks"]}
    shown = [row.all("a")[0].text() for row in rows]
    assert sorted(shown) == sorted(by_path)  # every deck, once
    # unreadable first, then not legal, then legal; within each, the order of the run
    rank = [0 if by_path[p].get("error") else 1 if not by_path[p]["legal"] else 2 for p in shown]
    assert rank == sorted(rank) and rank[:2] == [0, 1]
    assert shown[1].endswith("DM24-BD5.txt") or shown[1].endswith("broken.txt")
    for row in rows:
        cells = [td.text() for td in row.all("td")]
        deck = by_path[cells[0]]
        assert cells[1] == (deck["partner"]["name"] if deck["partner"] else "")
        assert cells[3] == ("" if deck.get("error") else str(deck["card_count"]))
        assert cells[4].endswith("legal" if deck["legal"] else ("unreadable" if deck.get("error") else "not legal"))
        assert (int(cells[5]), int(cells[6])) == (
            sum(v["severity"] == "error" for v in deck["violations"]),
            sum(v["severity"] == "warning" for v in deck["violations"]),
        )
        href = row.all("a")[0].attrs["href"]
        section = page.by_id(href[1:])  # each row links to its deck's section
        assert section.tag == "section" and section.all("h2")[0].text() == cells[0]
        problems = [
            [td.text() for td in tr.all("td")]
            for table in section.all("table", class_="problems")
            for tr in table.all("tbody")[0].all("tr")
        ]
        assert [(p[0], int(p[1]) if p[1] else None, p[2] or None, p[3], p[4]) for p in problems] == [
            (v["rule"], v["line"], v["card"], v["message"], v["hint"]) for v in deck["violations"]
        ]
        charts = section.all("svg")
        if deck.get("error") or any(v["rule"] in ("DP100", "DP101", "DP102") for v in deck["violations"]):
            assert charts == []  # as `stats`: a shape is drawn only when every line is a card
        else:
            assert len(charts) == 1 and charts[0].attrs["aria-label"].startswith(Path(cells[0]).name)


def test_charts_are_the_stats_charts(capsys, folder, tmp_path):
    page = parse(run(capsys, folder / BD4, "--format", "html", "--as-of", AS_OF).out)
    svg = tmp_path / "bd4.svg"
    run(capsys, "stats", folder / BD4, "--svg", svg, "--format", "json")
    assert svg.read_text(encoding="utf-8").strip() in run(capsys, folder / BD4, "--format", "html").out
    assert len(page.root.all("svg")) == 1 and page.root.all("figcaption")[0].text() == "Shape"


def test_same_problems_as_the_plain_report(capsys, tmp_path):
    broken = make_deck(tmp_path, BD4, replace=BROKEN, name="broken.txt")
    legal = make_deck(tmp_path, BD6, name="legal.txt")
    plain = run(capsys, broken, legal, "--as-of", AS_OF, "--format", "table").out
    page = parse(run(capsys, broken, legal, "--as-of", AS_OF, "--format", "html").out).root
    problems = [
        tuple(td.text() for td in tr.all("td"))
        for table in page.all("table", class_="problems")
        for tr in table.all("tbody")[0].all("tr")
    ]
    plain_problems = [tuple(row) for row in table_rows(plain) if re.fullmatch(r"DP\d{3}", row[0])]
    assert problems == plain_problems and len(problems) >= 3


def test_self_contained_and_deterministic(capsys, folder):
    first = run(capsys, folder, "--format", "html", "--as-of", AS_OF).out
    assert first == run(capsys, folder, "--format", "html", "--as-of", AS_OF).out
    builder = parse(first)
    tags = {tag for tag, _ in builder.tags}
    assert not tags & {"script", "link", "img", "iframe", "object", "embed", "image", "use", "foreignobject"}
    for tag, attrs in builder.tags:
        assert not any(name.startswith("on") or name in ("src", "srcset") for name in attrs), (tag, attrs)
        if "href" in attrs:
            assert attrs["href"].startswith("#"), attrs
    style = builder.root.all("style")[0].text()
    assert "url(" not in style and "@import" not in style and "@font-face" not in style
    assert builder.root.all("html")[0].attrs["lang"] == "en"
    assert '<meta name="viewport" content="width=device-width,initial-scale=1">' in first
    assert "@media print" in style and "@media (max-width:640px)" in style


def test_snapshot_of_the_broken_deck(capsys, tmp_path, monkeypatch):
    """One whole page, pinned: refresh with DUEPA_UPDATE_SNAPSHOTS=1 after a deliberate change, then read the diff."""
    monkeypatch.chdir(tmp_path)
    make_deck(tmp_path, BD4, replace=BROKEN, name="broken.txt")
    page = run(capsys, "broken.txt", "--format", "html", "--as-of", AS_OF).out
    snapshot = SNAPSHOTS / "check_broken.html"
    if os.environ.get("DUEPA_UPDATE_SNAPSHOTS"):
        snapshot.write_text(page, encoding="utf-8")
    assert page == snapshot.read_text(encoding="utf-8")


def test_html_does_not_import_rich(tmp_path):
    deck = make_deck(tmp_path, BD4, replace=BROKEN)
    code = (
        "import sys\n"
        "from duepa_check.cli import main\n"
        f"status = main(['--as-of', '{AS_OF}', '--format', 'html', {str(deck)!r}])\n"
        "sys.stderr.write(' '.join(m for m in sys.modules if m.split('.')[0] in ('rich', 'requests', 'yaml')))\n"
        "sys.exit(status)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, encoding="utf-8")
    assert done.returncode == 1, done.stderr
    assert "<!DOCTYPE html>" in done.stdout and done.stderr == ""


# ---------------------------------------------------------------------------- hostile text

TOKENS = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "&amp;",
    "\x00",
    "\x1b[2J",
    "\x85",
    "\u2028",
    "]]>",
    "<!--",
    "</style>",
    "javascript:",
    "'",
    "自然",
]
HOSTILE = st.lists(st.one_of(st.sampled_from(TOKENS), st.characters(codec="utf-8")), max_size=8).map("".join)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=HOSTILE, partner=HOSTILE, card=HOSTILE, message=HOSTILE, hint=HOSTILE, error=HOSTILE)
def test_hostile_text_is_escaped(path, partner, card, message, hint, error):
    partner_card = Card(partner or "p", (Face(partner or "p", "クリーチャー", ("火",), 5, 1000),))
    stats = DeckStats(
        path=path,
        card_count=1,
        curve={"5": 1},
        civilizations={"火": 1},
        types={card: 1},
        twinpacts=0,
        multicolor=0,
        average_cost=5.0,
        partner_name=partner,
        partner_civilizations=("火",),
    )
    results = [
        DeckResult(
            path,
            [Violation("DP100", "unknown-card", "error", 3, card, message, hint)],
            partner=partner_card,
            card_count=1,
            stats=stats,
        ),
        DeckResult(path + "2", error=error),
    ]
    page = render_html(results, RunInfo(date(2026, 3, 16), date(2026, 3, 16), "embedded"))
    builder = parse(page)
    assert {tag for tag, _ in builder.tags} <= {
        "html",
        "head",
        "meta",
        "title",
        "style",
        "body",
        "header",
        "h1",
        "p",
        "ul",
        "li",
        "b",
        "main",
        "div",
        "table",
        "caption",
        "thead",
        "tbody",
        "tr",
        "th",
        "td",
        "a",
        "span",
        "section",
        "h2",
        "figure",
        "figcaption",
        "svg",
        "g",
        "rect",
        "text",
        "line",
        "circle",
    }
    for _, attrs in builder.tags:
        assert not any(name.startswith("on") or name == "src" for name in attrs)
    text = builder.root.text()
    for value in (path, message, hint, error):
        assert flat(value) in text  # shown as written, controls as U+FFFD
    assert not re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029]", page)


# ---------------------------------------------------------------------------- in a real browser

PROBE_PAGE = """
const rows = [...document.querySelectorAll('table.decks tbody tr')];
window.probe = {
  table: rows.map(r => r.querySelector('a').textContent),
  headings: [...document.querySelectorAll('section.deck h2')].map(h => h.textContent),
  counts: Object.fromEntries([...document.querySelectorAll('ul.counts li')].map(li =>
      [li.id.slice(6), +li.querySelector('b').textContent])),
  charts: document.querySelectorAll('section.deck svg').length,
  overflow: document.documentElement.scrollWidth - window.innerWidth,
  width: window.innerWidth,
};
"""


PROBE_PHONE = """
const frame = document.getElementById('phone').contentWindow;
const page = frame.document;
window.probe = {
  width: frame.innerWidth,
  overflow: page.documentElement.scrollWidth - frame.innerWidth,
  stacked: getComputedStyle(page.querySelector('table.decks td')).display,
  labelled: frame.getComputedStyle(page.querySelector('table.decks td'), '::before').content,
  chart: page.querySelector('section.deck svg').getBoundingClientRect().width,
};
"""


@needs_chromium
def test_in_chromium_every_deck_is_named_and_counts_match(capsys, folder, tmp_path):
    html, data = report_and_json(capsys, folder)
    found = probe(html.out, PROBE_PAGE, tmp_path, width=1100, height=900)
    paths = [deck["path"] for deck in data["decks"]]
    assert sorted(found["table"]) == sorted(paths) and sorted(found["headings"]) == sorted(paths)
    assert {k: v for k, v in found["counts"].items() if k != "not_legal"} == data["summary"]
    assert found["charts"] == 6  # the six product decks; not broken.txt (an unknown name) nor unreadable.txt
    assert found["width"] == 1100 and found["overflow"] <= 0, found


@needs_chromium
def test_in_chromium_a_phone_width_page_fits_the_screen(capsys, folder, tmp_path):
    """Chromium's window is at least 500 px wide: the phone (375 px) is a frame holding the report."""
    from html import escape

    report = run(capsys, folder, "--format", "html", "--as-of", AS_OF).out
    wrapper = (
        f'<!DOCTYPE html><html><body style="margin:0"><iframe id="phone" style="width:375px;height:800px;'
        f'border:0" srcdoc="{escape(report, quote=True)}"></iframe></body></html>'
    )
    found = probe(wrapper, PROBE_PHONE, tmp_path, width=800, height=900)
    assert found["width"] == 375
    assert found["overflow"] <= 0, found  # no sideways scrolling: tables stack, charts scale down
    assert found["stacked"] == "block" and found["labelled"] == '"deck: "'
    assert found["chart"] <= 375


@needs_chromium
def test_screenshot_of_the_report_is_not_blank(capsys, folder, tmp_path):
    page = tmp_path / "report.html"
    page.write_text(run(capsys, folder, "--format", "html", "--as-of", AS_OF).out, encoding="utf-8")
    picture = browser.png_summary(browser.screenshot(page, tmp_path / "report.png", 1000, 1400))
    assert (picture.width, picture.height) == (1000, 1400)
    assert picture.colours > 50 and 0.02 < picture.ink < 0.6


def test_a_deck_with_lines_that_name_no_card_says_why_it_has_no_chart(capsys, tmp_path):
    """Issue 47: the chart counts cards, so a line that names none would be left out of it silently."""
    deck = make_deck(tmp_path, BD4, replace=BROKEN, name="broken.txt")  # one line names no card (DP100)
    page = run(capsys, deck, "--as-of", AS_OF, "--format", "html").out
    assert "<svg" not in page and "No chart: 1 line names no single card yet" in page
    ja = run(capsys, deck, "--as-of", AS_OF, "--format", "html", "--lang", "ja").out
    assert "グラフはありません: カード1枚に決まらない行が1行あります" in ja


def test_the_title_has_one_separator_and_its_counts_one_style(capsys, tmp_path):
    """Issue 47: 'DuePar deck check: 2 decks: 1 legal, …' had two colons, and the Japanese totals wrote
    '使用可能 1' beside 'エラー4件'."""
    legal = make_deck(tmp_path, BD6, name="legal.txt")
    broken = make_deck(tmp_path, BD4, replace=BROKEN, name="broken.txt")
    page = run(capsys, legal, broken, "--as-of", AS_OF, "--format", "html").out
    assert "<title>DuePar deck check (2 decks: 1 legal, 3 errors, 0 warnings)</title>" in page
    ja = run(capsys, legal, broken, "--as-of", AS_OF, "--format", "html", "--lang", "ja").out
    assert "<title>デュエパーティー デッキチェック（2デッキ: 使用可能1件、エラー3件、警告0件）</title>" in ja
