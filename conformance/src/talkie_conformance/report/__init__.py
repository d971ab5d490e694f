"""Report writers: terminal (rich), JUnit XML, Markdown, HTML and JSON, all from one RunResult."""

from __future__ import annotations

from pathlib import Path

from talkie_conformance.report.document import to_html, to_json, to_markdown
from talkie_conformance.report.junit import to_junit
from talkie_conformance.report.terminal import TerminalReporter
from talkie_conformance.runner import RunResult

__all__ = [
    "TerminalReporter",
    "to_html",
    "to_json",
    "to_junit",
    "to_markdown",
    "write_all",
    "write_report",
]

_WRITERS = {".md": to_markdown, ".markdown": to_markdown, ".html": to_html, ".htm": to_html, ".json": to_json}


def write_report(path: str | Path, result: RunResult) -> None:
    """Write a report whose format follows the file's suffix (.md, .html or .json)."""
    file = Path(path)
    writer = _WRITERS.get(file.suffix.lower())
    if writer is None:
        raise ValueError(f"unknown report format {file.suffix!r}: use .md, .html or .json")
    file.write_text(writer(result), encoding="utf-8")


def write_all(result: RunResult, junit: str | Path | None, reports: tuple[str, ...] | list[str]) -> None:
    """Write the JUnit file (when asked) and every report of `reports`: what `run` and `fuzz` both do."""
    if junit:
        Path(junit).write_text(to_junit(result), encoding="utf-8")
    for path in reports:
        write_report(path, result)
