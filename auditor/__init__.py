"""claim-auditor: a linter for performance announcements about LLM inference."""

from __future__ import annotations

__version__ = "0.1.0"

from auditor.api import audit_paths, audit_text  # noqa: E402

__all__ = ["__version__", "audit_paths", "audit_text"]
