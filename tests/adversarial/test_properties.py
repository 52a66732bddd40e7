"""Whatever bytes a decklist file holds, the checker answers 0, 1 or 2 and never crashes.

``main()`` runs in-process: an unexpected exception propagates and fails the test, so
"no traceback" is checked directly.
"""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import BD4, BD6, deck_lines

from duepa_check.cli import main
from duepa_check.data.names import closest_keys, name_key
from duepa_check.data.pool import CardPool
from duepa_check.reading.decode import split_lines

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
VARIANT = settings(SETTINGS, max_examples=100)  # the variants share the budget (~25 ms per example)
REAL_NAMES = [line.split(" ", 1)[1] for base in (BD4, BD6) for line in deck_lines(base)[3:]]
SUFFIXES = st.sampled_from([".txt", ".yaml", ".json", ".dek", ".csv", ".md"])


@pytest.fixture(autouse=True)
def _fast_suggestions(monkeypatch):
    """Close-name suggestions over a few hundred keys instead of every key in the pool.

    A real suggestion scans ~16,000 keys (~0.1 s); random text is full of unknown names.
    The same matcher still runs on every weird name; test_rules.py covers real suggestions.
    """
    keys = sorted({name_key(name) for name in REAL_NAMES} | {"ガルチェンソドラゴン", "a", "1"})

    def suggest(self, key, limit=3):
        names = []
        for close in closest_keys(key, keys, limit=limit):
            names.extend(card.name for _, card in self._hits(close))
        return names[:limit]

    monkeypatch.setattr(CardPool, "suggest", suggest)


def check_bytes(data: bytes, suffix: str, *options: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"deck{suffix}"
        path.write_bytes(data)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([str(path), "--as-of", "2026-03-16", *options])
    return code, out.getvalue(), err.getvalue()


def assert_clean(code: int, out: str, err: str, text_format: bool = True) -> None:
    assert code in (0, 1, 2)
    assert "Traceback" not in out + err
    if code == 2 and text_format:
        assert len(err.strip().splitlines()) == 1, err


@SETTINGS
@given(data=st.binary(max_size=2000), suffix=SUFFIXES)
def test_any_bytes_give_exit_0_1_or_2(data, suffix):
    assert_clean(*check_bytes(data, suffix))


@VARIANT
@given(data=st.binary(max_size=500), suffix=SUFFIXES)
def test_any_bytes_in_json_format_give_a_json_document(data, suffix):
    code, out, err = check_bytes(data, suffix, "--format", "json")
    assert code in (0, 1, 2)
    assert "Traceback" not in out + err
    document = json.loads(out)
    assert document["summary"]["decks"] == 1


# ---------------------------------------------------------------------------- deck-like text

NAME = st.one_of(st.sampled_from(REAL_NAMES), st.text(min_size=1, max_size=30))
COUNT = st.integers(min_value=0, max_value=100_000).map(str)
LINE = st.one_of(
    st.builds(lambda c, n: f"{c} {n}", COUNT, NAME),
    st.builds(lambda c, n: f"{c}x {n}", COUNT, NAME),
    st.builds(lambda n, c: f"{n} x{c}", NAME, COUNT),
    st.builds(lambda n, c: f"{n} ×{c}", NAME, COUNT),
    st.builds(lambda n, c: f"{n} {c}枚", NAME, COUNT),
    st.builds(lambda n: f"《{n}》", NAME),
    st.builds(lambda c, n: f"{c}枚 {n}", COUNT, NAME),
    st.builds(lambda n, c: f"{n} {c}", NAME, COUNT),  # a count after a space, or a name ending in digits
    st.builds(
        lambda n, c, form: form.format(n, c),
        NAME,
        COUNT,
        st.sampled_from(["{}({})", "{}（{}枚）", "{}：{}", "{} ×{}枚"]),
    ),
    st.builds(lambda b, n: f"{b} {n}", st.sampled_from(["-", "*", "•", "・", "－"]), NAME),
    st.builds(lambda n: f"パートナー: {n}", NAME),
    st.builds(lambda n: f"Partner: {n}", NAME),
    st.builds(lambda n: f"{n} # {n}", NAME),
    st.builds(
        lambda form, n, c: form.format(n=n, c=c),
        st.sampled_from(
            [
                "{c}. {n}",
                "①{n}",
                "「{n}」×{c}",
                "x{c} {n}",
                "{n} (x{c})",
                "{n} ｘ{c}",
                "{n} 一枚",
                "{n} / {c}",
                "■{n}",
                "{c} {n} （新規）",
                "{c} {n} (DM23-BD6)",
                "{n}（パートナー）",
                "【{n}】",
                "[{n}] x{c}",
                "{n},{c}",
                "| {c} | {n} |",
                "{n}&amp;{c}",
                "{c}\t{n}",
                "クリーチャー ({c})",
                "合計{c}枚",
                "★パートナー★",
                "=====",
                "| --- | --- |",
                "カード名,枚数",
                "{n} ★パートナー",
            ]
        ),
        NAME,
        COUNT,
    ),
    st.builds(
        lambda m, w, r: f"{m}{w}{r}",
        st.sampled_from(["【", "[", "■", "◆"]),
        st.sampled_from(["パートナー】", "メイン】", "デッキ名】", "超次元ゾーン", "Main]", "今すぐ】"]),
        NAME,
    ),
    st.sampled_from(
        [
            "",
            "# comment",
            "// comment",
            "[パートナー]",
            "パートナー",
            "Partner:",
            "メイン",
            "Main",
            "Deck",
            "!!!!",
            "cards:",
            "partner:",
            "  - ",
            "{",
            "}",
            "[",
            "- name: x",
            "  count: 3",
            "title: t",
        ]
    ),
    NAME,
)
NEWLINE = st.sampled_from(["\n", "\r\n", "\r"])
ENCODING = st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "cp932"])


