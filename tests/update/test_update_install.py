"""The update's install: one atomic switch, a lock, leftovers cleaned, links never followed.

The central test injects a fault at every operation of an install (every mkdir, open, write,
fsync, chmod, rename, unlink, rmtree, and the build and validation steps) in three ways: an
error (OSError), a Ctrl-C (KeyboardInterrupt), and a kill (``os._exit`` in a forked child:
no ``finally``, no clean-up). After each, a reader must see the old data or the new, never
neither and never a mix; after an error or a Ctrl-C nothing is left behind; after a kill the
next run removes what was left.
"""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from update_support import (
    SOURCE,
    assert_no_leftovers,
    data_bytes,
    fake_site,
    install_data,
    previous_data,
    start_with,
    what_a_reader_sees,
)

from duepa_check import update
from duepa_check.cli import main
from duepa_check.data.userdata import POINTER_FILE, data_folder
from duepa_check.update import UpdateError, UpdateInterrupted, install, run_update
from duepa_check.update.install import DataDirLock, clean_leftovers

KILLED = 77


# --- fault injection --------------------------------------------------------------------------

OS_STEPS = ("mkdir", "open", "write", "fsync", "chmod", "replace", "rename", "unlink", "rmdir", "ftruncate")


class Faults:
    """Counts every operation of an install; the ``fail_at``-th one fails in the chosen way."""

    def __init__(self, fail_at: int, how: str) -> None:
        self.fail_at, self.how, self.count, self.where = fail_at, how, 0, ""

    def hit(self, name: str) -> None:
        self.count += 1
        if self.count != self.fail_at:
            return
        self.where = name
        if self.how == "kill":
            os._exit(KILLED)
        if self.how == "interrupt":
            raise KeyboardInterrupt
        raise OSError(5, f"injected failure at {name}")


class _Proxy:
    """A module stand-in whose chosen functions report to Faults before they run."""

    def __init__(self, module, names, faults: Faults) -> None:
        self._module, self._names, self._faults = module, names, faults

    def __getattr__(self, name):
        real = getattr(self._module, name)
        if name not in self._names:
            return real

        def step(*args, **kwargs):
            self._faults.hit(f"{self._module.__name__}.{name}")
            return real(*args, **kwargs)

        return step


def inject(monkeypatch, faults: Faults) -> None:
    import shutil

    monkeypatch.setattr(install, "os", _Proxy(os, OS_STEPS, faults))
    monkeypatch.setattr(install, "shutil", _Proxy(shutil, ("rmtree",), faults))
    for step_name in ("build_overlay", "validate_overlay"):
        real = getattr(install, step_name)

        def step(*args, _real=real, _name=step_name, **kwargs):
            faults.hit(_name)
            return _real(*args, **kwargs)

        monkeypatch.setattr(install, step_name, step)


def count_steps(tmp_path: Path, layout: str, monkeypatch) -> int:
    data_dir = tmp_path / "count"
    start_with(data_dir, layout)
    faults = Faults(fail_at=0, how="error")
    with monkeypatch.context() as patch:
        inject(patch, faults)
        install_data(data_dir, "new")
    assert what_a_reader_sees(data_dir) == "new"
    return faults.count


@pytest.mark.forks
@pytest.mark.parametrize("layout", ["pointer", "flat", "empty"])
@pytest.mark.parametrize("how", ["error", "interrupt", "kill"])
def test_a_fault_at_any_step_of_the_install_leaves_old_or_new_never_neither(
    tmp_path, monkeypatch, fixture_embedded_data, layout, how
):
    steps = count_steps(tmp_path, layout, monkeypatch)
    assert steps >= 15  # the build, the validation, the seals, the switch, the clean-up
    seen = set()
    for fail_at in range(1, steps + 1):
        data_dir = tmp_path / f"{how}-{fail_at}"
        before = start_with(data_dir, layout)
        faults = Faults(fail_at, how)
        if how == "kill":
            outcome = _install_in_child(data_dir, faults, monkeypatch)
        else:
            with monkeypatch.context() as patch:
                inject(patch, faults)
                try:
                    install_data(data_dir, "new")
                    outcome = "done"
                except UpdateError as error:
                    assert "nothing changed" in str(error) and "\n" not in str(error)
                    outcome = "failed"
                except KeyboardInterrupt:
                    outcome = "interrupted"
        after = what_a_reader_sees(data_dir)
        assert after in (before, "new"), (fail_at, faults.where, after)
        seen.add(after)
        if outcome in ("failed", "interrupted") and after == before:
            assert_no_leftovers(data_dir)  # the rollback removed what this run had made
        # The next run: under the lock it first removes leftovers, then installs.
        with DataDirLock(data_dir):
            clean_leftovers(data_dir)
            assert what_a_reader_sees(data_dir) == after
            assert_no_leftovers(data_dir)
            install_data(data_dir, "new", run="again")
        assert what_a_reader_sees(data_dir) == "new"
        assert_no_leftovers(data_dir)
    assert seen == {before, "new"}  # faults early kept the old data, faults late the new


