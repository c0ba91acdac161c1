"""Reading load-generator results, building measured curves, and setting claims against them.

Every result file here is written by the test in the tool's own format, from the key names in
shared/benchmark-formats.md (vllm bench serve JSON/JSONL, GenAI-Perf and AIPerf profile exports,
GuideLLM reports, LLMPerf summaries): several operating points, baseline and optimised runs.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from auditor.measure import (
    MeasureError,
    attach_measured,
    crossover,
    describe,
    detect,
    interpolate,
    load_measured,
    measured_points,
    read_file,
)
from auditor.models import Claim
from auditor.settings import Settings

sys.path.insert(0, str(Path(__file__).parent))

from test_measure_writers import (  # noqa: E402
    BASE,
    MODEL,
    OPT,
    POINTS,
    SPEEDUP,
    _xover,
    aiperf_result,
    genai_perf_result,
    guidellm_report,
    llmperf_summary,
    vllm_result,
    write,
    write_vllm_set,
)


def claim(ratio=2.5, metric="unspecified", op_kind="unstated", op_value=None, op_source="assumed", **kw):
    return Claim(text=f"{ratio}x faster", sentence=f"{ratio}x faster.", value=ratio, unit="x", ratio=ratio,
                 metric=metric, op_kind=op_kind, op_value=op_value, op_source=op_source, **kw)


# --------------------------------------------------------------------------- format detection


def test_each_tool_is_recognised_by_its_keys():
    assert detect(vllm_result("b", 1, 100, 20, 7)) == "vllm"
    assert detect(genai_perf_result(1, 100, 20, 7)) == "genai-perf"
    assert detect(aiperf_result(1, 100, 20, 7)) == "aiperf"
    assert detect(guidellm_report(BASE)) == "guidellm"
    assert detect(llmperf_summary(1, 100, 20, 7)) == "llmperf"
    assert detect({"hello": 1}) is None


def test_vllm_json_is_read_with_units_and_operating_point(tmp_path):
    f = write(tmp_path / "r.json", vllm_result("spec", 8, 950.0, 40.0, 8.3, metadata={"feature": "on"}))
    (run,) = read_file(f)
    assert run.tool == "vllm" and run.label == "spec" and run.label_origin == "file"
    assert run.axis == "concurrency" and run.concurrency == 8
    assert run.model == MODEL
    assert run.metrics["output_throughput"] == 950.0
    assert run.metrics["ttft_p50"] == 40.0 and run.metrics["ttft_p99"] == pytest.approx(64.0)
    assert run.metrics["itl_p50"] == 8.3 and run.metrics["tpot_p50"] == 8.3
    assert run.metrics["goodput"] == pytest.approx(950 / 256 * 0.97)
    assert run.metadata == {"feature": "on"}
    assert run.input_len == 1024 and run.output_len == 256


def test_vllm_jsonl_from_append_result_gives_one_run_per_line(tmp_path):
    lines = [json.dumps(vllm_result("baseline", c, BASE["tp"][i], BASE["ttft"][i], BASE["itl"][i]))
             for i, c in enumerate(POINTS)]
    f = tmp_path / "baseline.jsonl"
    f.write_text("\n".join(lines) + "\n")
    runs = read_file(str(f))
    assert [r.concurrency for r in runs] == POINTS
    assert [r.entry for r in runs] == [0, 1, 2, 3]


def test_vllm_rate_and_offline_runs(tmp_path):
    (rate_run,) = read_file(write(tmp_path / "a.json", vllm_result("b", 1, 500, 30, 9, rate=4.0, max_conc=None)))
    assert rate_run.axis == "request_rate" and rate_run.request_rate == 4.0
    (off,) = read_file(write(tmp_path / "b.json", vllm_result("b", 64, 5000, 300, 20, max_conc=None)))
    assert off.offline and off.concurrency == 64  # max_concurrent_requests


def test_genai_perf_export_reads_concurrency_from_input_config_or_folder(tmp_path):
    (run,) = read_file(write(tmp_path / "baseline" / "profile_export_genai_perf.json",
                             genai_perf_result(32, 2900.0, 90.0, 10.8)))
    assert run.tool == "genai-perf" and run.concurrency == 32 and run.model == MODEL
    assert run.label == "baseline" and run.label_origin == "path"
    assert run.metrics["output_throughput"] == 2900.0
    assert run.metrics["itl_p50"] == 10.8 and run.metrics["ttft_p99"] == pytest.approx(144.0)
    # older exports without concurrency in input_config: the artifact folder names it
    d = tmp_path / "optimised" / "Llama-3.1-8B-Instruct-openai-completions-concurrency16"
    (run2,) = read_file(write(d / "profile_export_genai_perf.json",
                              genai_perf_result(16, 2000.0, 60.0, 9.0, with_conc=False)))
    assert run2.concurrency == 16 and run2.label == "optimised"
    assert any("folder" in n for n in run2.notes)


def test_aiperf_export(tmp_path):
    (run,) = read_file(write(tmp_path / "optimised" / "aiperf-c8" / "profile_export_aiperf.json",
                             aiperf_result(8, 1700.0, 45.0, 4.6)))
    assert run.tool == "aiperf" and run.concurrency == 8 and run.model == MODEL
    assert run.label == "optimised"
    assert run.metrics["goodput"] == pytest.approx(1700 / 256 * 0.9)
    assert run.metrics["e2e_p50"] == pytest.approx(45 + 255 * 4.6)


def test_guidellm_report_gives_one_run_per_benchmark(tmp_path):
    runs = read_file(write(tmp_path / "baseline" / "benchmarks.json", guidellm_report(BASE)))
    assert [r.concurrency for r in runs] == POINTS  # synchronous -> 1, concurrent -> streams
    assert all(r.tool == "guidellm" and r.label == "baseline" and r.model == MODEL for r in runs)
    assert runs[2].metrics["output_throughput"] == 2900.0
    assert runs[2].metrics["ttft_p99"] == pytest.approx(144.0)
    assert runs[2].metrics["e2e_p50"] == pytest.approx(90 + 255 * 10.8)  # seconds -> ms
    assert runs[2].metrics["tpot_p50"] == 10.8


def test_guidellm_rate_strategies(tmp_path):
    rep = guidellm_report(BASE, points=[1, 8])
    rep["benchmarks"][1]["config"]["strategy"] = {"type_": "poisson", "rate": 2.5}
    runs = read_file(write(tmp_path / "g.json", rep))
    assert runs[1].axis == "request_rate" and runs[1].request_rate == 2.5


def test_llmperf_summary_converts_seconds(tmp_path):
    (run,) = read_file(write(tmp_path / "optimised" / "llmperf-c32" / "m_1024_256_summary.json",
                             llmperf_summary(32, 2800.0, 95.0, 11.2)))
    assert run.tool == "llmperf" and run.concurrency == 32 and run.label == "optimised"
    assert run.metrics["ttft_p50"] == pytest.approx(95.0)
    assert run.metrics["output_throughput"] == 2800.0
    assert any("includes TTFT" in n for n in run.notes)


# --------------------------------------------------------------------------- bad files


def test_truncated_json_names_the_file(tmp_path):
    f = tmp_path / "cut.json"
    f.write_text(json.dumps(vllm_result("b", 1, 100, 20, 7))[:200])
    with pytest.raises(MeasureError) as e:
        read_file(str(f))
    assert str(f) in e.value.message and "not valid JSON" in e.value.message
    assert "\n" not in e.value.message


def test_truncated_jsonl_line_names_the_line(tmp_path):
    f = tmp_path / "cut.jsonl"
    good = json.dumps(vllm_result("b", 1, 100, 20, 7))
    f.write_text(good + "\n" + good[:100] + "\n")
    with pytest.raises(MeasureError, match=r"cut\.jsonl: line 2 is not valid JSON"):
        read_file(str(f))


def test_unknown_format_lists_keys(tmp_path):
    f = write(tmp_path / "x.json", {"foo": 1, "bar": 2})
    with pytest.raises(MeasureError, match=r"x\.json: unknown result format \(top-level keys: bar, foo\)"):
        read_file(f)


def test_companion_files_get_a_pointer_to_the_right_file(tmp_path):
    f = write(tmp_path / "r.pytorch.json", [{"benchmark": {"name": "vLLM benchmark"}, "model": {}, "metric": {}}])
    with pytest.raises(MeasureError, match="PyTorch-format companion"):
        read_file(f)
    g = write(tmp_path / "m_individual_responses.json", [{"ttft_s": 0.1, "end_to_end_latency_s": 1.0}])
    with pytest.raises(MeasureError, match="_summary.json"):
        read_file(g)


@pytest.mark.parametrize("writer,drop,what", [
    (lambda: vllm_result("b", 1, 100, 20, 7), "output_throughput", "missing output_throughput"),
    (lambda: llmperf_summary(4, 100, 20, 7), "num_concurrent_requests", "missing num_concurrent_requests"),
])
def test_missing_keys_are_named(tmp_path, writer, drop, what):
    d = writer()
    del d[drop]
    f = write(tmp_path / "r.json", d)
    with pytest.raises(MeasureError, match=what):
        read_file(f)


def test_missing_keys_in_nested_formats(tmp_path):
    d = genai_perf_result(1, 100, 20, 7, with_conc=False)
    f = write(tmp_path / "flat" / "profile_export_genai_perf.json", d)
    with pytest.raises(MeasureError, match="no concurrency or request rate"):
        read_file(f)
    d = aiperf_result(1, 100, 20, 7)
    d["output_token_throughput"] = {"unit": "tokens/sec"}
    d["time_to_first_token"]["avg"] = 1.0
    with pytest.raises(MeasureError, match="missing output_token_throughput.avg"):
        read_file(write(tmp_path / "a.json", d))
    rep = guidellm_report(BASE)
    del rep["benchmarks"][0]["config"]["strategy"]
    with pytest.raises(MeasureError, match="benchmark 1 is missing config.strategy"):
        read_file(write(tmp_path / "g.json", rep))


def test_mixed_models_are_refused(tmp_path):
    a = write(tmp_path / "a.json", vllm_result("baseline", 1, 100, 20, 7))
    b = write(tmp_path / "b.json", vllm_result("optimised", 1, 200, 20, 4, model="Qwen/Qwen2.5-7B-Instruct"))
    with pytest.raises(MeasureError) as e:
        load_measured([a, b])
    assert "mixed models" in e.value.message and "a.json" in e.value.message and "b.json" in e.value.message


def test_missing_and_empty_files(tmp_path):
    with pytest.raises(MeasureError, match="no such file"):
        load_measured([str(tmp_path / "nope.json")])
    (tmp_path / "empty.json").write_text("")
    with pytest.raises(MeasureError, match="empty file"):
        load_measured([str(tmp_path / "empty.json")])


# --------------------------------------------------------------------------- curves, pairs, crossover


def test_vllm_curves_pair_and_crossover(tmp_path):
    ms = load_measured(write_vllm_set(tmp_path))
    assert ms.model == MODEL and ms.baseline == "baseline"
    assert ms.labels() == ["baseline", "optimised"]
    assert ms.curve("baseline").ops == POINTS
    (pr,) = ms.pairs
    assert (pr.baseline, pr.optimised, pr.axis) == ("baseline", "optimised", "concurrency")
    got = [y for _, y in pr.series("throughput")]
    assert got == pytest.approx(SPEEDUP)
    assert [y for _, y in pr.series("itl")] == pytest.approx([b / o for b, o in zip(BASE["itl"], OPT["itl"])])
    assert pr.crossover["throughput"] == pytest.approx(_xover())
    assert 8 < pr.crossover["throughput"] < 32


@pytest.mark.parametrize("tool", ["genai-perf", "aiperf", "guidellm", "llmperf", "vllm-jsonl"])
def test_every_tool_gives_the_same_measured_speedup(tmp_path, tool):
    files = []
    for label, v in (("baseline", BASE), ("optimised", OPT)):
        if tool == "guidellm":
            files.append(write(tmp_path / label / "benchmarks.json", guidellm_report(v)))
            continue
        if tool == "vllm-jsonl":
            f = tmp_path / f"{label}.jsonl"
            f.write_text("\n".join(json.dumps(vllm_result(label, c, v["tp"][i], v["ttft"][i], v["itl"][i]))
                                   for i, c in enumerate(POINTS)))
            files.append(str(f))
            continue
        for i, c in enumerate(POINTS):
            args = (c, v["tp"][i], v["ttft"][i], v["itl"][i])
            if tool == "genai-perf":
                files.append(write(tmp_path / label / f"genai-perf-c{c}" / "profile_export_genai_perf.json",
                                   genai_perf_result(*args)))
            elif tool == "aiperf":
                files.append(write(tmp_path / label / f"aiperf-c{c}" / "profile_export_aiperf.json",
                                   aiperf_result(*args)))
            else:
                files.append(write(tmp_path / label / f"llmperf-c{c}" / "x_1024_256_summary.json",
                                   llmperf_summary(*args)))
    ms = load_measured(files)
    (pr,) = ms.pairs
    assert [x for x, _ in pr.series("throughput")] == POINTS
    assert [y for _, y in pr.series("throughput")] == pytest.approx(SPEEDUP)
    assert [y for _, y in pr.series("ttft")] == pytest.approx([b / o for b, o in zip(BASE["ttft"], OPT["ttft"])])
    assert pr.crossover["throughput"] == pytest.approx(_xover())


def test_folder_is_searched_and_other_json_skipped(tmp_path):
    write_vllm_set(tmp_path / "results")
    write(tmp_path / "results" / "baseline" / "vllm-c1.pytorch.json", [{"benchmark": {}, "metric": {}}])
    write(tmp_path / "results" / "optimised" / "inputs.json", {"data": []})
    write(tmp_path / "results" / "optimised" / "profile_export.json", {"experiments": [], "version": "x"})
    ms = load_measured([str(tmp_path / "results")])
    assert len(ms.runs) == 8 and len(ms.pairs) == 1


def test_runs_differing_only_by_a_metadata_flag_are_paired(tmp_path):
    files = []
    for v, flag in ((BASE, "off"), (OPT, "on")):
        for i, c in enumerate(POINTS):
            d = vllm_result(None, c, v["tp"][i], v["ttft"][i], v["itl"][i], metadata={"spec": flag})
            files.append(write(tmp_path / f"spec-{flag}-c{c}.json", d))
    ms = load_measured(files)
    assert sorted(ms.labels()) == ["spec=off", "spec=on"]
    assert ms.baseline == "spec=off"
    assert [y for _, y in ms.pairs[0].series("throughput")] == pytest.approx(SPEEDUP)


def test_baseline_can_be_named_and_unknown_baseline_is_an_error(tmp_path):
    files = write_vllm_set(tmp_path, labels=("stock", "eagle3"))
    assert load_measured(files).baseline == "stock"
    ms = load_measured(files, baseline="eagle3")
    assert ms.pairs[0].baseline == "eagle3"
    assert ms.pairs[0].series("throughput")[0][1] == pytest.approx(1 / SPEEDUP[0])
    with pytest.raises(MeasureError, match="--baseline nope: no runs with that label"):
        load_measured(files, baseline="nope")


def test_points_only_one_label_measured_are_left_out_with_a_note(tmp_path):
    files = write_vllm_set(tmp_path)
    files.append(write(tmp_path / "baseline" / "vllm-c128.json", vllm_result("baseline", 128, 5000, 300, 20)))
    (pr,) = load_measured(files).pairs
    assert [x for x, _ in pr.series("throughput")] == POINTS
    assert any("128" in n for n in pr.notes)


def test_repeated_runs_at_one_point_are_averaged(tmp_path):
    files = write_vllm_set(tmp_path)
    files.append(write(tmp_path / "again.json", vllm_result("baseline", 1, 150.0, 25, 7.5)))
    ms = load_measured(files)
    p1 = ms.curve("baseline").points[0]
    assert p1.runs == 2 and p1.metrics["output_throughput"] == pytest.approx(140.0)


def test_measured_points_for_calibration(tmp_path):
    pts = measured_points(load_measured(write_vllm_set(tmp_path)))
    assert len(pts) == 8
    b1 = next(p for p in pts if p.label == "baseline" and p.op == 1)
    assert b1.metrics["itl_p50"] == 7.5 and b1.metrics["output_throughput"] == 130.0


def test_interpolation_on_log_concurrency_and_no_extrapolation():
    s = [(1.0, 2.0), (4.0, 1.0)]
    assert interpolate(s, 2.0) == pytest.approx(1.5)  # halfway on log2
    assert interpolate(s, 4.0) == 1.0
    assert interpolate(s, 0.5) is None and interpolate(s, 8.0) is None
    assert crossover([(1, 2.0), (4, 1.5), (16, 0.5)]) == pytest.approx(8.0)
    assert crossover([(1, 0.8), (4, 1.2)]) == pytest.approx(2.0)  # compute wins cross upward
    assert crossover([(1, 2.0), (4, 1.5)]) is None


# --------------------------------------------------------------------------- claims vs measurement


def test_unstated_claim_is_compared_at_one_and_at_the_reader(tmp_path):
    ms = load_measured(write_vllm_set(tmp_path))
    c = claim(2.5)
    attach_measured([c], ms, Settings(concurrency=64))
    m = c.measured
    assert m is not None
    assert m.at_claim == pytest.approx(SPEEDUP[0], abs=1e-3) and m.at_claim_op == 1
    assert m.at_reader == pytest.approx(SPEEDUP[3], abs=1e-3) and m.at_reader_op == 64
    assert m.crossover == pytest.approx(_xover(), abs=0.01)
    assert m.below_margin is True
    assert m.label == "optimised vs baseline"
    assert "vllm-c1.json" in m.source
    assert describe(c) == "claimed 2.5x (concurrency 1, assumed) — measured 2.31x at 1, 0.79x at 64"


def test_claim_that_holds_at_the_reader_is_not_below_margin(tmp_path):
    ms = load_measured(write_vllm_set(tmp_path))
    c = claim(1.9, op_kind="concurrency", op_value=8, op_source="sentence")
    attach_measured([c], ms, Settings(concurrency=4))
    assert c.measured.at_claim == pytest.approx(SPEEDUP[1], abs=1e-3)
    # reader at 4: between 1 and 8 on log2, two thirds of the way
    expect = SPEEDUP[0] + (2 / 3) * (SPEEDUP[1] - SPEEDUP[0])
    assert c.measured.at_reader == pytest.approx(expect, abs=1e-3)
    assert c.measured.below_margin is False  # 1.96 >= 1.9 * 0.85
    assert describe(c) == "claimed 1.9x (concurrency 8) — measured 1.79x at 8, 1.96x at 4"


def test_margin_comes_from_settings(tmp_path):
    ms = load_measured(write_vllm_set(tmp_path))
    c = claim(2.5, op_kind="single", op_value=1, op_source="sentence")
    attach_measured([c], ms, Settings(concurrency=1, measured_margin=0.05))
    assert c.measured.at_reader == pytest.approx(2.31, abs=0.01)
    assert c.measured.below_margin is True  # 2.31 < 2.5 * 0.95
    attach_measured([c], ms, Settings(concurrency=1, measured_margin=0.15))
    assert c.measured.below_margin is False
    assert describe(c) == "claimed 2.5x (concurrency 1) — measured 2.31x at 1"


def test_latency_claims_use_latency_ratios(tmp_path):
    ms = load_measured(write_vllm_set(tmp_path))
    itl = claim(1 / 0.46, metric="itl", op_kind="single", op_value=1, op_source="sentence")
    ttft = claim(1.2, metric="ttft", op_kind="concurrency", op_value=32, op_source="table")
    p99 = claim(2.0, metric="itl", op_kind="single", op_value=1, op_source="sentence", percentile="p99")
    attach_measured([itl, ttft, p99], ms, Settings(concurrency=32))
    assert itl.measured.at_claim == pytest.approx(7.5 / 3.2, abs=1e-3)
    assert itl.measured.at_reader == pytest.approx(10.8 / 11.2, abs=1e-3)
    assert ttft.measured.at_claim == pytest.approx(90 / 95, abs=1e-3)
    assert p99.measured.at_claim == pytest.approx(7.5 / 3.2, abs=1e-3)  # p99 = 1.6x p50 on both sides
    assert describe(itl).startswith("claimed 2.17x ITL (concurrency 1) — measured 2.34x at 1, 0.96x at 32")


def test_claims_outside_the_measured_range_are_not_extrapolated(tmp_path):
    files = [f for f in write_vllm_set(tmp_path) if not f.endswith("-c1.json")]
    ms = load_measured(files)
    c = claim(2.5)
    attach_measured([c], ms, Settings(concurrency=128))
    assert c.measured.at_claim is None and c.measured.at_reader is None
    assert "outside the measured range 8-64" in c.measured.note
    assert "not extrapolated" in c.measured.note
    assert c.measured.below_margin is False
    assert describe(c) == "claimed 2.5x (concurrency 1, assumed) — measured n/a at 1, n/a at 128"


def test_batch_size_offline_and_rate_claims(tmp_path):
    ms = load_measured(write_vllm_set(tmp_path))
    bs = claim(1.8, op_kind="batch_size", op_value=8, op_source="sentence")
    off = claim(1.2, op_kind="offline", op_source="document")
    rate = claim(1.5, op_kind="request_rate", op_value=2, op_source="sentence")
    attach_measured([bs, off, rate], ms, Settings(concurrency=32))
    assert bs.measured.at_claim == pytest.approx(SPEEDUP[1], abs=1e-3)
    assert "batch size 8 read as concurrency 8" in bs.measured.note
    assert off.measured.at_claim_op == 64 and off.measured.at_claim == pytest.approx(SPEEDUP[3], abs=1e-3)
    assert rate.measured.at_claim is None and "request rate" in rate.measured.note
    assert rate.measured.at_reader is not None


def test_metrics_the_measurement_cannot_answer_are_left_alone(tmp_path):
    ms = load_measured(write_vllm_set(tmp_path))
    mem = claim(3.2, metric="memory")
    attach_measured([mem], ms, Settings())
    assert mem.measured is None
    assert describe(mem).endswith("— not measured")


def test_technique_picks_the_matching_variant(tmp_path):
    files = write_vllm_set(tmp_path, labels=("baseline", "fp8-kv"))
    for i, c in enumerate(POINTS):  # a second variant: speculative decoding, worse under load
        files.append(write(tmp_path / "eagle3" / f"vllm-c{c}.json",
                           vllm_result("eagle3", c, BASE["tp"][i] * (3.0 - i * 0.7), 20, 5)))
    ms = load_measured(files)
    assert len(ms.pairs) == 2
    spec = claim(3.0, technique="speculative-decoding")
    kv = claim(2.0, technique="kv-cache-quantization")
    attach_measured([spec, kv], ms, Settings(concurrency=32))
    assert spec.measured.label == "eagle3 vs baseline" and spec.measured.at_claim == pytest.approx(3.0)
    assert kv.measured.label == "fp8-kv vs baseline"


def test_single_label_gives_curves_but_no_comparison(tmp_path):
    files = write_vllm_set(tmp_path)[:4]
    ms = load_measured(files)
    assert ms.pairs == [] and any("only one label" in n for n in ms.notes)
    c = claim(2.0)
    attach_measured([c], ms, Settings())
    assert c.measured is None


def test_unlabelled_vllm_files_in_one_folder_are_labelled_from_their_names(tmp_path):
    """vllm's default file name is {label or backend}-{rate}qps-concurrency{N}-{model}-{date}.json."""
    files = []
    for prefix, v in (("stock", BASE), ("eagle", OPT)):
        for i, c in enumerate(POINTS):
            d = vllm_result(None, c, v["tp"][i], v["ttft"][i], v["itl"][i])
            files.append(write(tmp_path / f"{prefix}-infqps-concurrency{c}-Llama-3.1-8B-Instruct-20250101-1200{i:02d}.json", d))
    ms = load_measured([str(tmp_path)])
    assert sorted(ms.labels()) == ["eagle", "stock"] and ms.baseline == "stock"
    assert [y for _, y in ms.pairs[0].series("throughput")] == pytest.approx(SPEEDUP)


