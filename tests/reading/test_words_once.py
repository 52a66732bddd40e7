"""The words the readers recognise are defined once, in reading/words.py.

A heading's, a partner line's, a table column's or a sheet column's words kept in the module that
reads them drift apart from the same words elsewhere (two partner lists once differed). Here, no
other reading module defines a list of words, by its name (``*_WORDS``, ``*_COLUMNS``, ``*_PARTS``,
``*_CELLS``) or by its contents (a literal holding two or more of words.py's Japanese words: the
English ones, 'deck' or 'partner', also name kinds).
"""

from __future__ import annotations

import ast
from pathlib import Path

from duepa_check.reading import words

READING = Path(words.__file__).parent
LIST_NAMES = ("_WORDS", "_COLUMNS", "_PARTS", "_CELLS")
KNOWN = {
    word
    for name, value in vars(words).items()
    if name.isupper() and isinstance(value, (set, frozenset, tuple, dict))
    for word in value
    if isinstance(word, str) and len(word) > 1
}


def word_lists(source: str):
    """(name, line, its strings) of each top-level assignment whose value is a literal of strings."""
    for node in ast.parse(source).body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [target.id for target in targets if isinstance(target, ast.Name)]
            strings = {
                item.value
                for item in ast.walk(node.value)
                if isinstance(item, ast.Constant) and isinstance(item.value, str)
            }
            for name in names:
                yield name, node.lineno, strings


def strays(source: str) -> list[str]:
    found = []
    for name, line, strings in word_lists(source):
        if name.lstrip("_").endswith(LIST_NAMES) or len({s for s in strings & KNOWN if not s.isascii()}) >= 2:
            found.append(f"{name} (line {line})")
    return found


def test_words_py_holds_the_lists_it_is_meant_to():
    assert {"パートナー", "カード名", "タイムスタンプ", "メインデッキ", "合計"} <= KNOWN


def test_no_other_reading_module_defines_a_word_list():
    found = {
        path.name: stray
        for path in sorted(READING.glob("*.py"))
        if path.name != "words.py" and (stray := strays(path.read_text(encoding="utf-8")))
    }
    assert found == {}, "word lists belong in reading/words.py"


def test_a_word_list_outside_words_py_is_found():
    assert strays('NAME_COLUMNS = {"名前", "name"}\n') == ["NAME_COLUMNS (line 1)"]
    assert strays('_HEADERS = ("パートナー", "統率者", "x")\n') == ["_HEADERS (line 1)"]
    assert strays('KINDS = ("deck", "player", "partner")\n') == []
    assert strays('SUFFIXES = (".csv", ".tsv")\n') == []
