"""Loading a user data dir: say exactly which data was used, refuse damaged files in one line.

A data dir is what ``duepa-check update`` writes (see ``duepa_check/userdata.py``): a pointer
file ``current`` naming a ``data-*`` folder, or the older flat layout. Whatever is in it, a
check either uses it, says it did not (a warning, exit as usual), or stops with one line and
exit 2 — never a traceback, never a report that names data it did not use.
"""

from __future__ import annotations

import json
import shutil
from datetime import date
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import AS_OF, BD4, DECKS, run

from duepa_check.data import userdata
from duepa_check.data.cards import CardDataError
from duepa_check.data.pool import CardPool, embedded_data_dir
from duepa_check.data.records import card_from_json, record_problem
from duepa_check.data.regulation import (
    Regulation,
    RegulationError,
    dump_regulation,
    load_current,
    load_regulation,
    regulation_from_data,
)
from duepa_check.data.userdata import DataDirError, data_folder

EMBEDDED = embedded_data_dir()
DECK = DECKS / BD4
CARD_FILES = ("cards.jsonl", "index.tsv")


def flat_copy(directory: Path, files=("cards.jsonl", "index.tsv", "regulation.yaml")) -> Path:
    """A data dir in the flat layout: a copy of (some of) the embedded files."""
    directory.mkdir(parents=True, exist_ok=True)
    for name in files:
        shutil.copyfile(EMBEDDED / name, directory / name)
    return directory


def pointed_copy(directory: Path, folder: str = "data-test-1") -> Path:
    """A data dir in the pointer layout, as update writes it."""
    flat_copy(directory / folder)
    return point(directory, folder)


def point(directory: Path, folder: str = "data-test-1") -> Path:
    sizes = {name: (directory / folder / name).stat().st_size for name in userdata.DATA_FILES}
    (directory / "current").write_text(json.dumps({"folder": folder, "sizes": sizes}), encoding="utf-8")
    return directory


def newer_regulation(path: Path, day: date = date(2027, 1, 1)) -> None:
    regulation = load_regulation(EMBEDDED / "regulation.yaml")
    regulation.data_date = day
    path.write_text(dump_regulation(regulation), encoding="utf-8")


def check(capsys, data_dir: Path | None, *extra):
    args = [DECK, "--format", "json", "--as-of", AS_OF, *extra]
    return run(capsys, *args, *(["--data-dir", data_dir] if data_dir is not None else []))


def assert_one_line_exit_2(result, *fragments: str) -> None:
    assert result.code == 2, result
    assert result.err.startswith("duepa-check: ") and result.err.count("\n") == 1, result.err
    assert "Traceback" not in result.err
    for fragment in fragments:
        assert fragment in result.err


# --- which data was used --------------------------------------------------------------------


def test_a_missing_data_dir_given_by_option_warns_and_the_report_says_embedded(tmp_path, capsys):
    missing = tmp_path / "nowhere"
    result = check(capsys, missing)
    assert result.code == 0
    assert result.err.startswith(f"duepa-check: warning: data dir {missing} does not exist")
    assert result.json["regulation"]["data_source"] == "embedded"


