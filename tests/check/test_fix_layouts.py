"""``--fix`` in every layout the reader reads: text, CSV/TSV, Markdown tables, YAML, JSON.

For generated lists over the whole pool, names written in other spellings the resolver accepts,
in every encoding and line end: the fixed bytes are exactly the list written with the official
names in the same layout (each name string replaced in place: quoting, comments, key order and
indentation kept), and fixing again changes nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fix_support import CARDS, ENCODINGS, NEWLINES, POOL, SETTINGS, fixed_encoding, holds, reads_as_cards, written_as
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from duepa_check.check.fix import fixed_bytes
from duepa_check.reading.decklist import parse_decklist
from duepa_check.reading.model import DeckInputError


def _csv_cell(name: str, quoted: bool) -> str:
    return '"' + name.replace('"', '""') + '"' if quoted else name


def _yaml_plain_ok(name: str, flow: bool = False) -> bool:
    """Whether the reader reads ``name`` written as a plain scalar back as it is."""
    item = f"{{name: {name}, count: 2}}" if flow else name
    try:
        entries = parse_decklist(f"cards:\n  - {item}\n".encode(), "deck.yaml").entries
    except DeckInputError:
        return False
    return [entry.name for entry in entries] == [name]


def _yaml_scalar(name: str, style: str, flow: bool = False) -> str:
    if style == "plain":
        return name if _yaml_plain_ok(name, flow) else "'" + name.replace("'", "''") + "'"
    if style == "single":
        return "'" + name.replace("'", "''") + "'"
    return json.dumps(name, ensure_ascii=False)


LAYOUTS = ["csv", "tsv", "md", "yaml", "json"]


def _row(layout: str, name: str, official: str, count: int, style: str) -> tuple[str, str]:
    """(the row as written, the row written with the official name)."""
    if layout in ("csv", "tsv"):
        quoted = style == "quoted" or any(c in name + official for c in ',"\t')
        separator = "," if layout == "csv" else "\t"
        return (f"{_csv_cell(name, quoted)}{separator}{count}", f"{_csv_cell(official, quoted)}{separator}{count}")
    if layout == "md":
        return f"| {count} | {name} |", f"| {count} | {official} |"
    if layout == "yaml":
        flow = not (count == 1 and style != "double")
        written, fixed = _yaml_scalar(name, style, flow), _yaml_scalar(official, style, flow)
        if style == "plain" and not _yaml_plain_ok(name, flow):
            fixed = _yaml_scalar(official, "single")
        if not flow:
            return f"  - {written}", f"  - {fixed}"
        return f"  - {{name: {written}, count: {count}}}", f"  - {{name: {fixed}, count: {count}}}"
    escaped = style == "escaped"
    written = json.dumps(name, ensure_ascii=escaped)
    fixed = json.dumps(official, ensure_ascii=False) if name != official else written
    if count == 1:
        return f"    {written},", f"    {fixed},"
    return f'    {{"name": {written}, "count": {count}}},', f'    {{"name": {fixed}, "count": {count}}},'


HEADS = {
    "csv": ["カード名,枚数"],
    "tsv": ["カード名\t枚数"],
    "md": ["# デッキ", "", "| 枚数 | カード名 |", "|---|---|"],
    "yaml": ["# デッキ", "cards:"],
    "json": ["{", '  "cards": ['],
}
STYLES = ["plain", "quoted", "single", "double", "escaped"]


@st.composite
def layout_lists(draw):
    """(bytes as written, bytes with official names, file name) of a generated list in a table or
    structured layout."""
    layout = draw(st.sampled_from(LAYOUTS))
    cards = draw(st.lists(st.sampled_from(CARDS), min_size=1, max_size=5, unique_by=lambda card: card.name))
    newline, encoding = draw(st.sampled_from(NEWLINES)), draw(st.sampled_from(ENCODINGS))
    if layout == "yaml" and newline == "\r":
        newline = "\n"  # PyYAML reads a lone CR as a line end, but the reader's line numbers are the file's
    written, official = list(HEADS[layout]), list(HEADS[layout])
    for card in cards:
        name, fixed = written_as(draw, card)
        fixed = fixed if holds(encoding, fixed) else name  # a name the file's encoding cannot hold is left
        if layout == "md" and "|" in name + fixed or layout in ("csv", "tsv", "md") and "`" in name + fixed:
            continue  # a table's cell takes off backquotes: such a name is not found where it is written
        row = _row(layout, name, fixed, draw(st.integers(1, 3)), draw(st.sampled_from(STYLES)))
        written.append(row[0])
        official.append(row[1])
    assume(len(written) > len(HEADS[layout]))
    if layout == "json":
        written[-1], official[-1] = written[-1].rstrip(","), official[-1].rstrip(",")
        written += ["  ]", "}"]
        official += ["  ]", "}"]
    end = newline if draw(st.booleans()) else ""
    try:
        data = (newline.join(written) + end).encode(encoding)
        return data, (newline.join(official) + end).encode(fixed_encoding(data, encoding)), f"deck.{layout}"
    except UnicodeEncodeError:
        assume(False)


@settings(SETTINGS, max_examples=100)
@given(layout_lists())
def test_fixing_every_layout_writes_exactly_the_official_list(generated):
    written, official, path = generated
    assume(reads_as_cards(written, path) and reads_as_cards(official, path))
    fixed = fixed_bytes(written, path, POOL)
    event(f"{path}: names fixed: {min(len(fixed.fixes), 2)}")
    assert fixed.data == official, (written.decode(errors="replace"), fixed.data.decode(errors="replace"))
    assert fixed_bytes(fixed.data, path, POOL).fixes == []


def test_a_json_name_written_with_escapes_is_written_anew():
    written = (
        '{"cards": ["\\u6c38\\u9060\\u306e\\u308a\\u3085\\u3046\\u305b\\u3044\\u30fb\\u304b\\u3044\\u3056\\u30fc"]}'
    )
    fixed = fixed_bytes(written.encode(), "deck.json", POOL)
    assert fixed.data.decode() == '{"cards": ["永遠のリュウセイ・カイザー"]}'
    assert fixed.fixes[0].typed == "永遠のりゅうせい・かいざー"


def test_an_english_name_that_needs_quotes_gets_them():
    """'"Ogre", The One…' as a YAML plain scalar or a bare CSV cell would be read otherwise: quoted."""
    typed = "ogre, the one who dyed in crimson / crimson victory"
    official = '"Ogre", The One Who Dyed In Crimson / Crimson Victory'
    yaml_text = f"cards:\n  - {typed}  # twin\n"
    assert fixed_bytes(yaml_text.encode(), "deck.yaml", POOL).data.decode() == f"cards:\n  - '{official}'  # twin\n"
    csv_text = "カード名,枚数\nogre the one who dyed in crimson / crimson victory,1\n"
    assert (
        fixed_bytes(csv_text.encode(), "deck.csv", POOL).data.decode()
        == 'カード名,枚数\n"""Ogre"", The One Who Dyed In Crimson / Crimson Victory",1\n'
    )


