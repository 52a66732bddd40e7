"""Refresh the card pool and the 殿堂 regulation from the official site (``duepa-check update``).

The run, step by step:

1. list the card search newest first (GET ``/card/?v=<JSON>``, or the older POST form when a
   site answers only that) until a whole page holds only cards we already know (``full`` lists
   everything); ids are compared without the a/b side suffix;
2. fetch the detail page of every card not known yet, one at a time, politely;
3. read the regulation page and turn it into dated 殿堂 events;
4. build the new overlay (cards.jsonl + index.tsv + regulation.yaml) in a staging directory
   beside the data directory, validate it, and swap it in with two renames.

Every step appends to a small log in the data directory (``update-state.jsonl``), so an
interrupted run resumes where it stopped. Until the swap nothing else in the data directory
changes: a failure of any kind leaves the previous data byte for byte as it was.

This is the only package that talks to the network, and it imports ``requests`` only when a
client is built, so importing it (for ``resolve_data_dir``) keeps the checker's start-up lean.

The package, one module per step: ``client`` (HTTP), ``state`` (the resumable log), ``fetch``
(listing and card pages), ``merge`` (previous data, cards, regulation), ``install`` (build,
validate, swap) and ``summary`` (what happened, as text). ``run_update`` is the one entry point.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..userdata import resolve_data_dir  # noqa: F401  (part of this module's API for the CLI)
from .client import (  # noqa: F401  (re-exported)
    DEFAULT_SOURCE,
    MIN_DELAY,
    USER_AGENT,
    SiteClient,
    new_session,
)
from .common import Progress, UpdateError  # noqa: F401  (re-exported)
from .fetch import fetch_cards, fetch_regulation, ids_to_fetch, list_cards  # noqa: F401
from .install import build_overlay, check_data_dir, install_overlay, swap_in, validate_overlay  # noqa: F401
from .merge import Previous, load_previous, merge_cards, merge_regulation, merged_combos  # noqa: F401
from .state import STATE_FILE, RunState  # noqa: F401
from .summary import StatusChange, UpdateSummary, _names, render_summary  # noqa: F401

if TYPE_CHECKING:  # pragma: no cover - typing only
    import requests


def run_update(
    source: str,
    data_dir: Path,
    full: bool = False,
    delay: float = MIN_DELAY,
    on_progress: Progress | None = None,
    session: requests.Session | None = None,
) -> UpdateSummary:
    """Fetch what is new on the site and swap the refreshed overlay into ``data_dir``.

    Raises UpdateError (one line) on any failure, with the previous data left as it was;
    a KeyboardInterrupt is re-raised after the same clean-up.
    """
    source = normalise_source(source)
    data_dir = Path(data_dir)
    progress = on_progress or (lambda done, total, label: None)
    check_data_dir(data_dir)
    previous = load_previous(data_dir)
    try:
        state = RunState.open(data_dir, source, full)
    except OSError as error:
        raise UpdateError(f"update: cannot write to {data_dir} ({error.strerror or error}); nothing changed") from None
    client = SiteClient(source, session or new_session(), delay=delay)
    summary = UpdateSummary(data_dir=data_dir, source=source, resumed=state.resumed)
    try:
        list_cards(client, state, previous.known_ids, progress)
        fetch_cards(client, state, progress, previous.complete_ids)
        page = fetch_regulation(client, progress)
    except UpdateError as error:
        raise UpdateError(f"{error}; stopped, nothing changed{_resume_hint(state)}") from None
    except OSError as error:
        raise UpdateError(f"update: cannot write {state.path} ({error.strerror or error}); nothing changed") from None
    summary.pages_listed = len(state.pages)
    summary.cards_fetched = len(state.records)
    if state.missing:
        summary.notes.append(f"{len(state.missing)} listed cards answered 404 and were skipped: {_names(sorted(state.missing))}")
    cards = merge_cards(state, previous, summary)
    regulation = merge_regulation(page, data_dir, source, cards, summary)
    install_overlay(data_dir, cards, regulation, source, previous)
    progress(1, 1, "done")
    return summary


def normalise_source(source: str) -> str:
    source = (source or DEFAULT_SOURCE).strip().rstrip("/")
    if not source.startswith(("http://", "https://")):
        raise UpdateError(f"update: --source {source!r} is not an http(s) URL")
    return source


def _resume_hint(state: RunState) -> str:
    if state.records:
        return f" ({len(state.records)} cards fetched so far are kept; run update again to resume)"
    return ""
