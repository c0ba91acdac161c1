"""Hypothesis fuzz of ingest + extract over random and adversarial text: never an exception, and
time roughly linear in the input (no catastrophic regex backtracking)."""

from __future__ import annotations

import time

import pytest

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from auditor.extract import extract
from auditor.ingest import parse_string

ATOMS = ["2.5x", "x", "X", "×", "%", "54", "1.8-2.3x", "from 120 to 300 tok/s", "->", "(", ")", "[", "]",
         "batch size", "bs=", "concurrency", "c=", "QPS", "two to three times", "halves", "up to", "-", "–",
         "|", "---", "\n", "\n\n", "# ", "* ", "1.", "EAGLE", "FP8 KV cache", "H100", "0", "999999999",
         "ب", "中文", "🙂", "\u200b", "&times;", "<td>", "</td>", "```", "~", "≈", "+", "−", "e", "."]

texts = st.one_of(
    st.text(max_size=400),
    st.lists(st.sampled_from(ATOMS), max_size=120).map(" ".join),
    st.lists(st.sampled_from(ATOMS), max_size=120).map("".join),
    st.builds(lambda n, c: c * n, st.integers(0, 3000), st.sampled_from(["9", "x", "(", "[", "1.", "-", "% "])),
)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts, st.sampled_from(["markdown", "text", "html"]))
def test_no_exception(text, kind):
    doc = parse_string(text, "fuzz", kind)
    for c in extract(doc):
        assert 0 <= c.start <= c.end <= len(doc.text)
        assert c.line >= 1 and c.column >= 1


def _time(text: str) -> float:
    doc = parse_string(text, "t", "text")
    t = time.perf_counter()
    extract(doc)
    return time.perf_counter() - t


def _linear(unit: str, small_chars: int, big_chars: int) -> None:
    small = unit * max(1, small_chars // len(unit))
    big = unit * max(1, big_chars // len(unit))
    ts, tb = min(_time(small) for _ in range(2)), min(_time(big) for _ in range(2))
    ratio = len(big) / len(small)
    assert tb < max(0.3, ts * ratio * 3), (unit[:20], ts, tb)


@pytest.mark.parametrize("unit", ["9" * 50 + " ", "x " * 20, "1." * 40 + " ", "from 1 to " * 10,
                                  "((((([[[[ ", "EAGLE is fast. " * 3])
def test_time_roughly_linear_on_adversarial_runs(unit):
    extract(parse_string("warm 2x up", "w", "text"))
    _linear(unit, 10_000, 100_000)


# Many figures in one block: per-claim work is bounded (sentence windows, bisect lookups, block
# context read once), so time stays linear in claims x block length.
@pytest.mark.parametrize("unit", ["2x " * 5, "[1.8-2.3x] ", "(" * 30 + "2x" + ")" * 30 + " ", "中文 2x faster ب "])
def test_time_linear_with_many_figures_in_one_block(unit):
    extract(parse_string("warm 2x up", "w", "text"))
    _linear(unit, 1_000, 6_000)
