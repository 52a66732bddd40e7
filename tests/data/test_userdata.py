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
