"""`auditor eval DIR`: score the extractor against a gold-annotated folder.

DIR holds gold.jsonl (one claim a line, DESIGN.md "Gold annotation format") and docs.txt (every
scored document, one path a line, relative to DIR). A predicted claim matches a gold claim when
doc, line and value (within 1e-6) agree; precision, recall and F1 are over claims, and each field
is scored over matched claims. `optional` gold claims cost nothing either way.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError
from rich.console import Console
from rich.table import Table

from auditor.classify import classify
from auditor.extract import extract
from auditor.ingest import IngestError, load
from auditor.models import Claim, Direction, Hedge, Mechanism, Metric, OpKind, Unit

FIELDS = ("unit", "low", "metric", "direction", "technique", "mechanism", "op_kind", "op_value", "hedge")
TOL = 1e-6


class EvalError(Exception):
    """A corpus folder that cannot be scored; one line naming the file and the problem."""


class GoldClaim(BaseModel):
    model_config = ConfigDict(extra="forbid")
    doc: str
    line: int
    text: str | None = None
    value: float
    unit: Unit
    low: float | None = None
    metric: Metric
    direction: Direction
    technique: str | None = None
    mechanism: Mechanism
    op_kind: OpKind
    op_value: float | None = None
    hedge: Hedge
    optional: bool = False
    note: str | None = None


def load_gold(directory: Path) -> tuple[list[GoldClaim], list[str]]:
    gold_path, docs_path = directory / "gold.jsonl", directory / "docs.txt"
    for p in (gold_path, docs_path):
        if not p.is_file():
            raise EvalError(f"{p}: missing (a corpus folder holds gold.jsonl and docs.txt)")
    gold: list[GoldClaim] = []
    for n, raw in enumerate(gold_path.read_text(encoding="utf-8").splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            gold.append(GoldClaim.model_validate(json.loads(raw)))
        except json.JSONDecodeError as e:
            raise EvalError(f"{gold_path}:{n}: not valid JSON ({e.msg})") from None
        except ValidationError as e:
            err = e.errors()[0]
            loc = ".".join(str(x) for x in err["loc"])
            raise EvalError(f"{gold_path}:{n}: field '{loc}': {err['msg']}") from None
    docs = [d.strip() for d in docs_path.read_text(encoding="utf-8").splitlines()
            if d.strip() and not d.startswith("#")]
    listed = set(docs)
    for g in gold:
        if g.doc not in listed:
            raise EvalError(f"{gold_path}: document '{g.doc}' has gold claims but is not listed in docs.txt")
    for d in docs:
        if not (directory / d).is_file():
            raise EvalError(f"{docs_path}: listed document '{d}' does not exist")
    return gold, docs


@dataclass
class EvalResult:
    directory: str
    docs: int
    tp: int = 0
    fp: int = 0
    fn: int = 0
    optional_found: int = 0
    derived_unscored: int = 0
    field_hits: Counter = field(default_factory=Counter)
    field_total: Counter = field(default_factory=Counter)
    confusion: dict[str, Counter] = field(default_factory=lambda: {"op_kind": Counter(), "mechanism": Counter()})
    misses: list[dict[str, Any]] = field(default_factory=list)
    false_positives: list[dict[str, Any]] = field(default_factory=list)
    field_errors: list[dict[str, Any]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def field_accuracy(self) -> dict[str, float]:
        return {f: (self.field_hits[f] / self.field_total[f] if self.field_total[f] else 1.0) for f in FIELDS}

    def as_json(self, verbose: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "directory": self.directory,
            "claims": {"precision": round(self.precision, 4), "recall": round(self.recall, 4),
                       "f1": round(self.f1, 4)},
            "fields": {k: round(v, 4) for k, v in self.field_accuracy().items()},
            "counts": {"docs": self.docs, "gold": self.tp + self.fn, "predicted": self.tp + self.fp,
                       "tp": self.tp, "fp": self.fp, "fn": self.fn, "optional_found": self.optional_found,
                       "derived_unscored": self.derived_unscored,
                       "matched": self.field_total["unit"]},
            "confusion": {k: {f"{a}->{b}": n for (a, b), n in sorted(v.items())} for k, v in self.confusion.items()},
            "input_errors": self.errors,
        }
        if verbose:
            out["misses"] = self.misses
            out["false_positives"] = self.false_positives
            out["field_errors"] = self.field_errors
        return out


def _same(field_name: str, gold: Any, pred: Any) -> bool:
    if field_name in ("low", "op_value"):
        if gold is None or pred is None:
            return gold is None and pred is None
        return abs(float(gold) - float(pred)) <= TOL
    return gold == pred


def evaluate(directory: Path) -> EvalResult:
    directory = Path(directory)
    if not directory.is_dir():
        raise EvalError(f"{directory}: not a directory")
    gold, docs = load_gold(directory)
    by_doc: dict[str, list[GoldClaim]] = defaultdict(list)
    for g in gold:
        by_doc[g.doc].append(g)
    res = EvalResult(directory=str(directory), docs=len(docs))
    for d in docs:
        try:
            document = load(str(directory / d))
        except IngestError as e:
            res.errors.append(str(e))
            preds: list[Claim] = []
        else:
            preds = classify(extract(document), document)
        _score_doc(res, d, by_doc.get(d, []), preds)
    return res


def _score_doc(res: EvalResult, doc: str, gold: list[GoldClaim], preds: list[Claim]) -> None:
    unused = list(preds)
    for g in sorted(gold, key=lambda g: g.optional):
        match = next((p for p in unused if p.line == g.line and abs(p.value - g.value) <= TOL), None)
        if match is None:
            if not g.optional:
                res.fn += 1
                res.misses.append({"doc": doc, "line": g.line, "text": g.text, "value": g.value})
            continue
        unused.remove(match)
        if g.optional:
            res.optional_found += 1
            continue
        res.tp += 1
        for f in FIELDS:
            gv, pv = getattr(g, f), getattr(match, f)
            res.field_total[f] += 1
            if _same(f, gv, pv):
                res.field_hits[f] += 1
            else:
                res.field_errors.append({"doc": doc, "line": g.line, "text": g.text, "field": f,
                                         "gold": gv, "predicted": pv})
        res.confusion["op_kind"][(g.op_kind, match.op_kind)] += 1
        res.confusion["mechanism"][(g.mechanism, match.mechanism)] += 1
    for p in unused:
        if p.derived:
            # gold never holds a ratio the document does not print (corpus/GUIDELINES.md); a speedup derived
            # from a table of absolute numbers is reported, not scored
            res.derived_unscored += 1
            continue
        res.fp += 1
        res.false_positives.append({"doc": doc, "line": p.line, "text": p.text, "value": p.value,
                                    "sentence": p.sentence[:160]})


def render_eval_text(res: EvalResult, console: Console, verbose: bool = False) -> None:
    console.print(f"[bold]{res.directory}[/]: {res.docs} documents, {res.tp + res.fn} gold claims, "
                  f"{res.tp + res.fp} predicted")
    console.print(f"claims  precision {res.precision:.3f}  recall {res.recall:.3f}  F1 {res.f1:.3f}   "
                  f"(tp {res.tp}, fp {res.fp}, fn {res.fn}, optional found {res.optional_found}, "
                  f"derived from tables and not scored {res.derived_unscored})")
    t = Table(title="field accuracy over matched claims", show_header=True)
    t.add_column("field")
    t.add_column("accuracy", justify="right")
    t.add_column("matched", justify="right")
    for f, acc in res.field_accuracy().items():
        t.add_row(f, f"{acc:.3f}", str(res.field_total[f]))
    console.print(t)
    for name, conf in res.confusion.items():
        labels = sorted({a for a, _ in conf} | {b for _, b in conf})
        ct = Table(title=f"{name} confusion (rows gold, columns predicted)")
        ct.add_column("gold \\ pred")
        for lab in labels:
            ct.add_column(lab, justify="right")
        for a in labels:
            ct.add_row(a, *[str(conf.get((a, b), "")) or "" for b in labels])
        console.print(ct)
    for e in res.errors:
        console.print(f"[red]input error[/] {e}")
    if verbose:
        for m in res.misses:
            console.print(f"[red]miss[/] {m['doc']}:{m['line']} {m['text']!r} ({m['value']})")
        for p in res.false_positives:
            console.print(f"[yellow]false positive[/] {p['doc']}:{p['line']} {p['text']!r} ({p['value']}) "
                          f"— {p['sentence']}")
        for e in res.field_errors:
            console.print(f"[magenta]field[/] {e['doc']}:{e['line']} {e['text']!r} {e['field']}: "
                          f"gold {e['gold']!r}, predicted {e['predicted']!r}")
