"""Context around a claim: hardware, model, precision and sequence lengths named in the text.

Names are canonicalised through the predictor's catalogues (rules/hardware.yaml,
rules/models.yaml) when they resolve; otherwise the text as written is kept.
"""

from __future__ import annotations

import re
from functools import lru_cache

HARDWARE_RE = re.compile(
    r"(?<![\w-])(?:(\d{1,3})\s*[x×]\s*)?"
    r"((?:NVIDIA\s+|AMD\s+)?(?:GB300|GB200|B300|B200|H200|H100|H800|H20|A100|A10G|A10|A30|A40|L40S|L40|L20|L4|V100|T4|"
    r"MI300X|MI325X|MI355X|MI350X|MI250X?|MI210|MI100|RTX\s?4090|RTX\s?5090|RTX\s?6000|RTX\s?3090|RTX\s?A6000|A6000|"
    r"TPU\s?v\d\w*|Gaudi\s?\d|Trainium\s?\d?|Trn[12]|Inferentia\s?\d?|Inf[12]|"
    r"(?:Apple\s+)?M[1-5]\s(?:Pro|Max|Ultra)|Apple\s+M[1-5])"
    r"(?:[ -](?:SXM5?|PCIe|NVL\d*|80GB|40GB|80\s?GB|40\s?GB|141GB|HBM3e?))*)(?![\w])",
    re.I,
)
MODEL_RE = re.compile(
    r"(?<![\w-])((?:Meta[- ])?Llama[- ]?(?:\d(?:\.\d)?)[- ]?(?:\d+(?:\.\d+)?[BbMm])?(?:[- ]\d+[Bb])?"
    r"(?:[- ](?:Instruct|Chat|hf|32K))*|Llama[- ]?2[- ]\d+[Bb](?:[- ]chat)?|"
    r"Mistral[- ]7B(?:[- ]Instruct)?|Mixtral[- ]8x(?:7|22)B|Qwen\d?(?:\.\d)?[- ]\d+(?:\.\d+)?B(?:[- ]A\d+B)?"
    r"(?:[- ]Instruct)?|DeepSeek[- ](?:V\d(?:\.\d)?|R1)(?:[- ]\w+)?|Kimi[- ]K2|gpt-oss-\d+b|Gemma[- ]?\d[- ]\d+[Bb]|"
    r"GPT-J|TinyLlama[- ]1\.1B|Phi-\d(?:\.\d)?(?:[- ]mini)?|Falcon[- ]\d+B)(?![\w])",
    re.I,
)
# the 4-bit floating formats and their microscaled kin, one alternation for every format pattern
FP4_FAMILY = r"NVFP4|MXFP4|MXFP8|FP4"
PRECISION_RE = re.compile(r"\b(" + FP4_FAMILY + r"|FP8|BF16|FP16|FP32|INT8|INT4|W4A16|W8A8|W4A8)\b", re.I)
LENGTH_RES = [
    (re.compile(r"\bISL\s*/\s*OSL\s*(?:of|=|:)?\s*([\d,.]+)\s*(k)?\s*/\s*([\d,.]+)\s*(k)?\b", re.I), "both"),
    (re.compile(r"\bISL\s*[=:]?\s*([\d,.]+)\s*(k)?\b.{0,20}?\bOSL\s*[=:]?\s*([\d,.]+)\s*(k)?\b", re.I), "both"),
    (re.compile(r"~?([\d,.]+)\s*(k)?\s*(?:input|in|prompt)(?:\s+tokens)?\s*/\s*~?([\d,.]+)\s*(k)?\s*"
                r"(?:output|out)\b", re.I), "both"),
    (re.compile(r"\b(?:input|prompt|prefill)[ _-](?:length|len|tokens|size)(?:\s+of)?\s*[=:]?\s*~?([\d,.]+)\s*(k)?\b",
                re.I), "in"),
    (re.compile(r"\bprefill(?:\s+of)?\s+~?(\d[\d,]{2,})\s*(k)?\b", re.I), "in"),
    (re.compile(r"\b~?([\d,.]+)\s*(k)?[- ](?:token\s+)?(?:input|prompt)s?(?:\s+tokens)?\b", re.I), "in"),
    (re.compile(r"\b(?:output|generation|decode)[ _-](?:length|len|tokens)(?:\s+of)?\s*[=:]?\s*~?([\d,.]+)\s*(k)?\b",
                re.I), "out"),
    (re.compile(r"\b~?([\d,.]+)\s*(k)?[- ](?:token\s+)?(?:output|completion|generated)(?:\s+tokens)\b", re.I), "out"),
]


