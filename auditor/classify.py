"""Classify: the mechanism a claim's figure works by (DESIGN.md, "Technique lexicon").

From the lexicon when the technique is known; else from cue words in the claim's sentence;
else `unknown`. Comparisons of releases, engines and hardware carry no technique and stay
`unknown` unless a cue says otherwise.
"""

from __future__ import annotations

import re

from auditor.extract.extractor import (
    SENTENCE_BEFORE_CAPITAL,
    _CREDITED_LIST,
    _ENGINE_RE,
    _OTHER_SUBJECT_RE,
    _PAREN_LIST,
    _compares_systems,
    _leadin_compares_kernels,
    format_held_fixed,
    _table_intro,
    _technique_in_text,
)
from auditor.extract.context import HARDWARE_RE
from auditor.extract.vocab import GENERIC_BUNDLE_RE
from auditor.lexicon import load_lexicon
from auditor.models import Block, Claim, Document


# host RAM saved is not room on the card: "system RAM held during generation fell 30%" fits nothing more
_HOST_RAM_RE = re.compile(r"\bRAM\b")
_CARD_MEMORY_RE = re.compile(r"\b(?:VRAM|GPU memory|HBM|KV|cache|batch)\b", re.I)
_VERSION = re.compile(r"\bv?\d+\.\d+\.\d+\b|\bv\d+\.\d+\b")  # "| 1.5.0 (ms) | 1.8.0 (ms) |": two releases
_RELEASE_BASELINE = re.compile(r"\b(?:than|of|against|over|vs\.?|versus)\s+(?:the\s+)?(?:v\d+(?:\.\d+)*\b|"
                               r"V\d\s+engine|(?:previous|prior|older|last|earlier)\s+(?:release|version|engine|build))",
                               re.I)
_OTHER_ENGINES_AFTER = re.compile(r"[^,;.()]{0,40}?\b(?:over|than|against|vs\.?|versus|compared (?:with|to)|relative to)\s+"
                                  r"(?:the\s+)?(?:best\s+(?:of\s+the\s+)?)?(?:other|existing|leading|competing|rival)\s+"
                                  r"(?:[\w-]+\s+){0,3}?(?:engines|systems|frameworks|servers)\b", re.I)
_BASELINE_PHRASE = re.compile(r"\b(?:over|than|against|vs\.?|versus|compared (?:with|to)|relative to)\s+(?:the\s+)?"
                              r"(?:previous|prior|older|earlier|old|existing)\b[^,;.]*", re.I)
_JOINED_RE = re.compile(r"[a-z]\s(?:\+|plus)\s[A-Za-z]")  # "continuous batching plus PagedAttention"


_CLAUSE_BREAK = re.compile(r";|,?\s+(?:while|whereas|but)\s+", re.I)


# a paragraph that opens on a scheduler or GEMM change ("Multi-step scheduling", "2:4 sparse FP8 kernels ... CUTLASS")
_SUBJECT_COMPUTE = re.compile(r"\b(?:schedul\w*|gemm|spmm|matmul|overlap\w*|cutlass|eplb|expert load balanc\w*)\b", re.I)


_STATIC_BATCHING = re.compile(r"\b(?:static|naive|request-level)(?:,?\s+[\w-]+)?\s+batch(?:ing|es)?\b|\bbatch(?:ing|es)?\s+"
                              r"statically\b|\bstatic\b", re.I)
# "put Gaudi 3 at 1.3x the H100", "nearly tripled the H100's GPT-J result": a chip is what the figure is a multiple of
# "Against NVIDIA's H200 on the same model, ... two to five times": or the chip it is measured against
_CHIP_AS_BASELINE = re.compile(r"(?:(?:\d(?:x|×)|\b(?:doubled|tripled|quadrupled|times))\s+the|\b(?:against|than|vs\.?|versus|"
                               r"compared (?:with|to))\s+(?:[\w']+\s+){0,2}?)\s*(?:"
                               + HARDWARE_RE.pattern.replace(r"(?<![\w-])", "") + r")", re.I)
