"""Inlay hints over stdio: after the partner line and after a heading that states a count."""

from __future__ import annotations

import pytest
from lsp_support import diagnostics, open_document
from lsprotocol import types
from support import BD4, DECKS

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_the_partner_line_and_a_counted_heading_get_their_hints(client, root):
    lines = (DECKS / BD4).read_text(encoding="utf-8").splitlines()
    lines.insert(3, "クリーチャー (3)")  # a heading over the next cards: more than 3 are under it
    text = "\n".join(lines) + "\n"
    uri = open_document(client, root / f"hints-{client.profile}.txt", text)
    await diagnostics(client, uri, 1)
    hints = await client.text_document_inlay_hint_async(
        types.InlayHintParams(
            types.TextDocumentIdentifier(uri=uri), types.Range(types.Position(0, 0), types.Position(len(lines), 0))
        )
    )
    shown = {hint.position.line: hint.label for hint in hints}
    partner = next(i for i, line in enumerate(lines) if line.startswith("パートナー"))
    assert shown[partner] == "火/自然 · 60/60 cards · ✔ legal"
    assert shown[3] == f"{sum(1 for line in lines[4:] if line.startswith('1 '))} counted"
    end = {"utf-8": len(lines[partner].encode()), "utf-16": len(lines[partner]), "utf-32": len(lines[partner])}
    assert next(h for h in hints if h.position.line == partner).position.character == end[client.encoding]
