"""One version, said in one place: CHANGELOG.md's newest heading is pyproject.toml's version (and
duepa_check.__version__), and no snippet in the README or docs/ pins a version that was never
released: `rev:`, `uses: …duepa-check@…` and `pip install "git+…duepa-check@…"` name `main`, a
commit, or a version CHANGELOG.md gives a release date."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEADING = re.compile(r"^## (\d+\.\d+\.\d+) — (unreleased|\d{4}-\d{2}-\d{2})$", re.M)
PIN = re.compile(r"(?:duepa-check@|rev:\s*)([\w.<>-]+)")


def changelog() -> list[tuple[str, str]]:
    return HEADING.findall((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))


def test_changelog_names_the_package_version():
    import duepa_check

    versions = changelog()
    assert versions, "CHANGELOG.md: headings '## X.Y.Z — unreleased' or '## X.Y.Z — YYYY-MM-DD'"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert versions[0][0] == project == duepa_check.__version__
    assert all(date != "unreleased" for _, date in versions[1:]), "only the newest version may be unreleased"


def pins() -> list[tuple[str, str]]:
    found = []
    for path in [ROOT / "README.md", ROOT / "README.ja.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for pin in PIN.findall(line):
                found.append((f"{path.relative_to(ROOT)}:{number}", pin))
    return found


def test_every_pinned_version_exists():
    released = {f"v{version}" for version, date in changelog() if date != "unreleased"}
    found = pins()
    assert len(found) >= 8  # the Action, the workflows and the pre-commit snippets, in both languages
    for where, pin in found:
        if pin in ("<sha>", "main") or re.fullmatch(r"[0-9a-f]{40}", pin):
            continue
        assert pin in released, f"{where}: pins {pin}, which CHANGELOG.md does not list as released"


def test_the_pins_of_today_would_have_caught_v0_1_0():
    """The snippets pinned v0.1.0, a tag that was never pushed: the check above refuses it."""
    released = {f"v{version}" for version, date in changelog() if date != "unreleased"}
    assert "v0.1.0" not in released
