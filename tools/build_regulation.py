"""Build card_data/regulation.yaml from the dated 殿堂 change log and the regulation research.

Inputs (read-only, outside the project):
  ../shared/spec/hall-of-fame-events.json   one row per card per announcement, 2004-03-15 … 2026-03-16
  ../shared/spec/regulation-research.yaml   current lists (cross-check), start-in-battle-zone cards,
                                            the unconfirmed later change
Every card name is resolved against the embedded card pool (card_data/cards.jsonl, build that
first); a name that matches no card, or several, fails the build. The statuses the events give
on the research file's effective date must equal its プレミアム殿堂 and 殿堂入り lists.

Run:  python tools/build_regulation.py [--source ../shared] [--out card_data]
Same input, same bytes out.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from shared_dir import default_shared, require  # noqa: E402

from duepa_check.data.pool import CardPool  # noqa: E402
from duepa_check.data.regulation import (  # noqa: E402
    HALL_OF_FAME,
    PREMIUM,
    REGULATION_FILE,
    UNRESTRICTED,
    Combo,
    Regulation,
    dump_regulation,
    load_regulation,
)

STATUS_WORDS = {"無制限": UNRESTRICTED, "殿堂入り": HALL_OF_FAME, "プレミアム殿堂": PREMIUM}
COMBO_WORDS = {"プレミアム殿堂コンビ": "premium_combo", "プレミアム殿堂超次元コンビ": "hyperspatial_combo"}
BRACKETED = re.compile(r"《([^》]+)》")

# 使用禁止 by the official page or a ruling, by name (not by the card's own 「公式大会では使えません」
# text, which DuePar allows). The sources name two: the promo printing of 《ガルベリアス・ドラゴン》
# (its name is shared with legal printings, so a name-based list cannot hold it) and the blank
# 《ジョーカード》 (in none of the card sources, so it cannot be resolved). Empty until `update`
# reads the official page's 使用禁止カード section.
PROHIBITED: dict[str, str] = {}

HEADER = """\
duepa-check regulation data: the 殿堂 regulation as dated events. Built by tools/build_regulation.py; do not edit by hand.
Sources:
  hall-of-fame-events.json: dated 殿堂 change log 2004-03-15 … 2026-03-16 with official card ids,
    from github dmkeijiban/duema-bbs src/lib/hall-of-fame.ts @5ad88bdc (2026-07-25)
  regulation-research.yaml: lists in force from 2026-03-16 (duema-bbs, cross-checked with github
    Ether1013/DuelMastersCardSearchTaiwan basicDatas.js @bceee68 2026-03-06), start-in-battle-zone cards (DMwiki),
    the unconfirmed later change (Ether1013 basicDatas.js @e98fe04 2026-07-27, carddata.json @780985d 2026-08-13;
    2026-07-27 is the date of an official 殿堂解除選手権 result; no official list)
  official regulation page: https://dm.takaratomy.co.jp/rule/regulation/
