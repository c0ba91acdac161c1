"""PDF ingest on real PDFs generated at test time with reportlab: a two-column paper with a running
head, page numbers, a bar chart whose labels touch ("concurrency 1" + "54%"), a table, hyphenated
line ends and ligatures; and a single-column note."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from auditor.api import audit_paths
from auditor.ingest import IngestError, load
from auditor.settings import Settings

reportlab = pytest.importorskip("reportlab")
from reportlab.lib.pagesizes import letter  # noqa: E402
from reportlab.pdfbase import pdfmetrics  # noqa: E402
from reportlab.pdfbase.ttfonts import TTFont  # noqa: E402
from reportlab.pdfgen import canvas  # noqa: E402

W, H = letter
LEFT, RIGHT, COLW = 54, 320, 238
_FONT_CANDIDATES = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                    "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"]

PAGE1_LEFT = [
    ("h", "1 Introduction"),
    "Speculative decoding makes a single stream",
    "faster by spending idle compute. On H100",
    "with Llama-3.1-8B our method is 2.5x faster",
    "at batch size 1 than standard autoregres-",
    "sive decoding. The draft model is e\ufb03cient",
    "and its acceptance rate is high.",
    "",
    "Under load the picture changes: at",
    "concurrency 64 the speedup falls to 1.1x,",
    "because verifying specu-",
    "lative tokens costs compute when the GPU",
    "is busy with a single-",
    "stream workload too.",
]
PAGE1_RIGHT = [
    ("h", "2 Results"),
    "Table 1 lists the throughput gain by batch",
    "size. We \ufb01nd that the gain shrinks as the",
    "batch grows.",
    "",
    ("table", [["Batch size", "Speedup"], ["1", "2.4x"], ["8", "1.9x"], ["64", "1.2x"]]),
    "Table 1: Speedup by batch size.",
    "",
    ("h", "3 Memory"),
    "FP8 KV cache reduces memory use by 48% at",
    "concurrency 8 on the same GPU.",
]
PAGE2_LEFT = [
    ("h", "4 Discussion"),
    "In offline runs the KV offload gives 30%",
    "higher throughput than the baseline.",
]
PAGE2_RIGHT = [
    ("h", "5 Prefill"),
    "Chunked prefill cuts TTFT by 40% at 4 QPS",
    "compared with the default scheduler.",
]
EXPECTED = {  # text -> (page, op_kind, op_value, op_source)
    "2.5x": (1, "batch_size", 1, "sentence"),
    "1.1x": (1, "concurrency", 64, "sentence"),
    "2.4x": (1, "batch_size", 1, "table"),
    "1.9x": (1, "batch_size", 8, "table"),
    "1.2x": (1, "batch_size", 64, "table"),
    "48%": (1, "concurrency", 8, "sentence"),
    "30%": (2, "offline", None, "sentence"),
    "40%": (2, "request_rate", 4, "sentence"),
}


def _font() -> str:
    for path in _FONT_CANDIDATES:
        if os.path.exists(path):
            try:
                pdfmetrics.registerFont(TTFont("Body", path))
                return "Body"
            except Exception:  # pragma: no cover
                pass
    return "Helvetica"


def _column(c: canvas.Canvas, x: float, y: float, items, font: str) -> float:
    for it in items:
        if it == "":
            y -= 8
        elif isinstance(it, tuple) and it[0] == "h":
            y -= 4
            c.setFont("Helvetica-Bold", 12)
            c.drawString(x, y, it[1])
            y -= 16
        elif isinstance(it, tuple) and it[0] == "table":
            c.setLineWidth(0.5)
            c.line(x, y + 10, x + 160, y + 10)
            for r, row in enumerate(it[1]):
                c.setFont(font, 10)
                c.drawString(x + 4, y, row[0])
                c.drawString(x + 100, y, row[1])
                if r == 0:
                    c.line(x, y - 4, x + 160, y - 4)
                y -= 14
            c.line(x, y + 10, x + 160, y + 10)
            y -= 6
        else:
            c.setFont(font, 10)
            c.drawString(x, y, it)
            y -= 13
    return y


def _chart(c: canvas.Canvas, x: float, y: float) -> float:
    """Bars with labels set so close that a naive reader glues them: 'concurrency 154%'."""
    c.setFillColorRGB(0.3, 0.4, 0.8)
    c.rect(x + 10, y, 30, 60, fill=1, stroke=0)
    c.rect(x + 130, y, 30, 15, fill=1, stroke=0)
    c.setFillColorRGB(0, 0, 0)
    c.setFont("Helvetica", 8)
    label = "concurrency 1"
    c.drawString(x + 4, y - 10, label)
    c.drawString(x + 4 + pdfmetrics.stringWidth(label, "Helvetica", 8) + 0.3, y - 10, "54%")
    label = "concurrency 64"
    c.drawString(x + 120, y - 10, label)
    c.drawString(x + 120 + pdfmetrics.stringWidth(label, "Helvetica", 8) + 0.3, y - 10, "12%")
    c.drawString(x - 12, y + 55, "2x")
    c.setFont("Helvetica", 9)
    c.drawString(x, y - 26, "Figure 1: Gain by concurrency.")
    return y - 40


def _furniture(c: canvas.Canvas, page: int) -> None:
    c.setFont("Helvetica", 8)
    c.drawString(LEFT, H - 30, "Preprint. Under review at a 2x-blind venue. 100% draft.")
    c.drawCentredString(W / 2, 28, str(page))


def make_two_column_pdf(path: Path, *, scrambled: bool = False) -> Path:
    """scrambled: content-stream order differs from reading order (right column, chart and running
    head drawn before the left column), as some producers write it."""
    font = _font()
    c = canvas.Canvas(str(path), pagesize=letter)
    top = H - 140
    if scrambled:
        _column(c, RIGHT, top, PAGE1_RIGHT, font)
        _chart(c, LEFT + 20, top - 13 * 14 - 80 - 40)
    _furniture(c, 1)
    c.setFont("Helvetica-Bold", 18)
    c.drawCentredString(W / 2, H - 80, "EAGLE-Fast: Speculative Decoding Under Load")
    c.setFont(font, 10)
    c.drawCentredString(W / 2, H - 100, "A. Researcher and B. Engineer, Example Lab")
    y = _column(c, LEFT, top, PAGE1_LEFT, font)
    if not scrambled:
        _chart(c, LEFT + 20, y - 80)
        _column(c, RIGHT, top, PAGE1_RIGHT, font)
    c.showPage()
    if scrambled:
        _column(c, RIGHT, H - 80, PAGE2_RIGHT, font)
        _column(c, LEFT, H - 80, PAGE2_LEFT, font)
        _furniture(c, 2)
    else:
        _furniture(c, 2)
        _column(c, LEFT, H - 80, PAGE2_LEFT, font)
        _column(c, RIGHT, H - 80, PAGE2_RIGHT, font)
    c.showPage()
    c.save()
    return path


def make_single_column_pdf(path: Path) -> Path:
    c = canvas.Canvas(str(path), pagesize=letter)
    c.setFont("Helvetica-Bold", 16)
    c.drawString(72, H - 72, "Release notes")
    c.setFont("Helvetica", 11)
    lines = ["Prefix caching now gives 3x higher throughput at concurrency 32",
             "on H100 for chat workloads with shared system prompts."]
    for i, t in enumerate(lines):
        c.drawString(72, H - 100 - 14 * i, t)
    c.showPage()
    c.save()
    return path


@pytest.fixture(scope="module", params=[False, True], ids=["stream-order", "scrambled"])
def paper(tmp_path_factory, request) -> Path:
    return make_two_column_pdf(tmp_path_factory.mktemp("pdf") / "paper.pdf", scrambled=request.param)


def test_two_column_reading_order_and_cleanup(paper):
    d = load(str(paper))
    text = d.text
    assert d.kind == "pdf"
    # left column before right column, title first
    assert text.index("EAGLE-Fast") < text.index("1 Introduction") < text.index("2 Results")
    assert "speculative tokens" in text  # hyphenation repaired
    assert "autoregressive decoding" in text
    assert "single-stream workload" in text  # compound kept
    assert "efficient" in text and "find that" in text  # ligatures
    assert "\ufb01" not in text and "\ufb03" not in text
    for junk in ("Preprint", "154%", "54%", "12%", "concurrency 1 "):
        assert junk not in text, junk
    assert "Figure 1: Gain by concurrency." in text
    pages = {a.page for a in d.anchors}
    assert pages == {1, 2}


def test_two_column_claims_with_pages_and_no_debris(paper):
    r = audit_paths([paper], settings=Settings(predict=False))
    fr = r.files[0]
    assert fr.error is None and fr.kind == "pdf"
    got = {c.text: c for c in fr.claims}
    assert set(got) == set(EXPECTED), sorted(got)
    for text, (page, kind, value, source) in EXPECTED.items():
        c = got[text]
        assert c.page == page, text
        assert (c.op_kind, c.op_value, c.op_source) == (kind, value, source), text
        assert c.line >= 1 and c.column >= 1
    assert got["2.5x"].line == got["2.5x"].end_line
    for f in fr.findings:
        assert f.page in (1, 2)


def test_line_numbers_are_per_page(paper):
    d = load(str(paper))
    off = d.text.index("In offline runs")
    line, col, page = d.locate(off)
    assert (line, col, page) == (2, 1, 2)  # after the "4 Discussion" heading on page 2
    off = d.text.index("2.5x")
    line, col, page = d.locate(off)
    assert page == 1 and col == len("with Llama-3.1-8B our method is ") + 1


def test_single_column(tmp_path):
    p = make_single_column_pdf(tmp_path / "notes.pdf")
    r = audit_paths([p], settings=Settings(predict=False))
    c = r.files[0].claims
    assert [x.text for x in c] == ["3x"]
    assert (c[0].page, c[0].line, c[0].op_kind, c[0].op_value) == (1, 2, "concurrency", 32)


@pytest.mark.parametrize("kind", ["malformed", "truncated", "encrypted", "not-a-pdf", "empty-pdf"])
def test_bad_pdfs_raise_one_line_errors(tmp_path, paper, kind):
    p = tmp_path / f"{kind}.pdf"
    if kind == "malformed":
        p.write_bytes(b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> garbage\n%%EOF")
    elif kind == "truncated":
        p.write_bytes(paper.read_bytes()[:900])
    elif kind == "encrypted":
        c = canvas.Canvas(str(p), pagesize=letter, encrypt="secret")
        c.drawString(72, 700, "Secret results: 5x faster at batch size 1.")
        c.save()
    elif kind == "not-a-pdf":
        p.write_bytes(b"GIF89a\x00\x01binary")
    else:
        c = canvas.Canvas(str(p), pagesize=letter)
        c.rect(100, 100, 50, 50, fill=1)
        c.save()
    with pytest.raises(IngestError) as e:
        load(str(p))
    msg = str(e.value)
    assert msg.startswith(str(p)) and "\n" not in msg
