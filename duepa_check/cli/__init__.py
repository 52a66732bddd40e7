"""The command line: ``duepa_check.cli:main`` is the ``duepa-check`` console script."""

from .entry import main

__all__ = ["main"]
