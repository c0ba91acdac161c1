"""Every figure form and operating-point form of the claim grammar, and properties of the extractor."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from auditor.classify import classify
from auditor.extract import extract
from auditor.extract.nlp import get_pipeline
from auditor.ingest import parse_string


def claims(text: str, kind: str = "markdown"):
    return classify(extract(parse_string(text, "t.md", kind)))


def one(text: str):
    cs = claims(text)
    assert len(cs) == 1, [(c.text, c.value) for c in cs]
    return cs[0]


@pytest.mark.parametrize("raw,tokens", [
    ("2.5x", ["2.5", "x"]), ("3×", ["3", "×"]), ("2.5X", ["2.5", "X"]), ("~2x", ["~", "2", "x"]),
    ("1.8-2.3x", ["1.8", "-", "2.3", "x"]), ("54%", ["54", "%"]), ("+38%", ["+", "38", "%"]),
    ("1,450", ["1,450"]), ("MI300X", ["MI300X"]), ("8xH100", ["8xH100"]),
])
def test_tokenizer_splits_number_and_unit(raw: str, tokens: list[str]) -> None:
    assert [t.text for t in get_pipeline().nlp.make_doc(raw)] == tokens


@pytest.mark.parametrize("text,value,unit,low,hedge,direction,metric", [
    ("EAGLE makes decoding 2.5x faster.", 2.5, "x", None, "none", "better", "unspecified"),
    ("It delivers 3× the throughput of the baseline.", 3, "x", None, "none", "better", "throughput"),
    ("A 2.5X speedup on chat.", 2.5, "x", None, "none", "better", "unspecified"),
    ("Decoding is ~2x faster.", 2, "x", None, "about", "better", "unspecified"),
    ("Speedups of 1.8-2.3x on H100.", 2.3, "x", 1.8, "range", "better", "unspecified"),
    ("The kernel gives 54 % lower latency.", 54, "%", None, "none", "better", "latency"),
    ("New build: +38% tok/s.", 38, "%", None, "none", "better", "throughput"),
    ("Throughput regresses by 12 % with the patch.", 12, "%", None, "none", "worse", "throughput"),
    ("It cuts TPOT by 40 percent.", 40, "%", None, "none", "better", "tpot"),
    ("Throughput rises from 120 to 300 tok/s.", 2.5, "abs", None, "none", "better", "throughput"),
    ("TTFT falls from 800 ms to 200 ms.", 0.25, "abs", None, "none", "better", "ttft"),
    ("It is two to three times faster.", 3, "x", 2, "range", "better", "unspecified"),
    ("The scheduler doubles goodput.", 2, "x", None, "none", "better", "goodput"),
    ("FP8 halves the memory footprint.", 50, "%", None, "none", "better", "memory"),
    ("Chunked prefill cuts ITL by a third.", 33.3, "%", None, "none", "better", "itl"),
    ("Up to 2.5x higher throughput.", 2.5, "x", None, "up_to", "better", "throughput"),
    ("About 40% lower TTFT.", 40, "%", None, "about", "better", "ttft"),
    ("On average 1.6x faster decoding.", 1.6, "x", None, "average", "better", "unspecified"),
    ("At least 2x more requests per second.", 2, "x", None, "at_least", "better", "throughput"),
    ("INT4 runs at 0.75x the BF16 throughput.", 0.75, "x", None, "none", "worse", "throughput"),
    ("Throughput went up 30 to 40 percent.", 40, "%", 30, "range", "better", "throughput"),
    ("The fused kernel is 2.5-fold faster.", 2.5, "x", None, "none", "better", "unspecified"),
])
def test_figure_forms(text, value, unit, low, hedge, direction, metric) -> None:
    c = one(text)
    assert (c.value, c.unit, c.low, c.hedge, c.direction, c.metric) == (value, unit, low, hedge, direction, metric)


def test_ratio_is_improvement_factor() -> None:
    assert abs(one("The kernel gives 54 % lower latency.").ratio - 1 / 0.46) < 1e-3
    assert one("Throughput regresses by 12 % with the patch.").ratio < 1
    assert one("TTFT falls from 800 ms to 200 ms.").ratio == 4


@pytest.mark.parametrize("text,kind,value", [
    ("At concurrency 8, EAGLE gives 1.8x faster decoding.", "concurrency", 8),
    ("EAGLE gives 1.8x faster decoding at 64 concurrent requests.", "concurrency", 64),
    ("With 8 concurrent users EAGLE gives 1.8x faster decoding.", "concurrency", 8),
    ("EAGLE gives 1.8x faster decoding at batch size 1.", "batch_size", 1),
    ("EAGLE gives 1.8x faster decoding (bs=1).", "batch_size", 1),
    ("EAGLE gives 1.8x faster decoding at BS 32.", "batch_size", 32),
    ("EAGLE gives 1.8x faster decoding for a single request.", "single", 1),
    ("EAGLE gives 1.8x faster single-stream decoding.", "single", 1),
    ("With one user, EAGLE gives 1.8x faster decoding.", "single", 1),
    ("At 10 QPS, EAGLE gives 1.8x lower TPOT.", "request_rate", 10),
    ("EAGLE gives 1.8x lower TPOT at 10 req/s.", "request_rate", 10),
    ("EAGLE gives 1.8x lower TPOT at a request rate 4.", "request_rate", 4),
    ("In offline runs the engine gives 1.8x higher throughput.", "offline", None),
    ("At max throughput the engine gives 1.8x more tokens per second.", "offline", None),
])
def test_operating_point_forms(text: str, kind: str, value) -> None:
    c = one(text)
    assert (c.op_kind, c.op_value, c.op_source) == (kind, value, "sentence")


def test_op_sources_paragraph_section_document() -> None:
    doc = ("# Spec decoding\n\nAll numbers in this post were measured at batch size 64 unless noted.\n\n"
           "## Single request\n\nEAGLE gives 2.5x faster decoding on one request at a time.\n\n"
           "## Results at concurrency 16\n\nMedusa gives 1.4x faster decoding.\n\n"
           "## Notes\n\nThe benchmark ran at 32 concurrent users. Medusa then gave 1.2x faster decoding.\n\n"
           "Lookahead decoding gives 1.1x faster decoding.\n")
    got = [(c.value, c.op_kind, c.op_value, c.op_source) for c in claims(doc)]
    assert got == [(2.5, "single", 1, "sentence"), (1.4, "concurrency", 16, "section"),
                   (1.2, "concurrency", 32, "paragraph"), (1.1, "batch_size", 64, "document")]


def test_table_row_header_and_transposed_tables() -> None:
    doc = ("| Concurrency | 1 | 8 | 64 |\n|---|---|---|---|\n| EAGLE speedup | 2.4x | 1.6x | 0.9x |\n")
    got = [(c.value, c.op_kind, c.op_value, c.op_source, c.technique) for c in claims(doc)]
    assert got == [(2.4, "concurrency", 1, "table", "speculative-decoding"),
                   (1.6, "concurrency", 8, "table", "speculative-decoding"),
                   (0.9, "concurrency", 64, "table", "speculative-decoding")]


@pytest.mark.parametrize("text", [
    "vLLM v0.6.2 shipped on 2024-09-05.",
    "We serve Llama-3.1-8B and Llama-3.1-70B.",
    "AWQ stores 4-bit weights; FP8 is 8-bit.",
    "The model supports a 128k context.",
    "An H100 costs $2.49 per hour.",
    "The cluster has 8xH100 nodes and 4×A100 boxes, or 4 x MI300X.",
    "This was reported in [12] and fixed in #1440.",
    "Accuracy stays at 99.9 % of the BF16 baseline.",
    "The draft acceptance rate is 70 %.",
    "About 30 % of requests hit the cache.",
    "The prefix cache hit rate rose from 20 % to 75 %.",
    "We repeated each run 5 times.",
    "p99 latency is 120 ms.",
])
def test_decoys_are_not_claims(text: str) -> None:
    assert claims(text) == []


def test_context_fields() -> None:
    c = one("On H100 SXM with Llama-3.1-8B (ISL 2048 / OSL 128, FP8), EAGLE-3 is 2.5x faster than "
            "vanilla decoding at batch size 1.")
    assert c.hardware and "h100" in c.hardware.lower()
    assert c.model and "8b" in c.model.lower()
    assert (c.input_len, c.output_len, c.precision) == (2048, 128, "FP8")
    assert c.baseline == "vanilla decoding"
    assert (c.technique, c.mechanism) == ("speculative-decoding", "per-token")


def test_mechanism_from_cues_when_no_technique() -> None:
    assert one("The new allocator fits 3.2x more concurrent requests.").mechanism == "residency"
    assert one("The release is 2x faster than v0.5.").mechanism == "unknown"
    assert one("The release is 2x faster than v0.5.").technique is None


def test_positions_map_to_source_lines_and_columns() -> None:
    src = "# Title\n\nSome *emphasis* and a [link](http://x) then\n**2.5x** faster decoding with EAGLE.\n"
    c = one(src)
    lines = src.splitlines()
    assert (c.line, c.column) == (4, 3)
    assert lines[c.line - 1][c.column - 1:c.column - 1 + len(c.text)] == "2.5x"


_words = st.sampled_from(["2.5x", "faster", "throughput", "at", "batch", "size", "64", "concurrency", "%",
                          "54", "lower", "latency", "from", "to", "tok/s", "up", "two", "times", "x", "×",
                          "~", "+", "-", "1.8-2.3x", "EAGLE", "FP8", "KV", "cache", "|", "\n", "\n\n", "#",
                          "doubles", "halves", "a", "third", "8xH100", "v0.6", "[12]", "(", ")", ".", ","])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=300), st.lists(_words, max_size=80).map(" ".join)))
def test_extractor_never_raises_and_spans_point_at_figures(text: str) -> None:
    for kind in ("markdown", "text"):
        doc = parse_string(text, "h.md", kind)
        for c in extract(doc):
            assert 0 <= c.start < c.end <= len(doc.text)
            assert doc.text[c.start:c.end] == c.text
            lines = text.splitlines()
            assert 1 <= c.line <= max(1, len(lines))
            first = c.text.split()[0]
            # the located column holds the figure's first characters (inline markup aside)
            assert lines[c.line - 1][c.column - 1:].startswith(first[:1]), (text, c.text, c.line, c.column)


@pytest.mark.parametrize("text,kind,value", [
    ("With request rate inf the engine gives 1.8x higher throughput.", "offline", None),
    ("In the throughput benchmark the engine gives 1.8x higher throughput.", "offline", None),
    ("At peak throughput the engine gives 1.8x more tokens per second.", "offline", None),
    ("With all requests sent at once the engine gives 1.8x higher throughput.", "offline", None),
    ("At 64 concurrent, EAGLE gives 1.2x faster decoding.", "concurrency", 64),
    ("EAGLE gives 1.2x faster decoding (C=16).", "concurrency", 16),
    ("EAGLE gives 1.2x lower TPOT at QPS 4.", "request_rate", 4),
    ("Sending requests one at a time, EAGLE gives 2.2x faster decoding.", "single", 1),
])
def test_more_operating_point_forms(text: str, kind: str, value) -> None:
    c = one(text)
    assert (c.op_kind, c.op_value) == (kind, value)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_words, max_size=60).map(" ".join))
def test_prefilter_never_drops_a_claim(text: str) -> None:
    """The speed pre-filter only skips blocks in which the Matcher could find nothing."""
    import re

    from auditor.extract import extractor

    doc = parse_string(text, "p.md", "markdown")
    fast = [(c.start, c.text) for c in extract(doc)]
    saved = extractor._PREFILTER
    try:
        extractor._PREFILTER = re.compile(r"")  # every block goes to spaCy
        slow = [(c.start, c.text) for c in extract(doc)]
    finally:
        extractor._PREFILTER = saved
    assert fast == slow
