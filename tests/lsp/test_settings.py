"""Settings from the editor, checked and merged (duepa_check.lsp.settings), without a server."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from duepa_check.lsp.settings import KEYS, ON_SAVE, Settings, merge
from duepa_check.messages import text


def test_each_key_is_read_and_later_settings_lie_over_earlier_ones():
    first, notes = merge(Settings(), {"lang": "ja", "asOf": "2026/03/16", "run": ON_SAVE, "dataDir": "data"})
    assert notes == []
    assert (first.lang, first.as_of, first.run, first.data_dir) == ("ja", date(2026, 3, 16), ON_SAVE, Path("data"))
    second, _ = merge(first, {"duepaCheck": {"lang": "en", "inlayHints": False, "asOf": None}})
    assert (second.lang, second.inlay_hints, second.as_of, second.run) == ("en", False, None, ON_SAVE)


def test_an_unknown_key_or_a_wrong_value_is_one_message_and_the_rest_applies():
    merged, notes = merge(
        Settings(), {"lang": "fr", "onlyDecklist": True, "includeUnconfirmed": "yes", "config": "h.yaml"}
    )
    assert merged == Settings(config=Path("h.yaml"))
    said = [text(note, "en") for note in notes]
    assert said == [
        'settings: "fr" is not a value it takes; ignored'.replace("settings: ", "settings: lang: "),
        f"settings: unknown key 'onlyDecklist' (the keys are {', '.join(KEYS)}); ignored",
        'settings: includeUnconfirmed: "yes" is not a value it takes; ignored',
    ]
    assert all(text(note, "ja") for note in notes)
    assert merge(Settings(), ["lang"])[0] == Settings() and len(merge(Settings(), 3)[1]) == 1
    assert merge(Settings(), None) == (Settings(), [])
