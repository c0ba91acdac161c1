"""claim-auditor: a linter for performance announcements about LLM inference.

`audit_text` and `audit_paths` are imported on first use, so `auditor --version`, `rules` and
`explain` start without loading spaCy.
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"

__all__ = ["__version__", "audit_paths", "audit_text"]


def __getattr__(name: str) -> Any:
    if name in ("audit_text", "audit_paths"):
        from auditor import api

        return getattr(api, name)
    raise AttributeError(f"module 'auditor' has no attribute {name!r}")
