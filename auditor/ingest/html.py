"""HTML via lxml: main content to blocks (headings, paragraphs, list items, captions, table cells
with their headers), navigation / header banners / footers / sidebars / cookie and share widgets
dropped, and every text piece mapped back to its source line and column.

Why lxml and not a main-content extractor (trafilatura, readability-lxml, selectolax): those
return cleaned text or a new tree, so the source line of a figure is lost, and trafilatura drops
or flattens table header structure; lxml gives the tree, `sourceline` for each element, and is
the fastest of the four on the pages in corpus/ (numbers in bench/README.md). Boilerplate is
removed by tag, ARIA role and class/id heuristics, and the content root is <main>, the largest
<article> or [role=main] when the page has one.

Positions: the walk keeps a monotonic cursor over the source lines; each text node, one source
line at a time, is searched forward from max(cursor, element's sourceline), in the source with
its entities decoded (`&ndash;` is searched as "–": a "–" cell must not match the en dash of a
"2–22x" later on its row, which pushed every later row's figures down the page). Columns count
decoded characters, so on a line with entities they are best effort; the line stays right.
"""

from __future__ import annotations

import re
from html import unescape as html_unescape

from lxml import etree
from lxml import html as lxml_html

from auditor.ingest.builder import DocumentBuilder, Piece, parse_directives
from auditor.models import Document, TableCell

_DROP_TAGS = {
    "script", "style", "noscript", "template", "svg", "math", "iframe", "object", "embed", "canvas",
    "nav", "footer", "aside", "form", "button", "select", "option", "textarea", "input", "label",
    "dialog", "menu", "head", "title", "meta", "link", "pre", "video", "audio", "map",
}
_DROP_ROLES = {"navigation", "banner", "contentinfo", "complementary", "search", "dialog", "menu",
               "menubar", "alert", "alertdialog", "toolbar", "tablist"}
_BOILER_RE = re.compile(
    r"(?:^|[\s_-])(?:nav|navbar|navigation|menu|megamenu|footer|site-footer|sidebar|side-bar|cookies?|"
    r"consent|gdpr|banner|breadcrumbs?|share|sharing|social|subscribe|subscription|newsletter|"
    r"related|recommended|comments?|disqus|advert|ads?|sponsor|promo|popup|modal|skip-link|"
    r"masthead|site-header|global-header|toc|table-of-contents|pagination|pager|author-bio|tags)(?:$|[\s_-])",
    re.I)
_HEADING = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
_BLOCK_TAGS = {
    "p", "div", "section", "article", "main", "header", "li", "ul", "ol", "dl", "dt", "dd", "blockquote",
    "figure", "figcaption", "caption", "table", "thead", "tbody", "tfoot", "tr", "td", "th", "br", "hr",
    "address", "details", "summary", "body", "html", "center", *_HEADING,
}
_WS = re.compile(r"\s+")
_LOCATE_WINDOW = 40  # source lines searched ahead for a text piece before falling back


