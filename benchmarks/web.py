"""The web page's speed and size against a page that only boots the same Pyodide (the floor).

    python benchmarks/web.py                 # 3 rounds
    python benchmarks/web.py --rounds 5

Builds the site (tools/build_site.py, from its download cache), adds ``floor.html`` (loadPyodide and
nothing else), serves both on 127.0.0.1 and drives Debian's Chromium headless through Playwright
(the test extra). Each round, in a fresh browser profile (nothing cached), alternating which goes
first: the floor to Pyodide ready; our page to ``duepaReady`` (its service worker keeping every file
first); in our page, the first check of the DM23-BD4 product deck, a re-check after one edit, a
check of the same deck with five unknown names; then the bytes the server sent for the cold visit
and for a second visit in the same profile (warm). Medians, and each against the floor, with the
issue's targets: ready ≤ 1.3x, re-check ≤ 0.05x, five unknown names ≤ 0.2x, ≤ 16 MB cold.
A report, not a test: it exits 0. Needs Chromium and Playwright; figures go into benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import statistics
import sys
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECK = ROOT / "tests" / "fixtures" / "decks" / "DM23-BD4.txt"
TYPOS = {  # line (0-based) → a name that matches no card
    20: "1 ボルシャック・ドラゴソ",
    25: "1 ボルメテウス・ホワイト・ドラゴ",
    30: "1 フェアリー・ギフトン",
    35: "1 熱血龍 バトクロス・バトノレ",
    40: "1 勝熱英雄 モモキソグ",
}
FLOOR = """<!doctype html><meta charset="utf-8"><title>floor</title><link rel="icon" href="data:,">
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
window.floorReady = loadPyodide({ indexURL: new URL("pyodide/", location.href).href }).then(() => performance.now());
</script>"""
TIMED = """async ([text, edited, typos]) => {
  const ready = await window.duepaReady.then(() => performance.now());
  const options = {name: "deck.txt", asOf: "2026-03-16", lang: "ja"};
  let start = performance.now(); await window.duepaCheck(text, options); const first = performance.now() - start;
  start = performance.now(); await window.duepaCheck(edited, options); const again = performance.now() - start;
  start = performance.now(); await window.duepaCheck(typos, options); const unknown = performance.now() - start;
  return {ready, first, again, unknown};
}"""


class Counting(SimpleHTTPRequestHandler):
    sent = [0]

    def log_message(self, *args) -> None:
        pass

    def copyfile(self, source, outputfile) -> None:
        data = source.read()
        Counting.sent[0] += len(data)
        outputfile.write(data)


def _build(folder: Path) -> Path:
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "tools" / "build_site.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    build.build(folder)
    (folder / "floor.html").write_text(FLOOR, encoding="utf-8")
    return folder


def _round(browser, origin: str, texts: list[str], floor_first: bool) -> dict:
    figures: dict = {}
    order = ["floor", "page"] if floor_first else ["page", "floor"]
    for which in order:
        context = browser.new_context(locale="ja-JP")
        page = context.new_page()
        Counting.sent[0] = 0
        if which == "floor":
            page.goto(origin + "/floor.html")
            figures["floor"] = page.evaluate("window.floorReady")
        else:
            page.goto(origin + "/")
            figures.update(page.evaluate(TIMED, texts))
            figures["cold"] = Counting.sent[0]
            Counting.sent[0] = 0
            second = context.new_page()
            second.goto(origin + "/")
            second.evaluate("window.duepaReady")
            figures["warm"] = Counting.sent[0]
        context.close()
    return figures


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    rounds = parser.parse_args(argv).rounds
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tools"))
    from browser import find_chromium

    lines = DECK.read_text(encoding="utf-8").splitlines()
    edited = list(lines)
    edited[30] = "2" + edited[30][1:]
    typos = list(lines)
    for number, line in TYPOS.items():
        typos[number] = line
    texts = ["\n".join(lines) + "\n", "\n".join(edited) + "\n", "\n".join(typos) + "\n"]
    with tempfile.TemporaryDirectory(prefix="duepa-web-bench-") as scratch:
        site = _build(Path(scratch) / "site")
        server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counting, directory=str(site)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        origin = f"http://127.0.0.1:{server.server_address[1]}"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=find_chromium(), args=["--no-sandbox", "--disable-gpu", "--disable-quic"]
            )
            samples = [_round(browser, origin, texts, index % 2 == 0) for index in range(rounds)]
            browser.close()
        server.shutdown()
    median = {key: statistics.median(sample[key] for sample in samples) for key in samples[0]}
    floor = median["floor"]
    rows = [
        ("floor: Pyodide booted", floor, None, None),
        ("our page: duepaReady (cold)", median["ready"], median["ready"] / floor, 1.3),
        ("first check, DM23-BD4", median["first"], median["first"] / floor, None),
        ("re-check after one edit", median["again"], median["again"] / floor, 0.05),
        ("five unknown names", median["unknown"], median["unknown"] / floor, 0.2),
    ]
    print(f"{rounds} rounds, medians (ms), Chromium headless, site served on 127.0.0.1")
    print(f"{'':32} {'ms':>9} {'x floor':>8} {'target':>7}")
    for label, value, ratio, target in rows:
        shown = f"{ratio:8.3f}" if ratio is not None else " " * 8
        aim = f"≤{target}" if target is not None else ""
        print(f"{label:32} {value:9.0f} {shown} {aim:>7}")
    print(f"bytes sent, cold visit: {median['cold']:,.0f} (target ≤ 16,000,000); warm visit: {median['warm']:,.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
