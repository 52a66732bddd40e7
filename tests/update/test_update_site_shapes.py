"""`update` against both shapes of the card site, and the parsers that read them.

"old": the search as a POST form, values in cells named by class (tests/fixtures/official).
"real": the shape third-party scrapers describe in 2026 — GET /card/?v=<JSON>, "N枚", values
found by their labels, multi-sided cards listed without the a/b suffix, powers like 6000+
(tests/fixtures/official_real). Every test here runs without the network.
"""

from __future__ import annotations

import html
import json
import time
from datetime import date
from urllib.parse import parse_qs, unquote, urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from update_support import (
    FIXTURES,
    REAL_FIXTURES,
    SOURCE,
    FakeSite,
    assert_untouched,
    fake_site,
    mocked,
    previous_data,
)
from update_support import run_on as run

from duepa_check import official_site
from duepa_check.cli import main
from duepa_check.data.pool import CardPool
from duepa_check.data.regulation import load_current
from duepa_check.data.userdata import data_folder
from duepa_check.official_site import (
    LABELS,
    PageError,
    base_id,
    is_label_text,
    parse_detail_page,
    parse_html,
    parse_list_page,
    parse_regulation_page,
    read_labelled_sides,
)
from duepa_check.update import UpdateError, fetch, run_update
from duepa_check.update.merge import comparable_power, merged_ids

REAL_NEW = ["dmreal-001", "dmreal-002", "dmreal-003", "dmreal-004"]
REAL_TWINPACT = "灼熱テスト竜 リアルバーン／業火の実験"


# --- the whole command, over loopback HTTP, in each shape -------------------------------


@pytest.mark.parametrize("shape", ["old", "real"])
def test_update_command_fills_the_data_dir_and_a_second_run_fetches_nothing(
    shape, tmp_path, capsys, fixture_embedded_data
):
    site = FakeSite(shape)
    data_dir = tmp_path / "data"
    with fake_site(site) as url:
        assert main(["update", "--source", url, "--data-dir", str(data_dir)]) == 0
        out = capsys.readouterr().out
        folder = data_folder(data_dir)  # the folder the data dir's pointer names (see userdata.py)
        assert sorted(p.name for p in folder.iterdir()) == ["cards.jsonl", "index.tsv", "regulation.yaml"]
        assert sorted(p.name for p in data_dir.iterdir()) == [".lock", "current", folder.name]
        fetched = site.requested("detail:")
        assert len(fetched) == (7 if shape == "old" else 5)
        assert f"{len(fetched)} cards fetched" in out
        assert load_current(data_dir).data_date == date(2026, 3, 16)

        site.seen.clear()
        summary = run_update(url, data_dir, delay=0)
    assert site.requested("list:") == ["list:1"]  # page 1 is known ground now
    assert site.requested("detail:") == []
    assert summary.cards_fetched == 0 and summary.new_cards == [] and summary.changed_cards == []


# --- the real shape, step by step ---------------------------------------------------------


def test_real_shape_lists_by_get_and_stops_at_known_ground(tmp_path, fixture_embedded_data):
    site = FakeSite("real")
    with mocked(site) as mocker:
        summary = run_update(SOURCE, tmp_path / "data", delay=0)
        list_urls = [call.request.url for call in mocker.calls if urlsplit(call.request.url).path == "/card/"]
    assert site.requested("list:") == ["list:1", "list:2", "list:3"]  # page 3 holds only known cards
    assert not site.requested("refused:")  # GET worked, the POST form was never tried
    query = json.loads(parse_qs(urlsplit(list_urls[0]).query)["v"][0])
    assert query == {
        "suggest": "on",
        "keyword": "",
        "keyword_type": ["card_name", "card_ruby", "card_text"],
        "culture_cond": ["単色", "多色"],
        "pagenum": "1",
        "samename": "show",
        "sort": "release_new",
    }
    # dmold-006 is the pool's dmold-006a/b: known, not fetched
    assert site.requested("detail:") == [f"detail:{i}" for i in [*REAL_NEW, "dmreal-005"]]
    assert summary.pages_listed == 3 and summary.cards_fetched == 5
    assert sorted(summary.new_cards) == sorted(
        [REAL_TWINPACT, "時空のリアル試験官", "零式リアルテスター", "群れなすリアルネズミ"]
    )
    assert summary.changed_cards == []  # 6000+ on the site is the pool's 6000


