"""Properties of the matching key: how a name is typed must not change which card it means."""

from __future__ import annotations

import subprocess
import sys
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from duepa_check.names import name_key

NAMES = st.text(
    alphabet=st.sampled_from(list("ボルシャックドラゴン・／ー〜「」！ABCxyz 0123あいう")), min_size=1, max_size=30
)


@settings(max_examples=300, deadline=None)
@given(NAMES)
def test_key_is_idempotent(name):
    assert name_key(name_key(name)) == name_key(name)


@settings(max_examples=300, deadline=None)
@given(NAMES)
def test_brackets_spaces_and_width_do_not_change_the_key(name):
    full_width = "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in name)
    assert name_key(f"《{name}》") == name_key(name)
    assert name_key(f"  {name}\u3000") == name_key(name)
    assert name_key(full_width) == name_key(name)
    assert name_key(unicodedata.normalize("NFKD", name)) == name_key(name)


def test_python_dash_m_runs_the_cli():
    done = subprocess.run([sys.executable, "-m", "duepa_check", "--version"], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.startswith("duepa-check ")
