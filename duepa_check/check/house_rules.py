"""The house rules decks are checked under, each file found and read once: --config for every
deck, else the nearest ``.duepa-check.yaml`` (or ``pyproject.toml``) above each deck.

Every command reads its house rules through one ``HouseRules`` (``check.session``): the checker
for each deck's rules, the language choice for the ``lang:`` of the first deck's (or the working
folder's), ``partners`` for the deck it advises on. Before, ``partners`` read its file twice and
``card`` loaded the card pool twice to resolve the names a file lists (issue 50).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from ..data.config import ConfigError, FormatConfig, find_config, load_config
from ..messages import msg
from ..rules import RULE_IDS


class HouseRules:
    """A run's house rules by deck: ``config_path`` (--config) for every deck when given (read at
    once: a bad file is the run's error before any deck), else each deck's nearest file, cached by
    folder and by file. ``resolve_card`` says what a card name in a file means (the pool's
    ``resolve_name``; asked only when a file names cards)."""

    def __init__(
        self,
        resolve_card: Callable[[str], tuple[str | None, list[str]]],
        config_path: Path | None = None,
        include_unconfirmed: bool = False,
    ) -> None:
        self._resolve_card = resolve_card
        self._include_unconfirmed = include_unconfirmed
        self._files: dict[str, Path | None] = {}  # deck folder → its config file
        self._configs: dict[Path | None, FormatConfig] = {}
        self._explicit_path = config_path
        self._explicit = self._with_option(self.read(config_path)) if config_path else None

    def read(self, path: Path) -> FormatConfig:
        """The house rules in one file, as it is (no option applied, no cache)."""
        if not os.path.lexists(path):  # a FIFO, a device, a dangling link exist: reading them says what they are
            raise ConfigError(msg("house-rules.no-such-file", path=path))
        return load_config(path, self._resolve_card, RULE_IDS)

    def for_deck(self, deck_path: Path) -> tuple[FormatConfig, Path | None]:
        """The house rules for a deck at ``deck_path`` and the file they came from (None: the
        recommended rules)."""
        # a string key: a Path's parent and hash cost more than a look-up
        return self._for(os.path.dirname(deck_path), deck_path)

    def _for(self, folder: str, start: Path) -> tuple[FormatConfig, Path | None]:
        """The house rules that apply in ``folder`` (found from ``start``), and their file."""
        if self._explicit is not None:
            return self._explicit, self._explicit_path
        if folder in self._files:
            found = self._files[folder]
        else:
            found = self._files[folder] = find_config(start)
        config = self._configs.get(found)
        if config is None:
            config = self._configs[found] = self._with_option(self.read(found) if found else FormatConfig())
        return config, found

    def for_folder(self, folder: Path) -> tuple[FormatConfig, Path | None]:
        """The house rules of the files in ``folder`` (a command with no deck: the working folder's)."""
        return self._for(str(folder), folder)

    def _with_option(self, config: FormatConfig) -> FormatConfig:
        """The house rules with --include-unconfirmed applied (once per file: one object per file,
        which the rules' and contexts' caches recognise)."""
        if self._include_unconfirmed and not config.include_unconfirmed:
            return config._replace(include_unconfirmed=True)
        return config
