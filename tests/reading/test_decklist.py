"""Every decklist form design.md lists parses to the right entries, on the right lines.

Plain text (counts first or last, 枚, bare names, 《》, comments, headers, partner lines),
YAML and JSON of the same shape, and the encodings and line ends people's editors write.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import BD4, BD6, DECKS, check_json, deck_lines, make_deck, rule_lines, run

from duepa_check.reading.decklist import parse_decklist
from duepa_check.reading.model import LABEL_MARK, Entry


def entries(text: str, path: str = "deck.txt") -> list[tuple[int, str, int, bool]]:
    """The parser's card entries; a metadata line's (Entry.mark LABEL_MARK) is a card only if it
    names one, which the resolve step decides (tests/rules/test_reader_rules.py)."""
    deck = parse_decklist(text.encode("utf-8"), path)
    assert deck.problems == []
    return [(e.line, e.name, e.count, e.is_partner) for e in deck.entries if e.mark != LABEL_MARK]


# ---------------------------------------------------------------------------- counts and names


@pytest.mark.parametrize(
    "line, count",
    [
        ("1 ボルシャック・ドラゴン", 1),
        ("2 ボルシャック・ドラゴン", 2),
        ("1x ボルシャック・ドラゴン", 1),
        ("1X ボルシャック・ドラゴン", 1),
        ("3x ボルシャック・ドラゴン", 3),
        ("1×ボルシャック・ドラゴン", 1),
        ("ボルシャック・ドラゴン x1", 1),
        ("ボルシャック・ドラゴン x2", 2),
        ("ボルシャック・ドラゴン ×1", 1),
        ("ボルシャック・ドラゴン×1", 1),
        ("ボルシャック・ドラゴン 1枚", 1),
        ("ボルシャック・ドラゴン1枚", 1),
        ("ボルシャック・ドラゴン", 1),
        ("《ボルシャック・ドラゴン》", 1),
        ("1 《ボルシャック・ドラゴン》", 1),
        ("《ボルシャック・ドラゴン》 x1", 1),
        ("  1 ボルシャック・ドラゴン  ", 1),
        ("1\tボルシャック・ドラゴン", 1),
        ("ボルシャック・ドラゴン ×1枚", 1),
        ("ボルシャック・ドラゴン x2枚", 2),
        ("ボルシャック・ドラゴン(1)", 1),
        ("ボルシャック・ドラゴン （2枚）", 2),
        ("1枚 ボルシャック・ドラゴン", 1),
        ("2枚ボルシャック・ドラゴン", 2),
        ("- ボルシャック・ドラゴン", 1),
        ("* 1 ボルシャック・ドラゴン", 1),
        ("• 1x ボルシャック・ドラゴン", 1),
        ("・ ボルシャック・ドラゴン x1", 1),
        ("-\t《ボルシャック・ドラゴン》", 1),
    ],
)
def test_count_and_name_forms(line, count):
    assert entries(line) == [(1, "ボルシャック・ドラゴン", count, False)]


def test_names_with_digits_and_x_are_not_counts():
    assert entries("1 熱血 バトクロス-1\nボルシャックライシス・NEX（ネックス）") == [
        (1, "熱血 バトクロス-1", 1, False),
        (2, "ボルシャックライシス・NEX（ネックス）", 1, False),
    ]


def test_a_name_that_starts_with_a_bullet_mark_keeps_it():
    assert entries("1 */弐幻キューギョドリ/*\n*/弐幻ケルベロック/*") == [
        (1, "*/弐幻キューギョドリ/*", 1, False),
        (2, "*/弐幻ケルベロック/*", 1, False),
    ]


def test_a_bullet_alone_is_not_a_card():
    deck = parse_decklist("1 ボルシャック・ドラゴン\n- \n".encode(), "deck.txt")
    assert [(p.line, p.text) for p in deck.problems] == [(2, "-")]


def test_twinpact_names_keep_the_slash():
    assert (
        entries("1 ネオ・ボルシャック・ドラゴン/ボルシャックゾーン")[0][1]
        == "ネオ・ボルシャック・ドラゴン/ボルシャックゾーン"
    )


# ---------------------------------------------------------------------------- comments, blanks, headers


def test_comments_and_blank_lines_are_skipped_and_line_numbers_kept():
    text = "# a comment\n\n// another\n1 ガルチェンソ・ドラゴン # first copy\n   \n1 エール・ライフ // a spell\n"
    assert entries(text) == [(4, "ガルチェンソ・ドラゴン", 1, False), (6, "エール・ライフ", 1, False)]


@pytest.mark.parametrize(
    "header", ["[パートナー]", "パートナー", "Partner:", "partner", "【パートナー】", "パートナー："]
)
def test_partner_header_makes_the_next_card_the_partner(header):
    text = f"{header}\n1 ボルシャック・ドラゴ大王\n1 ガルチェンソ・ドラゴン\n"
    assert entries(text) == [(2, "ボルシャック・ドラゴ大王", 1, True), (3, "ガルチェンソ・ドラゴン", 1, False)]


@pytest.mark.parametrize("header", ["メイン", "Main", "Deck", "[メイン]", "Main:", "メインデッキ", "[Deck]"])
def test_main_headers_are_not_cards(header):
    text = f"[パートナー]\nボルシャック・ドラゴ大王\n{header}\n1 ガルチェンソ・ドラゴン\n"
    assert entries(text) == [(2, "ボルシャック・ドラゴ大王", 1, True), (4, "ガルチェンソ・ドラゴン", 1, False)]


@pytest.mark.parametrize("prefix", ["パートナー: ", "Partner: ", "partner:", "パートナー：", "PARTNER : "])
def test_partner_line(prefix):
    text = f"{prefix}ボルシャック・ドラゴ大王\n1 ガルチェンソ・ドラゴン\n"
    assert entries(text) == [(1, "ボルシャック・ドラゴ大王", 1, True), (2, "ガルチェンソ・ドラゴン", 1, False)]


def test_partner_line_with_brackets():
    assert entries("パートナー: 《ボルシャック・ドラゴ大王》")[0] == (1, "ボルシャック・ドラゴ大王", 1, True)


def test_partner_line_under_a_partner_header_designates_only_that_card():
    text = "[パートナー]\nパートナー: ボルシャック・ドラゴ大王\n1 ガルチェンソ・ドラゴン\n"
    assert entries(text) == [(2, "ボルシャック・ドラゴ大王", 1, True), (3, "ガルチェンソ・ドラゴン", 1, False)]


def test_marked_headings_from_deck_sites():
    text = (
        "【デッキ名】ドラドラドラゴン龍幻郷\n【作成者】テスト\n【パートナー】\nボルシャック・ドラゴ大王\n"
        "【メインデッキ】（59枚）\nガルチェンソ・ドラゴン×1\n■超次元ゾーン\n1 時空の火焰ボルシャック・ドラゴン\n◆Main "
        "(59)\n"
    )
    assert entries(text) == [
        (4, "ボルシャック・ドラゴ大王", 1, True),
        (6, "ガルチェンソ・ドラゴン", 1, False),
        (8, "時空の火焰ボルシャック・ドラゴン", 1, False),  # read, so that DP006 can name it
    ]


def test_a_marked_partner_heading_and_the_partner_on_one_line():
    assert entries("【パートナー】ボルシャック・ドラゴ大王\n1 ガルチェンソ・ドラゴン") == [
        (1, "ボルシャック・ドラゴ大王", 1, True),
        (2, "ガルチェンソ・ドラゴン", 1, False),
    ]


def test_card_names_in_brackets_are_not_headings():
    name = "【今すぐ】うわっ…相手の攻撃止めすぎ…？【クリック】"
    assert entries(f"1 {name}\n{name}") == [(1, name, 1, False), (2, name, 1, False)]


def test_metadata_lines_are_not_cards():
    assert entries("title: 龍幻郷\nauthor: me\n1 ガルチェンソ・ドラゴン") == [(3, "ガルチェンソ・ドラゴン", 1, False)]


def test_mixed_forms_make_a_legal_deck(capsys, tmp_path):
    """The product list rewritten in every plain-text form at once is still legal."""
    lines = deck_lines(BD4)
    forms = [
        "1 {}",
        "1x {}",
        "{} x1",
        "{} ×1",
        "{} 1枚",
        "{}",
        "《{}》",
        "1 《{}》 # comment",
        "{} // comment",
        "1枚 {}",
        "- {}",
        "{} 1",
        "・ 1x {}",
    ]
    body = []
    for index, line in enumerate(lines[3:]):
        name = line.split(" ", 1)[1]
        body.append(forms[index % len(forms)].format(name))
    text = "\n".join(["// header comment", "[パートナー]", lines[1].split(": ", 1)[1], "", "メイン", *body]) + "\n"
    path = tmp_path / "mixed.txt"
    path.write_text(text, encoding="utf-8")
    code, deck = check_json(capsys, path)
    assert code == 0, deck["violations"]
    assert deck["card_count"] == 60
    assert deck["partner"]["name"] == "ボルシャック・ドラゴ大王"


def test_a_deck_site_layout_makes_a_legal_deck(capsys, tmp_path):
    lines = deck_lines(BD4)
    partner = lines[1].split(": ", 1)[1]
    body = [f"{line.split(' ', 1)[1]}×1" for line in lines[3:]]
    text = "\n".join(
        ["【デッキ名】龍幻郷", "【作成者】テスト", f"【パートナー】{partner}", "【メインデッキ】（59枚）", *body]
    )
    path = tmp_path / "site.txt"
    path.write_text(text + "\n", encoding="utf-8")
    code, deck = check_json(capsys, path)
    assert code == 0, deck["violations"]
    assert (deck["card_count"], deck["partner"]["name"]) == (60, partner)


def test_a_count_after_a_space_is_read_only_when_the_whole_text_is_no_card(capsys, tmp_path):
    """'NAME 2' is two copies of NAME; 《偽りの名 13》 is a card whose name ends in a number."""
    replace = {30: "緑神龍バルガザルムス 2", 31: "偽りの名 13", 32: "ボルシャック・ドラゴソ 1", 33: "龍の呼び声：1"}
    path = make_deck(tmp_path, BD4, replace=replace)
    code, deck = check_json(capsys, path)
    assert code == 1
    found = [(v["rule"], v["line"], v["card"]) for v in deck["violations"]]
    assert ("DP002", 30, "緑神龍バルガザルムス") in found  # two copies from line 30
    assert ("DP100", 32, "ボルシャック・ドラゴソ 1") in found  # nothing matches: the line as written
    assert not [f for f in found if f[1] in (31, 33)]  # 偽りの名 13 (自然) is one card; 龍の呼び声 once
    assert deck["card_count"] == 61


def test_a_name_that_ends_in_a_colon_and_digits_stays_a_name(capsys, tmp_path):
    path = make_deck(tmp_path, BD4, replace={30: "Code:1500"})  # 水: not the partner's
    code, deck = check_json(capsys, path)
    assert [(v["rule"], v["line"], v["card"]) for v in deck["violations"]] == [("DP005", 30, "Code:1500")]


# ---------------------------------------------------------------------------- YAML and JSON

YAML_DECK = """\
# a deck
partner: ボルシャック・ドラゴ大王
cards:
  - ガルチェンソ・ドラゴン
  - name: はずれポンの助
    count: 3
  - {name: エール・ライフ, count: 1}
  - 《フェアリー・ギフト》
