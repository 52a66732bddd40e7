"""The data dir: option, environment, then the platform's convention (platformdirs')."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from duepa_check.data.userdata import resolve_data_dir, user_data_dir


def test_option_wins_over_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("DUEPA_CHECK_DATA", str(tmp_path / "env"))
    assert resolve_data_dir(tmp_path / "option") == tmp_path / "option"
    assert resolve_data_dir(None) == tmp_path / "env"


@pytest.mark.parametrize("xdg", [None, "/tmp/xdg-data"])
def test_default_is_what_platformdirs_says(monkeypatch, xdg):
    monkeypatch.delenv("DUEPA_CHECK_DATA", raising=False)
    if xdg is None:
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_DATA_HOME", xdg)
    assert resolve_data_dir(None) == user_data_dir() == Path(platformdirs.user_data_dir("duepa-check"))


def test_in_a_web_page_the_data_dir_is_home_in_memory_and_platformdirs_is_not_needed(monkeypatch, tmp_path):
    """Pyodide reports ``emscripten``: its home is the in-memory file system and the page ships no
    platformdirs. The data dir is then the XDG one there, and loading the card data reads the
    embedded data without importing platformdirs or writing anything."""
    import sys

    from duepa_check.data.loading import load_card_data

    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(sys.modules, "platformdirs", None)  # import platformdirs: ImportError
    monkeypatch.delenv("DUEPA_CHECK_DATA", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert user_data_dir() == tmp_path / "home" / ".local" / "share" / "duepa-check"
    data = load_card_data(None)
    assert (data.source, data.warning) == ("embedded", None)
    assert data.pool.lookup("ボルシャック・ドラゴン").card is not None
    assert not (tmp_path / "home").exists()
