"""Discourse scope: what a statement covers (one metric, the whole document, a table), what an
elliptical figure measures, and when a figure describes a bundle rather than one technique."""

from __future__ import annotations

from auditor.classify import classify
from auditor.extract import extract
from auditor.ingest import parse_string


def claims(text: str, kind: str = "markdown"):
    doc = parse_string(text, "t.md", kind)
    return {c.text: c for c in classify(extract(doc), doc)}


def test_a_scope_statement_may_limit_an_op_to_one_metric() -> None:
    cs = claims(
        "# Review\n\nThroughput figures in this review come from runs with 8 concurrent clients; "
        "ITL figures come from single-stream sweeps.\n\n## FP8 KV\n\n"
        "It raises output throughput by 2.6 %.\n\nThe ITL slope is 20 % shallower.\n\nDecoding is 3x faster.\n")
    assert (cs["2.6 %"].op_kind, cs["2.6 %"].op_value, cs["2.6 %"].op_source) == ("concurrency", 8, "document")
    assert (cs["20 %"].op_kind, cs["20 %"].op_value) == ("single", 1)
    assert cs["3x"].op_kind == "unstated"  # no metric named: neither statement covers it


def test_a_batch_cap_inside_an_offline_statement_stays_offline() -> None:
    cs = claims("# KV\n\n## Runs\n\nAll numbers in this section are offline runs (maximum batch 256).\n\n"
                "| Model | KV INT8 vs FP16 |\n|---|---|\n| llama2-7b | 1.27x |\n")
    assert cs["1.27x"].op_kind == "offline" and cs["1.27x"].op_value is None


def test_document_wide_statement_in_a_section_beats_the_title_op() -> None:
    cs = claims("# Where the single-stream speed came from\n\n## Setup\n\n"
                "Every number in this post was measured for a single prompt at batch size 1.\n\n"
                "## Steps\n\ntorch.compile is worth ~4x on its own.\n")
    assert (cs["4x"].op_kind, cs["4x"].op_value, cs["4x"].op_source) == ("batch_size", 1, "document")


def test_elliptical_figure_takes_the_metric_named_just_before() -> None:
    cs = claims("QServe compares the maximum achievable serving throughput against TensorRT-LLM. "
                "For Llama-3-8B it reports 1.2x on A100.\n")
    assert cs["1.2x"].metric == "throughput" and cs["1.2x"].op_kind == "offline"
    # a speed word in the figure's own sentence keeps it unspecified
    cs = claims("TTFT matters most. EAGLE makes decoding 2.5x faster.\n")
    assert cs["2.5x"].metric == "unspecified"


def test_list_items_take_the_metric_of_their_lead_in() -> None:
    cs = claims("Their examples, time to first token in practice:\n\n- 100K-token book: 11.5s → 2.4s\n")
    assert cs["11.5s → 2.4"].metric == "ttft" and cs["11.5s → 2.4"].direction == "better"


def test_stated_metric_for_the_document_and_for_table_cells() -> None:
    cs = claims("# INT8 on a T4\n\nThe metric throughout is decode speed: generated tokens per second.\n\n"
                "## Runs\n\nLLM.int8 is 2.3x slower than FP16.\n")
    assert cs["2.3x"].metric == "throughput" and cs["2.3x"].direction == "worse"
    cs = claims("# MagicDec\n\nEach cell is end-to-end decode time without speculation divided by time with it.\n\n"
                "| Draft | Speedup |\n|---|---|\n| self-spec | 1.65x |\n\nSelf-speculation gives 1.23x at batch 32.\n")
    assert cs["1.65x"].metric == "e2e"
    assert cs["1.23x"].metric == "unspecified"  # the statement covers the table's cells only


def test_latency_as_a_label_is_not_the_metric() -> None:
    cs = claims("In the min-latency work, decoding ran 7.22x faster once graphs were enabled.\n")
    assert cs["7.22x"].metric == "unspecified"


def test_bundles_settings_and_set_aside_alternatives_name_no_technique() -> None:
    cs = claims("Stacked together, the changes take generation to 244.7 tok/s, roughly tenfold the eager baseline. "
                "Tensor parallelism is covered as well.\n")
    assert cs["tenfold"].technique is None
    cs = claims("# Notes\n\nAgainst the baseline it yields 3x higher throughput, on H100s with tensor parallelism 8.\n")
    assert cs["3x"].technique is None
    cs = claims("# Notes\n\nPipeline parallelism in place of tensor parallelism adds 1.5x throughput.\n")
    assert cs["1.5x"].technique is None
    cs = claims("FlashAttention-3 is 1.5-2.0x faster than FlashAttention-2 in FP16.\n")
    assert cs["1.5-2.0x"].technique == "attention-kernel"  # a newer one of the same kind


def test_fp8_under_a_kv_cache_section_is_the_cache_format() -> None:
    cs = claims("# Flags\n\n## `--kv-cache-dtype fp8`\n\n"
                "The ITL slope is 20 % shallower with every layer in FP8 than in BF16.\n")
    assert cs["20 %"].technique == "kv-cache-quantization" and cs["20 %"].mechanism == "residency"


def test_a_speed_word_after_the_figure_keeps_the_metric_unnamed() -> None:
    cs = claims("It runs 2.6-3.5x faster when the model is offloaded to host memory.\n")
    assert cs["2.6-3.5x"].metric == "unspecified"


def test_a_smaller_cache_is_a_memory_claim_and_works_by_residency() -> None:
    cs = claims("Three choices make the cache more than 20X smaller:\n\n- KV shared across layers, worth another "
                "2-3x reduction.\n")
    assert cs["20X"].metric == "memory" and cs["20X"].mechanism == "residency"
    assert cs["2-3x"].metric == "memory"


def test_a_bundle_has_no_single_mechanism() -> None:
    cs = claims("# Notes\n\nTogether, the overlap scheduler and MTP raise output per rank from 51.0 to 82.0 tokens/s.\n")
    assert cs["51.0 to 82.0"].technique is None and cs["51.0 to 82.0"].mechanism == "unknown"


def test_table_metric_from_a_metric_column_a_caption_and_sibling_headers() -> None:
    cs = claims("| System | Metric | Gain |\n|---|---|---|\n| CacheBlend | time to first token | 2.2-3.3x |\n"
                "| CacheBlend | throughput | 2.8-5x |\n")
    assert cs["2.2-3.3x"].metric == "ttft" and cs["2.8-5x"].metric == "throughput"
    cs = claims("The column is mean end-to-end latency of the baseline divided by that of MTP.\n\n"
                "| Max concurrency | Baseline / MTP latency |\n|---|---|\n| 1 | 2.11x |\n")
    assert cs["2.11x"].metric == "e2e" and cs["2.11x"].op_kind == "concurrency"
    html = ("<html><body><h1>Medusa</h1><table><caption>Tokens per second per user with Medusa, and the gain"
            "</caption><tr><th>Model</th><th>Gain</th></tr><tr><td>405B</td><td>1.9x</td></tr></table></body></html>")
    cs = claims(html, kind="html")
    assert cs["1.9x"].metric == "throughput"


def test_sentence_ends_after_a_model_size() -> None:
    cs = claims("QServe is 1.4x on L40S and 3.5x on Qwen1.5-72B. It translates into a 3x lower dollar cost.\n")
    assert cs["3.5x"].metric != "cost" and cs["3x"].metric == "cost"


def test_directions_users_write() -> None:
    cs = claims("At batch size 64 the INT4 engine still trails by 17 %.\n")
    assert cs["17 %"].direction == "worse"
    cs = claims("At saturation the same setups are 1.4x and 1.8x slower.\n")
    assert cs["1.4x"].direction == "worse" and cs["1.8x"].direction == "worse"
    cs = claims("With the backbone frozen the speedup is over 2.2x without any loss in quality.\n")
    assert cs["2.2x"].direction == "better"
    cs = claims("Clusters reach up to 1.4x higher throughput at 20% lower cost.\n")
    assert (cs["20%"].metric, cs["20%"].direction) == ("cost", "better")


def test_figure_forms_found_in_a_fresh_sample() -> None:
    cs = claims("The adaptive draft gives about 2.7x (from roughly 101 to 269 tokens per second).\n")
    assert cs["101 to 269"].unit == "abs" and cs["101 to 269"].value == 2.663
    cs = claims("Under load with no CPU hits it runs 6% slower than without offloading.\n")
    assert cs["6%"].direction == "worse"
    cs = claims("Speedup ratios reach 3.05x-4.26x, which the authors put at 20%-40% above EAGLE-1.\n")
    assert (cs["20%-40%"].low, cs["20%-40%"].value, cs["20%-40%"].hedge) == (20, 40, "range")
    cs = claims("The authors report speedups of up to 1.56x with negligible accuracy loss, and memory use drops by 2x.\n")
    assert (cs["1.56x"].metric, cs["1.56x"].direction) == ("unspecified", "better") and cs["2x"].metric == "memory"
    cs = claims("Llama-2-7B, batch size 1: request latency 1.2 s -> 1.05 s.\n")
    c = next(iter(cs.values()))
    assert (c.unit, c.value, c.metric, c.direction) == ("abs", 0.875, "e2e", "better")
    assert claims("It reaches 70% acceptance and a 2x higher acceptance rate.\n") == {}


def test_cues_in_another_clause_and_costs_as_a_noun() -> None:
    cs = claims("Throughput rises by up to 9x as the CPU hit rate goes from 0 to 100%.\n")
    assert cs["9x"].direction == "better"
    cs = claims("The company describes it as cutting API costs by up to 90%.\n")
    assert (cs["90%"].metric, cs["90%"].direction) == ("cost", "better")
    cs = claims("# Decode speed\n\nThe metric throughout is decode speed in tokens per second.\n\n## H100\n\n"
                "At a batch of 32, INT8 lands 48 % under BF16.\n")
    assert (cs["48 %"].direction, cs["48 %"].op_value) == ("worse", 32)
    assert claims("Keep p50 TPOT under 35 ms and availability 99.9 %.\n") == {}


def test_setup_section_statement_covers_the_sections_below() -> None:
    cs = claims("# Xeon\n\n## Setup\n\nEvery run below serves one request at a time.\n\n## Results\n\n"
                "| Model | Speedup TTFT |\n|---|---|\n| R1 | 13.0x |\n")
    assert (cs["13.0x"].op_kind, cs["13.0x"].op_source, cs["13.0x"].metric) == ("single", "document", "ttft")


def test_metric_limited_ops_in_one_sentence_and_max_batch() -> None:
    cs = claims("# Notes\n\n- Latency is measured at batch size 1 and throughput at the largest batch size each "
                "system supports. Against the best other system, latency is up to 2x lower and throughput up to "
                "2.5x higher.\n")
    assert (cs["2x"].op_kind, cs["2x"].op_value) == ("batch_size", 1)
    assert cs["2.5x"].op_kind == "offline"
    cs = claims("It gave ~2x lower latency at batch size 1 and 2.5X throughput at max batch. Others saw >2x.\n")
    assert cs["2.5X"].op_kind == "offline" and cs["2x"].op_kind == "unstated"


def test_gpu_counts_do_not_make_a_scope_statement_a_claim() -> None:
    cs = claims("numbers from the MI300X post, 8x MI300X, FP16, all at 32 QPS:\n\nLlama 405B: +50% tok/s\n", kind="text")
    assert (cs["50%"].op_kind, cs["50%"].op_value) == ("request_rate", 32)


def test_word_multipliers_that_name_things_are_not_claims() -> None:
    assert claims("Flat-GEMM kernels with double buffering run well.\n") == {}
    cs = claims("A load-once-pack-twice layout is about 1.9x faster.\n")
    assert list(cs) == ["1.9x"]
    assert claims("Accuracy: perplexity 9.51 against 9.43 (0.86% worse); GSM8K 96.7% of BF16.\n") == {}


def test_line_lists_ranges_of_ratios_and_named_metrics() -> None:
    cs = claims("FP8 on H100 (batch of 32):\n+33% tok/s\nTTFT -8.5%\ncost per 1M tokens -24%\nQuality within noise.\n",
                kind="text")
    assert {k: (c.metric, c.direction, c.op_value) for k, c in cs.items()} == {
        "33%": ("throughput", "better", 32), "8.5%": ("ttft", "better", 32), "24%": ("cost", "better", 32)}
    # wrapped prose is not a line list
    cs = claims("The gain is large where the FP16 cache limits how many\nrequests run at once, and close to\n"
                "nothing elsewhere; INT8 KV gives 1.27x at batch\nsize 64 on llama2.\n", kind="text")
    assert cs["1.27x"].op_value == 64
    c = claims("Across input lengths the gain ranged from 2.5x to 3.4x.\n")["2.5x to 3.4x"]
    assert (c.unit, c.low, c.value, c.hedge) == ("x", 2.5, 3.4, "range")
    assert claims("It matched per-tensor FP8 throughput (1.01x) with better accuracy.\n")["1.01x"].metric == "throughput"


def test_comparisons_of_systems_carry_to_the_next_sentence() -> None:
    cs = claims("# GB200\n\nSGLang used PD disaggregation and simulated MTP. Decode throughput reached 7,583 tokens "
                "per second per GPU, 2.7x the H100 result. Across input lengths the gain ranged from 2.5x to 3.4x.\n")
    assert cs["2.7x"].technique is None and cs["2.5x to 3.4x"].technique is None
    cs = claims("# Flags\n\nThe TTFT gap on 405B is ~3.8x, and the tuned flags: chunked prefill OFF, 512 seqs.\n")
    assert cs["3.8x"].technique is None
    cs = claims("| Phase | Result per node | vs TP16 |\n|---|---|---|\n| Decode | 22,282 tok/s | 5.2x |\n")
    assert cs["5.2x"].metric == "throughput"


def test_hedges_shared_by_listed_figures_and_captions() -> None:
    cs = claims("Per-token latency is up to 4x lower on CPU, 7x lower on Metal and 20x lower on an NVIDIA GPU.\n")
    assert [cs[k].hedge for k in ("4x", "7x", "20x")] == ["up_to"] * 3
    cs = claims("It gave ~2x lower latency at batch size 1 and 2.5X throughput at max batch.\n")
    assert cs["2.5X"].hedge == "none"
    html = ("<html><body><h1>Long context</h1><table><caption>Every cell is an \"up to\" value</caption><tr><th>Method"
            "</th><th>Latency gain</th></tr><tr><td>Quest</td><td>2.23x lower end-to-end latency</td></tr></table>"
            "</body></html>")
    assert claims(html, kind="html")["2.23x"].hedge == "up_to"


def test_negated_and_mixed_statements_set_no_operating_point() -> None:
    cs = claims("# Notes\n\nNo single request rate or concurrency is given for these figures.\n\n"
                "It is 3.4x faster.\n\nThe rows mix a single-stream run with a loaded one; each row is a maximum.\n")
    assert cs["3.4x"].op_kind == "unstated"


def test_baselines_without_a_technique_and_rivals_of_the_same_kind() -> None:
    cs = claims("# Arctic\n\n- Against vLLM without speculation: 4x faster task completion for agents.\n")
    assert cs["4x"].technique == "speculative-decoding"
    cs = claims("# Arctic\n\nArctic pairs small draft models with suffix decoding. Against the n-gram and EAGLE "
                "speculators that ship with vLLM it reports up to 1.8x.\n")
    assert cs["1.8x"].technique == "speculative-decoding"
    cs = claims("# vAttention\n\nvAttention improves serving throughput by up to 1.22x against the PagedAttention-based "
                "kernels of FlashAttention.\n")
    assert cs["1.22x"].technique is None


def test_finer_metric_names_and_resources_spent() -> None:
    cs = claims("Across those runs it shows up to 2.92x lower overall latency and up to 4.35x lower initial "
                "response latency than TGI.\n")
    assert (cs["2.92x"].metric, cs["4.35x"].metric) == ("e2e", "ttft")
    assert claims("FastGen delivers 2.3x higher effective throughput.\n")["2.3x"].metric == "goodput"
    c = claims("Their prefill compute drops by up to 50%.\n")["50%"]
    assert (c.metric, c.direction) == ("other", "better")
    c = claims("Re-tokenizing costs about 4% extra compute.\n")["4%"]
    assert (c.metric, c.direction) == ("other", "worse")


def test_load_columns_and_offline_as_an_adverb() -> None:
    cs = claims("| Workload | Load | Faster GPU | Margin |\n|---|---|---|---|\n| MoE decode | concurrency 1 | H200 | 2.72x |\n"
                "| Dense 8B | single stream | tie | 1.02x |\n")
    assert (cs["2.72x"].op_kind, cs["2.72x"].op_value, cs["1.02x"].op_kind) == ("concurrency", 1, "single")
    cs = claims("# Notes\n\nMInference assigns each head one of three sparse patterns offline. It cuts prefill "
                "latency by up to 10x.\n")
    assert cs["10x"].op_kind == "unstated"
    cs = claims("# MLPerf\n\n## Entries\n\nAMD ran Llama 2 70B in the offline scenario, where every sample is issued "
                "at once.\n\n## NVIDIA\n\nIn the interactive scenario B200 delivered roughly three times the "
                "throughput of H200.\n")
    assert cs["three times"].op_kind == "unstated"


def test_training_figures_and_node_counts_are_not_inference_claims() -> None:
    assert claims("Training: up to 2x the performance per dollar of v4.\n") == {}
    assert claims("Nodes: 4 x 8xH200 (141 GB each), 2 x 8xMI300X.\n") == {}
    cs = claims("With the backbone frozen the speedup is over 2.2x; training the heads with the backbone raises "
                "it to 2.3-3.6x.\n")
    assert set(cs) == {"2.2x", "2.3-3.6x"}


def test_a_technique_in_the_baseline_slot_is_not_what_the_figure_measures() -> None:
    cs = claims("# Notes\n\nLoongServe adjusts its parallelism per iteration. It improves throughput by up to 3.85x over "
                "chunked prefill.\n\nCompared with Orca, the new scheduler improves job completion time by up "
                "to 5.1x.\n\nEAGLE-3 decodes 2.1x faster than FlashAttention-2 alone.\n\n"
                "Decoding is 1.4x faster than FP16 with FP8 quantization.\n")
    assert cs["3.85x"].technique is None and cs["5.1x"].technique is None
    assert cs["2.1x"].technique == "speculative-decoding"  # the subject names its own technique
    assert cs["1.4x"].technique == "fp8-quantization"  # "with FP8" opens a phrase after the baseline
    cs = claims("## Arctic Speculator\n\n- Up to 1.8x faster than the n-gram and EAGLE speculators built into vLLM.\n")
    assert cs["1.8x"].technique == "speculative-decoding"  # a rival of the section's own kind


def test_what_both_sides_run_and_a_precision_column_are_settings() -> None:
    cs = claims("# Notes\n\nThe two systems were compared at equal interactivity, both running TensorRT-LLM with MTP and "
                "disaggregated prefill/decode. GB200 NVL72 delivered up to 4.39x the throughput per GPU of B200.\n")
    assert cs["4.39x"].technique is None
    cs = claims("SGLang against llama.cpp on Xeon, one request at a time.\n\n"
                "| Model | Data type | Speedup TPOT |\n|---|---|---|\n| DeepSeek-R1 | INT8 | 2.5x |\n"
                "| DeepSeek-R1 | FP8 | 2.2x |\n")
    assert cs["2.2x"].technique is None
    cs = claims("FP8 against the BF16 checkpoint, one request at a time.\n\n"
                "| Model | Precision | Speedup vs BF16 |\n|---|---|---|\n| Llama-3.1-70B | FP8 | 1.4x |\n")
    assert cs["1.4x"].technique == "fp8-quantization"
    cs = claims("# Decode\n\nIn the simulated-MTP setting, throughput went from 12,929 to 17,552 tokens per second.\n")
    assert cs["12,929 to 17,552"].technique is None
    cs = claims("# Notes\n\nEach rank keeps its own KV cache instead of replicating it across tensor-parallel ranks, so "
                "larger decode batches fit: up to 1.9x decoding throughput.\n")
    assert cs["1.9x"].technique is None and cs["1.9x"].mechanism == "residency"


def test_one_sequence_length_is_not_a_single_stream() -> None:
    cs = claims("The 4.39x is a peak picked at one sequence length.\n")
    assert cs["4.39x"].op_kind == "unstated"


def test_a_substrate_and_what_the_baseline_already_runs_are_not_the_change() -> None:
    cs = claims("# Long context\n\nQuest loads only the top-scoring KV pages. Its kernels build on FlashInfer. "
                "The paper reports up to 7.03x faster self-attention.\n")
    assert cs["7.03x"].technique is None
    cs = claims("# Thread\n\nAcross input lengths it's 2.5-3.4x. The H100 baseline even had simulated MTP turned on.\n")
    assert cs["2.5-3.4x"].technique is None
    cs = claims("# Notes\n\nWith the FlashInfer backend, decoding is 1.3x faster.\n")
    assert cs["1.3x"].technique == "attention-kernel"  # a backend switched to is still the change


def test_a_smaller_kv_cache_is_a_memory_figure() -> None:
    cs = claims("# MLA\n\nMeasured against the dense 67B, the new model reduces the KV cache by 93.3%.\n")
    assert (cs["93.3%"].metric, cs["93.3%"].direction, cs["93.3%"].mechanism) == ("memory", "better", "residency")
    cs = claims("# Throughput\n\n| Quantity | V2 vs 67B |\n|---|---|\n| KV cache | 90% smaller |\n"
                "| Maximum generation throughput | 5.76x |\n")
    assert (cs["90%"].metric, cs["90%"].direction) == ("memory", "better")
    assert cs["5.76x"].metric == "throughput"


def test_a_fused_kernel_in_some_data_type_is_kernel_fusion() -> None:
    cs = claims("# ROCm notes\n\nOn one MI300X, request throughput is 1.01x that of per-tensor FP8. The reason is a "
                "fused row-wise scaled FP8 GEMM, which is up to 2.5x faster than the GEMM and the scaling as two "
                "steps.\n\n- Fusing the KV-buffer write into the decode kernel is worth another 12%.\n")
    assert cs["2.5x"].technique == "kernel-fusion" and cs["2.5x"].mechanism == "per-token"
    assert cs["1.01x"].technique == "fp8-quantization"  # two FP8 schemes compared in its own sentence
    assert cs["12%"].technique == "kernel-fusion"  # the kernel fused into is the substrate


def test_a_list_of_slower_rivals_is_a_gain_for_the_announcer() -> None:
    cs = claims("405B at 969 tok/s.\n\nvs other 405B endpoints (output speed, single stream):\n\n"
                "- AWS: 75x slower\n- SambaNova: 6x slower\n", kind="markdown")
    assert (cs["75x"].direction, cs["75x"].ratio, cs["75x"].metric) == ("better", 75.0, "throughput")
    assert cs["6x"].op_kind == "single"
    cs = claims("Release notes:\n\n- Prefill: 8% slower\n")
    assert cs["8%"].direction == "worse"  # no rival lead-in: a regression


def test_a_latency_column_takes_its_kind_from_the_row_units() -> None:
    cs = claims("# Results\n\n| Batch size | Baseline mean latency | Optimised mean latency | Speedup |\n"
                "|---|---|---|---|\n| 1 | 1.66 s/req | 0.62 s/req | 2.7x |\n")
    assert cs["2.7x"].metric == "e2e" and cs["2.7x"].op_kind == "batch_size"


def test_list_lead_ins_headers_and_hyphenated_aliases_name_the_technique() -> None:
    cs = claims("same 8 pods, only the router changed.\n\n"
                "round-robin Service vs llm-d precise prefix-cache-aware routing, 512 concurrent:\n\n"
                "- output: 2,742 -> 6,423 tok/s (~2.3x)\n")
    assert cs["2.3x"].technique == "prefix-caching" and cs["2.3x"].mechanism == "residency"
    cs = claims("# Notes\n\n## Stack A: replicas behind a prefix-cache scheduler\n\nIt claims 57x faster response times.\n")
    assert cs["57x"].technique == "prefix-caching"
    cs = claims("# Notes\n\n- **XQA.** A new attention kernel raises throughput per GPU:\n\n"
                "| GPUs | Without XQA (tok/s/GPU) | With XQA (tok/s/GPU) | Gain |\n|---|---|---|---|\n"
                "| 1x H200 | 1,227 | 2,941 | 2.4x |\n")
    assert cs["2.4x"].technique == "attention-kernel"
    cs = claims("# Notes\n\n- Zero-overhead scheduler: the CPU prepares the next batch, hiding radix-cache work behind "
                "GPU compute, for a 1.1x increase in throughput.\n")
    assert cs["1.1x"].technique is None


def test_a_hardware_comparison_caption_keeps_its_formats_as_settings() -> None:
    cs = claims("# H100 against A100\n\n<table><caption>H100 FP8 over A100 FP16</caption>"
                "<thead><tr><th>Batch size</th><th>Output throughput gain</th></tr></thead>"
                "<tbody><tr><th>64</th><td>3.0x</td></tr></tbody></table>\n", kind="html")
    assert cs["3.0x"].technique is None and cs["3.0x"].op_value == 64


def test_a_scope_section_of_a_plain_text_changelog_covers_every_entry() -> None:
    text = ("R1 min-latency changelog\n========================\n\nSCOPE\n  Every entry is the min-latency case: one "
            "request at a time, TPS/user measured after each step.\n\nSTEPS\n  * MTP with three layers: from 89 to "
            "154 TPS/user.\n\nTOTAL\n  * 5.5x over the whole list.\n")
    cs = claims(text, kind="text")
    assert (cs["89 to 154"].op_kind, cs["89 to 154"].op_source) == ("single", "document")
    assert cs["5.5x"].op_kind == "single"


def test_n_concurrent_without_its_noun_in_headers_and_lead_ins() -> None:
    cs = claims("# Backends\n\n| GPU | vs TRITON_ATTN, 64 concurrent | vs TRITON_ATTN, 128 concurrent |\n|---|---|---|\n"
                "| MI300X | 1.30x | 1.36x |\n")
    assert (cs["1.30x"].op_kind, cs["1.30x"].op_value, cs["1.36x"].op_value) == ("concurrency", 64, 128)


def test_conditions_both_sides_share_and_switches_to_a_format() -> None:
    cs = claims("# Disaggregated serving on GB200\n\nWithout MTP, disaggregation delivers 1.4x to 1.8x the per-GPU "
                "throughput of aggregated serving. Turning MTP on for both sides stretches the advantage to 1.6x to "
                "2.5x.\n")
    assert cs["1.4x to 1.8x"].technique == "disaggregated-serving"
    assert cs["1.6x to 2.5x"].technique == "disaggregated-serving"
    cs = claims("# FP4 MoE pool\n\nSwitching the KV cache to FP8 at the same concurrency adds 6% throughput.\n")
    assert cs["6%"].technique == "kv-cache-quantization"
    cs = claims("# Quantised attention kernels\n\n**SageAttention3.** It reaches 1038 TOPS, a 5x speedup over the "
                "fastest FlashAttention on the same card.\n")
    assert cs["5x"].technique == "attention-kernel"  # a rival of the title's own kind
    cs = claims("# Notes\n\nWithout CUDA graphs, decode is 2x slower.\n")
    assert cs["2x"].technique == "cuda-graphs"  # nothing else named: the change is what it goes without


def test_a_digest_title_and_a_gpu_generation_baseline_name_no_technique() -> None:
    cs = claims("# vLLM digest: Blackwell, wide-EP, n-gram and suffix drafting\n\n## Blackwell\n\n"
                "- Runs show vLLM on B200 with up to 4x the throughput of Hopper at similar latency.\n")
    assert cs["4x"].technique is None
    cs = claims("# MTP depth\n\nThe result combines an EAGLE-3 draft model with FP8 GEMMs, FP8 MoE, fused AllReduce and "
                "programmatic launch.\nTogether these give a 4x speedup for a single user.\n")
    assert cs["4x"].technique is None


def test_performance_price_performance_and_end_to_end_throughput() -> None:
    cs = claims("# FP8\n\nCompared with 16-bit formats, FP8 can double performance and halve memory consumption.\n\n"
                "It quotes up to 40% better price performance and up to 50% better performance per watt.\n\n"
                "Switching the KV cache to FP8 adds 6% end-to-end throughput.\n")
    assert (cs["double"].metric, cs["halve"].metric) == ("unspecified", "memory")
    assert (cs["40%"].metric, cs["50%"].metric) == ("cost", "other")
    assert (cs["6%"].metric, cs["6%"].direction) == ("throughput", "better")


def test_metric_from_a_lead_in_a_gain_and_the_previous_item() -> None:
    cs = claims("# MLA\n\nHow many times lower the other backend's output throughput is:\n\n"
                "| GPU | 64 concurrent requests |\n|---|---|\n| MI300X | 1.33x |\n")
    assert (cs["1.33x"].metric, cs["1.33x"].op_value) == ("throughput", 64)
    cs = claims("# R1\n\nIt went from roughly 2,000 to 4,600 output tokens per second per GPU. NVIDIA sums this up as "
                "nearly a 2.3x gain.\n")
    assert cs["2.3x"].metric == "throughput"
    cs = claims("# Digest\n\n- vLLM on B200 shows up to 4x the throughput of Hopper at similar latency.\n"
                "- By model: up to 4.3x for gpt-oss-120b.\n")
    assert cs["4.3x"].metric == "throughput"


def test_from_to_pairs_with_k_currency_and_microseconds() -> None:
    cs = claims("# R1\n\nCommunity runs moved from about 1.5k to 2.2k tokens per second per GPU.\n\n"
                "Cost falls from $0.413 to $0.140 per million tokens.\n\n"
                "The routing step drops from 252 us to 15 us of kernel time.\n\n"
                "It went from roughly 2,000 to 4,600 output tokens per second per GPU.\n")
    assert cs["1.5k to 2.2k"].value == 1.467 and cs["1.5k to 2.2k"].metric == "throughput"
    assert cs["0.413 to $0.140"].metric == "cost" and cs["0.413 to $0.140"].direction == "better"
    assert cs["252 us to 15"].value == 0.06
    assert cs["2,000 to 4,600"].value == 2.3


