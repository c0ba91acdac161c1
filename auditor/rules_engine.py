"""Rules: YAML data in rules/checks/ (and user folders), validated at load, applied to claims.

A rule is data: id, name, severity, message and suggestion templates over claim fields, and a
declarative condition (all / any / not of field predicates, and `peers` predicates over the
other claims of the same document). Nothing from a document is ever evaluated as code.
"""

from __future__ import annotations

import string
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from auditor.lexicon import DataFileError, invalid, read_yaml
from auditor.models import SEVERITY_RANK, Claim, Document, Finding, Severity
from auditor.paths import rules_dir
from auditor.settings import Settings

# Fields a condition or a template may name: the claim's own, and these derived ones.
DERIVED_FIELDS = {
    "op_key": "operating point as 'kind:value'",
    "op_desc": "operating point in words, with where it was read",
    "op_is_low": "true when the op is single, unstated, or a concurrency/batch size of 4 or less",
    "topic": "technique, or the section when no technique is named",
    "paragraph": "the paragraph (or table) the claim sits in",
    "subject": "technique, hardware, model and baseline together",
    "is_latency": "metric is latency, ttft, itl, tpot or e2e",
    "reader_concurrency": "the reader's concurrency (settings)",
    "max_concurrency": "top of the reader's concurrency range (settings)",
    "predicted_at_reader": "predicted figure at the reader's concurrency (x)",
    "predicted_crossover": "concurrency where the predicted figure drops below 1.0",
    "predicted_verdict": "grows | holds | fades | inverts",
    "inverts_in_range": "the prediction drops below 1.0 inside the reader's range",
    "prediction_desc": "the prediction in words",
    "measured_at_reader": "measured figure at the reader's concurrency",
    "measured_at_claim": "measured figure at the claim's own operating point",
    "measured_below_margin": "measured at the reader's point falls short of the claim by more than the margin",
    "measured_desc": "claim against measurement in words",
}
CLAIM_FIELDS = set(Claim.model_fields) - {"prediction", "measured", "start", "end", "block"}
KNOWN_FIELDS = CLAIM_FIELDS | set(DERIVED_FIELDS)


