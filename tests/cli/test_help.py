"""--help is whole in both languages at any width from 80 columns up, its labels in the run's
language, in any order of --help and --lang; shell completion is typer's own (issue 36)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer
from support import run

from duepa_check.cli import app as cli
from duepa_check.messages import catalogue

COMMANDS = sorted(info.callback.__name__ for info in cli.app.registered_commands)
BORDERS = re.compile(r"[\s│╭╮╰╯─]+")


def _flat(text: str) -> str:
    """The text without spaces, line breaks or the panels' borders: what a wrap cannot change."""
    return BORDERS.sub("", text)


def _help_texts(command: str, lang: str) -> list[str]:
    """Every option's and argument's help, as the catalogue says it in ``lang``."""
    words = catalogue(lang)
    group = typer.main.get_command(cli.app)
    params = group.commands[command].params
    found = []
    for param in params:
        key = next(k for k in (f"help.{command}.{param.name}", f"help.option.{param.name}") if k in words)
        found.append(words[key])
    return found


@pytest.mark.parametrize("columns", [80, 120])
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("command", COMMANDS)
def test_every_commands_help_is_whole(capsys, monkeypatch, command, lang, columns):
    monkeypatch.setenv("COLUMNS", str(columns))
    result = run(capsys, command, "--help", "--lang", lang)
    assert result.code == 0 and result.err == ""
    lines = result.out.splitlines()
    assert "…" not in result.out
    assert max(len(line) for line in lines) <= columns
    flat = _flat(result.out)
    for help_text in (*_help_texts(command, lang), catalogue(lang)["help.option.help"]):
        assert _flat(help_text) in flat, help_text
    words = catalogue(lang)
    assert words["help.label.usage"] in result.out and words["help.label.options"] in result.out


def test_the_help_of_a_long_option_is_wrapped_not_cut_in_japanese(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    out = run(capsys, "check", "--help", "--lang", "ja").out
    assert "パートナーを指定します（デッキリストの指定より" in out  # cut at 'パートナーを指 …' before
    assert "優先）。" in out  # a word is not cut (優|先 before issue 47)
    for option in ("--include-unconfirmed", "--stdin-filename NAME", "--format FORMAT", "--as-of DATE"):
        assert option in out
    assert "[選択肢: text, lines, table, json, github, sarif, html]" in _spaced(out)


def _spaced(text: str) -> str:
    """The help's text with its lines joined (a wrapped label read whole)."""
    return " ".join(line.strip(" │") for line in text.splitlines())


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_labels_are_in_the_runs_language(capsys, monkeypatch, lang):
    out = run(capsys, "update", "--help", "--lang", lang).out
    words = catalogue(lang)
    for key in ("help.label.usage", "help.label.options"):
        assert words[key] in out
    assert words["help.label.default"].format(default="1") in _spaced(out)  # --delay's default, as written
    card = run(capsys, "card", "--help", "--lang", lang).out
    assert words["help.label.arguments"] in card and words["help.label.required"] in card
    if lang == "ja":
        for english in ("Usage", "Options", "Arguments", "[default", "[required]", "Commands"):
            assert english not in out + card


@pytest.mark.parametrize(
    "argv", [("--lang", "ja", "--help"), ("--help", "--lang", "ja"), ("--lang=ja", "--help"), ("--lang", "ja")]
)
def test_lang_and_help_in_any_order_show_the_command_list(capsys, argv):
    result = run(capsys, *argv)
    assert result.code == 0
    assert "コマンド" in result.out and "使い方: duepa-check [OPTIONS] COMMAND [ARGS]..." in result.out
    for command in COMMANDS:
        assert re.search(rf"│ {command} ", result.out), command


def test_a_commands_help_with_lang_after_it_is_that_commands(capsys):
    result = run(capsys, "check", "--help", "--lang", "ja")
    assert "使い方: duepa-check check [OPTIONS] DECK..." in result.out and "コマンド" not in result.out


def test_an_option_first_is_still_a_check(capsys, tmp_path):
    missing = tmp_path / "missing.txt"
    assert run(capsys, "--lang", "ja", missing).err == f"duepa-check: {missing}: ファイルがありません\n"


def test_booleans_are_flags_only(capsys):
    """A flag and its --no- pair crowded the table (--include-unconf… / --no-include-u…): one name each."""
    out = run(capsys, "check", "--help").out
    assert "--no-strict" not in out and "--no-include-unconfirmed" not in out and "--strict" in out


def test_completion_is_typers_own(capsys, monkeypatch):
    import typer.completion

    monkeypatch.setattr(typer.completion, "_get_shell_name", lambda: "bash")
    with pytest.raises(SystemExit) as done:
        run(capsys, "--show-completion")
    assert done.value.code == 0
    script = capsys.readouterr().out
    assert "_DUEPA_CHECK_COMPLETE" in script and "complete" in script
    monkeypatch.setenv("_DUEPA_CHECK_COMPLETE", "complete_bash")
    monkeypatch.setenv("COMP_WORDS", "duepa-check ch")
    monkeypatch.setenv("COMP_CWORD", "1")
    with pytest.raises(SystemExit) as done:
        run(
            capsys,
        )
    assert capsys.readouterr().out.split() == ["check"]
    monkeypatch.setenv("COMP_WORDS", "duepa-check check --format ")
    monkeypatch.setenv("COMP_CWORD", "3")
    with pytest.raises(SystemExit):
        run(
            capsys,
        )
    assert capsys.readouterr().out.split() == ["text", "lines", "table", "json", "github", "sarif", "html"]


def test_completion_is_in_the_help_of_the_command_list(capsys):
    out = run(capsys, "--help").out
    assert "--install-completion" in out and "--show-completion" in out


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("--lang",), "requires an argument"),
        (("--lang", "fr"), "'fr' is not one of"),
        (("--lang=fr",), "'fr' is not one of"),
    ],
)
def test_a_bad_lang_alone_is_a_usage_error_not_the_help(capsys, argv, said):
    result = run(capsys, *argv)
    assert result.code == 2 and said in result.err and "Commands" not in result.out


