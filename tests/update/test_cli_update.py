"""`duepa-check update --source URL` end to end: a real HTTP server on loopback, the real CLI.

The CLI keeps its 1-second politeness delay, so this test takes a few seconds by design.
"""

from __future__ import annotations

import json

from update_support import TWINPACT, data_bytes, fake_site, previous_data

from duepa_check.cli import main


def test_update_command_fetches_from_a_local_site_and_check_then_uses_the_new_data(
    tmp_path, capsys, fixture_embedded_data
):
    data_dir = tmp_path / "data"
    with fake_site() as url:
        assert main(["update", "--source", url, "--data-dir", str(data_dir)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"Updated card data in {data_dir} from {url}"
    assert out[1] == "  7 cards fetched, 4 list pages read"
    assert out[2].startswith(f"  6 new cards: {TWINPACT}、")
    assert "  1 changed cards: ボルテスト・ドラゴン" in out

    assert main(["card", TWINPACT, "--data-dir", str(data_dir), "--format", "json"]) == 0
    card = json.loads(capsys.readouterr().out)
    assert card["name"] == TWINPACT and len(card["faces"]) == 2

    deck = tmp_path / "deck.txt"
    deck.write_text(f"パートナー: {TWINPACT}\n", encoding="utf-8")
    assert main([str(deck), "--data-dir", str(data_dir), "--format", "json", "--as-of", "2026-03-16"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["regulation"]["data_source"] == str(data_dir)
    assert report["regulation"]["data_date"] == "2026-03-16"  # the regulation the update wrote
    deck_report = report["decks"][0]
    assert deck_report["partner"]["name"] == TWINPACT  # known only from the updated data
    assert [v["rule"] for v in deck_report["violations"]] == ["DP001"]  # one card: only the size is wrong


def test_update_command_with_an_unreachable_site_is_one_line_exit_2_and_keeps_data(
    tmp_path, capsys, fixture_embedded_data
):
    data_dir = tmp_path / "data"
    before = previous_data(data_dir)
    with fake_site() as url:
        dead = url  # the server is shut down when the block ends: nothing listens there now
    assert main(["update", "--source", dead, "--data-dir", str(data_dir), "--full"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("duepa-check: ") and err.count("\n") == 1 and "Traceback" not in err
    assert data_bytes(data_dir) == before
