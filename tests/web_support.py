"""What the web page's tests share (tests/web/, tests/report/test_in_memory.py): the decklists the
page is checked on, each with the file name it is checked as, and the CLI's own output for one,
the oracle the page must equal byte for byte.

The site is built by tools/build_site.py from the download cache it fills (``--fetch``, which
.ci/run runs before the suite): the tests never touch the network, and skip with one line when
the cache, Chromium or Playwright is missing.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
from pathlib import Path

from support import BD4, deck_lines

from duepa_check.cli import main

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
AS_OF = "2026-12-06"  # past the data date: the stale-regulation and unconfirmed warnings show too


def _yaml_deck() -> str:
    lines = deck_lines(BD4)
    partner = next(line.split(":", 1)[1].strip() for line in lines if line.startswith("パートナー"))
    cards = [line[2:] for line in lines if line[:2] == "1 "]
    return "partner: " + partner + "\ncards:\n" + "".join(f"  - {name}\n" for name in cards)


def _json_deck() -> str:
    import json

    text = _yaml_deck()
    partner = text.splitlines()[0].split(": ", 1)[1]
    cards = [line[4:] for line in text.splitlines()[2:]]
    return json.dumps({"partner": partner, "cards": cards}, ensure_ascii=False)


def oracle_cases() -> list[tuple[str, str, str]]:
    """(case id, file name, text): every deck of tests/fixtures/decks, every decklist of
    tests/fixtures in each layout it holds (text, Markdown, CSV, exports), the submission sheet
    (many decks in one CSV: sheets/responses.csv), the spreadsheet as TSV,
    a YAML and a JSON deck, and a deck with unknown names (close names searched)."""
    cases = []
    for path in sorted(FIXTURES.rglob("*")):
        if not path.is_file() or path.suffix not in (".txt", ".md", ".csv", ".tsv"):
            continue
        if path.name == "README.md" or {"official", "official_real", "english"} & set(path.parts):
            continue  # the official site's pages and the English-name tools' tables are no decklists
        cases.append((str(path.relative_to(FIXTURES)), path.name, path.read_text(encoding="utf-8")))
    lines = deck_lines(BD4)
    lines[30:32] = ["1 ボルシャック・ドラゴソ", "1 ボルメテウス・ホワイト・ドラゴ"]
    cases.append(("unknown-names", "typos.txt", "\n".join(lines) + "\n"))
    spreadsheet = (FIXTURES / "layouts" / "spreadsheet.csv").read_text(encoding="utf-8")
    cases.append(("tsv", "deck.tsv", spreadsheet.replace(",", "\t")))
    cases.append(("yaml", "deck.yaml", _yaml_deck()))
    cases.append(("json", "deck.json", _json_deck()))
    return cases


def cli_output(folder: Path, name: str, text: str, output_format: str, lang: str, as_of: str = AS_OF):
    """(exit code, standard output) of ``duepa-check NAME --format F --as-of D --lang L`` run in
    ``folder`` on a file NAME holding ``text`` (UTF-8)."""
    (folder / name).write_text(text, encoding="utf-8")
    out = io.StringIO()
    here = Path.cwd()
    os.chdir(folder)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            code = main([name, "--format", output_format, "--as-of", as_of, "--lang", lang])
    finally:
        os.chdir(here)
    return code, out.getvalue()


def have_playwright() -> bool:
    return importlib.util.find_spec("playwright") is not None


def build_site_module():
    """tools/build_site.py as a module (tools/ is no package)."""
    spec = importlib.util.spec_from_file_location("duepa_build_site", ROOT / "tools" / "build_site.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def site_inputs_key() -> str:
    """A hash of everything the site is built from: a built site is reused until one changes."""
    import hashlib

    digest = hashlib.sha256()
    for folder in ("duepa_check", "card_data", "tools/web"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    for name in ("pyproject.toml", "README.md", "tools/build_site.py"):
        digest.update(name.encode() + b"\0" + (ROOT / name).read_bytes())
    return digest.hexdigest()[:20]


def why_no_site() -> str | None:
    """Why the page's tests skip here (None: they run)."""
    import browser_support

    reason = browser_support.why_no_browser()
    if reason:
        return reason.replace("real-browser test", "web page test")
    if not have_playwright():
        return "web page test: playwright is not installed (pip install -e '.[test]')"
    build = build_site_module()
    lacking = build.missing(build.cache_dir())
    if lacking:
        return (
            f"web page test: the download cache lacks {lacking[0]}"
            " (python tools/build_site.py --fetch; .ci/run does this)"
        )
    return None


def built_site() -> Path:
    """The site built from this checkout, offline, from the cache (reused while its inputs are unchanged)."""
    import shutil
    import tempfile

    build = build_site_module()
    sites = build.cache_dir() / "sites"
    target = sites / site_inputs_key()
    if not (target / "sw.js").is_file():
        sites.mkdir(parents=True, exist_ok=True)
        scratch = Path(tempfile.mkdtemp(prefix="building-", dir=sites))
        build.build(scratch / "site")
        try:
            (scratch / "site").rename(target)
        except OSError:  # another worker got there first: its site is the same
            pass
        shutil.rmtree(scratch, ignore_errors=True)
    return target
