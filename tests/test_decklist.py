"""Every decklist form design.md lists parses to the right entries, on the right lines.

Plain text (counts first or last, 枚, bare names, 《》, comments, headers, partner lines),
YAML and JSON of the same shape, and the encodings and line ends people's editors write.
"""

from __future__ import annotations

import json

import pytest
from conftest import BD4, BD6, DECKS, check_json, deck_lines, make_deck

from duepa_check.decklist import Entry, parse_decklist


def entries(text: str, path: str = "deck.txt") -> list[tuple[int, str, int, bool]]:
    deck = parse_decklist(text.encode("utf-8"), path)
    assert deck.problems == []
    return [(e.line, e.name, e.count, e.is_partner) for e in deck.entries]


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
    assert entries("1 ネオ・ボルシャック・ドラゴン/ボルシャックゾーン")[0][1] == "ネオ・ボルシャック・ドラゴン/ボルシャックゾーン"


# ---------------------------------------------------------------------------- comments, blanks, headers


def test_comments_and_blank_lines_are_skipped_and_line_numbers_kept():
    text = "# a comment\n\n// another\n1 ガルチェンソ・ドラゴン # first copy\n   \n1 エール・ライフ // a spell\n"
    assert entries(text) == [(4, "ガルチェンソ・ドラゴン", 1, False), (6, "エール・ライフ", 1, False)]


@pytest.mark.parametrize("header", ["[パートナー]", "パートナー", "Partner:", "partner", "【パートナー】", "パートナー："])
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
        "【メインデッキ】（59枚）\nガルチェンソ・ドラゴン×1\n■超次元ゾーン\n1 時空の火焰ボルシャック・ドラゴン\n◆Main (59)\n"
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
    forms = ["1 {}", "1x {}", "{} x1", "{} ×1", "{} 1枚", "{}", "《{}》", "1 《{}》 # comment", "{} // comment",
             "1枚 {}", "- {}", "{} 1", "・ 1x {}"]
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
    text = "\n".join(["【デッキ名】龍幻郷", "【作成者】テスト", f"【パートナー】{partner}", "【メインデッキ】（59枚）", *body])
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
        {"partner": "ボルシャック・ドラゴ大王", "cards": ["ガルチェンソ・ドラゴン", {"name": "はずれポンの助", "count": 3}]},
        ensure_ascii=False, indent=2,
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
        json.dumps({"partner": partner, "cards": [{"name": c, "count": 1} for c in cards]}, ensure_ascii=False, indent=1),
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
