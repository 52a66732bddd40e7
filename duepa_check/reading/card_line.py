"""Read one card line: how many copies, which name, a partner mark, and the other readings.

A line such as ``1 NAME （新規）`` or ``NAME 23BD6 1/60`` cannot be cut into a name and a remark
by its shape alone: real names end in brackets, numbers and codes too (《偽りの名 13》,
《予知 TE-20》, 《どこまでも声乗るマイク（ライブ用）》). So this module gives the line's main
reading (the name as written, its count) and, when the line may carry more than a name, the
other readings in the order they are tried: trailing remarks, set codes, collector numbers,
counts in other styles peeled off one by one. The resolve step (``reading.resolve``) takes the first
reading whose name is a card; when none is, the main reading is reported as written.

Patterns that every deck meets are plain string methods; the regular expressions here are
strings that ``re`` compiles on first use (and caches), so a plain ``1 NAME`` list compiles none.
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

from ..messages import Msg
from .decode import CONTROL
from .model import Reading
from .words import is_partner_word, mentions_partner, partner_word_pattern

MAX_COUNT = 999
# Longer than every spelling of the pool, English names included (tests/reading/test_long_names.py):
# a longer text is no name in any reading (DP102).
LONGEST_NAME = 240


class CardLine(NamedTuple):
    """A card line read: the main reading, other readings, and why it is no card line (or None).

    ``more`` says the line may carry a remark, code or count after the name: ``more_readings``
    peels them off, only when the main reading names no card (most lines never need it).
    """

    main: Reading
    others: tuple[Reading, ...]
    problem: Msg | None
    more: bool = False


# ---------------------------------------------------------------------------- counts

# '1 NAME', '1x NAME', '1xNAME', '1 x NAME', '1×NAME', '1枚 NAME'; '1 X-NAME' keeps its X (a
# separator x needs a space). \d also takes full-width digits, and int() reads them.
_COUNT_FIRST = (
    r"^(\d+)(?:\s*[×✕*＊]\s*|\s*[xXｘＸ]\s+|[xXｘＸ]\s*|\s*枚\s*|\s+)(.+)$"  # and '4*NAME' (a card site's import box)
)
_X_FIRST = r"^[xXｘＸ×✕*＊]\s*(\d+)\s*枚?\s*(.+)$"  # 'x1 NAME', '×1 NAME', 'ｘ１ NAME'
_COUNT_LAST = r"^(.+?)(?:\s+[xXｘＸ]\s*|\s*[×✕*＊]\s*)(\d+)\s*枚?$"  # 'NAME x1', 'NAME×1枚', 'NAME *1', 'NAME*4'
_COUNT_PARENS = r"^(.+?)\s*[（(]\s*[xXｘＸ×✕*＊]?\s*(\d+)\s*枚?\s*[)）]$"  # 'NAME (1)', 'NAME (x1)', 'NAME（1枚）'
_COUNT_MAI = r"^(.+?)\s*(\d+)\s*枚$"  # 'NAME 1枚'
_COUNT_SLASH = r"^(.+?)\s+[/／\-－]\s*(\d+)\s*枚?$"  # 'NAME / 1', 'NAME - 1' (no name has ' - ' or ' / ')
_COUNT_KANJI = r"^(.+?)\s*([一二三四五六七八九])\s*枚$"  # 'NAME 一枚'
# 'NAME: 1', 'NAME：2枚': tried only as a further reading (a colon ends headings and labels too)
_COUNT_COLON = r"^(.+?)\s*[:：]\s*(\d+)\s*枚?$"
KANJI_DIGITS = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}

COUNT_FORMS = (
    (_COUNT_FIRST, 1, 2),
    (_X_FIRST, 1, 2),
    (_COUNT_LAST, 2, 1),
    (_COUNT_PARENS, 2, 1),
    (_COUNT_MAI, 2, 1),
    (_COUNT_SLASH, 2, 1),
    (_COUNT_KANJI, 2, 1),
)


def _number(digits: str) -> int:
    if digits in KANJI_DIGITS:
        return KANJI_DIGITS[digits]
    return int(digits) if len(digits) <= 9 else 10**9  # ten digits or more, said so (int() of 5000 digits fails)


def parse_count_and_name(text: str) -> tuple[int, str] | None:
    """'1 名前', '1x 名前', 'x1 名前', '名前 x1', '名前×1', '名前 1枚', '名前 (x1)', '名前 一枚' → (count, name)."""
    count_text, space, rest = text.partition(" ")
    if (
        space
        and count_text.isascii()
        and count_text.isdigit()
        and len(count_text) <= 9
        and rest.strip()
        and rest.lstrip()[:2] not in ("x ", "X ", "× ", "x\u3000", "X\u3000", "×\u3000")  # '1 x NAME'
        and not rest.lstrip().startswith("×")
    ):
        return int(count_text), rest.strip()  # the common '1 NAME', without a regex
    if "枚" not in text and not any(character.isdigit() for character in text):
        return None  # a bare name: no pattern to try (nor compile)
    for pattern, count_group, name_group in COUNT_FORMS:
        match = re.match(pattern, text)
        if match:
            return _number(match.group(count_group)), match.group(name_group).strip()
    return None


# ---------------------------------------------------------------------------- list marks

# A list bullet before a card line ('- NAME', '* NAME', '• NAME', '・ NAME'): followed by a space,
# unlike the names that start with one of these marks (《*/弐幻キューギョドリ/*》).
BULLETS = "-*•・－＊"
# Marks that no card name starts with: a bullet with or without a space ('■NAME', '→ NAME').
SYMBOL_BULLETS = "■□◆◇●○◎☆★▪▫►▶▷→⇒➡✓✔✅▼▽▲△♦♢"
_ENUMERATION_ENDS = (".", ")", "）", "．", "、", ":", "：")
_PARENTHESISED_NUMBER = r"^(?:[(（]\d{1,3}[)）]|No\.\s*\d{1,3}[.:]?)\s*(?=\S)"  # '(1) NAME', 'No.1 NAME'
_CIRCLED = r"^[\u2460-\u2473\u3251-\u325f\u32b1-\u32bf\u2776-\u277f\u24eb-\u24f4]\s*"


def strip_list_mark(line: str) -> str:
    """The line without a leading bullet or list number ('1. ', '1) ', '①', '■'); as is when none."""
    first = line[0]
    if first in BULLETS and line[1:2].isspace():
        return line[1:].lstrip()
    if first in SYMBOL_BULLETS and len(line) > 1:
        return line[1:].lstrip()
    if "0" <= first <= "9" or "０" <= first <= "９":  # '1. NAME', '12) NAME', '1、NAME'; never '1 NAME' or '1.5'
        digits = 1
        while digits < 4 and line[digits : digits + 1].isdecimal():
            digits += 1
        after = line[digits + 1 : digits + 2]
        if digits <= 3 and line[digits : digits + 1] in _ENUMERATION_ENDS and after and not after.isdecimal():
            return line[digits + 1 :].lstrip() or line
    elif first in "(（N":
        match = re.match(_PARENTHESISED_NUMBER, line)
        if match:
            return line[match.end() :]
    elif "\u2460" <= first <= "\u32bf" or "\u2776" <= first <= "\u277f" or "\u24eb" <= first <= "\u24f4":
        return re.sub(_CIRCLED, "", line, count=1) or line
    return line


# ---------------------------------------------------------------------------- partner marks

# 'NAME（パートナー）', 'NAME [Partner card]', 'NAME ★パートナー', 'NAME ←パートナー': no card name
# holds a partner word (words.PARTNER_STEMS, in any of its forms), so the mark is read in the main
# reading. A pattern, compiled on first use (re caches it): a line that mentions no partner needs none.
_PARTNER_MARK = (
    r"^(.+?)\s*(?:[（(\[［【<＜〈★☆◆■]\s*|[←⇐]\s*|[-－]\s+)"
    rf"{partner_word_pattern()}\s*[)）\]］】>＞〉★☆◆]?$"
)


def _strip_partner_mark(name: str) -> tuple[str, bool]:
    if mentions_partner(name):
        match = re.match(_PARTNER_MARK, name, re.IGNORECASE)
        if match:
            return match.group(1).strip(), True
    return name, False


# ---------------------------------------------------------------------------- other readings

# Where a name may end in a remark, code or count: its last character, or a remark mark in it.
_MAY_CARRY_MORE_END = set(")）]］】>＞〉」』》”\"'0123456789０１２３４５６７８９")
_REMARK_MARKS = "←⇐※→⇒★☆♪"
_TRAILING_BRACKETS = r"^(.*?\S)\s*[(\[【<「『《〈]([^()\[\]【】<>「」『』《》〈〉]{1,40})[)\]】>」』》〉]$"
_TRAILING_NOTE = r"^(.*?\S)\s*(?:←|⇐|<-|※|→|⇒)\s*\S.*$"
_TRAILING_STAR = r"^(.*\S)\s*[★☆♪]\s*([^★☆♪]*)$"
_COLLECTOR = r"^(.*\S)\s+\S{0,3}\d{1,4}\s*/\s*\S{0,3}\d{1,4}$"  # '1/60', 'S1/S10', '秘1/秘5'
_SET_CODE = r"^(.*\S)\s+(?=[A-Za-z0-9-]*\d)(?=[A-Za-z0-9-]*[A-Za-z])[A-Za-z0-9][A-Za-z0-9-]{2,13}$"  # 'DM23-BD6'
_TRAILING_COUNT = r"^(.*\S)(?:\s+|\s*:\s*)(\d{1,3})$"  # 'NAME 2', 'NAME：2' (after NFKC)
_INNER_COUNT = r"^[x×*]?\s*(\d{1,3})\s*枚?$"
_WRAPPED = r"^[「『《\"“【\[](.+)[」』》\"”】\]]$"
MAX_OTHER_READINGS = 8


def _may_carry_more(name: str) -> bool:
    # The marks of _REMARK_MARKS one by one: an 'in' each costs less than any(map(...)) over them.
    return bool(name) and (
        name[-1] in _MAY_CARRY_MORE_END
        or "←" in name
        or "⇐" in name
        or "※" in name
        or "→" in name
        or "⇒" in name
        or "★" in name
        or "☆" in name
        or "♪" in name
    )


def _other_readings(main: Reading, explicit_count: bool) -> list[Reading]:
    """Readings with remarks, codes and counts peeled off the end of the main name, one at a time."""
    found: list[Reading] = []
    count, partner = main.count, main.partner
    name = unicodedata.normalize("NFKC", main.name)  # （）→(), ｘ→x, full-width digits: fewer patterns
    for _ in range(MAX_OTHER_READINGS):
        peeled = None
        for pattern in (
            _TRAILING_BRACKETS,
            _TRAILING_NOTE,
            _TRAILING_STAR,
            _COLLECTOR,
            _SET_CODE,
            _TRAILING_COUNT,
            _WRAPPED,
        ):
            match = re.match(pattern, name)
            if match is None:
                continue
            peeled = match.group(1).strip()
            if pattern is _TRAILING_BRACKETS or pattern is _TRAILING_STAR:
                inner = match.group(2).strip()
                if is_partner_word(inner):
                    partner = True
                elif not explicit_count and (counted := re.match(_INNER_COUNT, inner)):
                    count, explicit_count = int(counted.group(1)), True
            elif pattern is _TRAILING_COUNT:
                if explicit_count:
                    continue
                count, explicit_count = int(match.group(2)), True
            break
        if not peeled or peeled == name:
            break
        name = peeled
        found.append(Reading(count, name, partner))
    return found


# ---------------------------------------------------------------------------- the line


def read_card_line(line: str) -> CardLine:
    """Read a line that should name a card (cached: a batch repeats the same lines)."""
    read = _READ_LINES.get(line)
    if read is None:
        read = _read(line)
        if len(_READ_LINES) >= _READ_LINES_LIMIT:
            _READ_LINES.clear()
        _READ_LINES[line] = read
    return read


_READ_LINES: dict[str, CardLine] = {}
_READ_LINES_LIMIT = 50_000


def _main(line: str) -> tuple[Reading, str, str, bool]:
    """(main reading, the text, the text without a list mark, whether a count was written)."""
    text = line.replace("\t", " ").strip()
    unmarked = strip_list_mark(text) if text else text
    counted = parse_count_and_name(unmarked)
    count, name = counted if counted else (1, unmarked)
    name, partner = _strip_partner_mark(name)
    if partner and counted is None and (recounted := parse_count_and_name(name)):
        count, name = recounted  # 'NAME ×1 （パートナー）'
    return Reading(count, unwrap(name), partner), text, unmarked, counted is not None


def _read(line: str) -> CardLine:
    main, text, unmarked, explicit = _main(line)
    others = (Reading(1, unwrap(text)),) if unmarked != text else ()  # '1、2、3、チームボンバーイェー！'
    # The line may be read otherwise when it ends like a remark or a code, or when a count or a
    # mark was taken off it (《×マドギワ親父》 in '1 ×マドギワ親父'): more_readings has the rest.
    count_text, space, rest = unmarked.partition(" ")
    plain_count = count_text.isdigit() or count_text[-1:] in ("x", "X") and count_text[:-1].isdigit()
    written = unwrap(rest.strip()) if space and plain_count else unwrap(unmarked)  # '1 NAME', '1x NAME' → NAME
    more = _may_carry_more(main.name) or main.name != written
    problem = name_problem(main.name, main.count)
    peeled = _other_readings(main, explicit) if problem and _may_carry_more(main.name) else ()
    if problem and main.count <= MAX_COUNT and any(not name_problem(r.name, r.count) for r in (*others, *peeled)):
        problem = None  # a long line with a remark: one of its shorter readings may be the card
    return CardLine(main, others, problem, more)


def more_readings(line: str) -> tuple[Reading, ...]:
    """The readings of a card line with remarks, codes and counts peeled off its end, in the
    order they are tried; () when the line carries nothing after its name."""
    found = _MORE.get(line)
    if found is None:
        main, _, unmarked, explicit = _main(line)
        peeled = _other_readings(main, explicit) if _may_carry_more(main.name) else []
        found = tuple(dict.fromkeys(r for r in (*peeled, *_whole_readings(unmarked)) if r.name != main.name))
        found = found[: MAX_OTHER_READINGS + len(COUNT_FORMS) + 2]
        if len(_MORE) >= _READ_LINES_LIMIT:
            _MORE.clear()
        _MORE[line] = found
    return found


_MORE: dict[str, tuple[Reading, ...]] = {}


def _whole_readings(unmarked: str) -> list[Reading]:
    """The line read more literally than its main reading: the count its first word gives and
    the rest whole (《×マドギワ親父》 in '1 ×マドギワ親父'), every other count form that matches
    (《♪言葉すら もう必要ない ×××××》 in 'NAME 1枚'), and the whole text as one name."""
    found = []
    count_text, space, rest = unmarked.partition(" ")
    if space and count_text.isdigit() and len(count_text) <= 3 and rest.strip():
        found.append(Reading(int(count_text), unwrap(rest.strip())))
    if "枚" in unmarked or any(character.isdigit() for character in unmarked):
        for pattern, count_group, name_group in (*COUNT_FORMS, (_COUNT_COLON, 2, 1)):
            match = re.match(pattern, unmarked)
            if match and (number := _number(match.group(count_group))) <= MAX_COUNT:
                found.append(Reading(number, unwrap(match.group(name_group).strip())))
    found.append(Reading(1, unwrap(unmarked)))
    return [reading for reading in found if reading.name]


def unwrap(name: str) -> str:
    """The name without 《》 around it."""
    return name.strip().strip("《》").strip() if name.startswith("《") and name.endswith("》") else name


_NOT_A_NAME = re.compile(r"^[\d\s\W_]+$")


def name_problem(name: str, count: int) -> Msg | None:
    """Why this is no card name at all (DP102), or None."""
    if count > MAX_COUNT:
        if count < 10**9:
            return Msg("parse.count-too-large", {"count": count})
        return Msg("parse.count-ten-digits", {})
    if not name or _NOT_A_NAME.match(name):
        return Msg("parse.not-a-card-line", {})
    if len(name) > LONGEST_NAME:
        return Msg("parse.name-too-long", {"length": len(name)})
    if CONTROL.search(name):
        return Msg("parse.control-characters", {})
    return None
