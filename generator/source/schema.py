"""Reading located YAML nodes into checked Python values.

A record type is declared once as a tuple of :class:`Field`; :func:`read_record`
checks required fields, types and unknown keys, reports every problem with its
location, and returns the values it could read. Nothing here raises on bad data.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .diagnostics import Diagnostics, Location
from .located import Map, Scalar, Seq, YNode

ID_RE = re.compile(r"\A[a-z0-9]+(-[a-z0-9]+)*\Z")
KEY_RE = re.compile(r"\A[a-z][a-z0-9_]*\Z")
COLOUR_RE = re.compile(r"\A#[0-9a-fA-F]{6}\Z")

#: Marks a value that could not be read; its problem was reported already.
INVALID: Any = type("Invalid", (), {"__repr__": lambda self: "INVALID"})()

Reader = Callable[[YNode, str, Diagnostics], Any]


def _type_error(node: YNode, what: str, expected: str, diags: Diagnostics) -> Any:
    shown = f"{node.value!r}" if isinstance(node, Scalar) else f"a {node.kind}"
    diags.error("E-TYPE", node.loc, f"{what}: got {shown}, expected {expected}")
    return INVALID


def text(node: YNode, what: str, diags: Diagnostics) -> Any:
    """A non-empty string."""
    if not isinstance(node, Scalar) or not isinstance(node.value, str):
        return _type_error(node, what, "a text string", diags)
    if not node.value.strip():
        diags.error("E-EMPTY", node.loc, f"{what}: empty text, expected words")
        return INVALID
    return node.value


def ident(node: YNode, what: str, diags: Diagnostics) -> Any:
    """A safe id: lowercase letters, digits and single hyphens (it becomes a file name)."""
    if not isinstance(node, Scalar) or not isinstance(node.value, str):
        return _type_error(node, what, "an id (lowercase letters, digits, '-')", diags)
    if not ID_RE.match(node.value):
        diags.error(
            "E-ID",
            node.loc,
            f"{what}: {node.value!r} is not a safe id, expected lowercase letters, digits "
            "and single '-' (ids become file names)",
        )
        return INVALID
    return node.value


def ident_key(node: YNode, what: str, diags: Diagnostics) -> str | None:
    """A key naming a text: lowercase letters, digits and '_' (None when bad, reported)."""
    if (
        not isinstance(node, Scalar)
        or not isinstance(node.value, str)
        or not KEY_RE.match(node.value)
    ):
        shown = repr(node.value) if isinstance(node, Scalar) else f"a {node.kind}"
        diags.error("E-ID", node.loc, f"{what}: got {shown}, expected a text key like 'goal_title'")
        return None
    return node.value


def _ranged(noun: str, types: tuple[type, ...], low: float | None, high: float | None) -> Reader:
    """A value of ``types`` (never a boolean, never nan or inf) within [low, high]."""

    def shown(bound: float) -> str:
        return f"{bound:g}" if isinstance(bound, float) else str(bound)

    if low is not None and high is not None:
        expected = f"{noun} from {shown(low)} to {shown(high)}"
    elif low is not None:
        expected = f"{noun} of at least {shown(low)}"
    else:
        expected = noun

    def read(node: YNode, what: str, diags: Diagnostics) -> Any:
        value: Any = node.value if isinstance(node, Scalar) else None
        of_type = isinstance(value, types) and not isinstance(value, bool)
        if not of_type:
            return _type_error(node, what, expected, diags)
        if (
            # a whole number is always finite (math.isfinite of 10**400 overflows)
            (not isinstance(value, int) and not math.isfinite(value))
            or (low is not None and value < low)
            or (high is not None and value > high)
        ):
            text = (
                str(value)
                if not isinstance(value, int) or value.bit_length() < 128
                else (f"a {len(str(abs(value)))}-digit number")
            )
            diags.error("E-RANGE", node.loc, f"{what}: {text} is out of range, expected {expected}")
            return INVALID
        return value

    return read


def integer(low: int | None = None, high: int | None = None) -> Reader:
    """An integer, optionally within [low, high]."""
    return _ranged("a whole number", (int,), low, high)


def number(low: float | None = None, high: float | None = None) -> Reader:
    """A finite number (never .inf or .nan), optionally within [low, high], as a float."""
    read = _ranged("a number" if low is not None else "a finite number", (int, float), low, high)

    def as_float(node: YNode, what: str, diags: Diagnostics) -> Any:
        value = read(node, what, diags)
        return value if value is INVALID else float(value)

    return as_float


def colour(node: YNode, what: str, diags: Diagnostics) -> Any:
    if not isinstance(node, Scalar) or not isinstance(node.value, str):
        return _type_error(node, what, "a colour like '#a83c2b'", diags)
    if not COLOUR_RE.match(node.value):
        diags.error(
            "E-COLOUR", node.loc, f"{what}: {node.value!r} is not a colour, expected '#rrggbb'"
        )
        return INVALID
    return node.value.lower()


def choice(*options: str) -> Reader:
    def read(node: YNode, what: str, diags: Diagnostics) -> Any:
        if not isinstance(node, Scalar) or node.value not in options:
            shown = repr(node.value) if isinstance(node, Scalar) else f"a {node.kind}"
            diags.error(
                "E-CHOICE", node.loc, f"{what}: got {shown}, expected one of: {', '.join(options)}"
            )
            return INVALID
        return node.value

    return read


def seq_of(item: Reader, min_len: int = 0, max_len: int | None = None) -> Reader:
    """A list whose items are read by ``item``; unreadable items are dropped. A list
    longer than ``max_len`` is refused before any item is read (the checks after it
    would take long on 90,000 items and report nothing more useful)."""

    def read(node: YNode, what: str, diags: Diagnostics) -> Any:
        if not isinstance(node, Seq):
            return _type_error(node, what, "a list", diags)
        if max_len is not None and len(node.items) > max_len:
            diags.error(
                "E-LENGTH",
                node.loc,
                f"{what}: {len(node.items):,} items, expected at most {max_len:,}",
            )
            return INVALID
        if len(node.items) < min_len:
            diags.error(
                "E-LENGTH",
                node.loc,
                f"{what}: {len(node.items)} items, expected at least {min_len}",
            )
        values = [item(child, f"{what}[{i + 1}]", diags) for i, child in enumerate(node.items)]
        return [
            (value, child.loc)
            for value, child in zip(values, node.items, strict=True)
            if value is not INVALID
        ]

    return read


def any_node(node: YNode, what: str, diags: Diagnostics) -> Any:
    return node


@dataclass(frozen=True)
class Field:
    name: str
    read: Reader
    required: bool = True
    default: Any = None


@dataclass(frozen=True)
class Record:
    """The readable fields of one mapping, with the location of each."""

    values: dict[str, Any]
    locs: dict[str, Location]  # where each value starts
    loc: Location
    key_locs: dict[str, Location] = field(default_factory=dict)  # where each key stands

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def where(self, name: str) -> Location:
        return self.locs.get(name, self.loc)

    def key_where(self, name: str) -> Location:
        return self.key_locs.get(name, self.loc)


def as_map(node: YNode, what: str, diags: Diagnostics) -> Map | None:
    if not isinstance(node, Map):
        _type_error(node, what, "a mapping of 'key: value' lines", diags)
        return None
    return node


def read_record(
    node: YNode, what: str, fields: tuple[Field, ...], diags: Diagnostics
) -> Record | None:
    """Read a mapping by its declared fields. None when a required field is unusable."""
    mapping = as_map(node, what, diags)
    if mapping is None:
        return None
    known = {f.name for f in fields}
    for key in mapping.entries:
        if key not in known:
            diags.warning(
                "W-UNKNOWN-KEY",
                mapping.key_loc(key),
                f"{what}: unknown key {key!r} is ignored (known keys: {', '.join(sorted(known))})",
            )
    values: dict[str, Any] = {}
    locs: dict[str, Location] = {}
    complete = True
    for f in fields:
        child = mapping.get(f.name)
        if child is None:
            if f.required:
                diags.error("E-REQUIRED", mapping.loc, f"{what}: missing required key '{f.name}'")
                complete = False
            else:
                values[f.name] = f.default
            continue
        locs[f.name] = child.loc
        value = f.read(child, f"{what}: {f.name}", diags)
        if value is INVALID:
            if f.required:
                complete = False
            else:
                values[f.name] = f.default
        else:
            values[f.name] = value
    key_locs = {f.name: mapping.key_loc(f.name) for f in fields if f.name in mapping}
    return Record(values, locs, mapping.loc, key_locs) if complete else None
