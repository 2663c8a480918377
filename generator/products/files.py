"""Writing output files safely (whole or not at all, never half-written), and listing them."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..source.files import FILE_MODE, OutputError, atomic_write, sha256

__all__ = ["FILE_MODE", "OutputError", "Written", "atomic_write", "sha256", "write_csv"]


@dataclass(frozen=True)
class Written:
    """One file a command wrote, as the build's manifest lists it."""

    path: Path
    component: str
    language: str
    paper: str
    pages: int
    sha256: str

    def manifest_entry(self, root: Path) -> dict[str, object]:
        return {
            "file": self.path.relative_to(root).as_posix(),
            "component": self.component,
            "language": self.language,
            "paper": self.paper,
            "pages": self.pages,
            "sha256": self.sha256,
        }


def write_csv(
    path: Path, columns: Sequence[str], rows: Iterable[Sequence[str]], component: str,
    language: str, kind: str,
) -> Written:  # fmt: skip
    """A CSV file (``\n`` line ends, a header row of ``columns``), written whole."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(columns)
    writer.writerows(rows)
    content = buffer.getvalue().encode()
    return Written(atomic_write(path, content), component, language, kind, 0, sha256(content))
