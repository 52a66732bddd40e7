"""facts.bin (the facts_bin shortcut): a record read from its facts is the record read from its
cards.jsonl line (``card_records.card_from_record``, the general route), and facts are used only
for the lines they were made of. tests/routes/test_shortcut_routes.py compares look-ups by both routes.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from duepa_check.data.cards import Card, Face
from duepa_check.data.files import CARDS_FILE, FACTS_FILE, facts_made_of, facts_of, read_facts, write_card_data
from duepa_check.data.pool import CardPool, _Shard, embedded_data_dir
from duepa_check.data.records import card_from_json, card_from_record


def _embedded_lines() -> list[bytes]:
    with open(embedded_data_dir() / CARDS_FILE, "rb") as handle:
        handle.readline()
        return [line.rstrip(b"\n") for line in handle]


def _same_card(fast: Card, plain: Card) -> None:
    """Equal field by field, of the same types, the rest waiting alike (``_rest``) in both."""
    assert vars(fast) == vars(plain)
    assert [type(value) for value in vars(fast).values()] == [type(value) for value in vars(plain).values()]
    assert all(type(face) is Face for face in fast.faces)
    assert [list(map(type, face)) for face in fast.faces] == [list(map(type, face)) for face in plain.faces]


def test_the_embedded_facts_are_made_from_the_embedded_cards():
    data = (embedded_data_dir() / CARDS_FILE).read_bytes()
    assert (embedded_data_dir() / FACTS_FILE).read_bytes() == facts_of(data), "rebuild with tools/build_card_data.py"


def test_every_embedded_card_reads_from_its_facts_as_from_its_line():
    shard = _Shard(embedded_data_dir(), trusted=True)
    assert shard._facts is not None
    data = (embedded_data_dir() / CARDS_FILE).read_bytes()
    offset = data.index(b"\n") + 1
    read = 0
    for line in _embedded_lines():
        card = shard._facts.card(offset, data)
        assert card is not None  # every line has its facts
        read += 1
        _same_card(card, card_from_record(line))
        assert card == card_from_json(json.loads(line))  # the waiting fields too
        offset += len(line) + 1
    assert read == len(_embedded_lines()) > 10_000


def _facts_card(line: bytes) -> Card | None:
    """The card facts_of keeps for a one-card data file of ``line``, or None when it keeps none."""
    first = b'{"_header":{}}\n'
    data = first + line + b"\n"
    return read_facts(facts_of(data), len(data)).card(len(first), data)


def _record(name="ボルシャック・ドラゴン", face_name=None, layout="single", kind="クリーチャー", civilizations=("火",),
            cost=6, power=6000, races=("アーマード・ドラゴン",), zone="main", eligible=False, exceed=False,
            complete=True) -> bytes:
    face = Face(face_name or name, kind, tuple(civilizations), cost, power, tuple(races))
    card = Card(name, (face,), layout, zone, eligible, exceed, ("別名",), ("Bolshack Dragon",), ("dm01-001",), complete, "test")
    return json.dumps(card.to_json(), ensure_ascii=False, separators=(",", ":")).encode()


TEXT = st.lists(st.sampled_from([*'ボル・ャ火 ab"\\/\x01\x7f\u3042\U0001f600,[]{}:', '","']), max_size=8).map("".join)
NUMBER = st.one_of(st.none(), st.integers(-10, 10**12), st.sampled_from(["∞", "9000+", "", '"', "\\"]))


@settings(max_examples=300, deadline=None)
@given(name=TEXT, face_name=st.one_of(st.none(), TEXT), layout=TEXT, kind=TEXT, civilizations=st.lists(TEXT, max_size=3),
       cost=NUMBER, power=NUMBER, races=st.lists(TEXT, max_size=3), zone=TEXT, eligible=st.booleans(),
       exceed=st.booleans(), complete=st.booleans())
@example(name="x", face_name=None, layout="", kind="", civilizations=[], cost=0, power=None, races=[""], zone="",
         eligible=True, exceed=True, complete=False)
def test_any_record_as_written_reads_alike_from_its_facts(**fields):
    line = _record(**fields)
    _same_card(_facts_card(line), card_from_record(line))


NEAR_MISSES = [
    _record().replace(b'"cost":6', b'"cost":6.0'),  # a float: not an integer
    _record().replace(b'"cost":6', b'"cost":06'),  # not JSON
    _record().replace(b'"cost":6', b'"cost":6e0'),
    _record().replace(b'"cost":6', b'"cost":-0'),
    _record().replace(b'"cost":6', b'"cost":\xd9\xa6'),  # an Arabic-Indic 6: not a JSON digit
    _record().replace(b'"power":6000', b'"power":true'),
    _record().replace(b'"cost":6', b'"cost": 6'),  # a space: json.dumps with separators writes none
    _record().replace(b'"partner_eligible":false', b'"partner_eligible":0'),
    _record().replace(b'"zone":"main",', b''),  # a key left out
    _record().replace(b'"layout":"single",', b'') .replace(b'"faces"', b'"layout":"single","faces"'),  # keys reordered
    _record().replace(b'"races":["', b'"races":["a\\"b","'),  # an escaped quote in a list
    _record().replace(b'"type":"', b'"type":"\\u30af'),  # an escape in a text
    _record().replace(b'"type":"', b'"type":"\t'),  # a raw control character: the scanner refuses it
    _record().replace("ドラゴン".encode(), b"\xe3\x83"),  # cut UTF-8
    _record().replace(b'"civilizations":["\xe7\x81\xab"]', b'"civilizations":["\xe7\x81\xab",]'),
    _record().replace(b'}],"zone"', b'},{"name":"x","type":"y","civilizations":[],"cost":1,"power":null,"races":[]}],"zone"'),
    _record().replace(b',"aliases":', b',"aliasez":'),
    _record()[:-1],
]


@pytest.mark.parametrize("line", NEAR_MISSES)
def test_a_near_miss_has_the_facts_the_scanner_reads_or_none(line):
    try:
        plain = card_from_record(line)
    except (ValueError, StopIteration):
        with pytest.raises((ValueError, StopIteration)):  # facts_of refuses it: the build stops
            _facts_card(line)
        return
    fast = _facts_card(line)
    assert (fast is None) == (plain is None)
    if fast is not None:
        _same_card(fast, plain)


@pytest.mark.usefixtures("shortcuts_on")
def test_a_look_up_in_the_embedded_data_decodes_no_json(monkeypatch):
    def no_json(shard, line, offset):
        raise AssertionError(f"line {offset} decoded")

    monkeypatch.setattr(_Shard, "_parse", no_json)
    pool = CardPool.load(None)
    names = [line.split(b'"', 4)[3].decode() for line in _embedded_lines()[::50] if b"\\" not in line[:200]]
    assert all(pool.lookup(name).cards for name in names) and len(names) > 200


def test_facts_are_read_only_for_the_cards_they_were_made_from(tmp_path):
    cards = [CardPool.load(None).get(name) for name in ("ボルシャック・ドラゴン", "蒼き団長 ドギラゴン剣")]
    write_card_data(cards, {"source": "test"}, tmp_path, facts=True)
    assert _Shard(tmp_path, trusted=True)._facts is not None
    assert _Shard(tmp_path)._facts is None  # a data dir update wrote: decoded and checked line by line
    for name in ("ボルシャック・ドラゴン", "蒼き団長 ドギラゴン剣"):
        assert CardPool([tmp_path]).get(name) == CardPool.load(None).get(name)
    facts = (tmp_path / FACTS_FILE).read_bytes()
    data = (tmp_path / CARDS_FILE).read_bytes()
    for damaged in (facts[:-1], facts[:10], b"", facts[:-4] + (len(facts) + 9).to_bytes(4, "little")):
        (tmp_path / FACTS_FILE).write_bytes(damaged)
        assert _Shard(tmp_path, trusted=True)._facts is None
    (tmp_path / FACTS_FILE).write_bytes(facts)
    (tmp_path / CARDS_FILE).write_bytes(data + b"\n")  # another size
    assert _Shard(tmp_path, trusted=True)._facts is None
    (tmp_path / CARDS_FILE).write_bytes(data)
    assert _Shard(tmp_path, trusted=True)._facts is not None


def test_a_same_length_edit_of_cards_jsonl_is_not_served_stale(tmp_path, monkeypatch):
    """facts.bin made of one cards.jsonl, then a card line edited without changing the file's size
    (a power 6000 -> 7000): the look-up reads the line as it is now, not the facts made before."""
    from duepa_check.data import pool as card_pool

    cards = [CardPool.load(None).get(name) for name in ("ボルシャック・ドラゴン", "蒼き団長 ドギラゴン剣")]
    write_card_data(cards, {"source": "test"}, tmp_path, facts=True)
    monkeypatch.setattr(card_pool, "embedded_data_dir", lambda: tmp_path)  # trusted, with its facts.bin
    data = (tmp_path / CARDS_FILE).read_bytes()
    assert data.count(b'"power":6000') == 1
    edited = data.replace(b'"power":6000', b'"power":7000')
    (tmp_path / CARDS_FILE).write_bytes(edited)
    assert len(edited) == len(data)
    assert CardPool([tmp_path]).get("ボルシャック・ドラゴン").faces[0].power == 7000
    assert CardPool([tmp_path]).get("蒼き団長 ドギラゴン剣") == cards[1]  # its facts still serve it
    (tmp_path / CARDS_FILE).write_bytes(data)
    assert CardPool([tmp_path]).get("ボルシャック・ドラゴン").faces[0].power == 6000


def test_the_embedded_facts_say_which_cards_jsonl_they_were_made_of():
    import hashlib

    facts = (embedded_data_dir() / FACTS_FILE).read_bytes()
    assert facts_made_of(facts) == hashlib.sha256((embedded_data_dir() / CARDS_FILE).read_bytes()).hexdigest()
    assert facts_made_of(b"not facts") is None