def test_real_shape_cards_are_read_by_label(tmp_path, fixture_embedded_data):
    site = FakeSite("real")
    run(site, tmp_path / "data")
    pool = CardPool.load(tmp_path / "data")

    twinpact = pool.get(REAL_TWINPACT)
    assert twinpact.layout == "twinpact"
    creature, spell = twinpact.faces
    assert (creature.cost, creature.power, creature.races) == (7, "6000+", ("メガ・コマンド・ドラゴン",))
    assert (spell.type, spell.civilizations, spell.cost) == ("呪文", ("火", "自然"), 4)
    assert spell.power is None and spell.races == ()  # never "コスト" or "イラストレーター"

    psychic = pool.get("時空のリアル試験官")
    assert [f.name for f in psychic.faces] == ["時空のリアル試験官", "覚醒リアル試験官ゼロ"]
    assert psychic.faces[1].cost is None and psychic.faces[1].races == ("サイバー・ロード", "エイリアン")
    assert psychic.zone == "hyperspatial"

    zero = pool.get("零式リアルテスター")
    assert zero.faces[0].civilizations == () and zero.faces[0].power == "∞" and zero.faces[0].cost == 10

    assert pool.get("群れなすリアルネズミ").may_exceed_four

    reprint = pool.get("ボルテスト・ドラゴン")
    assert reprint.faces[0].power == "6000+"  # the printed form is kept
    assert reprint.ids == ("dmold-001", "dmreal-005")
    assert pool.get("封印テスター").ids == ("dmold-006a", "dmold-006b")  # no suffix-less duplicate


def test_old_shape_site_is_listed_by_its_post_form_after_the_get_is_refused(tmp_path, fixture_embedded_data):
    site = FakeSite("old")
    with mocked(site) as mocker:
        run_update(SOURCE, tmp_path / "data", delay=0)
        posts = [call.request.body for call in mocker.calls if call.request.method == "POST"]
    form = parse_qs(posts[0] if isinstance(posts[0], str) else posts[0].decode())
    assert form["pagenum"] == ["1"] and form["samename"] == ["show"] and form["sort"] == ["release_new"]
    assert form["keyword_type[]"] == ["card_name", "card_ruby", "card_text"]
    assert form["culture_cond[]"] == ["単色", "多色"]
    assert site.seen[:3] == ["robots", "other:GET /card/", "list:1"]
    assert site.seen.count("other:GET /card/") == 1  # later pages ask the way page 1 worked
    assert site.requested("list:") == ["list:1", "list:2", "list:3", "list:4"]


def test_a_site_that_answers_neither_way_stops_with_one_line(tmp_path, fixture_embedded_data):
    site = FakeSite("real")
    site.script["list:1"] = [(200, "<html><body><p>メンテナンス中</p></body></html>")]
    data_dir = tmp_path / "data"
    before = previous_data(data_dir)
    with pytest.raises(UpdateError, match=r"/card/ answered 405 Method Not Allowed; stopped, nothing changed$"):
        run(site, data_dir)
    assert site.requested("refused:") == ["refused:POST /card/"]
    assert_untouched(data_dir, before)


def test_listing_stops_when_a_page_brings_no_new_id(tmp_path, fixture_embedded_data):
    site = FakeSite("real")
    first = (REAL_FIXTURES / "list_page_1.html").read_text(encoding="utf-8").replace("15枚", "")
    site.script["list:1"] = [(200, first)]
    site.script["list:2"] = [(200, first)]  # a site that answers any page number with the same cards
    summary = run(site, tmp_path / "data", full=True)
    assert site.requested("list:") == ["list:1", "list:2"]
    assert summary.cards_fetched == 3


def test_a_list_that_never_ends_stops_with_one_line(tmp_path, fixture_embedded_data, monkeypatch):
    monkeypatch.setattr(fetch, "MAX_LIST_PAGES", 3)
    site = FakeSite("real")
    for n in range(1, 6):
        site.script[f"list:{n}"] = [(200, f'<ul><li><a href="/card/detail/?id=dmnew-{n}"></a></li></ul>')]
    with pytest.raises(UpdateError, match="the card list did not end after 3 pages; stopped, nothing changed"):
        run(site, tmp_path / "data", full=True)
    assert site.requested("list:") == ["list:1", "list:2", "list:3"]


