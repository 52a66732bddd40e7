"""English messages: key → ``str.format`` template with named fields.

Game terms stay in Japanese (デュエパーティー, 殿堂入り, 超次元ゾーン): they are what the cards and
the official rules print. Plural forms are separate ``.one``/``.other`` keys.
"""

MESSAGES: dict[str, str] = {
    # ------------------------------------------------------------ words shared by many messages
    "sep.names": ", ",
    "sep.lines": ", ",
    "list.more": "{shown} and {count} more",
    "sep.civilizations": "/",
    "sep.civilizations.words": " ",
    "sep.clauses": "; ",
    "civilization.unknown": "civilizations unknown (no card data yet)",
    "civilization.colorless": "無色",
    "card.kind-unknown": "card",
    "zone.main": "main deck",
    "zone.hyperspatial": "超次元ゾーン: psychic, dragheart or rule plus",
    "zone.super_gr": "超GRゾーン: GR creature",
    "zone.starts_in_battle_zone": "starts the game in the battle zone",
    "status.unrestricted": "無制限",
    "status.hall_of_fame": "殿堂入り",
    "status.premium_hall_of_fame": "プレミアム殿堂",
    "status.prohibited": "使用禁止",
    "hint.remove-it": "remove it",
    # ------------------------------------------------------------ rules (by rule name)
    "hint.remove-it.replace": "put another card in its place",
    "deck-size.count.one": "the deck has {count} card; a デュエパーティー deck has exactly {wanted}, the partner included",
    "deck-size.count.other": "the deck has {count} cards; a デュエパーティー deck has exactly {wanted}, the partner included",
    "deck-size.add.one": "add {difference} card",
    "deck-size.add.other": "add {difference} cards",
    "deck-size.remove.one": "remove {difference} card",
    "deck-size.remove.other": "remove {difference} cards",
    "deck-size.add.more.one": "add {difference} card besides the partner line",
    "deck-size.add.more.other": "add {difference} cards besides the partner line",
    "deck-size.remove.more.one": "remove {difference} more card besides those the other hints take out",
    "deck-size.remove.more.other": "remove {difference} more cards besides those the other hints take out",
    "deck-size.others": "following the other hints makes it {wanted}: nothing more to add or remove",
    "deck-size.unknown.one": "fix line {lines} first: it names no card ({known} cards are found)",
    "deck-size.unknown.other": "fix lines {lines} first: they name no card ({known} cards are found)",
    "deck-size.unknown.even.one": "line {lines} names no card; the other cards make {wanted} once the other hints are followed: remove it unless it is a card",
    "deck-size.unknown.even.other": "lines {lines} name no card; the other cards make {wanted} once the other hints are followed: remove them unless they are cards",
    "singleton.copies.one": "《{card}》 is in the deck {total} times (line {lines}); only one card of each name is allowed",
    "singleton.copies.other": "《{card}》 is in the deck {total} times (lines {lines}); only one card of each name is allowed",
    "singleton.hint.count": "change the count on line {line} to 1",
    "singleton.hint.partner": "the partner already counts as one of the 60; remove line {line}",
    "singleton.hint.remove": "keep one: remove line {line}",
    "singleton.hint.count.replace": "change the count on line {line} to 1 and put other cards in place of the extra copies",
    "singleton.hint.partner.replace": "the partner already counts as one of the 60; put another card in place of line {line}",
    "singleton.hint.remove.replace": "keep one: put another card in place of line {line}",
    "partner-designation.none": "no partner is designated",
    "partner-designation.none.hint": "add a line 'パートナー: NAME' (one of the {size}) or pass --partner NAME; {advice}",
    "partner-designation.none.hint.mark": "write 'パートナー: ' before the name of the card that leads the deck; {advice}",
    "partner-designation.none.hint.replace": "put a line 'パートナー: NAME' in place of one of the {count} cards; {advice}",
    "partner-designation.listed": "《{card}》 (line {line})",
    "partner-designation.listed.outside": "《{card}》 (the partner column)",
    "partner-designation.many": "{count} partners are designated: {partners}; a deck has exactly one",
    "partner-designation.many.hint": "keep one partner line and list the other cards as ordinary cards",
    "partner-eligibility.not-eligible": (
        "《{card}》 cannot be the partner: {problem}; the colours of the deck are checked once a valid partner is chosen"
    ),
    "partner-eligibility.no-data": (
        "《{card}》 has no card data yet: whether it can be the partner and which civilizations the deck may use "
        "cannot be checked"
    ),
    "partner-eligibility.no-data.hint": "run 'duepa-check update' to fetch the card's facts, or choose another partner (--partner NAME)",
    "partner-eligibility.hint": "choose a creature of cost {minimum} or more; {advice}",
    "partner-eligibility.hint.move": "make line {line} '1 {card}' and mark a creature of cost {minimum} or more as the partner; {advice}",
    "partner-advice.working": "e.g. {candidates}",
    "partner-advice.none-in-deck": "no card of the deck can lead it",
    "partner-advice.pool": "from the card pool: {candidates}",
    "partner-advice.fewest": "closest: {candidates}",
    "partner-advice.off-count.one": "《{card}》 ({count} card off-colour)",
    "partner-advice.off-count.other": "《{card}》 ({count} cards off-colour)",
    "partner-problem.no-data": "no card data yet for this card (its type and cost are unknown)",
    "partner-problem.not-main-deck": "it cannot be in the main deck ({zone})",
    "partner-problem.not-creature": "it is not a creature (type {type})",
    "partner-problem.cost": "it costs {cost}, less than {minimum}",
    "partner-problem.cost.twinpact": "its creature side costs {cost}, less than {minimum}",
    "civilization.outside": "《{card}》 is {civilizations}, but the partner 《{partner}》 has no {outside}",
    "civilization.outside.hint": "the partner allows {allowed} and 無色 cards; remove this card or choose a partner that has {outside}",
    "civilization.outside.hint.colorless-partner": (
        "the partner allows no civilization and 無色 cards; remove this card or choose a partner that has {outside}"
    ),
    "civilization.outside.hint.replace": (
        "the partner allows {allowed} and 無色 cards; put such a card in place of this one or choose a partner that has {outside}"
    ),
    "civilization.outside.hint.colorless-partner.replace": (
        "the partner allows no civilization and 無色 cards; put a 無色 card in place of this one or choose a partner that has {outside}"
    ),
    "not-main-deck.card": "《{card}》 ({kind}) is not a main-deck card: {zone}",
    "not-main-deck.side": "《{card}》 is a side of {cards}: not main-deck cards ({zone})",
    "not-main-deck.hint": "remove it; デュエパーティー uses only the 60-card main deck",
    "not-main-deck.hint.replace": "put a main-deck card in its place; デュエパーティー uses only the 60-card main deck",
    "premium-hall-of-fame.since": "《{card}》 is プレミアム殿堂 since {since}: it cannot be in a deck on {as_of}",
    "premium-hall-of-fame.unconfirmed": (
        "《{card}》 is プレミアム殿堂 by the unconfirmed later change: it cannot be in a deck on {as_of}"
    ),
    "premium-combo.both": (
        "《{card}》 and 《{other}》 (line {other_line}) are a プレミアム殿堂コンビ since {since}: they cannot be in one deck"
    ),
    "premium-combo.both.hint": "remove one of the two",
    "premium-combo.both.hint.replace": "put another card in place of one of the two",
    "hall-of-fame.copies": "《{card}》 is 殿堂入り: at most one copy, the deck has {count}",
    "hall-of-fame.copies.hint": "keep one copy",
    "hall-of-fame.copies.hint.replace": "keep one copy and put other cards in place of the others",
    "prohibited.house-rules": "《{card}》 is banned by the house rules in {source}",
    "prohibited.official": "《{card}》 is 使用禁止",
    "prohibited.official.reason": "《{card}》 is 使用禁止: {reason}",
    "english-tcg-only.printed": "《{card}》 was printed only in the English TCG, never in Japan: it is not a card of the OCG pool",
    "english-tcg-only.hint": "remove it; a デュエパーティー deck is built from cards printed in Japan",
    "english-tcg-only.hint.replace": "put a card printed in Japan in its place; a デュエパーティー deck is built from cards printed in Japan",
    "unknown-card.none": "《{card}》 matches no card",
    "unknown-card.hint": "check the spelling",
    "unknown-card.hint.suggestions": "did you mean {suggestions}?",
    "unknown-card.hint.not-searched": (
        "check the spelling (close names are searched for the first {limit} unknown names only)"
    ),
    "unknown-card.hint.not-searched.run": "check the spelling (close names are searched for the first {limit} unknown names of a run only)",
    "unknown-card.run-limit": "close names were searched for the first {limit} unknown names of this run only; not for {count} more",
    "ambiguous-card.matches": "《{card}》 matches {count} cards: {names}",
    "ambiguous-card.matches.hint": "write the full official name, e.g. 《{first}》",
    "unparsable-line.line": "line {line}: {problem}",
    "unparsable-line.line.hint": "write '1 CARD NAME', comment it out with #, or delete it",
    "unparsable-line.count-zero.hint": "write the number of copies (1) to put the card in the deck, or remove the line",
    "unparsable-line.row-names-several-cards.hint": "one card a row: give each card its own row with its count",
    "unparsable-line.duplicate-key.hint": "keep one: merge the two values under a single key",
    "unparsable-line.lone-surrogate.hint": "write the character itself (or its full \\uXXXX\\uXXXX pair), or delete it",
    "incomplete-card-data.no-data": (
        "《{card}》 is a known card with no data yet: its civilization and type were not checked"
    ),
    "incomplete-card-data.no-data.hint": "run 'duepa-check update' to fetch its data",
    "stale-regulation.old": (
        "the regulation data ends at {data_date}, more than 6 months before the check date {as_of}"
    ),
    "stale-regulation.old.hint": (
        "pass --as-of with the tournament's date; 'duepa-check update' clears it only when the official site "
        "has a newer change"
    ),
    "unconfirmed-change.would": "an unconfirmed later change would make 《{card}》 {after} (now {before})",
    "unconfirmed-change.would.hint": (
        "not applied: no official list yet ('duepa-check rules DP203' says where it comes from); "
        "--include-unconfirmed applies it"
    ),
    "unconfirmed-change.would.hint.source": (
        "unconfirmed: a fan card database's change ({source}), no official list; --include-unconfirmed applies it"
    ),
    # ------------------------------------------------------------ duepa-check partners
    "partners.needs": "needs",
    "partners.rule": "(partner: a creature of cost {minimum} or more, regulation as of {as_of})",
    "partners.not-counted": "line {line}: {text!r} {why}; its colours are not counted",
    "partners.not-counted.more": "{deck}: and {count} more lines whose colours are not counted",
    "partners.not-counted.note": "{deck}:{line}: {text!r} {why}; its colours are not counted",
    "partners.no-cards": "{path}: no line names a card ({lines} lines read as no card); nothing to choose a partner for",
    "partners.why.unreadable": "is not read as a card",
    "partners.why.no-match": "matches no card",
    "partners.why.ambiguous": "matches {count} cards",
    "partners.why.no-data": "has no card data yet",
    "partners.group.in-deck": "partner candidates in the deck: {count}",
    "partners.group.pool": "partner candidates from the card pool: {count}",
    "partners.group.in-deck.empty": "in the deck: no card can be the partner",
    "partners.group.pool.empty": "from the card pool: no card can be the partner",
    "partners.more": "… and {count} more (--format json lists them all)",
    "partners.working": "✔ {where} would make every card's colour legal",
    "partners.working.in-deck": "{count} in the deck",
    "partners.working.pool": "{count} from the card pool",
    "partners.none.deck": "✘ no card in the deck can be the partner",
    "partners.none.deck-or-pool": "✘ no card in the deck or the card pool can be the partner",
    "partners.none-working": "✘ every candidate leaves some cards off-colour",
    "partners.try-pool": "{line}; --pool also searches the whole card pool",
    "sep.and": " and ",
    "column.number": "#",
    "column.cost": "cost",
    "column.off-colour": "off-colour cards",
    "heading-count.group": "the heading says {stated} cards, the cards under it add up to {counted}",
    "heading-count.total": "the heading says {stated} cards, the list adds up to {counted}",
    "heading-count.hint": "look for a card lost or listed twice while copying, or correct the heading's number",
    "heading-count.hint.unknown.one": "fix line {lines} first: it names no card",
    "heading-count.hint.unknown.other": "fix lines {lines} first: they name no card",
    # ------------------------------------------------------------ why a decklist line is no card (DP102)
    "parse.unknown-key": "unknown key {key!r} (expected partner, cards)",
    "parse.not-a-name-or-mapping": "{where}: expected a name or {{name, count}}",
    "parse.count-too-large": "count {count} is not a number of cards",
    "parse.count-ten-digits": "count of ten digits or more is not a number of cards",
    "parse.count-zero": "count 0: lists no copy, so the card is not in the deck",
    "parse.not-a-card-line": "not a card name, a comment (# or //) or a section header",
    "parse.name-too-long": "longer than any card name ({length} characters)",
    "parse.control-characters": "contains control characters",
    "parse.lone-surrogate": "contains a lone surrogate escape (\\ud800-\\udfff), which is no character",
    "parse.duplicate-key": "key {key!r} given twice; the earlier value would be lost",
    "parse.table-no-name": "no card name in the name column",
    "parse.table-bad-count": "count column holds {count!r}, not a number of cards",
    "parse.row-names-several-cards": "the row names {count} cards in its cells ({cards}); which one it means cannot be told",
    "parse.cell-of-lines": "a cell of {lines} lines in the row, not one card; a sheet of form responses is read as one when its header names the decklist column (or with --deck-column)",
    "parse.table-which-count": "more than one number in the row; add a header row (カード名, 枚数) to say which is the count",
    "parse.csv-error": "not a CSV row ({error})",
    # ------------------------------------------------------------ the check report
    "report.header": "{path}  partner {partner}  cards {count}",
    "report.header.house-rules": "{header}  house rules {config}",
    "report.not-read.one": "line {lines} is read as a note (a title, a remark, a link), not as a card",
    "report.not-read.other": "lines {lines} are read as notes (a title, a remark, a link), not as cards",
    "report.omitted.one": "{count} more problem not listed (only the first {shown} are); fix these and run again",
    "report.omitted.other": "{count} more problems not listed (only the first {shown} are); fix these and run again",
    "report.partner": "《{name}》 {civilizations}",
    "report.no-partner": "none",
    "report.verdict": "{verdict} ({counts})",
    "report.verdict.legal": "✔ legal",
    "report.verdict.not-legal": "✘ not legal",
    "report.counts": "{errors}, {warnings}",
    "count.error.one": "{count} error",
    "count.error.other": "{count} errors",
    "count.warning.one": "{count} warning",
    "count.warning.other": "{count} warnings",
    "count.deck.one": "{count} deck",
    "count.deck.other": "{count} decks",
    "summary.legal": "legal",
    "summary.not-legal": "not legal",
    "summary.unreadable": "unreadable",
    "summary.unchecked": "could not be checked",
    "report.summary-title": "summary",
    "report.totals": "{decks}: {legal} legal, {errors}, {warnings}",
    "report.totals.unreadable": "{decks}: {legal} legal, {errors}, {warnings}, {unreadable} unreadable",
    "report.totals.unchecked": "{decks}: {legal} legal, {errors}, {warnings}, {unchecked} could not be checked",
    "report.totals.both": "{decks}: {legal} legal, {errors}, {warnings}, {unreadable} unreadable, {unchecked} could not be checked",
    "report.data": "regulation as of {as_of} (data up to {data_date}, {source})",
    "data.embedded": "embedded",
    "report.with-hint": "{message} (hint: {hint})",
    "report.stacked.line": "line {line}",
    "report.stacked.hint": "hint: {hint}",
    "column.rule": "rule",
    "column.line": "line",
    "column.card": "card",
    "column.problem": "problem",
    "column.hint": "hint",
    "column.deck": "deck",
    "column.partner": "partner",
    "column.civilizations": "civilizations",
    "column.verdict": "verdict",
    "column.errors": "errors",
    "column.warnings": "warnings",
    # ------------------------------------------------------------ the stats chart (charts.py) and the HTML report
    "chart.title": "{deck}: mana curve, civilizations and card types",
    "chart.partner": "partner {partner}",
    "chart.no-partner": "no partner",
    "chart.cards.one": "{count} card",
    "chart.cards.other": "{count} cards",
    "chart.curve": "mana curve",
    "chart.civilizations": "civilizations",
    "chart.types": "card types",
    "chart.cost-bar": "cost {bucket}: {cards}",
    "chart.row-bar": "{label}: {cards}",
    "chart.unknown": "unknown",
    "chart.totals": "average cost {average} · twinpacts {twinpacts} · multicolour {multicolor}",
    "html.lang": "en",
    "html.heading": "DuePar deck check",
    "html.title": "{heading} ({totals})",
    "html.counts": "counts",
    "html.tile.decks.one": "deck",
    "html.tile.decks.other": "decks",
    "html.tile.legal": "legal",
    "html.tile.not-legal": "not legal",
    "html.tile.errors.one": "error",
    "html.tile.errors.other": "errors",
    "html.tile.warnings.one": "warning",
    "html.tile.warnings.other": "warnings",
    "html.tile.unreadable": "unreadable",
    "html.tile.unchecked": "could not be checked",
    "html.table": "Decks (not legal first)",
    "column.cards": "cards",
    "html.partner": "partner 《{name}》",
    "html.no-partner": "no partner",
    "html.house-rules": "house rules {config}",
    "html.cards.one": "{count} card",
    "html.cards.other": "{count} cards",
    "html.problems": "Problems",
    "html.no-problems": "No problems.",
    "html.shape": "Shape",
    "html.no-chart.one": "No chart: {count} line names no single card yet (DP100–DP102); it is drawn once every line does",
    "html.no-chart.other": "No chart: {count} lines name no single card yet (DP100–DP102); it is drawn once every line does",
    "html.unreadable": "This file could not be read as a decklist: {error}",
    "html.back": "back to the table",
}

