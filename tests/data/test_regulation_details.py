"""Reading the regulation data in detail: what each refusal says (key and arguments), what is kept.

They were written against the survivors of ``python tools/mutation_test.py
'duepa_check.data.regulation.*'`` (mutmut); they compare message keys and arguments, not words.
"""

from __future__ import annotations

from datetime import date, datetime

import pytest

from duepa_check.data.regulation import RegulationError, regulation_from_data
from duepa_check.messages import Msg

BASE = {"format": 1, "data_date": "2026-01-01"}
EVENT = {"date": "2025-01-01", "card": "A", "status": "hall_of_fame"}
COMBO = {"cards": ["A", "B"], "since": "2025-01-01"}


def m(key: str, /, **args) -> Msg:
    return Msg(key, args)


@pytest.mark.parametrize(
    "data, expected",
    [
        ([1], m("regulation-data.not-ours", where="f.yaml")),
        ({"data_date": "2026-01-01"}, m("regulation-data.not-ours", where="f.yaml")),
        ({"format": 2, "data_date": "2026-01-01"}, m("regulation-data.not-ours", where="f.yaml")),
        ({"format": 1, "data_date": "soon"}, m("regulation-data.date", where="f.yaml: data_date", value="'soon'")),
        ({"format": 1, "data_date": True}, m("regulation-data.date", where="f.yaml: data_date", value="True")),
        ({"format": 1, "data_date": None}, m("regulation-data.date", where="f.yaml: data_date", value="None")),
        ({"format": 1, "data_date": [2026]}, m("regulation-data.date", where="f.yaml: data_date", value="list")),
        (
            {"format": 1, "data_date": "x" * 100},
            m("regulation-data.date", where="f.yaml: data_date", value="'" + "x" * 56 + "..."),
        ),
        (
            {"format": 1, "data_date": "x" * 58},
            m("regulation-data.date", where="f.yaml: data_date", value="'" + "x" * 58 + "'"),
        ),
        (
            {"format": 1, "data_date": "x" * 59},
            m("regulation-data.date", where="f.yaml: data_date", value="'" + "x" * 56 + "..."),
        ),
        ({**BASE, "events": "x"}, m("regulation-data.list", where="f.yaml", key="events", value="'x'")),
        ({**BASE, "sources": "x"}, m("regulation-data.list", where="f.yaml", key="sources", value="'x'")),
        ({**BASE, "combos": {"a": 1}}, m("regulation-data.list", where="f.yaml", key="combos", value="dict")),
        ({**BASE, "prohibited": 5}, m("regulation-data.list", where="f.yaml", key="prohibited", value="5")),
        (
            {**BASE, "starts_in_battle_zone": "S"},
            m("regulation-data.list", where="f.yaml", key="starts_in_battle_zone", value="'S'"),
        ),
        (
            {**BASE, "combos": [COMBO, {**COMBO, "cards": [5, "B"]}]},
            m("regulation-data.card-name", where="f.yaml: combos[2]", value="5"),
        ),
        (
            {**BASE, "combos": [COMBO, {**COMBO, "since": "soon"}]},
            m("regulation-data.date", where="f.yaml: combos[2]", value="'soon'"),
        ),
        (
            {**BASE, "prohibited": [{"card": "A"}, {"card": 5}]},
            m("regulation-data.card-name", where="f.yaml: prohibited[2]", value="5"),
        ),
        (
            {**BASE, "events": [EVENT, {"date": "2025-01-01", "card": "A"}]},
            m("regulation-data.event-fields", at="f.yaml: events[2]"),
        ),
        ({**BASE, "events": [EVENT, ["x"]]}, m("regulation-data.event-fields", at="f.yaml: events[2]")),
        (
            {**BASE, "events": [EVENT, {**EVENT, "card": ""}]},
            m("regulation-data.card-name", where="f.yaml: events[2]", value="''"),
        ),
        (
            {**BASE, "events": [EVENT, {**EVENT, "date": "2025-02-30"}]},
            m("regulation-data.date", where="f.yaml: events[2]", value="'2025-02-30'"),
        ),
        (
            {**BASE, "events": [EVENT, {**EVENT, "status": "banned"}]},
            m(
                "regulation-data.unknown-status",
                at="f.yaml: events[2]",
                status="'banned'",
                known="unrestricted, hall_of_fame, premium_hall_of_fame",
            ),
        ),
        (
            {**BASE, "combos": [COMBO, {"cards": ["A"], "since": "2025-01-01"}]},
            m("regulation-data.combo-fields", at="f.yaml: combos[2]"),
        ),
        ({**BASE, "combos": [COMBO, {"cards": ["A", "B"]}]}, m("regulation-data.combo-fields", at="f.yaml: combos[2]")),
        ({**BASE, "combos": [COMBO, "A+B"]}, m("regulation-data.combo-fields", at="f.yaml: combos[2]")),
        (
            {**BASE, "combos": [COMBO, {**COMBO, "kind": "x"}]},
            m(
                "regulation-data.unknown-kind",
                at="f.yaml: combos[2]",
                kind="'x'",
                known="premium_combo, hyperspatial_combo",
            ),
        ),
        (
            {**BASE, "combos": [COMBO, {**COMBO, "cards": ["A", 5]}]},
            m("regulation-data.card-name", where="f.yaml: combos[2]", value="5"),
        ),
        (
            {**BASE, "combos": [COMBO, {**COMBO, "until": "later"}]},
            m("regulation-data.date", where="f.yaml: combos[2]", value="'later'"),
        ),
        (
            {**BASE, "prohibited": [{"card": "A"}, {"reason": "x"}]},
            m("regulation-data.prohibited-fields", at="f.yaml: prohibited[2]"),
        ),
        (
            {**BASE, "prohibited": [{"card": "A"}, "B"]},
            m("regulation-data.prohibited-fields", at="f.yaml: prohibited[2]"),
        ),
        (
            {**BASE, "starts_in_battle_zone": ["A", 5]},
            m("regulation-data.card-name", where="f.yaml: starts_in_battle_zone[2]", value="5"),
        ),
        ({**BASE, "unconfirmed": [1]}, m("regulation-data.unconfirmed", where="f.yaml")),
        (
            {**BASE, "unconfirmed": {"changes": "x"}},
            m("regulation-data.list", where="f.yaml: unconfirmed", key="changes", value="'x'"),
        ),
        (
            {
                **BASE,
                "unconfirmed": {
                    "changes": [{"card": "A", "status": "premium_hall_of_fame"}, {"card": "B", "status": "x"}]
                },
            },
            m("regulation-data.change-fields", at="f.yaml: unconfirmed.changes[2]"),
        ),
        (
            {**BASE, "unconfirmed": {"changes": [{"card": "A", "status": "premium_hall_of_fame"}, "B"]}},
            m("regulation-data.change-fields", at="f.yaml: unconfirmed.changes[2]"),
        ),
        (
            {**BASE, "unconfirmed": {"changes": [{"status": "premium_hall_of_fame"}]}},
            m("regulation-data.card-name", where="f.yaml: unconfirmed.changes[1]", value="None"),
        ),
    ],
)
def test_each_problem_in_regulation_data_names_the_file_the_entry_and_the_value(data, expected):
    with pytest.raises(RegulationError) as caught:
        regulation_from_data(data, "f.yaml")
    assert caught.value.message == expected


