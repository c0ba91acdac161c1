"""Benchmark `auditor check` against peers on the same text; prints the figures for README.md.

    python bench/run.py                 # full run (installs proselint + quantulum3 into bench/.peers/venv)
    python bench/run.py --quick         # 100k + 300k words, 1 run each, no peers
    python bench/run.py --no-peers      # auditor only
    python bench/run.py --runs 5 --words 1000000

What it measures, side by side, median of --runs runs, every tool as a user runs it (a fresh
process, wall clock, start-up included):
  (a) `auditor check DIR --format json` throughput in words/s over a corpus of >= --words words built
      from corpus/ Markdown and text documents (copied round-robin into bench/out/corpus-N/), with the
      fade model on (default) and off (--no-predict);
  (b) cold start: `auditor check post.md` on one 2,000-word post (and, with the peers, proselint's cold
      start on the same post and bare `python -c pass`, so the seconds can be read against the machine);
  (c) linearity: words/s at 100k vs at --words;
  (d) proselint (its CLI: `proselint -o compact check DIR`) and quantulum3 (`parser.parse` per paragraph)
      on the same files, installed by this script into bench/.peers/venv (gitignored).
Results go to bench/out/results.json as well.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out"
PEERS = ROOT / "bench" / ".peers"
PEER_VENV = PEERS / "venv"
PEER_PACKAGES = ["proselint", "quantulum3"]


def words_of(text: str) -> int:
    return len(text.split())


def source_docs() -> list[tuple[str, str]]:
    docs = []
    for p in sorted((ROOT / "corpus").rglob("*")):
        if p.suffix.lower() in (".md", ".txt") and p.is_file() and p.name not in ("docs.txt",) \
                and not p.name.startswith(("docs-", "GUIDELINES")):
            text = p.read_text(encoding="utf-8", errors="replace")
            if words_of(text) >= 50:
                docs.append((p.name, text))
    if not docs:
        sys.exit("bench: no corpus/ documents found")
    return docs


def _write_corpus(d: Path, pieces: list[tuple[str, str]]) -> tuple[int, int]:
    """Write the documents into a fresh folder d, numbered in order, with a marker holding words and files."""
    if d.exists():
        shutil.rmtree(d)
    d.mkdir(parents=True)
    total = 0
    for i, (name, text) in enumerate(pieces):
        (d / f"{i:05d}-{name}").write_text(text, encoding="utf-8")
        total += words_of(text)
    (d / ".words").write_text(f"{total} {len(pieces)}")
    return total, len(pieces)


def build_corpus(target_words: int) -> tuple[Path, int, int]:
    """bench/out/corpus-N: corpus documents copied round-robin until >= target words."""
    d = OUT / f"corpus-{target_words}"
    marker = d / ".words"
    if marker.exists():
        n_words, n_files = map(int, marker.read_text().split())
        return d, n_words, n_files
    docs = source_docs()
    pieces, total = [], 0
    while total < target_words:
        pieces.append(docs[len(pieces) % len(docs)])
        total += words_of(pieces[-1][1])
    return d, *_write_corpus(d, pieces)


def build_distinct() -> tuple[Path, int, int]:
    """bench/out/corpus-distinct: every corpus document once. The round-robin corpora repeat documents (the
    1M one holds each about four times), and any per-text cache in a tool hits across copies there; this
    one measures text no tool has seen in the same run."""
    d = OUT / "corpus-distinct"
    marker = d / ".words"
    docs = source_docs()
    if marker.exists():
        n_words, n_files = map(int, marker.read_text().split())
        if n_files == len(docs):
            return d, n_words, n_files
    return d, *_write_corpus(d, docs)


def post_2000() -> Path:
    """One ~2,000-word post: the longest corpus blog posts joined."""
    p = OUT / "post-2000.md"
    docs = sorted(source_docs(), key=lambda d: -words_of(d[1]))
    parts, n = [], 0
    for _, text in docs:
        parts.append(text)
        n += words_of(text)
        if n >= 2000:
            break
    p.write_text("\n\n".join(parts), encoding="utf-8")
    return p


def auditor_cmd() -> list[str]:
    exe = Path(sys.executable).parent / "auditor"
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "auditor.cli"]


def timed(cmd: list[str], runs: int, env: dict | None = None, timeout: float = 3600) -> tuple[float, list[float]]:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=timeout,
                           env={**os.environ, "AUDITOR_NO_PROGRESS": "1", **(env or {})})
        times.append(time.perf_counter() - t)
        if p.returncode not in (0, 1) or "Traceback (most recent call last)" in p.stderr:
            last = [ln for ln in p.stderr.splitlines() if ln.strip()][-1:] or [""]
            raise RuntimeError(f"exited {p.returncode}: {last[0][:200]}")
    return statistics.median(times), times


# ---------------------------------------------------------------------- peers
PEER_DRIVER = r'''
import sys, pathlib, re
tool, folder = sys.argv[1], pathlib.Path(sys.argv[2])
files = sorted(p for p in folder.iterdir() if p.suffix in (".md", ".txt"))
n = 0
if tool == "proselint":
    try:
        from proselint.tools import lint
        def run(t): return lint(t)
    except ImportError:  # proselint >= 0.14
        from proselint.tools import LintFile
        from proselint.config import DEFAULT
        def run(t): return LintFile(content=t, source="-").lint(DEFAULT)
    for p in files:
        n += len(run(p.read_text(encoding="utf-8")))
else:
    from quantulum3 import parser
    for p in files:
        for para in re.split(r"\n\s*\n", p.read_text(encoding="utf-8")):
            if para.strip():
                n += len(parser.parse(para))
print(n)
'''


def peer_python() -> Path | None:
    py = PEER_VENV / "bin" / "python"
    if not py.exists():
        print(f"bench: creating {PEER_VENV} and installing {', '.join(PEER_PACKAGES)} ...", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(PEER_VENV)], check=True)
        r = subprocess.run([str(py), "-m", "pip", "install", "-q", *PEER_PACKAGES], capture_output=True, text=True)
        if r.returncode != 0:
            print(f"bench: peer install failed: {r.stderr[-400:]}", file=sys.stderr)
            return None
    (PEERS / "driver.py").write_text(PEER_DRIVER)
    return py


def versions(py: Path) -> dict[str, str]:
    out = {}
    for pkg in PEER_PACKAGES:
        r = subprocess.run([str(py), "-c", f"import importlib.metadata as m; print(m.version('{pkg}'))"],
                           capture_output=True, text=True)
        out[pkg] = r.stdout.strip() or "?"
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--words", type=int, default=1_000_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-peers", action="store_true")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--jobs", type=int, default=1, help="also passed to auditor check as --jobs")
    args = ap.parse_args()
    if args.quick:
        args.words, args.runs, args.no_peers = 300_000, 1, True
    OUT.mkdir(parents=True, exist_ok=True)
    res: dict = {"machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                             "platform": platform.platform()}, "runs": args.runs}
    small, small_words, small_files = build_corpus(100_000)
    big, big_words, big_files = build_corpus(args.words)
    distinct, distinct_words, distinct_files = build_distinct()
    post = post_2000()
    aud = auditor_cmd()
    jobs = ["--jobs", str(args.jobs)] if args.jobs > 1 else []

    def check(folder: Path, *extra: str) -> list[str]:
        return [*aud, "check", str(folder), "--format", "json", "--no-cache", *jobs, *extra]

    print(f"corpus: {big_words:,} words in {big_files} files (and {small_words:,} words), round-robin copies; "
          f"and {distinct_files} distinct documents ({distinct_words:,} words) once each; "
          f"{os.cpu_count()} CPUs; median of {args.runs} runs", flush=True)
    timed([*aud, "--version"], 1)  # warm the page cache for the interpreter and packages
    rows = []
    for label, folder, words, extra in (
            ("auditor check (fade model on)", big, big_words, ()),
            ("auditor check --no-predict", big, big_words, ("--no-predict",)),
            ("auditor check, 100k words", small, small_words, ()),
            ("auditor check --no-predict, 100k", small, small_words, ("--no-predict",)),
            ("auditor check, distinct documents", distinct, distinct_words, ()),
            ("auditor check --no-predict, distinct", distinct, distinct_words, ("--no-predict",))):
        try:
            med, all_t = timed(check(folder, *extra), args.runs)
        except RuntimeError as e:  # a crashing stage is reported, not timed
            res[label] = {"words": words, "failed": str(e)}
            print(f"  {label:38} FAILED ({e})", flush=True)
            continue
        rows.append((label, words, med, words / med))
        res[label] = {"words": words, "seconds": all_t, "median_s": med, "words_per_s": words / med}
        print(f"  {label:38} {words:>9,} words {med:8.2f} s {words / med:>10,.0f} words/s", flush=True)
    try:
        cold, cold_all = timed([*aud, "check", str(post), "--format", "json"], max(5, args.runs))
    except RuntimeError as e:
        print(f"  cold start with the fade model FAILED ({e})")
        cold, cold_all = float("nan"), []
    cold_np, _ = timed([*aud, "check", str(post), "--format", "json", "--no-predict"], max(5, args.runs))
    version, _ = timed([*aud, "--version"], max(5, args.runs))
    res["cold_start"] = {"post_words": words_of(post.read_text()), "median_s": cold, "seconds": cold_all,
                         "no_predict_median_s": cold_np, "auditor_version_s": version}
    print(f"  cold start, {words_of(post.read_text()):,}-word post: {cold:.2f} s "
          f"({cold_np:.2f} s --no-predict; `auditor --version` {version:.2f} s)")
    def wps(label: str) -> float:
        return res[label].get("words_per_s", float("nan"))

    lin = wps("auditor check --no-predict") / wps("auditor check --no-predict, 100k")
    lin_p = wps("auditor check (fade model on)") / wps("auditor check, 100k words")
    res["linearity"] = {"no_predict": lin, "predict": lin_p}
    print(f"  linearity (words/s at {big_words:,} / at {small_words:,}): {lin:.2f} --no-predict, {lin_p:.2f} with fade model")

    if not args.no_peers:
        py = peer_python()
        if py is not None:
            res["peer_versions"] = versions(py)
            for tool, folder, words in (("proselint", big, big_words), ("quantulum3", small, small_words),
                                        ("proselint, distinct documents", distinct, distinct_words)):
                cmd = ([str(PEER_VENV / "bin" / "proselint"), "-o", "compact", "check", str(folder)]
                       if tool.startswith("proselint") else [str(py), str(PEERS / "driver.py"), tool, str(folder)])
                med, all_t = timed(cmd, args.runs)
                res[tool] = {"words": words, "seconds": all_t, "median_s": med, "words_per_s": words / med}
                print(f"  {tool:38} {words:>9,} words {med:8.2f} s {words / med:>10,.0f} words/s", flush=True)
            ours, ours_np = wps("auditor check (fade model on)"), wps("auditor check --no-predict")
            for tool in ("proselint", "quantulum3"):
                r, rn = ours / res[tool]["words_per_s"], ours_np / res[tool]["words_per_s"]
                res[f"ratio_vs_{tool}"] = {"predict": r, "no_predict": rn}
                print(f"  ratio auditor / {tool}: {r:.1f}x (fade model on), {rn:.1f}x (--no-predict)")
            # The cold-start budget is absolute seconds, so it moves with the machine; a peer's cold start on
            # the same post, timed in the same minutes, says how fast this machine is (and python -c pass
            # how much of it is the interpreter alone).
            p_cold, p_all = timed([str(PEER_VENV / "bin" / "proselint"), "-o", "compact", "check", str(post)],
                                  max(5, args.runs))
            bare, _ = timed([sys.executable, "-c", "pass"], max(5, args.runs))
            res["proselint cold start"] = {"median_s": p_cold, "seconds": p_all, "python_bare_s": bare}
            print(f"  proselint cold start on the same post: {p_cold:.2f} s (bare python {bare:.2f} s); "
                  f"auditor / proselint: {cold / p_cold:.2f}x the time")
            pd = res["proselint, distinct documents"]["words_per_s"]
            r = wps("auditor check, distinct documents") / pd
            rn = wps("auditor check --no-predict, distinct") / pd
            res["ratio_vs_proselint_distinct"] = {"predict": r, "no_predict": rn}
            print(f"  ratio auditor / proselint on the distinct documents: {r:.1f}x (fade model on), {rn:.1f}x (--no-predict)")
    (OUT / "results.json").write_text(json.dumps(res, indent=2))
    print(f"results: {OUT / 'results.json'}")


if __name__ == "__main__":
    main()
