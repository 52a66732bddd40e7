"""A minimal element tree from ``html.parser``: forgiving, iterative (any depth), no dependency."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser

from ..errors import DuepaError

VOID_TAGS = frozenset("area base br col embed hr img input link meta param source track wbr".split())
# An open tag of these kinds is closed by the next tag of the same kind (<li>a<li>b).
SELF_CLOSING_SIBLINGS = frozenset({"li", "p", "tr", "td", "th", "option"})
# Reading is iterative, so depth is only a cost: nesting past MAX_DEPTH is flattened, and an end
# tag closes one of the END_TAG_REACH innermost open elements or nothing (bounded work per tag).
MAX_DEPTH = 4096
END_TAG_REACH = 64


class PageError(DuepaError):
    """A page does not have the markup the parser relies on (the site may have changed); a Msg says how."""


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    children: list[Element | str] = field(default_factory=list)

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def iter(self) -> Iterator[Element]:
        """This element and every element below it, in document order (no recursion: any depth)."""
        stack: list[Element] = [self]
        while stack:
            element = stack.pop()
            yield element
            stack.extend(child for child in reversed(element.children) if isinstance(child, Element))

    def find_all(self, tag: str | None = None, cls: str | None = None, id: str | None = None) -> list[Element]:
        return [
            e
            for e in self.iter()
            if (tag is None or e.tag == tag)
            and (cls is None or cls in e.classes)
            and (id is None or e.attrs.get("id") == id)
        ]

    def find(self, tag: str | None = None, cls: str | None = None, id: str | None = None) -> Element | None:
        found = self.find_all(tag, cls, id)
        return found[0] if found else None

    def text(self, skip_class: str | None = None) -> str:
        """Text content; <br> is a line break, an <img> counts as its alt text (keyword icons)."""
        parts: list[str] = []
        stack: list[Element | str] = list(reversed(self.children))
        while stack:
            child = stack.pop()
            if isinstance(child, str):
                parts.append(child)
            elif child.tag == "br":
                parts.append("\n")
            elif child.tag == "img":
                parts.append(child.attrs.get("alt", ""))
            elif skip_class is None or skip_class not in child.classes:
                stack.extend(reversed(child.children))
        return "".join(parts)

    def text_prefix(self, limit: int = 40) -> str:
        """The start of ``text()``, at least ``limit`` characters of it if there are that many."""
        parts: list[str] = []
        length = 0
        stack: list[Element | str] = list(reversed(self.children))
        while stack and length < limit:
            child = stack.pop()
            if isinstance(child, str):
                parts.append(child)
                length += len(child.strip())
            elif child.tag == "br":
                parts.append("\n")
            elif child.tag == "img":
                parts.append(child.attrs.get("alt", ""))
            else:
                stack.extend(reversed(child.children))
        return "".join(parts)


class _TreeBuilder(HTMLParser):
    """Forgiving tree building: unknown end tags are ignored, unclosed tags end with their parent."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", {})
        self.stack: list[Element] = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in SELF_CLOSING_SIBLINGS and self.stack[-1].tag == tag:
            self.stack.pop()
        element = Element(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(element)
        if tag not in VOID_TAGS and len(self.stack) < MAX_DEPTH:  # deeper tags become siblings
            self.stack.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Element(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, max(0, len(self.stack) - 1 - END_TAG_REACH), -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse_html(html: str) -> Element:
    builder = _TreeBuilder()
    builder.feed(html)
    builder.close()
    return builder.root


def clean(text: str) -> str:
    """One line, single spaces: markup indentation is never part of a value."""
    return " ".join(text.split())


def normal(text: str) -> str:
    return unicodedata.normalize("NFKC", clean(text))
