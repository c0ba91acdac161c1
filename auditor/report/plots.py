"""Fade curves as inline SVG (matplotlib, Agg-free SVG backend, no pyplot state).

One chart per claim: the predicted speedup across the reader's concurrency range with its
plausible band shaded, the claim's headline marked where it was measured, the reader's own
concurrency marked, and the parity line at 1.0 — the two schematic shapes the tool is about:
a curve that shrinks and survives, and one that crosses parity.

SVG is made embeddable: no XML prolog or DOCTYPE, text kept as <text> (fonttype none), fixed
hash salt and no date (the output is reproducible), and every id prefixed per chart so several
charts in one HTML page never share a clip path.
"""

from __future__ import annotations

import io
import math
import re

from auditor.models import Claim, Prediction

BAND = "#bdd7ee"  # plausible range, a curve that survives
LINE = "#1f5f9e"
BAND_INVERTS = "#f5c2ae"  # plausible range, a curve that crosses parity
LINE_INVERTS = "#b23b1e"
READER = "#6a3d9a"
PARITY = "#555555"
HEADLINE = "#111111"


def headline_concurrency(c: Claim, p: Prediction) -> float:
    """Where on the concurrency axis the claim's own figure was measured (or assumed)."""
    op = (p.assumptions or {}).get("operating_point") or {}
    if isinstance(op, dict) and isinstance(op.get("concurrency"), (int, float)) and op["concurrency"] > 0:
        return float(op["concurrency"])
    if c.op_kind in ("concurrency", "batch_size") and c.op_value:
        return float(c.op_value)
    if c.op_kind == "request_rate" and c.op_value and p.curve:
        return min(p.curve, key=lambda pt: abs(pt.op - c.op_value)).concurrency
    if c.op_kind == "offline" and p.curve:
        return max(pt.concurrency for pt in p.curve)
    return 1.0


def _prefix_ids(svg: str, prefix: str) -> str:
    ids = set(re.findall(r'\bid="([^"]+)"', svg))
    if not ids:
        return svg
    pat = re.compile(r'(\bid="|href="#|url\(#)(' + "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True))
                     + r')(?=[")])')
    return pat.sub(lambda m: f"{m.group(1)}{prefix}{m.group(2)}", svg)


def _embeddable(svg: str, prefix: str) -> str:
    start = svg.find("<svg")
    svg = svg[start:] if start >= 0 else svg
    svg = re.sub(r"<metadata>.*?</metadata>\s*", "", svg, flags=re.S)
    return _prefix_ids(svg, prefix).strip()


def _fmt_c(v: float) -> str:
    return f"{v:g}" if v >= 10 else f"{v:.3g}"


def fade_svg(c: Claim, prediction: Prediction | None = None, *, reader: float | None = None,
             chart_id: str = "fade", width: float = 5.4, height: float = 3.1) -> str | None:
    """The claim's fade curve as an inline <svg> element, or None without a curve."""
    import matplotlib

    from matplotlib.figure import Figure
    from matplotlib.ticker import FixedLocator, NullLocator

    p = prediction or c.prediction
    if p is None or not p.curve:
        return None
    pts = sorted(p.curve, key=lambda pt: pt.concurrency)
    xs = [pt.concurrency for pt in pts]
    mid = [pt.speedup for pt in pts]
    lo = [min(pt.low, pt.speedup) for pt in pts]
    hi = [max(pt.high, pt.speedup) for pt in pts]
    inverts = p.verdict == "inverts" or p.crossover is not None or min(mid) < 1.0
    band, line = (BAND_INVERTS, LINE_INVERTS) if inverts else (BAND, LINE)
    reader_c = float(reader if reader is not None else p.reader_concurrency)
    head_c, head_y = headline_concurrency(c, p), float(c.ratio)

    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": f"claim-auditor-{chart_id}",
                                "font.size": 8.5, "font.family": "sans-serif",
                                "font.sans-serif": ["DejaVu Sans", "Helvetica", "Arial"]}):
        fig = Figure(figsize=(width, height), dpi=96)
        ax = fig.add_subplot(1, 1, 1)
        ax.set_xscale("log", base=2)
        ax.fill_between(xs, lo, hi, color=band, lw=0, label="plausible range", zorder=1)
        ax.plot(xs, mid, color=line, lw=2.0, label="predicted", zorder=3)
        ax.axhline(1.0, color=PARITY, lw=1.0, ls=(0, (5, 3)), zorder=2)
        x_lo, x_hi = min(xs + [head_c, reader_c]), max(xs + [head_c, reader_c])
        ax.set_xlim(x_lo / 1.15, x_hi * 1.15)
        ax.annotate("parity 1.0x", (x_lo / 1.15, 1.0), xytext=(3, -3), textcoords="offset points",
                    color=PARITY, ha="left", va="top", fontsize=7.5)
        ax.axvline(reader_c, color=READER, lw=1.2, ls=":", zorder=2)
        ax.plot([reader_c], [p.at_reader], "o", color=READER, ms=6, zorder=5, label=f"you: c={_fmt_c(reader_c)}")
        crossing_right = p.crossover is not None and p.crossover >= reader_c / 2
        ax.annotate(f"you, c={_fmt_c(reader_c)}: ~{p.at_reader:.2f}x", (reader_c, p.at_reader),
                    xytext=(-7, -14) if crossing_right else (6, -12 if p.at_reader >= 1.0 else 8),
                    ha="right" if crossing_right else "left", textcoords="offset points",
                    color=READER, fontsize=8, fontweight="bold",
                    bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none", "alpha": 0.85})
        ax.plot([head_c], [head_y], marker="*", color=HEADLINE, ms=11, ls="none", zorder=6,
                label=f"claimed {c.text}")
        ax.annotate(f"claimed {head_y:.2f}x @ c={_fmt_c(head_c)}", (head_c, head_y), xytext=(7, 4),
                    textcoords="offset points", color=HEADLINE, fontsize=8)
        if p.crossover is not None and x_lo <= p.crossover <= x_hi * 1.15:
            ax.plot([p.crossover], [1.0], marker="X", color=LINE_INVERTS, ms=7, ls="none", zorder=6)
            ax.annotate(f"crosses 1.0 @ c~{_fmt_c(p.crossover)}", (p.crossover, 1.0), xytext=(6, 7),
                        textcoords="offset points", color=LINE_INVERTS, fontsize=7.5)
        ys = lo + hi + [head_y, p.at_reader, 1.0]
        y_min, y_max = min(ys), max(ys)
        pad = max(0.08, (y_max - y_min) * 0.12)
        ax.set_ylim(max(0.0, y_min - pad), y_max + pad * 1.6)
        ticks = [2 ** k for k in range(int(math.floor(math.log2(x_lo))), int(math.ceil(math.log2(x_hi))) + 1)]
        ax.xaxis.set_major_locator(FixedLocator(ticks))
        ax.xaxis.set_minor_locator(NullLocator())
        ax.set_xticklabels([f"{t:g}" for t in ticks])
        ax.set_xlabel("concurrent requests")
        ax.set_ylabel("speedup (x)")
        ax.grid(True, color="#e6e6e6", lw=0.6, zorder=0)
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
        ax.legend(loc="upper right", fontsize=7, frameon=False, ncol=2)
        ax.set_title(f"{c.text} · {c.technique or c.mechanism} · {p.verdict}", fontsize=9, loc="left")
        fig.tight_layout(pad=0.4)
        buf = io.StringIO()
        fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None})
    return _embeddable(buf.getvalue(), f"{chart_id}-")


