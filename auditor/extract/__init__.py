"""Extract: spaCy pipeline from a Document to Claims (figures, operating points, context)."""

from auditor.extract.spacy_import import import_spacy

import_spacy()  # before any `spacy` import below: defers spaCy's CLI package (cold start)

from auditor.extract.extractor import extract  # noqa: E402

__all__ = ["extract"]
