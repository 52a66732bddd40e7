"""One direction through the pipeline: bytes → DeckList → Deck → [Violation] per deck file.

``Checker`` holds what every deck in a run shares (card pool, regulation, date, house-rule
configs by folder) so that checking a thousand decks costs one load, not a thousand.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from .cards import CardPool
from .config import ConfigError, FormatConfig, find_config, load_config
from .deck import Deck, resolve_deck
from .decklist import DECK_SUFFIXES, DeckInputError, load_decklist
from .regulation import Regulation
from .rules import ERROR, RULE_IDS, WARNING, Context, Violation, run_rules


@dataclass
class DeckResult:
    """The verdict on one file; ``error`` is set when the file could not be read at all."""

    path: str
    deck: Deck | None = None
    violations: list[Violation] = field(default_factory=list)
    error: str | None = None

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
            found = sorted(
                p
                for p in path.rglob("*")
                if p.is_file()
                and p.suffix.lower() in DECK_SUFFIXES
                and not any(part.startswith(".") for part in p.relative_to(path).parts)
                and p.name != "pyproject.toml"
            )
            if not found:
                raise DeckInputError(f"{path}: folder holds no decklist files ({', '.join(DECK_SUFFIXES)})")
            yield from found
        else:
            yield path


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
            found = find_config(deck_path)
            if found not in self._configs:
                self._configs[found] = self.load_config(found) if found else FormatConfig()
            config = self._configs[found]
        if self.include_unconfirmed and not config.include_unconfirmed:
            from dataclasses import replace

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
        result.deck = resolve_deck(decklist, self.pool, self.partner)
        context = Context(as_of=self.as_of, regulation=self.regulation, config=config)
        result.violations = run_rules(result.deck, context)
        return result
