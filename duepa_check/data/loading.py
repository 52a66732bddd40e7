"""Loading the card data a run uses: the pool, the regulation, and a label saying exactly where
they came from. One function for every front end (the CLI's commands, the language server), which
each say its warning their own way (a stderr line, a log message)."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from ..messages import Msg, msg
from .pool import CardPool
from .regulation import Regulation, load_current


class CardData(NamedTuple):
    """What ``load_card_data`` loaded, and ``warning``: a data dir the user named (option or
    environment) that holds no data, or a default one that cannot be used; the run goes on with the
    embedded data, and ``source`` says so."""

    pool: CardPool
    regulation: Regulation
    source: str | Msg  # "embedded", the user data dir, or a Msg naming which part came from where
    warning: Msg | None = None


def load_card_data(data_dir: Path | None, *, embedded: bool = False) -> CardData:
    """The card pool and regulation of ``data_dir`` (--data-dir; None: $DUEPA_CHECK_DATA, else the
    user data dir), with the embedded data behind them; ``embedded``: the embedded data alone, no
    data dir asked (a web page has none: new data there is a new build of the site)."""
    if embedded:
        from .userdata import EMBEDDED

        return CardData(CardPool.load(None), load_current(None), EMBEDDED)
    from .userdata import (
        data_dir_given,
        data_folder,
        data_source_label,
        missing_data_warning,
        resolve_data_dir,
        unusable_default,
    )

    directory = resolve_data_dir(data_dir)
    unusable = None if data_dir_given(data_dir) else unusable_default(directory)
    folder = data_folder(directory) if unusable is None else None
    warning = None
    if folder is None and (data_dir_given(data_dir) or unusable is not None):
        warning = (
            missing_data_warning(directory)
            if unusable is None
            else msg("data-dir.default-unusable", path=directory, why=unusable)
        )
    pool = CardPool.load(folder)
    regulation = load_current(folder)
    regulation_from_user = folder is not None and regulation.path is not None and regulation.path.parent == folder
    source = data_source_label(directory, cards=len(pool.shards) > 1, regulation=regulation_from_user)
    return CardData(pool, regulation, source, warning)
