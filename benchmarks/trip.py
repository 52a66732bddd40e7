"""Follow one deck through `duepa-check DECK` and count its trip through duepa_check's modules.

    python benchmarks/trip.py [DECK] [--list]

Runs ``duepa_check.cli.main([DECK])`` in this process (its report goes to /dev/null) under
``sys.setprofile`` and counts, over the calls of the check (a module's body run by an import,
and every call made from it, is left out: the trip is the path of one check, not the imports):

- modules entered: the duepa_check modules a function of which runs;
- module changes: calls from a function of one duepa_check module into a function of another
  (the caller is the nearest duepa_check function on the stack: typer, click and the standard
  library in between are looked through), in all and as distinct (from, to) pairs;
- hops back: module changes into a module that still has a function on the stack below, i.e. the
  call goes back into a module it had left on the way down (``batch.check_all`` calling
  ``self.check`` back in ``checker.py``), in all and as distinct pairs.

A generator resumed from another module counts as a call into it (control goes there). Prints
the figures (``--list``: the modules and the pairs too). Standard library only; works on any
install of duepa-check whose console script is ``duepa_check.cli:main``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECK = "tests/fixtures/decks/DM23-BD4.txt"
PACKAGE = "duepa_check"
BASE_RULE_MODULES = ("rules.base",)  # the rules' shared module, not a rule
IMPORT = "<import>"  # the stack's mark for a module body being run


@dataclass
class Trip:
    """What the profile saw: modules entered, module changes and hops back, by (from, to)."""

    entered: Counter = field(default_factory=Counter)
    changes: Counter = field(default_factory=Counter)
    hops_back: Counter = field(default_factory=Counter)
    hops_into: Counter = field(default_factory=Counter)  # (from, to, the function called)


class Follower:
    """A ``sys.setprofile`` function that keeps a stack of the modules of the running frames."""

    def __init__(self, package: str = PACKAGE) -> None:
        self.package = package
        self.trip = Trip()
        self.stack: list[str | None] = []  # per Python frame: its duepa_check module, None, or IMPORT
        self.on_stack: Counter = Counter()  # duepa_check modules with a frame on the stack
        self.importing = 0  # module bodies on the stack

    def __call__(self, frame, event: str, arg) -> None:
        if event == "call":
            self.enter(frame)
        elif event == "return" and self.stack:
            self.leave()

    def enter(self, frame) -> None:
        if frame.f_code.co_name == "<module>":
            self.importing += 1
            self.stack.append(IMPORT)
            return
        name = frame.f_globals.get("__name__", "")
        module = name if name == self.package or name.startswith(self.package + ".") else None
        if module is not None and not self.importing:
            self.count(module, frame.f_code.co_name)
            self.on_stack[module] += 1
        self.stack.append(module if not self.importing else None)

    def count(self, module: str, function: str) -> None:
        caller = self.caller()
        self.trip.entered[module] += 1
        if caller is not None and caller != module:
            self.trip.changes[caller, module] += 1
            if self.on_stack[module]:
                self.trip.hops_back[caller, module] += 1
                self.trip.hops_into[caller, module, function] += 1

    def caller(self) -> str | None:
        """The nearest duepa_check module on the stack."""
        for module in reversed(self.stack):
            if module is not None and module != IMPORT:
                return module
        return None

    def leave(self) -> None:
        module = self.stack.pop()
        if module == IMPORT:
            self.importing -= 1
        elif module is not None:
            self.on_stack[module] -= 1


def follow(deck: str) -> tuple[Trip, int]:
    """Check ``deck`` as the console script does, under the profile: (its trip, its exit code)."""
    from duepa_check.cli import main  # imported first: the package's own import is not the trip

    follower = Follower()
    with open(os.devnull, "w", encoding="utf-8") as sink, contextlib.redirect_stdout(sink):
        sys.setprofile(follower)
        try:
            code = main([deck])
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 2
        finally:
            sys.setprofile(None)
    return follower.trip, code


def short(module: str) -> str:
    return module.removeprefix(PACKAGE + ".")


def rule_folder(module: str) -> str:
    """A module of one rule (``duepa_check.rules.singleton``) as its folder; other modules as they are."""
    rules = PACKAGE + ".rules."
    return PACKAGE + ".rules" if module.startswith(rules) and short(module) not in BASE_RULE_MODULES else module


def figures(trip: Trip) -> dict[str, int]:
    return {
        "modules entered": len(trip.entered),
        "modules entered, the rules' own modules as one": len({rule_folder(m) for m in trip.entered}),
        "module changes": sum(trip.changes.values()),
        "distinct module changes": len(trip.changes),
        "hops back": sum(trip.hops_back.values()),
        "distinct hops back": len(trip.hops_back),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deck", nargs="?", default=DECK, help=f"the decklist (default {DECK})")
    parser.add_argument("--list", action="store_true", help="also list the modules and the pairs")
    args = parser.parse_args()
    os.chdir(ROOT)
    trip, code = follow(args.deck)
    for name, value in figures(trip).items():
        print(f"{name}: {value}")
    print(f"exit code: {code}")
    if args.list:
        print("\nmodules entered (functions run):")
        for module, count in sorted(trip.entered.items()):
            print(f"  {short(module)} {count}")
        print("\nhops back (from -> to.function: calls):")
        for (source, target, function), count in trip.hops_into.most_common():
            print(f"  {short(source)} -> {short(target)}.{function}: {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
