"""The technique lexicon (rules/techniques.yaml), validated at load.

Shared YAML loading with one-line errors that name the file and the field lives here too, so
rule files and catalogues fail the same way.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from auditor.paths import rules_dir

M = TypeVar("M", bound=BaseModel)


class DataFileError(Exception):
    """A rule, lexicon or catalogue file that does not validate; str(e) names file and field."""


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when available: ~10x faster


def read_yaml(path: Path) -> Any:
    """Parse a YAML data file; a syntax or read error becomes one DataFileError line."""
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" line {mark.line + 1}:" if mark is not None else ""
        raise DataFileError(f"{path}:{where} not valid YAML ({getattr(e, 'problem', e)})") from None
    except OSError as e:
        raise DataFileError(f"{path}: cannot read ({e.strerror or e})") from None


def invalid(path: Path, e: ValidationError) -> DataFileError:
    """The first validation error as one line naming the file and the field."""
    err = e.errors()[0]
    field = ".".join(str(p) for p in err["loc"] if not str(p).startswith("function-after[")) or "(top level)"
    more = f" (and {len(e.errors()) - 1} more)" if len(e.errors()) > 1 else ""
    return DataFileError(f"{path}: field '{field}': {err['msg']}{more}")


def load_yaml_model(path: Path, model: type[M]) -> M:
    raw = read_yaml(path)
    try:
        return model.model_validate(raw if raw is not None else {})
    except ValidationError as e:
        raise invalid(path, e) from None


class Technique(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(pattern=r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
    mechanism: str = Field(pattern=r"^(per-token|residency|compute|mixed)$")
    aliases: list[str] = Field(min_length=1)

    @field_validator("aliases")
    @classmethod
    def _no_blank(cls, v: list[str]) -> list[str]:
        if any(not str(a).strip() for a in v):
            raise ValueError("aliases must not be empty strings")
        return [str(a) for a in v]


class Lexicon(BaseModel):
    model_config = ConfigDict(extra="forbid")
    techniques: list[Technique] = Field(min_length=1)
    mechanism_cues: dict[str, list[str]] = Field(default_factory=dict)
    other_subjects: list[str] = Field(default_factory=list)

    @field_validator("mechanism_cues")
    @classmethod
    def _known_mechanisms(cls, v: dict[str, list[str]]) -> dict[str, list[str]]:
        for k in v:
            if k not in ("per-token", "residency", "compute", "mixed"):
                raise ValueError(f"unknown mechanism '{k}'")
        return v

    def by_name(self) -> dict[str, Technique]:
        return {t.name: t for t in self.techniques}

    def alias_map(self) -> dict[str, str]:
        """lower-cased alias (and canonical name) -> canonical name."""
        out: dict[str, str] = {}
        for t in self.techniques:
            out[t.name.lower()] = t.name
            out[t.name.replace("-", " ").lower()] = t.name
            for a in t.aliases:
                out[a.lower()] = t.name
        return out


@lru_cache(maxsize=4)
def load_lexicon(path: str | None = None) -> Lexicon:
    return load_yaml_model(Path(path) if path else rules_dir() / "techniques.yaml", Lexicon)



