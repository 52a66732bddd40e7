"""The shortcuts of a card's first look-up give the answers of the plain code they replace.

The plain reading of a record is the JSON scanner (``Card.from_record``); a one-face record is read
by a regular expression once a shard has decoded enough records (``Card.from_one_face_record``).
The plain look-up gathers every index row's card (``CardPool._hits``); a pool of one shard takes
the one row of an official name typed as printed straight to its card.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from duepa_check import cards as cards_module
from duepa_check.cards import CARDS_FILE, INDEX_FILE, Card, CardPool, Face, _Shard, embedded_data_dir


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


def test_every_one_face_record_reads_as_the_scanner_reads_it():
    lines = _embedded_lines()
    read = 0
    for line in lines:
        fast = Card.from_one_face_record(line)
        if fast is not None:
            read += 1
            _same_card(fast, Card.from_record(line))
            assert fast == Card.from_json(json.loads(line))  # the waiting fields too
    assert read > 0.9 * len(lines)  # the usual record is read by the expression: it is not dead code


def _record(name="ボルシャック・ドラゴン", face_name=None, layout="single", kind="クリーチャー", civilizations=("火",),
            cost=6, power=6000, races=("アーマード・ドラゴン",), zone="main", eligible=False, exceed=False,
            complete=True) -> bytes:
    face = Face(face_name or name, kind, tuple(civilizations), cost, power, tuple(races))
    card = Card(name, (face,), layout, zone, eligible, exceed, ("別名",), ("Bolshack Dragon",), ("dm01-001",), complete, "test")
    return json.dumps(card.to_json(), ensure_ascii=False, separators=(",", ":")).encode()


TEXT = st.lists(st.sampled_from([*'ボル・ャ火 ab"\\/\x01\x7f\u3042\U0001f600,[]{}:', '","']), max_size=8).map("".join)
NUMBER = st.one_of(st.none(), st.integers(-10, 10**12), st.sampled_from(["∞", "9000+", "", '"', "\\"]))


@settings(max_examples=400, deadline=None)
@given(name=TEXT, face_name=st.one_of(st.none(), TEXT), layout=TEXT, kind=TEXT, civilizations=st.lists(TEXT, max_size=3),
       cost=NUMBER, power=NUMBER, races=st.lists(TEXT, max_size=3), zone=TEXT, eligible=st.booleans(),
       exceed=st.booleans(), complete=st.booleans())
@example(name="x", face_name=None, layout="", kind="", civilizations=[], cost=0, power=None, races=[""], zone="",
         eligible=True, exceed=True, complete=False)
def test_a_record_as_written_reads_alike_both_ways(**fields):
    """Any one-face record write_card_data could write: read by the expression when its texts need
    no escape, and then to what the scanner reads."""
    line = _record(**fields)
    fast, plain = Card.from_one_face_record(line), Card.from_record(line)
    if fast is not None:
        _same_card(fast, plain)
    texts = [fields["name"], fields["face_name"] or "", fields["layout"], fields["kind"], fields["zone"],
             *fields["civilizations"], *fields["races"], *(v for v in (fields["cost"], fields["power"]) if isinstance(v, str))]
    plain_texts = all('"' not in t and "\\" not in t and all(ord(c) >= 0x20 for c in t) for t in texts)
    assert (fast is not None) == plain_texts


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
def test_a_near_miss_is_left_to_the_scanner_or_read_alike(line):
    try:
        plain = Card.from_record(line)
    except (ValueError, StopIteration):
        plain = "error"
    try:
        fast = Card.from_one_face_record(line)
    except ValueError:  # cut UTF-8: the caller decodes the line whole, and says what is wrong
        assert plain == "error"
        return
    if fast is not None:
        assert plain != "error"
        _same_card(fast, plain)


def test_a_shard_reads_one_face_records_by_the_expression_after_its_first(monkeypatch):
    """One deck's look-ups never compile the expression; a batch's do, and get the same cards."""
    names = [line.split(b'"', 4)[3].decode() for line in _embedded_lines()[:1500:3]]
    scanned = []
    real = Card.from_record.__func__

    def counting(cls, line):
        scanned.append(line)
        return real(cls, line)

    monkeypatch.setattr(Card, "from_record", classmethod(counting))
    monkeypatch.setattr(cards_module, "ONE_FACE_FROM", 10**9)
    by_scanner = [CardPool.load(None).get(name) for name in names]
    assert len(scanned) >= len(names)  # every card by the scanner
    scanned.clear()
    monkeypatch.setattr(cards_module, "ONE_FACE_FROM", 0)
    pool = CardPool.load(None)
    cards = [pool.get(name) for name in names]
    assert len(scanned) < 0.1 * len(names)  # only the others: more faces, escapes
    assert sum(card is not None for card in cards) > 0.9 * len(names)
    for card, plain in zip(cards, by_scanner):
        assert (card is None) == (plain is None)
        if card is not None:
            _same_card(card, plain)
    monkeypatch.undo()
    pool = CardPool.load(None)
    assert [pool.get(name) for name in names[:60]] == by_scanner[:60]
    assert pool.shards[0]._parsed and len(pool.shards[0]._parsed) < cards_module.ONE_FACE_FROM  # one deck's worth


def _seen(found):
    return found.typed, [vars(card) for card in found.cards], found.matched_by, found._suggestions, found._suggest is None


def test_a_pool_of_one_shard_looks_every_key_and_name_up_as_the_plain_look_up():
    """The one-shard shortcut against _hits: a pool of the same shard twice takes the plain way
    (the second shard's cards are the first's names, so it adds nothing)."""
    index = (embedded_data_dir() / INDEX_FILE).read_bytes().decode()
    keys = sorted({row.split("\t", 1)[0] for row in index.splitlines()})
    names = sorted(_Shard(embedded_data_dir()).names())
    near = [name + "x" for name in names[::7]] + [name[:-1] for name in names[::7]] + [f"《{n}》" for n in names[::5]]
    near += [name.replace("・", "") for name in names[::3]] + ["", " ", "《》", "?", "\ud800"]
    one, plain = CardPool([embedded_data_dir()]), CardPool([embedded_data_dir(), embedded_data_dir()])
    shortcuts = 0
    for typed in [*keys, *names, *near]:
        found = one.lookup(typed)
        assert _seen(found) == _seen(plain.lookup(typed)), typed
        shortcuts += found.matched_by == "exact" and found.cards[0].name == typed
    assert shortcuts > 10_000
