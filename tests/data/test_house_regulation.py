"""House-rule key ``regulation``: a playgroup applies a 殿堂 announcement the day it is made.

Entries are validated like every house-rule key (real dates, card names resolved with the
closest names, known statuses and keys) and applied from their dates on top of the data's
regulation: DP007 (premium), DP008 (combo), DP009 (殿堂入り with singleton off) follow them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support import BD4, make_deck, run

ROOT = Path(__file__).resolve().parents[2]
ON = "2026-07-01"
DAY_BEFORE = "2026-06-30"


def rules_of(result, rule: str) -> list[tuple[int | None, str | None]]:
    return [(v["line"], v["card"]) for d in result.json["decks"] for v in d["violations"] if v["rule"] == rule]


def house(tmp_path, text: str, replace: dict[int, str] | None = None) -> Path:
    deck = make_deck(tmp_path, BD4, replace=replace)
    (tmp_path / ".duepa-check.yaml").write_text(text, encoding="utf-8")
    return deck


def test_a_premium_announcement_applies_from_its_date(capsys, tmp_path):
    deck = house(
        tmp_path, f"regulation:\n  - {{date: {ON}, card: ガルチェンソ・ドラゴン, status: premium_hall_of_fame}}\n"
    )
    before = run(capsys, deck, "--format", "json", "--as-of", DAY_BEFORE)
    assert before.code == 0 and rules_of(before, "DP007") == []
    after = run(capsys, deck, "--format", "json", "--as-of", ON)
    assert after.code == 1 and rules_of(after, "DP007") == [(4, "ガルチェンソ・ドラゴン")]
    [message] = [v["message"] for v in after.json["decks"][0]["violations"] if v["rule"] == "DP007"]
    assert f"since {ON}" in message


def test_a_combo_announcement_applies_from_its_date(capsys, tmp_path):
    deck = house(tmp_path, f"regulation:\n  - {{date: {ON}, combo: [ガルチェンソ・ドラゴン, キズナ・チャージャー]}}\n")
    assert rules_of(run(capsys, deck, "--format", "json", "--as-of", DAY_BEFORE), "DP008") == []
    assert rules_of(run(capsys, deck, "--format", "json", "--as-of", ON), "DP008") == [(44, "キズナ・チャージャー")]


def test_unrestricted_releases_a_card_the_data_bans(capsys, tmp_path):
    deck = house(
        tmp_path,
        f"regulation:\n  - {{date: {ON}, card: 無双竜機ボルバルザーク, status: unrestricted}}\n",
        replace={22: "1 無双竜機ボルバルザーク"},
    )
    assert rules_of(run(capsys, deck, "--format", "json", "--as-of", DAY_BEFORE), "DP007") == [
        (22, "無双竜機ボルバルザーク")
    ]
    assert rules_of(run(capsys, deck, "--format", "json", "--as-of", ON), "DP007") == []


def test_on_the_day_of_a_data_event_the_announcement_wins(capsys, tmp_path):
    """The data makes ボルバルザーク プレミアム殿堂 on 2006-03-15; a house entry for that day replaces it."""
    deck = house(
        tmp_path / "club",
        "regulation:\n  - {date: 2006-03-15, card: 無双竜機ボルバルザーク, status: hall_of_fame}\n",
        replace={22: "1 無双竜機ボルバルザーク"},
    )
    assert rules_of(run(capsys, deck, "--format", "json", "--as-of", "2006-03-14"), "DP007") == []
    assert rules_of(run(capsys, deck, "--format", "json", "--as-of", "2006-03-15"), "DP007") == []
    assert rules_of(run(capsys, deck, "--format", "json", "--as-of", DAY_BEFORE), "DP007") == []
    plain = make_deck(tmp_path / "plain", BD4, replace={22: "1 無双竜機ボルバルザーク"})  # no house rules: the data
    assert rules_of(run(capsys, plain, "--format", "json", "--as-of", "2006-03-15"), "DP007") == [
        (22, "無双竜機ボルバルザーク")
    ]


def test_hall_of_fame_announcement_limits_copies_when_singleton_is_off(capsys, tmp_path):
    deck = house(
        tmp_path,
        f"singleton: false\nregulation:\n  - {{date: {ON}, card: ガルチェンソ・ドラゴン, status: hall_of_fame}}\n",
        replace={44: "1 ガルチェンソ・ドラゴン"},
    )
    assert rules_of(run(capsys, deck, "--format", "json", "--as-of", DAY_BEFORE), "DP009") == []
    assert [line for line, _ in rules_of(run(capsys, deck, "--format", "json", "--as-of", ON), "DP009")] == [44]


def test_the_same_announcements_from_pyproject_toml(capsys, tmp_path):
    deck = make_deck(tmp_path, BD4)
    (tmp_path / "pyproject.toml").write_text(
        "[tool.duepa-check]\n"
        "[[tool.duepa-check.regulation]]\n"
        f'date = {ON}\ncard = "ガルチェンソ・ドラゴン"\nstatus = "premium_hall_of_fame"\n',
        encoding="utf-8",
    )
    assert rules_of(run(capsys, deck, "--format", "json", "--as-of", ON), "DP007") == [(4, "ガルチェンソ・ドラゴン")]


@pytest.mark.parametrize(
    "entry, needles",
    [
        ("{date: 2026-02-30, card: ガルチェンソ・ドラゴン, status: hall_of_fame}", ["invalid YAML value"]),
        (
            "{date: '2026-02-30', card: ガルチェンソ・ドラゴン, status: hall_of_fame}",
            ["regulation[0].date", "2026-02-30"],
        ),
        ("{date: soon, card: ガルチェンソ・ドラゴン, status: hall_of_fame}", ["regulation[0].date", "YYYY-MM-DD"]),
        (
            "{date: 2026-07-01, card: ガルチェンソ・ドラゴソ, status: hall_of_fame}",
            ["regulation[0].card", "matches no card", "did you mean", "《ガルチェンソ・ドラゴン》"],
        ),
        (
            "{date: 2026-07-01, card: ガルチェンソ・ドラゴン, status: premium}",
            ["regulation[0].status", "did you mean 'premium_hall_of_fame'"],
        ),
        ("{date: 2026-07-01, card: ガルチェンソ・ドラゴン, status: prohibited}", ["regulation[0].status", "expected"]),
        ("{date: 2026-07-01, cards: ガルチェンソ・ドラゴン, status: hall_of_fame}", ["unknown key 'cards'", "'card'"]),
        ("{date: 2026-07-01, card: ガルチェンソ・ドラゴン}", ["status is missing"]),
        ("{date: 2026-07-01, combo: [ガルチェンソ・ドラゴン]}", ["regulation[0].combo", "two card names"]),
        ("{date: 2026-07-01, combo: [ガルチェンソ・ドラゴン, ガルチェンソ・ドラゴン]}", ["same card twice"]),
        ("{date: 2026-07-01, combo: [ガルチェンソ・ドラゴン, 123]}", ["combo[1]", "expected a card name"]),
        ("ガルチェンソ・ドラゴン", ["regulation[0]", "expected {date, card, status}"]),
    ],
)
def test_every_announcement_is_validated(capsys, tmp_path, entry, needles):
    deck = house(tmp_path, f"regulation:\n  - {entry}\n")
    result = run(capsys, deck)
    assert result.code == 2 and "Traceback" not in result.err
    [line] = result.err.strip().splitlines()
    assert ".duepa-check.yaml" in line
    for needle in needles:
        assert needle in line, (needle, line)


def test_regulation_must_be_a_list(capsys, tmp_path):
    deck = house(tmp_path, "regulation: {date: 2026-07-01}\n")
    result = run(capsys, deck)
    assert result.code == 2 and "regulation: expected a list" in result.err


@pytest.mark.parametrize("page", ["docs/house-rules.md", "docs/house-rules.ja.md"])
def test_the_docs_example_is_a_valid_house_rules_file_and_each_entry_applies(capsys, tmp_path, page):
    readme = (ROOT / page).read_text(encoding="utf-8")
    [example] = [block for block in re.findall(r"```yaml\n(.*?)```", readme, re.S) if block.startswith("regulation:")]
    deck = make_deck(tmp_path, BD4, replace={23: "1 無双竜機ボルバルザーク"})  # 龍の呼び声 is on line 33
    (tmp_path / ".duepa-check.yaml").write_text(example, encoding="utf-8")
    before = run(capsys, deck, "--format", "json", "--as-of", DAY_BEFORE)
    after = run(capsys, deck, "--format", "json", "--as-of", ON)
    assert rules_of(before, "DP007") == [(23, "無双竜機ボルバルザーク")] and rules_of(before, "DP008") == []
    assert rules_of(after, "DP007") == [(33, "龍の呼び声")]
    assert rules_of(after, "DP008") == [(44, "キズナ・チャージャー")]


def test_partners_follows_the_announcements_too(capsys, tmp_path):
    deck = house(
        tmp_path, f"regulation:\n  - {{date: {ON}, card: ボルシャック・ドラゴ大王, status: premium_hall_of_fame}}\n"
    )
    names = [
        c["name"] for c in run(capsys, "partners", deck, "--format", "json", "--as-of", DAY_BEFORE).json["candidates"]
    ]
    assert "ボルシャック・ドラゴ大王" in names
    names = [c["name"] for c in run(capsys, "partners", deck, "--format", "json", "--as-of", ON).json["candidates"]]
    assert "ボルシャック・ドラゴ大王" not in names


STATUSES = ["premium_hall_of_fame", "hall_of_fame", "unrestricted"]


@pytest.mark.parametrize("one", STATUSES)
@pytest.mark.parametrize("other", STATUSES)
@pytest.mark.parametrize("spelled", [ON, ON.replace("-", "/")])
def test_two_entries_that_disagree_are_one_line_exit_2(capsys, tmp_path, one, other, spelled):
    """A ban and a release of one card on one date: which holds would be the order of the lines."""
    text = (
        "regulation:\n"
        f"  - {{date: {ON}, card: ガルチェンソ・ドラゴン, status: {one}}}\n"
        f"  - {{date: {ON}, card: ボルシャック・ドラゴン, status: unrestricted}}\n"
        f"  - {{date: {spelled}, card: がるちぇんそ・どらごん, status: {other}}}\n"
    )
    result = run(capsys, house(tmp_path, text), "--as-of", ON)
    if one == other:  # said twice, meant once: no contradiction
        assert result.code in (0, 1) and "disagree" not in result.err
        return
    assert result.code == 2 and result.out == "" and "Traceback" not in result.err
    assert result.err.splitlines() == [
        f"duepa-check: {tmp_path / '.duepa-check.yaml'}: regulation[0] and regulation[2] disagree:"
        f" 《ガルチェンソ・ドラゴン》 on {ON} is both {one} and {other}; keep one"
    ]


@pytest.mark.parametrize("written", ["2026-07-01 10:00", "2026-07-01T10:00:00", "2026-07-01 10:00:00+09:00"])
def test_a_date_with_a_time_of_day_is_one_line_in_the_users_words(capsys, tmp_path, written):
    deck = house(
        tmp_path, f"regulation:\n  - {{date: {written}, card: ガルチェンソ・ドラゴン, status: unrestricted}}\n"
    )
    result = run(capsys, deck)
    assert result.code == 2 and result.err.count("\n") == 1
    assert "datetime" not in result.err and "2026-07-01" in result.err and "10:00" in result.err
