"""Golden reports: decks broken in every way a rule knows, rendered in every format, byte for byte.

The wording of every message and hint, the report's headers, verdicts, summary and footer are
pinned here, so a change of how text is produced (the message catalogues) cannot change what a
user reads by accident. Set DUEPA_UPDATE_SNAPSHOTS=1 to rewrite the files after a deliberate
change of wording, then read the diff before committing it.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from support import BD4, BD6, make_deck, run

from duepa_check.reading.card_line import LONGEST_NAME

SNAPSHOTS = Path(__file__).parent / "snapshots"
RAINBOW = "五元のロードライト"  # 光/水/闇/火/自然, cost 6

# Lines 4-62 of DM23-BD4 are cards; replacing keeps every other line number.
MANY_WAYS = {
    30: "1 フェアリー・シャワー",  # DP005 (水/自然 with a 火/自然 partner)
    31: "1 龍の呼び声",  # DP002 (also on line 33)
    32: "1 ボルシャック・ドラゴソ",  # DP100 with suggestions
    34: "1 天地命動 バラギアラ",  # DP101
    35: "1 零龍",  # DP006: a side of cards outside the main deck
    36: "1 ＧＲの犬 ワンワンワン",  # DP006 超GRゾーン
    37: "1 禁断〜封印されしX〜",  # DP006 starts in the battle zone
    38: "!!!!",  # DP102 not a card name
    39: "1 ゴウモン 丙-二式",  # DP201 (a known card without data)
    40: "1 ヴォルグ・サンダー",  # DP006 超次元ゾーン (and DP005)
    41: "1 ｚｚｚｚｚｚｚｚｚ",  # DP100 without suggestions
    42: "1000 ガルチェンソ・ドラゴン",  # DP102 count
    43: "1 " + "長" * (LONGEST_NAME + 1),  # DP102 too long
    44: "3 はずれポンの助",  # may repeat: no finding
    45: "1 ガルチェンソ\x07ドラゴン",  # DP102 control character
}


def _decks(tmp_path: Path) -> list[str]:
    """Write the broken decks under ``tmp_path``; their paths relative to it, in report order."""
    make_deck(tmp_path, BD4, replace=MANY_WAYS, name="many.txt")
    make_deck(
        tmp_path, BD4, replace={2: "1 ボルシャック・ドラゴ大王"}, append=["1 エール・ライフ"], name="no-partner.txt"
    )
    make_deck(
        tmp_path,
        BD4,
        replace={2: "パートナー: ガラスのキッカー王子", 30: "1 ボルシャック・ドラゴ大王"},
        name="cheap-partner.txt",
    )
    make_deck(tmp_path, BD4, replace={4: "パートナー: ガルチェンソ・ドラゴン"}, name="two-partners.txt")
    make_deck(
        tmp_path,
        BD4,
        replace={2: "パートナー: エール・ライフ", 30: "1 ボルシャック・ドラゴ大王"},
        name="weak-partner.txt",
    )
    make_deck(
        tmp_path,
        BD4,
        replace={2: "パートナー: フェアリー・シャワー", 30: "1 ボルシャック・ドラゴ大王"},
        name="spell-partner.txt",
    )
    make_deck(
        tmp_path,
        BD6,
        replace={2: "パートナー: ヴォルグ・サンダー", 30: "1 偽神殺しのツラトゥストラ"},
        name="psychic-partner.txt",
    )
    make_deck(
        tmp_path,
        BD4,
        replace={
            4: "2 ガルチェンソ・ドラゴン",
            30: "",
            31: "1 ボルシャック・ドラゴ大王",
            32: "1 フェアリー・ギフト",
            33: "1 フェアリー・ギフト",
        },
        name="copies.txt",
    )
    make_deck(
        tmp_path,
        BD4,
        replace={
            2: f"パートナー: {RAINBOW}",
            30: "1 【今すぐ】うわっ…相手の攻撃止めすぎ…？【クリック】",
            31: "1 禁断英雄 モモキングダムX",
            40: "1 未来王龍 モモキングJO",
        },
        name="premium.txt",
    )
    house = tmp_path / "house"
    make_deck(house, BD4, replace={30: "1 フェアリー・ギフト"}, name="house.txt")
    (house / ".duepa-check.yaml").write_text("singleton: false\nbanned: [ガルチェンソ・ドラゴン]\n", encoding="utf-8")
    (tmp_path / "structured.yaml").write_text(
        "partner: ボルシャック・ドラゴ大王\nnotes: x\ncards:\n  - [1, 2]\n  - {name: ガルチェンソ・ドラゴン, count: "
        "1}\n",
        encoding="utf-8",
    )
    (tmp_path / "one-spell.yaml").write_text("cards: [エール・ライフ]\n", encoding="utf-8")
    (tmp_path / "empty.txt").write_bytes(b"")
    return [
        "many.txt",
        "no-partner.txt",
        "cheap-partner.txt",
        "two-partners.txt",
        "weak-partner.txt",
        "spell-partner.txt",
        "psychic-partner.txt",
        "copies.txt",
        "premium.txt",
        "house/house.txt",
        "structured.yaml",
        "one-spell.yaml",
        "empty.txt",
    ]


CASES = {
    # name: (as_of, format, extra arguments)
    "en.json": ("2026-03-16", "json", ()),
    "en.txt": ("2026-03-16", "text", ()),  # off a terminal: one problem a line
    "en.table": ("2026-03-16", "table", ()),  # the box table, asked for
    "en.github": ("2026-03-16", "github", ()),
    "en-later.json": ("2027-01-01", "json", ()),
    "en-later.txt": ("2027-01-01", "text", ()),
    "en-unconfirmed.json": ("2026-04-01", "json", ("--include-unconfirmed",)),
    "ja.txt": ("2026-03-16", "text", ("--lang", "ja")),
    "ja.table": ("2026-03-16", "table", ("--lang", "ja")),
    "ja.json": ("2026-03-16", "json", ("--lang", "ja")),
    "ja-later.txt": ("2027-01-01", "text", ("--lang", "ja")),
    "ja-unconfirmed.github": ("2026-04-01", "github", ("--lang", "ja", "--include-unconfirmed")),
}


@pytest.fixture
def tmp_path():
    """A folder whose path has the same length on every machine and run (/tmp/golden-XXXXXXXX).

    The house-rules path is part of a message, so its length sets a column's width in the
    text table: pytest's own tmp_path (…/pytest-9/… vs …/pytest-10/…) made the file flaky.
    """
    folder = Path(tempfile.mkdtemp(prefix="golden-", dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize("case", sorted(CASES))
def test_report_matches_the_golden_file(capsys, tmp_path, monkeypatch, case):
    as_of, output_format, extra = CASES[case]
    decks = _decks(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = run(capsys, *decks, "--as-of", as_of, "--format", output_format, *extra)
    assert result.code == 2  # empty.txt is unreadable
    assert "Traceback" not in result.err
    text = f"exit {result.code}\n--- stdout\n{result.out}--- stderr\n{result.err}".replace(str(tmp_path), "<tmp>")
    golden = SNAPSHOTS / f"golden-{case}"
    if os.environ.get("DUEPA_UPDATE_SNAPSHOTS"):
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")