def _install_in_child(data_dir: Path, faults: Faults, monkeypatch) -> str:
    pid = os.fork()
    if pid == 0:  # the child: install with a kill at the chosen step, never return into pytest
        code = 0
        try:
            inject(monkeypatch, faults)
            install_data(data_dir, "new")
        except BaseException:  # noqa: BLE001 - any failure other than the kill is reported by exit code
            code = 3
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    assert code in (0, KILLED), f"the child failed with {code}"
    return "killed" if code == KILLED else "done"


def test_the_switch_is_one_rename_of_the_pointer(tmp_path, monkeypatch, fixture_embedded_data):
    data_dir = tmp_path / "data"
    start_with(data_dir, "pointer")
    renames = []
    real_replace = os.replace

    def replace(source, target):
        renames.append((Path(source).name, Path(target).name))
        return real_replace(source, target)

    monkeypatch.setattr(install.os, "replace", replace)
    install_data(data_dir, "new")
    assert [target for _, target in renames if target not in ("cards.jsonl", "index.tsv")] == [POINTER_FILE]
    pointer = json.loads((data_dir / POINTER_FILE).read_text(encoding="utf-8"))
    assert data_folder(data_dir) == data_dir / pointer["folder"]
    assert sorted(pointer["sizes"]) == ["cards.jsonl", "index.tsv", "regulation.yaml"]


def test_an_update_over_the_flat_layout_moves_it_into_a_folder(tmp_path, fixture_embedded_data):
    data_dir = tmp_path / "data"
    start_with(data_dir, "flat")
    install_data(data_dir, "new")
    assert not (data_dir / "cards.jsonl").exists() and (data_dir / POINTER_FILE).is_file()
    assert what_a_reader_sees(data_dir) == "new"


# --- the lock -------------------------------------------------------------------------------------


def test_a_second_update_on_the_same_data_dir_stops_with_a_clear_message(site, tmp_path, fixture_embedded_data):
    data_dir = tmp_path / "data"
    before = previous_data(data_dir)
    with DataDirLock(data_dir):
        with pytest.raises(UpdateError) as caught:
            run_update(SOURCE, data_dir, delay=0)
    message = str(caught.value)
    assert f"another update is running on {data_dir} (process {os.getpid()})" in message
    assert "nothing changed" in message and "\n" not in message
    assert site.seen == []  # it stopped before asking the site anything
    assert data_bytes(data_dir) == before


@pytest.mark.forks
def test_the_lock_dies_with_a_killed_update(tmp_path):
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    pid = os.fork()
    if pid == 0:
        DataDirLock(data_dir).__enter__()
        os._exit(0)  # killed while holding the lock: no __exit__
    os.waitpid(pid, 0)
    with DataDirLock(data_dir):  # free again
        pass


def test_two_update_processes_at_once_one_waits_for_nothing_and_says_so(tmp_path, fixture_embedded_data):
    """Real processes: the CLI run against a locked data dir stops with exit 2 and one line."""
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    with DataDirLock(data_dir):
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "duepa_check",
                "update",
                "--source",
                "http://127.0.0.1:9",
                "--data-dir",
                str(data_dir),
            ],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "another update is running" in done.stderr


# --- the resume log, links, permissions ------------------------------------------------------


