"""tools/browser.py for the tests, and the mark that skips a real-browser test without Chromium
or without a Japanese font.

CI (.ci/run) installs the Debian package ``chromium`` when it is missing, so there these tests
run; on a machine without it, or without a font for Japanese (the charts measure Japanese text),
they are skipped with the reason shown in pytest's summary.
"""

from __future__ import annotations

import importlib.util
import json
import re
from html import unescape
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("duepa_browser", ROOT / "tools" / "browser.py")
browser = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(browser)


def japanese_font() -> str | None:
    """A font fontconfig offers for Japanese, or None (without one Chromium draws 火 as a box
    of another width, and measured text is wrong: the chart test saw 4.75 px)."""
    import shutil
    import subprocess

    if shutil.which("fc-list") is None:
        return None
    try:
        listed = subprocess.run(["fc-list", ":lang=ja", "family"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    return listed.strip().splitlines()[0] if listed.strip() else None


def why_no_browser() -> str | None:
    """Why the real-browser tests skip on this machine (None: they run); tests/contracts checks the reasons."""
    if browser.find_chromium() is None:
        return "real-browser test: chromium is not installed (apt-get install chromium; .ci/run does this)"
    if japanese_font() is None:
        return "real-browser test: no Japanese font (fc-list :lang=ja lists none; apt-get install fonts-noto-cjk)"
    return None


_WHY = why_no_browser()
needs_chromium = pytest.mark.skipif(_WHY is not None, reason=_WHY or "")

RESULT = re.compile(r'<pre id="duepa-probe">(.*?)</pre>', re.S)


def probe(page_html: str, script: str, folder: Path, width: int = 1000, height: int = 1200):
    """Load ``page_html`` plus a test-only ``script`` in Chromium; the JSON value the script leaves
    in ``window.probe`` (written into the DOM after load)."""
    marker = (
        "<script>window.addEventListener('load', () => {"
        f"{script}\n"
        "const pre = document.createElement('pre'); pre.id = 'duepa-probe';"
        "pre.textContent = JSON.stringify(window.probe); document.body.appendChild(pre); });</script>"
    )
    page = folder / "probe.html"
    page.write_text(
        page_html.replace("</body>", marker + "</body>") if "</body>" in page_html else page_html + marker,
        encoding="utf-8",
    )
    dom = browser.dump_dom(page, width, height)
    found = RESULT.search(dom)
    assert found, f"the probe script left no result: {dom[-500:]}"
    return json.loads(unescape(found.group(1)))
