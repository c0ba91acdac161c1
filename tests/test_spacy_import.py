"""spaCy's CLI package is deferred, not lost: the auditor starts without it and spaCy's own CLI still
works in the same process when something asks for it."""

import subprocess
import sys

SCRIPT = """
import sys
import auditor.extract
from auditor.extract.nlp import get_pipeline
get_pipeline()
assert "weasel" not in sys.modules and "spacy.cli.download" not in sys.modules, "CLI imported up front"
import spacy
import spacy.cli
assert callable(spacy.cli.download)
from spacy.cli.info import info
assert "spacy_version" in spacy.info()
assert type(sys.modules["spacy.cli"]).__name__ == "module"
print("ok")
"""


def test_spacy_cli_is_deferred_and_still_importable():
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_submodule_import_through_the_stand_in():
    code = "import auditor.extract\nimport spacy.cli.download as d\nprint(callable(d.download))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "True"