MESSAGES.update(
    {
        # ------------------------------------------------------------ the command line
        "cli.error": "duepa-check: {message}",
        "cli.completion-takes-nothing": (
            "{option} takes no shell name or other argument: it finds the shell it runs in "
            "(bash, zsh, fish or PowerShell); run 'duepa-check {option}' alone in that shell"
        ),
        "cli.interrupted": "interrupted",
        "cli.terminated": "stopped by SIGTERM",
        "error.lang-variable": "${variable}={value!r}: expected ja or en",
    }
)

MESSAGES.update(
    {
        "error.stdin-twice": "- is named {count} times: standard input can be read once (to check a file called -, write ./-)",
        "error.output-is-input": "{option} {path}: that is the decklist being read; nothing is written (name another file)",
        "error.empty-deck-argument": "DECK argument {number} of {count} is empty (an unset variable?): name a decklist file or folder",
        "error.partner-split": "{path}: no such file; a --partner name with a space needs quotes: --partner '{partner}'",
        "error.as-of": "--as-of {value!r}: expected a date as YYYY-MM-DD (or YYYY/MM/DD, YYYY.MM.DD)",
        # ------------------------------------------------------------ --help (the English is cli.py's own help=)
        "help.app": "Check デュエパーティー (DuePar) decklists: 60 cards, one partner, singleton, civilizations, 殿堂.",
        "help.command.check": "Check decklists (this is also what `duepa-check DECK...` does).",
        "help.command.card": "Look a card up: faces, civilizations, cost, zone, partner eligibility, 殿堂 status.",
        "help.command.rules": "List the rules, their ids, and what house rules can change.",
        "help.command.update": (
            "Refresh the card pool and the regulation from the official site (https://dm.takaratomy.co.jp, or --s"
            "ource) into your data folder (--data-dir, $DUEPA_CHECK_DATA, else the platform's); a first run takes"
            " a few minutes (one request a second, only the cards the data does not hold yet)."
        ),
        "help.command.stats": "Show a deck's shape: mana curve, civilizations, card types, partner.",
        "help.option.version": "Show the version.",
        "help.option.decks": "Decklist files or folders; - reads standard input.",
        "help.option.partner": "Designate or override the partner.",
        "help.option.output_format": (
            "Output format (default text: a table on a terminal, one line a problem elsewhere; lines or table "
            "choose one anywhere; github on GitHub Actions)."
        ),
        "help.card.output_format": "Output format: text or json.",
        "help.rules.output_format": "Output format: text or json.",
        "help.stats.output_format": "Output format: text or json.",
        "help.option.as_of": "Regulation in force on this date (YYYY-MM-DD or YYYY/MM/DD).",
        "help.option.config": "House rules file (default: nearest .duepa-check.yaml).",
        "help.option.strict": "Warnings about the deck fail too (DP202, the data's age, does not).",
        "help.option.exit_zero": "Exit 0 even when a deck is not legal.",
        "help.option.quiet": "Print only problems.",
        "help.option.no_color": "No colours.",
        "help.option.include_unconfirmed": "Apply the unconfirmed later 殿堂 change.",
        "help.option.data_dir": "Updated card data (default: $DUEPA_CHECK_DATA or the user data dir).",
        "help.option.stdin_filename": "What to call a deck read from -: its format (by suffix) and house rules.",
        "help.option.skip_non_decklists": "A file named that is no decklist (prose, another tool's YAML) is listed as skipped, not checked (the pre-commit hook).",
        "help.option.lang": "Language of messages: ja or en (else $DUEPA_CHECK_LANG, house rules lang:, the locale).",
        "help.option.name": "A card name, typed any way.",
        "help.option.rule": "Show one rule in full (id or name).",
        "help.option.source": "The official site or a mirror (same paths).",
        "help.option.full": "Refetch every card, not only new ones.",
        "help.option.delay": "Seconds between requests (at least 1).",
        "help.option.max_time": "Stop after this many seconds; the next update resumes.",
        "help.option.deck": "One decklist file; - reads standard input.",
        "help.option.svg": "Also write the view as an SVG picture here.",
        "help.command.partners": "Which cards could lead this deck, best first (exit 1 when none makes every card's colour legal).",
        "help.option.search_pool": "Also list cards of the whole pool that fit every card of the deck.",
        "help.partners.output_format": "Output format: text or json.",
        "help.command.lsp": "A language server for decklists (LSP over stdio): an editor starts `duepa-check lsp`; see docs/editors.md.",
        "help.option.stdio": "Accepted and ignored: stdio is the only transport.",
        "help.option.client_process_id": "Accepted and ignored (editors append it).",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ a file that is no decklist at all (exit 2)
        "input.no-such-file": "{path}: no such file",
        "input.is-folder": "{path}: is a folder, not a decklist file",
        "input.cannot-read": "{path}: cannot read ({why})",
        "input.no-stdin": "{path}: no standard input to read",
        "input.changed-while-read": "{path}: the file changed while it was read (still being written?); check it again once it is complete",
        "input.too-large": "{path}: file is larger than {megabytes} MB; not a decklist",
        "input.binary-nul": "{path}: binary file (contains NUL bytes); expected a text decklist",
        "input.binary-control": "{path}: binary file (control characters); expected a text decklist",
        "input.empty": "{path}: empty file; expected a decklist",
        "input.cannot-decode": "{path}: cannot decode: not UTF-8, UTF-16 (with BOM) or CP932/Shift_JIS text",
        "input.not-a-mapping": "{path}: expected a mapping with 'partner' and 'cards'",
        "input.cards-not-a-list": "{path}: 'cards' must be a list of names or {{name, count}}",
        "input.invalid-yaml": "{path}: invalid YAML ({why})",
        "input.yaml-too-deep": "{path}: invalid YAML (lists and mappings nested more than {limit} deep)",
        "input.invalid-json": "{path}: invalid JSON ({why})",
        "input.json-too-deep": "{path}: invalid JSON (lists and objects nested more than {limit} deep)",
        "input.folder-without-decks": "{path}: folder holds no decklist files ({suffixes})",
        "input.not-a-file": "{path}: {kind}, not a decklist file",
        "skipped": "{path}: {reason}",
        "error.cannot-check": "{path}: cannot check this deck ({why}); please report it",
        "skipped.cannot-read": "cannot read ({why})",
        "skipped.folder-unlisted": "folder cannot be listed ({why})",
        "skipped.folder-unlisted.decks": "folder cannot be listed ({why}); its decks were not checked",
        "skipped.symlink-folder": "symlink to a folder outside the folder checked; not followed",
        "skipped.symlink-file": "symlink to a file outside the folder checked; not followed",
        "skipped.not-a-decklist": "{path}: not a decklist, skipped",
        "input.kind.folder": "is a folder",
        "input.kind.fifo": "is a named pipe (to read a pipe, pass - and redirect it to standard input)",
        "input.kind.device": "is a device",
        "input.kind.not-regular": "is not a regular file",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ duepa-check rules
        "severity.error": "error",
        "severity.warning": "warning",
        "rules.unknown": "no rule {rule!r}; ids are {ids}",
        "rules.house-rules": "house rules: {keys}",
        "rules.column.id": "id",
        "rules.column.name": "name",
        "rules.column.severity": "severity",
        "rules.column.what": "what",
        "rules.column.house-rules": "house rules",
        "rules.keys-title": "house rules (.duepa-check.yaml or [tool.duepa-check])",
        "rules.column.key": "key",
        "rules.column.changes": "changes",
        "rules.column.default": "default",
        "rules.default-none": "(none)",
        # the house-rule keys (config.CHECKS: one row each; tests/rules/test_rule_docs.py checks both catalogues)
        "config.deck_size": "number of cards in a deck, partner included",
        "config.partner_min_cost": "lowest cost a partner creature may have",
        "config.singleton": "one copy of each name (false lifts DP002; DP009 then limits 殿堂入り to one)",
        "config.banned": "extra banned cards (reported as DP010)",
        "config.allowed": "cards allowed despite DP006, DP007, DP008 and DP010",
        "config.disable": "rule ids turned off",
        "config.severity": "rule id → error or warning",
        "config.include_unconfirmed": "apply the unconfirmed later 殿堂 change",
        "config.regulation": (
            "殿堂 changes applied from their dates on top of the data: {{date, card, status}} or {{date, combo: [A, B]}}"
        ),
        "config.lang": "language of messages and reports: ja or en (--lang and $DUEPA_CHECK_LANG come first)",
        # ------------------------------------------------------------ duepa-check card
        "card.label.civilizations": "civilizations",
        "card.label.face": "face",
        "card.label.data": "data",
        "card.label.zone": "zone",
        "card.label.partner": "partner",
        "card.label.copies": "copies",
        "card.label.status": "殿堂",
        "card.label.unconfirmed": "unconfirmed",
        "card.label.also": "also",
        "card.label.printing": "printing",
        "card.printing": "「{name}」 ({id})",
        "card.label.ids": "ids",
        "card.face": "{type}  cost {cost}",
        "card.face.power": "{type}  cost {cost}  power {power}",
        "card.no-data": "known card, no data yet (run duepa-check update)",
        "card.label.provenance": "facts",
        "card.provenance.fan_transcription": "facts from a fan transcription, not yet on the official site (run duepa-check update once it is)",
        "card.eligible": "eligible",
        "card.not-eligible": "not eligible",
        "card.partner-reason.eligible": "a creature of cost 5 or more in the main deck",
        "card.may-exceed-four": "may be put in a deck more than 4 times (may repeat in デュエパーティー)",
        "card.status": "{status} (as of {as_of})",
        "card.status.since": "{status} since {since} (as of {as_of})",
        "card.unconfirmed": "a later change would make it {status}",
        "card.matches": "{typed!r} matches {count} cards: {names}",
        "card.not-found": "no card named {typed!r}",
        "card.not-found.suggestions": "no card named {typed!r}; did you mean {names}?",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ duepa-check stats
        "stats.curve": "mana curve",
        "stats.civilizations": "civilizations",
        "stats.types": "types",
        "stats.totals": "twinpacts {twinpacts}  multicolour {multicolor}  average cost {average}",
        "stats.unreadable": "{path}: cannot show stats until every line names one card",
        "error.svg-write": "--svg {path}: cannot write ({why})",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ duepa-check update
        "sep.update-names": "、",
        "update.names.more": "{shown} … and {count} more",
        "update.done": "Updated card data in {data_dir} from {source}",
        "update.fetched": "{cards} cards fetched, {pages} list pages read",
        "update.fetched.resumed": "{cards} cards fetched, {pages} list pages read (resumed an interrupted run)",
        "update.new-cards": "{count} new cards",
        "update.new-cards.list": "{count} new cards: {names}",
        "update.changed-cards": "{count} changed cards: {names}",
        "update.data-date": "殿堂 data as of {date}: {count} status changes",
        "update.status-change": "{date} {card}: {old} → {new}",
        "update.more-changes": "… and {count} more",
        "update.not-for-official-play": "「公式大会では使えません」 (allowed in デュエパーティー): {names}",
        "update.note": "note: {note}",
        "update.note.cleaned": "removed what an interrupted update had left: {names}",
        "update.note.missing": "{count} listed cards answered 404 and were skipped: {names}",
        "update.note.no-date": "the regulation page has no dated 「■…より」 heading; the 殿堂 data was left as it was",
        "update.progress.done": "done",
        "update.progress.list-page": "list page {page}",
        "update.progress.regulation": "regulation",
        "update.progress.updating": "updating",
        "progress.checking": "checking",
    }
)

