"""The message catalogues: complete in both languages, and the language chosen as documented.

Modelled on flake8's test that every pyflakes message has a code: a key missing from one
language, an empty entry or a placeholder spelled differently fails here, before a user
meets an English sentence in a Japanese report (there is no silent fallback at run time).
"""

from __future__ import annotations

import pytest
import typer
from support import AS_OF, BD4, english_sentences, make_deck, placeholders, run

from duepa_check.check.session import choose_language
from duepa_check.cli import app as cli
from duepa_check.cli import main
from duepa_check.messages import LANGUAGES, Listed, Msg, catalogue, msg, plural, text


def test_both_languages_have_the_same_keys():
    en, ja = catalogue("en"), catalogue("ja")
    assert sorted(set(en) - set(ja)) == [], "keys with no Japanese"
    assert sorted(set(ja) - set(en)) == [], "keys with no English"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_entry_is_empty(lang):
    # A separator may be a space; nothing may be empty.
    assert [key for key, template in catalogue(lang).items() if not (template.strip() or key.startswith("sep."))] == []
    assert all(catalogue(lang).values())


def test_placeholders_are_the_same_in_both_languages():
    en, ja = catalogue("en"), catalogue("ja")
    differ = {
        key: (placeholders(en[key]), placeholders(ja[key]))
        for key in en
        if placeholders(en[key]) != placeholders(ja[key])
    }
    assert differ == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_template_formats(lang):
    for key, template in catalogue(lang).items():
        names = {name for name, _ in placeholders(template)}
        assert text(Msg(key, {name: "x" for name in names}), lang), key


def test_plural_keys_come_in_pairs():
    en = catalogue("en")
    for key in en:
        if key.endswith((".one", ".other")):
            base = key.rsplit(".", 1)[0]
            assert f"{base}.one" in en and f"{base}.other" in en, key
    assert plural("count.error", 1) == "count.error.one" and plural("count.error", 0) == "count.error.other"


def test_missing_key_is_an_error_not_a_fallback():
    with pytest.raises(KeyError):
        text(msg("no.such.key"), "ja")


def test_nested_messages_and_lists_are_put_into_words_in_one_language():
    nested = msg("unparsable-line.line", line=3, problem=msg("parse.count-too-large", count=1000))
    assert text(nested, "en") == "line 3: count 1000 is not a number of cards"
    assert text(nested, "ja") == "3行目: 1000はカードの枚数として大きすぎます"
    names = Listed(("《A》", "《B》"))
    assert (text(names, "en"), text(names, "ja")) == ("《A》, 《B》", "《A》、《B》")


# ---------------------------------------------------------------------------- choosing the language


