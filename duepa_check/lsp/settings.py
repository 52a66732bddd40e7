"""The server's settings: what an editor may set, checked and merged.

They come as ``initializationOptions`` (the settings object itself), then ``workspace/configuration``
for the section ``duepaCheck`` when the client offers it, then ``workspace/didChangeConfiguration``;
each later one is laid over the earlier (Neovim sends its ``settings`` only the second way). An
unknown key or a value of the wrong type is one log line and left out; the rest still applies.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any, NamedTuple

from ..data.dates import parse_day
from ..messages import LANGUAGES, Msg, msg

SECTION = "duepaCheck"
ON_TYPE, ON_SAVE = "onType", "onSave"


class Settings(NamedTuple):
    lang: str | None = None  # None: the command's language (--lang, $DUEPA_CHECK_LANG, the locale)
    as_of: date | None = None  # None: today, at each check
    config: Path | None = None  # these house rules for every document (else each one's nearest)
    data_dir: Path | None = None  # updated card data (else $DUEPA_CHECK_DATA or the user data dir)
    include_unconfirmed: bool = False
    run: str = ON_TYPE  # onType: check on each change (small documents); onSave: on open and save
    only_decklists: bool = True  # a text that is no decklist (a README) gets no diagnostics
    inlay_hints: bool = True


def _language(value: Any) -> str | None:
    return value if value in LANGUAGES else None


def _day(value: Any) -> date | None:
    return parse_day(value) if isinstance(value, str) else None


def _path(value: Any) -> Path | None:
    return Path(value).expanduser() if isinstance(value, str) and value and "\0" not in value else None


def _boolean(value: Any) -> bool | None:
    return value if isinstance(value, bool) else None


def _run(value: Any) -> str | None:
    return value if value in (ON_TYPE, ON_SAVE) else None


# key an editor writes -> (field, how a value is read: None when it is of the wrong type)
KEYS: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "lang": ("lang", _language),
    "asOf": ("as_of", _day),
    "config": ("config", _path),
    "dataDir": ("data_dir", _path),
    "includeUnconfirmed": ("include_unconfirmed", _boolean),
    "run": ("run", _run),
    "onlyDecklists": ("only_decklists", _boolean),
    "inlayHints": ("inlay_hints", _boolean),
}


def merge(settings: Settings, given: Any) -> tuple[Settings, list[Msg]]:
    """``settings`` with the keys of ``given`` laid over them, and a message for each left out. A
    ``{"duepaCheck": {...}}`` wrapper (as some clients send didChangeConfiguration) is looked into;
    ``null`` for a key puts it back to its default."""
    if isinstance(given, dict) and set(given) == {SECTION}:
        given = given[SECTION]
    if given is None:
        return settings, []
    if not isinstance(given, dict):
        return settings, [msg("lsp.settings.not-an-object", value=_shown(given))]
    changes: dict[str, Any] = {}
    notes = []
    for key, value in given.items():
        known = KEYS.get(key)
        if known is None:
            notes.append(msg("lsp.settings.unknown-key", key=str(key)[:80], keys=", ".join(KEYS)))
            continue
        field, read = known
        if value is None:
            changes[field] = Settings._field_defaults[field]
            continue
        read_value = read(value)
        if read_value is None:
            notes.append(msg("lsp.settings.wrong-value", key=key, value=_shown(value)))
            continue
        changes[field] = read_value
    return settings._replace(**changes), notes


def _shown(value: Any) -> str:
    import json

    try:
        shown = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        shown = repr(value)
    return shown if len(shown) <= 80 else shown[:79] + "…"
