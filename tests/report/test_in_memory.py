"""The in-memory route (report.in_memory), the web page's only route into the checker, gives what
the CLI prints for a file holding the same text, and --fix's fixes; and it runs with typer, rich
and requests missing, as in the page (issue 53)."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date

import pytest
from support import BD4, deck_lines
from web_support import AS_OF, ROOT, cli_output, oracle_cases

from duepa_check.cli import main
from duepa_check.messages import text as message_text
from duepa_check.report.in_memory import TextChecks


@pytest.fixture(scope="module")
def checks() -> TextChecks:
    return TextChecks()


@pytest.mark.parametrize(("case", "name", "text"), oracle_cases(), ids=[case[0] for case in oracle_cases()])
def test_json_in_japanese_is_the_clis(checks, tmp_path, case, name, text):
    expected = cli_output(tmp_path, name, text, "json", "ja")
    assert checks.run(text, name, as_of=date.fromisoformat(AS_OF), lang="ja") == expected


@pytest.mark.parametrize("output_format", ["text", "json", "sarif", "github", "html"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_format_is_the_clis(checks, tmp_path, output_format, lang):
    lines = deck_lines(BD4)
    lines[30] = "1 ボルシャック・ドラゴソ"
    text = "\n".join(lines) + "\n"
    expected = cli_output(tmp_path, "deck.txt", text, output_format, lang)
    found = checks.run(text, "deck.txt", as_of=date.fromisoformat(AS_OF), lang=lang, output_format=output_format)
    assert found == expected
    assert found[0] == 1


def test_unconfirmed_change_is_the_option_of_the_cli(checks, tmp_path, capsys):
    text = "\n".join(deck_lines(BD4)) + "\n"
    (tmp_path / "deck.txt").write_text(text, encoding="utf-8")
    code = main([str(tmp_path / "deck.txt"), "--format", "json", "--as-of", AS_OF, "--include-unconfirmed"])
    wanted = json.loads(capsys.readouterr().out)["decks"][0]["violations"]
    found = checks.run(text, "deck.txt", as_of=date.fromisoformat(AS_OF), lang="en", include_unconfirmed=True)
    assert found[0] == code
    assert json.loads(found[1])["decks"][0]["violations"] == wanted
    plain = checks.run(text, "deck.txt", as_of=date.fromisoformat(AS_OF), lang="en")
    assert json.loads(plain[1])["decks"][0]["violations"] != wanted  # the option changes something here


def test_a_session_with_house_rules_checks_as_the_cli_with_config(tmp_path, capsys):
    """The route is a check.session.Session's: given one with --config, the text is checked under
    those house rules, as the CLI checks a file with --config."""
    from duepa_check.check.session import Session

    house = tmp_path / "house.yaml"
    house.write_text("deck_size: 40\n", encoding="utf-8")
    text = "\n".join(deck_lines(BD4)) + "\n"
    (tmp_path / "deck.txt").write_text(text, encoding="utf-8")
    code = main([str(tmp_path / "deck.txt"), "--format", "json", "--as-of", AS_OF, "--config", str(house)])
    wanted = json.loads(capsys.readouterr().out)["decks"][0]
    checks = TextChecks(Session(embedded=True, config_path=house))
    found = checks.run(text, "deck.txt", as_of=date.fromisoformat(AS_OF), lang="en")
    assert found[0] == code == 1
    assert json.loads(found[1])["decks"][0]["violations"] == wanted["violations"]
    assert any(v["rule"] == "DP001" for v in wanted["violations"])  # 60 cards where the house says 40


def test_fix_writes_what_fix_writes(checks, tmp_path, capsys):
    lines = deck_lines(BD4)
    lines[40] = lines[40].replace("・", "･")  # half-width middle dot: a spelling --fix mends
    lines[45] = "1 ぼるしゃっく・どらご大王" if "ボルシャック・ドラゴ大王" in lines[45] else lines[45]
    text = "\n".join(lines) + "\n"
    path = tmp_path / "deck.txt"
    path.write_text(text, encoding="utf-8")
    main([str(path), "--fix", "--format", "json", "--as-of", AS_OF])
    capsys.readouterr()
    fixed, fixes = checks.fix(text, "deck.txt")
    assert fixed == path.read_text(encoding="utf-8")
    assert fixed != text and fixes and all(set(fix) == {"line", "from", "to"} for fix in fixes)


def test_a_submission_sheet_is_checked_row_by_row_and_never_rewritten(checks, tmp_path, capsys):
    """A sheet held as text is read as the CLI reads the file: one deck a row (the oracle compares
    the JSON); --fix never rewrites a sheet, so the page's fix has nothing to do."""
    text = (ROOT / "tests" / "fixtures" / "sheets" / "responses.csv").read_text(encoding="utf-8")
    text = text.replace("ガルチェンソ・ドラゴン", "ｶﾞﾙﾁｪﾝｿ・ドラゴン", 1)  # a spelling --fix mends in a decklist
    path = tmp_path / "responses.csv"
    path.write_text(text, encoding="utf-8")
    assert main([str(path), "--fix", "--format", "json", "--as-of", AS_OF, "--lang", "en"]) == 2  # refused: a sheet
    said = capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == text
    assert checks.fix(text, "responses.csv") == (text, [])
    refusal = checks.refused(text, "responses.csv")  # what --fix said on stderr
    assert refusal is not None and message_text(refusal, "en") in said
    unedited = checks.refused(text.replace("ｶﾞﾙﾁｪﾝｿ", "ガルチェンソ"), "responses.csv")
    assert unedited is not None and unedited.args["count"] == refusal.args["count"] - 1
    assert checks.refused("1 ｶﾞﾙﾁｪﾝｿ・ドラゴン\n", "deck.txt") is None  # a decklist is fixed, not refused
    document = json.loads(checks.run(text, "responses.csv", as_of=date.fromisoformat(AS_OF), lang="ja")[1])
    assert [deck["submission"]["row"] for deck in document["decks"]] == [2, 3, 4, 5, 6, 7]


