"""The kit's files as ``manifest.json`` lists them, for a guide made after the build.

The kit folder is read as untrusted input (it may have been edited, copied or
half-deleted since the build): ``manifest.json`` and every file the guide opens must be
regular files of a bounded size (a FIFO, a directory or a link to ``/dev/zero`` is
refused before it is read), every entry has the types and bounds ``dinokit build``
writes, and every listed path stays inside the kit's folder. Each problem is an
OutputError naming the file (and the entry) and what was expected.
"""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path, PurePosixPath

from ...source.diagnostics import clipped
from ..files import OutputError, Written

MANIFEST_MAX = 4 * 1024 * 1024  # bytes: a whole kit's manifest is about 30 KB
KIT_FILE_MAX = 2 * 1024**3  # bytes of one listed file
PATH_MAX = 1024  # characters of a listed path
NAME_MAX = 64  # characters of a component, language or paper
PAGES_MAX = 100_000
_SHA256 = re.compile(r"\A[0-9a-f]{64}\Z")


def _rebuild(out_dir: Path) -> str:
    return f"build the kit again (dinokit build --out {out_dir})"


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"),
                       (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
                       (stat.S_ISSOCK, "a socket")):  # fmt: skip
        if test(mode):
            return name
    return "not a regular file"


def read_regular(path: Path, limit: int, why: str) -> bytes:
    """The bytes of ``path`` when it is a regular file of at most ``limit`` bytes; an
    OutputError saying what it is otherwise (``why``: what to do about it). Opened
    without blocking, so a named pipe put in its place never hangs the reader."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise OutputError(f"{path}: no such file; {why}") from None
    except OSError as exc:
        raise OutputError(f"{path}: cannot be read ({exc.strerror or exc}); {why}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OutputError(f"{path}: {_kind(info.st_mode)}, expected a file; {why}")
        if info.st_size > limit:
            raise OutputError(f"{path}: {info.st_size:,} bytes, expected at most {limit:,}; {why}")
        with os.fdopen(fd, "rb", closefd=False) as handle:
            content = handle.read(limit + 1)
    except OSError as exc:
        raise OutputError(f"{path}: cannot be read ({exc.strerror or exc}); {why}") from None
    finally:
        os.close(fd)
    if len(content) > limit:  # grew while read
        raise OutputError(f"{path}: more than {limit:,} bytes; {why}")
    return content


def kit_file_problem(path: Path, out_dir: Path) -> str | None:
    """Why the listed file ``path`` cannot be used by the guide (None when it can): it
    must lie inside ``out_dir`` (links included) and be a regular file of a bounded size;
    a ``.pdf`` must start like a PDF."""
    try:
        inside = path.resolve().is_relative_to(out_dir.resolve())
        info = path.stat()
    except FileNotFoundError:
        return "listed in the kit's manifest.json but not there"
    except (OSError, RuntimeError) as exc:  # a loop of links
        return f"cannot be read ({getattr(exc, 'strerror', None) or exc})"
    if not inside:
        return "lies outside the kit's folder (a link out of it)"
    if not stat.S_ISREG(info.st_mode):
        return f"{_kind(info.st_mode)}, expected a file"
    if info.st_size > KIT_FILE_MAX:
        return f"{info.st_size:,} bytes, expected at most {KIT_FILE_MAX:,}"
    if path.suffix == ".pdf":
        try:
            with path.open("rb") as handle:
                head = handle.read(5)
        except OSError as exc:
            return f"cannot be read ({exc.strerror or exc})"
        if head != b"%PDF-":
            return "empty" if not head else "not a PDF (it does not start with %PDF-)"
    return None


def _text(value: object, where: str, limit: int) -> str:
    if not isinstance(value, str) or not value or len(value) > limit or "\0" in value:
        raise ValueError(f"{where}: {clipped(value)}, expected a text of 1 to {limit} characters")
    return value


def _entry(entry: object, i: int, out_dir: Path) -> Written:
    where = f"files[{i}]"
    if not isinstance(entry, dict):
        raise ValueError(f"{where}: a {type(entry).__name__}, expected an object")
    missing = [k for k in ("file", "component", "language", "paper", "pages", "sha256")
               if k not in entry]  # fmt: skip
    if missing:
        raise ValueError(f"{where}: no {missing[0]!r}, expected the keys dinokit build writes")
    file = _text(entry["file"], f"{where}.file", PATH_MAX)
    parts = PurePosixPath(file).parts
    if file.startswith("/") or "\\" in file or ".." in parts or not parts:
        raise ValueError(
            f"{where}.file: {file[:60]!r}, expected a path inside the kit's folder "
            "(relative, no '..')"
        )
    pages = entry["pages"]
    if not isinstance(pages, int) or isinstance(pages, bool) or not 0 <= pages <= PAGES_MAX:
        raise ValueError(f"{where}.pages: {pages!r}, expected a whole number from 0 to {PAGES_MAX}")
    sha = entry["sha256"]
    if not isinstance(sha, str) or not _SHA256.match(sha):
        raise ValueError(f"{where}.sha256: expected 64 lowercase hex digits")
    component = _text(entry["component"], f"{where}.component", NAME_MAX)
    language, paper = entry["language"], entry["paper"]
    for key, value in (("language", language), ("paper", paper)):
        if value != "":  # the kit-wide files have neither
            _text(value, f"{where}.{key}", NAME_MAX)
    return Written(out_dir / file, component, str(language), str(paper), pages, sha)


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number JSON allows, expected a whole number")


def read_manifest(out_dir: Path) -> list[Written]:
    """The files ``dinokit build`` wrote into ``out_dir``; an OutputError naming the file
    and what is wrong when there is none or it cannot be read."""
    path = out_dir / "manifest.json"
    why = _rebuild(out_dir)
    if not path.exists() and not path.is_symlink():
        raise OutputError(
            f"{path}: no such file; build the kit first (dinokit build --out {out_dir})"
        )
    content = read_regular(path, MANIFEST_MAX, why)
    try:
        body = json.loads(content.decode("utf-8"), parse_constant=_no_constant)
    except UnicodeDecodeError as exc:
        raise OutputError(f"{path}: not UTF-8 text (byte {exc.start}); {why}") from None
    except json.JSONDecodeError as exc:
        raise OutputError(f"{path}:{exc.lineno}:{exc.colno}: not JSON ({exc.msg}); {why}") from None
    except RecursionError:
        raise OutputError(f"{path}: nested too deeply to be a dinokit manifest; {why}") from None
    except ValueError as exc:
        raise OutputError(f"{path}: {exc}; {why}") from None
    try:
        if not isinstance(body, dict) or not isinstance(body.get("files"), list):
            raise ValueError("expected an object whose 'files' is a list")
        return [_entry(entry, i, out_dir) for i, entry in enumerate(body["files"])]
    except ValueError as exc:
        raise OutputError(f"{path}: not a dinokit manifest: {exc}; {why}") from None
