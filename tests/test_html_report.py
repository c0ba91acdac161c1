"""HTML report: self-contained (inline CSS and SVG, nothing fetched), every claim with its
sentence highlighted, findings and fade curve; rendered in headless Chromium, whose screenshot
must show the charts."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from auditor.models import Claim, CurvePoint, FileReport, Finding, Prediction, Report, ToolInfo, summarise
from auditor.report.html import render_html
from auditor.settings import Settings

GRID = [1, 2, 4, 8, 16, 32, 64, 128, 256]


def _prediction(speedups: list[float], verdict: str, crossover: float | None, spread: float = 0.12) -> Prediction:
    curve = [CurvePoint(op=c, concurrency=c, speedup=s, low=s * (1 - spread), high=s * (1 + spread))
             for c, s in zip(GRID, speedups)]
    return Prediction(at_reader=speedups[GRID.index(32)], reader_concurrency=32, crossover=crossover,
                      verdict=verdict, curve=curve, assumptions={"operating_point": {"kind": "unstated",
                                                                                     "concurrency": 1.0}})


def sample_report() -> Report:
    """Two claims in the shapes the tool is about: one that shrinks and survives (FP8 KV cache),
    one that crosses parity (speculative decoding), and a claim without a prediction."""
    kv = Claim(id="c1", line=3, column=22, end_line=3, end_column=26, text="1.5x",
               sentence="With an FP8 KV cache the server delivers 1.5x the throughput at one request.",
               value=1.5, unit="x", ratio=1.5, metric="throughput", technique="kv-cache-quantization",
               mechanism="residency", op_kind="single", op_value=1, op_source="sentence",
               prediction=_prediction([1.5, 1.46, 1.42, 1.36, 1.3, 1.24, 1.2, 1.17, 1.15], "fades", None))
    spec = Claim(id="c2", line=5, column=24, end_line=5, end_column=28, text="2.5x",
                 sentence="EAGLE-3 makes decoding 2.5x faster on H100 <script>alert(1)</script>.",
                 value=2.5, unit="x", ratio=2.5, technique="speculative-decoding", mechanism="per-token",
                 prediction=_prediction([2.5, 2.35, 2.1, 1.8, 1.4, 1.05, 0.82, 0.68, 0.62], "inverts", 38))
    plain = Claim(id="c3", line=7, column=1, end_line=7, end_column=5, text="40 %",
                  sentence="40 % lower cost per token.", value=40, unit="%", ratio=1 / 0.6, metric="cost")
    findings = [
        Finding(rule="OP004", name="inverts-under-load", severity="error", line=5, column=24, end_line=5,
                end_column=28, claim="c2", message="2.5x -> ~1.05x at c=32, crosses 1.0 near c=38",
                suggestion="Measure at your own concurrency before enabling it."),
        Finding(rule="OP001", name="missing-operating-point", severity="warning", line=5, column=24, end_line=5,
                end_column=28, claim="c2", message="2.5x states no operating point"),
        Finding(rule="OP002", name="single-point-only", severity="info", line=3, column=22, end_line=3,
                end_column=26, claim="c1", message="1.5x is the only figure for kv-cache-quantization"),
    ]
    files = [FileReport(path="docs/post.md", kind="markdown", claims=[kv, spec, plain], findings=findings),
             FileReport(path="missing.md", error="missing.md: no such file or directory")]
    return Report(tool=ToolInfo(version="0.1.0"), config=Settings().report_view(), files=files,
                  summary=summarise(files))


def test_self_contained_and_complete() -> None:
    page = render_html(sample_report(), Settings())
    assert page.startswith("<!doctype html>")
    # nothing fetched at view time: no scripts, no external stylesheets, images, fonts or imports
    assert "<script" not in page.lower().replace("&lt;script&gt;", "")
    assert not re.search(r"""(?:src|href)\s*=\s*["']?(?:https?:|//)""", page, re.I)
    assert "@import" not in page and not re.search(r"url\(\s*['\"]?(?:https?:|//)", page)
    assert "<link" not in page.lower()
    # one inline SVG per predicted claim, plus the overview
    assert page.count("<svg") == 3
    assert page.count('<svg class="chart" data-drawn-by=') == 3
    ids = re.findall(r'\bid="([^"]+)"', page)
    assert len(ids) == len(set(ids)), "chart ids must not collide"
    # sentence highlighted, text escaped, findings and suggestions shown, input error shown
    assert "EAGLE-3 makes decoding <mark>2.5x</mark> faster" in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "OP004" in page and "Measure at your own concurrency" in page
    assert "missing.md: no such file or directory" in page
    assert 'class="verdict inverts"' in page and 'class="verdict fades"' in page


