"""``--fix`` writes only what it read and keeps what the file had, or leaves the file alone.

Each statement of docs/fix.md's "Safe writes" has its test here: no write lost to an edit that
lands while the fixed file is flushed, mode (setuid, setgid, sticky), owner, group, extended
attributes and POSIX ACLs kept, links refused (symbolic and hard, with --diff as with --fix), a
255-byte file name fixable, no fix past the size limit, reports that list only what was written,
no temporary file left on any way out, a signal included.
"""

from __future__ import annotations

import errno
import os
import signal
import stat
import struct
from pathlib import Path

import pytest
from support import AS_OF, make_deck, run

from duepa_check.errors import Terminated

WRITTEN, OFFICIAL = "1 永遠のりゅうせい・かいざー", "1 永遠のリュウセイ・カイザー"
LINE = 6
REFUSED = "not rewritten by --fix"


def _deck(folder: Path, name: str = "deck.txt") -> Path:
    deck = make_deck(folder, replace={LINE: WRITTEN})
    if deck.name != name:
        deck = deck.rename(folder / name)
    return deck


def _fixed(deck: Path) -> bool:
    return deck.read_text(encoding="utf-8").splitlines()[LINE - 1] == OFFICIAL


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# ------------------------------------------------------------------ no lost write


def test_an_edit_landing_while_the_fix_is_flushed_is_kept(tmp_path, capsys, monkeypatch):
    """The seam: fsync of the temporary file appends to the original, as a sync client would."""
    deck = _deck(tmp_path)
    real_fsync = os.fsync

    def fsync_then_edit(fd):
        real_fsync(fd)
        with open(deck, "ab") as handle:
            handle.write("1 ボルシャック・ドラゴン\n".encode())

    monkeypatch.setattr(os, "fsync", fsync_then_edit)
    before = deck.read_bytes()
    result = run(capsys, "--fix", deck, "--as-of", AS_OF, "--format", "json")
    assert deck.read_bytes() == before + "1 ボルシャック・ドラゴン\n".encode()
    assert result.code == 2 and f"{deck}: {REFUSED}: the file changed" in result.err
    assert result.json["decks"][0]["fixes"] == []  # nothing claims the fix was written
    assert "fixed in" not in result.err
    assert _files(tmp_path) == ["deck.txt"]


def _removed(deck: Path) -> None:
    deck.unlink()


def _made_private(deck: Path) -> None:
    os.chmod(deck, 0o600)


def _linked(deck: Path) -> None:
    os.link(deck, deck.with_name("other.txt"))


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (_removed, "not rewritten by --fix: No such file or directory"),
        (_made_private, "not rewritten by --fix: the file changed after it was read; run --fix again"),
        (_linked, "has 2 names (hard links), not rewritten by --fix"),
    ],
    ids=["removed", "mode changed", "hard link made"],
)
def test_a_change_landing_while_the_fix_is_flushed_is_refused_naming_the_file(
    tmp_path, capsys, monkeypatch, change, said
):
    """The seam: fsync of the temporary file removes the original, changes its mode or gives it a
    second name; the bytes stay those read, the file is still not written over."""
    deck = _deck(tmp_path)
    os.chmod(deck, 0o644)
    before = deck.read_bytes()
    real_fsync = os.fsync

    def fsync_then_change(fd):
        real_fsync(fd)
        change(deck)

    monkeypatch.setattr(os, "fsync", fsync_then_change)
    result = run(capsys, "--fix", deck, "--as-of", AS_OF)
    assert result.code == 2
    assert [line for line in result.err.splitlines() if "--fix" in line][0].startswith(f"duepa-check: {deck}: {said}")
    assert not deck.exists() if change is _removed else deck.read_bytes() == before
    assert [name for name in _files(tmp_path) if name.startswith(".duepa-")] == []


