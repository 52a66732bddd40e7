"""One direction through the pipeline: bytes → DeckList → Deck → [Violation] per deck file.

``Checker`` holds what every deck in a run shares (card pool, regulation, date, house-rule
configs by folder) so that checking a thousand decks costs one load, not a thousand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from .cards import Card, CardPool
from .config import ConfigError, FormatConfig, find_config, load_config
from .deck import resolve_deck
from .decklist import DECK_SUFFIXES, STDIN, DeckInputError, load_decklist
from .errors import DuepaError
from .regulation import Regulation
from .rules import ERROR, RULE_IDS, WARNING, Context, Violation, run_rules

if TYPE_CHECKING:
    from .stats import DeckStats


class DeckResult:
    """The verdict on one file; ``error`` is set when the file could not be read at all.

    It keeps what the renderers read (the partner and the card count), not the resolved
    deck: a batch holds a thousand results, and a worker process sends them back pickled.
    """

    def __init__(
        self,
        path: str,
        violations: list[Violation] | None = None,
        error: str | None = None,
        partner: Card | None = None,
        card_count: int = 0,
        stats: DeckStats | None = None,
    ) -> None:
        self.path = path
        self.violations = violations if violations is not None else []
        self.error = error
        self.partner = partner
        self.card_count = card_count
        self.stats = stats  # the deck's shape, only when the report draws it (Checker with_stats)

    def __repr__(self) -> str:
        return f"DeckResult({self.path!r}, violations={self.violations!r}, error={self.error!r})"

    @property
    def errors(self) -> int:
        return sum(v.severity == ERROR for v in self.violations)

    @property
    def warnings(self) -> int:
        return sum(v.severity == WARNING for v in self.violations)

    @property
    def legal(self) -> bool:
        return self.error is None and self.errors == 0


def deck_files(paths: Iterable[Path]) -> Iterator[Path]:
    """Each file given, and every decklist file below each folder given (hidden ones skipped)."""
    for path in paths:
        if str(path) == STDIN:
            yield path
        elif path.is_dir():
            found = sorted(_decklists_below(path))
            if not found:
                raise DeckInputError(f"{path}: folder holds no decklist files ({', '.join(DECK_SUFFIXES)})")
            yield from found
        else:
            yield path


def _decklists_below(folder: Path) -> Iterator[Path]:
    """os.walk, pruning hidden folders: a tournament folder can hold thousands of files."""
    import os

    for root, folders, files in os.walk(folder):
        folders[:] = [name for name in folders if not name.startswith(".")]
        for name in files:
            if not name.startswith(".") and name.lower().endswith(DECK_SUFFIXES) and name != "pyproject.toml":
                yield Path(root, name)


class Checker:
    def __init__(
        self,
        pool: CardPool,
        regulation: Regulation,
        as_of: date,
        config_path: Path | None = None,
        partner: str | None = None,
        include_unconfirmed: bool = False,
        stdin_name: str = "<stdin>",
        *,
        with_stats: bool = False,
    ) -> None:
        self.pool = pool
        self.with_stats = with_stats  # the HTML report draws each deck's shape: count it while the deck is here
        # What a deck read from standard input is called: in messages, for its format
        # (by suffix) and for finding its house rules (from that name's folder).
        self.stdin_name = stdin_name
        self.regulation = regulation
        self.as_of = as_of
        self.partner = partner
        self.include_unconfirmed = include_unconfirmed
        self._explicit_config = self.load_config(config_path) if config_path else None
        self._configs: dict[Path | None, FormatConfig] = {}
        self._config_paths: dict[Path, Path | None] = {}  # deck folder → its config file

    def _resolve_card(self, typed: str) -> tuple[str | None, list[str]]:
        found = self.pool.lookup(typed)
        return (found.card.name if found.card else None), found.suggestions or [c.name for c in found.cards]

    def load_config(self, path: Path) -> FormatConfig:
        if not path.is_file():
            raise ConfigError(f"{path}: no such config file")
        return load_config(path, self._resolve_card, RULE_IDS)

    def config_for(self, deck_path: Path) -> FormatConfig:
        """--config when given, else the nearest config file above the deck (cached per file)."""
        if self._explicit_config is not None:
            config = self._explicit_config
        else:
            found = self._config_paths.get(deck_path.parent)
            if deck_path.parent not in self._config_paths:
                found = self._config_paths[deck_path.parent] = find_config(deck_path)
            if found not in self._configs:
                self._configs[found] = self.load_config(found) if found else FormatConfig()
            config = self._configs[found]
        if self.include_unconfirmed and not config.include_unconfirmed:
            config = config._replace(include_unconfirmed=True)
        return config

    def check(self, path: Path) -> DeckResult:
        """Check one file (``-``: standard input). Unreadable input becomes ``error``; a bad config propagates."""
        if str(path) == STDIN:
            path = Path(self.stdin_name)  # reported, and its folder's house rules apply
            reading = Path(STDIN)
        else:
            reading = path
        result = DeckResult(path=str(path))
        try:
            decklist = load_decklist(reading, self.stdin_name)
        except DeckInputError as error:
            result.error = str(error)
            return result
        config = self.config_for(path)
        deck = resolve_deck(decklist, self.pool, self.partner)
        context = Context(as_of=self.as_of, regulation=self.regulation, config=config, pool=self.pool)
        result.violations, result.card_count = run_rules(deck, context), deck.card_count
        result.partner = deck.partner.card if deck.partner else None
        if self.with_stats and not deck.unresolved and not deck.problems:  # as `stats`: every line a card
            from .stats import compute_stats

            result.stats = compute_stats(deck)
        return result

    def check_all(self, paths: list[Path], on_progress: Callable[[int], None] | None = None) -> list[DeckResult]:
        """Check many files, in order; large batches are split over the machine's cores."""
        workers = _worker_count(len(paths))
        if workers <= 1:
            return self._check_here(paths, on_progress)
        return self._check_forked(paths, workers, on_progress)

    def _check_here(self, paths: list[Path], on_progress: Callable[[int], None] | None) -> list[DeckResult]:
        results = []
        for path in paths:
            results.append(self.check(path))
            if on_progress:
                on_progress(1)
        return results

    def _check_forked(
        self, paths: list[Path], workers: int, on_progress: Callable[[int], None] | None
    ) -> list[DeckResult]:
        """This process and one forked child per extra core check the files chunk by chunk.

        Chunk numbers wait in a pipe; each process takes the next one until none is left, so a
        process the machine slows down simply checks fewer (halves fixed in advance finished up
        to 130 ms apart). Children share the loaded pool and regulation without pickling them
        and send back their results through a second pipe; an error in a child is raised here,
        as if this process had met it. A plain fork, not multiprocessing: its import and pool
        cost ~50 ms, a tenth of a 1,000-deck run.
        """
        import os
        import signal

        size = max(CHUNK_SIZE, -(-len(paths) // MAX_CHUNKS))
        chunks = [paths[start : start + size] for start in range(0, len(paths), size)]
        tickets, write_end = os.pipe()
        _write_all(write_end, b"".join(number.to_bytes(TICKET_BYTES, "big") for number in range(len(chunks))))
        os.close(write_end)  # every chunk number is in the pipe: an empty read means all are taken
        children = [_fork_child(self, chunks, tickets) for _ in range(workers - 1)]
        waiting = dict(child for child in children if child is not None)  # pid → its results pipe
        reported = 0

        def report_started(number: int) -> None:
            """Chunk numbers go out in order: taking number N means chunks 0..N are under way."""
            nonlocal reported
            started = min(len(paths), (number + 1) * size)
            if on_progress and started > reported:
                on_progress(started - reported)
                reported = started

        try:
            done = self._check_chunks(chunks, tickets, report_started)
            for pid in list(waiting):
                with os.fdopen(waiting.pop(pid), "rb") as pipe:
                    payload = pipe.read()
                os.waitpid(pid, 0)
                done.update(_unpack_child_results(payload))
            report_started(len(chunks) - 1)
            return [result for number in range(len(chunks)) for result in done[number]]
        finally:  # an error or ^C here: stop the children still working, leave no zombie
            os.close(tickets)
            for pid, read_fd in waiting.items():
                os.close(read_fd)
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)

    def _check_chunks(
        self, chunks: list[list[Path]], tickets: int, on_take: Callable[[int], None] | None = None
    ) -> dict[int, list[DeckResult]]:
        """Take chunk numbers from the ``tickets`` pipe and check those chunks, until it is empty."""
        import os

        done = {}
        while ticket := os.read(tickets, TICKET_BYTES):  # pipe reads are atomic: no chunk twice
            number = int.from_bytes(ticket, "big")
            if on_take:
                on_take(number)
            done[number] = self._check_here(chunks[number], None)
        return done


PARALLEL_FROM = 100  # below this many files, forking costs more than it saves (measured: even at ~60)
CHUNK_SIZE = 20  # files per chunk: small enough to even out, large enough that taking one is free
MAX_CHUNKS = 4096  # so that every chunk number fits in the pipe at once (8 KB of 64)
TICKET_BYTES = 2


def _worker_count(files: int) -> int:
    import os
    import sys

    if files < PARALLEL_FROM or not sys.platform.startswith("linux"):
        return 1
    return min(len(os.sched_getaffinity(0)), 4)


def _write_all(fd: int, data: bytes) -> None:
    import os

    while data:
        data = data[os.write(fd, data) :]


def _fork_child(checker: Checker, chunks: list[list[Path]], tickets: int) -> tuple[int, int] | None:
    """Fork a process that checks chunks taken from ``tickets`` and writes the pickled outcome
    to a pipe: (pid, read end of that pipe), or None when the machine refuses a process."""
    import os
    import pickle

    read_fd, write_fd = os.pipe()
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
        os.close(read_fd)
        try:
            outcome: tuple = ("results", checker._check_chunks(chunks, tickets))
        except DuepaError as error:
            outcome = ("usage", str(error))
        except BaseException as error:  # a bug: the parent reports it, with its type
            outcome = ("crash", f"{type(error).__name__}: {error}")
        with os.fdopen(write_fd, "wb") as pipe:
            pickle.dump(outcome, pipe)
    finally:
        os._exit(0)


def _unpack_child_results(payload: bytes) -> dict[int, list[DeckResult]]:
    import pickle

    kind, value = pickle.loads(payload) if payload else ("crash", "a worker process died")
    if kind == "usage":
        raise DuepaError(value)
    if kind == "crash":
        raise RuntimeError(f"while checking in a worker process: {value}")
    return value
