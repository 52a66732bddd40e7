"""Hostile runs, round 4 (issue 39): a reader that closes the pipe early (19), a SIGTERM from a CI
timeout (17), and runs of many decks bounded in time and memory (15, 16, 18). Real processes:
what a shell or a CI runner does to the command is what is tested."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support import AS_OF, DECKS, deck_lines, run

from duepa_check.check.close_names import RUN_SEARCHES

BD4, BD5 = DECKS / "DM23-BD4.txt", DECKS / "DM23-BD5.txt"


def _environment(**extra: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("GITHUB_ACTIONS", "FORCE_COLOR", "TTY_COMPATIBLE", "COLUMNS", "NO_COLOR")
    }
    env.update(extra)
    return env


def _duepa(*args: str) -> list[str]:
    return [sys.executable, "-m", "duepa_check", *args]


def _exit_code_to_devnull(args: list[str], env: dict[str, str]) -> int:
    return subprocess.run(
        _duepa(*args), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, timeout=120
    ).returncode


def _exit_code_into_closed_pipe(args: list[str], env: dict[str, str]) -> tuple[int, str]:
    """The exit code and stderr with a stdout pipe whose reader is gone before the first write."""
    reader, writer = os.pipe()
    os.close(reader)  # every write meets EPIPE: the race of `| head` decided the hostile way
    try:
        done = subprocess.run(_duepa(*args), stdout=writer, stderr=subprocess.PIPE, env=env, timeout=120)
    finally:
        os.close(writer)
    return done.returncode, done.stderr.decode("utf-8", "replace")


def _exit_code_after_one_line(args: list[str], env: dict[str, str]) -> tuple[int, str]:
    """`command | head -1`: read one line, close the pipe, wait."""
    process = subprocess.Popen(_duepa(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    process.stdout.readline()
    process.stdout.close()
    err = process.stderr.read().decode("utf-8", "replace")
    return process.wait(timeout=120), err


OFF_COLOUR = "パートナー: ボルシャック・ドラゴ大王\n1 アクア・サーファー\n"  # no candidate works: partners exits 1
PIPE_COMMANDS = [  # (arguments, also drawn by rich as on a terminal)
    (["partners", str(BD4), "--pool", "--as-of", AS_OF], True),
    (["partners", "OFF_COLOUR", "--as-of", AS_OF], True),
    (["partners", str(BD5), "--as-of", AS_OF, "--format", "json"], False),
    (["stats", str(BD4)], True),
    (["rules"], True),
    (["rules", "--format", "json"], False),
    (["--help"], False),
    (["partners", "--help"], False),
    ([str(BD4), "--as-of", AS_OF], True),
]


@pytest.mark.parametrize(
    ("args", "terminal"),
    [(args, terminal) for args, rich in PIPE_COMMANDS for terminal in ((False, True) if rich else (False,))],
    ids=lambda value: (
        " ".join(Path(a).name for a in value[:3]) if isinstance(value, list) else ("rich" if value else "plain")
    ),
)
def test_a_closed_pipe_keeps_the_commands_exit_code_and_says_nothing(args, terminal, tmp_path):
    if "OFF_COLOUR" in args:
        (tmp_path / "off.txt").write_text(OFF_COLOUR, encoding="utf-8")
        args = [str(tmp_path / "off.txt") if a == "OFF_COLOUR" else a for a in args]
    env = _environment(**({"TTY_COMPATIBLE": "1", "COLUMNS": "100"} if terminal else {}))
    expected = _exit_code_to_devnull(args, env)
    assert expected == (1 if any(a.endswith("off.txt") for a in args) else 0)
    code, err = _exit_code_into_closed_pipe(args, env)
    assert (code, err) == (expected, "")
    code, err = _exit_code_after_one_line(args, env)
    assert (code, err) == (expected, "")


def test_a_closed_pipe_is_still_told_apart_from_a_full_disk():
    """Other write errors stay what they were: one line, exit 2 (cli.cannot-write-output)."""
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full on this system")
    with open("/dev/full", "w") as full:
        done = subprocess.run(_duepa("rules"), stdout=full, stderr=subprocess.PIPE, env=_environment(), timeout=120)
    assert done.returncode == 2 and done.stderr.decode().count("\n") == 1


# ---------------------------------------------------------------------------- SIGTERM (17)


def _children(pid: int) -> set[int]:
    """The live child processes of ``pid`` (from /proc: Linux, where the batch forks)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _slow_batch(tmp_path: Path, files: int = 120) -> Path:
    """A folder the batch forks for (100 files or more) whose every file takes a while: hard links
    to one 300 KB file of lines that are no cards (cheap to make, each checked on its own). Its first
    line writes a count, as a decklist does: a folder walk leaves out a file that is no decklist."""
    folder = tmp_path / "decks"
    folder.mkdir()
    first = folder / "000.txt"
    first.write_text("1 x\n" + "".join(f"!!!! {n}\n" for n in range(36000)), encoding="utf-8")
    for number in range(1, files):
        os.link(first, folder / f"{number:03d}.txt")
    return folder