@pytest.mark.parametrize(
    ("option", "environ", "house", "expected"),
    [
        ("en", {"DUEPA_CHECK_LANG": "ja", "LANG": "ja_JP.UTF-8"}, "ja", "en"),  # --lang first
        (None, {"DUEPA_CHECK_LANG": "ja", "LANG": "C"}, "en", "ja"),  # then the variable
        (None, {"LANG": "ja_JP.UTF-8"}, "en", "en"),  # then the house rules
        (None, {"LANG": "ja_JP.UTF-8"}, None, "ja"),  # then the locale
        (None, {"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}, None, "en"),  # LC_ALL outranks LANG
        (None, {"LC_MESSAGES": "ja_JP.eucJP", "LANG": "en_US.UTF-8"}, None, "ja"),
        (None, {"LC_ALL": "", "LANG": "ja"}, None, "ja"),  # an empty variable is not set
        (None, {}, None, "en"),
    ],
)
def test_language_precedence(option, environ, house, expected):
    assert choose_language(option, environ, house) == expected


@pytest.fixture
def broken(tmp_path):
    return make_deck(
        tmp_path, BD4, replace={30: "1 フェアリー・シャワー", 31: "1 龍の呼び声", 32: "1 ボルシャック・ドラゴソ"}
    )


def test_japanese_report_has_no_english_sentence(capsys, broken, tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    result = run(capsys, broken, empty, "--as-of", "2027-01-01", "--lang", "ja")
    assert result.code == 2
    assert "パートナー" in result.out and "文明" in result.out
    cards = {line.split("│")[3].strip() for line in result.out.splitlines() if line.startswith("│ DP")}
    report = result.out + result.err
    for card in cards:
        report = report.replace(card, " ")
    assert english_sentences(report) == [], report
    assert english_sentences("the deck has 59 cards") != []  # the check itself can fail


def test_the_locale_alone_makes_the_report_japanese(capsys, monkeypatch, broken):
    by_option = run(capsys, broken, "--as-of", AS_OF, "--lang", "ja")
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    by_locale = run(capsys, broken, "--as-of", AS_OF)
    assert by_locale.out == by_option.out and "使用不可" in by_locale.out
    monkeypatch.setenv("DUEPA_CHECK_LANG", "en")
    assert "not legal" in run(capsys, broken, "--as-of", AS_OF).out


def test_house_rules_choose_the_language(capsys, broken):
    (broken.parent / ".duepa-check.yaml").write_text("lang: ja\n", encoding="utf-8")
    assert "使用不可" in run(capsys, broken, "--as-of", AS_OF).out
    assert "not legal" in run(capsys, broken, "--as-of", AS_OF, "--lang", "en").out


def test_a_bad_language_is_a_one_line_error(capsys, monkeypatch, broken):
    (broken.parent / ".duepa-check.yaml").write_text("lang: fr\n", encoding="utf-8")
    result = run(capsys, broken)
    assert result.code == 2 and "lang: expected en or ja, got 'fr'" in result.err and len(result.err.splitlines()) == 1
    monkeypatch.setenv("DUEPA_CHECK_LANG", "fr")
    result = run(capsys, "rules")
    assert result.code == 2 and result.err == "duepa-check: $DUEPA_CHECK_LANG='fr': expected ja or en\n"


def test_json_keeps_its_keys_and_ids_while_the_text_is_japanese(capsys, broken):
    en = run(capsys, broken, "--as-of", AS_OF, "--format", "json").json
    ja = run(capsys, broken, "--as-of", AS_OF, "--format", "json", "--lang", "ja").json
    assert without_words(en) == without_words(ja) and list(en) == list(ja)
    messages = [v["message"] for v in ja["decks"][0]["violations"]]
    assert (
        "《フェアリー・シャワー》は水・自然文明ですが、パートナー《ボルシャック・ドラゴ大王》は水文明を持っていません"
        in messages
    )


def without_words(doc: dict) -> list[tuple]:
    """A report's findings without their words: what must not change with the language."""
    return [(v["rule"], v["name"], v["severity"], v["line"], v["card"]) for v in doc["decks"][0]["violations"]]


def test_errors_on_stderr_follow_the_language(capsys, tmp_path):
    missing = tmp_path / "missing.txt"
    assert run(capsys, missing, "--lang", "ja").err == f"duepa-check: {missing}: ファイルがありません\n"
    assert run(capsys, missing).err == f"duepa-check: {missing}: no such file\n"
    assert "日付は YYYY-MM-DD" in run(capsys, missing, "--as-of", "someday", "--lang", "ja").err


# ---------------------------------------------------------------------------- --help


def _help_key(command: str, param: str, words: dict) -> str | None:
    for key in (f"help.{command}.{param}", f"help.option.{param}"):
        if key in words:
            return key
    return None


def test_every_command_and_option_has_help_in_both_languages():
    group = typer.main.get_command(cli.app)
    en, ja = catalogue("en"), catalogue("ja")
    assert en["help.app"] == group.help and "help.app" in ja
    for name, command in group.commands.items():
        assert en[f"help.command.{name}"] == command.help, name
        for param in command.params:
            key = _help_key(name, param.name, en)
            assert key is not None and key in ja, (name, param.name)
            if getattr(param, "help", None):  # the English is the help written in cli.py
                assert en[key] == param.help, (name, param.name)


def test_help_is_japanese_with_lang_ja(capsys):
    result = run(capsys, "check", "--help", "--lang", "ja")
    assert "デッキリストのファイルかフォルダ" in result.out and "Designate or override" not in result.out


def test_house_rules_errors_follow_the_language(capsys, broken):
    """A broken .duepa-check.yaml: the same one line and exit code, in the chosen language."""
    config = broken.parent / ".duepa-check.yaml"
    config.write_text("deck_sise: 60\n", encoding="utf-8")
    en, ja = run(capsys, broken), run(capsys, broken, "--lang", "ja")
    assert en.code == ja.code == 2
    assert en.err == f"duepa-check: {config}: unknown key 'deck_sise'; did you mean 'deck_size'?\n"
    assert ja.err == f"duepa-check: {config}: 不明なキー 'deck_sise'（もしかして 'deck_size'？）\n"
    config.write_text("singleton: 3\n", encoding="utf-8")
    ja = run(capsys, broken, "--lang", "ja")
    assert (
        ja.code == 2
        and ja.err == f"duepa-check: {config}: singleton: true か falseを書いてください（書かれている値: 3）\n"
    )
    config.write_text("lang: fr\n", encoding="utf-8")
    assert "lang: en か jaを書いてください" in run(capsys, broken, "--lang", "ja").err


def test_card_and_regulation_data_errors_follow_the_language(capsys, tmp_path):
    """A broken --data-dir: the same one line and exit code, in the chosen language."""
    import shutil

    from duepa_check.data.pool import embedded_data_dir

    deck = make_deck(tmp_path)
    data = tmp_path / "data"
    data.mkdir()
    (data / "cards.jsonl").write_text("x\n", encoding="utf-8")
    (data / "index.tsv").write_text("", encoding="utf-8")
    en, ja = run(capsys, deck, "--data-dir", data), run(capsys, deck, "--data-dir", data, "--lang", "ja")
    assert en.code == ja.code == 2
    assert en.err == f"duepa-check: {data / 'cards.jsonl'}: line 1 is not a card-data header\n"
    assert ja.err == f"duepa-check: {data / 'cards.jsonl'}: 1行目がカードデータのヘッダーではありません\n"
    for name in ("cards.jsonl", "index.tsv"):
        shutil.copy(embedded_data_dir() / name, data / name)
    (data / "regulation.yaml").write_text("format: 2\n", encoding="utf-8")
    en, ja = run(capsys, deck, "--data-dir", data), run(capsys, deck, "--data-dir", data, "--lang", "ja")
    assert en.code == ja.code == 2
    assert en.err.endswith("not a duepa-check regulation file (format: 1 missing)\n")
    assert ja.err.endswith("duepa-check のレギュレーションファイルではありません（format: 1 がありません）\n")


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "duepa-check: standard output is closed; nowhere to write the report\n"),
        ("ja", "duepa-check: 標準出力が閉じられています。レポートを書き出す先がありません\n"),
    ],
)
def test_closed_stdout_line_follows_the_language(capsys, monkeypatch, lang, line):
    import sys

    monkeypatch.setattr(sys, "stdout", None)
    assert main(["rules", "--lang", lang]) == 2
    assert capsys.readouterr().err == line


def test_update_errors_follow_the_language(capsys, tmp_path):
    """A bad --delay (checked before any network use): the same one line and exit code, in Japanese."""
    en = run(capsys, "update", "--data-dir", tmp_path / "data", "--delay", "9999")
    ja = run(capsys, "update", "--data-dir", tmp_path / "data", "--delay", "9999", "--lang", "ja")
    assert en.code == ja.code == 2
    assert "update: --delay 9999" in en.err and "give seconds between 1 and" in en.err
    assert ja.err.startswith("duepa-check: update: --delay 9999") and "までの秒数を指定してください" in ja.err
