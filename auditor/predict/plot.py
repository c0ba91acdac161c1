"""Plot a predicted fade curve with matplotlib (Agg, no pyplot global state).

Used by `auditor predict --plot`, the HTML report and `auditor results --plot`: the band is shaded,
the central curve drawn, the parity line (1.0x) and the reader's concurrency marked, the headline
point shown, measured points overlaid when given; the x axis is log2 concurrency.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import IO, Sequence

import matplotlib

matplotlib.use("Agg", force=False)
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.ticker import FuncFormatter  # noqa: E402

from auditor.models import Prediction  # noqa: E402


def plot_prediction(
    pred: Prediction,
    path_or_fileobj: str | Path | IO | None = None,
    fmt: str = "png",
    title: str | None = None,
    headline: tuple[float, float] | None = None,
    reader: float | None = None,
    measured: Sequence[tuple[float, float]] | None = None,
    width: float = 6.4,
    height: float = 3.8,
) -> str | None:
    """Draw `pred`. Writes to a path or file object when given; returns the SVG text when fmt is
    "svg" (whether or not it was also written), else None. headline = (concurrency, speedup)."""
    fmt = (fmt or "png").lower().lstrip(".")
    if fmt not in ("png", "svg"):
        raise ValueError(f"plot format must be png or svg, not {fmt!r}")
    fig = Figure(figsize=(width, height), dpi=110)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot(1, 1, 1)
    pts = sorted(pred.curve, key=lambda c: c.concurrency)
    xs = [c.concurrency for c in pts]
    if xs:
        ax.fill_between(xs, [c.low for c in pts], [c.high for c in pts], color="tab:blue", alpha=0.18,
                        linewidth=0, label="plausible band")
        ax.plot(xs, [c.speedup for c in pts], color="tab:blue", lw=1.8, marker="o", ms=3, label="predicted")
    ax.axhline(1.0, color="0.35", lw=1, ls="--", label="parity (1.0x)")
    if pred.crossover is not None:
        ax.axvline(pred.crossover, color="tab:red", lw=0.8, ls=":", alpha=0.8)
        ax.annotate(f"crosses 1.0 near c={pred.crossover:g}", (pred.crossover, 1.0), xytext=(4, 6),
                    textcoords="offset points", fontsize=8, color="tab:red")
    r = reader if reader is not None else pred.reader_concurrency
    if r:
        ax.axvline(r, color="tab:green", lw=1, alpha=0.7)
        ax.plot([r], [pred.at_reader], marker="D", color="tab:green", ms=6,
                label=f"your load c={r:g}: {pred.at_reader:.2f}x")
    if headline is not None:
        ax.plot([headline[0]], [headline[1]], marker="*", color="tab:orange", ms=13, zorder=5,
                label=f"headline {headline[1]:g}x at c={headline[0]:g}")
    if measured:
        mx, my = zip(*sorted(measured))
        ax.plot(mx, my, marker="s", color="black", lw=1, ms=4, label="measured")
    ax.set_xscale("log", base=2)
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))  # 1, 2, 4 ... not 2^0
    ax.set_xlabel("concurrency (requests in flight)")
    ax.set_ylabel("speedup vs baseline (x)")
    ax.grid(True, which="major", alpha=0.3)
    ys = [c.low for c in pts] + [c.high for c in pts] + [1.0] + ([headline[1]] if headline else [])
    if measured:
        ys += [m[1] for m in measured]
    lo, hi = min(ys), max(ys)
    pad = 0.08 * (hi - lo or 1.0)
    ax.set_ylim(max(0.0, lo - pad), hi + pad)
    if title:
        ax.set_title(title, fontsize=10)
    ax.legend(fontsize=7, loc="best", framealpha=0.8)
    fig.tight_layout()
    svg_text: str | None = None
    if fmt == "svg":
        buf = io.StringIO()
        fig.savefig(buf, format="svg")
        svg_text = buf.getvalue()
    if path_or_fileobj is not None:
        if isinstance(path_or_fileobj, (str, Path)):
            if svg_text is not None:
                Path(path_or_fileobj).write_text(svg_text, encoding="utf-8")
            else:
                fig.savefig(str(path_or_fileobj), format=fmt)
        else:
            if svg_text is not None:
                try:
                    path_or_fileobj.write(svg_text)
                except TypeError:
                    path_or_fileobj.write(svg_text.encode("utf-8"))
            else:
                fig.savefig(path_or_fileobj, format=fmt)
    return svg_text
