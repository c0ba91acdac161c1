"""Set claims against measured curves: at the claim's own operating point and at the reader's."""

from __future__ import annotations

import os
import re
from pathlib import Path

from auditor.measure.curves import MeasuredSet, Pair, _fmt, interpolate
from auditor.models import Claim, Measured
from auditor.settings import Settings

#: claim metric -> speedup name in a Pair (p50), and the p99 variant
_METRIC_SPEEDUP: dict[str, tuple[str, str | None]] = {
    "throughput": ("throughput", None),
    "unspecified": ("throughput", None),
    "goodput": ("goodput", None),
    "ttft": ("ttft", "ttft_p99"),
    "itl": ("itl", "itl_p99"),
    "tpot": ("tpot", "tpot_p99"),
    "e2e": ("e2e", "e2e_p99"),
    "latency": ("e2e", "e2e_p99"),
}


def speedup_name(claim: Claim, pr: Pair) -> str | None:
    """Which measured speedup answers this claim's metric (None: not comparable)."""
    if claim.metric not in _METRIC_SPEEDUP:
        return None
    p50, p99 = _METRIC_SPEEDUP[claim.metric]
    available = {n for sp in pr.points for n in sp.speedups}
    wants_p99 = bool(claim.percentile and "99" in str(claim.percentile))
    order = [p99, p50] if wants_p99 and p99 else [p50]
    if claim.metric == "latency":  # latency without a kind: request latency, else per-token
        order += ["tpot_p99", "tpot"] if wants_p99 else ["tpot", "itl"]
    return next((n for n in order if n and n in available), None)


def _words(s: str) -> set[str]:
    return {w for w in re.split(r"[^a-z0-9]+", s.lower()) if len(w) >= 2}


_TECH_HINTS: dict[str, set[str]] = {
    "speculative-decoding": {"spec", "speculative", "eagle", "eagle3", "medusa", "draft", "mtp", "ngram"},
    "kv-cache-quantization": {"kv", "kvcache", "fp8kv", "kvfp8", "kv8", "kv4"},
    "weight-quantization": {"awq", "gptq", "w4a16", "int4", "marlin", "w8a16"},
    "fp8-quantization": {"fp8", "w8a8", "fp4", "nvfp4"},
    "prefix-caching": {"prefix", "apc", "radix"},
    "chunked-prefill": {"chunked", "chunk"},
    "cuda-graphs": {"cudagraph", "graphs", "graph"},
}


def _choose_pair(claim: Claim, measured: MeasuredSet, axis: str) -> tuple[Pair | None, str | None]:
    pairs = [p for p in measured.pairs if p.axis == axis]
    if not pairs:
        return None, None
    if len(pairs) == 1:
        return pairs[0], None
    tech = claim.technique or ""
    hints = _words(tech) | _TECH_HINTS.get(tech, set())
    scored = sorted(pairs, key=lambda p: -len(_words(p.optimised) & hints))
    best = scored[0]
    if not (_words(best.optimised) & hints):
        return best, f"several variants measured; compared with '{best.optimised}' (first)"
    return best, None


def _claim_op(claim: Claim, concurrency_range: tuple[float, float] | None) -> tuple[str, float | None, str | None]:
    """(axis, op value, note) of the claim's own operating point."""
    k, v = claim.op_kind, claim.op_value
    if k == "single":
        return "concurrency", 1.0, None
    if k == "concurrency" and v:
        return "concurrency", float(v), None
    if k == "batch_size" and v:
        return "concurrency", float(v), f"batch size {_fmt(v)} read as concurrency {_fmt(v)}"
    if k == "request_rate" and v:
        return "request_rate", float(v), None
    if k == "offline":
        top = concurrency_range[1] if concurrency_range else None
        return "concurrency", top, "offline claim read as the highest measured concurrency"
    return "concurrency", 1.0, None  # unstated: single stream until proven otherwise


def _sources(pr: Pair) -> str:
    """The result files behind a pair, relative to the folder they share (names stay unique)."""
    if not pr.sources:
        return ""
    parents = [str(Path(s).parent) for s in pr.sources]
    try:
        common = os.path.commonpath(parents)
    except ValueError:  # mixed absolute and relative paths
        common = ""
    return ", ".join(os.path.relpath(s, common) if common else s for s in pr.sources)


