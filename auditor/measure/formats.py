"""Readers for the result files that load generators write, recognised by their keys.

One file gives one or more `Run`s (a run = one load generator invocation at one operating
point). Key names follow the tools' own source (see shared/benchmark-formats.md):

- vllm bench serve  : flat JSON (`--save-result`) or JSON Lines (`--append-result`)
- GenAI-Perf        : `*_genai_perf.json`, one object per metric plus `input_config`
- AIPerf            : `profile_export_aiperf.json`, same shape plus `aiperf_version`/`schema_version`
- GuideLLM          : report with `benchmarks[]`, each with `config.strategy` and `metrics`
- LLMPerf           : `*_summary.json`, flattened `results_*` keys and `num_concurrent_requests`

Every latency is converted to milliseconds, every throughput to tokens (or requests) per second.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Tool = Literal["vllm", "genai-perf", "aiperf", "guidellm", "llmperf"]
OpAxis = Literal["concurrency", "request_rate"]

#: Metric names a Run may carry (latencies in ms, throughputs per second).
METRICS: tuple[str, ...] = (
    "output_throughput",  # output tokens / s, whole run
    "request_throughput",  # requests / s
    "goodput",  # requests / s meeting the SLOs (when the tool was given SLOs)
    "ttft_p50", "ttft_p99",
    "itl_p50", "itl_p99",
    "tpot_p50", "tpot_p99",
    "e2e_p50", "e2e_p99",
)


class MeasureError(Exception):
    """A result file that cannot be read; the message is one line naming the file."""

    def __init__(self, message: str, kind: str = "invalid"):
        super().__init__(message)
        self.message = message
        self.kind = kind  # invalid | unknown (not a result file of a supported tool) | mixed


class Run(BaseModel):
    """One benchmark run at one operating point, normalised across tools."""

    model_config = ConfigDict(extra="forbid")

    source: str  # the path as given
    entry: int = 0  # line (JSONL) or benchmark index inside the file, 0-based
    tool: Tool
    label: str | None = None  # label written by the tool (vllm --label), else from metadata/path
    label_origin: Literal["file", "metadata", "path", "default"] = "default"
    model: str | None = None
    axis: OpAxis = "concurrency"
    concurrency: float | None = None  # requested concurrency (max in flight)
    request_rate: float | None = None  # requests/s for rate-driven runs
    offline: bool = False  # everything sent at once (vllm rate inf without max concurrency, GuideLLM throughput)
    metadata: dict[str, str] = Field(default_factory=dict)  # vllm --metadata KEY=VALUE and similar
    input_len: float | None = None
    output_len: float | None = None
    completed: int | None = None
    failed: int | None = None
    metrics: dict[str, float] = Field(default_factory=dict)
    notes: list[str] = Field(default_factory=list)

    @property
    def op(self) -> float | None:
        return self.concurrency if self.axis == "concurrency" else self.request_rate

    @property
    def where(self) -> str:
        return self.source if self.entry == 0 else f"{self.source} (entry {self.entry + 1})"


# --------------------------------------------------------------------------- helpers


def _num(v: Any) -> float | None:
    if isinstance(v, bool) or v is None:
        return None
    if isinstance(v, (int, float)):
        f = float(v)
        return f if math.isfinite(f) else None
    if isinstance(v, str):
        try:
            f = float(v)
        except ValueError:
            return None
        return f if math.isfinite(f) else None
    return None


def _get(d: Any, *path: str) -> Any:
    for p in path:
        if not isinstance(d, dict) or p not in d:
            return None
        d = d[p]
    return d


def _find_key(d: Any, names: tuple[str, ...], depth: int = 0) -> Any:
    """First value under any of `names`, searching nested dicts breadth-first (bounded)."""
    if not isinstance(d, dict) or depth > 4:
        return None
    for n in names:
        if n in d and d[n] is not None and not isinstance(d[n], dict):
            return d[n]
    for v in d.values():
        if isinstance(v, dict):
            r = _find_key(v, names, depth + 1)
            if r is not None:
                return r
    return None


_CONC_DIR = re.compile(r"(?:^|[-_])(?:c|conc|concurrency)[-_]?(\d+(?:\.\d+)?)$", re.I)
_SKIP_DIRS = {
    "", ".", "..", "results", "result", "artifacts", "artifact", "out", "output", "outputs",
    "runs", "data", "measured", "bench", "benchmarks", "vllm", "guidellm", "genai-perf",
    "genai_perf", "aiperf", "llmperf", "tmp",
}


def concurrency_from_path(path: str) -> float | None:
    """`.../concurrency8/...`, `.../c8/...`, `...-concurrency8` (GenAI-Perf artifact dirs)."""
    for part in reversed(Path(path).parts[:-1]):
        m = _CONC_DIR.search(part)
        if m:
            return float(m.group(1))
    m = re.search(r"(?:^|[-_])(?:c|concurrency)(\d+)(?:[-_.]|$)", Path(path).stem, re.I)
    return float(m.group(1)) if m else None


def label_from_path(path: str) -> str | None:
    """The nearest enclosing folder that names a variant (not a concurrency or tool folder)."""
    for part in reversed(Path(path).parts[:-1]):
        low = part.lower()
        if low in _SKIP_DIRS or _CONC_DIR.search(part) or re.fullmatch(r"(rate|qps)[-_]?[\d.]+", low):
            continue
        # GenAI-Perf's own artifact folder names: <model>-<service>-<backend>-concurrency<N>
        if re.search(r"-(openai|triton)-", low):
            continue
        return part
    return None


def label_from_stem(stem: str, model: str | None = None) -> str | None:
    """What is left of a file name once concurrency, rate, date and model are taken out:
    `spec-infqps-concurrency8-Llama-3.1-8B-Instruct-20250101-120000` -> `spec`, `base_c8` -> `base`."""
    s = stem
    if model:
        s = s.replace(model.rstrip("/").split("/")[-1], "")
    s = re.sub(r"\d{8}-\d{6}", "", s)
    s = re.sub(r"(?i)(?:^|[-_])(?:inf|[\d.]+)qps", "", s)
    s = re.sub(r"(?i)(?:^|[-_])(?:c|conc|concurrency)[-_]?\d+(?=$|[-_.])", "", s)
    s = re.sub(r"(?i)(?:^|[-_])(?:profile_export|genai_perf|aiperf|summary|benchmarks?|results?)(?=$|[-_])", "", s)
    s = re.sub(r"[-_.]{2,}", "-", s).strip("-_. ")
    return s or None


def _ms(v: Any, scale: float = 1.0) -> float | None:
    f = _num(v)
    return None if f is None else f * scale


def _put(metrics: dict[str, float], key: str, value: float | None) -> None:
    if value is not None:
        metrics[key] = value


# --------------------------------------------------------------------------- vllm bench serve

_VLLM_KNOWN = {
    "date", "endpoint_type", "backend", "label", "model_id", "tokenizer_id", "num_prompts",
    "request_rate", "burstiness", "max_concurrency", "ramp_up_strategy", "ramp_up_start_rps",
    "ramp_up_end_rps", "duration", "completed", "failed", "total_input_tokens", "total_output_tokens",
    "request_throughput", "request_goodput", "output_throughput", "total_token_throughput",
    "max_output_tokens_per_s", "max_concurrent_requests", "rtfx", "input_lens", "output_lens",
    "ttfts", "itls", "latencies", "start_times", "queue_times", "generated_texts", "errors",
    "rps_change_events", "total_input_sequences", "input_sequence_throughput",
}


def _is_vllm(d: dict) -> bool:
    return "output_throughput" in d or "median_ttft_ms" in d or (
        "model_id" in d and ("completed" in d or "request_throughput" in d)
    )


def read_vllm(d: dict, source: str, entry: int = 0) -> Run:
    missing = [k for k in ("output_throughput",) if k not in d]
    if "max_concurrency" not in d and "request_rate" not in d:
        missing.append("max_concurrency or request_rate")
    if missing:
        raise MeasureError(f"{source}: vllm bench serve result is missing {', '.join(missing)}")
    run = Run(source=source, entry=entry, tool="vllm", model=d.get("model_id"))
    if d.get("label"):
        run.label, run.label_origin = str(d["label"]), "file"
    # --metadata KEY=VALUE lands as top-level string values
    run.metadata = {k: v for k, v in d.items() if k not in _VLLM_KNOWN and isinstance(v, str)}
    mc = _num(d.get("max_concurrency"))
    rate = d.get("request_rate")
    rate_f = None if rate in (None, "inf") else _num(rate)
    if mc is not None:
        run.axis, run.concurrency = "concurrency", mc
        run.request_rate = rate_f
    elif rate_f is not None:
        run.axis, run.request_rate = "request_rate", rate_f
    else:
        # request rate inf and no cap: every request at once, i.e. an offline/saturation run
        run.offline = True
        cap = _num(d.get("max_concurrent_requests")) or _num(d.get("num_prompts"))
        run.concurrency = cap
        run.notes.append("request rate inf without --max-concurrency: offline run, "
                         f"concurrency taken as {'max_concurrent_requests' if d.get('max_concurrent_requests') else 'num_prompts'}")
    if run.concurrency is None and run.request_rate is None:
        raise MeasureError(f"{source}: vllm bench serve result has no operating point "
                           "(max_concurrency, request_rate and num_prompts all missing)")
    run.completed = int(d["completed"]) if _num(d.get("completed")) is not None else None
    run.failed = int(d["failed"]) if _num(d.get("failed")) is not None else None
    tin, tout, n = _num(d.get("total_input_tokens")), _num(d.get("total_output_tokens")), _num(d.get("completed"))
    if n:
        run.input_len = tin / n if tin is not None else None
        run.output_len = tout / n if tout is not None else None
    m = run.metrics
    _put(m, "output_throughput", _num(d.get("output_throughput")))
    _put(m, "request_throughput", _num(d.get("request_throughput")))
    _put(m, "goodput", _num(d.get("request_goodput")))
    for ours, theirs in (("ttft", "ttft"), ("itl", "itl"), ("tpot", "tpot"), ("e2e", "e2el")):
        _put(m, f"{ours}_p50", _num(d.get(f"median_{theirs}_ms", d.get(f"p50_{theirs}_ms"))))
        _put(m, f"{ours}_p99", _num(d.get(f"p99_{theirs}_ms")))
    return run


# --------------------------------------------------------------------------- GenAI-Perf / AIPerf

_GP_METRICS = ("output_token_throughput", "time_to_first_token", "inter_token_latency",
               "request_throughput", "request_latency")


def _is_metric_obj(v: Any) -> bool:
    return isinstance(v, dict) and ("avg" in v or "p50" in v) and ("unit" in v or "p99" in v or "avg" in v)


def _is_genai_like(d: dict) -> bool:
    return sum(1 for k in _GP_METRICS if _is_metric_obj(d.get(k))) >= 1


def _is_aiperf(d: dict) -> bool:
    return "aiperf_version" in d or "schema_version" in d or "benchmark_id" in d or any(
        isinstance(v, dict) and any(k.startswith("adj_p") for k in v) for v in d.values()
    )


def _unit_scale(obj: dict, default_ms: bool = True) -> float:
    unit = str(obj.get("unit", "ms" if default_ms else "")).lower()
    return {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1000.0, "sec": 1000.0}.get(unit, 1.0)


def read_genai_like(d: dict, source: str, tool: Tool) -> Run:
    name = "AIPerf" if tool == "aiperf" else "GenAI-Perf"
    thr = d.get("output_token_throughput")
    if not _is_metric_obj(thr) or _num(thr.get("avg")) is None:
        raise MeasureError(f"{source}: {name} profile export is missing output_token_throughput.avg")
    cfg = d.get("input_config") or {}
    run = Run(source=source, tool=tool)
    conc = _num(_get(cfg, "loadgen", "concurrency"))
    if conc is None:
        conc = _num(_get(cfg, "perf_analyzer", "stimulus", "concurrency"))
    if conc is None:
        conc = _num(_find_key(cfg, ("concurrency",)))
    rate = _num(_get(cfg, "loadgen", "request_rate"))
    if rate is None:
        rate = _num(_find_key(cfg, ("request_rate",)))
    if conc is None and rate is None:
        conc = concurrency_from_path(source)
        if conc is not None:
            run.notes.append("concurrency read from the artifact folder name")
    if conc is not None:
        run.axis, run.concurrency, run.request_rate = "concurrency", conc, rate
    elif rate is not None:
        run.axis, run.request_rate = "request_rate", rate
    else:
        raise MeasureError(f"{source}: {name} profile export has no concurrency or request rate "
                           "(input_config has neither, and the folder name has no concurrency<N>)")
    model = _get(cfg, "endpoint", "model_names") or cfg.get("model_names") or cfg.get("model")
    if model is None:
        model = _find_key(cfg, ("model_names", "model", "model_name"))
    if isinstance(model, list):
        model = model[0] if model else None
    run.model = str(model) if model else None
    m = run.metrics
    _put(m, "output_throughput", _num(thr.get("avg")))
    rt = d.get("request_throughput")
    if _is_metric_obj(rt):
        _put(m, "request_throughput", _num(rt.get("avg")))
    gp = d.get("goodput") if tool == "aiperf" else d.get("request_goodput")
    if gp is None:
        gp = d.get("request_goodput") or d.get("goodput")
    if _is_metric_obj(gp):
        _put(m, "goodput", _num(gp.get("avg")))
    for ours, theirs in (("ttft", "time_to_first_token"), ("itl", "inter_token_latency"),
                         ("e2e", "request_latency")):
        obj = d.get(theirs)
        if _is_metric_obj(obj):
            s = _unit_scale(obj)
            _put(m, f"{ours}_p50", _ms(obj.get("p50"), s))
            _put(m, f"{ours}_p99", _ms(obj.get("p99"), s))
    for ours, theirs in (("input_len", "input_sequence_length"), ("output_len", "output_sequence_length")):
        obj = d.get(theirs)
        if _is_metric_obj(obj):
            setattr(run, ours, _num(obj.get("avg")))
    rc = d.get("request_count")
    if _is_metric_obj(rc):
        v = _num(rc.get("avg"))
        run.completed = int(v) if v is not None else None
    extra = cfg.get("extra_inputs") if isinstance(cfg, dict) else None
    if isinstance(extra, dict):
        run.metadata = {k: str(v) for k, v in extra.items() if isinstance(v, (str, int, float))}
    return run


# --------------------------------------------------------------------------- GuideLLM


def _dist(metrics: dict, key: str, stat: str) -> float | None:
    obj = metrics.get(key)
    if not isinstance(obj, dict):
        return None
    sub = obj.get("successful", obj)
    if not isinstance(sub, dict):
        return None
    if stat.startswith("p"):
        return _num(_get(sub, "percentiles", stat)) if stat != "p50" else _num(
            _get(sub, "percentiles", "p50") if _get(sub, "percentiles", "p50") is not None else sub.get("median"))
    return _num(sub.get(stat))


def read_guidellm(d: dict, source: str) -> list[Run]:
    benches = d.get("benchmarks")
    if not isinstance(benches, list) or not benches:
        raise MeasureError(f"{source}: GuideLLM report has no benchmarks")
    args = d.get("args") if isinstance(d.get("args"), dict) else {}
    runs = []
    for i, b in enumerate(benches):
        if not isinstance(b, dict) or not isinstance(b.get("metrics"), dict):
            raise MeasureError(f"{source}: GuideLLM benchmark {i + 1} is missing metrics")
        met = b["metrics"]
        out_tps = _dist(met, "output_tokens_per_second", "mean")
        if out_tps is None:
            raise MeasureError(f"{source}: GuideLLM benchmark {i + 1} is missing "
                               "metrics.output_tokens_per_second.successful.mean")
        strat = _get(b, "config", "strategy") or _get(b, "args", "strategy") or b.get("strategy") or {}
        if not isinstance(strat, dict) or not strat.get("type_"):
            raise MeasureError(f"{source}: GuideLLM benchmark {i + 1} is missing config.strategy.type_")
        kind = str(strat["type_"])
        run = Run(source=source, entry=i, tool="guidellm")
        achieved = _dist(met, "request_concurrency", "mean")
        if kind == "synchronous":
            run.concurrency = 1.0
        elif kind == "concurrent":
            run.concurrency = _num(strat.get("streams"))
        elif kind in ("constant", "poisson", "async"):
            run.axis, run.request_rate = "request_rate", _num(strat.get("rate"))
        elif kind == "throughput":
            run.offline = True
            run.concurrency = _num(strat.get("max_concurrency")) or achieved
            run.notes.append("throughput strategy: offline run, concurrency taken as "
                             + ("max_concurrency" if strat.get("max_concurrency") else "achieved mean concurrency"))
        else:
            run.concurrency = achieved
            run.notes.append(f"strategy {kind}: concurrency taken as achieved mean concurrency")
        if run.op is None:
            raise MeasureError(f"{source}: GuideLLM benchmark {i + 1} ({kind}) has no streams/rate")
        model = _find_key(args, ("model",)) or _find_key(b.get("config") or {}, ("model",))
        run.model = str(model) if model else None
        m = run.metrics
        _put(m, "output_throughput", out_tps)
        _put(m, "request_throughput", _dist(met, "requests_per_second", "mean"))
        for ours, theirs in (("ttft", "time_to_first_token_ms"), ("itl", "inter_token_latency_ms"),
                             ("tpot", "time_per_output_token_ms")):
            _put(m, f"{ours}_p50", _dist(met, theirs, "p50"))
            _put(m, f"{ours}_p99", _dist(met, theirs, "p99"))
        lat = met.get("request_latency")
        if isinstance(lat, dict):  # seconds in GuideLLM
            p50, p99 = _dist(met, "request_latency", "p50"), _dist(met, "request_latency", "p99")
            _put(m, "e2e_p50", None if p50 is None else p50 * 1000.0)
            _put(m, "e2e_p99", None if p99 is None else p99 * 1000.0)
        run.input_len = _dist(met, "prompt_token_count", "mean")
        run.output_len = _dist(met, "output_token_count", "mean")
        tot = met.get("request_totals")
        if isinstance(tot, dict):
            s, e = _num(tot.get("successful")), _num(tot.get("errored"))
            run.completed = int(s) if s is not None else None
            run.failed = int(e) if e is not None else None
        runs.append(run)
    return runs


# --------------------------------------------------------------------------- LLMPerf


def _is_llmperf(d: dict) -> bool:
    return "num_concurrent_requests" in d or any(k.startswith("results_") for k in d)


def read_llmperf(d: dict, source: str) -> Run:
    missing = [k for k in ("num_concurrent_requests", "results_mean_output_throughput_token_per_s")
               if _num(d.get(k)) is None]
    if missing:
        raise MeasureError(f"{source}: LLMPerf summary is missing {', '.join(missing)}")
    run = Run(source=source, tool="llmperf", model=d.get("model"),
              concurrency=_num(d["num_concurrent_requests"]))
    m = run.metrics
    _put(m, "output_throughput", _num(d["results_mean_output_throughput_token_per_s"]))
    rpm = _num(d.get("results_num_completed_requests_per_min"))
    _put(m, "request_throughput", None if rpm is None else rpm / 60.0)
    for ours, theirs in (("ttft", "ttft_s"), ("itl", "inter_token_latency_s"), ("e2e", "end_to_end_latency_s")):
        _put(m, f"{ours}_p50", _ms(d.get(f"results_{theirs}_quantiles_p50"), 1000.0))
        _put(m, f"{ours}_p99", _ms(d.get(f"results_{theirs}_quantiles_p99"), 1000.0))
    if "itl_p50" in m:
        run.notes.append("LLMPerf ITL is end-to-end latency / output tokens (includes TTFT)")
    run.input_len = _num(d.get("mean_input_tokens"))
    run.output_len = _num(d.get("mean_output_tokens"))
    n = _num(d.get("results_num_completed_requests"))
    run.completed = int(n) if n is not None else None
    errs = _num(d.get("results_number_errors"))
    run.failed = int(errs) if errs is not None else None
    return run


# --------------------------------------------------------------------------- dispatch


def _parse_json_or_lines(text: str, source: str) -> list[Any]:
    text = text.strip()
    if not text:
        raise MeasureError(f"{source}: empty file")
    try:
        return [json.loads(text)]
    except json.JSONDecodeError as whole:
        lines = [ln for ln in text.splitlines() if ln.strip()]
        if len(lines) > 1 and lines[0].lstrip().startswith("{") and whole.msg == "Extra data":
            out = []
            for no, ln in enumerate(lines, 1):
                try:
                    out.append(json.loads(ln))
                except json.JSONDecodeError as e:
                    raise MeasureError(f"{source}: line {no} is not valid JSON "
                                       f"({e.msg} at column {e.colno}; truncated?)") from None
            return out
        hint = " (truncated?)" if whole.pos >= len(text) - 1 or "Expecting" in whole.msg else ""
        raise MeasureError(f"{source}: not valid JSON{hint}: {whole.msg} at line {whole.lineno} "
                           f"column {whole.colno}") from None


def detect(d: Any) -> Tool | None:
    """Which tool wrote this (already parsed) object, by its keys."""
    if not isinstance(d, dict):
        return None
    if isinstance(d.get("benchmarks"), list):
        return "guidellm"
    if _is_genai_like(d):
        return "aiperf" if _is_aiperf(d) else "genai-perf"
    if _is_llmperf(d):
        return "llmperf"
    if _is_vllm(d):
        return "vllm"
    return None


def _explain_unknown(obj: Any, source: str) -> str:
    if isinstance(obj, list):
        if obj and isinstance(obj[0], dict) and "ttft_s" in obj[0]:
            return (f"{source}: this is LLMPerf's per-request file (individual_responses); "
                    "pass the *_summary.json next to it")
        if obj and isinstance(obj[0], dict) and "benchmark" in obj[0] and "metric" in obj[0]:
            return (f"{source}: this is vllm's PyTorch-format companion (*.pytorch.json); "
                    "pass the main result JSON written by --save-result")
        return f"{source}: unknown result format (a JSON list, expected an object)"
    if isinstance(obj, dict):
        keys = ", ".join(sorted(obj)[:8]) + (", ..." if len(obj) > 8 else "")
        return (f"{source}: unknown result format (top-level keys: {keys or 'none'}); expected "
                "vllm bench serve, GenAI-Perf, AIPerf, GuideLLM or LLMPerf output")
    return f"{source}: unknown result format (a JSON {type(obj).__name__}, expected an object)"


def read_file(path: str) -> list[Run]:
    """All runs in one result file; MeasureError (one line, naming the file) if it is unusable."""
    p = Path(path)
    if not p.exists():
        raise MeasureError(f"{path}: no such file")
    if p.is_dir():
        raise MeasureError(f"{path}: is a directory (pass the result files inside it)")
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise MeasureError(f"{path}: cannot read ({e.__class__.__name__})") from None
    objs = _parse_json_or_lines(text, path)
    runs: list[Run] = []
    for i, obj in enumerate(objs):
        where = path if len(objs) == 1 else f"{path} line {i + 1}"
        tool = detect(obj)
        if tool is None:
            raise MeasureError(_explain_unknown(obj, where), kind="unknown")
        if tool == "vllm":
            runs.append(read_vllm(obj, path if len(objs) == 1 else where, entry=0))
            runs[-1].source, runs[-1].entry = path, i
        elif tool in ("genai-perf", "aiperf"):
            runs.append(read_genai_like(obj, path, tool))
        elif tool == "guidellm":
            runs.extend(read_guidellm(obj, path))
        else:
            runs.append(read_llmperf(obj, path))
    for r in runs:
        if r.label is None:
            lab = label_from_path(path)
            if lab:
                r.label, r.label_origin = lab, "path"
    return runs
