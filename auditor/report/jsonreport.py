"""The `--format json` report assembled from per-file JSON pieces.

Each file's JSON is serialised where the file was checked (in the worker process), so the parent
neither unpickles a model tree per claim nor serialises the whole report at the end: it splices the
ready pieces into the report's frame. The bytes are the same as `Report.model_dump_json(indent=2)`
(tests/test_json_report_stream.py compares them).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from auditor.models import FailOn, FileDigest, FileReport, Report, exit_code_of

INDENT = 2
# a FileReport sits two levels deep in the report: {"files": [ {...} ]}
_FILE_NEWLINE = b"\n" + b" " * (2 * INDENT)
_EMPTY_FILES = b'\n  "files": [],\n'


def file_json(fr: FileReport) -> bytes:
    """One FileReport's JSON as it appears inside the report's "files" list (UTF-8).

    JSON strings escape their newlines, so every raw newline is layout and can be re-indented."""
    return FileReport.__pydantic_serializer__.to_json(fr, indent=INDENT).replace(b"\n", _FILE_NEWLINE)


@dataclass
class JsonReport:
    """A report whose files are already JSON: `head` carries tool, config and summary with no
    files; `parts` are the files' JSON (file_json) and `files` their digests, in input order."""

    head: Report
    files: Sequence[FileDigest]
    parts: Sequence[bytes]

    def exit_code(self, fail_on: FailOn) -> int:
        return exit_code_of(self.files, fail_on)

    def chunks(self) -> Iterator[bytes]:
        """The report's UTF-8 bytes in pieces (join them for the whole report)."""
        head = Report.__pydantic_serializer__.to_json(self.head, indent=INDENT)
        if not self.parts:
            yield head
            return
        at = head.index(_EMPTY_FILES)  # tool and config come first, so this is the top-level key
        yield head[: at] + b'\n  "files": [' + _FILE_NEWLINE
        sep = b"," + _FILE_NEWLINE
        for i, part in enumerate(self.parts):
            if i:
                yield sep
            yield part
        yield b"\n  ]," + head[at + len(_EMPTY_FILES) - 1:]
