"""Where a line of the terminal drawing may break: Japanese between phrases, English at spaces, and
never inside what a reader copies or reads as one thing.

A break never falls inside a card name in 《》, a quoted command or option ('duepa-check update',
`--as-of`), a date, an option, a rule id or any other run of Latin letters and digits (each is
one unit); nor before the marks that may not start a Japanese line (``、。」》）ー`` and the small
kana: 行頭禁則) or after those that may not end one (``「《（``: 行末禁則). Japanese breaks between
phrases (文節): a word (a run of kanji, katakana and Latin letters or digits: 内蔵データ,
プレミアム殿堂, 60枚, 41行目) with the kana that follow it (が, です。, してください). A unit wider
than the line breaks between its words (a card name's words: ボルシャック・|ドラゴ大王), and a word
wider than the line is folded by character, as nothing else would fit.

``line_starts`` is the algorithm (pure: no rich); ``breaking_text`` gives rich a ``Text`` that
wraps by it, for the help and the report's cells (rich alone breaks only at spaces, and cuts a
Japanese sentence with "…" when a table column is narrower than it).
"""

from __future__ import annotations

import functools
import re
import unicodedata

# 行頭禁則: never at the start of a line (they join the unit before them).
NO_START = set(
    "、。，．,.・：；:;？！?!‼⁇⁈⁉ー～〜」』》）)]］】〕〉｝}〙〗〟’”ゝゞヽヾ々〻"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ…‥％%゛゜"
)
# 行末禁則: never at the end of a line (they join the unit after them).
NO_END = set("「『《（(【〔〈｛{[［〘〖〝‘“")

# What is one unit however it is spaced: a card name, a quoted command or option, a quoted entry
# of a decklist ('1 NAME', 「1 NAME」: what a hint asks to write), a subcommand.
_WHOLE = re.compile(
    r"《[^《》\n]{1,60}》"
    r"|'(?:duepa-check|-|\d+ )[^'\n]{0,60}'"
    r"|`[^`\n]{1,60}`"
    r"|「(?:duepa-check|-|\d+ )[^「」\n]{0,60}」"
    r"|\[[^\[\]\n]{1,40}\]"
    r"|(?<![\w./-])duepa-check(?: [a-z][a-z-]*)?(?![\w-])"
)


def _wide(character: str) -> bool:
    return unicodedata.east_asian_width(character) in ("W", "F")


def _cells(text: str) -> int:
    return sum(2 if _wide(c) else 1 for c in text) - sum(1 for c in text if unicodedata.combining(c))


@functools.lru_cache(maxsize=2048)
def units(text: str, whole: bool = True) -> tuple[str, ...]:
    """The text cut where a line may break, spaces kept with the unit before them:
    ``units("《龍》を、'duepa-check update' で")`` → ``('《龍》を、', "'duepa-check update' ", 'で')``;
    Japanese by phrase: ``units("デッキが58枚です")`` → ``('デッキが', '58枚です')``.
    ``whole=False``: by word, a card name and a quoted command cut too (for a unit wider than the line)."""
    pieces: list[str] = []  # raw pieces: a whole span, a word, a run of kana, one mark, spaces
    at = 0
    for match in _WHOLE.finditer(text) if whole else ():
        pieces += _small_pieces(text[at : match.start()])
        pieces.append(match.group())
        at = match.end()
    pieces += _small_pieces(text[at:])
    found: list[str] = []
    join_next = False
    for piece in pieces:
        if piece.isspace():
            if found:
                found[-1] += piece
            else:
                found.append(piece)
            continue  # '（ NAME': an opening mark stays with what follows, spaced or not
        if found and (join_next or piece[0] in NO_START or (whole and _continues_phrase(found[-1], piece))):
            found[-1] += piece
        else:
            found.append(piece)
        join_next = piece[-1] in NO_END
    return tuple(found)


def _continues_phrase(before: str, piece: str) -> bool:
    """Whether ``piece`` belongs to the phrase ``before`` ends: kana after a word or a name
    (デッキ|が, 《龍》|を), a word after a ・ that joins two (水・|自然文明); never after a space."""
    if before[-1].isspace():
        return False
    if _KANA.fullmatch(piece):
        return True
    return before[-1] == "・" and _JAPANESE_WORD.match(piece) is not None


_KANA = re.compile(r"[ぁ-ゖゝゞ]+")
_JAPANESE_WORD = re.compile(r"[ァ-ヺーヽヾ一-鿿々〆ヶ]")


