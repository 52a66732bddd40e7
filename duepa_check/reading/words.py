"""The words the readers recognise, one list each, and how each place compares a text with them.

A line of a decklist names the partner by the partner word (``PARTNER_STEMS``, maybe with a
``PARTNER_CARD_WORDS`` after it: a heading, a marker after a name, the partner line, a table's
cell, a folder walk's sniff all take its forms from these lists) and is a heading by the other
``*_WORDS`` (``HEADING_KINDS``: which kind each is); a decklist table's header names its columns
by the ``TABLE_*_COLUMNS`` (its partner column may also be a role or section column:
``TABLE_PARTNER_COLUMNS``); a submission sheet's header names its columns by the
``SHEET_*_COLUMNS``, or by a part of a question (``SHEET_*_PARTS``). Each comparison makes the
text as plain as its place needs: ``is_partner_word`` for the partner word anywhere,
``cell_word`` for a table's cell, ``heading_word`` for a heading line, ``header_word`` for a
sheet's header, ``spaceless`` for a sheet's player."""

from __future__ import annotations

import functools
import re
import unicodedata

# ---------------------------------------------------------------------------- a decklist's lines

# The partner word, in every form the readers take: a stem, maybe followed by a card word
# ('パートナーカード', 'Partner card', '統率者'); a kana stem's ー may be typed as a dash (KANA_DASHES:
# 'パ－トナ－'), Latin letters in any case, spaces between the stem and the card word. Every partner
# set, pattern and prefilter of the readers is built from these two lists (PARTNER_WORDS,
# partner_word_pattern, mentions_partner, PARTNER_STARTS; is_partner_word compares a text), so a
# heading, a partner line, a mark after a name, a table cell and a folder walk's sniff take the
# same forms (tests/reading/test_partner_words.py runs each form through each of them).
PARTNER_STEMS = ("パートナー", "ぱーとなー", "partner", "統率者", "commander")
PARTNER_CARD_WORDS = ("カード", "card")
# What a ー is typed as after kana (パ－トナ－, ぱーとなｰ): heading_word reads each as ー.
KANA_DASHES = "－ｰ-‐‑‒–—―−"
# The partner word after its place's comparison (spaces, decoration and case gone, dashes read as ー).
PARTNER_WORDS = frozenset(stem + card for stem in PARTNER_STEMS for card in ("", *PARTNER_CARD_WORDS))
# The first characters of a line that may start with the partner word (either case).
PARTNER_STARTS = frozenset(stem[0] for stem in PARTNER_STEMS) | frozenset(stem[0].upper() for stem in PARTNER_STEMS)

# A heading line's word, compared after heading_word (reading.text.heading_of; no heading word is a
# card's name: tests/reading/test_decklist.py checks them): the main deck's section (MAIN_WORDS), a
# section デュエパーティー does not have, a card type, a total; HEADING_KINDS is each word's kind.
# METADATA_WORDS are the keys of a 'key: value' line that names no card (作成日：…, 文明：水/火).
MAIN_WORDS = {
    "メイン",
    "メインデッキ",
    "main",
    "maindeck",
    "deck",
    "デッキ",
    "デッキリスト",
    "decklist",
    "cards",
    "デッキレシピ",
    "レシピ",
    "recipe",
    "deckrecipe",
    "採用カード",
    "採用カード一覧",
    "使用カード",
    "カードリスト",
    "cardlist",
    "リスト",
    "list",
    "デッキ内容",
    "構築",
    "メインデッキのカード",
}
# Sections a decklist may have that デュエパーティー does not: their cards are still read (and DP006
# says they are not main-deck cards), the heading itself is not a card.
ZONE_WORDS = {"超次元ゾーン", "超次元", "超grゾーン", "超gr", "grゾーン"}
TYPE_WORDS = {
    "クリーチャー",
    "進化クリーチャー",
    "呪文",
    "ツインパクト",
    "タマシード",
    "フィールド",
    "d2フィールド",
    "クロスギア",
    "城",
    "オーラ",
    "grクリーチャー",
    "サイキック",
    "サイキッククリーチャー",
    "ドラグハート",
    "その他",
    "多色",
    "無色",
    "光文明",
    "水文明",
    "闇文明",
    "火文明",
    "自然文明",
    "ゼロ文明",
    "creature",
    "creatures",
    "spell",
    "spells",
    "twinpact",
    "twinpacts",
    "tamaseed",
    "tamaseeds",
    "field",
    "fields",
    "crossgear",
    "crossgears",
    "castle",
    "castles",
    "aura",
    "auras",
    "other",
    "others",
}
TOTAL_WORDS = {"合計", "計", "総計", "全", "合計枚数", "総枚数", "デッキ枚数", "枚数", "total", "デッキ合計"}
METADATA_WORDS = {
    "title",
    "name",
    "author",
    "date",
    "format",
    "デッキ名",
    "作者",
    "作成者",
    "日付",
    "フォーマット",
    "タイトル",
    "コメント",
    "作成日",
    "更新日",
    "投稿日",
    "投稿者",
    "プレイレベル",
    "難易度",
    "レベル",
    "文明",
    "価格",
    "値段",
    "予算",
    "金額",
    "メモ",
    "備考",
    "大会",
    "大会名",
    "結果",
    "戦績",
    "順位",
    "使用者",
    "プレイヤー",
    "url",
    "source",
    "出典",
    "コンセプト",
    "概要",
    "デッキタイプ",
    "price",
    "level",
    "civilization",
    "civilizations",
    "event",
    "player",
    "result",
    "notes",
    "note",
    "comment",
    "comments",
    "updated",
    "created",
}
HEADING_KINDS: dict[str, str] = {
    **{word: "type" for word in TYPE_WORDS},
    **{word: "total" for word in TOTAL_WORDS},
    **{word: "main" for word in MAIN_WORDS | ZONE_WORDS},
    **{word: "partner" for word in PARTNER_WORDS},
}

