"""One self-contained HTML report: inline CSS, inline SVG charts, no scripts, nothing fetched at
view time. A summary (counts, verdicts, an overview of claimed vs predicted figures), then per
file each claim with its sentence highlighted, what was read, its findings and its fade curve."""

from __future__ import annotations

import html
import re
from collections import Counter

from auditor.models import Claim, FileReport, Finding, Report
from auditor.rules_engine import op_words, prediction_words
from auditor.settings import Settings

CSS = """
:root{--fg:#1d1d1f;--muted:#5f6368;--line:#e3e3e3;--err:#b3261e;--warn:#a15c00;--info:#1a5fb4;--bg2:#f7f7f8}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 -apple-system,"Segoe UI",Roboto,"DejaVu Sans",Helvetica,Arial,sans-serif;color:var(--fg);background:#fff}
main{max-width:1240px;margin:0 auto;padding:20px 24px 60px}
h1{font-size:22px;margin:0 0 4px} h2{font-size:17px;margin:28px 0 10px;padding-bottom:4px;border-bottom:2px solid var(--line)}
.meta{color:var(--muted);margin:0 0 14px}
.cards{display:flex;flex-wrap:wrap;gap:10px;margin:10px 0 14px}
.card{background:var(--bg2);border:1px solid var(--line);border-radius:8px;padding:8px 14px;min-width:110px}
.card b{display:block;font-size:20px}
.card span{color:var(--muted);font-size:12px}
.summary{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:18px;align-items:start}
table{border-collapse:collapse;width:100%;font-size:13px}
th,td{border-bottom:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
th{color:var(--muted);font-weight:600}
td.n{text-align:right;font-variant-numeric:tabular-nums}
a{color:#1a5fb4;text-decoration:none} a:hover{text-decoration:underline}
.claim{display:grid;grid-template-columns:minmax(0,1fr) 560px;gap:18px;border:1px solid var(--line);
 border-left:5px solid #9aa0a6;border-radius:8px;padding:12px 14px;margin:12px 0;break-inside:avoid}
.claim.sev-error{border-left-color:var(--err)} .claim.sev-warning{border-left-color:#e8a33d} .claim.sev-info{border-left-color:var(--info)}
.claim.no-chart{grid-template-columns:minmax(0,1fr)}
.head{font-weight:600;margin-bottom:6px} .head .loc{font-family:ui-monospace,Menlo,Consolas,monospace;font-weight:400;color:var(--muted);font-size:12px}
blockquote{margin:0 0 8px;padding:6px 10px;background:var(--bg2);border-radius:6px;font-size:14px}
mark{background:#ffe08a;padding:0 2px;border-radius:3px;font-weight:600}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 10px;margin:6px 0;font-size:13px}
dt{color:var(--muted)} dd{margin:0}
ul.findings{list-style:none;padding:0;margin:8px 0 0}
ul.findings li{margin:0 0 6px;font-size:13px}
.sev{display:inline-block;min-width:56px;text-align:center;border-radius:10px;padding:0 6px;font-size:11px;font-weight:700;color:#fff;margin-right:4px}
.sev.error{background:var(--err)} .sev.warning{background:#c77700} .sev.info{background:var(--info)}
.suggestion{color:#2d6a2d;margin:2px 0 0 64px}
.verdict{display:inline-block;border-radius:10px;padding:0 8px;font-size:11px;font-weight:700;margin-left:6px;border:1px solid}
.verdict.inverts{color:var(--err);border-color:var(--err)} .verdict.fades{color:#a15c00;border-color:#e8a33d}
.verdict.holds{color:#555;border-color:#aaa} .verdict.grows{color:#2d6a2d;border-color:#6aa84f}
figure{margin:0} figcaption{color:var(--muted);font-size:12px;margin-top:2px}
svg.chart{width:100%;height:auto;display:block}
.error-box{border:1px solid var(--err);color:var(--err);border-radius:8px;padding:8px 12px}
.none{color:var(--muted)}
@media (max-width:1000px){.claim,.summary{grid-template-columns:minmax(0,1fr)}}
@media print{.claim{grid-template-columns:minmax(0,1fr) 420px}}
"""

_SEV_ORDER = {"error": 0, "warning": 1, "info": 2}


def _e(s: object) -> str:
    return html.escape(str(s), quote=True)