def test_a_changed_speedup_a_figure_named_again_and_sweeps() -> None:
    cs = claims("# n-gram\n\nOn InstructCoder the n-gram speculation gain goes from 1.35x to 1.95x.\n\n"
                "Across input lengths the gain ranged from 2.5x to 3.4x.\n")
    assert cs["1.35x"].hedge == "none" and cs["1.95x"].low is None  # two figures, not a range
    assert (cs["2.5x to 3.4x"].low, cs["2.5x to 3.4x"].hedge) == (2.5, "range")
    found = [c.text for c in extract(parse_string(
        "# KV\n\nSwitching the KV cache to FP8 adds 6% throughput, which the 6% above does not count twice.\n\n"
        "H100 reaches 4.6x the A100 throughput, found by sweeping batch size from 1 to 64.\n\n"
        "Scaling from 5 to 2,000 adapters costs about 5% of its throughput.\n\n"
        "CPU: 2x Intel Xeon Gold 6454S, 8x DDR5-4800 per socket. The row has a batch 2.7 times larger.\n",
        "t.md", "markdown"))]
    assert found == ["6%", "4.6x"]  # ("5% of its throughput" is a share, read as no claim)


def test_a_question_sets_no_scope_and_above_a_single_request_is_not_single_stream() -> None:
    cs = claims("# Results: GEMV and GEMM as the batch grows\n\nThe project's summary is that 4-bit AWQ runs 2x faster "
                "than FP16. This section asks: is GEMV, the kernel for single requests, still right once requests are "
                "batched?\n\n## Rows\n\nGEMM is 1.4x faster.\n")
    assert cs["2x"].op_kind == "unstated" and cs["1.4x"].op_kind == "unstated"
    cs = claims("Serving above the single request: four abstracts\n\nParrot reports up to 11.7x lower latency.\n",
                kind="text")
    assert cs["11.7x"].op_kind == "unstated"


def test_low_bit_kernels_setting_columns_and_request_rates() -> None:
    cs = claims("# bitnet.cpp changelog\n\n## 1.0\n\n- x86 CPUs: 2.37x to 6.17x faster.\n")
    assert cs["2.37x to 6.17x"].technique == "weight-quantization"
    cs = claims("# Summary\n\n| Method | Setting | Reported gain |\n|---|---|---|\n| APAR | serving throughput | 20-70% |\n")
    assert cs["20-70%"].metric == "throughput"
    cs = claims("# HexGen\n\nIt reports latency deadlines up to 2.3x lower, or up to 4x the request rate it can absorb.\n")
    assert (cs["2.3x"].metric, cs["4x"].metric) == ("latency", "throughput")


def test_a_technique_column_against_an_engine_and_bundles_with_an_unnamed_method() -> None:
    cs = claims("# T-MAC: low-bit kernels on edge CPUs\n\nT-MAC reaches a 4-5x speedup over llama.cpp. The native "
                "build was announced at 5x on the same laptop.\n\n| Threads | T-MAC (tok/s) | llama.cpp (tok/s) | "
                "T-MAC vs llama.cpp |\n|---|---|---|---|\n| 4 | 50.1 | 12.0 | 4.2x |\n")
    assert cs["5x"].technique == "weight-quantization" and cs["4.2x"].technique == "weight-quantization"
    cs = claims("# APAR\n\nOn its own, APAR reaches up to 2x speed-up; combined with speculative decoding, up to 4x.\n\n"
                "| Method | Gain |\n|---|---|\n| APAR + speculative decoding | 4.1x |\n")
    assert cs["4x"].technique is None and cs["4.1x"].technique is None
    cs = claims("# Medusa\n\nTogether with EAGLE, the literature puts single-stream speedups at two to three times.\n")
    assert cs["two to three times"].technique == "speculative-decoding"


def test_elsewhere_and_a_different_benchmark_leave_the_op_just_stated() -> None:
    cs = claims("# Fused build\n\nAt a batch of 16 prompts the fused build is about 1% slower; elsewhere the gain is "
                "between one and eight percent.\n\nThe batch size 64 row is the fastest. NVIDIA's MLPerf submission, a "
                "different benchmark altogether, showed up to 4.5x the performance of A100.\n")
    assert (cs["1%"].op_kind, cs["1%"].op_value) == ("batch_size", 16)
    assert cs["one and eight percent"].op_kind == "unstated" and cs["4.5x"].op_kind == "unstated"


def test_a_table_cell_reads_its_row_labels_not_the_rows_other_figures() -> None:
    cs = claims("# Ablation\n\n| Change | Layer | E2E speedup |\n|---|---|---|\n"
                "| Mixed-dtype router GEMM | MoE | 4% |\n| Training cost | all | 42.5% lower |\n\n"
                "| Method | Latency gain | Batch capacity gain |\n|---|---|---|\n"
                "| Helix | 1.5x lower token-to-token latency | 32x larger batches |\n")
    assert cs["4%"].sentence == "Mixed-dtype router GEMM | MoE | 4%" and cs["4%"].mechanism == "compute"
    assert "42.5%" not in cs  # a training row of a comparison table
    assert cs["1.5x"].mechanism != "residency" and cs["32x"].mechanism == "residency"


def test_times_those_of_with_a_rate_named() -> None:
    cs = claims("# SageAttention2\n\nOn an RTX 4090 its operations per second are roughly three times those of "
                "FlashAttention2.\n")
    assert (cs["three times"].value, cs["three times"].metric, cs["three times"].hedge) == (3.0, "throughput", "about")


def test_draft_columns_execution_modes_and_fleet_migration_lists() -> None:
    cs = claims("# EAGLE-3 on MI355X\n\n| Concurrency | BF16 draft speedup | FP8 draft speedup |\n|---|---|---|\n"
                "| 4 | 1.90x | 2.00x |\n")
    assert cs["2.00x"].technique == "speculative-decoding" and cs["2.00x"].op_value == 4
    cs = claims("# Spec decode\n\nSpeedup of speculative decoding over plain decoding, batch size 1:\n\n"
                "| Framework | Execution mode | Speedup range |\n|---|---|---|\n| gpt-fast | torch.compile | 1.75x-2.99x |\n")
    assert cs["1.75x-2.99x"].technique == "speculative-decoding"
    cs = claims("the FP8-dynamic model cards, before moving our fleet off BF16. what the cards claim:\n\n"
                "- Qwen2.5-VL-7B FP8: 1.3X single stream\n", kind="text")
    assert cs["1.3X"].technique == "fp8-quantization" and cs["1.3X"].op_kind == "single"
    cs = claims("# Hydragen\n\nUnder tensor parallelism across eight A100s, the Hydragen attention kernel lifts "
                "throughput by over 3x. The abstract states the peak as up to 32x against competitive baselines.\n")
    assert cs["32x"].technique == "attention-kernel"


def test_a_multi_stream_clause_does_not_take_the_single_stream_op() -> None:
    cs = claims("# Cards\n\n- FP8 W8A8: up to 1.4x speedup in single-stream deployment and up to 1.2x in multi-stream "
                "asynchronous deployment.\n\n- Under load: the paper still shows 1.38x throughput at batch size 64.\n")
    assert (cs["1.4x"].op_kind, cs["1.2x"].op_kind) == ("single", "unstated")
    assert (cs["1.38x"].op_kind, cs["1.38x"].op_value) == ("batch_size", 64)


def test_a_speedup_column_takes_the_metric_of_its_sibling_columns_not_the_load_column() -> None:
    cs = claims("# Request rate\n\n| Request rate (req/s) | E2E latency, no spec (ms) | E2E latency, spec (ms) | Speedup |\n"
                "|---|---|---|---|\n| 0.2 | 4509.21 | 2043.36 | 2.21x |\n")
    assert (cs["2.21x"].metric, cs["2.21x"].op_kind, cs["2.21x"].op_value) == ("e2e", "request_rate", 0.2)


def test_a_table_lead_in_names_its_subject_not_the_shared_checkpoint() -> None:
    cs = claims("# Attention backends on ROCm\n\n## MHA\n\nAll MHA numbers use Qwen3-235B with FP8 weights. The FP8 "
                "checkpoint is the same for every backend, so the differences below come from the attention kernels "
                "alone.\n\n| GPU | vs TRITON_ATTN, 64 concurrent |\n|---|---|\n| MI300X | 1.30x |\n")
    assert (cs["1.30x"].technique, cs["1.30x"].op_value) == ("attention-kernel", 64)


def test_hardware_of_a_figure_and_updates_name_no_technique() -> None:
    cs = claims("# MLPerf v4.1\n\nOne B200 delivers up to 4x the Llama 2 70B performance of an H100. The B200 entry "
                "ran FP4, the Hopper entries FP8.\n\n- the jan 2026 kernel update claims another 1.15-2.1x on top.\n")
    assert cs["4x"].technique is None and cs["4x"].mechanism == "unknown"
    assert cs["1.15-2.1x"].technique is None
    cs = claims("# Ablation\n\nUnder tensor parallelism the latent cache is duplicated on every rank. Running attention "
                "data-parallel keeps one copy per GPU, which raises the node's concurrency ceiling from 500 to 4,000 "
                "requests at 1K/2K.\n")
    assert cs["500 to 4,000"].technique is None


def test_writer_k_decoys_and_arrival_rates() -> None:
    found = [c.text for c in extract(parse_string(
        "# DBRX\n\nPicking 4 of 16 experts gives 65x more possible expert combinations than 2-of-8 routing.\n\n"
        "DBRX MoE-B reached its score with 1.7x fewer FLOPs, and the pretraining recipe became 4x cheaper.\n\n"
        "The benchmark ramps load from 1 to 20 requests per second against vLLM.\n\n"
        "73% of conversations have more than one turn. The system has two halves.\n\n"
        "The 7900 XTX reaches 80% of the decoding speed of an RTX 4090.\n", "t.md", "markdown"))]
    assert found == ["80%"]
    cs = claims("# DBRX\n\nLoad arrives as one new user per second. DBRX sustains 2-3x the inference throughput.\n\n"
                "Throughput goes from 0.67 to 1.36 requests per second; at the same 1.2 requests per second, latency "
                "drops from 14 s to 7 s.\n")
    assert (cs["2-3x"].op_kind, cs["2-3x"].op_value) == ("request_rate", 1.0)
    assert cs["0.67 to 1.36"].op_kind == "unstated" and cs["14 s to 7"].op_value == 1.2


def test_float8_names_and_a_single_sequence_at_batch_size_one() -> None:
    cs = claims("# Notes\n\nInt4 weight-only falls to 1.16x, while float8 dynamic quantization holds 1.28x.\n\n"
                "| Scheme | Speedup |\n|---|---|\n| FP8 weight-only | 1.62x |\n\n"
                "For single-sequence decoding (batch size 1), decoding ran 5-8% faster.\n")
    assert (cs["1.16x"].technique, cs["1.28x"].technique) == ("weight-quantization", "fp8-quantization")
    assert cs["1.62x"].technique == "weight-quantization"
    assert (cs["5-8%"].op_kind, cs["5-8%"].op_value) == ("batch_size", 1)


def test_one_knob_at_a_time_and_a_saturation_point_are_not_operating_points() -> None:
    cs = claims("# Draft models\n\nAMD varied request rate, prompt length and draft precision one at a time. The headline "
                "is up to 2.31x lower end-to-end latency.\n\nBatching heavy prefills past the accelerator's saturation "
                "point slows them by up to 10x.\n\n## Kernels for one sequence\n\nFor single-sequence decoding (batch "
                "size 1) GemLite uses a GEMV kernel. Its new variant ran 5-8% faster.\n")
    assert cs["2.31x"].op_kind == "unstated" and cs["10x"].op_kind == "unstated"
    assert (cs["5-8%"].op_kind, cs["5-8%"].op_value) == ("batch_size", 1)


def test_a_precision_as_the_subject_of_a_gain_names_the_quantisation() -> None:
    cs = claims("# H100\n\n## What FP8 means here\n\nNVIDIA also says FP8 improves perceived performance on H100 by more "
                "than 2x, because the freed memory allows a larger batch.\n\n"
                "bonus: PTPC-FP8 on one MI300X matched per-tensor FP8 throughput (1.01x) with better accuracy.\n")
    assert cs["2x"].technique == "fp8-quantization" and cs["1.01x"].technique == "fp8-quantization"


def test_up_to_a_rounded_figure_and_a_range_of_values() -> None:
    cs = claims("# FireAttention V3\n\nThe request-rate advantage reaches up to ~3x against NIM.\n\n"
                "At the tightest cap, CPU offloading gives up to 2.0x lower TTFT than vLLM's own cache.\n\n"
                "Multimodal TTFT in these runs ranges from 250 to 2700 ms, so the overhead is noise.\n")
    assert cs["3x"].hedge == "up_to" and cs["2.0x"].technique == "kv-offloading"
    assert "250 to 2700" not in cs


def test_a_document_draft_is_not_a_drafter_and_requests_per_second_is_a_rate() -> None:
    cs = claims("# Design note: picking an MI300X serving stack (draft, platform team)\n\n"
                "Against AMD's vLLM build, its low-latency scenarios show up to ~5.5x more requests per second.\n\n"
                "The distilled draft gives 10-45% speedups over standard speculative decoding.\n")
    assert cs["5.5x"].technique is None and cs["5.5x"].mechanism == "unknown"
    assert cs["10-45%"].technique == "speculative-decoding"


def test_spinquant_rows_and_a_model_size_column() -> None:
    cs = claims("# Phones\n\nEvery figure in this section is a single stream.\n\n| Model | Decode (tokens/s) | Model size (MiB) |\n"
                "|---|---|---|\n| 1B SpinQuant | 50.2 (2.6x) | 1,083 (-54.1%) |\n")
    assert (cs["2.6x"].technique, cs["2.6x"].op_kind) == ("weight-quantization", "single")
    assert (cs["54.1%"].metric, cs["54.1%"].direction) == ("memory", "better")


def test_a_source_line_is_a_citation_not_a_claim() -> None:
    found = [c.text for c in extract(parse_string(
        "# Toolkit\n\nSource: AWS blog, \"Achieve up to ~2x higher throughput while reducing costs by ~50%\".\n\n"
        "| Batch size | master (t/s) | FA kernel (t/s) | Speedup |\n|---|---|---|---|\n| 1 | 124.27 | 135.22 | 1.09 |\n",
        "t.md", "markdown"))]
    assert found == ["1.09"]
    cs = claims("# FA\n\n| Batch size | master (t/s) | FA kernel (t/s) | Speedup |\n|---|---|---|---|\n| 1 | 124.27 | 135.22 | 1.09 |\n")
    assert (cs["1.09"].metric, cs["1.09"].op_value) == ("throughput", 1)


def test_past_that_and_an_op_leading_to_its_own_figure() -> None:
    cs = claims("# FA sweep\n\nWith one sequence nothing moved. Past that, the gain sat between 10 and 15 percent, and the "
                "best row, a batch of 64, reached 1.15x.\n")
    assert cs["10 and 15 percent"].op_kind == "unstated"
    assert (cs["1.15x"].op_kind, cs["1.15x"].op_value) == ("batch_size", 64)
    cs = claims("# Reports\n\nBoth reports time one request at a time with llama.cpp's own timing printout.\n\n"
                "## The numbers\n\n| Setup | Change |\n|---|---|\n| Mixtral, prompt eval | +63% |\n")
    assert cs["63%"].op_kind == "single"


def test_only_speedup_columns_turn_bare_decimals_into_ratios() -> None:
    found = [c.text for c in extract(parse_string(
        "# T\n\n| Step | Latency over time |\n|---|---|\n| 1 | 0.45 |\n\n| Model | vs BF16 |\n|---|---|\n| A | 1.45 |\n",
        "t.md", "markdown"))]
    assert found == ["1.45"]


def test_hardware_spec_comparisons_are_not_results() -> None:
    cs = claims("# Cards\n\nThe RTX 3090 has 33% fewer cores and about 7% less bandwidth. On the eGPU, a link with "
                "roughly 68.4% less bandwidth than a PCIe slot, tokens per second came in 38.5% lower.\n")
    assert sorted(cs) == ["38.5%"]
    assert claims("# KV\n\nThe FP8 cache uses 40% less memory.\n")["40%"].metric == "memory"


def test_a_further_percent_is_an_increment_and_a_ram_clock_is_a_setting() -> None:
    cs = claims("# XMP\n\nRaising the RAM clock from 3600 to 5600 gave TensorRT-LLM a further 15% on our "
                "workstation. Average RAM held during generation fell by 29.88%.\n")
    assert sorted(cs) == ["15%", "29.88%"]
    assert cs["15%"].metric == "unspecified"
    # host RAM saved is not room on the GPU: no residency mechanism from the metric alone
    assert (cs["29.88%"].metric, cs["29.88%"].mechanism) == ("memory", "unknown")


def test_a_number_before_concurrent_users_is_the_load_not_a_capacity_metric() -> None:
    cs = claims("# Backends\n\nThe only numbers in the text are for Llama 3 8B at 100 concurrent users.\n\n"
                "| Backend | Decode, 100 concurrent users | vs MLC-LLM |\n|---|---:|---:|\n"
                "| LMDeploy | ~4,000 tok/s | about 14% higher |\n")
    assert (cs["14%"].metric, cs["14%"].mechanism, cs["14%"].op_value) == ("throughput", "unknown", 100)


def test_a_sweep_or_a_later_clause_is_not_a_section_scope() -> None:
    cs = claims("# Note\n\n## Pool\n\nFriendliAI reports ~1.5x faster responses than vLLM.\n"
                "At 2N the gaps widen to ~2x.\n\n"
                "BentoML ran all five backends and stepped the load through 10, 50 and 100 concurrent users.\n\n"
                "TensorRT-LLM's TTFT climbs steeply at 100 users, and vLLM holds the lowest TTFT at every load.\n")
    assert (cs["1.5x"].op_kind, cs["1.5x"].metric) == ("unstated", "latency")
    assert (cs["2x"].op_kind, cs["2x"].metric) == ("unstated", "latency")  # the metric just named carries on


def test_a_scope_may_point_back_at_the_load_just_stated() -> None:
    cs = claims("# DBRX\n\n## How it was run\n\nLoad arrives as one new user per second. "
                "Every ratio in this section was measured at that single load level.\n\nDBRX is up to 2x faster.\n")
    assert (cs["2x"].op_kind, cs["2x"].op_value) == ("request_rate", 1)


def test_every_number_below_scopes_the_sections_after_it_unless_it_names_whose() -> None:
    cs = claims("# Spec\n\n## Results\n\nEvery number below comes from runs at batch size 1.\n\n"
                "| Model | Speedup |\n|---|---|\n| OPT | 2.71x |\n\n## Reading the table\n\n"
                "The dynamic window reaches up to 1.52x on summarization.\n")
    assert (cs["1.52x"].op_kind, cs["1.52x"].op_value) == ("batch_size", 1)
    cs = claims("# Spec\n\n## Results\n\nIt does not take batched inputs, so every number below comes from runs at "
                "batch size 1.\n\n## Reading\n\nThe dynamic window reaches up to 1.52x.\n")
    assert cs["1.52x"].op_kind == "batch_size"  # the negation is the reason, not the scope
    cs = claims("# Spec\n\n## LMSYS\n\nAll of the LMSYS figures below were taken at batch size 1.\n\n"
                "The paper reports up to 1.8x.\n\n## Ports\n\nBaseten advertises 2x-4x faster inference.\n")
    assert cs["2x-4x"].op_kind == "unstated"


def test_plural_technique_names_and_drafted_by() -> None:
    cs = claims("# Notes\n\nGEAR compresses the KV cache. The 10x from chunked prefills is decode throughput.\n")
    assert cs["10x"].technique == "chunked-prefill"
    cs = claims("# Notes\n\n- Llama-3.1-70B exl2 6.0bpw, drafted by Llama-3.1-8B exl2 3.0bpw: "
                "from 15.22 to 20.46 tokens/second, +34% tok/s.\n")
    assert cs["34%"].technique == "speculative-decoding"


def test_against_an_earlier_version_of_the_same_technique_there_is_no_technique() -> None:
    cs = claims("# Port\n\n- Author reports about 10% faster generation than the previous server speculation path. "
                "Also lets rpc-server host the draft model.\n")
    assert cs["10%"].technique is None


def test_accuracy_in_a_later_clause_does_not_make_a_compression_ratio_a_decoy() -> None:
    cs = claims("# ZipCache\n\nThis KV cache quantization compresses the cache 4.98x while accuracy drops by only "
                "0.38%. Prefill-phase latency falls by 37.3%.\n")
    assert (cs["4.98x"].metric, cs["4.98x"].technique) == ("memory", "kv-cache-quantization")
    assert cs["37.3%"].metric == "ttft"


def test_prefix_x_ratio_and_slowed_down_and_near() -> None:
    cs = claims("# KV\n\nAn int4 cache saves roughly x2.5 in cache memory. Combined with weight quantization, "
                "decoding slowed down threefold. On a PCIe x4 slot it stayed near 69% faster.\n")
    assert (cs["x2.5"].value, cs["x2.5"].metric, cs["x2.5"].hedge) == (2.5, "memory", "about")
    assert cs["threefold"].direction == "worse"
    assert cs["69%"].hedge == "about"
    assert "x4" not in cs


def test_half_as_much_and_response_times_shorter_and_times_the_tps() -> None:
    cs = claims("# Notes\n\nThe new loader uses half as much RAM as before. With about half as many active parameters, "
                "DBRX reaches up to 2x its inference throughput. Response times were two to four times shorter. "
                "MTP speculation gives the model about 1.8 times the decoding TPS.\n")
    assert sorted(cs) == ["1.8 times", "2x", "half as much", "two to four times"]
    assert (cs["half as much"].value, cs["half as much"].metric) == (50, "memory")
    assert (cs["two to four times"].metric, cs["1.8 times"].metric) == ("latency", "throughput")


def test_a_named_metric_after_the_comparative_beats_a_decoy_word_before() -> None:
    cs = claims("# CATS\n\nA custom GPU kernel turns that sparsity into roughly 15% lower per-token latency.\n")
    assert (cs["15%"].metric, cs["15%"].direction) == ("tpot", "better")


def test_names_shares_and_utilisation_ratios_are_not_claims() -> None:
    found = claims("# Notes\n\nIn a talk at SCB 10X's event he listed TEAL. Over one day, 342B of its 608B input tokens "
                   "(56.3%) hit the disk cache. Peak GPU utilisation reached 15.8%, which the authors note is more "
                   "than 3x the best seen with regular decoding and about 10x that of single-sequence decoding.\n")
    assert found == {}
    cs = claims("# OSD\n\nIt lifts the token acceptance rate by 0.1 to 0.65, which the authors report as a 1.42 to 2.17 "
                "times reduction in latency.\n")
    assert cs["1.42 to 2.17 times"].metric == "latency"  # the clause names its own metric


def test_a_partner_or_a_topic_left_behind_is_not_the_claims_technique() -> None:
    cs = claims("# Skipping work\n\n**TEAL.** Decoding runs up to 1.8x faster at 50% sparsity. TEAL also composes "
                "with weight quantization.\n\n**Ladder Residual.** Under tensor parallelism every layer waits on an "
                "all-reduce. The modified model runs 29% faster end to end.\n")
    assert cs["1.8x"].technique is None and cs["29%"].technique is None
    cs = claims("# ATLAS, an adaptive speculator\n\n## The rest of the stack\n\nTurbo is not only speculation. "
                "He listed TEAL; Together credits it with up to 40% lower latency.\n")
    assert cs["40%"].technique is None
    assert claims("# K\n\nFlashAttention-4 is up to 1.3x faster than cuDNN attention.\n")["1.3x"].technique == \
        "attention-kernel"
    assert claims("# T\n\nTEAL measures decoding speed-ups of up to 1.53x.\n")["1.53x"].metric == "unspecified"


def test_prices_are_cost_and_a_discount_is_a_price_change() -> None:
    cs = claims("# Prices\n\n- Against the May snapshot, input goes from $5.00 to $2.50.\n"
                "- Input down 78%, to $0.075, for short prompts.\n- The input price is 30x that of GPT-4o.\n"
                "- Compared with the preview, input rises from $0.15 to $0.30.\n"
                "- The implicit cache passes the same 75% discount back on a shared prefix.\n")
    assert {k: (c.metric, c.direction) for k, c in cs.items()} == {
        "5.00 to $2.50": ("cost", "better"), "78%": ("cost", "better"), "30x": ("cost", "worse"),
        "0.15 to $0.30": ("cost", "worse"), "75%": ("cost", "better")}
    cs = claims("# Caches\n\n| | OpenAI | DeepSeek |\n|---|---|---|\n| Change in price of a cached token | 50% lower | 90% lower |\n")
    assert cs["50%"].metric == cs["90%"].metric == "cost"


def test_a_price_in_the_baseline_is_not_a_version_and_a_document_bundle_is_not_a_bundle_of_changes() -> None:
    cs = claims("# Caching\n\nDeepSeek's context caching keeps prefixes on disk. A cache hit was billed at $0.014 "
                "against $0.14 for a miss, which is where its up to 90% saving comes from.\n\n"
                "Prompt caching is automatic, so the bundle must come first, the question last, and nothing else. "
                "The docs put the latency benefit at up to 80% for long prompts.\n")
    assert cs["90%"].technique == cs["80%"].technique == "prefix-caching"
    cs = claims("# Workers AI\n\nKimi is now three times faster. Again a bundle: disaggregation, prompt caching, "
                "EAGLE-3 drafts and a new engine.\n")
    assert cs["three times"].technique is None


def test_configuration_is_not_a_ratio_header_and_sizes_and_fourfold() -> None:
    found = claims("# T\n\n| Route | Configuration | Reported change |\n|---|---|---|\n"
                   "| B | 40% activation sparsity | up to 1.53x faster decoding |\n")
    assert sorted(found) == ["1.53x"]
    cs = claims("# Ollama: K/V cache quantization\n\n- `q4_0` shrinks it roughly fourfold.\n\n"
                "## Gemma 3 QAT checkpoints\n\nThe 27B model drops from 54 GB to 14.1 GB.\n")
    assert (cs["fourfold"].technique, cs["fourfold"].hedge) == ("kv-cache-quantization", "about")
    assert (cs["54 GB to 14.1"].metric, cs["54 GB to 14.1"].direction, cs["54 GB to 14.1"].technique) == (
        "memory", "better", "weight-quantization")
    cs = claims("# Sparse\n\nThe post pairs the model with FP8. On its own, FP8 halves weight memory.\n")
    assert cs["halves"].technique == "fp8-quantization"


def test_from_to_across_time_units_and_averaged_over() -> None:
    cs = claims("# Cache\n\nFor a 128K-token prompt, first-token latency drops from 13 s to about 500 ms.\n\n"
                "Averaged over the twenty scenarios, the throughput gain is 2.9x.\n\n"
                "Averaged over its models it generates 13.20 tokens/s, which is only 18% below an A100.\n\n"
                "AlpaServe can serve up to 10x higher request rates while keeping 99% of requests within their "
                "latency targets.\n")
    pair = cs["13 s to about 500"]
    assert (pair.value, pair.metric, pair.direction, pair.hedge) == (0.038, "ttft", "better", "about")
    assert cs["2.9x"].hedge == "average" and cs["18%"].hedge == "none"
    assert (cs["10x"].metric, cs["10x"].direction) == ("throughput", "better")


def test_fp4_weights_against_bf16_activations_are_weight_only() -> None:
    cs = claims("# Petit: serving FP4 checkpoints on AMD GPUs\n\nPetit multiplies BF16 activations by 4-bit (FP4) "
                "weights. An FP4 checkpoint is 3.5x smaller than the BF16 original.\n")
    assert cs["3.5x"].technique == "weight-quantization"
    cs = claims("# NVFP4 on Blackwell\n\nNVFP4 (W4A4 on Blackwell tensor cores) with BF16 activations elsewhere "
                "is 1.6x faster than FP8.\n")
    assert cs["1.6x"].technique == "fp8-quantization"


def test_setup_in_a_heading_parenthesis_and_setting_columns_of_a_with_without_table() -> None:
    cs = claims("# CUDA graph capture settings\n\n## Vendor A: TensorRT LLM (GB200, NVFP4 models)\n\n"
                "- Aggregated mode: up to 1.3x output throughput at high concurrency.\n\n"
                "## Offloading to a shared pool (LMCache)\n\nTTFT falls 40%.\n")
    assert cs["1.3x"].technique == "cuda-graphs" and cs["40%"].technique == "kv-offloading"
    cs = claims("# Deterministic mode\n\n## CUDA graphs inside deterministic mode\n\n"
                "| Attention backend | Without graphs (tok/s) | With graphs (tok/s) | Gain |\n|---|---:|---:|---:|\n"
                "| FlashInfer | 441.73 | 1245.51 | 2.82x |\n")
    assert cs["2.82x"].technique == "cuda-graphs"


def test_a_rival_of_the_same_kind_named_in_the_paragraph_before() -> None:
    cs = claims("Topic: an attention kernel for decode. LeanAttention splits the KV work.\n\n"
                "Measured against FlashAttention-2, attention execution is 2.6x faster.\n", "text")
    assert cs["2.6x"].technique == "attention-kernel"
    cs = claims("Unmodified kernels, such as the FlashAttention prefill kernels, work out of the box.\n\n"
                "vAttention improves serving throughput by up to 1.22x against the kernels of FlashAttention.\n", "text")
    assert cs["1.22x"].technique is None  # the baseline itself named again, not a different member of its kind


