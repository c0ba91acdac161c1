"""`--format json` is spliced from per-file JSON written in the workers (runner.run_check_json); it
must stay byte-identical to dumping the whole Report model, which is what it replaced."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.rules_engine import load_rules
from auditor.runner import run_check, run_check_json
from auditor.settings import Settings

CORPUS = Path(__file__).resolve().parent.parent / "corpus"


def _inputs(tmp_path: Path) -> list[str]:
    docs = sorted((CORPUS / "dev" / "blog").glob("*.md"))[:6] + sorted((CORPUS / "dev" / "html").glob("*.html"))[:2]
    odd = tmp_path / "odd.md"
    odd.write_text("Ünïcode \"quotes\" and a\ttab: EAGLE-3 makes decoding 2.5x faster on H100 — µs.\n",
                   encoding="utf-8")
    return [str(p) for p in docs] + [str(odd), str(tmp_path / "missing.md")]


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("predict", [True, False])
def test_spliced_json_equals_model_dump(tmp_path: Path, jobs: int, predict: bool) -> None:
    settings = Settings(predict=predict)
    rules = load_rules(settings.rules)
    inputs = _inputs(tmp_path)
    whole = run_check(inputs, settings, rules, jobs=jobs, show_progress=False)
    spliced = run_check_json(inputs, settings, rules, jobs=jobs, show_progress=False)
    assert b"".join(spliced.chunks()) == whole.model_dump_json(indent=2).encode("utf-8")
    for fail_on in ("error", "warning", "info", "never"):
        assert spliced.exit_code(fail_on) == whole.exit_code(fail_on)


def test_no_files_and_only_errors(tmp_path: Path) -> None:
    settings = Settings()
    rules = load_rules(settings.rules)
    for inputs in ([str(tmp_path / "gone.md")], [str(tmp_path / "empty-dir-glob-*.md")]):
        whole = run_check(inputs, settings, rules, show_progress=False)
        spliced = run_check_json(inputs, settings, rules, show_progress=False)
        assert b"".join(spliced.chunks()) == whole.model_dump_json(indent=2).encode("utf-8")
        assert spliced.exit_code("warning") == whole.exit_code("warning") == 2


def test_cli_json_to_stdout_and_file(tmp_path: Path) -> None:
    inputs = _inputs(tmp_path)[-3:]
    settings = Settings()
    expected = run_check(inputs, settings, load_rules(settings.rules), show_progress=False).model_dump_json(indent=2)
    r = CliRunner().invoke(app, ["check", *inputs, "--format", "json"])
    assert r.exit_code == 2
    assert r.stdout == expected + "\n"
    out = tmp_path / "report.json"
    r = CliRunner().invoke(app, ["check", *inputs, "--format", "json", "-o", str(out)])
    assert r.exit_code == 2
    assert out.read_bytes() == expected.encode("utf-8")
    assert json.loads(out.read_text(encoding="utf-8"))["summary"]["errors"] == 1
