"""``--help``, drawn in the run's language and whole at any width from 60 columns up.

typer's own help draws every option in five crowded columns and cuts what does not fit with
"…" (a Japanese sentence has no space to wrap at, so it is always cut), and its labels (Usage,
Options, [default: …]) are English. This one draws two columns, the option with its value's
name and the help, wraps the help by ``linebreak`` (Japanese by character, never inside a card
name, an option or a date), lists an option's choices and default in the help, and takes
every label from the catalogue (``help.label.*``).

It is imported only when help is asked for (``cli.language.translate_help`` sets it on each
command): a check never loads it.
"""

import sys

from ..messages import catalogue


def usage(command, ctx) -> str:
    """``duepa-check check [OPTIONS] DECK...``: the command's path, then what it takes."""
    pieces = [ctx.command_path]
    params = [p for p in command.get_params(ctx) if not getattr(p, "hidden", False)]
    if any(p.param_type_name == "option" for p in params):
        pieces.append("[OPTIONS]")
    for param in params:
        if param.param_type_name == "argument":
            name = argument_name(param)
            pieces.append(name if param.required else f"[{name}]")
    if getattr(command, "commands", None):
        pieces.append("COMMAND [ARGS]...")
    return " ".join(pieces)


def argument_name(param) -> str:
    name = param.metavar or (param.name or "").upper()
    return name if param.nargs == 1 or name.endswith("...") else f"{name}..."


def option_names(param) -> str:
    """``--format FORMAT``, ``--quiet, -q``: the names a user types, and the value's name."""
    names = ", ".join(sorted(param.opts, key=lambda o: (not o.startswith("--"), o)))
    if param.secondary_opts:
        names += " / " + ", ".join(param.secondary_opts)
    if param.is_flag or getattr(param, "count", False):
        return names
    return f"{names} {value_name(param)}"


def value_name(param) -> str:
    """What an option's value is called: its metavar, its few choices (``ja|en``), else its name."""
    if param.metavar:
        return param.metavar
    choices = "|".join(_choices(param))
    return choices if choices and len(choices) <= 12 else (param.name or "").upper()


def _choices(param) -> list[str]:
    return [str(getattr(choice, "value", choice)) for choice in getattr(param.type, "choices", None) or ()]


def _default(param) -> str | None:
    if param.is_flag if param.param_type_name == "option" else False:
        return None
    if not getattr(param, "show_default", False) or param.default is None or param.required:
        return None
    value = getattr(param.default, "value", param.default)
    if callable(value) or value in ((), []):
        return None
    return f"{value:g}" if isinstance(value, float) else str(value)


def help_text(param, words: dict[str, str]) -> str:
    """The help of one option or argument, with its choices, its default and whether it is required."""
    parts = [" ".join((param.help or "").split())] if getattr(param, "help", None) else []
    choices = _choices(param)
    if choices and (param.param_type_name != "option" or value_name(param) != "|".join(choices)):
        parts.append(words["help.label.choices"].format(choices=", ".join(choices)))
    default = _default(param)
    if default is not None:
        parts.append(words["help.label.default"].format(default=default))
    if param.required:
        parts.append(words["help.label.required"])
    return " ".join(part for part in parts if part)


def show_help(command, ctx, lang: str, file=None) -> None:
    """Draw ``command``'s help on stdout (or ``file``)."""
    from rich.console import Console
    from rich.markup import escape
    from rich.padding import Padding
    from rich.panel import Panel
    from rich.table import Table

    from ..linebreak import breaking_text

    words = catalogue(lang)
    console = Console(file=file or sys.stdout, highlight=False)
    console.print(Padding(f"[bold]{escape(words['help.label.usage'])}[/] {escape(usage(command, ctx))}", (1, 1, 0, 1)))
    if command.help:
        first, *more = command.help.split("\n\n")
        console.print(Padding(breaking_text(" ".join(first.split())), (1, 1, 0, 1)))
        for paragraph in more:
            console.print(Padding(breaking_text(" ".join(paragraph.split()), style="dim"), (1, 1, 0, 1)))
    console.print()
    params = [p for p in command.get_params(ctx) if not getattr(p, "hidden", False)]
    panels = (
        ("help.label.arguments", [p for p in params if p.param_type_name == "argument"], argument_name),
        ("help.label.options", [p for p in params if p.param_type_name == "option"], option_names),
    )
    for label, members, name_of in panels:
        if not members:
            continue
        table = Table.grid(padding=(0, 2), expand=True)
        table.add_column(no_wrap=True, style="bold cyan")
        table.add_column(ratio=1)
        for param in members:
            table.add_row(breaking_text(name_of(param)), breaking_text(help_text(param, words)))
        console.print(Panel(table, title=words[label], title_align="left", border_style="dim"))
    subcommands = getattr(command, "commands", None)
    if subcommands:
        table = Table.grid(padding=(0, 2), expand=True)
        table.add_column(no_wrap=True, style="bold cyan")
        table.add_column(ratio=1)
        for name, sub in subcommands.items():
            if not sub.hidden:
                summary = (sub.help or "").split("\n\n")[0]
                table.add_row(name, breaking_text(" ".join(summary.split())))
        console.print(Panel(table, title=words["help.label.commands"], title_align="left", border_style="dim"))
