"""The data model every stage passes to the next (pydantic v2).

ingest -> Document; extract -> Claim[]; classify fills Claim.mechanism; predict fills
Claim.prediction; rules -> Finding[]; report renders a Report. Field names and values follow
the gold annotation format and the JSON report contract of DESIGN.md, so scoring is a join.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

Unit = Literal["x", "%", "abs"]
Metric = Literal[
    "throughput", "latency", "ttft", "itl", "tpot", "e2e", "goodput",
    "memory", "capacity", "cost", "unspecified", "other",
]
Direction = Literal["better", "worse"]
Hedge = Literal["up_to", "about", "average", "at_least", "range", "none"]
Mechanism = Literal["per-token", "residency", "compute", "mixed", "unknown"]
OpKind = Literal["single", "concurrency", "batch_size", "request_rate", "offline", "unstated"]
OpSource = Literal["sentence", "paragraph", "table", "section", "document", "assumed"]
Severity = Literal["error", "warning", "info"]
FailOn = Literal["error", "warning", "info", "never"]
SourceKind = Literal["text", "markdown", "html", "pdf", "url"]
BlockKind = Literal["heading", "paragraph", "list_item", "table_cell", "caption"]
Verdict = Literal["grows", "holds", "fades", "inverts"]

SEVERITY_RANK: dict[str, int] = {"info": 1, "warning": 2, "error": 3, "never": 99}

METRIC_VALUES: tuple[str, ...] = Metric.__args__  # type: ignore[attr-defined]
OP_KIND_VALUES: tuple[str, ...] = OpKind.__args__  # type: ignore[attr-defined]
MECHANISM_VALUES: tuple[str, ...] = Mechanism.__args__  # type: ignore[attr-defined]
HEDGE_VALUES: tuple[str, ...] = Hedge.__args__  # type: ignore[attr-defined]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


# --------------------------------------------------------------------------- ingest


class Anchor(_Model):
    """Start of a run of Document.text that maps linearly onto one source line.

    Offsets from `offset` up to the next anchor map to `line`, `column + (o - offset)`.
    """

    offset: int
    line: int  # 1-based
    column: int  # 1-based, in Unicode code points
    page: int | None = None


class TableCell(_Model):
    """Where a table cell sits, with the headers that give it meaning."""

    table: int
    row: int  # 0-based body row
    col: int
    col_header: str | None = None
    row_header: str | None = None
    header_row: list[str] = Field(default_factory=list)
    row_cells: list[str] = Field(default_factory=list)


class Block(_Model):
    """A unit of document structure: a heading, paragraph, list item or table cell."""

    kind: BlockKind
    start: int  # offset into Document.text
    end: int
    level: int | None = None  # heading level
    section: list[str] = Field(default_factory=list)  # heading path, outermost first
    section_start: int | None = None  # Document.text offset of the owning heading
    cell: TableCell | None = None


class Suppression(_Model):
    """An inline `auditor:` directive found in the source."""

    line: int
    action: Literal["disable", "enable", "disable-file"]
    rules: list[str] = Field(default_factory=list)  # empty = all rules


class Document(_Model):
    """Plain text of one input with a map back to source lines, columns and pages."""

    path: str
    kind: SourceKind
    text: str
    blocks: list[Block] = Field(default_factory=list)
    anchors: list[Anchor] = Field(default_factory=list)
    suppressions: list[Suppression] = Field(default_factory=list)
    source_lines: int = 0
    lines: list[str] = Field(default_factory=list, description="source lines, for showing findings in context")

    _anchor_offsets: list[int] | None = PrivateAttr(default=None)

    def locate(self, offset: int) -> tuple[int, int, int | None]:
        """(line, column, page) in the source for an offset into `text`."""
        if not self.anchors:
            return 1, offset + 1, None
        if self._anchor_offsets is None:
            self._anchor_offsets = [a.offset for a in self.anchors]
        i = max(0, bisect_right(self._anchor_offsets, offset) - 1)
        a = self.anchors[i]
        return a.line, a.column + max(0, offset - a.offset), a.page


# --------------------------------------------------------------------------- claims


class CurvePoint(_Model):
    op: float  # in the claim's (or the requested) operating-point kind
    concurrency: float
    speedup: float
    low: float
    high: float


class Prediction(_Model):
    """What a claim's figure becomes across the reader's concurrency range."""

    at_reader: float
    reader_concurrency: float
    crossover: float | None = None
    verdict: Verdict
    curve: list[CurvePoint] = Field(default_factory=list)
    fitted: dict[str, Any] = Field(default_factory=dict)
    assumptions: dict[str, Any] = Field(default_factory=dict)


class Measured(_Model):
    """A claim set against a measured curve (auditor check --measured)."""

    label: str
    at_claim: float | None = None
    at_claim_op: float | None = None
    at_reader: float | None = None
    at_reader_op: float | None = None
    crossover: float | None = None
    source: str
    below_margin: bool = False  # measured at the reader's point falls short of the claim by > margin
    note: str | None = None


class Claim(_Model):
    """One quantitative performance comparison and everything read around it."""

    id: str = ""
    line: int = 0
    column: int = 0
    end_line: int = 0
    end_column: int = 0
    page: int | None = None
    text: str
    sentence: str
    value: float
    low: float | None = None
    unit: Unit
    ratio: float
    metric: Metric = "unspecified"
    direction: Direction = "better"
    hedge: Hedge = "none"
    technique: str | None = None
    mechanism: Mechanism = "unknown"
    op_kind: OpKind = "unstated"
    op_value: float | None = None
    op_source: OpSource = "assumed"
    op_text: str | None = None
    baseline: str | None = None
    hardware: str | None = None
    model: str | None = None
    precision: str | None = None
    input_len: int | None = None
    output_len: int | None = None
    percentile: str | None = None
    derived: bool = False
    section: str | None = None
    prediction: Prediction | None = None
    measured: Measured | None = None
    # offsets into Document.text; internal, not part of the report
    start: int = Field(default=0, exclude=True)
    end: int = Field(default=0, exclude=True)
    block: int = Field(default=-1, exclude=True)
    source_line: str = Field(default="", exclude=True)
    kernel_swap: bool = Field(default=False, exclude=True)  # the extractor read one kernel against another, one format
    chips_compared: bool = Field(default=False, exclude=True)  # the extractor read one chip against another


class Finding(_Model):
    rule: str
    name: str
    severity: Severity
    line: int
    column: int
    end_line: int | None = None
    end_column: int | None = None
    page: int | None = None
    claim: str | None = None
    message: str
    suggestion: str | None = None


class FileReport(_Model):
    path: str
    kind: SourceKind | None = None
    error: str | None = None
    claims: list[Claim] = Field(default_factory=list)
    findings: list[Finding] = Field(default_factory=list)


class ToolInfo(_Model):
    name: str = "claim-auditor"
    version: str


class Summary(_Model):
    files: int
    claims: int
    findings: int
    errors: int = 0
    by_rule: dict[str, int] = Field(default_factory=dict)
    by_severity: dict[str, int] = Field(default_factory=dict)


class Report(_Model):
    tool: ToolInfo
    config: dict[str, Any] = Field(default_factory=dict)
    files: list[FileReport] = Field(default_factory=list)
    summary: Summary

    def exit_code(self, fail_on: FailOn) -> int:
        """Linter exit policy: 2 input error, 1 findings at/above fail_on, else 0."""
        return exit_code_of([FileDigest.of(fr) for fr in self.files], fail_on)


@dataclass(frozen=True, slots=True)
class FileDigest:
    """What the summary, the exit code and the per-file table read of one FileReport. A worker that
    has already written a file's JSON sends this instead of the FileReport (no model to pickle)."""

    path: str
    kind: str | None
    error: str | None
    claims: int
    findings: tuple[tuple[str, str], ...]  # (rule, severity) of each finding, in order

    @classmethod
    def of(cls, fr: FileReport) -> FileDigest:
        return cls(fr.path, fr.kind, fr.error, len(fr.claims), tuple((f.rule, f.severity) for f in fr.findings))


def exit_code_of(files: Sequence[FileDigest], fail_on: FailOn) -> int:
    """Linter exit policy: 2 input error, 1 findings at/above fail_on, else 0."""
    if any(f.error for f in files):
        return 2
    threshold = SEVERITY_RANK[fail_on]
    if any(SEVERITY_RANK[sev] >= threshold for fd in files for _, sev in fd.findings):
        return 1
    return 0


def summarise(files: Sequence[FileReport | FileDigest]) -> Summary:
    """Counts over all files (FileReports or their digests: the same Summary either way)."""
    digests = [f if isinstance(f, FileDigest) else FileDigest.of(f) for f in files]
    by_rule: dict[str, int] = {}
    by_sev: dict[str, int] = {}
    for fd in digests:
        for rule, sev in fd.findings:
            by_rule[rule] = by_rule.get(rule, 0) + 1
            by_sev[sev] = by_sev.get(sev, 0) + 1
    return Summary(
        files=len(digests),
        claims=sum(fd.claims for fd in digests),
        findings=sum(len(fd.findings) for fd in digests),
        errors=sum(1 for fd in digests if fd.error),
        by_rule=dict(sorted(by_rule.items())),
        by_severity=by_sev,
    )
