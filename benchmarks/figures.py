"""The figures benchmarks/run.py reports: each a command against its baseline, as a ratio or a
difference of CPU medians, against the target its issue set; shown as a table, written to
results.json and (``--readme``) into benchmarks/README.md, dated, with the commit measured."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from decks import HERE, ROOT
from measure import Samples

README = HERE / "README.md"
BEGIN, END = "<!-- run.py: last run -->", "<!-- run.py: end -->"


@dataclass(frozen=True)
class Figure:
    """One figure: ``ours`` against ``baseline`` (command names), as ``unit`` "x" (a ratio) or
    "ms" (a difference); ``limit`` None is shown without a target."""

    key: str
    measurement: str
    baseline: str
    ours: str
    unit: str
    limit: float | None


ONE_DECK_VS_TYPER = 1.5  # issue 34: one deck end to end, as `python -c "import typer"` costs
BATCH_JSON = 10.0  # issue 34: 1,000 decklists as JSON against one deck as JSON
BATCH_HTML = 12.0  # issue 34: 1,000 decklists as HTML against one deck as JSON
POOL_MS = 50.0  # loading the pool and looking up one deck's 60 names, over a bare interpreter
PARTNERS = 2.0  # `partners --pool` against a check of the same deck
SHEET = 4.0  # issue 31: a sheet of 1,000 form responses against the 1,000 deck files
LANG_MS = 5.0  # issue 15: choosing the language and loading its catalogue

TYPER, DECK_JSON, BATCH = "python -c 'import typer'", "one deck, json --as-of", "1,000 decks, json --as-of"
FIGURES = (
    Figure("1", "card pool: load + 60 look-ups", "python -c pass", "pool: load + 60 lookups", "ms", POOL_MS),
    Figure("2a", "one deck end to end, text", TYPER, "one deck, text", "x", ONE_DECK_VS_TYPER),
    Figure("2t", "one deck, text drawn by rich (terminal)", TYPER, "one deck, text, terminal", "x", None),
    Figure("2b", "one deck end to end, JSON", TYPER, "one deck, --format json", "x", ONE_DECK_VS_TYPER),
    Figure("3", "1,000 decks as JSON vs one deck", DECK_JSON, BATCH, "x", BATCH_JSON),
    Figure("3c", "1,000 decks as JSON on one core vs one deck", DECK_JSON, "1,000 decks, one core", "x", BATCH_JSON),
    Figure("3h", "1,000 decks as HTML vs one deck", DECK_JSON, "1,000 decks, html --as-of", "x", BATCH_HTML),
    Figure("3s", "1,000-row sheet vs 1,000 deck files", BATCH, "1,000-row sheet, json --as-of", "x", SHEET),
    Figure("4", "partners --pool vs a check of one deck", DECK_JSON, "partners --pool, json --as-of", "x", PARTNERS),
    Figure(
        "4m", "partners --pool, a mono-火 deck, vs a check", DECK_JSON, "partners --pool, mono-colour deck", "x", None
    ),
    Figure("5j", "one deck, text, --lang ja vs English", "one deck, text", "one deck, text, --lang ja", "ms", None),
)


def compare(unit: str):
    return (lambda x, y: x - y) if unit == "ms" else (lambda x, y: x / y)


def verdict(value: float, limit: float | None, failed: bool) -> str:
    if failed:
        return "ERROR"
    if limit is None:
        return "-"
    return "PASS" if value <= limit else "FAIL"


def target(unit: str, limit: float | None) -> str:
    return "none" if limit is None else f"≤ {limit:g} ms" if unit == "ms" else f"≤ {limit:g}×"


def row(figure: Figure, samples: Samples) -> dict:
    """A figure from the samples: the CPU value decides; wall time is shown beside it."""
    op = compare(figure.unit)
    cpu_base, cpu_ours = samples.median(figure.baseline), samples.median(figure.ours)
    cpu_value = op(cpu_ours, cpu_base)
    failed = figure.ours in samples.failures or figure.baseline in samples.failures
    return {
        "key": figure.key,
        "measurement": figure.measurement,
        "baseline": figure.baseline,
        "ours": figure.ours,
        "unit": figure.unit,
        "baseline_cpu_ms": cpu_base,
        "ours_cpu_ms": cpu_ours,
        "cpu_value": cpu_value,
        "cpu_paired": statistics.median(
            op(x, y) for x, y in zip(samples.cpu[figure.ours], samples.cpu[figure.baseline])
        ),
        "wall_value": op(samples.median(figure.ours, "wall"), samples.median(figure.baseline, "wall")),
        "target": target(figure.unit, figure.limit),
        "result": verdict(cpu_value, figure.limit, failed),
    }


def lang_row(lang: str, value: float) -> dict:
    """The in-process language figure (benchmarks/lang_startup.py), a median of fresh processes."""
    return {
        "key": "5",
        "measurement": f"language choice + catalogue, {lang} (in-process)",
        "baseline": "-",
        "ours": f"benchmarks/lang_startup.py {lang}",
        "unit": "ms",
        "baseline_cpu_ms": 0.0,
        "ours_cpu_ms": value,
        "cpu_value": value,
        "cpu_paired": value,
        "wall_value": value,
        "target": target("ms", LANG_MS),
        "result": verdict(value, LANG_MS, value != value),
    }


def rows(samples: Samples, lang_ms: dict[str, float]) -> list[dict]:
    return [*(row(figure, samples) for figure in FIGURES), *(lang_row(lang, ms) for lang, ms in lang_ms.items())]


def shown(value: float, unit: str) -> str:
    return f"{value:+.1f} ms" if unit == "ms" else f"{value:.2f}×"


def print_table(results: list[dict], samples: Samples) -> None:
    head = (
        f"{'#':4} {'measurement':46} {'cpu base':>9} {'cpu ours':>9} {'cpu':>10} {'paired':>10} {'wall':>10} "
        f"{'target':>9}  result"
    )
    print(head)
    print("-" * len(head))
    for r in results:
        unit = r["unit"]
        print(
            f"{r['key']:4} {r['measurement']:46} {r['baseline_cpu_ms']:9.1f} {r['ours_cpu_ms']:9.1f} "
            f"{shown(r['cpu_value'], unit):>10} {shown(r['cpu_paired'], unit):>10} {shown(r['wall_value'], unit):>10} "
            f"{r['target']:>9}  {r['result']}"
        )
    print("\nall commands (CPU median ms, wall median / min / max ms):")
    for name, values in samples.wall.items():
        print(
            f"  {name:34} {samples.median(name):8.1f} {statistics.median(values):8.1f} {min(values):8.1f} "
            f"{max(values):8.1f}"
        )


MEASURED = ("duepa_check", "card_data", "pyproject.toml")  # what the figures are of


def commit() -> str:
    """The commit measured, and whether the package in the checkout had changes besides."""

    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True).stdout.strip()

    head = git("rev-parse", "--short", "HEAD") or "unknown"
    changed = git("status", "--porcelain", "--untracked-files=no", "--", *MEASURED)
    return head + (" with uncommitted changes to the package" if changed else "")


def markdown(result: dict) -> str:
    """The README's block: when, what, how loaded, then one line a figure."""
    load = result["loadavg"]
    lines = [
        BEGIN,
        f"Last run: {result['time']}, commit {result['commit']}, `--repeat {result['repeat']}`, Python "
        f"{result['python_version'].split()[0]}, {result['cpu_count']} cores, load average "
        f"{load['start']:.1f} at the start and {load['end']:.1f} at the end (other programs: read the CPU "
        "columns). Written by `python benchmarks/run.py --readme`.",
        "",
        "| # | measurement | target | CPU | CPU, paired | wall | result |",
        "|---|---|---|---:|---:|---:|---|",
    ]
    for r in result["results"]:
        unit = r["unit"]
        lines.append(
            f"| {r['key']} | {r['measurement']} | {r['target']} | {shown(r['cpu_value'], unit)} | "
            f"{shown(r['cpu_paired'], unit)} | {shown(r['wall_value'], unit)} | {r['result']} |"
        )
    medians = ", ".join(f"{name} {ms:.0f}" for name, ms in result["cpu_medians_ms"].items())
    lines += ["", f"CPU medians (ms): {medians}.", END]
    return "\n".join(lines)