@pytest.mark.parametrize("kind", ["symlink", "hardlink"])
def test_a_linked_resume_log_is_never_followed_or_written_through(site, tmp_path, fixture_embedded_data, kind):
    data_dir = tmp_path / "data"
    before = previous_data(data_dir)
    target = tmp_path / "victim.txt"
    target.write_text("precious\n", encoding="utf-8")
    link = data_dir / update.STATE_FILE
    link.symlink_to(target) if kind == "symlink" else os.link(target, link)
    with pytest.raises(
        UpdateError, match=f"{update.STATE_FILE} is a (symbolic|hard) link; duepa-check does not follow"
    ):
        run_update(SOURCE, data_dir, delay=0)
    assert target.read_text(encoding="utf-8") == "precious\n"
    assert data_bytes(data_dir) == before


def test_a_fifo_as_resume_log_is_refused_not_waited_on(site, tmp_path, fixture_embedded_data):
    data_dir = tmp_path / "data"
    previous_data(data_dir)
    os.mkfifo(data_dir / update.STATE_FILE)
    with pytest.raises(UpdateError, match="not a regular file"):
        run_update(SOURCE, data_dir, delay=0)


def test_a_damaged_resume_log_is_a_fresh_start_not_a_traceback(site, tmp_path, fixture_embedded_data):
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    header = json.dumps({"format": 1, "source": SOURCE, "full": False, "run": "x"})
    junk = [
        '{"page": "two", "ids": 5}',
        '{"id": 3, "card": "no"}',
        '{"missing": [1]}',
        "[1, 2]",
        '{"page": 1, "ids": null}',
    ]
    (data_dir / update.STATE_FILE).write_text("\n".join([header, *junk]) + "\n", encoding="utf-8")
    summary = run_update(SOURCE, data_dir, delay=0)
    assert summary.cards_fetched == 7


def test_the_data_dir_keeps_its_permissions_and_the_files_follow_them(site, tmp_path, fixture_embedded_data):
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    os.chmod(data_dir, 0o750)
    old_umask = os.umask(0o077)
    try:
        run_update(SOURCE, data_dir, delay=0)
        run_update(SOURCE, data_dir, delay=0, full=True)  # and again, over its own data
    finally:
        os.umask(old_umask)
    assert stat.S_IMODE(data_dir.stat().st_mode) == 0o750
    folder = data_folder(data_dir)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o750
    for name in ("cards.jsonl", "index.tsv", "regulation.yaml"):
        assert stat.S_IMODE((folder / name).stat().st_mode) == 0o640
    assert stat.S_IMODE((data_dir / POINTER_FILE).stat().st_mode) == 0o640


def test_a_new_data_dir_gets_the_usual_permissions_not_0700(site, tmp_path, fixture_embedded_data):
    old_umask = os.umask(0o022)
    try:
        run_update(SOURCE, tmp_path / "new" / "data", delay=0)
    finally:
        os.umask(old_umask)
    assert stat.S_IMODE((tmp_path / "new" / "data").stat().st_mode) == 0o755


