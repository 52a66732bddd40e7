"""Settings over stdio: by initializationOptions (the fixture's asOf), by workspace/configuration and
didChangeConfiguration, in English and Japanese; house rules changed on disk; the commands."""

from __future__ import annotations

import asyncio

import pytest
from lsp_support import diagnostics, open_document, pulls
from lsprotocol import types
from support import BD4, BROKEN, DECKS

pytestmark = pytest.mark.asyncio(loop_scope="session")


def _broken() -> str:
    lines = (DECKS / BD4).read_text(encoding="utf-8").splitlines()
    for number, line in BROKEN.items():
        lines[number - 1] = line
    return "\n".join(lines) + "\n"


async def _until(client, uri, wanted, timeout: float = 20.0):
    """The document's diagnostics once ``wanted`` holds of them: pulled again and again (a pull client
    is not told that settings changed), or the publishes waited for."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        if pulls(client):
            found = await diagnostics(client, uri, 0)
        else:
            found = next((list(p.diagnostics) for p in reversed(client.published) if p.uri == uri), [])
        if wanted(found):
            return found
        await asyncio.sleep(0.01)
    raise AssertionError(f"the diagnostics of {uri} never became what was wanted")


async def test_settings_by_configuration_and_by_notification_change_the_language(client, root):
    uri = open_document(client, root / f"lang-{client.profile}.txt", _broken())
    english = await diagnostics(client, uri, 1)
    assert "matches no card" in next(d.message for d in english if d.code == "DP100")
    client.set_configuration({"lang": "ja"}, section="duepaCheck")  # asked for by workspace/configuration
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    await _until(client, uri, lambda found: any("に一致するカードがありません" in d.message for d in found))
    client.set_configuration({}, section="duepaCheck")
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={"lang": None, "bogus": 1}))
    await _until(client, uri, lambda found: [d.message for d in found] == [d.message for d in english])
    assert any("unknown key 'bogus'" in m.message for m in client.log_messages)


async def test_house_rules_changed_on_disk_are_read_again(client, root):
    folder = root / f"house-{client.profile}"
    folder.mkdir()
    uri = open_document(client, folder / "deck.txt", (DECKS / BD4).read_text(encoding="utf-8"))
    assert [d.code for d in await diagnostics(client, uri, 1)] == []
    rules = folder / ".duepa-check.yaml"
    rules.write_text("deck_size: 40\n", encoding="utf-8")
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams([types.FileEvent(uri=rules.as_uri(), type=types.FileChangeType.Created)])
    )
    await _until(client, uri, lambda found: "DP001" in [d.code for d in found])
    rules.write_text("deck_size: [\n", encoding="utf-8")  # broken: said, and the recommended rules apply
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams([types.FileEvent(uri=rules.as_uri(), type=types.FileChangeType.Changed)])
    )
    fallback = await _until(client, uri, lambda found: found and ".duepa-check.yaml" in found[0].message)
    assert len(fallback) == 1 and "recommended rules" in fallback[0].message  # BD4 is legal under them
    assert fallback[0].severity == types.DiagnosticSeverity.Warning
    rules.unlink()
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams([types.FileEvent(uri=rules.as_uri(), type=types.FileChangeType.Deleted)])
    )
    await _until(client, uri, lambda found: found == [])


async def test_without_a_lang_setting_a_documents_house_rules_choose_its_language(client, root):
    folder = root / f"house-ja-{client.profile}"
    folder.mkdir()
    (folder / ".duepa-check.yaml").write_text("lang: ja\n", encoding="utf-8")
    uri = open_document(client, folder / "deck.txt", _broken())
    found = await diagnostics(client, uri, 1)
    assert "に一致するカードがありません" in next(d.message for d in found if d.code == "DP100")


async def test_the_commands_show_a_card_and_reload_the_data(client):
    shown = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="duepa-check.card", arguments=["ぼるしゃっく・どらご大王"])
    )
    assert shown["name"] == "ボルシャック・ドラゴ大王" and shown["as_of"] == "2026-03-16"
    missing = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="duepa-check.card", arguments=["zzzz"])
    )
    assert missing["found"] is False
    await client.workspace_execute_command_async(types.ExecuteCommandParams(command="duepa-check.reload"))
