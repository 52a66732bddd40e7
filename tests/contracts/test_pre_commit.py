"""The pre-commit hook, for real: ``pre-commit try-repo`` installs this project and runs it on a deck repo.

``try-repo`` clones the repository at a commit, so a snapshot of the working tree (tracked and
untracked, not ignored, files: what the next commit would hold) is committed to a throwaway git
repository first; uncommitted work in the checkout is therefore tested too.

pre-commit builds a virtualenv and pip-installs the project from that snapshot (about 30 s, it
needs the package index for the dependencies). ``try-repo`` keeps that environment in its own
temporary store, never in PRE_COMMIT_HOME, so every try-repo run reinstalls: the test makes ONE
run that covers both decks (the hook receives both files; the legal deck's verdict and the
illegal deck's errors are both in its output) and the files the hook must leave alone.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support import BD6, DECKS, DUPLICATE_LINE, WRONG_CIV_CARD, WRONG_CIV_LINE, broken_deck_text

ROOT = Path(__file__).resolve().parents[2]
IGNORED = shutil.ignore_patterns(".git", ".venv", "venv", "__pycache__", "*.egg-info", ".pytest_cache", "build", "dist")


def git(*args: str, cwd: Path) -> str:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "duepa-check tests",
        "GIT_AUTHOR_EMAIL": "tests@example.invalid",
        "GIT_COMMITTER_NAME": "duepa-check tests",
        "GIT_COMMITTER_EMAIL": "tests@example.invalid",
    }
    for name in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"):  # e.g. when run from a git hook
        env.pop(name, None)
    done = subprocess.run(
        ["git", "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def snapshot_project(dest: Path) -> str:
    """Copy the checkout's working tree into a fresh git repo at ``dest``, commit it; return the commit."""
    if (ROOT / ".git").exists() and shutil.which("git"):
        listed = git("ls-files", "-z", "--cached", "--others", "--exclude-standard", cwd=ROOT).split("\0")
        for name in filter(None, listed):
            source = ROOT / name
            if source.is_file():  # a tracked file deleted in the working tree is not copied
                target = dest / name
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, target)
    else:  # an unpacked sdist or similar
        shutil.copytree(ROOT, dest, ignore=IGNORED, dirs_exist_ok=True)
    assert (dest / ".pre-commit-hooks.yaml").is_file() and (dest / "pyproject.toml").is_file()
    git("init", "-q", cwd=dest)
    git("add", "-A", cwd=dest)
    git("commit", "-q", "-m", "snapshot of the working tree", cwd=dest)
    return git("rev-parse", "HEAD", cwd=dest).strip()


PROSE = "Tournament on Saturday, 13:00.\nBring sleeves and dice.\nRemember: 60 cards, one partner!\n"
MKDOCS = "site_name: Our decks\nnav:\n  - Home: index.md\ntheme: material\n"


def deck_repository(path: Path) -> None:
    """A tournament's deck repository: a legal deck, an illegal one, and files that are not decks."""
    path.mkdir()
    files = {
        "decks/legal.txt": (DECKS / BD6).read_text(encoding="utf-8"),
        "decks/illegal.txt": broken_deck_text(),
        # Not decks, though some have a decklist suffix: the hook must not check them.
        ".github/workflows/check.yml": "on: push\njobs: {}\n",
        ".duepa-check.yaml": "{}\n",
        "package.json": "{}\n",
        "requirements.txt": "duepa-check\n",
        "README.md": "# decks\n",
        # Selected by the hook's suffixes but no decklists: listed as skipped, never failing the commit.
        "decks/notes.txt": PROSE,
        "mkdocs.yml": MKDOCS,
    }
    for name, text in files.items():
        (path / name).parent.mkdir(parents=True, exist_ok=True)
        (path / name).write_text(text, encoding="utf-8")
    git("init", "-q", cwd=path)
    git("add", "-A", cwd=path)
    git("commit", "-q", "-m", "decks", cwd=path)


