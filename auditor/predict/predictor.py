"""Fit a technique model to a headline and predict the curve across concurrency."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from typing import Any

import numpy as np

from auditor.models import Prediction
from auditor.predict.catalog import resolve_hardware, resolve_model, split_gpu_count
from auditor.predict.defaults import CALIBRATED_EFFICIENCY
from auditor.predict.engine import Efficiency, Scenario, Sys, little_concurrency
from auditor.predict.techniques import TechModel, lookup

AT_KINDS = ("concurrency", "batch_size", "request_rate", "single", "unstated", "offline")
# how each claim metric is evaluated: throughput-type (tokens/s incl. prefill; at fixed
# concurrency e2e latency is its inverse), per-token latency (decode steps only) or TTFT
METRIC_MODE = {
    "throughput": "throughput", "goodput": "throughput", "e2e": "throughput", "latency": "throughput",
    "unspecified": "throughput", "itl": "itl", "tpot": "itl", "ttft": "ttft",
}
NO_PREDICTION_METRICS = ("memory", "cost", "capacity", "other")
DEFAULT_GRID = (1, 2, 4, 8, 16, 32, 64, 128, 256)
OFFLINE_CONCURRENCY = 4096.0  # "offline"/saturation with no stated batch limit: every system runs full
# shape classes: "holds" while within +-5 % of the reference (the headline, or a calibration series' first
# point), "grows" / "fades" beyond that, "inverts" when a reference >= 1.0 drops below parity. 5 % is about
# twice the reading error of the chart-digitised calibration points (a few percent) and the smallest change
# a reader would act on; it is not tuned to the calibration score.
HOLD_BAND = 0.05
# a headline at this concurrency or below is read as measured on a setup tuned for it (single stream)
TUNE_MAX_CONCURRENCY = 4.0


class PredictError(ValueError):
    """Bad arguments to a prediction (unknown at-kind, non-positive speedup, bad grid)."""


@lru_cache(maxsize=1)
def default_efficiency() -> Efficiency:
    """The calibrated factors (Efficiency is frozen, so one shared instance is safe)."""
    return Efficiency.from_dict(CALIBRATED_EFFICIENCY)


@lru_cache(maxsize=256)
def _scenario(hw_id: str, model_id: str, gpus: int, input_len: int, output_len: int,
              eff: Efficiency, kv_bits: float) -> Scenario:
    _, hw, _ = resolve_hardware(hw_id)
    _, model, _ = resolve_model(model_id)
    return Scenario(hw=hw, model=model, gpus=gpus, input_len=input_len, output_len=output_len,
                    eff=eff, kv_bits=kv_bits)


def _variants(tm: TechModel, knobs: dict[str, float], tuned: bool = False) -> list[dict[str, float]]:
    """The knob sets of the band: the central knobs first, then the technique's variants and, for
    a tuned knob, its neighbours."""
    variants = [dict(knobs)] + [{**knobs, **v} for v in tm.variants]
    if tuned and tm.tune_knob:
        k = tm.tune_knob
        variants += [{**knobs, k: max(min(tm.tune_values), knobs[k] + d)} for d in tm.tune_variants]
    return variants


@dataclass(frozen=True)
class _FitRows:
    """The knob sets a fit evaluates: the distinct sets as (U, 1) columns, and for each group of
    sets (a band) the rows it landed in and its own columns. Read-only."""

    kn: dict[str, np.ndarray]
    rows: tuple[np.ndarray, ...]
    group_kn: tuple[dict[str, np.ndarray], ...]
    whole: tuple[bool, ...]  # the group is every row, in order

    @property
    def firsts(self) -> np.ndarray:
        """The row of each group's central knob set."""
        return np.array([r[0] for r in self.rows])


