"""Names that printings, the official site and other tools write for cards of the pool
(shared/data/cards/other_spellings_2026-12.tsv): every row resolves to its card.

The printings under another name (DMART-26) are aliases with their official ids, listed in the
data's header with their source and shown by ``card``; the other rows are aliases or spelling
classes (tests/data/test_name_classes.py). The file itself is read only when ../shared is there.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import pytest
from support import run

from duepa_check.data.pool import CardPool

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from shared_dir import shared_dir  # noqa: E402

SHARED = shared_dir()
PRINTINGS = {  # DMART-26, a Monster Hunter collaboration: the printed name, the game card, its id
    "dmart26-001": ("ドギラN装備【ガンランス】vs.煌雷竜 蒼き守護神 ドギラゴン閃", "蒼き守護神 ドギラゴン閃"),
    "dmart26-002": ("ゲンム装備【ヘビィボウガン】vs.波衣竜 ∞龍 ゲンムエンペラー", "∞龍 ゲンムエンペラー"),
    "dmart26-003": ("鬼丸装備【双剣】vs.鎖刃竜 偽りの希望 鬼丸「終斗」", "偽りの希望 鬼丸「終斗」"),
    "dmart26-004": ("ドギラH装備【大剣】vs.獄焔蛸 紅き団長 ドギラゴン悪", "紅き団長 ドギラゴン悪"),
    "dmart26-005": (
        "ボルシャック装備【太刀】vs.護火竜 ボルシャック・ドリーム・ドラゴン",
        "ボルシャック・ドリーム・ドラゴン",
    ),
    "dmart26-006": (
        "キーナリー装備【ハンマー】vs.凍峰竜 終末縫合王 ザ=キラー・キーナリー",
        "終末縫合王 ザ=キラー・キーナリー",
    ),
}


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return CardPool.load()


@pytest.mark.skipif(SHARED is None, reason="the raw card sources (shared/data beside the checkout) are absent")
def test_every_row_of_the_other_spellings_file_resolves_to_its_card(pool):
    path = SHARED / "data" / "cards" / "other_spellings_2026-12.tsv"
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    rows = list(csv.DictReader(lines, delimiter="\t"))
    assert len(rows) >= 12
    for row in rows:
        found = pool.lookup(row["typed"])
        assert found.card is not None and found.card.name == row["card"], (row["typed"], [c.name for c in found.cards])
        if row["official_id"]:
            assert row["official_id"] in found.card.ids


@pytest.mark.parametrize("card_id", sorted(PRINTINGS))
def test_a_printing_under_another_name_is_its_card_with_its_id(pool, card_id):
    printed, card = PRINTINGS[card_id]
    found = pool.lookup(printed).card
    assert found is not None and found.name == card and card_id in found.ids
    assert (printed, card_id) in pool.printings(card)
    entry = next(e for e in pool.header["printings"] if e["id"] == card_id)
    assert entry["card"] == card and entry["source"].startswith("other_spellings_2026-12.tsv: Motokiyo-DXP/Price_DM")


@pytest.mark.parametrize("lang, line", [("en", "printing"), ("ja", "別名で収録")])
def test_the_card_view_lists_the_printing(capsys, lang, line):
    done = run(capsys, "card", "∞龍 ゲンムエンペラー", "--lang", lang)
    assert done.code == 0
    shown = next(text for text in done.out.splitlines() if line in text)
    assert "ゲンム装備【ヘビィボウガン】vs.波衣竜 ∞龍 ゲンムエンペラー" in shown and "dmart26-002" in shown


def test_the_official_sites_spelling_and_a_known_misspelling_are_aliases(pool):
    assert (
        pool.lookup("銃初逆夢 ザ・ウィニー／ジョリー・ザ・スパーク").card.name
        == "鉄初逆夢 ザ・ウィニー／ジョリー・ザ・スパーク"
    )
    assert pool.lookup("邪帝遺跡 ボアロバゴス").card.name == "邪帝斧 ボアロアックス"  # for the side ボアロパゴス
    typed = "邪帝斧 ボアロアックス/邪帝遺跡 ボアロバゴス/我臥牙 ヴェロキボアロス"  # a deck site's all-sides name
    assert pool.lookup(typed).card.name == "邪帝斧 ボアロアックス"
    kinds = {e["spelling"]: e["kind"] for e in pool.header["other_spellings"]}
    assert kinds == {"銃初逆夢 ザ・ウィニー／ジョリー・ザ・スパーク": "site", "邪帝遺跡 ボアロバゴス": "misspelling"}


def test_dm26_rp3s_release_date_is_the_sources(pool):
    """shared/data/cards/README.md: released 2026-09-19 (no longer a month inferred)."""
    for file in ("cards/dm26rp3_new_cards.jsonl", "cards/dm26rp3_reprint_ids.jsonl"):
        source = next(s for s in pool.header["sources"] if s["file"] == file)
        assert source["date"] == "2026-09-19"
    assert "inferred" not in str(pool.header["sources"])


@pytest.mark.parametrize("card_id", [*PRINTINGS, "dm23bd4-039", "DM23BD4-039"])
def test_an_official_id_looks_its_card_up(capsys, pool, card_id):
    """`duepa-check card dmart26-002`: a printing's (or any card's) official id is that card."""
    found = pool.lookup(card_id)
    assert found.card is not None and card_id.casefold() in (i.casefold() for i in found.card.ids)
    assert found.matched_by == "id"
    if card_id in PRINTINGS:
        assert found.card.name == PRINTINGS[card_id][1]
    assert run(capsys, "card", card_id).code == 0


def test_a_text_shaped_like_an_id_that_is_none_is_no_card(pool):
    assert pool.lookup("dm99zz-999").card is None
