"""HTML ingest: structure kept, boilerplate dropped, every piece mapped to its source line."""

from __future__ import annotations

import time

import pytest

from auditor.api import audit_text
from auditor.ingest import IngestError
from auditor.ingest.html import parse_html
from auditor.settings import Settings

PAGE = """<!DOCTYPE html>
<html><head><title>EAGLE-3 on H100</title><script>var promo = "9x faster";</script></head>
<body>
<header class="site-header"><nav><a href="/">Home</a> <a href="/p">Products: 3x faster boot</a></nav></header>
<div id="cookie-consent"><p>We use cookies. 100% optional.</p></div>
<main>
<article>
<h1>EAGLE-3 on H100</h1>
<p>Speculative decoding with EAGLE-3 makes decoding
   <strong>2.5x faster</strong> at concurrency 1 on H100 &amp; Llama-3.1-8B.</p>
<h2>Results by batch size</h2>
<ul>
  <li>Draft length 4;</li>
  <li>input 1024&nbsp;tokens.</li>
</ul>
<table>
  <thead><tr><th>Batch size</th><th>Speedup vs baseline</th></tr></thead>
  <tbody>
    <tr><td>1</td><td>2.4x</td></tr>
    <tr><td>64</td><td>1.1x</td></tr>
  </tbody>
</table>
<figure><figcaption>Figure 1: throughput by batch size.</figcaption></figure>
</article>
<aside class="sidebar"><p>Related: our kernels are 4x faster</p></aside>
</main>
<footer><p>99.9% uptime</p></footer>
</body></html>
"""


def _line_of(source: str, needle: str) -> int:
    for i, line in enumerate(source.splitlines(), start=1):
        if needle in line:
            return i
    raise AssertionError(needle)


def test_structure_and_boilerplate():
    d = parse_html(PAGE, "page.html")
    kinds = [(b.kind, d.text[b.start:b.end]) for b in d.blocks]
    assert ("heading", "EAGLE-3 on H100") in kinds
    assert ("heading", "Results by batch size") in kinds
    assert ("list_item", "Draft length 4;") in kinds
    assert ("caption", "Figure 1: throughput by batch size.") in kinds
    para = next(t for k, t in kinds if k == "paragraph")
    assert para == ("Speculative decoding with EAGLE-3 makes decoding 2.5x faster at concurrency 1 on H100 "
                    "& Llama-3.1-8B.")
    for junk in ("Home", "3x faster boot", "cookies", "4x faster", "99.9%", "9x faster", "promo"):
        assert junk not in d.text
    cells = [b for b in d.blocks if b.kind == "table_cell"]
    assert [d.text[c.start:c.end] for c in cells] == ["1", "2.4x", "64", "1.1x"]
    assert cells[1].cell.col_header == "Speedup vs baseline"
    assert cells[1].cell.header_row == ["Batch size", "Speedup vs baseline"]
    assert cells[3].cell.row_cells == ["64", "1.1x"]


def test_positions_map_to_source_lines():
    d = parse_html(PAGE, "page.html")
    for needle in ("2.5x faster", "Results by batch size", "2.4x", "1.1x", "Figure 1"):
        off = d.text.index(needle)
        line, col, page = d.locate(off)
        assert line == _line_of(PAGE, needle), needle
        assert PAGE.splitlines()[line - 1][col - 1:col - 1 + len(needle)] == needle
        assert page is None
    # after an entity the line is still right
    off = d.text.index("Llama-3.1-8B")
    assert d.locate(off)[0] == _line_of(PAGE, "Llama-3.1-8B")


def test_claims_from_html_table_take_table_op():
    r = audit_text(PAGE, name="page.html", kind="html", settings=Settings(predict=False))
    claims = r.files[0].claims
    by_text = {c.text: c for c in claims}
    assert by_text["2.5x"].line == _line_of(PAGE, "2.5x faster")
    assert by_text["2.5x"].op_kind == "concurrency"
    for text, bs in (("2.4x", 1), ("1.1x", 64)):
        c = by_text[text]
        assert (c.op_kind, c.op_value, c.op_source) == ("batch_size", bs, "table")
        assert c.line == _line_of(PAGE, text)
    assert not any("4x" == c.text or "99.9" in c.text for c in claims)


def test_div_layout_without_article_and_teaser_cards():
    page = """<html><body>
<div class="wrapper"><div class="post-body">
<h1>FP8 KV cache</h1>
<p>FP8 KV cache gives 14.9% more output throughput at concurrency 8.</p>
<p>It also lowers the inter-token latency slope by 54% at concurrency 1.</p>
</div></div>
<section class="related-posts"><article class="card"><p>Prefix caching: 5x the hit rate</p></article></section>
<footer class="site-footer">Save 20% today</footer>
</body></html>"""
    d = parse_html(page, "p.html")
    assert "14.9%" in d.text and "54%" in d.text
    assert "5x" not in d.text and "20%" not in d.text


