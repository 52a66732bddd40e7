"""Read a plain-text (or Markdown) decklist line by line: cards, headings, metadata, table rows.

What a line is, in this order:

* blank, a comment (``#`` / ``//``: also the piles of an online table's paste, ``//deck-1`` main,
  ``//deck-2`` 超GR, ``//pile-public`` 超次元, ``//play-1`` start in play, whose cards are read as
  any card is, so DP006 names those that are not main-deck cards, and its closing
  ``//c2u TITLE | SUMMARY | URL`` memo), a separator (``=====``, ``-----``, ``～～～～``), a Markdown code
  fence or a table's ``|---|`` row: nothing;
* a heading of a known word, maybe marked (【】 [] ＜＞ ★★ ■ ``##``) and maybe stating a count:
  the partner heading (パートナー, ★パートナー★, 統率者, Commander), a section (メイン, デッキレシピ,
  採用カード, 超次元ゾーン), a card type (クリーチャー (25), 呪文（10枚）, Spells: 19) or a total (合計60枚,
  デッキ枚数：60, Total: 40). A stated count is not a card count: it is kept, so DP204 can compare
  it with the cards under the heading;
* metadata (作成日：…, プレイレベル：2, 文明：水/火/自然, 価格：…, a URL): nothing;
* a table row (``| 1 | NAME |``, ``NAME,1``, ``1<TAB>NAME``): its cells, by its header when the
  table has one (``reading.tables.py``);
* a line in brackets whose text is no known word (【五輪の求道者 清永】, [アカシック・ゼノン]): the
  card it names when it names one, else a heading (see ``Entry.mark``);
* anything else is a card line (``reading.card_line.py``); what names no card is reported (DP100,
  DP102), never dropped.

No known heading word is a card name (tests/reading/test_decklist.py checks them against the card data),
so the words alone can decide which lines are headings, without the card pool.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from itertools import islice
from typing import TYPE_CHECKING

from ..messages import Msg
from .card_line import (
    LONGEST_NAME,
    MAX_COUNT,
    more_readings,
    parse_count_and_name,
    read_card_line,
    strip_list_mark,
)
from .decode import numbered_lines
from .model import LABEL_MARK, LIST_MARK, REMARK_MARK, DeckList, Entry, Heading, ParseProblem, Reading
from .partner_line import partner_line, partner_readings
from .remark import looks_like_remark
from .words import HEADING_KINDS, MAIN_WORDS, METADATA_WORDS, PARTNER_STARTS, heading_word, is_partner_word

if TYPE_CHECKING:
    from .rows import Columns, Row

# A heading marked by brackets or a symbol, maybe followed by a value or a count:
# 【デッキ名】龍幻郷, 【パートナー】NAME, 【メインデッキ】（59枚）, ■超次元ゾーン, ◆Main (59).
HEADER_MARKS = "【[［<＜〈■◆●▼★☆□◇◎"
_MARKED = (
    r"^(?:【([^【】]+)】|[\[［]([^\[\]［］]+)[\]］]|[<＜〈]([^<>＜＞〈〉]+)[>＞〉]|[■◆●▼★☆□◇◎]\s*([^\s（(【\[★☆]"
    r"+)[★☆]?)\s*(.*)$"
)
# After NFKC and DECORATION: 'クリーチャー(25)', '合計60枚', 'メインデッキ(計59枚)'.
# A count of any length (up to 100 digits, which int() reads) is the heading's, quoted as written.
_HEADING_COUNTS = (r"^(.+?)\(?(\d{1,100})枚?\)?$", r"^(.+?)\(?(?:全|計|合計)(\d{1,100})枚?\)?$")
_BRACKETED = r"^(?:【([^【】]+)】|[\[［]([^\[\]［］]+)[\]］]|[<＜〈]([^<>＜＞〈〉]+)[>＞〉]|★([^★]+)★)\s*(.*)$"
_ANNOTATION = r"^[（(]?\s*(?:[xX×]|全|計|合計)?\s*\d+\s*枚?\s*[)）]?$"
_KEY_VALUE = r"^([^\s:：]+)\s*[:：]\s*(.*)$"
_SEPARATOR_CHARS = "-=_~～〜ー―─━＝＿*＊・.。+＋`"
_SEPARATOR = r"^[-=_~～〜ー―─━＝＿*＊・.。+＋\s]{3,}$"
_COMMENT = re.compile(r"(?:^|\s)(?:#|//)")
MAX_HEADING_LENGTH = 40


def _in_brackets(line: str, at: int) -> bool:
    """Whether ``at`` is inside a 《…》 of the line (a mark there is part of a name)."""
    opened = line.rfind("《", 0, at)
    return opened >= 0 and line.rfind("》", opened, at) < 0 and line.find("》", at) >= 0


@functools.lru_cache(maxsize=4096)  # the same headings and partner lines head the lists of a batch
def heading_of(text: str) -> tuple[str, int | None] | None:
    """(kind, stated count or None) when the whole text is a heading of a known word; None otherwise.

    ``クリーチャー (25)`` → ('type', 25); ``★パートナー★`` → ('partner', None); ``合計60枚`` → ('total', 60).
    """
    if len(text) > MAX_HEADING_LENGTH:
        return None
    word = heading_word(unicodedata.normalize("NFKC", text))
    kind = HEADING_KINDS.get(word)
    if kind is not None:
        return kind, None
    if not (word[-1:].isdigit() or word.endswith(("枚", ")"))):
        return None  # no count at its end: no pattern to try (nor compile)
    for pattern in _HEADING_COUNTS:
        match = re.match(pattern, word)
        if match and (kind := HEADING_KINDS.get(match.group(1))):
            return kind, int(match.group(2))
    return None


class TextReader:
    """The state a decklist's lines are read in: the open partner section and headings, the table."""

    def __init__(self, path: str) -> None:
        self.deck = DeckList(path=path)
        self.in_partner_section = False
        self._whole: tuple[str, ...] = ()  # the line as written, when a comment or emphasis was taken off it
        self.columns: Columns | None = None  # a table header's columns, once one is read
        self._section: int | None = None  # index in deck.headings of the open section / type heading
        self._type: int | None = None
        self._partner: int | None = None

    # ------------------------------------------------------------------------ lines

    def read_line(self, number: int, raw: str) -> None:
        self._whole = ()
        line = raw
        if "&" in line and ";" in line:  # '&amp;' and '&#12354;' copied from a web page
            import html

            line = html.unescape(line)
        stripped = line.strip()
        if stripped.startswith("#"):
            self._markdown_heading(number, stripped)  # '## パートナー' is a heading; '# note' a comment
            return
        whole: tuple[str, ...] = ()
        if ("#" in line or "//" in line) and not stripped.startswith("|"):  # a table's '| # |' column is no comment
            # Not inside 《》 (《イルミツリー #夜景がやけに綺麗 #草 #草超えてツリー》 is one name); and the
            # line cut at each later mark, and whole, stay readings of the card (tried when the line
            # without its comment is none).
            cuts = [
                match.start() for match in islice(_COMMENT.finditer(line), 8) if not _in_brackets(line, match.start())
            ]
            if cuts:
                whole = (stripped, *(line[:at].strip() for at in reversed(cuts[1:])))
                line = line[: cuts[0]]
        line = line.strip()
        if not line:
            return
        first = line[0]
        if first.isascii() and first.isdigit() and "," not in line and "|" not in line:
            self.add_card(number, line, whole=whole)  # the common '1 NAME': never a heading, partner or metadata line
            return
        if first == "|" or "," in line or "\t" in line:
            from .rows import read_row

            row = read_row(number, line, self.columns)
            if row is not None:
                if whole and len(row.entries) == 1:  # '1,NAME #…': the cells of the whole row too
                    entry = row.entries[0]
                    row.entries[0] = entry._replace(others=(*entry.others, *self._whole_readings(whole)))
                self.take_row(number, row)
                return
            line = line.replace("\t", " ")
        if first in _SEPARATOR_CHARS and (line.startswith("```") or re.match(_SEPARATOR, line)):
            return  # '=====', '-----', '～～～～', a Markdown code fence: nothing to read
        self._whole = whole
        self.read_text_line(number, line)

    def read_text_line(self, number: int, line: str) -> None:
        """A line that is no table row: heading, metadata, partner line, bracketed line or card."""
        if "**" in line or "__" in line:
            emphasis = re.sub(
                r"(\*\*|__)(.*?)\1", r"\2", line
            ).strip()  # Markdown emphasis: in pairs (《【問１】 テック__》)
            if not emphasis.strip("*_ \t"):
                return  # '**', '** __': emphasis of nothing
            if emphasis != line:
                self._whole = self._whole or (line,)
                line = emphasis
        if "](" in line:
            line = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", line)  # a Markdown link: its text
        heading = heading_of(line)
        if heading is not None:
            self.add_heading(number, line, *heading)
            return
        if line[0] in HEADER_MARKS and self._marked(number, line):
            return
        partner = partner_line(line)
        if partner:
            wholes = tuple(value for value in map(partner_line, self._whole) if value)  # 'パートナー: NAME #…'
            self.add_card(number, partner, partner=True, whole=wholes)
            return
        if line.startswith(("http://", "https://")):
            self._title_above(number)
            self.add_labelled(number, line.partition(" ")[2])  # a link to the recipe's page, maybe a card after it
            return
        key_value = re.match(_KEY_VALUE, line)
        if key_value and heading_word(key_value.group(1)) in METADATA_WORDS | MAIN_WORDS:
            self.add_labelled(number, key_value.group(2))
            return
        if line.endswith((":", "：")) and len(line) < MAX_HEADING_LENGTH:
            self.add_heading(number, line, "partner" if is_partner_word(line) else "other", None)
            self.add_labelled(number, line)  # 《ガイアール Re:》 ends in a colon too
            if line[:1] in PARTNER_STARTS:
                self._also_partner(number, self._partner_readings(line))  # 'パートナー ガイアール Re:'
            return
        if "," in line or "，" in line:
            self.add_card_or_list(number, line)
            return
        if line[:1] not in PARTNER_STARTS and not self.in_partner_section and looks_like_remark(line):
            if not _counted(line):
                self.add_remark(number, line)
                return
        self.add_card(number, line)
        if line[:1] in PARTNER_STARTS:
            self._also_partner(number, self._partner_readings(line))

    def _partner_readings(self, line: str) -> tuple[Reading, ...]:
        """``partner_readings`` of the line, then of the line as written when a comment was taken off
        it ('パートナー カキンギョ #紫陽花 #ご祝儀 #池' names a card whose name has its marks)."""
        return (*partner_readings(line), *(reading for whole in self._whole for reading in partner_readings(whole)))

    def _also_partner(self, number: int, readings: tuple[Reading, ...]) -> None:
        """The line just added, also read as a partner line ('パートナー NAME'): its name's readings
        (marking the partner) are tried when the line as written is no card."""
        if not readings:
            return
        deck = self.deck
        if deck.entries and deck.entries[-1].line == number:
            entry = deck.entries[-1]
            written = more_readings(entry.source) if entry.source else ()
            deck.entries[-1] = entry._replace(others=(*readings, *written, *entry.others), source="")
        elif deck.problems and deck.problems[-1].line == number:
            problem = deck.problems[-1]
            deck.problems[-1] = problem._replace(readings=(*problem.readings, *readings))

    def _title_above(self, number: int) -> None:
        """A deck site's text export opens with the deck's title, then its URL: the list's first
        line, right above the URL line, is metadata unless it names a card (LABEL_MARK)."""
        entries = self.deck.entries
        if len(entries) == 1 and entries[0].line == number - 1 and not entries[0].mark and not entries[0].is_partner:
            title = entries[0]
            entries[0] = title._replace(
                mark=LABEL_MARK, others=(*more_readings(title.source), *title.others), source=""
            )

    def add_card_or_list(self, number: int, line: str) -> None:
        """A line with commas: one card ('Barkwhip, the Smasher') or several ('NAME,NAME', 'NAME，NAME'
        from a card site's import box), which only the card pool can tell (reading.resolve)."""
        parts = [part.strip() for part in re.split(r"[,，]", line)]
        read = read_card_line(line)
        if len(parts) < 2 or not all(parts) or read.problem or self.in_partner_section:
            self.add_card(number, line)
            return
        readings = []
        for part in parts:
            part_read = read_card_line(part)
            if part_read.problem or part_read.main.count == 0:
                self.add_card(number, line)  # a part that is no card line: the line as written
                return
            readings.append(part_read.main)
        main = read.main
        self.deck.entries.append(
            Entry(number, main.name, main.count, main.partner, tuple(readings), LIST_MARK, line if read.more else "")
        )

    def _markdown_heading(self, number: int, line: str) -> None:
        """'## パートナー', '### クリーチャー (25)': a heading; any other '#' line is a comment."""
        text = line.lstrip("#")
        if not text[:1].isspace():
            return
        text = text.strip()
        heading = heading_of(text) if len(text) <= MAX_HEADING_LENGTH else None  # a comment line: not cached
        if heading is not None:
            self.add_heading(number, text, *heading)
        elif text and text[0] in HEADER_MARKS:
            self._known_marked(number, text)

    def _marked(self, number: int, line: str) -> bool:
        """A marked heading of a known word, or a bracketed line that may be a card or a heading."""
        return self._known_marked(number, line) or self._bracketed(number, line)

    def _known_marked(self, number: int, line: str) -> bool:
        """【パートナー】NAME, 【メインデッキ】（59枚）, ■超次元ゾーン, 【デッキ名】龍幻郷: known words only.

        Card names start with 【…】 too (《【今すぐ】うわっ…相手の攻撃止めすぎ…？【クリック】》).
        """
        match = re.match(_MARKED, line)
        if match is None:
            return False
        word = heading_word(unicodedata.normalize("NFKC", next(g for g in match.groups()[:4] if g)))
        rest = match.group(5).strip()
        if word in METADATA_WORDS:
            self.add_labelled(number, rest)  # 【デッキ名】龍幻郷: metadata, unless what follows is a card
            return True
        kind = HEADING_KINDS.get(word)
        if kind is None:
            return False
        if not rest or re.match(_ANNOTATION, rest):
            stated = re.search(r"\d+", unicodedata.normalize("NFKC", rest)) if rest else None
            self.add_heading(number, line, kind, int(stated.group()) if stated else None)
        else:
            self.add_heading(number, line, kind, None)
            if kind == "main" and not _counted(rest):
                self.add_remark(number, rest)  # '【デッキレシピ】NAME': the deck's title, unless a card
            else:
                self.add_card(number, rest, partner=kind == "partner")  # '【パートナー】NAME': both at once
        return True

    def _bracketed(self, number: int, line: str) -> bool:
        """【五輪の求道者 清永】 or [アカシック・ゼノン] (maybe with a count): the card when it names one.

        Under a partner heading it is the partner, whatever it looks like; elsewhere an entry with
        its mark, which the resolve step drops as a heading when it names no card (reading.resolve).
        """
        bracketed = re.match(_BRACKETED, line)
        if bracketed is None:
            return False
        rest = bracketed.group(5).strip()
        if rest and not re.match(_ANNOTATION, rest):
            return False  # 【今すぐ】うわっ…相手の攻撃止めすぎ…？【クリック】: a card line as it stands
        inner = next(g for g in bracketed.groups()[:4] if g).strip()
        text = f"{inner} {rest}".strip()
        if self.in_partner_section or rest[:1] in ("x", "X", "×", "ｘ", "Ｘ"):
            self.add_card(number, text)  # the partner, whatever it looks like; or a card with an x count
        else:
            self.add_card(number, text, mark=line[0], whole=(line,))
        return True

    # ------------------------------------------------------------------------ what lines make

    def add_card(
        self, number: int, text: str, partner: bool = False, mark: str = "", whole: tuple[str, ...] = ()
    ) -> None:
        """A card line; under a partner heading, the first card is the partner."""
        read = read_card_line(text)
        whole = whole or self._whole
        if read.problem:
            # 《♪2×2-4×5+17=1》 looks like no name, and a 113-character name is longer than most:
            # the line's readings stay, and reading.resolve makes it that card when one names one.
            readings = (read.main, *read.others, *self._whole_readings(whole))  # (not more_readings: 90,000 such lines)
            readings = tuple(
                r._replace(partner=r.partner or partner or self.in_partner_section)
                for r in readings
                if r.count <= MAX_COUNT and len(r.name) <= LONGEST_NAME
            )
            self.deck.problems.append(ParseProblem(number, text.replace("\t", " "), read.problem, readings))
        elif read.main.count == 0:  # '0 NAME', 'NAME x0': no copy in the deck, and said so (DP102)
            self.deck.problems.append(ParseProblem(number, text.replace("\t", " "), Msg("parse.count-zero", {})))
        else:
            main, others = read.main, read.others
            if whole:
                others = (*others, *self._whole_readings(whole))
            is_partner = partner or self.in_partner_section or main.partner
            source = text if read.more else ""
            self.deck.entries.append(Entry(number, main.name, main.count, is_partner, others, mark, source))
        if self.in_partner_section or partner:
            self._close("_partner", number + 1)
        self.in_partner_section = False

    @staticmethod
    def _whole_readings(whole: tuple[str, ...]) -> tuple[Reading, ...]:
        """The readings of a line as written (a bracket, a comment or emphasis left on)."""
        found: list[Reading] = []
        for text in whole:
            read = read_card_line(text)
            found += (read.main, *read.others, *more_readings(text))
            if "," in text or "\t" in text or "|" in text:  # a table row: each cell, with the row's count
                cells = [cell.strip().strip('"').strip() for cell in re.split(r"[,\t|]", text)]
                counts = [int(cell) for cell in cells if cell.isdigit() and len(cell) <= 3]
                found += (
                    read_card_line(cell).main._replace(count=counts[0] if len(counts) == 1 else 1)
                    for cell in cells
                    if cell and not cell.isdigit()
                )
        return tuple(found)

    def add_remark(self, number: int, line: str) -> None:
        """A line that looks like a remark (reading.remark): the card one of its readings names (the
        line as written first, then without a leading 【…】 or note mark), else a line not read."""
        readings: list[Reading] = []
        texts = [line]
        bracketed = re.match(r"^(?:【[^【】]+】|[\[［][^\[\]［］]+[\]］])\s*(\S.*)$", line)
        if bracketed:
            texts.append(bracketed.group(1))  # '【殿堂】NAME'
        for text in (*texts, *self._whole):
            read = read_card_line(text)
            readings += (read.main, *read.others, *more_readings(text))
        readings = [r for r in dict.fromkeys(readings) if 0 < r.count <= MAX_COUNT and len(r.name) <= LONGEST_NAME]
        main = readings[0] if readings else None
        name, count = (main.name, main.count) if main else (line, 1)
        self.deck.entries.append(Entry(number, name, count, False, tuple(readings[1:]), REMARK_MARK, line))

    def add_labelled(self, number: int, value: str) -> None:
        """What follows a metadata label (採用カード：NAME, 文明：NAME, プレイレベル：2 NAME, 価格：3,000円 1 NAME,
        a URL and a name): a card when one of its readings names one, else the metadata it looks
        like (reading.resolve drops an entry marked LABEL_MARK that names no card). A label's own value
        comes first (2, 3,000円, a date): when the first word holds a digit, the text after it is
        tried before the whole text."""
        words = value.split()[:40]
        if not words:
            return
        tails = [" ".join(words[start:]) for start in range(min(len(words), 4))]
        if len(tails) > 1 and any(character.isdigit() for character in words[0]):
            tails[0], tails[1] = tails[1], tails[0]
        readings: list[Reading] = []
        for tail in tails:
            read = read_card_line(tail)
            if not read.problem:
                readings += (read.main, *more_readings(tail), *read.others)
        readings = [reading for reading in dict.fromkeys(readings) if reading.count > 0]
        if readings:
            main = readings[0]
            self.deck.entries.append(
                Entry(number, main.name, main.count, main.partner, tuple(readings[1:]), LABEL_MARK, "")
            )

    def take_row(self, number: int, row: Row) -> None:
        """What a table row on line ``number`` says (reading.rows): a header, a cell read as a line,
        or its cards and problems."""
        if row.columns is not None:
            self.columns = row.columns
        if row.line is not None:
            (self.read_text_line if row.as_text else self.read_line)(number, row.line)
        self.deck.problems.extend(row.problems)
        if row.cells is not None:
            self.deck.cells[number] = row.cells
        for entry in row.entries:
            self.add_entry(entry)

    def add_entry(self, entry: Entry) -> None:
        """A card from a table row (its count and name already read)."""
        if self.in_partner_section:
            entry = entry._replace(is_partner=True)
            self._close("_partner", entry.line + 1)
        self.in_partner_section = False
        self.deck.entries.append(entry)

    def add_heading(self, number: int, text: str, kind: str, stated: int | None) -> None:
        """A heading: it opens the partner section, or a section or type group that DP204 may count."""
        self.in_partner_section = kind == "partner"
        if kind in ("partner", "main", "total"):
            self._close("_section", number)
            self._close("_partner", number)
        self._close("_type", number)
        if stated is None:
            return
        if kind == "total":
            self.deck.headings.append(Heading(number, text, stated, 0, None))
            return
        self.deck.headings.append(Heading(number, text, stated, number, None))
        slot = {"partner": "_partner", "main": "_section"}.get(kind, "_type")
        setattr(self, slot, len(self.deck.headings) - 1)

    def _close(self, slot: str, number: int) -> None:
        index = getattr(self, slot)
        if index is not None:
            self.deck.headings[index] = self.deck.headings[index]._replace(end=number)
            setattr(self, slot, None)


def _counted(line: str) -> bool:
    """Whether the line writes a count ('1 NAME', 'NAME ×1'): a card entry, whatever it looks like."""
    return parse_count_and_name(strip_list_mark(line)) is not None


def parse_text(text: str, path: str) -> DeckList:
    """Parse a plain-text or Markdown decklist: every line read by TextReader, in order (a form
    feed, U+2028…: a line of its own)."""
    reader = TextReader(path)
    for number, line in numbered_lines(text):
        reader.read_line(number, line)
    return reader.deck
