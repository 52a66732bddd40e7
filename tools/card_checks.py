"""Checks the card-data build runs on its result: split records of one card, and the hand-kept lists.

A card stored twice (two spellings that no matching key folds together, e.g. 「最前戦 XX幕府」 with
the ids and 「最前線 XX（ダブルクロス） 幕府」 without) makes a typed name resolve to one half and
the deck rules see two different cards. ``find_duplicates`` finds such pairs: the same faces
(type, civilizations, cost, power, races of every side) and names that differ by a couple of
characters, or the same official id on two cards. The build merges the known ones
(``MERGES``), accepts the pairs checked to be different cards (``DIFFERENT_CARDS``), and fails
on any other pair, so the next split record fails the build instead of a user.

Also here: alias cards (別名, one card under two names) and the cards no raw file has.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Sequence

from duepa_check.data.cards import Card, Face
from duepa_check.data.names import name_key

DMWIKI_ALIAS = "DMwiki 「別名」 https://dmwiki.net/%E5%88%A5%E5%90%8D"

# Alias cards (別名): printed under another name, treated by the rules as that very card. The
# DMART-10 collaboration cards are found in opencard's names ("NAME [BASE]", checked against the
# DMART-10 set list, which lists the same ids under the base name); these come from elsewhere.
# (alias name, base card, source)
ALIAS_PAIRS: list[tuple[str, str, str]] = [
    ("さんばか・チャージャー", "ボーンおどり・チャージャー", DMWIKI_ALIAS),
    (
        "ゲンム装備【ヘビィボウガン】vs.波衣竜",
        "∞龍 ゲンムエンペラー",
        "duepa-check issue 11 (a 2026 card, in none of the card sources)",
    ),
]
# Misspellings of one card that real sources write: (misspelling, card, source).
MISSPELLINGS: list[tuple[str, str, str]] = [
    (
        "邪帝遺跡 ボアロバゴス",
        "邪帝斧 ボアロアックス",
        "other_spellings_2026-12.tsv: a deck site's card data writes ボアロバゴス for the side 邪帝遺跡 ボアロパゴス "
        "(qingshui-hui/tcg-simulator src/helpers/data.js @cd1aab6)",
    ),
]
# "オプティマスプライム [“罰怒“ブランド]": the printed name, then the card it is, in [ ].
BRACKETED_BASE = re.compile(r"^(?P<alias>.+?)\s*[\[［](?P<base>[^\]］]+)[\]］]\s*$")

# One card stored as several records: (the name kept, [every record's name], why).
MERGES: list[tuple[str, list[str], str]] = [
    (
        "最前線 XX幕府",
        ["最前戦 XX幕府", "最前線 XX（ダブルクロス） 幕府"],
        "opencard spells the card 最前戦 (with its ids), Ether 最前線 XX（ダブルクロス） 幕府: same faces, one card",
    ),
    (
        "禁断 ～目醒めの刻～",
        ["禁断 ～目覚めの刻～", "禁断 ー目醒めの刻ー"],
        "Ether writes 目覚め, opencard (promo id) ー目醒めー: same faces, one card",
    ),
    (
        "オブラディ・ホーネット／「Let it Bee！」",
        ["オブラディ・ホーネット／「Let it Bee！」", "オブラディ・ホーネット／「var it Bee！」"],
        "opencard's name for dmex17-041 reads 「var it Bee！」 (a replaced word): same faces, one card",
    ),
    # Two spellings of one card, each with ids of its own printings (a reprint spelt otherwise).
    (
        "メタルウィング・ワイバーン",
        ["メタルウィング・ワイバーン", "メタルウイング・ワイバーン"],
        "ィ/イ spellings of one card",
    ),
    ("撃墜団長メッツァー", ["撃墜団長メッツァー", "撃墜団長メッツアー"], "ァ/ア spellings of one card"),
    ("新時代の幕開け", ["新時代の幕明け", "新時代の幕開け"], "明け/開け spellings of one card"),
    (
        "騒乱の影ウエスタン・バレル",
        ["騒乱の影ウェスタン・バレル", "騒乱の影ウエスタン・バレル"],
        "ェ/エ spellings of one card",
    ),
    (
        "白騎士の聖霊王 ℵHEAVEN",
        ["白騎士の聖霊王 ℵHEAVEN", "白騎士の聖霊王 HEAVEN"],
        "opencard drops the ℵ of the DM-33 printing; the DM22-EX1 reprint has it: one card",
    ),
]

# Pairs the finder flags that are different cards (checked by hand: different printed names, and
# each has its own official ids). (name, name, why)
_OWN_IDS = "different names and each its own ids: two cards with the same stats"
DIFFERENT_CARDS: list[tuple[str, str, str]] = [
    (a, b, _OWN_IDS)
    for a, b in (
        ("S級原始 サンマックス", "S級原始 サンマッド"),
        ("The ソー漢", "The ラー漢"),
        ("「俺」の頂 ライオネル", "「俺」の頂 ライオネル GS"),
        ("インビンシブル・タワー", "インビンシブル・パワー"),
        ("ガチャンコ ミニロボ１号", "ガチャンコミニロボ２号"),
        ("クック・ポロン", "ロック・ポロン"),
        ("サイチェン・ピッピー", "スーパー・サイチェン・ピッピー"),
        ("スーパー・チェイン・スラッシュ", "チェイン・スラッシュ"),
        ("デスキャッチ・ビートル", "デスマッチ・ビートル"),
        ("ボルシャック・ドラゴン", "ボルシャック・ドラゴン GS"),
        ("ボルシャック・ドラゴン", "ボルシャック・大和・ドラゴン"),
        ("ボルバルザーク・紫電・ドラゴン", "ボルバルザーク・紫電・ドラゴンP'S"),
        ("ボルメテウス・ホワイト・ドラゴン", "ボルメテウス・ホワイト・ドラゴン GS"),
        ("モモダチ キャンベロ", "王道ダチ キャンベロ"),
        ("ワダカニノミコト", "ワダチエノミコト"),
        ("偽りの名 シャーロック", "超絶の名 シャーロック"),
        ("光封樹", "光柱樹"),
        ("大冒犬ヤッタルワン", "大冒犬ヤッタルワン GS"),
        ("奇跡の精霊ネオ・ミルザム", "奇跡の精霊ミルザム"),
        ("巡霊者ウイニング・スター", "巡霊者スーパー・ウイニング・スター"),
        ("左神人類 ヨミ", "神人類 ヨミ"),
        ("希望の親衛隊クラップ", "熱血の親衛隊クラップ"),
        ("春風妖精ポップル", "秋風妖精リップル"),
        ("母なる大地", "父なる大地"),
        ("泥男", "玉男"),
        ("煌終龍 サッヴァーク", "煌龍 サッヴァーク"),
        ("神聖櫃 シューゲイズ", "神聖麒 シューゲイザー"),
        ("神聖牙 UK パンク", "神聖牙 US パンク"),
        ("緑神龍ダグラドルグラン", "緑神龍ダグラドルグランR"),
        ("聖英雄 ゴール・ド・レイユ", "護英雄 シール・ド・レイユ"),
        ("聖鎧亜キング・アルカディアス", "聖鎧亜キング・アルカディアスP'S"),
        ("聖鎧亜キング・アルカディアス", "闇鎧亜キング・アルカディアス"),
        ("聖霊王アルファディオス", "聖霊王アルファディオス GS"),
        ("轟音 ザ・ブラック GS", "轟音 ザ・ブラックV"),
        ("邪眼教皇ロマノフⅡ世", "邪眼皇ロマノフI世"),
        ("邪眼皇ロマノフI世", "邪眼皇ロマノフⅠ世 GS"),
        ("魂の呼び声", "龍の呼び声"),
    )
]
DIFFERENT_CARDS.append(
    (
        "罪侵入",
        "邪侵入",
        "DM26-EX4 65/99 罪侵入 (a 罪 card of that set, listed by its transcription among the names new to the pool) "
        "and "
        "DM22-RP1 17 邪侵入 share cost, colour and type only",
    )
)

# Cards in none of the raw files: (card, source). The 4th family of cards that start the game in
# the battle zone (DMwiki 「ゲーム開始時にバトルゾーンに存在出来るカード」): a joke promo given to staff
# for the 2017 new year, 使用禁止 in tournaments; its facts are from its DMwiki page.
FORBIDDEN_NEW_YEAR_SOURCE = "DMwiki 《Forbidden New Year》 https://dmarchive.net/?%A1%D4Forbidden%20New%20Year%A1%D5"
ADDED_CARDS: list[tuple[Card, str]] = [
    (
        Card(
            name="Forbidden New Year",
            faces=(
                Face(
                    name="Forbidden New Year",
                    type="クリーチャー",
                    civilizations=("火",),
                    cost=9,
                    power=201711,
                    races=(),
                ),
            ),
            ids=(),
        ),
        FORBIDDEN_NEW_YEAR_SOURCE,
    ),
]


def edit_distance(a: str, b: str, limit: int) -> int:
    """Levenshtein distance, or limit + 1 as soon as it must exceed ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, start=1):
        current = [i] + [0] * len(b)
        for j, char_b in enumerate(b, start=1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char_a != char_b))
        if min(current) > limit:
            return limit + 1
        previous = current
    return previous[-1]


