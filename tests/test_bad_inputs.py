"""Bad inputs, run as a user would (`auditor check` in a subprocess): each gives exit 2 with one
line naming the input, the good file on the same command line is still reported, no traceback,
no hang. UTF-16 with a BOM, Latin-1 and a 1 MB line are refused by default with a message naming
the flag that reads them (`--encoding auto`, `--max-line-chars 0`), and audited with it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

GOOD = "# EAGLE-3\n\nEAGLE-3 makes decoding 2.5x faster at concurrency 1 on H100.\n"


def _auditor() -> list[str]:
    exe = shutil.which("auditor") or str(Path(sys.executable).parent / "auditor")
    return [exe] if os.path.exists(exe) else [sys.executable, "-m", "auditor.cli"]


def run_check(*inputs: str, timeout: float = 120, env_extra: dict | None = None, extra: tuple[str, ...] = ()):
    # COLUMNS: rich wraps stderr at 80 columns in a pipe; the message itself is one line
    env = {**os.environ, "AUDITOR_NO_PROGRESS": "1", "AUDITOR_HTTP_TIMEOUT": "1", "COLUMNS": "400",
           **(env_extra or {})}
    t = time.perf_counter()
    p = subprocess.run([*_auditor(), "check", *inputs, "--format", "json", "--no-predict", "--no-cache", *extra],
                       capture_output=True, text=True, timeout=timeout, env=env)
    return p, time.perf_counter() - t


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    from test_ingest_pdf import make_single_column_pdf

    d = tmp_path_factory.mktemp("bad")
    (d / "good.md").write_text(GOOD, encoding="utf-8")
    (d / "empty.md").write_bytes(b"")
    (d / "blank.txt").write_bytes(b"  \n\n\t\n")
    with open(d / "huge.txt", "wb") as fh:  # 50 MB, sparse
        fh.truncate(50 * 1024 * 1024)
    (d / "binary.txt").write_bytes(bytes(range(256)) * 64)
    (d / "nul.md").write_bytes(b"EAGLE is 2x faster\x00 at batch size 1\n")
    (d / "utf16.md").write_bytes(("# T\n\nEAGLE is 2x faster at concurrency 1.\n").encode("utf-16"))
    (d / "latin1.txt").write_bytes("Caf\xe9 na\xefve r\xe9sum\xe9: EAGLE is 2x faster at batch size 1.\n"
                                   .encode("latin-1"))
    (d / "invalid-utf8.md").write_bytes("caf\u00e9 \u2014 ".encode() + b"\xe2\x82 EAGLE is 2x faster\n")
    (d / "longline.txt").write_bytes((b"filler words with no figures " * 35000) + b"EAGLE is 2x faster at batch size 1")
    (d / "deep.html").write_text("<div>" * 100000 + "2x faster" + "</div>" * 100000, encoding="utf-8")
    (d / "malformed.pdf").write_bytes(b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 9 0 R >> nonsense\n%%EOF")
    pdf = make_single_column_pdf(d / "ok.pdf").read_bytes()
    (d / "truncated.pdf").write_bytes(pdf[: len(pdf) // 3])
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(d / "encrypted.pdf"), encrypt="secret")
    c.drawString(72, 700, "5x faster at batch size 1.")
    c.save()
    return d


BAD = {  # file -> words the one-line message must hold
    "empty.md": "empty file",
    "blank.txt": "empty file",
    "huge.txt": "too large",
    "binary.txt": "binary",
    "nul.md": "binary",
    "invalid-utf8.md": "not valid UTF-8",
    "utf16.md": "UTF-16 text (byte-order mark), not UTF-8; re-encode it as UTF-8 or pass --encoding utf-16",
    "latin1.txt": "it looks like Latin-1: re-encode it as UTF-8 or pass --encoding latin-1",
    "longline.txt": "line 1 is 1,015,034 characters long (limit 100,000",
    "deep.html": "nested deeper",
    "malformed.pdf": "PDF",
    "truncated.pdf": "PDF",
    "encrypted.pdf": "encrypted",
}


def _check_bad(p, name_in_msg: str, words: str, good: str):
    assert p.returncode == 2, (p.returncode, p.stderr[-2000:])
    assert "Traceback" not in p.stderr and "Traceback" not in p.stdout
    errs = [ln for ln in p.stderr.splitlines() if name_in_msg in ln]
    assert len(errs) == 1, p.stderr
    assert words in errs[0]
    report = json.loads(p.stdout)
    by_path = {f["path"]: f for f in report["files"]}
    assert by_path[good]["error"] is None and [c["text"] for c in by_path[good]["claims"]] == ["2.5x"]
    bad = [f for f in report["files"] if f["error"]]
    assert len(bad) == 1 and "\n" not in bad[0]["error"] and name_in_msg in bad[0]["error"]


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_file(files, name):
    p, secs = run_check(str(files / name), str(files / "good.md"))
    _check_bad(p, str(files / name), BAD[name], str(files / "good.md"))
    assert secs < 60


@pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://127.0.0.1/x.md"])
def test_unsupported_scheme(files, url):
    p, _ = run_check(url, str(files / "good.md"))
    _check_bad(p, url, "unsupported URL scheme", str(files / "good.md"))


@pytest.mark.parametrize("name,claim,flags", [
    ("utf16.md", "2x", ("--encoding", "auto")), ("utf16.md", "2x", ("--encoding", "utf-16")),
    ("latin1.txt", "2x", ("--encoding", "auto")), ("latin1.txt", "2x", ("--encoding", "latin-1")),
    ("longline.txt", "2x", ("--max-line-chars", "0")),
])
def test_refused_inputs_are_audited_when_asked(files, name, claim, flags):
    p, secs = run_check(str(files / name), str(files / "good.md"), extra=flags)
    assert p.returncode in (0, 1), p.stderr[-2000:]
    report = json.loads(p.stdout)
    f = report["files"][0]
    assert f["error"] is None and [c["text"] for c in f["claims"]] == [claim]
    if name == "longline.txt":
        c = f["claims"][0]
        assert c["line"] == 1 and c["column"] == len("filler words with no figures ") * 35000 + 10
        assert c["op_kind"] == "batch_size"
    assert secs < 60


def test_bad_urls(files, httpserver):
    from werkzeug.wrappers import Response

    def slow(_req):
        time.sleep(2.0)
        return Response("late", content_type="text/plain")

    httpserver.expect_request("/404").respond_with_data("no", status=404)
    httpserver.expect_request("/500").respond_with_data("err", status=500)
    httpserver.expect_request("/loop").respond_with_response(Response(status=302, headers={"Location": "/loop"}))
    httpserver.expect_request("/big").respond_with_data("2x faster. " * 500, content_type="text/plain")
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    refused = f"http://127.0.0.1:{s.getsockname()[1]}/x"
    s.close()
    cases = {httpserver.url_for("/404"): "HTTP 404", httpserver.url_for("/500"): "HTTP 500",
             httpserver.url_for("/loop"): "too many redirects", httpserver.url_for("/big"): "too large",
             refused: "connection refused"}
    p, secs = run_check(*cases, str(files / "good.md"), env_extra={"AUDITOR_MAX_URL_BYTES": "1000"})
    assert p.returncode == 2 and "Traceback" not in p.stderr
    report = json.loads(p.stdout)
    by_path = {f["path"]: f for f in report["files"]}
    for url, words in cases.items():
        assert words in by_path[url]["error"] and url in by_path[url]["error"]
        assert sum(1 for ln in p.stderr.splitlines() if url in ln) == 1
    assert by_path[str(files / "good.md")]["claims"]
    httpserver.expect_request("/slow").respond_with_handler(slow)
    p, secs = run_check(httpserver.url_for("/slow"), str(files / "good.md"))
    assert p.returncode == 2 and "timed out" in p.stderr and secs < 30
    time.sleep(2.1)
