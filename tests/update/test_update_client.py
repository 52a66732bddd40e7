"""The update's HTTP client against sites that misbehave: bounded time and memory, one line each.

Slow servers are real ones on 127.0.0.1 (a socket timeout alone does not stop a server that
sends one byte a second); other answers come through ``responses``. No test touches the network.
"""

from __future__ import annotations

import base64
import gzip
import socket
import threading
import time
import tracemalloc
import zlib
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import requests
import responses
from hypothesis import example, given, settings
from hypothesis import strategies as st
from update_support import SOURCE, FakeClock, fake_site

from duepa_check.cli import main
from duepa_check.update import UpdateError, run_update
from duepa_check.update.client import MAX_BODY, SiteClient, check_pacing, parse_source

PAGE = "<html><body>ページ</body></html>"


def client(source: str = SOURCE, **options) -> SiteClient:
    options.setdefault("delay", 0)
    return SiteClient(source, requests.Session(), **options)


@contextmanager
def mocked(*answers: tuple[str, str, dict]) -> Iterator[responses.RequestsMock]:
    """robots.txt allows everything; then each (method, path, keyword arguments of responses.add)."""
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        mock.add(responses.GET, SOURCE + "/robots.txt", body="User-agent: *\nAllow: /\n")
        for method, path, options in answers:
            mock.add(method, SOURCE + path, **options)
        yield mock


# --- a trickling server ---------------------------------------------------------------------

NO_ROBOTS = b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"


@contextmanager
def trickling_server(head: bytes, body: bytes, pause: float) -> Iterator[str]:
    """Answers robots.txt at once (none: everything allowed), and every other request by sending
    ``head`` at once, then ``body`` one byte per ``pause``."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    stop = threading.Event()

    def serve(connection: socket.socket) -> None:
        with connection:
            try:
                if connection.recv(65536).startswith(b"GET /robots.txt "):
                    connection.sendall(NO_ROBOTS)
                    return
                connection.sendall(head)
                for byte in body:
                    if stop.wait(pause):
                        return
                    connection.sendall(bytes([byte]))
            except OSError:
                return

    def accept() -> None:
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except OSError:
                return
            threading.Thread(target=serve, args=(connection,), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        stop.set()
        listener.close()


@pytest.mark.parametrize("where", ["body", "headers"])
def test_a_server_sending_one_byte_at_a_time_is_given_up_on_by_the_deadline(where):
    """Each byte arrives well within the read timeout, so only the exchange's deadline can stop it."""
    slow = b"x" * 10_000
    if where == "body":
        head, body = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 10000\r\n\r\n", slow
    else:
        head, body = b"HTTP/1.1 200 OK\r\n", b"X-Slow: " + slow + b"\r\n\r\n"
    with trickling_server(head, body, pause=0.05) as url:
        site = client(url, request_deadline=1.0, attempts=2)
        started = time.monotonic()
        with pytest.raises(UpdateError, match=r"/rule/regulation/: no complete answer within 1 s \(tried 2 times\)"):
            site.get("/rule/regulation/")
        assert time.monotonic() - started < 6


def test_the_run_stops_at_its_overall_deadline_and_keeps_what_it_fetched(tmp_path, fixture_embedded_data):
    timer = FakeClock()
    site = client(delay=4, max_time=10, sleep=timer.sleep, clock=timer.clock)
    with mocked(("GET", "/rule/regulation/", {"body": PAGE})):
        site.get("/rule/regulation/")  # robots + page: 4 s of pause
        with pytest.raises(UpdateError, match=r"reached its time limit \(10 s, --max-time\)"):
            for _ in range(5):
                site.get("/rule/regulation/")
    assert timer.now - 100 <= 10


