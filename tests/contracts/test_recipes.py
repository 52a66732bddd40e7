"""Every CI and hook recipe the README, docs/ci.md and action.yml print, run as printed on a deck
repository kept the ordinary way (issue 47, §3): decks in folders beside a README.md, a notes.txt,
an mkdocs.yml, a package.json, .github/workflows/, .pre-commit-config.yaml and a PNG.

Each recipe passes when the decks are legal and fails with the deck's problems when one is not; no
recipe fails on a file that is no decklist. `duepa-check decks/` failed on decks/notes.txt (DP001,
DP003 and a DP100 a line) until a folder walk left out files that are no decklists.

The recipes are read from the pages, not copied here: the shell lines of docs/ci.md, its workflow
(each job's `run:` steps through runner_support, the runner the Action's tests use), the Action
step with the `with:` it shows, and the pre-commit configurations of README and docs/ci.md (with and
without `files:`), whose files are chosen as pre-commit chooses them: the configuration's `files`
and `exclude` over the hook manifest's.
"""

from __future__ import annotations

import json
import re
import shutil
import struct
import textwrap
import zlib
from pathlib import Path

import pytest
import yaml
from runner_support import run_steps
from support import BD4, BD6, DECKS, WRONG_CIV_LINE, broken_deck_text, run

ROOT = Path(__file__).resolve().parents[2]
ACTION = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
HOOKS = {hook["id"]: hook for hook in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))}
NOT_DECKS = ("README.md", "notes.txt", "mkdocs.yml", "package.json", "cover.png", ".pre-commit-config.yaml")


def blocks(page: str, language: str) -> list[str]:
    """The fenced code blocks of a page in ``language``, dedented."""
    text = (ROOT / page).read_text(encoding="utf-8")
    return [textwrap.dedent(body) for body in re.findall(rf"```{language}\n(.*?)```", text, re.S)]


def yaml_block(page: str, holding: str) -> object:
    (found,) = [block for block in blocks(page, "yaml") if holding in block]
    return yaml.safe_load(found)


def _png() -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\0\xff\xff\xff"))
        + chunk(b"IEND", b"")
    )


def repository(root: Path, legal: bool) -> Path:
    """A deck repository: decks/ and submissions/ (the folders the recipes name) each with two
    product decks in folders, a notes.txt of prose, a README.md and a PNG; an illegal deck in both
    when not ``legal``; the repository's own README, notes, mkdocs.yml, package.json, the workflow
    and the hook configuration of the docs."""
    workspace = root / "workspace"
    texts = {
        "README.md": "# Our decks\n\nThe club's lists for Saturday.\n",
        "notes.txt": "Tournament on Saturday, 13:00.\nBring sleeves and dice.\n",
        "mkdocs.yml": "site_name: Our decks\nnav:\n  - Home: index.md\n",
        "package.json": '{"name": "decks", "version": "1.0.0", "scripts": {"docs": "mkdocs build"}}\n',
        ".github/workflows/decks.yml": next(b for b in blocks("docs/ci.md", "yaml") if "jobs:" in b),
        ".pre-commit-config.yaml": next(b for b in blocks("README.md", "yaml") if "repos:" in b),
    }
    for folder in ("decks", "submissions"):
        texts[f"{folder}/spring/{BD4}"] = (DECKS / BD4).read_text(encoding="utf-8")
        texts[f"{folder}/{BD6}"] = (DECKS / BD6).read_text(encoding="utf-8")
        texts[f"{folder}/notes.txt"] = "Remember: 60 cards, one partner!\nSwap decks after round 2.\n"
        texts[f"{folder}/README.md"] = "# Decks\n\nOne file a deck.\n"
        if not legal:
            texts[f"{folder}/illegal.txt"] = broken_deck_text()
    for name, text in texts.items():
        (workspace / name).parent.mkdir(parents=True, exist_ok=True)
        (workspace / name).write_text(text, encoding="utf-8")
    for folder in ("decks", "submissions"):
        (workspace / folder / "cover.png").write_bytes(_png())
    return workspace


def _not_a_deck_failed(output: str) -> list[str]:
    """Lines that judge a file that is no decklist (a 'not a decklist, skipped' line does not)."""
    return [
        line
        for line in output.splitlines()
        if any(name in line for name in NOT_DECKS) and "not a decklist, skipped" not in line
    ]


@pytest.fixture(params=[True, False], ids=["legal", "illegal"])
def decks(request, tmp_path):
    return repository(tmp_path, request.param), request.param


# ---------------------------------------------------------------------------- docs/ci.md's shell lines


def test_the_shell_recipes_of_ci_md_as_printed(decks):
    workspace, legal = decks
    lines = [line for block in blocks("docs/ci.md", "sh") for line in block.splitlines() if line.strip()]
    assert len(lines) >= 2 and all(line.startswith("duepa-check decks/") for line in lines)
    (shell,) = run_steps([{"run": "\n".join(lines[:1])}], workspace).values()  # --format github
    assert shell.returncode == (0 if legal else 1), shell.stdout + shell.stderr
    assert _not_a_deck_failed(shell.stdout + shell.stderr) == []
    errors = [line for line in shell.stdout.splitlines() if line.startswith("::error")]
    assert errors == [] if legal else errors and all("file=decks/illegal.txt" in line for line in errors)
    assert legal or f"file=decks/illegal.txt,line={WRONG_CIV_LINE},title=DP005" in shell.stdout
    for line in lines[1:]:  # the SARIF file for code scanning: --exit-zero, the problems inside
        (sarif,) = run_steps([{"run": line}], workspace).values()
        assert sarif.returncode == 0, sarif.stderr
        document = json.loads((workspace / "duepa-check.sarif").read_text(encoding="utf-8"))
        uris = {
            location["physicalLocation"]["artifactLocation"]["uri"]
            for result in document["runs"][0]["results"]
            if result["level"] == "error"
            for location in result["locations"]
        }
        assert uris == (set() if legal else {"decks/illegal.txt"})