def _small_pieces(text: str) -> list[str]:
    """Spaces, words (a run of Latin letters/digits/marks, kanji and katakana: a date, an option,
    DP003, 内蔵データ, 60枚; a count of months, 6か月), runs of hiragana, and every other wide
    character on its own."""
    return re.findall(
        r"\s+|\d+[かヵヶカケ]月|[ぁ-ゖゝゞ]+"
        r"|(?:[ァ-ヺーヽヾ一-鿿々〆ヶ\uff10-\uff19\uff21-\uff3a\uff41-\uff5a\uff66-\uff9f]"
        r"|[^\s\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6"
        r"\U00020000-\U0003fffd《》「」『』【】（）、。])+"
        r"|\S",
        text,
    )


def line_starts(text: str, width: int, cells=None) -> list[int]:
    """Offsets in ``text`` (one line, no newline) where each line after the first starts, so that
    every line fits ``width`` cells (as ``cells`` counts them); a line's trailing spaces do not count."""
    cells = cells or _cells
    starts: list[int] = []
    line = [0, 0]  # cells on the current line (its trailing spaces left out), and those spaces
    at = 0
    for unit in units(text):
        if cells(unit.rstrip()) > width and len(unit) > 1:
            # Wider than a line: a card name or a quoted command cut where its own text may break
            # (kinsoku kept: 《龍の呼び声》が never leaves 》 at a line's start), a word after its hyphens.
            for piece in units(unit, whole=False):
                at = _place(piece, at, width, line, starts, cells)
            continue
        at = _place(unit, at, width, line, starts, cells)
    return [start for start in starts if 0 < start < len(text)]


def _place(unit: str, at: int, width: int, line: list[int], starts: list[int], cells) -> int:
    """Put ``unit`` (starting at offset ``at``) on the current line, or start a new one."""
    body = unit.rstrip()
    if not body:
        line[1] += len(unit)
        return at + len(unit)
    if len(body) > 1 and cells(body) > width:
        hyphens = re.findall(r"-*[^-]+-*|-+", unit) if "-" in body.strip("-") else ()
        if len(hyphens) < 2 or "".join(hyphens) != unit:
            hyphens = _characters(unit)
        if line[0]:  # a word wider than a line starts one, then folds
            starts.append(at)
            line[0] = line[1] = 0
        for piece in hyphens:  # --include-un|confirmed: --include-|unconfirmed
            at = _place(piece, at, width, line, starts, cells)
        return at
    size = cells(body)
    if line[0] and line[0] + line[1] + size > width:
        starts.append(at)
        line[0] = line[1] = 0
    line[0] += line[1] + size
    line[1] = len(unit) - len(body)
    return at + len(unit)


