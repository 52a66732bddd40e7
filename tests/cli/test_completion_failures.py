"""--install-completion is typer's code; its failures are still one line and a non-zero exit at our
edge: a start-up file that is a folder, a home that cannot be written."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from support import run

# The file each shell's install writes (typer's own choice), made a folder so that writing it fails.
SHELLS = {"bash": ".bashrc", "zsh": ".zshrc", "fish": ".config/fish/completions/duepa-check.fish"}


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setattr(Path, "home", classmethod(lambda cls: tmp_path))
    return tmp_path


def _shell(monkeypatch, name: str) -> None:
    import shellingham

    monkeypatch.setattr(shellingham, "detect_shell", lambda *args, **kwargs: (name, f"/bin/{name}"))


@pytest.mark.parametrize("shell", SHELLS)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_start_up_file_that_is_a_folder_is_one_line(home, capsys, monkeypatch, shell, lang):
    _shell(monkeypatch, shell)
    (home / SHELLS[shell]).mkdir(parents=True)
    result = run(capsys, "--install-completion", "--lang", lang)
    assert result.code == 2 and "Traceback" not in result.err
    [line] = result.err.splitlines()
    assert line.startswith("duepa-check: --install-completion: ") and SHELLS[shell].split("/")[-1] in line


def test_a_home_that_cannot_be_written_is_one_line(home, capsys, monkeypatch):
    _shell(monkeypatch, "bash")
    real_mkdir = Path.mkdir

    def read_only(self, *args, **kwargs):
        if str(self).startswith(str(home)):
            raise PermissionError(errno.EROFS, os.strerror(errno.EROFS), str(self))
        return real_mkdir(self, *args, **kwargs)

    monkeypatch.setattr(Path, "mkdir", read_only)
    result = run(capsys, "--install-completion")
    assert result.code == 2 and result.err.count("\n") == 1
    assert "Read-only file system" in result.err and "Traceback" not in result.err


def test_an_install_that_works_still_works(home, capsys, monkeypatch):
    _shell(monkeypatch, "bash")
    with pytest.raises(SystemExit) as done:  # typer ends the run itself once it has installed
        run(capsys, "--install-completion")
    assert done.value.code in (0, None) and "duepa-check" in (home / ".bashrc").read_text(encoding="utf-8")
