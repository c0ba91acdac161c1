"""GitHub workflow-command annotations and their escaping."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from auditor.models import Claim, FileReport, Finding, Report, ToolInfo, summarise
from auditor.report.github import command, escape_data, escape_property, render_github
from auditor.settings import Settings


def _report(findings: list[Finding], path: str = "docs/post.md", claims: list[Claim] | None = None) -> Report:
    files = [FileReport(path=path, kind="markdown", claims=claims or [], findings=findings)]
    return Report(tool=ToolInfo(version="0"), files=files, summary=summarise(files))


def _finding(**kw) -> Finding:
    base = dict(rule="OP001", name="missing-operating-point", severity="warning", line=3, column=5,
                end_line=3, end_column=9, claim=None, message="2.5x states no operating point")
    base.update(kw)
    return Finding(**base)


def test_escape_data() -> None:
    assert escape_data("100% faster\r\nnext") == "100%25 faster%0D%0Anext"
    # only %, CR, LF in the message: colons and commas stay readable
    assert escape_data("a: b, c") == "a: b, c"
    # percent first, so an escape already in the text is not taken for one
    assert escape_data("%0A") == "%250A"


def test_escape_property() -> None:
    assert escape_property("a:b,c%d\ne") == "a%3Ab%2Cc%25d%0Ae"


def test_command_shape() -> None:
    line = command("warning", "msg", file="a,b:c.md", line=1, title="T: x, y")
    assert line == "::warning file=a%2Cb%3Ac.md,line=1,title=T%3A x%2C y::msg"


def test_render_levels_positions_and_message() -> None:
    fs = [_finding(message="50% lower latency: no percentile, sadly", suggestion="Say \"p99\"\nplease"),
          _finding(rule="OP004", name="inverts-under-load", severity="error", line=7, column=1, end_line=7,
                   end_column=5),
          _finding(rule="OP002", name="single-point-only", severity="info", line=9, column=2, end_line=10,
                   end_column=3)]
    out = render_github(_report(fs, path="docs/a,b.md"), Settings(), cwd=Path.cwd())
    lines = out.splitlines()
    assert lines[0] == ("::warning file=docs/a%2Cb.md,line=3,col=5,endColumn=9,title=OP001 missing-operating-point"
                        "::50%25 lower latency: no percentile, sadly%0ASuggestion: Say \"p99\"%0Aplease")
    assert lines[1].startswith("::error file=docs/a%2Cb.md,line=7,col=1,endColumn=5,title=OP004 inverts-under-load::")
    # multi-line range: GitHub rejects col/endColumn there
    assert lines[2].startswith("::notice file=docs/a%2Cb.md,line=9,endLine=10,title=OP002 single-point-only::")
    assert lines[-1].startswith("claim-auditor: 1 files")
    # every annotation is exactly one physical line
    assert all(re.match(r"^::(error|warning|notice) ", ln) for ln in lines[:-1])


def test_absolute_path_becomes_relative(tmp_path: Path) -> None:
    p = tmp_path / "sub" / "post.md"
    out = render_github(_report([_finding()], path=str(p)), Settings(), cwd=tmp_path)
    assert out.startswith("::warning file=sub/post.md,line=3,")


def test_input_error_annotation() -> None:
    files = [FileReport(path="gone.md", error="gone.md: no such file or directory")]
    r = Report(tool=ToolInfo(version="0"), files=files, summary=summarise(files))
    out = render_github(r, Settings(), cwd=Path.cwd())
    assert out.splitlines()[0] == ("::error file=gone.md,title=claim-auditor%3A input error::"
                                   "gone.md: no such file or directory")


def test_cli_github_format(tmp_path: Path) -> None:
    (tmp_path / "post.md").write_text("EAGLE-3 makes decoding 2.5x faster on H100.\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "auditor.cli", "check", "--format", "github", "--no-predict",
                           "post.md"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1, proc.stderr
    first = proc.stdout.splitlines()[0]
    assert first.startswith("::warning file=post.md,line=1,col=24,endColumn=28,title=OP")


# --------------------------------------------------------------------------- integrations

ROOT = Path(__file__).resolve().parent.parent


def test_pre_commit_hooks_file() -> None:
    import yaml

    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    ids = {h["id"]: h for h in hooks}
    assert set(ids) == {"claim-auditor", "claim-auditor-errors"}
    for h in hooks:
        assert h["entry"].startswith("auditor check") and h["language"] == "python"
        pattern = re.compile(h["files"])
        for name in ("post.md", "a/b.markdown", "x.mdx", "notes.rst", "page.html", "page.htm", "readme.txt"):
            assert pattern.search(name), name
        for name in ("setup.py", "data.json", "md.py"):
            assert not pattern.search(name), name
    assert "--fail-on error" in ids["claim-auditor-errors"]["entry"]


def test_ci_doc_matches_the_exit_policy() -> None:
    from auditor.models import FileReport, Finding, Report, ToolInfo, summarise

    doc = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    assert "github/codeql-action/upload-sarif" in doc and "security-events: write" in doc
    assert "--format sarif" in doc and "--format github" in doc

    def code(files, fail_on="warning"):
        return Report(tool=ToolInfo(version="0"), files=files, summary=summarise(files)).exit_code(fail_on)

    warn = FileReport(path="a.md", findings=[Finding(rule="OP001", name="n", severity="warning", line=1, column=1,
                                                     message="m")])
    assert code([FileReport(path="a.md")]) == 0 and "| 0 |" in doc
    assert code([warn]) == 1 and code([warn], "error") == 0 and "| 1 |" in doc
    assert code([warn, FileReport(path="b.md", error="b.md: gone")]) == 2 and "takes precedence over 1" in doc
