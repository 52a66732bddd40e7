"""The command line: ``duepa_check.cli:main`` is the ``duepa-check`` console script."""

from .app import main

__all__ = ["main"]