def test_a_folder_where_no_file_can_be_made_leaves_the_file_alone(tmp_path, capsys, monkeypatch):
    deck = _deck(tmp_path)
    before = deck.read_bytes()
    real_open = os.open

    def read_only_folder(path, flags, *args, **kwargs):
        if ".duepa-" in os.fspath(path):
            raise OSError(errno.EACCES, os.strerror(errno.EACCES))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", read_only_folder)
    result = run(capsys, "--fix", deck, "--as-of", AS_OF)
    assert result.code == 2 and deck.read_bytes() == before
    assert [line for line in result.err.splitlines() if REFUSED in line] == [
        f"duepa-check: {deck}: {REFUSED}: Permission denied"
    ]


def test_an_edit_that_keeps_the_bytes_does_not_refuse(tmp_path, capsys):
    """Content decides, not time: a touch of the file between read and write is no change."""
    deck = _deck(tmp_path)
    os.utime(deck, (1, 1))
    assert run(capsys, "--fix", deck, "--as-of", AS_OF).code == 0 and _fixed(deck)


# ------------------------------------------------------------------ metadata kept


@pytest.mark.parametrize("mode", [0o600, 0o644, 0o640, 0o4755, 0o2750, 0o1644, 0o7777, 0o000])
def test_the_mode_is_kept_with_setuid_setgid_sticky(tmp_path, capsys, mode):
    deck = _deck(tmp_path)
    os.chmod(deck, mode)
    run(capsys, "--fix", deck, "--as-of", AS_OF)
    assert stat.S_IMODE(os.stat(deck).st_mode) == mode
    if os.geteuid() == 0 or mode & 0o600 == 0o600:
        assert _fixed(deck)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="giving a file away needs root")
@pytest.mark.parametrize("mode", [0o640, 0o6755])
def test_owner_and_group_are_kept_chown_before_chmod(tmp_path, capsys, mode):
    deck = _deck(tmp_path)
    os.chown(deck, 12345, 23456)
    os.chmod(deck, mode)  # after chown: chown clears setuid and setgid
    assert run(capsys, "--fix", deck, "--as-of", AS_OF).code == 0 and _fixed(deck)
    status = os.stat(deck)
    assert (status.st_uid, status.st_gid, stat.S_IMODE(status.st_mode)) == (12345, 23456, mode)


def _xattrs_work(path: Path, name: str, value: bytes) -> bool:
    try:
        os.setxattr(path, name, value)
    except (OSError, AttributeError):
        return False
    return True


ACL = struct.pack("<I", 2) + b"".join(  # user::rw- user:1234:r-- group::r-- mask::r-- other::---
    struct.pack("<HHI", tag, perm, ident)
    for tag, perm, ident in [
        (1, 6, 0xFFFFFFFF),
        (2, 4, 1234),
        (4, 4, 0xFFFFFFFF),
        (0x10, 4, 0xFFFFFFFF),
        (0x20, 0, 0xFFFFFFFF),
    ]
)


@pytest.mark.parametrize(
    ("name", "value"), [("user.origin", b"https://example.org/deck"), ("system.posix_acl_access", ACL)]
)
def test_extended_attributes_and_acls_are_kept(tmp_path, capsys, name, value):
    deck = _deck(tmp_path)
    if not _xattrs_work(deck, name, value):
        pytest.skip(f"no {name} on this file system")
    mode = stat.S_IMODE(os.stat(deck).st_mode)
    assert run(capsys, "--fix", deck, "--as-of", AS_OF).code == 0 and _fixed(deck)
    assert os.getxattr(deck, name) == value
    assert stat.S_IMODE(os.stat(deck).st_mode) == mode  # the group class (the ACL mask) did not widen