def test_an_interrupted_real_shape_run_resumes_by_get(tmp_path, fixture_embedded_data):
    site = FakeSite("real")
    site.script["detail:dmreal-003"] = [(503, "busy")] * 3
    with pytest.raises(UpdateError, match="run update again to resume"):
        run(site, tmp_path / "data")
    site.seen.clear()
    summary = run(site, tmp_path / "data")
    assert site.requested("list:") == [] and not site.requested("other:")
    assert site.requested("detail:") == ["detail:dmreal-003", "detail:dmreal-004", "detail:dmreal-005"]
    assert summary.resumed and summary.cards_fetched == 5


# --- ids and powers -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card_id", "key"),
    [
        ("dm26ex3-006a", "dm26ex3-006"),
        ("dm26ex3-006b", "dm26ex3-006"),
        ("dm26ex3-006", "dm26ex3-006"),
        ("dmbd13-001d", "dmbd13-001"),
        ("dm26ex2-MC001", "dm26ex2-mc001"),
        ("dm26ex3-SEC007CHO", "dm26ex3-sec007cho"),  # a letter suffix that is not a side
        ("promoy20-ThankYou20th", "promoy20-thankyou20th"),
    ],
)
def test_base_id_drops_only_a_side_suffix(card_id, key):
    assert base_id(card_id) == key


def test_merging_ids_adds_no_suffix_less_duplicate_of_a_known_side():
    assert merged_ids(("x-006a", "x-006b"), ("x-006",)) == ("x-006a", "x-006b")
    assert merged_ids(("x-001",), ("y-002",)) == ("x-001", "y-002")


@pytest.mark.parametrize(
    ("printed", "compared"), [("6000+", 6000), ("12000+", 12000), (6000, 6000), ("∞", "∞"), (None, None)]
)
def test_a_trailing_plus_is_no_change_of_power(printed, compared):
    assert comparable_power(printed) == compared


# --- the list page ----------------------------------------------------------------------------


def test_list_links_are_found_anywhere_in_any_attribute():
    page = parse_list_page(
        '<div class="wrap"><p>検索結果 1,234件</p>'
        "<div onclick=\"location.href='/card/detail/?id=dmx-001'\"></div>"
        '<a data-href="/card/detail/?id=dmx-002">b</a><a href="https://dm.example.test/card/detail/?id=dmx-001">a</a>'
        "<a href='/card/detail/?lang=ja&amp;id=dmx-003'>c</a></div>"
    )
    assert page.ids == ["dmx-001", "dmx-002", "dmx-003"]
    assert page.total == 1234


@pytest.mark.parametrize(
    ("markup", "total"),
    [
        ('<span id="total_count">22,943</span>', 22943),
        ('<div class="resultCount">22943</div>', 22943),
        ("<p>全22,943枚</p>", 22943),
        ("<p>22,943枚</p>", 22943),
        ("<p>該当なし</p>", None),
    ],
)
def test_list_total_from_a_count_element_or_n_mai(markup, total):
    page = parse_list_page(markup + '<ul><li><a href="/card/detail/?id=a-1"></a></li></ul>')
    assert page.total == total


def test_cardlist_links_win_over_links_elsewhere():
    page = parse_list_page(
        '<aside><a href="/card/detail/?id=popular-1"></a></aside>'
        '<div id="cardlist"><a href="/card/detail/?id=new-1"></a></div>'
    )
    assert page.ids == ["new-1"]


# --- detail pages by label ----------------------------------------------------------------------


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("detail_*.html")), ids=lambda p: p.stem)
def test_label_reading_and_class_reading_agree_on_the_old_pages(path):
    text = path.read_text(encoding="utf-8")
    by_label = parse_detail_page(text, path.stem).card
    by_class = parse_detail_page(text.replace("カードの種類", "種別"), path.stem).card  # no labels left to read
    assert not read_labelled_sides(parse_html(text.replace("カードの種類", "種別")))
    assert by_label == by_class


def test_an_empty_power_is_not_the_next_label():
    """The known trap: a spell's power read as the label of the row below it."""
    rows = "<tr><th>カードの種類</th><td>呪文</td></tr><tr><th>パワー</th></tr><tr><th>コスト</th><td>3</td></tr>"
    page = f"<h1>試験の呪文 (DMX 1/2)</h1><table>{rows}<tr><th>文明</th><td>光</td></tr></table>"
    card = parse_detail_page(page, "dmx-001").card
    assert card.name == "試験の呪文"
    assert (card.faces[0].power, card.faces[0].cost, card.civilizations) == (None, 3, ("光",))


