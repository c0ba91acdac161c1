"""Calibration of the fade model on published multi-point measurements (calibration/points.csv).

Each series (one optimisation measured at several operating points on one setup) is fitted at
its first point exactly as a claim would be (the technique's unknown parameter fitted to that
ratio), then predicted at the other points. Per point we report predicted vs published ratio,
the shape class of each relative to the series' first point (grows / holds / fades / inverts)
and |log(pred / published)|. Summary numbers are over the non-anchor points only (the anchor
is matched by construction).

The CSV columns are messy by nature (several figures per cell, ranges, hedges, labels); parsing
is defensive and every row left out is listed with the reason.
"""

from __future__ import annotations

import csv
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from statistics import median
from typing import Any, Iterable

from auditor.predict.predictor import PredictError, classify_shape, predict_curve


def default_efficiency_dict() -> dict[str, float]:
    from auditor.predict.defaults import CALIBRATED_EFFICIENCY

    return dict(CALIBRATED_EFFICIENCY)

PACKAGED_POINTS = Path(__file__).with_name("calibration_points.csv")


def default_points_path() -> Path:
    """The shipped copy of calibration/points.csv (the checkout's ../shared copy if newer is not used)."""
    return PACKAGED_POINTS


# --------------------------------------------------------------------------- parsing

_NUM = r"(\d+(?:\.\d+)?)"


def _int(s: str) -> int:
    s = s.replace(",", "").strip().lower()
    mult = 1
    if s.endswith("k"):
        mult, s = 1000, s[:-1]
    return int(float(s) * mult)


def parse_op(text: str) -> dict[str, Any]:
    """'max concurrency=4, random data (1024/1024 ...)' -> kind, value, input_len, output_len, context."""
    t = text or ""
    out: dict[str, Any] = {"kind": None, "value": None, "input_len": None, "output_len": None}
    pats = [
        (r"concurrency\s*=\s*" + _NUM, "concurrency"),
        (r"batch\s*=\s*" + _NUM, "batch_size"),
        (r"#prompts\s*=\s*" + _NUM, "concurrency"),
        (_NUM + r"\s+concurrent\s+req", "concurrency"),
        (r"(?:req(?:uest)?s?/s|qps)\s*=\s*" + _NUM, "request_rate"),
    ]
    ctx = t
    for pat, kind in pats:
        m = re.search(pat, t, re.I)
        if m:
            out["kind"], out["value"] = kind, float(m.group(1))
            ctx = t[: m.start()] + t[m.end():]
            break
    if out["kind"] is None and re.search(r"\boffline\b", t, re.I):
        m = re.search(r"max batch\s+" + _NUM, t, re.I)
        out["kind"], out["value"] = "offline", float(m.group(1)) if m else None
        ctx = t
    m = re.search(r"ISL\s*([\d,]+k?)\s*/\s*OSL\s*([\d,]+k?)", t, re.I)
    if m:
        out["input_len"], out["output_len"] = _int(m.group(1)), _int(m.group(2))
    m = m or re.search(r"\((\d+)/(\d+)\b", t)
    if m and out["input_len"] is None:
        out["input_len"], out["output_len"] = _int(m.group(1)), _int(m.group(2))
    m2 = re.search(r"~?([\d.,]+k?)\s*in\s*/\s*~?([\d.,]+k?)\s*out", t, re.I)
    if m2 and out["input_len"] is None:
        out["input_len"], out["output_len"] = _int(m2.group(1)), _int(m2.group(2))
    m3 = re.search(r"prefill\s+([\d,]+)", t, re.I)
    if m3 and out["input_len"] is None:
        out["input_len"] = _int(m3.group(1))
    m4 = re.search(r"up to\s+([\d,]+)\s*out", t, re.I)
    if m4 and out["output_len"] is None:
        out["output_len"] = _int(m4.group(1))
    m5 = re.search(r"(\d+)\s*out\b", t, re.I)
    if m5 and out["output_len"] is None:
        out["output_len"] = _int(m5.group(1))
    out["context"] = re.sub(r"\s+", " ", re.sub(r"^[\s,]+|[\s,]+$", "", ctx)).strip()
    return out


@dataclass
class RatioPart:
    label: str
    value: float | None
    why: str | None = None  # why the figure is unusable


