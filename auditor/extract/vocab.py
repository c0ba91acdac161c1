"""Word lists of the claim grammar (DESIGN.md, "The claim"): number words, metric terms,
direction and hedge cues, and the cues that mark a number as a decoy."""

from __future__ import annotations

import re

NUMBER_WORDS: dict[str, float] = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30,
    "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100,
}

# single words that are a multiplier on their own
MULTIPLIER_WORDS: dict[str, float] = {
    "twice": 2, "double": 2, "doubles": 2, "doubled": 2, "doubling": 2,
    "triple": 3, "triples": 3, "tripled": 3, "tripling": 3,
    "quadruple": 4, "quadruples": 4, "quadrupled": 4, "quadrupling": 4,
    "twofold": 2, "threefold": 3, "fourfold": 4, "fivefold": 5, "sixfold": 6, "eightfold": 8,
    "tenfold": 10,
}
HALVING_WORDS = {"halve", "halves", "halved", "halving"}
FRACTIONS: dict[str, float] = {"half": 50.0, "third": 33.3, "quarter": 25.0, "fifth": 20.0}

# metric -> phrases (lower case); longest phrase wins where several overlap
METRIC_TERMS: dict[str, list[str]] = {
    "ttft": ["time to first token", "time-to-first-token", "time-to-first token", "ttft", "first-token latency",
             "first token latency", "prefill latency", "prefill-phase latency", "prefill phase latency", "time to first byte", "first token",
             "initial response latency", "first response latency", "time to first response"],
    "itl": ["inter-token latency", "inter token latency", "intertoken latency", "itl", "token-to-token latency",
            "inter-token latencies", "tbt", "time between tokens", "time-between-tokens"],
    "tpot": ["time per output token", "time-per-output-token", "tpot", "per-token latency", "per token latency",
             "token generation latency", "token-generation latency", "next-token latency",
             "decode latency per token", "token latency", "ms/token", "ms per token"],
    "e2e": ["end-to-end latency", "end to end latency", "e2e latency", "e2e", "end-to-end", "request latency",
            "completion time", "job completion time", "e2el", "end-to-end time", "runtime", "run time",
            "wall-clock time", "wall clock time", "total latency", "turnaround time", "inference time",
            "overall latency", "request completion", "completion latency", "s/req", "ms/req", "s per request",
            "seconds per request", "per-request latency", "s/request", "seconds/request", "faster end to end",
            "seconds to finish", "time to finish", "time to completion",
            "slower end to end"],
    "latency": ["latency", "latencies", "response time", "response times", "faster responses", "quicker responses",
                "kernel time", "kernel times", "gemm time", "gemm times",  # (a kernel's own time: "Δ kernel time vs baseline")
                "faster replies"],
    "throughput": ["throughput", "tput", "tok/s", "tokens/s", "tokens per second", "tokens/sec", "token/s", "tokens / s",
                   "tok/sec", "tps", "req/s", "requests per second", "requests/s", "rps", "output tokens per second",
                   "generation speed", "decode speed", "decoding speed", "tokens per gpu", "tok/s/gpu",
                   "token throughput", "qps served", "requests served", "output rate", "tokens/second",
                   "output speed", "output-speed", "tokens/s/user", "tok/s/user", "tokens per second per user",
                   "end-to-end throughput", "e2e throughput", "request rate it can", "inference rate",
                   "sustainable request rate", "sustained request rate", "operations per second", "t/s",
                   "generated tokens", "generates tokens", "generating tokens", "higher request rates",
                   "higher query rates", "query rates", "queries per second",
                   "tg"],  # (llama-bench's token-generation rate, "TG +19.99%")
    "goodput": ["goodput", "effective throughput", "slo attainment"],
    "memory": ["memory footprint", "memory usage", "memory use", "memory consumption", "vram", "kv cache size",
               "kv-cache size", "kv cache memory", "kv memory", "memory", "footprint", "bytes", "gpu memory", "hbm usage",
               "ram", "ram use", "ram usage", "system ram", "ram consumption"],
    "capacity": ["capacity", "as many tokens", "many tokens", "tokens per gigabyte", "more tokens in cache", "as many requests",
                 "as many sequences", "as many users", "concurrent requests", "more requests", "more sequences", "concurrent users",
                 "more users", "batch capacity", "cache capacity", "context capacity", "larger batch",
                 "context budget", "kv capacity", "token capacity",
                 "larger batches", "bigger batch", "bigger batches", "more tokens in cache",
                 "kv cache capacity", "tokens resident", "resident", "sequences in flight",
                 "batch grow", "batches grow", "batch to grow", "batch size grow", "max tokens", "kv cache max tokens",
                 "kv cache tokens", "tokens of kv cache"],
    "cost": ["cost", "discount", "api costs", "serving costs", "reduces costs", "reduce costs", "reduced costs",
             "cuts costs", "cut costs", "lowers costs", "lower costs", "slashes costs", "inference costs", "compute costs", "gpu costs", "hosting costs",
             "operating costs", "cheaper", "price per token", "cost per token", "cost per million tokens",
             "$/token", "$/m tokens", "tco", "dollars per", "price-performance", "per dollar",
             "price performance", "price/performance", "performance per dollar", "performance/$",
             "price to performance", "price-to-performance", "charge", "charges", "charged"],
    # named performance quantities outside the list (all lower-is-better: see LOWER_OTHER_RE)
    "other": ["prefill compute", "prefill computation", "extra compute", "compute cost", "energy use",
              "energy consumption", "energy", "power draw", "power consumption",
              "performance per watt", "perf per watt", "performance/watt", "perf/watt", "energy efficiency",
              "pipeline bubbles", "bubbles", "bubble time"],
}

