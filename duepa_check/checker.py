"""One direction through the pipeline: bytes → DeckList → Deck → [Violation] per deck file.

``Checker`` holds what every deck in a run shares (card pool, regulation, date, house-rule
configs by folder) so that checking a thousand decks costs one load, not a thousand.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from .cards import Card, CardPool
from .config import ConfigError, FormatConfig, find_config, load_config
from .deck import resolve_deck
from .decklist import DECK_SUFFIXES, STDIN, TABLE_SUFFIXES, DeckInputError, load_decklist
from .errors import DuepaError
from .messages import Msg, msg
from .printable import printable
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
        error: "Msg | str | None" = None,
        partner: Card | None = None,
        card_count: int = 0,
        stats: DeckStats | None = None,
        config: str | None = None,
    ) -> None:
        self.path = path
        self.violations = violations if violations is not None else []
        self.error = error
        self.partner = partner
        self.card_count = card_count
        self.stats = stats  # the deck's shape, only when the report draws it (Checker with_stats)
        self.chart: tuple[str, str] | None = None  # (language, SVG) of that shape, drawn where it was checked
        self.config = config  # the house-rules file that applied, or None (the recommended rules)
        self.raw_path = path  # as the system spells it (SARIF percent-encodes its bytes); path is printable
        # Problems past MAX_REPORTED are counted, not kept: they still decide the verdict.
        self.omitted_errors = 0
        self.omitted_warnings = 0

    def __repr__(self) -> str:
        return f"DeckResult({self.path!r}, violations={self.violations!r}, error={self.error!r})"

    @property
    def errors(self) -> int:
        return sum(v.severity == ERROR for v in self.violations) + self.omitted_errors

    @property
    def warnings(self) -> int:
        return sum(v.severity == WARNING for v in self.violations) + self.omitted_warnings

    @property
    def omitted(self) -> int:
        """Problems found but not listed (past the first MAX_REPORTED)."""
        return self.omitted_errors + self.omitted_warnings

    def keep_first(self, violations: list[Violation], limit: int) -> None:
        """List the first ``limit`` problems (in line order) and count the rest.

        A 1 MB file can hold 70,000 bad lines: drawn for a terminal that took a minute and as
        SARIF most of a gigabyte, and nobody reads past the first few hundred anyway.
        """
        if len(violations) <= limit:  # the usual deck: every problem listed
            self.violations, self.omitted_errors, self.omitted_warnings = violations, 0, 0
            return
        rest = violations[limit:]
        self.violations = violations[:limit]
        self.omitted_errors = sum(v.severity == ERROR for v in rest)
        self.omitted_warnings = len(rest) - self.omitted_errors

    @property
    def legal(self) -> bool:
        return self.error is None and self.errors == 0


MAX_REPORTED = 500  # problems listed per deck; the rest are counted


class Skipped(NamedTuple):
    """Something met while collecting decks that is not checked: said as that item's error (exit 2)."""

    path: str
    reason: Msg


def deck_files(paths: Iterable[Path]) -> Iterator[Path | Skipped]:
    """Each file given, and every decklist file below each folder given (hidden ones skipped).

    What cannot be walked (a folder that cannot be listed, a symlink leading out of the folder)
    comes out as ``Skipped``, so the run reports it instead of judging the rest in silence.
    """
    for path in paths:
        if str(path) == STDIN:
            yield path
            continue
        try:
            is_folder = path.is_dir()
        except OSError as error:  # e.g. a parent folder without execute permission
            yield Skipped(str(path), Msg("skipped.cannot-read", {"why": error.strerror or error}))
            continue
        if is_folder:
            found = sorted(_decklists_below(path), key=_walk_order)
            if not found:
                raise DeckInputError(
                    Msg("input.folder-without-decks", {"path": printable(str(path)), "suffixes": ", ".join(DECK_SUFFIXES)})
                )
            yield from found
        else:
            yield path


