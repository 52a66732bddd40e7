"""docs/editors.md and its Japanese page: every editor's snippet starts `duepa-check lsp` and names
only settings the server has; the VS Code extension's manifest offers exactly those settings."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from duepa_check.lsp.settings import KEYS

ROOT = Path(__file__).resolve().parents[2]
PAGES = ["docs/editors.md", "docs/editors.ja.md"]


def _snippets(page: str) -> list[tuple[str, str]]:
    text = (ROOT / page).read_text(encoding="utf-8")
    return re.findall(r"^```(\w+)\n(.*?)^```", text, re.M | re.S)


def _settings_named(language: str, body: str) -> set[str]:
    """The setting keys a snippet writes: inside its duepaCheck table (Lua, elisp), Helix's config
    table, or as duepaCheck.KEY (VS Code's settings.json)."""
    if language == "json":
        return set(re.findall(r'"duepaCheck\.(\w+)"', body))
    opening = {"lua": r"duepaCheck\s*=\s*\{", "toml": r"\nconfig\s*=\s*\{", "elisp": r"\(:duepaCheck\s*\("}[language]
    found = re.search(opening + r"([^}\)]*)", body)
    assert found, f"a {language} snippet without its settings"
    pattern = {"lua": r"(\w+)\s*=", "toml": r"(\w+)\s*=", "elisp": r":(\w+)"}[language]
    return set(re.findall(pattern, found.group(1)))


@pytest.mark.parametrize("page", PAGES)
def test_every_snippet_starts_the_server_and_names_only_real_settings(page):
    snippets = _snippets(page)
    assert {language for language, _ in snippets} == {"lua", "toml", "elisp", "json"}
    for language, body in snippets:
        if language != "json":  # settings.json: the extension starts the server
            assert re.search(r'"duepa-check"[\s,]+(?:args = \[)?"lsp"', body), (language, body)
        named = _settings_named(language, body)
        assert named and named <= set(KEYS), (language, named - set(KEYS))


def test_the_vscode_extension_offers_exactly_the_servers_settings_and_starts_it():
    folder = ROOT / "editors" / "vscode"
    manifest = json.loads((folder / "package.json").read_text(encoding="utf-8"))
    offered = manifest["contributes"]["configuration"]["properties"]
    assert {key.removeprefix("duepaCheck.") for key in offered} == set(KEYS)
    assert manifest["main"] == "./extension.js" and "vscode-languageclient" in manifest["dependencies"]
    script = (folder / "extension.js").read_text(encoding="utf-8")
    assert 'command: "duepa-check", args: ["lsp"]' in script and 'configurationSection: "duepaCheck"' in script


def test_the_settings_table_lists_every_key():
    for page in PAGES:
        text = (ROOT / page).read_text(encoding="utf-8")
        assert set(re.findall(r"^\| `(\w+)` \|", text, re.M)) == set(KEYS), page
