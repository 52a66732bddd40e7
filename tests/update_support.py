"""Helpers the update tests share: a fake official site, a tiny embedded pool, the data's bytes.

No helper touches the network: ``FakeSite.mock`` routes ``responses`` to the fixture pages, and
``fake_site()`` serves them from a small ``http.server`` on 127.0.0.1. ``write_fixture_embedded``
writes a tiny embedded pool and regulation, so that results do not depend on the real card_data
(the ``fixture_embedded_data`` fixture in tests/conftest.py points the package at it). Import them
with ``from update_support import ...``, as tests/support.py.
"""

from __future__ import annotations

import contextlib
import http.server
import json
import re
import threading
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import responses

from duepa_check import update
from duepa_check.data.cards import Card, Face
from duepa_check.data.files import write_card_data
from duepa_check.data.pool import CardPool
from duepa_check.data.regulation import Combo, Regulation, dump_regulation, load_current
from duepa_check.data.userdata import DATA_FILES, POINTER_FILE, data_folder
from duepa_check.update import run_update
from duepa_check.update.install import LOCK_FILE, install_overlay
from duepa_check.update.merge import load_previous

FIXTURES = Path(__file__).parent / "fixtures" / "official"
REAL_FIXTURES = Path(__file__).parent / "fixtures" / "official_real"
SOURCE = "https://dm.example.test"
TWINPACT = "轟炎竜 テストバーン／紅蓮の試験"


# --- the fake site ----------------------------------------------------------------------


class FakeSite:
    """Serves the fixture pages by route; ``script`` queues special answers per route.

    Routes: ``robots``, ``list:N``, ``detail:ID``, ``regulation``. A scripted item is a
    (status, body) pair or an exception to raise (responses only); each is used once.
    ``shape`` picks the site: "old" lists by POST /card/ (tests/fixtures/official), "real"
    by GET /card/?v=<JSON> and refuses the POST form (tests/fixtures/official_real).
    """

    def __init__(self, shape: str = "old") -> None:
        self.shape = shape
        self.fixtures = FIXTURES if shape == "old" else REAL_FIXTURES
        self.script: dict[str, list[tuple[int, str] | BaseException]] = {}
        self.seen: list[str] = []

    def route(self, method: str, path: str, query: str, form: str) -> str:
        if method == "GET" and path == "/robots.txt":
            return "robots"
        if path == "/card/" and self.shape == "old" and method == "POST":
            return f"list:{parse_qs(form).get('pagenum', ['1'])[0]}"
        if path == "/card/" and self.shape == "real" and method == "GET" and "v" in parse_qs(query):
            return f"list:{json.loads(parse_qs(query)['v'][0]).get('pagenum', '1')}"
        if path == "/card/" and self.shape == "real" and method == "POST":
            return "refused:POST /card/"
        if method == "GET" and path == "/card/detail/":
            return f"detail:{parse_qs(query).get('id', [''])[0]}"
        if method == "GET" and path == "/rule/regulation/":
            return "regulation"
        return f"other:{method} {path}"

    def default(self, key: str) -> tuple[int, str]:
        kind, _, arg = key.partition(":")
        if kind == "refused":
            return 405, "<html><body>Method Not Allowed</body></html>"
        name = {
            "robots": "robots.txt",
            "list": f"list_page_{arg}.html",
            "detail": f"detail_{arg}.html",
            "regulation": "regulation.html",
        }.get(kind)
        if kind == "list" and not (self.fixtures / name).is_file():
            name = "list_page_empty.html"
        if name and (self.fixtures / name).is_file():
            return 200, (self.fixtures / name).read_text(encoding="utf-8")
        return 404, "<html><body>not found</body></html>"

    def respond(self, method: str, path: str, query: str, form: str) -> tuple[int, str]:
        key = self.route(method, path, query, form)
        self.seen.append(key)
        queue = self.script.get(key)
        if queue:
            item = queue.pop(0)
            if isinstance(item, BaseException):
                raise item
            return item
        return self.default(key)

    def requested(self, prefix: str) -> list[str]:
        return [key for key in self.seen if key.startswith(prefix)]

    def mock(self, mocker: responses.RequestsMock, source: str = SOURCE) -> None:
        """Route every request to ``source`` through this site."""

        def callback(request):
            parts = urlsplit(request.url)
            body = request.body or ""
            form = body.decode() if isinstance(body, bytes) else body
            status, text = self.respond(request.method, parts.path, parts.query, form)
            return status, {"Content-Type": "text/html; charset=UTF-8"}, text.encode("utf-8")

        pattern = re.compile(re.escape(source) + r"/.*")
        for method in (responses.GET, responses.POST):
            mocker.add_callback(method, pattern, callback=callback)