class _Locator:
    """Source positions for text nodes, searched forward from a monotonic cursor."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = [html_unescape(ln) if "&" in ln else ln for ln in lines]
        self.line = 0  # 0-based
        self.col = 0

    def seek(self, sourceline: int | None) -> None:
        if sourceline is not None and sourceline - 1 > self.line:
            self.line, self.col = sourceline - 1, 0

    def find(self, text: str) -> tuple[int, int]:
        """(1-based line, 1-based column) of `text` at or after the cursor; the cursor moves past it."""
        hit = self._search(text)
        if hit is None:
            word = text.split(" ", 1)[0]
            hit = self._search(word) if word and word != text else None
            if hit is not None:
                li, pos = hit
                self.line, self.col = li, pos + len(word)
                return li + 1, pos + 1
            return min(self.line, max(len(self.lines) - 1, 0)) + 1, self.col + 1
        li, pos = hit
        self.line, self.col = li, pos + len(text)
        return li + 1, pos + 1

    def _search(self, text: str) -> tuple[int, int] | None:
        lines = self.lines
        for li in range(self.line, min(self.line + _LOCATE_WINDOW, len(lines))):
            pos = lines[li].find(text, self.col if li == self.line else 0)
            if pos >= 0:
                return li, pos
        return None


def _classes(el) -> str:
    return f"{el.get('class') or ''} {el.get('id') or ''}"


def _is_boilerplate(el) -> bool:
    tag = el.tag
    if tag in _DROP_TAGS:
        return True
    role = (el.get("role") or "").lower()
    if role in _DROP_ROLES:
        return True
    if el.get("hidden") is not None or (el.get("aria-hidden") or "").lower() == "true":
        return True
    style = el.get("style")
    if style and re.search(r"display\s*:\s*none|visibility\s*:\s*hidden", style, re.I):
        return True
    if tag == "header":
        # a site banner (logo, links, nav) goes; an article header (title, byline) stays
        return any(d.tag == "nav" for d in el.iter()) or not any(d.tag in _HEADING for d in el.iter())
    if tag in ("table", "tr", "td", "th", "li", "ul", "ol", "p") or tag in _HEADING:
        return False  # content structures are never dropped for their class name alone
    cls = _classes(el)
    return bool(cls.strip()) and bool(_BOILER_RE.search(cls))


def _content_root(root):
    """<main>, [role=main], or the largest <article>; else <body>."""
    body = root.find(".//body")
    body = body if body is not None else root
    mains = [m for m in root.xpath("//main | //*[@role='main']") if not _in_boilerplate(m)]
    if mains:
        return mains[0]
    articles = [a for a in root.xpath("//article") if not _in_boilerplate(a)]
    if articles:
        best = max(articles, key=lambda a: len(a.text_content() or ""))
        # a lone teaser card is not the page's content: the article must hold a fair share of the text
        if len(best.text_content() or "") >= 0.3 * len(body.text_content() or ""):
            return best
    return body


_COMMENT_CLASS = re.compile(r"(?:^|[\s_-])comments?(?=$|[\s_-])", re.I)


def _keep_thread_comments(content) -> None:
    """An issue or pull-request page, a forum thread: the comments are the content, not a blog's reader
    comments under it. When elements classed 'comment' hold most of the content root's text, their class
    no longer marks them as boilerplate."""
    comments = [el for el in content.iter() if isinstance(el.tag, str) and _COMMENT_CLASS.search(_classes(el))
                and not any(isinstance(a.tag, str) and _COMMENT_CLASS.search(_classes(a)) for a in el.iterancestors())]
    if not comments:
        return
    total = len(_WS.sub(" ", content.text_content() or ""))
    inside = sum(len(_WS.sub(" ", el.text_content() or "")) for el in comments)
    if total and inside >= 0.5 * total:
        for el in content.iter():
            if isinstance(el.tag, str) and _COMMENT_CLASS.search(_classes(el)):
                for attr in ("class", "id"):
                    if el.get(attr):
                        el.set(attr, _COMMENT_CLASS.sub(" ", el.get(attr) or "").strip())


def _in_boilerplate(el) -> bool:
    return _is_boilerplate(el) or any(_is_boilerplate(a) for a in el.iterancestors())


class _Walker:
    def __init__(self, builder: DocumentBuilder, locator: _Locator) -> None:
        self.b = builder
        self.loc = locator
        self.pieces: list[Piece] = []
        self.pending_space = False
        self.kind = "paragraph"
        self.table_index = -1

    # ------------------------------------------------------------------ inline text
    def add_text(self, text: str | None) -> None:
        if not text:
            return
        text = text.replace("\xa0", " ").replace("\t", " ").replace("\r", "")
        parts = text.split("\n")
        for k, part in enumerate(parts):
            if k > 0:
                self.pending_space = True
            if not part.strip():
                if part:
                    self.pending_space = True
                continue
            lead = len(part) - len(part.lstrip(" "))
            seg = part.strip(" ")
            if lead:
                self.pending_space = True
            line, col = self.loc.find(seg)
            if self.pending_space and self.pieces:
                prev = self.pieces[-1]
                self.pieces.append((" ", prev[1], prev[2] + len(prev[0])))
            self.pieces.append((seg, line, col))
            self.pending_space = part.endswith(" ")

    def flush(self, kind: str | None = None, **kw) -> None:
        if self.pieces:
            self.b.add_block(kind or self.kind, self.pieces, **kw)  # type: ignore[arg-type]
        self.pieces = []
        self.pending_space = False

    # ------------------------------------------------------------------ tree walk
    def walk(self, root) -> None:
        """Iterative walk (deeply nested pages must not hit the recursion limit)."""
        stack: list[tuple[object, bool]] = [(root, False)]
        while stack:
            el, closing = stack.pop()
            if closing:
                self.close(el)
                if el is not root:
                    self.add_text(el.tail)
                continue
            if not isinstance(el.tag, str) or _is_boilerplate(el):
                if el is not root:
                    self.add_text(el.tail)
                continue
            tag = el.tag
            self.loc.seek(el.sourceline)
            if tag == "table":
                self.flush()
                self.table(el)
                self.add_text(el.tail)
                continue
            if tag == "br":
                self.pending_space = True
                self.add_text(el.tail)
                continue
            if tag in _BLOCK_TAGS:
                self.flush()
            self.add_text(el.text)
            stack.append((el, True))
            for child in reversed(el):
                stack.append((child, False))

    def close(self, el) -> None:
        tag = el.tag
        if tag in _HEADING:
            self.flush("heading", level=_HEADING[tag])
        elif tag in ("li", "dt", "dd"):
            self.flush("list_item")
        elif tag in ("figcaption", "caption"):
            self.flush("caption")
        elif tag in _BLOCK_TAGS:
            self.flush("paragraph")

    # ------------------------------------------------------------------ tables
    def cell_pieces(self, cell) -> list[Piece]:
        saved, saved_space = self.pieces, self.pending_space
        self.pieces, self.pending_space = [], False
        self.loc.seek(cell.sourceline)
        self.add_text(cell.text)
        stack = [(c, False) for c in reversed(cell)]
        while stack:
            el, closing = stack.pop()
            if closing:
                self.add_text(el.tail)
                continue
            if not isinstance(el.tag, str) or el.tag in ("script", "style", "svg", "button"):
                self.add_text(el.tail)
                continue
            if el.tag in _BLOCK_TAGS:
                self.pending_space = True
            self.add_text(el.text)
            stack.append((el, True))
            for child in reversed(el):
                stack.append((child, False))
        out = self.pieces
        self.pieces, self.pending_space = saved, saved_space
        return out

    def table(self, table) -> None:
        self.table_index += 1
        caption = table.find("caption")
        if caption is not None:
            self.b.add_block("caption", self.cell_pieces(caption))
        rows = [tr for tr in table.iter("tr") if _owning_table(tr) is table]
        header: list[str] = []
        covered: list[int] = []  # per column: header rows below still covered by a rowspan label above
        body: list[tuple[object, list[tuple[object, int]]]] = []
        for tr in rows:
            cells = [c for c in tr if isinstance(c.tag, str) and c.tag in ("td", "th")]
            if not cells:
                continue
            in_head = tr.getparent() is not None and tr.getparent().tag == "thead"
            all_th = all(c.tag == "th" for c in cells)
            if (in_head or (all_th and not body)) and (not header or in_head):
                texts: list[str] = []
                spans: list[int] = []
                for c in cells:
                    t = _plain(c)
                    texts.extend([t] * _span(c))
                    spans.extend([_rowspan(c)] * _span(c))
                if header and in_head:
                    # a second header row: its labels go to the columns no rowspan label above still covers
                    # ("Workload" rowspan=2 | "Reduction" colspan=2, then "Latency | Cost"), joined per column
                    queue = iter(texts)
                    joined = []
                    for j, a in enumerate(header):
                        if j < len(covered) and covered[j] > 0:
                            covered[j] -= 1
                            joined.append(a)
                        else:
                            joined.append(f"{a} {next(queue, '')}".strip())
                    header = joined
                else:
                    header = texts
                    covered = [r - 1 for r in spans]
                continue
            body.append((tr, [(c, _span(c)) for c in cells]))
        for r, (_tr, cells) in enumerate(body):
            plains = []
            for c, span in cells:
                plains.extend([_plain(c)] * span)
            col = 0
            for c, span in cells:
                pieces = self.cell_pieces(c)
                cell = TableCell(
                    table=self.table_index, row=r, col=col,
                    col_header=header[col] if col < len(header) else None,
                    row_header=plains[0] if col > 0 and plains else None,
                    header_row=list(header), row_cells=plains,
                )
                if pieces:
                    self.b.add_block("table_cell", pieces, cell=cell)
                col += span


def _owning_table(el):
    p = el.getparent()
    while p is not None and p.tag != "table":
        p = p.getparent()
    return p


def _rowspan(cell) -> int:
    try:
        return max(1, min(int(cell.get("rowspan") or 1), 50))
    except ValueError:
        return 1


def _span(cell) -> int:
    try:
        return max(1, min(int(cell.get("colspan") or 1), 50))
    except ValueError:
        return 1


def _plain(el) -> str:
    return _WS.sub(" ", el.text_content() or "").strip()


def parse_html(text: str, name: str) -> Document:
    source_lines = text.splitlines()
    builder = DocumentBuilder(name, "html")
    body = text.lstrip()
    if body.startswith("<?xml"):
        body = re.sub(r"^<\?xml[^>]*\?>", "", body)  # lxml refuses str input with an encoding declaration
        # keep line numbers: re-pad with the newlines we removed
        body = "\n" * text[: len(text) - len(text.lstrip())].count("\n") + body
    else:
        body = text
    if body.strip():
        try:
            parser = lxml_html.HTMLParser(remove_comments=True, remove_pis=True, huge_tree=False)
            root = lxml_html.document_fromstring(body, parser=parser)
        except (etree.ParserError, ValueError, etree.XMLSyntaxError):
            root = None
        if root is not None and _too_deep(root):
            from auditor.ingest import IngestError

            raise IngestError(f"{name}: HTML nested deeper than {_MAX_DEPTH} elements (the parser stops "
                              f"there; content would be lost)")
        if root is not None:
            content = _content_root(root)
            _keep_thread_comments(content)
            walker = _Walker(builder, _Locator(source_lines))
            title = root.xpath("//h1")
            if title and content is not root and not _is_inside(title[0], content) and \
                    not any(_is_boilerplate(a) for a in title[0].iterancestors()):
                walker.loc.seek(title[0].sourceline)
                walker.add_text(_WS.sub(" ", title[0].text_content() or "").strip())
                walker.flush("heading", level=1)
                walker.loc.line, walker.loc.col = 0, 0
            walker.walk(content)
            walker.flush()
    return builder.build(suppressions=parse_directives(source_lines), source_lines=source_lines)


_MAX_DEPTH = 250  # libxml2 stops building the tree at depth 255 and drops what is inside


def _too_deep(root) -> bool:
    stack = [(root, 0)]
    while stack:
        el, depth = stack.pop()
        if depth >= _MAX_DEPTH:
            return True
        stack.extend((c, depth + 1) for c in el)
    return False


def _is_inside(el, ancestor) -> bool:
    return any(a is ancestor for a in el.iterancestors())
