"""The update's install in detail: what each failure says (key and arguments), what lands on disk.

tests/update/test_update_install.py proves the swap safe (old data or new, never neither); these tests
pin the rest a user relies on: the message of each refusal, which error it wraps, the pointer's
content and permissions, the provenance written beside the data, what a run reports as cleaned.
They compare message keys and arguments, not words (the catalogues have tests of their own).
They were written against the survivors of ``python tools/mutation_test.py
'duepa_check.update.install.*'`` (mutmut).
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import re
import stat
import time
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from update_support import SOURCE, data_bytes, install_data, old_card, start_with, what_a_reader_sees

from duepa_check.data import pool as pool_module
from duepa_check.data.cards import CardDataError
from duepa_check.data.files import write_card_data
from duepa_check.data.regulation import Regulation, RegulationError, load_regulation
from duepa_check.data.userdata import POINTER_FILE, DataDirError, read_pointer
from duepa_check.messages import msg
from duepa_check.update import UpdateError, install
from duepa_check.update.common import LIST_PATH, REGULATION_PATH
from duepa_check.update.install import (
    LOCK_FILE,
    DataDirLock,
    check_data_dir,
    clean_leftovers,
    install_overlay,
    installed_run,
    make_data_dir,
    new_folder_name,
    validate_overlay,
)
from duepa_check.update.merge import Previous, load_previous


def refusal(call, *args) -> object:
    """The message (a Msg) of the UpdateError that ``call(*args)`` raises."""
    with pytest.raises(UpdateError) as caught:
        call(*args)
    return caught.value.message


def folders(data_dir: Path) -> list[str]:
    return sorted(p.name for p in data_dir.iterdir() if p.name.startswith("data-"))


# --- the data dir: refusals before anything is touched ------------------------------------------


def test_a_data_dir_that_is_a_file_or_the_embedded_data_is_refused_by_name(tmp_path, fixture_embedded_data):
    a_file = tmp_path / "file"
    a_file.write_text("x", encoding="utf-8")
    assert refusal(check_data_dir, a_file) == msg("update.error.not-a-directory", path=a_file)
    embedded = pool_module.embedded_data_dir()
    assert refusal(check_data_dir, embedded) == msg("update.error.embedded-dir", path=embedded)
    (tmp_path / "data").mkdir()
    for ours in (
        ".lock",
        "current",
        "cards.jsonl",
        "data-killed-run",
        ".current-data-killed-run.tmp",
        "cards.jsonl.tmp",
    ):
        (tmp_path / "data" / ours).write_text("", encoding="utf-8")  # what a killed run leaves is not foreign
    check_data_dir(tmp_path / "data")
    (tmp_path / "data" / "notes.txt").write_text("mine", encoding="utf-8")
    (tmp_path / "data" / "b.txt").write_text("mine", encoding="utf-8")
    assert refusal(check_data_dir, tmp_path / "data") == msg(
        "update.error.foreign-files", path=tmp_path / "data", name="b.txt"
    )


@pytest.mark.parametrize(
    "error, why", [(OSError(13, "Permission denied"), "Permission denied"), (OSError("odd"), "odd")]
)
def test_a_data_dir_that_cannot_be_read_or_created_says_why(tmp_path, monkeypatch, error, why):
    data_dir = tmp_path / "data"
    data_dir.mkdir()

    def fail(self, *args, **kwargs):
        raise error

    with monkeypatch.context() as patch:
        patch.setattr(Path, "iterdir", fail)
        assert refusal(check_data_dir, data_dir) == msg("update.error.cannot-read-dir", path=data_dir, why=why)
    with monkeypatch.context() as patch:
        patch.setattr(Path, "mkdir", fail)
        assert refusal(make_data_dir, data_dir) == msg("update.error.cannot-create", path=data_dir, why=why)


def test_a_damaged_pointer_stops_the_run_saying_what_is_wrong_with_it(tmp_path):
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    (data_dir / POINTER_FILE).write_text("not json\n", encoding="utf-8")
    with pytest.raises(DataDirError) as damaged:
        read_pointer(data_dir)
    expected = msg("update.error.nothing-changed", error=damaged.value.message)
    assert refusal(installed_run, data_dir) == expected
    assert refusal(clean_leftovers, data_dir) == expected
    assert (data_dir / POINTER_FILE).read_text(encoding="utf-8") == "not json\n"


def test_the_installed_run_is_the_pointers_run_when_it_is_text(tmp_path):
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    assert installed_run(data_dir) is None  # no data yet
    for run, expected in (("r-1", "r-1"), (5, None), (None, None)):
        pointer = {"folder": "data-x", "sizes": {}, **({} if run is None else {"run": run})}
        (data_dir / POINTER_FILE).write_text(json.dumps(pointer), encoding="utf-8")
        assert installed_run(data_dir) == expected


# --- leftovers ----------------------------------------------------------------------------------


def test_clean_leftovers_names_what_it_removed_and_only_that(tmp_path, monkeypatch, fixture_embedded_data):
    data_dir = tmp_path / "data"
    start_with(data_dir, "pointer")
    (data_dir / "data-killed-run").mkdir()
    (data_dir / "data-killed-run" / "cards.jsonl").write_text("half", encoding="utf-8")
    (data_dir / ".current-data-x.tmp").write_text("{}", encoding="utf-8")
    (data_dir / "cards.jsonl").write_text("flat file of an older release", encoding="utf-8")
    in_use = read_pointer(data_dir)["folder"]
    assert clean_leftovers(data_dir) == [".current-data-x.tmp", "cards.jsonl", "data-killed-run"]
    assert folders(data_dir) == [in_use] and what_a_reader_sees(data_dir) == "old"
    assert clean_leftovers(data_dir) == []
    # What cannot be removed now is not reported as removed (the next run tries again).
    (data_dir / "data-stuck").mkdir()
    (data_dir / "stuck.tmp").write_text("", encoding="utf-8")

    def refuse(path, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(install.shutil, "rmtree", refuse)
    assert clean_leftovers(data_dir) == ["stuck.tmp"]
    assert folders(data_dir) == sorted([in_use, "data-stuck"])


def test_without_a_pointer_the_flat_files_are_the_data_and_stay(tmp_path, fixture_embedded_data):
    data_dir = tmp_path / "data"
    start_with(data_dir, "flat")
    before = sorted(p.name for p in data_dir.iterdir())
    (data_dir / "data-killed-run").mkdir()
    assert clean_leftovers(data_dir) == ["data-killed-run"]
    assert sorted(p.name for p in data_dir.iterdir()) == before and what_a_reader_sees(data_dir) == "old"


# --- a failed install: which error it says, nothing left ----------------------------------------

CARD_COUNT = msg("update.error.card-count", count=1, expected=2)


@pytest.mark.parametrize(
    "error, expected",
    [
        # An UpdateError's own words already start with "update:": not said twice.
        (UpdateError(CARD_COUNT), msg("update.error.then-nothing-changed", error=CARD_COUNT)),
        (
            CardDataError(msg("card-data.no-header", path="x")),
            msg("update.error.nothing-changed", error=msg("card-data.no-header", path="x")),
        ),
        (
            OSError(28, "No space left on device", "/d/cards.jsonl"),
            msg(
                "update.error.nothing-changed",
                error=msg("update.reason.cannot-write", path="/d/cards.jsonl", why="No space left on device"),
            ),
        ),
        (
            OSError(28, "No space left on device"),
            msg(
                "update.error.nothing-changed",
                error=msg(
                    "update.reason.cannot-write", path=msg("update.reason.the-new-data"), why="No space left on device"
                ),
            ),
        ),
        (OSError("plain"), msg("update.error.nothing-changed", error="plain")),
    ],
    ids=["update-error", "card-data-error", "os-error-with-file", "os-error-without-file", "os-error-without-strerror"],
)
def test_a_failed_install_says_which_error_and_leaves_the_data_and_no_folder(
    tmp_path, monkeypatch, fixture_embedded_data, error, expected
):
    data_dir = tmp_path / "data"
    start_with(data_dir, "pointer")
    before = data_bytes(data_dir)

    def fail(*args, **kwargs):
        raise error

    monkeypatch.setattr(install, "validate_overlay", fail)
    assert refusal(install_data, data_dir, "new") == expected
    assert data_bytes(data_dir) == before and len(folders(data_dir)) == 1


def test_a_failed_install_over_a_damaged_pointer_removes_its_folder(tmp_path, monkeypatch, fixture_embedded_data):
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    cards, regulation = [old_card("新データテスター", "new-1", "火", 6)], Regulation(data_date=date(2026, 1, 1))
    previous = load_previous(data_dir)
    (data_dir / POINTER_FILE).write_text("damaged\n", encoding="utf-8")

    def fail(*args, **kwargs):
        raise UpdateError(CARD_COUNT)

    monkeypatch.setattr(install, "validate_overlay", fail)
    with pytest.raises(UpdateError):
        install_overlay(data_dir, cards, regulation, SOURCE, previous)
    assert folders(data_dir) == []


# --- validation -----------------------------------------------------------------------------------


def overlay(folder: Path, count: int) -> list:
    cards = [old_card(f"検証テスター{n}", f"check-{n}", "火", 3) for n in range(count)]
    folder.mkdir()
    write_card_data(cards, {"sources": ["test"]}, folder)
    return cards


def test_validation_refuses_a_count_that_differs_saying_both(tmp_path):
    overlay(tmp_path / "data-new", 3)
    previous = Previous(overlay={}, embedded={}, known_ids=set())
    refused = refusal(validate_overlay, tmp_path / "data-new", 4, previous)
    assert refused == msg("update.error.card-count", count=3, expected=4)


@pytest.mark.parametrize("after, refused", [(97, False), (96, True)])
def test_the_pool_may_lose_3_percent_of_its_cards_not_more(tmp_path, after, refused):
    old = [old_card(f"検証テスター{n}", f"check-{n}", "火", 3) for n in range(100)]
    previous = Previous(overlay={card.name: card for card in old}, embedded={}, known_ids=set())
    overlay(tmp_path / "data-new", after)
    if refused:
        assert refusal(validate_overlay, tmp_path / "data-new", after, previous) == msg(
            "update.error.pool-shrinks", before=100, after=after
        )
    else:
        validate_overlay(tmp_path / "data-new", after, previous)


def test_validation_refuses_a_regulation_that_does_not_load_saying_why(tmp_path):
    folder = tmp_path / "data-new"
    overlay(folder, 2)
    (folder / "regulation.yaml").write_text("format: 1\ndata_date: soon\n", encoding="utf-8")
    with pytest.raises(RegulationError) as unreadable:
        load_regulation(folder / "regulation.yaml")
    previous = Previous(overlay={}, embedded={}, known_ids=set())
    refused = refusal(validate_overlay, folder, 2, previous)
    assert refused == msg("update.error.regulation-unreadable", error=unreadable.value.message)


# --- what lands on disk -----------------------------------------------------------------------------


def test_the_pointer_is_one_sorted_json_line_of_format_1(tmp_path, fixture_embedded_data):
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    cards = [old_card("新データテスター", "new-1", "火", 6)]
    install_overlay(data_dir, cards, Regulation(data_date=date(2026, 1, 1)), SOURCE, load_previous(data_dir))
    text = (data_dir / POINTER_FILE).read_text(encoding="utf-8")
    pointer = json.loads(text)
    assert text == json.dumps(pointer, sort_keys=True) + "\n"
    assert sorted(pointer) == ["folder", "format", "run", "sizes"]
    assert pointer["format"] == 1 and pointer["run"] == ""  # no run id given
    folder = data_dir / pointer["folder"]
    assert pointer["sizes"] == {
        name: (folder / name).stat().st_size for name in ("cards.jsonl", "index.tsv", "regulation.yaml")
    }


def test_a_data_folder_is_named_by_the_utc_time_of_the_install_and_a_random_part(monkeypatch):
    monkeypatch.setenv("TZ", "XYZ-14")  # UTC+14 (a POSIX rule, no tz database needed): local time differs by hours
    time.tzset()
    try:
        before = datetime.now(UTC).replace(microsecond=0)
        name = new_folder_name()
        after = datetime.now(UTC)
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()
    match = re.fullmatch(r"data-(\d{8}T\d{6}Z)-([0-9a-f]{6})", name)
    assert match, name
    stamp = datetime.strptime(match[1], "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC)
    assert before <= stamp <= after


def test_the_data_records_where_and_when_it_came_from(tmp_path, fixture_embedded_data):
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    install_data(data_dir, "new")
    folder = data_dir / read_pointer(data_dir)["folder"]
    with open(folder / "cards.jsonl", encoding="utf-8") as cards_file:
        header = json.loads(cards_file.readline())["_header"]
    assert header["sources"] == [SOURCE + LIST_PATH]
    assert header["updated"] == date.today().isoformat() and header["kind"] == "update"
    regulation = (folder / "regulation.yaml").read_bytes().decode("utf-8")
    assert regulation.startswith(f"# Written by duepa-check update from {SOURCE}{REGULATION_PATH};")


def test_the_files_the_folder_and_the_pointer_take_the_data_dirs_permissions(
    tmp_path, monkeypatch, fixture_embedded_data
):
    """0o751 has the others' execute bit: the files get the read/write bits only (0o640), the folder all."""
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    os.chmod(data_dir, 0o751)
    seen = []
    real_build = install.build_overlay

    def build(folder, *args, **kwargs):
        seen.append(stat.S_IMODE(folder.stat().st_mode))  # the folder as made, before anything is in it
        return real_build(folder, *args, **kwargs)

    monkeypatch.setattr(install, "build_overlay", build)
    old_umask = os.umask(0o022)
    try:
        install_data(data_dir, "new")
    finally:
        os.umask(old_umask)
    folder = data_dir / read_pointer(data_dir)["folder"]
    assert seen == [0o751 & ~0o022] and stat.S_IMODE(folder.stat().st_mode) == 0o751
    for name in ("cards.jsonl", "index.tsv", "regulation.yaml", f"../{POINTER_FILE}"):
        assert stat.S_IMODE((folder / name).stat().st_mode) == 0o640, name