def _chart(svg: str | None, drawn_by: str = "auditor.report.plots") -> str | None:
    """Make a matplotlib SVG scale with its box, and say which module drew it."""
    if not svg:
        return None
    return re.sub(r'^<svg\b([^>]*?)\swidth="[^"]*"\s+height="[^"]*"',
                  lambda m: f'<svg class="chart" data-drawn-by="{drawn_by}"{m.group(1)}', svg, count=1)


def _highlight(sentence: str, figure: str) -> str:
    i = sentence.find(figure) if figure else -1
    if i < 0:
        return _e(sentence)
    return _e(sentence[:i]) + "<mark>" + _e(figure) + "</mark>" + _e(sentence[i + len(figure):])


def claim_chart(c: Claim, settings: Settings, chart_id: str) -> str | None:
    """The fade curve: the predictor's own plot when it is installed, else ours (same style)."""
    if c.prediction is None or not c.prediction.curve:
        return None
    from auditor.report.plots import _embeddable, fade_svg, headline_concurrency

    try:
        from auditor.predict.plot import plot_prediction  # type: ignore[import-not-found]
    except Exception:
        plot_prediction = None
    if plot_prediction is not None:
        try:
            import matplotlib

            # text as <text>, not glyph paths: a tenth of the size, and selectable in the page
            with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": f"claim-auditor-{chart_id}"}):
                svg = plot_prediction(c.prediction, None, fmt="svg",
                                      title=f"{c.text} · {c.technique or c.mechanism} · {c.prediction.verdict}",
                                      headline=(headline_concurrency(c, c.prediction), c.ratio),
                                      reader=settings.concurrency, width=5.4, height=3.2)
            if isinstance(svg, str) and "<svg" in svg:
                return _chart(_embeddable(svg, f"{chart_id}-"), "auditor.predict.plot")
        except Exception:  # a plotting problem never costs the report: fall back to our own drawing
            pass
    return _chart(fade_svg(c, reader=settings.concurrency, chart_id=chart_id))


def _findings_html(fs: list[Finding]) -> str:
    if not fs:
        return '<p class="none">No findings.</p>'
    items = []
    for f in sorted(fs, key=lambda f: (_SEV_ORDER[f.severity], f.rule)):
        s = (f'<li><span class="sev {f.severity}">{f.severity}</span> <code>{_e(f.rule)}</code> '
             f'<span class="rule-name">{_e(f.name)}</span>: {_e(f.message)}')
        if f.suggestion:
            s += f'<div class="suggestion">→ {_e(f.suggestion)}</div>'
        items.append(s + "</li>")
    return '<ul class="findings">' + "".join(items) + "</ul>"


def _claim_html(fr: FileReport, c: Claim, fs: list[Finding], anchor: str, settings: Settings) -> str:
    worst = min((f.severity for f in fs), key=lambda s: _SEV_ORDER[s], default=None)
    chart = claim_chart(c, settings, anchor)
    cls = ["claim"] + ([f"sev-{worst}"] if worst else []) + ([] if chart else ["no-chart"])
    verdict = (f'<span class="verdict {c.prediction.verdict}">{_e(c.prediction.verdict)}</span>'
               if c.prediction else "")
    loc = f"{fr.path}:{c.line}:{c.column}" + (f" (page {c.page})" if c.page else "")
    rows = [("operating point", op_words(c)), ("mechanism", c.mechanism + (f" ({c.technique})" if c.technique else "")),
            ("metric", f"{c.metric}, {c.direction}" + (f", {c.percentile}" if c.percentile else "")),
            ("hedge", c.hedge), ("baseline", c.baseline or "not stated"),
            ("hardware / model", f"{c.hardware or '—'} / {c.model or '—'}"),
            ("predicted", prediction_words(c, arrow="→") if c.prediction else "not predicted")]
    if c.measured is not None:
        from auditor.rules_engine import _measured_words

        rows.append(("measured", _measured_words(c)))
    dl = "<dl>" + "".join(f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in rows) + "</dl>"
    left = (f'<div><div class="head">{_e(c.text)} {verdict} <span class="loc">{_e(loc)}</span></div>'
            f"<blockquote>{_highlight(c.sentence, c.text)}</blockquote>{dl}{_findings_html(fs)}</div>")
    right = ""
    if chart:
        cap = prediction_words(c, arrow="→") if c.prediction else "not predicted"
        if 'data-drawn-by="auditor.report.plots"' in chart:
            cap = ("Band = plausible range; ★ = the claim where it was measured; dotted line = your concurrency; "
                   f"dashed = parity. {cap}")
        right = f'<figure class="fade">{chart}<figcaption>Fade curve: {_e(cap)}</figcaption></figure>'

    return f'<article class="{" ".join(cls)}" id="{_e(anchor)}">{left}{right}</article>'