# words for speed without a named metric
SPEED_WORDS = {"faster", "speedup", "speed-up", "speedups", "speed-ups", "speed", "quicker", "slower", "slowdown",
               "slow-down", "accelerates", "acceleration", "accelerate", "accelerated"}

# an "other" metric that is a resource spent (compute, energy): lower is better
LOWER_OTHER_RE = re.compile(r"\b(?:compute|computation|flops|energy|power|bubbles?)\b", re.I)
# ... unless it is a rate of work per unit spent ("energy efficiency", "tokens per joule"): higher is better
EFFICIENCY_RE = re.compile(r"\b(?:efficiency|per (?:joule|watt|kwh)|/\s?(?:joule|watt|w|j)\b)", re.I)
HIGHER_IS_BETTER = {"throughput", "goodput", "capacity", "unspecified", "other"}
LOWER_IS_BETTER = {"latency", "ttft", "itl", "tpot", "e2e", "memory", "cost"}

UP_WORDS = {"higher", "more", "increase", "increases", "increased", "increasing", "raise", "raises", "raised",
            "boost", "boosts", "boosted", "improve", "improves", "improved", "improvement", "improvements",
            "gain", "gains", "gained", "up", "grow", "grows", "grew", "larger", "bigger", "greater", "rise", "rises",
            "rose", "jump", "jumps", "jumped", "lift", "lifts", "lifted", "additional", "extra", "climbs",
            "climbed", "doubles", "doubled", "triples", "tripled", "better", "adds", "added", "add", "surge",
            "surges", "inflates", "inflated", "balloons", "spike", "spikes", "increment", "uplift", "above",
            "steeper"}
DOWN_WORDS = {"lower", "less", "fewer", "reduce", "reduces", "reduced", "reducing", "reduction", "reductions",
              "cut", "cuts", "cutting", "drop", "drops", "dropped", "decrease", "decreases", "decreased",
              "shrink", "shrinks", "shrank", "smaller", "down", "fall", "falls", "fell", "saving", "savings",
              "save", "saves", "saved", "lowers", "lowered", "trims", "trimmed", "shaves", "shaved", "slashes",
              "slashed", "halves", "halved", "decline", "declines", "declined", "shorter", "lose", "loses",
              "lost", "loss", "dips", "dipped", "sheds", "compress", "compresses", "below", "shallower"}
GOOD_WORDS = {"faster", "speedup", "speed-up", "speedups", "quicker", "outperforms", "outperform", "accelerates",
              "acceleration", "better", "improvement", "improves", "improved", "improve", "improving", "gain", "gains", "gained", "wins", "win",
              "beats", "ahead", "accelerated", "cheaper"}
BAD_WORDS = {"slower", "slowdown", "slow-down", "slowdowns", "slow-downs", "regression", "regressions", "regresses", "regressed", "regress", "degrades",
             "degradation", "degraded", "worse", "penalty", "overhead", "loses", "lost", "loss", "hurts", "hit",
             "behind", "costs", "trails", "trail", "trailing", "trailed", "lags", "lag", "lagging", "slowed", "slows"}

# words before a figure that make it a change ("by 40 %", "raises ... 14.9%")
CHANGE_VERBS = UP_WORDS | DOWN_WORDS | GOOD_WORDS | BAD_WORDS

