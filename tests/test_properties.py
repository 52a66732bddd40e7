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
from conftest import BD4, BD6, deck_lines
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from duepa_check.cards import CardPool
from duepa_check.cli import main
from duepa_check.decklist import split_lines
from duepa_check.names import closest_keys, name_key

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
VARIANT = settings(SETTINGS, max_examples=100)  # the variants share the budget (~25 ms per example)
REAL_NAMES = [line.split(" ", 1)[1] for base in (BD4, BD6) for line in deck_lines(base)[3:]]
SUFFIXES = st.sampled_from([".txt", ".yaml", ".json", ".dek"])


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
    st.builds(lambda n, c, form: form.format(n, c), NAME, COUNT, st.sampled_from(["{}({})", "{}（{}枚）", "{}：{}", "{} ×{}枚"])),
    st.builds(lambda b, n: f"{b} {n}", st.sampled_from(["-", "*", "•", "・", "－"]), NAME),
    st.builds(lambda n: f"パートナー: {n}", NAME),
    st.builds(lambda n: f"Partner: {n}", NAME),
    st.builds(lambda n: f"{n} # {n}", NAME),
    st.builds(lambda m, w, r: f"{m}{w}{r}", st.sampled_from(["【", "[", "■", "◆"]),
              st.sampled_from(["パートナー】", "メイン】", "デッキ名】", "超次元ゾーン", "Main]", "今すぐ】"]), NAME),
    st.sampled_from(["", "# comment", "// comment", "[パートナー]", "パートナー", "Partner:", "メイン", "Main", "Deck",
                     "!!!!", "cards:", "partner:", "  - ", "{", "}", "[", "- name: x", "  count: 3", "title: t"]),
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
