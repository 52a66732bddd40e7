"""The updater against a fake official site: parsing, paging, politeness, failures, resume.

No test touches the network: ``responses`` intercepts requests, and the end-to-end test runs
a small ``http.server`` on 127.0.0.1. The fake site, the tiny embedded pool and the other
helpers these tests share with the other update tests are in tests/update_support.py.
"""

from __future__ import annotations

import re
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
import requests
import responses
from update_support import (
    FIXTURES,
    SOURCE,
    TWINPACT,
    FakeClock,
    FakeSite,
    assert_untouched,
    data_bytes,
    fake_site,
    old_card,
    previous_data,
    run,
    write_fixture_embedded,
)

from duepa_check import update
from duepa_check.data import pool as pool_module
from duepa_check.data.cards import Card
from duepa_check.data.files import write_card_data
from duepa_check.data.pool import CardPool
from duepa_check.data.regulation import Combo, dump_regulation, load_current, load_regulation
from duepa_check.messages import text
from duepa_check.official_site import (
    PageError,
    parse_detail_page,
    parse_list_page,
    parse_regulation_page,
)
from duepa_check.update import SiteClient, UpdateError, render_summary, run_update

NEW_IDS = [f"dmtest-00{n}" for n in range(1, 8)]
OLD_IDS = [f"dmold-00{n}" for n in range(1, 6)]


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


# --- parsing ----------------------------------------------------------------------------


def test_list_page_gives_ids_in_order_once_and_the_total():
    page = parse_list_page(fixture("list_page_1.html"))
    assert page.ids == ["dmtest-001", "dmtest-002", "dmtest-003"]
    assert page.total == 12


def test_list_page_without_cardlist_is_an_error():
    with pytest.raises(PageError, match="no card links, no #cardlist"):
        parse_list_page("<html><body><p>メンテナンス中</p></body></html>")


def test_twinpact_has_two_faces_and_a_slash_name():
    card = parse_detail_page(fixture("detail_dmtest-001.html"), "dmtest-001").card
    assert card.name == TWINPACT
    assert card.layout == "twinpact"
    assert [f.name for f in card.faces] == ["轟炎竜 テストバーン", "紅蓮の試験"]
    assert [f.type for f in card.faces] == ["クリーチャー", "呪文"]
    assert card.faces[1].civilizations == ("火", "自然")
    assert card.faces[1].power is None
    assert card.civilizations == ("火", "自然")
    assert card.partner_eligible  # creature side costs 6
    assert card.ids == ("dmtest-001",)


def test_twinpact_whose_blocks_repeat_the_name_and_one_is_image_only():
    block = '<div class="cardDetail"><h3 class="card-name">表面 / 裏面<span class="packname">(DMX 1/2)</span></h3>'
    typed = '<td class="type">{}</td><td class="civil">火</td><td class="cost">5</td></div>'
    html = block + typed.format("クリーチャー") + block + typed.format("呪文") + block + "<img src=''></div>"
    card = parse_detail_page(html, "dmx-001").card
    assert card.name == "表面／裏面" and card.layout == "twinpact"
    assert [f.name for f in card.faces] == ["表面", "裏面"]


def test_twinpact_with_a_page_name_above_named_sides():
    side = '<div class="cardDetail"><h3 class="card-name">{}</h3><td class="type">{}</td><td class="cost">4</td></div>'
    html = '<h3 class="card-name">表面 / 裏面</h3>' + side.format("表面", "クリーチャー") + side.format("裏面", "呪文")
    card = parse_detail_page(html, "dmx-002").card
    assert (card.name, card.layout) == ("表面／裏面", "twinpact")


def test_psychic_card_keeps_its_awakened_side_and_is_not_main_deck():
    card = parse_detail_page(fixture("detail_dmtest-002.html"), "dmtest-002").card
    assert card.layout == "multi_side"
    assert card.name == "時空の試験官ネクスト"
    assert [f.name for f in card.faces] == ["時空の試験官ネクスト", "覚醒試験官ネクスト・ゼロ"]
    assert card.faces[1].races == ("サイバー・ロード", "エイリアン")
    assert card.zone == "hyperspatial"
    assert not card.partner_eligible


def test_forbidden_two_face_card_starts_in_the_battle_zone():
    card = parse_detail_page(fixture("detail_dmtest-003.html"), "dmtest-003").card
    assert card.layout == "multi_side"
    assert [f.type for f in card.faces] == ["禁断フィールド", "禁断クリーチャー"]
    assert card.faces[0].civilizations == ()  # ゼロ
    assert card.faces[1].cost == 99  # full-width digits
    assert card.zone == "starts_in_battle_zone"
    assert not card.partner_eligible