def test_attributes_the_folder_gives_new_files_are_set_to_the_file_s_own(tmp_path, capsys, monkeypatch):
    """A folder may give each new file attributes (a security label, an inherited ACL): the temporary
    file then holds some already, equal to the deck's or not; the fixed file has exactly the deck's."""
    deck = _deck(tmp_path)
    for name, value in (("user.one", b"1"), ("user.two", b"2"), ("user.three", b"3")):
        if not _xattrs_work(deck, name, value):
            pytest.skip("no extended attributes on this file system")
    kept = {name: os.getxattr(deck, name) for name in os.listxattr(deck)}
    same, other = os.listxattr(deck)[:2]  # the first listed is already right, the next is not; the last is absent
    real_open = os.open

    def folder_labels(path, flags, mode=0o777, **kwargs):
        handle = real_open(path, flags, mode, **kwargs)
        if ".duepa-" in os.fspath(path):
            os.setxattr(handle, same, kept[same])
            os.setxattr(handle, other, b"given by the folder")
        return handle

    monkeypatch.setattr(os, "open", folder_labels)
    assert run(capsys, "--fix", deck, "--as-of", AS_OF).code == 0 and _fixed(deck)
    assert {name: os.getxattr(deck, name) for name in os.listxattr(deck)} == kept


def test_metadata_that_cannot_be_kept_leaves_the_file_alone(tmp_path, capsys, monkeypatch):
    deck = _deck(tmp_path)
    if not _xattrs_work(deck, "user.tag", b"1"):
        pytest.skip("no extended attributes on this file system")
    before = deck.read_bytes()

    def refuse(*args, **kwargs):
        raise OSError(errno.EPERM, os.strerror(errno.EPERM))

    monkeypatch.setattr(os, "setxattr", refuse)
    result = run(capsys, "--fix", deck, "--as-of", AS_OF, "--format", "json")
    assert deck.read_bytes() == before and result.code == 2
    assert [line for line in result.err.splitlines() if REFUSED in line] == [
        f"duepa-check: {deck}: {REFUSED}: its extended attribute user.tag cannot be kept (Operation not permitted)"
    ]
    assert result.json["decks"][0]["fixes"] == [] and _files(tmp_path) == ["deck.txt"]


def test_an_owner_that_cannot_be_given_leaves_the_file_alone(tmp_path, capsys, monkeypatch):
    deck = _deck(tmp_path)
    before = deck.read_bytes()
    real_fstat = os.fstat

    def fstat_of_someone_else(fd):  # the temporary file belongs to another owner than the deck
        status = list(real_fstat(fd))
        status[stat.ST_UID] += 1
        return os.stat_result(status)

    def refuse(*args):
        raise OSError(errno.EPERM, os.strerror(errno.EPERM))

    monkeypatch.setattr(os, "fstat", fstat_of_someone_else)
    monkeypatch.setattr(os, "fchown", refuse)
    result = run(capsys, "--fix", deck, "--as-of", AS_OF)
    assert deck.read_bytes() == before and result.code == 2
    assert [line for line in result.err.splitlines() if REFUSED in line] == [
        f"duepa-check: {deck}: {REFUSED}: its owner and group cannot be kept (Operation not permitted)"
    ]
    assert _files(tmp_path) == ["deck.txt"]


@pytest.mark.parametrize("missing", [(), ("fchmod",)], ids=["fchmod", "no fchmod"])
@pytest.mark.parametrize("mode", [0o640, 0o604], ids=oct)
def test_without_xattrs_or_chown_the_platform_still_fixes(tmp_path, capsys, monkeypatch, missing, mode):
    """macOS and Windows: os has no listxattr (and Windows no fchown; before Python 3.13 no fchmod
    either): files are still fixed, with their mode."""
    for name in ("listxattr", "getxattr", "setxattr", "fchown", *missing):
        monkeypatch.delattr(os, name, raising=False)
    deck = _deck(tmp_path)
    os.chmod(deck, mode)
    assert run(capsys, "--fix", deck, "--as-of", AS_OF).code == 0 and _fixed(deck)
    assert stat.S_IMODE(os.stat(deck).st_mode) == mode


def test_a_file_system_without_xattrs_still_fixes(tmp_path, capsys, monkeypatch):
    def unsupported(*args, **kwargs):
        raise OSError(errno.ENOTSUP, os.strerror(errno.ENOTSUP))

    monkeypatch.setattr(os, "listxattr", unsupported)
    deck = _deck(tmp_path)
    assert run(capsys, "--fix", deck, "--as-of", AS_OF).code == 0 and _fixed(deck)