@pytest.mark.parametrize("lang", [["--lang", "ja"], ["--lang=ja"]])
@pytest.mark.parametrize("command", ["card", "rules", "stats", "partners", "update", "check"])
def test_a_leading_lang_keeps_the_command_and_its_help(capsys, lang, command):
    """`duepa-check --lang ja card --help` is card's help in Japanese (it was check's)."""
    out = run(capsys, *lang, command, "--help").out
    assert f"duepa-check {command} [" in out and "使い方" in out


def test_a_leading_lang_runs_the_command(capsys):
    assert "《ボルシャック・ドラゴン》" in run(capsys, "--lang", "ja", "card", "ボルシャック・ドラゴン").out


@pytest.mark.parametrize(
    "args", [["--show-completion", "zsh"], ["--install-completion=bash"], ["--lang", "ja", "--show-completion", "fish"]]
)
def test_completion_given_a_shell_name_says_it_takes_none(capsys, args):
    """typer finds the shell itself: `--show-completion zsh` was a check of a file 'zsh' that said
    'No such option: --show-completion', an option the help lists."""
    result = run(capsys, *args)
    assert result.code == 2 and not result.out
    option = args[-2] if "fish" in args else args[0].split("=")[0]
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"duepa-check: {option} ")
    assert ("シェル" in lines[0]) == ("ja" in args) and f"'duepa-check {option}'" in lines[0]


def test_update_help_names_the_source_the_folder_and_how_long_a_first_run_takes(capsys):
    """Issue 47: a first `update` went quiet for minutes with no word of where it reads, where it writes or
    how long it takes; the README and docs/data.md say the same time."""
    from support import run

    out = " ".join(run(capsys, "update", "--help").out.split())
    assert "https://dm.takaratomy.co.jp" in out and "--data-dir" in out and "a first run takes a few minutes" in out
    ja = " ".join(run(capsys, "update", "--help", "--lang", "ja").out.split())
    assert "https://dm.takaratomy.co.jp" in ja and "初回は数分かかります" in ja
    root = Path(__file__).resolve().parents[2]
    for page in ("README.md", "docs/data.md"):
        assert "a few minutes" in (root / page).read_text(encoding="utf-8"), page