def test_an_empty_data_dir_from_the_environment_warns(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("DUEPA_CHECK_DATA", str(tmp_path))
    result = check(capsys, None)
    assert f"data dir {tmp_path} holds no card data" in result.err
    assert result.json["regulation"]["data_source"] == "embedded"


def test_the_default_data_dir_never_updated_is_no_warning(capsys):
    result = check(capsys, None)
    assert result.code == 0 and result.err == ""
    assert result.json["regulation"]["data_source"] == "embedded"


@pytest.mark.parametrize("layout", [flat_copy, pointed_copy])
def test_a_full_data_dir_is_named_as_the_source(tmp_path, capsys, layout):
    data_dir = layout(tmp_path / "data")
    regulation_file = next(data_dir.rglob("regulation.yaml"))
    newer_regulation(regulation_file)
    if layout is pointed_copy:
        point(data_dir)  # the sizes the "update" wrote
    result = check(capsys, data_dir)
    assert result.code == 0 and result.err == ""
    assert result.json["regulation"]["data_source"] == str(data_dir)
    assert result.json["regulation"]["data_date"] == "2027-01-01"


def test_a_regulation_only_data_dir_is_named_for_the_regulation_not_the_cards(tmp_path, capsys):
    data_dir = flat_copy(tmp_path / "data", files=("regulation.yaml",))
    newer_regulation(data_dir / "regulation.yaml")
    result = check(capsys, data_dir)
    assert result.json["regulation"]["data_source"] == f"embedded (cards), {data_dir} (regulation)"
    assert result.json["regulation"]["data_date"] == "2027-01-01"


def test_cards_from_the_data_dir_with_an_older_regulation_say_the_regulation_is_embedded(tmp_path, capsys):
    data_dir = flat_copy(tmp_path / "data")
    newer_regulation(data_dir / "regulation.yaml", date(2020, 1, 1))  # older than the embedded one
    result = check(capsys, data_dir)
    assert result.json["regulation"]["data_source"] == f"{data_dir} (cards), embedded (regulation, newer)"
    assert result.json["regulation"]["data_date"] != "2020-01-01"


def test_text_report_names_the_same_source(tmp_path, capsys):
    data_dir = flat_copy(tmp_path / "data", files=("regulation.yaml",))
    newer_regulation(data_dir / "regulation.yaml")
    result = run(capsys, DECK, "--as-of", AS_OF, "--data-dir", data_dir)
    assert f"embedded (cards), {data_dir} (regulation)" in result.out
    japanese = run(capsys, DECK, "--as-of", AS_OF, "--data-dir", data_dir, "--lang", "ja")
    assert f"内蔵データ（カード）、{data_dir}（レギュレーション）" in japanese.out
    json_ja = run(capsys, DECK, "--as-of", AS_OF, "--data-dir", data_dir, "--lang", "ja", "--format", "json").json
    assert (
        json_ja["regulation"]["data_source"] == f"embedded (cards), {data_dir} (regulation)"
    )  # JSON: the English label


# --- damaged data: one line, exit 2 ---------------------------------------------------------


def test_a_data_dir_that_is_a_file_is_one_line(tmp_path, capsys):
    path = tmp_path / "file"
    path.write_text("x", encoding="utf-8")
    assert_one_line_exit_2(check(capsys, path), f"{path}: not a directory")


@pytest.mark.parametrize("damage", ["empty", "cut", "missing"])
def test_a_broken_index_is_refused_not_silently_replaced_by_embedded_data(tmp_path, capsys, damage):
    data_dir = flat_copy(tmp_path / "data")
    index = data_dir / "index.tsv"
    if damage == "missing":
        index.unlink()
    else:
        index.write_bytes(b"" if damage == "empty" else index.read_bytes()[:1000])
    assert_one_line_exit_2(check(capsys, data_dir), "index.tsv")


def test_a_cards_file_without_its_index_is_refused(tmp_path, capsys):
    data_dir = flat_copy(tmp_path / "data", files=("index.tsv",))
    assert_one_line_exit_2(check(capsys, data_dir), "cards.jsonl")


def test_a_file_changed_after_the_update_wrote_it_is_refused(tmp_path, capsys):
    data_dir = pointed_copy(tmp_path / "data")
    with (data_dir / "data-test-1" / "index.tsv").open("ab") as index:
        index.write(b"extra\tname\t0\n")
    assert_one_line_exit_2(check(capsys, data_dir), "index.tsv", "cut short or edited by hand", "update")


@pytest.mark.parametrize(
    "pointer",
    [
        "not json",
        json.dumps({"folder": "../../etc", "sizes": {}}),
        json.dumps({"folder": "data-gone", "sizes": {}}),
        json.dumps({"folder": "data-test-1", "sizes": {"cards.jsonl": "big"}}),
        json.dumps(["data-test-1"]),
        "x" * 10_000,
    ],
)
def test_a_damaged_pointer_is_one_line(tmp_path, capsys, pointer):
    data_dir = pointed_copy(tmp_path / "data")
    (data_dir / "current").write_text(pointer, encoding="utf-8")
    assert_one_line_exit_2(check(capsys, data_dir), str(data_dir))


def test_a_pointer_that_is_a_symlink_is_not_followed(tmp_path, capsys):
    data_dir = pointed_copy(tmp_path / "data")
    outside = tmp_path / "elsewhere.json"
    outside.write_bytes((data_dir / "current").read_bytes())
    (data_dir / "current").unlink()
    (data_dir / "current").symlink_to(outside)
    assert_one_line_exit_2(check(capsys, data_dir), "current")


def test_an_unreadable_data_dir_is_one_line(tmp_path, capsys, monkeypatch):
    """A parent folder without execute permission (simulated: the tests may run as root)."""
    data_dir = tmp_path / "locked" / "data"
    real_stat = userdata.os.stat

    def stat(path, *args, **kwargs):
        if Path(path) == data_dir:
            raise PermissionError(13, "Permission denied", str(path))
        return real_stat(path, *args, **kwargs)

    monkeypatch.setattr(userdata.os, "stat", stat)
    assert_one_line_exit_2(check(capsys, data_dir), str(data_dir), "Permission denied")


def _record(**changes) -> str:
    card = {
        "name": "ボルシャック・ドラゴン",
        "layout": "single",
        "zone": "main",
        "partner_eligible": True,
        "may_exceed_four": False,
        "aliases": [],
        "english": [],
        "ids": [],
        "complete": True,
        "faces": [
            {
                "name": "ボルシャック・ドラゴン",
                "type": "クリーチャー",
                "civilizations": ["火"],
                "cost": 6,
                "power": 6000,
                "races": ["アーマード・ドラゴン"],
            }
        ],
    }
    card.update(changes)
    return json.dumps({key: value for key, value in card.items() if value is not ...}, ensure_ascii=False)


@pytest.mark.parametrize(
    ("changes", "why"),
    [
        ({"zone": "graveyard"}, "unknown zone 'graveyard'"),
        ({"layout": "triple"}, "unknown layout"),
        ({"name": 7}, "has no name"),
        ({"faces": "ボルシャック"}, "faces that are not a list"),
        ({"faces": [{"name": "x", "type": "クリーチャー", "civilizations": ["火星"]}]}, "unknown civilizations"),
        ({"faces": [{"name": "x", "type": "クリーチャー", "cost": [6]}]}, "cost or power"),
        ({"partner_eligible": "yes"}, "partner_eligible that is not true or false"),
        ({"aliases": "ボルシャック"}, "aliases that are not a list"),
    ],
)
def test_a_hand_edited_card_record_is_one_line_with_file_and_byte(tmp_path, capsys, changes, why):
    from duepa_check.data.files import write_card_data

    data_dir = tmp_path / "data"
    write_card_data([CardPool.load().get("ボルシャック・ドラゴン")], {"sources": ["test"]}, data_dir)
    cards = data_dir / "cards.jsonl"
    header, line = cards.read_text(encoding="utf-8").splitlines()
    # Same start offset: the index still points at the record, which now says something odd.
    cards.write_text(f"{header}\n{_record(**changes)}\n", encoding="utf-8")
    deck = tmp_path / "deck.txt"
    deck.write_text("パートナー: ボルシャック・ドラゴン\n", encoding="utf-8")
    result = run(capsys, deck, "--data-dir", data_dir)
    assert_one_line_exit_2(result, f"{cards}: the record at byte", why)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8) | st.sampled_from(["main", "∞", "火", "single"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["name", "type", "cost"]), inner, max_size=3)
    ),
    max_leaves=8,
)
CARD_KEYS = [
    "name",
    "layout",
    "zone",
    "faces",
    "partner_eligible",
    "may_exceed_four",
    "aliases",
    "english",
    "ids",
    "complete",
]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(CARD_KEYS), JSON_VALUES, max_size=6) | JSON_VALUES)
def test_property_any_record_is_a_card_or_a_stated_problem(data):
    """Whatever a cards.jsonl line holds, the loader gives a Card whose facts the rules can use, or a reason."""
    problem = record_problem(data)
    if problem is None:
        card = card_from_json(data)
        card.partner_problem()  # the rules' questions: must not raise on anything we accepted
        assert card.civilizations is not None and isinstance(card.name, str)
    else:
        from duepa_check.messages import text

        assert all(isinstance(text(problem, lang), str) and "\n" not in text(problem, lang) for lang in ("en", "ja"))


