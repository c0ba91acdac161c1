"""Run `check` over many inputs: expansion, optional worker processes, a progress bar on
stderr when there are more than a few inputs or any URL (never mixed into stdout)."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from auditor.api import audit_one, make_report
from auditor.ingest import expand_inputs
from auditor.models import FileDigest, FileReport, Report
from auditor.rules_engine import Rule
from auditor.settings import AUTO_JOBS_MIN_FILES, Settings

if TYPE_CHECKING:
    from auditor.report.jsonreport import JsonReport

PROGRESS_THRESHOLD = 4

T = TypeVar("T")


def _worker(path: str, settings: Settings, rules: Sequence[Rule], measured: object) -> FileReport:
    return audit_one(path, settings, rules, measured)


def _worker_json(path: str, settings: Settings, rules: Sequence[Rule], measured: object
                 ) -> tuple[FileDigest, bytes]:
    """The file's JSON is written here, in the worker: the parent gets bytes, not a model tree."""
    from auditor.report.jsonreport import file_json

    fr = audit_one(path, settings, rules, measured)
    return FileDigest.of(fr), file_json(fr)


def _run(inputs: Sequence[str], settings: Settings, rules: Sequence[Rule], measured, jobs: int | None,
         show_progress: bool, work: Callable[..., T], error: Callable[[FileReport], T]) -> tuple[list[T], bool]:
    """`work` on every input, in input order (inputs that failed expansion go through `error`),
    and whether the progress bar was on.

    jobs None: one process per core (at most 8) when there are more than AUTO_JOBS_MIN_FILES
    inputs, as ruff and flake8 do; a handful of files is faster in one process (no start-up)."""
    expanded = expand_inputs(inputs, settings.exclude)
    todo = [p for p, err in expanded if err is None]
    results: dict[int, T] = {}
    for i, (p, err) in enumerate(expanded):
        if err is not None:
            results[i] = error(FileReport(path=p, error=err))
    index = [i for i, (_, err) in enumerate(expanded) if err is None]
    if jobs is None:
        jobs = min(os.cpu_count() or 1, 8) if len(todo) > AUTO_JOBS_MIN_FILES else 1
    want_bar = show_progress and (len(todo) > PROGRESS_THRESHOLD or any("://" in p for p in todo)) \
        and not os.environ.get("AUDITOR_NO_PROGRESS")
    progress = Progress(TextColumn("[progress.description]{task.description}"), BarColumn(),
                        MofNCompleteColumn(), TimeElapsedColumn(), console=Console(stderr=True),
                        transient=True, disable=not want_bar)
    # settings, rules and measured travel once per chunk of files (bound with partial), not once a file
    one = partial(work, settings=settings, rules=list(rules), measured=measured)
    with progress:
        task = progress.add_task("checking", total=len(todo))
        if jobs > 1 and len(todo) > 1:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                for i, r in zip(index, pool.map(one, todo, chunksize=max(1, len(todo) // (jobs * 4)))):
                    results[i] = r
                    progress.advance(task)
        else:
            for i, p in zip(index, todo):
                progress.update(task, description=f"checking {p[-40:]}")
                results[i] = one(p)
                progress.advance(task)
    return [results[i] for i in range(len(expanded))], want_bar and len(expanded) > 1


def run_check(inputs: Sequence[str], settings: Settings, rules: Sequence[Rule], measured=None, *,
              jobs: int | None = None, show_progress: bool = True) -> Report:
    """Every input checked, as one Report (see _run for `jobs`)."""
    files, table = _run(inputs, settings, rules, measured, jobs, show_progress, _worker, lambda fr: fr)
    report = make_report(files, settings)
    if table:
        _per_file_summary([FileDigest.of(fr) for fr in report.files])
    return report


def run_check_json(inputs: Sequence[str], settings: Settings, rules: Sequence[Rule], measured=None, *,
                   jobs: int | None = None, show_progress: bool = True) -> JsonReport:
    """run_check for `--format json`: each file is serialised as soon as it is checked (in its
    worker), and the report is spliced from those pieces; same bytes as run_check's report dumped
    with indent 2, without building, pickling and dumping the whole model tree in the parent."""
    from auditor.report.jsonreport import JsonReport, file_json

    pairs, table = _run(inputs, settings, rules, measured, jobs, show_progress, _worker_json,
                        lambda fr: (FileDigest.of(fr), file_json(fr)))
    digests = [d for d, _ in pairs]
    report = JsonReport(head=make_report([], settings, summary_of=digests), files=digests, parts=[j for _, j in pairs])
    if table:
        _per_file_summary(digests)
    return report


def _per_file_summary(files: Sequence[FileDigest]) -> None:
    """One row per input on stderr (claims, findings by severity, or the error), after a batch run."""
    from rich.table import Table

    table = Table(title="per-file summary", title_justify="left", box=None, pad_edge=False)
    for col, just in (("input", "left"), ("kind", "left"), ("claims", "right"), ("errors", "right"),
                      ("warnings", "right"), ("info", "right"), ("note", "left")):
        table.add_column(col, justify=just)  # type: ignore[arg-type]
    for fr in files:
        sev = {"error": 0, "warning": 0, "info": 0}
        for _, severity in fr.findings:
            sev[severity] = sev.get(severity, 0) + 1
        table.add_row(fr.path if len(fr.path) <= 60 else "…" + fr.path[-59:], fr.kind or "-",
                      str(fr.claims), str(sev["error"]), str(sev["warning"]), str(sev["info"]),
                      f"[red]{fr.error}[/]" if fr.error else "")
    Console(stderr=True, highlight=False, soft_wrap=True).print(table)
