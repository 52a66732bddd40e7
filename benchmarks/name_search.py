"""What the completion search costs (data.name_search, issue 48): building it once, then one query.

    python benchmarks/name_search.py [--repeat N]

Builds ``NameSearch`` over the embedded card pool (it parses every card), then times each query below
``--repeat`` times (default 50) and prints the median in milliseconds with the number of cards found
and the rank of the first. The queries are what a player types on the way to a name: kana of either
kind, half-width kana, a name without its ・, English, a word inside a name, one letter. Wall time
of this process (no subprocess: the search runs inside a long-lived server). Standard library only.
"""

from __future__ import annotations

import argparse
import statistics
import time

QUERIES = [
    "ぼるしゃっく",
    "ボルシャック",
    "ﾎﾞﾙｼｬｯｸ",
    "ボルシャックドラゴ",
    "bolshack",
    "ドラゴ大王",
    "大王",
    "ド",
    "a",
    "b",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50, help="times each query runs (default 50)")
    repeat = parser.parse_args().repeat
    from duepa_check.data.name_search import NameSearch
    from duepa_check.data.pool import CardPool

    pool = CardPool.load(None)
    start = time.perf_counter()
    search = NameSearch(pool)
    print(f"build: {(time.perf_counter() - start) * 1000:.0f} ms ({len(search.cards)} cards)")
    for query in QUERIES:
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            found = search.search(query)
            times.append(time.perf_counter() - start)
        first = found[0].rank if found else "-"
        print(f"{query}: {statistics.median(times) * 1000:.2f} ms median, {len(found)} cards, first rank {first}")


if __name__ == "__main__":
    main()