def test_and_a_half_times_a_listed_percent_and_an_averaged_over_with_names() -> None:
    cs = claims("# NEO\n\nOffloading raises throughput by up to seven and a half times on the T4, 26% on the A10G "
                "and 14% on the H100. Averaged over the FlashInfer and FA3 backends, the slowdown is 34.35%. "
                "The runs used 4 × Ascend 910B.\n")
    assert cs["seven and a half times"].value == 7.5
    assert {"26%", "14%"} <= set(cs) and "4 ×" not in cs
    assert cs["34.35%"].hedge == "average"
    found = claims("# ADP\n\n| Scheduler | Mean balance ratio | Speedup |\n|---|---:|---:|\n| ADP | 84.33% | 1.31× |\n")
    assert sorted(found) == ["1.31×"]


def test_maximum_load_a_constant_rate_and_a_list_of_causes() -> None:
    cs = claims("# rocm/vllm reference numbers\n\nAll throughput entries below come from AMD's throughput table, where "
                "the client feeds requests at an infinite rate, i.e. at maximum load.\n\n## November image\n\n"
                "- Llama 3.1 70B: 7,651.7 tok/s, +5.5% over the October image.\n")
    assert cs["5.5%"].op_kind == "offline"
    cs = claims("# Qwen3.5\n\n## Taking the recipe apart\n\nGPUStack isolated each change at a constant 8 requests "
                "per second.\n\nThe FP8 checkpoint on its own made requests 1.51x faster.\n\n"
                "The dense model is 1.26x faster at 1 req/s but only 1.13x faster by 8 req/s.\n")
    assert (cs["1.51x"].op_kind, cs["1.51x"].op_value) == ("request_rate", 8)
    assert cs["1.13x"].op_value == 8
    cs = claims("# MLPerf\n\nThroughput went from 2,907 to 8,064 tokens per second per GPU, credited to faster fused "
                "kernels, attention data parallelism and better load balancing. Cost per token fell by more than 60%.\n")
    assert cs["2,907 to 8,064"].technique is None and cs["60%"].technique is None
    cs = claims("# DynamoLLM\n\nClusters are provisioned for peak load. It cuts the cost to the customer by 61%.\n")
    assert cs["61%"].op_kind == "unstated"


def test_takes_longer_is_worse_but_longer_contexts_are_not() -> None:
    cs = claims("# Capture\n\n- Startup: graph capture takes 2.4x as long.\n- Initialisation is 1.17x longer.\n"
                "- The pooled memory serves contexts 2-19x longer than the baselines.\n")
    assert cs["2.4x"].direction == cs["1.17x"].direction == "worse"
    assert cs["2-19x"].direction == "better"


def test_a_harness_statement_scopes_the_document_and_a_rate_cell_is_a_load() -> None:
    cs = claims("# DeepSeek-R1 flat out\n\nThe harness fires the prompt set with no rate limit, so the server is "
                "saturated from first to last.\n\n## Flags\n\n- DP attention: throughput rose 7.6%.\n")
    assert cs["7.6%"].op_kind == "offline"
    cs = claims("# Qwen\n\n| Arrival rate | Stock (s/request) | Tuned (s/request) | Speedup |\n|---|---:|---:|---:|\n"
                "| 1 req/s | 1.85 | 1.50 | 1.23x |\n")
    assert (cs["1.23x"].metric, cs["1.23x"].op_kind, cs["1.23x"].op_value) == ("e2e", "request_rate", 1)


def test_unless_otherwise_on_this_page_batch_dash_n_and_sixteen_concurrent() -> None:
    cs = claims("# tern-serve changelog\n\nUnless an entry says otherwise, those measurements were taken at 1,000 "
                "concurrent requests (all prompts submitted at once).\n\n## 2.4.0\n\n- Async scheduling raised total "
                "throughput by 4.6%.\n")
    assert (cs["4.6%"].op_kind, cs["4.6%"].op_value) == ("concurrency", 1000)
    cs = claims("# Qwen3-32B\n\n## Summary\n\nUnless a table row says otherwise, every figure on this page was measured "
                "at 1,000 concurrent requests.\n\n## FP8 weights\n\nServing the FP8 checkpoint took throughput from "
                "2,660 to 4,005 tok/s.\n")
    assert (cs["2,660 to 4,005"].op_value, cs["2,660 to 4,005"].technique) == (1000, "fp8-quantization")
    cs = claims("# Tuning\n\nOn top of that batch-1024 baseline, FlashInfer added another 7.88%. With the same shape and "
                "again sixteen concurrent requests, TTFT went from 1,114.29 ms to 420.55 ms.\n")
    assert cs["7.88%"].op_value == 1024
    assert (cs["1,114.29 ms to 420.55"].op_kind, cs["1,114.29 ms to 420.55"].op_value) == ("concurrency", 16)


def test_a_technique_listed_among_a_models_features_is_not_the_change() -> None:
    cs = claims("# Which model\n\n## Candidate 3\n\n80B parameters: 512 experts with 10 routed, Gated DeltaNet in three "
                "of every four layers, and multi-token prediction. Against the dense Qwen3-32B, prefill throughput is "
                "nearly 7x higher.\n")
    assert cs["7x"].technique is None


def test_cost_as_a_verb_is_a_loss_and_cost_as_a_noun_is_the_metric() -> None:
    cs = claims("# Switches\n\nThis change cost 2.9% at saturation. The new plan cuts cost 30%. Serving cost 20% less.\n")
    assert (cs["2.9%"].direction, cs["2.9%"].metric) == ("worse", "unspecified")
    assert (cs["30%"].metric, cs["30%"].direction) == ("cost", "better")
    assert (cs["20%"].metric, cs["20%"].direction) == ("cost", "better")


def test_writer_v_w_figures_behind_qualifiers_are_claims() -> None:
    """A compound before "speed-up", a percentile before the metric, quality held as a condition, an
    "of" after the compared noun, "training-free" and "N% ahead" do not hide a result."""
    cs = claims("It still returns roughly 15% end-to-end speed-up at low concurrency. The gateway showed up to 83.9% "
                "lower 95th-percentile latency and 67.0% lower 95th-percentile normalized time per output token. "
                "Dynasor uses up to 50% less compute for the same accuracy. Moving to +8 leaves 17.2% fewer tokens "
                "of KV cache. Against other training-free drafting methods it comes out 30% ahead.\n")
    assert (cs["15%"].metric, cs["15%"].direction, cs["15%"].hedge) == ("e2e", "better", "about")
    assert (cs["83.9%"].metric, cs["67.0%"].metric) == ("latency", "tpot")
    assert cs["50%"].direction == "better" and cs["17.2%"].direction == "worse"
    assert cs["30%"].direction == "better"


def test_levels_thresholds_products_and_hit_rates_are_not_claims() -> None:
    text = ("Each run sends 20 × batch size requests. The abstract reports up to 34.4x higher token hit rates. "
            "Marconi's 34.4x is a hit-rate ratio, not a speedup. The write-up puts the padding waste at up to 50%. "
            "A drop of more than 10% in KV tokens on any pool is a stop signal. Fusing raises bandwidth use from "
            "at most 50% to 78%. Needle-in-a-Haystack holds at or above 95% retrieval.\n")
    assert claims(text) == {}
    kept = claims("The docs put the latency benefit at up to 80% for long prompts. A drop of 10% in latency came "
                  "from CUDA graphs.\n")
    assert set(kept) == {"80%", "10%"}


def test_a_baseline_row_and_hardware_columns_are_not_claims_and_a_header_op_is_the_rows() -> None:
    cs = claims("| Backend | Decode tok/s (batch size 1, short context) | Speedup vs Hugging Face |\n|---|---|---|\n"
                "| Megakernel | 531 | 3.9x |\n| Hugging Face transformers | 136 | 1.0x |\n")
    assert set(cs) == {"3.9x"}
    assert (cs["3.9x"].op_kind, cs["3.9x"].op_value, cs["3.9x"].technique) == ("batch_size", 1, "kernel-fusion")
    specs = claims("| Model | 3090 Ti (t/s) | 4090 (t/s) |\n|---|---:|---:|\n| Llama 7B | 177 | 198 |\n"
                   "| Llama 13B | 109 | 111 |\n")
    assert specs == {}  # rows of models, not operating points: nothing to derive


def test_list_items_continue_the_item_above_for_technique_and_metric() -> None:
    cs = claims("# Gemma 3 QAT on a desktop card\n\n## Cache types\n\n- f16 is the default.\n"
                "- With K/V cache quantization set to q8_0, cache memory roughly halves compared with f16.\n"
                "- With q4_0 the cache shrinks about 4x compared with f16.\n")
    assert (cs["halves"].technique, cs["4x"].technique, cs["4x"].metric) == (
        "kv-cache-quantization", "kv-cache-quantization", "memory")
    cs = claims("# Graphs\n\n- Aggregated setup. Up to 1.3x output throughput at high concurrency.\n"
                "- Disaggregated setup. R1 gains the most, up to 1.5x, settling near 1.1x at the highest loads.\n"
                "- V3.2 and Qwen3 gain 1.08x–1.15x at high concurrency.\n")
    assert [cs[k].metric for k in ("1.5x", "1.1x", "1.08x–1.15x")] == ["throughput"] * 3
    cs = claims("# Changelog\n\n- Data-parallel attention fits larger batches: up to 1.9x decoding throughput.\n"
                "- Structured outputs through XGrammar are up to 10x faster than the previous engine.\n")
    assert cs["10x"].technique is None  # a changelog's next item is its own change


def test_signs_regimes_and_names_that_only_look_like_techniques() -> None:
    cs = claims("| Batch size | End-to-end speed-up |\n|---:|---:|\n| 1 | +96.13% |\n| 4 | −2.5% |\n")
    assert (cs["96.13%"].metric, cs["96.13%"].direction, cs["2.5%"].direction) == ("e2e", "better", "worse")
    cs = claims("In offline batch processing, Dynasor uses up to 50% less compute. In online serving it sustains "
                "3.3x higher query rates than the baseline schedulers.\n")
    assert (cs["3.3x"].metric, cs["3.3x"].direction, cs["3.3x"].op_kind) == ("throughput", "better", "unstated")
    assert cs["50%"].op_kind == "offline"
    cs = claims("# Notes\n\nMax-autotune helps CPU inference. Across the dynamo benchmark suites the geometric-mean "
                "gain is up to 7%.\n")
    assert cs["7%"].technique is None
    cs = claims("Energy efficiency moves from 0.76 to 1.87 tokens per joule.\n")
    assert cs["0.76 to 1.87"].direction == "better"
    cs = claims("It reports speedups of up to 1.9x over lookahead decoding and 2.8x over vanilla speculative decoding.\n")
    assert cs["2.8x"].hedge == "up_to"
    cs = claims("# Skip Softmax, a sparse attention kernel in TensorRT-LLM, measured end to end\n\n## Runs\n\n"
                "TTFT came down from 1,731.80 ms to 1,508.60 ms.\n")
    assert cs["1,731.80 ms to 1,508.60"].technique == "attention-kernel"


def test_plain_text_aligned_rows_under_a_caption_are_a_headerless_table() -> None:
    text = ("Results.\n\nSUMMARY OF SPEED AND MEMORY FIGURES (reported gain; no load stated)\n"
            "  Keyformer     latency vs full cache              2.1x\n"
            "  Keyformer     throughput vs full cache           2.4x\n"
            "  PyramidInfer  KV-cache memory vs Accelerate      54% lower\n")
    cs = claims(text, kind="text")
    assert [(cs[k].metric, cs[k].line) for k in ("2.1x", "2.4x", "54%")] == [
        ("latency", 4), ("throughput", 5), ("memory", 6)]
    assert cs["54%"].direction == "better"


def test_mlperf_server_scenario_is_not_offline() -> None:
    cs = claims("# MLPerf\n\n## Notes\n\nThe published uplift is from the offline scenario, which has no latency bound. "
                "The H100's lead is 3.5x offline but 4.2x in the latency-bounded Server scenario.\n")
    assert (cs["3.5x"].op_kind, cs["4.2x"].op_kind) == ("offline", "unstated")
    table = [c for c in classify(extract(parse_string(
        "# MLPerf\n\nAll numbers below are offline runs.\n\n| GPU | Offline (tok/s) | Server (tok/s) |\n|---|---|---|\n"
        "| H100 over L40S | 3.5x | 4.2x |\n", "t.md", "markdown")))]
    assert [(c.text, c.op_kind) for c in table] == [("3.5x", "offline"), ("4.2x", "unstated")]


def test_back_references_to_a_stated_setting_carry_its_op() -> None:
    cs = claims("# Graphs\n\n## llama.cpp\n\nThe graph path is only taken at batch size 1 on a single GPU.\n\n"
                "In that setting NVIDIA measured speedups of up to 1.2x on H100.\n\n## SGLang\n\n"
                "SGLang's figure comes from Qwen3-8B on one H100 with 16 concurrent requests.\n\n"
                "Turning graphs on raised throughput by at least 2.79x.\n")
    assert (cs["1.2x"].op_kind, cs["1.2x"].op_value) == ("batch_size", 1)
    assert (cs["2.79x"].op_kind, cs["2.79x"].op_value) == ("concurrency", 16)
    cs = claims("# Turbo LoRA\n\n- Measured as throughput per request at batch size 1 on one A100: 1.5x the base model.\n"
                "- Same setup, compared with a standard LoRA adapter: again 2-3x.\n")
    assert (cs["2-3x"].op_kind, cs["2-3x"].op_value) == ("batch_size", 1)


def test_the_baselines_load_is_not_the_figures() -> None:
    cs = claims("At 45 concurrent requests, continuous batching lifts throughput to 1,724 tokens per second, "
                "15.5 times what a single request gets on its own.\n")
    assert (cs["15.5 times"].op_kind, cs["15.5 times"].op_value) == ("concurrency", 45)


def test_writer_y_capacity_and_compression_figures() -> None:
    cs = claims("Palu compresses the KV cache by more than 91.25% while keeping accuracy well ahead. For Qwen3-0.6B "
                "the pool goes from 43,928 to 87,857 tokens. It can double the context budget that fits in the same "
                "HBM. Lightbits reports up to 1,154× faster TTFT. Cumulative gain since PR #13: 15%.\n")
    assert (cs["91.25%"].metric, cs["91.25%"].hedge) == ("memory", "at_least")
    assert (cs["43,928 to 87,857"].metric, cs["43,928 to 87,857"].value) == ("capacity", 2.0)
    assert cs["double"].metric == "capacity"
    assert (cs["1,154×"].value, cs["1,154×"].metric) == (1154, "ttft")
    assert cs["15%"].direction == "better"
    assert claims("The 4096x4096 GEMM tile runs at 1500x1500 resolution.\n") == {}


def test_from_to_pairs_with_words_between_and_spelled_out_ends() -> None:
    cs = claims("One decode step dropped from 8.4 ms in eager mode to 5.1 ms when replayed as a graph. The KV cache "
                "left over grows from about 17K tokens in BF16 to about 193K tokens with the Int4 checkpoint. The "
                "4-bit KV cache raised the prefixes that stay resident from about eight to about 32.\n")
    assert cs["8.4 ms in eager mode to 5.1"].value == 0.607
    assert (cs["17K tokens in BF16 to about 193"].value, cs["17K tokens in BF16 to about 193"].metric) == (11.353, "capacity")
    assert cs["eight to about 32"].value == 4.0


def test_titles_aliases_and_a_stated_metric_over_a_tables_lead_in() -> None:
    cs = claims("KV CACHE COMPRESSION THAT ALSO HAS TO BE FAST: TWO ABSTRACTS, ONE REVISED\nReading notes, restated, "
                "in our own words\n\n1. Palu\n\nIt delivers up to 1.89x speedup on the attention module.\n", kind="text")
    assert cs["1.89x"].technique == "kv-cache-quantization"
    cs = claims("# A flash-backed KV tier for the agent pool\n\n## Option A\n\nWEKA showed TTFT improving 41x.\n\n"
                "## Option B\n\nThe NVFP4 KV cache cuts the KV footprint by up to 50% relative to an FP8 cache.\n\n"
                "## PR 172: CPU flash attention improvements\n\n| Test | Speedup |\n|---|---|\n| pp128 | 1.027 |\n")
    assert [cs[k].technique for k in ("41x", "50%", "1.027")] == ["kv-offloading", "kv-cache-quantization",
                                                                   "attention-kernel"]
    cs = claims("# Turn-2 TTFT\n\n## The measurement\n\nThe metric is Turn-2 TTFT: the time to first token when a "
                "conversation resumes.\n\nAll runs used 4 L40S GPUs, each with 48 GB of memory.\n\n"
                "| Model | Baseline TTFT | Cached TTFT | Improvement |\n|---|---|---|---|\n| R1-70B | 70.8 s | 465 ms | 152x |\n")
    assert cs["152x"].metric == "ttft"


def test_writer_x_rates_setup_items_and_speedup_columns() -> None:
    cs = claims("# Chunked prefill under a QPS sweep\n\n### 0.25 requests per second\n\nFor 4k prompts ITL p99 goes "
                "from 13.9 ms to 79 ms.\n\n### 1 request per second\n\nAt one request per second chunking brings the 4k "
                "cell from 282 ms to 81 ms.\n")
    assert (cs["13.9 ms to 79"].op_kind, cs["13.9 ms to 79"].op_value) == ("request_rate", 0.25)
    assert (cs["282 ms to 81"].op_kind, cs["282 ms to 81"].op_value) == ("request_rate", 1)
    cs = claims("# Digest\n\n### Chunked prefill on the paged-attention path (PR #255)\n- Enables chunked prefill.\n"
                "- Benchmark: sonnet dataset, 100 prompts at a concurrency of 32.\n- Output token throughput +8.8%.\n"
                "- Mean TPOT and ITL improve by up to 3.4%.\n")
    assert (cs["8.8%"].technique, cs["8.8%"].op_kind, cs["8.8%"].op_value) == ("chunked-prefill", "concurrency", 32)
    assert cs["3.4%"].direction == "better"
    cs = claims("## Measured module latency\n\nSetup: one B200, TP8, NVFP4, per-rank MoE module latency.\n\n"
                "| Batch size | DENSEGEMM (us) | TRTLLM-Gen (us) | Speedup vs TRTLLM-Gen |\n|---|---|---|---|\n"
                "| 1 | 149.66 | 26.78 | 0.18x |\n| 128 | 144.50 | 161.87 | 1.12x |\n")
    assert [(c.direction, c.technique) for c in (cs["0.18x"], cs["1.12x"])] == [("worse", None), ("better", None)]
    cs = claims("On prefill instances the paper reports 2.28x higher memory-capacity utilisation and 2.07x better "
                "memory-bandwidth utilisation; throughput rises 1.68x. Against the mixed deployment, P/D cuts p99 TPOT "
                "by 21%.\n")
    assert set(cs) == {"1.68x", "21%"} and cs["21%"].technique == "disaggregated-serving"


def test_word_ratios_with_a_change_noun_gain_copulas_spreads_and_ranges_below_one() -> None:
    cs = claims("The same switch is a fivefold regression at one rate and a tenfold win at another. The router "
                "served twice the request rate of a role-blind balancer. The average gain over the best existing "
                "method is 19-22%. Prompt lengths vary by 10x. Throughput goes from ~200 tok/s to ~280 tok/s.\n")
    assert (cs["fivefold"].direction, cs["tenfold"].direction) == ("worse", "better")
    assert "twice" in cs and cs["19-22%"].value == 22 and "10x" not in cs
    assert cs["200 tok/s to ~280"].value == 1.4
    cs = claims("The all-Triton models ran at 0.76-0.78x the speed of the CUDA-kernel versions.\n")
    assert cs["0.76-0.78x"].direction == "worse"
    cs = claims("BitDecoding reports up to 7.5x speedup on an RTX 4090, 4.8x on an A100 and 8.9x on an H100. The "
                "threshold is a match rate of at least 10%. Option B runs on 8x Arc Pro B60.\n")
    assert [cs[k].hedge for k in ("7.5x", "4.8x", "8.9x")] == ["up_to"] * 3 and set(cs) == {"7.5x", "4.8x", "8.9x"}


def test_a_compared_rate_is_a_result_and_numbered_plain_text_sections_scope_their_statements() -> None:
    cs = claims("It served Llama-3.1-70B FP8 on Ironwood at 9.55 req/s vs 6.52 for the BF16 model, +46%.\n")
    assert (cs["46%"].op_kind, cs["46%"].metric) == ("unstated", "throughput")
    text = ("DIGEST\n\n1. TritonMoE: fused MoE dispatch (arXiv, April 2026)\n\nThe kernel is 4.9x faster on a batch of "
            "32 tokens.\n\n2. BlendServe: batching for offline inference\n   (arXiv 2411.16102)\n\nAll numbers are "
            "offline, whole-job throughput. BlendServe delivers up to 1.44x higher throughput.\n\n"
            "3. pplx-kernels: portable MoE dispatch\n\nDispatch runs up to 10x faster than all-to-all.\n")
    cs = claims(text, kind="text")
    assert (cs["1.44x"].op_kind, cs["10x"].op_kind, cs["4.9x"].op_kind) == ("offline", "unstated", "batch_size")


def test_a_line_labelled_with_its_metric_and_a_technique_held_the_same() -> None:
    cs = claims("follow-up on the delayed-pre-block PR, at concurrency 1:\nITL p50 25.58 ms -> 6.89 ms = 3.71x\n"
                "output tok/s 35.89 -> 95.16 = 2.65X\n\nMTP acceptance identical across runs, so the ITL delta is step "
                "time.\n",
                kind="text")
    assert (cs["3.71x"].metric, cs["2.65X"].metric) == ("itl", "throughput")
    assert cs["3.71x"].technique is None
    cs = claims("# Notes\n\nMTP acceptance was identical across runs, and the delayed-pre-block PR cut ITL by 3.71x.\n")
    assert cs["3.71x"].technique is None
    cs = claims("# Notes\n\nMTP raised acceptance, and the PR cut ITL by 3.71x.\n")
    assert cs["3.71x"].technique == "speculative-decoding"


def test_runs_of_short_figure_rows_in_plain_text_are_rows_of_their_own() -> None:
    text = ("[post 6]\nFP8 W8A8 is not a free lunch at small batch. vLLM issue: Scout, BF16 vs FP8, p50 end-to-end latency:\n"
            "BS 8: 1.03x\nBS 32: 1.09x\nCompare a dense 70B on TPU: it served 9.55 req/s vs 6.52 for the BF16 model, +46%.\n")
    cs = claims(text, kind="text")
    assert [(cs[k].op_value, cs[k].line) for k in ("1.03x", "1.09x")] == [(8, 3), (32, 4)]
    assert cs["46%"].op_kind == "unstated"  # the row above is not its load
    from auditor.ingest import parse_string as ps
    doc = ps("Results were measured on one H100 with the default settings, and we saw\n"
             "latency fall 20% at low load. The gain held across every prompt length\n"
             "we tried, which we did not expect.\n", "p.txt", "text")
    assert [b.kind for b in doc.blocks] == ["paragraph"]  # hard-wrapped prose stays one paragraph


def test_row_labels_name_settings_and_all_eight_gpus_is_not_a_scope() -> None:
    text = ("[post 4]\nllama.cpp's SYCL backend got flash attention for fp16/Q4/Q8 caches. Tested on an A770, FA on vs off:\n"
            "Llama-3.1-8B Q4_K_M: TG +19.99%, PP -62.33%\ngpt-oss-20b mxfp4: TG +8.19%, PP +4.40%\n")
    cs = claims(text, kind="text")
    assert [(cs[k].technique, cs[k].metric) for k in ("19.99%", "8.19%")] == [("attention-kernel", "throughput")] * 2
    cs = claims("# Layout\n\n## Evidence\n\nTwo TP=4 replicas deliver 27.3% higher throughput than one TP=8 instance.\n\n"
                "Under light load TP=8 gives the lower mean TTFT, since a single request gets all eight GPUs.\n")
    assert cs["27.3%"].op_kind == "unstated"


def test_writer_z_za_leads_footnotes_specs_losses_and_test_beds() -> None:
    cs = claims("The gap was smallest on the LLM test, where GH200's throughput lead shrank to 2%. Intel projected "
                "Gaudi 3 throughput to beat the H100 by 50%¹ on average. Open-source stacks can lose as much as 60% of "
                "their throughput. The library can double H100 performance on GPT-J.\n")
    assert (cs["2%"].direction, cs["50%"].value, cs["60%"].direction, cs["double"].value) == ("better", 50, "worse", 2)
    assert claims("NVIDIA describes the NVLink-C2C link as seven times faster than PCIe. The new VMs have 50% more GPU "
                  "memory and a 16% higher TDP. The cores get 1.5x more dense FP4 compute. RL training gets a threefold "
                  "training speedup. The trace has a 44.1% block-level KV hit rate.\n") == {}
    cs = claims("Goodput rises one and a half to nine times.\n")
    assert (cs["one and a half to nine times"].low, cs["one and a half to nine times"].value) == (1.5, 9)
    cs = claims("# Notes\n\nThe test bed is B200 nodes with tensor parallelism across four GPUs per node. There CPD "
                "sustains 35-40% more queries per second than a conventional prefill/decode split.\n")
    assert cs["35-40%"].technique != "tensor-parallelism"
    cs = claims("# Round one\n\nEverything in this round is a chat typed into LM Studio, one request at a time.\n\n"
                "AMD says the HX 375 produces tokens up to 27% faster than the Intel chip.\n")
    assert (cs["27%"].op_kind, cs["27%"].op_value) == ("single", 1)
    cs = claims("# Long context\n\n## Option 1: offload the latent cache to host memory (ESS-style)\n\n"
                "In simulation, ESS raises decode throughput by 69.4% at 32K context.\n")
    assert cs["69.4%"].technique == "kv-offloading"


def test_a_heading_that_joins_two_techniques_names_no_single_subject() -> None:
    cs = claims("# Notes\n\n## Chunked prefill and CUDA graphs on the paged-attention path\n\nThroughput rose 8.8%.\n\n"
                "## Chunked prefill on the paged-attention path\n\nThroughput rose 7.1%.\n")
    assert (cs["8.8%"].technique, cs["7.1%"].technique) == (None, "chunked-prefill")


def test_chip_capabilities_are_not_techniques_and_split_pools_are_disaggregation() -> None:
    cs = claims("# Options\n\n## Option A\n\nNVIDIA credits the new Tensor Cores with 2x attention-layer acceleration over "
                "Blackwell and 1.5x more dense FP4 compute.\n\nSplitting prefill and decode onto separate GPU pools raised "
                "throughput per GPU by nearly 1.5x over aggregated serving.\n")
    assert cs["2x"].technique is None and "1.5x" in cs
    assert cs["1.5x"].technique == "disaggregated-serving"
    cs = claims("The hybrid cuts KV cache usage by up to 75% against the full-attention baseline.\n")
    assert (cs["75%"].metric, cs["75%"].hedge) == ("memory", "up_to")


def test_writer_zb_zc_halves_gaps_restated_pairs_and_criteria() -> None:
    cs = claims("We keep the FP8 KV cache path as a fallback: half the bytes of BF16 KV. At 128 concurrent requests the "
                "ITL gap widened to 24 % in favour of FlashInfer. It went from 118 to 131 tokens per second "
                "single-stream, about eleven percent.\n")
    assert (cs["half the"].metric, cs["half the"].value) == ("memory", 50)
    assert cs["24 %"].direction == "better" and cs["eleven percent"].hedge == "about"
    assert claims("Success criterion: P99 TTFT at the daily peak falls by at least 30 percent. Part of the per-GPU "
                  "gain comes from halving the GPU count.\n") == {}
    cs = claims("| Metric | arXiv v1 (AttentionStore) | Final (CachedAttention) |\n|---|---|---|\n"
                "| TTFT reduction | up to 88% | up to 87% |\n")
    assert (cs["88%"].technique, cs["87%"].technique) == ("kv-offloading", "kv-offloading")
    cs = claims("# llama.cpp: CUDA graphs\n\nNVIDIA measured up to 1.2x higher decode speed on H100 for a Llama 7B Q4_K_M "
                "model.\n\n## AWQ\n\nLlama 7B AWQ is 2.5x faster than FP16.\n")
    assert (cs["1.2x"].technique, cs["2.5x"].technique) == ("cuda-graphs", "weight-quantization")


def test_writer_zd_to_zg_pairs_without_from_named_ranges_and_quality_carry_over() -> None:
    cs = claims("At batch size 32 it backfires: about 18 % lower throughput, 675 down to 554 tokens/s, because "
                "rejected draft tokens burn compute. In the 20-30 TPS/user range median TTFT rises from 2538 ms to "
                "8314 ms. With four images it doubles: 12 QPS against 6.\n")
    assert (cs["675 down to 554"].value, cs["675 down to 554"].op_value) == (0.821, 32)
    assert cs["2538 ms to 8314"].direction == "worse" and cs["doubles"].value == 2
    assert claims("Request rates range from 4 to 24 QPS.\n") == {}  # a sweep, still not a claim
    assert claims("On GSM8K the 8B model scores 73.2 % in BF16. For the 70B model PTPC-FP8 reaches 87.3 %, a point "
                  "above BF16's 86.3 %.\n") == {}
    assert claims("Host offloading brings Coder's hit rate back from 0.73 to nearly 0.97.\n") == {}
    assert claims("Relative throughput (TensorRT-LLM = 1.0x). H200 has 4.8 TB/s of memory bandwidth, 1.4x the "
                  "bandwidth of H100.\n") == {}
    cs = claims("GPTQ keeps accuracy (no obvious drop on GPQA).\nThe gain is a 12% lead at best over a strong "
                "baseline. Attention data-parallel raises the concurrency ceiling from 500 to 4,000 requests.\n")
    assert "12%" in cs and "500 to 4,000" in cs


