"""The official DuePar product decks are legal, and the JSON report keeps its contract."""

from __future__ import annotations

import pytest
from support import AS_OF, BD4, BD6, DECKS, check_json, run

PRODUCTS = [
    # deck, partner on the partner line, civilizations, the second headline card
    (BD4, "ボルシャック・ドラゴ大王", ["火", "自然"], "ガルチェンソ・ドラゴン"),
    (BD6, "偽神殺しのツラトゥストラ", ["光", "闇", "火"], "「祝福」の頂天 ウェディング"),
    # Three more エキサイティング・デュエパ・デッキ, written from the set lists by tools/product_decks.py.
    ("DM23-BD5.txt", "煉獄大帝 キング・ロマノフ", ["光", "闇", "自然"], "邪光魔縛 ネロマノフ=ルドルフⅠ世"),
    ("DM23-BD6.txt", "アカシック・ゼノン", ["水", "火", "自然"], "アカシック・ゼット"),
    ("DM23-BD7.txt", "サファイア・ペンダット", ["光", "水", "闇"], "衒龍 ブレイタン・ガイスト"),
]
VIOLATION_KEYS = {"rule", "name", "severity", "line", "card", "message", "hint"}


@pytest.mark.parametrize("deck", [product[0] for product in PRODUCTS])
def test_official_product_deck_exits_0(capsys, deck):
    result = run(capsys, DECKS / deck)
    assert result.code == 0, result.out + result.err
    assert "Traceback" not in result.out + result.err


@pytest.mark.parametrize("deck, partner, civilizations, _", PRODUCTS)
def test_official_product_deck_json_matches_the_contract(capsys, deck, partner, civilizations, _):
    result = run(capsys, DECKS / deck, "--format", "json", "--as-of", AS_OF)
    assert result.code == 0
    document = result.json
    assert {"tool", "version", "regulation", "decks", "summary"} <= set(document)
    assert document["tool"] == "duepa-check"
    assert isinstance(document["version"], str) and document["version"]
    assert document["regulation"]["as_of"] == AS_OF
    assert document["regulation"]["data_date"] == "2026-03-16"
    assert {"decks", "legal", "errors", "warnings"} <= set(document["summary"])
    assert document["summary"]["decks"] == 1
    assert document["summary"]["legal"] == 1
    assert document["summary"]["errors"] == 0
    [entry] = document["decks"]
    assert {"path", "legal", "partner", "card_count", "violations"} <= set(entry)
    assert entry["path"].endswith(deck)
    assert entry["legal"] is True
    assert entry["partner"] == {"name": partner, "civilizations": civilizations}
    assert entry["card_count"] == 60
    assert entry["violations"] == []


@pytest.mark.parametrize("deck, _, __, second", PRODUCTS)
def test_second_headline_card_as_partner_option_is_legal(capsys, deck, _, __, second):
    code, entry = check_json(capsys, DECKS / deck, "--partner", second)
    assert code == 0, entry["violations"]
    assert entry["legal"] is True
    assert entry["partner"]["name"] == second
    assert entry["card_count"] == 60
    assert entry["violations"] == []


def test_violation_objects_have_every_contract_key(capsys, tmp_path):
    from support import make_deck

    path = make_deck(tmp_path, BD4, replace={10: "1 フェアリー・シャワー"})
    code, entry = check_json(capsys, path)
    assert code == 1
    assert entry["legal"] is False
    [violation] = entry["violations"]
    assert set(violation) == VIOLATION_KEYS
    assert violation["rule"] == "DP005"
    assert violation["name"] == "civilization"
    assert violation["severity"] == "error"
    assert violation["line"] == 10
    assert violation["card"] == "フェアリー・シャワー"
    assert violation["message"] and violation["hint"]


def test_today_is_the_default_date_and_stale_data_only_warns(capsys):
    """Without --as-of the check date is today; DP202 may appear, but warnings do not fail."""
    from datetime import date

    result = run(capsys, DECKS / BD6, "--format", "json")
    assert result.code == 0
    document = result.json
    assert document["regulation"]["as_of"] == date.today().isoformat()
    assert all(v["severity"] == "warning" for v in document["decks"][0]["violations"])
