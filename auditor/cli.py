"""The `auditor` command line (typer). A thin layer over the library API.

Exit codes, as other linters: 0 nothing at or above --fail-on, 1 findings, 2 usage or input error.
"""

from __future__ import annotations

import codecs
import json
import sys
from collections.abc import Iterable
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console

from auditor import __version__
from auditor.config import ConfigError, resolve_settings
from auditor.lexicon import DataFileError
from auditor.models import FileDigest, FileReport, Report
from auditor.rules_engine import load_rules
from auditor.settings import AUTO_JOBS_MIN_FILES

app = typer.Typer(
    name="auditor",
    help="Lint performance announcements about LLM inference: find every speedup claim, its operating "
         "point, and what it becomes at your concurrency.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
err_console = Console(stderr=True, highlight=False, soft_wrap=True)


class CheckFormat(str, Enum):
    text = "text"
    json = "json"
    sarif = "sarif"
    github = "github"
    html = "html"


class FailOnLevel(str, Enum):
    error = "error"
    warning = "warning"
    info = "info"
    never = "never"


class EncodingChoice(str, Enum):
    utf8 = "utf-8"
    auto = "auto"
    utf16 = "utf-16"
    latin1 = "latin-1"
    cp1252 = "cp1252"


def fail(message: str, code: int = 2) -> None:
    """One clear line on stderr and a non-zero exit; never a traceback."""
    err_console.print(f"[bold red]error:[/] {message}", markup=True, highlight=False)
    raise typer.Exit(code)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"claim-auditor {__version__}")
        raise typer.Exit(0)


@app.callback()
def main_callback(
    version: Annotated[Optional[bool], typer.Option("--version", callback=_version, is_eager=True,
                                                    help="Show the version and exit.")] = None,
) -> None:
    """claim-auditor."""


def _read_urls_file(path: Path) -> list[str]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        fail(f"{path}: cannot read URL list ({e})")
    return [ln.strip() for ln in lines if ln.strip() and not ln.strip().startswith("#")]


def _write_output(text: str, output: Path | None) -> None:
    if output is None:
        sys.stdout.write(text)
        if not text.endswith("\n"):
            sys.stdout.write("\n")
        return
    from auditor.report import write_atomic

    write_atomic(output, text)