def test_the_name_comes_from_the_title_when_no_heading_names_the_card():
    page = (
        "<html><head><title>名無しテスター (DMX 3/9) | カード検索</title></head><body>"
        "<dl><dt>カードの種類</dt><dd>クリーチャー</dd><dt>文明</dt><dd>水</dd><dt>コスト</dt><dd>3</dd></dl>"
        "</body></html>"
    )
    assert parse_detail_page(page, "dmx-003").card.name == "名無しテスター"


@pytest.mark.parametrize("name_first", [True, False])
def test_a_card_name_row_names_its_side(name_first):
    def side(name: str, kind: str, cost: str) -> str:
        name_row = f"<tr><th>カード名</th><td>{name}</td></tr>"
        rows = f"<tr><th>カードの種類</th><td>{kind}</td></tr><tr><th>コスト</th><td>{cost}</td></tr>"
        return "<table>" + (name_row + rows if name_first else rows + name_row) + "</table>"

    page = (
        "<h1>覚醒前テスター (DMX 5/9)</h1>"
        + side("覚醒前テスター", "サイキック・クリーチャー", "5")
        + side("覚醒後テスター", "サイキック・クリーチャー", "")
    )
    card = parse_detail_page(page, "dmx-005").card
    assert card.layout == "multi_side"
    assert [(f.name, f.cost) for f in card.faces] == [("覚醒前テスター", 5), ("覚醒後テスター", None)]


def test_a_side_with_values_but_no_card_type_is_an_error():
    page = "<h1>型なし</h1><dl><dt>カードの種類</dt><dd></dd><dt>コスト</dt><dd>3</dd></dl>"
    with pytest.raises(PageError, match="no カードの種類"):
        parse_detail_page(page, "dmx-004")


def test_deeply_nested_pages_are_read_without_recursion_errors():
    """Far deeper than Python's recursion limit: no RecursionError, a PageError or the data."""
    started = time.monotonic()
    with pytest.raises(PageError):
        parse_detail_page("<div>" * 20_000 + "x" + "</div>" * 20_000, "deep")
    assert parse_list_page("<span>" * 20_000 + '<a href="/card/detail/?id=z-1"></a>').ids == ["z-1"]
    labelled = "<section>" * 3_000 + "<dl><dt>カードの種類</dt><dd>呪文</dd></dl>"
    assert parse_detail_page("<h1>深い呪文</h1>" + labelled, "deep").card.faces[0].type == "呪文"
    assert time.monotonic() - started < 30  # a few seconds even on a loaded machine


PRIMARY_LABELS = ["カードの種類", "文明", "レアリティ", "パワー", "コスト", "マナ", "種族", "イラストレーター"]
UNKNOWN_LABELS = ["Q&A", "収録", "備考", "ルビ"]
# A cell holding only a label word is a label: it never gives a value (カードの種類 would start a side).
LABEL_WORDS_AS_VALUES = sorted(word for word, key in LABELS.items() if key != "type")
VALUE_TEXT = st.text(alphabet="アイウエオカキクケコ0123456789+∞/・ー火水光闇自然abcXYZ ", min_size=0, max_size=12)


@st.composite
def labelled_side(draw):
    """Rows of (label, value): value "" is an empty cell, None a missing cell; known labels once each."""
    labels = draw(st.lists(st.sampled_from(PRIMARY_LABELS), unique=True, min_size=1))
    extras = draw(st.lists(st.sampled_from(UNKNOWN_LABELS), unique=True))
    rows = [
        (label, draw(st.one_of(VALUE_TEXT, st.none(), st.sampled_from(LABEL_WORDS_AS_VALUES))))
        for label in [*labels, *extras]
    ]
    return draw(st.permutations(rows)), draw(st.sampled_from(["table", "table_rows", "dl", "div"]))


def render(rows, shape: str) -> str:
    """The same rows in four markups: a row per label pair, label and value on separate rows, dl, div/span."""
    out = []
    for label, value in rows:
        cell = "" if value is None else html.escape(value)
        if shape == "table":
            out.append(f"<tr><th>{label}</th>" + ("" if value is None else f"<td>{cell}</td>") + "</tr>")
        elif shape == "table_rows":
            out.append(f"<tr><th>{label}</th></tr>" + ("" if value is None else f"<tr><td>{cell}</td></tr>"))
        elif shape == "dl":
            out.append(f"<dt>{label}</dt>" + ("" if value is None else f"<dd>{cell}</dd>"))
        else:
            value_span = "" if value is None else f'<span class="v">{cell}</span>'
            out.append(f'<div class="row"><span class="k">{label}</span>{value_span}</div>')
    body = "".join(out)
    wrapper = {"table": "<table>{}</table>", "table_rows": "<table>{}</table>", "dl": "<dl>{}</dl>"}.get(
        shape, "<div>{}</div>"
    )
    return "<h1>性質テスター (DMX 1/1)</h1>" + wrapper.format(body)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(labelled_side())
