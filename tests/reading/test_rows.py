"""reading.rows reads a table row into a Row and never touches a reader: what one row says."""

from __future__ import annotations

from duepa_check.reading.rows import Row, header_columns, read_cells, read_row, split_cells


def test_a_header_row_says_the_tables_columns_and_nothing_else():
    row = read_cells(1, ["枚数", "カード名", "パートナー"], True, None)
    assert row.columns == header_columns(["枚数", "カード名", "パートナー"])
    assert (row.columns["count"], row.columns["name"], row.columns["partner"]) == (0, 1, 2)
    assert row.entries == [] and row.problems == [] and row.line is None


def test_a_row_under_a_header_is_read_by_its_columns():
    columns = header_columns(["カード名", "枚数"])
    row = read_cells(2, ["ボルシャック・ドラゴン", "1"], True, columns)
    assert [(e.line, e.name, e.count) for e in row.entries] == [(2, "ボルシャック・ドラゴン", 1)]
    bad = read_cells(3, ["ボルシャック・ドラゴン", "一"], True, columns)
    assert bad.entries == [] and [p.message.key for p in bad.problems] == ["parse.table-bad-count"]


def test_a_two_column_recipe_row_is_two_cards():
    columns = header_columns(["枚数", "カード名", "枚数", "カード名"])
    row = read_cells(4, ["1", "ボルシャック・ドラゴン", "1", "アクア・サーファー"], True, columns)
    assert [e.name for e in row.entries] == ["ボルシャック・ドラゴン", "アクア・サーファー"]


def test_a_row_without_a_header_reads_its_one_count_and_says_two_counts_are_one_too_many():
    row = read_row(5, "1,ボルシャック・ドラゴン", None)
    assert [(e.name, e.count) for e in row.entries] == [("ボルシャック・ドラゴン", 1)]
    two = read_cells(6, ["1", "2", "ボルシャック・ドラゴン"], True, None)
    assert two.entries == [] and [p.message.key for p in two.problems] == ["parse.table-which-count"]


def test_a_text_line_with_a_comma_that_reads_as_no_row_is_left_to_the_text_reader():
    assert read_row(7, "作成日：2024/05/01, 更新", None) is None
    assert read_row(8, "|---|:--:|", None) == Row()


def test_a_single_cell_of_a_table_is_read_as_a_line_of_its_own():
    assert read_cells(9, ["", "1 ボルシャック・ドラゴン", ""], True, None) == Row(line="1 ボルシャック・ドラゴン")
    assert read_cells(9, ["NAME, 1"], True, None) == Row(line="NAME, 1", as_text=True)
    assert split_cells("| 1 | 《神聖十二神騎:||》 |") == ["1", "《神聖十二神騎:||》"]