def test_regulation_data_read_in_full():
    data = {
        **BASE,
        "sources": ["s1", 2, 2.5, ["not a source"], None],
        "events": [
            {"date": "2025-03-01", "card": "A", "status": "premium_hall_of_fame"},
            {"date": date(2024, 1, 1), "card": "A", "status": "hall_of_fame"},
            {"date": "2023-01-01", "card": "B", "status": "hall_of_fame"},
        ],
        "combos": [
            {"cards": ["A", "B"], "since": "2020-01-01", "until": "2021-01-01"},
            {"cards": ["C", "D"], "since": "2022-01-01", "until": None, "kind": "hyperspatial_combo"},
        ],
        "prohibited": [{"card": "P", "reason": "r"}, {"card": "Q"}, {"card": "R", "reason": 7}],
        "starts_in_battle_zone": ["S"],
        "unconfirmed": {"source": 12, "changes": [{"card": "U", "status": "premium_hall_of_fame"}]},
    }
    regulation = regulation_from_data(data, "f.yaml")
    assert regulation.data_date == date(2026, 1, 1)
    assert regulation.sources == ["s1", "2", "2.5"]
    assert regulation.events == {
        "A": [(date(2024, 1, 1), "hall_of_fame"), (date(2025, 3, 1), "premium_hall_of_fame")],  # sorted by date
        "B": [(date(2023, 1, 1), "hall_of_fame")],
    }
    assert [tuple(c) for c in regulation.combos] == [
        (("A", "B"), date(2020, 1, 1), date(2021, 1, 1), "premium_combo"),
        (("C", "D"), date(2022, 1, 1), None, "hyperspatial_combo"),
    ]
    assert regulation.prohibited == {"P": "r", "Q": "", "R": "7"}
    assert regulation.starts_in_battle_zone == ["S"]
    assert regulation.unconfirmed == {"U": "premium_hall_of_fame"} and regulation.unconfirmed_source == "12"
    empty = regulation_from_data({**BASE, "unconfirmed": None, "events": None}, "f.yaml")
    assert empty.events == {} and empty.unconfirmed == {} and empty.unconfirmed_source == ""


