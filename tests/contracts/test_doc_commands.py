"""Every command printed in README.md, README.ja.md and docs/ runs as printed.

What counts as a printed command: each line of a ```sh block (a ``#`` comment after it is dropped)
and each ``$ `` line of a ```console block. A block that cannot run here is marked on the line
before its fence with ``<!-- not run by tests: REASON -->`` (the network, ../shared, installing).

The commands run with bash in a scratch folder, as a reader of the docs would in a clone: it holds
a copy of tests/fixtures and tools, and the files the docs name (deck.txt, decks/, other.yaml,
submissions/, responses.csv). Offline (a proxy that answers nothing), with the embedded card data
(HOME and XDG_DATA_HOME point into the scratch folder), and the duepa-check of this interpreter.
A command fails when it exits 2 or more (1 is a verdict: a deck that breaks a rule) or prints a
traceback.

A ```console block marked ``<!-- sample-report ... -->`` is a report pasted from a terminal: its
command is run as a 100-column terminal would show it, on the date the sample names, and every
line of it must be what it prints (the table's cells too, so a sample cannot go stale).
``DUEPA_UPDATE_SNAPSHOTS=1`` rewrites the samples from what the command prints.
"""

from __future__ import annotations

import csv
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parents[2]
SKIP_MARK = "<!-- not run by tests:"
SAMPLE_MARK = "<!-- sample-report"


class Printed(NamedTuple):
    command: str
    where: str  # page:line


class Sample(NamedTuple):
    command: str
    output: list[str]
    where: str


def doc_pages() -> list[Path]:
    return [ROOT / "README.md", ROOT / "README.ja.md", *sorted((ROOT / "docs").glob("*.md"))]


def _blocks(path: Path):
    """(info string, the line before the fence, first line number, body lines) of each fenced block."""
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        match = re.match(r"^```(\S*)", lines[i])
        if not match:
            i += 1
            continue
        before = next((lines[j] for j in range(i - 1, -1, -1) if lines[j].strip()), "")
        end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("```"))
        yield match.group(1), before, i + 2, lines[i + 1 : end]
        i = end + 1


def printed_commands() -> tuple[list[Printed], list[tuple[str, str]]]:
    """The commands to run, each once (the Japanese pages print the same ones), and the skipped
    blocks as (where, reason)."""
    found: dict[str, Printed] = {}
    skipped = []
    for path in doc_pages():
        name = str(path.relative_to(ROOT))
        for info, before, first, body in _blocks(path):
            if info not in ("sh", "console"):
                continue
            if before.startswith(SKIP_MARK):
                skipped.append((f"{name}:{first}", before[len(SKIP_MARK) :].rstrip("-> ").strip()))
                continue
            for number, line in enumerate(body, first):
                if info == "sh":
                    command = "" if line.lstrip().startswith("#") else re.split(r"\s#\s", line, maxsplit=1)[0].strip()
                else:
                    command = line[2:].strip() if line.startswith("$ ") else ""
                if command and command not in found:
                    found[command] = Printed(command, f"{name}:{number}")
    return list(found.values()), skipped


def samples() -> list[Sample]:
    found = []
    for path in doc_pages():
        for info, before, first, body in _blocks(path):
            if info == "console" and before.startswith(SAMPLE_MARK):
                assert body[0].startswith("$ "), (path.name, first)
                found.append(Sample(body[0][2:].strip(), body[1:], f"{path.relative_to(ROOT)}:{first}"))
    return found