def _characters(unit: str) -> list[str]:
    """``unit`` cut by character for folding, kinsoku kept where it can be: spaces and a mark that
    may not start a line stay with the character before, one that may not end a line with the next
    (``run 、`` folds as ``ru|n 、``); by plain character when that leaves nothing to cut."""
    pieces: list[str] = []
    join_next = False
    for character in unit:
        if pieces and (join_next or character.isspace() or character in NO_START):
            pieces[-1] += character
        else:
            pieces.append(character)
        join_next = character in NO_END
    return pieces if len(pieces) > 1 else list(unit)


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` cells, broken where ``units`` allows."""
    found: list[str] = []
    for line in text.split("\n"):
        cuts = [0, *line_starts(line, width), len(line)]
        found += [line[start:end].rstrip() for start, end in zip(cuts, cuts[1:])] or [""]
    return found


def min_width(text: str) -> int:
    """The widest word: the narrowest a column can be without folding one (a phrase or a card
    name wider than the column breaks between its words)."""
    return max((_cells(unit.rstrip()) for unit in units(text, whole=False)), default=0)


@functools.cache
def _text_class():
    from rich.cells import cell_len
    from rich.containers import Lines
    from rich.measure import Measurement
    from rich.text import Text

    class BreakingText(Text):
        """A rich Text that wraps by ``line_starts`` (and measures its narrowest by ``units``)."""

        def wrap(self, console, width, *, justify=None, overflow=None, tab_size=8, no_wrap=None):
            if no_wrap or self.no_wrap or overflow == "ignore":
                return super().wrap(
                    console, width, justify=justify, overflow=overflow, tab_size=tab_size, no_wrap=no_wrap
                )
            lines = Lines()
            for line in self.split(allow_blank=True):
                if "\t" in line:
                    line.expand_tabs(tab_size)
                pieces = line.divide(line_starts(line.plain, width, cell_len))
                for piece in pieces:
                    piece.rstrip()
                wrap_justify = justify or self.justify or "default"
                if wrap_justify:
                    pieces.justify(console, width, justify=wrap_justify, overflow="fold")
                for piece in pieces:
                    piece.truncate(width, overflow="fold")
                lines.extend(pieces)
            return lines

        def __rich_measure__(self, console, options):
            plain = self.plain
            widest = max((cell_len(line) for line in plain.splitlines()), default=0)
            return Measurement(min(min_width(plain), widest), widest)

    class Line:
        """A BreakingText printed on its own (Console.print joins the Text objects it is given into
        a plain Text, which would wrap as rich does)."""

        def __init__(self, text) -> None:
            self.text = text

        def __rich_console__(self, console, options):
            yield self.text

        def __rich_measure__(self, console, options):
            return self.text.__rich_measure__(console, options)

    BreakingText.Line = Line
    return BreakingText


def indented(renderable, indent: int = 2):
    """``renderable`` drawn ``indent`` columns in, its lines not padded with spaces to the width
    (rich's Padding pads every line to the widest: a copied block would end in spaces)."""
    from rich.segment import Segment

    class Indented:
        def __rich_console__(self, console, options):
            width = max(options.max_width - indent, 1)
            for line in console.render_lines(renderable, options.update_width(width), pad=False):
                yield Segment(" " * indent)
                yield from line
                yield Segment.line()

    return Indented()


def breaking_line(markup: str, style: str = ""):
    """What ``console.print`` is given for a line of rich markup that breaks by ``line_starts``."""
    return _text_class().Line(breaking_markup(markup, style))


def plain_line(text: str, style: str = ""):
    """``breaking_line`` of plain text (no markup)."""
    return _text_class().Line(breaking_text(text, style))


def breaking_text(text, style: str = ""):
    """A rich Text (from a plain string, or from a rich ``Text``: its spans kept) that wraps by
    ``line_starts``: a table's cell (``breaking_line`` for a line printed on its own)."""
    cls = _text_class()
    if isinstance(text, str):
        return cls(text, style=style)
    made = cls(
        text.plain,
        style=text.style,
        justify=text.justify,
        overflow=text.overflow,
        no_wrap=text.no_wrap,
        end=text.end,
        tab_size=text.tab_size,
    )
    made._spans = list(text.spans)
    return made


def breaking_markup(markup: str, style: str = ""):
    """``breaking_text`` of rich markup (``[red]DP003[/]``)."""
    from rich.text import Text

    return breaking_text(Text.from_markup(markup, style=style))


def fit_table(console, table) -> bool:
    """Give each column of a rich ``table`` a width at which no word of its cells is cut, when
    the console is wide enough: each column its widest word (rich's measure of its header and
    cells, ``Measurement.get``: for a BreakingText, ``min_width``), the rest of the width shared
    by what each would take more. False, and the table left as it was, when even those widths do
    not fit: the caller stacks its rows instead (rich would cut the cells to slivers)."""
    from rich.measure import Measurement

    options = console.options
    columns = table.columns
    ranges = []
    for column in columns:
        found = [Measurement.get(console, options, cell) for cell in (column.header, *column.cells)]
        ranges.append((max(m.minimum for m in found), max(m.maximum for m in found)))
    padding = sum(table.padding[1::2]) if len(table.padding) == 4 else 2  # left and right
    edges = len(columns) + 1 if table.box and table.show_edge else max(len(columns) - 1, 0)
    spare = options.max_width - edges - sum(low + padding for low, _ in ranges)
    if spare < 0:
        return False
    given = _shared(spare, [high - low for low, high in ranges])
    for column, (low, _), extra in zip(columns, ranges, given):
        column.width = low + extra
    return True


def _shared(spare: int, wants: list[int]) -> list[int]:
    """``spare`` cells shared by columns that want ``wants`` more: a column whose whole want is no
    more than an even share gets it (a card name drawn whole beside a long message), the others
    share the rest by what they want."""
    given = [0] * len(wants)
    waiting = [index for index, want in enumerate(wants) if want > 0]
    while waiting:
        small = [index for index in waiting if wants[index] <= spare // len(waiting)]
        if not small:
            break
        for index in small:
            given[index] = wants[index]
            spare -= wants[index]
        waiting = [index for index in waiting if index not in small]
    total = sum(wants[index] for index in waiting)
    for index in waiting:
        given[index] = spare * wants[index] // total
    left = spare - sum(given[index] for index in waiting)
    for index in sorted(waiting, key=lambda i: wants[i] - given[i], reverse=True)[: max(left, 0)]:
        given[index] += 1  # what the division left, to the columns that wanted most
    return given
