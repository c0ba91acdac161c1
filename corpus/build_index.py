"""Build corpus/dev/{gold.jsonl,docs.txt} from the writers' parts and corpus/{gold.jsonl,docs.txt}
as the union of the splits (paths prefixed with the split). Run after editing any gold file:

    python corpus/build_index.py
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent
SPLITS = ("dev", "test")


def merge_parts(split: Path) -> None:
    """dev/ was written by two writers (gold-a/gold-b, docs-a/docs-b): merge them when present."""
    parts = sorted(split.glob("gold-*.jsonl"))
    if not parts:
        return
    gold = [ln for p in parts for ln in p.read_text(encoding="utf-8").splitlines() if ln.strip()]
    docs = [ln for p in sorted(split.glob("docs-*.txt"))
            for ln in p.read_text(encoding="utf-8").splitlines() if ln.strip()]
    (split / "gold.jsonl").write_text("\n".join(gold) + "\n", encoding="utf-8")
    (split / "docs.txt").write_text("\n".join(docs) + "\n", encoding="utf-8")


def main() -> None:
    all_gold: list[str] = []
    all_docs: list[str] = []
    for name in SPLITS:
        split = ROOT / name
        merge_parts(split)
        for ln in (split / "gold.jsonl").read_text(encoding="utf-8").splitlines():
            if ln.strip():
                g = json.loads(ln)
                g["doc"] = f"{name}/{g['doc']}"
                all_gold.append(json.dumps(g))
        all_docs += [f"{name}/{d.strip()}" for d in (split / "docs.txt").read_text(encoding="utf-8").splitlines()
                     if d.strip()]
    (ROOT / "gold.jsonl").write_text("\n".join(all_gold) + "\n", encoding="utf-8")
    (ROOT / "docs.txt").write_text("\n".join(all_docs) + "\n", encoding="utf-8")
    print(f"{len(all_docs)} documents, {len(all_gold)} gold claims")


if __name__ == "__main__":
    main()
