"""Paths and locations shared by the machine-readable renderers (SARIF, GitHub annotations)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote


def display_path(path: str, cwd: Path | None = None) -> str:
    """The path relative to the current directory, with forward slashes, when it lies under it;
    URLs and stdin as given; anything else absolute."""
    if "://" in path or path in ("-", "<stdin>"):
        return path
    cwd = (cwd or Path.cwd()).resolve()
    p = Path(path)
    absolute = (p if p.is_absolute() else cwd / p).resolve()
    try:
        return absolute.relative_to(cwd).as_posix()
    except ValueError:
        return absolute.as_posix()


def artifact_uri(path: str, cwd: Path | None = None) -> tuple[str, bool]:
    """(uri, relative) for SARIF: a percent-encoded relative reference under the current
    directory, a file:// URI outside it, a URL as given."""
    if "://" in path:
        return path, False
    if path in ("-", "<stdin>"):
        return "stdin", False
    shown = display_path(path, cwd)
    if shown.startswith("/"):
        return Path(shown).as_uri(), False
    return quote(shown, safe="/-._~"), True


def cwd_uri(cwd: Path | None = None) -> str:
    uri = (cwd or Path.cwd()).resolve().as_uri()
    return uri if uri.endswith("/") else uri + "/"

