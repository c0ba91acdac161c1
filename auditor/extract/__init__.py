"""Extract: spaCy pipeline from a Document to Claims (figures, operating points, context)."""

from auditor.extract.extractor import extract

__all__ = ["extract"]
