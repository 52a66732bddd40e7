"""How the benchmarks run a command and time it: a fresh process each time, CPU time (user + sys of
the command and every worker it forked and waited for) and wall time, rounds interleaved in a
shuffled order so that machine noise hits a figure and its baseline alike. Standard library only.
"""

from __future__ import annotations

import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from decks import HERE, ROOT, SEED


def bench_env() -> dict[str, str]:
    """The caller's environment minus PYTHONDONTWRITEBYTECODE (a real install has .pyc files)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("GITHUB_ACTIONS", None)  # else the default format would be github, not text
    env.setdefault("PYTHONIOENCODING", "utf-8")
    return env


def one_core() -> list[str]:
    """A command prefix that holds a command (and its forked workers) to the first allowed core."""
    core = min(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 0
    if shutil.which("taskset"):
        return ["taskset", "-c", str(core)]
    return []  # no taskset: the row measures the normal run (results.json says which command ran)


def console_script(python: str) -> str:
    """The `duepa-check` script installed beside ``python``: what a user runs."""
    script = Path(python).parent / "duepa-check"
    if not script.exists():
        sys.exit(f"benchmarks: no console script at {script} (install the project into that interpreter's env)")
    return str(script)


def children_cpu_ms() -> float:
    """User + system CPU time of every finished child process so far (ms).

    A forked batch worker is a grandchild; the command waits for it, so its time is counted
    in the command's, and the command's in ours once subprocess.run has waited for it.
    """
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (usage.ru_utime + usage.ru_stime) * 1000


@dataclass
class Samples:
    """Per command: wall and CPU samples (ms), and why it failed if it exited with 2 or more."""

    wall: dict[str, list[float]] = field(default_factory=dict)
    cpu: dict[str, list[float]] = field(default_factory=dict)
    failures: dict[str, str] = field(default_factory=dict)

    def median(self, name: str, kind: str = "cpu") -> float:
        return statistics.median(getattr(self, kind)[name])


def warm_up(commands: dict[str, list[str]], env: dict[str, str], samples: Samples) -> None:
    """Run every command once, untimed: writes .pyc files, fills the OS file cache."""
    for name, cmd in commands.items():
        done = subprocess.run(cmd, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if done.returncode not in (0, 1):
            samples.failures[name] = f"rc {done.returncode}: {done.stderr.decode(errors='replace').strip()[:300]}"


def time_once(cmd: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """(wall ms, CPU ms, exit code) of one fresh run, its output to /dev/null."""
    cpu_start, start = children_cpu_ms(), time.perf_counter()
    done = subprocess.run(cmd, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return (time.perf_counter() - start) * 1000, children_cpu_ms() - cpu_start, done.returncode


def time_all(commands: dict[str, list[str]], repeat: int, env: dict[str, str]) -> Samples:
    """Warm up each command once, then ``repeat`` rounds of every command in a shuffled order."""
    samples = Samples({name: [] for name in commands}, {name: [] for name in commands})
    warm_up(commands, env, samples)
    rng = random.Random(SEED)
    for round_no in range(repeat):
        order = list(commands)
        rng.shuffle(order)
        for name in order:
            wall, cpu, code = time_once(commands[name], env)
            samples.wall[name].append(wall)
            samples.cpu[name].append(cpu)
            if code not in (0, 1):
                samples.failures.setdefault(name, f"rc {code} in round {round_no}")
        print(f"  round {round_no + 1}/{repeat} done", file=sys.stderr, flush=True)
    for name, why in samples.failures.items():
        print(f"benchmarks: WARNING: {name} failed: {why}", file=sys.stderr)
    return samples


def lang_startup_ms(python: str, lang: str, repeat: int, env: dict[str, str]) -> float:
    """Median of ``benchmarks/lang_startup.py LANG``: i18n's own cost, timed inside fresh processes."""
    values = []
    for _ in range(repeat):
        done = subprocess.run([python, str(HERE / "lang_startup.py"), lang], capture_output=True, text=True, env=env)
        try:
            values.append(float(done.stdout.strip()))
        except ValueError:
            return float("nan")
    return statistics.median(values)
