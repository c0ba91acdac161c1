"""Result files in each load generator's real format, written from the documented key names
(shared/benchmark-formats.md). Standard library only: the stand-in load generators in
test_measure_plan.py import this too. No tests here."""

from __future__ import annotations

import json
import math
from pathlib import Path

MODEL = "meta-llama/Llama-3.1-8B-Instruct"
POINTS = [1, 8, 32, 64]
# A speculative-decoding-like pair: 2.3x at one request, below 1.0 past ~30 in flight.
BASE = {"tp": [130.0, 950.0, 2900.0, 4300.0], "ttft": [25.0, 40.0, 90.0, 160.0], "itl": [7.5, 8.3, 10.8, 14.6]}
OPT = {"tp": [300.0, 1700.0, 2800.0, 3400.0], "ttft": [27.0, 45.0, 95.0, 180.0], "itl": [3.2, 4.6, 11.2, 18.5]}
SPEEDUP = [o / b for o, b in zip(OPT["tp"], BASE["tp"])]  # 2.31, 1.79, 0.966, 0.79


def _xover() -> float:
    y0, y1 = SPEEDUP[1], SPEEDUP[2]
    t = (1 - y0) / (y1 - y0)
    return math.exp(math.log(8) + t * (math.log(32) - math.log(8)))


# --------------------------------------------------------------------------- writers (real formats)


def vllm_result(label, c, tp, ttft, itl, model=MODEL, metadata=None, rate="inf", max_conc="same"):
    n = max(100, 10 * c)
    d = {
        "date": "20250101-120000", "endpoint_type": "vllm", "backend": "vllm", "label": label,
        "model_id": model, "tokenizer_id": model, "num_prompts": n,
        **(metadata or {}),
        "request_rate": rate, "burstiness": 1.0, "max_concurrency": c if max_conc == "same" else max_conc,
        "duration": n * 256 / tp, "completed": n, "failed": 0,
        "total_input_tokens": 1024 * n, "total_output_tokens": 256 * n,
        "request_throughput": tp / 256, "request_goodput": tp / 256 * 0.97, "output_throughput": tp,
        "total_token_throughput": tp * 5, "max_output_tokens_per_s": tp * 1.2,
        "max_concurrent_requests": c, "rtfx": 0.0,
        "latencies": [1.0, 2.0], "queue_times": [0.0, 0.0],
    }
    for m, v in (("ttft", ttft), ("tpot", itl), ("itl", itl), ("e2el", ttft + 255 * itl)):
        d.update({f"mean_{m}_ms": v * 1.05, f"median_{m}_ms": v, f"std_{m}_ms": v * 0.1,
                  f"p50_{m}_ms": v, f"p99_{m}_ms": v * 1.6})
    return d


def _stat(unit, v):
    d = {"unit": unit, "avg": v * 1.04}
    for p, f in (("p1", 0.7), ("p5", 0.75), ("p10", 0.8), ("p25", 0.9), ("p50", 1.0), ("p75", 1.1),
                 ("p90", 1.3), ("p95", 1.4), ("p99", 1.6)):
        d[p] = v * f
    d.update({"min": v * 0.6, "max": v * 1.9, "std": v * 0.1})
    return d


def genai_perf_result(c, tp, ttft, itl, model=MODEL, with_conc=True):
    cfg = {"model": [model], "endpoint_type": "completions", "streaming": True,
           "extra_inputs": {"ignore_eos": True}, "synthetic_input_tokens_mean": 1024}
    if with_conc:
        cfg["concurrency"] = c
    return {
        "request_throughput": {"unit": "requests/sec", "avg": tp / 256},
        "request_latency": _stat("ms", ttft + 255 * itl),
        "time_to_first_token": _stat("ms", ttft),
        "inter_token_latency": _stat("ms", itl),
        "output_token_throughput": {"unit": "tokens/sec", "avg": tp},
        "output_token_throughput_per_request": _stat("tokens/sec", 1000 / itl),
        "output_sequence_length": _stat("tokens", 256),
        "input_sequence_length": _stat("tokens", 1024),
        "input_config": cfg,
    }


def aiperf_result(c, tp, ttft, itl, model=MODEL):
    def st(unit, v):
        d = _stat(unit, v)
        d.update({"adj_p50": v, "adj_p90": v * 1.3, "adj_p95": v * 1.4, "adj_p99": v * 1.6})
        return d

    return {
        "schema_version": "1.0", "aiperf_version": "0.3.0", "benchmark_id": f"bench-{c}",
        "request_throughput": {"unit": "requests/sec", "avg": tp / 256},
        "request_latency": st("ms", ttft + 255 * itl),
        "request_count": {"unit": "requests", "avg": 10 * c},
        "time_to_first_token": st("ms", ttft),
        "time_to_second_token": st("ms", itl),
        "inter_token_latency": st("ms", itl),
        "output_token_throughput": {"unit": "tokens/sec", "avg": tp},
        "output_token_throughput_per_user": st("tokens/sec/user", 1000 / itl),
        "output_sequence_length": st("tokens", 256),
        "input_sequence_length": st("tokens", 1024),
        "goodput": {"unit": "requests/sec", "avg": tp / 256 * 0.9},
        "benchmark_duration": {"unit": "sec", "avg": 60.0},
        "input_config": {"endpoint": {"model_names": [model], "type": "completions", "streaming": True},
                         "loadgen": {"concurrency": c, "request_count": 10 * c}},
        "was_cancelled": False, "error_summary": [],
        "start_time": "2025-01-01T12:00:00", "end_time": "2025-01-01T12:01:00",
    }


