"""mypy (pyproject.toml's [tool.mypy], pinned in the test extra) finds nothing in the package,
and checks rules/, reading/, check/ and data/ as --strict would: a wrong type fails the suite, as
a lint finding does (issue 50). What it must check is named here, so that narrowing the
configuration is a failure too."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# The layers mypy checks as --strict would; each joined when it was found clean under it.
STRICT = {
    "duepa_check.analysis",
    "duepa_check.check",
    "duepa_check.data",
    "duepa_check.messages",
    "duepa_check.official_site",
    "duepa_check.reading",
    "duepa_check.rules",
    "duepa_check.update",
}
# mypy's --strict, flag by flag (`mypy --help`): `strict` itself cannot be set per module.
STRICT_FLAGS = {
    "disallow_any_generics",
    "disallow_subclassing_any",
    "disallow_untyped_calls",
    "disallow_untyped_defs",
    "disallow_incomplete_defs",
    "check_untyped_defs",
    "disallow_untyped_decorators",
    "warn_unused_ignores",
    "warn_return_any",
    "no_implicit_reexport",
    "strict_equality",
    "extra_checks",
}


def mypy_config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]


def test_mypy_checks_the_whole_package():
    assert mypy_config()["files"] == ["duepa_check"]


def test_mypy_is_strict_for_the_layers_found_clean_under_it():
    config = mypy_config()
    assert config.get("warn_redundant_casts") is True  # the global flag of --strict
    assert config.get("warn_unused_ignores") is True  # for the whole package: no ignore outlives its error
    strict = {
        module
        for override in config.get("overrides", [])
        if all(override.get(flag) is True for flag in STRICT_FLAGS)
        for module in override["module"]
    }
    for package in STRICT:
        assert {package, f"{package}.*"} <= strict, package


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
