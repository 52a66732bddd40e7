"""Refresh the card pool and the 殿堂 regulation from the official site (``duepa-check update``).

The run, step by step:

1. list the card search newest first (GET ``/card/?v=<JSON>``, or the older POST form when a
   site answers only that) until a whole page holds only cards we already know (``full`` lists
   everything); ids are compared without the a/b side suffix;
2. fetch the detail page of every card not known yet, one at a time, politely;
3. read the regulation page and turn it into dated 殿堂 events;
4. build the new overlay (cards.jsonl + index.tsv + regulation.yaml) in a new folder of the
   data directory, validate it, and switch the ``current`` pointer to it in one rename
   (``install.py``).

The whole run holds a lock on the data directory (a second update stops, saying so). Every
step appends to a small log beside the data (``update-state.jsonl``), so an interrupted run
resumes where it stopped; that log is the only thing a failed or interrupted run writes, and
the data in use stays byte for byte as it was. The client is bounded in time and memory
(``client.py``): a hostile or broken site ends the run with one line, never a hang.

This is the only package that talks to the network, and it imports ``requests`` only when a
client is built, so importing it (for ``resolve_data_dir``) keeps the checker's start-up lean.

The package, one module per step: ``client`` (HTTP), ``state`` (the resumable log), ``fetch``
(listing and card pages), ``merge`` (previous data, cards, regulation), ``install`` (build,
validate, swap) and ``summary`` (what happened, as text). ``run_update`` is the one entry point.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..data.userdata import resolve_data_dir  # noqa: F401  (part of this module's API for the CLI)
from ..messages import Msg, msg
from .client import (  # noqa: F401  (re-exported)
    DEFAULT_SOURCE,
    MAX_TIME,
    MIN_DELAY,
    USER_AGENT,
    SiteClient,
    check_pacing,
    new_session,
    parse_source,
)
from .common import Progress, UpdateError, UpdateInterrupted  # noqa: F401  (re-exported)
from .fetch import fetch_cards, fetch_regulation, ids_to_fetch, list_cards  # noqa: F401
from .install import (  # noqa: F401
    DataDirLock,
    build_overlay,
    check_data_dir,
    clean_leftovers,
    install_overlay,
    installed_run,
    make_data_dir,
    swap_in,
    validate_overlay,
)
from .merge import Previous, load_previous, merge_cards, merge_regulation, merged_combos  # noqa: F401
from .state import STATE_FILE, RunState  # noqa: F401
from .summary import StatusChange, UpdateSummary, names_msg, render_summary  # noqa: F401

if TYPE_CHECKING:  # pragma: no cover - typing only
    import requests


def run_update(
    source: str,
    data_dir: Path,
    full: bool = False,
    delay: float = MIN_DELAY,
    on_progress: Progress | None = None,
    session: requests.Session | None = None,
    max_time: float = MAX_TIME,
) -> UpdateSummary:
    """Fetch what is new on the site and switch the refreshed overlay into ``data_dir``.

    Raises UpdateError (one line) on any failure, with the previous data left as it was;
    Ctrl-C raises UpdateInterrupted (a KeyboardInterrupt) whose message says what was kept.
    """
    public = parse_source(source).url  # credentials are used, never recorded or shown
    check_pacing(delay, max_time)
    data_dir = Path(data_dir)
    progress = on_progress or (lambda done, total, label: None)
    check_data_dir(data_dir)
    make_data_dir(data_dir)
    with DataDirLock(data_dir):
        before = installed_folder(data_dir)
        state: RunState | None = None
        try:
            cleaned = clean_leftovers(data_dir)
            previous = load_previous(data_dir)
            try:
                state = RunState.open(data_dir, public, full, installed_run(data_dir))
            except OSError as error:
                raise UpdateError(
                    msg("update.error.cannot-write-to", path=data_dir, why=str(error.strerror or error))
                ) from None
            client = SiteClient(source, session or new_session(), delay=delay, max_time=max_time)
            summary = UpdateSummary(data_dir=data_dir, source=public, resumed=state.resumed)
            if cleaned:
                summary.notes.append(Msg("update.note.cleaned", {"names": names_msg(cleaned)}))
            try:
                list_cards(client, state, previous.known_ids, progress)
                fetch_cards(client, state, progress, previous.complete_ids)
                page = fetch_regulation(client, progress)
            except UpdateError as error:
                raise UpdateError(
                    msg("update.error.stopped", error=error.message, resume=_resume_hint(state))
                ) from None
            except OSError as error:
                raise UpdateError(
                    msg("update.error.cannot-write", path=state.path, why=str(error.strerror or error))
                ) from None
            if not state.listed_ids():  # nothing to install: the data must not be called updated
                raise UpdateError(msg("update.error.none-listed", pages=len(state.pages)))
            if not state.records and state.missing:
                raise UpdateError(msg("update.error.none-fetched", count=len(state.missing)))
            summary.pages_listed = len(state.pages)
            summary.cards_fetched = len(state.records)
            if state.missing:
                summary.notes.append(
                    Msg("update.note.missing", {"count": len(state.missing), "names": names_msg(sorted(state.missing))})
                )
            cards = merge_cards(state, previous, summary)
            regulation = merge_regulation(page, data_dir, public, cards, summary)
            install_overlay(data_dir, cards, regulation, public, previous, run=state.run)
        except KeyboardInterrupt:
            raise UpdateInterrupted(_interrupted(data_dir, before, state)) from None
    progress(1, 1, Msg("update.progress.done", {}))
    return summary


def installed_folder(data_dir: Path) -> str | None:
    """The data folder in use now (to tell, after an interruption, whether the switch happened)."""
    from ..data.userdata import DataDirError, read_pointer

    try:
        pointer = read_pointer(data_dir)
    except DataDirError:
        return None
    return str(pointer["folder"]) if pointer else None


def _interrupted(data_dir: Path, before: str | None, state: RunState | None) -> Msg:
    if installed_folder(data_dir) != before:
        return msg("update.interrupted.installed", path=data_dir)
    kept = msg("update.interrupted.kept", count=len(state.records), path=state.path) if state and state.records else ""
    return msg("update.interrupted", path=data_dir, kept=kept)


def _resume_hint(state: RunState) -> Msg | str:
    if state.records:
        return msg("update.error.resume", count=len(state.records), path=state.path)
    return ""
