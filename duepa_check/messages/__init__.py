"""User-facing text: code carries a key and arguments; the words are looked up at output time.

A rule yields ``finding(line, card, "civilization.outside", hint=..., card=..., ...)``, never a
sentence; renderers call ``text(message, lang)`` when they print. So no rule changes because
of a language, and one run can print JSON in English and a report in Japanese alike.

Why plain dicts with ``str.format`` fields, not gettext: the two catalogues ship as modules
(``en.py``, ``ja.py``) that load as fast as any module, with no ``.po``/``.mo`` build
step, and a test can compare their keys and placeholder names directly. The ideas are
gettext's and sphinx's: English keys, plural forms as separate ``.one``/``.other`` keys (see
``plural``), named placeholders, text made as late as possible. What is not copied is the
silent fallback: a key missing from a catalogue raises KeyError, and
``tests/contracts/test_messages.py`` fails before that can ship.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

LANGUAGES = ("en", "ja")
DEFAULT_LANG = "en"


class Msg(NamedTuple):
    """A message not yet put into words: a catalogue key and its named arguments.

    An argument may itself be a Msg or a Listed; they are put into words in the same language.
    """

    key: str
    args: dict[str, Any]


class Listed(NamedTuple):
    """Items joined by the language's separator (``sep`` is a catalogue key); ``empty`` is the
    key said when there are no items; past ``most`` items, the first ``most`` and how many more."""

    items: tuple[Any, ...]
    sep: str = "sep.names"
    empty: str | None = None
    most: int | None = None


MAX_LINES_LISTED = 12  # a finding about 1,000 lines names twelve and says how many more: reports stay in proportion


def line_numbers(lines: Iterable[object], most: int = MAX_LINES_LISTED) -> Listed:
    """Line numbers as a message lists them (``1, 2, 3``): past ``most``, the first ones and how
    many more (a hint, which must fit two lines of 80 columns, passes fewer)."""
    return Listed(tuple(str(line) for line in lines), "sep.lines", most=most)


def msg(key: str, /, **args: Any) -> Msg:
    return Msg(key, args)


def plural(key: str, count: int) -> str:
    """``key.one`` for 1, else ``key.other``: English's two forms; Japanese gives both the same text.

    A language with more forms would need more suffixes here; ours need no more.
    """
    return f"{key}.one" if count == 1 else f"{key}.other"


_CATALOGUES: dict[str, dict[str, str]] = {}


def catalogue(lang: str) -> dict[str, str]:
    """The key → template dict of a language (imported once, on first use)."""
    found = _CATALOGUES.get(lang)
    if found is None:
        if lang not in LANGUAGES:
            raise ValueError(f"no message catalogue for language {lang!r}")
        from importlib import import_module

        found = _CATALOGUES[lang] = import_module(f"{__name__}.{lang}").MESSAGES
    return found


def rule_doc(rule: Any, lang: str = DEFAULT_LANG) -> str:
    """A rule's user doc in ``lang``, stripped, as written (with the docstrings' ``literal`` marks:
    docs/rules.md shows them as code): English is the rule module's docstring; another language's
    docs live with that language (``rule_docs_<lang>.py``, by rule id), not in the rule modules.
    "" when there is none (tests/rules/test_rule_docs.py fails first)."""
    if lang == DEFAULT_LANG:
        return str(rule.__doc__ or "").strip()
    from importlib import import_module

    return str(import_module(f"{__name__}.rule_docs_{lang}").DOCS.get(rule.ID, "")).strip()


def text(value: Any, lang: str = DEFAULT_LANG) -> str:
    """Put a Msg (or Listed) into words in ``lang``; any other value as ``str.format`` shows it."""
    words = catalogue(lang)
    return str(_words(value, words))


def _words(value: Any, words: dict[str, str]) -> Any:
    if isinstance(value, Msg):
        return words[value.key].format_map({name: _words(arg, words) for name, arg in value.args.items()})
    if isinstance(value, Listed):
        if not value.items and value.empty:
            return words[value.empty]
        items = value.items if value.most is None else value.items[: value.most]
        joined = words[value.sep].join(str(_words(item, words)) for item in items)
        if len(items) < len(value.items):
            return words["list.more"].format(shown=joined, count=len(value.items) - len(items), total=len(value.items))
        return joined
    return value


__all__ = [
    "DEFAULT_LANG",
    "LANGUAGES",
    "Listed",
    "MAX_LINES_LISTED",
    "Msg",
    "catalogue",
    "msg",
    "plural",
    "rule_doc",
    "text",
    "line_numbers",
]