# ---------------------------------------------------------------------------- a decklist table's header

# The header words of a decklist table's columns (reading.rows.header_columns, which reading.tables
# and a text decklist's table lines use; reading.sheet_columns asks it whether a header is a deck
# table's), compared after cell_word: the card's name, its count, whether it is the partner (a role
# or section column too), and the other columns a table may have, which are not read.
TABLE_NAME_COLUMNS = {"カード名", "名前", "name", "card", "cardname", "カード", "名称", "カードの名前"}
TABLE_COUNT_COLUMNS = {"枚数", "数", "count", "qty", "quantity", "数量", "枚", "copies", "amount", "採用枚数"}
TABLE_PARTNER_COLUMNS = PARTNER_WORDS | {"区分", "種別", "role", "section", "役割"}
TABLE_OTHER_COLUMNS = {
    "no",
    "no.",
    "番号",
    "種類",
    "type",
    "タイプ",
    "カードタイプ",
    "文明",
    "civilization",
    "コスト",
    "cost",
    "レアリティ",
    "rarity",
    "収録",
    "収録弾",
    "set",
    "備考",
    "メモ",
    "note",
    "notes",
    "パワー",
    "power",
    "種族",
    "race",
    "型番",
    "code",
    "価格",
    "price",
    "url",
    "comment",
    "コメント",
    "id",
    "#",
}
# A partner column's cell that says the row is not the partner (reading.rows), after cell_word.
TABLE_NO_CELLS = {"", "0", "no", "false", "×", "-", "－", "いいえ", "なし", "n"}

# ---------------------------------------------------------------------------- a submission sheet's header

# The header words of a submission sheet's columns (reading.sheet_columns.find_columns), compared
# after header_word (NFKC, case folded, without spaces, marks and bracketed notes: 'お名前
# （ハンドルネーム可）*' → 'お名前'): the decklist, the player, the partner's card, the time.
SHEET_DECK_COLUMNS = {
    "デッキ",
    "デッキリスト",
    "デッキレシピ",
    "レシピ",
    "デッキ内容",
    "使用デッキ",
    "使用デッキリスト",
    "リスト",
    "deck",
    "decklist",
    "decks",
    "deckrecipe",
    "recipe",
    "list",
    "cardlist",
    "カードリスト",
}
SHEET_PLAYER_COLUMNS = {
    "名前",
    "お名前",
    "氏名",
    "プレイヤー",
    "プレイヤー名",
    "プレーヤー",
    "プレーヤー名",
    "ハンドルネーム",
    "ニックネーム",
    "参加者",
    "参加者名",
    "エントリー名",
    "登録名",
    "name",
    "player",
    "playername",
    "yourname",
    "handle",
    "handlename",
    "nickname",
    "fullname",
    "participant",
}
SHEET_PARTNER_COLUMNS = {"パートナー", "パートナー名", "パートナーカード", "partner", "partnercard", "partnername"}
SHEET_TIME_COLUMNS = {
    "タイムスタンプ",
    "timestamp",
    "日時",
    "提出日時",
    "送信日時",
    "回答日時",
    "投稿日時",
    "受付日時",
    "submitted",
    "submittedat",
    "submissiontime",
}
# A line copied with a list from a blog, a post or a shop page that looks like no card (when no card
# of the pool is named by it and no count is written: reading.remark): a note's mark first (※ 注意,
# → 回し方, ＊ 価格), a link, a hashtag, a sentence's end or a clause's comma (after NFKC).
# A '*' starts a remark only when a word follows it at once ('* NAME' is a Markdown list's bullet).
REMARK_STARTS = ("※", "→", "⇒", "➡", "*", "注:", "注)")
REMARK_LINKS = ("http://", "https://", "www.")
SENTENCE_ENDS = ("。", "!", "?")
CLAUSE_MARK = "、"
# A header that is a question ('デッキリストを貼ってください') names its column by a part of it.
SHEET_DECK_PARTS = ("デッキリスト", "デッキレシピ", "レシピ", "decklist", "recipe")
SHEET_PLAYER_PARTS = ("名前", "ハンドルネーム", "ニックネーム", "プレイヤー名", "playername", "yourname")
SHEET_PARTNER_PARTS = ("パートナー", "partner")
SHEET_TIME_PARTS = ("タイムスタンプ", "timestamp")
# ... unless that part is about something else: the deck's name, a link to it, a picture of it;
# a player part is no player's column when the header speaks of the deck ('デッキ名', 'Deck name').
SHEET_NOT_A_LIST_PARTS = (
    "url",
    "リンク",
    "link",
    "画像",
    "image",
    "写真",
    "photo",
    "デッキ名",
    "deckname",
    "コード",
    "code",
)
SHEET_NOT_A_PLAYER_PARTS = ("デッキ", "deck")

