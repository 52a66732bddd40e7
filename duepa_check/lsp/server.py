"""The protocol side of the language server: pygls' server, its handlers, and nothing else.

Every answer is worked out by the plain modules of this package; a handler reads the request,
calls them, and turns what they return into lsprotocol's types (columns through the negotiated
position encoding). Logs go to stderr and ``window/logMessage``; stdout carries only the protocol.
"""

from __future__ import annotations

import logging
import sys

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from .. import __version__
from .input import WaitingInput

NAME = "duepa-check"


class DeckServer(LanguageServer):
    """pygls' server plus what a run keeps: whether shutdown came before exit."""

    def __init__(self, stdin: WaitingInput | None = None, lang: str = "en") -> None:
        super().__init__(NAME, __version__)
        self.stdin = stdin
        self.lang = lang
        self.shut_down = False
        self.exited = False


def make_server(stdin: WaitingInput | None = None, lang: str = "en") -> DeckServer:
    server = DeckServer(stdin, lang)

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: DeckServer, *args) -> None:
        ls.shut_down = True

    @server.feature(types.EXIT)
    def exit_(ls: DeckServer, *args) -> None:
        ls.exited = True

    return server


def serve(stdin, stdout, lang: str = "en") -> int:
    """Speak LSP on these binary streams until exit or the end of input; the exit code is 0 unless
    the client sent exit without shutdown (1, as the protocol says)."""
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING, format="duepa-check lsp: %(message)s")
    reading = WaitingInput(stdin.fileno())
    server = make_server(reading, lang)
    protocol_out, sys.stdout = sys.stdout, sys.stderr  # a stray print must not break the protocol
    try:
        server.start_io(reading, stdout)
    finally:
        sys.stdout = protocol_out
    return 1 if server.exited and not server.shut_down else 0
