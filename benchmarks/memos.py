"""What each memo of duepa-check buys: a batch timed with every memo, and with one memo off at a time.

    python benchmarks/memos.py [--repeat N] [--python PATH] [--only WORD]

The memos are every ``functools.lru_cache`` at the top of a duepa_check module (found by importing
them all) and the per-run dicts listed in ``DICT_MEMOS``. Each workload (the 1,000 generated decks
as JSON and as HTML, 100 decks without a partner whose DP003 hints name pool partners; a memo on
those it can change, ``timed_on``) runs in a
fresh process, `python benchmarks/memos.py --child MEMO -- ARGS`, which turns that one memo off
(the function called unwrapped, or the dict made to forget) and then runs ``duepa_check.cli.main``.
Rounds alternate every variant in a shuffled order; each figure is the median CPU time (user +
sys, forked workers included) with the memo off minus with every memo on, in ms and as a share of
the batch. Standard library only; a harness, not a test.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import pkgutil
import random
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from checks import AS_OF
from decks import SEED, generate_decks
from measure import bench_env, time_once

PACKAGE = "duepa_check"
ALL_ON = "none"
PARTNERLESS = 100
JSON, HTML, PARTNERLESS_LOAD = "1,000 decks, JSON", "1,000 decks, HTML", f"{PARTNERLESS} partnerless decks, JSON"


class Forgetful(dict):
    """A memo dict that keeps nothing: every question is worked out again."""

    def __setitem__(self, key, value) -> None:
        pass

    def setdefault(self, key, default=None):
        return default


def forget_fits() -> None:
    module = importlib.import_module(f"{PACKAGE}.analysis.partner_candidates")
    module._fits = Forgetful()


def forget_status() -> None:
    from duepa_check.data.regulation import Regulation

    made = Regulation.__init__

    @functools.wraps(made)
    def init(self, *args, **kwargs) -> None:
        made(self, *args, **kwargs)
        self._memo = Forgetful()

    Regulation.__init__ = init


# The memos that are dicts kept for the run, and how the child turns each off.
DICT_MEMOS = {
    "analysis.partner_candidates._fits": forget_fits,
    "data.regulation.Regulation._memo": forget_status,
}


def lru_memos() -> list[str]:
    """Every module-level lru_cache of the package, as 'module.name' (the package prefix dropped)."""
    package = importlib.import_module(PACKAGE)
    found = []
    for info in pkgutil.walk_packages(package.__path__, PACKAGE + "."):
        if info.name.endswith(".__main__"):  # running it is running the command
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if isinstance(value, functools._lru_cache_wrapper) and getattr(value, "__module__", "") == info.name:
                found.append(f"{info.name.removeprefix(PACKAGE + '.')}.{name}")
    return sorted(found)


def turn_off(memo: str) -> None:
    """In this process: call the memo's function unwrapped wherever a module holds it."""
    if memo in DICT_MEMOS:
        DICT_MEMOS[memo]()
        return
    module_name, name = memo.rsplit(".", 1)
    module = importlib.import_module(f"{PACKAGE}.{module_name}")
    cached = getattr(module, name)
    for other in list(sys.modules.values()):
        if getattr(other, "__name__", "").startswith(PACKAGE):
            for key, value in list(vars(other).items()):
                if value is cached:
                    setattr(other, key, cached.__wrapped__)


def child(memos: str, args: list[str]) -> int:
    """Run the command with the memos named (comma-separated; 'PREFIX*': every memo it starts) off."""
    for memo in memos.split(","):
        if memo.endswith("*"):
            for each in (*lru_memos(), *DICT_MEMOS):
                if each.startswith(memo[:-1]):
                    turn_off(each)
        elif memo != ALL_ON:
            turn_off(memo)
    from duepa_check.cli import main

    return main(args)


def workloads(tmp: Path) -> dict[str, list[str]]:
    folder, bare = tmp / "decks", tmp / "partnerless"
    generate_decks(folder)
    bare.mkdir()
    for number in range(PARTNERLESS):
        (bare / f"x{number:03d}.txt").write_text("x\n", encoding="utf-8")
    return {
        JSON: [str(folder), "--format", "json", "--as-of", AS_OF],
        HTML: [str(folder), "--format", "html", "--as-of", AS_OF],
        PARTNERLESS_LOAD: [str(bare), "--format", "json", "--as-of", AS_OF],
    }


def timed_on(memo: str, load: str) -> bool:
    """Whether a memo is timed on a workload: the report's memos on the HTML page (the only
    output that draws charts), the partner candidates on the partnerless decks (the only decks
    whose hints ask for them), the others on the 1,000 decks in both formats."""
    if memo == ALL_ON or "," in memo:
        return True
    if memo.startswith("report."):
        return load == HTML
    if memo.startswith("analysis.partner_candidates."):
        return load == PARTNERLESS_LOAD
    return load != PARTNERLESS_LOAD


def time_variants(python: str, memos: list[str], loads: dict[str, list[str]], repeat: int) -> dict:
    """CPU ms per (workload, memo or ALL_ON): one warm-up, then ``repeat`` shuffled rounds."""
    env, rng = bench_env(), random.Random(SEED)
    runs = {
        (load, memo): [python, __file__, "--child", memo, "--", *args]
        for load, args in loads.items()
        for memo in (ALL_ON, *memos)
        if timed_on(memo, load)
    }
    for cmd in runs.values():
        time_once(cmd, env)
    cpu: dict[tuple[str, str], list[float]] = {key: [] for key in runs}
    for round_no in range(repeat):
        order = list(runs)
        rng.shuffle(order)
        for key in order:
            cpu[key].append(time_once(runs[key], env)[1])
        print(f"  round {round_no + 1}/{repeat} done", file=sys.stderr, flush=True)
    return cpu


def report(cpu: dict, memos: list[str], loads: dict[str, list[str]]) -> None:
    print(f"{'memo':44} " + " ".join(f"{load:>30}" for load in loads))
    base = {load: statistics.median(cpu[load, ALL_ON]) for load in loads}
    print(f"{'(every memo on: CPU ms)':44} " + " ".join(f"{base[load]:>30.1f}" for load in loads))
    for memo in memos:
        cells = []
        for load in loads:
            if (load, memo) not in cpu:
                cells.append("-")
                continue
            extra = statistics.median(cpu[load, memo]) - base[load]
            paired = statistics.median(a - b for a, b in zip(cpu[load, memo], cpu[load, ALL_ON]))
            cells.append(f"{extra:+.1f} ms {extra / base[load]:+.1%} (paired {paired:+.1f})")
        print(f"{memo:44} " + " ".join(f"{cell:>30}" for cell in cells))


def main() -> int:
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        return child(sys.argv[2], sys.argv[4:])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="rounds (default 5)")
    parser.add_argument("--python", default=sys.executable, help="interpreter with duepa-check installed")
    parser.add_argument("--only", help="only the memos whose name holds this word")
    parser.add_argument(
        "--together",
        action="append",
        default=[],
        metavar="MEMO,MEMO*",
        help="also time these memos off at once (comma-separated; NAME* for a prefix)",
    )
    args = parser.parse_args()
    memos = [memo for memo in (*lru_memos(), *DICT_MEMOS) if not args.only or args.only in memo]
    memos += args.together
    tmp = Path(tempfile.mkdtemp(prefix="duepa-memos-"))
    try:
        loads = workloads(tmp)
        print(
            f"timing {len(memos)} memos off one at a time, {len(loads)} workloads, {args.repeat} rounds ...",
            file=sys.stderr,
        )
        report(time_variants(args.python, memos, loads, args.repeat), memos, loads)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
