"""The library API: the same stages and objects the CLI uses.

    >>> from auditor import audit_text
    >>> report = audit_text("EAGLE-3 makes decoding 2.5x faster on H100.")
    >>> [f.rule for f in report.files[0].findings]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from auditor import __version__
from auditor.classify import classify
from auditor.extract import extract
from auditor.ingest import IngestError, load, parse_string
from auditor.models import Document, FileDigest, FileReport, Report, ToolInfo, summarise
from auditor.rules_engine import Rule, apply_rules, load_rules
from auditor.settings import Settings


def _predict(claims, settings: Settings) -> None:
    if not settings.predict:
        return
    from auditor.predict import predict_claim

    for c in claims:
        c.prediction = predict_claim(c, settings)


def audit_document(doc: Document, settings: Settings, rules: Sequence[Rule], measured=None) -> FileReport:
    """extract -> classify -> predict -> (measured) -> rules for one Document."""
    claims = classify(extract(doc), doc)
    _predict(claims, settings)
    if measured is not None:
        from auditor.measure import attach_measured

        attach_measured(claims, measured, settings)
    findings = apply_rules(doc, claims, list(rules), settings)
    return FileReport(path=doc.path, kind=doc.kind, claims=claims, findings=findings)


def make_report(files: list[FileReport], settings: Settings,
                summary_of: Sequence[FileDigest] | None = None) -> Report:
    """summary_of: count these instead of `files` (a report whose files travel as JSON, runner.run_check_json)."""
    return Report(tool=ToolInfo(version=__version__), config=settings.report_view(), files=files,
                  summary=summarise(files if summary_of is None else summary_of))


def audit_text(text: str, *, name: str = "<text>", kind: str = "markdown", settings: Settings | None = None,
               rules: Sequence[Rule] | None = None) -> Report:
    """Audit a string (Markdown by default; kind="text" or "html" also work)."""
    settings = settings or Settings()
    rules = rules if rules is not None else load_rules(settings.rules)
    doc = parse_string(text, name, kind)
    return make_report([audit_document(doc, settings, rules)], settings)


def audit_one(path: str, settings: Settings, rules: Sequence[Rule], measured=None) -> FileReport:
    """One input to a FileReport; input problems become FileReport.error, never an exception."""
    try:
        doc = load(path, encoding=settings.encoding, max_line_chars=settings.max_line_chars)
    except IngestError as e:
        return FileReport(path=path, error=str(e))
    return audit_document(doc, settings, rules, measured)


def audit_paths(paths: Iterable[str | Path], *, settings: Settings | None = None,
                rules: Sequence[Rule] | None = None, measured=None, jobs: int = 1) -> Report:
    """Audit files, directories, globs, URLs and '-' (stdin): what `auditor check` runs, without
    the progress bar."""
    from auditor.runner import run_check

    settings = settings or Settings()
    rules = rules if rules is not None else load_rules(settings.rules)
    return run_check([str(p) for p in paths], settings, rules, measured, jobs=jobs, show_progress=False)