def _decklists_below(folder: Path) -> Iterator[Path | Skipped]:
    """Every decklist file below a folder, hidden folders and files left out (a tournament folder
    can hold thousands of files), in no particular order (deck_files sorts them).

    Symlinks that lead out of the folder are not followed (a submitted link to a runner's
    key file would be printed line by line as "unknown cards"); a linked folder inside is not
    walked either (as os.walk does not). A folder that cannot be listed is reported, never
    skipped in silence. .csv and .md files count only when they start like a decklist
    (decklist_tables.looks_like_deck): a README.md does not. os.scandir, not os.walk: its
    entries know whether they are links without asking the system again for each file.
    """
    top = os.path.realpath(folder)
    inside = top.rstrip(os.sep) + os.sep

    def leads_out(path: str) -> bool:
        target = os.path.realpath(path)
        return target != top and not target.startswith(inside)

    waiting = [os.fspath(folder)]
    while waiting:
        root = waiting.pop()
        try:
            with os.scandir(root) as listing:
                entries = list(listing)
        except OSError as error:
            key = "skipped.folder-unlisted" if root == os.fspath(folder) else "skipped.folder-unlisted.decks"
            yield Skipped(str(error.filename or root), Msg(key, {"why": error.strerror or error}))
            continue
        for entry in entries:
            name = entry.name
            if name.startswith("."):
                continue
            if _is_folder(entry):
                if not _is_link(entry):
                    waiting.append(entry.path)
                elif leads_out(entry.path):
                    yield Skipped(entry.path, Msg("skipped.symlink-folder", {}))
                continue
            lowered = name.lower()
            if name == "pyproject.toml" or not lowered.endswith(DECK_SUFFIXES + TABLE_SUFFIXES):
                continue
            if _is_link(entry) and leads_out(entry.path):
                yield Skipped(entry.path, Msg("skipped.symlink-file", {}))
                continue
            if not lowered.endswith(DECK_SUFFIXES):
                from .decklist_tables import looks_like_deck

                if not looks_like_deck(Path(entry.path)):
                    continue  # a README.md or a data CSV: not a decklist
            yield Path(entry.path)


def _is_folder(entry: os.DirEntry) -> bool:
    try:
        return entry.is_dir()  # a link to a folder too
    except OSError:  # as os.walk: what cannot be asked is no folder
        return False


def _is_link(entry: os.DirEntry) -> bool:
    try:
        return entry.is_symlink()
    except OSError:
        return False


def _walk_order(item: Path | Skipped) -> list[str] | Path:
    """Path order (a folder's parts compared one by one), without making a Path of each file on
    POSIX; elsewhere Path's own (case-insensitive on Windows)."""
    path = item.path if isinstance(item, Skipped) else str(item)
    return path.split(os.sep) if os.name == "posix" else Path(path)


