"""Markdown via markdown-it-py: headings scope sections, tables become cells with headers,
code blocks, HTML comments and front matter are skipped. Inline text is located back in its
source lines by a forward search, so columns survive emphasis, links and code spans."""

from __future__ import annotations

import re
from functools import lru_cache

from markdown_it import MarkdownIt
from markdown_it.token import Token

from auditor.ingest.builder import DocumentBuilder, Piece, parse_directives
from auditor.models import Document, TableCell

_FRONT_MATTER = re.compile(r"\A(?:---|\+\+\+)[ \t]*\n.*?\n(?:---|\+\+\+|\.\.\.)[ \t]*(?:\n|\Z)", re.DOTALL)


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": True}).enable("table").enable("strikethrough")


class _Locator:
    """Finds inline text pieces in the source lines a block spans, left to right."""

    def __init__(self, lines: list[str], first: int, last: int) -> None:
        self.lines = lines
        self.first = first  # 0-based line index
        self.last = last
        self.line = first
        self.col = 0  # 0-based

    def find(self, text: str) -> tuple[int, int]:
        """(1-based line, 1-based column) of `text`, searching forward; cursor moves past it."""
        for li in range(self.line, min(self.last, len(self.lines))):
            start = self.col if li == self.line else 0
            pos = self.lines[li].find(text, start)
            if pos >= 0:
                self.line, self.col = li, pos + len(text)
                return li + 1, pos + 1
        return self.line + 1, self.col + 1  # entity or escape: best effort at the cursor

    def next_line(self) -> None:
        if self.line + 1 < self.last:
            self.line += 1
            self.col = 0


def _inline_pieces(tok: Token, lines: list[str], offset_lines: int) -> list[Piece]:
    if tok.map is None:
        return []
    loc = _Locator(lines, tok.map[0] + offset_lines, tok.map[1] + offset_lines)
    pieces: list[Piece] = []
    for child in tok.children or []:
        if child.type in ("text", "code_inline"):
            if not child.content:
                continue
            for part in child.content.split("\n"):
                if part:
                    line, col = loc.find(part)
                    pieces.append((part, line, col))
        elif child.type in ("softbreak", "hardbreak"):
            if pieces:
                prev = pieces[-1]
                pieces.append((" ", prev[1], prev[2] + len(prev[0])))
            loc.next_line()
        elif child.type == "image":
            alt = child.content
            if alt:
                line, col = loc.find(alt)
                pieces.append((alt, line, col))
    return pieces


def _plain(pieces: list[Piece]) -> str:
    return " ".join("".join(p[0] for p in pieces).split())


def parse_markdown(source: str, path: str) -> Document:
    source_lines = source.splitlines()
    body = source
    offset_lines = 0
    fm = _FRONT_MATTER.match(source)
    if fm:
        offset_lines = fm.group(0).count("\n")
        body = source[fm.end():]
    tokens = _parser().parse(body)
    builder = DocumentBuilder(path, "markdown")

    block_kind = "paragraph"
    list_depth = 0
    heading_level: int | None = None
    table_index = -1
    header: list[str] = []
    in_head = False
    row: list[tuple[list[Piece], int]] = []
    body_row = -1
    in_table = False

    def flush_row() -> None:
        nonlocal row
        if in_head:
            header.extend(_plain(p) for p, _ in row)
        else:
            cells = [_plain(p) for p, _ in row]
            for col, (pieces, _) in enumerate(row):
                cell = TableCell(
                    table=table_index, row=body_row, col=col,
                    col_header=header[col] if col < len(header) else None,
                    row_header=cells[0] if col > 0 and cells else None,
                    header_row=list(header), row_cells=cells,
                )
                builder.add_block("table_cell", pieces, cell=cell)
        row = []

    for tok in tokens:
        t = tok.type
        if t == "heading_open":
            heading_level = int(tok.tag[1])
        elif t == "heading_close":
            heading_level = None
        elif t in ("bullet_list_open", "ordered_list_open"):
            list_depth += 1
        elif t in ("bullet_list_close", "ordered_list_close"):
            list_depth -= 1
        elif t == "table_open":
            in_table = True
            table_index += 1
            header = []
            body_row = -1
        elif t == "table_close":
            in_table = False
        elif t == "thead_open":
            in_head = True
        elif t == "thead_close":
            in_head = False
        elif t == "tr_open":
            row = []
            if not in_head:
                body_row += 1
        elif t == "tr_close":
            flush_row()
        elif t == "inline":
            pieces = _inline_pieces(tok, source_lines, offset_lines)
            if in_table:
                row.append((pieces, tok.map[0]))
            elif heading_level is not None:
                builder.add_block("heading", pieces, level=heading_level)
            else:
                block_kind = "list_item" if list_depth else "paragraph"
                builder.add_block(block_kind, pieces)  # type: ignore[arg-type]
    return builder.build(suppressions=parse_directives(source_lines), source_lines=source_lines)

