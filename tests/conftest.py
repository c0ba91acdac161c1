from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
AUDITOR = [sys.executable, "-m", "auditor.cli"]


def run_auditor(*args: str, cwd: Path | None = None, stdin: str | bytes | None = None,
                timeout: float = 120) -> subprocess.CompletedProcess:
    """Run the CLI as a user would, in a subprocess."""
    env = dict(os.environ, AUDITOR_NO_PROGRESS="1", PYTHONPATH=str(ROOT))
    data = stdin.encode() if isinstance(stdin, str) else stdin
    return subprocess.run([*AUDITOR, *args], cwd=cwd or ROOT, input=data, capture_output=True,
                          timeout=timeout, env=env)


@pytest.fixture
def cli():
    return run_auditor
