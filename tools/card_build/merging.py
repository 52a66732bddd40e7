"""One record per card: the known split records, the alias cards (別名) and the pairs the
duplicate finder flags."""

from __future__ import annotations

import card_checks

from duepa_check.data.names import name_key

from .draft import Draft


class Merging:
    """The builder's part that makes several records one card (mixed into ``Builder``)."""

    def merge(self, drafts: list[Draft], name: str) -> Draft:
        """Make several records one card named ``name``: the faces of a Japanese (Ether) record
        win, every name becomes an alias, ids and English names are joined."""
        owner = next((d for d in drafts if d.source.startswith("ether")), None) or next(
            (d for d in drafts if d.complete), drafts[0]
        )
        for other in drafts:
            if other is owner:
                continue
            owner.ids |= other.ids
            owner.aliases |= {other.name} | other.aliases | other.key_spellings
            owner.english |= other.english
            owner.rules_text += other.rules_text
            del self.drafts[other.name]
            for table in (self.by_key, self.side_key):
                for key, found in table.items():
                    if any(d is other for d in found):
                        replaced = {id(d): d for d in (owner if d is other else d for d in found)}
                        table[key] = list(replaced.values())
        if owner.name != name:
            owner.aliases.add(owner.name)
            del self.drafts[owner.name]
            owner.name = name
            self.drafts[name] = owner
            if owner.faces and owner.layout != "twinpact":
                owner.faces[0] = owner.faces[0]._replace(name=name)
            if not any(d is owner for d in self.by_key[name_key(name)]):
                self.by_key[name_key(name)].append(owner)
        owner.aliases.discard(name)
        return owner

    def merge_split_records(self) -> None:
        """The split records known by name (card_checks.MERGES)."""
        self.merged: list[str] = []
        for name, names, why in card_checks.MERGES:
            found = [self.drafts[n] for n in names if n in self.drafts]
            if len(found) != len(names):
                raise SystemExit(
                    f"merge {name!r}: records {sorted(set(names) - set(self.drafts))} are gone; update "
                    f"card_checks.MERGES"
                )
            self.merge(found, name)
            self.merged.append(f"{name} ← {', '.join(n for n in names if n != name)} ({why})")

    def add_alias_cards(self) -> None:
        """Alias cards (別名) become spellings of their base card: typing either name gives the
        base card, both in one deck are two copies of one name, 殿堂 status follows the base."""
        pairs: list[tuple[str, str, str, str]] = []  # (printed name, short alias name, base, source)
        for name in sorted(self.opencard):
            match = card_checks.BRACKETED_BASE.match(name)
            if match:
                pairs.append(
                    (
                        name,
                        match["alias"],
                        match["base"],
                        "opencard_cardnames.json: 'NAME [BASE]', the same ids listed under BASE in "
                        "ether_setlists_2026.json",
                    )
                )
        pairs += [(alias, alias, base, source) for alias, base, source in card_checks.ALIAS_PAIRS]
        self.alias_pairs: list[dict[str, str]] = []
        for printed, short, base, source in pairs:
            target = self.card_for(base)
            if target is None:
                raise SystemExit(f"alias {printed!r}: its base card {base!r} is not one pool card")
            records = list({id(d): d for d in self.by_key.get(name_key(printed), []) if d is not target}.values())
            for record in records:
                if (
                    record.faces and target.faces and record.faces[0][1:4] != target.faces[0][1:4]
                ):  # type, colours, cost
                    raise SystemExit(f"alias {printed!r}: its facts differ from {target.name!r}")
                if source.startswith("opencard") and not all(self.listed_as(i, base) for i in record.ids):
                    raise SystemExit(f"alias {printed!r}: the set list does not list {sorted(record.ids)} as {base!r}")
                self.merge([target, record], target.name)
            target.aliases.add(printed)
            if not any(d is target for d in self.by_key.get(name_key(printed), [])):
                self.by_key[name_key(printed)].append(target)
            if short != printed and name_key(short) not in self.by_key:
                target.aliases.add(short)
                self.by_key[name_key(short)].append(target)
            self.alias_pairs.append({"alias": printed, "card": target.name, "source": source})

    def merge_duplicates(self) -> None:
        """Run the duplicate finder; merge the pairs that are plainly one card (same faces, and a
        shared id or one record with no id at all: a second spelling of a printed card), accept
        the pairs known to be different cards, and fail the build on any other pair."""
        self.auto_merged: list[str] = []
        different = {tuple(sorted((a, b))) for a, b, _ in card_checks.DIFFERENT_CARDS}
        left = []
        for a, b, why in card_checks.find_duplicates([self.finish(d) for d in self.drafts.values()]):
            if (a, b) in different:
                continue
            first, second = self.drafts.get(a), self.drafts.get(b)
            if first is None or second is None:
                continue  # merged with a third record in this pass
            if "official id" in why or not first.ids or not second.ids:
                name = self.preferred_name(first, second)
                self.merge([first, second], name)
                self.auto_merged.append(f"{name} ← {b if name == a else a} ({why})")
            else:
                left.append(f"{a} | {b}: {why}")
        if left:
            raise SystemExit(
                "records that look like one card (list them in tools/card_checks.py MERGES or "
                "DIFFERENT_CARDS):\n  " + "\n  ".join(left)
            )

    def preferred_name(self, *drafts: Draft) -> str:
        """The official (opencard) spelling, else the record with the most ids; never an escaped one."""
        return min(
            drafts,
            key=lambda d: (
                "\\" in d.name,
                d.name not in self.opencard,
                -len(d.ids),
                not d.source.startswith("ether"),
                d.name,
            ),
        ).name
