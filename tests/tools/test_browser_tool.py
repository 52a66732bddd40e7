"""`python tools/browser.py` replaces no file but the screenshot it is told to write, and says in one
line that Chromium is missing (issue 47, §3).

It wrote its page as OUT.html (or OUT.svg) whatever was there, and `report a.txt b.txt` (OUT
forgotten) took b.txt as the screenshot; without Chromium it ended in a traceback. A stand-in
Chromium (a script that writes a small PNG where --screenshot says) runs it here without a browser.
"""

from __future__ import annotations

import struct
import sys
import zlib

import pytest
from support import BD4, make_deck, tool_module


def _png() -> bytes:
    """A 2×2 RGB PNG, one black pixel: what png_summary reads."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    rows = b"\x00" + b"\x00\x00\x00" + b"\xff\xff\xff" + b"\x00" + b"\xff\xff\xff" * 2
    header = struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


@pytest.fixture
def chromium(tmp_path, monkeypatch):
    """A stand-in Chromium on $DUEPA_CHROMIUM."""
    picture = tmp_path / "picture.png"
    picture.write_bytes(_png())
    fake = tmp_path / "fake-chromium"
    fake.write_text(
        f"#!{sys.executable}\n"
        "import shutil, sys\n"
        "for argument in sys.argv[1:]:\n"
        "    if argument.startswith('--screenshot='):\n"
        f"        shutil.copyfile({str(picture)!r}, argument.split('=', 1)[1])\n",
        encoding="utf-8",
    )
    fake.chmod(0o755)
    monkeypatch.setenv("DUEPA_CHROMIUM", str(fake))
    return fake


@pytest.mark.parametrize("command", ["report", "stats"])
def test_a_page_beside_the_screenshot_that_was_there_is_kept(capsys, tmp_path, chromium, command):
    browser = tool_module("browser")
    deck = make_deck(tmp_path, BD4)
    out = tmp_path / "shot.png"
    mine = out.with_suffix(".html" if command == "report" else ".svg")
    mine.write_text("the user's own page\n", encoding="utf-8")
    assert browser.main([command, str(deck), str(out)]) == 0, capsys.readouterr().err
    assert out.read_bytes() == _png()
    assert mine.read_text(encoding="utf-8") == "the user's own page\n"
    assert "page not kept" in capsys.readouterr().out


def test_a_page_is_written_beside_the_screenshot_when_the_name_is_free(capsys, tmp_path, chromium):
    browser = tool_module("browser")
    deck = make_deck(tmp_path, BD4)
    out = tmp_path / "shot.png"
    assert browser.main(["report", str(deck), str(out)]) == 0, capsys.readouterr().err
    assert "<html" in out.with_suffix(".html").read_text(encoding="utf-8").lower()


def test_an_output_that_is_no_png_is_refused_before_anything_is_written(capsys, tmp_path, chromium):
    browser = tool_module("browser")
    first, second = make_deck(tmp_path, BD4, name="a.txt"), make_deck(tmp_path, BD4, name="b.txt")
    before = second.read_bytes()
    assert browser.main(["report", str(first), str(second)]) == 2  # OUT forgotten: b.txt is a deck
    assert second.read_bytes() == before and not (tmp_path / "b.html").exists()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and ".png" in err


def test_without_chromium_it_says_so_in_one_line(capsys, tmp_path, monkeypatch):
    browser = tool_module("browser")
    monkeypatch.setattr(browser, "find_chromium", lambda: None)
    deck = make_deck(tmp_path, BD4)
    out = tmp_path / "shot.png"
    assert browser.main(["report", str(deck), str(out)]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "Chromium not found" in captured.err and "Traceback" not in captured.err
    assert not out.exists() and not out.with_suffix(".html").exists()