"""


def test_yaml_names_and_name_count_mappings_with_lines():
    assert entries(YAML_DECK, "deck.yaml") == [
        (2, "ボルシャック・ドラゴ大王", 1, True),
        (4, "ガルチェンソ・ドラゴン", 1, False),
        (5, "はずれポンの助", 3, False),
        (7, "エール・ライフ", 1, False),
        (8, "フェアリー・ギフト", 1, False),
    ]


def test_yml_suffix_is_yaml():
    assert entries(YAML_DECK, "deck.yml")[0] == (2, "ボルシャック・ドラゴ大王", 1, True)


def test_json_of_the_same_shape_with_lines():
    text = json.dumps(
        {
            "partner": "ボルシャック・ドラゴ大王",
            "cards": ["ガルチェンソ・ドラゴン", {"name": "はずれポンの助", "count": 3}],
        },
        ensure_ascii=False,
        indent=2,
    )
    assert entries(text, "deck.json") == [
        (2, "ボルシャック・ドラゴ大王", 1, True),
        (4, "ガルチェンソ・ドラゴン", 1, False),
        (6, "はずれポンの助", 3, False),
    ]


def test_json_with_ascii_escapes_and_several_cards_on_one_line():
    text = json.dumps({"partner": "ボルシャック・ドラゴ大王", "cards": ["ガルチェンソ・ドラゴン", "エール・ライフ"]})
    assert entries(text, "deck.json") == [
        (1, "ボルシャック・ドラゴ大王", 1, True),
        (1, "ガルチェンソ・ドラゴン", 1, False),
        (1, "エール・ライフ", 1, False),
    ]


def test_json_is_recognised_by_content_without_the_suffix():
    text = '{"partner": "ボルシャック・ドラゴ大王", "cards": ["ガルチェンソ・ドラゴン"]}'
    assert entries(text, "deck.txt")[0] == (1, "ボルシャック・ドラゴ大王", 1, True)


def structured(base: str) -> tuple[str, list[str]]:
    lines = deck_lines(base)
    return lines[1].split(": ", 1)[1], [line.split(" ", 1)[1] for line in lines[3:]]


@pytest.mark.parametrize("base", [BD4, BD6])
def test_product_decks_as_yaml_and_json_are_legal(capsys, tmp_path, base):
    partner, cards = structured(base)
    yaml_text = f"partner: {json.dumps(partner, ensure_ascii=False)}\ncards:\n" + "".join(
        f"  - {json.dumps(c, ensure_ascii=False)}\n" for c in cards
    )
    (tmp_path / "deck.yaml").write_text(yaml_text, encoding="utf-8")
    (tmp_path / "deck.json").write_text(
        json.dumps(
            {"partner": partner, "cards": [{"name": c, "count": 1} for c in cards]}, ensure_ascii=False, indent=1
        ),
        encoding="utf-8",
    )
    for name in ("deck.yaml", "deck.json"):
        code, deck = check_json(capsys, tmp_path / name)
        assert code == 0, (name, deck["violations"])
        assert deck["card_count"] == 60


def test_yaml_violation_reports_the_yaml_line(capsys, tmp_path):
    partner, cards = structured(BD4)
    cards[10] = "フェアリー・シャワー"  # 水/自然 in a 火/自然 deck, on line 3 + 10
    text = f"partner: {partner}\ncards:\n" + "".join(f"  - {c}\n" for c in cards)
    (tmp_path / "deck.yaml").write_text(text, encoding="utf-8")
    _, deck = check_json(capsys, tmp_path / "deck.yaml")
    assert [(v["rule"], v["line"]) for v in deck["violations"]] == [("DP005", 13)]


# ---------------------------------------------------------------------------- encodings and line ends

ENCODINGS = [
    ("utf-8", b""),
    ("utf-8-sig", b"\xef\xbb\xbf"),
    ("utf-16-le", b"\xff\xfe"),
    ("utf-16-be", b"\xfe\xff"),
    ("cp932", b""),
]


@pytest.mark.parametrize("encoding, bom", ENCODINGS)
@pytest.mark.parametrize("base", [BD4, BD6])
def test_encodings_of_a_real_deck_are_legal(capsys, tmp_path, encoding, bom, base):
    text = (DECKS / base).read_text(encoding="utf-8")
    data = text.encode(encoding)
    if encoding.startswith("utf-16"):
        data = bom + data
    path = tmp_path / "deck.txt"
    path.write_bytes(data)
    assert path.read_bytes().startswith(bom)
    code, deck = check_json(capsys, path)
    assert code == 0, deck["violations"]
    assert deck["card_count"] == 60


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "cp932"])
@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_line_numbers_survive_encodings_and_line_ends(capsys, tmp_path, encoding, newline):
    path = make_deck(tmp_path, BD4, replace={30: "1 フェアリー・シャワー"}, encoding=encoding, newline=newline)
    code, deck = check_json(capsys, path)
    assert code == 1
    assert [(v["rule"], v["line"]) for v in deck["violations"]] == [("DP005", 30)]


def test_mixed_line_ends_count_each_break_once():
    text = "1 A\r\n1 B\r1 C\n\r\n1 D"
    assert [e.line for e in parse_decklist(text.encode(), "deck.txt").entries] == [1, 2, 3, 5]


def test_bom_does_not_become_part_of_the_first_name():
    deck = parse_decklist("\ufeffガルチェンソ・ドラゴン\n".encode("utf-8"), "deck.txt")
    assert deck.entries == [Entry(line=1, name="ガルチェンソ・ドラゴン")]


def test_cp932_yaml_deck(capsys, tmp_path):
    partner, cards = structured(BD6)
    text = f"partner: {partner}\ncards:\n" + "".join(f"  - {json.dumps(c, ensure_ascii=False)}\n" for c in cards)
    (tmp_path / "deck.yaml").write_bytes(text.encode("cp932"))
    code, deck = check_json(capsys, tmp_path / "deck.yaml")
    assert code == 0, deck["violations"]


# ---------------------------------------------------------------------------- lists as people publish them (issue 12)

LAYOUTS = DECKS.parent / "layouts"


@pytest.fixture(scope="module")
def pool():
    from duepa_check.data.pool import CardPool

    return CardPool.load()


def read(pool, text: str, path: str = "deck.txt"):
    """Parse and resolve: (cards as (line, official name, count, partner), unresolved names, problems)."""
    from duepa_check.reading.resolve import resolve_deck

    deck = resolve_deck(parse_decklist(text.encode("utf-8"), path), pool)
    cards = [(c.entry.line, c.card.name, c.entry.count, c.entry.is_partner) for c in deck.cards]
    return cards, [e.name for e, _ in deck.unresolved], [(p.line, p.text) for p in deck.problems]


def product(base: str) -> tuple[str, list[str]]:
    lines = deck_lines(base)
    return lines[1].split(": ", 1)[1], [line.split(" ", 1)[1] for line in lines[3:] if line.strip()]


BOLSHACK = "ボルシャック・ドラゴン"


@pytest.mark.parametrize(
    "line, count",
    [
        # numbered lists and 「」
        ("1. ボルシャック・ドラゴン", 1),
        ("12) ボルシャック・ドラゴン", 1),
        ("3）ボルシャック・ドラゴン", 1),
        ("①ボルシャック・ドラゴン", 1),
        ("⑫ ボルシャック・ドラゴン", 1),
        ("(4) ボルシャック・ドラゴン", 1),
        ("「ボルシャック・ドラゴン」", 1),
        ("「ボルシャック・ドラゴン」×1", 1),
        ("1 「ボルシャック・ドラゴン」", 1),
        # counts first with x / ×, counts after in other styles
        ("x1 ボルシャック・ドラゴン", 1),
        ("×1 ボルシャック・ドラゴン", 1),
        ("X2 ボルシャック・ドラゴン", 2),
        ("ｘ１ ボルシャック・ドラゴン", 1),
        ("1xボルシャック・ドラゴン", 1),
        ("2Xボルシャック・ドラゴン", 2),
        ("ボルシャック・ドラゴン (x1)", 1),
        ("ボルシャック・ドラゴン（×2）", 2),
        ("ボルシャック・ドラゴン ｘ1", 1),
        ("ボルシャック・ドラゴン Ｘ1", 1),
        ("ボルシャック・ドラゴン *1", 1),
        ("ボルシャック・ドラゴン 一枚", 1),
        ("ボルシャック・ドラゴン 二枚", 2),
        ("ボルシャック・ドラゴン / 1", 1),
        ("ボルシャック・ドラゴン - 1", 1),
        ("ボルシャック・ドラゴン　１枚", 1),
        ("ボルシャック・ドラゴン ×１", 1),
        # other bullets
        ("■ボルシャック・ドラゴン", 1),
        ("■ 1 ボルシャック・ドラゴン", 1),
        ("◆ボルシャック・ドラゴン", 1),
        ("☆ボルシャック・ドラゴン x1", 1),
        ("→ ボルシャック・ドラゴン", 1),
        ("● 1x ボルシャック・ドラゴン", 1),
        # trailing remarks, set codes, collector numbers
        ("1 ボルシャック・ドラゴン （新規）", 1),
        ("1 ボルシャック・ドラゴン ←お気に入り", 1),
        ("1 ボルシャック・ドラゴン ※要調整", 1),
        ("1 ボルシャック・ドラゴン【殿堂予想】", 1),
        ("1 ボルシャック・ドラゴン (DM23-BD6)", 1),
        ("1 ボルシャック・ドラゴン 23BD6 1/60", 1),
        ("ボルシャック・ドラゴン DMRP-01 S1/S10 x1", 1),
        ("2 ボルシャック・ドラゴン (DM23-BD6) （新規）", 2),
        # tabs and CSV-looking lines in a text list
        ("ボルシャック・ドラゴン\t1", 1),
        ("1\tボルシャック・ドラゴン\t（新規）", 1),
        ("ボルシャック・ドラゴン,1", 1),
        ("1,ボルシャック・ドラゴン", 1),
        ('"ボルシャック・ドラゴン",2', 2),
        ("ボルシャック・ドラゴン, 1, 火", 1),
    ],
)
def test_published_line_forms_read_the_card_and_count(pool, line, count):
    """Each form people publish resolves to the card, the count it says, on its line."""
    assert read(pool, f"// list\n{line}") == ([(2, BOLSHACK, count, False)], [], [])


def test_1xname_without_a_space_is_read_and_x_names_keep_their_x():
    """issue 17: '1xNAME' is one copy of NAME; '1 X-NAME' is not an x count."""
    assert entries("1xボルシャック・ドラゴン\n3Xガルチェンソ・ドラゴン") == [
        (1, "ボルシャック・ドラゴン", 1, False),
        (2, "ガルチェンソ・ドラゴン", 3, False),
    ]


def test_html_entities_left_by_copying_from_a_page(pool):
    cards, _, _ = read(pool, "1 クイーン&amp;かぼちゃうちゃう\n1 &#12508;ルシャック・ドラゴン")
    assert [name for _, name, _, _ in cards] == ["クイーン&かぼちゃうちゃう", BOLSHACK]


def test_names_that_look_like_remarks_stay_whole(pool):
    """Whole names are tried first: brackets, 「」, numbers, codes and ★ that belong to the name."""
    names = [
        "偽りの名 13",
        "予知 TE-20",
        "どこまでも声乗るマイク（ライブ用）",
        "「祝福」の頂天 ウェディング",
        "「水晶の力に選ばれし者、それが私だ！」",
        "カニ★ニカ",
        "ニケ ※◎☆＃△",
        "1、2、3、チームボンバーイェー！",
        "アーシー [最終龍覇 ロージア]",
        "BAKUOOON <5000GT.Star>",
    ]
    cards, unresolved, problems = read(pool, "\n".join(names))
    assert [(name, count) for _, name, count, _ in cards] == [(pool.get(name).name, 1) for name in names]
    assert (unresolved, problems) == ([], [])


def test_a_remark_on_a_card_that_matches_nothing_is_reported_as_written(pool):
    cards, unresolved, _ = read(
        pool, "1 ボルシャック・ドラゴソ （新規）\n【ボルシャック・ドラゴソ】 x1\n【ボルシャック・ドラゴン】"
    )
    # an x count says 【ボルシャック・ドラゴソ】 x1 is a card, though 【】 also marks headings here
    assert unresolved == ["ボルシャック・ドラゴソ （新規）", "ボルシャック・ドラゴソ"]
    assert cards == [(3, BOLSHACK, 1, False)]


@pytest.mark.parametrize(
    "heading",
    [
        "★パートナー★",
        "＜パートナー＞",
        "<パートナー>",
        "パートナー（1枚）",
        "パートナー(1)",
        "Commander",
        "統率者",
        "## パートナー",
        "【パートナー】",
        "◆パートナー◆",
        "**パートナー**",
        "Partner:",
    ],
)
def test_partner_headings_in_other_brackets_and_words(pool, heading):
    cards, _, _ = read(pool, f"{heading}\n【五輪の求道者 清永】\nクリーチャー (1)\n1 ボルシャック・ドラゴン")
    assert cards == [(2, "五輪の求道者 清永", 1, True), (4, BOLSHACK, 1, False)]


@pytest.mark.parametrize(
    "line",
    [
        "1 ボルシャック・ドラゴン（パートナー）",
        "1 ボルシャック・ドラゴン [パートナー]",
        "ボルシャック・ドラゴン ★パートナー",
        "ボルシャック・ドラゴン (Partner)",
        "1x ボルシャック・ドラゴン ←パートナー",
        "ボルシャック・ドラゴン【パートナー】 x1",
        "ボルシャック・ドラゴン,1,パートナー",
    ],
)
def test_a_partner_mark_after_the_name_designates_the_partner(pool, line):
    cards, _, _ = read(pool, f"{line}\n1 ガルチェンソ・ドラゴン")
    assert cards == [(1, BOLSHACK, 1, True), (2, "ガルチェンソ・ドラゴン", 1, False)]


def test_under_a_partner_heading_a_bracketed_line_is_the_partner_even_misspelt(pool):
    cards, unresolved, _ = read(pool, "★パートナー★\n【五輪の求道者 清長】\n1 ボルシャック・ドラゴン")
    assert (cards, unresolved) == ([(3, BOLSHACK, 1, False)], ["五輪の求道者 清長"])


def test_bracketed_lines_are_cards_when_they_name_one_and_headings_otherwise(pool):
    text = (
        "【初動】\n【五輪の求道者 清永】\n1 ボルシャック・ドラゴン\n[アカシック・ゼノン]\n[受け札]\n1 "
        "ガルチェンソ・ドラゴン"
    )
    cards, unresolved, problems = read(pool, text)
    assert [(line, name) for line, name, _, _ in cards] == [
        (2, "五輪の求道者 清永"),
        (3, BOLSHACK),
        (4, "アカシック・ゼノン"),
        (6, "ガルチェンソ・ドラゴン"),
    ]
    assert (unresolved, problems) == ([], [])


def test_a_list_that_brackets_every_card_reports_the_one_that_matches_nothing(pool):
    """When most 【】 lines are cards, 【】 marks cards: a misspelt one is DP100, not a heading."""
    _, cards = product(BD4)
    lines = [f"【{name}】" for name in cards[:10]] + ["【ガルチェンソ・ドラゴソ】"]
    found, unresolved, _ = read(pool, "\n".join(lines))
    assert len(found) == 10 and unresolved == ["ガルチェンソ・ドラゴソ"]


HEADING_LINES = [
    "クリーチャー",
    "呪文",
    "ツインパクト",
    "タマシード",
    "フィールド",
    "クロスギア",
    "城",
    "■クリーチャー",
    "【呪文】",
    "Creatures",
    "Spells:",
    "デッキレシピ",
    "レシピ",
    "採用カード",
    "採用カード一覧",
    "=====",
    "-----",
    "～～～～",
    "━━━━━━",
    "作成日：2026/03/20",
    "プレイレベル：2",
    "文明：水/火/自然",
    "価格：3,000円",
    "デッキ名：龍幻郷",
    "https://dm.takaratomy.co.jp/product/dm23bd4/",
    "|---|---|",
    "```",
    "# 龍幻郷",
    "メモ: 初心者向け",
]
COUNTS = {
    "クリーチャー (25)": 25,
    "呪文（10枚）": 10,
    "メインデッキ(59枚)": 59,
    "合計60枚": 60,
    "計60枚": 60,
    "デッキ枚数：60": 60,
    "Total: 40": 40,
    "Creatures (13)": 13,
    "Spells: 19": 19,
    "■ツインパクト（12枚）": 12,
    "## クリーチャー 25枚": 25,
    "【メインデッキ】（59枚）": 59,
    "◆Main (59)": 59,
    "D2フィールド (2)": 2,
    "**合計 60枚**": 60,
    "パートナー（1枚）": 1,
    "メインデッキ（計59枚）": 59,
    "クリーチャー：２５枚": 25,
}
COUNT_HEADINGS = list(COUNTS)


@pytest.mark.parametrize("line", HEADING_LINES + COUNT_HEADINGS)
def test_headings_totals_separators_and_metadata_are_no_cards(pool, line):
    """Never a card, never phantom copies, never reported: the line is a heading or metadata."""
    cards, unresolved, problems = read(pool, f"{line}\n1 ボルシャック・ドラゴン")
    assert (cards, unresolved, problems) == ([(2, BOLSHACK, 1, "パートナー" in line)], [], [])


@pytest.mark.parametrize("line", COUNT_HEADINGS)
def test_a_heading_keeps_its_stated_count(line):
    deck = parse_decklist(f"{line}\n1 ボルシャック・ドラゴン".encode(), "deck.txt")
    assert [(h.line, h.stated) for h in deck.headings] == [(1, COUNTS[line])]


def test_no_heading_word_is_a_card_name(pool):
    """The reader decides headings by their words alone: none of them may be a card."""
    from duepa_check.reading.words import (
        HEADING_KINDS,
        METADATA_WORDS,
        TABLE_COUNT_COLUMNS,
        TABLE_NAME_COLUMNS,
        TABLE_PARTNER_COLUMNS,
    )

    words = set(HEADING_KINDS) | METADATA_WORDS | TABLE_NAME_COLUMNS | TABLE_COUNT_COLUMNS | TABLE_PARTNER_COLUMNS
    assert [word for word in sorted(words) if pool.lookup(word).cards] == []


def test_lines_that_are_nothing_are_still_reported(pool):
    """The rule of thumb's last step: no card, no heading shape → DP100/DP102, never dropped."""
    cards, unresolved, problems = read(pool, "初動\n!!!!\n1 ボルシャック・ドラゴン\n-\n初動 (8)")
    assert cards == [(3, BOLSHACK, 1, False)]
    assert unresolved == ["初動", "初動"]
    assert problems == [(2, "!!!!"), (4, "-")]