@lru_cache(maxsize=256)
def _fit_rows(tm: TechModel, knob_items: tuple[tuple[str, float], ...], tuning: bool) -> _FitRows:
    """The bands to fit for these knobs: the band around the knobs as given and, when the author
    would have tuned a knob, the band around every value it could take (a knob set shared by two
    bands is one row, fitted once). A constant of the technique and its knob values, built once."""
    knobs = dict(knob_items)
    groups = [_variants(tm, knobs)]
    if tuning:
        groups += [_variants(tm, {**knobs, tm.tune_knob: v}, tuned=True) for v in tm.tune_values]
    keys = list(knobs)
    row_of = itemgetter(*keys) if keys else (lambda v: ())
    seen: dict[Any, int] = {}
    index = [[seen.setdefault(row_of(v), len(seen)) for v in g] for g in groups]
    table = np.array(list(seen), dtype=float).reshape(len(seen), len(keys))
    table.flags.writeable = False
    rows = []
    group_kn = []
    for idx in index:
        r = np.array(idx)
        sub = table[r]
        r.flags.writeable = sub.flags.writeable = False
        rows.append(r)
        group_kn.append({k: sub[:, i: i + 1] for i, k in enumerate(keys)})
    return _FitRows(kn={k: table[:, i: i + 1] for i, k in enumerate(keys)}, rows=tuple(rows),
                    group_kn=tuple(group_kn), whole=tuple(idx == list(range(len(seen))) for idx in index))


@lru_cache(maxsize=1024)  # ~8 KB each; corpus/ (393 documents) needs 777
def _shared_speedup(tm: TechModel, scenario: tuple[str, str, int, int, int, Efficiency, float],
                    knob_items: tuple[tuple[str, float], ...], tuning: bool, C0: float,
                    curve: tuple[float, ...], ran_batch: bool, baseline_tp: float | None) -> _Speedup:
    """One _Speedup per technique, scenario, knobs, headline concurrency and curve grid: claims that
    share them (most claims of a document: the same defaults, "no operating point" read as
    concurrency 1) share its baseline perf, admission cap and theta-grid evaluation, which do not
    depend on the claim's figure. Only functions of the model's constants are kept, never a result
    fitted to a figure; the values are the ones a fresh _Speedup computes."""
    C_curve = np.array(curve)
    C_curve.flags.writeable = False
    return _Speedup(tm, _scenario(*scenario), _fit_rows(tm, knob_items, tuning).kn, C0, C_curve,
                    ran_batch=ran_batch, baseline_tp=baseline_tp)


def _plain(s: Sys) -> bool:
    """Whether every field of `s` is a plain number, i.e. it depends on neither theta nor the knobs."""
    return all(type(v) is float for v in vars(s).values())