def encode(text: str, encoding: str) -> bytes:
    return text.encode(encoding, errors="replace") if encoding == "cp932" else text.encode(encoding, "surrogatepass")


@VARIANT
@given(lines=st.lists(LINE, max_size=70), newline=NEWLINE, encoding=ENCODING, suffix=SUFFIXES)
def test_deck_like_text_gives_exit_0_1_or_2(lines, newline, encoding, suffix):
    text = newline.join(lines)
    try:
        data = encode(text, encoding)
    except UnicodeEncodeError:  # lone surrogates cannot be written in any encoding
        data = text.encode("utf-8", "replace")
    assert_clean(*check_bytes(data, suffix))


@VARIANT
@given(
    replaced=st.dictionaries(st.integers(min_value=1, max_value=62), LINE, max_size=5),
    base=st.sampled_from([BD4, BD6]),
)
def test_real_deck_with_random_lines_replaced_gives_exit_0_1_or_2(replaced, base):
    lines = deck_lines(base)
    for number, text in replaced.items():
        lines[number - 1] = text
    text = "\n".join(lines)
    code, out, err = check_bytes(text.encode("utf-8", "replace"), ".txt", "--format", "json")
    assert_clean(code, out, err, text_format=False)
    if code != 2:
        deck = json.loads(out)["decks"][0]
        last = len(split_lines(text))  # a generated line may hold a line break of its own
        assert all(v["line"] is None or 1 <= v["line"] <= last for v in deck["violations"])
        assert deck["legal"] == (code == 0)


# ---------------------------------------------------------------------------- lists as people publish them

POOL = CardPool.load()
PUBLISHED_FORMS = [
    "{count} {name}",
    "{count}x{name}",
    "x{count} {name}",
    "×{count} {name}",
    "{name} x{count}",
    "{name} ×{count}",
    "{name} ({count})",
    "{name} (x{count})",
    "{name}（{count}枚）",
    "{name} {count}枚",
    "{name} ｘ{count}",
    "{name} *{count}",
    "{name} / {count}",
    "{name} - {count}",
    "「{name}」×{count}",
    "{item}. {name} x{count}",
    "{item}) {name} ×{count}",
    "■ {count} {name}",
    "→ {name} x{count}",
    "{count} {name} （新規）",
    "{count} {name} ←お気に入り",
    "{count} {name} (DM23-BD4)",
    "{count} {name} 23BD4 {item}/60",
    "{name},{count}",
    "{count},{name}",
    '"{name}",{count}',
    "| {count} | {name} |",
    "{count}\t{name}",
    "{name}\t{count}",
    "《{name}》 ×{count}枚",
    "{count} {name} ※要調整",
]


@VARIANT
@given(
    name=st.sampled_from(REAL_NAMES),
    count=st.integers(min_value=1, max_value=9),
    item=st.integers(min_value=1, max_value=60),
    form=st.sampled_from(PUBLISHED_FORMS),
)
def test_any_published_form_of_a_real_card_reads_that_card_and_count(name, count, item, form):
    from duepa_check.reading.decklist import parse_decklist
    from duepa_check.reading.resolve import resolve_deck

    line = form.format(name=name, count=count, item=item)
    deck = resolve_deck(parse_decklist(f"# list\n{line}\n".encode(), "deck.txt"), POOL)
    assert [(c.entry.line, c.card.name, c.entry.count) for c in deck.cards] == [(2, POOL.get(name).name, count)], line
    assert (deck.unresolved, deck.problems) == ([], [])


