"""The regulation as dated data (issue 4): statuses on dates, combos, --as-of, house rules."""

from __future__ import annotations

from datetime import date

import pytest
import yaml
from support import BD4, check_json, line_no, make_deck, rule_lines, run

from duepa_check.data.regulation import (
    HALL_OF_FAME,
    PREMIUM,
    UNRESTRICTED,
    embedded_regulation_path,
    load_current,
    load_regulation,
    read_dumped_yaml,
    regulation_from_data,
)

REGULATION = load_regulation(embedded_regulation_path())

# (card, date, status): 24 cards on 8 dates, read from the 殿堂 change log.
STATUSES = [
    ("無双竜機ボルバルザーク", "2005-07-14", UNRESTRICTED),
    ("無双竜機ボルバルザーク", "2005-07-15", HALL_OF_FAME),
    ("無双竜機ボルバルザーク", "2006-03-14", HALL_OF_FAME),
    ("無双竜機ボルバルザーク", "2006-03-15", PREMIUM),
    ("無双竜機ボルバルザーク", "2026-11-29", PREMIUM),
    ("【今すぐ】うわっ…相手の攻撃止めすぎ…？【クリック】", "2026-03-15", UNRESTRICTED),
    ("【今すぐ】うわっ…相手の攻撃止めすぎ…？【クリック】", "2026-03-16", PREMIUM),
    ("奇跡の精霊ミルザム", "2016-02-27", UNRESTRICTED),
    ("奇跡の精霊ミルザム", "2016-02-28", HALL_OF_FAME),
    ("奇跡の精霊ミルザム", "2017-02-26", PREMIUM),
    ("サイバー・ブレイン", "2004-03-15", HALL_OF_FAME),
    ("アストラル・リーフ", "2004-03-15", HALL_OF_FAME),
    ("エメラル", "2004-03-14", UNRESTRICTED),
    ("エメラル", "2026-03-16", HALL_OF_FAME),
    ("フェアリー・ギフト", "2016-09-15", HALL_OF_FAME),
    ("フェアリー・ギフト", "2016-09-14", UNRESTRICTED),
    ("ボルバルザーク・エクス", "2012-08-11", HALL_OF_FAME),
    ("ボルバルザーク・エクス", "2024-03-11", UNRESTRICTED),
    ("ヴォルグ・サンダー", "2019-03-01", HALL_OF_FAME),
    ("ヴォルグ・サンダー", "2019-07-01", PREMIUM),
    ("爆熱剣 バトライ刃", "2022-08-15", PREMIUM),
    ("爆熱剣 バトライ刃", "2025-08-12", HALL_OF_FAME),
    ("滅亡の起源 零無", "2019-12-20", HALL_OF_FAME),
    ("滅亡の起源 零無", "2022-07-01", UNRESTRICTED),
    ("der'Zen Mondo／♪必殺で つわものどもが 夢の跡", "2025-08-12", PREMIUM),
    ("ダンディ・ナスオ", "2023-03-20", PREMIUM),
    ("愛銀河マーキュリー・スターフォージ", "2026-03-15", UNRESTRICTED),
    ("愛銀河マーキュリー・スターフォージ", "2026-03-16", HALL_OF_FAME),
    ("闇王ゼーロ", "2026-03-16", HALL_OF_FAME),
    ("ボルシャック・ドラゴン", "2026-03-16", UNRESTRICTED),
    ("音精 ラフルル", "2020-01-01", PREMIUM),
    ("ビックリ・イリュージョン", "2026-03-16", PREMIUM),
    ("蒼き団長 ドギラゴン剣", "2019-03-01", HALL_OF_FAME),
    ("ジョット・ガン・ジョラゴン", "2020-12-18", HALL_OF_FAME),
]


@pytest.mark.parametrize(("card", "day", "status"), STATUSES)
def test_status_of_a_card_on_a_date(card, day, status):
    assert REGULATION.status(card, date.fromisoformat(day)) == status


def test_current_lists_have_the_counts_of_the_research():
    on = date(2026, 3, 16)
    statuses = [REGULATION.status(name, on) for name in REGULATION.events]
    assert statuses.count(PREMIUM) == 39 and statuses.count(HALL_OF_FAME) == 89
    assert REGULATION.data_date == on


def test_fast_reader_gives_what_pyyaml_gives():
    text = embedded_regulation_path().read_text(encoding="utf-8")
    assert read_dumped_yaml(text) == yaml.safe_load(text)
    assert read_dumped_yaml("format: 1\nevents:\n  - {not json}\n") is None


def test_hand_edited_regulation_file_goes_through_pyyaml(tmp_path):
    path = tmp_path / "regulation.yaml"
    path.write_text(
        "format: 1\ndata_date: 2026-01-01\nevents:\n  - date: 2026-01-01\n    card: エメラル\n    status: "
        "premium_hall_of_fame\n",
        encoding="utf-8",
    )
    assert load_regulation(path).status("エメラル", date(2026, 1, 2)) == PREMIUM