def test_max_time_reaches_the_cli_and_a_bad_one_is_one_line(capsys):
    assert main(["update", "--max-time", "nan", "--source", "http://127.0.0.1:9"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--max-time nan" in err


# --- bounded bodies ---------------------------------------------------------------------------


def test_a_gzip_bomb_is_refused_in_bounded_memory():
    bomb = gzip.compress(b"\0" * (200 * 1024 * 1024), compresslevel=9)  # 200 MB in about 200 KB
    assert len(bomb) < 1024 * 1024
    with mocked(("GET", "/rule/regulation/", {"body": bomb, "headers": {"Content-Encoding": "gzip"}})):
        site = client()
        tracemalloc.start()
        try:
            with pytest.raises(UpdateError, match=r"larger than 8 MB once decompressed; not read"):
                site.get("/rule/regulation/")
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
    assert peak < 3 * MAX_BODY  # about the cap, not the 200 MB the body would grow to


@pytest.mark.parametrize("encoding", ["gzip", "deflate"])
def test_compressed_pages_are_read(encoding):
    packed = gzip.compress(PAGE.encode()) if encoding == "gzip" else zlib.compress(PAGE.encode())
    with mocked(("GET", "/rule/regulation/", {"body": packed, "headers": {"Content-Encoding": encoding}})) as mock:
        assert client().get("/rule/regulation/") == PAGE
        assert mock.calls[-1].request.headers["Accept-Encoding"] == "gzip, deflate"


def test_a_plain_body_past_the_limit_is_refused():
    with mocked(("GET", "/rule/regulation/", {"body": b"a" * 5000})):
        with pytest.raises(UpdateError, match="larger than"):
            client(max_body=4096).get("/rule/regulation/")


@pytest.mark.parametrize(
    ("headers", "why"),
    [
        ({"Content-Encoding": "br"}, "Content-Encoding 'br', which duepa-check does not read"),
        ({"Content-Encoding": "gzip"}, "the gzip body is damaged"),
        ({"Content-Type": "text/html; charset=x-no-such-charset"}, "charset 'x-no-such-charset'"),
        ({"Content-Type": "text/html; charset=rot13"}, "charset 'rot13', which is not a known text encoding"),
    ],
)
def test_bodies_that_cannot_be_read_are_one_line(headers, why):
    with mocked(("GET", "/rule/regulation/", {"body": b"not what it says", "headers": headers})):
        with pytest.raises(UpdateError) as caught:
            client().get("/rule/regulation/")
    assert why in str(caught.value) and "\n" not in str(caught.value)


def test_a_declared_charset_is_used():
    body = PAGE.encode("shift_jis")
    with mocked(
        ("GET", "/rule/regulation/", {"body": body, "headers": {"Content-Type": "text/html; charset=Shift_JIS"}})
    ):
        assert client().get("/rule/regulation/") == PAGE


BODY_ERRORS = {"update.error.encoding", "update.error.damaged", "update.error.charset", "update.error.too-big"}


class Answer:
    """A streamed response as SiteClient reads one: a status, headers, ``raw.stream()``, ``close()``."""

    def __init__(self, status: int, reason: str, headers: dict[str, str], body: bytes) -> None:
        self.status_code, self.reason, self.headers, self.body = status, reason, headers, body
        self.raw = self

    def stream(self, amount: int, decode_content: bool) -> Iterator[bytes]:
        yield from (self.body[i : i + 7] for i in range(0, len(self.body), 7))

    def close(self) -> None:
        pass


class OneAnswer:
    """What SiteClient asks of a requests.Session: robots.txt is missing, every page is one answer."""

    def __init__(self, body: bytes, headers: dict[str, str]) -> None:
        self.headers: dict[str, str] = {}
        self.auth = None
        self.page = Answer(200, "OK", headers, body)

    def request(self, method: str, url: str, **options) -> Answer:
        return Answer(404, "Not Found", {}, b"") if url.endswith("/robots.txt") else self.page


@settings(max_examples=200, deadline=None)
@given(body=st.binary(max_size=200), charset=st.text(max_size=12), coding=st.sampled_from(["", "gzip", "deflate", "x"]))
@example(body=b"", charset="\x00", coding="")  # codecs.lookup's ValueError, not a LookupError
@example(body=b"not gzip", charset="", coding="gzip")
def test_property_any_body_and_headers_give_text_or_one_line(body, charset, coding):
    """Whatever bytes and headers come back: a str, or an UpdateError of one line that says what was
    wrong with the body (not the catch-all for an exception the client did not expect)."""
    headers = {"content-type": f"text/html; charset={charset}", "content-encoding": coding}
    site = SiteClient(SOURCE, OneAnswer(body, headers), delay=0)
    try:
        text = site.get("/card/")
    except UpdateError as error:
        assert "\n" not in str(error) and error.message.key in BODY_ERRORS, error.message
    else:
        assert isinstance(text, str)


# --- redirects, credentials, sources ------------------------------------------------------------


def test_a_redirect_to_another_host_is_not_followed():
    moved = {"status": 302, "headers": {"Location": "https://evil.example.test/steal"}}
    with mocked(("GET", "/rule/regulation/", moved)) as mock:
        with pytest.raises(UpdateError, match=r"redirects to another site \(https://evil.example.test\); not followed"):
            client().get("/rule/regulation/")
    assert all("evil" not in call.request.url for call in mock.calls)


def test_a_redirect_on_the_same_host_is_followed_and_checked_against_robots_txt():
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        mock.add(responses.GET, SOURCE + "/robots.txt", body="User-agent: *\nDisallow: /private/\n")
        mock.add(responses.GET, SOURCE + "/old/", status=301, headers={"Location": "/rule/regulation/"})
        mock.add(responses.GET, SOURCE + "/rule/regulation/", body=PAGE)
        mock.add(responses.GET, SOURCE + "/sneaky/", status=302, headers={"Location": "/private/x"})
        site = client()
        assert site.get("/old/") == PAGE
        with pytest.raises(UpdateError, match="robots.txt disallows /private/x"):
            site.get("/sneaky/")


def test_a_redirect_loop_ends():
    with mocked(("GET", "/loop/", {"status": 302, "headers": {"Location": "/loop/"}})):
        with pytest.raises(UpdateError, match="more than 5 redirects"):
            client().get("/loop/")


def test_credentials_in_the_source_are_used_but_never_recorded_or_shown(tmp_path, fixture_embedded_data):
    seen: list[str] = []
    with fake_site() as url:
        secret_url = url.replace("http://", "http://duelist:s3cr%40t@")
        session = requests.Session()
        real_send = session.send

        def send(request, **kwargs):
            seen.append(request.headers.get("Authorization", ""))
            return real_send(request, **kwargs)

        session.send = send  # type: ignore[method-assign]
        summary = run_update(secret_url, tmp_path / "data", delay=0, session=session)
    assert summary.source == url
    assert seen and all(value == "Basic " + base64.b64encode(b"duelist:s3cr@t").decode() for value in seen)
    written = b"".join(p.read_bytes() for p in (tmp_path / "data").rglob("*") if p.is_file())
    assert b"s3cr" not in written and b"duelist" not in written


@pytest.mark.parametrize(
    ("source", "why"),
    [
        ("http://[::1", "is not a valid URL"),
        ("http://127.0.0.1:99999", "is not a valid URL"),
        ("ftp://example.test", "is not an http(s) URL"),
        ("http://", "is not an http(s) URL with a host"),
        ("https://example.test/?page=1", "without ?query"),
        ("http://exa mple.test", "spaces or control characters"),
        ("http://example.test/\x1b[31m", "spaces or control characters"),
    ],
)
def test_a_bad_source_is_one_line_exit_2(capsys, tmp_path, source, why):
    code = main(["update", "--source", source, "--data-dir", str(tmp_path / "data")])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err and why in err
    assert "\x1b" not in err
    assert not (tmp_path / "data").exists()


def test_a_source_keeps_its_port_and_path_and_loses_only_credentials():
    assert parse_source("https://u:p@Example.test:8443/mirror/") == ("https://example.test:8443/mirror", ("u", "p"))
    assert parse_source("http://[::1]:8080") == ("http://[::1]:8080", None)
    assert parse_source(None).url == "https://dm.takaratomy.co.jp"


# --- pacing: delay, Crawl-delay, Retry-After ------------------------------------------------------


@pytest.mark.parametrize("delay", ["nan", "inf", "1e9"])
def test_a_delay_that_is_not_a_sane_number_is_one_line(capsys, tmp_path, delay):
    code = main(["update", "--delay", delay, "--source", "http://127.0.0.1:9", "--data-dir", str(tmp_path / "d")])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert f"--delay {float(delay)}" in err


@pytest.mark.parametrize("delay", [float("nan"), float("inf"), -1.0])
def test_check_pacing_refuses_what_would_disable_the_pause(delay):
    with pytest.raises(UpdateError, match="--delay"):
        check_pacing(delay, 60)


def test_a_crawl_delay_is_honoured_up_to_the_cap():
    timer = FakeClock()
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        mock.add(responses.GET, SOURCE + "/robots.txt", body="User-agent: *\nCrawl-delay: 5\n")
        mock.add(responses.GET, SOURCE + "/rule/regulation/", body=PAGE)
        site = client(delay=1, sleep=timer.sleep, clock=timer.clock)
        site.get("/rule/regulation/")
        site.get("/rule/regulation/")
    assert site.delay == 5 and timer.sleeps and min(timer.sleeps) >= 5


@pytest.mark.parametrize("value", ["86400", "²"])
def test_a_crawl_delay_past_the_cap_or_unreadable_stops_before_any_page(value):
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        mock.add(responses.GET, SOURCE + "/robots.txt", body=f"User-agent: *\nCrawl-delay: {value}\n")
        mock.add(responses.GET, SOURCE + "/rule/regulation/", body=PAGE)
        with pytest.raises(UpdateError, match="robots.txt (asks for 24 h between requests|cannot be read)"):
            client().get("/rule/regulation/")
        assert [call.request.url for call in mock.calls] == [SOURCE + "/robots.txt"]


def test_retry_after_is_honoured_up_to_the_cap():
    timer = FakeClock()
    with mocked(("GET", "/rule/regulation/", {"status": 503, "headers": {"Retry-After": "7"}})) as mock:
        mock.add(responses.GET, SOURCE + "/rule/regulation/", body=PAGE)
        site = client(delay=1, sleep=timer.sleep, clock=timer.clock)
        assert site.get("/rule/regulation/") == PAGE
    assert 7 in timer.sleeps


@pytest.mark.parametrize("value", ["3600", "Wed, 21 Oct 2099 07:28:00 GMT"])
def test_a_retry_after_past_the_cap_stops_with_come_back_later(value):
    timer = FakeClock()
    with mocked(("GET", "/rule/regulation/", {"status": 503, "headers": {"Retry-After": value}})):
        with pytest.raises(
            UpdateError, match=r"answered 503 Service Unavailable and asks to come back in .*; run update again later"
        ):
            client(sleep=timer.sleep, clock=timer.clock).get("/rule/regulation/")
    assert all(s <= 60 for s in timer.sleeps)


def test_an_unreadable_retry_after_means_the_usual_back_off():
    timer = FakeClock()
    with mocked(("GET", "/rule/regulation/", {"status": 503, "headers": {"Retry-After": "soon\x00"}})) as mock:
        mock.add(responses.GET, SOURCE + "/rule/regulation/", body=PAGE)
        assert client(delay=1, sleep=timer.sleep, clock=timer.clock).get("/rule/regulation/") == PAGE


# --- what the site says is shown on one line ------------------------------------------------------


def test_control_characters_from_the_site_are_escaped_in_the_summary():
    from datetime import date
    from pathlib import Path

    from duepa_check.update.summary import StatusChange, UpdateSummary, render_summary

    summary = UpdateSummary(data_dir=Path("d"), source=SOURCE, new_cards=["悪意\x1b[2J\nカード", "正常カード"])
    summary.status_changes.append(StatusChange(date(2026, 1, 1), "x\u202ey", "unrestricted", "hall_of_fame"))
    lines = render_summary(summary)
    assert all("\x1b" not in line and "\n" not in line and "\u202e" not in line for line in lines)
    text = "\n".join(lines)
    assert "悪意\\x1b[2J\\x0aカード、正常カード" in text and "x\\u202ey" in text


def test_a_reason_phrase_with_control_characters_is_escaped():
    with mocked(("GET", "/rule/regulation/", {"status": 418, "body": "x"})) as mock:
        mock.replace(responses.GET, SOURCE + "/rule/regulation/", status=418, body="x")
        with pytest.raises(UpdateError) as caught:
            client().get("/rule/regulation/")
    assert "\n" not in str(caught.value)


def test_a_redirected_robots_txt_is_followed_not_recursed_into():
    """http://site/robots.txt → https://site/robots.txt (a common redirect): read once, its rules apply."""
    plain = SOURCE.replace("https://", "http://")
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        mock.add(responses.GET, plain + "/robots.txt", status=301, headers={"Location": SOURCE + "/robots.txt"})
        mock.add(responses.GET, SOURCE + "/robots.txt", body="User-agent: *\nDisallow: /private/\n")
        mock.add(responses.GET, plain + "/rule/regulation/", body=PAGE)
        site = client(plain)
        assert site.get("/rule/regulation/") == PAGE
        with pytest.raises(UpdateError, match="robots.txt disallows /private/"):
            site.get("/private/")
        assert sum(call.request.url.endswith("/robots.txt") for call in mock.calls) == 2  # the redirect and its target
