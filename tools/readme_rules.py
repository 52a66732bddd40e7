"""Print the README's rules section from the rule modules' docstrings (their user doc).

Run: python tools/readme_rules.py  — and paste between the RULES markers in README.md.
tests/test_readme.py fails when the README and the docstrings disagree.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from duepa_check.config import KEYS  # noqa: E402
from duepa_check.rules import RULES  # noqa: E402

BEGIN, END = "<!-- RULES:BEGIN (tools/readme_rules.py) -->", "<!-- RULES:END -->"


def rules_section() -> str:
    parts = [BEGIN, ""]
    for rule in RULES.values():
        doc = (rule.__doc__ or "").strip()
        house = f" House rules: `{'`, `'.join(rule.CONF)}`." if rule.CONF else ""
        parts.append(f"**{rule.ID} {rule.NAME}** ({rule.SEVERITY}).{house}")
        parts.append("")
        parts.append(doc)
        parts.append("")
    parts.append("| house-rule key | changes | default |")
    parts.append("| --- | --- | --- |")
    for key, (what, default) in KEYS.items():
        parts.append(f"| `{key}` | {what} | `{default!r}` |")
    parts += ["", END]
    return "\n".join(parts)


if __name__ == "__main__":
    print(rules_section())