MESSAGES.update(
    {
        "cli.cannot-write-output": "cannot write the report to standard output ({why})",
        "cli.version": "duepa-check {version} (regulation data up to {data_date}, {source})",
        "cli.stdout-closed": "standard output is closed; nowhere to write the report",
        "cli.version.unusable": "duepa-check {version} (card data unusable: {error})",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ house rules (.duepa-check.yaml, pyproject.toml) (exit 2)
        "sep.or": " or ",
        "house-rules.no-such-file": "{path}: no such config file",
        "house-rules.cannot-look": "{where}: cannot look for house rules ({why})",
        "house-rules.not-regular": "{path}: {kind}, not a regular file; expected a house-rules file",
        "house-rules.kind.fifo": "a FIFO (named pipe)",
        "house-rules.kind.device": "a device",
        "house-rules.kind.socket": "a socket",
        "house-rules.kind.folder": "a folder",
        "house-rules.kind.special": "a special file",
        "house-rules.symlink-out": "{path}: symlink to a file outside its folder; house rules not read (point to a file in the folder, or use --config)",
        "house-rules.duplicate-key": "{path}: key {key} given twice; keep one (the earlier value would be lost)",
        "house-rules.too-large": "{path}: larger than {megabytes} MB; not a house-rules file",
        "house-rules.cannot-read": "{path}: cannot read config ({why})",
        "house-rules.invalid-toml": "{path}: invalid TOML ({why})",
        "house-rules.no-tool-table": "{path}: no [tool.duepa-check] table, so no house rules; add the table or name the file that has them",
        "house-rules.toml-too-deep": "{path}: invalid TOML (tables and arrays nested more than {limit} deep)",
        "house-rules.tool-not-table": "{path}: 'tool' is not a table, so it holds no [tool.duepa-check]",
        "house-rules.invalid-yaml": "{path}: invalid YAML ({why})",
        "house-rules.yaml-too-deep": "{path}: invalid YAML (lists and mappings nested more than {limit} deep)",
        "house-rules.yaml-value": "{path}: invalid YAML value ({why})",
        "house-rules.not-a-mapping": "{where}: expected a mapping of house-rule keys",
        "house-rules.too-deep": "{where}: a value is nested too deeply",
        "house-rules.unknown-key": "{where}: unknown key {key}{hint}",
        "house-rules.hint.did-you-mean": "; did you mean {close!r}?",
        "house-rules.hint.did-you-mean-cards": "; did you mean {cards}?",
        "house-rules.hint.did-you-mean-rule": "; did you mean {rule}?",
        "house-rules.hint.known-keys": "; known keys: {keys}",
        "house-rules.hint.expected": "; expected {fields}",
        "house-rules.expected": "{where}: {key}: expected {expected}, got {got}",
        "house-rules.expected.whole-number": "a whole number from 0 to 1000",
        "house-rules.expected.boolean": "true or false",
        "house-rules.expected.card-names": "a list of card names",
        "house-rules.expected.rule-ids": "a list of rule ids",
        "house-rules.expected.severity": "a mapping of rule id to error or warning",
        "house-rules.expected.announcements": "a list of {{date, card, status}} or {{date, combo: [A, B]}}",
        "house-rules.expected.lang": "{languages}",
        "house-rules.expected.known": "a known value",
        "house-rules.no-card": "{where}: {typed} matches no card{hint}",
        "house-rules.severity-level": "{where}: severity.{rule}: expected error or warning, got {got}",
        "house-rules.announcement-shape": "{where}: expected {{date, card, status}} or {{date, combo: [A, B]}}, got {got}",
        "house-rules.field-missing": "{where}: {field} is missing (expected {fields})",
        "house-rules.combo-pair": "{where}: expected two card names, got {got}",
        "house-rules.announcements-disagree": "{where}: regulation[{first}] and regulation[{second}] disagree: 《{card}》 on {date} is both {one} and {other}; keep one",
        "house-rules.combo-same": "{where}: names the same card twice (《{card}》)",
        "house-rules.unknown-status": "{where}: unknown status {status}{hint}",
        "house-rules.date": "{where}: expected a date as YYYY-MM-DD (or YYYY/MM/DD, YYYY.MM.DD), got {got}",
        "house-rules.card-name": "{where}: expected a card name, got {got}",
        "house-rules.rule-id": "{where}: {key}: expected a rule id such as DP002, got {got}",
        "house-rules.unknown-rule": "{where}: {key}: unknown rule id {rule}{hint}",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ regulation data (regulation.yaml) (exit 2)
        "regulation-data.date": "{where}: {value} is not a date (YYYY-MM-DD)",
        "regulation-data.list": "{where}: {key} must be a list, not {value}",
        "regulation-data.card-name": "{where}: {value} is not a card name",
        "regulation-data.not-ours": "{where}: not a duepa-check regulation file (format: 1 missing)",
        "regulation-data.event-fields": "{at} needs date, card and status",
        "regulation-data.unknown-status": "{at}: unknown status {status} (one of {known})",
        "regulation-data.combo-fields": "{at} needs two cards and a since date",
        "regulation-data.unknown-kind": "{at}: unknown kind {kind} (one of {known})",
        "regulation-data.prohibited-fields": "{at} needs a card (and a reason)",
        "regulation-data.unconfirmed": "{where}: unconfirmed must be a mapping with source and changes",
        "regulation-data.change-fields": "{at} needs a card and a valid status",
        "regulation-data.cannot-read": "{path}: cannot read regulation data ({why})",
        "regulation-data.too-large": "{path}: more than {megabytes} MB, not a regulation file",
        "regulation-data.invalid-yaml": "{path}: invalid YAML ({why})",
        "regulation-data.yaml-value": "{path}: invalid YAML value ({why})",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ card data (cards.jsonl, index.tsv) (exit 2)
        "card-data.cannot-read": "{path}: cannot read card data ({why})",
        "card-data.no-header": "{path}: line 1 is not a card-data header",
        "card-data.cut-short": (
            "{path}: {rows} rows for {cards} cards (cut short?); run 'duepa-check update' again or delete the data dir"
        ),
        "card-data.malformed-row": "{path}: malformed row {row}",
        "card-data.not-a-record": "is not a card record",
        "card-data.bad-record": "{path}: the record at byte {offset} {problem}",
        "card-data.no-directory": "no card data directory given",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ duepa-check update: errors (exit 2)
        "update.error.source-spaces": "update: --source {source} holds spaces or control characters",
        "update.error.source-invalid": "update: --source {source} is not a valid URL ({why})",
        "update.error.source-not-http": "update: --source {source} is not an http(s) URL with a host",
        "update.error.source-query": "update: --source {source}: give the site's address without ?query or #fragment",
        "update.error.delay": "update: --delay {delay}: give seconds between 1 and {most}",
        "update.error.max-time": "update: --max-time {max_time}: give a number of seconds greater than 0",
        "update.error.not-a-directory": "update: {path} is not a directory; nothing changed",
        "update.error.embedded-dir": "update: {path} is the card data shipped with duepa-check; choose another --data-dir",
        "update.error.cannot-read-dir": "update: cannot read {path} ({why}); nothing changed",
        "update.error.foreign-files": (
            "update: {path} holds files that are not duepa-check data ({name}); choose an empty or new --data-dir; nothing changed"
        ),
        "update.error.cannot-create": "update: cannot create {path} ({why}); nothing changed",
        "update.error.cannot-lock": "update: cannot lock {path} ({why}); nothing changed",
        "update.error.locked": "update: another update is running on {path}{who}; wait until it ends, then run update again; nothing changed",
        "update.error.locked.process": " (process {process})",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ duepa-check update: what the site did (exit 2)
        "update.error.status": "update: {url} answered {status}",
        "update.error.at": "update: {url}: {problem}",
        "update.error.tried": "update: {url}: {problem} (tried {attempts} times)",
        "update.problem.timed-out": "timed out",
        "update.problem.no-answer": "no complete answer within {seconds} s",
        "update.problem.unreachable": (
            "cannot reach {host} (no network, or the site is down); checks keep using the card data they used "
            "so far; try again later, or --source with a mirror"
        ),
        "update.error.other-site": (
            "update: {url} redirects to another site ({target}); "
            "not followed (give that site as --source if it is the official one now)"
        ),
        "update.error.redirects": "update: {url}: more than {most} redirects",
        "update.error.encoding": "update: {url} answered in Content-Encoding {coding!r}, which duepa-check does not read",
        "update.error.damaged": "update: {url}: the {coding} body is damaged ({why})",
        "update.error.too-big": "update: {url}: the page is larger than {size} MB once decompressed; not read",
        "update.error.time-limit": "update: the run reached its time limit ({limit}, --max-time) at {url}",
        "update.error.come-back-later": "update: {url} answered {status} and asks to come back in {wait}; run update again later",
        "update.error.robots-disallows": "update: {source}/robots.txt disallows {path}",
        "update.error.robots-unreadable": "update: {url} cannot be read ({why})",
        "update.error.crawl-delay": (
            "update: {url} asks for {wait} between requests (Crawl-delay); "
            "duepa-check waits at most {most} s, so it does not read this site"
        ),
        "update.error.charset": "update: {url} declares the charset {charset!r}, which is not a known text encoding",
        "duration.seconds": "{value} s",
        "duration.minutes": "{value} min",
        "duration.hours": "{value} h",
        # ------------------------------------------------------------ duepa-check update: reading the pages (exit 2)
        "update.error.list-page": "update: {url} page {number}: {error}",
        "update.error.list-endless": "update: {url}: the card list did not end after {most} pages",
        "update.error.markup": "update: {url}: {error} (has the site's markup changed?)",
        # ------------------------------------------------------------ duepa-check update: writing and checking the data (exit 2)
        "update.error.cannot-write-to": "update: cannot write to {path} ({why}); nothing changed",
        "update.error.cannot-write": "update: cannot write {path} ({why}); nothing changed",
        "update.error.none-listed": "update: the site listed no card ({pages} list pages read); nothing changed (is the site down or its search changed?)",
        "update.error.none-fetched": "update: fetched 0 cards (the {count} listed card pages were all missing); nothing changed",
        "update.error.stopped": "{error}; stopped, nothing changed{resume}",
        "update.error.resume": " ({count} cards fetched so far are kept in {path}; run update again to resume)",
        "update.error.then-nothing-changed": "{error}; nothing changed",
        "update.error.nothing-changed": "update: {error}; nothing changed",
        "update.reason.cannot-write": "cannot write {path} ({why})",
        "update.reason.the-new-data": "the new data",
        "update.error.card-count": "update: the new card data holds {count} cards, expected {expected}",
        "update.error.pool-shrinks": "update: the card pool would shrink from {before} to {after} cards",
        "update.error.regulation-unreadable": "update: the new regulation data does not load ({error})",
        "update.error.existing-broken": "update: the existing data is broken ({error}); delete {path} and update again",
        "update.error.embedded-broken": "update: the embedded card data is broken ({error}); reinstall duepa-check",
        "update.error.few-restricted": (
            "update: {url} lists only {listed} of the {restricted} restricted "
            "cards (has the page's markup changed?); nothing changed"
        ),
        "update.error.not-ours": (
            "update: {path} is {what}; duepa-check does not follow or overwrite it (remove it and run again)"
        ),
        "update.file.symlink": "a symbolic link",
        "update.file.not-regular": "not a regular file",
        "update.file.hard-link": "a hard link",
        "update.error.cannot-read": "update: cannot read {path} ({why})",
        "update.interrupted.installed": "update interrupted after the new data was installed in {path}; the next update tidies up",
        "update.interrupted": "update interrupted; the card data in {path} was not changed{kept}; run update again to resume",
        "update.interrupted.kept": " ({count} cards fetched so far are kept in {path})",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ official site pages the parser cannot read
        "page.regulation.no-cards": "regulation page has no cards under 「{label}」",
        "page.list.no-cards": "no card links, no #cardlist and no card count on the card list page",
        "page.unknown-civilization": "unknown civilization {name!r}",
        "page.detail.name-swallowed": "card {card_id}: the card name runs on into the page ({name!r}…); the page is malformed",
        "page.detail.no-name": "card {card_id}: no card name (no h1–h3 heading, no h3.card-name, no title)",
        "page.detail.same-name": "card {card_id}: {count} sides share the name {name!r}",
        "page.detail.no-block": "card {card_id}: no card block (no div.cardDetail with a card type, no カードの種類 label)",
        "page.side-without-type": "a side of the card has values but no カードの種類",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ the data dir (--data-dir, $DUEPA_CHECK_DATA)
        "cli.completion-failed": "--install-completion: cannot write {path} ({why}); the completion is not set up",
        "cli.warning": "duepa-check: warning: {message}",
        "data-dir.fetch": "run 'duepa-check update --data-dir {path}' to fetch it",
        "data-dir.default-unusable": "the user data dir {path} cannot hold card data ({why}); checking with the embedded data",
        "data-dir.missing": "data dir {path} does not exist ({fetch}); using the card data shipped with duepa-check",
        "data-dir.empty": "data dir {path} holds no card data ({fetch}); using the card data shipped with duepa-check",
        "data-dir.mend": "run 'duepa-check update --data-dir {path}' again, or delete {path}",
        "data-dir.pointer-unreadable": "{path}: cannot read the data pointer ({why}); {mend}",
        "data-dir.not-a-pointer": "{path}: not a duepa-check data pointer; {mend}",
        "data-dir.unreadable": "{path}: cannot read the data dir ({why})",
        "data-dir.not-a-directory": "{path}: not a directory (--data-dir takes the folder 'duepa-check update' writes)",
        "data-dir.no-folder": "{pointer} names {name}, which is not a folder there; {mend}",
        "data-dir.file-unreadable": "{path}: cannot read ({why}); {mend}",
        "data-dir.wrong-size": "{path}: {found} bytes, but the update wrote {size} (cut short or edited by hand); {mend}",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ what is wrong with one cards.jsonl record
        "card-data.problem.no-name": "has no name",
        "card-data.problem.faces-not-a-list": "has faces that are not a list",
        "card-data.problem.face": "has a face without a name and a type",
        "card-data.problem.civilizations": "has unknown civilizations {value}",
        "card-data.problem.cost-power": "has a cost or power that is neither a number nor printed text",
        "card-data.problem.races": "has races that are not a list of names",
        "card-data.problem.layout": "has an unknown layout {value} (one of {known})",
        "card-data.problem.zone": "has an unknown zone {value} (one of {known})",
        "card-data.problem.provenance": "has an unknown provenance {value} (one of {known})",
        "card-data.problem.not-text-list": "has {field} that are not a list of text",
        "card-data.problem.not-a-flag": "has {field} that is not true or false",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ --partner NAME
        "partner-option.none": "--partner {typed!r} matches no card{hint}",
        "partner-option.several": "--partner {typed!r} matches several cards{hint}",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ where the data of a run came from (both parts named)
        "data.source.cards-only": "{path} (cards), embedded (regulation, newer)",
        "data.source.regulation-only": "embedded (cards), {path} (regulation)",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ YAML decklists
        "input.alias-loop": "an alias refers to its own anchor",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ odds and ends
        "cli.stdout-closed.why": "standard output is closed",
        "card-data.duplicates": "duplicate card names: {names}",
    }
)

