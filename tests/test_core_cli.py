"""The core promises of issue 2, as a user sees them through the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
import venv
from pathlib import Path

import jsonschema
import pytest

from conftest import ROOT, run_auditor

EAGLE = "# Notes\n\nEAGLE-3 makes decoding 2.5x faster on H100.\n"


def _json(proc) -> dict:
    assert proc.stdout, proc.stderr.decode()
    return json.loads(proc.stdout)


def test_eagle_claim_findings_exit_code_and_schema(tmp_path: Path) -> None:
    doc = tmp_path / "eagle.md"
    doc.write_text(EAGLE)
    proc = run_auditor("check", str(doc), "--format", "json", cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr.decode()
    report = _json(proc)
    [f] = report["files"]
    [c] = f["claims"]
    assert (c["value"], c["unit"], c["technique"], c["mechanism"], c["op_kind"], c["op_source"]) == (
        2.5, "x", "speculative-decoding", "per-token", "unstated", "assumed")
    assert (c["line"], c["column"]) == (3, 24)
    rules = {x["rule"] for x in f["findings"]}
    assert {"OP001", "OP003"} <= rules
    schema = json.loads(run_auditor("schema").stdout)
    jsonschema.validate(report, schema)


def test_installed_wheel_works_from_another_directory(tmp_path: Path) -> None:
    """`pip install .` (not editable) ships rules/ as package data; run outside the checkout."""
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    py = env_dir / "bin" / "python"
    # the dependencies come from this test run's environment (a .pth line, whose own .pth files,
    # the editable checkout among them, are not processed); the package itself is a real wheel install
    site = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    outer = [p for p in sys.path if p.endswith("site-packages")]
    Path(site, "_outer_deps.pth").write_text("\n".join(outer) + "\n")
    proc = subprocess.run([str(py), "-m", "pip", "install", "-q", "--no-deps", str(ROOT)],
                          capture_output=True, timeout=600)
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]
    work = tmp_path / "elsewhere"
    work.mkdir()
    (work / "post.md").write_text(EAGLE)
    proc = subprocess.run([str(env_dir / "bin" / "auditor"), "check", "post.md", "--format", "json"],
                          cwd=work, capture_output=True, timeout=120)
    assert proc.returncode == 1, proc.stderr.decode()
    report = json.loads(proc.stdout)
    origin = subprocess.run([str(py), "-c", "import auditor, auditor.paths as p; print(auditor.__file__); "
                             "print(p.rules_dir())"], cwd=work, capture_output=True, text=True)
    pkg_file, rules_dir = origin.stdout.split()
    assert str(ROOT) not in pkg_file and str(ROOT) not in rules_dir
    assert {x["rule"] for x in report["files"][0]["findings"]} >= {"OP001", "OP003"}


def test_fp8_kv_sentence_reads_op_from_sentence(tmp_path: Path) -> None:
    doc = tmp_path / "kv.md"
    doc.write_text("At 64 concurrent requests, FP8 KV cache raises throughput by 14.9% over BF16 "
                   "on Llama-3.1-8B.\n")
    report = _json(run_auditor("check", str(doc), "--format", "json"))
    [c] = report["files"][0]["claims"]
    assert (c["op_kind"], c["op_value"], c["op_source"]) == ("concurrency", 64, "sentence")
    assert (c["mechanism"], c["metric"], c["baseline"], c["technique"]) == (
        "residency", "throughput", "BF16", "kv-cache-quantization")
    assert abs(c["ratio"] - 1.149) < 1e-9
    assert "OP001" not in {f["rule"] for f in report["files"][0]["findings"]}


def test_markdown_table_ops_from_column(tmp_path: Path) -> None:
    doc = tmp_path / "t.md"
    doc.write_text("# EAGLE on H100\n\n| Batch size | Speedup |\n|---|---|\n| 1 | 2.4x |\n| 64 | 1.1x |\n")
    claims = _json(run_auditor("check", str(doc), "--format", "json"))["files"][0]["claims"]
    assert [(c["op_kind"], c["op_value"], c["op_source"], c["value"], c["line"]) for c in claims] == [
        ("batch_size", 1, "table", 2.4, 5), ("batch_size", 64, "table", 1.1, 6)]


def test_decoys_only_gives_no_claims_and_exit_0(tmp_path: Path) -> None:
    doc = tmp_path / "decoys.md"
    doc.write_text(
        "# vLLM v0.6.2 release (2024-09-05)\n\n"
        "Runs Llama-3.1-70B and Llama-3.1-8B on 8xH100 or 4×A100 with 4-bit AWQ or FP8 weights and a 128k "
        "context window. Pricing starts at $2.49/hour. MMLU accuracy stays at 82.1%, the draft acceptance "
        "rate is 70 %, and 30 % of requests hit the prefix cache. See [12] and issue #1440; "
        "set gpu_memory_utilization=0.9. p99 latency is reported in table 3.\n")
    proc = run_auditor("check", str(doc), "--format", "json")
    assert proc.returncode == 0, proc.stdout.decode()
    assert _json(proc)["files"][0]["claims"] == []


def _write(d: Path, name: str, data: bytes) -> Path:
    (d / name).write_bytes(data)
    return d / name


def _empty_dir(d: Path) -> Path:
    (d / "empty_dir").mkdir()
    (d / "empty_dir" / "image.png").write_bytes(b"\x89PNG")
    return d / "empty_dir"


@pytest.mark.parametrize("make,needle", [
    (lambda d: d / "missing.md", "no such file"),
    (_empty_dir, "no text"),
    (lambda d: _write(d, "bin.md", b"\x89PNG\x00\x01\x02binary"), "binary"),
    # damaged UTF-8 (valid multi-byte text, then a broken sequence); plain Latin-1 is decoded instead
    (lambda d: _write(d, "bad.md", "EAGLE is 2× faster — ".encode() + b"\xe2\x80 oops \xff"), "UTF-8"),
])
def test_bad_input_is_one_line_exit_2_and_others_still_checked(tmp_path: Path, make, needle: str) -> None:
    bad = make(tmp_path)
    good = tmp_path / "good.md"
    good.write_text(EAGLE)
    proc = run_auditor("check", str(bad), str(good), "--format", "json")
    assert proc.returncode == 2
    err = proc.stderr.decode()
    assert "Traceback" not in err
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1 and str(bad) in lines[0] and needle.lower() in lines[0].lower(), err
    files = _json(proc)["files"]
    assert files[0]["error"] and files[1]["error"] is None and len(files[1]["claims"]) == 1


def test_text_output_is_linter_like(tmp_path: Path) -> None:
    doc = tmp_path / "eagle.md"
    doc.write_text(EAGLE)
    out = run_auditor("check", str(doc), "--no-predict").stdout.decode()
    assert f"{doc}:3:24 warning OP001" in out
    assert "EAGLE-3 makes decoding 2.5x faster on H100." in out
    assert " " * 23 + "^^^^" in out
    assert "op: concurrency 1, assumed" in out and "mechanism: per-token" in out
    assert "Checked 1 file" in out


def test_stdin_and_fail_on_never(tmp_path: Path) -> None:
    proc = run_auditor("check", "-", "--fail-on", "never", "--format", "json", stdin=EAGLE)
    assert proc.returncode == 0
    assert _json(proc)["files"][0]["claims"][0]["value"] == 2.5


def test_directory_recursion_by_extension(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "x.md").write_text(EAGLE)
    (tmp_path / "a" / "y.txt").write_text("Prefix caching cuts TTFT by 40% at concurrency 16 on H100.\n")
    (tmp_path / "a" / "z.png").write_bytes(b"\x89PNG\x00")
    files = _json(run_auditor("check", str(tmp_path), "--format", "json"))["files"]
    assert sorted(Path(f["path"]).name for f in files) == ["x.md", "y.txt"]


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    assert run_auditor("check").returncode == 2
    assert run_auditor("check", "x.md", "--fail-on", "sometimes").returncode == 2
    proc = run_auditor("explain", "OP999")
    assert proc.returncode == 2 and "unknown rule" in proc.stderr.decode()


def test_version_and_rules_and_explain() -> None:
    assert run_auditor("--version").stdout.decode().startswith("claim-auditor ")
    rules = run_auditor("rules").stdout.decode()
    for i in range(1, 10):
        assert f"OP00{i}" in rules
    text = run_auditor("explain", "OP001").stdout.decode()
    assert "Why it matters" in text and "Example that fires" in text and "Example that passes" in text


def test_whole_corpus_checks_with_predictions() -> None:
    """Every corpus document through `check` with the fade model on: no crash, JSON out, predictions made."""
    proc = run_auditor("check", "corpus/dev", "corpus/test", "--format", "json", "--fail-on", "never",
                       timeout=600)
    assert proc.returncode == 0, proc.stderr.decode()[-3000:]
    report = json.loads(proc.stdout)
    claims = [c for f in report["files"] for c in f["claims"]]
    assert len(claims) > 500 and not any(f["error"] for f in report["files"])
    predicted = [c for c in claims if c["prediction"]]
    assert len(predicted) > 0.8 * len(claims)
    for c in predicted:
        curve = c["prediction"]["curve"]
        assert curve and all(p["low"] <= p["speedup"] + 1e-9 and p["speedup"] <= p["high"] + 1e-9 for p in curve)


def test_parallel_run_reports_the_same_as_serial(tmp_path: Path) -> None:
    """More than 8 files run on all cores by default; the report is the same, in input order."""
    for i in range(12):
        (tmp_path / f"post{i:02}.md").write_text(f"# Post {i}\n\nEAGLE-3 is {1 + i / 10:.1f}x faster at batch size {i + 1}.\n")
    (tmp_path / "broken.md").write_bytes(b"\x00\x01binary")
    auto = run_auditor("check", str(tmp_path), "--format", "json", "--no-predict")
    serial = run_auditor("check", str(tmp_path), "--format", "json", "--no-predict", "-j", "1")
    assert auto.returncode == serial.returncode == 2
    a, s = json.loads(auto.stdout), json.loads(serial.stdout)
    assert a["files"] == s["files"] and len(a["files"]) == 13
    assert [Path(f["path"]).name for f in a["files"]][:2] == ["broken.md", "post00.md"]
