"""Measured speedup chart in the fade-curve style: log2 concurrency axis, parity line at 1.0,
measured points over the predicted band when a prediction is given."""

from __future__ import annotations

from pathlib import Path

from auditor.measure.curves import MeasuredSet, Pair
from auditor.models import Prediction

_SERIES = [("throughput", "output throughput", "o", "-"), ("ttft", "TTFT p50", "s", "--"),
           ("itl", "ITL p50", "^", ":"), ("tpot", "TPOT p50", "v", ":")]


def plot_measured(
    measured: MeasuredSet,
    path: str | Path,
    reader_concurrency: float | None = None,
    prediction: Prediction | None = None,
    title: str | None = None,
) -> Path:
    """Write a PNG/SVG/PDF (by suffix) of every concurrency pair's measured speedup."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    pairs: list[Pair] = [p for p in measured.pairs if p.axis == "concurrency"] or list(measured.pairs)
    fig, ax = plt.subplots(figsize=(7.5, 4.5), dpi=120)
    if prediction is not None and prediction.curve:
        xs = [c.concurrency for c in prediction.curve]
        ax.fill_between(xs, [c.low for c in prediction.curve], [c.high for c in prediction.curve],
                        color="tab:blue", alpha=0.15, label="predicted band")
        ax.plot(xs, [c.speedup for c in prediction.curve], color="tab:blue", lw=1.5, label="predicted")
    colors = ["tab:red", "tab:green", "tab:purple", "tab:orange", "tab:brown"]
    xs_all: list[float] = []
    for i, pr in enumerate(pairs):
        color = colors[i % len(colors)]
        for name, word, marker, ls in _SERIES:
            if name == "tpot" and pr.series("itl"):
                continue  # same quantity as ITL for most tools
            s = pr.series(name)
            if not s:
                continue
            xs_all += [x for x, _ in s]
            prefix = f"{pr.optimised} vs {pr.baseline}: " if len(pairs) > 1 else "measured "
            ax.plot([x for x, _ in s], [y for _, y in s], marker=marker, ls=ls, color=color,
                    alpha=1.0 if name == "throughput" else 0.6, label=prefix + word)
        cx = pr.crossover.get("throughput")
        if cx is not None:
            ax.axvline(cx, color=color, ls="-.", lw=0.8)
            ax.annotate(f"crossover ~{cx:.0f}", (cx, 1.0), textcoords="offset points", xytext=(4, 6),
                        fontsize=8, color=color)
    ax.axhline(1.0, color="black", lw=0.8, label="parity (1.0x)")
    if reader_concurrency:
        ax.axvline(reader_concurrency, color="grey", ls=":", lw=1)
        ax.annotate(f"your concurrency {reader_concurrency:g}", (reader_concurrency, ax.get_ylim()[1]),
                    textcoords="offset points", xytext=(4, -12), fontsize=8, color="grey")
    ax.set_xscale("log", base=2)
    if xs_all or (prediction and prediction.curve):
        ax.xaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda v, _: f"{v:g}"))
    ax.set_xlabel("concurrency (requests in flight)" if any(p.axis == "concurrency" for p in pairs)
                  else "request rate (req/s)")
    ax.set_ylabel("speedup (optimised / baseline)")
    ax.set_title(title or f"Measured speedup — {measured.model or 'model not stated'}")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8, loc="best")
    fig.tight_layout()
    out = Path(path)
    fig.savefig(out)
    plt.close(fig)
    return out
