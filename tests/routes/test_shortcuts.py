"""The switch that sends every shortcut down its general route (duepa_check/shortcuts.py)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from duepa_check import shortcuts


@pytest.mark.parametrize(
    ("value", "off"),
    [
        ("", frozenset()),
        ("0", frozenset()),
        (" 1 ", frozenset(shortcuts.NAMES)),
        ("usual_deck", frozenset({"usual_deck"})),
        ("usual_deck, facts_bin", frozenset({"usual_deck", "facts_bin"})),
    ],
)
def test_the_switch_value_names_what_it_turns_off(value, off):
    assert shortcuts._off(value) == off


def test_every_shortcut_is_a_flag_and_in_the_registry():
    for name in shortcuts.NAMES:
        assert isinstance(getattr(shortcuts, name), bool), name
        assert f"\n{name} " in shortcuts.__doc__, f"{name} is not in the registry of shortcuts.py's docstring"


def test_the_switch_is_read_at_start_up():
    code = "from duepa_check import shortcuts; print(sorted(n for n in shortcuts.NAMES if getattr(shortcuts, n)))"
    for value, expected in (("1", "[]"), ("", repr(sorted(shortcuts.NAMES)))):
        env = {**os.environ, "DUEPA_CHECK_NO_SHORTCUTS": value}
        shown = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        assert shown.stdout.strip() == expected
