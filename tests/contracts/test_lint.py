"""ruff (pyproject.toml's [tool.ruff]) finds nothing in the package, the tests, tools/ or benchmarks/,
and `ruff format` would change nothing there."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_ruff_finds_nothing():
    found = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            "--no-cache",
            "--output-format",
            "concise",
            "duepa_check",
            "tests",
            "tools",
            "benchmarks",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert found.returncode == 0, found.stdout + found.stderr


def test_ruff_format_changes_nothing():
    found = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "format",
            "--check",
            "--no-cache",
            "duepa_check",
            "tests",
            "tools",
            "benchmarks",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert found.returncode == 0, found.stdout + found.stderr


def test_the_formatting_commit_is_ignored_by_blame():
    """.git-blame-ignore-revs names the commit that formatted everything, and only full hashes."""
    lines = (ROOT / ".git-blame-ignore-revs").read_text(encoding="utf-8").splitlines()
    revisions = [line for line in lines if line and not line.startswith("#")]
    assert revisions and all(len(rev) == 40 and set(rev) <= set("0123456789abcdef") for rev in revisions)


def test_the_line_length_rule_is_on_at_the_configured_width():
    """E501 at ruff's line-length; only the message catalogues may hold longer lines (a message on one
    line is greppable), and no module of the package but them."""
    import tomllib

    ruff = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["ruff"]
    assert ruff["line-length"] == 120
    assert "E501" not in ruff["lint"].get("ignore", [])
    exempt = {path for path, codes in ruff["lint"].get("per-file-ignores", {}).items() if "E501" in codes}
    assert exempt == {"duepa_check/messages/*.py"}
