"""Compare HTML-to-text libraries on realistic vendor pages (the decision behind auditor/ingest/html.py).

    python bench/html_quality.py            # readability-lxml / selectolax are optional: run
                                            # `pip install --target bench/.peers/html readability-lxml selectolax`
                                            # (bench/run.py --html does that) to include them

Pages: every corpus/**/*.html, each also wrapped in the boilerplate real vendor pages carry (site
header with a mega-menu, cookie banner, share bar, sidebar teasers, related-post cards, newsletter
box, footer), in two layouts: content in <article>, and content in a classed <div> only.
The boilerplate deliberately holds figures ("3x faster", "99.9 %", "save 20 %") that must not
leak into the text. Scores per library:
  recall   gold claim figures (corpus/*/gold*.jsonl) found in the extracted text
  leaks    boilerplate probe strings found in the extracted text (lower is better)
  headings h2 texts kept
  header   table cells keep their column header (structure available to the extractor)
  lines    each text piece maps back to its source line
  ms/page  median time
"""

from __future__ import annotations

import html
import json
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
PEERS = ROOT / "bench" / ".peers" / "html"
if PEERS.exists():
    sys.path.append(str(PEERS))

HEADER = """<header class="site-header">
  <div class="logo"><a href="/">Vendor</a></div>
  <nav class="megamenu"><ul><li><a href="/p">Products</a><ul><li><a href="/g">GPU cloud: 3x faster boot</a></li>
  <li><a href="/i">Inference: save 20% today</a></li></ul></li><li><a href="/blog">Blog</a></li></ul></nav>
</header>
<div id="cookie-consent" class="cookie-banner"><p>We use cookies to make the site 2x better. <button>Accept</button></p></div>
"""
SIDEBAR = """<aside class="sidebar"><h3>Related</h3><ul><li><a href="/x">Our new kernels are 3x faster</a></li>
<li><a href="/y">FP4 cuts cost by 45%</a></li></ul></aside>
<div class="share-bar"><a href="#">Share on X</a> <a href="#">LinkedIn</a></div>
"""
AFTER = """<section class="related-posts"><h2>You may also like</h2>
<article class="card"><h3>Prefix caching, 5x the hit rate</h3><p>Read how we got 5x more hits.</p></article></section>
<div class="newsletter"><p>Join 10,000 engineers. Subscribe for 12 tips a month.</p></div>
<footer class="site-footer"><p>99.9% uptime SLA &middot; &copy; 2026 Vendor Inc.</p><nav><a href="/t">Terms</a></nav></footer>
"""
PROBES = ["3x faster boot", "save 20%", "cookies", "kernels are 3x", "45%", "Share on X", "5x the hit",
          "5x more hits", "10,000 engineers", "99.9%", "Terms"]


def pages() -> list[tuple[str, str, str]]:
    """(name, html, doc key for gold) for the plain corpus pages and two boilerplate-wrapped layouts."""
    out = []
    for p in sorted((ROOT / "corpus").rglob("*.html")):
        key = str(p.relative_to(p.parents[1]))  # html/x.html
        src = p.read_text(encoding="utf-8")
        out.append((f"{p.name}", src, key))
        body = re.search(r"<article[^>]*>(.*)</article>", src, re.S)
        h1 = re.search(r"<h1[^>]*>.*?</h1>", src, re.S)
        if not body:
            continue
        inner = body.group(1)
        title = h1.group(0) if h1 else ""
        wrapped = (f"<!DOCTYPE html><html><head><title>t</title><script>var x = '9x';</script></head><body>\n"
                   f"{HEADER}<main><article class=\"post\"><header>{title}<p class=\"byline\">by A. Writer</p>"
                   f"</header>{inner}</article>{SIDEBAR}</main>{AFTER}</body></html>")
        out.append((f"{p.name}+article", wrapped, key))
        divs = (f"<!DOCTYPE html><html><head><title>t</title></head><body>\n{HEADER}<div class=\"wrapper\">"
                f"<div class=\"post-body\">{title}{inner}</div>{SIDEBAR}</div>{AFTER}</body></html>")
        out.append((f"{p.name}+div", divs, key))
    return out


