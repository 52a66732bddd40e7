"""tools/build_site.py: the docs' deployment recipe runs as written (offline, from the download
cache), and building twice gives the same bytes (issue 53: the build is reproducible)."""

from __future__ import annotations

import re
import subprocess
import sys

from web_support import ROOT


def _recipe_steps() -> list[str]:
    page = (ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    workflow = re.search(r"```yaml\n(.*?)```", page, re.S).group(1)
    return [line.split("- run:", 1)[1].strip() for line in workflow.splitlines() if "- run:" in line]


def test_the_recipe_builds_the_same_site_again(site, tmp_path):
    steps = _recipe_steps()
    assert steps == ["python tools/build_site.py site"]
    for step in steps:
        command = step.split()
        command[0:2] = [sys.executable, str(ROOT / "tools" / "build_site.py")]
        done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
    assert re.search(r"^ *[\d,]+  in all \([\d.]+ MB, \d+ files\)", done.stdout, re.M), done.stdout[-500:]
    built = {
        path.relative_to(tmp_path / "site"): path.read_bytes()
        for path in (tmp_path / "site").rglob("*")
        if path.is_file()
    }
    before = {path.relative_to(site): path.read_bytes() for path in site.rglob("*") if path.is_file()}
    assert sorted(built) == sorted(before)
    assert [path for path in built if built[path] != before[path]] == []
    assert sum(map(len, built.values())) < 16_000_000  # the bound on a cold visit's transfer


def test_the_pages_wheels_are_versions_the_package_allows():
    """The page's PyYAML and RapidFuzz are releases pyproject.toml's dependencies allow (a floor
    raised for a bug or a Python must hold in the page too); read without building or fetching."""
    import tomllib

    from packaging.requirements import Requirement
    from web_support import build_site_module

    pinned = {wheel.name.lower(): wheel.version for wheel in build_site_module().WHEELS}
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = {req.name.lower(): req for req in map(Requirement, project["dependencies"])}
    assert set(pinned) == {"pyyaml", "rapidfuzz"}
    assert [name for name, version in pinned.items() if version not in wanted[name].specifier] == []