def _printable_message(message: "Msg | str") -> "Msg | str":
    """The message with every text in it made printable (a file name may hold anything)."""
    if isinstance(message, Msg):
        return Msg(message.key, {
            name: printable(str(value)) if isinstance(value, (str, os.PathLike)) else value
            for name, value in message.args.items()
        })
    return printable(str(message))


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
        self.chart_lang: str | None = None  # and in this language, once it is known: draw it here too
        # What a deck read from standard input is called: in messages, for its format
        # (by suffix) and for finding its house rules (from that name's folder).
        self.stdin_name = stdin_name
        self.regulation = regulation
        self.as_of = as_of
        self.partner = partner
        self.include_unconfirmed = include_unconfirmed
        self._explicit_config = self._with_option(self.load_config(config_path)) if config_path else None
        self._explicit_config_path = config_path
        self._configs: dict[Path | None, FormatConfig] = {}
        self._config_paths: dict[str, Path | None] = {}  # deck folder → its config file
        self._announced: dict[tuple, Regulation] = {}  # house-rule announcements → the regulation with them
        self._contexts: dict[int, Context] = {}  # id of a config → the rules' context under it

    def _resolve_card(self, typed: str) -> tuple[str | None, list[str]]:
        found = self.pool.lookup(typed)
        return (found.card.name if found.card else None), found.suggestions or [c.name for c in found.cards]

    def load_config(self, path: Path) -> FormatConfig:
        if not os.path.lexists(path):  # a FIFO, a device, a dangling link exist: reading them says what they are
            raise ConfigError(msg("house-rules.no-such-file", path=path))
        return load_config(path, self._resolve_card, RULE_IDS)

    def house_rules_for(self, path: "Path | Skipped") -> FormatConfig:
        """The house rules a deck at ``path`` is checked under (``-``: the --stdin-filename's)."""
        if isinstance(path, Skipped):
            path = Path(path.path)
        return self.config_for(Path(self.stdin_name) if str(path) == STDIN else path)

    def config_for(self, deck_path: Path) -> FormatConfig:
        """--config when given, else the nearest config file above the deck (cached per file)."""
        return self._config_and_file(deck_path)[0]

    def _config_and_file(self, deck_path: Path) -> tuple[FormatConfig, Path | None]:
        """The house rules for a deck and the file they came from (None: the recommended rules)."""
        if self._explicit_config is not None:
            config, found = self._explicit_config, self._explicit_config_path
        else:
            folder = os.path.dirname(deck_path)  # a string key: a Path's parent and hash cost more than a look-up
            found = self._config_paths.get(folder, _UNSEEN)
            if found is _UNSEEN:
                found = self._config_paths[folder] = find_config(deck_path)
            config = self._configs.get(found)
            if config is None:
                config = self._configs[found] = self._with_option(self.load_config(found) if found else FormatConfig())
        return config, found

    def _with_option(self, config: FormatConfig) -> FormatConfig:
        """The house rules with --include-unconfirmed applied (once per file: one object per file,
        which the rules' and contexts' caches recognise)."""
        if self.include_unconfirmed and not config.include_unconfirmed:
            return config._replace(include_unconfirmed=True)
        return config

    def check(self, path: Path | Skipped) -> DeckResult:
        """Check one file (``-``: standard input).

        Unreadable input becomes ``error``, and so does anything unexpected while checking
        this one deck (a bug, nesting too deep for Python): the other decks of the batch keep
        their verdicts. A bad config or --partner is the whole run's problem and propagates.
        """
        if isinstance(path, Skipped):
            skipped = DeckResult(path=printable(path.path), error=_printable_message(Msg("skipped", {"path": path.path, "reason": path.reason})))
            skipped.raw_path = path.path
            return skipped
        if str(path) == STDIN:
            path = Path(self.stdin_name)  # reported, and its folder's house rules apply
            reading = Path(STDIN)
        else:
            reading = path
        result = DeckResult(path=printable(str(path)))
        result.raw_path = str(path)
        try:
            self._check(path, reading, result)
        except DeckInputError as error:
            result.error = error.message  # a Msg (or str): the renderer puts it into words
        except DuepaError:
            raise
        except Exception as error:  # not the deck's fault: say so, keep the batch
            why = f"{type(error).__name__}: {str(error)[:200]}"
            result.error = Msg("error.cannot-check", {"path": path, "why": why})
        if result.error is not None:
            result.error = _printable_message(result.error)  # one line, whatever the file name or the text held
        return result

    def _check(self, path: Path, reading: Path, result: DeckResult) -> None:
        decklist = load_decklist(reading, self.stdin_name)
        config, config_file = self._config_and_file(path)
        result.config = _shown_path(config_file) if config_file else None
        deck = resolve_deck(decklist, self.pool, self.partner)
        context = self._context_for(config)
        result.keep_first(run_rules(deck, context), MAX_REPORTED)
        result.card_count = deck.card_count
        result.partner = deck.partner.card if deck.partner else None
        if self.with_stats and not deck.unresolved and not deck.problems:  # as `stats`: every line a card
            from .stats import compute_stats

            result.stats = compute_stats(deck)
            if self.chart_lang is not None:  # drawn here, by the process that checked the deck, not after the batch
                from .charts import render_chart

                result.chart = (self.chart_lang, render_chart(result.stats, self.chart_lang))

    def _context_for(self, config: FormatConfig) -> Context:
        """What the rules read besides the deck, made once per house rules (a batch shares a few)."""
        found = self._contexts.get(id(config))
        if found is None or found.config is not config:  # the id of a config no longer alive may be reused
            found = Context(as_of=self.as_of, regulation=self._regulation_for(config), config=config, pool=self.pool)
            if len(self._contexts) >= 64:
                self._contexts.clear()
            self._contexts[id(config)] = found
        return found

    def _regulation_for(self, config: FormatConfig) -> Regulation:
        """The data's regulation with the house rules' announcements on top (built once per config)."""
        if not config.regulation:
            return self.regulation
        found = self._announced.get(config.regulation)
        if found is None:
            found = self._announced[config.regulation] = self.regulation.with_announcements(config.regulation)
        return found

    def check_all(self, paths: list[Path], on_progress: Callable[[int], None] | None = None) -> list[DeckResult]:
        """Check many files, in order; large batches are split over the machine's cores."""
        workers = _worker_count(len(paths))
        if len(paths) < PARALLEL_FROM:
            return self._check_here(paths, on_progress)
        with _batch_collector():
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

        This process checks the first chunk before it forks: what the decks of a batch share (the
        popular cards' look-ups and lines, the rules' first-use work) is then worked out once, and
        each child inherits it, instead of every process meeting it cold (the 1,000 benchmark decks
        in two processes: 24M instructions fewer, of the ~120M that two processes cost over one).
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

        first = self._check_here(chunks[0], None)
        report_started(0)
        if len(chunks) == 1:
            return first
        tickets, write_end = os.pipe()
        _write_all(write_end, b"".join(number.to_bytes(TICKET_BYTES, "big") for number in range(1, len(chunks))))
        os.close(write_end)  # every chunk number is in the pipe: an empty read means all are taken
        children = [_fork_child(self, chunks, tickets) for _ in range(workers - 1)]
        waiting = dict(child for child in children if child is not None)  # pid → its results pipe

        try:
            done = self._check_chunks(chunks, tickets, report_started)
            done[0] = first
            for pid in list(waiting):
                with os.fdopen(waiting.pop(pid), "rb") as pipe:
                    payload = pipe.read()
                os.waitpid(pid, 0)
                done.update(_unpack_child_results(payload))
            # A child that died (killed by the system, out of memory, a crash) took chunks it
            # never returned: check them here, so every deck still gets its own verdict.
            for number in range(len(chunks)):
                if number not in done:
                    done[number] = self._check_here(chunks[number], None)
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
        done = {}
        while ticket := os.read(tickets, TICKET_BYTES):  # pipe reads are atomic: no chunk twice
            number = int.from_bytes(ticket, "big")
            if on_take:
                on_take(number)
            done[number] = self._check_here(chunks[number], None)
        return done


