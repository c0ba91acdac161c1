"""The three-point measurement plan: one request, the reader's median concurrency, about double it,
feature off and on, with ready-to-run command lines for the load generators people already have.

Commands are built from token templates with `{VAR}` placeholders so the same template renders
concrete, copy-pasteable lines (text and JSON) and a parameterised shell script (`-o plan.sh`).
"""

from __future__ import annotations

import re
import shlex
from urllib.parse import urlparse

from pydantic import BaseModel, ConfigDict, Field

TOOLS: tuple[str, ...] = ("vllm", "guidellm", "genai-perf", "aiperf", "llmperf")
TOOL_NAMES = {
    "vllm": "vllm bench serve",
    "guidellm": "GuideLLM",
    "genai-perf": "GenAI-Perf",
    "aiperf": "AIPerf",
    "llmperf": "LLMPerf",
}
BASELINE, OPTIMISED = "baseline", "optimised"

METRICS_TO_RECORD = [
    "output throughput (tok/s)",
    "TTFT p50 and p99 (ms)",
    "ITL and TPOT p50 and p99 (ms)",
    "goodput under SLOs (requests/s meeting TTFT and TPOT limits)",
]

_T: dict[str, list[str]] = {
    "vllm": [
        "vllm", "bench", "serve", "--backend", "vllm", "--model", "{MODEL}", "--base-url", "{ENDPOINT}",
        "--endpoint", "/v1/completions", "--dataset-name", "random",
        "--random-input-len", "{INPUT_LEN}", "--random-output-len", "{OUTPUT_LEN}", "--ignore-eos",
        "--num-prompts", "{N}", "--max-concurrency", "{C}", "--request-rate", "inf",
        "--percentile-metrics", "ttft,tpot,itl,e2el", "--metric-percentiles", "50,99",
        "--goodput", "ttft:{SLO_TTFT_MS}", "tpot:{SLO_TPOT_MS}",
        "--label", "{LABEL}", "--metadata", "feature={FEATURE}",
        "--save-result", "--result-dir", "{OUT}/{LABEL}", "--result-filename", "vllm-c{C}.json",
    ],
    "guidellm": [
        "guidellm", "benchmark", "--target", "{ENDPOINT}", "--model", "{MODEL}",
        "--rate-type", "concurrent", "--rate", "{C}",
        "--data", "prompt_tokens={INPUT_LEN},output_tokens={OUTPUT_LEN}", "--max-requests", "{N}",
        "--output-path", "{OUT}/{LABEL}/guidellm-c{C}.json",
    ],
    "genai-perf": [
        "genai-perf", "profile", "-m", "{MODEL}", "--url", "{ENDPOINT}", "--endpoint-type", "completions",
        "--streaming", "--synthetic-input-tokens-mean", "{INPUT_LEN}", "--synthetic-input-tokens-stddev", "0",
        "--output-tokens-mean", "{OUTPUT_LEN}", "--output-tokens-stddev", "0",
        "--extra-inputs", "ignore_eos:true", "--concurrency", "{C}", "--request-count", "{N}",
        "--goodput", "time_to_first_token:{SLO_TTFT_MS}", "inter_token_latency:{SLO_TPOT_MS}",
        "--artifact-dir", "{OUT}/{LABEL}/genai-perf-c{C}",
    ],
    "aiperf": [
        "aiperf", "profile", "--model", "{MODEL}", "--url", "{ENDPOINT}", "--endpoint-type", "completions",
        "--streaming", "--synthetic-input-tokens-mean", "{INPUT_LEN}", "--synthetic-input-tokens-stddev", "0",
        "--output-tokens-mean", "{OUTPUT_LEN}", "--output-tokens-stddev", "0",
        "--extra-inputs", "ignore_eos:true", "--concurrency", "{C}", "--request-count", "{N}",
        "--goodput", "time_to_first_token:{SLO_TTFT_MS} inter_token_latency:{SLO_TPOT_MS}",
        "--artifact-dir", "{OUT}/{LABEL}/aiperf-c{C}",
    ],
    "llmperf": [
        "env", "OPENAI_API_BASE={ENDPOINT}/v1", "python", "{LLMPERF_DIR}/token_benchmark_ray.py",
        "--model", "{MODEL}", "--mean-input-tokens", "{INPUT_LEN}", "--stddev-input-tokens", "0",
        "--mean-output-tokens", "{OUTPUT_LEN}", "--stddev-output-tokens", "0",
        "--max-num-completed-requests", "{N}", "--num-concurrent-requests", "{C}", "--timeout", "3600",
        "--results-dir", "{OUT}/{LABEL}/llmperf-c{C}", "--llm-api", "openai",
        "--additional-sampling-params", "{}",
    ],
}
_SERVER = ["vllm", "serve", "{MODEL}", "--port", "{PORT}"]
_VAR = re.compile(r"\{([A-Z_]+)\}")


