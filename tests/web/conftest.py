"""The page's fixtures: the site built once (cached by content), served on 127.0.0.1, and one
headless Chromium (Debian's, through Playwright) with one page loaded that the tests share."""

from __future__ import annotations

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest
from web_support import built_site, why_no_site

_WHY = why_no_site()


class Server:
    """A static server for the site on a fixed port that can be stopped (offline) and started again."""

    def __init__(self, folder) -> None:
        self.handler = functools.partial(_Quiet, directory=str(folder))
        self.port = 0
        self.start()
        self.origin = f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.httpd = ThreadingHTTPServer(("127.0.0.1", self.port), self.handler)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="session")
def site():
    if _WHY:
        pytest.skip(_WHY)
    return built_site()


@pytest.fixture(scope="session")
def server(site):
    running = Server(site)
    yield running
    running.stop()


@pytest.fixture(scope="session")
def browser():
    if _WHY:
        pytest.skip(_WHY)
    import browser_support
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=browser_support.browser.find_chromium(),
            args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-sync"]
            + ["--disable-background-networking", "--disable-component-update", "--disable-extensions"],
        )
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def context(browser):
    made = browser.new_context(locale="ja-JP", viewport={"width": 1280, "height": 900})
    made.seen = {"requests": [], "console": [], "errors": []}
    made.on("request", lambda request: made.seen["requests"].append(request.url))
    yield made
    made.close()


@pytest.fixture(scope="session")
def page(context, server):
    """The page, loaded once, the checker ready."""
    opened = context.new_page()
    opened.on("console", lambda message: context.seen["console"].append((message.type, message.text)))
    opened.on("pageerror", lambda error: context.seen["errors"].append(str(error)))
    opened.goto(server.origin + "/")
    opened.evaluate("window.duepaReady")
    return opened
