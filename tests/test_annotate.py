"""`auditor annotate`: a note after each claim; idempotent; --strip is an exact round trip;
the original is untouched without --in-place; writes are atomic."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auditor.api import audit_text
from auditor.cli import app
from auditor.models import CurvePoint, Prediction
from auditor.report.annotate import NOTE_RE, annotate_text, strip_notes
from auditor.rules_engine import load_rules
from auditor.settings import Settings

DOC = """---
title: EAGLE-3 notes
---

# Speculative decoding on H100

EAGLE-3 makes decoding 2.5x faster on H100 SXM with Llama-3.1-8B. It is about
**1.4x faster** than EAGLE-2, and the draft head is small.[^1]

| setting | speedup |
|---|---|
| batch size 1 | 1.9x |
| batch size 64 | 1.1x |

* FP8 KV cache fits 3.2x more requests in memory — Über nice.

<!-- auditor: disable=OP008 -->
Prefix caching raises throughput by 40 % at concurrency 16 over vLLM without it.

```
not a claim: 9.9x inside code
```

[^1]: The head is a few percent of the target's size.
"""

runner = CliRunner()


def _settings() -> Settings:
    return Settings(predict=False)


def _annotate(text: str, settings: Settings | None = None) -> str:
    return annotate_text(text, "doc.md", settings or _settings(), load_rules()).text


@pytest.mark.parametrize("variant", ["lf", "crlf", "bom", "no-final-newline"])
def test_idempotent_and_strip_round_trip(variant: str) -> None:
    text = {"lf": DOC, "crlf": DOC.replace("\n", "\r\n"), "bom": "\ufeff" + DOC,
            "no-final-newline": DOC.rstrip("\n")}[variant]
    once = _annotate(text)
    assert once != text
    assert len(NOTE_RE.findall(once)) == len(audit_text(text.lstrip("\ufeff"), name="doc.md",
                                                          settings=_settings()).files[0].claims)
    assert _annotate(once) == once  # annotating twice equals once
    assert strip_notes(once) == text  # --strip removes exactly what was added
    assert strip_notes(text) == text
    assert ("\r\n" in once) == (variant == "crlf") and (once.startswith("\ufeff") == (variant == "bom"))


def test_notes_sit_after_the_sentence_and_are_single_comments() -> None:
    out = _annotate(DOC)
    lines = out.splitlines()
    first = next(ln for ln in lines if ln.startswith("EAGLE-3 makes decoding"))
    assert first.startswith("EAGLE-3 makes decoding 2.5x faster on H100 SXM with Llama-3.1-8B. <!-- claim-auditor: 2.5x")
    assert first.endswith("--> It is about")
    table_row = next(ln for ln in lines if ln.startswith("| batch size 1 |"))
    assert table_row.startswith("| batch size 1 | 1.9x <!-- claim-auditor: 1.9x") and table_row.endswith("--> |")
    assert "9.9x inside code\n" in out  # code blocks are left alone
    for note in NOTE_RE.findall(out):
        body = note[len(" <!-- "):-len(" -->")]
        assert "--" not in body and "\n" not in body
        assert "op: " in body and "mechanism: " in body and "predicted at c=32" in body and "rewrite: " in body


def test_notes_are_not_linted_by_check() -> None:
    """Comments are skipped by the Markdown ingest: the annotated file has the same claims."""
    key = lambda r: [(c.line, c.text, c.value) for c in r.files[0].claims]  # noqa: E731
    before = audit_text(DOC, name="doc.md", settings=_settings())
    after = audit_text(_annotate(DOC), name="doc.md", settings=_settings())
    assert key(before) == key(after)
    # nor read as suppressions
    assert {f.rule for f in before.files[0].findings} == {f.rule for f in after.files[0].findings}


def test_note_carries_prediction(monkeypatch: pytest.MonkeyPatch) -> None:
    import auditor.api as api

    def fake_predict(claims, settings):
        for c in claims:
            c.prediction = Prediction(
                at_reader=0.83, reader_concurrency=settings.concurrency, crossover=24, verdict="inverts",
                curve=[CurvePoint(op=1, concurrency=1, speedup=c.ratio, low=c.ratio * 0.9, high=c.ratio * 1.1)])

    monkeypatch.setattr(api, "_predict", fake_predict)
    out = _annotate("EAGLE-3 makes decoding 2.5x faster on H100.\n", Settings(concurrency=64))
    assert "predicted at c=64: ~0.83x (inverts, below 1.0 from c~24)" in out
    assert 'rewrite: "2.5x at one request (concurrency 1); about 0.83x at 64 concurrent requests, ' \
           'no gain above about 24"' in out
    assert "findings: OP004, OP001" in out  # the inversion (an error) first


def test_cli_stdout_leaves_original_untouched(tmp_path: Path) -> None:
    f = tmp_path / "post.md"
    f.write_bytes(DOC.encode())
    before = f.stat()
    proc = subprocess.run([sys.executable, "-m", "auditor.cli", "annotate", "--no-predict", "post.md"], cwd=tmp_path,
                          capture_output=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert f.read_bytes() == DOC.encode() and f.stat().st_mtime_ns == before.st_mtime_ns
    assert proc.stdout.decode() == _annotate(DOC)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["post.md"]


def test_cli_output_in_place_strip_and_concurrency(tmp_path: Path) -> None:
    f = tmp_path / "post.md"
    f.write_text(DOC, encoding="utf-8", newline="")
    out = tmp_path / "out" / "annotated.md"
    r = runner.invoke(app, ["annotate", "--no-predict", "-c", "8", str(f), "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert f.read_text(encoding="utf-8") == DOC
    assert "predicted at c=8" in out.read_text(encoding="utf-8")

    inode = f.stat().st_ino
    f.chmod(0o640)
    r = runner.invoke(app, ["annotate", "--no-predict", str(f), "--in-place"])
    assert r.exit_code == 0, r.output
    annotated = f.read_text(encoding="utf-8")
    assert NOTE_RE.search(annotated)
    assert f.stat().st_ino != inode  # replaced by rename, never rewritten in place
    assert f.stat().st_mode & 0o777 == 0o640  # with the file's own permissions
    assert out.stat().st_mode & 0o777 == 0o666 & ~_umask()  # a new file: the usual mode
    r = runner.invoke(app, ["annotate", "--no-predict", str(f), "--in-place"])
    assert f.read_text(encoding="utf-8") == annotated  # idempotent through the CLI too
    r = runner.invoke(app, ["annotate", "--strip", str(f), "--in-place"])
    assert r.exit_code == 0, r.output
    assert f.read_bytes() == DOC.encode()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "post.md"]  # no temp files left


def _umask() -> int:
    m = os.umask(0)
    os.umask(m)
    return m


def test_cli_failed_write_keeps_original(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import auditor.report as report_pkg

    f = tmp_path / "post.md"
    f.write_text(DOC, encoding="utf-8")

    def boom(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(report_pkg.os, "replace", boom)
    r = runner.invoke(app, ["annotate", "--no-predict", str(f), "--in-place"])
    assert r.exit_code != 0
    assert f.read_text(encoding="utf-8") == DOC
    assert sorted(p.name for p in tmp_path.iterdir()) == ["post.md"]


def test_cli_usage_errors(tmp_path: Path) -> None:
    f = tmp_path / "post.md"
    f.write_text(DOC, encoding="utf-8")
    r = runner.invoke(app, ["annotate", str(f), "--in-place", "-o", str(tmp_path / "x.md")])
    assert r.exit_code == 2
    r = runner.invoke(app, ["annotate", str(tmp_path / "missing.md")])
    assert r.exit_code == 2
    (tmp_path / "page.html").write_text("<p>2x faster</p>", encoding="utf-8")
    r = runner.invoke(app, ["annotate", str(tmp_path / "page.html")])
    assert r.exit_code == 2 and "Markdown" in r.output
