"""Facts of well-known cards, read through the embedded pool as the checker reads them.

These pin what tools/build_card_data.py made of the raw sources: a rebuild that changes
any of them has changed a fact the deck rules depend on (type, colours, cost, zone).
"""

from __future__ import annotations

import bisect
import json

import pytest
from support import tool_module

from duepa_check.data.cards import INFINITY, Card
from duepa_check.data.files import index_rows
from duepa_check.data.names import dash_spelling, loose_key, name_key
from duepa_check.data.pool import CardPool, embedded_data_dir, sample_rows


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return CardPool.load()


def card(pool: CardPool, name: str) -> Card:
    found = pool.lookup(name)
    assert found.card is not None, f"{name!r} resolved to {[c.name for c in found.cards]} / {found.suggestions}"
    return found.card


# (typed name, official name, first face type, civilizations, first face cost, zone, partner eligible)
SINGLE_FACTS = [
    ("ボルシャック・ドラゴン", "ボルシャック・ドラゴン", "クリーチャー", ("火",), 6, "main", True),
    ("ボルメテウス・ホワイト・ドラゴン", "ボルメテウス・ホワイト・ドラゴン", "クリーチャー", ("火",), 7, "main", True),
    ("蒼き団長 ドギラゴン剣", "蒼き団長 ドギラゴン剣", "クリーチャー", ("火", "自然"), 8, "main", True),
    ("偽神殺しのツラトゥストラ", "偽神殺しのツラトゥストラ", "クリーチャー", ("光", "闇", "火"), 5, "main", True),
    ("ボルシャック・ドラゴ大王", "ボルシャック・ドラゴ大王", "クリーチャー", ("火", "自然"), 10, "main", True),
    ("ナチュラル・トラップ", "ナチュラル・トラップ", "呪文", ("自然",), 6, "main", False),
    ("デーモン・ハンド", "デーモン・ハンド", "呪文", ("闇",), 6, "main", False),
    ("ホーリー・スパーク", "ホーリー・スパーク", "呪文", ("光",), 6, "main", False),
    ("エンペラー・キリコ", "エンペラー・キリコ", "進化クリーチャー", ("水",), 8, "main", True),
    (
        "竜魔神王バルカディア・NEX",
        "竜魔神王バルカディア・NEX",
        "進化クリーチャー",
        ("光", "闇", "火"),
        15,
        "main",
        True,
    ),
    ("革命の絆", "革命の絆", "NEOクリーチャー", ("光", "火"), 7, "main", True),
    ("キャンベロ <レッゾ.Star>", "キャンベロ ＜レッゾ.Star＞", "スター進化クリーチャー", ("火",), 5, "main", True),
    ("CRYMAX ジャオウガ", "CRYMAX ジャオウガ", "S-MAX進化クリーチャー", ("闇",), 7, "main", True),
    ("ヨミジ 丁-二式", "ヨミジ 丁-二式", "GRクリーチャー", ("闇",), 4, "super_gr", False),
    ("The ジョラゴン・ガンマスター", "The ジョラゴン・ガンマスター", "GRクリーチャー", (), 5, "super_gr", False),
    ("アウゼスの天黒筺", "アウゼスの天黒筺", "タマシード", ("光", "闇"), 3, "main", False),
    ("ルベル・ゴルギーニ", "ルベル・ゴルギーニ", "タマシード/クリーチャー", ("光",), 5, "main", True),
    (
        "轟廻！グランドスラム・スコーピオン",
        "轟廻！グランドスラム・スコーピオン",
        "タマシード/クリーチャー",
        ("自然",),
        5,
        "main",
        True,
    ),
    ("Dの牢閣 メメント守神宮", "Dの牢閣 メメント守神宮", "D2フィールド", ("光",), 4, "main", False),
    ("バジュラズ・ソウル", "バジュラズ・ソウル", "クロスギア", ("火",), 5, "main", False),
    ("海底鬼面城", "海底鬼面城", "城", ("水",), 1, "main", False),
    ("ジョット・ガン・ジョラゴン", "ジョット・ガン・ジョラゴン", "クリーチャー", (), 7, "main", True),
    ("ジョジョジョ・ジョーカーズ", "ジョジョジョ・ジョーカーズ", "呪文", (), 1, "main", False),
    ("はずれポンの助", "はずれポンの助", "クリーチャー", (), 1, "main", False),
]


