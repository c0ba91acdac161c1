"""Operating-point mentions: "concurrency 8", "at 64 concurrent requests", "batch size 1",
"bs=1", "BS 32", "single-stream", "one user", "at 10 QPS", "request rate 4", "offline",
"max throughput". Found by anchored regular expressions with bounded repetition (linear
time); the extractor decides which mention a claim takes and from where (sentence,
paragraph, table, section, document)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from auditor.extract.vocab import NUMBER_WORDS

_NUM = r"(\d{1,6}(?:,\d{3})*(?:\.\d+)?|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")"
_SEP = r"\s*(?:of|=|:|at|is|set to|to)?\s*"


@dataclass(frozen=True)
class OpMention:
    kind: str  # single | concurrency | batch_size | request_rate | offline
    value: float | None
    start: int
    end: int
    text: str


def _num(s: str) -> float:
    s = s.lower()
    if s in NUMBER_WORDS:
        return float(NUMBER_WORDS[s])
    if s.endswith("k"):
        return float(s[:-1].replace(",", "")) * 1000
    return float(s.replace(",", ""))


_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("concurrency", re.compile(
        r"\b(?:max(?:imum)?[ _-]|request[ _-]|client[ _-])?concurrency(?:[ _-]level)?" + _SEP + _NUM + r"\b",
        re.I)),
    ("concurrency", re.compile(
        r"\b" + _NUM + r"\s+(?:concurrent|parallel|simultaneous|in-flight|inflight|active)\s+(?:(?!per\b)[\w-]+\s+){0,3}?"
        r"(?:requests?|users?|streams?|sequences?|clients?|connections?|sessions?|queries|prompts?|conversations?|prefills?)\b",
        re.I)),
    ("concurrency", re.compile(r"\b" + _NUM + r"-way concurren(?:cy|t)\b", re.I)),
    # "Qwen3.5-FP8 on 8x B200 at 256 concurrency"
    ("concurrency", re.compile(r"\b(?:at|with|under)\s+(\d{1,6})\s+concurrency\b", re.I)),
    # "concurrency hovering around 20", "2 reqs per rank"
    ("concurrency", re.compile(r"\bconcurrency\s+(?:hovering|held|kept|fixed|sitting|pinned|steady)\s+(?:at|around|near|"
                               r"about|close to)\s+(?:~\s*)?" + _NUM + r"\b", re.I)),
    ("concurrency", re.compile(r"\b" + _NUM + r"\s+(?:reqs?|requests|sequences)\s*(?:\s+per\s+|/)\s*(?:rank|GPU|replica|worker|instance)\b"
                               r"(?!\s*(?:per|/|a)\s*(?:s\b|sec|second))", re.I)),
    ("concurrency", re.compile(
        r"\b" + _NUM + r"\s+(?:requests|sequences|queries|prompts)\s+in[- ]?flight\b", re.I)),
    ("concurrency", re.compile(r"(?<![\w/])[cC]\s*=\s*(\d{1,6})\b")),
    ("concurrency", re.compile(r"\b(?:at|around|near)\s+c(\d{1,6})\b")),  # "on 2x H100 at c32", "around c500"
    ("concurrency", re.compile(r"(?:\bat\s+|@\s*)" + _NUM + r"\s+concurrent\b(?!\s+\w+\s+(?:per|/))", re.I)),
    # "vs TRITON_ATTN, 64 concurrent" in a header, "on 8x A10G, 512 concurrent:": the noun left out
    ("concurrency", re.compile(r"(?:^|(?<=[,(|;] )|(?<=[,(|;]))" + _NUM + r"\s+concurrent(?=\s*(?:[,:;)|]|\.(?:\s|$)|$))", re.I)),
    ("concurrency", re.compile(r"\bconc\.?\s*=?\s*(\d{1,6})\b", re.I)),
    ("concurrency", re.compile(r"\b(\d{1,6})\s+(?:users|clients)\b(?!\s+(?:per|of))", re.I)),
    ("concurrency", re.compile(r"\b(\d{1,4}(?:\.\d+)?[kK])\s+(?:concurrent|parallel|simultaneous)\b")),  # "10k concurrent"
    ("batch_size", re.compile(r"\bbatch[ _-]?sizes?" + _SEP + _NUM + r"\b", re.I)),
    ("batch_size", re.compile(r"(?<![\w-])bs\s*[=:]?\s*(\d{1,6})\b", re.I)),
    ("batch_size", re.compile(r"\bbatch\s*(?:of|=|:|-)?\s*(\d{1,6})\b(?!\s*(?:requests|prompts|sequences)\s+per)", re.I)),
    ("batch_size", re.compile(r"\b" + _NUM + r"-(?:sequence|request|prompt) batch(?:es)?\b", re.I)),
    ("batch_size", re.compile(r"\bbatch(?:es)? of (?:size )?" + _NUM + r"\b", re.I)),
    ("batch_size", re.compile(r"\b" + _NUM + r"\s+(?:sequences|requests|prompts)\s+(?:per|in a|in each)\s+batch\b", re.I)),
    ("batch_size", re.compile(r"\bsingle[- ]batch\b", re.I)),
    ("request_rate", re.compile(r"\b(?:request|arrival|query)[ _-]rate" + _SEP + r"(\d+(?:\.\d+)?)\b", re.I)),
    ("request_rate", re.compile(
        r"(?:\b(?:at|under|with|of|up to|by)\s+|@\s*)(?:a\s+|the\s+same\s+)?(?:constant\s+|steady\s+|fixed\s+)?(?:load\s+of\s+)?"
        r"(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten)\s*"
        r"(?:qps|req/s|reqs/s|requests?/s(?:ec)?|requests? per second|rps|queries per second)\b", re.I)),
    # a heading or header that is only a rate ("### 0.25 requests per second")
    ("request_rate", re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(?:qps|req/s|reqs/s|requests?/s(?:ec)?|requests? per second|rps|"
                                r"queries per second)\s*$", re.I)),
    # "Load arrives as one new user per second", "4 requests per second"
    ("request_rate", re.compile(r"\b" + _NUM + r"\s+new\s+(?:users?|requests?|queries)\s+(?:per|a|each)\s+second\b",
                                re.I)),
    ("request_rate", re.compile(r"\bqps\s*[=:]?\s*(\d+(?:\.\d+)?)(?![\d.]*[xX×%])\b", re.I)),  # not "QPS: 1.4x"
    # an item of a setup list ("Llama 3 8B, 1xH100, 32 QPS"): the rate alone between commas
    ("request_rate", re.compile(r"(?:^|(?<=[,;(|] ))(\d+(?:\.\d+)?)\s*(?:qps|req/s|rps)(?=\s*(?:[,;)|]|$))", re.I)),
    ("request_rate", re.compile(r"\b(\d+(?:\.\d+)?)\s*(?:qps|rps)\s+(?:load|arrival|traffic|rate)\b", re.I)),
    # "canary load 4 req/s per replica", "Production load at the time was about 6 requests per second"
    ("request_rate", re.compile(r"\bload\b(?:\s+(?:at|the|time|was|is|were|of|about|around|roughly|approximately|~|"
                                r"held|kept|set|fixed|steady|constant|to|a|an|still|only|peak|typical|average))"
                                r"{0,6}?\s+~?(\d+(?:\.\d+)?)\s*"
                                r"(?:qps|req/s|reqs/s|requests?/s(?:ec)?|requests? per second|rps)\b", re.I)),
    # "In the 40 QPS stage": one named step of a sweep
    ("request_rate", re.compile(r"\bthe\s+(\d+(?:\.\d+)?)\s*(?:qps|rps|req/s)\s+(?:stage|step|phase|level|point|run)\b", re.I)),
    ("single", re.compile(
        r"(?<!\bno )(?<!\bnot a )(?<!\babove the )(?<!\bbeyond the )(?<!\bbeyond a )(?<!\bthan a )"
        r"(?<!\bthan the )\bsingle[- ](?:request|stream|user|sequence|query|prompt|client)s?\b"
        r"(?![- ](?:rate|rates|size|length|type)\b)|\bsingle[- ]streamed\b", re.I)),
    ("single", re.compile(
        r"\b(?:one|1)\s+(?:request|user|stream|sequence|query|client|prompt(?=\s+(?:at\s+a\s+time|in\s+flight)))(?:\s+at\s+a\s+time)?\b"
        r"(?!\s*(?:per|/))(?![- ](?:rate|rates|size|length|lengths|type|class)\b)"
        # ("One user compared --kv-cache-dtype fp8 with auto", "one user reported a regression": a person, not a load)
        r"(?!\s+(?:compared|reported|reports|measured|found|saw|sees|noted|notes|posted|ran|benchmarked|tested|"
        r"observed|complained|wrote|says|said|asked)\b)", re.I)),
    # "one at a time" of requests, not of knobs ("varied request rate, prompt length and precision one at a time")
    ("single", re.compile(r"\bunbatched\b|\bbatch[- ]one\b|\bno batching\b|"
                          r"\b(?:requests?|prompts?|queries|users?|sequences?|served|sent|issued|processed)\b(?:\s+\w+){0,2}?"
                          r"\s+one at a time\b|^\W*one at a time\b|"
                          r"\bsequential(?:ly)? (?:requests|one by one)\b|\bidle (?:GPU|server|system)\b", re.I)),
    ("offline", re.compile(
        r"\boffline(?:[ -](?:batch|inference|mode|throughput|scenario|benchmark|runs?|setting|processing))?\b|"
        r"\bmax(?:imum)?[ -]throughput\b|(?<!compute-)(?<!below )(?<!before )(?<!not )(?<!never )(?<!until )\bsaturat(?:ion|ed|ing)\b(?![\s-]+(?:point|limit|threshold))|"
        r"\bfully[ -]loaded\b|(?<!for )\bpeak[ -]load\b|"
        r"\bpeak throughput\b|\b(?:highest|max(?:imum)?|peak) (?:achievable |attainable |sustainable )?"
        r"(?:serving |output |token |request |system |offline |generation |decod(?:e|ing) |inference )?throughput\b|\bthroughput (?:benchmark|mode|scenario|test)\b|"
        r"\bbenchmark_throughput\b|\b(?:request[ _-]rate|qps|rate)\s*(?:=|of|:|set to|at)?\s*inf(?:inity|inite)?\b|"
        r"\binfinite (?:request |arrival )?rate\b|\ball (?:(?:requests|prompts) (?:sent |submitted |issued )?|sent |submitted |issued )at once\b|"
        r"\b(?:submit\w*|sends?|sent|issu\w+)\b(?:(?!\.\s)[^;]){0,100}?\bin one go\b|"
        r"\b(?:at|under) (?:the )?(?:max(?:imum)?|full) load\b|\bno rate limit\b|"
        r"\bbatch (?:inference|jobs?|processing) mode\b|"
        r"\b(?:at|with|using|runs? use)\s+(?:the\s+)?(?:max(?:imum)?|largest|biggest)(?: possible)? batch(?:es)?"
        r"(?:[ _-]sizes?)?\b(?!\s*(?:of|=|:)?\s*\d)", re.I)),
]

# "concurrency 1" reads as concurrency 1 (its own kind); only word forms are `single`.


# For each pattern above, literals (lower case) at least one of which it cannot match without.
_NEEDS: list[tuple[str, ...]] = [
    ("concurrency",),
    ("concurrent", "parallel", "simultaneous", "flight", "active"),
    ("-way",),
    ("concurrency",),
    ("concurrency",),
    ("per", "/"),
    ("flight",),
    ("c=", "c ="),
    ("at c", "around c", "near c"),
    ("concurrent",),
    ("concurrent",),
    ("conc",),
    ("users", "clients"),
    ("concurrent", "parallel", "simultaneous"),
    ("batch",), ("bs",), ("batch",), ("batch",), ("batch",), ("batch",), ("single",),
    ("rate",),
    ("qps", "req", "rps", "quer"),
    ("qps", "req", "rps", "quer"),
    ("second",),
    ("qps",),
    ("qps", "req", "rps"),
    ("qps", "rps"),
    ("load",),
    ("qps", "rps", "req"),
    ("single",),
    ("one", "1"),
    ("unbatched", "batch", "no batching", "at a time", "sequential", "idle"),
    ("offline", "throughput", "saturat", "loaded", "peak", "inf", "at once", "batch", "load", "rate limit", "one go"),
]
if len(_NEEDS) != len(_PATTERNS):  # keep the two lists in step
    raise RuntimeError(f"oppoint: {len(_PATTERNS)} patterns but {len(_NEEDS)} literal sets")

# Every pattern above needs one of these words: text without any skips all of them.
_OP_HINT = re.compile(
    r"concurren|parallel|simultaneous|in[- ]?flight|active|(?<![\w/])c\s*=|conc|users|clients|batch|"
    r"(?<![\w-])bs|rate|qps|req|rps|quer|single|\bone\b|\b1\s+(?:request|user|stream|sequence|query|client)|"
    r"unbatched|at a time|sequential|idle|offline|throughput|saturat|fully|peak|infinit|at once|load|one go|"
    r"per (?:rank|gpu|replica|worker|instance)|\b(?:at|around|near)\s+c\d",
    re.I,
)


# "computes each chunk's KV once, offline or on first use": when a step runs, not how the benchmark ran
_OFFLINE_OR_LATER = re.compile(r"\s+or\s+(?:on\b|online|at\s+(?:query|request|run)|lazily|on-demand|just[- ]in[- ]time)")
_OFFLINE_BEFORE = re.compile(r"(?:\b(?:an|the|its|their|our|in|is|are|was|were|run|runs|ran|measured|benchmarked|mode|from|"
                             r"for|with|using|on|of|scenario|fully|purely|both|all|as|throughput|mlperf(?: v?\d+(?:\.\d+)?)?)|[,(:;/.]|^|"
                             r"['\u2019]s|\b\d+(?:\.\d+)?b)\s*$")  # "LMDeploy's offline runs", "Llama 2 70B Offline" (MLPerf)


_BEYOND_BEFORE = re.compile(r"\b(?:above|beyond|past)\s+(?:a\s+|the\s+)?$")
_CAP_BEFORE = re.compile(r"(?:max(?:imum)?|up to|at most)[\s_-]*$")
_RATE_COMPARED = re.compile(r"\s*(?:vs\.?|versus|against|compared (?:with|to))\s+[~≈]?\d")


_LOADED = (r"(?:(?:at\s+|under\s+)?(?:high|heavy|full)[- ]?(?:concurrency|load|qps)|loaded|batched|under load|"
           r"multi[- ]?(?:stream|user|request)|high[- ]batch|large[- ]batch|at scale)")
_BOTH_LOADS_AFTER = re.compile(r"(?:[- ](?:request|stream|user|decode|decoding))?(?:\s+(?:runs?|cases?|settings?))?"
                               r"\s*(?:,|and|or|/|as well as|&)\s*" + _LOADED + r"\b")
_BOTH_LOADS_BEFORE = re.compile(_LOADED + r"\s*(?:,|and|or|/|&)\s*$")
# "None of these is a single-request number", "inside a serving engine rather than one request at a time"
_DENIED_BEFORE = re.compile(r"(?:\bnone of (?:these|those|them|the \w+) (?:is|are|was|were)|\brather than|\binstead of)"
                            r"(?:\s+(?:a|an|the|with|at|on))?\s*$|"
                            r"\bif (?:your|you|the|a|our) (?:\w+ )?(?:is|are|has|have|run|runs|serve|serves)(?:\s+(?:a|an|at|on))?\s*$")
# ("if your workload is one user on a 4090, the 7.73x is not your number": a condition, not the run's load)


_OTHER_GAINS_BEFORE = re.compile(r"\b(?:smaller|larger|bigger|lesser|less|more|modest|no|little)\s+(?:gains?|speed-?ups?|"
                                 r"benefits?|advantages?|improvements?|wins?)\s*$")


def find_ops(text: str) -> list[OpMention]:
    """All operating-point mentions in `text`, left to right, overlaps resolved longest-first."""
    if not _OP_HINT.search(text):
        return []
    lower = text.lower()
    found: list[OpMention] = []
    for (kind, pat), needs in zip(_PATTERNS, _NEEDS):
        if needs and not any(n in lower for n in needs):
            continue  # a literal this pattern cannot match without is absent
        for m in pat.finditer(text):
            value: float | None
            if kind == "single" or (kind == "batch_size" and m.lastindex is None):
                value = 1.0  # word forms: "single request", "single-batch"
            elif kind == "offline":
                value = None
            else:
                try:
                    value = _num(m.group(1))
                except ValueError:
                    continue
                if value <= 0:
                    continue
            found.append(OpMention(kind, value, m.start(), m.end(), m.group(0)))
    # a bare "offline" is a scenario after "an/the/in/ran/is ..." ("an offline run", "in the offline
    # scenario"), not an adverb of some other step ("assigns each head a pattern offline")
    found = [o for o in found if not (o.kind == "offline" and o.text.lower() == "offline"
                                      and (not _OFFLINE_BEFORE.search(lower, max(0, o.start - 24), o.start)
                                           or _OFFLINE_OR_LATER.match(lower, o.end)))]
    # "served Llama-3.1-70B at 9.55 req/s vs 6.52 for the BF16 model": a rate compared is the result, not the load
    found = [o for o in found if not (o.kind == "request_rate" and _RATE_COMPARED.match(lower, o.end))]
    found.sort(key=lambda o: (o.start, -(o.end - o.start)))
    # "what happens above batch size one", "beyond 64 concurrent users": past the load named, not at it
    found = [o for o in found if not (o.kind in ("batch_size", "concurrency", "single")
                                      and _BEYOND_BEFORE.search(lower, max(0, o.start - 12), o.start))]
    # "in every single-stream and high-concurrency scenario", "single stream and loaded": both ends of the
    # load range at once, no one operating point; "one request's attention": whose, not how many in flight
    found = [o for o in found if not (o.kind == "single" and (
        _BOTH_LOADS_AFTER.match(lower, o.end) or _BOTH_LOADS_BEFORE.search(lower, max(0, o.start - 30), o.start)
        or lower.startswith(("'s", "\u2019s"), o.end)
        or _DENIED_BEFORE.search(lower, max(0, o.start - 40), o.start)))]
    # "offline profiling (max batch 256, 10k prompts)": a batch cap is a setting of the offline run
    if any(o.kind == "offline" for o in found):
        found = [o for o in found if not (o.kind == "batch_size" and _CAP_BEFORE.search(lower, max(0, o.start - 12), o.start))]
    # "saturated at 100 concurrent requests": the load named is the op, the saturation its description
    found = [o for o in found if not (o.kind == "offline" and o.text.lower().startswith("saturat") and any(
        p.kind in ("concurrency", "batch_size", "request_rate") and 0 <= p.start - o.end <= 5 for p in found))]
    # "up to 2.8x, with smaller gains at the largest batch sizes": where other, smaller figures fall, not this one's op
    found = [o for o in found if not _OTHER_GAINS_BEFORE.search(lower, max(0, o.start - 30), o.start)]
    # "close to 4x up to batch 16-32", "for batch sizes of 16-32": a range of loads swept, no one operating point
    found = [o for o in found if not (o.kind in ("batch_size", "concurrency") and _RANGE_AFTER.match(lower, o.end)) and not (
        o.kind == "batch_size" and _UP_TO_BEFORE.search(lower, max(0, o.start - 10), o.start))]
    out: list[OpMention] = []
    for o in found:
        if out and o.start < out[-1].end:
            continue
        out.append(o)
    return out


_RANGE_AFTER = re.compile(r"\s?[-–]\s?\d")
_UP_TO_BEFORE = re.compile(r"\bup to\s+$")


# Words that make a statement cover a whole section or the whole document.
SCOPE_RE = re.compile(
    # ("all", "every", "each" of the results, not "a single request gets all eight GPUs")
    # ("nearly every number you see is quoted at bs=1": a remark about figures elsewhere, not a scope)
    r"\b(?:(?:(?<!\bat )(?<!nearly )(?<!almost )(?<!virtually )all(?!\s+(?:of\s+)?(?:this|that|which|it)\b)|"
    r"(?<!nearly )(?<!almost )(?<!virtually )every|each)(?!\s+(?:of\s+)?(?:the\s+)?(?:\w+\s+){0,2}(?:GPUs?|cards?|nodes?|ranks?|layers?|experts?|prompts?\s+(?:submitted|sent|issued)|"
    r"heads?|cores?|devices?|chips?|sockets?|replicas?|tokens?|steps?|kernels?)\b)|"
    r"both (?:reports|runs|measurements|benchmarks|tests|setups)|everything (?:in|on|below|here)\b|"
    r"unless (?:otherwise )?(?:noted|stated|specified|mentioned)|throughout|"
    r"below(?!\s*[~≈<]?\s*\d)|following|these|this (?:section|table|post|document|report|paper|article|page|benchmark|review|memo|"
    r"note|doc|write-?up|comparison|study)|in this (?:section|post|document|report|paper|article)|"
    r"(?:numbers|figures|results) (?:come|came) from|(?:figure|number|result) (?:comes|came) from|"
    r"only (?:used|taken|applies|apply|enabled|active|kicks in)\b|the (?:harness|load generator|benchmark client)|(?:numbers|figures|results|timings|measurements) "
    r"(?:here |below |above )?(?:are|were) (?:the ones|those|all|from)\b|we (?:ran|run|measure|measured|benchmark(?:ed)?|"
    r"report|used|use)|were (?:measured|collected|taken|run|recorded|obtained)|are (?:measured|reported|taken)|"
    r"measured (?=(?:the |its |their )?(?:throughput|latency|ttft|tpot|itl|goodput)\b))\b",
    re.I,
)
DOC_SCOPE_RE = re.compile(
    r"\b(?:this (?:post|document|report|paper|article|page|doc|writeup|write-up|note|memo)|throughout|"
    r"all (?:results|numbers|figures|measurements|benchmarks|experiments|runs|tests)|unless (?:otherwise )?"
    r"(?:noted|stated|specified|mentioned))\b",
    re.I,
)

# table headers that name an operating-point kind
HEADER_KIND: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\b(?:batch(?:[ _-]?size)?|bs)\b", re.I), "batch_size"),
    (re.compile(r"\b(?:concurrency|concurrent|users|clients|streams|parallel requests|in-flight)\b", re.I),
     "concurrency"),
    (re.compile(r"\b(?:qps|rps|req/s|request[ _-]rate|requests? per second|arrival rate|rate)\b", re.I),
     "request_rate"),
]


def header_kind(header: str) -> str | None:
    for pat, kind in HEADER_KIND:
        if pat.search(header):
            return kind
    return None


_CELL_NUM = re.compile(r"^\s*(?:[a-z =:]*?)\s*(\d{1,6}(?:,\d{3})*(?:\.\d+)?)\s*(?:qps|req/s|rps|users?)?\s*$", re.I)


def cell_number(cell: str) -> float | None:
    m = _CELL_NUM.match(cell or "")
    if not m:
        return None
    return float(m.group(1).replace(",", ""))