def _flagged(monkeypatch, flags: int, chflags) -> list:
    """A BSD system (macOS): the file carries ``flags``; os.chflags is ``chflags`` (calls recorded)."""
    from duepa_check.check import fix_write

    calls: list = []

    def recorded(path, value, *, follow_symlinks=True):
        calls.append((os.path.basename(path), value, follow_symlinks))
        chflags(path, value)

    monkeypatch.setattr(fix_write, "file_flags", lambda status: flags)
    monkeypatch.setattr(os, "chflags", recorded, raising=False)
    return calls


def test_bsd_file_flags_are_kept(tmp_path, capsys, monkeypatch):
    """macOS: a hidden, no-dump file stays so; the flags go on the new file after its mode."""
    calls = _flagged(monkeypatch, stat.UF_HIDDEN | stat.UF_NODUMP, lambda path, value: None)
    deck = _deck(tmp_path)
    assert run(capsys, "--fix", deck, "--as-of", AS_OF).code == 0 and _fixed(deck)
    assert len(calls) == 1 and calls[0][1:] == (stat.UF_HIDDEN | stat.UF_NODUMP, False)
    assert calls[0][0].startswith(".duepa-") and _files(tmp_path) == ["deck.txt"]


@pytest.mark.parametrize("lock", [stat.UF_IMMUTABLE, stat.SF_IMMUTABLE, stat.UF_APPEND, stat.SF_APPEND])
def test_a_locked_file_is_left_alone(tmp_path, capsys, monkeypatch, lock):
    """Finder's "Locked" (uchg) and append-only files: the owner's wish, said in one line, exit 2."""
    calls = _flagged(monkeypatch, lock | stat.UF_HIDDEN, lambda path, value: None)
    deck = _deck(tmp_path)
    before = deck.read_bytes()
    result = run(capsys, "--fix", deck, "--as-of", AS_OF)
    assert result.code == 2 and deck.read_bytes() == before and calls == []
    assert f"duepa-check: {deck}: not rewritten by --fix: the file is locked (immutable or append-only)" in (
        result.err.splitlines()
    )
    assert _files(tmp_path) == ["deck.txt"]


def test_flags_that_cannot_be_kept_leave_the_file_alone(tmp_path, capsys, monkeypatch):
    def refused(path, value):
        raise OSError(errno.EPERM, os.strerror(errno.EPERM))

    _flagged(monkeypatch, stat.UF_HIDDEN, refused)
    deck = _deck(tmp_path)
    before = deck.read_bytes()
    result = run(capsys, "--fix", deck, "--as-of", AS_OF)
    assert result.code == 2 and deck.read_bytes() == before and _files(tmp_path) == ["deck.txt"]
    assert f"{deck}: {REFUSED}: its file flags cannot be kept (Operation not permitted)" in result.err


# ------------------------------------------------------------------ links


@pytest.mark.parametrize("mode", ["--fix", "--diff"])
def test_a_symbolic_link_is_refused_alike_by_fix_and_diff(tmp_path, capsys, mode):
    deck = _deck(tmp_path)
    link = tmp_path / "link.txt"
    link.symlink_to(deck)
    before = deck.read_bytes()
    result = run(capsys, mode, link, "--as-of", AS_OF)
    assert result.code == 2 and deck.read_bytes() == before and result.out.startswith("---") is False
    assert [line for line in result.err.splitlines() if "symbolic link" in line] == [
        f"duepa-check: {link}: a symbolic link, not rewritten by --fix (fix the file it points to)"
    ]


