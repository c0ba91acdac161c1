"""URL ingest against a real HTTP server on 127.0.0.1 (pytest-httpserver); never the internet."""

from __future__ import annotations

import socket
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("pytest_httpserver")
from werkzeug.wrappers import Response  # noqa: E402

from auditor.api import audit_paths  # noqa: E402
from auditor.ingest import IngestError, load  # noqa: E402
from auditor.settings import Settings  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))

PAGE = """<!DOCTYPE html><html><head><meta charset="utf-8"><title>FP8 on H100</title></head><body>
<nav><a href="/">Home</a> <a href="/x">Deals: 3x cheaper</a></nav>
<article>
<h1>FP8 quantization on H100</h1>
<p>FP8 speeds up Llama-3.1-8B serving on H100.</p>
<table>
<thead><tr><th>Batch size</th><th>Speedup vs baseline</th></tr></thead>
<tbody>
<tr><td>1</td><td>1.3x</td></tr>
<tr><td>16</td><td>1.6x</td></tr>
<tr><td>128</td><td>1.9x</td></tr>
</tbody></table>
</article>
<footer>Save 20% on H100s</footer>
</body></html>
"""


@pytest.fixture(autouse=True)
def _env(monkeypatch, tmp_path):
    monkeypatch.setenv("AUDITOR_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("AUDITOR_NO_CACHE", raising=False)
    monkeypatch.setenv("AUDITOR_HTTP_TIMEOUT", "1")


def _err(url: str) -> str:
    with pytest.raises(IngestError) as e:
        load(url)
    msg = str(e.value)
    assert msg.startswith(url) and "\n" not in msg and "Traceback" not in msg
    return msg


def test_html_table_over_http_gives_table_ops(httpserver):
    httpserver.expect_request("/post").respond_with_data(PAGE, content_type="text/html; charset=utf-8")
    url = httpserver.url_for("/post")
    assert url.startswith("http://localhost") or url.startswith("http://127.0.0.1")
    r = audit_paths([url], settings=Settings(predict=False))
    fr = r.files[0]
    assert fr.error is None and fr.kind == "url"
    got = [(c.text, c.op_kind, c.op_value, c.op_source) for c in fr.claims]
    assert got == [("1.3x", "batch_size", 1, "table"), ("1.6x", "batch_size", 16, "table"),
                   ("1.9x", "batch_size", 128, "table")]
    lines = PAGE.splitlines()
    for c in fr.claims:
        assert c.text in lines[c.line - 1]  # lines point into the fetched HTML source
        assert c.technique == "fp8-quantization"


def test_pdf_and_markdown_and_text_are_sniffed(httpserver, tmp_path):
    from test_ingest_pdf import make_single_column_pdf

    pdf = make_single_column_pdf(tmp_path / "n.pdf").read_bytes()
    httpserver.expect_request("/paper").respond_with_data(pdf, content_type="application/octet-stream")
    httpserver.expect_request("/notes.md").respond_with_data(
        "# Notes\n\nEAGLE is **2.5x** faster at concurrency 1.\n", content_type="text/plain")
    httpserver.expect_request("/plain").respond_with_data("Decoding is 2x faster at batch size 1.\n",
                                                          content_type="text/plain; charset=latin-1")
    c = audit_paths([httpserver.url_for("/paper")], settings=Settings(predict=False)).files[0].claims
    assert [(x.text, x.page) for x in c] == [("3x", 1)]
    md = load(httpserver.url_for("/notes.md"))
    assert "**" not in md.text and "2.5x faster" in md.text
    assert "2x faster" in load(httpserver.url_for("/plain")).text


def test_http_errors(httpserver):
    httpserver.expect_request("/missing").respond_with_data("nope", status=404)
    httpserver.expect_request("/boom").respond_with_data("err", status=500)
    httpserver.expect_request("/img").respond_with_data(b"\x89PNG\r\n\x1a\n\x00\x00", content_type="image/png")
    httpserver.expect_request("/empty").respond_with_data("", content_type="text/html")
    httpserver.expect_request("/a").respond_with_response(Response(status=302, headers={"Location": "/b"}))
    httpserver.expect_request("/b").respond_with_response(Response(status=302, headers={"Location": "/a"}))
    assert "HTTP 404" in _err(httpserver.url_for("/missing"))
    assert "HTTP 500" in _err(httpserver.url_for("/boom"))
    assert "not a text document (Content-Type image/png)" in _err(httpserver.url_for("/img"))
    assert "empty" in _err(httpserver.url_for("/empty"))
    assert "too many redirects" in _err(httpserver.url_for("/a"))


def test_oversize_body(httpserver, monkeypatch):
    monkeypatch.setenv("AUDITOR_MAX_URL_BYTES", "1000")
    httpserver.expect_request("/big").respond_with_data("2x faster. " * 500, content_type="text/plain")

    def chunked(_req):
        return Response((b"x" * 400 for _ in range(10)), content_type="text/plain")  # no Content-Length

    httpserver.expect_request("/stream").respond_with_handler(chunked)
    assert "too large" in _err(httpserver.url_for("/big"))
    assert "too large" in _err(httpserver.url_for("/stream"))


def test_timeout(httpserver):
    def slow(_req):
        time.sleep(2.0)
        return Response("late", content_type="text/plain")

    httpserver.expect_request("/slow").respond_with_handler(slow)
    t = time.perf_counter()
    assert "timed out" in _err(httpserver.url_for("/slow"))
    assert time.perf_counter() - t < 1.9
    time.sleep(2.1)  # let the single-threaded test server finish the slow handler


def test_connection_refused_dns_and_scheme():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    assert "connection refused" in _err(f"http://127.0.0.1:{port}/x")
    assert "cannot resolve host" in _err("http://no-such-host.invalid/x")  # .invalid never resolves
    from auditor.ingest.url import load_url

    with pytest.raises(IngestError, match="unsupported URL scheme 'ftp'"):
        load_url("ftp://127.0.0.1/x")


def test_cache_and_no_cache(httpserver, monkeypatch):
    httpserver.expect_request("/c").respond_with_data("Now 2x faster at batch size 1.\n", content_type="text/plain")
    url = httpserver.url_for("/c")
    load(url)
    load(url)
    assert len(httpserver.log) == 1  # second read from the on-disk cache
    monkeypatch.setenv("AUDITOR_NO_CACHE", "1")
    load(url)
    assert len(httpserver.log) == 2
    httpserver.clear_log()