@pytest.mark.parametrize(
    "typed, official, type_, civs, cost, zone, eligible", SINGLE_FACTS, ids=[r[0] for r in SINGLE_FACTS]
)
def test_single_card_facts(pool, typed, official, type_, civs, cost, zone, eligible):
    c = card(pool, typed)
    assert c.name == official
    assert c.complete and c.layout == "single"
    face = c.faces[0]
    assert (face.type, face.civilizations, face.cost) == (type_, civs, cost)
    assert c.civilizations == civs
    assert c.zone == zone
    assert c.partner_eligible is eligible


def test_single_and_twinpact_bolshack_are_different_cards(pool):
    single = card(pool, "ボルシャック・ドラゴン")
    twin = card(pool, "ボルシャック・ドラゴン／決闘者・チャージャー")
    assert single.name != twin.name
    assert twin.layout == "twinpact"
    assert [(f.name, f.type, f.cost) for f in twin.faces] == [
        ("ボルシャック・ドラゴン", "クリーチャー", 6),
        ("決闘者・チャージャー", "呪文", 3),
    ]
    assert twin.civilizations == ("火",)
    assert twin.partner_eligible


def test_twinpact_with_cheap_creature_side_is_not_partner(pool):
    twin = card(pool, "ナ・チュラルゴ・デンジャー／ナチュラル・トラップ")
    assert twin.faces[0].cost == 7 and twin.partner_eligible
    deal = card(pool, "機術士ディール／「本日のラッキーナンバー！」")
    assert deal.faces[0].cost == 6 and deal.faces[1].type == "呪文"
    der_zen = card(pool, "der'Zen Mondo／♪必殺で つわものどもが 夢の跡")
    assert der_zen.faces[0].cost == 3 and der_zen.faces[1].cost == 8
    assert not der_zen.partner_eligible  # the spell side costs 8, the creature side only 3


def test_colourless_twinpact_spell_side_has_no_power(pool):
    twin = card(pool, "鬼面のコード デトロイト・テクノ／「水晶よ、大地より我が配下を創れ！」")
    assert twin.civilizations == ()
    assert twin.faces[1].type == "呪文" and twin.faces[1].power is None


def test_psychic_with_awakened_side(pool):
    volg = card(pool, "ヴォルグ・サンダー")
    assert volg.layout == "multi_side" and volg.zone == "hyperspatial"
    assert [f.name for f in volg.faces] == ["ヴォルグ・サンダー", "雷獣ヴォルグ・ティーガー"]
    assert volg.faces[0].type == "サイキック・クリーチャー" and volg.faces[0].civilizations == ("闇",)
    assert not volg.partner_eligible
    untouchable = card(pool, "時空の英雄アンタッチャブル")
    assert [f.name for f in untouchable.faces] == [
        "時空の英雄アンタッチャブル",
        "変幻の覚醒者アンタッチャブル・パワード",
    ]
    assert card(pool, "変幻の覚醒者アンタッチャブル・パワード").name == "時空の英雄アンタッチャブル"


def test_dragheart_has_all_its_sides(pool):
    axe = card(pool, "邪帝斧 ボアロアックス")
    assert axe.zone == "hyperspatial" and axe.layout == "multi_side"
    assert [(f.name, f.type) for f in axe.faces] == [
        ("邪帝斧 ボアロアックス", "ドラグハート・ウエポン"),
        ("邪帝遺跡 ボアロパゴス", "ドラグハート・フォートレス"),
        ("我臥牙 ヴェロキボアロス", "ドラグハート・クリーチャー"),
    ]
    assert card(pool, "我臥牙 ヴェロキボアロス").name == axe.name


