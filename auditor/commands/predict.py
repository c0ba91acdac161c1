"""`auditor predict` and `auditor calibrate`: typer command functions (registered in auditor/cli.py)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Optional

import typer


PREDICT_METRICS = ("throughput", "latency", "itl", "tpot", "ttft", "e2e", "goodput", "unspecified")
CLI_AT_KINDS = ("concurrency", "batch_size", "request_rate")


def _fail(msg: str) -> None:
    typer.echo(f"error: {msg}", err=True)
    raise typer.Exit(code=2)


def _parse_grid(text: str | None) -> list[float] | None:
    if text is None or not text.strip():
        return None
    out: list[float] = []
    for part in text.split(","):
        part = part.strip()
        try:
            v = float(part)
        except ValueError:
            _fail(f"bad --grid value {part!r}: expected comma-separated positive numbers, e.g. 1,2,4,8")
        if not math.isfinite(v) or v <= 0:
            _fail(f"bad --grid value {part!r}: grid values must be positive")
        out.append(v)
    return out


def _chart(points, width: int = 36) -> list[str]:
    """A small terminal chart: one bar per grid point, '|' marks parity (1.0x)."""
    hi = max([p.high for p in points] + [1.0]) * 1.05
    lines = []
    for p in points:
        n = int(round(p.speedup / hi * width))
        par = int(round(1.0 / hi * width))
        bar = ["#" if i < n else " " for i in range(width)]
        if 0 <= par < width:
            bar[par] = "|" if bar[par] == " " else "+"
        lines.append(f"  {p.op:>8g} {''.join(bar)} {p.speedup:.2f}x")
    return lines


def predict(
    technique: str = typer.Option(..., "--technique", "-t", help="technique name from the lexicon, e.g. speculative-decoding"),
    speedup: float = typer.Option(..., "--speedup", "-s", help="the claimed improvement factor (>1 better)"),
    at: float = typer.Option(1.0, "--at", help="operating point the figure was measured at"),
    at_kind: str = typer.Option("concurrency", "--at-kind", help="concurrency | batch_size | request_rate"),
    metric: str = typer.Option("throughput", "--metric", help="throughput | latency | itl | tpot | ttft | e2e"),
    hardware: Optional[str] = typer.Option(None, "--hardware", help="GPU, e.g. h100-sxm, 'H100 SXM5', 8xH100"),
    gpus: Optional[int] = typer.Option(None, "--gpus", min=1, help="GPUs (tensor parallel)"),
    model: Optional[str] = typer.Option(None, "--model", help="model, e.g. llama-3.1-8b"),
    input_len: Optional[int] = typer.Option(None, "--input-len", min=1, help="prompt tokens (default 1024)"),
    output_len: Optional[int] = typer.Option(None, "--output-len", min=1, help="output tokens (default 256)"),
    grid: Optional[str] = typer.Option(None, "--grid", help="comma-separated points in --at-kind units (default 1,2,4,...,256)"),
    concurrency: float = typer.Option(32.0, "--concurrency", help="your own concurrency (marked on the plot)"),
    fmt: str = typer.Option("text", "--format", "-f", help="text | json"),
    plot: Optional[Path] = typer.Option(None, "--plot", help="write the curve to FILE.png or FILE.svg"),
) -> None:
    """Predict what a speedup measured at one operating point becomes across concurrency."""
    from auditor.predict.catalog import CatalogError
    from auditor.predict.predictor import PredictError, predict_curve

    if at_kind not in CLI_AT_KINDS:
        _fail(f"unknown --at-kind {at_kind!r} (use one of: {', '.join(CLI_AT_KINDS)})")
    if metric not in PREDICT_METRICS:
        _fail(f"unknown --metric {metric!r} (use one of: {', '.join(PREDICT_METRICS)})")
    if fmt not in ("text", "json"):
        _fail(f"unknown --format {fmt!r} (use text or json)")
    if not math.isfinite(speedup) or speedup <= 0:
        _fail(f"--speedup must be a positive number, got {speedup:g}")
    if not math.isfinite(at) or at <= 0:
        _fail(f"--at must be positive, got {at:g}")
    if plot is not None and plot.suffix.lower() not in (".png", ".svg"):
        _fail(f"--plot must end in .png or .svg, got {plot.name!r}")
    values = _parse_grid(grid)
    try:
        pred = predict_curve(technique, None, speedup, at, at_kind, metric, hardware=hardware, gpus=gpus,
                             model=model, input_len=input_len, output_len=output_len, grid=values,
                             reader_concurrency=concurrency)
    except (PredictError, CatalogError) as e:
        _fail(str(e))
        return
    # the crossover in --at-kind units (request rate: the rate whose concurrency crosses)
    crossover = pred.crossover
    if crossover is not None and at_kind == "request_rate" and pred.curve:
        pts = sorted(pred.curve, key=lambda c: c.concurrency)
        below = [c for c in pts if c.concurrency >= crossover]
        crossover = below[0].op if below else None
    if plot is not None:
        from auditor.predict.plot import plot_prediction

        C0 = pred.assumptions["operating_point"]["concurrency"]
        plot_prediction(pred, plot, fmt=plot.suffix.lower().lstrip("."),
                        title=f"{technique}: {speedup:g}x at {at_kind.replace('_', ' ')} {at:g}",
                        headline=(C0, speedup), reader=concurrency)
    if fmt == "json":
        out = {
            "curve": [{"op": c.op, "concurrency": c.concurrency, "speedup": round(c.speedup, 4),
                       "low": round(c.low, 4), "high": round(c.high, 4)} for c in pred.curve],
            "crossover": crossover,
            "verdict": pred.verdict,
            "fitted": pred.fitted,
            "assumptions": pred.assumptions,
        }
        typer.echo(json.dumps(out, indent=2))
        return
    a = pred.assumptions
    typer.echo(f"{technique}: {speedup:g}x at {at_kind.replace('_', ' ')} {at:g} ({metric}) on "
               f"{a['gpus']} x {a['hardware_name']}, {a['model_name']}, {a['input_len']} in / {a['output_len']} out")
    unit = at_kind.replace("_", " ")
    typer.echo(f"\n  {unit:>12}  {'concurrency':>11}  {'speedup':>8}  {'band':>13}")
    for c in pred.curve:
        typer.echo(f"  {c.op:>12g}  {c.concurrency:>11.3g}  {c.speedup:>7.2f}x  {c.low:>5.2f}-{c.high:<5.2f}x")
    typer.echo("")
    for line in _chart(pred.curve):
        typer.echo(line)
    cross = f"crosses 1.0 near {unit} {crossover:g}" if crossover is not None else "stays above 1.0 on this grid"
    typer.echo(f"\nverdict: {pred.verdict}; {cross}")
    fit = ", ".join(f"{k}={v}" for k, v in pred.fitted.items() if k != "model")
    typer.echo(f"model: {pred.fitted.get('model')} ({fit})")
    for n in a.get("notes", []):
        typer.echo(f"note: {n}")
    if a.get("defaults"):
        typer.echo(f"defaults used: {', '.join(a['defaults'])}")
    if plot is not None:
        typer.echo(f"plot written to {plot}")


def calibrate(
    points: Optional[Path] = typer.Option(None, "--points", help="calibration CSV (default: the shipped copy of calibration/points.csv)"),
    fmt: str = typer.Option("text", "--format", "-f", help="text | json"),
    fit: bool = typer.Option(False, "--fit", help="grid-search the efficiency factors and report the best set"),
    show_skipped: bool = typer.Option(True, "--skipped/--no-skipped", help="list the rows left out and why"),
    measured: Optional[list[Path]] = typer.Option(
        None, "--measured", help="your own load-generator results (repeatable): refit the efficiency factors "
        "to them instead of the published points, and save them to the config"),
    hardware: str = typer.Option("h100-sxm", "--hardware", help="with --measured: the GPU the runs used"),
    technique: Optional[str] = typer.Option(None, "--technique", help="with --measured: the technique the "
                                            "optimised runs switch on"),
    config: Path = typer.Option(Path(".auditor.toml"), "--config", help="with --measured: config file that "
                                "receives the refitted factors ([efficiency] / [tool.auditor.efficiency])"),
) -> None:
    """Check the fade model against published multi-point measurements: per point the predicted vs
    published ratio, the shape class relative to the series' first point, and the error. With
    --measured, refit the model's efficiency factors to your own results and save them to the config,
    so later predictions use them."""
    from auditor.predict.calibration import WORST_WHY, fit_efficiency, run_calibration

    if fmt not in ("text", "json"):
        _fail(f"unknown --format {fmt!r} (use text or json)")
    if points is not None and not points.is_file():
        _fail(f"calibration file not found: {points}")
    if measured:
        if technique is None:
            _fail("--measured needs --technique (the technique the optimised runs switch on)")
        from auditor.measure import MeasureError, load_measured
        from auditor.measure.calibrate import refit_from_measured

        try:
            factors, res, written = refit_from_measured(load_measured([str(m) for m in measured]), hardware,
                                                        technique, config=config)
        except MeasureError as e:
            _fail(str(e))
            return
        res.efficiency = factors
        fit = True  # report the refitted factors below
    try:
        if measured:
            pass
        elif fit:
            eff, res = fit_efficiency(points)
            res.efficiency = eff
        else:
            res = run_calibration(points)
    except (OSError, ValueError, KeyError) as e:
        _fail(f"cannot read calibration points: {e}")
        return
    worst = res.worst_series()
    why = None
    if worst:
        src = worst[0].split(" | ", 1)[0]
        why = WORST_WHY.get(src, "see the per-point table")
    if fmt == "json":
        out = {
            "points": [
                {"row": p.row, "series": p.series, "technique": p.technique, "op_kind": p.op_kind,
                 "op": p.op_value, "metric": p.metric, "published": p.published,
                 "predicted": None if p.predicted is None else round(p.predicted, 4), "anchor": p.anchor,
                 "published_shape": p.pub_shape, "predicted_shape": p.pred_shape,
                 "log_error": None if p.log_error is None else round(p.log_error, 4), "note": p.note}
                for p in res.points],
            "skipped": [{"row": s.row, "src": s.src, "what": s.what, "why": s.why} for s in res.skipped],
            "summary": {"points": len(res.scored), "series": len(res.series_errors),
                        "shape_accuracy": round(res.shape_accuracy, 4),
                        "median_abs_log_error": round(res.median_log_error, 4),
                        "worst_series": worst[0] if worst else None,
                        "worst_series_mean_log_error": round(worst[1], 4) if worst else None,
                        "worst_series_why": why},
            "efficiency": res.efficiency,
        }
        typer.echo(json.dumps(out, indent=2))
        return
    last = None
    for p in res.points:
        if p.series != last:
            typer.echo(f"\n{p.series}")
            typer.echo(f"  {'row':>4} {'op':>16} {'metric':>10} {'published':>9} {'predicted':>9} "
                       f"{'shape(pub)':>10} {'shape(pred)':>11} {'|log err|':>9}")
            last = p.series
        op = f"{p.op_kind.replace('_size', '')}={p.op_value:g}"
        err = "anchor" if p.anchor else (f"{p.log_error:.3f}" if p.log_error is not None else "-")
        mark = "" if p.anchor or p.pub_shape == p.pred_shape else "  <- shape differs"
        pred = f"{p.predicted:.2f}" if p.predicted is not None else "-"
        typer.echo(f"  {p.row:>4} {op:>16} {p.metric:>10} {p.published:>9.2f} {pred:>9} "
                   f"{p.pub_shape:>10} {p.pred_shape:>11} {err:>9}{mark}")
    if show_skipped and res.skipped:
        typer.echo(f"\nleft out ({len(res.skipped)}):")
        for s in res.skipped:
            typer.echo(f"  row {s.row:>3} {s.src:<14} {s.why}")
    typer.echo(f"\nsummary: {len(res.scored)} predicted points in {len(res.series_errors)} series "
               "(each series fitted at its first point, which is not scored)")
    typer.echo(f"  shape accuracy: {res.shape_accuracy:.1%}")
    typer.echo(f"  median |log error|: {res.median_log_error:.3f} (~{math.exp(res.median_log_error) - 1:.0%})")
    if worst:
        typer.echo(f"  worst series: {worst[0]} (mean |log error| {worst[1]:.3f})")
        typer.echo(f"    why: {why}")
    if res.efficiency and fit:
        typer.echo("  fitted efficiency factors: " + ", ".join(f"{k}={v:g}" for k, v in res.efficiency.items()))
    if measured:
        typer.echo(f"  saved to {config}: later `auditor check` / `predict` runs read them from there")