# --- what a status is on a date ---------------------------------------------------------------------


def small_regulation():
    from duepa_check.data.regulation import Combo, Regulation

    return Regulation(
        data_date=date(2026, 1, 1),
        events={"A": [(date(2024, 1, 1), "hall_of_fame"), (date(2025, 1, 1), "premium_hall_of_fame")], "E": []},
        combos=[Combo(("C", "D"), since=date(2020, 1, 1), until=date(2021, 1, 1))],
        prohibited={"P": "r", "A2": "x"},
        unconfirmed={"U": "hall_of_fame", "A": "unrestricted"},
    )


@pytest.mark.parametrize(
    "name, on, unconfirmed, status",
    [
        ("A", date(2023, 12, 31), False, "unrestricted"),  # before its first event
        ("A", date(2024, 1, 1), False, "hall_of_fame"),  # from the day of the event
        ("A", date(2024, 12, 31), False, "hall_of_fame"),
        ("A", date(2025, 1, 1), False, "premium_hall_of_fame"),
        ("A", date(2026, 1, 2), True, "unrestricted"),  # an unconfirmed change, asked for, after the data date
        ("A", date(2026, 1, 1), True, "premium_hall_of_fame"),  # ... not on the data date itself
        ("A", date(2026, 1, 2), False, "premium_hall_of_fame"),  # ... not unless asked
        ("U", date(2026, 1, 2), True, "hall_of_fame"),
        ("U", date(2026, 1, 2), False, "unrestricted"),
        ("P", date(2000, 1, 1), False, "prohibited"),  # 使用禁止 whatever the date
        ("E", date(2025, 1, 1), False, "unrestricted"),  # listed with no events
        ("Z", date(2025, 1, 1), True, "unrestricted"),
    ],
)
def test_the_status_of_a_card_is_its_newest_event_on_or_before_the_date(name, on, unconfirmed, status):
    regulation = small_regulation()
    assert regulation.status(name, on, unconfirmed) == status
    assert regulation.status(name, on, unconfirmed) == status  # the memo gives the same


def test_the_memo_keeps_dates_and_unconfirmed_apart():
    regulation = small_regulation()
    assert [regulation.status("A", date(2026, 1, 2), flag) for flag in (False, True, False)] == [
        "premium_hall_of_fame",
        "unrestricted",
        "premium_hall_of_fame",
    ]
    assert [regulation.status("A", day, False) for day in (date(2024, 6, 1), date(2025, 6, 1), date(2024, 6, 1))] == [
        "hall_of_fame",
        "premium_hall_of_fame",
        "hall_of_fame",
    ]


def test_since_is_the_date_the_status_began():
    regulation = small_regulation()
    assert regulation.since("A", date(2023, 12, 31)) is None
    assert regulation.since("A", date(2024, 1, 1)) == date(2024, 1, 1)
    assert regulation.since("A", date(2025, 6, 1)) == date(2025, 1, 1)
    assert regulation.since("Z", date(2025, 6, 1)) is None


