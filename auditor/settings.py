"""Effective settings of one run: the reader's operating range, defaults for the fade model,
rule selection. Built from defaults, then config files, then flags (auditor/config.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from auditor.models import FailOn, Severity


# how local files are decoded: strict UTF-8 by default (a linter should not guess silently)
Encoding = Literal["utf-8", "auto", "utf-16", "latin-1", "cp1252"]

# `check` runs one worker process per core when it has more than this many files (as ruff does)
AUTO_JOBS_MIN_FILES = 8


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    concurrency: float = Field(32, gt=0, description="the reader's own concurrency")
    max_concurrency: float = Field(256, gt=0, description="top of the reader's concurrency range")
    min_concurrency: float = Field(1, gt=0, description="bottom of the reader's concurrency range")
    hardware: str = "h100-sxm"
    gpus: int = Field(1, ge=1)
    model: str = "llama-3.1-8b"
    input_len: int = Field(1024, ge=1)
    output_len: int = Field(256, ge=1)
    enable: list[str] = Field(default_factory=list, description="only these rules (empty: all)")
    disable: list[str] = Field(default_factory=list)
    severity: dict[str, Severity] = Field(default_factory=dict)
    rules: list[Path] = Field(default_factory=list, description="extra rule folders")
    fail_on: FailOn = "warning"
    exclude: list[str] = Field(default_factory=list, description="glob patterns of paths to skip")
    predict: bool = True
    efficiency: dict[str, float] = Field(
        default_factory=dict, description="fade-model efficiency factors refitted by auditor calibrate"
    )
    measured_margin: float = Field(0.15, ge=0, description="OP010: allowed shortfall of measured vs claimed")
    encoding: Encoding = Field("utf-8", description="text encoding of local files: utf-8 (strict), auto "
                               "(UTF-8, UTF-16 with a BOM, else Latin-1), or an explicit one")
    max_line_chars: int = Field(100_000, ge=0, description="refuse text/Markdown with a longer line "
                                "(a generated or minified file); 0: no limit")

    def report_view(self) -> dict:
        """What the JSON report shows under `config`."""
        d = self.model_dump(mode="json")
        return d
