"""House rules are never skipped in silence (issue 30): a ``.duepa-check.yaml`` that exists but
cannot be read is an error naming it (exit 2), never "no house rules"; a key given twice is an
error; a house-rules file that links out of its folder is refused unread, so none of its values
is ever quoted back."""

from __future__ import annotations

import contextlib
import io
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import AS_OF, make_deck, run

from duepa_check.cli import main
from duepa_check.data import config

UNREADABLE = ["dangling", "fifo", "loop", "device", "folder", "outside", "dangling-outside"]


def make_unreadable(folder, kind: str, name: str = config.CONFIG_FILE):
    """A house-rules file of the given kind in ``folder``; "outside" links to a readable file
    outside the folder holding a secret-looking value."""
    path = folder / name
    if kind == "dangling":
        path.symlink_to(folder / "nowhere.yaml")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "loop":
        path.symlink_to(path)
    elif kind == "device":
        path.symlink_to(os.devnull)
    elif kind == "folder":
        path.mkdir()
    elif kind == "outside":
        secret = folder.parent / f"{folder.name}-secret.yaml"
        secret.write_text("deck_size: ghp_0123456789secret\n", encoding="utf-8")
        path.symlink_to(secret)
    elif kind == "dangling-outside":
        path.symlink_to(folder.parent / "gone.yaml")
    return path


def check(*args: str) -> tuple[int, str, str]:
    config.forget_found_configs()
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([*map(str, args), *(["--as-of", AS_OF] if args[0] != "stats" else [])])
    return code, out.getvalue(), err.getvalue()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    kind=st.sampled_from(UNREADABLE),
    depth=st.integers(0, 2),
    name=st.sampled_from([config.CONFIG_FILE, "pyproject.toml"]),
    command=st.sampled_from(["check", "partners", "stats"]),
    output=st.sampled_from(["text", "json"]),
)
def test_any_house_rules_file_that_exists_but_cannot_be_read_stops_the_run(
    tmp_path_factory, kind, depth, name, command, output
):
    """Found beside the deck or in any parent folder, by check, partners or stats."""
    root = tmp_path_factory.mktemp("house")
    deck_folder = root.joinpath(*["sub"] * depth)
    deck_folder.mkdir(parents=True, exist_ok=True)
    deck = make_deck(deck_folder)
    path = make_unreadable(root, kind, name)
    args = [deck] if command == "check" else [command, deck]
    code, out, err = check(*args, "--format", output)
    assert code == 2, (kind, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and str(path) in lines[0], err
    assert "ghp_" not in out + err  # nothing of a refused file is quoted
    assert "Traceback" not in err


@pytest.mark.parametrize("kind, says", [("fifo", "FIFO"), ("device", "a device"), ("folder", "directory")])
def test_config_option_naming_what_is_not_a_file_says_what_it_is(capsys, tmp_path, kind, says):
    deck = make_deck(tmp_path)
    given = make_unreadable(tmp_path, kind, "rules.yaml")
    for command in ([deck], ["partners", deck]):
        result = run(capsys, *command, "--config", given, "--as-of", AS_OF)
        assert result.code == 2, result
        assert says in result.err and str(given) in result.err and "no such" not in result.err, result.err


def test_config_option_naming_nothing_says_no_such_file(capsys, tmp_path):
    deck = make_deck(tmp_path)
    result = run(capsys, deck, "--config", tmp_path / "missing.yaml", "--as-of", AS_OF)
    assert result.code == 2 and "no such config file" in result.err


@pytest.mark.parametrize(
    "text, line",
    [
        ("deck_size: 29\ndeck_size: 60\n", 2),
        ("deck_size: 60\npartner_min_cost: 4\ndeck-size: 40\n", 3),
        ("severity:\n  DP202: error\n  DP202: warning\n", 3),
        ("regulation:\n  - {date: 2026-07-01, card: 龍の呼び声, status: unrestricted, date: 2026-08-01}\n", 2),
    ],
)
def test_a_key_given_twice_in_house_rules_is_an_error(capsys, tmp_path, text, line):
    deck = make_deck(tmp_path)
    (tmp_path / config.CONFIG_FILE).write_text(text, encoding="utf-8")
    config.forget_found_configs()
    result = run(capsys, deck, "--as-of", AS_OF)
    assert result.code == 2
    assert f"{config.CONFIG_FILE}:{line}: key" in result.err and "twice" in result.err, result.err


def test_a_house_rules_link_inside_its_folder_is_read(capsys, tmp_path):
    deck = make_deck(tmp_path)
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "club.yaml").write_text("deck_size: 59\n", encoding="utf-8")
    (tmp_path / config.CONFIG_FILE).symlink_to(tmp_path / "rules" / "club.yaml")
    config.forget_found_configs()
    result = run(capsys, deck, "--as-of", AS_OF, "--format", "json")
    assert result.code == 1 and "DP001" in result.out


def test_a_refused_house_rules_file_given_by_config_is_read(capsys, tmp_path):
    """--config is the user's own choice: a link out of a folder is followed then."""
    deck = make_deck(tmp_path / "decks")
    (tmp_path / "club.yaml").write_text("deck_size: 59\n", encoding="utf-8")
    (tmp_path / "decks" / "rules.yaml").symlink_to(tmp_path / "club.yaml")
    result = run(capsys, deck, "--config", tmp_path / "decks" / "rules.yaml", "--as-of", AS_OF, "--format", "json")
    assert result.code == 1 and "DP001" in result.out


def test_a_submitters_house_rules_apply_unless_the_organizer_pins_them(capsys, tmp_path):
    """README (CI): a .duepa-check.yaml in a submission folder applies to its decks; --config (the
    Action's config input) pins the organizer's rules for every deck and reads no other file."""
    make_deck(tmp_path / "submissions" / "alice", append=["1 無双竜機ボルバルザーク"], replace={30: "# one card out"})
    (tmp_path / "submissions" / "alice" / config.CONFIG_FILE).write_text("disable: [DP007]\n", encoding="utf-8")
    (tmp_path / "rules.yaml").write_text("deck_size: 60\n", encoding="utf-8")
    config.forget_found_configs()
    found = run(capsys, tmp_path / "submissions", "--as-of", AS_OF, "--format", "json")
    assert found.code == 0 and found.json["decks"][0]["config"].endswith(config.CONFIG_FILE)
    pinned = run(
        capsys, tmp_path / "submissions", "--as-of", AS_OF, "--format", "json", "--config", tmp_path / "rules.yaml"
    )
    assert pinned.code == 1 and "DP007" in pinned.out and pinned.json["decks"][0]["config"].endswith("rules.yaml")


def test_house_rules_found_once_are_kept_for_the_process_until_forgotten(capsys, tmp_path):
    """The search is cached (a thousand decks in one folder walk up once): a file added after a run
    in the same process is not seen until ``forget_found_configs()``, the seam the tests use."""
    deck = make_deck(tmp_path)
    config.forget_found_configs()
    assert run(capsys, deck, "--as-of", AS_OF).code == 0
    (tmp_path / config.CONFIG_FILE).write_text("deck_size: 59\n", encoding="utf-8")
    assert run(capsys, deck, "--as-of", AS_OF).code == 0  # the first search's answer
    config.forget_found_configs()
    result = run(capsys, deck, "--as-of", AS_OF, "--format", "json")
    assert result.code == 1 and "DP001" in result.out