def _predict_flags() -> list[str]:
    try:
        from auditor.predict import predict_claim  # noqa: F401
    except Exception:
        return ["--no-predict"]
    return []


def test_fallback_drawing_when_predictor_plot_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "auditor.predict.plot", None)
    page = render_html(sample_report(), Settings())
    assert page.count('data-drawn-by="auditor.report.plots"') == 2
    assert "crosses 1.0 @ c~38" in page and "claimed 2.50x @ c=1" in page  # annotations as SVG text


def test_cli_writes_html(tmp_path: Path) -> None:
    (tmp_path / "post.md").write_text("EAGLE-3 makes decoding 2.5x faster on H100.\n", encoding="utf-8")
    out = tmp_path / "report.html"
    proc = subprocess.run([sys.executable, "-m", "auditor.cli", "check", "--format", "html", "-o", str(out),
                           *_predict_flags(), "post.md"], cwd=tmp_path, capture_output=True, text=True, timeout=180)
    assert proc.returncode in (0, 1), proc.stderr
    page = out.read_text(encoding="utf-8")
    assert "<mark>2.5x</mark>" in page and "</html>" in page


CHROMIUM = next((p for p in ("/usr/bin/chromium", shutil.which("chromium") or "", shutil.which("chromium-browser") or "")
                 if p and Path(p).exists()), None)


def _screenshot(html_path: Path, png: Path, profile: Path) -> None:
    cmd = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           "--hide-scrollbars", f"--user-data-dir={profile}", f"--screenshot={png}", "--window-size=1280,2000",
           html_path.resolve().as_uri()]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert png.exists(), f"chromium wrote no screenshot (rc {proc.returncode}): {proc.stderr[-2000:]}"


def _pixels(png: Path):
    import numpy as np
    from PIL import Image

    return np.asarray(Image.open(png).convert("RGB"), dtype=np.int16)


def _tinted(px, spread: int) -> int:
    """Pixels that are coloured rather than white, grey or black (text, rules, borders)."""
    return int(((px.max(axis=2) - px.min(axis=2)) > spread).sum())


def _near(px, hexcol: str, tol: int = 6) -> int:
    import numpy as np

    target = np.array([int(hexcol[i:i + 2], 16) for i in (1, 3, 5)], dtype=np.int16)
    return int((np.abs(px - target).max(axis=2) <= tol).sum())


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium; .ci/run does)")
@pytest.mark.parametrize("drawing", ["installed", "fallback"])
def test_chromium_screenshot_shows_the_charts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, drawing: str) -> None:
    """With the predictor's plot_prediction when it is installed, and with the report's own drawing."""
    if drawing == "fallback":
        monkeypatch.setitem(sys.modules, "auditor.predict.plot", None)  # import fails -> own drawing
    with_charts = tmp_path / "report.html"
    page = render_html(sample_report(), Settings())
    with_charts.write_text(page, encoding="utf-8")
    bare = sample_report()
    for fr in bare.files:
        for c in fr.claims:
            c.prediction = None
    without = tmp_path / "bare.html"
    without.write_text(render_html(bare, Settings()), encoding="utf-8")
    _screenshot(with_charts, tmp_path / "report.png", tmp_path / "profile1")
    _screenshot(without, tmp_path / "bare.png", tmp_path / "profile2")
    px, px0 = _pixels(tmp_path / "report.png"), _pixels(tmp_path / "bare.png")
    # the shaded bands: tens of thousands of lightly tinted pixels that the same report without
    # predictions does not have (highlights, badges and borders are in both)
    assert _tinted(px, 12) - _tinted(px0, 12) > 20000, (_tinted(px, 12), _tinted(px0, 12))
    # the curves, markers and reader's line: strongly coloured strokes
    assert _tinted(px, 80) - _tinted(px0, 80) > 1000, (_tinted(px, 80), _tinted(px0, 80))
    if 'data-drawn-by="auditor.report.plots"' in page:  # our own drawing: check its colours
        from auditor.report import plots

        assert _near(px, plots.BAND) > 3000 and _near(px, plots.BAND_INVERTS) > 3000
        assert _near(px, plots.LINE) > 150 and _near(px, plots.LINE_INVERTS) > 150
    keep = Path(__file__).parent.parent / ".artifacts"
    if keep.is_dir():  # keep the screenshot for a person to look at
        shutil.copy(tmp_path / "report.png", keep / f"html-report-{drawing}.png")
