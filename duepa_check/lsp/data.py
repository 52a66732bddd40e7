"""What the server takes from the layers below for its card data: ``data.loading``'s, the CLI's own
route, with its warning (a data folder named that holds no data) kept for the server's log."""

from __future__ import annotations

from pathlib import Path


def load(data_dir: Path | None):
    """(pool, regulation, warning or None) of ``data_dir`` (None: $DUEPA_CHECK_DATA or the user data dir)."""
    from ..data.loading import load_card_data

    loaded = load_card_data(data_dir)
    return loaded.pool, loaded.regulation, loaded.warning


is_decklist = None