@pytest.mark.parametrize("mode", ["--fix", "--diff"])
def test_a_hard_link_is_refused_alike_by_fix_and_diff(tmp_path, capsys, mode):
    deck = _deck(tmp_path)
    other = tmp_path / "other.txt"
    os.link(deck, other)
    before = deck.read_bytes()
    result = run(capsys, mode, deck, "--as-of", AS_OF)
    assert result.code == 2 and "---" not in result.out
    assert deck.read_bytes() == before and other.read_bytes() == before
    assert os.stat(deck).st_ino == os.stat(other).st_ino  # still one file
    assert [line for line in result.err.splitlines() if "hard links" in line] == [
        f"duepa-check: {deck}: has 2 names (hard links), not rewritten by --fix: the other names would keep"
        " the old text (fix it under one name after breaking the links)"
    ]


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("link", ["symbolic", "hard"])
def test_a_refused_file_says_why_in_its_own_json_entry(tmp_path, capsys, link, lang):
    """The deck entry of a file --fix left alone carries the stderr line, in the report's language."""
    deck = _deck(tmp_path)
    named = tmp_path / "named.txt"
    if link == "symbolic":
        named.symlink_to(deck)
    else:
        os.link(deck, named)
    result = run(capsys, "--fix", named, "--as-of", AS_OF, "--format", "json", "--lang", lang)
    said = [line.removeprefix("duepa-check: ") for line in result.err.splitlines() if str(named) in line]
    assert result.code == 2 and len(said) == 1
    assert [entry.get("fix_refused") for entry in result.json["decks"]] == [said[0]]
    assert result.json["decks"][0]["fixes"] == []


def test_a_hard_link_with_nothing_to_fix_is_no_error(tmp_path, capsys):
    deck = make_deck(tmp_path)
    run(capsys, "--fix", deck, "--as-of", AS_OF)  # the product list's own spellings fixed first
    os.link(deck, tmp_path / "other.txt")
    assert run(capsys, "--fix", deck, "--as-of", AS_OF, "-q").code == 0


# ------------------------------------------------------------------ limits


def test_a_255_byte_japanese_file_name_is_fixed(tmp_path, capsys):
    name = "デ" * 83 + "__.txt"
    assert len(name.encode()) == 255
    deck = _deck(tmp_path, name)
    result = run(capsys, "--fix", deck, "--as-of", AS_OF)
    assert result.code == 0, result.err
    assert _fixed(deck) and _files(tmp_path) == [name]


def test_a_fix_that_reaches_the_size_limit_exactly_is_written(tmp_path, capsys):
    from duepa_check.reading.decklist import MAX_BYTES

    (tmp_path / "copy").mkdir()
    copy = _deck(tmp_path / "copy")
    size = len(copy.read_bytes())
    assert run(capsys, "--fix", copy, "--as-of", AS_OF).code == 0 and _fixed(copy)
    growth = len(copy.read_bytes()) - size  # what the fix adds to the list
    deck = _deck(tmp_path)
    data = deck.read_bytes()
    data += b"#" + b" " * (MAX_BYTES - growth - len(data) - 2) + b"\n"
    deck.write_bytes(data)
    assert run(capsys, "--fix", deck, "--as-of", AS_OF).code == 0 and _fixed(deck)
    assert len(deck.read_bytes()) == MAX_BYTES


def test_a_fix_past_the_size_limit_is_not_written(tmp_path, capsys):
    from duepa_check.reading.decode import MAX_BYTES

    deck = _deck(tmp_path)
    data = deck.read_bytes()
    padding = MAX_BYTES - len(data) - 1  # one byte under the limit: the longer official name goes past it
    data += b"#" + b" " * (padding - 2) + b"\n"
    deck.write_bytes(data)
    assert len(data) == MAX_BYTES - 1
    result = run(capsys, "--fix", deck, "--as-of", AS_OF, "--format", "json")
    assert deck.read_bytes() == data and result.code == 2
    assert f"{deck}: {REFUSED}: fixed, it would be larger than 1 MB" in result.err
    assert result.json["decks"][0]["fixes"] == []
    diff = run(capsys, "--diff", deck)
    assert diff.code == 2 and diff.out == "" and "larger than 1 MB" in diff.err


# ------------------------------------------------------------------ reports tell the truth


