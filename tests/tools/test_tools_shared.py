"""The tools that rebuild or measure the card data need the raw sources (../shared), which a clone
does not have: without them each says so in one line and exits 2, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NEEDS_SHARED = ["build_card_data", "build_regulation", "english_coverage", "product_decks", "setlist_coverage"]


@pytest.mark.parametrize("tool", NEEDS_SHARED)
def test_a_tool_without_the_sources_says_so_in_one_line(tool, tmp_path):
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / f"{tool}.py"), "--source", str(tmp_path / "shared")],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        cwd=tmp_path,
    )
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{tool}: needs the raw card sources"), done.stderr
    assert "../shared" in lines[0] and "--source" in lines[0]
    assert done.stdout == ""


def test_every_tool_that_reads_the_sources_is_listed():
    """A new tool that reads shared/ by default_shared() goes through require() too."""
    for path in sorted((ROOT / "tools").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "default_shared()" in text and path.name != "shared_dir.py":
            assert path.stem in NEEDS_SHARED and "require(" in text, path.name
