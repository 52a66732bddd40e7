"""The output formats are one table (renderers.RENDERERS): --format offers its names, each
renders a run to the bytes the CLI writes, and a run imports only the renderer it uses."""

from __future__ import annotations

import subprocess
import sys

import pytest
from support import BD4, DECKS, run

from duepa_check.cli.app import OutputFormat
from duepa_check.report.renderers import RENDERERS


def test_format_choices_are_the_renderers_names():
    assert (
        [member.value for member in OutputFormat]
        == list(RENDERERS)
        == ["text", "lines", "table", "json", "github", "sarif", "html"]
    )


@pytest.mark.parametrize("name", list(RENDERERS))
def test_the_cli_writes_what_the_renderer_returns(capsys, name):
    from datetime import date

    from duepa_check.check.checker import Checker, CheckOptions
    from duepa_check.check.results import RunInfo
    from duepa_check.data.pool import CardPool
    from duepa_check.data.regulation import load_current

    regulation = load_current(None)
    results = Checker(
        CardPool.load(), regulation, CheckOptions(as_of=date(2026, 3, 16), with_stats=name == "html")
    ).check_all([DECKS / BD4])
    expected = RENDERERS[name](results, RunInfo(date(2026, 3, 16), regulation.data_date, "embedded"), False)
    shown = run(capsys, DECKS / BD4, "--format", name, "--as-of", "2026-03-16")
    assert shown.code == 0 and shown.out == expected
    assert expected.endswith("\n") or (name == "github" and expected == "")  # a legal deck: no workflow command


def test_a_text_check_does_not_import_the_other_renderers():
    code = (
        "import sys; from duepa_check.cli import main; main([sys.argv[1], '--as-of', '2026-03-16']);"
        "print(sorted(m for m in ('duepa_check.report.sarif', 'duepa_check.report.html_page', "
        "'duepa_check.report.charts') if m in sys.modules), file=sys.stderr)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(DECKS / BD4)], capture_output=True, text=True, encoding="utf-8"
    )
    assert done.stderr.strip().splitlines()[-1] == "[]", done.stderr