def test_a_combo_is_in_force_from_its_first_day_to_the_day_before_until():
    regulation = small_regulation()
    assert [
        bool(regulation.combos_on(day))
        for day in (date(2019, 12, 31), date(2020, 1, 1), date(2020, 12, 31), date(2021, 1, 1))
    ] == [False, True, True, False]
    assert regulation.restricted_names == frozenset({"A", "E", "P", "A2", "U"})


def test_announcements_replace_that_days_status_and_keep_the_rest():
    from duepa_check.data.regulation import Announcement

    regulation = small_regulation()
    regulation.starts_in_battle_zone, regulation.sources, regulation.unconfirmed_source = ["S"], ["a source"], "a blog"
    assert regulation.with_announcements(()) is regulation
    changed = regulation.with_announcements(
        (
            Announcement(on=date(2025, 1, 1), card="A", status="hall_of_fame"),  # replaces that day's event
            Announcement(on=date(2026, 6, 1), card="N", status="premium_hall_of_fame"),
            Announcement(on=date(2026, 6, 1), combo=("X", "Y")),
            Announcement(on=date(2026, 6, 1), card="N"),  # no status: nothing to apply
        )
    )
    assert changed.events["A"] == [(date(2024, 1, 1), "hall_of_fame"), (date(2025, 1, 1), "hall_of_fame")]
    assert changed.events["N"] == [(date(2026, 6, 1), "premium_hall_of_fame")]
    assert tuple(changed.combos[-1]) == (("X", "Y"), date(2026, 6, 1), None, "premium_combo")
    assert changed.data_date == regulation.data_date and changed.prohibited == regulation.prohibited
    assert changed.unconfirmed == regulation.unconfirmed and changed.unconfirmed_source == "a blog"
    assert changed.starts_in_battle_zone == ["S"] and changed.sources == ["a source"]  # DP006 and the report keep them
    assert regulation.events["A"][-1] == (date(2025, 1, 1), "premium_hall_of_fame")  # the data itself is untouched


# --- reading the file --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data, key, why",
    [
        (b"format: 1\ndata_date: [unclosed\n", "regulation-data.invalid-yaml", "while parsing a flow sequence"),
        (b"format: 1\ndata_date: 2026-13-45\n", "regulation-data.yaml-value", "month must be in 1..12"),
        (
            b"\xff\xfe",
            "regulation-data.cannot-read",
            "'utf-8' codec can't decode byte 0xff in position 0: invalid start byte",
        ),
        (None, "regulation-data.cannot-read", "No such file or directory"),
    ],
)
def test_a_regulation_file_that_cannot_be_read_says_why_in_one_line(tmp_path, data, key, why):
    from duepa_check.data.regulation import load_regulation

    path = tmp_path / "regulation.yaml"
    if data is not None:
        path.write_bytes(data)
    with pytest.raises(RegulationError) as caught:
        load_regulation(path)
    assert caught.value.message == m(key, path=path, why=why)


def test_a_regulation_file_larger_than_8_mb_is_refused(tmp_path):
    from duepa_check.data.regulation import MAX_FILE_BYTES, load_regulation

    path = tmp_path / "regulation.yaml"
    path.write_bytes(b"format: 1\ndata_date: 2026-01-01\n" + b"#" * MAX_FILE_BYTES)
    with pytest.raises(RegulationError) as caught:
        load_regulation(path)
    assert caught.value.message == m("regulation-data.too-large", path=path, megabytes=8)
    assert type(caught.value.message.args["megabytes"]) is int  # "8 MB", not "8.0 MB"
    path.write_bytes(b"format: 1\ndata_date: 2026-01-01\n".ljust(MAX_FILE_BYTES, b"\n"))  # exactly the limit: read
    assert load_regulation(path).data_date == date(2026, 1, 1) and load_regulation(path).path == path


