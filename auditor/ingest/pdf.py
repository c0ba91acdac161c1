"""PDF via pdfminer.six layout analysis: text lines with their boxes and fonts, put back in reading
order (two-column pages: left column, then right, with full-width title/abstract bands kept in
place), then cleaned:

- page furniture: short lines in the top/bottom margin, and margin lines repeated on several pages
  (running heads, page numbers), are dropped;
- figure debris: short lines next to the filled shapes of a chart (bar labels, axis ticks), text
  inside embedded figure objects, and small-print short lines are dropped, so a bar label
  "concurrency 1" touching a value "54%" never becomes a "154%" claim; captions ("Figure 1: ...",
  "Table 2 ...") are kept;
- hyphenation across line ends is undone ("specu-" + "lative"), except after common compound
  prefixes ("single-" + "stream"); ligatures (ﬁ ﬂ ﬀ ﬃ ﬄ) and soft hyphens are normalised;
- tables: rows of lines sharing a baseline inside one column become table cells with the first
  row as column headers, so a speedup cell takes its batch size / concurrency from its row.

Positions: Anchor.page is the 1-based page; Anchor.line is the 1-based line on that page in
reading order (kept lines only; the cells of one table row share a line), Anchor.column the
character position in that line. Why pdfminer.six: see bench/README.md (layout boxes with
fonts and graphics in one pass; pypdf gives no positions, pdfplumber is pdfminer plus overhead).
"""

from __future__ import annotations

import io
import re
import statistics
from dataclasses import dataclass, field

from auditor.ingest.builder import DocumentBuilder, Piece
from auditor.models import Document, TableCell

MAX_PAGES = 500

_LIGATURES = str.maketrans({"ﬁ": "fi", "ﬂ": "fl", "ﬀ": "ff", "ﬃ": "ffi", "ﬄ": "ffl", "ﬅ": "st", "ﬆ": "st",
                            "\xad": "", "\xa0": " ", "\u2009": " ", "\u202f": " "})
_CID = re.compile(r"\(cid:\d+\)")
_CAPTION = re.compile(r"^\s*(?:Figure|Fig\.|Table|Tab\.)\s*\d+", re.I)
_PAGE_NUMBER = re.compile(r"^\s*(?:page\s*)?\d{1,4}(?:\s*(?:/|of)\s*\d{1,4})?\s*$", re.I)
_KEEP_HYPHEN = {
    "single", "multi", "per", "non", "low", "high", "self", "long", "short", "well", "state", "end", "full",
    "half", "two", "three", "four", "batch", "token", "memory", "compute", "bandwidth", "time", "first",
    "second", "cross", "fine", "sub", "co", "open", "closed", "real", "weight", "prefix", "tensor", "decode",
    "prefill", "draft", "data", "model", "pipeline", "expert", "user", "large", "small", "key", "top", "in",
    "out", "on", "off", "up", "down", "far", "near", "mixed", "post", "semi", "all", "one", "zero",
}


@dataclass
class _Line:
    text: str
    x0: float
    y0: float
    x1: float
    y1: float
    size: float
    bold: bool
    column: str = "full"  # left | right | full
    number: int = 0
    cells: list["_Line"] = field(default_factory=list)  # a table row: its cells


def _clean(text: str) -> str:
    return _CID.sub("", text.translate(_LIGATURES)).rstrip("\n").strip()


