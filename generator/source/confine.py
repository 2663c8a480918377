"""A data folder is self-contained: while it loads, no file outside it is read.

:func:`confined_to` marks the folder being loaded (a context variable, so each thread
and task has its own); :func:`check_inside` is asked by the file reader
(:mod:`.located`) before it opens a file: a symbolic link that leads out of the folder
is :class:`OutsideFolder`, reported as ``E-FILE-OUTSIDE`` and never read, so no error
message can quote a file elsewhere on the machine.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
from collections.abc import Iterator
from pathlib import Path

#: The folder whose files are being loaded (see :func:`confined_to`): a file whose real
#: path lies outside it (through a symbolic link) is refused, never read.
_ROOT: contextvars.ContextVar[str | None] = contextvars.ContextVar("data_root", default=None)


class OutsideFolder(OSError):
    """A data file that is a link to a file outside the data folder."""


@contextlib.contextmanager
def confined_to(folder: Path) -> Iterator[None]:
    """While this holds, :func:`read_text` reads only files whose real path (every link
    followed) lies inside ``folder``: a data folder is self-contained, and nothing it
    links to elsewhere on the machine is read (nor quoted by an error message)."""
    token = _ROOT.set(os.path.realpath(folder))
    try:
        yield
    finally:
        _ROOT.reset(token)


def check_inside(path: Path) -> None:
    """OutsideFolder when ``path`` (its links followed) leaves the folder being loaded."""
    root = _ROOT.get()
    if root is None:
        return
    real = os.path.realpath(path)
    if real != root and not real.startswith(root.rstrip(os.sep) + os.sep):
        raise OutsideFolder(
            0,
            "a link to a file outside the data folder, refused (a data folder holds its "
            "own files: copy the file into it)",
        )
