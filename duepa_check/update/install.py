"""Build the new overlay beside the data directory, validate it, and swap it in."""

from __future__ import annotations

import os
import shutil
import tempfile
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from .. import cards as cards_module
from ..cards import CARDS_FILE, INDEX_FILE, Card, CardDataError, CardPool, write_card_data
from .common import LIST_PATH, REGULATION_FILE, REGULATION_PATH, UpdateError
from .merge import Previous
from .state import STATE_FILE

if TYPE_CHECKING:  # pragma: no cover - typing only
    from ..regulation import Regulation

SHRINK_LIMIT = 0.03  # the merged pool may not lose more than 3 % of its cards
OWNED_FILES = frozenset({CARDS_FILE, INDEX_FILE, REGULATION_FILE, STATE_FILE})


# --- where the data lives ---------------------------------------------------------------


def check_data_dir(data_dir: Path) -> None:
    """Refuse a directory that holds anything but our files: the swap replaces it whole."""
    if data_dir.exists() and not data_dir.is_dir():
        raise UpdateError(f"update: {data_dir} is not a directory; nothing changed")
    if data_dir.resolve() == cards_module.embedded_data_dir().resolve():
        raise UpdateError(f"update: {data_dir} is the card data shipped with duepa-check; choose another --data-dir")
    if data_dir.is_dir():
        foreign = sorted(p.name for p in data_dir.iterdir() if p.name not in OWNED_FILES and not p.name.endswith(".tmp"))
        if foreign:
            raise UpdateError(
                f"update: {data_dir} holds files that are not duepa-check data ({foreign[0]}); "
                "choose an empty or new --data-dir; nothing changed"
            )


# --- build, validate, swap --------------------------------------------------------------


def install_overlay(data_dir: Path, cards: list[Card], regulation: Regulation | None, source: str, previous: Previous) -> None:
    """Build the overlay beside ``data_dir``, validate it, then swap it in; on failure remove it."""
    data_dir.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{data_dir.name}.new-", dir=data_dir.parent))
    try:
        build_overlay(staging, cards, regulation, source)
        validate_overlay(staging, len(cards), previous)
        swap_in(staging, data_dir)
    except (UpdateError, CardDataError, OSError) as error:
        message = str(error) if str(error).startswith("update:") else f"update: {error}"
        raise UpdateError(f"{message}; nothing changed") from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def build_overlay(staging: Path, cards: list[Card], regulation: Regulation | None, source: str) -> None:
    header = {"sources": [source + LIST_PATH], "updated": date.today().isoformat(), "kind": "update"}
    write_card_data(cards, header, staging)
    if regulation is not None:
        from ..regulation import dump_regulation

        note = f"Written by duepa-check update from {source}{REGULATION_PATH}; the next update rewrites it."
        (staging / REGULATION_FILE).write_text(dump_regulation(regulation, note), encoding="utf-8", newline="\n")


def validate_overlay(staging: Path, expected: int, previous: Previous) -> None:
    """Every record loads, the merged pool did not shrink by more than 3 %, the regulation loads."""
    loaded = list(CardPool([staging]))
    if len(loaded) != expected:
        raise UpdateError(f"update: the new card data holds {len(loaded)} cards, expected {expected}")
    after = len({c.name for c in loaded} | set(previous.embedded))
    before = previous.pool_size
    if before and after < before * (1 - SHRINK_LIMIT):
        raise UpdateError(f"update: the card pool would shrink from {before} to {after} cards")
    if (staging / REGULATION_FILE).is_file():
        from ..regulation import RegulationError, load_regulation

        try:
            load_regulation(staging / REGULATION_FILE)
        except RegulationError as error:
            raise UpdateError(f"update: the new regulation data does not load ({error})") from None


def swap_in(staging: Path, target: Path) -> None:
    """Two renames: the old directory aside, the new one into place; then the old one goes."""
    if not target.exists():
        os.rename(staging, target)
        return
    aside = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=target.parent))
    aside.rmdir()
    os.rename(target, aside)
    try:
        os.rename(staging, target)
    except BaseException:
        os.rename(aside, target)
        raise
    shutil.rmtree(aside, ignore_errors=True)