def test_forbidden_pair_is_one_card_starting_in_battle_zone(pool):
    seal = card(pool, "禁断〜封印されしX〜")
    assert seal.layout == "multi_side" and seal.zone == "starts_in_battle_zone"
    assert seal.faces[0].type == "禁断の鼓動"
    assert (seal.faces[1].name, seal.faces[1].type) == ("伝説の禁断 ドキンダムX", "禁断クリーチャー")
    assert card(pool, "伝説の禁断 ドキンダムX").name == seal.name
    assert not seal.partner_eligible
    star = card(pool, "FORBIDDEN STAR〜世界最後の日〜")
    assert star.zone == "starts_in_battle_zone"
    assert card(pool, "終焉の禁断 ドルマゲドンX").name == star.name


def test_zero_dragon_set(pool):
    origin = card(pool, "滅亡の起源 零無")
    assert origin.zone == "starts_in_battle_zone"
    assert [(f.name, f.type) for f in origin.faces] == [("滅亡の起源 零無", "零龍星雲"), ("零龍", "零龍クリーチャー")]
    assert card(pool, "手札の儀").zone == "starts_in_battle_zone"
    # 零龍 is the combined back of all five: it names every one of them, each out of the main deck.
    shared = pool.lookup("零龍")
    assert sorted(c.name for c in shared.cards) == sorted(
        ["滅亡の起源 零無", "手札の儀", "墓地の儀", "破壊の儀", "復活の儀"]
    )
    assert {c.zone for c in shared.cards} == {"starts_in_battle_zone"}


def test_infinity_costs(pool):
    genmu = card(pool, "∞龍 ゲンムエンペラー")
    assert genmu.faces[0].cost == INFINITY and genmu.faces[0].power == INFINITY
    assert genmu.partner_eligible  # ∞ is at least 5
    assert card(pool, "夢幻の無").faces[0].cost == INFINITY


@pytest.mark.parametrize(
    "name", ["はずれポンの助", "四十日鼠 チョロチュー", "遊撃師団 アクアーミー", "シル＝シャルロット", "O・HA・NA・S"]
)
def test_may_exceed_four(pool, name):
    assert card(pool, name).may_exceed_four


def test_ordinary_card_may_not_exceed_four(pool):
    assert not card(pool, "ボルシャック・ドラゴン").may_exceed_four


def test_ids_are_official_sorted_and_twinpact_images_folded(pool):
    assert "dm01-008" in card(pool, "ボルシャック・ドラゴン").ids
    nex = card(pool, "ボルシャック・NEX／スーパー・スパーク")
    assert "dmbd16-006" in nex.ids and "dmbd16-006a" not in nex.ids
    for c in (nex, card(pool, "ヴォルグ・サンダー")):
        assert list(c.ids) == sorted(c.ids)


def test_known_card_without_stats_is_kept_incomplete(pool):
    # A promo that no source gives facts for: known by name and id only, so DP201 warns.
    unknown_stats = card(pool, "深淵大帝 ジャシン")
    assert not unknown_stats.complete and unknown_stats.faces == ()
    assert not unknown_stats.partner_eligible
    assert unknown_stats.source == "opencard_cardnames.json"


def test_at_least_999_in_1000_cards_have_facts(pool):
    """Of the cards from official data: DM26-EX4's transcription leaves 46 of its 99 without
    facts (tests/update/test_transcribed_cards.py), which no other source has yet."""
    cards = [c for c in pool if c.provenance == "official"]
    incomplete = [c.name for c in cards if not c.complete]
    assert len(cards) > 11_000
    assert len(incomplete) <= len(cards) // 1000, incomplete


