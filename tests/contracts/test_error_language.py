"""Every one-line error of `update`, the data dir and the card data follows the run's language.

Each case runs the real CLI (exit 2, one line on stderr) twice, in English and in Japanese, on
its own data dir: the English line is pinned as it always was, the Japanese one must hold its
Japanese words and no English sentence (`english_sentences` from support). Sites are
``responses`` mocks of ``SOURCE`` (no test touches the network); where a case needs more than
one request, the CLI's 1-second politeness delay is set to 0 so that the test stays quick.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest
import responses
from support import english_sentences, make_deck, placeholders, run
from update_support import SOURCE, FakeSite, previous_data

from duepa_check import update
from duepa_check.messages import rule_doc, text

ROBOTS = SOURCE + "/robots.txt"
ANY_PAGE = re.compile(re.escape(SOURCE) + r"/.*")


@pytest.fixture
def no_pause(monkeypatch):
    """The CLI's update with no pause between requests (the mock site needs no politeness)."""
    real = update.run_update
    monkeypatch.setattr(update, "run_update", lambda **options: real(**{**options, "delay": 0}))


def japanese_only(line: str, *allowed: str) -> list[str]:
    """English sentences in a Japanese line, once paths, URLs and the given words are taken out."""
    for word in allowed:
        line = line.replace(word, " ")
    line = re.sub(r"(https?://|/)\S*", " ", line)
    return english_sentences(line)


def update_in(capsys, tmp_path, lang: str, site, *extra: str):
    """``update`` against the mock ``site`` (a function adding answers to a RequestsMock) in ``lang``."""
    data_dir = tmp_path / lang
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        site(mock)
        result = run(capsys, "update", "--source", SOURCE, "--data-dir", data_dir, "--lang", lang, *extra)
    assert result.code == 2 and result.out == "" and result.err.count("\n") == 1, result
    return result.err, data_dir


def fake(script: dict):
    """The fake site of update_support, with ``script``'s answers queued (a fresh copy per run)."""

    def add(mock):
        site = FakeSite()
        site.script = {key: list(items) for key, items in script.items()}
        site.mock(mock)

    return add


# --------------------------------------------------------------------------- the HTTP client


def refused_robots(mock):
    mock.add(responses.GET, ROBOTS, status=403)


def disallowing_robots(mock):
    mock.add(responses.GET, ROBOTS, body="User-agent: *\nDisallow: /card/\n")


def redirect_loop(mock):
    mock.add(responses.GET, ROBOTS, body="User-agent: *\nAllow: /\n")
    mock.add(responses.GET, ANY_PAGE, status=302, headers={"Location": "/card/loop"})


def bomb(mock):
    packed = gzip.compress(b"\0" * (9 * 1024 * 1024), compresslevel=9)
    mock.add(responses.GET, ROBOTS, body=packed, headers={"Content-Encoding": "gzip"})


def allowing_robots(mock):
    mock.add(responses.GET, ROBOTS, body="User-agent: *\nAllow: /\n")


CLIENT_CASES = {
    "http-status": (
        refused_robots,
        (),
        f"duepa-check: update: {ROBOTS} answered 403 Forbidden; stopped, nothing changed\n",
        f"duepa-check: update: {ROBOTS} が 403 Forbidden を返しました。更新を中止しました。何も変更していません\n",
    ),
    "robots.txt": (
        disallowing_robots,
        (),
        None,
        "robots.txt が /card/?v=",
    ),
    "redirect-limit": (
        redirect_loop,
        (),
        f"duepa-check: update: {SOURCE}/card/loop: more than 5 redirects; stopped, nothing changed\n",
        f"duepa-check: update: {SOURCE}/card/loop: "
        f"リダイレクトが5回を超えました。更新を中止しました。何も変更していません\n",
    ),
    "size-cap": (
        bomb,
        (),
        f"duepa-check: update: {ROBOTS}: the page is larger than 8 MB once decompressed; not read; stopped, nothing "
        f"changed\n",
        f"duepa-check: update: {ROBOTS}: ページが展開すると8 "
        f"MBを超えるため、読みませんでした。更新を中止しました。何も変更していません\n",
    ),
    "time-limit": (
        allowing_robots,
        ("--max-time", "1"),
        None,
        "で実行の制限時間（1秒、--max-time）に達しました。更新を中止しました。何も変更していません",
    ),
}