@pytest.mark.parametrize("name", sorted(p.name for p in LAYOUTS.iterdir() if p.name != "README.md"))
def test_real_looking_layouts_read_to_the_product_list(capsys, pool, name):
    """Each layout is the product list, card for card, with its partner; and a legal deck."""
    from duepa_check.reading.resolve import resolve_deck

    base = BD6 if name in ("site_copy.txt", "spreadsheet.csv") else BD4
    partner, cards = product(base)
    deck = resolve_deck(parse_decklist((LAYOUTS / name).read_bytes(), name), pool)
    assert (deck.problems, deck.unresolved) == ([], [])
    assert sorted(c.card.name for c in deck.cards if not c.entry.is_partner) == sorted(pool.get(n).name for n in cards)
    assert [c.card.name for c in deck.cards if c.entry.is_partner] == [pool.get(partner).name]
    code, result = check_json(capsys, LAYOUTS / name)
    assert (code, result["violations"], result["card_count"]) == (0, [], 60)


def test_a_layout_with_a_card_lost_warns_on_its_heading(capsys, tmp_path):
    """note_recipe.txt with one creature line deleted: DP204 on ■クリーチャー, the デッキレシピ and 合計 lines."""
    lines = (LAYOUTS / "note_recipe.txt").read_text(encoding="utf-8").splitlines()
    lost = lines.index("1 ボルシャック・インフィニティ ←お気に入り")
    lines[lost] = "// lost"
    path = tmp_path / "recipe.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, deck = check_json(capsys, path)
    headings = [(v["line"], v["card"]) for v in deck["violations"] if v["rule"] == "DP204"]
    assert headings == [
        (13, "デッキレシピ（59枚）"),
        (15, "■クリーチャー (38)"),
        (lines.index("合計60枚") + 1, "合計60枚"),
    ]
    assert code == 1 and ("DP001", None) in rule_lines(deck)