def gold_figures() -> dict[str, list[str]]:
    figs: dict[str, list[str]] = {}
    for g in (ROOT / "corpus").rglob("gold*.jsonl"):
        if g.name == "gold.jsonl" and any(g.parent.glob("gold-*.jsonl")):
            continue  # gold.jsonl merges gold-a/gold-b there
        for line in g.read_text(encoding="utf-8").splitlines():
            if line.strip():
                r = json.loads(line)
                if r["doc"].endswith(".html") and r.get("text"):
                    figs.setdefault(r["doc"], []).append(" ".join(html.unescape(r["text"]).split()))
    return figs


# ------------------------------------------------------------------ extractors: html -> (text, header?, lines?)
def ours(src: str):
    from auditor.ingest.html import parse_html

    d = parse_html(src, "x.html")
    header = any(b.cell and b.cell.col_header for b in d.blocks)
    return d.text, header, True


def trafilatura_txt(src: str):
    import trafilatura

    t = trafilatura.extract(src, include_tables=True, include_comments=False, favor_recall=True) or ""
    x = trafilatura.extract(src, include_tables=True, output_format="xml") or ""
    return t, 'role="head"' in x, False


def readability(src: str):
    from lxml import html as H
    from readability import Document as RD

    summary = RD(src).summary(html_partial=True)
    el = H.fromstring(summary)
    for br in el.iter("td", "th", "p", "li", "h1", "h2", "h3", "tr"):
        br.tail = ("\n" + br.tail) if br.tail else "\n"
    return el.text_content(), False, False


def selectolax(src: str):
    from selectolax.lexbor import LexborHTMLParser

    tree = LexborHTMLParser(src)
    tree.strip_tags(["script", "style", "nav", "footer", "aside", "header", "form", "button", "noscript"])
    body = tree.body
    return (body.text(separator="\n") if body else ""), False, False


LIBS = {"lxml+heuristics (ours)": ours, "trafilatura": trafilatura_txt, "readability-lxml": readability,
        "selectolax": selectolax}


def main() -> None:
    figs = gold_figures()
    ps = pages()
    print(f"{len(ps)} pages ({sum(1 for p in ps if '+' not in p[0])} corpus pages, the rest wrapped in boilerplate)\n")
    print(f"{'library':26} {'recall':>8} {'leaks':>6} {'headings':>9} {'header':>7} {'lines':>6} {'ms/page':>8}")
    for name, fn in LIBS.items():
        try:
            fn("<html><body><p>x</p></body></html>")
        except ImportError:
            print(f"{name:26} (not installed)")
            continue
        found = total = leaks = heads = heads_total = 0
        header_ok = True
        lines_ok = True
        times = []
        for pname, src, key in ps:
            t0 = time.perf_counter()
            text, header, lines = fn(src)
            times.append(time.perf_counter() - t0)
            norm = " ".join(text.split())
            for f in figs.get(key, []):
                total += 1
                found += f in norm
            leaks += sum(1 for p in PROBES if p in norm) if "+" in pname else 0
            for h in re.findall(r"<h2[^>]*>(.*?)</h2>", src, re.S):
                if "also like" in h:
                    continue
                heads_total += 1
                heads += " ".join(re.sub(r"<[^>]+>", "", h).split()) in norm
            has_table = "<table" in src
            header_ok &= (header or not has_table)
            lines_ok &= lines
        print(f"{name:26} {found:>4}/{total:<3} {leaks:>6} {heads:>4}/{heads_total:<4} {('yes' if header_ok else 'no'):>7} "
              f"{('yes' if lines_ok else 'no'):>6} {statistics.median(times) * 1000:>8.2f}")


if __name__ == "__main__":
    main()