@pytest.mark.parametrize(
    "data",
    [
        {"format": 2},
        {"format": 1, "data_date": "soon"},
        {"format": 1, "data_date": "2026-01-01", "events": [{"card": "x", "date": "2026-01-01", "status": "banned"}]},
    ],
)
def test_malformed_regulation_data_is_a_clear_error(data):
    from duepa_check.data.regulation import RegulationError

    with pytest.raises(RegulationError, match="regulation.yaml"):
        regulation_from_data(data, "regulation.yaml")


def test_newer_embedded_regulation_wins_over_an_older_update(tmp_path):
    (tmp_path / "regulation.yaml").write_text('format: 1\ndata_date: "2025-01-01"\n', encoding="utf-8")
    assert load_current(tmp_path).data_date == REGULATION.data_date


# ------------------------------------------------------------------ decks on dates


def test_dm24_bd5_is_legal_before_2026_03_16_and_dp007_from_then(capsys):
    path = make_deck_path("DM24-BD5.txt")
    code, deck = check_json(capsys, path, as_of="2025-12-31")
    assert code == 0 and deck["legal"] and deck["violations"] == []
    code, deck = check_json(capsys, path, as_of="2026-03-16")
    assert code == 1
    assert rule_lines(deck) == [
        ("DP007", line_no("DM24-BD5.txt", "【今すぐ】うわっ…相手の攻撃止めすぎ…？【クリック】"))
    ]


def make_deck_path(name: str):
    from support import DECKS

    return DECKS / name


def test_momokingdom_x_with_momoking_jo_is_dp008_from_2022_08_15(tmp_path, capsys):
    # BD4's partner is 火/自然; モモキングダムX is 闇/火 and would add DP005: use a 5-colour-free check
    path = make_deck(tmp_path, replace={4: "1 禁断英雄 モモキングダムX", 5: "1 未来王龍 モモキングJO"})
    code, deck = check_json(capsys, path, "--config", write_config(tmp_path, "disable: [DP005]"), as_of="2022-08-15")
    assert code == 1 and rule_lines(deck) == [("DP008", 5)]
    code, deck = check_json(capsys, path, "--config", write_config(tmp_path, "disable: [DP005]"), as_of="2022-08-14")
    assert code == 0 and rule_lines(deck) == []


def test_stale_data_warning_after_six_months_and_not_before(tmp_path, capsys):
    path = make_deck_path(BD4)
    code, deck = check_json(capsys, path, as_of="2026-09-17")
    assert code == 0 and ("DP202", None) in rule_lines(deck) and deck["legal"]
    code, deck = check_json(capsys, path, as_of="2026-09-01")
    assert code == 0 and ("DP202", None) not in rule_lines(deck)


def test_unconfirmed_change_warns_and_applies_only_when_asked(capsys):
    path = make_deck_path(BD4)
    gift = line_no(BD4, "フェアリー・ギフト")
    code, deck = check_json(capsys, path, as_of="2026-08-01")
    assert code == 0 and ("DP203", gift) in rule_lines(deck)
    message = next(v["message"] for v in deck["violations"] if v["rule"] == "DP203")
    assert "フェアリー・ギフト" in message and "プレミアム殿堂" in message
    code, deck = check_json(capsys, path, "--include-unconfirmed", as_of="2026-08-01")
    assert code == 1 and ("DP007", gift) in rule_lines(deck)


def test_report_says_which_date_and_data_were_used(capsys):
    result = run(capsys, make_deck_path(BD4), "--format", "json", "--as-of", "2025-01-02")
    assert result.json["regulation"] == {"as_of": "2025-01-02", "data_date": "2026-03-16", "data_source": "embedded"}
    text = run(capsys, make_deck_path(BD4), "--as-of", "2025-01-02", "--no-color").out
    assert "as of 2025-01-02" in text and "2026-03-16" in text


def test_card_status_follows_as_of(capsys):
    before = run(
        capsys,
        "card",
        "【今すぐ】うわっ…相手の攻撃止めすぎ…？【クリック】",
        "--as-of",
        "2026-03-15",
        "--format",
        "json",
    )
    after = run(
        capsys,
        "card",
        "【今すぐ】うわっ…相手の攻撃止めすぎ…？【クリック】",
        "--as-of",
        "2026-03-16",
        "--format",
        "json",
    )
    assert before.json["status"] == UNRESTRICTED and after.json["status"] == PREMIUM


# ------------------------------------------------------------------ house rules