HEDGE_BEFORE: list[tuple[tuple[str, ...], str]] = [
    (("up", "to"), "up_to"), (("as", "much", "as"), "up_to"), (("as", "high", "as"), "up_to"),
    (("as", "large", "as"), "up_to"), (("peak", "of"), "up_to"), (("a", "maximum", "of"), "up_to"),
    (("at", "least"), "at_least"), (("more", "than"), "at_least"), (("over",), "at_least"),
    (("above",), "at_least"), ((">",), "at_least"), (("≥",), "at_least"), ((">=",), "at_least"),
    (("upwards", "of"), "at_least"), (("north", "of"), "at_least"), (("in", "excess", "of"), "at_least"),
    (("better", "than"), "at_least"),
    (("about",), "about"), (("around",), "about"), (("roughly",), "about"), (("approximately",), "about"),
    (("approx",), "about"), (("approx.",), "about"), (("~",), "about"), (("≈",), "about"), (("nearly",), "about"),
    (("near",), "about"),
    (("almost",), "about"), (("close", "to"), "about"), (("some",), "about"), (("circa",), "about"),
    (("ca.",), "about"), (("just", "under"), "about"), (("just", "over"), "about"), (("an", "estimated"), "about"),
    # a bound from above: "at most 15 %", "less than 1% of throughput", "<1%" ("under" is too often a preposition)
    (("at", "most"), "up_to"), (("no", "more", "than"), "up_to"), (("less", "than"), "up_to"),
    (("<",), "up_to"), (("≤",), "up_to"), (("<=",), "up_to"),
    (("on", "average"), "average"), (("average",), "average"), (("avg",), "average"), (("avg.",), "average"),
    (("mean",), "average"), (("an", "average"), "average"), (("average", "of"), "average"),
]
AVERAGE_PHRASES = ("on average", "average speedup", "mean speedup", "geomean", "geometric mean",
                   "average improvement", "on avg")

PERCENTILE_RE = re.compile(
    r"\b(p\d{2}(?:\.\d)?|p50|median|mean|average|avg|\d{2}(?:th|st|nd|rd) percentile|tail latency|tail)\b",
    re.IGNORECASE,
)

# a percent next to one of these is not a performance change
PERCENT_DECOY_TERMS = [
    "accuracy", "acceptance", "accept rate", "accepted", "hit rate", "hit rates", "hit-rate", "hit-rates", "hit ratio", "cache hit",
    "hits", "utilization", "utilisation", "util", "in use", "of requests", "of the requests", "of tokens",
    "of the tokens", "of prompts", "of traffic", "of the time", "of gpu memory", "of memory", "of the memory",
    "of hbm", "of the weights", "of parameters", "of the parameters", "mmlu", "gsm8k", "humaneval", "quality",
    "score", "perplexity", "recall", "precision", "win rate", "win-rate", "share", "probability", "confidence",
    "percentile", "sparsity", "pruned", "of baseline accuracy", "of the reference",
    "of peak", "of the peak", "of theoretical", "of the theoretical", "of the roofline", "mfu", "mbu",
    "bandwidth utilization", "occupancy", "agreement", "pass@1", "pass rate", "exact match", "of users",
    "of all", "of the batch", "of sequences", "of the sequences", "of queries", "of the queries", "of the gpu",
    "of the cache", "of cache", "of kv", "of the kv", "of the context", "of the dataset", "of the budget",
    "off", "tax", "interest", "of its", "of their", "of our", "of the total", "of total",
    "error rate", "failure rate", "success rate", "of the workload", "of workloads", "chance", "likelihood",
    "f1", "bleu", "rouge", "reuse rate", "draft acceptance", "acceptance length", "coverage",
    "memory_utilization", "gpu_memory_utilization", "of the time budget", "confidence interval", "balance ratio",
    "match rate", "match ratio",
]
# a ratio followed by one of these counts hardware or parameters, not speed
RATIO_DECOY_NEXT = re.compile(
    r"^(h100|h200|h20|h800|a100|a10g?|l40s?|l4|b200|b300|gb200|gb300|mi\d{3}x?|rtx|gpus?|nodes?|cards?|"
    r"accelerators?|v100|t4|tpu|gaudi|hgx|dgx|nvl\d*|sxm|devices?|ranks?|workers?|replicas?|instances?|"
    r"cpus?|cores?|servers?|experts?|layers?|heads?|intel|amd|nvidia|xeon|epyc|ddr\d\w*|hbm\w*|nvme|ssds?|"
    r"sockets?|dimms?|tpus?|tpuv\w*|inf\d|trn\d|lpus?|npus?|ascend|trainium\w*|inferentia\w*|apart|concurrency|seeds?|"
    r"arc|radeon|geforce|quadro|jetson|l20|l40s?|a800|h800|a30|a40|a6000|rtx\d*|trillium|v\d+[ep]|nics?)\b",
    re.IGNORECASE,
)
RATIO_DECOY_PREV = {"tp", "dp", "ep", "pp", "tensor", "parallelism", "parallel",
                    "batch", "batches", "context", "window", "vocabulary", "cluster"}  # "a batch 2.7 times larger"
