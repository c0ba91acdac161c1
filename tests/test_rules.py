"""Rules as data: validation at load, user rule folders, cross-claim conditions, inline suppression."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from auditor import audit_text
from auditor.lexicon import DataFileError
from auditor.rules_engine import load_rules
from auditor.settings import Settings
from conftest import run_auditor

NO_PRED = Settings(predict=False)


def rules_of(text: str, settings: Settings = NO_PRED) -> list[tuple[int, str]]:
    r = audit_text(text, settings=settings)
    return [(f.line, f.rule) for f in r.files[0].findings]


def test_every_builtin_rule_is_documented_and_its_examples_behave() -> None:
    """Each rule's 'fires' example fires it and its 'passes' example does not (as a one-line doc)."""
    for rule in load_rules():
        assert rule.rationale and rule.fix and rule.summary
        if rule.needs != "claim":
            continue  # needs a prediction or a measurement: exercised in their own tests
        fired = {r for _, r in rules_of(rule.examples.fires)}
        passed = {r for _, r in rules_of(rule.examples.passes)}
        assert rule.id in fired, (rule.id, rule.examples.fires, fired)
        assert rule.id not in passed, (rule.id, rule.examples.passes, passed)


@pytest.mark.parametrize("content,needle", [
    ("id: OP100\nname: x\nseverity: loud\n", "severity"),
    ("id: op100\n", "id"),
    ("rules: [{id: OP100}]\n", "rules.0"),
    ("id: OP100\nname: n\nseverity: info\nsummary: s\nmessage: '{nope}'\nwhen: {field: unit, equals: x}\n"
     "rationale: r\nfix: f\nexamples: {fires: a, passes: b}\n", "message"),
    ("id: OP100\nname: n\nseverity: info\nsummary: s\nmessage: m\nwhen: {field: colour, equals: x}\n"
     "rationale: r\nfix: f\nexamples: {fires: a, passes: b}\n", "unknown field 'colour'"),
    ("id: OP100\nname: [unclosed\n", "not valid YAML"),
])
def test_bad_rule_file_names_file_and_field(tmp_path: Path, content: str, needle: str) -> None:
    f = tmp_path / "bad.yaml"
    f.write_text(content)
    with pytest.raises(DataFileError) as e:
        load_rules([tmp_path])
    msg = str(e.value)
    assert str(f) in msg and needle in msg and "\n" not in msg
    proc = run_auditor("check", "--rules", str(tmp_path), "-", stdin="2x faster")
    assert proc.returncode == 2 and str(f) in proc.stderr.decode() and "Traceback" not in proc.stderr.decode()


def test_user_rule_folder_adds_a_rule(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text(
        "id: HS001\nname: no-up-to-in-titles\nseverity: error\nsummary: No 'up to' figures.\n"
        "message: 'house style: {text} is an up-to figure ({op_desc})'\n"
        "when: {all: [{field: hedge, equals: up_to}, {field: ratio, ge: 2}]}\n"
        "rationale: r\nfix: f\nexamples: {fires: 'Up to 3x faster.', passes: '3x faster at concurrency 8.'}\n")
    doc = tmp_path / "d.md"
    doc.write_text("EAGLE is up to 3x faster.\n\nMedusa is up to 1.5x faster.\n")
    out = json.loads(run_auditor("check", str(doc), "--rules", str(tmp_path), "--format", "json",
                                 "--no-predict").stdout)
    hs = [f for f in out["files"][0]["findings"] if f["rule"] == "HS001"]
    assert [(f["line"], f["severity"]) for f in hs] == [(1, "error")]
    assert hs[0]["message"] == "house style: 3x is an up-to figure (concurrency 1, assumed)"


def test_single_point_and_sweep() -> None:
    single = rules_of("EAGLE gives 2.5x faster decoding at concurrency 1.")
    assert (1, "OP002") in single
    sweep = rules_of("EAGLE gives 2.5x faster decoding at concurrency 1 and 1.2x faster decoding at concurrency 64.")
    assert not any(r == "OP002" for _, r in sweep)


def test_mismatched_operating_points() -> None:
    text = ("Vendor A reports 2.5x with EAGLE at concurrency 1 on H100, while vendor B reports 1.4x with "
            "Medusa at 64 concurrent requests on MI300X.")
    assert sum(1 for _, r in rules_of(text) if r == "OP005") == 2


def test_inline_suppression_next_claim_block_and_file() -> None:
    base = "EAGLE is 2.5x faster.\n\n<!-- auditor: disable=OP001 -->\nMedusa is 2x faster.\n\nLookahead is 1.5x faster.\n"
    got = rules_of(base)
    assert (1, "OP001") in got and (4, "OP001") not in got and (6, "OP001") in got
    block = ("<!-- auditor: disable=OP001,OP007 -->\nEAGLE is 2.5x faster.\n\nMedusa is 2x faster.\n"
             "<!-- auditor: enable=OP001,OP007 -->\nLookahead is 1.5x faster.\n")
    got = rules_of(block)
    assert not any(r in ("OP001", "OP007") and line < 5 for line, r in got)
    assert (6, "OP001") in got and (6, "OP007") in got
    whole = "<!-- auditor: disable-file -->\nEAGLE is 2.5x faster.\n"
    assert rules_of(whole) == []


def test_disable_and_severity_from_settings() -> None:
    s = Settings(predict=False, disable=["OP007"], severity={"OP001": "error"})
    r = audit_text("EAGLE is 2.5x faster.", settings=s)
    fs = {f.rule: f.severity for f in r.files[0].findings}
    assert "OP007" not in fs and fs["OP001"] == "error"
    assert r.exit_code("error") == 1 and r.exit_code("never") == 0