def test_every_embedded_record_passes_the_check():
    """The embedded shard is trusted (its records are not re-checked as they are read): this is why."""
    lines = (embedded_data_dir() / "cards.jsonl").read_bytes().splitlines()[1:]
    problems = [(number, record_problem(json.loads(line))) for number, line in enumerate(lines, start=2)]
    assert len(lines) > 10_000 and [p for p in problems if p[1]] == []
    assert CardPool.load().shards[0].trusted


def test_a_data_dir_shard_is_checked_record_by_record(tmp_path):
    for name in ("cards.jsonl", "index.tsv"):
        (tmp_path / name).write_bytes((embedded_data_dir() / name).read_bytes())
    pool = CardPool([tmp_path, embedded_data_dir()])
    assert [shard.trusted for shard in pool.shards] == [False, True]


# --- the regulation file, edited by hand ------------------------------------------------------


def _regulation_text(tail: str, data_date: str = '"2026-03-16"') -> str:
    return f"format: 1\ndata_date: {data_date}\n{tail}"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (_regulation_text("", data_date="2026-13-45"), "month must be in 1..12"),
        (_regulation_text("", data_date='"2026-13-45"'), "data_date: '2026-13-45' is not a date"),
        (_regulation_text("", data_date="2026-03-16 10:00:00"), "is not a date"),
        (_regulation_text("prohibited:\n  - 123\n"), "prohibited[1] needs a card"),
        (_regulation_text("prohibited:\n  - card: [1, 2]\n"), "prohibited[1]: list is not a card name"),
        (_regulation_text("prohibited: 5\n"), "prohibited must be a list"),
        (
            _regulation_text("events:\n  - {date: 2020-01-01, card: 5, status: hall_of_fame}\n"),
            "events[1]: 5 is not a card name",
        ),
        (_regulation_text("events:\n  - {date: 2020-01-01, card: x, status: gone}\n"), "unknown status 'gone'"),
        (_regulation_text("combos:\n  - {cards: AB, since: 2020-01-01}\n"), "combos[1] needs two cards"),
        (_regulation_text("combos:\n  - {cards: [A, B], since: 2020-01-01, kind: trio}\n"), "unknown kind 'trio'"),
        (_regulation_text("unconfirmed: [1]\n"), "unconfirmed must be a mapping"),
        (_regulation_text("unconfirmed:\n  changes:\n    - 7\n"), "unconfirmed.changes[1]"),
        (_regulation_text("starts_in_battle_zone:\n  - {a: 1}\n"), "starts_in_battle_zone[1]"),
        (_regulation_text("events: [" * 5000), "invalid YAML"),
    ],
)
def test_a_hand_edited_regulation_is_one_line_naming_the_entry(tmp_path, capsys, text, why):
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    (data_dir / "regulation.yaml").write_text(text, encoding="utf-8")
    assert_one_line_exit_2(check(capsys, data_dir), f"{data_dir / 'regulation.yaml'}", why)


