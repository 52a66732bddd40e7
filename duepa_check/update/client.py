"""A polite HTTP client for one site: robots.txt, a pause between requests, retries, stop on 403/429.

``requests`` is imported only when a session is built or a request is sent, so importing this
module costs the checker nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import __version__
from .common import UpdateError

if TYPE_CHECKING:  # pragma: no cover - typing only
    import requests

DEFAULT_SOURCE = "https://dm.takaratomy.co.jp"
PROJECT_URL = "https://pypi.org/project/duepa-check/"
USER_AGENT = f"duepa-check/{__version__} (+{PROJECT_URL})"
MIN_DELAY = 1.0  # seconds between two requests; the CLI never goes below it
TIMEOUT = (10.0, 30.0)  # connect, read
ATTEMPTS = 3  # one request plus two retries on 5xx / connection errors / timeouts
MAX_RETRY_AFTER = 60.0
RETRY_STATUSES = frozenset({500, 502, 503, 504})
STOP_STATUSES = frozenset({403, 429})


def new_session() -> requests.Session:
    import requests

    return requests.Session()


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
    ) -> None:
        self.source = source.rstrip("/")
        self.session = session
        self.session.headers["User-Agent"] = USER_AGENT
        self.session.headers.setdefault("Accept-Language", "ja")
        self.delay = max(0.0, delay)
        self.timeout = timeout
        self.attempts = max(1, attempts)
        self.sleep = sleep
        self.clock = clock
        self._last_request: float | None = None
        self._robots = None

    def url(self, path: str) -> str:
        return self.source + path

    def get(self, path: str) -> str | None:
        """The page text, or None when the site answers 404 (a card that was taken down)."""
        return self._text(self.request("GET", path, missing_ok=True))

    def get_if_served(self, path: str) -> str | None:
        """The page text, or None when the site refuses this request (any 4xx but 403/429, which stop)."""
        self._check_robots(path)
        response = self._send("GET", self.url(path))
        if 400 <= response.status_code < 500:
            return None
        if response.status_code >= 500:
            raise UpdateError(f"update: {response.url or self.url(path)} answered {_status(response)}")
        return self._text(response)

    def post(self, path: str, data: dict[str, str]) -> str:
        return self._text(self.request("POST", path, data=data))  # type: ignore[return-value]

    def request(self, method: str, path: str, missing_ok: bool = False, **kwargs: Any):
        self._check_robots(path)
        response = self._send(method, self.url(path), **kwargs)
        if response.status_code == 404 and missing_ok:
            return None
        if response.status_code >= 400:
            raise UpdateError(f"update: {response.url or self.url(path)} answered {_status(response)}")
        return response

    def _send(self, method: str, url: str, **kwargs: Any):
        """Send with retries; stop at once on 403/429, which mean: leave this site alone."""
        import requests

        for attempt in range(1, self.attempts + 1):
            self._wait_turn()
            try:
                response = self.session.request(method, url, timeout=self.timeout, **kwargs)
            except (requests.ConnectionError, requests.Timeout) as error:
                problem = _describe(error)
                if attempt == self.attempts:
                    raise UpdateError(f"update: {url}: {problem} (tried {self.attempts} times)") from None
                self.sleep(self._backoff(attempt))
                continue
            except requests.RequestException as error:
                raise UpdateError(f"update: {url}: {_describe(error)}") from None
            finally:
                self._last_request = self.clock()
            if response.status_code in STOP_STATUSES:
                raise UpdateError(f"update: {url} answered {_status(response)}")
            if response.status_code in RETRY_STATUSES and attempt < self.attempts:
                self.sleep(max(self._backoff(attempt), _retry_after(response)))
                continue
            return response
        raise AssertionError("unreachable")  # pragma: no cover

    def _backoff(self, attempt: int) -> float:
        return self.delay * 2 ** (attempt - 1)

    def _wait_turn(self) -> None:
        if self._last_request is None:
            return
        remaining = self._last_request + self.delay - self.clock()
        if remaining > 0:
            self.sleep(remaining)

    def _check_robots(self, path: str) -> None:
        if self._robots is None:
            self._robots = self._load_robots()
        if not self._robots.can_fetch(USER_AGENT, self.url(path)):
            raise UpdateError(f"update: {self.source}/robots.txt disallows {path}")

    def _load_robots(self):
        """robots.txt through the same session; missing (404 or other 4xx) means everything is allowed."""
        from urllib.robotparser import RobotFileParser

        parser = RobotFileParser(self.url("/robots.txt"))
        response = self._send("GET", self.url("/robots.txt"))
        if response.status_code >= 500:
            raise UpdateError(f"update: {self.url('/robots.txt')} answered {_status(response)}")
        if response.status_code >= 400:
            parser.allow_all = True
            return parser
        parser.parse(self._text(response).splitlines())
        crawl_delay = parser.crawl_delay(USER_AGENT)
        if crawl_delay:
            self.delay = max(self.delay, float(crawl_delay))
        return parser

    @staticmethod
    def _text(response) -> str | None:
        if response is None:
            return None
        declared = "charset=" in response.headers.get("Content-Type", "").lower()
        return response.content.decode(response.encoding if declared else "utf-8", errors="replace")


def _status(response) -> str:
    """"429 Too Many Requests": the code and its reason phrase (from the server or the standard)."""
    from http import HTTPStatus

    reason = response.reason
    if not reason:
        try:
            reason = HTTPStatus(response.status_code).phrase
        except ValueError:
            reason = ""
    return f"{response.status_code} {reason}".strip()


def _describe(error: Exception) -> str:
    """A short, one-line account of a transport error."""
    if "Timeout" in type(error).__name__:
        return "timed out"
    first_line = (str(error).splitlines() or [""])[0][:120]
    return f"{type(error).__name__}: {first_line}" if first_line else type(error).__name__


def _retry_after(response) -> float:
    value = response.headers.get("Retry-After", "")
    return min(float(value), MAX_RETRY_AFTER) if value.strip().isdigit() else 0.0
