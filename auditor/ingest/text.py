"""Plain text: paragraphs split on blank lines, list items and short title lines kept apart."""

from __future__ import annotations

import re

from auditor.ingest.builder import DocumentBuilder, line_pieces, parse_directives
from auditor.models import Document

_LIST_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s+")
_DIRECTIVE_LINE = re.compile(r"^\s*(?:<!--|#|//)\s*auditor:", re.IGNORECASE)
_UNDERLINE = re.compile(r"^\s*(=+|-+)\s*$")
_SENTENCE_END = re.compile(r"[.!?:;,)]\s*$")


def _is_title(lines: list[tuple[int, str]], has_more: bool) -> bool:
    """A lone short line with no closing punctuation, followed by more text, reads as a heading."""
    if len(lines) != 1 or not has_more:
        return False
    text = lines[0][1].strip()
    return 0 < len(text) <= 80 and not _SENTENCE_END.search(text) and not _LIST_ITEM.match(text)


def parse_text(source: str, path: str, kind: str = "text") -> Document:
    source_lines = source.splitlines()
    builder = DocumentBuilder(path, kind)  # type: ignore[arg-type]
    paragraphs: list[list[tuple[int, str]]] = []
    current: list[tuple[int, str]] = []
    for lineno, raw in enumerate(source_lines, start=1):
        if _DIRECTIVE_LINE.match(raw):
            continue
        if not raw.strip():
            if current:
                paragraphs.append(current)
                current = []
            continue
        if _UNDERLINE.match(raw) and len(current) == 1:  # setext-style title
            paragraphs.append(current)
            current = []
            continue
        current.append((lineno, raw))
    if current:
        paragraphs.append(current)

    for i, para in enumerate(paragraphs):
        if _is_title(para, has_more=i + 1 < len(paragraphs)):
            builder.add_block("heading", line_pieces(para), level=2)
            continue
        # split list items; a non-list line after an item continues that item
        item: list[tuple[int, str]] = []
        lead: list[tuple[int, str]] = []
        for lineno, raw in para:
            m = _LIST_ITEM.match(raw)
            if m:
                if item:
                    builder.add_block("list_item", line_pieces(item))
                elif lead:
                    builder.add_block("paragraph", line_pieces(lead))
                    lead = []
                pad = m.end()
                item = [(lineno, " " * pad + raw[pad:])]
            elif item:
                item.append((lineno, raw))
            else:
                lead.append((lineno, raw))
        if item:
            builder.add_block("list_item", line_pieces(item))
        if lead:
            builder.add_block("paragraph", line_pieces(lead))
    return builder.build(suppressions=parse_directives(source_lines), source_lines=source_lines)
