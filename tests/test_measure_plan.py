"""`auditor plan` and `auditor results` as a user runs them.

The generated plan.sh is checked with `bash -n`, then actually run against stand-in load
generators (small scripts on PATH named vllm, guidellm, genai-perf, aiperf and LLMPerf's
token_benchmark_ray.py) that record their arguments and write a result file in the tool's own
format. `auditor results` then reads what the plan produced: plan -> results -> speedup.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from auditor.commands import measure as measure_cmds
from auditor.measure import load_measured
from auditor.measure.plan import make_plan, plan_points, render_script, render_text

TESTS = Path(__file__).parent

app = typer.Typer()
app.command("plan")(measure_cmds.plan)
app.command("results")(measure_cmds.results)
runner = CliRunner()


def _cli(*args):
    try:
        return runner.invoke(app, list(args), catch_exceptions=False)
    except TypeError:  # older click without mix_stderr
        raise


# --------------------------------------------------------------------------- the plan


def test_three_points_and_extra_points():
    assert plan_points(32) == [1, 32, 64]
    assert plan_points(1) == [1, 2]
    assert plan_points(24, [8, 128, 24]) == [1, 8, 24, 48, 128]


def test_text_plan_names_points_metrics_and_every_tool():
    p = make_plan(32, model="Qwen/Qwen2.5-7B-Instruct", endpoint="http://gpu-box:8001/",
                  feature_flags=["--kv-cache-dtype fp8"])
    text = render_text(p)
    assert "1  one request" in text and "32  your median concurrency" in text and "64  about double it" in text
    for word in ("output throughput", "TTFT p50 and p99", "ITL and TPOT p50 and p99", "goodput"):
        assert word in text
    for name in ("vllm bench serve", "GuideLLM", "GenAI-Perf", "AIPerf", "LLMPerf"):
        assert f"== {name} ==" in text
    assert "vllm serve Qwen/Qwen2.5-7B-Instruct --port 8001 --kv-cache-dtype fp8" in text
    assert "for C in 1 32 64; do" in text
    assert '--max-concurrency "${C}"' in text and "--label optimised --metadata feature=on" in text
    assert "--base-url http://gpu-box:8001 " in text
    assert '--rate-type concurrent --rate "${C}"' in text
    assert '--num-concurrent-requests "${C}"' in text
    assert "auditor check DOC --measured results/" in text


@pytest.mark.parametrize("tool", ["vllm", "guidellm", "genai-perf", "aiperf", "llmperf"])
def test_text_loops_run_the_same_commands_as_the_json_plan(tmp_path, tool):
    """Each `for C in ...` block of the text plan, pasted into bash, runs exactly the JSON commands."""
    p = make_plan(16, points=[4], tools=[tool], feature_flags=["--kv-cache-dtype fp8"])
    text = render_text(p)
    blocks = text.split("for C in ")[1:]
    assert len(blocks) == 2
    program = "".join("for C in " + b.split("\ndone\n")[0] + "\ndone\n" for b in blocks)
    exe = "env" if tool == "llmperf" else tool
    stub = f'{exe}() {{ printf "%s\\0" "$@"; printf "\\n"; }}\n'
    out = subprocess.run(["bash", "-c", stub + program], capture_output=True, text=True, check=True).stdout
    got = [ln.split("\0")[:-1] for ln in out.splitlines()]
    (tc,) = p.tools
    want = [shlex.split(c)[1:] for label in ("baseline", "optimised") for c in tc.commands[label]]
    assert got == want


def test_bad_plan_arguments_exit_2_with_one_line():
    r = _cli("plan", "--median-concurrency", "0")
    assert r.exit_code == 2 and "at least 1" in r.output
    r = _cli("plan", "-n", "8", "--tool", "locust")
    assert r.exit_code == 2 and "unknown tool 'locust'" in r.output
    r = _cli("plan", "-n", "8", "--points", "8,x")
    assert r.exit_code == 2 and "not a whole number" in r.output
    assert "Traceback" not in r.output


def test_plan_json_and_script_file(tmp_path):
    out = tmp_path / "plan.sh"
    r = _cli("plan", "--median-concurrency", "16", "--points", "4", "--format", "json", "-o", str(out),
             "--feature-flag=--speculative-config '{\"method\": \"eagle3\", \"num_speculative_tokens\": 3}'")
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["points"] == [1, 4, 16, 32]
    assert d["feature_flags"] == ["--speculative-config", '{"method": "eagle3", "num_speculative_tokens": 3}']
    vllm = next(t for t in d["tools"] if t["tool"] == "vllm")
    assert len(vllm["commands"]["baseline"]) == 4 and "--max-concurrency 32" in vllm["commands"]["optimised"][3]
    assert out.exists() and os.access(out, os.X_OK)
    subprocess.run(["bash", "-n", str(out)], check=True)


@pytest.mark.parametrize("flags", [[], ["--kv-cache-dtype fp8", "--max-num-seqs 512"],
                                   ["--speculative-config '{\"method\": \"ngram\", \"prompt_lookup_max\": 4}'"]])
def test_generated_script_passes_bash_n(tmp_path, flags):
    p = make_plan(8, model="my org/odd'model", feature_flags=flags, out_dir="out dir")
    f = tmp_path / "plan.sh"
    f.write_text(render_script(p))
    r = subprocess.run(["bash", "-n", str(f)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


# --------------------------------------------------------------------------- plan -> run -> results

STUB = textwrap.dedent(r'''
    #!{python}
    """Stand-in load generator: records argv, writes a result in the real tool's format."""
    import json, math, os, sys
    sys.path.insert(0, {tests!r})
    from test_measure_writers import (vllm_result, genai_perf_result, aiperf_result, guidellm_report,
                                      llmperf_summary)

    argv = sys.argv[1:]
    tool = os.path.basename(sys.argv[0])
    with open(os.environ["STUB_LOG"], "a") as log:
        log.write(json.dumps({{"tool": tool, "argv": argv}}) + "\n")

    def opt(name, default=None):
        return argv[argv.index(name) + 1] if name in argv else default

    def numbers(optimised, c):
        base_tp = 130.0 * c ** 0.8
        factor = (2.3 - 0.45 * math.log2(c)) if optimised else 1.0
        itl = 7.5 * (1 + c / 64)
        return base_tp * factor, 25.0 * (1 + c / 16), itl / factor
    model = opt("--model") or opt("-m")

    if tool == "vllm":
        label = opt("--label"); c = int(opt("--max-concurrency"))
        tp, ttft, itl = numbers(label == "optimised", c)
        d = vllm_result(label, c, tp, ttft, itl, model=model, metadata=dict([opt("--metadata").split("=")]))
        os.makedirs(opt("--result-dir"), exist_ok=True)
        json.dump(d, open(os.path.join(opt("--result-dir"), opt("--result-filename")), "w"))
    elif tool in ("genai-perf", "aiperf"):
        art = opt("--artifact-dir"); c = int(opt("--concurrency"))
        tp, ttft, itl = numbers("/optimised/" in art, c)
        os.makedirs(art, exist_ok=True)
        if tool == "aiperf":
            json.dump(aiperf_result(c, tp, ttft, itl, model=model), open(art + "/profile_export_aiperf.json", "w"))
        else:
            json.dump(genai_perf_result(c, tp, ttft, itl, model=model),
                      open(art + "/profile_export_genai_perf.json", "w"))
            json.dump({{"experiments": [], "version": "raw perf_analyzer export"}},
                      open(art + "/profile_export.json", "w"))
    elif tool == "guidellm":
        path = opt("--output-path"); c = int(opt("--rate"))
        tp, ttft, itl = numbers("/optimised/" in path, c)
        rep = guidellm_report({{"tp": [tp], "ttft": [ttft], "itl": [itl]}}, model=model, points=[c])
        os.makedirs(os.path.dirname(path), exist_ok=True)
        json.dump(rep, open(path, "w"))
    elif tool == "token_benchmark_ray.py":
        assert os.environ["OPENAI_API_BASE"].endswith("/v1") and os.environ["OPENAI_API_KEY"]
        d = opt("--results-dir"); c = int(opt("--num-concurrent-requests"))
        tp, ttft, itl = numbers("/optimised/" in d, c)
        os.makedirs(d, exist_ok=True)
        json.dump(llmperf_summary(c, tp, ttft, itl, model=model), open(d + "/m_1024_256_summary.json", "w"))
        json.dump([{{"ttft_s": 0.1}}], open(d + "/m_1024_256_individual_responses.json", "w"))
