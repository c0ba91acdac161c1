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
                rows.append({
                    "tech": technique or pr.optimised, "cls": None, "model": measured.model, "hw": hardware,
                    "prec": None, "metric": _METRIC_WORDS.get(m, m), "op": f"concurrency={_fmt(sp.op)}",
                    "ratio": round(sp.speedups[m], 4),
                    "note": f"measured: {pr.optimised} vs {pr.baseline}", "src": src, "ver": "M",
                })
    return rows


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
        if f"efficiency = " in text or "efficiency={" in text.replace(" ", ""):
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
