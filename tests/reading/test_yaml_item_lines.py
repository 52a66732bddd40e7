"""A YAML decklist's items are each reported on the line where the item is written (issue 49 §2).

Generated ``cards:`` sequences mix plain, quoted and multi-line scalars, block and flow mappings,
a mapping that starts on the line after its dash, anchors and aliases, comments, and items that are
no card (a number, true, null, a list, a count of 0). Every entry and every problem the reader
gives must carry the line where its item's text starts, and a problem that names a path names that
item's index. The expected lines are counted here, from the text as it is generated.
"""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from duepa_check.reading.decklist import parse_decklist

NAMES = [
    "龍の呼び声",
    "ボルシャック・ドラゴン",
    "Bolshack Dragon",
    "永遠のリュウセイ・カイザー",
    "フェアリー・シャワー",
]

# Each form: (lines of the item; the first is after "- "; the 0-based offset of the line its text
# starts on; whether it reads as a card). {name}, {count}, {anchor} are filled in below.
FORMS = {
    "plain": (["{name}"], 0, True),
    "plain-comment": (["{name}  # 入れ替え候補"], 0, True),
    "double": (['"{name}"'], 0, True),
    "single": (["'{name}'"], 0, True),
    "multi-line": (['"{name}', '  ２枚目"'], 0, True),
    "block": (["name: {name}", "  count: {count}"], 0, True),
    "block-count-first": (["count: {count}", "  name: {name}"], 0, True),
    "block-next-line": (["", "  name: {name}", "  count: {count}"], 1, True),
    "flow": (["{{name: {name}, count: {count}}}"], 0, True),
    "flow-multi-line": (["{{name: {name},", "   count: {count}}}"], 0, True),
    "anchored": (["&{anchor} {name}"], 0, True),
    "anchored-flow": (["&{anchor} {{name: {name}, count: {count}}}"], 0, True),
    "number": (["{count}"], 0, False),
    "true": (["true"], 0, False),
    "null": (["null"], 0, False),
    "list": (["[{name}]"], 0, False),
    "count-zero": (["{{name: {name}, count: 0}}"], 0, False),
}


@st.composite
def yaml_decks(draw):
    """(text, [(line, index, is a card) of each item, in order])."""
    lines = ["# デッキ", "cards:"]
    expected = []
    anchors: list[tuple[str, bool]] = []
    for index in range(draw(st.integers(1, 12))):
        if draw(st.integers(0, 4)) == 0:
            lines.append(draw(st.sampled_from(["# コメント", "", "  # インデントしたコメント"])))
        if anchors and draw(st.integers(0, 5)) == 0:
            anchor, card = draw(st.sampled_from(anchors))
            lines.append(f"- *{anchor}")
            expected.append((len(lines), index, card))
            continue
        form = draw(st.sampled_from(sorted(FORMS)))
        body, starts, card = FORMS[form]
        fill = {"name": draw(st.sampled_from(NAMES)), "count": draw(st.integers(1, 7)), "anchor": f"a{index}"}
        item = [line.format(**fill) for line in body]
        first = len(lines) + 1
        lines.append(("- " + item[0]).rstrip())
        lines.extend(item[1:])
        expected.append((first + starts, index, card))
        if "{anchor}" in body[0]:
            anchors.append((fill["anchor"], card))
    return "\n".join(lines) + "\n", expected


def _read(text: str):
    return parse_decklist(text.encode("utf-8"), "deck.yaml")


@settings(deadline=None, max_examples=300)
@given(yaml_decks())
@example(("cards:\n- 7\n- {name: 龍の呼び声, count: 7}\n", [(2, 0, False), (3, 1, True)]))
@example(("cards:\n- 1\n- 1\n", [(2, 0, False), (3, 1, False)]))
@example(("cards:\n- &a 龍の呼び声\n- *a\n", [(2, 0, True), (3, 1, True)]))
def test_every_item_is_reported_where_it_is_written(deck):
    text, expected = deck
    read = _read(text)
    assert [entry.line for entry in read.entries] == [line for line, _, card in expected if card], text
    assert [problem.line for problem in read.problems] == [line for line, _, card in expected if not card], text
    bad = [index for _, index, card in expected if not card]
    for problem, index in zip(read.problems, bad, strict=True):
        where = problem.message.args.get("where")
        assert where in (None, f"cards[{index}]"), (text, problem)


def test_the_partner_is_reported_on_its_own_line():
    text = "partner: &p 龍の呼び声\n# 本体\ncards:\n- 7\n- *p\n"
    read = _read(text)
    assert [(entry.line, entry.is_partner) for entry in read.entries] == [(1, True), (5, False)]
    assert [(problem.line, problem.message.args.get("where")) for problem in read.problems] == [(4, "cards[0]")]


def test_cards_given_as_an_alias_take_the_anchored_sequence_s_lines():
    text = "spare: &deck\n  - 龍の呼び声\n  - 7\ncards: *deck\n"
    read = _read(text)
    assert [entry.line for entry in read.entries] == [2]
    assert [problem.line for problem in read.problems][-1] == 3  # after the unknown key 'spare' (line 1)


def test_a_later_cards_key_is_the_one_read_and_located():
    text = "cards:\n- 7\ncards:\n- 龍の呼び声\n- 8\n"
    read = _read(text)
    assert [entry.line for entry in read.entries] == [4]
    assert [(p.line, p.message.args.get("where")) for p in read.problems if p.message.key != "parse.duplicate-key"] == [
        (5, "cards[1]")
    ]
