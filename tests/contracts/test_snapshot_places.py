"""Golden files sit beside the area they pin (issue 50, as yamllint keeps each rule's cases with
its tests): each in a ``snapshots/`` folder next to the test file that reads it, none in one flat
folder for the whole suite, and none that no test beside it names."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def snapshot_folders() -> list[Path]:
    return sorted(path for path in TESTS.rglob("snapshots") if path.is_dir() and "__pycache__" not in path.parts)


def test_no_flat_folder_holds_every_golden_file():
    assert not (TESTS / "snapshots").exists()
    assert {folder.parent.name for folder in snapshot_folders()} >= {"analysis", "contracts", "report", "rules"}


def test_each_golden_file_is_named_by_a_test_beside_it():
    for folder in snapshot_folders():
        tests = "".join(path.read_text(encoding="utf-8") for path in folder.parent.glob("test_*.py"))
        for golden in folder.iterdir():
            # the file's name, or the stem a test builds it from ("golden-{case}" for golden-en.txt)
            stem = "golden-{" if golden.name.startswith("golden-") else golden.name
            assert stem in tests, f"{golden.relative_to(TESTS)}: no test in {folder.parent.name}/ reads it"