def test_what_dump_regulation_writes_reads_back_the_same_without_pyyaml():
    from duepa_check.data.regulation import dump_regulation, read_dumped_yaml

    regulation = small_regulation()
    regulation.sources = ["a source", "another"]
    regulation.starts_in_battle_zone = ["S"]
    regulation.unconfirmed_source = "a blog"
    text = dump_regulation(regulation, "line one\n\nline three")
    assert text.startswith("# line one\n#\n# line three\nformat: 1\n")
    data = read_dumped_yaml(text)
    assert data == regulation.to_yaml_data()
    again = regulation_from_data(data, "f.yaml")
    assert dump_regulation(again) == dump_regulation(regulation)
    empty = dump_regulation(regulation_from_data(BASE, "f.yaml"))
    assert read_dumped_yaml(empty) == regulation_from_data(BASE, "f.yaml").to_yaml_data()
    for key in ("events", "combos", "prohibited", "starts_in_battle_zone", "  changes"):
        assert f"\n{key}: []\n" in empty, key


@pytest.mark.parametrize(
    "text",
    [
        "format: 1\nx:\n   - 1\n",  # three spaces: not how dump_regulation indents
        "format: 1\nevents:\n  - {date: 2025-01-01}\n",  # a flow mapping, not JSON
        "format: 1\n - 1\n",
        "format: [1\n",
    ],
)
def test_text_dump_regulation_would_not_write_goes_to_pyyaml(text):
    from duepa_check.data.regulation import read_dumped_yaml

    assert read_dumped_yaml(text) is None


@pytest.mark.parametrize("days, updated_wins", [(-1, False), (0, True), (1, True)])
def test_an_update_of_the_same_date_as_the_embedded_data_or_newer_is_used(tmp_path, days, updated_wins):
    from datetime import timedelta

    from duepa_check.data.regulation import embedded_regulation_path, load_current, load_regulation

    embedded = load_regulation(embedded_regulation_path())
    written = tmp_path / "regulation.yaml"
    written.write_text(
        f'format: 1\ndata_date: "{(embedded.data_date + timedelta(days=days)).isoformat()}"\n', encoding="utf-8"
    )
    current = load_current(tmp_path)
    assert current.path == (written if updated_wins else embedded_regulation_path())
    assert load_current(None).path == embedded_regulation_path()
    assert load_current(tmp_path / "no such dir").path == embedded_regulation_path()


@pytest.mark.parametrize(
    "value, expected",
    [
        ("2026-01-01", date(2026, 1, 1)),
        (date(2026, 1, 1), date(2026, 1, 1)),  # YAML reads an unquoted date as a date
        (20260101, date(2026, 1, 1)),  # ISO 8601's basic form, read as a number by YAML
        ("20260101", date(2026, 1, 1)),
    ],
)
def test_a_date_may_be_text_a_date_or_the_basic_iso_number(value, expected):
    assert regulation_from_data({"format": 1, "data_date": value}, "f.yaml").data_date == expected


@pytest.mark.parametrize("value", [datetime(2026, 1, 1, 10, 0), 2026.5, False])
def test_a_time_a_float_or_a_boolean_is_no_date(value):
    with pytest.raises(RegulationError) as caught:
        regulation_from_data({"format": 1, "data_date": value}, "f.yaml")
    assert caught.value.message == m("regulation-data.date", where="f.yaml: data_date", value=repr(value))


def test_a_problem_in_a_regulation_file_names_the_file(tmp_path):
    from duepa_check.data.regulation import load_regulation

    path = tmp_path / "regulation.yaml"
    path.write_text("format: 1\ndata_date: soon\n", encoding="utf-8")
    with pytest.raises(RegulationError) as caught:
        load_regulation(path)
    assert caught.value.message == m("regulation-data.date", where=f"{path}: data_date", value="'soon'")


def test_the_dump_writes_names_as_they_are_and_no_header_unless_given():
    from duepa_check.data.regulation import Combo, Regulation, dump_regulation

    regulation = Regulation(
        data_date=date(2026, 1, 1),
        events={"テスト・ブレイン": [(date(2004, 3, 15), "hall_of_fame")]},
        sources=["公式サイト"],
        combos=[Combo(("甲", "乙"), since=date(2020, 1, 1))],
        prohibited={"丙": "理由"},
        starts_in_battle_zone=["丁"],
        unconfirmed={"戊": "hall_of_fame"},
        unconfirmed_source="噂",
    )
    text = dump_regulation(regulation)
    assert text.startswith("format: 1\n")
    assert "\\u" not in text  # UTF-8, not \\u escapes: diffs read well
    for name in ("公式サイト", "テスト・ブレイン", "甲", "丙", "理由", "丁", "戊", "噂"):
        assert name in text, name


