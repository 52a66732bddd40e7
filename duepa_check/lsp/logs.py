"""The server's log: stderr, one line a record, never a traceback (an editor shows stderr as the
server's log; pygls logs a message it cannot parse with its traceback otherwise)."""

from __future__ import annotations

import logging
import sys


class OneLine(logging.Formatter):
    """A record as one line: what failed and why."""

    def format(self, record: logging.LogRecord) -> str:
        message = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            message = f"{message} ({type(error).__name__}: {error})"
        return "duepa-check lsp: " + " ".join(message.split())[:500]


def log_to_stderr() -> None:
    """Warnings and worse, of pygls and of the server, on stderr, one line each."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(OneLine())
    logging.basicConfig(level=logging.WARNING, handlers=[handler])