status = the card's state after that day's change: unrestricted | hall_of_fame | premium_hall_of_fame"""  # noqa: E501 - the header as it is written into card_data


# Rows the change log lacks, taken from regulation-research.yaml (its list and "since" note).
SUPPLEMENT = [
    ("2025-08-12", "der'Zen Mondo／♪必殺で つわものどもが 夢の跡", PREMIUM),
]


# Spellings in the regulation sources that the card sources write otherwise. 《レヴィヤの地図》
# (duema-bbs) is written 《レヴィヤの地版》 by every card source we have (Ether AllCards and set
# lists), so the pool knows it under that name.
SPELLINGS = {"レヴィヤの地図": "レヴィヤの地版"}


# Named by the regulation research but in none of the card sources (so not in the pool). Empty
# since 《Forbidden New Year》 is added to the pool by tools/card_checks.py (from DMwiki).
NOT_IN_CARD_SOURCES: set[str] = set()


# What DP203 cites for the unconfirmed change, in one line (words of no language: the message puts
# it into words): the fan database's two entries of the same state and the event whose date it is.
# From regulation-research.yaml pending_changes_unverified (source, evidence_2026_12).
UNCONFIRMED_EVIDENCE = (
    "Ether1013/DuelMastersCardSearchTaiwan @e98fe04 2026-07-27, @780985d 2026-08-13; 殿堂解除選手権 2026-07-27"
)


class BuildError(Exception):
    pass


def resolve(pool: CardPool, typed: str, where: str) -> str:
    """Official name of the one card a source name means; anything else fails the build."""
    found = pool.lookup(SPELLINGS.get(typed, typed))
    if found.card is None:
        detail = f"ambiguous: {[c.name for c in found.cards]}" if found.cards else f"close: {found.suggestions}"
        raise BuildError(f"{where}: {typed!r} matches no single card ({detail})")
    return found.card.name


def resolve_all(pool: CardPool, typed: str, where: str) -> list:
    """Every card a name means: a shared back side (零龍) belongs to several fronts."""
    found = pool.lookup(typed)
    if not found.cards:
        raise BuildError(f"{where}: {typed!r} matches no card (close: {found.suggestions})")
    return found.cards


def card_names(field: str) -> list[list[str]]:
    """Split a change-log name field into its cards: "《A》/《B》と《C》" → [["A","B"],["C"]]."""
    groups = []
    for part in re.split(r"》(?:と|または)《", field):
        names = BRACKETED.findall(
            ("《" + part if not part.startswith("《") else part) + ("》" if not part.endswith("》") else "")
        )
        if names:
            groups.append(names)
    return groups


def new_status(change: str) -> str:
    """The status after a change like "無制限 → 殿堂入り" or "登場と同時に殿堂入り"."""
    after = change.split("→")[-1].strip().removeprefix("登場と同時に")
    return STATUS_WORDS.get(after) or COMBO_WORDS.get(after) or UNRESTRICTED


def build(source: Path, pool: CardPool) -> Regulation:
    rows = json.loads((source / "spec/hall-of-fame-events.json").read_text(encoding="utf-8"))
    import yaml

    research = yaml.safe_load((source / "spec/regulation-research.yaml").read_text(encoding="utf-8"))
    effective = date.fromisoformat(research["effective_date"])
    regulation = Regulation(data_date=effective)
    open_combos: dict[tuple[str, ...], tuple[date, str]] = {}
    for number, row in enumerate(sorted(rows, key=lambda r: r["date"]), start=1):
        where = f"hall-of-fame-events.json row {number} ({row['date']})"
        when = date.fromisoformat(row["date"])
        groups = card_names(row["name"])
        fronts = [resolve(pool, group[0], where) for group in groups]
        after_words = row["change"].split("→")
        if any(word.strip() in COMBO_WORDS for word in after_words):
            partners = [[fronts[0], other] for other in fronts[1:]]
            for pair in partners:
                key = tuple(pair)
                if row["change"].strip().endswith("無制限"):
                    since, kind = open_combos.pop(key)
                    regulation.combos.append(Combo(cards=(pair[0], pair[1]), since=since, until=when, kind=kind))
                else:
                    open_combos[key] = (when, new_status(row["change"]))
            continue
        if len(fronts) != 1:
            raise BuildError(f"{where}: expected one card, found {fronts}")
        regulation.events.setdefault(fronts[0], []).append((when, new_status(row["change"])))
    for day, name, status in SUPPLEMENT:
        regulation.events.setdefault(resolve(pool, name, "SUPPLEMENT"), []).append((date.fromisoformat(day), status))
    for pair, (since, kind) in sorted(open_combos.items()):
        regulation.combos.append(Combo(cards=(pair[0], pair[1]), since=since, kind=kind))
    for history in regulation.events.values():
        history.sort()
    cross_check(regulation, research, pool, effective)
    for name, reason in PROHIBITED.items():
        regulation.prohibited[resolve(pool, name, "PROHIBITED")] = reason
    pending = research["pending_changes_unverified"]
    evidence = pending.get("evidence_2026_12", {})
    if not (
        "@e98fe04" in pending["source"]
        and "@780985d" in evidence.get("re_entered", "")
        and "殿堂解除選手権" in evidence.get("event", "")
    ):
        raise BuildError("pending_changes_unverified: its evidence changed; say it again in UNCONFIRMED_EVIDENCE")
    regulation.unconfirmed_source = UNCONFIRMED_EVIDENCE
    for key, status in (
        ("hall_of_fame_released_to_unrestricted", UNRESTRICTED),
        ("hall_of_fame_to_premium", PREMIUM),
        ("premium_to_hall_of_fame", HALL_OF_FAME),
        ("new_hall_of_fame", HALL_OF_FAME),
    ):
        for name in pending[key]:
            regulation.unconfirmed[resolve(pool, name, f"pending_changes_unverified.{key}")] = status
    # The fan file left フェアリー・ギフト in both lists; its 2026-08-13 entry settles it as プレミアム殿堂
    # (evidence_2026_12.resolves): in no list but hall_of_fame_to_premium.
    if regulation.unconfirmed.get("フェアリー・ギフト") != PREMIUM:
        raise BuildError(
            "pending_changes_unverified: フェアリー・ギフト must be プレミアム殿堂 (evidence_2026_12.resolves)"
        )
    regulation.starts_in_battle_zone = sorted(
        {
            card.name
            for name in research["starts_in_battle_zone"]
            if name not in NOT_IN_CARD_SOURCES
            for card in resolve_all(pool, name, "starts_in_battle_zone")
        }
    )
    regulation.sources = [
        "hall-of-fame-events.json (github dmkeijiban/duema-bbs src/lib/hall-of-fame.ts @5ad88bdc, 2026-07-25)",
        "regulation-research.yaml (duema-bbs; Ether1013/DuelMastersCardSearchTaiwan basicDatas.js; DMwiki)",
        "https://dm.takaratomy.co.jp/rule/regulation/",
    ]
    return regulation


def cross_check(regulation: Regulation, research: dict, pool: CardPool, on: date) -> None:
    """The events must give exactly the research file's lists on its effective date."""
    for key, status in (("premium_hall_of_fame", PREMIUM), ("hall_of_fame", HALL_OF_FAME)):
        expected = {resolve(pool, name, key) for name in research[key]}
        actual = {name for name in regulation.events if regulation.status(name, on) == status}
        if expected != actual:
            raise BuildError(
                f"{key} on {on}: events give {len(actual)}, research lists {len(expected)}; "
                f"only in events {sorted(actual - expected)[:5]}, only in list {sorted(expected - actual)[:5]}"
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=default_shared())
    parser.add_argument("--out", type=Path, default=ROOT / "card_data")
    args = parser.parse_args(argv)
    require("build_regulation", args.source, "spec")
    try:
        pool = CardPool([args.out])
        regulation = build(args.source, pool)
    except (BuildError, OSError, KeyError) as error:
        print(f"build_regulation: {error}", file=sys.stderr)
        return 1
    target = args.out / REGULATION_FILE
    target.write_text(dump_regulation(regulation, HEADER), encoding="utf-8", newline="\n")
    check = load_regulation(target)
    print(
        f"{target}: {sum(len(h) for h in check.events.values())} events for {len(check.events)} cards, "
        f"{len(check.combos)} combos, data date {check.data_date}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