def test_label_reader_never_raises_and_never_takes_a_label_for_a_value(side):
    rows, shape = side
    sides = read_labelled_sides(parse_html(render(rows, shape)))
    labels = [label for label, _ in rows]
    if "カードの種類" not in labels:
        assert sides == []
        return
    assert len(sides) == 1
    values = sides[0].values
    assert not any(is_label_text(v) for v in values.values())
    after_type = labels[labels.index("カードの種類") :]
    for label, value in rows:
        key = LABELS[label] if label in LABELS else None
        if key is None:
            continue
        given_value = " ".join((value or "").split())
        if label in after_type and given_value and not is_label_text(given_value):
            assert values.get(key) == given_value, (label, value, shape)
        else:
            assert key not in values, (label, value, shape)


@settings(max_examples=150, deadline=None)
@given(labelled_side())
def test_detail_parser_gives_a_card_or_a_page_error(side):
    rows, shape = side
    try:
        parse_detail_page(render(rows, shape), "dmx-001")
    except PageError:
        pass


# --- the regulation page in several markups ----------------------------------------------------

DATED = """<div class="news">
<h3>■2026年3月16日より殿堂入りになるカード</h3>
<ul><li><a data-href="/card/detail/?id=dmtest-001">《轟炎竜 テストバーン / 紅蓮の試験》</a></li></ul>
</div>"""
NAME = "《轟炎竜 テストバーン / 紅蓮の試験》"
MARKUPS = {
    "paragraph": f"<div><p>■2026年3月16日より殿堂入りになるカード</p><ul><li>{NAME}</li></ul></div>",
    "strong in div": (
        f"<div><div><strong>■2026年3月16日より殿堂入りになるカード</strong></div><ul><li>{NAME}</li></ul></div>"
    ),
    "text before the list": f'<div class="news">■2026年3月16日より殿堂入りになるカード<ul><li>{NAME}</li></ul></div>',
    "table cells": f"<table><tr><td>■2026年3月16日より殿堂入りになるカード</td><td>{NAME}</td></tr></table>",
    "table rows": f"<table><tr><th>■2026年3月16日より殿堂入りになるカード</th></tr><tr><td>{NAME}</td></tr></table>",
    "paragraphs": f"<p><strong>■2026年3月16日より殿堂入りになるカード</strong></p><p>{NAME}</p>",
    "one line": f"<p>■2026年3月16日より殿堂入り：{NAME}</p>",
    "definition list, full-width digits": (
        f"<dl><dt>■２０２６年３月１６日より殿堂入りになるカード</dt><dd>{NAME}</dd></dl>"
    ),
}


@pytest.mark.parametrize("markup", list(MARKUPS.values()), ids=list(MARKUPS))
def test_dated_lines_are_read_from_any_block(markup):
    original = (FIXTURES / "regulation.html").read_text(encoding="utf-8")
    assert DATED in original
    expected = parse_regulation_page(original)
    page = parse_regulation_page(original.replace(DATED, markup))
    assert page == expected
    assert page.announced == [(date(2026, 3, 16), "轟炎竜 テストバーン／紅蓮の試験", "hall_of_fame")]


def test_an_explaining_paragraph_under_a_section_is_not_a_card_list():
    original = (FIXTURES / "regulation.html").read_text(encoding="utf-8")
    extra = original.replace("<h2>殿堂入りカード</h2>", "<h2>殿堂入りカード</h2><p>例：《アクア・テスター》</p>")
    assert parse_regulation_page(extra).statuses["アクア・テスター"] == "premium_hall_of_fame"


def test_list_query_is_the_json_the_site_uses():
    path = fetch.list_path(7)
    assert path.startswith("/card/?v=")
    assert json.loads(unquote(path.split("=", 1)[1]))["pagenum"] == "7"
    assert official_site.detail_id("/card/detail/?id=dmreal-001") == "dmreal-001"
