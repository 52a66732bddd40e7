"""The one base of every expected failure: the CLI prints its message on one line, exit 2.

Each module raises its own subclass (bad input, broken data, a broken config, a failed
update); anything that is not a ``DuepaError`` is a bug and may show a traceback.
"""


class DuepaError(Exception):
    """An expected failure with a one-line message that says what and where."""
