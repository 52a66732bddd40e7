"""Where the CLI writes: the rich console, whether stdout is a terminal, the one-line error on
stderr, and what to do when writing the report itself fails (a full disk, a closed stdout).
"""

import os
import sys

from .cli_language import current_language
from .errors import DuepaError


def make_console(no_color: bool = False, stderr: bool = False):
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    width = None if stream.isatty() or "COLUMNS" in os.environ else 120
    # no_color alone keeps bold and dim; --no-color means plain text, so no colour system at all.
    options = {"no_color": True, "color_system": None} if no_color else {}
    return Console(file=stream, highlight=False, width=width, soft_wrap=False, **options)


def on_terminal() -> bool:
    """Whether stdout is a terminal, decided as rich decides it (TTY_COMPATIBLE, FORCE_COLOR)."""
    tty_compatible = os.environ.get("TTY_COMPATIBLE", "")
    if tty_compatible in ("0", "1"):
        return tty_compatible == "1"
    force_color = os.environ.get("FORCE_COLOR")
    if force_color is not None:
        return force_color != ""
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):  # no stdout, or a closed one
        return False


def print_error(error: "DuepaError | str") -> None:
    """One line on stderr, in the run's language: ``duepa-check: what``."""
    from .messages import msg, text
    from .printable import printable

    lang = current_language()
    what = error.text(lang) if isinstance(error, DuepaError) else error
    print(printable(text(msg("cli.error", message=what), lang)), file=sys.stderr)


def escape_unencodable_output() -> None:
    """Text that cannot be encoded (a lone surrogate from a JSON ``\ud800`` escape or a file name
    that is not UTF-8) is written as a backslash escape instead of failing the whole report."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):  # a closed or detached stream
                pass


def why(error: BaseException) -> str:
    return getattr(error, "strerror", None) or str(error)


def discard_stdout() -> None:
    """Point stdout at /dev/null so that the interpreter's last flush cannot fail again."""
    try:
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - lives until the process ends
    except OSError:
        pass


def writing_stdout_failed(error: BaseException) -> bool:
    """Whether ``error`` came from writing the report (a full disk, a closed stdout).

    Every file the commands read is opened inside a function that turns its OSError into a
    one-line DuepaError; what is left is output. A closed stdout is ``None`` (print() then
    writes nothing, sys.stdout.write raises AttributeError) or a closed file (ValueError).
    """
    import errno

    stream = sys.stdout
    if stream is None or getattr(stream, "closed", False):
        return True
    output_errors = (errno.ENOSPC, errno.EIO, errno.EBADF, errno.EDQUOT, errno.EFBIG, errno.EPIPE)
    return isinstance(error, OSError) and error.filename is None and error.errno in output_errors
