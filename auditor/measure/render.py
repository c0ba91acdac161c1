"""Text rendering of a MeasuredSet: curves per label, speedup per operating point, crossover."""

from __future__ import annotations

from pathlib import Path

from auditor.measure.curves import MeasuredSet, _fmt
from auditor.measure.formats import Run

_TOOL = {"vllm": "vllm bench serve", "genai-perf": "GenAI-Perf", "aiperf": "AIPerf",
         "guidellm": "GuideLLM", "llmperf": "LLMPerf"}

_CURVE_COLS = [  # header, metric key, digits
    ("out tok/s", "output_throughput", 1),
    ("req/s", "request_throughput", 2),
    ("TTFT p50", "ttft_p50", 1), ("TTFT p99", "ttft_p99", 1),
    ("ITL p50", "itl_p50", 2), ("ITL p99", "itl_p99", 2),
    ("TPOT p50", "tpot_p50", 2), ("TPOT p99", "tpot_p99", 2),
    ("goodput", "goodput", 2),
]
_SPEED_COLS = [("throughput", "throughput"), ("TTFT", "ttft"), ("ITL", "itl"), ("TPOT", "tpot"),
               ("E2E", "e2e"), ("goodput", "goodput"), ("TTFT p99", "ttft_p99"), ("ITL p99", "itl_p99")]


def _table(header: list[str], rows: list[list[str]], indent: str = "  ") -> list[str]:
    widths = [max(len(header[i]), *(len(r[i]) for r in rows)) if rows else len(header[i])
              for i in range(len(header))]
    out = [indent + "  ".join(h.rjust(w) for h, w in zip(header, widths))]
    for r in rows:
        out.append(indent + "  ".join(c.rjust(w) for c, w in zip(r, widths)))
    return out


def _num(v: float | None, digits: int) -> str:
    if v is None:
        return "-"
    return f"{v:,.{digits}f}"


def _axis_word(axis: str) -> str:
    return "conc" if axis == "concurrency" else "req/s"


def render_text(ms: MeasuredSet, reader_concurrency: float | None = None) -> str:
    tools = sorted({_TOOL[r.tool] for r in ms.runs})
    lines = [
        f"Measured: {ms.model or 'model not stated'}; {len(ms.runs)} run(s) from {len(ms.files)} file(s) "
        f"({', '.join(tools)})",
        f"Labels: {', '.join(ms.labels())}" + (f"; baseline: {ms.baseline}" if ms.baseline else ""),
    ]
    for c in ms.curves:
        keys = [col for col in _CURVE_COLS if any(col[1] in p.metrics for p in c.points)]
        header = [_axis_word(c.axis)] + [h for h, _, _ in keys]
        rows = [[_fmt(p.op) + ("*" if p.offline else "")] + [_num(p.metrics.get(k), d) for _, k, d in keys]
                for p in c.points]
        lines += ["", f"{c.label} — by {c.axis.replace('_', ' ')} (latencies in ms)"]
        lines += _table(header, rows)
        if any(p.offline for p in c.points):
            lines.append("  * offline run (all requests at once); concurrency as reached")
    for pr in ms.pairs:
        names = {n for sp in pr.points for n in sp.speedups}
        cols = [(h, n) for h, n in _SPEED_COLS if n in names]
        header = [_axis_word(pr.axis)] + [h for h, _ in cols]
        rows = [[_fmt(sp.op)] + [f"{sp.speedups[n]:.2f}x" if n in sp.speedups else "-" for _, n in cols]
                for sp in pr.points]
        lines += ["", f"{pr.optimised} vs {pr.baseline} — measured speedup by {pr.axis.replace('_', ' ')} "
                      "(>1: optimised better; latency as baseline/optimised)"]
        lines += _table(header, rows)
        unit = "concurrency" if pr.axis == "concurrency" else "request rate"
        cross = pr.crossover.get("throughput")
        tp = pr.series("throughput")
        if cross is not None:
            lines.append(f"  crossover: throughput speedup crosses 1.0 at {unit} ~{_fmt(cross, 1)}")
        elif len(tp) == 1:
            lines.append("  crossover: one operating point measured, so none can be seen "
                         "(measure at 1, your median and about double it)")
        elif tp:
            side = "above" if tp[0][1] >= 1 else "below"
            lines.append(f"  crossover: none measured — throughput speedup stays {side} 1.0 "
                         f"from {_fmt(tp[0][0])} to {_fmt(tp[-1][0])}")
        for n in ("ttft", "itl", "tpot"):
            cx = pr.crossover.get(n)
            if cx is not None:
                lines.append(f"  {n.upper()} speedup crosses 1.0 at {unit} ~{_fmt(cx, 1)}")
        if reader_concurrency is not None and pr.axis == "concurrency" and tp:
            from auditor.measure.curves import interpolate

            at = interpolate(tp, reader_concurrency)
            lines.append(f"  at your concurrency {_fmt(reader_concurrency)}: "
                         + (f"{at:.2f}x throughput" if at is not None else "outside the measured range"))
        lines += [f"  note: {n}" for n in pr.notes]
    run_notes = sorted({f"{Path(r.source).name}: {n}" for r in ms.runs for n in r.notes})
    notes = ms.notes + run_notes
    if notes:
        lines += ["", "Notes:"] + [f"  - {n}" for n in notes]
    return "\n".join(lines) + "\n"


def run_summary(r: Run) -> str:
    return f"{r.where}: {_TOOL[r.tool]}, label {r.label}, {r.axis} {_fmt(r.op)}"