_UNSEEN = object()  # a folder not looked at yet (None: looked at, no house rules)


def _shown_path(path: Path) -> str:
    """A config file as reports name it: relative to the working folder when below it."""
    text = str(path)
    try:
        relative = os.path.relpath(path)
        if not relative.startswith(os.pardir):
            text = relative
    except ValueError:  # another drive (Windows)
        pass
    return printable(text)


PARALLEL_FROM = 100  # below this many files, forking costs more than it saves (measured: even at ~60)
CHUNK_SIZE = 20  # files per chunk: small enough to even out, large enough that taking one is free
MAX_CHUNKS = 4096  # so that every chunk number fits in the pipe at once (8 KB of 64)
TICKET_BYTES = 2


@contextmanager
def _batch_collector() -> Iterator[None]:
    """Python's cycle collector set for a batch, and put back after it.

    A batch keeps what it meets (cards, look-ups, line readings, results): every full collection
    walked all of it again, and the pool and modules loaded before it. Those are frozen (left out
    of collections; a forked worker then does not touch their pages either), and young objects
    are collected a hundred times less often. Only reference cycles wait for that: the pipeline
    makes almost none. At the end, what the batch made is moved to the oldest generation at once
    (freeze then unfreeze: two list splices): else the first collection after the batch walked
    every object of it (9 ms after 1,000 decks).
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


def _worker_count(files: int) -> int:
    import sys

    if files < PARALLEL_FROM or not sys.platform.startswith("linux"):
        return 1
    return min(len(os.sched_getaffinity(0)), 4)


def _write_all(fd: int, data: bytes) -> None:
    while data:
        data = data[os.write(fd, data) :]


def _fork_child(checker: Checker, chunks: list[list[Path]], tickets: int) -> tuple[int, int] | None:
    """Fork a process that checks chunks taken from ``tickets`` and writes the pickled outcome
    to a pipe: (pid, read end of that pipe), or None when the machine refuses a process."""
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
            outcome = ("usage", error.message if isinstance(error.message, Msg) else str(error))  # put into words by the parent
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