def attach_measured(claims: list[Claim], measured: MeasuredSet, settings: Settings) -> None:
    """Set `claim.measured` on every claim the measurement can answer (metric and curve found)."""
    for claim in claims:
        conc_pair, pick_note = _choose_pair(claim, measured, "concurrency")
        rate_pair, _ = _choose_pair(claim, measured, "request_rate")
        main = conc_pair or rate_pair
        if main is None:
            continue
        name = speedup_name(claim, main)
        if name is None:
            continue
        notes: list[str] = [pick_note] if pick_note else []
        if claim.metric == "latency":
            notes.append(f"latency claim compared with measured {name.replace('_', ' ')}")
        crange = (conc_pair.points[0].op, conc_pair.points[-1].op) if conc_pair and conc_pair.points else None
        axis, op, op_note = _claim_op(claim, crange)
        if op_note:
            notes.append(op_note)

        at_claim = None
        claim_pair = conc_pair if axis == "concurrency" else rate_pair
        if claim_pair is None:
            notes.append(f"no measured {axis.replace('_', ' ')} curve for the claim's operating point")
        elif op is not None and name in {n for sp in claim_pair.points for n in sp.speedups}:
            series = claim_pair.series(name)
            at_claim = interpolate(series, op)
            if at_claim is None:
                lo, hi = series[0][0], series[-1][0]
                notes.append(f"claim's {axis.replace('_', ' ')} {_fmt(op)} is outside the measured range "
                             f"{_fmt(lo)}-{_fmt(hi)}; not extrapolated")

        at_reader = None
        reader = float(settings.concurrency)
        cross = None
        if conc_pair is not None and name in {n for sp in conc_pair.points for n in sp.speedups}:
            series = conc_pair.series(name)
            at_reader = interpolate(series, reader)
            cross = conc_pair.crossover.get(name)
            if at_reader is None:
                lo, hi = series[0][0], series[-1][0]
                notes.append(f"reader's concurrency {_fmt(reader)} is outside the measured range "
                             f"{_fmt(lo)}-{_fmt(hi)}; not extrapolated")
        elif conc_pair is None:
            notes.append("no measured concurrency curve: reader's point not measured")

        below = at_reader is not None and at_reader < claim.ratio * (1.0 - settings.measured_margin)
        claim.measured = Measured(
            label=f"{main.optimised} vs {main.baseline}",
            at_claim=None if at_claim is None else round(at_claim, 4),
            at_claim_op=op,
            at_reader=None if at_reader is None else round(at_reader, 4),
            at_reader_op=reader,
            crossover=None if cross is None else round(cross, 2),
            source=_sources(claim_pair or main),
            below_margin=below,
            note="; ".join(notes) or None,
        )


_METRIC_WORD = {"ttft": "TTFT", "itl": "ITL", "tpot": "TPOT", "e2e": "E2E latency", "latency": "latency",
                "throughput": "throughput", "goodput": "goodput"}


def _op_text(claim: Claim) -> str:
    k, v = claim.op_kind, claim.op_value
    if k == "single":
        s = "concurrency 1"
    elif k == "concurrency":
        s = f"concurrency {_fmt(v)}"
    elif k == "batch_size":
        s = f"batch size {_fmt(v)}"
    elif k == "request_rate":
        s = f"{_fmt(v)} req/s"
    elif k == "offline":
        s = "offline"
    else:
        s = "concurrency 1"
    if claim.op_source == "assumed" or k == "unstated":
        s += ", assumed"
    return s


def _x(v: float | None) -> str:
    return "n/a" if v is None else f"{_fmt(v)}x"


def describe(claim: Claim) -> str:
    """'claimed 2.5x (concurrency 1, assumed) — measured 2.3x at 1, 0.8x at 64'."""
    metric = _METRIC_WORD.get(claim.metric)
    head = f"claimed {_x(claim.ratio)}" + (f" {metric}" if metric else "") + f" ({_op_text(claim)})"
    m = claim.measured
    if m is None:
        return f"{head} — not measured"
    unit = " req/s" if claim.op_kind == "request_rate" else ""
    parts = [f"{_x(m.at_claim)} at {_fmt(m.at_claim_op)}{unit}"]
    if m.at_reader_op is not None and not (
        m.at_claim_op is not None and unit == "" and abs(m.at_claim_op - m.at_reader_op) < 1e-9
    ):
        parts.append(f"{_x(m.at_reader)} at {_fmt(m.at_reader_op)}")
    return f"{head} — measured " + ", ".join(parts)
