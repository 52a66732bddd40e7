"""Hostile input on the check path (issue 13): what cannot be encoded, what never ends, what is
too big, what would be skipped in silence. Each case: exit 0, 1 or 2, at most one line per
problem on stderr, never a traceback, and no deck judged on something it did not read.

Running as root (as CI containers often do) no permission is ever denied, so the permission
cases make the system call fail on purpose instead of relying on chmod.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest
from support import AS_OF, BD4, DECKS, make_deck, run

import duepa_check.check.checker as checker_module
from duepa_check.data.pool import CardPool
from duepa_check.printable import printable
from duepa_check.rules import unknown_card


def one_line(result, code: int = 2, *needles: str) -> str:
    assert result.code == code, (result.code, result.out[-2000:], result.err)
    assert "Traceback" not in result.out + result.err
    lines = result.err.strip().splitlines()
    assert len(lines) == 1, result.err
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    return lines[0]


@contextmanager
def deadline(seconds: int):
    """Fail instead of hanging (a FIFO read would block forever)."""

    def expire(signum, frame):
        raise TimeoutError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


# ---------------------------------------------------------------------------- what cannot be encoded


def test_printable_escapes_what_would_break_a_line_or_an_encoder():
    assert printable("a\udcffb") == "a\\xffb"  # a file-name byte that is not UTF-8
    assert printable("\ud800") == "\\ud800"  # a lone surrogate from a JSON escape
    assert printable("x\x1b[31m\ny\u2028z\x85") == "x\\x1b[31m\\x0ay\\u2028z\\x85"
    assert printable("ボルシャック・ドラゴン 1") == "ボルシャック・ドラゴン 1"


def test_printable_leaves_alone_exactly_the_characters_it_does_not_escape():
    """The fast path (str.isprintable) must never skip a character the escape pattern covers:
    every code point of the BMP (where all of them are) and a sample of the others, alone and
    between letters, is escaped iff it is in the unsafe set (with the bidi controls since issue 39, and
    the invisible characters since its item 9: soft hyphen, U+034F, hangul fillers, zero widths,
    variation selectors, tags)."""
    unsafe = re.compile(
        r"[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
        r"\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2060-\u206f\u3164"
        r"\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
        r"\U000e0000-\U000e0fff]"
    )
    for code in [*range(0x10000), *range(0x10000, 0x110000, 97)]:
        character = chr(code)
        expected = unsafe.search(character) is not None
        assert (printable(character) != character) is expected, hex(code)
        assert (printable("a" + character + "ア") != "a" + character + "ア") is expected, hex(code)


@pytest.mark.parametrize("output_format", ["text", "json", "github", "sarif"])
def test_a_lone_surrogate_in_a_json_deck_is_a_problem_not_a_traceback(capsys, tmp_path, output_format):
    path = tmp_path / "deck.json"
    path.write_text('{"partner": "ボルシャック・ドラゴ大王", "cards": ["\\ud800", "\\udcff\\u0041"]}', encoding="utf-8")
    result = run(capsys, path, "--format", output_format, "--as-of", AS_OF)
    assert result.code == 1 and result.err == ""
    if output_format == "json":
        problems = [v for v in result.json["decks"][0]["violations"] if v["rule"] == "DP102"]
        assert [v["card"] for v in problems] == ["\\ud800", "\\udcffA"]
        assert all("surrogate" in v["message"] and "character itself" in v["hint"] for v in problems)
    if output_format == "sarif":
        json.loads(result.out)


def test_arguments_that_are_not_utf8_are_one_line(capsys, tmp_path):
    deck = make_deck(tmp_path)
    line = one_line(run(capsys, deck, "--partner", os.fsdecode(b"\xff")), 2, "--partner", "matches no card")
    assert "\\udcff" in line
    found = run(capsys, "card", os.fsdecode(b"\xff"))
    assert found.code == 1 and "Traceback" not in found.err


@pytest.mark.parametrize("output_format", ["text", "json", "github", "sarif"])
def test_file_names_that_are_not_utf8_are_reported_escaped(capsys, tmp_path, output_format):
    folder = tmp_path / "decks"
    make_deck(tmp_path, replace={22: "1 アクア・サーファー"}, name="decks/" + os.fsdecode(b"\xff\xfe.txt"))
    result = run(capsys, folder, "--format", output_format, "--as-of", AS_OF)
    assert result.code == 1 and result.err == ""
    if output_format == "json":
        assert result.json["decks"][0]["path"].endswith("decks/\\xff\\xfe.txt")
    elif output_format != "sarif":
        assert "decks/\\xff\\xfe.txt" in result.out
    if output_format == "sarif":
        [run_] = json.loads(result.out)["runs"]
        assert {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run_["results"]} == {
            Path(folder, os.fsdecode(b"\xff\xfe.txt")).as_uri()
        }  # the file's own bytes, percent-encoded: a viewer can open it


def test_control_characters_in_a_file_name_are_shown_escaped_on_one_line(capsys, tmp_path):
    make_deck(tmp_path, replace={22: "1 アクア・サーファー"}, name="decks/evil\x1b[2J\nname.txt")
    result = run(capsys, tmp_path / "decks", "--as-of", AS_OF)
    assert result.code == 1
    assert "\x1b" not in result.out and "evil\\x1b[2J\\x0aname.txt" in result.out
    github = run(capsys, tmp_path / "decks", "--format", "github", "--as-of", AS_OF)
    assert all(line.startswith("::") for line in github.out.splitlines())


def test_writing_to_a_full_disk_is_one_line_exit_2():
    deck = DECKS / BD4
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "duepa_check", str(deck), "--as-of", AS_OF, "--format", "json"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
        )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "duepa-check: cannot write the report to standard output (No space left on device)"
    ]


def test_a_closed_stdout_is_one_line_exit_2():
    deck = DECKS / BD4
    code = (
        f"import os, sys; os.close(1); os.execv(sys.executable, [sys.executable, '-m', 'duepa_check', {str(deck)!r}])"
    )
    done = subprocess.run([sys.executable, "-c", code], stderr=subprocess.PIPE, text=True)
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and "standard output" in done.stderr


# ---------------------------------------------------------------------------- configs


def write_config(tmp_path, text: str | bytes, name: str = ".duepa-check.yaml"):
    deck = make_deck(tmp_path)
    path = tmp_path / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return deck


@pytest.mark.parametrize(
    "name, text, needle",
    [
        (".duepa-check.yaml", "banned: " + "[" * 20000 + "]" * 20000, "nest"),
        (".duepa-check.yaml", "deck_size: " + "{a: " * 20000 + "1" + "}" * 20000, "nest"),
        ("pyproject.toml", "[tool.duepa-check]\nbanned = " + "[" * 20000 + "]" * 20000, "nested more than 32 deep"),
        ("pyproject.toml", "tool = 3\n# [tool.duepa-check]\n", "'tool' is not a table"),
        ("pyproject.toml", "[tool]\nduepa-check = 3\n# [tool.duepa-check]\n", "mapping"),
    ],
)
def test_configs_nested_too_deep_or_of_the_wrong_shape(capsys, tmp_path, name, text, needle):
    deck = write_config(tmp_path, text, name)
    one_line(run(capsys, deck), 2, name, needle)


def billion_laughs(key: str) -> str:
    anchors = ["&a [x, x, x, x, x, x, x, x, x]"]
    anchors += [f"&{chr(97 + n)} [{', '.join([f'*{chr(96 + n)}'] * 9)}]" for n in range(1, 10)]
    return f"{key}: [{', '.join(anchors)}]\n"


@pytest.mark.parametrize("key", ["deck_size", "banned", "disable", "severity", "singleton"])
def test_a_billion_laughs_config_is_a_short_line(capsys, tmp_path, key):
    text = billion_laughs(key) if key != "severity" else "severity: {DP001: " + billion_laughs("x")[3:-1] + "}\n"
    deck = write_config(tmp_path, text)
    line = one_line(run(capsys, deck), 2, key)
    assert len(line) < 300


def test_a_config_over_the_size_limit_is_refused(capsys, tmp_path):
    deck = write_config(tmp_path, "# " + "x" * 1_000_000 + "\ndeck_size: 60\n")
    one_line(run(capsys, deck), 2, ".duepa-check.yaml", "larger than 1 MB")


def test_a_folder_that_cannot_be_searched_for_house_rules(capsys, tmp_path, monkeypatch):
    """A parent folder without execute permission: stat fails with EACCES (simulated: tests may run as root)."""
    from duepa_check.data import config

    deck = make_deck(tmp_path)
    real = os.lstat

    def lstat(path, *args, **kwargs):
        if os.path.basename(path) == config.CONFIG_FILE:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, "lstat", lstat)
    config.forget_found_configs()
    try:
        one_line(run(capsys, deck), 2, "cannot look for house rules", "Permission denied")
    finally:
        config.forget_found_configs()


def test_a_deck_behind_a_folder_without_permission(capsys, tmp_path, monkeypatch):
    deck = make_deck(tmp_path)
    real = Path.is_dir

    def is_dir(path):
        if path == deck:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(Path, "is_dir", is_dir)
    one_line(run(capsys, deck), 2, str(deck), "Permission denied")


# ---------------------------------------------------------------------------- bounded time and memory


def test_close_names_are_searched_for_the_first_unknown_names_only(capsys, tmp_path, monkeypatch):
    searched = []
    real = CardPool.suggest

    def suggest(self, key, limit=3):
        searched.append(key)
        return real(self, key, limit)

    monkeypatch.setattr(CardPool, "suggest", suggest)
    limit = unknown_card.SUGGEST_AT_MOST
    path = tmp_path / "names.txt"
    path.write_text("".join(f"1 ボルシャック・ドラゴン{n}号\n" for n in range(limit + 50)), encoding="utf-8")
    result = run(capsys, path, "--format", "json", "--as-of", AS_OF)
    unknown = [v for v in result.json["decks"][0]["violations"] if v["rule"] == "DP100"]
    assert len(unknown) == limit + 50 and len(searched) == limit
    assert "did you mean 《ボルシャック・ドラゴン》" in unknown[0]["hint"]
    assert f"first {limit} unknown names" in unknown[-1]["hint"]


def test_json_names_written_with_escapes_get_their_lines(capsys, tmp_path):
    """Escapes in upper case (\\u30DC) match neither json.dumps spelling: the search used to scan to the end."""
    deck = make_deck(tmp_path, replace={22: "1 アクア・サーファー"})
    lines = deck.read_text(encoding="utf-8").splitlines()
    partner = lines[1].split(": ", 1)[1]
    names = [line.split(" ", 1)[1] for line in lines[3:]]
    escaped = [
        json.dumps(name).upper().replace("\\U", "\\u") if "ボ" in name else json.dumps(name, ensure_ascii=False)
        for name in names
    ]
    text = '{"partner": ' + json.dumps(partner) + ',\n "cards": [\n' + ",\n".join(escaped) + "\n]}\n"
    (tmp_path / "deck.json").write_text(text, encoding="utf-8")
    result = run(capsys, tmp_path / "deck.json", "--format", "json", "--as-of", AS_OF)
    [problem] = result.json["decks"][0]["violations"]
    assert problem["rule"] == "DP005" and problem["line"] == 3 + names.index("アクア・サーファー")


def test_one_deck_reports_its_first_500_problems_and_counts_the_rest(capsys, tmp_path):
    limit = checker_module.MAX_REPORTED
    path = tmp_path / "many.txt"
    path.write_text(
        "パートナー: ボルシャック・ドラゴ大王\n" + "1 アクア・サーファー\n" * (limit + 200), encoding="utf-8"
    )
    as_json = run(capsys, path, "--format", "json", "--as-of", AS_OF)
    [deck] = as_json.json["decks"]
    assert len(deck["violations"]) == limit and deck["omitted"] > 200
    total = len(deck["violations"]) + deck["omitted"]
    assert as_json.json["summary"]["errors"] == total  # the verdict counts every problem
    text = run(capsys, path, "--as-of", AS_OF)  # in proportion to the list: fewer listed, the rest counted
    listed = len(re.findall(r": DP\d{3} ", text.out))
    assert 0 < listed < limit and f"{total - listed} more problems not listed (only the first {listed} are)" in text.out
    github = run(capsys, path, "--format", "github", "--as-of", AS_OF)
    assert github.out.count("::error") == limit and "::notice" in github.out.splitlines()[-1]
    sarif = json.loads(run(capsys, path, "--format", "sarif", "--as-of", AS_OF).out)["runs"][0]
    assert len(sarif["results"]) == limit
    [note] = sarif["invocations"][0]["toolExecutionNotifications"]
    assert note["level"] == "note" and sarif["invocations"][0]["executionSuccessful"] is True
    html = run(capsys, path, "--format", "html", "--as-of", AS_OF).out
    assert html.count("<tr>") <= limit + 2 and f"{deck['omitted']} more problems not listed" in html


def test_a_fifo_given_as_a_deck_is_refused_not_waited_on(capsys, tmp_path):
    fifo = tmp_path / "deck.txt"
    os.mkfifo(fifo)
    with deadline(20):
        one_line(run(capsys, fifo), 2, "named pipe")


def test_a_fifo_met_in_a_folder_is_reported_and_the_rest_checked(capsys, tmp_path):
    make_deck(tmp_path, name="decks/good.txt")
    os.mkfifo(tmp_path / "decks" / "pipe.txt")
    with deadline(20):
        result = run(capsys, tmp_path / "decks", "--format", "json", "--as-of", AS_OF)
    one_line(result, 2, "pipe.txt", "named pipe")
    assert [d["legal"] for d in result.json["decks"]] == [True, False]


def test_a_device_given_as_a_deck_is_refused(capsys):
    one_line(run(capsys, "/dev/zero"), 2, "/dev/zero", "device")


# ---------------------------------------------------------------------------- nothing skipped in silence


def test_a_subfolder_that_cannot_be_listed_is_reported(capsys, tmp_path, monkeypatch):
    make_deck(tmp_path, name="decks/a/good.txt")
    make_deck(tmp_path, name="decks/locked/unseen.txt")
    locked = str(tmp_path / "decks" / "locked")
    real = os.scandir

    def scandir(path="."):
        if os.fspath(path) == locked:
            raise PermissionError(13, "Permission denied", locked)
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    result = run(capsys, tmp_path / "decks", "--format", "json", "--as-of", AS_OF)
    one_line(result, 2, "locked", "cannot be listed")
    assert [d["legal"] for d in result.json["decks"]] == [True, False]


def test_symlinks_out_of_the_folder_are_not_followed(capsys, tmp_path):
    secret = tmp_path / "secret"
    secret.mkdir()
    (secret / "id_rsa.txt").write_text("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n")
    make_deck(tmp_path, name="decks/good.txt")
    (tmp_path / "decks" / "key.txt").symlink_to(secret / "id_rsa.txt")
    (tmp_path / "decks" / "elsewhere").symlink_to(secret, target_is_directory=True)
    (tmp_path / "decks" / "same.txt").symlink_to(tmp_path / "decks" / "good.txt")  # inside: followed
    result = run(capsys, tmp_path / "decks", "--format", "github", "--as-of", AS_OF)
    assert result.code == 2 and "OPENSSH" not in result.out + result.err and "b3Bl" not in result.out + result.err
    errors = result.err.strip().splitlines()
    assert len(errors) == 2 and all("outside the folder checked; not followed" in e for e in errors)
    assert any("key.txt" in e for e in errors) and any("elsewhere" in e for e in errors)
    as_json = run(capsys, tmp_path / "decks", "--format", "json", "--as-of", AS_OF).json
    legal = {Path(d["path"]).name: d["legal"] for d in as_json["decks"]}
    assert legal == {"elsewhere": False, "good.txt": True, "key.txt": False, "same.txt": True}


@pytest.mark.parametrize(
    "name, text, line",
    [
        (
            "deck.json",
            '{"partner": "ボルシャック・ドラゴ大王",\n "cards": ["ボルシャック・ドラゴン"],\n "cards": []}',
            3,
        ),
        ("deck.yaml", "partner: ボルシャック・ドラゴ大王\ncards:\n  - ボルシャック・ドラゴン\ncards: []\n", 4),
        ("deck.yaml", "cards:\n  - {name: ボルシャック・ドラゴン, count: 1, count: 2}\n", 2),
        ("deck.json", '{"cards": [\n {"name": "ボルシャック・ドラゴン"},\n {"name": "a",\n  "name": "b"}]}', 4),
        (
            "deck.json",
            '{"cards": [{"name": "x", "count": 1}],\n "partner": {"name": "y", "count": 1,\n "count": 2}}',
            3,
        ),
    ],
)
def test_duplicate_keys_in_structured_decks_are_reported(capsys, tmp_path, name, text, line):
    (tmp_path / name).write_text(text, encoding="utf-8")
    result = run(capsys, tmp_path / name, "--format", "json", "--as-of", AS_OF)
    duplicates = [v for v in result.json["decks"][0]["violations"] if "given twice" in v["message"]]
    assert [(v["rule"], v["line"]) for v in duplicates] == [("DP102", line)]
    assert duplicates[0]["hint"] == "keep one: merge the two values under a single key"
    assert result.code == 1


def test_every_report_names_the_house_rules_file_that_applied(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    make_deck(tmp_path, name="club/decks/deck.txt")
    make_deck(tmp_path, name="open/deck.txt")
    (tmp_path / "club" / ".duepa-check.yaml").write_text("disable: [DP202]\n", encoding="utf-8")
    as_json = run(capsys, "club", "open", "--format", "json", "--as-of", AS_OF).json
    assert [d["config"] for d in as_json["decks"]] == [os.path.join("club", ".duepa-check.yaml"), None]
    text = run(capsys, "club", "open", "--as-of", AS_OF).out
    assert f"house rules {os.path.join('club', '.duepa-check.yaml')}" in text
    sarif = json.loads(run(capsys, "club/decks/deck.txt", "--format", "sarif", "--as-of", "2027-01-01").out)
    assert sarif["runs"][0]["results"][0]["properties"]["config"] == os.path.join("club", ".duepa-check.yaml")
    html = run(capsys, "club", "open", "--format", "html", "--as-of", AS_OF).out
    assert html.count(f"house rules {os.path.join('club', '.duepa-check.yaml')}") == 1
    explicit = run(capsys, "open", "--config", "club/.duepa-check.yaml", "--format", "json", "--as-of", AS_OF).json
    assert explicit["decks"][0]["config"] == os.path.join("club", ".duepa-check.yaml")


# ---------------------------------------------------------------------------- properties

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
CONFIG_WORDS = st.sampled_from(
    [
        "deck_size",
        "partner_min_cost",
        "singleton",
        "banned",
        "allowed",
        "disable",
        "severity",
        "include_unconfirmed",
        "DP001",
        "DP005",
        "error",
        "warning",
        "true",
        "null",
        "ボルシャック・ドラゴン",
        "&a",
        "*a",
        "!!python/object",
        "tool",
        "[tool.duepa-check]",
        "{",
        "}",
        "[",
        "]",
        "-",
        ":",
        "=",
        "\n",
        "  ",
        "'",
        '"',
        "#",
        "0",
        "-1",
        "1e999",
        "\x00",
        "\ud800",
    ]
)


def assert_at_most_one_line_per_problem(code: int, err: str) -> None:
    assert code in (0, 1, 2)
    assert "Traceback" not in err
    assert all(line.startswith("duepa-check: ") for line in err.splitlines()), err


@PROPERTY
@given(
    text=st.lists(CONFIG_WORDS | st.text(max_size=8), max_size=40).map(" ".join),
    name=st.sampled_from([".duepa-check.yaml", "pyproject.toml"]),
)
def test_any_config_text_gives_0_1_or_2_and_one_line(tmp_path_factory, text, name):
    import contextlib
    import io

    from duepa_check.cli import main
    from duepa_check.data import config

    folder = tmp_path_factory.mktemp("config")
    deck = make_deck(folder)
    data = text.encode("utf-8", "surrogatepass")
    if name == "pyproject.toml":
        data = b"[tool.duepa-check]\n" + data
    (folder / name).write_bytes(data)
    config.forget_found_configs()
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(deck), "--as-of", AS_OF])
    assert_at_most_one_line_per_problem(code, err.getvalue())
    if code == 2:
        assert len(err.getvalue().splitlines()) == 1


FILE_KINDS = st.sampled_from(["deck", "broken", "fifo", "folder", "dangling", "loop", "outside", "inside", "binary"])


@PROPERTY
@given(kinds=st.lists(FILE_KINDS, min_size=1, max_size=6))
def test_any_mix_of_file_types_in_a_folder_gives_0_1_or_2_and_a_line_per_file_not_read(tmp_path_factory, kinds):
    import contextlib
    import io

    from duepa_check.cli import main

    root = tmp_path_factory.mktemp("mix")
    folder = root / "decks"
    folder.mkdir()
    (root / "outside.txt").write_text((DECKS / BD4).read_text(encoding="utf-8"), encoding="utf-8")
    for number, kind in enumerate(kinds):
        path = folder / f"{number}.txt"
        if kind in ("deck", "broken"):
            make_deck(folder, replace={22: "1 アクア・サーファー"} if kind == "broken" else {}, name=path.name)
        elif kind == "fifo":
            os.mkfifo(path)
        elif kind == "folder":
            make_deck(folder, name=f"{number}/inner.txt")
        elif kind == "dangling":
            path.symlink_to(root / "nowhere.txt")
        elif kind == "loop":
            path.symlink_to(path)
        elif kind == "outside":
            path.symlink_to(root / "outside.txt")
        elif kind == "inside":
            make_deck(folder, name=f"real{number}.txt")
            path.symlink_to(folder / f"real{number}.txt")
        else:
            path.write_bytes(bytes(range(256)) * 4)
    out, err = io.StringIO(), io.StringIO()
    with deadline(60), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(folder), "--format", "json", "--as-of", AS_OF])
    assert_at_most_one_line_per_problem(code, err.getvalue())
    decks = json.loads(out.getvalue())["decks"]
    unread = [d for d in decks if "error" in d]
    assert len(err.getvalue().splitlines()) == len(unread)  # every file not read is said, once
    not_read = {"fifo", "dangling", "loop", "outside", "binary"}
    assert len(unread) == sum(kind in not_read for kind in kinds)
    assert code == (2 if unread else 1 if "broken" in kinds else 0)