def test_every_card_says_where_its_facts_came_from(pool):
    files = {s["file"].rsplit("/", 1)[-1] for s in pool.header["sources"]}
    added = {a["card"]: a["source"] for a in pool.header["added_cards"]}  # in no raw file: DMwiki
    for c in pool:
        assert c.source, c.name
        assert c.source.split(":", 1)[0] in files or added.get(c.name) == c.source, (c.name, c.source)


# Cards that were known by name and id only until facts_for_name_only_cards.jsonl (issue 11):
# (name, layout, zone, [(type, civilizations, cost)], partner eligible)
NAME_ONLY_CARDS = [
    ("ゾンビ・カーニバル", "single", "main", [("呪文", ("闇",), 5)], False),
    ("アクア・スクリュー", "single", "main", [("クリーチャー", ("水",), 3)], False),
    ("ジョッキン・グラス", "single", "main", [("呪文", ("光",), 2)], False),
    ("クリオ・ネック", "single", "super_gr", [("GRクリーチャー", ("水",), 2)], False),
    ("マリゴルドⅢ", "single", "super_gr", [("GRクリーチャー", ("自然",), 4)], False),
    (
        "“B-暴” 砲台 ストロンガ／絶対無敵シールド",
        "twinpact",
        "main",
        [("クリーチャー", ("火",), 7), ("呪文", ("火",), 6)],
        True,
    ),
    ("青守銀 シルト／解体事変", "twinpact", "main", [("クリーチャー", ("光",), 3), ("呪文", ("闇",), 4)], False),
    (
        "聖剣ナ・ベイベー",
        "multi_side",
        "hyperspatial",
        [("ドラグハート・ウエポン", ("闇",), 3), ("ドラグハート・クリーチャー", ("闇",), 5)],
        False,
    ),
    (
        "アクア・カスケード＜ZABUUUN・クルーザー＞",
        "multi_side",
        "hyperspatial",
        [("サイキック・クリーチャー", ("水",), 3), ("サイキック・スーパー・クリーチャー", ("光", "水"), 24)],
        False,
    ),
    ("The チュルチュルズ", "single", "main", [("クリーチャー", (), 5)], True),  # 無色 in the source: colourless
    ("DG　〜ヒトノ造リシモノ〜", "single", "main", [("クリーチャー", (), 6)], True),
    ("サタン・キャッスル", "single", "main", [("城", ("闇",), 6)], False),
]


@pytest.mark.parametrize("name, layout, zone, faces, eligible", NAME_ONLY_CARDS, ids=[r[0] for r in NAME_ONLY_CARDS])
def test_name_only_cards_have_facts(pool, name, layout, zone, faces, eligible):
    c = card(pool, name)
    assert c.complete and c.layout == layout and c.zone == zone
    assert [(f.type, f.civilizations, f.cost) for f in c.faces] == faces
    assert c.partner_eligible is eligible
    assert c.source.startswith("facts_for_name_only_cards.jsonl: ")


def test_facts_keep_the_line_source_and_how_it_was_joined(pool):
    assert card(pool, "ゾンビ・カーニバル").source.endswith("(pylori:id)")
    assert "szefo09/dm-ocg-octgn@" in card(pool, "クリオ・ネック").source
    assert card(pool, "ボルシャック・ドラゴン").source == "ether_allcards_2025-12-17.json"


def test_two_stat_lines_of_one_name_keep_the_normal_side(pool):
    c = card(pool, "クリム・美心・ギャラクシー＜アガる！＞")
    assert c.layout == "single" and [(f.cost, f.power) for f in c.faces] == [(5, 6000)]


