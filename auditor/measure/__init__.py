"""Close the loop: plan a three-point measurement, read load-generator results, check claims.

Public API (used by `auditor check --measured`, `auditor results`, `auditor plan`):

- load_measured(paths) -> MeasuredSet        read result files, build curves and baseline/optimised pairs
- attach_measured(claims, measured, settings)  set Claim.measured on every comparable claim
- describe(claim) -> str                     "claimed 2.5x (concurrency 1, assumed) — measured 2.3x at 1, 0.8x at 64"
- measured_points(measured) -> list[MeasuredPoint]   absolute per-label points, for calibration
- MeasureError                               one-line message naming the file
"""

from auditor.measure.compare import attach_measured, describe
from auditor.measure.curves import (
    Curve,
    MeasuredPoint,
    MeasuredSet,
    Pair,
    SpeedupPoint,
    crossover,
    interpolate,
    load_measured,
    measured_points,
)
from auditor.measure.formats import MeasureError, Run, detect, read_file

__all__ = [
    "Curve", "MeasureError", "MeasuredPoint", "MeasuredSet", "Pair", "Run", "SpeedupPoint",
    "attach_measured", "crossover", "describe", "detect", "interpolate", "load_measured",
    "measured_points", "read_file",
]
