"""What the server takes from the layers below, in one place: the card data and whether a text is
a decklist."""

from __future__ import annotations

from pathlib import Path


def load(data_dir: Path | None):
    """The card pool and the regulation (TEMP until the data-loading seam lands)."""
    from ..data.pool import CardPool
    from ..data.regulation import load_current
    from ..data.userdata import data_folder, resolve_data_dir

    folder = data_folder(resolve_data_dir(data_dir))
    return CardPool.load(folder), load_current(folder)


is_decklist = None
