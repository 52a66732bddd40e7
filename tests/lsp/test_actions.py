"""Code actions over stdio: the official spelling of a name (the safe fixes of --fix), close names
of an unknown name, a partner marked, and fixing everything exactly as --fix writes the same text."""

from __future__ import annotations

import subprocess
import sys

import pytest
from lsp_support import diagnostics, open_document
from lsprotocol import types
from support import BD4, DECKS

pytestmark = pytest.mark.asyncio(loop_scope="session")

ODD = {
    5: "1 ぼるしゃっく・どらごん",
    8: "1 ｷｽﾞﾅ・ﾁｬｰｼﾞｬｰ",
    40: "1 ボルシャック・ドラゴソ",
}  # hiragana, half-width, a typo


def _text() -> str:
    lines = (DECKS / BD4).read_text(encoding="utf-8").splitlines()
    for number, line in ODD.items():
        lines[number - 1] = line
    return "\r\n".join(lines) + "\r\n"


def _apply(text: str, edit: types.WorkspaceEdit, encoding: str) -> str:
    """The text with the edits made (this test's own arithmetic, in the client's units; CRLF lines)."""
    edits = edit.document_changes[0].edits if edit.document_changes else next(iter(edit.changes.values()))
    codec, size = {"utf-8": ("utf-8", 1), "utf-16": ("utf-16-le", 2), "utf-32": ("utf-32-le", 4)}[encoding]
    lines = text.split("\r\n")

    def offset(position: types.Position) -> int:
        before = sum(len(line) + 2 for line in lines[: position.line])
        return before + len(lines[position.line].encode(codec)[: position.character * size].decode(codec))

    for change in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: offset(change.range.start)] + change.new_text + text[offset(change.range.end) :]
    return text


_FIXED: dict[str, bytes] = {}  # text -> what `check --fix` wrote of it: once for the three profiles


def _fixed_by_the_cli(root, text: str) -> bytes:
    if text not in _FIXED:
        on_disk = root / "written-by-fix.txt"
        on_disk.write_bytes(text.encode())
        command = [sys.executable, "-m", "duepa_check", "check", "--fix", str(on_disk)]
        subprocess.run(command, capture_output=True, timeout=120)
        _FIXED[text] = on_disk.read_bytes()
    return _FIXED[text]


async def _actions(client, uri, line, only=None, sent=()):
    return await client.text_document_code_action_async(
        types.CodeActionParams(
            types.TextDocumentIdentifier(uri=uri),
            types.Range(types.Position(line, 0), types.Position(line, 0)),
            types.CodeActionContext(diagnostics=list(sent), only=only),
        )
    )


async def test_fix_all_is_byte_for_byte_what_fix_writes(client, root):
    text = _text()
    path = root / f"fixall-{client.profile}.txt"
    uri = open_document(client, path, text)
    await diagnostics(client, uri, 1)
    found = await _actions(client, uri, 0, only=["source.fixAll.duepa-check"])
    assert [a.kind for a in found] == ["source.fixAll.duepa-check"]
    if found[0].edit.document_changes:
        assert found[0].edit.document_changes[0].text_document.version == 1
    on_disk = root / f"written-{client.profile}.txt"
    on_disk.write_bytes(text.encode())
    subprocess.run(
        [sys.executable, "-m", "duepa_check", "check", "--fix", str(on_disk)], capture_output=True, timeout=120
    )
    assert _apply(text, found[0].edit, client.encoding).encode() == on_disk.read_bytes()
    assert "ボルシャック・ドラゴソ" in on_disk.read_text(encoding="utf-8")  # the typo is no safe fix


async def test_a_name_written_otherwise_has_its_quickfix_and_an_unknown_one_its_close_names(client, root):
    text = _text()
    uri = open_document(client, root / f"quickfix-{client.profile}.txt", text)
    found = await diagnostics(client, uri, 1)
    fixes = await _actions(client, uri, 4, only=["quickfix"])
    assert [a.title for a in fixes] == [
        "Write 《ぼるしゃっく・どらごん》 as the official list spells it: 《ボルシャック・ドラゴン》"
    ]
    assert _apply(text, fixes[0].edit, client.encoding).split("\r\n")[4] == "1 ボルシャック・ドラゴン"
    unknown = [d for d in found if d.code == "DP100"]
    close = await _actions(client, uri, 39, sent=unknown)
    assert close and close[0].title.startswith("Did you mean") and list(close[0].diagnostics) == unknown
    assert _apply(text, close[0].edit, client.encoding).split("\r\n")[39].startswith("1 ボルシャック・ドラ")


async def test_a_deck_without_a_partner_is_offered_its_candidates(client, root):
    lines = (DECKS / BD4).read_text(encoding="utf-8").splitlines()
    partner = next(i for i, line in enumerate(lines) if line.startswith("パートナー"))
    lines[partner] = "1 " + lines[partner].split(": ", 1)[1]
    text = "\r\n".join(lines) + "\r\n"
    uri = open_document(client, root / f"partner-{client.profile}.txt", text)
    await diagnostics(client, uri, 1)
    offered = [a for a in await _actions(client, uri, 0) if a.title.startswith("Make")]
    assert offered and offered[0].title == "Make 《ボルシャック・ドラゴ大王》 the partner"
    assert (
        _apply(text, offered[0].edit, client.encoding).split("\r\n")[partner] == "パートナー: ボルシャック・ドラゴ大王"
    )
