"""The language-server tests' fixtures: one server per client profile, shared by every test."""

from __future__ import annotations

import pytest
import pytest_lsp
from lsp_support import CONFIG, PROFILES, start
from pytest_lsp import LanguageClient
from support import AS_OF


@pytest.fixture(scope="session")
def root(tmp_path_factory):
    """The workspace: a folder the documents' URIs point into (house rules are looked for above them)."""
    return tmp_path_factory.mktemp("decks")


@pytest_lsp.fixture(scope="session", params=list(PROFILES), config=CONFIG)
async def client(lsp_client: LanguageClient, request, root):
    """A server started as an editor starts it, initialized as the profile's editor does."""
    lsp_client.profile = request.param
    lsp_client.encoding = PROFILES[request.param]
    lsp_client.initialize_result = await start(lsp_client, request.param, root, {"asOf": AS_OF})
    yield
    await lsp_client.shutdown_session()
