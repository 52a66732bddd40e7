"""The card-data build: its value filters, and that card_data/ is exactly what the tools build.

The rebuild test needs the raw sources (``shared/data`` beside the checkout, as in CI); without
them it is skipped and says why. The other tests use only the tools' code.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from support import tool_module

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ROOT / "tools"


extra_facts = tool_module("extra_facts")
shared = tool_module("shared_dir").shared_dir()


def _zone(type_name: str) -> str:
    return extra_facts.zone_of_type_name(
        type_name, {"クリーチャー": "main", "呪文": "main", "GRクリーチャー": "super_gr"}
    )


def test_a_label_word_is_never_a_value():
    line = extra_facts.read_facts(
        {
            "name": "テスト・スペル",
            "ids": ["x-1"],
            "source": "repo@c:f",
            "faces": [
                {
                    "name": "テスト・スペル",
                    "type": "呪文",
                    "civilizations": ["水"],
                    "cost": 3,
                    "power": "コスト",
                    "races": ["イラストレーター", "特殊能力"],
                }
            ],
        },
        "file.jsonl",
        _zone,
    )
    face = line.faces[0]
    assert face.power is None and face.races == ()
    assert len(line.dropped) == 3
    creature = extra_facts.read_facts(
        {
            "name": "テスト・クリーチャー",
            "faces": [
                {
                    "name": "テスト・クリーチャー",
                    "type": "クリーチャー",
                    "civilizations": ["無色"],
                    "cost": "5",
                    "power": "6000+",
                    "races": ["種族", "ジョーカーズ"],
                }
            ],
        },
        "file.jsonl",
        _zone,
    )
    face = creature.faces[0]
    assert (face.civilizations, face.cost, face.power, face.races) == ((), 5, "6000+", ("ジョーカーズ",))
    assert extra_facts.power_value("タマシード", 3000)[0] is None
    assert extra_facts.power_value("タマシード/クリーチャー", 3000)[0] == 3000


def test_zones_and_layouts_from_type_names():
    assert _zone("GRクリーチャー") == "super_gr"
    assert _zone("NEO GRクリーチャー") == "super_gr"
    assert _zone("サイキック・スーパー・クリーチャー") == "hyperspatial"
    assert _zone("ドラグハート・ウエポン") == "hyperspatial"
    assert _zone("進化クリーチャー(究極進化)") == "main"
    assert extra_facts.layout_of(["クリーチャー", "呪文"], _zone) == "twinpact"
    assert extra_facts.layout_of(["タマシード", "呪文"], _zone) == "twinpact"
    assert extra_facts.layout_of(["禁断の鼓動", "禁断クリーチャー"], _zone) == "multi_side"
    assert (
        extra_facts.layout_of(["サイキック・クリーチャー", "サイキック・スーパー・クリーチャー"], _zone) == "multi_side"
    )


@pytest.mark.skipif(shared is None, reason="the raw card sources (shared/data beside the checkout) are absent")
def test_card_data_is_what_the_tools_build(tmp_path):
    """Rebuild cards.jsonl, index.tsv and regulation.yaml from the sources; compare byte for byte.

    Takes about 6 s on an idle machine (the card build 5 s, the regulation 1 s)."""
    out = tmp_path / "card_data"
    started = time.monotonic()
    for tool, source in (("build_card_data.py", shared / "data"), ("build_regulation.py", shared)):
        done = subprocess.run(
            [sys.executable, str(TOOLS / tool), "--source", str(source), "--out", str(out)],
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert done.returncode == 0, done.stderr
    elapsed = time.monotonic() - started
    for name in ("cards.jsonl", "index.tsv", "regulation.yaml"):
        built, committed = (out / name).read_bytes(), (ROOT / "card_data" / name).read_bytes()
        assert built == committed, f"card_data/{name} differs from what the tools build: rebuild it"
    assert elapsed < 300


card_checks = tool_module("card_checks")


def _card(name: str, cost: int = 3, ids: tuple[str, ...] = ()):
    from duepa_check.data.cards import Card, Face

    return Card(
        name=name,
        faces=(Face(name=name, type="クリーチャー", civilizations=("水",), cost=cost, power=2000, races=()),),
        ids=ids,
    )


def test_duplicate_finder_flags_split_records_and_nothing_else():
    pairs = card_checks.find_duplicates(
        [
            _card("アクア防御隊 バリアーマー"),
            _card("アクア防衛隊 バリアーマー"),  # one character apart
            _card("禁断 ー目醒めの刻ー"),
            _card("禁断 ～目醒めの刻～"),  # long-vowel marks for wave dashes
            _card("ボルシャック"),
            _card("ボルシャック", cost=4),  # same name, other faces: not a pair
            _card("まったく別のカード"),
            _card("全然ちがう名前", ids=("x-1",)),
            _card("第三のカード", ids=("x-1",)),
        ]
    )
    assert [(a, b) for a, b, _ in pairs] == [
        ("アクア防御隊 バリアーマー", "アクア防衛隊 バリアーマー"),
        ("全然ちがう名前", "第三のカード"),  # same faces and one official id
        ("禁断 ー目醒めの刻ー", "禁断 ～目醒めの刻～"),
    ]
    assert card_checks.unexplained([("S級原始 サンマックス", "S級原始 サンマッド", "x")]) == []
