"""`auditor annotate FILE.md`: the document back with a note after each claim.

Registered in auditor/cli.py as `app.command("annotate")(annotate_cmds.annotate)`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer


def _fail(message: str) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def annotate(
    file: Annotated[Path, typer.Argument(help="A Markdown file.", show_default=False)],
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="Write the result here.")] = None,
    in_place: Annotated[bool, typer.Option("--in-place", "-i", help="Rewrite FILE (atomically).")] = False,
    strip: Annotated[bool, typer.Option("--strip", help="Remove the notes an earlier run added.")] = False,
    concurrency: Annotated[Optional[float], typer.Option(
        "--concurrency", "-c", help="Your own concurrency: predictions are made for it [default: 32].")] = None,
    hardware: Annotated[Optional[str], typer.Option(help="Default GPU where the text names none.")] = None,
    model: Annotated[Optional[str], typer.Option(help="Default model where the text names none.")] = None,
    rules: Annotated[Optional[list[Path]], typer.Option("--rules", help="Extra rule folder (repeatable).")] = None,
    config: Annotated[Optional[Path], typer.Option("--config", help="Config file.")] = None,
    no_predict: Annotated[bool, typer.Option("--no-predict", help="Skip the fade model.")] = False,
) -> None:
    """Annotate a Markdown file: after each claim, an HTML comment with the operating point read, the
    mechanism, the predicted figure at your concurrency and a suggested rewrite. Idempotent;
    --strip removes exactly what was added. Prints to stdout unless -o or --in-place."""
    from auditor.config import ConfigError, resolve_settings
    from auditor.ingest import kind_for
    from auditor.lexicon import DataFileError
    from auditor.report import write_atomic
    from auditor.report.annotate import annotate_text, read_source, strip_notes
    from auditor.rules_engine import load_rules

    if output is not None and in_place:
        _fail("give either -o/--output or --in-place, not both")
    if not file.is_file():
        _fail(f"{file}: no such file")
    if kind_for(str(file)) != "markdown":
        _fail(f"{file}: annotate works on Markdown files (.md, .markdown, .mdx)")
    try:
        source = read_source(file)
    except (OSError, ValueError) as e:
        _fail(str(e))
    if strip:
        result, summary = strip_notes(source), "stripped notes"
    else:
        flags = {"concurrency": concurrency, "hardware": hardware, "model": model,
                 "rules": [str(r) for r in rules] if rules else None, "predict": False if no_predict else None}
        try:
            settings, _ = resolve_settings(file, flags, config)
            rule_set = load_rules(settings.rules)
        except (ConfigError, DataFileError) as e:
            _fail(str(e))
        done = annotate_text(source, str(file), settings, rule_set)
        result = done.text
        summary = f"{done.notes} note{'s' if done.notes != 1 else ''}" + (
            f", {done.skipped} claim{'s' if done.skipped != 1 else ''} not located" if done.skipped else "")
    target = file if in_place else output
    if target is None:
        sys.stdout.flush()
        sys.stdout.buffer.write(result.encode("utf-8"))
        sys.stdout.buffer.flush()
        return
    if target.resolve() != file.resolve() or result != source:
        write_atomic(target, result)
    typer.echo(f"{target}: {summary}", err=True)
