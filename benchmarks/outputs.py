"""Record every output duepa-check gives on a fixed set of inputs, one file per output (a harness).

    python benchmarks/outputs.py OUT [--python PATH] [--env NAME=VALUE ...] [--jobs N] [--only FILE]
    python benchmarks/outputs.py --compare A B

The first form runs the `duepa-check` console script next to PATH (default: the running
interpreter) on the inputs below and writes each command's standard output to its own file in
OUT, with `NAME.err` beside it (the exit code, then standard error). The second form lists the
files that differ between two such folders (or exist in one only) and exits 1 if any does.
Use it to show that a change leaves every output byte-identical: record before, record after,
compare. Standard library only.

Inputs: the benchmarks' 1,000 generated decks (benchmarks/decks.py, its fixed seed) checked as JSON, SARIF,
HTML, text and GitHub; every fixture deck (tests/fixtures/{decks,exports,layouts,english,sheets})
as JSON, text and HTML; `stats` and `partners` of a deck; `rules`; `card` of a few names;
`--help` of every command at COLUMNS=80 and 120. Each in English and in Japanese, with
`--as-of 2026-03-16` where the command takes it.

Deterministic by construction: a minimal environment (no TTY, fixed COLUMNS, LANG=C.UTF-8, an
empty HOME and XDG_DATA_HOME so no updated card data is found, no DUEPA_CHECK_*, GITHUB_* or
colour variables), relative paths from a fixed working directory. Nothing is masked: no output
holds a time or a machine path. `stats` takes no `--as-of`, so its stale-data warnings follow
today's date: record both sides on the same day.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from checks import AS_OF
from decks import ROOT, generate_decks
from measure import console_script

FIXTURES = ROOT / "tests" / "fixtures"
FIXTURE_FOLDERS = ("decks", "exports", "layouts", "english", "sheets")
LANGS = ("en", "ja")
DECK = "tests/fixtures/decks/DM23-BD4.txt"
EXPORT_PARTNER = "ボルシャック・ドラゴ大王"  # the exports name no partner (tests/fixtures/exports/README.md)
CARD_NAMES = ("ボルシャック・ドラゴ大王", "フェアリー・ギフト", "bolshack", "ボルシャック", "no such card at all")
COMMANDS = ("check", "card", "rules", "update", "stats", "partners")
FORMAT_SUFFIX = {"json": "json", "sarif": "sarif", "html": "html", "text": "txt", "github": "txt"}


def clean_env(home: Path, columns: int, extra: dict[str, str]) -> dict[str, str]:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / "xdg"),
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "PYTHONIOENCODING": "utf-8",
        "COLUMNS": str(columns),
    }
    env.update(extra)
    return env


def cases(decks_dir: str) -> list[tuple[str, list[str], str, int]]:
    """(output file name, arguments, working directory key, COLUMNS) of every recorded run."""
    out: list[tuple[str, list[str], str, int]] = []
    for lang in LANGS:
        for fmt, suffix in FORMAT_SUFFIX.items():
            out.append(
                (
                    f"batch/{fmt}-{lang}.{suffix}",
                    [decks_dir, "--format", fmt, "--as-of", AS_OF, "--lang", lang],
                    "decks",
                    120,
                )
            )
        for folder in FIXTURE_FOLDERS:
            for path in sorted((FIXTURES / folder).iterdir()):
                if path.suffix in (".md", ".py") or not path.is_file():
                    continue
                rel = str(path.relative_to(ROOT))
                for fmt in ("json", "text", "html"):
                    base = [rel, "--format", fmt, "--as-of", AS_OF, "--lang", lang]
                    out.append((f"fixtures/{folder}/{path.name}.{fmt}-{lang}.{FORMAT_SUFFIX[fmt]}", base, "root", 120))
                    if folder == "exports":
                        out.append(
                            (
                                f"fixtures/{folder}/{path.name}.partner.{fmt}-{lang}.{FORMAT_SUFFIX[fmt]}",
                                [*base, "--partner", EXPORT_PARTNER],
                                "root",
                                120,
                            )
                        )
        for fmt in ("text", "json"):
            suffix = FORMAT_SUFFIX[fmt]
            out.append(
                (f"stats/DM23-BD4.{fmt}-{lang}.{suffix}", ["stats", DECK, "--format", fmt, "--lang", lang], "root", 120)
            )
            out.append(
                (
                    f"partners/DM23-BD4.{fmt}-{lang}.{suffix}",
                    ["partners", DECK, "--format", fmt, "--as-of", AS_OF, "--lang", lang],
                    "root",
                    120,
                )
            )
            out.append(
                (
                    f"partners/DM23-BD4.pool.{fmt}-{lang}.{suffix}",
                    ["partners", DECK, "--pool", "--format", fmt, "--as-of", AS_OF, "--lang", lang],
                    "root",
                    120,
                )
            )
            out.append((f"rules/all.{fmt}-{lang}.{suffix}", ["rules", "--format", fmt, "--lang", lang], "root", 120))
            out.append(
                (f"rules/DP005.{fmt}-{lang}.{suffix}", ["rules", "DP005", "--format", fmt, "--lang", lang], "root", 120)
            )
            for number, name in enumerate(CARD_NAMES):
                out.append(
                    (
                        f"card/{number}.{fmt}-{lang}.{suffix}",
                        ["card", name, "--format", fmt, "--as-of", AS_OF, "--lang", lang],
                        "root",
                        120,
                    )
                )
        for columns in (80, 120):
            out.append((f"help/main-{columns}-{lang}.txt", ["--lang", lang, "--help"], "root", columns))
            for command in COMMANDS:
                out.append(
                    (f"help/{command}-{columns}-{lang}.txt", ["--lang", lang, command, "--help"], "root", columns)
                )
    return out


def record(out_dir: Path, python: str, extra_env: dict[str, str], jobs: int, only: list[str]) -> int:
    script = console_script(python)
    out_dir.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="duepa-outputs-"))
    try:
        (tmp / "home").mkdir()
        work = tmp / "work"
        print("generating the 1,000 decks ...", file=sys.stderr)
        generate_decks(work / "decks")  # benchmarks/decks.py's seed: the same decks every time
        cwd = {"decks": work, "root": ROOT}
        todo = [case for case in cases("decks") if not only or case[0] in only]

        def one(case: tuple[str, list[str], str, int]) -> str:
            name, args, where, columns = case
            done = subprocess.run(
                [script, *args],
                cwd=cwd[where],
                env=clean_env(tmp / "home", columns, extra_env),
                stdin=subprocess.DEVNULL,
                capture_output=True,
            )
            target = out_dir / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(done.stdout)
            Path(f"{target}.err").write_bytes(f"exit {done.returncode}\n".encode() + done.stderr)
            return name

        with ThreadPoolExecutor(max_workers=jobs) as pool:
            for count, _ in enumerate(pool.map(one, todo), 1):
                if count % 25 == 0 or count == len(todo):
                    print(f"  {count}/{len(todo)}", file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"wrote {len(todo)} outputs (and their .err files) to {out_dir}", file=sys.stderr)
    return 0


def same_lines(a: Path, b: Path) -> bool:
    """Whether two files hold the same lines, each as often, in another order (a reordered report)."""
    return sorted(a.read_bytes().splitlines()) == sorted(b.read_bytes().splitlines())


def compare(a: Path, b: Path) -> int:
    names_a = {p.relative_to(a) for p in a.rglob("*") if p.is_file()}
    names_b = {p.relative_to(b) for p in b.rglob("*") if p.is_file()}
    differ = sorted(n for n in names_a & names_b if not filecmp.cmp(a / n, b / n, shallow=False))
    reordered = [name for name in differ if same_lines(a / name, b / name)]
    for name in differ:
        print(f"differs{' (the same lines in another order)' if name in reordered else ''}: {name}")
    for name in sorted(names_a - names_b):
        print(f"only in {a}: {name}")
    for name in sorted(names_b - names_a):
        print(f"only in {b}: {name}")
    same = len(names_a & names_b) - len(differ)
    print(
        f"{same} identical, {len(differ)} differ ({len(reordered)} of them only in the order of their lines), "
        f"{len(names_a ^ names_b)} in one folder only",
        file=sys.stderr,
    )
    return 1 if differ or names_a ^ names_b else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, help="folder to write the outputs into")
    parser.add_argument("--python", default=sys.executable, help="interpreter with duepa-check installed")
    parser.add_argument(
        "--env",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an extra environment variable for every run (repeatable)",
    )
    parser.add_argument("--jobs", type=int, default=2, help="commands run at once (default 2)")
    parser.add_argument(
        "--only",
        type=Path,
        metavar="FILE",
        help="record only the outputs named in FILE (one name a line, as --compare prints them)",
    )
    parser.add_argument(
        "--compare",
        nargs=2,
        type=Path,
        metavar=("A", "B"),
        help="list the files that differ between two recorded folders",
    )
    args = parser.parse_args()
    if args.compare:
        return compare(*args.compare)
    if args.out is None:
        parser.error("give an output folder, or --compare A B")
    extra = dict(item.split("=", 1) for item in args.env)
    only = args.only.read_text(encoding="utf-8").split() if args.only else []
    return record(args.out, args.python, extra, args.jobs, only)


if __name__ == "__main__":
    sys.exit(main())
