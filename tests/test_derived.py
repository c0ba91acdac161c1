"""Derived speedups from tables of absolute numbers, marked derived=True."""

from __future__ import annotations

from auditor.api import audit_text
from auditor.settings import Settings

S = Settings(predict=False)


def _claims(text: str, kind: str = "markdown", name: str = "d.md"):
    return audit_text(text, name=name, kind=kind, settings=S).files[0].claims


TABLE = """# EAGLE-3 on H100

| Batch size | Baseline (tok/s) | EAGLE-3 (tok/s) |
|---|---|---|
| 1 | 120 | 300 |
| 8 | 800 | 1,100 |
| 64 | 4000 | 3600 |
"""


def test_throughput_table_yields_derived_claims_per_row():
    cs = _claims(TABLE)
    assert [(c.text, c.value, c.unit, c.derived) for c in cs] == [
        ("300", 2.5, "abs", True), ("1,100", 1.375, "abs", True), ("3600", 0.9, "abs", True)]
    assert [(c.op_kind, c.op_value, c.op_source) for c in cs] == [("batch_size", v, "table") for v in (1, 8, 64)]
    assert [c.line for c in cs] == [5, 6, 7]
    assert cs[0].direction == "better" and cs[2].direction == "worse" and cs[2].ratio < 1
    assert cs[0].metric == "throughput" and cs[0].technique == "speculative-decoding"
    assert cs[0].baseline == "Baseline (tok/s)"


def test_latency_table_lower_is_better_and_html():
    page = """<table><thead><tr><th>Concurrency</th><th>Default TTFT (ms)</th><th>Chunked prefill TTFT (ms)</th></tr></thead>
<tbody><tr><td>1</td><td>50</td><td>40</td></tr><tr><td>32</td><td>400</td><td>200</td></tr></tbody></table>"""
    cs = _claims(page, kind="html", name="t.html")
    assert [(c.value, round(c.ratio, 3), c.direction, c.op_value) for c in cs] == [
        (0.8, 1.25, "better", 1), (0.5, 2.0, "better", 32)]
    assert all(c.derived and c.op_source == "table" and c.metric == "ttft" for c in cs)
    assert cs[1].technique == "chunked-prefill"


def test_tables_with_written_speedups_or_unrelated_numbers_are_not_derived():
    written = TABLE.replace("| Batch size | Baseline (tok/s) | EAGLE-3 (tok/s) |",
                            "| Batch size | Baseline (tok/s) | Speedup |").replace("| 300 |", "| 2.5x |")
    assert not any(c.derived for c in _claims(written))
    unrelated = """| Model | Params (B) | Memory (GB) |
|---|---|---|
| Llama-3.1-8B | 8 | 16 |
| Llama-3.1-70B | 70 | 140 |
"""
    assert _claims(unrelated) == []
    no_units = """| Batch size | A | B |
|---|---|---|
| 1 | 10 | 20 |
"""
    assert _claims(no_units) == []


def test_unlabelled_number_columns_are_not_compared(tmp_path) -> None:
    """A table of absolute numbers whose other numeric columns are settings ("HPUs") or other
    quantities ("Power (W)") yields no derived speedup from them."""
    from auditor.extract import extract
    from auditor.ingest import parse_string

    doc = parse_string("# Perf\n\n| Model | HPUs | Tokens/s |\n|---|---|---|\n| Llama 70B | 8 | 15,008 |\n"
                       "| Llama 8B | 1 | 2,652 |\n\n| Engine | Tokens/s | Power (W) |\n|---|---|---|\n"
                       "| llama.cpp | 7.08 | 15.0 |\n", "t.md", "markdown")
    assert [c for c in extract(doc) if c.derived] == []


def test_rows_must_be_operating_points_to_derive() -> None:
    """A table of GPUs per model compares hardware, not an optimisation across load: nothing derived;
    rows labelled by an op ("bs=8") still are."""
    gpus = "| Model | 3090 Ti (t/s) | 4090 (t/s) |\n|---|---:|---:|\n| Llama 7B | 177 | 198 |\n| Llama 13B | 109 | 111 |\n"
    assert _claims(gpus) == []
    ops = "| Setting | Baseline (tok/s) | EAGLE (tok/s) |\n|---|---|---|\n| bs=1 | 100 | 200 |\n| bs=8 | 400 | 500 |\n"
    assert [(c.value, c.op_value, c.derived) for c in _claims(ops)] == [(2.0, 1, True), (1.25, 8, True)]
