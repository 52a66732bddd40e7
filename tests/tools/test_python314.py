"""tools/python314.py runs the command line on CPython 3.14 in Pyodide (issue 52); here, without
Node.js or a download, its verdict: every step passed or the run fails, with one line a step."""

from __future__ import annotations

import pytest
from support import tool_module

python314 = tool_module("python314")
DECK = "tests/fixtures/decks/DM23-BD4.txt"


def report(**changes) -> dict:
    code, out = python314.native(DECK, "json")
    base = {
        "version": "3.14.2",
        "platform": "emscripten",
        "compile_failures": [],
        "compiled": 254,
        "imported": 106,
        "lacking": {"duepa_check.lsp.server": "lsprotocol"},
        "runs": [{"deck": DECK, "format": "json", "exit": code, "out": out, "err": ""}],
    }
    return {**base, **changes}


def test_a_run_equal_to_this_python_passes(capsys):
    assert python314.judge(report()) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "python314: CPython 3.14.2 on emscripten (Pyodide under Node.js)"
    assert "duepa_check.lsp.server (lsprotocol)" in lines[2]
    assert lines[3].startswith(f"python314: {DECK} --format json: exit 0, output identical to Python 3.")


@pytest.mark.parametrize(
    "changes",
    [
        {"compile_failures": ["duepa_check/x.py: SyntaxError: invalid escape sequence '\\d'"]},
        {"runs": [{"deck": DECK, "format": "json", "exit": 0, "out": "{}\n", "err": ""}]},
        {"runs": [{"deck": DECK, "format": "json", "exit": 1, "out": "", "err": ""}]},
    ],
    ids=["a compile failure", "other output", "another exit code"],
)
def test_any_difference_fails_the_run(capsys, changes):
    assert python314.judge(report(**changes)) == 1
    out = capsys.readouterr().out
    assert "DIFFERENT from" in out or "1 failed" in out
