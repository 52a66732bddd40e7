"""mypy (pyproject.toml's [tool.mypy], pinned in the test extra) finds nothing in the layers it
lists: a wrong type there fails the suite, as a lint finding does (issue 50). The layers it must
list are named here, so that taking one out of the configuration is a failure too."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# The layers mypy checks; each joined the list when it was found clean.
CHECKED = {"duepa_check/check", "duepa_check/data", "duepa_check/reading", "duepa_check/rules"}


def mypy_config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]


def test_mypy_checks_the_layers_found_clean():
    assert CHECKED <= set(mypy_config()["files"])


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
