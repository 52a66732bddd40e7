"""Measure the start-up and throughput promises of duepa-check (a report, not a gate).

    python benchmarks/run.py [--repeat N] [--python PATH] [--keep] [--readme]

Every figure compares the CPU time (user + sys, forked workers included) of a fresh process with
a baseline timed in the same rounds (each round runs every command once, in a shuffled order),
as a ratio or a difference of medians; wall time is shown beside it. The targets are the issues'
(benchmarks/figures.py); what each figure means: benchmarks/README.md. Writes
benchmarks/out/results.json, and with --readme the last-run block of benchmarks/README.md.
Standard library only. Always exits 0.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

import checks
import figures
from checks import AS_OF
from decks import HERE, N_DECKS, ONE_DECK, ROOT, generate_decks, write_mono_deck, write_sheet
from measure import bench_env, console_script, lang_startup_ms, one_core, time_all

OUT = HERE / "out"


def commands(python: str, script: str, folder: Path, sheet: Path, mono: Path) -> dict[str, list[str]]:
    """Every command timed, by the name the figures use."""
    deck = str(ONE_DECK.relative_to(ROOT))
    batch = [str(folder), "--format", "json", "--as-of", AS_OF]
    return {
        "python -c pass": [python, "-c", "pass"],
        "pool: load + 60 lookups": [python, str(HERE / "pool_lookup.py"), deck],
        "python -c 'import typer'": [python, "-c", "import typer"],
        "one deck, text": [script, deck],
        "one deck, text, --lang ja": [script, deck, "--lang", "ja"],
        # What a person at a terminal sees: rich draws the report (TTY_COMPATIBLE is rich's own switch).
        "one deck, text, terminal": ["env", "TTY_COMPATIBLE=1", script, deck],
        "one deck, --format json": [script, deck, "--format", "json"],
        "one deck, json --as-of": [script, deck, "--format", "json", "--as-of", AS_OF],
        "1,000 decks, json --as-of": [script, *batch],
        "1,000 decks, html --as-of": [script, str(folder), "--format", "html", "--as-of", AS_OF],
        "1,000-row sheet, json --as-of": [script, str(sheet), "--format", "json", "--as-of", AS_OF],
        # The same batch held to one core: what a one-core CI runner sees (no parallel workers).
        "1,000 decks, one core": [*one_core(), script, *batch],
        "partners --pool, json --as-of": [script, "partners", deck, "--pool", "--format", "json", "--as-of", AS_OF],
        "partners --pool, mono-colour deck": [
            script,
            "partners",
            str(mono),
            "--pool",
            "--format",
            "json",
            "--as-of",
            AS_OF,
        ],
    }


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15, help="interleaved rounds (default 15)")
    parser.add_argument("--python", default=sys.executable, help="interpreter with duepa-check installed")
    parser.add_argument("--keep", action="store_true", help="keep the generated deck folder")
    parser.add_argument("--readme", action="store_true", help="write the last-run block of benchmarks/README.md")
    return parser.parse_args()


def measure(args: argparse.Namespace, tmp: Path) -> dict:
    """Generate the inputs, check them (untimed), time every command: results.json's content."""
    load_start = os.getloadavg()[0]
    python, script, env = args.python, console_script(args.python), bench_env()
    folder = tmp / "decks"
    print(f"generating {N_DECKS} decklists in {folder} ...", file=sys.stderr)
    generated = generate_decks(folder)
    sheet = write_sheet(folder, tmp / "responses.csv")  # beside the folder: not one of its decks
    timed = commands(python, script, folder, sheet, write_mono_deck(tmp / "mono.txt"))
    print("checking correctness (not timed) ...", file=sys.stderr)
    found = checks.verify(script, folder, sheet, generated, env)
    print(f"timing: warm-up + {args.repeat} interleaved rounds of {len(timed)} commands ...", file=sys.stderr)
    samples = time_all(timed, args.repeat, env)
    lang_ms = {lang: lang_startup_ms(python, lang, args.repeat, env) for lang in ("en", "ja")}
    results = figures.rows(samples, lang_ms)
    figures.print_table(results, samples)
    return figures.result_of(python, args.repeat, timed, samples, results, found, generated, load_start)


def report_checks(result: dict) -> None:
    print(f"\ncorrectness checks (1,000 generated decks: expected {result['generated']['summary']}):")
    for check in result["checks"]:
        print(f"  {'OK      ' if check['ok'] else 'MISMATCH'} {check['check']}: {check['detail']}")


def main() -> int:
    args = parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="duepa-bench-"))
    try:
        result = measure(args, tmp)
    finally:
        if args.keep:
            print(f"kept {tmp / 'decks'}", file=sys.stderr)
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    report_checks(result)
    print(f"\nwrote {figures.write_results(result, OUT)}")
    if args.readme:
        figures.write_readme(result)
        print(f"wrote the last-run block of {figures.README}")
    return 0


if __name__ == "__main__":
    try:
        main()
    except SystemExit as stop:  # a report, not a gate: say why, still exit 0
        if stop.code not in (None, 0):
            print(stop.code, file=sys.stderr)
    sys.exit(0)
