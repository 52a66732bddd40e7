"""The repository's own .pre-commit-config.yaml (issue 50): ruff and ruff-format at the version the
test extra pins, mypy, and our own duepa-check hook over tests/fixtures/decks/, which passes. The hook is
run here as pre-commit would run it (its entry, on the tracked files its pattern selects), without
pre-commit itself: installing the ruff hook needs the network."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
CONFIG = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))


def hooks() -> dict[str, dict]:
    return {
        hook["id"]: {**hook, "repo": repo["repo"], "rev": repo.get("rev")}
        for repo in CONFIG["repos"]
        for hook in repo["hooks"]
    }


def test_ruff_ruff_format_the_type_checker_and_our_hook_are_there():
    assert {"ruff", "ruff-format", "mypy", "duepa-check"} <= set(hooks())


def test_the_ruff_hook_is_the_ruff_the_tests_pin():
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    pinned = next(spec.split("==")[1].split()[0] for spec in extra["test"] if spec.startswith("ruff=="))
    assert hooks()["ruff"]["rev"] == hooks()["ruff-format"]["rev"] == f"v{pinned}"


def test_our_hook_passes_on_the_example_decks():
    hook = hooks()["duepa-check"]
    tracked = sorted(path for path in (ROOT / "tests" / "fixtures" / "decks").iterdir() if path.is_file())
    files = [str(path.relative_to(ROOT)) for path in tracked if re.search(hook["files"], str(path.relative_to(ROOT)))]
    assert len(files) >= 6
    command = shlex.split(hook["entry"])
    assert command[0] == "duepa-check"
    done = subprocess.run(
        [sys.executable, "-m", "duepa_check", *command[1:], *files],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