@app.command()
def check(
    paths: Annotated[Optional[list[str]], typer.Argument(
        help="Files, directories, globs, URLs, or - for stdin.", show_default=False)] = None,
    format: Annotated[CheckFormat, typer.Option("--format", "-f", help="Output format.")] = CheckFormat.text,
    fail_on: Annotated[Optional[FailOnLevel], typer.Option(
        "--fail-on", help="Exit 1 when a finding at or above this severity exists [default: warning].")] = None,
    concurrency: Annotated[Optional[float], typer.Option(
        "--concurrency", "-c", help="Your own concurrency: predictions are made for it [default: 32].")] = None,
    max_concurrency: Annotated[Optional[float], typer.Option(
        "--max-concurrency", help="Top of your concurrency range (OP004) [default: 256].")] = None,
    hardware: Annotated[Optional[str], typer.Option(help="Default GPU where a text names none.")] = None,
    model: Annotated[Optional[str], typer.Option(help="Default model where a text names none.")] = None,
    rules: Annotated[Optional[list[Path]], typer.Option("--rules", help="Extra rule folder (repeatable).")] = None,
    disable: Annotated[Optional[list[str]], typer.Option("--disable", help="Rule id to switch off (repeatable).")] = None,
    enable: Annotated[Optional[list[str]], typer.Option("--enable", help="Only these rule ids (repeatable).")] = None,
    config: Annotated[Optional[Path], typer.Option("--config", help="Config file (default: nearest "
                                                   ".auditor.toml or pyproject.toml [tool.auditor]).")] = None,
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="Write the report to this file.")] = None,
    urls: Annotated[Optional[Path], typer.Option("--urls", help="File with one URL a line.")] = None,
    measured: Annotated[Optional[list[Path]], typer.Option(
        "--measured", help="Load-generator result files to check claims against (repeatable).")] = None,
    jobs: Annotated[Optional[int], typer.Option(
        "--jobs", "-j", min=1, help="Parallel worker processes (default: one per core when more than "
        f"{AUTO_JOBS_MIN_FILES} files, else 1).")] = None,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Do not use the on-disk URL cache.")] = False,
    no_predict: Annotated[bool, typer.Option("--no-predict", help="Skip the fade model.")] = False,
    encoding: Annotated[Optional[EncodingChoice], typer.Option(
        "--encoding", help="Encoding of local files: utf-8 (strict), auto (UTF-8, UTF-16 with a BOM, else "
        "Latin-1), or an explicit one [default: utf-8].")] = None,
    max_line_chars: Annotated[Optional[int], typer.Option(
        "--max-line-chars", min=0, help="Refuse text/Markdown files with a longer line (generated or minified); "
        "0: no limit [default: 100000].")] = None,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Show claims without findings too.")] = False,
) -> None:
    """Check documents for speedup claims and report findings."""
    inputs = list(paths or [])
    if urls is not None:
        inputs += _read_urls_file(urls)
    if not inputs:
        fail("no input: give at least one path, URL, or - for stdin")
    flags = {
        "concurrency": concurrency, "max_concurrency": max_concurrency, "hardware": hardware, "model": model,
        "rules": [str(r) for r in rules] if rules else None, "disable": disable, "enable": enable,
        "fail_on": fail_on.value if fail_on else None, "predict": False if no_predict else None,
        "encoding": encoding.value if encoding else None, "max_line_chars": max_line_chars,
    }
    start = next((Path(p) for p in inputs if p != "-" and "://" not in p and Path(p).exists()), Path.cwd())
    try:
        settings, _ = resolve_settings(start, flags, config)
        rule_set = load_rules(settings.rules)
    except (ConfigError, DataFileError) as e:
        fail(str(e))
    measured_set = None
    if measured:
        from auditor.measure import MeasureError, load_measured

        try:
            measured_set = load_measured([str(m) for m in measured])
        except MeasureError as e:
            fail(str(e))
    if no_cache:
        import os

        os.environ["AUDITOR_NO_CACHE"] = "1"
    from auditor.runner import run_check, run_check_json

    show_progress = format in (CheckFormat.text,) or output is not None
    if format is CheckFormat.json:
        json_report = run_check_json(inputs, settings, rule_set, measured_set, jobs=jobs, show_progress=show_progress)
        _write_output_bytes(json_report.chunks(), output)
        _print_input_errors(json_report.files)
        raise typer.Exit(json_report.exit_code(settings.fail_on))
    report = run_check(inputs, settings, rule_set, measured_set, jobs=jobs, show_progress=show_progress)
    _emit(report, format, output, settings, verbose)
    raise typer.Exit(report.exit_code(settings.fail_on))


def _write_output_bytes(chunks: Iterable[bytes], output: Path | None) -> None:
    """_write_output for UTF-8 pieces (the JSON report): written as they are, never decoded and
    re-encoded (158 MB on the 1M-word bench) unless stdout has another encoding."""
    if output is not None:
        from auditor.report import write_atomic

        write_atomic(output, b"".join(chunks))
        return
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None or codecs.lookup(sys.stdout.encoding or "ascii").name != "utf-8":
        _write_output(b"".join(chunks).decode("utf-8"), None)
        return
    sys.stdout.flush()
    last = b""
    for chunk in chunks:
        if chunk:
            buffer.write(chunk)
            last = chunk
    if not last.endswith(b"\n"):
        buffer.write(b"\n")
    buffer.flush()


def _print_input_errors(files: Iterable[FileReport | FileDigest]) -> None:
    for fr in files:
        if fr.error:
            err_console.print(f"[bold red]error:[/] {fr.error}", markup=True, highlight=False)