class _Speedup:
    """Optimised perf / baseline perf of one technique on one scenario, as a function of theta.

    Knob variants are rows (kn values have shape (V, 1)); theta broadcasts against them. It is
    evaluated at the headline's concurrency C0 (the fit) or along `C_curve` (the curve). Most
    techniques leave the baseline untouched; its perf then depends on the concurrency only and is
    computed once for [C0, *C_curve] per metric mode instead of on every call.
    """

    def __init__(self, tm: TechModel, sc: Scenario, kn: dict[str, np.ndarray], C0: float,
                 C_curve: np.ndarray, ran_batch: bool = False, baseline_tp: float | None = None) -> None:
        self.tm, self.sc, self.kn = tm, sc, kn
        self.V = len(next(iter(kn.values()))) if kn else 1
        self.C0, self.C_curve = C0, C_curve
        self.ran_batch, self.baseline_tp = ran_batch, baseline_tp
        self._base: dict[str, np.ndarray] = {}
        self._base_plain: bool | None = None
        self._opt_cap: Any = None  # the optimised system's admission cap, once known not to depend on theta
        self._at_grid: dict[str, np.ndarray] = {}  # at_headline on the technique's theta grid, per mode

    def with_rows(self, rows: np.ndarray, kn: dict[str, np.ndarray]) -> _Speedup:
        """The same curve for the knob rows `rows` (whose columns are `kn`), sharing the baseline's
        perf."""
        other = _Speedup(self.tm, self.sc, kn, self.C0, self.C_curve, self.ran_batch, self.baseline_tp)
        other._base, other._base_plain = self._base, self._base_plain
        if self._opt_cap is not None:
            other._opt_cap = self._opt_cap[rows] if np.ndim(self._opt_cap) else self._opt_cap
        return other

    def systems(self, theta: Any) -> tuple[Sys, Sys]:
        base, opt = self.tm.build(theta, self.kn, self.sc)
        if self.ran_batch:
            # a stated batch size is a batch that ran: both systems held it, whatever the admission
            # cap computed from assumed lengths says (no queueing at a batch-size operating point)
            base.cap_mult = base.cap_mult * 1e9
            opt.cap_mult = opt.cap_mult * 1e9
        if self.baseline_tp is not None:
            # baseline on bt x the GPUs, compared per GPU (quantised 70B on 1 GPU vs BF16 on 2)
            base.gpus_mult = base.gpus_mult * self.baseline_tp
        return base, opt

    def at_headline(self, theta: np.ndarray, mode: str) -> np.ndarray:
        """Speedup at C0 for each theta: theta (1 or V, k) -> (V, k)."""
        return self._ratio(theta, self.C0, mode, 0, (self.V, theta.shape[1]))

    def at_headline_grid(self, grid: np.ndarray, mode: str) -> np.ndarray:
        """at_headline over the technique's theta grid (1, G) -> (V, G), computed once per mode: it
        does not depend on the headline figure, so every claim that shares this _Speedup reuses it."""
        s = self._at_grid.get(mode)
        if s is None:
            s = self._at_grid[mode] = self.at_headline(grid[None, :], mode)
            s.flags.writeable = False
        return s

    def on_curve(self, theta: np.ndarray, mode: str) -> np.ndarray:
        """Speedup along C_curve: theta (V, 1) -> (V, len(C_curve))."""
        return self._ratio(theta, self.C_curve[None, :], mode, slice(1, None), (self.V, self.C_curve.size))

    def _ratio(self, theta: np.ndarray, C: Any, mode: str, base_at: int | slice, shape: tuple[int, int]
               ) -> np.ndarray:
        """opt perf / base perf at C; base_at picks C out of the baseline's [C0, *C_curve]."""
        base, opt = self.systems(theta)
        if self._base_plain is None:
            self._base_plain = _plain(base)
        if self._base_plain:
            if mode not in self._base:
                self._base[mode] = self.sc.perf(base, np.concatenate(([self.C0], self.C_curve)), mode)
            base_perf = self._base[mode][base_at]
        else:
            base_perf = self.sc.perf(base, C, mode)
        cap = self._opt_cap
        if cap is None:
            cap = self.sc.admission_cap(opt)
            if theta.shape[-1] > 1 and np.shape(cap)[-1:] in ((), (1,)):
                # no theta axis (fields broadcast elementwise, so a theta-dependent cap would have
                # theta's columns): the same for every theta this claim is evaluated at
                self._opt_cap = cap
        r = self.sc.perf(opt, C, mode, cap) / base_perf
        if self.baseline_tp is not None:
            r = r * self.baseline_tp
        # a technique whose curve does not depend on theta, the knobs or C still answers one value
        # per cell
        if np.shape(r) != shape:
            r = np.broadcast_to(r, shape)
        return r


def _first_crossing(s: np.ndarray, target: float) -> tuple[np.ndarray, np.ndarray]:
    """Per row of s: the column j where s - target first changes sign between j and j + 1, and
    whether it does (rows that never cross: the column closest to the target, kept inside)."""
    d = s - target
    cross = (d[:, :-1] * d[:, 1:]) <= 0
    j = cross.argmax(axis=1)  # the first crossing, or 0 where there is none
    has = cross[_rows(len(j)), j]
    if not has.all():
        j = np.where(has, j, np.minimum(np.abs(d).argmin(axis=1), s.shape[1] - 2))
    return j, has


_THETA_GRIDS: dict[str, tuple[np.ndarray, np.ndarray]] = {}
_REFINE = np.linspace(0.0, 1.0, 12)
_ROWS = np.arange(64)


def _rows(n: int) -> np.ndarray:
    """Row indices 0..n-1 for fancy indexing (a slice of a shared array: fits have few rows)."""
    return _ROWS[:n] if n <= _ROWS.size else np.arange(n)


def _theta_grid(tm: TechModel) -> tuple[np.ndarray, np.ndarray]:
    """The technique's 40-point search grid of theta and the widths of its 39 brackets (constants
    of the model, built once)."""
    cached = _THETA_GRIDS.get(tm.name)
    if cached is None or cached[0][0] != tm.theta_lo or cached[0][-1] != tm.theta_hi:
        grid = tm.theta_grid(40)
        steps = grid[1:] - grid[:-1]
        grid.flags.writeable = steps.flags.writeable = False
        cached = _THETA_GRIDS[tm.name] = (grid, steps)
    return cached