class Comparison(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    eq: float | None = None
    ne: float | None = None
    lt: float | None = None
    le: float | None = None
    gt: float | None = None
    ge: float | None = None

    def test(self, n: float) -> bool:
        checks = [(self.eq, lambda v: n == v), (self.ne, lambda v: n != v), (self.lt, lambda v: n < v),
                  (self.le, lambda v: n <= v), (self.gt, lambda v: n > v), (self.ge, lambda v: n >= v)]
        return all(f(v) for v, f in checks if v is not None)


class Peers(BaseModel):
    """Other claims of the same document: those sharing `same`, differing in `differ`,
    optionally filtered by `where`; `count` compares how many there are."""

    model_config = ConfigDict(extra="forbid")
    same: list[str] = Field(default_factory=list)
    differ: list[str] = Field(default_factory=list)
    where: Condition | None = None
    count: Comparison

    @field_validator("same", "differ")
    @classmethod
    def _known(cls, v: list[str]) -> list[str]:
        for f in v:
            if f not in KNOWN_FIELDS:
                raise ValueError(f"unknown field '{f}'")
        return v


class Condition(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    all: list[Condition] | None = None
    any: list[Condition] | None = None
    not_: Condition | None = Field(default=None, alias="not")
    peers: Peers | None = None
    field: str | None = None
    equals: Any = None
    not_equals: Any = None
    in_: list[Any] | None = Field(default=None, alias="in")
    not_in: list[Any] | None = None
    lt: float | None = None
    le: float | None = None
    gt: float | None = None
    ge: float | None = None
    is_null: bool | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> Condition:
        kinds = [k for k in ("all", "any", "not_", "peers", "field") if getattr(self, k) is not None]
        if len(kinds) != 1:
            raise ValueError("a condition needs exactly one of all, any, not, peers, field")
        if self.field is not None:
            if self.field not in KNOWN_FIELDS:
                raise ValueError(f"unknown field '{self.field}'")
            ops = [self.equals, self.not_equals, self.in_, self.not_in, self.lt, self.le, self.gt, self.ge,
                   self.is_null]
            if all(o is None for o in ops):
                raise ValueError(f"field '{self.field}' needs a test (equals, in, lt, is_null, ...)")
        return self

    def test(self, c: dict[str, Any], peers: list[dict[str, Any]]) -> bool:
        if self.all is not None:
            return all(x.test(c, peers) for x in self.all)
        if self.any is not None:
            return any(x.test(c, peers) for x in self.any)
        if self.not_ is not None:
            return not self.not_.test(c, peers)
        if self.peers is not None:
            p = self.peers
            n = 0
            for other in peers:
                if other["id"] == c["id"]:
                    continue
                if any(other.get(f) != c.get(f) for f in p.same):
                    continue
                if any(other.get(f) == c.get(f) for f in p.differ):
                    continue
                if p.where is not None and not p.where.test(other, peers):
                    continue
                n += 1
            return p.count.test(n)
        v = c.get(self.field or "")
        if self.is_null is not None and (v is None) != self.is_null:
            return False
        if self.equals is not None and v != self.equals:
            return False
        if self.not_equals is not None and v == self.not_equals:
            return False
        if self.in_ is not None and v not in self.in_:
            return False
        if self.not_in is not None and v in self.not_in:
            return False
        for bound, fn in ((self.lt, lambda a, b: a < b), (self.le, lambda a, b: a <= b),
                          (self.gt, lambda a, b: a > b), (self.ge, lambda a, b: a >= b)):
            if bound is not None:
                if not isinstance(v, (int, float)) or isinstance(v, bool) or not fn(v, bound):
                    return False
        return True


Peers.model_rebuild()


def _check_template(t: str | None) -> str | None:
    if t is None:
        return t
    for _, name, _, _ in string.Formatter().parse(t):
        if name is None:
            continue
        if not name or not name.isidentifier() or name not in KNOWN_FIELDS:
            raise ValueError(f"template names unknown field '{{{name}}}'")
    return t


class Examples(BaseModel):
    model_config = ConfigDict(extra="forbid")
    fires: str = Field(min_length=1)
    passes: str = Field(min_length=1)


class Rule(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[A-Z]{2,6}\d{3}$")
    name: str = Field(pattern=r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
    severity: Severity
    summary: str = Field(min_length=1)
    message: str
    suggestion: str | None = None
    when: Condition
    needs: Literal["claim", "prediction", "measured"] = "claim"
    rationale: str = Field(min_length=1)
    fix: str = Field(min_length=1)
    examples: Examples
    source: str = Field(default="", exclude=True)

    @field_validator("message", "suggestion")
    @classmethod
    def _templates(cls, v: str | None) -> str | None:
        return _check_template(v)


class RuleFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    rules: list[Rule]


def _load_rule_file(path: Path) -> list[Rule]:
    raw = read_yaml(path)
    if not isinstance(raw, dict):
        raise DataFileError(f"{path}: a rule file holds a mapping (one rule) or `rules:` (a list)")
    try:
        rules = RuleFile.model_validate(raw).rules if "rules" in raw else [Rule.model_validate(raw)]
    except ValidationError as e:
        raise invalid(path, e) from None
    for r in rules:
        r.source = str(path)
    return rules


def load_rules(extra_dirs: Iterable[Path | str] = ()) -> list[Rule]:
    """Built-in rules plus user folders; a user rule with a built-in's id replaces it."""
    by_id: dict[str, Rule] = {r.id: r for r in _builtin_rules()}
    for d in extra_dirs:
        d = Path(d)
        if not d.is_dir():
            raise DataFileError(f"{d}: rules folder not found")
        seen: dict[str, str] = {}
        for f in sorted(list(d.glob("*.yaml")) + list(d.glob("*.yml"))):
            for r in _load_rule_file(f):
                if r.id in seen:
                    raise DataFileError(f"{f}: field 'id': rule {r.id} is also defined in {seen[r.id]}")
                seen[r.id] = str(f)
                by_id[r.id] = r
    return sorted(by_id.values(), key=lambda r: r.id)


@lru_cache(maxsize=1)
def _builtin_rules() -> tuple[Rule, ...]:
    out: list[Rule] = []
    seen: dict[str, str] = {}
    for f in sorted((rules_dir() / "checks").glob("*.yaml")):
        for r in _load_rule_file(f):
            if r.id in seen:
                raise DataFileError(f"{f}: field 'id': rule {r.id} is also defined in {seen[r.id]}")
            seen[r.id] = str(f)
            out.append(r)
    return tuple(out)


# --------------------------------------------------------------------------- applying


_OP_WORDS = {"single": "a single request", "concurrency": "concurrency", "batch_size": "batch size",
             "request_rate": "request rate", "offline": "offline / max throughput", "unstated": "no operating point"}
_SOURCE_WORDS = {"sentence": "stated in the sentence", "paragraph": "stated earlier in the paragraph",
                 "table": "from the table header", "section": "from the section", "document": "stated for the document",
                 "assumed": "assumed"}


def op_words(c: Claim) -> str:
    if c.op_kind == "unstated":
        return "concurrency 1, assumed"
    if c.op_kind in ("single", "offline"):
        base = _OP_WORDS[c.op_kind]
    else:
        v = c.op_value
        vs = f"{v:g}" if v is not None else "?"
        base = f"{_OP_WORDS[c.op_kind]} {vs}" + (" req/s" if c.op_kind == "request_rate" else "")
    return f"{base}, {_SOURCE_WORDS[c.op_source]}"


def fmt_x(v: float | None) -> str:
    if v is None:
        return "?"
    return f"{v:.2f}x" if v < 10 else f"{v:.1f}x"


def prediction_words(c: Claim, *, arrow: str = "->", verdict: bool = False) -> str:
    """'2.50x at c=1 (assumed) -> ~1.19x at c=32, crosses 1.0 near c=73': one wording for every report."""
    p = c.prediction
    if p is None:
        return "no prediction"
    at = "c=1 (assumed)" if c.op_kind == "unstated" else op_words(c).split(",")[0]
    s = f"{fmt_x(c.ratio)} at {at} {arrow} ~{fmt_x(p.at_reader)} at c={p.reader_concurrency:g}"
    if verdict:
        s += f" ({p.verdict})"
    if p.crossover is not None:
        s += f", crosses 1.0 near c={p.crossover:g}"
    return s


def claim_fields(c: Claim, settings: Settings) -> dict[str, Any]:
    d = c.model_dump(exclude={"prediction", "measured"})
    d["id"] = c.id
    d["op_key"] = f"{c.op_kind}:{c.op_value:g}" if c.op_value is not None else c.op_kind
    d["op_desc"] = op_words(c)
    low = c.op_kind in ("single", "unstated") or (
        c.op_kind in ("concurrency", "batch_size") and c.op_value is not None and c.op_value <= 4)
    d["op_is_low"] = low
    d["topic"] = c.technique or f"section:{c.section or ''}"
    d["paragraph"] = c.block
    d["subject"] = "|".join(str(x) for x in (c.technique, c.hardware, c.model, c.baseline))
    d["is_latency"] = c.metric in ("latency", "ttft", "itl", "tpot", "e2e")
    d["reader_concurrency"] = settings.concurrency
    d["max_concurrency"] = settings.max_concurrency
    p = c.prediction
    d["predicted_at_reader"] = p.at_reader if p else None
    d["predicted_crossover"] = p.crossover if p else None
    d["predicted_verdict"] = p.verdict if p else None
    d["inverts_in_range"] = bool(p and p.crossover is not None
                                 and settings.min_concurrency <= p.crossover <= settings.max_concurrency)
    d["prediction_desc"] = prediction_words(c)
    m = c.measured
    d["measured_at_reader"] = m.at_reader if m else None
    d["measured_at_claim"] = m.at_claim if m else None
    d["measured_below_margin"] = bool(m and m.below_margin)
    d["measured_desc"] = _measured_words(c)
    return d


def _measured_words(c: Claim) -> str:
    m = c.measured
    if m is None:
        return "not measured"
    try:
        from auditor.measure import describe  # type: ignore[attr-defined]

        return describe(c)
    except Exception:
        parts = [f"claimed {fmt_x(c.ratio)} ({op_words(c)})"]
        if m.at_claim is not None:
            parts.append(f"measured {fmt_x(m.at_claim)} at {m.at_claim_op:g}" if m.at_claim_op else "")
        if m.at_reader is not None and m.at_reader_op is not None:
            parts.append(f"{fmt_x(m.at_reader)} at {m.at_reader_op:g}")
        return " — ".join(p for p in parts if p)


class _SafeFormat(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _render(template: str | None, fields: dict[str, Any]) -> str | None:
    if template is None:
        return None
    safe = {k: ("" if v is None else v) for k, v in fields.items()}
    try:
        return string.Formatter().vformat(template, (), _SafeFormat(safe))
    except (ValueError, TypeError):
        return template


def _active(rule: Rule, settings: Settings) -> bool:
    if settings.enable and rule.id not in settings.enable and rule.name not in settings.enable:
        return False
    return rule.id not in settings.disable and rule.name not in settings.disable


def _suppressed(doc: Document, claims: list[Claim]) -> dict[str, set[str]]:
    """claim id -> rule ids suppressed inline ('*' = all)."""
    out: dict[str, set[str]] = {c.id: set() for c in claims}
    sups = sorted(doc.suppressions, key=lambda s: s.line)
    by_line = sorted(claims, key=lambda c: (c.line, c.column))
    for i, s in enumerate(sups):
        rules = set(s.rules) or {"*"}
        if s.action == "disable-file":
            for c in claims:
                out[c.id] |= rules
        elif s.action == "disable":
            end = None
            for e in sups[i + 1:]:
                if e.action == "enable" and (not e.rules or rules & set(e.rules) or "*" in rules):
                    end = e.line
                    break
            if end is not None:
                for c in claims:
                    if s.line < c.line < end:
                        out[c.id] |= rules
            else:
                nxt = next((c for c in by_line if c.line > s.line), None)
                if nxt is not None:
                    out[nxt.id] |= rules
    return out


def apply_rules(doc: Document, claims: list[Claim], rules: list[Rule], settings: Settings) -> list[Finding]:
    fields = [claim_fields(c, settings) for c in claims]
    suppressed = _suppressed(doc, claims)
    findings: list[Finding] = []
    for c, f in zip(claims, fields):
        off = suppressed.get(c.id, set())
        for rule in rules:
            if not _active(rule, settings) or "*" in off or rule.id in off:
                continue
            if rule.needs == "prediction" and c.prediction is None:
                continue
            if rule.needs == "measured" and c.measured is None:
                continue
            if not rule.when.test(f, fields):
                continue
            findings.append(Finding(
                rule=rule.id, name=rule.name, severity=settings.severity.get(rule.id, rule.severity),
                line=c.line, column=c.column, end_line=c.end_line, end_column=c.end_column, page=c.page,
                claim=c.id, message=_render(rule.message, f) or rule.summary,
                suggestion=_render(rule.suggestion, f),
            ))
    findings.sort(key=lambda x: (x.line, x.column, -SEVERITY_RANK[x.severity], x.rule))
    return findings