# ---------------------------------------------------------------------------- CSV and Markdown files


def csv_entries(pool, text: str, path: str = "deck.csv"):
    return read(pool, text, path)


def test_csv_with_a_header_in_any_column_order(pool):
    text = "枚数,カード名\n1,ボルシャック・ドラゴン\n2,ガルチェンソ・ドラゴン\n"
    assert csv_entries(pool, text)[0] == [(2, BOLSHACK, 1, False), (3, "ガルチェンソ・ドラゴン", 2, False)]
    text = "name,count,partner\nボルシャック・ドラゴ大王,1,yes\nガルチェンソ・ドラゴン,1,no\n"
    assert csv_entries(pool, text)[0] == [
        (2, "ボルシャック・ドラゴ大王", 1, True),
        (3, "ガルチェンソ・ドラゴン", 1, False),
    ]


def test_csv_rows_keep_their_real_lines_across_quoted_line_breaks(pool):
    text = 'カード名,枚数,メモ\nボルシャック・ドラゴン,1,"初動\n受け"\n\nガルチェンソ・ドラゴン,1,\n'
    assert csv_entries(pool, text)[0] == [(2, BOLSHACK, 1, False), (5, "ガルチェンソ・ドラゴン", 1, False)]


def test_bad_csv_rows_are_dp102_not_errors(pool):
    text = "カード名,枚数\nボルシャック・ドラゴン,abc\n,1\nガルチェンソ・ドラゴン,1\n"
    cards, _, problems = csv_entries(pool, text)
    assert cards == [(4, "ガルチェンソ・ドラゴン", 1, False)]
    assert [line for line, _ in problems] == [2, 3]
    cards, _, problems = csv_entries(pool, "1,5,ボルシャック・ドラゴン\n")  # which number is the count?
    assert (cards, [line for line, _ in problems]) == ([], [1])


