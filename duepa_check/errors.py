"""The one base of every expected failure: the CLI prints its message on one line, exit 2.

Each module raises its own subclass (bad input, broken data, a broken config, a failed
update); anything that is not a ``DuepaError`` is a bug and may show a traceback. The message
is a plain string or a ``messages.Msg`` (a catalogue key and its arguments), which the CLI
puts into words in the chosen language; ``str(error)`` is the English.
"""

from __future__ import annotations

from .messages import Msg, text


class Worded:
    """An exception whose message is a plain string or a Msg: ``str()`` is the English,
    ``text(lang)`` any language (mixed into DuepaError and update's Ctrl-C exception)."""

    def __init__(self, message: Msg | str = "") -> None:
        super().__init__(message)  # type: ignore[call-arg]  # the exception base that follows in the MRO
        self.message = message

    def __str__(self) -> str:
        return self.text()

    def text(self, lang: str = "en") -> str:
        return text(self.message, lang) if isinstance(self.message, Msg) else str(self.message)


class DuepaError(Worded, Exception):
    """An expected failure with a one-line message that says what and where."""


class Terminated(BaseException):
    """SIGTERM arrived (a CI job's timeout or cancel): raised where the run is, like Ctrl-C's
    KeyboardInterrupt, so that a batch stops its forked workers on the way out. The CLI says
    so in one line and exits ``128 + SIGTERM`` (143), the code a shell shows for the signal.
    Not a KeyboardInterrupt: ``update`` treats Ctrl-C as "stop and keep what was fetched"."""


def raise_terminated(signum: int, frame: object) -> None:
    """The SIGTERM handler the CLI installs for its run."""
    raise Terminated
