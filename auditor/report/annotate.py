"""Annotated Markdown: the document back with a note after each claim's sentence.

The note is an inline HTML comment:

    EAGLE-3 makes decoding 2.5x faster on H100. <!-- claim-auditor: 2.5x · op: concurrency 1, assumed · ... -->

Why a comment and not a footnote: an HTML comment is part of CommonMark itself, so GitHub,
GitLab, markdown-it, Python-Markdown, Pandoc and MkDocs all accept it without an extension and
render the page exactly as before, while the note is in plain view where a document is
reviewed: the source, the editor and the pull-request diff. A footnote needs an extension
(renderers without one print a literal `[^1]`), renumbers or collides with the document's own
footnotes, puts the note far from the claim, and is body text that `auditor check` would then
lint (its predicted figures would become claims). Comments are skipped by the Markdown ingest.

Every note is inserted as one run ` <!-- claim-auditor: ... -->` on the claim's own line, with a
body that never holds `--` or a newline, so `strip` can remove exactly what was added. Annotating
always starts from the stripped text, which makes it idempotent.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from auditor.models import Claim, Document, Finding
from auditor.rules_engine import Rule, fmt_x, op_words
from auditor.settings import Settings

MARKER = "claim-auditor:"
NOTE_RE = re.compile(r" <!-- claim-auditor: [^\n]*? -->")
_SENTENCE_END = re.compile(r"[.!?](?=[\s\"')\]*_]*(?:\s|$))")
_BOM = "\ufeff"


def strip_notes(text: str) -> str:
    """Remove exactly the notes `annotate_text` added (and nothing else)."""
    return NOTE_RE.sub("", text)


def _clean(s: str) -> str:
    s = " ".join(s.split())
    while "--" in s:
        s = s.replace("--", "\u2013")
    return s.rstrip("-")


def _op_phrase(c: Claim) -> str:
    if c.op_kind in ("unstated", "single"):
        return "one request (concurrency 1)"
    if c.op_kind == "offline":
        return "offline, maximum throughput"
    if c.op_kind in ("concurrency", "batch_size") and c.op_value == 1:
        return "one request (concurrency 1)" if c.op_kind == "concurrency" else "batch size 1 (one request)"
    v = f"{c.op_value:g}" if c.op_value is not None else "N"
    return {"concurrency": f"{v} concurrent requests", "batch_size": f"batch size {v}",
            "request_rate": f"{v} requests/s"}[c.op_kind]


def rewrite(c: Claim, settings: Settings) -> str:
    """A rewrite that carries the operating point and the figure at the reader's load."""
    s = f"{c.text} at {_op_phrase(c)}"
    p = c.prediction
    if p is not None:
        s += f"; about {fmt_x(p.at_reader)} at {p.reader_concurrency:g} concurrent requests"
        if p.crossover is not None:
            s += f", no gain above about {p.crossover:g}"
    else:
        s += f"; and the figure at {settings.concurrency:g} concurrent requests"
    return s


def note_for(c: Claim, findings: list[Finding], settings: Settings) -> str:
    parts = [c.text, f"op: {op_words(c)}",
             f"mechanism: {c.mechanism}" + (f" ({c.technique})" if c.technique else "")]
    p = c.prediction
    if p is not None:
        pred = f"predicted at c={p.reader_concurrency:g}: ~{fmt_x(p.at_reader)} ({p.verdict}"
        pred += f", below 1.0 from c~{p.crossover:g})" if p.crossover is not None else ")"
    else:
        pred = f"predicted at c={settings.concurrency:g}: not available (fade model off)"
    parts.append(pred)
    if findings:
        parts.append("findings: " + ", ".join(dict.fromkeys(f.rule for f in findings)))
    parts.append(f'rewrite: "{rewrite(c, settings)}"')
    return f" <!-- {MARKER} {_clean(' · '.join(parts))} -->"


@dataclass
class Annotated:
    text: str
    notes: int
    skipped: int


def _line_starts(text: str) -> list[int]:
    starts, pos = [], 0
    for ln in text.splitlines(keepends=True):
        starts.append(pos)
        pos += len(ln)
    return starts or [0]


def _line_body(text: str, starts: list[int], line: int) -> tuple[int, str]:
    start = starts[line - 1]
    end = starts[line] if line < len(starts) else len(text)
    return start, text[start:end].rstrip("\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")


def _insertion_point(doc: Document, c: Claim, text: str, starts: list[int]) -> int | None:
    """Source offset just after the claim's sentence (or after the figure), or None if the
    claim cannot be found in the source as reported."""
    if not (1 <= c.line <= len(starts)):
        return None
    ls, body = _line_body(text, starts, c.line)
    if body[c.column - 1:c.column - 1 + len(c.text)] != c.text and c.end_line == c.line:
        return None
    fallback = None
    if c.end_line == c.line and 1 <= c.end_column - 1 <= len(body):
        fallback = ls + c.end_column - 1
    # the sentence end, read in the plain text and mapped back to the source
    if 0 <= c.block < len(doc.blocks) and c.end > 0:
        block = doc.blocks[c.block]
        m = _SENTENCE_END.search(doc.text, c.end, block.end)
        last = (m.start() if m else len(doc.text[:block.end].rstrip()) - 1)
        if last >= c.end - 1:
            line, col, _ = doc.locate(last)
            if 1 <= line <= len(starts):
                lstart, lbody = _line_body(text, starts, line)
                if 1 <= col <= len(lbody) and lbody[col - 1] == doc.text[last]:
                    return lstart + col
    return fallback


def annotate_text(text: str, path: str, settings: Settings, rules: list[Rule]) -> Annotated:
    """Annotate Markdown `text` (notes from an earlier run are replaced, not doubled)."""
    from auditor.api import audit_document
    from auditor.ingest import parse_string

    bom = text.startswith(_BOM)
    body = strip_notes(text[1:] if bom else text)
    doc = parse_string(body, path, "markdown")
    try:
        fr = audit_document(doc, settings, rules)
    except ImportError:  # an installation without the fade model: notes say so
        doc = parse_string(body, path, "markdown")
        fr = audit_document(doc, settings.model_copy(update={"predict": False}), rules)
    by_claim: dict[str, list[Finding]] = {}
    for f in fr.findings:
        by_claim.setdefault(f.claim or "", []).append(f)
    starts = _line_starts(body)
    inserts: list[tuple[int, int, str]] = []
    skipped = 0
    for i, c in enumerate(fr.claims):
        at = _insertion_point(doc, c, body, starts)
        if at is None:
            skipped += 1
            continue
        inserts.append((at, i, note_for(c, by_claim.get(c.id, []), settings)))
    out: list[str] = []
    prev = 0
    for at, _, note in sorted(inserts):
        out.append(body[prev:at])
        out.append(note)
        prev = at
    out.append(body[prev:])
    return Annotated(text=(_BOM if bom else "") + "".join(out), notes=len(inserts), skipped=skipped)


def read_source(path: Path) -> str:
    """The file as text, byte for byte (newlines untranslated, BOM kept)."""
    data = path.read_bytes()
    if b"\x00" in data:
        raise ValueError(f"{path}: binary file (NUL bytes), not text")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ValueError(f"{path}: not valid UTF-8 (byte 0x{data[e.start]:02x} at offset {e.start})") from None