def test_writer_zd_to_zg_ops_listed_in_order_and_loaded_clauses() -> None:
    cs = claims("MagicDec reports self-speculation at 1.19x, 1.42x and 1.65x for batch sizes 32, 64 and 128. "
                "The gains were 10%, 30% and 60% at concurrency 1, 4 and 32.\n")
    assert [cs[k].op_value for k in ("1.19x", "1.42x", "1.65x", "10%", "30%", "60%")] == [32, 64, 128, 1, 4, 32]
    cs = claims("At batch sizes 1, 4 and 32, we saw 2x.\n")
    assert cs["2x"].op_kind == "unstated"  # one figure over three loads: measured at no one of them
    cs = claims("At batch size 1 the draft wins 1.96x. The speed-up falls between 10 and 60 % across batch sizes 1, 4 "
                "and 32, and the first turn gains only 10-60% across the same three batch sizes.\n")
    assert (cs["1.96x"].op_value, cs["10 and 60 %"].op_kind, cs["10-60%"].op_kind) == (1, "unstated", "unstated")
    cs = claims("vLLM spec decode on 4xH100: 1.5x at QPS=1 on ShareGPT. Same box at high QPS: 1.4x and 1.8x slower.\n")
    assert (cs["1.5x"].op_kind, cs["1.5x"].op_value) == ("request_rate", 1)
    assert cs["1.4x"].op_kind == "unstated" and cs["1.8x"].op_kind == "unstated"
    cs = claims("On the MI325X the gains are software-only and small: about 2 % in Offline and 4 % in Server.\n")
    assert (cs["2 %"].op_kind, cs["4 %"].op_kind, cs["4 %"].hedge) == ("offline", "unstated", "about")


def test_writer_zd_to_zg_technique_names_rows_and_switches() -> None:
    cs = claims("| Model | KV type | Settings | Requests/s | vs FP16 KV |\n|---|---|---|---|---|\n"
                "| llama2-7b | fp16 | bs 256 | 14.98 | 1.0 |\n| llama2-7b | int4 | bs 256 | 20.81 | 1.39x |\n")
    assert "1.0" not in cs and (cs["1.39x"].technique, cs["1.39x"].mechanism) == ("kv-cache-quantization", "residency")
    cs = claims("## FP8 Marlin for Ampere\n\n- Weights stay FP8 and run as weight-only W8A16 with INT4 Marlin.\n"
                "- Up to 2x faster in memory-bound decoding; the nm-vllm draft of the same change had claimed 1.5x.\n")
    assert cs["2x"].technique != "speculative-decoding" and cs["1.5x"].technique != "speculative-decoding"
    cs = claims("flipped on chunked prefill. c=1: TTFT ~8% worse, nothing else moved. c=64: p99 ITL cut by a third.\n")
    assert (cs["8%"].technique, cs["a third"].technique) == ("chunked-prefill", "chunked-prefill")
    assert (cs["8%"].op_value, cs["a third"].op_value) == (1, 64)
    cs = claims("With the generation SLA at 4 tokens/s, Dynamic SplitFuse lifts effective throughput up to 2.3x. "
                "In the other scenarios vLLM was up to 1.8x faster.\n")
    assert (cs["2.3x"].technique, cs["1.8x"].technique) == ("chunked-prefill", None)
    assert claims("The busiest replica ran at 1.4x the mean queue depth.\n") == {}


def test_effective_throughput_is_goodput_and_a_vs_header_names_the_baseline() -> None:
    cs = claims("Dynamic SplitFuse lifts peak effective throughput from 0.63 to 1.42 queries per second. "
                "Throughput rises 3x.\n")
    assert (cs["0.63 to 1.42"].metric, cs["3x"].metric) == ("goodput", "throughput")
    cs = claims("| Batch size | Speedup vs. dense FP8 |\n|---|---|\n| 32 | 1.62x |\n")
    assert cs["1.62x"].technique is None


def test_idioms_are_not_scope_statements_in_a_feed() -> None:
    feed = ("@servingnotes\nFP8 KV cache on Llama-3.1-8B: +14.9% output tok/s at c=8. at c=1 it's a wash below ~7k "
            "context.\n\n---\n@kvfan\nKIVI was 2.6x less peak memory.\n\n---\n@mlperf_watch\nMLPerf v5.1 Offline: "
            "2.7X. Offline = no bound at all.\n\n---\n@other\nXQA: ~2x on the full node.\n")
    cs = {c.text: c for c in classify(extract(parse_string(feed, "feed.txt", "text")))}
    assert cs["2.6x"].op_kind == "unstated" and cs["2x"].op_kind == "unstated"  # no post speaks for the feed
    assert cs["2.7X"].op_kind == "offline" and (cs["14.9%"].op_kind, cs["14.9%"].op_value) == ("concurrency", 8)


def test_writer_zh_to_zk_fp8_kernels_kv_titles_and_loads() -> None:
    cs = claims("# An FP8 GEMM is only as fast as its tile table\n\n## Ada\n\nThe PR timed tuned CUTLASS kernels against "
                "the best PyTorch FP8 result on one L40S.\n\n| Shape | Batch size 1 |\n|---|---|\n| QKV | 2.14x |\n\n"
                "## FP8 in serving\n\nFP8 W8A8 raises throughput 1.6x.\n")
    assert cs["2.14x"].technique is None and cs["1.6x"].technique == "fp8-quantization"
    cs = claims("# FP8, then NVFP4: two steps down in KV-cache precision\n\n## Step one: BF16 to FP8\n\n"
                "At concurrency 8 FP8 delivered 14.9% more output tokens per second.\n")
    assert (cs["14.9%"].technique, cs["14.9%"].mechanism) == ("kv-cache-quantization", "residency")
    cs = claims("- 10,000 concurrent 512-token prefill requests: throughput rises with the CPU hit rate, up to 9x at "
                "full hits, even though a single request with a prompt of this size gains little.\n"
                "- 10k concurrent prefills: up to 9X throughput.\n")
    assert (cs["9x"].op_kind, cs["9x"].op_value) == ("concurrency", 10000)
    assert (cs["9X"].op_kind, cs["9X"].op_value) == ("concurrency", 10000)
    assert claims("Load stepped from 3 to 60 QPS.\n") == {}
    cs = claims("It speeds up the sublayers by 30% on geometric mean (47% at most). The kernel uses a 4x unrolled loop "
                "and unrolls its loop 4x; the microbenchmark is 1.5x faster.\n")
    assert (cs["30%"].hedge, cs["47%"].hedge) == ("average", "up_to") and "4x" not in cs and "1.5x" in cs


def test_a_gain_that_slides_between_two_loads_and_arrow_pairs_after_model_names() -> None:
    cs = claims("From one request to 64 concurrent requests the MTP benefit slides from 2.11x to 1.25x.\n")
    assert (cs["2.11x"].op_kind, cs["2.11x"].op_value) == ("single", 1)
    assert (cs["1.25x"].op_kind, cs["1.25x"].op_value) == ("concurrency", 64)
    cs = claims("Medusa on H200:\n\nLlama 3.1 405B -> 108 tok/s/user, 1.9X. TTFT 800 -> 200 ms.\n")
    assert set(cs) == {"1.9X", "800 -> 200"}


def test_a_setup_sentence_after_the_figures_and_prompts_sent_in_one_go() -> None:
    cs = claims("## Overlap scheduler\n\nFigures in this section are at concurrency 32 unless the line says otherwise.\n\n"
                "- Upstream: the overlap scheduler gives 1.1x throughput over v0.3. The benchmark submits 500 random "
                "prompts (4,096 tokens in, 2,048 out) to Llama-3.2-3B-Instruct in one go.\n"
                "- Upstream: 1.9x decoding throughput on 8x H100 (10,000 prompts of 512 tokens, all submitted at once).\n"
                "- Ours: +6 % output tokens per second.\n")
    assert (cs["1.1x"].op_kind, cs["1.9x"].op_kind) == ("offline", "offline")
    assert (cs["6 %"].op_kind, cs["6 %"].op_value) == ("concurrency", 32)


def test_room_for_more_sequences_is_capacity_even_with_words_between() -> None:
    cs = claims("## Latency\n\nTTFT is what we track here.\n\n- With C, the H100 pool admits 1.9x as many concurrent "
                "8k-token sequences before preempting.\n- EP runs 4x larger decode batches.\n"
                "- It serves 2x more requests per second.\n")
    assert (cs["1.9x"].metric, cs["4x"].metric, cs["2x"].metric) == ("capacity", "capacity", "throughput")


def test_writer_zl_to_zo_specs_thresholds_tilde_ranges_and_headers() -> None:
    assert claims("Each GPU brings 50% more HBM and a 16% higher power limit. The gain came with a 17% higher power "
                  "specification. The keynote also promised 4x faster training. SLO limits are set at 10x and 5x their "
                  "values.\n") == {}
    cs = claims("A 21% depth-pruned model ran with an 82% throughput boost. Mooncake raises effective request capacity by "
                "59%~498% over baselines. It adds 40% more on L-Eval (over 80% reuse).\n")
    assert set(cs) == {"82%", "59%~498%", "40%"} and (cs["59%~498%"].low, cs["59%~498%"].value) == (59, 498)
    cs = claims("H2O reduces latency\nby up to 1.9×.\n\n| Request rate | Output tok/s vs spec off |\n|---|---|\n"
                "| 1 req/s | +41% |\n\n| Model | Retrieval-head ratio used |\n|---|---|\n| Llama | 25% |\n\n"
                "Throughput went 82,665 -> 158,596 tok/s, up to 1.9X (the \"3.8x\" in the post is the hit rate).\n")
    assert set(cs) == {"1.9×", "41%", "82,665 -> 158,596", "1.9X"}
    assert (cs["41%"].op_kind, cs["41%"].op_value) == ("request_rate", 1)


def test_a_title_listing_the_documents_parts_keeps_its_technique() -> None:
    cs = claims("# KV cache dtype for the long-context 8B tier: options, vendor figures, staging run\n\n## Vendor figures\n\n"
                "- LMDeploy, llama2-7b at batch size 256: RPS rises by about 30% with int8 and about 40% with int4 over "
                "fp16.\n\n# Notes\n")
    assert (cs["30%"].technique, cs["40%"].technique) == ("kv-cache-quantization", "kv-cache-quantization")
    cs = claims("# Second half of 2025: Blackwell, FP8 KV cache, n-gram drafting and prefix caching\n\nThroughput rose 12%.\n")
    assert cs["12%"].technique is None  # a digest's title that lists its topics still names no single technique


def test_a_table_cell_with_no_technique_reads_its_column_and_lead_in_for_a_mechanism() -> None:
    cs = claims("Speedup of the tuned GEMM kernels over the old tile configurations:\n\n| Shape | Batch size 1 |\n|---|---|\n"
                "| QKV | 2.14x |\n\nInter-token latency by release:\n\n| Concurrency | 1.5.0 (ms) | 1.8.0 (ms) | Change |\n"
                "|---|---:|---:|---:|\n| 1 | 19.94 | 18.58 | -6.8% |\n")
    assert (cs["2.14x"].technique, cs["2.14x"].mechanism) == (None, "compute")
    assert cs["6.8%"].mechanism == "unknown"  # two releases compared: the lead-in's words say nothing of a mechanism


def test_quoted_questions_end_sentences_setup_cells_and_cranked_load() -> None:
    cs = claims("# Draft models on H200\n\nSince these posts landed, teams ask: \"Do we get the headline number?\" The short "
                "answer is: for one request at a time, roughly; for a busy endpoint, no.\n\n## Numbers\n\n"
                "Output throughput went up 3.55x.\n")
    assert cs["3.55x"].op_kind == "unstated"  # the quoted question does not make "these" a document-wide scope
    cs = claims("| Change | Baseline | Result | Setup |\n|---|---|---|---|\n| v0.6.0, 8B | v0.5.3 | 5x lower TPOT | "
                "Llama 3 8B, 1xH100, 32 QPS |\n")
    assert (cs["5x"].op_kind, cs["5x"].op_value) == ("request_rate", 32)
    cs = claims("Spec decode at QPS=1 gives up to 1.5x. crank QPS up and it flips to 1.4x slower.\n")
    assert (cs["1.5x"].op_kind, cs["1.4x"].op_kind) == ("request_rate", "unstated")


def test_a_table_of_one_metrics_columns_and_a_row_statement_naming_the_load() -> None:
    cs = claims("## Our run\n\nEvery row is at the stated number of concurrent requests per GPU.\n\n"
                "| Concurrency per GPU | TPOT, merged | TPOT, multi-LoRA | vs merged |\n|---|---|---|---|\n"
                "| 1 | 7.9 ms | 9.1 ms | 15 % slower |\n")
    assert (cs["15 %"].metric, cs["15 %"].direction, cs["15 %"].op_value) == ("tpot", "worse", 1)


def test_writer_zp_to_zs_factors_quantities_named_after_and_card_counts() -> None:
    cs = claims("Mean end-to-end latency falls by a factor of 2.11 with one request in flight. TTFT went 800 ms down to "
                "200 ms.\n")
    assert (cs["2.11"].value, cs["2.11"].unit, cs["2.11"].metric) == (2.11, "x", "e2e") and "800 ms down to 200" in cs
    cs = claims("INT8 KV halves the memory of the KV cache. That is room for twice as many 20k-token conversations. "
                "HiCache gives TTFT down 56% (hit rate 40% → 80%).\n")
    assert (cs["halves"].metric, cs["twice"].metric, cs["56%"].metric) == ("memory", "capacity", "ttft")
    assert "40%" not in cs and "80%" not in cs
    assert claims("I run it on my 2x 4090 box with 2x RTX 3090 cards.\n") == {}


def test_a_preamble_sentence_with_a_fraction_is_a_claim_not_a_scope() -> None:
    cs = claims("# FP8 KV cache in vLLM: half the memory, 14.9% more throughput\n\nMeasured one request at a time, the "
                "decode cost of each additional cached token falls to roughly half.\n\n## Load\n\nAt concurrency 8 it "
                "gives 14.9% more output tokens per second; the cache keeps twice as many tokens resident.\n")
    assert all(c.op_kind != "single" for t, c in cs.items() if t != "half")  # one request is that sentence's alone


def test_all_speeds_below_at_batch_size_1_covers_every_speed_in_the_section() -> None:
    cs = claims("# Medusa\n\n## Results\n\nAll speeds below are wall-clock tokens per second on a single A100 with batch size "
                "1, on MT-Bench.\n\n| Model | Medusa-2 speedup |\n|---|---|\n| Vicuna-7B | 2.83x |\n\n"
                "Coding runs 3.29x faster.\n")
    assert [(cs[k].op_kind, cs[k].op_value) for k in ("2.83x", "3.29x")] == [("batch_size", 1), ("batch_size", 1)]


def test_a_batch_cap_written_up_to_stays_part_of_an_offline_run() -> None:
    cs = claims("## KV quantisation\n\nAll numbers in this section are offline runs with up to 256 sequences per batch.\n\n"
                "| Model | INT8 KV | INT4 KV |\n|---|---|---|\n| llama2-chat-7b | 1.27x | 1.39x |\n")
    assert (cs["1.27x"].op_kind, cs["1.27x"].op_value) == ("offline", None)


def test_an_engine_subject_in_its_own_clause_after_the_technique() -> None:
    cs = claims("vLLM found the Dynamic SplitFuse advantage real only for long prompts; in the other scenarios vLLM was up "
                "to 1.8x faster. With SplitFuse, FastGen serves 2.3x more requests per second.\n")
    assert (cs["1.8x"].technique, cs["2.3x"].technique) == (None, "chunked-prefill")


def test_kv_offloading_named_as_a_cpu_tier_or_an_offloading_connector() -> None:
    cs = claims("# A CPU tier for the KV cache: what vLLM's offloading connector numbers mean for us\n\n"
                "With a single request in flight, loading the prompt's KV from DRAM instead of recomputing it cuts TTFT "
                "by 2x to 22x.\n")
    assert (cs["2x to 22x"].technique, cs["2x to 22x"].mechanism) == ("kv-offloading", "residency")


def test_a_bare_format_word_is_the_subject_when_formats_are_weighed() -> None:
    # "FP8" is no lexicon name of its own; beside "INT4 AWQ" it is still the subject of its figure
    cs = claims("# Weight formats on H100\n\nAt batch size 1 FP8 delivers 1.90x, level with INT4 AWQ.\n\n"
                "- 70B, FP8: 2.10x per GPU at batch 64, while INT4 AWQ loses its edge after batch 1.\n\n"
                "INT4 AWQ gives 1.3x against FP8 at batch size 1.\n")
    assert cs["1.90x"].technique == "fp8-quantization" and cs["1.90x"].mechanism == "mixed"
    assert cs["2.10x"].technique == "fp8-quantization"
    assert cs["1.3x"].technique == "weight-quantization"  # FP8 named as the baseline


def test_a_format_word_before_its_verb_is_the_subject_in_a_sentence_of_its_own() -> None:
    cs = claims("# Weight formats\n\nSingle-stream ITL fell from 6.9 ms to 4.6 ms with AWQ. "
                "FP8 took it from 6.9 ms to 5.4 ms.\n\n- 8B, FP8: still 1.30x at batch 64.\n\n"
                "H100 with FP8 reaches up to 4.6x the A100's maximum throughput.\n")
    assert cs["6.9 ms to 4.6"].technique == "weight-quantization"
    assert cs["6.9 ms to 5.4"].technique == "fp8-quantization"
    assert cs["1.30x"].technique == "fp8-quantization"
    assert cs["4.6x"].technique is None  # FP8 is a setting of the hardware compared


def test_two_chips_each_in_its_own_format_compare_hardware_not_formats() -> None:
    cs = claims("# MLPerf notes\n\nFP4 on the MI355X gave 2.7x the Llama 2 70B tokens per second of an MI325X "
                "running FP8.\n\nOn one H100, FP8 gives 1.6x the throughput of BF16, like the A100 result.\n")
    assert cs["2.7x"].technique is None
    assert cs["1.6x"].technique == "fp8-quantization"  # two chips named, one format weighed against BF16


def test_n_gram_alone_names_speculative_decoding() -> None:
    cs = claims("# Batch growth\n\nNVIDIA's n-gram analysis ran Llama 4 Scout on eight B200s (TP8, FP8 weights) and "
                "reported the gain for each batch size:\n\n| Batch size | Draft (k, v) | Speedup |\n|---|---|---|\n"
                "| 1 | 3, 5 | 1.96x |\n| 32 | 5, 3 | 1.33x |\n")
    assert cs["1.96x"].technique == "speculative-decoding" and cs["1.33x"].technique == "speculative-decoding"


def test_maximum_generation_throughput_is_an_offline_run() -> None:
    cs = claims("# MLA\n\nThe paper reports that the maximum generation throughput of DeepSeek-V2 rises to "
                "5.76 times that of DeepSeek 67B.\n")
    assert cs["5.76 times"].op_kind == "offline"


def test_measured_throughput_offline_scopes_the_section_by_metric() -> None:
    cs = claims("# Digest\n\n## vLLM 0.6.0\n\nUpstream measured throughput offline and TPOT in online serving.\n\n"
                "- Llama 3 8B on one H100: 2.7x higher throughput and 5x faster TPOT than v0.5.3.\n")
    assert (cs["2.7x"].op_kind, cs["2.7x"].op_source) == ("offline", "section")
    assert cs["5x"].op_kind == "unstated"  # TPOT was measured online, at no stated load


def test_below_saturation_is_no_offline_run() -> None:
    cs = claims("# Encoder disaggregation\n\nBelow saturation, P99 TTFT is often 20–50% lower than in the "
                "baseline.\n\nAt saturation the new path serves 1.3x the requests.\n")
    assert cs["20–50%"].op_kind == "unstated"
    assert cs["1.3x"].op_kind == "offline"


def test_concurrency_hovering_around_and_requests_per_rank() -> None:
    cs = claims("# Replay\n\nWe replayed an hour of traffic (concurrency hovering around 20) on one H100: FP8 KV took "
                "output throughput up 1.6x.\n\nDeepSeek-V3 on 16 H200, 2 reqs per rank: 51 → 82 tok/s per rank. "
                "At 128 reqs per rank: +14%.\n\nThe pool serves 4 requests per GPU per second, 1.2x more.\n")
    assert (cs["1.6x"].op_kind, cs["1.6x"].op_value) == ("concurrency", 20)
    assert (cs["51 → 82"].op_kind, cs["51 → 82"].op_value) == ("concurrency", 2)
    assert (cs["14%"].op_kind, cs["14%"].op_value) == ("concurrency", 128)
    assert cs["1.2x"].op_kind != "concurrency"  # a rate per GPU, not requests in flight


def test_all_of_this_is_no_scope_statement() -> None:
    cs = claims("# FlexGen\n\n## Abstract\n\nAll of this buys a larger batch: OPT-175B on one 16 GB GPU reaches "
                "1 token/s with an effective batch size of 144.\n\nH2O lifts generation throughput by up to 29x.\n")
    assert cs["29x"].op_kind == "unstated"


def test_end_to_end_before_speed_up_counts_once() -> None:
    cs = claims("# Notes\n\nThe summary reports a 10-60% end-to-end runtime speed-up on the first turn and 30-90% "
                "on the second turn.\n")
    assert "10-60%" in cs and "30-90%" in cs


def test_a_measured_rps_column_is_not_the_load_and_a_setup_share_is_no_figure() -> None:
    cs = claims("# KV quantization\n\n### Throughput\n\nAll numbers in this table come from one offline run per row: "
                "10,000 prompts, the KV cache given 80% of free memory for the 7B models and 90% for 13B.\n\n"
                "| Model | KV type | RPS | vs FP16 KV |\n|---|---|---|---|\n| llama2-chat-7b | INT8 | 19.01 | 1.27x |\n\n"
                "| Model | QPS | Speedup |\n|---|---|---|\n| llama2-chat-7b | 0.25 | 1.5x |\n")
    assert cs["1.27x"].op_kind == "offline" and cs["1.27x"].op_value is None
    assert (cs["1.5x"].op_kind, cs["1.5x"].op_value) == ("request_rate", 0.25)  # a load offered


def test_a_heading_or_column_naming_the_baseline_format_is_not_the_topic() -> None:
    cs = claims("# Llama 2 70B on one H100\n\n## Against a dense FP8 model, by batch size\n\n"
                "Every sparsified engine runs FP8 at TP=1; the dense FP8 engine needs TP=2.\n\n"
                "| Batch size | Speedup over the dense FP8 model |\n|---|---|\n| 32 | 1.62x |\n\n"
                "## Sparsity for the batch tier\n\nThe sparse tensor-core GEMMs help less as the batch grows:\n\n"
                "| Batch size | Speedup vs. dense FP8 |\n|---|---|\n| 64 | 1.52x |\n")
    assert cs["1.62x"].technique is None  # not FP8: the heading and the column name the baseline
    assert cs["1.52x"].technique is None


def test_a_sparsity_section_does_not_inherit_the_title_format() -> None:
    cs = claims("# FP8 or INT4 AWQ for the Llama tiers\n\n## Sparsity for the batch tier\n\n"
                "The sparse tensor-core GEMMs help less as the batch grows:\n\n"
                "| Batch size | Speedup vs. dense FP8 |\n|---|---|\n| 64 | 1.52x |\n")
    assert cs["1.52x"].technique is None


def test_a_title_listing_cache_formats_names_the_cache_and_shipped_formats_are_settings() -> None:
    cs = claims("# KV-cache formats: FP8, NVFP4, and what concurrency does to them\n\n## Latency slope at concurrency 1\n\n"
                "For Llama-3.1-8B over 150 requests, median ITL went from 15.18 ms to 12.93 ms.\n\n"
                "gpt-oss-20b, whose MoE weights already ship in MXFP4, gains less: its ITL slope falls by 20% with "
                "every layer in FP8 and by 29% when the sliding-window layers keep a BF16 cache.\n")
    assert cs["15.18 ms to 12.93"].technique == "kv-cache-quantization"
    assert cs["20%"].technique == "kv-cache-quantization" and cs["29%"].technique == "kv-cache-quantization"


def test_a_layer_wise_multiple_is_a_claim_with_no_serving_metric() -> None:
    cs = claims("# MR-GPTQ\n\nAgainst FP16, the FP4 kernels deliver up to 3.6x layer-wise and up to 2.2x end-to-end "
                "on an NVIDIA B200.\n\nThe cluster has 8x layers of cache.\n")
    assert cs["3.6x"].metric == "unspecified" and cs["2.2x"].metric == "e2e"
    assert "8x" not in cs


def test_a_caption_scope_names_each_metric_its_load() -> None:
    cs = claims("# v0.6.0\n\n## The headline\n\nPer the caption under the comparison figure, every TPOT figure in this "
                "section was taken at 32 QPS, and every throughput figure was taken with the request rate set to inf.\n\n"
                "- Llama 3 8B: 2.7x higher throughput and 5x faster time per output token.\n")
    assert cs["2.7x"].op_kind == "offline"
    assert (cs["5x"].op_kind, cs["5x"].op_value) == ("request_rate", 32)


def test_saturated_at_a_stated_load_is_that_load() -> None:
    cs = claims("# NIM\n\nThe gain grows with load: 6.7% with a single request in flight, 18% once the pair of GPUs "
                "is saturated at 100 concurrent requests.\n")
    assert (cs["18%"].op_kind, cs["18%"].op_value) == ("concurrency", 100)


def test_a_sign_split_off_by_the_sentencizer_and_a_tilde_range() -> None:
    cs = claims("# Feed\n\nNIM 1.8 vs 1.3: +35% tok/s at c=200. -5.7% tok/s at c=1. same release.\n\n"
                "- Kimi-K3: combined all-gathers, with a 1.5~3x kernel-level speedup.\n")
    assert cs["5.7%"].direction == "worse"
    assert (cs["1.5~3x"].low, cs["1.5~3x"].value) == (1.5, 3.0)


def test_an_op_right_after_an_earlier_figure_is_that_figures() -> None:
    cs = claims("# Two vendors\n\nThe headline 2.11x at concurrency 1 fades to 1.25x at 64 concurrent requests on "
                "random data.\n")
    assert (cs["2.11x"].op_kind, cs["2.11x"].op_value) == ("concurrency", 1)
    assert (cs["1.25x"].op_kind, cs["1.25x"].op_value) == ("concurrency", 64)


def test_a_post_line_ending_in_a_colon_leads_the_lines_below() -> None:
    cs = claims("@quant_or_not · 2025-02-03\nINT4 AWQ, Llama-3.1-8B, one H200, TRT-LLM:\nbs=1: +33% tok/s vs BF16\n"
                "bs=8: 0.75x\n", kind="text")
    assert cs["33%"].technique == "weight-quantization" and cs["0.75x"].technique == "weight-quantization"
    assert (cs["0.75x"].op_kind, cs["0.75x"].op_value) == ("batch_size", 8)


def test_one_kernel_against_another_in_the_same_format_is_no_quantization_claim() -> None:
    cs = claims("# Kernel notes\n\nIn the prefill phase, GemLite's FP8 GEMM path is 9–10x faster than tinygemm.\n\n"
                "Turning off DeepGEMM's FP8 GEMM kernels cost 2.7%.\n\n"
                "- **INT8 W8A8 on Turing.** The tuned kernels run 1.19x to 1.27x faster than the previous CUTLASS "
                "configs.\n\nThe FP8 GEMM is 1.6x faster than the BF16 GEMM kernel.\n")
    assert cs["9–10x"].technique is None and cs["2.7%"].technique is None
    assert cs["1.19x to 1.27x"].technique is None
    assert cs["1.6x"].technique == "fp8-quantization"  # the formats differ: a quantisation claim


def test_the_system_the_sentence_before_opens_with_is_measured_against_the_engine() -> None:
    cs = claims("# Capacity\n\nSarathi-Serve splits long prompts into chunks and piggybacks decode tokens onto them. "
                "Against vLLM, the authors report 2.6x higher serving capacity for Mistral-7B.\n\n"
                "**DeepSpeed-FastGen.** Dynamic SplitFuse splits long prompts into chunks. Against vLLM the system "
                "reports up to 2.3x higher effective throughput.\n")
    assert cs["2.6x"].technique == "chunked-prefill"
    assert cs["2.3x"].technique is None  # an engine (FastGen) against an engine


def test_a_table_under_a_lead_in_that_opens_with_the_system_against_an_engine() -> None:
    cs = claims("# Fine print\n\nSarathi-Serve measures serving capacity, the highest request rate that keeps tail latency "
                "inside the SLO, and it also compares against vLLM.\n\n| Model | GPUs | Capacity gain vs. vLLM |\n"
                "|---|---|---|\n| Mistral-7B | 1x A100 | 2.6x |\n\nThe vLLM team measured it too.\n\n"
                "| Model | Speedup vs. vLLM |\n|---|---|\n| Llama 3 8B | 1.8x |\n")
    assert cs["2.6x"].technique == "chunked-prefill"
    assert cs["1.8x"].technique is None


def test_avg_after_a_figure_and_a_share_of_a_metric_lost() -> None:
    cs = claims("# Notes\n\nDeepSeek-R1 FP4 on 8x B200, bs=1: CUDA graphs 7.22x avg. More later.\n\n"
                "Relative to an unchunked prefill, 256-token chunks cost up to 20% of prefill throughput.\n")
    assert cs["7.22x"].hedge == "average"
    assert (cs["20%"].metric, cs["20%"].direction) == ("throughput", "worse")