''').lstrip()


@pytest.fixture
def stubs(tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    src = STUB.format(python=sys.executable, tests=str(TESTS))
    for name in ("vllm", "guidellm", "genai-perf", "aiperf"):
        (bin_dir / name).write_text(src)
        (bin_dir / name).chmod(0o755)
    llmperf = tmp_path / "llmperf"
    llmperf.mkdir()
    (llmperf / "token_benchmark_ray.py").write_text(src)
    # `python llmperf/token_benchmark_ray.py` must find this interpreter as `python`
    shutil.copy(bin_dir / "vllm", bin_dir / "python")
    (bin_dir / "python").write_text(f"#!/bin/sh\nexec {sys.executable} \"$@\"\n")
    return tmp_path


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
@pytest.mark.parametrize("tool", ["vllm", "guidellm", "genai-perf", "aiperf", "llmperf"])
def test_plan_script_runs_and_its_results_close_the_loop(stubs, tool):
    script = stubs / "plan.sh"
    r = _cli("plan", "-n", "8", "--model", "meta-llama/Llama-3.1-8B-Instruct",
             "--feature-flag=--speculative-config '{\"method\": \"eagle3\"}'", "-o", str(script))
    assert r.exit_code == 0, r.output
    env = {**os.environ, "PATH": f"{stubs / 'bin'}:{os.environ['PATH']}", "TOOL": tool,
           "OUT": str(stubs / "results"), "STUB_LOG": str(stubs / "calls.jsonl"),
           "LLMPERF_DIR": str(stubs / "llmperf")}
    for variant in ("baseline", "optimised"):
        p = subprocess.run(["bash", str(script), variant], env=env, capture_output=True, text=True, cwd=stubs)
        assert p.returncode == 0, p.stderr
    calls = [json.loads(ln) for ln in (stubs / "calls.jsonl").read_text().splitlines()]
    assert len(calls) == 6  # 3 points x 2 variants
    ms = load_measured([str(stubs / "results")])
    assert ms.model == "meta-llama/Llama-3.1-8B-Instruct"
    assert sorted(ms.labels()) == ["baseline", "optimised"] and ms.baseline == "baseline"
    (pr,) = ms.pairs
    tp = dict(pr.series("throughput"))
    assert sorted(tp) == [1, 8, 16]
    assert tp[1] == pytest.approx(2.3, rel=1e-6) and tp[16] == pytest.approx(0.5, rel=1e-6)
    assert 4 < pr.crossover["throughput"] < 16

    res = _cli("results", str(stubs / "results"), "--concurrency", "16")
    assert res.exit_code == 0, res.output
    assert "optimised vs baseline" in res.stdout and "crossover: throughput speedup crosses 1.0" in res.stdout
    assert "at your concurrency 16: 0.50x throughput" in res.stdout


def test_start_server_mode_starts_and_stops_the_server(stubs):
    """START_SERVER=1 bash plan.sh all: vllm serve with and without the flags, health polled."""
    script = stubs / "plan.sh"
    _cli("plan", "-n", "2", "--tool", "vllm", "--feature-flag=--kv-cache-dtype fp8", "-o", str(script))
    bin_dir = stubs / "bin"
    # vllm stub: `vllm serve` sleeps until killed; curl always healthy
    real = (bin_dir / "vllm").read_text()
    (bin_dir / "vllm").write_text(real.replace(
        'argv = sys.argv[1:]',
        'argv = sys.argv[1:]\nif argv[0] == "serve":\n'
        '    open(os.environ["STUB_LOG"], "a").write(json.dumps({"tool": "serve", "argv": argv}) + "\\n")\n'
        '    import time; time.sleep(60); sys.exit(0)'))
    (bin_dir / "curl").write_text("#!/bin/sh\nexit 0\n")
    (bin_dir / "curl").chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "OUT": str(stubs / "results"),
           "STUB_LOG": str(stubs / "calls.jsonl"), "START_SERVER": "1"}
    p = subprocess.run(["bash", str(script), "all"], env=env, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    calls = [json.loads(ln) for ln in (stubs / "calls.jsonl").read_text().splitlines()]
    serves = [c["argv"] for c in calls if c["tool"] == "serve"]
    assert serves[0][-2:] == ["--port", "8000"]
    assert serves[1][-2:] == ["--kv-cache-dtype", "fp8"]
    assert len([c for c in calls if c["tool"] == "vllm"]) == 6


def test_all_without_start_server_is_refused(stubs):
    script = stubs / "plan.sh"
    _cli("plan", "-n", "2", "-o", str(script))
    p = subprocess.run(["bash", str(script), "all"], capture_output=True, text=True)
    assert p.returncode == 2 and "START_SERVER=1" in p.stderr


# --------------------------------------------------------------------------- auditor results


def _vllm_files(tmp_path):
    sys.path.insert(0, str(TESTS))
    from test_measure_writers import write_vllm_set

    return write_vllm_set(tmp_path)


def test_results_text_table(tmp_path):
    files = _vllm_files(tmp_path)
    r = _cli("results", *files, "--concurrency", "64")
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert "Measured: meta-llama/Llama-3.1-8B-Instruct; 8 run(s) from 8 file(s) (vllm bench serve)" in out
    assert "Labels: baseline, optimised; baseline: baseline" in out
    assert "baseline — by concurrency (latencies in ms)" in out
    assert "optimised vs baseline — measured speedup by concurrency" in out
    assert "2.31x" in out and "0.79x" in out
    assert "crossover: throughput speedup crosses 1.0 at concurrency ~30.2" in out
    assert "at your concurrency 64: 0.79x throughput" in out


def test_results_json(tmp_path):
    r = _cli("results", *_vllm_files(tmp_path), "--format", "json")
    d = json.loads(r.stdout)
    assert d["baseline"] == "baseline" and len(d["curves"]) == 2
    (pr,) = d["pairs"]
    assert pr["points"][0]["op"] == 1 and round(pr["points"][0]["speedups"]["throughput"], 2) == 2.31
    assert round(pr["crossover"]["throughput"], 1) == 30.2


def test_results_plot(tmp_path):
    out = tmp_path / "speedup.png"
    r = _cli("results", *_vllm_files(tmp_path), "--plot", str(out), "--concurrency", "32")
    assert r.exit_code == 0, r.output
    assert out.exists() and out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("content,expect", [
    ('{"output_throughput": 12', "cut.json: not valid JSON"),
    ('{"foo": 1}', "cut.json: unknown result format"),
    ('{"model_id": "m", "completed": 3, "max_concurrency": 1}', "cut.json: vllm bench serve result is missing output_throughput"),
])
def test_results_bad_file_is_one_line_exit_2(tmp_path, content, expect):
    f = tmp_path / "cut.json"
    f.write_text(content)
    r = _cli("results", str(f))
    assert r.exit_code == 2
    assert expect in r.output
    assert "Traceback" not in r.output
    assert len([ln for ln in r.stderr.splitlines() if ln.strip()]) == 1


def test_results_unknown_baseline(tmp_path):
    r = _cli("results", *_vllm_files(tmp_path), "--baseline", "stock")
    assert r.exit_code == 2 and "--baseline stock: no runs with that label" in r.output
