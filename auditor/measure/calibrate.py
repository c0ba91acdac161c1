"""Measured results as calibration input for the fade model, and saving refitted efficiency
factors to the config so later predictions use them (`auditor calibrate --measured`).

- `calibration_rows(measured, ...)`: one row per measured speedup, in the columns of the
  published calibration points (tech, cls, model, hw, prec, metric, op, ratio, note, src, ver),
  with ver = "M" (measured by the reader).
- `baseline_points(measured)`: the baseline's absolute numbers per concurrency (output tok/s,
  TTFT/ITL/TPOT p50 ms, input/output lengths): what fits bandwidth and overhead factors.
- `save_efficiency(factors, path)`: writes `[efficiency]` (or `[tool.auditor.efficiency]` where the
  file keeps its settings under [tool.auditor]) into `.auditor.toml` / `pyproject.toml`,
  keeping everything else in the file as it was.
"""

from __future__ import annotations

import math
import re
import tomllib
from pathlib import Path
from typing import Any

from auditor.measure.curves import MeasuredSet, _fmt
from auditor.measure.formats import MeasureError

#: canonical technique -> words the calibration reader (auditor.predict.calibration.technique_of)
#: maps back to that technique and its knobs
_TECH_TEXT = {
    "speculative-decoding": "speculative decoding",
    "weight-quantization": "weight-only INT4",
    "fp8-quantization": "FP8 W8A8",
    "kv-cache-quantization": "FP8 KV cache",
    "prefix-caching": "prefix caching",
    "kv-offloading": "KV offload",
    "paged-attention": "paged attention",
    "cuda-graphs": "CUDA graphs",
    "kernel-fusion": "kernel fusion",
}

_METRIC_WORDS = {"throughput": "output throughput", "ttft": "TTFT p50", "itl": "ITL p50",
                 "tpot": "TPOT p50", "e2e": "E2E latency p50"}


def calibration_rows(measured: MeasuredSet, hardware: str | None = None, technique: str | None = None,
                     metrics: tuple[str, ...] = ("throughput", "itl")) -> list[dict[str, Any]]:
    """Every measured speedup (concurrency axis) as a calibration point row."""
    rows: list[dict[str, Any]] = []
    for pr in measured.pairs:
        if pr.axis != "concurrency":
            continue
        src = ", ".join(sorted({Path(s).name for s in pr.sources})[:3]) + (" ..." if len(pr.sources) > 3 else "")
        for sp in pr.points:
            for m in metrics:
                if m not in sp.speedups:
                    continue
                tech = _TECH_TEXT.get(technique or "", technique or "")
                lens = _lens(measured, pr.optimised, sp.op)
                rows.append({
                    "tech": f"{tech} ({pr.optimised})" if tech else pr.optimised, "cls": None,
                    "model": measured.model, "hw": hardware, "prec": None, "metric": _METRIC_WORDS.get(m, m),
                    "op": f"concurrency={_fmt(sp.op)}" + (f" ({lens[0]}/{lens[1]} in/out)" if lens else ""),
                    "ratio": round(sp.speedups[m], 4),
                    "note": f"measured: {pr.optimised} vs {pr.baseline}", "src": src, "ver": "M",
                })
    return rows


def _lens(measured: MeasuredSet, label: str, op: float) -> tuple[int, int] | None:
    c = measured.curve(label, "concurrency")
    pt = next((p for p in (c.points if c else []) if p.op == op), None)
    if pt and pt.workload.get("input_len") and pt.workload.get("output_len"):
        return round(pt.workload["input_len"]), round(pt.workload["output_len"])
    return None


CSV_COLUMNS = ("tech", "cls", "model", "hw", "prec", "metric", "op", "ratio", "note", "src", "ver")


def write_calibration_csv(rows: list[dict[str, Any]], path: str | Path) -> Path:
    """Rows as a CSV in the layout of calibration/points.csv."""
    import csv

    p = Path(path)
    with p.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, CSV_COLUMNS)
        w.writeheader()
        for r in rows:
            w.writerow({k: "" if r.get(k) is None else r[k] for k in CSV_COLUMNS})
    return p


