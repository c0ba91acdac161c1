"""SARIF output: schema-valid from a multi-file `auditor check` run, rule table and indices,
regions in Unicode code points with exclusive endColumn, uris relative to the current directory,
fingerprints that survive unrelated edits."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

jsonschema = pytest.importorskip("jsonschema")

SCHEMA = json.loads((Path(__file__).parent / "data" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))

POST_A = """# Speculative decoding on H100

EAGLE-3 makes decoding 2.5x faster than plain decoding on H100 SXM with Llama-3.1-8B.

Über alles: with FP8 KV cache we fit 3.2x more requests in memory.
"""

POST_B = """# Release notes

| setting | speedup |
|---|---|
| batch size 1 | 1.9x |

CUDA graphs cut time per output token by 40 % on A100.
"""


def _predict_flags() -> list[str]:
    try:
        from auditor.predict import predict_claim  # noqa: F401
    except Exception:
        return ["--no-predict"]
    return []


def run_sarif(cwd: Path, *paths: str) -> tuple[dict, subprocess.CompletedProcess]:
    proc = subprocess.run([sys.executable, "-m", "auditor.cli", "check", "--format", "sarif", *_predict_flags(),
                           *paths], cwd=cwd, capture_output=True, text=True, timeout=120)
    assert proc.returncode in (0, 1, 2), proc.stderr
    return json.loads(proc.stdout), proc


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a post.md").write_text(POST_A, encoding="utf-8")
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "b.md").write_text(POST_B, encoding="utf-8")
    return tmp_path


def test_multi_file_run_validates_against_schema(project: Path) -> None:
    sarif, proc = run_sarif(project, "docs/a post.md", "notes/b.md")
    jsonschema.validate(sarif, SCHEMA)
    assert proc.returncode == 1  # findings at warning and above by default
    run = sarif["runs"][0]
    assert sarif["version"] == "2.1.0"
    assert run["columnKind"] == "unicodeCodePoints"
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]}
    assert uris == {"docs/a%20post.md", "notes/b.md"}
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == project.resolve().as_uri() + "/"


def test_rules_table_and_indices(project: Path) -> None:
    sarif, _ = run_sarif(project, "docs/a post.md", "notes/b.md")
    run = sarif["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    from auditor.rules_engine import load_rules

    assert [r["id"] for r in rules] == [r.id for r in load_rules()]
    for r in rules:
        assert r["name"] and r["shortDescription"]["text"] and r["fullDescription"]["text"]
        assert r["help"]["text"] and r["help"]["markdown"].startswith(f"# {r['id']}")
        assert r["defaultConfiguration"]["level"] in ("error", "warning", "note")
    assert run["results"]
    for res in run["results"]:
        assert rules[res["ruleIndex"]]["id"] == res["ruleId"]
        assert res["level"] in ("error", "warning", "note")
        assert res["message"]["text"]


def test_regions_are_one_based_code_points_with_exclusive_end(project: Path) -> None:
    sarif, _ = run_sarif(project, "docs/a post.md", "notes/b.md")
    files = {"docs/a%20post.md": POST_A, "notes/b.md": POST_B}
    checked = 0
    for res in sarif["runs"][0]["results"]:
        loc = res["locations"][0]["physicalLocation"]
        region = loc["region"]
        line = files[loc["artifactLocation"]["uri"]].splitlines()[region["startLine"] - 1]
        claim = res["properties"]["claim"]
        assert line[region["startColumn"] - 1:region["endColumn"] - 1] == claim
        checked += 1
    # the claim after "Über" sits at a code-point column (a UTF-8 byte column would be one more)
    cols = [r["locations"][0]["physicalLocation"]["region"] for r in sarif["runs"][0]["results"]
            if r["properties"]["claim"] == "3.2x"]
    assert cols and cols[0]["startColumn"] == POST_A.splitlines()[4].index("3.2x") + 1
    assert checked


def _fingerprints(sarif: dict) -> dict[tuple[str, str], str]:
    return {(r["ruleId"], r["properties"]["claim"]): r["partialFingerprints"]["claimAuditor/v1"]
            for r in sarif["runs"][0]["results"]}


def test_fingerprints_stable_when_unrelated_lines_move(project: Path) -> None:
    before, _ = run_sarif(project, "docs/a post.md")
    moved = POST_A.replace("# Speculative decoding on H100\n",
                           "# Speculative decoding on H100\n\nA new introduction paragraph.\n\nAnd another one.\n")
    (project / "docs" / "a post.md").write_text(moved, encoding="utf-8")
    after, _ = run_sarif(project, "docs/a post.md")
    lines_before = {r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in before["runs"][0]["results"]}
    lines_after = {r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in after["runs"][0]["results"]}
    assert lines_before != lines_after
    assert _fingerprints(before) == _fingerprints(after)
    # and they tell different findings apart
    fps = [r["partialFingerprints"]["claimAuditor/v1"] for r in after["runs"][0]["results"]]
    assert len(fps) == len(set(fps))


def test_identical_claims_get_distinct_fingerprints() -> None:
    from auditor.api import audit_text
    from auditor.report.sarif import build_sarif
    from auditor.settings import Settings

    text = "EAGLE-3 is 2.5x faster.\n\nEAGLE-3 is 2.5x faster.\n"
    settings = Settings(predict=False)
    sarif = build_sarif(audit_text(text, name="dup.md", settings=settings), settings)
    fps = [r["partialFingerprints"]["claimAuditor/v1"] for r in sarif["runs"][0]["results"]]
    assert len(fps) == len(set(fps)) and len(fps) >= 2
    jsonschema.validate(sarif, SCHEMA)


def test_input_error_becomes_notification(project: Path) -> None:
    sarif, proc = run_sarif(project, "notes/b.md", "missing.md")
    jsonschema.validate(sarif, SCHEMA)
    assert proc.returncode == 2
    inv = sarif["runs"][0]["invocations"][0]
    assert inv["executionSuccessful"] is False
    assert "missing.md" in inv["toolExecutionNotifications"][0]["message"]["text"]


def test_path_outside_cwd_is_absolute_file_uri(tmp_path: Path, project: Path) -> None:
    from auditor.report._paths import artifact_uri

    assert artifact_uri(str(project / "notes" / "b.md"), cwd=project) == ("notes/b.md", True)
    uri, relative = artifact_uri("/elsewhere/x y.md", cwd=project)
    assert uri == "file:///elsewhere/x%20y.md" and not relative
    assert artifact_uri("https://example.com/post", cwd=project) == ("https://example.com/post", False)