def parse_ratio(text: str) -> list[RatioPart]:
    """'FP8 1.40 ; INT8-SQ 1.40' -> [FP8 1.40, INT8-SQ 1.40]; '2-22 (...)' -> unusable range;
    'up to 9' -> unusable (bound); '1.92 (158,596 vs 82,665)' -> 1.92; 'slope 0.54x' -> unusable."""
    parts: list[RatioPart] = []
    for raw in (text or "").split(";"):
        p = raw.strip()
        if not p:
            continue
        head = re.split(r"\(", p, maxsplit=1)[0].strip()  # parenthesised detail is commentary
        m = re.search(r"(?<![A-Za-z\d.])-?\d+(?:\.\d+)?(?![A-Za-z\d])", head)
        label = head[: m.start()].strip() if m else head
        if m is None:
            parts.append(RatioPart(label, None, "no number"))
            continue
        rest = head[m.end():]
        if re.match(r"\s*%", rest) or head.strip().startswith("-"):
            parts.append(RatioPart(label, None, "a percent change, not a ratio at an operating point"))
            continue
        if re.match(r"\s*-\s*\d", rest):
            parts.append(RatioPart(label, None, f"a range ({head}), not one figure"))
            continue
        if re.search(r"\bup to\b", label, re.I):
            parts.append(RatioPart(re.sub(r"(?i)\bup to\b", "", label).strip(), None, f"a bound ('{head}')"))
            continue
        if re.search(r"\bslope\b|\bintercept\b", p, re.I):
            parts.append(RatioPart(label, None, "a slope, not a ratio"))
            continue
        parts.append(RatioPart(label, float(m.group(0))))
    return parts


# technique and knobs as read from the tech / cls / precision columns
def technique_of(tech: str, cls: str, prec: str, label: str) -> tuple[str | None, dict[str, float], str]:
    t = f"{tech} | {cls} | {prec} | {label}".lower()
    kn: dict[str, float] = {}
    if re.search(r"spec\.|speculative|mtp|n-gram|magicdec|dspark", t):
        if "n-gram" in t:
            kn.update(draft_cost=0.0, draft_kv=0.0, draft_depth=0.0, draft_len=3.0)
        elif "mtp" in t:
            kn.update(draft_cost=0.03, draft_kv=0.03)
            m = re.search(r"(\d+)\s*draft tok", t)
            if m:
                kn["draft_len"] = float(m.group(1))
        elif "self-spec" in t:  # the same model drafts with a compressed (StreamingLLM) KV cache
            kn.update(draft_cost=1.0, draft_kv=1.0, draft_window=512.0, draft_depth=1.0)
        elif "tinyllama" in t:  # 1.1B, 22 layers, 4 KV heads x 64 (22.5 KB/token vs 512 KB), StreamingLLM 512
            kn.update(draft_cost=0.16, draft_kv=0.043, draft_window=512.0, draft_depth=22 / 32)
        m = re.search(r"draft k\s*=\s*(\d+)", t) or re.search(r"k\s*<=\s*(\d+)", t)
        if m:
            kn["draft_len"] = float(m.group(1))
        return "speculative-decoding", kn, "spec"
    if "kv" in t and ("fp8" in t or "int8" in t or "int4" in t or "k4v2" in t) and "offload" not in t:
        bits = 4.0 if "int4" in label.lower() else 3.0 if "k4v2" in t else 8.0
        return "kv-cache-quantization", {"bits": bits}, "kvq"
    if "bitsandbytes int8" in t or "llm.int8" in t:  # int8 matmul without outlier decomposition = W8A8
        return "fp8-quantization", {"w_bits": 8.0, "a_bits": 8.0}, "w8a8-int8"
    if "w4a8" in t:
        return "fp8-quantization", {"w_bits": 4.0, "a_bits": 8.0}, "w4a8"
    if re.search(r"fp8|w8a8|smoothquant|int8-sq", t) and "kv" not in t:
        return "fp8-quantization", {"w_bits": 8.0, "a_bits": 8.0}, "w8a8"
    if re.search(r"int4|awq|nf4|gptq|weight-only", t):
        kn = {"bits": 4.0}
        if "bitsandbytes" in t:  # bnb: fused GEMV at one token, else dequantise the whole weight to
            # BF16 and run a BF16 GEMM: reads 0.5 + writes 2 + reads 2 bytes/param vs 2 (+1.25 units)
            kn.update(full_dequant=1.25, full_dequant_above=1.0)
        return "weight-quantization", kn, "w4a16"
    if "offload" in t or "kv store" in t or "hicache" in t or "pegaflow" in t:
        return "kv-offloading", {}, "offload"
    if "prefix" in t or "cache-aware" in t:
        return "prefix-caching", {}, "prefix"
    if "paged" in t:
        return "paged-attention", {}, "paged"
    if "cuda graph" in t:
        return "cuda-graphs", {}, "graphs"
    if "fusion" in t or "torch.compile" in t:
        return "kernel-fusion", {}, "fusion"
    return None, {}, ""