def render_html(report: Report, settings: Settings, title: str = "claim-auditor report") -> str:
    s = report.summary
    verdicts = Counter(c.prediction.verdict for fr in report.files for c in fr.claims if c.prediction)
    cards = [(s.files, "files"), (s.claims, "claims"), (s.findings, "findings")]
    cards += [(s.by_severity.get(k, 0), k) for k in ("error", "warning", "info")]
    cards += [(verdicts.get(k, 0), f"predicted to {k[:-1] if k.endswith('s') else k}") for k in ("fades", "inverts")]
    cards_html = "".join(f'<div class="card"><b>{n}</b><span>{_e(label)}</span></div>' for n, label in cards)
    file_rows = []
    for i, fr in enumerate(report.files, start=1):
        status = f'<span class="sev error">error</span> {_e(fr.error)}' if fr.error else ""
        by = Counter(f.severity for f in fr.findings)
        file_rows.append(
            f'<tr><td><a href="#f{i}">{_e(fr.path)}</a> {status}</td><td class="n">{len(fr.claims)}</td>'
            f'<td class="n">{by.get("error", 0)}</td><td class="n">{by.get("warning", 0)}</td>'
            f'<td class="n">{by.get("info", 0)}</td></tr>')
    rules_rows = "".join(f"<tr><td><code>{_e(k)}</code></td><td class=\"n\">{n}</td></tr>" for k, n in s.by_rule.items())
    all_claims = [c for fr in report.files for c in fr.claims]
    overview = None
    if any(c.prediction for c in all_claims):
        from auditor.report.plots import overview_svg

        labelled = [c.model_copy(update={"id": f"f{i}:{c.id}"}) for i, fr in enumerate(report.files, 1)
                    for c in fr.claims] if len(report.files) > 1 else all_claims
        overview = _chart(overview_svg(labelled, reader=settings.concurrency), "auditor.report.plots overview")
    parts = [
        "<!doctype html>", '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_e(title)}</title><style>{CSS}</style></head><body><main>",
        f"<h1>{_e(title)}</h1>",
        f'<p class="meta">{_e(report.tool.name)} {_e(report.tool.version)} · your concurrency '
        f"<b>{settings.concurrency:g}</b> (range {settings.min_concurrency:g}–{settings.max_concurrency:g}) · "
        f"defaults: {_e(settings.hardware)}, {_e(settings.model)}, {settings.input_len} in / "
        f"{settings.output_len} out tokens · fail on {_e(settings.fail_on)}</p>",
        f'<div class="cards">{cards_html}</div>',
        '<section class="summary"><div>',
        "<table><thead><tr><th>file</th><th>claims</th><th>errors</th><th>warnings</th><th>info</th></tr></thead>"
        f"<tbody>{''.join(file_rows)}</tbody></table>",
        (f"<h3>Findings by rule</h3><table><tbody>{rules_rows}</tbody></table>" if rules_rows else ""),
        "</div>",
        (f'<figure class="overview">{overview}<figcaption>Every predicted claim: the figure as claimed (★) and '
         f"what it becomes at your concurrency (●); left of the dashed line is a slowdown.</figcaption></figure>"
         if overview else ""),
        "</section>",
    ]
    for i, fr in enumerate(report.files, start=1):
        parts.append(f'<section class="file" id="f{i}"><h2>{_e(fr.path)}</h2>')
        if fr.error:
            parts.append(f'<p class="error-box">{_e(fr.error)}</p></section>')
            continue
        if not fr.claims:
            parts.append('<p class="none">No speedup claims found.</p>')
        by_claim: dict[str, list[Finding]] = {}
        for f in fr.findings:
            by_claim.setdefault(f.claim or "", []).append(f)
        for c in fr.claims:
            parts.append(_claim_html(fr, c, by_claim.get(c.id, []), f"f{i}-{c.id}", settings))
        loose = by_claim.get("", [])
        if loose:
            parts.append(_findings_html(loose))
        parts.append("</section>")
    parts.append("</main></body></html>\n")
    return "\n".join(p for p in parts if p)
