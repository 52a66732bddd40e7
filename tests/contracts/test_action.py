"""action.yml, the composite GitHub Action: its inputs, and its `run:` steps run as a runner would (runner_support).

Each `run:` step is run with bash the way GitHub runs a composite step (``bash --noprofile
--norc -eo pipefail``), in a temporary workspace, with every ``${{ inputs.X }}`` replaced by the
input's default. Two things stand in for the runner: the ``uses:`` step (actions/setup-python)
is not run, and the install step's ``python`` is a stand-in that records its command (a real
``pip install`` needs the network); the check step then runs the ``duepa-check`` this test
suite runs.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from runner_support import RUNNER_FILES
from runner_support import run_steps as runner_steps
from support import BD4, BD6, DECKS, make_deck

ROOT = Path(__file__).resolve().parents[2]
ACTION = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))


def defaults() -> dict[str, str]:
    return {name: str(spec.get("default", "")) for name, spec in ACTION["inputs"].items()}


def run_steps(workspace: Path, inputs: dict[str, str]) -> dict[str, subprocess.CompletedProcess]:
    """Run every `run:` step of action.yml in order, as the runner would (runner_support)."""
    return runner_steps(ACTION["runs"]["steps"], workspace, inputs, {"GITHUB_ACTION_PATH": str(ROOT)})


@pytest.fixture
def workspace(tmp_path):
    """A tournament repository: decks/ holds two legal product decks."""
    root = tmp_path / "workspace"
    (root / "decks").mkdir(parents=True)
    for deck in (BD4, BD6):
        shutil.copy(DECKS / deck, root / "decks" / deck)
    return root


def test_action_declares_the_inputs_and_is_composite():
    assert ACTION["runs"]["using"] == "composite"
    assert set(ACTION["inputs"]) == {"paths", "as-of", "config", "lang", "strict", "html-report", "python-version"}
    assert all(spec.get("description") for spec in ACTION["inputs"].values())
    assert ACTION["outputs"]["html-report"]["value"] == "${{ steps.check.outputs.html-report }}"
    uses = [step["uses"] for step in ACTION["runs"]["steps"] if "uses" in step]
    assert uses == ["actions/setup-python@v5"]
    for step in ACTION["runs"]["steps"]:  # inputs go through env, never into the script text
        assert "inputs." not in step.get("run", "")


def test_run_steps_with_the_defaults_pass_on_legal_decks(workspace):
    inputs = defaults()
    done = run_steps(workspace, inputs)
    assert list(done) == ["install", "check"]
    install_log = (workspace.parent / "shim" / "python.log").read_text(encoding="utf-8")
    assert install_log.split() == ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", str(ROOT)]
    check = done["check"]
    assert check.returncode == 0, check.stdout + check.stderr
    # annotations: warnings only (today is past the data's date by months), on the deck files
    assert all(
        line.startswith(("::warning file=decks/", "duepa-check: HTML report")) for line in check.stdout.splitlines()
    )
    report = workspace / inputs["html-report"]
    page = report.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "DM23-BD4.txt" in page and "DM24-BD6.txt" in page
    assert f"html-report={inputs['html-report']}" in (workspace.parent / "github_output").read_text(encoding="utf-8")


def test_an_illegal_deck_fails_the_step_and_still_writes_the_report(workspace):
    make_deck(workspace / "decks", BD4, replace={30: "1 フェアリー・シャワー"}, name="wrong colour.txt")
    done = run_steps(workspace, {**defaults(), "as-of": "2026-03-16"})
    check = done["check"]
    assert check.returncode == 1
    assert re.search(r"^::error file=decks/wrong colour\.txt,line=30,title=DP005 civilization::", check.stdout, re.M)
    page = (workspace / "duepa-check-report.html").read_text(encoding="utf-8")
    assert "wrong colour.txt" in page and "DP005" in page


def test_strict_and_a_report_in_a_folder(workspace):
    done = run_steps(workspace, {**defaults(), "strict": "true", "html-report": "out/report.html"})
    assert done["check"].returncode == 1  # the stale-data warnings fail under strict
    assert (workspace / "out" / "report.html").is_file()


def test_paths_with_spaces_one_per_line(workspace):
    (workspace / "decks").rename(workspace / "deck lists")
    done = run_steps(
        workspace,
        {
            **defaults(),
            "paths": "deck lists/DM23-BD4.txt\ndeck lists/DM24-BD6.txt",
            "as-of": "2026-03-16",
            "html-report": "",
        },
    )
    assert done["check"].returncode == 0, done["check"].stderr
    assert not (workspace / "duepa-check-report.html").exists()


def test_docs_show_the_workflow():
    for name in ("docs/ci.md", "docs/ci.ja.md"):
        page = (ROOT / name).read_text(encoding="utf-8")
        assert "uses: OWNER/duepa-check@main" in page
        block = page[page.index("uses: OWNER/duepa-check@main") - 200 :]
        assert "paths:" in block and "upload-artifact" in block


def recorded_calls(workspace: Path, inputs: dict[str, str]) -> tuple[dict, list[list[str]]]:
    """Run the steps with a stand-in ``duepa-check`` first on PATH that records its arguments and
    runs the real one; (the steps' results, each call's arguments)."""
    shim = workspace.parent / "shim"
    shim.mkdir(exist_ok=True)
    log = workspace.parent / "duepa-check.log"
    real = Path(sys.executable).parent / "duepa-check"
    (shim / "duepa-check").write_text(
        f'#!/bin/sh\nfor a in "$@"; do printf "%s\\t" "$a"; done >> "{log}"\necho >> "{log}"\nexec "{real}" "$@"\n',
        encoding="utf-8",
    )
    (shim / "duepa-check").chmod(0o755)
    done = run_steps(workspace, inputs)
    calls = [line.rstrip("\t").split("\t") for line in log.read_text(encoding="utf-8").splitlines() if line]
    return done, calls


@pytest.mark.parametrize(
    "name, value, expected",
    [
        ("as-of", "2026-03-16", ["--as-of", "2026-03-16"]),
        ("config", "club.yaml", ["--config", "club.yaml"]),
        ("lang", "ja", ["--lang", "ja"]),
        ("strict", "true", ["--strict"]),
    ],
)
def test_each_input_reaches_duepa_check(workspace, name, value, expected):
    """An input dropped from action.yml (its env line, or its options+= line) fails here."""
    (workspace / "club.yaml").write_text("deck_size: 60\n", encoding="utf-8")
    done, calls = recorded_calls(workspace, {**defaults(), name: value})
    assert done["check"].returncode in (0, 1), done["check"].stderr
    assert len(calls) == 2  # the annotations, then the HTML report
    for call in calls:
        at = [i for i in range(len(call)) if call[i : i + len(expected)] == expected]
        assert at, (name, call)
    without, plain = recorded_calls(workspace, defaults()) if name != "strict" else (None, [])
    for call in plain[-2:]:
        assert expected[0] not in call


def test_the_html_report_input_names_the_file_written(workspace):
    done, calls = recorded_calls(workspace, {**defaults(), "html-report": "reports/organizer.html"})
    assert [call[call.index("--format") + 1] for call in calls] == ["github", "html"]
    assert (workspace / "reports" / "organizer.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert "html-report=reports/organizer.html" in (workspace.parent / "github_output").read_text(encoding="utf-8")


# ---------------------------------------------------------------------------- the runner's files


def _redirects(script: str) -> list[tuple[str, str]]:
    """(how, variable) of every write of a script into a runner file: how is '>>' (appends: '>>', 'tee
    -a') or '>' (rewrites: '>', 'tee'); '>"${GITHUB_OUTPUT:-/dev/null}"' counts as $GITHUB_OUTPUT."""
    found = re.findall(r"(>>|>|\btee\s+-a\b|\btee\b)\s*\"?\$\{?(GITHUB_[A-Z_]+)", script)
    return [(">>" if operator in (">>", "tee -a") else ">", variable) for operator, variable in found]


def test_every_runner_file_the_action_writes_is_appended_to():
    """Each redirect into $GITHUB_OUTPUT (or any runner file) is '>>': '>' would wipe what earlier
    steps wrote there. The action writes its one output this way and no other runner file."""
    redirects = [found for step in ACTION["runs"]["steps"] for found in _redirects(step.get("run", ""))]
    assert redirects and {variable for _, variable in redirects} <= set(RUNNER_FILES), redirects
    assert all(operator == ">>" for operator, _ in redirects), redirects
    written = 'echo a > "$GITHUB_OUTPUT"; echo b >>${GITHUB_ENV}; echo c | tee -a "$GITHUB_STEP_SUMMARY"'
    assert _redirects(written) == [(">", "GITHUB_OUTPUT"), (">>", "GITHUB_ENV"), (">>", "GITHUB_STEP_SUMMARY")]


def _earlier_steps(workspace: Path) -> dict[str, str]:
    """What earlier steps of the job left in each runner file (an output in the multi-line form too)."""
    earlier = {
        "GITHUB_OUTPUT": "version=1.2.3\nnotes<<EOF\nfirst line\nsecond line\nEOF\n",
        "GITHUB_STEP_SUMMARY": "## Earlier step\n\nIts summary.\n",
        "GITHUB_ENV": "EARLIER=yes\n",
        "GITHUB_PATH": "/opt/earlier/bin\n",
        "GITHUB_STATE": "earlier=1\n",
    }
    for variable, content in earlier.items():
        (workspace.parent / variable.lower()).write_text(content, encoding="utf-8")
    return earlier


@pytest.mark.parametrize(
    "report, legal", [("duepa-check-report.html", True), ("out/organizer.html", False), ("", True)]
)
def test_what_earlier_steps_wrote_survives_and_each_output_is_added_once(workspace, report, legal):
    """Start from runner files holding earlier steps' lines: after the steps each still starts with
    them, and $GITHUB_OUTPUT gains exactly one line per output the action declares (html-report: the
    path, or nothing when no report is asked for), whether the check passes or fails."""
    if not legal:
        make_deck(workspace / "decks", BD4, replace={30: "1 フェアリー・シャワー"}, name="wrong colour.txt")
    earlier = _earlier_steps(workspace)
    done = run_steps(workspace, {**defaults(), "as-of": "2026-03-16", "html-report": report})
    assert done["check"].returncode == (0 if legal else 1), done["check"].stderr
    after = {variable: (workspace.parent / variable.lower()).read_text(encoding="utf-8") for variable in RUNNER_FILES}
    declared = {name: spec["value"] for name, spec in ACTION["outputs"].items()}
    assert declared == {"html-report": "${{ steps.check.outputs.html-report }}"}  # the outputs written below
    added = after["GITHUB_OUTPUT"].removeprefix(earlier["GITHUB_OUTPUT"])
    assert after["GITHUB_OUTPUT"].startswith(earlier["GITHUB_OUTPUT"]), after["GITHUB_OUTPUT"]
    assert added == (f"html-report={report}\n" if report else "")
    del after["GITHUB_OUTPUT"], earlier["GITHUB_OUTPUT"]
    assert after == earlier  # the files the action does not write are as the earlier steps left them