def test_infinite_cost_is_kept_as_the_infinity_sign():
    card = parse_detail_page(fixture("detail_dmtest-004.html"), "dmtest-004").card
    assert (card.faces[0].cost, card.faces[0].power) == ("∞", "∞")
    assert card.partner_eligible


def test_text_allowing_more_than_four_copies_sets_the_flag():
    assert parse_detail_page(fixture("detail_dmtest-005.html"), "dmtest-005").card.may_exceed_four
    assert not parse_detail_page(fixture("detail_dmtest-004.html"), "dmtest-004").card.may_exceed_four


def test_not_for_official_play_is_reported_but_does_not_restrict():
    page = parse_detail_page(fixture("detail_dmtest-006.html"), "dmtest-006")
    assert page.not_for_official_play
    assert page.card.zone == "main" and page.card.partner_eligible
    assert page.card.civilizations == ()  # 無色
    assert "公式大会" not in repr(page.card)  # rules text is never stored


def test_detail_page_without_card_blocks_is_an_error():
    with pytest.raises(PageError, match="cardDetail"):
        parse_detail_page("<h3 class='card-name'>名前</h3><div>工事中</div>", "x")


def test_unknown_civilization_is_an_error_not_a_guess():
    html = fixture("detail_dmtest-004.html").replace('class="civil">光', 'class="civil">虹')
    with pytest.raises(PageError, match="虹"):
        parse_detail_page(html, "dmtest-004")


def test_regulation_page_sections_and_dated_heading():
    page = parse_regulation_page(fixture("regulation.html"))
    assert page.data_date == date(2026, 3, 16)
    assert page.statuses == {
        "アクア・テスター": "premium_hall_of_fame",
        "古参テスター": "premium_hall_of_fame",
        TWINPACT: "hall_of_fame",
        "テスト・ブレイン": "hall_of_fame",
        "旧殿堂テスター": "unrestricted",  # under 「殿堂解除カード」
    }
    assert page.announced == [(date(2026, 3, 16), TWINPACT, "hall_of_fame")]
    assert page.combos == [
        (("ボルテスト・ドラゴン", "旧式テスター"), "premium_combo"),
        (("テスト・ブレイン", "時空の試験官ネクスト"), "hyperspatial_combo"),
    ]
    assert page.prohibited == ["ガルベリアス・テスト"]


def test_regulation_page_without_sections_is_an_error():
    with pytest.raises(PageError, match="プレミアム殿堂入りカード"):
        parse_regulation_page("<h1>殿堂レギュレーション</h1><p>準備中</p>")


# --- a whole run ------------------------------------------------------------------------


def test_update_lists_pages_until_known_ground_and_fetches_only_new_cards(site, data_dir, fixture_embedded_data):
    progress: list[tuple[int, int, str]] = []
    summary = run(data_dir, on_progress=lambda done, total, label: progress.append((done, total, label)))

    assert site.requested("list:") == ["list:1", "list:2", "list:3", "list:4"]  # page 4 is all known
    assert site.requested("detail:") == [f"detail:{i}" for i in NEW_IDS]
    assert summary.pages_listed == 4 and summary.cards_fetched == 7
    assert len(summary.new_cards) == 6
    assert summary.changed_cards == ["ボルテスト・ドラゴン"]
    assert summary.not_for_official_play == ["じゃんけんテスター"]
    assert summary.data_date == date(2026, 3, 16)
    assert progress and text(progress[-1][2]) == "done"

    pool = CardPool.load(data_dir)
    twinpact = pool.lookup("轟炎竜テストバーン/紅蓮の試験").card
    assert twinpact is not None and twinpact.layout == "twinpact"
    updated = pool.lookup("Bolltest Dragon").card  # the embedded English alias is kept
    assert updated is not None and updated.faces[0].power == "9000+"
    assert updated.ids == ("dmold-001", "dmtest-007")
    assert pool.get("アクア・テスター") is not None  # embedded cards are still there
    assert not (data_dir / update.STATE_FILE).exists()