def test_yaml_comments_and_partner_kept():
    text = (
        "# deck\npartner: ぼるしゃっく・どらご大王   # the boss\ncards:\n  - {name: "
        "'ボルザード・スーパーヒーロー/超帝王タイム', count: 1}\n"
    )
    fixed = fixed_bytes(text.encode(), "deck.yml", POOL).data.decode()
    assert fixed == (
        "# deck\npartner: ボルシャック・ドラゴ大王   # the boss\ncards:\n  - {name: "
        "'ボルザード・スーパーヒーロー／超帝王タイム', count: 1}\n"
    )


def test_a_submission_sheet_is_not_rewritten(tmp_path, capsys):
    from support import run

    sheet = tmp_path / "responses.csv"
    sheet.write_bytes((Path(__file__).parents[1] / "fixtures" / "sheets" / "responses.csv").read_bytes())
    before = sheet.read_bytes()
    result = run(capsys, "--fix", sheet, "--format", "json")
    assert result.code == 2 and sheet.read_bytes() == before
    assert [line for line in result.err.splitlines() if "submission sheet is not rewritten" in line] == [
        f"duepa-check: {sheet}: a submission sheet is not rewritten by --fix; 97 names are spelled otherwise than the "
        f"card list"
    ]


def test_a_yaml_single_quoted_name_keeps_its_apostrophe_doubled():
    """《ガイアール・カイザーP'S》 in a YAML single-quoted scalar is written 'ガイアール・カイザーP''S': the
    official name goes in with its apostrophe doubled, as the scalar needs it, or not at all."""
    written = "cards:\n  - 'ガイアールカイザーP''S'\n  - {name: 'ガイアールカイザーP''S', count: 1}\n"
    fixed = fixed_bytes(written.encode(), "deck.yaml", POOL)
    assert fixed.data.decode() == (
        "cards:\n  - 'ガイアール・カイザーP''S'\n  - {name: 'ガイアール・カイザーP''S', count: 1}\n"
    )
    assert [fix.official for fix in fixed.fixes] == ["ガイアール・カイザーP'S"] * 2


def test_a_quoted_csv_cell_keeps_its_doubled_quotes():
    """Found by the property test: the cell '\"\"\"BC\"\" ﾋｯﾄ\"' holds the name '\"BC\" ﾋｯﾄ', its quotes doubled."""
    written = 'カード名,枚数\n"""BC"" ﾋｯﾄ",1\n'
    assert fixed_bytes(written.encode(), "deck.csv", POOL).data.decode() == 'カード名,枚数\n"""BC"" ヒット",1\n'


@pytest.mark.parametrize(
    ("written", "path", "fixed"),
    [
        ("1 パーロック～陰謀に立ち向かえ!～\n", "deck.txt", "1 《パーロック～陰謀に立ち向かえ！～》\n"),
        ("1 《パーロック～陰謀に立ち向かえ!～》\n", "deck.txt", "1 《パーロック～陰謀に立ち向かえ！～》\n"),
        (
            "カード名,枚数\n《パーロック～陰謀に立ち向かえ!～》,1\n",
            "deck.csv",
            "カード名,枚数\n《パーロック～陰謀に立ち向かえ！～》,1\n",
        ),
    ],
)
def test_an_official_name_in_brackets_is_written_with_them_once(written, path, fixed):
    """《パーロック～陰謀に立ち向かえ！～》 has its 《》 in the official name, and the reader takes 《》
    off every name: the fix writes the name with one pair, and a second --fix changes nothing."""
    assert fixed_bytes(written.encode(), path, POOL).data.decode() == fixed
    assert fixed_bytes(fixed.encode(), path, POOL).fixes == []
