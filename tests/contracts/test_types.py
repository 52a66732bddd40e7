"""mypy (pyproject.toml's [tool.mypy], pinned in the test extra) finds nothing in the layers it
lists: a wrong type there fails the suite, as a lint finding does (issue 50)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_finds_nothing(tmp_path):
    pytest.importorskip("mypy")  # the test extra installs it (.ci/run); a bare checkout without it skips
    found = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache"), "--no-error-summary"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert found.returncode == 0, found.stdout + found.stderr