def _page_objects(layout):
    """Text lines and chart-like graphics of one page (figure XObjects contribute no text)."""
    from pdfminer.layout import LTChar, LTCurve, LTFigure, LTLine, LTTextBox, LTTextLine

    lines: list[_Line] = []
    shapes: list[tuple[float, float, float, float]] = []

    def add_line(tl) -> None:
        text = _clean(tl.get_text())
        if not text:
            return
        chars = [c for c in tl if isinstance(c, LTChar)]
        sizes = [c.size for c in chars] or [10.0]
        bold = bool(chars) and sum("bold" in (c.fontname or "").lower() for c in chars) > 0.8 * len(chars)
        lines.append(_Line(text, tl.x0, tl.y0, tl.x1, tl.y1, statistics.median(sizes), bold))

    stack = list(layout)
    while stack:
        obj = stack.pop()
        if isinstance(obj, LTTextBox):
            for tl in obj:
                if isinstance(tl, LTTextLine):
                    add_line(tl)
        elif isinstance(obj, LTTextLine):
            add_line(obj)
        elif isinstance(obj, LTFigure):
            # text inside a figure object is chart debris; its box is a graphic
            shapes.append((obj.x0, obj.y0, obj.x1, obj.y1))
        elif isinstance(obj, LTLine):
            continue  # table rules and underlines
        elif isinstance(obj, LTCurve):  # LTRect is an LTCurve
            if getattr(obj, "fill", False) and obj.width > 2 and obj.height > 2:
                shapes.append((obj.x0, obj.y0, obj.x1, obj.y1))
    return lines, shapes


def _near(line: _Line, box: tuple[float, float, float, float], pad: float) -> bool:
    x0, y0, x1, y1 = box
    return line.x0 < x1 + pad and line.x1 > x0 - pad and line.y0 < y1 + pad and line.y1 > y0 - pad


def _debris(lines: list[_Line], shapes, body_size: float, page_area: float) -> set[int]:
    out: set[int] = set()
    # shapes that hold running text are backgrounds (shaded boxes), not charts
    charts = []
    for s in shapes:
        if (s[2] - s[0]) * (s[3] - s[1]) > 0.25 * page_area:
            continue
        if any(len(ln.text.split()) >= 8 and ln.x0 >= s[0] - 1 and ln.x1 <= s[2] + 1 and ln.y0 >= s[1] - 1
               and ln.y1 <= s[3] + 1 for ln in lines):
            continue
        charts.append(s)
    for i, ln in enumerate(lines):
        if _CAPTION.match(ln.text):
            continue
        short = len(ln.text.split()) < 8
        if short and any(_near(ln, s, 14.0) for s in charts):
            out.add(i)
        elif short and ln.size < 0.8 * body_size:
            out.add(i)
    return out


