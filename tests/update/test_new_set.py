"""Ready for the next set (issue 38): the stand-in official site lists a set released after the
embedded pool was built, with cards never seen under a new set code and the official records of
cards the pool knows only from the fan transcription of DM26-EX4. `update` installs the new cards,
the official records replace the transcribed ones (provenance official, DP201 gone), and a deck with
the new cards checks clean. No ../shared, no network: the site is update_support's FakeSite,
its pages written here.
"""

from __future__ import annotations

import json

from support import BD4, make_deck, run
from update_support import run as run_update
from update_support import write_fixture_embedded

from duepa_check.data import pool as pool_module
from duepa_check.data.cards import FAN_TRANSCRIPTION, OFFICIAL
from duepa_check.data.files import CARDS_FILE, INDEX_FILE
from duepa_check.data.pool import CardPool, embedded_data_dir

PAGE = """<!DOCTYPE html><html lang="ja"><head><meta charset="UTF-8"><title>カード検索</title></head><body><main>
<div class="resultNumber">検索結果 <span id="total_count">{count}</span> 件</div>
<div id="cardlist">{links}</div>
</main></body></html>"""
LINK = (
    '<a data-href="/card/detail/?id={id}" href="/card/detail/?id={id}"><img '
    'src="/wp-content/card/cardthumb/{id}.jpg" alt=""></a>'
)
DETAIL = """<!DOCTYPE html><html lang="ja"><head><meta charset="UTF-8"><title>カード詳細</title></head><body><main>
<h3 class="card-name">{name}<span class="packname">(DM26RP4 {number}/99)</span></h3>
<div class="cardDetail">
<table><tbody><tr><th><p>カードの種類</p></th><td class="type">クリーチャー</td><th><p>文明</p></th><td class="civil">{civ}</td></tr></tbody></table>
<table><tbody><tr><th><p>コスト</p></th><td class="cost">{cost}</td><th><p>パワー</p></th><td class="power">{power}</td></tr></tbody></table>
<table><tbody><tr><th><p>種族</p></th><td class="race">{race}</td></tr></tbody></table>
</div></main></body></html>"""  # noqa: E501 - the site's markup as it is served
# The new set, DM26-RP4: two cards never seen, and the official record of a DM26-EX4 card the pool
# has from the transcription without facts (ビワ入道: civilizations unknown there, so DP201).
NEW_SET = {
    "dm26rp4-001": ("新弾試験竜 ボルシャック・ネクスト", "火", 7, 9000, "アーマード・ドラゴン"),
    "dm26rp4-002": ("新弾試験獣 ナチュラル・ネクスト", "自然", 3, 3000, "ビーストフォーク"),
    "dm26rp4-003": ("ビワ入道", "火", 4, 4000, "鬼札王国"),
}


def _serve_the_new_set(site) -> None:
    links = "".join(LINK.format(id=card_id) for card_id in NEW_SET)
    site.script["list:1"] = [(200, PAGE.format(count=len(NEW_SET), links=links))]
    for number, (card_id, (name, civ, cost, power, race)) in enumerate(NEW_SET.items(), start=1):
        page = DETAIL.format(name=name, number=number, civ=civ, cost=cost, power=power, race=race)
        site.script[f"detail:{card_id}"] = [(200, page)]


def test_update_installs_a_set_released_after_the_pool(site, tmp_path, capsys, monkeypatch):
    """The embedded cards as shipped, with the stand-in site's regulation (the fixture pool's: the
    stand-in's regulation page lists only its few cards)."""
    embedded_dir = write_fixture_embedded(tmp_path / "embedded")
    for name in (CARDS_FILE, INDEX_FILE):
        (embedded_dir / name).write_bytes((embedded_data_dir() / name).read_bytes())
    monkeypatch.setattr(pool_module, "embedded_data_dir", lambda: embedded_dir)
    embedded = CardPool.load()
    assert embedded.lookup("新弾試験竜 ボルシャック・ネクスト").card is None
    before = embedded.lookup("ビワ入道").card
    assert before.provenance == FAN_TRANSCRIPTION and not before.complete
    deck = make_deck(
        tmp_path,
        BD4,
        replace={10: "1 新弾試験竜 ボルシャック・ネクスト", 11: "1 新弾試験獣 ナチュラル・ネクスト", 12: "1 ビワ入道"},
    )
    checked = json.loads(run(capsys, deck, "--format", "json").out)["decks"][0]["violations"]
    assert {v["rule"] for v in checked} >= {"DP100", "DP201"}  # before the update: unknown, and no facts

    _serve_the_new_set(site)
    data_dir = tmp_path / "data"
    summary = run_update(data_dir)
    assert {"新弾試験竜 ボルシャック・ネクスト", "新弾試験獣 ナチュラル・ネクスト"} <= set(summary.new_cards)

    pool = CardPool.load(data_dir)
    new = pool.lookup("新弾試験竜 ボルシャック・ネクスト").card
    assert new is not None and new.provenance == OFFICIAL and "dm26rp4-001" in new.ids and new.partner_eligible
    completed = pool.lookup("ビワ入道").card
    assert completed.provenance == OFFICIAL and completed.complete and completed.civilizations == ("火",)
    assert "dm26rp4-003" in completed.ids

    done = run(capsys, deck, "--format", "json", "--data-dir", data_dir)
    violations = json.loads(done.out)["decks"][0]["violations"]
    assert done.code == 0 and [v for v in violations if v["severity"] == "error"] == []
    assert not {"DP100", "DP201"} & {v["rule"] for v in violations}
