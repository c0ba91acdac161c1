"""Assemble a Document from pieces of source text, keeping every character's source position.

Each ingest format (text, Markdown, HTML, PDF) walks its own structure and calls
`add_block` with pieces `(text, line, column[, page])`; the builder concatenates them into
`Document.text` and records an Anchor per piece so any offset maps back to the source.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from auditor.models import Anchor, Block, BlockKind, Document, SourceKind, Suppression, TableCell

Piece = tuple[str, int, int] | tuple[str, int, int, int | None]

BLOCK_SEPARATOR = "\n\n"

_DIRECTIVE = re.compile(
    r"(?:<!--|#|//)\s*auditor:\s*(disable-file|disable|enable)\b(?:\s*=\s*([A-Za-z0-9_,\s-]+?))?\s*(?:-->|$)",
    re.IGNORECASE,
)


def parse_directives(source_lines: Sequence[str]) -> list[Suppression]:
    """Inline suppressions: `<!-- auditor: disable=OP001 -->`, `disable-file`, `enable`."""
    found: list[Suppression] = []
    for i, line in enumerate(source_lines, start=1):
        if "auditor:" not in line:
            continue
        for m in _DIRECTIVE.finditer(line):
            rules = [r.strip().upper() for r in (m.group(2) or "").split(",") if r.strip()]
            found.append(Suppression(line=i, action=m.group(1).lower(), rules=rules))  # type: ignore[arg-type]
    return found


class DocumentBuilder:
    def __init__(self, path: str, kind: SourceKind) -> None:
        self.path = path
        self.kind = kind
        self._parts: list[str] = []
        self._length = 0
        self.anchors: list[Anchor] = []
        self.blocks: list[Block] = []
        self._section: list[tuple[int, str]] = []  # (level, heading text)
        self._section_start: int | None = None

    def _append(self, text: str, line: int, column: int, page: int | None) -> None:
        if not text:
            return
        self.anchors.append(Anchor(offset=self._length, line=line, column=column, page=page))
        self._parts.append(text)
        self._length += len(text)

    def add_block(
        self,
        kind: BlockKind,
        pieces: Iterable[Piece],
        *,
        level: int | None = None,
        cell: TableCell | None = None,
    ) -> Block | None:
        """Append one block; returns it, or None when it holds no text."""
        pieces = [p for p in pieces if p[0]]
        if not pieces or not "".join(p[0] for p in pieces).strip():
            return None
        if self._parts:
            last = self.anchors[-1]
            self._append(BLOCK_SEPARATOR, last.line, last.column, last.page)
        start = self._length
        for p in pieces:
            page = p[3] if len(p) > 3 else None  # type: ignore[misc]
            self._append(p[0], p[1], p[2], page)
        text = "".join(p[0] for p in pieces)
        if kind == "heading":
            lvl = level or 1
            while self._section and self._section[-1][0] >= lvl:
                self._section.pop()
            self._section.append((lvl, " ".join(text.split())))
            self._section_start = start
            block = Block(kind=kind, start=start, end=self._length, level=lvl,
                          section=[t for _, t in self._section[:-1]], section_start=start)
        else:
            block = Block(kind=kind, start=start, end=self._length,
                          section=[t for _, t in self._section], section_start=self._section_start, cell=cell)
        self.blocks.append(block)
        return block

    def build(self, source_lines: Sequence[str] | None = None, suppressions: list[Suppression] | None = None) -> Document:
        if suppressions is None:
            suppressions = parse_directives(source_lines) if source_lines is not None else []
        return Document(
            path=self.path,
            kind=self.kind,
            text="".join(self._parts),
            blocks=self.blocks,
            anchors=self.anchors,
            suppressions=suppressions,
            source_lines=len(source_lines) if source_lines is not None else 0,
            lines=list(source_lines) if source_lines is not None else [],
        )


def line_pieces(lines: Sequence[tuple[int, str]], first_column: int = 1) -> list[Piece]:
    """Pieces for consecutive source lines joined by single spaces (soft line breaks)."""
    out: list[Piece] = []
    for k, (lineno, raw) in enumerate(lines):
        stripped = raw.strip()
        if not stripped:
            continue
        col = len(raw) - len(raw.lstrip()) + 1
        if out:
            out.append((" ", out[-1][1], out[-1][2] + len(out[-1][0])))
        out.append((stripped, lineno, col if k else max(col, first_column)))
    return out
