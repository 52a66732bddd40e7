"""The fixtures every test gets, and the few that tests of several folders share (helpers live
in support.py and update_support.py).

Tests read only files in this repository (no ../shared, no network) and never the
user's updated card data: the default data dir ($XDG_DATA_HOME) is an empty folder for every test.

The property tests (hypothesis) draw the same examples on every run, so a landing or a CI run never
fails on a draw nobody can repeat; ``HYPOTHESIS_PROFILE=explore`` draws new ones
to look for new failures: one found there is kept as an ``@example`` of its test.
"""

import os
from pathlib import Path

import pytest
from hypothesis import settings
from update_support import write_fixture_embedded

from duepa_check.data import pool as pool_module

FORKS_RUNNER = "tests/contracts/test_forking_tests.py"


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "forks: the test forks this process; it runs only where no other thread runs (under"
        f" pytest-xdist, {FORKS_RUNNER} runs it in a process of its own)",
    )


@pytest.fixture(autouse=True)
def _fork_only_alone(request):
    """A fork copies only the calling thread: a lock another thread holds (pytest-xdist's I/O
    thread runs in every worker) stays held in the child. Python 3.12+ warns of it. Whether one
    runs is asked as the batch checker asks it before it forks."""
    from duepa_check.check.batch import other_threads

    if request.node.get_closest_marker("forks") and other_threads():
        pytest.skip(f"forks: run in a single-threaded process by {FORKS_RUNNER}")


settings.register_profile("repeatable", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


@pytest.fixture(autouse=True)
def _isolated_environment(monkeypatch, tmp_path_factory):
    # The default data dir (not $DUEPA_CHECK_DATA, which would earn a "holds no card data" warning).
    monkeypatch.delenv("DUEPA_CHECK_DATA", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("no-user-data")))
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    monkeypatch.setenv("COLUMNS", "200")
    # English unless a test asks for Japanese: the machine's locale must not choose the language.
    for variable in ("DUEPA_CHECK_LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.fixture
def fixture_embedded_data(tmp_path_factory, monkeypatch) -> Path:
    """Point the package's embedded data at the tiny fixture pool (update_support) for this test."""
    directory = write_fixture_embedded(tmp_path_factory.mktemp("embedded"))
    monkeypatch.setattr(pool_module, "embedded_data_dir", lambda: directory)
    return directory