def _ds(v):
    return {"mean": v * 1.03, "median": v, "mode": v, "variance": (v * 0.1) ** 2, "std_dev": v * 0.1,
            "min": v * 0.6, "max": v * 1.9, "count": 100, "total_sum": v * 100,
            "percentiles": {"p001": v * 0.6, "p01": v * 0.65, "p05": v * 0.75, "p10": v * 0.8, "p25": v * 0.9,
                            "p50": v, "p75": v * 1.1, "p90": v * 1.3, "p95": v * 1.4, "p99": v * 1.6,
                            "p999": v * 1.8}}


def _sds(v):
    return {"successful": _ds(v), "incomplete": _ds(0.0), "errored": _ds(0.0), "total": _ds(v)}


def guidellm_benchmark(i, strategy, tp, ttft, itl, conc_mean):
    metrics = {
        "request_totals": {"successful": 100, "incomplete": 0, "errored": 0, "total": 100},
        "requests_per_second": _sds(tp / 256), "request_concurrency": _sds(conc_mean),
        "request_latency": _sds((ttft + 255 * itl) / 1000.0),
        "request_streaming_iterations_count": _sds(256), "prompt_token_count": _sds(1024),
        "output_token_count": _sds(256), "total_token_count": _sds(1280),
        "time_to_first_token_ms": _sds(ttft), "time_to_first_output_token_ms": _sds(ttft),
        "time_per_output_token_ms": _sds(itl), "inter_token_latency_ms": _sds(itl),
        "prompt_tokens_per_second": _sds(tp * 4), "output_tokens_per_second": _sds(tp / 1.03),
        "tokens_per_second": _sds(tp * 5), "output_tokens_per_iteration": _sds(1.0),
        "iter_tokens_per_iteration": _sds(1.0),
    }
    metrics["output_tokens_per_second"]["successful"]["mean"] = tp
    return {
        "type_": "generative_benchmark",
        "config": {"id_": f"b{i}", "run_id": "run-1", "run_index": i, "strategy": strategy,
                   "constraints": {}, "profile": {"type_": "concurrent"}, "requests": {}, "backend": {},
                   "environment": {}},
        "scheduler_state": {}, "scheduler_metrics": {"start_time": 0.0, "measure_start_time": 1.0,
                                                     "measure_end_time": 61.0, "end_time": 62.0,
                                                     "requests_made": {"successful": 100}},
        "metrics": metrics,
        "requests": {"successful": [], "incomplete": [], "errored": [], "total": None},
    }


def guidellm_report(v, model=MODEL, points=POINTS):
    benches = []
    for i, c in enumerate(points):
        strat = {"type_": "synchronous"} if c == 1 else {"type_": "concurrent", "streams": c}
        benches.append(guidellm_benchmark(i, strat, v["tp"][i], v["ttft"][i], v["itl"][i], c * 0.97))
    return {"args": {"target": "http://localhost:8000", "model": model, "profile": "concurrent",
                     "rate": points[1:]}, "benchmarks": benches}


def llmperf_summary(c, tp, ttft, itl, model=MODEL):
    d = {"version": "2023-08-31", "name": f"{model.replace('/', '-')}_1024_256", "model": model,
         "mean_input_tokens": 1024, "stddev_input_tokens": 0, "mean_output_tokens": 256,
         "stddev_output_tokens": 0, "num_concurrent_requests": c, "additional_sampling_params": "{}"}
    e2e = (ttft + 255 * itl) / 1000.0
    for m, v in (("ttft_s", ttft / 1000.0), ("inter_token_latency_s", e2e / 256), ("end_to_end_latency_s", e2e),
                 ("request_output_throughput_token_per_s", 256 / e2e), ("number_input_tokens", 1024),
                 ("number_output_tokens", 256)):
        for p, f in (("p25", 0.9), ("p50", 1.0), ("p75", 1.1), ("p90", 1.3), ("p95", 1.4), ("p99", 1.6)):
            d[f"results_{m}_quantiles_{p}"] = v * f
        d.update({f"results_{m}_mean": v, f"results_{m}_min": v * 0.6, f"results_{m}_max": v * 1.9,
                  f"results_{m}_stddev": v * 0.1})
    d.update({"results_num_requests_started": 10 * c, "results_error_rate": 0.0, "results_number_errors": 0,
              "results_error_code_frequency": "{}", "results_mean_output_throughput_token_per_s": tp,
              "results_num_completed_requests": 10 * c,
              "results_num_completed_requests_per_min": tp / 256 * 60, "timestamp": 1735732800})
    return d


def write(path: Path, obj) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(obj, indent=1))
    return str(path)


def write_vllm_set(tmp: Path, labels=("baseline", "optimised")) -> list[str]:
    files = []
    for label, v in zip(labels, (BASE, OPT)):
        for i, c in enumerate(POINTS):
            d = vllm_result(label, c, v["tp"][i], v["ttft"][i], v["itl"][i],
                            metadata={"feature": "off" if v is BASE else "on"})
            files.append(write(tmp / label / f"vllm-c{c}.json", d))
    return files