def test_no_decklist_is_nothing_to_fix(checks):
    assert checks.fix("\n\n", "deck.txt") == ("\n\n", [])


BLOCKED = """
import sys
for name in ("typer", "rich", "requests", "click", "pygments", "markdown_it"):
    sys.modules[name] = None  # importing it raises ImportError
from datetime import date
from duepa_check.report.in_memory import TextChecks
checks = TextChecks()
for name, text in ((sys.argv[1], open(sys.argv[2], encoding="utf-8").read()),):
    code, out = checks.run(text, name, as_of=date.fromisoformat(sys.argv[3]), lang="ja")
    print(code)
    print(out, end="")
loaded = sorted(m for m in ("typer", "rich", "requests") if sys.modules.get(m) is not None)
print(loaded)
"""


@pytest.mark.parametrize(
    ("name", "edit"), [("deck.txt", None), ("deck.txt", "1 ボルシャック・ドラゴソ"), ("deck.yaml", None)]
)
def test_the_route_imports_none_of_typer_rich_requests(tmp_path, name, edit):
    lines = deck_lines(BD4)
    if edit:
        lines[30] = edit
    text = "\n".join(lines) + "\n"
    if name.endswith(".yaml"):
        text = next(case[2] for case in oracle_cases() if case[0] == "yaml")
    source = tmp_path / "source.txt"
    source.write_text(text, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", BLOCKED, name, str(source), AS_OF], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    code, rest = done.stdout.split("\n", 1)
    output, loaded = rest.rsplit("\n", 2)[0] + "\n", rest.rsplit("\n", 2)[1]
    folder = tmp_path / "cli"
    folder.mkdir()
    assert (int(code), output) == cli_output(folder, name, text, "json", "ja")
    assert loaded == "[]"


def test_each_deck_of_a_sheet_starts_at_its_cell(checks):
    """report's starts: line 1 of each row's deck cell is that line of the sheet's text (a page
    takes a finding there); a decklist starts at line 1."""
    text = (ROOT / "tests" / "fixtures" / "sheets" / "responses.csv").read_text(encoding="utf-8")
    day = date.fromisoformat(AS_OF)
    _, output, starts, notes = checks.report(text, "responses.csv", as_of=day, lang="ja")
    assert notes == []
    import csv
    import io

    rows = enumerate(csv.reader(io.StringIO(text)), start=1)
    cells = {number: row[3] for number, row in rows if len(row) > 3}  # by the row a spreadsheet shows
    lines = text.splitlines()
    decks = json.loads(output)["decks"]
    assert len(starts) == len(decks) == 6
    for deck, start in zip(decks, starts, strict=True):
        cell = cells[deck["submission"]["row"]]
        first, *rest = cell.split("\n")
        assert lines[start - 1].endswith(first) and lines[start : start + len(rest) - 1] == rest[:-1]
    assert checks.report("1 a\n", "deck.txt", as_of=day, lang="ja").starts == [1]


def test_the_notes_are_the_warnings_the_cli_says_on_stderr(checks, tmp_path, capsys):
    """A sheet whose dates can be read day-first or month-first: the CLI warns on stderr that
    resubmissions are ordered by row; the report hands the same note to the page, once a run."""
    from duepa_check.messages import msg

    deck = "\n".join(deck_lines(BD4))
    rows = [("02/11/2026 15:00", "たろう"), ("10/01/2026 09:00", "たろう"), ("03/11/2026 15:00", "じろう")]
    text = "Timestamp,Player,Decklist\n" + "".join(f'{when},{who},"{deck}"\n' for when, who in rows)
    (tmp_path / "responses.csv").write_text(text, encoding="utf-8")
    code = main([str(tmp_path / "responses.csv"), "--format", "json", "--as-of", AS_OF, "--lang", "en"])
    said = [line for line in capsys.readouterr().err.splitlines() if "warning" in line]
    day = date.fromisoformat(AS_OF)
    for _ in range(2):  # the checker is kept between checks: its notes are not
        found = checks.report(text, "responses.csv", as_of=day, lang="en")
        assert found.exit == code and len(found.notes) == 1
    assert said == [
        message_text(msg("cli.warning", message=found.notes[0]), "en").replace(
            "responses.csv", str(tmp_path / "responses.csv")
        )
    ]