def test_dm26_rp3_is_in_the_pool(pool):
    header_files = [s["file"] for s in pool.header["sources"]]
    assert "cards/dm26rp3_new_cards.jsonl" in header_files
    assert pool.header["data_date"] >= "2026-09"
    minogami = card(pool, "ミノガミ&オウ禍武斗／T.２.D.")
    assert minogami.layout == "twinpact" and minogami.partner_eligible
    assert [(f.type, f.cost) for f in minogami.faces] == [("クリーチャー", 9), ("呪文", 4)]
    assert set(minogami.ids) == {"dm26rp3-004", "dm26rp3-SEC013"}
    tama = card(pool, "クリスタの輝影")  # a タマシード／呪文 twinpact, typed by one side
    assert tama.name == "クリスタの輝影／シディアン・ニーラム" and tama.layout == "twinpact"
    assert tama.faces[0].power is None and not tama.partner_eligible
    assert "dm26rp3-SP004" in card(pool, "天災 デドダム").ids  # a reprint: new id on the pool card
    new = [c for c in pool if c.source.startswith("dm26rp3_new_cards.jsonl")]
    assert len(new) == 90
    for c in new:  # only plausible values: no power on spells or タマシード, no label word as a race
        for face in c.faces:
            if face.type in ("呪文", "タマシード"):
                assert face.power is None, c.name
            assert not set(face.races) & {"イラストレーター", "特殊能力", "コスト", "種族"}, c.name


def test_partner_flag_matches_the_rule_for_every_card(pool):
    mismatched = [c.name for c in pool if c.partner_eligible != (c.partner_problem(5) is None)]
    assert mismatched == []


def test_card_lines_carry_facts_only():
    lines = (embedded_data_dir() / "cards.jsonl").read_text(encoding="utf-8").splitlines()
    allowed = {
        "name",
        "layout",
        "faces",
        "zone",
        "partner_eligible",
        "may_exceed_four",
        "aliases",
        "english",
        "ids",
        "complete",
        "source",
        "provenance",
    }
    for line in lines[1::97]:
        assert set(json.loads(line)) <= allowed
    assert "牌庫" not in "".join(lines)  # no Chinese rules text slipped in


def test_index_keys_are_name_keys_of_the_card_spellings(pool):
    shard = pool.shards[0]
    rows = shard.index.rstrip(b"\n").split(b"\n")
    assert rows == sorted(rows), "index.tsv must be sorted as bytes (lookups bisect it)"
    for row in rows[::37]:
        key, kind, offset = row.decode("utf-8").split("\t")
        card = shard.card_at(int(offset))
        assert (key, kind) in index_rows(card)
        spellings = [card.name, *card.aliases, *card.english, *(f.name for f in card.faces)]
        keys = {name_key(s) for s in spellings}
        dashes = {name_key(d) for d in map(dash_spelling, spellings) if d}  # a ー used as a dash written '-'
        assert key in keys | {loose_key(k) for k in keys} | dashes  # each spelling also without its punctuation


