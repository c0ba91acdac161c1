"""Plain text: paragraphs split on blank lines, list items and short title lines kept apart."""

from __future__ import annotations

import re

from auditor.ingest.builder import DocumentBuilder, line_pieces, parse_directives
from auditor.models import Document, TableCell

_LIST_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s+")
_DIRECTIVE_LINE = re.compile(r"^\s*(?:<!--|#|//)\s*auditor:", re.IGNORECASE)
_UNDERLINE = re.compile(r"^\s*(=+|-+)\s*$")
_RULE = re.compile(r"^\s*(?:\*\s*){3,}$|^\s*_{3,}\s*$")
_SENTENCE_END = re.compile(r"[.!?:;,)]\s*$")
_CELL_GAP = re.compile(r"\s{2,}|\t")


def _cells(raw: str) -> list[tuple[str, int]]:
    """Cells of a whitespace-aligned (or '|'-separated) row with their 1-based columns."""
    out = []
    pos = 0
    for part in (raw.split("|") if "|" in raw else _CELL_GAP.split(raw)):
        idx = raw.find(part, pos) if part else pos
        if part.strip():
            out.append((part.strip(), idx + len(part) - len(part.lstrip()) + 1))
        pos = idx + len(part)
    return out


_SENTENCE_CLOSE = r"[.!?][\"'”’)]*"  # a full stop and any closing quote or bracket after it
# two spaces after a full stop: how many people type prose, not a column gap
_PROSE_GAP = re.compile(_SENTENCE_CLOSE + r"(?: {2,}|\t)(?=[\"'“‘(]?[A-Z])")


def _is_table(lines: list[tuple[int, str]]) -> bool:
    """Two or more lines that each split into the same number (>= 2) of cells on runs of spaces (or
    pipes). Hard-wrapped prose typed with two spaces after each full stop is no table."""
    if len(lines) < 2:
        return False
    if not any("|" in raw for _, raw in lines) and any(_PROSE_GAP.search(raw) for _, raw in lines):
        return False
    counts = [len(_cells(raw.strip("\n"))) for _, raw in lines]
    return counts[0] >= 2 and all(c == counts[0] for c in counts) and not any(
        _LIST_ITEM.match(raw) for _, raw in lines)


_DIGIT = re.compile(r"\d")
# "-----------+---------": the rule under a header row of a pipe table pasted as text
_PIPE_RULE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:[|+]\s*:?-{2,}:?\s*)*\|?\s*$")


def _add_table(builder: DocumentBuilder, lines: list[tuple[int, str]], table: int) -> None:
    """The first row is the header unless it holds numbers where the body does in every row (a
    headerless block of aligned rows under a caption: "Keyformer   latency vs full cache   2.1x")."""
    first = [c for c, _ in _cells(lines[0][1])]
    body = [[c for c, _ in _cells(raw)] for _, raw in lines[1:]]  # (_is_table: every row has as many cells)
    body_numeric = [j for j in range(len(first)) if all(_DIGIT.search(row[j]) for row in body)]
    headerless = bool(body_numeric) and all(_DIGIT.search(first[j]) for j in body_numeric)
    header = [] if headerless else first
    for r, (lineno, raw) in enumerate(lines if headerless else lines[1:]):
        cells = _cells(raw)
        values = [c for c, _ in cells]
        for col, (cell, column) in enumerate(cells):
            builder.add_block("table_cell", [(cell, lineno, column)], cell=TableCell(
                table=table, row=r, col=col, col_header=header[col] if col < len(header) else None,
                row_header=values[0] if col > 0 else None, header_row=header, row_cells=values))


# a line ending in a function word continues on the next line: wrapped prose, not a list
_RUNS_ON = re.compile(r"\b(?:and|or|the|a|an|of|to|in|with|for|on|at|by|from|than|that|is|are|was)$", re.I)


def _is_line_list(para: list[tuple[int, str]]) -> bool:
    """Short lines with no sentence punctuation, three or more of them (after an optional lead-in
    ending in ':'), read as one item a line: the way social posts and changelogs list figures."""
    body = para[1:] if para and para[0][1].rstrip().endswith(":") else para
    if len(body) < 3 or any(_LIST_ITEM.match(raw) for _, raw in body):
        return False
    lines = [raw.strip() for _, raw in body]
    if sum(map(len, lines)) / len(lines) > 45:  # hard-wrapped prose has long lines
        return False
    return all(len(ln) <= 60 and not re.search(r"[.,;:]$", ln) and not _RUNS_ON.search(ln) for ln in lines[:-1]) \
        and len(lines[-1]) <= 120


_POST_END = re.compile(_SENTENCE_CLOSE + r"\s*$|\s\S*[\U0001F300-\U0001FAFF]\s*$")


def _is_line_per_post(para: list[tuple[int, str]]) -> bool:
    """Three or more lines that each end a sentence (or with an emoji), none a list item: one post or
    remark a line, as feeds are pasted ("vLLM spec decode: 2.8x at 1 QPS ... Nobody screenshots that slide.").
    Hard-wrapped prose breaks lines mid-sentence."""
    return len(para) >= 3 and all(_POST_END.search(raw) for _, raw in para) and not any(
        _LIST_ITEM.match(raw) for _, raw in para) and not _is_table(para)


_FIGURE_ROW = re.compile(r"\d\s*(?:[xX×%](?![a-z])|->|→)|(?:->|→)\s*[~≈]?\d")