@pytest.mark.parametrize("case", sorted(CLIENT_CASES))
def test_client_errors_follow_the_language(capsys, tmp_path, fixture_embedded_data, case):
    site, extra, english, japanese = CLIENT_CASES[case]
    en, _ = update_in(capsys, tmp_path, "en", site, *extra)
    ja, _ = update_in(capsys, tmp_path, "ja", site, *extra)
    if english is not None:
        assert en == english
    assert (ja == japanese) if japanese.startswith("duepa-check: ") else (japanese in ja), ja
    assert japanese_only(ja, "Forbidden", "Content-Encoding", "Crawl-delay") == [], ja
    assert english_sentences(en)  # the English line is English


def test_the_robots_and_time_limit_lines_in_english_are_as_before(capsys, tmp_path, fixture_embedded_data):
    en, _ = update_in(capsys, tmp_path, "en", disallowing_robots)
    assert re.fullmatch(
        rf"duepa-check: update: {re.escape(SOURCE)}/robots.txt disallows /card/\?v=\S+; stopped, nothing changed\n", en
    )
    en, _ = update_in(capsys, tmp_path / "t", "en", allowing_robots, "--max-time", "1")
    assert en.startswith("duepa-check: update: the run reached its time limit (1 s, --max-time) at ")
    assert en.endswith("; stopped, nothing changed\n")


# --------------------------------------------------------------------------- pages, merge, install, state


MALFORMED = [(200, "<html><body><div class='error'>エラー</div></body></html>")]


def test_a_page_the_parser_cannot_read_follows_the_language(capsys, tmp_path, fixture_embedded_data, no_pause):
    site = fake({"detail:dmtest-004": MALFORMED})
    en, en_dir = update_in(capsys, tmp_path, "en", site)
    ja, ja_dir = update_in(capsys, tmp_path, "ja", site)
    assert en == (
        f"duepa-check: update: {SOURCE}/card/detail/?id=dmtest-004: card dmtest-004: no card block "
        "(no div.cardDetail with a card type, no カードの種類 label) (has the site's markup changed?); "
        f"stopped, nothing changed (3 cards fetched so far are kept in {en_dir / update.STATE_FILE}; "
        "run update again to resume)\n"
    )
    assert ja == (
        f"duepa-check: update: {SOURCE}/card/detail/?id=dmtest-004: カード dmtest-004: カードの欄がありません"
        "（カードの種類のある div.cardDetail "
        "も「カードの種類」の欄もありません）（サイトのHTMLの構造が変わったのかもしれません）。"
        "更新を中止しました。何も変更していません"
        f"（ここまでに取得したカード3枚は {ja_dir / update.STATE_FILE} に残してあります。update "
        f"をもう一度実行すると続きから再開します）\n"
    )
    assert japanese_only(ja, "div.cardDetail") == []


def test_a_regulation_page_that_drops_restricted_cards_follows_the_language(
    capsys, tmp_path, fixture_embedded_data, no_pause
):
    from datetime import date

    from duepa_check.data.regulation import dump_regulation, load_regulation

    def restricted_before(data_dir: Path) -> None:
        previous_data(data_dir)
        regulation = load_regulation(data_dir / "regulation.yaml")
        regulation.events.update({f"殿堂テスター{n}": [(date(2010, 1, 1), "hall_of_fame")] for n in range(12)})
        (data_dir / "regulation.yaml").write_text(dump_regulation(regulation), encoding="utf-8")

    restricted_before(tmp_path / "en")
    restricted_before(tmp_path / "ja")
    en, _ = update_in(capsys, tmp_path, "en", fake({}))
    ja, _ = update_in(capsys, tmp_path, "ja", fake({}))
    assert en == (
        f"duepa-check: update: {SOURCE}/rule/regulation/ lists only 1 of the 13 restricted cards "
        "(has the page's markup changed?); nothing changed\n"
    )
    assert ja == (
        f"duepa-check: update: {SOURCE}/rule/regulation/ には、制限のあるカード13枚のうち1枚しか載っていません"
        "（ページのHTMLの構造が変わったのかもしれません）。何も変更していません\n"
    )


