"""A line that is no card is never counted as one (issue 47, §1).

Lists copied from blogs, posts and shop pages carry a title, notes and prose around the cards. Such
a line is read as a remark: not counted, not DP100, and listed by the report as a line not read.
The pool decides first (a line that names a card is that card, whatever it looks like), the look
second, and a line that writes a count is always a card entry.
"""

from __future__ import annotations

import pytest
from support import AS_OF, BD4, check_json, deck_lines, rule_lines, run

TITLE_AND_NOTES = [
    "【デッキレシピ】ドラドラドラゴン龍幻郷",
    "【初心者向け】このデッキで勝てる！",
    "※殿堂入りカードは1枚まで",
    "→ 回し方は下の記事で",
    "＊注意：価格は変動します",
    "＃デュエマ ＃デュエパ",
    "詳しくは https://example.com/deck/123 を見てね",
    "今回はドラゴンデッキを紹介します。",
    "このデッキは強い、でも扱いが難しい",
    "What do you think?",
]


def blog_deck(tmp_path, before=TITLE_AND_NOTES, after=("みんなも使ってみてね！",)):
    """DM23-BD4's 60 cards (its comment line dropped) between a blog's title, notes and prose."""
    cards = [line for line in deck_lines(BD4) if line and not line.startswith("#")]
    path = tmp_path / "blog.txt"
    path.write_text("\n".join([*before, *cards, *after]) + "\n", encoding="utf-8")
    return path


def test_a_blog_lists_title_notes_and_prose_are_not_cards(capsys, tmp_path):
    path = blog_deck(tmp_path)
    code, deck = check_json(capsys, path)
    assert (code, deck["card_count"], rule_lines(deck)) == (0, 60, [])


def test_the_report_lists_the_lines_read_as_notes(capsys, tmp_path):
    path = blog_deck(tmp_path)
    lines = [str(n) for n in range(1, len(TITLE_AND_NOTES) + 1)]
    result = run(capsys, path, "--as-of", AS_OF)
    assert result.code == 0
    assert f"lines {', '.join(lines)}, 71 are read as notes" in result.out
    ja = run(capsys, path, "--as-of", AS_OF, "--lang", "ja").out
    assert f"{'、'.join(lines)}、71行目はカードではなくメモ" in ja


def test_the_json_report_lists_the_lines_read_as_notes_as_the_text_does(capsys, tmp_path):
    """A script sees what a reader sees: ``"remarks"`` holds the lines the text report names (an
    additive key, present only when a line was read so, as ``"fixes"`` and ``"omitted"`` are)."""
    path = blog_deck(tmp_path)
    _, deck = check_json(capsys, path)
    assert deck["remarks"] == [*range(1, len(TITLE_AND_NOTES) + 1), 71]
    plain = tmp_path / "plain.txt"
    plain.write_text("\n".join(line for line in deck_lines(BD4) if not line.startswith("#")) + "\n", encoding="utf-8")
    _, deck = check_json(capsys, plain)
    assert "remarks" not in deck


@pytest.mark.parametrize(
    "line",
    [
        "【今すぐ】うわっ…相手の攻撃止めすぎ…？【クリック】",  # a card's name, brackets and all
        "1、2、3、チームボンバーイェー！",
        "【おすすめ】ボルシャック・ドラゴン/決闘者・チャージャー",  # a tag, then a card
        "→ ガルチェンソ・ドラゴン",
    ],
)
def test_a_line_that_names_a_card_is_that_card_whatever_it_looks_like(capsys, tmp_path, line):
    path = tmp_path / "deck.txt"
    path.write_text(f"パートナー: ボルシャック・ドラゴ大王\n{line}\n", encoding="utf-8")
    _, deck = check_json(capsys, path)
    assert deck["card_count"] == 2
    assert "DP100" not in {rule for rule, _ in rule_lines(deck)}
    assert "read as notes" not in run(capsys, path, "--as-of", AS_OF).out


@pytest.mark.parametrize("line", ["1 ※これはカード", "今回はドラゴンを紹介します。 ×1", "1 【初心者向け】このデッキ"])
def test_a_line_that_writes_a_count_is_a_card_entry_known_or_not(capsys, tmp_path, line):
    path = tmp_path / "deck.txt"
    path.write_text(f"パートナー: ボルシャック・ドラゴ大王\n{line}\n", encoding="utf-8")
    _, deck = check_json(capsys, path)
    assert deck["card_count"] == 2
    assert ("DP100", 2) in rule_lines(deck)


def test_a_misspelt_card_that_looks_like_no_remark_is_still_dp100(capsys, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("パートナー: ボルシャック・ドラゴ大王\nボルシャック・ドラゴソ\n", encoding="utf-8")
    _, deck = check_json(capsys, path)
    assert ("DP100", 2) in rule_lines(deck)
