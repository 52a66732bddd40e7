"""Where updated card data lives: --data-dir, else $DUEPA_CHECK_DATA, else the user data dir.

Never inside the installed package: an update must not need write access there, and a
reinstall must not lose it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ENVIRONMENT_VARIABLE = "DUEPA_CHECK_DATA"
APP_NAME = "duepa-check"


def resolve_data_dir(option: Path | None = None) -> Path:
    if option is not None:
        return option
    if os.environ.get(ENVIRONMENT_VARIABLE):
        return Path(os.environ[ENVIRONMENT_VARIABLE])
    return user_data_dir()


def user_data_dir() -> Path:
    """The platform's data dir for the tool.

    On Linux this is the XDG rule platformdirs applies ($XDG_DATA_HOME, else
    ~/.local/share), written out because importing platformdirs costs a tenth of a
    check; elsewhere platformdirs knows the conventions.
    """
    if sys.platform.startswith("linux"):
        base = os.environ.get("XDG_DATA_HOME", "").strip() or os.path.expanduser("~/.local/share")
        return Path(base) / APP_NAME
    from platformdirs import user_data_dir as platform_user_data_dir

    return Path(platform_user_data_dir(APP_NAME))
