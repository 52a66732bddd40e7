"""An unknown name's finding (DP100) never becomes a traceback for want of RapidFuzz's compiled
part (a web page ships RapidFuzz's pure-Python fallback only) or of RapidFuzz itself: each run is a
fresh interpreter in which the modules are blocked before duepa-check imports anything."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from support import deck_lines

RUN = """
import importlib.abc, sys

class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if {blocked}:
            raise ImportError("blocked: " + name)
        return None

sys.meta_path.insert(0, Block())
from duepa_check.cli import main
code = main([sys.argv[1], "--format", "json", "--as-of", "2026-12-06", "--lang", "ja"])
print("compiled:", sorted(m for m in sys.modules if m.startswith("rapidfuzz") and "cpp" in m), file=sys.stderr)
sys.exit(code)
"""
NOTHING = "False"
COMPILED = 'name.startswith("rapidfuzz") and "cpp" in name.rsplit(".", 1)[-1]'
RAPIDFUZZ = 'name == "rapidfuzz" or name.startswith("rapidfuzz.")'


def _run(tmp_path, blocked: str) -> tuple[int, dict, str]:
    lines = deck_lines()
    lines[30:32] = ["1 ボルシャック・ドラゴソ", "1 ボルメテウス・ホワイト・ドラゴ"]
    deck = tmp_path / "typos.txt"
    deck.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", RUN.format(blocked=blocked), deck.name],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, json.loads(done.stdout), done.stderr


def _unknown(document: dict) -> list[tuple]:
    return [(v["line"], v["card"], v["hint"]) for v in document["decks"][0]["violations"] if v["rule"] == "DP100"]


@pytest.fixture(scope="module")
def usual(tmp_path_factory):
    return _run(tmp_path_factory.mktemp("usual"), NOTHING)


def test_without_the_compiled_part_the_close_names_are_the_same(tmp_path, usual):
    code, document, stderr = _run(tmp_path, COMPILED)
    assert "compiled: []" in stderr  # the block held: only the pure-Python fallback ran
    assert "compiled: []" not in usual[2]  # and here it is the compiled part that usually runs
    assert (code, document) == usual[:2]
    assert all("《" in hint for _, _, hint in _unknown(document))  # close names were found


def test_without_rapidfuzz_an_unknown_name_is_still_its_finding(tmp_path, usual):
    code, document, _ = _run(tmp_path, RAPIDFUZZ)
    assert code == usual[0] == 1
    assert [(line, card) for line, card, _ in _unknown(document)] == [
        (line, card) for line, card, _ in _unknown(usual[1])
    ]
    assert len(_unknown(document)) == 2
    assert document["summary"] == usual[1]["summary"]