def test_a_csv_quote_never_closed_is_one_reported_row(capsys, tmp_path):
    path = tmp_path / "deck.csv"
    path.write_text('ボルシャック・ドラゴン,1\n"ガルチェンソ・ドラゴン,1\n' + "x" * 200_000 + "\n", encoding="utf-8")
    code, deck = check_json(capsys, path)
    assert code == 1 and ("DP102", 2) in rule_lines(deck)


def test_tsv_and_semicolon_csv(pool):
    assert csv_entries(pool, "カード名\t枚数\nボルシャック・ドラゴン\t1\n", "deck.tsv")[0] == [(2, BOLSHACK, 1, False)]
    assert csv_entries(pool, "ボルシャック・ドラゴン;1\n")[0] == [(1, BOLSHACK, 1, False)]


def test_markdown_table_in_a_text_file(pool):
    text = (
        "| # | カード名 | 枚数 |\n|---|---|---|\n| 1 | ボルシャック・ドラゴン | 1 |\n| 2 | ガルチェンソ・ドラゴン "
        "| 1 |\n"
    )
    assert read(pool, text)[0] == [(3, BOLSHACK, 1, False), (4, "ガルチェンソ・ドラゴン", 1, False)]
    assert read(pool, "| 1 | ボルシャック・ドラゴン |\n| ガルチェンソ・ドラゴン | x1 |\n")[0] == [
        (1, BOLSHACK, 1, False),
        (2, "ガルチェンソ・ドラゴン", 1, False),
    ]


