"""English decklist lines (the English TCG of 2004–2006) resolve to the right Japanese card.

tests/fixtures/english/tcg_lines.tsv holds one line per English TCG card, written the way people
write decklists ("4x Bronze-Arm Tribe", "Barkwhip, the Smasher x1", commas left out, lower case),
with the English card's civilizations, cost and kind; tools/english_coverage.py made it from the
English TCG card list. A line is right when the card it resolves to has those facts.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from duepa_check.data.pool import CardPool

TOOLS = Path(__file__).resolve().parents[2] / "tools"


def _coverage():
    if str(TOOLS) not in sys.path:
        sys.path.insert(0, str(TOOLS))
    spec = importlib.util.spec_from_file_location("english_coverage", TOOLS / "english_coverage.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


coverage = _coverage()
ROWS = coverage.read_fixture()


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return CardPool.load()


def test_at_least_97_percent_of_english_lines_resolve_and_none_to_a_wrong_card(pool):
    right, wrong, unresolved = coverage.judge(pool, ROWS)
    assert len(ROWS) > 1000
    assert wrong == []
    assert len(right) >= 0.97 * len(ROWS), unresolved[:20]


# 50 joins, every 23rd line of the list, checked one by one: colour and cost of the card found.
SAMPLE = ROWS[::23][:50]


@pytest.mark.parametrize("line, civilizations, cost, kind", SAMPLE, ids=[r[0] for r in SAMPLE])
def test_sample_join_has_the_english_cards_colour_and_cost(pool, line, civilizations, cost, kind):
    right, wrong, unresolved = coverage.judge(pool, [(line, civilizations, cost, kind)])
    assert wrong == []
    if unresolved:  # a card of the English TCG that Japan never printed stays unknown, not guessed
        assert pool.lookup(line).card is None
    else:
        assert len(right) == 1


@pytest.mark.parametrize(
    "typed, card",
    [
        ("Bronze-Arm Tribe", "青銅の鎧"),
        ("bronze arm tribe", "青銅の鎧"),
        ("Barkwhip the Smasher", "大勇者「大地の猛攻」"),
        ("Barkwhip, the Smasher", "大勇者「大地の猛攻」"),
        ("Crystal Paladin", "クリスタル・パラディン"),  # Ravenite rows of DM-18 / DMC-42: joined by official id now
        ("Fighter Dual Fang", "大勇者「ふたつ牙」"),
        ("Brain Serum", "ネオ・ブレイン"),
        ("Uberdragon Bajula", "超竜バジュラ"),  # Ü typed without its accent
        ("Chaos Strike", "カオス・ストライク"),  # joined by facts (fire spell, 2) and by sound
    ],
)
def test_english_names_people_type(pool, typed, card):
    assert pool.lookup(typed).card.name == card


# ---------------------------------------------------------------------------- joined by facts (issue 29)
# English names from the set files' rows without an official id (the English TCG's own numbering):
# each joined to the one Japanese card with the same type, civilizations, cost, power and race.
JOINED_BY_FACTS = [
    ("Dia Nork, Moonlight Guardian", "月光の守護者ディア・ノーク"),
    ("Tower Shell", "シェル・タワー"),
    ("Golden Wing Striker", "黄金の翼"),  # several fit; the only one of DM-01 without an English name
    ("Scarlet Skyterror", "クリムゾン・ワイバーン"),
    ("Illusionary Merfolk", "ミラージュ・マーメイド"),
    ("King Depthcon", "キング・オリオン"),  # DM-01 S4 in both
]


# The English TCG's later sets kept the Japanese numbering: DM-13 'S1/55' is dm13-s01, joined when
# that card has the TCG card's civilizations, cost, kind and power (english_join.join_tcg_by_number).
JOINED_BY_NUMBER = [
    ("Balforce, the Demonic Holy Spirit", "悪魔聖霊バルホルス"),
    ("Eternal Phoenix, Phoenix of the Dragonflame", "龍炎鳳エターナル・フェニックス"),
    ("Shining Defense", "シャイニング・ディフェンス"),  # a cross gear the TCG list calls a spell
    ("Patrial Flame", "ペトリアル・フレーム"),
]


@pytest.mark.parametrize("english, japanese", JOINED_BY_NUMBER, ids=[e for e, _ in JOINED_BY_NUMBER])
def test_english_tcg_names_joined_by_set_and_number_resolve(pool, english, japanese):
    assert pool.lookup(english).card.name == japanese


def test_tcg_set_and_number_read_as_an_official_id():
    join = _join()
    card = {
        "printings": [
            {"set": "DM-13 Eternal Phoenix", "id": "S1/55"},
            {"set": "DM-15 Secret", "id": "17/55"},
            {"set": "Promotional", "id": "L1/6 Y1"},
        ]
    }
    assert join.tcg_ids(card) == ["dm13-s01", "dm15-017"]


@pytest.mark.parametrize("english, japanese", JOINED_BY_FACTS, ids=[e for e, _ in JOINED_BY_FACTS])
def test_english_names_joined_by_facts_resolve(pool, english, japanese):
    found = pool.lookup(english)
    assert found.card is not None and found.card.name == japanese


@pytest.mark.parametrize(
    "typed",
    [
        "Perfect, Domination Elemental / Galaxy Charger",  # a deck builder's export
        "Perfect, Domination Elemental/Galaxy Charger",
        "Perfect, Domination Elemental／Galaxy Charger",
        "perfect domination elemental / galaxy charger",
    ],
)
def test_english_twinpacts_resolve_as_exports_write_them(pool, typed):
    found = pool.lookup(typed)
    assert found.card is not None and found.card.name == "支配の精霊ペルフェクト／ギャラクシー・チャージャー"
    assert "Perfect, Domination Elemental / Galaxy Charger / Galaxy Charger" not in found.card.english


def _join():
    if str(TOOLS) not in sys.path:
        sys.path.insert(0, str(TOOLS))
    import english_join

    return english_join


def _row(name: str, **facts: str) -> dict[str, str]:
    row = dict.fromkeys(
        (
            "official_id",
            "set",
            "number",
            "format",
            "type",
            "civilization",
            "cost",
            "power",
            "race",
            "name_en_2",
            "type_2",
            "civilization_2",
            "cost_2",
            "race_2",
        ),
        "",
    )
    return {
        **row,
        "name_en": name,
        "format": "TCG,OCG",
        "set": "DM-01 Base Set",
        "type": "Creature",
        "civilization": "Light",
        "cost": "4",
        "power": "5000",
        "race": "Guardian",
        **facts,
    }


def _cards(*specs):
    from duepa_check.data.cards import Face

    return {
        name: ("single", (Face(name, "クリーチャー", ("光",), 4, power, ("ガーディアン",)),), set(ids), set(english))
        for name, power, ids, english in specs
    }


def test_join_by_facts_takes_one_card_and_says_why_others_stay_apart():
    join = _join()
    types, races = {"Creature": "クリーチャー", "Spell": "呪文"}, {"guardian": "ガーディアン"}
    cards = _cards(
        ("ア", 5000, ["dm01-001"], []),
        ("イ", 6000, ["dm01-002"], []),
        ("ウ", 6000, ["dm05-002"], ["U"]),
        ("エ", 7000, ["dm05-001"], []),
        ("オ", 7000, ["dm06-001"], []),
    )
    rows = [
        _row("One Fits"),
        _row("Two Fit, One In Set", power="6000"),
        _row("Two Fit Elsewhere", power="7000"),
        _row("Nothing Fits", power="9000"),
        _row("Only In The TCG", format="TCG"),
        _row("Known", power="5000"),
    ]
    joined, apart = join.join_by_facts(rows, cards, types, races, lambda name: name == "Known")
    assert joined == [("One Fits", "ア"), ("Two Fit, One In Set", "イ")]
    assert apart["several cards"] == ["Two Fit Elsewhere"] and apart["no card"] == ["Nothing Fits"]
    assert "Only In The TCG" not in str(apart) and "Known" not in str(apart)
    assert join.tcg_only(rows) == ["Only In The TCG"]


def test_a_twinpact_row_is_named_once_per_side():
    join = _join()
    assert join.twinpact_name("Perfect, Domination Elemental / Galaxy Charger", "Galaxy Charger") == (
        "Perfect, Domination Elemental / Galaxy Charger"
    )
    assert join.twinpact_name("Mixel, Strange Stone", "Jamming Chaff") == "Mixel, Strange Stone / Jamming Chaff"


# ---------------------------------------------------------------------------- DP103
@pytest.mark.parametrize("line", ["3 Twister Fish", "2x angry maple", "Thought Probe x1", "1 Loth Rix the Iridescent"])
def test_a_card_of_the_english_tcg_alone_is_dp103_not_dp100(capsys, tmp_path, line):
    from support import check_json, rule_lines

    deck = tmp_path / "english.txt"
    deck.write_text(f"Partner: Dia Nork, Moonlight Guardian\n{line}\n1 No Such Card At All\n", encoding="utf-8")
    _, result = check_json(capsys, deck)
    assert ("DP103", 2) in rule_lines(result) and ("DP100", 2) not in rule_lines(result)
    assert ("DP100", 3) in rule_lines(result)  # a name that is no card at all is still DP100
    found = next(v for v in result["violations"] if v["rule"] == "DP103")
    assert found["name"] == "english-tcg-only" and "never in Japan" in found["message"]


def test_a_products_title_is_no_english_name(pool):
    """Ether's English table gives T・T・T the title of the deck it came in: not kept."""
    assert not any(name.startswith("DM24-SP1") for name in pool.lookup("T・T・T").card.english)


def test_a_name_that_sounds_like_a_card_without_facts_is_not_joined_to_another(pool):
    """Abaku Onifuda and Jaouga is the promo 鬼札アバク＆ジャオウガ, which no source describes: its
    facts fit only 「迅雷」の鬼 ライジン天, which must not take its name. Valkyrie Dogiragon sounds more like
    the card its facts pick than like 行くぜ団長！ ドギラゴン (no facts): joined."""
    assert pool.lookup("Abaku Onifuda and Jaouga").card is None
    assert pool.lookup("Valkyrie Dogiragon").card.name == "ヴァルキリー・ドギラゴン"
