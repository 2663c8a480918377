"""The data page's findings: the validator's diagnostics, each with its line shown.

Only files inside the data folder (or the templates folder) are read, and only to
show the line a diagnostic points at; a path outside them, a file that is not a
regular file or is too large, shows no line.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from ..products.validate import load_data
from ..source import templates_dir
from ..source.diagnostics import Diagnostic, printable

MAX_FILE = 4 * 1024 * 1024  # bytes: the validator refuses larger files too
MAX_LINE = 300  # characters of a line shown
MAX_FINDINGS = 500


def _inside(path: Path, roots: list[Path]) -> bool:
    return any(path == root or root in path.parents for root in roots)


def source_line(file: str, line: int, roots: list[Path]) -> str | None:
    """Line ``line`` (from 1) of ``file`` when it lies inside one of ``roots``."""
    if line <= 0 or not file:
        return None
    try:
        path = Path(os.path.realpath(file))
        if not _inside(path, roots) or not path.is_file() or path.stat().st_size > MAX_FILE:
            return None
        with open(path, encoding="utf-8", errors="replace") as handle:
            for number, text in enumerate(handle, start=1):
                if number == line:
                    return printable(text.rstrip("\r\n")[:MAX_LINE])
    except OSError:
        return None
    return None


def finding(
    diagnostic: Diagnostic, roots: list[Path], shown: Callable[[str], str] = printable
) -> dict[str, object]:
    """One diagnostic for the page: where, what, the line it points at (its paths as
    ``shown`` gives them)."""
    found = diagnostic.as_json()
    loc = diagnostic.location
    found["where"] = shown(str(loc))
    found["file"] = shown(loc.file)
    found["message"] = shown(diagnostic.message)
    found["source"] = source_line(loc.file, loc.line, roots)
    return found


def check_data(data_dir: Path, shown: Callable[[str], str] = printable) -> dict[str, object]:
    """Run the validator on ``data_dir``: its findings, errors first, then warnings;
    the folder by its own name, every path in the findings as ``shown`` gives it (the
    app gives them relative to the data folder)."""
    _, diags = load_data(data_dir)
    roots = [Path(os.path.realpath(data_dir)), Path(os.path.realpath(templates_dir()))]
    listed = diags.sorted()[:MAX_FINDINGS]
    return {
        "folder": printable(os.path.basename(os.path.realpath(data_dir))),
        "errors": len(diags.errors),
        "warnings": len(diags.warnings),
        "findings": [finding(d, roots, shown) for d in listed],
        "more": max(0, len(diags.errors) + len(diags.warnings) - MAX_FINDINGS),
    }