def test_training_figures_and_compared_hardware_counts() -> None:
    cs = claims("# Launch\n\nUp to 2.5x training performance per dollar and up to 1.4x inference performance per dollar.\n\n"
                'Gaudi 3 "1.3x H100 on average" was a projection. Independent 405B test: H200 ~9x Gaudi 3.\n\n'
                "The pod has 8x Trillium chips and the node 8x H100.\n")
    assert "2.5x" not in cs and "1.4x" in cs
    assert "1.3x" in cs and "9x" in cs
    assert "8x" not in cs


def test_a_transposed_header_is_a_short_label_and_compared_columns_beat_the_heading() -> None:
    cs = claims("# DeepGEMM\n\n## 3. End-to-end evidence from a third party\n\n"
                "| Batch size (M) | N x K | Speedup vs CUTLASS 3.6 |\n|---|---|---|\n| 64 | 2112 x 7168 | 2.7x |\n\n"
                "| Concurrency | AITER off (tok/s) | AITER on (tok/s) | Difference |\n|---|---|---|---|\n"
                "| 1 | 137 | 150 | +10.01% |\n")
    assert (cs["2.7x"].op_kind, cs["2.7x"].op_value) == ("batch_size", 64)
    assert (cs["10.01%"].metric, cs["10.01%"].direction) == ("throughput", "better")


def test_c32_is_a_concurrency() -> None:
    cs = claims("# Feed\n\ncustom all-reduce vs NCCL, TP=2 on 2x H100 at c32: 4,034 -> 4,441 tok/s, +10.1%.\n\n"
                "TRT-LLM finer CUDA graph batch list on DeepSeek-V3.2: ~5% slower than the +64 list around c500.\n")
    assert (cs["10.1%"].op_kind, cs["10.1%"].op_value) == ("concurrency", 32)
    assert (cs["5%"].op_kind, cs["5%"].op_value) == ("concurrency", 500)


def test_posts_split_on_rules_and_a_source_line_is_no_title() -> None:
    text = ("Source: posts citing the Dynamo GTC announcement and the DistServe paper.\n\n---\n"
            "@kvwrangler: llm-d precise prefix routing in front of 8 A10G pods, 512 concurrent. ~2.3x output tok/s.\n"
            "---\n@moe_enjoyer: EPLB on DeepSeek-V3 in SGLang: 2.54X decode tput, 1.49X prefill.\n---\n"
            "@int4_enjoyer · 2d\nLMDeploy KV quant, offline profiling (max batch 256, 10k prompts), llama2-chat-7b:\n"
            "  kv int8: 1.27x RPS\n  kv int4: +39% RPS\n")
    cs = claims(text, kind="text")
    assert cs["2.54X"].technique is None and cs["2.54X"].metric == "throughput"  # not the citation's Dynamo
    assert (cs["2.3x"].op_kind, cs["2.3x"].op_value) == ("concurrency", 512)
    assert cs["39%"].technique == "kv-cache-quantization"
    assert cs["1.27x"].op_kind == "offline"  # the batch cap is a setting of the offline run


def test_a_gain_that_ranges_from_one_percent_to_another_is_a_range() -> None:
    cs = claims("# Mooncake\n\nThe gain in effective request capacity ranges from 59 % to 498 % against baseline methods.\n\n"
                "The hit rate went from 20% to 75%, and throughput rose 2x.\n")
    assert (cs["59 % to 498 %"].low, cs["59 % to 498 %"].value, cs["59 % to 498 %"].hedge) == (59, 498, "range")
    assert not any(k.startswith("20%") or k == "75%" for k in cs)  # a level moved, no claim


def test_a_source_line_citing_one_source_may_name_the_topic() -> None:
    cs = claims('Source: NVIDIA technical blog, "TensorRT-LLM speculative decoding boosts Llama 3.3 70B throughput".\n\n'
                "On H200 the gain is 3.55x.\n", kind="text")
    assert cs["3.55x"].technique == "speculative-decoding"


def test_a_statement_about_a_later_section_speaks_from_there_on() -> None:
    text = ("Three Tree-Based Decoding Papers, Read Closely\n\nABSTRACT\n\nTree-based papers report decoding speedups of two to three "
            "times over autoregressive decoding.\n\n1. SETUP\n\nUnless a sentence says otherwise, every figure in "
            "Section 2 was measured at batch size 1, with greedy decoding.\n\n2. RESULTS\n\n"
            "Medusa-2 makes Vicuna-7B, 13B and 33B decode 2.3x to 3.6x faster.\n")
    cs = claims(text, kind="text")
    assert (cs["2.3x to 3.6x"].op_kind, cs["2.3x to 3.6x"].op_value) == ("batch_size", 1)
    assert cs["two to three times"].op_kind == "unstated"  # the abstract comes before the statement


def test_a_feed_pasted_one_post_a_line_and_a_load_above_the_one_named() -> None:
    text = ("vLLM spec decode: 2.8x at 1 QPS (n-gram, Llama3-70B, 4xH100). Nobody screenshots the slowdown.\n"
            "Sarathi-Serve: 2.6x serving capacity vs vLLM for Mistral-7B on one A100. A cheap lunch.\n"
            "LLM.int8 was 15-23% slower than fp16 on BLOOM-176B. It was about memory.\n\n"
            "3. WHAT HAPPENS ABOVE BATCH SIZE ONE\n\nAt high QPS the same configurations were 1.4x slower.\n")
    cs = claims(text, kind="text")
    assert (cs["2.8x"].op_kind, cs["2.8x"].op_value) == ("request_rate", 1)
    assert cs["2.6x"].op_kind == "unstated" and cs["15-23%"].op_kind == "unstated"  # not the post above's 1 QPS
    assert cs["1.4x"].op_kind == "unstated"  # not batch size one


def test_a_pipe_table_pasted_into_plain_text_is_a_table() -> None:
    text = ("MagicDec results\n\n  Table 1. Speedup over autoregressive decoding, 8 GPUs per system\n\n"
            "  Batch size | A100, Llama3.1-8B | H100 SXM, Llama3.1-8B\n  -----------+-------------------+------\n"
            "  32         | 1.22x             | 1.23x\n  128        | 1.47x             | n/a\n")
    cs = claims(text, kind="text")
    assert (cs["1.22x"].op_kind, cs["1.22x"].op_value, cs["1.22x"].line) == ("batch_size", 32, 7)
    assert (cs["1.47x"].op_kind, cs["1.47x"].op_value) == ("batch_size", 128)


def test_a_loaded_run_named_between_the_op_and_the_figure() -> None:
    cs = claims("# Notes\n\nAt QPS 1, n-gram lookup gave up to 2.8x, but at high QPS the same setups ran 1.4x and "
                "1.8x slower.\n\nvLLM n-gram spec decode: 2.8x at QPS 1. crank the QPS and it's a 1.9x slowdown.\n")
    assert (cs["2.8x"].op_kind, cs["2.8x"].op_value) == ("request_rate", 1)
    assert cs["1.8x"].op_kind == "unstated" and cs["1.9x"].op_kind == "unstated"


def test_kv_block_reuse_is_prefix_caching() -> None:
    cs = claims("# KV block reuse on the support assistant\n\nWith block reuse on, p50 TTFT fell 63% at 16 concurrent "
                "requests.\n")
    assert cs["63%"].technique == "prefix-caching"


def test_a_percent_up_from_an_earlier_level_is_that_level() -> None:
    cs = claims("# Notes\n\n- Prefix cache hit rate on chat-8b is 47% on V1, up from 41% on V0.\n"
                "- Throughput is up 12%, up from 9% last week.\n")
    assert "41%" not in cs and "12%" in cs


def test_hit_rate_multiples_and_alert_thresholds_are_no_claims() -> None:
    cs = claims("# Router\n\nUpstream reports up to 1.9x throughput with a 3.8x higher cache hit rate.\n\n"
                "Page if KV cache usage stays above 95 % for ten minutes.\n")
    assert "1.9x" in cs and "3.8x" not in cs and "95 %" not in cs


def test_prose_typed_with_two_spaces_after_a_full_stop_is_no_table() -> None:
    """Two hard-wrapped lines that each hold one double-spaced sentence break split into two 'cells'
    apiece; read as a table, the first line became a header and lost the paragraph's technique."""
    text = ("Rollout notes\n\nFP8 weights raised throughput 1.4x at concurrency 32.  The gain\n"
            "at one request was only 1.2x, on the same model.  We keep it on.\n\nEnd of notes.\n")
    doc = parse_string(text, "notes.txt", "text")
    assert [b.kind for b in doc.blocks] == ["heading", "paragraph", "paragraph"]
    cs = {c.text: c for c in classify(extract(doc), doc)}
    assert (cs["1.4x"].technique, cs["1.4x"].op_value) == ("fp8-quantization", 32)
    assert (cs["1.2x"].technique, cs["1.2x"].op_kind) == ("fp8-quantization", "single")
    aligned = parse_string("Method      Speedup   Load\nEAGLE-3     2.1x      c=1\nMedusa      1.9x      c=1\n",
                           "t.txt", "text")
    assert {b.kind for b in aligned.blocks} == {"table_cell"}  # an aligned table still is one


def test_what_follows_n_times_the_metric_of_is_the_baseline() -> None:
    """'1.67x the throughput of Orca': Orca (continuous batching) is what the figure is measured against,
    so the paragraph's subject, prefix sharing, is the technique."""
    cs = claims("# Sharing the prompt's KV blocks\n\nWith prefix caching on and the few-shot prefix reused, vLLM "
                "reaches 1.67x the throughput of Orca (Oracle).\n")
    assert cs["1.67x"].technique == "prefix-caching"


def test_a_parallel_layout_outside_the_lexicon_set_against_tp_is_no_tp_claim() -> None:
    cs = claims("# Llama 3.1 405B on eight H200s\n\nIn the minimum-latency scenario tensor parallelism is 5.6x faster "
                "than pipeline parallelism.\n\nAt maximum throughput the order flips: pipeline parallelism delivers "
                "1.5x the throughput of tensor parallelism.\n")
    assert cs["5.6x"].technique == "tensor-parallelism" and cs["1.5x"].technique is None


def test_an_engine_baseline_table_under_a_system_heading_measures_that_system() -> None:
    cs = claims("# Chunked prefills, a results digest\n\n## Sarathi-Serve: capacity under a latency SLO\n\n"
                "Serving capacity is the highest request rate that meets the P99 TBT objective.\n\n"
                "| Model | GPUs | Capacity vs. vLLM |\n|---|---|---|\n| Mistral-7B | 1x A100 | 2.6x |\n"
                "| Yi-34B | 2x A100 | up to 3.7x |\n")
    assert cs["2.6x"].technique == "chunked-prefill" and cs["3.7x"].mechanism == "compute"
    cs = claims("# Engines on H100\n\n## Results\n\n| Model | Throughput vs. vLLM |\n|---|---|\n| Llama 3 8B | 1.4x |\n")
    assert cs["1.4x"].technique is None  # no system named over the table: an engine comparison


def test_an_at_sign_states_the_load_and_a_lead_in_setting_is_no_table_technique() -> None:
    cs = claims("Llama 3.1 70B on 8x MI300X @ 32 QPS: vLLM vs TGI = 1.8x throughput.\n", "text")
    assert (cs["1.8x"].op_kind, cs["1.8x"].op_value) == ("request_rate", 32)
    cs = claims("# Two runtimes\n\n## Results\n\nAll figures are maximum throughput with in-flight batching off and "
                "each system at its best batch size.\n\n| Model | Throughput increase |\n|---|---|\n"
                "| Llama-3-8B | 1.39x |\n")
    assert cs["1.39x"].technique is None  # the lead-in names in-flight batching as a setting of every row


def test_tp_sizes_a_baseline_column_and_a_credited_list_name_no_technique() -> None:
    cs = claims("# Overlap scheduler\n\nWith the overlap on, throughput rose 1.1x over the previous scheduler. The gain "
                "is largest for large tensor-parallel sizes.\n")
    assert cs["1.1x"].technique is None
    cs = claims("| Feature | Baseline | Speedup as published |\n|---|---|---|\n"
                "| Data-parallel attention | tensor-parallel attention, v0.3 | up to 1.9x decode throughput |\n"
                "| MTP heads | no MTP | 1.8x |\n")
    assert cs["1.9x"].technique is None  # the baseline column's TP is what the row is measured against
    assert cs["1.8x"].technique == "speculative-decoding"  # "no MTP": the change named by its absence
    cs = claims("The README credits persistent batching, a blocked KV cache, dynamic split-and-fuse, tensor parallelism "
                "and its CUDA kernels together for up to 1.8x higher request throughput than vLLM.\n")
    assert cs["1.8x"].technique is None


def test_disagg_is_short_for_disaggregated_serving() -> None:
    cs = claims("[4/7] Disagg on GB200 vs aggregated: 1.4-1.8X with MTP off.\n", "text")
    assert cs["1.4-1.8X"].technique == "disaggregated-serving"
    cs = claims("Papers this week\n\nPD-Multiplexing: goodput up to 3.06X over disagg baselines.\n", "text")
    assert cs["3.06X"].technique is None  # named as the baseline


def test_peak_throughput_beside_a_figure_names_its_metric_as_well_as_its_load() -> None:
    cs = claims("An async scheduling patch got +10% peak throughput and twice the latency.\n")
    assert (cs["10%"].metric, cs["10%"].direction, cs["10%"].op_kind) == ("throughput", "better", "offline")
    cs = claims("The note headlines up to 4.6x the A100's maximum throughput and up to 4.4x faster first-token latency.\n")
    assert (cs["4.6x"].metric, cs["4.4x"].metric) == ("throughput", "ttft")
    cs = claims("Prefix-aware load balancing improves TTFT by up to 96% at peak throughput.\n")
    assert cs["96%"].metric == "ttft"  # 'at peak throughput' is only the load


def test_a_list_item_ending_in_a_load_leads_its_indented_sub_items_only() -> None:
    cs = claims("## Changed\n\n- **Chunked prefill on by default.** Their benchmark ran at concurrency 32:\n"
                "  - output throughput +8.8%\n  - mean TTFT -7.1%\n- **Mixed chunks for MiniMax.** Output throughput "
                "+10.1% at concurrency 64.\n- Prefix caching: +5% throughput.\n")
    assert (cs["8.8%"].op_kind, cs["8.8%"].op_value) == ("concurrency", 32)
    assert (cs["7.1%"].op_kind, cs["7.1%"].op_value) == ("concurrency", 32)
    assert cs["5%"].op_kind == "unstated"  # a sibling of the lead-in item, not one of its sub-items


def test_sweep_stages_replica_counts_and_fleet_moves() -> None:
    cs = claims("- In the 40 QPS stage, placement lifted achieved rate from 32.62 to 36.04 requests per second.\n")
    assert (cs["32.62 to 36.04"].op_kind, cs["32.62 to 36.04"].op_value) == ("request_rate", 40)
    assert claims("| Pool | Prefill | Decode |\n|---|---|---|\n| rag-70b | 2 x TP4 | 1 x DEP8 |\n") == {}
    assert claims("Move chat-8b from 6 L40S to 2 H100 if the tier stays small.\n") == {}


def test_beats_names_the_baseline_and_mooncake_is_a_disaggregated_architecture() -> None:
    cs = claims("# Disaggregated serving on GB200\n\nWith MTP off, disaggregation beats aggregated in-flight batching by "
                "1.4x to 1.8x in throughput per GPU.\n")
    assert cs["1.4x to 1.8x"].technique == "disaggregated-serving"
    cs = claims("Notes\n\nMooncake (Kimi prod): +75% requests served on real traffic.\n\nWith LMCache on a Mooncake Store "
                "backend, TTFT fell 2.1x on a cache hit.\n", "text")
    assert cs["75%"].technique == "disaggregated-serving" and cs["2.1x"].technique == "kv-offloading"


def test_apple_and_other_accelerators_compared_are_no_technique() -> None:
    cs = claims("# Speculative decoding on a Mac\n\n## The bandwidth ceiling\n\nAtomGradient measured an M2 Ultra at "
                "roughly 3.3x the decode speed of an M2 Pro on the same model.\n")
    assert cs["3.3x"].technique is None and cs["3.3x"].baseline == "M2 Pro"


def test_direction_of_list_members_a_shrinking_gap_and_the_load_behind_a_figure() -> None:
    cs = claims("At 5, 10 and 50 concurrent requests the enabled runs are slightly slower, by 1.05%, 0.77% and 0.91% "
                "respectively.\n")
    assert {c.direction for c in cs.values()} == {"worse"} and len(cs) == 3
    cs = claims("With 8 concurrent requests the gap in aggregate output throughput shrinks to 1.4x.\n")
    assert cs["1.4x"].direction == "better"  # what is left of the lead is still a lead
    cs = claims("Neither source states the request rate behind the 30% and 2x.\n")
    assert cs["30%"].direction == "better" and cs["2x"].direction == "better"


def test_hedges_before_a_sign_and_bounds_from_above() -> None:
    cs = claims("cachedattention: TTFT up to -87%, prefill tput up to 7.8x, cost up to -70%.\n", "text")
    assert (cs["87%"].hedge, cs["70%"].hedge, cs["87%"].direction) == ("up_to", "up_to", "better")
    cs = claims("V1 prefix caching costs less than 1% of throughput even at a 0% hit rate. The policy adds at most 15 % "
                "to iteration latency.\n")
    assert cs["1%"].hedge == "up_to" and cs["15 %"].hedge == "up_to"
    cs = claims("Gemma 4 31B with a tiny draft: ~+29% avg speedup, +50% on code prompts.\n", "text")
    assert cs["29%"].hedge == "average" and cs["50%"].hedge == "none"


def test_a_figures_own_load_after_it_and_a_bare_load_in_a_list() -> None:
    cs = claims("MTP: 2.11x better at concurrency 1 1.25x at concurrency 64. the speedup is real\n")
    assert (cs["2.11x"].op_value, cs["1.25x"].op_value) == (1, 64)
    cs = claims("Mean end-to-end latency improves 2.11x at max concurrency 1, 1.84x at max concurrency 4, 1.53x at 16 "
                "and 1.25x at 64.\n")
    assert [(cs[k].op_kind, cs[k].op_value) for k in ("1.53x", "1.25x")] == [("concurrency", 16), ("concurrency", 64)]
    assert claims("The gain is 2x at 4 GPUs.\n")["2x"].op_kind == "unstated"


def test_a_setting_column_keeps_the_lead_ins_load_to_its_own_row() -> None:
    cs = claims("FlashInfer's cascade kernel reports up to 31x faster decoding with batch size 256.\n\n"
                "| Kernel | Baseline | Setting | Reported speedup |\n|---|---|---|---|\n"
                "| FlashAttention-3 | FlashAttention-2 | H100 SXM5, FP16, head dim 64 to 256 | 1.5-2.0x |\n"
                "| FlashInfer cascade | vLLM PagedAttention | batch size 256, 32k shared prompt | up to 31x |\n")
    assert cs["1.5-2.0x"].op_kind == "unstated"
    assert (cs["up to 31x"].op_kind if "up to 31x" in cs else cs["31x"].op_kind) == "batch_size"


def test_a_later_clause_whose_figure_is_a_word_keeps_its_load() -> None:
    cs = claims("- Llama 3 70B on 4x H100: 1.8x throughput, and TPOT at the same 32 QPS is halved.\n")
    assert cs["1.8x"].op_kind == "unstated" and (cs["halved"].op_kind, cs["halved"].op_value) == ("request_rate", 32)


def test_speedups_written_without_an_x() -> None:
    cs = claims("Against the default layout, the layouts HAP chooses give speedups of 1.68, 1.77 and 1.57 on A100, A6000 "
                "and V100.\n")
    assert [(cs[k].value, cs[k].unit) for k in ("1.68", "1.77", "1.57")] == [(1.68, "x"), (1.77, "x"), (1.57, "x")]
    assert claims("It ships speedups of 12 new kernels.\n") == {}  # a count, not a multiple


def test_offline_as_when_a_step_runs_one_prompt_at_a_time_and_a_lone_metric_scope() -> None:
    cs = claims("# Chunk KV reuse for RAG\n\nThe approaches below compute each chunk's keys and values once, offline or on "
                "first use.\n\n- TurboRAG reports TTFT up to 9.4x lower than a conventional RAG pipeline.\n")
    assert cs["9.4x"].op_kind == "unstated"
    cs = claims("@prefill_pain: MInference on one A100, one prompt at a time: prefill 1766s -> 179s. ~10x.\n", "text")
    assert cs["10x"].op_kind == "single"
    cs = claims("# MInference\n\nOn a single A100 it accelerates pre-filling by up to 10x at 1M tokens.\n\n## Setup\n\n"
                "Every latency figure in this document is for one A100, serving one request at a time.\n")
    assert cs["10x"].op_kind == "single"  # the one metric the document scopes; the figure names none


def test_non_prefix_kv_reuse_systems_are_prefix_caching() -> None:
    cs = claims("Notes\n\n@ragdoll: TurboRAG precomputes chunk KV offline: up to 9.4X lower TTFT, 8.6X on avg.\n\n"
                "CacheBlend reuses stored KV whether or not the chunk is a prefix: 2.2-3.3x lower TTFT.\n", "text")
    assert cs["9.4X"].technique == "prefix-caching" and cs["2.2-3.3x"].technique == "prefix-caching"


def test_a_subsection_that_names_no_technique_inherits_its_sections() -> None:
    cs = claims("# Release notes: caching and scheduling\n\n## v0.5: hierarchical KV cache (HiCache)\n\n### New\n\n"
                "- Host memory sits behind the GPU cache.\n\n### Performance\n\n- Long-context benchmarks: up to 6x higher "
                "throughput and up to 80% lower TTFT.\n\n## v0.4: scheduler\n\n### Performance\n\n- Up to 1.1x throughput.\n")
    assert cs["6x"].technique == "kv-offloading" and cs["80%"].technique == "kv-offloading"
    assert cs["1.1x"].technique is None


def test_a_posts_byline_before_its_system_and_its_offline_runs() -> None:
    cs = claims("Posts\n\n@kvcache_kate · Mon\nDistServe puts prefill and decode on different GPUs. OSDI camera-ready: 7.4x "
                "more requests served within SLO vs vLLM / DeepSpeed-MII.\n", "text")
    assert cs["7.4x"].technique == "disaggregated-serving"
    cs = claims("In its offline profile_throughput runs (10,000 prompts), request throughput rose 1.27x with INT8 KV.\n")
    assert cs["1.27x"].op_kind == "offline"


def test_a_table_row_labelled_with_two_systems_compares_them() -> None:
    cs = claims("# NVFP4 on Blackwell racks\n\n| Comparison | Model, ISL/OSL | Gain |\n|---|---|---|\n"
                "| GB200 NVL72 vs B200 | DeepSeek-R1-0528 FP4, 1k/1k | 4.39x throughput per GPU |\n"
                "| FP4 vs FP8 | DeepSeek-R1 on B200 | 1.6x throughput per GPU |\n")
    assert cs["4.39x"].technique is None and cs["1.6x"].technique == "fp8-quantization"


def test_what_both_systems_ran_is_their_shared_setup() -> None:
    cs = claims("# Rack-scale MoE\n\nBoth systems ran DeepSeek-R1-0528 in FP4 with 1k input and 1k output tokens, Dynamo "
                "with TensorRT-LLM, MTP, and disaggregated prefill and decode. At matched interactivity the GB200 NVL72 "
                "delivered up to 4.39x the throughput per GPU.\n")
    assert cs["4.39x"].technique is None


def test_switches_listed_on_and_off_are_the_runs_setup() -> None:
    cs = claims("## Pilot\n\nDecode-only replay, 16 GPUs, EP 16, CUDA graphs on, MTP off.\n\n"
                "| Backend | Throughput vs AllGather |\n|---|---|\n| DeepEP low-latency | +11% |\n")
    assert cs["11%"].technique is None
    cs = claims("Flip CUDA graphs on and you get ~2.8x back over the naive integration.\n")
    assert cs["2.8x"].technique == "cuda-graphs"


def test_mxfp8_is_a_format_like_mxfp4() -> None:
    cs = claims("| Dispatch payload | Latency speedup vs BF16 |\n|---|---|\n| MXFP8 | 1.81x |\n| NVFP4 | 3.06x |\n")
    assert cs["1.81x"].technique == "fp8-quantization" and cs["3.06x"].technique == "fp8-quantization"


def test_an_engine_plus_a_technique_is_no_bundle_and_a_lead_in_can_name_one() -> None:
    cs = claims("| Decoding | Output tokens/s | vs. plain decoding |\n|---|---|---|\n| SGLang + EAGLE-2 | 244.10 | 1.54x |\n"
                "| APAR + speculative decoding | 300 | 2.1x |\n")
    assert cs["1.54x"].technique == "speculative-decoding" and cs["2.1x"].technique is None
    cs = claims("## A tuned stack\n\nIts optimized column is SGLang with FP8 weights and an EAGLE-3 draft; the baseline is "
                "untuned vLLM, so the ratios belong to the bundle. Mean request latency:\n\n"
                "| Batch size | Speedup |\n|---|---|\n| 1 | 2.7x |\n")
    assert cs["2.7x"].technique is None


def test_a_change_stated_before_a_hit_rate_is_still_a_claim() -> None:
    cs = claims("On general QA traffic: on average, cache hits cut TTFT by 84% against full recomputation.\n")
    assert cs["84%"].metric == "ttft"
    cs = claims("DMA came out ahead of the kernel by roughly 5.5% at 0% hits and by around 15% at 80% hits.\n")
    assert set(cs) == {"5.5%", "15%"}
    assert claims("The cache hit rate rose by 40%.\n") == {}


def test_a_block_or_transfer_unit_that_grew_is_no_claim() -> None:
    assert claims("For Llama-3.1-8B-Instruct the transfer unit went from 32 KB to 2 MB.\n") == {}
    assert claims("For Llama-3.1-70B-Instruct the block copied per transfer grows from 8 KB to 1.25 MB.\n") == {}
    cs = claims("With the int4 weights, peak memory falls from 13.88 GB to 4.50 GB.\n")
    assert cs["13.88 GB to 4.50"].metric == "memory"


def test_a_gguf_type_set_against_f16_in_a_column_is_weight_quantization() -> None:
    cs = claims("| Chip | Q4_0 vs F16, TG (bs = 1) | Q4_0 vs F16, PP (bs = 512) |\n|---|---|---|\n"
                "| M2 Pro | 3.04x | 0.94x |\n")
    assert cs["3.04x"].technique == "weight-quantization" and cs["0.94x"].technique == "weight-quantization"
    cs = claims("# Notes\n\nOn an RTX 4090 laptop running Llama 3 8B Q4_K_M, the new build decodes 1.3x faster than the "
                "old one.\n")
    assert cs["1.3x"].technique is None  # the checkpoint the run used, a setting


def test_n_concurrency_and_a_rate_per_second_going_up() -> None:
    cs = claims("Qwen3.5-FP8 on 8x B200 at 256 concurrency: output throughput +1.8%, TPOT -2.6%.\n", "text")
    assert (cs["1.8%"].op_kind, cs["1.8%"].op_value) == ("concurrency", 256)
    cs = claims("tpu-inference #620: FP8-dynamic Llama-3.1-70B on Ironwood, 6.52 -> 9.55 reqs/s. +46%.\n", "text")
    assert cs["6.52 -> 9.55"].direction == "better"
    assert claims("Latency 1.2 s -> 0.9 s.\n", "text")["1.2 s -> 0.9"].direction == "better"


def test_requests_per_rank_written_with_a_slash() -> None:
    cs = claims("MTP at scale: +60.8% tok/s per rank at 2 concurrent reqs/rank vs only +14.2% at 128 reqs/rank.\n")
    assert (cs["60.8%"].op_value, cs["14.2%"].op_value) == (2, 128)


def test_a_slash_per_rank_load_alone_and_no_bare_load_from_a_thousands_comma() -> None:
    assert (lambda c: (c.op_kind, c.op_value))(claims("Only +14.2% at 128 reqs/rank.\n")["14.2%"]) == ("concurrency", 128)
    cs = claims("Decode is 1.6x faster at 2,048 tokens.\n")
    assert cs["1.6x"].op_kind == "unstated"  # "at 2,048" is no load of 2


def test_counts_of_a40s_and_other_chips_are_no_multiples() -> None:
    assert claims("LLaMA2-70B ran on 8 x A40 with TP4 + PP2.\n") == {}
    cs = claims("Two 2x A40 nodes ran it 1.3x faster than one H100.\n")
    assert set(cs) == {"1.3x"}


def test_data_parallel_attention_is_a_residency_change() -> None:
    # MLA's latent cache is copied on every tensor-parallel rank; DP attention keeps one copy per GPU, so
    # more sequences fit: a residency mechanism although DP attention is no lexicon technique.
    cs = claims("# Notes\n\nData-parallel attention for DeepSeek models gives up to 1.9x decoding throughput.\n\n"
                "Running DP attention raises the concurrency ceiling from 500 to 4,000 requests.\n")
    assert cs["1.9x"].technique is None and cs["1.9x"].mechanism == "residency"
    assert cs["500 to 4,000"].mechanism == "residency"


def test_direction_reads_past_stacked_hedges_and_the_noun_a_verb_cuts() -> None:
    def d(text: str) -> dict:
        return {k: (c.direction, c.metric) for k, c in claims("# T\n\n" + text + "\n").items()}
    assert d("Combined, the cost of serving falls by up to about 50%.") == {"50%": ("better", "cost")}
    assert d("Prompt caching reduces costs by up to 90% and latency by up to 85%.") == {
        "90%": ("better", "cost"), "85%": ("better", "latency")}
    assert d("Against ServerlessLLM, the pool cuts auto-scaling overhead by 97%.")["97%"][0] == "better"
    assert d("TRT-LLM n-gram drafting on 8xB200: +96% e2e at bs=1.")["96%"] == ("better", "e2e")
    assert d("The patch adds +12% e2e latency.")["12%"][0] == "worse"  # a latency named after e2e: more of it


