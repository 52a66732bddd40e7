"""``--fix`` never writes over a file that changed after it was read, whatever the change (issue 49).

"Changed" means any change of the bytes: an editor or a sync client that rewrites a file in place
within the same second can leave its size and its modification time as they were, so neither may
be what decides. The edit is made where --fix has read the file and not yet written it (after the
fixed bytes are made), at the start, in the name being fixed, and at the last byte.
"""

from __future__ import annotations

import os

import pytest
from support import AS_OF, make_deck, run

from duepa_check.check import fix

TYPO_LINE = 6  # the line whose name --fix rewrites
WRITTEN = "1 永遠のりゅうせい・かいざー"


def _edit_keeping_size_and_time(path, where: str) -> bytes:
    """Change one byte of ``path`` in place (same inode, same size), then give it back its times."""
    before = os.stat(path)
    data = bytearray(path.read_bytes())
    if where == "start":
        at = 0
    elif where == "name":
        at = data.index(WRITTEN.encode("utf-8"))  # the count of the line being fixed: 1 → 2
    else:
        at = len(data) - 2  # the last character before the final newline
    data[at] = ord("2") if data[at] != ord("2") else ord("3")
    with open(path, "r+b") as handle:  # in place: the inode is kept
        handle.write(bytes(data))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = os.stat(path)
    assert (after.st_size, after.st_mtime_ns, after.st_ino) == (before.st_size, before.st_mtime_ns, before.st_ino)
    return bytes(data)


@pytest.mark.parametrize("where", ["start", "name", "end"])
def test_an_edit_that_keeps_size_and_time_is_not_written_over(tmp_path, capsys, monkeypatch, where):
    deck = make_deck(tmp_path, replace={TYPO_LINE: WRITTEN})
    edited: list[bytes] = []
    made = fix.fixed_bytes

    def fixed_then_edited(data, path, *args, **kwargs):
        result = made(data, path, *args, **kwargs)
        if path == str(deck):
            edited.append(_edit_keeping_size_and_time(deck, where))
        return result

    monkeypatch.setattr(fix, "fixed_bytes", fixed_then_edited)
    result = run(capsys, "--fix", deck, "--as-of", AS_OF)
    assert edited, "the seam was not reached: --fix no longer makes the fixed bytes with check.fix.fixed_bytes"
    assert deck.read_bytes() == edited[0]  # the edit is kept, the fix is not written over it
    assert result.code == 2
    assert f"{deck}: not rewritten by --fix" in result.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.txt"]  # no temporary file left


def test_without_an_edit_the_same_run_writes_the_fix(tmp_path, capsys):
    """The other side: the file as read is fixed, so the refusal above is the edit's doing."""
    deck = make_deck(tmp_path, replace={TYPO_LINE: WRITTEN})
    result = run(capsys, "--fix", deck, "--as-of", AS_OF)
    assert result.code == 0, result.err
    assert deck.read_text(encoding="utf-8").splitlines()[TYPO_LINE - 1] == "1 永遠のリュウセイ・カイザー"
