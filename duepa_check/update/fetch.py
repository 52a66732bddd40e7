"""The network steps of a run: list the search, fetch card pages, read the regulation page."""

from __future__ import annotations

import json
import math
from urllib.parse import quote

from .. import official_site
from ..messages import Msg, msg
from ..official_site import DETAIL_PATH, PageError
from .client import SiteClient
from .common import LIST_PATH, REGULATION_PATH, Progress, UpdateError
from .state import RunState

# The search as the site's own pages ask for it: GET /card/?v=<JSON>, newest first, every printing.
LIST_QUERY: dict[str, str | list[str]] = {
    "suggest": "on",
    "keyword": "",
    "keyword_type": ["card_name", "card_ruby", "card_text"],
    "culture_cond": ["単色", "多色"],
    "pagenum": "1",
    "samename": "show",
    "sort": "release_new",
}
VIA_GET = "get"
VIA_POST = "post"  # the older search form, still read when a site answers it
MAX_LIST_PAGES = 2000  # about four times the whole card search today: a list that never ends stops


def list_path(number: int) -> str:
    """``/card/?v=…`` for one page of the search."""
    query = dict(LIST_QUERY, pagenum=str(number))
    return LIST_PATH + "?v=" + quote(json.dumps(query, ensure_ascii=False, separators=(",", ":")), safe="")


def _parse_list(client: SiteClient, html: str, number: int) -> official_site.ListPage:
    try:
        return official_site.parse_list_page(html)
    except PageError as error:
        raise UpdateError(
            msg("update.error.list-page", url=client.url(LIST_PATH), number=number, error=error.message)
        ) from None


def post_form(number: int) -> list[tuple[str, str]]:
    """The older search form: the same search as ``list_path``, lists as repeated ``key[]`` fields."""
    form: list[tuple[str, str]] = []
    for key, value in dict(LIST_QUERY, pagenum=str(number)).items():
        values = value if isinstance(value, list) else [value]
        form.extend((f"{key}[]" if isinstance(value, list) else key, item) for item in values)
    return form


def _post_page(client: SiteClient, number: int) -> official_site.ListPage:
    html = client.post(LIST_PATH, post_form(number))
    return _parse_list(client, html, number)


def fetch_list_page(client: SiteClient, number: int, via: str | None) -> tuple[official_site.ListPage, str]:
    """One page of the search and how it was asked for.

    The first page of a run tries GET ``?v=`` and falls back to the old POST form when the GET
    is refused (4xx) or holds no card link; later pages ask the way the first one worked. A
    later GET page the site does not have (404) is an empty page: the end of the list.
    """
    if via == VIA_POST:
        return _post_page(client, number), VIA_POST
    if via == VIA_GET:
        html = client.get(list_path(number))
        empty = official_site.ListPage(ids=[], total=None)
        return (_parse_list(client, html, number) if html is not None else empty), VIA_GET
    html = client.get_if_served(list_path(number))
    page = None
    if html is not None:
        try:
            page = official_site.parse_list_page(html)
        except PageError:
            page = None
    if page is not None and page.ids:
        return page, VIA_GET
    try:
        return _post_page(client, number), VIA_POST
    except UpdateError:
        if page is not None:  # a real list page that is empty, and no old form either
            return page, VIA_GET
        raise


def list_cards(client: SiteClient, state: RunState, known: set[str], progress: Progress) -> None:
    """Page through the search, newest first, until known ground (or the end, with --full).

    Ids are compared by ``official_site.base_id``: the site's dm26ex3-006 is the pool's
    dm26ex3-006a/b. The list ends at a page of known cards (unless ``full``), at a page that
    brings no new id, when the total is reached, or after ``MAX_LIST_PAGES`` (an error).
    """
    known_keys = {official_site.base_id(i) for i in known}
    seen = {official_site.base_id(i) for i in state.listed_ids()}
    while not state.list_done:
        number = state.next_page
        if number > MAX_LIST_PAGES:
            raise UpdateError(msg("update.error.list-endless", url=client.url(LIST_PATH), most=MAX_LIST_PAGES))
        page, via = fetch_list_page(client, number, state.listing)
        keys = [official_site.base_id(i) for i in page.ids]
        fresh = [k for k in keys if k not in seen]
        seen.update(keys)
        state.append({"page": number, "ids": page.ids, "total": page.total, "via": via})
        per_page = len(state.pages.get(1) or page.ids) or 1
        pages = math.ceil(page.total / per_page) if page.total else number
        progress(number, max(pages, number), Msg("update.progress.list-page", {"page": number}))
        at_known_ground = not state.full and all(k in known_keys for k in keys)
        past_the_end = not fresh or (page.total is not None and len(seen) >= page.total) or number >= pages + 2
        if at_known_ground or past_the_end:
            state.append({"list_done": True})


def ids_to_fetch(state: RunState, known: set[str] | None = None) -> list[str]:
    """Listed ids still without a record, newest first (all of them with --full).

    ``known`` holds the ids whose card facts are complete already; a listed card the embedded
    data has only a name for is fetched, so updates fill those gaps as they pass them.
    """
    skip = {official_site.base_id(i) for i in (*state.records, *state.missing)}
    if not state.full and known:
        skip |= {official_site.base_id(i) for i in known}
    wanted: dict[str, str] = {}
    for card_id in state.listed_ids():
        wanted.setdefault(official_site.base_id(card_id), card_id)  # one fetch per card, its first id
    return [card_id for key, card_id in wanted.items() if key not in skip]


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
            raise UpdateError(msg("update.error.markup", url=client.url(path), error=error.message)) from None
        state.append(
            {"id": card_id, "card": detail.card.to_json(), "not_for_official_play": detail.not_for_official_play}
        )
        progress(done_before + number, total, detail.card.name)


def fetch_regulation(client: SiteClient, progress: Progress) -> official_site.RegulationPage:
    progress(0, 1, Msg("update.progress.regulation", {}))
    html = client.get(REGULATION_PATH)
    if html is None:
        raise UpdateError(msg("update.error.status", url=client.url(REGULATION_PATH), status="404 Not Found"))
    try:
        return official_site.parse_regulation_page(html)
    except PageError as error:
        raise UpdateError(msg("update.error.at", url=client.url(REGULATION_PATH), problem=error.message)) from None