YAML_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.text(max_size=6)
    | st.dates().map(lambda d: d)
    | st.sampled_from(["hall_of_fame", "premium_hall_of_fame", "2026-03-16", "premium_combo"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["card", "date", "status", "cards", "since", "until", "kind", "reason"]), inner, max_size=4
        )
    ),
    max_leaves=10,
)
SECTIONS = ["data_date", "sources", "events", "combos", "prohibited", "starts_in_battle_zone", "unconfirmed"]


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(SECTIONS), YAML_VALUES, max_size=5))
def test_property_any_parsed_regulation_is_a_regulation_or_one_line(sections):
    """Any structure a hand-edited file may parse to: a usable Regulation, or a RegulationError."""
    data = {"format": 1, "data_date": date(2026, 3, 16), **sections}
    try:
        regulation = regulation_from_data(data, "regulation.yaml")
    except RegulationError as error:
        assert "\n" not in str(error) and str(error).startswith("regulation.yaml")
        return
    assert isinstance(regulation, Regulation)
    for name in regulation.restricted_names:  # what a check asks: must answer, not raise
        regulation.status(name, date(2026, 3, 16), include_unconfirmed=True)
        regulation.since(name, date(2026, 3, 16))
    regulation.combos_on(date(2026, 3, 16))
    dump_regulation(regulation)


# --- the layout resolver itself -----------------------------------------------------------------


def test_a_version_folder_given_directly_is_its_own_data(tmp_path):
    data_dir = pointed_copy(tmp_path / "data")
    folder = data_folder(data_dir)
    assert folder == data_dir / "data-test-1"
    assert data_folder(folder) == folder
    assert len(CardPool.load(data_dir).shards) == 2
    assert load_current(data_dir).path in (folder / "regulation.yaml", EMBEDDED / "regulation.yaml")


def test_no_data_is_none_not_an_error(tmp_path):
    assert data_folder(tmp_path / "missing") is None
    assert data_folder(tmp_path) is None


@pytest.mark.parametrize("name", ["data-", "data-../x", "data-a/b", "other", "data-" + "x" * 200, 5, None, "data-ａ"])
def test_folder_names_outside_the_pattern_are_refused(name):
    assert not userdata.valid_folder_name(name)


def test_a_pointer_naming_a_folder_that_is_a_symlink_is_refused(tmp_path):
    data_dir = pointed_copy(tmp_path / "data")
    (data_dir / "data-test-1").rename(tmp_path / "outside")
    (data_dir / "data-test-1").symlink_to(tmp_path / "outside")
    with pytest.raises(DataDirError, match="not a folder there"):
        data_folder(data_dir)


def test_card_data_error_and_data_dir_error_are_both_one_line_failures():
    from duepa_check.errors import DuepaError

    assert issubclass(DataDirError, DuepaError) and issubclass(CardDataError, DuepaError)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=300) | st.builds(lambda v: json.dumps(v).encode(), JSON_VALUES))
def test_property_any_pointer_content_is_data_or_one_line(tmp_path, content):
    """Whatever ``current`` holds (bytes, any JSON): its data folder, or a DataDirError of one line."""
    data_dir = tmp_path / "prop"
    (data_dir / "data-test-1").mkdir(parents=True, exist_ok=True)
    (data_dir / "current").write_bytes(content)
    try:
        folder = data_folder(data_dir)
    except DataDirError as error:
        assert "\n" not in str(error) and str(data_dir) in str(error)
    else:
        assert folder == data_dir / "data-test-1"
