"""Checking many files at once: in this process, or split over the machine's cores by forking.

A ``Batch`` is given the one-item check (``checker.Checker`` gives its own) and knows nothing
else of the checker, so the single-deck check and the batch machinery (chunks, tickets, forked
children, the cycle collector) can be read apart.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Generic, TypeVar

from ..errors import DuepaError
from ..messages import Msg
from .results import DeckResult

Item = TypeVar("Item")


class Batch(Generic[Item]):
    """Many items checked with ``check_one`` (one item → one ``DeckResult``), in order."""

    def __init__(self, check_one: Callable[[Item], DeckResult]) -> None:
        self.check_one = check_one

    def check_all(self, paths: list[Item], on_progress: Callable[[int], None] | None = None) -> list[DeckResult]:
        """Check many items, in order; large batches are split over the machine's cores."""
        if len(paths) < PARALLEL_FROM:
            return self.check_here(paths, on_progress)
        workers = worker_count(len(paths))
        if other_threads():
            workers = 1  # a fork copies one thread: a lock another thread holds would never be released
        with _batch_collector():
            if workers <= 1:
                return self.check_here(paths, on_progress)
            return self.check_forked(paths, workers, on_progress)

    def check_here(self, paths: list[Item], on_progress: Callable[[int], None] | None) -> list[DeckResult]:
        """Check every item in this process."""
        results = []
        for path in paths:
            results.append(self.check_one(path))
            if on_progress:
                on_progress(1)
        return results

    def check_forked(
        self, paths: list[Item], workers: int, on_progress: Callable[[int], None] | None
    ) -> list[DeckResult]:
        """This process and one forked child per extra core check the files chunk by chunk.

        Chunk numbers wait in a pipe; each process takes the next one until none is left, so a
        process the machine slows down simply checks fewer (halves fixed in advance finished far
        apart). Children share the loaded pool and regulation without pickling them
        and send back their results through a second pipe; an error in a child is raised here,
        as if this process had met it. A plain fork, not multiprocessing: its import and pool
        would cost a large part of a 1,000-deck run.
        """
        import signal

        size = max(CHUNK_SIZE, -(-len(paths) // MAX_CHUNKS))
        chunks = [paths[start : start + size] for start in range(0, len(paths), size)]
        reported = 0

        def report_started(number: int) -> None:
            """Chunk numbers go out in order: taking number N means chunks 0..N are under way."""
            nonlocal reported
            started = min(len(paths), (number + 1) * size)
            if on_progress and started > reported:
                on_progress(started - reported)
                reported = started

        if len(chunks) == 1:
            return self.check_here(paths, on_progress)
        tickets, write_end = os.pipe()
        _write_all(write_end, b"".join(number.to_bytes(TICKET_BYTES, "big") for number in range(len(chunks))))
        os.close(write_end)  # every chunk number is in the pipe: an empty read means all are taken
        children = [_fork_child(self, chunks, tickets) for _ in range(workers - 1)]
        waiting = dict(child for child in children if child is not None)  # pid → its results pipe

        try:
            done = self._check_chunks(chunks, tickets, report_started)
            for pid in list(waiting):
                with os.fdopen(waiting.pop(pid), "rb") as pipe:
                    payload = pipe.read()
                os.waitpid(pid, 0)
                done.update(_unpack_child_results(payload))
            # A child that died (killed by the system, out of memory, a crash) took chunks it
            # never returned: check them here, so every deck still gets its own verdict.
            for number in range(len(chunks)):
                if number not in done:
                    done[number] = self.check_here(chunks[number], None)
            report_started(len(chunks) - 1)
            return [result for number in range(len(chunks)) for result in done[number]]
        finally:  # an error, ^C or SIGTERM (errors.Terminated) here: stop the children still working, leave no zombie
            os.close(tickets)
            for pid, read_fd in waiting.items():
                os.close(read_fd)
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)

    def _check_chunks(
        self,
        chunks: list[list[Item]],
        tickets: int,
        on_take: Callable[[int], None] | None = None,
        parent: int | None = None,
    ) -> dict[int, list[DeckResult]]:
        """Take chunk numbers from the ``tickets`` pipe and check those chunks, until it is empty.

        A forked child passes its ``parent``'s pid: when the parent is gone (killed with no chance
        to stop its children: SIGKILL, the OOM killer), nobody will read the results, and the
        child stops before its next file instead of checking every chunk left alone (a portable
        test: Linux's PR_SET_PDEATHSIG would do it for one system only).
        """
        done = {}
        while ticket := os.read(tickets, TICKET_BYTES):  # pipe reads are atomic: no chunk twice
            number = int.from_bytes(ticket, "big")
            if on_take:
                on_take(number)
            if parent is None:
                done[number] = self.check_here(chunks[number], None)
                continue
            results = []
            for path in chunks[number]:
                if os.getppid() != parent:
                    os._exit(0)
                results.append(self.check_one(path))
            done[number] = results
        return done


def other_threads() -> bool:
    """Whether a thread other than this one runs. The system's count where it gives one (Linux):
    threads started by C code or ``_thread`` are not in ``threading``'s, and a language server or
    a test runner has such threads. Elsewhere ``threading``'s (none without the module)."""
    try:
        return len(os.listdir("/proc/self/task")) > 1
    except OSError:
        threading = sys.modules.get("threading")
        return threading is not None and threading.active_count() > 1


PARALLEL_FROM = 100  # below this many files, forking costs more than it saves (measured: even at ~60)
CHUNK_SIZE = 20  # files per chunk: small enough to even out, large enough that taking one is free
MAX_CHUNKS = 4096  # so that every chunk number fits in the pipe at once (8 KB of 64)
TICKET_BYTES = 2
MAX_WORKERS = 4  # processes a batch uses at most, however many cores the machine has


@contextmanager
def _batch_collector() -> Iterator[None]:
    """Python's cycle collector set for a batch, and put back after it.

    A batch keeps what it meets (cards, look-ups, line readings, results): every full collection
    walked all of it again, and the pool and modules loaded before it. Those are frozen (left out
    of collections; a forked worker then does not touch their pages either), and young objects
    are collected a hundred times less often. Only reference cycles wait for that: the pipeline
    makes almost none. At the end, what the batch made is moved to the oldest generation at once
    (freeze then unfreeze: two list splices): else the first collection after the batch walked
    every object of it.
    """
    import gc

    thresholds = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(thresholds[0] * YOUNG_THRESHOLD_FACTOR, *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.freeze()
        gc.unfreeze()


YOUNG_THRESHOLD_FACTOR = 100  # 70,000 new objects between collections during a batch (Python's default: 700)


def worker_count(files: int) -> int:
    """How many processes check a batch of ``files`` (public: tests pin it to fork on one core)."""
    if files < PARALLEL_FROM or not sys.platform.startswith("linux"):
        return 1
    return min(len(os.sched_getaffinity(0)), MAX_WORKERS)


def _write_all(fd: int, data: bytes) -> None:
    while data:
        data = data[os.write(fd, data) :]


def _fork_child(batch: Batch[Item], chunks: list[list[Item]], tickets: int) -> tuple[int, int] | None:
    """Fork a process that checks chunks taken from ``tickets`` and writes the pickled outcome
    to a pipe: (pid, read end of that pipe), or None when the machine refuses a process."""
    import pickle

    read_fd, write_fd = os.pipe()
    parent = os.getpid()
    try:
        pid = os.fork()
    except OSError:
        os.close(read_fd)
        os.close(write_fd)
        return None
    if pid:
        os.close(write_fd)
        return pid, read_fd
    try:  # the child: never returns, never runs the parent's exit handlers
        import signal

        signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a SIGTERM meant for the child ends it at once
        os.close(read_fd)
        try:
            outcome: tuple[str, object] = ("results", batch._check_chunks(chunks, tickets, parent=parent))
        except DuepaError as error:
            outcome = (
                "usage",
                error.message if isinstance(error.message, Msg) else str(error),
            )  # put into words by the parent
        except BaseException as error:  # a bug: the parent reports it, with its type
            outcome = ("crash", f"{type(error).__name__}: {error}")
        with os.fdopen(write_fd, "wb") as pipe:
            pickle.dump(outcome, pipe)
    finally:
        os._exit(0)


def _unpack_child_results(payload: bytes) -> dict[int, list[DeckResult]]:
    """The chunks a child checked; none when it died or crashed (the parent checks those again).

    A usage error (a broken config) is the run's error, raised here as this process would.
    """
    import pickle

    try:
        kind, value = pickle.loads(payload)
    except Exception:  # empty or cut short: the child was killed while writing
        return {}
    if kind == "usage":
        raise DuepaError(value)
    return value if kind == "results" else {}
