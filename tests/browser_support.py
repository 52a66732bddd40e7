"""tools/browser.py for the tests, and the mark that skips a real-browser test without Chromium.

CI (.ci/run) installs the Debian package ``chromium`` when it is missing, so there these tests
run; on a machine without it they are skipped with the reason shown in pytest's summary.
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

needs_chromium = pytest.mark.skipif(
    browser.find_chromium() is None,
    reason="real-browser test: chromium is not installed (apt-get install chromium; .ci/run does this)",
)

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
    page.write_text(page_html.replace("</body>", marker + "</body>") if "</body>" in page_html
                    else page_html + marker, encoding="utf-8")
    dom = browser.dump_dom(page, width, height)
    found = RESULT.search(dom)
    assert found, f"the probe script left no result: {dom[-500:]}"
    return json.loads(unescape(found.group(1)))
