"""The command line: exit codes, options, several files and folders, card, rules, --version."""

from __future__ import annotations

import json
import re

import pytest
from support import AS_OF, BD4, BD6, DECKS, make_deck, run

ANSI = re.compile(r"\x1b\[")
WRONG_CIVILIZATION = {30: "1 フェアリー・シャワー"}  # 水/自然 in the 火/自然 DM23-BD4: DP005 on line 30


@pytest.fixture
def legal(tmp_path):
    return make_deck(tmp_path, BD4, name="legal.txt")


@pytest.fixture
def illegal(tmp_path):
    return make_deck(tmp_path, BD4, replace=WRONG_CIVILIZATION, name="illegal.txt")


# ---------------------------------------------------------------------------- exit codes


def test_exit_0_for_a_legal_deck(capsys, legal):
    assert run(capsys, legal, "--as-of", AS_OF).code == 0


def test_exit_1_for_a_deck_with_an_error(capsys, illegal):
    result = run(capsys, illegal, "--as-of", AS_OF)
    assert result.code == 1
    assert "DP005" in result.out


def test_exit_2_for_a_usage_error(capsys):
    assert run(capsys, "--format", "yaml", DECKS / BD4).code == 2


def test_check_verb_is_the_same_as_no_verb(capsys, illegal):
    plain = run(capsys, illegal, "--format", "json", "--as-of", AS_OF)
    verb = run(capsys, "check", illegal, "--format", "json", "--as-of", AS_OF)
    assert (plain.code, plain.json) == (verb.code, verb.json)
    assert verb.code == 1


# ---------------------------------------------------------------------------- --strict, --exit-zero


def test_warnings_do_not_fail_without_strict(capsys, legal):
    result = run(capsys, legal, "--as-of", "2027-01-01", "--format", "json")  # DP202 + DP203 warnings
    assert result.code == 0
    assert result.json["summary"]["warnings"] >= 1


def test_strict_makes_warnings_fail(capsys, legal):
    assert run(capsys, legal, "--as-of", "2027-01-01", "--strict").code == 1


def test_strict_without_warnings_still_passes(capsys, legal):
    assert run(capsys, legal, "--as-of", AS_OF, "--strict").code == 0


def test_exit_zero_for_an_illegal_deck(capsys, illegal):
    result = run(capsys, illegal, "--as-of", AS_OF, "--exit-zero")
    assert result.code == 0
    assert "DP005" in result.out  # still reported


def test_exit_zero_with_strict(capsys, legal):
    assert run(capsys, legal, "--as-of", "2027-01-01", "--strict", "--exit-zero").code == 0


