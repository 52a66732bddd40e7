"""The test matrix: `nox -l` lists the sessions, `nox` runs them all, `nox -s tests-3.13` one.

Each `tests` session installs the project with its test extra into a fresh environment and runs
the README's test command. An interpreter that is not installed is skipped with nox's line saying
so ("Missing interpreters will error by default on CI systems": here they never do), never counted
as tested. `lowest` installs the lowest versions pyproject.toml allows of every direct dependency,
on the oldest Python, so a lower bound there is one the suite has passed. With pyenv, make every
installed version findable first: PYENV_VERSION="$(pyenv versions --bare | tr '\\n' :)" nox.
"""

from __future__ import annotations

import nox

PYTHONS = ["3.11", "3.12", "3.13", "3.14"]  # pyproject.toml's classifiers name the same versions
OLDEST = PYTHONS[0]

nox.options.error_on_missing_interpreters = False
nox.options.sessions = ["tests", "lowest"]


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """The README's test command on one Python."""
    session.install("-e", ".[test]")
    session.run("python", "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "auto", *session.posargs)


@nox.session(python=OLDEST, venv_backend="uv")
def lowest(session: nox.Session) -> None:
    """The suite with the lowest allowed version of every direct dependency (uv's lowest-direct)."""
    session.install("--resolution", "lowest-direct", "-e", ".[test]")
    session.run("python", "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "auto", *session.posargs)
