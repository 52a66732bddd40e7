"""click's usage errors (a bad option, a missing argument) said in the run's language.

typer's vendored click writes its messages as English f-strings; these say the common ones again,
from the exception's own facts, through the catalogue.
"""

import sys


def show_usage_error(error, lang: str) -> bool:
    """click's usage error in ``lang``, shaped as click shows it (usage, where help is, the error).

    typer's vendored click writes its messages as English f-strings (no gettext to hook), so the
    common errors are said again from the exception's own facts: an unknown option and its close
    names, a missing argument, a value outside an option's choices or range. Any other error keeps
    click's detail inside the translated frame. English is left to click (``show``): unchanged.
    Returns False for an error that is not click's usage error.
    """
    from ..messages import msg, text

    ctx = getattr(error, "ctx", None)
    if not hasattr(error, "format_message") or not hasattr(error, "ctx"):
        return False
    lines = []
    if ctx is not None:
        from ..messages import catalogue

        usage = ctx.get_usage().removeprefix(f"{catalogue(lang)['help.label.usage']} ").removeprefix("Usage: ")
        lines.append(text(msg("cli.usage", usage=usage), lang))
        if ctx.command.get_help_option(ctx) is not None:
            lines.append(text(msg("cli.usage.try", command=ctx.command_path, option=ctx.help_option_names[0]), lang))
        lines.append("")
    lines.append(text(msg("cli.usage.error", message=usage_detail(error, ctx)), lang))
    print("\n".join(lines), file=sys.stderr)
    return True


def usage_detail(error, ctx):
    """What went wrong, as a Msg where the exception says enough; else click's own words."""
    from ..messages import Listed, msg

    kind = type(error).__name__
    param = getattr(error, "param", None)
    if kind == "NoSuchOption":
        possible = getattr(error, "possibilities", None)
        close = msg("cli.usage.possible", options=Listed(tuple(sorted(possible)))) if possible else ""
        return msg("cli.usage.no-such-option", name=error.option_name, possible=close)
    said = str(getattr(error, "message", ""))
    if kind == "BadOptionUsage" and " requires " in said:
        return msg("cli.usage.needs-value", name=repr(error.option_name))
    if kind == "BadOptionUsage" and said.endswith("does not take a value."):
        return msg("cli.usage.takes-no-value", name=repr(error.option_name))
    if kind == "UsageError" and said.startswith("Got unexpected extra argument") and said.endswith(")"):
        return msg("cli.usage.extra", args=said[said.index("(", len("Got unexpected extra argument(s)")) + 1 : -1])
    if param is None:
        return error.format_message()
    hint = param.get_error_hint(ctx)
    if kind == "MissingParameter":
        return msg(
            "cli.usage.missing-option" if param.param_type_name == "option" else "cli.usage.missing-argument", name=hint
        )
    if kind != "BadParameter":
        return error.format_message()
    choices = getattr(param.type, "choices", None)
    if choices:
        return msg(
            "cli.usage.choice", name=hint, choices=Listed(tuple(str(getattr(c, "value", c)) for c in choices), "sep.or")
        )
    low, high = getattr(param.type, "min", None), getattr(param.type, "max", None)
    if low is not None and high is None and not getattr(param.type, "min_open", False):
        return msg("cli.usage.at-least", name=hint, least=f"{low:g}")
    return msg("cli.usage.invalid", name=hint, why=error.message)