# ---------------------------------------------------------------------------- how a text is compared

# What decorates a heading word and is not part of it: marks, brackets, colons, Markdown emphasis.
DECORATION = re.compile(r"[\s【】\[\]［］<>＜＞〈〉★☆■◆●▼□◇◎:：*＊_~～=＝「」『』]+")
_KANA_DASH = re.compile(rf"(?<=[\u3041-\u30ff])[{re.escape(KANA_DASHES)}]")
_KANA_DASH_SET = frozenset(KANA_DASHES)
# A sheet header's bracketed note and marks: 'お名前（ハンドルネーム可）*' → 'お名前'.
_NOTE = r"[（(\[［【<＜〈][^）)\]］】>＞〉]*[）)\]］】>＞〉]"
_MARKS = r"[\s*＊※:：?？。、,.!！・_\-]+"  # a pattern compiled on first use (re caches it): sheets only


def spaceless(text: str) -> str:
    """Case folded, without white space: a sheet's player ('Taro ', 'taro'), a table's cell."""
    return "".join(text.split()).casefold()


def cell_word(text: str) -> str:
    """A table cell's word: ``spaceless``, without Markdown's ``*``."""
    return spaceless(text.replace("*", ""))


def undecorated(text: str) -> str:
    """Without DECORATION, case folded: a heading's word before its dashes are read."""
    return DECORATION.sub("", text).casefold()


def heading_word(text: str) -> str:
    """A heading line's word: ``undecorated``, a ー typed as a dash after kana read as ー."""
    word = undecorated(text)
    if not _KANA_DASH_SET.isdisjoint(word):
        word = _KANA_DASH.sub("ー", word)  # パ－トナ－, ぱーとなｰ: the long vowel mark typed as a dash
    return word


def is_partner_word(text: str) -> bool:
    """Whether ``text`` is the partner word in one of its forms, decorated or not ('★パートナー★',
    '(Partner card)' inside its brackets, 'パ－トナ－'): what every reader asks of a word."""
    return heading_word(text) in PARTNER_WORDS


def partner_word_pattern() -> str:
    """The partner word in every form, as a regular expression to use without regard to case: a
    stem (each ー of it also a dash), then maybe a card word after spaces."""
    dashes = re.escape("ー" + KANA_DASHES)
    stems = "|".join("".join(f"[{dashes}]" if c == "ー" else re.escape(c) for c in stem) for stem in PARTNER_STEMS)
    cards = "|".join(map(re.escape, PARTNER_CARD_WORDS))
    return rf"(?:{stems})(?:\s*(?:{cards}))?"


def mentions_partner(text: str) -> bool:
    """Whether the partner word is anywhere in ``text``, in any form: the cheap test before a
    reader's pattern is tried."""
    return _partner_search().search(text) is not None


@functools.cache
def _partner_search() -> re.Pattern[str]:
    return re.compile(partner_word_pattern(), re.IGNORECASE)  # compiled on first use: start-up stays lean


def header_word(cell: str) -> str:
    """A sheet header's word: NFKC, case folded, without spaces, marks and bracketed notes."""
    word = unicodedata.normalize("NFKC", cell).casefold()
    if any(bracket in word for bracket in "([<【〈"):
        word = re.sub(_NOTE, "", word)
    return re.sub(_MARKS, "", word)
