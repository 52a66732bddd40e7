"""docs/development.md's "One deck, start to finish" names exactly the modules one deck's check
enters, as benchmarks/trip.py counts them (a rule's own module counted as ``rules``), and so does
the Japanese page: a module added to the trip, or left off it, is a page to update."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MODULE = re.compile(
    r"`((?:cli|check|reading|data|report|rules|analysis|messages|printable|errors|linebreak)(?:\.\w+)?)`"
)


def trip_modules() -> set[str]:
    """The modules ``benchmarks/trip.py --list`` prints, in a process of its own: in the test's
    process the readers' caches, warm from other tests, would leave some modules out."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "trip.py"), "--list"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    listed = done.stdout.split("modules entered (functions run):\n", 1)[1].split("\n\n", 1)[0]
    modules = {line.split()[0] for line in listed.splitlines() if line.strip()}
    return {"rules" if module.startswith("rules.") and module != "rules.base" else module for module in modules}


def named(page: str, heading: str) -> set[str]:
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    section = text.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    return set(MODULE.findall(section))


def test_the_trip_on_the_page_is_the_trip_the_check_takes():
    modules = trip_modules()
    assert named("development.md", "One deck, start to finish") == modules
    assert named("development.ja.md", "1つのデッキを最初から最後まで") == modules
