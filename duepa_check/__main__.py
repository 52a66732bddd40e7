"""`python -m duepa_check` is the `duepa-check` command."""

import sys

from .cli import main

sys.exit(main())
