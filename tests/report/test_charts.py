"""The SVG chart (`stats --svg`, and the HTML report's charts): what it draws, how it is built, in a browser.

The numbers a chart shows are read back from the SVG as a reader sees them (the count text on
each bar, the bar's label, the bar's size) and compared with `stats --format json` for every
product deck in the fixtures.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from browser_support import browser, needs_chromium, probe
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import DECKS, run

from duepa_check.analysis.stats import DeckStats
from duepa_check.report import charts
from duepa_check.report.charts import CIVILIZATION_COLOURS, LABEL_SIZE, clean, render_chart, text_px

SVG = "{http://www.w3.org/2000/svg}"
PRODUCT_DECKS = sorted(path.name for path in DECKS.glob("*.txt"))


def chart_of(capsys, tmp_path: Path, deck: str) -> tuple[dict, str]:
    """`stats DECK --format json --svg FILE`: (the JSON, the SVG text)."""
    out = tmp_path / "chart.svg"
    result = run(capsys, "stats", DECKS / deck, "--format", "json", "--svg", out)
    assert result.code == 0, result.err
    return result.json, out.read_text(encoding="utf-8")


def _text(element) -> str:
    return "".join(element.itertext())


def sections(document: str) -> dict[str, list[dict]]:
    """Each list of bars (by its aria-label): label, count text, rect size and colour, aria-label."""
    root = ElementTree.fromstring(document)
    found = {}
    for group in root.iter(f"{SVG}g"):
        if group.get("role") != "list":
            continue
        bars = []
        children = list(group)
        for index, child in enumerate(children):
            if child.get("role") != "listitem":
                continue
            rect = child.find(f"{SVG}rect")
            count = child.find(f"{SVG}text")
            # a curve bar's bucket label follows it; a horizontal bar's label comes before it
            label = children[index + 1] if group.get("aria-label") == "mana curve" else children[index - 1]
            bars.append(
                {
                    "label": _text(label),
                    "count": int(_text(count)),
                    "width": float(rect.get("width")),
                    "height": float(rect.get("height")),
                    "x": float(rect.get("x")),
                    "fill": rect.get("fill"),
                    "aria": child.get("aria-label"),
                    "title": _text(child.find(f"{SVG}title")),
                }
            )
        found[group.get("aria-label")] = bars
    return found


# ---------------------------------------------------------------------------- what it shows


@pytest.mark.parametrize("deck", PRODUCT_DECKS)
def test_bars_and_counts_match_stats_json(capsys, tmp_path, deck):
    stats, document = chart_of(capsys, tmp_path, deck)
    drawn = sections(document)
    assert list(drawn) == ["mana curve", "civilizations", "card types"]

    curve = drawn["mana curve"]
    assert [(bar["label"], bar["count"]) for bar in curve] == list(stats["curve"].items())
    tallest = max(stats["curve"].values())
    for bar in curve:  # heights in proportion to the counts; the tallest bar is the full plot
        assert bar["height"] == pytest.approx(110 * bar["count"] / tallest, abs=0.5)  # whole pixels
        assert bar["aria"] == bar["title"] == f"cost {bar['label']}: {bar['count']} card{'s' * (bar['count'] != 1)}"

    rows = drawn["civilizations"] + drawn["card types"]
    largest = max(bar["count"] for bar in rows)
    for bar in rows:
        assert bar["width"] == pytest.approx(260 * bar["count"] / largest, abs=0.5)
    assert [(b["label"], b["count"]) for b in drawn["civilizations"]] == list(stats["civilizations"].items())
    assert [b["fill"] for b in drawn["civilizations"]] == [CIVILIZATION_COLOURS[c] for c in stats["civilizations"]]
    assert [(b["label"], b["count"]) for b in drawn["card types"]] == list(stats["types"].items())

    text = _text(ElementTree.fromstring(document))
    assert deck in text and f"《{stats['partner']['name']}》" in text and "60 cards" in text
    assert all(civilization in text for civilization in stats["partner"]["civilizations"])
    assert f"average cost {stats['average_cost']:.2f}" in text
    assert f"twinpacts {stats['twinpacts']}" in text and f"multicolour {stats['multicolor']}" in text


def test_the_game_colours():
    assert CIVILIZATION_COLOURS == {
        "光": "#e2b100",
        "水": "#1f6fd1",
        "闇": "#4b2a6e",
        "火": "#d7262b",
        "自然": "#23913f",
        "無色": "#9a9a9a",
        "unknown": "#d4d4d4",
    }


@pytest.mark.parametrize("deck", PRODUCT_DECKS)
def test_text_is_real_text_laid_out_by_display_width(capsys, tmp_path, deck):
    _, document = chart_of(capsys, tmp_path, deck)
    root = ElementTree.fromstring(document)
    assert "textLength" not in document and "lengthAdjust" not in document
    assert root.get("font-family").startswith("'Noto Sans CJK JP',") and root.get("font-family").endswith("sans-serif")
    drawn = sections(document)
    for bar in drawn["civilizations"] + drawn["card types"]:  # a label ends before its bar starts
        assert 16 + text_px(bar["label"], LABEL_SIZE) < bar["x"]
    slots = [bar["x"] for bar in drawn["mana curve"]]
    slot = slots[1] - slots[0]
    assert all(text_px(bar["label"], LABEL_SIZE) < slot for bar in drawn["mana curve"])  # no labels run together
    wide = next(
        t for t in root.iter(f"{SVG}text") if _text(t) == "ドラゴニック・フィールド" or _text(t) == "クリーチャー"
    )
    assert text_px(_text(wide), 12) == len(_text(wide)) * 12  # a wide character is given 1 em


def test_same_deck_same_bytes_and_small(capsys, tmp_path):
    for deck in PRODUCT_DECKS:
        _, first = chart_of(capsys, tmp_path, deck)
        _, second = chart_of(capsys, tmp_path, deck)
        assert first == second
        assert len(first.encode("utf-8")) < 12_000  # "well under 30 KB" for a 60-card deck


def test_unknown_and_zero_buckets_and_no_partner():
    stats = DeckStats(
        path="x.txt",
        card_count=3,
        curve={"0": 1, **{str(n): 0 for n in range(1, 10)}, "10+": 0, "unknown": 2},
        civilizations={"unknown": 2, "無色": 1},
        types={"unknown": 2, "クリーチャー": 1},
        twinpacts=0,
        multicolor=0,
        average_cost=None,
    )
    document = render_chart(stats)
    drawn = sections(document)
    assert [bar["label"] for bar in drawn["mana curve"]] == ["0", *map(str, range(1, 10)), "10+", "unknown"]
    assert [bar["count"] for bar in drawn["mana curve"]][-1] == 2
    text = _text(ElementTree.fromstring(document))
    assert "no partner" in text and "3 cards" in text and "average cost -" in text
    assert drawn["civilizations"][0]["fill"] == CIVILIZATION_COLOURS["unknown"]


@pytest.fixture
def no_cached_words():
    """Words (and pieces holding them) are cached per language: a test that swaps a catalogue
    starts and ends with none cached."""
    for cache in charts.WORD_CACHES:
        cache.cache_clear()
    yield
    for cache in charts.WORD_CACHES:
        cache.cache_clear()


def test_every_word_comes_from_the_catalogue(monkeypatch, no_cached_words):
    from duepa_check import messages

    english = messages.catalogue("en")  # the catalogue in use: each chart word marked for this test
    chart_keys = {key for key in english if key.startswith("chart.")}
    for key in chart_keys:
        monkeypatch.setitem(english, key, f"[{key}]")
    stats = DeckStats(
        path="d.txt",
        card_count=1,
        curve={"5": 1, "unknown": 1},
        civilizations={"火": 1},
        types={"クリーチャー": 1},
        twinpacts=0,
        multicolor=0,
        average_cost=5.0,
        partner_name="P",
        partner_civilizations=("火",),
    )
    text = " ".join(ElementTree.fromstring(render_chart(stats)).itertext())
    assert set(re.findall(r"\[(chart\.[a-z.-]+)\]", text)) == chart_keys - {"chart.no-partner", "chart.cards.other"}
    # what is left is numbers, names from the deck and the game's civilization names
    assert re.sub(r"\[chart\.[a-z.-]+\]|d\.txt|クリーチャー|火|[\d\s·]", "", text) == ""  # · is punctuation


# ---------------------------------------------------------------------------- hostile text

HOSTILE = st.lists(
    st.one_of(
        st.sampled_from(
            [
                "<",
                ">",
                "&",
                '"',
                "'",
                "<script>",
                "]]>",
                "\x00",
                "\x1b[31m",
                "\x85",
                "\u2028",
                "\ud800",
                "\ufffe",
                "自然",
                "&amp;",
                "<!--",
                "onload=",
            ]
        ),
        st.characters(codec=None, categories=None),
    ),
    max_size=12,
).map("".join)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=HOSTILE, partner=HOSTILE, kind=HOSTILE, civilization=HOSTILE)
def test_hostile_names_are_escaped(path, partner, kind, civilization):
    stats = DeckStats(
        path=path,
        card_count=2,
        curve={"3": 2},
        civilizations={civilization: 1, "火": 1},
        types={kind: 2},
        twinpacts=0,
        multicolor=0,
        average_cost=3.0,
        partner_name=partner,
        partner_civilizations=("火",),
    )
    document = render_chart(stats)
    root = ElementTree.fromstring(document)  # well-formed whatever the names hold
    assert all(element.tag.startswith(SVG) for element in root.iter())
    assert {element.tag[len(SVG) :] for element in root.iter()} <= {
        "svg",
        "title",
        "rect",
        "text",
        "g",
        "line",
        "circle",
    }
    assert not any(name.startswith("on") for element in root.iter() for name in element.attrib)
    everything = " ".join([*root.itertext(), *(v for e in root.iter() for v in e.attrib.values())])
    assert clean(f"《{partner}》") in everything  # shown as written, control characters as U+FFFD
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0 or 0xD800 <= ord(c) < 0xE000 for c in everything)
    document.encode("utf-8")  # no lone surrogate reaches the file


# ---------------------------------------------------------------------------- in a real browser

PROBE_TEXT_AND_BARS = """
const box = (b) => ({x: b.x, y: b.y, w: b.width, h: b.height});
window.probe = [...document.querySelectorAll('svg')].map(svg => ({
  texts: [...svg.querySelectorAll('text')].map(t => ({text: t.textContent, size: +t.getAttribute('font-size'),
           width: t.getComputedTextLength(), box: box(t.getBBox())})),
  bars: [...svg.querySelectorAll('g[role=listitem] rect')].map(r => box(r.getBBox())),
  width: +svg.getAttribute('width'),
}));
"""
# Latin letters wider than a cell, full-width Latin, a long type name: the estimate must hold for them too.
AWKWARD = DeckStats(
    path="WWW MMM ＷＩＤＥ @%& deck.txt",
    card_count=9,
    curve={"1": 1, "10+": 8, "unknown": 0},
    civilizations={"光": 9, "unknown": 1},
    types={"MMMWWW Creature": 4, "タマシード/クリーチャー": 3, "Ｄ２フィールド": 2},
    twinpacts=0,
    multicolor=0,
    average_cost=9.5,
    partner_name="ＷＷＷ WWW",
    partner_civilizations=("光",),
)


def _overlap(a: dict, b: dict) -> float:
    width = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
    height = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
    return max(0.0, width) * max(0.0, height)


@needs_chromium
def test_in_chromium_labels_keep_their_full_width_and_never_touch_a_bar(capsys, tmp_path):
    """Every product deck's chart (and an awkward one), laid out by Chromium with the fonts it has."""
    documents = [chart_of(capsys, tmp_path, deck)[1] for deck in PRODUCT_DECKS] + [render_chart(AWKWARD)]
    found = probe(
        '<!doctype html><html><meta charset="utf-8"><body style="margin:0">' + "".join(documents) + "</body></html>",
        PROBE_TEXT_AND_BARS,
        tmp_path,
    )
    assert len(found) == len(PRODUCT_DECKS) + 1
    for chart in found:
        texts, bars = chart["texts"], [b for b in chart["bars"] if b["w"] and b["h"]]
        assert len(texts) > 20 and len(bars) >= 7
        for item in texts:
            # drawn at its full width (not squeezed: no textLength), within the room the layout gave it
            assert item["width"] <= text_px(item["text"], item["size"]) + 0.5, item
            assert item["box"]["x"] + item["box"]["w"] <= chart["width"] + 0.5, item  # nothing cut at the edge
            if any(ord(c) > 0x3000 for c in item["text"]) and "・" not in item["text"] and "《" not in item["text"]:
                wide = sum(ord(c) > 0x3000 for c in item["text"])
                assert item["width"] >= wide * item["size"] * 0.9, item  # a CJK glyph is 1 em, not squeezed
            for bar in bars:
                assert _overlap(item["box"], bar) < 1.0, (item, bar)
        for first, second in ((a, b) for i, a in enumerate(texts) for b in texts[i + 1 :]):
            assert _overlap(first["box"], second["box"]) < 1.0, (first, second)