class PlanError(ValueError):
    pass


class ToolCommands(BaseModel):
    model_config = ConfigDict(extra="forbid")

    tool: str
    name: str
    commands: dict[str, list[str]] = Field(default_factory=dict)  # label -> one line per point
    result_glob: str


class Plan(BaseModel):
    model_config = ConfigDict(extra="forbid")

    model: str
    endpoint: str
    median_concurrency: int
    points: list[int]
    input_len: int
    output_len: int
    slo_ttft_ms: float
    slo_tpot_ms: float
    out_dir: str
    feature_flags: list[str] = Field(default_factory=list)
    labels: dict[str, str] = Field(default_factory=dict)  # label -> "feature off"/"feature on"
    metrics: list[str] = Field(default_factory=lambda: list(METRICS_TO_RECORD))
    requests: dict[int, int] = Field(default_factory=dict)  # concurrency -> requests to send
    server: dict[str, str] = Field(default_factory=dict)  # label -> server command
    tools: list[ToolCommands] = Field(default_factory=list)


def requests_for(c: int) -> int:
    """Enough requests for steady state: ten rounds of the concurrency, at least 100."""
    return max(100, 10 * c)


def plan_points(median: int, extra: list[int] | None = None) -> list[int]:
    if median < 1:
        raise PlanError("--median-concurrency must be at least 1")
    pts = {1, median, 2 * median}
    for p in extra or []:
        if p < 1:
            raise PlanError(f"--points: {p} is not a concurrency (must be >= 1)")
        pts.add(p)
    return sorted(pts)


def _split_flags(flags: list[str]) -> list[str]:
    out: list[str] = []
    for f in flags:
        try:
            out.extend(shlex.split(f))
        except ValueError as e:
            raise PlanError(f"--feature-flag {f!r}: {e}") from None
    return out


def _fill(tokens: list[str], values: dict[str, str]) -> str:
    return " ".join(shlex.quote(_VAR.sub(lambda m: values.get(m.group(1), m.group(0)), t)) for t in tokens)


