"""Measure the start-up and throughput promises of duepa-check (a report, not a gate).

    python benchmarks/run.py [--repeat N] [--python PATH] [--keep]

Every figure is the median wall time of N interleaved runs of a subprocess, compared with a
baseline measured in the same rounds (each round runs every command once, in a shuffled
order), so machine noise hits both sides alike. See benchmarks/README.md for what each
figure means and the targets. Standard library only. Always exits 0.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = HERE / "out"
DECKS = ROOT / "tests" / "fixtures" / "decks"
ONE_DECK = DECKS / "DM23-BD4.txt"
BASES = (DECKS / "DM23-BD4.txt", DECKS / "DM24-BD6.txt")
CARDS = ROOT / "card_data" / "cards.jsonl"
INDEX = ROOT / "card_data" / "index.tsv"
REGULATION = ROOT / "card_data" / "regulation.yaml"

AS_OF = "2026-03-16"  # = the regulation's data_date: no stale-data (DP202) or unconfirmed (DP203) warning
AS_OF_LATER = "2026-04-01"  # within 6 months of data_date: DP203 only (for the sanity check)
SEED = 20260316
N_DECKS = 1000
CIVILIZATIONS = ("光", "水", "闇", "火", "自然")

# Targets (from the issues).
POOL_TARGET_MS = 50.0
END_TO_END_TARGET = 1.5
BATCH_TARGET = 4.0
HTML_TARGET = 2.0  # issue 16: the HTML report of 1,000 decks in at most twice the time of their JSON
PARTNERS_TARGET = 2.0  # `partners --pool` (the whole card pool) against a plain check of the same deck
LANG_TARGET_MS = 5.0  # choosing the language and loading its catalogue (issue 15)
SHEET_TARGET = 4.0  # issue 31: a sheet of 1,000 form responses in at most 4x the time of 1,000 deck files


# ---------------------------------------------------------------------------- environment


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
    script = Path(python).parent / "duepa-check"
    if not script.exists():
        sys.exit(f"run.py: no console script at {script} (install the project into that interpreter's env)")
    return str(script)


# ---------------------------------------------------------------------------- deck generation


def _norm(name: str) -> str:
    """A rough name fold (NFKC, no spaces/dots/slashes, no kana reading) to avoid re-adding a base card."""
    text = unicodedata.normalize("NFKC", name).strip().strip("《》")
    text = re.sub(r"\([\u3041-\u309f\u30a0-\u30ff・ー\s]+\)", "", text)
    return re.sub(r"[\s・･/／\-‐－]+", "", text).casefold()


def read_deck(path: Path) -> tuple[str, list[str]]:
    """(partner as typed, main-deck names as typed) of a plain '1 NAME' list."""
    partner, main = None, []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = re.match(r"^パートナー\s*[:：]\s*(.+)$", line)
        if m:
            partner = m.group(1).strip()
            continue
        count, name = line.split(None, 1)
        main.extend([name.strip()] * int(count))
    if partner is None:
        raise SystemExit(f"run.py: {path} has no partner line")
    return partner, main


def regulated_names() -> set[str]:
    """Every card named anywhere in regulation.yaml (殿堂 events, combos, lists, unconfirmed changes)."""
    names: set[str] = set()
    for line in REGULATION.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith("- {"):
            item = json.loads(line[2:])
            for key in ("card",):
                if key in item:
                    names.add(item[key])
            names.update(item.get("cards", ()))
        elif line.startswith('- "') and not line.startswith(('- "http', '- "hall-of', '- "regulation')):
            names.add(json.loads(line[2:]))
    return names


_BAD_NAME = re.compile(r"[/／#:：\[\]【】《》()（）\"'“”,、]|^[\dxX×*\s]|[xX×]\s*\d+$|\d+\s*枚$|\s$")


def write_mono_deck(path: Path) -> Path:
    """DM23-BD4's 火-only cards as a list: a deck of one civilization, the costlier case for
    `partners --pool` (every civilization set that includes 火 is parsed)."""
    by_name, _ = load_cards()
    _, main = read_deck(ONE_DECK)
    names = [name for name in main if name in by_name and civs(by_name[name]) == {"火"}]
    path.write_text("".join(f"1 {name}\n" for name in names), encoding="utf-8")
    return path


def load_cards() -> tuple[dict[str, dict], dict[int, dict]]:
    """All card records from cards.jsonl (skipping the header line), by name and by byte offset."""
    by_name: dict[str, dict] = {}
    by_offset: dict[int, dict] = {}
    with CARDS.open("rb") as handle:
        offset = len(handle.readline())
        for line in handle:
            if line.strip():
                card = json.loads(line)
                by_name[card["name"]] = card
                by_offset[offset] = card
            offset += len(line)
    return by_name, by_offset


def unique_key_offsets() -> set[int]:
    """Offsets of cards whose official-name key belongs to no other card (so a look-up cannot be ambiguous)."""
    owners: dict[bytes, set[int]] = {}
    name_rows: list[tuple[bytes, int]] = []
    for row in INDEX.read_bytes().split(b"\n"):
        if not row:
            continue
        key, kind, offset = row.split(b"\t")
        owners.setdefault(key, set()).add(int(offset))
        if kind == b"name":
            name_rows.append((key, int(offset)))
    return {offset for key, offset in name_rows if owners[key] == {offset}}


def civs(card: dict) -> set[str]:
    return {c for face in card.get("faces", ()) for c in face.get("civilizations", ())}


def candidate_pools(partner_civs: set[str], exclude: set[str], by_offset: dict[int, dict]) -> dict[str, list[str]]:
    """Names of plain, unrestricted, unambiguous main-deck cards: fitting, off-colour, incomplete."""
    unique = unique_key_offsets()
    regulated = {_norm(n) for n in regulated_names()}
    pools: dict[str, list[str]] = {"fit": [], "wrong": [], "incomplete": []}
    for offset, card in by_offset.items():
        name = card["name"]
        if (
            offset not in unique
            or card.get("zone", "main") != "main"
            or card.get("layout", "single") != "single"
            or len(name) > 40
            or _BAD_NAME.search(name)
            or not re.search(r"[^\W\d_]", name)
            or _norm(name) in regulated
            or _norm(name) in exclude
            or card.get("may_exceed_four")
        ):
            continue
        if not card.get("complete", True):
            pools["incomplete"].append(name)
        elif card.get("faces") and len(card["faces"]) == 1:
            pools["fit" if civs(card) <= partner_civs else "wrong"].append(name)
    for names in pools.values():
        names.sort()
    return pools


def generate_decks(folder: Path, n: int = N_DECKS, seed: int = SEED) -> dict:
    """Write n decklists into folder; return the expected summary and per-deck rule ids.

    Deck i (0-based) is a variation of base i % 2: main deck shuffled, 0-8 cards swapped for
    other real cards of the partner's civilizations or colourless, some names in 《》 or as
    '1x NAME'. On purpose: i % 10 == 0 has one off-civilization card (DP005 error);
    i % 25 == 0 has one card twice (DP002 error); i % 40 == 7 has one card with no data yet
    (DP201 warning). All other decks are legal with no warnings.
    """
    rng = random.Random(seed)
    by_name, by_offset = load_cards()
    bases = []
    for path in BASES:
        partner, main = read_deck(path)
        card = by_name.get(partner)
        if card is None:
            raise SystemExit(f"run.py: partner {partner!r} of {path.name} is not an official name in cards.jsonl")
        exclude = {_norm(n) for n in (partner, *main)}
        pools = candidate_pools(civs(card), exclude, by_offset)
        bases.append((path.stem, partner, main, pools))
    expected = {"decks": n, "legal": 0, "errors": 0, "warnings": 0, "unreadable": 0}
    per_deck: dict[str, list[str]] = {}
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        stem, partner, main, pools = bases[i % 2]
        cards = list(main)
        rng.shuffle(cards)
        used = set()
        touched: set[int] = set()

        def pick(pool: str) -> str:
            while True:
                name = rng.choice(pools[pool])
                if name not in used:
                    used.add(name)
                    return name

        def free_slot() -> int:
            while True:
                slot = rng.randrange(len(cards))
                if slot not in touched:
                    touched.add(slot)
                    return slot

        for _ in range(rng.randint(0, 8)):
            cards[free_slot()] = pick("fit")
        rules: list[str] = []
        if i % 10 == 0:
            cards[free_slot()] = pick("wrong")
            rules.append("DP005")
        if i % 25 == 0:
            target, source = free_slot(), free_slot()
            cards[target] = cards[source]
            rules.append("DP002")
        if i % 40 == 7:
            cards[free_slot()] = pick("incomplete")
            rules.append("DP201")
        style = i % 3
        lines = [f"# generated variation {i} of {stem} (seed {seed})", f"パートナー: {partner}", ""]
        for name in cards:
            if style == 1 and rng.random() < 0.3:
                lines.append(f"1 《{name}》")
            elif style == 2:
                lines.append(f"1x {name}")
            else:
                lines.append(f"1 {name}")
        path = folder / f"deck{i:04d}.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        errors = sum(r != "DP201" for r in rules)
        warnings = sum(r == "DP201" for r in rules)
        expected["errors"] += errors
        expected["warnings"] += warnings
        expected["legal"] += errors == 0
        per_deck[str(path)] = sorted(rules)
    return {"summary": expected, "per_deck": per_deck,
            "pool_sizes": {b[0]: {k: len(v) for k, v in b[3].items()} for b in bases}}


# ---------------------------------------------------------------------------- checks (not timed)


def run_json(cmd: list[str], env: dict[str, str]) -> tuple[int, dict | None, str]:
    done = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, text=True, encoding="utf-8")
    try:
        return done.returncode, json.loads(done.stdout), done.stderr
    except ValueError:
        return done.returncode, None, done.stderr + done.stdout[:500]


def verify(script: str, folder: Path, generated: dict, env: dict[str, str]) -> list[dict]:
    """Correctness checks that ride along: JSON summary counts, per-deck rules, DP203 by date."""
    checks = []
    rc, doc, err = run_json([script, str(folder), "--format", "json", "--as-of", AS_OF], env)
    want = generated["summary"]
    got = doc["summary"] if doc else None
    ok = got == want
    detail = f"expected {want}, got {got}" + (f" (rc {rc}, {err.strip()[:200]})" if doc is None else "")
    checks.append({"check": "1,000-deck JSON summary counts", "ok": ok, "detail": detail})
    if doc:
        wrong = []
        for deck in doc["decks"]:
            rules = sorted(v["rule"] for v in deck["violations"])
            expect = generated["per_deck"].get(deck["path"])
            if rules != expect:
                wrong.append(f"{Path(deck['path']).name}: expected {expect}, got {rules} "
                             f"{[v.get('message') for v in deck['violations']][:2]}")
        checks.append({"check": "1,000-deck per-deck rule ids", "ok": not wrong,
                       "detail": f"{len(wrong)} decks differ" + (": " + "; ".join(wrong[:5]) if wrong else "")})
        dp203 = sum(v["rule"] == "DP203" for d in doc["decks"] for v in d["violations"])
        checks.append({"check": f"no DP203 with --as-of {AS_OF} (1,000 decks)", "ok": dp203 == 0,
                       "detail": f"{dp203} DP203 warnings"})
        checks.append({"check": "exit code 1 (some decks illegal)", "ok": rc == 1, "detail": f"rc {rc}"})
    html = subprocess.run([script, str(folder), "--format", "html", "--as-of", AS_OF], env=env, cwd=ROOT,
                          capture_output=True, text=True, encoding="utf-8")
    tiles = {key: int(n) for key, n in re.findall(r'<li id="count-(\w+)"><b>(\d+)</b>', html.stdout)}
    tiles.pop("not_legal", None)
    checks.append({"check": "1,000-deck HTML report counts = the JSON summary", "ok": tiles == want,
                   "detail": f"{tiles}, {len(html.stdout) / 1e6:.1f} MB, {html.stdout.count('<svg')} charts"})
    for as_of, want_dp203 in ((AS_OF, False), (AS_OF_LATER, True)):
        rc, doc, err = run_json([script, str(ONE_DECK), "--format", "json", "--as-of", as_of], env)
        hits = [v for d in (doc or {}).get("decks", []) for v in d["violations"] if v["rule"] == "DP203"]
        gift = any(v.get("card") == "フェアリー・ギフト" or "フェアリー・ギフト" in v.get("message", "") for v in hits)
        ok = doc is not None and (gift if want_dp203 else not hits)
        checks.append({"check": f"DP203 for フェアリー・ギフト {'fires' if want_dp203 else 'silent'} "
                                f"with --as-of {as_of} (DM23-BD4)",
                       "ok": ok, "detail": f"{len(hits)} DP203, summary {(doc or {}).get('summary')}, rc {rc}"})
    return checks


# ---------------------------------------------------------------------------- timing


def write_sheet(folder: Path, path: Path) -> Path:
    """The generated decks as one submission sheet (a form's responses as CSV): a timestamp, a
    player and the decklist in one multi-line cell per row, in the folder walk's order."""
    import csv

    with open(path, "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\r\n")  # as a spreadsheet exports it
        writer.writerow(["タイムスタンプ", "お名前", "デッキリスト"])
        for number, deck in enumerate(sorted(folder.glob("*.txt"))):
            time_of_day = f"{9 + number // 3600:02d}:{number // 60 % 60:02d}:{number % 60:02d}"
            writer.writerow([f"2026/11/28 {time_of_day}", f"player{number:04d}", deck.read_text(encoding="utf-8")])
    return path


def verify_sheet(script: str, sheet: Path, generated: dict, env: dict[str, str]) -> dict:
    """The sheet's verdicts are the deck files' verdicts: the same summary."""
    rc, doc, err = run_json([script, str(sheet), "--format", "json", "--as-of", AS_OF], env)
    got = doc["summary"] if doc else None
    expected = {key: generated["summary"][key] for key in ("decks", "legal")}
    ok = got is not None and {key: got[key] for key in expected} == expected and len(doc["decks"]) == N_DECKS
    return {"check": "1,000-row sheet gives the decks' verdicts", "ok": ok, "detail": f"rc {rc}, summary {got}"}


def children_cpu_ms() -> float:
    """User + system CPU time of every finished child process so far (ms).

    A forked batch worker is a grandchild; the command waits for it, so its time is counted
    in the command's, and the command's in ours once subprocess.run has waited for it.
    """
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (usage.ru_utime + usage.ru_stime) * 1000


def time_all(
    commands: dict[str, list[str]], repeat: int, env: dict[str, str]
) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Warm up each command once, then `repeat` rounds of every command in a shuffled order.

    Returns wall-time samples and CPU-time (user + sys) samples, both in ms.
    """
    samples: dict[str, list[float]] = {name: [] for name in commands}
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    failures: dict[str, str] = {}
    rng = random.Random(SEED)
    for name, cmd in commands.items():  # warm-up: writes .pyc files, fills the OS file cache
        done = subprocess.run(cmd, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if done.returncode not in (0, 1):
            failures[name] = f"rc {done.returncode}: {done.stderr.decode(errors='replace').strip()[:300]}"
    for round_no in range(repeat):
        order = list(commands)
        rng.shuffle(order)
        for name in order:
            cpu_start, start = children_cpu_ms(), time.perf_counter()
            done = subprocess.run(commands[name], env=env, cwd=ROOT,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            samples[name].append((time.perf_counter() - start) * 1000)
            cpu[name].append(children_cpu_ms() - cpu_start)
            if done.returncode not in (0, 1):
                failures.setdefault(name, f"rc {done.returncode} in round {round_no}")
        print(f"  round {round_no + 1}/{repeat} done", file=sys.stderr, flush=True)
    for name, why in failures.items():
        print(f"run.py: WARNING: {name} failed: {why}", file=sys.stderr)
    samples["_failures"] = failures  # type: ignore[assignment]
    return samples, cpu


def paired_median(a: list[float], b: list[float], op) -> float:
    return statistics.median(op(x, y) for x, y in zip(a, b))


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15, help="interleaved rounds (default 15)")
    parser.add_argument("--python", default=sys.executable, help="interpreter with duepa-check installed")
    parser.add_argument("--keep", action="store_true", help="keep the generated deck folder")
    args = parser.parse_args()
    python = args.python
    script = console_script(python)
    env = bench_env()

    tmp = Path(tempfile.mkdtemp(prefix="duepa-bench-"))
    folder = tmp / "decks"
    try:
        print(f"generating {N_DECKS} decklists in {folder} ...", file=sys.stderr)
        generated = generate_decks(folder)
        deck = str(ONE_DECK.relative_to(ROOT))
        mono = write_mono_deck(tmp / "mono.txt")
        sheet = write_sheet(folder, tmp / "responses.csv")  # beside the folder: not one of its decks
        commands = {
            "python -c pass": [python, "-c", "pass"],
            "pool: load + 60 lookups": [python, str(HERE / "pool_lookup.py"), deck],
            "python -c 'import typer'": [python, "-c", "import typer"],
            "one deck, text": [script, deck],
            "one deck, text, --lang ja": [script, deck, "--lang", "ja"],
            # What a person at a terminal sees: rich draws the report (TTY_COMPATIBLE is rich's own switch).
            "one deck, text, terminal": ["env", "TTY_COMPATIBLE=1", script, deck],
            "one deck, --format json": [script, deck, "--format", "json"],
            "one deck, json --as-of": [script, deck, "--format", "json", "--as-of", AS_OF],
            "1,000 decks, json --as-of": [script, str(folder), "--format", "json", "--as-of", AS_OF],
            "1,000 decks, html --as-of": [script, str(folder), "--format", "html", "--as-of", AS_OF],
            "1,000-row sheet, json --as-of": [script, str(sheet), "--format", "json", "--as-of", AS_OF],
            # The same batch held to one core: what a one-core CI runner sees (no parallel workers).
            "1,000 decks, one core": [*one_core(), script, str(folder), "--format", "json", "--as-of", AS_OF],
            "partners --pool, json --as-of": [script, "partners", deck, "--pool", "--format", "json", "--as-of", AS_OF],
            "partners --pool, mono-colour deck": [script, "partners", str(mono), "--pool", "--format", "json",
                                                  "--as-of", AS_OF],
        }
        print("checking correctness (not timed) ...", file=sys.stderr)
        checks = verify(script, folder, generated, env)
        checks.append(verify_sheet(script, sheet, generated, env))
        print(f"timing: warm-up + {args.repeat} interleaved rounds of {len(commands)} commands ...", file=sys.stderr)
        samples, cpu = time_all(commands, args.repeat, env)
    finally:
        if args.keep:
            print(f"kept {folder}", file=sys.stderr)
        else:
            shutil.rmtree(tmp, ignore_errors=True)

    lang_ms = {lang: lang_startup_ms(python, lang, args.repeat, env) for lang in ("en", "ja")}
    failures = samples.pop("_failures")
    med = {name: statistics.median(values) for name, values in samples.items()}
    cpu_med = {name: statistics.median(values) for name, values in cpu.items()}

    def row(measurement: str, baseline: str, ours: str, unit: str, limit: float | None) -> dict:
        """One figure: ours against its baseline, as a difference (ms) or a ratio (x)."""
        compare = (lambda x, y: x - y) if unit == "ms" else (lambda x, y: x / y)
        return {
            "measurement": measurement, "baseline": baseline, "ours": ours,
            "baseline_ms": med[baseline], "ours_ms": med[ours],
            "value": compare(med[ours], med[baseline]), "unit": unit,
            "paired": paired_median(samples[ours], samples[baseline], compare),
            # CPU time (user + sys of the command and its workers): what the work costs, whatever
            # the number of cores; the targets hold for wall time and CPU time alike.
            "baseline_cpu_ms": cpu_med[baseline], "ours_cpu_ms": cpu_med[ours],
            "cpu_value": compare(cpu_med[ours], cpu_med[baseline]),
            "target": "info" if limit is None else f"<= {limit:g} ms" if unit == "ms" else f"<= {limit:g}x",
            "limit": limit,
        }

    rows = [
        row("card pool: load + 60 lookups (difference)", "python -c pass", "pool: load + 60 lookups", "ms",
            POOL_TARGET_MS),
        row("one deck end to end, text (ratio)", "python -c 'import typer'", "one deck, text", "x",
            END_TO_END_TARGET),
        row("one deck, text on a terminal (rich) (ratio)", "python -c 'import typer'", "one deck, text, terminal",
            "x", None),
        row("one deck end to end, --format json (ratio)", "python -c 'import typer'", "one deck, --format json", "x",
            END_TO_END_TARGET),
        row("1,000 decks in one call vs one deck (ratio)", "one deck, json --as-of", "1,000 decks, json --as-of", "x",
            BATCH_TARGET),
        row("1,000 decks on one core vs one deck (ratio)", "one deck, json --as-of", "1,000 decks, one core", "x",
            BATCH_TARGET),
        row("1,000 decks: HTML report vs JSON (ratio)", "1,000 decks, json --as-of", "1,000 decks, html --as-of", "x",
            HTML_TARGET),
        row("1,000-row sheet vs 1,000 deck files (ratio)", "1,000 decks, json --as-of", "1,000-row sheet, json --as-of",
            "x", SHEET_TARGET),
        row("partners --pool vs a check of one deck (ratio)", "one deck, json --as-of",
            "partners --pool, json --as-of", "x", PARTNERS_TARGET),
        row("partners --pool, a mono-火 deck, vs a check (ratio)", "one deck, json --as-of",
            "partners --pool, mono-colour deck", "x", None),
    ]
    rows.append(row("one deck, text, --lang ja vs English (difference)", "one deck, text", "one deck, text, --lang ja",
                    "ms", None))
    for lang, value in lang_ms.items():  # measured inside a fresh process: what i18n adds to one check
        rows.append({
            "measurement": f"language choice + catalogue + words, {lang} (in-process)", "baseline": "-",
            "ours": f"benchmarks/lang_startup.py {lang}", "baseline_ms": 0.0, "ours_ms": value, "value": value,
            "unit": "ms", "paired": value, "baseline_cpu_ms": 0.0, "ours_cpu_ms": value, "cpu_value": value,
            "target": f"<= {LANG_TARGET_MS:g} ms", "limit": LANG_TARGET_MS,
        })
    for row in rows:
        bad = failures.get(row["ours"]) or failures.get(row["baseline"])
        if bad:
            row["result"] = "ERROR"
        elif row["limit"] is None:
            row["result"] = "-"
        else:
            row["result"] = "PASS" if max(row["value"], row["cpu_value"]) <= row["limit"] else "FAIL"

    print()
    print(f"duepa-check benchmarks — python {python}, {args.repeat} interleaved rounds, medians")
    print("wall = elapsed time; cpu = user + sys of the command and its worker processes (PASS needs both)")
    head = (f"{'measurement':46} {'baseline ms':>11} {'ours ms':>9} {'wall':>10} {'(paired)':>9} "
            f"{'cpu base':>9} {'cpu ours':>9} {'cpu':>10} {'target':>10}  result")
    print(head)
    print("-" * len(head))
    for row in rows:
        def shown(value: float) -> str:
            return f"{value:+.1f} ms" if row["unit"] == "ms" else f"{value:.2f}x"
        paired = f"{row['paired']:+.1f}" if row["unit"] == "ms" else f"{row['paired']:.2f}x"
        print(f"{row['measurement']:46} {row['baseline_ms']:11.1f} {row['ours_ms']:9.1f} {shown(row['value']):>10} "
              f"{paired:>9} {row['baseline_cpu_ms']:9.1f} {row['ours_cpu_ms']:9.1f} {shown(row['cpu_value']):>10} "
              f"{row['target']:>10}  {row['result']}")
    print()
    print("all commands (wall median / min / max ms, cpu median ms):")
    for name, values in samples.items():
        print(f"  {name:32} {statistics.median(values):8.1f} {min(values):8.1f} {max(values):8.1f} {cpu_med[name]:8.1f}")
    print()
    print("correctness checks (1,000 generated decks: "
          f"expected {generated['summary']}):")
    for check in checks:
        print(f"  {'OK      ' if check['ok'] else 'MISMATCH'} {check['check']}: {check['detail']}")

    OUT.mkdir(parents=True, exist_ok=True)
    result = {
        "python": python,
        "python_version": subprocess.run([python, "-c", "import sys; print(sys.version)"], capture_output=True,
                                         text=True).stdout.strip(),
        "repeat": args.repeat,
        "seed": SEED,
        "as_of": AS_OF,
        "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "cpu_count": os.cpu_count(),
        "loadavg": os.getloadavg() if hasattr(os, "getloadavg") else None,
        "commands": {name: " ".join(cmd) for name, cmd in commands.items()},
        "samples_ms": samples,
        "medians_ms": med,
        "cpu_samples_ms": cpu,
        "cpu_medians_ms": cpu_med,
        "results": rows,
        "checks": checks,
        "generated": {"summary": generated["summary"], "candidate_pool_sizes": generated["pool_sizes"]},
        "failures": failures,
    }
    for row in result["results"]:
        row.pop("limit", None)
    (OUT / "results.json").write_text(json.dumps(result, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print(f"\nwrote {OUT / 'results.json'}")
    return 0


if __name__ == "__main__":
    try:
        main()
    except SystemExit as stop:  # a report, not a gate: say why, still exit 0
        if stop.code not in (None, 0):
            print(stop.code, file=sys.stderr)
    sys.exit(0)