def test_try_repo_fails_the_illegal_deck_and_passes_the_legal_one(tmp_path):
    project = tmp_path / "duepa-check"
    snapshot_project(project)
    decks = tmp_path / "decks"
    deck_repository(decks)
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"), "COLUMNS": "200"}
    for name in ("GITHUB_ACTIONS", "FORCE_COLOR", "TTY_COMPATIBLE", "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"):
        env.pop(name, None)  # the hook prints the text format, as on a player's machine

    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pre_commit",
            "try-repo",
            str(project),
            "duepa-check",
            "--all-files",
            "--color",
            "never",
        ],
        cwd=decks,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=900,
    )
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert re.search(r"^duepa-check\.+Failed$", out, re.MULTILINE), out
    assert "- exit code: 1" in out, out  # a rule violation, not a crash (2) or an install error (3)
    assert "Traceback" not in out
    # The illegal deck: both errors, at their lines.
    # One line a problem, as pre-commit-hooks print (issue 47): 'path:line: DPxxx message (hint: ...)'.
    assert re.search(rf"^decks/illegal\.txt:{WRONG_CIV_LINE}: DP005 《{WRONG_CIV_CARD}》 .* \(hint: ", out, re.M), out
    assert re.search(rf"^decks/illegal\.txt:{DUPLICATE_LINE}: DP002 ", out, re.M), out
    assert "│" not in out and "┏" not in out
    # The legal deck passes; the hook was given exactly the two decks (no workflow, config or package files).
    assert re.search(r"^decks/illegal\.txt  partner .*  ✘ not legal \(2 errors, \d+ warnings?\)$", out, re.M), out
    assert re.search(r"^decks/legal\.txt  partner .*  ✔ legal \(0 errors", out, re.M), out
    assert "2 decks: 1 legal, 2 errors" in out, out
    # Staged files of a decklist suffix that are no decklists: said, not checked, not failing.
    assert "decks/notes.txt: not a decklist, skipped" in out and "mkdocs.yml: not a decklist, skipped" in out, out
    assert "Tournament on Saturday" not in out and "site_name" not in out
    hook_output = out.split("- hook id: duepa-check", 1)[1]
    for not_a_deck in ("check.yml", ".duepa-check.yaml", "package.json", "requirements.txt", "README.md"):
        # (a deck's header names the house-rules file it was checked under: that is not checking it)
        checked = [line for line in hook_output.splitlines() if not_a_deck in line.split("house rules ")[0]]
        assert not checked, out


@pytest.mark.parametrize(
    ("path", "checked"),
    [
        ("decks/モモキング.txt", True),
        ("decks/a.TXT", True),
        ("decks/a.yaml", True),
        ("decks/a.yml", True),
        ("decks/a.json", True),
        ("decks/a.dek", True),
        ("decks/a.deck", True),
        ("decks/a.md", False),
        (".pre-commit-config.yaml", False),
        (".duepa-check.yaml", False),
        (".github/workflows/check.yml", False),
        ("decks/.drafts/a.txt", False),
        ("package.json", False),
        ("requirements-dev.txt", False),
        ("LICENSE.txt", False),
    ],
)
@pytest.mark.parametrize("hook_id", ["duepa-check", "duepa-check-fix"])
def test_hook_manifest_selects_decklist_files(path, checked, hook_id):
    """The manifest is valid for pre-commit, and its files/exclude patterns pick decklists only (fast, offline)."""
    hook = manifest_hook(hook_id)
    assert (hook["id"], hook["language"], hook["pass_filenames"]) == (hook_id, "python", True)
    assert hook["entry"].split()[0] == "duepa-check"
    selected = bool(re.search(hook["files"], path)) and not re.search(hook["exclude"], path)
    assert selected is checked


def manifest_hook(hook_id: str) -> dict:
    """The hook of that id as pre-commit reads the manifest (the checking hook, the fixing hook)."""
    from pre_commit.clientlib import load_manifest

    hooks = {hook["id"]: hook for hook in load_manifest(str(ROOT / ".pre-commit-hooks.yaml"))}
    assert sorted(hooks) == ["duepa-check", "duepa-check-fix"]
    return hooks[hook_id]


