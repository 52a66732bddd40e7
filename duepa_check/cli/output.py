"""Where the CLI writes: the rich console, whether stdout is a terminal, the one-line error on
stderr, and what to do when writing the report itself fails (a full disk, a closed stdout).
"""

import os
import sys
from typing import TYPE_CHECKING

from ..errors import DuepaError

if TYPE_CHECKING:
    from rich.console import Console
from .language import current_language


def refuse_output_over_input(option: str, output, inputs: list) -> None:
    """An output file (``--svg``) that is one of the run's inputs, by name, through a link or as
    another name of the same file (a hard link): one line, exit 2, before anything is read or
    written; ``stats deck.txt --svg deck.txt`` used to replace the decklist with a chart."""
    if output is None:
        return
    from ..reading.inputs import is_stdin

    for item in inputs:
        if not is_stdin(item) and _same_file(output, item):
            from ..messages import msg
            from ..printable import printable

            raise DuepaError(msg("error.output-is-input", option=option, path=printable(str(output))))


def _same_file(one, other) -> bool:
    try:
        return os.path.samefile(one, other)  # the same inode: a link, a hard link, another spelling
    except OSError:  # one of them does not exist (yet): then only a name can make them one
        return os.path.realpath(one) == os.path.realpath(other)


def make_console(no_color: bool = False, stderr: bool = False) -> "Console":
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    width = None if stream.isatty() or "COLUMNS" in os.environ else 120
    # no_color alone keeps bold and dim; --no-color means plain text, so no colour system at all.
    # Without --no-color, rich's defaults: NO_COLOR in the environment decides (None), colours "auto".
    return Console(
        file=stream,
        highlight=False,
        width=width,
        soft_wrap=False,
        no_color=True if no_color else None,
        color_system=None if no_color else "auto",
    )


def on_terminal() -> bool:
    """Whether stdout is a terminal, decided as rich decides it (TTY_COMPATIBLE, FORCE_COLOR).

    Under pre-commit (which sets PRE_COMMIT=1 in a hook's environment) it is not: pre-commit runs
    hooks under a pseudo-terminal of its own, 80 columns whatever the user's window, so a hook gets
    the plain drawing (one line a problem, as in a CI log); TTY_COMPATIBLE=1 still asks for rich."""
    tty_compatible = os.environ.get("TTY_COMPATIBLE", "")
    if tty_compatible in ("0", "1"):
        return tty_compatible == "1"
    if os.environ.get("PRE_COMMIT") == "1":
        return False
    force_color = os.environ.get("FORCE_COLOR")
    if force_color is not None:
        return force_color != ""
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):  # no stdout, or a closed one
        return False


def print_error(error: "DuepaError | str") -> None:
    """One line on stderr, in the run's language: ``duepa-check: what``."""
    from ..messages import msg, text
    from ..printable import printable

    lang = current_language()
    what = error.text(lang) if isinstance(error, DuepaError) else error
    print(printable(text(msg("cli.error", message=what), lang)), file=sys.stderr)


def escape_unencodable_output() -> None:
    """Text that cannot be encoded (a lone surrogate from a JSON ``\\ud800`` escape or a file name
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


class PipeSafeStdout:
    """Standard output on which a closed pipe ends the output, not the command.

    ``partners DECK | head -1``: the reader has what it wanted, and the command still owes its
    verdict's exit code (as ``check`` keeps its own). Without this, whichever writer met the
    closed pipe first decided the code: rich exits 1 (``Console.on_broken_pipe``), click exits 1
    for an EPIPE under ``--help``. Here the first write that meets it points the descriptor at
    /dev/null and every later write goes there; the command runs on to its own exit code.
    Everything else is the wrapped stream's (``isatty``, ``encoding``, ``fileno``...).
    """

    def __init__(self, stream) -> None:
        self.stream = stream
        self.closed_pipe = False

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except BrokenPipeError:
            self._to_devnull()
            return len(text)

    def flush(self) -> None:
        try:
            self.stream.flush()
        except BrokenPipeError:
            self._to_devnull()

    def _to_devnull(self) -> None:
        self.closed_pipe = True
        try:  # the wrapped stream's unwritten buffer is flushed at exit: let that go to /dev/null too
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self.stream.fileno())
            os.close(devnull)
        except (OSError, ValueError, AttributeError):  # io.UnsupportedOperation is an OSError
            pass
        try:
            self.stream = open(os.devnull, "w")  # noqa: SIM115 - lives until the process ends
        except OSError:
            pass

    def __getattr__(self, name: str):
        return getattr(self.stream, name)


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
