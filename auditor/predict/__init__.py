"""The fade model: what a speedup claim becomes at the reader's concurrency.

Public API (used by the extractor, `auditor check`, `auditor predict` and the reports):

* predict_claim(claim, settings) -> Prediction | None
* predict_curve(technique, mechanism, speedup, at, at_kind, metric, hardware, gpus, model,
  input_len, output_len, grid, reader_concurrency, efficiency) -> Prediction
* resolve_hardware(name) / resolve_model(name) -> (id, spec, note); hardware_aliases() /
  model_aliases() -> {alias: id}; split_gpu_count("8xH100") -> (8, "H100")
* auditor.predict.plot.plot_prediction(...)
"""

from __future__ import annotations

from auditor.predict.catalog import (
    CatalogError,
    HardwareSpec,
    ModelSpec,
    hardware_aliases,
    load_hardware,
    load_models,
    model_aliases,
    resolve_hardware,
    resolve_model,
    rules_dir,
    split_gpu_count,
)
from auditor.predict.predictor import (
    AT_KINDS,
    NO_PREDICTION_METRICS,
    PredictError,
    classify_shape,
    predict_curve,
)

__all__ = [
    "AT_KINDS", "CatalogError", "HardwareSpec", "ModelSpec", "PredictError", "classify_shape",
    "hardware_aliases", "load_hardware", "load_models", "model_aliases", "predict_claim", "predict_curve",
    "resolve_hardware", "resolve_model", "rules_dir", "split_gpu_count",
]


def predict_claim(claim, settings):  # noqa: ANN001 - Claim/Settings not imported here to keep import light
    """The claim's figure across the reader's concurrency range, or None when a speed prediction
    makes no sense (memory, cost or capacity figures; no usable ratio)."""
    if claim.metric in NO_PREDICTION_METRICS:
        return None
    ratio = claim.ratio
    if ratio is None or not ratio > 0 or ratio != ratio:
        return None
    kind = claim.op_kind
    value = claim.op_value
    if kind == "single":
        kind, value = "concurrency", 1.0
    elif kind in ("concurrency", "batch_size") and value is None:
        kind = "unstated"
    count, _ = split_gpu_count(claim.hardware or "")
    gpus = int(count or settings.gpus)
    try:
        pred = predict_curve(
            claim.technique, claim.mechanism, float(ratio), value, kind, claim.metric,
            hardware=claim.hardware or settings.hardware, gpus=gpus, model=claim.model or settings.model,
            input_len=claim.input_len or settings.input_len, output_len=claim.output_len or settings.output_len,
            grid=None,
            reader_concurrency=settings.concurrency, efficiency=settings.efficiency or None,
            min_concurrency=settings.min_concurrency, max_concurrency=settings.max_concurrency,
            default_hardware=settings.hardware, default_model=settings.model,
            precision=claim.precision, context_text=claim.technique and claim.text,
        )
    except PredictError:
        return None
    a = pred.assumptions
    defaults = list(a.get("defaults", []))
    if not claim.hardware:
        defaults.append(f"hardware {a['hardware']} (settings)")
    if not claim.model:
        defaults.append(f"model {a['model']} (settings)")
    if claim.input_len is None:
        defaults.append(f"input_len {a['input_len']} (settings)")
    if claim.output_len is None:
        defaults.append(f"output_len {a['output_len']} (settings)")
    a["defaults"] = defaults
    a["op_assumed"] = claim.op_kind == "unstated"
    return pred
