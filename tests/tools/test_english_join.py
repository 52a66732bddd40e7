"""The English join by facts (tools/english_join.py, ``join_by_facts``) on its own, without the raw sources.

tests/fixtures/english/join_by_facts.tsv holds five rows of the set files (octgn_ocg_and_tcg_cards.tsv,
szefo09/dm-ocg-octgn), copied as they are: four English names of promos and of a black-box pack,
rows without an official id, which only the facts can join. Two pool cards have no facts (promos
opencard lists by name only): 行くぜ団長！ ドギラゴン and 鬼札アバク＆ジャオウガ.
"""

from __future__ import annotations

import sys
from pathlib import Path

from duepa_check.data.cards import Face

ROOT = Path(__file__).resolve().parents[2]
ROWS = ROOT / "tests" / "fixtures" / "english" / "join_by_facts.tsv"
if str(ROOT / "tools") not in sys.path:
    sys.path.insert(0, str(ROOT / "tools"))

import english_join  # noqa: E402

TYPES = {"Creature": "クリーチャー", "Evolution Creature": "進化クリーチャー"}
RACES = {
    "mega command dragon": "メガ・コマンド・ドラゴン",
    "human": "ヒューマノイド",
    "hero": "ヒーロー",
    "demonio": "デモニオ",
    "onifuda kingdom": "鬼札王国",
}  # as ether_races.json gives them
WITHOUT_FACTS = ["行くぜ団長！ ドギラゴン", "鬼札アバク＆ジャオウガ"]


def _card(
    name: str,
    type_name: str,
    civilizations: tuple[str, ...],
    cost: int,
    power: int,
    races: tuple[str, ...],
    card_id: str,
) -> tuple[str, tuple]:
    face = Face(name=name, type=type_name, civilizations=civilizations, cost=cost, power=power, races=races)
    return name, ("single", [face], [card_id], set())


CARDS = dict(
    [
        _card(
            "ヴァルキリー・ドギラゴン", "クリーチャー", ("火",), 5, 4000, ("メガ・コマンド・ドラゴン",), "promoy15-054"
        ),
        _card(
            "ゴウ・トリプラゴン", "進化クリーチャー", ("火",), 5, 8000, ("メガ・コマンド・ドラゴン",), "promoy14-005"
        ),
        _card("DASH総帥 グレッグ", "クリーチャー", ("光",), 3, 2500, ("ヒューマノイド", "ヒーロー"), "dmx12b-002"),
        _card("「迅雷」の鬼 ライジン天", "クリーチャー", ("闇", "火"), 6, 6000, ("デモニオ", "鬼札王国"), "dmrp15-s10"),
    ]
)


def _join(known=lambda name: False):
    return english_join.join_by_facts(english_join.octgn_rows(ROWS), CARDS, TYPES, RACES, known, WITHOUT_FACTS)


def test_a_name_that_sounds_a_little_like_a_card_without_facts_is_still_joined():
    """Valkyrie Dogiragon sounds 0.71 like 行くぜ団長！ ドギラゴン (no facts) but 1.0 like the one card its
    facts pick: joined. Refusing every name that sounds 0.6 like a card without facts (the rule
    before df80c3f) lost these three names."""
    joined, apart = _join()
    assert joined == [
        ("DASH Leader Greg", "DASH総帥 グレッグ"),
        ("Gou Toripragon", "ゴウ・トリプラゴン"),
        ("Valkyrie Dogiragon", "ヴァルキリー・ドギラゴン"),
    ]
    assert "Valkyrie Dogiragon" not in apart["sounds like a card without facts"]


def test_a_name_that_sounds_more_like_a_card_without_facts_is_not_given_to_another():
    """Abaku Onifuda and Jaouga is the promo 鬼札アバク＆ジャオウガ, which no source describes; its facts
    fit only 「迅雷」の鬼 ライジン天, which must not take its name."""
    joined, apart = _join()
    assert apart["sounds like a card without facts"] == ["Abaku Onifuda and Jaouga"]
    assert all(card != "「迅雷」の鬼 ライジン天" for _, card in joined)
    assert english_join.join_by_facts(english_join.octgn_rows(ROWS), CARDS, TYPES, RACES, lambda name: False)[0][0] == (
        "Abaku Onifuda and Jaouga",
        "「迅雷」の鬼 ライジン天",
    )  # with no card without facts, the facts alone join it


def test_a_name_another_join_gave_is_left_alone():
    joined, apart = _join(known=lambda name: name == "Valkyrie Dogiragon")
    assert [english for english, _ in joined] == ["DASH Leader Greg", "Gou Toripragon"]
    assert not any("Valkyrie Dogiragon" in names for names in apart.values())
