"""Pinned fade predictions: the fast predictor must answer what the reference implementation did.

The literals below were computed by the predictor as it was before it was vectorised for speed
(commit 0a39b89: one numpy evaluation per fit stage, baseline re-evaluated on every call). They
cover every technique family and operating-point kind the predictor treats differently: tuned
draft length, MoE and MLA models, tensor parallelism, a stated batch (no admission cap), a
baseline on twice the GPUs, Little's law for a request rate, offline saturation, a baseline that
depends on the fitted parameter (paged attention, continuous batching, chunked prefill, CUDA
graphs), an unreachable headline (scaled curve), an evaluation metric that differs from the
headline's and a curve that inverts. A change to the model itself should update these values
on purpose; a speed-up must not move them.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from auditor.predict import predict_curve
from auditor.predict.engine import Scenario, Sys, smax, tokens_per_step
from auditor.predict.predictor import _geomspace, _scenario, default_efficiency

# curve values: relative 1e-6 (absolute 1e-9); the fitted parameter and the admission caps are
# reported rounded (to 1e-4 and 0.1), so they are compared at that resolution
REL, ABS = 1e-6, 1e-9

CASES = {
    'spec-unstated-tuned': {'technique': 'speculative-decoding', 'mechanism': 'per-token', 'speedup': 2.5,
        'at': None, 'at_kind': 'unstated', 'metric': 'unspecified', 'hardware': 'h100-sxm',
        'model': 'llama-3.1-8b'},
    'spec-c16-8xh100-70b': {'technique': 'speculative-decoding', 'mechanism': 'per-token', 'speedup': 1.8,
        'at': 16, 'at_kind': 'concurrency', 'metric': 'throughput', 'hardware': '8xH100',
        'model': 'llama-3.1-70b'},
    'kvq-c8-mi300x-dsv3': {'technique': 'kv-cache-quantization', 'mechanism': 'residency', 'speedup': 1.15,
        'at': 8, 'at_kind': 'concurrency', 'metric': 'throughput', 'hardware': 'mi300x',
        'model': 'deepseek-v3'},
    'wq-b1-latency-mixtral': {'technique': 'weight-quantization', 'mechanism': 'per-token', 'speedup': 2.1,
        'at': 1, 'at_kind': 'batch_size', 'metric': 'latency', 'hardware': 'a100-80gb',
        'model': 'mixtral-8x7b'},
    'fp8-b8-baseline-tp2': {'technique': 'fp8-quantization', 'mechanism': 'mixed', 'speedup': 1.4, 'at': 8,
        'at_kind': 'batch_size', 'metric': 'throughput', 'hardware': 'h100-sxm', 'model': 'llama-3.1-70b',
        'baseline_tp': 2.0},
    'prefix-single-ttft': {'technique': 'prefix-caching', 'mechanism': 'residency', 'speedup': 3.0,
        'at': 1, 'at_kind': 'single', 'metric': 'ttft', 'hardware': 'h200', 'model': 'llama-3.1-8b',
        'input_len': 4096},
    'graphs-unstated-itl': {'technique': 'cuda-graphs', 'mechanism': 'per-token', 'speedup': 1.3,
        'at': None, 'at_kind': 'unstated', 'metric': 'itl', 'hardware': 'l40s', 'model': 'qwen2.5-7b'},
    'paged-offline': {'technique': 'paged-attention', 'mechanism': 'residency', 'speedup': 2.2, 'at': None,
        'at_kind': 'offline', 'metric': 'throughput', 'hardware': 'a100-40gb', 'model': 'llama-2-13b'},
    'cb-rate4': {'technique': 'continuous-batching', 'mechanism': 'compute', 'speedup': 3.0, 'at': 4,
        'at_kind': 'request_rate', 'metric': 'throughput', 'hardware': 'h100-sxm', 'model': 'llama-3.1-8b'},
    'chunked-c32': {'technique': 'chunked-prefill', 'mechanism': 'compute', 'speedup': 1.2, 'at': 32,
        'at_kind': 'concurrency', 'metric': 'throughput', 'hardware': 'h100-sxm', 'model': 'llama-3.1-8b',
        'input_len': 8192, 'output_len': 512},
    'generic-unreachable': {'technique': None, 'mechanism': 'unknown', 'speedup': 12.0, 'at': 64,
        'at_kind': 'concurrency', 'metric': 'throughput', 'hardware': 'b200', 'model': 'qwen3-30b-a3b'},
    'offload-grid-eval-itl': {'technique': 'kv-offloading', 'mechanism': 'residency', 'speedup': 1.6,
        'at': 2, 'at_kind': 'concurrency', 'metric': 'ttft', 'hardware': 'h100-sxm',
        'model': 'llama-3.1-8b', 'grid': [4], 'reader_concurrency': 4, 'eval_metric': 'itl',
        'max_concurrency': 16},
    'tp-2gpu-ngram': {'technique': 'speculative-decoding', 'mechanism': 'per-token', 'speedup': 1.9,
        'at': 4, 'at_kind': 'batch_size', 'metric': 'e2e', 'hardware': '2xH100', 'model': 'llama-3.1-70b',
        'params': {'draft_cost': 0.0, 'draft_kv': 0.0, 'draft_depth': 0.0, 'draft_len': 3.0}},
    'tensor-par-itl': {'technique': 'tensor-parallelism', 'mechanism': 'per-token', 'speedup': 1.7,
        'at': 1, 'at_kind': 'concurrency', 'metric': 'itl', 'hardware': 'h100-sxm', 'gpus': 2,
        'model': 'llama-3.1-70b'},
    'wq-inverts-reader128': {'technique': 'weight-quantization', 'mechanism': 'per-token', 'speedup': 2.0,
        'at': 1, 'at_kind': 'batch_size', 'metric': 'throughput', 'hardware': 'h100-sxm',
        'model': 'llama-3.1-8b', 'reader_concurrency': 128},
    'awq-alias-int4-bnb': {'technique': 'awq', 'mechanism': 'per-token', 'speedup': 1.6, 'at': 1,
        'at_kind': 'concurrency', 'metric': 'throughput', 'hardware': 'rtx-4090', 'model': 'llama-3.1-8b',
        'precision': 'int4', 'params': {'full_dequant': 1.25, 'full_dequant_above': 1.0},
        'efficiency': {'layer_overhead_us': 200.0, 'token_us_per_layer': 6.0}},
}

EXPECTED = {
    'spec-unstated-tuned': {
        'verdict': 'fades',
        'at_reader': 1.2102364318207042,
        'crossover': 62.0,
        'theta': 0.7626,
        'reachable': True,
        'scale': None,
        'tuned': 'draft_len',
        'caps': (321.5, 309.4),
        'curve': [
            (1.0, 2.4999897840940872, 2.4999853419495097, 2.4999936826978124),
            (2.0, 2.4251587850419134, 2.4166170322356537, 2.4353664877108634),
            (4.0, 2.2885507734313437, 2.263787007065819, 2.3175057142738966),
            (8.0, 2.0401576116698386, 1.9834120444405197, 2.10508398466807),
            (16.0, 1.627268707008757, 1.5408453354234815, 1.736236340982076),
            (32.0, 1.2102364318207042, 1.1349994953879161, 1.3141491464688972),
            (64.0, 0.9944048193092836, 0.9332646321473572, 1.080140756003639),
            (128.0, 0.9396584244817686, 0.8832326043146962, 1.0186930604514117),
            (256.0, 0.9314842380506008, 0.8763132421611837, 1.0086255349636049),
        ],
    },
    'spec-c16-8xh100-70b': {
        'verdict': 'fades',
        'at_reader': 1.3271271993403189,
        'crossover': 90.0,
        'theta': 0.8204,
        'reachable': True,
        'scale': None,
        'tuned': None,
        'caps': (998.5, 959.6),
        'curve': [
            (1.0, 2.764771609455024, 2.757259595549711, 2.835281886476415),
            (2.0, 2.6762946619664043, 2.668490698687215, 2.7428917821057683),
            (4.0, 2.517234415426737, 2.5094477639435175, 2.5747197697627096),
            (8.0, 2.2416166608302497, 2.236194204135564, 2.274581739252343),
            (16.0, 1.799999874720779, 1.7999997390805267, 1.8000001609562835),
            (32.0, 1.3271271993403189, 1.3251952436341805, 1.332131316762056),
            (64.0, 1.0567728725000025, 1.0508462022842824, 1.07467147605354),
            (128.0, 0.9683465945045918, 0.960119396882023, 0.9937169614754725),
            (256.0, 0.9423223943781858, 0.9330289435667376, 0.9711559364331215),
        ],
    },
    'kvq-c8-mi300x-dsv3': {
        'verdict': 'holds',
        'at_reader': 1.15,
        'crossover': None,
        'theta': 0.0,
        'reachable': False,
        'scale': 1.1517,
        'tuned': None,
        'caps': (1.0, 1.0),
        'curve': [
            (1.0, 1.15, 1.15, 1.15),
            (2.0, 1.15, 1.15, 1.15),
            (4.0, 1.15, 1.15, 1.15),
            (8.0, 1.15, 1.15, 1.15),
            (16.0, 1.15, 1.15, 1.15),
            (32.0, 1.15, 1.15, 1.15),
            (64.0, 1.15, 1.15, 1.15),
            (128.0, 1.15, 1.15, 1.15),
            (256.0, 1.15, 1.15, 1.15),
        ],
    },
    'wq-b1-latency-mixtral': {
        'verdict': 'grows',
        'at_reader': 43.059702387465045,
        'crossover': None,
        'theta': 0.0,
        'reachable': False,
        'scale': 1.0209,
        'tuned': None,
        'caps': (1.0, 278.1),
        'curve': [
            (1.0, 2.1, 2.1, 2.1),
            (2.0, 3.8589459000897146, 3.8589459000897146, 3.8589459000897146),
            (4.0, 7.438284256214632, 7.438284256214632, 7.438284256214632),
            (8.0, 14.377062611440001, 14.377062611440001, 14.377062611440001),
            (16.0, 26.555585494242592, 26.555585494242592, 26.555585494242592),
            (32.0, 43.059702387465045, 43.059702387465045, 43.059702387465045),
            (64.0, 57.58632863947101, 57.58632863947101, 57.58632863947101),
            (128.0, 67.43928107702742, 67.43928107702742, 67.43928107702742),
            (256.0, 73.42723211801406, 73.42723211801406, 73.42723211801406),
        ],
    },
    'fp8-b8-baseline-tp2': {
        'verdict': 'holds',
        'at_reader': 1.399991220573291,
        'crossover': None,
        'theta': 0.2594,
        'reachable': True,
        'scale': None,
        'tuned': None,
        'caps': (1.0, 1.0),
        'curve': [
            (1.0, 1.399991220573291, 1.399991220573291, 1.399991237923904),
            (2.0, 1.399991220573291, 1.399991220573291, 1.399991237923904),
            (4.0, 1.399991220573291, 1.399991220573291, 1.399991237923904),
            (8.0, 1.399991220573291, 1.399991220573291, 1.399991237923904),
            (16.0, 1.399991220573291, 1.399991220573291, 1.399991237923904),
            (32.0, 1.399991220573291, 1.399991220573291, 1.399991237923904),
            (64.0, 1.399991220573291, 1.399991220573291, 1.399991237923904),
            (128.0, 1.399991220573291, 1.399991220573291, 1.399991237923904),
            (256.0, 1.399991220573291, 1.399991220573291, 1.399991237923904),
        ],
    },
    'prefix-single-ttft': {
        'verdict': 'holds',
        'at_reader': 2.9999939792107515,
        'crossover': None,
        'theta': 0.6702,
        'reachable': True,
        'scale': None,
        'tuned': None,
        'caps': (190.8, 516.8),
        'curve': [
            (1.0, 2.9999939792107515, 2.9999939792107515, 2.9999939792107515),
            (2.0, 2.9999939792107515, 2.9999939792107515, 2.9999939792107515),
            (4.0, 2.9999939792107515, 2.9999939792107515, 2.9999939792107515),
            (8.0, 2.9999939792107515, 2.9999939792107515, 2.9999939792107515),
            (16.0, 2.9999939792107515, 2.9999939792107515, 2.9999939792107515),
            (32.0, 2.9999939792107515, 2.9999939792107515, 2.9999939792107515),
            (64.0, 2.9999939792107515, 2.9999939792107515, 2.9999939792107515),
            (128.0, 2.9999939792107515, 2.9999939792107515, 2.9999939792107515),
            (256.0, 435.0525781898823, 2.047957252659087, 435.0525781898823),
        ],
    },
    'graphs-unstated-itl': {
        'verdict': 'holds',
        'at_reader': 1.2585410220414852,
        'crossover': None,
        'theta': 6.8842,
        'reachable': True,
        'scale': None,
        'tuned': None,
        'caps': (353.7, 353.7),
        'curve': [
            (1.0, 1.3, 1.3, 1.3),
            (2.0, 1.2984577872075984, 1.2984577872075984, 1.2984577872075984),
            (4.0, 1.2954203813636807, 1.2954203813636807, 1.2954203813636807),
            (8.0, 1.289526843887772, 1.289526843887772, 1.289526843887772),
            (16.0, 1.2784144762718817, 1.2784144762718817, 1.2784144762718817),
            (32.0, 1.2585410220414852, 1.2585410220414852, 1.2585410220414852),
            (64.0, 1.2260876093637114, 1.2260876093637114, 1.2260876093637114),
            (128.0, 1.1799427831839924, 1.1799427831839924, 1.1799427831839924),
            (256.0, 1.1250420354360207, 1.1250420354360207, 1.1250420354360207),
        ],
    },
    'paged-offline': {
        'verdict': 'holds',
        'at_reader': 2.1999999875816916,
        'crossover': None,
        'theta': 2.602,
        'reachable': True,
        'scale': None,
        'tuned': None,
        'caps': (2.9, 7.6),
        'curve': [
            (1.0, 0.9983300084529034, 0.9933533333328541, 1.0),
            (2.0, 0.9967891718055577, 0.9872792197314514, 1.0),
            (4.0, 1.305755791044797, 1.300394704495172, 1.3214624114517215),
            (8.0, 2.1999999875816916, 2.1999999875816916, 2.199999993911545),
            (16.0, 2.1999999875816916, 2.1999999875816916, 2.199999993911545),
            (32.0, 2.1999999875816916, 2.1999999875816916, 2.199999993911545),
            (64.0, 2.1999999875816916, 2.1999999875816916, 2.199999993911545),
            (128.0, 2.1999999875816916, 2.1999999875816916, 2.199999993911545),
            (256.0, 2.1999999875816916, 2.1999999875816916, 2.199999993911545),
        ],
    },
    'cb-rate4': {
        'verdict': 'grows',
        'at_reader': 4.506803174203979,
        'crossover': None,
        'theta': 1.1466,
        'reachable': True,
        'scale': None,
        'tuned': None,
        'caps': (321.5, 321.5),
        'curve': [
            (1.0, 1.0885139167249318, 1.0885139167249318, 1.0885139167249318),
            (2.0, 1.5966057902608297, 1.5966057902608297, 1.5966057902608297),
            (4.0, 2.2480168294782885, 2.2480168294782885, 2.2480168294782885),
            (8.0, 2.9710874515365266, 2.9710874515365266, 2.9710874515365266),
            (16.0, 3.7299878650151554, 3.7299878650151554, 3.7299878650151554),
            (32.0, 4.506803174203979, 4.506803174203979, 4.506803174203979),
            (64.0, 5.292575931247901, 5.292575931247901, 5.292575931247901),
            (128.0, 6.0828274122193715, 6.0828274122193715, 6.0828274122193715),
            (256.0, 6.875318255154617, 6.875318255154617, 6.875318255154617),
        ],
    },
    'chunked-c32': {
        'verdict': 'holds',
        'at_reader': 1.2,
        'crossover': None,
        'theta': 0.2301,
        'reachable': True,
        'scale': None,
        'tuned': None,
        'caps': (47.3, 47.3),
        'curve': [
            (1.0, 1.0563559063156185, 1.0563559063156185, 1.0563559063156185),
            (2.0, 1.1022743731813034, 1.1022743731813034, 1.1022743731813034),
            (4.0, 1.170860435042929, 1.170860435042929, 1.170860435042929),
            (8.0, 1.2453611027017437, 1.2453611027017437, 1.2453611027017437),
            (16.0, 1.2642557050299206, 1.2642557050299206, 1.2642557050299206),
            (32.0, 1.2, 1.2, 1.2),
            (64.0, 1.159245068091898, 1.159245068091898, 1.159245068091898),
            (128.0, 1.159245068091898, 1.159245068091898, 1.159245068091898),
            (256.0, 1.159245068091898, 1.159245068091898, 1.159245068091898),
        ],
    },
    'generic-unreachable': {
        'verdict': 'holds',
        'at_reader': 12.448981116056185,
        'crossover': None,
        'theta': 20.0,
        'reachable': False,
        'scale': 10.0144,
        'tuned': None,
        'caps': (786.8, 1247.3),
        'curve': [
            (1.0, 10.954724684495543, 10.954724684495543, 10.954724684495543),
            (2.0, 11.514129968711238, 11.514129968711238, 11.514129968711238),
            (4.0, 12.185908078899121, 12.185908078899121, 12.185908078899121),
            (8.0, 12.664748739268445, 12.664748739268445, 12.664748739268445),
            (16.0, 12.709376925763312, 12.709376925763312, 12.709376925763312),
            (32.0, 12.448981116056185, 12.448981116056185, 12.448981116056185),
            (64.0, 12.0, 12.0, 12.0),
            (128.0, 11.450014838339417, 11.450014838339417, 11.450014838339417),
            (256.0, 10.951795226130157, 10.951795226130157, 10.951795226130157),
        ],
    },
    'offload-grid-eval-itl': {
        'verdict': 'holds',
        'at_reader': 1.0,
        'crossover': None,
        'theta': 0.4351,
        'reachable': True,
        'scale': None,
        'tuned': None,
        'caps': (321.5, 321.5),
        'curve': [
            (4.0, 1.0, 1.0, 1.0),
        ],
    },
    'tp-2gpu-ngram': {
        'verdict': 'holds',
        'at_reader': 1.8999968222337624,
        'crossover': None,
        'theta': 0.5144,
        'reachable': True,
        'scale': None,
        'tuned': None,
        'caps': (1.0, 1.0),
        'curve': [
            (1.0, 1.8999968222337624, 1.8999968222337624, 1.8999993000463076),
            (2.0, 1.8999968222337624, 1.8999968222337624, 1.8999993000463076),
            (4.0, 1.8999968222337624, 1.8999968222337624, 1.8999993000463076),
            (8.0, 1.8999968222337624, 1.8999968222337624, 1.8999993000463076),
            (16.0, 1.8999968222337624, 1.8999968222337624, 1.8999993000463076),
            (32.0, 1.8999968222337624, 1.8999968222337624, 1.8999993000463076),
            (64.0, 1.8999968222337624, 1.8999968222337624, 1.8999993000463076),
            (128.0, 1.8999968222337624, 1.8999968222337624, 1.8999993000463076),
            (256.0, 1.8999968222337624, 1.8999968222337624, 1.8999993000463076),
        ],
    },
    'tensor-par-itl': {
        'verdict': 'grows',
        'at_reader': 47.81106141254383,
        'crossover': None,
        'theta': 1.8264,
        'reachable': True,
        'scale': None,
        'tuned': None,
        'caps': (1.0, 273.0),
        'curve': [
            (1.0, 1.7000008673144542, 1.7000008673144542, 1.7000008673144542),
            (2.0, 3.3850006525210072, 3.3850006525210072, 3.3850006525210072),
            (4.0, 6.710780568133585, 6.710780568133585, 6.710780568133585),
            (8.0, 13.19073064336987, 13.19073064336987, 13.19073064336987),
            (16.0, 25.503340994161437, 25.503340994161437, 25.503340994161437),
            (32.0, 47.81106141254383, 47.81106141254383, 47.81106141254383),
            (64.0, 84.82420630799183, 84.82420630799183, 84.82420630799183),
            (128.0, 136.874383770092, 136.874383770092, 136.874383770092),
            (256.0, 188.30265610712493, 188.30265610712493, 188.30265610712493),
        ],
    },
    'wq-inverts-reader128': {
        'verdict': 'inverts',
        'at_reader': 0.7755721670473522,
        'crossover': 34.0,
        'theta': 0.1693,
        'reachable': True,
        'scale': None,
        'tuned': None,
        'caps': (321.5, 393.3),
        'curve': [
            (1.0, 1.999890787669212, 1.999890787669212, 1.999890787669212),
            (2.0, 1.9587312283958087, 1.9587312283958087, 1.9587312283958087),
            (4.0, 1.8821068633526636, 1.7680358479279605, 1.8821068633526636),
            (8.0, 1.7383184292430445, 1.3059887789916194, 1.7383184292430445),
            (16.0, 1.4205717507736169, 0.8951295283274111, 1.4784276851400873),
            (32.0, 1.0227288246367803, 0.6177544603792432, 1.1481785845175532),
            (64.0, 0.8271910082167665, 0.491087260760743, 0.9336957151997022),
            (128.0, 0.7755721670473522, 0.4567798824159912, 0.8776605064382742),
            (256.0, 0.7661877253606223, 0.4494777212115171, 0.8681387255200864),
        ],
    },
    'awq-alias-int4-bnb': {
        'verdict': 'grows',
        'at_reader': 1.9523946044600986,
        'crossover': None,
        'theta': 0.0,
        'reachable': False,
        'scale': 2.1696,
        'tuned': None,
        'caps': (21.1, 92.9),
        'curve': [
            (1.0, 1.6, 1.6, 1.6),
            (2.0, 1.6160042605140215, 1.6160042605140215, 1.6160042605140215),
            (4.0, 1.640071309052877, 1.640071309052877, 1.640071309052877),
            (8.0, 1.6551450874093205, 1.6551450874093205, 1.6551450874093205),
            (16.0, 1.6439207367232345, 1.6439207367232345, 1.6439207367232345),
            (32.0, 1.9523946044600986, 1.9523946044600986, 1.9523946044600986),
            (64.0, 2.374444487697407, 2.374444487697407, 2.374444487697407),
            (128.0, 2.5449467190946686, 2.5449467190946686, 2.5449467190946686),
            (256.0, 2.5449467190946686, 2.5449467190946686, 2.5449467190946686),
        ],
    },
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_prediction_matches_reference(name: str) -> None:
    p = predict_curve(**CASES[name])
    exp = EXPECTED[name]
    assert p.verdict == exp["verdict"]
    assert p.at_reader == pytest.approx(exp["at_reader"], rel=REL, abs=ABS)
    if exp["crossover"] is None:
        assert p.crossover is None
    else:
        assert p.crossover == pytest.approx(exp["crossover"], rel=REL, abs=ABS)
    theta_name = next(k for k in p.fitted if k not in ("model", "headline_reachable", "tuned", "scale",
                                                       "tokens_per_step"))
    assert p.fitted[theta_name] == pytest.approx(exp["theta"], abs=1.01e-4)
    assert p.fitted["headline_reachable"] is exp["reachable"]
    assert p.fitted.get("tuned") == exp["tuned"]
    if exp["scale"] is None:
        assert "scale" not in p.fitted
    else:
        assert p.fitted["scale"] == pytest.approx(exp["scale"], abs=1.01e-4)
    caps = p.assumptions["admission_cap"]
    assert (caps["baseline"], caps["optimised"]) == pytest.approx(exp["caps"], abs=0.11)
    got = [(c.concurrency, c.speedup, c.low, c.high) for c in p.curve]
    assert len(got) == len(exp["curve"])
    for g, e in zip(got, exp["curve"]):
        assert g == pytest.approx(e, rel=REL, abs=ABS)


def test_cases_cover_every_verdict_and_operating_point_kind() -> None:
    """The pinned set keeps its coverage when cases are edited."""
    assert {e["verdict"] for e in EXPECTED.values()} == {"grows", "holds", "fades", "inverts"}
    kinds = {c["at_kind"] for c in CASES.values()}
    assert kinds >= {"concurrency", "batch_size", "request_rate", "single", "unstated", "offline"}
    assert any(not e["reachable"] for e in EXPECTED.values())
    assert any(e["tuned"] for e in EXPECTED.values())


# ------------------------------------------------------------------- the shortcuts of the fast path

SCENARIOS = [  # dense; MoE with MLA on one GPU; dense on two GPUs (all-reduces)
    ("h100-sxm", "llama-3.1-8b", 1), ("mi300x", "deepseek-v3", 1), ("h100-sxm", "llama-3.1-70b", 2),
]
SYSTEMS = [  # the baseline and one optimised system per family of fields
    Sys(),
    Sys(q=5.0, E=2.7, g=4.0, rho_w=0.03, rho_kv=0.03, d_depth=0.03),
    Sys(q=4.0, E=2.2, g=3.0, rho_w=0.16, rho_kv=0.043, kv_win=512.0, d_depth=0.7),
    Sys(w_scale=0.25, dq=0.4, dq_tile=64.0, dq_full=1.25, dq_full_above=1.0),
    Sys(w_scale=0.5, fl_mult=2.0, w_fixed=0.3),
    Sys(kv_scale=0.5, kv_dq=0.2, kv_fixed_ms=0.1, kv_speed=1.3),
    Sys(pf_frac=0.4, pf_load=2e-7, kv_seq_frac=0.6, cap_mult=3.0, oh_add_ms=0.7),
    Sys(static_batch=1.5, pf_sep=2.0, gpus_mult=2.0),
]


def _unskippable(s: Sys) -> Sys:
    """The same system with every field a numpy array, so that no term is skipped as neutral."""
    return Sys(**{f.name: np.full((1, 1), getattr(s, f.name)) for f in dataclasses.fields(Sys)})


@pytest.mark.parametrize("hw,model,gpus", SCENARIOS)
@pytest.mark.parametrize("metric", ["throughput", "itl", "ttft"])
def test_skipped_terms_and_plain_numbers_change_nothing(hw: str, model: str, gpus: int, metric: str) -> None:
    """The engine skips terms of neutral Sys fields and keeps b a plain number when it can; both
    must give what the full array computation gives."""
    sc: Scenario = _scenario(hw, model, gpus, 2048, 256, default_efficiency(), 16.0)
    C = np.array([1.0, 3.0, 16.0, 100.0, 512.0, 4096.0])
    for s in SYSTEMS:
        full = sc.perf(_unskippable(s), C[None, :], metric)[0]
        assert sc.perf(s, C, metric) == pytest.approx(full, rel=1e-12)
        for c in C:
            assert float(np.squeeze(sc.perf(s, float(c), metric))) == pytest.approx(
                float(np.squeeze(sc.perf(_unskippable(s), np.array([[c]]), metric))), rel=1e-12)


@pytest.mark.parametrize("p", [1.5, 2.0, 3.0, 8.0, 12.0, 49.0])
def test_smax_is_the_scaled_p_norm(p: float) -> None:
    rng = np.random.default_rng(7)
    a, b = 10.0 ** rng.uniform(-9, 1, 200), 10.0 ** rng.uniform(-9, 1, 200)
    m = np.maximum(a, b)
    ref = m * ((a / m) ** p + (b / m) ** p) ** (1.0 / p)
    assert smax(a, b, p) == pytest.approx(ref, rel=1e-13)
    assert smax(float(a[0]), float(b[0]), p) == pytest.approx(ref[0], rel=1e-13)
    assert smax(float(a[1]), b, p) == pytest.approx(smax(np.full(200, a[1]), b, p), rel=1e-13)


def test_plain_number_tokens_per_step_and_geomspace_match_numpy() -> None:
    a, g = np.linspace(0.0, 1.0, 41), np.array([1.0, 3.0, 4.0, 10.0])[:, None]
    arr = tokens_per_step(a[None, :], g)
    for i, gi in enumerate(g[:, 0]):
        for j, aj in enumerate(a):
            assert tokens_per_step(float(aj), float(gi)) == pytest.approx(arr[i, j], rel=1e-13)
    for lo, hi in [(1.0, 256.0), (0.5, 1024.0), (3.7, 3.7), (1e-3, 64.0)]:
        assert np.array_equal(_geomspace(lo, hi, 97), np.geomspace(lo, hi, 97))
