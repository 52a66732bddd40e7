"""Where ../shared is: beside the checkout (CI, /work/main) or beside the folder holding it (a worktree).

The tools read raw card data from ``shared/data`` and the regulation research from ``shared/spec``;
the project itself never needs them. The nearest ancestor folder that holds ``shared/data/cards``
wins, so a git worktree one level deeper finds the same sources as the main checkout.
"""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def shared_dir(start: Path = REPO) -> Path | None:
    """The ``shared`` folder beside the repository or beside one of its ancestors; None if absent."""
    for folder in (start, *start.parents):
        candidate = folder.parent / "shared"
        if (candidate / "data" / "cards").is_dir():
            return candidate
    return None


def default_shared() -> Path:
    """The shared folder, or ../shared when there is none (the tool then says the file is missing)."""
    return shared_dir() or REPO.parent / "shared"
