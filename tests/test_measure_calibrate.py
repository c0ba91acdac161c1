"""Measured results as calibration input, and refitted efficiency factors saved to the config."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest

from auditor.config import resolve_settings
from auditor.measure import MeasureError, load_measured
from auditor.measure.calibrate import baseline_points, calibration_rows, save_efficiency

sys.path.insert(0, str(Path(__file__).parent))
from test_measure_writers import SPEEDUP, write_vllm_set  # noqa: E402


def test_calibration_rows_and_baseline_points(tmp_path):
    ms = load_measured(write_vllm_set(tmp_path))
    rows = calibration_rows(ms, hardware="h100-sxm", technique="speculative-decoding")
    tp = [r for r in rows if r["metric"] == "output throughput"]
    assert [r["op"] for r in tp] == [f"concurrency={c} (1024/256 in/out)" for c in (1, 8, 32, 64)]
    assert [r["ratio"] for r in tp] == pytest.approx(SPEEDUP, abs=1e-4)
    assert all(r["ver"] == "M" and r["hw"] == "h100-sxm" for r in rows)
    assert all(r["tech"] == "speculative decoding (optimised)" for r in rows)
    pts = baseline_points(ms)
    assert pts[0]["concurrency"] == 1 and pts[0]["itl_p50_ms"] == 7.5 and pts[0]["output_throughput"] == 130.0
    assert pts[0]["input_len"] == 1024 and pts[0]["output_len"] == 256


def test_save_efficiency_new_file_is_read_back_by_the_config(tmp_path):
    f = save_efficiency({"bandwidth": 0.81, "step_overhead_ms": 0.7}, tmp_path / ".auditor.toml")
    assert tomllib.loads(f.read_text()) == {"efficiency": {"bandwidth": 0.81, "step_overhead_ms": 0.7}}
    settings, sources = resolve_settings(tmp_path, {})
    assert settings.efficiency == {"bandwidth": 0.81, "step_overhead_ms": 0.7}


def test_save_efficiency_keeps_the_rest_of_the_file(tmp_path):
    f = tmp_path / ".auditor.toml"
    f.write_text('# my settings\nconcurrency = 48\n\n[efficiency]\nbandwidth = 0.9\ncompute = 0.5\n\n'
                 '[severity]\nOP002 = "warning"\n')
    save_efficiency({"bandwidth": 0.77}, f)
    text = f.read_text()
    assert text.startswith("# my settings\nconcurrency = 48\n")
    d = tomllib.loads(text)
    assert d["efficiency"] == {"bandwidth": 0.77, "compute": 0.5}
    assert d["severity"] == {"OP002": "warning"} and d["concurrency"] == 48
    settings, _ = resolve_settings(tmp_path, {})
    assert settings.concurrency == 48 and settings.efficiency["bandwidth"] == 0.77


def test_save_efficiency_under_tool_auditor(tmp_path):
    f = tmp_path / "pyproject.toml"
    f.write_text('[project]\nname = "x"\n\n[tool.auditor]\nconcurrency = 16\n\n[tool.ruff]\nline-length = 100\n')
    save_efficiency({"compute": 0.55}, f)
    d = tomllib.loads(f.read_text())
    assert d["tool"]["auditor"]["efficiency"] == {"compute": 0.55}
    assert d["tool"]["ruff"] == {"line-length": 100} and d["project"] == {"name": "x"}
    settings, _ = resolve_settings(tmp_path, {})
    assert settings.concurrency == 16 and settings.efficiency == {"compute": 0.55}


def test_save_efficiency_refuses_broken_toml(tmp_path):
    f = tmp_path / ".auditor.toml"
    f.write_text("concurrency = [\n")
    with pytest.raises(MeasureError, match="not valid TOML"):
        save_efficiency({"bandwidth": 0.8}, f)
    assert f.read_text() == "concurrency = [\n"


def test_refit_from_measured_saves_the_fitted_factors(tmp_path):
    """The reader's own speedups go through the predictor's grid search; the result lands in the config."""
    pytest.importorskip("auditor.predict.calibration")
    from auditor.measure.calibrate import refit_from_measured

    ms = load_measured([str(Path(__file__).parent / "data" / "measured" / "spec-decode")])
    grid = {"bandwidth": (0.8, 0.9), "step_overhead_ms": (0.5, 1.0)}
    factors, result, written = refit_from_measured(ms, "h100-sxm", "speculative-decoding",
                                                   config=tmp_path / ".auditor.toml", grid=grid)
    assert set(factors) == {"bandwidth", "step_overhead_ms"}
    assert factors["bandwidth"] in (0.8, 0.9) and factors["step_overhead_ms"] in (0.5, 1.0)
    assert len(result.points) == 5 and not result.skipped  # every measured point used
    anchor = next(p for p in result.points if p.anchor)
    assert anchor.op_value == 1 and anchor.published == pytest.approx(2.3)
    settings, _ = resolve_settings(tmp_path, {})
    assert settings.efficiency == factors and written == tmp_path / ".auditor.toml"


def test_refit_needs_two_points(tmp_path):
    from auditor.measure.calibrate import refit_from_measured

    files = write_vllm_set(tmp_path)
    ms = load_measured([f for f in files if f.endswith("-c1.json")])
    with pytest.raises(MeasureError, match="two or more concurrencies"):
        refit_from_measured(ms, "h100-sxm", "speculative-decoding")


def test_calibrate_measured_cli_refits_saves_and_check_uses_it(tmp_path):
    """`auditor calibrate --measured FILE...` refits to the reader's runs, writes the config, and a
    later `auditor check` in that folder reports the refitted factors in its effective settings."""
    import json

    from conftest import run_auditor

    files = write_vllm_set(tmp_path / "runs")
    cfg = tmp_path / ".auditor.toml"
    measured = [a for f in files for a in ("--measured", str(f))]
    proc = run_auditor("calibrate", *measured, "--technique", "speculative-decoding",
                       "--hardware", "h100-sxm", "--config", str(cfg), "--no-skipped", timeout=300)
    assert proc.returncode == 0, proc.stderr.decode()
    out = proc.stdout.decode()
    assert "fitted efficiency factors" in out and str(cfg) in out
    saved = tomllib.loads(cfg.read_text())["efficiency"]
    assert saved and all(isinstance(v, float) for v in saved.values())
    doc = tmp_path / "post.md"
    doc.write_text("EAGLE-3 makes decoding 2.5x faster on H100.\n")
    report = json.loads(run_auditor("check", str(doc), "--format", "json", cwd=tmp_path).stdout)
    assert report["config"]["efficiency"] == saved
    bad = run_auditor("calibrate", "--measured", str(tmp_path / "runs"))
    assert bad.returncode == 2 and "--technique" in bad.stderr.decode()
