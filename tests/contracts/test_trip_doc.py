"""docs/development.md's "One deck, start to finish" names exactly the modules one deck's check
enters, as benchmarks/trip.py counts them (a rule's own module counted as ``rules``), and so does
the Japanese page: a module added to the trip, or left off it, is a page to update."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MODULE = re.compile(
    r"`((?:cli|check|reading|data|report|rules|analysis|messages|printable|errors|linebreak)(?:\.\w+)?)`"
)


def trip_modules() -> set[str]:
    spec = importlib.util.spec_from_file_location("bench_trip_doc", ROOT / "benchmarks" / "trip.py")
    trip = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = trip  # its dataclasses look their module up
    spec.loader.exec_module(trip)
    found, code = trip.follow(str(ROOT / "tests" / "fixtures" / "decks" / "DM23-BD4.txt"))
    assert code == 0
    return {trip.short(trip.rule_folder(module)) for module in found.entered}


def named(page: str, heading: str) -> set[str]:
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    section = text.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    return set(MODULE.findall(section))


def test_the_trip_on_the_page_is_the_trip_the_check_takes():
    modules = trip_modules()
    assert named("development.md", "One deck, start to finish") == modules
    assert named("development.ja.md", "1つのデッキを最初から最後まで") == modules