def _start_batch(folder: Path) -> tuple[subprocess.Popen, set[int]]:
    process = subprocess.Popen(
        _duepa(str(folder), "--format", "json", "--as-of", AS_OF),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=_environment(),
    )
    deadline = time.monotonic() + 60
    while not (children := _children(process.pid)):
        assert process.poll() is None and time.monotonic() < deadline, "the batch never forked a worker"
        time.sleep(0.05)
    time.sleep(0.3)  # under way: every worker inside a file
    return process, children


needs_proc = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the batch forks on Linux only")


@needs_proc
def test_sigterm_stops_the_forked_workers_and_exits_143(tmp_path):
    process, children = _start_batch(_slow_batch(tmp_path))
    process.send_signal(signal.SIGTERM)
    code = process.wait(timeout=30)
    err = process.stderr.read().decode()
    assert code == 143 and err == "duepa-check: stopped by SIGTERM\n", (code, err)
    assert not [pid for pid in children if _alive(pid)]  # stopped and waited for before the exit


@needs_proc
def test_a_worker_whose_parent_was_killed_stops_before_its_next_file(tmp_path):
    """SIGKILL leaves the parent no chance to stop anything: the worker sees it is orphaned."""
    process, children = _start_batch(_slow_batch(tmp_path))
    process.kill()
    process.wait(timeout=30)
    deadline = time.monotonic() + 20  # one file (well under a second alone) and a margin for a loaded machine
    while any(_alive(pid) for pid in children):
        assert time.monotonic() < deadline, "a worker ran on after its parent was killed"
        time.sleep(0.1)


# ---------------------------------------------------------------------------- bounded per run (15, 16)


def _typos(count: int) -> list[str]:
    """``count`` distinct names one letter off a real card's (BD4's cards, last letter changed)."""
    names = [line.split(" ", 1)[1] for line in deck_lines()[3:62] if line.startswith("1 ")]
    return [name[:-1] + letter for letter in "アイウエオカ" for name in names if name[-1] != letter][:count]


def _typo_sheet(tmp_path: Path, count: int) -> Path:
    rows = ["タイムスタンプ,お名前,デッキリスト"]
    rows += [f'2026/11/28 10:{n // 60:02d}:{n % 60:02d},p{n},"1 {name}"' for n, name in enumerate(_typos(count))]
    sheet = tmp_path / "responses.csv"
    sheet.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return sheet


def _hints(document: dict) -> list[str]:
    return [v["hint"] for deck in document["decks"] for v in deck["violations"] if v["rule"] == "DP100"]


def test_close_names_are_searched_for_the_first_60_unknown_names_of_a_run(capsys, monkeypatch, tmp_path):
    """A sheet of 200 rows with one typo each: 60 searches, not 200 (1,000 rows took half a minute)."""
    from duepa_check.data import pool as pool_module

    searches = []
    search = pool_module.closest_keys
    monkeypatch.setattr(pool_module, "closest_keys", lambda key, *a, **k: searches.append(key) or search(key, *a, **k))
    result = run(capsys, _typo_sheet(tmp_path, 200), "--format", "json", "--as-of", AS_OF)
    hints = _hints(result.json)
    assert len(hints) == 200 and len(searches) == RUN_SEARCHES
    assert all(hint.startswith("did you mean") for hint in hints[:RUN_SEARCHES]), hints[:RUN_SEARCHES]
    assert set(hints[RUN_SEARCHES:]) == {
        "check the spelling (close names are searched for the first 60 unknown names of a run only)"
    }
    assert result.err == (
        "duepa-check: warning: close names were searched for the first 60 unknown names of this "
        "run only; not for 140 more\n"
    )


