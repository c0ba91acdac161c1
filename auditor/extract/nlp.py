"""The spaCy pipeline: `spacy.blank("en")`, tokenizer rules that split figures into number
and unit, a sentencizer, a Matcher for the claim grammar's figure forms and a PhraseMatcher
for the technique lexicon. Built once per process."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import spacy
from spacy.language import Language
from spacy.matcher import Matcher, PhraseMatcher
from spacy.symbols import ORTH
from spacy.tokenizer import Tokenizer
from spacy.util import compile_infix_regex, compile_prefix_regex, compile_suffix_regex

from auditor.extract.vocab import HALVING_WORDS, MULTIPLIER_WORDS
from auditor.lexicon import load_lexicon

# hardware names that end in a digit followed by X: never split into number and unit
X_SUFFIXED_NAMES = ["MI300X", "MI325X", "MI355X", "MI250X", "MI350X", "MI210X", "MI300x", "MI325x", "MI355x",
                    "mi300x", "mi325x", "mi355x", "mi250x", "mi350x", "RX7900X", "7900X", "H100X"]

UNIT_X = ["x", "X", "×"]


@spacy.registry.tokenizers("claim_auditor.tokenizer.v1")
def make_tokenizer():
    """spaCy's English tokenizer with rules that split figures into number and unit: "2.5x",
    "3×", "~2x", "1.8-2.3x", "+38%", "2x-3x", "120->300"; "8xH100" and "MI300X" stay whole.
    Built in one go (setting rules one by one reloads the special cases each time)."""

    def create(nlp: Language) -> Tokenizer:
        d = nlp.Defaults
        prefixes = list(d.prefixes) + [r"~", r"≈", r"\+(?=[0-9])", r"-(?=[0-9])", r"−(?=[0-9])",
                                       r">(?=[0-9])", r"≥", r"\$",
                                       r"--(?=[a-z])"]  # command-line flags: "--kv-cache-dtype"
        suffixes = list(d.suffixes) + [r"(?<=[0-9])[xX×]", r"(?<=[0-9])%", r"(?<=[0-9])pp", r"(?<=[0-9])(?:ms|s)",
                                       r"(?<=[0-9][A-Za-z×])\.",  # "on Qwen1.5-72B." and "by 1.9×." end a sentence
                                       r"[¹²³⁴⁵⁶⁷⁸⁹⁰†‡*]+"]  # footnote markers: "by 50%¹", "2.5x†"
        infixes = list(d.infixes) + [
            r"(?<=[0-9.%])[–—-](?=[~≈]?[0-9])",  # 1.8-2.3x, 30–40%, 20%-40%
            r"(?<=[0-9][%xX×])~(?=[0-9])",  # 59%~498%, 2x~3x (a range written with a tilde)
            r"(?<=[0-9])~(?=[0-9])",  # 1.5~3x
            r"(?<=[0-9][xX×])[–—/-](?=[~≈]?[0-9])",  # 2x-3x
            r"(?<=[0-9])(?:->|→|=>)(?=[0-9])",  # 120->300
            r"(?<=[a-zA-Z])(?:->|→|=>)(?=[0-9a-zA-Z])",
            r"(?<=[A-Za-z0-9%)])\.(?=\[\^?\d)",  # "for Falcon-180B.[^1] Hybrid ...": a footnote after the full stop
        ]
        # Only the abbreviation exceptions ("e.g.", "vs.", "Inc.") matter here: they keep sentences
        # whole. Contractions and emoticons (1,180 of 1,347) change nothing the matchers read and cost
        # ~70 ms of cold start to load. "tok/s." ends a sentence: no single-letter ones ("s.", "x.").
        rules = {k: v for k, v in d.tokenizer_exceptions.items()
                 if "." in k and not re.fullmatch(r"[A-Za-z]\.", k)}
        rules.update({name: [{ORTH: name}] for name in X_SUFFIXED_NAMES})
        rules.update({arrow: [{ORTH: arrow}] for arrow in ("->", "=>", "-->")})  # "1.2 s -> 1.05 s"
        return Tokenizer(
            nlp.vocab, rules=rules,
            prefix_search=compile_prefix_regex(prefixes).search,
            suffix_search=compile_suffix_regex(suffixes).search,
            infix_finditer=compile_infix_regex(infixes).finditer,
            token_match=d.token_match, url_match=d.url_match,
        )

    return create


_NUM = {"LIKE_NUM": True}
_NUMBER_TOKEN = {"TEXT": {"REGEX": r"^\d{1,7}(?:,\d{3})*(?:\.\d+)?[kK]?$"}}  # "1.5k -> 2.2k tok/s"
_FROMTO_END = {"LOWER": {"REGEX": r"^[~≈]?(?:\d{1,7}(?:,\d{3})*(?:\.\d+)?[k]?|two|three|four|five|six|seven|eight|nine|ten|"
                                    r"eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|hundred)$"}}
_CURRENCY = {"ORTH": {"IN": ["$", "€", "£"]}, "OP": "?"}  # "from $0.413 to $0.140 per million tokens"

FIGURE_PATTERNS: dict[str, list[list[dict]]] = {
    # "2.5x", "3 ×", "2.5X", "~2x" (the tilde is a prefix token, read as a hedge)
    "RATIO": [
        [_NUM, {"ORTH": {"IN": UNIT_X}}],
        [{"TEXT": {"REGEX": r"^\d+(?:\.\d+)?[xX×]$"}}],
        [{"TEXT": {"REGEX": r"^[x×]\d+\.\d+$"}}],  # "saves roughly x2.5" (a decimal: "x4 slot" is a PCIe width)
        [_NUM, {"LOWER": {"IN": ["times", "fold"]}}],
        [_NUM, {"LOWER": "and"}, {"LOWER": "a"}, {"LOWER": "half"}, {"LOWER": "times"}],  # "three and a half times"
        [_NUM, {"ORTH": {"IN": ["-", "–"]}}, {"LOWER": {"IN": ["fold", "times"]}}],
        [{"LOWER": {"IN": sorted(MULTIPLIER_WORDS)}}],
        [{"LOWER": {"REGEX": r"^\d+(?:\.\d+)?-fold$"}}],
    ],
    # "falls by a factor of 2.11": the multiplier after the phrase
    "FACTOR": [
        [{"LOWER": "factor"}, {"LOWER": "of"}, {"LOWER": {"IN": ["~", "≈", "about", "roughly", "nearly"]}, "OP": "?"},
         {"TEXT": {"REGEX": r"^\d{1,4}(?:\.\d+)?$"}}],
    ],
    # "54%", "54 percent", "54 per cent", "5 pct"
    "PERCENT": [
        [_NUM, {"ORTH": "%"}],
        [{"TEXT": {"REGEX": r"^\d+(?:\.\d+)?%$"}}],  # "20%" left whole by an infix split ("20%-40%")
        [_NUM, {"LOWER": {"IN": ["percent", "pct", "pct.", "percentage"]}}],
        [_NUM, {"LOWER": "per"}, {"LOWER": "cent"}],
    ],
    # "halves", "in half", "by half", "by a third", "a quarter"
    "FRACTION": [
        [{"LOWER": {"IN": sorted(HALVING_WORDS)}}],
        [{"LOWER": {"IN": ["in", "by"]}}, {"LOWER": "half"}],
        [{"LOWER": {"IN": ["a", "one"]}}, {"ORTH": "-", "OP": "?"}, {"LOWER": {"IN": ["third", "quarter", "fifth"]}}],
        [{"LOWER": {"IN": ["one-third", "one-quarter"]}}],
        [{"LOWER": "half"}, {"LOWER": "the"}],
        [{"LOWER": "half"}, {"LOWER": "as"}, {"LOWER": {"IN": ["much", "many"]}}],  # "half as much RAM"
    ],
    # "from 120 to 300 tok/s", "from 800 ms to 200 ms", "120 -> 300"
    "FROMTO": [
        # (up to five words between the ends: "from 8.4 ms in eager mode to 5.1 ms", "from about 17K tokens
        # in BF16 to about 193K"; spelled-out ends: "from about eight to about 32")
        [{"LOWER": "from"}, {"LOWER": {"IN": ["~", "≈", "roughly", "about", "around", "approximately", "nearly"]},
                             "OP": "?"}, _CURRENCY, _FROMTO_END,
         *[{"LIKE_NUM": False, "ORTH": {"NOT_IN": [".", ",", ";", ":", "(", ")", "!", "?", "—", "–"]},
            "LOWER": {"NOT_IN": ["from", "to"]}, "OP": "?"}] * 5,  # ("from ~200 tok/s to ~280 tok/s")
         {"LOWER": "to"}, {"LOWER": {"IN": ["~", "≈", "roughly", "about", "around", "approximately", "nearly"]},
                           "OP": "?"}, _CURRENCY, _FROMTO_END],
        [_NUMBER_TOKEN, {"LIKE_NUM": False, "IS_PUNCT": False, "OP": "?"},
         {"LIKE_NUM": False, "IS_PUNCT": False, "OP": "?"},
         {"ORTH": {"IN": ["->", "→", "=>", "-->"]}}, {"ORTH": {"IN": ["~", "≈"]}, "OP": "?"}, _NUMBER_TOKEN],
        # "675 down to 554 tokens/s", "800 ms down to 200 ms": a pair with no "from"
        [_NUMBER_TOKEN, {"LIKE_NUM": False, "IS_PUNCT": False, "LOWER": {"NOT_IN": ["up", "to"]}, "OP": "?"},
         {"LOWER": "down"}, {"LOWER": "to"}, _NUMBER_TOKEN],
    ],
}


@dataclass
class Pipeline:
    nlp: Language
    figures: Matcher
    techniques: PhraseMatcher
    technique_of: dict[str, str]  # match label -> canonical technique


def _with_hyphen_variants(aliases: list[str]) -> list[str]:
    """Two-word aliases in both spellings writers use: "prefix cache" also matches "prefix-cache
    scheduler", "tensor-parallel" also "tensor parallel"; a multi-word name ending in a noun also
    in the plural ("chunked prefills")."""
    out = list(aliases)
    seen = {a.lower() for a in aliases}
    for a in aliases:
        words = a.split(" ")
        variant = None
        if len(words) == 2 and "-" not in a:
            variant = "-".join(words)
        elif " " not in a and a.count("-") == 1 and not any(ch.isdigit() for ch in a):
            variant = a.replace("-", " ")
        if variant and variant.lower() not in seen:
            seen.add(variant.lower())
            out.append(variant)
        # "chunked prefills", "fused MoE kernels": the plural of a multi-word name with a noun at its end
        if len(words) >= 2 and re.fullmatch(r"[a-z]{3,}", words[-1]) and not re.search(r"(?:s|ing|ed|y)$", words[-1]):
            for form in (a, variant):
                if form and (form + "s").lower() not in seen:
                    seen.add((form + "s").lower())
                    out.append(form + "s")
    return out


@lru_cache(maxsize=1)
def get_pipeline() -> Pipeline:
    nlp = spacy.blank("en", config={"nlp": {"tokenizer": {"@tokenizers": "claim_auditor.tokenizer.v1"}}})
    nlp.add_pipe("sentencizer", config={"punct_chars": [".", "!", "?", "。"]})
    nlp.max_length = 2_000_000
    figures = Matcher(nlp.vocab)
    for label, patterns in FIGURE_PATTERNS.items():
        figures.add(label, patterns)
    phrases = PhraseMatcher(nlp.vocab, attr="LOWER")
    technique_of: dict[str, str] = {}
    for t in load_lexicon().techniques:
        label = f"TECH_{t.name}"
        technique_of[label] = t.name
        phrases.add(label, [nlp.make_doc(a) for a in _with_hyphen_variants(t.aliases)])
    return Pipeline(nlp, figures, phrases, technique_of)
