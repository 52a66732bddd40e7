"""``--fix --format sarif``: each fix's deleted region is the name as it is written in the file (issue 49).

A SARIF consumer (a code-scanning upload, an editor applying the fix) deletes the region and inserts
the text: the region must cover the name as written, whose length is not the official name's when it
was written with a ・ left out (shorter) or in half-width kana (longer: ｻﾞ is two characters). Its
columns count what the run's ``columnKind`` says (SARIF 2.1.0 §3.14.16; UTF-16 code units when it
says nothing), which differs from characters when a character outside the BMP stands before the
name on its line. The expected regions are worked out here from the file's text, not taken from
the code: applying every replacement of the log to the file as it was gives the file as --fix wrote it.
"""

from __future__ import annotations

import json

import pytest
from support import AS_OF, run

SHORTER = ("ガルチェンソドラゴン", "ガルチェンソ・ドラゴン")  # a ・ left out
LONGER = ("ﾘｭｳｾｲ・天下五剣ｶｲｻﾞｰ", "リュウセイ・天下五剣カイザー")  # half-width kana: ｻﾞ is two characters
ASTRAL = "𠮷🔥"  # two characters outside the BMP: one column each in code points, two in UTF-16

TEXT_DECK = f"パートナー: ボルシャック・ドラゴ大王\n1 {SHORTER[0]}\n1 {LONGER[0]}\n"
JSON_DECK = json.dumps({"cards": [{"name": ASTRAL}, LONGER[0], SHORTER[0]]}, ensure_ascii=False) + "\n"


def _units(text: str, kind: str) -> int:
    """The length of ``text`` in the columns of ``kind``."""
    return len(text.encode("utf-16-le")) // 2 if kind == "utf16CodeUnits" else len(text)


def _offset(line: str, column: int, kind: str) -> int:
    """The character offset in ``line`` of a 1-based ``column`` counted in ``kind``."""
    for offset in range(len(line) + 1):
        if _units(line[:offset], kind) + 1 == column:
            return offset
    raise AssertionError(f"column {column} falls inside a character of {line!r}")


def _fix_as_sarif(capsys, tmp_path, name: str, text: str) -> tuple[str, str, dict]:
    deck = tmp_path / name
    deck.write_text(text, encoding="utf-8")
    result = run(capsys, "--fix", deck, "--format", "sarif", "--as-of", AS_OF)
    assert result.code in (0, 1), result.err
    return text, deck.read_text(encoding="utf-8"), json.loads(result.out)["runs"][0]


def _replacements(sarif_run: dict) -> list[tuple[dict, str]]:
    return [
        (replacement["deletedRegion"], replacement["insertedContent"]["text"])
        for result in sarif_run["results"]
        if result["ruleId"] == "official-name"
        for fix in result["fixes"]
        for change in fix["artifactChanges"]
        for replacement in change["replacements"]
    ]


@pytest.mark.parametrize(("name", "text"), [("deck.txt", TEXT_DECK), ("deck.json", JSON_DECK)], ids=["text", "json"])
def test_each_region_is_the_name_as_written(capsys, tmp_path, name, text):
    before, after, sarif_run = _fix_as_sarif(capsys, tmp_path, name, text)
    kind = sarif_run.get("columnKind", "utf16CodeUnits")
    lines = before.split("\n")
    written = {official: as_written for as_written, official in (SHORTER, LONGER)}
    found = []
    for region, inserted in _replacements(sarif_run):
        line = lines[region["startLine"] - 1]
        name_at = line.index(written[inserted])  # where the name is written on its line, in characters
        expected = _units(line[:name_at], kind) + 1
        assert (region["startColumn"], region["endColumn"]) == (expected, expected + _units(written[inserted], kind))
        found.append(inserted)
    assert sorted(found) == sorted(written)


@pytest.mark.parametrize(("name", "text"), [("deck.txt", TEXT_DECK), ("deck.json", JSON_DECK)], ids=["text", "json"])
def test_applying_the_log_s_fixes_gives_the_file_fix_wrote(capsys, tmp_path, name, text):
    before, after, sarif_run = _fix_as_sarif(capsys, tmp_path, name, text)
    kind = sarif_run.get("columnKind", "utf16CodeUnits")
    lines = before.split("\n")
    # right to left on a line, so that an earlier column is not moved by a later replacement
    for region, inserted in sorted(_replacements(sarif_run), key=lambda r: (r[0]["startLine"], -r[0]["startColumn"])):
        number = region["startLine"] - 1
        line = lines[number]
        start, end = _offset(line, region["startColumn"], kind), _offset(line, region["endColumn"], kind)
        lines[number] = line[:start] + inserted + line[end:]
    assert "\n".join(lines) == after
    assert after != before and SHORTER[1] in after and LONGER[1] in after


def test_the_json_line_holds_characters_outside_the_bmp_before_the_names(capsys, tmp_path):
    """The case where code points and UTF-16 columns part: the test above would not tell them apart otherwise."""
    line = JSON_DECK.split("\n")[0]
    at = line.index(LONGER[0])
    assert _units(line[:at], "utf16CodeUnits") == _units(line[:at], "unicodeCodePoints") + len(ASTRAL)