def test_a_forked_run_bounds_close_names_the_same_way_every_time(capsys, tmp_path):
    """Over 100 files the batch forks: which names get close names is decided in report order, so
    two runs say the same, and the first 60 names of the run are the ones searched."""
    folder = tmp_path / "decks"
    folder.mkdir()
    for number, name in enumerate(_typos(150)):
        (folder / f"{number:03d}.txt").write_text(f"1 {name}\n", encoding="utf-8")
    first = run(capsys, folder, "--format", "json", "--as-of", AS_OF)
    again = run(capsys, folder, "--format", "json", "--as-of", AS_OF)
    assert first.out == again.out and first.err == again.err
    hints = _hints(first.json)
    assert [hint.startswith("did you mean") for hint in hints] == [True] * RUN_SEARCHES + [False] * 90
    assert "not for 90 more" in first.err


def test_one_deck_gets_the_close_names_it_always_got(capsys, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("".join(f"1 {name}\n" for name in _typos(70)), encoding="utf-8")
    hints = _hints(run(capsys, deck, "--format", "json", "--as-of", AS_OF).json)
    assert all(hint.startswith("did you mean") for hint in hints[:60])
    assert set(hints[60:]) == {"check the spelling (close names are searched for the first 60 unknown names only)"}


def test_the_pool_is_walked_once_for_the_hints_of_many_partnerless_decks(capsys, monkeypatch, tmp_path):
    """Every deck without a partner gets a DP003 hint naming pool partners for its colours: the
    pool's candidates are found once a run, not once a deck (3,000 two-byte files took 18-25 s)."""
    from duepa_check.analysis.partner_candidates import PartnerIndex

    walks = []
    covering = PartnerIndex.covering
    monkeypatch.setattr(PartnerIndex, "covering", lambda self, civs: walks.append(civs) or covering(self, civs))
    for number in range(40):  # under 100 files: checked in this process, where the walks are counted
        (tmp_path / f"{number:02d}.txt").write_text("1 x\n", encoding="utf-8")  # a decklist of one unknown card
    document = run(capsys, tmp_path, "--format", "json", "--as-of", AS_OF).json
    hints = {v["hint"] for deck in document["decks"] for v in deck["violations"] if v["rule"] == "DP003"}
    assert len(document["decks"]) == 40 and len(hints) == 1 and "from the card pool: 《" in hints.pop()
    assert len(walks) == 1


# ---------------------------------------------------------------------------- an HTML page of many decks (18)


class _Recorder:
    """A stdout that keeps what is written and the size of each write."""

    def __init__(self) -> None:
        self.pieces: list[str] = []

    def write(self, text: str) -> int:
        self.pieces.append(text)
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


def test_an_html_page_of_many_decks_is_written_a_deck_at_a_time(monkeypatch, tmp_path):
    """30,000 one-line decks made a 200 MB page held whole, 1 GB at its peak (1.7 GB for 50,000):
    the page is written a deck's section at a time, and it is the page render_html makes."""
    from duepa_check.cli import main

    for number in range(300):
        (tmp_path / f"{number:03d}.txt").write_text("1 ボルシャック・ドラゴ大王\n", encoding="utf-8")
    out = _Recorder()
    monkeypatch.setattr(sys, "stdout", out)
    assert main([str(tmp_path), "--format", "html", "--as-of", AS_OF]) == 1
    page = "".join(out.pieces)
    assert page.count('<section class="deck"') == 300 and page.endswith("</main></body></html>\n")
    assert max(map(len, out.pieces)) < len(page) // 10  # no write holds more than a fraction of the page
