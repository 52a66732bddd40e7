"""Large batches are split over worker processes; the answer must be the same as one process."""

from __future__ import annotations

import pytest
from conftest import BD4, make_deck, run

import duepa_check.checker as checker_module


def test_a_batch_over_the_parallel_threshold_gives_the_same_results_in_the_same_order(capsys, tmp_path, monkeypatch):
    folder = tmp_path / "decks"
    count = checker_module.PARALLEL_FROM + 10
    if checker_module._worker_count(count) < 2:
        pytest.skip("one core: the batch is not split")
    for number in range(count):
        broken = {22: "1 アクア・サーファー"} if number % 7 == 0 else {}  # a 水 card: DP005 on line 22
        make_deck(tmp_path, BD4, replace=broken, name=f"decks/{number:04}.txt")
    parallel = run(capsys, folder, "--format", "json", "--as-of", "2026-03-16")
    monkeypatch.setattr(checker_module, "PARALLEL_FROM", 10**9)
    sequential = run(capsys, folder, "--format", "json", "--as-of", "2026-03-16")
    assert parallel.code == sequential.code == 1
    assert parallel.json == sequential.json
    decks = parallel.json["decks"]
    assert [d["path"] for d in decks] == sorted(d["path"] for d in decks)
    illegal = [d["path"].rsplit("/", 1)[1] for d in decks if not d["legal"]]
    assert illegal == [f"{n:04}.txt" for n in range(0, count, 7)]
    assert all(d["partner"]["name"] == "ボルシャック・ドラゴ大王" and d["card_count"] == 60 for d in decks)
    assert parallel.json["summary"]["decks"] == count


def test_a_broken_config_in_a_worker_is_still_one_line_exit_2(capsys, tmp_path):
    folder = tmp_path / "decks"
    for number in range(checker_module.PARALLEL_FROM):
        make_deck(tmp_path, BD4, name=f"decks/{number:04}.txt")
    (folder / ".duepa-check.yaml").write_text("deck_sise: 40\n", encoding="utf-8")
    result = run(capsys, folder, "--format", "json")
    assert result.code == 2 and "deck_sise" in result.err and "Traceback" not in result.err
