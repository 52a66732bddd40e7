"""What a thousand-deck batch leans on, against the plain answer: the file's suffix, the read of a
file that comes in pieces, the control character test of decode, chosen readings, the rules run
under house rules, card records, the folder walk, the cycle collector.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from duepa_check.check import batch as batch_module
from duepa_check.data.config import FormatConfig
from duepa_check.data.pool import CardPool
from duepa_check.data.records import card_from_json, card_from_record
from duepa_check.reading import decklist
from duepa_check.reading.decklist import parse_decklist
from duepa_check.reading.decode import decode
from duepa_check.reading.model import DeckInputError
from duepa_check.reading.resolve import resolve_deck
from duepa_check.rules import run_rules

NAME_PARTS = st.sampled_from(["deck", ".", "..", "txt", "yaml", "YML", "json", "/", "dir.d/", "", "a", "CSV", "md"])


@settings(max_examples=300, deadline=None)
@given(st.lists(NAME_PARTS, max_size=6).map("".join))
@example(".yaml")
@example("..yaml")
@example("x.")
@example("a/.hidden.json")
@example("decks.v2/deck")
def test_the_suffix_is_pathlibs(name):
    assert decklist.path_suffix(name) == Path(name).suffix


def test_a_deck_named_dot_yaml_is_plain_text_as_pathlib_says(tmp_path):
    # '.yaml' has no suffix for pathlib: the file is read as text, not as YAML.
    parsed = parse_decklist("1 ボルシャック・ドラゴン\n".encode(), str(tmp_path / ".yaml"))
    assert [entry.name for entry in parsed.entries] == ["ボルシャック・ドラゴン"]


def test_a_read_that_comes_in_pieces_gets_every_byte(monkeypatch, tmp_path):
    path = tmp_path / "deck.txt"
    data = "1 ボルシャック・ドラゴン\n".encode() * 40
    path.write_bytes(data)
    real_read = os.read

    def trickle(handle, wanted):  # a read may return less than asked: at most 7 bytes here
        return real_read(handle, min(wanted, 7))

    monkeypatch.setattr(decklist.os, "read", trickle)
    assert decklist.read_deck_bytes(path) == data


def test_a_file_that_grew_is_still_read_up_to_the_limit(monkeypatch, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_bytes(b"x" * 10)
    monkeypatch.setattr(decklist, "MAX_BYTES", 20)
    with open(path, "ab") as handle:  # grows after the size is known: read_deck_bytes still stops at 21
        handle.write(b"y" * 100)
    with pytest.raises(DeckInputError) as raised:
        decklist.read_deck_bytes(path)
    assert raised.value.message.key == "input.too-large"


CONTROL_TEXT = st.text(
    alphabet=st.sampled_from(
        ["a", "名", "ア", "\n", "\r", "\t", "\x00", "\x01", "\x07", "\x0b", "\x0c", "\x1b", "\x7f", " "]
    ),
    max_size=40,
)


CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")  # C0 controls but tab, newline, VT, FF, CR; and DEL


def _plain_verdict(text: str) -> str:
    """decode's answer about control characters, worked out on the text without its byte-level
    shortcut: more than two among the first 4096 characters make a binary file."""
    if len(CONTROL.findall(text[:4096])) > 2:
        return "input.binary-control"
    return "input.empty" if not text.strip() else "text"


@settings(max_examples=400, deadline=None)
@given(CONTROL_TEXT, st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "cp932"]))
@example("\x01\x02\x03名", "utf-8")
@example("名\x01\x02\x03", "cp932")
@example("\x01\x02\x03", "utf-16")
@example("x" * 4000 + "\x01\x02\x03", "utf-8")  # within the first 4096 characters
@example("x" * 4094 + "\x01\x02\x03", "utf-8")  # one of three within them
def test_decode_finds_control_characters_as_the_text_test_does(text, encoding):
    data = text.encode(encoding)
    if encoding == "utf-16" and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return
    if encoding in ("utf-8", "cp932") and b"\x00" in data:
        return  # refused before decoding (input.binary-nul)
    try:
        got = decode(data, "deck.txt")
        verdict = "text"
    except DeckInputError as error:
        verdict = error.message.key
    if verdict == "text":
        assert got == text
    if verdict in ("text", "input.binary-control", "input.empty"):
        assert verdict == _plain_verdict(text)


@pytest.fixture(scope="module")
def pool():
    return CardPool.load(None)


def test_lines_with_other_readings_each_become_their_chosen_reading(pool):
    """Without bracket lines, only the entries with another reading are looked at: each becomes its
    first reading that names a card (the line as written when none does), the others stay the very
    same entries."""
    text = "\n".join(
        [
            "パートナー: 勝熱英雄 モモキング",
            "1 ボルシャック・ドラゴン（新規）",  # a remark after a card
            "1 熱血 バトクロス-1",  # a name that ends like a count
            "1 「我が名はツラトゥストラ！」",
            "1 ボルシャック・NEX",
            "1 まだ見ぬカード（仮）",  # no reading is a card
            "2 ボルシャック・ドラゴン",
        ]
    )
    listed = parse_decklist(text.encode(), "deck.txt")
    assert sum(bool(entry.others or entry.source) for entry in listed.entries) >= 4
    deck = resolve_deck(listed, pool)
    assert [(entry.line, entry.name, entry.count, entry.is_partner) for entry in deck.entries] == [
        (1, "勝熱英雄 モモキング", 1, True),
        (2, "ボルシャック・ドラゴン", 1, False),  # the remark is no part of the name
        (3, "熱血 バトクロス-1", 1, False),  # a card as written: the count reading is not tried
        (4, "「我が名はツラトゥストラ！」", 1, False),
        (5, "ボルシャック・NEX", 1, False),
        (6, "まだ見ぬカード（仮）", 1, False),  # no reading is a card: as written
        (7, "ボルシャック・ドラゴン", 2, False),
    ]
    assert all(not entry.others for entry in deck.entries)  # the other readings are settled
    plain = [entry for entry in listed.entries if not (entry.others or entry.source)]
    assert all(any(entry is kept for kept in deck.entries) for entry in plain)
    assert [entry.name for entry, _ in deck.unresolved] == ["まだ見ぬカード（仮）"]
    assert "ボルシャック・ドラゴン" in deck.names and "熱血 バトクロス-１" in deck.names


def test_an_empty_list_with_a_partner_option_is_only_that_partner(pool):
    empty = parse_decklist(b"# nothing yet\n", "deck.txt")
    deck = resolve_deck(empty, pool, partner="ボルシャック・ドラゴン")
    assert [(c.entry.line, c.card.name, c.entry.is_partner) for c in deck.cards] == [
        (0, "ボルシャック・ドラゴン", True)
    ]


def test_rules_run_under_each_house_rules_given_in_one_process(pool):
    """The enabled rules are worked out once per config: another config gets its own."""
    from datetime import date

    from duepa_check.data.pool import embedded_data_dir
    from duepa_check.data.regulation import load_regulation
    from duepa_check.rules import Context

    listed = parse_decklist("1 ボルシャック・ドラゴン\n1 ボルシャック・ドラゴン\n".encode(), "deck.txt")
    deck = resolve_deck(listed, pool)
    regulation = load_regulation(embedded_data_dir() / "regulation.yaml")
    plain = FormatConfig()
    quiet = FormatConfig(disable=("DP002", "DP001"))
    louder = FormatConfig(severity={"DP002": "warning"})
    day = date(2026, 3, 16)
    for _ in range(2):  # the second round is answered from what the first worked out
        ids = {v.rule: v.severity for v in run_rules(deck, Context(day, regulation, plain, pool))}
        assert ids["DP002"] == "error" and "DP001" in ids
        ids = {v.rule for v in run_rules(deck, Context(day, regulation, quiet, pool))}
        assert "DP002" not in ids and "DP001" not in ids and "DP003" in ids
        ids = {v.rule: v.severity for v in run_rules(deck, Context(day, regulation, louder, pool))}
        assert ids["DP002"] == "warning"
        ids = {v.rule for v in run_rules(deck, Context(day, regulation, plain, pool), only=("DP001",))}
        assert ids == {"DP001"}


def test_every_embedded_card_record_reads_the_same_when_its_last_fields_wait():
    """card_from_record (the embedded data's look-ups) against the whole record decoded."""
    import json
    import pickle

    from duepa_check.data.files import CARDS_FILE
    from duepa_check.data.pool import embedded_data_dir

    with open(embedded_data_dir() / CARDS_FILE, "rb") as handle:
        handle.readline()
        lines = [line.rstrip(b"\n") for line in handle]
    incomplete = 0
    for line in lines:
        whole = card_from_json(json.loads(line))
        card = card_from_record(line)
        assert card.complete is whole.complete  # known before the rest is decoded
        incomplete += not card.complete
        assert "aliases" not in vars(card)  # nothing read yet: the waiting fields are not decoded
        assert card == whole and repr(card) == repr(whole) and card.to_json() == whole.to_json()
        assert "aliases" in vars(card)
    assert incomplete > 0  # the data has cards without facts: the test saw both kinds
    # Each waiting field alone reads the rest, and a waiting card survives pickling (a forked
    # worker sends its results, partner card and all, to the parent).
    line = next(line for line in lines if b'"english":["' in line and b'"aliases":["' in line)
    whole = card_from_json(json.loads(line))
    for field in ("aliases", "english", "ids", "source"):
        assert getattr(card_from_record(line), field) == getattr(whole, field) != type(getattr(whole, field))()
        assert getattr(pickle.loads(pickle.dumps(card_from_record(line))), field) == getattr(whole, field)
    # A line laid out otherwise (no aliases key) is left to the whole decode.
    assert card_from_record(b'{"name":"x","faces":[]}') is None
    assert card_from_record(b'{"name":"x"} {"name":"y","aliases":[]}') is None  # two objects, not one
    with pytest.raises(ValueError):  # damaged: the caller decodes it whole, and says what is wrong
        card_from_record(b'["x","aliases":[]]')


def test_a_cards_civilizations_are_the_union_of_its_faces_in_canonical_order(pool):
    from duepa_check.data.cards import CIVILIZATIONS, Card, Face

    def union(card):
        present = {c for face in card.faces for c in face.civilizations}
        return tuple(c for c in CIVILIZATIONS if c in present)

    assert all(card.civilizations == union(card) for card in pool)

    def face(*civilizations):
        return Face("x", "呪文", civilizations, 3, None)

    assert Card("x", (face("火", "光"),)).civilizations == ("光", "火")  # listed otherwise: put in order
    assert Card("x", (face("水"), face("光", "水"))).civilizations == ("光", "水")
    assert Card("x", ()).civilizations == () and Card("x", (face(),)).civilizations == ()


def test_a_folder_is_walked_in_path_order_with_what_it_skips_among_the_files(tmp_path):
    """deck_files' order is Path's (parts one by one: a/b.txt before a-b/x.txt, though '-' < '/'),
    and the scandir walk finds what os.walk would: hidden ones and other suffixes left out."""
    from duepa_check.check.walk import Skipped, deck_files

    names = [
        "a/b.txt",
        "a-b/x.txt",
        "a b/y.txt",
        "a/c/d.txt",
        "A/z.txt",
        "b.txt",
        "a/.hidden.txt",
        ".git/e.txt",
        "a/notes.pdf",
        "aa.txt",
        "a/c/e/f.dek",
        "pyproject.toml",
    ]
    for name in names:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("1 ボルシャック・ドラゴン\n", encoding="utf-8")
    outside = tmp_path.parent / (tmp_path.name + "-outside")
    outside.mkdir()
    (tmp_path / "a" / "link").symlink_to(outside, target_is_directory=True)
    found = list(deck_files([tmp_path]))
    files = [item for item in found if not isinstance(item, Skipped)]
    expected = sorted(
        tmp_path / name
        for name in names
        if ".hidden" not in name and ".git" not in name and not name.endswith((".pdf", ".toml"))
    )
    assert files == expected
    assert all(type(item) is type(tmp_path) for item in files)
    skipped = [item for item in found if isinstance(item, Skipped)]
    assert [Path(item.path).name for item in skipped] == ["link"]
    assert found.index(skipped[0]) == sorted(files + [tmp_path / "a" / "link"]).index(tmp_path / "a" / "link")


@pytest.mark.parametrize("unconfirmed", [False, True])
def test_decks_under_the_same_house_rules_share_one_config_and_one_context(pool, tmp_path, unconfirmed):
    from datetime import date

    from duepa_check.check.checker import Checker, CheckOptions
    from duepa_check.data.regulation import load_current

    (tmp_path / "a").mkdir()
    (tmp_path / "a" / ".duepa-check.yaml").write_text("deck_size: 40\n", encoding="utf-8")
    checker = Checker(pool, load_current(None), CheckOptions(as_of=date(2026, 3, 16), include_unconfirmed=unconfirmed))
    paths = [tmp_path / "a" / "x.txt", tmp_path / "a" / "y.txt", tmp_path / "z.txt"]
    configs = [checker.config_for(path) for path in paths]
    assert configs[0] is configs[1] and configs[0] is not configs[2]
    assert [c.include_unconfirmed for c in configs] == [unconfirmed] * 3 and configs[0].deck_size == 40
    contexts = [checker.context_for(config) for config in configs]
    assert contexts[0] is contexts[1] and contexts[0].config is configs[0] and contexts[2].config is configs[2]
    explicit = Checker(
        pool,
        load_current(None),
        CheckOptions(
            as_of=date(2026, 3, 16), include_unconfirmed=unconfirmed, config_path=tmp_path / "a" / ".duepa-check.yaml"
        ),
    )
    assert explicit.config_for(paths[2]) is explicit.config_for(paths[0])
    assert explicit.config_for(paths[2]).include_unconfirmed is unconfirmed


def test_a_name_typed_as_printed_is_an_exact_match_and_other_spellings_are_not():
    fresh = CardPool.load(None)
    for typed, how in [
        ("ボルシャック・ドラゴン", "exact"),
        ("《ボルシャック・ドラゴン》", "exact"),
        ("ぼるしゃっく・どらごん", "key"),
        ("《パーロック～陰謀に立ち向かえ！～》", "exact"),
        ("パーロック～陰謀に立ち向かえ！～", "key"),
    ]:
        found = fresh.lookup(typed)
        assert (len(found.cards), found.matched_by) == (1, how), typed


def test_a_cards_derived_facts_are_worked_out_once(pool):
    card = pool.lookup("《蒼き団長 ドギラゴン剣》").card
    first = card.civilizations
    assert first == ("火", "自然") and vars(card)["civilizations"] is first and card.civilizations is first
    assert card.creature_face is vars(card)["creature_face"] is card.faces[0]


def test_the_embedded_data_waits_and_a_data_dir_is_decoded_whole(pool, tmp_path):
    from duepa_check.data.files import write_card_data
    from duepa_check.data.pool import CardPool, embedded_data_dir

    found = pool.lookup("ボルシャック・ドラゴン").card
    assert "aliases" not in vars(CardPool([embedded_data_dir()]).lookup("ボルシャック・ドラゴン").card)
    write_card_data([found.replace(aliases=("テスト別名",))], {"source": "test"}, tmp_path)
    mine = CardPool([tmp_path, embedded_data_dir()]).lookup("テスト別名").card
    assert "aliases" in vars(mine) and mine.aliases == ("テスト別名",)  # checked record by record, whole


@pytest.mark.parametrize("damage", [b"X", b"[", b'{"name":1}', b'{"name":"x"}   '])
def test_a_damaged_record_of_trusted_data_is_still_said_not_raised(pool, tmp_path, damage):
    """The shortcut's own errors (the scanner's StopIteration among them) fall back to the whole decode,
    which names the file and offset."""
    from duepa_check.data.cards import CardDataError
    from duepa_check.data.files import CARDS_FILE, write_card_data
    from duepa_check.data.pool import Shard

    write_card_data([pool.lookup("ボルシャック・ドラゴン").card], {"source": "test"}, tmp_path)
    data = (tmp_path / CARDS_FILE).read_bytes()
    offset = data.index(b"\n") + 1
    (tmp_path / CARDS_FILE).write_bytes(data[:offset] + damage + data[offset + len(damage) :])
    with pytest.raises(CardDataError) as raised:
        Shard(tmp_path, trusted=True).card_at(offset)
    assert str(offset) in str(raised.value.message.args) or str(offset) in repr(raised.value.message)


def test_a_batch_sets_the_cycle_collector_for_itself_and_puts_it_back(pool, monkeypatch, tmp_path):
    import gc
    from datetime import date

    from duepa_check.check import checker as checker_module
    from duepa_check.data.pool import embedded_data_dir
    from duepa_check.data.regulation import load_regulation

    checker = checker_module.Checker(
        pool,
        load_regulation(embedded_data_dir() / "regulation.yaml"),
        checker_module.CheckOptions(as_of=date(2026, 3, 16)),
    )
    monkeypatch.setattr(batch_module, "worker_count", lambda files: 1)
    paths = [tmp_path / f"deck{number}.txt" for number in range(batch_module.PARALLEL_FROM)]
    for path in paths:
        path.write_text("パートナー: ボルシャック・ドラゴン\n", encoding="utf-8")
    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    seen = []
    real_check = checker_module.Checker.check

    def check(self, path):
        seen.append((gc.get_threshold(), gc.get_freeze_count()))
        return real_check(self, path)

    monkeypatch.setattr(checker_module.Checker, "check", check)
    results = checker.check_all(paths)
    assert [r.card_count for r in results] == [1] * len(paths)
    assert (
        seen[0][0] == (before[0] * batch_module.YOUNG_THRESHOLD_FACTOR, *before[1:]) and seen[0][1] > 0
    )  # during the batch
    assert (gc.get_threshold(), gc.get_freeze_count()) == (before, frozen)  # after it
    # What the batch made waits in the oldest generation, not among the young objects the next
    # collection would walk one by one.
    young = {id(obj) for obj in gc.get_objects(generation=0)}
    assert not any(id(result) in young for result in results)
    oldest = {id(obj) for obj in gc.get_objects(generation=2)}
    assert all(id(result) in oldest for result in results)

    def broken(self, path):
        raise KeyboardInterrupt

    monkeypatch.setattr(checker_module.Checker, "check", broken)
    with pytest.raises(KeyboardInterrupt):
        checker.check_all(paths)
    assert (gc.get_threshold(), gc.get_freeze_count()) == (before, frozen)  # after a ^C too
    small = paths[: batch_module.PARALLEL_FROM - 1]
    monkeypatch.setattr(checker_module.Checker, "check", check)
    seen.clear()
    checker.check_all(small)
    assert seen[0] == (before, frozen)  # a small batch leaves the collector alone


def test_a_file_read_whole_at_once_is_not_read_again_to_see_its_end(monkeypatch, tmp_path):
    path = tmp_path / "deck.txt"
    data = "1 ボルシャック・ドラゴン\n".encode() * 40
    path.write_bytes(data)
    real_read = os.read
    asked = []

    def counted(handle, wanted):
        asked.append(wanted)
        return real_read(handle, wanted)

    monkeypatch.setattr(decklist.os, "read", counted)
    assert decklist.read_deck_bytes(path) == data
    assert asked == [len(data) + 1]  # the size fstat gave, +1 to notice growth: one read


def test_a_file_that_grows_while_it_is_read_gives_the_byte_past_its_size(monkeypatch, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_bytes(b"x" * 20)
    monkeypatch.setattr(decklist, "MAX_BYTES", 20)
    real_read = os.read

    def growing(handle, wanted):  # the file grows after fstat, before the read
        with open(path, "ab") as handle_to_grow:
            handle_to_grow.write(b"y" * 100)
        return real_read(handle, wanted)

    monkeypatch.setattr(decklist.os, "read", growing)
    with pytest.raises(DeckInputError) as raised:
        decklist.read_deck_bytes(path)
    assert raised.value.message.key == "input.too-large"  # 21 bytes read, never the 120
