"""Where updated card data lives: --data-dir, else $DUEPA_CHECK_DATA, else the user data dir.

Never inside the installed package: an update must not need write access there, and a
reinstall must not lose it.
"""

from __future__ import annotations

import os
from pathlib import Path

ENVIRONMENT_VARIABLE = "DUEPA_CHECK_DATA"


def resolve_data_dir(option: Path | None = None) -> Path:
    if option is not None:
        return option
    if os.environ.get(ENVIRONMENT_VARIABLE):
        return Path(os.environ[ENVIRONMENT_VARIABLE])
    from platformdirs import user_data_dir

    return Path(user_data_dir("duepa-check"))