# ---------------------------------------------------------------------------- docs/ci.md's workflow


def test_the_workflow_of_ci_md_runs_each_job_as_printed(decks):
    workspace, legal = decks
    workflow = yaml.safe_load((workspace / ".github/workflows/decks.yml").read_text(encoding="utf-8"))
    assert set(workflow["jobs"]) == {"check", "code-scanning"}
    for name, job in workflow["jobs"].items():
        done = run_steps(job["steps"], workspace)
        last = list(done.values())[-1]
        installs = (workspace.parent / "shim" / "pip.log").read_text(encoding="utf-8")
        assert "git+https://github.com/OWNER/duepa-check@main" in installs  # the install step ran (stand-in)
        assert _not_a_deck_failed(last.stdout + last.stderr) == []
        if name == "check":
            assert last.returncode == (0 if legal else 1), last.stdout + last.stderr
            assert legal or re.search(rf"^::error file=decks/illegal\.txt,line={WRONG_CIV_LINE},", last.stdout, re.M)
        else:
            assert last.returncode == 0 and (workspace / "duepa-check.sarif").is_file()


def test_the_action_step_of_ci_md_runs_with_its_inputs(decks):
    workspace, legal = decks
    steps = yaml_block("docs/ci.md", "uses: OWNER/duepa-check@main")
    (step,) = [step for step in steps if step["uses"].startswith("OWNER/duepa-check")]
    inputs = {name: str(spec.get("default", "")) for name, spec in ACTION["inputs"].items()}
    inputs.update({name: str(value) for name, value in step["with"].items()})
    done = run_steps(ACTION["runs"]["steps"], workspace, inputs, {"GITHUB_ACTION_PATH": str(ROOT)})
    check = done["check"]
    assert check.returncode == (0 if legal else 1), check.stdout + check.stderr
    assert _not_a_deck_failed(check.stdout + check.stderr) == []
    assert legal or f"::error file=submissions/illegal.txt,line={WRONG_CIV_LINE}," in check.stdout
    (upload,) = [step for step in steps if step["uses"].startswith("actions/upload-artifact")]
    page = (workspace / upload["with"]["path"]).read_text(encoding="utf-8")  # what the upload step finds
    assert "DM23-BD4.txt" in page and "notes.txt" not in page


# ---------------------------------------------------------------------------- the pre-commit hook


HOOK_CONFIGS = {
    "README.md": yaml_block("README.md", "repos:"),  # no files: every staged file the manifest selects
    "docs/ci.md": yaml_block("docs/ci.md", "repos:"),  # files: ^decks/ over the manifest's
}


def staged(workspace: Path) -> list[str]:
    """Every file of the repository, as `pre-commit run --all-files` lists them."""
    return sorted(path.relative_to(workspace).as_posix() for path in workspace.rglob("*") if path.is_file())


@pytest.mark.parametrize("page", sorted(HOOK_CONFIGS))
def test_the_hook_configurations_as_printed(capsys, monkeypatch, decks, page):
    workspace, legal = decks
    monkeypatch.chdir(workspace)
    (configured,) = [hook for repo in HOOK_CONFIGS[page]["repos"] for hook in repo["hooks"]]
    hook = {**HOOKS[configured["id"]], **configured}  # pre-commit: the configuration's keys over the manifest's
    assert ("files" in configured) is (page == "docs/ci.md")
    files = [
        name
        for name in staged(workspace)
        if re.search(hook["files"], name) and not re.search(hook.get("exclude", "^$"), name)
    ]
    assert "decks/notes.txt" in files and (f"decks/spring/{BD4}" in files)
    assert ("submissions/notes.txt" in files) is (page == "README.md")
    entry = hook["entry"].split()
    assert entry[0] == "duepa-check"
    done = run(capsys, *entry[1:], *hook.get("args", []), *files)
    assert done.code == (0 if legal else 1), done.out + done.err
    assert _not_a_deck_failed(done.out + done.err) == []
    assert "decks/notes.txt: not a decklist, skipped" in done.err
    assert legal or re.search(rf"^decks/illegal\.txt:{WRONG_CIV_LINE}: DP005 ", done.out, re.M)


def test_a_folder_walk_still_checks_a_list_of_misspelt_names(capsys, tmp_path, monkeypatch):
    """Leaving prose out of a walk leaves no mistake out: a list of typos fails with DP100."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "typos.txt").write_text("1 ボルシャクドラゴン\n1 フェアリライフ\n", encoding="utf-8")
    shutil.copy(DECKS / BD6, tmp_path / "decks" / BD6)
    done = run(capsys, "decks/", "--as-of", "2026-03-16", "--format", "json")
    assert done.code == 1
    checked = {deck["path"]: deck for deck in done.json["decks"]}
    assert set(checked) == {"decks/typos.txt", f"decks/{BD6}"}
    assert {v["rule"] for v in checked["decks/typos.txt"]["violations"]} >= {"DP100"}


def test_a_folder_of_no_decklist_is_an_error_not_an_empty_pass(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "notes.txt").write_text("Bring sleeves and dice.\n", encoding="utf-8")
    done = run(capsys, "decks/")
    assert done.code == 2
    assert done.err.splitlines() == [
        "decks/notes.txt: not a decklist, skipped",
        "duepa-check: decks: folder holds no decklist files (.txt, .dek, .deck, .yaml, .yml, .json)",
    ]
