"""Write the example result set used by docs/measuring.md: vllm bench serve results (the format of
`--save-result`) for Llama-3.1-8B-Instruct, speculative decoding off and on, at concurrency
1, 8, 16, 32 and 64. The numbers are illustrative (shaped like published speculative-decoding
results: about 2.3x at one request, below 1.0 past ~20 in flight), not a measurement.

    python tests/data/measured/make_example.py    # rewrites tests/data/measured/spec-decode/
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))
from test_measure_writers import vllm_result, write  # noqa: E402

MODEL = "meta-llama/Llama-3.1-8B-Instruct"
POINTS = [1, 8, 16, 32, 64]
RUNS = {  # label: output tok/s, TTFT p50 ms, ITL p50 ms per point
    "baseline": ([140.0, 1020.0, 1900.0, 3300.0, 5200.0], [22.0, 35.0, 58.0, 110.0, 210.0],
                 [6.9, 7.6, 8.2, 9.4, 11.9]),
    "optimised": ([322.0, 1900.0, 2400.0, 2900.0, 4000.0], [24.0, 38.0, 66.0, 125.0, 240.0],
                  [3.0, 4.1, 6.5, 10.7, 15.4]),
}


def main() -> None:
    out = HERE / "spec-decode"
    for label, (tp, ttft, itl) in RUNS.items():
        for i, c in enumerate(POINTS):
            d = vllm_result(label, c, tp[i], ttft[i], itl[i], model=MODEL,
                            metadata={"feature": "off" if label == "baseline" else "on"})
            d["date"] = "20250601-100000"
            write(out / label / f"vllm-c{c}.json", d)


if __name__ == "__main__":
    main()