def _fmt_num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def make_plan(
    median_concurrency: int,
    model: str = "meta-llama/Llama-3.1-8B-Instruct",
    endpoint: str = "http://localhost:8000",
    feature_flags: list[str] | None = None,
    points: list[int] | None = None,
    input_len: int = 1024,
    output_len: int = 256,
    slo_ttft_ms: float = 2000.0,
    slo_tpot_ms: float = 100.0,
    out_dir: str = "results",
    tools: list[str] | None = None,
) -> Plan:
    pts = plan_points(median_concurrency, points)
    url = urlparse(endpoint if "://" in endpoint else f"http://{endpoint}")
    if not url.hostname:
        raise PlanError(f"--endpoint {endpoint!r}: not a URL (e.g. http://localhost:8000)")
    endpoint = f"{url.scheme}://{url.netloc}{url.path.rstrip('/')}"
    flags = _split_flags(feature_flags or [])
    chosen = tools or list(TOOLS)
    for t in chosen:
        if t not in TOOLS:
            raise PlanError(f"unknown tool {t!r} (one of {', '.join(TOOLS)})")
    plan = Plan(
        model=model, endpoint=endpoint, median_concurrency=median_concurrency, points=pts,
        input_len=input_len, output_len=output_len, slo_ttft_ms=slo_ttft_ms, slo_tpot_ms=slo_tpot_ms,
        out_dir=out_dir, feature_flags=flags,
        labels={BASELINE: "feature off", OPTIMISED: "feature on"},
        requests={c: requests_for(c) for c in pts},
    )
    base_vals = _values(plan)
    server = _fill(_SERVER, base_vals)
    plan.server = {
        BASELINE: server,
        OPTIMISED: server + (" " + " ".join(shlex.quote(f) for f in flags) if flags else " <feature flags>"),
    }
    for t in chosen:
        tc = ToolCommands(tool=t, name=TOOL_NAMES[t], result_glob=_result_glob(t, out_dir))
        for label, feature in ((BASELINE, "off"), (OPTIMISED, "on")):
            tc.commands[label] = [
                _fill(_T[t], {**base_vals, "LABEL": label, "FEATURE": feature, "C": str(c),
                              "N": str(requests_for(c))})
                for c in pts
            ]
        plan.tools.append(tc)
    return plan


def _values(plan: Plan) -> dict[str, str]:
    url = urlparse(plan.endpoint)
    return {
        "MODEL": plan.model, "ENDPOINT": plan.endpoint,
        "PORT": str(url.port or (443 if url.scheme == "https" else 80)),
        "INPUT_LEN": str(plan.input_len), "OUTPUT_LEN": str(plan.output_len),
        "SLO_TTFT_MS": _fmt_num(plan.slo_ttft_ms), "SLO_TPOT_MS": _fmt_num(plan.slo_tpot_ms),
        "OUT": plan.out_dir, "LLMPERF_DIR": "llmperf",
    }


def _loop_token(tok: str, values: dict[str, str]) -> str:
    """A token for a `for C in ...` loop: every placeholder filled except $C and $N."""
    filled = _VAR.sub(lambda m: m.group(0) if m.group(1) in ("C", "N") else values.get(m.group(1), m.group(0)),
                      tok)
    if re.search(r"\{[CN]\}", filled):
        return _script_token(filled)
    return shlex.quote(filled)


def _result_glob(tool: str, out: str) -> str:
    return {
        "vllm": f"{out}/*/vllm-c*.json",
        "guidellm": f"{out}/*/guidellm-c*.json",
        "genai-perf": f"{out}/*/genai-perf-c*/*genai_perf.json",
        "aiperf": f"{out}/*/aiperf-c*/*aiperf.json",
        "llmperf": f"{out}/*/llmperf-c*/*_summary.json",
    }[tool]


# --------------------------------------------------------------------------- rendering


def render_text(plan: Plan) -> str:
    n = plan.median_concurrency
    role = {1: "one request", n: "your median concurrency", 2 * n: "about double it"}
    lines = [
        f"Measurement plan: {plan.model} at {plan.endpoint}",
        "",
        "Operating points (concurrency):",
    ]
    for c in plan.points:
        lines.append(f"  {c:>5}  {role.get(c, 'extra point'):<26} {plan.requests[c]} requests")
    lines += [
        "",
        f"Workload: {plan.input_len} input / {plan.output_len} output tokens per request (random, EOS ignored)",
        "Record at each point, feature off and on:",
        *[f"  - {m}" for m in plan.metrics],
        f"  SLOs for goodput: TTFT <= {_fmt_num(plan.slo_ttft_ms)} ms, TPOT <= {_fmt_num(plan.slo_tpot_ms)} ms",
        "",
        "Server, one variant at a time (same hardware, same model, same settings otherwise):",
        f"  feature off ({BASELINE}):  {plan.server[BASELINE]}",
        f"  feature on  ({OPTIMISED}): {plan.server[OPTIMISED]}",
    ]
    if not plan.feature_flags:
        lines.append("  (pass --feature-flag to fill in the flags that turn the feature on)")
    values = _values(plan)
    pts = " ".join(map(str, plan.points))
    for tc in plan.tools:
        lines += ["", f"== {tc.name} =="]
        for label, feature in ((BASELINE, "off"), (OPTIMISED, "on")):
            vals = {**values, "LABEL": label, "FEATURE": feature}
            lines += [
                f"# {label} ({plan.labels[label]}), with the server started as above",
                f"for C in {pts}; do N=$(( C * 10 > 100 ? C * 10 : 100 ))",
                "  " + " ".join(_loop_token(t, vals) for t in _T[tc.tool]),
                "done",
            ]
        if tc.tool == "llmperf":
            lines.append("# run from a checkout of ray-project/llmperf; OPENAI_API_KEY must be set (any value)")
    lines += [
        "",
        "Then:",
        f"  auditor results {plan.out_dir}/                 # curves, measured speedup, crossover",
        f"  auditor check DOC --measured {plan.out_dir}/    # claims set against your measurement",
        "  (a folder is searched for result files; files can also be named one by one:",
        *[f"   {tc.name}: {tc.result_glob}" for tc in plan.tools],
        "  )",
    ]
    return "\n".join(lines) + "\n"


