"""Large batches are split over worker processes; the answer must be the same as one process."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from support import BD4, make_deck, run

import duepa_check.check.batch as batch_module
import duepa_check.check.checker as checker_module
from duepa_check.data.config import ConfigError

pytestmark = pytest.mark.forks  # the batch forks: these run where no other thread runs (conftest)


def test_a_batch_over_the_parallel_threshold_gives_the_same_results_in_the_same_order(capsys, tmp_path, monkeypatch):
    folder = tmp_path / "decks"
    count = batch_module.PARALLEL_FROM + 10
    if batch_module.worker_count(count) < 2:
        pytest.skip("one core: the batch is not split")
    for number in range(count):
        broken = {22: "1 アクア・サーファー"} if number % 7 == 0 else {}  # a 水 card: DP005 on line 22
        make_deck(tmp_path, BD4, replace=broken, name=f"decks/{number:04}.txt")
    parallel = run(capsys, folder, "--format", "json", "--as-of", "2026-03-16")
    monkeypatch.setattr(batch_module, "PARALLEL_FROM", 10**9)
    sequential = run(capsys, folder, "--format", "json", "--as-of", "2026-03-16")
    assert parallel.code == sequential.code == 1
    assert parallel.json == sequential.json
    decks = parallel.json["decks"]
    assert [d["path"] for d in decks] == sorted(d["path"] for d in decks)
    illegal = [d["path"].rsplit("/", 1)[1] for d in decks if not d["legal"]]
    assert illegal == [f"{n:04}.txt" for n in range(0, count, 7)]
    assert all(d["partner"]["name"] == "ボルシャック・ドラゴ大王" and d["card_count"] == 60 for d in decks)
    assert parallel.json["summary"]["decks"] == count


def test_a_broken_config_in_a_worker_is_still_one_line_exit_2(capsys, tmp_path):
    folder = tmp_path / "decks"
    for number in range(batch_module.PARALLEL_FROM):
        make_deck(tmp_path, BD4, name=f"decks/{number:04}.txt")
    (folder / ".duepa-check.yaml").write_text("deck_sise: 40\n", encoding="utf-8")
    result = run(capsys, folder, "--format", "json")
    assert result.code == 2 and "deck_sise" in result.err and "Traceback" not in result.err


# ---------------------------------------------------------------------------- the forked split itself


@pytest.fixture
def checker(monkeypatch):
    from datetime import date

    from duepa_check.data.pool import CardPool
    from duepa_check.data.regulation import load_current

    monkeypatch.setattr(batch_module, "CHUNK_SIZE", 1)  # nine decks, nine chunks to share out
    pool = CardPool.load()
    return checker_module.Checker(pool, load_current(None), checker_module.CheckOptions(as_of=date(2026, 3, 16)))


@pytest.fixture
def nine_decks(tmp_path):
    return [
        make_deck(tmp_path, BD4, replace={22: "1 アクア・サーファー"} if n == 7 else {}, name=f"{n}.txt")
        for n in range(9)
    ]


def in_children_only(checker, monkeypatch, action, slow_parent: bool = True):
    """Make ``checker.check`` run ``action(path)`` first in forked children only; this process,
    slowed down, leaves them most chunks, so which process meets ``action`` is known."""
    import os
    import time

    parent, real = os.getpid(), checker.check

    def check(path):
        if os.getpid() == parent:
            if slow_parent:
                time.sleep(0.05)
        else:
            action(path)
        result = real(path)
        result.checked_by = os.getpid()
        return result

    monkeypatch.setattr(checker, "check", check)


def no_children_left() -> bool:
    import os

    try:
        os.waitpid(-1, os.WNOHANG)  # a child still running or a zombie not yet reaped
    except ChildProcessError:
        return True
    return False


def test_forked_split_keeps_order_and_counts_progress(checker, nine_decks):
    done = []
    forked = batch_module.Batch(checker.check).check_forked(nine_decks, 3, done.append)
    assert [r.path for r in forked] == [str(p) for p in nine_decks]
    assert [r.legal for r in forked] == [n != 7 for n in range(9)]
    assert sum(done) == 9 and all(step > 0 for step in done)
    assert no_children_left()


def start_thread(kind: str, stop) -> Callable[[], None]:
    """Start a thread that waits for ``stop``; return how to wait for its end. ``_thread``'s kind
    is invisible to ``threading.active_count()``, as threads started by C code are."""
    import _thread
    import threading

    if kind == "threading":
        other = threading.Thread(target=stop.wait)
        other.start()
        ended = other.join
    else:
        done = threading.Event()
        _thread.start_new_thread(lambda: (stop.wait(), done.set()), ())
        ended = done.wait

    def gone() -> None:
        """Until the system lists the thread no more: a thread that has said it ended still runs
        for a moment, and the next test's fork check would see it."""
        ended()
        deadline = time.monotonic() + 10
        while batch_module.other_threads() and time.monotonic() < deadline:
            time.sleep(0.005)

    return gone