def test_plural_change_nouns_make_a_change_not_a_level() -> None:
    cs = claims("# Notes\n\n- #6374, same kernel at larger batches: regressions of 2-10% against master.\n")
    assert cs["2-10%"].direction == "worse" and cs["2-10%"].metric == "unspecified"  # "at larger batches": the load
    cs = claims("# Notes\n\nVersion 2 reported accuracy gains of as much as 4% on most tasks alongside its throughput "
                "result.\n\nIt also reported TTFT reductions of up to ~37%.\n")
    assert set(cs) == {"37%"} and cs["37%"].direction == "better"  # the accuracy gain is no speed claim


def test_direction_words_near_the_figure_and_a_listed_figure_borrowing_its_leader_s() -> None:
    def d(text: str) -> dict:
        return {k: c.direction for k, c in claims("# T\n\n" + text + "\n").items()}
    assert d("At high request rates both went negative: a 1.4x slowdown on ShareGPT and 1.8x on CNN/DailyMail.") == {
        "1.4x": "worse", "1.8x": "worse"}
    assert d("Output throughput rose 4.9%, and 4.6% when the two arms swapped GPUs.") == {"4.9%": "better", "4.6%": "better"}
    assert d("Average TTFT down 56%, throughput doubled.") == {"56%": "better", "doubled": "better"}  # its own metric
    assert d("Peak throughput improved by 10%, but latency doubled, so it stays experimental.")["doubled"] == "worse"
    assert d("Upstream measures 1%-5% lower run-time performance than compiling the full model.")["1%-5%"] == "worse"
    assert d("The vector-sparse kernel gives up about 10% of throughput against dense attention.")["10%"] == "worse"
    assert d("The new kernel gives up to 2.4x the throughput of the old one.")["2.4x"] == "better"
    assert d("With one request at a time, chunking only adds its overhead: first tokens arrived 7% later.")["7%"] == "worse"
    assert d("It reduces deployment costs by as much as 77% in chat and 33% in documents.") == {"77%": "better", "33%": "better"}


def test_a_subject_outside_the_lexicon_opening_the_figure_s_clause_owns_it() -> None:
    cs = claims("# Min-latency notes\n\nTensorRT-LLM found that enabling CUDA graphs cut decode latency 7.22x on "
                "average, while the overlap scheduler on its own gave only 1.03x.\n")
    assert (cs["7.22x"].technique, cs["7.22x"].mechanism) == ("cuda-graphs", "per-token")
    # the scheduler's figure: no lexicon technique, and its own clause's cue word ("scheduler") wins over
    # the "decode latency" of the other clause
    assert (cs["1.03x"].technique, cs["1.03x"].mechanism) == (None, "compute")
    cs = claims("# Prefill\n\nPD disaggregation ran the prefill pool. Two-batch overlap lifts prefill throughput "
                "by 27% to 35% at the same token count.\n")
    assert cs["27% to 35%"].technique is None


def test_single_stream_named_beside_a_loaded_case_or_denied_is_no_operating_point() -> None:
    def op(text: str, fig: str) -> tuple:
        c = claims("# T\n\n" + text + "\n")[fig]
        return c.op_kind, c.op_value
    assert op("NVFP4 decoded 8-12% slower than FP8 in every single-stream and high-concurrency scenario.", "8-12%") == (
        "unstated", None)
    assert op("FP8 still 8-12% faster on decode, single stream and loaded.", "8-12%") == ("unstated", None)
    assert op("None of these is a single-request number. GB300 gives 2.83x the throughput per GPU of GB200.",
              "2.83x") == ("unstated", None)
    assert op("The team measured speculation inside a serving engine rather than one request at a time: a draft "
              "model gave up to 1.5x.", "1.5x") == ("unstated", None)
    assert op("The kernel spreads one request's attention across all SMs and reports 3.5x higher throughput.",
              "3.5x") == ("unstated", None)
    assert op("At a single request FP8 is 1.4x faster.", "1.4x") == ("single", 1)  # the plain case still reads


def test_all_at_once_is_offline_only_of_requests_sent() -> None:
    cs = claims("# Engines\n\nEngine comparisons compare scheduler, kernels and defaults all at once. SGLang gives "
                "2.7x the throughput of vLLM.\n\n## Runs\n\nThroughput was taken with all requests submitted at once: "
                "FP8 gives 1.4x.\n")
    assert cs["2.7x"].op_kind == "unstated"
    assert cs["1.4x"].op_kind == "offline"


def test_a_compound_s_up_is_no_rise_and_a_conditional_load_is_no_operating_point() -> None:
    cs = claims("# Rerun\n\nTurning on prefix caching cut median TTFT on follow-up turns by 71%.\n\n"
                "If your workload is one user on a 4090, the 7.73x is not your number.\n")
    assert cs["71%"].direction == "better"
    assert cs["7.73x"].op_kind == "unstated"


def test_a_setup_column_in_the_row_states_the_speedup_cell_s_load() -> None:
    cs = claims("# Overlap\n\n| Stack | Model and setup | Before | After | Change |\n|---|---|---|---|---|\n"
                "| vLLM TPU | Llama-3.2-1B, max concurrency 3, 230 in / 120 out | 6.38 req/s | 8.89 req/s | ~33% throughput |\n"
                "| vLLM GPU | Llama-3.1-8B, 230 in / 120 out | 10.1 req/s | 11.2 req/s | ~11% throughput |\n")
    assert (cs["33%"].op_kind, cs["33%"].op_value, cs["33%"].op_source) == ("concurrency", 3, "table")
    assert cs["11%"].op_kind == "unstated"


def test_a_possessive_or_mlperf_model_before_offline_makes_it_the_scenario() -> None:
    cs = claims("# KV INT8\n\n## Results\n\nEverything in this section comes from LMDeploy's offline profile_throughput "
                "runs. INT8 KV raises request throughput by 27%.\n")
    assert cs["27%"].op_kind == "offline"
    cs = claims("single B200 vs single H200, MLPerf v4.1 Llama 2 70B Offline: 2.5X.\n", "text")
    assert cs["2.5X"].op_kind == "offline"
    assert not [c for c in claims("# T\n\nIt assigns each head a pattern offline and decodes 1.6x faster.\n").values()
                if c.op_kind == "offline"]


def test_a_lead_in_that_scopes_each_load_to_a_metric_in_the_same_sentence_or_the_one_before() -> None:
    cs = claims("# Notes\n\n- Headline, against v0.5.3 on ShareGPT (500 prompts), with throughput measured by sending "
                "all requests at once and TPOT measured at 32 QPS: Llama 8B on 1x H100 gets 2.7x higher throughput "
                "and 5x faster TPOT.\n")
    assert (cs["2.7x"].op_kind, cs["5x"].op_kind, cs["5x"].op_value) == ("offline", "request_rate", 32)
    cs = claims("# Notes\n\n## 2024.09\n\n- Upstream headline; throughput is an offline run with every prompt submitted "
                "at once, TPOT is taken at 32 QPS. Llama 3 8B on 1x H100: 2.7x throughput and 5x faster TPOT.\n"
                "- Multi-step scheduling: upstream +28% throughput for 70B on 4x H100.\n")
    assert (cs["2.7x"].op_kind, cs["5x"].op_kind) == ("offline", "request_rate")
    assert cs["28%"].op_kind == "unstated"  # "every prompt submitted at once" is no scope over the section


def test_a_format_named_beside_a_chip_baseline_is_a_hardware_comparison() -> None:
    cs = claims("single B200 vs single H200: 2.5X. the \"4x vs H100\" slide is per GPU off a multi-GPU H100 box, "
                "and compares FP4 to FP8\n", "text")
    assert (cs["4x"].technique, cs["4x"].mechanism) == (None, "unknown")
    cs = claims("# FP8\n\nFP8 weights cut ITL by 30% against BF16.\n")
    assert cs["30%"].technique == "fp8-quantization"  # a 16-bit side named: the format is the change


def test_groq_specdec_and_redrafter_are_speculative_decoding() -> None:
    cs = claims("Groq SpecDec on Llama 3.1 70B: 250 → 1,660 T/s per user. 6.6X on the same LPUs.\n"
                "Apple's ReDrafter landed in TensorRT-LLM. 2.7x more tokens/s on H100.\n", "text")
    assert cs["6.6X"].technique == cs["2.7x"].technique == "speculative-decoding"
    assert cs["6.6X"].mechanism == "per-token"


def test_a_section_s_technique_is_what_an_engine_baseline_is_measured_against() -> None:
    cs = claims("# Digest\n\n## Results: Sarathi-Serve\n\nCapacity is found by sweeping the request rate.\n\n"
                "- Mistral-7B on one A100: 2.6x higher capacity than vLLM.\n")
    assert (cs["2.6x"].technique, cs["2.6x"].mechanism) == ("chunked-prefill", "compute")
    cs = claims("# Digest\n\n## SGLang / RadixAttention\n\nThe paper reports up to 6.4x higher throughput than "
                "state-of-the-art systems.\n\nvLLM is 1.3x faster than TGI here.\n")
    assert cs["6.4x"].technique is None  # no named engine: the systems are compared
    assert cs["1.3x"].technique is None  # two engines in the sentence


def test_attention_designs_outside_the_lexicon_are_not_the_paragraph_s_kernel() -> None:
    cs = claims("# Mistral\n\nIts modified FlashAttention handles the window. For a 16K-token sequence the paper "
                "reports that sliding-window attention makes decoding twice as fast.\n")
    assert (cs["twice"].technique, cs["twice"].mechanism) == (None, "unknown")
    cs = claims("@prefill_pain: MInference on one A100, Llama-3-8B 1M ctx: prefill 1766s -> 179s. "
                "but at 1K tokens it's 0.18x of FA2\n", "text")
    assert [c.technique for t, c in cs.items() if t.startswith("1766s")] == [None]


def test_changes_joined_by_plus_are_a_bundle_but_a_signed_figure_is_not() -> None:
    cs = claims("Qwen3-8B on a single H100, vLLM defaults vs SGLang + FP8 + EAGLE3: mean request latency 2.7x lower "
                "at BS=1, 1.6x at BS=8.\n", "text")
    assert (cs["2.7x"].technique, cs["1.6x"].technique) == (None, None)
    cs = claims("Max-throughput runs: CUDA graphs +22%, new MLA kernels +20%, FP8 KV cache +6%. Each one measured alone.\n",
                "text")
    assert (cs["22%"].technique, cs["6%"].technique) == ("cuda-graphs", "kv-cache-quantization")
    cs = claims("Dynamic NVFP4 quants claim up to 2.5x faster inference because the layers hit the FP4 tensor cores, "
                "plus FP8 KV calibration for 2x longer context.\n", "text")
    assert cs["2.5x"].technique == "fp8-quantization"


def test_prefix_aware_routers_and_rag_kv_reuse_are_prefix_caching() -> None:
    cs = claims("@kvwrangler: llm-d precise prefix routing in front of 8 A10G pods, 512 concurrent. ~2.3x output "
                "tok/s. same pods, same vLLM.\n", "text")
    assert (cs["2.3x"].technique, cs["2.3x"].mechanism) == ("prefix-caching", "residency")
    cs = claims("# Routers\n\n| Option | Published result |\n|---|---|\n| Dynamo KV router (Baseten) | 1.6x throughput |\n")
    assert cs["1.6x"].technique == "prefix-caching"  # one product, not Dynamo's disaggregation plus a router
    cs = claims("# RAG\n\nRAGCache reduces time to first token by up to 4x.\n")
    assert cs["4x"].technique == "prefix-caching"


def test_a_bare_format_continues_the_kv_cache_quantization_named_just_before() -> None:
    cs = claims("# Changelog\n\n## 0.4.0\n\n- Online int8/int4 KV cache quantization replaces the offline path.\n"
                "- Supported on sm80 and sm90.\n- At batch size 256, RPS rises by roughly 30% with int8 and by roughly "
                "40% with int4.\n")
    assert cs["30%"].technique == cs["40%"].technique == "kv-cache-quantization"
    assert cs["30%"].mechanism == "residency"
    cs = claims("# Changelog\n\n## 0.4.0\n\n- Online int8 KV cache quantization replaces the offline path.\n"
                "- Decode is 20% faster with int4 weights.\n")
    assert cs["20%"].technique != "kv-cache-quantization"  # the weights' format, not the cache's


def test_cpu_hits_and_multiturn_offload_are_kv_offloading() -> None:
    cs = claims("# Changelog\n\n- Measured on one H100, a CPU hit cuts single-request TTFT by 2-22x against recomputation.\n")
    assert (cs["2-22x"].technique, cs["2-22x"].mechanism) == ("kv-offloading", "residency")
    cs = claims("reply: GH200 offload: 28x TTFT vs recompute, x86 H100 only 14x.\n", "text")
    assert cs["28x"].technique == cs["14x"].technique == "kv-offloading"


def test_a_gemm_row_or_sentence_with_no_16_bit_side_compares_fp8_kernels() -> None:
    cs = claims("# FP8 GEMM backends\n\n| Path | Backend | Setup | Speedup |\n|---|---|---|---|\n"
                "| Dense FP8 GEMM, decode shapes | DeepGEMM | kernel only, H800 | 1.4x to 2.7x |\n")
    assert (cs["1.4x to 2.7x"].technique, cs["1.4x to 2.7x"].mechanism) == (None, "compute")
    cs = claims("# FP8 in three places\n\n| Placement | What changes | Gain |\n|---|---|---|\n"
                "| W8A8 (FP8 GEMMs) | FP8 tensor-core math | up to 1.6x throughput |\n")
    assert cs["1.6x"].technique == "fp8-quantization"  # W8A8 is the quantization itself
    cs = claims("# FP8 GEMMs\n\n| Kernel | vs BF16 |\n|---|---|\n| FP8 GEMM | 1.7x |\n")
    assert cs["1.7x"].technique == "fp8-quantization"  # a 16-bit side named


def test_a_technique_after_higher_than_and_a_figure_is_the_baseline() -> None:
    cs = claims("# PagedAttention\n\nOn ShareGPT vLLM sustains 1.7x-2.7x higher request rates than Orca (Oracle) and "
                "2.7x-8x higher than Orca (Max).\n")
    assert cs["1.7x-2.7x"].technique == cs["2.7x-8x"].technique == "paged-attention"
    cs = claims("# Notes\n\nThroughput is more than 2x higher with speculative decoding.\n")
    assert cs["2x"].technique == "speculative-decoding"


def test_numbered_and_spelled_variants_of_lexicon_names_match() -> None:
    for text, technique in [("Medusa-1 README: ~2x on Vicuna at batch size 1.", "speculative-decoding"),
                            ("Medusa-2 decodes 2.3x faster.", "speculative-decoding"),
                            ("torch compile makes decode 12% faster.", "kernel-fusion"),
                            ("FlashAttention2 speeds up prefill by 10%.", "attention-kernel"),
                            ("With KV-cache FP8 the batch grows 2x.", "kv-cache-quantization")]:
        cs = claims(text + "\n", "text")
        assert [c.technique for c in cs.values()] == [technique], text


def test_a_winner_column_naming_chips_makes_the_row_a_hardware_comparison() -> None:
    cs = claims("# GPUs\n\n## Dense 70B in FP8: it depends on load\n\nThe 70B model in BF16 needs 141 GB for its weights, so "
                "only the MI300X can hold it on one card.\n\n| Workload | Load | Faster GPU | Margin |\n|---|---|---|---|\n"
                "| Dense 70B FP8 | single stream | H200 | 1.12x |\n")
    assert (cs["1.12x"].technique, cs["1.12x"].mechanism) == (None, "unknown")
    cs = claims("# FP8\n\n| Model | GPU | FP8 vs BF16 |\n|---|---|---|\n| Llama 70B | H200 | 1.3x |\n")
    assert cs["1.3x"].technique == "fp8-quantization"  # a GPU column that is the setting of the row


def test_stacking_or_changing_two_things_at_once_is_a_bundle() -> None:
    cs = claims("# Tuning\n\nStacking the two, FP8 weights plus the shorter max_model_len, produced 41.8% more "
                "throughput.\n\nThe tuned side also switches to an FP8 checkpoint, so the engine and the precision "
                "change at once: total throughput rises by 82.1%.\n")
    assert cs["41.8%"].technique is None and cs["82.1%"].technique is None


def test_whole_stack_phrases_and_joins_with_changes_outside_the_lexicon_are_bundles() -> None:
    cs = claims("# SGLang\n\nOn the same hardware, the combined strategy raises output throughput by up to 5x compared "
                "with standard TP.\n")
    assert cs["5x"].technique is None
    cs = claims("@nvl72_watcher: SGLang on GB200 NVL72 w/ PD disagg + large EP: 7,583 decode tok/s per GPU, ~2.7x "
                "their H100 number.\n", "text")
    assert cs["2.7x"].technique is None
    cs = claims("MTP in SGLang with PD disagg + large EP: +60% output tok/s at 2 concurrent requests per rank.\n", "text")
    assert cs["60%"].technique == "speculative-decoding"  # the joined pair is MTP's setting


def test_tensor_cores_named_in_a_chip_s_spec_are_no_compute_cue() -> None:
    cs = claims("# Prefill tier\n\nNVIDIA's product material credits the Blackwell Ultra Tensor Cores with 2x "
                "attention-layer acceleration over Blackwell.\n")
    assert (cs["2x"].technique, cs["2x"].mechanism) == (None, "unknown")


def test_a_footnote_after_a_full_stop_ends_the_sentence() -> None:
    cs = claims("# Survey\n\nSarathi-Serve splits every prompt into chunks; its authors report 2.6x higher serving "
                "capacity than vLLM for Mistral-7B and, when the scheduler is combined with pipeline parallelism, up "
                "to 5.6x for Falcon-180B.[^1] Hybrid batches still leave attention poorly served; POD-Attention "
                "fuses both into a single kernel and runs up to 59% faster.\n")
    assert cs["2.6x"].technique == "chunked-prefill"  # the next sentence's kernel fusion is no bundle with it
    assert cs["59%"].technique == "kernel-fusion"


def test_mla_and_gqa_kernels_are_attention_kernels() -> None:
    cs = claims("# MI300X\n\n| Kernel | Where | Speedup |\n|---|---|---|\n| MLA decode | attention, decode | 17X |\n"
                "| MHA prefill | attention, prefill | 14X |\n")
    assert cs["17X"].technique == cs["14X"].technique == "attention-kernel"
    cs = claims("# Falcon\n\nMeasured on one H200 at batch size 192, the rewritten GQA generation kernels deliver up to 2.4x "
                "more throughput.\n")
    assert (cs["2.4x"].technique, cs["2.4x"].mechanism) == ("attention-kernel", "per-token")


def test_fp6_and_awq_with_its_tinychat_runtime_are_weight_quantization() -> None:
    cs = claims("# DeepSpeed FP6\n\n- FP6-LLM on one A100 reaches 1.69x to 2.65x the normalized inference throughput of "
                "the FP16 baseline.\n")
    assert cs["1.69x to 2.65x"].technique == "weight-quantization"
    cs = claims("# Formats\n\n| Method | Format | Hardware | Speedup |\n|---|---|---|---|\n"
                "| AWQ + TinyChat | 4-bit weights | desktop and mobile GPUs | more than 3x |\n")
    assert cs["3x"].technique == "weight-quantization"  # AWQ running in its own runtime, no bundle


def test_a_remark_about_numbers_elsewhere_is_no_document_scope() -> None:
    cs = claims("@kvwrangler: Nearly every spec-decode number you see is quoted at bs=1. What happens at c=64? 1/8\n\n"
                "@kvwrangler: vLLM's own write-up: up to 2.8x faster with n-gram prompt lookup. 2/8\n", "text")
    assert cs["2.8x"].op_kind == "unstated"


def test_a_chip_baseline_or_a_format_held_equal_leaves_the_format_a_setting() -> None:
    cs = claims("InferenceX, DeepSeek-V4-Pro FP4 at 8K/1K: GB300 NVL72 does up to 2.83x the tok/s/GPU of GB200 NVL72.\n",
                "text")
    assert (cs["2.83x"].technique, cs["2.83x"].mechanism) == (None, "unknown")
    cs = claims("B200 in FP4 against H200 in FP8: ~2x from the new chip at the same data type, the rest from FP4.\n", "text")
    assert cs["2x"].technique is None


def test_a_kernel_library_s_own_numbers_compare_kernels_not_formats() -> None:
    cs = claims("# DeepGEMM: block-scaled FP8 GEMMs\n\nThe 2025-04-18 update lifted DeepGEMM's peak throughput on H800 "
                "from 1350 to 1550 TFLOPS without an API change.\n\nDecode-size shapes hit up to 2.7x vs DeepSeek's own "
                "tuned CUTLASS.\n")
    assert cs["1350 to 1550"].technique is None and cs["2.7x"].technique is None
    cs = claims("# DeepGEMM: block-scaled FP8 GEMMs\n\nEnd to end, the DeepGEMM path serves 1.4x the throughput of the "
                "BF16 model.\n")
    assert cs["1.4x"].technique == "fp8-quantization"  # a 16-bit side named: the format is the change


def test_a_chip_row_or_a_chip_subject_makes_a_hardware_comparison() -> None:
    cs = claims("# FP4 on Blackwell\n\n| System (precision) | GPUs | Offline vs H100, per GPU |\n|---|---|---|\n"
                "| B200 (FP4) | 1 | 4.2x |\n")
    assert (cs["4.2x"].technique, cs["4.2x"].mechanism) == (None, "unknown")
    cs = claims("@semi_reader\nInferenceX, DeepSeek-V4-Pro FP4 at 8K/1K: GB300 NVL72 does up to 2.83x the tok/s/GPU of "
                "GB200 NVL72.\nGB300 carries a ~20% higher TCO per GPU-hour and still lands 2.31x cheaper per million "
                "tokens\n", "text")
    assert cs["2.31x"].technique is None
    cs = claims("# Skip softmax\n\nDecode gained less. H200 TPOT went from 9.34 ms to 8.58 ms with skip-softmax "
                "attention kernels.\n")
    assert [c.technique for t, c in cs.items() if t.startswith("9.34")] == ["attention-kernel"]


def test_changes_that_ship_together_and_release_baselines_leave_the_mechanism_unknown() -> None:
    cs = claims("# Notes\n\n- Multi-step scheduling and asynchronous output processing ship together; against v0.5.3 the "
                "8B model gets 2.7x the throughput.\n")
    assert (cs["2.7x"].technique, cs["2.7x"].mechanism) == (None, "unknown")
    cs = claims("# Notes\n\n- The V1 engine rewrites the API server; up to 1.7x the throughput of the V0 engine.\n")
    assert cs["1.7x"].mechanism == "unknown"
    cs = claims("# Notes\n\n- The overlap scheduler hides CPU work behind the GPU for 1.1x throughput.\n")
    assert cs["1.1x"].mechanism == "compute"  # no release named: the scheduler cue holds


def test_a_technique_named_as_absent_or_as_another_s_subject_is_not_the_figure_s() -> None:
    cs = claims("SGLang on a GB200 NVL72: 7,583 decode tok/s per GPU. That's ~2.7x an H100 per GPU. No MTP, no two-batch "
                "overlap needed on pure NVLink.\n", "text")
    assert cs["2.7x"].technique is None
    cs = claims("# MTP under load\n\n| Configuration | tok/s | vs baseline |\n|---|---|---|\n"
                "| Overlap scheduling only | 60.4 | +20.4% |\n| MTP heads | 75.0 | +49.6% |\n")
    assert cs["20.4%"].technique is None and cs["49.6%"].technique == "speculative-decoding"
    cs = claims("# Speculation\n\nPlain Jacobi decoding on such a model is only 1.05x faster than autoregressive decoding.\n")
    assert cs["1.05x"].technique is None


def test_qserve_s_w4a8kv4_is_a_system_outside_the_lexicon() -> None:
    cs = claims("# Low-bit serving\n\nAWQ made INT4 weights common. On an L40S QServe even exceeds what TensorRT-LLM reaches "
                "on an A100, which the authors translate into a 3x lower dollar cost of serving.\n")
    assert (cs["3x"].technique, cs["3x"].mechanism) == (None, "unknown")


def test_room_cues_hold_against_a_release_baseline_and_new_room_phrasings_read_residency() -> None:
    cs = claims("# Notes\n\n- Keeping one KV cache per data-parallel rank lets much larger decode batches fit, for 1.9x "
                "decoding throughput versus v0.3.\n")
    assert cs["1.9x"].mechanism == "residency"
    cs = claims("# Engines\n\n| Row | TGI v3 | vLLM | Ratio |\n|---|---|---|---|\n"
                "| KV tokens that fit, Llama 3.1 8B | about 30k | about 10k | 3x |\n")
    assert cs["3x"].mechanism == "residency"


def test_rivals_listed_as_the_comparison_s_baseline_leave_the_title_s_technique() -> None:
    cs = claims("Efficient Memory Management for LLM Serving with PagedAttention: excerpt\n\n"
                "Basic sampling. On ShareGPT, vLLM sustains 1.7x-2.7x and 2.7x-8x higher request rates than\n"
                "Orca (Oracle) and Orca (Max), respectively, at similar normalized latency. With OPT-13B, vLLM\n"
                "keeps 2.2x and 4.3x as many requests in a batch as Orca (Oracle) and Orca (Max), respectively.\n"
                "The Alpaca trace follows the same trend, with a smaller margin over Orca (Oracle) and Orca (Pow2).\n",
                "text")
    assert {cs[k].technique for k in ("1.7x-2.7x", "2.7x-8x", "2.2x", "4.3x")} == {"paged-attention"}


def test_a_figure_credited_jointly_to_a_list_of_changes_is_a_bundle() -> None:
    cs = claims("# Engines\n\n- **LMDeploy (TurboMind)**: up to 1.8x the request throughput of vLLM, credited jointly to "
                "persistent batching, a blocked KV cache, dynamic split&fuse, tensor parallelism and optimised kernels.\n")
    assert cs["1.8x"].technique is None


def test_where_smaller_gains_fall_is_not_the_figure_s_operating_point() -> None:
    cs = claims("# W4A16 as the batch grows\n\nIntegrated into vLLM, Marlin speeds up whole-model serving by up to 2.8x, "
                "with smaller gains at the largest batch sizes.\n")
    assert cs["2.8x"].op_kind == "unstated"
    cs = claims("# Runs\n\nWith the largest batch sizes, FP8 raises throughput by 1.6x.\n")
    assert cs["1.6x"].op_kind == "offline"


def test_a_suspended_hyphen_range_of_folds_is_one_range() -> None:
    cs = claims("# vLLM\n\nAgainst FasterTransformer and Orca, vLLM raises throughput two- to four-fold at the same "
                "latency, and 2- to 3-fold on long prompts.\n")
    assert (cs["two- to four-fold"].low, cs["two- to four-fold"].value, cs["two- to four-fold"].hedge) == (2, 4, "range")
    assert (cs["2- to 3-fold"].low, cs["2- to 3-fold"].value) == (2, 3)


def test_a_format_held_equal_overrides_the_title_s_format() -> None:
    doc = parse_string("FP8/FP4 kernel and hardware posts, collected\nSource: vendor blogs and READMEs.\n\n@gpu_rich_kid\n"
                       "reminder that the \"up to 4.5x H100 vs A100\" MLPerf headline was two stacked wins:\n"
                       "~2x from the new chip at the same data type\n~2x more from switching to FP8\n", "t.txt", "text")
    got = {(c.line, c.text): c.technique for c in classify(extract(doc), doc)}
    assert got[(6, "2x")] is None and got[(7, "2x")] == "fp8-quantization"


def test_tensor_parallelism_over_n_gpus_in_a_setup_is_the_setting() -> None:
    cs = claims("# Engine choice\n\n**FastGen's evaluation.** Llama 2 70B with tensor parallelism over four A100 80GB "
                "GPUs; prompts drawn from a normal distribution. FastGen reports up to 2.3x higher effective throughput.\n")
    assert cs["2.3x"].technique is None
    cs = claims("# TP\n\nWith tensor parallelism the decode step gets 1.4x faster.\n")
    assert cs["1.4x"].technique == "tensor-parallelism"


def test_a_load_stated_as_a_request_rate_after_the_word_load_is_an_operating_point() -> None:
    cs = claims("# Rollout\n\n## Week 23: CUDA graphs back on (canary load 4 req/s per replica)\n\n- Mean TPOT went from "
                "41 ms to 27 ms.\n")
    assert [(c.op_kind, c.op_value, c.op_source) for c in cs.values()] == [("request_rate", 4, "section")]
    cs = claims("# Postmortem\n\nProduction load at the time was about 6 requests per second per replica. Output "
                "throughput rose 22%.\n")
    assert (cs["22%"].op_kind, cs["22%"].op_value) == ("request_rate", 6)
    cs = claims("# Notes\n\nUnder load the engine served 12 req/s, 30% more than before.\n")
    assert cs["30%"].op_kind != "request_rate"  # the rate served is the result, not the load


def test_a_format_held_equal_beside_a_kernel_leaves_the_kernel_and_chip_plus_format_is_a_bundle() -> None:
    cs = claims("# TensorRT-LLM notes\n\n- New XQA kernel for generation-phase grouped-query attention. Against the masked "
                "multi-head attention kernel it replaces, at the same FP8 precision on H200, it gives 2.4x more Llama 2 "
                "70B throughput.\n")
    assert cs["2.4x"].technique == "attention-kernel"
    cs = claims("# MLPerf\n\nB200 ran FP4 while every other row ran FP8, so its 3.7x per-accelerator throughput is a "
                "chip-plus-format result.\n")
    assert cs["3.7x"].technique is None