def test_update_turns_the_regulation_page_into_dated_events(site, data_dir, fixture_embedded_data):
    summary = run(data_dir)
    changes = {(c.card, c.old, c.new) for c in summary.status_changes}
    assert changes == {
        ("古参テスター", "hall_of_fame", "premium_hall_of_fame"),
        (TWINPACT, "unrestricted", "hall_of_fame"),
        ("解除テスター", "hall_of_fame", "unrestricted"),  # restricted before, no longer listed
    }
    assert {c.date for c in summary.status_changes} == {date(2026, 3, 16)}

    regulation = load_current(data_dir)
    assert regulation.data_date == date(2026, 3, 16)
    assert regulation.status("古参テスター", date(2026, 3, 15)) == "hall_of_fame"
    assert regulation.status("古参テスター", date(2026, 3, 16)) == "premium_hall_of_fame"
    assert regulation.status(TWINPACT, date(2026, 4, 1)) == "hall_of_fame"
    assert regulation.status("解除テスター", date(2026, 4, 1)) == "unrestricted"
    assert regulation.status("ガルベリアス・テスト", date(2026, 4, 1)) == "prohibited"
    pairs = {(c.cards, c.kind, c.since) for c in regulation.combos}
    assert (("ボルテスト・ドラゴン", "旧式テスター"), "premium_combo", date(2022, 8, 15)) in pairs
    assert (("テスト・ブレイン", "時空の試験官ネクスト"), "hyperspatial_combo", date(2026, 3, 16)) in pairs
    assert "https://dm.example.test/rule/regulation/" in regulation.sources


def test_second_update_stops_at_the_first_known_page(site, data_dir, fixture_embedded_data):
    run(data_dir)
    site.seen.clear()
    summary = run(data_dir)
    assert site.requested("list:") == ["list:1"]
    assert site.requested("detail:") == []
    assert summary.new_cards == [] and summary.changed_cards == [] and summary.status_changes == []


def test_listed_cards_known_only_by_name_are_fetched(site, data_dir, tmp_path, monkeypatch):
    embedded = write_fixture_embedded(tmp_path / "embedded")
    pool = list(CardPool([embedded]))
    stub = Card(name="旧式テスター", faces=(), ids=("dmold-005",), complete=False)
    write_card_data([c for c in pool if c.name != "旧式テスター"] + [stub], {}, embedded)
    monkeypatch.setattr(pool_module, "embedded_data_dir", lambda: embedded)
    summary = run(data_dir)
    assert site.requested("list:") == ["list:1", "list:2", "list:3", "list:4"]  # still stops at page 4
    assert site.requested("detail:")[-1] == "detail:dmold-005"
    assert "旧式テスター" in summary.changed_cards
    assert CardPool.load(data_dir).get("旧式テスター").complete


def test_full_update_refetches_everything(site, data_dir, fixture_embedded_data):
    run(data_dir)
    site.seen.clear()
    summary = run(data_dir, full=True)
    assert site.requested("list:") == ["list:1", "list:2", "list:3", "list:4"]  # total 12 reached
    assert sorted(site.requested("detail:")) == sorted(f"detail:{i}" for i in NEW_IDS + OLD_IDS)
    assert summary.cards_fetched == 12
    reprinted = CardPool.load(data_dir).get("ボルテスト・ドラゴン")  # listed twice: dmtest-007, dmold-001
    assert reprinted.ids == ("dmold-001", "dmtest-007") and reprinted.faces[0].power == "9000+"  # newest wins


def test_requests_name_the_tool_and_version(data_dir, fixture_embedded_data):
    fake = FakeSite()
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mocker:
        fake.mock(mocker)
        run(data_dir)
        agents = {call.request.headers["User-Agent"] for call in mocker.calls}
    assert agents == {update.USER_AGENT}
    assert re.fullmatch(r"duepa-check/\d+\.\d+\.\d+\S* \(\+https://\S+\)", update.USER_AGENT)


def test_robots_txt_is_honoured(site, data_dir, fixture_embedded_data):
    before = previous_data(data_dir)
    site.script["robots"] = [(200, "User-agent: *\nDisallow: /card/detail/\n")]
    with pytest.raises(UpdateError, match="robots.txt disallows /card/detail/"):
        run(data_dir)
    assert_untouched(data_dir, before)


def test_missing_robots_txt_means_allowed(site, data_dir, fixture_embedded_data):
    site.script["robots"] = [(404, "not found")]
    assert run(data_dir).cards_fetched == 7
    assert site.seen.count("robots") == 1  # fetched once per run


# --- failures leave the previous data as it was -------------------------------------------