def test_the_install_check_follows_the_language(capsys, tmp_path, monkeypatch, fixture_embedded_data, no_pause):
    """A merge that lost the previous cards (a bug) is caught by the install's check, in either language."""
    monkeypatch.setattr(update, "merge_cards", lambda *args: [])
    previous_data(tmp_path / "en")
    previous_data(tmp_path / "ja")
    en, _ = update_in(capsys, tmp_path, "en", fake({}))
    ja, _ = update_in(capsys, tmp_path, "ja", fake({}))
    assert en == "duepa-check: update: the card pool would shrink from 7 to 6 cards; nothing changed\n"
    assert ja == "duepa-check: update: カードの総数が7枚から6枚に減ってしまいます。何も変更していません\n"


def test_a_linked_resume_log_is_refused_in_the_language(capsys, tmp_path, fixture_embedded_data):
    for lang in ("en", "ja"):
        previous_data(tmp_path / lang)
        (tmp_path / lang / update.STATE_FILE).symlink_to(tmp_path / "victim.txt")
    en, en_dir = update_in(capsys, tmp_path, "en", allowing_robots)
    ja, ja_dir = update_in(capsys, tmp_path, "ja", allowing_robots)
    assert en == (
        f"duepa-check: update: {en_dir / update.STATE_FILE} is a symbolic link; "
        "duepa-check does not follow or overwrite it (remove it and run again)\n"
    )
    assert ja == (
        f"duepa-check: update: {ja_dir / update.STATE_FILE} はシンボリックリンクです。"
        "duepa-check はこれをたどることも上書きすることもしません（削除してから、もう一度実行してください）\n"
    )
    assert not (tmp_path / "victim.txt").exists()