@pytest.mark.parametrize("problem", ["parent is a file", "read-only parent"])
def test_a_data_dir_that_cannot_be_created_is_one_line(tmp_path, capsys, monkeypatch, fixture_embedded_data, problem):
    if problem == "parent is a file":
        (tmp_path / "parent").write_text("x", encoding="utf-8")
    else:  # the tests may run as root, for whom chmod does not bite: the system's answer, simulated

        def read_only(self, *args, **kwargs):
            raise OSError(30, "Read-only file system", str(self))

        monkeypatch.setattr(Path, "mkdir", read_only)
    data_dir = tmp_path / "parent" / "data"
    code = main(["update", "--source", "http://127.0.0.1:9", "--data-dir", str(data_dir)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"duepa-check: update: cannot create {data_dir}") and "nothing changed" in err


def test_a_failed_update_changes_only_the_resume_log_and_says_where_it_is(site, tmp_path, fixture_embedded_data):
    import requests

    data_dir = tmp_path / "data"
    before = previous_data(data_dir)
    site.script["detail:dmtest-003"] = [requests.exceptions.ConnectionError("reset")] * 3
    with pytest.raises(UpdateError) as caught:
        run_update(SOURCE, data_dir, delay=0)
    assert f"2 cards fetched so far are kept in {data_dir / update.STATE_FILE}" in str(caught.value)
    assert data_bytes(data_dir) == before
    assert sorted(p.name for p in data_dir.iterdir()) == sorted([*before, update.STATE_FILE, ".lock"])


def test_a_finished_runs_log_left_by_a_kill_after_the_switch_is_not_resumed(site, tmp_path, fixture_embedded_data):
    data_dir = tmp_path / "data"
    run_update(SOURCE, data_dir, delay=0)
    pointer = json.loads((data_dir / POINTER_FILE).read_text(encoding="utf-8"))
    # A kill between the switch and the removal of the log: the log of the installed run remains.
    header = {"format": 1, "source": SOURCE, "full": False, "run": pointer["run"]}
    listed = {
        "page": 1,
        "ids": ["dmtest-001"],
        "total": 1,
    }  # (a run that listed nothing is an error: nothing to install)
    (data_dir / update.STATE_FILE).write_text(
        "\n".join(json.dumps(entry) for entry in (header, listed, {"list_done": True})) + "\n"
    )
    site.seen.clear()
    summary = run_update(SOURCE, data_dir, delay=0)
    assert not summary.resumed and site.requested("list:")  # listed afresh


def test_a_log_from_a_release_without_run_ids_is_still_resumed(site, tmp_path, fixture_embedded_data):
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    header = {"format": 1, "source": SOURCE, "full": False}
    listed = {
        "page": 1,
        "ids": ["dmtest-001"],
        "total": 1,
    }  # (a run that listed nothing is an error: nothing to install)
    (data_dir / update.STATE_FILE).write_text(
        "\n".join(json.dumps(entry) for entry in (header, listed, {"list_done": True})) + "\n"
    )
    summary = run_update(SOURCE, data_dir, delay=0)
    assert summary.resumed and site.requested("list:") == []


# --- Ctrl-C -------------------------------------------------------------------------------------


def test_ctrl_c_in_the_cli_prints_what_was_kept_and_exits_130(tmp_path, capsys, monkeypatch, fixture_embedded_data):
    data_dir = tmp_path / "data"
    before = previous_data(data_dir)
    real = update.fetch_cards

    def fetch_then_interrupt(client, state, progress, known=None):
        def interrupting(done, total, label):
            if len(state.records) == 1:
                raise KeyboardInterrupt

        real(client, state, interrupting, known)

    monkeypatch.setattr(update, "fetch_cards", fetch_then_interrupt)
    with fake_site() as url:
        code = main(["update", "--source", url, "--data-dir", str(data_dir), "--delay", "1"])
    err = capsys.readouterr().err
    assert code == 130
    assert err == (
        f"duepa-check: update interrupted; the card data in {data_dir} was not changed "
        f"(1 cards fetched so far are kept in {data_dir / update.STATE_FILE}); run update again to resume\n"
    )
    assert data_bytes(data_dir) == before


def test_interrupted_is_still_a_keyboard_interrupt_for_library_callers():
    assert issubclass(UpdateInterrupted, KeyboardInterrupt)


def test_a_real_sigint_during_an_update_is_one_line_exit_130_and_the_data_is_kept(tmp_path, fixture_embedded_data):
    """A real process, a real signal: the line the user sees, nothing changed, then resume works."""
    data_dir = tmp_path / "data"
    before = previous_data(data_dir)
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    script = (
        "import sys; from duepa_check.data import pool as card_pool; from pathlib import Path;"
        f"card_pool.embedded_data_dir = lambda: Path({str(fixture_embedded_data)!r});"
        "from duepa_check.cli import main; sys.exit(main(sys.argv[1:]))"
    )
    with fake_site() as url:
        process = subprocess.Popen(
            [sys.executable, "-c", script, "update", "--source", url, "--data-dir", str(data_dir), "--delay", "1"],
            stderr=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=environment,
            # SIGINT as a terminal delivers it: a test run started in the background of a script
            # (`pytest &`) ignores SIGINT, and an ignored signal stays ignored in every child.
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        log = data_dir / update.STATE_FILE
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and (not log.exists() or '"card"' not in log.read_text(encoding="utf-8")):
            time.sleep(0.05)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert err.count("\n") == 1 and err.startswith("duepa-check: update interrupted; the card data in")
    assert "run update again to resume" in err and "Traceback" not in err
    assert data_bytes(data_dir) == before