def write_config(tmp_path, text: str, name: str = "house.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_deck_size_key_changes_the_count(tmp_path, capsys):
    path = make_deck_path(BD4)
    code, deck = check_json(capsys, path, "--config", write_config(tmp_path, "deck_size: 59"))
    assert code == 1 and rule_lines(deck) == [("DP001", None)]


def test_partner_min_cost_key_changes_eligibility(tmp_path, capsys):
    # ボルシャック・ドラゴ大王 costs 8 (or more): a minimum of 99 makes it ineligible
    code, deck = check_json(capsys, make_deck_path(BD4), "--config", write_config(tmp_path, "partner_min_cost: 99"))
    assert code == 1 and rule_lines(deck) == [("DP004", 2)]


def test_singleton_false_allows_repeats_but_not_hall_of_fame_repeats(tmp_path, capsys):
    gift = line_no(BD4, "フェアリー・ギフト")
    path = make_deck(tmp_path, replace={4: "1 ボルシャック・テイル・ドラゴン", gift: "2 フェアリー・ギフト"})
    # 61 cards now: deck_size 61 keeps DP001 out of the picture
    code, deck = check_json(capsys, path)
    assert code == 1 and ("DP002", gift) in rule_lines(deck)
    config = write_config(tmp_path, "singleton: false\ndeck_size: 61")
    code, deck = check_json(capsys, path, "--config", config)
    assert rule_lines(deck) == [("DP009", gift)]


def test_banned_key_reports_dp010_naming_the_config(tmp_path, capsys):
    config = write_config(tmp_path, "banned: [《ガルチェンソ・ドラゴン》]")
    code, deck = check_json(capsys, make_deck_path(BD4), "--config", config)
    assert code == 1 and rule_lines(deck) == [("DP010", 4)]
    assert "house.yaml" in deck["violations"][0]["message"]


def test_allowed_key_lets_a_premium_card_in(tmp_path, capsys):
    path = make_deck(tmp_path, replace={4: "1 無双竜機ボルバルザーク"})
    code, deck = check_json(capsys, path)
    assert rule_lines(deck) == [("DP007", 4)]
    code, deck = check_json(capsys, path, "--config", write_config(tmp_path, "allowed: [無双竜機ボルバルザーク]"))
    assert code == 0 and deck["violations"] == []


def test_disable_and_severity_keys(tmp_path, capsys):
    path = make_deck(tmp_path, replace={4: "1 無双竜機ボルバルザーク"})
    code, _ = check_json(capsys, path, "--config", write_config(tmp_path, "disable: [premium-hall-of-fame]"))
    assert code == 0
    code, deck = check_json(capsys, path, "--config", write_config(tmp_path, "severity: {DP007: warning}"))
    assert code == 0 and deck["violations"][0]["severity"] == "warning"
    code, _ = check_json(
        capsys, make_deck_path(BD4), "--config", write_config(tmp_path, "severity: {DP202: error}"), as_of="2026-11-29"
    )
    assert code == 1


def test_include_unconfirmed_key(tmp_path, capsys):
    config = write_config(tmp_path, "include_unconfirmed: true")
    code, deck = check_json(capsys, make_deck_path(BD4), "--config", config, as_of="2026-08-01")
    assert code == 1 and ("DP007", line_no(BD4, "フェアリー・ギフト")) in rule_lines(deck)


def test_config_is_found_in_the_deck_folder_or_a_parent(tmp_path, capsys):
    (tmp_path / ".duepa-check.yaml").write_text("deck_size: 59\n", encoding="utf-8")
    path = make_deck(tmp_path / "sub" / "folder")
    code, deck = check_json(capsys, path)
    assert rule_lines(deck) == [("DP001", None)]


def test_pyproject_tool_table_is_a_config(tmp_path, capsys):
    (tmp_path / "pyproject.toml").write_text("[tool.duepa-check]\ndeck_size = 59\n", encoding="utf-8")
    code, deck = check_json(capsys, make_deck(tmp_path))
    assert rule_lines(deck) == [("DP001", None)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("deck_sise: 40", "unknown key 'deck_sise'; did you mean 'deck_size'?"),
        ("deck_size: forty", "deck_size: expected a whole number"),
        ("singleton: maybe", "singleton: expected true or false"),
        (
            "banned: [ボルシャック・ドラゴンz]",
            "banned[0]: 'ボルシャック・ドラゴンz' matches no card; did you mean 《ボルシャック・ドラゴン",
        ),
        ("disable: [DP999]", "disable: unknown rule id 'DP999'"),
        ("severity: {DP005: fatal}", "severity.DP005: expected error or warning"),
        ("deck_size: [1", "invalid YAML"),
        ("- just a list", "expected a mapping"),
    ],
)
def test_malformed_config_names_file_and_key_exit_2(tmp_path, capsys, text, expected):
    config = write_config(tmp_path, text)
    result = run(capsys, make_deck_path(BD4), "--config", config)
    assert result.code == 2
    assert expected in result.err and str(config) in result.err
    assert result.err.count("\n") == 1 and "Traceback" not in result.err


def test_rules_command_lists_what_house_rules_change(capsys):
    result = run(capsys, "rules", "--format", "json")
    by_id = {rule["id"]: rule for rule in result.json}
    assert by_id["DP001"]["house_rules"] == ["deck_size"]
    assert result.code == 0
    text = run(capsys, "rules", "DP005")
    assert text.code == 0 and "civilization" in text.out and "無色" in text.out
