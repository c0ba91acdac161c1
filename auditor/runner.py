"""Run `check` over many inputs: expansion, optional worker processes, a progress bar on
stderr when there are more than a few inputs or any URL (never mixed into stdout)."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from collections.abc import Sequence

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from auditor.api import audit_one, make_report
from auditor.ingest import expand_inputs
from auditor.models import FileReport, Report
from auditor.rules_engine import Rule
from auditor.settings import AUTO_JOBS_MIN_FILES, Settings

PROGRESS_THRESHOLD = 4


def _worker(args: tuple[str, Settings, list[Rule], object]) -> FileReport:
    path, settings, rules, measured = args
    return audit_one(path, settings, rules, measured)


def run_check(inputs: Sequence[str], settings: Settings, rules: Sequence[Rule], measured=None, *,
              jobs: int | None = None, show_progress: bool = True) -> Report:
    """jobs None: one process per core (at most 8) when there are more than AUTO_JOBS_MIN_FILES
    inputs, as ruff and flake8 do; a handful of files is faster in one process (no start-up)."""
    expanded = expand_inputs(inputs, settings.exclude)
    todo = [p for p, err in expanded if err is None]
    results: dict[int, FileReport] = {}
    for i, (p, err) in enumerate(expanded):
        if err is not None:
            results[i] = FileReport(path=p, error=err)
    index = [i for i, (_, err) in enumerate(expanded) if err is None]
    if jobs is None:
        jobs = min(os.cpu_count() or 1, 8) if len(todo) > AUTO_JOBS_MIN_FILES else 1
    want_bar = show_progress and (len(todo) > PROGRESS_THRESHOLD or any("://" in p for p in todo)) \
        and not os.environ.get("AUDITOR_NO_PROGRESS")
    progress = Progress(TextColumn("[progress.description]{task.description}"), BarColumn(),
                        MofNCompleteColumn(), TimeElapsedColumn(), console=Console(stderr=True),
                        transient=True, disable=not want_bar)
    with progress:
        task = progress.add_task("checking", total=len(todo))
        if jobs > 1 and len(todo) > 1:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                args = [(p, settings, list(rules), measured) for p in todo]
                for i, fr in zip(index, pool.map(_worker, args, chunksize=max(1, len(todo) // (jobs * 4)))):
                    results[i] = fr
                    progress.advance(task)
        else:
            for i, p in zip(index, todo):
                progress.update(task, description=f"checking {p[-40:]}")
                results[i] = audit_one(p, settings, rules, measured)
                progress.advance(task)
    report = make_report([results[i] for i in range(len(expanded))], settings)
    if want_bar and len(expanded) > 1:
        _per_file_summary(report)
    return report


def _per_file_summary(report: Report) -> None:
    """One row per input on stderr (claims, findings by severity, or the error), after a batch run."""
    from rich.table import Table

    table = Table(title="per-file summary", title_justify="left", box=None, pad_edge=False)
    for col, just in (("input", "left"), ("kind", "left"), ("claims", "right"), ("errors", "right"),
                      ("warnings", "right"), ("info", "right"), ("note", "left")):
        table.add_column(col, justify=just)  # type: ignore[arg-type]
    for fr in report.files:
        sev = {"error": 0, "warning": 0, "info": 0}
        for f in fr.findings:
            sev[f.severity] = sev.get(f.severity, 0) + 1
        table.add_row(fr.path if len(fr.path) <= 60 else "…" + fr.path[-59:], fr.kind or "-",
                      str(len(fr.claims)), str(sev["error"]), str(sev["warning"]), str(sev["info"]),
                      f"[red]{fr.error}[/]" if fr.error else "")
    Console(stderr=True, highlight=False, soft_wrap=True).print(table)