def test_exit_zero_does_not_hide_unreadable_input(capsys, tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    assert run(capsys, empty, "--exit-zero").code == 2


# ---------------------------------------------------------------------------- --quiet, --no-color


def test_quiet_prints_nothing_for_a_legal_deck(capsys, legal):
    result = run(capsys, legal, "--as-of", AS_OF, "--quiet")
    assert result.code == 0
    assert result.out.strip() == ""


def test_quiet_still_prints_problems(capsys, illegal):
    result = run(capsys, illegal, "--as-of", AS_OF, "-q")
    assert result.code == 1
    assert "DP005" in result.out
    assert "フェアリー・シャワー" in result.out
    assert str(illegal) in result.out  # which deck the problems belong to


def test_colours_are_used_on_a_terminal(capsys, monkeypatch, illegal):
    """The baseline for the --no-color test: forced terminal output has ANSI codes."""
    monkeypatch.setenv("FORCE_COLOR", "1")
    result = run(capsys, illegal, "--as-of", AS_OF)
    assert ANSI.search(result.out)


def test_no_color_without_a_terminal_has_no_ansi_codes(capsys, illegal):
    result = run(capsys, illegal, "--as-of", AS_OF, "--no-color")
    assert result.code == 1
    assert not ANSI.search(result.out + result.err)


def test_no_color_on_a_terminal_has_no_ansi_codes(capsys, monkeypatch, illegal):
    monkeypatch.setenv("FORCE_COLOR", "1")
    result = run(capsys, illegal, "--as-of", AS_OF, "--no-color")
    assert result.code == 1
    assert not ANSI.search(result.out + result.err), result.out[:200]


# ---------------------------------------------------------------------------- several files, folders


def test_several_files_exit_with_the_worst_code(capsys, legal, illegal):
    result = run(capsys, legal, illegal, "--as-of", AS_OF, "--format", "json")
    assert result.code == 1
    document = result.json
    assert [d["legal"] for d in document["decks"]] == [False, True]  # natural order of the paths: illegal.txt first
    assert document["summary"] == {**document["summary"], "decks": 2, "legal": 1, "errors": 1}


def test_several_legal_files_exit_0(capsys):
    assert run(capsys, DECKS / BD4, DECKS / BD6, "--as-of", AS_OF).code == 0


def test_unreadable_file_is_worse_than_an_illegal_one(capsys, tmp_path, illegal):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    assert run(capsys, illegal, empty, "--as-of", AS_OF).code == 2


def test_folder_checks_every_decklist_below_it(capsys, tmp_path):
    folder = tmp_path / "decks"
    make_deck(folder, BD4, name="a.txt")
    make_deck(folder / "sub", BD6, replace={30: "1 ヴォルグ・サンダー"}, name="b.txt")
    (folder / "notes.md").write_text("not a deck", encoding="utf-8")
    make_deck(folder / ".hidden", BD4, replace={30: "!!!!"}, name="c.txt")
    result = run(capsys, folder, "--as-of", AS_OF, "--format", "json")
    assert result.code == 1
    paths = [d["path"] for d in result.json["decks"]]
    assert [p.rsplit("/", 1)[-1] for p in paths] == ["a.txt", "b.txt"]
    assert [d["legal"] for d in result.json["decks"]] == [True, False]


def test_folder_of_legal_decks_exits_0(capsys, tmp_path):
    make_deck(tmp_path / "decks", BD4, name="DM23-BD4.txt")
    make_deck(tmp_path / "decks" / "more", BD6, name="DM24-BD6.deck")
    result = run(capsys, tmp_path / "decks", "--as-of", AS_OF, "--format", "json")
    assert result.code == 0
    assert result.json["summary"]["decks"] == 2


def test_text_report_for_several_decks_has_a_summary(capsys, legal, illegal):
    result = run(capsys, legal, illegal, "--as-of", AS_OF, "--no-color")
    assert "2 decks: 1 legal" in result.out


# ---------------------------------------------------------------------------- card


CARD_KEYS = {"name", "civilizations", "faces", "zone", "partner_eligible", "may_exceed_four", "status", "aliases"}
FACE_KEYS = {"name", "type", "civilizations", "cost", "power", "races"}


def test_card_json_for_a_twinpact(capsys):
    result = run(
        capsys, "card", "ネオ・ボルシャック・ドラゴン/ボルシャックゾーン", "--format", "json", "--as-of", AS_OF
    )
    assert result.code == 0
    card = result.json
    assert CARD_KEYS <= set(card)
    assert card["name"] == "ネオ・ボルシャック・ドラゴン／ボルシャックゾーン"
    assert card["civilizations"] == ["火", "自然"]
    assert [set(face) >= FACE_KEYS for face in card["faces"]] == [True, True]
    assert [(f["type"], f["cost"], f["civilizations"]) for f in card["faces"]] == [
        ("クリーチャー", 8, ["火"]),
        ("呪文", 2, ["自然"]),
    ]
    assert card["zone"] == "main"
    assert card["partner_eligible"] is True
    assert card["may_exceed_four"] is False
    assert card["status"] == "unrestricted"


def test_card_status_follows_the_date(capsys):
    name = "【今すぐ】うわっ…相手の攻撃止めすぎ…？【クリック】"
    before = run(capsys, "card", name, "--format", "json", "--as-of", "2026-03-15").json
    after = run(capsys, "card", name, "--format", "json", "--as-of", "2026-03-16").json
    assert (before["status"], after["status"]) == ("unrestricted", "premium_hall_of_fame")


@pytest.mark.parametrize(
    "name, zone, eligible, exceed",
    [
        ("ヴォルグ・サンダー", "hyperspatial", False, False),
        ("ＧＲの犬 ワンワンワン", "super_gr", False, False),
        ("はずれポンの助", "main", False, True),
        ("ボルシャック・ドラゴ大王", "main", True, False),
    ],
)
def test_card_flags(capsys, name, zone, eligible, exceed):
    card = run(capsys, "card", name, "--format", "json").json
    assert (card["zone"], card["partner_eligible"], card["may_exceed_four"]) == (zone, eligible, exceed)


def test_card_text_output(capsys):
    result = run(capsys, "card", "ボルシャック・ドラゴ大王", "--as-of", AS_OF)
    assert result.code == 0
    assert "ボルシャック・ドラゴ大王" in result.out


def test_card_takes_a_name_in_several_words(capsys):
    """`duepa-check card 《無双竜機 ボルバルザーク》` as the README prints it: the shell splits it at the space."""
    whole = run(capsys, "card", "《無双竜機 ボルバルザーク》", "--format", "json", "--as-of", AS_OF)
    split = run(capsys, "card", "《無双竜機", "ボルバルザーク》", "--format", "json", "--as-of", AS_OF)
    assert split.code == whole.code == 0 and split.json == whole.json
    assert whole.json["name"] == "無双竜機ボルバルザーク"
    spaced = run(capsys, "card", "--as-of", AS_OF, "Bolshack", "Dragon")  # English names too, options anywhere
    assert spaced.code in (0, 1) and "unexpected extra argument" not in spaced.err


def test_unknown_card_suggests_and_exits_1(capsys):
    result = run(capsys, "card", "ガルチェンソ・ドラコン", "--format", "json")
    assert result.code == 1
    assert "ガルチェンソ・ドラゴン" in result.json["suggestions"]


def test_unknown_card_in_text_exits_1(capsys):
    result = run(capsys, "card", "ガルチェンソ・ドラコン")
    assert result.code == 1
    assert "ガルチェンソ・ドラゴン" in result.out + result.err


def test_ambiguous_card_lists_the_matches_and_exits_1(capsys):
    result = run(capsys, "card", "零龍", "--format", "json")
    assert result.code == 1
    assert len(result.json["matches"]) == 5


# ---------------------------------------------------------------------------- rules, --version

RULE_IDS = [
    "DP001",
    "DP002",
    "DP003",
    "DP004",
    "DP005",
    "DP006",
    "DP007",
    "DP008",
    "DP009",
    "DP010",
    "DP100",
    "DP101",
    "DP102",
    "DP201",
    "DP202",
    "DP203",
    "DP204",
]


def test_rules_lists_every_id(capsys):
    result = run(capsys, "rules")
    assert result.code == 0
    for rule in RULE_IDS:
        assert rule in result.out


def test_rules_json_lists_every_id_with_a_name_and_severity(capsys):
    result = run(capsys, "rules", "--format", "json")
    assert result.code == 0
    rules = {r["id"]: r for r in result.json}
    assert set(RULE_IDS) <= set(rules)
    assert all(rules[r]["name"] and rules[r]["severity"] in ("error", "warning") for r in RULE_IDS)
    assert {r for r in RULE_IDS if rules[r]["severity"] == "warning"} == {"DP201", "DP202", "DP203", "DP204"}


def test_version(capsys):
    from duepa_check import __version__

    result = run(capsys, "--version")
    assert result.code == 0
    assert result.out == f"duepa-check {__version__} (regulation data up to 2026-03-16, embedded)\n"


def test_json_output_is_one_document(capsys, legal, illegal):
    result = run(capsys, legal, illegal, "--format", "json", "--as-of", AS_OF)
    assert result.code == 1
    document = json.loads(result.out)  # raises if anything else is on stdout
    assert [deck["path"] for deck in document["decks"]] == [str(illegal), str(legal)]  # natural order of the paths
    assert document["summary"]["decks"] == 2 and document["summary"]["legal"] == 1


@pytest.mark.parametrize("words", [["ボルバルザーク》"], ["ボルシャック", "ドラゴン"]])
def test_a_partner_name_split_by_the_shell_says_to_quote_it(capsys, words):
    """`--partner 無双竜機 ボルバルザーク` unquoted: the shell makes the rest a DECK argument."""
    result = run(capsys, DECKS / BD4, "--partner", "《無双竜機", *words, "--lang", "en")
    assert result.code == 2 and not result.out
    assert result.err.strip() == (
        f"duepa-check: {words[0]}: no such file; a --partner name with a space needs quotes: "
        f"--partner '{' '.join(['《無双竜機', *words])}'"
    )


def test_a_missing_deck_file_beside_a_partner_is_still_a_missing_file(capsys, tmp_path):
    result = run(capsys, tmp_path / "nothere.txt", "--partner", "ボルシャック・ドラゴン", "--lang", "en")
    assert result.code == 2 and result.err.strip().endswith("nothere.txt: no such file")


@pytest.mark.parametrize(
    "command",
    [
        ["card", "ボルシャック・ドラゴン"],
        ["card", "ボルシャック・ドラゴソ"],
        ["rules"],
        ["rules", "DP005"],
        ["stats", DECKS / BD4],
        ["partners", DECKS / BD4],
        [DECKS / BD4],
    ],
)
def test_every_command_that_draws_takes_no_color(capsys, monkeypatch, command):
    """--no-color is plain text in every command that draws (FORCE_COLOR would colour it otherwise)."""
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    assert "\x1b[" in run(capsys, *command).out  # coloured without it
    result = run(capsys, *command, "--no-color")
    assert result.code in (0, 1), result.err
    assert "\x1b[" not in result.out + result.err and result.out.strip()
