"""`python -m duepa_check` from a clone's root reads the card data of the clone (issue 47, §3).

After the README's `pip install .`, a command run from the clone's root imports the package of the
clone, not the installed one, and the clone keeps its data in `card_data/` beside the package
(pyproject.toml maps it into the wheel). The fallback looked inside the package folder and stopped
at "cannot read card data". Here the clone is copied without any installed mapping of its data.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The package alone, as a clone's root has it: no installed finder maps duepa_check.card_data.
RUN_AS_A_CLONE = (
    "import sys, runpy\n"
    "sys.meta_path = [f for f in sys.meta_path if 'editable' not in repr(f).lower()]\n"
    "sys.argv = ['duepa-check', *sys.argv[1:]]\n"
    "runpy.run_module('duepa_check', run_name='__main__')\n"
)


def test_python_m_duepa_check_runs_from_a_clones_root(tmp_path):
    clone = tmp_path / "duepa-check"
    shutil.copytree(ROOT / "duepa_check", clone / "duepa_check", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "card_data", clone / "card_data", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "tests" / "fixtures" / "decks", clone / "decks")
    environment = {**os.environ, "PYTHONPATH": str(clone)}
    done = subprocess.run(
        [sys.executable, "-c", RUN_AS_A_CLONE, "decks/DM23-BD4.txt", "--as-of", "2026-03-16"],
        cwd=clone,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=environment,
    )
    assert done.returncode == 0, done.stderr
    assert "cannot read card data" not in done.stderr and "✔ legal" in done.stdout
