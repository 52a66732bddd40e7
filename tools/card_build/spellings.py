"""The official spellings (opencard, the set lists) and the multi-side groups of Ether records."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter, defaultdict
from typing import Any

from duepa_check.data.cards import SIDE_SLASH
from duepa_check.data.names import name_key

from .records import EtherRecord

KANA_READING = re.compile(r"[（(][\u3041-\u309f\u30a0-\u30ff・ー\s]+[）)]")


# ---------------------------------------------------------------- official spellings


def preference(spelling: str, printings: int) -> tuple[Any, ...]:
    """Sort key choosing the display spelling among same-key variants: most printed, plain width."""
    plain = unicodedata.normalize("NFKC", spelling) == spelling
    return (-printings, not plain, "\u3000" in spelling, KANA_READING.search(spelling) is not None, spelling)


class Spellings:
    """Every spelling met per matching key, with how often each was printed (for choosing)."""

    def __init__(self) -> None:
        self.official: dict[str, Counter[str]] = defaultdict(Counter)
        self.setlist: dict[str, Counter[str]] = defaultdict(Counter)

    def add_official(self, name: str, printings: int) -> None:
        self.official[name_key(name)][name] += max(printings, 1)

    def add_setlist(self, name: str) -> None:
        self.setlist[name_key(name)][name] += 1

    def best(self, key: str, fallback: str) -> str:
        """Official (opencard) spelling, else the set lists' most printed one, else the fallback."""
        for table in (self.official, self.setlist):
            counts = table.get(key)
            if counts:
                return min(counts, key=lambda s: preference(s, counts[s]))
        return fallback

    def all_for(self, key: str) -> list[str]:
        return sorted(set(self.official.get(key, ())) | set(self.setlist.get(key, ())))


def twinpact_sides(official: str, ether: str) -> tuple[str, str]:
    """Split 'A / B', 'A/B' or 'A／B' into the two side names (official spelling if it splits cleanly)."""
    for text in (official, ether):
        parts = SIDE_SLASH.split(text.strip())
        if len(parts) == 2 and all(parts):
            return parts[0], parts[1]
    head, _, tail = ether.partition("/")
    return head.strip(), tail.strip()


def without_reading(name: str) -> str:
    return KANA_READING.sub("", name)


# ---------------------------------------------------------------- multi-side groups


def side_groups(records: dict[str, EtherRecord]) -> list[list[str]]:
    """Connected groups of records joined by ``back`` links, each sorted."""
    links: dict[str, set[str]] = defaultdict(set)
    for record in records.values():
        for back in record.backs:
            if back in records:
                links[record.name].add(back)
                links[back].add(record.name)
    groups, seen = [], set()
    for start in sorted(links):
        if start in seen:
            continue
        group, stack = set(), [start]
        while stack:
            name = stack.pop()
            if name not in group:
                group.add(name)
                stack.extend(links[name])
        seen |= group
        groups.append(sorted(group))
    return groups


def split_fronts(group: list[str], records: dict[str, EtherRecord], official: set[str]) -> list[tuple[str, list[str]]]:
    """(front, other sides) for each card of a group.

    A front is a side opencard lists (it lists only fronts) or whose official image ends in 'a'.
    A star whose leaves are all fronts (one combined back such as 零龍 or 雷獣ヴォルグ・ティーガー
    shared by several cards) gives one card per leaf. Any other group is one card whose front
    is the best-ranked side: listed by opencard, else image 'a', else the cheapest.
    """

    def is_front(name: str) -> bool:
        record = records[name]
        return name in official or without_reading(name) in official or any(i.endswith("a") for i in record.image_ids)

    def neighbours(name: str) -> set[str]:
        return ({m for m in group if name in records[m].backs} | set(records[name].backs)) & set(group) - {name}

    hubs = [n for n in group if len(neighbours(n)) == len(group) - 1]
    if len(group) >= 3 and len(hubs) == 1:
        leaves = [n for n in group if n != hubs[0]]
        if all(len(neighbours(n)) == 1 and is_front(n) for n in leaves):
            return [(leaf, [hubs[0]]) for leaf in leaves]

    def front_rank(name: str) -> tuple[Any, ...]:
        record = records[name]
        cost = record.faces[0].cost if record.faces and isinstance(record.faces[0].cost, int) else 999
        return (name not in official and without_reading(name) not in official, not is_front(name), cost, name)

    ordered = sorted(group, key=front_rank)
    return [(ordered[0], ordered[1:])]


# Some official-list names write a wave-dash phrase with long-vowel marks: 《禁断 ー封印されしXー》.
LONG_VOWEL_AS_WAVE_DASH = re.compile(r"ー([^ー]+)ー$")