def test_ctrl_c_during_an_update_is_said_in_the_language(capsys, tmp_path, monkeypatch, fixture_embedded_data):
    def interrupt(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(update, "clean_leftovers", interrupt)
    data_dir = tmp_path / "data"
    result = run(capsys, "update", "--source", SOURCE, "--data-dir", data_dir, "--lang", "ja")
    assert result.code == 130
    assert result.err == (
        f"duepa-check: update を中断しました。{data_dir} のカードデータは変更していません。"
        "update をもう一度実行すると続きから再開します\n"
    )


# --------------------------------------------------------------------------- the data dir and the card data


def test_a_data_dir_that_is_a_file_follows_the_language(capsys, tmp_path):
    deck = make_deck(tmp_path)
    not_a_dir = tmp_path / "data.txt"
    not_a_dir.write_text("", encoding="utf-8")
    en, ja = run(capsys, deck, "--data-dir", not_a_dir), run(capsys, deck, "--data-dir", not_a_dir, "--lang", "ja")
    assert en.code == ja.code == 2
    assert (
        en.err
        == f"duepa-check: {not_a_dir}: not a directory (--data-dir takes the folder 'duepa-check update' writes)\n"
    )
    assert ja.err == (
        f"duepa-check: {not_a_dir}: フォルダではありません（--data-dir には 'duepa-check update' "
        f"が書き込むフォルダを指定します）\n"
    )


def test_a_missing_data_dir_warning_follows_the_language(capsys, tmp_path):
    deck = make_deck(tmp_path)
    missing = tmp_path / "nowhere"
    en, ja = run(capsys, deck, "--data-dir", missing), run(capsys, deck, "--data-dir", missing, "--lang", "ja")
    assert en.err == (
        f"duepa-check: warning: data dir {missing} does not exist (run 'duepa-check update --data-dir {missing}' "
        "to fetch it); using the card data shipped with duepa-check\n"
    )
    assert ja.err == (
        f"duepa-check: 警告: データフォルダ {missing} がありません（'duepa-check update --data-dir {missing}' "
        f"を実行すると"
        "取得できます）。duepa-check に同梱のカードデータを使います\n"
    )


def test_a_bad_card_record_is_explained_in_the_language(capsys, tmp_path):
    """A data dir whose record of the deck's partner lost its name (bytes kept, so the index still points at it)."""
    from duepa_check.data.files import write_card_data
    from duepa_check.data.pool import CardPool

    deck = make_deck(tmp_path)
    data = tmp_path / "data"
    partner = CardPool.load().lookup("ボルシャック・ドラゴ大王").card
    write_card_data([partner], {"sources": ["test"]}, data)
    cards = data / "cards.jsonl"
    name = json.dumps(partner.name, ensure_ascii=False).encode()
    raw = cards.read_bytes()
    assert raw.count(name) >= 1
    cards.write_bytes(raw.replace(b'"name":' + name, b'"name":0' + b" " * (len(name) - 1), 1))
    en, ja = run(capsys, deck, "--data-dir", data), run(capsys, deck, "--data-dir", data, "--lang", "ja")
    assert en.code == ja.code == 2
    assert re.fullmatch(
        rf"duepa-check: {re.escape(str(data / 'cards.jsonl'))}: the record at byte \d+ has no name\n", en.err
    )
    assert re.fullmatch(
        rf"duepa-check: {re.escape(str(data / 'cards.jsonl'))}: "
        rf"\d+バイト目のレコードが正しくありません（カード名がありません）\n",
        ja.err,
    )


def test_an_unknown_partner_option_follows_the_language(capsys, tmp_path):
    deck = make_deck(tmp_path)
    en = run(capsys, deck, "--partner", "ボルシャック・ドラゴソ")
    ja = run(capsys, deck, "--partner", "ボルシャック・ドラゴソ", "--lang", "ja")
    assert en.code == ja.code == 2
    assert en.err.startswith(
        "duepa-check: --partner 'ボルシャック・ドラゴソ' matches no card; did you mean 《ボルシャック・ドラゴン》"
    )
    assert ja.err.startswith(
        "duepa-check: --partner 'ボルシャック・ドラゴソ' に当たるカードがありません（もしかして "
        "《ボルシャック・ドラゴン》"
    )
    assert english_sentences(ja.err.replace("--partner", " ")) == []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_update_error_key_reads_as_a_line(lang):
    """No update.*/data-dir.*/page.* template leaves a placeholder or a line break in its text."""
    from duepa_check.messages import Msg, catalogue

    for key, template in catalogue(lang).items():
        if key.startswith(("update.error.", "data-dir.", "page.", "card-data.problem.")):
            said = text(Msg(key, {name: "X" for name, _ in placeholders(template)}), lang)
            assert "\n" not in said and "{" not in said, key


def test_the_civilization_hint_names_the_civilization_the_partner_lacks(capsys, tmp_path):
    """Issue 15's own example: the hint says which civilization a partner would need, in both languages."""
    deck = make_deck(tmp_path, replace={40: "1 デーモン・ハンド"})
    ja = run(capsys, deck, "--lang", "ja", "--format", "json").json["decks"][0]["violations"]
    en = run(capsys, deck, "--format", "json").json["decks"][0]["violations"]
    [hint_ja] = [v["hint"] for v in ja if v["rule"] == "DP005"]
    [hint_en] = [v["hint"] for v in en if v["rule"] == "DP005"]
    # a 60-card deck: the card is swapped, not removed (59 cards would be DP001; issue 36)
    assert hint_ja == (
        "このカードを使える文明のカードと入れ替えるか、闇文明を持つパートナーを選んでください（使える文明: "
        "火・自然・無色）"
    )
    assert hint_en == (
        "the partner allows 火 自然 and 無色 cards; put such a card in place of this one "
        "or choose a partner that has 闇"
    )


def test_a_yaml_alias_that_refers_to_itself_is_said_in_the_language(capsys, tmp_path):
    deck = tmp_path / "loop.yaml"
    deck.write_text("cards: &a [*a]\n", encoding="utf-8")
    en, ja = run(capsys, deck), run(capsys, deck, "--lang", "ja")
    assert en.code == ja.code == 2
    assert en.err == f"duepa-check: {deck}:1: invalid YAML (an alias refers to its own anchor)\n"
    assert (
        ja.err
        == f"duepa-check: {deck}:1: YAMLとして正しくありません（エイリアスが自分自身のアンカーを参照しています）\n"
    )


def test_duplicate_card_names_in_built_data_are_said_in_both_languages(tmp_path):
    """write_card_data (the build tool's and update's writer) refuses two records of one name."""
    from duepa_check.data.cards import CardDataError
    from duepa_check.data.files import write_card_data
    from duepa_check.data.pool import CardPool

    card = CardPool.load().lookup("ボルシャック・ドラゴ大王").card
    with pytest.raises(CardDataError) as caught:
        write_card_data([card, card], {"sources": ["test"]}, tmp_path)
    assert str(caught.value) == "duplicate card names: ['ボルシャック・ドラゴ大王']"
    assert caught.value.text("ja") == "カード名が重複しています: ['ボルシャック・ドラゴ大王']"


def test_the_reason_update_records_for_a_banned_card_is_said_in_the_language(capsys, tmp_path):
    import shutil

    from duepa_check.data.pool import embedded_data_dir
    from duepa_check.data.regulation import OFFICIAL_PAGE_REASON, dump_regulation, load_regulation

    data = tmp_path / "data"
    data.mkdir()
    for name in ("cards.jsonl", "index.tsv"):
        shutil.copy(embedded_data_dir() / name, data / name)
    regulation = load_regulation(embedded_data_dir() / "regulation.yaml")
    regulation.prohibited["フェアリー・ライフ"] = OFFICIAL_PAGE_REASON  # as `update` records it
    (data / "regulation.yaml").write_text(dump_regulation(regulation), encoding="utf-8")
    deck = make_deck(tmp_path, replace={30: "1 フェアリー・ライフ"})
    messages = {}
    for lang in ("en", "ja"):
        found = run(capsys, deck, "--data-dir", data, "--format", "json", "--lang", lang).json["decks"][0]["violations"]
        [messages[lang]] = [v["message"] for v in found if v["rule"] == "DP010"]
    assert messages["en"] == "《フェアリー・ライフ》 is 使用禁止: 使用禁止カード on the official regulation page"
    assert (
        messages["ja"]
        == "《フェアリー・ライフ》は使用禁止です: 公式サイトのレギュレーションページに載っている使用禁止カード"
    )


def test_the_help_option_itself_is_translated(capsys):
    assert "このヘルプを表示して終了します。" in run(capsys, "check", "--help", "--lang", "ja").out
    assert "Show this message and exit." in run(capsys, "check", "--help", "--lang", "en").out


def test_sarif_describes_its_rules_in_the_language(capsys, tmp_path):
    """A Japanese SARIF log (GitHub code scanning shows these texts) carries the Japanese rule docs, as
    `rules --lang ja` does."""
    from duepa_check.rules import RULES

    deck = make_deck(tmp_path)
    ja = run(capsys, deck, "--format", "sarif", "--lang", "ja").json["runs"][0]
    en = run(capsys, deck, "--format", "sarif").json["runs"][0]
    for lang, log in (("ja", ja), ("en", en)):
        for descriptor in log["tool"]["driver"]["rules"]:
            module = RULES[descriptor["id"]]
            doc = rule_doc(module, lang)
            assert descriptor["fullDescription"]["text"] == descriptor["help"]["text"] == doc
            assert descriptor["shortDescription"]["text"] == doc.splitlines()[0].strip()
    assert (
        en["tool"]["driver"]["notifications"][0]["shortDescription"]["text"]
        == "A decklist file could not be read or decoded."
    )
    assert ja["tool"]["driver"]["notifications"][0]["shortDescription"]["text"].startswith(
        "デッキリストのファイルを読めない"
    )
    assert en["originalUriBaseIds"]["%SRCROOT%"]["description"]["text"] == "The directory duepa-check ran in."
    assert english_sentences(ja["originalUriBaseIds"]["%SRCROOT%"]["description"]["text"]) == []


def test_version_and_help_of_the_app_take_lang_too(capsys):
    assert run(capsys, "--version", "--lang", "ja").out.startswith("duepa-check ")
    assert "レギュレーションのデータは" in run(capsys, "--version", "--lang", "ja").out
    assert "regulation data up to" in run(capsys, "--version", "--lang", "en").out
    helped = run(capsys, "--help", "--lang", "ja")
    assert helped.code == 0 and "このヘルプを表示して終了します。" in helped.out and "No such option" not in helped.err


@pytest.mark.parametrize(
    ("argv", "english", "japanese"),
    [
        (
            ("check", "x.txt", "--format", "xml"),
            "Error: Invalid value for '--format': 'xml' is not one of "
            "'text', 'lines', 'table', 'json', 'github', 'sarif', 'html'.",
            "エラー: '--format' の値が正しくありません。"
            "text か lines か table か json か github か sarif か html を指定してください",
        ),
        (
            ("check", "x.txt", "--frmat", "json"),
            "Error: No such option: --frmat (Possible options: --format)",
            "エラー: --frmat というオプションはありません（候補: --format）",
        ),
        (("check",), "Error: Missing argument 'DECK...'.", "エラー: 引数 'DECK...' を指定してください"),
        (("stats", "a", "b"), "Error: Got unexpected extra argument(s) (b)", "エラー: 余分な引数があります（b）"),
        (
            ("update", "--delay", "0.5"),
            "Error: Invalid value for '--delay': 0.5 is not in the range x>=1.0.",
            "エラー: '--delay' の値が正しくありません。1以上の数を指定してください",
        ),
    ],
)
def test_usage_errors_follow_the_language(capsys, argv, english, japanese):
    """click's own usage errors: English exactly as click prints it; Japanese said from the exception's facts."""
    command = "check" if argv[0] == "check" else argv[0]
    en, ja = run(capsys, *argv, "--lang", "en"), run(capsys, *argv, "--lang", "ja")
    assert en.code == ja.code == 2
    assert en.err.splitlines()[-1] == english and en.err.startswith(f"Usage: duepa-check {command} [OPTIONS]")
    assert ja.err.splitlines() == [
        en.err.splitlines()[0].replace("Usage: ", "使い方: "),
        f"'duepa-check {command} --help' でヘルプを表示します。",
        "",
        japanese,
    ]
    assert english_sentences(japanese) == []


def test_an_option_without_its_value_follows_the_language(capsys):
    en, ja = (
        run(capsys, "check", "x.txt", "--lang", "en", "--format"),
        run(capsys, "check", "x.txt", "--lang", "ja", "--format"),
    )
    assert en.code == ja.code == 2
    assert en.err == "Error: Option '--format' requires an argument.\n"
    assert ja.err == "エラー: オプション '--format' には値が必要です\n"


def test_no_japanese_entry_holds_an_english_sentence():
    """Every ja template, filled in, passes the same check as a Japanese report (names that stay Latin excepted)."""
    from duepa_check.messages import Msg, catalogue

    stays = ("GitHub Actions", "{date, card, status}", "{date, combo: [A, B]}")
    found = {}
    for key, template in catalogue("ja").items():
        said = text(Msg(key, {name: "1" for name, _ in placeholders(template)}), "ja")
        for token in stays:
            said = said.replace(token, " ")
        if english_sentences(said):
            found[key] = english_sentences(said)
    assert found == {}
