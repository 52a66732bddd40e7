"""One direction through the pipeline: bytes → DeckList → Deck → [Violation] per deck file.

``Checker`` holds what every deck in a run shares (card pool, regulation, date, house-rule
configs by folder) so that checking a thousand decks costs one load, not a thousand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path

from .cards import Card, CardPool
from .config import ConfigError, FormatConfig, find_config, load_config
from .deck import Deck, resolve_deck
from .decklist import DECK_SUFFIXES, DeckInputError, load_decklist
from .regulation import Regulation
from .rules import ERROR, RULE_IDS, WARNING, Context, Violation, run_rules


@dataclass
class DeckResult:
    """The verdict on one file; ``error`` is set when the file could not be read at all.

    Renderers read ``partner`` and ``card_count``; ``deck`` (everything resolved) stays in
    the process that checked it and is not sent back from a worker process.
    """

    path: str
    deck: Deck | None = field(default=None, repr=False, compare=False)
    violations: list[Violation] = field(default_factory=list)
    error: str | None = None
    partner: Card | None = None
    card_count: int = 0

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
        if path.is_dir():
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
    ) -> None:
        self.pool = pool
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
            config = replace(config, include_unconfirmed=True)
        return config

    def check(self, path: Path) -> DeckResult:
        """Check one file. Unreadable input becomes ``error``; a bad config propagates (exit 2)."""
        result = DeckResult(path=str(path))
        try:
            decklist = load_decklist(path)
        except DeckInputError as error:
            result.error = str(error)
            return result
        config = self.config_for(path)
        deck = resolve_deck(decklist, self.pool, self.partner)
        context = Context(as_of=self.as_of, regulation=self.regulation, config=config)
        result.deck, result.violations, result.card_count = deck, run_rules(deck, context), deck.card_count
        result.partner = deck.partner.card if deck.partner else None
        return result

    def check_all(self, paths: list[Path], on_progress: Callable[[int], None] | None = None) -> list[DeckResult]:
        """Check many files, in order; large batches are split over the machine's cores.

        Worker processes are forked, so they share the loaded pool and regulation without
        pickling them; each sends back its results without the resolved decks.
        """
        workers = _worker_count(len(paths))
        if workers <= 1:
            results = []
            for path in paths:
                results.append(self.check(path))
                if on_progress:
                    on_progress(1)
            return results
        import multiprocessing

        global _FORKED_CHECKER
        _FORKED_CHECKER = self
        size = max(CHUNK_SIZE, -(-len(paths) // (workers * 4)))  # ~4 chunks per worker
        chunks = [paths[i : i + size] for i in range(0, len(paths), size)]
        results = []
        try:
            with multiprocessing.get_context("fork").Pool(workers) as pool:
                for chunk_results in pool.imap(_check_chunk, chunks):
                    results.extend(chunk_results)
                    if on_progress:
                        on_progress(len(chunk_results))
        finally:
            _FORKED_CHECKER = None
        return results


PARALLEL_FROM = 200  # below this many files, forking costs more than it saves
CHUNK_SIZE = 50  # at least this many files per task sent to a worker
_FORKED_CHECKER: Checker | None = None


def _worker_count(files: int) -> int:
    import os
    import sys

    if files < PARALLEL_FROM or not sys.platform.startswith("linux"):
        return 1
    return min(len(os.sched_getaffinity(0)), 4)


def _check_chunk(paths: list[Path]) -> list[DeckResult]:
    """In a forked worker: check with the parent's Checker; drop the decks before pickling."""
    results = [_FORKED_CHECKER.check(path) for path in paths]
    for result in results:
        result.deck = None
    return results
