"""The step-time model: a roofline of one decode step, vectorised with numpy.

A step runs `b` sequences (b = min(concurrency, admission cap)). Its time is the sum of
per-operation rooflines, each max(bytes / bandwidth, FLOPs / peak):

  * the weight GEMMs over all tokens in the step (decode tokens, verified draft tokens and, for
    throughput-type metrics, the prefill tokens that continuous batching mixes in per decode step:
    b x E x input_len / output_len); MoE layers read only the experts the tokens touch;
  * decode attention: KV bytes read (grow with context and batch) or attention FLOPs (MLA);
  * prefill attention FLOPs;
  * a fixed per-step overhead (launch, scheduling) plus a per-sequence overhead, and a tensor-
    parallel all-reduce cost per layer when gpus > 1;
  * technique terms: dequantisation, draft-model steps, prefix-cache loads.

Effective bandwidth and peak = datasheet x efficiency factors (calibrated, see calibration.py).
Every field of `Sys` may be a numpy array; everything broadcasts, so one call evaluates a grid
of concurrencies for a grid of fitted parameters and band variants at once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from auditor.predict.catalog import HardwareSpec, ModelSpec

# Efficiency factors of the model. The shipped defaults are the values `auditor calibrate`
# fitted on the published points (see calibration.py, DEFAULT_EFFICIENCY); Settings.efficiency
# overrides any of them by name.
EFFICIENCY_KEYS = (
    "bandwidth",          # achieved fraction of datasheet HBM bandwidth in decode
    "compute",            # achieved fraction of dense tensor peak in GEMMs
    "step_overhead_ms",   # fixed time per engine step (launch, scheduling, sampling)
    "seq_overhead_us",    # extra time per running sequence per step (CPU bookkeeping)
    "tp_allreduce_us",    # latency of one all-reduce when gpus > 1 (two per layer)
    "mem_util",           # fraction of HBM the engine may use (weights + KV)
    "reserve_gb",         # per-GPU activation / workspace reserve
    "roofline_p",         # sharpness of the roofline knee: time = (mem^p + compute^p)^(1/p)
    "token_us_per_layer", # non-GEMM work per token per layer (norms, rotary, routing, sampling)
    "layer_overhead_us",  # fixed time per layer per step (kernel launches, small-kernel tails)
    "moe_layer_overhead_us",  # extra fixed time per MoE layer per step (routing, dispatch, grouped GEMM)
    "moe_token_us_per_layer",  # extra work per token per MoE layer (top-k routing, permute / unpermute,
                               # expert-parallel dispatch and combine): dense layers have none of it
    "sample_us_per_token",  # logits, softmax and sampling of every decoded, verified or drafted token
    "token_tp_replicated",  # share of the dense per-token work replicated on every tensor-parallel rank
                            # (norms, residuals); the rest (rotary and KV writes on sharded heads, the
                            # sharded MLP activation) splits over the ranks
)


@dataclass(frozen=True)
class Efficiency:
    bandwidth: float = 0.85
    compute: float = 0.6
    step_overhead_ms: float = 0.5
    seq_overhead_us: float = 4.0
    tp_allreduce_us: float = 8.0
    mem_util: float = 0.9
    reserve_gb: float = 2.0
    roofline_p: float = 2.0
    token_us_per_layer: float = 0.0
    layer_overhead_us: float = 0.0
    moe_layer_overhead_us: float = 0.0
    moe_token_us_per_layer: float = 0.0
    sample_us_per_token: float = 0.0
    token_tp_replicated: float = 1.0

    @classmethod
    def from_dict(cls, d: dict[str, float] | None, base: "Efficiency | None" = None) -> "Efficiency":
        base = base or cls()
        if not d:
            return base
        known = {k: float(v) for k, v in d.items() if k in EFFICIENCY_KEYS}
        return replace(base, **known)

    def as_dict(self) -> dict[str, float]:
        return {k: getattr(self, k) for k in EFFICIENCY_KEYS}


@dataclass
class Sys:
    """One serving configuration relative to the scenario's baseline (BF16-native checkpoint,
    16-bit KV cache, no speculation). Fields may be numpy arrays."""

    w_scale: Any = 1.0       # weight bytes relative to the checkpoint's native bits
    fl_mult: Any = 1.0       # GEMM peak multiplier (2 = FP8 tensor cores vs BF16)
    dq: Any = 0.0            # dequantisation: time per token tile, in units of BF16 weight-read time
    dq_tile: Any = 16.0      # tokens per dequantisation tile (kernels dequantise once per M-tile)
    w_fixed: Any = 0.0       # extra fixed time per step, in units of BF16 weight-read time
    dq_full: Any = 0.0       # extra time when a step has more than dq_full_above tokens (kernels that
    dq_full_above: Any = 1e9  #   dequantise the whole weight to BF16 first), in BF16 weight-read units
    q: Any = 1.0             # tokens per sequence the target model runs per step (g+1 when verifying)
    E: Any = 1.0             # tokens emitted per sequence per step
    g: Any = 0.0             # draft steps per target step
    rho_w: Any = 0.0         # draft model weight bytes / target weight bytes
    rho_kv: Any = 0.0        # draft KV bytes per token / target KV bytes per token
    kv_win: Any = np.inf     # tokens of context the draft attends to (StreamingLLM budget; inf = all)
    d_depth: Any = 0.0       # draft layers / target layers (fixed per-layer costs of each draft pass)
    kv_scale: Any = 1.0      # KV bytes relative to 16-bit
    kv_dq: Any = 0.0         # extra KV-read time (dequant), as a fraction of the 16-bit KV-read time
    kv_fixed_ms: Any = 0.0   # extra fixed attention time per step (kernel setup)
    kv_speed: Any = 1.0      # attention kernel speed factor (time only, not capacity)
    oh_add_ms: Any = 0.0     # extra fixed time per step (e.g. eager launches without CUDA graphs)
    pf_frac: Any = 1.0       # fraction of prefill tokens computed (prefix-cache misses)
    pf_load: Any = 0.0       # seconds to load one cached prefill token (offloaded KV)
    cap_mult: Any = 1.0      # admission capacity multiplier (paging, fragmentation)
    kv_seq_frac: Any = 1.0   # KV held per sequence relative to input+output (shared prefixes)
    gpus_mult: Any = 1.0     # tensor-parallel degree relative to the scenario's
    static_batch: Any = 0.0  # static batching: dispersion of output lengths (0 = continuous batching)
    pf_sep: Any = 0.0        # prefill in separate, unoverlapped steps with this extra penalty (no chunking)


@dataclass
class Scenario:
    hw: HardwareSpec
    model: ModelSpec
    gpus: int = 1
    input_len: int = 1024
    output_len: int = 256
    eff: Efficiency = field(default_factory=Efficiency)
    kv_bits: float = 16.0    # baseline KV precision

    def __post_init__(self) -> None:
        m, h = self.model, self.hw
        self.P_tot = m.params_b * 1e9
        self.P_act = m.active_b * 1e9
        if m.is_moe:
            frac = m.experts_per_token / m.experts  # type: ignore[operator]
            self.k_over_E = frac
            self.P_routed = min(self.P_tot, (self.P_tot - self.P_act) / (1.0 - frac))
        else:
            self.k_over_E = 1.0
            self.P_routed = 0.0
        self.w_bytes_per_param = m.weight_bits / 8.0
        self.W_native = self.P_tot * self.w_bytes_per_param
        self.bf16_read_bytes = self.P_act * 2.0  # what a BF16 dense read of active weights costs
        self.flops_per_token = 2.0 * self.P_act  # GEMM FLOPs of one token through the active weights
        self.BW = h.bandwidth_tbs * 1e12
        self.PK = h.bf16_tflops * 1e12
        self.PK8 = (h.fp8_tflops or h.int8_tops or h.bf16_tflops) * 1e12
        self.PK4 = (h.fp4_tflops or h.fp8_tflops or h.int8_tops or h.bf16_tflops) * 1e12
        self.mem = h.memory_gb * 1e9
        self.link = (h.nvlink_gbs or 64.0) * 1e9
        ctx = self.input_len + self.output_len / 2.0
        self.ctx_avg = ctx
        full = m.layers - (m.sliding_layers or 0)
        sw = m.sliding_layers or 0
        win = m.sliding_window or 10**9
        eff_tokens = full * ctx + sw * min(ctx, win)  # token-layers read per decode step
        self.kv_elems = m.kv_elems_per_token_layer
        self.kv_read_16 = eff_tokens * self.kv_elems * 2.0  # bytes per sequence per step at 16 bits
        self.kv_bytes_tok_16 = (full + sw) * self.kv_elems * 2.0  # bytes held per token at 16 bits
        if m.kv_layout == "mla":
            r, rope = m.kv_lora_rank or 0, m.qk_rope_dim or 0
            dec_coef = 2.0 * m.heads * (2 * r + rope)
            pf_coef = 2.0 * m.heads * (m.head_dim + rope + m.head_dim)
        else:
            dec_coef = 4.0 * m.heads * m.head_dim
            pf_coef = dec_coef
        self.attn_dec_flops = eff_tokens * dec_coef  # per query token
        pf_ctx = self.input_len / 2.0
        self.attn_pf_flops = (full * pf_ctx + sw * min(pf_ctx, win)) * pf_coef  # per prefill token
        self.pf_per_out = self.input_len / max(1.0, float(self.output_len))
        e = self.eff
        # seconds of non-GEMM work per token over all layers
        # (the dense part - rotary, activation, KV-cache writes on sharded heads and intermediate
        # activations - splits over tensor-parallel ranks; MoE routing and dispatch do not)
        self.tok_dense = m.layers * 1e-6 * e.token_us_per_layer
        self.tok_moe = m.layers * 1e-6 * (e.moe_token_us_per_layer if m.is_moe else 0.0)
        self.layer_fixed = m.layers * 1e-6 * (
            e.layer_overhead_us + (e.moe_layer_overhead_us if m.is_moe else 0.0)
        )

    # ------------------------------------------------------------------ pieces

    def weights_touched(self, T: Any) -> Any:
        """Parameters whose weights one step reads for T tokens (MoE: experts hit; a dense model
        reads all of them whatever T, which may then be None)."""
        if self.P_routed <= 0:
            return self.P_tot
        hit = 1.0 - np.power(1.0 - self.k_over_E, np.maximum(T, 1.0))
        return (self.P_tot - self.P_routed) + self.P_routed * hit

    def admission_cap(self, s: Sys) -> Any:
        """Sequences whose KV cache fits next to the weights (at least 1)."""
        e = self.eff
        n = self.gpus * s.gpus_mult
        weights = self.W_native * s.w_scale
        if not _is(s.rho_w, 0.0):
            weights = weights * (1.0 + s.rho_w)
        usable = (self.mem * n * e.mem_util - e.reserve_gb * 1e9 * n) - weights
        seq_len = self.input_len + self.output_len
        per_seq = self.kv_bytes_tok_16 * (self.kv_bits / 16.0) * s.kv_scale * seq_len
        if not _is(s.kv_seq_frac, 1.0):
            per_seq = per_seq * s.kv_seq_frac
        if not _is(s.rho_kv, 0.0):
            kv_frac = s.rho_kv if _is(s.kv_win, np.inf) else s.rho_kv * np.minimum(1.0, s.kv_win / float(seq_len))
            per_seq = per_seq * (1.0 + kv_frac)
        if isinstance(usable, float) and isinstance(per_seq, float) and isinstance(s.cap_mult, float):
            return max(max(usable, 0.0) / per_seq * s.cap_mult, 1.0)  # plain numbers: no numpy call
        cap = np.maximum(usable, 0.0) / per_seq
        if not _is(s.cap_mult, 1.0):
            cap = cap * s.cap_mult
        return np.maximum(cap, 1.0)

    def fits(self) -> bool:
        e = self.eff
        return self.W_native < self.mem * self.gpus * e.mem_util - e.reserve_gb * 1e9 * self.gpus

    def step_time(self, s: Sys, b: Any, prefill: bool) -> Any:
        """Seconds per engine step with b running sequences.

        This runs a few times per claim on every document, on small arrays where each numpy call
        costs more than its arithmetic, so it is written to make few calls: most terms are b times
        a per-sequence cost built from the (small) Sys fields first; a term whose Sys field is at
        its neutral value is skipped (it would add 0.0 or multiply by 1.0).
        """
        e = self.eff
        p = e.roofline_p
        n = self.gpus * s.gpus_mult
        BW = self.BW * n * e.bandwidth
        PK = self.PK * n * e.compute
        tok = self.tok_cost(n)
        # tokens per running sequence in a step: q decoded (or verified) and, for throughput-type
        # metrics, pf prefill tokens continuous batching mixes in per decode step (E x input_len /
        # output_len, less prefix-cache hits)
        q = s.q
        q_one = _is(q, 1.0)
        pf_all: Any = 0.0
        pf: Any = 0.0
        if prefill:
            pf_all = self.pf_per_out if _is(s.E, 1.0) else s.E * self.pf_per_out
            pf = pf_all if _is(s.pf_frac, 1.0) else pf_all * s.pf_frac
        q_all = q if _is(pf, 0.0) else q + pf
        tp = not (isinstance(n, (int, float)) and n <= 1)  # tensor parallel: all-reduces
        dequant = not (_is(s.dq, 0.0) and _is(s.w_fixed, 0.0) and _is(s.dq_full, 0.0))
        # tokens in the step (only MoE expert hits, dequantisation and all-reduces need the total)
        T = b * q_all if self.P_routed > 0 or tp or dequant else None
        # weight GEMMs: one read of the touched weights, FLOPs for every token in the step
        t_w = self.weights_touched(T) * (self.w_bytes_per_param / BW)
        if not _is(s.w_scale, 1.0):
            t_w = t_w * s.w_scale
        PK_gemm = PK if _is(s.fl_mult, 1.0) else PK * s.fl_mult
        sec_per_tok = self.flops_per_token / PK_gemm
        t_gemm = smax(t_w, b * (q_all * sec_per_tok), p)
        if prefill and not _is(s.pf_sep, 0.0) and np.any(np.asarray(s.pf_sep) > 0):
            # without chunked prefill the prefill tokens run in their own steps: no overlap with
            # the memory-bound decode GEMM, and a scheduling penalty (decode stalls)
            sep = np.asarray(s.pf_sep) > 0
            t_gemm_sep = smax(t_w, b * (q * sec_per_tok), p) + b * (pf * sec_per_tok) * (1.0 + s.pf_sep)
            t_gemm = np.where(sep, t_gemm_sep, t_gemm)
        if dequant:
            t_gemm = t_gemm + self._dequant(s, T, self.bf16_read_bytes / BW)
        # decode attention per sequence: KV bytes (read once per step, shared by the q verified
        # tokens) or attention FLOPs; the roofline of b sequences is b times that of one
        kv_read = self.kv_read_16 * (self.kv_bits / 16.0) / BW
        if not _is(s.kv_scale, 1.0):
            kv_read = kv_read * s.kv_scale
        if not _is(s.kv_dq, 0.0):
            kv_read = kv_read * (1.0 + s.kv_dq)
        attn = self.attn_dec_flops / PK
        if not q_one:
            attn = attn * q
        t_kv = smax(kv_read, attn, p)
        if not _is(s.kv_speed, 1.0):
            t_kv = t_kv / s.kv_speed
        # per-sequence costs: engine bookkeeping; sampling and non-GEMM work of each decoded token;
        # non-GEMM work and attention of each prefill token; loads of cached prefixes
        per_dec = e.sample_us_per_token * 1e-6 + tok
        per_seq = e.seq_overhead_us * 1e-6 + (per_dec if q_one else q * per_dec) + t_kv
        if prefill:
            per_seq = per_seq + pf * (tok + self.attn_pf_flops / PK)
            if not _is(s.pf_load, 0.0):
                per_seq = per_seq + pf_all * (1.0 - s.pf_frac) * s.pf_load
        # fixed costs per step
        fixed = e.step_overhead_ms * 1e-3 + self.layer_fixed + s.oh_add_ms * 1e-3
        if not _is(s.kv_fixed_ms, 0.0):
            fixed = fixed + s.kv_fixed_ms * 1e-3
        t = b * per_seq + fixed + t_gemm
        if not (_is(s.g, 0.0) and _is(s.rho_w, 0.0)):
            t = t + self._draft(s, b, pf, n, BW, PK, tok)
        if tp:
            t = t + self._comm(n, T)
        return t

    def _dequant(self, s: Sys, T: Any, t_wbf: float) -> Any:
        """Dequantisation time per step (the system has some); t_wbf is the time of a BF16 read of
        the active weights, the unit of the dq fields."""
        terms = []
        if not _is(s.dq, 0.0):
            terms.append(s.dq * t_wbf * np.maximum(1.0, T / s.dq_tile))
        if not _is(s.w_fixed, 0.0):
            terms.append(s.w_fixed * t_wbf)
        if not _is(s.dq_full, 0.0):
            terms.append(np.where(T > s.dq_full_above, s.dq_full * t_wbf, 0.0))
        t_dq = terms[0]
        for term in terms[1:]:
            t_dq = t_dq + term
        return t_dq

    def _draft(self, s: Sys, b: Any, pf: Any, n: Any, BW: Any, PK: Any, tok: Any) -> Any:
        """Draft model time per step: g sequential small forward passes over the same b sequences.

        Each pass reads the draft weights, the draft's KV (all of the context, or a fixed
        StreamingLLM-style budget whose cost does not grow with context) and pays the fixed costs
        of its own layers (launch tails, TP all-reduces) and per-token work: a draft pass is a
        small engine step, not free. With prefill mixed in (pf tokens per sequence and step) the
        draft also runs over the prefill tokens once. (tok: the target's non-GEMM seconds per
        token, self.tok_cost(n).)"""
        e = self.eff
        sec_per_tok = self.flops_per_token / PK
        # the draft's weight GEMMs: rho_w x the roofline of the target's (reads and FLOPs both scale)
        t_weights = s.rho_w * smax(self.W_native / BW, b * sec_per_tok, e.roofline_p)
        kv_frac = s.rho_kv if _is(s.kv_win, np.inf) else s.rho_kv * np.minimum(1.0, s.kv_win / self.ctx_avg)
        t_kv = kv_frac * (b * (self.kv_read_16 * (self.kv_bits / 16.0) / BW))
        # engine overhead of a pass (half a step's, plus per sequence and per sampled token), if any
        t_pass = (np.asarray(s.rho_w) > 0) * (
            0.5 * e.step_overhead_ms * 1e-3 + b * ((e.seq_overhead_us + e.sample_us_per_token) * 1e-6))
        t_layers = self.layer_fixed + b * tok
        if not (isinstance(n, (int, float)) and n <= 1):
            t_layers = t_layers + self._comm(n, b)
        t_layers = s.d_depth * t_layers
        t_draft = s.g * (t_weights + t_kv + t_pass + t_layers)
        if not _is(pf, 0.0):
            t_draft = t_draft + b * (s.rho_w * pf * sec_per_tok)
        return t_draft

    def tok_cost(self, n: Any) -> Any:
        """Seconds of non-GEMM work per token over all layers on n tensor-parallel GPUs."""
        f = self.eff.token_tp_replicated
        return self.tok_dense * (f + (1.0 - f) / n) + self.tok_moe

    def _comm(self, n: Any, T: Any) -> Any:
        """Tensor-parallel all-reduces of one full forward pass (two per layer) over T tokens."""
        if isinstance(n, (int, float)) and n <= 1:
            return 0.0
        e = self.eff
        nn = np.asarray(n, dtype=float)
        ar = 2.0 * self.model.layers * (
            e.tp_allreduce_us * 1e-6 + 2.0 * T * self.model.hidden * 2.0 * (nn - 1) / nn / self.link
        )
        return np.where(nn > 1, ar, 0.0)

    def prefill_time(self, s: Sys) -> Any:
        """Seconds to prefill one request alone (compute bound), after prefix-cache hits."""
        e = self.eff
        n = self.gpus * s.gpus_mult
        PK = self.PK * n * e.compute
        BW = self.BW * n * e.bandwidth
        toks = self.input_len * s.pf_frac
        t = 2.0 * self.P_act * toks / (PK * s.fl_mult) + toks * self.attn_pf_flops / PK
        t = np.maximum(t, self.W_native * s.w_scale / BW) + self.input_len * (1 - s.pf_frac) * s.pf_load
        t = t + s.dq * (self.bf16_read_bytes / BW) * np.maximum(1.0, toks / s.dq_tile)
        return t + e.step_overhead_ms * 1e-3

    # ------------------------------------------------------------------ performance at load

    def perf(self, s: Sys, C: Any, metric: str, cap: Any = None) -> Any:
        """Figure of merit at concurrency C, larger = better, for `metric` (`cap`: the system's
        admission cap when the caller already has it)."""
        if cap is None:
            cap = self.admission_cap(s)
        if isinstance(C, float) and (cap >= C if isinstance(cap, float) else cap.min() >= C):
            b = C  # every variant holds all C sequences: b stays a plain number (fewer numpy calls)
        else:
            b = np.minimum(C, cap)
        bE = b if _is(s.E, 1.0) else b * s.E  # tokens emitted per step
        if metric in ("itl", "tpot"):
            # time per output token of a request: the decode step over E while it runs; beyond the
            # admission cap requests also wait their turn, so it is C / token throughput
            t = self.step_time(s, b, prefill=False)
            return bE / t / (C if b is C else np.maximum(C, b))
        t = self.step_time(s, b, prefill=True)
        X = bE / t  # tokens per second
        if not _is(s.static_batch, 0.0):
            # static batching: a batch runs until its longest request ends; with output lengths of
            # dispersion d (1 = exponential) the expected max of b is about 1 + d (H_b - 1) times the mean
            H = np.log(np.maximum(b, 1.0)) + 0.5772 + 0.5 / np.maximum(b, 1.0)
            X = X / (1.0 + np.asarray(s.static_batch) * np.maximum(H - 1.0, 0.0))
        if metric == "ttft":
            ttft = self.prefill_time(s)
            if b is not C:  # requests beyond the cap queue for a slot
                ttft = ttft + np.maximum(C - b, 0.0) / (X / self.output_len)
            return 1.0 / ttft
        return X


def _is(x: Any, v: float) -> bool:
    """Whether x is the plain number v, i.e. a Sys field left at its neutral value."""
    return type(x) is float and x == v


def smax(a: Any, b: Any, p: float) -> Any:
    """Smooth roofline max: kernels near the knee reach neither bound (p -> inf: plain max).

    (a^p + b^p)^(1/p). The arguments are times in seconds (well inside 1e-30..1e30), so up to
    p = 8 the powers neither overflow nor underflow and the sum is taken as it is; a sharper knee
    is computed as hi (1 + (lo/hi)^p)^(1/p), which cannot."""
    if p >= 50:
        return np.maximum(a, b)
    if p <= 8:  # (plain numbers are raised without a numpy call)
        pa = a ** p if isinstance(a, float) else np.power(a, p)
        pb = b ** p if isinstance(b, float) else np.power(b, p)
        total = pa + pb
        return total ** (1.0 / p) if isinstance(total, float) else np.power(total, 1.0 / p)
    if isinstance(a, float) and isinstance(b, float):
        hi, lo = (a, b) if a >= b else (b, a)
        return hi * (1.0 + (lo / max(hi, 1e-30)) ** p) ** (1.0 / p)
    hi = np.maximum(a, b)
    return hi * np.power(1.0 + np.power(np.minimum(a, b) / np.maximum(hi, 1e-30), p), 1.0 / p)


def tokens_per_step(a: Any, g: Any) -> Any:
    """Expected tokens per verification with draft length g and per-token acceptance a."""
    if isinstance(a, float) and isinstance(g, float):  # plain numbers: no numpy calls
        a = min(max(a, 1e-6), 0.999999)
        return (1.0 - a ** (g + 1.0)) / (1.0 - a)
    a = np.minimum(np.maximum(a, 1e-6), 0.999999)  # np.clip, without its dispatch overhead
    return (1.0 - np.power(a, g + 1.0)) / (1.0 - a)


def little_concurrency(sc: Scenario, s: Sys, rate: float, metric: str = "throughput") -> float:
    """Concurrency that request rate `rate` (req/s) produces, by Little's law: C = rate x e2e(C)."""
    if rate <= 0:
        return 1.0
    cap = float(np.max(sc.admission_cap(s)))
    Cs = np.geomspace(1.0, max(2.0, cap), 256)
    b = np.minimum(Cs, cap)
    t = sc.step_time(s, b, prefill=True)
    X_req = b * s.E / t / sc.output_len
    e2e = Cs / X_req  # closed-loop latency at concurrency C
    f = rate * e2e - Cs
    if f[0] <= 0:  # light load: one request at a time is enough
        return max(1.0, rate * float(e2e[0]))
    idx = np.nonzero(f <= 0)[0]
    if len(idx) == 0:  # beyond saturation: the queue grows without bound; the engine runs full
        return cap
    i = int(idx[0])
    x0, x1, f0, f1 = math.log(Cs[i - 1]), math.log(Cs[i]), f[i - 1], f[i]
    return float(math.exp(x0 + (x1 - x0) * f0 / (f0 - f1)))
