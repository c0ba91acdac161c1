"""Where the shipped rule data lives: inside the wheel, or beside the package in a checkout."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=1)
def rules_dir() -> Path:
    here = Path(__file__).resolve().parent
    for candidate in (here / "rules", here.parent / "rules"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("claim-auditor's rules/ folder is missing from this installation")