@contextlib.contextmanager
def fake_site(site: FakeSite | None = None) -> Iterator[str]:
    """A real HTTP server on 127.0.0.1 (random port) serving the fake site; yields its URL."""
    site = site or FakeSite()

    class Handler(http.server.BaseHTTPRequestHandler):
        def _answer(self, method: str) -> None:
            parts = urlsplit(self.path)
            length = int(self.headers.get("Content-Length") or 0)
            form = self.rfile.read(length).decode("utf-8") if length else ""
            status, text = site.respond(method, parts.path, parts.query, form)
            body = text.encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "text/html; charset=UTF-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
            self._answer("GET")

        def do_POST(self) -> None:  # noqa: N802
            self._answer("POST")

        def log_message(self, *args) -> None:  # keep test output quiet
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def old_card(name: str, card_id: str, civ: str, cost: int, power: int = 2000, **extra) -> Card:
    face = Face(name=name, type="クリーチャー", civilizations=(civ,), cost=cost, power=power, races=("テスター",))
    card = Card(name=name, faces=(face,), ids=(card_id,), **extra)
    return card.replace(partner_eligible=card.partner_problem(5) is None)


def _sealed_card() -> Card:
    """A two-sided card stored under its image ids (…-006a, …-006b), as the embedded pool does."""
    faces = (
        Face(name="封印テスター", type="禁断フィールド", civilizations=(), cost=None, power=None),
        Face(name="解放テスター", type="禁断クリーチャー", civilizations=("闇",), cost=8, power=9000),
    )
    card = Card(
        name="封印テスター",
        faces=faces,
        layout="multi_side",
        zone="starts_in_battle_zone",
        ids=("dmold-006a", "dmold-006b"),
    )
    return card.replace(partner_eligible=False)


def write_fixture_embedded(directory: Path) -> Path:
    """A tiny stand-in for card_data/: five known cards and a dated regulation."""
    cards = [
        old_card("ボルテスト・ドラゴン", "dmold-001", "火", 7, 6000, english=("Bolltest Dragon",)),
        old_card("テスト・ブレイン", "dmold-002", "水", 4),
        old_card("アクア・テスター", "dmold-003", "水", 2),
        old_card("古参テスター", "dmold-004", "光", 3),
        old_card("旧式テスター", "dmold-005", "闇", 5),
        _sealed_card(),
    ]
    write_card_data(cards, {"sources": ["test fixture"]}, directory)
    regulation = Regulation(data_date=date(2025, 8, 12), sources=["test fixture"])
    regulation.events = {
        "テスト・ブレイン": [(date(2004, 3, 15), "hall_of_fame")],
        "アクア・テスター": [(date(2005, 3, 15), "hall_of_fame"), (date(2020, 1, 1), "premium_hall_of_fame")],
        "古参テスター": [(date(2019, 7, 1), "hall_of_fame")],
        "解除テスター": [(date(2010, 1, 1), "hall_of_fame")],
    }
    regulation.combos = [Combo(cards=("ボルテスト・ドラゴン", "旧式テスター"), since=date(2022, 8, 15))]
    (directory / "regulation.yaml").write_text(dump_regulation(regulation), encoding="utf-8")
    return directory


def previous_data(data_dir: Path) -> dict[str, bytes]:
    """An overlay from an earlier update; returns its bytes for the 'nothing changed' checks."""
    card = old_card("前回テスター", "dmprev-001", "火", 6)
    write_card_data([card], {"sources": ["earlier update"]}, data_dir)
    regulation = Regulation(data_date=date(2025, 8, 12), sources=["earlier update"])
    regulation.events = {"テスト・ブレイン": [(date(2004, 3, 15), "hall_of_fame")]}
    (data_dir / "regulation.yaml").write_text(dump_regulation(regulation), encoding="utf-8")
    return data_bytes(data_dir)