def hook_entry(hook_id: str = "duepa-check") -> list[str]:
    """The hook's command line as the manifest gives it, without the program's name."""
    hook = manifest_hook(hook_id)
    return [*hook["entry"].split()[1:], *hook["args"]]


def test_fix_hook_fixes_the_names_then_checks(capsys, tmp_path, monkeypatch):
    """The fixing hook writes the names the official way and still fails an illegal deck; run again
    (what the player does after reviewing the diff) it changes nothing."""
    from support import make_deck, run

    monkeypatch.chdir(tmp_path)
    make_deck(tmp_path, replace={6: "1 永遠のりゅうせい・かいざー"}, name="decks/deck.txt")
    (tmp_path / "decks" / "notes.txt").write_text("Tournament on Saturday.\n", encoding="utf-8")
    entry = hook_entry("duepa-check-fix")
    assert "--fix" in entry and "--skip-non-decklists" in entry
    first = run(capsys, *entry, "decks/deck.txt", "decks/notes.txt")
    lines = (tmp_path / "decks" / "deck.txt").read_text(encoding="utf-8").splitlines()
    assert lines[5] == "1 永遠のリュウセイ・カイザー" and "names fixed in decks/deck.txt" in first.err
    assert (tmp_path / "decks" / "notes.txt").read_text(encoding="utf-8") == "Tournament on Saturday.\n"
    assert first.code == 0
    second = run(capsys, *entry, "decks/deck.txt")
    assert second.code == 0 and "fixed" not in second.err


def test_hook_lists_files_that_are_no_decklists_as_skipped_and_passes(capsys, tmp_path, monkeypatch):
    """The hook checked every staged .txt/.yml/.json: a notes.txt or a mkdocs.yml failed the first
    commit of a deck repository (DP001, DP003, DP100 on prose). main(argv) with the hook's args."""
    from support import run

    monkeypatch.chdir(tmp_path)
    (tmp_path / "decks").mkdir()
    files = {
        "decks/notes.txt": PROSE,
        "mkdocs.yml": MKDOCS,
        "package.json": '{"name": "decks", "version": "1.0.0"}\n',
        "decks/memo.yaml": "title: spring\nplayers: [a, b]\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    result = run(capsys, *hook_entry(), *files)
    assert result.code == 0, result.err
    assert result.out == ""
    assert sorted(result.err.splitlines()) == sorted(f"{name}: not a decklist, skipped" for name in files)
    japanese = run(capsys, *hook_entry(), "--lang", "ja", "decks/notes.txt")
    assert japanese.code == 0 and japanese.err == "decks/notes.txt: デッキリストではないので読み飛ばしました\n"


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("typos.txt", "1 ボルシャクドラゴン\n1 フェアリライフ\n"),  # counts written: a decklist of misspelt names
        ("bare.txt", "ボルシャック・ドラゴン\nフェアリー・ライフ\n"),  # bare names that are cards
        ("headed.txt", "パートナー: 存在しないカード\n"),  # a partner line
        ("deck.yaml", "cards:\n  - ボルシャクドラゴン\n"),  # a decklist's key
        ("deck.json", '{"partner": "x", "cards": []}\n'),
    ],
)
def test_hook_still_checks_a_broken_decklist(capsys, tmp_path, monkeypatch, name, text):
    """What looks like a decklist is checked and fails as one: the hook skips prose, not mistakes."""
    from support import run

    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_text(text, encoding="utf-8")
    result = run(capsys, *hook_entry(), name, "--as-of", "2026-03-16")
    assert result.code == 1, (result.out, result.err)
    assert "not a decklist" not in result.err


def test_hook_checks_a_legal_deck_beside_prose(capsys, tmp_path, monkeypatch):
    from support import run

    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text(PROSE, encoding="utf-8")
    (tmp_path / "legal.txt").write_text((DECKS / BD6).read_text(encoding="utf-8"), encoding="utf-8")
    result = run(capsys, *hook_entry(), "notes.txt", "legal.txt", "--as-of", "2026-03-16")
    assert result.code == 0 and "legal.txt" in result.out and "notes.txt" not in result.out
    assert result.err == "notes.txt: not a decklist, skipped\n"
