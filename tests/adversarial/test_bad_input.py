"""Input that is not a decklist: exit 2 and one clear line on stderr that names the file.

Never a traceback. A broken house-rules file is exit 2 too, naming the key.
"""

from __future__ import annotations

import json

import pytest
from support import BD4, make_deck, run


def assert_one_line_error(result, *needles: str) -> str:
    assert result.code == 2, (result.out, result.err)
    assert "Traceback" not in result.out + result.err
    lines = result.err.strip().splitlines()
    assert len(lines) == 1, result.err
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    return lines[0]


def write(tmp_path, name: str, data: bytes):
    path = tmp_path / name
    path.write_bytes(data)
    return path


BAD_FILES = {
    "empty": ("empty.txt", b"", "empty"),
    "only-whitespace": ("blank.txt", b"  \n\n\t\r\n", "empty"),
    "png": ("deck.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + b"\x00" * 64, "binary"),
    "control-characters": ("deck.txt", b"\x01\x02\x03\x04 1 ABC\x05\x06", "binary"),
    "undecodable": ("deck.txt", b"1 \x81\x20\x82\n1 \xe0\x7f\n", "decode"),
    "high-bytes-no-text-uses": ("deck.txt", b"1 \xff\xfe\xfd\x80\x81\x82 ?\n", "decode"),
    "broken-yaml": ("deck.yaml", b"partner: [x\ncards:\n  - a\n", "YAML"),
    "yaml-not-a-mapping": ("deck.yaml", b"- a\n- b\n", "mapping"),
    "yaml-python-tag": ("deck.yaml", b"partner: !!python/object:os.system x\ncards: []\n", "YAML"),
    "yaml-recursive-alias": ("deck.yaml", b"cards: &a [*a]\n", "YAML"),
    "yaml-cards-not-a-list": ("deck.yaml", b"partner: x\ncards: 5\n", "cards"),
    "broken-json": ("deck.json", b'{"partner": "x", "cards": [', "JSON"),
    "json-not-a-mapping": ("deck.json", b"[1, 2]", "mapping"),
    "json-too-deep": ("deck.json", b'{"cards": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "JSON"),
    "json-huge-number": ("deck.json", b'{"cards": [{"name": "a", "count": 1' + b"0" * 5000 + b"}]}", "JSON"),
}


@pytest.mark.parametrize("case", BAD_FILES, ids=list(BAD_FILES))
def test_unreadable_deck_file_exits_2_with_one_line_naming_it(capsys, tmp_path, case):
    name, data, word = BAD_FILES[case]
    path = write(tmp_path, name, data)
    result = run(capsys, path)
    assert_one_line_error(result, str(path), word)


@pytest.mark.parametrize("case", ["empty", "png", "broken-yaml"])
def test_unreadable_deck_in_json_format_exits_2_and_says_why(capsys, tmp_path, case):
    name, data, word = BAD_FILES[case]
    path = write(tmp_path, name, data)
    result = run(capsys, path, "--format", "json")
    assert result.code == 2
    assert "Traceback" not in result.out + result.err
    [deck] = result.json["decks"]
    assert deck["legal"] is False
    assert word in deck["error"]


def test_50_mb_file_is_refused_quickly(capsys, tmp_path):
    path = tmp_path / "huge.txt"
    with path.open("wb") as handle:
        handle.write("1 ガルチェンソ・ドラゴン\n".encode())
        handle.truncate(50 * 1024 * 1024)  # sparse: fast to write
    result = run(capsys, path)
    assert_one_line_error(result, str(path), "larger")


def test_50_mb_of_real_text_is_refused(capsys, tmp_path):
    path = tmp_path / "huge.txt"
    path.write_bytes(b"1 ABC\n" * (50 * 1024 * 1024 // 6))
    assert_one_line_error(run(capsys, path), str(path), "larger")


def test_missing_file(capsys, tmp_path):
    path = tmp_path / "nope.txt"
    result = run(capsys, path)
    assert_one_line_error(result, str(path), "no such file")
    assert result.out == ""  # nothing was judged: no verdict, no regulation footer


def test_folder_without_decks(capsys, tmp_path):
    folder = tmp_path / "empty-folder"
    folder.mkdir()
    (folder / "notes.md").write_text("not a deck", encoding="utf-8")
    assert_one_line_error(run(capsys, folder), str(folder), "no decklist")


def test_one_unreadable_file_among_good_ones_still_exits_2(capsys, tmp_path):
    good = make_deck(tmp_path, BD4, name="good.txt")
    bad = write(tmp_path, "bad.txt", b"")
    result = run(capsys, good, bad, "--as-of", "2026-03-16")
    line = assert_one_line_error(result, str(bad))
    assert str(good) not in line


@pytest.mark.parametrize("as_of", ["2026-13-01", "yesterday", "2026/03-16", ""])
def test_bad_as_of_date(capsys, tmp_path, as_of):
    path = make_deck(tmp_path)
    assert_one_line_error(run(capsys, path, "--as-of", as_of), "--as-of")


def test_unknown_partner_option(capsys, tmp_path):
    path = make_deck(tmp_path)
    line = assert_one_line_error(
        run(capsys, path, "--partner", "ガルチェンソ・ドラコン"), "--partner", "ガルチェンソ・ドラコン"
    )
    assert "《ガルチェンソ・ドラゴン》" in line  # a suggestion


def test_ambiguous_partner_option(capsys, tmp_path):
    path = make_deck(tmp_path)
    assert_one_line_error(run(capsys, path, "--partner", "零龍"), "--partner", "several")


@pytest.mark.parametrize(
    "config, key",
    [
        ("singlton: false\n", "singlton"),
        ("deck_size: sixty\n", "deck_size"),
        ("singleton: maybe\n", "singleton"),
        ("banned: [ガルチェンソ・ドラコン]\n", "banned"),
        ("allowed: ガルチェンソ・ドラゴン\n", "allowed"),
        ("disable: [DP999]\n", "disable"),
        ("severity: {DP005: fatal}\n", "severity"),
        ("partner_min_cost: -1\n", "partner_min_cost"),
        ("[1, 2]\n", "mapping"),
        ("deck_size: [\n", "YAML"),
    ],
)
def test_bad_config_exits_2_naming_the_key(capsys, tmp_path, config, key):
    path = make_deck(tmp_path)
    config_path = tmp_path / "rules.yaml"
    config_path.write_text(config, encoding="utf-8")
    assert_one_line_error(run(capsys, path, "--config", config_path), str(config_path), key)


def test_bad_config_found_beside_the_deck(capsys, tmp_path):
    (tmp_path / ".duepa-check.yaml").write_text("singlton: false\n", encoding="utf-8")
    path = make_deck(tmp_path)
    assert_one_line_error(run(capsys, path), ".duepa-check.yaml", "singlton")


def test_bad_pyproject_config_names_the_key(capsys, tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.duepa-check]\ndeck-size = "x"\n', encoding="utf-8")
    path = make_deck(tmp_path)
    assert_one_line_error(run(capsys, path), "pyproject.toml", "deck_size")


def test_missing_config_file(capsys, tmp_path):
    path = make_deck(tmp_path)
    assert_one_line_error(run(capsys, path, "--config", tmp_path / "none.yaml"), "none.yaml")


def test_unknown_option_is_a_usage_error(capsys, tmp_path):
    result = run(capsys, make_deck(tmp_path), "--no-such-option")
    assert result.code == 2
    assert "Traceback" not in result.out + result.err


def test_odd_but_readable_structured_entries_are_reported_not_crashed(capsys, tmp_path):
    data = {"partner": 5, "cards": [{"name": None}, [1], {"count": 2}, "ガルチェンソ・ドラゴン"]}
    path = write(tmp_path, "deck.json", json.dumps(data).encode())
    result = run(capsys, path, "--format", "json", "--as-of", "2026-03-16")
    assert result.code == 1
    rules = {v["rule"] for v in result.json["decks"][0]["violations"]}
    assert "DP102" in rules
