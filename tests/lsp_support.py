"""What the language-server tests share (tests/lsp/): the server started as an editor starts it,
clients with the recorded capabilities of Neovim 0.11 (UTF-8, pull diagnostics), VS Code (UTF-16,
push) and Emacs 29 (UTF-32, push), and the diagnostics of a document however the client gets them."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

PROFILES = {"neovim": "utf-8", "visual-studio-code": "utf-16", "emacs": "utf-32"}
SERVER = [sys.executable, "-m", "duepa_check", "lsp", "--stdio"]


def recording_client() -> LanguageClient:
    """pytest-lsp's client that also keeps every publishDiagnostics with its version, in order."""
    client = LanguageClient(converter_factory=default_converter)
    client.published = []

    def publish(client_: LanguageClient, params: types.PublishDiagnosticsParams) -> None:
        client_.diagnostics[params.uri] = params.diagnostics
        client_.published.append(params)

    client.registrations = []

    def register(client_: LanguageClient, params: types.RegistrationParams) -> None:
        client_.registrations.extend(params.registrations)

    features = {
        **DEFAULT_CLIENT_FEATURES,
        types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: publish,
        types.CLIENT_REGISTER_CAPABILITY: register,
    }
    register_lsp_features(client, features)
    return client


CONFIG = ClientServerConfig(server_command=SERVER, client_factory=recording_client)


async def start(client: LanguageClient, profile: str, root: Path, options: dict | None = None):
    """initialize and initialized, as ``profile`` does; the initialize result."""
    return await client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities(profile),
            root_uri=root.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="decks")],
            initialization_options=options,
        )
    )


def pulls(client: LanguageClient) -> bool:
    return client.capabilities.text_document.diagnostic is not None


def open_document(client: LanguageClient, path: Path, text: str, version: int = 1) -> str:
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri=uri, language_id="plaintext", version=version, text=text)
        )
    )
    return uri


def change(client: LanguageClient, uri: str, version: int, edits: list[tuple[tuple[int, int, int, int] | None, str]]):
    changes = [
        types.TextDocumentContentChangeWholeDocument(text=new)
        if where is None
        else types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(where[0], where[1]), types.Position(where[2], where[3])), text=new
        )
        for where, new in edits
    ]
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(types.VersionedTextDocumentIdentifier(uri=uri, version=version), changes)
    )


async def diagnostics(client: LanguageClient, uri: str, version: int, timeout: float = 20.0) -> list[types.Diagnostic]:
    """The document's diagnostics for ``version``: pulled, or the publish for that version waited for."""
    if pulls(client):
        report = await client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        return list(report.items)
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        for params in reversed(client.published):
            if params.uri == uri and params.version == version:
                return list(params.diagnostics)
        await asyncio.sleep(0.005)
    raise AssertionError(f"no diagnostics for {uri} version {version}")


def written(text: str, where: types.Range, encoding: str) -> str:
    """The text a range covers, its columns counted in ``encoding`` (the test's own count)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    assert where.start.line == where.end.line
    line = lines[where.start.line]
    if encoding == "utf-32":
        return line[where.start.character : where.end.character]
    codec = "utf-8" if encoding == "utf-8" else "utf-16-le"
    size = 1 if encoding == "utf-8" else 2
    data = line.encode(codec)
    return data[where.start.character * size : where.end.character * size].decode(codec)
