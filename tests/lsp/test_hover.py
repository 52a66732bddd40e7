"""Hover over stdio: the card command's facts for the card under the cursor, in the chosen language."""

from __future__ import annotations

import pytest
from lsp_support import diagnostics, open_document
from lsprotocol import types
from support import BD4, DECKS

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def hover(client, uri, line, character):
    return await client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(uri=uri), types.Position(line, character))
    )


async def test_hover_on_a_card_line_shows_the_cards_facts(client, root):
    text = (DECKS / BD4).read_text(encoding="utf-8")
    uri = open_document(client, root / f"hover-{client.profile}.txt", text)
    await diagnostics(client, uri, 1)
    partner = await hover(client, uri, 1, 12)
    assert partner.contents.kind == types.MarkupKind.Markdown
    shown = partner.contents.value
    assert "《ボルシャック・ドラゴ大王》" in shown and "12000" in shown and "eligible" in shown
    assert "Bolshack Dorago the Great" in shown and "as of 2026\\-03\\-16" in shown
    assert await hover(client, uri, 0, 3) is None  # a comment line: no card
    assert await hover(client, uri, 500, 3) is None  # past the end of the document


async def test_hover_on_an_unknown_name_offers_close_names(client, root):
    text = "パートナー: ボルシャック・ドラゴ大王\n1 ボルシャック・ドラゴソ\n"
    uri = open_document(client, root / f"hover-unknown-{client.profile}.txt", text)
    shown = (await hover(client, uri, 1, 4)).contents.value
    assert "did you mean" in shown and "ボルシャック・ドラゴン" in shown