@pytest.mark.parametrize("kind", ["threading", "_thread"])
def test_no_fork_while_another_thread_runs(checker, nine_decks, monkeypatch, kind):
    """A fork copies only the thread that calls it: a lock another thread held stays held in the
    child for ever. With another thread alive, the batch is checked in this process."""
    import os
    import threading

    def no_fork():
        raise AssertionError("forked while another thread ran")

    monkeypatch.setattr(batch_module, "PARALLEL_FROM", 5)
    monkeypatch.setattr(batch_module, "CHUNK_SIZE", 2)
    monkeypatch.setattr(batch_module, "worker_count", lambda files: 3)
    monkeypatch.setattr(os, "fork", no_fork)
    stop = threading.Event()
    joined = start_thread(kind, stop)
    try:
        results = checker.check_all(nine_decks)
    finally:
        stop.set()
        joined()
    assert [r.legal for r in results] == [n != 7 for n in range(9)]


def test_the_progress_bar_runs_no_thread_while_the_batch_forks(tmp_path, monkeypatch):
    """The CLI's progress bar on a terminal is drawn by the checking thread itself: when the batch
    would fork, no other thread runs."""
    import io
    import threading

    from rich.console import Console

    from duepa_check.cli import commands

    seen = []

    class Checker:
        def check_all(self, files, on_progress=None):
            seen.append(threading.active_count())
            for _ in files:
                on_progress(1)
            return []

    console = Console(file=io.StringIO(), force_terminal=True)
    files = [tmp_path / f"{n}.txt" for n in range(60)]
    assert commands.check_with_progress(Checker(), files, console) == []
    assert seen == [threading.active_count()] == [1]


def test_a_batch_of_one_chunk_forks_no_child(checker, nine_decks, monkeypatch):
    import os

    def no_fork():
        raise AssertionError("forked for one chunk")

    monkeypatch.setattr(batch_module, "CHUNK_SIZE", 20)
    monkeypatch.setattr(os, "fork", no_fork)
    done = []
    results = batch_module.Batch(checker.check).check_forked(nine_decks, 3, done.append)
    assert [r.legal for r in results] == [n != 7 for n in range(9)] and sum(done) == 9


def test_progress_follows_the_chunks_as_they_are_taken(checker, nine_decks, monkeypatch):
    in_children_only(checker, monkeypatch, lambda path: time.sleep(0.02))  # both slow: both take some
    done = []
    batch_module.Batch(checker.check).check_forked(nine_decks, 2, done.append)
    assert sum(done) == 9
    assert len(done) >= 2  # this process's own chunks move the bar before the children report


def test_the_chunks_are_shared_out_between_processes(checker, nine_decks, monkeypatch):
    import os

    in_children_only(checker, monkeypatch, lambda path: time.sleep(0.02))  # no process can take them all
    forked = batch_module.Batch(checker.check).check_forked(nine_decks, 3, None)
    assert [r.path for r in forked] == [str(p) for p in nine_decks]
    by = {r.checked_by for r in forked}
    assert len(by) >= 2 and os.getpid() in by  # the slow parent took some, the children the rest


