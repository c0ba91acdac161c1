"""GitHub Actions workflow-command annotations, one line per finding:

    ::warning file=docs/post.md,line=12,col=5,endLine=12,endColumn=16,title=OP001 missing-operating-point::message

GitHub shows these inline on the pull request's diff. Escaping follows the runner's rules
(actions/toolkit `command.ts`): in the message `%`, CR and LF become %25, %0D, %0A; in property
values `:` and `,` are escaped as well (%3A, %2C). `col`/`endColumn` are only sent for one-line
ranges (GitHub rejects them otherwise); endColumn is the same exclusive column as the JSON report.
"""

from __future__ import annotations

from pathlib import Path

from auditor.models import Claim, FileReport, Finding, Report
from auditor.report._paths import display_path
from auditor.settings import Settings

COMMAND = {"error": "error", "warning": "warning", "info": "notice"}


def escape_data(s: str) -> str:
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(s: str) -> str:
    return escape_data(s).replace(":", "%3A").replace(",", "%2C")


def command(kind: str, message: str, **props: object) -> str:
    parts = [f"{k}={escape_property(str(v))}" for k, v in props.items() if v is not None]
    return f"::{kind}{' ' + ','.join(parts) if parts else ''}::{escape_data(message)}"


def _message(f: Finding, claim: Claim | None) -> str:
    lines = [f.message.strip()]
    if claim is not None and claim.prediction is not None:
        from auditor.report.text import prediction_line

        pl = prediction_line(claim)
        if pl:
            lines.append(f"Predicted: {pl}")
    if f.suggestion:
        lines.append(f"Suggestion: {f.suggestion.strip()}")
    return "\n".join(lines)


def _annotations(fr: FileReport, cwd: Path) -> list[str]:
    path = display_path(fr.path, cwd)
    if fr.error:
        return [command("error", fr.error, file=path, title="claim-auditor: input error")]
    claims = {c.id: c for c in fr.claims}
    out = []
    for f in fr.findings:
        props: dict[str, object] = {"file": path, "line": max(1, f.line)}
        end_line = max(f.end_line or f.line, f.line)
        if end_line != f.line:  # GitHub refuses col/endColumn on multi-line annotations
            props["endLine"] = end_line
        else:
            props["col"] = max(1, f.column)
            if f.end_column and f.end_column > f.column:
                props["endColumn"] = f.end_column
        props["title"] = f"{f.rule} {f.name}"
        out.append(command(COMMAND[f.severity], _message(f, claims.get(f.claim or "")), **props))
    return out


def render_github(report: Report, settings: Settings, cwd: Path | None = None) -> str:
    cwd = (cwd or Path.cwd()).resolve()
    lines: list[str] = []
    for fr in report.files:
        lines.extend(_annotations(fr, cwd))
    s = report.summary
    sev = ", ".join(f"{n} {k}" for k, n in sorted(s.by_severity.items()))
    lines.append(f"claim-auditor: {s.files} files, {s.claims} claims, {s.findings} findings"
                 + (f" ({sev})" if sev else "") + (f", {s.errors} input errors" if s.errors else ""))
    return "\n".join(lines) + "\n"