def test_an_indented_comment_in_a_hand_edited_file_is_read_as_pyyaml_reads_it():
    import yaml

    from duepa_check.data.regulation import read_dumped_yaml

    text = (
        'format: 1\ndata_date: "2026-01-01"\nevents:\n  - {"date": "2025-01-01", "card": "A", "status": '
        '"hall_of_fame"}\n  # checked\ncombos: []\n'
    )
    assert read_dumped_yaml(text) == yaml.safe_load(text)


def test_the_dump_keeps_each_combos_end_and_lists_combos_by_date():
    """An ended プレミアム殿堂コンビ written without its end would be in force again after an update."""
    from duepa_check.data.regulation import Combo, Regulation, dump_regulation, read_dumped_yaml

    combos = [
        Combo(("あ", "い"), since=date(2022, 1, 1)),
        Combo(("か", "き"), since=date(2020, 1, 1), until=date(2021, 1, 1)),
    ]
    regulation = Regulation(data_date=date(2026, 1, 1), combos=combos)
    again = regulation_from_data(read_dumped_yaml(dump_regulation(regulation)), "f.yaml")
    assert again.combos == [combos[1], combos[0]]  # by date, whatever the names
    assert again.combos_on(date(2025, 1, 1)) == [combos[0]]


# --- found by the re-run of mutmut in session 6 ---------------------------------------------------------


def test_a_status_once_worked_out_is_remembered_per_name_date_and_flag():
    """status() is asked about the same cards on the same date for every deck of a batch: each answer
    is worked out once per name, date and flag (so a change to the events afterwards is not seen)."""
    regulation = small_regulation()
    assert regulation.status("A", date(2025, 6, 1)) == "premium_hall_of_fame"
    assert regulation.status("A", date(2026, 1, 2), True) == "unrestricted"
    regulation.events["A"] = [(date(2024, 1, 1), "hall_of_fame")]  # worked out again: 殿堂入り
    for _ in range(3):
        assert regulation.status("A", date(2025, 6, 1)) == "premium_hall_of_fame"  # remembered
        assert regulation.status("A", date(2026, 1, 2), True) == "unrestricted"  # remembered
    assert regulation.status("A", date(2025, 6, 2)) == "hall_of_fame"  # another date
    assert regulation.status("A", date(2025, 6, 1), True) == "hall_of_fame"  # the other flag
    assert regulation.status("P", date(2025, 6, 1)) == "prohibited"  # another name


def test_a_hand_edited_regulation_file_is_read_without_libyaml(monkeypatch, tmp_path):
    """PyYAML built without libyaml has no CSafeLoader: the pure-Python SafeLoader reads the file."""
    import yaml

    from duepa_check.data.regulation import load_regulation

    monkeypatch.delattr(yaml, "CSafeLoader", raising=False)
    path = tmp_path / "regulation.yaml"
    path.write_text("format: 1\ndata_date: 2026-01-01  # not JSON: PyYAML reads it\n", encoding="utf-8")
    assert load_regulation(path).data_date == date(2026, 1, 1)


def test_a_hand_edited_regulation_file_is_read_by_libyaml_when_it_is_there(monkeypatch, tmp_path):
    """The C loader when PyYAML has it: the same data as the pure-Python one, read many times faster."""
    import yaml

    from duepa_check.data.regulation import load_regulation

    if not hasattr(yaml, "CSafeLoader"):
        pytest.skip("PyYAML without libyaml")
    used = []

    class Watched(yaml.CSafeLoader):
        def __init__(self, stream):
            used.append(stream)
            super().__init__(stream)

    monkeypatch.setattr(yaml, "CSafeLoader", Watched)
    path = tmp_path / "regulation.yaml"
    path.write_text("format: 1\ndata_date: 2026-01-01\n", encoding="utf-8")
    assert load_regulation(path).data_date == date(2026, 1, 1) and len(used) == 1
