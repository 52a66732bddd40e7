"""The tests that fork (marked ``forks``, see conftest.py) run where no other thread runs: a fork
copies only the calling thread, so a lock another thread holds stays held in the child for ever
(Python 3.12 and later warn of it). Under pytest-xdist every worker has an I/O thread; there
they skip and this test runs them all in one pytest of their own, with the warning an error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from duepa_check.check.batch import other_threads

ROOT = Path(__file__).resolve().parents[2]
MARK = "pytest.mark.forks"


def forking_test_files() -> list[str]:
    return sorted(
        str(path.relative_to(ROOT))
        for path in (ROOT / "tests").rglob("test_*.py")
        if MARK in path.read_text(encoding="utf-8") and path != Path(__file__)
    )


def test_the_forking_tests_are_where_this_test_looks():
    assert {"tests/check/test_batch.py", "tests/update/test_update_install.py"} <= set(forking_test_files())


def test_the_forking_tests_pass_where_no_other_thread_runs():
    if not other_threads():
        pytest.skip("no other thread runs in this process: the forking tests ran in it")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider", "-m", "forks", "-rs"]
        + ["-W", "error:This process:DeprecationWarning", *forking_test_files()],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    summary = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " passed" in summary and "skipped" not in summary and "deselected" in summary, summary
    assert "multi-threaded" not in done.stdout + done.stderr
