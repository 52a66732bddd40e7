"""benchmarks/trip.py counts a check's trip as its docstring says: modules entered, module changes,
hops back into a module still on the stack, module bodies left out."""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load_trip():
    spec = importlib.util.spec_from_file_location("bench_trip", ROOT / "benchmarks" / "trip.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def make_module(name: str, source: str, **names) -> types.ModuleType:
    module = types.ModuleType(name)
    module.__dict__.update(names)
    exec(compile(source, f"<{name}>", "exec"), module.__dict__)
    return module


def test_a_call_back_into_a_module_on_the_stack_is_a_hop_back():
    trip = load_trip()
    b = make_module("demo.b", "def g(again):\n    return again()\n")
    a = make_module("demo.a", "def f():\n    return b.g(h)\n\ndef h():\n    return 1\n", b=b)
    follower = trip.Follower("demo")
    sys.setprofile(follower)
    try:
        a.f()
    finally:
        sys.setprofile(None)
    found = trip.figures(follower.trip)
    assert found["modules entered"] == 2
    assert dict(follower.trip.changes) == {("demo.a", "demo.b"): 1, ("demo.b", "demo.a"): 1}
    assert dict(follower.trip.hops_back) == {("demo.b", "demo.a"): 1}
    assert dict(follower.trip.hops_into) == {("demo.b", "demo.a", "h"): 1}


def test_a_module_body_and_what_it_calls_are_not_the_trip():
    trip = load_trip()
    b = make_module("demo.b", "def g():\n    return 1\n")
    follower = trip.Follower("demo")
    sys.setprofile(follower)
    try:
        make_module("demo.a", "b.g()\n\ndef f():\n    return b.g()\n", b=b).f()
    finally:
        sys.setprofile(None)
    assert dict(follower.trip.entered) == {"demo.a": 1, "demo.b": 1}  # f and the g it calls; not the body's g
    assert dict(follower.trip.changes) == {("demo.a", "demo.b"): 1}
    assert not follower.trip.hops_back


def test_the_trip_of_one_deck_enters_the_checker():
    trip = load_trip()
    found, code = trip.follow(str(ROOT / "tests" / "fixtures" / "decks" / "DM23-BD4.txt"))
    assert code == 0
    assert "duepa_check.check.checker" in found.entered
    assert trip.figures(found)["modules entered"] > 20
