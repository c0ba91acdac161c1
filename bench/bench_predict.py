"""Time the fade predictor on a 50-claim document's worth of predictions.

Budget (issue 4): under 0.2 s for 50 predictions. Run: python bench/bench_predict.py
Prints the cold time (first call loads and validates the catalogues) and the warm time.

`python bench/bench_predict.py --corpus [PATH ...]` instead times predict_claim on every claim the
extractor finds in PATH (default: corpus/dev corpus/test), in process: the median of 5 passes after
a warm-up pass, in CPU time (robust to other processes on the machine) and wall time per claim.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from auditor.models import Claim  # noqa: E402
from auditor.settings import Settings  # noqa: E402

TECHS = [
    ("speculative-decoding", "per-token", 2.5, "unstated", None, "unspecified"),
    ("speculative-decoding", "per-token", 1.8, "concurrency", 16, "throughput"),
    ("kv-cache-quantization", "residency", 1.15, "concurrency", 8, "throughput"),
    ("weight-quantization", "per-token", 2.1, "batch_size", 1, "latency"),
    ("fp8-quantization", "mixed", 1.4, "batch_size", 8, "throughput"),
    ("prefix-caching", "residency", 3.0, "single", 1, "ttft"),
    ("cuda-graphs", "per-token", 1.3, "unstated", None, "itl"),
    ("paged-attention", "residency", 2.2, "offline", None, "throughput"),
    ("continuous-batching", "compute", 3.0, "request_rate", 4, "throughput"),
    (None, "unknown", 1.5, "unstated", None, "unspecified"),
]
HW = ["H100 SXM5", "8xH100", "A100 80GB", "MI300X", None]
MODELS = ["Llama 3.1 8B", "llama-3.1-70b-instruct", "Mixtral 8x7B", "DeepSeek-V3", None]


def claims(n: int = 50) -> list[Claim]:
    out = []
    for i in range(n):
        t, mech, r, kind, val, metric = TECHS[i % len(TECHS)]
        out.append(Claim(text=f"{r}x", sentence="", value=r, unit="x", ratio=r * (1 + 0.01 * i), metric=metric,
                         technique=t, mechanism=mech, op_kind=kind, op_value=val,
                         hardware=HW[i % len(HW)], model=MODELS[(i // 2) % len(MODELS)]))
    return out


def main() -> int:
    from auditor.predict import predict_claim

    cs = claims()
    s = Settings()
    t0 = time.perf_counter()
    preds = [predict_claim(c, s) for c in cs]
    cold = time.perf_counter() - t0
    cs = claims()
    t0 = time.perf_counter()
    for c in cs:
        predict_claim(c, s)
    warm = time.perf_counter() - t0
    n_ok = sum(p is not None for p in preds)
    print(f"50 predictions: cold {cold * 1000:.1f} ms (catalogue load included), warm {warm * 1000:.1f} ms; "
          f"{n_ok} predictions; budget 200 ms -> {'OK' if cold < 0.2 else 'OVER'}")
    return 0 if cold < 0.2 else 1


def corpus(paths: list[str], runs: int = 5) -> int:
    from statistics import median

    from auditor.api import audit_paths
    from auditor.predict import predict_claim

    report = audit_paths(paths or ["corpus/dev", "corpus/test"], settings=Settings(predict=False))
    cs = [c for f in report.files for c in f.claims]
    s = Settings()
    n_ok = sum(predict_claim(c, s) is not None for c in cs)  # warm-up: catalogues, scenarios
    cpu, wall = [], []
    for _ in range(runs):
        c0, w0 = time.process_time(), time.perf_counter()
        for c in cs:
            predict_claim(c, s)
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    n = max(len(cs), 1)
    print(f"{len(cs)} claims ({n_ok} predictions): predict_claim median of {runs} passes "
          f"{median(cpu) / n * 1000:.3f} ms/claim CPU, {median(wall) / n * 1000:.3f} ms/claim wall")
    return 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--corpus":
        raise SystemExit(corpus(sys.argv[2:]))
    raise SystemExit(main())