def test_the_new_pointer_is_never_written_through_an_existing_name(tmp_path, monkeypatch, fixture_embedded_data):
    data_dir = tmp_path / "data"
    start_with(data_dir, "pointer")
    before = data_bytes(data_dir)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    monkeypatch.setattr(install, "new_folder_name", lambda: "data-fixed")
    (data_dir / f".{POINTER_FILE}-data-fixed.tmp").symlink_to(victim)
    with pytest.raises(UpdateError):
        install_data(data_dir, "new")
    assert victim.read_text(encoding="utf-8") == "precious\n"
    assert data_bytes(data_dir) == before and what_a_reader_sees(data_dir) == "old"


# --- the lock ---------------------------------------------------------------------------------------


def test_a_linked_lock_file_is_refused_not_truncated_through(tmp_path):
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    (data_dir / LOCK_FILE).symlink_to(victim)
    refused = refusal(DataDirLock(data_dir).__enter__)
    assert refused == msg("update.error.cannot-lock", path=data_dir / LOCK_FILE, why=os.strerror(errno.ELOOP))
    assert victim.read_text(encoding="utf-8") == "precious\n"


def test_a_lock_that_cannot_be_opened_says_why(tmp_path, monkeypatch):
    data_dir = tmp_path / "data"
    data_dir.mkdir()

    class NoOpen:
        def __getattr__(self, name):
            return getattr(os, name)

        def open(self, *args, **kwargs):
            raise OSError("odd")

    monkeypatch.setattr(install, "os", NoOpen())
    assert refusal(DataDirLock(data_dir).__enter__) == msg(
        "update.error.cannot-lock", path=data_dir / LOCK_FILE, why="odd"
    )


def test_the_lock_file_is_made_with_the_usual_permissions(tmp_path):
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    old_umask = os.umask(0o022)
    try:
        with DataDirLock(data_dir):
            pass
    finally:
        os.umask(old_umask)
    assert stat.S_IMODE((data_dir / LOCK_FILE).stat().st_mode) == 0o644


@pytest.mark.parametrize(
    "content, who",
    [
        ("4242", msg("update.error.locked.process", process="4242")),
        ("1" * 40, msg("update.error.locked.process", process="1" * 32)),  # at most 32 characters are read
        ("\u0661\u0662", ""),  # digits, but not an ASCII process id
        ("\u00e9t\u00e9", ""),
    ],
)
def test_a_held_lock_names_the_process_holding_it_when_the_file_says(tmp_path, content, who):
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    (data_dir / LOCK_FILE).write_bytes(content.encode("utf-8"))
    holder = os.open(data_dir / LOCK_FILE, os.O_RDWR)
    try:
        fcntl.flock(holder, fcntl.LOCK_EX | fcntl.LOCK_NB)  # held by this process through another descriptor
        assert refusal(DataDirLock(data_dir).__enter__) == msg("update.error.locked", path=data_dir, who=who)
    finally:
        os.close(holder)
