"""Calibrated defaults of the fade model's efficiency factors.

These are the values `auditor calibrate` fitted on the published points shipped with the package
(auditor/predict/calibration_points.csv, a copy of calibration/points.csv). Settings.efficiency
overrides any of them by name; `auditor calibrate --write` prints a refit.
"""

CALIBRATED_EFFICIENCY: dict[str, float] = {
    # coordinate search over the grid in calibration.FIT_GRID, see `auditor calibrate --fit`
    "bandwidth": 0.8,
    "compute": 0.75,
    "step_overhead_ms": 0.5,
    "seq_overhead_us": 4.0,
    "tp_allreduce_us": 8.0,
    "mem_util": 0.9,
    "reserve_gb": 2.0,
    "roofline_p": 3.0,
    "token_us_per_layer": 0.5,
    "layer_overhead_us": 10.0,
    "moe_layer_overhead_us": 600.0,
    "moe_token_us_per_layer": 0.5,
    "sample_us_per_token": 5.0,
    "token_tp_replicated": 0.3,
}
