"""Print the README's rules section from the rule modules' docstrings (their user doc).

Run: python tools/readme_rules.py  — and paste between the RULES markers in README.md;
``python tools/readme_rules.py ja`` for README.ja.md.
tests/test_readme.py fails when the README and the docstrings disagree.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from duepa_check.config import KEYS  # noqa: E402
from duepa_check.rules import RULES  # noqa: E402

BEGIN, END = "<!-- RULES:BEGIN (tools/readme_rules.py) -->", "<!-- RULES:END -->"


def rules_section(lang: str = "en") -> str:
    """README.md's section (English docstrings) or README.ja.md's (messages/rule_docs_ja.py)."""
    from duepa_check.cardinfo import rule_doc
    from duepa_check.messages import msg, text

    parts = [BEGIN, ""]
    for rule in RULES.values():
        doc = rule_doc(rule, lang)
        if lang == "ja":
            house = f" ハウスルール: `{'`、`'.join(rule.CONF)}`。" if rule.CONF else ""
            parts.append(f"**{rule.ID} {rule.NAME}**（{text(msg('severity.' + rule.SEVERITY), lang)}）。{house}")
        else:
            house = f" House rules: `{'`, `'.join(rule.CONF)}`." if rule.CONF else ""
            parts.append(f"**{rule.ID} {rule.NAME}** ({rule.SEVERITY}).{house}")
        parts.append("")
        parts.append(doc)
        parts.append("")
    parts.append("| house-rule key | changes | default |" if lang == "en" else "| ハウスルールのキー | 変えること | 既定値 |")
    parts.append("| --- | --- | --- |")
    for key, default in KEYS.items():
        parts.append(f"| `{key}` | {text(msg(f'config.{key}'), lang)} | `{default!r}` |")
    parts += ["", END]
    return "\n".join(parts)


if __name__ == "__main__":
    print(rules_section(sys.argv[1] if len(sys.argv) > 1 else "en"))
