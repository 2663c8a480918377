"""Writing output files safely (whole or not at all, never half-written), and listing them."""

from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path


class OutputError(Exception):
    """An output file could not be written; the message says which and why."""


def atomic_write(path: str | os.PathLike[str], content: bytes) -> Path:
    """Write ``content`` to a temporary file beside ``path``, then rename it into place.

    A reader never sees a partial file, and a failure leaves any old file untouched.
    """
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise OutputError(f"{path}: cannot write: {exc.strerror or exc}") from exc
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(content)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise OutputError(f"{path}: cannot write: {exc.strerror or exc}") from exc
    return path


def sha256(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()


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
