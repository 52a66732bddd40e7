"""The product decklists in tests/fixtures/decks are exactly what tools/product_decks.py writes.

Runs where the card sources are (../shared/data beside the repository, as in CI); elsewhere
it is skipped with the reason shown. DM23-BD4 and DM24-BD6 are the examples given with the
project (same lines, another first comment): their card lines are compared, not the comment.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support import tool_module

REPO = Path(__file__).resolve().parents[2]
# ../shared/data beside the checkout (CI, the main checkout), or two levels up (a git worktree in a folder).
SOURCE = next(
    (base / "shared" / "data" for base in (REPO.parent, REPO.parent.parent) if (base / "shared" / "data").is_dir()),
    REPO.parent / "shared" / "data",
)
DECKS = REPO / "tests" / "fixtures" / "decks"
GIVEN_EXAMPLES = {"DM23-BD4", "DM24-BD6"}

pytestmark = pytest.mark.skipif(
    not (SOURCE / "cards" / "ether_setlists_2026.json").is_file(),
    reason=f"card sources not found at {SOURCE} (they are beside the repository in CI)",
)


@pytest.mark.parametrize("path", sorted(DECKS.glob("DM*-BD*.txt")), ids=lambda p: p.stem)
def test_product_deck_is_what_the_tool_writes(path):
    tool = tool_module("product_decks")
    products = tool.product_decks(SOURCE)
    assert path.stem in products, f"{path.stem} is not a 60-card deck product in the set lists"
    written = tool.decklist(products[path.stem]).splitlines()
    committed = path.read_text(encoding="utf-8").splitlines()
    if path.stem in GIVEN_EXAMPLES:
        written, committed = written[1:], committed[1:]
    assert committed == written
