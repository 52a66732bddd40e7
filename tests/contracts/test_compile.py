"""Every Python file of the repository compiles on the interpreter that runs the suite, with
warnings as errors: each Python of the test matrix checks its own grammar. CPython 3.13 refused
a docstring holding a lone surrogate escape that 3.11 took; 3.12 warns of invalid escapes that a
later release will refuse."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("duepa_check", "tools", "benchmarks", "tests")


def python_files() -> list[Path]:
    return sorted(path for folder in FOLDERS for path in (ROOT / folder).rglob("*.py"))


def test_the_repository_has_python_files_in_every_folder():
    assert {path.relative_to(ROOT).parts[0] for path in python_files()} == set(FOLDERS)


def compile_strictly(source: bytes, name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        compile(source, name, "exec", dont_inherit=True)


@pytest.mark.parametrize("path", python_files(), ids=lambda path: str(path.relative_to(ROOT)))
def test_compiles_with_warnings_as_errors(path: Path):
    compile_strictly(path.read_bytes(), str(path))


@pytest.mark.parametrize(
    "source",
    [
        b'PATTERN = "\\d+"\n',  # an invalid escape: a warning since 3.6, SyntaxWarning since 3.12
        b'def f():\n    """a ``\\ud800`` escape"""\n' if sys.version_info >= (3, 13) else b"def f(:\n",
    ],
)
def test_what_a_newer_compiler_refuses_fails_the_check(source: bytes):
    """The oracle of the test above: on every version, an invalid escape fails it; on 3.13 and
    later, so does the lone surrogate in a docstring that 3.13 refused at import."""
    with pytest.raises((SyntaxError, UnicodeError)):
        compile_strictly(source, "example.py")
