"""What choosing the language and loading its catalogue cost in a fresh process (ms).

    python benchmarks/lang_startup.py LANG

Run by benchmarks/run.py in a fresh interpreter per sample, after typer (which every check
imports first): it times only what i18n adds to one check — importing
duepa_check.messages, choosing the language from the options, environment and locale, loading
the catalogue module, and putting the report's words of one broken deck into that language.
Prints one number: milliseconds.
"""

from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import typer  # noqa: E402,F401 - loaded by every check before any text is made

lang = sys.argv[1] if len(sys.argv) > 1 else "en"
start = time.perf_counter()
from duepa_check.check.session import choose_language  # noqa: E402
from duepa_check.messages import Msg, catalogue, text  # noqa: E402

chosen = choose_language(lang, os.environ)
catalogue(chosen)
for key in ("report.header", "report.verdict.not-legal", "count.error.other", "report.data", "civilization.outside"):
    text(
        Msg(
            key,
            {
                name: "x"
                for name in (
                    "path",
                    "partner",
                    "count",
                    "as_of",
                    "data_date",
                    "source",
                    "card",
                    "civilizations",
                    "outside",
                )
            },
        ),
        chosen,
    )
print(f"{(time.perf_counter() - start) * 1000:.3f}")