def _tok(num: str, k: str | None) -> int | None:
    try:
        v = float(num.replace(",", ""))
    except ValueError:
        return None
    if k:
        v *= 1000
    return int(v) if 0 < v < 10_000_000 else None


# every length pattern needs one of these words: text without any skips them all (most sentences)
_LENGTH_HINT = re.compile(r"isl|input|prompt|prefill|output|generat|decode|completion|\bin\s*/", re.I)


# per pattern above, words it cannot match without (checked on the lower-cased text first)
_LENGTH_NEEDS: list[tuple[str, ...]] = [
    ("isl",), ("isl",), ("/",), ("input", "prompt", "prefill"), ("prefill",), ("input", "prompt"),
    ("output", "generation", "decode"), ("output", "completion", "generated"),
]


if len(_LENGTH_NEEDS) != len(LENGTH_RES):  # keep the two lists in step
    raise RuntimeError("context: LENGTH_RES and _LENGTH_NEEDS differ in length")


def find_lengths(text: str) -> tuple[int | None, int | None]:
    inp = out = None
    if not _LENGTH_HINT.search(text):
        return inp, out
    lower = text.lower()
    for (pat, which), needs in zip(LENGTH_RES, _LENGTH_NEEDS):
        if not any(n in lower for n in needs):
            continue
        m = pat.search(text)
        if not m:
            continue
        if which == "both":
            inp = inp or _tok(m.group(1), m.group(2))
            out = out or _tok(m.group(3), m.group(4))
        elif which == "in" and inp is None:
            inp = _tok(m.group(1), m.group(2))
        elif which == "out" and out is None:
            out = _tok(m.group(1), m.group(2))
    return inp, out


def _canonical(resolve, name: str) -> str:
    """The catalogue id when the name resolves (no fallback note), else the name as written."""
    cid, _spec, note = resolve(name)
    return cid if cid and not note else " ".join(name.split())


@lru_cache(maxsize=4096)
def canonical_hardware(name: str) -> str:
    from auditor.predict import resolve_hardware

    return _canonical(resolve_hardware, name)


@lru_cache(maxsize=4096)
def canonical_model(name: str) -> str:
    from auditor.predict import resolve_model

    return _canonical(resolve_model, name)


_CLAUSE = re.compile(r"[,;:()]|\band\b|\bwhile\b|\bbut\b|\bwhereas\b|\bvs\.?|\bversus\b", re.I)


def _nearest(pattern: re.Pattern[str], text: str, at: int | None) -> re.Match[str] | None:
    """The first match, or with `at` the match nearest that offset in its own clause."""
    if at is None:
        return pattern.search(text)
    best = None
    for m in pattern.finditer(text):
        a, b = (m.end(), at) if m.end() <= at else (at, m.start())
        d = abs(b - a) + 500 * len(_CLAUSE.findall(text[min(a, b):max(a, b)]))
        if best is None or d < best[0]:
            best = (d, m)
    return best[1] if best else None


def find_hardware(text: str, at: int | None = None) -> str | None:
    m = _nearest(HARDWARE_RE, text, at)
    return canonical_hardware(m.group(0)) if m else None


def find_model(text: str, at: int | None = None) -> str | None:
    m = _nearest(MODEL_RE, text, at)
    return canonical_model(m.group(1)) if m else None


def find_precision(text: str) -> str | None:
    m = PRECISION_RE.search(text)
    return m.group(1).upper() if m else None
