"""Fetch a URL into a Document: http/https only, connect and read timeouts, a redirect limit, a size
cap enforced while streaming, content-type sniffing (HTML, PDF, Markdown, plain text; anything
else is refused), and a small on-disk cache so repeated audits of one URL do not refetch it.

Every failure is an IngestError with one line naming the URL: DNS failure, refused connection,
timeout, HTTP 4xx/5xx, redirect loop, oversize body, non-text content, TLS error.

Cache: ~/.cache/claim-auditor/urls (or $AUDITOR_CACHE_DIR), one body + one JSON header file per
URL, fresh for $AUDITOR_CACHE_TTL seconds (default 1 day); `check --no-cache` sets
AUDITOR_NO_CACHE=1, which neither reads nor writes it. Only successful text responses are cached.
A hand-rolled cache rather than requests-cache: the size cap must apply while streaming (before
anything is stored), and it keeps `import requests_cache` (sqlite, cattrs) off the cold start.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from pathlib import Path
from urllib.parse import urlsplit

from auditor.models import Document

CONNECT_TIMEOUT = 5.0
READ_TIMEOUT = 20.0
MAX_REDIRECTS = 5
CHUNK = 64 * 1024
USER_AGENT = "claim-auditor (+https://github.com/; linter for LLM performance claims)"

_KIND_BY_TYPE = {
    "text/html": "html", "application/xhtml+xml": "html", "application/pdf": "pdf", "application/x-pdf": "pdf",
    "text/markdown": "markdown", "text/x-markdown": "markdown", "text/plain": "text", "text/x-rst": "text",
}


def _max_bytes() -> int:
    from auditor.ingest import MAX_BYTES

    return int(os.environ.get("AUDITOR_MAX_URL_BYTES", MAX_BYTES))


def _timeouts() -> tuple[float, float]:
    t = os.environ.get("AUDITOR_HTTP_TIMEOUT")
    if t:
        return float(t), float(t)
    return CONNECT_TIMEOUT, READ_TIMEOUT


def _cache_dir() -> Path:
    base = os.environ.get("AUDITOR_CACHE_DIR")
    if base:
        return Path(base)
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(xdg) / "claim-auditor" / "urls"


def _cache_enabled() -> bool:
    return os.environ.get("AUDITOR_NO_CACHE", "") not in ("1", "true", "yes")


def _cache_paths(url: str) -> tuple[Path, Path]:
    h = hashlib.sha256(url.encode("utf-8")).hexdigest()[:32]
    d = _cache_dir()
    return d / f"{h}.json", d / f"{h}.body"


def _cache_get(url: str) -> tuple[bytes, str] | None:
    meta_p, body_p = _cache_paths(url)
    try:
        meta = json.loads(meta_p.read_text(encoding="utf-8"))
        ttl = float(os.environ.get("AUDITOR_CACHE_TTL", 86400))
        if meta.get("url") != url or time.time() - float(meta.get("time", 0)) > ttl:
            return None
        return body_p.read_bytes(), str(meta.get("content_type", ""))
    except (OSError, ValueError):
        return None


def _cache_put(url: str, body: bytes, content_type: str) -> None:
    meta_p, body_p = _cache_paths(url)
    try:
        meta_p.parent.mkdir(parents=True, exist_ok=True)
        tmp = body_p.with_suffix(f".tmp{os.getpid()}")
        tmp.write_bytes(body)
        os.replace(tmp, body_p)
        meta_tmp = meta_p.with_suffix(f".tmp{os.getpid()}")
        meta_tmp.write_text(json.dumps({"url": url, "time": time.time(), "content_type": content_type}),
                            encoding="utf-8")
        os.replace(meta_tmp, meta_p)
    except OSError:
        pass  # a read-only home must not fail the audit


def _fail(url: str, reason: str):
    from auditor.ingest import IngestError

    return IngestError(f"{url}: {reason}")


def _fetch(url: str) -> tuple[bytes, str]:
    import requests

    connect, read = _timeouts()
    limit = _max_bytes()
    session = requests.Session()
    session.max_redirects = MAX_REDIRECTS
    session.headers["User-Agent"] = USER_AGENT
    session.headers["Accept"] = "text/html, application/xhtml+xml, application/pdf, text/markdown, text/plain;q=0.9, */*;q=0.1"
    host = urlsplit(url).hostname or url
    try:
        with session.get(url, timeout=(connect, read), stream=True, allow_redirects=True) as resp:
            if resp.status_code >= 400:
                raise _fail(url, f"HTTP {resp.status_code} {resp.reason or ''}".rstrip())
            final = resp.url or url
            if urlsplit(final).scheme not in ("http", "https"):
                raise _fail(url, f"redirected to unsupported scheme ({urlsplit(final).scheme})")
            declared = resp.headers.get("Content-Length")
            if declared and declared.isdigit() and int(declared) > limit:
                raise _fail(url, f"response too large ({int(declared) / 1e6:.1f} MB > {limit / 1e6:.0f} MB limit)")
            ctype = resp.headers.get("Content-Type", "")
            parts: list[bytes] = []
            size = 0
            deadline = time.monotonic() + max(read * 3, 30.0)  # slow-drip bodies stop too
            for chunk in resp.iter_content(CHUNK):
                size += len(chunk)
                if size > limit:
                    raise _fail(url, f"response too large (> {limit / 1e6:.0f} MB limit)")
                if time.monotonic() > deadline:
                    raise _fail(url, f"timed out reading the body after {max(read * 3, 30.0):.0f} s")
                parts.append(chunk)
            return b"".join(parts), ctype
    except requests.exceptions.TooManyRedirects:
        raise _fail(url, f"too many redirects (more than {MAX_REDIRECTS}; a redirect loop?)") from None
    except requests.exceptions.SSLError:
        raise _fail(url, f"TLS/SSL error talking to {host}") from None
    except requests.exceptions.ConnectTimeout:
        raise _fail(url, f"timed out connecting to {host} after {connect:g} s") from None
    except (requests.exceptions.ReadTimeout, requests.exceptions.Timeout):
        raise _fail(url, f"timed out waiting for {host} after {read:g} s") from None
    except requests.exceptions.ConnectionError as e:
        text = str(e)
        if re.search(r"NameResolution|Name or service not known|nodename nor servname|getaddrinfo|"
                     r"Temporary failure in name resolution|No address associated", text):
            raise _fail(url, f"cannot resolve host '{host}' (DNS lookup failed)") from None
        if re.search(r"Connection refused|Errno 111|ECONNREFUSED|actively refused", text):
            raise _fail(url, f"connection refused by {host}") from None
        if "timed out" in text.lower():
            raise _fail(url, f"timed out talking to {host}") from None
        raise _fail(url, f"connection to {host} failed ({type(e).__name__})") from None
    except requests.exceptions.InvalidURL:
        raise _fail(url, "invalid URL") from None
    except requests.exceptions.RequestException as e:
        raise _fail(url, f"request failed ({type(e).__name__})") from None


def sniff_kind(url: str, body: bytes, content_type: str) -> str | None:
    """html | pdf | markdown | text, or None for content the auditor cannot read."""
    mime = content_type.split(";", 1)[0].strip().lower()
    head = body[:2048].lstrip().lower()
    if head.startswith(b"%pdf"):
        return "pdf"
    path = urlsplit(url).path.lower()
    if mime in ("text/plain", "application/octet-stream", "") and path.endswith((".md", ".markdown", ".mdx")):
        return "markdown"
    if mime in _KIND_BY_TYPE:
        kind = _KIND_BY_TYPE[mime]
        if kind == "text" and (head.startswith(b"<!doctype html") or head.startswith(b"<html")):
            return "html"
        return kind
    if mime.startswith("text/"):
        return "text"
    if mime in ("", "application/octet-stream", "binary/octet-stream"):
        if head.startswith((b"<!doctype html", b"<html")) or b"<body" in head:
            return "html"
        if path.endswith(".pdf"):
            return None
        if b"\x00" not in body[:8192]:
            return "text"
    return None


def _charset(content_type: str, body: bytes) -> str | None:
    m = re.search(r"charset=[\"']?([\w.:-]+)", content_type, re.I)
    if m:
        return m.group(1)
    m = re.search(rb"<meta[^>]+charset=[\"']?([\w.:-]+)", body[:4096], re.I)
    return m.group(1).decode("ascii", "ignore") if m else None


def load_url(url: str) -> Document:
    from auditor.ingest import decode, parse_bytes

    scheme = urlsplit(url).scheme.lower()
    if scheme not in ("http", "https"):
        raise _fail(url, f"unsupported URL scheme '{scheme}' (only http and https)")
    cached = _cache_get(url) if _cache_enabled() else None
    if cached is not None:
        body, ctype = cached
    else:
        body, ctype = _fetch(url)
    if not body.strip():
        raise _fail(url, "empty response body")
    kind = sniff_kind(url, body, ctype)
    if kind is None:
        raise _fail(url, f"not a text document (Content-Type {ctype.split(';')[0].strip() or 'unknown'})")
    if kind == "pdf":
        doc = parse_bytes(body, url, "pdf")
    else:
        charset = _charset(ctype, body)
        text = None
        if charset and not body.startswith((b"\xff\xfe", b"\xfe\xff", b"\xef\xbb\xbf")):
            try:
                text = body.decode(charset)
            except (LookupError, UnicodeDecodeError):
                text = None
        if text is None:
            text = decode(body, url)
        from auditor.ingest import parse_string

        doc = parse_string(text, url, kind)
    if cached is None and _cache_enabled():
        _cache_put(url, body, ctype)
    doc.kind = "url"
    return doc
