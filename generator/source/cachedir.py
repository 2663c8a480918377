"""Where dinokit's caches live, and which of their folders and files may be trusted.

Each cache (``fonts``: converted fonts and metrics; ``data``: checked data) has one folder:
``$DINOKIT_FONT_CACHE`` / ``$DINOKIT_DATA_CACHE`` when set, else
``$XDG_CACHE_HOME/dinokit/<kind>`` when ``XDG_CACHE_HOME`` is an absolute path (the XDG
base directory spec ignores a relative one), else ``~/.cache/dinokit/<kind>``. When that
one cannot be used, a fallback under the system's temporary folder,
``<tmp>/dinokit-<kind>-<uid>``, made with mode 0700.

A folder is used only when it is a folder owned by the user running dinokit that neither
its group nor others can write (anyone could have made ``/tmp/dinokit-fonts-1000`` first,
and planted font metrics or data there); each file is read only when it is a regular file
owned by the user. A refused folder costs the time only: the command runs without it
(the fallback, or uncached) and says so once, in one line on stderr. Folders dinokit
makes are made 0700, as the XDG spec asks. Imports nothing else of dinokit.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

#: The environment variable that overrides each cache's folder.
ENV = {"fonts": "DINOKIT_FONT_CACHE", "data": "DINOKIT_DATA_CACHE"}
PRIVATE = 0o700
_NOTED: list[str] = []  # the one note this process gave (forked workers inherit it)


def _uid() -> int | None:
    """The user that caches must belong to (None where there are no owners to check)."""
    geteuid = getattr(os, "geteuid", None)
    return geteuid() if geteuid is not None else None


def base_dir() -> Path:
    """``$XDG_CACHE_HOME/dinokit``, or ``~/.cache/dinokit`` when it is unset, empty or
    not an absolute path."""
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    root = Path(xdg) if os.path.isabs(xdg) else Path.home() / ".cache"
    return root / "dinokit"


def cache_dir(kind: str) -> Path:
    """The folder of the cache ``kind``: its ``DINOKIT_*_CACHE`` override, else under
    :func:`base_dir`."""
    override = os.environ.get(ENV[kind])
    return Path(override) if override else base_dir() / kind


def fallback_dir(kind: str) -> Path:
    """Where the cache ``kind`` goes when :func:`cache_dir` cannot be used."""
    uid = _uid()
    return Path(tempfile.gettempdir()) / f"dinokit-{kind}-{uid if uid is not None else 'user'}"


def _candidates(kind: str) -> Iterator[tuple[Path, bool]]:
    """Each folder the cache ``kind`` may use, in order, and whether it is the fallback."""
    try:
        normal: Path | None = cache_dir(kind)
    except RuntimeError:  # no home folder to be found: the fallback only
        normal = None
    if normal is not None:
        yield normal, False
    yield fallback_dir(kind), True


def folders(kind: str, *, create: bool = False) -> Iterator[Path]:
    """The trusted folders of the cache ``kind``, the normal one first (``create``: made
    when missing). None: run uncached."""
    for folder, fallback in _candidates(kind):
        if trusted(folder, create, fallback):
            yield folder


def lookup(kind: str) -> Iterator[Path]:
    """The folders to look for an entry of the cache ``kind`` in: the trusted ones up to
    the first the user can write (where a missing entry will be written: the fallback is
    for when the normal folder cannot be used)."""
    for folder in folders(kind, create=True):
        yield folder
        if os.access(folder, os.W_OK | os.X_OK):
            return


def trusted(folder: Path, create: bool = False, fallback: bool = False) -> bool:
    """Whether ``folder`` is a folder of the user's that only the user can write.

    With ``create`` a missing folder is made (and each missing parent, all 0700); a
    ``fallback`` folder, in a temporary folder everyone shares, must be a real folder
    (not a symbolic link) and is made without parents.
    """
    try:
        found = os.lstat(folder) if fallback else os.stat(folder)
    except FileNotFoundError:
        if not create or not _make(folder, fallback):
            return False
        try:
            found = os.lstat(folder) if fallback else os.stat(folder)
        except OSError:
            return False
    except OSError:
        return False
    if not stat.S_ISDIR(found.st_mode):
        return False  # a file, or a link in a shared folder: unusable, not a danger
    uid = _uid()
    if uid is None:
        return True
    if found.st_uid != uid:
        _note(folder, f"owned by uid {found.st_uid}")
        return False
    if found.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        _note(folder, "writable by its group or others")
        return False
    return True


def _make(folder: Path, fallback: bool) -> bool:
    """Make ``folder`` (and, unless ``fallback``, its missing parents) with mode 0700."""
    missing = [folder] if fallback else [folder, *folder.parents]
    try:
        missing = missing[: next((i for i, p in enumerate(missing) if p.exists()), len(missing))]
        for part in reversed(missing):
            with contextlib.suppress(FileExistsError):  # made meanwhile: checked as any
                os.mkdir(part, PRIVATE)
    except OSError:
        return False
    return True


def _note(folder: Path, why: str) -> None:
    """Say once per command that a cache is not used (workers are forked after the
    command's first look at its caches, so they say nothing more)."""
    if _NOTED:
        return
    _NOTED.append(str(folder))
    sys.stderr.write(f"note: ignoring the cache folder {folder}: {why}\n")


#: How stale an entry's time of last use may get before a use records it (one write of
#: a file's time per use at most this often keeps a warm run free of writes).
TOUCH_AFTER = 600.0
#: Entries used this recently are never pruned: a running command may still open them.
SPARE = 3600.0


def read_owned(path: Path, size: int = -1) -> bytes | None:
    """The first ``size`` bytes (-1: all) of ``path`` when it is a regular file of the
    user's; else None (missing, a link, another user's, unreadable). Its modification
    time records its last use (see :func:`prune`), when older than :data:`TOUCH_AFTER`."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        found = os.fstat(fd)
        uid = _uid()
        if not stat.S_ISREG(found.st_mode) or (uid is not None and found.st_uid != uid):
            return None
        want = found.st_size if size < 0 else min(size, found.st_size)
        chunks, got = [], 0
        while got < want:
            chunk = os.read(fd, want - got)
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if time.time() - found.st_mtime >= TOUCH_AFTER:
            with contextlib.suppress(OSError):  # a read-only cache still serves
                os.utime(fd if os.utime in os.supports_fd else path)
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)


def prune(
    folder: Path,
    names: re.Pattern[str],
    *,
    max_bytes: int | None = None,
    max_entries: int | None = None,
    spare: float = SPARE,
) -> None:
    """Delete the entries of ``folder`` (files of the user's whose names match ``names``)
    used longest ago until at most ``max_entries`` remain, of at most ``max_bytes`` in
    all; those used in the last ``spare`` seconds stay whatever the bound."""
    uid, entries = _uid(), []
    try:
        with os.scandir(folder) as scan:
            for entry in scan:
                if not names.fullmatch(entry.name):
                    continue
                found = entry.stat(follow_symlinks=False)
                if stat.S_ISREG(found.st_mode) and (uid is None or found.st_uid == uid):
                    entries.append((found.st_mtime, entry.name, found.st_size))
    except OSError:
        return
    entries.sort(reverse=True)  # the newest first
    recent = time.time() - spare
    count = total = 0
    for used, name, size in entries:
        count, total = count + 1, total + size
        over = (max_entries is not None and count > max_entries) or (
            max_bytes is not None and total > max_bytes
        )
        if over and used < recent:
            try:
                os.unlink(folder / name)
            except OSError:
                continue
            count, total = count - 1, total - size
