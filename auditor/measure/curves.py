"""Measured curves per label, baseline vs optimised pairing, speedup per operating point, crossover.

A *label* names one variant of the system (feature off / feature on). Runs get their label from
the file (vllm `--label`), else from the one `--metadata` key whose value differs between runs
(`feature=on` vs `feature=off`), else from the enclosing folder (`results/baseline/...`).
Two labels measured at the same operating points give a speedup per point:

- throughput-like metrics: optimised / baseline (output tok/s, requests/s, goodput)
- latency metrics:         baseline / optimised (TTFT, ITL, TPOT, E2E at p50 and p99)

so > 1 always means "the optimised variant is better", as in the claim's `ratio`.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from auditor.measure.formats import METRICS, MeasureError, OpAxis, Run, label_from_stem, read_file

#: speedup name -> (metric key, higher is better)
SPEEDUPS: dict[str, tuple[str, bool]] = {
    "throughput": ("output_throughput", True),
    "requests": ("request_throughput", True),
    "goodput": ("goodput", True),
    "ttft": ("ttft_p50", False), "ttft_p99": ("ttft_p99", False),
    "itl": ("itl_p50", False), "itl_p99": ("itl_p99", False),
    "tpot": ("tpot_p50", False), "tpot_p99": ("tpot_p99", False),
    "e2e": ("e2e_p50", False), "e2e_p99": ("e2e_p99", False),
}

_BASELINE_NAMES = re.compile(
    r"^(baseline|base|off|default|reference|ref|vanilla|stock|control|before|feature[-_=]?off|"
    r".*[-_=](off|baseline|base|false|disabled|none)|(no|without|disable[d]?)[-_].*)$",
    re.I,
)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class MeasuredPoint(_Model):
    """One label at one operating point (runs at the same point averaged)."""

    label: str
    axis: OpAxis
    op: float  # concurrency or request rate
    metrics: dict[str, float] = Field(default_factory=dict)
    runs: int = 1
    sources: list[str] = Field(default_factory=list)
    offline: bool = False
    workload: dict[str, float] = Field(default_factory=dict)  # mean input_len / output_len tokens


class Curve(_Model):
    label: str
    axis: OpAxis
    points: list[MeasuredPoint] = Field(default_factory=list)

    @property
    def ops(self) -> list[float]:
        return [p.op for p in self.points]


class SpeedupPoint(_Model):
    op: float
    speedups: dict[str, float] = Field(default_factory=dict)


class Pair(_Model):
    """Baseline vs optimised on one axis: speedup per common operating point."""

    baseline: str
    optimised: str
    axis: OpAxis
    points: list[SpeedupPoint] = Field(default_factory=list)
    crossover: dict[str, float | None] = Field(default_factory=dict)  # per speedup name
    sources: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)

    def series(self, name: str) -> list[tuple[float, float]]:
        return [(p.op, p.speedups[name]) for p in self.points if name in p.speedups]


class MeasuredSet(_Model):
    """Everything read from a set of result files."""

    files: list[str] = Field(default_factory=list)
    runs: list[Run] = Field(default_factory=list)
    model: str | None = None
    baseline: str | None = None
    curves: list[Curve] = Field(default_factory=list)
    pairs: list[Pair] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)

    def labels(self) -> list[str]:
        seen: list[str] = []
        for c in self.curves:
            if c.label not in seen:
                seen.append(c.label)
        return seen

    def curve(self, label: str, axis: OpAxis = "concurrency") -> Curve | None:
        return next((c for c in self.curves if c.label == label and c.axis == axis), None)


# --------------------------------------------------------------------------- maths


def interpolate(series: list[tuple[float, float]], x: float) -> float | None:
    """Linear in log(op) between measured points; None outside the measured range."""
    pts = sorted(series)
    if not pts or x <= 0:
        return None
    for op, y in pts:
        if math.isclose(op, x, rel_tol=1e-9):
            return y
    if x < pts[0][0] or x > pts[-1][0]:
        return None
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        if x0 <= x <= x1:
            t = (math.log(x) - math.log(x0)) / (math.log(x1) - math.log(x0))
            return y0 + t * (y1 - y0)
    return None


def crossover(series: list[tuple[float, float]]) -> float | None:
    """First operating point where the speedup crosses 1.0 (either way), interpolated on log(op)."""
    pts = sorted(series)
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        if (y0 - 1.0) * (y1 - 1.0) < 0 or (y1 == 1.0 and y0 != 1.0):
            t = (1.0 - y0) / (y1 - y0)
            return math.exp(math.log(x0) + t * (math.log(x1) - math.log(x0)))
    return None


def _ratio(base: float | None, opt: float | None, higher_better: bool) -> float | None:
    if base is None or opt is None or base <= 0 or opt <= 0:
        return None
    return opt / base if higher_better else base / opt


# --------------------------------------------------------------------------- building


def _norm_model(name: str | None) -> str | None:
    if not name:
        return None
    return name.rstrip("/").split("/")[-1].lower()


def _assign_labels(runs: list[Run], notes: list[str]) -> None:
    """Labels from the file win; when they cannot tell variants apart, use a metadata key that varies."""
    keys = sorted({k for r in runs for k in r.metadata})
    varying = [k for k in keys if len({r.metadata.get(k) for r in runs}) > 1]
    file_labels = {r.label for r in runs if r.label_origin == "file"}
    if varying and len({r.label for r in runs}) <= 1:
        for r in runs:
            r.label = ",".join(f"{k}={r.metadata.get(k, '-')}" for k in varying)
            r.label_origin = "metadata"
        notes.append(f"runs differ only by {', '.join(varying)}: labelled by it")
    elif varying and file_labels:
        pass  # labels given; metadata just rides along
    # labels from folders tell nothing when every file sits in one folder; the file names may
    path_runs = [r for r in runs if r.label_origin == "path"]
    stems = {id(r): label_from_stem(Path(r.source).stem, r.model) for r in path_runs}
    if len({r.label for r in path_runs}) == 1 and len({v for v in stems.values() if v}) > 1:
        for r in path_runs:
            r.label = stems[id(r)] or r.label
    for r in runs:
        if not r.label:
            r.label = label_from_stem(Path(r.source).stem, r.model) or "run"
            r.label_origin = "default"


def _points(runs: list[Run]) -> list[Curve]:
    groups: dict[tuple[str, str, float], list[Run]] = {}
    for r in runs:
        if r.op is None:
            continue
        groups.setdefault((r.label or "run", r.axis, float(r.op)), []).append(r)
    curves: dict[tuple[str, str], Curve] = {}
    for (label, axis, op), rs in groups.items():
        metrics: dict[str, float] = {}
        for k in METRICS:
            vals = [r.metrics[k] for r in rs if k in r.metrics]
            if vals:
                metrics[k] = sum(vals) / len(vals)
        workload = {}
        for k in ("input_len", "output_len"):
            vals = [getattr(r, k) for r in rs if getattr(r, k)]
            if vals:
                workload[k] = sum(vals) / len(vals)
        pt = MeasuredPoint(label=label, axis=axis, op=op, metrics=metrics, runs=len(rs),
                           sources=sorted({r.source for r in rs}), offline=any(r.offline for r in rs),
                           workload=workload)
        curves.setdefault((label, axis), Curve(label=label, axis=axis)).points.append(pt)
    out = list(curves.values())
    for c in out:
        c.points.sort(key=lambda p: p.op)
    return out


def pick_baseline(labels: list[str], requested: str | None, notes: list[str]) -> str | None:
    if not labels:
        return None
    if requested is not None:
        if requested not in labels:
            raise MeasureError(f"--baseline {requested}: no runs with that label "
                               f"(labels found: {', '.join(labels)})")
        return requested
    named = [lb for lb in labels if _BASELINE_NAMES.match(lb)]
    if len(named) == 1:
        return named[0]
    if len(labels) > 1:
        notes.append(f"no label names the baseline; using '{labels[0]}' (pass --baseline LABEL)")
    return labels[0]


def pair(base: Curve, opt: Curve) -> Pair:
    p = Pair(baseline=base.label, optimised=opt.label, axis=base.axis)
    bmap = {pt.op: pt for pt in base.points}
    common = [pt for pt in opt.points if pt.op in bmap]
    only = sorted(set(bmap) ^ {pt.op for pt in opt.points})
    if only:
        p.notes.append(f"{p.axis} {', '.join(_fmt(x) for x in only)} measured for only one of the two "
                       "labels: left out of the speedup")
    for opt_pt in common:
        b = bmap[opt_pt.op]
        sp = SpeedupPoint(op=opt_pt.op)
        for name, (key, higher) in SPEEDUPS.items():
            r = _ratio(b.metrics.get(key), opt_pt.metrics.get(key), higher)
            if r is not None:
                sp.speedups[name] = r
        # TPOT and ITL are the same quantity for most tools; fill the one a tool lacks
        for a, b_ in (("tpot", "itl"), ("itl", "tpot"), ("tpot_p99", "itl_p99"), ("itl_p99", "tpot_p99")):
            if a not in sp.speedups and b_ in sp.speedups:
                sp.speedups[a] = sp.speedups[b_]
        p.points.append(sp)
        p.sources.extend(s for s in b.sources + opt_pt.sources if s not in p.sources)
        for what in ("input_len", "output_len"):
            bv, ov = b.workload.get(what), opt_pt.workload.get(what)
            if bv and ov and abs(bv - ov) / max(bv, ov) > 0.1:
                p.notes.append(f"{what.replace('_', ' ')} differs at {p.axis} {_fmt(opt_pt.op)}: "
                               f"{_fmt(bv, 0)} ({base.label}) vs {_fmt(ov, 0)} ({opt.label}); "
                               "the runs differ by more than the feature")
    names = sorted({n for sp in p.points for n in sp.speedups}, key=list(SPEEDUPS).index)
    p.crossover = {n: crossover(p.series(n)) for n in names}
    return p


def build(runs: list[Run], files: list[str], baseline: str | None = None) -> MeasuredSet:
    ms = MeasuredSet(files=files, runs=runs)
    models = {}
    for r in runs:
        nm = _norm_model(r.model)
        if nm:
            models.setdefault(nm, r.source)
    if len(models) > 1:
        parts = "; ".join(f"{src} has {m}" for m, src in models.items())
        raise MeasureError(f"mixed models: {parts} (compare runs of one model)", kind="mixed")
    ms.model = next((r.model for r in runs if r.model), None)
    _assign_labels(runs, ms.notes)
    ms.curves = _points(runs)
    labels = ms.labels()
    ms.baseline = pick_baseline(labels, baseline, ms.notes)
    for axis in ("concurrency", "request_rate"):
        base = ms.curve(ms.baseline, axis) if ms.baseline else None
        if base is None:
            continue
        for lb in labels:
            if lb == ms.baseline:
                continue
            opt = ms.curve(lb, axis)
            if opt is not None:
                pr = pair(base, opt)
                if pr.points:
                    ms.pairs.append(pr)
                else:
                    ms.notes.append(f"'{lb}' and '{ms.baseline}' share no {axis} point: no speedup")
    if len(labels) == 1:
        ms.notes.append(f"only one label ('{labels[0]}'): no baseline/optimised pair, curves only")
    return ms


def load_measured(paths: list[str], baseline: str | None = None) -> MeasuredSet:
    """Read result files (any mix of supported tools) and build curves and pairs."""
    if not paths:
        raise MeasureError("no result files given")
    runs: list[Run] = []
    files: list[str] = []
    for p in paths:
        if Path(p).is_dir():
            found = _runs_in_dir(str(p))
            if not found:
                raise MeasureError(f"{p}: no result files of a supported tool in this folder")
            for f, rs in found:
                files.append(f)
                runs.extend(rs)
        else:
            runs.extend(read_file(str(p)))
            files.append(str(p))
    if not runs:
        raise MeasureError(f"{paths[0]}: no runs found")
    return build(runs, files, baseline)


_COMPANIONS = re.compile(r"(\.pytorch\.json|individual_responses\.json|inputs\.json|\.timeline\.html)$")


def _runs_in_dir(folder: str) -> list[tuple[str, list[Run]]]:
    """Result files under a folder; files of other kinds (raw exports, inputs, companions) are skipped."""
    out = []
    for f in sorted(Path(folder).rglob("*")):
        if not f.is_file() or f.suffix not in (".json", ".jsonl") or _COMPANIONS.search(f.name):
            continue
        try:
            out.append((str(f), read_file(str(f))))
        except MeasureError as e:
            if e.kind != "unknown":
                raise
    return out


def measured_points(measured: MeasuredSet) -> list[MeasuredPoint]:
    """Every label's measured points (absolute metrics), for calibration of the fade model.

    Each point carries the label, the axis and operating point, and the averaged metrics
    (output_throughput tok/s, ttft/itl/tpot/e2e p50/p99 ms, ...). The speedup of a label
    against the baseline at the same point is in `measured.pairs`.
    """
    return [pt for c in measured.curves for pt in c.points]


def _fmt(x: float | None, digits: int = 2) -> str:
    if x is None:
        return "n/a"
    if abs(x - round(x)) < 1e-9:
        return str(int(round(x)))
    return f"{x:.{digits}f}".rstrip("0").rstrip(".")
