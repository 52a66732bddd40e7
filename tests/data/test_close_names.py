"""The close-name search drops, before scoring, only keys that cannot reach the cutoff
(data.names.could_score): its answers are the full search's, on typos of every kind of key."""

from __future__ import annotations

import random

import pytest

from duepa_check.data.names import closest_keys, could_score
from duepa_check.data.pool import CardPool


@pytest.fixture(scope="module")
def keys() -> list[str]:
    everything = CardPool.load(None).suggestion_keys()
    return random.Random(53).sample(everything, 4000)


def _typo(rng: random.Random, key: str, alphabet: list[str]) -> str:
    chars = list(key)
    for _ in range(rng.randint(1, 4)):
        spot = rng.randrange(len(chars) + 1)
        kind = rng.random()
        if kind < 0.4 and spot < len(chars):
            chars[spot] = rng.choice(alphabet)
        elif kind < 0.7:
            chars.insert(spot, rng.choice(alphabet + [" "]))
        elif spot < len(chars) and len(chars) > 1:
            del chars[spot]
    return "".join(chars)


def test_narrowed_search_answers_as_the_full_one(keys):
    rng = random.Random(1)
    alphabet = sorted(set("".join(keys)))
    queries = [_typo(rng, rng.choice(keys), alphabet) for _ in range(150)]
    queries += [key[: len(key) // 2] for key in keys[:20]] + [key + " " + keys[-1] for key in keys[:10]]
    differ = [q for q in queries if closest_keys(q, keys, 6) != closest_keys(q, keys, 6, narrow=False)]
    assert differ == []


def test_narrowing_drops_most_keys(keys):
    kept = could_score("ボルシャック・ドラゴソ", keys, 60.0)
    assert 0 < len(kept) < len(keys) // 5
