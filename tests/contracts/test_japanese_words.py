"""The Japanese catalogue is what users read (issue 40): with ``--lang ja`` each finding is shown in the
words of duepa_check/messages/ja.py for its key, in every format that prints it; and the sentences of
one broken deck are written out here, so a change of those words in ja.py changes this test too
(the golden reports aside). Not a snapshot of the catalogue: one deck's findings and its verdict."""

from __future__ import annotations

from datetime import date

import pytest
from support import AS_OF, BD4, make_deck, run

from duepa_check.check.checker import Checker, CheckOptions
from duepa_check.data.pool import CardPool
from duepa_check.data.regulation import load_current
from duepa_check.messages import catalogue, text

# DM23-BD4 with a card outside the partner's civilizations, a misspelt card, a second copy, 61 cards.
BROKEN = {30: "1 フェアリー・シャワー", 31: "1 龍の呼び声", 32: "1 ボルシャック・ドラゴソ"}

# What a user reads for each finding of the deck: (rule, line) → (message, hint), as ja.py words them.
JAPANESE = {
    ("DP001", None): (
        "デッキが61枚です。デュエパーティーのデッキはパートナーを含めてちょうど60枚です",
        "先に32行目を直してください。カード名になっていません（見つかったカードは60枚）",  # issue 47: before any cut
    ),
    ("DP005", 30): (
        "《フェアリー・シャワー》は水・自然文明ですが、パートナー《ボルシャック・ドラゴ大王》は水文明を持っていません",
        "このカードを抜くか、水文明を持つパートナーを選んでください（使える文明: 火・自然・無色）",
    ),
    ("DP100", 32): (
        "《ボルシャック・ドラゴソ》に一致するカードがありません",
        "もしかして: "
        "《ボルシャック・ドラゴン》、《ボルシャック・ドラゴン／決闘者・チャージャー》、《ボルシャック・ドギラゴン》",
    ),
    ("DP002", 33): (
        "《龍の呼び声》がデッキに2枚入っています（31、33行目）。同じ名前のカードは1枚までです",
        "1枚だけ残して、33行目を別のカードにしてください",  # line 30 is the one card too many (issue 47)
    ),
}
VERDICT = "✘ 使用不可（エラー4件、警告0件）"


@pytest.fixture
def deck(tmp_path):
    return make_deck(tmp_path, BD4, replace=BROKEN, append=["1 ボルシャック・ドラゴン"])


def findings(deck) -> list:
    """The deck's violations as the checker gives them: catalogue keys and arguments, no words yet."""
    checker = Checker(CardPool.load(), load_current(None), CheckOptions(as_of=date.fromisoformat(AS_OF)))
    return checker.check(deck).violations


def test_each_finding_is_shown_in_the_words_of_the_japanese_catalogue(capsys, deck):
    """Load the catalogue, put each finding's key and arguments into its words, and find them in what
    the user reads: the terminal report, the GitHub annotations and the JSON."""
    violations = findings(deck)
    assert {v.message.key for v in violations} <= set(catalogue("ja")) and len(violations) == 4
    shown = {
        form: run(capsys, "check", deck, "--as-of", AS_OF, "--lang", "ja", "--format", form)
        for form in ("text", "github", "json")
    }
    messages = [(item["message"], item["hint"]) for item in shown["json"].json["decks"][0]["violations"]]
    for violation in violations:
        words, hint = text(violation.message, "ja"), text(violation.hint, "ja")
        assert (words, hint) in messages
        assert f"{words}（ヒント: {hint}）" in shown["github"].out
        assert words in shown["text"].out and hint in shown["text"].out
        english = text(violation.message, "en")
        assert english != words and all(english not in result.out for result in shown.values())


def test_the_japanese_a_user_reads_for_a_broken_deck_is_the_words_written_here(capsys, deck):
    """The sentences themselves: a change of these keys' words in ja.py fails here, not only in the goldens."""
    violations = findings(deck)
    assert {(v.rule, v.line): v.texts("ja") for v in violations} == JAPANESE
    annotations = run(capsys, "check", deck, "--as-of", AS_OF, "--lang", "ja", "--format", "github").out.splitlines()
    assert [line.split("::", 2)[2] for line in annotations] == [f"{m}（ヒント: {h}）" for m, h in JAPANESE.values()]
    report = run(capsys, "check", deck, "--as-of", AS_OF, "--lang", "ja").out
    assert report.splitlines()[-2].endswith(f"  {VERDICT}")  # the deck's line, with its verdict