@needs_chromium
def test_screenshot_of_the_chart_is_not_blank(capsys, tmp_path):
    _, document = chart_of(capsys, tmp_path, "DM23-BD4.txt")
    page = tmp_path / "chart.svg"
    page.write_text(document, encoding="utf-8")
    picture = browser.png_summary(browser.screenshot(page, tmp_path / "chart.png", 700, 700))
    assert (picture.width, picture.height) == (700, 700)
    assert picture.colours > 20  # bars in several colours, anti-aliased text
    assert 0.02 < picture.ink < 0.5


@needs_chromium
def test_the_screenshot_script_writes_a_picture_to_look_at(tmp_path, capsys):
    """tools/browser.py stats DECK OUT.png: what a person runs to look at a chart."""
    out = tmp_path / "look" / "bd6.png"
    out.parent.mkdir()
    assert browser.main(["stats", str(DECKS / "DM24-BD6.txt"), str(out)]) == 0
    assert out.with_suffix(".svg").read_text(encoding="utf-8").startswith("<svg")
    picture = browser.png_summary(out.read_bytes())
    assert picture.colours > 20 and picture.ink > 0.01
    assert f"{out}: " in capsys.readouterr().out
    assert browser.main([]) == 2  # usage


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from(["/", "//", ".", "..", "", "deck", ".txt", "デッキ", "\\", "a b", "<&>", "\x1b"]), max_size=6
    ).map("".join)
)
def test_a_chart_title_is_pathlibs_name(path):
    for edge in ("deck.txt", "a/.", "a/b/", "/", "", "a/..", "//x"):
        assert charts.deck_name(edge) == (Path(edge).name or edge)
    assert charts.deck_name(path) == (Path(path).name or path)