# "double buffering", "double precision": a multiplier word naming a thing, not a change
WORD_RATIO_DECOY_NEXT = {"buffering", "buffered", "buffer", "buffers", "precision", "check", "checks", "checking",
                         "counting", "quotes", "digits", "digit", "click", "sided", "edged", "blind", "descent"}

NON_PERF_CONTEXT = [
    "compression ratio", "parameters", "params", "training data", "more data", "training tokens",
    "more training", "the data", "hit rate", "hit rates", "hit-rate", "hit-rates", "hit ratio", "hit ratios", "acceptance", "numerical error", "error",
    "perplexity", "accuracy", "model size", "more parameters", "larger model",
    "bigger model", "vocabulary", "acceptance length", "accepted tokens", "acceptance rate",
    "combinations", "expert combinations", "utilisation", "utilization", "bandwidth ratio", "queue depth",
]

PERCENT_DECOY_RE = re.compile(
    r"(?<![\w])(?:" + "|".join(re.escape(t) for t in sorted(PERCENT_DECOY_TERMS, key=len, reverse=True)) + r")(?![\w])")
NON_PERF_RE = re.compile(r"(?<![\w])(?:" + "|".join(re.escape(t) for t in NON_PERF_CONTEXT) + r")(?![\w])")
# "4 x 80GB", "2 x 8": a spaced x between two numbers is a product, not a ratio
# "4 x 80GB", "4 x 8xH200", "2 x TP4" / "1 x DEP8" (replicas of a parallel layout)
SPACED_X_NEXT = re.compile(r"^\d+[\w.-]*$|^(?:TP|PP|EP|DP|DEP|CP|SP)\d+$|"
                           r"^(?:GB|[ABHLTV]|MI|RTX)\d{2,4}[A-Z]?$", re.IGNORECASE)  # "8 x A40", "8 x H800": a count of chips


# Figures that describe a bundle of changes, not one technique ("stacked together, the changes ...",
# "combines A, B, C and D"): technique none, mechanism unknown.
BUNDLE_RE = re.compile(
    r"\b(?:combin(?:es|ed|ing|ation of)|together|stacked|stacking|bundled|(?:change|changes|switch|switches) at once|a bundle\b|(?:belongs?|is due|are due) to the (?:whole )?(?:bundle|stack)\b|among other (?:changes|things|optimi[sz]ations)|"
    r"the rest of (?:its|the) (?:runtime|stack|system|engine)|all (?:of )?(?:these|those|the) (?:changes|"
    r"optimi[sz]ations|techniques))\b", re.I)
GENERIC_BUNDLE_RE = re.compile(
    r"^\W*(?:together|taken together|combined|in combination)\s*,|^\W*stacking (?:the|both|these|those)\b|^\W*stacked\s*,|\b(?:change|changes) at once\b|\b(?:the|that|this) whole (?:bundle|stack|engine|system|runtime|product|package)\b|,\s*together,|\balso in place\b|\b(?:chip|hardware|GPU)[- ]plus[- ](?:format|precision|software)\b|\b(?:format|precision|chip|hardware|GPU|software) change plus (?:a |the )?(?:format|precision|chip|hardware|GPU|software) change\b|\b(?:ship|ships|shipped|land|lands|landed|arrive|arrived|came|come)\s+together\b|\bthe combined (?:strategy|stack|system|recipe)\b|\bcredit(?:s|ed|ing)?\b[^.;]{0,40}\btogether with\b|\bbundles\s+[\w/-]+(?:\s+[\w/-]+)?\s+with\b|^\W*(?:together|combined)\s+(?:these|they|those)\b|\b(?:stacked together|among other (?:changes|things|"
    r"optimi[sz]ations)|the rest of (?:its|the) (?:runtime|stack|system|engine)|all (?:of )?(?:these|those|the) "
    r"(?:changes|optimi[sz]ations|techniques)|the (?:combined )?changes)\b"
    # "the same pair of features added only 14% to output throughput"
    r"|\b(?:the same |this |that )?pair of (?:features|changes|optimi[sz]ations)\b",
    re.I)
