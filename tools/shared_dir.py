"""Where ../shared is: beside the checkout (as in CI) or beside the folder holding it (a worktree).

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
    """The shared folder, or ../shared when there is none (``require`` then says so)."""
    return shared_dir() or REPO.parent / "shared"


def require(tool: str, folder: Path, inside: str) -> Path:
    """``folder`` when it holds ``inside`` (e.g. ``cards``); else one line on stderr and exit 2.

    A clone holds no raw sources: the tools that rebuild or measure the card data read them from
    ``../shared`` (or ``--source``), and without them say so instead of ending in a traceback.
    """
    import sys

    if not (folder / inside).is_dir():
        print(
            f"{tool}: needs the raw card sources: {folder / inside} is not a folder "
            "(put the shared folder beside the checkout, as ../shared, or name it with --source)",
            file=sys.stderr,
        )
        raise SystemExit(2)
    return folder