def test_sampled_index_search_finds_what_a_search_of_every_row_finds(pool):
    """hits() searches a few kilobytes after a bisection of sampled rows: for every key of the
    index (the first and last rows, keys that straddle a sample) and for near-misses, it must
    return exactly the rows a bisection over every row returns."""
    shard = pool.shards[0]
    rows = shard.index.rstrip(b"\n").split(b"\n")

    def every_row(prefix: bytes) -> list[tuple[str, int]]:
        position = bisect.bisect_left(rows, prefix)
        found = []
        while position < len(rows) and rows[position].startswith(prefix):
            _, kind, offset = rows[position].split(b"\t")
            found.append((kind.decode(), int(offset)))
            position += 1
        return found

    keys = list(dict.fromkeys(row.split(b"\t", 1)[0] for row in rows))
    starts, _ = sample_rows(shard.index)
    sampled = {shard.index[start : shard.index.index(b"\t", start)] for start in starts}
    assert len(starts) > 100 and sampled <= set(keys)
    for key in keys:
        assert shard.hits(key.decode()) == every_row(key + b"\t"), key.decode()
    for key in keys[::7]:
        for probe in (key[:-1], key + b"x", key[: len(key) // 2], b"\xef\xbc\x81"):
            try:
                typed = probe.decode()
            except UnicodeDecodeError:
                continue
            assert shard.hits(typed) == every_row(probe + b"\t"), typed
    assert shard.hits("") == [] and shard.hits("\U0010ffff" * 3) == []


# ---------------------------------------------------------------------------- one record per card


@pytest.mark.parametrize(
    "alias, base",
    [
        ("オプティマスプライム [“罰怒“ブランド]", "“罰怒“ブランド"),
        ("オプティマスプライム", "“罰怒“ブランド"),
        ("バンブルビー [切札勝太&カツキング ー熱血の物語ー]", "切札勝太&カツキング ー熱血の物語ー"),
        ("アーシー [最終龍覇 ロージア]", "最終龍覇 ロージア"),
        ("さんばか・チャージャー", "ボーンおどり・チャージャー"),
        ("ゲンム装備【ヘビィボウガン】vs.波衣竜", "∞龍 ゲンムエンペラー"),
    ],
)
def test_alias_cards_are_their_base_card(pool, alias, base):
    found = card(pool, alias)
    assert found.name == base and found == card(pool, base)
    assert found.complete


def test_alias_pairs_are_listed_with_their_source(pool):
    pairs = {p["alias"]: (p["card"], p["source"]) for p in pool.header["alias_cards"]}
    assert pairs["さんばか・チャージャー"][0] == "ボーンおどり・チャージャー"
    assert "dmwiki.net" in pairs["さんばか・チャージャー"][1]
    assert pairs["オプティマスプライム [“罰怒“ブランド]"][0] == "“罰怒“ブランド"
    assert "dmart10-001" in card(pool, "“罰怒“ブランド").ids  # the alias printing's id joins the base card
    assert all(p["source"] for p in pool.header["alias_cards"])


@pytest.mark.parametrize(
    "spellings, name",
    [
        (["最前戦 XX幕府", "最前線 XX（ダブルクロス） 幕府", "最前線 XX幕府"], "最前線 XX幕府"),
        (["禁断〜目醒めの刻〜", "禁断 ー目醒めの刻ー", "禁断 ～目覚めの刻～"], "禁断 ～目醒めの刻～"),
        (["ニつ星 エビカツ", "二つ星 エビカツ"], "ニつ星 エビカツ"),
        (['"不愛闘"倶楽部', '\\"不愛闘\\"倶楽部'], '"不愛闘"倶楽部'),
        (["メタルウィング・ワイバーン", "メタルウイング・ワイバーン"], "メタルウィング・ワイバーン"),
    ],
)
def test_split_records_are_one_card(pool, spellings, name):
    found = {card(pool, s).name for s in spellings}
    assert found == {name}


def test_merged_records_keep_the_japanese_faces_and_every_id(pool):
    fort = card(pool, "最前線 XX幕府")
    assert fort.layout == "multi_side" and fort.zone == "hyperspatial"
    assert "dmd20-005" in fort.ids
    assert card(pool, "熱血龍 GENJI「天」").name == fort.name  # its back side is no longer two cards
    awakening = card(pool, "禁断〜目醒めの刻〜")
    assert [(f.name, f.type, f.cost) for f in awakening.faces] == [
        ("禁断 ～目醒めの刻～", "禁断の鼓動", 4),
        ("禁断のドキンダム", "禁断クリーチャー", 9),
    ]
    assert "promoy14-037" in awakening.ids
    assert awakening.source.startswith("ether_")


def test_no_split_records_left_in_the_pool(pool):
    """The build's duplicate finder, run on the pool as shipped: every pair of records with the same
    faces and near-identical names (or a shared id) is a pair checked to be two different cards."""
    card_checks = tool_module("card_checks")
    assert card_checks.unexplained(card_checks.find_duplicates(list(pool))) == []


def test_forbidden_new_year_starts_in_the_battle_zone(pool):
    new_year = card(pool, "Forbidden New Year")
    assert new_year.zone == "starts_in_battle_zone" and not new_year.partner_eligible
    assert (new_year.faces[0].type, new_year.faces[0].civilizations, new_year.faces[0].cost) == (
        "クリーチャー",
        ("火",),
        9,
    )
    assert "dmarchive.net" in new_year.source or "dmwiki" in new_year.source.lower()


@pytest.mark.parametrize("typed", ["Q.Q.QX / 終葬 5.S.D.", "Q.Q.QX／終葬 5.S.D", "QQQX / 終葬 5SD"])
def test_a_name_typed_without_a_period_resolves(pool, typed):
    assert card(pool, typed).name == "Q.Q.QX.／終葬 5.S.D."


def test_a_period_too_many_or_too_few_finds_no_other_card(pool):
    assert card(pool, "規格外 T.G.V").name == card(pool, "規格外 T.G.V.").name
    assert pool.lookup("ボルシャック.ドラゴン").card.name == "ボルシャック・ドラゴン"
    assert pool.lookup("Q.Q.QX.／終葬 5.S.D.").matched_by == "exact"


# A line naming the combined side of several main-deck cards (how product lists write one of
# them): it means the one of them the deck does not list otherwise (README, "Readings chosen").
def _king_cell_deck(tmp_path, lines: dict[int, str]):
    from support import BD4, make_deck

    return make_deck(tmp_path, BD4, replace={2: "パートナー: 五元のロードライト", **lines})


def test_a_combined_side_line_is_the_cell_not_listed_otherwise(capsys, tmp_path):
    from support import check_json

    path = _king_cell_deck(tmp_path, {30: "1 新世界王の権威", 31: "1 新世界王の思想", 32: "1 Volzeos-Balamord"})
    code, deck = check_json(capsys, path)
    assert code == 0, deck["violations"]
    assert deck["violations"] == []


def test_a_combined_side_line_alone_is_one_main_deck_card(capsys, tmp_path):
    from support import check_json

    path = _king_cell_deck(tmp_path, {30: "1 新世界秩序"})
    code, deck = check_json(capsys, path)
    assert (code, deck["violations"]) == (0, [])
    # The cells carry the combined side's five civilizations: a 火/自然 partner cannot take one.
    from support import BD4, make_deck

    code, deck = check_json(capsys, make_deck(tmp_path, BD4, replace={30: "1 新世界秩序"}, name="bd4.txt"))
    assert code == 1 and [v["rule"] for v in deck["violations"]] == ["DP005"]


def test_a_combined_side_line_when_every_cell_is_listed_is_a_second_copy(capsys, tmp_path):
    from support import check_json

    path = _king_cell_deck(tmp_path, {30: "1 新世界王の創造", 31: "1 新世界王の破壊", 32: "1 新世界秩序"})
    code, deck = check_json(capsys, path)
    assert code == 1 and [(v["rule"], v["line"]) for v in deck["violations"]] == [("DP002", 32)]


@pytest.mark.parametrize(
    "announced, listed",
    [
        ("ボーンおどり・チャージャー", "さんばか・チャージャー"),
        ("さんばか・チャージャー", "ボーンおどり・チャージャー"),
    ],
)
def test_hall_of_fame_status_follows_the_base_card_of_an_alias(capsys, tmp_path, announced, listed):
    """A 殿堂 announcement for either name is one for the card (house-rule regulation entry)."""
    from support import check_json

    deck = _king_cell_deck(tmp_path, {30: f"1 {listed}"})
    (tmp_path / ".duepa-check.yaml").write_text(
        f"regulation:\n  - {{date: 2026-01-01, card: {announced}, status: premium_hall_of_fame}}\n", encoding="utf-8"
    )
    code, result = check_json(capsys, deck)
    assert code == 1
    assert [(v["rule"], v["line"], v["card"]) for v in result["violations"]] == [
        ("DP007", 30, "ボーンおどり・チャージャー")
    ]