_SWITCHED_OFF = re.compile(r"\b(?:[\w-]+\s+){0,2}[\w-]+\s+(?:off|disabled)\b", re.I)


def _own_clause(sentence: str, figure: str | None) -> str | None:
    """The clause of the sentence that holds the figure ("..., while the overlap scheduler on its own
    gave only 1.03x"), or None when the sentence is one clause or the figure is not found in it."""
    at = sentence.find(figure) if figure else -1
    breaks = list(_CLAUSE_BREAK.finditer(sentence))
    if at < 0 or not breaks:
        return None
    start = max((m.end() for m in breaks if m.end() <= at), default=0)
    end = min((m.start() for m in breaks if m.start() >= at + len(figure or "")), default=len(sentence))
    return sentence[start:end]


# "| Multi-stream expert overlap, MLA, top-k and Fuse_A GEMM kernels | 89 | +33% |": a row that lists three changes
_LISTED_ROW = re.compile(r"^[^|(]*,[^|(]*,[^|]*\||^[^|(]*,[^|(]*\band\b[^|]*\|")


def _is_bundle(sentence: str) -> bool:
    """"continuous batching plus PagedAttention", "Stacked together, ...", "crediting A, B, C and D"."""
    if _LISTED_ROW.match(sentence):
        return True
    # ("28% over the previous multi-step plus async path": a join on the baseline's side is no bundle of this figure)
    return bool(GENERIC_BUNDLE_RE.search(sentence) or _JOINED_RE.search(_BASELINE_PHRASE.sub(" ", sentence))
                or _CREDITED_LIST.search(sentence)
                or any(_technique_in_text(m.group(0)) for m in _PAREN_LIST.finditer(sentence)))


def mechanism_for(technique: str | None, sentence: str, metric: str | None = None, figure: str | None = None) -> str:
    """figure: the claim's text; a cue in the figure's own clause outranks one elsewhere in the sentence."""
    lex = load_lexicon()
    if technique is not None:
        t = lex.by_name().get(technique)
        if t is not None:
            return t.mechanism
    if _is_bundle(sentence):
        return "unknown"  # a bundle of changes works by several mechanisms at once
    clause = _own_clause(sentence, figure)
    own = clause or sentence
    if _RELEASE_BASELINE.search(own) and not any(cue in own.lower() for cue in lex.mechanism_cues.get("residency", [])):
        # "up to 1.7x the throughput of the V0 engine": one release against another (unless the clause says the
        # gain is room: "lets much larger decode batches fit, for 1.9x ... versus v0.3")
        return "unknown"
    if metric in ("memory", "capacity") and not (_HOST_RAM_RE.search(sentence) and not _CARD_MEMORY_RE.search(sentence)):
        return "residency"  # less memory a request, more requests resident: what the figure measures
    at = sentence.find(figure) if figure else -1
    if at >= 0 and _OTHER_ENGINES_AFTER.match(sentence, at + len(figure or "")) \
            and re.search(r"(?<![\w.])\d+(?:\.\d+)?\s?(?:[x×]|%)(?!\w)", sentence[:at]):
        # "1.1x over its previous scheduler and 1.3x over other state-of-the-art engines": the second figure sets
        # the system against other engines, whatever change the sentence names for the first
        return "unknown"
    # "5.5x more requests per second" is a rate, not room for more requests
    for text in ((clause, sentence) if clause else (sentence,)):
        s = re.sub(r"(?:requests|queries|tokens)\s*(?:per second|/\s*s(?:ec)?)\b", "rate", text.lower())
        s = re.sub(r"first[- ]token latency", "ttft", s)  # the prefill's latency, not the per-token one
        s = _STATIC_BATCHING.sub(" ", s)  # "static batching on FasterTransformer gave 4x": batching is what it lacks
        for mechanism, cues in lex.mechanism_cues.items():
            if any(cue in s for cue in cues):
                return mechanism
    return "unknown"


