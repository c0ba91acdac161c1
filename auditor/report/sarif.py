"""SARIF 2.1.0 for code scanning (GitHub, Azure DevOps, IDE viewers).

One run; tool.driver lists every loaded rule (id, name, short and full description, help as
text and Markdown, default level); each finding is a result with ruleId + ruleIndex, level,
message, a physical location (uri relative to the current directory under %SRCROOT%, 1-based
region, exclusive endColumn; the run's columnKind is unicodeCodePoints) and a partial
fingerprint that does not depend on line numbers, so alerts survive edits elsewhere in the file.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from auditor.models import Claim, FileReport, Finding, Report
from auditor.report._paths import artifact_uri, cwd_uri, display_path
from auditor.report.ruledocs import rule_markdown
from auditor.rules_engine import Rule, load_rules, op_words
from auditor.settings import Settings

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_VERSION = "2.1.0"
FINGERPRINT_KEY = "claimAuditor/v1"
LEVEL = {"error": "error", "warning": "warning", "info": "note"}


def _rule_descriptor(r: Rule) -> dict[str, Any]:
    return {
        "id": r.id,
        "name": r.name,
        "shortDescription": {"text": r.summary.strip()},
        "fullDescription": {"text": " ".join(r.rationale.split())},
        "help": {"text": " ".join(r.fix.split()), "markdown": rule_markdown(r)},
        "defaultConfiguration": {"level": LEVEL[r.severity]},
        "properties": {"tags": ["performance-claims", r.name], "needs": r.needs},
    }


def fingerprint(rule: str, path: str, claim: Claim | None, finding: Finding) -> str:
    """Hash of what the finding is about, never where: rule id, path, claim text and its sentence
    (whitespace-normalised so re-wrapping a paragraph does not change it)."""
    if claim is not None:
        parts = [rule, path, claim.text, " ".join(claim.sentence.split())]
    else:
        parts = [rule, path, " ".join(finding.message.split())]
    return hashlib.sha256("\x00".join(parts).encode("utf-8")).hexdigest()[:32]


def _message(f: Finding) -> str:
    text = f.message.strip()
    if f.suggestion:
        text += f"\nSuggestion: {f.suggestion.strip()}"
    return text


def _region(f: Finding) -> dict[str, Any]:
    start_line = max(1, f.line or 1)
    start_col = max(1, f.column or 1)
    region: dict[str, Any] = {"startLine": start_line, "startColumn": start_col}
    end_line = f.end_line if f.end_line and f.end_line >= start_line else start_line
    if end_line != start_line:
        region["endLine"] = end_line
    if f.end_column and (end_line > start_line or f.end_column > start_col):
        region["endColumn"] = f.end_column  # exclusive, as in the JSON report
    return region


def _claim_properties(c: Claim) -> dict[str, Any]:
    props: dict[str, Any] = {
        "claim": c.text, "operatingPoint": op_words(c), "mechanism": c.mechanism,
        "technique": c.technique, "metric": c.metric, "ratio": c.ratio,
    }
    if c.prediction is not None:
        p = c.prediction
        props["prediction"] = {"atReader": p.at_reader, "readerConcurrency": p.reader_concurrency,
                               "crossover": p.crossover, "verdict": p.verdict}
    return {k: v for k, v in props.items() if v is not None}


def _results_for(fr: FileReport, rule_index: dict[str, int], cwd: Path) -> list[dict[str, Any]]:
    claims = {c.id: c for c in fr.claims}
    shown = display_path(fr.path, cwd)
    uri, relative = artifact_uri(fr.path, cwd)
    location: dict[str, Any] = {"uri": uri}
    if relative:
        location["uriBaseId"] = "%SRCROOT%"
    seen: dict[str, int] = {}
    out: list[dict[str, Any]] = []
    for f in fr.findings:
        claim = claims.get(f.claim or "")
        base = fingerprint(f.rule, shown, claim, f)
        n = seen.get(base, 0)  # identical claims in identical sentences: number them in order
        seen[base] = n + 1
        result: dict[str, Any] = {
            "ruleId": f.rule,
            "level": LEVEL[f.severity],
            "message": {"text": _message(f)},
            "locations": [{"physicalLocation": {"artifactLocation": dict(location), "region": _region(f)}}],
            "partialFingerprints": {FINGERPRINT_KEY: f"{base}:{n}"},
        }
        if f.rule in rule_index:
            result["ruleIndex"] = rule_index[f.rule]
        if claim is not None:
            result["properties"] = _claim_properties(claim)
        out.append(result)
    return out


def build_sarif(report: Report, settings: Settings, rules: list[Rule] | None = None,
                cwd: Path | None = None) -> dict[str, Any]:
    cwd = (cwd or Path.cwd()).resolve()
    rules = list(rules) if rules is not None else load_rules(settings.rules)
    descriptors = [_rule_descriptor(r) for r in rules]
    rule_index = {r.id: i for i, r in enumerate(rules)}
    for fr in report.files:  # a finding from a rule not loaded here still gets a descriptor
        for f in fr.findings:
            if f.rule not in rule_index:
                rule_index[f.rule] = len(descriptors)
                descriptors.append({"id": f.rule, "name": f.name, "shortDescription": {"text": f.name},
                                    "defaultConfiguration": {"level": LEVEL[f.severity]}})
    results: list[dict[str, Any]] = []
    notifications: list[dict[str, Any]] = []
    for fr in report.files:
        if fr.error:
            uri, relative = artifact_uri(fr.path, cwd)
            loc: dict[str, Any] = {"uri": uri}
            if relative:
                loc["uriBaseId"] = "%SRCROOT%"
            notifications.append({"level": "error", "message": {"text": fr.error},
                                  "locations": [{"physicalLocation": {"artifactLocation": loc}}]})
            continue
        results.extend(_results_for(fr, rule_index, cwd))
    run: dict[str, Any] = {
        "tool": {"driver": {
            "name": report.tool.name,
            "version": report.tool.version,
            "semanticVersion": report.tool.version,
            "rules": descriptors,
        }},
        "originalUriBaseIds": {"%SRCROOT%": {"uri": cwd_uri(cwd)}},
        "invocations": [{"executionSuccessful": not notifications,
                         "toolExecutionNotifications": notifications}],
        "columnKind": "unicodeCodePoints",
        "results": results,
        "properties": {"readerConcurrency": settings.concurrency, "summary": report.summary.model_dump()},
    }
    return {"$schema": SARIF_SCHEMA, "version": SARIF_VERSION, "runs": [run]}


def render_sarif(report: Report, settings: Settings) -> str:
    return json.dumps(build_sarif(report, settings), indent=2, ensure_ascii=False) + "\n"