def test_a_scope_over_in_house_numbers_does_not_cover_figures_others_report() -> None:
    cs = claims("# The quarter in serving\n\nUnless a sentence says otherwise, every in-house number in this post was "
                "measured at 32 concurrent requests per replica.\n\n## Prefix caching\n\nOn our chat tier TTFT fell 41%. "
                "Anthropic's launch note for prompt caching promised up to 85% lower latency.\n")
    assert (cs["41%"].op_kind, cs["41%"].op_value) == ("concurrency", 32)
    assert cs["85%"].op_kind == "unstated"


def test_together_as_an_aside_and_also_in_place_make_bundles() -> None:
    cs = claims("# Quarter\n\nMoving them to a single GPU and capturing CUDA graphs for every decode batch size, together, "
                "cut the cost per million output tokens from $0.21 to $0.08.\n\n- With week 24's FP8 KV cache also in "
                "place, per-node output throughput on chat is 2.1x its week-22 level.\n")
    assert [c.technique for c in cs.values()] == [None, None]
    cs = claims("# Offload\n\n- Prompts whose KV is reloaded from CPU memory see 2-22x faster TTFT.\n")
    assert cs["2-22x"].technique == "kv-offloading"


def test_a_figure_credited_to_a_list_of_changes_has_no_single_mechanism() -> None:
    cs = claims("# TurboMind\n\nThe README's summary puts TurboMind at up to 1.8x the request throughput of vLLM, crediting "
                "persistent batching, a blocked KV cache, dynamic split-and-fuse, tensor parallelism and kernels.\n")
    assert (cs["1.8x"].technique, cs["1.8x"].mechanism) == (None, "unknown")


def test_a_bundled_table_row_does_not_take_its_header_s_mechanism_cue() -> None:
    cs = claims("# Batching\n\n| Stack | How it batches | Throughput vs. naive static batching |\n|---|---|---|\n"
                "| vLLM | continuous batching plus PagedAttention memory management | up to 23x |\n"
                "| TGI | continuous batching | 8x |\n")
    assert (cs["23x"].technique, cs["23x"].mechanism) == (None, "unknown")
    assert cs["8x"].mechanism == "compute"


def test_a_list_item_s_label_names_what_its_figures_measure() -> None:
    cs = claims("# Weekly: caches, kernels and drafts\n\n## LMDeploy\n\n- **KV cache quantization.** Compared with an fp16 "
                "cache, request throughput rises by about 30% with int8 KV and about 40% with int4 KV.\n")
    assert cs["30%"].technique == cs["40%"].technique == "kv-cache-quantization"


def test_attention_designs_named_by_method_are_not_the_paragraph_s_kernel() -> None:
    cs = claims("# Long context\n\nFlashAttention-2 is the baseline kernel throughout. DuoAttention reduces long-context "
                "decoding latency by up to 2.18x, and MoBA reports a 6.5x prefill speedup over full attention.\n")
    assert cs["2.18x"].technique is None and cs["6.5x"].technique is None


def test_without_losing_accuracy_is_a_condition_not_an_accuracy_figure() -> None:
    cs = claims("# ShadowKV\n\nIt supports up to six times larger batch sizes and raises throughput by up to 3.04x without "
                "losing accuracy.\n")
    assert cs["3.04x"].metric == "throughput" and cs["3.04x"].hedge == "up_to"


def test_a_figure_from_a_list_of_changes_after_a_comma_is_a_bundle() -> None:
    cs = claims("# LMDeploy\n\n- **TurboMind engine.** The README claims up to 1.8x higher request throughput than vLLM, "
                "from persistent batching, a blocked KV cache, dynamic split-and-fuse, tensor parallelism and kernels.\n")
    assert (cs["1.8x"].technique, cs["1.8x"].mechanism) == (None, "unknown")


def test_the_format_a_cache_moves_to_is_kv_cache_quantization() -> None:
    cs = claims("# Quantization notes\n\nMoving the cache from FP16 to FP8 on an H100 lets GPT-J run with a 2-3x larger "
                "batch. An NVFP4 cache takes up to 50% less memory than an FP8 cache.\n")
    assert cs["2-3x"].technique == cs["50%"].technique == "kv-cache-quantization"
    assert cs["2-3x"].mechanism == "residency"
    # the prefix cache is not the KV cache's format
    cs = claims("# Caching\n\nWith the prefix cache in place and FP8 weights, throughput rose 2.1x over BF16.\n")
    assert cs["2.1x"].technique != "kv-cache-quantization"


def test_an_fp8_recipe_or_engine_names_fp8_quantization() -> None:
    cs = claims("# Llama 3.1 405B on H200\n\n- The Model Optimizer FP8 recipe reaches up to 1.44x the throughput of Meta's "
                "official one.\n- One request on the single-GPU FP8 engine ran at 0.95x the speed of the BF16 pair.\n")
    assert cs["1.44x"].technique == cs["0.95x"].technique == "fp8-quantization"


def test_kv_cache_formats_and_codecs_named_by_method_are_kv_cache_quantization() -> None:
    cs = claims("# KV options\n\n| Format | GPU | Load | Result |\n|---|---|---|---|\n"
                "| K4V2 KV | H200 | concurrency 64 | 0.93x output tok/s |\n\n"
                "CacheGen shrinks the KV cache by 3.5-4.3x against the 16-bit tensors.\n")
    assert cs["0.93x"].technique == cs["3.5-4.3x"].technique == "kv-cache-quantization"


def test_a_mode_column_or_baseline_outside_the_lexicon_is_the_change_not_the_backend() -> None:
    cs = claims("# Deterministic inference\n\n## Offline rollouts\n\n| Backend | Mode | 1K in / 1K out |\n|---|---|---:|\n"
                "| FlashInfer | Normal | 30.85 |\n| FlashInfer | Deterministic | 43.99 (+42.6%) |\n\n"
                "With FlashInfer, most runs come out 25% to 45% slower than normal mode.\n")
    assert cs["42.6%"].technique is None and cs["42.6%"].mechanism == "unknown"
    assert cs["25% to 45%"].technique is None


def test_a_format_whose_clause_goes_on_to_kv_blocks_is_kv_cache_quantization() -> None:
    cs = claims("# Two kinds of FP8\n\nLMDeploy has shipped online KV cache quantization since v0.4.0. INT4 gives four "
                "times as many KV blocks as fp16, and more requests fit.\n")
    assert cs["four times"].technique == "kv-cache-quantization" and cs["four times"].mechanism == "residency"


def test_a_chip_baseline_under_a_format_section_is_a_hardware_comparison() -> None:
    cs = claims("# FP4 on Blackwell\n\nNVFP4 is the format of every Blackwell entry. Tom's Hardware normalised the H100 "
                "entry per chip and put one B200 at 3.7x to 4x the tokens per second of one H100.\n")
    assert cs["3.7x to 4x"].technique is None and cs["3.7x to 4x"].mechanism == "unknown"


def test_a_post_s_format_switch_names_what_its_lines_measure() -> None:
    cs = claims("[3] @kid · Sep 11, 2025\ntried it myself. Llama 3.1 8B, one H100 SXM, BF16 -> FP8-dynamic checkpoint.\n"
                "at 64 concurrent requests: +38% tok/s\nat c=1: TTFT 212 ms → 151 ms\n", kind="text")
    assert cs["38%"].technique == "fp8-quantization"


def test_first_token_latency_is_not_a_per_token_cue() -> None:
    cs = claims("# H100 vs A100\n\nWith first-token latency measured at batch size 1, the H100 in FP8 was up to 4.4x "
                "faster to the first token than the A100.\n")
    assert cs["4.4x"].mechanism == "unknown"


def test_a_sentence_opening_with_a_technique_is_about_it_not_using_it() -> None:
    cs = claims("# Continuous batching\n\nThe vLLM paper kept iteration-level scheduling. With PagedAttention, throughput "
                "went up 2-4x relative to FasterTransformer and Orca at the same latency.\n")
    assert cs["2-4x"].technique == "paged-attention"


def test_a_figure_credited_to_a_chip_together_with_software_is_a_bundle() -> None:
    cs = claims("# In-flight batching\n\nNVIDIA's launch post credited the H100 together with TensorRT-LLM, in-flight "
                "batching included, with 8x the throughput of an A100.\n")
    assert (cs["8x"].technique, cs["8x"].mechanism) == (None, "unknown")


def test_a_technique_held_the_same_on_both_sides_is_a_setting() -> None:
    cs = claims("# KV dtype notes\n\n- On H200 the FlashInfer kernel runs 20% faster than the xformers kernel when both "
                "read the same fp8 cache.\n- Same AWQ engine at 64 concurrent requests: only 1.1x.\n")
    assert cs["20%"].technique == "attention-kernel"
    assert cs["1.1x"].technique == "weight-quantization"


def test_a_figure_the_next_sentence_calls_a_bundle_has_no_technique() -> None:
    cs = claims("# Disaggregated serving\n\nAt GTC NVIDIA said that Dynamo, running DeepSeek-R1 on GB200 NVL72 racks, "
                "generates over 30x more tokens per GPU. That figure bundles disaggregation with KV-aware routing and "
                "the new rack.\n")
    assert cs["30x"].technique is None


def test_a_smaller_cache_credited_for_a_gain_is_residency() -> None:
    cs = claims("# Architecture\n\nDeepSeek-V2's latent attention keeps a compact KV, and the paper credits the smaller "
                "cache for 5.76x the maximum generation throughput.\n")
    assert (cs["5.76x"].technique, cs["5.76x"].mechanism) == (None, "residency")


def test_direction_of_a_named_zero_overhead_scheduler_a_trailing_chip_and_a_narrowed_gap() -> None:
    cs = claims("# Notes\n\nThe zero-overhead batch scheduler gives 1.1x throughput. On long prompts Gaudi 3 trailed by 15%. "
                "HF generate() vs vLLM: 6.2x the tokens per second; at a single stream the gap is down to 1.3x.\n")
    assert cs["1.1x"].direction == "better"
    assert cs["15%"].direction == "worse"
    assert cs["1.3x"].direction == "better"


def test_a_chip_comparison_beside_a_sentence_of_formats_and_a_format_plus_chip_change() -> None:
    cs = claims("# Review\n\n## 1. Chip against chip\n\nNVIDIA reports that one B200 delivers up to 4x the Llama 2 70B "
                "throughput of one H100 in the offline scenario. The B200 ran FP4 while the H100 ran FP8.\n\n"
                "Tom's Hardware puts the ratio at about 3.7x to 4x; we file it as a format change plus a chip change.\n")
    assert cs["4x"].technique is None and cs["3.7x to 4x"].technique is None


def test_a_system_named_again_as_the_same_one_stays_the_subject() -> None:
    cs = claims("# Interference\n\nSplitwise splits prompt and token phases onto separate machines. Alternatively, the "
                "same Splitwise designs deliver 2.35x the throughput within an unchanged power and cost budget.\n")
    assert cs["2.35x"].technique == "disaggregated-serving"


def test_swiftkv_and_shift_parallelism_are_subjects_outside_the_lexicon() -> None:
    cs = claims("# Turbo buttons\n\nSwiftKV skips part of the prefill, next to KV cache compression work. Snowflake "
                "credits SwiftKV with up to 2x higher throughput on prompt-heavy traffic.\n")
    assert (cs["2x"].technique, cs["2x"].mechanism) == (None, "unknown")


def test_figures_after_a_sentence_that_says_they_describe_the_bundle_have_no_technique() -> None:
    cs = claims("# Arctic Inference\n\n## Shift Parallelism\n\nShift Parallelism moves between tensor parallelism and "
                "sequence parallelism. The headline results are for Arctic Inference with all of its features switched "
                "on, so they describe the bundle. Against a latency-optimised deployment it delivers 1.7x the throughput.\n")
    assert cs["1.7x"].technique is None


def test_a_continuation_of_a_figure_against_a_baseline_without_the_technique_keeps_it() -> None:
    cs = claims("# Results\n\n## The Arctic speculator plus suffix decoding\n\nOn SWE-Bench agent tasks it finished 4x "
                "faster on average than vLLM without speculation. For open-ended chat, decoding was up to 2.8x faster.\n")
    assert cs["4x"].technique == cs["2.8x"].technique == "speculative-decoding"


def test_a_table_lead_in_naming_its_baselines_and_settings_gives_the_rows_no_technique_or_cue() -> None:
    cs = claims("# QServe: W4A8KV4 quantization and system co-design\n\n## Efficiency results\n\n"
                "All figures are the maximum generation throughput, with in-flight batching off and each system at its "
                "best batch size. The comparison point for each model is the strongest TensorRT-LLM configuration among "
                "FP16, W4A16 and W8A8.\n\n| Model | Throughput increase on L40S |\n|---|---|\n| Llama-3-8B | 1.39x |\n")
    assert (cs["1.39x"].technique, cs["1.39x"].mechanism) == (None, "unknown")


def test_a_change_outside_the_lexicon_joined_by_plus_to_a_long_kernel_name_is_a_bundle() -> None:
    cs = claims("vLLM wide-EP on H200: 1.5k -> 2.2k tok/s per GPU after dual-batch overlap + silu-mul-quant fusion.\n",
                kind="text")
    assert cs["1.5k -> 2.2k"].technique is None


def test_hybrid_parallelism_is_a_subject_outside_the_lexicon() -> None:
    cs = claims("# Beyond tensor parallelism for MoE inference\n\nPlain tensor parallelism is one point of the search "
                "space. The layouts HAP chooses give speedups of 1.68, 1.77 and 1.57 on A100, A6000 and V100.\n")
    assert cs["1.68"].technique is None


def test_fp4_stays_fp4_math_when_the_text_says_a_chip_multiplies_it_natively() -> None:
    text = ("# NVFP4 against FP8 on B200\n\ngpt-oss ships MXFP4 expert weights. On Hopper the MXFP4 experts run through "
            "weight-only kernels; only Blackwell multiplies FP4 natively.\n\nAgainst FP16, NVFP4 shrinks the model "
            "memory footprint by about 3.5x.\n")
    assert claims(text)["3.5x"].technique == "fp8-quantization"
    # without the native-math sentence the document's FP4 is weight-only
    assert claims(text.replace("; only Blackwell multiplies FP4 natively", ""))["3.5x"].technique == "weight-quantization"


def test_two_chip_generations_each_in_its_format_are_a_hardware_comparison() -> None:
    cs = claims("# Blackwell launch\n\nAgainst an FP8 matmul on a Hopper GPU, the Blackwell FP4 path reaches up to 4.6x.\n")
    assert cs["4.6x"].technique is None


def test_a_baseline_that_is_a_measured_value_is_not_a_release() -> None:
    cs = claims("@edge_llm · 2024-04-02\nTinyChat w/ AWQ W4A16 vs FP16: 3.4x faster on an RTX 4090.\n\n@fastchat_notes\n"
                "FastChat AWQ table, RTX A6000, ms/token, group size 128:\nvicuna-7b 26.06 vs 12.43 at 4 bits: 2.1x\n"
                "vicuna-13b 44.91 vs 17.30: 2.6x\n", kind="text")
    assert cs["2.1x"].technique == "weight-quantization"


def test_engine_histories_static_batches_running_an_engine_and_the_whole_engine_take_no_technique() -> None:
    cs = claims("# Continuous batching, from Orca to vLLM\n\nAnyscale compared everything with naive static batching. "
                "Continuous batching alone gave about 8x. An optimised model implementation (FasterTransformer) that "
                "kept static batches managed about 4x the throughput. Running vLLM underneath pushed throughput as "
                "high as 23x.\n\nDeepSpeed-FastGen built its engine around Dynamic SplitFuse. Its launch compared the "
                "whole engine with vLLM rather than isolating the chunking: up to 2.3x higher effective throughput.\n\n"
                "The zero-overhead batch scheduler is credited with 1.1x, and structured output through xgrammar is up "
                "to 10x faster.\n")
    assert cs["8x"].technique == "continuous-batching"
    assert cs["4x"].technique is None and cs["23x"].technique is None
    assert cs["2.3x"].technique is None
    assert cs["10x"].technique is None


def test_a_technique_named_only_inside_a_parenthesised_list_of_changes_is_a_bundle() -> None:
    cs = claims("# Wide EP field notes\n\nSGLang's v0.3 MLA work (weight absorption, grouped decode kernels, an FP8 KV "
                "cache and FP8 batched matrix products) had already brought peak output throughput to three to seven "
                "times that of the baseline.\n")
    assert (cs["three to seven times"].technique, cs["three to seven times"].mechanism) == (None, "unknown")


def test_a_replica_layout_against_one_instance_is_the_change_not_the_checkpoint_format() -> None:
    cs = claims("# TP degree\n\nThe recommended layout runs two `-tp 4` replicas of the FP8 model instead of one eight-way "
                "shard, for 78.7% more total throughput on the same eight GPUs.\n")
    assert cs["78.7%"].technique is None


def test_a_next_sentence_listing_the_work_behind_a_figure_makes_it_a_bundle() -> None:
    cs = claims("# Latency records\n\nIn the team's account the single-stream speed went from 67 to 368 tokens per second "
                "per user. The work behind it spans CUDA graphs, programmatic dependent launch, grouped-GEMM MoE and a "
                "deeper MTP stack.\n")
    assert cs["67 to 368"].technique is None


def test_a_join_on_the_baseline_side_does_not_make_the_figure_a_bundle() -> None:
    cs = claims("# Scheduler notes\n\n- #8050, fully asynchronous multi-step scheduling: throughput rose about 28 % over "
                "the previous multi-step plus async path.\n")
    assert (cs["28 %"].technique, cs["28 %"].mechanism) == (None, "compute")


def test_a_list_of_signed_figures_each_with_its_own_label_reads_each_label() -> None:
    cs = claims("# Kernels\n\nAITER slide: +2X GEMM, +3X MoE, +17x MLA decode, +14X MHA prefill. All kernel-level.\n")
    assert (cs["2X"].technique, cs["2X"].mechanism) == (None, "compute")
    assert cs["3X"].technique is None
    # figures labelled by their load are not such a list
    cs = claims("# Spec\n\nTRT-LLM n-gram drafting, Llama-4-Scout on 8xB200: +96% e2e at bs=1, +64% at bs=4, +33% at bs=32.\n")
    assert cs["64%"].technique == "speculative-decoding"


def test_a_title_weighing_two_formats_names_no_one_topic() -> None:
    cs = claims("# INT4 AWQ, FP8 and the batch-size axis on H200\n\n## Reading it\n\nFP8 is the boring column. Weights "
                "and activations are both 8-bit, so the GEMMs run on FP8 tensor cores and the gain survives batching: "
                "on 8B it stays within 1.3-1.4x at every batch size.\n")
    assert cs["1.3-1.4x"].technique == "fp8-quantization"


def test_a_sentence_combining_a_bare_format_with_a_named_technique_is_a_bundle() -> None:
    cs = claims("# Speculation\n\nNVIDIA's Llama 4 Maverick result has the same shape: its 4x over the best earlier "
                "Blackwell figure combines FP8, custom kernels and an EAGLE-3 draft, and none of it is split out.\n\n"
                "The headline 3.7x belongs to the whole package: FP8 math, CUDA kernels and an EAGLE-3 draft head.\n")
    assert cs["4x"].technique is None and cs["3.7x"].technique is None


def test_static_batching_as_the_baseline_keeps_the_continuous_batching_figure() -> None:
    cs = claims("# Batching numbers\n\nThe continuous batching headlines. Anyscale measured up to 23x the throughput of "
                "naive static batching on OPT-13B, but only at saturation.\n")
    assert cs["23x"].technique == "continuous-batching"


def test_bare_numbers_under_a_percent_improvement_header_are_percent_changes() -> None:
    cs = claims("# Tuning\n\n| Metric | % improvement vs untuned first build |\n|---|---|\n"
                "| Token throughput | 58.17 |\n| Average TTFT | -0.62 |\n")
    assert cs["58.17"].unit == "%" and cs["58.17"].direction == "better"
    assert cs["0.62"].direction == "worse"  # a negative improvement of a latency is a regression


def test_a_paragraph_opening_on_a_scheduler_change_gives_its_later_figures_a_compute_mechanism() -> None:
    cs = claims("# vLLM 0.6 notes\n\n- **Multi-step scheduling** (PR #7000): prepare inputs once, run n steps. "
                "Throughput of Llama 70B on four H100s rose by 28%.\n\n"
                "- vLLM 0.6.3 reworks the scheduler. End to end it gives 1.8x the throughput.\n")
    assert cs["28%"].technique is None and cs["28%"].mechanism == "compute"
    assert cs["1.8x"].mechanism == "unknown"  # a release compared, whatever its parts


def test_an_engine_compared_after_a_scheduler_opening_stays_unknown() -> None:
    cs = claims("# Rollout\n\nWe also ran SGLang 0.4.x with its overlap scheduler on the same trace. At 64 concurrent "
                "requests SGLang delivered 1.07x the output throughput of our V1 build.\n")
    assert cs["1.07x"].technique is None and cs["1.07x"].mechanism == "unknown"


def test_a_document_that_compares_fp8_kernels_gives_its_speedups_no_fp8_technique() -> None:
    text = ("# Where DeepGEMM pays off: FP8 GEMM shapes\n\nEvery speedup below is relative to DeepSeek's own tuned "
            "CUTLASS 3.6 kernel. Both sides run FP8.\n\n## Decode-sized GEMMs\n\n"
            "| Batch size (M) | N | TFLOPS | Memory bandwidth | Speedup vs CUTLASS 3.6 |\n|---|---|---|---|---|\n"
            "| 64 | 2112 | 206 | 1688 GB/s | 2.7x |\n\n"
            "The 2112 x 7168 shape is the fused down-projection, and it benefits most: 2.4x at a batch of 128.\n")
    cs = claims(text)
    for fig in ("2.7x", "2.4x"):
        assert (cs[fig].technique, cs[fig].mechanism) == (None, "compute"), fig
    assert cs["2.7x"].metric == "unspecified"  # a bandwidth column beside it is no memory footprint
    plain = claims(text.replace("Every speedup below is relative to DeepSeek's own tuned CUTLASS 3.6 kernel. "
                                "Both sides run FP8.", "We moved the model to FP8."))
    assert plain["2.4x"].technique == "fp8-quantization"


def test_a_column_measured_over_no_technique_names_that_technique() -> None:
    cs = claims("# DeepSeek-R1 in NVFP4 on B200\n\n## Min latency\n\nMulti-token prediction (MTP) layers, measured "
                "against no MTP at 111 tokens/s:\n\n| MTP layers | TPS/user | TPS/user speedup over no MTP |\n"
                "|--:|--:|--:|\n| 1 | 198 | 1.78x |\n")
    assert (cs["1.78x"].technique, cs["1.78x"].mechanism) == ("speculative-decoding", "per-token")


def test_a_title_running_the_model_in_a_format_names_no_topic() -> None:
    text = ("# DeepSeek-R1 in NVFP4 on DGX B200: performance notes\n\n## Min latency\n\n"
            "- Per-user generation speed went from 67 to 368 tokens/s, a 5.5x gain overall.\n")
    assert claims(text)["5.5x"].technique is None
    assert claims(text.replace("in NVFP4 on DGX B200", "NVFP4 on DGX B200"))["5.5x"].technique == "fp8-quantization"


def test_columns_putting_a_16_bit_format_against_fp8_beat_a_method_named_in_the_lead_in() -> None:
    cs = claims("# Rollout\n\n## Kernels\n\nGEMM time for the gate/up projection, replayed in a CUDA graph, median of 200 "
                "iterations:\n\n| Batch size | BF16 cuBLAS | FP8 CUTLASS + quant | Δ GEMM latency |\n|---:|---:|---:|---:|\n"
                "| 16 | 90 µs | 52 µs | -42% |\n")
    assert (cs["42%"].technique, cs["42%"].mechanism) == ("fp8-quantization", "mixed")


def test_a_lead_over_an_engine_is_an_engine_comparison() -> None:
    cs = claims("# Continuous batching multipliers\n\n## vLLM's launch numbers\n\nWith three parallel completions per "
                "request, the lead over Transformers narrowed to 8.5x-15x while the lead over TGI grew to 3.3x-3.5x.\n")
    assert cs["3.3x-3.5x"].technique is None and cs["8.5x-15x"].technique is None


def test_static_batching_is_no_batching_cue() -> None:
    cs = claims("# Batching history\n\n- Static batching on FasterTransformer, an optimised model implementation, "
                "gave 4x.\n")
    assert cs["4x"].technique is None and cs["4x"].mechanism == "unknown"
    cs = claims("# Batching history\n\n- an optimised model implementation, NVIDIA FasterTransformer, still batching "
                "statically, gave about 4x the throughput.\n")
    assert cs["4x"].mechanism == "unknown"


def test_a_table_row_listing_three_changes_is_a_bundle() -> None:
    cs = claims("# Latency ladder\n\n| Step | TPS/user | Gain |\n|---|---|---|\n"
                "| CUTLASS grouped GEMM, sparse experts as GEMMs, EP4TP2 | 253 | +20% |\n"
                "| Fuse_A and router GEMM retuned | 340 | +14% |\n")
    assert cs["20%"].mechanism == "unknown"
    assert cs["14%"].mechanism == "compute"  # two items joined by 'and' with no comma: one change of the GEMMs


def test_a_lead_in_putting_a_kernel_against_another_makes_its_rows_kernel_speedups() -> None:
    cs = claims("# Tuned CUTLASS FP8 on Ada\n\nvLLM pull request #6677 retuned the CUTLASS FP8 GEMM configurations and "
                "benchmarked 28 shapes against the kernels they replaced:\n\n"
                "| Model | Worst-shape speedup | Best-shape speedup |\n|---|---|---|\n| Llama-2-7B | 0.77x | 4.8x |\n")
    assert (cs["4.8x"].technique, cs["4.8x"].mechanism) == (None, "compute")
    engines = claims("# Swap\n\nGPUStack benchmarks stock vLLM against their tuned TensorRT-LLM configuration:\n\n"
                     "| Workload | Δ total tok/s |\n|---|---|\n| ShareGPT | +18.7% |\n")
    assert engines["18.7%"].mechanism == "unknown"  # engines compared, not kernels


def test_a_table_lead_in_whose_subject_is_outside_the_lexicon_gives_no_technique() -> None:
    cs = claims("# QuickReduce\n\n## Served models\n\nQwen2.5-72B-Instruct, INT4 QuickReduce against the unquantized "
                "all-reduce:\n\n| Tensor-parallel size | TTFT speedup | ITL speedup |\n|---|---|---|\n| TP2 | 1.25x | 1.10x |\n")
    assert cs["1.25x"].technique is None and cs["1.25x"].mechanism == "unknown"


def test_a_hyphenated_gemm_path_is_a_kernel_baseline() -> None:
    cs = claims("# NVFP4 MoE kernels\n\nTensorRT-LLM's DENSEGEMM backend (NVFP4 MoE computed as dense GEMMs) is up to "
                "1.12x faster than the TRTLLM-Gen grouped-GEMM path.\n")
    assert (cs["1.12x"].technique, cs["1.12x"].mechanism) == (None, "compute")


def test_a_label_column_naming_a_technique_makes_each_row_an_instance_of_it() -> None:
    cs = claims("# vLLM digest\n\n## torch.compile\n\n| Fusion pass | Flag | End-to-end speedup |\n|---|---|---|\n"
                "| Attention output + FP8/NVFP4 quant | `fuse_attn_quant` | 3-7% |\n")
    assert (cs["3-7%"].technique, cs["3-7%"].mechanism) == ("kernel-fusion", "per-token")


def test_a_table_lead_in_saying_where_all_figures_come_from_lists_settings() -> None:
    cs = claims("# TP or PP for 405B\n\n## In-house\n\nAll figures in this section come from TensorRT-LLM v0.13.0 on "
                "h200-b07, FP8 weights, 1,024 input and 512 output tokens per request.\n\n"
                "| Layout vs TP8 | c=1 | c=128 |\n|---|---|---|\n| PP8, change in output tok/s | -78 % | +41 % |\n")
    assert cs["41 %"].technique != "fp8-quantization"


def test_a_citation_of_one_work_names_the_topic_a_bare_title_does_not() -> None:
    text = ("5 EVALUATION\n\nSource: restated from the evaluation of \"EAGLE: Speculative Sampling Requires Rethinking "
            "Feature Uncertainty\" (ICML 2024).\n\n5.2 Main results\n\nFor LLaMA2-Chat 70B, the latency speedup over "
            "vanilla decoding ranges from 2.7x to 3.5x across the four tasks.\n")
    assert claims(text, "text")["2.7x to 3.5x"].technique == "speculative-decoding"
    several = text.replace("(ICML 2024).", "(ICML 2024); a vLLM blog post; SGLang release notes.")
    assert claims(several, "text")["2.7x to 3.5x"].technique is None


def test_a_kernel_swap_sentence_in_an_fp8_document_is_no_fp8_gain() -> None:
    text = ("# Design: moving the chat fleet from BF16 to FP8 on Hopper\n\n## 5. Block-scaled FP8 GEMM backend (H200)\n\n"
            "Replacing the Triton block-scaled kernels with DeepGEMM (our fork's PR #412) cut median ITL by 9 %.\n")
    assert (claims(text)["9 %"].technique, claims(text)["9 %"].mechanism) == (None, "compute")
    format_swap = text.replace("Replacing the Triton block-scaled kernels with DeepGEMM", "Moving the weights from BF16")
    assert claims(format_swap)["9 %"].technique == "fp8-quantization"


