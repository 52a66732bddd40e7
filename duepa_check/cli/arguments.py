"""How the argument list reads before click sees it: which command runs, and what is the group's own.

``duepa-check DECK...`` is ``duepa-check check DECK...``: anything that is not a command name or
the group's own options (``--help``, ``--version``, ``--lang``, shell completion) is a check.
"""

from __future__ import annotations

from collections.abc import Collection

from ..messages import LANGUAGES
from ..reading.inputs import STDIN_ARGUMENT

COMPLETION_FLAGS = ("--install-completion", "--show-completion")
ROOT_FLAGS = ("--help", "-h", "--version", *COMPLETION_FLAGS)


def command_first(args: list[str], commands: Collection[str]) -> list[str]:
    """``--lang ja card NAME`` as ``card NAME --lang ja``: a leading ``--lang`` goes after the command
    it comes before, so the command runs (and ``--help`` is that command's)."""
    lang: list[str] = []
    while args and (args[0] == "--lang" and len(args) >= 2 or args[0].startswith("--lang=")):
        taken = 2 if args[0] == "--lang" else 1
        lang, args = lang + args[:taken], args[taken:]
    if lang and args and args[0] in commands:
        return [args[0], *args[1:], *lang]
    return [*lang, *args]


def files_after_double_dash(args: list[str]) -> list[str]:
    """After ``--`` every argument is a file: a ``-`` there is the file called ``-``, spelled ``./-``
    (click drops the ``--``; only a bare ``-`` before it is standard input, ``reading.inputs``)."""
    if "--" not in args:
        return args
    at = args.index("--") + 1
    return [*args[:at], *("./-" if arg == STDIN_ARGUMENT else arg for arg in args[at:])]


def root_only(args: list[str]) -> bool:
    """Whether every argument is the group's own (``--lang ja --help``, ``--version``,
    ``--show-completion``): then it is the group's help or option, in any order; anything
    else that starts with an option is a check (``duepa-check --strict deck.txt``)."""
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--lang" and index + 1 < len(args) and args[index + 1] in LANGUAGES:
            index += 2
        elif arg.removeprefix("--lang=") in LANGUAGES or arg in ROOT_FLAGS:
            index += 1
        else:  # '--lang' alone or '--lang fr': the check's own usage error says what is wrong
            return False
    return True


def completion_flag(args: list[str]) -> str | None:
    """The completion option among arguments that are not all the group's own
    (``--show-completion zsh``, ``--install-completion=bash``: typer takes no shell name, it finds
    the shell itself), else None. Without this, the run was a check of a file 'zsh' that said there
    is no option --show-completion."""
    return next((arg.split("=", 1)[0] for arg in args if arg.split("=", 1)[0] in COMPLETION_FLAGS), None)
