"""Time and peak memory of one check of a 1 MB file of each hostile shape (issues 13.2, 30).

    python benchmarks/hostile.py [--python PATH] [--repeat N] [--only WORD]

Each file is just under the 1 MB decklist limit. Every row is a fresh `duepa-check FILE`
subprocess (or `stats FILE`, `partners FILE --pool`); wall time is the median of N runs, CPU
time (user + system, from wait4: the child alone, what a loaded machine does not inflate much)
the median too, and peak RSS (ru_maxrss) the largest. The bound (issue 30): any input under
the 1 MB limit finishes in 10 s or less. The first row, one real 60-card deck, is the baseline measured in
the same rounds: compare ratios, not seconds, on a loaded machine. Standard library only;
exits 0 (a report, not a gate). Results go to benchmarks/out/hostile.json.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from checks import AS_OF
from decks import HERE, ONE_DECK, ROOT
from measure import console_script

LIMIT = 1_000_000
BASELINE = "baseline: one 60-card deck"
KATAKANA = [chr(code) for code in range(0x30A1, 0x30F7)]


def _fill(line_of, head: str = "", tail: str = "") -> str:
    """As many lines as fit under the limit (in UTF-8 bytes)."""
    parts, size, number = [head], len(head.encode()), 0
    while True:
        line = line_of(number)
        size += len(line.encode())
        if size + len(tail.encode()) >= LIMIT - 16:
            break
        parts.append(line)
        number += 1
    return "".join(parts) + tail


def distinct_name(number: int) -> str:
    """A different katakana name for every number, like a card name nobody printed."""
    letters = []
    while True:
        number, digit = divmod(number, len(KATAKANA))
        letters.append(KATAKANA[digit])
        if not number:
            break
    return "ボルシャック" + "".join(letters)


def shapes() -> dict[str, tuple[str, str]]:
    """name → (file suffix, text)."""
    deck = ONE_DECK.read_text(encoding="utf-8")
    real_lines = [line for line in deck.splitlines() if line.startswith("1 ")]
    with open(ROOT / "card_data" / "cards.jsonl", encoding="utf-8") as cards:
        pool = [json.loads(line)["name"] for line in cards if line.startswith('{"name"')]
    return {
        "unknown-names.txt": (".txt", _fill(lambda n: f"1 {distinct_name(n)}\n")),
        "unknown-names.json": (
            ".json",
            _fill(
                lambda n: json.dumps(distinct_name(n)).upper().replace("\\U", "\\u") + ",\n", '{"cards": [\n', '"x"]}'
            ),
        ),
        "unknown-names.yaml": (".yaml", _fill(lambda n: f"  - {distinct_name(n)}\n", "cards:\n")),
        "real-cards-repeated.txt": (".txt", _fill(lambda n: real_lines[n % len(real_lines)] + "\n")),
        "off-colour-repeated.txt": (
            ".txt",
            _fill(lambda n: "1 アクア・サーファー\n", "パートナー: ボルシャック・ドラゴ大王\n"),
        ),
        "one-long-line.txt": (".txt", "1 " + "ボ" * (LIMIT // 3 - 2)),
        "unparsable-lines.txt": (".txt", _fill(lambda n: f"!!!! {n}\n")),
        "real-deck-then-unknown-names.txt": (".txt", _fill(lambda n: f"1 {distinct_name(n)}\n", deck)),
        "huge-heading-counts.txt": (".txt", _fill(lambda n: f"クリーチャー ({'9' * 26})\n1 {distinct_name(n)}\n")),
        "comments-with-form-feeds.txt": (".txt", _fill(lambda n: f"# note\f1 {distinct_name(n)}\u2028x\n")),
        "labels-then-names.txt": (".txt", _fill(lambda n: f"価格：3,000円 1 {distinct_name(n)} #x\n")),
        "json-nested.json": (".json", '{"cards": ' + "[" * (LIMIT // 2 - 10) + "]" * (LIMIT // 2 - 10) + "}"),
        # every line a real card, each name on two lines: DP002 reports thousands of names
        "every-card-twice.txt": (".txt", _fill(lambda n: f"1 {pool[n // 2 % len(pool)]}\n")),
        "yaml-aliases.yaml": (".yaml", _fill(lambda n: f"k{n}: *a\n", "cards: &a [" + ", ".join(["x"] * 50) + "]\n")),
    }


def typo_sheet(pool: list[str], rows: int | None = None) -> str:
    """A form's responses: one short deck a row, two real cards and one typo, about 118 bytes a row
    as in issue 39.15 (1,000 rows: 118 KB). ``rows`` None: as many rows as fit under 1 MB."""
    plain = [name for name in pool if '"' not in name and "," not in name and len(name) < 12]

    def row(n: int) -> str:
        name = plain[n * 13 % len(plain)]
        typo = name[:-1] + ("ア" if name[-1] != "ア" else "イ")
        cards = f"1 {plain[(n * 7 + 3) % len(plain)]}\n1 {plain[(n * 11 + 5) % len(plain)]}"
        return f'2026/11/28 10:{n // 60 % 60:02d}:{n % 60:02d},player{n},"{cards}\n1 {typo}"\n'

    head = "タイムスタンプ,お名前,デッキリスト\n"
    if rows is not None:
        return head + "".join(row(n) for n in range(rows))
    return _fill(row, head)


def folder_of(folder: Path, count: int, text: str) -> Path:
    """``count`` files of ``text`` in a new folder (issue 39.16, 39.18: many tiny decks)."""
    folder.mkdir()
    for number in range(count):
        (folder / f"{number:05d}.txt").write_text(text, encoding="utf-8")
    return folder


def run_once(cmd: list[str], env: dict[str, str]) -> tuple[float, float, int, int]:
    """(wall seconds, CPU seconds, peak RSS in KB, exit code) of one subprocess."""
    start = time.perf_counter()
    process = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, process.returncode


def inputs(folder: Path) -> dict[str, tuple[Path, str | tuple[str, ...]]]:
    """label → (the file or folder, its output: a format, "tty", or a command and its options)."""
    files: dict[str, tuple[Path, str | tuple[str, ...]]] = {BASELINE: (ONE_DECK, "json")}
    for name, (_, text) in shapes().items():
        path = Path(folder, name)
        path.write_text(text, encoding="utf-8")
        assert path.stat().st_size <= LIMIT, name
        files[f"{name} ({path.stat().st_size // 1000} KB)"] = (path, "json")
    big = Path(folder, "unknown-names.txt")
    for output in ("text", "sarif", "github", "html"):
        files[f"unknown-names.txt as {output}"] = (big, output)
    files["off-colour-repeated.txt drawn by rich"] = (Path(folder, "off-colour-repeated.txt"), "tty")
    files["unknown-names.txt: stats"] = (big, ("stats",))
    files["unknown-names.txt: stats drawn by rich"] = (big, ("stats", "tty"))
    mixed = Path(folder, "real-deck-then-unknown-names.txt")
    files["real-deck-then-unknown-names.txt: partners --pool"] = (mixed, ("partners", "--pool"))
    files["real-deck-then-unknown-names.txt: stats"] = (mixed, ("stats",))
    # issue 39: close-name searches per run (15), the DP003 hint per deck (16), an HTML page of many decks (18)
    with open(ROOT / "card_data" / "cards.jsonl", encoding="utf-8") as cards:
        pool = [json.loads(line)["name"] for line in cards if line.startswith('{"name"')]
    for label, count in (("1,000 rows", 1000), ("1 MB", None)):
        sheet = Path(folder, f"typo-sheet-{count or 'full'}.csv")
        sheet.write_text(typo_sheet(pool, count), encoding="utf-8")
        files[f"sheet, one typo a row, {label} ({sheet.stat().st_size // 1000} KB)"] = (sheet, "json")
    tiny = folder_of(Path(folder, "tiny"), 3000, "x\n")
    files["folder of 3,000 two-byte files"] = (tiny, "json")
    files["folder of 3,000 two-byte files as text"] = (tiny, "text")
    one_line = folder_of(Path(folder, "one-line"), 30000, "1 ボルシャック・ドラゴ大王\n")
    files["folder of 30,000 one-line decks as html"] = (one_line, "html")
    return files


def command(script: str, path: Path, output: str | tuple[str, ...], env: dict[str, str]):
    """The command line and environment of one row."""
    run_env = dict(env)
    if "tty" in output:
        run_env.update(TTY_COMPATIBLE="1", COLUMNS="200")
    if isinstance(output, tuple):  # a command: stats FILE, partners FILE --pool
        cmd = [script, output[0], str(path), *[o for o in output[1:] if o != "tty"]]
        cmd += ["--as-of", AS_OF] if output[0] == "partners" else []
    else:
        cmd = [script, str(path), "--format", "text" if output == "tty" else output, "--as-of", AS_OF]
    return cmd, run_env


def time_rows(files: dict, script: str, repeat: int, env: dict[str, str]) -> dict[str, dict]:
    """label → wall and CPU samples (s), the peak RSS (KB) and the exit code, over ``repeat`` rounds."""
    found = {label: {"wall": [], "cpu": [], "peak": 0, "exit": None} for label in files}
    for _ in range(repeat):
        for label, (path, output) in files.items():
            seconds, cpu_seconds, peak, code = run_once(*command(script, path, output, env))
            row = found[label]
            row["wall"].append(seconds)
            row["cpu"].append(cpu_seconds)
            row["peak"], row["exit"] = max(row["peak"], peak), code
    return found


def report(found: dict[str, dict]) -> list[dict]:
    """Print one line a row; the rows for hostile.json."""
    base = statistics.median(found[BASELINE]["wall"])
    rows = []
    print(f"{'file':56} {'median s':>9} {'cpu s':>6} {'x base':>7} {'peak MB':>8} {'exit':>5}")
    for label, row in found.items():
        median, used, peak = statistics.median(row["wall"]), statistics.median(row["cpu"]), row["peak"] / 1024
        rows.append(
            {
                "file": label,
                "median_s": round(median, 3),
                "cpu_s": round(used, 3),
                "ratio": round(median / base, 1),
                "peak_rss_mb": round(peak, 1),
                "exit": row["exit"],
            }
        )
        print(f"{label:56} {median:9.2f} {used:6.2f} {median / base:7.1f} {peak:8.1f} {row['exit']:5}")
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default="", help="only the rows whose label holds this text (and the baseline)")
    args = parser.parse_args()
    script = console_script(args.python)
    env = {key: value for key, value in os.environ.items() if key not in ("GITHUB_ACTIONS", "FORCE_COLOR")}
    with tempfile.TemporaryDirectory() as folder:
        files = inputs(Path(folder))
        if args.only:
            files = {label: item for label, item in files.items() if args.only in label or label == BASELINE}
        found = time_rows(files, script, args.repeat, env)
    rows = report(found)
    (HERE / "out").mkdir(exist_ok=True)
    (HERE / "out" / "hostile.json").write_text(json.dumps(rows, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
