"""Inter-annotator agreement: how often a second, independent annotator agrees with the gold, next to
how often the extractor does, on the same claims.

    python corpus/agreement/score.py test second-annotator-test.jsonl
    python corpus/agreement/score.py dev second-annotator-dev-sample.jsonl

Why: a field the extractor gets 93% right is a different problem when two careful people agree on it
99% of the time (the extractor is wrong) than when they agree 90% of the time (the label is a
convention the guidelines leave open). The second annotations here were made in the ninth session by
annotators who read only corpus/GUIDELINES.md, DESIGN.md's format and lexicon and rules/techniques.yaml,
and the documents; they saw neither the gold nor the extractor's output. They were given each gold
claim's doc, line and text (so claim finding is not compared, only the seven judgement fields). The
dev sample is 33 dev documents drawn at random (seed 9, documents with at most 25 claims), 306 claims.
The second annotators are agents of the same kind as the corpus writers, not people: shared reading
habits may make their agreement higher than two human annotators' would be.

For each field it prints: second annotator vs gold, extractor vs gold (over the claims the extractor
found), and, where the extractor disagrees with the gold, whom the second annotator sides with.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from auditor.evaluate import evaluate

HERE = Path(__file__).resolve().parent
FIELDS = ("metric", "direction", "technique", "mechanism", "op_kind", "op_value", "hedge")


def _norm(field: str, v):
    return (None if v is None else round(float(v), 3)) if field == "op_value" else v


def main(split: str, labels_name: str) -> None:
    split_dir = HERE.parent / split
    gold = {}
    for line in (split_dir / "gold.jsonl").read_text(encoding="utf-8").splitlines():
        g = json.loads(line)
        gold.setdefault((g["doc"], g["line"], g["text"]), g)
    res = evaluate(split_dir).as_json(verbose=True)
    wrong: dict[tuple, dict[str, object]] = {}
    for e in res["field_errors"]:
        wrong.setdefault((e["doc"], e["line"], e["text"]), {})[e["field"]] = e["predicted"]
    missed = {(m["doc"], m["line"], m["text"]) for m in res["misses"]}
    human, ext, sides = Counter(), Counter(), Counter()
    n = 0
    for line in (HERE / labels_name).read_text(encoding="utf-8").splitlines():
        h = json.loads(line)
        key = (h["doc"], h["line"], h["text"])
        if key not in gold or key in missed:
            continue
        n += 1
        g = gold[key]
        for f in FIELDS:
            gv, hv = _norm(f, g[f]), _norm(f, h[f])
            xv = _norm(f, wrong.get(key, {}).get(f, g[f]))
            human[f] += hv == gv
            ext[f] += xv == gv
            if xv != gv:
                sides[(f, "extractor" if hv == xv else "gold" if hv == gv else "neither")] += 1
    print(f"{split}: {n} claims labelled by the second annotator and found by the extractor")
    print(f"{'field':10} {'2nd vs gold':>12} {'extractor vs gold':>18}   extractor wrong: 2nd annotator sides with "
          f"extractor / gold / neither")
    for f in FIELDS:
        print(f"{f:10} {human[f] / n:12.3f} {ext[f] / n:18.3f}   {n - ext[f]:4}: {sides[(f, 'extractor')]} / "
              f"{sides[(f, 'gold')]} / {sides[(f, 'neither')]}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