def test_violations_in_csv_and_markdown_point_at_the_real_line(capsys, tmp_path):
    partner, cards = product(BD4)
    cards[10] = "フェアリー・シャワー"  # 水/自然 in a 火/自然 deck
    (tmp_path / "deck.csv").write_text(
        "カード名,枚数\n" + f"{partner}（パートナー）,1\n" + "".join(f'"{c}",1\n' for c in cards), encoding="utf-8"
    )
    (tmp_path / "deck.md").write_text(
        "# deck\n\n## パートナー\n"
        + f"{partner}\n\n| カード名 | 枚数 |\n|---|---|\n"
        + "".join(f"| {c} | 1 |\n" for c in cards),
        encoding="utf-8",
    )
    assert rule_lines(check_json(capsys, tmp_path / "deck.csv")[1]) == [("DP005", 13)]
    assert rule_lines(check_json(capsys, tmp_path / "deck.md")[1]) == [("DP005", 18)]


# ---------------------------------------------------------------------------- which files are decklists


def test_folder_walk_reads_csv_and_md_only_when_they_start_like_a_deck(capsys, tmp_path):
    (tmp_path / "README.md").write_text("# decks\n\nこのリポジトリは大会のデッキです。\n", encoding="utf-8")
    (tmp_path / "prices.csv").write_text("date,price\n2026-03-20,3000\n", encoding="utf-8")
    (tmp_path / "deck.md").write_text((LAYOUTS / "deck.md").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "deck.csv").write_text((LAYOUTS / "spreadsheet.csv").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "list.txt").write_text((DECKS / BD4).read_text(encoding="utf-8"), encoding="utf-8")
    result = run(capsys, tmp_path, "--format", "json", "--as-of", "2026-03-16")
    assert sorted(Path(d["path"]).name for d in result.json["decks"]) == ["deck.csv", "deck.md", "list.txt"]
    assert result.code == 0


