"""Configuration: defaults < .auditor.toml / pyproject [tool.auditor] (nearest, walking up from the
checked file) < --config < flags; every value knows its source; `auditor config` shows them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.config import ConfigError, find_config, resolve_settings
from auditor.settings import Settings

runner = CliRunner()


@pytest.fixture()
def tree(tmp_path: Path) -> Path:
    """repo/.auditor.toml, repo/docs/pyproject.toml without [tool.auditor], repo/docs/post.md."""
    repo = tmp_path / "repo"
    (repo / "docs" / "deep").mkdir(parents=True)
    (repo / ".auditor.toml").write_text(
        'concurrency = 8\nconcurrency-range = [2, 128]\nhardware = "a100-sxm"\n'
        'disable = ["OP007", "OP008"]\nfail-on = "error"\nrules = ["house-rules"]\n'
        '[severity]\nOP002 = "warning"\n', encoding="utf-8")
    (repo / "house-rules").mkdir()
    (repo / "docs" / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    (repo / "docs" / "deep" / "post.md").write_text("EAGLE-3 makes decoding 2.5x faster on H100.\n",
                                                    encoding="utf-8")
    return repo


def test_defaults_without_any_config(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("x", encoding="utf-8")
    settings, sources = resolve_settings(tmp_path / "a.md", {})
    assert settings == Settings()
    assert set(sources.values()) == {"default"}
    assert settings.concurrency == 32 and settings.max_concurrency == 256 and settings.fail_on == "warning"


def test_file_found_walking_up_past_a_pyproject_without_settings(tree: Path) -> None:
    post = tree / "docs" / "deep" / "post.md"
    found = find_config(post)
    assert found is not None and found[0] == tree / ".auditor.toml"
    settings, sources = resolve_settings(post, {})
    src = str(tree / ".auditor.toml")
    assert (settings.concurrency, settings.min_concurrency, settings.max_concurrency) == (8, 2, 128)
    assert settings.hardware == "a100-sxm" and settings.disable == ["OP007", "OP008"]
    assert settings.fail_on == "error" and settings.severity == {"OP002": "warning"}
    assert settings.rules == [tree / "house-rules"]  # relative to the config file, not the cwd
    assert sources["concurrency"] == sources["min_concurrency"] == sources["max_concurrency"] == src
    assert sources["model"] == "default"


def test_flag_beats_file_beats_default(tree: Path) -> None:
    post = tree / "docs" / "deep" / "post.md"
    settings, sources = resolve_settings(post, {"concurrency": 64, "hardware": None, "disable": []})
    assert settings.concurrency == 64 and sources["concurrency"] == "command line"
    assert settings.hardware == "a100-sxm" and sources["hardware"] == str(tree / ".auditor.toml")
    assert settings.model == "llama-3.1-8b" and sources["model"] == "default"
    assert settings.disable == ["OP007", "OP008"]  # an empty flag list does not wipe the file's


def test_nearest_file_wins_and_auditor_toml_before_pyproject(tree: Path) -> None:
    docs = tree / "docs"
    (docs / "pyproject.toml").write_text('[tool.auditor]\nconcurrency = 16\nmodel = "llama-3.1-70b"\n',
                                         encoding="utf-8")
    settings, sources = resolve_settings(docs / "deep" / "post.md", {})
    assert settings.concurrency == 16 and sources["concurrency"] == str(docs / "pyproject.toml")
    assert settings.hardware == "h100-sxm"  # files do not merge: the nearest one is the config
    (docs / ".auditor.toml").write_text("concurrency = 4\n", encoding="utf-8")
    settings, sources = resolve_settings(docs / "deep" / "post.md", {})
    assert settings.concurrency == 4 and sources["concurrency"] == str(docs / ".auditor.toml")


def test_explicit_config_file(tree: Path, tmp_path: Path) -> None:
    other = tmp_path / "ci.toml"
    other.write_text("[tool.auditor]\nconcurrency = 128\n", encoding="utf-8")
    settings, sources = resolve_settings(tree / "docs" / "deep" / "post.md", {}, other)
    assert settings.concurrency == 128 and sources["concurrency"] == str(other)
    assert settings.hardware == "h100-sxm"
    empty = tmp_path / "pyproject.toml"
    empty.write_text("[project]\nname='x'\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="no \\[tool.auditor\\]"):
        resolve_settings(None, {}, empty)


@pytest.mark.parametrize("body, match", [
    ("concurrency = -1\n", "setting 'concurrency'"),
    ("concurency = 8\n", "unknown setting 'concurency' \\(did you mean 'concurrency'\\?\\)"),
    ("concurrency-range = [1]\n", "concurrency-range"),
    ('fail-on = "sometimes"\n', "setting 'fail_on'"),
    ("concurrency = \n", "not valid TOML"),
])
def test_bad_config_is_one_line_naming_file_and_key(tmp_path: Path, body: str, match: str) -> None:
    f = tmp_path / ".auditor.toml"
    f.write_text(body, encoding="utf-8")
    with pytest.raises(ConfigError, match=match) as e:
        resolve_settings(tmp_path, {})
    assert str(f) in str(e.value) and "\n" not in str(e.value)


def test_config_command_text_and_json(tree: Path) -> None:
    post = tree / "docs" / "deep" / "post.md"
    r = runner.invoke(app, ["config", str(post), "-c", "48"])
    assert r.exit_code == 0, r.output
    lines = {ln.split("=")[0].strip(): ln for ln in r.output.splitlines()[1:]}
    assert r.output.splitlines()[0] == f"config file: {tree / '.auditor.toml'}"
    assert lines["concurrency"].rstrip().endswith("# command line") and " 48 " in lines["concurrency"]
    assert lines["hardware"].rstrip().endswith(f"# {tree / '.auditor.toml'}")
    assert lines["model"].rstrip().endswith("# default")
    r = runner.invoke(app, ["config", str(post), "--format", "json"])
    data = json.loads(r.stdout)
    assert data["settings"]["concurrency"] == {"value": 8.0, "source": str(tree / ".auditor.toml")}
    assert data["settings"]["model"]["source"] == "default"
    assert data["warnings"] == []


def test_config_command_warns_on_unknown_rule_and_fails_on_bad_file(tmp_path: Path) -> None:
    (tmp_path / ".auditor.toml").write_text('disable = ["OP999"]\n', encoding="utf-8")
    r = runner.invoke(app, ["config", str(tmp_path)])
    assert r.exit_code == 0 and "unknown rule 'OP999'" in r.output
    (tmp_path / ".auditor.toml").write_text("concurrency = 0\n", encoding="utf-8")
    r = runner.invoke(app, ["config", str(tmp_path)])
    assert r.exit_code == 2 and ".auditor.toml" in r.output


def _check(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "auditor.cli", "check", "--format", "json", "--no-predict", *args],
                          cwd=cwd, capture_output=True, text=True, timeout=120)


def test_check_uses_file_and_flags_override(tree: Path) -> None:
    (tree / "house-rules").rmdir()
    (tree / ".auditor.toml").write_text(
        'concurrency = 8\ndisable = ["OP007"]\nfail-on = "never"\n[severity]\nOP002 = "error"\n', encoding="utf-8")
    proc = _check(tree, "docs/deep/post.md")
    report = json.loads(proc.stdout)
    assert report["config"]["concurrency"] == 8
    rules = {f["rule"]: f["severity"] for f in report["files"][0]["findings"]}
    assert "OP007" not in rules and rules.get("OP002") == "error"
    assert proc.returncode == 0  # fail-on = never from the file
    proc = _check(tree, "docs/deep/post.md", "-c", "64", "--fail-on", "error")
    report = json.loads(proc.stdout)
    assert report["config"]["concurrency"] == 64
    assert proc.returncode == 1  # the flag's fail-on beats the file's: OP002 is an error here
