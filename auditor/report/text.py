"""Terminal report, like a modern linter: `path:line:col severity RULE message`, the source
line with the figure underlined, what was read (operating point, mechanism), the prediction,
a suggested rewrite, and a summary line."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from auditor.models import Claim, FileReport, Report
from auditor.rules_engine import op_words, prediction_words
from auditor.settings import Settings

_SEV_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}


def _loc(fr: FileReport, c_line: int, c_col: int, page: int | None) -> str:
    p = f"{fr.path}:{c_line}:{c_col}"
    return p + (f" (page {page})" if page else "")


def _underline(c: Claim) -> tuple[str, str] | None:
    line = c.source_line
    if not line or c.column < 1:
        return None
    start = c.column - 1
    width = (c.end_column - c.column) if c.end_line == c.line and c.end_column > c.column else len(c.text)
    width = max(1, min(width, max(1, len(line) - start)))
    shown = line.rstrip("\n")
    if len(shown) > 160:  # keep long lines readable: a window around the figure
        lo = max(0, start - 60)
        shown = ("…" if lo else "") + shown[lo:lo + 160]
        start = start - lo + (1 if lo else 0)
    return shown, " " * start + "^" * width


def prediction_line(c: Claim) -> str | None:
    return prediction_words(c, verdict=True) if c.prediction is not None else None


def render_text(report: Report, console: Console, settings: Settings, verbose: bool = False) -> None:
    for fr in report.files:
        if fr.error:
            console.print(f"[bold red]error[/] {escape(fr.error)}", highlight=False)
            continue
        by_claim: dict[str | None, list] = {}
        for f in fr.findings:
            by_claim.setdefault(f.claim, []).append(f)
        for c in fr.claims:
            fs = by_claim.get(c.id, [])
            if not fs and not verbose:
                continue
            for f in fs:
                console.print(
                    f"[bold]{escape(_loc(fr, f.line, f.column, f.page))}[/] "
                    f"[{_SEV_STYLE[f.severity]}]{f.severity}[/] [bold]{f.rule}[/] {escape(f.message)}",
                    highlight=False,
                )
            if not fs:
                console.print(f"[bold]{escape(_loc(fr, c.line, c.column, c.page))}[/] [green]claim[/] "
                              f"{escape(c.text)}", highlight=False)
            ul = _underline(c)
            num = str(c.line)
            pad = " " * len(num)
            if ul is not None:
                console.print(f"  [dim]{num} |[/] {escape(ul[0])}", highlight=False)
                console.print(f"  [dim]{pad} |[/] [bold magenta]{ul[1]}[/]", highlight=False)
            what = (f"op: {op_words(c)} · mechanism: {c.mechanism}"
                    + (f" · technique: {c.technique}" if c.technique else "")
                    + (f" · metric: {c.metric}" if c.metric != "unspecified" else ""))
            console.print(f"  [dim]{pad} =[/] {escape(what)}", highlight=False)
            pl = prediction_line(c)
            if pl:
                console.print(f"  [dim]{pad} =[/] predicted: {escape(pl)}", highlight=False)
            if c.measured is not None:
                from auditor.rules_engine import _measured_words

                console.print(f"  [dim]{pad} =[/] measured: {escape(_measured_words(c))}", highlight=False)
            sugg = next((f.suggestion for f in fs if f.suggestion), None)
            if sugg:
                console.print(f"  [dim]{pad} =[/] [green]suggestion:[/] {escape(sugg)}", highlight=False)
            console.print()
    s = report.summary
    parts = [f"{s.files} file{'s' if s.files != 1 else ''}", f"{s.claims} claim{'s' if s.claims != 1 else ''}",
             f"{s.findings} finding{'s' if s.findings != 1 else ''}"]
    if s.by_severity:
        parts.append(", ".join(f"{n} {k}" for k, n in sorted(s.by_severity.items())))
    if s.errors:
        parts.append(f"[bold red]{s.errors} input error{'s' if s.errors != 1 else ''}[/]")
    console.print("Checked " + " · ".join(parts), highlight=False)