def fit_theta(tm: TechModel, speedup: Callable[[np.ndarray], np.ndarray], V: int, target: float,
              sp: _Speedup | None = None, mode: str = "") -> tuple[np.ndarray, np.ndarray]:
    """Fitted theta per variant (V,) and whether the headline was reachable.

    `speedup` maps theta (V, k) to the speedup at the headline's operating point (V, k). A 40-point
    grid brackets the first crossing of the target, 12 points inside the bracket refine it and a
    linear interpolation finishes: two vectorised evaluations in all. With `sp` (whose at_headline
    in `mode` is `speedup`) the grid evaluation comes from its memo when another headline needed
    it: it does not depend on the target.
    """
    grid, steps = _theta_grid(tm)
    s = sp.at_headline_grid(grid, mode) if sp is not None else speedup(grid[None, :])  # (V, 40)
    j, has = _first_crossing(s, target)
    # refine inside the bracket, then interpolate linearly
    t2 = grid[j][:, None] + steps[j][:, None] * _REFINE[None, :]
    s2 = speedup(t2)
    j2, has2 = _first_crossing(s2, target)
    rows = _rows(V)
    lo2, hi2 = t2[rows, j2], t2[rows, j2 + 1]
    sl, sh = s2[rows, j2], s2[rows, j2 + 1]
    step = sh - sl
    w = np.divide(target - sl, step, out=np.zeros_like(step), where=np.abs(step) > 1e-12)
    reachable = has & has2
    theta = lo2 + np.minimum(np.maximum(w, 0.0), 1.0) * (hi2 - lo2)
    if not reachable.all():
        # unreachable: take the theta whose speedup comes closest to the headline
        theta = np.where(reachable, theta, grid[np.abs(s - target).argmin(axis=1)])
    return theta, reachable


@lru_cache(maxsize=64)
def _geomspace(lo: float, hi: float, num: int) -> np.ndarray:
    """np.geomspace(lo, hi, num) for positive scalars, to the bit, without its generality's overhead.
    Read-only: the same few grids (the reader's range) come back for most claims."""
    log_lo, log_hi = np.log10(lo), np.log10(hi)
    step = (log_hi - log_lo) / (num - 1)
    y = np.arange(num, dtype=float)
    if step == 0:
        y /= num - 1
        y *= log_hi - log_lo
    else:
        y *= step
    y += log_lo
    y[-1] = log_hi
    out = np.power(10.0, y)
    out[0], out[-1] = lo, hi
    out.flags.writeable = False
    return out


def to_concurrency(sc: Scenario, kind: str, value: float | None) -> tuple[float, str | None]:
    """Concurrency an operating point means, and a note on how it was read."""
    if kind in ("single", "unstated") or value is None and kind in ("concurrency", "batch_size"):
        note = "no operating point stated; read as concurrency 1" if kind == "unstated" else None
        return 1.0, note
    if kind in ("concurrency", "batch_size"):
        return max(float(value), 1e-3), None
    if kind == "request_rate":
        c = little_concurrency(sc, Sys(), float(value or 0.0))
        return c, f"request rate {value:g}/s -> concurrency {c:.3g} by Little's law (baseline latency)"
    if kind == "offline":
        if value:
            return float(value), f"offline run with batch limit {value:g}: each system fills up to its admission cap"
        return OFFLINE_CONCURRENCY, "offline / saturation: each system runs at its admission cap"
    raise PredictError(f"unknown operating-point kind '{kind}' (use one of: {', '.join(AT_KINDS)})")


@lru_cache(maxsize=64)
def _grid_concurrency(lo: float, hi: float, reader: float) -> tuple[float, ...]:
    """Powers of two over the reader's range [lo, hi] (with its ends) and the reader's concurrency.
    A function of the reader's settings only, so it is built once per setting."""
    lo, hi = max(lo, 1e-3), max(hi, lo)
    pts: list[float] = []
    v = 2.0 ** math.floor(math.log2(lo))
    if v < lo:
        pts.append(lo)
        v *= 2
    while v <= hi * (1 + 1e-9):
        pts.append(v)
        v *= 2
    if pts[-1] < hi:
        pts.append(hi)
    pts.append(reader)
    return tuple(sorted({round(p, 6) for p in pts}))


