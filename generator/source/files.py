"""Writing files safely: whole or not at all, never half-written, never left behind.

The foundation every stage that writes files uses (the font cache, the products).
"""

from __future__ import annotations

import glob
import hashlib
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO


class OutputError(Exception):
    """An output file could not be written; the message says which and why."""


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


#: Files are created as the user's umask says (0644 under the usual 022, 0600 under 077).
FILE_MODE = 0o666 & ~_umask()


def _temp_prefix(path: Path, pid: int | str) -> str:
    return f".{path.name}.{pid}."


def _remove_stale_temps(path: Path) -> None:
    """Delete temporary files a killed earlier run left beside ``path``: ours by name,
    and made by a process that no longer exists (a running build's are left alone)."""
    for stale in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
        pid = stale.name[len(path.name) + 2 :].split(".", 1)[0]
        if not pid.isdigit():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            stale.unlink(missing_ok=True)
        except OSError:
            pass  # alive, but another user's


#: Folders that writes may not leave through a symbolic link (the commands' --out).
_ROOTS: list[Path] = []


def guard_root(root: str | os.PathLike[str]) -> None:
    """From now on, a file written below ``root`` may not pass through a symbolic link
    inside it: a link planted in an output folder must not send files elsewhere."""
    _ROOTS.append(Path(os.path.abspath(root)))


def _check_no_links(path: Path) -> None:
    target = Path(os.path.abspath(path))
    for root in _ROOTS:
        try:
            inside = target.relative_to(root)
        except ValueError:
            continue
        current = root
        for part in inside.parts:
            current = current / part
            if current.is_symlink():
                raise OutputError(
                    f"{path}: refusing to write through the symbolic link {current} inside "
                    f"{root}; remove the link or choose another --out"
                )


@contextmanager
def atomic_stream(path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """A file to write ``path`` through, bit by bit: a temporary file beside it, renamed
    into place when the block ends without an error and removed otherwise.

    A reader never sees a partial file, and a failure (or Ctrl-C, or a kill) leaves any
    old file untouched; a temporary file left by a killed run is removed next time.
    """
    path = Path(path)
    _check_no_links(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _remove_stale_temps(path)
        fd, tmp = tempfile.mkstemp(
            prefix=_temp_prefix(path, os.getpid()), suffix=".tmp", dir=path.parent
        )
    except OSError as exc:
        raise OutputError(f"{path}: cannot write: {exc.strerror or exc}") from exc
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
        os.chmod(tmp, FILE_MODE)
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise OutputError(f"{path}: cannot write: {exc.strerror or exc}") from exc
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write(path: str | os.PathLike[str], content: bytes) -> Path:
    """Write ``content`` to a temporary file beside ``path``, then rename it into place
    (see :func:`atomic_stream`)."""
    path = Path(path)
    with atomic_stream(path) as handle:
        handle.write(content)
    return path


def sha256(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()
