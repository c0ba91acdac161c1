"""From a Document to Claims: find figures with the spaCy Matcher, drop decoys, read metric,
direction, hedge, baseline and technique around each, and find its operating point and where
that came from (sentence, paragraph, table, section, document, or assumed)."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import lru_cache

from spacy.tokens import Doc, Span

from auditor.extract import context as ctx
from auditor.extract.chunks import chunk_block
from auditor.extract.derived import derived_claims
from auditor.extract.nlp import UNIT_X, get_pipeline
from auditor.extract.oppoint import (
    DOC_SCOPE_RE, SCOPE_RE, OpMention, cell_number, find_ops, header_kind,
)
from auditor.extract.vocab import (
    BUNDLE_RE as _BUNDLE_RE, GENERIC_BUNDLE_RE as _GENERIC_BUNDLE_RE,
    AVERAGE_PHRASES, BAD_WORDS, CHANGE_VERBS, DOWN_WORDS, FRACTIONS, GOOD_WORDS, HALVING_WORDS, HEDGE_BEFORE,
    HIGHER_IS_BETTER, LOWER_IS_BETTER, METRIC_TERMS, MULTIPLIER_WORDS, NUMBER_WORDS,
    PERCENT_DECOY_RE, PERCENTILE_RE, NON_PERF_RE, SPACED_X_NEXT, RATIO_DECOY_NEXT, RATIO_DECOY_PREV, SPEED_WORDS, UP_WORDS,
    WORD_RATIO_DECOY_NEXT, LOWER_OTHER_RE, EFFICIENCY_RE,
)
from auditor.lexicon import load_lexicon
from auditor.models import Block, Claim, Document

# Blocks with none of these cannot hold a figure (each Matcher pattern needs one): skip them
# before spaCy sees them. This pre-filter is most of the extractor's speed.
_PREFILTER = re.compile(
    r"(?:\d|\b(?:" + "|".join(NUMBER_WORDS) + r"))\s*(?:[xX×%](?![a-z])|percent|pct|per cent|times|-?fold)|"
    r"\b(?:twice|doubl\w*|tripl\w*|quadrupl\w*|\w+fold|halv\w*|half|third|quarter|fifth|times|percent|pct)\b|"
    r"\bfrom\b[^.\n]{0,40}?(?:\d|\b(?:" + "|".join(NUMBER_WORDS) + r")\b)[^\n]{0,40}?\bto\b\s*"
    r"(?:(?:about|around|roughly|nearly|approximately)\s+)?[~≈$€£]?(?:\d|\b(?:" + "|".join(NUMBER_WORDS) + r")\b)|"
    r"\d\s*\S{0,12}\s*(?:->|→|=>)\s*[~≈]?\d|"
    r"\d\s*\S{0,12}\s+down to\s+\d|\bfactor of\s+(?:\w+\s+)?\d|"  # "800 ms down to 200 ms", "a factor of 2.11"
    r"\b[x×]\d+\.\d|\bspeed-?ups?\s+of\s+\d",
    re.I)
# Statements that may carry an operating point or a scope: any number or an op word.
_NUMBERISH = re.compile(r"\d|offline|single|\bone\b|saturat|peak|max|at a time|unbatched|throughput", re.I)
_CHANGE_HEADER = re.compile(
    r"speed-?up|\bgains?\b|improve|\bchange|delta|Δ|\bdiff\b|difference|uplift|\bvs\.?|versus|relative|\bratios?\b|"
    r"reduction|faster|increase|decrease|saving|better|×|\bx\b|\bover\b", re.I)  # (word-bounded: "Configuration")
_BASELINE_RE = re.compile(
    r"\b(?:than|vs\.?|versus|over|compared (?:with|to)|relative to|against|in comparison (?:with|to)|"
    r"(?:the|its) (?:[\w-]+ ){0,2}?(?:throughput|speed|performance|latency|goodput) of)\s+"
    r"(?:the\s+|a\s+|an\s+|our\s+|its\s+)?([^,;:()\n]{1,80})", re.I)
_BASELINE_WORD = re.compile(r"\bbaseline\b", re.I)
_STATIC_BATCHES = re.compile(r"\bstatic(?:\s+batch(?:es|ing)?)?\b(?!\s+(?:scales?|quantization|shapes?|graphs?|KV|cache))",
                             re.I)


def _static_batches_of_subject(text: str) -> bool:
    """"FasterTransformer that kept static batches": the system measured batches statically (not "23x the
    throughput of naive static batching", where static batching is the baseline)."""
    return any(not re.search(r"\b(?:of|than|over|vs\.?|versus|against|from|to)\s+(?:\w+\s+){0,2}$", text[:m.start()], re.I)
               for m in _STATIC_BATCHES.finditer(text))


_MEASURED_VALUE = re.compile(r"\s*~?\d[\d,]*\.\d+\s*(?:ms|s|tok/s|tokens?/s|t/s|GB|MiB|%)?\s*")
_VERSION_RE = re.compile(r"\bv?\d+\.\d+(?:\.\d+)?\b|\b(?:previous|prior|last|older) (?:release|version)\b", re.I)
_ENGINE_RE = re.compile(
    r"\b(?:vllm|sglang|tensorrt-llm|trt-llm|tgi|text generation inference|hugging ?face|hf transformers|hf|"
    r"(?:other|existing|prior|competing|state-of-the-art|baseline) (?:inference |serving |LLM )?"
    r"(?:systems|engines|frameworks|stacks|runtimes)|fastertransformer|"
    r"llama\.cpp|lmdeploy|deepspeed(?:-mii|-fastgen)?|fastgen|ollama|mlc|exllama|ctranslate2|lightllm|triton)\b", re.I)

_GENERIC_ENGINES = re.compile(r"\b(?:other|existing|prior|competing|state-of-the-art|baseline)\b", re.I)


def _other_subjects_re() -> re.Pattern[str] | None:
    words = load_lexicon().other_subjects
    if not words:
        return None
    return re.compile(r"\b(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + r")\b", re.I)


_OTHER_SUBJECT_RE = _other_subjects_re()
_SYSTEM_CMP_RE = re.compile(
    r"\b(?:than|vs\.?|versus|against|over|compared (?:with|to)|relative to)\s+(?:the\s+|an?\s+|its\s+)?(?:" +
    _ENGINE_RE.pattern + r"|" + ctx.HARDWARE_RE.pattern.replace(r"(?<![\w-])", "") + r"|v?\d+\.\d+(?:\.\d+)?\b)", re.I)
_ENGINE_LEAD_RE = re.compile(r"\b(?:lead|edge|advantage|gap|margin)\s+(?:over|against|on)\s+(?:the\s+)?(?:" + _ENGINE_RE.pattern
                             + r"|transformers)", re.I)
_ENGINE_CMP_RE = re.compile(r"\b(?:beats|beating|outperforms?|outperforming|ahead of)\s+(?:the\s+)?" + _ENGINE_RE.pattern,
                            re.I)
_ENGINE_SUBJECT_RE = re.compile(r"(?:^|[,;:]\s*|\b(?:scenarios?|cases?|runs?|workloads?|tests?)\s+)(?:" + _ENGINE_RE.pattern
                                 + r")\s+(?:was|is|were|are|ran|runs|came out|comes out|ended up|ends up)\b", re.I)
_RUNNING_ENGINE = re.compile(r"\W*(?:running|using|switching to|moving to|swapping in)\s+(?:the\s+)?(?:"
                             + _ENGINE_RE.pattern + r")\b", re.I)
_PERF_WORDS = re.compile(
    r"\b(?:faster|slower|speed-?ups?|speed|throughput|latency|latencies|ttft|itl|tpot|goodput|tok/s|tokens/s|"
    r"tokens per second|per second|performance|quicker|capacity|cost|memory|efficien\w*|higher|lower|more|fewer|better|"
    r"as many|as much|shorter|response times?|tps)\b", re.I)
_COMPARATIVES = {"lower", "higher", "less", "more", "faster", "slower", "fewer", "better", "worse", "cheaper",
                 "smaller", "larger", "bigger", "shorter", "longer", "quicker", "reduction", "improvement",
                 "increase", "decrease", "speedup", "gain", "drop", "boost", "uplift", "saving", "savings",
                 "overhead", "penalty", "regression", "slowdown"}
_WINDOW_TOKENS = 60
_TIME_UNIT = re.compile(r"(?:\b|(?<=\d))(?<!/)(?:ms|s|sec|seconds?|minutes?|hours?)\b(?!\s*/)|\b(?:latency|time|slower|faster)\b",
                        re.I)  # ("reqs/s", "tok/s" are rates: "/s" is no time unit)
_PERF_UNIT = re.compile(
    r"(?:tok|tokens?|req|requests?|queries)\s*/\s*(?:s|sec|second)\b|\btokens? per second\b|(?<![a-z'’])(?:ms|s|sec|"
    r"seconds?|minutes?|gb|gib|mb|tflops?)\b|\d\s*(?:us|µs|μs)\b|\$|\bqps\b|\brps\b|\btps\b", re.I)
_CLAUSE_BREAK = {",", ";", "—", "–", "(", ")", ":", "and", "but", "while", "whereas"}


@dataclass
class _Fig:
    start: int  # token index (first number, or first word of a spelled figure)
    end: int  # token index, exclusive
    value: float
    unit: str
    low: float | None = None
    hedge: str = "none"
    form: str = ""
    sign: int = 0  # +1 / -1 when written with a sign
    old: float | None = None
    new: float | None = None


@dataclass
class _DocContext:
    """What a document states once and claims inherit: section and document-wide ops."""

    section_ops: dict[int, tuple[OpMention, str]] = field(default_factory=dict)  # section_start -> (op, source)
    heading_ops: dict[int, OpMention] = field(default_factory=dict)  # heading block start -> op
    doc_op: OpMention | None = None
    doc_op_own_only: bool = False  # the statement covers the writers' own runs only ("every in-house number")
    title_op: OpMention | None = None  # an op in the document's title ("... single-stream speed")
    # statements that scope one metric ("throughput figures are offline; latency is single-stream")
    section_metric_ops: dict[tuple[int, str], OpMention] = field(default_factory=dict)
    doc_metric_ops: dict[str, OpMention] = field(default_factory=dict)
    title_technique: str | None = None
    heading_techniques: dict[int, str | None] = field(default_factory=dict)
    # a heading that names no technique, under one that does ("### Performance" under "## HiCache")
    parent_heading_techniques: dict[int, str] = field(default_factory=dict)
    off_lexicon_sections: set[int] = field(default_factory=set)  # "## Sparsity for the batch tier"
    heading_starts: list[int] = field(default_factory=list)  # in document order
    doc_hardware: str | None = None
    doc_model: str | None = None
    doc_lengths: tuple[int | None, int | None] = (None, None)
    doc_precision: str | None = None
    parent_ops: dict[int, OpMention | None] = field(default_factory=dict)
    leadin_text: dict[int, str] = field(default_factory=dict)  # list item -> the paragraph ending ':' above
    # "The metric throughout is decode speed", "Each cell is end-to-end time": the metric figures measure
    # (metric, whether the statement speaks only of table cells: "Each cell is ...")
    doc_metric: tuple[str, bool] | None = None
    section_metric: dict[int, tuple[str, bool]] = field(default_factory=dict)
    # "every number below comes from runs at batch size 1" outside a setup section: from there on
    # (statement's block end, op, the one section it names: "every figure in Section 2" covers that section only)
    from_here: list[tuple[int, OpMention, bool]] = field(default_factory=list)
    # "every timing in Sections 5.1 to 5.4 was taken at batch size 1": (the section numbers named, op)
    numbered_ops: list[tuple[frozenset[str], OpMention]] = field(default_factory=list)


def _num(text: str) -> float | None:
    t = text.lower().replace(",", "").lstrip("~≈+$€£")
    if t in NUMBER_WORDS:
        return float(NUMBER_WORDS[t])
    scale = 1.0
    if t.endswith("k") and t[:-1].replace(".", "", 1).isdigit():
        t, scale = t[:-1], 1000.0  # "1.5k tok/s"
    try:
        return float(t) * scale
    except ValueError:
        return None


# --------------------------------------------------------------------------- figures


_CLAUSE_JOIN = re.compile(r",\s*(?:and|but|while|whereas)\b|;")
# "Source: AWS blog, 'Achieve up to ~2x higher throughput ...'": where the facts come from, not a claim
_SOURCE_LINE = re.compile(r"\s*(?:sources?|references?|via|credit)\s*:", re.I)
_BARE_NUMBER = re.compile(r"^\s*\d{1,3}\.\d{1,3}\s*$")
# ("Latency over time" is not a ratio column; "vs BF16" and "Speedup" are)
_RATIO_HEADER = re.compile(r"\b(?:speed-?ups?|ratio|factor|relative)\b|×|^\s*(?:vs\.?|versus)\s", re.I)
_UNIT_HEADER = re.compile(r"\b(?:tok|tokens|ms|sec|seconds|s|gb|req|qps|%)\b|/", re.I)


_IMPROVEMENT_PCT_HEADER = re.compile(
    r"%\s*(?:improvement|gain|speed-?up|uplift|better)\b|\b(?:improvement|gain|speed-?up|uplift)\s*\(\s*%\s*\)", re.I)
_BARE_SIGNED_NUMBER = re.compile(r"^\s*[-+−]?\s*\d{1,4}(?:\.\d{1,3})?\s*$")


def _bare_improvement_cell(document: Document, block: Block) -> bool:
    """A bare (signed) number in a column headed as a percent improvement ("% improvement vs untuned build"):
    a percent change written without its '%', positive where the row's metric got better."""
    cell = block.cell
    return bool(cell is not None and cell.col_header and _IMPROVEMENT_PCT_HEADER.search(cell.col_header)
                and _BARE_SIGNED_NUMBER.match(document.text[block.start:block.end]))


def _bare_ratio_cell(document: Document, bi: int, block: Block) -> bool:
    """A bare decimal in a speedup column ("Speedup", "Ratio", "x over FP16", or a column the lead-in
    defines: "Efficiency is the speedup over plain decoding") is a ratio written without its 'x'."""
    cell = block.cell
    if cell is None or not cell.col_header or not _BARE_NUMBER.match(document.text[block.start:block.end]):
        return False
    header = cell.col_header
    if _UNIT_HEADER.search(header):
        return False
    if _RATIO_HEADER.search(header):
        return True
    intro = _table_intro(document, bi) or ""
    return bool(re.search(re.escape(header.strip()) + r"\s+(?:is|=|means)\s+(?:the\s+)?(?:speed-?up|ratio)\b",
                          intro, re.I))


_TIME_SCALE = {"us": 1e-6, "µs": 1e-6, "ms": 1e-3, "s": 1.0, "sec": 1.0, "secs": 1.0, "second": 1.0, "seconds": 1.0,
               "min": 60.0, "mins": 60.0, "minute": 60.0, "minutes": 60.0}


def _figure_from_match(doc: Doc, label: str, start: int, end: int) -> _Fig | None:
    toks = doc[start:end]
    first = toks[0].lower_
    if label == "RATIO":
        if len(toks) == 1:
            word = first
            if word in MULTIPLIER_WORDS:
                return _Fig(start, end, MULTIPLIER_WORDS[word], "x", form="word")
            m = re.match(r"^(\d+(?:\.\d+)?)(?:[xX×]|-fold)$|^[x×](\d+\.\d+)$", toks[0].text)
            if not m:
                return None
            return _Fig(start, end, float(m.group(1) or m.group(2)), "x", form="ratio")
        v = _num(toks[0].text)
        if v is None:
            return None
        form = "times" if toks[-1].lower_ in ("times", "fold") else "ratio"
        if len(toks) == 5 and toks[3].lower_ == "half":
            v += 0.5  # "seven and a half times"
        return _Fig(start, end, v, "x", form=form)
    if label == "FACTOR":  # "a factor of 2.11": the figure is the number
        v = _num(toks[-1].text)
        return _Fig(end - 1, end, v, "x", form="ratio") if v is not None and v > 0 else None
    if label == "BARE_RATIO":
        v = _num(toks[0].text)
        return _Fig(start, end, v, "x", form="ratio") if v is not None else None
    if label == "BARE_IMPROVEMENT":
        v = _num(toks[0].text)
        return _Fig(start, end, v, "%", form="improvement") if v is not None else None
    if label == "PERCENT":
        v = _num(toks[0].text)
        if v is None:
            return None
        return _Fig(start, end, v, "%", form="percent")
    if label == "FRACTION":
        words = [t.lower_ for t in toks]
        if words[0] in HALVING_WORDS or "half" in words:
            return _Fig(start, end, 50.0, "%", form="fraction")
        for w in words:
            for name, val in FRACTIONS.items():
                if name in w:
                    return _Fig(start, end, val, "%", form="fraction")
        return None
    if label == "FROMTO":
        nums = [(i, t) for i, t in enumerate(toks) if (t.like_num or t.text[:1].isdigit()) and _num(t.text) is not None]
        if len(nums) < 2:
            return None
        old, new = _num(nums[0][1].text), _num(nums[-1][1].text)
        if not old or new is None or old <= 0 or new <= 0:
            return None
        fig_start = start + nums[0][0]
        (i0, _), (i1, _) = nums[0], nums[-1]
        if i0 + 1 < len(toks) and i1 + 1 <= len(toks) and toks[i0 + 1].text in UNIT_X and \
                (end < len(doc) and doc[end].text in UNIT_X or i1 + 1 < len(toks) and toks[i1 + 1].text in UNIT_X):
            # "ranged from 2.5x to 3.4x": a range of ratios, not a pair of absolute numbers
            hi_end = end + 1 if end < len(doc) and doc[end].text in UNIT_X else end
            lo, hi = min(old, new), max(old, new)
            return _Fig(fig_start, hi_end, hi, "x", low=lo, hedge="range", form="ratio")
        # "from 13 s to about 500 ms": both ends in one time unit
        old_unit = toks[i0 + 1].lower_ if i0 + 1 < len(toks) else ""
        new_unit = doc[end].lower_ if end < len(doc) else ""
        if old_unit in _TIME_SCALE and new_unit in _TIME_SCALE:
            new = new * _TIME_SCALE[new_unit] / _TIME_SCALE[old_unit]
        return _Fig(fig_start, end, round(new / old, 3), "abs", form="fromto", old=old, new=new)
    return None


def _extend_range(doc: Doc, fig: _Fig, sent: Span) -> None:
    """'1.8-2.3x', 'two to three times', '30 to 40 percent', '2x-3x', 'between 2 and 3x'."""
    i = fig.start
    if fig.unit == "abs" or (fig.form in ("word", "fraction") and "fold" not in doc[fig.start:fig.end].text.lower()):
        return
    j = i - 1
    if j - 1 < sent.start:
        return
    sep = doc[j].lower_
    if sep not in ("-", "–", "—", "to", "and", "/", "~"):
        return
    k = j - 1
    # "2x-3x": the low end carries its own unit; "two- to four-fold": a suspended hyphen
    if doc[k].text in UNIT_X or doc[k].lower_ in ("%", "percent", "times") or (sep == "to" and doc[k].text == "-"):
        k -= 1
    if k < sent.start:
        return
    half = 0.0
    if k - 3 >= sent.start and [t.lower_ for t in doc[k - 2:k + 1]] == ["and", "a", "half"]:
        half, k = 0.5, k - 3  # "one and a half to nine times"
    low_tok = doc[k]
    low_text = low_tok.text[:-1] if sep == "to" and low_tok.text.endswith("-") and len(low_tok.text) > 1 else low_tok.text
    m = re.match(r"^(\d+(?:\.\d+)?)[xX×%]$", low_text)
    low = float(m.group(1)) if m else (_num(low_text) if low_tok.like_num or low_text != low_tok.text else None)
    low = low + half if low is not None else None
    if low is None or low <= 0 or low >= fig.value:
        return
    if sep == "and" and not (k - 1 >= sent.start and doc[k - 1].lower_ == "between"):
        return
    if sep == "/":
        return
    if fig.unit == "x" and sep == "to" and k - 2 >= sent.start and doc[k - 1].lower_ == "from" and \
            doc[k - 2].lower_ in _CHANGE_VERBS:
        return  # "the gain goes from 1.35x to 1.95x": the earlier figure and the new one, two claims
    fig.low = low
    fig.start = k
    fig.hedge = "range"


def _window_text(doc: Doc, a: int, b: int, sent: Span) -> str:
    a = max(a, sent.start)
    b = min(b, sent.end)
    return " " + _span_text(doc, doc[a:b]).lower() + " " if a < b else " "


def _words_end(doc: Doc, start: int, n: int, sent: Span, stop: set[str] | frozenset[str] = frozenset()) -> int:
    """The token index n words after `start` (or at the first token in `stop`), a hyphen joining two words
    not counting as one ("44.1% block-level KV hit rate": the hit rate is four words on)."""
    b, words = start, 0
    while b < sent.end and words < n and doc[b].lower_ not in stop:
        words += doc[b].text != "-"
        b += 1
    return b


def _clause_window(doc: Doc, fig: _Fig, before: int, after: int, sent: Span) -> str:
    """`_window_text` cut at the clause breaks either side of the figure: "compresses the cache 4.98x
    while accuracy drops" reads "compresses the cache 4.98x"."""
    a = fig.start
    while a > max(sent.start, fig.start - before) and doc[a - 1].lower_ not in _CLAUSE_BREAK:
        a -= 1
    return _window_text(doc, a, _words_end(doc, fig.end, after, sent, _CLAUSE_BREAK), sent)


_GAIN_WORDS = re.compile(r"\b(?:gains?|improvements?|advantage|speeds? up|sped up)\b", re.I)
_QUALITY_SENTENCE = re.compile(r"\b(?:accuracy|perplexity|gsm8k|mmlu|humaneval|rouge|bleu|win rate)\b", re.I)
_CRITERION_LABEL = re.compile(r"^\W*(?:(?:success|acceptance|exit|pass|go/no-go|rollout)\s+criteri(?:on|a)|target|goal|"
                              r"requirement|SLO|budget)\s*:", re.I)
# a threshold stated as the subject of a rule: "Any regression of more than 5% ... blocks the release"
_CRITERION_RE = re.compile(
    r"^\W*(?:a|an|any)\s+(?:drop|fall|regression|increase|rise|loss|slowdown|gain|change|improvement)\s+of\s+"
    r"(?:more than|over|at least|above|below|under|less than|fewer than)\s+[^.;]{0,80}?\b(?:is|counts as|triggers|"
    r"blocks|fails|means)\s+(?:a|an|the)?\s*(?:[\w-]+\s+)?(?:signal|trigger|threshold|criterion|gate|blocker|"
    r"red flag|alarm|failure|release|rollout|rollback|merge)\b", re.I)
# words right after "at/of N%" that make it a change ("at 50% lower cost"), not a level ("at 90%")
_LEVEL_BREAKERS = {"lower", "higher", "less", "more", "faster", "slower", "fewer", "better", "worse", "cheaper",
                   "smaller", "larger", "quicker", "above", "below", "over", "discount", "off", "reduction", "improvement",
                   "speedup", "gain", "saving", "savings"}
# "from at most 50% to 78%": a level moved (a percent range or pair after "from"), not a change by 78%
_FROM_BEFORE = re.compile(r"\bfrom\s+(?:(?:at most|at least|about|around|roughly|nearly|almost|up to|just|only|over|"
                          r"under|below|above)\s+)?$", re.I)
_HIT_RATE_AFTER = re.compile(r"\s*(?:higher|lower|better)?\s*(?:(?:prefix|kv)[- ])?(?:cache[- ])?hit[- ]rates?\b", re.I)
_THRESHOLD_BEFORE = re.compile(r"\b(?:usage|utili[sz]ation|hit rate|occupancy)\s+(?:\w+\s+){0,3}?(?:stays?\s+|sits?\s+|"
                               r"remains?\s+|must\s+stay\s+|is\s+)?(?:above|below|over|under)\s+$", re.I)
_RANGES_FROM = re.compile(r"\b(?:ranges?|ranged|ranging)\s+from\b", re.I)
_FROM_LEVEL_TO = re.compile(r"\bfrom\s+(?:[a-z]+\s+){0,3}?\d[\d.,]*\s*%\s+to\s*$", re.I)
# a gain noun as the subject ("Cumulative gain since PR #13: 15%", "the average gain ... is 19-22%")
_GAIN_NOUN = re.compile(r"\b(?:gain|gains|speedup|speed-up|speedups|improvement|uplift|reduction|savings?|"
                        r"slowdown|regression)\b", re.I)
_GAIN_LABEL = re.compile(r"^\W*(?:[\w-]+\s+){0,2}" + _GAIN_NOUN.pattern, re.I)
_WORD_RATIO_CHANGE = re.compile(r"\b(?:improvement|regression|win|gain|speedup|speed-up|reduction|boost|slowdown|"
                                r"request rate|query rate)\b", re.I)  # "a tenfold improvement", "twice the request rate"
# a percent right after a from/to pair, set off by a comma or dash: the pair restated ("..., about eleven percent")
_RESTATED = re.compile(r"[,—–(](?:\s*(?:or|i\.e\.|that is|a|an|about|around|roughly|nearly|almost|some)\b)*\s*[~≈]?$", re.I)
_GAIN_MOVED_TO = re.compile(r"\b(?:lead|gain|advantage|edge|speedup|speed-up|uplift|margin|gap)\s+(?:\w+\s+){0,4}?"
                            r"(?:shr[ai]nk\w*|narrow\w*|f[ae]ll\w*|dropp?\w*|grew|grows|rose|rises|widen\w*|"
                            r"increas\w*|decreas\w*|(?:is|was|are|were)\s+(?:down|up))\s+to\s*(?:about\s+|roughly\s+|just\s+|only\s+)?$", re.I)
_PERF_NOUN_AFTER = re.compile(r"^\s*(?:performance|perf|throughput|speed|inference)\b", re.I)
_LOSS_BEFORE = re.compile(r"\b(?:lose|loses|lost|losing|sacrific\w*|gives? up|gave up|forfeit\w*)\b", re.I)
# a from/to in tokens is a capacity claim when the sentence is about the cache or what fits
_POOL_WORDS = re.compile(r"\b(?:pool|KV cache|KV-cache|cache capacity|capacity|fit|fits)\b", re.I)
# "for the same accuracy", "with no accuracy loss", "while keeping accuracy": quality held as a condition
_QUALITY_HELD = re.compile(r"\b(?:(?:for|at|with)\s+(?:the\s+)?(?:same|equal|matching|comparable|similar|unchanged|"
                           r"iso-?)\s*accuracy|(?:with(?:out)?|at)\s+(?:no|negligible|minimal|little|any)\s+"
                           r"(?:loss (?:of|in) )?accuracy(?: loss| drop| degradation)?|"
                           r"(?:keep|keeping|keeps|preserv\w+|maintain\w*|retain\w*)\s+(?:the\s+|model\s+)?accuracy|"
                           r"without\s+(?:losing|sacrificing|hurting|degrading|giving up)\s+(?:any\s+|model\s+)?accuracy)\b", re.I)
_STRICT_PERF = re.compile(
    r"\b(?:faster|slower|speed|speed-?ups?|throughput|latency|ttft|itl|tpot|tok/s|tokens/s|tokens per second|"
    r"goodput|memory|cost|cheaper|req/s|requests per second)\b", re.I)
_SPEED_NOUNS = {"speedup", "speedups", "speed-up", "speed-ups"}


def _cost_is_verb(doc: Doc, fig: _Fig, sent: Span) -> bool:
    """"This change cost 2.9%": "cost" as the verb right before the figure (not "cuts cost 30%")."""
    if fig.start - 1 < sent.start or doc[fig.start - 1].lower_ != "cost":
        return False
    before = doc[fig.start - 2].lower_ if fig.start - 2 >= sent.start else ""
    return before not in CHANGE_VERBS and before not in _COST_NOUN_MODIFIERS and before not in (
        "the", "its", "their", "our", "a", "per", "total", "lower", "higher")


def _metric_after_comparative(doc: Doc, fig: _Fig, sent: Span) -> bool:
    """"turns that sparsity into roughly 15% lower per-token latency": a comparative and a named
    performance metric right after the figure make it a change of that metric, whatever precedes it."""
    after = doc[fig.end:min(sent.end, fig.end + 10)].text
    named = _COMPARATIVE_THEN.match(" " + after)
    m = _METRIC_RE.match(" " + after, named.end()) if named else None
    return m is not None and _METRIC_OF[m.group(1).lower()] not in ("capacity", "unspecified")


def _metric_just_before(doc: Doc, fig: _Fig, sent: Span) -> bool:
    """"matched per-tensor FP8 throughput (1.01x) with better accuracy": the figure measures the metric
    named right before it, whatever follows."""
    before = doc[max(sent.start, fig.start - 3):fig.start].text
    m = None
    for m in _METRIC_RE.finditer(before):
        pass
    return m is not None and _METRIC_OF[m.group(1).lower()] in ("throughput", "latency", "ttft", "itl", "tpot", "e2e",
                                                               "goodput")


_COMPOUND_THEN_SPEED = re.compile(r"^\s*(?:[a-z]+(?:-[a-z]+)+|per-\w+|decode|decoding|prefill|generation|inference)\s+"
                                  r"(?:speed-?ups?|speedups?)\b", re.I)


def _speed_figure(doc: Doc, fig: _Fig, sent: Span) -> bool:
    """"6% slower", "speedups of up to 1.56x": the figure is a speed change whatever the words around it
    say ("with no CPU hits", "with negligible accuracy loss" are conditions, not the quantity)."""
    nxt = doc[fig.end].lower_ if fig.end < sent.end else ""
    if nxt in ("faster", "slower", "quicker") or nxt in _SPEED_NOUNS:
        return True
    if _COMPOUND_THEN_SPEED.match(_window_text(doc, fig.end, fig.end + 10, sent)):
        return True  # "roughly 15% end-to-end speed-up"
    before = _strip_hedge([t.lower_ for t in doc[max(sent.start, fig.start - 5):fig.start]])
    return len(before) >= 2 and before[-1] == "of" and before[-2] in _SPEED_NOUNS


_BASELINE_NAMED = re.compile(r"\b(?:under|below|above|behind|ahead of)\s+(?:the\s+)?(?:BF16|FP16|FP32|FP8|INT8|INT4|"
                             r"baseline|default|[A-Z][\w.-]*\d[\w.-]*|v\d[\w.]*|vLLM|SGLang|TensorRT-LLM|TGI)\b")


_METRIC_GAIN_AFTER = re.compile(r"\s*(?:throughput|latency|ttft|tpot|itl|speed|tok/s|tokens/s|goodput)\s+(?:boost|uplift|gain|"
                                r"improvement|increase|reduction|drop|speedup|speed-up|cut|win)\b", re.I)
# "TTFT down 56% (hit rate 40% -> 80%)": the metric moved is named right before the figure
_SIZE_OF_A_UNIT = re.compile(r"\b(?:block|blocks|unit|units|page|pages|chunk|chunks|tile|tiles|buffer|buffers|"
                             r"message|messages|payload|transfer|transfers)\b(?:\s+(?:size|copied|moved|sent))?"
                             r"[^,.;]{0,30}\b(?:went|goes|grew|grows|moved|changed|rose|fell|shrank|is|was)?\s*from\s*$", re.I)
_AND_BY_AFTER_ONE = re.compile(r"\band\s+by\s+(?:about\s+|roughly\s+|around\s+|~\s*)?$", re.I)
_METRIC_MOVED_BEFORE = re.compile(r"\b(?:ttft|tpot|itl|latency|throughput|tok/s|cost|memory)\s+(?:down|up|cut|drops?|dropped|"
                                  r"falls?|fell|rises?|rose)\s+(?:by\s+)?(?:~\s*)?$|"
                                  # "cache hits cut TTFT by 84%": the verb before the metric
                                  r"\b(?:cuts?|reduc(?:es|ed|e)|lower(?:s|ed)?|raises?|raised|improv(?:es|ed|e)|boost(?:s|ed)?|"
                                  r"increas(?:es|ed|e)|speeds? up|sped up)\s+(?:the\s+)?(?:mean\s+|median\s+|average\s+|p\d\d\s+)?"
                                  r"(?:ttft|tpot|itl|latency|throughput|tok/s|cost|memory)\s+by\s+(?:about\s+|roughly\s+|~\s*)?$|"
                                  # "DMA came out ahead of the kernel by roughly 5.5% at 0% hits"
                                  r"\b(?:ahead|behind)\b[^,.;]{0,40}\bby\s+(?:about\s+|roughly\s+|around\s+|~\s*)?$",
                                  re.I)
# "halves the memory of the KV cache": the quantity halved is named right after the figure
_QUANTITY_AFTER = re.compile(r"\s*(?:the\s+)?(?:memory|footprint|latency|ttft|tpot|itl|throughput|cost|size)\b", re.I)
_TRAINING_SUBJECT = re.compile(r"^\W*(?:[\w.-]+\s+){0,3}?training\b(?![- ]free)", re.I)
_SHARE_OF_PERF = re.compile(r"\s*(?:the |its |their |a |an )?(?:\w+ )?(?:speed|throughput|latency|performance|time|"
                            r"cost|baseline|original|reference|peak speed)\b", re.I)
_TRAINING_TERMS = re.compile(r"\b(?:pre-?training|(?:faster|quicker|cheaper) training|training (?:recipe|compute|run|runs|cost|throughput|flops|tokens|"
                             r"speedup|speed-up|win|gain|time|step|steps)|backward pass|"
                             r"fewer flops)\b", re.I)
_TRAINING_AFTER = re.compile(r"\s*(?:(?:higher|better|more|faster|the|its|their)\s+){0,2}(?:pre-?)?training\b(?![- ]free)", re.I)
_INFERENCE_WORDS = re.compile(r"\b(?:inference|serving|serve[sd]?|decod\w*|generation|prefill|latency|ttft|tpot|"
                              r"tok(?:ens)?/s|tokens per second)\b", re.I)


_CHANGE_VERBS = {"goes", "went", "go", "going", "rose", "rises", "rise", "grew", "grows", "climbs", "climbed",
                 "jumps", "jumped", "moved", "moves", "improved", "improves", "increased", "increases", "fell",
                 "falls", "dropped", "drops", "slides", "slid", "sliding", "shrinks", "shrank", "declines", "declined",
                 "decays", "decayed", "fades", "faded", "erodes", "eroded", "narrows", "narrowed", "changes", "changed"}


def _doc_text(doc: Doc) -> str:
    """doc.text joins every token each time it is read; a block's text is read once."""
    text = doc.user_data.get("text")
    if text is None:
        text = doc.user_data["text"] = doc.text
    return text


def _span_text(doc: Doc, span: Span) -> str:
    """A span's text sliced from the block's cached text."""
    return _doc_text(doc)[span.start_char:span.end_char]


def _same_line(doc: Doc, i: int, j: int) -> bool:
    a, b = sorted((doc[i].idx, doc[j].idx))
    return "\n" not in _doc_text(doc)[a:b]


def _ratio_change(doc: Doc, s: int, e: int) -> bool:
    """A from/to pair of ratios after a change verb ("goes from 1.35x to 1.95x")."""
    toks = doc[s:min(len(doc), e + 1)]
    units = sum(1 for t in toks if t.text in ("x", "X", "×"))
    return units >= 2 and s > 0 and doc[s - 1].lower_ in _CHANGE_VERBS


_COUNT_NOUN = re.compile(r"^(?:adapters?|loras?|gpus?|nodes?|users?|clients?|models?|experts?|layers?|replicas?|concurrent|"
                         r"instances?|cards?|devices?|ranks?|pods?|sequences?)$", re.I)
# "range" as a noun sweeps only right before the pair ("a range from 1 to 64"); "in the 20-30 TPS/user
# range median TTFT rises from ..." is a result inside a named range
_SWEPT = re.compile(r"\b(?:swept|sweeps?|sweeping|varied|varying|varies|scaled|scaling|ranging|ramps?|"
                    r"ramped|ramping|stepped|stepping)\b|\b(?:ranges?|ranged)\s*$",
                    re.I)
_SWEEP_BEFORE = re.compile(r"\b(?:batch(?:[- ]?sizes?)?|concurrency|concurrencies|sweep\w*|request rates?|qps|"
                           r"sequence lengths?|context lengths?|prompt lengths?)\s*$", re.I)


# a figure that compares hardware specifications: parts counted ("fewer CUDA cores") always, a bandwidth
# or memory size only when the sentence says what the hardware has ("has 7% less bandwidth")
_HARDWARE_SPEC_AFTER = re.compile(
    r"^\s*(?:fewer|less|more|lower|higher)\s+(?:[\w-]+\s+){0,3}?(?:cores|SMs|shaders|transistors|compute units|"
    r"lanes|(?:memory\s+)?bandwidth|L2(?:\s+cache)?|TFLOPS|PFLOPS|FLOPS|tensor cores|TDP|GPU memory|HBM(?:\s+capacity)?|"
    r"(?:dense |sparse )?(?:FP4|FP8|FP16|BF16|INT8) compute|power (?:limit|specification|spec|envelope|draw|rating))\b", re.I)
_SPEC_COUNT_NOUN = re.compile(r"\b(?:cores|SMs|shaders|transistors|compute units|lanes)\b", re.I)
_SPEC_HAS_BEFORE = re.compile(r"\b(?:has|have|had|having|with|offers|provides|packs|features|comes with|gets?|got|"
                              r"brings?|carries|carry)\b", re.I)
# "an NVLink-C2C link seven times faster than PCIe": an interconnect's spec, not a serving result
_LINK_BASELINE = re.compile(r"^\s*(?:faster|more bandwidth|higher bandwidth)?\s*than\s+(?:PCIe|InfiniBand|Ethernet|NVLink)\b",
                            re.I)


_PART_OF_WHOLE = re.compile(r"\d[\d.,]*\s*[KMBkmb]?\s+(?:out\s+)?of\s+(?:its\s+|the\s+|their\s+)?\d[\d.,]*\s*[KMBkmb]?"
                            r"(?:\s+[\w-]+){0,3}\s*$")


_WHICH_NON_PERF = re.compile(r"\b(?:utili[sz]ation|acceptance(?: rate)?|accuracy|hit rate|occupancy)\b[^;]*,\s*which\b[^,;]*$",
                             re.I)


def _is_decoy(doc: Doc, fig: _Fig, sent: Span, cell_header: str | None, accepted: list[_Fig]) -> bool:
    st = _span_text(doc, sent)  # the sentence, joined once (Span.text re-joins its tokens on every read)
    nxt = doc[fig.end] if fig.end < sent.end else None
    prev = doc[fig.start - 1] if fig.start - 1 >= sent.start else None
    if (_TRAINING_SUBJECT.search(st) or _TRAINING_TERMS.search(st)
            or (cell_header and re.search(r"\btraining\b", cell_header, re.I))) \
            and not _INFERENCE_WORDS.search(st + " " + (cell_header or "")):
        return True  # "Training: up to 2x the performance per dollar of v4": not an inference claim
    if _TRAINING_AFTER.match(_window_text(doc, fig.end, fig.end + 4, sent)):
        return True  # "Up to 2.5x training performance per dollar and up to 1.4x inference ...": the first is training's
    if prev is not None and prev.text in ("$", "€", "£", "#", "v", "V", "[", "@") and fig.unit != "abs":
        return True
    if fig.start - 2 >= sent.start and doc[fig.start - 1].lower_ == "by" and doc[fig.start - 2].lower_ in (
            "vary", "varies", "varied", "differ", "differs", "differed", "fluctuate", "fluctuates"):
        return True  # "since prompt lengths vary by 10x": a spread, not a change
    if prev is not None and prev.lower_ in ("version", "release", "step", "table", "figure", "fig.", "section",
                                            "eq.", "equation", "rank", "layer", "top"):
        return True
    if prev is not None and prev.lower_ in ("the", "that", "this") and nxt is not None and \
            any(a.value == fig.value and a.unit == fig.unit and _same_line(doc, a.start, fig.start) for a in accepted):
        return True  # "adds 6% ..., which the 6% does not count": named again on its line, one claim
    if fig.unit in ("%", "x") and _HARDWARE_SPEC_AFTER.match(_window_text(doc, fig.end, fig.end + 6, sent)) and (
            _SPEC_COUNT_NOUN.search(_window_text(doc, fig.end, fig.end + 6, sent))
            or _SPEC_HAS_BEFORE.search(_window_text(doc, fig.start - 10, fig.start, sent))):
        return True  # "has 33% fewer cores", "a link with 68.4% less bandwidth": the hardware, not a result
    if fig.unit in ("%", "x") and _CRITERION_LABEL.match(st):
        return True  # "Success criterion: P99 TTFT ... falls by at least 30 percent": a target, not a result
    rule = _CRITERION_RE.search(st) if fig.unit in ("%", "x") else None
    if rule is not None and rule.start() < doc[fig.start].idx - sent.start_char < 60:
        return True  # "A drop of more than 10% in KV tokens on any pool is a stop signal": a rule, not a result
    if fig.unit == "x" and _LINK_BASELINE.match(_window_text(doc, fig.end, fig.end + 5, sent)):
        return True
    if fig.unit == "abs" and (_SWEEP_BEFORE.search(_window_text(doc, fig.start - 4, fig.start - 1, sent).rstrip())
                              or _SWEPT.search(_window_text(doc, fig.start - 7, fig.start - 1, sent))
                              or (nxt is not None and _COUNT_NOUN.match(nxt.text))):
        return True  # "sweeping batch size from 1 to 64", "from 5 to 2,000 adapters": a sweep, not a result
    if fig.unit == "abs" and _SIZE_OF_A_UNIT.search(_window_text(doc, fig.start - 10, fig.start, sent)) and \
            re.search(r"\b(?:[KM]i?B|KB)\b", doc[fig.start:min(sent.end, fig.end + 1)].text):
        return True  # "the transfer unit went from 32 KB to 2 MB": a layout's block size, no performance quantity
    if fig.unit == "abs" and nxt is not None and ctx.HARDWARE_RE.fullmatch(nxt.text) and any(
            ctx.HARDWARE_RE.fullmatch(t.text) for t in doc[fig.start + 1:fig.end - 1]):
        return True  # "move chat-8b from 6 L40S to 2 H100": a fleet change, counts of chips
    if fig.form == "fromto" and any(re.fullmatch(r"\d+(?:\.\d+)?[BbMm]", t.text) for t in doc[fig.start + 1:fig.end - 1]):
        return True  # "Llama 3.1 405B -> 108 tok/s/user": a version and a model size, not a pair
    if fig.unit == "abs":
        # a from/to pair is a claim when it moves a performance quantity: a perf unit in or right
        # after the pair, or a metric named just before it ("TTFT fell from ..."), not a block size
        # or a concurrency sweep ("from 16 to 32")
        around = _window_text(doc, fig.start - 8, fig.end + 3, sent)
        unit_after = _window_text(doc, fig.end, fig.end + 5, sent)  # "to 4,600 output tokens per second"
        if re.match(r"\s*[kKmM]?\s*tokens\b", unit_after) and _POOL_WORDS.search(st):
            return False  # "the pool goes from 43,928 to 87,857 tokens": room in the KV cache, a capacity claim
        if re.match(r"\s*(?:concurrent\s+)?(?:requests|sequences|users|sessions)\b", unit_after) and \
                re.search(r"\b(?:ceiling|capacity|fits?|admit\w*|admission)\b", around):
            return False  # "raises the concurrency ceiling from 500 to 4,000 requests": a capacity claim
        return not (_PERF_UNIT.search(around) or _names_metric(around) or _PERF_UNIT.search(unit_after))
    if fig.unit == "x":
        if fig.value <= 0 or (fig.value > 1000 and not (nxt is not None and nxt.lower_ in _COMPARATIVES)):
            return True  # (not "up to 1,154x faster TTFT")
        if nxt is not None and nxt.text in ("'s", "’s"):
            return True  # "SCB 10X's event": a name
        if (nxt is not None and nxt.lower_ in ("unrolled", "unroll", "unrolling")) or re.search(
                r"\bunroll\w*\s+(?:\w+\s+){0,2}$", _window_text(doc, fig.start - 4, fig.start, sent)):
            return True  # "a 4x unrolled loop", "unrolls its loop 4x": a code shape, not a speedup
        if re.search(r"\bset (?:at|to)\s+(?:\S+\s+(?:and|or)\s+)?$", _window_text(doc, fig.start - 5, fig.start, sent)):
            return True  # "SLO limits set at 10x and 5x their values": a threshold chosen, not a result
        if nxt is not None and re.fullmatch(r"\d{4}(?:Ti)?|RTX|(?:RTX)?\d{4}", nxt.text) and fig.form == "ratio":
            return True  # "my 2x 4090 box": two cards, not a ratio
        if prev is not None and prev.text == "=" and fig.value == 1.0:
            return True  # "(TensorRT-LLM = 1.0x)": the baseline a table is normalised to
        if re.match(r"\s*the\s+(?:memory\s+|hbm\s+|nvlink\s+)?bandwidth\s+of\b(?!.*\butili[sz]ation)",
                    _window_text(doc, fig.end, fig.end + 8, sent)):
            return True  # "4.8 TB/s, 1.4x the bandwidth of H100": the hardware's spec, not a result
        lead = doc[sent.start:fig.start].text
        if _WHICH_NON_PERF.search(lead) and not _names_metric(st):
            return True  # "utilisation reached 15.8%, which is more than 3x the best seen with regular decoding"
        if nxt is not None and RATIO_DECOY_NEXT.match(nxt.text) and not (
                fig.form == "word" and _PERF_NOUN_AFTER.match(_window_text(doc, fig.end + 1, fig.end + 3, sent))) \
                and not (fig.form != "word" and nxt.lower_ not in ("apart", "concurrency", "seed", "seeds")
                         and (fig.value != int(fig.value) or doc[fig.start].text[:1] in "~≈"
                              or (prev is not None and prev.text in ("~", "≈")))) \
                and not (fig.end + 2 < sent.end and doc[fig.end + 1].text == "-"
                         and doc[fig.end + 2].lower_ in ("wise", "level")):  # "up to 3.6x layer-wise": how it was measured
            return True  # "8x H100" counts parts ("1.3x H100", "~9x Gaudi 3" compare); "double H100 performance" doubles it
        if nxt is not None and nxt.like_num and fig.end + 1 < sent.end and \
                re.match(r"^(?:gb|tb|mb|gib|tib|cores?|gpus?)$", doc[fig.end + 1].lower_):
            return True  # "32x 64 GB RDIMM": a count of parts
        if nxt is not None and fig.end - fig.start >= 2 and doc[fig.end - 2].whitespace_ and \
                SPACED_X_NEXT.match(nxt.text):
            return True
        if prev is not None and prev.lower_ in RATIO_DECOY_PREV:
            return True
        if nxt is not None and nxt.lower_ in ("batch", "batch_size", "max_batch_size") and fig.end - fig.start >= 2 \
                and doc[fig.end - 2].whitespace_:
            return True  # "sends 20 × batch size requests": a product, not a ratio
        if fig.form == "times" and cell_header is None:
            if not _PERF_WORDS.search(st) and not _GAIN_WORDS.search(st):
                return True
        if fig.form == "word":
            if nxt is not None and nxt.lower_ in WORD_RATIO_DECOY_NEXT:
                return True  # "double buffering"
            if prev is not None and prev.text == "-" and not prev.whitespace_ and not doc[fig.start - 2].whitespace_:
                return True  # "load-once-pack-twice": part of a hyphenated name
            window = _window_text(doc, fig.start - 8, fig.end + 8, sent)
            changed = _MULTIPLY_VERB.search(_window_text(doc, fig.start - 4, fig.start, sent))
            if not changed and not any(term in window for terms in METRIC_TERMS.values() for term in terms) and not any(
                    w in window for w in (" speed", "fast", "perform", " slow", " fits", " fit ", " result", " qps",
                                          " as many")) \
                    and not _WORD_RATIO_CHANGE.search(window):
                # ("shrinks it roughly fourfold"; "double the context budget that fits in the same HBM")
                return True
        window = _QUALITY_HELD.sub(" ", _clause_window(doc, fig, 4, 4, sent))
        if NON_PERF_RE.search(window) and not _speed_figure(doc, fig, sent) and not _metric_just_before(doc, fig, sent):
            return True
        if _HIT_RATE_AFTER.match(_window_text(doc, fig.end, fig.end + 5, sent)):
            return True  # "up to 1.9x throughput and a 3.8x higher cache hit rate": the cache's hit rate, not a speed
        if re.match(r"\W*(?:in the \w+\s+)?(?:is|was) (?:the |a |an )?(?:cache )?(?:hit[- ]rate|acceptance|accuracy|"
                    r"utili[sz]ation)\b", _window_text(doc, fig.end, fig.end + 9, sent)):
            return True  # 'the "3.8x" in the announcement is the hit rate, not speed'
        if nxt is not None and nxt.lower_ in ("is", "was") and NON_PERF_RE.search(_window_text(doc, fig.end, fig.end + 7, sent)):
            return True  # "Marconi's 34.4x is a hit-rate ratio, not a speedup": the sentence says what it measures
        return False
    if fig.unit == "%":
        if fig.value <= 0 or fig.value > 10000:
            return True
        if _QUALITY_SENTENCE.search(_QUALITY_HELD.sub(" ", st)) and not _STRICT_PERF.search(st):
            return True  # "Accuracy: perplexity 9.51 against 9.43 (0.86% worse); GSM8K 96.7% of BF16"
        if sent.start > 0 and not _STRICT_PERF.search(st) and not _PERF_WORDS.search(st) \
                and not _GAIN_WORDS.search(st) and not _WORD_RATIO_CHANGE.search(st):
            before = doc[sent.start - 1].sent
            if _QUALITY_SENTENCE.search(_QUALITY_HELD.sub(" ", _span_text(doc, before))) \
                    and not _STRICT_PERF.search(_span_text(doc, before)):
                return True  # "On GSM8K ... scores 73.2 %. For the 70B model it reaches 87.3 %.": still the score
        # (five words after the figure, "end-to-end" counted once: "a 10-60% end-to-end runtime speed-up")
        e2e = 4 if _window_text(doc, fig.end, fig.end + 5, sent).lstrip().startswith("end-to-end") else 0
        near = _window_text(doc, fig.start - 6, fig.end + 5 + e2e, sent)
        if cell_header is not None:
            h = " " + cell_header.lower() + " "
            if any(m.group(0) != "off" for m in PERCENT_DECOY_RE.finditer(h)):
                return True  # (not "| TPOT vs spec off |": a setting switched off, not "20% off")
            if re.search(r"\bratio\b", h) and not _STRICT_PERF.search(h) and not _GAIN_NOUN.search(h):
                return True  # "| Retrieval-head ratio used |": a share of heads, not a change
            if _CHANGE_HEADER.search(cell_header) or fig.sign:
                return False
        if nxt is not None and nxt.lower_ == "of" and _LOSS_BEFORE.search(_window_text(doc, fig.start - 5, fig.start, sent)) \
                and _SHARE_OF_PERF.match(_window_text(doc, fig.end + 1, fig.end + 4, sent)):
            return False  # "open-source stacks can lose as much as 60% of their throughput": a loss of performance
        lead = [t.lower_ for t in doc[max(sent.start, fig.start - 6):fig.start]]
        reach = 5 + len(lead) - len(_strip_hedge(lead))  # "accuracy gains of as much as 4%": past the hedge,
        if any(t.is_punct for t in doc[max(sent.start, fig.start - reach):fig.start]):
            reach = 5  # within the clause ("0% CPU hit rate, rising to about 15%" keeps the five words)
        decoy_window = _QUALITY_HELD.sub(" ", _window_text(doc, fig.start - reach, _words_end(doc, fig.end, 5, sent), sent))
        if any(not (m.group(0).startswith("of ") and nxt is not None and nxt.lower_ in _COMPARATIVES)
               for m in PERCENT_DECOY_RE.finditer(decoy_window)) \
                and not _speed_figure(doc, fig, sent) and not _metric_after_comparative(doc, fig, sent) \
                and not _METRIC_GAIN_AFTER.match(_window_text(doc, fig.end, fig.end + 4, sent)) \
                and not _METRIC_MOVED_BEFORE.search(_window_text(doc, fig.start - 12, fig.start, sent)) \
                and not (_AND_BY_AFTER_ONE.search(_window_text(doc, fig.start - 4, fig.start, sent)) and any(
                    a.start >= sent.start and a.end <= fig.start for a in accepted)) \
                and not _QUANTITY_AFTER.match(_window_text(doc, fig.end, fig.end + 3, sent)):
            # ("a 21% depth-pruned model ran with an 82% throughput boost": the pruning is a share, the boost a gain)
            # ("17.2% fewer tokens of KV cache": the "of" follows the compared noun, not the figure)
            return True
        nxt_word = nxt.lower_ if nxt is not None else ""
        if prev is not None and prev.text == "(" and _PART_OF_WHOLE.search(
                doc[max(sent.start, fig.start - 10):fig.start - 1].text):
            return True  # "342B of its 608B input tokens (56.3%)": a share, spelled out
        unhedged = _strip_hedge([t.lower_ for t in doc[max(sent.start, fig.start - 4):fig.start]])
        hedged = prev is not None and prev.lower_ not in ("of", "at")
        level_prev = unhedged[-1] if unhedged else ""  # ("puts the waste at up to 50%")
        if level_prev in ("of", "at") and fig.form == "percent" and nxt_word not in _LEVEL_BREAKERS:
            # "hit rate of 75 %", "at 90 %": a level, not a change
            before2 = _window_text(doc, fig.start - (8 if hedged else 4), fig.start, sent)
            if not re.search(r"\b(by|improvements?|reductions?|gains?|speedups?|increases?|decreases?|drops?|cuts?|"
                             r"boosts?|uplifts?|savings?|regressions?|penalty|penalties|overheads?|loss|losses|"
                             r"benefits?)\b", before2):
                return True
        if nxt is not None and nxt.lower_ == "of" and fig.form == "percent" and fig.end + 1 < sent.end and \
                not _SHARE_OF_PERF.match(_window_text(doc, fig.end + 1, fig.end + 4, sent)):
            return True  # "73% of conversations", "99% of a turn's prefill": a share, not a change
        ranging = fig.low is not None and _RANGES_FROM.search(_window_text(doc, fig.start - 8, fig.start, sent))
        if ranging and _GAIN_NOUN.search(_span_text(doc, doc[sent.start:fig.start])):
            return False  # "the gain in effective request capacity ranges from 59 % to 498 %"
        if not ranging and _FROM_BEFORE.search(_window_text(doc, fig.start - 4, fig.start, sent)) and (
                fig.low is not None or re.match(r"\s*to\s+\d", _window_text(doc, fig.end, fig.end + 2, sent))):
            return True  # "from at most 50% to 78%" read as a range: a level moved, like "from 20% to 75%"
        if not ranging and _FROM_LEVEL_TO.search(_window_text(doc, fig.start - 9, fig.start, sent)):
            return True  # "raises bandwidth use from at most 50% to 78%": a level moved, not a change by 78%
        # ("the gain ... ranges from 59 % to 498 %": the gains' spread, a range)
        if nxt_word in ("retrieval", "reuse", "reused"):
            return True  # "at or above 95% retrieval": a quality score; "over 80% reuse": a share of the prompt
        if fig.form == "fraction":
            words = [t.lower_ for t in doc[fig.start:fig.end]]
            if prev is not None and prev.lower_ in ("two", "both", "the", "three", "its") and words[0] in HALVING_WORDS:
                return True  # "The system has two halves": a noun
            if words[0] in HALVING_WORDS and re.match(r"\s*(?:the\s+)?(?:number of\s+)?(?:GPUs?|GPU count|nodes?|cards?|"
                                                      r"replicas?|instances?)\b", _window_text(doc, fig.end, fig.end + 4, sent), re.I):
                return True  # "part of the gain comes from halving the GPU count": a count, not a speed
            if words == ["half", "the"] and nxt is not None and nxt.lower_ in (
                    "bytes", "memory", "vram", "footprint", "size", "space", "latency", "time", "cost"):
                return False  # "half the bytes of BF16 KV": the quantity halved
            if words[:2] == ["half", "as"]:  # "using half as much RAM", not "half as many active parameters"
                return bool(NON_PERF_RE.search(_window_text(doc, fig.end, fig.end + 3, sent)))
            if words[0] in HALVING_WORDS:
                return False
            before = set(re.findall(r"[a-z][a-z-]*", _window_text(doc, fig.start - 6, fig.start, sent)))
            if nxt_word in _COMPARATIVES or before & (CHANGE_VERBS | {"by"}):
                return False
            return True
        if fig.sign:
            return False
        if _GAIN_MOVED_TO.search(doc[max(sent.start, fig.start - 8):fig.start].text):
            return False  # "the ITL gap widened to 24 %", "the lead shrank to 2%": what the gain became
        if any(a.unit == "abs" and 0 <= fig.start - a.end <= 10 and _RESTATED.search(doc[a.end:fig.start].text)
               and not any(x.text[:1].isdigit() for x in doc[a.end:fig.start]) for a in accepted):
            return False  # "from 118 to 131 tokens per second, about eleven percent": the pair restated as a change
        if prev is not None and prev.text == ":" and _GAIN_LABEL.search(doc[sent.start:fig.start - 1].text):
            return False  # "Cumulative gain since the type was introduced in PR #13: 15%"
        colon = next((i for i in range(fig.start - 1, max(sent.start, fig.start - 4) - 1, -1) if doc[i].text == ":"), None)
        if colon is not None and not _strip_hedge([t.lower_ for t in doc[colon + 1:fig.start]]) and re.search(
                r"\b(?:gains?|speed-?ups?|improvements?|uplifts?)\s+(?:are|is|was|were)\b", doc[sent.start:colon].text, re.I):
            return False  # "the gains are software-only and small: about 2 % in Offline and 4 % in Server"
        if prev is not None and prev.lower_ in ("is", "was", "are", "were") and _GAIN_NOUN.search(
                _window_text(doc, fig.start - 12, fig.start, sent)):
            return False  # "the average gain over the best existing method is 19-22%"
        if fig.unit == "%" and _THRESHOLD_BEFORE.search(_window_text(doc, fig.start - 7, fig.start, sent)):
            return True  # "Page if KV cache usage stays above 95 % for ten minutes": an alert threshold
        if fig.unit == "%" and re.search(r"\b(?:up|down|rising|falling|rose|fell)\s+from\s+(?:about\s+|roughly\s+)?$",
                                         _window_text(doc, fig.start - 4, fig.start, sent)):
            return True  # "the hit rate is 47% on V1, up from 41% on V0": the level before, not a change by 41%
        tokens = set(re.findall(r"[a-z][a-z-]*", near))
        if tokens & (CHANGE_VERBS | SPEED_WORDS | {"by", "worth", "discount"}) or _cost_is_verb(doc, fig, sent) \
                or _speed_figure(doc, fig, sent) or (
                prev is not None and prev.lower_ in ("further", "additional", "extra") and nxt_word != "of"):
            # ("gave TensorRT-LLM a further 15%": an increment on top of a result)
            return False
        if nxt_word in ("under", "below", "above", "behind", "ahead") and _BASELINE_NAMED.search(
                doc[fig.end:min(sent.end, fig.end + 5)].text):
            return False  # "INT8 lands 48 % under BF16": a change against a named baseline
        if nxt_word in ("ahead", "behind") and (fig.end + 1 >= sent.end or not doc[fig.end + 1].is_alpha
                                                or doc[fig.end + 1].lower_ == "of"):
            return False  # "against other drafting methods it comes out 30% ahead": a lead over rivals
        # "gains 2.6 % ... and 4.8 % when ...": a coordinated figure shares the earlier one's cue
        for a in reversed(accepted):
            if a.start < sent.start:
                break
            if a.unit == "%" and a.end <= fig.start:
                return False
            if a.end <= fig.start and fig.start - a.end <= 6 and any(x.text == "," for x in doc[a.end:fig.start]):
                return False  # "by up to seven and a half times on the T4, 26% on the A10G": a list of results
        return True
    return False


# --------------------------------------------------------------------------- fields


def _metric_terms_sorted() -> list[tuple[str, str]]:
    pairs = [(term, metric) for metric, terms in METRIC_TERMS.items() for term in terms]
    return sorted(pairs, key=lambda p: -len(p[0]))


_METRIC_PAIRS = _metric_terms_sorted()
_METRIC_RE = re.compile(
    r"(?<![\w/])(" + "|".join(re.escape(t) for t, _ in _METRIC_PAIRS) + r")(?![\w]|-ups?\b)", re.I)  # ("decoding speed-ups" name no metric)
_METRIC_OF = {t: m for t, m in _METRIC_PAIRS}
_COSTS_BEFORE = re.compile(r"\b(?:costs?|costing|lose|loses|lost|losing)\s+(?:up to\s+|about\s+|roughly\s+|around\s+)?$", re.I)
_COST_OF_METRIC = re.compile(r"\s*of\s+(?:the\s+|its\s+|their\s+)?(?:[\w-]+\s+)?([\w/-]+(?:\s[\w/-]+)?)")


def _names_metric(text: str) -> bool:
    """A metric term in `text` that is not a label ("the RAM clock", "latency-sensitive traffic")."""
    return any(not _MODIFIER_BEFORE.search(text, max(0, m.start() - 12), m.start()) and not _MODIFIER_AFTER.match(text, m.end())
               for m in _METRIC_RE.finditer(text))


def _find_metric(text: str, fig_start: int, fig_end: int, skip: list[tuple[int, int]],
                 after_limit: int | None = None, vague: bool = False) -> str | None:
    """The metric term nearest the figure in its own clause ("2.5x higher throughput",
    "TTFT dropped 46x"); a term across a clause break (",", "and", "while") counts far less."""
    best: tuple[float, str] | None = None
    good: float | None = None  # the nearest goodput term in the figure's own clause
    named = _COMPARATIVE_THEN.match(text, fig_end) if fig_end < len(text) else None
    if named is not None:  # "20% lower cost", "3x higher throughput": the word after the comparative
        m = _METRIC_RE.match(text, named.end())
        if m is not None and not any(m.start() < e and s < m.end() for s, e in skip):
            return _METRIC_OF[m.group(1).lower()]
    room = _ROOM_AFTER.match(text, fig_end) if fig_end < len(text) else None
    if room is not None and not re.match(r"\s*(?:per\s+(?:second|sec|minute)|/\s*s)\b", text[room.end():room.end() + 16]):
        return "capacity"  # "admits 1.9x as many concurrent 8k-token sequences", "4x larger decode batches"
    speed = _SPEED_AFTER.match(text, fig_end) if fig_end < len(text) else None
    # in the figure's own sentence (vague=True), "double performance" names the quantity without a metric
    for m in (*_METRIC_RE.finditer(text), *(_PERFORMANCE_RE.finditer(text) if vague else ())):
        if any(m.start() < e and s < m.end() for s, e in skip):
            continue
        if (speed is not None and m.start() > speed.end() + 12) or (after_limit is not None and m.start() > after_limit):
            continue  # "2.6x faster when the model is offloaded to host memory": the speed is unnamed
        if _MODIFIER_BEFORE.search(text, max(0, m.start() - 12), m.start()) or \
                _MODIFIER_AFTER.match(text, m.end()):
            continue  # "min-latency work", "latency-sensitive traffic": a label, not the measured metric
        metric = _METRIC_OF.get(m.group(1).lower(), "unspecified")  # "double performance": named, no metric
        if metric == "cost" and m.group(1).lower() == "cost" and m.end() <= fig_start and \
                not text[m.end():fig_start].strip(" ~≈") and not re.search(
                    r"\b(?:" + "|".join(sorted(CHANGE_VERBS | _COST_NOUN_MODIFIERS)) + r"|the|its|their|our|per|total)\s+$", text[max(0, m.start() - 20):m.start()], re.I):
            continue  # "This change cost 2.9%": the verb, not the quantity (not "cuts cost 30%")
        if metric == "capacity" and (_COUNT_BEFORE.search(text, max(0, m.start() - 16), m.start()) or
                                     re.search(r"\bat\s+(?:the\s+)?$", text[max(0, m.start() - 8):m.start()], re.I)):
            continue  # "at 100 concurrent users", "at larger batches": an operating point, not the quantity measured
        if metric == "capacity" and re.match(r"\s*(?:per second|per sec|/s\b)", text[m.end():m.end() + 12]):
            metric = "throughput"  # "more requests per second" is a rate, not room
        if m.start() >= fig_end:
            between = text[fig_end:m.start()]
            dist = (m.start() - fig_end) * 0.8  # "2.5x higher throughput": after the figure reads first
        elif m.end() <= fig_start:
            between = text[m.end():fig_start]
            dist = fig_start - m.end()
        else:
            between, dist = "", 0
        dist += 200 * len(_CLAUSE_RE.findall(between))
        if metric == "goodput" and dist < 200 and (good is None or dist < good):
            good = dist
        if best is None or dist < best[0]:
            best = (dist, metric)
    if best is not None and best[1] == "throughput" and good is not None:
        return "goodput"  # "lifts effective throughput from 0.63 to 1.42 queries per second": the rate is the goodput's
    return best[1] if best else None


_ROOM_AFTER = re.compile(r"\s*(?:as many|larger|bigger|more)\s+(?:[\w-]+\s+){1,2}?(?:batch(?:es)?|sequences|requests|users|"
                         r"sessions|conversations)\b", re.I)
_PERFORMANCE_RE = re.compile(r"\b(performance|perf)\b(?!\s+(?:per|/))", re.I)
_COUNT_BEFORE = re.compile(r"\d[\d,.]*[kK]?\s*$")
_SPEED_RE = re.compile(r"\b(?:" + "|".join(sorted(SPEED_WORDS, key=len, reverse=True)) + r")\b", re.I)
_COMPARATIVE_THEN = re.compile(
    r"\s*(?:lower|higher|less|more|better|cheaper|smaller|larger|reduced|increased|shorter|longer|faster|"
    r"slower|improved)\s+(?:(?:mean|median|average|p\d\d(?:\.\d+)?|peak|tail|normali[sz]ed|"
    r"\d\d(?:\.\d+)?(?:th|st|nd|rd)[- ]percentile)\s+){0,2}", re.I)
_SMALLER_AFTER = re.compile(r"\s*(?:smaller|reduction|less (?:memory|space)|compression|shrink)", re.I)
_CACHE_WORDS = re.compile(r"\b(?:kv|cache|memory|footprint)\b", re.I)
_SPEED_AFTER = re.compile(r"\s*(?:faster|slower|quicker|speed-?ups?)\b", re.I)
_MODIFIER_BEFORE = re.compile(r"\b(?:min|minimum|low|lowest|ultra-low)[- ]$", re.I)
_MODIFIER_AFTER = re.compile(r"[- ](?:sensitive|bound|optimi[sz]ed|critical|oriented|focused|constrained|clocks?|"
                             r"frequenc(?:y|ies)|timings?)\b", re.I)  # "the RAM clock": a setting, not RAM use
_CLAUSE_RE = re.compile(r"[,;:()]|\band\b|\bwhile\b|\bbut\b|\bwhereas\b|\bvs\.?|\bversus\b", re.I)


def _direction(doc: Doc, fig: _Fig, sent: Span, metric: str,
               prev: tuple[_Fig, str] | None = None) -> tuple[str, bool]:
    """(better|worse, whether the quantity went down) for the announced system. A figure with no cue of
    its own, listed after an earlier one of its sentence (prev: that figure and its metric), goes the
    way that one went ("a 1.4x slowdown on ShareGPT and 1.8x on CNN/DailyMail", "P50 TTFT rose 11.4%
    and P50 time between tokens 7.6%", "throughput rose 4.9%, and 4.6% when the arms swapped")."""
    read = _direction_cued(doc, fig, sent, metric)
    if read is None and prev is not None and doc[fig.start].lower_ not in _MULTIPLY_WORDS and \
            _listed_after(doc, prev[0], fig):
        read = _direction_cued(doc, prev[0], sent, prev[1], words_only=True)
    if read is None:
        return "better", _lower_better(doc, sent, metric)
    return read


def _lower_better(doc: Doc, sent: Span, metric: str) -> bool:
    """Less of the metric is the gain: latency, memory, cost; "other" when the sentence says so."""
    return metric in LOWER_IS_BETTER or (metric == "other" and bool(LOWER_OTHER_RE.search(_span_text(doc, sent)))
                                         and not EFFICIENCY_RE.search(_span_text(doc, sent)))


def _listed_after(doc: Doc, prev: _Fig, fig: _Fig) -> bool:
    """fig is the next member of a list prev opened: a few words between them, joined by "and" or a
    comma, none a verb of change or a clause of its own ("which turns into a 1.91x gain")."""
    start = prev.end + (1 if prev.end < fig.start and doc[prev.end].lower_ in CHANGE_VERBS else 0)  # prev's own cue
    gap = [t.lower_ for t in doc[start:fig.start]]
    return 0 < len(gap) <= 9 and ("and" in gap or "," in gap) and not any(
        w in CHANGE_VERBS or w in _OWN_CLAUSE or w in (";", ":", "(", ")") for w in gap) and \
        not _METRIC_RE.search(doc[start:fig.start].text)  # ("TTFT down 56%, throughput doubled": its own metric)


_OWN_CLAUSE = {"which", "that", "while", "but", "whereas", "vs", "vs.", "versus", "than", "so", "turns", "into", "gives",
               "giving", "yields", "is", "are", "was", "were", "or"}


def _direction_cued(doc: Doc, fig: _Fig, sent: Span, metric: str, words_only: bool = False) -> tuple[str, bool] | None:
    """_direction from the figure's own words; None when nothing near it says which way. words_only:
    only a cue word counts (what a later list member may borrow), not the figure's sign or size."""
    if words_only and (fig.unit == "abs" or fig.sign or (fig.unit == "x" and fig.value < 1)):
        return None
    lower_better = _lower_better(doc, sent, metric)
    if fig.unit == "abs" and fig.old is not None and fig.new is not None:
        down = fig.new < fig.old
        if metric == "unspecified":
            window = _window_text(doc, fig.start - 6, fig.end + 4, sent)
            lower_better = bool(_TIME_UNIT.search(window))
        return ("better" if down == lower_better else "worse"), down
    if fig.form == "improvement":  # a "% improvement" column: positive is better, whichever way the metric runs
        return ("worse" if fig.sign < 0 else "better"), (fig.sign < 0) != lower_better
    if fig.unit in ("%", "x") and _GAIN_MOVED_TO.search(doc[max(sent.start, fig.start - 8):fig.start].text):
        return "better", False  # "GH200's throughput lead shrank to 2%": what is left of the gain, still a gain
    if fig.unit == "x" and fig.value < 1 and (fig.low is None or fig.low < 1):
        return ("better" if lower_better else "worse"), True  # ("ran at 0.76-0.78x the speed": both ends below 1)
    if fig.unit == "%" and fig.sign:
        down = fig.sign < 0
        if not down and _E2E_GAIN.match(doc[fig.end:min(sent.end, fig.end + 3)].text):
            return "better", False  # "+96% e2e at bs=1": an end-to-end speedup, not 96% more latency
        return ("better" if down == lower_better else "worse"), down
    # nearest cue word, looking after the figure first ("2.5x faster", "54 % lower"), then before
    end = fig.end
    # "1.4x and 1.8x slower": the cue after the second figure speaks for both
    if end + 2 < sent.end and doc[end].lower_ in ("and", "or", "to") and doc[end + 1].like_num \
            and doc[end + 2].text in ("x", "X", "×", "%"):
        end += 3
    after = _until_break([t.lower_ for t in doc[end:min(sent.end, end + 4)]])
    negators = ("without", "no", "negligible", "minimal", "little", "zero")
    if any(w in negators for w in after):  # "over 2.2x without any loss", "with negligible accuracy loss"
        after = after[:min(i for i, w in enumerate(after) if w in negators)]
    lo = max(sent.start, fig.start - 8)
    # "slower, by 1.05%, 0.77% and 0.91%": a figure later in a list reads the cue of the list's first
    j = fig.start
    while j - 3 >= sent.start and doc[j - 1].lower_ in (",", "and") and doc[j - 2].text in ("%", "x", "X", "×") \
            and doc[j - 3].like_num:
        j -= 3
        if j - 1 >= sent.start and doc[j - 1].lower_ == "and" and doc[j - 2].text == ",":
            j -= 1
    if j < fig.start:
        lo = max(sent.start, j - 8)
    raw = [t.lower_ for t in doc[lo:j]]
    if raw[-2:] == [",", "by"]:
        raw = raw[:-2] + ["by"]  # "slightly slower, by 1.05%"
    if raw[-2:] == ["behind", "the"]:
        raw = raw[:-2] + ["the"]  # "the load behind the 30%": what underlies the figure, no lag
    raw = ["" if w == "costs" and i and (raw[i - 1] in _COST_NOUN_MODIFIERS or raw[i - 1] in CHANGE_VERBS or
                                         (i > 1 and raw[i - 2] in CHANGE_VERBS)) else w
           for i, w in enumerate(raw)]  # ("reduces costs by 90%", "reduces deployment costs": the noun)
    raw = ["loses" if w == "up" and i and raw[i - 1] in ("give", "gives", "gave", "giving") and raw[i + 1:i + 2] != ["to"]
           else "" if w == "up" and i and raw[i - 1] == "-" else w
           for i, w in enumerate(raw)]  # "gives up about 10% of throughput" (not "gives up to 2x"); "follow-up turns"
    raw = ["" if w in ("overhead", "overheads") and i and (raw[i - 1] in ("zero", "low", "no") or (
        raw[i - 1] == "-" and i > 1 and raw[i - 2] in ("zero", "low"))) else w
           for i, w in enumerate(raw)]  # "the zero-overhead batch scheduler gives 1.1x": a name, no loss
    before = _until_break(_strip_hedge(raw)[::-1])  # ("API costs" is the quantity, "it costs" the cue)
    before = ["slowdown" if w == "down" and before[i + 1:i + 2] and before[i + 1] in _SLOW_VERBS else w
              for i, w in enumerate(before)]  # "decoding slowed down threefold"
    if fig.form == "fraction" and doc[fig.start].lower_ in HALVING_WORDS:
        return ("worse" if metric in HIGHER_IS_BETTER and metric != "unspecified" else "better"), True
    if _cost_is_verb(doc, fig, sent) and not any(w in CHANGE_VERBS or w in GOOD_WORDS for w in after):
        return "worse", not lower_better  # "This change cost 2.9%": a loss
    if after[:1] == ["later"]:  # "first tokens arrived 7% later"
        return "worse", False
    if _LESS_PERFORMANCE.match(doc[fig.end:min(sent.end, fig.end + 7)].text):
        return "worse", True  # "1%-5% lower run-time performance": less speed
    if after[:1] in (["under"], ["below"]):  # "INT8 lands 48 % under BF16": less of the quantity
        return ("better" if lower_better else "worse"), True
    if "slowly" in after[:3]:  # "grows 1.85x more slowly": less of a lower-is-better quantity
        return ("better" if lower_better else "worse"), True
    cues = after + before
    for i, word in enumerate(cues):
        if word in ("slower", "slowdown", "slow-down", "slowdowns", "slow-downs"):
            return "worse", False
        if word in GOOD_WORDS:
            return "better", bool(lower_better)
        if word in BAD_WORDS:
            if i >= len(after) and word in _LOSS_NOUNS and any(w in DOWN_WORDS for w in cues[i + 1:i + 5]):
                return "better", True  # "cut auto-scaling overhead by 97%": the overhead is what went down
            return "worse", not lower_better
        if word in UP_WORDS:
            return ("worse" if lower_better else "better"), False
        if word in DOWN_WORDS:
            if metric == "unspecified":
                return "better", True
            return ("better" if lower_better else "worse"), True
    if fig.form == "fraction":
        return "better", True
    if _metric_group(metric) == "latency" and doc[fig.start].lower_ in _MULTIPLY_WORDS and (
            _TIME_METRIC_END.search(doc[max(sent.start, fig.start - 3):fig.start].text) or
            _TIME_METRIC_START.match(doc[fig.end:min(sent.end, fig.end + 3)].text)):
        return "worse", False  # "but latency doubled", "would double TTFT": more of a lower-is-better quantity
    if fig.unit == "x" and fig.value > 1 and metric in ("unspecified", "other", *LOWER_IS_BETTER) and _TAKES_LONGER.match(
            doc[fig.end:min(sent.end, fig.end + 4)].text) and not re.search(
            r"\b(?:contexts?|sequences?|prompts?|inputs?|outputs?)\s*$", doc[max(sent.start, fig.start - 3):fig.start].text):
        return "worse", False  # "graph capture takes 2.4x as long", "1.17x longer" (not "2x longer context")
    if fig.unit == "x" and fig.value > 1 and metric in LOWER_IS_BETTER and _TIMES_THAT_OF.match(
            doc[fig.end:min(sent.end, fig.end + 4)].text):
        return "worse", False  # "The input price is 30x that of GPT-4o": thirty times the cost
    return None


_TAKES_LONGER = re.compile(r"(?:as long|longer)\b(?!\s+(?:context|contexts|sequences?|prompts?|inputs?|outputs?))", re.I)
_TIMES_THAT_OF = re.compile(r"(?:that|those) of\b|the (?:price|cost|latency|memory)\b|as (?:high|much|expensive|long)\b",
                            re.I)
_SLOW_VERBS = {"slowed", "slows", "slow", "slowing"}
_E2E_GAIN = re.compile(r"(?:e2e|end-to-end)\b(?!\s*(?:-\s*)?(?:latency|time|runtime|duration|ms|s\b|sec))", re.I)
_TIME_WORDS = r"(?:latency|latencies|TTFT|ITL|TPOT|TBT|time to first token|inter-token latency)"
_TIME_METRIC_END = re.compile(_TIME_WORDS + r"\s*$", re.I)
_TIME_METRIC_START = re.compile(r"\s*(?:the\s+)?" + _TIME_WORDS + r"\b", re.I)
_LESS_PERFORMANCE = re.compile(r"\s*(?:lower|less|reduced|worse)\s+(?:(?!(?:and|or|but|while)\b)[\w-]+\s+){0,2}?(?:performance|perf|speed|throughput)\b",
                               re.I)
_MULTIPLY_WORDS = {"double", "doubles", "doubled", "doubling", "triple", "triples", "tripled", "tripling",
                   "quadruple", "quadruples", "quadrupled"}
_LOSS_NOUNS = {"overhead", "overheads", "penalty", "regression", "regressions", "loss", "degradation"}


_HEDGES_LONGEST_FIRST = sorted(HEDGE_BEFORE, key=lambda h: -len(h[0]))


def _strip_hedge(words: list[str]) -> list[str]:
    """Drop the hedges right before the figure: the 'up' of 'up to 2x' or the 'more' of 'more than 3x'
    says nothing about direction; hedges stack ("falls by up to about 50%")."""
    if words and words[-1] in ("a", "an", "the"):
        words = words[:-1]
    stripped = True
    while stripped and words:
        stripped = False
        for phrase, _ in _HEDGES_LONGEST_FIRST:
            n = len(phrase)
            if n <= len(words) and tuple(words[-n:]) == phrase:
                words, stripped = words[:-n], True
                break
    return words


def _until_break(words: list[str]) -> list[str]:
    """Words up to the first clause break: a cue across ', and' belongs to another figure."""
    for i, w in enumerate(words):
        if w in _CLAUSE_BREAK or w in _SUBORDINATORS or (w == "as" and i + 1 < len(words) and words[i + 1] in
                                                          ("the", "a", "an", "its", "their", "load", "batch")):
            return words[:i]  # "rises 9x as the CPU hit rate goes ...": the cue is in another clause
    return words


_COST_NOUN_MODIFIERS = {"api", "serving", "inference", "compute", "gpu", "hosting", "operating", "token", "energy",
                        "the", "our", "its", "their", "your", "total"}
_SUBORDINATORS = {"when", "because", "since", "once", "whereas", "although", "though", "unless"}


def _hedge(doc: Doc, fig: _Fig, sent: Span) -> str:
    if fig.hedge == "range":
        return "range"
    if fig.end < sent.end and doc[fig.end].lower_ in ("avg", "avg.") and fig.unit in ("x", "%"):
        return "average"  # "CUDA graphs 7.22x avg.", "~+29% avg speedup": what kind of figure, over its rounding
    before = [t.lower_ for t in doc[max(sent.start, fig.start - 5):fig.start]]
    if before and before[-1] in ("+", "-", "−") and fig.unit in ("%", "x"):
        before = before[:-1]  # "up to +525%", "TTFT up to -87%": the sign is the direction, the hedge before it
    if before and before[-1] in ("~", "≈") and before[-3:-1] == ["up", "to"]:
        return "up_to"  # "up to ~3x": the bound is the claim, the tilde its rounding
    for phrase, hedge in HEDGE_BEFORE:
        n = len(phrase)
        if n <= len(before) and tuple(before[-n:]) == phrase:
            return hedge
    # one word between hedge and figure: "up to a 2.5x", "about a 40 %"
    if before and before[-1] in ("a", "an", "the"):
        b2 = before[:-1]
        for phrase, hedge in HEDGE_BEFORE:
            n = len(phrase)
            if n <= len(b2) and tuple(b2[-n:]) == phrase:
                return hedge
    if fig.unit == "abs" and any(t.lower_ in ("about", "around", "roughly", "approximately", "nearly", "~", "≈")
                                 for t in doc[fig.start:fig.end]):
        return "about"  # "from 13 s to about 500 ms": the new end is approximate
    if fig.end + 1 < sent.end and doc[fig.end].lower_ == "at" and doc[fig.end + 1].lower_ in ("most", "best") \
            and (fig.end + 2 >= sent.end or not doc[fig.end + 2].is_alpha):
        return "up_to"  # "(36% at most)", "a 12% lead at best"
    s = _span_text(doc, sent).lower()
    if any(p in s for p in AVERAGE_PHRASES):
        return "average"
    # "Averaged over the twenty scenarios, the throughput gain is 2.9x" (not a figure after another one)
    lead = doc[sent.start:fig.start].text
    if re.match(r"\W*averaged (?:over|across)\b(?:[^,\d]|(?<=[A-Za-z])\d)*,[^\d]*$", lead, re.I):
        return "average"
    return "none"


def _compares_systems(text: str) -> bool:
    """A sentence that compares hardware, engines or releases ("2.7x the H100 result", "faster than
    vLLM", "v0.6 against v0.5"): the elliptical figure after it continues that comparison."""
    if _KERNEL_CONTEXT.search(text):
        text = _TRITON.sub(" ", text)  # "CUTLASS speedup over Triton": the kernel language, not the inference server
    m = _THE_X_RESULT.search(text)
    if m and (ctx.HARDWARE_RE.search(m.group(0)) or _ENGINE_RE.search(m.group(0))):
        return True
    return bool(_SYSTEM_CMP_RE.search(text) or _OUTPUT_OF_SYSTEM.search(text) or _TIMES_THE_CHIP.search(text))


# "2x to 5x the total throughput of the H200 node": a figure read as a multiple of another system's output
_OUTPUT_OF_SYSTEM = re.compile(r"\b(?:throughput|performance|speed|output|tokens per second)\s+of\s+(?:the\s+|an?\s+|one\s+)?(?:"
                               + ctx.HARDWARE_RE.pattern.replace(r"(?<![\w-])", "") + r")", re.I)
_KERNEL_CONTEXT = re.compile(r"\b(?:CUTLASS|cuBLAS(?:Lt)?|DeepGEMM|GEMMs?|kernels?|matmuls?)\b", re.I)
_TRITON = re.compile(r"\bTriton\b(?!\s+(?:Inference\s+)?Server)", re.I)
_THE_X_RESULT = re.compile(r"\s+(?:the\s+([\w .-]{1,30}?)(?:'s)?|([\w.-]{1,24})'s)\s+(?:result|results|figure|number|"
                           r"numbers|score|throughput|speed|performance|rate|baseline|equivalent)\b", re.I)


def _baseline(sent_text: str, fig_start: int, fig_end: int, fig: _Fig) -> str | None:
    if fig.unit == "abs" and fig.old is not None:
        return None
    candidates = []
    for m in _BASELINE_RE.finditer(sent_text):
        if m.group(0).lower().startswith("over") and 0 <= fig_start - m.end() <= 1:
            continue  # "over 2x" is a hedge
        phrase = m.group(1).strip()
        if not phrase or re.match(r"^\d", phrase) and m.group(0).lower().startswith("over"):
            continue
        phrase = re.split(r"\s+(?:on|at|with|for|in|when|across|using|under|while|and|from|by|during|the|a|an|"
                          r"is|are|was|were|it|its|this|that|which|who|but|so)\s+", phrase)[0].rstrip(" .")
        phrase = " ".join(phrase.split()[:6])
        candidates.append((0 if m.start() >= fig_end else 1, abs(m.start() - fig_end), phrase))
    if candidates:
        candidates.sort()
        return candidates[0][2]
    m = _THE_X_RESULT.match(sent_text, fig_end)  # "2.7x the H100 result", "3x the A100's throughput"
    if m:
        return (m.group(1) or m.group(2)).strip()
    if _BASELINE_WORD.search(sent_text):
        return "baseline"
    return None


# --------------------------------------------------------------------------- technique


def _technique_spans(pipe, doc: Doc) -> list[tuple[int, int, str]]:
    out = []
    for match_id, s, e in pipe.techniques(doc):
        label = pipe.nlp.vocab.strings[match_id]
        out.append((s, e, pipe.technique_of[label]))
    # longest match wins where matches overlap
    out.sort(key=lambda x: (x[0], -(x[1] - x[0])))
    kept: list[tuple[int, int, str]] = []
    for s, e, name in out:
        if kept and s < kept[-1][1]:
            if e - s > kept[-1][1] - kept[-1][0]:
                kept[-1] = (s, e, name)
            continue
        kept.append((s, e, name))
    weight_only = _FP4_WEIGHT_ONLY.get()
    return [(s, e, "kernel-fusion") if name in _DTYPE_TECHNIQUES and _fused_before(doc, s) else
            (s, e, "kv-cache-quantization") if name == "fp8-quantization" and _cache_format(doc, s) else
            (s, e, "weight-quantization") if weight_only and name == "fp8-quantization" and _FP4_RE.fullmatch(doc[s:e].text)
            else (s, e, name)
            for s, e, name in kept if not _document_draft(doc, s, e) and not _torch_dynamo(doc, s, e)]


_NOT_KV_CACHE = ("prefix", "prompt", "radix", "semantic", "response", "result", "compile", "compilation", "disk")


def _cache_format(doc: Doc, start: int) -> bool:
    """"Moving the cache from FP16 to FP8", "Switching the cache from FP8 to NVFP4": the format the
    KV cache is moved to, a few words after the cache itself in one clause."""
    for i in range(start - 1, max(-1, start - 6), -1):
        x = doc[i]
        if x.is_punct and x.text not in ("-", "/"):
            return False
        if x.lower_ in ("cache", "caches"):
            return i == 0 or doc[i - 1].lower_ not in _NOT_KV_CACHE
    return False


def _torch_dynamo(doc: Doc, s: int, e: int) -> bool:
    """"the dynamo benchmark suites", "TorchDynamo": PyTorch's graph capture, not NVIDIA Dynamo's
    disaggregated serving (which is written capitalised and as a product)."""
    return e - s == 1 and doc[s].lower_ == "dynamo" and (doc[s].text == "dynamo" or (
        s > 0 and doc[s - 1].lower_ in ("torch", "pytorch")))


# FP4 weights against 16-bit activations (a document that puts "FP4" within a sentence of "weight-only" or
# "BF16 activations", and never says W4A4) are weight-only quantization, not the FP4 x FP4 math the
# lexicon files FP4 under
_FP4_WEIGHT_ONLY: ContextVar[bool] = ContextVar("fp4_weight_only", default=False)
_WEIGHT_ONLY_RE = re.compile(
    r"FP4\b[^.]{0,80}(?:weight-only|(?:BF16|FP16|16-bit)\s+activations)|"
    r"(?:weight-only|(?:BF16|FP16|16-bit)\s+activations)\b[^.]{0,80}FP4\b", re.I)
# ... unless the text also says the FP4 math runs natively ("only Blackwell multiplies FP4 natively")
_FP4_MATH_RE = re.compile(r"\bW4A4\b|(?<!not )(?<!never )\b(?:multipl\w+|run\w*|comput\w+)\s+(?:NV|MX)?FP4\s+natively\b")
_FP4_RE = re.compile(r"(?:NV|MX)?FP4", re.I)


def _document_draft(doc: Doc, s: int, e: int) -> bool:
    """"(draft, platform team)", "Status: draft", "a first draft", "the nm-vllm draft of the same change":
    a document's status or a version of a patch, not a drafter."""
    if e - s != 1 or doc[s].lower_ != "draft":
        return False
    prev = doc[s - 1].lower_ if s > 0 else ""
    nxt = doc[e].text if e < len(doc) else ""
    after = doc[e:e + 4].text.lower() if e < len(doc) else ""
    return prev in ("(", ":", "status", "first", "rough", "early", "working", "second") or nxt == ")" or \
        (s > 1 and doc[s - 2].lower_ == "status") or bool(re.match(
            r"of (?:the |this |that |a |an )?(?:same |earlier |original )?(?:change|pr|pull request|patch|proposal|"
            r"paper|post|blog|doc|document|rfc|spec|plan|report)\b", after))


_PRECISION_WORD = re.compile(r"\b(?:" + ctx.FP4_FAMILY + r"|FP8|float8|INT4|W4A16)\b", re.I)
_DTYPE_TECHNIQUES = ("fp8-quantization", "weight-quantization")


def _fused_before(doc: Doc, start: int) -> bool:
    """"a fused row-wise scaled FP8 GEMM": the kernel is fused; FP8 is only its data type."""
    for i in range(start - 1, max(-1, start - 7), -1):
        x = doc[i]
        if x.is_punct and x.text != "-":
            return False
        if x.lower_ in ("fused", "fusing", "fuses"):
            return True
    return False


_PRECISION_TECH = [
    (re.compile(r"\b(?:" + ctx.FP4_FAMILY + r"|FP8|INT8|INT4|4-bit|2-bit)\b[^.]{0,40}\b(?:cache|kv|keys and values)\b|"
                r"\b(?:kv|keys and values)\b[^.]{0,30}\b(?:FP8|INT8|INT4|4-bit)\b|"
                # "Moving the cache from FP16 to FP8": the format the cache moves to
                r"(?<!prefix )(?<!prompt )(?<!radix )\bcaches?\s+(?:from|to|in|into)\b[^.,;]{0,25}\b(?:"
                + ctx.FP4_FAMILY + r"|FP8|INT8|INT4|4-bit)\b", re.I), "kv-cache-quantization"),
    (re.compile(r"\b(?:" + ctx.FP4_FAMILY + r"|FP8|float8|float4)\b", re.I), "fp8-quantization"),
    (re.compile(r"\b(?:INT4|4-bit|W4A16)\b", re.I), "weight-quantization"),
    # llama.cpp's GGUF types set against the unquantised model ("Q4_0 vs F16")
    (re.compile(r"\bQ[2-8]_(?:0|1|K(?:_[SML])?)\b"), "weight-quantization"),
]


_PRECISION_CONTRAST_RE = re.compile(
    r"\b(?:BF16|FP16|F16|FP32|half precision|full precision|quanti[sz]\w*|unquanti[sz]ed)\b",
    re.I)
_SPECIFIC_QUANT = ("kv-cache-quantization",)  # FP8 in a KV-cache section is the cache's format
# one family a group: "FP4 grouped GEMM ... 2.1x faster than the FP8 grouped GEMM" names two formats, a format change
_FORMAT_FAMILY = re.compile(r"\b(?:(" + ctx.FP4_FAMILY + r")|(FP8|float8)|(INT4|W4A16)|(INT8))\b", re.I)


def _figure_kernel_baseline(sent_text: str, fig_end: int) -> str | None:
    """The kernel baseline the figure is measured against, with the two words after it ("than cuBLAS FP8"): the first
    one after the figure, else the sentence's first ("1.22x faster than cuBLAS FP8, and roughly 2x faster than cuBLAS
    BF16": each figure has its own)."""
    found = list(_KERNEL_BASELINE.finditer(sent_text))
    if not found:
        return None
    vs = next((m for m in found if m.start() >= fig_end), found[0])
    return vs.group(0) + " " + " ".join(sent_text[vs.end():].split()[:2])


def _contrasts_formats(text: str) -> bool:
    """The text sets one number format against another: a 16/32-bit or quantization word, or two low-bit families
    ("FP4 ... than the FP8 grouped GEMM")."""
    return bool(_PRECISION_CONTRAST_RE.search(text)) or len({m.lastindex for m in _FORMAT_FAMILY.finditer(text)}) >= 2


def _precision_technique(text: str) -> str | None:
    """The quantisation a precision word names: "keys and values in FP8" -> kv-cache-quantization,
    "FP8" -> fp8-quantization, "INT4" -> weight-quantization."""
    for pat, name in _PRECISION_TECH:
        m = pat.search(text)
        if m:
            if name == "fp8-quantization" and _FP4_WEIGHT_ONLY.get() and _FP4_RE.fullmatch(m.group(0)):
                return "weight-quantization"  # FP4 weights against BF16 activations
            return name
    return None


def _named_not_as_setting(text: str) -> list[str]:
    """The techniques a text names, less those it names as a setting or as the baseline."""
    return list(_subject_names_cached(text, False, _FP4_WEIGHT_ONLY.get()))


def _leadin_technique(text: str, skip_tools: bool = False) -> str | None:
    """The one technique a lead-in names as its subject: not a setting or the baseline, and with
    skip_tools (a table's lead-in, "... with FP8 weights ...") not a tool either."""
    names = set(_subject_names_cached(text, skip_tools, _FP4_WEIGHT_ONLY.get()))
    return names.pop() if len(names) == 1 else None


@lru_cache(maxsize=1024)
def _subject_names_cached(text: str, skip_tools: bool, weight_only: bool) -> tuple[str, ...]:  # (the flag keys the cache)
    pipe = get_pipeline()
    d = pipe.nlp.make_doc(text)
    return tuple(t[2] for t in _technique_spans(pipe, d)
                 if not _is_setting_or_baseline(d, t) and not (skip_tools and _is_instrument(d, t)))


def _technique_in_text(text: str) -> list[str]:
    return _technique_in_text_cached(text, _FP4_WEIGHT_ONLY.get())


@lru_cache(maxsize=4096)
def _technique_in_text_cached(text: str, weight_only: bool) -> list[str]:  # (the flag keys the cache)
    pipe = get_pipeline()
    d = pipe.nlp.make_doc(text)
    return [name for _, _, name in _technique_spans(pipe, d)]


# --------------------------------------------------------------------------- the stage


def extract(document: Document) -> list[Claim]:
    """All claims in a document, in reading order."""
    pipe = get_pipeline()
    text = document.text
    blocks = document.blocks
    token = _FP4_WEIGHT_ONLY.set(bool(_WEIGHT_ONLY_RE.search(text)) and not _FP4_MATH_RE.search(text))
    try:
        return _extract(document, pipe, text, blocks)
    finally:
        _FP4_WEIGHT_ONLY.reset(token)  # the flag is this document's only


def _extract(document: Document, pipe, text: str, blocks) -> list[Claim]:
    dctx = _document_context(document)
    candidates = [(i, c) for i, b in enumerate(blocks)
                  if (_PREFILTER.search(text, b.start, b.end) or _bare_ratio_cell(document, i, b)
                      or _bare_improvement_cell(document, b))
                  and not _SOURCE_LINE.match(text, b.start, b.end)  # a citation's title is not the document's claim
                  for c in chunk_block(text, b)]  # blocks > 100k chars in chunks, offsets kept
    claims: list[Claim] = []
    texts = (text[b.start:b.end] for _, b in candidates)
    prev_para_ops: dict[int, OpMention] = _list_leadins(document)
    for (bi, block), doc in zip(candidates, pipe.nlp.pipe(texts, batch_size=64)):
        claims.extend(_claims_in_block(pipe, document, bi, block, doc, dctx, prev_para_ops))
    if any(b.kind == "table_cell" for b in blocks):  # tables of absolute numbers -> derived speedups
        claims = sorted(claims + derived_claims(document, claims), key=lambda c: c.start)
    for n, c in enumerate(claims, start=1):
        c.id = f"c{n}"
    return claims


def _list_leadins(document: Document) -> dict[int, OpMention]:
    """List items inherit the op of the paragraph that introduces the list ('At concurrency 8:')."""
    out: dict[int, OpMention] = {}
    lead: OpMention | None = None
    item_lead: tuple[OpMention, int] | None = None  # a list item's own lead-in, and its indent
    for i, b in enumerate(document.blocks):
        if b.kind == "paragraph":
            t = document.text[b.start:b.end]
            ops = find_ops(t) if t.rstrip().endswith(":") else []
            lead = ops[-1] if ops else None
            item_lead = None
        elif b.kind == "list_item":
            # "- **Chunked prefill on by default.** ... ran at concurrency 32:" over indented sub-items
            line_no = document.locate(b.start)[0]
            src = document.lines[line_no - 1] if 0 < line_no <= len(document.lines) else ""
            column = len(src) - len(src.lstrip())  # the item's indent in the source
            if item_lead is not None and column <= item_lead[1]:
                item_lead = None  # a sibling of the lead-in item, or an item further out
            if item_lead is not None:
                out[i] = item_lead[0]
            elif lead is not None:
                out[i] = lead
            t = document.text[b.start:b.end]
            if item_lead is None and t.rstrip().endswith(":"):
                ops = find_ops(t)
                if ops:
                    item_lead = (ops[-1], column)
        else:
            lead = None
            item_lead = None
    return out


_FORMAT_SWITCH_END = re.compile(r"\b(?:BF16|FP16|FP32)\s*(?:->|→|=>)\s*[^.;:]{0,40}\.\s*$", re.I)
_OFF_LEXICON_CHANGE = re.compile(r"\b(?:sparsity|sparse|pruning|pruned|2:4|distillation|distilled)\b", re.I)
_SEVERAL_SOURCES = re.compile(r";[^;]*;|\bposts\b", re.I)
_SOURCE_LIST_SEP = re.compile(r",|;|\band\b")
_BASELINE_HEADING = re.compile(r"^\W*(?:against|vs\.?|versus|compared (?:with|to)|relative to)\s", re.I)


def _document_context(document: Document) -> _DocContext:
    text = document.text
    d = _DocContext()
    open_headings: list[tuple[int, int]] = []  # (level, start) of the headings enclosing the current block
    first_section_heading_seen = False
    lead: str | None = None
    for i, b in enumerate(document.blocks):
        t = text[b.start:b.end]
        if b.kind == "list_item":
            if lead is not None:
                d.leadin_text[i] = lead
            if t.rstrip().endswith(":") and not _FIGURE_HINT.search(t):
                lead = t  # "INT4 AWQ, Llama-3.1-8B, one H200, TRT-LLM:" then "bs=1: +33% tok/s vs BF16" as lines of a post
        else:
            # "..., BF16 -> FP8-dynamic checkpoint." over a post's lines: the switch every line below measures
            lead = t if b.kind == "paragraph" and (t.rstrip().endswith(":") or _FORMAT_SWITCH_END.search(t)) else None
        if b.kind == "heading":
            d.heading_starts.append(b.start)
            ops = find_ops(t)
            if ops:
                d.heading_ops[b.start] = ops[0]
                if (b.level or 1) == 1 and d.title_op is None:
                    d.title_op = ops[0]
            # "Vendor A: TensorRT LLM (GB200, NVFP4 models)": a parenthesis naming hardware is the setup
            # ("(LoRA plus speculative decoding)" still names the topic)
            techs = _technique_in_text(re.sub(r"\([^)]*\)", lambda m: " " if ctx.HARDWARE_RE.search(m.group(0)) else m.group(0), t))
            if _BASELINE_HEADING.match(t):
                techs = []  # "## Against a dense FP8 model, by batch size": the section's baseline, not its topic
            if not techs and _OFF_LEXICON_CHANGE.search(t):
                d.off_lexicon_sections.add(b.start)  # the section is about a change the lexicon has no name for
            formats_of_cache = False
            if set(techs) == {"fp8-quantization"} and (_precision_technique(t) == "kv-cache-quantization" or (
                    d.title_technique in _SPECIFIC_QUANT and (b.level or 1) >= 2)):
                # "FP8, then NVFP4: two steps down in KV-cache precision"; "## Step one: BF16 to FP8" under it
                techs = ["kv-cache-quantization"]
                formats_of_cache = True  # ("KV-cache formats: FP8, NVFP4, and ...": a list of one technique's formats)
            d.heading_techniques[b.start] = techs[0] if len(set(techs)) == 1 else _heading_subject(t)
            level = b.level or 1
            while open_headings and open_headings[-1][0] >= level:
                open_headings.pop()
            if level >= 3 and not techs and b.start not in d.off_lexicon_sections and open_headings:
                parent_level, parent = open_headings[-1]
                inherited = d.heading_techniques.get(parent) or d.parent_heading_techniques.get(parent)
                if inherited is not None and parent_level >= 2:
                    d.parent_heading_techniques[b.start] = inherited
            open_headings.append((level, b.start))
            if (b.level or 1) == 1 and d.title_technique is None and len(set(techs)) == 1 and (
                    formats_of_cache or not (_LISTS_TOPICS(t) or _rival_format(t, techs[0]) or _FORMAT_AS_SETTING.search(t))):
                d.title_technique = techs[0]
            if (b.level or 1) >= 2:
                first_section_heading_seen = True
            continue
        if b.kind == "table_cell":
            continue
        if not _NUMBERISH.search(t) and not _METRIC_SCOPE_RE.search(t):
            continue
        prev_sent = ""
        for sent in _split_sentences(t):
            before, prev_sent = prev_sent, sent
            # the preamble (before the first section heading) speaks for the whole document
            doc_wide = not first_section_heading_seen or bool(_THIS_DOC_RE.search(sent)) \
                or bool(DOC_SCOPE_RE.search(sent) and b.section_start is None) \
                or bool((_FROM_HERE_RE.search(sent) or _EVERY_ENTRY_RE.search(sent)) and (b.level or 0) == 0
                        and _in_setup_section(b))
            section_ref = bool(_SECTION_REF_RE.search(sent))
            doc_wide = doc_wide and not section_ref
            scope = _METRIC_SCOPE_RE.search(sent)
            if scope and not _sentence_has_figure(sent):
                # ("every row is at the stated number of concurrent requests per GPU": the load, not the metric)
                terms = {_METRIC_OF[m.group(1).lower()] for m in _METRIC_RE.finditer(sent)
                         if not (_METRIC_OF[m.group(1).lower()] == "capacity" and re.search(
                             r"\b(?:at|number of|with)\s+(?:[\w-]+\s+){0,3}$", sent[max(0, m.start() - 40):m.start()]))}
                if len(terms) == 1:
                    stated = (terms.pop(), bool(re.search(r"\b(?:cells?|entries|rows?)\b", scope.group(0), re.I)))
                    if doc_wide:
                        d.doc_metric = d.doc_metric or stated
                    elif b.section_start is not None:
                        d.section_metric.setdefault(b.section_start, stated)
            scope_at = SCOPE_RE.search(sent)
            if scope_at is None:
                continue
            # a negation counts from the scope word's clause on ("the rows mix ... and do not say which");
            # a reason before it does not ("does not take batched inputs, so every number below ...")
            own = max(sent.rfind(",", 0, scope_at.start()), sent.rfind(";", 0, scope_at.start())) + 1
            if _NOT_A_SCOPE.search(sent[own:]) or sent.rstrip().endswith("?"):
                continue
            if _sentence_has_figure(sent):
                continue
            scoped = _scoped_ops(sent, scope_at.start() if scope_at else None)
            if not scoped and _THAT_OP_RE.search(sent) and not find_ops(sent):
                # "Every ratio in this section was measured at that single load level": the op just stated
                earlier = {(o.kind, o.value): o for o in find_ops(before)}
                scoped = [(next(iter(earlier.values())), None)] if len(earlier) == 1 else []
            for op, metric in scoped:
                if metric is not None:
                    if doc_wide:
                        d.doc_metric_ops.setdefault(metric, op)
                    elif b.section_start is not None:
                        d.section_metric_ops.setdefault((b.section_start, metric), op)
                elif doc_wide:
                    if d.doc_op is None:
                        d.doc_op = op
                        d.doc_op_own_only = bool(_OWN_NUMBERS.search(sent))
                elif b.section_start is not None and b.section_start not in d.section_ops:
                    d.section_ops[b.section_start] = (op, "section")
                named = _named_sections(sent) if metric is None else frozenset()
                if named:
                    d.numbered_ops.append((named, op))
                    continue
                if metric is None and not doc_wide and (_FROM_HERE_RE.search(sent) or section_ref) and (b.level or 0) == 0 \
                        and not _NAMED_SUBSET_RE.search(sent):  # ("all of the LMSYS figures below": theirs only)
                    d.from_here.append((b.end, op, section_ref))
    # document-wide context: first hardware / model / lengths named anywhere
    head = text[:20000]
    d.doc_hardware = ctx.find_hardware(head)
    d.doc_model = ctx.find_model(head)
    d.doc_lengths = ctx.find_lengths(head)
    d.doc_precision = None
    if d.title_technique is None and document.blocks:
        first = document.blocks[0]
        # a plain-text title run together with its "Source:" line: the citation names no topic
        title = re.split(r"\s+Source:\s", text[first.start:first.end])[0]
        if first.kind == "paragraph":  # a subtitle on the next source line is not part of the title
            line = document.locate(first.start)[0]
            own = document.lines[line - 1].strip() if 0 < line <= len(document.lines) else ""
            title = own if own and title.startswith(own[:20]) else title
        # (a citation of several sources names no one topic: "Source: SGLang v0.4 release blog (...); vLLM blog post
        # on speculative decoding (...); ... Posts paraphrase those sources.")
        # (nor does one listing several works that mostly name none: "Source: NVIDIA TensorRT-LLM blogs (H100vsA100.md,
        # Falcon180B-H200.md, blog1 ... and blog2 "DeepSeek R1 MTP ..."); LMDeploy README")
        techs = [] if _SOURCE_LINE.match(title) and _SEVERAL_SOURCES.search(title) else _technique_in_text(title)
        seps = len(_SOURCE_LIST_SEP.findall(title))
        if _SOURCE_LINE.match(title) and seps >= 3 and 2 * len(techs) < seps:
            techs = []
        if len(set(techs)) == 1 and first.kind in ("heading", "paragraph") and not _LISTS_TOPICS(title) \
                and not _rival_format(title, techs[0]) and not _FORMAT_AS_SETTING.search(title):
            d.title_technique = techs[0]
        elif len(set(techs)) > 1 and first.kind in ("heading", "paragraph") and not _SOURCE_LINE.match(title) \
                and not _LISTS_TOPICS(title):
            # "Thread: FP8 W8A8 for the Llama 3.1 tier on H200, with the AWQ detour": the first technique is the
            # subject when the later ones hang off a preposition
            d.title_technique = _heading_subject(title)
        elif not techs and len(document.blocks) > 1:
            # "5 EVALUATION" then "Source: restated from ... 'EAGLE: Speculative Sampling Requires ...'": a title that
            # names nothing, over a citation of one work about one technique
            cite = text[document.blocks[1].start:document.blocks[1].end]
            names = set(_technique_in_text(cite)) if _SOURCE_LINE.match(cite) and not _SEVERAL_SOURCES.search(cite) else set()
            if len(names) == 1 and not _LISTS_TOPICS(cite) and not (_OTHER_SUBJECT_RE and _OTHER_SUBJECT_RE.search(cite)):
                d.title_technique = names.pop()
    return d


# "DeepSeek-R1 in NVFP4 on DGX B200: performance notes": the model as it runs, the format a setting of every figure
_FORMAT_AS_SETTING = re.compile(r"\bin\s+(?:(?:NV|MX)?FP[48]|INT[48]|BF16|FP16)\s+on\b", re.I)


_KV_WORD = re.compile(r"\b(?:KV|K/V|cache)\b", re.I)
_ANY_FORMAT = re.compile(r"\b(?:BF16|FP16|FP32|INT[48]|(?:NV|MX)?FP[48])\b", re.I)  # "| BF16/FP32 |": the column's own pair


def _header_formats_compared(header_row: list[str]) -> bool:
    """One column header names a 16-bit format, another an FP8/FP4 one: the table compares the formats."""
    wide = [j for j, h in enumerate(header_row) if h and re.search(r"\b(?:BF16|FP16)\b", h)]
    narrow = [j for j, h in enumerate(header_row) if h and re.search(r"\b(?:(?:NV|MX)?FP[48])\b", h) and not _KV_WORD.search(h)]
    return bool(wide) and bool(narrow) and set(wide).isdisjoint(narrow)


def _rival_format(title: str, tech: str) -> bool:
    """"INT4 AWQ, FP8 and the batch-size axis on H200": a bare format word naming another quantization beside
    the title's one lexicon name; the document weighs formats, no one of them is its topic."""
    if tech not in _DTYPE_TECHNIQUES:
        return False
    return any(_precision_technique(m.group(0)) not in (None, tech) for m in _FORMAT_WORD_RE.finditer(title))


_METRIC_SCOPE_RE = re.compile(
    r"\bthe (?:headline |primary |main |key )?(?:metric|quantity|measure)(?: we report| reported| compared)?"
    r"(?: throughout| here| everywhere)? is\b|"
    r"\b(?:all|every|each) (?:(?:the|of the) )?(?:numbers?|figures?|results?|cells?|ratios?|speedups?|"
    r"measurements?|values?|entries|rows?)\b(?: (?:below|here|above|in (?:this|the) \w+))? (?:is|are|measures?|"
    r"reports?|compares?|gives?)\b", re.I)
# a statement about the whole document wherever it stands ("every number in this post")
_THIS_DOC_RE = re.compile(
    r"\b(?:in|on|throughout|across) (?:this|the whole|the entire) (?:post|document|report|paper|article|page|doc|"
    r"write-?up|memo|review|note|study)\b", re.I)
# "every run below ...", "the results that follow ...": a setup section speaks for the sections after it
_FROM_HERE_RE = re.compile(r"\b(?:all|every|each)\b[^.;]{0,40}\b(?:below|that follow|following)\b|"
                           r"\b(?:below|following|that follow)\b[^.;]{0,30}\b(?:all|every)\b", re.I)
# "every figure in Section 2 was measured at batch size 1": a statement about a later section speaks from here on
_SECTION_REF_RE = re.compile(r"\b(?:all|every|each)\b[^.;]{0,40}\bin (?:section|§)\s*\d+|"
                             r"\b(?:all|every|each)\b[^.;]{0,40}\bin the (?:results|evaluation) section", re.I)
_THAT_OP_RE = re.compile(r"\b(?:that|this|the same)\s+(?:single\s+)?(?:load(?: level)?|operating point|"
                         r"setting|concurrency|request rate|rate|batch size)\b", re.I)
_NAMED_SUBSET_RE = re.compile(r"\b(?i:all|every|each)\s+(?i:of\s+)?(?i:the\s+|our\s+)?(?:[A-Z][\w.-]*\s+)+"
                              r"(?i:figures?|numbers?|results?|runs?|measurements?)\b")
# under a setup or scope heading, "every entry is ..." speaks for the whole document
_EVERY_ENTRY_RE = re.compile(r"^\s*(?:all|every|each)\s+(?:of the\s+)?(?:entry|entries|runs?|numbers?|figures?|results?|"
                             r"measurements?|steps?|rows?|tests?|benchmarks?)\b", re.I)
_SETUP_HEADING = re.compile(r"\b(?:scope|setup|set-up|methodology|method|how we (?:measured|tested|ran)|test bed|"
                            r"testbed|configuration|environment|benchmark setup|experimental setup)\b", re.I)


_NAMED_SECTIONS_RE = re.compile(r"\b(?:all|every|each)\b[^.;]{0,40}\bin\s+(?:sections?|§§?)\s*(\d+(?:\.\d+)?)"
                                r"(?:\s*(?:to|through|-|–|and)\s*(\d+(?:\.\d+)?))?", re.I)
_HEADING_NUMBER = re.compile(r"^\W*(?:section\s+)?(\d+(?:\.\d+)*)\b", re.I)


def _heading_number(heading: str) -> str | None:
    """"5.2 Medusa heads" -> "5.2"."""
    m = _HEADING_NUMBER.match(heading)
    return m.group(1) if m else None


def _named_sections(sent: str) -> frozenset[str]:
    """The numbered sections a scope statement names, a range spelled out ("Sections 5.1 to 5.4" -> 5.1 ... 5.4);
    empty when it names none or a range too wide to spell."""
    m = _NAMED_SECTIONS_RE.search(sent)
    if not m or not m.group(2):
        return frozenset()  # one section: the existing "every figure in Section 2" reading covers it
    lo, hi = m.group(1), m.group(2)
    head_lo, _, minor_lo = lo.partition(".")
    head_hi, _, minor_hi = hi.partition(".")
    if re.search(r"\band\b", m.group(0)[m.end(1) - m.start():m.start(2) - m.start()]):
        return frozenset({lo, hi})
    if head_lo == head_hi and minor_lo.isdigit() and minor_hi.isdigit() and int(minor_hi) - int(minor_lo) <= 20:
        return frozenset(f"{head_lo}.{k}" for k in range(int(minor_lo), int(minor_hi) + 1))
    if not minor_lo and not minor_hi and int(hi) - int(lo) <= 20:
        return frozenset(str(k) for k in range(int(lo), int(hi) + 1))
    return frozenset()


def _in_setup_section(b: Block) -> bool:
    return bool(b.section) and bool(_SETUP_HEADING.search(b.section[-1]))


_GENERAL_SUBJECT = re.compile(r"\b(?:tables?|numbers|figures|results|runs|measurements|charts?|plots?|we|they|"
                              r"the authors|this (?:post|section|paper)|speeds|speedups|ratios|gains)\b", re.I)
_NOT_A_SCOPE = re.compile(r"\?\s*$|\b(?:not|never|mix|mixes|mixed|unclear|unknown)\b|n't\b|"
                          r"\b(?:where|in which|when) (?:every|all|each)\b", re.I)  # a scenario defined, not a scope
_SCOPE_CLAUSE = re.compile(r";|,\s*(?:while|whereas|and|but)\b|\s(?:while|whereas)\s|\.\s|"
                           r"(?:\sand|,)\s(?=(?:the\s)?(?:throughput|latency|ttft|tpot|itl|goodput|e2e)\b)", re.I)


def _metric_group(metric: str) -> str:
    """The metrics a scoped statement covers: 'latency' speaks for every latency kind."""
    return "latency" if metric in ("latency", "ttft", "itl", "tpot", "e2e") else metric


_SWEEP_LIST_BEFORE = re.compile(r"\d[\d,.]*[kK]?\s*(?:,\s*\d[\d,.]*[kK]?\s*)*,?\s*(?:and|or|to|through|-|–)\s*$|"
                                r"\b(?:stepp\w*|swe(?:pt|eping)|ramp\w*|vary\w*|varied)\b[^.;]*$", re.I)


def _scoped_ops(sent: str, scope_at: int | None = None) -> list[tuple[OpMention, str | None]]:
    """The operating points a scope statement sets, each with the metric it is limited to (None: all).
    "All numbers are offline (maximum batch 256)" -> offline for all; "Throughput figures are offline;
    latency is single-stream" -> offline for throughput, single for latency. A metric limits an op
    only when it is the clause's subject (named before the op); "offline request-throughput runs" is
    a description of the runs, not a limit. With `scope_at` (where the scope word stands), an op in a
    clause before it is not scoped ("... climbing steeply at 100 users, and vLLM ... at every load")."""
    # "stepped the load through 10, 50 and 100 concurrent users": the last value of a sweep, not a scope
    # (find_ops already drops a batch cap beside an offline run: "All numbers are offline (maximum batch 256)")
    ops = [o for o in find_ops(sent) if not _SWEEP_LIST_BEFORE.search(sent, max(0, o.start - 40), o.start)]
    if not ops:
        return []
    out: list[tuple[OpMention, str | None]] = []
    start = 0
    bounds = [m.start() for m in _SCOPE_CLAUSE.finditer(sent)] + [len(sent)]
    for end in bounds:
        here = [o for o in ops if start <= o.start < end and (scope_at is None or scope_at < end)]
        if any(o.kind in ("batch_size", "concurrency") and o.value == 1 for o in here):
            here = [o for o in here if o.kind != "single"]  # "a single prompt at batch size 1": the number
        if any(o.kind in ("batch_size", "concurrency") for o in here):
            # "at 1,000 concurrent requests (all prompts submitted at once)": the number, the rest its gloss
            here = [o for o in here if o.kind != "offline"] or here
        if len({(o.kind, o.value) for o in here}) == 1:
            subject = sent[start:here[0].start]
            # the metric must be the clause's subject ("Throughput figures ... come from"), not the object
            # of a general one ("The tables below report TBT with one request at a time")
            terms = [_METRIC_OF[m.group(1).lower()] for m in _METRIC_RE.finditer(subject)
                     if (m.start() < 40 or (scope_at is not None and 0 <= start + m.start() - scope_at <= 25))
                     and not _GENERAL_SUBJECT.search(subject, 0, m.start())
                     and not _MODIFIER_BEFORE.search(subject, max(0, m.start() - 12), m.start())]
            # ("the min-latency case: one request at a time" names a scenario, not a metric)
            groups = {_metric_group(t) for t in terms if t not in ("capacity", "memory", "cost")}
            out.append((here[0], groups.pop() if len(groups) == 1 else None))
        start = end
    if len({(o.kind, o.value) for o, m in out if m is None}) > 1:  # unscoped ops that disagree: no scope
        out = [(o, m) for o, m in out if m is not None]
    return out


# a sentence end that a capital letter follows: the cut the lead-in and paragraph readers (here and in classify) use
SENTENCE_BEFORE_CAPITAL = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
_SENTENCE_END_RE = re.compile(r"(?<=[.!?])\s+|(?<=[.!?][\"”’'])\s+(?=[A-Z])")  # (also after a closing quote)


def _split_sentences(text: str) -> list[str]:
    """Plain-text sentences, for statements read before (or without) spaCy's sentencizer."""
    return _SENTENCE_END_RE.split(text)


_FIGURE_HINT = re.compile(r"(?<![A-Za-z\d.])\d+(?:\.\d+)?\s*(?:[xX×]|%|percent|times|-fold)(?![\w])|"
                          r"\b(?:twice|doubles|doubled|halves|halved|triples|tripled)\b", re.I)


def _sentence_has_figure(sent: str) -> bool:
    """Whether a statement carries a figure of its own (then it is a claim, not a scope statement);
    GPU counts ("8x MI300X") are not figures."""
    share = False
    for m in _FIGURE_HINT.finditer(sent):
        nxt = sent[m.end():m.end() + 12].split()
        if m.group(0)[-1:] in "xX×" and nxt and RATIO_DECOY_NEXT.match(nxt[0]):
            continue
        if m.group(0)[-1:] == "%" and (nxt[:1] == ["of"] or share) and not re.search(r"\b(?:to|by)\s*$", sent[:m.start()]):
            share = True  # "the KV cache given 80% of free memory ... and 90% for 13B": shares in a setup, not changes
            continue
        return True
    # "the decode cost ... falls to roughly half": a fraction is a figure too
    return bool(re.search(r"\b(?:falls?|fell|drops?|dropped|cuts?|shrinks?|shrank|to|by)\s+(?:roughly\s+|about\s+|nearly\s+)?"
                          r"(?:half|a third|a quarter)\b", sent, re.I))


def _bare_speedups(doc: Doc, raw: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """"give speedups of 1.68, 1.77 and 1.57 on A100, A6000 and V100": multiples written without an x."""
    out: list[tuple[str, int, int]] = []
    taken = {i for _, s, e in raw for i in range(s, e)}
    for i in range(len(doc) - 2):
        if doc[i].lower_ in ("speedup", "speedups", "speed-up", "speed-ups") and doc[i + 1].lower_ == "of":
            j = i + 2
            while j < len(doc) and re.fullmatch(r"\d{1,3}\.\d{1,3}", doc[j].text) and j not in taken and \
                    1.0 < float(doc[j].text) < 100 and not (j + 1 < len(doc) and doc[j + 1].text in ("x", "X", "×", "%")):
                out.append(("BARE_RATIO", j, j + 1))
                j += 1
                if j + 1 < len(doc) and doc[j].text == "," and doc[j + 1].lower_ == "and":
                    j += 2
                elif j < len(doc) and doc[j].lower_ in (",", "and"):
                    j += 1
                else:
                    break
    return out


def _claims_in_block(pipe, document: Document, bi: int, block: Block, doc: Doc, dctx: _DocContext,
                     leadins: dict[int, OpMention]) -> list[Claim]:
    raw = [(pipe.nlp.vocab.strings[mid], s, e) for mid, s, e in pipe.figures(doc)]
    if not raw and _bare_ratio_cell(document, bi, block):  # "| layerskip-llama2-7B | ... | 1.297 |"
        raw = [("BARE_RATIO", i, i + 1) for i, t in enumerate(doc) if t.like_num][:1]
    elif not raw and _bare_improvement_cell(document, block):  # "| Average ITL | -1.63 | 53.12 |" under "% improvement"
        raw = [("BARE_IMPROVEMENT", i, i + 1) for i, t in enumerate(doc) if t.like_num][:1]
    raw += _bare_speedups(doc, raw)
    if not raw:
        return []
    # "the gain goes from 1.35x to 1.95x": a speedup that changed, two figures, not a range
    raw = [m for m in raw if not (m[0] == "FROMTO" and _ratio_change(doc, m[1], m[2]))]
    # longest match first, no overlaps
    raw.sort(key=lambda m: (m[1], -(m[2] - m[1])))
    matches: list[tuple[str, int, int]] = []
    for label, s, e in raw:
        if matches and s < matches[-1][2]:
            if label == "FROMTO" and matches[-1][0] != "FROMTO" and e > matches[-1][2]:
                matches[-1] = (label, s, e)
            continue
        matches.append((label, s, e))
    # a FROMTO swallowing two percents ("from 20% to 75%") is a level change, handled as abs
    block_text = _doc_text(doc)
    cell = block.cell
    cell_header = None
    if cell is not None:
        cell_header = " ".join(x for x in (cell.col_header, cell.row_header) if x) or ""
    block_ops = find_ops(block_text)
    # "tensor parallelism 8" is a setting, "instead of tensor-parallel ranks" the baseline: neither is
    # what a figure is about
    techs: list[tuple[int, int, str]] = []
    aside: list[tuple[int, int, str]] = []
    for t in _technique_spans(pipe, doc):
        (aside if _is_setting_or_baseline(doc, t) else techs).append(t)
    sents = list(doc.sents)
    sent_starts = [x.start for x in sents]

    def sentence_at(i: int, j: int) -> Span:
        """The sentence holding tokens i..j, clipped to a window around them: per-claim work stays
        bounded however long a 'sentence' (a table flattened to text, a run-on line) gets."""
        whole = sents[bisect_right(sent_starts, i) - 1]
        return doc[max(whole.start, i - _WINDOW_TOKENS):min(whole.end, max(j, i + 1) + _WINDOW_TOKENS)]

    bctx = _BlockContext(block_text, aside)
    out: list[Claim] = []
    accepted: list[_Fig] = []
    for label, s, e in matches:
        fig = _figure_from_match(doc, label, s, e)
        if fig is None:
            continue
        sent = sentence_at(s, e)
        _extend_range(doc, fig, sent)
        prev = doc[fig.start - 1] if fig.start - 1 >= sent.start else None
        if prev is not None and prev.text in ("+", "-", "−") and fig.unit in ("%", "x"):
            fig.sign = 1 if prev.text == "+" else -1
        elif prev is None and fig.start >= 1 and doc[fig.start - 1].text in ("+", "-", "−") and \
                not doc[fig.start - 1].whitespace_ and fig.unit in ("%", "x"):
            fig.sign = 1 if doc[fig.start - 1].text == "+" else -1  # "... c=200. -5.7% tok/s": the sentencizer split the sign off
        if doc[fig.start].text.startswith("+"):
            fig.sign = 1
        if label == "FROMTO" and "%" in doc[s:e].text:
            # (the match ends at the last number: its "%" follows)
            end_pct = e if e < len(doc) and doc[e].text == "%" and doc[e - 1].like_num else None
            if end_pct is None or not _RANGES_FROM.search(_window_text(doc, s - 3, s + 1, sent)):
                continue  # "hit rate from 20 % to 75 %": a level, not a performance pair
            # "the gain ... ranges from 59 % to 498 %": a spread of gains, read as a range
            fig = _figure_from_match(doc, "PERCENT", end_pct - 1, end_pct + 1)
            if fig is None:
                continue
            _extend_range(doc, fig, sent)
        if fig.unit == "x" and label == "RATIO" and prev is not None and prev.text in ("-", "–") and \
                fig.start - 2 >= sent.start and doc[fig.start - 2].like_num:
            continue  # the upper end of an unparsed range
        if _is_decoy(doc, fig, sent, cell_header, accepted):
            continue
        if cell is not None and fig.unit == "x" and fig.value == 1 and _baseline_row(cell):
            continue  # "| Hugging Face transformers | 136 | 1.0x |" under "Speedup vs Hugging Face": the baseline itself
        accepted.append(fig)
    # a range swallows its low end's own match ("14x-24x" is one claim)
    kept: list[_Fig] = []
    reach = -1
    for f in sorted(accepted, key=lambda f: (f.start, -f.end)):
        if f.end <= reach:
            continue
        kept.append(f)
        reach = max(reach, f.end)
    prev: tuple[_Fig, str] | None = None
    for fig in kept:
        sent = sentence_at(fig.start, fig.end)
        if prev is not None and prev[0].start < sent.start:
            prev = None
        out.append(_make_claim(document, bi, block, doc, sent, fig, dctx, block_ops, techs, leadins, bctx, prev))
        prev = (fig, out[-1].metric)
    _share_hedges(out, document.text)
    return out


_VS_HEADER = re.compile(r"\b(?:vs\.?|versus|over|relative to|against|compared (?:to|with))\s+(.+)$", re.I)


def _baseline_row(cell) -> bool:
    """The row is the baseline the column's ratios are taken against: its label is what the header
    names after "vs" ("Speedup vs Hugging Face" on the "Hugging Face transformers" row)."""
    m = _VS_HEADER.search(cell.col_header or "")
    label = cell.row_header or (cell.row_cells[0] if cell.row_cells else "")
    if m is None or not label:
        return False
    named = {w for w in re.findall(r"[a-z0-9][\w.+-]*", m.group(1).lower()) if w not in ("the", "a", "baseline")}
    if named and named <= set(re.findall(r"[a-z0-9][\w.+-]*", label.lower())):
        return True
    # "| llama2-chat-7b | fp16 | ... | 1.0 |" under "vs FP16 KV": the row's setting is the header's baseline
    named -= {"kv", "cache", "weights", "weight", "model", "engine", "default"}
    cells = set(re.findall(r"[a-z0-9][\w.+-]*", " ".join(c.lower() for c in cell.row_cells[1:-1])))
    return bool(named) and named <= cells


def _share_hedges(claims: list[Claim], text: str) -> None:
    """"up to 4x lower on CPU, 7x lower on Metal and 20x lower on an NVIDIA GPU", "by up to 1.22x and
    1.29x": figures listed after a hedged one share its "up to" / "about"."""
    for prev, cur in zip(claims, claims[1:]):
        if cur.hedge != "none" or prev.hedge not in ("up_to", "about") or cur.unit != prev.unit:
            continue
        between = ctx.HARDWARE_RE.sub("GPU", text[prev.end:cur.start])  # ("7.5x on an RTX 4090, 4.8x on an A100")
        if len(between.split()) <= 5 and re.search(r",|\band\b|\bor\b", between) and not re.search(
                r"[.;:]|(?<![A-Za-z])\d|\b(?:but|while|whereas)\b|\b(?:only|just|exactly|at least|over|more than)\s*$",
                between):  # ("up to 1.9x over lookahead decoding and 2.8x over ...": "over" names a baseline there)
            # (a digit inside a name, "on the T4, 26% on the A10G", does not end the list)
            cur.hedge = prev.hedge


def _ops_between(block_ops: list[OpMention], a: int, b: int) -> list[OpMention]:
    """Ops starting in [a, b) and ending by b (block_ops is sorted by start)."""
    lo = bisect_left(block_ops, a, key=lambda o: o.start)
    hi = bisect_left(block_ops, b, key=lambda o: o.start)
    return [o for o in block_ops[lo:hi] if o.end <= b]


_BASELINE_OP_BEFORE = re.compile(r"(?:\b(?:times|x)\s+what|\b(?:than|versus|vs\.?))\s+(?:(?:a|an|the|with|at)\s+)?$",
                                re.I)


# "2.11x at ", "2.11x better at ", "14.9% tok/s at "
_FIGURE_THEN_AT = re.compile(r"\d(?:\.\d+)?\s*[xX×%]\s+(?:[A-Za-z/-]+\s+){0,2}?(?:at|@)\s*(?:max(?:imum)?\s+)?$")


def _op_for(fig_cs: int, fig_ce: int, sent: Span, doc: Doc, block_ops: list[OpMention]) -> OpMention | None:
    """The op stated in the figure's own sentence: same clause first, else the nearest before it."""
    in_sent = [o for o in _ops_between(block_ops, sent.start_char, sent.end_char)
               if not (o.start < fig_ce and fig_cs < o.end)]
    if not in_sent:
        return None
    text = _doc_text(doc)
    if any(o.kind in ("batch_size", "concurrency") and o.value == 1 for o in in_sent):
        in_sent = [o for o in in_sent if o.kind != "single"]  # "single-sequence decoding (batch size 1)": the number
    # "throughput goes from 0.67 to 1.36 req/s; at the same 1.2 req/s, latency drops ...": an op after a ';'
    # belongs to the next clause (one before it, "with a batch of 256 ...; against X the gain is 26x", carries)
    in_sent = [o for o in in_sent if not (o.start >= fig_ce and ";" in text[fig_ce:o.start])]
    # "the gain sat between 10 and 15 percent, and the best row, a batch of 64, reached 1.15x": an op in a
    # later clause that leads to a figure of its own is that figure's
    in_sent = [o for o in in_sent if not (
        o.start >= fig_ce and _CLAUSE_JOIN.search(text, fig_ce, o.start)
        and _FIGURE_HINT.search(text, o.end, sent.end_char))]
    if not in_sent:
        return None
    theirs = [o for o in in_sent if _BASELINE_OP_BEFORE.search(text, max(0, o.start - 24), o.start)]
    if theirs and len(theirs) < len(in_sent):
        # "At 45 concurrent requests ... 15.5 times what a single request gets": the baseline's load
        in_sent = [o for o in in_sent if o not in theirs]
    if len({(o.kind, o.value) for o in in_sent}) == 1:
        return in_sent[0]
    # "the headline 2.11x at concurrency 1 fades to 1.25x at 64 concurrent requests": an op right after an
    # earlier figure is that figure's, when this one has its own right after it
    owned = [o for o in in_sent if o.end <= fig_cs and _FIGURE_THEN_AT.search(text, max(0, o.start - 32), o.start)]
    if owned and any(o.start >= fig_ce and re.fullmatch(r"\s*(?:at|@)\s*", text[fig_ce:o.start] + (
            " at" if re.match(r"(?:at|@)\s", o.text) else "")) for o in in_sent):
        in_sent = [o for o in in_sent if o not in owned]

    def clause_gap(o: OpMention) -> int:
        a, b = (o.end, fig_cs) if o.end <= fig_cs else (fig_ce, o.start)
        between = text[a:b]
        return len(re.findall(r"[,;:()]|\band\b|\bbut\b|\bwhile\b|\bwhereas\b|\bversus\b|\bvs\.?|\b(?:even |al)?though\b",
                              between))

    scored = sorted(in_sent, key=lambda o: (clause_gap(o), 0 if o.end <= fig_cs else 1,
                                            abs((o.start + o.end) / 2 - (fig_cs + fig_ce) / 2)))
    return scored[0]


def _claim_sentence(sent_text: str, cell) -> str:
    """A table cell's "sentence" is its row ("Mixed-dtype router GEMM | MoE | 4%"): what a reader of the
    report needs to place the figure, and what the mechanism cues read."""
    if cell is None or not cell.row_cells or sent_text not in cell.row_cells:
        return sent_text
    # the row's labels and this cell, not the row's other figures ("32x larger batches" beside a latency cell)
    return " | ".join(c for c in cell.row_cells if c == sent_text or not _FIGURE_HINT.search(c))


class _BlockContext:
    """Block-wide context, read once per block and only when a claim needs it."""

    def __init__(self, text: str, aside: list[tuple[int, int, str]] | None = None) -> None:
        self.text = text
        self.aside = aside or []  # techniques named as a setting or a baseline, not as the subject
        self._cache: dict[str, object] = {}

    def get(self, name: str, fn):
        if name not in self._cache:
            self._cache[name] = fn(self.text)
        return self._cache[name]


_MULTIPLY_VERB = re.compile(r"\b(?:shrinks?|shrank|shrunk|cuts?|reduc\w+|grow[sn]?|grew|boost\w*|increas\w+|rais\w+|"
                            r"lower(?:s|ed)|drops?|dropped|fell|falls?|rises?|rose|improv\w+|speeds? up|sped up)\b")
_SIZE_UNIT = re.compile(r"\b(?:[KMGT]i?B|bytes)\b")
_PRICE_RE = re.compile(r"[$€£]\s?\d|\b(?:prices?|priced|pricing|billed)\b", re.I)
_PRICE_AFTER = re.compile(r"[^.;$]{0,30}?(?:\bto|\bnow|\bat)\s+[$€£]\s?\d")


_OP_PREPOSITION = re.compile(r"\b(?:at|under|in|during|near|around|on|for|with)\s+(?:the\s+|a\s+)?$", re.I)


def _make_claim(document: Document, bi: int, block: Block, doc: Doc, sent: Span, fig: _Fig,
                dctx: _DocContext, block_ops: list[OpMention], techs: list[tuple[int, int, str]],
                leadins: dict[int, OpMention], bctx: _BlockContext,
                prev: tuple[_Fig, str] | None = None) -> Claim:
    base = block.start
    fig_cs = doc[fig.start].idx
    fig_ce = doc[fig.end - 1].idx + len(doc[fig.end - 1].text)
    sent_text = _span_text(doc, sent)
    rel_s, rel_e = fig_cs - sent.start_char, fig_ce - sent.start_char
    # metric
    op_spans = [(o.start - sent.start_char, o.end - sent.start_char)
                for o in _ops_between(block_ops, sent.start_char, sent.end_char)]
    # "+10% peak throughput", "peak throughput improved by 10%", "4.6x the A100's maximum throughput": an
    # offline op's words next to the figure, in its clause, also name what it measures
    op_spans = [(a, b) for a, b in op_spans if not (
        sent_text[a:b].lower().endswith("throughput") and not _OP_PREPOSITION.search(sent_text, max(0, a - 12), a) and (
            (a >= rel_e and a - rel_e <= 25 and not _CLAUSE_RE.search(sent_text[rel_e:a])) or
            (b <= rel_s and rel_s - b <= 25 and not _CLAUSE_RE.search(sent_text[b:rel_s]))))]
    # "speedups of up to 1.56x ..., and memory use drops by 2x": the speed is unnamed
    metric = _find_metric(sent_text, rel_s, rel_e, op_spans,
                          after_limit=rel_e + 12 if _speed_figure(doc, fig, sent) else None, vague=True)
    if re.match(r"\s*(?:layer|kernel|op|operator)[- ](?:wise|level)\b", sent_text[rel_e:], re.I):
        metric = "unspecified"  # "up to 3.6x layer-wise and up to 2.2x end-to-end": a kernel multiple, no serving metric
    cell = block.cell
    if cell is None and fig.unit in ("x", "%"):
        # "ITL p50 25.58 ms -> 6.89 ms = 3.71x" as a line of its own: the label the line starts with
        line_no, col, _ = document.locate(doc[fig.start].idx + block.start)
        src = document.lines[line_no - 1] if 0 < line_no <= len(document.lines) else ""
        label = _LINE_LABEL.match(src)
        fig_text = doc[fig.start:fig.end].text
        labelled = _METRIC_RE.match(label.group(1)) if label and src.rstrip().endswith(fig_text) else None
        if labelled is not None:
            metric = _METRIC_OF[labelled.group(1).lower()]
    # a stated scope ("the metric throughout is decode speed"): for a table cell it outranks the lead-in
    stated = dctx.section_metric.get(block.section_start if block.section_start is not None else -1) or dctx.doc_metric
    if metric is None and cell is not None:
        metric = _table_metric(cell, block, _table_intro(document, bi), stated[0] if stated else None)
    if metric is None and stated is not None and (cell is not None or not stated[1]):
        metric = stated[0]
    if metric is None and _SHRINKS_CACHE.search(sent_text[max(0, rel_s - 60):rel_s]):
        metric = "memory"
    if metric is None and _SMALLER_AFTER.match(sent_text, rel_e) and \
            _CACHE_WORDS.search(sent_text + " " + dctx.leadin_text.get(bi, "")):
        metric = "memory"  # "makes the cache 8X smaller", "another 2-3x reduction" (of the KV cache)
    if fig.form == "fraction" and re.match(r"(?i)half the (?:size|bytes|memory|footprint)\b", sent_text[rel_s:rel_s + 24]):
        metric = "memory"  # "The cache is also half the size"
    if metric is None and fig.unit == "abs" and re.match(r"\s*[kKmM]?\s*tokens\b", sent_text[rel_e:]) \
            and _POOL_WORDS.search(sent_text):
        metric = "capacity"  # "the pool goes from 43,928 to 87,857 tokens"
    if metric in (None, "throughput", "latency", "ttft", "itl", "tpot", "e2e", "unspecified") and fig.unit == "abs" \
            and _SIZE_UNIT.search(doc[fig.start:min(sent.end, fig.end + 1)].text):
        # "drops from 54 GB to 14.1 GB"; "a 90% throughput gain, and the checkpoint shrinks from 15.01 GB to 4.22 GB":
        # a pair of sizes is a footprint whatever speed the sentence also names
        metric = "memory"
    if metric is None and (_PRICE_RE.search(_figure_clause(_doc_text(doc), sent, fig_cs, fig_ce))
                           or _PRICE_AFTER.match(sent_text, rel_e)):
        metric = "cost"  # "input goes from $5.00 to $2.50", "Input down 78%, to $0.075", "the input price is 30x"
    if metric is None and not _SPEED_RE.search(sent_text):
        items: list[str] = []  # the list items right above this one, nearest first
        k = bi - 1
        while block.kind == "list_item" and k >= 0 and len(items) < 3 and document.blocks[k].kind == "list_item":
            items.append(document.text[document.blocks[k].start:document.blocks[k].end])
            k -= 1
        metric = _inherited_metric(doc, sent, dctx.leadin_text.get(bi), items)
    op, op_source = _resolve_op(fig_cs, fig_ce, sent, doc, block, bi, block_ops, dctx, leadins, document, metric)
    if metric is None:  # "at max throughput gives 1.6x": the sentence's own op names the metric
        op_here = op if op_source == "sentence" else None
        metric = "throughput" if op_here is not None and "throughput" in op_here.text.lower() else "unspecified"
    leadin = dctx.leadin_text.get(bi)
    rival_item = leadin is not None and block.kind == "list_item" and bool(
        _RIVAL_LEADIN.match(leadin) and _LABEL_ITEM.match(sent_text))
    if rival_item and metric == "unspecified":  # "vs other endpoints (output speed, single stream):"
        metric = _find_metric(leadin, len(leadin), len(leadin), []) or metric
    direction, down = _direction(doc, fig, sent, metric, prev)
    spent = _COST_OF_METRIC.match(sent_text, rel_e) if fig.unit == "%" and _COSTS_BEFORE.search(sent_text[:rel_s]) else None
    spent_metric = _METRIC_RE.match(spent.group(1)) if spent else None
    if spent_metric is not None:  # "256-token chunks cost up to 20% of prefill throughput": that much of it lost
        metric, direction = _METRIC_OF[spent_metric.group(1).lower()], "worse"
    if cell is not None and fig.unit == "%" and fig.sign and _SPEEDUP_HEADER.search(cell.col_header or ""):
        direction = "better" if fig.sign > 0 else "worse"  # "| End-to-end speed-up, turn 2 | +96.13% |"
    if cell is not None and fig.unit == "x" and fig.low is None and _SPEEDUP_HEADER.search(cell.col_header or ""):
        direction = "better" if fig.value >= 1 else "worse"  # "| Speedup vs TRTLLM-Gen | 0.18x |": a slowdown
    if rival_item and direction == "worse" and _SLOWER_AFTER.match(sent_text, rel_e):
        direction = "better"  # "- AWS: 75x slower": the rival is slower, the announced system faster
    hedge = _hedge(doc, fig, sent)
    if fig.unit == "x" and fig.low is None and hedge == "none" and doc[fig.start].text.startswith(("~", "≈")):
        hedge = "about"
    if hedge == "none" and cell is not None:  # a caption saying every cell is an "up to" value
        intro = _table_intro(document, bi) or ""
        if re.search(r"\bup to\b", intro, re.I) and re.search(r"\b(?:every|all|each)\b", intro, re.I):
            hedge = "up_to"
    baseline = _baseline(sent_text, rel_s, rel_e, fig)
    if baseline is None and cell is not None and cell.col_header:
        m = _BASELINE_RE.search(cell.col_header)
        if m:
            baseline = m.group(1).strip()
    # ratio: improvement factor, > 1 better
    ratio = _ratio(fig, direction, down)
    # technique
    technique = _resolve_technique(fig, sent, doc, techs, block, dctx, baseline, sent_text, document, bi, bctx)
    if technique in (None, *_DTYPE_TECHNIQUES) and _BARE_KV_FORMAT.search(sent_text) \
            and not _WEIGHT_WORDS.search(sent_text) and _kv_quant_just_before(document, bi):
        # "- Online int8/int4 KV replaces it." then "- RPS rises by roughly 30% with int8 and 40% with int4.":
        # the bare format continues the cache's quantization the items or paragraph just before name
        technique = "kv-cache-quantization"
    if technique == "continuous-batching" and _static_batches_of_subject(
            " | ".join(block.cell.row_cells) if block.cell is not None else sent_text) and not any(
            t[2] == "continuous-batching" and sent.start <= t[0] < sent.end for t in techs):
        # "FasterTransformer that kept static batches managed about 4x", "| FasterTransformer | static, optimised
        # kernels | 4x |": a system without the technique, measured against the same naive baseline
        technique = None
    if technique is not None and cell is not None and _row_sets_engine_against_engine(cell):
        technique = None  # "| vLLM (launch) | TGI | throughput | up to 3.5x |" under a continuous-batching title
    credited = _credited_cell(cell) if cell is not None else None
    if credited is not None:
        # "| Release | Credited to | Baseline | ... |" then "| v0.2 | whole engine | vLLM 0.5.2 | ... | up to 3.8x |": the
        # row's own column says what the figure is credited to; a single lexicon technique there, else none
        names = set(_technique_in_text(credited))
        technique = names.pop() if len(names) == 1 and not _PLUS_RE.search(credited) else None
    row_chips = cell is not None and _row_sets_chip_against_chip(cell)
    if row_chips:
        technique = None  # "| v4.1 | Llama 2 70B | 1x B200, FP4 | 1x H100, FP8 | up to 4x |": chips (and their stacks) compared
    if technique == "attention-kernel" and not _KERNEL_BASELINE.search(sent_text) and any(
            t[2] == "kv-cache-quantization" and sent.start <= t[0] < sent.end
            and not re.search(r"[,;]", _doc_text(doc)[min(doc[t[0]].idx, fig_cs):max(doc[t[1] - 1].idx, fig_cs)])
            for t in techs):  # (in the figure's own clause: not "new MLA kernels +20%, ..., FP8 KV cache +6%")
        # "FP8 KV cache makes the attention kernel 1.8x faster", "with a 4-bit KV cache FlashInfer's attention runs roughly
        # 4x faster than at FP16": the cache's format is what changed; the kernel is where it shows
        technique = "kv-cache-quantization"
    kernel_swap = False  # one kernel or tile table against another at one format (classify reads it: compute-side)
    if technique == "kernel-fusion" and not any(
            t[2] == "kernel-fusion" and sent.start <= t[0] < sent.end and not _FUSED_MOE.fullmatch(doc[t[0]:t[1]].text)
            for t in techs) \
            and (_TUNED_CONFIG.search(sent_text) or (block.section and _CONFIG_HEADING.search(block.section[-1]))):
        # "tuned configs improve inter-token latency by roughly 8%" under "## Fused MoE configs": the fused MoE kernel
        # is the setting, its tile table the change
        technique, kernel_swap = None, True
    if technique == "weight-quantization" and not _PRECISION_CONTRAST_RE.search(sent_text) and len(
            {m.group(0).lower().split()[0] for m in _W4_KERNEL.finditer(
                " | ".join(cell.row_cells) if cell is not None else sent_text)}) >= 2:
        # "Machete vs Marlin, GPTQ-INT4 | ... | +46%", "46% more throughput with Machete than with Marlin": two kernels
        # for one 4-bit checkpoint, the format unchanged
        technique, kernel_swap = None, True
    fp8_before_kernel_rules = technique == "fp8-quantization"
    if technique == "fp8-quantization" and _TUNED_CONFIG.search(sent_text) and not _contrasts_formats(sent_text):
        technique = None  # "the tuned tiles run ~25% faster than the default heuristic"
    if technique == "fp8-quantization" and (not _PRECISION_WORD.search(sent_text) or (
            _KERNEL_CONTEXT.search(sent_text) and not _contrasts_formats(sent_text))) and format_held_fixed(document, block):
        # "timed them against the best PyTorch FP8 result", "against DeepSeek's own internal kernels" in the
        # section of an FP8 GEMM: one FP8 kernel against another, the precision held fixed on both sides
        technique = None
    if technique == "fp8-quantization" and cell is not None and cell.col_header \
            and _KERNEL_LIBRARY_BASELINE.search(cell.col_header):
        technique = None  # "| ... | Speedup vs CUTLASS 3.6 |": the column compares one kernel library with another
    if technique == "fp8-quantization" and cell is not None and sum(
            1 for h in cell.header_row if h and (_KERNEL_LIBRARY.search(h) or _TRITON.search(h))) >= 2 \
            and not _contrasts_formats(" | ".join(cell.header_row)):
        # "| Shape | cuBLAS FP8 (us) | DeepGEMM (us) | Speedup |": the columns are two kernels at one format
        technique = None
    if technique == "fp8-quantization" and cell is None and not _PRECISION_WORD.search(sent_text) \
            and not _contrasts_formats(sent_text) and _KERNEL_SUBJECT.search(sent_text):
        # "Replacing the Triton block-scaled kernels with DeepGEMM cut median ITL by 9 %" in an FP8 document: the
        # figure's subject is a kernel, no format is named against another, so the inherited format is no change
        technique = None
    prev = _previous_sentence(doc, sent) if technique == "fp8-quantization" else None
    if prev is not None and not _PRECISION_WORD.search(sent_text) and not _contrasts_formats(sent_text) \
            and (vs := _KERNEL_BASELINE.search(prev.text)) and not _contrasts_formats(prev.text) \
            and not _ENGINE_RE.search(vs.group(0)):
        # "DeepGEMM's README ... compares itself with DeepSeek's own CUTLASS 3.6 kernels. On the dense shapes it is up to
        # 2.7x faster at M=64": the sentence before set one kernel against another
        technique = None
    if technique == "fp8-quantization" and not _PRECISION_WORD.search(sent_text) and _leadin_compares_kernels(document, bi):
        technique = None  # "DeepGEMM ... against DeepSeek's own tuned CUTLASS 3.6 build ...:" then "M=64 ... -> 2.7x"
    if technique == "fp8-quantization" and (_GEMM_WORD.search(sent_text) or _KERNEL_LIBRARY.search(sent_text)):
        vs = _figure_kernel_baseline(sent_text, rel_e)
        if (vs is not None and not _contrasts_formats(sent_text[:rel_s] + " " + vs)) or _LIBRARY_GEMM.search(sent_text) or (
                _LIBRARY_SUBJECT.search(sent_text) and not _PRECISION_WORD.search(sent_text)
                and not _PRECISION_CONTRAST_RE.search(sent_text)) or (
                _KERNEL_CHANGE.search(sent_text) and not _contrasts_formats(sent_text)):
            # "GemLite's GEMM path is 9-10x faster than tinygemm", "the tuned kernels run 1.19x faster than the
            # previous CUTLASS configs", "Turning off DeepGEMM's FP8 GEMM kernels cost 2.7%", "shapes hit up to
            # 2.7x vs DeepSeek's own tuned CUTLASS", "The update lifted DeepGEMM's peak from 1350 to 1550
            # TFLOPS" (a library's own numbers, no format named): kernels compared
            technique = None
    if technique == "fp8-quantization" and _gemm_row_or_sentence(sent_text, cell) \
            and not _contrasts_formats(" ".join(
                [sent_text, *(cell.row_cells if cell else []), *(cell.header_row if cell else []),
                 (cell.col_header or "") if cell else "", (_table_intro(document, bi) or "") if cell else ""])):
        # "| Block-scale FP8 GEMM | dense projections | 2X |", "A 2.7x GEMM at batch size 64 shrinks ...": one
        # FP8 kernel against another; no 16-bit side is named, so the format is no change
        technique = None
    kernel_swap = kernel_swap or (fp8_before_kernel_rules and technique is None)  # an FP8 kernel against an FP8 kernel
    # one chip against another (classify reads it: hardware compared, unknown whatever cue words the sentence holds)
    chips_compared = row_chips or (technique is None and _distinct_chips(sent_text) >= 2 and bool(
        _HARDWARE_OF.search(sent_text[rel_s:]) or (baseline and ctx.HARDWARE_RE.search(baseline))))
    # context
    section_text = " ".join(block.section)
    hardware = ctx.find_hardware(sent_text, rel_s) or bctx.get("hw", ctx.find_hardware) \
        or ctx.find_hardware(section_text) or dctx.doc_hardware
    model = ctx.find_model(sent_text, rel_s) or bctx.get("model", ctx.find_model) or ctx.find_model(section_text) \
        or dctx.doc_model
    precision = ctx.find_precision(sent_text)
    inp, outp = ctx.find_lengths(sent_text)
    if inp is None and outp is None:
        inp, outp = bctx.get("lengths", ctx.find_lengths)
    if inp is None and outp is None:
        inp, outp = dctx.doc_lengths
    pm = PERCENTILE_RE.search(sent_text)
    if pm is None and cell is not None:
        pm = PERCENTILE_RE.search(" ".join(x for x in (cell.col_header, cell.row_header) if x))
    start, end = base + fig_cs, base + fig_ce
    line, col, page = document.locate(start)
    eline, ecol, _ = document.locate(max(start, end - 1))
    return Claim(
        line=line, column=col, end_line=eline, end_column=ecol + 1, page=page,
        text=document.text[start:end], sentence=" ".join(_claim_sentence(sent_text, cell).split())[:500],
        value=fig.value, low=fig.low, unit=fig.unit, ratio=ratio,  # type: ignore[arg-type]
        metric=metric, direction=direction, hedge=hedge,  # type: ignore[arg-type]
        technique=technique, kernel_swap=kernel_swap, chips_compared=chips_compared,
        op_kind=op.kind if op else "unstated",  # type: ignore[arg-type]
        op_value=op.value if op else None,
        op_source=op_source,  # type: ignore[arg-type]
        op_text=op.text if op else None,
        baseline=baseline, hardware=hardware, model=model, precision=precision,
        input_len=inp, output_len=outp, percentile=pm.group(1).lower() if pm else None,
        section=block.section[-1] if block.section else None,
        start=start, end=end, block=bi,
        source_line=document.lines[line - 1] if 0 < line <= len(document.lines) else "",
    )


_INHERITED = {"throughput", "goodput", "latency", "ttft", "itl", "tpot", "e2e"}


_BUNDLE_BACKREF = re.compile(
    r"^\W*(?:(?:that|this|both|these|those|the)\s+(?:\w+\s+)?(?:figures?|numbers?|results?|claims?|headlines?|gains?)\b[^.;]{0,30}?"
    r"\b(?:bundles?|describes?\s+the\s+(?:whole|entire|full)\s+(?:stack|system)|(?:is|are)\s+(?:for\s+)?the\s+(?:whole|entire|full)\s+"
    r"(?:stack|system)|credits?\s+the\s+(?:whole|entire|full)\s+(?:stack|system))|"
    r"neither (?:number|figure|result)\s+belongs\s+to\s+any\s+single|"
    r"(?:the\s+)?(?:work|changes|gains?|speed-?ups?)\s+(?:behind|for)\s+(?:it|this|that|them)\s+(?:spans?|includes?|"
    r"comprises?|covers?)\b[^.]*,[^.]*,[^.]*\band\b)", re.I)


_BASELINE_SENTENCE = re.compile(r"(?:^|(?<=[.!?]\s))(?:the\s+)?(?:comparison points?|baselines?|reference points?|points? of "
                                r"comparison)\b[^.]*?\b(?:is|are|was|were)\b[^.]*(?:\.|$)", re.I)


def _without_technique(text: str) -> list[str]:
    """"4x faster than vLLM without speculation": the change named by its absence on the baseline side."""
    m = re.search(r"\bwithout\s+(.{3,40})", text, re.I)
    return _technique_in_text(m.group(1)) if m else []


_LIST_FIGURE_RE = re.compile(r"(?<![\w.])[+~]?\d+(?:\.\d+)?\s?[xX×%](?!\w)")
_SAME_FORMAT_PAIR = re.compile(r"\b((?:NV|MX)?FP\d+|INT\d+|BF16)\s+(?:vs\.?|versus|against)\s+\1\b", re.I)


def _figure_list_segment(text: str, at: int) -> tuple[int, int] | None:
    """In a sentence that lists three or more signed figures, each with its own short label after it, one per
    comma ("+2X GEMM, +3X MoE, +17x MLA decode"), the stretch from the figure at `at` to the next one."""
    figs = list(_LIST_FIGURE_RE.finditer(text))
    if len(figs) < 3:
        return None
    run: list[re.Match] = [figs[0]]
    runs = [run]
    for a, b in zip(figs, figs[1:]):
        gap = re.sub(r"\([^)]*\)", "", text[a.end():b.start()])
        if gap.count(",") == 1 and gap.rstrip().endswith(",") and 0 < len(gap.split(",")[0].strip()) <= 40:
            run.append(b)
        else:
            run = [b]
            runs.append(run)
    for r in runs:
        # (not "1.51x at batch 1, 1.40x at batch 8" nor "+96% e2e at bs=1, +64% at bs=4": labels that are loads)
        if len(r) >= 3 and all(m.group(0).startswith("+") for m in r) and not any(
                find_ops(text[a.end():b.start()]) for a, b in zip(r, r[1:])):
            for k, m in enumerate(r):
                if m.start() <= at < m.end() + 1:
                    if k + 1 < len(r):
                        return m.start(), r[k + 1].start()
                    stop = re.search(r"[.;]", text[m.end():])  # the last figure's label runs to the sentence's end
                    return m.start(), m.end() + stop.start() if stop else len(text)
    return None


_REPLICA_LAYOUT = re.compile(r"\b(?:two|three|four|eight|\d+)\s+(?:[`'\"]?-?-?tp[\s=]*\d+[`'\"]?\s+)?replicas\b"
                             r"[^.;]{0,60}\b(?:vs\.?|versus|instead of|rather than|against|than)\b", re.I)
_PAREN_LIST = re.compile(r"\((?:[^(),]+,){2,}[^()]*\band\b[^()]*\)")


def _in_paren_list(text: str, at: int) -> bool:
    """Whether position `at` of the text falls inside a parenthesised list of three or more items."""
    return any(m.start() < at < m.end() for m in _PAREN_LIST.finditer(text))


_BUNDLE_FORWARD = re.compile(
    r"\b(?:results?|figures?|numbers?|headlines?)\b[^.;]{0,80}\b(?:describe|are for|belong to|measure)\s+the\s+"
    r"(?:bundle|whole (?:stack|system|product|plugin|runtime))\b|\bwith all (?:of )?its (?:features|optimi[sz]ations) "
    r"(?:switched |turned )?on\b", re.I)


def _next_sentence_calls_it_a_bundle(doc: Doc, sent: Span) -> bool:
    """The sentence right after the figure's says its numbers belong to a bundle ("Both numbers describe the
    whole stack", "That figure bundles disaggregation with KV-aware routing", "Neither number belongs to any
    single technique")."""
    last = doc[sent.end - 1].sent.end
    if last >= len(doc):
        return False
    return bool(_BUNDLE_BACKREF.search(doc[last].sent.text))


def _previous_sentence(doc: Doc, sent: Span) -> Span | None:
    """The whole sentence before the one holding `sent` (a clipped window of it), in the same block."""
    first = doc[sent.start].sent.start
    return doc[first - 1].sent if first > 0 else None


def _inherited_metric(doc: Doc, sent: Span, leadin: str | None, prev_items: list[str] | None = None) -> str | None:
    """An elliptical figure ("For Llama-3-8B it reports 1.2x on A100") speaks of the speed or latency
    metric named in the sentence just before it, or in the lead-in of its list ("time to first token in
    practice:"), or, first in its list item, of the previous item's figure ("- ... up to 4x the throughput
    of Hopper" then "- By model: up to 4.3x"). Capacity, memory and cost are not carried over: a sentence
    that names them is describing, not setting up the next figure."""
    prev = _previous_sentence(doc, sent)
    if prev is not None:
        terms = list(_METRIC_RE.finditer(prev.text))
        if any(not any(t.start() <= sp.start() < t.end() for t in terms) for sp in _SPEED_RE.finditer(prev.text)):
            return None  # "ran 7.22x faster ... added only 1.03x": speed, unnamed ("faster responses" names one)
        for found in reversed(terms):  # the nearest speed/latency term
            m = _METRIC_OF[found.group(1).lower()]
            if m in _INHERITED and not _MODIFIER_BEFORE.search(prev.text, max(0, found.start() - 12), found.start()):
                return m
    if leadin:
        m = _find_metric(leadin, len(leadin), len(leadin), [])
        if m in _INHERITED:
            return m
    if prev is not None and (_METRIC_RE.search(prev.text) or _FIGURE_HINT.search(prev.text)):
        return None
    # first figure of its item (or after a label sentence, "Disaggregated setup. R1 gains up to 1.5x"):
    # the metric of the previous item's own figure, through items whose figures name none
    for item in prev_items or []:
        parts = _split_sentences(item) if item.strip() else []
        last = parts[-1] if parts else ""
        hint = _FIGURE_HINT.search(last) if last and not _SPEED_RE.search(last) else None
        if hint is None:
            return None
        m = _find_metric(last, hint.start(), hint.end(), [])
        if m in _INHERITED:
            return m
        if m is not None:
            return None
    return None


_SETTING_COLUMN = re.compile(r"\b(?:mode|setting|config(?:uration)?|backend|runtime|execution|framework|engine|"
                             r"parallelism|layout)\b", re.I)
_PLUS_RE = re.compile(r"\s(?:\+|plus)\s", re.I)
_BASELINE_COLUMN = re.compile(r"^\W*(?:baselines?|compared (?:with|to)|against|vs\.?|versus|reference)\W*$", re.I)
_WITH_WITHOUT = re.compile(r"^\s*(?:with|without|w/o?|no)\b", re.I)  # "Without XQA (tok/s/GPU)" columns
def _is_op_header(text: str) -> bool:
    """A header that is only an operating point ("64 concurrent requests", "batch size 8")."""
    if _BARE_RATE_CELL.fullmatch(text):
        return True  # "| 1 req/s |" under an "Arrival rate" column
    ops = find_ops(text)
    return len(ops) == 1 and len(text.strip()) - (ops[0].end - ops[0].start) <= 4


_BARE_RATE_CELL = re.compile(r"\s*\d+(?:\.\d+)?\s*(?:req/s|reqs/s|qps|rps|requests?/s)\s*", re.I)


_SIZE_HEADER = re.compile(r"\b(?:model size|model file|checkpoint size|weights? size|size on disk)\b|"
                          r"\((?:MiB|GiB|MB|GB|TB)\)", re.I)
_MEMORY_LABEL = re.compile(r"(?:(?:the\s+)?KV[- ]cache|cache)(?:\s+(?:size|memory|footprint|per token))?$", re.I)
# "reduces the KV cache by 93.3%": the cache's size
_SPEEDUP_HEADER = re.compile(r"\b(?:speed-?ups?|speedups?|faster|gain|improvement|uplift)\b", re.I)
_SHRINKS_CACHE = re.compile(r"\b(?:reduc|cut|shrink|shrank|shrunk|compress|trim|halv)\w*\s+(?:the\s+|its\s+)?"
                            r"(?:KV[- ])?cache(?:\s+(?:size|footprint|usage|use|memory))?(?:\s+(?:by|to))?"
                            r"(?:\s+(?:more than|over|up to|about|roughly|nearly|almost|at least))?\s*$|"
                            r"\b(?:KV[- ]|K/V )?cache(?:\s+(?:size|footprint|memory))?\s+(?:shrinks|shrank|falls|fell|"
                            r"drops|dropped|is (?:cut|reduced|compressed))\s+(?:by\s+)?(?:(?:about|roughly|around|nearly|"
                            r"almost|up to|some)\s+)?[~≈]?\s*$", re.I)  # ("the cache shrinks about 4x")
# a list of rivals: "vs other 405B endpoints (output speed):" then "- AWS: 75x slower"
_RIVAL_LEADIN = re.compile(r"\s*(?:vs\.?|versus|compared (?:with|to)|against|relative to)\s", re.I)
_LABEL_ITEM = re.compile(r"\s*[^:\d]{1,60}:\s*[~≈]?\d")
_SLOWER_AFTER = re.compile(r"\s*(?:slower|behind|longer|more expensive|higher latency)\b", re.I)
_METRIC_COLUMN = re.compile(r"\b(?:metric|measure|quantity|setting|scenario)\b", re.I)
_LATENCY_KINDS = ("e2e", "ttft", "itl", "tpot")


def _table_metric(cell, block: Block, intro: str | None, stated: str | None = None) -> str | None:
    """A speedup cell's metric: its column header, a 'Metric' column of its row, its row header, the
    section heading, the caption or lead-in (read next to the table), else what the other columns
    measure ("Tokens/s/user" beside "Gain"). A generic "latency" header takes the latency kind the
    lead-in names ("mean end-to-end latency")."""
    found: str | None = None
    candidates: list[tuple[str | None, int | None]] = [(cell.col_header, 0)]
    candidates += [(cell.row_cells[j], 0) for j, h in enumerate(cell.header_row)
                   if j != cell.col and j < len(cell.row_cells) and _METRIC_COLUMN.search(h or "")]
    candidates += [(cell.row_header, 0)]
    if not cell.header_row:  # a headerless block of aligned rows: the row's own label cells say what it measures
        candidates += [(c, 0) for j, c in enumerate(cell.row_cells) if j not in (0, cell.col)]
    # "| Concurrency | TPOT, merged | TPOT, multi-LoRA | vs merged |": the compared columns measure one thing,
    # which the lead-in's words ("concurrent requests per GPU") and the heading's ("End-to-end evidence")
    # do not override (the other columns' headers and their metrics, read once: the last fallback reads them too)
    named = [(h, m) for j, h in enumerate(cell.header_row)
             if j != cell.col and h and not header_kind(h) and not _BANDWIDTH_HEADER.search(h)
             and (m := _find_metric(h, 0, 0, []))]
    header_metrics = {m for _, m in named}
    compared = len(header_metrics) == 1 and len(named) >= 2
    if compared and stated is None:
        candidates.append((named[0][0], 0))
    candidates += [*[(h, 0) for h in block.section[-1:]]]
    if stated is not None:  # "The metric is Turn-2 TTFT: ..." said for the section beats the lead-in's last word
        candidates.append((stated, -1))  # (the search stops there: nothing after it is read)
    candidates.append((intro, None))
    for text, at in candidates:
        if at == -1:
            found = text
            break
        if text:
            if at is not None and text is not intro and _is_op_header(text):
                continue  # "64 concurrent requests": the column's load, not what it measures
            if at is not None and _MEMORY_LABEL.match(text.strip()):
                return "memory"  # a "KV cache" row of a comparison table: its size
            if text is cell.col_header and _SIZE_HEADER.search(text):
                return "memory"  # "Model size (MiB)": "-54.1%" is a smaller model, not a slower one
            pos = len(text) if at is None else at  # a lead-in names the table's metric last, next to it
            found = _find_metric(text, pos, pos, [])
            if found:
                break
    if found is None and any(_PRICE_RE.search(h or "") for h in (cell.row_header, cell.col_header)):
        return "cost"  # a "Change in price of a cached input token" row
    if found is None:  # what the other columns measure: their headers, else their cells' units ("22,282 tok/s")
        if len(header_metrics) == 1:
            found = next(iter(header_metrics))
        else:
            others = {_find_metric(c, 0, 0, []) for j, c in enumerate(cell.row_cells) if j != cell.col and c}
            others.discard(None)
            if len(others) == 1:
                found = others.pop()
    if found == "latency":  # the lead-in or the row's own units ("1.66 s/req") name the latency kind
        for text in (intro or "", " ".join(c for j, c in enumerate(cell.row_cells) if j != cell.col)):
            specific = {_METRIC_OF[m.group(1).lower()] for m in _METRIC_RE.finditer(text)} & set(_LATENCY_KINDS)
            if len(specific) == 1:
                return specific.pop()
    return found


# "| Batch size (M) | N | K | TFLOPS | Memory bandwidth | Speedup vs CUTLASS 3.6 |": a rate the kernel reached
# beside the speedup, not the footprint the speedup column would measure
_BANDWIDTH_HEADER = re.compile(r"\bbandwidth\b", re.I)


def _leadin_subject_part(intro: str) -> str:
    """The lead-in's last sentence up to its baseline ("Qwen2.5-72B, INT4 QuickReduce" of "Qwen2.5-72B, INT4
    QuickReduce against the unquantized all-reduce:"): where the table's subject is named."""
    last = SENTENCE_BEFORE_CAPITAL.split(intro.strip())[-1]
    return re.split(r"\b(?:against|vs\.?|versus|compared|than|over|relative to)\b", last, maxsplit=1)[0]


def _leadin_of(document: Document, bi: int) -> str | None:
    """What leads into a table cell (its caption or lead-in) or a list item (the paragraph ending ':' above
    the run of items it belongs to)."""
    block = document.blocks[bi]
    if block.kind == "table_cell":
        return _table_intro(document, bi)
    if block.kind != "list_item":
        return None
    for j in range(bi - 1, -1, -1):
        b = document.blocks[j]
        text = document.text[b.start:b.end]
        if text.rstrip().endswith(":"):
            return text
        if b.kind != "list_item":
            return None
    return None


def _leadin_compares_kernels(document: Document, bi: int) -> bool:
    """The lead-in puts a kernel against another kernel of the same format ("the tuned CUTLASS FP8 GEMM configurations
    ... against the kernels they replaced:"): the rows below are kernel speedups, not format gains."""
    lead = _leadin_of(document, bi)
    vs = _KERNEL_BASELINE.search(lead) if lead else None
    # ("stock vLLM against their tuned TensorRT-LLM configuration": engines compared, not kernels)
    return bool(vs and not _ENGINE_RE.search(vs.group(0)) and not _PRECISION_CONTRAST_RE.search(lead or ""))


def _table_intro(document: Document, bi: int) -> str | None:
    """The paragraph just before a table (its caption or lead-in), for a cell's metric."""
    intros = _TABLE_INTROS.get(id(document))
    if intros is None or intros[0] is not document:
        found: dict[int, str | None] = {}
        last: str | None = None
        for i, b in enumerate(document.blocks):
            if b.kind == "table_cell":
                found[i] = last
            else:
                text = document.text[b.start:b.end]
                # a caption, a paragraph, or a list item that leads into the table ("... per GPU:")
                last = text if b.kind in ("paragraph", "caption") or (
                    b.kind == "list_item" and text.rstrip().endswith(":")) else None
        intros = (document, found)
        _TABLE_INTROS.clear()
        _TABLE_INTROS[id(document)] = intros
    return intros[1].get(bi)


_TABLE_INTROS: dict[int, tuple[Document, dict[int, str | None]]] = {}


def _ratio(fig: _Fig, direction: str, down: bool) -> float:
    """The improvement factor (> 1 better): "54 % lower latency" -> 1 / 0.46."""
    if fig.unit == "abs":
        r = fig.value
        if r <= 0:
            return 1.0
        r = max(r, 1 / r)
        return round(r if direction == "better" else 1 / r, 4)
    if fig.unit == "x":
        v = fig.value
        if v < 1:
            v = 1 / v
        return round(v if direction == "better" else 1 / v, 4)
    p = fig.value / 100.0
    if down:
        changed = max(1.0 - p, 0.01)  # the measured quantity fell by p
        r = 1 / changed if direction == "better" else changed
    else:
        r = 1.0 + p if direction == "better" else 1 / (1.0 + p)
    return round(r, 4)


_LOADED_RE = re.compile(r"\b(?:multi-?streams?|multi-?user|multi-?request|multiple (?:streams|users|requests)|"
                        r"under (?:heavy )?load|once requests pile up|many concurrent|"
                        r"(?:at|under|with) (?:a |the )?(?:high|higher|heavy|heavier|large|larger) (?:qps|loads?|"
                        r"request rates?|concurrency|concurrencies|batch(?:es| sizes?))|"
                        r"(?:crank\w*|rais\w+|increas\w+|push\w*|turn\w*) (?:the )?(?:qps|load|request rate|concurrency) up|"
                        r"(?:crank\w*|rais\w+|increas\w+|push\w*)(?: up)? (?:the )?(?:qps|load|request rate|concurrency)\b|"
                        r"across (?:the same |all |these |those |every )?(?:\w+ )?(?:batch sizes|loads|concurrenc(?:y levels|ies)|"
                        r"request rates)|"
                        r"(?:server|interactive) scenario|in (?:the )?(?:server|interactive)(?: mode)?(?! \w+ing))\b", re.I)  # (MLPerf's Server: a rate the text leaves out)
_SERVER_COLUMN = re.compile(r"^\s*(?:server|interactive)(?:\s+scenario)?\b", re.I)
_CLAUSE_CUT = re.compile(r"[;,]|\band\b|\bbut\b|\bwhile\b|\.\s", re.I)


def _figure_clause(text: str, sent: Span, fig_cs: int, fig_ce: int) -> str:
    """The clause around a figure: from the last clause break before it to the next one after it."""
    before = list(_CLAUSE_CUT.finditer(text, sent.start_char, fig_cs))
    start = before[-1].end() if before else sent.start_char
    after = _CLAUSE_CUT.search(text, fig_ce, sent.end_char)
    return text[start:after.start() if after else sent.end_char]


# "elsewhere the gain is ...", "a different benchmark altogether": the figure leaves the op just stated
_OP_BREAK_RE = re.compile(r"\b(?:elsewhere|everywhere else|(?:past|beyond|above) that|a different (?:benchmark|setup|test|workload|run)|"
                          r"another benchmark|separately|in a separate|(?:names?|gives?|states?|says) no (?:batch size|load|"
                          r"concurrency|request rate|operating point))\b", re.I)  # ("NVIDIA's 1.9x names no batch size, while ...")


_LINE_LABEL = re.compile(r"^\s*(?:[-*•]\s+)?(\S+(?:\s+\S+)?)")
_SENT_END = re.compile(r"[.!?]\s+")
_TESTBED_START = re.compile(r"\W*(?:the\s+)?(?:test ?bed|test setup|setup|hardware|environment)\s*(?:is|was|:|used)\b",
                            re.I)
_HELD_AFTER = re.compile(r"^(?:[\w-]+\s+){0,2}(?:identical|unchanged|held (?:constant|fixed)|constant across|"
                         r"(?:was|were|is|are|stays?|stayed) (?:the same|on (?:in|for) both|enabled (?:in|for|on) both))\b",
                         re.I)
_SETUP_ITEM = re.compile(r"^\W*(?:Benchmark|Setup|Set-up|Config(?:uration)?|Workload|Load|Test|Measured (?:on|with|at))\s*:",
                         re.I)
_SETUP_SENTENCE = re.compile(r"(?:^|(?<=[.!?]\s))(?:(?:Setup|Set-up|Config(?:uration)?|Settings|Hardware|Environment|"
                             r"Testbed|Test bed)\s*:[^.]*(?:\.|$)|(?:All|Every|Each)\s+(?:of the\s+)?(?:figures?|numbers?|"
                             r"results?|runs?|rows?|measurements?)\b[^.]{0,40}?\bcomes?\s+from\b(?:[^.]|\.\d)*(?:\.|$))", re.I)
# ("All figures in this section come from TensorRT-LLM v0.13.0 on h200-b07, FP8 weights, ...": the runs' settings)
_BACKREF_OP_RE = re.compile(r"\b(?:in|at|under|with|for)\s+(?:that|this|the same)\s+(?:setting|setup|configuration|"
                            r"load(?: level)?|operating point|regime|conditions?)\b|^\W*(?:the\s+)?same (?:setup|setting|"
                            r"configuration|load|conditions)\b", re.I)
_ONLINE_RE = re.compile(r"\b(?:online|interactive|real-time)\s+(?:serving|traffic|setting|mode|use|workloads?)\b", re.I)


_OP_LIST_REST = re.compile(r"((?:\s*,\s*\d[\d,]*(?:\.\d+)?(?![\d.]))*\s*,?\s*(?:and|&)\s*\d[\d,]*(?:\.\d+)?)(?![\w%×]|\.\d)")
_LIST_FIGURE = re.compile(r"(?<![A-Za-z\d.])\d+(?:\.\d+)?\s*(?:[xX×]|%|percent)(?![\w])", re.I)


def _from_to_ops(op: OpMention, text: str, sent: Span, fig_cs: int, block_ops: list[OpMention]) -> OpMention:
    """'From one request to 64 concurrent requests the benefit slides from 2.11x to 1.25x': two loads and
    two figures, each a from/to pair, matched in order."""
    ops = _ops_between(block_ops, sent.start_char, sent.end_char)
    if len(ops) != 2 or not re.search(r"\bfrom\s+(?:a\s+|the\s+)?$", text[max(sent.start_char, ops[0].start - 10):ops[0].start],
                                      re.I) or not re.fullmatch(r"\s*to\s+(?:a\s+|the\s+)?", text[ops[0].end:ops[1].start], re.I):
        return op
    figs = [f.start() for f in _LIST_FIGURE.finditer(text, sent.start_char, sent.end_char)]
    if len(figs) != 2 or fig_cs not in figs or not re.search(r"\bfrom\s+$", text[max(0, figs[0] - 6):figs[0]], re.I):
        return op
    return ops[figs.index(fig_cs)]


def _op_by_position(op: OpMention, text: str, sent: Span, fig_cs: int) -> OpMention | None:
    """'1.19x, 1.42x and 1.65x for batch sizes 32, 64 and 128': as many figures as listed values, matched
    in order. A figure over the whole list ('between 10 and 60 % across batch sizes 1, 4 and 32') was
    measured at no one of them: None."""
    if op.kind not in ("batch_size", "concurrency", "request_rate") or op.value is None:
        return op
    m = _OP_LIST_REST.match(text, op.end, sent.end_char)
    if not m:
        return op
    rest = [float(v.replace(",", "")) for v in re.findall(r"\d[\d,]*(?:\.\d+)?", m.group(1))]
    values = [op.value, *rest]
    figs = [f.start() for f in _LIST_FIGURE.finditer(text, sent.start_char, sent.end_char)]
    if len(figs) != len(values) or fig_cs not in figs:
        return None
    return OpMention(op.kind, values[figs.index(fig_cs)], op.start, m.end(), text[op.start:m.end()])


_SETUP_NEXT = re.compile(r"\W*(?:the|this|that|each|every|both|all)\s+(?:(?:benchmark|run|runs|test|tests|measurement|"
                         r"measurements|numbers|figures|results|setup|experiment|experiments|comparison)\b|(?:were|was|are)\s+"
                         r"(?:measured|taken|run)\b)", re.I)


# a post's byline before its first word: "@kvcache_kate · Mon ", "@ops_ann (2h) "
_POST_HANDLE = re.compile(r"\s*@\w+\s*(?:[·|•-]\s*)?(?:\(?[\w:]{1,8}\)?\s*)?(?:[·|•:-]\s*)?")
_SETUP_WORDS = r"settings?|setups?|config(?:uration)?s?|conditions?|workloads?"
_SETUP_COLUMN = re.compile(r"^\W*(?:" + _SETUP_WORDS + r"|measured (?:at|on|with)|test (?:setup|conditions?))\W*$", re.I)
_SETUP_COLUMN_WORD = re.compile(r"\b(?:" + _SETUP_WORDS + r")\b", re.I)
_BARE_AT_LOAD = re.compile(r"\s+(?:at|@)\s+(\d{1,6})(?![\d,.]*\d)(?=\s*(?:,(?!\d)|;|\.(?:\s|$)|\band\b|\)|$))")


def _resolve_op(fig_cs: int, fig_ce: int, sent: Span, doc: Doc, block: Block, bi: int,
                block_ops: list[OpMention], dctx: _DocContext, leadins: dict[int, OpMention],
                document: Document, metric: str | None = None) -> tuple[OpMention | None, str]:
    text = _doc_text(doc)
    clause = _figure_clause(text, sent, fig_cs, fig_ce)
    if _LOADED_RE.search(clause) and not find_ops(clause):
        # "up to 1.5x in single-stream deployment and up to 1.1x in multi-stream deployment": the second
        # figure's clause names a loaded run with no number, the single-stream op is not its own
        return None, "assumed"
    clause_start = max(sent.start_char, text.rfind(";", sent.start_char, fig_cs) + 1)
    if _OP_BREAK_RE.search(text, clause_start, fig_cs) or _OP_BREAK_RE.search(text, sent.start_char, sent.end_char):
        # only an op in the figure's own clause counts
        join = _CLAUSE_JOIN.search(text, fig_ce, sent.end_char)
        own = [o for o in _ops_between(block_ops, clause_start, join.start() if join else sent.end_char)
               if not (o.start < fig_ce and fig_cs < o.end)]
        return (own[0], "sentence") if own else (None, "assumed")
    bare = _BARE_AT_LOAD.match(text, fig_ce, sent.end_char)
    if bare is not None:
        # "2.11x at max concurrency 1, 1.84x at max concurrency 4, 1.53x at 16 and 1.25x at 64": the load's
        # kind is the one the sentence stated for the figures before
        kinds = {o.kind for o in _ops_between(block_ops, sent.start_char, fig_cs)}
        if len(kinds) == 1 and kinds <= {"concurrency", "batch_size", "request_rate"}:
            return OpMention(kinds.pop(), float(bare.group(1)), bare.start(1), bare.end(1), bare.group(0).strip()), \
                "sentence"
    colon = text.rfind(":", sent.start_char, fig_cs)
    lead_ops = _ops_between(block_ops, sent.start_char, colon) if colon > 0 and metric else []
    if len({(o.kind, o.value) for o in lead_ops}) > 1 and not _ops_between(block_ops, colon, sent.end_char):
        # "with throughput measured by sending all requests at once and TPOT measured at 32 QPS: ... 2.7x higher
        # throughput and 5x faster TPOT": the lead-in before the colon scopes each load to one metric (read
        # from a little before its first load, where the metric it scopes is named)
        lead_at = text.rfind(" ", sent.start_char, max(sent.start_char, lead_ops[0].start - 40)) + 1 or sent.start_char
        for o, m in _scoped_ops(text[lead_at:colon]):
            if m == _metric_group(metric):
                return OpMention(o.kind, o.value, o.start + lead_at, o.end + lead_at, o.text), "sentence"
    op = _op_for(fig_cs, fig_ce, sent, doc, block_ops)
    if op is not None and op.end <= fig_cs and _LOADED_RE.search(text, op.end, fig_cs):
        # "at QPS 1, ... 2.8x ..., but at high QPS the same setups ran 1.4x and 1.8x slower": a loaded run
        # named after the op, before the figure
        return None, "assumed"
    if op is not None:
        placed = _op_by_position(_from_to_ops(op, text, sent, fig_cs, block_ops), text, sent, fig_cs)
        return (placed, "sentence") if placed is not None else (None, "assumed")
    cell = block.cell
    if cell is not None:
        top = _op_from_table(cell)
        if top is not None:
            return top, "table"
        if _SERVER_COLUMN.match(cell.col_header or ""):
            return None, "assumed"  # "| Offline (tok/s) | Server (tok/s) |": the Server column is not offline
        intro = _table_intro(document, bi)
        # "| Kernel | Baseline | Setting | Speedup |": each row states its own setup, the lead-in's load is one row's
        intro_ops = find_ops(intro) if intro and not any(
            _SETUP_COLUMN.match(h or "") for h in cell.header_row) else []
        if len({(o.kind, o.value) for o in intro_ops}) == 1:
            return intro_ops[0], "paragraph"
        if intro_ops and metric:  # "Latency runs use batch size 1; throughput runs use the largest batch"
            for part in _split_sentences(intro or ""):
                for o, m in _scoped_ops(part):
                    if m == _metric_group(metric):
                        return o, "paragraph"
    if sent.end < len(doc):
        # "... gives 1.1x throughput over v0.3. The benchmark submits 500 prompts in one go": the next
        # sentence, with no figure of its own, says how the figures before it were measured
        nxt = doc[sent.end].sent
        nxt_text = _span_text(doc, nxt)
        if _SETUP_NEXT.match(nxt_text) and not _FIGURE_HINT.search(nxt_text):
            ops = {(o.kind, o.value): o for o in _ops_between(block_ops, nxt.start_char, nxt.end_char)}
            if len(ops) == 1:
                return next(iter(ops.values())), "paragraph"
    earlier = block_ops[:bisect_left(block_ops, sent.start_char, key=lambda o: o.start)]
    earlier = [o for o in earlier[-4:] if o.end <= sent.start_char]
    if earlier and _LOADED_RE.search(text, sent.start_char, fig_cs):
        return None, "assumed"  # "... 1.5x at QPS=1. Same box at high QPS: 1.4x and 1.8x slower": not QPS 1
    if earlier:
        # the op of the sentence before, when it states one ("... at batch size 1 and 2.5X at max batch.
        # Boson.ai saw >2x": two ops, neither is this figure's)
        last = doc.char_span(earlier[-1].start, earlier[-1].end, alignment_mode="expand")
        same = [o for o in earlier if last is not None and o.start >= last.sent.start_char]
        if any(o.kind in ("batch_size", "concurrency") and o.value == 1 for o in same):
            same = [o for o in same if o.kind != "single"]  # "single-sequence decoding (batch size 1)": the number
            earlier = [o for o in earlier if o.kind != "single" or o.start < last.sent.start_char]
        if len({(o.kind, o.value) for o in same}) == 1:
            if earlier[-1].kind == "offline" and _ONLINE_RE.search(_span_text(doc, sent)):
                return None, "assumed"  # "In offline batch processing, ... In online serving it sustains 3.3x"
            return earlier[-1], "paragraph"
        if last is not None and metric:  # "Latency is measured at batch size 1 and throughput at max batch."
            for o, m in _scoped_ops(last.sent.text):
                if m == _metric_group(metric):
                    return OpMention(o.kind, o.value, o.start + last.sent.start_char, o.end + last.sent.start_char,
                                     o.text), "paragraph"
    if bi in leadins:
        return leadins[bi], "paragraph"
    if block.kind == "list_item":
        # "- Benchmark: sonnet, 100 prompts at a concurrency of 32." then "- Output token throughput +8.8%.":
        # a setup item earlier in the same list states the op for the result items after it
        k = bi - 1
        while k >= 0 and bi - k <= 8 and document.blocks[k].kind == "list_item":
            item = document.text[document.blocks[k].start:document.blocks[k].end]
            if _SETUP_ITEM.match(item):
                ops = {(o.kind, o.value): o for o in find_ops(item)}
                if len(ops) == 1:
                    return next(iter(ops.values())), "paragraph"
                break
            k -= 1
    if _BACKREF_OP_RE.search(_span_text(doc, sent)) and bi > 0:
        # "In that setting NVIDIA measured up to 1.2x", "- Same setup, ...: again 2-3x": the op just stated
        above = document.blocks[bi - 1]
        if above.kind in ("paragraph", "list_item"):
            parts = [p for p in _split_sentences(document.text[above.start:above.end]) if find_ops(p)]
            ops = {(o.kind, o.value): o for o in find_ops(parts[-1])} if parts else {}
            if len(ops) == 1:
                return next(iter(ops.values())), "paragraph"
    for named, op in dctx.numbered_ops:
        if any(_heading_number(h) in named for h in block.section):
            return op, "document"  # "every timing in Sections 5.1 to 5.4": the sections the statement names
    # section: the nearest heading (then its parents) that states an op, or a section-wide statement
    group = _metric_group(metric) if metric else None
    if block.section_start is not None and block.kind != "heading":
        if group and (block.section_start, group) in dctx.section_metric_ops:
            return dctx.section_metric_ops[(block.section_start, group)], "section"
        if block.section_start in dctx.heading_ops:
            return dctx.heading_ops[block.section_start], "section"
        if block.section_start in dctx.section_ops:
            return dctx.section_ops[block.section_start][0], "section"
        parent = _parent_heading_op(document, block, dctx)
        if parent is not None and not (parent is dctx.title_op and dctx.doc_op is not None):
            return parent, "section"  # (a document-wide statement says more than the title)
    if group and group in dctx.doc_metric_ops:
        return dctx.doc_metric_ops[group], "document"
    if metric in (None, "unspecified") and len(dctx.doc_metric_ops) == 1 and dctx.doc_op is None:
        # "Every latency figure in this document is for ... one request at a time" over "1.8x at 100K tokens":
        # the only metric the document scopes, and the figure names none
        return next(iter(dctx.doc_metric_ops.values())), "document"
    for end, op, one_section in reversed(dctx.from_here):
        if end <= block.start:
            if one_section:
                k = bisect_left(dctx.heading_starts, end)
                if k == len(dctx.heading_starts) or block.section_start != dctx.heading_starts[k]:
                    continue
            return op, "document"
    if dctx.doc_op is not None and not (dctx.doc_op_own_only and _ATTRIBUTED.search(sent.text)):
        # ("every in-house number was measured at 32 concurrent" does not cover "Anthropic's note promised 85%")
        return dctx.doc_op, "document"
    return None, "assumed"


_OWN_NUMBERS = re.compile(r"\b(?:in-house|our own|our)\s+(?:\w+\s+)?(?:numbers?|figures?|results?|measurements?|runs?|tests?)\b",
                          re.I)
_ATTRIBUTED = re.compile(r"\b(?:reports?|reported|promised|promises|claims?|claimed|says?|said|quotes?|quoted|cites?|cited|"
                         r"according to|announced|advertis\w+)\b", re.I)


def _parent_heading_op(document: Document, block: Block, dctx: _DocContext) -> OpMention | None:
    """Outer headings ('## Results at batch size 64' above '### Llama-3.1-8B')."""
    key = block.section_start or 0
    if key not in dctx.parent_ops:
        dctx.parent_ops[key] = _parent_heading_op_uncached(document, block, dctx)
    return dctx.parent_ops[key]


def _parent_heading_op_uncached(document: Document, block: Block, dctx: _DocContext) -> OpMention | None:
    heads = [b for b in document.blocks if b.kind == "heading" and b.start < (block.section_start or 0)]
    depth = len(block.section) - 1
    for h in reversed(heads):
        if (h.level or 1) <= depth and len(h.section) < depth:
            if h.start in dctx.heading_ops:
                return dctx.heading_ops[h.start]
            if h.start in dctx.section_ops:
                return dctx.section_ops[h.start][0]
            depth = len(h.section)
            if depth == 0:
                break
    return None


def _op_from_table(cell) -> OpMention | None:
    # the column header itself states the op ("Speedup @ bs=1", "c=64")
    if cell.col_header:
        ops = find_ops(cell.col_header)
        if ops:
            return ops[0]
    # transposed table: header row "Batch size | 1 | 8 | 64"
    if cell.header_row and cell.col_header is not None:
        kind = header_kind(cell.header_row[0]) if cell.header_row else None
        # (a short label at most: "Speedup vs CUTLASS 3.6" is no load of 3.6)
        v = cell_number(cell.col_header) if len(re.sub(r"[\d.,\s]", "", cell.col_header)) <= 12 else None
        if kind and v is not None and cell.col > 0:
            return OpMention(kind, v, 0, 0, f"{cell.header_row[0]} {cell.col_header}")
    # a column of the row names the op kind ("Batch size" column holding 64)
    stated: list[OpMention] = []
    for j, h in enumerate(cell.header_row):
        if j == cell.col or j >= len(cell.row_cells):
            continue
        kind = header_kind(h)
        if kind is None:
            if _SETUP_COLUMN_WORD.search(h or ""):  # "| Model and setup | ... |" holding "max concurrency 3"
                ops = {(o.kind, o.value): o for o in find_ops(cell.row_cells[j])}
                if len(ops) == 1:
                    stated.extend(ops.values())
            continue
        own = find_ops(h)
        if own:  # "Decode tok/s (batch size 1, short context)": the header states the op, its cells are results
            stated.extend(own)
            continue
        v = cell_number(cell.row_cells[j])
        if v is not None and kind == "request_rate" and re.search(r"\.\d\d", cell.row_cells[j]) \
                and (v * 4) != int(v * 4):
            continue  # "| INT8 | 19.01 | 1.27x |" under "RPS": the throughput measured, not the load offered
        if v is not None:
            return OpMention(kind, v, 0, 0, f"{h} {cell.row_cells[j]}")
        ops = find_ops(cell.row_cells[j])
        if ops:
            return ops[0]
    # the row header states it ("bs=8", "Concurrency 64", "offline")
    if cell.row_header and cell.col > 0:
        ops = find_ops(cell.row_header)
        if ops:
            return ops[0]
    if len({(o.kind, o.value) for o in stated}) == 1:
        return stated[0]  # "Speedup vs HF" next to "Decode tok/s (batch size 1)": the ratio of that column's runs
    # a "Load" / "Setting" column states it in words ("concurrency 256", "MT-bench, batch size 1")
    found = [o for j, c in enumerate(cell.row_cells) if j != cell.col and c for o in find_ops(c)]
    if len({(o.kind, o.value) for o in found}) == 1:
        return found[0]
    return None


_SWITCH_VERBS = {"turning", "turn", "turns", "turned", "switching", "switch", "switches", "switched", "flip", "flips",
                 "flipped", "flipping", "toggle", "toggled", "toggling"}


def _is_instrument(doc: Doc, t: tuple[int, int, str]) -> bool:
    """'with the FlashInfer backend', 'using FA3', 'via CUDA graphs': a tool, not the subject."""
    window = [x.lower_ for x in doc[max(0, t[0] - 3):t[0]]]
    before = set(window)
    if "on" in window and window.index("on") > 0 and window[window.index("on") - 1] in _SWITCH_VERBS:
        before.discard("on")  # "turning on CUDA graphs": the subject, switched on
    after = doc[t[1]].lower_ if t[1] < len(doc) else ""
    if after == "set" and t[1] + 1 < len(doc) and doc[t[1] + 1].lower_ == "to":
        return False  # "With K/V cache quantization set to q8_0, cache memory halves": the knob being compared
    if after == "," and t[0] > 0 and doc[t[0] - 1].lower_ == "with" and doc[t[0] - 1].is_sent_start:
        return False  # "With PagedAttention, throughput went up 2-4x": the sentence opens on what changed
    return bool(before & {"with", "using", "via", "through", "on", "under", "atop"}) or after in (
        "backend", "backends", "kernel", "kernels")


# "X instead of / in place of / rather than Y": Y is the alternative set aside. ("faster than
# FlashAttention-2" keeps FA2: the subject is usually a newer one of the same kind.)
_BASELINE_BEFORE = {"instead", "rather", "place", "against"}


def _lists_a_bundle(text: str) -> bool:
    """A sentence that combines several changes ("combines weight absorption, grouped kernels, FP8
    matmul and an FP8 KV cache"): the figures around it describe the bundle."""
    for sent in _split_sentences(text):
        if _BUNDLE_RE.search(sent) and sent.count(",") >= 2 and re.search(r"\band\b", sent) or _CREDITED_LIST.search(sent):
            return True
    return False


# "credited to faster fused kernels, attention data parallelism and better load balancing": a list of causes
_CREDITED_LIST = re.compile(r"\b(?:credited (?:jointly |together )?to|attributed (?:jointly )?to|thanks to|owing to)\b"
                            r"[^.;]*?,[^.;]*?(?:\band\b|,[^.;]*?,)|"
                            r"\bcredit(?:s|ed|ing)?\b[^.;]*?,[^.;]*?,[^.;]*?\band\b[^.;]*?\btogether\b|"
                            r"\bcrediting\b[^.;]*?,[^.;]*?,[^.;]*?\band\b|"
                            r",\s*(?:all\s+)?(?:from|through|via)\s+[^.;,]{3,40},[^.;,]{3,40},[^.;]*?\band\b", re.I)


_THAN_WORDS = {"than", "over", "versus", "vs", "vs.", "compared", "relative"}
_BEATS_WORDS = {"beats", "beat", "outperforms", "outperform", "outperformed", "outruns", "outran", "outpaces", "outpaced",
                "trails", "trailed", "overtakes", "overtook", "surpasses", "surpassed", "exceeds", "exceeded"}
_NOT_A_COMPARISON = {"more", "less", "fewer", "rather", "other", "greater", "higher", "lower"}
_PHRASE_OPENERS = {"with", "using", "by", "via", "through", "from"}


def _named_as_baseline(doc: Doc, t: tuple[int, int, str]) -> bool:
    """The technique stands where the baseline goes, after the figure: "up to 3.85x over chunked
    prefill", "3.92x faster than with the PagedAttention variant of FlashAttention", "compared with
    Orca, ... 5.1x". Not "over 2x faster with speculative decoding" (a figure between the two), not
    "faster than FP16 with FP8" (a new phrase opens after the baseline)."""
    seen_words = 0
    for i in range(t[0] - 1, max(-1, t[0] - 9), -1):
        x = doc[i]
        low = x.lower_
        if x.like_num or _X_NUM_RE.match(x.text):
            return False
        if x.is_punct and x.text not in ("-", "'s"):
            return False
        if low in _BEATS_WORDS or (low == "out" and i > 0 and doc[i - 1].lower_ in ("edges", "edged", "edge")):
            return True  # "disaggregation beats aggregated in-flight batching by 1.4x", "INT4 AWQ edges out FP8 by 1.5%"
        if low == "as" and any(y.lower_ in ("many", "much", "long", "fast", "high", "large") and y.i > 0
                               and doc[y.i - 1].lower_ == "as" for y in doc[max(0, i - 10):i]):
            return True  # "keeps 2.2x as many requests in a batch as Orca (Oracle)"
        if low == "over" and i > 0 and doc[i - 1].lower_ in ("margin", "lead", "advantage", "edge", "gain", "gains",
                                                             "speedup", "improvement", "win"):
            return True  # "a smaller margin over Orca (Oracle)"
        if low in _THAN_WORDS:
            if i > 0 and doc[i - 1].lower_ in _NOT_A_COMPARISON and low == "than":
                if doc[i - 1].lower_ not in ("rather", "other") and any(
                        y.like_num or _X_NUM_RE.match(y.text) for y in doc[max(0, i - 13):i - 1]):
                    return True  # "2.7x-8x higher than Orca (Max)": a figure, its comparative, then the baseline
                return False  # "more than", "rather than": not the baseline slot
            if low == "over" and i > 0 and doc[i - 1].lower_ in ("carried", "built", "run", "runs", "running"):
                return False
            if low in ("compared", "relative", "versus"):
                return True  # "compared with Orca, the scheduler ... 5.1x"
            # "than" and "over" take the baseline only after a figure or comparative in the clause
            return any(y.like_num or _X_NUM_RE.match(y.text) or y.lower_ in _COMPARATIVES
                       for y in doc[max(0, i - 12):i])
        if low == "of" and _times_the_metric_of(doc, i):
            return True  # "pipeline parallelism delivers 1.5x the throughput of tensor parallelism"
        if low in _PHRASE_OPENERS:
            if i > 0 and doc[i - 1].lower_ in _THAN_WORDS:
                continue  # "than with the PagedAttention variant", "compared with Orca"
            if seen_words:
                return False  # "than FP16 with FP8": FP8 opens a phrase of its own
        seen_words += 1
    return False


def _times_the_metric_of(doc: Doc, of: int) -> bool:
    """"1.5x the throughput of", "5.6x the output tokens per second of": a figure, 'the', at most four
    words naming a metric, then 'of': what follows 'of' is the baseline."""
    for j in range(of - 2, max(-1, of - 7), -1):
        if doc[j].lower_ == "the":
            return j > 0 and (doc[j - 1].like_num or bool(_X_NUM_RE.match(doc[j - 1].text)) or
                              doc[j - 1].lower_ in ("x", "×", "times", "fold"))
        if doc[j].is_punct or doc[j].like_num:
            return False
    return False


# what "both ..." names when it opens a sentence; after "both"/"each" mid-sentence a few more nouns count
_BOTH_OPENING_NOUNS = ("systems", "sides", "setups", "runs", "configurations", "stacks", "engines", "clusters", "racks",
                       "deployments", "arms", "variants")
_BOTH_OPENING = re.compile(r"\W*(?:both|all|each)(?: of the| the)? (?:" + "|".join(_BOTH_OPENING_NOUNS) +
                           r") (?:ran|run|used|use|were run|shared|share)\b", re.I)
_BOTH_NOUNS = {*_BOTH_OPENING_NOUNS, "configs", "nodes", "pools"}
_SHARED_VERBS = {"running", "run", "using", "use", "with", "on", "serving", "served", "have", "had", "share",
                 "sharing"}


def _sentence_start(doc: Doc, i: int) -> int:
    """Where the sentence holding token i starts in the block's text, found by its punctuation (the doc
    may be a bare make_doc with no sentence boundaries), looking back at most 300 characters."""
    text, at = _doc_text(doc), doc[i].idx
    starts = [m.end() for m in _SENT_END.finditer(text, max(0, at - 300), at)]
    return starts[-1] if starts else max(0, at - 300)


_VANILLA_TP_BASELINE = re.compile(r"\b(?:against|than|over|vs\.?|versus|compared (?:with|to)|relative to|of)\s+(?:the\s+)?"
                                  r"(?:vanilla|plain|standard|pure)\s+tensor[- ]parallel(?:ism)?\b", re.I)


def _technique_on_both_sides(doc: Doc, fig: _Fig, in_sent: list[tuple[int, int, str]]) -> bool:
    """"H200 + EAGLE-3 ends up about 1.3 times the tokens/s of H100 + EAGLE-3": one technique joined to a system on the
    subject's side and again on the baseline's, so the systems are what differ."""
    def joined(t: tuple[int, int, str]) -> bool:
        if t[0] < 2 or doc[t[0] - 1].text not in ("+", "with"):
            return False
        j = t[0] - 2
        while j > 0 and not doc[j - 1].whitespace_:
            j -= 1  # "TensorRT-LLM + Medusa": the whole hyphenated name
        host = doc[j:t[0] - 1].text.strip()
        return bool(_ENGINE_RE.fullmatch(host) or ctx.HARDWARE_RE.fullmatch(host))
    for name in {t[2] for t in in_sent}:
        spans = [t for t in in_sent if t[2] == name]
        before = [t for t in spans if t[1] <= fig.start]
        after = [t for t in spans if t[0] >= fig.end]
        if before and after and joined(before[-1]) and joined(after[0]):
            return True
    return False


def _shared_by_both(doc: Doc, t: tuple[int, int, str]) -> bool:
    """"both running Dynamo with TensorRT-LLM, MTP and disaggregated prefill/decode": what both sides
    of the comparison run is held fixed, not what the figure measures."""
    for i in range(t[0] - 1, max(-1, t[0] - 15), -1):
        x = doc[i]
        if x.text in (".", ";", ":", "!", "?") or _X_NUM_RE.match(x.text) or (
                x.like_num and not (i > 0 and doc[i - 1].text == "-" and not doc[i - 1].whitespace_)):
            break  # (a figure ends the search; "DeepSeek-R1-0528" is a name)
        if x.lower_ in ("both", "each") and i + 1 < len(doc) and doc[i + 1].lower_ in _SHARED_VERBS:
            return True
        if x.lower_ in ("both", "each") and i + 2 < len(doc) and doc[i + 1].lower_ in _BOTH_NOUNS and \
                doc[i + 2].lower_ in _SHARED_VERBS | {"ran", "used"}:
            return True  # "Both systems ran DeepSeek-R1-0528 in FP4 with ... MTP": held fixed on both sides
    if _BOTH_OPENING.match(_doc_text(doc), _sentence_start(doc, t[0]), doc[t[0]].idx):
        return True  # "Both systems ran DeepSeek-R1 in FP4 with ..., Dynamo with TensorRT-LLM, MTP, and ...": the shared setup
    after = " ".join(x.lower_ for x in doc[t[1]:t[1] + 6])  # "Turning MTP on for both sides"
    # "Turning MTP on for both sides", "The FP8 checkpoint is the same for every backend"
    return bool(re.search(r"\b(?:for|on|in) both(?: sides| systems| configurations| runs)?\b|"
                          r"^(?:is|are|was|were|stays|stay) (?:the same|identical|shared|unchanged|held fixed)\b", after))


# "its kernels build on FlashInfer", "built atop vLLM's PagedAttention": the substrate, not the change
_SUBSTRATE_RE = re.compile(r"(?:\b(?:build|builds|built|building|based)\s+(?:on|upon|atop|from|with)|\binto)"
                           r"(?:\s+(?:the|its|an?))?"
                           r"(?:\s+[\w.'-]+){0,2}$", re.I)
# "the H100 baseline even had simulated MTP turned on": what the baseline already runs
_BASELINE_HAD_RE = re.compile(r"\bbaselines?\s+(?:\w+\s+){0,2}(?:had|has|have|used|uses|ran|runs|included|includes|"
                              r"already)\b[^,;.]*$", re.I)
# "4x the Llama 2 70B performance of an H100", "4x the previous generation": a figure against hardware
# "The H100 alone delivered 4x the A100": the chip itself the baseline
_CHIPS = r"(?:GB300|GB200|B300|B200|H200|H100|H800|A100|L40S|L4|MI300X|MI325X|MI355X|Hopper|Ampere|Blackwell)"
# "the A100" as the whole baseline (not "the H100 with TensorRT-LLM", a chip running something)
_THE_CHIP = r"the\s+(?:NVIDIA\s+|AMD\s+)?" + _CHIPS + r"(?![\w-])(?!\s+(?:with|running|on|in|using|plus)\b)"
_HARDWARE_OF = re.compile(r"^\S+\s+(?:the\s+(?:[\w./-]+\s+){0,5}?of\s+(?:an?\s+|the\s+|its\s+)?(?:NVIDIA\s+|AMD\s+)?"
                          + _CHIPS + r"\b|the (?:previous|prior|last) generation\b|" + _THE_CHIP + ")", re.I)
_TIMES_THE_CHIP = re.compile(r"\d(?:\.\d+)?\s?[x×]\s+" + _THE_CHIP, re.I)
_CHIP_GENERATION_RE = re.compile(r"\b(?:Hopper|Blackwell|Ampere|Ada Lovelace|Volta|Rubin)\b")
_CHIP_BASELINE = re.compile(
    r"\b(?:than|vs\.?|versus|against|over|ahead of|compared (?:with|to)|relative to|of)\s+(?:one\s+|a\s+single\s+|an?\s+|"
    r"the\s+|its\s+|each\s+)?(?:" + ctx.HARDWARE_RE.pattern.replace(r"(?<![\w-])", "") + "|" + _CHIP_GENERATION_RE.pattern
    + ")", re.I)
_PRECISION_SUBJECT = re.compile(
    r"(?:^|[.:;]\s+)(?:\w+,?\s+){0,3}?(?:[\w-]*-)?(?:FP8|" + ctx.FP4_FAMILY + r"|INT4|INT8|float8)\b(?:\s+[\w-]+){0,4}?\s+"
    r"(?:improves|improved|raises|raised|boosts|boosted|doubles|doubled|halves|halved|cuts|reduces|delivers|delivered|gives|adds|"
    r"speeds up|accelerates|increases|lifts|matched|matches|beats)\b", re.I)
_GPU_GENERATION_RE = re.compile(r"\b(?:Hopper|Blackwell|Ampere|Ada Lovelace|Volta|Grace Hopper|CDNA\s?\d|"
                                r"(?:the )?(?:previous|prior|last|earlier) generation)\b", re.I)


# the generation each chip belongs to: "FP4 grouped GEMM for Blackwell MoE layers ... on B200" names one chip
_GENERATION_OF = (("BLACKWELL", re.compile(r"G?B[23]00")), ("HOPPER", re.compile(r"H(?:100|200|800|20)")),
                  ("AMPERE", re.compile(r"A(?:100|10G?|30|40)")))


def _distinct_chips(text: str) -> int:
    """How many different chips the text names, a generation ("Blackwell") counting only when no chip of it is named."""
    chips = {m.group(0).upper() for m in ctx.HARDWARE_RE.finditer(text)}
    generations = {m.group(0).upper() for m in _CHIP_GENERATION_RE.finditer(text)}
    generations -= {gen for gen, chip in _GENERATION_OF if any(chip.search(c) for c in chips)}
    return len(chips | generations)


def _heading_subject(text: str) -> str | None:
    """"Chunked prefill on the paged-attention path": the first technique is the subject when every
    later one hangs off a preposition (a setting it was measured on), not a list of topics."""
    pipe = get_pipeline()
    d = pipe.nlp.make_doc(text)
    spans = _technique_spans(pipe, d)
    if len(spans) < 2 or _LISTS_TOPICS(text) or re.search(r"\b(?:and|vs\.?|versus|or|plus)\b|[+&/]", text[:d[spans[-1][0]].idx]):
        return None
    later = spans[1:]
    if all(any(x.lower_ in ("on", "in", "via", "with", "over", "for", "under", "atop") for x in d[max(0, s0 - 3):s0])
           and s0 > spans[0][1] for s0, _, _ in later):
        return spans[0][2]
    return None


def _LISTS_TOPICS(title: str) -> bool:
    """A digest's title lists its topics ("second half of 2025: Blackwell, wide-EP, n-gram and suffix
    drafting"): no one technique is the whole document's."""
    parts = title.split(":", 1)
    head = re.sub(r"\([^)]*\)", "", parts[-1])  # "(vLLM connector, SGLang HiCache)": engines
    if re.search(r",\s+(?:a|an|the)\s", head):
        return False  # "Skip Softmax, a sparse attention kernel in TensorRT-LLM, measured end to end": an appositive
    if head.count(",") < 2:
        return False
    # "KV cache dtype for the 8B tier: options, vendor figures, staging run": the list is the document's
    # parts, not its topics, when it names no technique and the title before it does
    return not (len(parts) == 2 and not _technique_in_text(head) and _technique_in_text(parts[0]))


_SWITCH_TO_PRECISION = re.compile(
    r"\b(?:switch\w*|mov(?:e|es|ed|ing)|convert\w*|chang\w*|dropp?\w*|quanti[sz]\w*|cast\w*|going)\b[^.;:]{0,40}?"
    r"\b(?:to|in|into)\s+(?:" + ctx.FP4_FAMILY + r"|FP8|INT4|INT8|4-bit|8-bit)\b", re.I)


def _named_as_baseline_in(doc: Doc, sent: Span, name: str, bctx: "_BlockContext") -> bool:
    """The set-aside mention of `name` in this sentence sits in the baseline slot (a rival), not a
    setting or a condition."""
    return any(name == n and sent.start <= s0 and e0 <= sent.end and _named_as_baseline(doc, (s0, e0, n))
               for s0, e0, n in bctx.aside)


_X_NUM_RE = re.compile(r"^[~≈]?\d+(?:\.\d+)?[x×X]$")
_COMPARATIVES = {"faster", "slower", "higher", "lower", "better", "more", "fewer", "less", "quicker"}


_PARTNER_RE = re.compile(r"\b(?:(?:stacks|stack|composes|compose|combines|combine) with|compatible with|"
                         r"complementary to|orthogonal to|alongside)$", re.I)
_BEYOND_RE = re.compile(r"\b(?:not only|not just|beyond|besides|other than|apart from|aside from)$", re.I)


_ABSENCE_WORDS = ("no", "nothing")  # "no MTP:", "nothing speculative": a technique named by its absence
_TP_SETTING_NOUNS = {"size", "sizes", "degree", "degrees", "rank", "ranks", "group", "groups", "width", "dimension"}


_SETTING_IN_PARENS = re.compile(r"\b(?:batch(?:\s+size)?\s*=?\s*\d+|bs\s*=?\s*\d+|TP\s*=?\s*\d+|concurrency\s*=?\s*\d+|"
                                r"\d+\s+concurrent|input\s+\d+|output\s+\d+|greedy)\b", re.I)


_NOT_EVALUATED_AFTER = re.compile(r"\)?\s*,?\s*(?:which|that)\s+(?:we|I)\s+(?:have|had|did)\s+not\s+(?:yet\s+)?"
                                  r"(?:evaluated|evaluate|tested|test|measured|measure|tried|try|enabled|enable)\b", re.I)


def _in_settings_parenthesis(doc: Doc, t: tuple[int, int, str]) -> bool:
    """A technique listed inside a parenthesis that also gives the run's operating point ("(torch.compile, batch size
    1)", "(CUDA graphs, TP 8, bs=16)"): a setting every figure shares."""
    lo = next((i for i in range(t[0] - 1, max(-1, t[0] - 10), -1) if doc[i].text in ("(", ")")), None)
    if lo is None or doc[lo].text != "(":
        return False
    hi = next((i for i in range(t[1], min(len(doc), t[1] + 14)) if doc[i].text in ("(", ")")), None)
    if hi is None or doc[hi].text != ")":
        return False
    inner = doc[lo + 1:hi].text
    return "," in inner and bool(_SETTING_IN_PARENS.search(inner))


def _is_setting_or_baseline(doc: Doc, t: tuple[int, int, str]) -> bool:
    """A technique named as a setting ("tensor parallelism 8", "TP=4") or as what the figure is compared
    against ("pipeline parallelism in place of tensor parallelism", "instead of ... tensor-parallel")."""
    nxt = doc[t[1]] if t[1] < len(doc) else None
    if nxt is not None and (nxt.like_num or nxt.text in ("=", ":") or nxt.lower_ in _TP_SETTING_NOUNS) and \
            t[2] == "tensor-parallelism":
        return True  # "TP=4", "large tensor-parallel sizes", "across tensor-parallel ranks"
    if t[2] == "tensor-parallelism" and t[0] > 0 and doc[t[0] - 1].lower_ in ("wide", "wider", "high", "higher", "large",
                                                                           "larger", "low", "lower", "small", "smaller"):
        return True  # "the largest gains on small models and wide tensor parallelism": a degree, where it was measured
    if nxt is not None and nxt.lower_ in ("off", "disabled"):  # "chunked prefill OFF": switched off
        return True
    if nxt is not None and nxt.lower_ in ("on", "enabled") and (
            t[1] + 1 >= len(doc) or doc[t[1] + 1].text in (",", ".", ";", ")", "|") or doc[t[1] + 1].lower_ == "and") \
            and any(x.lower_ in ("off", "disabled") for x in doc[max(0, t[0] - 12):min(len(doc), t[1] + 12)]):
        return True  # "16 GPUs, EP 16, CUDA graphs on, MTP off.": switches listed on and off, a setting of the runs
    if nxt is not None and re.fullmatch(r"\d+(?:\.\d+)?bpw", nxt.lower_):
        return True  # "Llama-3.1-70B-Instruct exl2 6.0bpw": the checkpoint's format, a setting of the run
    if nxt is not None and nxt.lower_ in ("setting", "settings", "scenario", "regime", "baseline", "baselines"):
        return True  # "in the simulated-MTP setting", "the FP8 baseline": held fixed, not what changed
    before = [x.lower_ for x in doc[max(0, t[0] - 4):t[0]]]
    # "when both read the same fp8 cache": a format held equal on both sides, a setting ("the same Splitwise
    # designs deliver 2.35x" names a system again, still the subject)
    if before[-2:] in (["the", "same"], ["an", "identical"], ["the", "identical"]) and (
            t[2] in _DTYPE_TECHNIQUES or t[2] == "kv-cache-quantization"):
        return True
    if before[-2:] in (["ship", "in"], ["ships", "in"], ["shipped", "in"], ["stored", "in"], ["comes", "in"]):
        return True  # "whose MoE weights already ship in MXFP4": how the model comes, a setting
    if before[-1:] == ["simulated"] or before[-2:] == ["simulated", "-"] or before[-3:] == ["standing", "in", "for"]:
        return True  # "Decode with simulated MTP, batch size 128": a stand-in the runs hold fixed, not a change measured
    if _NOT_EVALUATED_AFTER.match(doc[t[1]:min(len(doc), t[1] + 10)].text):
        return True  # "headroom for PR #3104 (speculative decoding), which we have not evaluated": no figure's change
    if _in_settings_parenthesis(doc, t):
        return True  # "an H100 table for Llama-3.1-8B (torch.compile, batch size 1)": how every run was set up
    if bool(set(before) & _BASELINE_BEFORE) and not any(x in (",", ";", ".") for x in before):
        return True
    clause: list[str] = []  # "against the PagedAttention-based kernels of FlashAttention and FlashInfer"
    for x in reversed(doc[max(0, t[0] - 9):t[0]]):
        if x.is_punct and x.text not in ("-", "'s"):
            break
        clause.append(x.lower_)
    if "against" in clause or "unlike" in clause or ("instead" in clause and "of" in clause) or \
            ("rather" in clause and "than" in clause):
        return True  # "instead of replicating it across tensor-parallel ranks"
    if _named_as_baseline(doc, t):
        return True
    if t[0] > 0 and doc[t[0] - 1].lower_ in ("and", "or", ","):
        # "than Orca (Oracle) and Orca (Max), respectively": a second rival listed after the first
        for j in range(t[0] - 2, max(-1, t[0] - 8), -1):
            if doc[j].lower_ == doc[t[0]].lower_:
                if _named_as_baseline(doc, (j, j + (t[1] - t[0]), t[2])):
                    return True
                break
    if _shared_by_both(doc, t):
        return True
    if t[0] > 1 and doc[t[0] - 1].lower_ == "with" and doc[t[0] - 2].lower_ in ("combined", "paired",
                                                                                "stacked"):
        return True  # "combined with speculative decoding, up to 4x": a bundle with the subject
    two = " ".join(x.lower_ for x in doc[max(0, t[0] - 2):t[0]])
    if _PARTNER_RE.search(two) or _BEYOND_RE.search(two):
        return True  # "TEAL also composes with weight quantization", "Turbo is not only speculation": not the subject
    if t[0] > 0 and doc[t[0] - 1].lower_ in _ABSENCE_WORDS and (
            t[1] >= len(doc) or doc[t[1]].text in (",", ".", ";", ":", ")")
            or doc[t[1]].lower_ in ("needed", "required", "and", "or", "involved", "used", "anywhere", "in")):
        # "No MTP, no two-batch overlap needed on pure NVLink", "Overlap scheduling alone, no MTP:", "1.9x the H100
        # with nothing speculative in the picture": what the run did without
        return True
    if t[0] > 1 and doc[t[0] - 2].lower_ == "not" and doc[t[0] - 1].lower_ == "about":
        return True  # "Apple's numbers for MLX are not about speculation"
    if t[0] > 0 and doc[t[0] - 1].lower_ in ("without", "w/o"):
        return True  # "Without MTP, disaggregation delivers 1.4x": a condition both sides share
    if _HELD_AFTER.match(doc[t[1]:min(len(doc), t[1] + 6)].text):
        return True  # "MTP acceptance identical across runs": held the same on both sides
    if t[2] == "weight-quantization" and t[0] > 0 and re.fullmatch(r"\d+(?:\.\d+)?[BbMm]", doc[t[0] - 1].text) and (
            nxt is None or nxt.lower_ in ("model", "models", "checkpoint", ")", ",")):
        return True  # "a Llama 7B Q4_K_M model", "(RTX 4090 laptops, Llama 3 8B Q4_K_M)": the checkpoint that ran
    if nxt is not None and (nxt.lower_ in ("compute", "tflops", "pflops", "flops", "teraflops", "petaflops") or (
            nxt.lower_ == "tensor" and t[1] + 1 < len(doc) and doc[t[1] + 1].lower_ in ("core", "cores"))):
        return True  # "1.5x more dense FP4 compute", "FP8 tensor cores": the chip's capability, not a change made
    if _TESTBED_START.match(_doc_text(doc), _sentence_start(doc, t[0]), doc[t[0]].idx):
        return True  # "The test bed is B200 nodes with tensor parallelism across four GPUs": the setup
    if t[0] > 0 and doc[t[0] - 1].lower_ == "whose" and any(x.lower_ in ("already", "also", "still")
                                                          for x in doc[t[1]:min(len(doc), t[1] + 2)]):
        return True  # "Integrated into vLLM, whose PagedAttention already stores the prompt once": the host's feature
    if any(x.lower_ in ("hiding", "hides", "hide", "hidden") for x in doc[max(0, t[0] - 2):t[0]]):
        return True  # "hiding radix-cache and scheduling work behind GPU compute": overhead, not the change
    lead = doc[max(0, t[0] - 8):t[0]].text
    if _SUBSTRATE_RE.search(lead) or _BASELINE_HAD_RE.search(lead):
        return True
    wider = " ".join(x.lower_ for x in doc[max(0, t[0] - 7):t[0]])
    return "on top of" in wider and not any(x in wider for x in (",", ";", "."))  # "on top of the prefix cache"


# parallel layouts the lexicon does not name, set against tensor parallelism
_OTHER_PARALLELISM = re.compile(r"\b(?:pipeline|data|expert|context|sequence)[- ]parallel\w*|\b(?:PP|DP|EP)(?:-?\d+|\b)")
_EARLIER_SELF_RE = re.compile(r"\b(?:previous|prior|older|earlier|legacy)\b", re.I)


def _in_feature_list(doc: Doc, t: tuple[int, int, str]) -> bool:
    """The technique is the last item of a list of three or more ("A, B, and C") in its sentence."""
    sent = doc[t[0]].sent
    before = doc[sent.start:t[0]].text
    return bool(re.search(r",[^,]+,\s*and(?:\s+\w+){0,2}\s*$", before)) and t[1] >= sent.end - 2


# an item that names no system of its own: "With q4_0 the cache shrinks ...", "Average ITL fell by 30%."
_CONTINUING_ITEM = re.compile(r"^\s*(?:[-*+]\s+)?with\s+\S+\s+(?:the|its)\b", re.I)
_LEADING_QUALIFIER = re.compile(r"^\s*(?:[-*+]\s+)?(?:(?:average|mean|median|p\d+(?:\.\d+)?|peak|tail)\s+)*", re.I)


_FP8_ON_BOTH_SIDES = re.compile(
    r"\b(?:against|over|than|vs\.?|versus)\s+(?:the\s+)?(?:[\w'.-]+\s+){0,3}?(?:FP8\s+(?:kernels?|GEMMs?|results?|"
    r"paths?|baselines?)|(?:internal|in-house|existing|reference)\s+(?:[\w.-]+\s+){0,2}?(?:kernels?|GEMMs?))\b", re.I)


_GEMM_LIBRARIES = r"tinygemm|CUTLASS|cuBLAS(?:Lt)?|DeepGEMM"  # the kernel libraries the patterns below share
# "Both sides run FP8: none of these numbers is an FP8-over-BF16 gain", "every speedup is relative to DeepSeek's own
# tuned CUTLASS 3.6 kernel": said once before the first section, it holds for the whole document
_FP8_HELD_FIXED = re.compile(r"\bboth sides (?:run|use|are|in)(?: in)? FP8\b|\b(?:every|all|each)\s+(?:\w+\s+){0,2}?"
                             r"(?:speedups?|figures?|numbers?|results?)\s+(?:\w+\s+){0,3}?(?:relative to|against|over|vs\.?)"
                             r"\s+(?:[\w'.-]+\s+){0,4}?(?:" + _GEMM_LIBRARIES + r")\b", re.I)


# "Both sides of each comparison are FP8 rowwise", "the same FP8 operands on every side", "again with no change of
# format", "keeping the model's format fixed": said in a section, it holds for the section's figures
_LOW_BIT = r"(?:FP8|" + ctx.FP4_FAMILY + r")"
_FORMAT_HELD_FIXED = re.compile(
    r"\bboth (?:sides|kernels|paths|backends|variants|runs|versions)\b(?:\s+[\w-]+){0,4}?\s+(?:are|run|use|take|read|in)\s+"
    r"(?:\w+\s+){0,2}?" + _LOW_BIT + r"\b|\b" + _LOW_BIT + r"(?:\s+[\w-]+){0,2}?\s+on both sides\b|\bsame on both sides\b"
    # "only the tile configuration differs", "nothing about the data format changes, only the tiles"
    r"|\bonly the (?:tile configuration|tiles?|configs?|configuration|scale granularity|kernel|GEMM)s? (?:differs?|changes?)\b"
    r"|\bnothing about the (?:data |number )?format changes\b"
    r"|\bsame[-\s](?:(?:FP8|FP4|data|number|numeric)\s+)?(?:format|operands|precision)\b"
    r"|\bsame\s+" + _LOW_BIT + r"\s+(?:[\w-]+\s+){0,2}?(?:GEMMs?|kernels?|checkpoint|weights|operands)\b"
    r"|\bno change (?:of|in|to) (?:the )?(?:data\s+|number\s+)?(?:format|precision)\b"
    r"|\b(?:format|precision)\s+(?:held\s+|kept\s+)?fixed\b|\bfixed\s+(?:format|precision)\b", re.I)


def format_held_fixed(document: Document, block: Block) -> bool:
    """The block's section, up to the block's end, or the document's preamble says the number format is the same on
    both sides of its comparisons: its FP8 figures compare kernels, not formats."""
    if block.section_start is not None:
        if _FP8_ON_BOTH_SIDES.search(document.text, block.section_start, block.end):
            return True
        # ("Silicon at a fixed format": chips compared; the section must name the kernels it compares)
        if _FORMAT_HELD_FIXED.search(document.text, block.section_start, block.end) and (
                _KERNEL_CONTEXT.search(document.text, block.section_start, block.end)
                or _KERNEL_LIBRARY.search(document.text, block.section_start, block.end)):
            return True
    return _preamble_holds_fp8_fixed(document)


def _preamble_holds_fp8_fixed(document: Document) -> bool:
    """The text before the document's first section heading says every figure compares FP8 kernels (read once a
    document: every FP8 claim and every unclassified one asks)."""
    cached = _PREAMBLE_FP8_FIXED.get(id(document))
    if cached is None or cached[0] is not document:
        end = next((b.start for b in document.blocks if b.kind == "heading" and (b.level or 1) >= 2), len(document.text))
        cached = (document, bool(_FP8_HELD_FIXED.search(document.text, 0, end)))
        _PREAMBLE_FP8_FIXED.clear()
        _PREAMBLE_FP8_FIXED[id(document)] = cached
    return cached[1]


_PREAMBLE_FP8_FIXED: dict[int, tuple[Document, bool]] = {}


_ABSENCE_RE = re.compile(r"\s*(?:the\s+)?(?:no|without|w/o)\b", re.I)  # "over no MTP", "vs without EAGLE"
# "Speedup vs. dense FP8", "Speedup over the dense FP8 model": what follows names the column's baseline
_HEADER_VS = re.compile(r"\b(?:vs\.?|versus|against|relative to|over)\s", re.I)
_GEMM_WORD = re.compile(r"\b(?:GEMMs?|kernels?|matmuls?|tile configurations?)\b", re.I)
_KERNEL_BASELINE = re.compile(
    r"\b(?:than|over|against|vs\.?|versus|compares? (?:itself )?with|compared (?:with|to)|replaced (?:by|with))\s+"
    r"(?:the\s+|its\s+|their\s+)?(?:previous|prior|old|default|stock|existing)?\s*(?:[\w'.-]+\s+){0,3}?(?:[\w.]+-)?(?:"
    + _GEMM_LIBRARIES + r"|Triton|Marlin|Machete|configs?|configurations?|kernels?|GEMMs?|matmuls?|backends?)\b"
    # "Table 2. Grouped GEMMs, ..., same CUTLASS 3.6 baseline.", "the baseline is DeepSeek's tuned CUTLASS 3.6 kernel"
    r"|\b(?:" + _GEMM_LIBRARIES + r")(?:\s+v?\d[\w.]*)?\s+baselines?\b"
    r"|\bbaseline (?:is|was|being|:)\s+(?:the\s+)?(?:[\w'.-]+\s+){0,3}?(?:" + _GEMM_LIBRARIES + r")\b", re.I)
# ("than the TRTLLM-Gen grouped-GEMM path", "compares itself with DeepSeek's own CUTLASS 3.6 kernels", "than the best
# existing NVFP4 backend")
# "the Triton block-scaled kernels", "its grouped GEMM", "the new matmul": a kernel as what the sentence changes
_KERNEL_SUBJECT = re.compile(r"\b(?:the|this|that|our|its|their|new|tuned|optimi[sz]ed)\s+(?:[\w-]+\s+){0,2}?(?:GEMMs?|kernels?|matmuls?)\b", re.I)
_GEMM_ONLY = re.compile(r"\b(?:GEMMs?|matmuls?)\b", re.I)


def _gemm_row_or_sentence(sent_text: str, cell) -> bool:
    """The figure is a GEMM's: its table row's label names a GEMM, or its sentence names a GEMM and no
    format."""
    if cell is not None:
        return bool(cell.row_cells) and bool(_GEMM_ONLY.search(cell.row_cells[0])) \
            and not _WEIGHT_WORDS.search(_GEMM_ONLY.sub("", cell.row_cells[0]))  # not "W8A8 (FP8 GEMMs)"
    return bool(_GEMM_ONLY.search(sent_text)) and not _PRECISION_WORD.search(sent_text)


# "tuned fused_moe configs for H200", "the tuned tiles run ~25% faster than the default heuristic": a tile table tuned
_TUNED_CONFIG_PATTERN = (r"\b(?:auto-?)?tuned\s+(?:[\w`.-]+\s+){0,4}?(?:configs?|configurations?|tiles?)\b|"
                         r"\bthe default (?:heuristic|config(?:uration)?)\b")
_TUNED_CONFIG = re.compile(_TUNED_CONFIG_PATTERN, re.I)
_CONFIG_HEADING = re.compile(_TUNED_CONFIG_PATTERN + r"|\b(?:MoE|kernel|GEMM|tile)\s+configs?\b", re.I)  # "## Fused MoE configs"
# "a full retuning sweep of the flagship FP8 rowwise CUTLASS GEMM, up to 2x faster", "made that op up to 30x faster, a pure
# kernel change": the sentence says the kernel, not the format, is what changed
_KERNEL_CHANGE = re.compile(r"\bre-?tun(?:ed|es|ing)\b|\btuning sweep\b|\b(?:pure|plain)\s+kernel\s+(?:change|swap|win)\b|"
                            r"\bkernel[- ]only\b", re.I)
_FUSED_MOE = re.compile(r"fused[-_ ]moe", re.I)
_W4_KERNEL = re.compile(r"\b(?:Marlin|Machete|ExLlama(?:V2)?|tinygemm|AWQ kernel|GPTQ kernel)\b", re.I)
_KERNEL_LIBRARY_BASELINE = re.compile(r"\b(?:vs\.?|versus|against|over|relative to)\s+(?:the\s+)?(?:[\w'.-]+\s+){0,2}?"
                                      r"(?:" + _GEMM_LIBRARIES + r")\b", re.I)
_KERNEL_LIBRARY = re.compile(r"\b(?:" + _GEMM_LIBRARIES + r"|Marlin|Machete|hipBLASLt|CK|AITER)\b")
_LIBRARY_SUBJECT = re.compile(r"\b(?:" + _GEMM_LIBRARIES + r"|hipBLASLt)(?:'s)?\s+(?:\w+\s+){0,2}?"
                              r"(?:peak|throughput|kernels?|GEMMs?|TFLOPS|path|update|release)\b")
_LIBRARY_GEMM = re.compile(r"\b\w+'s\s+FP8\s+(?:GEMM|kernel)s?\b", re.I)
_BARE_FORMAT = {"fp8": "fp8-quantization", "fp4": "fp8-quantization", "nvfp4": "fp8-quantization",
                "mxfp4": "fp8-quantization", "int4": "weight-quantization"}


def _figure_owner(doc: Doc, fig: _Fig, pool: list[tuple[int, int, str]]) -> str | None:
    """"1.93x per GPU with INT4 AWQ and 1.90x with FP8", "2.40x ... against 1.64x for FP8", "from 31 ms with FP8 to
    26 ms with AWQ": a figure followed by "for" / "with" and one of the sentence's rival techniques is that one's."""
    i = fig.end
    if i < len(doc) and doc[i].lower_ in ("x", "×", "%"):
        i += 1
    if i >= len(doc) or doc[i].lower_ not in ("for", "with"):
        return None
    j = i + 1 + (1 if i + 1 < len(doc) and doc[i + 1].lower_ in ("the", "an", "a") else 0)
    names = {t[2] for t in pool if t[0] == j}
    return names.pop() if len(names) == 1 else None


def _bare_formats(doc: Doc, sent: Span, techs: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Format words in the sentence outside any lexicon name ("FP8 delivers", "INT4 loses"), as technique
    spans, unless named as a setting or the baseline ("against FP8")."""
    covered = {i for a, b, _ in techs for i in range(a, b)}
    out = []
    for x in sent:
        name = _BARE_FORMAT.get(x.lower_)
        if name is not None and x.i > 0 and doc[x.i - 1].lower_ in ("kv", "cache", "k/v"):
            name = "kv-cache-quantization"  # "kv int4: +39% RPS"
        if name is not None and x.i not in covered:
            span = (x.i, x.i + 1, name)
            if not _is_setting_or_baseline(doc, span):
                out.append(span)
    return out


_FORMAT_WORD_RE = re.compile(r"\b(?:" + ctx.FP4_FAMILY + r"|FP6|FP8|INT4|INT8)\b", re.I)
_FORMAT_VERBS = frozenset(
    "delivers delivered gives gave gets got takes took moves moved brings brought is was runs ran adds added "
    "cuts cut halves halved doubles doubled improves improved raises raised keeps kept wins won beats beat "
    "yields yielded lifts lifted shrinks shrank reduces reduced lowers lowered : alone itself still".split())


def _format_is_subject(doc: Doc, t: tuple[int, int, str]) -> bool:
    """"FP8 took it from 6.9 ms to 5.4 ms", "- 8B, FP8: still 1.30x"; not a setting ("H100 with FP8
    reaches", "Llama-3.3-70B FP8 on H200", "an FP8 kernel")."""
    nxt = doc[t[1]].lower_ if t[1] < len(doc) else ""
    prev = doc[t[0] - 1].lower_ if t[0] > 0 else ""
    return nxt in _FORMAT_VERBS and prev not in ("with", "in", "(", "on", "using", "an", "a", "the")


def _other_subject_nearer(doc: Doc, sent: Span, sent_text: str, fig: _Fig, pool: list[tuple[int, int, str]]) -> bool:
    """A subject outside the lexicon ("the overlap scheduler") opens the figure's own clause, after
    every lexicon technique of the sentence: the figure is that subject's."""
    if _OTHER_SUBJECT_RE is None:
        return False
    rel_fig = doc[fig.start].idx - sent.start_char
    last_tech = max(doc[t[1] - 1].idx + len(doc[t[1] - 1].text) - sent.start_char for t in pool)
    for m in _OTHER_SUBJECT_RE.finditer(sent_text, 0, rel_fig):
        if m.start() > last_tech and _CLAUSE_RE.search(sent_text[last_tech:m.start()]) and \
                not _CLAUSE_RE.search(sent_text[m.end():rel_fig].replace(" and ", " ")):
            return True
    return False


_CHIP_AND_FORMAT_TOGETHER = re.compile(
    r"\b(?:Blackwell|Hopper|Ampere|B200|B300|GB200|GB300|H200|H100|MI355X|MI325X|MI300X|(?:new|newer) (?:chip|GPU|hardware))"
    r"\s+(?:and|\+|plus|with)\s+(?:NV|MX)?(?:FP4|FP8|INT4|INT8)\b(?:\s+\w+)?\s+(?:together|combined)\b|"
    r"\b(?:NV|MX)?(?:FP4|FP8)\s+(?:and|\+|plus)\s+(?:the\s+)?(?:new\s+)?(?:chip|GPU|hardware|Blackwell|Hopper)\s+(?:together|combined)\b",
    re.I)
_CHIP_HEADER = re.compile(r"\b(?:faster|fastest|winner|winning|leader|leading|ahead|better)\b", re.I)


_MODE_HEADER = re.compile(r"^\W*(?:mode|setting|variant)\W*$", re.I)
_DEFAULT_MODE = re.compile(r"^\W*(?:the\s+)?(?:normal|default|regular|standard|non-deterministic)\s+mode\W*$", re.I)


def _mode_column_names_other_subject(cell) -> bool:
    """A "Mode" column whose value in this row, read with the header, is a subject outside the lexicon
    ("Deterministic" under "Mode": deterministic mode): the row measures that mode, whatever backend
    or kernel its other cells name."""
    if _OTHER_SUBJECT_RE is None:
        return False
    for j, h in enumerate(cell.header_row):
        if j < len(cell.row_cells) and h and _MODE_HEADER.match(h):
            if _OTHER_SUBJECT_RE.search(f"{cell.row_cells[j]} {h}"):
                return True
    return False


def _row_cells_under(cell, header: re.Pattern[str], first: int = 0) -> list[str]:
    """This row's cells, left to right from column `first`, under the other columns whose header matches `header`
    (never the figure's own column)."""
    return [cell.row_cells[j] for j, h in enumerate(cell.header_row)
            if j >= first and j != cell.col and h and j < len(cell.row_cells) and header.search(h)]


def _chip_column_names_hardware(cell) -> bool:
    """A column that names the winner ("Faster GPU", "Winner") holds a chip name in this row: the table
    weighs hardware, whatever format the workload column names."""
    return any(ctx.HARDWARE_RE.search(c) and not _technique_in_text(c) for c in _row_cells_under(cell, _CHIP_HEADER))


_BASELINE_HEADER = re.compile(r"^\s*(?:baseline|compared (?:with|to)|vs\.?|versus|against|relative to)\s*$", re.I)


def _row_sets_engine_against_engine(cell) -> bool:
    """The row's label and its "Baseline" column both name serving engines and no lexicon technique ("| vLLM (launch) |
    TGI | throughput | up to 3.5x |"): one engine against another, whatever technique the document is about."""
    if not cell.row_cells or not _ENGINE_RE.search(cell.row_cells[0]) or _technique_in_text(cell.row_cells[0]):
        return False
    base = _row_cells_under(cell, _BASELINE_HEADER, first=1)
    return bool(base) and bool(_ENGINE_RE.search(base[0])) and not _technique_in_text(base[0])


_CREDIT_HEADER = re.compile(r"^\s*(?:credited to|credit|attributed to|source of (?:the )?gain)\s*$", re.I)


def _credited_cell(cell) -> str | None:
    """The row's cell under a column that names what each figure is credited to ("Credited to", "Attributed to")."""
    return next((c for c in _row_cells_under(cell, _CREDIT_HEADER) if c.strip()), None)


def _row_sets_chip_against_chip(cell) -> bool:
    """The row's "Baseline" column names a chip and another of its cells names a different one ("| 1x B200, FP4 | 1x H100,
    FP8 | up to 4x |"): the row weighs one system's hardware against another's, whatever formats ride along."""
    for j, h in enumerate(cell.header_row):
        if j != cell.col and h and _BASELINE_HEADER.match(h) and j < len(cell.row_cells) \
                and ctx.HARDWARE_RE.search(cell.row_cells[j]):
            others = " | ".join(c for k, c in enumerate(cell.row_cells) if k not in (j, cell.col))
            return _distinct_chips(others + " | " + cell.row_cells[j]) >= 2 and bool(ctx.HARDWARE_RE.search(others))
    return False


def _joined_by_plus(sent_text: str) -> bool:
    """Two different changes of the sentence joined by "+" or "plus", a few words apart ("SGLang + FP8 +
    EAGLE3", "speculative decoding + prefix caching + an updated backend"): a bundle. ("CUDA graphs +22%"
    is a figure's sign, not a join; ", plus FP8 KV calibration" adds a second claim.)"""
    if "+" not in sent_text and "plus" not in sent_text.lower():
        return False
    return _joined_by_plus_cached(sent_text, _FP4_WEIGHT_ONLY.get())


@lru_cache(maxsize=1024)
def _joined_by_plus_cached(sent_text: str, weight_only: bool) -> bool:  # (the flag keys the cache)
    pipe = get_pipeline()
    d = pipe.nlp.make_doc(sent_text)
    spans = _technique_spans(pipe, d)
    members = spans + [(t.i, t.i + 1, _precision_technique(t.text)) for t in d
                       if _FORMAT_WORD_RE.fullmatch(t.text) and not any(s0 <= t.i < e0 for s0, e0, _ in spans)]
    if _OTHER_SUBJECT_RE is not None:  # "PD disaggregation + wide EP": a change outside the lexicon joins the bundle
        for m in _OTHER_SUBJECT_RE.finditer(sent_text):
            span = d.char_span(m.start(), m.end(), alignment_mode="expand")
            if span is not None and not any(s0 < span.end and span.start < e0 for s0, e0, _ in spans):
                members.append((span.start, span.end, "other:" + m.group(0).lower()))
    members = sorted(m for m in members if m[2] is not None)
    for k, (a, b) in enumerate(zip(members, members[1:])):
        if k > 0 and any(x.lower_ in ("with", "w/", "on", "under", "atop") for x in d[max(0, a[0] - 2):a[0]]):
            continue  # "MTP in SGLang with PD disagg + large EP: +60%": the joined pair is the setting of MTP
        if a[2] != b[2] and 0 < b[0] - a[1] <= 6 and any(
                (t.text == "+" or t.lower_ == "plus") and not (t.i + 1 < len(d) and d[t.i + 1].like_num)
                and not (t.i > 0 and d[t.i - 1].text == ",") for t in d[a[1]:b[0]]):
            return True
    return False


def _semicolon_clause(text: str, at: int) -> str:
    """The stretch of text between the semicolons around position `at`."""
    start = text.rfind(";", 0, at) + 1
    end = text.find(";", at)
    return text[start:end if end >= 0 else len(text)]


_ITEM_LABEL = re.compile(r"^\W{0,3}([A-Za-z][^.:!?\d]{1,60}?)[.:]\s+[A-Z(]")
_SHARDED_OVER = re.compile(r"\s+(?:over|across|on)\s+(?:\w+\s+){0,1}(?:\d+|two|four|eight|sixteen)\b", re.I)
_SAME_FORMAT = re.compile(r"\b(?:same|identical|equal|matching)\s+(?:(?:NV|MX)?FP\d+\s+|INT\d+\s+|BF16\s+|FP16\s+)?"
                          r"(?:data\s*type|dtype|precision|number format|format)\b",
                          re.I)
_BARE_KV_FORMAT = re.compile(r"\b(?:with|in|to|using|at)\s+(?:the\s+)?(?:INT8|INT4|FP8|int8|int4|fp8|NVFP4|FP4|4-bit|8-bit)\b"
                             r"(?!\s*(?:weights?|activations?|GEMMs?|models?|checkpoints?|experts?|matmul))")
_WEIGHT_WORDS = re.compile(r"\b(?:weights?|weight-only|activations?|W4A16|W8A8|AWQ|GPTQ|checkpoints?|GEMMs?)\b", re.I)


def _kv_quant_just_before(document: Document, bi: int) -> bool:
    """The (up to three) blocks just before this one, in its section, name KV-cache quantization and no
    other quantization."""
    block = document.blocks[bi]
    names: set[str] = set()
    for j in range(bi - 1, max(-1, bi - 4), -1):
        b = document.blocks[j]
        if b.section_start != block.section_start or b.kind == "heading":
            break
        names |= set(_technique_in_text(document.text[b.start:b.end]))
    return "kv-cache-quantization" in names and not names & {"weight-quantization", "fp8-quantization"}


def _resolve_technique(fig: _Fig, sent: Span, doc: Doc, techs: list[tuple[int, int, str]], block: Block,
                       dctx: _DocContext, baseline: str | None, sent_text: str, document: Document,
                       bi: int, bctx: _BlockContext) -> str | None:
    """The technique the claim is about: in its sentence, else its paragraph (the section's or the
    title's technique when the paragraph names it, else the paragraph's first), else the table's
    headers and lead-in, else the section heading, else the document title. Releases, engines
    and hardware compared, and subjects outside the lexicon ("the overlap scheduler"), get none."""
    topic = None if block.section_start in dctx.off_lexicon_sections else (
        (dctx.heading_techniques.get(block.section_start) if block.section_start is not None else None)
        or dctx.parent_heading_techniques.get(block.section_start or -1) or dctx.title_technique)
    rel_fig_start = max(0, doc[fig.start].idx - sent.start_char)
    lo = bisect_left(techs, sent.start, key=lambda t: t[0])
    hi = bisect_left(techs, sent.end, key=lambda t: t[0])
    in_sent = [t for t in techs[lo:hi] if t[1] <= sent.end]
    if _GENERIC_BUNDLE_RE.search(sent_text) or (_BUNDLE_RE.search(sent_text) and len(
            {t[2] for t in in_sent} | {_precision_technique(m.group(0)) for m in _FORMAT_WORD_RE.finditer(sent_text)}
            - {None}) > 1) \
            or _CREDITED_LIST.search(sent_text):
        return None  # "Stacked together, the changes take it to 244.7 tok/s": a bundle
    if not in_sent and _BUNDLE_FORWARD.search(_doc_text(doc)[:max(0, sent.start_char)]):
        return None  # "The headline results are for X with all of its features switched on, so they describe the bundle"
    if _PAREN_LIST.search(sent_text) and in_sent and all(_in_paren_list(sent_text, doc[t[0]].idx - sent.start_char)
                                                        for t in in_sent):
        return None  # "SGLang's MLA work (weight absorption, grouped decode kernels, an FP8 KV cache and FP8 batched
        # matrix products) brought throughput to three to seven times ...": every technique named is one of a list
    seg = _figure_list_segment(sent_text, rel_fig_start)
    if seg is not None:
        # "AITER gives +2X on block-scale FP8 GEMM (FP8 vs FP8, just a better kernel), +3X on MoE, +17x on MLA
        # decode, +14X on MHA prefill": each figure's own label, up to the next figure, names what it measures
        own = [t for t in in_sent if seg[0] <= doc[t[0]].idx - sent.start_char < seg[1]]
        if _SAME_FORMAT_PAIR.search(sent_text, seg[0], seg[1]):
            own = [t for t in own if t[2] not in _DTYPE_TECHNIQUES]
        return own[0][2] if len({t[2] for t in own}) == 1 else None
    if _REPLICA_LAYOUT.search(sent_text):
        return None  # "FP8 checkpoint served as two TP4 replicas vs the stock single instance": the layout is the change
    if _next_sentence_calls_it_a_bundle(doc, sent):
        return None  # "Dynamo ... up to 30x ... Both numbers describe the whole stack (...)": the next sentence says so
    if _VANILLA_TP_BASELINE.search(sent_text):
        # "Against vanilla tensor parallelism on the same 96 GPUs, the disaggregated expert-parallel layout improved output
        # throughput by up to 5x": one whole deployment layout against another, not the one technique the layout uses
        return None
    if in_sent and _technique_on_both_sides(doc, fig, in_sent):
        return None  # "SGLang + EAGLE-3 pushes 1.25x the tokens/s of vLLM + EAGLE-3": engines (or chips) compared
    if _joined_by_plus(sent_text):
        return None  # "vLLM defaults vs SGLang + FP8 + EAGLE3: 2.7x lower at BS=1": three changes in one number
    if block.cell is not None and _mode_column_names_other_subject(block.cell):
        return None  # "| Backend | Mode | ... |" then "| FlashInfer | Deterministic | +42.6% |": the mode is the change
    if baseline and _DEFAULT_MODE.match(baseline):
        return None  # "Most runs come out 25% to 45% slower than normal mode": a mode outside the lexicon compared
    if block.cell is not None and _chip_column_names_hardware(block.cell):
        return None  # "| Workload | Load | Faster GPU | Margin |" then "| Dense 70B FP8 | ... | H200 | 1.12x |": chips compared
    if in_sent and _CHIP_AND_FORMAT_TOGETHER.search(sent_text):
        return None  # "NVIDIA attributes more than triple the throughput of the H200 to Blackwell and FP4 together"
    if not in_sent and bctx.get("bundle", _lists_a_bundle):
        return None  # "The MLA work combines A, B, C and D. ... it yields 3x to 7x"
    if in_sent and block.kind == "list_item" and bi in dctx.leadin_text:
        # "Tested on an A770, flash attention on vs off:" then "- Llama-3.1-8B Q4_K_M: TG +19.99%": the
        # row's label names the checkpoint it ran (a setting); the lead-in names what was switched
        colon = _doc_text(doc).find(":")
        if colon > 0 and doc[fig.start].idx > colon and all(doc[t[1] - 1].idx < colon for t in in_sent):
            lead = _leadin_technique(dctx.leadin_text[bi])
            if lead is not None:
                return lead
    clause_at = sent_text.rfind(";", 0, rel_fig_start) + 1
    if in_sent and clause_at and _ENGINE_SUBJECT_RE.search(sent_text[clause_at:rel_fig_start]) and all(
            doc[t[0]].idx - sent.start_char < clause_at for t in in_sent):
        # "... found the Dynamic SplitFuse advantage real only for long prompts; in the other scenarios vLLM
        # was up to 1.8x faster": the technique sits in a clause of its own, an engine is this one's subject
        return None
    if in_sent and {t[2] for t in in_sent} <= set(_DTYPE_TECHNIQUES) and _distinct_chips(sent_text) >= 2 and len(
            {m.group(0).upper() for m in _FORMAT_WORD_RE.finditer(sent_text)}) >= 2:
        # "FP4 on the MI355X gave 2.7x ... of an MI325X running FP8", "Against an FP8 matmul on a Hopper GPU,
        # the Blackwell FP4 path reaches up to 4.6x": two chips, each in its format
        return None
    if _SAME_FORMAT.search(_semicolon_clause(sent_text, rel_fig_start)):
        # "~2x from the new chip at the same data type", "Against the kernel it replaces, at the same FP8 precision,
        # it gives 2.4x": the format is held equal on both sides, a setting; whatever else is named stays
        if not in_sent and ({t[2] for t in techs} | ({topic} if topic else set())) <= set(_DTYPE_TECHNIQUES):
            return None
        if in_sent and {t[2] for t in in_sent} <= set(_DTYPE_TECHNIQUES):
            held = set(in_sent)
            techs = [t for t in techs if t not in held]
            if not any(t[2] not in _DTYPE_TECHNIQUES for t in techs):
                return None  # nothing but formats named: chips or systems compared at one format
            in_sent = []
            if topic in _DTYPE_TECHNIQUES:
                topic = None
    if in_sent and _distinct_chips(sent_text) >= 2 and (_HARDWARE_OF.search(sent_text[rel_fig_start:]) or (
            baseline and ctx.HARDWARE_RE.search(baseline))) and not _FORMAT_WORD_RE.search(baseline or "") \
            and not {t[2] for t in in_sent} <= set(_DTYPE_TECHNIQUES):
        # "SGLang's write-up on GB200 NVL72, with prefill/decode disaggregation ..., reported 2.7x the per-GPU decoding
        # throughput of its earlier H100 deployment": a chip against another, the techniques it ran with settings
        return None
    if in_sent and {t[2] for t in in_sent} <= set(_DTYPE_TECHNIQUES) and _HARDWARE_OF.search(sent_text[rel_fig_start:]):
        return None  # "GB300 NVL72 does up to 2.83x the tok/s/GPU of GB200 NVL72": the baseline is another chip
    if in_sent and {t[2] for t in in_sent} <= set(_DTYPE_TECHNIQUES) and baseline and (
            ctx.HARDWARE_RE.search(baseline) or _GPU_GENERATION_RE.search(baseline)) \
            and not _FORMAT_WORD_RE.search(baseline) and not re.search(r"\b(?:BF16|FP16|FP32)\b", sent_text):
        return None  # "each Blackwell GPU in FP4 produced 13,386 tok/s, 4.8x the H100 reference": chips compared
    strong = [t for t in in_sent if not _is_instrument(doc, t)]
    if (strong or in_sent) and _other_subject_nearer(doc, sent, sent_text, fig, strong or in_sent):
        return None  # "CUDA graphs cut decode latency 7.22x, while the overlap scheduler on its own gave 1.03x"
    if strong or (in_sent and topic is None):
        pool = strong or in_sent
        if {t[2] for t in pool} <= set(_DTYPE_TECHNIQUES):
            # "At batch size 1 FP8 delivers 1.90x, level with INT4 AWQ": a bare format word is a rival
            # subject when the sentence weighs one format against another
            pool = pool + _bare_formats(doc, sent, techs)
        if len({t[2] for t in pool}) == 1:
            return pool[0][2]
        owner = _figure_owner(doc, fig, pool)
        if owner is not None:
            return owner

        def dist(t):  # the technique nearest the figure, preferring the subject before it
            return (0 if t[1] <= fig.start else 1, abs(t[0] - fig.start))
        return sorted(pool, key=dist)[0][2]
    if block.kind == "list_item" and not strong:
        label = _ITEM_LABEL.match(bctx.text)
        names = set(_technique_in_text(label.group(1))) if label and len(label.group(1).split()) <= 6 else set()
        if len(names) == 1 and doc[fig.start].idx >= label.end():
            # "- **KV cache quantization.** Compared with an fp16 cache, request throughput rises by about 30% with
            # int8 KV": the item's label names what its figures measure, over the section's or the title's topic
            return names.pop()
    if in_sent and topic is not None:
        return topic
    # "against vLLM without speculation": the change is the technique the baseline goes without
    without = _without_technique(sent_text[:max(0, doc[fig.start].idx - sent.start_char)])
    if without:
        return without[0]
    if baseline and _EARLIER_SELF_RE.search(baseline) and _technique_in_text(baseline):
        return None  # "than the previous server speculation path": a technique against its own last version
    # "against the n-gram and EAGLE speculators": a rival of the same kind as the paragraph's subject
    set_aside = {name for s0, e0, name in bctx.aside if sent.start <= s0 and e0 <= sent.end}
    absent = {name for s0, e0, name in bctx.aside if sent.start <= s0 and e0 <= sent.end and s0 > 0
              and doc[s0 - 1].lower_ in _ABSENCE_WORDS}
    if set_aside and techs and techs[0][2] in set_aside - absent and (topic is None or topic == techs[0][2]):
        if techs[0][2] == "tensor-parallelism" and _OTHER_PARALLELISM.search(sent_text):
            return None  # "pipeline parallelism delivers 1.5x the throughput of TP": a layout outside the lexicon
        return techs[0][2]
    if set_aside and not techs and bi > 0 and block.kind == "paragraph":
        # "Topic: an attention kernel ... LeanAttention ..." then "measured against FlashAttention-2, ... 2.6x
        # faster": the paragraph before names the subject, a rival of the same kind as the baseline
        before = document.blocks[bi - 1]
        if before.kind == "paragraph" and before.section_start == block.section_start:
            # a different member of the baseline's kind (not the baseline itself, named again)
            rivals = {doc[s0:e0].text.lower() for s0, e0, n in bctx.aside if sent.start <= s0 and e0 <= sent.end}
            pipe = get_pipeline()
            d = pipe.nlp.make_doc(document.text[before.start:before.end])
            named = {n for s0, e0, n in _technique_spans(pipe, d)
                     if n in set_aside and d[s0:e0].text.lower() not in rivals}
            if len(named) == 1:
                return named.pop()
    if set_aside and topic in set_aside and _named_as_baseline_in(doc, sent, topic, bctx):
        return topic  # "SageAttention3 ... a 5x speedup over the fastest FlashAttention" under an attention title
    switched = _SWITCH_TO_PRECISION.search(sent_text)
    if switched:  # "Switching the KV cache to FP8 adds 6%", "Switching the H100 to FP8 adds another 2x"
        name = _precision_technique(switched.group(0))
        if name is not None:
            return name
    if block.cell is not None and block.cell.col_header:
        # ("Speedup over the dense FP8 model": what follows "over" is the baseline)
        vs = _HEADER_VS.search(block.cell.col_header)
        own = _leadin_technique(block.cell.col_header[:vs.start()] if vs else block.cell.col_header)
        if own is not None:
            return own  # "T-MAC vs llama.cpp": the column names its technique against an engine
    said = _PRECISION_SUBJECT.search(sent_text)
    if said:  # "FP8 improves perceived performance by more than 2x", "PTPC-FP8 ... matched per-tensor FP8"
        # (read on to the clause's end: "INT4 gives four times as many KV blocks" is the cache's format)
        name = _precision_technique(said.group(0) + re.split(r"[,;]", sent_text[said.end():], maxsplit=1)[0])
        if name is not None:
            return topic if name == "fp8-quantization" and topic in _SPECIFIC_QUANT else name
    # releases, engines and hardware generations compared: no technique
    named = re.sub(r"[$€£]\s?[\d.,]+", "", baseline) if baseline else ""  # "$0.14 for a miss" is a price, not v0.14
    if _MEASURED_VALUE.fullmatch(named):
        named = ""  # "26.06 vs 12.43 at 4 bits": the baseline's measured value, not release 12.43
    if named and (_VERSION_RE.search(named) or _ENGINE_RE.search(named) or ctx.HARDWARE_RE.search(named)
                  or _GPU_GENERATION_RE.search(named)) \
            and not re.search(r"\bkernels?\b", baseline, re.I) \
            and not (block.cell is not None and block.cell.row_header and _technique_in_text(block.cell.row_header)
                     and not ctx.HARDWARE_RE.match(block.cell.row_header.strip())):
        # ("vLLM's kernel": a kernel comparison; the "Megakernel" row under "Speedup vs Hugging Face": its row's)
        prev = _previous_sentence(doc, sent) if not in_sent and block.kind == "paragraph" else None
        lead = [t for t in techs if prev is not None and t[1] <= prev.end and (
            prev.start <= t[0] <= prev.start + 1 or (prev.start <= t[0] and _POST_HANDLE.fullmatch(
                _doc_text(doc)[prev.start_char:doc[t[0]].idx])))]  # ("@kvcache_kate · Mon DistServe puts ...")
        if lead and _ENGINE_RE.search(named) and not _ENGINE_RE.search(_doc_text(doc)[:sent.start_char]):
            # "Sarathi-Serve splits long prompts into chunks ... Against vLLM, the authors report 2.6x higher
            # serving capacity": the system the sentence before opens with is the one measured against the engine
            return lead[0][2]
        heading = dctx.heading_techniques.get(block.section_start) if block.section_start is not None else None
        if block.cell is None and _ENGINE_RE.search(named) and heading is not None \
                and block.section_start not in dctx.off_lexicon_sections \
                and len(_ENGINE_RE.findall(sent_text)) == 1 and not _GENERIC_ENGINES.search(named):
            return heading  # "## Results: Sarathi-Serve" over "- Mistral-7B on one A100: 2.6x higher capacity than vLLM."
        if block.cell is not None and _ENGINE_RE.search(named):
            intro = _table_intro(document, bi)
            pipe = get_pipeline()
            d = pipe.nlp.make_doc(intro) if intro else None
            first = [t for t in _technique_spans(pipe, d) if t[0] <= 1] if d is not None else []
            if first:  # "Sarathi-Serve measures serving capacity ..., and it also compares against vLLM." over the table
                return first[0][2]
            heading = dctx.heading_techniques.get(block.section_start) if block.section_start is not None else None
            if heading is not None and block.section_start not in dctx.off_lexicon_sections:
                return heading  # "2. SARATHI-SERVE: CAPACITY UNDER A LATENCY SLO" over "Capacity vs. vLLM": the section's system
        return None
    if _ENGINE_CMP_RE.search(sent_text):  # "it even beats TensorRT-LLM running on A100"
        return None
    if not in_sent and _ENGINE_LEAD_RE.search(sent_text):
        return None  # "the lead over Transformers narrowed to 8.5x-15x while the lead over TGI grew to 3.3x-3.5x"
    if not in_sent and (_ENGINE_SUBJECT_RE.search(sent_text[:rel_fig_start]) or _RUNNING_ENGINE.match(sent_text)):
        # "in the other scenarios vLLM was up to 1.8x faster", "Running vLLM underneath pushed throughput as high
        # as 23x": an engine is the subject
        return None
    if not in_sent and block.kind != "table_cell" and ctx.HARDWARE_RE.match(sent_text.lstrip()) \
            and techs and all(t[2] in _DTYPE_TECHNIQUES for t in techs):
        return None  # "GB300 carries a ~20% higher TCO ... and still lands 2.31x cheaper": a chip is the subject
    if _OTHER_SUBJECT_RE is not None and _OTHER_SUBJECT_RE.search(sent_text):
        return None
    if _OTHER_SUBJECT_RE is not None and not in_sent and block.kind in ("paragraph", "list_item") \
            and not techs and _OTHER_SUBJECT_RE.search(next(iter(doc.sents)).text):
        # "EPLB replicates hot experts ... With expert statistics drawn from the test distribution, the post measured
        # 1.49x": the paragraph opens on a change outside the lexicon and names no technique, so the figure is that change's
        return None
    if re.search(r"\b(?:BF16|FP16|FP32)\b", sent_text):
        name = _precision_technique(sent_text)
        if name is not None:
            # "20 % shallower with every layer in FP8" under a KV-cache (or weight-only) section
            return topic if name == "fp8-quantization" and topic in _SPECIFIC_QUANT else name
    if not in_sent and block.kind != "table_cell" and _HARDWARE_OF.search(sent_text[rel_fig_start:]):
        return None  # "one B200 delivers up to 4x the Llama 2 70B performance of an H100": hardware compared
    if not in_sent and block.kind != "table_cell" and (topic in _DTYPE_TECHNIQUES or (
            topic is None and techs and all(t[2] in _DTYPE_TECHNIQUES for t in techs))) \
            and _CHIP_BASELINE.search(sent_text) and not _FORMAT_WORD_RE.search(sent_text):
        return None  # "put one B200 at 3.7x to 4x the tokens per second of one H100" under an FP4 section: chips compared
    prev = _previous_sentence(doc, sent)
    if not in_sent and prev is not None and block.kind != "table_cell" and _compares_systems(prev.text) and \
            not any(prev.start <= t[0] and t[1] <= prev.end for t in techs) and not _without_technique(prev.text):
        # "... 2.7x the H100 result. Across input lengths the gain ranged from 2.5x to 3.4x." (a systems
        # comparison carries on; one whose subject is a technique, "T-MAC ... 4-5x over llama.cpp", does not stop it)
        return None
    if not in_sent and block.kind != "table_cell" and all(t[2] in _DTYPE_TECHNIQUES for t in techs):
        # "Single-stream ITL fell ... with AWQ. FP8 took it from 6.9 ms to 5.4 ms.", "- 8B, FP8: still 1.30x":
        # a format word before the figure is its subject
        bare = [t for t in _bare_formats(doc, sent, techs) if t[1] <= fig.start and _format_is_subject(doc, t)]
        if bare:
            return bare[-1][2]
    in_block = techs[:lo] if block.kind == "table_cell" else techs
    # "under tensor parallelism across eight A100s, the Hydragen attention kernel ...": a tool named first
    # ("Under tensor parallelism every layer waits ...": a condition, never the change)
    in_block = [t for t in in_block if not _is_instrument(doc, t)] or [
        t for t in in_block if not any(x.lower_ in ("under", "on", "atop") for x in doc[max(0, t[0] - 2):t[0]])
        and not _SHARDED_OVER.match(_doc_text(doc), doc[t[1] - 1].idx + len(doc[t[1] - 1].text))]
    rel_fig_end = doc[fig.end - 1].idx - sent.start_char if fig.end > sent.start else 0
    if in_block and block.kind != "table_cell" and _PRECISION_WORD.search(sent_text, rel_fig_end):
        # "1.01x that of per-tensor FP8": two schemes of one format compared, in the figure's own sentence
        name = _precision_technique(sent_text)
        if name is not None:
            return topic if name == "fp8-quantization" and topic in _SPECIFIC_QUANT else name
    if in_block:
        if topic is not None and (any(t[2] == topic for t in in_block[:64])
                                  or bctx.get("precision", _precision_technique) == topic):
            return topic  # the paragraph names the section's technique, maybe as "keys and values in FP8"
        # "512 experts ..., Gated DeltaNet ..., and multi-token prediction": a feature in a list describing
        # a model or system is part of what is compared, not the change the figure measures
        listed = [t for t in in_block if not _in_feature_list(doc, t)]
        if not listed:
            return topic
        return listed[0][2]
    if block.kind == "list_item" and bi in dctx.leadin_text:
        leadin = dctx.leadin_text[bi]
        name = _leadin_technique(leadin)
        if name is not None:  # "round-robin Service vs llm-d prefix-cache-aware routing, 512 concurrent:"
            return name
        if _PRECISION_CONTRAST_RE.search(leadin) and _PRECISION_WORD.search(sent_text + " " + leadin):
            # "the FP8-dynamic model cards, before moving our fleet off BF16:" then "- Qwen2.5 FP8: 1.3X"
            name = _precision_technique(sent_text) or _precision_technique(leadin)
            if name is not None:
                return name
    cell = block.cell
    if cell is not None:
        label = cell.row_cells[0] if cell.row_cells else ""
        if _SYSTEM_CMP_RE.search(label) and (ctx.HARDWARE_RE.search(label.split(" vs")[0]) or
                                              _ENGINE_RE.search(label.split(" vs")[0])):
            return None  # "| GB200 NVL72 vs B200 | DeepSeek-R1-0528 FP4, 1k/1k | 4.39x |": the row compares systems
        intro = _table_intro(document, bi)
        if intro:  # "Setup: one B200, TP8, NVFP4, ...": what the runs held fixed, not what the table compares
            intro = _SETUP_SENTENCE.sub(" ", intro).strip() or None
        # a precision in the row's own cells ("| DeepSeek-R1 | FP8 | 2 | 11.0x |") is the quantisation
        # measured only when the table names what it is measured against ("vs BF16"); otherwise it
        # is a setting of the systems the table compares
        contrast = bool(_PRECISION_CONTRAST_RE.search(" ".join([*cell.header_row, intro or ""])))
        others = [h for j, h in enumerate(cell.header_row) if j != cell.col and h and _WITH_WITHOUT.search(h)]
        # "| Feature | Baseline | ... |": what the row is measured against is no subject of it
        # (but "no MTP", "KV reuse without compression" there name the change by its absence)
        row_cells = [c for j, c in enumerate(cell.row_cells)
                     if not (j < len(cell.header_row) and _BASELINE_COLUMN.match(cell.header_row[j] or "")
                             and not re.search(r"\b(?:no|without|w/o)\b", c, re.I))]
        if intro and _leadin_technique(intro) is not None:
            # "Speedup of speculative decoding ..." over an "Execution mode" column of torch.compile / HIP
            # graphs: the mode is a setting of each row, the caption names what is measured
            row_cells = [c for j, c in enumerate(row_cells)
                         if not (j < len(cell.header_row) and _SETTING_COLUMN.search(cell.header_row[j] or ""))]
        row_header = cell.row_header
        if any(h and _WITH_WITHOUT.search(h) for h in cell.header_row):
            # "| Attention backend | Without graphs | With graphs | Gain |": the backend is a setting of each row
            settings = {j for j, h in enumerate(cell.header_row) if _SETTING_COLUMN.search(h or "")}
            row_cells = [c for j, c in enumerate(cell.row_cells) if j not in settings]
            if 0 in settings and row_header == (cell.row_cells[0] if cell.row_cells else None):
                row_header = None
        col_vs = _HEADER_VS.search(cell.col_header or "")
        # "| Speedup vs. dense FP8 |": the column names its baseline, which no lead-in makes the subject
        # ("| TPS/user speedup over no MTP |" names the change by its absence: MTP is the subject, not the baseline)
        col_baseline = set(_technique_in_text(cell.col_header[col_vs.end():])) | (
            {_precision_technique(cell.col_header[col_vs.end():])} - {None}) if col_vs and cell.col_header and not \
            _ABSENCE_RE.match(cell.col_header[col_vs.end():]) else set()
        label = cell.row_cells[0] if cell.row_cells else ""
        if _OTHER_SUBJECT_RE is not None and _OTHER_SUBJECT_RE.search(label) and not _technique_in_text(label):
            return None  # "| Overlap scheduling only | 60.4 | +20.4% |" under an MTP table: the row's own subject
        lead_subject = _leadin_subject_part(intro) if intro else ""
        if lead_subject and _OTHER_SUBJECT_RE is not None and _OTHER_SUBJECT_RE.search(lead_subject) \
                and not _technique_in_text(intro or "") and not _technique_in_text(" ".join(cell.row_cells)):
            return None  # "INT4 QuickReduce against the unquantized all-reduce:": the lead-in's subject is outside the lexicon
        # "| Fusion pass | ... |": what the label column's rows are instances of
        label_kind = _technique_in_text(cell.header_row[0]) if cell.header_row and cell.header_row[0] else []
        for h in [cell.col_header, row_header, *row_cells, intro, *others]:
            if h is intro and _header_formats_compared(cell.header_row) and not _ANY_FORMAT.search(cell.col_header or ""):
                # "| Batch size | BF16 cuBLAS | FP8 CUTLASS + quant | Δ GEMM latency |" under "..., replayed in a CUDA
                # graph": the columns put one format against another; the lead-in's method is a setting
                return "fp8-quantization"
            if h:
                names = _technique_in_text(h)
                if h == intro and col_baseline and names and set(names) <= col_baseline:
                    continue
                vs = col_vs if h == cell.col_header else None
                own = h[:vs.start()] if vs is not None else h  # "Speedup vs. dense FP8": FP8 is the baseline
                if h == intro:
                    own = _BASELINE_SENTENCE.sub(" ", own)
                if names and vs is not None:
                    names = _technique_in_text(own)
                if h == intro and names:
                    # "..., in-flight batching off and ...": a setting of every row; "The comparison point for each
                    # model is the strongest TensorRT-LLM configuration among FP16, W4A16 and W8A8": the baselines
                    names = _named_not_as_setting(own)
                if h == intro and len(set(names)) > 1 and _BUNDLE_RE.search(intro):
                    return None  # "SGLang with FP8 weights and an EAGLE-3 draft ...; the ratios belong to the bundle"
                if h == intro and len(set(names)) > 1:
                    # "... with FP8 weights ... so the differences come from the attention kernels alone":
                    # the lead-in's subject, not a tool or a setting it names on the way
                    subject = _leadin_technique(intro, skip_tools=True)
                    names = [subject] if subject else names
                if h in cell.row_cells and cell.row_cells.index(h) == 0 and len(set(label_kind)) == 1 and names:
                    # "| Fusion pass | ... |" then "| Attention output + FP8/NVFP4 quant | ... | 3-7% |": each row is one
                    # instance of the technique the label column names; the ops it joins are no bundle
                    return label_kind[0]
                if h in cell.row_cells and (len(set(names)) > 1 or (names and _PLUS_RE.search(h) and not all(
                        _ENGINE_RE.fullmatch(part.strip()) or _technique_in_text(part) for part in _PLUS_RE.split(h)))):
                    # "continuous batching plus PagedAttention", "APAR + speculative decoding": a bundle
                    # ("SGLang + EAGLE-2": an engine running the one technique)
                    return None
                if names:
                    return names[0]
                if h == intro and _compares_systems(h):
                    continue  # "H100 FP8 over A100 FP16": a hardware comparison, the formats its settings
                name = _precision_technique(own)
                if name is not None and h in cell.row_cells:
                    j = cell.row_cells.index(h)
                    if j < len(cell.header_row) and re.search(r"\bkv\b|\bk/v\b|\bcache\b", cell.header_row[j] or "", re.I):
                        return "kv-cache-quantization"  # "| Model | KV type | ... |" then "| llama2-7b | int4 | ...": the cache's
                if name is not None and (contrast or h == cell.col_header):
                    return topic if name == "fp8-quantization" and topic in _SPECIFIC_QUANT else name
    if block.kind == "list_item" and bi > 0:
        # "- With K/V cache quantization set to q8_0, cache memory halves" then "- With q4_0 the cache
        # shrinks about 4x": an item that names nothing continues the item right above it
        above = document.blocks[bi - 1]
        own = document.text[block.start:block.end]
        if above.kind == "list_item" and not document.text[above.end:block.start].strip() \
                and _FIGURE_HINT.search(document.text, above.start, above.end) and (
                    _CONTINUING_ITEM.match(own) or (_METRIC_RE.match(_LEADING_QUALIFIER.sub("", own)) is not None)):
            names = set(_technique_in_text(document.text[above.start:above.end]))
            if len(names) == 1:
                return names.pop()
    if topic is not None and any(n == topic and _BEYOND_RE.search(doc[max(0, s0 - 2):s0].text) for s0, _, n in bctx.aside):
        return None  # "Turbo is not only speculation. ... TEAL ... 40% lower latency": the paragraph leaves the topic
    return topic
