"""Hardware and model catalogues (rules/hardware.yaml, rules/models.yaml) and name resolution.

The catalogues are data. They are validated with pydantic when loaded; a bad file raises
CatalogError naming the file, the entry and the field. Loading is cached per path.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator


class CatalogError(ValueError):
    """A catalogue file is missing, unreadable or invalid. The message names file and field."""


def rules_dir() -> Path:
    """Where the shipped rules/ data lives (auditor/paths.py owns the lookup: inside the installed
    package first, else beside it in a source checkout)."""
    try:
        from auditor.paths import rules_dir as _rules_dir

        return Path(_rules_dir())
    except (ImportError, FileNotFoundError):
        pkg = Path(__file__).resolve().parent.parent
        return pkg / "rules" if (pkg / "rules").is_dir() else pkg.parent / "rules"


# --------------------------------------------------------------------------- specs


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class HardwareSpec(_Spec):
    id: str = ""
    name: str
    vendor: str = "nvidia"
    memory_gb: float = Field(gt=0)
    bandwidth_tbs: float = Field(gt=0)
    bf16_tflops: float = Field(gt=0)
    fp8_tflops: float | None = Field(default=None, gt=0)
    fp4_tflops: float | None = Field(default=None, gt=0)
    int8_tops: float | None = Field(default=None, gt=0)
    nvlink_gbs: float | None = Field(default=None, gt=0)
    aliases: list[str] = Field(default_factory=list)
    sources: dict[str, str]

    @model_validator(mode="after")
    def _sourced(self) -> "HardwareSpec":
        need = ["memory_gb", "bandwidth_tbs", "bf16_tflops", "fp8_tflops"]
        need += [k for k in ("fp4_tflops", "int8_tops", "nvlink_gbs") if getattr(self, k) is not None]
        missing = [k for k in need if not str(self.sources.get(k, "")).strip()]
        if missing:
            raise ValueError(f"figure(s) without a source: {', '.join(missing)} (add sources.{missing[0]})")
        return self

    @property
    def ridge(self) -> float:
        """Dense BF16 FLOP per byte of HBM traffic where decode turns compute bound."""
        return self.bf16_tflops / self.bandwidth_tbs


class ModelSpec(_Spec):
    id: str = ""
    name: str
    params_b: float = Field(gt=0)
    active_params_b: float | None = Field(default=None, gt=0)
    layers: int = Field(gt=0)
    hidden: int = Field(gt=0)
    heads: int = Field(gt=0)
    kv_heads: int = Field(gt=0)
    head_dim: int = Field(gt=0)
    kv_layout: Literal["gqa", "mha", "mla"] = "gqa"
    kv_lora_rank: int | None = Field(default=None, gt=0)
    qk_rope_dim: int | None = Field(default=None, ge=0)
    experts: int | None = Field(default=None, gt=0)
    experts_per_token: int | None = Field(default=None, gt=0)
    weight_bits: float = Field(default=16, gt=0, le=32)
    sliding_window: int | None = Field(default=None, gt=0)
    sliding_layers: int | None = Field(default=None, ge=0)
    aliases: list[str] = Field(default_factory=list)
    sources: dict[str, str]

    @model_validator(mode="after")
    def _check(self) -> "ModelSpec":
        need = ["params_b", "layers", "hidden", "heads", "kv_heads", "head_dim"]
        for k in ("active_params_b", "kv_lora_rank", "qk_rope_dim", "experts", "sliding_window"):
            if getattr(self, k) is not None:
                need.append(k)
        if self.weight_bits != 16:
            need.append("weight_bits")
        missing = [k for k in need if not str(self.sources.get(k, "")).strip()]
        if missing:
            raise ValueError(f"figure(s) without a source: {', '.join(missing)} (add sources.{missing[0]})")
        if self.kv_layout == "mla" and (self.kv_lora_rank is None or self.qk_rope_dim is None):
            raise ValueError("kv_layout mla needs kv_lora_rank and qk_rope_dim")
        if (self.experts is None) != (self.experts_per_token is None):
            raise ValueError("experts and experts_per_token go together")
        if self.active_params_b is not None and self.active_params_b > self.params_b:
            raise ValueError("active_params_b exceeds params_b")
        if self.sliding_layers is not None and self.sliding_layers > self.layers:
            raise ValueError("sliding_layers exceeds layers")
        return self

    @property
    def active_b(self) -> float:
        return self.active_params_b or self.params_b

    @property
    def is_moe(self) -> bool:
        return bool(self.experts and self.experts_per_token and self.experts > self.experts_per_token)

    @property
    def kv_elems_per_token_layer(self) -> float:
        """Cached values per token per layer (before bytes per element)."""
        if self.kv_layout == "mla":
            return float((self.kv_lora_rank or 0) + (self.qk_rope_dim or 0))
        return 2.0 * self.kv_heads * self.head_dim


# --------------------------------------------------------------------------- loading


def _fmt_loc(loc: tuple) -> str:
    return ".".join(str(p) for p in loc)


def _load_yaml(path: Path) -> dict:
    if not path.is_file():
        raise CatalogError(f"{path}: catalogue file not found")
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as e:
        raise CatalogError(f"{path}: not valid YAML: {e}") from None
    if not isinstance(data, dict):
        raise CatalogError(f"{path}: expected a mapping at the top level")
    return data


def _build(path: Path, section: str, cls: type[_Spec]) -> tuple[dict, str]:
    data = _load_yaml(path)
    entries = data.get(section)
    if not isinstance(entries, dict) or not entries:
        raise CatalogError(f"{path}: field '{section}' must be a non-empty mapping of id -> entry")
    out: dict[str, _Spec] = {}
    raw_by_id = {str(k): v for k, v in entries.items()}

    def resolve(eid: str, seen: tuple = ()) -> dict:
        raw = raw_by_id[eid]
        if not isinstance(raw, dict):
            raise CatalogError(f"{path}: {section}.{eid}: expected a mapping")
        parent = raw.get("inherit")
        if parent is None:
            return dict(raw)
        if parent not in raw_by_id or parent in seen:
            raise CatalogError(f"{path}: {section}.{eid}.inherit: unknown or cyclic parent '{parent}'")
        base = resolve(parent, seen + (eid,))
        base.pop("aliases", None)
        merged = {**base, **{k: v for k, v in raw.items() if k != "inherit"}}
        merged["sources"] = {**base.get("sources", {}), **raw.get("sources", {})}
        return merged

    for eid in raw_by_id:
        raw = resolve(eid)
        raw.pop("inherit", None)
        try:
            out[eid] = cls(id=eid, **raw)
        except ValidationError as e:
            err = e.errors()[0]
            loc = _fmt_loc(err.get("loc", ()))
            where = f"{section}.{eid}" + (f".{loc}" if loc else "")
            raise CatalogError(f"{path}: {where}: {err.get('msg')}") from None
        except TypeError as e:
            raise CatalogError(f"{path}: {section}.{eid}: {e}") from None
    default = str(data.get("default", next(iter(out))))
    if default not in out:
        raise CatalogError(f"{path}: default: '{default}' is not an entry of '{section}'")
    return out, default


@lru_cache(maxsize=16)
def _hardware_cached(path: str) -> tuple[dict[str, HardwareSpec], str]:
    return _build(Path(path), "hardware", HardwareSpec)  # type: ignore[return-value]


@lru_cache(maxsize=16)
def _models_cached(path: str) -> tuple[dict[str, ModelSpec], str]:
    return _build(Path(path), "models", ModelSpec)  # type: ignore[return-value]


def load_hardware(path: Path | str | None = None) -> dict[str, HardwareSpec]:
    return _hardware_cached(str(path or rules_dir() / "hardware.yaml"))[0]


def load_models(path: Path | str | None = None) -> dict[str, ModelSpec]:
    return _models_cached(str(path or rules_dir() / "models.yaml"))[0]


def default_hardware_id() -> str:
    return _hardware_cached(str(rules_dir() / "hardware.yaml"))[1]


def default_model_id() -> str:
    return _models_cached(str(rules_dir() / "models.yaml"))[1]


# --------------------------------------------------------------------------- names

_COUNT_RE = re.compile(
    r"^\s*(?P<n>\d{1,4})\s*(?:x|×|\*)\s*(?=\S)|(?:^|\s)(?:x|×)\s*(?P<n2>\d{1,4})\s*$", re.IGNORECASE
)
_COUNT_TAIL_RE = re.compile(r"\(\s*(?:tp|ep|dp)\s*(\d{1,4})[^)]*\)", re.IGNORECASE)
_HW_NOISE = re.compile(r"\b(nvidia|amd|instinct|tensor core|gpus?|accelerators?|geforce|tesla)\b", re.I)
_MODEL_SUFFIX = re.compile(
    r"(-|_|\s)(instruct|chat|hf|base|it|fp8|fp16|bf16|awq|gptq|int4|int8|w4a16|w8a8|nvfp4|fp4)\b", re.I
)


_PAREN = re.compile(r"\([^)]*\)")


def _key(s: str) -> str:
    """Normalise a name: lower case, drop spaces, dashes, underscores and slashes."""
    return re.sub(r"[\s\-_/()]+", "", s.lower())


@lru_cache(maxsize=4096)
def split_gpu_count(text: str) -> tuple[int | None, str]:
    """'8xH100' -> (8, 'H100'); '4 x MI300X' -> (4, 'MI300X'); 'H100 x8' -> (8, 'H100').
    (Cached like the name resolution below: a document repeats the same few names.)"""
    if not text:
        return None, text
    m = _COUNT_RE.search(text)
    if m:
        n = int(m.group("n") or m.group("n2"))
        rest = (text[: m.start()] + text[m.end():]).strip()
        return (n if n > 0 else None), rest
    m = _COUNT_TAIL_RE.search(text)
    if m:
        return int(m.group(1)), (text[: m.start()] + text[m.end():]).strip()
    return None, text


@lru_cache(maxsize=4)
def _hw_index(path: str) -> dict[str, str]:
    hw = _hardware_cached(path)[0]
    idx: dict[str, str] = {}
    for hid, spec in hw.items():
        for a in [hid, spec.name, *spec.aliases]:
            idx.setdefault(_key(_HW_NOISE.sub(" ", a)), hid)
            idx.setdefault(_key(a), hid)
    return idx


@lru_cache(maxsize=4)
def _model_index(path: str) -> dict[str, str]:
    ms = _models_cached(path)[0]
    idx: dict[str, str] = {}
    for mid, spec in ms.items():
        for a in [mid, spec.name, *spec.aliases]:
            idx.setdefault(_key(a), mid)
            idx.setdefault(_key(a.replace("-", ".")), mid)
    return idx


def _lookup(text: str, idx: dict[str, str]) -> str | None:
    k = _key(text)
    if not k:
        return None
    if k in idx:
        return idx[k]
    # longest alias contained in the text ("NVIDIA H100 80GB HBM3 SXM" -> h100); aliases of 3+
    # characters only, and the match must not continue a number ("H1000" is not "H100")
    best, best_len = None, 0
    for alias, cid in idx.items():
        if len(alias) < 3 or len(alias) <= best_len:
            continue
        i = k.find(alias)
        while i >= 0:
            after = k[i + len(alias): i + len(alias) + 1]
            before = k[i - 1: i] if i else ""
            if not (alias[-1].isdigit() and after.isdigit()) and not (alias[0].isdigit() and before.isdigit()):
                best, best_len = cid, len(alias)
                break
            i = k.find(alias, i + 1)
    return best


@lru_cache(maxsize=4)
def _cat_path(kind: str) -> str:
    return str(rules_dir() / f"{kind}.yaml")


@lru_cache(maxsize=4096)
def resolve_hardware(name: str | None, default: str | None = None) -> tuple[str, HardwareSpec, str | None]:
    """Canonical id, spec and a note (None when the name resolved cleanly).

    A GPU count in the text ("8xH100") is ignored here; use split_gpu_count() to read it.
    Unknown or missing names fall back to `default` (else the catalogue default) and say so.
    """
    path = _cat_path("hardware")
    hw, cat_default = _hardware_cached(path)
    fallback = default if default in hw else cat_default
    if default and default not in hw:
        fb = _lookup(default, _hw_index(path))
        fallback = fb or cat_default
    if not name or not str(name).strip():
        return fallback, hw[fallback], f"no hardware named; assumed {hw[fallback].name}"
    _, rest = split_gpu_count(str(name))
    rest = rest or str(name)
    idx = _hw_index(path)
    hid = _lookup(rest, idx) or _lookup(_HW_NOISE.sub(" ", rest), idx)
    if hid is None and "(" in rest:
        hid = _lookup(_PAREN.sub(" ", rest), idx)
    if hid is None:
        return fallback, hw[fallback], f"unknown hardware '{name}'; fell back to {hw[fallback].name}"
    return hid, hw[hid], None


@lru_cache(maxsize=4096)
def resolve_model(name: str | None, default: str | None = None) -> tuple[str, ModelSpec, str | None]:
    """Canonical id, spec and a note (None when the name resolved cleanly)."""
    path = _cat_path("models")
    ms, cat_default = _models_cached(path)
    fallback = default if default in ms else (_lookup(default, _model_index(path)) if default else None)
    fallback = fallback or cat_default
    if not name or not str(name).strip():
        return fallback, ms[fallback], f"no model named; assumed {ms[fallback].name}"
    text = str(name).strip()
    if "/" in text:
        text = text.rsplit("/", 1)[1] if _lookup(text, _model_index(path)) is None else text
    idx = _model_index(path)
    mid = _lookup(text, idx)
    if mid is None and "(" in text:
        mid = _lookup(_PAREN.sub(" ", text), idx)
    if mid is None:
        stripped = _MODEL_SUFFIX.sub("", text)
        mid = _lookup(stripped, idx) if stripped != text else None
    if mid is None:
        return fallback, ms[fallback], f"unknown model '{name}'; fell back to {ms[fallback].name}"
    return mid, ms[mid], None


def hardware_aliases() -> dict[str, str]:
    """{alias text as written in the catalogue: canonical id}, for a spaCy PhraseMatcher."""
    out: dict[str, str] = {}
    for hid, spec in load_hardware().items():
        for a in [hid, *spec.aliases]:
            out.setdefault(a, hid)
    return out


def model_aliases() -> dict[str, str]:
    """{alias text as written in the catalogue: canonical id}, for a spaCy PhraseMatcher."""
    out: dict[str, str] = {}
    for mid, spec in load_models().items():
        for a in [mid, spec.name, *spec.aliases]:
            out.setdefault(a, mid)
    return out