def test_a_site_that_cannot_be_reached_is_said_in_the_users_words(site, data_dir, fixture_embedded_data):
    """No network or a wrong --source (issue 47): one line that names the host, says the data in use
    stays, and what to try; not the transport library's own account."""
    before = previous_data(data_dir)
    refused = "HTTPSConnectionPool(host='x', port=443): Max retries exceeded (Caused by NewConnectionError('refused'))"
    site.script["regulation"] = [requests.exceptions.ConnectionError(refused)] * 3
    with pytest.raises(UpdateError) as caught:
        run(data_dir)
    message = str(caught.value)
    assert "cannot reach " in message and "keep using the card data" in message and "--source" in message
    assert "NewConnectionError" not in message and "Max retries" not in message and "\n" not in message
    assert_untouched(data_dir, before)


def test_timeout_after_retries_stops_and_changes_nothing(site, data_dir, fixture_embedded_data):
    before = previous_data(data_dir)
    site.script["regulation"] = [requests.exceptions.ReadTimeout("read timed out")] * 3
    with pytest.raises(UpdateError) as caught:
        run(data_dir)
    message = str(caught.value)
    assert "/rule/regulation/: timed out (tried 3 times)" in message and "nothing changed" in message
    assert "\n" not in message
    assert_untouched(data_dir, before)


def test_server_error_is_retried_then_succeeds(site, data_dir, fixture_embedded_data):
    site.script["detail:dmtest-002"] = [(500, "oops"), (503, "busy")]
    summary = run(data_dir)
    assert site.seen.count("detail:dmtest-002") == 3
    assert summary.cards_fetched == 7


@pytest.mark.parametrize("status", [429, 403])
def test_429_and_403_stop_at_once(site, data_dir, fixture_embedded_data, status):
    before = previous_data(data_dir)
    site.script["list:2"] = [(status, "go away")]
    reason = {429: "Too Many Requests", 403: "Forbidden"}[status]
    with pytest.raises(UpdateError, match=rf"/card/ answered {status} {reason}; stopped, nothing changed$"):
        run(data_dir)
    assert site.requested("list:") == ["list:1", "list:2"]  # no retry, nothing after
    assert site.requested("detail:") == []
    assert_untouched(data_dir, before)


def test_malformed_detail_page_stops_and_changes_nothing(site, data_dir, fixture_embedded_data):
    before = previous_data(data_dir)
    site.script["detail:dmtest-004"] = [(200, "<html><body><div class='error'>エラー</div></body></html>")]
    with pytest.raises(
        UpdateError, match=r"detail/\?id=dmtest-004: card dmtest-004: no card block \(no div.cardDetail"
    ):
        run(data_dir)
    assert_untouched(data_dir, before)


def test_interrupted_run_resumes_without_refetching(site, data_dir, fixture_embedded_data):
    before = previous_data(data_dir)
    site.script["detail:dmtest-003"] = [requests.exceptions.ConnectionError("connection reset")] * 3
    with pytest.raises(UpdateError, match="2 cards fetched so far are kept"):
        run(data_dir)
    assert_untouched(data_dir, before)
    assert (data_dir / update.STATE_FILE).is_file()

    site.seen.clear()
    summary = run(data_dir)
    assert site.requested("list:") == []  # the list position was kept
    assert site.requested("detail:") == [f"detail:{i}" for i in NEW_IDS[2:]]
    assert summary.resumed and summary.cards_fetched == 7
    pool = CardPool.load(data_dir)
    assert pool.get(TWINPACT) is not None and pool.get("前回テスター") is not None
    assert not (data_dir / update.STATE_FILE).exists()


def test_keyboard_interrupt_while_fetching_changes_nothing(site, data_dir, fixture_embedded_data):
    before = previous_data(data_dir)

    def interrupt(done: int, total: int, label: str) -> None:
        if label == "時空の試験官ネクスト":
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run(data_dir, on_progress=interrupt)
    assert_untouched(data_dir, before)


def test_keyboard_interrupt_while_installing_changes_nothing(site, data_dir, fixture_embedded_data, monkeypatch):
    before = previous_data(data_dir)

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(update.install, "validate_overlay", interrupted)
    with pytest.raises(KeyboardInterrupt):
        run(data_dir)
    assert_untouched(data_dir, before)


def test_a_page_that_drops_most_restricted_cards_is_not_trusted(site, data_dir, fixture_embedded_data):
    before = previous_data(data_dir)
    regulation = load_regulation(data_dir / "regulation.yaml")
    regulation.events.update({f"殿堂テスター{n}": [(date(2010, 1, 1), "hall_of_fame")] for n in range(12)})
    (data_dir / "regulation.yaml").write_text(dump_regulation(regulation), encoding="utf-8")
    before = data_bytes(data_dir)
    with pytest.raises(UpdateError, match="lists only 1 of the 13 restricted cards"):
        run(data_dir)
    assert_untouched(data_dir, before)