def test_csv_and_md_named_explicitly_are_read_as_decks(capsys, tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text("# decks\n\nこのリポジトリは大会のデッキです。\nボルシャック・ドラゴソ\n", encoding="utf-8")
    code, deck = check_json(capsys, readme)  # the sentence is a remark (issue 47), the misspelt card is not
    assert code == 1 and ("DP100", 4) in rule_lines(deck) and ("DP100", 3) not in rule_lines(deck)


def test_suffixes_agree_across_reader_hook_and_readme():
    """DECK_SUFFIXES (folder walk), the pre-commit hook's files pattern and the README say the same."""
    import re

    import yaml

    from duepa_check.reading.decklist import DECK_SUFFIXES, PARSERS, TABLE_SUFFIXES

    root = DECKS.parent.parent.parent
    hooks = yaml.safe_load((root / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert [hook["id"] for hook in hooks] == ["duepa-check", "duepa-check-fix"]
    assert hooks[1]["files"] == hooks[0]["files"]  # the fixing hook picks the same files
    hook = hooks[0]
    for suffix in DECK_SUFFIXES:
        assert re.search(hook["files"], f"decks/a{suffix}") and re.search(hook["files"], f"decks/a{suffix.upper()}")
    for suffix in TABLE_SUFFIXES:  # a README.md or a data CSV in a deck repository is no deck
        assert not re.search(hook["files"], f"decks/a{suffix}")
    assert set(PARSERS) <= set(DECK_SUFFIXES) | set(TABLE_SUFFIXES)
    for page, heading in (("formats.md", "Which files"), ("formats.ja.md", "どのファイルを読むか")):
        section = (
            (root / "docs" / page).read_text(encoding="utf-8").split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]
        )
        for suffix in DECK_SUFFIXES + TABLE_SUFFIXES:
            assert f"`{suffix}`" in section, (page, suffix)
    for page in ("ci.md", "ci.ja.md"):  # the pre-commit paragraph
        text = (root / "docs" / page).read_text(encoding="utf-8")
        hook_list = re.search(r"`(\.[a-z]+(?: \.[a-z]+)*)` (?:files|のファイル)", text)
        assert hook_list and set(hook_list.group(1).split()) == set(DECK_SUFFIXES), page


def test_tabs_show_as_spaces_in_the_text_report(capsys, tmp_path):
    path = make_deck(tmp_path, BD4, replace={30: "1\tボルシャック・ドラゴソ\t（新規）", 31: "!!\t!!"})
    result = run(capsys, path, "--as-of", "2026-03-16", "--no-color")
    assert result.code == 1
    assert "ボルシャック・ドラゴソ （新規）" in result.out and "!! !!" in result.out
    result = run(capsys, path, "--as-of", "2026-03-16", "--no-color", "--format", "table")
    assert "ボルシャック・ドラゴソ （新規）" in result.out and "!! !!" in result.out
    assert "\ufffd" not in result.out
    yaml_deck = tmp_path / "deck.yaml"  # a tab the reader keeps (a quoted YAML name) is a space in the report too
    yaml_deck.write_text('partner: ボルシャック・ドラゴ大王\ncards:\n  - "ボルシャック\tドラゴソ"\n', encoding="utf-8")
    result = run(capsys, yaml_deck, "--as-of", "2026-03-16", "--no-color")
    assert "ボルシャック ドラゴソ" in result.out and "\ufffd" not in result.out


@pytest.mark.parametrize("line", ["**", "__", "** __", "****"])
def test_emphasis_of_nothing_is_a_blank_line(line):
    # It was read as an empty line of text and failed ("cannot check this deck (IndexError)").
    parsed = parse_decklist(f"1 ボルシャック・ドラゴン\n{line}\n1 フェアリー・ライフ\n".encode(), "deck.txt")
    assert [(entry.line, entry.name) for entry in parsed.entries] == [
        (1, "ボルシャック・ドラゴン"),
        (3, "フェアリー・ライフ"),
    ]
    assert parsed.problems == []
