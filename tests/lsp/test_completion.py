"""Completion over stdio: card names completed however they are typed, where a name is typed."""

from __future__ import annotations

import pytest
from lsp_support import open_document
from lsprotocol import types

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def _complete(client, uri, line, character):
    return await client.text_document_completion_async(
        types.CompletionParams(types.TextDocumentIdentifier(uri=uri), types.Position(line, character))
    )


@pytest.mark.parametrize(
    ("typed", "wanted", "inserted"),
    [
        ("ぼるしゃっく・どらご大", "ボルシャック・ドラゴ大王", "ボルシャック・ドラゴ大王"),  # hiragana
        ("ﾎﾞﾙｼｬｯｸﾄﾞﾗｺﾞ大", "ボルシャック・ドラゴ大王", "ボルシャック・ドラゴ大王"),  # half-width, no ・
        ("bolshack dorago", "ボルシャック・ドラゴ大王", "Bolshack Dorago the Great"),  # English: English inserted
        ("はいちゃダメ", "ピー・タンパン／「はいちゃダメ💢」", "ピー・タンパン／「はいちゃダメ💢」"),  # an infix
    ],
)
async def test_names_are_completed_however_they_are_typed(client, root, typed, wanted, inserted):
    line = f"1 {typed}"
    uri = open_document(client, root / f"complete-{client.profile}-{len(typed)}.txt", f"# deck\n{line}\n")
    end = {"utf-8": len(line.encode()), "utf-16": len(line.encode("utf-16-le")) // 2, "utf-32": len(line)}
    found = await _complete(client, uri, 1, end[client.encoding])
    assert found.is_incomplete and 0 < len(found.items) <= 50
    item = next(i for i in found.items if i.data["card"] == wanted)
    assert item.text_edit.new_text == inserted and item.filter_text == typed
    two = {"utf-8": 2, "utf-16": 2, "utf-32": 2}[client.encoding]
    assert (item.text_edit.range.start.character, item.text_edit.range.end.character) == (two, end[client.encoding])
    resolved = await client.completion_item_resolve_async(item)
    shown = resolved.documentation.value if hasattr(resolved.documentation, "value") else resolved.documentation
    assert f"《{wanted.split('／')[0]}" in shown


async def test_inside_brackets_even_in_a_comment_and_nowhere_else_in_one(client, root):
    uri = open_document(client, root / f"complete-bracket-{client.profile}.txt", "# 《ぼるしゃっく\n# ぼるしゃっく\n")
    inside = {"utf-8": len("# 《ぼるしゃっく".encode()), "utf-16": 9, "utf-32": 9}[client.encoding]
    found = await _complete(client, uri, 0, inside)
    assert any(i.label.startswith("ボルシャック") for i in found.items)
    outside = {"utf-8": len("# ぼるしゃっく".encode()), "utf-16": 8, "utf-32": 8}[client.encoding]
    assert await _complete(client, uri, 1, outside) is None
    uri = open_document(client, root / f"complete-note-{client.profile}.txt", "メモ: 《ぼるしゃっく・どらご\n")
    found = await _complete(client, uri, 0, {"utf-8": 44, "utf-16": 16, "utf-32": 16}[client.encoding])
    assert found.items[0].text_edit.new_text.startswith("ボルシャック・ドラゴ")