def _script_token(tok: str) -> str:
    """A template token for bash: placeholders become "${VAR}", literal parts are quoted."""
    if not _VAR.search(tok):
        return shlex.quote(tok)
    out, pos = [], 0
    for m in _VAR.finditer(tok):
        lit = tok[pos:m.start()]
        out.append(lit.replace("\\", "\\\\").replace('"', '\\"').replace("$", "\\$").replace("`", "\\`"))
        out.append("${" + m.group(1) + "}")
        pos = m.end()
    lit = tok[pos:]
    out.append(lit.replace("\\", "\\\\").replace('"', '\\"').replace("$", "\\$").replace("`", "\\`"))
    return '"' + "".join(out) + '"'


def _script_command(tokens: list[str]) -> str:
    """One option (and its values) per continuation line."""
    groups: list[list[str]] = []
    for t in tokens:
        if not groups or t.startswith("-"):
            groups.append([])
        groups[-1].append(_script_token(t))
    return " \\\n        ".join(" ".join(g) for g in groups)


def render_script(plan: Plan) -> str:
    q = shlex.quote
    flags = " ".join(q(f) for f in plan.feature_flags)
    tools = " | ".join(tc.tool for tc in plan.tools)
    lines = [
        "#!/usr/bin/env bash",
        "# Three-point measurement plan generated by claim-auditor (`auditor plan`).",
        f"# Points: concurrency {' '.join(map(str, plan.points))}; feature off ({BASELINE}) and on ({OPTIMISED}).",
        "#",
        f"# Usage: TOOL={plan.tools[0].tool if plan.tools else 'vllm'} bash plan.sh {BASELINE}|{OPTIMISED}"
        "   (with the matching server already running)",
        "#        START_SERVER=1 bash plan.sh all   (starts `vllm serve` for each variant itself)",
        f"# TOOL is one of: {tools}. Override any setting below through the environment.",
        "set -euo pipefail",
        "",
        f"MODEL=${{MODEL:-{q(plan.model)}}}",
        f"ENDPOINT=${{ENDPOINT:-{q(plan.endpoint)}}}",
        f"PORT=${{PORT:-{q(plan.server[BASELINE].split('--port ')[-1].split()[0])}}}",
        f"TOOL=${{TOOL:-{plan.tools[0].tool if plan.tools else 'vllm'}}}",
        f"OUT=${{OUT:-{q(plan.out_dir)}}}",
        f"INPUT_LEN=${{INPUT_LEN:-{plan.input_len}}}",
        f"OUTPUT_LEN=${{OUTPUT_LEN:-{plan.output_len}}}",
        f"SLO_TTFT_MS=${{SLO_TTFT_MS:-{_fmt_num(plan.slo_ttft_ms)}}}",
        f"SLO_TPOT_MS=${{SLO_TPOT_MS:-{_fmt_num(plan.slo_tpot_ms)}}}",
        "LLMPERF_DIR=${LLMPERF_DIR:-llmperf}   # checkout of ray-project/llmperf",
        "START_SERVER=${START_SERVER:-0}",
        f"POINTS=({' '.join(map(str, plan.points))})",
        f"FEATURE_FLAGS=({flags})   # server flags that turn the feature on",
        "export OPENAI_API_KEY=${OPENAI_API_KEY:-EMPTY}",
        "",
        "requests_for() { local n=$(( $1 * 10 )); (( n < 100 )) && n=100; echo \"$n\"; }",
        "",
        "run_point() {  # LABEL FEATURE C",
        "  local LABEL=$1 FEATURE=$2 C=$3 N",
        "  N=$(requests_for \"$C\")",
        "  mkdir -p \"$OUT/$LABEL\"",
        "  echo \"== $TOOL, $LABEL (feature $FEATURE), concurrency $C, $N requests\"",
        "  case \"$TOOL\" in",
    ]
    for tc in plan.tools:
        cmd = _script_command(_T[tc.tool])
        lines += [f"    {tc.tool})", f"      {cmd}", "      ;;"]
    lines += [
        "    *) echo \"unknown TOOL=$TOOL\" >&2; exit 2 ;;",
        "  esac",
        "}",
        "",
        "SERVER_PID=",
        "stop_server() { if [[ -n $SERVER_PID ]]; then kill \"$SERVER_PID\" 2>/dev/null || true; "
        "wait \"$SERVER_PID\" 2>/dev/null || true; SERVER_PID=; fi; }",
        "trap stop_server EXIT",
        "",
        "start_server() {  # LABEL",
        "  local flags=()",
        f"  if [[ $1 == {OPTIMISED} ]]; then flags=(${{FEATURE_FLAGS[@]+\"${{FEATURE_FLAGS[@]}}\"}}); fi",
        "  mkdir -p \"$OUT/$1\"",
        "  echo \"== starting: vllm serve $MODEL --port $PORT ${flags[*]+${flags[*]}}\"",
        "  vllm serve \"$MODEL\" --port \"$PORT\" ${flags[@]+\"${flags[@]}\"} >\"$OUT/$1/server.log\" 2>&1 &",
        "  SERVER_PID=$!",
        "  until curl -sf \"$ENDPOINT/health\" >/dev/null; do",
        "    kill -0 \"$SERVER_PID\" 2>/dev/null || { echo \"server exited, see $OUT/$1/server.log\" >&2; exit 1; }",
        "    sleep 5",
        "  done",
        "}",
        "",
        "run_variant() {  # LABEL FEATURE",
        "  if [[ $START_SERVER == 1 ]]; then start_server \"$1\"; fi",
        "  for C in \"${POINTS[@]}\"; do run_point \"$1\" \"$2\" \"$C\"; done",
        "  if [[ $START_SERVER == 1 ]]; then stop_server; fi",
        "}",
        "",
        "case \"${1:-}\" in",
        f"  {BASELINE}) run_variant {BASELINE} off ;;",
        f"  {OPTIMISED})",
        "    if [[ ${#FEATURE_FLAGS[@]} -eq 0 ]]; then echo \"note: FEATURE_FLAGS is empty; "
        "start the server with the feature on yourself\" >&2; fi",
        f"    run_variant {OPTIMISED} on ;;",
        "  all)",
        "    if [[ $START_SERVER != 1 ]]; then echo \"'all' needs START_SERVER=1 (it restarts the server "
        "between variants)\" >&2; exit 2; fi",
        f"    run_variant {BASELINE} off; run_variant {OPTIMISED} on ;;",
        f"  *) echo \"usage: TOOL=... bash $0 {BASELINE}|{OPTIMISED}|all\" >&2; exit 2 ;;",
        "esac",
        "",
        "echo \"done. Next: auditor results $OUT/ ; auditor check DOC --measured $OUT/\"",
        "",
    ]
    return "\n".join(lines)