MESSAGES.update(
    {
        "help.option.help": "Show this message and exit.",  # click's own --help, in our catalogue so that it is translated
        "help.label.usage": "Usage:",
        "help.label.arguments": "Arguments",
        "help.label.options": "Options",
        "help.label.commands": "Commands",
        "help.label.default": "[default: {default}]",
        "help.label.required": "[required]",
        "help.label.choices": "[choices: {choices}]",
        "help.option.install_completion": "Install completion for the current shell.",
        "help.option.show_completion": "Show the completion script for the current shell, to copy it or change how it is installed.",
    }
)

MESSAGES.update(
    {
        "prohibited.reason.official-page": "使用禁止カード on the official regulation page",  # = regulation.OFFICIAL_PAGE_REASON
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ SARIF descriptors
        "sarif.unreadable": "A decklist file could not be read or decoded.",
        "sarif.not-written": "A decklist had names to fix, but --fix left the file as it was.",
        "sarif.srcroot": "The directory duepa-check ran in.",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ click's usage errors (the English is click's own, which prints it)
        "cli.usage": "Usage: {usage}",
        "cli.usage.try": "Try '{command} {option}' for help.",
        "cli.usage.error": "Error: {message}",
        "cli.usage.no-such-option": "No such option: {name}{possible}",
        "cli.usage.possible": " (Possible options: {options})",
        "cli.usage.missing-argument": "Missing argument {name}.",
        "cli.usage.missing-option": "Missing option {name}.",
        "cli.usage.choice": "Invalid value for {name}: choose {choices}.",
        "cli.usage.at-least": "Invalid value for {name}: give a number of at least {least}.",
        "cli.usage.invalid": "Invalid value for {name}: {why}",
    }
)

