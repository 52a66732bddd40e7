"""Diagnostics over stdio, as Neovim (UTF-8, pull), VS Code (UTF-16, push) and Emacs (UTF-32, push)
get them: the CLI's findings exactly, on the names as written, in each client's columns."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys

import pytest
from lsp_support import change, diagnostics, open_document, pulls, written
from lsprotocol import types
from support import AS_OF, BD4, BROKEN, DECKS, deck_lines

pytestmark = pytest.mark.asyncio(loop_scope="session")

OUTSIDE_BMP = "ピー・タンパン／「はいちゃダメ💢」"


_CLI: dict[str, list] = {}  # text -> what the CLI says of it: once for the three client profiles


def _expected(capsys, path, text):
    if text not in _CLI:
        _CLI[text] = _cli(path, text)
    return _CLI[text]


def _cli(path, text):
    """What `duepa-check check --format json` says of a file holding ``text``, as diagnostics would
    say it: the close names of an unknown card (DP100's hint) are searched only for a hover or a
    code action, never in the diagnostics pass, so that hint is left out on both sides."""
    path.write_text(text, encoding="utf-8", newline="")
    done = subprocess.run(
        [sys.executable, "-m", "duepa_check", "check", str(path), "--format", "json", "--as-of", AS_OF],
        capture_output=True,
        text=True,
        timeout=120,
    )
    path.unlink()
    return [
        (v["rule"], (v["line"] or 1) - 1, _worded(v["rule"], v["message"], v["hint"]), v["card"])
        for v in json.loads(done.stdout)["decks"][0]["violations"]
    ]


def _worded(rule, message, hint):
    return message if rule == "DP100" or not hint else f"{message}\n{hint}"


def _units(text, encoding):
    return {"utf-8": len(text.encode()), "utf-16": len(text.encode("utf-16-le")) // 2, "utf-32": len(text)}[encoding]


def _seen(found):
    return [(d.code, d.range.start.line, _worded(d.code, *(d.message.split("\n", 1) + [""])[:2])) for d in found]


async def test_the_server_speaks_the_encoding_the_client_prefers(client):
    assert client.initialize_result.capabilities.position_encoding == client.encoding
    assert client.initialize_result.server_info.name == "duepa-check"


async def test_the_findings_are_the_clis_and_cover_each_card_as_written(client, root, capsys):
    lines = deck_lines(BD4)
    for number, line in BROKEN.items():
        lines[number - 1] = line
    lines[40] = lines[41] = f"1 {OUTSIDE_BMP}"  # a name outside the BMP, twice (DP002 on the second)
    text = "\r\n".join(lines) + "\r\n"  # CRLF
    path = root / f"broken-{client.profile}.txt"
    expected = _expected(capsys, path, text)
    assert {rule for rule, *_ in expected} >= {"DP002", "DP005", "DP100"}
    uri = open_document(client, path, text)
    found = await diagnostics(client, uri, 1)
    assert _seen(found) == [(rule, line, message) for rule, line, message, _ in expected]
    for diagnostic, (_, _, _, card) in zip(found, expected):
        assert diagnostic.source == "duepa-check"
        if card and diagnostic.range.start.line:
            shown = written(text, diagnostic.range, client.encoding)
            assert shown in lines[diagnostic.range.start.line] and shown, (card, shown)
    outside = [d for d in found if d.range.start.line == 41 and d.code == "DP002"]
    assert outside and written(text, outside[0].range, client.encoding) == OUTSIDE_BMP


async def test_after_a_series_of_edits_the_diagnostics_are_those_of_the_final_text(client, root, capsys):
    lines = (DECKS / BD4).read_text(encoding="utf-8").splitlines()
    text = "\n".join(lines) + "\n"
    path = root / f"edited-{client.profile}.txt"
    uri = open_document(client, path, text)
    await diagnostics(client, uri, 1)
    emoji = "1 " + OUTSIDE_BMP
    end = _units(emoji, client.encoding)
    edits = [
        ((29, 0, 29, _units(lines[29], client.encoding)), "1 フェアリー・シャワー"),  # replace a line's text
        ((31, 0, 31, 0), emoji + "\n"),  # insert a line with a name outside the BMP
        ((31, end, 31, end), " x"),  # type after it: columns in the client's units
        ((31, end, 31, end + 2), ""),  # and take it back
        ((50, 0, 52, 0), ""),  # delete two lines
    ]
    final = list(lines)
    final[29] = "1 フェアリー・シャワー"
    final.insert(31, emoji)
    del final[50:52]
    final_text = "\n".join(final) + "\n"
    for version, edit in enumerate(edits, start=2):
        change(client, uri, version, [edit])
    found = await diagnostics(client, uri, len(edits) + 1)
    expected = _expected(capsys, root / f"final-{client.profile}.txt", final_text)
    assert _seen(found) == [(rule, line, message) for rule, line, message, _ in expected]
    fresh = open_document(client, root / f"fresh-{client.profile}.txt", final_text)
    assert [(d.code, d.range, d.message) for d in await diagnostics(client, fresh, 1)] == [
        (d.code, d.range, d.message) for d in found
    ]


async def test_a_burst_of_changes_ends_on_its_last_version(client, root):
    """Each message is written on its own, so how many are coalesced depends on the machine's load;
    what holds on any machine is the order and the last version. (tests/lsp/test_lifecycle.py sends
    20 in one write and sees exactly one publish: that is where coalescing is pinned.)"""
    if pulls(client):
        pytest.skip("a pull client asks for diagnostics: nothing is published")
    path = root / f"burst-{client.profile}.txt"
    text = (DECKS / BD4).read_text(encoding="utf-8")
    uri = open_document(client, path, text)
    await diagnostics(client, uri, 1)
    before = len(client.published)
    for version in range(2, 22):
        change(client, uri, version, [((0, 0, 0, 0), "#")])
    await diagnostics(client, uri, 21)
    versions = [p.version for p in client.published[before:] if p.uri == uri]
    assert versions[-1] == 21 and versions == sorted(versions)


async def test_a_large_document_is_checked_on_open_and_save_not_as_you_type(client, root):
    if pulls(client):
        pytest.skip("a pull client asks for diagnostics when it wants them")
    deck = (DECKS / BD4).read_text(encoding="utf-8")
    text = deck + "# note\n" * 12_000  # about 90 KB: over the 64 KB checked as you type
    path = root / f"large-{client.profile}.txt"
    uri = open_document(client, path, text)
    opened = await diagnostics(client, uri, 1)
    assert opened[0].severity == types.DiagnosticSeverity.Information and "64 KB" in opened[0].message
    change(client, uri, 2, [((2, 0, 2, 0), "1 ボルシャック・ドラゴソ\n")])
    await asyncio.sleep(0.3)
    assert all(p.version != 2 for p in client.published if p.uri == uri)
    client.text_document_did_save(types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(uri=uri)))
    saved = await diagnostics(client, uri, 2)
    assert "DP100" in [d.code for d in saved]
