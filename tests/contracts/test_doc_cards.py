"""Every card a doc names is a card of the pool, with the facts the doc gives it.

The docs are the rules' own docs (English docstrings, the Japanese rule docs), README.md,
README.ja.md and docs/*.md; a card is a name in 《》 outside a pasted terminal report. Where the
text gives a card's cost ("a cost 7 creature", "the cost 4 《X》", "コスト7の《X》"), its
civilizations ("the 火/自然 partner 《X》", "水/自然の《X》") or its 殿堂 status with a date
("《X》, プレミアム殿堂 since 2019-07-01", "2019-07-01からプレミアム殿堂の《X》"), the card data must
say the same: DP004's example said 《ボルシャック・ドラゴ大王》 costs 7 (the data: 10).
"""

from __future__ import annotations

import re
from datetime import date
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Names in 《》 that are not cards, and why (each is said so in the text around it).
NOT_CARDS = {
    "A／B": "DP002's placeholder for a twinpact",
    "B": "DP002's placeholder for a card named like a twinpact's side",
    "ジョーカード": "DP010: in none of the card sources (banned by a Q&A ruling)",
    "偽りの名": "formats: what 《偽りの名 13》 is not read as",
}
# Names the docs give as a side shared by several cards (DP101, DP006): they match more than one.
SHARED_SIDES = {"零龍"}

CIVILIZATION = r"[火水自然光闇無色]+(?:/[火水自然光闇無色]+)*"
STATUS = {"プレミアム殿堂": "premium_hall_of_fame", "殿堂入り": "hall_of_fame"}


def doc_texts() -> dict[str, str]:
    from duepa_check.messages import rule_doc
    from duepa_check.rules import RULES

    texts = {}
    for rule in RULES.values():
        for lang in ("en", "ja"):
            texts[f"{rule.ID} doc ({lang})"] = rule_doc(rule, lang)
    for path in [ROOT / "README.md", ROOT / "README.ja.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        texts[str(path.relative_to(ROOT))] = re.sub(r"^```console\n.*?^```", "", text, flags=re.M | re.S)
    return texts


TEXTS = doc_texts()


@cache
def pool():
    from duepa_check.data.pool import CardPool, embedded_data_dir

    return CardPool([embedded_data_dir()])


@cache
def regulation():
    from duepa_check.data.pool import embedded_data_dir
    from duepa_check.data.regulation import load_regulation

    return load_regulation(embedded_data_dir() / "regulation.yaml")


def named(text: str) -> list[str]:
    return re.findall(r"《([^《》\n]+)》", text)


def claims(text: str) -> list[tuple[str, str, str]]:
    """(card, fact, value) for each fact the text states next to a card's name."""
    found = []
    card = r"《([^《》\n]+)》"
    for pattern, fact in (
        (card + r"\s*\(a cost (\d+|∞) ", "cost"),  # 《X》 (a cost 7 creature)
        (r"\bcost (\d+|∞) " + card, "cost"),  # the cost 4 《X》
        (r"コスト(\d+|∞)の(?:クリーチャー)?" + card, "cost"),  # コスト7のクリーチャー《X》, コスト4の《X》
        (rf"({CIVILIZATION}) (?:partner )?" + card, "civilizations"),  # the 火/自然 partner 《X》
        (rf"({CIVILIZATION})の(?:パートナー)?" + card, "civilizations"),  # 水/自然の《X》
        (card + rf" is ({CIVILIZATION}) only", "civilizations"),  # 《X》 is 火 only
        (card + rf"は({CIVILIZATION})だけ", "civilizations"),  # 《X》は火だけ
        (card + r", (プレミアム殿堂|殿堂入り) since (\d{4}-\d{2}-\d{2})", "status"),
        (r"(\d{4}-\d{2}-\d{2})から(プレミアム殿堂|殿堂入り)の" + card, "status"),
    ):
        for match in re.finditer(pattern, text):
            groups = match.groups()
            if fact == "status":
                name = groups[0] if pattern.startswith(card) else groups[2]
                status, since = (groups[1], groups[2]) if pattern.startswith(card) else (groups[1], groups[0])
                found.append((name, fact, f"{STATUS[status]} {since}"))
            elif pattern.startswith(card):
                found.append((groups[0], fact, groups[1]))
            else:
                found.append((groups[1], fact, groups[0]))
    return found


def test_the_docs_name_cards_and_state_facts():
    names = {name for text in TEXTS.values() for name in named(text)}
    facts = [claim for text in TEXTS.values() for claim in claims(text)]
    assert len(names) >= 40
    assert {fact for _, fact, _ in facts} == {"cost", "civilizations", "status"}
    assert ("ボルシャック・ドラゴ大王", "cost", "10") in facts  # DP004's example, in both languages


@pytest.mark.parametrize("where", sorted(TEXTS))
def test_every_card_named_is_in_the_pool(where):
    for name in named(TEXTS[where]):
        if name in NOT_CARDS:
            continue
        found = pool().lookup(name)
        if name in SHARED_SIDES:
            assert len(found.cards) > 1, (where, name)
        else:
            assert len(found.cards) == 1, f"{where}: 《{name}》 matches {len(found.cards)} cards"


@pytest.mark.parametrize("where", sorted(TEXTS))
def test_every_fact_a_doc_gives_a_card_is_the_datas(where):
    for name, fact, value in claims(TEXTS[where]):
        (card,) = pool().lookup(name).cards
        if fact == "cost":
            face = card.partner_face or card.faces[0]
            assert str(face.cost) == value, f"{where}: 《{name}》 costs {face.cost} in the data, not {value}"
        elif fact == "civilizations":
            assert "/".join(card.civilizations) == value, (
                f"{where}: 《{name}》 is {'/'.join(card.civilizations)}, not {value}"
            )
        else:
            status, since = value.split()
            day = date.fromisoformat(since)
            assert regulation().status(card.name, day) == status, (where, name, value)
            assert regulation().since(card.name, day) == day, (where, name, value)
