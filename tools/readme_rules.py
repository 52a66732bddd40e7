"""Print the rules page's rules section from the rule modules' docstrings (their user doc).

Run: ``python tools/readme_rules.py --write`` to rewrite the section between the RULES markers
of docs/rules.md and docs/rules.ja.md in place; ``python tools/readme_rules.py [ja]`` prints one
section. tests/contracts/test_readme.py fails when the pages and the docstrings disagree.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from duepa_check.data.config import KEYS  # noqa: E402
from duepa_check.rules import RULES  # noqa: E402

BEGIN, END = "<!-- RULES:BEGIN (tools/readme_rules.py) -->", "<!-- RULES:END -->"


def rules_section(lang: str = "en") -> str:
    """docs/rules.md's section (English docstrings) or docs/rules.ja.md's (messages/rule_docs_ja.py)."""
    from duepa_check.messages import msg, rule_doc, text
    from duepa_check.report.rules_view import yaml_default

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
    parts.append(
        "| house-rule key | changes | default |" if lang == "en" else "| ハウスルールのキー | 変えること | 既定値 |"
    )
    parts.append("| --- | --- | --- |")
    for key, default in KEYS.items():
        shown = yaml_default(default, lang)
        parts.append(f"| `{key}` | {text(msg(f'config.{key}'), lang)} | {shown if default is None else f'`{shown}`'} |")
    parts += ["", END]
    return "\n".join(parts)


PAGES = (("docs/rules.md", "en"), ("docs/rules.ja.md", "ja"))


def write_readmes(root: Path) -> list[Path]:
    """Rewrite the rules section of docs/rules.md (en) and docs/rules.ja.md (ja); return the files changed."""
    changed = []
    for name, lang in PAGES:
        path = root / name
        text = path.read_text(encoding="utf-8")
        start, end = text.find(BEGIN), text.find(END)
        if start < 0 or end < start:
            sys.exit(f"readme_rules: {path} has no {BEGIN} ... {END} markers")
        new = text[:start] + rules_section(lang) + text[end + len(END) :]
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed.append(path)
    return changed


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        for path in write_readmes(Path(__file__).resolve().parent.parent):
            print(f"rewrote {path.relative_to(path.parents[1])}")
    else:
        print(rules_section(sys.argv[1] if len(sys.argv) > 1 else "en"))