def test_triton_beside_cutlass_is_the_kernel_language_not_the_server() -> None:
    cs = claims("# Block FP8 GEMM backend\n\n## Kernel microbenchmarks\n\nThe table uses the dense DeepSeek-V3 shapes on one "
                "H100.\n\n| Batch size (M) | Triton (µs) | CUTLASS (µs) | CUTLASS speedup over Triton |\n|---|---|---|---|\n"
                "| 8 | 74.0 | 34.6 | 2.14x |\n")
    assert (cs["2.14x"].technique, cs["2.14x"].mechanism) == (None, "compute")


def test_a_sentence_setting_one_kernel_against_another_covers_the_next() -> None:
    cs = claims("# FP8 at small batch\n\nDeepGEMM's README (H800, block-scaled FP8) compares itself with DeepSeek's own "
                "CUTLASS 3.6 kernels. On the dense shapes it is up to 2.7x faster at M=64.\n\n"
                "vLLM #30885 adds an NVFP4 GEMM backend and reports 25-35 % more output token throughput than the best "
                "existing NVFP4 backend.\n")
    assert cs["2.7x"].technique is None and cs["25-35 %"].technique is None


def test_that_whole_stack_is_a_bundle_and_a_multiple_of_a_chips_throughput_compares_systems() -> None:
    cs = claims("# FP8 on H100\n\n## FP8 KV cache\n\nIts closing table sets that whole stack against the tuned FP16 engine: "
                "144 % more token throughput.\n\n## MI300X\n\nThe H200 node ran the FlashInfer MLA backend. At equal "
                "end-to-end latency the MI300X node delivered 2x the total throughput of the H200 node. At equal "
                "concurrency it reported up to 75 % higher throughput.\n")
    assert cs["144 %"].technique is None and cs["75 %"].technique is None


def test_a_statement_naming_a_range_of_numbered_sections_covers_those_sections_only() -> None:
    cs = claims("# EAGLE family results\n\n## 5 Experiments\n\n### Setup\n\nUnless a paragraph states another load, every "
                "timing in Sections 5.1 to 5.2 was taken at batch size 1 with greedy decoding.\n\n"
                "### 5.1 The first EAGLE\n\nOn MT-bench the 13B chat models run about 3x faster than vanilla decoding.\n\n"
                "### 5.2 Medusa heads\n\nMedusa reports 2.2x.\n\n### 5.3 Throughput in SGLang\n\nEAGLE-3 gives 1.38x.\n")
    assert (cs["3x"].op_kind, cs["3x"].op_value) == ("batch_size", 1)
    assert (cs["2.2x"].op_kind, cs["2.2x"].op_value) == ("batch_size", 1)
    assert cs["1.38x"].op_kind == "unstated"


def test_one_user_who_reports_a_run_is_a_person_not_a_single_stream_load() -> None:
    cs = claims("# FP8 KV cache\n\nOne user compared fp8 with auto on an A100-80GB at concurrency 8 with 256 decode tokens. "
                "FP8 storage grew the KV pool from 389,872 to 779,760 tokens.\n\n"
                "With one user at a time the drafter gives 2.1x.\n")
    pair = cs["389,872 to 779,760"]
    assert (pair.op_kind, pair.op_value) == ("concurrency", 8)
    assert (cs["2.1x"].op_kind, cs["2.1x"].op_value) == ("single", 1)


def test_parallel_completions_per_request_are_samples_not_concurrency() -> None:
    cs = claims("# vLLM launch\n\nWith three parallel completions per request the spread was 8.5x - 15x over HF. "
                "At 64 parallel requests it reached 2x.\n")
    assert cs["8.5x - 15x"].op_kind == "unstated"
    assert (cs["2x"].op_kind, cs["2x"].op_value) == ("concurrency", 64)


def test_a_figure_said_to_name_no_batch_size_does_not_borrow_the_other_clauses() -> None:
    cs = claims("# Medusa\n\nSet side by side, NVIDIA's 1.9x for Medusa names no batch size, while SGLang's 1.5x is pinned "
                "to batch size 32.\n")
    assert cs["1.9x"].op_kind == "unstated"
    assert (cs["1.5x"].op_kind, cs["1.5x"].op_value) == ("batch_size", 32)


def test_each_figure_is_read_against_its_own_kernel_baseline_and_two_low_bit_formats_are_a_format_change() -> None:
    cs = claims("# 2:4 sparse FP8\n\nAt the kernel level the FP8 sparse GEMM runs 1.22x faster than cuBLAS FP8, "
                "and 2x faster than cuBLAS FP16.\n\nTK-GEMM reaches up to 1.87x vs cuBLAS FP8 and up to 1.71x vs "
                "cuBLAS FP16.\n\nThe new FP4 grouped GEMM is 2.1x faster than the FP8 grouped GEMM on B200.\n")
    assert (cs["1.22x"].technique, cs["1.87x"].technique) == (None, None)  # FP8 kernel against FP8 kernel
    assert cs["1.71x"].technique == "fp8-quantization"  # against the 16-bit kernel: the format changed
    assert (cs["2.1x"].technique, cs["2.1x"].mechanism) == ("fp8-quantization", "mixed")  # FP4 against FP8


def test_a_section_that_holds_the_format_fixed_makes_its_fp8_figures_kernel_swaps() -> None:
    text = ("# FP8 GEMM back-end for the serving pool\n\n## Kernel measurements (the same FP8 operands on every side)\n\n"
            "Kernel-only times at a decode batch size of 64; the baseline is the Triton block-FP8 kernel.\n\n"
            "| Layer | Shape | Back-end | Δ time vs baseline |\n|---|---|---|---|\n| q_a/kv_a | 2112 x 7168 | DeepGEMM | -38% |\n\n"
            "## What the format is worth\n\nFP8 over BF16 output throughput is 1.41x at batch size 1.\n")
    cs = claims(text)
    assert (cs["38%"].technique, cs["38%"].mechanism) == (None, "compute")
    assert cs["1.41x"].technique == "fp8-quantization"
    plain = claims(text.replace(" (the same FP8 operands on every side)", ""))
    assert plain["38%"].technique == "fp8-quantization"
    chips = claims("# FP8 launch era\n\n## Silicon at a fixed format\n\nGaudi 3 came in at 1.3x the H100 on average.\n")
    assert chips["1.3x"].mechanism == "unknown"  # chips compared: no kernel in the section


def test_a_kernels_own_time_is_a_latency_so_a_negative_delta_is_a_gain() -> None:
    cs = claims("# GEMM back-ends\n\n| Layer | Back-end | Δ kernel time vs baseline |\n|---|---|---|\n"
                "| q_a/kv_a | DeepGEMM | -38% |\n| down_proj | CUTLASS | +4% |\n\nThe routing step's kernel time falls from "
                "252 us to 15 us.\n")
    assert (cs["38%"].metric, cs["38%"].direction) == ("latency", "better")
    assert (cs["4%"].metric, cs["4%"].direction) == ("latency", "worse")
    assert cs["252 us to 15"].metric == "latency"


def test_plural_slowdowns_are_losses() -> None:
    cs = claims("# Speculation under load\n\nvLLM's own runs showed 1.4x and 1.8x *slowdowns* once QPS got high.\n")
    assert (cs["1.4x"].direction, cs["1.8x"].direction) == ("worse", "worse")


def test_a_generation_and_a_chip_of_it_are_one_chip() -> None:
    cs = claims("# FP4 GEMM notes\n\n- FP4 grouped GEMM (MXFP4 and NVFP4) for Blackwell MoE layers, 2.1x faster on average "
                "than the FP8 grouped GEMM on B200.\n- FP4 on Blackwell reaches up to 4.6x against FP8 on an H100.\n")
    assert cs["2.1x"].technique == "fp8-quantization"  # one chip, two formats: a format change
    assert cs["4.6x"].technique is None  # two chips, each in its format


def test_one_kernel_replaced_by_another_is_a_kernel_baseline() -> None:
    cs = claims("# FP8 GEMM back-end\n\nDeepSeek-V3, Triton block-FP8 replaced by DeepGEMM for the dense and MoE layers:\n\n"
                "- at concurrency 64, output throughput improved by 11%.\n\nLlama-3.1-70B-FP8, cuBLASLt replaced by CUTLASS "
                "rowwise: 4% more output throughput.\n\nThe grouped CK kernel cuts the time from 0.284 ms to 0.230 ms against "
                "unrolled FP8 rowwise matmuls.\n")
    assert (cs["11%"].technique, cs["11%"].mechanism) == (None, "compute")
    assert cs["4%"].technique is None
    assert cs["0.284 ms to 0.230"].technique is None


def test_a_kernel_sentence_naming_its_one_format_in_a_same_format_section_is_a_kernel_swap() -> None:
    text = ("# DeepSeek-R1 on B200\n\n## Min-latency\n\n### Same-format kernel swaps (NVFP4 on both sides of each comparison)\n\n"
            "- The CUTLASS NVFP4 grouped GEMM kernels took the run from 211 to 236 TPS/user, about 12%.\n\n"
            "### Format changes\n\n- NVFP4 grouped GEMM against the BF16 one: 1.9x.\n")
    cs = claims(text)
    assert (cs["12%"].technique, cs["12%"].mechanism) == (None, "compute")
    assert cs["1.9x"].technique == "fp8-quantization"  # another section, two formats
    plain = claims(text.replace("Same-format kernel swaps (NVFP4 on both sides of each comparison)", "Kernel changes"))
    assert plain["12%"].technique == "fp8-quantization"
    said = claims("# Changelog\n\n## Kernels\n\n- Retuning the CUTLASS NVFP4 grouped GEMM kernels took the run from 211 to "
                  "236 TPS/user, with no change to the data format.\n")
    assert said["211 to 236"].technique is None


def test_a_retuned_kernel_is_a_kernel_change_not_a_format_gain() -> None:
    cs = claims("# FBGEMM GenAI kernels: FP8 and FP4 GEMM changes\n\n## Highlights\n\n- **Kernel:** a full retuning sweep of "
                "the flagship FP8 rowwise CUTLASS GEMM, up to 2x faster on some mid-size shapes.\n- The FP8 rowwise GEMM reached "
                "up to 4.5x over the BF16 GEMM.\n")
    assert (cs["2x"].technique, cs["2x"].mechanism) == (None, "compute")
    assert cs["4.5x"].technique == "fp8-quantization"


def test_a_gemm_row_that_moves_from_one_low_bit_format_to_another_is_a_format_change() -> None:
    cs = claims("# GB200 notes\n\n| Layer | From | To | Speedup |\n|---|---|---|---|\n"
                "| MoE expert GEMMs | FP8 block-scaled | NVFP4 | up to 1.9x |\n"
                "| Block-scale GEMM | FP8 W8A8 | Triton block-scale GEMM | up to 2x |\n")
    assert cs["1.9x"].technique == "fp8-quantization"
    assert cs["2x"].technique is None  # W8A8 names no second format: the kernel changed


def test_a_kv_cache_format_in_the_figures_clause_outranks_the_attention_kernel_it_shows_in() -> None:
    cs = claims("# GB200 decode\n\nFP8 KV cache makes the attention kernel 1.8x faster.\n\n"
                "Max-throughput runs: CUDA graphs +22%, new MLA kernels +20%, FP8 KV cache +6%.\n")
    assert (cs["1.8x"].technique, cs["1.8x"].mechanism) == ("kv-cache-quantization", "residency")
    assert cs["20%"].technique == "attention-kernel"  # each figure's own label


def test_a_caption_naming_a_kernel_library_baseline_makes_its_rows_kernel_speedups() -> None:
    html = ("<html><body><h1>DeepGEMM: FP8 GEMM kernels for DeepSeek</h1><h2>Grouped GEMMs for MoE</h2><table><caption>Table 2. Grouped GEMMs, contiguous layout, H800, same "
            "CUTLASS 3.6 baseline.</caption><thead><tr><th>Groups</th><th>M per group</th><th>Computation</th><th>Speedup</th>"
            "</tr></thead><tbody><tr><td>4</td><td>8192</td><td>1297 TFLOPS</td><td>1.2x</td></tr></tbody></table>"
            "</body></html>")
    cs = claims(html, "html")
    assert (cs["1.2x"].technique, cs["1.2x"].mechanism) == (None, "compute")


def test_a_row_setting_one_engine_against_another_drops_the_documents_technique() -> None:
    text = ("# Continuous batching across serving engines\n\n## Engine against engine\n\n"
            "| System | Baseline | Metric | Reported gain |\n|---|---|---|---|\n| vLLM (launch) | TGI | throughput | up to 3.5x |\n"
            "| Continuous batching (TGI) | HF pipeline | throughput | 8x |\n")
    cs = claims(text)
    assert (cs["3.5x"].technique, cs["3.5x"].mechanism) == (None, "unknown")
    assert cs["8x"].technique == "continuous-batching"  # the row names the technique


def test_two_four_bit_kernels_for_one_checkpoint_are_a_kernel_change() -> None:
    cs = claims("# W4A16 serving\n\nMeasured here, Machete against Marlin on the AWQ canary: output throughput is up 18 %.\n\n"
                "Marlin runs 2.9x faster than FP16 at batch size 16.\n")
    assert (cs["18 %"].technique, cs["18 %"].mechanism) == (None, "compute")
    assert cs["2.9x"].technique == "weight-quantization"  # against the 16-bit model: the format changed


def test_the_same_pair_of_features_is_a_bundle() -> None:
    cs = claims("# MTP at scale\n\nAt 128 concurrent requests per rank the same pair of features added only 14% to output "
                "throughput over that baseline.\n\nMTP speculative decoding added 1.36x at 2 concurrent requests.\n")
    assert (cs["14%"].technique, cs["14%"].mechanism) == (None, "unknown")
    assert cs["1.36x"].technique == "speculative-decoding"


def test_more_ways_a_section_holds_the_format_fixed() -> None:
    for heading, lead in (("Kernels: dense FP8 GEMM (FP8 operands on both sides of every comparison in this section)", ""),
                          ("Tuned MoE configs", "The kernel and the FP8 operands are the same on both sides; only the tile "
                                                "configuration differs.\n\n")):
        cs = claims(f"# FP8 kernel notes\n\n## {heading}\n\n{lead}- CUTLASS `scaled_mm` replaces `torch._scaled_mm` for "
                    "FP8 linear layers: the switch gave 5-15% higher end-to-end throughput.\n")
        assert (cs["5-15%"].technique, cs["5-15%"].mechanism) == (None, "compute"), heading


def test_a_tuned_tile_table_is_a_kernel_change_not_fusion_or_a_format() -> None:
    cs = claims("# SGLang release notes: MoE and low-precision kernels\n\n## Fused MoE configs (Triton)\n\n"
                "- Qwen3-235B FP8 on H200 (#11730): tuned configs improve inter-token latency by roughly 8%.\n\n"
                "## Fusion\n\n- A fused MoE kernel cut decode latency by 12%.\n")
    assert (cs["8%"].technique, cs["8%"].mechanism) == (None, "compute")
    assert cs["12%"].technique == "kernel-fusion"
    fp8 = claims("# vLLM release notes, FP8 and FP4 kernel track\n\n## Kernels: FP8 MoE\n\n- Tuned block-wise FP8 fused_moe "
                 "config for Qwen3-Next on H100: for batch sizes 96 to 512 the tuned tiles run ~25% faster than the default "
                 "heuristic.\n")
    assert (fp8["25%"].technique, fp8["25%"].mechanism) == (None, "compute")


def test_a_header_row_naming_two_kernels_at_one_format_makes_its_ratios_kernel_speedups() -> None:
    text = ("# FP8 GEMM kernels for DeepSeek-V3\n\n## Results\n\n| Shape | cuBLAS FP8 (us) | DeepGEMM (us) | Speedup |\n"
            "|---|---|---|---|\n| 64 x 2112 x 7168 | 20.1 | 7.4 | 2.7x |\n")
    cs = claims(text)
    assert (cs["2.7x"].technique, cs["2.7x"].mechanism) == (None, "compute")
    formats = claims(text.replace("| cuBLAS FP8 (us) | DeepGEMM (us) |", "| cuBLAS BF16 (us) | DeepGEMM FP8 (us) |"))
    assert formats["2.7x"].technique == "fp8-quantization"


def test_an_fp8_kernel_read_against_an_fp8_kernel_is_compute_side_whatever_its_cue_words() -> None:
    cs = claims("# FP8 GEMM kernels: DeepGEMM against CUTLASS 3.6\n\n## Grouped GEMMs\n\nThe grouped kernels come in at only "
                "1.1-1.2x against the same CUTLASS baseline, because grouped GEMMs of those sizes already sit near the memory "
                "roof.\n")
    assert (cs["1.1-1.2x"].technique, cs["1.1-1.2x"].mechanism) == (None, "compute")


def test_a_figure_read_as_a_multiple_of_a_chip_compares_hardware_not_the_paragraphs_technique() -> None:
    cs = claims("# A100 to Blackwell\n\n## A100 to H100\n\nWe drew three bars for GPT-J 6B: an A100 on the August software, "
                "an H100 on the same software, and an H100 running TensorRT-LLM with in-flight batching. The H100 alone "
                "delivered 4x the A100.\nWith TensorRT-LLM added it reached 8x.\n\n## Batching\n\nIn-flight batching on the "
                "H100 with TensorRT-LLM gave 2x the throughput of static batching.\n")
    for fig in ("4x", "8x"):
        assert (cs[fig].technique, cs[fig].mechanism) == (None, "unknown"), fig
    assert cs["2x"].technique == "continuous-batching"


def test_a_technique_in_a_parenthesis_of_run_settings_is_no_subject_and_a_pair_of_sizes_is_memory() -> None:
    cs = claims("# torchao release notes\n\n## Benchmark table refresh\n\nThe README now carries an H100 table for "
                "Llama-3.1-8B (torch.compile, batch size 1). Against bfloat16 at 126.90 tokens/s:\n\n"
                "- int4wo-64 (INT4 weight-only, group size 64): 241.39 tokens/s, a 90% throughput gain, and the checkpoint "
                "shrinks from 15.01 GB to 4.22 GB.\n- int8wo (INT8 weight-only): +57% tokens/s.\n")
    assert cs["90%"].technique == cs["57%"].technique == "weight-quantization"
    size = cs["15.01 GB to 4.22"]
    assert (size.metric, size.direction) == ("memory", "better")
    fused = claims("# torchao release notes\n\n## Compile\n\nThe README now carries an H100 table for Llama-3.1-8B "
                   "(torch.compile). Against eager mode at 126.90 tokens/s:\n\n- compiled: +57% tokens/s.\n")
    assert fused["57%"].technique == "kernel-fusion"


def test_a_technique_named_by_its_absence_is_no_subject_and_no_rival() -> None:
    cs = claims("# DeepSeek-V3 MTP on H200: forum notes\n\n## Numbers\n\n- Overlap scheduling alone, no MTP: from 51.0 to "
                "60.4 tok/s per rank.\n- MTP on top: 81.5 tok/s per rank, +35%.\n")
    assert (cs["51.0 to 60.4"].technique, cs["51.0 to 60.4"].mechanism) == (None, "compute")
    assert cs["35%"].technique == "speculative-decoding"
    hw = claims("# Speculative decoding in TensorRT-LLM\n\nLookahead decoding claimed 1.8x on MT-bench. NVIDIA's MLPerf post "
                "had a single B200 at up to 4x the per-GPU tokens per second of H100 on Llama 2 70B, with no speculation "
                "involved.\n")
    assert (hw["4x"].technique, hw["4x"].mechanism) == (None, "unknown")
    assert hw["1.8x"].technique == "speculative-decoding"


def test_a_chip_against_another_chip_drops_the_techniques_it_ran_with_and_their_cue_words() -> None:
    cs = claims("# Serving digest\n\nSGLang's June write-up on GB200 NVL72, with prefill/decode disaggregation and large-scale "
                "expert parallelism, reported 2.7x the per-GPU decoding throughput of its earlier H100 deployment.\n\n"
                "On one H200, prefill/decode disaggregation raised goodput by 1.6x over colocated serving.\n\n"
                "The H200 gave 1.3-1.5x the output throughput of the H100, the gap widening as the batch grew and KV "
                "memory ran out on the smaller card.\n")
    assert (cs["2.7x"].technique, cs["2.7x"].mechanism) == (None, "unknown")
    assert cs["1.6x"].technique == "disaggregated-serving"
    assert (cs["1.3-1.5x"].technique, cs["1.3-1.5x"].mechanism) == (None, "unknown")


def test_a_second_figure_against_other_engines_is_an_engine_comparison_not_the_first_figures_change() -> None:
    cs = claims("# SGLang v0.4 changelog\n\n## Scheduler\n\n- Upstream measures 1.1x over its previous scheduler and 1.3x over "
                "other state-of-the-art engines, with the largest effect on small models.\n\n## MoE\n\nWith this "
                "scheduling, Mixtral 8x7B reaches 10.3x higher throughput than existing systems.\n")
    assert cs["1.1x"].mechanism == "compute"
    assert (cs["1.3x"].technique, cs["1.3x"].mechanism) == (None, "unknown")
    assert cs["10.3x"].mechanism == "compute"


def test_a_figure_followed_by_for_or_with_a_rival_technique_is_that_techniques() -> None:
    cs = claims("# Quantization notes\n\nAt batch size 1 the two families are close: Llama-3.1-70B gains 1.93x per GPU with "
                "INT4 AWQ and 1.90x with FP8 quantization.\n\nMedian TTFT at that load falls by 38% with FP8 and by 9% with "
                "W4A16.\n")
    assert cs["1.93x"].technique == "weight-quantization"
    assert (cs["1.90x"].technique, cs["1.90x"].mechanism) == ("fp8-quantization", "mixed")
    assert cs["38%"].technique == "fp8-quantization"
    assert (cs["9%"].technique, cs["9%"].mechanism) == ("weight-quantization", "per-token")


def test_the_technique_a_subject_edges_out_or_trails_is_the_baseline() -> None:
    cs = claims("# FP8 against INT4 AWQ directly\n\nAt batch size 1, INT4 AWQ on Llama-3.1-70B edges out FP8 by 1.5%, the only "
                "cell in which the 4-bit engine leads.\n\nAt batch size 64, INT4 AWQ trails FP8 quantization by 27%.\n")
    assert (cs["1.5%"].technique, cs["1.5%"].mechanism) == ("weight-quantization", "per-token")
    assert cs["27%"].technique == "weight-quantization"


def test_a_simulated_technique_is_a_setting_of_the_run_not_its_change() -> None:
    cs = claims("# SGLang large-scale EP notes\n\n## Two-batch overlap\n\n- Decode with simulated MTP, batch size 128 per "
                "device: overlap gives a 35 % speedup.\n- At batch 128 with slowed attention standing in for MTP, SGLang "
                "lands 6.6% below DeepSeek's profiled throughput.\n- With MTP enabled for real, decode rose 1.6x.\n")
    assert cs["35 %"].technique is None
    assert cs["6.6%"].technique is None
    assert cs["1.6x"].technique == "speculative-decoding"


def test_one_technique_joined_to_a_system_on_both_sides_leaves_the_systems_compared() -> None:
    cs = claims("# EAGLE-3 in SGLang: my rerun\n\nWith the EAGLE-3 head on, throughput rose 2.36x at batch size 1. At bs 64 "
                "SGLang + EAGLE-3 pushes 1.25x the tokens/s of vLLM + EAGLE-3. At c=1 TensorRT-LLM + Medusa was about 1.4x "
                "the tokens/s of vLLM + Medusa.\n")
    assert cs["2.36x"].technique == "speculative-decoding"
    for fig in ("1.25x", "1.4x"):
        assert (cs[fig].technique, cs[fig].mechanism) == (None, "unknown"), fig


def test_a_tensor_parallel_degree_named_as_where_gains_were_largest_is_no_subject() -> None:
    cs = claims("# SGLang v0.4 digest\n\n## Zero-overhead batch scheduler\n\nThe scheduler now runs one batch ahead of the "
                "GPU. There, v0.4 is 1.1x faster than v0.3, with the largest gains on small models and wide tensor "
                "parallelism.\n\n## Tensor parallelism\n\nTensor parallelism across eight GPUs cut TPOT by 40%.\n")
    assert cs["1.1x"].technique is None
    assert cs["40%"].technique == "tensor-parallelism"


def test_a_technique_the_authors_say_they_did_not_evaluate_owns_no_figure() -> None:
    cs = claims("# Design: replacing the static-batch server\n\n## Capacity and cost\n\nAt 12 req/s per replica the cost per "
                "million output tokens falls by 73%. For planning we assume a 60-70% reduction to leave headroom for PR "
                "#3104 (speculative decoding), which we have not evaluated.\n\n## Later\n\nSpeculative decoding cut TPOT by "
                "30% in the pilot.\n")
    assert cs["73%"].technique is None and cs["60-70%"].technique is None
    assert cs["30%"].technique == "speculative-decoding"


def test_a_figure_against_vanilla_tensor_parallelism_compares_whole_layouts() -> None:
    cs = claims("# Wide-EP field notes\n\n## Disaggregated serving\n\nAgainst vanilla tensor parallelism on the same 96 GPUs, "
                "the disaggregated expert-parallel layout improved output throughput by up to 5x.\n\nSplitting prefill "
                "from decode alone raised goodput by 1.6x.\n\n## Parallelism\n\nTensor parallelism over two GPUs gave 3.9x the "
                "tokens per second of one.\n")
    assert (cs["5x"].technique, cs["5x"].mechanism) == (None, "unknown")
    assert cs["1.6x"].technique == "disaggregated-serving"
    assert cs["3.9x"].technique == "tensor-parallelism"


def test_a_table_row_whose_baseline_column_names_another_chip_compares_hardware() -> None:
    cs = claims("# MLPerf notes: FP4 and FP8 rounds\n\n## Headline gains\n\n| Round | System | Baseline | Gain |\n|---|---|---|---|\n"
                "| v4.1 | 1x B200, FP4 | 1x H100, FP8 | up to 4x |\n| v5.1 | 8x H200, FP8 | 8x H200, BF16 | 1.6x |\n")
    assert (cs["4x"].technique, cs["4x"].mechanism) == (None, "unknown")
    assert cs["1.6x"].technique == "fp8-quantization"


def test_a_source_line_listing_several_works_that_mostly_name_no_technique_sets_no_topic() -> None:
    body = "\n\n3/ The GPT-J 6B table: at batch size 64 it's 3.0x throughput.\n"
    several = claims('Source: NVIDIA TensorRT-LLM blogs (H100vsA100.md, Falcon180B-H200.md, blog1 "Pushing Latency '
                     'Boundaries" and blog2 "DeepSeek R1 MTP Implementation and Optimization"); LMDeploy README.' + body,
                     kind="text")
    assert several["3.0x"].technique is None
    one = claims("Source: Apple pages on Recurrent Drafter (paper abstract, two versions) and on ReDrafter in TensorRT-LLM; "
                 "NVIDIA blog post on recurrent drafting." + body, kind="text")
    assert one["3.0x"].technique == "speculative-decoding"


def test_a_range_of_batch_sizes_is_a_sweep_not_an_operating_point() -> None:
    cs = claims("# Marlin notes\n\nThe IST-DASLab kernel stays close to the ideal 4x over FP16 up to batch 16-32.\n\nOn an A10 "
                "it still gives 1.64x at batch size 128.\n\nThe Marlin README promises close to ideal 3.9x speedups for "
                "batch sizes of 16-32 tokens.\n")
    assert (cs["4x"].op_kind, cs["4x"].op_value) == ("unstated", None)
    assert (cs["1.64x"].op_kind, cs["1.64x"].op_value) == ("batch_size", 128)
    assert cs["3.9x"].op_kind == "unstated"


def test_a_paragraph_opening_on_a_change_outside_the_lexicon_keeps_its_figures_from_the_sections_technique() -> None:
    cs = claims("# Disaggregated serving with wide EP\n\n## Load balancing\n\nEPLB replicates hot experts so that no GPU waits "
                "on a crowded one. With expert statistics drawn from the test distribution, the post measured 1.49x the "
                "prefill throughput.\n\nSplitting prefill from decode raised goodput by 1.6x on its own.\n")
    assert (cs["1.49x"].technique, cs["1.49x"].mechanism) == (None, "compute")
    assert cs["1.6x"].technique == "disaggregated-serving"


def test_a_credited_to_column_says_what_each_rows_figure_measures() -> None:
    cs = claims("# Re-reading SGLang's radix-tree claims\n\n| Release | Credited to | Baseline | Speedup claimed |\n|---|---|---|---|\n"
                "| v0.2 | whole engine | vLLM 0.5.2 | up to 3.8x |\n| v0.3 | torch.compile | v0.2 | up to 1.5x |\n"
                "| v0.4 | RadixAttention + scheduler | v0.3 | 1.9x |\n")
    assert cs["3.8x"].technique is None
    assert cs["1.5x"].technique == "kernel-fusion"
    assert cs["1.9x"].technique is None


def test_a_title_whose_later_techniques_hang_off_a_preposition_names_its_first_as_the_topic() -> None:
    body = ("Source: NVIDIA Model Optimizer benchmark.md (H200 table).\n\n@kv · 1/8\nWe have more or less settled on it "
            "for the tier.\n\n@kv · 2/8\n8B first. Batch size 1: 1.41x. Batch 8 lands at 1.31x.\n")
    cs = claims("Thread: FP8 W8A8 for the Llama 3.1 tier on H200, with the AWQ detour\n" + body, kind="text")
    assert cs["1.41x"].technique == cs["1.31x"].technique == "fp8-quantization"
    both = claims("Thread: FP8 W8A8 and INT4 AWQ on H200\n" + body, kind="text")
    assert both["1.41x"].technique is None
