"""What every step of ``update`` shares: the site's paths, the one error type, the progress callback."""

from __future__ import annotations

from collections.abc import Callable

from ..errors import DuepaError, Worded
from ..messages import Msg

LIST_PATH = "/card/"
REGULATION_PATH = "/rule/regulation/"

Progress = Callable[[int, int, Msg | str], None]


class UpdateError(DuepaError):
    """The update stopped; the message is one line saying what happened and where."""


class UpdateInterrupted(Worded, KeyboardInterrupt):
    """Ctrl-C during an update; the message says what was kept and what to do (the CLI prints it).

    Like a DuepaError, the message may be a Msg: ``str()`` is the English, ``text(lang)`` any language.
    """
