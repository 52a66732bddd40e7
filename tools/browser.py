"""Look at our SVG charts and HTML reports in a real browser: headless Chromium, standard library only.

    python tools/browser.py stats DECK OUT.png        # the `stats --svg` chart of one deck
    python tools/browser.py report DECK... OUT.png    # the `check --format html` report

Writes the screenshot OUT (a .png) for a person to look at, and the SVG or HTML page beside it
unless a file already has that name: no other file is ever replaced. The tests use
``screenshot``, ``dump_dom`` and ``png_summary`` from here. Chromium needs these flags on a
machine without a network or a desktop session: without them it waits for the network
(component updates, sync) or for the sandbox and stalls.
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path
from typing import NamedTuple

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--hide-scrollbars",
    "--virtual-time-budget=3000",  # let layout and fonts settle before the picture is taken
)
TIMEOUT = 90  # seconds; a first start on a loaded machine takes a few


def find_chromium() -> str | None:
    """The Chromium binary ($DUEPA_CHROMIUM, then chromium / chromium-browser / google-chrome on PATH)."""
    for name in (os.environ.get("DUEPA_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"):
        if name and (found := shutil.which(name)):
            return found
    return None


def _run(arguments: list[str]) -> subprocess.CompletedProcess:
    binary = find_chromium()
    if binary is None:
        raise RuntimeError("chromium is not installed (apt-get install chromium)")  # tests' skip reason
    with tempfile.TemporaryDirectory(prefix="duepa-chromium-") as profile:
        return subprocess.run(
            [binary, *FLAGS, f"--user-data-dir={profile}", *arguments],
            capture_output=True,
            timeout=TIMEOUT,
            check=False,
        )


def screenshot(page: Path, out: Path, width: int = 800, height: int = 900) -> bytes:
    """A PNG of ``page`` (a local file) at the window size given; written to ``out`` and returned."""
    out = Path(out).resolve()
    out.unlink(missing_ok=True)
    done = _run([f"--screenshot={out}", f"--window-size={width},{height}", Path(page).resolve().as_uri()])
    if not out.is_file():
        raise RuntimeError(f"chromium wrote no screenshot (exit {done.returncode}): {done.stderr.decode()[-500:]}")
    return out.read_bytes()


def dump_dom(page: Path, width: int = 800, height: int = 900) -> str:
    """The DOM of ``page`` after it loaded and its scripts ran, as HTML text."""
    done = _run(["--dump-dom", f"--window-size={width},{height}", Path(page).resolve().as_uri()])
    if done.returncode != 0 or not done.stdout:
        raise RuntimeError(f"chromium dumped no DOM (exit {done.returncode}): {done.stderr.decode()[-500:]}")
    return done.stdout.decode("utf-8")


# ---------------------------------------------------------------------------- reading the PNG


class PngSummary(NamedTuple):
    width: int
    height: int
    colours: int  # distinct pixel values
    ink: float  # share of pixels that are not (near) white


def _pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """Decode an 8-bit RGB/RGBA non-interlaced PNG (what Chromium writes) into rows of pixel bytes."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    position, idat = 8, []
    width = height = channels = 0
    while position < len(data):
        (length,) = struct.unpack(">I", data[position : position + 4])
        kind = data[position + 4 : position + 8]
        body = data[position + 8 : position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour_type not in (2, 6) or interlace:
                raise ValueError(f"unsupported PNG (depth {depth}, colour type {colour_type}, interlace {interlace})")
            channels = 3 if colour_type == 2 else 4
        elif kind == b"IDAT":
            idat.append(body)
        position += 12 + length
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows: list[bytes] = []
    previous = bytearray(stride)
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            upper_left = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                estimate = left + up - upper_left
                pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - upper_left)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else upper_left)
                line[i] = (line[i] + predictor) & 0xFF
        rows.append(bytes(line) if channels == 3 else bytes(b for i, b in enumerate(line) if i % 4 != 3))
        previous = line
    return width, height, rows


def png_summary(data: bytes) -> PngSummary:
    """Size, number of distinct colours and share of non-white pixels: a blank page has 1 and 0.0."""
    width, height, rows = _pixels(data)
    colours: set[bytes] = set()
    ink = 0
    for row in rows:
        for i in range(0, len(row), 3):
            pixel = row[i : i + 3]
            colours.add(pixel)
            ink += min(pixel) < 230
    return PngSummary(width, height, len(colours), ink / (width * height) if width and height else 0.0)


# ---------------------------------------------------------------------------- command line


def main(argv: list[str]) -> int:
    """The command line: one line and exit 2 for every way it cannot run (no Chromium, an output
    that is not a .png), before anything is written; the only file it may replace is OUT."""
    if len(argv) < 3 or argv[0] not in ("stats", "report"):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    out = Path(argv[-1])
    if out.suffix.lower() != ".png":  # `report a.txt b.txt` without OUT would write a picture over b.txt
        print(f"browser.py: the last argument is the screenshot to write, a .png file: {out}", file=sys.stderr)
        return 2
    if find_chromium() is None:
        print(NO_CHROMIUM, file=sys.stderr)
        return 2
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from duepa_check.cli import main as duepa

    with tempfile.TemporaryDirectory(prefix="duepa-browser-") as scratch:
        suffix = ".svg" if argv[0] == "stats" else ".html"
        page = _page_path(out, suffix, Path(scratch))
        if argv[0] == "stats":
            code = duepa(["stats", argv[1], "--svg", str(page), "--format", "json"])
            size = (900, 1000)
        else:
            import contextlib
            import io

            buffer = io.StringIO()
            with contextlib.redirect_stdout(buffer):
                code = duepa(["check", *argv[1:-1], "--format", "html", "--exit-zero"])
            page.write_text(buffer.getvalue(), encoding="utf-8")
            size = (1000, 2400)
        if code not in (0, 1) or not page.is_file():
            print(f"duepa-check exited {code}", file=sys.stderr)
            return 2
        try:
            picture = png_summary(screenshot(page, out, *size))
        except (RuntimeError, subprocess.TimeoutExpired) as error:
            print(f"browser.py: {str(error).splitlines()[0]}", file=sys.stderr)
            return 2
        kept = (
            f"from {page}" if page.parent != Path(scratch) else f"{out.with_suffix(suffix).name} exists: page not kept"
        )
        print(f"{out}: {picture.width}x{picture.height}, {picture.colours} colours, {picture.ink:.1%} ink ({kept})")
    return 0


NO_CHROMIUM = "browser.py: Chromium not found: install it (apt-get install chromium) or set DUEPA_CHROMIUM to its path"


def _page_path(out: Path, suffix: str, scratch: Path) -> Path:
    """Where the SVG or HTML page goes: beside OUT for a person to open, unless a file already has
    that name (it is not ours to replace); then in ``scratch``, gone after the screenshot."""
    beside = out.with_suffix(suffix)
    return scratch / beside.name if beside.exists() else beside


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
