"""Standard input for the server, read in large chunks so that the server can tell whether more
messages are already waiting: then a check is put off until they are read (20 changes sent at once
are one check, of the last version), without a timer that would delay every keystroke."""

from __future__ import annotations

import os
import select
import threading

CHUNK = 1 << 16


class WaitingInput:
    """A binary stream over a file descriptor with ``readline``/``read`` as pygls calls them (from
    its reader thread), and ``waiting()`` for the event loop: bytes read but not yet handed on,
    or bytes in the pipe."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self._buffer = bytearray()
        self._lock = threading.Lock()
        self._ended = False

    def _fill(self) -> bool:
        """Read one chunk; False at the end of input (or when it cannot be read any more)."""
        if self._ended:
            return False
        try:
            chunk = os.read(self.fd, CHUNK)
        except OSError:
            chunk = b""
        if not chunk:
            self._ended = True
            return False
        with self._lock:
            self._buffer += chunk
        return True

    def readline(self) -> bytes:
        while True:
            with self._lock:
                end = self._buffer.find(b"\n")
                if end >= 0:
                    line = bytes(self._buffer[: end + 1])
                    del self._buffer[: end + 1]
                    return line
            if not self._fill():
                with self._lock:
                    rest = bytes(self._buffer)
                    self._buffer.clear()
                return rest

    def read(self, size: int) -> bytes:
        while True:
            with self._lock:
                if len(self._buffer) >= size:
                    data = bytes(self._buffer[:size])
                    del self._buffer[:size]
                    return data
            if not self._fill():
                with self._lock:
                    rest = bytes(self._buffer)
                    self._buffer.clear()
                return rest

    def waiting(self) -> bool:
        """Whether another message is (at least partly) here already."""
        with self._lock:
            if self._buffer:
                return True
        if self._ended:
            return False
        try:
            readable, _, _ = select.select([self.fd], [], [], 0)
        except (OSError, ValueError):
            return False
        return bool(readable)

    def close(self) -> None:
        self._ended = True
