"""A side's name that ran on into the page is never installed (issue 40, item 3): on every multi-sided
card of the stand-in sites (tests/fixtures/official*), losing the closing tag of any heading that
carries a side's name (the page's own heading, or the side's) gives a page read right or refused as
malformed, never a side named with the labels after it; update then stops, the data on disk as it was."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from update_support import FIXTURES, REAL_FIXTURES, FakeSite, data_bytes, previous_data
from update_support import run_on as run

from duepa_check.official_site import PageError, parse_detail_page
from duepa_check.update import UpdateError

HEADING = re.compile(r"<(h[1-4])\b[^>]*>([^<]*)")


def _faces(path: Path) -> list[str]:
    return [face.name for face in parse_detail_page(path.read_text(encoding="utf-8"), "x").card.faces]


MULTI_SIDED = [
    path
    for path in sorted([*FIXTURES.glob("detail_*.html"), *REAL_FIXTURES.glob("detail_*.html")])
    if len(_faces(path)) > 1
]


def _lost_closings(path: Path) -> list[tuple[str, list[int], str]]:
    """(the heading's start, the sides it names, the page without that heading's closing tag)."""
    html = path.read_text(encoding="utf-8")
    faces = _faces(path)
    found = []
    for heading in HEADING.finditer(html):
        sides = [n for n, face in enumerate(faces) if face in heading[2]]
        if sides:
            end = html.index(f"</{heading[1]}>", heading.end())
            found.append((heading[0], sides, html[:end] + html[end + len(heading[1]) + 3 :]))
    return found


CASES = [(path, start, sides, broken) for path in MULTI_SIDED for start, sides, broken in _lost_closings(path)]


def test_the_class_is_every_side_of_every_multi_sided_stand_in_card():
    """The premise: twinpacts and multi-sided cards of both site shapes, and every side of each has a
    heading that names it (the later sides included)."""
    stems = {path.stem for path in MULTI_SIDED}
    assert {f"detail_dmtest-00{n}" for n in (1, 2, 3)} | {"detail_dmreal-001", "detail_dmreal-002"} <= stems
    for path in MULTI_SIDED:
        named = {side for case in CASES if case[0] == path for side in case[2]}
        assert named == set(range(len(_faces(path)))), path.name


CASE_IDS = [f"{path.stem}-{start[1:3]}-side{'+'.join(map(str, sides))}" for path, start, sides, _ in CASES]


def read_right_or_refused(path: Path, broken: str) -> None:
    try:
        card = parse_detail_page(broken, "dmx-1").card
    except PageError as error:
        assert error.message.key == "page.detail.name-swallowed", error.message.key
        assert "malformed" in error.text("en") and len(error.text("en")) < 200
        return
    assert [face.name for face in card.faces] == _faces(path)  # read right, or refused: never run on


@pytest.mark.parametrize("path, start, sides, broken", CASES, ids=CASE_IDS)
def test_a_lost_heading_end_never_names_a_side_with_the_page(path, start, sides, broken):
    read_right_or_refused(path, broken)


PACKNAME = '<span class="packname">'
LOST_PACKNAMES = [
    (path, n, html[:at] + html[at + len(PACKNAME) :])
    for path in MULTI_SIDED
    for html in [path.read_text(encoding="utf-8")]
    for n, at in enumerate(match.start() for match in re.finditer(re.escape(PACKNAME), html))
]


@pytest.mark.parametrize(
    "path, n, broken", LOST_PACKNAMES, ids=[f"{path.stem}-span{n}" for path, n, _ in LOST_PACKNAMES]
)
def test_a_side_whose_set_number_lost_its_span_is_read_right_or_refused(path, n, broken):
    """Each side's "(DMTEST 2/12)" span, its class lost: the number is never installed in a side's name."""
    read_right_or_refused(path, broken)


OWN_HEADINGS = [(path, broken) for path, _start, sides, broken in CASES if len(sides) == 1 and sides[0] > 0]


def test_the_later_sides_with_headings_of_their_own_are_the_psychic_and_forbidden_cards():
    own = sorted({path.stem for path, _ in OWN_HEADINGS})
    assert own == ["detail_dmreal-002", "detail_dmtest-002", "detail_dmtest-003"]


@pytest.mark.parametrize("path, broken", OWN_HEADINGS, ids=[path.stem for path, _ in OWN_HEADINGS])
def test_a_later_side_whose_own_heading_is_not_closed_is_refused(path, broken):
    """A later side's own heading (not the page's): the page is refused, not read around."""
    with pytest.raises(PageError) as raised:
        parse_detail_page(broken, "dmx-1")
    assert raised.value.message.key == "page.detail.name-swallowed"


@pytest.mark.parametrize("path", MULTI_SIDED, ids=lambda path: path.stem)
def test_update_stops_and_keeps_the_data_when_a_side_name_ran_on(path, tmp_path, fixture_embedded_data):
    """End to end: the site serves the page with its last side's heading unclosed; no "Updated card
    data", the run stops naming the card, and the data on disk is byte for byte what it was."""
    *_, broken = next(case for case in reversed(CASES) if case[0] == path)
    card_id = path.stem.removeprefix("detail_")
    site = FakeSite("old" if path.parent == FIXTURES else "real")
    site.script[f"detail:{card_id}"] = [(200, broken)]
    data_dir = tmp_path / "data"
    before = previous_data(data_dir)
    with pytest.raises(UpdateError) as raised:
        run(site, data_dir)
    assert card_id in raised.value.text("en") and "malformed" in raised.value.text("en")
    assert data_bytes(data_dir) == before
