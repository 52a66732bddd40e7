"""Output bounded by what anyone reads (issue 30): stats and partners list the first 500 lines
they cannot use and count the rest, as check does; a heading's count of any length is quoted as
written. (Times are measured in benchmarks/hostile.py, not here.)"""

from __future__ import annotations

from support import AS_OF, check_json, make_deck, run

from duepa_check.check.results import MAX_REPORTED


def unknown_names(count: int) -> list[str]:
    return [f"1 ボルシャック{chr(0x30A1 + n % 80)}{chr(0x30A1 + n // 80 % 80)}{n}" for n in range(count)]


def test_stats_on_a_deck_with_many_unknown_names_lists_the_first_500(capsys, tmp_path):
    deck = make_deck(tmp_path, append=unknown_names(MAX_REPORTED + 100))
    result = run(capsys, "stats", deck, "--no-color")
    assert result.code == 1
    listed = result.err.count("DP100")  # the text report keeps to three times the list's size
    assert 0 < listed < MAX_REPORTED and f"{MAX_REPORTED + 100 - listed} more" in result.err, result.err[-500:]


def test_partners_lists_the_first_500_lines_not_counted_and_counts_the_rest(capsys, tmp_path):
    deck = make_deck(tmp_path, append=unknown_names(MAX_REPORTED + 7))
    for extra in ([], ["--format", "json"]):
        result = run(capsys, "partners", deck, "--as-of", AS_OF, "--no-color", *extra)
        shown = result.err if extra else result.out
        assert shown.count("its colours are not counted") == MAX_REPORTED  # 500 lines, the rest counted
        assert "and 7 more lines whose colours are not counted" in shown


def test_a_heading_with_a_huge_count_is_quoted_as_written(capsys, tmp_path):
    huge = "9" * 26
    _, deck = check_json(capsys, make_deck(tmp_path, append=[f"クリーチャー ({huge})"]))
    assert [(v["rule"], v["line"]) for v in deck["violations"]] == [("DP204", 63)]
    assert huge in deck["violations"][0]["message"] and "1000" not in deck["violations"][0]["message"]


def test_a_card_count_of_ten_digits_or_more_is_said_so_not_misquoted(capsys, tmp_path):
    _, deck = check_json(capsys, make_deck(tmp_path, append=[f"ボルシャック・ドラゴン ({'9' * 26})"]))
    assert [v["rule"] for v in deck["violations"]] == ["DP102"]
    assert "ten digits" in deck["violations"][0]["message"] and "1000" not in deck["violations"][0]["message"]
