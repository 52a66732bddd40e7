"""What the server takes from the layers below: the card data by ``data.loading`` (the CLI's own
route, with its warning kept for the server's log), and the walk's answer to "is this a decklist?"
for a text in memory (a README open beside the decks stays quiet)."""

from __future__ import annotations

from pathlib import Path


def load(data_dir: Path | None):
    """(pool, regulation, warning or None) of ``data_dir`` (None: $DUEPA_CHECK_DATA or the user data dir)."""
    from ..data.loading import load_card_data

    loaded = load_card_data(data_dir)
    return loaded.pool, loaded.regulation, loaded.warning


def is_decklist(text: str, path: Path, pool) -> bool:
    """Whether the pre-commit hook would check a file ``path`` holding ``text`` (``check.walk``)."""
    from ..check.walk import text_looks_like_decklist

    return text_looks_like_decklist(text, path, pool)
