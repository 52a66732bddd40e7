"""Time one duepa-check command on several installs, alternated, in CPU time (a before/after harness).

    python benchmarks/versus.py --python A --python B [--repeat N] [--one-core] [--] ARGS...

Runs ``duepa-check ARGS`` (the console script beside each ``--python``) in fresh processes, round
after round, the installs in a shuffled order each round, from the repository root; prints each
install's median CPU time (user + sys, forked workers included) and wall time, and each install's
ratio to the first (of the medians, and the median of the per-round ratios). The ARGS
``@DECKS`` stands for a folder of the 1,000 generated decks (benchmarks/decks.py). Standard
library only.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from decks import SEED, generate_decks
from measure import bench_env, console_script, one_core, time_once

DECKS_ARG = "@DECKS"


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", action="append", required=True, help="an interpreter with duepa-check installed")
    parser.add_argument("--repeat", type=int, default=15, help="rounds (default 15)")
    parser.add_argument("--one-core", action="store_true", help="hold every run to one core (taskset)")
    parser.add_argument("args", nargs=argparse.REMAINDER, help="duepa-check's arguments")
    args = parser.parse_args()
    args.args = [arg for arg in args.args if arg != "--"] or ["tests/fixtures/decks/DM23-BD4.txt"]
    return args


def alternate(commands: dict[str, list[str]], repeat: int) -> dict[str, list[tuple[float, float]]]:
    """One warm-up run each, then ``repeat`` shuffled rounds: (CPU ms, wall ms) per run."""
    env, rng = bench_env(), random.Random(SEED)
    for cmd in commands.values():
        time_once(cmd, env)
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(repeat):
        order = list(commands)
        rng.shuffle(order)
        for name in order:
            wall, cpu, _ = time_once(commands[name], env)
            samples[name].append((cpu, wall))
    return samples


def report(samples: dict[str, list[tuple[float, float]]]) -> None:
    first = next(iter(samples))
    for name, runs in samples.items():
        cpu = statistics.median(c for c, _ in runs)
        wall = statistics.median(w for _, w in runs)
        ratio = cpu / statistics.median(c for c, _ in samples[first])
        paired = statistics.median(c / b for (c, _), (b, _) in zip(runs, samples[first]))
        print(f"{name}: CPU {cpu:.1f} ms, wall {wall:.1f} ms; CPU × first {ratio:.3f} (paired {paired:.3f})")


def main() -> int:
    args = parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="duepa-versus-"))
    try:
        if DECKS_ARG in args.args:
            generate_decks(tmp / "decks")
        words = [str(tmp / "decks") if arg == DECKS_ARG else arg for arg in args.args]
        prefix = one_core() if args.one_core else []
        commands = {python: [*prefix, console_script(python), *words] for python in args.python}
        report(alternate(commands, args.repeat))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
