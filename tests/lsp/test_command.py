"""``duepa-check lsp``: the command, its help, and what it costs the rest of the CLI (nothing)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from support import DECKS, run

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "duepa_check"


def test_help_says_it_is_a_language_server_and_where_the_docs_are(capsys):
    said = run(capsys, "lsp", "--help")
    assert said.code == 0
    assert "language server" in said.out and "duepa-check lsp" in said.out and "docs/editors.md" in said.out
    ja = run(capsys, "lsp", "--help", "--lang", "ja")
    assert "言語サーバー" in ja.out and "docs/editors.md" in ja.out


def test_a_check_never_imports_the_protocol_libraries():
    code = (
        "import sys\n"
        "from duepa_check.cli import main\n"
        f"code = main(['check', {str(DECKS / 'DM23-BD4.txt')!r}, '--as-of', '2026-01-01'])\n"
        "sys.stderr.write(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in ('pygls', 'lsprotocol'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert "DM23-BD4" in done.stdout
    assert done.stderr == ""


def test_only_the_server_module_imports_pygls_or_lsprotocol():
    importers = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            if any(name.split(".")[0] in ("pygls", "lsprotocol") for name in names):
                importers.add(str(path.relative_to(ROOT)))
    assert importers == {"duepa_check/lsp/server.py"}


def test_the_flags_clients_append_are_accepted_and_closed_input_ends_the_server():
    done = subprocess.run(
        [sys.executable, "-m", "duepa_check", "lsp", "--stdio", "--clientProcessId=4242"],
        input=b"",
        capture_output=True,
        timeout=60,
    )
    assert (done.returncode, done.stdout) == (0, b"")
    assert b"Traceback" not in done.stderr
