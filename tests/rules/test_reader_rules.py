"""The general line reader's rules against hostile lists (issue 30): a line that starts like
metadata never drops a card; a line break a terminal or editor shows (form feed, vertical tab,
NEL, U+2028, U+2029) starts a line that is read; a count of 0 has one reading everywhere (the
card is not in the deck, and DP102 says so); ``partners`` says nothing about a file that lists
no card."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import AS_OF, check_json, check_text, deck_text, run

from duepa_check.data.pool import CardPool
from duepa_check.reading.decklist import parse_decklist
from duepa_check.reading.decode import LINE_BREAKS
from duepa_check.reading.resolve import resolve_deck
from duepa_check.reading.words import MAIN_WORDS, METADATA_WORDS

PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
BANNED = "無双竜機ボルバルザーク"  # プレミアム殿堂 on AS_OF
POOL_NAMES = [
    "無双竜機ボルバルザーク",
    "ボルシャック・ドラゴン",
    "フェアリー・ライフ",
    "勝熱英雄 モモキング",
    "ボルシャック・ドラゴ大王",
    "ヴォルグ・サンダー",
    "エール・ライフ",
    "ガルチェンソ・ドラゴン",
]


@pytest.fixture(scope="module")
def pool():
    return CardPool.load(None)


def cards_of(text: str, pool) -> list[tuple[int, str, int]]:
    deck = resolve_deck(parse_decklist(text.encode("utf-8"), "deck.txt"), pool)
    return [(c.entry.line, c.card.name, c.entry.count) for c in deck.cards]


# ---------------------------------------------------------------------------- metadata labels

LABELS = st.sampled_from(sorted(METADATA_WORDS | MAIN_WORDS))
LABEL_VALUES = st.sampled_from(["", "2 ", "3,000円 ", "2026/03/20 ", "火/自然 "])


@PROPERTY
@given(
    label=LABELS,
    colon=st.sampled_from(["：", ":", " : ", "： "]),
    value=LABEL_VALUES,
    name=st.sampled_from(POOL_NAMES),
    count=st.sampled_from(["", "1 ", "《"]),
)
def test_any_line_with_a_card_after_a_metadata_label_is_that_card(pool, label, colon, value, name, count):
    card = f"《{name}》" if count == "《" else f"{count}{name}"
    line = f"{label}{colon}{value}{card}"
    assert cards_of(f"1 フェアリー・ライフ\n{line}\n", pool)[1:] == [(2, name, 1)], line


@PROPERTY
@given(
    form=st.sampled_from(
        [
            "https://example.com/deck/1 {}",
            "http://x.jp/?a=1&b=2 1 {}",
            "【デッキ名】{}",
            "【作成者】1 {}",
            "価格：3,000円 1 {}",
            "プレイレベル：2 {}",
        ]
    ),
    name=st.sampled_from(POOL_NAMES),
)
def test_a_url_or_a_marked_label_followed_by_a_card_is_that_card(pool, form, name):
    assert cards_of(form.format(name) + "\n", pool) == [(1, name, 1)]


@pytest.mark.parametrize(
    "line",
    [
        "【デッキ名】ドラドラドラゴン龍幻郷",
        "作成日：2026/03/20   プレイレベル：2   文明：火/自然   価格：3,000円",
        "https://example.com/deck/1",
        "文明：火/自然",
        "デッキリスト：",
        "【作成者】テスト",
    ],
)
def test_metadata_that_names_no_card_is_still_metadata(tmp_path, line):
    code, deck = check_text(deck_text(append=[line]), tmp_path)
    assert code == 0 and deck["card_count"] == 60 and "DP100" not in str(deck["violations"]), deck


def test_a_banned_card_after_a_label_makes_a_legal_list_illegal(tmp_path):
    for label in ("採用カード：", "文明：", "プレイレベル：2 ", "https://example.com/r ", "価格：3,000円 1 "):
        code, deck = check_text(deck_text(append=[label + BANNED]), tmp_path)
        assert code == 1 and ("DP007", 63) in [(v["rule"], v["line"]) for v in deck["violations"]], label


# ---------------------------------------------------------------------------- line breaks


@PROPERTY
@given(
    before=st.sampled_from(["# note", "// note", "メモ：", "", "1 フェアリー・ライフ # x", "【初動】"]),
    brk=st.sampled_from(sorted(LINE_BREAKS)),
    name=st.sampled_from(POOL_NAMES),
    count=st.sampled_from(["", "1 ", "1x "]),
)
def test_any_line_break_a_terminal_shows_starts_a_line_that_is_read(pool, before, brk, name, count):
    text = f"1 エール・ライフ\n{before}{brk}{count}{name}\n"
    assert (2, name, 1) in cards_of(text, pool), repr(text)


def test_a_banned_card_after_a_form_feed_in_a_comment_is_judged(tmp_path):
    for brk in LINE_BREAKS:
        code, deck = check_text(deck_text(append=[f"# 以下メモ{brk}1 {BANNED}"]), tmp_path)
        assert code == 1 and ("DP007", 63) in [(v["rule"], v["line"]) for v in deck["violations"]], repr(brk)


# ---------------------------------------------------------------------------- count 0

ZERO_LINES = ["0 {}", "0x {}", "{} x0", "{}×0", "{} (0)", "{} 0枚", "{}：0", "{}: 0", "{},0", "0,{}", "| 0 | {} |"]


@pytest.mark.parametrize("form", ZERO_LINES)
def test_a_count_of_0_is_no_card_and_is_said(tmp_path, form):
    """One reading everywhere: the card is not in the deck (no DP007 for a banned card listed 0
    times), and DP102 names the line, so a 1 lost in copying is never silent."""
    code, deck = check_text(deck_text(append=[form.format(BANNED)]), tmp_path)
    assert code == 1 and deck["card_count"] == 60
    assert [(v["rule"], v["line"]) for v in deck["violations"]] == [("DP102", 63)], deck["violations"]
    assert "count 0" in deck["violations"][0]["message"]


@pytest.mark.parametrize(
    "suffix, text",
    [
        ("yaml", "partner: ボルシャック・ドラゴ大王\ncards:\n  - {name: 無双竜機ボルバルザーク, count: 0}\n"),
        ("json", '{"partner": "ボルシャック・ドラゴ大王", "cards": [{"name": "無双竜機ボルバルザーク", "count": 0}]}'),
        ("csv", "カード名,枚数\nボルシャック・ドラゴ大王,1\n無双竜機ボルバルザーク,0\n"),
    ],
)
def test_a_count_of_0_in_structured_and_table_decks(capsys, tmp_path, suffix, text):
    path = tmp_path / f"deck.{suffix}"
    path.write_text(text, encoding="utf-8")
    _, deck = check_json(capsys, path)
    rules = [v["rule"] for v in deck["violations"]]
    assert "DP102" in rules and "DP007" not in rules, rules


# ---------------------------------------------------------------------------- partners


@pytest.mark.parametrize("text", ["hello world\nfoo bar\n", "# only a comment\n", "【デッキ名】テスト\n"])
@pytest.mark.parametrize("extra", [[], ["--pool"], ["--format", "json"]])
def test_partners_on_a_file_that_lists_no_card_is_no_verdict(capsys, tmp_path, text, extra):
    path = tmp_path / "deck.txt"
    path.write_text(text, encoding="utf-8")
    result = run(capsys, "partners", path, "--as-of", AS_OF, *extra)
    assert result.code == 2 and "✔" not in result.out and "no line names a card" in result.err, result
    assert result.out == "" or json.loads(result.out) is None


# ---------------------------------------------------------------------------- every real name


def pool_names() -> list[str]:
    from duepa_check.data.pool import CardPool

    return sorted(card.name for card in CardPool.load(None))


TRICKY = [
    "イルミツリー #夜景がやけに綺麗 #草 #草超えてツリー",
    "×マドギワ親父",
    "♪2×2-4×5+17=1",
    "【問１】 テック__",
    "ガイアール Re:",
    "エンペラー・セブ・マルコ X",
    "♪言葉すら もう必要ない ×××××",
    "「破壊の赤！スクラッパーレッド！」「知識の青！ブレインブルー！」「魅惑の緑！トラップグリーン！」「閃光の黄色！スパークイエロー！」"
    "「強欲の紫！ハンドパープル！」「ブレイクあるところに我らあり！シールド戦隊、トリガージャー!!」",
]
TEXT_FORMS = [
    "{}",
    "1 {}",
    "1x {}",
    "{} x1",
    "{} ×1",
    "{} 1枚",
    "1枚 {}",
    "《{}》",
    "1 《{}》",
    "- {}",
    "1. {}",
    "{} (1)",
    "1 {} # メモ",
    "1 《{}》 // メモ",
    "パートナー: {}",
    "{},1",
    "1,{}",
    "| 1 | {} |",
]


def csv_cell(name: str) -> str:
    return '"' + name.replace('"', '""') + '"' if any(c in name for c in ',"') else name


FILE_FORMS = {
    "deck.csv": lambda n: f"カード名,枚数\n{csv_cell(n)},1\n",
    "deck.yaml": lambda n: "cards:\n  - " + json.dumps(n, ensure_ascii=False) + "\n",
    "deck.json": lambda n: json.dumps({"cards": [{"name": n, "count": 1}]}, ensure_ascii=False),
    "deck.md": lambda n: f"| 枚数 | カード名 |\n|---|---|\n| 1 | {n} |\n",
}


@PROPERTY
@given(data=st.data(), form=st.sampled_from(TEXT_FORMS + sorted(FILE_FORMS)))
def test_any_pool_name_in_every_list_form_is_read_as_that_card(pool, data, form):
    """The whole text (and what is inside 《》) is tried as a name before marks, counts and
    comments are read. (A name with '|' in a Markdown cell needs 《》 or \\|: tested below.)"""
    names = data.draw(st.sampled_from(TRICKY) | st.sampled_from(ALL_NAMES))
    if "|" in names and ("|" in form or form == "deck.md"):
        return
    if form in FILE_FORMS:
        text, path = FILE_FORMS[form](names), form
    else:
        line = form.format(csv_cell(names) if "," in form else names)
        text, path = line + "\n", "deck.txt"
    deck = resolve_deck(parse_decklist(text.encode("utf-8"), path), pool)
    assert [(c.card.name, c.entry.count) for c in deck.cards] == [(names, 1)], (text, deck.problems, deck.unresolved)


ALL_NAMES = pool_names()


@pytest.mark.parametrize("name", TRICKY)
@pytest.mark.parametrize("form", TEXT_FORMS + sorted(FILE_FORMS))
def test_the_names_that_looked_like_marks_counts_or_comments(pool, name, form):
    if form in FILE_FORMS:
        text, path = FILE_FORMS[form](name), form
    else:
        text, path = form.format(csv_cell(name) if "," in form else name) + "\n", "deck.txt"
    deck = resolve_deck(parse_decklist(text.encode("utf-8"), path), pool)
    assert [(c.card.name, c.entry.count) for c in deck.cards] == [(name, 1)], text


BAR_NAMES = [name for name in ALL_NAMES if "|" in name]


@pytest.mark.parametrize("form", ["| 1 | 《{}》 |", "| 《{}》 | 1 |", "|1|《{}》|"])
def test_a_name_with_a_bar_inside_double_angle_brackets_is_one_markdown_cell(pool, form):
    """A Markdown cell bar inside 《》 is part of the name: 《神聖十二神騎:||》 in a table row."""
    assert BAR_NAMES, "the pool has names holding '|'"
    for name in BAR_NAMES:
        text = (
            "| 枚数 | カード名 |\n|---|---|\n" + form.format(name) + "\n"
            if form.startswith("| 1")
            else form.format(name) + "\n"
        )
        for path in ("deck.md", "deck.txt"):
            deck = resolve_deck(parse_decklist(text.encode("utf-8"), path), pool)
            assert [(c.card.name, c.entry.count) for c in deck.cards] == [(name, 1)], (path, text)