def loose_key(name: str) -> str:
    """The matching key with long-vowel marks and the brackets of a phrase dropped as well."""
    return re.sub(r"[ー\-「」＜＞<>]", "", name_key(name))


def stats(card: Card) -> tuple:
    """Every side's facts without its name: what two records of one card share."""
    return tuple((f.type, f.civilizations, f.cost, f.power, f.races) for f in card.faces)


def base_id(card_id: str) -> str:
    """dmbd21-009a → dmbd21-009: the sides of one printing are one id."""
    return re.sub(r"(\d)[ab]$", r"\1", card_id)


def find_duplicates(cards: Sequence[Card]) -> list[tuple[str, str, str]]:
    """(name, name, why) for every pair of records that look like one card: the same faces, and
    a shared official id or names one or two characters apart (after folding long-vowel marks)."""
    pairs: dict[tuple[str, str], str] = {}
    by_stats: dict[tuple, list[Card]] = defaultdict(list)
    for card in cards:
        if card.faces:
            by_stats[stats(card)].append(card)
    for group in by_stats.values():
        if len(group) < 2:
            continue
        keyed = [(loose_key(c.name), {base_id(i) for i in c.ids}, c) for c in group]
        for i, (key_a, ids_a, a) in enumerate(keyed):
            for key_b, ids_b, b in keyed[i + 1 :]:
                shared = sorted(ids_a & ids_b)
                limit = 1 if min(len(key_a), len(key_b)) < 8 else 2
                if shared:
                    pairs[tuple(sorted((a.name, b.name)))] = f"same faces, both carry the official id {shared[0]}"
                elif edit_distance(key_a, key_b, limit) <= limit:
                    pairs[tuple(sorted((a.name, b.name)))] = "same faces, names one or two characters apart"
    return sorted((a, b, why) for (a, b), why in pairs.items())


def unexplained(duplicates: Iterable[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """The pairs neither merged nor known to be different cards."""
    known = {tuple(sorted((a, b))) for a, b, _ in DIFFERENT_CARDS}
    return [(a, b, why) for a, b, why in duplicates if (a, b) not in known]
