"""The network steps of a run: list the search, fetch card pages, read the regulation page."""

from __future__ import annotations

import math
from urllib.parse import quote

from .. import official_site
from ..official_site import PageError
from .client import SiteClient
from .common import DETAIL_PATH, LIST_PATH, REGULATION_PATH, Progress, UpdateError
from .state import RunState


def list_cards(client: SiteClient, state: RunState, known: set[str], progress: Progress) -> None:
    """Page through the search, newest first, until known ground (or the end, with --full)."""
    seen = set(state.listed_ids())
    while not state.list_done:
        number = state.next_page
        url = client.url(LIST_PATH)
        html = client.post(LIST_PATH, {"pagenum": str(number), "samename": "show", "sort": "release_new"})
        try:
            page = official_site.parse_list_page(html)
        except PageError as error:
            raise UpdateError(f"update: {url} page {number}: {error}") from None
        fresh = [i for i in page.ids if i not in seen]
        seen.update(page.ids)
        state.append({"page": number, "ids": page.ids, "total": page.total})
        per_page = len(state.pages.get(1) or page.ids) or 1
        pages = math.ceil(page.total / per_page) if page.total else number
        progress(number, max(pages, number), f"list page {number}")
        at_known_ground = not state.full and all(i in known for i in page.ids)
        past_the_end = not fresh or (page.total is not None and len(seen) >= page.total) or number >= pages + 2
        if at_known_ground or past_the_end:
            state.append({"list_done": True})


def ids_to_fetch(state: RunState, known: set[str] | None = None) -> list[str]:
    """Listed ids still without a record, newest first (all of them with --full).

    ``known`` holds the ids whose card facts are complete already; a listed card the embedded
    data has only a name for is fetched, so updates fill those gaps as they pass them.
    """
    skip = set(state.records) | state.missing
    if not state.full and known:
        skip |= known
    return [i for i in state.listed_ids() if i not in skip]


def fetch_cards(client: SiteClient, state: RunState, progress: Progress, known: set[str] | None = None) -> None:
    pending = ids_to_fetch(state, known)
    done_before = len(state.records)
    total = done_before + len(pending)
    for number, card_id in enumerate(pending, start=1):
        path = f"{DETAIL_PATH}?id={quote(card_id, safe='-_.')}"
        html = client.get(path)
        if html is None:
            state.append({"missing": card_id})
            continue
        try:
            detail = official_site.parse_detail_page(html, card_id)
        except PageError as error:
            raise UpdateError(f"update: {client.url(path)}: {error} (has the site's markup changed?)") from None
        state.append(
            {"id": card_id, "card": detail.card.to_json(), "not_for_official_play": detail.not_for_official_play}
        )
        progress(done_before + number, total, detail.card.name)


def fetch_regulation(client: SiteClient, progress: Progress) -> official_site.RegulationPage:
    progress(0, 1, "regulation")
    html = client.get(REGULATION_PATH)
    if html is None:
        raise UpdateError(f"update: {client.url(REGULATION_PATH)} answered 404 Not Found")
    try:
        return official_site.parse_regulation_page(html)
    except PageError as error:
        raise UpdateError(f"update: {client.url(REGULATION_PATH)}: {error}") from None
