"""Saved printers: the user's profile file (a duplex offset and a paper per printer).

The file is ``$XDG_CONFIG_HOME/dinokit/printers.yaml`` (``~/.config/dinokit/`` when the
variable is unset or empty)::

    printers:
      office:
        duplex_offset: [0.5, -1]   # X, Y in mm, as --duplex-offset takes them
        paper: a4                  # optional

It is read with the located YAML loader: a broken file is a list of diagnostics with
file, line and column, never an exception; a missing file holds no printers. An
unknown key (``papr: letter``) is a warning at its line and column; a name is an id of
at most :data:`NAME_MAX` characters.
"""

from __future__ import annotations

import contextlib
import math
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from . import schema as s
from .diagnostics import Diagnostics
from .located import Map, Scalar, Seq, YNode, load_file

PAPERS = ("a4", "letter")
NAME_MAX = 40  # characters in a printer's name
HEADER = "# dinokit printer profiles, written by 'dinokit printer set' (edit with care).\n"


@dataclass(frozen=True)
class Printer:
    """One saved printer: what ``--printer NAME`` applies."""

    name: str
    duplex_offset: tuple[float, float]
    paper: str | None = None


def name_problem(name: str) -> str | None:
    """What is wrong with ``name`` as a printer's name (None when nothing is)."""
    if len(name) > NAME_MAX:  # first: a long name is not shown whole
        return (
            f"printer name {name[:NAME_MAX]!r}... is {len(name)} characters long, expected "
            f"at most {NAME_MAX}"
        )
    if not s.ID_RE.match(name):  # the whole name: ID_RE is anchored with \A and \Z
        return (
            f"{name!r} is not a printer name, expected lowercase letters, digits and "
            "single '-' (e.g. office-laser)"
        )
    return None


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the profile file's lock (``printers.yaml.lock`` beside it, ``flock``) for a
    read-modify-write: two ``printer set`` at once then both keep their printer. The
    lock file is never removed (removing it would let a third writer lock another one)."""
    import fcntl

    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path.with_name(path.name + ".lock"), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def config_path(environ: Mapping[str, str] | None = None) -> Path:
    """Where the profiles live: under XDG_CONFIG_HOME, else ~/.config."""
    env = os.environ if environ is None else environ
    base = env.get("XDG_CONFIG_HOME") or str(Path(env.get("HOME") or Path.home()) / ".config")
    return Path(base) / "dinokit" / "printers.yaml"


def _offset(limit: float) -> s.Reader:
    expected = f"a list of two numbers [X, Y] in mm, each from {-limit:g} to {limit:g}"

    def read(node: YNode, what: str, diags: Diagnostics) -> object:
        if not isinstance(node, Seq) or len(node.items) != 2:
            shown = repr(node.value) if isinstance(node, Scalar) else f"a {node.kind}"
            if isinstance(node, Seq):
                shown = f"a list of {len(node.items)}"
            diags.error("E-TYPE", node.loc, f"{what}: got {shown}, expected {expected}")
            return s.INVALID
        values = []
        for axis, item in zip("XY", node.items, strict=True):
            value = s.number(-limit, limit)(item, f"{what} {axis}", diags)
            if value is s.INVALID:
                return s.INVALID
            values.append(value)
        return (values[0], values[1])

    return read


def _fields(limit: float) -> tuple[s.Field, ...]:
    return (
        s.Field("duplex_offset", _offset(limit)),
        s.Field("paper", s.choice(*PAPERS), required=False),
    )


def load_printers(path: Path, diags: Diagnostics, limit: float = 5.0) -> dict[str, Printer]:
    """The printers saved in ``path`` (none when it does not exist); every problem is
    added to ``diags`` at its line and column. ``limit``: the largest offset allowed."""
    if not path.exists() and not path.is_symlink():
        return {}
    root = load_file(path, diags)
    if root is None or (isinstance(root, Scalar) and root.value is None):
        return {}  # unreadable (reported) or empty
    top = s.read_record(root, "printer profiles", (s.Field("printers", s.any_node),), diags)
    if top is None:
        return {}
    node = top["printers"]
    if isinstance(node, Scalar) and node.value is None:
        return {}
    table = s.as_map(node, "printers", diags)
    printers: dict[str, Printer] = {}
    if not isinstance(table, Map):
        return printers
    for key, child in table.items():
        name = s.ident(Scalar(key, table.key_loc(key)), "printer name", diags)
        if name is not s.INVALID and len(name) > NAME_MAX:
            diags.error("E-NAME", table.key_loc(key), f"{name_problem(name)}")
            name = s.INVALID
        record = s.read_record(child, f"printer {key!r}", _fields(limit), diags)
        if name is s.INVALID or record is None:
            continue
        printers[name] = Printer(name, record["duplex_offset"], record["paper"])
    return printers


def dump_printers(printers: Mapping[str, Printer]) -> bytes:
    """The profile file for ``printers``, sorted by name (the same printers, the same bytes)."""
    lines = [HEADER, "printers:\n"] if printers else [HEADER, "printers: {}\n"]
    for name in sorted(printers):
        printer = printers[name]
        x, y = (_number(v) for v in printer.duplex_offset)
        lines.append(f"  {name}:\n    duplex_offset: [{x}, {y}]\n")
        if printer.paper:
            lines.append(f"    paper: {printer.paper}\n")
    return "".join(lines).encode()


def _number(value: float) -> str:
    if not math.isfinite(value):  # never written: offsets are checked before saving
        raise ValueError(f"not a number of mm: {value!r}")
    return f"{value:g}"