HEADING_WORDS = [
    "クリーチャー",
    "呪文",
    "ツインパクト",
    "タマシード",
    "フィールド",
    "メインデッキ",
    "デッキレシピ",
    "採用カード",
    "Creatures",
    "Spells",
    "合計",
    "計",
    "デッキ枚数",
    "Total",
    "パートナー",
    "統率者",
]
HEADING_FORMS = [
    "{word} ({count})",
    "{word}（{count}枚）",
    "{word}：{count}",
    "{word}: {count}",
    "■{word}（{count}枚）",
    "【{word}】（{count}枚）",
    "## {word} {count}枚",
    "**{word} {count}枚**",
    "★{word}★",
    "<{word}>",
    "{word}",
]


@VARIANT
@given(
    word=st.sampled_from(HEADING_WORDS),
    count=st.integers(min_value=0, max_value=9999),
    form=st.sampled_from(HEADING_FORMS),
    at=st.integers(min_value=3, max_value=62),
)
def test_a_heading_with_any_count_adds_no_card_and_no_copies(word, count, form, at):
    """Whatever its count, a heading inserted in a real deck is not a card: still 60 cards, no DP1xx."""
    lines = deck_lines(BD4)
    lines.insert(at, form.format(word=word, count=count))
    code, out, err = check_bytes("\n".join(lines).encode(), ".txt", "--format", "json")
    deck = json.loads(out)["decks"][0]
    assert deck["card_count"] == 60, (form, deck["violations"])
    assert not [v for v in deck["violations"] if v["rule"].startswith("DP1")], deck["violations"]


@VARIANT
@given(
    data=st.data(),
    header=st.sampled_from([None, "カード名,枚数", "枚数,カード名", "name,count", "No.,カード名,枚数,種類"]),
    quote=st.booleans(),
    newline=NEWLINE,
    suffix=st.sampled_from([".csv", ".txt"]),
)
def test_a_real_deck_as_csv_is_legal_in_any_column_order_and_quoting(data, header, quote, newline, suffix):
    lines = deck_lines(BD6)
    partner, cards = lines[1].split(": ", 1)[1], [line.split(" ", 1)[1] for line in lines[3:]]
    cards = data.draw(st.permutations(cards))

    def cell(name: str) -> str:
        return '"' + name.replace('"', '""') + '"' if quote or "," in name or '"' in name else name

    def row(name: str, count: int = 1) -> str:
        if header is None:
            return data.draw(st.sampled_from([f"{cell(name)},{count}", f"{count},{cell(name)}"]))
        return {
            "カード名,枚数": f"{cell(name)},{count}",
            "枚数,カード名": f"{count},{cell(name)}",
            "name,count": f"{cell(name)},{count}",
            "No.,カード名,枚数,種類": f"7,{cell(name)},{count},x",
        }[header]

    rows = ([header] if header else []) + [row(f"{partner}（パートナー）")] + [row(c) for c in cards]
    code, out, err = check_bytes(newline.join(rows).encode("utf-8"), suffix, "--format", "json")
    deck = json.loads(out)["decks"][0]
    assert (code, deck["violations"], deck["card_count"]) == (0, [], 60), rows[:3]


@VARIANT
@given(data=st.binary(max_size=1500), suffix=st.sampled_from([".csv", ".tsv", ".md"]))
def test_any_bytes_as_csv_or_markdown_give_exit_0_1_or_2(data, suffix):
    assert_clean(*check_bytes(data, suffix))


@VARIANT
@given(
    lines=st.lists(
        st.one_of(
            LINE,
            st.builds(lambda cells: "|" + "|".join(cells) + "|", st.lists(NAME, max_size=4)),
            st.builds(",".join, st.lists(st.one_of(NAME, COUNT), max_size=4)),
        ),
        max_size=40,
    ),
    suffix=st.sampled_from([".csv", ".md", ".txt"]),
)
def test_table_like_text_gives_exit_0_1_or_2(lines, suffix):
    text = "\n".join(lines)
    assert_clean(*check_bytes(text.encode("utf-8", "surrogatepass").decode("utf-8", "replace").encode(), suffix))
