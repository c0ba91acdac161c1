"""Split blocks too long for one spaCy call (a 1 MB line with no newline, a whole book in one
paragraph) into chunks of at most CHUNK characters, cut at a sentence end or whitespace near the
limit. Each chunk is a copy of its Block with narrower start/end, so offsets into Document.text
(and so source lines and columns) stay exact."""

from __future__ import annotations

import re

from auditor.models import Block

CHUNK = 100_000
_CUT = re.compile(r"[.!?]\s+|\n|\s")


def chunk_block(text: str, block: Block, size: int = CHUNK) -> list[Block]:
    if block.end - block.start <= size:
        return [block]
    out: list[Block] = []
    start = block.start
    while block.end - start > size:
        limit = start + size
        lo = start + size // 2
        cut = None
        # the last sentence end in the back half of the window, else the last whitespace, else hard cut
        window = text[lo:limit]
        ends = [m.end() for m in re.finditer(r"[.!?]\s+", window)]
        if ends:
            cut = lo + ends[-1]
        else:
            ws = window.rfind(" ")
            cut = lo + ws + 1 if ws >= 0 else limit
        out.append(block.model_copy(update={"start": start, "end": cut}))
        start = cut
    out.append(block.model_copy(update={"start": start, "end": block.end}))
    return out