def test_runs_with_different_workloads_are_flagged(tmp_path):
    files = write_vllm_set(tmp_path)
    d = json.loads(Path(files[-1]).read_text())
    d["total_output_tokens"] = 128 * d["completed"]
    Path(files[-1]).write_text(json.dumps(d))
    (pr,) = load_measured(files).pairs
    assert any("output len differs at concurrency 64: 256 (baseline) vs 128 (optimised)" in n for n in pr.notes)


from hypothesis import given, settings as hsettings, strategies as st  # noqa: E402


@hsettings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([1, 2, 4, 8, 16, 32, 64, 128, 256]),
                          st.floats(0.05, 5.0, allow_nan=False)), min_size=2, max_size=9,
                unique_by=lambda t: t[0]),
       st.floats(0.5, 300.0, allow_nan=False))
def test_interpolation_stays_between_neighbours_and_crossover_between_points(series, x):
    pts = sorted(series)
    y = interpolate(pts, x)
    if x < pts[0][0] or x > pts[-1][0]:
        assert y is None
    else:
        lo = max(p for p in pts if p[0] <= x)
        hi = min(p for p in pts if p[0] >= x)
        assert min(lo[1], hi[1]) - 1e-9 <= y <= max(lo[1], hi[1]) + 1e-9
    cx = crossover(pts)
    if cx is not None:
        assert pts[0][0] <= cx <= pts[-1][0]
        assert interpolate(pts, cx) == pytest.approx(1.0, abs=1e-6)
