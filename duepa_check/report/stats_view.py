"""A deck's shape shown: the rich view (bars per cost, civilization and type) and the SVG
picture written by ``--svg``. The counting is ``stats``'s; its ``--format json`` is ``json_doc``'s.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

from ..analysis.stats import DeckStats
from ..errors import DuepaError

if TYPE_CHECKING:
    from rich.console import JustifyMethod

BAR = "█"
BAR_WIDTH = 40  # the longest bar, in cells; shorter bars are scaled to it when a count is larger


# ---------------------------------------------------------------------------- rendering (rich)


def bar_length(count: int, largest: int, width: int = BAR_WIDTH) -> int:
    """One cell per card; scaled down to ``width`` for the largest count. Any card shows."""
    if count <= 0:
        return 0
    if largest <= width:
        return count
    return max(1, math.ceil(count * width / largest))


def _bar_table(rows: list[tuple[str, int, str]], label_justify: JustifyMethod):
    """A borderless grid: label, bar (styled), count."""
    from rich.table import Table

    from .wording import cell

    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify=label_justify, no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column(justify="right", no_wrap=True)
    largest = max((count for _, count, _ in rows), default=0)
    for label, count, style in rows:
        bar = BAR * bar_length(count, largest)
        grid.add_row(cell(label), f"[{style}]{bar}[/]" if bar else "", str(count))
    return grid


def render_stats(console, stats: DeckStats, lang: str = "en") -> None:
    """Print the deck's shape to a rich Console: header, curve, civilizations, types, totals."""
    from rich.markup import escape
    from rich.padding import Padding

    from ..linebreak import breaking_line
    from ..messages import msg, text
    from ..printable import printable
    from .wording import CIVILIZATION_STYLES, cell, civilization_markup

    partner = (
        text(
            msg(
                "report.partner",
                name=cell(stats.partner_name),
                civilizations=civilization_markup(stats.partner_civilizations, lang),
            ),
            lang,
        )
        if stats.partner_name is not None
        else f"[red]{escape(text(msg('report.no-partner'), lang))}[/]"
    )
    header = text(
        msg("report.header", path=f"[bold]{cell(printable(stats.path))}[/]", partner=partner, count=stats.card_count),
        lang,
    )
    console.print(breaking_line(header))
    sections: tuple[tuple[str, JustifyMethod, list[tuple[str, int, str]]], ...] = (
        ("stats.curve", "right", [(bucket, count, "cyan") for bucket, count in stats.curve.items()]),
        (
            "stats.civilizations",
            "left",
            [(c, count, CIVILIZATION_STYLES.get(c, "dim")) for c, count in stats.civilizations.items()],
        ),
        ("stats.types", "left", [(kind, count, "magenta") for kind, count in stats.types.items()]),
    )
    for title, justify, rows in sections:
        console.print()
        console.print(f"[bold]{escape(text(msg(title), lang))}[/]")
        console.print(Padding(_bar_table(rows, justify), (0, 0, 0, 2), expand=False))
    average = f"{stats.average_cost:.2f}" if stats.average_cost is not None else "-"
    console.print()
    totals = msg("stats.totals", twinpacts=stats.twinpacts, multicolor=stats.multicolor, average=average)
    console.print(breaking_line(escape(text(totals, lang))))


class SvgWriteError(DuepaError):
    """``--svg PATH`` cannot be written (one line: the path and why)."""


def export_svg(stats: DeckStats, lang: str = "en") -> str:
    """The deck's shape as an SVG document (``charts.render_chart``; not rich's terminal picture)."""
    from .charts import render_chart

    return render_chart(stats, lang) + "\n"


def write_svg(stats: DeckStats, path: Path, lang: str = "en") -> None:
    """Write the SVG picture to ``path``; a path that cannot be written is SvgWriteError."""
    document = export_svg(stats, lang)
    try:
        Path(path).write_text(document, encoding="utf-8")
    except OSError as error:
        from ..messages import msg

        raise SvgWriteError(msg("error.svg-write", path=path, why=error.strerror or error)) from None