@pytest.fixture(scope="module")
def scratch(tmp_path_factory) -> Path:
    """A folder like a clone of this repository where the docs' example files exist."""
    folder = tmp_path_factory.mktemp("reader")
    shutil.copytree(ROOT / "tests" / "fixtures", folder / "tests" / "fixtures")
    shutil.copytree(ROOT / "tools", folder / "tools", ignore=shutil.ignore_patterns("__pycache__"))
    decks = ROOT / "tests" / "fixtures" / "decks"
    shutil.copy(decks / "DM23-BD4.txt", folder / "deck.txt")
    for name in ("decks", "submissions"):
        (folder / name).mkdir()
        for deck in ("DM23-BD4.txt", "DM24-BD6.txt"):
            shutil.copy(decks / deck, folder / name / deck)
    (folder / "other.yaml").write_text(
        "partner: 勝熱英雄 モモキング\ncards:\n  - ボルシャック・ドラゴン\n  - {name: はずれポンの助, count: 3}\n",
        encoding="utf-8",
    )
    # A tournament's sheet: the sample's rows whose deck cell is filled (an empty cell is a deck
    # that cannot be checked, exit 2, as the sample is meant to show).
    with open(ROOT / "tests" / "fixtures" / "sheets" / "responses.csv", encoding="utf-8", newline="") as handle:
        rows = [row for row in csv.reader(handle) if row[3].strip()]
    with open(folder / "responses.csv", "w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows(rows)
    (folder / "home").mkdir()
    return folder


def reader_env(scratch: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DUEPA_CHECK_", "GITHUB_", "PYTEST_"))}
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "NO_COLOR", "COLUMNS", "LANG", "LC_ALL", "LC_MESSAGES"):
        env.pop(name, None)
    env.update(
        PATH=os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")]),
        HOME=str(scratch / "home"),
        XDG_DATA_HOME=str(scratch / "home" / "data"),
        http_proxy="http://127.0.0.1:9",
        https_proxy="http://127.0.0.1:9",
        HTTP_PROXY="http://127.0.0.1:9",
        HTTPS_PROXY="http://127.0.0.1:9",
        LANG="C.UTF-8",
        PYTHONUTF8="1",
    )
    env.update(extra)
    return env


COMMANDS, SKIPPED = printed_commands()


def test_the_docs_print_commands_and_say_why_a_block_is_not_run():
    assert len(COMMANDS) >= 20
    assert {c.where.split(":")[0].replace(".ja.md", ".md") for c in COMMANDS} >= {
        "README.md",
        "docs/commands.md",
        "docs/ci.md",
    }
    for where, reason in SKIPPED:
        assert len(reason) >= 10, f"{where}: say why the block is not run"


@pytest.mark.parametrize("printed", COMMANDS, ids=[c.where for c in COMMANDS])
def test_printed_command_runs_as_printed(printed, scratch):
    done = subprocess.run(
        ["bash", "-c", printed.command],
        cwd=scratch,
        env=reader_env(scratch),
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        timeout=300,
    )
    said = f"{printed.where}: {printed.command}\nexit {done.returncode}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    assert done.returncode in (0, 1), said
    assert "Traceback" not in done.stderr, said


ROW = re.compile(r"^│\s*(DP\d{3})\s*│\s*(\d*)\s*│")


def _rows(lines: list[str]) -> list[tuple[str, str]]:
    return [match.groups() for match in map(ROW.match, lines) if match]


def _rewrite_sample(sample: Sample, printed: list[str]) -> None:
    page, first = sample.where.rsplit(":", 1)
    lines = (ROOT / page).read_text(encoding="utf-8").split("\n")
    start = int(first)  # the command's line number is 1-based: the output starts at this index
    end = next(j for j in range(start, len(lines)) if lines[j].startswith("```"))
    lines[start:end] = printed
    (ROOT / page).write_text("\n".join(lines), encoding="utf-8")


@pytest.mark.parametrize("sample", samples(), ids=[s.where for s in samples()])
def test_sample_report_is_what_the_command_prints(sample, scratch):
    dates = re.findall(r"\d{4}-\d{2}-\d{2}", sample.output[-1])
    assert dates, sample.where  # the regulation line names the check date first
    done = subprocess.run(
        ["bash", "-c", f"{sample.command} --as-of {dates[0]}"],
        cwd=scratch,
        env=reader_env(scratch, TTY_COMPATIBLE="1", NO_COLOR="1", COLUMNS="100"),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
    )
    printed = [re.sub(r"\x1b\[[0-9;]*m", "", line).rstrip() for line in done.stdout.splitlines()]
    printed = [line for line in printed if line]
    assert _rows(printed), sample.where
    if os.environ.get("DUEPA_UPDATE_SNAPSHOTS") == "1":
        _rewrite_sample(sample, printed)
        return
    expected = [line.rstrip() for line in sample.output if line.strip()]
    assert printed == expected, f"{sample.where}: the sample is stale (DUEPA_UPDATE_SNAPSHOTS=1 rewrites it)"
