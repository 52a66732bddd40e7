"""Details of how --fix writes and refuses that the mutation run found unpinned (issue 49 §3: mutants of
check/fix_write.py and cli/fixing.py that the fix layer's tests let pass).

A file's BSD flags are read from its status where the system has them (macOS, FreeBSD) and are 0
elsewhere; a file with none gets none set; every deck of a submission sheet --fix refuses says why
in the JSON report.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from types import SimpleNamespace

from support import AS_OF, run

from duepa_check.check import fix_write

SHEET = Path(__file__).parents[1] / "fixtures" / "sheets" / "responses.csv"


def test_a_file_s_flags_are_those_its_status_reports_else_none():
    hidden = SimpleNamespace(st_flags=stat.UF_HIDDEN | stat.UF_NODUMP)  # a BSD status
    assert fix_write.file_flags(hidden) == stat.UF_HIDDEN | stat.UF_NODUMP
    linux = os.lstat(__file__)
    assert fix_write.file_flags(linux) == (linux.st_flags if hasattr(linux, "st_flags") else 0)
    assert fix_write.file_flags(SimpleNamespace()) == 0


def test_a_file_without_flags_gets_none_set(tmp_path, capsys, monkeypatch):
    """On a system with os.chflags, a file with no flags is fixed without a call to set them (a call
    setting none can fail on a file system without flags, and would refuse the fix)."""
    calls = []
    monkeypatch.setattr(os, "chflags", lambda *args, **kwargs: calls.append(args), raising=False)
    monkeypatch.setattr(fix_write, "file_flags", lambda status: 0)
    deck = tmp_path / "deck.txt"
    deck.write_text("パートナー: ボルシャック・ドラゴ大王\n1 ぼるしゃっく・どらごん\n", encoding="utf-8")
    run(capsys, "--fix", deck, "--as-of", AS_OF)
    assert deck.read_text(encoding="utf-8").endswith("1 ボルシャック・ドラゴン\n") and calls == []


def test_every_deck_of_a_sheet_fix_refuses_says_why_in_json(tmp_path, capsys):
    sheet = tmp_path / "responses.csv"
    sheet.write_bytes(SHEET.read_bytes())
    result = run(capsys, "--fix", sheet, "--format", "json", "--as-of", AS_OF)
    (said,) = [line for line in result.err.splitlines() if "submission sheet is not rewritten" in line]
    assert result.code == 2 and sheet.read_bytes() == SHEET.read_bytes()
    decks = result.json["decks"]
    assert len(decks) == 6 and {deck.get("fix_refused") for deck in decks} == {said.removeprefix("duepa-check: ")}


def test_the_flags_the_file_s_status_reports_are_set_on_the_fixed_file(tmp_path, capsys, monkeypatch):
    """A BSD system (macOS) reports a file's flags in its status (os.lstat's st_flags): those are set
    on the fixed file, once, after its mode."""
    real_lstat = os.lstat

    class Flagged:  # the status os.lstat gives there: this system's, with the file's flags
        st_flags = stat.UF_HIDDEN

        def __init__(self, status):
            self._status = status

        def __getattr__(self, name):
            return getattr(self._status, name)

    calls = []
    monkeypatch.setattr(os, "lstat", lambda path, *args, **kwargs: Flagged(real_lstat(path, *args, **kwargs)))
    monkeypatch.setattr(os, "chflags", lambda path, flags, **kwargs: calls.append(flags), raising=False)
    deck = tmp_path / "deck.txt"
    deck.write_text("パートナー: ボルシャック・ドラゴ大王\n1 ぼるしゃっく・どらごん\n", encoding="utf-8")
    run(capsys, "--fix", deck, "--as-of", AS_OF)
    assert deck.read_text(encoding="utf-8").endswith("1 ボルシャック・ドラゴン\n") and calls == [stat.UF_HIDDEN]


def test_a_write_error_without_a_system_reason_is_said_as_raised(tmp_path, capsys, monkeypatch):
    def replace_fails(*args, **kwargs):
        raise OSError("the volume went away")  # no errno, no strerror

    monkeypatch.setattr(os, "replace", replace_fails)
    deck = tmp_path / "deck.txt"
    deck.write_text("パートナー: ボルシャック・ドラゴ大王\n1 ぼるしゃっく・どらごん\n", encoding="utf-8")
    result = run(capsys, "--fix", deck, "--as-of", AS_OF)
    assert result.code == 2 and "1 ぼるしゃっく・どらごん" in deck.read_text(encoding="utf-8")
    assert f"duepa-check: {deck}: not rewritten by --fix: the volume went away" in result.err.splitlines()


def _bd4_with_a_name_to_fix(path: Path) -> Path:
    path.write_text("パートナー: ボルシャック・ドラゴ大王\n1 ぼるしゃっく・どらごん\n", encoding="utf-8")
    return path


def test_a_file_gone_between_read_and_fix_is_one_line_and_the_next_file_is_still_diffed(tmp_path, capsys, monkeypatch):
    """The seam: the first file is gone when --diff looks at it after reading it (a race with a sync
    client); --diff runs no check, so it says so itself, in one line, and goes on to the next file."""
    gone = _bd4_with_a_name_to_fix(tmp_path / "gone.txt")
    other = _bd4_with_a_name_to_fix(tmp_path / "other.txt")
    real_refuse_link = fix_write.refuse_link

    def vanished(path, root=None):
        if Path(path).name == "gone.txt":
            raise FileNotFoundError(2, "No such file or directory")
        return real_refuse_link(path, root)

    monkeypatch.setattr(fix_write, "refuse_link", vanished)
    result = run(capsys, "--diff", gone, other, "--as-of", AS_OF)
    assert result.code == 2
    assert result.err.splitlines() == [f"duepa-check: {gone}: cannot read (No such file or directory)"]
    assert f"+++ {other}\n" in result.out and f"+++ {gone}\n" not in result.out


def test_a_sheet_fix_refuses_does_not_stop_the_next_file_s_fix(tmp_path, capsys):
    sheet = tmp_path / "responses.csv"
    sheet.write_bytes(SHEET.read_bytes())
    deck = _bd4_with_a_name_to_fix(tmp_path / "z-deck.txt")  # after the sheet, however the files are ordered
    result = run(capsys, "--fix", sheet, deck, "--as-of", AS_OF)
    assert result.code == 2 and sheet.read_bytes() == SHEET.read_bytes()
    assert deck.read_text(encoding="utf-8").endswith("1 ボルシャック・ドラゴン\n")
