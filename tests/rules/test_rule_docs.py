"""Every rule's user doc has a shape, in English (the docstring) and in Japanese (``messages/rule_docs_ja.py``).

As sqlfluff checks its rules' docstrings: a one-line summary, the house-rule keys the rule
reads (``CONF``) named, an example for the deck-building rules (DP0xx), and both languages.
"""

from __future__ import annotations

import pytest
from support import run

from duepa_check.messages import rule_doc
from duepa_check.rules import RULES


@pytest.mark.parametrize("rule_id", sorted(RULES))
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_rule_doc_shape(rule_id, lang):
    rule = RULES[rule_id]
    doc = rule_doc(rule, lang)
    lines = doc.splitlines()
    assert lines and lines[0].strip(), "a summary line"
    assert len(lines) == 1 or not lines[1].strip(), "the summary is one line, then a blank line"
    for key in rule.CONF:
        assert key in doc, f"house-rule key {key} is named"
    if rule_id.startswith("DP0"):
        assert ("Example:" if lang == "en" else "例:") in doc, "an example"
    if lang == "ja":
        assert any("\u3040" <= c <= "\u30ff" for c in doc), "written in Japanese"


def test_rules_table_in_japanese_matches_the_snapshot(capsys):
    import os
    from pathlib import Path

    result = run(capsys, "rules", "--lang", "ja")
    assert result.code == 0
    snapshot = Path(__file__).parent / "snapshots" / "rules-ja.txt"
    if os.environ.get("DUEPA_UPDATE_SNAPSHOTS"):
        snapshot.write_text(result.out, encoding="utf-8")
    assert result.out == snapshot.read_text(encoding="utf-8")
    assert "deck_size" in result.out and "デッキの枚数（パートナーを含む）" in result.out


def test_one_rule_in_japanese_and_an_unknown_rule(capsys):
    result = run(capsys, "rules", "DP005", "--lang", "ja")
    assert (
        result.code == 0 and "パートナーが持つ文明だけ" in result.out and "ハウスルール: partner_min_cost" in result.out
    )
    result = run(capsys, "rules", "DP999", "--lang", "ja")
    assert result.code == 2 and result.err.startswith("duepa-check: ルール 'DP999' はありません") and result.out == ""


def test_rules_json_follows_the_language_but_keeps_its_keys(capsys):
    en = run(capsys, "rules", "--format", "json").json
    ja = run(capsys, "rules", "--format", "json", "--lang", "ja").json
    assert [(r["id"], r["name"], r["severity"], r["house_rules"]) for r in en] == [
        (r["id"], r["name"], r["severity"], r["house_rules"]) for r in ja
    ]
    assert ja[0]["summary"].startswith("デュエパーティーのデッキ")


def test_house_rule_keys_are_one_table_described_in_both_languages():
    """Each key: a FormatConfig field (its default), a row of config.CHECKS, config.<key> in both
    catalogues; the shown defaults (rules, README) come from FormatConfig."""
    from duepa_check.data.config import CHECKS, KEYS, FormatConfig
    from duepa_check.messages import catalogue

    assert list(KEYS) == [field for field in FormatConfig._fields if field != "source"]
    assert set(CHECKS) == set(KEYS)
    assert KEYS["banned"] == [] and KEYS["severity"] == {} and KEYS["deck_size"] == 60 and KEYS["lang"] is None
    en, ja = catalogue("en"), catalogue("ja")
    for key in KEYS:
        assert f"config.{key}" in en and f"config.{key}" in ja, key


def test_card_view_in_japanese(capsys):
    result = run(capsys, "card", "ヴォルグ・サンダー", "--lang", "ja", "--as-of", "2026-03-16")
    assert result.code == 0
    for words in (
        "文明",
        "ゾーン",
        "超次元ゾーン",
        "パートナーにできません",
        "2019-07-01からプレミアム殿堂",
        "コスト6",
    ):
        assert words in result.out, words
    assert "not eligible" not in result.out and "since" not in result.out
    missing = run(capsys, "card", "ボルバルザーク", "--lang", "ja")
    assert missing.code == 1 and "という名前のカードはありません" in missing.out
    data = run(capsys, "card", "ヴォルグ・サンダー", "--lang", "ja", "--format", "json").json
    assert data["zone"] == "hyperspatial" and data["partner_reason"].startswith("メインデッキに入れられない")