def refit_from_measured(measured: MeasuredSet, hardware: str, technique: str,
                        config: str | Path | None = None, grid: dict[str, Any] | None = None
                        ) -> tuple[dict[str, float], Any, Path | None]:
    """Refit the fade model's efficiency factors to the reader's own measured speedups.

    Uses the predictor's grid search (auditor.predict.calibration.fit_efficiency) on the measured
    series instead of the published points; saves the factors to `config` when given.
    Returns (factors, the predictor's CalibrationResult, the config path written or None).
    """
    import tempfile

    from auditor.predict.calibration import fit_efficiency

    rows = calibration_rows(measured, hardware=hardware, technique=technique, metrics=("throughput",))
    if len({r["op"] for r in rows}) < 2:
        raise MeasureError("calibration needs a baseline and an optimised variant measured at two or more "
                           "concurrencies")
    with tempfile.TemporaryDirectory() as d:
        csv_path = write_calibration_csv(rows, Path(d) / "measured_points.csv")
        factors, result = fit_efficiency(csv_path, grid=grid) if grid else fit_efficiency(csv_path)
    if not getattr(result, "points", None):
        why = "; ".join(f"{s.why}" for s in getattr(result, "skipped", [])[:3]) or "no usable points"
        raise MeasureError(f"calibration could not use the measured points ({why})")
    if grid is None:
        from auditor.predict.calibration import FIT_GRID as searched
    else:
        searched = grid
    fitted = {k: v for k, v in factors.items() if k in searched}  # leave the other defaults unpinned
    written = save_efficiency(fitted, config) if config is not None else None
    return fitted, result, written


def baseline_points(measured: MeasuredSet) -> list[dict[str, Any]]:
    """The baseline variant's absolute numbers at each measured concurrency."""
    label = measured.baseline or (measured.labels()[0] if measured.labels() else None)
    c = measured.curve(label, "concurrency") if label else None
    if c is None:
        return []
    out = []
    for p in c.points:
        out.append({
            "concurrency": p.op, "model": measured.model, "label": label,
            "output_throughput": p.metrics.get("output_throughput"),
            "ttft_p50_ms": p.metrics.get("ttft_p50"),
            "itl_p50_ms": p.metrics.get("itl_p50"),
            "tpot_p50_ms": p.metrics.get("tpot_p50", p.metrics.get("itl_p50")),
            "input_len": p.workload.get("input_len"), "output_len": p.workload.get("output_len"),
            "offline": p.offline,
        })
    return out


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        if isinstance(v, float) and not math.isfinite(v):
            raise MeasureError(f"efficiency value {v} is not a finite number")
        return repr(float(v)) if isinstance(v, float) else str(v)
    return '"' + str(v).replace("\\", "\\\\").replace('"', '\\"') + '"'


def save_efficiency(factors: dict[str, float], path: str | Path = ".auditor.toml") -> Path:
    """Write the factors into the config file's efficiency table (created if needed) and return
    the path. Other tables and keys, and comments outside the efficiency table, are kept."""
    p = Path(path)
    text = p.read_text(encoding="utf-8") if p.exists() else ""
    try:
        data = tomllib.loads(text) if text else {}
    except tomllib.TOMLDecodeError as e:
        raise MeasureError(f"{p}: not valid TOML ({e}); efficiency factors not saved") from None
    under_tool = p.name == "pyproject.toml" or "auditor" in data.get("tool", {})
    header = "[tool.auditor.efficiency]" if under_tool else "[efficiency]"
    existing = (data.get("tool", {}).get("auditor", {}) if under_tool else data).get("efficiency", {})
    if existing and not isinstance(existing, dict):
        raise MeasureError(f"{p}: 'efficiency' is not a table; efficiency factors not saved")
    merged = {**existing, **factors}
    block = [header] + [f"{k} = {_toml_value(v)}" for k, v in merged.items()]
    lines = text.splitlines()
    pat = re.compile(r"^\s*\[\s*" + re.escape(header.strip("[]")).replace(r"\.", r"\s*\.\s*") + r"\s*\]\s*(#.*)?$")
    start = next((i for i, ln in enumerate(lines) if pat.match(ln)), None)
    if start is None:
        if "efficiency = " in text or "efficiency={" in text.replace(" ", ""):
            raise MeasureError(f"{p}: efficiency is an inline table; edit it by hand")
        new_lines = lines + ([""] if lines and lines[-1].strip() else []) + block
    else:
        end = next((j for j in range(start + 1, len(lines)) if re.match(r"^\s*\[", lines[j])), len(lines))
        while end > start + 1 and not lines[end - 1].strip():
            end -= 1
        new_lines = lines[:start] + block + lines[end:]
    out = "\n".join(new_lines) + "\n"
    check = tomllib.loads(out)
    got = (check.get("tool", {}).get("auditor", {}) if under_tool else check).get("efficiency", {})
    if any(abs(float(got.get(k, math.nan)) - float(v)) > 1e-12 for k, v in factors.items()):
        raise MeasureError(f"{p}: could not write the efficiency table safely; factors not saved")
    p.write_text(out, encoding="utf-8")
    return p
