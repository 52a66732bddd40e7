"""Every hint fits in two lines at 80 columns (issue 47, §2): a hint says what to do, not why.

DP003 and DP004 named three partner candidates with their lines, what the pool offers and the
cards with fewest off-colour: five lines in a log. They name one card now, and
`duepa-check partners DECK` lists the rest (as `duepa-check rules DP203` holds DP203's evidence).

Two checks: every hint of every rule in both catalogues, filled with ordinary values (a card
name of twelve characters, two line numbers, every kind of partner advice), and the hints of real
reports of product decks broken the ways that give the longest hints.
"""

from __future__ import annotations

import string

import pytest
from support import AS_OF, BD4, BD6, make_deck, run

from duepa_check.linebreak import wrap
from duepa_check.messages import Listed, catalogue, msg, text
from duepa_check.rules import RULES

WIDTH, MOST_LINES = 80, 2
CARD = "ボルシャック・ドラゴ大王"  # twelve characters: an ordinary card name
NAMES = Listed(
    ("《ボルシャック・ドラゴン》", "《ボルシャック・ドギラゴン》", "《ボルシャック・カイザー》"), "sep.names"
)
ADVICE = {
    "working": Listed(
        (msg("partner-advice.working", candidates=Listed((msg("partner-designation.listed", card=CARD, line=30),))),),
        "sep.clauses",
    ),
    "fewest": Listed(
        (
            msg(
                "partner-advice.fewest", candidates=Listed((msg("partner-advice.off-count.other", card=CARD, count=2),))
            ),
        ),
        "sep.clauses",
    ),
    "none": Listed((msg("partner-advice.none-in-deck"),), "sep.clauses"),
    "pool": Listed(
        (msg("partner-advice.pool", candidates=Listed((f"《{CARD}》",))),),
        "sep.clauses",
    ),
}
VALUES = {
    "allowed": Listed(("火", "自然"), "sep.civilizations"),
    "outside": "水",
    "difference": 2,
    "minimum": 5,
    "line": 30,
    "lines": Listed(("30", "41"), "sep.lines"),
    "wanted": 60,
    "known": 58,
    "size": 60,
    "count": 59,
    "limit": 20,
    "source": "DMWiki 2026-04-01",
    "suggestions": NAMES,
    "card": CARD,
    "first": "天地命動 バラギアラ／天上天下輪廻独尊",
}


def _hint_keys(lang: str) -> list[str]:
    """Every catalogue key a rule gives as a hint: its name's keys with ``hint`` in them, DP001's
    counts (its hint says what to add or remove), and the shared ``hint.remove-it``."""
    names = [module.NAME for module in RULES.values()]
    found = []
    for key in catalogue(lang):
        rule_key = any(key.startswith(f"{name}.") for name in names)
        if key.startswith("hint.") or (rule_key and ".hint" in key):
            found.append(key)
        elif key.startswith("deck-size.") and not key.startswith("deck-size.count."):
            found.append(key)
    return found


def _lines(hint: str) -> list[str]:
    return wrap(hint, WIDTH)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_rule_s_hint_fits_two_lines_at_80_columns(lang):
    keys = _hint_keys(lang)
    assert len(keys) >= 40 and {"partner-eligibility.hint.move", "deck-size.unknown.even.other"} <= set(keys)
    long = []
    for key in keys:
        fields = {field for _, field, _, _ in string.Formatter().parse(catalogue(lang)[key]) if field}
        for advice in ADVICE.values() if "advice" in fields else [None]:
            values = {name: VALUES[name] for name in fields if name != "advice"}
            hint = text(msg(key, advice=advice, **values), lang)
            if len(_lines(hint)) > MOST_LINES:
                long.append((key, hint))
    assert long == []


BROKEN = {  # decks whose reports hold the longest hints: partner advice of each kind, DP001 with unknown lines
    "spell-partner": (BD4, {2: "パートナー: フェアリー・シャワー", 30: "1 ボルシャック・ドラゴ大王"}, ()),
    "weak-partner": (BD4, {2: "パートナー: エール・ライフ", 30: "1 ボルシャック・ドラゴ大王"}, ()),
    "psychic-partner": (BD6, {2: "パートナー: ヴォルグ・サンダー", 30: "1 偽神殺しのツラトゥストラ"}, ()),
    "no-partner": (BD4, {2: "1 ボルシャック・ドラゴ大王"}, ("1 エール・ライフ",)),
    "unknown-lines": (
        BD4,
        {30: "1 ｚｚｚｚｚｚｚｚｚ", 41: "1 天地命動 バラギアラ", 42: "!!!!"},
        ("1 フェアリー・ギフト",),
    ),
    # thirty lines that name no card in a 62-card list: DP001 names the first lines, then "…"
    "many-unknown-lines": (
        BD4,
        {line: f"1 ｚｚｚ{line}" for line in range(10, 40)},
        ("1 フェアリー・ギフト", "1 ｚｚｚ"),
    ),
}


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("case", sorted(BROKEN))
def test_the_hints_of_real_reports_fit_two_lines_at_80_columns(capsys, tmp_path, case, lang):
    base, replace, append = BROKEN[case]
    deck = make_deck(tmp_path, base, replace=replace, append=list(append), name=f"{case}.txt")
    done = run(capsys, deck, "--format", "json", "--as-of", AS_OF, "--lang", lang)
    violations = done.json["decks"][0]["violations"]
    assert violations
    long = [(v["rule"], v["hint"]) for v in violations if len(_lines(v["hint"])) > MOST_LINES]
    assert long == []
