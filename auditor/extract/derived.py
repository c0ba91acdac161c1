"""Derived claims: a table of absolute numbers (tokens/s or latency for a baseline and for one or
more optimised systems, one row per batch size / concurrency / request rate) states speedups
without writing them. Each row yields one claim per optimised column: unit `abs`, value
new/old (rounded to 3 decimals, as a from/to pair), ratio the improvement factor, op from the
row, op_source `table`, and `derived=True`, anchored on the optimised cell.

Only tables that hold no written ratio or percent figure are read (otherwise the written
figures are the claims), and only columns whose headers name the same kind of quantity
(throughput units, or latency units) are compared, so "Params (B)" next to "Memory (GB)" is never
turned into a speedup.
"""

from __future__ import annotations

import re

from auditor.models import Block, Claim, Document

_WRITTEN_FIGURE = re.compile(r"\d\s*(?:[xX×]|%)(?!\w)|\b(?:speed-?up|gain|improvement|ratio|Δ|delta)\b", re.I)
_BASELINE_HEADER = re.compile(
    r"\b(?:baseline|base|default|vanilla|before|without|w/o|no\s+\w+|off|bf16|fp16|reference|ref\.?|"
    r"autoregressive|original|old|previous|stock)\b", re.I)
_THROUGHPUT_UNIT = re.compile(r"tok(?:en)?s?\s*/\s*s|tokens? per second|tps\b|req(?:uest)?s?\s*/\s*s|qps\b|"
                              r"throughput|goodput|tok/s/gpu|tokens/s/gpu", re.I)
_LATENCY_UNIT = re.compile(r"\bms\b|\bs\b|\bsec(?:onds)?\b|latency|ttft|tpot|itl|time to first|"
                           r"inter-token|per output token|e2e|end-to-end", re.I)


def _number(text: str) -> float | None:
    t = text.strip().replace(",", "").rstrip("*†‡")
    t = re.sub(r"\s*(?:tok(?:en)?s?/s|ms|s|req/s)$", "", t, flags=re.I)
    try:
        v = float(t)
    except ValueError:
        return None
    return v if v > 0 else None


def _quantity(header: str) -> str | None:
    if _THROUGHPUT_UNIT.search(header):
        return "throughput"
    if _LATENCY_UNIT.search(header):
        return "latency"
    return None


def derived_claims(document: Document, existing: list[Claim]) -> list[Claim]:
    from auditor.extract.extractor import _find_metric
    from auditor.extract.oppoint import find_ops, header_kind

    tables: dict[int, list[tuple[int, Block]]] = {}
    for bi, b in enumerate(document.blocks):
        if b.kind == "table_cell" and b.cell is not None:
            tables.setdefault(b.cell.table, []).append((bi, b))
    taken = {(c.block) for c in existing}
    out: list[Claim] = []
    text = document.text
    for cells in tables.values():
        if any(_WRITTEN_FIGURE.search(text[b.start:b.end]) for _, b in cells):
            continue
        first = cells[0][1].cell
        header = first.header_row if first else []
        if len(header) < 3:
            continue
        if any(_WRITTEN_FIGURE.search(h) for h in header):
            continue
        op_cols = [j for j, h in enumerate(header) if header_kind(h)]
        labels = [text[b.start:b.end] for _, b in cells if b.cell.col == 0]  # type: ignore[union-attr]
        if not op_cols and not (labels and all(find_ops(x) for x in labels)):
            continue  # rows of models or GPUs, not operating points ("bs=8"): a spec sheet, not a speedup sweep
        rows: dict[int, dict[int, tuple[int, Block]]] = {}
        for bi, b in cells:
            rows.setdefault(b.cell.row, {})[b.cell.col] = (bi, b)  # type: ignore[union-attr]
        numeric = []
        for j, h in enumerate(header):
            if j in op_cols or j == 0 and not op_cols:
                continue
            vals = [_number(text[r[j][1].start:r[j][1].end]) if j in r else None for r in rows.values()]
            if vals and sum(v is not None for v in vals) >= max(1, (2 * len(vals) + 2) // 3):
                numeric.append(j)
        if len(numeric) < 2:
            continue
        kinds = {j: _quantity(header[j]) for j in numeric}
        known = {k for k in kinds.values() if k}
        if len(known) != 1:
            continue
        quantity = known.pop()
        # only columns whose own header names the quantity are compared: an unlabelled number column
        # ("HPUs", "n adapters", "Power (W)") is a setting or another quantity, never a system's result
        numeric = [j for j in numeric if kinds[j] == quantity]
        # columns are compared only with columns of the same metric: "ITL, FA3" with "ITL, FlashInfer",
        # never "ITL, FA3" with "TTFT, FA3" (both latencies, different quantities)
        groups: dict[str | None, list[int]] = {}
        for j in numeric:
            groups.setdefault(_find_metric(header[j], 0, 0, []), []).append(j)
        for group in groups.values():
            if len(group) >= 2:
                out.extend(_derive(document, text, header, rows, group, quantity, taken))
    return out


def _derive(document: Document, text: str, header: list[str], rows: dict, numeric: list[int], quantity: str,
            taken: set) -> list[Claim]:
    """One claim per row and optimised column of `numeric` (columns of one metric), against its baseline."""
    from auditor.extract.extractor import _find_metric, _op_from_table, _technique_in_text

    out: list[Claim] = []
    base = next((j for j in numeric if _BASELINE_HEADER.search(header[j])), numeric[0])
    lower_better = quantity == "latency"
    metric = _find_metric(" ".join(header[j] for j in numeric), 0, 0, []) or (
        "latency" if lower_better else "throughput")
    for r, row in sorted(rows.items()):
        if base not in row:
            continue
        old = _number(text[row[base][1].start:row[base][1].end])
        if old is None:
            continue
        for j in numeric:
            if j == base or j not in row:
                continue
            bi, blk = row[j]
            if bi in taken:
                continue
            new = _number(text[blk.start:blk.end])
            if new is None:
                continue
            value = round(new / old, 3)
            ratio = old / new if lower_better else new / old
            op = _op_from_table(blk.cell)
            techs = _technique_in_text(header[j])
            label = blk.cell.row_header or (blk.cell.row_cells[0] if blk.cell.row_cells else "")  # type: ignore[union-attr]
            line, col, page = document.locate(blk.start)
            eline, ecol, _ = document.locate(max(blk.start, blk.end - 1))
            cell_text = text[blk.start:blk.end]
            out.append(Claim(
                line=line, column=col, end_line=eline, end_column=ecol + 1, page=page,
                text=cell_text,
                sentence=f"{label}: {header[base]} {row[base][1] and text[row[base][1].start:row[base][1].end]}"
                         f" -> {header[j]} {cell_text} (derived from the table)"[:500],
                value=value, unit="abs", ratio=round(ratio, 4), metric=metric,  # type: ignore[arg-type]
                direction="better" if ratio >= 1 else "worse", hedge="none",
                technique=techs[0] if techs else None,
                op_kind=op.kind if op else "unstated",  # type: ignore[arg-type]
                op_value=op.value if op else None, op_source="table" if op else "assumed",
                op_text=op.text if op else None, baseline=header[base], derived=True,
                section=blk.section[-1] if blk.section else None,
                start=blk.start, end=blk.end, block=bi,
                source_line=document.lines[line - 1] if 0 < line <= len(document.lines) else "",
            ))
    return out