def test_transposed_table_and_th_row_headers():
    page = """<table>
<tr><th>Concurrency</th><th>1</th><th>64</th></tr>
<tr><th>Speedup</th><td>2.1x</td><td>1.2x</td></tr>
</table>"""
    r = audit_text(page, name="t.html", kind="html", settings=Settings(predict=False))
    ops = {c.text: (c.op_kind, c.op_value, c.op_source) for c in r.files[0].claims}
    assert ops == {"2.1x": ("concurrency", 1, "table"), "1.2x": ("concurrency", 64, "table")}


def test_bad_html_does_not_crash():
    for src in ("", "   ", "<", "<html>", "<p>unclosed <b>2x <i>faster", "\x0c<p>x</p>",
                "<?xml version='1.0' encoding='utf-8'?><html><body><p>2x faster</p></body></html>",
                "<div>" * 200 + "2.5x faster" + "</div>" * 200):
        parse_html(src, "bad.html")


def test_deep_nesting_is_a_clean_error():
    src = "<div><span>" * 20000 + "EAGLE makes decoding 2.5x faster." + "</span></div>" * 20000
    t = time.perf_counter()
    with pytest.raises(IngestError, match="deep.html: HTML nested deeper"):
        parse_html(src, "deep.html")
    assert time.perf_counter() - t < 10


def test_suppression_directive_in_html_comment():
    page = "<p>2x faster</p>\n<!-- auditor: disable-file -->\n"
    d = parse_html(page, "s.html")
    assert d.suppressions and d.suppressions[0].action == "disable-file"


def test_entity_cells_do_not_push_later_rows_down_the_page() -> None:
    """A "&ndash;" cell decodes to the en dash that a later "2–22x" cell on the same row also holds: the row's
    figure and every row after it must keep their own source lines."""
    page = ("<html><body><main><h1>KV reuse</h1>\n<table>\n"
            "<thead><tr><th>System</th><th>Before</th><th>Change</th></tr></thead>\n<tbody>\n"
            "<tr><td>CPU offload</td><td>&ndash;</td><td>2–22x lower TTFT</td></tr>\n"
            "<tr><td>Shared pool</td><td>&ndash;</td><td>1.56x</td></tr>\n"
            "<tr><td>Store</td><td>&ndash;</td><td>46x lower TTFT</td></tr>\n"
            "</tbody></table>\n<p>filler</p>\n<p>The 2–22x range and the 1.56x and 46x rows.</p>\n"
            "</main></body></html>\n")
    lines = {c.text: c.line for c in audit_text(page, kind="html", settings=Settings(predict=False)).files[0].claims
             if c.line < 10}
    assert lines == {"2–22x": 5, "1.56x": 6, "46x": 7}


def test_a_second_header_row_under_rowspan_and_colspan_labels_its_own_columns() -> None:
    """"Workload" spans both header rows; "Reduction with caching" spans two columns that the second row names
    "Latency" and "Cost": the cells take the joined label of their own column."""
    page = ("<html><body><main><h1>Prompt caching</h1>\n<table>\n<thead>\n"
            "<tr><th rowspan=\"2\">Workload</th><th colspan=\"2\">Reduction with caching</th></tr>\n"
            "<tr><th>Latency</th><th>Cost</th></tr>\n</thead>\n<tbody>\n"
            "<tr><td>Chat with a book</td><td>&minus;79%</td><td>&minus;90%</td></tr>\n"
            "</tbody></table>\n<table><caption>Seconds to finish each scenario, and vLLM time divided by TGI time"
            "</caption>\n<tr><th>Scenario</th><th>TGI speedup</th></tr>\n<tr><td>Long</td><td>13.8&times;</td></tr>\n"
            "</table></main></body></html>\n")
    claims = {c.text: c for c in audit_text(page, kind="html", settings=Settings(predict=False)).files[0].claims}
    assert (claims["79%"].metric, claims["90%"].metric) == ("latency", "cost")
    assert claims["13.8×"].metric == "e2e"


def test_reader_comments_go_but_a_threads_comments_are_its_content() -> None:
    blog = ("<html><body><main><article><h1>FP8 on H100</h1><p>FP8 weights raised decode throughput 1.4x at batch "
            "size 8 on one H100, and the same change cut TTFT by 12% on long prompts in our replay.</p>"
            "<p>We keep FP8 on for the chat pool.</p></article>"
            "<section class='comments'><h2>3 comments</h2><p>Great post, I saw 9x on my laptop!</p></section>"
            "</main></body></html>")
    texts = [b for b in parse_html(blog, "blog.html").text.split("\n")]
    assert not any("9x" in t for t in texts)
    thread = ("<html><body><main><article class='thread'><h1>Integrate Marlin kernels #2497</h1>"
              "<section class='comment'><h2>rib-2 commented</h2><p>Across a broad range of QPS we measure end-to-end "
              "speedups of 2-4x over the current GPTQ path.</p></section>"
              "<section class='comment' id='comment-2'><h2>reviewer commented</h2><p>At batch size 16 Marlin took "
              "inference time from 79.7 s to 38.57 s.</p></section></article></main></body></html>")
    doc = parse_html(thread, "pr.html")
    assert "2-4x" in doc.text and "79.7 s to 38.57 s" in doc.text
