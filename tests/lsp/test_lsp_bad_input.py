"""Hostile input over stdio: no crash, bounded time, and the server still answers (each case is
followed by a hover on a good document, in the same server)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsp_support import change, diagnostics, open_document, pulls
from lsprotocol import types
from support import BD4, DECKS

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def _still_answers(client, root):
    uri = open_document(client, root / f"good-{client.profile}.txt", (DECKS / BD4).read_text(encoding="utf-8"))
    found = await client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(uri=uri), types.Position(1, 10))
    )
    assert "ボルシャック・ドラゴ大王" in found.contents.value


async def test_a_document_over_the_size_limit_is_one_information_line(client, root):
    uri = open_document(client, root / f"huge-{client.profile}.txt", "1 ボルシャック・ドラゴン\n" * 60_000)
    found = await diagnostics(client, uri, 1)
    assert [(d.severity, d.code) for d in found] == [(types.DiagnosticSeverity.Information, None)]
    assert "MB" in found[0].message
    await _still_answers(client, root)


@pytest.mark.parametrize(
    "junk",
    [
        "\x00\x00\x00binary",
        "1 ボルシャック\x1b[31m・ドラゴン\n\x07\x08\x7f",
        "1 \u202eンゴラド・クッャシルボ\u202c\n\u200f\n",
    ],
    ids=["nul", "escape-and-control", "bidi"],
)
async def test_nul_control_escape_and_bidi_text(client, root, junk):
    uri = open_document(client, root / f"junk-{client.profile}.txt", junk)
    found = await diagnostics(client, uri, 1)
    assert all(d.range.start.line >= 0 and "\x1b" not in d.message for d in found)
    await _still_answers(client, root)


async def test_positions_past_the_end_unknown_documents_and_edits_before_open(client, root):
    uri = open_document(client, root / f"edges-{client.profile}.txt", (DECKS / BD4).read_text(encoding="utf-8"))
    far = types.Position(10_000, 10_000)
    assert await client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier(uri=uri), far)) is None
    line_end = types.Position(1, 10_000)  # past the end of a line: its end
    assert await client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier(uri=uri), line_end))
    unknown = types.TextDocumentIdentifier(uri=(root / "never-opened.txt").as_uri())
    assert await client.text_document_hover_async(types.HoverParams(unknown, far)) is None
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(unknown, types.Range(far, far), types.CodeActionContext(diagnostics=[]))
    )
    assert not actions
    change(client, unknown.uri, 2, [((0, 0, 0, 0), "1 x\n")])  # didChange before didOpen: ignored
    hints = await client.text_document_inlay_hint_async(
        types.InlayHintParams(types.TextDocumentIdentifier(uri=uri), types.Range(far, far))
    )
    assert not hints
    await _still_answers(client, root)


async def test_an_edit_inside_a_surrogate_pair(client, root):
    text = "1 ピー・タンパン／「はいちゃダメ💢」\n"
    uri = open_document(client, root / f"pair-{client.profile}.txt", text)
    inside = {"utf-8": len("1 ピー・タンパン／「はいちゃダメ".encode()) + 2, "utf-16": 19, "utf-32": 18}[
        client.encoding
    ]
    change(client, uri, 2, [((0, inside, 0, inside), "x")])  # the middle of 💢 as the client counts: its start
    found = await diagnostics(client, uri, 2)
    assert found and all(d.range.end.character >= d.range.start.character for d in found)
    if not pulls(client):
        assert client.published[-1].version == 2
    await _still_answers(client, root)


async def test_an_unusable_data_folder_is_said_and_the_server_answers_after(client, root, tmp_path_factory):
    broken = tmp_path_factory.mktemp("data") / "cards"
    broken.mkdir()
    (broken / "cards.jsonl").write_text("{not json\n", encoding="utf-8")  # and no index.tsv
    text = (DECKS / BD4).read_text(encoding="utf-8")
    try:
        client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={"dataDir": str(broken)}))
        uri = open_document(client, root / f"data-{client.profile}.txt", text)
        found = await diagnostics(client, uri, 1)
        assert len(found) == 1 and "index.tsv" in found[0].message
        hovered = await client.text_document_hover_async(
            types.HoverParams(types.TextDocumentIdentifier(uri=uri), types.Position(1, 10))
        )
        assert hovered is None
        assert any("could not be loaded" in m.message for m in client.log_messages)
    finally:
        client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={"dataDir": None}))
    await _still_answers(client, root)


async def test_prose_and_a_readme_stay_quiet(client, root):
    text = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")  # the project's own
    uri = open_document(client, root / f"README-{client.profile}.md", text)
    assert await diagnostics(client, uri, 1) == []
    notes = open_document(client, root / f"notes-{client.profile}.txt", "Friday: bring the red deck.\nAsk Ken.\n")
    assert await diagnostics(client, notes, 1) == []
    await _still_answers(client, root)