def _largest(x: Any) -> float:
    """max(x) as a float, for a plain number or an array."""
    return float(x) if isinstance(x, float) else float(np.max(x))


@lru_cache(maxsize=64)
def _efficiency_dict(eff: Efficiency) -> dict[str, float]:
    """eff.as_dict(), built once per set of factors (callers copy it)."""
    return eff.as_dict()


def _round_c(c: float) -> float:
    if c >= 10:
        return float(round(c))
    return float(round(c, 1))


def knobs_from_context(tm: TechModel, precision: str | None, text: str | None = None) -> dict[str, float]:
    """Knob values a claim's precision states (e.g. INT4 KV cache -> kv bits 4)."""
    out: dict[str, float] = {}
    p = f"{precision or ''} {text or ''}".lower()
    if not p.strip():
        return out
    bits = None
    for tag, b in (("fp4", 4), ("nvfp4", 4), ("mxfp4", 4), ("int4", 4), ("4-bit", 4), ("4bit", 4), ("w4", 4),
                   ("nf4", 4), ("int2", 2), ("2-bit", 2), ("3-bit", 3), ("int8", 8), ("8-bit", 8),
                   ("fp8", 8), ("w8", 8)):
        if tag in p:
            bits = b
            break
    if bits is None:
        return out
    if tm.name == "kv-cache-quantization":
        out["bits"] = float(bits)
    elif tm.name == "weight-quantization":
        out["bits"] = float(bits)
    elif tm.name == "fp8-quantization":
        out["w_bits"] = float(bits)
    return out