def test_validation_refuses_a_pool_that_shrinks(tmp_path, fixture_embedded_data):
    staging = tmp_path / "staging"
    write_card_data([old_card("残りテスター", "x-1", "火", 5)], {}, staging)
    previous = update.Previous(
        overlay={f"消えたテスター{n}": old_card(f"消えたテスター{n}", f"g-{n}", "火", 5) for n in range(10)},
        embedded={},
        known_ids=set(),
    )
    with pytest.raises(UpdateError, match="shrink from 10 to 1"):
        update.validate_overlay(staging, 1, previous)


def test_a_directory_with_other_files_is_refused(tmp_path, fixture_embedded_data):
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(UpdateError, match="not duepa-check data"):
        run_update(SOURCE, tmp_path, delay=0)
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine"


# --- the client and the API around it ---------------------------------------------------


def test_client_waits_at_least_the_delay_between_requests(site):
    timer = FakeClock()
    client = SiteClient(SOURCE, requests.Session(), delay=1.0, sleep=timer.sleep, clock=timer.clock)
    starts: list[float] = []
    original = client.session.request

    def timed(*args, **kwargs):
        starts.append(timer.now)
        return original(*args, **kwargs)

    client.session.request = timed  # type: ignore[method-assign]
    client.get("/rule/regulation/")
    client.get("/card/detail/?id=dmtest-001")
    assert len(starts) == 3  # robots.txt + 2 pages
    assert all(b - a >= 1.0 for a, b in zip(starts, starts[1:]))


def test_default_delay_is_one_second():
    import inspect

    assert inspect.signature(run_update).parameters["delay"].default == 1.0 == update.MIN_DELAY


def test_resolve_data_dir_order(monkeypatch, tmp_path):
    monkeypatch.setenv("DUEPA_CHECK_DATA", str(tmp_path / "env"))
    assert update.resolve_data_dir(tmp_path / "option") == tmp_path / "option"
    assert update.resolve_data_dir(None) == tmp_path / "env"
    monkeypatch.delenv("DUEPA_CHECK_DATA")
    default = update.resolve_data_dir(None)
    assert "duepa-check" in str(default)
    assert pool_module.embedded_data_dir().resolve() not in default.resolve().parents


@pytest.mark.parametrize("module", ["duepa_check.update", "duepa_check.check.checker", "duepa_check.cli.entry"])
def test_importing_does_not_import_requests(module):
    """requests costs start-up time; only a running update may import it."""
    code = f"import sys, {module}; sys.exit(3 if 'requests' in sys.modules else 0)"
    result = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr or f"importing {module} imported requests"


def test_render_summary_lines(site, data_dir, fixture_embedded_data):
    lines = render_summary(run(data_dir))
    text = "\n".join(lines)
    assert lines[0].startswith(f"Updated card data in {data_dir}")
    assert "6 new cards" in text and "1 changed cards: ボルテスト・ドラゴン" in text
    assert "2026-03-16 古参テスター: 殿堂入り → プレミアム殿堂" in text
    assert "「公式大会では使えません」" in text and "じゃんけんテスター" in text


# --- end to end over real HTTP ----------------------------------------------------------


def test_end_to_end_against_a_local_http_server(tmp_path, fixture_embedded_data):
    fake = FakeSite()
    with fake_site(fake) as url:
        summary = run_update(source=url, data_dir=tmp_path / "data", delay=0)
    assert summary.cards_fetched == 7
    assert fake.seen[0] == "robots"
    pool = CardPool.load(tmp_path / "data")
    card = pool.lookup("試験用ネズミ チョロテスト").card
    assert card is not None and card.may_exceed_four
    assert load_current(tmp_path / "data").status(TWINPACT, date(2026, 3, 16)) == "hall_of_fame"


def test_combos_the_page_drops_end_and_new_ones_begin():
    stored = [Combo(cards=("甲", "乙"), since=date(2020, 1, 1)), Combo(cards=("丙", "丁"), since=date(2021, 1, 1))]
    merged = update.merged_combos(
        stored, [(("乙", "甲"), "premium_combo"), (("戊", "己"), "hyperspatial_combo")], date(2026, 3, 16)
    )
    assert merged == [
        Combo(cards=("甲", "乙"), since=date(2020, 1, 1)),
        Combo(cards=("丙", "丁"), since=date(2021, 1, 1), until=date(2026, 3, 16)),
        Combo(cards=("戊", "己"), since=date(2026, 3, 16), kind="hyperspatial_combo"),
    ]