@pytest.mark.parametrize("output_format", ["json", "sarif", "text"])
def test_reports_list_only_fixes_written(tmp_path, capsys, monkeypatch, output_format):
    """A disk that fills up while one file is written: its fixes are claimed nowhere, its own entry says
    why it was not written (JSON ``fix_refused``, a SARIF notification); the other file's are claimed."""
    full, fine = _deck(tmp_path / "a"), _deck(tmp_path / "b")
    real_fsync = os.fsync
    calls = []

    def fsync_full_once(fd):
        calls.append(fd)
        if len(calls) == 1:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync_full_once)
    result = run(capsys, "--fix", full, fine, "--as-of", AS_OF, "--format", output_format)
    assert result.code == 2 and not _fixed(full) and _fixed(fine)
    assert f"{full}: {REFUSED}: No space left on device" in result.err
    assert f"fixed in {fine}" in result.err and f"fixed in {full}" not in result.err
    if output_format == "json":
        fixes = {deck["path"]: deck["fixes"] for deck in result.json["decks"]}
        assert fixes[str(full)] == [] and fixes[str(fine)] != []
        why = {deck["path"]: deck.get("fix_refused") for deck in result.json["decks"]}
        assert why == {str(full): f"{full}: {REFUSED}: No space left on device", str(fine): None}
    if output_format == "sarif":
        claimed = [
            location["physicalLocation"]["artifactLocation"]["uri"]
            for sarif_run in result.json["runs"]
            for found in sarif_run["results"]
            if found["ruleId"] == "official-name" or "fixes" in found
            for location in found["locations"]
        ]
        assert claimed and all(str(full.parent.name) + "/" not in uri for uri in claimed)
        invocation = result.json["runs"][0]["invocations"][0]
        said = [
            (note["descriptor"]["id"], note["message"]["text"], note["locations"][0]["physicalLocation"])
            for note in invocation["toolExecutionNotifications"]
        ]
        assert len(said) == 1 and said[0][:2] == ("not-written", f"{full}: {REFUSED}: No space left on device")
        assert said[0][2]["artifactLocation"]["uri"].endswith("a/deck.txt")
        assert invocation["executionSuccessful"] is False
        notifications = result.json["runs"][0]["tool"]["driver"]["notifications"]
        assert [n["id"] for n in notifications] == ["DP000", "not-written"]
    assert sorted(_files(tmp_path / "a")) == ["deck.txt"]


# ------------------------------------------------------------------ no temporary file left


@pytest.mark.parametrize("when", ["made", "opened"])
def test_a_signal_right_after_the_temporary_file_is_made_leaves_none(tmp_path, capsys, monkeypatch, when):
    deck = _deck(tmp_path)
    before = deck.read_bytes()
    real_open = os.open

    def open_then_sigterm(path, flags, *args, **kwargs):
        if not os.path.basename(path).startswith(".duepa-"):
            return real_open(path, flags, *args, **kwargs)
        if when == "made":  # the file exists, its descriptor never returned: a signal inside the call
            real_open(path, flags, *args, **kwargs)
            raise Terminated  # what the CLI's SIGTERM handler raises
        handle = real_open(path, flags, *args, **kwargs)
        os.kill(os.getpid(), signal.SIGTERM)  # as a CI job's cancel would, the file just made
        return handle

    monkeypatch.setattr(os, "open", open_then_sigterm)
    result = run(capsys, "--fix", deck, "--as-of", AS_OF)
    assert result.code == 143 and deck.read_bytes() == before
    assert _files(tmp_path) == ["deck.txt"]


@pytest.mark.parametrize("fails", ["write", "fchmod", "replace"])
def test_a_failure_on_the_way_leaves_no_temporary_file(tmp_path, capsys, monkeypatch, fails):
    deck = _deck(tmp_path)
    before = deck.read_bytes()

    def broken(*args, **kwargs):
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    if fails == "write":
        monkeypatch.setattr(os, "fsync", broken)
    else:
        monkeypatch.setattr(os, fails, broken)
    result = run(capsys, "--fix", deck, "--as-of", AS_OF)
    assert result.code == 2 and deck.read_bytes() == before
    assert _files(tmp_path) == ["deck.txt"]