def test_every_language_documents_exactly_the_rules():
    """A rule module without its docs in a language (or docs of a rule that is gone) fails here:
    a rule is its module plus its entries in each language's rule docs and catalogue."""
    from importlib import import_module

    from duepa_check.messages import LANGUAGES
    from duepa_check.rules import RULES

    for lang in LANGUAGES:
        if lang != "en":
            assert set(import_module(f"duepa_check.messages.rule_docs_{lang}").DOCS) == set(RULES), lang
    for rule in RULES.values():
        assert not hasattr(rule, "DOC_JA"), f"{rule.ID}: its Japanese doc belongs in messages/rule_docs_ja.py"


def test_every_message_a_rule_names_is_in_both_catalogues():
    """The keys each rule module passes to finding(), msg(), plural() or hint= exist in every
    catalogue (a plural key as its .one and .other forms): a rule added without its words fails."""
    import ast
    import inspect

    from duepa_check.messages import LANGUAGES, catalogue
    from duepa_check.rules import RULES

    for rule in RULES.values():
        keys = set()
        for node in ast.walk(ast.parse(inspect.getsource(rule))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("finding", "msg", "plural"):
                arguments = node.args[2:3] if node.func.id == "finding" else node.args[:1]
                arguments += [k.value for k in node.keywords if k.arg == "hint"]
                keys |= {a.value for a in arguments if isinstance(a, ast.Constant) and isinstance(a.value, str)}
        for lang in LANGUAGES:
            words = catalogue(lang)
            missing = sorted(k for k in keys if k not in words and f"{k}.one" not in words)
            assert not missing, f"{rule.ID} ({lang}): {missing}"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_rules_view_is_plain_text_with_yaml_defaults_and_one_severity(capsys, lang):
    """`rules` showed reST (``banned``), Python defaults (True, None) and "warning | Warning:"."""
    import re

    listing = run(capsys, "rules", "--lang", lang)
    assert listing.code == 0
    assert "``" not in listing.out
    assert not re.search(r"│ (True|False|None)\s*│", listing.out), "defaults as YAML: true, false"
    assert re.search(r"│ singleton\s.*│ true\s*│", listing.out) and re.search(
        r"│ include_unconfirmed\s.*│ false\s*│", listing.out
    )
    assert ("(none)" if lang == "en" else "（なし）") in listing.out  # lang has no default
    assert "Warning:" not in listing.out and "警告:" not in listing.out  # the severity column says it
    for rule_id in ("DP003", "DP201"):
        one = run(capsys, "rules", rule_id, "--lang", lang)
        assert "``" not in one.out and "Warning:" not in one.out and "警告:" not in one.out
    data = run(capsys, "rules", "--format", "json", "--lang", lang).json
    assert all("``" not in rule["doc"] for rule in data)
    assert {rule["severity"] for rule in data} == {"error", "warning"}


def test_plain_doc_joins_a_paragraph_and_keeps_the_example_line():
    from duepa_check.report.rules_view import plain_doc

    doc = "Summary.\n\nOne ``x`` and\nthe rest.\nExample: ``a`` is fine.\n\n日本語の\n文。"
    assert plain_doc(doc) == "Summary.\n\nOne 'x' and the rest.\nExample: 'a' is fine.\n\n日本語の文。"


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("columns", ["60", "80"])
def test_one_rule_wraps_like_the_help(capsys, monkeypatch, lang, columns):
    """`rules DP004 --lang ja` started lines with 、 and ー, and split 'duepa-check update' and 'DP005 はその'
    at a space: the doc now wraps by linebreak, as --help does."""
    from duepa_check.linebreak import NO_START

    monkeypatch.setenv("COLUMNS", columns)
    for rule_id in ("DP004", "DP201", "DP202"):
        out = run(capsys, "rules", rule_id, "--lang", lang).out
        lines = out.splitlines()
        assert all(len(line) <= int(columns) for line in lines)
        assert not [line for line in lines if line[:1] in NO_START], out
        assert "duepa-check\n" not in out and "'duepa-check\n" not in out, out
