"""Ingest: turn a path, URL or stdin into a Document. The only stage that does I/O.

Input problems raise IngestError with a one-line reason; the caller reports it against that
input and goes on with the others.
"""

from __future__ import annotations

import glob
import os
import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from auditor.ingest.markdown import parse_markdown
from auditor.ingest.text import parse_text
from auditor.models import Document

MAX_BYTES = 20 * 1024 * 1024  # larger inputs are refused: nobody publishes a 20 MB blog post

TEXT_EXTENSIONS = {".txt": "text", ".text": "text", ".rst": "text", ".md": "markdown",
                   ".markdown": "markdown", ".mdx": "markdown", ".mkd": "markdown"}
HTML_EXTENSIONS = {".html": "html", ".htm": "html", ".xhtml": "html"}
PDF_EXTENSIONS = {".pdf": "pdf"}
KNOWN_EXTENSIONS: dict[str, str] = {**TEXT_EXTENSIONS, **HTML_EXTENSIONS, **PDF_EXTENSIONS}


class IngestError(Exception):
    """An input that cannot be read; str(e) is the one-line reason shown to the user."""


# kind -> parser(decoded text, path) for text-like formats; html/pdf/url register themselves
TEXT_PARSERS: dict[str, Callable[[str, str], Document]] = {
    "text": lambda s, p: parse_text(s, p),
    "markdown": parse_markdown,
}


def kind_for(path: str) -> str:
    if path.startswith(("http://", "https://")):
        return "url"
    return KNOWN_EXTENSIONS.get(Path(path).suffix.lower(), "text")


