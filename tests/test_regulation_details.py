"""Reading the regulation data in detail: what each refusal says (key and arguments), what is kept.

They were written against the survivors of ``python tools/mutation_test.py
'duepa_check.regulation.*'`` (mutmut); they compare message keys and arguments, not words.
"""

from __future__ import annotations

from datetime import date

import pytest

from duepa_check.messages import Msg
from duepa_check.regulation import RegulationError, regulation_from_data

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
        ({"format": 1, "data_date": "x" * 100}, m("regulation-data.date", where="f.yaml: data_date", value="'" + "x" * 56 + "...")),
        ({"format": 1, "data_date": "x" * 58}, m("regulation-data.date", where="f.yaml: data_date", value="'" + "x" * 58 + "'")),
        ({**BASE, "events": "x"}, m("regulation-data.list", where="f.yaml", key="events", value="'x'")),
        ({**BASE, "events": [EVENT, {"date": "2025-01-01", "card": "A"}]}, m("regulation-data.event-fields", at="f.yaml: events[2]")),
        ({**BASE, "events": [EVENT, ["x"]]}, m("regulation-data.event-fields", at="f.yaml: events[2]")),
        ({**BASE, "events": [EVENT, {**EVENT, "card": ""}]}, m("regulation-data.card-name", where="f.yaml: events[2]", value="''")),
        ({**BASE, "events": [EVENT, {**EVENT, "date": "2025-02-30"}]}, m("regulation-data.date", where="f.yaml: events[2]", value="'2025-02-30'")),
        ({**BASE, "events": [EVENT, {**EVENT, "status": "banned"}]},
         m("regulation-data.unknown-status", at="f.yaml: events[2]", status="'banned'", known="unrestricted, hall_of_fame, premium_hall_of_fame")),
        ({**BASE, "combos": [COMBO, {"cards": ["A"], "since": "2025-01-01"}]}, m("regulation-data.combo-fields", at="f.yaml: combos[2]")),
        ({**BASE, "combos": [COMBO, {"cards": ["A", "B"]}]}, m("regulation-data.combo-fields", at="f.yaml: combos[2]")),
        ({**BASE, "combos": [COMBO, "A+B"]}, m("regulation-data.combo-fields", at="f.yaml: combos[2]")),
        ({**BASE, "combos": [COMBO, {**COMBO, "kind": "x"}]},
         m("regulation-data.unknown-kind", at="f.yaml: combos[2]", kind="'x'", known="premium_combo, hyperspatial_combo")),
        ({**BASE, "combos": [COMBO, {**COMBO, "cards": ["A", 5]}]}, m("regulation-data.card-name", where="f.yaml: combos[2]", value="5")),
        ({**BASE, "combos": [COMBO, {**COMBO, "until": "later"}]}, m("regulation-data.date", where="f.yaml: combos[2]", value="'later'")),
        ({**BASE, "prohibited": [{"card": "A"}, {"reason": "x"}]}, m("regulation-data.prohibited-fields", at="f.yaml: prohibited[2]")),
        ({**BASE, "prohibited": [{"card": "A"}, "B"]}, m("regulation-data.prohibited-fields", at="f.yaml: prohibited[2]")),
        ({**BASE, "starts_in_battle_zone": ["A", 5]}, m("regulation-data.card-name", where="f.yaml: starts_in_battle_zone[2]", value="5")),
        ({**BASE, "unconfirmed": [1]}, m("regulation-data.unconfirmed", where="f.yaml")),
        ({**BASE, "unconfirmed": {"changes": "x"}}, m("regulation-data.list", where="f.yaml: unconfirmed", key="changes", value="'x'")),
        ({**BASE, "unconfirmed": {"changes": [{"card": "A", "status": "premium_hall_of_fame"}, {"card": "B", "status": "x"}]}},
         m("regulation-data.change-fields", at="f.yaml: unconfirmed.changes[2]")),
        ({**BASE, "unconfirmed": {"changes": [{"card": "A", "status": "premium_hall_of_fame"}, "B"]}},
         m("regulation-data.change-fields", at="f.yaml: unconfirmed.changes[2]")),
        ({**BASE, "unconfirmed": {"changes": [{"status": "premium_hall_of_fame"}]}},
         m("regulation-data.card-name", where="f.yaml: unconfirmed.changes[1]", value="None")),
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
