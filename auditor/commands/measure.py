"""`auditor plan` and `auditor results`: the measurement half of the loop.

Registered in auditor/cli.py as:
    app.command("plan")(measure_cmds.plan)
    app.command("results")(measure_cmds.results)
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Optional

import typer

from auditor.measure.formats import MeasureError
from auditor.measure.plan import PlanError, TOOLS, make_plan, render_script, render_text


def _fail(message: str) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def _ints(values: list[str], flag: str) -> list[int]:
    out: list[int] = []
    for v in values:
        for part in str(v).replace(" ", ",").split(","):
            if not part:
                continue
            try:
                out.append(int(part))
            except ValueError:
                _fail(f"{flag} {part!r}: not a whole number")
    return out


def plan(
    median_concurrency: int = typer.Option(
        ..., "--median-concurrency", "-n", help="Your median concurrency (requests in flight)."),
    model: str = typer.Option("meta-llama/Llama-3.1-8B-Instruct", "--model", help="Model served."),
    endpoint: str = typer.Option("http://localhost:8000", "--endpoint", help="Server base URL."),
    feature_flag: list[str] = typer.Option(
        [], "--feature-flag",
        help="Server flag(s) that turn the feature on, e.g. --feature-flag='--kv-cache-dtype fp8'. Repeatable."),
    points: list[str] = typer.Option(
        [], "--points", help="Extra concurrency points besides 1, N and 2N, e.g. --points 8,16."),
    tool: list[str] = typer.Option(
        [], "--tool", help=f"Only these load generators ({', '.join(TOOLS)}). Repeatable; default all."),
    input_len: int = typer.Option(1024, "--input-len", help="Prompt tokens per request."),
    output_len: int = typer.Option(256, "--output-len", help="Output tokens per request."),
    slo_ttft_ms: float = typer.Option(2000.0, "--slo-ttft-ms", help="TTFT limit for goodput."),
    slo_tpot_ms: float = typer.Option(100.0, "--slo-tpot-ms", help="TPOT/ITL limit for goodput."),
    out_dir: str = typer.Option("results", "--out-dir", help="Where the load generators write results."),
    output: Optional[Path] = typer.Option(None, "-o", "--output", help="Also write the plan as a shell script."),
    format: str = typer.Option("text", "--format", help="text | json"),
) -> None:
    """Plan the three-point measurement (1, N, 2N; feature off and on) with ready-to-run commands."""
    if format not in ("text", "json"):
        _fail(f"--format {format!r}: use text or json")
    try:
        p = make_plan(
            median_concurrency, model=model, endpoint=endpoint, feature_flags=feature_flag,
            points=_ints(points, "--points"), input_len=input_len, output_len=output_len,
            slo_ttft_ms=slo_ttft_ms, slo_tpot_ms=slo_tpot_ms, out_dir=out_dir,
            tools=[t for t in tool] or None,
        )
    except PlanError as e:
        _fail(str(e))
        return
    if output is not None:
        try:
            output.write_text(render_script(p), encoding="utf-8")
            os.chmod(output, 0o755)
        except OSError as e:
            _fail(f"{output}: cannot write ({e.strerror or e})")
    if format == "json":
        d = p.model_dump(mode="json")
        if output is not None:
            d["script"] = str(output)
        typer.echo(json.dumps(d, indent=2))
    else:
        typer.echo(render_text(p), nl=False)
    if output is not None:
        typer.echo(f"wrote {output}: run `TOOL=vllm bash {output} baseline`, then `... optimised` "
                   f"(or START_SERVER=1 bash {output} all)", err=True)


def results(
    files: list[Path] = typer.Argument(..., help="Result files (or folders) written by the load generators."),
    format: str = typer.Option("text", "--format", help="text | json"),
    plot: Optional[Path] = typer.Option(None, "--plot", help="Write a chart of the measured speedup (png/svg/pdf)."),
    baseline: Optional[str] = typer.Option(None, "--baseline", help="Label of the baseline (feature off) runs."),
    concurrency: Optional[float] = typer.Option(
        None, "--concurrency", help="Your concurrency: report the measured speedup there "
                                    "[default: from the config, as auditor check]."),
) -> None:
    """Read load-generator results: curves per label, measured speedup per point, the crossover."""
    from auditor.measure.curves import load_measured
    from auditor.measure.render import render_text as render_results

    if format not in ("text", "json"):
        _fail(f"--format {format!r}: use text or json")
    if concurrency is None:
        concurrency = _config_concurrency()
    try:
        ms = load_measured([str(f) for f in files], baseline=baseline)
    except MeasureError as e:
        _fail(e.message)
        return
    if plot is not None:
        try:
            _plot(ms, plot, concurrency)
        except (OSError, ValueError) as e:
            _fail(f"{plot}: cannot write the chart ({e})")
    if format == "json":
        d = ms.model_dump(mode="json")
        if concurrency is not None:
            d["reader_concurrency"] = concurrency
        typer.echo(json.dumps(d, indent=2))
    else:
        typer.echo(render_results(ms, reader_concurrency=concurrency), nl=False)
    if plot is not None:
        typer.echo(f"wrote {plot}", err=True)


def _config_concurrency() -> float | None:
    """The reader's concurrency from the config (as `auditor check` uses it), if it resolves."""
    try:
        from auditor.config import resolve_settings

        settings, _ = resolve_settings(Path.cwd(), {})
        return float(settings.concurrency)
    except Exception:  # a broken config is `check`'s to report; results do not depend on it
        return None


def _plot(ms, path: Path, concurrency: float | None) -> None:
    """The predictor's chart when it can draw measured points over its band, else our own."""
    from auditor.measure.plot import plot_measured

    plot_measured(ms, path, reader_concurrency=concurrency)
