"""The check report's output formats, side by side: ``--format`` name → what writes it.

Every entry takes the results of a run, the run's facts (``RunInfo``: dates, data, language)
and ``quiet``, and returns the whole document exactly as it goes to standard output. Each
imports its renderer when called, so a run loads only the one it uses (no SARIF or HTML code
for a text check). ``--format`` offers exactly these names (``cli.OutputFormat`` is built from
them): a new format is one function in the report layer and one line in ``RENDERERS``.

The text report drawn with colours on a terminal is the one exception: rich draws ``text`` and
``table`` straight to the terminal (``text.render_text``). Anywhere else ``text`` is one problem
a line (``text.render_lines``, as ``lines`` is everywhere), and ``table`` the same box table drawn
plainly (``text.render_plain``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..check.results import DeckResult, RunInfo


def _lines(results: Sequence[DeckResult], info: RunInfo, quiet: bool) -> str:
    from .text import render_lines

    return render_lines(results, info, quiet=quiet)


def _table(results: Sequence[DeckResult], info: RunInfo, quiet: bool) -> str:
    from .text import render_plain

    return render_plain(results, info, quiet=quiet)


def _json(results: Sequence[DeckResult], info: RunInfo, quiet: bool) -> str:
    from .json_doc import render_json

    return render_json(results, info) + "\n"


def _github(results: Sequence[DeckResult], info: RunInfo, quiet: bool) -> str:
    from .github import render_github

    return render_github(results, info.lang)


def _sarif(results: Sequence[DeckResult], info: RunInfo, quiet: bool) -> str:
    from .sarif import render_sarif

    return render_sarif(results, info) + "\n"


def _html(results: Sequence[DeckResult], info: RunInfo, quiet: bool) -> str:
    from .html_page import render_html

    return render_html(results, info)


def write_document(name: str, results: Sequence[DeckResult], info: RunInfo, quiet: bool, out) -> None:
    """Write the ``name`` document to ``out``: HTML piece by piece (a deck's section at a time, so a
    page of 30,000 decks is never held whole), the others as ``RENDERERS`` returns them."""
    if name == "html":
        from .html_page import html_pieces

        for piece in html_pieces(results, info):
            out.write(piece)
        return
    out.write(RENDERERS[name](results, info, quiet))


# JSON, SARIF and HTML ignore ``quiet``: a machine reads every deck, and a page has its own filter.
RENDERERS: dict[str, Callable[[Sequence[DeckResult], RunInfo, bool], str]] = {
    "text": _lines,  # off a terminal; on one, rich draws the table (cli.commands)
    "lines": _lines,
    "table": _table,
    "json": _json,
    "github": _github,
    "sarif": _sarif,
    "html": _html,
}
