"""A polite, bounded HTTP client for one site.

Polite: robots.txt (and its Crawl-delay), a pause between requests, retries with back-off,
stop on 403/429. Bounded, because a site (or something posing as it) may misbehave: every
exchange — name look-up, connect, headers, body — ends within ``REQUEST_DEADLINE``; the run
ends by its overall deadline; a body is read up to ``MAX_BODY`` bytes *after* decompression
(gzip and deflate are decoded here, with a limit, so a small bomb cannot grow to gigabytes);
redirects are followed only on the same host; waits the site asks for (Crawl-delay,
Retry-After) are honoured up to a cap, and beyond it the update stops rather than either
hammering the site or hanging.

``requests`` is imported only when a session is built or a request is sent, so importing this
module costs the checker nothing.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from .. import PROJECT_URL, __version__
from ..messages import Msg, msg
from .common import UpdateError

if TYPE_CHECKING:  # pragma: no cover - typing only
    from urllib.robotparser import RobotFileParser

    import requests

DEFAULT_SOURCE = "https://dm.takaratomy.co.jp"
USER_AGENT = f"duepa-check/{__version__} (+{PROJECT_URL})"
MIN_DELAY = 1.0  # seconds between two requests; the CLI never goes below it
MAX_DELAY = 3600.0  # a longer pause than an hour between requests is a typo, not politeness
TIMEOUT = (10.0, 30.0)  # connect, and each wait for bytes
REQUEST_DEADLINE = 60.0  # seconds for one whole exchange, however slowly the bytes come
MAX_TIME = 6 * 3600.0  # the default overall deadline of a run (it resumes where it stopped)
MAX_BODY = 8 * 1024 * 1024  # bytes of one page after decompression (real pages: < 1 MB)
CHUNK = 16 * 1024
ATTEMPTS = 3  # one request plus two retries on 5xx / connection errors / timeouts
MAX_RETRY_AFTER = 60.0  # a longer Retry-After stops the run: "come back later"
MAX_CRAWL_DELAY = 60.0  # a longer robots.txt Crawl-delay stops the run before it starts
MAX_REDIRECTS = 5
RETRY_STATUSES = frozenset({500, 502, 503, 504})
STOP_STATUSES = frozenset({403, 429})
REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})


class Source(NamedTuple):
    """The site to read: its URL without credentials (what is shown and recorded), and them apart."""

    url: str
    auth: tuple[str, str] | None = None


def parse_source(text: str | None) -> Source:
    """Check ``--source`` and take any ``user:password@`` out of it; a bad URL is one line, not a traceback."""
    from urllib.parse import unquote, urlsplit, urlunsplit

    text = (text or DEFAULT_SOURCE).strip().rstrip("/")
    shown = _escaped(text)
    if any(ord(c) < 0x21 or ord(c) == 0x7F for c in text):
        raise UpdateError(msg("update.error.source-spaces", source=shown))
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError as error:
        raise UpdateError(msg("update.error.source-invalid", source=shown, why=str(error))) from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise UpdateError(msg("update.error.source-not-http", source=shown))
    if parts.query or parts.fragment:
        raise UpdateError(msg("update.error.source-query", source=shown))
    host = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    netloc = host + (f":{port}" if port is not None else "")
    auth = (unquote(parts.username or ""), unquote(parts.password or "")) if parts.username is not None else None
    return Source(urlunsplit((parts.scheme, netloc, parts.path.rstrip("/"), "", "")), auth)


def check_pacing(delay: float, max_time: float) -> None:
    """Finite numbers only: ``nan`` would compare false everywhere and silently disable the pause."""
    if not (isinstance(delay, (int, float)) and 0 <= delay <= MAX_DELAY):
        raise UpdateError(msg("update.error.delay", delay=delay, most=f"{MAX_DELAY:.0f}"))
    if not (isinstance(max_time, (int, float)) and 0 < max_time < math.inf):
        raise UpdateError(msg("update.error.max-time", max_time=max_time))


def new_session() -> requests.Session:
    import requests

    return requests.Session()


class Reply(NamedTuple):
    """One answer, read whole and bounded: what the rest of the update looks at."""

    status: int
    reason: str
    headers: dict[str, str]  # lower-case names
    url: str
    body: bytes


class _Deadline(Exception):
    """One exchange took longer than its deadline (treated like a timeout: retried)."""


class SiteClient:
    """One session to one site: robots.txt, a pause between requests, retries, stop on 403/429."""

    def __init__(
        self,
        source: str,
        session: requests.Session,
        delay: float = MIN_DELAY,
        timeout: tuple[float, float] = TIMEOUT,
        attempts: int = ATTEMPTS,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
        max_time: float = MAX_TIME,
        request_deadline: float = REQUEST_DEADLINE,
        max_body: int = MAX_BODY,
    ) -> None:
        parsed = parse_source(source)
        check_pacing(delay, max_time)
        self.source = parsed.url
        self.session = session
        if parsed.auth is not None:
            self.session.auth = parsed.auth
        self.session.headers["User-Agent"] = USER_AGENT
        self.session.headers.setdefault("Accept-Language", "ja")
        self.session.headers["Accept-Encoding"] = "gzip, deflate"  # what _read_body can decode with a limit
        self.delay = max(0.0, delay)
        self.timeout = timeout
        self.attempts = max(1, attempts)
        self.sleep = sleep
        self.clock = clock
        self.max_time = max_time
        self.run_deadline = clock() + max_time
        self.request_deadline = request_deadline
        self.max_body = max_body
        self._last_request: float | None = None
        self._robots: RobotFileParser | None = None
        self._loading_robots = False

    def url(self, path: str) -> str:
        return self.source + path

    def get(self, path: str, **kwargs: Any) -> str | None:
        """The page text, or None when the site answers 404 (a card that was taken down)."""
        return self._text(self.request("GET", path, missing_ok=True, **kwargs))

    def get_if_served(self, path: str) -> str | None:
        """The page text, or None when the site refuses this request (any 4xx but 403/429, which stop)."""
        self._check_robots(path)
        reply = self._send("GET", self.url(path))
        if 400 <= reply.status < 500:
            return None
        if reply.status >= 500:
            raise UpdateError(msg("update.error.status", url=reply.url, status=_status(reply)))
        return self._text(reply)

    def post(self, path: str, data: dict[str, str] | list[tuple[str, str]]) -> str:
        return self._text(self.request("POST", path, data=data))  # type: ignore[return-value]

    def request(self, method: str, path: str, missing_ok: bool = False, **kwargs: Any) -> Reply | None:
        self._check_robots(path)
        reply = self._send(method, self.url(path), **kwargs)
        if reply.status == 404 and missing_ok:
            return None
        if reply.status >= 400:
            raise UpdateError(msg("update.error.status", url=reply.url, status=_status(reply)))
        return reply

    # --- sending, with retries, redirects and deadlines ---------------------------------

    def _send(self, method: str, url: str, **kwargs: Any) -> Reply:
        """Send with retries; stop at once on 403/429, which mean: leave this site alone."""
        for attempt in range(1, self.attempts + 1):
            self._wait_turn()
            problem: Msg | str
            try:
                reply = self._follow(method, url, **kwargs)
            except _Deadline:
                problem = msg("update.problem.no-answer", seconds=f"{self.request_deadline:.0f}")
            except UpdateError:
                raise
            except Exception as error:  # requests' transport errors, and anything odd below them
                if not _is_transient(error):
                    raise UpdateError(msg("update.error.at", url=url, problem=_describe(error, url))) from None
                problem = _describe(error, url)
            else:
                if reply.status in STOP_STATUSES:
                    raise UpdateError(msg("update.error.status", url=reply.url, status=_status(reply)))
                if reply.status in RETRY_STATUSES and attempt < self.attempts:
                    self._pause(max(self._backoff(attempt), self._retry_after(reply)), reply.url)
                    continue
                return reply
            if attempt == self.attempts:
                raise UpdateError(msg("update.error.tried", url=url, problem=problem, attempts=self.attempts))
            self._pause(self._backoff(attempt), url)
        raise AssertionError("unreachable")  # pragma: no cover

    def _follow(self, method: str, url: str, **kwargs: Any) -> Reply:
        """One request and its redirects on the same host; another host is not followed."""
        from urllib.parse import urljoin, urlsplit

        for _ in range(MAX_REDIRECTS + 1):
            reply = self._exchange(method, url, **kwargs)
            if reply.status not in REDIRECT_STATUSES or "location" not in reply.headers:
                return reply
            target = urljoin(url, reply.headers["location"])
            here, there = urlsplit(url), urlsplit(target)
            if (there.hostname or "").lower() != (here.hostname or "").lower() or there.scheme not in ("http", "https"):
                target_site = f"{_escaped(there.scheme)}://{_escaped(there.netloc)}"
                raise UpdateError(msg("update.error.other-site", url=url, target=target_site))
            self._check_robots(there.path or "/", quoted_url=target)
            if reply.status in (301, 302, 303) and method != "GET":
                method, kwargs = "GET", {k: v for k, v in kwargs.items() if k not in ("data", "json")}
            url = target
        raise UpdateError(msg("update.error.redirects", url=url, most=MAX_REDIRECTS))

    def _exchange(self, method: str, url: str, **kwargs: Any) -> Reply:
        """One HTTP exchange in a worker thread, waited for at most until its deadline.

        Socket timeouts bound each wait for bytes, not the whole: a server sending one byte a
        second (or a name look-up that hangs) never trips them. Waiting on a thread bounds it
        all; an abandoned exchange is shut down as far as urllib3 allows and dies with the run.
        """
        limit = min(self.request_deadline, self.run_deadline - self.clock())
        if limit <= 0:
            raise self._out_of_time(url)
        outcome: dict[str, Any] = {}

        def work() -> None:
            try:
                outcome["reply"] = self._exchange_now(method, url, outcome, **kwargs)
            except BaseException as error:  # handed to the waiting thread as it is
                outcome["error"] = error

        worker = threading.Thread(target=work, name="duepa-check-request", daemon=True)
        worker.start()
        worker.join(limit)
        self._last_request = self.clock()
        if worker.is_alive():
            outcome["abandoned"] = True
            shutdown = getattr(getattr(outcome.get("response"), "raw", None), "shutdown", None)
            if shutdown is not None:
                try:
                    shutdown()
                except Exception:  # pragma: no cover - best effort on a connection we give up on
                    pass
            if limit < self.request_deadline:
                raise self._out_of_time(url)
            raise _Deadline()
        if "error" in outcome:
            raise outcome["error"]
        reply: Reply = outcome["reply"]
        return reply

    def _exchange_now(self, method: str, url: str, outcome: dict[str, Any], **kwargs: Any) -> Reply:
        response = self.session.request(method, url, timeout=self.timeout, stream=True, allow_redirects=False, **kwargs)
        outcome["response"] = response
        try:
            headers = {name.lower(): value for name, value in response.headers.items()}
            body = (
                b"" if response.status_code in REDIRECT_STATUSES else self._read_body(response, headers, url, outcome)
            )
            return Reply(response.status_code, response.reason or "", headers, url, body)
        finally:
            response.close()

    def _read_body(
        self, response: requests.Response, headers: dict[str, str], url: str, outcome: dict[str, Any]
    ) -> bytes:
        """The body, decompressed here with a cap: never more than ``max_body`` bytes in memory."""
        import zlib

        coding = headers.get("content-encoding", "identity").strip().lower()
        if coding in ("gzip", "x-gzip", "deflate"):
            decoder = zlib.decompressobj(47)  # 32 + 15: a gzip or zlib header, detected
        elif coding in ("", "identity"):
            decoder = None
        else:
            raise UpdateError(msg("update.error.encoding", url=url, coding=_escaped(coding)))
        declared = headers.get("content-length", "")
        if decoder is None and declared.isdigit() and int(declared) > self.max_body:
            raise self._too_big(url)
        size, parts = 0, []
        try:
            for raw in response.raw.stream(CHUNK, decode_content=False):
                if outcome.get("abandoned"):
                    break
                data = decoder.decompress(raw, self.max_body + 1 - size) if decoder is not None else raw
                size += len(data)
                if size > self.max_body:
                    raise self._too_big(url)
                parts.append(data)
            if decoder is not None:
                parts.append(decoder.flush(self.max_body + 1 - size))
        except zlib.error as error:
            raise UpdateError(msg("update.error.damaged", url=url, coding=coding, why=str(error))) from None
        body = b"".join(parts)
        if len(body) > self.max_body:
            raise self._too_big(url)
        return body

    def _too_big(self, url: str) -> UpdateError:
        return UpdateError(msg("update.error.too-big", url=url, size=self.max_body // 1024 // 1024))

    def _out_of_time(self, url: str) -> UpdateError:
        return UpdateError(msg("update.error.time-limit", limit=_duration(self.max_time), url=url))

    # --- pacing ---------------------------------------------------------------------

    def _backoff(self, attempt: int) -> float:
        return self.delay * 2.0 ** (attempt - 1)

    def _pause(self, seconds: float, url: str) -> None:
        if self.clock() + seconds > self.run_deadline:
            raise self._out_of_time(url)
        if seconds > 0:
            self.sleep(seconds)

    def _wait_turn(self) -> None:
        if self._last_request is None:
            return
        remaining = self._last_request + self.delay - self.clock()
        if remaining > 0:
            self._pause(remaining, self.source)

    def _retry_after(self, reply: Reply) -> float:
        """Seconds the site asks us to wait (a number or an HTTP date); more than the cap stops the run."""
        value = reply.headers.get("retry-after", "").strip()
        seconds = 0.0
        if value.isascii() and value.isdigit():
            seconds = float(value)
        elif value:
            from email.utils import parsedate_to_datetime

            try:
                seconds = max(0.0, parsedate_to_datetime(value).timestamp() - time.time())
            except (TypeError, ValueError, OverflowError, IndexError):
                seconds = 0.0
        if seconds > MAX_RETRY_AFTER:
            raise UpdateError(
                msg("update.error.come-back-later", url=reply.url, status=_status(reply), wait=_duration(seconds))
            )
        return seconds

    # --- robots.txt -----------------------------------------------------------------

    def _check_robots(self, path: str, quoted_url: str | None = None) -> None:
        if self._robots is None:
            if self._loading_robots:
                return  # a redirect of robots.txt itself (http → https): there are no rules to ask yet
            self._loading_robots = True
            try:
                self._robots = self._load_robots()
            finally:
                self._loading_robots = False
        if not self._robots.can_fetch(USER_AGENT, quoted_url or self.url(path)):
            raise UpdateError(msg("update.error.robots-disallows", source=self.source, path=_escaped(path)))

    def _load_robots(self) -> RobotFileParser:
        """robots.txt through the same session; missing (404 or other 4xx) means everything is allowed."""
        from urllib.robotparser import RobotFileParser

        url = self.url("/robots.txt")
        parser = RobotFileParser(url)
        reply = self._send("GET", url)
        if reply.status >= 500:
            raise UpdateError(msg("update.error.status", url=url, status=_status(reply)))
        if reply.status >= 400:
            parser.parse([])  # an empty robots.txt: everything is allowed
            return parser
        try:
            parser.parse(self._text(reply).splitlines())  # type: ignore[union-attr]
            crawl_delay = parser.crawl_delay(USER_AGENT)
        except (ValueError, TypeError) as error:  # e.g. a Crawl-delay of "²": isdigit() but not int()
            raise UpdateError(msg("update.error.robots-unreadable", url=url, why=str(error))) from None
        if crawl_delay:
            if float(crawl_delay) > MAX_CRAWL_DELAY:
                wait = _duration(float(crawl_delay))
                raise UpdateError(msg("update.error.crawl-delay", url=url, wait=wait, most=f"{MAX_CRAWL_DELAY:.0f}"))
            self.delay = max(self.delay, float(crawl_delay))
        return parser

    @staticmethod
    def _text(reply: Reply | None) -> str | None:
        """The body as text: the declared charset, else UTF-8; an unknown charset is one line."""
        if reply is None:
            return None
        import codecs
        import re

        found = re.search(r"charset\s*=\s*[\"']?([^\"';\s]+)", reply.headers.get("content-type", ""), re.I)
        charset = found.group(1) if found else "utf-8"
        try:
            codecs.lookup(charset)
            return reply.body.decode(charset, errors="replace")
        except (LookupError, ValueError):  # unknown, or not a text encoding (rot13, base64 …)
            raise UpdateError(msg("update.error.charset", url=reply.url, charset=_escaped(charset))) from None


def _status(reply: Reply) -> str:
    """ "429 Too Many Requests": the code and its reason phrase (from the server or the standard)."""
    from http import HTTPStatus

    reason = _escaped(reply.reason)
    if not reason:
        try:
            reason = HTTPStatus(reply.status).phrase
        except ValueError:
            reason = ""
    return f"{reply.status} {reason}".strip()


def _is_transient(error: BaseException) -> bool:
    """Connection trouble and timeouts are worth a retry; anything else is not."""
    import requests

    return isinstance(error, (requests.ConnectionError, requests.Timeout, ConnectionError, TimeoutError))


def _describe(error: BaseException, url: str = "") -> Msg | str:
    """A short, one-line account of a transport error: in the user's words when the site cannot be
    reached at all (no network, a wrong --source), else the library's own words as it gives them."""
    if "Timeout" in type(error).__name__:
        return msg("update.problem.timed-out")
    if type(error).__name__ == "ConnectionError" and (
        "NewConnectionError" in str(error) or "NameResolution" in str(error)
    ):
        from urllib.parse import urlsplit

        return msg("update.problem.unreachable", host=urlsplit(url).netloc or url)
    first_line = _escaped((str(error).splitlines() or [""])[0][:120])
    return f"{type(error).__name__}: {first_line}" if first_line else type(error).__name__


def _duration(seconds: float) -> Msg:
    if seconds >= 3600:
        return msg("duration.hours", value=f"{seconds / 3600:.3g}")
    if seconds >= 120:
        return msg("duration.minutes", value=f"{seconds / 60:.3g}")
    return msg("duration.seconds", value=f"{seconds:.0f}")


def _escaped(text: str) -> str:
    """Text from outside (the site, a URL) safe to print on one line: control characters escaped."""
    from .summary import printable

    return printable(text)
