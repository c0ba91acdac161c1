"""The fade predictor: must-show cases, shapes, crossover, names, catalogue errors, CLI, plot."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from auditor.models import Claim
from auditor.predict import (
    CatalogError,
    PredictError,
    hardware_aliases,
    model_aliases,
    predict_claim,
    predict_curve,
    resolve_hardware,
    resolve_model,
    split_gpu_count,
)
from auditor.predict.catalog import load_hardware, load_models
from auditor.settings import Settings


def _at(pred, c):
    return next(p.speedup for p in pred.curve if abs(p.concurrency - c) < 1e-9)


def _claim(**kw):
    base = dict(text="2.5x faster", sentence="2.5x faster", value=2.5, unit="x", ratio=2.5)
    base.update(kw)
    return Claim(**base)


# --------------------------------------------------------------------------- must-show


def test_spec_decoding_headline_inverts_by_128():
    p = predict_curve("speculative-decoding", speedup=2.5, at=1, metric="throughput",
                      hardware="h100-sxm", model="llama-3.1-8b")
    assert _at(p, 1) == pytest.approx(2.5, rel=1e-3)
    assert _at(p, 128) < 0.96  # verification of g+1 tokens, draft passes and sampling paid under load
    assert _at(p, 256) < 0.96
    assert p.crossover is not None and p.crossover <= 128
    assert p.verdict in ("fades", "inverts")


def test_streaming_draft_kv_cost_does_not_grow_with_context():
    """A fixed StreamingLLM draft budget: self-speculation at long context gains more with batch."""
    kw = dict(speedup=1.2, at=32, at_kind="batch_size", metric="tpot", hardware="a100-80gb", gpus=8,
              model="llama-2-7b", input_len=8000, grid=[32, 64, 128],
              params={"draft_cost": 1.0, "draft_kv": 1.0, "draft_window": 512, "draft_depth": 1.0})
    p = predict_curve("speculative-decoding", **kw)
    assert _at(p, 64) > _at(p, 32) * 1.03 and _at(p, 128) > _at(p, 64)
    full = predict_curve("speculative-decoding", **{**kw, "params": {**kw["params"], "draft_window": 0}})
    assert _at(full, 128) < _at(p, 128)


def test_spec_decoding_claim_with_no_operating_point():
    c = _claim(technique="speculative-decoding", mechanism="per-token", op_kind="unstated",
               hardware="H100 SXM5", model="Llama 3.1 8B")
    p = predict_claim(c, Settings())
    assert p is not None
    assert _at(p, 128) < 1.0
    assert p.assumptions["op_assumed"] is True
    assert any("concurrency 1" in n for n in p.assumptions["notes"])
    # the curve spans 1..256 and includes the reader's point
    assert [pt.concurrency for pt in p.curve][0] == 1 and p.curve[-1].concurrency == 256
    assert p.reader_concurrency == 32 and p.at_reader == pytest.approx(_at(p, 32))


def test_fp8_kv_cache_itl_grows_to_between_108_and_130_at_c8():
    p = predict_curve("kv-cache-quantization", speedup=1.04, at=1, metric="itl", model="llama-3.1-8b",
                      hardware="h100-sxm", input_len=20000, output_len=2000, grid=[1, 8])
    assert [pt.op for pt in p.curve] == [1, 8]
    assert 1.08 <= _at(p, 8) <= 1.30
    assert p.curve[1].low <= _at(p, 8) <= p.curve[1].high


# --------------------------------------------------------------------------- shapes


@pytest.mark.parametrize("tech,speedup,metric", [
    ("speculative-decoding", 2.0, "throughput"),
    ("weight-quantization", 2.0, "latency"),
    ("cuda-graphs", 1.5, "itl"),
    ("kernel-fusion", 1.2, "throughput"),
])
def test_per_token_wins_fade_with_load(tech, speedup, metric):
    p = predict_curve(tech, speedup=speedup, at=1, metric=metric)
    s = [pt.speedup for pt in p.curve]
    assert s[0] == pytest.approx(speedup, rel=2e-3)
    assert s[-1] < s[0] * 0.95
    assert p.verdict in ("fades", "inverts")


def test_attention_kernel_gain_grows_as_kv_reads_take_over():
    # lexicon says per-token, but the attention share of a step grows with batch x context
    p = predict_curve("attention-kernel", speedup=1.1, at=1, metric="itl")
    assert _at(p, 256) > _at(p, 1)


def test_cuda_graphs_curve_is_monotone_non_increasing():
    p = predict_curve("cuda-graphs", speedup=1.5, at=1, metric="itl")
    s = [pt.speedup for pt in p.curve]
    assert all(b <= a + 1e-9 for a, b in zip(s, s[1:]))


def test_residency_win_grows_under_memory_pressure():
    # long contexts: ~20 sequences fit at BF16, twice as many with an 8-bit KV cache
    p = predict_curve("kv-cache-quantization", speedup=1.04, at=1, metric="throughput",
                      input_len=20000, output_len=2000)
    s = {pt.concurrency: pt.speedup for pt in p.curve}
    assert s[8] > s[1] and s[64] > s[8] and s[64] > 1.3
    assert p.verdict == "grows"
    assert p.assumptions["admission_cap"]["optimised"] > 1.9 * p.assumptions["admission_cap"]["baseline"]


def test_paged_attention_offline_claim_is_reachable_and_grows():
    p = predict_curve("paged-attention", speedup=2.2, at=None, at_kind="offline", metric="throughput",
                      input_len=2048, output_len=512)
    assert p.fitted["headline_reachable"]
    s = [pt.speedup for pt in p.curve]
    assert s[0] == pytest.approx(1.0, abs=0.05)  # one request: paging changes nothing
    assert s[-1] > 1.5


def test_weight_only_int4_weak_kernel_inverts_past_the_knee():
    # a weak W4A16 kernel measured at 1.33x at batch 1 with 2k-token prompts (TRT-LLM AWQ on H200)
    p = predict_curve("weight-quantization", speedup=1.33, at=1, at_kind="batch_size", hardware="h200",
                      input_len=2048, output_len=128, grid=[1, 8, 64])
    assert _at(p, 64) < 1.0


def test_crossover_brackets_the_parity_crossing():
    p = predict_curve("speculative-decoding", speedup=2.5, at=1, metric="throughput")
    pts = sorted(p.curve, key=lambda c: c.concurrency)
    first_below = next(c.concurrency for c in pts if c.speedup < 1.0)
    last_above = max(c.concurrency for c in pts if c.concurrency < first_below)
    assert last_above <= p.crossover <= first_below


def test_no_crossover_for_a_growing_residency_curve():
    p = predict_curve("kv-cache-quantization", speedup=1.04, at=1, metric="throughput",
                      input_len=20000, output_len=2000)
    assert p.crossover is None


def test_request_rate_is_converted_by_littles_law():
    p = predict_curve("speculative-decoding", speedup=2.0, at=2, at_kind="request_rate", grid=[0.5, 2, 20])
    concs = [pt.concurrency for pt in p.curve]
    assert concs == sorted(concs) and concs[0] >= 1.0 and concs[-1] > concs[0]
    assert [pt.op for pt in p.curve] == [0.5, 2, 20]
    assert p.assumptions["operating_point"]["concurrency"] > 1.0


def test_no_prediction_for_memory_or_cost_claims():
    for metric in ("memory", "cost", "capacity"):
        assert predict_claim(_claim(metric=metric, technique="kv-cache-quantization"), Settings()) is None


def test_unknown_technique_uses_mechanism_prior_and_says_so():
    p = predict_curve("quantum-annealing", mechanism="compute", speedup=1.5, at=64)
    assert p.fitted["model"] == "generic-compute"
    assert any("no model" in n for n in p.assumptions["notes"])


def test_unreachable_headline_is_scaled_and_noted():
    p = predict_curve("continuous-batching", speedup=3.0, at=1)  # nothing to gain at one request
    assert p.fitted["headline_reachable"] is False
    assert _at(p, 1) == pytest.approx(3.0, rel=1e-3)
    assert any("cannot reach" in n for n in p.assumptions["notes"])


def test_bad_arguments_raise_predict_error():
    with pytest.raises(PredictError):
        predict_curve("speculative-decoding", speedup=-1, at=1)
    with pytest.raises(PredictError):
        predict_curve("speculative-decoding", speedup=2, at=1, at_kind="weekly")
    with pytest.raises(PredictError):
        predict_curve("speculative-decoding", speedup=2, at=1, grid=[1, 0])


def test_settings_efficiency_overrides_change_the_curve():
    a = predict_curve("speculative-decoding", speedup=2.5, at=1)
    b = predict_curve("speculative-decoding", speedup=2.5, at=1, efficiency={"compute": 0.3})
    assert _at(b, 64) < _at(a, 64)


# --------------------------------------------------------------------------- names


@pytest.mark.parametrize("text,hid,count", [
    ("H100 SXM5", "h100-sxm", None), ("8xH100", "h100-sxm", 8), ("4 x MI300X", "mi300x", 4),
    ("H100 PCIe", "h100-pcie", None), ("NVIDIA H100 80GB HBM3", "h100-sxm", None),
    ("8x B200 (TP8)", "b200", 8), ("RTX 4090", "rtx-4090", None), ("A100 40GB", "a100-40gb", None),
    ("GB200 NVL72", "gb200", None), ("L40S", "l40s", None), ("MI355X", "mi355x", None),
])
def test_hardware_names_resolve(text, hid, count):
    got, spec, note = resolve_hardware(text)
    assert (got, note) == (hid, None)
    assert split_gpu_count(text)[0] == count


@pytest.mark.parametrize("text,mid", [
    ("Llama 3.1 8B", "llama-3.1-8b"), ("llama-3.1-8b-instruct", "llama-3.1-8b"),
    ("meta-llama/Llama-3.1-70B-Instruct", "llama-3.1-70b"), ("Llama-3.3-70B", "llama-3.3-70b"),
    ("Mixtral 8x7B", "mixtral-8x7b"), ("DeepSeek-R1", "deepseek-r1"), ("gpt-oss-120b", "gpt-oss-120b"),
    ("Qwen2.5-72B-Instruct", "qwen2.5-72b"), ("Kimi K2", "kimi-k2"), ("Gemma 2 9B", "gemma-2-9b"),
])
def test_model_names_resolve(text, mid):
    got, spec, note = resolve_model(text)
    assert (got, note) == (mid, None)


def test_unknown_names_fall_back_with_a_note():
    hid, spec, note = resolve_hardware("Gaudi 3")
    assert hid == "h100-sxm" and "unknown hardware" in note
    mid, spec, note = resolve_model("SuperLM-9000", default="qwen3-8b")
    assert mid == "qwen3-8b" and "unknown model" in note
    p = predict_curve("speculative-decoding", speedup=2, at=1, hardware="Gaudi 3")
    assert any("unknown hardware 'Gaudi 3'" in n for n in p.assumptions["notes"])


def test_alias_maps_for_the_extractor():
    h, m = hardware_aliases(), model_aliases()
    assert h["H100 SXM"] == "h100-sxm" and h["MI300X"] == "mi300x"
    assert m["Llama-3.1-8B-Instruct"] == "llama-3.1-8b" and m["DeepSeek-V3"] == "deepseek-v3"


def test_catalogues_cover_the_required_entries():
    hw, ms = load_hardware(), load_models()
    for h in ("h100-sxm", "h100-pcie", "h200", "a100-80gb", "a100-40gb", "l40s", "l4", "a10", "a10g", "mi300x",
              "mi325x", "mi355x", "b200", "gb200", "gb300", "rtx-4090"):
        assert h in hw and hw[h].sources
    for m in ("llama-2-7b", "llama-2-13b", "llama-2-70b", "llama-3-8b", "llama-3.1-8b", "llama-3-70b",
              "llama-3.1-70b", "llama-3.1-405b", "llama-3.3-70b", "mistral-7b", "mixtral-8x7b", "qwen2.5-7b",
              "qwen2.5-72b", "qwen3-8b", "gpt-oss-20b", "gpt-oss-120b", "deepseek-v3", "deepseek-r1", "kimi-k2",
              "gemma-2-9b"):
        assert m in ms
    assert ms["deepseek-v3"].kv_layout == "mla" and ms["mixtral-8x7b"].is_moe
    # dense, not sparse: H100 SXM BF16 is 989, not 1979
    assert hw["h100-sxm"].bf16_tflops == 989


def test_bad_catalogue_names_file_and_field(tmp_path):
    f = tmp_path / "hardware.yaml"
    f.write_text("hardware:\n  x1:\n    name: X\n    memory_gb: -5\n    bandwidth_tbs: 1\n    bf16_tflops: 1\n"
                 "    sources: {memory_gb: a, bandwidth_tbs: b, bf16_tflops: c, fp8_tflops: d}\n")
    with pytest.raises(CatalogError) as e:
        load_hardware(f)
    assert str(f) in str(e.value) and "hardware.x1.memory_gb" in str(e.value)
    g = tmp_path / "models.yaml"
    g.write_text("models:\n  m1:\n    name: M\n    params_b: 1\n    layers: 2\n    hidden: 8\n    heads: 2\n"
                 "    kv_heads: 2\n    head_dim: 4\n    sources: {params_b: a, layers: b, hidden: c, heads: d, kv_heads: e}\n")
    with pytest.raises(CatalogError) as e:
        load_models(g)
    assert str(g) in str(e.value) and "models.m1" in str(e.value) and "head_dim" in str(e.value)
    h = tmp_path / "broken.yaml"
    h.write_text("hardware: [1, 2\n")
    with pytest.raises(CatalogError) as e:
        load_hardware(h)
    assert str(h) in str(e.value)


# --------------------------------------------------------------------------- CLI and plot


def _app():
    import typer

    from auditor.commands import predict as cmds

    app = typer.Typer()
    app.command("predict")(cmds.predict)
    app.command("calibrate")(cmds.calibrate)
    return app


def test_cli_predict_json_shape():
    r = CliRunner().invoke(_app(), ["predict", "--technique", "kv-cache-quantization", "--speedup", "1.04",
                                    "--at", "1", "--metric", "itl", "--model", "llama-3.1-8b", "--hardware",
                                    "h100-sxm", "--input-len", "20000", "--output-len", "2000", "--grid", "1,8",
                                    "--format", "json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert set(d) == {"curve", "crossover", "verdict", "fitted", "assumptions"}
    assert set(d["curve"][0]) == {"op", "concurrency", "speedup", "low", "high"}
    assert 1.08 <= d["curve"][1]["speedup"] <= 1.30


def test_cli_predict_text_and_plot(tmp_path):
    out = tmp_path / "curve.svg"
    r = CliRunner().invoke(_app(), ["predict", "-t", "speculative-decoding", "-s", "2.5", "--plot", str(out)])
    assert r.exit_code == 0, r.output
    assert "verdict:" in r.output and "crosses 1.0" in r.output
    assert out.read_text().lstrip().startswith("<?xml")


@pytest.mark.parametrize("args,needle", [
    (["-t", "x", "-s", "-1"], "--speedup"),
    (["-t", "x", "-s", "2", "--at-kind", "weekly"], "--at-kind"),
    (["-t", "x", "-s", "2", "--grid", "1,zz"], "--grid"),
    (["-t", "x", "-s", "2", "--grid", "1,-4"], "--grid"),
])
def test_cli_predict_errors_exit_2_with_one_line(args, needle):
    r = CliRunner().invoke(_app(), ["predict", *args])
    assert r.exit_code == 2
    assert needle in r.output and "Traceback" not in r.output
    assert len([ln for ln in r.output.splitlines() if ln.strip()]) == 1


def test_plot_returns_svg_text_and_writes_png(tmp_path):
    from auditor.predict.plot import plot_prediction

    p = predict_curve("speculative-decoding", speedup=2.5, at=1)
    svg = plot_prediction(p, None, fmt="svg", title="t", headline=(1, 2.5), reader=32, measured=[(1, 2.4), (64, 0.9)])
    assert svg and "<svg" in svg
    png = tmp_path / "p.png"
    assert plot_prediction(p, png, fmt="png") is None
    assert png.read_bytes()[:4] == b"\x89PNG"
    with pytest.raises(ValueError):
        plot_prediction(p, None, fmt="gif")
