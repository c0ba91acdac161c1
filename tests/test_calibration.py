"""Calibration of the fade model on the published points: parsing of messy cells and the floors."""

from __future__ import annotations


import pytest
from typer.testing import CliRunner

from auditor.predict.calibration import load_points, parse_op, parse_ratio, run_calibration

# Floors under what the shipped defaults achieve (86.4 % shape, 0.094 median |log err| when written;
# the targets are >= 85 % and <= 0.15). Raise them when the model improves; never lower them.
SHAPE_FLOOR = 0.86
LOG_ERROR_CEILING = 0.10


@pytest.fixture(scope="module")
def result():
    return run_calibration()


def test_calibration_floors(result):
    assert len(result.scored) >= 70
    assert result.shape_accuracy >= SHAPE_FLOOR
    assert result.median_log_error <= LOG_ERROR_CEILING


def test_anchor_points_are_fitted_exactly_and_not_scored(result):
    anchors = [p for p in result.points if p.anchor]
    assert anchors and all(p.predicted == pytest.approx(p.published, rel=1e-3) for p in anchors)
    assert all(not p.anchor for p in result.scored)


def test_every_left_out_row_has_a_reason(result):
    assert result.skipped and all(s.why for s in result.skipped)
    reasons = {s.src: s.why for s in result.skipped}
    assert "range" in reasons["VLLM-OFFLOAD"] or "operating point" in reasons["VLLM-OFFLOAD"]
    assert "operating point" in reasons["VLLM-PEGAFLOW"]


@pytest.mark.parametrize("text,expected", [
    ("FP8 1.40 ; INT8-SQ 1.40", [("FP8", 1.40), ("INT8-SQ", 1.40)]),
    ("1.92 (158,596 vs 82,665)", [("", 1.92)]),
    ("7.22 (avg)", [("", 7.22)]),
    ("INT8 1.27 ; INT4 1.39", [("INT8", 1.27), ("INT4", 1.39)]),
    ("1.149 (thru) ; 1.174 (ITL 15.18->12.93 ms)", [("", 1.149), ("", 1.174)]),
    ("2-22 (grows with prompt length)", [("", None)]),
    ("up to 9", [("", None)]),
    ("up to 6 ; up to -80%", [("", None), ("", None)]),
    ("slope 0.54x of BF16 (=1.85x less per-token KV cost); intercept 6.44->6.58 ms", [("slope", None), ("intercept", None)]),
    ("vs HF 14-24 ; vs TGI 2.2-2.5", [("vs HF", None), ("vs TGI", None)]),
])
def test_parse_ratio(text, expected):
    got = [(p.label, p.value) for p in parse_ratio(text)]
    assert [v for _, v in got] == [v for _, v in expected]
    for (gl, gv), (el, ev) in zip(got, expected):
        if ev is not None:
            assert gl == el


@pytest.mark.parametrize("text,kind,value,inp,out", [
    ("batch=32, prefill 8000", "batch_size", 32, 8000, None),
    ("max concurrency=4, random data (1024/1024 per repro cmd)", "concurrency", 4, 1024, 1024),
    ("2 concurrent req/rank, ISL 65,536 / OSL 4,096", "concurrency", 2, 65536, 4096),
    ("concurrency=8, ~20k in / ~2k out, 150 req", "concurrency", 8, 20000, 2000),
    ("concurrency=1, up to 2048 out", "concurrency", 1, None, 2048),
    ("#prompts=16", "concurrency", 16, None, None),
    ("offline profile_throughput, max batch 256 (13b fp16: 128), 10,000 prompts", "offline", 256, None, None),
    ("production-like trace", None, None, None, None),
])
def test_parse_op(text, kind, value, inp, out):
    op = parse_op(text)
    assert (op["kind"], op["value"], op["input_len"], op["output_len"]) == (kind, value, inp, out)


def test_series_need_two_operating_points():
    points, skipped = load_points()
    by = {}
    for p in points:
        by.setdefault(p.series, set()).add(p.op_value)
    assert all(len(v) >= 2 for v in by.values())
    assert any(s.why.startswith("single operating point") for s in skipped)


def test_calibrate_command_prints_table_and_summary():
    import typer

    from auditor.commands import predict as cmds

    app = typer.Typer()
    app.command("predict")(cmds.predict)
    app.command("calibrate")(cmds.calibrate)
    r = CliRunner().invoke(app, ["calibrate"])
    assert r.exit_code == 0, r.output
    assert "shape accuracy:" in r.output and "median |log error|:" in r.output and "worst series:" in r.output
    r = CliRunner().invoke(app, ["calibrate", "--format", "json"])
    import json

    d = json.loads(r.output)
    assert d["summary"]["shape_accuracy"] >= SHAPE_FLOOR and d["points"] and d["skipped"]
    r = CliRunner().invoke(app, ["calibrate", "--points", "/nonexistent.csv"])
    assert r.exit_code == 2 and "not found" in r.output


def test_long_context_speculation_grows_with_batch(result):
    """MagicDec: a StreamingLLM draft's cost is constant while KV reads grow with batch, so the gain grows."""
    magic = [p for p in result.points if p.src == "MAGICDEC" and not p.anchor]
    assert magic and all(p.pred_shape == "grows" or p.predicted > 1.0 for p in magic)
    assert sum(p.pred_shape == "grows" for p in magic) >= len(magic) - 1