def data_bytes(data_dir: Path) -> dict[str, bytes]:
    """The data in use, by name: the pointer and the files it names (or the flat layout's files).

    The resume log and the lock file sit beside the data and are not part of it.
    """
    folder = data_folder(data_dir)
    found = {name: (folder / name).read_bytes() for name in DATA_FILES if folder and (folder / name).is_file()}
    if (data_dir / POINTER_FILE).is_file():
        found[POINTER_FILE] = (data_dir / POINTER_FILE).read_bytes()
    return found


def assert_untouched(data_dir: Path, before: dict[str, bytes]) -> None:
    assert data_bytes(data_dir) == before
    assert_no_leftovers(data_dir)


def assert_no_leftovers(data_dir: Path) -> None:
    """Only the data in use, the resume log and the lock: no other folder, no temporary file."""
    folder = data_folder(data_dir)
    allowed = {*DATA_FILES, POINTER_FILE, update.STATE_FILE, LOCK_FILE, folder.name if folder else ""}
    assert sorted(p.name for p in data_dir.iterdir() if p.name not in allowed) == []
    leftovers = [p.name for p in data_dir.parent.iterdir() if p.name.startswith(f".{data_dir.name}.")]
    assert leftovers == []


def run(data_dir: Path, **options) -> update.UpdateSummary:
    """An update of ``data_dir`` from the site at ``SOURCE`` (mocked by the test; no pause)."""
    return run_update(SOURCE, data_dir, delay=0, **options)


class FakeClock:
    """A clock that sleeps by moving its time on: ``SiteClient(sleep=..., clock=...)``."""

    def __init__(self) -> None:
        self.now = 100.0
        self.sleeps: list[float] = []

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds

    def clock(self) -> float:
        return self.now


def mocked(site: FakeSite) -> responses.RequestsMock:
    """A ``responses`` mock (to enter) routing every request to ``SOURCE`` through ``site``."""
    mocker = responses.RequestsMock(assert_all_requests_are_fired=False)
    site.mock(mocker)
    return mocker


def run_on(site: FakeSite, data_dir: Path, **options) -> update.UpdateSummary:
    """An update of ``data_dir`` from ``site`` (no pause between requests)."""
    with mocked(site):
        return run_update(SOURCE, data_dir, delay=0, **options)


# --- data installed in each layout ---------------------------------------------------------

OLD_CARD, NEW_CARD = "旧データテスター", "新データテスター"
OLD_DATE, NEW_DATE = date(2025, 9, 1), date(2026, 1, 1)


def dataset(which: str) -> tuple[list, Regulation]:
    marker = OLD_CARD if which == "old" else NEW_CARD
    cards = [old_card(marker, f"{which}-1", "火", 6), old_card("共通テスター", "common-1", "水", 3)]
    regulation = Regulation(data_date=OLD_DATE if which == "old" else NEW_DATE, sources=[f"{which} test data"])
    return cards, regulation


def install_data(data_dir: Path, which: str, run: str = "") -> None:
    cards, regulation = dataset(which)
    install_overlay(data_dir, cards, regulation, SOURCE, load_previous(data_dir), run=run or which)


def what_a_reader_sees(data_dir: Path) -> str:
    """'old', 'new' or 'none' — anything else (a mix, an error) fails the test."""
    pool = CardPool.load(data_dir)
    regulation = load_current(data_dir)
    has_old, has_new = pool.get(OLD_CARD) is not None, pool.get(NEW_CARD) is not None
    if has_old and not has_new and regulation.data_date == OLD_DATE:
        return "old"
    if has_new and not has_old and regulation.data_date == NEW_DATE:
        return "new"
    if len(pool.shards) == 1 and not has_old and not has_new and regulation.data_date < OLD_DATE:
        return "none"
    raise AssertionError(f"a mix: old card {has_old}, new card {has_new}, regulation {regulation.data_date}")


def start_with(data_dir: Path, layout: str) -> str:
    """Put the 'old' data in place in a layout; returns what a reader sees before the new install."""
    data_dir.mkdir(parents=True, exist_ok=True)
    if layout == "pointer":
        install_data(data_dir, "old")
    elif layout == "flat":  # what releases before the pointer wrote
        cards, regulation = dataset("old")
        write_card_data(cards, {"sources": ["older release"]}, data_dir)
        (data_dir / "regulation.yaml").write_text(dump_regulation(regulation), encoding="utf-8")
    return what_a_reader_sees(data_dir)