def _furniture(pages: list[tuple[list[_Line], float]]) -> list[set[int]]:
    """Running heads/feet and page numbers: margin lines, and margin text repeated across pages."""
    def key(t: str) -> str:
        return re.sub(r"\d+", "#", t.lower()).strip()

    counts: dict[str, int] = {}
    for lines, height in pages:
        seen = set()
        for ln in lines:
            if ln.y0 > height * 0.88 or ln.y1 < height * 0.12:
                seen.add(key(ln.text))
        for k in seen:
            counts[k] = counts.get(k, 0) + 1
    out = []
    for lines, height in pages:
        drop = set()
        for i, ln in enumerate(lines):
            in_margin = ln.y0 > height * 0.94 or ln.y1 < height * 0.06
            in_band = ln.y0 > height * 0.88 or ln.y1 < height * 0.12
            if (in_margin and len(ln.text.split()) < 12) or _PAGE_NUMBER.match(ln.text) and in_band or (
                    in_band and len(pages) > 1 and counts.get(key(ln.text), 0) >= max(2, len(pages) // 2)):
                drop.add(i)
        out.append(drop)
    return out


def _reading_order(lines: list[_Line], width: float) -> list[_Line]:
    mid = width / 2
    for ln in lines:
        if ln.x1 <= mid + 4:
            ln.column = "left"
        elif ln.x0 >= mid - 4:
            ln.column = "right"
        else:
            ln.column = "full"
    two_col = sum(ln.column == "left" for ln in lines) >= 3 and sum(ln.column == "right" for ln in lines) >= 3
    by_y = sorted(lines, key=lambda ln: (-ln.y1, ln.x0))
    if not two_col:
        for ln in lines:
            ln.column = "full"
        return by_y
    out: list[_Line] = []
    band: list[_Line] = []

    def flush() -> None:
        out.extend(ln for ln in band if ln.column == "left")
        out.extend(ln for ln in band if ln.column == "right")
        band.clear()

    for ln in by_y:
        if ln.column == "full":
            flush()
            out.append(ln)
        else:
            band.append(ln)
    flush()
    return out


def _rows(ordered: list[_Line]) -> list[_Line]:
    """Merge lines that share a baseline in one column into a row (table rows keep their cells)."""
    out: list[_Line] = []
    for ln in ordered:
        prev = out[-1] if out else None
        if prev is not None and prev.column == ln.column and abs(prev.y0 - ln.y0) < 2.0 and ln.x0 > prev.x1 - 1:
            if not prev.cells:
                first = _Line(prev.text, prev.x0, prev.y0, prev.x1, prev.y1, prev.size, prev.bold, prev.column)
                prev.cells = [first]
            prev.cells.append(ln)
            prev.text = prev.text + " " + ln.text
            prev.x1 = max(prev.x1, ln.x1)
            continue
        out.append(ln)
    return out


def _hyphen_join(prev: str, nxt: str) -> str | None:
    """How a line ending in a hyphen joins the next: 'drop' the hyphen, 'keep' it (compound), or None."""
    m = re.search(r"([A-Za-z]+)-$", prev)
    if not m or not nxt[:1].islower():
        return None
    word = m.group(1)
    return "drop" if word.islower() and word not in _KEEP_HYPHEN else "keep"


class _Blocks:
    def __init__(self, builder: DocumentBuilder, body_size: float) -> None:
        self.b = builder
        self.body = body_size
        self.pieces: list[Piece] = []
        self.prev: _Line | None = None
        self.table_index = -1

    def flush(self) -> None:
        if self.pieces:
            self.b.add_block("paragraph", self.pieces)
        self.pieces = []
        self.prev = None

    def heading_level(self, ln: _Line) -> int | None:
        words = len(ln.text.split())
        if words > 14 or ln.text.rstrip().endswith((".", ",", ";")) and not re.match(r"^\d", ln.text):
            return None
        if ln.size >= self.body * 1.3:
            return 1
        if ln.bold or ln.size >= self.body * 1.12:
            return 2
        return None

    def line(self, ln: _Line, page: int) -> None:
        level = self.heading_level(ln)
        if level is not None:
            self.flush()
            self.b.add_block("heading", [(ln.text, ln.number, 1, page)], level=level)
            return
        if self.prev is not None:
            gap = self.prev.y0 - ln.y1
            if self.prev.column != ln.column or gap > 0.9 * max(ln.size, self.prev.size) or gap < -ln.size * 3:
                self.flush()
        text = ln.text
        if self.pieces:
            last = self.pieces[-1]
            join = _hyphen_join(last[0], text)
            if join == "drop":
                self.pieces[-1] = (last[0][:-1], last[1], last[2], page)
            elif join is None:
                self.pieces.append((" ", last[1], last[2] + len(last[0]), page))
        self.pieces.append((text, ln.number, 1, page))
        self.prev = ln
        if _CAPTION.match(text) and len(text.split()) < 30 and text.rstrip().endswith("."):
            self.flush()

    def table(self, rows: list[_Line], page: int) -> None:
        self.flush()
        self.table_index += 1
        head = rows[0].cells
        centres = [((c.x0 + c.x1) / 2) for c in head]
        header = [c.text for c in head]
        for r, row in enumerate(rows[1:]):
            cols: list[list[_Line]] = [[] for _ in head]
            for c in row.cells:
                mid = (c.x0 + c.x1) / 2
                j = min(range(len(centres)), key=lambda k: abs(centres[k] - mid))
                cols[j].append(c)
            texts = [" ".join(c.text for c in cs) for cs in cols]
            for j, cs in enumerate(cols):
                if not cs:
                    continue
                col_in_line = 1
                for c in row.cells:
                    if c is cs[0]:
                        break
                    col_in_line += len(c.text) + 1
                cell = TableCell(table=self.table_index, row=r, col=j, col_header=header[j],
                                 row_header=texts[0] if j > 0 else None, header_row=list(header),
                                 row_cells=texts)
                self.b.add_block("table_cell", [(texts[j], row.number, col_in_line, page)], cell=cell)


def parse_pdf(data: bytes, name: str) -> Document:
    from auditor.ingest import IngestError

    if not data.lstrip()[:5].startswith(b"%PDF"):
        raise IngestError(f"{name}: not a PDF (no %PDF header)")
    try:
        from pdfminer.layout import LAParams
        from pdfminer.pdfdocument import PDFDocument, PDFPasswordIncorrect
        from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
        from pdfminer.converter import PDFPageAggregator
        from pdfminer.pdfpage import PDFPage
        from pdfminer.pdfparser import PDFParser
    except ImportError:  # pragma: no cover
        raise IngestError(f"{name}: PDF support needs pdfminer.six (pip install pdfminer.six)") from None

    laparams = LAParams(line_margin=0.3, char_margin=2.0, word_margin=0.1, boxes_flow=None)
    pages: list[tuple[list[_Line], list, float, float]] = []
    try:
        parser = PDFParser(io.BytesIO(data))
        pdoc = PDFDocument(parser)
        if not pdoc.is_extractable:
            raise IngestError(f"{name}: PDF forbids text extraction")
        rsrc = PDFResourceManager()
        device = PDFPageAggregator(rsrc, laparams=laparams)
        interp = PDFPageInterpreter(rsrc, device)
        for n, page in enumerate(PDFPage.create_pages(pdoc)):
            if n >= MAX_PAGES:
                break
            interp.process_page(page)
            layout = device.get_result()
            lines, shapes = _page_objects(layout)
            pages.append((lines, shapes, layout.width, layout.height))
    except IngestError:
        raise
    except PDFPasswordIncorrect:
        raise IngestError(f"{name}: encrypted PDF (needs a password)") from None
    except Exception as e:  # pdfminer raises many kinds on damaged files
        reason = type(e).__name__
        if "Encrypt" in reason or "Password" in reason:
            raise IngestError(f"{name}: encrypted PDF ({reason})") from None
        detail = " ".join(str(e).split())[:80]
        if not pages:
            raise IngestError(f"{name}: malformed or truncated PDF ({reason}{': ' + detail if detail else ''})") \
                from None
        # a damaged tail: keep the pages read so far
    if not any(p[0] for p in pages):
        raise IngestError(f"{name}: PDF has no extractable text (scanned images?)")

    all_sizes = [ln.size for p in pages for ln in p[0] for _ in range(max(1, len(ln.text)))]
    body_size = statistics.median(all_sizes) if all_sizes else 10.0
    furniture = _furniture([(p[0], p[3]) for p in pages])
    builder = DocumentBuilder(name, "pdf")
    blocks = _Blocks(builder, body_size)
    for pno, ((lines, shapes, width, height), drop) in enumerate(zip(pages, furniture), start=1):
        debris = _debris(lines, shapes, body_size, width * height)
        kept = [ln for i, ln in enumerate(lines) if i not in drop and i not in debris]
        rows = _rows(_reading_order(kept, width))
        for k, ln in enumerate(rows, start=1):
            ln.number = k
        i = 0
        while i < len(rows):
            ln = rows[i]
            if ln.cells:
                j = i
                while j + 1 < len(rows) and rows[j + 1].cells and rows[j + 1].column == ln.column:
                    j += 1
                if j > i:
                    blocks.table(rows[i:j + 1], pno)
                    i = j + 1
                    continue
                blocks.line(ln, pno)  # a lone row: read as text
            else:
                blocks.line(ln, pno)
            i += 1
        blocks.flush()
    return builder.build(source_lines=None, suppressions=[])