def metric_of(text: str) -> str:
    t = (text or "").lower()
    if "decode" in t and "ttft" not in t:  # decode-only figures: per-token time, no prefill
        return "tpot"
    if "ttft" in t:
        return "ttft"
    if "itl" in t or "inter-token" in t:
        return "itl"
    if "tpot" in t:
        return "tpot"
    if "e2e" in t or "end-to-end" in t or "latency" in t:
        return "e2e" if "e2e" in t or "end-to-end" in t else "latency"
    return "throughput"


# figures that are not in the ratio column as a number but are stated by the source (see README);
# keyed by (src, model, op column); each says how it was derived
DERIVED = {
    ("VLLM-FP8KV", "Llama-3.1-8B", "concurrency=1, 256..125k input, 128 out"): {
        "value": 1.04, "metric": "itl", "input_len": 20000, "output_len": 2000,
        "series_context": "~20k in / ~2k out, 150 req", "series_tech": "FP8 KV cache",
        "why": "ITL at ~20k context from the published slope (0.54x) and intercept (6.44 -> 6.58 ms); issue 4 states 1.04x",
    },
}

# engines whose fixed costs differ from a serving engine with CUDA graphs: HF transformers in eager
# mode launches every kernel from Python. The BNB-BENCH BF16 rows imply a few hundred us per layer
# per step (H100 Llama-3.1-8B: 24.4 ms/token at batch 1 against ~6 ms of weight reads over 32
# layers; T4 Qwen2.5-3B 39 ms vs ~24 ms over 36 layers) and per-token costs that grow the step with
# batch (RTX 4090 Llama-3.1-8B: 21 ms at batch 1, 30 ms at batch 32); the values below were picked
# on this data (calibration search), so the BNB series are not an independent check.
ENGINE_EFFICIENCY = {"hf-eager": {"layer_overhead_us": 200.0, "token_us_per_layer": 6.0}}

# stand-ins for models the catalogue does not describe (architecture not public at the time)
MODEL_STANDINS = {"deepseek-v4-pro-0813": "deepseek-v3"}


@dataclass
class CalPoint:
    row: int
    series: str
    src: str
    technique: str
    knobs: dict[str, float]
    model: str
    hardware: str
    gpus: int
    metric: str
    op_kind: str
    op_value: float
    input_len: int | None
    output_len: int | None
    published: float
    baseline_tp: float | None = None
    engine_eff: dict[str, float] = field(default_factory=dict)
    note: str = ""
    predicted: float | None = None
    pub_shape: str = ""
    pred_shape: str = ""
    anchor: bool = False

    @property
    def log_error(self) -> float | None:
        if self.predicted is None or self.anchor:
            return None
        return abs(math.log(self.predicted / self.published))


@dataclass
class Skipped:
    row: int
    src: str
    what: str
    why: str


@dataclass
class CalibrationResult:
    points: list[CalPoint]
    skipped: list[Skipped]
    efficiency: dict[str, float] | None = None
    series_errors: dict[str, float] = field(default_factory=dict)

    @property
    def scored(self) -> list[CalPoint]:
        return [p for p in self.points if not p.anchor and p.predicted is not None]

    @property
    def shape_accuracy(self) -> float:
        s = self.scored
        return sum(p.pub_shape == p.pred_shape for p in s) / len(s) if s else float("nan")

    @property
    def median_log_error(self) -> float:
        s = [p.log_error for p in self.scored if p.log_error is not None]
        return median(s) if s else float("nan")

    def worst_series(self) -> tuple[str, float] | None:
        if not self.series_errors:
            return None
        k = max(self.series_errors, key=self.series_errors.get)  # type: ignore[arg-type]
        return k, self.series_errors[k]


