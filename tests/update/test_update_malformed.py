"""update never installs what it did not read (issue 30): a detail page whose card name ran on
into its labels or set number stops the run, data on disk as it was; a run that fetched no card
does not say "Updated card data"."""

from __future__ import annotations

from pathlib import Path

import pytest
from update_support import SOURCE, data_bytes, previous_data

from duepa_check.official_site import PageError, parse_detail_page
from duepa_check.update import UpdateError, run_update

FIXTURES = Path(__file__).parent.parent / "fixtures" / "official"
PAGES = sorted(FIXTURES.glob("detail_*.html"))
MALFORMED = {
    "h3 never closed": lambda html: html.replace("</h3>", "", 1),
    "packname span lost": lambda html: html.replace('<span class="packname">', "", 1),
}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
@pytest.mark.parametrize("break_it", sorted(MALFORMED))
def test_a_name_that_swallowed_the_page_is_refused(page, break_it):
    html = page.read_text(encoding="utf-8")
    broken = MALFORMED[break_it](html)
    if broken == html:
        pytest.skip("this page has no such element")
    try:
        card = parse_detail_page(broken, "x").card
    except PageError as error:
        assert "malformed" in str(error.message.key) or error.message.key.startswith("page.detail")
        return
    good = parse_detail_page(html, "x").card
    assert card.name == good.name, (card.name, good.name)  # read right, or refused: never run on


def test_a_malformed_detail_page_stops_the_run_and_keeps_the_data(site, tmp_path, fixture_embedded_data):
    data_dir = tmp_path / "data"
    before = previous_data(data_dir)
    html = (FIXTURES / "detail_dmtest-002.html").read_text(encoding="utf-8")
    site.script["detail:dmtest-002"] = [(200, html.replace("</h3>", "", 1))]
    with pytest.raises(UpdateError) as raised:
        run_update(SOURCE, data_dir, delay=0)
    assert "dmtest-002" in str(raised.value.text("en")) and "malformed" in raised.value.text("en")
    assert data_bytes(data_dir) == before


def test_a_site_that_lists_no_card_is_no_update(site, tmp_path, fixture_embedded_data):
    data_dir = tmp_path / "data"
    before = previous_data(data_dir)
    empty = (FIXTURES / "list_page_empty.html").read_text(encoding="utf-8")
    site.script["list:1"] = [(200, empty)]
    with pytest.raises(UpdateError) as raised:
        run_update(SOURCE, data_dir, delay=0, full=True)
    assert "listed no card" in raised.value.text("en")
    assert data_bytes(data_dir) == before


def test_an_update_whose_every_card_page_is_missing_is_no_update(site, tmp_path, fixture_embedded_data):
    data_dir = tmp_path / "data"
    before = previous_data(data_dir)
    real = site.default
    site.default = lambda key: (404, "not found") if key.startswith("detail:") else real(key)
    with pytest.raises(UpdateError) as raised:
        run_update(SOURCE, data_dir, delay=0, full=True)
    assert "fetched 0 cards" in raised.value.text("en")
    assert data_bytes(data_dir) == before