MESSAGES.update(
    {
        "cli.usage.needs-value": "Option {name} requires an argument.",
        "cli.usage.takes-no-value": "Option {name} does not take a value.",
        "cli.usage.extra": "Got unexpected extra argument(s) ({args})",
    }
)

# Submission sheets (reading.sheet.py): a form's responses, one deck per row.
MESSAGES.update(
    {
        "sheet.place": "{path}, row {row}",
        "sheet.place.player": "{path}, row {row} ({player})",
        "sheet.at-line": "{place}, line {line}: {message}",
        "sheet.at-row": "{place}: {message}",
        "sheet.no-such-column": "{path}: {option} {column}: the header has no such column (columns: {columns})",
        "sheet.column-twice": "{path}: {option} {column} names the column {other} names; one column is one thing",
        "sheet.column-is-deck": "{path}: {option} {column} names the decklist column; name another column (or the deck column with --deck-column)",
        "sheet.no-rows": "{path}: the sheet has a header but no submission",
        "sheet.too-many-rows": "{path}: more than {rows} rows; split the sheet and check each part",
        "sheet.empty-cell": "{place}: the deck cell is empty; this deck cannot be checked",
        "sheet.empty-cell.alone": "The deck cell is empty: this deck could not be checked.",
        "sheet.cell-too-large.alone": "The deck cell is larger than {megabytes} MB: this deck could not be checked.",
        "sheet.cell-binary.alone": "The deck cell holds binary data: this deck could not be checked.",
        "sheet.cell-too-large": "{place}: the deck cell is larger than {megabytes} MB; not a decklist",
        "sheet.cell-binary": "{place}: the deck cell holds binary data, not a decklist",
        "sheet.date-order.ambiguous": "{path}: dates such as {example} can be read day-first or month-first and no row tells which; resubmissions are ordered by row",
        "sheet.date-order.disagree": "{path}: rows disagree on the date order ({day} is day-first, {month} month-first); resubmissions are ordered by row",
        "sheet.superseded": "{place}: superseded by row {by} (a later submission of the same player); not counted",
        "sheet.superseded.verdict": "superseded by row {by}",
        "sheet.superseded.count.one": "{count} earlier submission superseded by a later one of the same player, not counted",
        "sheet.superseded.count.other": "{count} earlier submissions superseded by later ones of the same player, not counted",
        "column.player": "player",
        "column.row": "row",
        "column.submitted-at": "submitted",
        "column.superseded-by": "superseded by",
        "html.unreadable.row": "This deck could not be checked: {error}",
        "sheet.who.player": "{player} (row {row})",
        "sheet.who.row": "row {row}",
        "html.sheet": "Submissions in {path}",
        "html.superseded": "Superseded submissions (not counted)",
        "html.tile.superseded": "superseded",
        "help.check.deck_column": "Submission sheet (CSV/TSV of form responses): the decklist column, by header or number.",
        "help.check.player_column": "Submission sheet: the player's name column.",
        "help.check.partner_column": "Submission sheet: the partner column.",
        "help.check.time_column": "Submission sheet: the timestamp column.",
        "html.no-player": "(no name)",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ --fix (check.fix, cli.fixing)
        "fix.done.one": "{count} name fixed in {path}",
        "fix.done.other": "{count} names fixed in {path}",
        "fix.refused.symlink": "{path}: a symbolic link, not rewritten by --fix (fix the file it points to)",
        "fix.refused.outside": "{path}: outside the folder checked ({folder}), not rewritten by --fix",
        "fix.refused.changed": "{path}: not rewritten by --fix: {why}",
        "fix.why.changed": "the file changed after it was read; run --fix again",
        "fix.refused.sheet.one": "{path}: a submission sheet is not rewritten by --fix; {count} name is spelled otherwise than the card list",
        "fix.refused.sheet.other": "{path}: a submission sheet is not rewritten by --fix; {count} names are spelled otherwise than the card list",
        "fix.diff-format": "--diff prints a diff, which --format {format} cannot carry: use --fix --format {format} (it lists the fixes written) or leave --format out",
        "fix.unsafe-alone": "--unsafe-fixes does nothing without --fix or --diff; nothing is fixed",
        "fix.refused.hard-link": "{path}: has {count} names (hard links), not rewritten by --fix: the other names would keep the old text (fix it under one name after breaking the links)",
        "fix.refused.too-large": "{path}: not rewritten by --fix: fixed, it would be larger than {megabytes} MB, which no check reads",
        "fix.refused.metadata": "{path}: not rewritten by --fix: its {what} cannot be kept ({why})",
        "fix.what.owner": "owner and group",
        "fix.what.flags": "file flags",
        "fix.refused.locked": "{path}: not rewritten by --fix: the file is locked (immutable or append-only)",
        "fix.what.xattr": "extended attribute {name}",
        "fix.sarif.rule": "A card name written in another spelling than the official card list's (fixed by --fix)",
        "fix.sarif.fixed": "「{written}」 is written as the official name 《{card}》",
        "fix.sarif.description": "Write the official name 《{card}》",
        "help.option.fix": "Write every card name as the official card list spells it (nothing else changes); - prints the fixed list.",
        "help.option.diff": "Print what --fix would change as a diff and write nothing; exit 1 when something would change.",
        "help.option.unsafe_fixes": "With --fix or --diff, also fix a typo when one card is clearly the one meant.",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ duepa-check lsp (the language server)
        "lsp.settings.not-an-object": "settings: expected an object of settings, got {value}; ignored",
        "lsp.settings.unknown-key": "settings: unknown key '{key}' (the keys are {keys}); ignored",
        "lsp.settings.wrong-value": "settings: {key}: {value} is not a value it takes; ignored",
        "lsp.large-document": "This document is over {kilobytes} KB: it is checked when opened and saved, not as you type",
        "lsp.house-rules-fallback": "{message}; this document is checked with the recommended rules until it is fixed",
        "lsp.action.fix": "Write 《{written}》 as the official list spells it: 《{name}》",
        "lsp.action.fix-all": "Write every card name as the official list spells it ({count} names, as --fix does)",
        "lsp.action.did-you-mean": "Did you mean 《{name}》?",
        "lsp.action.partner": "Make 《{name}》 the partner",
        "lsp.hint.partner": "{civilizations} · {count}/{size} cards · {verdict}",
        "lsp.hint.problems.one": "{count} error",
        "lsp.hint.problems.other": "{count} errors",
        "lsp.hint.heading": "{counted} counted",
        "lsp.data-failed": "The card data could not be loaded ({why}); nothing is checked",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ the web page (tools/web/, tools/build_site.py)
        "web.title": "duepa-check: check a デュエパーティー decklist",
        "web.intro": "Paste a decklist, or drop or choose a file. It is checked in this page: nothing is sent anywhere.",
        "web.deck": "Decklist",
        "web.choose-file": "Choose a file",
        "web.file-name": "File name (its suffix says the layout)",
        "web.options": "Options",
        "web.as-of": "Check date",
        "web.include-unconfirmed": "Include the unconfirmed 殿堂 change",
        "web.language": "Language",
        "web.fix": "Fix spellings",
        "web.undo": "Undo",
        "web.copy": "Copy the list",
        "web.share": "Copy a link to this list",
        "web.copied": "Copied.",
        "web.fixed.one": "Fixed {count} spelling.",
        "web.fixed.other": "Fixed {count} spellings.",
        "web.nothing-to-fix": "No spelling to fix.",
        "web.loading": "Loading the checker…",
        "web.loading.runtime": "Loading Python ({step} of 3)…",
        "web.loading.wheels": "Loading the checker and card data ({step} of 3)…",
        "web.loading.start": "Starting the checker ({step} of 3)…",
        "web.ready": "Ready. Works offline after this visit.",
        "web.load-failed": "The checker could not load: {why}",
        "web.checking": "Checking…",
        "web.empty": "Paste or drop a decklist to check it.",
        "web.cards": "Cards",
        "web.partner": "Partner",
        "web.errors": "Errors",
        "web.warnings": "Warnings",
        "web.no-errors": "No errors.",
        "web.no-warnings": "No warnings.",
        "web.decks-status": "Decks checked: {decks}; legal: {legal}; errors: {errors}; warnings: {warnings}",
        "web.go-to-line": "Go to line {line}",
    }
)
