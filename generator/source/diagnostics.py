"""Diagnostics: located problems in the data, collected rather than raised.

Every problem found in the component data is a :class:`Diagnostic` with a stable
code and the file, line and column it points at. Loaders and checks append to a
:class:`Diagnostics` list and go on, so one run reports everything at once.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum


@dataclass(frozen=True, order=True)
class Location:
    """A place in a data file; line and column count from 1 (0 means 'whole file')."""

    file: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        if self.line <= 0:
            return self.file
        return f"{self.file}:{self.line}:{self.column}"


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Diagnostic:
    location: Location
    severity: Severity
    code: str
    message: str
    related: tuple[Location, ...] = field(default=(), compare=False)

    def format(self) -> str:
        """One line for a terminal: data can never print a control sequence through it."""
        return printable(f"{self.location}: {self.severity}[{self.code}]: {self.message}")

    def as_json(self) -> dict[str, object]:
        return {
            "file": printable(self.location.file),
            "line": self.location.line,
            "column": self.location.column,
            "severity": str(self.severity),
            "code": self.code,
            "message": printable(self.message),
        }


class Diagnostics:
    """An ordered collection of diagnostics, deduplicated."""

    def __init__(self) -> None:
        self._items: list[Diagnostic] = []
        self._seen: set[Diagnostic] = set()

    def add(self, diagnostic: Diagnostic) -> None:
        if diagnostic not in self._seen:
            self._seen.add(diagnostic)
            self._items.append(diagnostic)

    def error(self, code: str, location: Location, message: str) -> None:
        self.add(Diagnostic(location, Severity.ERROR, code, message))

    def warning(self, code: str, location: Location, message: str) -> None:
        self.add(Diagnostic(location, Severity.WARNING, code, message))

    def extend(self, other: Iterable[Diagnostic]) -> None:
        for diagnostic in other:
            self.add(diagnostic)

    def __iter__(self) -> Iterator[Diagnostic]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self._items if d.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self._items if d.severity is Severity.WARNING]

    def sorted(self) -> list[Diagnostic]:
        return sorted(self._items, key=lambda d: (d.location, d.code, d.message))


class DataError(Exception):
    """Raised when data cannot be used; carries the diagnostics that say why."""

    def __init__(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.format() for d in self.diagnostics))


def printable(text: str) -> str:
    """``text`` with every character a terminal would act on or cannot encode (controls,
    escape sequences, bidi overrides, lone surrogates) written as a visible escape."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def display_path(path: str | os.PathLike[str]) -> str:
    """A path as the user would type it: relative to the working directory when inside it."""
    text = os.fspath(path)
    try:
        rel = os.path.relpath(text)
    except ValueError:  # another drive on Windows
        return text
    return text if rel.startswith("..") else rel


def to_json(diagnostics: Iterable[Diagnostic]) -> str:
    return json.dumps([d.as_json() for d in diagnostics], indent=2, ensure_ascii=False)


def clipped(value: object, limit: int = 40) -> str:
    """A value as a message shows it: quoted (``repr``) and cut to about ``limit``
    characters with '…', so a 10,000-character value never floods the terminal."""
    if isinstance(value, str):
        return repr(value if len(value) <= limit else value[: limit - 1] + "…")
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
