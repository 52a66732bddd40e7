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
from support import AS_OF, DECKS

BD4, BD5 = DECKS / "DM23-BD4.txt", DECKS / "DM23-BD5.txt"


def _environment(**extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items()
           if key not in ("GITHUB_ACTIONS", "FORCE_COLOR", "TTY_COMPATIBLE", "COLUMNS", "NO_COLOR")}
    env.update(extra)
    return env


def _duepa(*args: str) -> list[str]:
    return [sys.executable, "-m", "duepa_check", *args]


def _exit_code_to_devnull(args: list[str], env: dict[str, str]) -> int:
    return subprocess.run(_duepa(*args), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                          timeout=120).returncode


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


@pytest.mark.parametrize(("args", "terminal"), [(args, terminal) for args, rich in PIPE_COMMANDS
                                                for terminal in ((False, True) if rich else (False,))],
                         ids=lambda value: " ".join(Path(a).name for a in value[:3]) if isinstance(value, list)
                         else ("rich" if value else "plain"))
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
    to one 300 KB file of lines that are no cards (cheap to make, each checked on its own)."""
    folder = tmp_path / "decks"
    folder.mkdir()
    first = folder / "000.txt"
    first.write_text("".join(f"!!!! {n}\n" for n in range(36000)), encoding="utf-8")
    for number in range(1, files):
        os.link(first, folder / f"{number:03d}.txt")
    return folder


def _start_batch(folder: Path) -> tuple[subprocess.Popen, set[int]]:
    process = subprocess.Popen(_duepa(str(folder), "--format", "json", "--as-of", AS_OF), stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, env=_environment())
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
