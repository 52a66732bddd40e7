"""The JSON report: the contract's document, laid out one deck and one violation per line."""

from __future__ import annotations

import json
from datetime import date

from support import BD4, BD6, DECKS, make_deck

from duepa_check.check.checker import Checker, CheckOptions
from duepa_check.check.results import RunInfo
from duepa_check.data.pool import CardPool
from duepa_check.data.regulation import load_current
from duepa_check.report.json_doc import json_document, render_json


def results_and_info(tmp_path):
    broken = make_deck(
        tmp_path, BD4, replace={30: "1 フェアリー・シャワー", 31: "1 龍の呼び声", 32: '1 "引用"\\ と\ttab'}
    )
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    regulation = load_current(None)
    checker = Checker(CardPool.load(), regulation, CheckOptions(as_of=date(2026, 3, 16)))
    results = checker.check_all([broken, DECKS / BD6, empty])
    return results, RunInfo(date(2026, 3, 16), regulation.data_date, "embedded")


def test_the_layout_is_the_contract_document(tmp_path):
    results, info = results_and_info(tmp_path)
    text = render_json(results, info)
    assert json.loads(text) == json.loads(json.dumps(json_document(results, info)))


def test_one_deck_and_one_violation_per_line(tmp_path):
    results, info = results_and_info(tmp_path)
    lines = render_json(results, info).splitlines()
    violation_lines = [line for line in lines if line.startswith('      {"rule": ')]
    assert len(violation_lines) == sum(len(r.violations) for r in results) >= 3
    assert [json.loads(line.rstrip(","))["rule"] for line in violation_lines] == [
        v.rule for r in results for v in r.violations
    ]
    deck_lines = [line for line in lines if line.startswith('    {"path": ')]
    assert len(deck_lines) == 3
    assert json.loads(deck_lines[1].rstrip(","))["path"].endswith(BD6)  # a legal deck is one whole line
    assert json.loads(deck_lines[2])["error"].endswith("empty file; expected a decklist")


def test_no_decks_is_still_a_document():
    info = RunInfo(date(2026, 3, 16), date(2026, 3, 16), "embedded")
    document = json.loads(render_json([], info))
    assert document["decks"] == [] and document["summary"]["decks"] == 0