def _emit(report: Report, format: CheckFormat, output: Path | None, settings, verbose: bool) -> None:
    if format is CheckFormat.json:
        _write_output(report.model_dump_json(indent=2), output)
    elif format is CheckFormat.text:
        if output is None:
            from auditor.report.text import render_text

            render_text(report, Console(highlight=False, soft_wrap=True), settings, verbose)
        else:
            from io import StringIO

            from auditor.report.text import render_text

            buf = StringIO()
            render_text(report, Console(file=buf, highlight=False, no_color=True, width=200), settings, verbose)
            _write_output(buf.getvalue(), output)
    else:
        from auditor import report as report_pkg

        renderer = getattr(report_pkg, f"render_{format.value}", None)
        if renderer is None:
            fail(f"--format {format.value} is not available in this build")
        _write_output(renderer(report, settings), output)
    if format is not CheckFormat.text:
        _print_input_errors(report.files)


@app.command("rules")
def rules_cmd(
    format: Annotated[str, typer.Option("--format", "-f", help="text | markdown | json")] = "text",
    rules: Annotated[Optional[list[Path]], typer.Option("--rules", help="Extra rule folder (repeatable).")] = None,
) -> None:
    """List the rules: id, name, severity, what each checks."""
    try:
        rule_set = load_rules(rules or [])
    except DataFileError as e:
        fail(str(e))
    from auditor.report.ruledocs import rules_json, rules_markdown

    if format == "markdown":
        typer.echo(rules_markdown(rule_set), nl=False)
    elif format == "json":
        typer.echo(json.dumps(rules_json(rule_set), indent=2))
    elif format == "text":
        console = Console(highlight=False, soft_wrap=True)
        for r in rule_set:
            console.print(f"[bold]{r.id}[/] {r.name:<30} [dim]{r.severity:<8}[/] {r.summary}")
    else:
        fail(f"unknown format '{format}' (text, markdown, json)")


@app.command()
def explain(rule_id: Annotated[str, typer.Argument(help="Rule id (OP001) or name (missing-operating-point).")],
            rules: Annotated[Optional[list[Path]], typer.Option("--rules")] = None) -> None:
    """Explain a rule: what it checks, why it matters, an example that fires and one that passes, how to fix."""
    try:
        rule_set = load_rules(rules or [])
    except DataFileError as e:
        fail(str(e))
    key = rule_id.strip()
    rule = next((r for r in rule_set if r.id.upper() == key.upper() or r.name == key.lower()), None)
    if rule is None:
        fail(f"unknown rule '{rule_id}' (see `auditor rules`)")
    from rich.markdown import Markdown

    from auditor.report.ruledocs import rule_markdown

    Console().print(Markdown(rule_markdown(rule)))


@app.command()
def schema() -> None:
    """Print the JSON Schema of the `check --format json` report."""
    typer.echo(json.dumps(Report.model_json_schema(), indent=2))


@app.command("eval")
def eval_cmd(
    directory: Annotated[Path, typer.Argument(help="A folder laid out like corpus/: gold.jsonl + docs.txt.")],
    format: Annotated[str, typer.Option("--format", "-f", help="text | json")] = "text",
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="List every miss and false positive.")] = False,
) -> None:
    """Score the extractor against a gold-annotated folder: precision, recall, F1, per-field accuracy."""
    from auditor.evaluate import EvalError, evaluate, render_eval_text

    try:
        result = evaluate(directory)
    except EvalError as e:
        fail(str(e))
    if format == "json":
        typer.echo(json.dumps(result.as_json(verbose), indent=2))
    elif format == "text":
        render_eval_text(result, Console(highlight=False), verbose)
    else:
        fail(f"unknown format '{format}' (text, json)")


# --- commands that live in their own modules
# (registered below; each module keeps its own options and help)
from auditor.commands import measure as measure_cmds  # noqa: E402
app.command("plan")(measure_cmds.plan)
app.command("results")(measure_cmds.results)
from auditor.commands import annotate as annotate_cmds  # noqa: E402
app.command("annotate")(annotate_cmds.annotate)
from auditor.commands import config_cmd as config_cmds  # noqa: E402
app.command("config")(config_cmds.config)
from auditor.commands import predict as predict_cmds  # noqa: E402
app.command("predict")(predict_cmds.predict)
app.command("calibrate")(predict_cmds.calibrate)


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        err_console.print("interrupted")
        sys.exit(130)


if __name__ == "__main__":
    main()
