"""The real-browser tests skip, with a reason, on a machine without a Japanese font (issue 30: in
a fresh environment with Chromium and no such font the chart test failed, 火 measured 4.75 px)."""

from __future__ import annotations

import browser_support


def test_no_japanese_font_is_a_skip_reason(monkeypatch):
    monkeypatch.setenv("PATH", "/nonexistent")  # no fc-list: no font can be found
    monkeypatch.setattr(browser_support.browser, "find_chromium", lambda: "/usr/bin/chromium")
    assert browser_support.japanese_font() is None
    assert "no Japanese font" in browser_support.why_no_browser()


def test_no_chromium_is_said_first(monkeypatch):
    monkeypatch.setattr(browser_support.browser, "find_chromium", lambda: None)
    assert "chromium is not installed" in browser_support.why_no_browser()