def load_points(path: Path | str | None = None) -> tuple[list[CalPoint], list[Skipped]]:
    """Usable points grouped into series (a series needs two or more operating points)."""
    from auditor.predict.catalog import resolve_hardware, resolve_model, split_gpu_count

    path = Path(path or default_points_path())
    rows = list(csv.DictReader(path.read_text(encoding="utf-8").splitlines()))
    cands: list[CalPoint] = []
    skipped: list[Skipped] = []
    for i, r in enumerate(rows, start=2):  # line numbers in the file (header is line 1)
        what = f"{r.get('tech', '')[:48]} | {r.get('op', '')[:40]} | {r.get('ratio', '')[:30]}"
        src = r.get("src", "")
        op = parse_op(r.get("op", ""))
        derived = DERIVED.get((src, r.get("model", ""), r.get("op", "")))
        if op["kind"] is None:
            skipped.append(Skipped(i, src, what, "no numeric operating point (concurrency, batch or rate)"))
            continue
        if op["kind"] == "offline":
            skipped.append(Skipped(i, src, what, "offline run at one operating point: no curve to check"))
            continue
        parts = parse_ratio(r.get("ratio", ""))
        metrics = [m.strip() for m in (r.get("metric", "") or "").split(";")]
        if derived:
            parts = [RatioPart("", derived["value"])]
            metrics = [derived["metric"]]
        if not parts:
            skipped.append(Skipped(i, src, what, "empty ratio"))
            continue
        paired = len(metrics) == len(parts) and len(parts) > 1
        hw_text = r.get("hw", "")
        count, _ = split_gpu_count(hw_text)
        hw_id, _, hw_note = resolve_hardware(hw_text)
        mtext = r.get("model", "")
        mkey = mtext.strip().lower()
        m_id, _, m_note = resolve_model(MODEL_STANDINS.get(mkey, mtext))
        note = ""
        if mkey in MODEL_STANDINS:
            note = f"model {mtext} not catalogued: {MODEL_STANDINS[mkey]} architecture used as a stand-in"
        if hw_note:
            note = (note + "; " if note else "") + hw_note
        if m_note:
            skipped.append(Skipped(i, src, what, f"model not in the catalogue ({mtext})"))
            continue
        for j, part in enumerate(parts):
            if part.value is None:
                skipped.append(Skipped(i, src, what, part.why or "unusable figure"))
                continue
            metric_text = metrics[j] if paired else (r.get("metric", "") if not derived else derived["metric"])
            tech, kn, fam = technique_of(r.get("tech", ""), r.get("cls", ""), r.get("prec", ""), part.label)
            if tech is None:
                skipped.append(Skipped(i, src, what, "technique has no model"))
                continue
            engine_eff = dict(ENGINE_EFFICIENCY["hf-eager"]) if "hf transformers" in r.get("tech", "").lower() else {}
            per_gpu = "per gpu" in (r.get("metric", "") or "").lower() and "70b" in mtext.lower()
            ctx = derived["series_context"] if derived else op["context"]
            label = part.label if not paired else ""
            tech_text = derived.get("series_tech", r.get("tech", "")) if derived else r.get("tech", "")
            series = " | ".join(x for x in (src, tech_text, label, mtext, hw_text, ctx) if x)
            cands.append(CalPoint(
                row=i, series=series, src=src, technique=tech, knobs=kn, model=m_id, hardware=hw_id,
                gpus=int(count or 1), metric=metric_of(metric_text), op_kind=op["kind"], op_value=op["value"],
                input_len=(derived or {}).get("input_len", op["input_len"]),
                output_len=(derived or {}).get("output_len", op["output_len"]),
                published=part.value, baseline_tp=2.0 if per_gpu else None, engine_eff=engine_eff,
                note=(note + ("; " if note else "") + derived["why"]) if derived else note,
            ))
    # series need two or more operating points
    by_series: dict[str, list[CalPoint]] = {}
    for p in cands:
        by_series.setdefault(p.series, []).append(p)
    points: list[CalPoint] = []
    for key, pts in by_series.items():
        ops = {p.op_value for p in pts}
        if len(ops) < 2:
            for p in pts:
                skipped.append(Skipped(p.row, p.src, key[:90], "single operating point: no curve to check"))
            continue
        first_metric = min(pts, key=lambda p: p.op_value).metric
        pts.sort(key=lambda p: (p.op_value, p.metric != first_metric))
        pts[0].anchor = True
        points.extend(pts)
    return points, skipped