def decode(data: bytes, name: str, encoding: str = "auto") -> str:
    """Bytes to text. "utf-8": strict UTF-8 (a BOM allowed); UTF-16 and Latin-1 are refused with a
    message that says which flag reads them. "auto": UTF-8, UTF-16 with a BOM, else legacy 8-bit
    text as Windows-1252 (what a web page's charset or a user's `--encoding auto` asks for). Any
    other value: that codec. NUL bytes outside UTF-16 mean binary."""
    utf16 = data.startswith((b"\xff\xfe", b"\xfe\xff"))
    if encoding not in ("utf-8", "auto"):
        if b"\x00" in data and not encoding.startswith("utf-16"):
            raise IngestError(f"{name}: binary file (NUL bytes), not text")
        try:
            return data.decode(encoding)
        except (UnicodeDecodeError, LookupError) as e:
            raise IngestError(f"{name}: cannot decode as {encoding} ({e})".replace("\n", " ")) from None
    if utf16:
        if encoding == "utf-8":
            raise IngestError(f"{name}: UTF-16 text (byte-order mark), not UTF-8; re-encode it as UTF-8 "
                              "or pass --encoding utf-16 (or auto)")
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as e:
            raise IngestError(f"{name}: invalid UTF-16 text at byte {e.start}") from None
    if b"\x00" in data:
        raise IngestError(f"{name}: binary file (NUL bytes), not text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        where = f"byte 0x{data[e.start]:02x} at offset {e.start}"
        if _looks_latin1(data):  # legacy 8-bit text (Latin-1 / Windows-1252)
            if encoding == "auto":
                return data.decode("cp1252", errors="replace")
            raise IngestError(f"{name}: not valid UTF-8 ({where}); it looks like Latin-1: re-encode it as "
                              "UTF-8 or pass --encoding latin-1 (or auto)") from None
        raise IngestError(f"{name}: not valid UTF-8 ({where})") from None


def check_line_lengths(text: str, name: str, limit: int) -> None:
    """A text or Markdown file with a line longer than `limit` characters is generated or minified,
    not prose; refuse it rather than lint it ("0" switches the check off)."""
    if not limit or len(text) <= limit:
        return
    for n, line in enumerate(text.split("\n"), start=1):
        if len(line) > limit:
            raise IngestError(f"{name}: line {n} is {len(line):,} characters long (limit {limit:,}: a generated "
                              "or minified file?); pass --max-line-chars 0 to read it anyway")


_UTF8_MULTIBYTE = re.compile(rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}")


def _looks_latin1(data: bytes) -> bool:
    """8-bit text with no valid UTF-8 multibyte sequence at all, and few C1 control bytes: Latin-1.
    Text that is mostly UTF-8 with a broken sequence stays an error (it is damaged, not Latin-1)."""
    if _UTF8_MULTIBYTE.search(data):
        return False
    high = sum(1 for b in data if b >= 0x80)
    controls = sum(1 for b in data if b < 0x09 or 0x0e <= b < 0x20 or b in (0x81, 0x8d, 0x8f, 0x90, 0x9d))
    return controls == 0 and high <= max(16, len(data) // 10)


def read_bytes(path: str) -> bytes:
    if path == "-":
        data = sys.stdin.buffer.read(MAX_BYTES + 1)
        name = "<stdin>"
    else:
        p = Path(path)
        if not p.exists():
            raise IngestError(f"{path}: no such file or directory")
        if p.is_dir():
            raise IngestError(f"{path}: is a directory")
        try:
            size = p.stat().st_size
            if size > MAX_BYTES:
                raise IngestError(f"{path}: file too large ({size / 1e6:.1f} MB > {MAX_BYTES / 1e6:.0f} MB limit)")
            with p.open("rb") as fh:
                data = fh.read(MAX_BYTES + 1)
        except PermissionError:
            raise IngestError(f"{path}: permission denied") from None
        except OSError as e:
            raise IngestError(f"{path}: cannot read ({e.strerror or e})") from None
        name = path
    if len(data) > MAX_BYTES:
        raise IngestError(f"{name}: input too large (> {MAX_BYTES / 1e6:.0f} MB limit)")
    return data


def load(path: str, kind: str | None = None, *, encoding: str = "utf-8", max_line_chars: int = 100_000) -> Document:
    """Read one input (file path, '-' for stdin, or URL) into a Document. A URL is decoded by the
    charset its server declares; files and stdin by `encoding`."""
    kind = kind or ("text" if path == "-" else kind_for(path))
    if kind == "url":
        return _reader("url", path).load_url(path)
    data = read_bytes(path)
    return parse_bytes(data, path if path != "-" else "<stdin>", kind, encoding=encoding,
                       max_line_chars=max_line_chars)


def _reader(kind: str, name: str):
    """The optional reader module for html / pdf / url."""
    import importlib

    try:
        return importlib.import_module(f"auditor.ingest.{kind}")
    except ImportError as e:
        raise IngestError(f"{name}: no {kind.upper()} reader available in this installation ({e})") from None


def parse_bytes(data: bytes, name: str, kind: str, *, encoding: str = "auto", max_line_chars: int = 0) -> Document:
    if not data.strip() or (len(data) <= 4 and data.strip(b"\xef\xbb\xbf\xff\xfe \t\r\n") == b""):
        raise IngestError(f"{name}: empty file")
    if kind == "pdf":
        return _reader("pdf", name).parse_pdf(data, name)  # type: ignore[attr-defined]
    text = decode(data, name, encoding)
    if kind == "html":  # minified HTML is one long line by design
        return _reader("html", name).parse_html(text, name)
    check_line_lengths(text, name, max_line_chars)
    return TEXT_PARSERS.get(kind, TEXT_PARSERS["text"])(text, name)


def parse_string(text: str, name: str = "<text>", kind: str = "markdown") -> Document:
    if kind == "html":
        return _reader("html", name).parse_html(text, name)
    return TEXT_PARSERS.get(kind, TEXT_PARSERS["text"])(text, name)


def expand_inputs(inputs: Iterable[str], exclude: Iterable[str] = ()) -> list[tuple[str, str | None]]:
    """Paths, globs, directories (recursive, by extension), URLs and '-' to a flat list.

    Each entry is (input, error): an input that matches nothing carries its error so the run
    reports it and goes on.
    """
    exclude = list(exclude)
    out: list[tuple[str, str | None]] = []

    def excluded(p: str) -> bool:
        from fnmatch import fnmatch

        return any(fnmatch(p, pat) or fnmatch(os.path.basename(p), pat) for pat in exclude)

    for item in inputs:
        if item == "-" or item.startswith(("http://", "https://")):
            out.append((item, None))
            continue
        if "://" in item:
            scheme = item.split("://", 1)[0]
            out.append((item, f"{item}: unsupported URL scheme '{scheme}' (only http and https)"))
            continue
        p = Path(item)
        if p.is_dir():
            found = sorted(
                str(f) for f in p.rglob("*")
                if f.is_file() and f.suffix.lower() in KNOWN_EXTENSIONS
                and not any(part.startswith(".") for part in f.relative_to(p).parts)
            )
            found = [f for f in found if not excluded(f)]
            if not found:
                out.append((item, f"{item}: directory holds no text, Markdown, HTML or PDF files"))
            out.extend((f, None) for f in found)
        elif p.exists():
            out.append((item, None))
        elif any(ch in item for ch in "*?["):
            matches = sorted(m for m in glob.glob(item, recursive=True) if Path(m).is_file())
            matches = [m for m in matches if not excluded(m)]
            if not matches:
                out.append((item, f"{item}: no files match this pattern"))
            out.extend((m, None) for m in matches)
        else:
            out.append((item, f"{item}: no such file or directory"))
    return out