def write_readme(result: dict, readme: Path = README) -> None:
    """Put the last run's block between the README's markers."""
    text = readme.read_text(encoding="utf-8")
    start, end = text.index(BEGIN), text.index(END) + len(END)
    readme.write_text(text[:start] + markdown(result) + text[end:], encoding="utf-8")


def result_of(
    python: str,
    repeat: int,
    commands: dict[str, list[str]],
    samples: Samples,
    results: list[dict],
    checks: list[dict],
    generated: dict,
    load_start: float,
) -> dict:
    """Everything results.json holds."""
    version = subprocess.run([python, "-c", "import sys; print(sys.version)"], capture_output=True, text=True)
    return {
        "python": python,
        "python_version": version.stdout.strip(),
        "repeat": repeat,
        "time": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "commit": commit(),
        "cpu_count": os.cpu_count(),
        "loadavg": {"start": load_start, "end": os.getloadavg()[0]},
        "commands": {name: " ".join(cmd) for name, cmd in commands.items()},
        "cpu_samples_ms": samples.cpu,
        "wall_samples_ms": samples.wall,
        "cpu_medians_ms": {name: samples.median(name) for name in samples.cpu},
        "results": results,
        "checks": checks,
        "failures": samples.failures,
        "generated": {"summary": generated["summary"], "candidate_pool_sizes": generated["pool_sizes"]},
    }


def write_results(result: dict, out: Path) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    path = out / "results.json"
    path.write_text(json.dumps(result, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return path
