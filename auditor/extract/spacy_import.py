"""Import spaCy without its command-line package.

`import spacy` runs `from .cli.info import info` only to re-export `spacy.info`; that pulls in
spaCy's whole CLI (typer apps, weasel, httpx, the project templates): about 150 ms of a linter's
one-second cold-start budget, for code the auditor never calls. Before spaCy is first imported, this
puts stand-ins for `spacy.cli` and `spacy.cli.info` in `sys.modules`. The first real use of either
(any attribute, a submodule import, calling `spacy.info()`) drops the stand-ins and imports the real
package, so nothing that needs spaCy's CLI loses it; it only stops paying for it up front.
"""

from __future__ import annotations

import importlib
import sys
import types

_NAMES = ("spacy.cli.info", "spacy.cli")


class _DeferredModule(types.ModuleType):
    """A stand-in that imports the real module on first attribute access. The import system's own
    probes (`__path__` on a plain module, other dunders) answer "absent" without loading anything;
    `__path__` on the package stand-in loads it, so `import spacy.cli.<sub>` still works."""

    def __init__(self, name: str, package: bool) -> None:
        super().__init__(name)
        self._package = package

    def __getattr__(self, name: str):
        if name.startswith("__") and not (name == "__path__" and self._package):
            raise AttributeError(name)
        return getattr(_load_real(self.__name__), name)


def _load_real(name: str) -> types.ModuleType:
    for stub_name in _NAMES:
        if isinstance(sys.modules.get(stub_name), _DeferredModule):
            del sys.modules[stub_name]
    module = importlib.import_module(name)
    spacy = sys.modules.get("spacy")
    if spacy is not None and isinstance(getattr(spacy, "cli", None), _DeferredModule):
        spacy.cli = sys.modules["spacy.cli"]  # type: ignore[attr-defined]
    return module


def _info(*args, **kwargs):
    """`spacy.info`, imported when called."""
    return _load_real("spacy.cli.info").info(*args, **kwargs)


def import_spacy() -> types.ModuleType:
    """Import spaCy (deferring `spacy.cli`) and return it; a no-op when it is already imported."""
    if "spacy" in sys.modules:
        return sys.modules["spacy"]
    cli, info = _DeferredModule("spacy.cli", package=True), _DeferredModule("spacy.cli.info", package=False)
    info.info = _info  # type: ignore[attr-defined]
    cli.info = info  # type: ignore[attr-defined]
    sys.modules.setdefault("spacy.cli", cli)
    sys.modules.setdefault("spacy.cli.info", info)
    try:
        spacy = importlib.import_module("spacy")
    except BaseException:
        for name in _NAMES:
            if isinstance(sys.modules.get(name), _DeferredModule):
                del sys.modules[name]
        raise
    if not hasattr(spacy, "cli"):
        spacy.cli = sys.modules.get("spacy.cli", cli)  # type: ignore[attr-defined]
    return spacy