def run_calibration(path: Path | str | None = None, efficiency: dict[str, float] | None = None,
                    points: list[CalPoint] | None = None, skipped: list[Skipped] | None = None) -> CalibrationResult:
    if points is None:
        points, skipped = load_points(path)
        points = [CalPoint(**{**p.__dict__}) for p in points]
    series: dict[str, list[CalPoint]] = {}
    for p in points:
        series.setdefault(p.series, []).append(p)
    errs: dict[str, float] = {}
    for key, pts in series.items():
        anchor = next(p for p in pts if p.anchor)
        # context of the series: lengths stated on any of its rows
        in_len = next((p.input_len for p in pts if p.input_len), None)
        out_len = next((p.output_len for p in pts if p.output_len), None)
        for p in pts:
            try:
                pred = predict_curve(
                    p.technique, speedup=anchor.published, at=anchor.op_value, at_kind=anchor.op_kind,
                    metric=anchor.metric, hardware=p.hardware, gpus=p.gpus, model=p.model,
                    input_len=p.input_len or in_len, output_len=p.output_len or out_len,
                    grid=[p.op_value], reader_concurrency=p.op_value,
                    efficiency={**(efficiency or default_efficiency_dict()), **p.engine_eff}, params=p.knobs,
                    baseline_tp=p.baseline_tp, max_concurrency=max(q.op_value for q in pts),
                    eval_metric=p.metric,
                )
            except PredictError as e:  # pragma: no cover - data error
                p.note = f"{p.note}; prediction failed: {e}"
                continue
            p.predicted = pred.curve[0].speedup
        for p in pts:
            p.pub_shape = classify_shape(anchor.published, p.published)
            p.pred_shape = classify_shape(anchor.predicted or anchor.published, p.predicted or 0.0)
        e = [p.log_error for p in pts if p.log_error is not None]
        if e:
            errs[key] = sum(e) / len(e)
    return CalibrationResult(points=points, skipped=list(skipped or []), efficiency=efficiency, series_errors=errs)


FIT_GRID = {
    "bandwidth": (0.7, 0.8, 0.9),
    "compute": (0.6, 0.75),
    "step_overhead_ms": (0.5, 1.0),
    "roofline_p": (2.0, 3.0),
    "moe_layer_overhead_us": (300.0, 600.0),
}

# why the worst series is hard for this model (printed by `auditor calibrate`)
WORST_WHY = {
    "BNB-BENCH": "HF transformers in eager mode (engine constants picked on this data): step time is dominated by Python launch overhead, and "
                 "bitsandbytes switches kernel paths (fused GEMV at batch 1, dequantise-then-GEMM above; "
                 "LLM.int8 quantises activations per call); one parameter fitted at batch 1 cannot see how much each path costs at 8 and 32 (LLM.int8 on the "
                 "RTX 4090: published 0.96 -> 1.08 -> 1.32, predicted to hold near 0.96; the INT8 path's fixed "
                 "cost fitted at batch 1 hides the INT8 tensor-core gain that appears at batch 32)",
    "VLLM-DSPARK": "DeepSeek-V4-Pro is not in the catalogue (DeepSeek-V3 stands in) and DSpark adapts its "
                   "verification to load, which a fixed draft length does not model",
    "MAGICDEC": "long-context speculation with a fixed StreamingLLM draft budget: the model gets the growth "
                "with batch (draft cost constant, verification shares one KV read) but only about half its "
                "size; the published runs re-tune the speculation length per batch and run a fused gpt-fast "
                "engine whose per-token costs are lower than the serving engines the defaults are fitted on",
    "VLLM-COMPILE": "figures read off a chart at +-2 %, around a 1.0-1.08 range: shape classes flip on noise",
    "SGL-AMD-MTP": "large-MoE step time on MI300X is dominated by fixed per-layer costs the model only "
                   "approximates (moe_layer_overhead_us)",
    "TRTLLM-NGRAM": "the n-gram draft configuration changes with batch size (k=3,v=5 -> k=5,v=3) and the "
                    "figure is an end-to-end runtime of a second turn whose prefill share is not stated; "
                    "the model fades too late (1.93 predicted vs 1.64 published at batch 4)",
}


def fit_efficiency(path: Path | str | None = None, grid: dict[str, Iterable[float]] | None = None
                   ) -> tuple[dict[str, float], CalibrationResult]:
    """Grid search of the efficiency factors: best shape accuracy, then lowest median log error."""
    import itertools

    from auditor.predict.defaults import CALIBRATED_EFFICIENCY

    grid = grid or FIT_GRID
    points, skipped = load_points(path)
    keys = list(grid)
    best: tuple[float, float] | None = None
    best_eff: dict[str, float] = dict(CALIBRATED_EFFICIENCY)
    best_res: CalibrationResult | None = None
    for combo in itertools.product(*(grid[k] for k in keys)):
        eff = {**CALIBRATED_EFFICIENCY, **dict(zip(keys, combo))}
        res = run_calibration(efficiency=eff, points=[CalPoint(**p.__dict__) for p in points], skipped=skipped)
        score = (-res.shape_accuracy, res.median_log_error)
        if best is None or score < best:
            best, best_eff, best_res = score, eff, res
    assert best_res is not None
    return best_eff, best_res