def predict_curve(
    technique: str | None,
    mechanism: str | None = None,
    speedup: float = 1.0,
    at: float | None = 1.0,
    at_kind: str = "concurrency",
    metric: str = "throughput",
    hardware: str | None = None,
    gpus: int | None = None,
    model: str | None = None,
    input_len: int | None = None,
    output_len: int | None = None,
    grid: Sequence[float] | None = None,
    reader_concurrency: float = 32.0,
    efficiency: dict[str, float] | None = None,
    params: dict[str, float] | None = None,
    *,
    min_concurrency: float = 1.0,
    max_concurrency: float | None = None,
    default_hardware: str | None = None,
    default_model: str | None = None,
    kv_bits: float = 16.0,
    context_text: str | None = None,
    precision: str | None = None,
    baseline_tp: float | None = None,
    eval_metric: str | None = None,
) -> Prediction:
    """Fit `technique` to `speedup` at (at_kind, at) and predict it across concurrency.

    `grid` is in at_kind units (request rates for request_rate); curve points carry both the op
    value and the concurrency it means. Raises PredictError on bad arguments.
    """
    if at_kind not in AT_KINDS:
        raise PredictError(f"unknown --at-kind '{at_kind}' (use one of: {', '.join(AT_KINDS)})")
    if speedup is None or not math.isfinite(float(speedup)) or float(speedup) <= 0:
        raise PredictError(f"speedup must be a positive number, got {speedup!r}")
    if at is not None and (not math.isfinite(float(at)) or float(at) <= 0):
        raise PredictError(f"--at must be positive, got {at!r}")
    mode = METRIC_MODE.get(metric or "unspecified")
    if mode is None:
        raise PredictError(f"metric '{metric}' has no speed prediction (use throughput, latency, itl, tpot, ttft, e2e)")
    mode_eval = METRIC_MODE.get(eval_metric or metric or "unspecified")
    if mode_eval is None:
        raise PredictError(f"metric '{eval_metric}' has no speed prediction")
    if grid is not None:
        grid = [float(g) for g in grid]
        if not grid or any((not math.isfinite(g)) or g <= 0 for g in grid):
            raise PredictError("grid values must be positive numbers")
    notes: list[str] = []
    defaults_used: list[str] = []
    # names -> specs
    count, _ = split_gpu_count(hardware or "")
    hw_id, hw, hw_note = resolve_hardware(hardware, default=default_hardware)
    if hw_note:
        notes.append(hw_note) if hardware else defaults_used.append(f"hardware {hw_id}")
    m_id, mspec, m_note = resolve_model(model, default=default_model)
    if m_note:
        notes.append(m_note) if model else defaults_used.append(f"model {m_id}")
    n_gpus = int(gpus or count or 1)
    if input_len is None:
        input_len = 1024
        defaults_used.append("input_len 1024")
    if output_len is None:
        output_len = 256
        defaults_used.append("output_len 256")
    eff = default_efficiency()
    if efficiency:
        eff = Efficiency.from_dict(efficiency, eff)
    sc = _scenario(hw_id, m_id, n_gpus, int(input_len), int(output_len), eff, float(kv_bits))
    if not sc.fits():
        notes.append(f"{mspec.name} weights do not fit {n_gpus} x {hw.name}; the prediction is indicative only")
    tm, t_note = lookup(technique, mechanism)
    if t_note:
        notes.append(t_note)
    knobs = dict(tm.knobs)
    context_knobs = knobs_from_context(tm, precision, context_text)
    knobs.update(context_knobs)
    for k, v in (params or {}).items():
        if k in knobs:
            knobs[k] = float(v)
    at_val = None if at is None else float(at)
    C0, c_note = to_concurrency(sc, at_kind, at_val)
    if c_note:
        notes.append(c_note)
    target = float(speedup)

    # where the curve is evaluated: the requested grid (in at_kind units) or powers of two over the
    # reader's range, then the reader's concurrency and the headline's; then a dense geometric grid
    # for the crossover
    max_c = float(max_concurrency or max(DEFAULT_GRID))
    if grid is not None:
        ops = list(grid)
        concs = [to_concurrency(sc, at_kind if at_kind not in ("single", "unstated", "offline") else "concurrency",
                                g)[0] for g in ops]
    else:
        concs = list(_grid_concurrency(float(min_concurrency), max_c, float(reader_concurrency)))
        ops = concs
    reader = float(reader_concurrency)
    lo_c = min(min_concurrency, C0, min(concs) if concs else 1.0)
    hi_c = max(max_c, max(concs) if concs else max_c)
    n = len(concs)
    C_curve = np.empty(n + 2 + 97)
    C_curve[: n + 2] = concs + [reader, C0]
    C_curve[n + 2:] = _geomspace(lo_c, hi_c, 97)
    flags = {"ran_batch": at_kind == "batch_size", "baseline_tp": float(baseline_tp) if baseline_tp else None}

    # the knob sets to fit: the band around the knobs as given and, when the author would have tuned
    # a knob at the headline's operating point, the band around every value it could take (all in
    # one vectorised fit)
    tuning = bool(tm.tune_knob) and C0 <= TUNE_MAX_CONCURRENCY and tm.tune_knob not in (params or {}) \
        and tm.tune_knob not in context_knobs
    knob_items = tuple(knobs.items())
    fit_rows = _fit_rows(tm, knob_items, tuning)
    sp_all = _shared_speedup(tm, (hw_id, m_id, n_gpus, int(input_len), int(output_len), eff, float(kv_bits)),
                             knob_items, tuning, C0, tuple(C_curve.tolist()), **flags)
    theta_all, reachable_all = fit_theta(tm, lambda th: sp_all.at_headline(th, mode), sp_all.V, target,
                                         sp_all, mode)
    pick, tuned = 0, False
    if tuning:
        # the value that reaches the headline with the least theta (e.g. the lowest acceptance) is
        # what a tuned setup would use
        firsts = fit_rows.firsts[1:]
        score = np.where(reachable_all[firsts], theta_all[firsts], np.inf)
        if np.isfinite(score).any():
            pick = 1 + int(np.argmin(score))
            knobs[tm.tune_knob] = float(tm.tune_values[pick - 1])
            tuned = True
    if fit_rows.whole[pick]:
        theta, reachable, sp = theta_all, reachable_all, sp_all
    else:
        rows = fit_rows.rows[pick]
        theta, reachable = theta_all[rows], reachable_all[rows]
        sp = sp_all.with_rows(rows, fit_rows.group_kn[pick])
    kn = sp.kn
    V = len(theta)
    if baseline_tp:
        notes.append(f"baseline runs on {baseline_tp:g}x the GPUs; speedup compared per GPU")

    # the curve, the reader's and the headline's points and the dense grid in one evaluation
    curves = sp.on_curve(theta[:, None], mode_eval)  # (V, n + 2 + 97)
    scale = 1.0
    if not reachable.all():
        at_fit = curves[:, n + 1] if mode_eval == mode else sp.at_headline(theta[:, None], mode)[:, 0]
        shift = np.where(reachable, 1.0, target / np.maximum(at_fit, 1e-9))
        notes.append(
            f"the {tm.name} model cannot reach {target:g}x at concurrency {C0:.3g} on this hardware/model; "
            "its best curve was scaled to pass through the headline"
        )
        curves = curves * shift[:, None]
        scale = float(shift[0])
    head = curves[:, : n + 2]
    central = head[0].tolist()
    lowc, highc = (head.min(axis=0).tolist(), head.max(axis=0).tolist()) if V > 1 else (central, central)
    points = [
        {"op": float(o), "concurrency": float(c), "speedup": central[i], "low": lowc[i], "high": highc[i]}
        for i, (o, c) in enumerate(zip(ops, concs))
    ]
    at_reader = central[n]
    # crossover: where the central curve first drops below parity inside the range searched
    dense = C_curve[n + 2:]
    sd = curves[0, n + 2:]
    crossover = None
    if sd[0] >= 1.0:
        below = np.flatnonzero(sd < 1.0)
        if below.size:
            i = int(below[0])
            x0, x1 = math.log(dense[i - 1]), math.log(dense[i])
            f0, f1 = sd[i - 1] - 1.0, sd[i] - 1.0
            crossover = _round_c(math.exp(x0 + (x1 - x0) * f0 / (f0 - f1)))
    head_model = target if mode_eval == mode else central[-1]
    verdict = classify_shape(head_model, at_reader)
    theta0 = float(theta[0])
    fitted: dict[str, Any] = {
        "model": tm.name,
        tm.theta_name: round(theta0, 4),
        **{k: float(v) for k, v in knobs.items() if not k.startswith("_")},
        "headline_reachable": bool(reachable[0]),
    }
    if tuned:
        fitted["tuned"] = tm.tune_knob
    if tm.derived is not None:
        fitted.update({k: round(v, 4) for k, v in tm.derived(theta0, knobs).items()})
    if not reachable[0]:
        fitted["scale"] = round(scale, 4)
    b_sys, o_sys = tm.build(theta0, {k: float(v[0, 0]) for k, v in kn.items()}, sc)
    base_cap, opt_cap = _largest(sc.admission_cap(b_sys)), _largest(sc.admission_cap(o_sys))
    assumptions: dict[str, Any] = {
        "hardware": hw_id,
        "hardware_name": hw.name,
        "gpus": n_gpus,
        "model": m_id,
        "model_name": mspec.name,
        "input_len": int(input_len),
        "output_len": int(output_len),
        "metric": metric,
        "metric_mode": mode,
        "operating_point": {"kind": at_kind, "value": at_val, "concurrency": round(C0, 3)},
        "technique_model": tm.describe,
        "admission_cap": {"baseline": round(base_cap, 1), "optimised": round(opt_cap, 1)},
        "efficiency": dict(_efficiency_dict(eff)),
        "defaults": defaults_used,
        "notes": notes,
    }
    # one validation of plain data (pydantic builds the nested curve points in one call)
    return Prediction.model_validate({
        "at_reader": at_reader, "reader_concurrency": reader, "crossover": crossover, "verdict": verdict,
        "curve": points, "fitted": fitted, "assumptions": assumptions,
    })


def classify_shape(first: float, value: float, band: float = HOLD_BAND) -> str:
    """grows | holds | fades | inverts of `value` relative to `first` (the headline or a series' first point)."""
    if first >= 1.0 and value < 1.0:
        return "inverts"
    r = value / first if first > 0 else 1.0
    if r > 1.0 + band:
        return "grows"
    if r < 1.0 - band:
        return "fades"
    return "holds"
