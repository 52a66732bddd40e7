"""How a run starts and ends: ``main(argv) -> int`` is the entry point (the console script, and
what tests call). It picks the one command an argument list runs (``cli.arguments``), sets the
run's language before typer speaks, runs the command, and turns every expected failure into one
line and an exit code (``cli.app`` lists them); the report is flushed before the code is returned.
"""

# No `from __future__ import annotations`, as in cli.app.
import sys
from collections.abc import Callable
from typing import Any

import typer

from ..errors import DuepaError, Terminated, raise_terminated
from .app import EXIT_INTERRUPTED, EXIT_OK, EXIT_TERMINATED, EXIT_USAGE, app
from .arguments import COMPLETION_FLAGS, ROOT_FLAGS, command_first, completion_flag, files_after_double_dash, root_only
from .language import current_language, early_language, start_language, translate_help
from .output import (
    PipeSafeStdout,
    discard_stdout,
    escape_unencodable_output,
    print_error,
    why,
    writing_stdout_failed,
)


def _subcommands() -> dict[str, Callable[..., Any]]:
    """Every command by its name, from the app itself: a new command cannot be left out."""
    return {info.callback.__name__: info.callback for info in app.registered_commands if info.callback is not None}


def main(argv: list[str] | None = None) -> int:
    """Run the CLI and return its exit code (pre-commit-hooks style: testable without sys.exit)."""
    escape_unencodable_output()
    if sys.stdout is None:  # started with stdout closed (>&-): the report would vanish
        from ..messages import msg, text

        try:
            lang = early_language(list(sys.argv[1:] if argv is None else argv))
        except DuepaError:  # a bad $DUEPA_CHECK_LANG: this line matters more
            lang = "en"
        print(text(msg("cli.error", message=msg("cli.stdout-closed")), lang), file=sys.stderr)
        return EXIT_USAGE
    guarded = sys.stdout = PipeSafeStdout(sys.stdout)
    on_term = _on_sigterm(raise_terminated)
    try:
        code = _main(argv)
        return _flushed(code)
    finally:
        if sys.stdout is guarded:  # as it was (a test's captured stream), or /dev/null after a closed pipe
            sys.stdout = guarded.stream
        _on_sigterm(on_term)


def _on_sigterm(handler):
    """Set the SIGTERM handler and return the one before (None: one not set from Python, put
    back as the default); ``_NOT_SET`` where signals cannot be set (a thread other than the main
    one: an embedding program's choice is left alone)."""
    import signal

    if handler is _NOT_SET:
        return _NOT_SET
    try:
        return signal.signal(signal.SIGTERM, signal.SIG_DFL if handler is None else handler)
    except ValueError:
        return _NOT_SET


_NOT_SET = object()


def _flushed(code: int) -> int:
    """Flush the report now: a full disk or a closed stdout is an error we can still report.

    (Left to interpreter shutdown it is an "Exception ignored" message and exit code 120.)
    """
    from ..messages import msg

    try:
        if sys.stdout is None:
            discard_stdout()
            print_error(DuepaError(msg("cli.cannot-write-output", why=msg("cli.stdout-closed.why"))))
            return EXIT_USAGE
        sys.stdout.flush()
    except BrokenPipeError:  # `| head`: the reader has what it wanted
        discard_stdout()
    except (OSError, ValueError) as error:
        discard_stdout()
        print_error(DuepaError(msg("cli.cannot-write-output", why=why(error))))
        return EXIT_USAGE
    return code


def _main(argv: list[str] | None) -> int:
    commands = _subcommands()
    args = files_after_double_dash(command_first(list(sys.argv[1:] if argv is None else argv), commands))
    completion = None
    if args and args[0] not in commands and not root_only(args):
        completion = completion_flag(args)
        args.insert(0, "check")
    start_language(None)
    try:
        early = early_language(args)
    except DuepaError as error:  # a bad $DUEPA_CHECK_LANG
        print_error(error)
        return EXIT_USAGE
    start_language(early)
    if completion is not None:  # '--show-completion zsh': typer takes no shell name, it finds the shell
        from ..messages import msg

        print_error(DuepaError(msg("cli.completion-takes-nothing", option=completion)))
        return EXIT_USAGE
    command, args, prog_name = _command_for(args)
    translate_help(command, early)
    try:
        result = command.main(args=args, prog_name=prog_name, standalone_mode=False)
    except typer.Exit as done:
        return done.exit_code
    except (typer.Abort, KeyboardInterrupt):
        from ..messages import msg

        print_error(DuepaError(msg("cli.interrupted")))
        return EXIT_INTERRUPTED
    except Terminated:  # SIGTERM: a batch's forked workers were stopped on the way here
        from ..messages import msg

        print_error(DuepaError(msg("cli.terminated")))
        return EXIT_TERMINATED
    except typer.TyperException as error:  # usage errors (typer's click): bad option, missing argument
        if current_language() != "en":
            from .usage import show_usage_error

            if show_usage_error(error, current_language()):
                return EXIT_USAGE
        show = getattr(error, "show", None)
        show() if show else print(f"duepa-check: {error}", file=sys.stderr)
        return EXIT_USAGE
    except DuepaError as error:
        print_error(error)
        return EXIT_USAGE
    except BrokenPipeError:
        discard_stdout()
        return EXIT_OK
    except (OSError, ValueError) as error:
        if not writing_stdout_failed(error) and any(arg.split("=", 1)[0] in COMPLETION_FLAGS for arg in args):
            return _completion_failed(error)  # typer's code writing the shell's start-up file
        if not writing_stdout_failed(error):
            raise
        discard_stdout()
        from ..messages import msg

        print_error(DuepaError(msg("cli.cannot-write-output", why=why(error))))
        return EXIT_USAGE
    return result if isinstance(result, int) else EXIT_OK


def _completion_failed(error: BaseException) -> int:
    """--install-completion could not write (a start-up file that is a folder, a home that cannot be
    written): one line naming the file, never typer's traceback."""
    from ..messages import msg

    where = getattr(error, "filename", None)
    print_error(DuepaError(msg("cli.completion-failed", path=str(where or "~"), why=why(error))))
    return EXIT_USAGE


def _command_for(args: list[str]):
    """The click command to run: only the subcommand asked for, unless help is wanted.

    typer inspects every command's signature when it builds the group; building just the
    one that runs keeps `duepa-check DECK` start-up close to a bare `import typer`.
    """
    name = args[0] if args else ""
    if name not in _subcommands():
        if args and not any(arg in ROOT_FLAGS for arg in args):  # `duepa-check --lang ja`: the command list
            args = [*args, "--help"]
        return typer.main.get_command(app), args, "duepa-check"
    callback = _subcommands()[name]
    single = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
    single.command(name=name)(callback)
    return typer.main.get_command(single), args[1:], f"duepa-check {name}"