def _paragraph_opens_on_compute(document: Document, block: Block, sentence: str) -> bool:
    """The paragraph's first sentence names a scheduling or GEMM change and the figure's sentence comes
    later ("- **Multi-step scheduling** (PR #7000): prepare inputs once, run n steps. Throughput of Llama
    70B on four H100s rose by 28%."): the figure is that change's, a compute-side one (GUIDELINES.md)."""
    at = document.text.find(sentence[:40], block.start, block.end)
    before = document.text[block.start:at] if at > block.start else ""
    if not before or _is_bundle(before):
        return False
    whole = f"{before} {sentence}"
    if _compares_systems(whole) or _VERSION.search(whole) or _RELEASE_BASELINE.search(whole) or _ENGINE_RE.search(sentence):
        # "vLLM 0.5.3 -> 0.6.3 ... the scheduler ...", "... SGLang delivered 1.07x the output throughput of our V1
        # build": a release or an engine compared, whatever its parts
        return False
    return bool(_SUBJECT_COMPUTE.search(SENTENCE_BEFORE_CAPITAL.split(before, maxsplit=1)[0]))


def classify(claims: list[Claim], document: Document | None = None) -> list[Claim]:
    """Mechanism per claim. With the document, a table cell whose row names no cue reads the table's
    header row and lead-in ("| KV tokens that fit | ... | 3x |" under "... what fits in the cache:"),
    and a paragraph's later sentence reads the paragraph's opening one for its subject."""
    for c in claims:
        c.mechanism = mechanism_for(c.technique, c.sentence, c.metric, c.text)  # type: ignore[assignment]
        if c.chips_compared and c.technique is None and c.metric not in ("memory", "capacity"):
            c.mechanism = "unknown"  # type: ignore[assignment]  # hardware compared, whatever cue words it holds
            continue
        if c.kernel_swap and c.technique is None and not _is_bundle(c.sentence):  # (whatever metric it is read in)
            c.mechanism = "compute"  # type: ignore[assignment]  # one kernel against another at the same format
        if c.mechanism == "unknown" and c.technique is None and document is not None and c.block is not None \
                and 0 <= c.block < len(document.blocks) and not _is_bundle(c.sentence):
            block = document.blocks[c.block]
            if block.kind == "table_cell" and block.cell is not None:
                header = " | ".join(h for h in block.cell.header_row if h)
                context = f"{block.cell.col_header or ''} {_table_intro(document, c.block) or ''}"
                context = _SWITCHED_OFF.sub(" ", context)  # "in-flight batching off": a setting held, no cue
                if _compares_systems(f"{context} {c.sentence}") or len(_VERSION.findall(header)) >= 2:
                    continue  # hardware, engines or releases compared: unknown, whatever the lead-in's words
                m = mechanism_for(None, context, c.metric)
                if m != "unknown":
                    c.mechanism = m  # type: ignore[assignment]
            elif block.kind in ("paragraph", "list_item") and _paragraph_opens_on_compute(document, block, c.sentence):
                c.mechanism = "compute"  # type: ignore[assignment]
            if c.mechanism == "unknown" and block.kind in ("list_item", "table_cell") \
                    and _leadin_compares_kernels(document, c.block) and not _compares_systems(c.sentence):
                c.mechanism = "compute"  # type: ignore[assignment]  # kernel against kernel, as the lead-in says
            if c.mechanism == "unknown" and format_held_fixed(document, block) and not _compares_systems(c.sentence) \
                    and not _CHIP_AS_BASELINE.search(c.sentence) \
                    and not (_OTHER_SUBJECT_RE is not None and _OTHER_SUBJECT_RE.search(c.sentence)):
                # "Every speedup is relative to DeepSeek's own tuned CUTLASS 3.6 kernel. Both sides run FP8": the
                # document compares GEMM kernels, a compute-side change
                c.mechanism = "compute"  # type: ignore[assignment]
    return claims
