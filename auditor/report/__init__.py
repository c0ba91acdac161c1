"""Report renderers. Each `render_<format>(report, settings) -> str`; text renders to a console."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: Path, text: str | bytes) -> None:
    """Write via a temporary file in the same folder and rename: readers never see half a file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=str(path.parent))
    try:
        # mkstemp makes the file 0600: give it the mode of the file it replaces, or the usual
        # mode for a new file under the current umask
        try:
            mode = path.stat().st_mode & 0o7777
        except OSError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        if isinstance(text, bytes):  # already UTF-8 (the JSON report)
            with os.fdopen(fd, "wb") as fh:
                fh.write(text)
        else:
            with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
                fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def render_sarif(report, settings) -> str:  # noqa: ANN001 - lazy imports keep `check` start-up fast
    from auditor.report.sarif import render_sarif as _render

    return _render(report, settings)


def render_github(report, settings) -> str:  # noqa: ANN001
    from auditor.report.github import render_github as _render

    return _render(report, settings)


def render_html(report, settings) -> str:  # noqa: ANN001
    from auditor.report.html import render_html as _render

    return _render(report, settings)