def _is_figure_row(raw: str) -> bool:
    line = raw.strip()
    return 0 < len(line) <= 60 and bool(_FIGURE_ROW.search(line)) and not re.search(r"[.,;:]$", line) \
        and not _RUNS_ON.search(line) and not _LIST_ITEM.match(raw)


def _figure_row_runs(para: list[tuple[int, str]]) -> list[tuple[list[tuple[int, str]], bool]]:
    """A paragraph cut around runs of two or more short lines that each carry a figure and end without
    punctuation (a post's "ITL p50 25.58 ms -> 6.89 ms = 3.71x" rows): each such line is a row of its
    own, so one row's label or load never reads as the next row's. Prose and short list paragraphs are
    returned whole."""
    if len(para) < 3 or _is_line_list(para) or _is_table(para):
        return [(para, False)]
    flags = [_is_figure_row(raw) for _, raw in para]
    out: list[tuple[list[tuple[int, str]], bool]] = []
    i = 0
    while i < len(para):
        j = i
        while j < len(para) and flags[j] == flags[i]:
            j += 1
        run = flags[i] and j - i >= 2
        if out and not run and not out[-1][1]:
            out[-1] = (out[-1][0] + para[i:j], False)
        else:
            out.append((para[i:j], run))
        i = j
    return out if any(r for _, r in out) else [(para, False)]


_NUMBERED_SECTION = re.compile(r"^\d{1,2}\.\s+(?=[A-Za-z])")
_CAPS_TITLE = re.compile(r"^\s*[A-Z][A-Z0-9 &/+-]{2,40}:?\s*$")  # "SCOPE", "TRIED AND REVERTED"


def _is_title(lines: list[tuple[int, str]], has_more: bool) -> bool:
    """A lone short line with no closing punctuation, followed by more text, reads as a heading."""
    if len(lines) != 1 or not has_more:
        return False
    text = lines[0][1].strip()
    numbered = _NUMBERED_SECTION.match(text)
    if numbered:  # "1. TritonMoE: fused MoE dispatch in pure Triton (arXiv, April 2026)": a numbered section
        text = text[numbered.end():]
    if text.endswith(")") and text.count(".") <= (1 if numbered else 0):  # "INT4 weight-only (Marlin, W4A16)": an aside
        text = text[:text.rfind("(")].rstrip() or text
    return 0 < len(text) <= 80 and not _SENTENCE_END.search(text) and (bool(numbered) or not _LIST_ITEM.match(text))


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
        if _UNDERLINE.match(raw) and len(current) == 1 and _is_title(current, has_more=True):  # setext-style title
            paragraphs.append(current)
            current = []
            continue
        if _UNDERLINE.match(raw) or _RULE.match(raw):  # "---" between the posts of a thread: a break
            if current:
                paragraphs.append(current)
                current = []
            continue
        current.append((lineno, raw))
    if current:
        paragraphs.append(current)

    tables = 0
    # a short title line directly above a list ("FP8 W8A8" then "- ...") is a heading
    split: list[list[tuple[int, str]]] = []
    for para in paragraphs:
        if _is_line_per_post(para):  # a feed: each line a post of its own, so no post's load reads as the next's
            split.extend([line] for line in para)
            continue
        if len(para) > 1 and not _LIST_ITEM.match(para[0][1]) and _is_title(para[:1], has_more=True) and (
                _LIST_ITEM.match(para[1][1]) or _CAPS_TITLE.match(para[0][1])):  # "SCOPE" above its text
            split.append(para[:1])
            split.append(para[1:])
        elif len(para) > 1 and _NUMBERED_SECTION.match(para[0][1]) and _is_title(para[:1], has_more=True) and all(
                raw[:1].isspace() for _, raw in para[1:]):  # "2. BlendServe: ..." over an indented byline
            split.append(para[:1])
            split.append(para[1:])
        else:
            split.append(para)
    paragraphs = []
    rows: set[int] = set()  # ids of the pieces that are runs of figure rows
    for para in split:
        for piece, is_rows in _figure_row_runs(para):
            paragraphs.append(piece)
            if is_rows:
                rows.add(id(piece))
    for i, para in enumerate(paragraphs):
        if id(para) in rows:  # "ITL p50 25.58 ms -> 6.89 ms = 3.71x" / "output tok/s 35.89 -> 95.16 = 2.65X"
            for line in para:
                builder.add_block("list_item", line_pieces([line]))
            continue
        if any("|" in raw for _, raw in para):  # a pipe table pasted as text: its rule line is no row
            ruled = [line for line in para if not _PIPE_RULE.match(line[1])]
            if len(ruled) < len(para) and _is_table(ruled):
                para = ruled
        if len(para) >= 3 and len(_cells(para[0][1].strip("\n"))) == 1 and _is_table(para[1:]):
            builder.add_block("paragraph", line_pieces(para[:1]))  # a caption line above aligned rows
            para = para[1:]
        if _is_table(para):
            _add_table(builder, para, tables)
            tables += 1
            continue
        if _is_title(para, has_more=i + 1 < len(paragraphs)):
            # the document's first line is its title (level 1); later titles are its sections
            builder.add_block("heading", line_pieces(para), level=1 if i == 0 else 2)
            continue
        if _is_line_list(para):  # "+33% tok/s" / "TTFT -8.5%" / ...: one item a line, no bullets
            first = 1 if para[0][1].rstrip().endswith(":") else 0
            if first:
                builder.add_block("paragraph", line_pieces(para[:1]))
            for line in para[first:]:
                builder.add_block("list_item", line_pieces([line]))
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
