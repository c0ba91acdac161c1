"""Technique models: how an optimisation changes the step-time model.

Each model has one unknown parameter theta, fitted to the claim's own headline at its stated or
assumed operating point, and a few knobs with defaults (draft length, bit widths, ...). The band
comes from refitting theta under plausible alternative knob values (`variants`) and taking the
envelope of the resulting curves. `build(theta, knobs, sc)` returns (baseline Sys, optimised Sys);
theta and knob values may be numpy arrays (all variants and candidate thetas in one call).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable

import numpy as np

from auditor.predict.engine import Scenario, Sys, tokens_per_step

Build = Callable[[Any, dict[str, Any], Scenario], tuple[Sys, Sys]]


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: a model is a module constant
class TechModel:
    name: str
    mechanism: str
    theta_name: str
    theta_lo: float
    theta_hi: float
    log_theta: bool
    build: Build
    knobs: dict[str, float] = field(default_factory=dict)
    variants: tuple[dict[str, float], ...] = ()
    describe: str = ""
    derived: Callable[[float, dict[str, float]], dict[str, float]] | None = None
    # a knob the claim's author would have tuned at the headline's operating point: when no value is
    # given, the value among tune_values that reaches the headline with the least theta is used
    tune_knob: str | None = None
    tune_values: tuple[float, ...] = ()
    # band variants relative to the tuned value: (knob, offset) pairs
    tune_variants: tuple[float, ...] = ()

    def theta_grid(self, n: int) -> np.ndarray:
        if self.log_theta:
            return np.geomspace(self.theta_lo, self.theta_hi, n)
        return np.linspace(self.theta_lo, self.theta_hi, n)


def _k(knobs: dict[str, Any], name: str) -> Any:
    return knobs[name]


# --------------------------------------------------------------------------- per-token


def _spec(theta, kn, sc):
    g = _k(kn, "draft_len")
    q = g + 1.0
    # tokens_per_step(theta, g) without its clip, which never bites: the fitted acceptance stays
    # inside this model's range (0.02 .. 0.995)
    E = (1.0 - np.power(theta, q)) / (1.0 - theta)
    window = np.asarray(_k(kn, "draft_window"))
    # no draft window anywhere: the plain inf lets the engine skip the window terms
    kv_win = np.where(window > 0, window, np.inf) if window.any() else np.inf
    opt = Sys(q=q, E=E, g=g, rho_w=_k(kn, "draft_cost"), rho_kv=_k(kn, "draft_kv"),
              kv_win=kv_win, d_depth=_k(kn, "draft_depth"))
    return Sys(), opt


SPEC = TechModel(
    "speculative-decoding", "per-token", "acceptance", 0.02, 0.995, False, _spec,
    knobs={"draft_len": 4.0, "draft_cost": 0.03, "draft_kv": 0.03, "draft_window": 0.0, "draft_depth": 0.03},
    variants=({"draft_cost": 0.01, "draft_kv": 0.01, "draft_depth": 0.01},
              {"draft_cost": 0.12, "draft_kv": 0.12, "draft_depth": 0.12}),
    tune_knob="draft_len", tune_values=(2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 10.0), tune_variants=(-2.0, 2.0),
    # draft_cost: draft weight bytes / target's; draft_kv: draft KV bytes per token / target's;
    # draft_window: tokens of context the draft attends to (0 = all; StreamingLLM-style drafts keep a fixed
    # budget, so their KV cost does not grow with context); draft_depth: draft layers / target layers
    describe="draft g tokens, verify g+1 per sequence: free while memory bound, (g+1)x FLOPs when compute bound",
    derived=lambda th, kn: {"tokens_per_step": float(tokens_per_step(th, kn["draft_len"]))},
)


def _wq(theta, kn, sc):
    bits = _k(kn, "bits")
    opt = Sys(w_scale=bits / (sc.model.weight_bits), dq=theta, dq_tile=_k(kn, "tile"),
              dq_full=_k(kn, "full_dequant"), dq_full_above=_k(kn, "full_dequant_above"))
    return Sys(), opt


WEIGHT_Q = TechModel(
    "weight-quantization", "per-token", "dequant_cost", 0.0, 6.0, False, _wq,
    knobs={"bits": 4.0, "tile": 64.0, "full_dequant": 0.0, "full_dequant_above": 1e9},
    variants=({"tile": 16.0}, {"tile": 128.0}),
    describe="weight bytes x bits/16; dequantisation once per token tile (cost fitted), so it inverts past the knee",
)


def _graphs(theta, kn, sc):
    return Sys(oh_add_ms=theta), Sys()


CUDA_GRAPHS = TechModel(
    "cuda-graphs", "per-token", "launch_overhead_ms", 0.0, 200.0, False, _graphs,
    knobs={}, variants=(),
    describe="removes a fixed per-step launch overhead (fitted); the saving is constant, the step grows with load",
)

KERNEL_FUSION = TechModel(
    "kernel-fusion", "per-token", "saved_ms_per_step", 0.0, 200.0, False, _graphs,
    describe="removes fixed per-step kernel time (fitted); shrinks relative to a step that grows with load",
)


def _attn(theta, kn, sc):
    return Sys(), Sys(kv_speed=theta)


ATTENTION = TechModel(
    "attention-kernel", "per-token", "attention_speedup", 1.0, 20.0, True, _attn,
    describe="faster decode attention (fitted factor); matters where KV reads dominate",
)


def _tp(theta, kn, sc):
    return Sys(), Sys(gpus_mult=theta)


TENSOR_PAR = TechModel(
    "tensor-parallelism", "per-token", "tp_degree", 1.0, 16.0, True, _tp,
    describe="shards weights over theta x the GPUs (fitted), with an all-reduce per layer",
)


def _generic_pt(theta, kn, sc):
    return Sys(), Sys(w_scale=1.0 / theta, kv_speed=theta)


GENERIC_PER_TOKEN = TechModel(
    "generic-per-token", "per-token", "memory_speedup", 1.0, 20.0, True, _generic_pt,
    describe="prior for an unknown per-token win: memory-bound time / theta, compute unchanged (fades to ~1)",
)

# --------------------------------------------------------------------------- residency


def _kvq(theta, kn, sc):
    bits = _k(kn, "bits")
    opt = Sys(kv_scale=bits / sc.kv_bits, kv_dq=theta, kv_fixed_ms=_k(kn, "fixed_ms"))
    return Sys(), opt


KV_Q = TechModel(
    "kv-cache-quantization", "residency", "kv_dequant_overhead", 0.0, 2.0, False, _kvq,
    knobs={"bits": 8.0, "fixed_ms": 0.1},
    variants=({"fixed_ms": 0.0}, {"fixed_ms": 0.3}, {"bits": 4.0}),
    describe="KV bytes x bits/16 (reads and admission cap); dequantisation overhead on KV reads fitted",
)


def _prefix(theta, kn, sc):
    share = _k(kn, "shared")
    frac_in = sc.input_len / (sc.input_len + sc.output_len)
    opt = Sys(pf_frac=1.0 - theta, kv_seq_frac=1.0 - share * theta * frac_in)
    return Sys(), opt


PREFIX = TechModel(
    "prefix-caching", "residency", "hit_rate", 0.0, 0.995, False, _prefix,
    knobs={"shared": 1.0},
    variants=({"shared": 0.0}, {"shared": 0.5}),
    describe="prefill saved on cache hits (hit rate fitted); shared prefixes held once raise the admission cap",
)


def _offload(theta, kn, sc):
    load = sc.kv_bytes_tok_16 * (sc.kv_bits / 16.0) / (_k(kn, "link_gbs") * 1e9)
    return Sys(), Sys(pf_frac=1.0 - theta, pf_load=load)


OFFLOAD = TechModel(
    "kv-offloading", "residency", "hit_rate", 0.0, 0.995, False, _offload,
    knobs={"link_gbs": 50.0},
    variants=({"link_gbs": 25.0}, {"link_gbs": 100.0}),
    describe="KV reused from CPU/SSD instead of recomputed (hit rate fitted), paying a load over the host link",
)


def _paged(theta, kn, sc):
    return Sys(cap_mult=1.0 / theta, kv_speed=1.0), Sys(kv_dq=_k(kn, "kernel_overhead"))


PAGED = TechModel(
    "paged-attention", "residency", "reservation_waste", 1.0, 30.0, True, _paged,
    knobs={"kernel_overhead": 0.05},
    variants=({"kernel_overhead": 0.0}, {"kernel_overhead": 0.2}),
    describe="baseline over-reserves KV by a factor (fitted); paging admits that many more sequences",
)


def _generic_res(theta, kn, sc):
    return Sys(), Sys(kv_scale=1.0 / theta)


GENERIC_RESIDENCY = TechModel(
    "generic-residency", "residency", "kv_compression", 1.0, 20.0, True, _generic_res,
    describe="prior for an unknown residency win: KV bytes / theta (reads and admission)",
)

# --------------------------------------------------------------------------- compute / mixed


def _fp8(theta, kn, sc):
    bits = _k(kn, "w_bits")
    a_bits = np.asarray(_k(kn, "a_bits"))
    peak = np.where(a_bits >= 16, sc.PK, np.where(a_bits >= 6, sc.PK8, sc.PK4))
    fl = peak / sc.PK * _k(kn, "gemm_eff")
    opt = Sys(w_scale=bits / sc.model.weight_bits, fl_mult=fl, w_fixed=theta)
    return Sys(), opt


FP8 = TechModel(
    "fp8-quantization", "mixed", "quant_overhead", 0.0, 3.0, False, _fp8,
    knobs={"w_bits": 8.0, "a_bits": 8.0, "gemm_eff": 1.0},
    variants=({"gemm_eff": 0.75}, {"gemm_eff": 0.9}),
    describe="weights and activations in FP8: weight bytes halve, tensor peak doubles; fixed quantisation overhead fitted",
)


def _cb(theta, kn, sc):
    return Sys(static_batch=theta), Sys()


CONT_BATCH = TechModel(
    "continuous-batching", "compute", "length_dispersion", 0.0, 8.0, False, _cb,
    describe="baseline static batches wait for their longest request (dispersion fitted); grows with batch size",
)


def _chunked(theta, kn, sc):
    return Sys(pf_sep=theta), Sys()


CHUNKED = TechModel(
    "chunked-prefill", "compute", "prefill_stall_penalty", 0.0, 10.0, False, _chunked,
    describe="prefill mixed into decode steps instead of stalling them (penalty of separate prefill fitted)",
)


def _generic_cmp(theta, kn, sc):
    return Sys(), Sys(fl_mult=theta)


GENERIC_COMPUTE = TechModel(
    "generic-compute", "compute", "compute_speedup", 1.0, 20.0, True, _generic_cmp,
    describe="prior for an unknown compute-side win: effective peak x theta (matters only when compute bound)",
)

DISAGG = TechModel(
    "disaggregated-serving", "compute", "prefill_stall_penalty", 0.0, 10.0, False, _chunked,
    describe="prefill moved off the decode GPUs: modelled as removing prefill stalls (penalty fitted)",
)

TECHNIQUES: dict[str, TechModel] = {
    t.name: t
    for t in (SPEC, WEIGHT_Q, CUDA_GRAPHS, KERNEL_FUSION, ATTENTION, TENSOR_PAR, KV_Q, PREFIX, OFFLOAD,
              PAGED, FP8, CONT_BATCH, CHUNKED, DISAGG)
}

GENERIC_BY_MECHANISM: dict[str, TechModel] = {
    "per-token": GENERIC_PER_TOKEN,
    "residency": GENERIC_RESIDENCY,
    "compute": GENERIC_COMPUTE,
    "mixed": FP8,
    "unknown": GENERIC_PER_TOKEN,
}

# a few spellings texts and the lexicon may use for the same technique
TECH_ALIASES = {
    "spec-decoding": "speculative-decoding", "speculative": "speculative-decoding",
    "speculative-decode": "speculative-decoding", "mtp": "speculative-decoding", "eagle": "speculative-decoding",
    "kv-quantization": "kv-cache-quantization", "fp8-kv": "kv-cache-quantization",
    "kv-cache-quantisation": "kv-cache-quantization", "weight-quantisation": "weight-quantization",
    "fp8-quantisation": "fp8-quantization", "fp8": "fp8-quantization", "w8a8": "fp8-quantization",
    "awq": "weight-quantization", "gptq": "weight-quantization", "prefix-cache": "prefix-caching",
    "cuda-graph": "cuda-graphs", "pagedattention": "paged-attention", "kv-offload": "kv-offloading",
    "tp": "tensor-parallelism",
}


@lru_cache(maxsize=1024)
def lookup(technique: str | None, mechanism: str | None) -> tuple[TechModel, str | None]:
    """The technique model to use and a note when a generic prior stands in (cached by name, like
    the catalogue lookups)."""
    key = (technique or "").strip().lower().replace("_", "-").replace(" ", "-")
    key = TECH_ALIASES.get(key, key)
    if key in TECHNIQUES:
        return TECHNIQUES[key], None
    mech = (mechanism or "unknown").strip().lower()
    model = GENERIC_BY_MECHANISM.get(mech, GENERIC_PER_TOKEN)
    if technique:
        return model, f"technique '{technique}' has no model; used the {model.name} prior ({mech})"
    return model, f"no technique named; used the {model.name} prior ({mech})"
