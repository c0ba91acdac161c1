"""`auditor config`: the effective settings and where each came from (default, a config file,
or the command line), resolved exactly as `auditor check` resolves them.

Registered in auditor/cli.py as `app.command("config")(config_cmds.config)`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Optional

import typer


def _fail(message: str) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def _show(v: Any) -> str:
    if isinstance(v, float) and v.is_integer():
        return f"{v:g}"
    if isinstance(v, (list, dict)):
        return json.dumps(v) if v else ("[]" if isinstance(v, list) else "{}")
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def config(
    path: Annotated[Optional[Path], typer.Argument(
        help="A file or folder to resolve settings for (default: the current folder).", show_default=False)] = None,
    config_file: Annotated[Optional[Path], typer.Option("--config", help="Use this config file.")] = None,
    format: Annotated[str, typer.Option("--format", "-f", help="text | json | toml")] = "text",
    concurrency: Annotated[Optional[float], typer.Option("--concurrency", "-c", help="Your own concurrency.")] = None,
    max_concurrency: Annotated[Optional[float], typer.Option("--max-concurrency")] = None,
    hardware: Annotated[Optional[str], typer.Option(help="Default GPU.")] = None,
    model: Annotated[Optional[str], typer.Option(help="Default model.")] = None,
    rules: Annotated[Optional[list[Path]], typer.Option("--rules", help="Extra rule folder (repeatable).")] = None,
    disable: Annotated[Optional[list[str]], typer.Option("--disable", help="Rule id to switch off.")] = None,
    enable: Annotated[Optional[list[str]], typer.Option("--enable", help="Only these rule ids.")] = None,
    fail_on: Annotated[Optional[str], typer.Option("--fail-on", help="error | warning | info | never")] = None,
    no_predict: Annotated[bool, typer.Option("--no-predict")] = False,
) -> None:
    """Print the effective settings and where each came from. Precedence: defaults < one config
    file (--config, else the nearest .auditor.toml or pyproject.toml [tool.auditor] walking up from
    PATH) < flags."""
    from auditor.config import ConfigError, find_config, resolve_settings
    from auditor.lexicon import DataFileError
    from auditor.rules_engine import load_rules

    flags = {"concurrency": concurrency, "max_concurrency": max_concurrency, "hardware": hardware, "model": model,
             "rules": [str(r) for r in rules] if rules else None, "disable": disable, "enable": enable,
             "fail_on": fail_on, "predict": False if no_predict else None}
    start = path or Path.cwd()
    if path is not None and not path.exists():
        _fail(f"{path}: no such file or directory")
    try:
        settings, sources = resolve_settings(start, flags, config_file)
        found = (config_file, None) if config_file is not None else find_config(start)
    except ConfigError as e:
        _fail(str(e))
    values = settings.model_dump(mode="json")
    warnings: list[str] = []
    try:
        known = {r.id for r in load_rules(settings.rules)} | {r.name for r in load_rules(settings.rules)}
        for key in ("enable", "disable", "severity"):
            for rid in values[key]:
                if rid not in known:
                    warnings.append(f"{key}: unknown rule '{rid}' (see `auditor rules`)")
    except DataFileError as e:
        warnings.append(str(e))
    file_used = str(found[0]) if found else None
    if format == "json":
        typer.echo(json.dumps({"config_file": file_used,
                               "settings": {k: {"value": v, "source": sources.get(k, "default")}
                                            for k, v in values.items()},
                               "warnings": warnings}, indent=2))
    elif format == "toml":
        typer.echo("[tool.auditor]")
        for k, v in values.items():
            if k == "efficiency" and not v:
                continue
            typer.echo(f"{k.replace('_', '-')} = {json.dumps(v) if not isinstance(v, dict) else _toml_table(v)}")
    elif format == "text":
        typer.echo(f"config file: {file_used or 'none found (defaults and flags only)'}")
        width = max(len(k) for k in values) + 1
        for k, v in values.items():
            typer.echo(f"  {k.replace('_', '-'):<{width}} = {_show(v):<28} # {sources.get(k, 'default')}")
    else:
        _fail(f"unknown format '{format}' (text, json, toml)")
    for w in warnings:
        typer.echo(f"warning: {w}", err=True)


def _toml_table(d: dict) -> str:
    return "{ " + ", ".join(f"{json.dumps(str(k))} = {json.dumps(v)}" for k, v in d.items()) + " }"
