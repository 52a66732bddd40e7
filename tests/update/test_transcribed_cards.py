"""DM26-EX4: cards known from a fan transcription, and what says so.

The set came out after the official-site scrapes the pool is built from, so its facts come from
a fan-wiki transcription (tools/build_card_data.py, TRANSCRIBED). Each of its cards carries
``provenance`` ``fan_transcription``: `card` says so in both languages and its JSON carries
it; a face whose civilizations the transcription does not give makes an incomplete card (DP201,
never a guessed colour); a record `update` fetches from the official site replaces it.
"""

from __future__ import annotations

import json

import pytest
from support import run
from update_support import run as run_update
from update_support import write_fixture_embedded

from duepa_check.data import pool as pool_module
from duepa_check.data.cards import FAN_TRANSCRIPTION, OFFICIAL, Card, Face
from duepa_check.data.files import write_card_data
from duepa_check.data.pool import CardPool
from duepa_check.data.records import card_from_json, record_problem
from duepa_check.messages import msg


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return CardPool.load()


def only(pool: CardPool, name: str) -> Card:
    found = pool.lookup(name)
    assert found.card is not None, (name, [c.name for c in found.cards])
    return found.card


def test_every_dm26_ex4_name_resolves_to_a_transcribed_card(pool):
    transcribed = [c for c in pool if c.provenance == FAN_TRANSCRIPTION]
    assert len(transcribed) == 99  # 100 lines; 16a/16b are the two sides of one psychic card
    assert sum(c.complete for c in transcribed) == 53 and all(
        c.source.startswith("dm26ex4_cards.jsonl") for c in transcribed
    )
    for name in (
        "切札連結 「修羅」「黄金」「覇」",
        "鮫鰐竜 ACE-Agony／覚醒の杯",
        "切札電融 リュウセール・カイザー",
        "ビワ入道",
        "罪侵入",
        "アカシック・ゼノン Mk.7／「Q.白金の縛り？A.怪しい」",
    ):
        assert only(pool, name).provenance == FAN_TRANSCRIPTION
    assert only(pool, "邪侵入").provenance == OFFICIAL  # an old card one character away stays itself


def test_a_psychic_pair_is_one_card_and_its_facts_are_kept(pool):
    card = only(pool, "切札電融 リュウセール・カイザー")
    assert (
        card.name == "切札連結 ガイアーセイ・カイザー" and card.layout == "multi_side" and card.zone == "hyperspatial"
    )
    assert [f.cost for f in card.faces] == [7, 15] and card.civilizations == ("水", "闇", "火", "自然")
    twinpact = only(pool, "鮫鰐竜 ACE-Agony／覚醒の杯")
    assert (
        twinpact.layout == "twinpact" and twinpact.civilizations == ("水", "闇", "自然") and twinpact.partner_eligible
    )
    assert only(pool, "「誣」の頂 ウェディング・イノセンス").civilizations == ()  # ゼロ is colourless, as printed


@pytest.mark.parametrize("name", ["切札電融 モモムゲン", "キング・ガ・チャレンジ3", "ビワ入道"])
def test_unknown_civilizations_are_never_guessed(pool, name):
    card = only(pool, name)
    assert not card.complete and card.faces == () and card.partner_problem() == msg("partner-problem.no-data")


def test_a_deck_with_an_incomplete_transcribed_card_warns_dp201(capsys, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("パートナー: 鮫鰐竜 ACE-Agony／覚醒の杯\n1 切札電融 モモムゲン\n", encoding="utf-8")
    result = run(capsys, "check", deck, "--format", "json")
    rules = [(v["rule"], v["card"]) for v in json.loads(result.out)["decks"][0]["violations"]]
    assert ("DP201", "切札電融 モモムゲン") in rules and not any(r == "DP100" for r, _ in rules)
    assert not any(r == "DP005" and c == "切札電融 モモムゲン" for r, c in rules)


@pytest.mark.parametrize(
    "lang, words",
    [
        ("en", "facts from a fan transcription, not yet on the official site"),
        ("ja", "ファンによる書き起こしのデータで、まだ公式サイトにありません"),
    ],
)
def test_card_says_where_the_facts_come_from(capsys, lang, words):
    def shown(name: str) -> str:  # the panel's text without its frame and wrapping
        return "".join(run(capsys, "card", name, "--lang", lang).out.replace("│", "").split())

    assert "".join(words.split()) in shown("罪侵入")
    assert "".join(words.split()) not in shown("邪侵入")


def test_card_json_carries_provenance_and_source(capsys):
    data = run(capsys, "card", "罪侵入", "--format", "json").json
    assert data["provenance"] == "fan_transcription" and "Motokiyo-DXP/Price_DM" in data["source"]
    assert run(capsys, "card", "邪侵入", "--format", "json").json["provenance"] == "official"


def test_provenance_is_written_only_when_not_official_and_checked():
    face = Face(name="X", type="呪文", civilizations=("闇",), cost=3, power=None)
    assert "provenance" not in Card(name="X", faces=(face,)).to_json()
    record = Card(name="X", faces=(face,), provenance=FAN_TRANSCRIPTION).to_json()
    assert record["provenance"] == "fan_transcription" and card_from_json(record).provenance == FAN_TRANSCRIPTION
    assert record_problem({**record, "provenance": "rumour"}) is not None


def test_an_official_record_from_update_replaces_a_transcribed_one(site, tmp_path, monkeypatch):
    """旧式テスター known only from a transcription (no id, another colour): update fetches the
    official page and the user's pool then holds the official record."""
    embedded = write_fixture_embedded(tmp_path / "embedded")
    cards = [c for c in CardPool([embedded]) if c.name != "旧式テスター"]
    guess = Face(name="旧式テスター", type="クリーチャー", civilizations=("火",), cost=5, power=2000)
    transcribed = Card(name="旧式テスター", faces=(guess,), source="transcription", provenance=FAN_TRANSCRIPTION)
    write_card_data(cards + [transcribed], {}, embedded)
    monkeypatch.setattr(pool_module, "embedded_data_dir", lambda: embedded)
    assert CardPool.load().get("旧式テスター").provenance == FAN_TRANSCRIPTION
    data_dir = tmp_path / "data"
    summary = run_update(data_dir)
    assert "旧式テスター" in summary.changed_cards
    card = CardPool.load(data_dir).lookup("旧式テスター").card
    assert card.provenance == OFFICIAL and card.civilizations == ("闇",) and "dmold-005" in card.ids