def overview_svg(claims: list[Claim], *, reader: float, chart_id: str = "overview",
                 width: float = 6.4) -> str | None:
    """Every predicted claim on one chart: claimed figure -> predicted figure at the reader's load."""
    import matplotlib

    from matplotlib.figure import Figure
    from matplotlib.ticker import FixedLocator, NullLocator

    rows = [c for c in claims if c.prediction is not None][:40]
    if not rows:
        return None
    height = 0.9 + 0.26 * len(rows)
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": f"claim-auditor-{chart_id}",
                                "font.size": 8, "font.family": "sans-serif"}):
        fig = Figure(figsize=(width, height), dpi=96)
        ax = fig.add_subplot(1, 1, 1)
        ax.set_xscale("log", base=2)
        for i, c in enumerate(rows):
            p = c.prediction
            assert p is not None
            inv = p.at_reader < 1.0
            col = LINE_INVERTS if inv else LINE
            ax.annotate("", xy=(max(p.at_reader, 1e-3), i), xytext=(max(c.ratio, 1e-3), i),
                        arrowprops={"arrowstyle": "->", "color": col, "lw": 1.4})
            ax.plot([c.ratio], [i], marker="*", color=HEADLINE, ms=8, ls="none")
            ax.plot([p.at_reader], [i], "o", color=col, ms=5, ls="none")
        ax.axvline(1.0, color=PARITY, lw=1.0, ls=(0, (5, 3)))
        xs = [v for c in rows for v in (c.ratio, c.prediction.at_reader)] + [1.0]  # type: ignore[union-attr]
        lo, hi = max(min(xs), 1e-3) / 1.25, max(xs) * 1.25
        ax.set_xlim(lo, hi)
        cands = [0.1, 0.2, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 6, 8, 10, 16, 32, 64]
        ticks = [t for t in cands if lo <= t <= hi]
        ax.xaxis.set_major_locator(FixedLocator(ticks))
        ax.xaxis.set_minor_locator(NullLocator())
        ax.set_xticklabels([f"{t:g}x" for t in ticks])
        ax.set_yticks(range(len(rows)))
        ax.set_yticklabels([f"{c.id} {c.text[:18]}" for c in rows])
        ax.invert_yaxis()
        n_all = sum(1 for c in claims if c.prediction is not None)
        more = f" · first {len(rows)} of {n_all}" if n_all > len(rows) else ""
        ax.set_xlabel(f"speedup: claimed (star) -> predicted at c={reader:g} (dot){more}")
        ax.grid(True, axis="x", color="#e6e6e6", lw=0.6)
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
        fig.tight_layout(pad=0.4)
        buf = io.StringIO()
        fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None})
    return _embeddable(buf.getvalue(), f"{chart_id}-")
