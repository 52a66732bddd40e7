"""``check --fix`` and ``--diff``: names written the official way, every other byte as it was.

The properties: for lists generated from the whole pool, with names written in the other
spellings the resolver accepts (half-width kana, hiragana, a ・ left out, a full-width space,
full-width letters, / for ／, an alias), fixing gives exactly the list written with the official
names, in the file's own encoding and line ends, and fixing again changes nothing.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from fix_support import (
    CARDS,
    ENCODINGS,
    NEWLINES,
    POOL,
    SETTINGS,
    SPELLINGS,
    english_spellings,
    fixed_encoding,
    holds,
    other_spelling,
    reads_as_cards,
    written_as,
)
from hypothesis import assume, event, given
from hypothesis import strategies as st
from support import AS_OF, BD4, DECKS, make_deck, run

from duepa_check.check.fix import FixRefused, fixed_bytes, read_for_fixing, write_fixed

# ------------------------------------------------------------------------- text layouts

COUNT_FORMS = ["{count} {name}", "{count}x {name}", "{name} ×{count}", "・ {name}", "- {name} x{count}"]


@st.composite
def text_lists(draw):
    """(bytes as written, bytes with official names, the suffix) of a generated text list."""
    cards = draw(st.lists(st.sampled_from(CARDS), min_size=1, max_size=6, unique_by=lambda card: card.name))
    newline, encoding = draw(st.sampled_from(NEWLINES)), draw(st.sampled_from(ENCODINGS))
    written, official = [], []
    if draw(st.booleans()):
        written.append("# メモ: 《そのまま》")
        official.append(written[-1])
    for card in cards:
        name, fixed = written_as(draw, card)
        form = draw(st.sampled_from(COUNT_FORMS))
        count = draw(st.integers(1, 4))
        written.append(form.format(count=count, name=name))
        official.append(form.format(count=count, name=fixed if holds(encoding, fixed) else name))
        if draw(st.booleans()):
            written.append("")
            official.append("")
    end = newline if draw(st.booleans()) else ""
    try:
        data = (newline.join(written) + end).encode(encoding)
        return data, (newline.join(official) + end).encode(fixed_encoding(data, encoding)), ".txt"
    except UnicodeEncodeError:
        assume(False)


@SETTINGS
@given(text_lists())
def test_fixing_writes_exactly_the_official_list(generated):
    written, official, suffix = generated
    assume(reads_as_cards(written, f"deck{suffix}") and reads_as_cards(official, f"deck{suffix}"))
    fixed = fixed_bytes(written, f"deck{suffix}", POOL)
    event(f"names fixed: {min(len(fixed.fixes), 3)}")
    assert fixed.data == official
    assert fixed_bytes(fixed.data, f"deck{suffix}", POOL).fixes == []  # idempotent


def test_every_spelling_is_met_in_the_pool():
    """Each spelling the property writes exists for some card (else the property tests nothing of it)."""
    for how in SPELLINGS:
        assert any(other_spelling(card, how) for card in CARDS[:3000]), how
    assert sum(bool(english_spellings(card)) for card in CARDS[:3000]) > 1000


# ------------------------------------------------------------------------- the command


def test_fix_rewrites_names_and_reports_the_rest(tmp_path, capsys):
    deck = make_deck(
        tmp_path,
        replace={5: "1 紅に染まりし者「王牙」/クリムゾン・ビクトリー  # ツイン", 6: "2x 永遠のりゅうせい・かいざー"},
        newline="\r\n",
    )
    before = deck.read_bytes().decode().split("\r\n")
    os.chmod(deck, 0o640)
    result = run(capsys, "check", "--fix", deck, "--as-of", AS_OF)
    assert result.code == 1  # the second copy of 永遠のリュウセイ・カイザー is left to the report
    after = deck.read_bytes().decode().split("\r\n")
    assert after[4] == "1 紅に染まりし者「王牙」／クリムゾン・ビクトリー  # ツイン"
    assert after[5] == "2x 永遠のリュウセイ・カイザー"
    changed = [number for number, (old, new) in enumerate(zip(before, after, strict=True)) if old != new]
    nex = before.index("1 ボルシャックライシス・NEX（ネックス）")
    assert after[nex] == "1 ボルシャックライシス・NEX"  # an alias (with its reading) for the official name
    assert before[changed[-1]] == "1 ネオ・ボルシャック・ドラゴン/ボルシャックゾーン"
    assert all(after[n] == "1 " + POOL.lookup(before[n][2:]).card.name for n in changed if n not in (4, 5))
    assert len(changed) == 15 and after[-1] == ""  # the final CRLF kept
    assert stat.S_IMODE(os.stat(deck).st_mode) == 0o640
    assert "15 names fixed in " in result.err
    assert "DP002" in result.out or "times" in result.out
    again = run(capsys, "check", "--fix", deck, "--as-of", AS_OF)
    assert deck.read_bytes().decode().split("\r\n") == after and "fixed" not in again.err


def test_fix_is_also_the_root_command(tmp_path, capsys):
    deck = make_deck(tmp_path, replace={6: "1 永遠のりゅうせい・かいざー"})
    assert run(capsys, "--fix", deck, "--as-of", AS_OF).code == 0
    assert "1 永遠のリュウセイ・カイザー\n" in deck.read_text(encoding="utf-8")


def test_diff_prints_and_writes_nothing(tmp_path, capsys):
    deck = make_deck(tmp_path, replace={6: "1 永遠のりゅうせい・かいざー"})
    before = deck.read_bytes()
    result = run(capsys, "check", "--diff", deck)
    assert result.code == 1
    assert deck.read_bytes() == before
    assert result.out.startswith(f"--- {deck}\n+++ {deck}\n@@ ")
    assert "\n-1 永遠のりゅうせい・かいざー\n" in result.out and "\n+1 永遠のリュウセイ・カイザー\n" in result.out
    run(capsys, "check", "--fix", deck)
    assert run(capsys, "check", "--diff", deck) == type(result)(0, "", "")


def test_diff_marks_a_missing_final_newline(tmp_path, capsys):
    deck = tmp_path / "deck.txt"
    deck.write_bytes("パートナー: ボルシャック・ドラゴ大王\n1 永遠のりゅうせい・かいざー".encode())
    out = run(capsys, "--diff", deck).out
    assert out.endswith("+1 永遠のリュウセイ・カイザー\n\\ No newline at end of file\n")


@pytest.mark.parametrize(
    ("bom", "codec"),
    [(b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be")],
    ids=["utf-8 BOM", "utf-16-le BOM", "utf-16-be BOM"],
)
def test_a_list_with_a_byte_order_mark_is_fixed_and_diffed_in_its_encoding(tmp_path, capsys, bom, codec):
    text = "パートナー: ボルシャック・ドラゴ大王\r\n1 永遠のりゅうせい・かいざー\r\n"
    deck = tmp_path / "deck.txt"
    deck.write_bytes(bom + text.encode(codec))
    diff = run(capsys, "--diff", deck, "--as-of", AS_OF)
    assert "\n-1 永遠のりゅうせい・かいざー\r\n+1 永遠のリュウセイ・カイザー\r\n" in diff.out
    assert run(capsys, "--fix", deck, "--as-of", AS_OF).code == 1  # fixed; the deck is still 2 cards
    assert deck.read_bytes() == bom + text.replace("りゅうせい・かいざー", "リュウセイ・カイザー").encode(codec)


def test_a_name_the_file_s_encoding_cannot_write_is_left_as_written(tmp_path, capsys):
    """《時の法皇 ミラダンテⅫ》 written 'ミラダンテXII' in a CP932 (Shift_JIS) list: CP932 has no Ⅻ, so
    the official name cannot be written there; the list is left byte for byte, and nothing claims a fix."""
    data = "パートナー: ボルシャック・ドラゴ大王\r\n1 時の法皇 ミラダンテXII\r\n".encode("cp932")
    with pytest.raises(UnicodeEncodeError):
        "時の法皇 ミラダンテⅫ".encode("cp932")
    assert fixed_bytes(data, "deck.txt", POOL) == (data, [])
    deck = tmp_path / "deck.txt"
    deck.write_bytes(data)
    result = run(capsys, "--fix", deck, "--as-of", AS_OF, "--format", "json")
    assert deck.read_bytes() == data and result.json["decks"][0]["fixes"] == []
    assert run(capsys, "--diff", deck, "--as-of", AS_OF).out == ""


def test_fix_from_stdin_prints_the_fixed_list(tmp_path, capsys, monkeypatch):
    import io
    import sys

    written = "パートナー: ぼるしゃっく・どらご大王\n1 永遠のりゅうせい・かいざー # 切り札\n"
    stdin = io.TextIOWrapper(io.BytesIO(written.encode("utf-8-sig")), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    out = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(out, encoding="utf-8"))
    code = __import__("duepa_check.cli", fromlist=["main"]).main(["--fix", "-", "--format", "json"])
    sys.stdout.flush()
    assert out.getvalue() == "パートナー: ボルシャック・ドラゴ大王\n1 永遠のリュウセイ・カイザー # 切り札\n".encode(
        "utf-8-sig"
    )
    err = capsys.readouterr().err
    assert '"fixes": [{"line": 1' in err and "2 names fixed in <stdin>" in err
    assert code == 1  # two cards: not 60


def test_plain_output_has_no_fixes_key(tmp_path, capsys):
    deck = make_deck(tmp_path, replace={6: "1 永遠のりゅうせい・かいざー"})
    before = deck.read_bytes()
    plain = run(capsys, deck, "--format", "json", "--as-of", AS_OF)
    assert '"fixes"' not in plain.out and deck.read_bytes() == before
    fixed = run(capsys, "--fix", deck, "--format", "json", "--as-of", AS_OF)
    fixes = fixed.json["decks"][0]["fixes"]
    assert {"line": 6, "from": "永遠のりゅうせい・かいざー", "to": "永遠のリュウセイ・カイザー"} in fixes


def test_symlinked_deck_is_not_written(tmp_path, capsys):
    deck = make_deck(tmp_path, replace={6: "1 永遠のりゅうせい・かいざー"})
    link = tmp_path / "link.txt"
    link.symlink_to(deck)
    before = deck.read_bytes()
    result = run(capsys, "--fix", link)
    assert result.code == 2 and "symbolic link" in result.err
    assert deck.read_bytes() == before


def test_file_changed_since_read_is_not_overwritten(tmp_path):
    deck = make_deck(tmp_path, replace={6: "1 永遠のりゅうせい・かいざー"})
    data = deck.read_bytes()
    read = read_for_fixing(deck, None, data)
    deck.write_bytes(data + b"1 new line\n")
    with pytest.raises(FixRefused):
        write_fixed(read, fixed_bytes(data, str(deck), POOL).data)
    assert deck.read_bytes() == data + b"1 new line\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.txt"]  # no temporary file left


def test_file_outside_the_folder_walked_is_refused(tmp_path):
    outside = make_deck(tmp_path / "elsewhere", replace={6: "1 永遠のりゅうせい・かいざー"})
    folder = tmp_path / "decks"
    folder.mkdir()
    with pytest.raises(FixRefused):
        read_for_fixing(folder / ".." / "elsewhere" / outside.name, folder, outside.read_bytes())


def test_write_is_atomic_and_keeps_the_mode(tmp_path, monkeypatch):
    deck = make_deck(tmp_path, replace={6: "1 永遠のりゅうせい・かいざー"})
    os.chmod(deck, 0o604)
    data = deck.read_bytes()
    read = read_for_fixing(deck, None, data)
    replaced = []
    real_replace = os.replace
    monkeypatch.setattr(os, "replace", lambda a, b: (replaced.append((Path(a).parent, Path(b))), real_replace(a, b)))
    write_fixed(read, b"new")
    assert replaced == [(tmp_path, deck)]
    assert deck.read_bytes() == b"new" and stat.S_IMODE(os.stat(deck).st_mode) == 0o604


def test_unknown_names_are_left_and_reported(tmp_path, capsys):
    deck = make_deck(tmp_path, replace={6: "1 ボルシャック・ドラゴン大王様"})
    result = run(capsys, "--fix", deck, "--as-of", AS_OF, "--format", "json")
    assert result.code == 1
    assert deck.read_text(encoding="utf-8").splitlines()[5] == "1 ボルシャック・ドラゴン大王様"
    assert [v["rule"] for v in result.json["decks"][0]["violations"]] == ["DP100"]


def test_fixture_deck_fix_is_idempotent(tmp_path):
    data = (DECKS / BD4).read_bytes()
    once = fixed_bytes(data, BD4, POOL)
    assert len(once.fixes) == 14 and fixed_bytes(once.data, BD4, POOL).fixes == []