def test_forked_split_falls_back_to_this_process_when_fork_fails(checker, nine_decks, monkeypatch):
    import os

    def refuse():
        raise BlockingIOError("fork: resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", refuse)
    results = batch_module.Batch(checker.check).check_forked(nine_decks, 3, None)
    assert [r.legal for r in results] == [n != 7 for n in range(9)]


def test_a_usage_error_in_a_child_is_raised_here(checker, nine_decks, monkeypatch):
    def fail(path):
        raise ConfigError(f"{path.parent}/.duepa-check.yaml: unknown key 'deck_sise'")

    in_children_only(checker, monkeypatch, fail)
    with pytest.raises(checker_module.DuepaError, match="deck_sise"):
        batch_module.Batch(checker.check).check_forked(nine_decks, 3, None)
    assert no_children_left()


def test_a_crash_in_a_child_loses_no_deck_its_chunks_are_checked_here(checker, nine_decks, monkeypatch):
    import os

    def crash(path):
        raise ZeroDivisionError("boom")

    in_children_only(checker, monkeypatch, crash)
    results = batch_module.Batch(checker.check).check_forked(nine_decks, 3, None)
    assert [r.path for r in results] == [str(p) for p in nine_decks]
    assert [r.legal for r in results] == [n != 7 for n in range(9)]
    assert {r.checked_by for r in results} == {os.getpid()}
    assert no_children_left()


def test_a_child_killed_by_the_system_loses_no_deck(checker, nine_decks, monkeypatch):
    """As the kernel's OOM killer would: SIGKILL, no result written, not even a partial one."""
    import os
    import signal

    in_children_only(checker, monkeypatch, lambda path: os.kill(os.getpid(), signal.SIGKILL))
    results = batch_module.Batch(checker.check).check_forked(nine_decks, 3, None)
    assert [r.path for r in results] == [str(p) for p in nine_decks]
    assert [r.legal for r in results] == [n != 7 for n in range(9)]
    assert all(r.error is None for r in results)
    assert no_children_left()


def test_a_deck_that_breaks_the_checker_reports_its_error_and_the_batch_goes_on(checker, nine_decks, monkeypatch):
    """A bug or a RecursionError on one deck is that deck's one-line error, in a child or here."""
    import duepa_check.check.checker as module
    from duepa_check.messages import text

    real = module.resolve_deck

    def resolve(decklist, pool, partner=None):
        if decklist.path.endswith("/4.txt"):
            raise RecursionError("maximum recursion depth exceeded")
        return real(decklist, pool, partner)

    monkeypatch.setattr(module, "resolve_deck", resolve)
    batch = batch_module.Batch(checker.check)
    for results in (batch.check_forked(nine_decks, 3, None), batch.check_here(nine_decks, None)):
        broken = results[4]
        error = text(broken.error)  # a message key and arguments until it is printed
        assert error.startswith(str(nine_decks[4])) and "RecursionError" in error
        assert "\n" not in error and not broken.legal
        assert [r.legal for r in results] == [n not in (4, 7) for n in range(9)]
    assert no_children_left()


def test_an_error_here_stops_the_children(checker, nine_decks, monkeypatch):
    import os

    parent, real = os.getpid(), checker.check

    def check(path):
        if os.getpid() == parent:
            raise KeyboardInterrupt
        time.sleep(0.02)  # children slow enough that this process surely takes a chunk
        return real(path)

    monkeypatch.setattr(checker, "check", check)
    with pytest.raises(KeyboardInterrupt):
        batch_module.Batch(checker.check).check_forked(nine_decks, 3, None)
    assert no_children_left()


def test_a_broken_config_met_only_by_a_child_is_one_line_exit_2(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(batch_module, "worker_count", lambda files: 2)
    for number in range(6):
        make_deck(tmp_path, BD4, name=f"decks/a/{number}.txt")
        make_deck(tmp_path, BD4, name=f"decks/b/{number}.txt")
    (tmp_path / "decks" / "b" / ".duepa-check.yaml").write_text("deck_sise: 40\n", encoding="utf-8")
    result = run(capsys, tmp_path / "decks", "--format", "json")
    assert result.code == 2 and "deck_sise" in result.err and "Traceback" not in result.err
    assert len(result.err.strip().splitlines()) == 1
